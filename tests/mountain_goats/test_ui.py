"""Widget tests (board and chooser in a tiny app), Pilot tests and snapshots at 80x24."""

from __future__ import annotations

from textual.app import App, ComposeResult

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.games.mountain_goats import rules as R
from boardgames_tui.games.mountain_goats.ui import make_board, make_chooser
from boardgames_tui.games.mountain_goats.ui.board import move_label, render_board
from boardgames_tui.ui.board import ActionChosen, ActionPreview, BoardContext
from boardgames_tui.ui.game_over import GameOverScreen
from boardgames_tui.ui.game_screen import GameScreen
from tests.board_harness import BoardHarness
from tests.screen_text import notices, screen_text

from .helpers import move, scenario

SIZE = (80, 24)
NAMES = ("Ana", "Beto", "Carla", "Diego", "Elena")


class Harness(BoardHarness):
    """The board and chooser mounted the way GameScreen does (tests/board_harness.py)."""

    def __init__(self, state, seat=0):
        super().__init__(make_board(), make_chooser(), state, seat, NAMES)


def board_text(app) -> str:
    return str(app.board.query_one("#goats-table").render())


# ---------------------------------------------------------------- board


def test_board_draws_mountains_goats_tokens_and_scores():
    s = scenario(3, pos={0: {10: 2, 5: 1}, 1: {5: 1}}, tokens={0: {10: 2}}, bonus_won={})
    text = render_board(s.view(0), NAMES[:3], 0).plain
    lines = text.splitlines()
    assert lines[0].split()[:7] == ["Mountain", "5", "6", "7", "8", "9", "10"]
    assert "[A]4" in text.replace(" ", "")  # A on the summit of 10, 4 tokens of 10 left (6 - 2)
    assert any(line.startswith("step 1") and "AB" in line for line in lines)
    assert any("A Ana" in line and line.rstrip().endswith("20") for line in lines)
    assert "Bonus left: 15 12 9 6" in text


def test_board_big_mountain_path_shows_goats_by_letter_and_mountain():
    s = scenario(2, big=True, pos={0: {7: 23}, 1: {10: 12}})
    text = render_board(s.view(0), NAMES[:2], 0).plain
    assert "Big  11 12 13 14 15 16 17 18 19 20 21 22 23 24" in text
    path = text.splitlines()[text.splitlines().index(next(line for line in text.splitlines() if line.startswith("Big"))) + 1]
    assert "B10" in path and "A7" in path


def test_board_width_fits_beside_the_log():
    s = scenario(5, big=True, dice=(1, 2, 3, 4), pos={k: {5: 11 + k} for k in range(5)})
    text = render_board(s.view(0), NAMES, 0).plain
    assert max(len(line) for line in text.splitlines()) <= 49
    assert len(text.splitlines()) <= 14


def test_board_no_color_keeps_letters_plain_and_marks_moves_by_reverse():
    s = scenario(3, dice=(5, 5, 1, 1), pos={0: {10: 1}, 1: {5: 2}})
    view = s.view(0)
    shown = view.apply(0, move(view.dice, (10, 10, 0, 1)))
    text = render_board(view, NAMES[:3], 0, shown, "note", colour=False)
    styles = {str(span.style) for span in text.spans}
    assert not any(c in st for st in styles for c in ("red", "blue", "green", "magenta", "cyan"))
    assert any("reverse" in st for st in styles)


def test_move_label_names_changed_ones_and_returns():
    s = scenario(2, big=True, dice=(1, 1, 4, 4), pos={0: {8: 15}})
    label = move_label(s.view(0), 0, move((1, 6, 4, 4), (8, 8, 2, 3), (7, 7, 0, 1)))
    assert label == "1 as 6: 4+4: goat 8 down from 15, 1+6 on 7"


async def test_board_preview_marks_moving_goats():
    s = scenario(2, dice=(5, 5, 4, 5), pos={0: {10: 1}, 1: {10: 2}})
    app = Harness(s)
    async with app.run_test(size=(50, 24)) as pilot:
        await pilot.pause()
        text = board_text(app)
        assert "If chosen: +10 pts" in text and "knocks B off 10" in text
        await pilot.press("down")
        await pilot.pause()
        assert board_text(app) != text


# ---------------------------------------------------------------- chooser


