"""The public reaction window (DESIGN.md, "Reactions").

The card just played is shown to everyone. A player who wants to react
presses their own seat's letter, as they would call out at the table; Enter
passes for everyone who has not reacted.
"""

from __future__ import annotations

from typing import Callable, Sequence

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from rich.text import Text

from boardgames_tui.engine import seat_letter
from boardgames_tui.i18n import N_, _

from .keygate import GatedScreen, KeyGate
from .translated import translated


@translated
class ReactionScreen(GatedScreen, ModalScreen[int | None]):
    """Dismisses with the seat that wants to react, or None when all pass.

    Docked at the bottom so the public table above stays in sight. Keys go
    through the key gate (:mod:`.keygate`): the Enter that played the card
    cannot also close the window. F1 shows ``rules`` (title, Markdown) over
    the window, and Ctrl+S calls ``save``: the screen that opened the
    window hands both in, so this one never reaches into the screens below.
    """

    DEFAULT_CSS = """
    ReactionScreen { align: center bottom; background: $background 0%; }
    ReactionScreen #reaction-box { width: 100%; height: auto; border: heavy $warning; background: $panel; padding: 0 1; }
    ReactionScreen #reaction-card { text-style: bold; }
    """

    BINDINGS = [
        Binding("enter", "all_pass", N_("Nobody reacts")),
        Binding("f1,question_mark", "rules", N_("Rules"), key_display="f1"),
        Binding("escape,m", "menu", N_("Menu"), key_display="esc"),
        Binding("ctrl+s,w", "save", N_("Save"), key_display="^s"),
    ]

    #: Dismiss value asking the game screen for its menu.
    MENU = -1

    def __init__(
        self,
        card_text: str,
        seats: Sequence[int],
        names: Sequence[str],
        rules: tuple[str, str] | None = None,
        save: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.card_text = card_text
        self.seats = tuple(seats)
        self.names = tuple(names)
        self.rules = rules
        self.save = save

    def compose(self) -> ComposeResult:
        with Vertical(id="reaction-box"):
            yield Static(Text.assemble((_("Reaction window"), "bold"), " ", _("(everyone may look)")))
            yield Static(id="reaction-card", markup=False)
            yield Static(id="reaction-who", markup=False)

    def on_mount(self) -> None:
        self._fill()

    def show_for(self, card_text: str, seats: Sequence[int]) -> None:
        """The same window, kept by the game screen, for another card and the seats that may react."""
        self.card_text, self.seats = card_text, tuple(seats)
        if self.is_mounted:
            self._fill()

    def _fill(self) -> None:
        who = ", ".join(f"{seat_letter(s)} {self.names[s]}" for s in self.seats)
        self.query_one("#reaction-card", Static).update(self.card_text)
        self.query_one("#reaction-who", Static).update(
            _("May react: {who}.\nTo react, press your own letter ({letters}).\nPress Enter if nobody reacts.").format(
                who=who, letters=" ".join(seat_letter(s) for s in self.seats)
            )
        )

    def on_key(self, event: events.Key) -> None:
        key = (event.character or "").upper()
        if len(key) == 1 and key.isalpha() and key not in ("M", "W"):
            event.stop()
            gate = KeyGate.of(self.app)
            if not gate.admits(event):
                return
            for seat in self.seats:
                if seat_letter(seat) == key:
                    gate.arm(self)
                    self.dismiss(seat)
                    return
            if ord(key) - ord("A") >= len(self.names):
                self.notify(_("There is no seat {letter} at this table.").format(letter=key), severity="warning", timeout=3)
            else:
                self.notify(_("{letter} cannot react now.").format(letter=key), severity="warning", timeout=3)

    def action_all_pass(self) -> None:
        KeyGate.of(self.app).arm(self)
        self.dismiss(None)

    def action_rules(self) -> None:
        """The game's rules over the window (they hold nothing private)."""
        if self.rules is not None:
            from .rules_viewer import show_rules

            show_rules(self.app, *self.rules)

    def action_save(self) -> None:
        if self.save is not None:
            self.save()

    def action_menu(self) -> None:
        KeyGate.of(self.app).arm(self)
        self.dismiss(self.MENU)
