"""Snapshots at 80x24 of one screen per game in each language: the replay of a finished game."""

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.ui.replay import ReplayScreen
from boardgames_tui.ui.translated import apply_language
from tests.history.finished import finished
from tests.screen_text import wait_for

SIZE = (80, 24)
GAMES = ["mountain_goats", "penguinramids", "montana_pinguino", "mision_chungungo"]


@pytest.fixture(params=["en", "es"])
def language(request):
    apply_language(request.param)
    yield request.param
    apply_language("en")


@pytest.mark.parametrize("game", GAMES)
def test_replay_snapshot(snap_compare, game, language):
    match = finished(game, ("Ana", "Beto", "Carla"), seed=2)

    async def open_replay(pilot):
        pilot.app.open_replay(match)
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, ReplayScreen) and pilot.app.screen.ready)
        await pilot.press(
            "home", "right", "right", "right"
        )  # the first decisions, seen from everything revealed
        await pilot.pause()

    assert snap_compare(BoardGamesApp(), terminal_size=SIZE, run_before=open_replay)


@pytest.mark.parametrize("game", GAMES)
def test_game_screen_in_spanish_snapshot(snap_compare, game):
    """The table of each game in Spanish at 80x24, a third of the way into a game: board,
    status line, chooser, preview and log."""
    from boardgames_tui.ui.game_screen import GameScreen
    from tests.handover import curtain_up

    whole = finished(game, ("Ana", "Beto", "Carla"), seed=2)
    match = finished(game, ("Ana", "Beto", "Carla"), seed=2, upto=len(whole.actions) // 3)

    async def to_the_table(pilot):
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, GameScreen))
        if curtain_up(pilot.app.screen):
            await pilot.pause(0.3)  # the key gate takes a key pressed once the curtain is drawn
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(pilot.app.screen, GameScreen))
        await pilot.pause()

    apply_language("es")
    try:
        assert snap_compare(BoardGamesApp(match=match), terminal_size=SIZE, run_before=to_the_table)
    finally:
        apply_language("en")
