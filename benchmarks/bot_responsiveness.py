"""How fast the screen answers keys while a computer player thinks (issue: bots think in a worker).

Opens a game whose first seat is the Strong level with a long thinking budget, waits until it is
thinking, then times (wall clock, in the same Pilot loop) how long each key takes to show its
screen: the menu (Escape) and closing it, the rules (F1) and closing them, the log (l) hidden and
shown again. Prints the median and worst of each over a few rounds, per game.

    python benchmarks/bot_responsiveness.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time

os.environ.setdefault("BOARDGAMES_TUI_HOME", tempfile.mkdtemp(prefix="bgt-bench-"))

import boardgames_tui  # noqa: E402,F401  (fills the catalogue)
from boardgames_tui.app import BoardGamesApp  # noqa: E402
from boardgames_tui.ui.game_screen import GameScreen  # noqa: E402
from boardgames_tui.ui.log_panel import LogPanel  # noqa: E402
from boardgames_tui.ui.menu import MenuScreen  # noqa: E402
from boardgames_tui.ui.rules_viewer import RulesScreen  # noqa: E402

GAMES = ("mountain_goats", "penguinramids", "montana_pinguino", "mision_chungungo")


async def _until(pilot, condition, timeout: float = 10.0) -> float:
    """Seconds until ``condition()`` holds, checking after every pass of the message loop."""
    start = time.perf_counter()
    while not condition():
        if time.perf_counter() - start > timeout:
            raise TimeoutError("the screen did not answer")
        await pilot.pause(0)
    return time.perf_counter() - start


async def measure(game_id: str, rounds: int) -> dict[str, list[float]]:
    """Wall seconds per key, while seat A (Strong, 60 s budget) thinks."""
    app = BoardGamesApp(game=game_id, seats=["strong", "human"], seed=5, bot_pause=0, bot_seconds=60)
    times: dict[str, list[float]] = {"menu": [], "menu closed": [], "rules": [], "rules closed": [], "log": []}
    async with app.run_test(size=(120, 40)) as pilot:
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        await _until(pilot, lambda: game.bots.thinking is not None, timeout=30)
        log = game.query_one(LogPanel)

        async def timed(name: str, key: str, shown) -> None:
            """Press ``key`` as a fresh key and record the seconds until ``shown()`` holds."""
            app.key_gate.rest()
            start = time.perf_counter()
            await pilot.press(key)
            await _until(pilot, shown)
            times[name].append(time.perf_counter() - start)

        for _ in range(rounds):
            await timed("menu", "escape", lambda: isinstance(app.screen, MenuScreen))
            await timed("menu closed", "escape", lambda: app.screen is game)
            await timed("rules", "f1", lambda: isinstance(app.screen, RulesScreen))
            await timed("rules closed", "escape", lambda: app.screen is game)
            shown = log.display
            await timed("log", "l", lambda: log.display != shown)
        assert game.bots.thinking is not None, "the computer player stopped thinking during the measurement"
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print(f"{'game':18} {'key':14} {'median ms':>10} {'worst ms':>9}")
    worst = 0.0
    for game_id in GAMES:
        times = asyncio.run(measure(game_id, args.rounds))
        for key, values in times.items():
            worst = max(worst, max(values))
            print(f"{game_id:18} {key:14} {statistics.median(values) * 1000:10.1f} {max(values) * 1000:9.1f}")
    print(f"worst key while a computer player thinks: {worst * 1000:.1f} ms (goal: under 100 ms)")


if __name__ == "__main__":
    main()
