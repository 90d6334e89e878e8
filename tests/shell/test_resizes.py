"""Any sequence of terminal sizes from 1x1 to 300x100, at any screen, never crashes and comes back.

Below 80x24 exactly one "enlarge your terminal" notice covers the screen;
at 80x24 or more the screen that was up is back on top.
"""

from __future__ import annotations

import random

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.ui.game_over import GameOverScreen
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.launcher import LauncherScreen
from boardgames_tui.ui.menu import MenuScreen
from boardgames_tui.ui.rules_viewer import RulesScreen
from boardgames_tui.ui.setup import SetupScreen
from boardgames_tui.ui.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from tests.handover import curtain_up, reaction_up
from tests.shell.matches import checkpoints

NAMES = ("Ana", "Beto", "Carla")
#: Tiny, huge, and just below 80x24: the notice comes, goes and comes again (each resize costs ~0.4 s).
EDGES = [(1, 1), (300, 100), (79, 24)]
#: More edges for the slow run.
MORE_EDGES = [(80, 23), (2, 3), (80, 24), (1, 100), (300, 1), (81, 25), (40, 12)]

#: (what is on screen, game) pairs: every game's board, and each kind of screen once.
PLACES = [
    *[("board", g) for g in ("mountain_goats", "penguinramids", "montana_pinguino", "mision_chungungo")],
    ("curtain", "penguinramids"),
    ("reaction", "mision_chungungo"),
    ("reaction", "montana_pinguino"),
    ("menu", "penguinramids"),
    ("rules", "penguinramids"),
    ("game over", "montana_pinguino"),
    ("setup dropdown", "mision_chungungo"),
]
ALL_PLACES = [*PLACES, ("launcher", None)]


def ids(places):
    return [f"{p}-{g}" if g else p for p, g in places]


KINDS = {
    "board": GameScreen,
    "curtain": GameScreen,  # covered by the curtain (ui/cover.py)
    "reaction": GameScreen,  # with the reaction window open (ui/reaction.py)
    "menu": MenuScreen,
    "rules": RulesScreen,
    "game over": GameOverScreen,
    "setup dropdown": SetupScreen,
    "launcher": LauncherScreen,
}


def make_app(place: str, game: str | None) -> BoardGamesApp:
    if place == "launcher":
        return BoardGamesApp()
    if place == "setup dropdown":
        return BoardGamesApp(game=game)
    points = checkpoints(game, NAMES)
    return BoardGamesApp(
        match=points["reaction" if place == "reaction" else "over" if place == "game over" else "start"]
    )


async def go_to(app: BoardGamesApp, pilot, place: str) -> None:
    await pilot.pause()
    if curtain_up(app.screen) and place != "curtain":
        await pilot.press("enter")
        await pilot.pause()
    if place == "menu":
        await pilot.press("m")
    elif place == "rules":
        await pilot.press("question_mark")
    elif place == "setup dropdown":
        app.screen.query_one("#setup-players").focus()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.query_one("#setup-players").expanded
    await pilot.pause()
    await pilot.pause()


async def sweep(place: str, game: str | None, sizes: list[tuple[int, int]]) -> None:
    app = make_app(place, game)
    async with app.run_test(size=(80, 24)) as pilot:
        await go_to(app, pilot, place)
        shown = app.screen
        assert isinstance(shown, KINDS[place])
        assert curtain_up(shown) == (place == "curtain")
        assert reaction_up(shown) == (place == "reaction")
        for width, height in [*sizes, (80, 24)]:
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            assert app._exception is None, f"at {width}x{height}: {app._exception!r}"
            notices = sum(isinstance(s, TooSmallScreen) for s in app.screen_stack)
            assert notices <= 1, f"{notices} notices stacked at {width}x{height}"
            if width < MIN_WIDTH or height < MIN_HEIGHT:
                assert isinstance(app.screen, TooSmallScreen), f"no notice at {width}x{height}"
            else:
                assert app.screen is shown, f"{app.screen} instead of {shown} at {width}x{height}"
        await pilot.pause()
        assert app.screen is shown and app._exception is None


def random_sizes(rng: random.Random, n: int) -> list[tuple[int, int]]:
    """Sizes anywhere from 1x1 to 300x100, half of them near or below 80x24 where the notice comes and goes."""
    out = []
    for _ in range(n):
        if rng.random() < 0.5:
            out.append((rng.randint(1, 300), rng.randint(1, 100)))
        else:
            out.append((rng.randint(1, 90), rng.randint(1, 30)))
    return out


#: The fast tier sweeps each game's board; every other screen is swept in the slow tier.
FAST_PLACES = [p for p in PLACES if p[0] == "board"]


@pytest.mark.parametrize("place, game", FAST_PLACES, ids=ids(FAST_PLACES))
async def test_any_sizes_never_crash_and_the_screen_comes_back(place, game):
    rng = random.Random(f"{place}{game}")
    await sweep(place, game, EDGES + random_sizes(rng, 1))


@pytest.mark.slow
@pytest.mark.parametrize("place, game", ALL_PLACES, ids=ids(ALL_PLACES))
async def test_hundreds_of_sizes_never_crash_and_the_screen_comes_back(place, game):
    rng = random.Random(f"slow{place}{game}")
    await sweep(place, game, EDGES + MORE_EDGES + random_sizes(rng, 100))
