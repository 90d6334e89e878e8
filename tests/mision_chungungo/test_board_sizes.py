"""The board keeps its sizes from one decision to the next: the field's box, its cards' size and
the column below do not change when a decision draws a smaller field, so Textual lays nothing out."""

from __future__ import annotations

from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

from boardgames_tui.games.mision_chungungo import data, rules
from boardgames_tui.games.mision_chungungo.rules import PlaceAsteroid, PlayCard
from boardgames_tui.games.mision_chungungo.ui.field import COMPACT, LARGE
from boardgames_tui.ui.board import BoardContext
from tests.spies import count_calls, settled

from .conftest import KIT, Harness, greedy_match, scenario

SIZE = (120, 40)


def layouts_asked_by(board: Widget, monkeypatch) -> list[str]:
    """Collect, from now on, each widget of ``board`` (itself included) that asks for a layout of
    the screen (not Textual resizing it while it lays the screen out)."""
    asked: list[str] = []
    laying_out = [False]
    refresh, refresh_layout = Widget.refresh, Screen._refresh_layout

    def spy(self, *regions, layout=False, **kwargs):
        if layout and not laying_out[0] and (self is board or board in self.ancestors):
            asked.append(f"{type(self).__name__}#{self.id}")
        return refresh(self, *regions, layout=layout, **kwargs)

    def during(self, *args, **kwargs):
        laying_out[0] = True
        try:
            return refresh_layout(self, *args, **kwargs)
        finally:
            laying_out[0] = False

    monkeypatch.setattr(Widget, "refresh", spy)
    monkeypatch.setattr(Screen, "_refresh_layout", during)
    return asked


async def test_the_board_lays_out_only_when_the_field_outgrows_every_field_of_its_card_size(monkeypatch):
    match = greedy_match(3, 4, steps=70)
    states = [s for s in match.states if not s.is_terminal and s.to_move][:45]
    app = Harness(states[0], seat=states[0].to_move[0])
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        board = app.board
        field = board.query_one("#mc-field")
        asked = layouts_asked_by(board, monkeypatch)
        rows, wide, cells = field.rows, field.virtual_size.width, board.cell_size
        grew = quiet = 0
        for n, state in enumerate(states[1:], 1):
            app.state, app.seat = state, state.to_move[0]
            app.refresh_ctx()
            await pilot.pause()
            if board.cell_size is not cells:  # cards of another size: room for this field only
                rows, wide, cells = field.rows, field.virtual_size.width, board.cell_size
                grew += 1
            elif field.rows > rows or field.virtual_size.width > wide:  # larger than any before: room made
                rows, wide = max(rows, field.rows), max(wide, field.virtual_size.width)
                grew += 1
            else:
                assert asked == [], f"decision {n}: {asked}"
                quiet += 1
            asked.clear()
        assert quiet > 3 * grew  # most decisions draw a field no larger than one drawn before


async def test_a_field_drawn_smaller_keeps_its_box_its_cards_and_the_hand_in_place():
    st = rules.new_game(3, 4)
    for row in (1, 2, 3):  # four asteroids in a column: with the ring of legal cells, six rows
        st = st.apply(st.to_move[0], PlaceAsteroid(row, 0))
    seat = st.to_move[0]
    assert all(isinstance(a, PlaceAsteroid) for a in st.legal_actions(seat))
    app = Harness(st, seat=seat)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        board = app.board
        field, hand = board.query_one("#mc-field"), board.query_one("#mc-hand")
        assert board.cell_size is COMPACT  # six rows of large cards do not fit 40 rows with the rest
        box, below = field.size, hand.region
        app.seat = None  # the public view: no legal cells, four rows of cards (large ones would fit)
        app.refresh_ctx()
        await pilot.pause()
        assert board.layout_.size[0] == 4
        assert board.cell_size is COMPACT
        assert field.rows < box.height and field.size == box  # blank rows below the smaller field
        assert hand.region.y == below.y  # (the harness hides the list of choices: the board is taller)


