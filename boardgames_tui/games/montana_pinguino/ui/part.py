"""Part: one block of the Montaña board (runners, track, cards played ...) drawn from a key.

A board part is a pure function of a few facts of the view (the sleds'
positions, the seat looking, the width ...). :class:`Part` keeps the rows it
drew for the last few sets of facts: shown the same facts again, it keeps the
rows it already has, and builds and lays out its Rich renderable only for
facts it has not drawn yet. A part is not a widget: the board joins the rows
of the parts on show and hands them to its one scrolling widget
(:class:`~boardgames_tui.ui.scroll_lines.ScrollLines`), so a part that grows,
shrinks, comes or goes changes rows, never the screen's layout. The rows are
laid out exactly as :class:`~boardgames_tui.ui.lines.Lines` lays out a
renderable (Rich's ``render_lines`` at the given width), so the screen is the
same picture, made less often.
"""

from __future__ import annotations

import copy
import dataclasses
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.strip import Strip


class Part:
    """One block of the board: its rows for the facts on show (:meth:`show`), and whether it is
    shown at all (:attr:`display`).

    ``name`` names it ('runners', 'track' ...; :attr:`id` is ``mp-<name>``,
    the id its widget had). ``wrap``: long rows are wrapped to the width
    (else cut). ``keep_rows``: never fewer rows than the most shown at this
    width, a shorter picture being padded with blank rows, so that what lies
    below does not move up and down from one view to the next (the track's
    "Ahead of" words in a seat's view and not in the public one).
    """

    #: How many sets of rows a part remembers (the public view and a few seats' views).
    REMEMBER = 8

    def __init__(self, name: str, *, wrap: bool = True, keep_rows: bool = False) -> None:
        self.name = name
        self.id = f"mp-{name}"
        self.wrap = wrap
        self.keep_rows = keep_rows
        #: Whether the board shows this part (a hidden part gives no rows).
        self.display = True
        self._made: OrderedDict[Hashable, tuple[RenderableType, list[Strip]]] = OrderedDict()
        self._shown_key: Hashable = None
        self._shown_source: RenderableType = ""
        self._strips: list[Strip] = []
        self._content_rows = 0
        self._kept = 0
        self._kept_width = -1

    @property
    def source(self) -> RenderableType:
        """The renderable on show (what ``build()`` last gave for the facts on show)."""
        return self._shown_source

    @property
    def strips(self) -> list[Strip]:
        """The rows on show, ``keep_rows`` padding included (do not change the list)."""
        return self._strips

    @property
    def rows(self) -> int:
        """How many rows the part takes, ``keep_rows`` padding included."""
        return len(self._strips)

    def plain(self) -> str:
        """The rows as plain text (for tests and screen readers), without ``keep_rows`` padding."""
        return "\n".join(strip.text for strip in self._strips[: self._content_rows])

    def show(
        self,
        key: Hashable,
        build: Callable[[], RenderableType],
        width: int,
        console: Console,
        least_rows: int = 0,
    ) -> bool:
        """Show ``build()`` for the facts ``key`` laid out ``width`` cells wide with ``console``,
        padded with blank rows to ``least_rows`` at least (a step of the round revealed takes as
        many rows as the longest): nothing to do when they are on show, the rows made before
        when they were shown lately, else ``build()`` laid out now. True when the rows changed."""
        made_key = (key, width)
        full = (made_key, least_rows)
        if full == self._shown_key:
            return False
        made = self._made.get(made_key)
        if made is None:
            source = build()
            made = (source, self._lay_out(source, width, console))
            self._made[made_key] = made
            if len(self._made) > self.REMEMBER:
                self._made.popitem(last=False)
        else:
            self._made.move_to_end(made_key)
        self._shown_key = full
        self._shown_source = made[0]
        self._set_strips(made[1], width, least_rows)
        return True

    def forget(self) -> None:
        """Drop every row remembered (the next :meth:`show` builds again)."""
        self._made.clear()
        self._shown_key = None

    def _set_strips(self, strips: list[Strip], width: int, least_rows: int = 0) -> None:
        new = list(strips)
        self._content_rows = len(new)
        if len(new) < least_rows:
            new.extend(_BLANK for _ in range(least_rows - len(new)))
        if self.keep_rows:
            if width != self._kept_width:  # new width, new wrapping: count again
                self._kept_width, self._kept = width, 0
            if len(new) < self._kept:
                new.extend(_BLANK for _ in range(self._kept - len(new)))
            self._kept = len(new)
        self._strips = new

    def _lay_out(self, source: RenderableType, width: int, console: Console) -> list[Strip]:
        """``source`` cut into rows of ``width`` cells, as :meth:`Lines.set` does."""
        if width <= 0:
            return []
        options = console.options.update(width=width, height=None, no_wrap=not self.wrap, overflow="crop")
        return lay_out(source, console, options)


#: The blank row ``keep_rows`` pads with.
_BLANK = Strip.blank(0)


# ---- rows laid out piece by piece ----------------------------------------------

#: Rows already laid out: (what a piece shows, the options) -> its rows. Shared by every part.
_ROWS: OrderedDict[Hashable, list[Strip]] = OrderedDict()
#: How many pieces :data:`_ROWS` keeps (a line of text, a row of a grid).
ROWS_KEPT = 4000


