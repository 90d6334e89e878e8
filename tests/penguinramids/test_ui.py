"""Widget tests (the board in a tiny app), Pilot tests through the real app, snapshots at 80x24."""

from __future__ import annotations

import pytest

import random

import attrs

from textual.app import App, ComposeResult
from textual.widgets import Static

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine import Match
from boardgames_tui.games.penguinramids import rules
from boardgames_tui.games.penguinramids.rules import ChooseCard, Place, PlaceToken, Take
from boardgames_tui.games.penguinramids.ui import make_board
from boardgames_tui.games.penguinramids.ui import render
from boardgames_tui.ui.board import ActionChosen, ActionList, ActionPreview, BoardContext
from boardgames_tui.ui.curtain import CurtainScreen
from boardgames_tui.ui.game_over import GameOverScreen
from boardgames_tui.ui.game_screen import GameScreen
from tests.board_harness import BoardHarness
from tests.screen_text import screen_text

from .helpers import turn_state

SIZE = (80, 24)
NAMES = ("Ana", "Beto", "Carla", "Diego")
R1_22, R2_22, R2_12, R3_21, R3_22, Y1_22 = 0, 3, 6, 9, 8, 26


class Harness(BoardHarness):
    """The board and chooser mounted the way GameScreen does (tests/board_harness.py)."""

    def __init__(self, state, seat=0):
        super().__init__(make_board(), ActionList(), state, seat, NAMES)


def part(app, name: str) -> str:
    return str(app.board.query_one(f"#pr-{name}", Static).render())


# ---- board widget -------------------------------------------------------------------


async def test_board_shows_offer_pyramid_supports_goals_and_cards():
    st = turn_state(players=3, built={0: R2_22, 1: R3_21}, revealed=(R1_22, Y1_22, 13), card=4, chief=1)
    app = Harness(st)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "R1 2|2" in part(app, "offer") and "Y1 2|2" in part(app, "offer")
        own = part(app, "own")
        assert "A Ana" in own and "123-5" in own and "tok 0" in own
        assert "[R2][R3]" in own and "2+2" in own  # right arm of R2 + left arm of R3
        assert "B Beto" in part(app, "minis-1") and "C Carla" in part(app, "minis-2")
        status = part(app, "status")
        assert "Chief B" in status and "order A4 B5 C5" in status
        goals = part(app, "goals")
        assert all(rules.GOALS[g].name in goals for g in st.goals)


async def test_board_preview_marks_legal_slots_and_explains_illegal_ones():
    st = turn_state(built={0: R3_21, 1: R2_12, 2: R2_22}, revealed=(R3_22, R1_22))
    app = Harness(st)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.board.preview(Take(R3_22))
        await pilot.pause()
        note = part(app, "note")
        assert "fits on L1.4 L2.2" in note
        assert "L2.1 needs 3 strength, has 2" in note
        assert " ok " in part(app, "own")


async def test_board_preview_of_a_placement_draws_the_penguin_there():
    st = turn_state(built={0: R2_22, 1: R2_22}, revealed=(R3_22, R1_22)).apply(0, Take(R3_22))
    app = Harness(st)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        labels = [app.board.action_label(a) for a in st.legal_actions(0)]
        assert "place on L2.1 (arms hold 4)" in labels
        app.board.preview(Place(4))
        await pilot.pause()
        assert "R3 2|2 on L2.1: arms hold 4, weight 3" in part(app, "note")
        assert part(app, "own").count("[R3]") == 1


async def test_board_token_preview_and_marker():
    st = turn_state(built={0: R2_22, 1: R2_22}, held_tokens=1, tokens={(1, 0): 1}, revealed=(R3_22, R1_22))
    app = Harness(st)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        own = part(app, "own")
        assert "[R2][R2]" in own and "+R2]" not in own  # cells stay plain
        assert "Tokens: L1.2 left" in own  # token on the second penguin's left arm, in words
        assert "2+3" in own  # and counted in the support row
        app.board.preview(PlaceToken(0, "right"))
        await pilot.pause()
        assert "token adds 1 to the right arm at L1.1" in part(app, "note")
        own = part(app, "own")
        assert "3+3" in own and "L1.1 right" in own  # the preview shows the support with the token on
        app.board.preview(None)
        await pilot.pause()
        assert "2+3" in part(app, "own") and "L1.1 right" not in part(app, "own")


