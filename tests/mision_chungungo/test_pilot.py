"""Pilot tests through the real app: a whole 2-player game by keyboard, curtains and an Electric Eel."""

from __future__ import annotations

import random
from collections import deque

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine import Match
from boardgames_tui.games.mision_chungungo import data
from boardgames_tui.games.mision_chungungo.rules import PlayCard, PlayEel
from boardgames_tui.games.mision_chungungo.ui import model
from boardgames_tui.games.mision_chungungo.ui.chooser import FieldChooser, nearest
from boardgames_tui.games.mision_chungungo.ui.field import LARGE
from boardgames_tui.games.mision_chungungo.ui.model import action_cell
from boardgames_tui.ui.game_over import GameOverScreen
from boardgames_tui.ui.game_screen import GameScreen
from tests.handover import curtain_up, notice_up, reaction_up
from tests.screen_text import game_screen, screen_text, wait_for

from .conftest import app_greedy, eel_cancels, greedy_match, short_game_with_an_eel

SIZE = (80, 24)

ARROWS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def arrow_path(chooser: FieldChooser, target: int) -> list[str] | None:
    """Arrow keys that walk the chooser's highlight to option ``target`` over the field's cells."""
    cells = chooser._cells
    where = dict(cells)
    start = chooser.highlighted
    if start not in where or target not in where:
        return None
    seen = {start: []}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here == target:
            return seen[here]
        for key, (dr, dc) in ARROWS.items():
            nxt = nearest(cells, where[here], dr, dc)
            if nxt is not None and nxt not in seen:
                seen[nxt] = seen[here] + [key]
                todo.append(nxt)
    return None


async def play_whole_game(pilot, app, rnd) -> dict[str, int]:
    """Drive the app by keys until the game-over screen; count what happened."""
    keys = random.Random(1)  # which picks go by arrows (apart from the players' choices)
    counts = {
        "curtains": 0,
        "reactions": 0,
        "eels": 0,
        "arrow picks": 0,
        "digit picks": 0,
        "notices": 0,
        "forced": 0,
    }
    for _ in range(2000):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return counts
        if curtain_up(screen):
            counts["curtains"] += 1
            await pilot.press("enter")
            continue
        if notice_up(screen):
            counts["notices"] += 1
            await pilot.press("enter")
            continue
        if reaction_up(screen):
            counts["reactions"] += 1
            state = game_screen(app).match.state
            wants = [s for s in state.to_move if any(type(a) is PlayEel for a in state.legal_actions(s))]
            if wants:
                counts["eels"] += 1
                await pilot.press("ab"[wants[0]])
            else:
                await pilot.press("enter")
            continue
        assert isinstance(screen, GameScreen), type(screen)
        match = screen.match
        seat = screen.shown_seat
        assert seat is not None and seat in match.state.to_move
        legal = match.state.legal_actions(seat)
        action = app_greedy(match.state, seat, rnd)
        index = legal.index(action)
        chooser = screen.chooser
        path = arrow_path(chooser, index) if action_cell(action) is not None else None
        before = len(match.actions)
        if path is not None and (path or index >= 9 or keys.random() < 0.5):
            counts["arrow picks"] += 1
            for key in path:
                await pilot.press(key)
            assert chooser.highlighted == index
            await pilot.press("enter")
        elif index < 9:
            counts["digit picks"] += 1
            await pilot.press(str(index + 1))
        else:
            chooser.highlighted = index
            await pilot.press("enter")
        await pilot.pause()
        # The key plays the action; a forced single option that follows plays itself.
        assert len(match.actions) > before, f"the key did not play {action}"
        assert match.actions[before] == (seat, action)
        counts["forced"] += len(match.actions) - before - 1
    raise AssertionError("the game did not end")


@pytest.mark.slow  # a whole game by keyboard: hundreds of key presses
async def test_whole_two_player_game_by_keyboard_with_curtains_and_an_eel():
    seed = short_game_with_an_eel(player=app_greedy)
    expected = greedy_match(2, seed, player=app_greedy)
    assert eel_cancels(expected) >= 1
    app = BoardGamesApp(game="mision_chungungo", names=["Ana", "Beto"], seed=seed)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        counts = await play_whole_game(pilot, app, random.Random(seed))
        over = app.screen
        assert isinstance(over, GameOverScreen)
        text = screen_text(app)
        assert "game over" in text and "reached 20 copper" in text
    assert counts["eels"] >= 1, counts
    assert counts["curtains"] > 10 and counts["arrow picks"] > 5 and counts["digit picks"] > 5, counts
    assert over.outcome == expected.state.outcome()


