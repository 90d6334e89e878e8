"""PenguinBoard: the Penguinramids table as one scrollable board.

One drawing of the table (``render.table_canvas``): round, deck, tokens and
turn order on top; the pyramid of the seat on screen as tiles with the goal
cards under it; every other player's small pyramid beside it; the offer and
the seat's action cards as cards at the bottom. Under it, a note explains
the highlighted choice (legal slots, why a slot is not possible). Drawn only
from the BoardContext, updated in place.

The table and its note are the rows of one :class:`ScrollLines` widget
(``#pr-scroll``): the table is shorter when nobody's hand is shown (the
curtain, the final table) and the note is one to three rows, which only
changes what scrolls inside it, never the screen's layout. Only the rows
that changed are repainted.
"""

from __future__ import annotations

from typing import Any

import attrs
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.strip import Strip

from boardgames_tui import i18n
from boardgames_tui.engine import Pass
from boardgames_tui.i18n import _
from boardgames_tui.ui.board import BoardContext, GameBoard
from boardgames_tui.ui.canvas import Row
from boardgames_tui.ui.scroll_lines import ScrollLines

from .. import data
from ..preview import TakePreview, TokenPreview, preview
from ..rules import (
    ChooseCard,
    Discard,
    EndTurn,
    Flip,
    PenguinramidsState,
    Phase,
    Place,
    PlaceToken,
    Recover,
    Swap,
    Take,
    TakeChief,
    TakeToken,
    support_of,
)
from . import render
from .render import penguin_label

#: The note under the table is written in italics.
NOTE_STYLE = Style(italic=True)


