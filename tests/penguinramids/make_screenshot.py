"""Write screenshots/penguinramids.svg from the real app.

    python -m tests.penguinramids.make_screenshot [out.svg] [WIDTHxHEIGHT]

A seeded 4-player game is advanced by seeded random legal actions to a
turn where a penguin is being placed; the picture shows that seat's screen
after the curtain, with a placement highlighted (defaults: the
``screenshots/`` folder, 100x30 like ``python -m boardgames_tui.screenshots``).
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import tempfile
from pathlib import Path

from boardgames_tui.engine import Match

NAMES = ["Ana", "Beto", "Carla", "Diego"]
SEED = 7


def scene() -> Match:
    """Round 6 or later, the seat to move holding a penguin to place (deterministic)."""
    match = Match.new("penguinramids", NAMES, SEED)
    rnd = random.Random(SEED)
    while True:
        state = match.state
        if state.round >= 6 and state.phase == "turn" and state.taken >= 0:
            return match
        seat = state.to_move[0]
        match.play(seat, rnd.choice(state.legal_actions(seat)))


async def shoot(path: Path, size: tuple[int, int]) -> None:
    from boardgames_tui.app import BoardGamesApp

    app = BoardGamesApp(match=scene())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the curtain
        await pilot.pause()
        await pilot.press("down")  # highlight a placement: the board previews it
        await pilot.pause(0.2)
        app.save_screenshot(path.name, str(path.parent))


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path("screenshots") / "penguinramids.svg"
    w, h = (int(v) for v in (argv[1] if len(argv) > 1 else "100x30").split("x"))
    os.environ["BOARDGAMES_TUI_HOME"] = tempfile.mkdtemp(prefix="bgt-pr-shot-")  # no autosave left behind
    out.parent.mkdir(parents=True, exist_ok=True)
    asyncio.run(shoot(out, (w, h)))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
