"""How fast the screen answers keys while a computer player thinks, in a real terminal.

Runs the real program (``python -m boardgames_tui``) in a pseudo-terminal of
120x40 with seat A played by the Strong level on a 60 s budget and seat B a
person, waits until the status line says A is thinking, then writes each key's
bytes as a terminal would and times (wall clock) until the screen, read through
pyte, shows the answer:

- ``m`` opens the menu, ``m`` closes it;
- ``F1`` opens the rules, ``q`` closes them;
- ``l`` hides the log, ``l`` shows it again.

The same is measured in a bare Textual app in the same terminal (a menu
screen on ``m`` and a panel on ``l``), the floor any Textual app pays for
reading a key, drawing and writing the screen. Escape, which also opens
and closes the menu, is not timed: every Textual app waits ESCDELAY (100 ms
by default) after a lone Escape byte to tell it from the start of a key
sequence, whatever it then draws.

    python benchmarks/bot_responsiveness.py [--rounds 5] [--game GAME]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.shell.pty_app import PtyApp  # noqa: E402

GAMES = ("mountain_goats", "penguinramids", "montana_pinguino", "mision_chungungo")
SIZE = (120, 40)
F1 = b"\x1bOP"

BARE = """
from textual.app import App
from textual.screen import ModalScreen
from textual.widgets import Footer, Header, OptionList, Static

class Menu(ModalScreen):
    BINDINGS = [("m", "app.pop_screen", "Close")]
    def compose(self):
        yield OptionList("Resume", "Save the game", "Quit")
        yield Footer()

class Bare(App):
    BINDINGS = [("m", "push_screen('menu')", "Menu"), ("l", "toggle_log", "Log")]
    SCREENS = {"menu": Menu}
    def compose(self):
        yield Header()
        yield OptionList(*[f"Option {i}" for i in range(20)])
        yield Static("the log panel", id="log")
        yield Footer()
    def action_toggle_log(self):
        log = self.query_one("#log")
        log.display = not log.display

Bare().run()
"""


def until(app: PtyApp, condition: Callable[[str], bool], since: float, timeout: float = 10.0) -> float:
    """Seconds from ``since`` until the output that made ``condition(screen text)`` hold arrived.

    The screen is looked at once per read of the program's output, never in a busy loop:
    the watcher must not take the CPU from the program it times.
    """
    reads, arrived, text = app.next_screen(-1, 0)
    while not condition(text):
        if time.perf_counter() - since > timeout:
            raise TimeoutError(f"the screen did not answer:\n{text}")
        reads, arrived, text = app.next_screen(reads, 0.5)
    return arrived - since


def timed(app: PtyApp, key: bytes, condition: Callable[[str], bool]) -> float:
    """Write ``key`` and return the seconds until the screen shows ``condition``."""
    time.sleep(0.6)  # a rested keyboard: the key gate takes a key after a pause as a new key
    since = time.perf_counter()
    app.write(key)
    return until(app, condition, since)


def footer(text: str) -> str:
    return text.rstrip().splitlines()[-1] if text.strip() else ""


def measure_game(game: str, rounds: int) -> dict[str, list[float]]:
    """Wall seconds per key in ``game`` while its first seat (Strong, 60 s) thinks."""
    home = Path(tempfile.mkdtemp(prefix="bgt-bench-"))
    args = [
        "--game",
        game,
        "--seats",
        "strong,human",
        "--seed",
        "5",
        "--bot-pause",
        "0",
        "--bot-seconds",
        "60",
    ]
    times: dict[str, list[float]] = {}
    with PtyApp(args, home, SIZE) as app:
        until(app, lambda s: "is thinking" in s, time.perf_counter(), timeout=60)
        thinking = lambda s: "is thinking" in s  # noqa: E731
        keys = [
            ("menu", b"m", lambda s: "Save the game" in s),
            ("menu closed", b"m", lambda s: "Save the game" not in s and thinking(s)),
            ("rules", F1, lambda s: "Close" in footer(s)),
            ("rules closed", b"q", lambda s: "Close" not in footer(s) and thinking(s)),
            ("log hidden", b"l", lambda s: "─ Log ─" not in s),
            ("log shown", b"l", lambda s: "─ Log ─" in s),
        ]
        for _ in range(rounds):
            for name, key, shown in keys:
                times.setdefault(name, []).append(timed(app, key, shown))
        assert thinking(app.text()), "the computer player stopped thinking during the measurement"
    return times


def measure_bare(rounds: int) -> dict[str, list[float]]:
    """The same keys in a bare Textual app, in the same kind of terminal."""
    home = Path(tempfile.mkdtemp(prefix="bgt-bench-"))
    times: dict[str, list[float]] = {}
    with PtyApp([], home, SIZE, command=[sys.executable, "-c", BARE]) as app:
        until(app, lambda s: "Option 0" in s, time.perf_counter(), timeout=30)
        keys = [
            ("menu", b"m", lambda s: "Save the game" in s),
            ("menu closed", b"m", lambda s: "Save the game" not in s),
            ("log hidden", b"l", lambda s: "the log panel" not in s),
            ("log shown", b"l", lambda s: "the log panel" in s),
        ]
        for _ in range(rounds):
            for name, key, shown in keys:
                times.setdefault(name, []).append(timed(app, key, shown))
    return times


def report(label: str, times: dict[str, list[float]]) -> float:
    worst = 0.0
    for key, values in times.items():
        worst = max(worst, max(values))
        print(f"{label:18} {key:14} {statistics.median(values) * 1000:10.1f} {max(values) * 1000:9.1f}")
    return worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--game", choices=GAMES, action="append")
    args = parser.parse_args()
    print(
        f"{'program':18} {'key':14} {'median ms':>10} {'worst ms':>9}   (key written to the terminal -> screen shows it)"
    )
    report("bare Textual app", measure_bare(args.rounds))
    worst = 0.0
    for game in args.game or GAMES:
        worst = max(worst, report(game, measure_game(game, args.rounds)))
    print(f"worst key while a computer player thinks: {worst * 1000:.1f} ms (goal: under 100 ms)")


if __name__ == "__main__":
    threading.excepthook = lambda exc: None  # the pty reader ends when the program is killed
    main()
