"""A small character canvas for drawing boards with box-drawing lines and text.

Boards that look like the table (mountains of steps, pyramids of tiles) are
easier to draw on a grid than to concatenate line by line: lines are laid
down as segments, and where segments meet the right junction (``┬``, ``┼``,
``└``...) is chosen from the directions that meet there. Text written on
top of a line replaces it. Only the basic box-drawing set is used (one
cell wide in every terminal we target).

A board is drawn again from scratch at every decision, so the canvas is
built for speed: writes are list slices, and :meth:`Canvas.strips` hands
the rows to a :class:`~boardgames_tui.ui.lines.Lines` widget as ready-made
Textual strips (no Rich Text to build and render again), giving back the
very Strip objects of the last drawing for the rows that did not change.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from weakref import WeakKeyDictionary

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip

_UP, _DOWN, _LEFT, _RIGHT = 1, 2, 4, 8

#: Junction glyph for each set of directions that meet in a cell.
_GLYPH = {
    _LEFT | _RIGHT: "─",
    _LEFT: "─",
    _RIGHT: "─",
    _UP | _DOWN: "│",
    _UP: "│",
    _DOWN: "│",
    _DOWN | _RIGHT: "┌",
    _DOWN | _LEFT: "┐",
    _UP | _RIGHT: "└",
    _UP | _LEFT: "┘",
    _UP | _DOWN | _RIGHT: "├",
    _UP | _DOWN | _LEFT: "┤",
    _LEFT | _RIGHT | _DOWN: "┬",
    _LEFT | _RIGHT | _UP: "┴",
    _UP | _DOWN | _LEFT | _RIGHT: "┼",
}


#: A row as drawn: its runs of (characters, style name), blanks at the end left out.
Row = tuple[tuple[str, str], ...]

_NULL = Style.null()
#: Style names resolved per console (its theme says what a name means), as Rich Text would.
_RESOLVED: WeakKeyDictionary[Console, dict[str, Style]] = WeakKeyDictionary()


def _resolver(console: Console) -> dict[str, Style]:
    styles = _RESOLVED.get(console)
    if styles is None:
        styles = _RESOLVED[console] = {"": _NULL}
    return styles


def _segments(row: Row, resolved: dict[str, Style], console: Console) -> list[Segment]:
    """The segments Rich renders for ``row``: an unstyled row has no style at all; otherwise
    each run has its resolved style (the null style where it has none)."""
    if len(row) == 1 and not row[0][1]:
        return [Segment(row[0][0])]
    segments = []
    for chars, name in row:
        style = resolved.get(name)
        if style is None:
            style = resolved[name] = console.get_style(name, default=_NULL)
        segments.append(Segment(chars, style))
    return segments


class Canvas:
    """A ``width`` x ``height`` grid of cells, each a character and a style.

    Writes outside the grid are dropped (a board cut by a narrow terminal
    loses its edge, never raises). :meth:`strips` gives the grid as Textual
    strips, one per row, and :meth:`text` as Rich Text, one line per row;
    both leave out the blanks at the end of a row.
    """

    def __init__(self, width: int, height: int) -> None:
        self.width = max(0, width)
        self.height = max(0, height)
        self._chars = [[" "] * self.width for _ in range(self.height)]
        self._styles: list[list[str]] = [[""] * self.width for _ in range(self.height)]
        #: Per cell: the directions of the lines through it (its character is their junction);
        #: -1 under text (text hides lines).
        self._lines = [[0] * self.width for _ in range(self.height)]

    def copy(self) -> Canvas:
        """A canvas with the same cells, to draw on while this one stays as it is (a board
        keeps the lines that never change on one canvas and draws each state on a copy)."""
        other = Canvas(0, 0)
        other.width, other.height = self.width, self.height
        other._chars = [row[:] for row in self._chars]
        other._styles = [row[:] for row in self._styles]
        other._lines = [row[:] for row in self._lines]
        return other

    def _inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def put(self, x: int, y: int, text: str | Text, style: str = "") -> None:
        """Write ``text`` from column ``x`` of row ``y`` (one cell per character).

        A :class:`~rich.text.Text` keeps its own styles, ``style`` is laid
        under them. Text hides any line drawn in the same cells.
        """
        if not 0 <= y < self.height:
            return
        if isinstance(text, Text):
            plain = text.plain
            base = " ".join(p for p in (str(style), str(text.style)) if p)
            if text.spans:
                cover: list[list[str]] = [[base] if base else [] for _ in plain]
                for span in text.spans:
                    name = str(span.style)
                    if name:
                        for i in range(max(0, span.start), min(len(plain), span.end)):
                            cover[i].append(name)
                styles = [" ".join(names) for names in cover]
            else:
                styles = [base] * len(plain)
            self._write(x, y, plain, styles)
            return
        n = len(text)
        if x >= 0 and x + n <= self.width:  # all of it inside: the common case, written at once
            self._chars[y][x : x + n] = text
            self._styles[y][x : x + n] = [style] * n
            self._lines[y][x : x + n] = [-1] * n
            return
        self._write(x, y, text, [style] * n)

    def _write(self, x: int, y: int, chars: str, styles: list[str]) -> None:
        lo, hi = max(0, -x), min(len(chars), self.width - x)
        if lo >= hi:
            return
        self._chars[y][x + lo : x + hi] = chars[lo:hi]
        self._styles[y][x + lo : x + hi] = styles[lo:hi]
        self._lines[y][x + lo : x + hi] = [-1] * (hi - lo)  # text wins over lines drawn later too

    def style(self, x: int, y: int, width: int, style: str) -> None:
        """Add ``style`` to ``width`` cells from ``(x, y)`` (a highlight over what is there)."""
        for i in range(width):
            if self._inside(x + i, y):
                self._styles[y][x + i] = f"{self._styles[y][x + i]} {style}".strip()

    def hline(self, y: int, x1: int, x2: int, style: str = "") -> None:
        """A horizontal line on row ``y`` from column ``x1`` to ``x2`` (inclusive)."""
        if not 0 <= y < self.height:
            return
        chars, lines, styles = self._chars[y], self._lines[y], self._styles[y]
        for x in range(max(0, x1), min(x2, self.width - 1) + 1):
            if lines[x] >= 0:
                bits = lines[x] = lines[x] | (_LEFT if x > x1 else 0) | (_RIGHT if x < x2 else 0)
                if bits:
                    chars[x] = _GLYPH[bits]
                if style:
                    styles[x] = style

    def vline(self, x: int, y1: int, y2: int, style: str = "") -> None:
        """A vertical line in column ``x`` from row ``y1`` to ``y2`` (inclusive)."""
        if not 0 <= x < self.width:
            return
        for y in range(max(0, y1), min(y2, self.height - 1) + 1):
            lines = self._lines[y]
            if lines[x] >= 0:
                bits = lines[x] = lines[x] | (_UP if y > y1 else 0) | (_DOWN if y < y2 else 0)
                if bits:
                    self._chars[y][x] = _GLYPH[bits]
                if style:
                    self._styles[y][x] = style

    def box(self, x: int, y: int, width: int, height: int, style: str = "") -> None:
        """The outline of a ``width`` x ``height`` rectangle whose top-left corner is ``(x, y)``."""
        x2, y2 = x + width - 1, y + height - 1
        self.hline(y, x, x2, style)
        self.hline(y2, x, x2, style)
        self.vline(x, y, y2, style)
        self.vline(x2, y, y2, style)

    def rows(self) -> list[Row]:
        """Each row as its runs of (characters, style name); a run ends where the style changes."""
        out: list[Row] = []
        for chars, styles in zip(self._chars, self._styles, strict=True):
            drawn = "".join(chars).rstrip(" ")
            runs = []
            start = 0
            current = styles[0] if drawn else ""
            for x in range(1, len(drawn)):
                if styles[x] != current:
                    runs.append((drawn[start:x], current))
                    start, current = x, styles[x]
            if drawn:
                runs.append((drawn[start:], current))
            out.append(tuple(runs))
        return out

    def strips(
        self, console: Console, reuse: MutableMapping[Row, Strip] | None = None, rows: list[Row] | None = None
    ) -> list[Strip]:
        """The grid as one :class:`~textual.strip.Strip` per row, for :meth:`Lines.set_strips`.

        The same segments Rich Text would render (style names resolved by
        ``console``, the app's), without building the Text. ``reuse`` maps
        rows to the strips made for them last time: a row drawn as before
        comes back as the same Strip (which a :class:`Lines` compares in no
        time); it is then refilled with this drawing's rows only. ``rows``: what
        :meth:`rows` gave, when the caller has asked already.
        """
        resolved = _resolver(console)
        made: dict[Row, Strip] = {}
        out = []
        for row in self.rows() if rows is None else rows:
            strip = made.get(row) or (reuse.get(row) if reuse is not None else None)
            if strip is None:
                strip = Strip(_segments(row, resolved, console))
            made[row] = strip
            out.append(strip)
        if reuse is not None:
            reuse.clear()
            reuse.update(made)
        return out

    def text(self) -> Text:
        """The grid as Rich Text (rows joined by newlines, trailing blanks dropped)."""
        out = Text(no_wrap=True, overflow="crop")
        for y, row in enumerate(self.rows()):
            if y:
                out.append("\n")
            for chars, name in row:
                out.append(chars, style=name or None)
        return out
