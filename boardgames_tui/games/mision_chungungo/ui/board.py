"""The Misión Chungungo board: players, the asteroid field, a preview line and your hand.

Laid out top to bottom in the roughly 48x15 cells left beside the log at
80x24 (with 5 players too), as three widgets, so that a tall or wide field
never pushes the rest out of sight:

- ``#mc-top``, fixed at the top: the table line (deck count, copper target,
  the card being resolved or the field's legend) and one line per player
  (letter and name, copper, hand size, discard pile count, abandoned bases,
  top card of the pile);
- ``#mc-field``, the asteroid field (:mod:`.field`) in its own box that
  scrolls both ways, at most as tall as leaves room for the part below; it
  follows the highlighted cell (or a shot's hits). Row and column numbers on
  its edges; legal cells marked while choosing one (a click on one picks it);
- ``#mc-hand``, a scrolling column (PgUp/PgDn in the chooser): the preview
  (what the highlighted choice would do, on a raised background; a shot's
  lines are drawn on the field too), then your hand, every card with its
  copper and ability in words (only the seat on screen, only from its own
  view), then the discard piles.

The field and the column are :class:`~boardgames_tui.ui.scroll_lines.ScrollLines`:
each holds all its rows, and a new set of rows repaints the rows that differ
without laying the screen out. The field's box keeps its size from one
decision to the next: it keeps room (and its scrollbars) for the largest
field drawn on it, capped by the room the board leaves (:class:`FieldLines`).
A field drawn smaller for a decision (no ring of legal cells to mark)
leaves blank rows below it instead of moving the column up and back down,
and the cards keep their size (:meth:`ChungungoBoard._fit_field`), so the
screen is laid out again only when the field outgrows everything drawn
before (a few times a game), not at every key. The column's scrollbar,
once shown, stays (:class:`HandLines`).

Everything is drawn from ``ctx.view``; see :mod:`.model`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from functools import partial
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.geometry import Region, Size, clamp
from textual.reactive import Reactive
from textual.scrollbar import ScrollBarRender
from textual.strip import Strip

from boardgames_tui import i18n
from boardgames_tui.engine import seat_letter
from boardgames_tui.i18n import N_, _
from boardgames_tui.ui.board import ActionChosen, BoardContext, GameBoard, page_scroll
from boardgames_tui.ui.lines import Lines, render_strips, text_strips
from boardgames_tui.ui.scroll_lines import ScrollLines

from ..rules import ChungungoState
from . import model
from .bars import QuietBars
from .field import COMPACT, LARGE, CellSize, cell_at, cell_region, field_size, field_strips, render_field
from .pieces import Pieces

#: The key to the field's glyphs, on the table line when no card is being resolved.
LEGEND = N_("░ face down  ~ eel  A token")

#: The board's parts, in the order they are drawn (what :meth:`ChungungoBoard.part_source` names).
PARTS = ("table", "players", "field", "preview", "hand")


def fitted_rows(text: Text, width: int, console: Any) -> list[Strip]:
    """The rows of a one-row-per-line ``text`` (no wrapping) cut to ``width`` by its own overflow
    (an ellipsis...), as Rich lays it out for a wrapping Lines, without laying it out."""
    rows = text.split("\n", allow_blank=True)
    for row in rows:
        if row.cell_len > width:
            row.truncate(width, overflow=text.overflow)
    return [Strip([s for s in row.render(console, end="") if s.text]) for row in rows]


def at_top_left(widget: Any) -> bool:
    """Whether a scrolling widget shows its top-left corner and is not on its way elsewhere."""
    return widget.scroll_offset == (0, 0) and widget.scroll_target_x == 0 and widget.scroll_target_y == 0


def _board_of(widget: Any) -> ChungungoBoard | None:
    """The Chungungo board ``widget`` is a part of, or None (a part tried on its own)."""
    board = widget.parent
    return board if isinstance(board, ChungungoBoard) else None


class FramedRows:
    """Mixin for a line-API widget whose rows all need the same few values (a width, the
    scroll, styles): :meth:`frame` works them out once for the rows Textual draws in one call
    of ``render_lines`` (at the first row asked for, if any: most calls find every row kept),
    not row by row. The widget implements ``_frame_values``."""

    _frame: Any = None
    _framing = False

    def render_lines(self, crop: Region) -> list[Strip]:
        self._framing = True
        try:
            return super().render_lines(crop)  # type: ignore[misc]  # a mixin: the widget after it in the MRO draws
        finally:
            self._framing, self._frame = False, None

    def frame(self) -> Any:
        """The values of :meth:`_frame_values`, kept while Textual draws this call's rows."""
        frame = self._frame
        if frame is None:
            frame = self._frame_values()  # type: ignore[attr-defined]  # each subclass defines it
            if self._framing:
                self._frame = frame
        return frame


