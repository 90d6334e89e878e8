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
        await pilot.press("home", "right", "right", "right")  # the first decisions, seen from everything revealed
        await pilot.pause()

    assert snap_compare(BoardGamesApp(), terminal_size=SIZE, run_before=open_replay)
