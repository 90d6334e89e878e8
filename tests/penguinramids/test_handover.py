"""Penguinramids hand-overs through the real app.

Enter bursts (one ``pilot.press`` call: see tests/conftest.py) never lift
the next player's curtain or commit an action card that was not confirmed;
one Enter per screen moves one step; PageUp/PageDown scroll the board.
"""

from __future__ import annotations

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine import Match
from boardgames_tui.games.penguinramids.rules import ChooseCard
from boardgames_tui.ui.scroll_lines import ScrollLines
from tests.handover import BURSTS, actions, game_of, where
from tests.screen_text import screen_text, wait_for

SIZE = (80, 24)
NAMES = ["Ana", "Beto"]


def new_app() -> BoardGamesApp:
    """The example of issue 8: two players, seed 3."""
    return BoardGamesApp(game="penguinramids", names=NAMES, seed=3)


async def lift(pilot) -> None:
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.parametrize("n", BURSTS)
async def test_enter_burst_from_the_start_lifts_only_anas_curtain(n):
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert where(app) == ("curtain", "A Ana")
        await pilot.press(*["enter"] * n)
        await pilot.pause()
        assert where(app) == ("seat", 0, None)
        assert actions(app) == []  # no card for Ana, none for Beto


@pytest.mark.parametrize("n", BURSTS)
async def test_enter_burst_on_the_card_list_only_marks_a_card(n):
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await lift(pilot)
        await pilot.press(*["enter"] * n)
        await pilot.pause()
        assert where(app) == ("seat", 0, 0) and actions(app) == []
        assert "Enter to confirm" in screen_text(app)


@pytest.mark.parametrize("n", BURSTS)
async def test_enter_burst_confirming_a_card_stops_at_betos_curtain(n):
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await lift(pilot)
        game = game_of(app)
        first = game.match.state.legal_actions(0)[0]
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press(*["enter"] * n)
        await pilot.pause()
        assert actions(app) == [(0, first)]
        assert where(app) == ("curtain", "B Beto")


async def test_one_enter_per_screen_moves_one_step_at_a_time():
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seen = [(where(app), len(actions(app)))]
        for _ in range(5):
            await pilot.press("enter")
            await pilot.pause()
            seen.append((where(app), len(actions(app))))
        assert seen == [
            (("curtain", "A Ana"), 0),
            (("seat", 0, None), 0),
            (("seat", 0, 0), 0),  # chosen, not yet played
            (("curtain", "B Beto"), 1),
            (("seat", 1, None), 1),
            (("seat", 1, 0), 1),
        ]


async def test_a_chosen_card_can_be_changed_until_it_is_confirmed():
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await lift(pilot)
        hand = [a.number for a in game_of(app).match.state.legal_actions(0)]
        first, last = hand[0], hand[-1]
        await pilot.press(str(first))
        await pilot.pause()
        assert f"chosen: {first} - Enter to confirm" in screen_text(app)
        await pilot.press(str(last))  # another key: a change of mind
        await pilot.pause()
        assert where(app) == ("seat", 0, len(hand) - 1) and actions(app) == []
        await pilot.press("up")  # moving away takes the mark off
        await pilot.pause()
        assert where(app) == ("seat", 0, None) and "chosen:" not in screen_text(app)
        await pilot.press(str(last))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert actions(app) == [(0, ChooseCard(last))]


async def test_page_keys_scroll_the_board_and_leave_the_choices_alone():
    match = Match.new("penguinramids", ["Ana", "Beto", "Carla"], 5)
    for seat, card in enumerate((3, 1, 3)):
        match.play(seat, ChooseCard(card))
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = game_of(app)
        scroll = game.board.query_one("#pr-scroll", ScrollLines)
        # The board is taller than its box at 80x24.
        await wait_for(pilot, lambda: scroll.max_scroll_y > 0, what="the board laid out taller than its box")
        highlighted = game.chooser.highlighted
        await pilot.press("pagedown")
        await wait_for(pilot, lambda: scroll.scroll_y > 0, what="the board scrolled down")
        await pilot.wait_for_scheduled_animations()  # the scroll is animated: let it end first
        assert game.chooser.highlighted == highlighted
        await pilot.press("pageup")
        await wait_for(pilot, lambda: scroll.scroll_y == 0, what="the board back at its top")
        assert game.chooser.highlighted == highlighted
