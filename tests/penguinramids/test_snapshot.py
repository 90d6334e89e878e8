"""Pictures of the game screen (pytest-textual-snapshot; slow tier)."""

from __future__ import annotations

import random

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine import Match
from boardgames_tui.games.penguinramids.rules import ChooseCard
from tests.handover import curtain_up

SIZE = (80, 24)


NAMES = ("Ana", "Beto", "Carla", "Diego")


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
    if curtain_up(pilot.app.screen):
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


def _being_built(no_color: bool, monkeypatch):
    """Four players, round 6: a pyramid of each, a penguin of the offer highlighted."""
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    app = BoardGamesApp(match=_random_match(4, 7, 95))

    async def run_before(pilot):
        await _past_curtain(pilot)
        await pilot.press("down")
        await pilot.pause()

    return app, run_before


def test_snapshot_pyramid_being_built(snap_compare, monkeypatch):
    app, run_before = _being_built(False, monkeypatch)
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_snapshot_pyramid_being_built_no_color(snap_compare, monkeypatch):
    app, run_before = _being_built(True, monkeypatch)
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
    assert app.no_color


def test_snapshot_pyramid_being_built_120x40(snap_compare, monkeypatch):
    app, run_before = _being_built(False, monkeypatch)
    assert snap_compare(app, terminal_size=(120, 40), run_before=run_before)


def test_snapshot_pyramid_being_built_120x40_no_color(snap_compare, monkeypatch):
    app, run_before = _being_built(True, monkeypatch)
    assert snap_compare(app, terminal_size=(120, 40), run_before=run_before)


def test_snapshot_game_over(snap_compare):
    match = _random_match(2, 3, 2000)
    assert match.state.is_terminal
    match.undo() if match.can_undo() else None
    app = BoardGamesApp(match=_random_match(2, 3, len(match.actions) - 1))

    async def run_before(pilot):
        await _past_curtain(pilot)
        # The last decision may be a forced one, played by itself: then the scores are up already.
        if type(pilot.app.screen).__name__ != "GameOverScreen":
            await pilot.press("1")
        await pilot.pause()
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
