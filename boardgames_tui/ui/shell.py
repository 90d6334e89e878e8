"""What screens may ask of the app, as a typed protocol.

Screens never call ``self.app.x(...)`` on names Textual's ``App`` does not
have (which needs a ``# type: ignore`` and breaks silently when the app
changes). They ask :func:`shell_of` for the app as a :class:`Shell`, which
``BoardGamesApp`` implements; a type checker then checks every call, and
a test app without these methods fails at once with a clear TypeError.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from boardgames_tui.engine import Match


@runtime_checkable
class Shell(Protocol):
    """The app's routing and saving, as screens use them."""

    def open_setup(self, game_id: str) -> None:
        """Open the setup screen of ``game_id`` (a key of ``GAMES``)."""

    def start_new_game(
        self,
        game_id: str,
        names: Sequence[str],
        options: dict[str, Any],
        seed: int | None = None,
        seats: Sequence[str] | None = None,
    ) -> Match:
        """Start and show a new match; ValueError for a setup the game forbids.

        ``seats``: "human" or a computer player's level per seat (None: all people).
        """

    def continue_game(self) -> None:
        """Open the newest autosave, or say there is none."""

    def load_game(self, path: Path, resume: bool = False) -> None:
        """Open a save file (``resume``: it is an autosave this match goes on writing)."""

    def autosave(self, match: Match) -> None:
        """Write ``match``'s autosave after an action (a finished game removes it)."""

    def game_finished(self, match: Match) -> None:
        """Show the game-over screen of ``match`` (once)."""

    def to_launcher(self) -> None:
        """Close every screen above the launcher."""


def shell_of(node: Any) -> Shell:
    """The app of ``node`` (a mounted widget or screen) as a :class:`Shell`.

    Raises TypeError when the app is not one (a widget mounted in some
    other Textual app).
    """
    app = node.app
    if not isinstance(app, Shell):
        raise TypeError(f"{type(app).__name__} does not implement the boardgames-tui Shell protocol")
    return app
