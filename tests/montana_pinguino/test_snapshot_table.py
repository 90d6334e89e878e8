"""Snapshots of Montaña drawn like the table (issue 9): the course and gauges in a secret
play, and a round being revealed, at 80x24 and 120x40, with colour and with NO_COLOR."""

from __future__ import annotations

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.games.montana_pinguino import rules as R

from .test_snapshot import scene

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
    match = scene(3, 21, lambda s: s.phase == R.Phase.PLAY and s.round >= 3 and len(s.to_move) == 1
                  and bool(s.played[s.to_move[0]]))
    app = _app(monkeypatch, colour, match)

    async def run_before(pilot):
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("0")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        app.screen.hold(13)  # a sled sliding after the cards acted: damage has landed
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)
