"""The Misión Chungungo chooser: the numbered list, plus arrow keys that walk the field.

When the choices are cells of the asteroid field (placing a card, placing a
token, Excavate, Quantum Leap, placing an eel), the arrow keys move the
highlight to the nearest legal cell in that direction on the board and Enter
picks it; digits and the list work as for every game. For any other
decision the arrows move through the list as usual (and up/down fall back
to the list when no legal cell lies that way). PgUp/PgDn scroll the
board's lower part: the preview and the player's hand.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.binding import Binding, BindingType
from textual.css.scalar import Scalar

from boardgames_tui.i18n import N_, _
from boardgames_tui.ui.board import ActionChooser, ActionList, BoardContext, GameBoard
from boardgames_tui.ui.translated import translated

from ..rules import ChungungoState
from . import model
from .bars import QuietBars


def nearest(cells: list[tuple[int, tuple[int, int]]], here: tuple[int, int], dr: int, dc: int) -> int | None:
    """Index (the first item of the pair) of the best cell from ``here`` in direction (dr, dc).

    ``cells`` pairs an option index with a cell. A cell qualifies if it lies
    strictly that way; the best is the one with the smallest distance along
    the direction plus twice the sideways offset. None if none qualifies.
    """
    best: tuple[int, int] | None = None
    found: int | None = None
    for index, (r, c) in cells:
        ahead = (r - here[0]) * dr + (c - here[1]) * dc
        if ahead <= 0:
            continue
        side = abs((r - here[0]) * dc) + abs((c - here[1]) * dr)
        score = (ahead + 2 * side, side)
        if best is None or score < best:
            best, found = score, index
    return found


@translated
class FieldChooser(QuietBars, ActionList, ActionChooser[ChungungoState]):
    """The shared numbered list with arrow keys that move over the field's cells."""

    DEFAULT_CSS = """
    FieldChooser { border: round $accent; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(0,-1)", N_("Left"), show=False),
        Binding("right", "move(0,1)", N_("Right"), show=False),
        Binding("pagedown", "board_page(1)", N_("Scroll board"), show=False),
        Binding("pageup", "board_page(-1)", N_("Scroll board"), show=False),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._cells: list[tuple[int, tuple[int, int]]] = []
        self._board: GameBoard[ChungungoState] | None = None

    def rows(self, terminal_rows: int) -> int:
        """Eight rows (from 30 rows of terminal; below, see :meth:`fit_rows`)."""
        return 8

    def fit_rows(self) -> None:
        """From 30 rows of terminal, the one height of :meth:`rows`. Below, the field needs every
        row it can get (your token, the cells a shot crosses): the list takes only the rows its
        choices need, at most five while a cell is chosen and eight otherwise, and the board is
        laid out again when that changes."""
        styles = self.styles
        if self.app.size.height >= 30:
            if styles.inline.has_rule("max_height"):
                styles.max_height = None  # each set (even to None) lays the screen out: only when set
            super().fit_rows()
            return
        self._rows = 0  # the fixed height is given up: a later return to 30 rows sets it again
        if styles.height is None or not styles.height.is_auto:
            styles.height = "auto"
        cap = 5 if self._cells else 8
        if not styles.inline.has_rule("max_height") or styles.max_height != Scalar.from_number(cap):
            styles.max_height = cap

    def set_choices(self, ctx: BoardContext[ChungungoState], board: GameBoard[ChungungoState]) -> None:
        """Fill the list; remember which options are field cells."""
        super().set_choices(ctx, board)
        self._board = board
        self.border_subtitle = _("PgUp/PgDn: hand") if ctx.legal else ""
        self._cells = [
            (i, cell) for i, a in enumerate(self._actions) if (cell := model.action_cell(a)) is not None
        ]
        self.fit_rows()
        if self._cells:
            self.border_title = _("Choose a cell: arrows + Enter, or a number")

    def action_board_page(self, direction: int) -> None:
        """Scroll the preview and hand a page down (1) or up (-1)."""
        page = getattr(self._board, "page", None)
        if page is not None:
            page(direction)

    def _here(self) -> tuple[int, int] | None:
        index = self.highlighted
        if index is None:
            return None
        for i, cell in self._cells:
            if i == index:
                return cell
        return None

    def action_move(self, dr: int, dc: int) -> bool:
        """Move the highlight to the nearest legal cell that way; False if none."""
        here = self._here()
        if here is None:
            if self._cells and dc:
                self.highlighted = self._cells[0][0]
                return True
            return False
        target = nearest(self._cells, here, dr, dc)
        if target is None:
            return False
        self.highlighted = target
        return True

    def _only_cells(self) -> bool:
        """Every listed choice is a cell (then the arrows never fall back to the list)."""
        return bool(self._cells) and len(self._cells) == self.option_count

    def action_cursor_up(self) -> None:
        if not self.action_move(-1, 0):
            self._no_cell_that_way(_("above")) if self._only_cells() else super().action_cursor_up()

    def action_cursor_down(self) -> None:
        if not self.action_move(1, 0):
            self._no_cell_that_way(_("below")) if self._only_cells() else super().action_cursor_down()

    def _no_cell_that_way(self, way: str) -> None:
        """Stay on the highlighted cell: nothing to choose that way."""
        self.app.bell()
        self.notify(_("No cell to choose {way}; the highlight stays.").format(way=way), timeout=2)
