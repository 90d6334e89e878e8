"""Lines and the log panel repaint only what changed, and the log can still be read back."""

from rich.segment import Segment
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.strip import Strip

from boardgames_tui.engine import Event
from boardgames_tui.ui.board import ActionList, BoardContext, GameBoard
from boardgames_tui.ui.lines import Lines, changed_runs, set_border_label
from boardgames_tui.ui.log_panel import LogPanel
from tests.screen_text import screen_text, wait_for


class LinesApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Lines(id="lines")
        yield LogPanel(id="log")


def _spy(widget, calls):
    real = widget.refresh

    def refresh(*regions, **kwargs):
        calls.append((regions, kwargs.get("layout", False)))
        return real(*regions, **kwargs)

    widget.refresh = refresh


async def test_a_changed_row_repaints_that_row_alone_and_asks_for_no_layout():
    app = LinesApp()
    async with app.run_test(size=(60, 20)) as pilot:
        lines = app.query_one(Lines)
        lines.set(Text("one\ntwo\nthree"))
        await pilot.pause()
        calls: list = []
        _spy(lines, calls)
        lines.set(Text("one\nTWO\nthree"))
        assert calls == [((Region(0, 1, lines.content_size.width, 1),), False)]
        await pilot.pause()
        assert "TWO" in screen_text(app)


async def test_a_new_row_count_asks_for_layout():
    app = LinesApp()
    async with app.run_test(size=(60, 20)) as pilot:
        lines = app.query_one(Lines)
        lines.set("a\nb")
        await pilot.pause()
        calls: list = []
        _spy(lines, calls)
        lines.set("a\nb\nc")
        assert calls and calls[-1][1] is True
        await pilot.pause()
        assert lines.size.height == 3


async def test_the_log_turns_half_a_page_when_full_and_the_wheel_reads_back():
    app = LinesApp()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(LogPanel)
        await pilot.pause()
        height = log.content_size.height
        events = [Event(f"line {i}") for i in range(height + 2)]
        for n in range(1, len(events) + 1):
            log.show(events[:n], (), None)
        await pilot.pause()
        text = screen_text(app)
        assert f"line {height + 1}" in text  # the newest line is on show
        assert "line 0\n" not in text + "\n" and "line 0 " not in text
        for _turn in range(height):
            log.on_mouse_scroll_up(_Wheel())
        await pilot.pause()
        assert log.border_subtitle  # says the log is scrolled back
        assert "line 0" in screen_text(app)
        log.scroll_end()
        await pilot.pause()
        assert not log.border_subtitle and f"line {height + 1}" in screen_text(app)


async def test_a_new_log_line_repaints_its_rows_not_the_panel():
    app = LinesApp()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(LogPanel)
        await pilot.pause()
        log.show([Event("first")], (), None)
        await pilot.pause()
        calls: list = []
        _spy(log, calls)
        log.show([Event("first"), Event("second")], (), None)
        assert calls == [((Region(0, 1, log.content_size.width, 1),), False)]


class _Wheel:
    def stop(self) -> None:
        pass


