"""Where the CPU of a keypress goes, per kind of screen the key was pressed on.

Runs a seeded match headless at 120x40 like ``benchmarks/ui_speed.py`` (every
key is ``enter``) and splits each key's CPU time (``time.process_time``)
among the parts that cost the most: Textual's compositor (drawing the
changed rows), its layout (``reflow``), the game screen's ``render_for``
(the board widgets filling themselves), ``Lines.set`` (inside it), the log,
the list of choices, the engine's ``play_decision`` and the autosave
(inside it). Parts nest, so they do not add up to the total; the rest is
Textual's message handling.

Usage::

    python benchmarks/ui_split.py montana_pinguino [keys]
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

from textual import _compositor
from textual import screen as textual_screen

from boardgames_tui import app as app_module
from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine import Match
from boardgames_tui.ui import board, game_screen, lines, log_panel
from boardgames_tui.ui.memory import settle

#: {screen name: {part: CPU seconds}} of the keys measured so far.
TIMES: dict[str, dict[str, float]] = {}
_ACTIVE: list[str | None] = [None]


def _timed(owner: Any, name: str, part: str) -> None:
    """Wrap ``owner.name`` so that its CPU time is added to ``part`` of the current key."""
    original: Callable[..., Any] = getattr(owner, name)

    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.process_time()
        try:
            return original(*args, **kwargs)
        finally:
            screen = _ACTIVE[0]
            if screen is not None:
                parts = TIMES.setdefault(screen, {})
                parts[part] = parts.get(part, 0.0) + time.process_time() - start

    setattr(owner, name, timed)


def shown(app: Any) -> str:
    """What the key is pressed on: the screen's class name, or the game screen's cover
    ("GameScreen:curtain", "GameScreen:notice"; ui/cover.py)."""
    screen = app.screen
    kind = getattr(getattr(screen, "cover", None), "kind", "")
    return f"{type(screen).__name__}:{kind}" if kind else type(screen).__name__


def instrument() -> None:
    """Wrap the parts this script splits a key into."""
    _timed(textual_screen.Screen, "_compositor_refresh", "compositor")
    _timed(_compositor.Compositor, "reflow", "layout")
    _timed(game_screen.GameScreen, "render_for", "render_for")
    _timed(lines.Lines, "set", "Lines.set")
    _timed(log_panel.LogPanel, "show", "log")
    _timed(board.ActionList, "set_choices", "choices")
    _timed(game_screen.GameScreen, "play_decision", "play_decision")
    _timed(app_module.BoardGamesApp, "autosave", "autosave")


async def split(game: str, keys: int) -> None:
    """Press ``enter`` ``keys`` times in a 3-player match of ``game`` (seed 1) and print the split."""
    app = BoardGamesApp(match=Match.new(game, ["Ana", "Beto", "Carla"], 1))
    count: dict[str, int] = {}
    cpu: dict[str, float] = {}
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(3):
            app.key_gate.rest()
            await pilot.press("enter")
            await pilot.pause()
        settle()
        for _ in range(keys):
            on = shown(app)
            if on == "GameOverScreen":
                break
            _ACTIVE[0] = on
            app.key_gate.rest()
            start = time.process_time()
            await pilot.press("enter")
            await pilot.pause()
            cpu[on] = cpu.get(on, 0.0) + time.process_time() - start
            count[on] = count.get(on, 0) + 1
            _ACTIVE[0] = None
    total = sum(count.values())
    print(f"{game}: {sum(cpu.values()) * 1000 / max(1, total):.1f} ms/key over {total} keys")
    for on, n in count.items():
        parts = sorted(TIMES.get(on, {}).items(), key=lambda item: -item[1])
        print(
            f"  {on}: {n} keys, {cpu[on] * 1000 / n:.1f} ms/key :: "
            + ", ".join(f"{part} {seconds * 1000 / n:.1f}" for part, seconds in parts)
        )


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print(__doc__)
        return 2
    os.environ.setdefault("BOARDGAMES_TUI_HOME", tempfile.mkdtemp(prefix="ui-split-"))
    instrument()
    asyncio.run(split(args[0], int(args[1]) if len(args) > 1 else 80))
    return 0


if __name__ == "__main__":
    sys.exit(main())
