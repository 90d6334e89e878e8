"""Mountain Goats speed-only code: caches, fast paths and shared log events (no rule lives here).

``rules.py`` says what a roll and a move do, and is the only move
generator and legality check (``GoatsState.ranked_moves`` resolves every
sequence with the rules' own steps); this module only makes asking
cheap, for the computer players' searches and the random-play harness,
which ask the same questions millions of times. Every function here gives
what the plain rules would give (``tests/mountain_goats/test_speed.py``
checks each against them):

- per roll, cached: the distinct outcomes a roll allows (:func:`dice_plans`)
  and the group sequences worth trying (:func:`dice_sequences`);
- fast paths: a move built without its converters
  (:func:`fast_constructor`), the groups a random move picks per roll
  (:func:`plain_picks`);
- pre-built events: a roll's log line and the common climbing lines are
  made once per seat and shared by every game (events are immutable
  values, already shared by every later state's log).

Like the rules, nothing here imports a terminal library (import contract).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import lru_cache
from typing import Any, TypeVar

from boardgames_tui.engine.core import Event, seat_ref

from .data import BIG_MAX, DICE, GROUP_MAX, GROUP_MIN, MOUNTAINS, STEPS_BY_INDEX

#: Seat placeholders of event texts (engine.core.seat_ref), by seat.
REF = {s: seat_ref(s) for s in range(5)}

T = TypeVar("T")
#: A die face as text (indexed by the face).
FACE = ("0", "1", "2", "3", "4", "5", "6")
#: "a+b" for two faces a, b (indexed like FACE).
_PLUS = tuple(tuple(f"{a}+{b}" for b in range(7)) for a in range(7))
#: " on m: " and " on m: goat climbs to step p of top." by mountain index and step.
ON = tuple(f" on {m}: " for m in MOUNTAINS)
_CLIMBS = tuple(
    tuple(f" on {m}: goat climbs to step {p} of {STEPS_BY_INDEX[i]}." for p in range(STEPS_BY_INDEX[i]))
    for i, m in enumerate(MOUNTAINS)
)


# ---------------------------------------------------------------- rolls and their log lines


#: Every roll by ``value % 1296`` of the generator's draw: (dice, " rolls a b c d.").
_ROLLS = tuple(
    (
        (r % 6 + 1, r // 6 % 6 + 1, r // 36 % 6 + 1, r // 216 % 6 + 1),
        f" rolls {r % 6 + 1} {r // 6 % 6 + 1} {r // 36 % 6 + 1} {r // 216 % 6 + 1}.",
    )
    for r in range(6**DICE)
)
#: The log event of each seat's each roll, made on first use.
_ROLL_EVENTS: dict[int, list[Event | None]] = {s: [None] * 6**DICE for s in range(5)}


def roll(seat: int, value: int) -> tuple[tuple[int, ...], Event]:
    """The four dice of a 64-bit draw ``value`` (die k: ``value // 6**k % 6 + 1``) and their log event.

    The dice depend on ``value % 1296`` alone; the event of each seat's
    each roll is made once and shared.
    """
    r = value % 1296
    dice, said = _ROLLS[r]
    events = _ROLL_EVENTS.get(seat)
    if events is None:
        return dice, Event(seat_ref(seat) + said)
    ev = events[r]
    if ev is None:
        ev = events[r] = Event(REF[seat] + said)
    return dice, ev


# ---------------------------------------------------------------- shared move events


#: Per seat: "uses no dice", and per mountain index and step reached the climb events by
#: dice text, made on first use (a few thousand at most: the dice texts of a sum are finite).
_SHARED: dict[int, tuple[Event, tuple[tuple[dict[str, Event], ...], ...]]] = {
    s: (
        Event(f"{seat_ref(s)} uses no dice."),
        tuple(tuple({} for _p in range(top)) for top in STEPS_BY_INDEX),
    )
    for s in range(5)
}


def no_dice_event(seat: int) -> Event | None:
    """The shared "uses no dice" event of ``seat``; None for a seat no table holds."""
    shared = _SHARED.get(seat)
    return None if shared is None else shared[0]


def climb_event(seat: int, gi: int, step: int, expr: str) -> Event | None:
    """The shared event "<seat>: <expr> on m: goat climbs to step <step> of top." (below the summit).

    ``gi`` is the mountain's index (m - 5). None where no table holds one
    (a seat or a step only states built by hand have): the caller makes it.
    """
    shared = _SHARED.get(seat)
    if shared is None or type(step) is not int or step <= 0:
        return None
    memo = shared[1][gi][step]
    ev = memo.get(expr)
    if ev is None:
        ev = memo[expr] = Event(f"{REF[seat]}: {expr}{_CLIMBS[gi][step]}")
    return ev


def group_sum(faces: tuple[int, ...], group: tuple[int, ...]) -> tuple[int, str]:
    """(sum, dice text) of a checked group: (target, goat, die index, ...) -> (9, "4+5")."""
    k = len(group)
    if k == 4:
        a, b = faces[group[2]], faces[group[3]]
        return a + b, _PLUS[a][b]
    if k == 3:
        total = faces[group[2]]
        return total, FACE[total]
    total = 0
    for i in group[2:]:
        total += faces[i]
    return total, "+".join([FACE[faces[i]] for i in group[2:]])


# ---------------------------------------------------------------- per roll, cached


def _partitions(n: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every way to split dice 0..n-1 into unordered groups, some dice unused."""
    out: list[tuple[tuple[int, ...], ...]] = []

    def rec(i: int, groups: list[list[int]]) -> None:
        if i == n:
            out.append(tuple(tuple(g) for g in groups))
            return
        rec(i + 1, groups)  # die i unused
        for g in groups:
            g.append(i)
            rec(i + 1, groups)
            g.pop()
        groups.append([i])
        rec(i + 1, groups)
        groups.pop()

    rec(0, [])
    out.sort(key=lambda p: (sum(len(g) for g in p), len(p)))
    return out


PARTITIONS = _partitions(DICE)


@lru_cache(maxsize=4096)
def dice_plans(
    dice: tuple[int, ...], big: bool
) -> tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]], ...]:
    """Every distinct multiset of group sums a roll allows, with one way to make it.

    Returns ``(sums, faces, groups)`` triples: ``sums`` sorted ascending,
    ``faces`` the four dice after changing extra 1s, ``groups`` the die
    indices of each group aligned with ``sums``. Unchanged dice and fewer
    dice are preferred as the representative. Depends on the roll alone,
    so it is cached (at most 1296 rolls x 2).
    """
    hi = BIG_MAX if big else GROUP_MAX
    ones = [i for i, d in enumerate(dice) if d == 1]
    variants: list[tuple[int, ...]] = [dice]
    if len(ones) >= 2:
        seen = {tuple(sorted(dice))}
        for values in itertools.product(range(1, 7), repeat=len(ones)):
            if 1 not in values:
                continue
            changed = list(dice)
            for i, v in zip(ones, values, strict=True):
                changed[i] = v
            key = tuple(sorted(changed))
            if key not in seen:
                seen.add(key)
                variants.append(tuple(changed))
    plans: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]] = {}
    for faces in variants:
        for part in PARTITIONS:
            sums = []
            ok = True
            for g in part:
                s = 0
                for i in g:
                    s += faces[i]
                if s < GROUP_MIN or s > hi:
                    ok = False
                    break
                sums.append(s)
            if not ok:
                continue
            order = sorted(range(len(part)), key=lambda k: sums[k])
            key = tuple(sums[k] for k in order)
            if key not in plans:
                plans[key] = (key, faces, tuple(part[k] for k in order))
    return tuple(plans.values())


