"""The platform's whole flow on Mountain Goats, by keyboard only, at 80x24.

Launcher -> setup -> a whole 2-player game -> game over; quit and Continue;
an illegal key; resize to 60x20 and back; the rules viewer.
"""

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.match import autosave_path
from boardgames_tui.ui.game_over import GameOverScreen
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.launcher import LauncherScreen
from boardgames_tui.ui.rules_viewer import RulesScreen
from boardgames_tui.ui.setup import SetupScreen
from boardgames_tui.ui.too_small import TooSmallScreen
from tests.screen_text import notices, screen_text

SIZE = (80, 24)


async def _start_from_launcher(pilot, app):
    await pilot.pause()
    assert isinstance(app.screen, LauncherScreen)
    await pilot.press("1")  # Mountain Goats
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen)
    await pilot.press("ctrl+n")  # two players, Ana and Beto, no Big Mountain
    await pilot.pause()
    assert isinstance(app.screen, GameScreen)
    return app.screen


@pytest.mark.slow
async def test_launcher_setup_and_a_whole_game_by_keyboard():
    app = BoardGamesApp()
    async with app.run_test(size=SIZE) as pilot:
        game = await _start_from_launcher(pilot, app)
        assert game.match.names == ("Ana", "Beto")
        for _ in range(2000):
            if game.match.state.is_terminal:
                break
            await pilot.press("enter")  # roll, or the highlighted (best) move
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert "game over" in screen_text(app)
        assert autosave_path() is None  # a finished game leaves nothing to continue


async def test_quit_mid_game_then_continue_from_the_launcher():
    app = BoardGamesApp()
    async with app.run_test(size=SIZE) as pilot:
        game = await _start_from_launcher(pilot, app)
        for _ in range(6):
            await pilot.press("enter")
        await pilot.pause()
        actions = list(game.match.actions)
        assert actions
    again = BoardGamesApp()
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Continue: Mountain Goats with Ana, Beto" in screen_text(again)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(again.screen, GameScreen)
        assert again.screen.match.actions == actions


async def test_illegal_key_resize_and_rules_during_a_game():
    app = BoardGamesApp()
    async with app.run_test(size=SIZE) as pilot:
        game = await _start_from_launcher(pilot, app)
        await pilot.press("enter")  # roll
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        assert "does nothing here" in notices(app)
        assert isinstance(app.screen, GameScreen) and len(game.match.actions) == 1
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.press("1")  # ignored while too small
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and len(game.match.actions) == 1
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert "## Table notes" in app.screen.text and "Mountain Goats" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