async def test_the_hand_column_keeps_its_scrollbar_once_its_rows_outgrew_it(monkeypatch):
    app = Harness(scenario(players=3), seat=0)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        column = app.board.query_one("#mc-hand")
        many = [Strip.blank(0)] * (column.size.height + 5)
        column.set_rows(many, 0)
        await settled(pilot)
        assert column.bar_shown
        asked = layouts_asked_by(app.board, monkeypatch)
        column.set_rows(many[:2], 0)  # rows that fit: the bar stays (its coming and going lays out)
        await pilot.pause()
        assert column.bar_shown
        column.set_rows(many, 0)
        await pilot.pause()
        assert column.bar_shown and asked == []


async def test_a_board_resized_by_the_list_of_choices_gives_the_field_its_room_in_the_same_layout(
    monkeypatch,
):
    field = {(r, 0): data.CREW[r].id for r in range(22)}
    st = scenario(
        players=3, field=field, tokens=[(0, 0), (21, 0), None], hands=[[KIT[0]], [KIT[1]], [KIT[2]]]
    )
    st = st.apply(0, PlayCard(KIT[0]))
    legal = st.legal_actions(0)
    assert len(legal) >= 3  # the list (below 30 rows) takes a row per choice (at most five)
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        board, box = app.board, app.board.query_one("#mc-field")
        tall, height = board.size.height, box.size.height
        assert height == board.field_room(tall)  # the field fills the room it is given
        asked = layouts_asked_by(board, monkeypatch)
        ctx = board.ctx
        app.chooser.set_choices(BoardContext(ctx.view, 0, ctx.names, legal[:1]), board)  # one row, not three
        await settled(pilot)
        grew = board.size.height - tall
        assert grew > 0 and box.size.height == height + grew  # the rows the list gave up went to the field
        assert asked == []  # ... while the screen was laid out for the list: no second layout for the field


async def test_a_new_terminal_size_forgets_the_larger_fields_drawn_before():
    st = rules.new_game(3, 4)
    for row in (1, 2, 3):
        st = st.apply(st.to_move[0], PlaceAsteroid(row, 0))
    app = Harness(st, seat=st.to_move[0])
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        field = app.board.query_one("#mc-field")
        app.seat = None  # a smaller field: the box keeps room for the larger one
        app.refresh_ctx()
        await settled(pilot)
        assert field.rows < field.size.height
        await pilot.resize_terminal(110, 40)
        await settled(pilot)
        assert field.size.height == field.rows  # room for the field on show, no more


async def test_going_back_in_the_game_forgets_the_larger_fields_drawn_later():
    match = greedy_match(3, 4, steps=150)
    late, early = match.states[150], match.states[4]
    app = Harness(late, seat=None)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        field = app.board.query_one("#mc-field")
        late_rows = field.rows
        app.state = early  # an undo, or a replay stepping back
        app.refresh_ctx()
        await settled(pilot)
        assert len(early.log) < len(late.log) and field.rows < late_rows
        assert field.size.height == field.rows  # room for this field only


async def test_cards_turning_compact_leave_the_box_the_size_of_the_compact_field():
    st = rules.new_game(3, 4)
    for row in (1, 2, 3):
        st = st.apply(st.to_move[0], PlaceAsteroid(row, 0))
    app = Harness(st, seat=None)  # four rows of cards, no legal cells: large cards fit
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        board, field = app.board, app.board.query_one("#mc-field")
        assert board.cell_size is LARGE
        large = field.size.height
        app.seat = st.to_move[0]  # the ring of legal cells: six rows, compact cards
        app.refresh_ctx()
        await settled(pilot)
        assert board.cell_size is COMPACT
        assert field.size.height == field.rows < large  # no blank rows left from the large cards


