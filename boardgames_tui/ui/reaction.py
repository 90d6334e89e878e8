"""The public reaction window (DESIGN.md, "Reactions").

The card just played is shown to everyone. A player who wants to react
presses their own seat's letter, as they would call out at the table; Enter
passes for everyone who has not reacted.
"""

from __future__ import annotations

from typing import Sequence

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
    cannot also close the window.
    """

    DEFAULT_CSS = """
    ReactionScreen { align: center bottom; background: $background 0%; }
    ReactionScreen #reaction-box { width: 100%; height: auto; border: heavy $warning; background: $panel; padding: 0 1; }
    ReactionScreen #reaction-card { text-style: bold; }
    """

    BINDINGS = [
        Binding("enter", "all_pass", N_("Nobody reacts")),
        Binding("f1", "rules", N_("Rules")),
        Binding("question_mark", "rules", N_("Rules"), show=False),
        Binding("escape", "menu", N_("Menu")),
        Binding("m", "menu", N_("Menu"), show=False),
        Binding("ctrl+s", "save", N_("Save")),
        Binding("w", "save", N_("Save"), show=False),
    ]

    #: Dismiss value asking the game screen for its menu.
    MENU = -1

    def __init__(self, card_text: str, seats: Sequence[int], names: Sequence[str]) -> None:
        super().__init__()
        self.card_text = card_text
        self.seats = tuple(seats)
        self.names = tuple(names)

    def compose(self) -> ComposeResult:
        who = ", ".join(f"{seat_letter(s)} {self.names[s]}" for s in self.seats)
        with Vertical(id="reaction-box"):
            yield Static(Text.assemble((_("Reaction window"), "bold"), " ", _("(everyone may look)")))
            yield Static(self.card_text, id="reaction-card", markup=False)
            yield Static(
                _(
                    "May react: {who}.\nTo react, press your own letter ({letters}).\nPress Enter if nobody reacts."
                ).format(who=who, letters=" ".join(seat_letter(s) for s in self.seats)),
                markup=False,
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
        host = self.app.screen_stack[-2]
        if hasattr(host, "action_rules"):
            host.action_rules()

    def action_save(self) -> None:
        host = self.app.screen_stack[-2]
        if hasattr(host, "action_save"):
            host.action_save()

    def action_menu(self) -> None:
        KeyGate.of(self.app).arm(self)
        self.dismiss(self.MENU)
