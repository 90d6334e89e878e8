"""Write ``screenshots/mision_chungungo.svg`` from the real app, at 80x24 with five players.

Run from the repository root::

    python -m boardgames_tui.games.mision_chungungo.ui.screenshot [OUT.svg]

The game is played by seeded random legal actions (reactions passed) until
a seat is aiming a shot that strikes someone on a field of a dozen cards or
more; the picture shows that seat's screen after the curtain, with the
shot's lines previewed on the field.
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

from boardgames_tui.engine import Match, Pass

NAMES = ["Ana", "Beto", "Carla", "Diego", "Elena"]
SIZE = (80, 24)
SEED = 11


def _aiming(state) -> bool:
    if state.phase != "resolve" or not state.steps or state.steps[0] != "shot":
        return False
    hit, _ = state.shot_targets(state.current, state.card_in_play, False)
    return bool(hit) and len(state.field) >= 12


def scene_match(seed: int = SEED) -> Match:
    """The match the picture shows: random play from ``seed`` until a shot is being aimed.

    Raises RuntimeError if no seed from ``seed`` on reaches such a moment.
    """
    for s in range(seed, seed + 200):
        match = Match.new("mision_chungungo", NAMES, s, {})
        rnd = random.Random(s)
        while not match.state.is_terminal:
            state = match.state
            seat = state.to_move[0]
            if state.reaction_window is not None:
                match.play(seat, Pass())
                continue
            if _aiming(state):
                return match
            match.play(seat, rnd.choice(state.legal_actions(seat)))
    raise RuntimeError("no seed gave a shot to picture")


async def _capture(out: Path) -> None:
    from boardgames_tui.app import BoardGamesApp

    app = BoardGamesApp(match=scene_match())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # lift the curtain
        await pilot.pause()
        await pilot.pause(0.2)
        out.parent.mkdir(parents=True, exist_ok=True)
        app.save_screenshot(out.name, str(out.parent))


def main(argv: list[str] | None = None) -> int:
    """Write the SVG (default ``screenshots/mision_chungungo.svg``); print its path."""
    import os
    import tempfile

    os.environ["BOARDGAMES_TUI_HOME"] = tempfile.mkdtemp(prefix="bgt-shot-")  # keep real saves untouched
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else Path("screenshots") / "mision_chungungo.svg"
    asyncio.run(_capture(out))
    print(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
