"""The public reaction window (DESIGN.md, "Reactions").

The card just played is shown to everyone. A player who wants to react
presses their own seat's letter, as they would call out at the table; Enter
passes for everyone who has not reacted.

The window is a pane of the game screen, over the bottom of the table, on
a layer of its own: the public table above stays in sight, and showing or
hiding it moves no other part (it used to be a screen of its own, and a
screen over the game drew the whole game again beneath it, dimmed, at
every change). The game screen owns its keys (:meth:`GameScreen.on_key`,
its "Nobody reacts" binding).
"""

from __future__ import annotations

from typing import Sequence

from rich.console import Group
from rich.text import Text

from boardgames_tui.engine import seat_letter
from boardgames_tui.i18n import _

from .lines import Lines

#: Letters that keep their own meaning while the window is open (m: menu, w: save).
RESERVED = frozenset("MW")


class ReactionPane(Lines):
    """The open reaction window: the card, the seats that may react and how (``show_for``).

    Hidden (``display`` False) while no window is open. ``seats`` are the
    seats that may react now, ``names`` every seat's name.
    """

    DEFAULT_CSS = """
    ReactionPane {
        layer: reaction; dock: bottom; display: none;
        width: 100%; height: auto; border: heavy $warning; background: $panel; padding: 0 1;
    }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, **kwargs)
        self.card_text = ""
        self.seats: tuple[int, ...] = ()
        self.names: tuple[str, ...] = ()

    def show_for(self, card_text: str, seats: Sequence[int], names: Sequence[str]) -> None:
        """Fill the window for ``card_text`` (plain, shown as typed) and the seats that may react."""
        self.card_text, self.seats, self.names = card_text, tuple(seats), tuple(names)
        who = ", ".join(f"{seat_letter(s)} {self.names[s]}" for s in self.seats)
        self.set(
            Group(
                Text.assemble((_("Reaction window"), "bold"), " ", _("(everyone may look)")),
                Text(card_text, style="bold"),
                Text(
                    _("May react: {who}.\nTo react, press your own letter ({letters}).\nPress Enter if nobody reacts.").format(
                        who=who, letters=" ".join(seat_letter(s) for s in self.seats)
                    )
                ),
            )
        )

    def seat_for(self, letter: str) -> int | None:
        """The seat that may react whose letter is ``letter`` (upper case), else None."""
        return next((s for s in self.seats if seat_letter(s) == letter), None)

    def refusal(self, letter: str) -> str:
        """Why ``letter`` (upper case, not a reacting seat's) does nothing now."""
        if ord(letter) - ord("A") >= len(self.names):
            return _("There is no seat {letter} at this table.").format(letter=letter)
        return _("{letter} cannot react now.").format(letter=letter)
