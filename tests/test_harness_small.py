"""The fast tier's random-play batch: a few seeded games of every title under the harness.

Each game is played by uniformly random legal actions with every invariant
of ``engine.harness.play_random_game`` checked (views, leak test, undo
steps, save and replay, the game's own invariants). The thousands of games
per title are in each game's ``test_harness.py``, marked ``slow``.
"""

from __future__ import annotations

import pytest

from boardgames_tui.engine.harness import play_random_game
from boardgames_tui.games import GAMES

#: (game id, options) pairs: every title, and each option that changes the table.
SETUPS = [
    ("mountain_goats", {}),
    ("mountain_goats", {"big_mountain": True}),
    ("penguinramids", {}),
    ("montana_pinguino", {}),
    ("montana_pinguino", {"championship": True, "advanced_sides": True}),
    ("montana_pinguino", {"purist": True, "random_track": True}),
    ("mision_chungungo", {}),
]


@pytest.mark.parametrize("game_id,options", SETUPS, ids=[f"{g}-{'-'.join(o) or 'plain'}" for g, o in SETUPS])
def test_a_few_random_games_keep_every_invariant(game_id, options):
    spec = GAMES[game_id]
    low = 3 if options.get("big_mountain") else spec.min_players
    high = spec.max_players if options.get("big_mountain") else min(spec.max_players, 4)
    for seed in range(6):
        players = low + seed % (high - low + 1)
        result = play_random_game(spec, players, 500 + seed, options, checkpoints=2)
        assert result.match.state.is_terminal
        assert set(result.match.state.winners()) <= set(range(players))
