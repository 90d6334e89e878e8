"""Lines: a widget that shows styled lines and repaints only the rows that changed.

Boards, notes and the log change a few rows per decision. Handing Textual a
new renderable (``Static.update``) makes it parse, wrap and lay out the
whole screen again, and repaint every widget under the changed area; that
was most of the cost of a keypress. :class:`Lines` keeps its content as
ready-made :class:`~textual.strip.Strip` rows (Textual's line API), compares
each new row with the one on screen, and asks for a repaint of just the rows
that differ. Layout is asked for only when the number of rows changes (its
height is ``auto`` by default), so a board that keeps its size costs one
repaint of the rows a move touched: fewer CPU cycles at the desk and fewer
bytes over SSH.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.segment import Segment
from rich.text import Text
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget


def text_strips(text: Text | str, console) -> list[Strip]:
    """Cut ``text`` at its newlines into one :class:`Strip` per row (no wrapping: rows are drawn as laid out).

    ``console`` is the app's Rich console (it resolves style names). A
    plain ``str`` is shown unstyled, markup included as typed.
    """
    if isinstance(text, str):
        return [Strip([Segment(row)]) if row else Strip.blank(0) for row in text.split("\n")]
    strips = []
    for row in text.split("\n", allow_blank=True):
        segments = [s for s in row.render(console, end="") if s.text]
        strips.append(Strip(segments))
    return strips


def render_strips(text: RenderableType, console, width: int, wrap: bool) -> list[Strip]:
    """``text`` (a string shown as typed, Rich Text or any Rich renderable) laid out at
    ``width`` cells: one :class:`Strip` per row, long rows wrapped (``wrap``) or cut."""
    rich = Text(text) if isinstance(text, str) else text
    options = console.options.update(width=width, height=None, no_wrap=not wrap, overflow="crop")
    return [Strip(row) for row in console.render_lines(rich, options, pad=False)]


def changed_runs(old: Sequence[Strip], new: Sequence[Strip], tail: bool = False) -> list[tuple[int, int]]:
    """The runs of rows that differ between ``old`` and ``new`` over their common length,
    as ``(first row, number of rows)``: what a repaint must cover when rows are replaced.
    With ``tail``, the rows only one of them has are one more run (for a widget of fixed
    height, where missing rows are drawn blank)."""
    runs: list[tuple[int, int]] = []
    start = None
    for y, (a, b) in enumerate(zip(old, new, strict=False)):
        same = a is b or (a.cell_length == b.cell_length and a._segments == b._segments)
        if not same and start is None:
            start = y
        elif same and start is not None:
            runs.append((start, y - start))
            start = None
    common = min(len(old), len(new))
    if start is not None:
        runs.append((start, common - start))
    if tail and len(old) != len(new):
        if runs and runs[-1][0] + runs[-1][1] == common:
            first, _count = runs.pop()
        else:
            first = common
        runs.append((first, max(len(old), len(new)) - first))
    return runs


def set_border_label(widget: Widget, which: str, text: str) -> None:
    """Set ``widget``'s ``border_title`` or ``border_subtitle`` (``which``) to ``text`` (console
    markup), repainting only the border row it sits on.

    Textual's own setter repaints the whole widget, even for the same words: a list of choices
    whose title names the player repainted all its rows at every decision. Nothing happens when
    the label already reads ``text``. Before the first layout the whole widget is repainted.
    Raises ValueError for any other ``which``.
    """
    if which not in ("border_title", "border_subtitle"):
        raise ValueError(f"not a border label: {which!r}")
    if (getattr(widget, which) or "") == text:
        return
    width, height = widget.outer_size  # with the border (``size`` is the content's)
    if not height:
        setattr(widget, which, text)
        return
    # What Textual's setter stores (widget.py, _BorderTitle), without its refresh of every row.
    label = widget.render_str(text).expand_tabs(4).split()[0] if text else None
    setattr(widget, "_" + which, label)
    row = 0 if which == "border_title" else height - 1
    gutter = widget.content_offset  # refresh takes content coordinates; a border row is above them
    widget.refresh(Region(-gutter.x, row - gutter.y, width, 1))


class Lines(Widget, can_focus=False):
    """Rows of styled text (``set(text)``), repainted row by row.

    The content is as wide as its longest row and as tall as its rows
    (``height: auto``, ``width: 1fr`` by default); rows longer than the
    widget are cut, or wrapped to its width with ``wrap=True`` (then a
    new width wraps them again). Rows are drawn with the widget's own
    style (colour, background, text style) under the row's styles.
    """

    DEFAULT_CSS = """
    Lines { height: auto; width: 1fr; }
    """

    def __init__(
        self,
        text: Text | str = "",
        *,
        wrap: bool = False,
        keep_rows: bool = False,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._strips: list[Strip] = []
        #: Long rows are wrapped to the width (True) or cut (False).
        self.wrap = wrap
        #: Never fewer rows than the most shown at this width: a shorter text is padded with
        #: blank rows. A part whose length changes from one decision to the next (a hand, a
        #: preview) is then laid out again only when it grows, not at every decision (a new
        #: height lays out and repaints the whole board, twice).
        self.keep_rows = keep_rows
        self._kept = 0
        self._kept_width = -1
        #: Rows of content, without the blank rows ``keep_rows`` adds.
        self._content_rows = 0
        self._text: RenderableType = text
        self._wrapped_at = -1
        self._widest = 0

    # ---- content ------------------------------------------------------------

    @property
    def rows(self) -> int:
        """How many rows the content has."""
        return len(self._strips)

    def set(self, text: RenderableType) -> None:
        """Show ``text`` (rows separated by newlines); repaints only the rows that differ from those on screen.

        ``text`` is a string (shown as typed, no markup), Rich Text, or any
        Rich renderable (a Group of Texts...), which is laid out at the
        widget's width.
        """
        self._text = text
        if not self.is_mounted:
            return
        if self.wrap or not isinstance(text, (str, Text)):
            width = self.content_size.width
            self._wrapped_at = width
            if width <= 0:
                # Not laid out yet: drawn for the terminal's width meanwhile (so the first frame
                # has it), and again when the widget gets its own width.
                width = self.app.size.width
                if width <= 0:
                    return
            self.set_strips(render_strips(text, self.app.console, width, self.wrap))
            return
        self.set_strips(text_strips(text, self.app.console))

    def set_strips(self, strips: Sequence[Strip]) -> None:
        """Show ready-made rows. Asks for layout only when the number of rows changes."""
        old = self._strips
        new = list(strips)
        self._content_rows = len(new)
        width = self.content_size.width
        if self.keep_rows:
            if width > 0 and width != self._kept_width:  # new width, new wrapping: count again
                self._kept_width, self._kept = width, 0
            if len(new) < self._kept:
                new.extend(Strip.blank(0) for _ in range(self._kept - len(new)))
            self._kept = len(new)
        self._strips = new
        widest = max((s.cell_length for s in new), default=0)
        auto_height = self.styles.height is None or self.styles.height.is_auto
        resized = (
            len(new) != len(old)
            or (auto_height and self.display and self._laid_out_for_other_rows(len(new)))
            or (widest != self._widest and self.styles.width is not None and self.styles.width.is_auto)
        )
        self._widest = widest
        if resized:
            self.refresh(layout=True)  # a new size: the screen is laid out again
            return
        if width <= 0:
            self.refresh()  # not laid out yet (or hidden): no row to name, all are new
            return
        for start, count in changed_runs(old, new):
            self.refresh(Region(0, start, width, count))

    def _laid_out_for_other_rows(self, rows: int) -> bool:
        """True when the height on screen does not fit ``rows`` (a change made while hidden)."""
        height = self.content_size.height
        if self.styles.max_height is not None:  # a capped widget may show fewer rows than it has
            return height > rows
        return height != rows

    @property
    def source(self) -> RenderableType:
        """What :meth:`set` was last given."""
        return self._text

    def plain(self) -> str:
        """The rows as plain text (for tests and screen readers), without ``keep_rows`` padding."""
        return "\n".join(s.text for s in self._strips[: self._content_rows])

    def on_mount(self) -> None:
        if self._text:
            self.set(self._text)

    def on_resize(self) -> None:
        # At once, not after the next refresh: that refresh would draw the rows wrapped for the
        # old width, and the new ones would need a second layout and frame. A board that draws
        # itself again for its new width sets the same rows again: no repaint.
        self._fit_width()

    def _fit_width(self) -> None:
        if self._wrapped_at >= 0 and self.content_size.width != self._wrapped_at:
            self.set(self._text)

    # ---- line API -------------------------------------------------------------

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._strips)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self._widest

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        base = self.visual_style.rich_style  # the widget's colour and text style, under the row's own
        if 0 <= y < len(self._strips):
            return self._strips[y].crop_extend(0, width, None).apply_style(base)
        return Strip.blank(width, base)
