"""A decision changes rows, not the layout: the list of choices keeps its height, parts keep
their rows, boards redraw on a resize only when their drawing depends on it, and the hot
seat's curtain, notice and reaction window are one kept screen each, filled again."""

import pytest
from rich.text import Text
from textual.app import App, ComposeResult

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine import Match
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.lines import Lines
from tests.handover import curtain_up
from tests.screen_text import game_screen, screen_text, wait_for


class KeptRowsApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Lines(id="kept", keep_rows=True)


async def test_a_part_that_keeps_its_rows_pads_a_shorter_text_and_asks_for_no_layout():
    app = KeptRowsApp()
    async with app.run_test(size=(60, 20)) as pilot:
        lines = app.query_one(Lines)
        lines.set(Text("one\ntwo\nthree"))
        await pilot.pause()
        layouts: list[bool] = []
        real = lines.refresh
        lines.refresh = lambda *r, **k: (layouts.append(k.get("layout", False)), real(*r, **k))[1]
        lines.set(Text("only"))
        assert lines.rows == 3 and not any(layouts)
        assert lines.plain() == "only"  # the padding is not content
        await pilot.pause()
        assert lines.size.height == 3
        assert "two" not in screen_text(app) and "only" in screen_text(app)


async def test_kept_rows_are_counted_again_at_a_new_width():
    app = KeptRowsApp()
    async with app.run_test(size=(60, 20)) as pilot:
        lines = app.query_one(Lines)
        lines.set(Text("a\nb\nc"))
        await wait_for(pilot, lambda: lines.content_size.width == 60, what="the rows laid out at 60 columns")
        await pilot.resize_terminal(40, 20)
        await wait_for(pilot, lambda: lines.content_size.width == 40, what="the rows laid out at 40 columns")
        lines.set(Text("a"))
        assert lines.rows == 1


def _decisions(app):
    """(board height, list height) while a seat's choices are on screen."""
    game = game_screen(app)
    if app.screen is game and game.shown_seat is not None and game.chooser.display:
        return game.board.size.height, game.chooser.size.height
    return None


@pytest.mark.parametrize("game", ["penguinramids", "montana_pinguino", "mision_chungungo"])
async def test_the_board_and_the_list_keep_their_size_from_one_decision_to_the_next(game):
    app = BoardGamesApp(match=Match.new(game, ["Ana", "Beto", "Carla"], 1))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        sizes = set()
        decisions = 0
        for _ in range(30):
            seen = _decisions(app)
            if seen is not None:
                sizes.add(seen)
                decisions += 1
            app.key_gate.rest()
            await pilot.press("enter")
            await pilot.pause()
        assert decisions >= 10
        assert len(sizes) == 1, sizes


async def test_a_board_redraws_on_a_resize_only_when_its_width_changes():
    app = BoardGamesApp(match=Match.new("penguinramids", ["Ana", "Beto"], 1))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        if curtain_up(app.screen):
            app.key_gate.rest()
            await pilot.press("enter")  # the seat's table is drawn when the curtain lifts
            await pilot.pause()
        board = game_screen(app).board
        drawn: list[int] = []
        real = board._draw
        board._draw = lambda: (drawn.append(board.size.width), real())[1]
        await pilot.resize_terminal(120, 38)  # taller or shorter: the same drawing
        await pilot.pause()
        assert drawn == []
        await pilot.resize_terminal(100, 38)
        await pilot.pause()
        assert drawn and drawn[-1] == board.size.width


async def test_every_hand_over_fills_the_one_cover_with_the_next_player():
    app = BoardGamesApp(match=Match.new("mision_chungungo", ["Ana", "Beto", "Carla"], 1))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        curtains: list[tuple[int, str, bool]] = []
        for _ in range(40):
            screen = app.screen
            if curtain_up(screen):
                game = game_screen(app)
                seat = game.match.state.to_move[0]
                name = game.cover.who
                assert name in game.cover.plain()
                curtains.append((id(game.cover), name, bool(game.cover.reason)))
                assert name == game.who(seat) or game.cover.reason  # the news curtain names the actor
            app.key_gate.rest()
            await pilot.press("enter")
            await pilot.pause()
        assert len(curtains) >= 4
        assert len({c[0] for c in curtains}) == 1  # one cover, filled again
        assert len({c[1] for c in curtains}) >= 2  # ... with each next player's name
        assert isinstance(game_screen(app), GameScreen)


def test_a_status_too_long_for_its_line_is_cut_at_a_word_with_dots():
    from boardgames_tui.ui.game_screen import fit_line

    line = "Penguinramids | Beto (Greedy): Beto places Yellow 1 (arms 2|1) on level 2, slot 3  Space: go on"
    shown = fit_line(line, 60)
    assert len(shown) <= 60 and shown.endswith("...")
    assert line.startswith(shown[:-3]) and line[len(shown) - 3] == " "  # cut where a word ends
    assert fit_line("short", 60) == "short" and fit_line(line, 0) == line
    assert fit_line("Ñandú " * 20, 30).endswith("...")
    # A sentence cut right after its full stop ends in three dots, not four.
    assert fit_line("Carla plays an action card face down. Then Beto takes a token.", 44) == (
        "Carla plays an action card face down..."
    )
