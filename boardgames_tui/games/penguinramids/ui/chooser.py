"""The Penguinramids chooser: the shared numbered list, with PageUp/PageDown scrolling
the board above it (the pyramids of every seat do not fit 80x24 at once)."""

from __future__ import annotations

from boardgames_tui.ui.board import ActionList, BoardContext, GameBoard
from boardgames_tui.ui.translated import translated

from ..rules import PenguinramidsState


@translated
class PenguinChooser(ActionList):
    """Numbered choices (arrows and Enter, or a digit); PageUp/PageDown scroll the board (the game screen binds them)."""

    def __init__(self) -> None:
        super().__init__(id="action-list")
        self.board: GameBoard[PenguinramidsState] | None = None
        self.crowded = False

    def set_choices(
        self, ctx: BoardContext[PenguinramidsState], board: GameBoard[PenguinramidsState]
    ) -> None:
        """Fill the list; four players on a 24-line terminal get four rows of choices (the
        list scrolls), so the whole table above stays in sight; otherwise up to seven."""
        super().set_choices(ctx, board)
        self.board = board
        self.crowded = ctx.view.n >= 4
        self.fit_rows()

    def rows(self, terminal_rows: int) -> int:
        """Six rows (four choices) with four players under 30 rows, else :data:`ActionList.ROWS`."""
        return 6 if self.crowded and terminal_rows < 30 else super().rows(terminal_rows)
