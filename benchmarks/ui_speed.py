"""How much CPU one keypress costs in the app, against a bare Textual app.

Everything runs headless through Textual's Pilot at 120x40, in one process,
so the figures are comparable with each other:

- **bare**: a Textual app with a Header, an OptionList of 20 options and a
  Footer; the keys alternate ``down`` and ``enter``. This is the floor: what
  Textual itself costs per key in the same Pilot loop.
- **floors**: the same bare app, with keys that do what the games' keys do,
  so a game's figure can be set against what Textual itself costs for that
  kind of key: ``screen switch`` covers the screen with another one and
  uncovers it (the curtain as a screen of its own), ``page scroll`` does the same by
  scrolling a cover page into view (the curtain as it is now, ``ui/cover.py``), ``list
  refill`` replaces the 20 options, ``stock table`` is a decision made with Textual's
  own widgets (status line, board, list and log all change).
- **each game**: a seeded match at its start; every key is ``enter``, which
  always acts: it lifts a curtain, closes a private notice, passes a
  reaction window, marks or confirms a secret choice, or plays the
  highlighted choice. A key that acted on nothing (dropped by the key gate)
  is counted and shown, so a figure never hides keys that did no work.
- **F1**: on a game screen showing a seat, the time from pressing F1 until
  the rules screen has been drawn (CPU and wall clock), then Escape.

Before its keys are counted, each app's objects are frozen out of the
collector's later passes (``ui/memory.py``: the app does it once a table is
drawn), so the bare app and the games pay the collector alike.

The figure per key is CPU time of this process (``time.process_time``)
divided by keys, so other work on a shared machine disturbs it less than
wall time would. The first keys of each run (imports, first layout) are
warm-up and not counted. The key gate (``ui/keygate.py``) drops keys that
follow each other within half a second at a new screen; as in the tests,
the keyboard counts as rested before each key. One key is measured as
``pilot.press`` followed by ``pilot.pause`` (the app is idle and redrawn),
the same way for the bare app and the games. The matches autosave after
every key, into a temporary folder unless ``BOARDGAMES_TUI_HOME`` is set.

Usage::

    python benchmarks/ui_speed.py                     # all four games, 60 keys each
    python benchmarks/ui_speed.py --keys 120 --game mountain_goats
    python benchmarks/ui_speed.py --profile montana_pinguino   # pyinstrument report of the keys
    python benchmarks/ui_speed.py --calls             # function calls per key: steady under load
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import sys
import tempfile
import time
from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine import Match
from boardgames_tui.games import GAMES
from boardgames_tui.ui.memory import settle

SIZE = (120, 40)
WARMUP = 3


class BareApp(App[None]):
    """The floor: Header, a 20-option OptionList and Footer, nothing else."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield OptionList(*[f"Option {i}" for i in range(20)])
        yield Footer()


class _Cover(Screen[None]):
    """A screen with one line of text that Enter closes (a curtain without the game)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "app.pop_screen")]

    def compose(self) -> ComposeResult:
        yield Static("Pass the keyboard\n\nPress Enter")


class BareSwitchApp(BareApp):
    """The bare app, where ``x`` covers the screen and Enter uncovers it: a curtain's floor."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("x", "cover")]

    def action_cover(self) -> None:
        self.push_screen(_Cover())


class BarePagesApp(App[None]):
    """The bare app's widgets on a page, with a cover page below it in a container that never
    scrolls by itself; ``x`` scrolls the cover into view and Enter scrolls back: the game
    screen's curtain (``ui/cover.py``) without the game."""

    CSS = """
    #pages { height: 1fr; overflow: hidden hidden; }
    #table, #cover { height: 100%; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("x", "cover"),
        Binding("enter", "uncover", priority=True),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="pages"):
            with Vertical(id="table"):
                yield OptionList(*[f"Option {i}" for i in range(20)])
            yield Static("Pass the keyboard\n\nPress Enter", id="cover")
        yield Footer()

    def _scroll(self, y: int) -> None:
        pages = self.query_one("#pages")
        pages.scroll_to(y=y, animate=False, immediate=True, force=True)
        pages.refresh()  # as the game screen does (ui/game_screen.py, _show_page)

    def action_cover(self) -> None:
        self._scroll(self.query_one("#table").outer_size.height)

    def action_uncover(self) -> None:
        self._scroll(0)


class BareRefillApp(BareApp):
    """The bare app, where Enter replaces the 20 options with 20 new ones: a decision's floor."""

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.refills = getattr(self, "refills", 0) + 1
        event.option_list.clear_options()
        event.option_list.add_options([f"Option {i} ({self.refills})" for i in range(20)])
        event.option_list.highlighted = 0  # as a game's list: the next Enter picks again


