"""Mountain Goats hand-overs through the real app (no hidden cards, so no curtain).

An Enter burst (one ``pilot.press`` call: see tests/conftest.py) that rolls
the dice does not also take the best move, and one that ends a turn does
not roll for the next player: each new list waits for a key pressed after
it was drawn.
"""

from __future__ import annotations

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.games.mountain_goats.rules import Move, Roll
from tests.handover import BURSTS, actions, game_of, where

SIZE = (80, 24)


@pytest.mark.parametrize("n", BURSTS)
async def test_enter_burst_that_rolls_leaves_the_move_to_choose(n):
    app = BoardGamesApp(game="mountain_goats", names=["Ana", "Beto"], seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert where(app) == ("seat", 0, None)
        await pilot.press(*["enter"] * n)
        await pilot.pause()
        assert actions(app) == [(0, Roll())]
        assert game_of(app).match.state.dice and where(app) == ("seat", 0, None)


@pytest.mark.parametrize("n", BURSTS)
async def test_enter_burst_that_ends_a_turn_does_not_roll_for_the_next_player(n):
    app = BoardGamesApp(game="mountain_goats", names=["Ana", "Beto"], seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # roll
        await pilot.pause()
        await pilot.press(*["enter"] * n)  # the best move, then more
        await pilot.pause()
        done = actions(app)
        assert len(done) == 2 and isinstance(done[1][1], Move)
        assert where(app) == ("seat", 1, None) and not game_of(app).match.state.dice


async def test_one_enter_per_screen_rolls_moves_and_rolls_again():
    app = BoardGamesApp(game="mountain_goats", names=["Ana", "Beto"], seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        kinds = []
        for _ in range(3):
            await pilot.press("enter")
            await pilot.pause()
            kinds.append([(seat, type(a).__name__) for seat, a in actions(app)])
        assert kinds == [[(0, "Roll")], [(0, "Roll"), (0, "Move")], [(0, "Roll"), (0, "Move"), (1, "Roll")]]
