"""The public reaction window (docs/architecture.md, "Reactions").

The card just played is shown to everyone. A player who wants to react
presses their own seat's letter, as they would call out at the table; Enter
passes for everyone who has not reacted.

The window is a pane of the game screen, over the bottom of the table, on
a layer of its own: the public table above stays in sight, and showing or
hiding it moves no other part (it used to be a screen of its own, and a
screen over the game drew the whole game again beneath it, dimmed, at
every change). The game screen owns its keys (:meth:`GameScreen.on_key`,
its "Nobody reacts" binding).

The pane never leaves the layout: closed, it is there with no height
(nothing of it is drawn), and opening or closing it gives it its height
or takes it away. Textual lays the screen out for that (a widget's size
is only ever set by a layout), but every other widget keeps its place
and its order of painting, so only the window's own rows are drawn. A
pane that came and went (``display``) moved every other widget of the
table one step in Textual's order of painting, and the whole table was
drawn again, twice at the first window (its new size was laid out a
second time).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group
from rich.text import Text
from textual.geometry import Size
from textual.reactive import Reactive

from boardgames_tui.engine import seat_letter
from boardgames_tui.i18n import _

from .lines import Lines

#: Letters that keep their own meaning while the window is open (m: menu, w: save).
RESERVED = frozenset("MW")


class ReactionPane(Lines):
    """The reaction window: the card, the seats that may react and how (:meth:`open`).

    No rows high while no window is open (``is_open`` False), as high as
    its rows while one is. ``seats`` are the seats that may react now,
    ``names`` every seat's name.
    """

    DEFAULT_CSS = """
    ReactionPane {
        layer: reaction; dock: bottom; height: 0;
        width: 100%; border: heavy $warning; border-top: none; border-bottom: none;
        background: $panel; padding: 0 1;
    }
    """

    #: The pane does not scroll: its rows' extent asks for no layout (the new height does, once).
    virtual_size = Reactive(Size(0, 0), layout=False)

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, **kwargs)
        self.card_text = ""
        self.seats: tuple[int, ...] = ()
        self.names: tuple[str, ...] = ()
        self._open = False

    @property
    def is_open(self) -> bool:
        """Whether a window is open (the pane has its height)."""
        return self._open

    def open(self, card_text: str, seats: Sequence[int], names: Sequence[str], keeper: str = "") -> None:
        """Open the window for ``card_text`` and the seats that may react (see :meth:`show_for`)."""
        self.show_for(card_text, seats, names, keeper)
        self._open = True
        # Inline styles, not a class: a new class has Textual match the pane against the
        # stylesheet again (some 1,200 calls a window more, measured). Closed, the pane has no
        # top and bottom border (Textual gives a widget at least the height of its borders); its
        # sides keep theirs, so its rows are wrapped for the same width open and closed.
        styles = self.styles
        styles.border_top = styles.border_bottom = styles.border_left
        styles.height = "auto"

    def close(self) -> None:
        """Close the window: the pane keeps its place in the layout, with no height."""
        self._open = False
        styles = self.styles
        styles.border_top = styles.border_bottom = ("none", styles.border_left[1])
        styles.height = 0

    def show_for(self, card_text: str, seats: Sequence[int], names: Sequence[str], keeper: str = "") -> None:
        """Fill the window for ``card_text`` (plain, shown as typed) and the seats that may react.

        ``keeper`` names the player whose screen the window covers ("A Ana"; "" for none): when
        nobody reacts, that player goes on at once, without a curtain, and the window says so.
        """
        self.card_text, self.seats, self.names = card_text, tuple(seats), tuple(names)
        who = ", ".join(f"{seat_letter(s)} {self.names[s]}" for s in self.seats)
        rows = [
            Text.assemble((_("Reaction window"), "bold"), " ", _("(everyone may look)")),
            Text(card_text, style="bold"),
            Text(
                _(
                    "May react: {who}.\nTo react, press your own letter ({letters}).\nPress Enter if nobody reacts."
                ).format(who=who, letters=" ".join(seat_letter(s) for s in self.seats))
            ),
        ]
        if keeper:
            rows.append(Text(_("Then {who} goes on: everyone else, look away.").format(who=keeper)))
        self.set(Group(*rows))

    def seat_for(self, letter: str) -> int | None:
        """The seat that may react whose letter is ``letter`` (upper case), else None."""
        return next((s for s in self.seats if seat_letter(s) == letter), None)

    def refusal(self, letter: str) -> str:
        """Why ``letter`` (upper case, not a reacting seat's) does nothing now."""
        if ord(letter) - ord("A") >= len(self.names):
            return _("There is no seat {letter} at this table.").format(letter=letter)
        return _("{letter} cannot react now.").format(letter=letter)
