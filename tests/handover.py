"""Helpers for the hand-over tests: where the app is, and keys that arrive all at once."""

from __future__ import annotations

import pytest
from textual import events

from boardgames_tui.ui.game_over import GameOverScreen
from boardgames_tui.ui.game_screen import GameScreen

#: The bursts every hand-over is tried with: a double key in the fast tier (the case players
#: hit), longer bursts in the slow tier.
BURSTS = (2, pytest.param(4, marks=pytest.mark.slow), pytest.param(10, marks=pytest.mark.slow))


def cover_kind(screen) -> str:
    """What covers the table of ``screen`` (a screen): "curtain", "notice", or "" (nothing)."""
    return screen.cover.kind if isinstance(screen, GameScreen) else ""


def curtain_up(screen) -> bool:
    """``screen`` is a game screen whose table the hot-seat curtain covers (ui/cover.py)."""
    return cover_kind(screen) == "curtain"


def notice_up(screen) -> bool:
    """``screen`` is a game screen whose table a private notice covers (ui/cover.py)."""
    return cover_kind(screen) == "notice"


def reaction_up(screen) -> bool:
    """``screen`` is a game screen with the public reaction window open (ui/reaction.py)."""
    return isinstance(screen, GameScreen) and screen.reaction_open


def reveal_up(screen) -> bool:
    """``screen`` is a game screen whose board plays Montaña's round for the table."""
    return isinstance(screen, GameScreen) and screen.interlude_player is not None


def reveal_of(app):
    """The reveal playing on the game screen (``RevealPlayer``: frames, index, hold, step)."""
    return game_of(app).interlude_player


def game_of(app) -> GameScreen:
    """The game screen under whatever is on top."""
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


def where(app) -> tuple:
    """What the table sees now, as a small tuple.

    ``("curtain", who)``, ``("notice", who)``, ``("reaction",)``,
    ``("over",)``, or ``("seat", shown seat, marked secret pick)``.
    """
    screen = app.screen
    if cover_kind(screen):
        return (cover_kind(screen), screen.cover.who)
    if reaction_up(screen):
        return ("reaction",)
    if reveal_up(screen):
        return ("reveal",)
    if isinstance(screen, GameOverScreen):
        return ("over",)
    if isinstance(screen, GameScreen):
        return ("seat", screen.shown_seat, getattr(screen.chooser, "marked", None))
    return (type(screen).__name__,)


def actions(app) -> list:
    """The match's actions so far."""
    return list(game_of(app).match.actions)


async def send_at_once(pilot, *keys: str) -> None:
    """Queue ``keys`` on the app in one go, as a terminal read or an SSH packet delivers them.

    Unlike ``pilot.press``, nothing is processed between the keys: each
    is made (and time-stamped) before the app handles the first.
    """
    app = pilot.app
    for key in keys:
        char = "\r" if key == "enter" else (key if len(key) == 1 else None)
        app.post_message(events.Key(key, char))
    await pilot.pause()
    await pilot.pause()
