"""BoardRows: the Montaña board's scrolling rows, with a scrollbar that follows them.

:class:`~boardgames_tui.ui.scroll_lines.ScrollLines` takes new rows without a
layout of the screen, but Textual sizes a scrollbar's thumb, shows or hides
the scrollbar and keeps the scroll within the content only when the widget
is laid out. The board's rows change at every decision while its box keeps
its size, so :class:`BoardRows` does that part itself when the number of rows
changes: the thumb is repainted for the new length and the scroll kept within
the rows (repaints only). With ``overflow-y: auto`` the scrollbar would also
come and go as the rows outgrow the box or fit in it again, and that is a
layout of the screen: the board sets ``overflow-y: scroll``, so its
scrollbar's column always shows (its thumb the whole column high when every
row is in sight).
"""

from __future__ import annotations

from typing import Sequence

from textual.strip import Strip

from boardgames_tui.ui.scroll_lines import ScrollLines


class BoardRows(ScrollLines):
    """:class:`ScrollLines` whose scrollbar is brought up to date when the rows change."""

    def set_strips(self, strips: Sequence[Strip]) -> None:
        """Show ``strips`` (see :meth:`ScrollLines.set_strips`); a new number of rows also sets
        the scrollbar's thumb, its coming or going, and the scroll's limits."""
        before = self.virtual_size
        super().set_strips(strips)
        if self.virtual_size != before and self.container_size:
            # Textual's own update after a layout: shows or hides the scrollbar (a layout only
            # then), sizes and places the thumb, and keeps scroll_y within the new rows.
            self._scroll_update(self.virtual_size)

    def render_line(self, y: int) -> Strip:
        if not 0 <= y + self.scroll_offset.y < self.rows:
            # Below the last row: an empty row, which Textual fills with the background across
            # the whole width, scrollbar's column included, as the old container drew it.
            return Strip([])
        return super().render_line(y)
