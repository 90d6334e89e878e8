"""Write ``screenshots/montana_pinguino.svg`` from the real app at 80x24.

Run from the repository root::

    python -m boardgames_tui.games.montana_pinguino.ui.screenshot [folder]

The picture is a 4-runner race in its fourth round: the first runner of the
secret play, after the hot-seat curtain, with the first card of the list
highlighted (so the preview shows what it would do). The race is played up
to there by a fixed seeded policy, so the file is the same on every run.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import tempfile
from pathlib import Path

SIZE = (80, 24)
NAMES = ["Ana", "Beto", "Carla", "Diego"]
SEED = 21
ROUND = 4


def scene_match():
    """The match the screenshot shows: seeded play until round 4's secret play begins."""
    from boardgames_tui.engine import Match

    from .. import rules as R

    match = Match.new("montana_pinguino", NAMES, SEED, {})
    rnd = random.Random(SEED)
    while True:
        state = match.state
        if state.phase == R.PLAY and state.round >= ROUND and not state.played[state.to_move[0]]:
            return match
        if state.is_terminal:
            raise RuntimeError("the race ended before the picture")
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        good = [a for a in legal if isinstance(a, R.PlayCard) and R.in_speed_range(state, seat, a.card, a.half)]
        match.play(seat, rnd.choice(good or legal))


async def _shoot(path: Path) -> None:
    from boardgames_tui.app import BoardGamesApp

    app = BoardGamesApp(match=scene_match())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the curtain: this runner alone is looking
        await pilot.pause(0.3)
        app.save_screenshot(path.name, str(path.parent))


def main(out: str = "screenshots") -> int:
    """Write montana_pinguino.svg into ``out`` (created if missing); no autosave is touched."""
    os.environ["BOARDGAMES_TUI_HOME"] = tempfile.mkdtemp(prefix="bgt-mp-shot-")
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "montana_pinguino.svg"
    asyncio.run(_shoot(path))
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(*sys.argv[1:]))
