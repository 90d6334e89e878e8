"""Settings: a small JSON file in the config folder, a broken one reported, the screen that edits it."""

import json

import pytest

from boardgames_tui import settings as S
from boardgames_tui.app import BoardGamesApp
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.launcher import LauncherScreen
from boardgames_tui.ui.settings import SettingsScreen
from tests.handover import curtain_up
from tests.screen_text import notices, wait_for

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def _fresh_settings():
    S.use(None)
    yield
    S.use(None)


def test_no_file_gives_the_defaults_without_a_problem():
    loaded = S.load()
    assert loaded.settings == S.Settings() and loaded.problem is None


def test_settings_are_written_and_read_back():
    chosen = S.Settings(language="es", theme="ansi-dark", bot_pace=2, reveal_pace=0.5, confirm_secret=False)
    path = S.save(chosen)
    assert path.parent == S.config_dir()
    assert S.load().settings == chosen


@pytest.mark.parametrize(
    "text, why",
    [
        ("{oops", "not JSON"),
        ("[1, 2]", "not a JSON object"),
        ('{"bot_pace": 60}', "bot_pace"),
        ('{"bot_pace": true}', "bot_pace"),
        ('{"language": "fr"}', "language"),
        ('{"theme": 3}', "theme"),
        ('{"colour": "red"}', "colour"),
    ],
)
def test_a_broken_file_gives_the_defaults_and_says_why(text, why):
    path = S.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    loaded = S.load()
    assert loaded.settings == S.Settings()
    assert loaded.problem is not None and why in loaded.problem and "default settings" in loaded.problem


async def test_the_app_reports_a_broken_settings_file_and_starts_with_the_defaults():
    path = S.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("{oops", encoding="utf-8")
    app = BoardGamesApp()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        assert "is broken (it is not JSON)" in notices(app)
        assert app.theme == S.Settings().theme


async def test_the_settings_screen_saves_and_applies_the_theme():
    app = BoardGamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen), what="the settings")
        app.screen.query_one("#settings-theme").value = S.SIXTEEN_COLOUR_THEME
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, LauncherScreen), what="the launcher")
        assert app.theme == S.SIXTEEN_COLOUR_THEME
    assert json.loads(S.settings_path().read_text())["theme"] == S.SIXTEEN_COLOUR_THEME


@pytest.mark.parametrize("confirm", [True, False])
async def test_confirmation_of_secret_choices_can_be_turned_off(confirm):
    S.save(S.Settings(confirm_secret=confirm))
    app = BoardGamesApp(game="penguinramids", names=["Ana", "Beto"], seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: curtain_up(app.screen), what="the curtain")
        await pilot.pause()
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen), what="the game")
        await pilot.pause()
        game = app.screen
        await pilot.press("1")
        await pilot.pause()
        assert len(game.match.actions) == (0 if confirm else 1)