@lru_cache(maxsize=4096)
def dice_sequences(
    dice: tuple[int, ...], big: bool, make_move: Callable[[tuple[int, ...], tuple[tuple[int, ...], ...]], Any]
) -> tuple[tuple[tuple[tuple[int, int], ...], Any], ...]:
    """Every group sequence worth trying for a roll: ``((target, goat) ..., move)`` pairs.

    Plans without Big Mountain groups give one sequence (their order cannot
    matter); plans with them give every order and goat choice. Cached per
    roll; ``make_move(faces, groups)`` builds each move (the rules' Move).
    """
    out = []
    for sums, faces, groups in dice_plans(dice, big):
        if not sums or sums[-1] <= GROUP_MAX:
            seqs = [(tuple((t, t) for t in sums), groups)]
        else:
            seqs = big_sequences(sums, groups)
        for seq, grp in seqs:
            out.append(
                (seq, make_move(faces, tuple((t, g, *idx) for (t, g), idx in zip(seq, grp, strict=True))))
            )
    return tuple(out)


# ---------------------------------------------------------------- fast paths


def big_sequences(
    sums: tuple[int, ...], groups: tuple[tuple[int, ...], ...]
) -> list[tuple[tuple[tuple[int, int], ...], tuple[tuple[int, ...], ...]]]:
    """Every (order, goat choice) of a plan that has Big Mountain groups."""
    big_k = [k for k, t in enumerate(sums) if t > GROUP_MAX]
    out = []
    seen: set[tuple[tuple[int, int], ...]] = set()
    for goats in itertools.product(MOUNTAINS, repeat=len(big_k)):
        base = [(t, t) for t in sums]
        for k, g in zip(big_k, goats, strict=True):
            base[k] = (sums[k], g)
        for perm in itertools.permutations(range(len(sums))):
            seq = tuple(base[k] for k in perm)
            if seq in seen:
                continue
            seen.add(seq)
            out.append((seq, tuple(groups[k] for k in perm)))
    return out