async def test_lines_and_the_log_draw_under_no_color(monkeypatch):
    """NO_COLOR's filter needs a style on every segment: none may be left without one."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = LinesApp()
    async with app.run_test(size=(60, 20)) as pilot:
        app.query_one(Lines).set("plain\nrows")
        app.query_one(LogPanel).show([Event("a line")], (), None)
        await pilot.pause()
        for widget in (app.query_one(Lines), app.query_one(LogPanel)):
            for y in range(3):
                assert all(seg.style is not None for seg in widget.render_line(y))
        assert "a line" in screen_text(app)


async def test_the_log_turns_its_page_where_a_line_begins_not_mid_line():
    app = LinesApp()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(LogPanel)
        await pilot.pause()
        events = [Event(f"event {i} " + "word " * 8) for i in range(12)]  # two or three rows each
        for n in range(1, len(events) + 1):
            log.show(events[:n], (), None)
        await pilot.pause()
        first_row = log.render_line(0).text.strip()
        assert first_row.startswith("event "), first_row
        assert "event 11" in screen_text(app)


async def test_pgup_pgdn_scroll_a_scrolling_board_with_one_footer_entry_through_every_decision():
    from boardgames_tui.app import BoardGamesApp
    from boardgames_tui.engine import Match
    from tests.screen_text import game_screen

    app = BoardGamesApp(match=Match.new("penguinramids", ["Ana", "Beto", "Carla", "Diego"], 5))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seen = set()
        for _ in range(8):
            game = game_screen(app)
            if app.screen is game and not game.covered:
                seen.add("pgup/pgdn" in screen_text(app).splitlines()[-1])
                scroll = game.board.query_one("#pr-scroll")
                await pilot.press("pagedown")
                # the board scrolls, whatever has the keyboard
                await wait_for(
                    pilot, lambda scroll=scroll: scroll.scroll_y > 0, what="the board scrolled down"
                )
                await pilot.press("pageup")
                await wait_for(
                    pilot, lambda scroll=scroll: scroll.scroll_y == 0, what="the board scrolled back up"
                )
            app.key_gate.rest()
            await pilot.press("enter")
            await pilot.pause()
        assert seen == {True}


async def test_a_board_that_does_not_scroll_gets_no_scroll_keys():
    from boardgames_tui.app import BoardGamesApp
    from boardgames_tui.engine import Match

    app = BoardGamesApp(match=Match.new("mountain_goats", ["Ana", "Beto"], 5))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Scroll board" not in screen_text(app)


async def test_f1_a_second_time_shows_the_same_rules_screen_at_the_top():
    from boardgames_tui.app import BoardGamesApp
    from boardgames_tui.engine import Match
    from boardgames_tui.ui.rules_viewer import RulesScreen, RulesText

    app = BoardGamesApp(match=Match.new("mountain_goats", ["Ana", "Beto"], 5))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        first = app.screen
        assert isinstance(first, RulesScreen)
        top = screen_text(app)
        await pilot.press("pagedown")
        await pilot.pause()
        assert first.query_one(RulesText).scroll_y > 0
        await pilot.press("q")
        await pilot.pause()
        app.key_gate.rest()
        await pilot.press("f1")
        await pilot.pause()
        assert app.screen is first  # kept, not built again
        assert first.query_one(RulesText).scroll_y == 0 and screen_text(app) == top


async def test_the_menu_is_kept_and_opens_again_at_its_first_item():
    from textual.widgets import OptionList

    from boardgames_tui.app import BoardGamesApp
    from boardgames_tui.engine import Match
    from boardgames_tui.ui.menu import MenuScreen

    app = BoardGamesApp(match=Match.new("mountain_goats", ["Ana", "Beto"], 5))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        await pilot.press("down", "down")
        assert menu.query_one(OptionList).highlighted == 2
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, MenuScreen)
        app.key_gate.rest()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is menu and menu.query_one(OptionList).highlighted == 0
        await pilot.press("enter")  # Resume still answers the game screen
        await pilot.pause()
        assert not isinstance(app.screen, MenuScreen)


async def test_rules_drawn_ahead_are_the_ones_the_first_f1_shows():
    from boardgames_tui.app import BoardGamesApp
    from boardgames_tui.engine import Match
    from boardgames_tui.games import GAMES
    from boardgames_tui.ui import rules_viewer

    text = GAMES["penguinramids"].rules_text()
    rules_viewer._RENDERED.clear()
    app = BoardGamesApp(match=Match.new("penguinramids", ["Ana", "Beto"], 5))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        rules_viewer.prepare_rules(app, text)
        await app.workers.wait_for_complete()
        ready = rules_viewer._RENDERED[(text, 100 - rules_viewer.RulesText.MARGIN)]
        await pilot.press("f1")
        await pilot.pause()
        assert app.screen.query_one(rules_viewer.RulesText)._lines is ready


async def test_a_log_drawn_again_at_a_new_width_starts_where_a_line_begins():
    app = LinesApp()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(LogPanel)
        await pilot.pause()
        log.show([Event(f"event {i} " + "word " * 8) for i in range(12)], (), None)
        log.add_class("-wide")  # 44 columns: every line wrapped again
        await pilot.pause()
        await pilot.pause()
        assert log.render_line(0).text.strip().startswith("event ")
        assert "event 11" in screen_text(app)


async def test_a_log_written_whole_for_another_seat_ends_at_the_bottom():
    app = LinesApp()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(LogPanel)
        await pilot.pause()
        height = log.content_size.height
        events = [Event(f"line {i}") for i in range(height + 5)]
        log.show(events[:-1] + [Event("{0} draws", {0: "a secret"})], ("Ana", "Beto"), 0)
        log.show(events[:-1] + [Event("{0} draws", {0: "a secret"})], ("Ana", "Beto"), 1)  # rewritten
        await pilot.pause()
        rows = [log.render_line(y).text.strip() for y in range(height)]
        assert rows[-1] and rows[-1] != ""  # the newest line sits on the last row


async def test_a_log_shown_again_for_another_seat_never_draws_the_last_seats_private_line():
    events = [Event("{0} draws a card", {0: "the Eel"}), Event("{1} passes")]
    app = LinesApp()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(LogPanel)
        log.show(events, ("Ana", "Beto"), 0)
        await pilot.pause()
        assert "the Eel" in screen_text(app)
        log.set_hidden(True)
        log.show(events, ("Ana", "Beto"), 1)  # the next seat's screen, log hidden
        log.set_hidden(False)
        assert not any("the Eel" in row.text for row in log.lines)  # before any frame is drawn
        await pilot.pause()
        await pilot.pause()
        assert "the Eel" not in screen_text(app) and "Beto passes" in screen_text(app)


async def test_a_new_border_title_repaints_its_border_row_alone_and_shows():
    app = LinesApp()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(LogPanel)
        await pilot.pause()
        calls: list = []
        _spy(log, calls)
        set_border_label(log, "border_title", "Turn 2")
        set_border_label(log, "border_subtitle", "scrolled back")
        # In content coordinates, as refresh takes them: the border rows are outside the content.
        left, top = log.content_offset
        width, height = log.outer_size
        assert calls == [
            ((Region(-left, -top, width, 1),), False),
            ((Region(-left, height - 1 - top, width, 1),), False),
        ]
        set_border_label(log, "border_title", "Turn 2")  # the same words: nothing to repaint
        assert len(calls) == 2
        await pilot.pause()
        text = screen_text(app)
        assert "Turn 2" in text and "scrolled back" in text
        set_border_label(log, "border_subtitle", "")
        await pilot.pause()
        assert "scrolled back" not in screen_text(app)


def test_changed_runs_with_tail_add_the_rows_only_one_side_has():
    a, b, c = Strip([Segment("a")]), Strip([Segment("b")]), Strip([Segment("c")])
    assert changed_runs([a, b], [a, c, c]) == [(1, 1)]
    assert changed_runs([a, b], [a, c, c], tail=True) == [(1, 2)]
    assert changed_runs([a, b, c], [a], tail=True) == [(1, 2)]
    assert changed_runs([a, b], [a, b, c], tail=True) == [(2, 1)]
    assert changed_runs([a], [a], tail=True) == []


async def test_a_log_shown_to_another_seat_repaints_only_the_rows_that_read_differently():
    events = (
        [Event("{1} passes")] * 3 + [Event("{0} draws a card", {0: "the Eel"})] + [Event("{1} passes")] * 2
    )
    app = LinesApp()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(LogPanel)
        log.show(events, ("Ana", "Beto"), 0)
        await pilot.pause()
        assert "the Eel" in screen_text(app)
        calls: list = []
        _spy(log, calls)
        log.show(events, ("Ana", "Beto"), 1)  # the private line reads differently for seat 1
        assert calls == [((Region(0, 3, log.content_size.width, 1),), False)]
        await pilot.pause()
        assert "the Eel" not in screen_text(app) and screen_text(app).count("Beto passes") == 5


class _WordyBoard(GameBoard):
    """A board whose actions read as long sentences (what a list of choices must wrap)."""

    def show(self, ctx) -> None:  # pragma: no cover - not drawn here
        pass

    def action_label(self, action) -> str:
        return f"{action} plays a card that moves the sled two sections and brakes (not now)"


class ListApp(App[None]):
    CSS = "ActionList { width: 40; }"

    def compose(self) -> ComposeResult:
        yield ActionList()


async def test_a_long_choice_wraps_under_its_text_not_under_the_digits():
    app = ListApp()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        chooser = app.query_one(ActionList)
        chooser.set_choices(
            BoardContext(view=None, seat=0, names=("Ana",), legal=["Ana", "Beto"], secret=True), _WordyBoard()
        )
        await pilot.pause()
        rows = [line for line in screen_text(app).splitlines() if "│" in line]
        first = next(i for i, row in enumerate(rows) if "1 Ana plays" in row)
        start, follow = rows[first].split("│")[1], rows[first + 1].split("│")[1]
        assert start.startswith("1 Ana plays")
        assert follow.startswith("  ") and follow[2] != " "  # the text goes on under itself, two cells in
        chooser.action_pick(2)  # a secret pick is marked: its later rows move in with the mark
        await pilot.pause()
        chooser.scroll_end(animate=False)
        await pilot.pause()
        rows = [line.split("│")[1] for line in screen_text(app).splitlines() if line.count("│") >= 2]
        marked = next(i for i, row in enumerate(rows) if row.startswith(">> 2 Beto plays"))
        assert rows[marked + 1].startswith("     ") and rows[marked + 1][5] != " "


async def test_a_log_written_again_for_another_seat_repaints_only_the_rows_that_read_differently():
    """A hand-over rewrites the log when a line reads differently for the next seat (a private
    part): the rows before that line, and the empty rows under the log, are the same for both
    seats and are not drawn again; the differing row is, and the old seat's text is gone."""
    events = [Event(f"public line {i}") for i in range(4)]
    events.insert(2, Event("{0} draws a card", {0: "the Eel"}))
    app = LinesApp()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(LogPanel)
        await pilot.pause()
        log.show(events, ("Ana", "Beto"), 0)
        await pilot.pause()
        calls: list = []
        _spy(log, calls)
        log.show(events, ("Ana", "Beto"), 1)
        width = log.content_size.width
        assert calls, "the row that reads differently is drawn again"
        assert all(regions and not layout for regions, layout in calls)  # rows, never the whole panel
        repainted = {y for regions, _ in calls for region in regions for y in range(region.y, region.bottom)}
        assert all(region.width == width for regions, _ in calls for region in regions)
        assert 2 in repainted and not repainted & {0, 1}  # the private line, not the lines above it
        assert not repainted & set(range(len(events), log.content_size.height))  # nor the empty rows
        await pilot.pause()
        assert "the Eel" not in screen_text(app) and "public line 3" in screen_text(app)
