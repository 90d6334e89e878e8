"""Regenerate ``screenshots/*.svg`` from the real app: ``python -m boardgames_tui.screenshots``.

Each game is started with a fixed seed and advanced by a fixed number of
seeded random legal actions (so the picture shows a game in play), then the
deciding seat's screen is captured after the curtain, at 100x30.
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine import Match

#: game id -> (names, options, seed, random actions to play before the picture)
SCENES = {
    # An odd count: the dice are rolled and the best move is highlighted on the board.
    "mountain_goats": (["Ana", "Beto", "Carla"], {"big_mountain": True}, 7, 41),
    # Round 8: seven penguins in every pyramid, four on offer, D about to take one.
    "penguinramids": (["Ana", "Beto", "Carla", "Diego"], {}, 7, 117),
    "montana_pinguino": (["Ana", "Beto", "Carla"], {}, 7, 30),
    "mision_chungungo": (["Ana", "Beto", "Carla"], {}, 7, 16),
}

SIZE = (100, 30)


def scene_match(game: str) -> Match:
    """The match a game's screenshot shows (deterministic)."""
    names, options, seed, steps = SCENES[game]
    match = Match.new(game, names, seed, options)
    rnd = random.Random(seed)
    for _ in range(steps):
        state = match.state
        if state.is_terminal:
            break
        seat = state.to_move[0]
        match.play(seat, rnd.choice(state.legal_actions(seat)))
    while match.state.reaction_window is not None:  # picture a normal turn
        seat = match.state.to_move[0]
        match.play(seat, match.state.legal_actions(seat)[0])
    return match


async def _shoot(app: BoardGamesApp, path: Path, enter_curtain: bool) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if enter_curtain:
            await pilot.press("enter")
            await pilot.pause()
        await pilot.pause(0.2)
        app.save_screenshot(path.name, str(path.parent))


def main(out: str = "screenshots") -> int:
    """Write launcher.svg and one SVG per game into ``out``."""
    import os
    import tempfile

    os.environ["BOARDGAMES_TUI_HOME"] = tempfile.mkdtemp(prefix="bgt-shots-")  # no autosave in the pictures
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    asyncio.run(_shoot(BoardGamesApp(), folder / "launcher.svg", False))
    for game in SCENES:
        try:
            match = scene_match(game)
        except Exception as exc:  # a game not yet playable must not stop the others
            print(f"{game}: skipped ({exc})", file=sys.stderr)
            continue
        asyncio.run(_shoot(BoardGamesApp(match=match), folder / f"{game}.svg", match.spec.hidden_information))
        print(f"wrote {folder / (game + '.svg')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(*sys.argv[1:]))
