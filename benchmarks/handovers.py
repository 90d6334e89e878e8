"""Hand-overs per round: curtains, private panels and Enter presses, before and after.

Every game at every seat count (2-5 where the game allows it) is played
hot-seat (every seat a person) through the real app with Textual's Pilot at
80x24, for the first few rounds of one seeded game. The decisions are a seeded
random choice among the legal actions, posted to the game screen as the list
of choices posts them (``ActionChosen``); everything between decisions is
pressed as a player presses it: Enter on a curtain or a private notice, Enter
("nobody reacts") on a reaction window (or, now and then, the letter of a seat
that may react), Space on a reveal until it is over.

Counted per round (a round: Montaña's and Penguinramids' own; one turn of
every seat in Mountain Goats and Misión Chungungo):

- **curtains**: hot-seat curtains shown ("Pass the keyboard to ...");
- **panels**: private notices shown ("Only for ...");
- **enters**: keys pressed that decided nothing: on a curtain, a notice, a
  reaction window nobody answered, a reveal, and the Enter that confirms a
  decision with a single option;
- **needless**: curtains the hand-over rule does not ask for: one raised for
  the seat whose private screen was the last one shown, with nothing in between
  but a reaction window nobody answered (the rule: a curtain only when the next
  screen shows something private to a seat other than the one that saw the last
  screen; a reveal the whole table watched, or a reaction another seat answered,
  counts as a screen the others saw).

The same script runs twice, in two child processes: once on the code of a
second worktree (``--before``, by default /tmp/base-handover, made with
``git worktree add --detach /tmp/base-handover main``) and once on this one, and prints
both in one table. Figures are per round: mean (max).

Usage::

    python benchmarks/handovers.py                       # every game, 2-5 seats, 3 rounds
    python benchmarks/handovers.py --rounds 2 --game montana_pinguino
    python benchmarks/handovers.py --before /path/to/other/worktree
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
SIZE = (80, 24)
GAMES_AT = {
    "mountain_goats": (2, 3, 4, 5),
    "penguinramids": (2, 3, 4),
    "montana_pinguino": (2, 3, 4),
    "mision_chungungo": (2, 3, 4, 5),
}
NAMES = ("Ana", "Beto", "Carla", "Diego", "Elena")
#: At most this many keys per game (a stuck driver stops instead of looping).
KEY_LIMIT = 3000
#: With HANDOVER_TRACE=1 in the environment, every count is also written to stderr.
TRACE = bool(os.environ.get("HANDOVER_TRACE"))


def round_of(state: Any, start: dict[str, int]) -> int:
    """The round ``state`` is in (1 = the first): Montaña's ``rounds_total``, Penguinramids'
    ``round``, else the turn count divided by the seats."""
    for name in ("rounds_total", "round"):
        if isinstance(getattr(state, name, None), int):
            return int(getattr(state, name))
    turns = getattr(state, "turn", None)
    if turns is None:
        turns = getattr(state, "turns", 0)
    seats = state.players
    return max(0, int(turns) - 1) // seats + 1


class Counter:
    """Counts hand-overs by round while one app is driven (hooks on the cover and the window)."""

    def __init__(self) -> None:
        self.rounds: dict[int, dict[str, int]] = {}
        self.round = 1
        #: The seat whose private screen was shown last (None: none yet, or someone else
        #: answered a public screen since).
        self.last_private: int | None = None

    def add(self, what: str, n: int = 1, note: str = "") -> None:
        if TRACE:
            print(f"round {self.round}: {what} {note}", file=sys.stderr)
        row = self.rounds.setdefault(self.round, {"curtains": 0, "panels": 0, "enters": 0, "needless": 0})
        row[what] += n


#: The counter of the game being driven (the hooks are installed once per process).
CURRENT: list[Counter] = []


def install() -> None:
    """Hook the cover and the screen so that the current counter sees every curtain, notice
    and seat shown."""
    from boardgames_tui.ui import cover, game_screen

    def counter_now() -> Counter:
        return CURRENT[-1]

    show_curtain = cover.CoverPane.show_curtain
    show_notice = cover.CoverPane.show_notice
    render_for = game_screen.GameScreen.render_for

    def curtain(self: Any, who: str, *args: Any, **kwargs: Any) -> None:
        counter = counter_now()
        counter.add("curtains", note=who)
        screen = self.screen
        seat = next((s for s in range(screen.match.players) if screen.who(s) == who), None)
        if seat is not None and seat == counter.last_private:
            counter.add("needless")
        return show_curtain(self, who, *args, **kwargs)

    def notice(self: Any, *args: Any, **kwargs: Any) -> None:
        counter = counter_now()
        counter.add("panels", note=str(args[:2]))
        return show_notice(self, *args, **kwargs)

    def shown(self: Any, seat: int | None, *args: Any, **kwargs: Any) -> None:
        render_for(self, seat, *args, **kwargs)
        counter = counter_now()
        if seat is not None and self.shown_private:
            counter.last_private = seat
        if TRACE:
            print(f"  shown {seat} private={self.shown_private}", file=sys.stderr)

    begin_interlude = game_screen.GameScreen.begin_interlude

    def interlude(self: Any, player: Any) -> None:
        counter_now().last_private = None  # the whole table watches: the next seat needs a curtain
        return begin_interlude(self, player)

    game_screen.GameScreen.begin_interlude = interlude  # type: ignore[method-assign]
    cover.CoverPane.show_curtain = curtain  # type: ignore[method-assign]
    cover.CoverPane.show_notice = notice  # type: ignore[method-assign]
    game_screen.GameScreen.render_for = shown  # type: ignore[method-assign]


async def drive(game: str, seats: int, rounds: int, seed: int) -> dict[int, dict[str, int]]:
    """Play ``rounds`` rounds of ``game`` hot-seat at ``seats`` seats; the counts by round."""
    from boardgames_tui.app import BoardGamesApp
    from boardgames_tui.engine import Match, Pass
    from boardgames_tui.ui.board import ActionChosen
    from boardgames_tui.ui.game_screen import GameScreen
    from boardgames_tui.ui.keygate import KeyGate

    counter = Counter()
    if not CURRENT:
        install()
    CURRENT.append(counter)
    rnd = random.Random(seed)
    options = {"big_mountain": True} if game == "mountain_goats" and seats == 5 else {}
    match = Match.new(game, list(NAMES[:seats]), seed, options)
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE) as pilot:

        async def press(key: str) -> None:
            gate = KeyGate.of(app)
            for _ in range(200):
                if gate.drawn:
                    break
                await pilot.pause(0.01)
            gate.rest()  # a player reads the new screen before the key
            await pilot.press(key)
            await pilot.pause()

        for _ in range(KEY_LIMIT):
            screen = app.screen
            if not isinstance(screen, GameScreen):
                break  # the game is over (its screen), or something else is on top
            state = match.state
            counter.round = round_of(state, {})
            if counter.round > rounds or state.is_terminal:
                break
            if screen.cover.kind:
                counter.add("enters")
                await press("enter")
            elif screen.interlude_player is not None:
                counter.add("enters")
                await press("space")
            elif screen.reaction_open:
                seats_in = list(state.to_move)
                reacting = [
                    s for s in seats_in if any(not isinstance(a, Pass) for a in state.legal_actions(s))
                ]
                if reacting and rnd.random() < 0.3:
                    await press("abcde"[rnd.choice(reacting)])
                    counter.last_private = None  # another seat takes the keyboard
                else:
                    counter.add("enters")
                    await press("enter")
            elif screen.shown_seat is not None and state.to_move and screen.shown_seat in state.to_move:
                seat = screen.shown_seat
                legal = state.legal_actions(seat)
                if len(legal) == 1:
                    counter.add("enters")  # asked although there is nothing to choose
                action = rnd.choice(legal)
                if TRACE:
                    print(f"  seat {seat} plays {action} (of {len(legal)})", file=sys.stderr)
                screen.post_message(ActionChosen(action, screen.stamp))
                await pilot.pause()
                await pilot.pause()
            else:
                await pilot.pause(0.05)  # something is still on its way
    return counter.rounds


def child(args: argparse.Namespace) -> None:
    """Run in a child process: the counts of every game asked, as JSON on stdout."""
    os.environ.setdefault("BOARDGAMES_TUI_HOME", tempfile.mkdtemp(prefix="handovers-"))
    out: dict[str, Any] = {}
    for game, counts in GAMES_AT.items():
        if args.game and game != args.game:
            continue
        for seats in counts:
            rows = asyncio.run(drive(game, seats, args.rounds, args.seed))
            out[f"{game}/{seats}"] = rows
    print(json.dumps(out))


def summary(rows: dict[str, dict[str, int]], what: str) -> str:
    """``mean (max)`` of ``what`` over the rounds in ``rows``."""
    values = [r[what] for r in rows.values()]
    if not values:
        return "-"
    return f"{sum(values) / len(values):.1f} ({max(values)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--game", default="")
    parser.add_argument("--before", default="/tmp/base-handover")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args)
        return
    results = {}
    for label, code in (("before", Path(args.before)), ("after", HERE)):
        if not (code / "boardgames_tui").is_dir():
            print(f"{label}: no code at {code}", file=sys.stderr)
            continue
        env = dict(os.environ, PYTHONPATH=str(code))
        cmd = [sys.executable, str(Path(__file__).resolve()), "--child", "--rounds", str(args.rounds)]
        cmd += ["--seed", str(args.seed)] + (["--game", args.game] if args.game else [])
        done = subprocess.run(cmd, env=env, cwd=code, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            print(f"{label} failed:\n{done.stderr[-3000:]}", file=sys.stderr)
            continue
        results[label] = json.loads(done.stdout.strip().splitlines()[-1])
    keys = sorted(
        {k for r in results.values() for k in r}, key=lambda k: (list(GAMES_AT).index(k.split("/")[0]), k)
    )
    head = f"{'game/seats':22} {'':6} {'curtains':>10} {'panels':>10} {'enters':>10} {'needless':>10}"
    print(f"Per round, mean (max), {args.rounds} rounds, seed {args.seed}, hot-seat at 80x24")
    print(head)
    for key in keys:
        first = True
        for label in ("before", "after"):
            rows = results.get(label, {}).get(key)
            if rows is None:
                continue
            cells = " ".join(f"{summary(rows, w):>10}" for w in ("curtains", "panels", "enters", "needless"))
            print(f"{key if first else '':22} {label:6} {cells}")
            first = False


if __name__ == "__main__":
    main()
