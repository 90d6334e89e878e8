"""Every screen of the app draws under NO_COLOR, in 16 colours and in every built-in Textual theme.

The README promises that NO_COLOR is fully playable; a screen that hands Textual a segment
without a style stopped the program under NO_COLOR's monochrome filter (issue 24: the rules
viewer). Each tour below reaches every screen a player can reach (the launcher's, and each
game's table, curtain, private notice, reaction window, reveal, menu, rules and game over) and
draws it in each look: one app run per tour and colour system, the themes switched on each
screen. The fast tier draws each screen in three themes (the default dark one, the 16-colour
one and a light one); the slow tier draws every built-in theme.
"""

from __future__ import annotations

import random

import pytest
from textual import constants
from textual.theme import BUILTIN_THEMES

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.history import record
from boardgames_tui.engine.match import saves_dir
from boardgames_tui.games import GAMES
from boardgames_tui.ui.board import ActionChosen
from boardgames_tui.ui.game_over import GameOverScreen
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.history_screen import HistoryScreen, StatsScreen
from boardgames_tui.ui.launcher import LauncherScreen
from boardgames_tui.ui.load_screen import LoadScreen
from boardgames_tui.ui.menu import MenuScreen
from boardgames_tui.ui.replay import JumpScreen, ReplayScreen
from boardgames_tui.ui.rules_viewer import RulesScreen
from boardgames_tui.ui.seats import SeatsScreen
from boardgames_tui.ui.settings import SettingsScreen
from boardgames_tui.ui.setup import SetupScreen
from boardgames_tui.ui.too_small import TooSmallScreen
from tests.handover import curtain_up, game_of, notice_up, reaction_up, reveal_up
from tests.history.finished import finished
from tests.screen_text import screen_text, wait_for, wait_for_screen
from tests.shell.matches import checkpoints

SIZE = (80, 24)
NAMES = ("Ana", "Beto")

#: How colours reach the terminal: NO_COLOR, a 16-colour terminal (plain xterm), true colour.
COLOUR_SYSTEMS = ("no_color", "16_colours", "truecolor")
#: The themes of the fast tier: the default, the one made for 16 colours, and a light one.
FAST_THEMES = ("textual-dark", "ansi-dark", "textual-light")
#: Every theme Textual ships.
ALL_THEMES = tuple(BUILTIN_THEMES)

#: What each game shows a hot-seat table besides its board (and the game over at the end).
PLACES = {
    "mountain_goats": {"seat"},
    "penguinramids": {"seat", "curtain"},
    "montana_pinguino": {"seat", "curtain", "notice", "reaction", "reveal"},
    "mision_chungungo": {"seat", "curtain", "notice", "reaction"},
}


