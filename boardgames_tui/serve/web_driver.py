"""Textual's web driver, writing through the output squeezer (``ui/squeeze.py``).

A browser tab's session process (``serve/web.py``) runs this driver instead
of Textual's ``WebDriver``: every write is squeezed (the same cells in
fewer bytes) before it is framed into textual-serve's packets. Two
differences from Textual's driver, both for the squeezer:

- the size it squeezes for is the size the tab last reported, and a resize
  report makes the squeezer forget the screen before the app hears of it,
  so the repaint that follows a resize is written whole;
- at start it turns automatic wrap off (``ESC[?7l``), as Textual's Linux
  driver does; the squeezer counts cursor columns only then. Textual never
  writes past the last column, so the page shows the same either way.
"""

from __future__ import annotations

from textual.drivers.web_driver import WebDriver

from boardgames_tui.ui.driver import SqueezedWrites


class SqueezingWebDriver(WebDriver):
    """``WebDriver`` whose output goes through a :class:`~boardgames_tui.ui.driver.SqueezedWrites`."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._squeeze = SqueezedWrites()

    def write(self, data: str) -> None:
        """Frame the squeezed ``data`` as a data packet for textual-serve."""
        size = self._size
        super().write(self._squeeze(data, (size[0], size[1]) if size else None))

    def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
        """Textual's; a resize first marks the squeezer resized (the repaint is then written whole)."""
        if packet_type == "resize":
            self._squeeze.resized()
        super().on_meta(packet_type, payload)

    def start_application_mode(self) -> None:
        """Textual's, then automatic wrap off (see the module docstring)."""
        super().start_application_mode()
        self.write("\x1b[?7l")
