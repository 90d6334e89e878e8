"""Snapshot tests of the shared screens: launcher and setup, in colour, 16 colours and NO_COLOR."""

import pytest

from boardgames_tui.app import BoardGamesApp

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def veto_registered():
    """Overrides the shell conftest: these pictures show only the real games."""
    yield


def test_launcher_snapshot(snap_compare):
    assert snap_compare(BoardGamesApp(), terminal_size=SIZE)


def test_setup_snapshot(snap_compare):
    assert snap_compare(BoardGamesApp(game="mountain_goats"), terminal_size=SIZE)


def test_launcher_snapshot_no_color(snap_compare, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = BoardGamesApp()
    assert app.no_color
    assert snap_compare(app, terminal_size=SIZE)


def test_launcher_snapshot_16_colours(snap_compare, monkeypatch):
    from textual import constants

    monkeypatch.setenv("TEXTUAL_COLOR_SYSTEM", "standard")
    monkeypatch.setattr(constants, "COLOR_SYSTEM", "standard")
    assert snap_compare(BoardGamesApp(), terminal_size=SIZE)


async def test_no_color_highlight_is_reverse_not_only_colour(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = BoardGamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        from textual.widgets import OptionList

        options = app.screen.query_one(OptionList)
        style = options.get_component_styles("option-list--option-highlighted")
        assert style.text_style.reverse


@pytest.mark.parametrize("game", ["mountain_goats", "penguinramids", "montana_pinguino", "mision_chungungo"])
async def test_setup_starts_each_game_with_enter(game):
    app = BoardGamesApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+n")  # start from anywhere on the form
        await pilot.pause()
        from boardgames_tui.ui.setup import SetupScreen

        assert not isinstance(app.screen, SetupScreen)


async def test_setup_refuses_five_goats_without_big_mountain():
    from textual.widgets import Select

    from boardgames_tui.ui.setup import SetupScreen
    from tests.screen_text import screen_text

    app = BoardGamesApp(game="mountain_goats")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#setup-players", Select).value = 5
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "Cannot start" in screen_text(app)
        assert "option big_mountain" not in screen_text(app)
        app.screen.query_one("#setup-players", Select).value = 2
        await pilot.pause()
        assert "Cannot start" not in screen_text(app)
