"""The goats board draws each state cheaply and exactly as before: canvas strips, a cached base, no redundant drawing."""

from __future__ import annotations

import random

from rich.console import Console

from boardgames_tui.games.mountain_goats import rules as R
from boardgames_tui.games.mountain_goats.ui import board as goats_board
from boardgames_tui.games.mountain_goats.ui import make_board, make_chooser
from boardgames_tui.games.mountain_goats.ui.board import Layout, draw_board, render_board
from boardgames_tui.ui.lines import text_strips
from tests.board_harness import BoardHarness

from .conftest import scenario

NAMES = ("Ana", "Beto", "Carla", "Diego", "Elena")


def _states(players: int, seed: int, big: bool):
    """Views met in a random game, each with its first listed move (None before the roll)."""
    rnd = random.Random(seed)
    state = R.new_game(players, seed, big_mountain=big)
    while not state.is_terminal:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        move = legal[0] if isinstance(legal[0], R.Move) else None
        yield view, seat, move
        state = state.apply(seat, rnd.choice(legal))


def test_board_strips_are_the_segments_rich_renders_for_the_same_table():
    """Canvas.strips skips building Rich Text; what reaches the screen must not change."""
    console = Console()
    reuse: dict = {}
    for players, big in ((2, False), (3, True), (5, True)):
        for n, (view, seat, move) in enumerate(_states(players, players, big)):
            if n > 40:
                break
            shown = view.apply(seat, move) if move is not None else None
            layout = Layout.fit(75 if n % 2 else 50, 40 if n % 3 else 24)
            colour = n % 4 != 0
            text = render_board(view, NAMES[:players], seat, shown, "", colour, layout, move)
            strips = draw_board(view, NAMES[:players], seat, shown, colour, layout, move).strips(
                console, reuse
            )
            assert [s._segments for s in strips] == [s._segments for s in text_strips(text, console)]


def test_rows_that_did_not_change_come_back_as_the_same_strip_objects():
    """A Lines widget compares such rows in no time and repaints only the others."""
    console = Console()
    reuse: dict = {}
    view = scenario(2, dice=(2, 3, 4, 6), pos={0: {10: 1}}).view(0)
    first = draw_board(view, NAMES[:2], 0).strips(console, reuse)
    move = view.legal_actions(0)[0]  # the preview of a move changes a few rows only
    second = draw_board(view, NAMES[:2], 0, view.apply(0, move), move=move).strips(console, reuse)
    same = [a is b for a, b in zip(first, second, strict=True)]
    assert any(same) and not all(same)
    for a, b, kept in zip(first, second, same, strict=True):
        assert kept == (a._segments == b._segments)


def test_the_cached_base_of_a_table_is_never_drawn_on():
    """Each state is drawn on a copy: goats of one game never show up in the next one's table."""
    crowded = scenario(3, pos={0: {5: 1, 6: 2}, 1: {7: 1}, 2: {8: 3}}, tokens={1: {9: 2}})
    empty = scenario(3)
    before = render_board(empty.view(0), NAMES[:3], 0).plain
    between = render_board(crowded.view(0), NAMES[:3], 0).plain
    after = render_board(empty.view(0), NAMES[:3], 0).plain
    assert between != before and after == before
    steps = "".join(row[8:38] for row in after.splitlines()[1:5])  # the mountains' steps, walls and dots
    assert set(steps) <= set("│·├┬─┐[]0123456789 ") and "A" not in steps
    assert "A" in "".join(row[8:38] for row in between.splitlines()[1:5])


async def test_previewing_the_move_already_on_the_board_draws_nothing_again(monkeypatch):
    s = scenario(2, dice=(1, 1, 4, 5), pos={0: {10: 1}})
    app = BoardHarness(make_board(), make_chooser(), s, 0, NAMES[:2])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        drawings = []
        real = goats_board.draw_board
        monkeypatch.setattr(goats_board, "draw_board", lambda *a, **k: drawings.append(a) or real(*a, **k))
        shown = app.chooser.actions[0]
        app.board.preview(shown)  # the highlighted move, already previewed when the list was filled
        assert drawings == []
        app.board.preview(app.chooser.actions[1])
        assert len(drawings) == 1
        table = app.board.table_plain()
        app.board.preview(shown)
        assert len(drawings) == 2 and app.board.table_plain() != table
