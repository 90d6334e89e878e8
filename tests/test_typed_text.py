"""Whatever a player types into a text field, the app goes on (issue 24: "¹" in the replay's jump box).

Hypothesis writes arbitrary Unicode into every text field of the app (each seat's name and the
seed on the setup screen, the replay's jump box), typed key by key and pasted in one piece,
and presses Enter (and on the setup screen the start key): the app must still be running,
show no traceback, and the screen that had the field must still be there or the game it
started. The texts a number is read from go through one helper, whose own property is checked
against ``int()``.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from textual import events
from textual.widgets import Input

import boardgames_tui
from boardgames_tui.app import BoardGamesApp
from boardgames_tui.serve.session import ChatScreen
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.numbers import typed_whole_number
from boardgames_tui.ui.replay import JumpScreen, ReplayScreen
from boardgames_tui.ui.setup import SetupScreen
from tests.history.finished import finished
from tests.screen_text import screen_text, wait_for, wait_for_screen

SIZE = (80, 24)

#: Text a keyboard can type: any character but surrogates (never in a terminal's UTF-8) and
#: controls (they arrive as keys such as ctrl+q, not as text).
TYPED = st.text(st.characters(exclude_categories=("Cs", "Cc")), max_size=24)
#: Text a paste can hold: anything but surrogates, controls and line breaks included.
PASTED = st.text(st.characters(exclude_categories=("Cs",)), max_size=40)
#: Texts that ``str.isdigit`` accepts and ``int()`` refuses, and other numbers that are not.
NOT_NUMBERS = ["¹", "²³", "r¹", "t²", "½", "Ⅻ", "9" * 30, "r" + "9" * 30, "-", "+", "r", " ", "1 2"]

#: Examples a fast run tries; the slow tier tries many more.
FAST_EXAMPLES = 2  # beside the three explicit examples; the slow tier draws SLOW_EXAMPLES
SLOW_EXAMPLES = 80


#: Every text field the app builds, by file: the property test below writes into each.
TEXT_FIELDS = {
    "ui/setup.py": ["Input", "NameInput"],
    "ui/replay.py": ["Input"],
    "serve/session.py": ["Input"],
}


def test_the_property_test_knows_every_text_field_of_the_app():
    """A new text field is added to ``fill_every_field`` below, and then to ``TEXT_FIELDS``."""
    package = Path(boardgames_tui.__file__).parent
    found = {}
    for path in sorted(package.rglob("*.py")):
        made = sorted(re.findall(r"(?<!class )\b(\w*Input)\(", path.read_text(encoding="utf-8")))
        if made:
            found[path.relative_to(package).as_posix()] = made
    assert found == TEXT_FIELDS


def still_running(app, where: str) -> None:
    """The app runs on and shows no traceback."""
    assert app.is_running, f"the app stopped after text in {where}"
    assert "Traceback" not in screen_text(app), where


async def input_on_top(pilot) -> Input:
    """The text field of the screen on top, once that screen is composed."""
    screen = pilot.app.screen
    await wait_for(pilot, lambda: bool(screen.query(Input)), what=f"the field of {screen}")
    return screen.query_one(Input)


async def type_text(pilot, field: Input, text: str, pasted: bool) -> None:
    """Give ``field`` the keyboard and write ``text`` into it: key by key, or as one paste."""
    field.focus()
    await pilot.pause()
    if pasted:
        pilot.app.post_message(events.Paste(text))
        await pilot.pause()
    elif text:
        await pilot.press(*text)


async def fill_every_field(texts: list[str], pasted: bool) -> None:
    """Write ``texts`` into the setup's fields and the replay's jump box, pressing Enter after each."""
    app = BoardGamesApp()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        app.open_setup("mountain_goats")
        await wait_for_screen(pilot, app, SetupScreen)
        setup = app.screen
        await wait_for(pilot, lambda: bool(setup.query("#setup-seed")), what="the setup's fields")
        await pilot.pause()
        fields = [f for f in setup.query(Input) if f.display and f.parent.display]
        assert {f.id for f in fields} >= {"setup-name-0", "setup-name-1", "setup-seed"}
        for field, text in zip(fields, texts * len(fields), strict=False):
            await type_text(pilot, field, text, pasted)
            await pilot.press("enter")
            still_running(app, f"{field.id} ({text!r})")
            assert app.screen is setup
        await pilot.press("ctrl+n")  # start: the names and the seed are read
        await pilot.pause()
        still_running(app, "the setup's start")
        assert app.screen is setup or isinstance(app.screen, GameScreen)
        app.open_replay(finished("mountain_goats", ("Ana", "Beto")))
        await wait_for(
            pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.ready, what="replay"
        )
        replay = app.screen
        said: list[str | None] = []
        app.push_screen(ChatScreen([]), said.append)  # the SSH table's chat line
        await wait_for_screen(pilot, app, ChatScreen)
        await type_text(pilot, await input_on_top(pilot), texts[0], pasted)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is replay, what="the chat line closed")
        still_running(app, f"the chat line ({texts[0]!r})")
        assert said and isinstance(said[0], str)
        for text in texts:
            await pilot.press("j")
            await wait_for_screen(pilot, app, JumpScreen)
            await type_text(pilot, await input_on_top(pilot), text, pasted)
            await pilot.press("enter")
            await wait_for_screen(pilot, app, ReplayScreen)
            still_running(app, f"the jump box ({text!r})")
            assert app.screen is replay and 0 <= replay.step <= replay.last


def run(texts: list[str], pasted: bool) -> None:
    asyncio.run(fill_every_field(texts, pasted))


PROPERTY = settings(
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@settings(PROPERTY, max_examples=FAST_EXAMPLES)
@example(texts=NOT_NUMBERS, pasted=False)
@example(texts=NOT_NUMBERS, pasted=True)
@example(texts=["\x1b[A¹\n2", "\t\x07r\r3", "\x00"], pasted=True)
@given(texts=st.lists(TYPED, min_size=1, max_size=4), pasted=st.booleans())
def test_any_text_typed_or_pasted_into_any_field_then_enter_keeps_the_app_running(texts, pasted):
    run(texts, pasted)


#: Texts typed key by key, or pasted: a control character is a key (Tab moves on), never typed text.
TYPED_OR_PASTED = st.one_of(
    st.tuples(st.lists(TYPED, min_size=1, max_size=6), st.just(False)),
    st.tuples(st.lists(PASTED, min_size=1, max_size=6), st.just(True)),
)


@pytest.mark.slow
@settings(PROPERTY, max_examples=SLOW_EXAMPLES)
@given(TYPED_OR_PASTED)
def test_any_text_in_any_field_keeps_the_app_running_many_examples(written):
    texts, pasted = written
    run(texts, pasted)


@given(st.text(max_size=30), st.booleans())
@example("¹", False)
@example("-²", True)
@example("9" * 5000, False)
def test_a_typed_number_is_what_int_reads_or_none_and_never_raises(text, signed):
    number = typed_whole_number(text, signed=signed)
    if number is not None:
        assert number == int(text)
        assert signed or number >= 0


def test_a_typed_number_takes_decimal_digits_of_any_script_and_refuses_superscripts():
    assert typed_whole_number(" 12 ") == 12
    assert typed_whole_number("٣") == 3  # an Arabic-Indic three
    assert typed_whole_number("-4", signed=True) == -4
    assert typed_whole_number("-4") is None
    assert [typed_whole_number(t) for t in ("¹", "²", "½", "Ⅻ", "", "-", "9" * 20)] == [None] * 7