class BareTableApp(App[None]):
    """A game table built from Textual's own widgets only: a status line, a 14-row board
    (Static), a list of 20 choices (OptionList) and a log (Log) beside them. Enter plays a
    "decision": the status and the board get new text, the log a new line, the list 20 new
    choices. What Textual itself costs for the screen changes a game's decision makes."""

    CSS = """
    #status { height: 1; background: $accent; }
    #board { height: 1fr; }
    OptionList { height: 9; }
    Log { width: 44; border: round $secondary; }
    """

    def compose(self) -> ComposeResult:
        from textual.containers import Horizontal
        from textual.widgets import Log

        yield Header()
        yield Static("", id="status")
        with Horizontal():
            with Vertical():
                yield Static(self._board(0), id="board")
                yield OptionList(*[f"Option {i}" for i in range(20)])
            yield Log()
        yield Footer()

    @staticmethod
    def _board(turn: int) -> str:
        return "\n".join(
            f"row {y:2}: " + " ".join(f"{(x * y + turn) % 10}" for x in range(30)) for y in range(14)
        )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        from textual.widgets import Log

        turn = self.turns = getattr(self, "turns", 0) + 1
        self.query_one("#status", Static).update(f"Turn {turn}: player {turn % 3 + 1} to play")
        self.query_one("#board", Static).update(self._board(turn))
        self.query_one(Log).write_line(f"Turn {turn}: player {turn % 3} played option {event.option_index}")
        event.option_list.clear_options()
        event.option_list.add_options([f"Option {i} ({turn})" for i in range(20)])
        event.option_list.highlighted = 0


async def floor_keys(keys: int, calls: bool = False, only: tuple[str, ...] = ()) -> dict[str, float]:
    """CPU seconds per key of what Textual itself costs for the kinds of key the games have:
    ``screen switch`` (cover and uncover the screen, keys x and Enter in turn), ``page
    scroll`` (the same with a cover page scrolled into view, as the game screen's curtain)
    ``list refill`` (Enter replaces the list's options) and ``stock table`` (a decision's
    screen changes made with Textual's own widgets: :class:`BareTableApp`). With ``calls``,
    function calls per key instead (as :class:`_Calls` counts them); ``only`` names the floors
    to measure (all when empty)."""
    out: dict[str, float] = {}
    for name, make, pattern in (
        ("screen switch", BareSwitchApp, ("x", "enter")),
        ("page scroll", BarePagesApp, ("x", "enter")),
        ("list refill", BareRefillApp, ("enter",)),
        ("stock table", BareTableApp, ("enter",)),
    ):
        if only and name not in only:
            continue
        app = make()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for i in range(WARMUP * len(pattern)):
                await pilot.press(pattern[i % len(pattern)])
                await pilot.pause()
            settle()
            counter = _Calls() if calls else None
            if counter is not None:
                counter.start()
            start = time.process_time()
            for i in range(keys):
                await pilot.press(pattern[i % len(pattern)])
                await pilot.pause()
            if counter is not None:
                counter.stop()
                out[name] = counter.calls / keys
            else:
                out[name] = (time.process_time() - start) / keys
    return out


def shown(app: Any) -> str:
    """What a key is pressed on: the screen's class name, or the game screen's cover
    ("GameScreen:curtain", "GameScreen:notice"; ui/cover.py)."""
    screen = app.screen
    kind = getattr(getattr(screen, "cover", None), "kind", "")
    return f"{type(screen).__name__}:{kind}" if kind else type(screen).__name__


def _where(app: Any) -> tuple:
    """A small fingerprint of what the app shows: which screen, how many actions, which mark."""
    from boardgames_tui.ui.game_screen import GameScreen

    game = next((s for s in app.screen_stack if isinstance(s, GameScreen)), None)
    if game is None:
        return (type(app.screen).__name__,)
    return (
        shown(app),
        id(app.screen),
        len(game.match.actions),
        game.shown_seat,
        getattr(game.chooser, "marked", None),
        game.stamp,
        getattr(game.interlude_player, "index", None),  # a skip moves a reveal to its last picture
    )


