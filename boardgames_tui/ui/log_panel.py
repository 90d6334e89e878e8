"""The game log, showing private parts only to the seat on screen."""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from boardgames_tui.engine import Event
from boardgames_tui.i18n import _, language, render_event

from .lines import changed_runs, set_border_label

#: Rows one turn of the mouse wheel scrolls.
WHEEL_ROWS = 3


class LogPanel(Widget, can_focus=False):
    """The log of a view: ``show(log, names, seat)`` appends new lines or redraws.

    Not focusable, so Tab never takes the keyboard away from the choices.
    It follows the newest line the way a paper log does: new lines are
    written under the last one, and when the panel is full it turns half
    a page, so most new lines repaint only their own rows (a log that
    scrolled by one row per line would repaint the whole panel on every
    decision, and a growing scrollable log made Textual lay out the whole
    screen). The mouse wheel scrolls back (the border then says so) and
    forward again. Lines are wrapped to the panel's width once, when they
    arrive, and again only when the width changes. ``lines`` holds the
    wrapped rows as :class:`~textual.strip.Strip` objects, oldest first.
    """

    DEFAULT_CSS = """
    LogPanel { width: 30; height: 1fr; border: round $secondary; }
    LogPanel.-wide { width: 44; }
    LogPanel.-hidden { display: none; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        #: The event lines on screen, as rendered for the seat they were shown to.
        self._shown: list[str] = []
        #: Those lines wrapped to the panel's width (``_wrapped_at`` columns).
        self.lines: list[Strip] = []
        #: The rows of ``lines`` that begin an event line (a page turns there, not mid-line).
        self._starts: list[int] = []
        self._wrapped_at = -1
        #: Per (names, seat, language): the log last rendered and its lines (:meth:`_log_lines`).
        self._rendered: dict[tuple, tuple[tuple, list[str]]] = {}
        #: The first row on show while following the log (it moves by half pages).
        self._top = 0
        #: Rows scrolled back from there (0: following the log).
        self._back = 0
        self._pending: tuple | None = None
        #: Show only the first ``held`` events of the log (None: all): see :meth:`hold`.
        self.held: int | None = None
        #: Rows of the lines already wrapped, by (line, width) (see _wrap).
        self._wrapped: dict[tuple[str, int], list[list[Segment]]] = {}
        self.border_title = _("Log")

    # ---- content --------------------------------------------------------------

    def show(self, log: Sequence[Event], names: Sequence[str], seat: int | None) -> None:
        """Show ``log`` (already masked for ``seat``); appends when it only grew.

        Lines are compared as the seat reads them: a new seat at the
        keyboard keeps the log on screen unless a line reads differently
        for it (a private part), and then the log is redrawn from the
        start, so no seat ever sees another's private line.

        While hidden nothing is written (a hidden log has no width to wrap
        to); :meth:`set_hidden` redraws it whole when it comes back.
        """
        self._pending = (tuple(log), tuple(names), seat)
        if self.has_class("-hidden"):
            return
        if self.held is not None:
            log = tuple(log)[: self.held]
        lines = self._log_lines(log, names, seat)
        n = len(self._shown)
        if len(lines) >= n and lines[:n] == self._shown:
            self._shown = lines
            if lines[n:]:
                self._append(lines[n:])
            return
        # Written whole (another seat's eyes), the newest line at the bottom as in a full panel.
        # Every row that reads differently is repainted in this same frame; rows that read the
        # same (most of them: only a private line differs) are left as they are.
        before = self._rows_on_show()
        self._shown = lines
        self._back = 0
        set_border_label(self, "border_subtitle", "")
        self._rewrap(repaint=False)
        width = self.content_size.width
        if width <= 0:
            self.refresh()
            return
        for start, count in changed_runs(before, self._rows_on_show(), tail=True):
            self.refresh(Region(0, start, width, count))

    def _rows_on_show(self) -> list[Strip]:
        """The rows the panel shows now, top first (fewer than its height when not full)."""
        first = max(0, self._top - self._back)
        return self.lines[first : first + self.content_size.height]

    def _log_lines(self, log: Sequence[Event], names: Sequence[str], seat: int | None) -> list[str]:
        """The lines of ``log`` as ``seat`` reads them (empty ones left out).

        A log only grows between two decisions: the events already rendered
        for the same seat, names and language are not rendered again.
        """
        log = tuple(log)
        key = (tuple(names), seat, language())
        done, lines = self._rendered.get(key, ((), []))
        if len(log) >= len(done) and log[: len(done)] == done:
            lines = lines + [
                line for line in (render_event(event, names, seat) for event in log[len(done) :]) if line
            ]
        else:
            lines = [line for line in (render_event(event, names, seat) for event in log) if line]
        if len(self._rendered) > 8:
            self._rendered.clear()
        self._rendered[key] = (log, lines)
        return lines

    def hold(self, upto: int | None) -> None:
        """Show only the first ``upto`` events of the log until ``hold(None)``: the table
        watches them being played (Montaña's round revealed) before the log tells them. The
        panel keeps its place and size (hiding it laid the screen out and drew the board
        again for a new width, twice per reveal)."""
        if upto == self.held:
            return
        self.held = upto
        if self._pending is not None:
            self.show(*self._pending)

    def clear(self) -> None:
        """Empty the panel (the next :meth:`show` writes the log from its start)."""
        self._shown = []
        self.lines = []
        self._starts = []
        self._top = self._back = 0
        set_border_label(self, "border_subtitle", "")
        self.refresh()

    def _append(self, new: Sequence[str], repaint: bool = True) -> None:
        """Add the event lines ``new`` under the others (``repaint``: and repaint what that
        changes; the caller repaints otherwise)."""
        width = self.content_size.width
        if width != self._wrapped_at:
            self._rewrap()
            return
        first = len(self.lines)
        for line in new:
            self._starts.append(len(self.lines))
            self.lines.extend(self._wrap(line, width))
        rows = self.lines[first:]
        top = self._turn_page()
        if not repaint:
            self._top = top
        elif self._back:
            self._back += top - self._top  # keep the rows being read where they are
            self._top = top
        elif top != self._top:
            self._top = top
            self.refresh()
        else:  # only the new rows, below the ones already on show
            self.refresh(Region(0, first - top, width, len(rows)))  # content coordinates

    def _turn_page(self) -> int:
        """Where the shown rows start for the newest row to be on show (half pages)."""
        height = self.content_size.height
        if len(self.lines) - self._top <= height:
            return self._top
        return self._line_start_near(max(0, len(self.lines) - max(1, (height + 1) // 2)))

    def _line_start_near(self, row: int) -> int:
        """The row where an event line starts at or before ``row`` (else after it), such that
        the newest row stays on show: a page never begins in the middle of a line."""
        height = self.content_size.height
        before = bisect.bisect_right(self._starts, row) - 1
        if before >= 0 and len(self.lines) - self._starts[before] <= height:
            return self._starts[before]
        after = bisect.bisect_left(self._starts, row)
        return self._starts[after] if after < len(self._starts) else row

    def _wrap(self, line: str, width: int) -> list[Strip]:
        if width <= 0:
            return []
        if line.isascii() and len(line) <= width:
            return [Strip([Segment(line)], len(line))]
        # Kept: a log written again for other eyes (a new seat at the keyboard) wraps each line
        # once, not at every change of seat. The segments are kept, not the Strips: a Strip
        # drawn before carries Textual's caches of that drawing, and Strips kept for later
        # made the compositor slower than new ones.
        key = (line, width)
        rows = self._wrapped.get(key)
        if rows is None:
            if len(self._wrapped) >= 4096:
                self._wrapped.clear()
            console = self.app.console
            rows = self._wrapped[key] = [
                list(row.render(console, end="")) for row in Text(line).wrap(console, width)
            ]
        return [Strip(segments) for segments in rows]

    def _rewrap(self, repaint: bool = True) -> None:
        """Wrap every line shown again at the panel's width, the newest row on show; repaint
        the panel unless ``repaint`` is False (the caller repaints what changed)."""
        width = self.content_size.width
        self._wrapped_at = width
        self.lines, self._starts = [], []
        for line in self._shown:
            self._starts.append(len(self.lines))
            self.lines.extend(self._wrap(line, width))
        self._top = self._line_start_near(max(0, len(self.lines) - self.content_size.height))
        self._back = min(self._back, self._most_back())
        if repaint:
            self.refresh()

    def set_hidden(self, hidden: bool) -> None:
        """Hide the log, or show it again brought up to the latest log.

        The rows already wrapped are kept: shown again at the same width, only
        the lines that came meanwhile are added (:meth:`show` redraws it from
        the start if a line reads differently for the seat now on screen, and
        a new width wraps it again).
        """
        self.set_class(hidden, "-hidden")
        if not hidden and self._pending is not None:
            log, names, seat = self._pending
            lines = self._log_lines(log, names, seat)
            n = len(self._shown)
            if not (len(lines) >= n and lines[:n] == self._shown):
                # The rows kept were written for other eyes (a private line): gone before the
                # panel is drawn again, never shown for a frame to the seat now at the screen.
                self.clear()
            self.call_after_refresh(self.show, *self._pending)

    # ---- scrolling -------------------------------------------------------------

    def _most_back(self) -> int:
        return self._top

    def _scroll_back(self, rows: int) -> None:
        back = max(0, min(self._back + rows, self._most_back()))
        if back != self._back:
            self._back = back
            set_border_label(self, "border_subtitle", _("scrolled back") if back else "")
            self.refresh()

    def scroll_end(self, animate: bool = False, **_kwargs) -> None:
        """Follow the newest line again."""
        self._scroll_back(-self._back)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self._scroll_back(WHEEL_ROWS)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self._scroll_back(-WHEEL_ROWS)

    def on_resize(self, event: events.Resize) -> None:
        if self.content_size.width != self._wrapped_at:
            self._rewrap()
        else:  # a new height: the newest row stays on show
            self._top = self._turn_page()
            self._back = min(self._back, self._most_back())
            self.refresh()

    # ---- line API ---------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        base = self.visual_style.rich_style  # every segment gets a style (filters such as NO_COLOR need one)
        index = max(0, self._top - self._back) + y
        if 0 <= index < len(self.lines):
            return self.lines[index].crop_extend(0, width, None).apply_style(base)
        return Strip.blank(width, base)
