"""Read what a Pilot-driven app shows, as plain text, for assertions."""

import html
import re

#: Seconds a wait gives up after (an AssertionError). Only a bound for a screen that never comes:
#: a wait returns as soon as its condition holds, and a busy machine (other processes on every
#: core) can take many seconds to draw what a quiet one draws at once.
WAIT_LIMIT = 30.0


def screen_text(app) -> str:
    """All text on the terminal screen now (SVG export, tags stripped)."""
    svg = app.export_screenshot()
    chunks = re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.S)
    return html.unescape("".join(chunks)).replace("\xa0", " ")


def notices(app) -> str:
    """The text of every notification (toast) raised so far and still listed."""
    return "\n".join(f"{n.title} {n.message}" for n in app._notifications)


async def wait_for(pilot, condition, *, timeout: float = WAIT_LIMIT, what: str = "the condition") -> None:
    """Wait until ``condition()`` is true, letting the app run between checks.

    Use it instead of a fixed ``pilot.pause()`` where a test checks the
    screen right after an action: it returns as soon as the screen is ready
    and fails with ``what`` after ``timeout`` seconds (an AssertionError).
    """
    import asyncio

    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"gave up waiting for {what} after {timeout} s")
        await pilot.pause(0.02)


async def wait_for_text(pilot, app, text: str, *, timeout: float = WAIT_LIMIT) -> str:
    """Wait until ``text`` is on the screen; return the screen's text."""
    await wait_for(pilot, lambda: text in screen_text(app), timeout=timeout, what=repr(text))
    return screen_text(app)


async def wait_for_screen(pilot, app, screen_type: type, *, timeout: float = WAIT_LIMIT) -> None:
    """Wait until the app's current screen is a ``screen_type``."""
    await wait_for(
        pilot, lambda: isinstance(app.screen, screen_type), timeout=timeout, what=f"a {screen_type.__name__}"
    )


def game_screen(app):
    """The game screen in ``app``'s stack (under a curtain, notice or window), without reaching by index."""
    from boardgames_tui.ui.game_screen import GameScreen

    return next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))
