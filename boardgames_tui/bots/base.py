"""The computer-player contract and the simplest player.

A computer player (a *bot*) is asked for one decision at a time:
``bot.choose(view, seat, rnd)`` gets ``state.view(seat)``, the seat it
plays and a ``random.Random`` of its own, and returns one of
``view.legal_actions(seat)``. It never sees the true state: whoever seats
it (the arena, the app) passes the view, and :func:`legal_from_view`
refuses anything else. Because views hide the same things whatever the
hidden cards are, a bot's choice can depend only on what the seat could
know at the table.

Every decision a seat can face goes through ``choose``: turns, secret
choices (several seats in ``to_move``: each is asked on its own view, which
hides the others' pending choices), and reaction windows, where ``Pass`` is
one of the legal actions.
"""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

from boardgames_tui.engine.core import State

#: The levels of play, weakest first (``boardgames-tui arena --seats``).
LEVELS: tuple[str, ...] = ("random", "greedy", "strong")


@runtime_checkable
class Bot(Protocol):
    """A computer player: ``choose(view, seat, rnd) -> action``.

    ``level`` names its level (one of :data:`LEVELS`). ``choose`` must
    return an element of ``view.legal_actions(seat)`` and may raise
    ValueError when handed a state that is not a view (see
    :func:`legal_from_view`). ``stats`` holds figures about the last
    decision (``playouts`` for a searching bot), for the arena.
    """

    level: str
    stats: dict[str, float]

    def choose(self, view: State, seat: int, rnd: random.Random) -> Any:
        """One of ``view.legal_actions(seat)``, decided from ``view`` alone."""
        ...


def legal_from_view(view: State, seat: int) -> list[Any]:
    """``view.legal_actions(seat)``, after checking that ``view`` is a view.

    Every game blanks the random generator in its views, so a state with a
    live generator is a true state: ValueError, since a bot must not read
    it. ValueError too when ``seat`` has nothing to decide.
    """
    rng = getattr(view, "rng", None)
    if rng is None or rng.state >= 0:
        raise ValueError("a computer player decides from state.view(seat), not from the true state")
    legal = view.legal_actions(seat)
    if not legal:
        raise ValueError(f"seat {seat} has no decision to make now")
    return legal


class RandomBot:
    """Level ``random``: a uniformly random legal action."""

    level = "random"

    def __init__(self) -> None:
        self.stats: dict[str, float] = {}

    def choose(self, view: State, seat: int, rnd: random.Random) -> Any:
        """A uniform pick from ``view.legal_actions(seat)`` with ``rnd``."""
        return rnd.choice(legal_from_view(view, seat))


def decide(state: State, seat: int, bot: Bot, rnd: random.Random) -> Any:
    """Ask ``bot`` for ``seat``'s decision in ``state``, showing it ``state.view(seat)`` only."""
    return bot.choose(state.view(seat), seat, rnd)