async def bare_keys(keys: int) -> float:
    """CPU seconds per key of :class:`BareApp` (down and enter in turn)."""
    app = BareApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(WARMUP):
            await pilot.press("down")
        settle()  # the same collector treatment as a game gets once its table is drawn
        start = time.process_time()
        for i in range(keys):
            await pilot.press("down" if i % 2 == 0 else "enter")
            await pilot.pause()
        return (time.process_time() - start) / keys


async def game_keys(game: str, keys: int, players: int, seed: int, profiler: Any = None) -> dict[str, Any]:
    """Press ``enter`` ``keys`` times in a new match of ``game``.

    Returns ``{"per_key": CPU s, "keys": keys pressed, "idle": keys that changed nothing,
    "actions": actions played, "screens": {screen name: keys pressed on it},
    "screen_ms": {screen name: CPU ms per key pressed on it}}``. Stops
    early when the game ends.
    """
    names = ["Ana", "Beto", "Carla", "Diego", "Elena"][:players]
    app = BoardGamesApp(match=Match.new(game, names, seed))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        gate = app.key_gate
        for _ in range(WARMUP):
            gate.rest()
            await pilot.press("enter")
            await pilot.pause()
        from boardgames_tui.ui.game_screen import GameScreen

        game_screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        first_actions = len(game_screen.match.actions)
        screens: dict[str, int] = {}
        screen_cpu: dict[str, float] = {}
        idle = pressed = 0
        cpu = 0.0
        gc.collect()
        if profiler is not None:
            profiler.start()
        for _ in range(keys):
            if game_screen.match.state.is_terminal:
                break
            before = _where(app)
            on = shown(app)
            screens[on] = screens.get(on, 0) + 1
            gate.rest()
            start = time.process_time()
            await pilot.press("enter")
            # The screen has been redrawn (and the gate has seen the refresh) after this.
            await pilot.pause()
            spent = time.process_time() - start
            cpu += spent
            screen_cpu[on] = screen_cpu.get(on, 0.0) + spent
            pressed += 1
            if _where(app) == before:
                idle += 1
        if profiler is not None:
            profiler.stop()
        return {
            "per_key": cpu / max(1, pressed),
            "keys": pressed,
            "idle": idle,
            "actions": len(game_screen.match.actions) - first_actions,
            "screens": screens,
            "screen_ms": {k: screen_cpu[k] * 1000 / n for k, n in screens.items()},
        }


