"""The Montaña Pingüino chooser: the shared numbered list with a title naming the
decision ('LEFT card, acts first', 'RIGHT card or none') and page keys that scroll
the board above it (its track, runners, played cards and hand)."""

from __future__ import annotations

from textual.binding import Binding

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

    BINDINGS = [
        Binding("0", "pick(0)", show=False),  # "no right card" keeps the digit 0
    ]

    def __init__(self) -> None:
        super().__init__(id="mp-chooser")
        self.board: GameBoard | None = None

    def set_choices(self, ctx: BoardContext, board: GameBoard) -> None:
        super().set_choices(ctx, board)
        self.board = board
        if ctx.legal:
            self.border_title = chooser_title(ctx)
