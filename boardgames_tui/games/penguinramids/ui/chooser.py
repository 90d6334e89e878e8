"""The Penguinramids chooser: the shared numbered list, with PageUp/PageDown scrolling
the board above it (the pyramids of every seat do not fit 80x24 at once)."""

from __future__ import annotations

from textual.binding import Binding
from textual.containers import VerticalScroll

from boardgames_tui.ui.board import ActionList, BoardContext, GameBoard


class PenguinChooser(ActionList):
    """Numbered choices (arrows and Enter, or a digit); PageUp/PageDown scroll the board."""

    BINDINGS = [
        Binding("pagedown", "board_scroll(1)", "Board down"),
        Binding("pageup", "board_scroll(-1)", "Board up"),
    ]

    def __init__(self) -> None:
        super().__init__(id="action-list")
        self.board: GameBoard | None = None

    def set_choices(self, ctx: BoardContext, board: GameBoard) -> None:
        super().set_choices(ctx, board)
        self.board = board

    def action_board_scroll(self, direction: int) -> None:
        """Scroll the board a page down (1) or up (-1); the highlighted choice stays."""
        if self.board is None:
            return
        scroll = self.board.query_one("#pr-scroll", VerticalScroll)
        if direction > 0:
            scroll.scroll_page_down(animate=False)
        else:
            scroll.scroll_page_up(animate=False)
