"""Bots against bots, headless: win shares with intervals, time per decision, playouts per second.

``boardgames-tui arena --game G --seats strong,random --games N`` runs
:func:`run_arena` and prints :func:`format_arena`. The levels rotate round
the table from one game to the next (in a 2-player arena the two levels
swap seats every game), so no level keeps the first seat's advantage.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from boardgames_tui.engine.spec import GameSpec
from boardgames_tui.i18n import _

from .base import LEVELS, Bot
from .factory import make_bot


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% for the default ``z``) of a share ``successes / trials``.

    Shared wins count as fractions of a win. Returns (low, high) in [0, 1];
    (0, 1) when there are no trials.
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0-100) of ``values`` by the nearest-rank method; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


@attrs.define
class LevelFigures:
    """What one level did over an arena: seat-games played, wins (shared wins as fractions),
    decision times in wall seconds and CPU seconds (decisions with two or more legal actions
    only) and playouts run."""

    games: int = 0
    wins: float = 0.0
    times: list[float] = attrs.field(factory=list)
    playouts: int = 0
    #: CPU seconds of the same decisions
    cpu: list[float] = attrs.field(factory=list)


@attrs.define
class ArenaResult:
    """Figures of :func:`run_arena`, by level; ``unfinished`` games hit the decision cap
    (they count for no level), ``shared`` games ended with several winners."""

    game: str
    title: str
    seats: tuple[str, ...]
    games: int
    seed: int
    seconds: float
    clock: str
    by_level: dict[str, LevelFigures]
    unfinished: int = 0
    wall_seconds: float = 0.0
    #: finished games won by more than one seat (each winner counted as 1/k of a win)
    shared: int = 0
    #: worker processes the games ran in
    jobs: int = 1


def play_one(
    spec: GameSpec,
    bots: Sequence[Bot],
    seed: int,
    options: Mapping[str, Any] | None = None,
    max_decisions: int = 20000,
    on_decision: Callable[[int, Bot, float, int, float], None] | None = None,
) -> Any:
    """Play one game with ``bots[seat]`` in each seat; return the final state (or the last one at the cap).

    Each bot sees only its seat's view. When several seats decide at once
    (secret choices, reaction windows) they are asked in ``to_move`` order,
    each on its own view. ``on_decision(seat, bot, seconds, legal_count,
    cpu_seconds)`` is called after every decision (wall and CPU time of the
    ``choose`` call).
    """
    state = spec.new_game(len(bots), seed, **dict(options or {}))
    rnds = [random.Random(seed * 7919 + 31 * s + 1) for s in range(len(bots))]
    n = 0
    while not state.is_terminal and n < max_decisions:
        seat = state.to_move[0]
        view = state.view(seat)
        legal = len(view.legal_actions(seat))
        start, start_cpu = time.perf_counter(), time.thread_time()
        action = bots[seat].choose(view, seat, rnds[seat])
        spent, spent_cpu = time.perf_counter() - start, time.thread_time() - start_cpu
        if on_decision is not None:
            on_decision(seat, bots[seat], spent, legal, spent_cpu)
        state = state.apply(seat, action)
        n += 1
    return state


def play_rotation_game(
    spec: GameSpec,
    seats: Sequence[str],
    g: int,
    seconds: float,
    seed: int,
    options: Mapping[str, Any] | None,
    playouts: int | None,
    clock: str = "wall",
) -> dict[str, Any]:
    """Game ``g`` of an arena (see :func:`run_arena`), as a small record.

    Keys: ``levels`` (the level in each seat), ``winners`` (seats, or None
    for a game cut off at the decision cap), ``times`` and ``playouts``
    (per level: seconds of each decision with two or more legal actions,
    and playouts run in them). A plain dict, so a worker process can send
    it back.
    """
    n = len(seats)
    levels = [seats[(s + g) % n] for s in range(n)]
    bots = [make_bot(level, spec.id, seconds=seconds, playouts=playouts, clock=clock) for level in levels]
    times: dict[str, list[float]] = {level: [] for level in levels}
    cpu: dict[str, list[float]] = {level: [] for level in levels}
    runs: dict[str, int] = {level: 0 for level in levels}

    def record(seat: int, bot: Bot, spent: float, legal: int, spent_cpu: float) -> None:
        if legal > 1:
            times[bot.level].append(spent)
            cpu[bot.level].append(spent_cpu)
            runs[bot.level] += int(bot.stats.get("playouts", 0))

    final = play_one(spec, bots, seed * 1_000_003 + g // n, options, on_decision=record)
    winners = tuple(final.winners()) if final.is_terminal else None
    return {"levels": levels, "winners": winners, "times": times, "cpu": cpu, "playouts": runs}


def _play_in_worker(args: tuple[Any, ...]) -> dict[str, Any]:
    """:func:`play_rotation_game` in a worker process (the game is sent by id)."""
    from boardgames_tui.games import GAMES

    game_id, *rest = args
    return play_rotation_game(GAMES[game_id], *rest)


def run_arena(
    spec: GameSpec,
    seats: Sequence[str],
    games: int,
    seconds: float = 1.0,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    playouts: int | None = None,
    progress: Callable[[int, ArenaResult], None] | None = None,
    jobs: int = 1,
    clock: str = "wall",
) -> ArenaResult:
    """Play ``games`` games between the levels named in ``seats`` (one per seat).

    Game ``g`` seats level ``seats[(s + g) % n]`` in seat ``s``, and the
    ``n`` games of one rotation share a deal (the same seed: the same
    shuffles and, as long as the games run alike, the same dice), so luck
    of the deal evens out between the levels. ``seconds``
    and ``playouts`` bound the Strong level's search per decision, ``seconds``
    counted on ``clock`` ("wall" or "cpu", see :class:`~.mcts.StrongBot`). With
    ``jobs`` > 1 the games run in that many worker processes (each game is
    the same as it would be in one process, since it depends only on its
    number and the seed); the figures are summed in game order. Raises
    ValueError for an unknown level or a player count the game forbids.
    ``progress(games_done, result_so_far)`` is called after each game.
    """
    for level in seats:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
    n = len(seats)
    spec.check_options(n, dict(options or {}))
    result = ArenaResult(
        spec.id,
        spec.title,
        tuple(seats),
        games,
        seed,
        seconds,
        clock,
        {level: LevelFigures() for level in seats},
        jobs=max(1, jobs),
    )
    started = time.perf_counter()

    def add(done: int, record: dict[str, Any]) -> None:
        levels, winners = record["levels"], record["winners"]
        for level in levels:
            result.by_level[level].games += 1
        for level, spent in record["times"].items():
            result.by_level[level].times.extend(spent)
            result.by_level[level].cpu.extend(record["cpu"][level])
            result.by_level[level].playouts += record["playouts"][level]
        if winners is None:
            result.unfinished += 1
        else:
            if len(winners) > 1:
                result.shared += 1
            for w in winners:
                result.by_level[levels[w]].wins += 1 / len(winners)
        result.wall_seconds = time.perf_counter() - started
        if progress is not None:
            progress(done, result)

    if jobs <= 1:
        for g in range(games):
            add(g + 1, play_rotation_game(spec, seats, g, seconds, seed, options, playouts, clock))
        return result
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    work = [
        (spec.id, tuple(seats), g, seconds, seed, dict(options or {}), playouts, clock) for g in range(games)
    ]
    context = multiprocessing.get_context(
        "fork" if "fork" in multiprocessing.get_all_start_methods() else None
    )
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        for g, record in enumerate(pool.map(_play_in_worker, work)):
            add(g + 1, record)
    return result


def format_arena(result: ArenaResult) -> str:
    """The arena's figures as the lines ``boardgames-tui arena`` prints."""
    n = len(result.seats)
    clock = _("CPU") if result.clock == "cpu" else _("wall-clock")
    think = (
        _(", strong thinks {seconds} {clock} s per decision").format(
            seconds=f"{result.seconds:g}", clock=clock
        )
        if "strong" in result.seats
        else ""
    )
    level, games, wins, share_h, interval = (
        _("level"),
        _("seat-games"),
        _("wins"),
        _("win share"),
        _("{share} interval").format(share="95%"),
    )
    lines = [
        _(
            "{title}: {games} games, {seats} seats ({levels}; levels rotate seats every game), seed {seed}{think}"
        ).format(
            title=result.title,
            games=result.games,
            seats=n,
            levels=", ".join(result.seats),
            seed=result.seed,
            think=think,
        ),
        f"{level:<8} {games:>10} {wins:>7} {share_h:>9}  {interval}",
    ]
    for name, fig in result.by_level.items():
        low, high = wilson(fig.wins, fig.games)
        share = fig.wins / fig.games if fig.games else 0.0
        lines.append(f"{name:<8} {fig.games:>10} {fig.wins:>7.1f} {share:>9.1%}  {low:.1%}-{high:.1%}")
    lines.append(
        _(
            "seconds per decision (decisions with 2+ legal actions), wall clock and CPU; playouts per CPU second:"
        )
    )
    heads = [_("decisions"), _("mean"), _("p95"), _("max"), _("cpu mean"), _("cpu p95"), _("playouts/s")]
    lines.append(
        f"{level:<8} {heads[0]:>9} {heads[1]:>8} {heads[2]:>8} {heads[3]:>8} {heads[4]:>9} {heads[5]:>8} {heads[6]:>11}"
    )
    for name, fig in result.by_level.items():
        t, c = fig.times, fig.cpu
        mean = sum(t) / len(t) if t else 0.0
        cpu_mean = sum(c) / len(c) if c else 0.0
        rate = f"{fig.playouts / sum(c):>11.0f}" if fig.playouts and sum(c) > 0 else f"{'-':>11}"
        lines.append(
            f"{name:<8} {len(t):>9} {mean:>8.4f} {percentile(t, 95):>8.4f} {max(t, default=0.0):>8.4f}"
            f" {cpu_mean:>9.4f} {percentile(c, 95):>8.4f} {rate}"
        )
    lines.append(
        _("shared wins (ties): {games} games, each winner counted as 1/k of a win").format(
            games=result.shared
        )
    )
    if result.unfinished:
        lines.append(
            _("unfinished games (decision cap): {games}, counted as a win for no level").format(
                games=result.unfinished
            )
        )
    jobs = _(" in {jobs} processes").format(jobs=result.jobs) if result.jobs > 1 else ""
    lines.append(_("wall time: {seconds} s{jobs}").format(seconds=f"{result.wall_seconds:.0f}", jobs=jobs))
    return "\n".join(lines)
