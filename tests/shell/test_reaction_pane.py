"""The reaction window as a pane of the game screen (ui/reaction.py)."""

from __future__ import annotations

from boardgames_tui.app import BoardGamesApp
from tests.handover import game_of, reaction_up
from tests.screen_text import notices, screen_text, wait_for

from .matches import checkpoints


async def test_the_reaction_window_opens_over_the_table_without_moving_it():
    match = checkpoints("mision_chungungo", ("Ana", "Beto", "Carla"))["reaction"]
    app = BoardGamesApp(match=match)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait_for(pilot, lambda: reaction_up(app.screen), what="the reaction window")
        await pilot.pause()
        game = game_of(app)
        board, log = game.board.size, game.query_one("#game-log").size
        assert "Reaction window" in screen_text(app) and "Nobody reacts" in screen_text(app).splitlines()[-1]
        app.key_gate.rest()
        await pilot.press("z")  # no such seat
        await pilot.pause()
        assert reaction_up(game) and "There is no seat Z" in notices(app)
        app.key_gate.rest()
        await pilot.press("enter")  # nobody reacts
        await wait_for(pilot, lambda: not game.reaction_open, what="the window closed")
        assert game.board.size == board and game.query_one("#game-log").size == log  # nothing resized
        assert "Reaction window" not in screen_text(app)