class PenguinBoard(GameBoard[PenguinramidsState]):
    """The Penguinramids board (see module docstring)."""

    DEFAULT_CSS = """
    PenguinBoard { height: 1fr; width: 1fr; }
    PenguinBoard #pr-scroll { scrollbar-size-vertical: 0; overflow-y: scroll; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ctx: BoardContext[PenguinramidsState] | None = None
        self.previewed: Any | None = None
        #: (width, large tiles) the last drawing was made for.
        self._drawn_for: tuple[int, bool] | None = None
        #: What the rows on screen were drawn from (:meth:`_draw` skips drawing the same again).
        self._drawn_key: tuple | None = None
        self._drawn_view: Any = None
        #: The table's rows on screen and their strips (:meth:`Canvas.strips`).
        self._table_strips: dict[Row, Strip] = {}
        self._table_rows: list[Row] = []
        #: The note on screen, the key it was cut into rows for, and those rows.
        self._note_shown: Text = Text("")
        self._note_key: tuple | None = None
        self._note_strips: list[Strip] = []
        #: The most rows the note has had at this width (``_note_width``): a shorter note keeps its place.
        self._note_kept = 0
        self._note_width = -1
        #: Notes wrapped so far, by (text, spans, width) (:meth:`_note_rows`).
        self._wrapped_notes: dict[tuple, list[Strip]] = {}

    def compose(self) -> ComposeResult:
        # One widget for the table and the note: its rows scroll inside it, and a new number
        # of rows lays nothing out (ui/scroll_lines.py).
        yield ScrollLines(id="pr-scroll")

    def table_text(self) -> str:
        """The table on screen as plain text (for tests and screen readers)."""
        return "\n".join("".join(chars for chars, _style in row) for row in self._table_rows)

    def note_text(self) -> str:
        """The note under the table as plain text."""
        return self._note_shown.plain

    # ---- contract ----

    def show(self, ctx: BoardContext[PenguinramidsState]) -> None:
        self.ctx = ctx
        self.previewed = None
        self._draw()

    def preview(self, action: Any | None) -> None:
        self.previewed = action
        if self.ctx is not None:
            self._draw()

    def action_label(self, action: Any) -> str:
        if self.ctx is None:
            return str(action)
        return render.action_label(self.ctx.view, self.ctx.seat, action)

    def on_resize(self) -> None:
        """Tiles grow on a large terminal: redraw when the width or the tile size changes
        (a new height alone changes nothing drawn)."""
        if self.ctx is not None and self._drawn_for != (self.size.width, self.large()):
            self._draw()

    scrolls = True
    scroll_id = "pr-scroll"

    def redraw(self) -> None:
        if self.ctx is not None:
            self._draw()

    def action_key(self, action: Any) -> str | None:
        """The key that picks ``action`` in the chooser: the card number for the secret
        choice of an action card (5 plays card 5 even when card 3 is spent), else None
        (the chooser numbers the list)."""
        if isinstance(action, ChooseCard):
            return str(action.number)
        return None

    # ---- drawing ----

    @property
    def focus_seat(self) -> int:
        """Whose pyramid is drawn in full: the seat on screen, else the seat to move, else A."""
        assert self.ctx is not None
        if self.ctx.seat is not None:
            return self.ctx.seat
        cur = self.ctx.view.current
        return cur if cur is not None else 0

    def large(self) -> bool:
        """Large tiles once the board has the room (a 120x40 terminal)."""
        return self.size.width >= 70 and self.app.size.height >= 34

    def _draw(self) -> None:
        ctx = self.ctx
        assert ctx is not None
        if self.wait_to_draw():
            return
        self._drawn_for = (self.size.width, self.large())
        view, names, me = ctx.view, ctx.names, ctx.seat
        action = self.previewed
        focus = self.focus_seat
        highlight: dict[int, str] = {}
        marks: dict[int, str] = {}
        offer_hi = action.penguin if isinstance(action, (Take, Swap)) else None
        note = self._note(action, highlight, marks)
        mine = me == focus
        drawn = view
        if mine and isinstance(action, PlaceToken):  # the arm as it would be with the token on
            after = preview(view, focus, action)
            assert isinstance(after, TokenPreview)
            drawn = attrs.evolve(view, tokens=(*view.tokens[:focus], after.tokens, *view.tokens[focus + 1 :]))
        colour = not getattr(self.app, "no_color", False)
        width = self.size.width or 50
        large = self.large()
        if not mine:
            highlight = marks = None  # type: ignore[assignment]  # another seat's turn: nothing marked
        key = (
            names,
            focus,
            me,
            width,
            large,
            highlight,
            marks,
            offer_hi,
            colour,
            note.plain,
            note.spans,
            i18n.language(),
        )
        if key == self._drawn_key and drawn is self._drawn_view:
            return  # the same picture as on screen
        self._drawn_key, self._drawn_view = key, drawn
        canvas = render.table_canvas(
            drawn,
            names,
            focus,
            me,
            width,
            large=large,
            highlight=highlight,
            marks=marks,
            offer_hi=offer_hi,
            colour=colour,
        )
        self._table_rows = canvas.rows()
        table = canvas.strips(self.app.console, self._table_strips, self._table_rows)
        self.query_one("#pr-scroll", ScrollLines).set_strips(table + self._note_rows(note, width))

    def _note_rows(self, note: Text, width: int) -> list[Strip]:
        """The note wrapped to ``width`` in italics, as the rows under the table.

        Padded to as many rows as it has had at this width (blank italic
        rows), so the rows under it never move up. Notes come back (the
        same card, the same slot highlighted again): each is wrapped once.
        """
        wrap_key = (note.plain, tuple(note.spans), width)
        rows = self._wrapped_notes.get(wrap_key)
        if rows is None:
            if len(self._wrapped_notes) >= 256:
                self._wrapped_notes.clear()
            console = self.app.console
            options = console.options.update(width=width, height=None, no_wrap=False, overflow="crop")
            rows = self._wrapped_notes[wrap_key] = [
                Strip(row) for row in console.render_lines(note, options, pad=False)
            ]
        if width != self._note_width:
            self._note_width, self._note_kept = width, 0
        self._note_kept = max(self._note_kept, len(rows))
        key = (wrap_key, self._note_kept)
        if key != self._note_key:
            self._note_key = key
            padded = rows + [Strip.blank(0)] * (self._note_kept - len(rows))
            self._note_strips = [row.crop_extend(0, width, None).apply_style(NOTE_STYLE) for row in padded]
        self._note_shown = note
        return self._note_strips

    def _note(self, action: Any, highlight: dict[int, str], marks: dict[int, str]) -> Text:
        """The explanation line(s) for the highlighted ``action`` (or the step's default)."""
        ctx = self.ctx
        assert ctx is not None
        view, me = ctx.view, ctx.seat
        if view.is_terminal:
            return Text(_("The game is over."))
        if me is None or me not in view.to_move:
            if view.phase == Phase.CHOOSE:
                return Text(_("Everyone chooses an action card in secret."))
            return Text(_("{name} is playing.").format(name=ctx.who(view.current)))  # type: ignore[arg-type]  # someone plays: current is set
        if isinstance(action, ChooseCard):
            return Text(
                _("Card {number}: {text}.").format(
                    number=action.number, text=i18n.translate_text(data.ACTION_TEXT[action.number])
                )
            )
        if isinstance(action, Take):
            pid = action.penguin
            what = _("Take {colour} {penguin} (grey {grey})").format(
                colour=_(data.COLOURS[data.PENGUINS[pid].colour]),
                penguin=penguin_label(pid),
                grey=penguin_label(pid, True),
            )
            facts = preview(view, me, action)
            assert isinstance(facts, TakePreview)
            return self._slots_note(pid, marks, what, facts)
        if isinstance(action, Place) and view.taken >= 0:
            pid = view.taken
            highlight[action.slot] = penguin_label(pid)
            have = support_of(view.pyramids[me], view.greys[me], view.tokens[me], action.slot)
            text = _("{penguin} on {slot}").format(
                penguin=penguin_label(pid), slot=render.short_slot(action.slot)
            )
            if have is not None:
                text += _(": arms hold {have}, weight {weight}").format(
                    have=have, weight=data.PENGUINS[pid].weight
                )
            return Text(text)
        if isinstance(action, Flip):
            pid = view.pyramids[me][action.slot]
            highlight[action.slot] = penguin_label(pid, True)
            return Text(
                _("Flip {slot}: {penguin} becomes {grey}, the pyramid still stands.").format(
                    slot=render.short_slot(action.slot),
                    penguin=penguin_label(pid),
                    grey=penguin_label(pid, True),
                )
            )
        if isinstance(action, Swap):
            return Text(
                _("{penguin} goes to the deck bottom; the deck top takes its place.").format(
                    penguin=penguin_label(action.penguin)
                )
            )
        if isinstance(action, PlaceToken):
            highlight[action.slot] = penguin_label(
                view.pyramids[me][action.slot], view.greys[me][action.slot]
            )[:2]
            return Text(
                (
                    _("A token adds 1 to the left arm at {slot}, for good.")
                    if action.arm == "left"
                    else _("A token adds 1 to the right arm at {slot}, for good.")
                ).format(slot=render.short_slot(action.slot))
            )
        if isinstance(action, TakeChief):
            if view.round >= data.ROUNDS:
                return Text(_("Take the Chief Penguin: in this last round it only decides a tie at the end."))
            return Text(_("Take the Chief Penguin: first in ties from next round, and wins a final tie."))
        if isinstance(action, Recover):
            return Text(
                _("Take back {cards} into your hand.").format(cards=" ".join(map(str, view.spent[me])))
            )
        if isinstance(action, TakeToken):
            return Text(_("Take one of the {count} strength tokens left.").format(count=view.supply))
        if isinstance(action, Discard):
            return Text(_("The penguin fits nowhere: it is discarded."))
        if isinstance(action, Pass):
            return Text(_("End your turn without using your card."))
        if isinstance(action, EndTurn):
            held = view.held_tokens[me]
            return Text(
                i18n.ngettext(
                    "End your turn and keep {count} strength token for later.",
                    "End your turn and keep {count} strength tokens for later.",
                    held,
                ).format(count=held)
            )
        if view.taken >= 0:
            return self._slots_note(
                view.taken, marks, _("Place {penguin}").format(penguin=penguin_label(view.taken))
            )
        return Text("")

    def _slots_note(
        self, pid: int, marks: dict[int, str], what: str, facts: TakePreview | None = None
    ) -> Text:
        """Where ``pid`` fits (the rules' :class:`.preview.TakePreview` of taking it, when
        previewing a Take), marking those slots 'ok'."""
        ctx = self.ctx
        assert ctx is not None
        view, me = ctx.view, ctx.seat
        assert me is not None
        legal = facts.slots if facts is not None else view.legal_slots(me, pid)
        for s in legal:
            marks[s] = "ok"
        text = Text(_("{what}: ").format(what=what))
        if facts is not None and facts.discarded:
            text.append(_("fits nowhere, even with your tokens: taking it DISCARDS it"), style="bold")
        elif legal:
            text.append(
                _("fits on {slots}").format(slots=" ".join(render.short_slot(s) for s in legal)), style="bold"
            )
        else:
            text.append(_("fits nowhere now"), style="bold")
        why = render.why_not_lines(view, me, pid)
        if why:
            text.append("\n" + _("Not: {reasons}").format(reasons="; ".join(why)))
        return text
