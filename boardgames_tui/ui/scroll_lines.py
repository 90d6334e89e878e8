"""ScrollLines: rows of styled text that scroll inside a widget of a fixed size.

A board taller than its room used to be a scrolling container holding a few
:class:`~boardgames_tui.ui.lines.Lines` widgets, one per part of the board.
Each part whose number of rows changed, or that came and went, made Textual
lay the whole screen out again and repaint it (several milliseconds a key).
:class:`ScrollLines` is one widget of the line API that holds every row
itself: it takes its size from its container, its rows only set what scrolls
inside it (its virtual size, which here asks for no layout), and a new set of
rows repaints only the rows that differ from those on screen. A board built
from parts joins their rows (:meth:`ScrollLines.set_strips`); a part that is
not shown simply gives no rows.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from textual.geometry import Size
from textual.reactive import Reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from .lines import changed_runs, render_strips


class ScrolledIntoView:
    """Mixin for a scroll view (``ScrollView`` subclass) on a page that comes into view by
    scrolling (the game screen's table under the cover, ui/cover.py): coming into view leaves
    its scrollbars as they are.

    Textual's fast path for a scrolled container tells each widget it brings into view its
    size again, with the room on screen as its virtual size; a scroll view, whose virtual
    size is its content, takes that for a change and repaints its scrollbar, in a second
    frame after the one that brought the page into view (every hand-over). Nothing about the
    widget changed (a new size still counts); its own content updates its scrollbars when it
    changes (``_scroll_update``). Full layouts are left to Textual.
    """

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        if not layout:  # brought into view by a scroll, not laid out
            virtual_size = self.virtual_size  # type: ignore[attr-defined]  # a mixin: the widget has it
        return super()._size_updated(size, virtual_size, container_size, layout)  # type: ignore[misc]  # a mixin: the widget after it in the MRO


class ScrollLines(ScrolledIntoView, ScrollView, can_focus=False):
    """Rows of styled text (``set_strips``/``set``) in a box of fixed size that scrolls.

    The widget fills its container (``height: 1fr; width: 1fr``); rows
    longer than it are cut. Its vertical scrollbar shows when the rows
    outgrow it (``overflow-y: auto``: the scrollbar coming or going is a
    layout, the rows changing are not); a subclass that wants no layout
    ever sets ``overflow-y: scroll`` or ``hidden``. Rows are drawn with the
    widget's own style under the rows' own styles, as :class:`Lines` does.
    """

    DEFAULT_CSS = """
    ScrollLines { height: 1fr; width: 1fr; overflow-y: auto; overflow-x: hidden; }
    """

    #: The rows set what scrolls, not the screen's layout (see the module docstring), and
    #: repaint no row by themselves: a new number of rows repaints the rows that differ and
    #: those added or gone (:meth:`set_strips`), not every row of the board.
    virtual_size = Reactive(Size(0, 0), layout=False, repaint=False)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._strips: list[Strip] = []

    @property
    def rows(self) -> int:
        """How many rows the content has (shown or scrolled out of view)."""
        return len(self._strips)

    @property
    def strips(self) -> list[Strip]:
        """The rows on show, top first (do not change the list)."""
        return self._strips

    @property
    def width_for_rows(self) -> int:
        """Cells a row may take without being cut: the width inside the borders, padding
        and scrollbar (0 before the first layout)."""
        return self.scrollable_content_region.width

    def plain(self) -> str:
        """The rows as plain text (for tests and screen readers)."""
        return "\n".join(strip.text for strip in self._strips)

    def set(self, text: RenderableType, wrap: bool = True) -> None:
        """Show ``text`` laid out at the widget's width (wrapped when ``wrap``; before the
        first layout, at the terminal's width)."""
        width = self.width_for_rows or self.app.size.width
        self.set_strips(render_strips(text, self.app.console, width, wrap) if width > 0 else [])

    def set_strips(self, strips: Sequence[Strip]) -> None:
        """Show ``strips``: the rows that differ from those on screen are repainted, a new
        number of rows only changes what scrolls (no layout)."""
        old, new = self._strips, list(strips)
        self._strips = new
        widest = max((strip.cell_length for strip in new), default=0)
        size = Size(widest, len(new))
        if size != self.virtual_size:
            self.virtual_size = size
            if self.container_size:
                # What Textual does after a layout: the scrollbar's thumb sized and placed for
                # the new rows, the scroll kept within them (and the scrollbar shown or hidden,
                # a layout only then: ``overflow-y: scroll`` or ``hidden`` never has one).
                self._scroll_update(size)
        if not self.size:
            return  # not laid out yet: the first frame draws every row
        for start, count in changed_runs(old, new, tail=True):
            self.refresh_lines(start, count)

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        base = self.visual_style.rich_style
        row = y + self.scroll_offset.y
        if 0 <= row < len(self._strips):
            return (
                self._strips[row]
                .crop_extend(self.scroll_offset.x, self.scroll_offset.x + width, None)
                .apply_style(base)
            )
        # Below the last row: an empty row, which Textual fills with the background across the
        # whole width (the scrollbar's column included, as a scrolling container draws it).
        return Strip([])
