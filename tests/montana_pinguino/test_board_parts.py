"""The Montaña board draws each part only when what it shows changed, from rows laid out
piece by piece: the same picture as Rich laying the whole part out, made less often.
And the list of choices takes new choices without a layout of the whole screen."""

from __future__ import annotations

import attrs
import pytest
from rich.console import Console
from textual.app import App, ComposeResult
from textual.strip import Strip
from textual.widget import Widget

from boardgames_tui.games.montana_pinguino import rules as R
from boardgames_tui.games.montana_pinguino.ui import part as P
from boardgames_tui.games.montana_pinguino.ui import render
from boardgames_tui.games.montana_pinguino.ui.board import MontanaBoard
from boardgames_tui.ui.board import BoardContext

from .conftest import NAMES, BoardApp, ctx_for, random_states

SIZE = (50, 22)


def _renderables(view, seat, names, width):
    """Every renderable the board draws for ``view``: runners, course, cards played, last round,
    hand, results (each also without colours, as NO_COLOR draws it)."""
    out = [
        render.runners_text(view, names, seat, {}, width > 50),
        render.course_text(view, seat, width),
        render.played_text(view, names, seat),
        render.last_round_text(view, names, seat),
    ]
    if view.places or render.race_is_over(view):
        out.append(render.result_text(view, names))
    if seat is not None and not render.race_is_over(view):
        out.append(render.hand_text(view, seat, None))
    return out + [
        render.decolour(r)
        for r in (render.runners_text(view, names, seat, {}, True), render.played_text(view, names, seat))
    ]


@pytest.mark.parametrize(("players", "seed", "options"), [(3, 31, {}), (4, 32, {"championship": True})])
def test_rows_laid_out_piece_by_piece_are_the_rows_rich_lays_out_whole(players, seed, options):
    console = Console(width=200, color_system="truecolor", file=None, force_terminal=True)
    names = NAMES[:players]
    checked = 0
    for i, state in enumerate(random_states(players, seed, options, limit=400)):
        if i % 13:
            continue
        for seat in {None, *state.to_move[:1]}:
            view = state.view(seat)
            for width in (20, 47, 75):
                options_ = console.options.update(width=width, height=None, no_wrap=False, overflow="crop")
                for renderable in _renderables(view, seat, names, width):
                    whole = [
                        list(Strip(row)) for row in console.render_lines(renderable, options_, pad=False)
                    ]
                    pieces = [list(strip) for strip in P.lay_out(renderable, console, options_)]
                    assert pieces == whole
                    checked += 1
    assert checked > 100


def _picture(board) -> list[tuple]:
    """Each part of ``board`` as it is drawn now (shown or not, and its rows with their styles),
    then the rows of the board's scroll, which the screen shows."""
    parts = [(part.id, part.display, [list(strip) for strip in part.strips]) for part in board.parts.values()]
    return parts + [("mp-scroll", [list(strip) for strip in board.query_one("#mp-scroll").strips])]


class TwoBoards(App[None]):
    """Two Montaña boards side by side, the same size: one keeps what it drew, one forgets."""

    CSS = "Screen { layout: horizontal; } MontanaBoard { width: 50; }"

    def compose(self) -> ComposeResult:
        self.warm, self.cold = MontanaBoard(id="warm"), MontanaBoard(id="cold")
        yield self.warm
        yield self.cold


async def test_a_board_drawn_from_remembered_rows_shows_what_a_fresh_drawing_shows():
    """The public view and the deciding seat's, state after state through a game: the board
    that draws from what it kept shows the same picture as a board that kept nothing."""
    states = list(random_states(3, 53, {}, limit=120))  # an ice token by step 38
    P.forget_rows()
    render.forget_drawings()
    app = TwoBoards()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for i, state in enumerate(states):
            for seat in (None, state.to_move[0] if state.to_move else None):
                ctx = ctx_for(state, seat)
                app.warm.show(ctx)
                for part in app.cold.parts.values():
                    part.forget()
                with pytest.MonkeyPatch.context() as nothing_kept:
                    nothing_kept.setattr(P, "_ROWS", type(P._ROWS)())
                    nothing_kept.setattr(render, "_CELLS", {})
                    nothing_kept.setattr(render, "_RUNNER_ROWS", {})
                    app.cold.show(ctx)
                assert _picture(app.warm) == _picture(app.cold), (i, seat)
            if i % 10 == 0:
                await pilot.pause()  # laid out as the game goes (the parts' own widths)


