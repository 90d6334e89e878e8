"""Helpers shared by the per-game heuristics."""

from __future__ import annotations

import math
from collections.abc import Sequence

from boardgames_tui.engine.core import State


def terminal_shares(state: State) -> tuple[float, ...]:
    """1/k for each of the k winners, 0 for everyone else."""
    winners = state.winners()
    share = 1.0 / len(winners)
    return tuple(share if s in winners else 0.0 for s in range(state.players))


def share_from_values(values: Sequence[float], spread: float) -> tuple[float, ...]:
    """Win chances from per-seat values: a softmax where ``spread`` value points make e times the odds."""
    top = max(values)
    weights = [math.exp((v - top) / spread) for v in values]
    total = sum(weights)
    return tuple(w / total for w in weights)