class FieldLines(FramedRows, QuietBars, ScrollLines):
    """The field's rows in a box that keeps room for the largest field drawn on it; a mouse
    click on a legal cell picks it (the keyboard does the same).

    What scrolls (its virtual size) is the largest field drawn so far, not
    this decision's: a field drawn smaller (no ring of legal cells to mark)
    leaves blank rows, so neither the box nor its scrollbars change from one
    decision to the next. Its height is worked out while Textual lays the
    screen out (``height: auto``, :meth:`get_content_height`): as tall as
    that largest field, at most the rows the board leaves it
    (:meth:`ChungungoBoard.field_room`), so a board that changes height (the
    list of choices under it, below 30 rows) is laid out once, not once more
    for the field. Only a field larger than every one before asks for a
    layout.
    """

    #: What scrolls: never less than the largest field drawn (:meth:`validate_virtual_size`),
    #: so a smaller field repaints its rows and nothing else.
    virtual_size = Reactive(Size(0, 0), layout=False, repaint=False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: The largest field drawn (columns x rows of text): what the box keeps room for.
        #: The board sets it back to nothing to forget (see ChungungoBoard._flush).
        self.largest = Size(0, 0)
        #: While True, the scrollbars wait for the layout that is about to size the box.
        self._bars_wait = False

    def validate_virtual_size(self, size: Size) -> Size:
        """The extent of the rows, grown to the largest field drawn (Textual calls this for
        every new extent: its scrollbars then never see a smaller field)."""
        largest = self.largest
        return Size(max(size.width, largest.width), max(size.height, largest.height))

    def set_strips(self, strips: Sequence[Strip]) -> None:
        """Show ``strips``; a field larger than any before makes its box grow (one layout)."""
        strips = list(strips)
        before = self.largest
        widest = max((strip.cell_length for strip in strips), default=0)
        self.largest = largest = Size(max(widest, before.width), max(len(strips), before.height))
        resized = largest != before and self.size.height != self._height_for(
            self.parent.size.height if self.parent else 0  # type: ignore[attr-defined]  # its parent is a widget
        )
        # A box about to change height gets its scrollbars from the layout that sizes it. Set for
        # the box of before, they came and went again in that layout: a second layout of the
        # whole screen for nothing (a field growing by a row of cards showed its vertical bar for
        # the old height, and the layout then took it away).
        self._bars_wait = resized
        try:
            ScrollLines.set_strips(self, strips)  # repaints the rows that changed
        finally:
            self._bars_wait = False
        if resized:
            self.refresh(layout=True)  # the box grows (or, forgetting, shrinks)
        elif largest != before and self.container_size:
            self._scroll_update(largest)  # the box is at its room: a scrollbar shows or resizes

    def _scroll_update(self, virtual_size: Size) -> None:
        """Textual's update of the scrollbars, except while they wait for a layout (:meth:`set_strips`)."""
        if not self._bars_wait:
            super()._scroll_update(virtual_size)

    def _frame_values(self) -> tuple[int, int, int, Style]:
        """(width for rows, first column and first row on show, row style)."""
        offset = self.scroll_offset
        return self.scrollable_content_region.width, offset.x, offset.y, self.visual_style.rich_style

    def render_line(self, y: int) -> Strip:
        width, x, top, base = self.frame()
        row = y + top
        if 0 <= row < len(self._strips):
            return self._strips[row].crop_extend(x, x + width, None).apply_style(base)
        return Strip([])  # below the last row: Textual fills it with the background (as ScrollLines)

    def _height_for(self, board_height: int) -> int:
        """The box's height on a board ``board_height`` rows tall, its horizontal scrollbar
        included: the largest field drawn, at most the room the board leaves."""
        board = _board_of(self)
        room = board.field_room(board_height) if board is not None else board_height
        bar = self.styles.scrollbar_size_horizontal if self.show_horizontal_scrollbar else 0
        return min(self.largest.height + bar, room)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        bar = (
            self.styles.scrollbar_size_horizontal if self.show_horizontal_scrollbar else 0
        )  # Textual adds it
        return max(0, self._height_for(container.height) - bar)

    def on_resize(self, event: events.Resize) -> None:
        board = _board_of(self)
        if board is not None:
            board._scroll_field()

    def on_click(self, event: events.Click) -> None:
        board = _board_of(self)
        if board is None or board.layout_ is None:
            return
        x, y = event.x + round(self.scroll_x), event.y + round(self.scroll_y)  # the point in the field's text
        cell = cell_at(x, y, board.layout_.origin, board.cell_size)
        if cell is None:
            return
        action = board.action_at(cell)
        if action is not None:
            event.stop()
            self.post_message(ActionChosen(action))


class HandLines(FramedRows, ScrollLines):
    """The preview above the hand and the piles: its first :attr:`raised` rows (the preview)
    drawn on the raised background, in italics (the ``hand-lines--preview`` component).

    Its last column is its scrollbar, drawn with the rows (as Textual's
    scrollbar draws itself: same glyphs, same colours), not a scrollbar
    widget: a widget of its own was laid out again each time the column
    changed height (the field above it growing), a second layout after the
    board's, and was drawn again at every frame. The column is blank until
    the rows first outgrow the column; from then on the bar stays, so a hand
    that grows and shrinks around the column's height changes nothing but
    the bar's thumb. The keys, the wheel and ``scroll_to`` scroll it as any
    scrolling widget (``overflow-y: hidden`` only keeps Textual's bar away).
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"hand-lines--preview"}

    DEFAULT_CSS = """
    HandLines > .hand-lines--preview { background: $boost; text-style: italic; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: How many rows at the top are the preview's.
        self.raised = 0
        #: Whether the bar is drawn (from the first time the rows outgrew the column).
        self.bar_shown = False
        self._bar_key: Hashable = None
        self._bar: list[Segment] = []

    @property
    def allow_vertical_scroll(self) -> bool:
        """Scrolls whenever the rows outgrow the column (no scrollbar widget to ask)."""
        return self.is_scrollable and self.max_scroll_y > 0

    @property
    def width_for_rows(self) -> int:
        """Cells a row may take: the column's width less the bar's."""
        return max(0, self.size.width - 1)

    def set_strips(self, strips: Sequence[Strip]) -> None:
        """Show ``strips`` (see :meth:`ScrollLines.set_strips`); the bar's column is repainted."""
        super().set_strips(strips)
        self._check_bar()

    def on_resize(self, event: events.Resize) -> None:
        self._check_bar()

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        if round(old_value) != round(new_value):
            self.refresh(self.size.region)

    def _check_bar(self) -> None:
        """Show the bar once the rows outgrew the column; repaint its column when it changes."""
        height = self.size.height
        if not height:
            return
        if not self.bar_shown and self.virtual_size.height > height:
            self.bar_shown = True
        if self.bar_shown and self._bar_segments() is not None:
            self.refresh(Region(self.size.width - 1, 0, 1, height))

    def _bar_segments(self) -> list[Segment] | None:
        """The bar's cell for each row as Textual's scrollbar draws it; None when unchanged
        since last asked (it is kept)."""
        height, virtual, position = self.size.height, self.virtual_size.height, round(self.scroll_y)
        styles = self.styles
        background, color = styles.scrollbar_background, styles.scrollbar_color
        key = (height, virtual, position, background, color, self.background_colors[0])
        if key == self._bar_key:
            return None
        self._bar_key = key
        if background.a < 1:
            background = self.background_colors[0] + background
        color = background + color
        bar = ScrollBarRender.render_bar(
            size=height,
            virtual_size=virtual,
            window_size=height if height < virtual else 0,
            position=position,
            thickness=1,
            vertical=True,
            back_color=background.rich_color,
            bar_color=color.rich_color,
        )
        # Without the scrollbar widget's mouse actions (grab, scroll_up...): the keys and the
        # wheel scroll the column.
        self._bar = [
            Segment(
                seg.text, Style(color=seg.style.color, bgcolor=seg.style.bgcolor, reverse=seg.style.reverse)
            )
            for seg in bar.segments
            if seg.style is not None
        ]
        return self._bar

    def set_rows(self, strips: Sequence[Strip], raised: int) -> None:
        """Show ``strips``, the first ``raised`` of them as the preview."""
        old, self.raised = self.raised, raised
        self.set_strips(strips)
        if old != raised and self.size:
            self.refresh_lines(0, max(old, raised))  # a row may keep its text and change its background

    def _frame_values(self) -> tuple[int, int, Style, Style, bool]:
        """(width for rows, first row on show, preview style, row style, bar shown); the bar's
        cells are brought up to date (:meth:`_bar_segments`)."""
        if self.bar_shown:
            self._bar_segments()
        preview = self.get_visual_style("hand-lines--preview").rich_style
        return (
            self.width_for_rows,
            round(self.scroll_y),
            preview,
            self.visual_style.rich_style,
            self.bar_shown,
        )

    def render_line(self, y: int) -> Strip:
        width, top, preview, base, bar_shown = self.frame()
        row = y + top
        strips = self.strips
        strip = strips[row] if 0 <= row < len(strips) else Strip.blank(0)
        line = strip.crop_extend(0, width, None).apply_style(preview if row < self.raised else base)
        if not bar_shown:
            return Strip.join([line, Strip.blank(1, base)])
        cell = self._bar[y] if 0 <= y < len(self._bar) else Segment(" ", base)
        return Strip.join([line, Strip([cell], 1)])


#: Rows kept below the field for the preview and the hand.
BELOW_FIELD = 4
#: The narrowest width the rows of cards are laid out for.
CARD_MIN = 24


class ChungungoBoard(GameBoard[ChungungoState]):
    """The board of Misión Chungungo (see the module docstring for its parts)."""

    DEFAULT_CSS = """
    ChungungoBoard { height: 1fr; width: 1fr; layout: vertical; }
    ChungungoBoard #mc-top { height: auto; width: 100%; }
    ChungungoBoard #mc-field { height: auto; width: 1fr; overflow-x: auto; overflow-y: auto; scrollbar-size: 1 1; }
    ChungungoBoard #mc-hand { height: 1fr; min-height: 2; width: 1fr; overflow-x: hidden; overflow-y: hidden; scrollbar-size: 1 1; }
    """

    #: The board does not scroll (its parts do): its new size lays nothing out again (Textual
    #: laid the screen out a second time when a board resized by the list below changed it).
    virtual_size = Reactive(Size(0, 0), layout=False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ctx: BoardContext[ChungungoState] | None = None
        self.table: model.Table | None = None
        self.layout_: model.FieldLayout | None = None
        self.previewing: Any | None = None
        #: Regions of the field to keep in view (see _regions_for).
        self._wants: list[Region] = []
        #: The size the field's cards are drawn at (see _fit_field).
        self.cell_size: CellSize = COMPACT
        #: What each part was last drawn from (see _put): the same again draws nothing.
        self._drawn: dict[str, Hashable] = {}
        #: The field's cards and the rows of cards, rendered once per look.
        self._pieces = Pieces()
        #: Wrapped parts of the hand rendered once per content and width (see _rendered).
        self._renders: dict[Hashable, list[list[Segment]]] = {}
        #: Each part's rows and what they were made from (see _set_part).
        self._rows: dict[str, list[Strip]] = {name: [] for name in PARTS}
        self._sources: dict[str, Callable[[], RenderableType]] = {}
        #: Parts set since their widget was last given its rows (see _flush).
        self._dirty: set[str] = set()
        #: The preview's text, and its rows: never fewer than the most shown at this width, so
        #: the hand below does not move up and down from one highlight to the next.
        self._preview_text = ""
        self._kept = (0, 0)
        #: The hand's rows never fewer than the most shown at this width either: the column's
        #: scrollbar keeps its size, and PgDn its pages, from one decision to the next.
        self._hand_kept = (0, 0)
        #: The terminal's size when the field last needed compact cards (see _fit_field).
        self._compact_at: Any = None
        #: The terminal's size the field's box was sized for (see _fit_field).
        self._sized_for: Any = None
        #: The field's box is to forget the larger fields drawn before (see _flush).
        self._refit = False
        #: How many events the log of the last state shown had (fewer now: the game went back).
        self._events = 0

        #: The three widgets (see the module docstring).
        self._top = Lines(id="mc-top")
        self._field = FieldLines(id="mc-field")
        self._column = HandLines(id="mc-hand")

    def compose(self) -> ComposeResult:
        yield self._top
        yield self._field
        yield self._column

    # ---- the contract ------------------------------------------------------

    def show(self, ctx: BoardContext[ChungungoState]) -> None:
        """Redraw everything from ``ctx`` (its view and legal actions)."""
        self.ctx = ctx
        self.table = model.table_of(ctx.view, ctx.seat)
        self.layout_ = model.field_layout(self.table, ctx.legal)
        self.previewing = None
        self._wants = []  # a new decision starts from the top
        events = len(ctx.view.log)
        if events < self._events:  # back in time (an undo, a replay going back): room for this field only
            self._refit = True
            self._dirty.add("field")
        self._events = events
        if not self.is_mounted or self.wait_to_draw():
            return
        self.redraw()

    def redraw(self) -> None:
        """Draw every part from the last context and preview (one picture for both)."""
        if self.ctx is None or self.table is None or not self.is_mounted:
            return
        action = self.previewing
        self._fit_field()
        self._draw_static_parts()
        self._draw_field(action)
        self._set_preview(model.preview_text(action, self.table, self.ctx) if action is not None else "")
        self._flush()
        self._wants = self._regions_for(action) if action is not None else []
        self._apply_scroll()

    def on_resize(self, event: events.Resize) -> None:
        self._fit_field()
        if self.ctx is not None and self.table is not None:
            # The players' rows, the preview and the rows of cards are laid out for the width.
            self._draw_static_parts()
            self._set_preview(self._preview_text)
        self._flush()

    def on_mount(self) -> None:
        if self.ctx is not None:
            self._fit_field()
            self._draw_static_parts()
            self._draw_field(self.previewing)
            self._flush()

    def field_room(self, height: int) -> int:
        """The most rows the field's box may take on a board ``height`` rows tall: what the
        table line and the players leave, less :data:`BELOW_FIELD` rows (at least 3)."""
        players = len(self.table.players) if self.table is not None else 0
        return max(3, height - (2 + players) - BELOW_FIELD)

    def _fit_field(self) -> None:
        """Choose the size of the field's cards: large when the whole field fits that way in
        :meth:`field_room` and the board's width.

        Once the field needed compact cards, it keeps them until the terminal changes size
        (not the board: below 30 rows the list of choices under it takes the rows its choices
        need): the ring of legal cells drawn for one decision and not the next would otherwise
        turn the cards large and small again from one key to the next (each time a new
        picture of the field, and a box of another size). A new card size or terminal size
        lets the field's box forget the larger fields drawn before (the box of large cards
        would leave the compact field half of it blank, and the hand below a few rows).
        """
        if self.table is None or not self.is_mounted or not self.size.height:
            return
        terminal = self.app.size
        if self._sized_for is not None and self._sized_for != terminal:
            self._refit = True
            self._dirty.add("field")
        self._sized_for = terminal
        room = self.field_room(self.size.height)
        size = self.layout_.size if self.layout_ is not None else (1, 1)
        wide, tall = field_size(size, LARGE)
        fits = LARGE if wide <= self.size.width - 1 and tall <= room else COMPACT
        if fits is COMPACT:
            self._compact_at = terminal
        elif self._compact_at == terminal:
            fits = COMPACT
        if fits is not self.cell_size:
            self.cell_size = fits
            self._refit = True  # room for fields of cards of this size only
            if self.ctx is not None:
                self._draw_field(self.previewing)

    def preview(self, action: Any | None) -> None:
        """Show what ``action`` would do: its cell under the cursor, a shot's lines, a card's text."""
        self.previewing = action
        if self.ctx is None or self.table is None or not self.is_mounted or self.wait_to_draw():
            return
        self._draw_field(action)
        self._set_preview(model.preview_text(action, self.table, self.ctx) if action is not None else "")
        self._draw_hand(action)
        self._flush()
        self._wants = self._regions_for(action) if action is not None else []
        self._apply_scroll()

    def _regions_for(self, action: Any) -> list[Region]:
        """The field cells to keep in view, in the field's text: the highlighted cell, else a shot's hits."""
        assert self.table is not None and self.layout_ is not None and self.ctx is not None
        cell = model.action_cell(action)
        cells = [cell] if cell is not None else sorted(model.shot_marks(action, self.table, self.ctx)[1])
        regions = []
        for c in cells:
            regions.append(Region(*cell_region(c, self.layout_.origin, self.cell_size)))
        return regions

    def _apply_scroll(self) -> None:
        """After a new drawing: the field to the wanted cells (:meth:`_scroll_field`), the
        column to its top (PgDn/PgUp scroll it from there)."""
        if not self.is_mounted:
            return
        self._scroll_field()
        column = self._column
        if not at_top_left(column):
            column.scroll_to(0, 0, animate=False, immediate=True)

    def _scroll_field(self) -> None:
        """Scroll the field to the wanted cells, as from its top-left corner each time (the
        last cell wins): the result depends on the layout only, not on history. The box moves
        once, straight to where it ends (a move repaints the whole box), or not at all."""
        box = self._field
        window = box.scrollable_content_region
        x = y = 0
        for region in self._wants:
            seen = Region(x, y, window.width, window.height)
            if seen in region:
                continue
            dx, dy = Region.get_scroll_to_visible(seen, region)
            if box.allow_horizontal_scroll:
                x = clamp(x + dx, 0, box.max_scroll_x)
            if box.allow_vertical_scroll:
                y = clamp(y + dy, 0, box.max_scroll_y)
        if (x, y) != (box.scroll_x, box.scroll_y) or (x, y) != (box.scroll_target_x, box.scroll_target_y):
            box.scroll_to(x, y, animate=False, immediate=True)

    def action_at(self, cell: model.Cell) -> Any | None:
        """The first legal action that picks ``cell`` (the highlighted one if it does), else None."""
        if self.ctx is None:
            return None
        if self.previewing is not None and model.action_cell(self.previewing) == cell:
            return self.previewing
        return next((a for a in self.ctx.legal if model.action_cell(a) == cell), None)

    def page(self, direction: int) -> None:
        """Scroll the preview and hand one page down (1) or up (-1), for the chooser's PgDn/PgUp."""
        page_scroll(self._column, direction)

    def action_label(self, action: Any) -> str:
        """The chooser's text for ``action``: cells named as on the field's edges ('row 1 col -2')."""
        if self.table is None or self.layout_ is None or self.ctx is None:
            return str(action)
        return model.label(action, self.table, self.ctx, self.layout_)

    def part_source(self, name: str) -> RenderableType:
        """What the rows of part ``name`` (one of :data:`PARTS`) were made from, for tests and
        readers: a Rich renderable, or "" before the part is drawn. KeyError for another name."""
        if name not in PARTS:
            raise KeyError(name)
        source = self._sources.get(name)
        return source() if source is not None else ""

    # ---- drawing -------------------------------------------------------------

    def _set_part(self, name: str, strips: list[Strip], source: Callable[[], RenderableType]) -> None:
        """Keep the new rows of part ``name``; ``source()`` gives what they are the rows of.
        Its widget gets them at the next :meth:`_flush`."""
        self._rows[name] = strips
        self._sources[name] = source
        self._dirty.add(name)

    def _flush(self) -> None:
        """Give each widget whose parts changed its rows (one set of rows per widget)."""
        dirty, self._dirty = self._dirty, set()
        rows = self._rows
        if dirty & {"table", "players"}:
            self._top.set_strips(rows["table"] + rows["players"])
        if "field" in dirty:
            if self._refit:
                self._refit = False
                self._field.largest = Size(0, 0)
            self._field.set_strips(rows["field"])
        if dirty & {"preview", "hand"}:
            raised = len(rows["preview"]) if self._preview_text else 0
            self._column.set_rows(rows["preview"] + rows["hand"], raised)

    def _draw_static_parts(self) -> None:
        assert self.ctx is not None and self.table is not None
        t, ctx = self.table, self.ctx
        lang = i18n.language()

        def table() -> None:
            line = self._table_line()
            self._set_part("table", text_strips(line, self.app.console), lambda: line)

        self._put(
            "table", (t.deck, t.target, t.terminal, t.phase, t.card_in_play, t.step, t.current, lang), table
        )
        width = self._top.content_size.width or self.app.size.width
        self._put(
            "players",
            (t.players, t.to_move, t.terminal, ctx.seat, ctx.names, lang, width),
            lambda: self._set_part(
                "players",
                fitted_rows(model.players_text(t, ctx), width, self.app.console),
                lambda: model.players_text(t, ctx),
            ),
        )
        self._draw_hand(self.previewing)

    def _put(self, part: str, key: Hashable, draw: Callable[[], None]) -> None:
        """Run ``draw`` unless ``part`` was last drawn from the same ``key`` (what it shows depends on)."""
        if self._drawn.get(part) != key:
            self._drawn[part] = key
            draw()

    def _table_line(self) -> Text:
        """Deck count and copper target, then the card being resolved (or the field's legend)."""
        t = self.table
        assert t is not None
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append(_("Deck {deck} Win {target}cu").format(deck=t.deck, target=t.target) + "  ", "bold")
        if t.terminal:
            line.append(_("Game over"), "bold")
        elif t.phase in (model.Phase.REACT, model.Phase.RESOLVE) and t.card_in_play >= 0:
            who = seat_letter(t.current)
            title = model.CARDS[t.card_in_play].title
            if t.step == model.Step.EEL:
                name = model.fit_title(
                    title,
                    48 - len(line.plain) - len(_("{seat}'s {card} cancelled").format(seat=who, card="")),
                )
                line.append(_("{seat}'s {card} cancelled").format(seat=who, card=name), "bold")
            else:
                name = model.fit_title(
                    title, 48 - len(line.plain) - len(_("{seat} plays {card}").format(seat=who, card=""))
                )
                line.append(_("{seat} plays {card}").format(seat=who, card=name), "bold")
        else:
            line.append(_(LEGEND), "dim")
        return line

    def _draw_field(self, action: Any | None) -> None:
        assert self.ctx is not None and self.table is not None and self.layout_ is not None
        lay = self.layout_
        cursor = model.action_cell(action) if action is not None else None
        lines, hits = model.shot_marks(action, self.table, self.ctx) if action is not None else ({}, set())
        args: dict[str, Any] = dict(
            origin=lay.origin,
            size=lay.size,
            own_seat=self.ctx.seat,
            legal=lay.legal,
            cursor=cursor if cursor in lay.legal else None,
            lines=lines,
            hits=hits,
            faces=model.field_faces(self.table),
            cell=self.cell_size,
        )
        field = self.table.field
        key = (
            frozenset(field.items()),
            lay.origin,
            lay.size,
            self.ctx.seat,
            lay.legal,
            args["cursor"],
            frozenset(lines.items()),
            frozenset(hits),
            frozenset(args["faces"].items()),
            self.cell_size,
        )

        def draw() -> None:
            strips = field_strips(self.app.console, self._pieces, field, **args)
            self._set_part("field", strips, lambda: render_field(field, **args))

        self._put("field", key, draw)

    def _set_preview(self, text: str) -> None:
        """The preview's rows: ``text`` wrapped at the column's width, padded with blank rows to
        the most it had at this width (the hand below stays put), on the raised background
        unless empty."""
        self._preview_text = text
        width = self._column.width_for_rows or self.app.size.width

        def draw() -> None:
            rows = render_strips(text, self.app.console, width, True) if width > 0 else []
            kept_width, kept = self._kept
            if width != kept_width:  # new width, new wrapping: count again
                kept = 0
            rows += [Strip.blank(0) for _ in range(kept - len(rows))]
            self._kept = (width, len(rows))
            self._set_part("preview", rows, lambda: text)

        self._put("preview", (text, width), draw)

    def _draw_hand(self, action: Any | None) -> None:
        """Your hand as a row of cards, then each card's ability in words, then the piles.

        Each part is rendered once for what it shows (and the rows of cards
        card by card): a decision that leaves the hand alone draws nothing here.
        """
        assert self.ctx is not None and self.table is not None
        t, ctx = self.table, self.ctx
        width = max(CARD_MIN, (self.size.width or 48) - 2)
        wrap_at = self._column.width_for_rows or self.app.size.width
        chosen_key = model.chosen_card_key(action, t)
        lang = i18n.language()
        hand = tuple(sorted(t.hand)) if t.hand is not None and ctx.seat is not None else None
        who = ctx.who(ctx.seat) if ctx.seat is not None else ""
        owned = t.players[ctx.seat].copper if ctx.seat is not None else 0
        piles = tuple((p.seat, p.pile, p.pile_top, p.bases) for p in t.players)
        key = (hand, chosen_key, who, owned, piles, ctx.seat, width, wrap_at, lang)

        def draw() -> None:
            console = self.app.console
            faces = model.hand_faces(t, ctx, action)
            strips: list[Strip] = []
            if faces:
                strips += self._rendered(
                    ("hand-title", hand, who, owned, lang, wrap_at), wrap_at, lambda: model.hand_title(t, ctx)
                )
                strips += model.card_row_strips(console, self._pieces, faces, width)
                rows = model.hand_rows(t, ctx, action)
                names = max(cell_len(model.hand_row_cells(c, on)[0].plain) for c, on in rows)
                for c, on in rows:  # row by row, at the width of the widest name: as the whole table
                    strips += self._rendered(
                        ("hand-row", c, on, names, lang, wrap_at),
                        wrap_at,
                        partial(model.hand_row_table, c, on, names),
                    )
            else:
                strips += self._rendered(
                    ("hand-table-titled", hand, who, owned, lang, wrap_at),
                    wrap_at,
                    lambda: model.hand_table(t, ctx, action),
                )
            strips += self._rendered(
                ("piles-title", lang, wrap_at), wrap_at, lambda: Text(_("Discard piles"), style="bold")
            )
            strips += model.card_row_strips(console, self._pieces, model.pile_faces(t, ctx), width)
            kept_width, kept = self._hand_kept
            if wrap_at != kept_width:  # new width, new wrapping: count again
                kept = 0
            strips += [Strip.blank(0) for _ in range(kept - len(strips))]
            self._hand_kept = (wrap_at, len(strips))
            self._set_part("hand", strips, lambda: self._hand_group(t, ctx, action, width))

        self._put("hand", key, draw)

    def _hand_group(
        self, t: model.Table, ctx: BoardContext[ChungungoState], action: Any | None, width: int
    ) -> RenderableType:
        """The hand part as one renderable (what :meth:`_draw_hand` draws piece by piece)."""
        parts: list[Any] = []
        cards = model.hand_cards(t, ctx, action, width)
        if cards.plain:
            parts += [model.hand_title(t, ctx), cards, model.hand_table(t, ctx, action, False)]
        else:
            parts.append(model.hand_table(t, ctx, action))
        parts.append(Text(_("Discard piles"), style="bold"))
        parts.append(model.piles_cards(t, ctx, width))
        return Group(*parts)

    def _rendered(self, key: Hashable, width: int, make: Callable[[], RenderableType]) -> list[Strip]:
        """``make()`` laid out at ``width`` as Lines lays out a wrapped part, kept under ``key``."""
        found = self._renders.get(key)
        if found is None:
            console = self.app.console
            options = console.options.update(width=width, height=None, no_wrap=False, overflow="crop")
            found = console.render_lines(make(), options, pad=False)
            if len(self._renders) >= 256:
                del self._renders[next(iter(self._renders))]
            self._renders[key] = found
        # New Strips each time: a Strip drawn before carries Textual's caches of its earlier
        # drawings, and one kept for later screens made the compositor slower, not faster.
        return [Strip(row) for row in found]
