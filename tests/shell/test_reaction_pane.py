"""The reaction window as a pane of the game screen (ui/reaction.py)."""

from __future__ import annotations

import pytest
from textual._compositor import Compositor

from boardgames_tui.app import BoardGamesApp
from tests.handover import game_of, reaction_up
from tests.screen_text import notices, screen_text, wait_for
from tests.spies import count_calls

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


async def _quiet(pilot, reflows: list[int]) -> None:
    """Let the app run until three passes of its message loop in a row lay nothing out (the app's
    first frames bring a few layouts of their own: a resize, the screen resumed)."""
    seen, still = reflows[0], 0
    for _ in range(40):
        await pilot.pause()
        still = still + 1 if reflows[0] == seen else 0
        seen = reflows[0]
        if still == 3:
            return
    raise AssertionError("the app keeps laying itself out")


def _placed(game) -> dict:
    """Where Textual paints each widget of the game screen but the window: its region, its place
    in the order of painting and its clip (what a layout may change)."""
    return {
        w: (g.region, g.order, g.clip) for w, g in game._compositor.full_map.items() if w is not game.reaction
    }


@pytest.mark.parametrize("game_id", ["mision_chungungo", "montana_pinguino"])
async def test_the_window_closes_and_opens_with_one_layout_that_moves_nothing_else(game_id, monkeypatch):
    match = checkpoints(game_id, ("Ana", "Beto", "Carla"))["reaction"]
    app = BoardGamesApp(match=match)
    async with app.run_test(size=(100, 30)) as pilot:
        reflows = count_calls(monkeypatch, Compositor, "reflow")
        await wait_for(pilot, lambda: reaction_up(app.screen), what="the reaction window")
        await _quiet(pilot, reflows)
        game = game_of(app)
        pane, opened = game.reaction, _placed(game)
        rows, card, seats = pane.region.height, pane.card_text, pane.seats
        assert rows >= 5
        reflows[0] = 0
        pane.close()
        await _quiet(pilot, reflows)
        assert (
            not game.reaction_open and pane.region.height == 0 and "Reaction window" not in screen_text(app)
        )
        # Every other widget kept its place and its turn in the order of painting: only the
        # window's own rows were drawn again.
        assert _placed(game) == opened and reflows[0] == 1
        game._open_reaction(f"{card} {card}", seats)  # a window with more rows than the first
        await _quiet(pilot, reflows)
        assert reaction_up(game) and pane.region.height > rows and "Reaction window" in screen_text(app)
        assert _placed(game) == opened and reflows[0] == 2  # one layout for its new height, no second
