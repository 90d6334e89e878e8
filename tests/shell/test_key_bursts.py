"""Keys that arrive in one burst (a paste turned into keys, key repeat, a slow link) never crash the app.

When the first key of a burst opens or closes a screen, the others were
typed for the old screen: they must not act on the new one, and a screen
already closed must not close the one under it (app.py: on_event, _on_key,
pop_screen). A paste is dropped outside text fields.
"""

from __future__ import annotations

import random

from textual import events

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.menu import MenuScreen
from tests.handover import curtain_up

SIZE = (80, 24)


def keys_textual_makes_of(paste: str) -> list[events.Key]:
    """The keys Textual's own parser makes of a bracketed paste holding ESC.

    Without our driver's filter, an ESC inside a paste makes the parser give
    up on it and send up to 32 of the pasted characters as keystrokes.
    """
    from textual._xterm_parser import XTermParser

    parser = XTermParser()
    out = [e for e in parser.feed(f"\x1b[200~{paste}\x1b[201~") if isinstance(e, events.Key)]
    out += [e for e in parser.feed("\x1b") if isinstance(e, events.Key)]  # the closing sequence, cut short
    return out


async def test_four_enters_at_once_on_the_menu_close_the_menu_only():
    app = BoardGamesApp(game="veto", names=["Ana", "Beto"], seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # lifts the curtain
        await pilot.press("m")  # a fresh key on the new screen opens the menu
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        for _ in range(4):  # one burst: the first Enter resumes; the others were meant for the menu too
            app.post_message(events.Key("enter", "\r"))
        await pilot.pause()
        assert app._exception is None, app._exception
        assert isinstance(app.screen, GameScreen)


#: Digits, Enters, Escapes, arrows and the menu key (no quit key: the app must still be running after).
ALPHABET = [*"123", "\r", "\r", "\n", "m", " ", "\x1b", "\x1b\x1b", "\x1b[A", "\x1b[B"]


async def test_the_keys_pastes_with_escapes_turn_into_never_crash_a_game():
    rng = random.Random(14)
    app = BoardGamesApp(game="veto", names=["Ana", "Beto"], seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        paste = "".join(rng.choice(ALPHABET) for _ in range(30))
        app.post_message(events.Paste(paste))  # a paste is dropped outside text fields
        await pilot.pause()
        assert curtain_up(app.screen)
        for _ in range(25):  # each paste's keys arrive in one burst, on whatever screen is up
            keys = keys_textual_makes_of("".join(rng.choice(ALPHABET) for _ in range(30)))
            for key in keys:
                app.post_message(events.Key(key.key, key.character))
            await pilot.pause()
            assert app._exception is None and app.is_running, app._exception
        await pilot.press("ctrl+q")
    assert app._exception is None and app.return_code == 0


async def test_a_digit_that_is_not_0_to_9_is_not_taken_for_a_choice():
    """A Latin-1 terminal's ¹ (0xB9) is a Unicode digit that int() refuses: no crash, no choice."""
    app = BoardGamesApp(game="veto", names=["Ana", "Beto"], seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()  # the curtain is drawn
        await pilot.press("enter")
        await pilot.pause()
        game = app.screen
        game.set_focus(None)  # the keyboard wandered off the choices
        for ch in "¹²³½":
            app.post_message(events.Key(ch, ch))
        await pilot.pause()
        assert app._exception is None, app._exception
        assert app.screen is game and game.match.actions == []
