"""Finished matches of the real games, from seeded random play (cached: replaying is cheap, playing is not)."""

from __future__ import annotations

import functools
import random

from boardgames_tui.engine import Match


@functools.cache
def _actions(game_id: str, names: tuple[str, ...], seed: int) -> tuple:
    rng = random.Random(seed)
    match = Match.new(game_id, names, seed)
    while not match.state.is_terminal:
        seat = match.state.to_move[0]
        match.play(seat, rng.choice(match.state.legal_actions(seat)))
    return tuple(match.actions)


def finished(
    game_id: str, names: tuple[str, ...] = ("Ana", "Beto"), seed: int = 1, upto: int | None = None
) -> Match:
    """A new Match of ``game_id`` played to the end by random choices (or its first ``upto`` actions)."""
    actions = _actions(game_id, tuple(names), seed)
    match = Match.new(game_id, names, seed)
    for seat, action in actions[: len(actions) if upto is None else upto]:
        match.play(seat, action)
    return match
