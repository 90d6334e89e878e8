"""Real save files of the four games, made by seeded random play, for the loader's tests.

Each game gets a few saves: different seat counts and options, cut early,
in the middle and at the end, so mutations meet every kind of action.
"""

from __future__ import annotations

import copy
import functools
import random
from typing import Any

from boardgames_tui.engine.match import Match, _checksum

GAME_IDS = ("mountain_goats", "penguinramids", "montana_pinguino", "mision_chungungo")

#: (players, options, actions kept: None for the whole game) per game.
PLANS: dict[str, tuple[tuple[int, dict[str, Any], int | None], ...]] = {
    "mountain_goats": ((2, {}, 9), (4, {}, None), (5, {"big_mountain": True}, 40)),
    "penguinramids": ((2, {}, 25), (3, {}, None), (4, {}, 70)),
    "montana_pinguino": (
        (2, {}, 30),
        (3, {"championship": True, "advanced_sides": True}, 150),
        (4, {"track_cards": 5}, None),
    ),
    "mision_chungungo": ((2, {}, 20), (3, {}, 120), (5, {}, None)),
}


def random_match(game_id: str, players: int, options: dict[str, Any], keep: int | None, seed: int) -> Match:
    """A match of uniformly random legal actions: ``keep`` of them, or to the end."""
    rnd = random.Random(seed)
    names = ["Ana", "Beto", "Carla", "Diego", "Elena"][:players]
    match = Match.new(game_id, names, seed, options)
    while not match.state.is_terminal and (keep is None or len(match.actions) < keep):
        state = match.state
        seat = rnd.choice(state.to_move)
        match.play(seat, rnd.choice(state.legal_actions(seat)))
    return match


@functools.cache
def _real_saves(game_id: str) -> tuple[dict[str, Any], ...]:
    return tuple(
        random_match(game_id, players, options, keep, seed=17 + i).to_dict()
        for i, (players, options, keep) in enumerate(PLANS[game_id])
    )


def real_saves(game_id: str) -> list[dict[str, Any]]:
    """Fresh copies of the sample saves of ``game_id`` (safe to mutate)."""
    return copy.deepcopy(list(_real_saves(game_id)))


def real_save(game_id: str, index: int = 0) -> dict[str, Any]:
    """One fresh copy of a sample save of ``game_id``."""
    return real_saves(game_id)[index]


def resealed(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with its checksum computed again, so an edit reaches the checks behind it."""
    body = {k: v for k, v in data.items() if k != "checksum"}
    return {**body, "checksum": _checksum(body)}
