"""The whole app driven by keys: a game through the keyboard, an illegal hand-built move."""

from __future__ import annotations

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.ui.game_over import GameOverScreen
from boardgames_tui.ui.game_screen import GameScreen
from tests.screen_text import notices, screen_text, wait_for

from .conftest import scenario

SIZE = (80, 24)


@pytest.mark.slow
async def test_whole_two_player_game_through_the_keyboard():
    app = BoardGamesApp(game="mountain_goats", names=["Ana", "Beto"], seed=21)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        # First turn built by hand: pass with no dice ("b", then "c").
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("b", "c")
        await pilot.pause()
        assert screen.match.state.to_move == (1,) and "uses no dice" in screen_text(app)
        presses = 0
        while not screen.match.state.is_terminal:
            assert presses < 400, "the game did not end"
            await pilot.press("enter")  # roll
            await pilot.press("1")  # the best move
            presses += 2
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        text = screen_text(app)
        assert "game over" in text and "Why it ended" in text
        state = screen.match.state
        assert state.turns % 2 == 0 and not notices(app).count("Not allowed")


async def test_illegal_hand_built_move_gets_a_message(match_at):
    # A roll with two 1s: changing both is refused at once (one 1 stays).
    rolled = scenario(2, dice=(1, 1, 5, 5))
    app = BoardGamesApp(match=match_at("mountain_goats", ["Ana", "Beto"], rolled, seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.match.state.dice == (1, 1, 5, 5)
        await pilot.press("b", "f", "right", "f")
        await pilot.pause()
        assert "At least one 1 must stay a 1" in screen_text(app)
        # A group of 5+5+2+1 = 13 without the Big Mountain: the engine's reason is shown.
        await pilot.press("1", "2", "3", "4", "enter")
        await pilot.pause()
        chooser = screen.query_one("#goats-chooser")
        assert "sums to 13; groups must sum 5-10" in chooser.message
        assert screen.match.state.dice == (1, 1, 5, 5)
        assert screen.match.actions == []  # neither illegal move was played


async def test_the_final_table_offers_no_build_key():
    from tests.history.finished import finished

    app = BoardGamesApp(match=finished("mountain_goats", ("Ana", "Beto")))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), what="game over")
        await pilot.press("g")  # the final table
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen), what="the final table")
        await pilot.pause()
        assert "Build/List" not in screen_text(app).splitlines()[-1]
