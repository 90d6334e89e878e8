"""The Montaña Pingüino chooser: the shared numbered list with a title naming the
decision ('LEFT card, acts first', 'RIGHT card or none') and page keys that scroll
the board above it (its track, runners, played cards and hand)."""

from __future__ import annotations

from textual.binding import Binding
from textual.geometry import Size
from textual.reactive import Reactive

from boardgames_tui.i18n import N_, _
from boardgames_tui.ui.board import ActionList, BoardContext, GameBoard
from boardgames_tui.ui.translated import translated

from .. import rules as R


def chooser_title(ctx: BoardContext) -> str:
    """The list's border title: which decision the seat is making."""
    view, seat = ctx.view, ctx.seat
    if seat is None or not ctx.legal:
        return ""
    if view.phase == R.Phase.PLAY:
        if not view.played[seat]:
            if view.one_card[seat]:
                return _("Secret play: your ONE card this round")
            return _("Secret play: LEFT card (acts first)")
        return _("RIGHT card (acts second), or none")
    if view.phase == R.Phase.RACE_OVER:
        return _("Race {race} is over").format(race=view.race)
    if view.phase in (R.Phase.DRAW, R.Phase.KEEP, R.Phase.LIMIT):
        return _("Item draw")
    if view.stage in (R.Stage.TORMENTA, R.Stage.IGLU):
        return _("Reaction")
    act = view.activating()
    if act is not None:
        from .. import data as D

        return _("Your {card} acts").format(card=D.card_name(act[1]))
    return _("Your choices")


@translated
class MontanaChooser(ActionList):
    """Numbered choices (arrows and Enter, or a digit); PageUp/PageDown scroll the board (the game screen binds them)."""

    #: Seven rows at any size: the track and the hand above need the room.
    ROWS = (7, 7)

    #: The list keeps its height whatever it holds (``ROWS``), so a new number of choices
    #: changes only what scrolls inside it: repaint the list, and leave the screen's layout
    #: alone (Textual lays the whole screen out again for any widget's new virtual size).
    #: Its scrollbar coming or going still asks for a layout (``show_vertical_scrollbar``).
    virtual_size = Reactive(Size(0, 0), layout=False, repaint=True)

    BINDINGS = [
        Binding("0", "pick(0)", show=False),  # "no right card" keeps the digit 0
    ]

    def _update_lines(self) -> None:
        """Textual's OptionList works out its rows and size here; skipped for the empty list
        while :meth:`set_choices` refills it."""
        if self._refilling and not self.options:
            return
        super()._update_lines()

    def __init__(self) -> None:
        super().__init__(id="mp-chooser")
        self.board: GameBoard | None = None
        self._refilling = False

    def set_choices(self, ctx: BoardContext, board: GameBoard) -> None:
        # The list is emptied and filled again in one go: its size (and scrollbar) is worked
        # out once, for the new choices, not also for the empty list in between (a scrollbar
        # hidden and shown again asks twice for a layout of the whole screen).
        self._refilling = True
        try:
            super().set_choices(ctx, board)
        finally:
            self._refilling = False
        if not self.options:
            self._update_lines()  # nothing was added: the empty list's size is the new one
        self.board = board
        if ctx.legal:
            self.border_title = chooser_title(ctx)
