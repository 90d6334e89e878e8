"""A Penguinramids decision repaints what changed without laying the screen out again."""

from __future__ import annotations

from textual import _compositor

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine import Match
from boardgames_tui.games.penguinramids.rules import ChooseCard
from boardgames_tui.games.penguinramids.ui import make_board, make_chooser
from boardgames_tui.ui.board import BoardContext
from tests.board_harness import BoardHarness
from tests.handover import curtain_up
from tests.screen_text import wait_for

from .conftest import turn_state

NAMES = ("Ana", "Beto", "Carla")


def count_layouts(monkeypatch) -> list[int]:
    """Count Textual's layouts of a screen from now on (one item per layout)."""
    layouts: list[int] = []
    real = _compositor.Compositor.reflow

    def reflow(self, *args, **kwargs):
        layouts.append(1)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(_compositor.Compositor, "reflow", reflow)
    return layouts


async def test_the_public_table_keeps_the_height_of_the_seats_table_and_the_note_its_place(monkeypatch):
    """Without a hand on show the table is shorter: only what scrolls changes, nothing is laid out."""
    st = turn_state(players=3)
    app = BoardHarness(make_board(), make_chooser(), st, 0, NAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.board.query_one("#pr-scroll")
        rows, height = table.rows, table.region.height
        seat_table = app.board.table_text().splitlines()
        layouts = count_layouts(monkeypatch)
        app.board.show(BoardContext(st.view(None), None, NAMES))
        await pilot.pause()
        public_table = app.board.table_text().splitlines()
        assert len(public_table) < len(seat_table) and "Hand" not in "".join(public_table)
        assert table.rows < rows and table.region.height == height and layouts == []
        # The note follows the table at once (no gap where the hand was), as before.
        assert table.plain().splitlines()[len(public_table)].strip() == app.board.note_text()


async def test_a_new_list_of_choices_is_drawn_without_a_layout(monkeypatch):
    st = turn_state(players=3)
    app = BoardHarness(make_board(), make_chooser(), st, 0, NAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        chooser = app.chooser
        legal = st.legal_actions(0)
        rows = chooser.scrollable_content_region.height
        assert len(legal) > rows and chooser.show_vertical_scrollbar  # the list scrolls

        def fill(actions, stamp):
            chooser.set_choices(BoardContext(st.view(0), 0, NAMES, actions, stamp=stamp), app.board)

        layouts = count_layouts(monkeypatch)
        fill((legal * 3)[: len(legal) + 4], 2)  # another number of choices, still a scrolling list
        await pilot.pause()
        assert chooser.option_count == len(legal) + 4 and chooser.virtual_size.height == len(legal) + 4
        assert chooser.show_vertical_scrollbar and layouts == []
        fill(legal[:2], 3)  # fewer than the rows: the scrollbar stays (always shown), nothing laid out
        await pilot.pause()
        assert chooser.show_vertical_scrollbar and layouts == []
        fill(legal[:3], 4)
        await pilot.pause()
        assert chooser.option_count == 3 and chooser.virtual_size.height == 3 and layouts == []
        fill([], 5)
        await pilot.pause()
        assert chooser.option_count == 0 and chooser.virtual_size.height == 0 and layouts == []


async def test_decisions_of_one_turn_lay_nothing_out(monkeypatch):
    """After the reveal a seat takes, places... each key repaints rows, never the whole screen."""
    match = Match.new("penguinramids", list(NAMES), 5)
    for seat, card in enumerate((3, 1, 3)):
        match.play(seat, ChooseCard(card))
    app = BoardGamesApp(match=match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        if curtain_up(app.screen):
            app.key_gate.rest()  # a key the gate dropped would put up a note: a layout of its own
            await pilot.press("enter")
        await wait_for(pilot, lambda: not curtain_up(app.screen), what="the seat's screen")
        # The screen's first mount ends with a layout once every widget has mounted, which a
        # busy machine can bring after the first picture: counted from after that.
        await wait_for(
            pilot, lambda: all(w.is_mounted for w in app.screen.walk_children()), what="every widget"
        )
        await pilot.pause()
        await pilot.pause()
        seat = match.state.to_move[0]
        layouts = count_layouts(monkeypatch)
        keys = 0
        while match.state.to_move == (seat,) and keys < 4:
            app.key_gate.rest()
            await pilot.press("enter")
            await pilot.pause()
            keys += 1
            if match.state.to_move == (seat,):  # the same seat decides again: no curtain came
                assert layouts == [], f"layout after decision {keys}"
        assert keys >= 2