async def f1_time(game: str, players: int, seed: int, tries: int = 3) -> tuple[float, float]:
    """(CPU s, wall s) from pressing F1 on a seat's screen until the rules are drawn (best of ``tries``)."""
    from boardgames_tui.ui.game_screen import GameScreen
    from boardgames_tui.ui.rules_viewer import RulesScreen

    names = ["Ana", "Beto", "Carla", "Diego", "Elena"][:players]
    app = BoardGamesApp(match=Match.new(game, names, seed))
    best = (float("inf"), float("inf"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        gate = app.key_gate
        for _ in range(10):  # through curtains and notices to a seat's own screen
            if isinstance(app.screen, GameScreen) and app.screen.shown_seat is not None:
                break
            gate.rest()
            await pilot.press("enter")
            await pilot.pause()
        for _ in range(tries):
            gate.rest()
            gc.collect()
            cpu0, wall0 = time.process_time(), time.perf_counter()
            await pilot.press("f1")
            while not isinstance(app.screen, RulesScreen) or not app.screen.is_mounted:
                await asyncio.sleep(0)
            await pilot.pause()
            best = min(best, (time.process_time() - cpu0, time.perf_counter() - wall0))
            gate.rest()
            await pilot.press("escape")
            await pilot.pause()
    return best


class _Calls:
    """A profiler for :func:`game_keys` that counts function calls (Python and built-in) instead
    of timing them: the same keys always make the same calls, so this figure does not move with
    the machine's load as CPU time does (it weighs every call alike, so it is a proxy)."""

    def __init__(self) -> None:
        import cProfile

        self.profile = cProfile.Profile()

    def start(self) -> None:
        self.profile.enable()

    def stop(self) -> None:
        self.profile.disable()

    @property
    def calls(self) -> int:
        import pstats

        return pstats.Stats(self.profile).total_calls


async def bare_calls(keys: int) -> float:
    """Function calls per key of :class:`BareApp` (down and enter in turn), as :class:`_Calls` counts."""
    app = BareApp()
    counter = _Calls()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(WARMUP):
            await pilot.press("down")
        counter.start()
        for i in range(keys):
            await pilot.press("down" if i % 2 == 0 else "enter")
            await pilot.pause()
        counter.stop()
    return counter.calls / keys


def main(argv: list[str] | None = None) -> int:
    """Print, per game, CPU ms per key, the bare app's figure and the ratio; then F1 times."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--keys", type=int, default=60, help="keys measured per game (default 60)")
    p.add_argument("--game", action="append", choices=sorted(GAMES), help="only this game (repeatable)")
    p.add_argument("--players", type=int, default=3, help="players per match (default 3)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--profile", choices=sorted(GAMES), help="print a pyinstrument profile of this game's keys"
    )
    p.add_argument("--floors", action="store_true", help="only the bare app's key and its floors")
    p.add_argument(
        "--calls",
        action="store_true",
        help="count function calls per key instead of timing (steady from run to run)",
    )
    args = p.parse_args(argv)
    games = args.game or sorted(GAMES)
    # The matches autosave after every key: into a folder of their own, never the player's saves.
    os.environ.setdefault("BOARDGAMES_TUI_HOME", tempfile.mkdtemp(prefix="ui-speed-"))

    if args.profile:
        from pyinstrument import Profiler

        profiler = Profiler(async_mode="disabled")
        asyncio.run(game_keys(args.profile, args.keys, args.players, args.seed, profiler))
        print(profiler.output_text(unicode=False, color=False, show_all=False))
        return 0

    if args.calls:
        bare_n = asyncio.run(bare_calls(args.keys))
        print(
            f"Function calls per key at {SIZE[0]}x{SIZE[1]} (cProfile counts), {args.players} players, seed {args.seed}"
        )
        print(f"bare Textual app (Header, OptionList, Footer; down/enter): {bare_n:.0f} calls/key")
        floors = asyncio.run(floor_keys(args.keys, calls=True, only=("list refill", "stock table")))
        print(
            "  the same bare app: "
            + ", ".join(f"{k} {v:.0f} calls/key ({v / bare_n:.2f}x)" for k, v in floors.items())
        )
        worst = 0.0
        for game in games:
            counter = _Calls()
            r = asyncio.run(game_keys(game, args.keys, args.players, args.seed, counter))
            per_key = counter.calls / max(1, r["keys"])
            worst = max(worst, per_key / bare_n)
            print(
                f"{game:<18} {per_key:8.0f} calls/key  {per_key / bare_n:5.2f}x  ({r['keys']} keys, {r['actions']} actions)"
            )
        print(f"worst ratio: {worst:.2f}")
        return 0

    bare = asyncio.run(bare_keys(args.keys))
    print(
        f"UI speed at {SIZE[0]}x{SIZE[1]}, CPU ms per key (time.process_time), {args.players} players, seed {args.seed}"
    )
    print(f"bare Textual app (Header, OptionList, Footer; down/enter): {bare * 1000:.1f} ms/key")
    floors = asyncio.run(floor_keys(args.keys))
    print(
        "  the same bare app, keys that do what game keys do: "
        + ", ".join(f"{k} {v * 1000:.1f} ms/key ({v / bare:.2f}x)" for k, v in floors.items())
    )
    if args.floors:
        return 0
    print(
        f"{'game':<18} {'ms/key':>7} {'bare':>6} {'ratio':>6} {'keys':>5} {'idle':>5} {'actions':>7}  keys on: count x ms"
    )
    worst = 0.0
    for game in games:
        r = asyncio.run(game_keys(game, args.keys, args.players, args.seed))
        ratio = r["per_key"] / bare
        worst = max(worst, ratio)
        on = ", ".join(
            f"{k.replace('Screen', '')} {v}x{r['screen_ms'][k]:.0f}" for k, v in sorted(r["screens"].items())
        )
        print(
            f"{game:<18} {r['per_key'] * 1000:7.1f} {bare * 1000:6.1f} {ratio:6.2f} "
            f"{r['keys']:5d} {r['idle']:5d} {r['actions']:7d}  {on}"
        )
    print(f"{'F1 (rules) opens':<18} {'CPU ms':>7} {'wall ms':>8}")
    for game in games:
        cpu, wall = asyncio.run(f1_time(game, args.players, args.seed))
        print(f"{game:<18} {cpu * 1000:7.1f} {wall * 1000:8.1f}")
    print(f"worst ratio: {worst:.2f} (goal: at most 2.00)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
