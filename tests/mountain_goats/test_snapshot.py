"""Pictures of the game screen (pytest-textual-snapshot; slow tier)."""

from __future__ import annotations

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine import Match
from boardgames_tui.games.mountain_goats import rules as R

SIZE = (80, 24)


def _played(names, seed, turns, options=None, roll=True) -> Match:
    """A match whose seats each took the best listed move ``turns`` times, then (``roll``) rolled."""
    match = Match.new("mountain_goats", list(names), seed, dict(options or {}))
    for _ in range(turns):
        seat = match.state.to_move[0]
        match.play(seat, R.Roll())
        match.play(seat, match.state.legal_actions(seat)[0])
    if roll:
        match.play(match.state.to_move[0], R.Roll())
    return match


def _in_play(no_color: bool, monkeypatch) -> tuple[BoardGamesApp, object]:
    """Three players with the Big Mountain, the dice rolled and the second move highlighted."""
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    app = BoardGamesApp(match=_played(["Ana", "Beto", "Carla"], 8, 7, {"big_mountain": True}))

    async def run_before(pilot):
        await pilot.pause()
        await pilot.press("down")
        await pilot.pause()

    return app, run_before


def test_snapshot_game_in_play(snap_compare, monkeypatch):
    app, run_before = _in_play(False, monkeypatch)
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_snapshot_game_in_play_120x40(snap_compare, monkeypatch):
    app, run_before = _in_play(False, monkeypatch)
    assert snap_compare(app, terminal_size=(120, 40), run_before=run_before)


def test_snapshot_game_in_play_120x40_no_color(snap_compare, monkeypatch):
    app, run_before = _in_play(True, monkeypatch)
    assert snap_compare(app, terminal_size=(120, 40), run_before=run_before)
    assert app.no_color


def test_snapshot_building_a_move(snap_compare):
    app = BoardGamesApp(match=_played(["Ana", "Beto"], 8, 4))

    async def run_before(pilot):
        await pilot.pause()
        await pilot.press("b", "1", "2")
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_snapshot_game_in_play_no_color(snap_compare, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = BoardGamesApp(match=_played(["Ana", "Beto", "Carla", "Diego"], 12, 9))

    async def run_before(pilot):
        await pilot.pause()

    assert app.no_color
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_snapshot_game_over(snap_compare):
    match = _played(["Ana", "Beto"], 8, 0, roll=False)
    while not match.state.is_terminal:
        seat = match.state.to_move[0]
        match.play(seat, R.Roll())
        match.play(seat, match.state.legal_actions(seat)[0])
    app = BoardGamesApp(match=match)

    async def run_before(pilot):
        await pilot.pause()
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
