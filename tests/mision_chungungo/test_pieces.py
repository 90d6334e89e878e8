"""The board's rows built from cached pieces are exactly the rows of the whole Text, cut by text_strips."""

from __future__ import annotations

import io

from rich.console import Console
from rich.segment import Segment
from rich.text import Text

from boardgames_tui.games.mision_chungungo.ui import model
from boardgames_tui.games.mision_chungungo.ui.field import COMPACT, LARGE, field_strips, render_field
from boardgames_tui.games.mision_chungungo.ui.model import FieldCell
from boardgames_tui.games.mision_chungungo.ui.pieces import Pieces, join, piece_segments
from boardgames_tui.ui.board import BoardContext
from boardgames_tui.ui.lines import text_strips

from .conftest import greedy_match

CONSOLE = Console(width=120, color_system="truecolor", file=io.StringIO())
NAMES = ("Ana", "Beto", "Carla", "Diego", "Elena")


def segments(strips) -> list[list[Segment]]:
    return [list(strip) for strip in strips]


def test_join_merges_unstyled_neighbours_as_rich_renders_one_line():
    line = Text()
    parts = [Text("ab", "dim"), Text("cd"), Text("ef"), Text("g", "bold"), Text("h")]
    for part in parts:
        line.append_text(part)
    joined = join(piece_segments(p, CONSOLE) for p in parts)
    assert list(joined) == [s for s in line.render(CONSOLE) if s.text]
    assert [s.text for s in joined] == ["ab", "cdef", "g", "h"]


def test_a_row_without_any_style_is_one_segment_without_style():
    joined = join(piece_segments(p, CONSOLE) for p in [Text("ab"), Text("cd")])
    assert list(joined) == list(Text("abcd").render(CONSOLE))


def test_field_strips_equal_the_rows_of_render_field_on_a_handmade_field():
    field = {
        (0, 0): FieldCell(token=0),
        (0, 2): FieldCell(),
        (1, 1): FieldCell(eel=True),
        (1, 2): FieldCell(token=1),
        (2, 0): FieldCell(gap=True),
    }
    cases = [
        dict(legal={(2, 1), (0, 1)}, cursor=(2, 1)),
        dict(legal={(0, 2)}, cursor=(0, 2), lines={(0, 1): "-", (0, 2): "-"}, hits={(1, 2)}),
        dict(lines={(1, 1): "\\", (2, 2): "\\"}, hits={(1, 1)}),
        dict(faces={(0, 2): ("Mine", 3), (1, 2): ("Picadora", 2)}),
        dict(),
    ]
    pieces = Pieces()
    for cell in (COMPACT, LARGE):
        for own in (0, 1, None):
            for case in cases:
                kw = dict(origin=(0, 0), size=(3, 3), own_seat=own, cell=cell, **case)
                want = text_strips(render_field(field, **kw), CONSOLE)
                assert segments(field_strips(CONSOLE, pieces, field, **kw)) == segments(want), (
                    cell,
                    own,
                    case,
                )


def test_field_strips_equal_render_field_through_whole_games_with_every_preview():
    pieces = Pieces()
    checked = 0
    for seed in (1, 2):
        match = greedy_match(3, seed)
        for state in match.states[::3]:
            if state.is_terminal or not state.to_move:
                continue
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            ctx = BoardContext(state.view(seat), seat, NAMES[:3], legal)
            table = model.table_of(ctx.view, seat)
            lay = model.field_layout(table, legal)
            for action in [None, *legal[:6]]:
                cursor = model.action_cell(action) if action is not None else None
                lines, hits = model.shot_marks(action, table, ctx) if action is not None else ({}, set())
                for cell in (COMPACT, LARGE):
                    kw = dict(
                        origin=lay.origin,
                        size=lay.size,
                        own_seat=seat,
                        legal=lay.legal,
                        cursor=cursor if cursor in lay.legal else None,
                        lines=lines,
                        hits=hits,
                        faces=model.field_faces(table),
                        cell=cell,
                    )
                    want = text_strips(render_field(table.field, **kw), CONSOLE)
                    assert segments(field_strips(CONSOLE, pieces, table.field, **kw)) == segments(want)
                    checked += 1
    assert checked > 100


def test_card_row_strips_equal_the_rows_of_card_row():
    pieces = Pieces()
    cards = [
        (["Picadora", "2cu", "Excavate"], "bold"),
        (["Comando", "1cu (right)", "Leap, Shot"], "bold reverse"),
        (["A (3)", "Mine", ""], "bold"),
        (["Starter Kit", "0cu"], "bold"),
    ]
    for width in (24, 30, 46, 72, 110):
        for n in range(1, len(cards) + 1):
            want = text_strips(model.card_row(cards[:n], width), CONSOLE)
            assert segments(model.card_row_strips(CONSOLE, pieces, cards[:n], width)) == segments(want)


async def test_hand_part_shows_the_rows_of_the_whole_hand_rendered_at_once():
    """The hand drawn piece by piece (cached) is row for row, segment for segment, the old one-Group rendering."""
    from .conftest import Harness

    match = greedy_match(3, 4)
    states = [s for s in match.states[::5] if not s.is_terminal and s.to_move][:12]
    app = Harness(states[0], seat=states[0].to_move[0])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        column = app.board.query_one("#mc-hand")
        checked = 0
        for state in states:
            app.state, app.seat = state, state.to_move[0]
            app.refresh_ctx()
            for action in [None, *app.board.ctx.legal[:4]]:
                app.board.preview(action)
                options = CONSOLE.options.update(
                    width=column.width_for_rows, height=None, no_wrap=False, overflow="crop"
                )
                want = CONSOLE.render_lines(app.board.part_source("hand"), options, pad=False)
                hand = app.board._rows["hand"]
                assert [list(s) for s in hand[: len(want)]] == want
                # the column shows the preview's rows, then exactly these
                assert column.strips[len(app.board._rows["preview"]) :] == hand
                checked += 1
        assert checked >= 20


def test_players_rows_equal_rich_layout_at_any_width_ellipsis_included():
    from boardgames_tui.games.mision_chungungo.ui.board import fitted_rows

    match = greedy_match(5, 2, steps=60)
    names = ("Ana", "Bartolomeo Long", "Carla", "Diego", "Elena")
    checked = 0
    for state in match.states[::6]:
        for seat in (None, *state.to_move[:1]):
            ctx = BoardContext(state.view(seat), seat, names, [])
            text = model.players_text(model.table_of(ctx.view, seat), ctx)
            for width in (20, 33, 47, 48, 76):
                options = CONSOLE.options.update(width=width, height=None, no_wrap=False, overflow="crop")
                want = CONSOLE.render_lines(text, options, pad=False)
                got = [list(s) for s in fitted_rows(text, width, CONSOLE)]
                assert got == want, width
                checked += 1
    assert checked > 20
    assert any("…" in s.text for s in fitted_rows(text, 20, CONSOLE))
