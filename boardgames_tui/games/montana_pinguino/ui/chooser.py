"""The Montaña Pingüino chooser: the shared numbered list with a title naming the
decision ('LEFT card, acts first', 'RIGHT card or none') and page keys that scroll
the board above it (its track, runners, played cards and hand). While the table
watches a round revealed, on a board tall enough for the round above it, the
list keeps its place and shows the round's earlier steps instead of choices
(:meth:`MontanaChooser.show_rows`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.strip import Strip

from boardgames_tui.i18n import _
from boardgames_tui.ui.board import ActionList, BoardContext, GameBoard
from boardgames_tui.ui.lines import set_border_label
from boardgames_tui.ui.translated import translated

from .. import rules as R


def chooser_title(ctx: BoardContext[R.MontanaState]) -> str:
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

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("0", "pick(0)", show=False),  # "no right card" keeps the digit 0
    ]

    def __init__(self) -> None:
        super().__init__(id="mp-chooser")
        self.board: GameBoard[R.MontanaState] | None = None
        #: Rows shown instead of the choices (:meth:`show_rows`), or None.
        self._rows_instead: list[Strip] | None = None
        self._titles_before: tuple[str, str] | None = None

    @property
    def room(self) -> tuple[int, int]:
        """(width, height) inside the list's border and scrollbar: where :meth:`show_rows`
        rows go ((0, 0) before the first layout)."""
        region = self.scrollable_content_region
        return region.width, region.height

    def show_rows(self, title: str, rows: Sequence[Strip] | None) -> None:
        """Show ``rows`` (cut to the list's width, the first that fit) under the border title
        ``title`` instead of the choices, in the list's place and size: nothing is laid out
        again, only the list repainted. ``rows`` None shows the choices and their titles again."""
        if rows is None:
            if self._rows_instead is not None:
                self._rows_instead = None
                if self._titles_before is not None:
                    self.border_title, self.border_subtitle = self._titles_before
                self._titles_before = None
                self.refresh()
            return
        if self._titles_before is None:
            self._titles_before = (self.border_title or "", self.border_subtitle or "")
        self._rows_instead = list(rows)
        self.border_title, self.border_subtitle = title, ""
        self.refresh()

    def render_line(self, y: int) -> Strip:
        rows = self._rows_instead
        if rows is None:
            return super().render_line(y)
        width = self.scrollable_content_region.width
        style = self.visual_style.rich_style
        if 0 <= y < len(rows):
            return rows[y].crop_extend(0, width, None).apply_style(style)
        return Strip.blank(width, style)

    def set_choices(self, ctx: BoardContext[R.MontanaState], board: GameBoard[R.MontanaState]) -> None:
        self.show_rows("", None)
        super().set_choices(ctx, board)
        self.board = board
        if ctx.legal:
            set_border_label(self, "border_title", chooser_title(ctx))
