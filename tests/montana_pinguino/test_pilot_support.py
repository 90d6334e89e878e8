"""Helpers of the Montaña Pingüino Pilot tests: the policy a scripted player follows,
and the seed search that finds a 2-runner race in which a reaction is played."""

from __future__ import annotations

import random
from typing import Any

from boardgames_tui.games.montana_pinguino import rules as R

REACTIONS = (R.PlayIglu, R.PlayTormenta)


def policy(state: Any, seat: int, rnd: random.Random) -> int:
    """Index of the action a scripted player picks: a reaction whenever it can react,
    otherwise the first card that acts at its speed (so races end), else a random one."""
    legal = state.legal_actions(seat)
    for i, a in enumerate(legal):
        if isinstance(a, REACTIONS):
            return i
    if state.phase == R.Phase.PLAY:
        good = [i for i, a in enumerate(legal) if isinstance(a, R.PlayCard)
                and R.in_speed_range(state, seat, a.card, a.half)]
        if good:
            return rnd.choice(good)
    return rnd.randrange(len(legal))


def simulate(spec, names: list[str], seed: int, limit: int = 400) -> tuple[Any, int]:
    """Play the race with :func:`policy` as the app would (first seat of to_move);
    returns the final state and the number of decisions."""
    rnd = random.Random(seed)
    state = spec.new_game(len(names), seed)
    n = 0
    while not state.is_terminal and n < limit:
        window = state.reaction_window
        if window is not None:
            reacting = [s for s in state.to_move if any(isinstance(a, REACTIONS) for a in state.legal_actions(s))]
            if reacting:
                seat = reacting[0]
                state = state.apply(seat, state.legal_actions(seat)[policy(state, seat, rnd)])
            else:
                for s in sorted(state.to_move):
                    state = state.apply(s, next(a for a in state.legal_actions(s) if not isinstance(a, REACTIONS)))
            n += 1
            continue
        seat = state.to_move[0]
        state = state.apply(seat, state.legal_actions(seat)[policy(state, seat, rnd)])
        n += 1
    return state, n


def reaction_seed(spec, names: list[str]) -> int:
    """The first seed whose scripted race ends within 150 decisions with a reaction played."""
    for seed in range(500):
        state, n = simulate(spec, names, seed, 150)
        text = " ".join(e.text for e in state.log)
        if state.is_terminal and ("plays Iglú" in text or "plays Tormenta" in text):
            return seed
    raise AssertionError("no seed with a reaction")
