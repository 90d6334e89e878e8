"""Regenerate ``screenshots/*.svg`` from the real app: ``python -m boardgames_tui.screenshots``.

Each game is started with a fixed seed and advanced by seeded random legal
actions (so the picture shows a game in play), then the deciding seat's
screen is captured after the curtain, at 100x30. Where a game has a best
moment (``MOMENTS``: Montaña a round resolving, Chungungo a shot), it is
played up to it. ``python -m boardgames_tui.screenshots screenshots
montana_pinguino`` regenerates only the games named.
"""

from __future__ import annotations

import asyncio
import random
import sys
from functools import partial
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


def _play_until(game: str, stop, limit: int = 3000) -> Match:
    """A seeded random game of ``game`` (its SCENES names, options and seed) played until
    ``stop(state)`` holds; the plain scene when it never does."""
    names, options, seed, _steps = SCENES[game]
    for attempt in range(20):
        match = Match.new(game, names, seed + attempt, options)
        rnd = random.Random(seed + attempt)
        for _ in range(limit):
            state = match.state
            if state.is_terminal:
                break
            if stop(state):
                return match
            seat = state.to_move[0]
            match.play(seat, rnd.choice(state.legal_actions(seat)))
    return scene_match(game)


def _montana_round_match() -> Match:
    """Montaña: the last runner's right card is all that is missing before a round resolves
    all the way to the sleds sliding (no card waits for a choice)."""
    from boardgames_tui.games.montana_pinguino.rules import PlayNoMore

    def last_card(s) -> bool:
        if not (s.phase == "play" and s.round >= 3 and len(s.to_move) == 1 and s.played[s.to_move[0]]):
            return False
        after = s.apply(s.to_move[0], PlayNoMore())
        return any(e.text == "Impulse Phase." for e in after.log[len(s.log) :])

    return _play_until("montana_pinguino", last_card)


async def _montana_round(app: BoardGamesApp, pilot) -> None:
    """Play 'no right card' and stop the reveal while the sleds slide, after the cards acted."""
    for _ in range(6):
        screen = app.screen
        if getattr(screen, "interlude_player", None) is not None:
            break
        chooser = getattr(screen, "chooser", None)
        # a private notice first (an item drawn), then 0 marks "no right card" and Enter confirms it
        key = "0" if chooser is not None and getattr(chooser, "marked", None) is None else "enter"
        await pilot.press(key)
        await pilot.pause(0.6)  # past the key gate's half second
    reveal = getattr(app.screen, "interlude_player", None)
    frames = getattr(reveal, "frames", None)
    if frames:
        slides = [i for i, f in enumerate(frames) if f.lines and " advances " in f.lines[-1]]
        reveal.hold(slides[len(slides) // 2] if slides else len(frames) // 2)  # type: ignore[union-attr]  # frames come from it
        await pilot.pause()


def _chungungo_shot_match() -> Match:
    """Misión Chungungo: a shot being aimed that would strike two players."""

    def aiming(s) -> bool:
        if s.phase == "resolve" and s.steps and s.steps[0] == "shot":
            hit, _ = s.shot_targets(s.to_move[0], s.card_in_play, False)
            return len(hit) >= 2
        return False

    return _play_until("mision_chungungo", aiming)


#: game id -> (match at the game's best moment, what to do on screen before the picture).
MOMENTS = {
    "montana_pinguino": (_montana_round_match, _montana_round),
    "mision_chungungo": (_chungungo_shot_match, None),
}


async def _shoot(app: BoardGamesApp, path: Path, enter_curtain: bool, act=None) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if enter_curtain:
            await pilot.press("enter")
            await pilot.pause(0.6)
        if act is not None:
            await act(app, pilot)
        await pilot.pause(0.2)
        app.save_screenshot(path.name, str(path.parent))


def main(out: str = "screenshots", *only: str) -> int:
    """Write launcher.svg and one SVG per game into ``out`` (only the games named in
    ``only``, without the launcher, when some are given)."""
    import os
    import tempfile

    os.environ["BOARDGAMES_TUI_HOME"] = tempfile.mkdtemp(prefix="bgt-shots-")  # no autosave in the pictures
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    if not only:
        asyncio.run(_shoot(BoardGamesApp(), folder / "launcher.svg", False))
    for game in SCENES:
        if only and game not in only:
            continue
        make, act = MOMENTS.get(game, (partial(scene_match, game), None))
        try:
            match = make()
        except Exception as exc:  # a game not yet playable must not stop the others
            print(f"{game}: skipped ({exc})", file=sys.stderr)
            continue
        asyncio.run(
            _shoot(BoardGamesApp(match=match), folder / f"{game}.svg", match.spec.hidden_information, act)
        )
        print(f"wrote {folder / (game + '.svg')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(*sys.argv[1:]))
