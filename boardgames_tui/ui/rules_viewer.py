"""The rules viewer (F1 or ?): a game's rules.md, Table notes included."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any, ClassVar

from rich.console import Console
from rich.markdown import Markdown
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip

from boardgames_tui.i18n import N_

from .board import page_scroll
from .footer import StableFooter
from .translated import translated

#: Rules already drawn, by (text, width): a second F1 shows them without drawing them again.
_RENDERED: dict[tuple[str, int], list[Strip]] = {}
#: How many drawings are kept (a few games and widths; the oldest goes first).
_RENDERED_KEPT = 8


def _render(markdown: str, width: int, console: Console) -> list[Strip]:
    """``markdown`` drawn ``width`` columns wide, one Strip per row, and kept in ``_RENDERED``."""
    options = console.options.update_width(width)
    lines = [Strip(line, width) for line in console.render_lines(Markdown(markdown), options, pad=True)]
    if len(_RENDERED) >= _RENDERED_KEPT:
        _RENDERED.pop(next(iter(_RENDERED)), None)
    _RENDERED[(markdown, width)] = lines
    return lines


def prepare_rules(app: App, text: str) -> None:
    """Draw the rules ``text`` for the app's width in a thread, ahead of the first F1.

    Drawing long rules takes tens of milliseconds; done while the players
    look at the board, the first F1 finds them ready. A private Rich
    console is used (the app's own is not shared across threads); its
    default theme is the one the rules viewer draws Markdown with.
    """
    width = app.size.width - RulesText.MARGIN
    if width <= 0 or (text, width) in _RENDERED:
        return

    def draw() -> None:
        console = Console(
            width=width, force_terminal=True, markup=False, highlight=False, emoji=False, legacy_windows=False
        )
        _render(text, width, console)

    app.run_worker(draw, thread=True, group="rules", exit_on_error=False)


class RulesText(ScrollView, can_focus=True):
    """Markdown drawn once per width by Rich, then scrolled line by line.

    Textual's ``Markdown`` widget builds a widget per paragraph, list item
    and table cell: opening the longer rules took 0.5-1.5 s of CPU
    (``benchmarks/ui_speed.py``). Here Rich's Markdown renders the whole
    text to lines once for the current width (a few tens of
    milliseconds), and scrolling only picks lines out of that list.
    """

    DEFAULT_CSS = """
    RulesText { height: 1fr; padding: 0 1; scrollbar-gutter: stable; }
    """

    #: Columns the text loses to the padding (1 + 1) and the scrollbar's gutter (2).
    MARGIN = 4

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "scroll_up", show=False),
        Binding("down", "scroll_down", show=False),
        Binding("home", "scroll_home", show=False),
        Binding("end", "scroll_end", show=False),
        Binding("space", "page_down", show=False),
    ]

    def __init__(self, markdown: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.markdown = markdown
        self._lines: list[Strip] = []
        self._width = -1

    def _layout_lines(self, width: int) -> None:
        """Render the Markdown for ``width`` columns (once per width and text, kept for the next F1)."""
        if width == self._width or width <= 0:
            return
        self._width = width
        lines = _RENDERED.get((self.markdown, width))
        if lines is None:
            lines = _render(self.markdown, width, self.app.console)
        self._lines = lines
        self.virtual_size = Size(width, len(self._lines))

    def on_resize(self) -> None:
        self._layout_lines(self.scrollable_content_region.width)

    def render_line(self, y: int) -> Strip:
        self._layout_lines(self.scrollable_content_region.width)
        # Rich leaves plain text and padding without a style; the widget's own colour and text
        # style go under every segment, as filters such as NO_COLOR's need a style on each.
        base = self.visual_style.rich_style
        index = y + self.scroll_offset.y
        if 0 <= index < len(self._lines):
            return (
                self._lines[index]
                .crop(self.scroll_offset.x, self.scroll_offset.x + self.size.width)
                .apply_style(base)
            )
        return Strip.blank(self.size.width, base)


@translated
class RulesScreen(Screen[None]):
    """Scrollable Markdown rules (:class:`RulesText`); Escape, q or F1 closes it."""

    DEFAULT_CSS = """
    RulesScreen { background: $background; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,f1,question_mark", "close", N_("Close"), key_display="esc"),
        Binding("pagedown", "page(1)", N_("Page down"), show=False),
        Binding("pageup", "page(-1)", N_("Page up"), show=False),
    ]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.rules_title = title
        self.text = text

    def compose(self) -> ComposeResult:
        yield RulesText(self.text, id="rules-scroll")
        yield StableFooter()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def on_screen_resume(self) -> None:
        self.query_one("#rules-scroll", RulesText).scroll_home(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_page(self, direction: int) -> None:
        page_scroll(self.query_one("#rules-scroll", RulesText), direction)


#: How many rules screens an app keeps built (a game's rules in a language each).
_SCREENS_KEPT = 4
#: The names of the rules screens each app keeps, oldest first.
_KEPT: weakref.WeakKeyDictionary[App, list[str]] = weakref.WeakKeyDictionary()


def show_rules(app: App, title: str, text: str, callback: Callable[[None], Any] | None = None) -> None:
    """Open the rules ``text`` of ``title`` over the current screen (``callback`` runs when closed).

    The screen is built the first time and kept installed in ``app`` under
    a name made of the title and text, so every later F1 for the same
    rules only switches screens (no new widgets, no Markdown drawn again)
    and opens at the top. Nothing private is in the rules, so one kept
    screen serves every seat. At most ``_SCREENS_KEPT`` are kept; the
    oldest one not on show goes first.
    """
    name = f"rules:{title}:{hash(text)}"
    if app.is_screen_installed(name):
        screen = app.get_screen(name)
        if screen in app.screen_stack:
            return  # already open
    else:
        kept = _KEPT.setdefault(app, [])
        for old in list(kept[: max(0, len(kept) - _SCREENS_KEPT + 1)]):
            if app.get_screen(old) not in app.screen_stack:
                app.uninstall_screen(old)
                kept.remove(old)
        app.install_screen(RulesScreen(title, text), name)
        kept.append(name)
    app.push_screen(name, callback)
