"""What a decision costs the screen: parts drawn again only when what they show changed, no layout
for a new set of choices, and a log written again for other eyes without wrapping it again."""

from __future__ import annotations

from rich.text import Text
from textual import _compositor
from textual.app import App, ComposeResult

from boardgames_tui.engine import Event
from boardgames_tui.games.mision_chungungo.rules import PlayCard
from boardgames_tui.games.mision_chungungo.ui import model
from boardgames_tui.ui.log_panel import LogPanel
from tests.spies import count_calls, settled  # moved to tests/spies.py; still importable from here

from .conftest import KIT, Harness, cid, scenario

SIZE = (120, 40)


def two_decisions():
    """Seat 0's turn with three cards (several choices), and its next decision: a cell to excavate."""
    st = scenario(
        players=3,
        field={
            (0, 0): cid("Iman"),
            (0, 1): cid("Saltarina"),
            (1, 0): cid("Topo"),
            (1, 1): cid("Grua"),
            (2, 1): cid("Sonda"),
        },
        tokens=[(0, 0), (2, 1), (1, 1)],
        hands=[[KIT[0], cid("Picadora"), cid("Fila")], [KIT[1]], [KIT[2]]],
    )
    after = st.apply(0, PlayCard(KIT[0]))
    return st, after


def show_as_the_game_screen_does(app: Harness, state) -> None:
    """A new table and its first preview drawn in one go (GameScreen.render_for)."""
    from boardgames_tui.ui.board import BoardContext

    legal = state.legal_actions(0)
    ctx = BoardContext(state.view(0), 0, ("Ana", "Beto", "Carla"), legal)
    with app.board.held():
        app.board.show(ctx)
        app.chooser.set_choices(ctx, app.board)
        claimed, first = app.chooser.claim_preview()
        if claimed:
            app.board.preview(first)


async def test_a_new_set_of_choices_at_full_height_lays_the_screen_out_not_once(monkeypatch):
    first, second = two_decisions()
    app = Harness(first, seat=0)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        assert len(first.legal_actions(0)) != len(second.legal_actions(0))
        reflows = count_calls(monkeypatch, _compositor.Compositor, "reflow")
        chooser = app.chooser
        app.state = second
        legal = second.legal_actions(0)
        from boardgames_tui.ui.board import BoardContext

        chooser.set_choices(BoardContext(second.view(0), 0, ("Ana", "Beto", "Carla"), legal), app.board)
        await pilot.pause()
        assert chooser.option_count == len(legal)
        assert reflows[0] == 0


async def test_moving_the_highlight_over_cells_leaves_hand_and_players_undrawn(monkeypatch):
    _, excavating = two_decisions()
    app = Harness(excavating, seat=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = app.board
        by_cell = {
            model.action_cell(a): a for a in reversed(board.ctx.legal) if model.action_cell(a) is not None
        }
        cells = list(by_cell.values())
        assert len(cells) >= 2
        board.preview(cells[0])
        await pilot.pause()
        drawn = []
        original = board._set_part
        monkeypatch.setattr(
            board, "_set_part", lambda name, *args: (drawn.append(name), original(name, *args))
        )
        board.preview(cells[1])
        board.preview(cells[0])
        await pilot.pause()
        assert drawn.count("field") == 2  # the highlight moved twice
        assert "hand" not in drawn and "players" not in drawn


async def test_the_same_table_shown_again_draws_no_part_again(monkeypatch):
    first, _ = two_decisions()
    app = Harness(first, seat=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        renders = count_calls(monkeypatch, app.console, "render_lines")
        show_as_the_game_screen_does(app, first)
        await pilot.pause()
        assert renders[0] == 0  # nothing laid out by Rich: every part is the same as on screen


class LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield LogPanel(id="log")


async def test_a_log_written_again_for_another_seat_wraps_no_line_again(monkeypatch):
    long = "{0} excavates the card at row 1 col 2 and keeps it in hand for a later turn"
    events = tuple(Event(long + f" ({n})") for n in range(20)) + (Event("{0} draws a card", {0: "the Eel"}),)
    app = LogApp()
    async with app.run_test(size=(60, 30)) as pilot:
        log = app.query_one(LogPanel)
        log.show(events, ("Ana", "Beto"), 0)
        log.show(events, ("Ana", "Beto"), 1)  # another seat: written again without the private line
        await pilot.pause()
        wraps = count_calls(monkeypatch, Text, "wrap")
        log.show(events, ("Ana", "Beto"), 0)
        log.show(events, ("Ana", "Beto"), 1)
        await pilot.pause()
        assert wraps[0] == 0  # each line's rows were kept from the first time it was written
        assert any("(19)" in strip.text for strip in log.lines)
