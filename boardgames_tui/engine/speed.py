"""Speed-only helpers of the games' rules: caches that never change a result.

Each game's ``rules.py`` says what is legal and what an action does; this
module only remembers answers the rules already gave, so that asking twice
costs once (Montaña Pingüino, Penguinramids and Misión Chungungo use it). A computer
player's search and the engine benchmark ask a state for its legal actions
and then apply one of them, and ``apply`` asks again to check the action:
with the cache the second answer is a lookup.

The cache lives in the state's ``_legal_cache`` field, declared with
``init=False``: the engine's ``evolve`` (and ``attrs.evolve``) never copy
it, so every derived state, view or re-deal starts with an empty cache, and
it takes no part in equality or saves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def legal_cached(state: Any, seat: int, compute: Callable[[Any, int], list[Any]]) -> list[Any]:
    """``compute(state, seat)``, remembered on ``state`` per seat; a fresh list every call.

    ``state`` is a frozen game state with a ``_legal_cache`` field declared
    ``attrs.field(default=None, init=False, eq=False, repr=False)`` (its ``_legal_cache`` is set with
    ``object.__setattr__``, the one write a frozen class allows); the
    returned list is a copy, so a caller may change it without touching the
    cache. ``compute`` must depend on ``state`` and ``seat`` only.
    """
    cache = state._legal_cache
    if cache is None:
        cache = {}
        object.__setattr__(state, "_legal_cache", cache)
    got = cache.get(seat)
    if got is None:
        got = cache[seat] = tuple(compute(state, seat))
    return list(got)
