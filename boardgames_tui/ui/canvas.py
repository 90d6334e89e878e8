"""A small character canvas for drawing boards with box-drawing lines and text.

Boards that look like the table (mountains of steps, pyramids of tiles) are
easier to draw on a grid than to concatenate line by line: lines are laid
down as segments, and where segments meet the right junction (``┬``, ``┼``,
``└``...) is chosen from the directions that meet there. Text written on
top of a line replaces it. Only the basic box-drawing set is used (one
cell wide in every terminal we target).
"""

from __future__ import annotations

from rich.text import Text

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


class Canvas:
    """A ``width`` x ``height`` grid of cells, each a character and a style.

    Writes outside the grid are dropped (a board cut by a narrow terminal
    loses its edge, never raises). :meth:`text` gives the grid as Rich Text,
    one line per row, trailing spaces removed.
    """

    def __init__(self, width: int, height: int) -> None:
        self.width = max(0, width)
        self.height = max(0, height)
        self._chars = [[" "] * self.width for _ in range(self.height)]
        self._styles: list[list[str]] = [[""] * self.width for _ in range(self.height)]
        self._lines = [[0] * self.width for _ in range(self.height)]

    def _inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def put(self, x: int, y: int, text: str | Text, style: str = "") -> None:
        """Write ``text`` from column ``x`` of row ``y`` (one cell per character).

        A :class:`~rich.text.Text` keeps its own styles, ``style`` is laid
        under them. Text hides any line drawn in the same cells.
        """
        if isinstance(text, Text):
            for i, ch in enumerate(text.plain):
                parts = [str(style), str(text.style)] + [str(s.style) for s in text.spans if s.start <= i < s.end]
                self._set(x + i, y, ch, " ".join(p for p in parts if p))
            return
        for i, ch in enumerate(text):
            self._set(x + i, y, ch, style)

    def _set(self, x: int, y: int, ch: str, style: str) -> None:
        if self._inside(x, y):
            self._chars[y][x] = ch
            self._styles[y][x] = style
            self._lines[y][x] = -1  # text wins over lines drawn later too

    def style(self, x: int, y: int, width: int, style: str) -> None:
        """Add ``style`` to ``width`` cells from ``(x, y)`` (a highlight over what is there)."""
        for i in range(width):
            if self._inside(x + i, y):
                self._styles[y][x + i] = f"{self._styles[y][x + i]} {style}".strip()

    def _link(self, x: int, y: int, bits: int, style: str) -> None:
        if self._inside(x, y) and self._lines[y][x] >= 0:
            self._lines[y][x] |= bits
            if style:
                self._styles[y][x] = style

    def hline(self, y: int, x1: int, x2: int, style: str = "") -> None:
        """A horizontal line on row ``y`` from column ``x1`` to ``x2`` (inclusive)."""
        for x in range(x1, x2 + 1):
            self._link(x, y, (_LEFT if x > x1 else 0) | (_RIGHT if x < x2 else 0), style)

    def vline(self, x: int, y1: int, y2: int, style: str = "") -> None:
        """A vertical line in column ``x`` from row ``y1`` to ``y2`` (inclusive)."""
        for y in range(y1, y2 + 1):
            self._link(x, y, (_UP if y > y1 else 0) | (_DOWN if y < y2 else 0), style)

    def box(self, x: int, y: int, width: int, height: int, style: str = "") -> None:
        """The outline of a ``width`` x ``height`` rectangle whose top-left corner is ``(x, y)``."""
        x2, y2 = x + width - 1, y + height - 1
        self.hline(y, x, x2, style)
        self.hline(y2, x, x2, style)
        self.vline(x, y, y2, style)
        self.vline(x2, y, y2, style)

    def text(self) -> Text:
        """The grid as Rich Text (rows joined by newlines, trailing blanks dropped)."""
        out = Text(no_wrap=True, overflow="crop")
        for y in range(self.height):
            if y:
                out.append("\n")
            row = self._chars[y]
            last = max((x for x in range(self.width) if row[x] != " " or self._lines[y][x] > 0), default=-1)
            run_style: str = ""
            run = ""
            for x in range(last + 1):
                bits = self._lines[y][x]
                ch = _GLYPH.get(bits, " ") if bits > 0 else row[x]
                st = self._styles[y][x]
                if st != run_style and run:
                    out.append(run, style=run_style or None)
                    run = ""
                run_style = st
                run += ch
            if run:
                out.append(run, style=run_style or None)
        return out
