"""Random-play harness: 2,000 seeded games over 2-5 players and both options."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.harness import play_random_game
from boardgames_tui.games import GAMES

SETUPS = [(2, False), (3, False), (4, False), (2, True), (3, True), (4, True), (5, True)]
GAMES_TOTAL = 2002
BATCHES = 7


@pytest.mark.parametrize("batch", range(BATCHES))
def test_random_play_harness(batch):
    spec = GAMES["mountain_goats"]
    endings = set()
    for k in range(GAMES_TOTAL // BATCHES):
        seed = batch * 1000 + k
        players, big = SETUPS[(batch + k) % len(SETUPS)]
        result = play_random_game(spec, players, seed, {"big_mountain": big}, max_decisions=3000, checkpoints=1)
        state = result.match.state
        assert state.is_terminal and state.turns % players == 0
        # Two decisions per turn: a roll and a move.
        assert result.decisions == 2 * state.turns
        endings.add(state.ending)
    assert endings  # every game ended for a stated reason