def forget_rows() -> None:
    """Drop every row :func:`lay_out` kept (a fresh start, as for a new program)."""
    _ROWS.clear()


def lay_out(source: RenderableType, console: Console, options: ConsoleOptions) -> list[Strip]:
    """The rows ``console.render_lines(source, options, pad=False)`` gives, made piece by piece.

    Rich lays a Group out child after child, a Text line after line (each
    line wraps on its own) and a grid whose columns all have a set width or
    a ratio row after row (no column's width depends on what its cells
    hold). Each such piece is laid out once for given options and kept in
    :data:`_ROWS`: a part whose text changed in one line lays out that line
    only. Any other renderable is laid out whole, every time.
    """
    rows: list[Strip] = []
    _pieces(source, console, options, rows)
    return rows


def _pieces(source: Any, console: Console, options: ConsoleOptions, out: list[Strip]) -> None:
    if isinstance(source, Group):
        for child in source.renderables:
            _pieces(child, console, options, out)
        return
    if isinstance(source, Text) and source.end == "\n" and "\t" not in source.plain:
        for line in source.split("\n", allow_blank=True):
            # A line keeps the whole text's wrapping rule (``split`` leaves it out).
            line.no_wrap, line.end = source.no_wrap, "\n"
            _kept(("text", _text_key(line)), line, console, options, out)
        return
    if isinstance(source, Table) and _rows_stand_alone(source):
        layout = _table_key(source)
        if layout is not None:
            for index in range(source.row_count):
                cells = tuple(_cell_key(column._cells[index]) for column in source.columns)
                row_style = source.rows[index].style if index < len(source.rows) else None
                if None in cells or not _hashable(row_style):
                    out.extend(_render(_one_row(source, index), console, options))
                    continue
                _kept(
                    ("row", layout, cells, row_style),
                    lambda i=index: _one_row(source, i),
                    console,
                    options,
                    out,
                )
            return
    out.extend(_render(source, console, options))


def _kept(key: Hashable, piece: Any, console: Console, options: ConsoleOptions, out: list[Strip]) -> None:
    """Add the rows of ``piece`` (a renderable, or a function making it) laid out with
    ``options``, from :data:`_ROWS` when it was laid out before."""
    full = (key, options.max_width, options.no_wrap, options.overflow, options.justify)
    rows = _ROWS.get(full)
    if rows is None:
        rows = _render(piece() if callable(piece) else piece, console, options)
        _ROWS[full] = rows
        if len(_ROWS) > ROWS_KEPT:
            _ROWS.popitem(last=False)
    out.extend(rows)


def _render(piece: Any, console: Console, options: ConsoleOptions) -> list[Strip]:
    if (
        isinstance(piece, Text)
        and piece.justify in (None, "default")
        and options.justify in (None, "default")
        and piece.plain
        and "\n" not in piece.plain
        and cell_len(piece.plain) <= options.max_width
    ):
        # One line that fits: Rich would wrap it into itself and join it to nothing; its
        # segments are the line's own (``Text.render`` leaves a style-only line to its caller).
        if not piece.spans:
            style = console.get_style(piece.style, default=Style.null()) if piece.style else None
            return [Strip([Segment(piece.plain, style)])]
        return [Strip(list(piece.render(console, end="")))]
    return [Strip(row) for row in console.render_lines(piece, options, pad=False)]


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _text_key(text: Text) -> tuple:
    """Everything of a Text that its rows depend on."""
    return (text.plain, text.style, tuple(text.spans), text.justify, text.overflow, text.no_wrap, text.end)


def _cell_key(cell: Any) -> Hashable | None:
    """What a grid cell shows, as a key (None: a cell this module cannot name)."""
    if isinstance(cell, str):
        return ("str", cell)
    if isinstance(cell, Text) and _hashable(_text_key(cell)):
        return ("text", _text_key(cell))
    return None


def _rows_stand_alone(table: Table) -> bool:
    """Whether each row of ``table`` lays out the same alone as among the others: a borderless
    grid, as wide as the room, each column of a set width or a share of what is left."""
    return (
        table.box is None
        and not table.show_header
        and not table.show_footer
        and not table.show_edge
        and not table.show_lines
        and not table.title
        and not table.caption
        and table.expand
        and table.width is None
        and not table.row_styles
        and table.leading == 0
        and table.padding[0] == 0
        and table.padding[2] == 0
        and all(c.width is not None or c.ratio for c in table.columns)
    )


def _table_key(table: Table) -> Hashable | None:
    """The grid's columns and spacing, as a key (None: not hashable)."""
    columns = tuple(
        (c.width, c.ratio, c.min_width, c.max_width, c.no_wrap, c.justify, c.vertical, c.overflow, c.style)
        for c in table.columns
    )
    key = (columns, table.padding, table.pad_edge, table.collapse_padding, table.style, table.border_style)
    return key if _hashable(key) else None


def _one_row(table: Table, index: int) -> Table:
    """A copy of ``table`` holding only its row ``index``."""
    one = copy.copy(table)
    one.columns = [dataclasses.replace(c, _cells=[c._cells[index]]) for c in table.columns]
    one.rows = table.rows[index : index + 1]
    return one
