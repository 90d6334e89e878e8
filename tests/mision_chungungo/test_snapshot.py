"""Snapshot tests of Misión Chungungo in the real app at 80x24 (seeded positions, greedy players)."""

from __future__ import annotations

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.games.mision_chungungo import data

from .conftest import greedy_match

SIZE = (80, 24)


def shot_aim(state, seat):
    """Aiming a shot that would strike two players, on a field of ten cards or more."""
    if state.phase == "resolve" and state.steps and state.steps[0] == "shot":
        hit, _ = state.shot_targets(seat, state.card_in_play, False)
        return len(hit) >= 2 and len(state.field) >= 10
    return False


def full_hand(state, seat):
    """A turn with five different cards in hand, a shot card among them, and a base owned by someone."""
    return (
        state.phase == "turn"
        and len(set(state.hands[seat])) >= 5
        and any(data.CARDS[c].pattern for c in state.hands[seat])
        and any(state.bases)
    )


def leap_with_eel(state, seat):
    """Excavate-or-leap on a field of fourteen cards or more with a face-up eel in it."""
    return (
        state.phase == "resolve"
        and bool(state.steps)
        and data.Step.LEAP in data.alternatives(state.steps[0])
        and len(state.field) >= 14
        and any(c.face_up for c in state.field)
    )


def app_at(players: int, seed: int, stop) -> BoardGamesApp:
    """The app at the first greedy game from ``seed`` on that reaches ``stop`` (found at test time, deterministic)."""
    for s in range(seed, seed + 50):
        match = greedy_match(players, s, stop=stop)
        if not match.state.is_terminal and stop(match.state, match.state.to_move[0]):
            return BoardGamesApp(match=match)
    raise AssertionError("no greedy game reaches the position")


async def lift_curtain(pilot, *keys: str) -> None:
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    if keys:
        await pilot.press(*keys)
        await pilot.pause()


def test_snapshot_field_choosing_a_cell(snap_compare):
    """Five players; the highlight walked down to the nearest legal cell on a field with eels."""
    app = app_at(5, 6, leap_with_eel)

    async def run_before(pilot):
        await lift_curtain(pilot, "down")

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_snapshot_field_no_color(snap_compare, monkeypatch):
    """The same field without colour: glyphs alone tell cards, tokens, legal cells and the highlight."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = app_at(5, 6, leap_with_eel)

    async def run_before(pilot):
        await lift_curtain(pilot, "down")

    assert app.no_color
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_snapshot_shot_preview(snap_compare):
    """Aiming a shot: its lines on the field, the struck tokens starred, the hits in words."""
    app = app_at(5, 2, shot_aim)

    async def run_before(pilot):
        await lift_curtain(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_snapshot_hand(snap_compare):
    """A turn with a full hand: every card's copper and ability, the second card highlighted."""
    app = app_at(5, 3, full_hand)

    async def run_before(pilot):
        await lift_curtain(pilot, "down")

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_snapshot_game_over(snap_compare):
    """A finished two-player game: the game-over screen over the final board."""
    match = greedy_match(2, 2420)
    assert match.state.is_terminal
    app = BoardGamesApp(match=match)

    async def run_before(pilot):
        await pilot.pause()
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_snapshot_shot_preview_16_colours(snap_compare, monkeypatch):
    """The shot preview in a 16-colour terminal (plain xterm)."""
    from textual import constants

    monkeypatch.setenv("TEXTUAL_COLOR_SYSTEM", "standard")
    monkeypatch.setattr(constants, "COLOR_SYSTEM", "standard")
    app = app_at(5, 2, shot_aim)

    async def run_before(pilot):
        await lift_curtain(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


# ---- drawn like the table (issue 9): a shot on the card grid, the field turned over, two sizes, colour and NO_COLOR


SIZES = [(80, 24), (120, 40)]


def _colour(monkeypatch, colour: bool) -> None:
    if not colour:
        monkeypatch.setenv("NO_COLOR", "1")


@pytest.mark.parametrize("colour", [True, False], ids=["colour", "no_color"])
@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_snapshot_shot_on_the_card_grid(snap_compare, monkeypatch, size, colour):
    _colour(monkeypatch, colour)
    app = app_at(5, 2, shot_aim)
    assert app.no_color is not colour

    async def run_before(pilot):
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("colour", [True, False], ids=["colour", "no_color"])
@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_snapshot_field_turned_over_at_the_end(snap_compare, monkeypatch, size, colour):
    _colour(monkeypatch, colour)
    match = greedy_match(2, 2420)
    app = BoardGamesApp(match=match)

    async def run_before(pilot):
        await pilot.pause()
        await pilot.press("g")  # from the scores to the final table
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)
