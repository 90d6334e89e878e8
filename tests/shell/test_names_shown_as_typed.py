"""Any player name is shown as typed, on every screen that shows names, in all four games.

Names that look like markup (``[/]`` ends the app as markup, ``[bold]x``
would show a bold x, ``[link=x]y`` only y), an emoji, a right-to-left name,
a name of the longest width allowed and two names differing only in case.
Each game is driven to its first screen (the curtain, then the board), a
reaction window where the game has one, and game over, with states from
seeded random play: nothing crashes and every name is on screen literally.
"""

from __future__ import annotations

import re

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine import Match, seat_letter
from boardgames_tui.engine.names import MAX_NAME_WIDTH, check_name
from boardgames_tui.games import GAMES
from boardgames_tui.ui.game_over import GameOverScreen
from boardgames_tui.ui.game_screen import GameScreen
from tests.handover import curtain_up, reaction_up
from tests.screen_text import notices, screen_text, wait_for
from tests.shell.matches import checkpoints

LONGEST = "Maximiliana Ferreira"
assert len(LONGEST) == MAX_NAME_WIDTH and check_name(LONGEST) == LONGEST

NAME_SETS = {
    "markup": ("[/]", "[bold]x", "[link=x]y", "🐧 Pingu"),
    "scripts-and-case": ("שלום", LONGEST, "ana", "Ana"),
}
GAME_IDS = ("mountain_goats", "penguinramids", "montana_pinguino", "mision_chungungo")


def flat(text: str) -> str:
    """Screen text without box-drawing and scroll-bar characters, spaces collapsed (wrapped lines join)."""
    text = re.sub(r"[\u2500-\u259f]", " ", text)
    return " ".join(text.split())


def assert_shown(text: str, name: str, where: str) -> None:
    """Every word of ``name`` is on screen as typed (markup would have eaten the brackets)."""
    missing = [word for word in name.split() if word not in text]
    assert not missing, f"{name!r} not shown literally on {where}: missing {missing}\n{text}"


@pytest.mark.parametrize(
    "names",
    # Markup-looking names in the fast tier; other scripts, case and the longest name in the slow tier.
    [NAME_SETS["markup"], pytest.param(NAME_SETS["scripts-and-case"], marks=pytest.mark.slow)],
    ids=NAME_SETS.keys(),
)
@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_every_screen_shows_names_as_typed(game_id, names):
    points = checkpoints(game_id, names)
    spec = GAMES[game_id]
    who = [f"{seat_letter(s)} {n}" for s, n in enumerate(names)]
    app = BoardGamesApp(match=points["start"])
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        first = points["start"].state.to_move[0]
        if spec.hidden_information:
            assert curtain_up(app.screen)
            assert_shown(flat(screen_text(app)), who[first], "the curtain")
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        text = flat(screen_text(app))
        assert_shown(text, who[first], "the status line")
        for name in names:  # every seat on the board, maybe cut short: its first characters
            assert name[:3] in text, f"{name[:3]!r} of {name!r} not on the {game_id} board\n{text}"

        if "reaction" in points:
            app.play_match(points["reaction"])
            await wait_for(pilot, lambda: reaction_up(app.screen), what="the reaction window")
            await pilot.pause()  # drawn
            text = flat(screen_text(app))
            for seat in points["reaction"].state.to_move:
                assert_shown(text, who[seat], "the reaction window")

        await pilot.resize_terminal(80, 60)  # every row of the scores in sight, at the same width
        app.play_match(points["over"])
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), what="game over")
        await pilot.pause()
        text = flat(screen_text(app))
        for name in names:
            assert_shown(text, name, "game over")
        winners = " and ".join(who[s] for s in points["over"].state.winners())
        assert winners in text
        assert not app._exception


async def test_notices_and_private_notice_show_names_as_typed():
    names = NAME_SETS["markup"]
    app = BoardGamesApp(match=Match.new("mision_chungungo", names, 3))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.notify(f"{names[0]} stole a card from {names[1]}", title=names[2])
        app.screen.notify(f"[/] {names[3]}")  # a widget's notify goes the same way
        await pilot.pause()
        assert f"{names[2]} {names[0]} stole a card from {names[1]}" in notices(app)
        text = flat(screen_text(app))
        assert_shown(text, f"{names[0]} stole a card from {names[1]}", "a notice")
        app.screen.cover_with_notice(
            f"A {names[1]}", [f"You took a card from {names[2]}."], True, lambda: None
        )
        await pilot.pause()
        await pilot.pause()
        text = flat(screen_text(app))
        assert_shown(text, f"Only for A {names[1]}", "the private notice")
        assert_shown(text, f"You took a card from {names[2]}.", "the private notice")
