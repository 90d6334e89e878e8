"""Headless random play for ``boardgames-tui simulate`` (figures for docs/games/ and docs/performance.md).

Each game's rules module may declare ``simulation_stats(state)`` returning a
dict of numbers (averaged over games) and strings (reported as shares), and
``random_action(state, seat, rnd)`` as a fast uniform pick.
"""

from __future__ import annotations

import random
import time
from collections import Counter, defaultdict
from collections.abc import Mapping
from typing import Any

from boardgames_tui.i18n import _

from .spec import GameSpec


def run_simulation(
    spec: GameSpec,
    games: int,
    players: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    max_decisions: int = 20000,
) -> dict[str, Any]:
    """Play ``games`` random games; return the figures as a dict.

    Keys: games, players, seconds, games_per_second, decisions_per_second,
    mean_turns (decisions per game), win_share (per seat, ties shared),
    unfinished (games stopped at ``max_decisions``), stats (the game's own).
    Raises ValueError for a forbidden count or option.
    """
    full = spec.check_options(players, dict(options or {}))
    rules = spec.rules
    pick = getattr(rules, "random_action", None)
    stats_fn = getattr(rules, "simulation_stats", None)
    numbers: dict[str, float] = defaultdict(float)
    shares: dict[str, Counter[Any]] = defaultdict(Counter)
    wins = [0.0] * players
    decisions = 0
    unfinished = 0
    rnd = random.Random(seed)
    start = time.perf_counter()
    for g in range(games):
        state = rules.new_game(players=players, seed=seed * 1_000_003 + g, **full)
        n = 0
        while not state.is_terminal and n < max_decisions:
            to_move = state.to_move
            seat = to_move[0] if len(to_move) == 1 else rnd.choice(to_move)
            action = pick(state, seat, rnd) if pick is not None else rnd.choice(state.legal_actions(seat))
            state = state.apply(seat, action)
            n += 1
        decisions += n
        if not state.is_terminal:
            unfinished += 1
            continue
        winners = state.winners()
        for w in winners:
            wins[w] += 1 / len(winners)
        if stats_fn is not None:
            for key, value in stats_fn(state).items():
                if isinstance(value, str):
                    shares[key][value] += 1
                else:
                    numbers[key] += value
    seconds = time.perf_counter() - start
    finished = max(1, games - unfinished)
    return {
        "games": games,
        "players": players,
        "options": full,
        "seconds": seconds,
        "games_per_second": games / seconds if seconds else float("inf"),
        "decisions_per_second": decisions / seconds if seconds else float("inf"),
        "mean_turns": decisions / max(1, games),
        "win_share": [w / finished for w in wins],
        "unfinished": unfinished,
        "stats": {k: v / finished for k, v in numbers.items()},
        "shares": {k: {v: c / finished for v, c in cnt.most_common()} for k, cnt in shares.items()},
    }


def format_simulation(result: Mapping[str, Any]) -> str:
    """The figures of :func:`run_simulation` as the lines ``simulate`` prints."""
    lines = [
        _("games: {games}  players: {players}  options: {options}").format(
            games=result["games"], players=result["players"], options=result["options"]
        ),
        _("time: {seconds} s  games/s: {games}  decisions/s: {decisions}").format(
            seconds=f"{result['seconds']:.2f}",
            games=f"{result['games_per_second']:.0f}",
            decisions=f"{result['decisions_per_second']:.0f}",
        ),
        _("mean decisions per game: {mean}").format(mean=f"{result['mean_turns']:.1f}"),
        _("win share by seat: {shares}").format(
            shares="  ".join(f"{chr(65 + i)} {share:.1%}" for i, share in enumerate(result["win_share"]))
        ),
    ]
    if result["unfinished"]:
        lines.append(
            _("unfinished (stopped at the decision cap): {count}").format(count=result["unfinished"])
        )
    for key, value in result["stats"].items():
        lines.append(f"{key}: {value:.3f}" if abs(value) < 10 else f"{key}: {value:.1f}")
    for key, cnt in result["shares"].items():
        lines.append(f"{key}: " + "  ".join(f"{v} {s:.1%}" for v, s in cnt.items()))
    return "\n".join(lines)
