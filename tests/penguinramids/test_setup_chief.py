"""The table chooses who starts with the Chief Penguin (the rulebook: the youngest)."""

from __future__ import annotations

import pytest
from textual.widgets import Select

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine import Match, SaveError
from boardgames_tui.engine.match import _checksum
from boardgames_tui.games import GAMES
from boardgames_tui.games.penguinramids.rules import ChooseCard
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.setup import SetupScreen
from tests.screen_text import screen_text

SPEC = GAMES["penguinramids"]


def test_chief_option_puts_the_chief_penguin_with_the_chosen_seat():
    assert SPEC.options["chief"].default == "A" and SPEC.options["chief"].choices == ("A", "B", "C", "D")
    state = SPEC.new_game(3, 5, chief="C")
    assert state.chief == 2
    assert "Carla holds the Chief Penguin" in state.log[0].render(("Ana", "Beto", "Carla"), None)
    # Ties in turn order start from the Chief Penguin holder, here C.
    for seat in range(3):
        state = state.apply(seat, ChooseCard(2))
    assert state.order == (2, 0, 1)
    assert SPEC.new_game(3, 5).chief == 0  # by default seat A, as before the option


def test_chief_option_refuses_a_seat_that_does_not_play():
    with pytest.raises(ValueError, match="names seat D, but only seats A-B play"):
        SPEC.new_game(2, 5, chief="D")
    with pytest.raises(ValueError):
        SPEC.new_game(2, 5, chief="E")  # not among the option's choices


def test_saves_keep_the_chief_option_and_old_saves_still_load():
    match = Match.new("penguinramids", ["Ana", "Beto", "Carla"], 9, {"chief": "B"})
    for seat, card in enumerate((3, 3, 2)):
        match.play(seat, ChooseCard(card))
    again = Match.from_json(match.to_json())
    assert again.state.chief == 1 and again.options["chief"] == "B"
    assert again.state.order == (2, 1, 0)  # C first; A and B tied on 3: from B, the holder
    # A save written before the option existed has no "chief": seat A holds it.
    old = match.to_dict()
    old["options"] = {}
    body = {k: v for k, v in old.items() if k != "checksum"}
    loaded = Match.from_dict({**body, "checksum": _checksum(body)})
    assert loaded.state.chief == 0 and len(loaded.actions) == 3
    assert loaded.state.order == (2, 0, 1)  # the tie now starts from A
    # A save naming a seat that does not play is refused in one line.
    bad = {**body, "options": {"chief": "D"}}
    with pytest.raises(SaveError, match="cannot be set up: option chief names seat D"):
        Match.from_dict({**bad, "checksum": _checksum(bad)})


async def test_setup_screen_offers_the_chief_penguin_seat():
    app = BoardGamesApp(game="penguinramids")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "Chief Penguin starts with" in screen_text(app)
        app.screen.query_one("#setup-opt-chief", Select).value = "D"  # two players by default
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "Cannot start" in screen_text(app) and "option chief" not in screen_text(app)
        app.screen.query_one("#setup-opt-chief", Select).value = "B"
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        await pilot.pause()
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert game.match.state.chief == 1 and game.match.options["chief"] == "B"
