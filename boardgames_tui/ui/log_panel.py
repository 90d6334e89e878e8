"""The scrollable game log, showing private parts only to the seat on screen."""

from __future__ import annotations

from typing import Sequence

from textual.widgets import RichLog

from boardgames_tui.engine import Event
from boardgames_tui.i18n import _


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
        self._shown: tuple[Event, ...] = ()
        self._key: tuple = ()
        self._pending: tuple | None = None
        self.border_title = _("Log")

    def show(self, log: Sequence[Event], names: Sequence[str], seat: int | None) -> None:
        """Show ``log`` (already masked for ``seat``); appends when it only grew.

        While hidden nothing is written (a hidden log has no width to wrap
        to); :meth:`unhide` redraws it whole.
        """
        self._pending = (tuple(log), tuple(names), seat)
        if self.has_class("-hidden"):
            return
        key = (tuple(names), seat)
        log = tuple(log)
        n = len(self._shown)
        if key == self._key and log[:n] == self._shown:
            new = log[n:]
        else:
            self.clear()
            new = log
        for event in new:
            line = event.render(names, seat)
            if line:
                self.write(line)
        self._shown = log
        self._key = key

    def set_hidden(self, hidden: bool) -> None:
        """Hide the log, or show it again redrawn from the latest log."""
        self.set_class(hidden, "-hidden")
        if not hidden and self._pending is not None:
            self._key = ()
            self.call_after_refresh(self.show, *self._pending)
