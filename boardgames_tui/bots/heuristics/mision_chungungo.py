"""Misión Chungungo: a greedy crew and its rollout policy (Sheet: docs/games/mision_chungungo.md).

Copper comes from digging (the card dug is owned, with its copper, and a
Copper Mine is worth 3) and from stealing (a Struck player loses a random
card of their hand to the shooter). The greedy player plays the card whose
steps can all do something now, digging first, shooting when the lines
strike rich opponents holding cards that can be stolen, leaping and
attracting asteroids to stand next to free face-down cards again; it
regroups when its hand has nothing useful left. It places new asteroids
next to its own token, leaps where most free asteroids touch, strikes the
richest opponent with cards to lose, and cancels with an eel what would
strike it or bring a rival near the copper target.

It never reads a face-down card: a dig is chosen by where it is, not by
what lies there.
"""

from __future__ import annotations

import random
from typing import Any

from boardgames_tui.engine.core import Pass
from boardgames_tui.games.mision_chungungo.data import CARDS, KIND_CREW, KIND_KIT, KIT_IDS, Step
from boardgames_tui.games.mision_chungungo.rules import (
    _ADJ,
    ChungungoState,
    Excavate,
    GiveChungungo,
    Leap,
    PlaceAsteroid,
    PlaceEel,
    PlaceToken,
    PlayEel,
    Regroup,
    Shoot,
    Strike,
)

from .common import share_from_values, terminal_shares


def _stealable(st: ChungungoState, seat: int) -> int:
    """Cards a Struck ``seat`` could lose: its hand but its Starter Kit.

    Others' hands are face down in a view, but a kit never leaves its
    owner, so it is in hand exactly when it is not on the discard pile.
    """
    kit_in_hand = KIT_IDS[seat] not in st.discards[seat]
    return len(st.hands[seat]) - (1 if kit_in_hand else 0)


def _strike_worth(st: ChungungoState, me: int, victim: int) -> float:
    if not _stealable(st, victim):
        return 0.0
    lead = st.copper[victim] - max(st.copper[s] for s in range(st.seats) if s != victim)
    return 1.5 + 0.08 * st.copper[victim] + (0.5 if lead >= 0 else 0.0)


def _free_neighbours(st: ChungungoState, pos: tuple[int, int], ignore: tuple[int, int] | None = None) -> int:
    """Face-down cards without a token that share an edge with ``pos`` (what a token there could dig)."""
    g = st.grid()
    toks = set(t for t in st.tokens if t is not None and t != ignore)
    n = 0
    for dr, dc in _ADJ:
        p = (pos[0] + dr, pos[1] + dc)
        cell = g.get(p)
        if cell is not None and not cell.face_up and p not in toks:
            n += 1
    return n


def _best_leap_spot(st: ChungungoState, seat: int) -> float:
    me = st.tokens[seat]
    return max((_free_neighbours(st, p, ignore=me) for p in st.leap_cells(seat) if p != me), default=0)


def _shot_worth(st: ChungungoState, seat: int, card: int, origin: tuple[int, int] | None = None) -> float:
    best = 0.0
    for flipped in (False, True):
        hit, eels = st.shot_targets(seat, card, flipped, origin)
        best = max(best, sum(_strike_worth(st, seat, s) for s in hit) + 0.3 * len(eels))
    return best


def _card_worth(st: ChungungoState, seat: int, card: int) -> float:
    """How much playing ``card`` now is likely to bring, in copper-ish units."""
    c = CARDS[card]
    digs = len(st.excavate_cells(seat))
    worth = 0.0
    pos = st.tokens[seat]
    near = _free_neighbours(st, pos) if pos else 0
    steps = c.steps
    for i, step in enumerate(steps):
        before = steps[:i]
        if step == "excavate":
            if "leap" in before:
                worth += 2.5 if _best_leap_spot(st, seat) else 0.0
            elif "attract" in before:
                worth += 2.5
            elif "regroup" in before:
                worth += 2.5 if digs else 0.0
            elif digs > before.count("excavate"):
                worth += 3.0
        elif step == (Step.EXCAVATE, Step.LEAP):  # the Starter Kit's choice
            worth += 3.0 if digs else (1.0 if _best_leap_spot(st, seat) else 0.0)
        elif step == "leap":
            worth += max(0.0, _best_leap_spot(st, seat) - near) * 0.6 + (0.3 if not digs else 0.0)
        elif step == "attract":
            worth += 1.2 if digs <= 1 else 0.4
        elif step == "shot":
            if "leap" in before:
                worth += 0.5 * max((_shot_worth(st, seat, card, p) for p in st.leap_cells(seat)), default=0.0)
            else:
                worth += _shot_worth(st, seat, card)
        elif step == "strike":
            worth += max((_strike_worth(st, seat, s) for s in range(st.seats) if s != seat), default=0.0)
        elif step == "regroup":
            worth += 0.2 * sum(1 for d in st.discards[seat] if CARDS[d].kind == KIND_CREW)
    # a card played is out of reach of thieves; its copper stays owned
    return worth + 0.05 * c.copper


