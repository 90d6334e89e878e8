"""Misión Chungungo drawn like the table (issue 9): the field as card-sized cells that
turn over at game end, the hand and the discard piles as rows of cards."""

from __future__ import annotations

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.games.mision_chungungo import data, rules
from boardgames_tui.games.mision_chungungo.ui import model
from boardgames_tui.games.mision_chungungo.ui.field import COMPACT, LARGE
from tests.screen_text import screen_text

from .test_rules_support import KIT, cid, scenario
from .test_ui_board import Harness, part
from .test_ui_support import greedy_match


def test_the_field_turns_over_when_the_game_ends():
    match = greedy_match(2, 2420)
    end = match.state
    assert end.is_terminal
    before = match.states[-2]
    for seat in (None, 0, 1):
        assert all(c.card >= 0 for c in end.view(seat).field)  # every card face up for everyone
    assert any(c.card < 0 for c in before.view(0).field if not c.face_up)  # face down until then
    table = model.table_of(end.view(None), None)
    faces = model.field_faces(table)
    assert set(faces) == {c.pos for c in end.field if not c.face_up}
    for c in end.field:
        if not c.face_up:
            name, copper = faces[c.pos]
            assert copper == data.CARDS[c.card].copper


async def test_final_board_shows_every_field_card_by_name_and_copper():
    match = greedy_match(2, 2420)
    app = BoardGamesApp(match=match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("g")  # from the scores to the final table
        await pilot.pause()
        board = app.screen.board
        assert board.cell_size is LARGE
        field = board.query_one("#mc-field").plain()
        assert "░" not in field  # nothing left face down
        for c in match.state.field:
            if not c.face_up:
                card = data.CARDS[c.card]
                name = model.FACE_NAMES.get(card.kind, card.name)
                assert name[:7] in field and f"{card.copper}cu" in field
        assert "Your hand" not in screen_text(app)


async def test_hand_and_piles_are_rows_of_cards_with_the_highlighted_card_marked():
    picadora, fila = cid("Picadora"), cid("Fila")
    st = scenario(players=3, hands=[[KIT[0], picadora], [KIT[1]], [KIT[2]]],
                  discards=[[], [fila], []], bases=[[], [], [data.MINE_IDS[0]]])
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)):
        hand = part(app, "hand")
        lines = hand.splitlines()
        assert lines[0].startswith("Your hand (A Ana): 2 cards")
        assert lines[1].count("┌") == 2  # two cards side by side
        assert "Picadora" in lines[2] and "Starter" in lines[2]
        assert f"{data.CARDS[picadora].copper}cu" in lines[3]
        piles = hand[hand.index("Discard piles"):]
        assert piles.splitlines()[1].count("┌") == 3  # one card per pile
        assert "B (1)" in piles and "Fila" in piles and "C (0)" in piles and "M" in piles


async def test_a_small_field_gets_large_cards_and_a_big_one_compact_cards():
    st = scenario(players=2, hands=[[KIT[0]], [KIT[1]]], tokens=[(0, 0), (0, 1)])
    app = Harness(st, seat=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.board.cell_size is LARGE
        assert "└───────┘" in part(app, "field")
    wide = {(0, c): data.CREW[c].id for c in range(20)}
    st = scenario(players=2, field=wide, hands=[[KIT[0]], [KIT[1]]], tokens=[(0, 0), (0, 1)])
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.board.cell_size is COMPACT
        assert "┌────┐" in part(app, "field")