async def test_a_field_that_outgrows_its_box_is_laid_out_once(monkeypatch):
    from textual._compositor import Compositor

    match = greedy_match(3, 4, steps=70)
    states = [s for s in match.states if not s.is_terminal and s.to_move][:45]
    app = Harness(states[0], seat=states[0].to_move[0])
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        board, field = app.board, app.board.query_one("#mc-field")
        reflows = count_calls(monkeypatch, Compositor, "reflow")
        grown = 0
        for state in states[1:]:
            height, cells = field.size.height, board.cell_size
            reflows[0] = 0
            app.state, app.seat = state, state.to_move[0]
            app.refresh_ctx()
            await settled(pilot)
            if board.cell_size is cells and field.size.height > height:
                grown += 1
                # The box grew: one layout for it and its scrollbars (the bars shown for the old box
                # and taken away again cost a second one).
                assert reflows[0] == 1
        assert grown >= 2


async def test_the_field_works_out_its_width_scroll_and_style_once_for_all_the_rows_it_draws(monkeypatch):
    from boardgames_tui.games.mision_chungungo.ui.board import FieldLines

    app = Harness(rules.new_game(3, 4), seat=None)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        field = app.board.query_one("#mc-field")
        worked_out = count_calls(monkeypatch, FieldLines, "_frame_values")
        drawn = count_calls(monkeypatch, FieldLines, "render_line")
        field.refresh()  # every row drawn again
        await pilot.pause()
        assert drawn[0] >= field.size.height > 3 and worked_out[0] == 1


async def test_the_hand_column_works_out_its_styles_and_bar_once_for_all_the_rows_it_draws(monkeypatch):
    from boardgames_tui.games.mision_chungungo.ui.board import HandLines

    app = Harness(rules.new_game(3, 4), seat=None)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        column = app.board.query_one("#mc-hand")
        many = [Strip.blank(0)] * (column.size.height + 5)
        column.set_rows(many, 2)  # a bar, and a preview on its own background
        await settled(pilot)
        worked_out = count_calls(monkeypatch, HandLines, "_frame_values")
        drawn = count_calls(monkeypatch, HandLines, "render_line")
        column.refresh()  # every row drawn again
        await pilot.pause()
        assert drawn[0] >= column.size.height > 3 and worked_out[0] == 1


async def test_choices_that_fit_the_list_leave_its_blank_scrollbar_alone(monkeypatch):
    from textual.scrollbar import ScrollBar

    st = rules.new_game(3, 4)
    app = Harness(st, seat=st.to_move[0])
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        board, chooser = app.board, app.chooser
        ctx = board.ctx
        assert len(ctx.legal) >= 2
        chooser.set_choices(BoardContext(ctx.view, ctx.seat, ctx.names, ctx.legal[:2]), board)
        await settled(pilot)
        drawn = count_calls(monkeypatch, ScrollBar, "render")
        chooser.set_choices(BoardContext(ctx.view, ctx.seat, ctx.names, ctx.legal[:1]), board)
        await settled(pilot)
        assert chooser.option_count == 1 and drawn[0] == 0  # a blank track before and after
        rows = chooser.scrollable_content_region.height
        chooser.set_choices(BoardContext(ctx.view, ctx.seat, ctx.names, ctx.legal[:1] * (rows + 3)), board)
        await settled(pilot)
        assert drawn[0] > 0  # more choices than rows: the bar gets its thumb


async def test_a_list_of_choices_changing_height_below_30_rows_lays_the_screen_out_once(monkeypatch):
    from textual._compositor import Compositor

    field = {(r, 0): data.CREW[r].id for r in range(22)}
    st = scenario(
        players=3, field=field, tokens=[(0, 0), (21, 0), None], hands=[[KIT[0]], [KIT[1]], [KIT[2]]]
    )
    st = st.apply(0, PlayCard(KIT[0]))
    legal = st.legal_actions(0)
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        board, chooser = app.board, app.chooser
        ctx, rows = board.ctx, chooser.size.height
        reflows = count_calls(monkeypatch, Compositor, "reflow")
        chooser.set_choices(BoardContext(ctx.view, 0, ctx.names, legal[:1]), board)  # a shorter list
        await settled(pilot)
        # The list, the board, the field's box and their scrollbars took their new sizes in one
        # layout (a scrollbar or the board with a new size laid the screen out a second time).
        assert chooser.size.height < rows and reflows[0] == 1
