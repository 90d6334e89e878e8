"""Level ``greedy``: a per-game rule of thumb written from each game's rules.

What each game's greedy player looks at is described in its module under
:mod:`boardgames_tui.bots.heuristics`. All of them decide from the view
alone; where they look ahead over hidden cards (Penguinramids' deck after
a swap) they do it on one deal drawn with the bot's own ``rnd``.
"""

from __future__ import annotations

import random
from typing import Any

from boardgames_tui.engine.core import State

from .base import legal_from_view
from .heuristics import for_game


class GreedyBot:
    """Level ``greedy`` for the game ``game_id`` (KeyError for an unknown game)."""

    level = "greedy"

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self._rules = for_game(game_id)
        self.stats: dict[str, float] = {}

    def choose(self, view: State, seat: int, rnd: random.Random) -> Any:
        """The game's greedy choice among ``view.legal_actions(seat)``."""
        legal = legal_from_view(view, seat)
        return self._rules.greedy(view, seat, rnd, legal)
