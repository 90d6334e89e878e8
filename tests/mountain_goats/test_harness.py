"""Random-play harness: 2,000 seeded games over 2-5 players and both options."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.harness import play_random_game
from boardgames_tui.games import GAMES

SETUPS = [(2, False), (3, False), (4, False), (2, True), (3, True), (4, True), (5, True)]
GAMES_TOTAL = 2002
BATCHES = 7


@pytest.mark.slow  # the long batch; tests/test_harness_small.py is the fast tier's
@pytest.mark.parametrize("batch", range(BATCHES))
def test_random_play_harness(batch):
    spec = GAMES["mountain_goats"]
    for k in range(GAMES_TOTAL // BATCHES):
        seed = batch * 1000 + k
        players, big = SETUPS[(batch + k) % len(SETUPS)]
        result = play_random_game(
            spec, players, seed, {"big_mountain": big}, max_decisions=3000, checkpoints=1
        )
        state = result.match.state
        assert state.is_terminal and state.turns % players == 0
        # Two decisions per turn: a roll and a move.
        assert result.decisions == 2 * state.turns
        assert state.ending  # every game ends for a stated reason


@pytest.mark.parametrize("players,big", [(4, False), (5, True)])
def test_simulate_uses_fast_random_moves_and_reports_figures(players, big):
    from boardgames_tui.engine.simulate import run_simulation

    result = run_simulation(GAMES["mountain_goats"], 40, players, seed=3, options={"big_mountain": big})
    assert result["unfinished"] == 0
    assert set(result["shares"]["ending"]) <= {"bonus tokens", "three empty mountains"}
    assert result["stats"]["winning score"] >= result["stats"]["mean score"] > 0
    assert ("big mountain points per player" in result["stats"]) == big


def test_random_action_is_always_legal():
    import random

    from boardgames_tui.games.mountain_goats import rules as R

    rnd = random.Random(5)
    for seed in range(60):
        state = R.new_game(2 + seed % 4, seed, big_mountain=seed % 2 == 0 or seed % 4 == 3)
        while not state.is_terminal:
            seat = state.to_move[0]
            action = R.random_action(state, seat, rnd)
            if not state.dice:
                assert action == R.Roll()
            state = state.apply(seat, action)  # raises IllegalAction if it is not legal
            R.check_invariants(state)
