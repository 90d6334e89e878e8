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


async def drive(pilot, rnd, until, limit: int = 600) -> list[tuple]:
    """Play the app's match hot-seat until ``until(state)``, as a table would, and return what
    the table saw, in order: ``("curtain", who, reason)``, ``("notice", who)``,
    ``("reaction",)``, ``("reveal",)`` and ``("seat", seat)`` for each decision asked.

    Decisions are ``rnd``'s choice among the legal actions, posted as the list posts them;
    a curtain or notice gets Enter, a reaction window Enter (nobody reacts), a reveal Space.
    """
    from boardgames_tui.ui.board import ActionChosen

    app = pilot.app
    seen: list[tuple] = []
    for _ in range(limit):
        screen = app.screen
        if not isinstance(screen, GameScreen):
            break
        state = screen.match.state
        if state.is_terminal or until(state):
            break
        gate = app.key_gate
        for _wait in range(100):
            if gate.drawn:
                break
            await pilot.pause(0.01)
        gate.rest()
        if screen.cover.kind:
            what = (screen.cover.kind, screen.cover.who)
            seen.append(what + ((screen.cover.reason,) if screen.cover.kind == "curtain" else ()))
            await pilot.press("enter")
        elif screen.interlude_player is not None:
            if not seen or seen[-1] != ("reveal",):
                seen.append(("reveal",))
            await pilot.press("space")
        elif screen.reaction_open:
            seen.append(("reaction",))
            await pilot.press("enter")
        elif screen.shown_seat is not None and screen.shown_seat in state.to_move:
            seat = screen.shown_seat
            seen.append(("seat", seat))
            screen.post_message(ActionChosen(rnd.choice(state.legal_actions(seat)), screen.stamp))
        await pilot.pause()
    return seen


def needless_curtains(seen: list[tuple], who) -> list[int]:
    """Indices in ``seen`` (from :func:`drive`) of curtains for the seat whose private screen
    was the last one shown, with only reaction windows nobody answered in between: the
    hand-over rule asks for none of them. ``who(seat)`` is a seat's curtain name."""
    out = []
    last = None
    for i, item in enumerate(seen):
        if item[0] == "seat":
            last = who(item[1])
        elif item[0] == "reveal":
            last = None  # the whole table watched
        elif item[0] == "curtain":
            if item[1] == last:
                out.append(i)
            last = None
    return out
