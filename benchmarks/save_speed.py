"""What one autosave costs as a game grows: milliseconds per save, the old way and the new way.

The app saves the match after every decision (``Match.save``: the save
text, then an atomic write with fsync). The old way built the text as
``json.dumps(match.to_dict(), indent=1, ensure_ascii=False)``: every action
unstructured again, the whole payload dumped twice (once for the checksum);
it is kept here as :func:`old_text` / :func:`old_save`. The new way is
today's ``Match.to_json``, which encodes each action once and joins the
kept texts.

Each save is measured as the app makes it: the match is replayed to a few
actions short of the size, saved once (so the new way has the texts of
every earlier action, as in play), then for each of the last ``--window``
actions the action is played (not timed) and the save timed, the old way
and the new way in turn, on the same match. Games are random games of
Misión Chungungo for 5 players (the longest games), one per seed. Every new
text is checked to be the old text, character for character.

Figures are medians of wall time (``time.perf_counter``), in milliseconds:
"text" is building the file's text alone, "save" is the text plus the
atomic write (temporary file, fsync, rename) into ``--dir``.

Usage::

    python benchmarks/save_speed.py                       # 20, 150 and 400 actions
    python benchmarks/save_speed.py --seeds 10 --window 20 --sizes 20 150 400 500
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from boardgames_tui.engine.match import Match, atomic_write

GAME = "mision_chungungo"
NAMES = ("Ana", "Beto", "Carla", "Diego", "Elena")


def old_text(match: Match) -> str:
    """The save text as ``Match.to_json`` built it before the texts were kept."""
    return json.dumps(match.to_dict(), indent=1, ensure_ascii=False)


def old_save(match: Match, path: Path) -> Path:
    """``Match.save`` as it was: the old text, written atomically."""
    atomic_write(path, old_text(match))
    return path


def random_game(seed: int, least: int) -> list[tuple[int, Any]] | None:
    """The (seat, action) list of a random game of at least ``least`` actions, or None if it ended sooner."""
    rnd = random.Random(seed)
    match = Match.new(GAME, NAMES, seed)
    while not match.state.is_terminal and len(match.actions) < least + 1:
        seat = rnd.choice(match.state.to_move)
        match.play(seat, rnd.choice(match.state.legal_actions(seat)))
    return list(match.actions) if len(match.actions) > least else None


def games(count: int, least: int) -> list[tuple[int, list[tuple[int, Any]]]]:
    """``count`` (seed, actions) of random games that last more than ``least`` actions."""
    found: list[tuple[int, list[tuple[int, Any]]]] = []
    seed = 0
    while len(found) < count:
        actions = random_game(seed, least)
        if actions is not None:
            found.append((seed, actions))
        seed += 1
        if seed > 100 * count + 1000:
            raise SystemExit(f"no {count} random games of {GAME} reach {least} actions")
    return found


def measure(
    size: int, plays: list[tuple[int, list[tuple[int, Any]]]], window: int, folder: Path
) -> dict[str, Any]:
    """Median milliseconds of the saves at the last ``window`` actions up to ``size``, both ways."""
    times: dict[str, list[float]] = {"old text": [], "new text": [], "old save": [], "new save": []}
    size_bytes = 0
    start = max(0, size - window)
    for seed, actions in plays:
        match = Match.new(GAME, NAMES, seed)
        for seat, action in actions[:start]:
            match.play(seat, action)
        match.save(folder / "new.json")  # every earlier decision was saved: the texts are kept
        for seat, action in actions[start:size]:
            match.play(seat, action)
            t0 = time.perf_counter()
            old = old_text(match)
            t1 = time.perf_counter()
            atomic_write(folder / "old.json", old)
            t2 = time.perf_counter()
            new = match.to_json()
            t3 = time.perf_counter()
            atomic_write(folder / "new.json", new)
            t4 = time.perf_counter()
            if new != old:
                raise AssertionError(
                    f"seed {seed}, {len(match.actions)} actions: the new text is not the old one"
                )
            times["old text"].append(t1 - t0)
            times["old save"].append(t2 - t0)
            times["new text"].append(t3 - t2)
            times["new save"].append(t4 - t2)
            size_bytes = len(new.encode("utf-8"))
    result: dict[str, Any] = {k: statistics.median(v) * 1000 for k, v in times.items()}
    result["samples"] = len(times["old save"])
    result["bytes"] = size_bytes
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[20, 150, 400], help="game lengths (actions)")
    parser.add_argument("--seeds", type=int, default=5, help="random games per size")
    parser.add_argument("--window", type=int, default=10, help="saves timed per game, ending at the size")
    parser.add_argument("--dir", type=Path, default=None, help="where to write (default: a temporary folder)")
    args = parser.parse_args(argv)
    plays = games(args.seeds, max(args.sizes))
    with tempfile.TemporaryDirectory(prefix="save-speed-", dir=args.dir) as tmp:
        print(
            f"{GAME}, {len(NAMES)} players, {args.seeds} games x {args.window} saves per size; median ms per save"
        )
        print(
            f"{'actions':>7}  {'old text':>8}  {'new text':>8}  {'old save':>8}  {'new save':>8}  {'file':>7}"
        )
        for size in args.sizes:
            r = measure(size, plays, args.window, Path(tmp))
            print(
                f"{size:>7}  {r['old text']:>8.3f}  {r['new text']:>8.3f}  {r['old save']:>8.3f}  "
                f"{r['new save']:>8.3f}  {r['bytes'] / 1024:>5.1f}KB"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