async def test_setup_placements_are_made_in_the_open():
    """Only the public Starter Kits are in hand during setup: no curtain."""
    app = BoardGamesApp(game="mision_chungungo", names=["Ana", "Beto"], seed=7)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: "Your hand (A Ana)" in screen_text(app), what="A's hand, in the open")
        assert isinstance(app.screen, GameScreen)


async def test_curtain_hides_the_board_until_the_player_is_alone():
    match = Match.new("mision_chungungo", ["Ana", "Beto"], 7)
    while match.state.phase in ("field", "tokens"):
        seat = match.state.to_move[0]
        match.play(seat, match.state.legal_actions(seat)[0])
    assert match.state.to_move == (0,)
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert curtain_up(app.screen)
        text = screen_text(app)
        # The curtain may recap the public log ("Each player receives a Starter Kit", the kit
        # played for Ana as her only card), never the hand.
        assert "A Ana" in text and "Your hand" not in text
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert "Your hand (A Ana)" in text
        assert app.screen.shown_seat == 0 and app.screen.shown_private


async def test_eel_cancel_through_the_reaction_window(match_at):
    """B presses their letter in the public window, confirms behind the curtain; A places the eel."""
    from .conftest import KIT, cid, scenario

    card = cid("Picadora")
    st = scenario(players=2, hands=[[KIT[0], card], [KIT[1], data.EEL_IDS[0]]])
    match = match_at("mision_chungungo", ["Ana", "Beto"], st, seed=1)
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # A's curtain
        await pilot.pause()
        legal = match.state.legal_actions(0)
        await pilot.press(str(legal.index(PlayCard(card)) + 1))
        await pilot.pause()
        assert reaction_up(app.screen)
        assert "Picadora" in screen_text(app)
        await pilot.press("b")
        await pilot.pause()
        assert curtain_up(app.screen) and "B Beto" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert "Play your Electric Eel" in text
        await pilot.press("2")
        await pilot.pause()
        await pilot.press("enter")  # A's curtain: A places the eel
        await pilot.pause()
        text = screen_text(app)
        assert "Place the eel at" in text
        await pilot.press("enter")
        await pilot.pause()
        assert any(c.face_up for c in match.state.field)
        assert data.CARDS[match.state.discards[0][-1]].name == "Picadora"


async def test_board_follows_a_resize():
    app = BoardGamesApp(game="mision_chungungo", names=["Ana", "Beto", "Carla", "Diego", "Elena"], seed=7)
    async with app.run_test(size=SIZE) as pilot:
        # Setup is played in the open: no curtain first.
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.board.size.width > 0)
        board = app.screen.board
        narrow = board.size.width
        await pilot.resize_terminal(120, 40)
        await wait_for(pilot, lambda: board.size.width > narrow, what="the board widened")
        await wait_for(
            pilot, lambda: "E Elena" in screen_text(app) and ">+<" in screen_text(app), what="the wide board"
        )
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: board.size.width == narrow, what="the board back to its width")
        await pilot.press("enter")
        game = game_screen(app)
        # Enter still picks the highlighted cell.
        await wait_for(pilot, lambda: len(game.match.actions) == 1, what="the highlighted cell picked")


async def test_excavator_reads_the_card_before_the_keyboard_passes():
    """The excavated card is shown to its excavator alone, before the curtain for the next player."""
    import random

    from boardgames_tui.app import BoardGamesApp
    from boardgames_tui.engine import Match
    from boardgames_tui.ui.board import ActionChosen
    from boardgames_tui.ui.game_screen import GameScreen
    from tests.screen_text import screen_text

    for seed in range(40):
        match = Match.new("mision_chungungo", ["Ana", "Beto"], seed)
        rnd = random.Random(seed)
        while not match.state.is_terminal and len(match.actions) < 400:
            state = match.state
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            dig = [a for a in legal if "xcavate" in str(a)]
            after = [state.apply(seat, a) for a in dig]
            hit = next(
                (
                    a
                    for a, st in zip(dig, after, strict=True)
                    if st.private_news(seat, len(state.log)) and st.to_move[:1] != (seat,)
                ),
                None,
            )
            if hit is not None:
                break
            match.play(seat, rnd.choice(legal))
        else:
            continue
        break
    else:
        raise AssertionError("no seed gives an excavation that ends the turn")
    seat = match.state.to_move[0]
    app = BoardGamesApp(match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if curtain_up(app.screen):
            await pilot.press("enter")
            await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        game.post_message(ActionChosen(hit))
        await pilot.pause()
        await pilot.pause()
        assert notice_up(app.screen)
        assert f"Only for {'AB'[seat]}" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert curtain_up(app.screen)


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
