"""How fast each engine plays through the public contract: decisions per second.

Every game is driven exactly as an outside tool would drive it: ``GAMES[id]
.new_game``, ``state.to_move``, ``state.legal_actions(seat)`` and
``state.apply(seat, action)``, with a uniformly random legal action each
time (no game's fast path such as ``random_action``). One decision is one
``legal_actions`` + ``apply`` pair. Games are played back to back until the
time given per game has passed; the figure is decisions divided by CPU time
of this process (``time.process_time``), so other work on a shared machine
slows the figure less than wall time would.

Usage::

    python benchmarks/engine_speed.py                  # every game, 2 players, 5 s each
    python benchmarks/engine_speed.py --seconds 20 --players 3 --game penguinramids
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from boardgames_tui.games import GAMES


def measure(game: str, players: int, seconds: float, seed: int = 0) -> tuple[int, int, int, float]:
    """Play random games of ``game`` for about ``seconds`` of CPU time.

    Returns (decisions, games finished, decisions in finished games, CPU
    seconds). A game cut off by the time limit still counts its decisions
    in the first figure. Raises ValueError for a player count the game
    does not allow.
    """
    spec = GAMES[game]
    rnd = random.Random(seed)
    decisions = games = in_games = 0
    start = time.process_time()
    deadline = start + seconds
    g = 0
    while time.process_time() < deadline:
        state = spec.new_game(players, seed * 1_000_003 + g)
        g += 1
        n = 0
        while not state.is_terminal:
            to_move = state.to_move
            seat = to_move[0] if len(to_move) == 1 else rnd.choice(to_move)
            state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
            n += 1
            if n % 512 == 0 and time.process_time() >= deadline:
                break
        else:
            games += 1
            in_games += n
        decisions += n
    return decisions, games, in_games, time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    """Print one line per game: decisions/s, games/s and decisions per game."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument(
        "--game", action="append", choices=sorted(GAMES), help="one game (repeatable); default all"
    )
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per game")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    games = args.game or list(GAMES)
    print(f"{'game':<18} {'decisions/s':>12} {'games/s':>9} {'decisions/game':>15}")
    for game in games:
        decisions, done, in_games, cpu = measure(game, args.players, args.seconds, args.seed)
        per_game = in_games / done if done else float("nan")
        print(f"{game:<18} {decisions / cpu:>12,.0f} {done / cpu:>9.1f} {per_game:>15.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
