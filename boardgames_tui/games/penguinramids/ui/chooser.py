"""The Penguinramids chooser: the shared numbered list, with PageUp/PageDown scrolling
the board above it (the pyramids of every seat do not fit 80x24 at once)."""

from __future__ import annotations

from typing import Any

from textual.geometry import Region

from boardgames_tui.ui.board import ActionList, BoardContext, GameBoard
from boardgames_tui.ui.translated import translated


@translated
class PenguinChooser(ActionList):
    """Numbered choices (arrows and Enter, or a digit); PageUp/PageDown scroll the board (the game screen binds them).

    A new list of choices repaints the list without laying the screen out
    again (see :meth:`refresh`).
    """

    def __init__(self) -> None:
        super().__init__(id="action-list")
        self.board: GameBoard | None = None
        self.crowded = False
        #: True while :meth:`set_choices` fills the list (:meth:`refresh`).
        self._refilling = False

    def set_choices(self, ctx: BoardContext, board: GameBoard) -> None:
        """Fill the list; four players on a 24-line terminal get four rows of choices (the
        list scrolls), so the whole table above stays in sight; otherwise up to seven."""
        bars = (self.show_vertical_scrollbar, self.show_horizontal_scrollbar)
        self._refilling = True
        try:
            super().set_choices(ctx, board)
            if not self.option_count:
                super().clear_options()  # no choices to add: the lines of an empty list, now
        finally:
            self._refilling = False
        if (self.show_vertical_scrollbar, self.show_horizontal_scrollbar) != bars:
            self.refresh(layout=True)  # a scrollbar came or went: the list's insides move
        self.board = board
        self.crowded = ctx.view.n >= 4
        self.fit_rows()

    def clear_options(self) -> Any:
        """Empty the list; while :meth:`set_choices` fills it, without working out the lines
        of an empty list: those of the new choices are worked out once, when they are added,
        so a list that shows a scrollbar before and after never loses it in between (its
        going and coming back would each lay the screen out)."""
        if self._refilling:
            return self.set_options(())
        return super().clear_options()

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Any:
        """Textual's refresh, except that filling the list asks for no layout.

        The list keeps its height whatever the number of choices; a new
        number only changes how far it scrolls (its virtual size), which
        the list draws itself. Textual lays the whole screen out for every
        change of a virtual size, and the list is emptied and filled again
        at each decision: two layouts and a repaint of everything, for a
        picture that only needs the list repainted. A scrollbar that comes
        or goes still gets its layout (:meth:`set_choices`).
        """
        if self._refilling:
            layout = False
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def rows(self, terminal_rows: int) -> int:
        """Six rows (four choices) with four players under 30 rows, else :data:`ActionList.ROWS`."""
        return 6 if self.crowded and terminal_rows < 30 else super().rows(terminal_rows)
