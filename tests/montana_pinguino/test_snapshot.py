"""Snapshot tests of Montaña Pingüino through the real app at 80x24: the track in
mid-race, the secret play of a double card, a card resolving, the reaction window,
the game over; the board's own race result and championship table; and, drawn like the
table, the course and gauges in a secret play and a round being revealed at 80x24 and
120x40, with colour and with NO_COLOR."""

from __future__ import annotations

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.games.montana_pinguino import data as D
from boardgames_tui.games.montana_pinguino import rules as R
from tests.handover import reveal_of

from .conftest import BoardApp, ctx_for, play_last_card_unseen, scene

SIZE = (80, 24)
NAMES = ["Ana", "Beto", "Carla", "Diego"]


async def _enter(pilot, *keys: str) -> None:
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    if keys:
        await pilot.press(*keys)
        await pilot.pause()


def test_snapshot_track_mid_race(snap_compare):
    match = scene(4, 21, lambda s: s.phase == R.Phase.PLAY and s.round >= 4 and not s.played[s.to_move[0]])
    app = BoardGamesApp(match=match)
    assert snap_compare(app, terminal_size=SIZE, run_before=_enter)


def _double_in_play(s) -> bool:
    if s.phase != R.Phase.PLAY or s.round < 2 or s.played[s.to_move[0]]:
        return False
    return any(D.ACTION_CARDS[c].is_double for c in s.hand[s.to_move[0]])


def test_snapshot_secret_play_of_a_double_card(snap_compare):
    match = scene(3, 22, _double_in_play)
    state = match.state
    seat = state.to_move[0]
    index = next(
        i for i, a in enumerate(state.legal_actions(seat)) if isinstance(a, R.PlayCard) and a.half == 1
    )

    async def run_before(pilot):
        await _enter(pilot, *(["down"] * index))

    assert snap_compare(BoardGamesApp(match=match), terminal_size=SIZE, run_before=run_before)


def test_snapshot_a_card_resolving(snap_compare):
    match = scene(3, 23, lambda s: s.phase == R.Phase.ACTIVATE and s.stage == R.Stage.PARAMS and s.to_move)

    async def run_before(pilot):
        await _enter(pilot, "pagedown")

    assert snap_compare(BoardGamesApp(match=match), terminal_size=SIZE, run_before=run_before)


def test_snapshot_reaction_window(snap_compare):
    match = scene(
        2,
        0,
        lambda s: (
            s.reaction_window is not None
            and any(isinstance(a, (R.PlayIglu, R.PlayTormenta)) for a in s.legal_actions(s.to_move[0]))
        ),
    )

    async def run_before(pilot):
        await pilot.pause()

    assert snap_compare(BoardGamesApp(match=match), terminal_size=SIZE, run_before=run_before)


def test_snapshot_game_over(snap_compare):
    match = scene(3, 24, lambda s: s.is_terminal)

    async def run_before(pilot):
        await pilot.pause()
        await pilot.pause()

    assert snap_compare(BoardGamesApp(match=match), terminal_size=SIZE, run_before=run_before)


def test_snapshot_board_race_result(snap_compare):
    match = scene(4, 25, lambda s: s.is_terminal)
    app = BoardApp(ctx_for(match.state, None))
    assert snap_compare(app, terminal_size=(50, 16))


def test_snapshot_board_championship_table(snap_compare):
    match = scene(
        3, 26, lambda s: s.race == 2 and s.phase == R.Phase.PLAY, {"championship": True}, limit=6000
    )
    state = match.state
    app = BoardApp(ctx_for(state, state.to_move[0]))

    async def run_before(pilot):
        await pilot.pause()

    assert snap_compare(app, terminal_size=(50, 22), run_before=run_before)


def test_snapshot_no_color_mid_race(snap_compare, monkeypatch):
    """NO_COLOR: levels, limits and seats stay readable by their words and letters."""
    monkeypatch.setenv("NO_COLOR", "1")
    match = scene(4, 21, lambda s: s.phase == R.Phase.PLAY and s.round >= 3 and not s.played[s.to_move[0]])
    app = BoardGamesApp(match=match)
    assert app.no_color
    assert snap_compare(app, terminal_size=SIZE, run_before=_enter)


def test_snapshot_between_championship_races(snap_compare):
    """The public step after a Championship race: its result and last round, no curtain."""
    match = scene(3, 26, lambda s: s.phase == R.Phase.RACE_OVER, {"championship": True}, limit=6000)

    async def run_before(pilot):
        await pilot.pause()
        await pilot.pause()

    assert snap_compare(BoardGamesApp(match=match), terminal_size=SIZE, run_before=run_before)


def test_snapshot_final_table(snap_compare):
    """The game-over page's 'g': the final board with every place and the last round."""
    match = scene(4, 25, lambda s: s.is_terminal)

    async def run_before(pilot):
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        await pilot.pause()

    assert snap_compare(BoardGamesApp(match=match), terminal_size=SIZE, run_before=run_before)


# ---- drawn like the table (issue 9): course and gauges, a round revealed, two sizes, colour and NO_COLOR


SIZES = [(80, 24), (120, 40)]


def _app(monkeypatch, colour: bool, match) -> BoardGamesApp:
    if not colour:
        monkeypatch.setenv("NO_COLOR", "1")
    app = BoardGamesApp(match=match)
    assert app.no_color is not colour
    return app


@pytest.mark.parametrize("colour", [True, False], ids=["colour", "no_color"])
@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_snapshot_course_and_gauges(snap_compare, monkeypatch, size, colour):
    match = scene(4, 21, lambda s: s.phase == R.Phase.PLAY and s.round >= 4 and not s.played[s.to_move[0]])
    app = _app(monkeypatch, colour, match)

    async def run_before(pilot):
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("colour", [True, False], ids=["colour", "no_color"])
@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_snapshot_a_round_revealed(snap_compare, monkeypatch, size, colour):
    match = scene(
        3,
        21,
        lambda s: (
            s.phase == R.Phase.PLAY and s.round >= 3 and len(s.to_move) == 1 and bool(s.played[s.to_move[0]])
        ),
    )
    app = _app(monkeypatch, colour, match)

    async def run_before(pilot):
        await play_last_card_unseen(pilot)
        reveal_of(app).hold(13)  # a sled sliding after the cards acted: damage has landed
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)
