"""Computer players for every game (issue 10): Random, Greedy and Strong.

Pure Python: like the engine, nothing here imports a terminal library (the
import contract in ``pyproject.toml`` checks it). A bot decides from
``state.view(seat)`` alone:

    from boardgames_tui.bots import make_bot, decide
    bot = make_bot("strong", "penguinramids", seconds=1.0)
    action = decide(state, seat, bot, rnd)        # shows the bot state.view(seat)

- ``random``: a uniformly random legal action (:class:`RandomBot`);
- ``greedy``: a rule of thumb per game (:mod:`.heuristics`);
- ``strong``: information-set Monte Carlo tree search over deals of the
  hidden cards (:mod:`.mcts`, :mod:`.determinize`).

``boardgames-tui arena`` plays them against each other (:mod:`.arena`).
"""

from .base import LEVELS, Bot, RandomBot, decide, legal_from_view
from .determinize import determinize
from .factory import make_bot

__all__ = ["LEVELS", "Bot", "RandomBot", "decide", "determinize", "legal_from_view", "make_bot"]
