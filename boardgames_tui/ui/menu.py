"""The Escape menu: resume, save, rules, quit to the launcher, quit, who sits where."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from boardgames_tui import i18n
from boardgames_tui.i18n import N_, _

from .translated import translated

MENU_ITEMS = (
    ("resume", N_("Resume")),
    ("save", N_("Save the game")),
    ("rules", N_("Rules")),
    ("launcher", N_("Quit to the launcher (the game is kept for Continue)")),
    ("quit", N_("Quit the program (the game is kept for Continue)")),
    ("seats", N_("Seats: a player leaves or joins (person or computer)")),
)


def menu_bindings(items: tuple[tuple[str, str], ...]) -> list[BindingType]:
    """A menu's keys: Escape or ``m`` resumes, the digits 1, 2, ... choose ``items`` in order."""
    return [
        Binding("escape,m", "choose('resume')", N_("Resume"), key_display="esc"),
        *[Binding(str(i + 1), f"choose('{key}')", show=False) for i, (key, _) in enumerate(items)],
    ]


@translated
class MenuScreen(Screen[str]):
    """Dismisses with one of the ids of :attr:`ITEMS` (MENU_ITEMS here).

    A menu with other items is a subclass with its own ``ITEMS`` and
    ``BINDINGS = menu_bindings(ITEMS)``, declared with ``inherit_bindings=False``
    (so no digit keeps an item of this menu).
    """

    #: (id, label) of each item, in order.
    ITEMS: ClassVar[tuple[tuple[str, str], ...]] = MENU_ITEMS

    DEFAULT_CSS = """
    MenuScreen { align: center middle; }
    MenuScreen #menu-box { width: 60; height: auto; border: round $accent; background: $panel; padding: 0 1; }
    MenuScreen OptionList { height: auto; border: none; }
    """

    BINDINGS: ClassVar[list[BindingType]] = menu_bindings(MENU_ITEMS)

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            yield Static(Text(_("Menu"), style="bold"))
            yield OptionList(
                *[Option(f"{i + 1} {_(label)}", id=key) for i, (key, label) in enumerate(self.ITEMS)],
                id="menu-list",
            )

    def on_mount(self) -> None:
        self.query_one("#menu-list").focus()

    def on_screen_resume(self) -> None:
        """Opened again (the screen is kept): from the first item, as when it was new."""
        menu = self.query_one("#menu-list", OptionList)
        menu.highlighted = 0
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id or "resume")

    def action_choose(self, key: str) -> None:
        self.dismiss(key)


def open_menu(app: App, callback: Callable[[str | None], Any], menu: type[MenuScreen] = MenuScreen) -> None:
    """Open the menu (``menu``: MenuScreen or a subclass) over the current screen; ``callback`` gets
    the chosen item's id.

    The menu is built once per language and kept installed in ``app``, so
    Escape only switches screens (a menu is opened often, and while a
    computer player thinks it should answer at once).
    """
    name = f"menu:{menu.__name__}:{i18n.language()}"
    if not app.is_screen_installed(name):
        app.install_screen(menu(), name)
    elif app.get_screen(name) in app.screen_stack:
        return  # already open
    app.push_screen(name, callback)
