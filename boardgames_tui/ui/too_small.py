"""The "enlarge your terminal" notice shown below 80x24 (docs/architecture.md, The UI)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from boardgames_tui.i18n import _

MIN_WIDTH = 80
MIN_HEIGHT = 24


class TooSmallScreen(Screen[None]):
    """Covers everything until the terminal is at least 80x24 again; the game is kept.

    A full screen rather than a modal one: the screens under it are not
    drawn (nor laid out again at every size) while the terminal is too
    small for them, only when they are back on top. The app keeps it on top
    and shows at most one (``BoardGamesApp._check_size``).
    """

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $background; }
    TooSmallScreen #too-small-text { width: auto; max-width: 100%; padding: 0 1; text-align: center; }
    """

    def compose(self) -> ComposeResult:
        yield Static(self._text(), id="too-small-text", markup=False)

    def _text(self) -> str:
        w, h = self.app.size
        return _(
            "Please enlarge your terminal.\n"
            "It is {width}x{height}; the games need at least {min_width}x{min_height}.\n"
            "Your game is safe and comes back when the window is large enough."
        ).format(width=w, height=h, min_width=MIN_WIDTH, min_height=MIN_HEIGHT)

    def on_resize(self) -> None:
        for text in self.query("#too-small-text").results(Static):
            text.update(self._text())