async def test_board_never_shows_another_seats_pending_choice():
    st = rules.new_game(2, 3).apply(0, ChooseCard(3))
    app = Harness(st, seat=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        status = part(app, "status")
        assert "choosing B" in status and "you:" not in status
        minis = part(app, "minis-1")
        assert "12345" in minis and "tok0" in minis  # A's hand unchanged until the reveal
    app = Harness(st.apply(1, ChooseCard(1)), seat=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "order B1 A3" in part(app, "status")


async def test_chooser_digit_picks_a_card():
    app = Harness(rules.new_game(2, 3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        assert app.chosen == [ChooseCard(2)]


async def test_chooser_digit_is_the_card_number_when_a_card_is_spent():
    """Pressing 5 plays card 5 even when card 3 is spent (no shift to positions)."""
    st = rules.new_game(2, 3)
    st = attrs.evolve(st, hands=((1, 2, 4, 5), (1, 2, 3, 4, 5)), spent=((3,), ()))
    app = Harness(st)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        texts = [str(app.chooser.get_option_at_index(i).prompt) for i in range(app.chooser.option_count)]
        assert [t.split()[0] for t in texts] == ["1", "2", "4", "5"]
        await pilot.press("5")
        await pilot.pause()
        assert app.chosen == [ChooseCard(5)]
        await pilot.press("3")  # spent: nothing
        await pilot.pause()
        assert app.chosen == [ChooseCard(5)]
    assert app.board.action_key(Take(0)) is None


def test_pyramid_text_is_a_pyramid_with_support_rows():
    st = turn_state(built={0: R2_22, 1: R2_22, 2: R2_22, 3: R2_22, 4: R1_22})
    lines = render.pyramid_text(st, 0).plain.splitlines()
    assert len(lines) == 7 and [ln[:1] for ln in lines[::2]] == ["4", "3", "2", "1"]
    assert lines[6] == "1 [R2][R2][R2][R2]"
    assert lines[4] == "2   [R1] ..  .. "
    assert lines[5].split() == ["2+2", "2+2", "2+2"]
    assert lines[3].split() == ["2+."]  # L3.1 rests on the R1 (right arm 2) and an empty slot
    assert all(len(ln) <= 18 for ln in lines)


# ---- through the real app -------------------------------------------------------------


async def _drive_to_end(app, pilot, limit=400):
    """Press Enter on curtains and on decisions (the first choice) until the game-over
    screen. (A digit would not do: the secret choice binds card numbers, and card 1
    is not always in hand.)"""
    curtains = 0
    for _ in range(limit):
        await pilot.pause()
        if isinstance(app.screen, GameOverScreen):
            return curtains
        if isinstance(app.screen, CurtainScreen):
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
        assert isinstance(app.screen, CurtainScreen) and "A Ana" in screen_text(app)
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
        assert isinstance(app.screen, CurtainScreen) and "B Beto" in screen_text(app)
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
        await pilot.press("1")  # take the first penguin
        await pilot.pause()
        taken = app.screen.match.state.taken
        assert taken >= 0
        assert "Undo" not in screen_text(app)  # the footer offers no undo
        await pilot.press("u")
        await pilot.pause()
        assert app.screen.match.state.taken == taken
        assert "Nothing to undo" in screen_text(app)


# ---- snapshots ------------------------------------------------------------------------


def _random_match(players, seed, steps):
    match = Match.new("penguinramids", list(NAMES[:players]), seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        st = match.state
        if st.is_terminal:
            break
        seat = st.to_move[0]
        match.play(seat, rnd.choice(st.legal_actions(seat)))
    return match


async def _past_curtain(pilot):
    """Press Enter on the curtain when there is one (turns after the reveal have none)."""
    await pilot.pause()
    if isinstance(pilot.app.screen, CurtainScreen):
        await pilot.press("enter")
        await pilot.pause()


def test_snapshot_secret_choice(snap_compare):
    app = BoardGamesApp(game="penguinramids", names=["Ana", "Beto", "Carla"], seed=5)

    async def run_before(pilot):
        await _past_curtain(pilot)
        await pilot.press("down")
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_snapshot_reveal_and_turn_order(snap_compare):
    match = Match.new("penguinramids", ["Ana", "Beto", "Carla"], 5)
    for seat, card in enumerate((3, 1, 3)):
        match.play(seat, ChooseCard(card))
    app = BoardGamesApp(match=match)

    async def run_before(pilot):
        await _past_curtain(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_snapshot_pyramid_being_built(snap_compare):
    match = _random_match(4, 7, 95)
    app = BoardGamesApp(match=match)

    async def run_before(pilot):
        await _past_curtain(pilot)
        await pilot.press("down")
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_snapshot_game_over(snap_compare):
    match = _random_match(2, 3, 2000)
    assert match.state.is_terminal
    match.undo() if match.can_undo() else None
    app = BoardGamesApp(match=_random_match(2, 3, len(match.actions) - 1))

    async def run_before(pilot):
        await _past_curtain(pilot)
        await pilot.press("1")
        await pilot.pause()
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_small_pyramid_shows_support_sums_with_three_players():
    st = turn_state(players=3, seat=1, built={0: R2_22, 1: R3_22, 2: R2_12, 4: R1_22})
    lines = render.mini_pyramid(st, 1, NAMES[:3], supports=True).plain.splitlines()
    assert lines[0].startswith("B Beto") and lines[1].endswith("12-45") and lines[2].endswith("tok0")
    assert lines[-2].split() == ["4", "3"]  # R2 right 2 + R3 left 2; R3 right 2 + R2 left 1
    assert lines[-1].startswith(" R2 R3 R2 ..")
    assert len(render.mini_pyramid(st, 1, NAMES[:3]).plain.splitlines()) == 5
    assert all(len(line) <= render.MINI_W for line in lines)


def test_chief_marker_cannot_be_read_as_a_seat_letter():
    """Carla (seat C) next to a lone 'C' read as two seat letters: the marker is a word."""
    st = turn_state(players=3, chief=2)
    names = ("Ana", "Beto", "Carla")
    mini = render.mini_pyramid(st, 2, names).plain
    assert mini.splitlines()[0].split() == ["C", "Carla", "0"]
    assert "Chief" in mini.splitlines()[1]
    head, _ = render.own_header(st, 2, names, 18)
    assert "*Chief" in head.plain and head.plain.split()[:2] == ["C", "Carla"]
    assert all(w != "C" for w in render.mini_pyramid(st, 0, names).plain.split()[1:])


def test_tokens_readable_in_small_and_full_pyramids():
    """Strength tokens show in words under your pyramid and as '+' between the two
    penguins whose facing arms carry them in the small ones, without colour."""
    st = turn_state(players=3, seat=1, built={0: R2_22, 1: R3_22, 2: R2_12}, tokens={(0, 1): 1, (2, 0): 2})
    mini = render.mini_pyramid(st, 1, NAMES[:3]).plain.splitlines()
    assert mini[-1].startswith(" R2+R3+R2 ..")
    assert render.tokens_line(st, 1, 40).plain == "Tokens: L1.1 right, L1.3 left x2"
    assert render.tokens_line(st, 1, 20).plain == "Tokens: L1.1 right,\nL1.3 left x2"
    assert all(len(line) <= 18 for line in render.tokens_line(st, 1).plain.splitlines())
    full = render.pyramid_text(st, 1).plain
    assert "[R2][R3][R2]" in full


def test_goals_line_always_names_the_three_goals_with_points():
    st = turn_state(players=4)
    text = render.goals_line(st, 48).plain
    for g in st.goals:
        assert f"{rules.GOALS[g].name} {rules.GOALS[g].points}" in text
    assert all(len(line) <= 48 for line in text.splitlines()) and len(text.splitlines()) <= 2


async def test_goals_stay_in_sight_with_four_players():
    """The goal cards sit above the scrolling part of the board."""
    st = turn_state(players=4)
    app = Harness(st)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        goals = app.board.query_one("#pr-goal-names", Static)
        assert goals.parent is app.board and goals.region.height >= 1
        for g in st.goals:
            assert rules.GOALS[g].name in str(goals.render())


def test_chief_marker_alone_is_highlighted_in_a_small_pyramid():
    st = turn_state(players=3, chief=1)
    top = render.mini_pyramid(st, 1, NAMES[:3]).split("\n")[1]
    styled = {top.plain[span.start : span.end] for span in top.spans if "reverse" in str(span.style)}
    assert styled == {"Chief"} and not top.style


async def test_legend_shows_the_bracketed_cell_literally():
    app = Harness(turn_state())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert part(app, "legend").startswith("[R3] Red weight 3")