async def test_the_same_table_shown_again_builds_no_part(monkeypatch):
    built: list[str] = []
    for name in ("course_text", "runners_text", "played_text", "hand_text", "last_round_text", "result_text"):
        real = getattr(render, name)

        def counted(*args, _name=name, _real=real, **kwargs):
            built.append(_name)
            return _real(*args, **kwargs)

        monkeypatch.setattr(render, name, counted)
    state = next(
        s for i, s in enumerate(random_states(3, 34, {}, limit=200)) if i > 60 and s.phase == R.Phase.PLAY
    )
    seat = state.to_move[0]
    app = BoardApp(ctx_for(state, seat))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert {"course_text", "runners_text", "hand_text"} <= set(built)
        built.clear()
        app.board.show(ctx_for(state, seat))  # a new view object of the same table
        assert built == []
        app.board.show(ctx_for(state, None))  # the public view: no hand to build
        assert "hand_text" not in built


async def test_new_choices_of_another_length_repaint_the_list_without_a_layout(monkeypatch):
    state = next(
        s
        for s in random_states(3, 35, {}, limit=200)
        if s.to_move and len(s.legal_actions(s.to_move[0])) >= 3
    )
    seat = state.to_move[0]
    ctx = ctx_for(state, seat)
    app = BoardApp(attrs.evolve(ctx, legal=ctx.legal[:2]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        chooser = app.chooser
        layouts: list[bool] = []
        real = type(chooser).refresh

        def refresh(self, *regions, **kwargs):
            if self is chooser:
                layouts.append(bool(kwargs.get("layout")))
            return real(self, *regions, **kwargs)

        monkeypatch.setattr(type(chooser), "refresh", refresh)
        chooser.set_choices(
            BoardContext(view=ctx.view, seat=seat, names=ctx.names, legal=ctx.legal[:3]), app.board
        )
        assert layouts and not any(layouts)
        assert chooser.option_count == 3
        await pilot.pause()
        assert "3 " in str(chooser.get_option_at_index(2).prompt)


async def test_parts_that_grow_shrink_come_and_go_repaint_rows_without_a_layout(monkeypatch):
    """Seat after seat and state after state (cards played appearing, the last round growing, the
    hand coming and going), the board changes rows only: no widget of it asks for a layout."""
    states = list(random_states(3, 36, {}, limit=90))[30:90:3]
    app = BoardApp(ctx_for(states[0], None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = app.board
        scroll = board.query_one("#mp-scroll")
        layouts: list[str] = []
        real = Widget.refresh

        def refresh(self, *regions, **kwargs):
            if kwargs.get("layout") and (self is board or board in self.ancestors):
                layouts.append(f"{type(self).__name__}#{self.id}")
            return real(self, *regions, **kwargs)

        monkeypatch.setattr(Widget, "refresh", refresh)
        heights = set()
        for state in states:
            for seat in (None, state.to_move[0] if state.to_move else None):
                board.show(ctx_for(state, seat))
                heights.add(scroll.virtual_size.height)
                await pilot.pause()
        assert len(heights) > 3  # the board did change its number of rows
        assert layouts == []


async def test_fewer_rows_keep_the_scroll_within_them_and_every_row_in_reach():
    st = next(
        s for i, s in enumerate(random_states(4, 37, {}, limit=200)) if i > 40 and s.phase == R.Phase.PLAY
    )
    app = BoardApp(ctx_for(st, st.to_move[0]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scroll = app.board.query_one("#mp-scroll")
        assert scroll.rows > scroll.size.height
        scroll.scroll_end(animate=False, immediate=True)
        await pilot.pause()
        shown = [scroll.render_line(y).text.rstrip() for y in range(scroll.size.height)]
        assert shown[-1] == scroll.strips[-1].text.rstrip()  # the last row is in reach
        app.board.show(ctx_for(st, None))  # the public view: no hand, fewer rows
        await pilot.pause()
        assert scroll.scroll_y <= scroll.max_scroll_y == max(0, scroll.rows - scroll.size.height)
        assert scroll.vertical_scrollbar.window_virtual_size == scroll.rows
