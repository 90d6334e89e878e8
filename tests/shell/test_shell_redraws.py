"""The shell redraws what changed (footer, log, status) and talks to the app through its protocol."""

from __future__ import annotations

import re
from pathlib import Path
from typing import ClassVar

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine import Event, Match
from boardgames_tui.ui.cover import CoverPane
from boardgames_tui.ui.footer import StableFooter
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.log_panel import LogPanel
from boardgames_tui.ui.rules_viewer import RulesScreen
from boardgames_tui.ui.shell import Shell, shell_of
from tests.handover import reaction_up

from ..screen_text import screen_text, wait_for
from .matches import checkpoints

SIZE = (120, 40)
UI = Path(__file__).resolve().parents[2] / "boardgames_tui" / "ui"


def footer_keys(screen) -> list[str]:
    """The descriptions the screen's footer shows, left to right."""
    return [description for _key, description, _pressed, _enabled in screen.query_one(StableFooter).entries()]


async def test_footer_keeps_its_keys_across_a_decision_that_changes_none_of_them():
    app = BoardGamesApp(match=Match.new("mountain_goats", ["Ana", "Beto"], 7))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        footer = game.query_one(StableFooter)
        before = footer_keys(game)
        assert "Rules" in before
        drawn = []
        real = footer._draw
        footer._draw = lambda: (drawn.append(1), real())[1]
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(game.match.actions) == 1, what="the first move")
        await pilot.pause()
        assert footer_keys(game) == before and drawn == []  # nothing drawn again


class ToggleApp(App[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("x", "act", "Act"), Binding("y", "other", "Other")]
    ENABLE_COMMAND_PALETTE = False
    offered = True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.offered if action == "act" else True

    def compose(self) -> ComposeResult:
        yield StableFooter()


async def test_footer_rebuilds_when_a_key_it_shows_comes_or_goes():
    app = ToggleApp()
    async with app.run_test(size=(60, 5)) as pilot:
        await wait_for(pilot, lambda: bool(footer_keys(app.screen)), what="the footer's keys")
        await pilot.pause()
        assert footer_keys(app.screen) == ["Act", "Other"]
        assert "x Act" in screen_text(app)
        app.offered = False
        app.screen.refresh_bindings()
        await wait_for(pilot, lambda: footer_keys(app.screen) == ["Other"], what="Act to go")
        await pilot.pause()
        assert "x Act" not in screen_text(app) and "y Other" in screen_text(app)


async def test_footer_keys_take_the_colours_of_a_new_theme():
    app = ToggleApp()
    async with app.run_test(size=(60, 5)) as pilot:
        await wait_for(pilot, lambda: bool(footer_keys(app.screen)), what="the footer's keys")
        footer = app.screen.query_one(StableFooter)
        before = footer._strip._segments[0].style
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        await pilot.pause()
        app.offered = False  # the footer is drawn again, with the styles of the new theme
        app.screen.refresh_bindings()
        await wait_for(pilot, lambda: "Act" not in footer.plain(), what="the footer drawn again")
        after = footer._strip._segments[0].style
        assert after == footer.get_component_rich_style("footer--key") and after != before


async def test_a_click_on_a_footer_key_presses_it():
    app = ToggleApp()
    app.acted = 0

    def act() -> None:
        app.acted += 1

    app.action_act = act
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        await pilot.click(StableFooter, offset=(1, 0))
        await pilot.pause()
        assert app.acted == 1


async def test_log_keeps_its_lines_when_the_next_seat_reads_them_the_same():
    match = Match.new("mountain_goats", ["Ana", "Beto"], 7)
    for _ in range(3):
        seat = match.state.to_move[0]
        match.play(seat, match.state.legal_actions(seat)[0])
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = app.screen
        log = game.query_one(LogPanel)
        first = log.lines[0]
        count = len(log.lines)
        seat = game.shown_seat
        await pilot.press("enter")
        await wait_for(pilot, lambda: game.shown_seat != seat, what="the next seat")
        assert log.lines[0] is first  # appended to, not cleared and rewritten
        assert len(log.lines) > count


class LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield LogPanel(id="log")


async def test_log_is_redrawn_for_a_seat_that_must_not_read_a_private_line():
    events = (Event("{0} draws a card", {0: "the Eel"}), Event("{1} passes"))
    app = LogApp()
    async with app.run_test(size=(60, 12)) as pilot:
        log = app.query_one(LogPanel)
        log.show(events, ("Ana", "Beto"), 0)
        await pilot.pause()
        assert "the Eel" in screen_text(app)
        log.show(events, ("Ana", "Beto"), 1)
        await pilot.pause()
        text = screen_text(app)
        assert "the Eel" not in text
        assert "Ana draws a card" in text and "Beto passes" in text


async def test_reaction_window_takes_save_and_rules_keys_and_stays_open():
    match = checkpoints("mision_chungungo", ("Ana", "Beto", "Carla"))["reaction"]
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_for(pilot, lambda: reaction_up(app.screen), what="the reaction window")
        await pilot.pause()  # drawn: the key gate takes only keys pressed after that
        window = app.screen
        await pilot.press("ctrl+s")
        await wait_for(
            pilot, lambda: any("Saved to" in n.message for n in app._notifications), what="the save notice"
        )
        assert app.screen is window and reaction_up(window)  # saving leaves the window open
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen), what="the rules")
        assert "Misión Chungungo" in screen_text(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is window, what="the table again")
        assert reaction_up(window)


def test_shell_of_refuses_an_app_without_the_shell_protocol():
    class Plain:
        app = App()

    with pytest.raises(TypeError):
        shell_of(Plain())
    assert isinstance(BoardGamesApp(), Shell)


def test_screens_never_reach_into_the_app_or_the_screen_below_untyped():
    """Every call from a screen to the app goes through ui/shell.py, type-checked."""
    offenders = []
    for path in sorted(UI.glob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"self\.app\.\w+\(.*# type: ignore", line) or "screen_stack[-2]" in line:
                offenders.append(f"{path.name}:{n}: {line.strip()}")
    assert offenders == []


@pytest.mark.parametrize("screen", [GameScreen, CoverPane, RulesScreen])
def test_each_action_of_a_game_screen_is_one_binding(screen):
    """Aliases (F1 and ?, Ctrl+Z and u) share one binding, so the footer and the help list it once."""
    actions = [b.action for b in screen.BINDINGS]
    assert len(actions) == len(set(actions))
