"""Snapshots of Misión Chungungo drawn like the table (issue 9): a shot aimed on the card
grid, and the field turned over at game end, at 80x24 and 120x40, with colour and with
NO_COLOR."""

from __future__ import annotations

import pytest

from boardgames_tui.app import BoardGamesApp

from .test_snapshot import app_at, shot_aim
from .test_ui_support import greedy_match

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