@pytest.fixture(params=COLOUR_SYSTEMS)
def colour_system(request, monkeypatch) -> str:
    """Start the app under NO_COLOR, in a 16-colour terminal, or in true colour."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    if request.param == "no_color":
        monkeypatch.setenv("NO_COLOR", "1")
    elif request.param == "16_colours":
        monkeypatch.setenv("TEXTUAL_COLOR_SYSTEM", "standard")
        monkeypatch.setattr(constants, "COLOR_SYSTEM", "standard")
    else:
        monkeypatch.setenv("TEXTUAL_COLOR_SYSTEM", "truecolor")
        monkeypatch.setattr(constants, "COLOR_SYSTEM", "truecolor")
    return request.param


class Looks:
    """Draws the screen on show in each of ``themes`` and notes which screens were drawn."""

    def __init__(self, app: BoardGamesApp, themes: tuple[str, ...]) -> None:
        self.app = app
        self.themes = themes
        self.drawn: list[str] = []

    async def check(self, pilot, place: str) -> None:
        """Draw the current screen in every theme; each drawing must end without an exception.

        The screen is drawn first in the theme already on (a new screen shows in it), then in
        the others; the last one stays on for the next screen. Every screen is still drawn in
        every theme, with one theme change fewer per screen than going back to the first theme
        after each (a theme change restyles every widget).
        """
        app = self.app
        current = app.theme if app.theme in self.themes else self.themes[0]
        start = self.themes.index(current)
        for theme in self.themes[start:] + self.themes[:start]:
            if app.theme != theme:
                app.theme = theme
            await pilot.pause()
            text = screen_text(app)  # composes the whole screen through the app's filters
            assert app.is_running, f"the app stopped drawing {place} in {theme}"
            assert text.strip(), f"{place} drew nothing in {theme}"
            assert "Traceback" not in text
        self.drawn.append(place)


async def visit(pilot, key: str, screen_type: type) -> None:
    """Press ``key`` and wait for a ``screen_type`` on top."""
    await pilot.press(key)
    await wait_for_screen(pilot, pilot.app, screen_type)


async def shell_tour(themes: tuple[str, ...]) -> list[str]:
    """The launcher and every screen it opens, each drawn in ``themes``; the places drawn."""
    record(finished("penguinramids", NAMES), finished=1_700_000_000)
    saves_dir().mkdir(parents=True, exist_ok=True)
    finished("mountain_goats", NAMES, upto=5).save(saves_dir() / "saved.json")
    app = BoardGamesApp()
    looks = Looks(app, themes)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_for_screen(pilot, app, LauncherScreen)
        await looks.check(pilot, "launcher")
        await pilot.press("f1")  # a note: the rules are a game's, on F1 during play
        await looks.check(pilot, "launcher with a note")
        await visit(pilot, "s", SettingsScreen)
        await looks.check(pilot, "settings")
        await visit(pilot, "escape", LauncherScreen)
        await visit(pilot, "h", HistoryScreen)
        await looks.check(pilot, "history")
        await visit(pilot, "s", StatsScreen)
        await looks.check(pilot, "statistics")
        await visit(pilot, "escape", HistoryScreen)
        await visit(pilot, "enter", ReplayScreen)
        await wait_for(pilot, lambda: app.screen.ready, what="the replay drawn")
        await looks.check(pilot, "replay")
        await visit(pilot, "j", JumpScreen)
        await looks.check(pilot, "jump box")
        await visit(pilot, "escape", ReplayScreen)
        await visit(pilot, "escape", HistoryScreen)
        await visit(pilot, "escape", LauncherScreen)
        for game_id in GAMES:
            app.open_setup(game_id)
            await wait_for_screen(pilot, app, SetupScreen)
            await looks.check(pilot, f"setup of {game_id}")
            await visit(pilot, "f1", RulesScreen)
            await looks.check(pilot, f"rules of {game_id}")
            await visit(pilot, "escape", SetupScreen)
            await visit(pilot, "escape", LauncherScreen)
        app.push_screen(LoadScreen())
        await wait_for_screen(pilot, app, LoadScreen)
        await looks.check(pilot, "load")
        await visit(pilot, "escape", LauncherScreen)
        app.push_screen(SeatsScreen(NAMES, ("human", "human")))
        await wait_for_screen(pilot, app, SeatsScreen)
        await looks.check(pilot, "seats")
        await visit(pilot, "escape", LauncherScreen)
        await pilot.resize_terminal(60, 20)
        await wait_for_screen(pilot, app, TooSmallScreen)
        await looks.check(pilot, "too small")
        await pilot.resize_terminal(*SIZE)
        await wait_for_screen(pilot, app, LauncherScreen)
    return looks.drawn


def place_of(app) -> str:
    """What the table sees: curtain, notice, reaction, reveal, seat (a player's turn), over or other."""
    screen = app.screen
    for name, up in (("curtain", curtain_up), ("notice", notice_up), ("reaction", reaction_up)):
        if up(screen):
            return name
    if reveal_up(screen):
        return "reveal"
    if isinstance(screen, GameOverScreen):
        return "over"
    if isinstance(screen, GameScreen) and screen.shown_seat is not None:
        return "seat"
    return "other"


async def _tour_once(app, looks, wanted: set, rnd) -> None:
    """One game of the tour: random picks until ``wanted`` (places, emptied as they are seen
    and checked) is empty, or the game is over."""
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_for(pilot, lambda: place_of(app) != "other", what="the table")
        game = game_of(app)
        for _ in range(400):
            await pilot.pause()
            place = place_of(app)
            if place in wanted:
                wanted.discard(place)
                await looks.check(pilot, place)
                if place == "seat":
                    await visit(pilot, "f1", RulesScreen)
                    await looks.check(pilot, "rules")
                    await visit(pilot, "escape", GameScreen)
                    await visit(pilot, "escape", MenuScreen)
                    await looks.check(pilot, "menu")
                    await visit(pilot, "3", RulesScreen)  # Menu -> Rules
                    await visit(pilot, "escape", GameScreen)
            if not wanted or place in ("over", "other"):
                break
            if place == "seat":
                state = game.match.state
                seat = game.shown_seat
                game.post_message(ActionChosen(rnd.choice(state.legal_actions(seat))))
            elif place == "reveal":
                await pilot.press("space")
            else:
                await pilot.press("enter")


async def game_tour(game_id: str, themes: tuple[str, ...]) -> list[str]:
    """A game played by random picks until the table has seen each of its ``PLACES``, then
    its rules (F1, and Menu -> Rules) and menu, then the game over of a finished game; each
    drawn in ``themes``. Returns the places drawn."""
    wanted = set(PLACES[game_id])
    # A race may end before it showed every place (Montaña's private notices are rare now):
    # then a new game from the same checkpoint, with other random picks.
    looks: Looks | None = None
    for attempt in range(3):
        if not wanted:
            break
        points = checkpoints(game_id, NAMES)
        app = BoardGamesApp(match=points.get("reaction", points["start"]))
        if looks is None:
            looks = Looks(app, themes)
        looks.app = app
        await _tour_once(app, looks, wanted, random.Random(24 + attempt))
    assert looks is not None
    assert not wanted, f"{game_id}: the table never showed {sorted(wanted)}"
    app = BoardGamesApp(match=points["over"])
    looks.app = app
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_for_screen(pilot, app, GameOverScreen)
        await looks.check(pilot, "game over")
    return looks.drawn


async def test_every_shell_screen_draws_under_no_color_16_colours_and_three_themes(colour_system):
    drawn = await shell_tour(FAST_THEMES)
    assert {
        "launcher",
        "settings",
        "history",
        "statistics",
        "replay",
        "jump box",
        "load",
        "too small",
    } <= set(drawn)
    assert all(f"rules of {g}" in drawn and f"setup of {g}" in drawn for g in GAMES)


@pytest.mark.parametrize("game_id", list(PLACES))
async def test_every_game_screen_draws_under_no_color_16_colours_and_three_themes(colour_system, game_id):
    drawn = await game_tour(game_id, FAST_THEMES)
    assert set(drawn) == PLACES[game_id] | {"rules", "menu", "game over"}


@pytest.mark.slow
async def test_every_shell_screen_draws_in_every_builtin_theme(colour_system):
    drawn = await shell_tour(ALL_THEMES)
    assert "rules of montana_pinguino" in drawn and "too small" in drawn


@pytest.mark.slow
@pytest.mark.parametrize("game_id", list(PLACES))
async def test_every_game_screen_draws_in_every_builtin_theme(colour_system, game_id):
    drawn = await game_tour(game_id, ALL_THEMES)
    assert set(drawn) == PLACES[game_id] | {"rules", "menu", "game over"}
