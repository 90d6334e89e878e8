"""The Penguinramids chooser: the shared numbered list, with PageUp/PageDown scrolling
the board above it (the pyramids of every seat do not fit 80x24 at once)."""

from __future__ import annotations

from boardgames_tui.ui.board import ActionList, BoardContext, GameBoard
from boardgames_tui.ui.translated import translated


@translated
class PenguinChooser(ActionList):
    """Numbered choices (arrows and Enter, or a digit); PageUp/PageDown scroll the board (the game screen binds them)."""

    def __init__(self) -> None:
        super().__init__(id="action-list")
        self.board: GameBoard | None = None

    def set_choices(self, ctx: BoardContext, board: GameBoard) -> None:
        super().set_choices(ctx, board)
        self.board = board
        self.players = ctx.view.n
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """Four players on a 24-line terminal: four rows of choices (the list scrolls),
        so the whole table above stays in sight; otherwise up to seven."""
        crowded = getattr(self, "players", 0) >= 4 and self.app.size.height < 30
        self.styles.max_height = 6 if crowded else 9
