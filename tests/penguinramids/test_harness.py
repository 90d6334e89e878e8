"""Random-play harness for Penguinramids: 2,000 seeded games over 2-4 players."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.harness import play_random_game
from boardgames_tui.games import GAMES
from boardgames_tui.games.penguinramids import rules
from boardgames_tui.games.penguinramids.data import ROUNDS

SPEC = GAMES["penguinramids"]
GAMES_PER_CHUNK = 250


@pytest.mark.slow  # the long batch; tests/test_harness_small.py is the fast tier's
@pytest.mark.parametrize("chunk", range(8))
def test_random_games_keep_every_invariant(chunk):
    """Cards and tokens conserved, every placed penguin supported (check_invariants after
    every action), views and the leak test (redeal_hidden), save/load/replay, and exactly
    10 rounds with 10 penguins taken per player."""
    for k in range(GAMES_PER_CHUNK):
        seed = chunk * GAMES_PER_CHUNK + k
        players = 2 + seed % 3
        result = play_random_game(SPEC, players, seed, checkpoints=2)
        final = result.match.state
        assert final.is_terminal and final.round == ROUNDS
        rules.check_invariants(final)
        placed = sum(1 for pyr in final.pyramids for p in pyr if p >= 0)
        assert placed + len(final.discard) == ROUNDS * players
        rounds_logged = sum(1 for e in final.log if e.text.startswith("Round "))
        assert rounds_logged == ROUNDS
        for seat in range(players):
            assert rules.all_supported(final.pyramids[seat], final.greys[seat], final.tokens[seat])
