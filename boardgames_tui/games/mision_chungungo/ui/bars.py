"""Scrollbars whose new length asks for no second layout of the screen.

Textual gives every widget a "virtual size" that asks for a layout when it
changes, and sets a scrollbar's to its length while laying the screen out:
a scrollbar that changes length (the list of choices below 30 rows, sized
by its choices; the field's box, which gets the rows the list leaves) had
Textual lay the whole screen out a second time, for nothing, since a
scrollbar's place does not depend on it. :class:`QuietBars` gives a
scrolling widget :class:`QuietScrollBar` instead, drawn and used the same.
"""

from __future__ import annotations

from textual.geometry import Size
from textual.reactive import Reactive
from textual.scrollbar import ScrollBar


class QuietScrollBar(ScrollBar):
    """Textual's scrollbar, except that a new length lays nothing out again."""

    virtual_size = Reactive(Size(0, 0), layout=False)


class QuietBars:
    """Mixin for a scrolling widget (put it before the widget's class): its scrollbars are
    :class:`QuietScrollBar`, made as Textual makes its own (``Widget.vertical_scrollbar``)."""

    # Set by Widget.__init__ in the widget this is mixed into (annotations only: no class value).
    _vertical_scrollbar: ScrollBar | None
    _horizontal_scrollbar: ScrollBar | None

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        """The vertical scrollbar (made at the first use)."""
        if self._vertical_scrollbar is None:
            self._vertical_scrollbar = self._quiet_bar(True)
        return self._vertical_scrollbar

    @property
    def horizontal_scrollbar(self) -> ScrollBar:
        """The horizontal scrollbar (made at the first use)."""
        if self._horizontal_scrollbar is None:
            self._horizontal_scrollbar = self._quiet_bar(False)
        return self._horizontal_scrollbar

    def _quiet_bar(self, vertical: bool) -> QuietScrollBar:
        thickness = self.scrollbar_size_vertical if vertical else self.scrollbar_size_horizontal  # type: ignore[attr-defined]  # a mixin: the widget has them
        bar = QuietScrollBar(
            vertical=vertical, name="vertical" if vertical else "horizontal", thickness=thickness
        )
        bar.display = False
        self.app._start_widget(self, bar)  # type: ignore[attr-defined]  # a mixin: the widget has app
        return bar
