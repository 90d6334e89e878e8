"""The Penguinramids chooser: the shared numbered list, with PageUp/PageDown scrolling
the board above it (the pyramids of every seat do not fit 80x24 at once)."""

from __future__ import annotations

from textual.binding import Binding
from textual.containers import VerticalScroll

from boardgames_tui.i18n import N_
from boardgames_tui.ui.board import ActionList, BoardContext, GameBoard
from boardgames_tui.ui.translated import translated


@translated
class PenguinChooser(ActionList):
    """Numbered choices (arrows and Enter, or a digit); PageUp/PageDown scroll the board."""

    BINDINGS = [
        # One footer entry for the pair, so the footer fits 80 columns.
        Binding("pagedown", "board_scroll(1)", N_("Scroll board"), key_display="pgup/pgdn"),
        Binding("pageup", "board_scroll(-1)", N_("Scroll board"), show=False),
    ]

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

    def action_board_scroll(self, direction: int) -> None:
        """Scroll the board a page down (1) or up (-1); the highlighted choice stays."""
        if self.board is None:
            return
        scroll = self.board.query_one("#pr-scroll", VerticalScroll)
        if direction > 0:
            scroll.scroll_page_down(animate=False)
        else:
            scroll.scroll_page_up(animate=False)
