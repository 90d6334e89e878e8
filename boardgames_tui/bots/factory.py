"""Making a bot of a level for a game."""

from __future__ import annotations

from .base import LEVELS, Bot, RandomBot


def make_bot(
    level: str, game_id: str, *, seconds: float = 1.0, playouts: int | None = None, clock: str = "wall"
) -> Bot:
    """A bot of ``level`` ("random", "greedy" or "strong") for ``game_id``.

    ``seconds`` bounds the Strong level's thinking per decision (default
    1 s) and ``playouts``, when given, the number of playouts too (tests
    use a small number, so results do not depend on the machine's speed).
    ``clock`` is what ``seconds`` counts: "wall" time (what a player waits)
    or "cpu" time of the deciding thread (the arena's repeatable figures).
    Raises ValueError for an unknown level or clock, KeyError for an unknown game.
    """
    if level == "random":
        return RandomBot()
    if level == "greedy":
        from .greedy import GreedyBot

        return GreedyBot(game_id)
    if level == "strong":
        from .mcts import StrongBot

        return StrongBot(game_id, seconds=seconds, playouts=playouts, clock=clock)
    raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
