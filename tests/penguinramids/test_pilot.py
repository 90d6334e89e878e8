"""The whole app driven by keys: a game with its curtains, undo refused for a public move."""

from __future__ import annotations

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine import Match
from boardgames_tui.games.penguinramids.rules import ChooseCard, Take
from boardgames_tui.ui.game_over import GameOverScreen
from boardgames_tui.ui.game_screen import GameScreen
from tests.handover import curtain_up
from tests.screen_text import screen_text, wait_for

SIZE = (80, 24)


async def _drive_to_end(app, pilot, limit=400):
    """Press Enter on curtains and on decisions (the first choice) until the game-over
    screen. (A digit would not do: the secret choice binds card numbers, and card 1
    is not always in hand.)"""
    curtains = 0
    for _ in range(limit):
        await pilot.pause()
        if isinstance(app.screen, GameOverScreen):
            return curtains
        if curtain_up(app.screen):
            curtains += 1
            await pilot.press("enter")
        else:
            await pilot.press("enter")
    raise AssertionError("the game did not end")


@pytest.mark.slow  # a whole game by keyboard: hundreds of key presses
async def test_pilot_whole_two_player_game_with_curtains():
    app = BoardGamesApp(game="penguinramids", names=["Ana", "Beto"], seed=21)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert curtain_up(app.screen) and "A Ana" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        assert "choose an action card in secret" in screen_text(app)
        await pilot.press("3")
        await pilot.pause()
        assert "chosen: 3 - Enter to confirm" in screen_text(app) and game.match.actions == []
        await pilot.press("enter")
        await pilot.pause()
        assert curtain_up(app.screen) and "B Beto" in screen_text(app)
        assert "(you: 3)" not in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert "(you: 3)" not in text and "choosing B" in text
        curtains = await _drive_to_end(app, pilot)
        state = game.match.state
        # A curtain before each secret choice only (two per round, the first
        # round's two handled above); turns after the reveal are public.
        assert state.is_terminal and curtains == 18
        text = screen_text(app)
        winner = "AB"[state.winners()[0]] + " " + ("Ana", "Beto")[state.winners()[0]]
        assert f"{winner} wins" in text and "Heaviest per level (base up)" in text and "Total:" in text


async def test_pilot_undo_is_refused_for_a_move_the_table_watched():
    match = Match.new("penguinramids", ["Ana", "Beto"], 4)
    match.play(0, ChooseCard(2))
    match.play(1, ChooseCard(4))
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)  # turns are public: no curtain
        first = match.state.legal_actions(match.state.to_move[0])[0]
        assert isinstance(first, Take)
        await pilot.press("1")  # take the first penguin
        await wait_for(pilot, lambda: match.state.taken != -1, what="a penguin taken")
        taken = match.state.taken
        assert taken == first.penguin
        assert "Undo" not in screen_text(app)  # the footer offers no undo
        await pilot.press("u")
        await pilot.pause()
        assert match.state.taken == taken
        assert "Nothing to undo" in screen_text(app)