def _play_or_regroup(st: ChungungoState, seat: int, legal: list[Any]) -> Any:
    best, best_value = legal[0], float("-inf")
    for a in legal:
        if isinstance(a, Regroup):
            useful = [d for d in st.discards[seat] if CARDS[d].kind in (KIND_CREW, KIND_KIT)]
            v = 0.4 * max((_card_worth(st, seat, d) for d in useful), default=0.0)
        else:
            v = _card_worth(st, seat, a.card)
        if v > best_value:
            best, best_value = a, v
    return best


def _place_value(st: ChungungoState, seat: int, pos: tuple[int, int]) -> float:
    """Where a new asteroid helps ``seat``: next to its own token, away from the others'."""
    v = 0.0
    mine = st.tokens[seat]
    for s, t in enumerate(st.tokens):
        if t is None:
            continue
        if abs(t[0] - pos[0]) + abs(t[1] - pos[1]) == 1:
            v += 2.0 if s == seat else -1.0
    if mine is None:
        g = st.grid()
        v += 0.3 * sum(1 for dr, dc in _ADJ if (pos[0] + dr, pos[1] + dc) in g)
    return v


def _react(st: ChungungoState, seat: int, legal: list[Any]) -> Any:
    eel = next((a for a in legal if isinstance(a, PlayEel)), None)
    if eel is None:
        return Pass()
    cur, card = st.current, st.card_in_play
    c = CARDS[card]
    hits_me = False
    if c.pattern and "leap" not in c.steps:
        hits_me = any(seat in st.shot_targets(cur, card, f)[0] for f in (False, True))
    if "strike" in c.steps:
        others = [s for s in range(st.seats) if s != cur]
        hits_me = max(others, key=lambda s: (_strike_worth(st, cur, s), s == seat)) == seat
    close = st.copper[cur] >= st.target - 4 and any(x in c.steps for x in ("excavate", "strike", "shot"))
    return eel if hits_me or close else Pass()


def greedy(view: ChungungoState, seat: int, rnd: random.Random, legal: list[Any]) -> Any:
    """The crew's choice as the module docstring describes; the only choice when there is one."""
    if len(legal) == 1:
        return legal[0]
    first = legal[0]
    st = view
    if view.phase == "turn":
        return _play_or_regroup(st, seat, legal)
    if view.phase == "react":
        return _react(st, seat, legal)
    if isinstance(first, (PlaceAsteroid,)):
        return max(legal, key=lambda a: _place_value(st, seat, (a.row, a.col)))
    if isinstance(first, PlaceToken):
        return max(legal, key=lambda a: _free_neighbours(st, (a.row, a.col)))
    if isinstance(first, PlaceEel):
        return min(legal, key=lambda a: _place_value(st, seat, (a.row, a.col)))
    if isinstance(first, (Excavate, Leap)):
        me = st.tokens[seat]

        def dig_or_leap(a: Any) -> float:
            p = (a.row, a.col)
            if isinstance(a, Excavate):
                # deny a dig to a rival standing next to it
                rivals = sum(
                    1
                    for s, t in enumerate(st.tokens)
                    if s != seat and t and abs(t[0] - p[0]) + abs(t[1] - p[1]) == 1
                )
                return 10 + rivals
            return _free_neighbours(st, p, ignore=me)

        return max(legal, key=dig_or_leap)
    if isinstance(first, Shoot):
        card = st.card_in_play

        def shot(a: Shoot) -> float:
            hit, eels = st.shot_targets(seat, card, a.flipped)
            return sum(_strike_worth(st, seat, s) for s in hit) + 0.3 * len(eels)

        return max(legal, key=shot)
    if isinstance(first, GiveChungungo):
        for a in legal:
            if a.target == seat:
                return a
        return min(legal, key=lambda a: st.copper[a.target] + 0.1 * len(st.hands[a.target]))
    if isinstance(first, Strike) or any(isinstance(a, Strike) for a in legal):
        strikes = [a for a in legal if isinstance(a, Strike)]
        target = max(strikes, key=lambda a: _strike_worth(st, seat, a.target))
        if _strike_worth(st, seat, target.target) <= 0 and Pass() in legal:
            return Pass()
        return target
    return first


def policy(state: ChungungoState, seat: int, rnd: random.Random) -> Any:
    """Rollout policy on a full state: the greedy crew."""
    return greedy(state, seat, rnd, state.legal_actions(seat))


def value(state: ChungungoState) -> tuple[float, ...]:
    """Each seat's chance of winning from copper (and what its token can dig next); exact once over."""
    if state.is_terminal:
        return terminal_shares(state)
    vals = []
    for s in range(state.seats):
        t = state.tokens[s]
        vals.append(state.copper[s] + (0.5 * min(2, _free_neighbours(state, t)) if t else 0.0))
    return share_from_values(vals, spread=2.5)
