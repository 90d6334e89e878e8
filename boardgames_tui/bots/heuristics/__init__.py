"""Per-game knowledge for the computer players: one module per game.

Each module has the same three functions:

- ``greedy(view, seat, rnd, legal) -> action``: the Greedy level's choice,
  from the view alone (``legal`` is ``view.legal_actions(seat)``);
- ``policy(state, seat, rnd) -> action``: a quick choice used inside the
  Strong level's playouts, on an imagined full state;
- ``value(state) -> tuple[float, ...]``: each seat's estimated share of the
  win (1/k to each of k winners once the game is over), used to score a
  playout cut short.
"""

from __future__ import annotations

import importlib
from types import ModuleType

_MODULES = {
    "mountain_goats": "mountain_goats",
    "penguinramids": "penguinramids",
    "montana_pinguino": "montana_pinguino",
    "mision_chungungo": "mision_chungungo",
}


def for_game(game_id: str) -> ModuleType:
    """The heuristics module of ``game_id``. Raises KeyError for a game without one."""
    return importlib.import_module(f"{__name__}.{_MODULES[game_id]}")