def fast_constructor(cls: type[T]) -> Callable[[tuple[int, ...], tuple[tuple[int, ...], ...]], T]:
    """A maker of ``cls(faces, groups)`` that skips the converters (for values they would keep as they are).

    ``cls`` is an attrs class with slots ``faces`` and ``groups`` (the rules'
    Move); the maker takes a tuple of ints and a tuple of int tuples.
    """
    new = object.__new__
    set_faces = cls.__dict__["faces"].__set__
    set_groups = cls.__dict__["groups"].__set__

    def make(faces: tuple[int, ...], groups: tuple[tuple[int, ...], ...]) -> T:
        m: T = new(cls)
        set_faces(m, faces)
        set_groups(m, groups)
        return m

    make.__doc__ = f"``{cls.__name__}(faces, groups)`` without its converters (speed.fast_constructor)."
    return make


# ---------------------------------------------------------------- random moves (the harness)


#: The dice of each of 3 bins for 8 random bits (2 bits a die: 0 unused, 1-3 its bin), empty bins left out.
BINS = tuple(
    tuple(g for g in (tuple(i for i in range(DICE) if (bits >> 2 * i) & 3 == b) for b in (1, 2, 3)) if g)
    for bits in range(256)
)


#: Without the Big Mountain, the groups random_action picks depend on the faces and its
#: 8 random bits alone: per faces (1296 at most), the groups of each draw, made on first
#: use. Equal group tuples are kept once (_PICKED), so a row costs about 2 kB.
_PLAIN_PICKS: dict[tuple[int, ...], tuple[tuple[tuple[int, ...], ...], ...]] = {}
_PICKED: dict[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] = {}


def plain_picks(faces: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each 8-bit draw, the groups of 5-10 that the draw's bins of ``faces`` make (made once per faces)."""
    got = _PLAIN_PICKS.get(faces)
    if got is not None:
        return got
    row = []
    for bins in BINS:
        groups = []
        for g in bins:
            s = 0
            for i in g:
                s += faces[i]
            if GROUP_MIN <= s <= GROUP_MAX:
                groups.append((s, s) + g)
        picked = tuple(groups)
        row.append(_PICKED.setdefault(picked, picked))
    _PLAIN_PICKS[faces] = out = tuple(row)
    return out
