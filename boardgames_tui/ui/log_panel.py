"""The scrollable game log, showing private parts only to the seat on screen."""

from __future__ import annotations

from typing import Sequence

from textual.widgets import RichLog

from boardgames_tui.engine import Event
from boardgames_tui.i18n import _, render_event


class LogPanel(RichLog, can_focus=False):
    """The log of a view: ``show(log, names, seat)`` appends new lines or redraws.

    Not focusable, so Tab never takes the keyboard away from the choices;
    it scrolls with the mouse wheel, and always follows the newest line.
    """

    DEFAULT_CSS = """
    LogPanel { width: 30; height: 1fr; border: round $secondary; }
    LogPanel.-wide { width: 44; }
    LogPanel.-hidden { display: none; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, auto_scroll=True, min_width=1, **kwargs)
        #: The lines on screen, as rendered for the seat they were shown to.
        self._shown: list[str] = []
        self._pending: tuple | None = None
        self.border_title = _("Log")

    def show(self, log: Sequence[Event], names: Sequence[str], seat: int | None) -> None:
        """Show ``log`` (already masked for ``seat``); appends when it only grew.

        Lines are compared as the seat reads them: a new seat at the
        keyboard keeps the log on screen unless a line reads differently
        for it (a private part), and then the log is redrawn from the
        start, so no seat ever sees another's private line. New lines go
        in as one write (one wrap and one layout, not one per line).

        While hidden nothing is written (a hidden log has no width to wrap
        to); :meth:`set_hidden` redraws it whole when it comes back.
        """
        self._pending = (tuple(log), tuple(names), seat)
        if self.has_class("-hidden"):
            return
        lines = [line for line in (render_event(event, names, seat) for event in log) if line]
        n = len(self._shown)
        if len(lines) >= n and lines[:n] == self._shown:
            new = lines[n:]
        else:
            self.clear()
            new = lines
        if new:
            self.write("\n".join(new))
        self._shown = lines

    def set_hidden(self, hidden: bool) -> None:
        """Hide the log, or show it again redrawn from the latest log."""
        self.set_class(hidden, "-hidden")
        if not hidden and self._pending is not None:
            self.clear()
            self._shown = []
            self.call_after_refresh(self.show, *self._pending)