async def test_chooser_lists_distinct_moves_best_first_and_picks_by_digit():
    s = scenario(2, dice=(5, 5, 4, 5), pos={0: {10: 1}})
    app = Harness(s)
    async with app.run_test(size=(50, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "outcomes" in text and "+10" in text
        await pilot.press("2")
        await pilot.pause()
        assert app.chosen == [s.legal_actions(0)[1]]


async def test_chooser_roll_with_enter():
    s = R.new_game(2, 4)
    app = Harness(s)
    async with app.run_test(size=(50, 24)) as pilot:
        await pilot.pause()
        assert "roll the dice" in screen_text(app)
        await pilot.press("enter")
        assert app.chosen == [R.Roll()]


async def test_chooser_build_groups_by_hand():
    s = scenario(2, dice=(1, 1, 3, 4))
    app = Harness(s)
    async with app.run_test(size=(50, 24)) as pilot:
        await pilot.pause()
        await pilot.press("b", "right")  # cursor on die 2 (a rolled 1)
        for _ in range(5):
            await pilot.press("f")  # 1 -> 6
        await pilot.press("2", "4", "enter")  # 6+4 on 10
        await pilot.press("1", "3", "enter")  # 1+3 is 4: refused
        await pilot.pause()
        assert "(1+3) sums to 4;" in screen_text(app)
        await pilot.press("backspace", "c")
        await pilot.pause()
        assert app.chosen == [R.Move((1, 6, 3, 4), ((10, 10, 1, 3),))]
        assert s.apply(0, app.chosen[0]).pos[0][5] == 1


async def test_chooser_big_mountain_asks_for_the_goat():
    s = scenario(2, big=True, dice=(6, 6, 5, 2), pos={0: {7: 2}})
    app = Harness(s)
    async with app.run_test(size=(50, 24)) as pilot:
        await pilot.pause()
        await pilot.press("b", "1", "2", "3", "enter")
        await pilot.pause()
        assert "which goat" in screen_text(app)
        await pilot.press("7", "c")
        await pilot.pause()
        assert app.chosen == [R.Move((6, 6, 5, 2), ((17, 7, 0, 1, 2),))]


async def test_chooser_refuses_changing_a_die_that_is_not_a_one():
    s = scenario(2, dice=(2, 1, 3, 4))
    app = Harness(s)
    async with app.run_test(size=(50, 24)) as pilot:
        await pilot.pause()
        await pilot.press("b", "f")
        await pilot.pause()
        assert "Only a rolled 1 can change" in screen_text(app)


# ---------------------------------------------------------------- the real app


async def test_whole_two_player_game_through_the_keyboard():
    app = BoardGamesApp(game="mountain_goats", names=["Ana", "Beto"], seed=21)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        # First turn built by hand: pass with no dice ("b", then "c").
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("b", "c")
        await pilot.pause()
        assert screen.match.state.to_move == (1,) and "uses no dice" in screen_text(app)
        presses = 0
        while not screen.match.state.is_terminal:
            assert presses < 400, "the game did not end"
            await pilot.press("enter")  # roll
            await pilot.press("1")  # the best move
            presses += 2
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        text = screen_text(app)
        assert "game over" in text and "Why it ended" in text
        state = screen.match.state
        assert state.turns % 2 == 0 and not notices(app).count("Not allowed")


async def test_illegal_hand_built_move_gets_a_message(match_at):
    # A roll with two 1s: changing both is refused at once (one 1 stays).
    rolled = scenario(2, dice=(1, 1, 5, 5))
    app = BoardGamesApp(match=match_at("mountain_goats", ["Ana", "Beto"], rolled, seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.match.state.dice == (1, 1, 5, 5)
        await pilot.press("b", "f", "right", "f")
        await pilot.pause()
        assert "At least one 1 must stay a 1" in screen_text(app)
        # A group of 5+5+2+1 = 13 without the Big Mountain: the engine's reason is shown.
        await pilot.press("1", "2", "3", "4", "enter")
        await pilot.pause()
        chooser = screen.query_one("#goats-chooser")
        assert "sums to 13; groups must sum 5-10" in chooser.message
        assert screen.match.state.dice == (1, 1, 5, 5)
        assert screen.match.actions == []  # neither illegal move was played


def _play_to(app_match, turns):
    for _ in range(turns):
        state = app_match.state
        seat = state.to_move[0]
        app_match.play(seat, R.Roll())
        app_match.play(seat, app_match.state.legal_actions(seat)[0])


def test_snapshot_game_in_play(snap_compare):
    app = BoardGamesApp(game="mountain_goats", names=["Ana", "Beto", "Carla"], seed=8, options={"big_mountain": True})

    async def run_before(pilot):
        await pilot.pause()
        screen = app.screen
        _play_to(screen.match, 7)
        seat = screen.match.state.to_move[0]
        screen.match.play(seat, R.Roll())
        screen.advance()
        await pilot.pause()
        await pilot.press("down")
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_snapshot_building_a_move(snap_compare):
    app = BoardGamesApp(game="mountain_goats", names=["Ana", "Beto"], seed=8)

    async def run_before(pilot):
        await pilot.pause()
        screen = app.screen
        _play_to(screen.match, 4)
        screen.match.play(0, R.Roll())
        screen.advance()
        await pilot.pause()
        await pilot.press("b", "1", "2")
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_snapshot_game_in_play_no_color(snap_compare, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = BoardGamesApp(game="mountain_goats", names=["Ana", "Beto", "Carla", "Diego"], seed=12)

    async def run_before(pilot):
        await pilot.pause()
        screen = app.screen
        _play_to(screen.match, 9)
        screen.match.play(1, R.Roll())
        screen.advance()
        await pilot.pause()

    assert app.no_color
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_snapshot_game_over(snap_compare):
    app = BoardGamesApp(game="mountain_goats", names=["Ana", "Beto"], seed=8)

    async def run_before(pilot):
        await pilot.pause()
        screen = app.screen
        while not screen.match.state.is_terminal:
            _play_to(screen.match, 1)
        screen.advance()
        await pilot.pause()
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
