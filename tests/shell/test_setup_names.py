"""Setup holds names to the engine's rule (engine/names.py); a paste in a name field is one line of text."""

from __future__ import annotations

from textual import events

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.setup import SetupScreen
from tests.screen_text import screen_text

SIZE = (80, 24)


async def open_setup(pilot, names: list[str]) -> SetupScreen:
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SetupScreen)
    for seat, name in enumerate(names):
        screen.query_one(f"#setup-name-{seat}").value = name
    return screen


async def test_setup_refuses_an_empty_name_and_says_which_seat():
    app = BoardGamesApp(game="veto")
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot, ["Ana", "   "])
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "Cannot start: seat B: a name cannot be empty or only spaces" in screen_text(app)


async def test_setup_shows_a_refused_name_as_typed():
    app = BoardGamesApp(game="veto")
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot, ["[/]", " [/] "])
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "seats A and B are both [/]" in screen_text(app)
        await open_setup(pilot, ["[bold]Ana", "x" * 25])
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert "seat B: the name xxxxxxxx... is too long (25 columns" in " ".join(screen_text(app).split())


async def test_setup_starts_with_names_differing_only_in_case():
    app = BoardGamesApp(game="veto")
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot, ["  ana", "Ana  "])
        await pilot.press("ctrl+n")
        await pilot.pause()
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))  # (under its curtain)
        assert game.match.names == ("ana", "Ana")


async def test_a_paste_in_a_name_field_is_one_line_without_control_characters():
    app = BoardGamesApp(game="veto")
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot, ["", "Beto"])
        field = screen.query_one("#setup-name-0")
        field.focus()
        await pilot.pause()
        app.post_message(events.Paste("Car\x1b[2Jla\x07\nsecond line\n"))
        await pilot.pause()
        assert field.value == "Car[2Jla"
        field.value = ""
        app.post_message(events.Paste("y" * 100))  # cut to what the field holds
        await pilot.pause()
        assert field.value == "y" * field.max_length
        assert isinstance(app.screen, SetupScreen)
