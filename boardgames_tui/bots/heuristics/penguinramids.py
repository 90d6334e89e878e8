"""Penguinramids: a greedy player and its rollout policy (Sheet: docs/games/penguinramids.md).

The score is the heaviest penguin of each level plus the goals met, so a
good pyramid gets finished (every level counts), keeps strong arms under
the slots still empty, carries one heavy penguin per level, and chases the
three goals in play. :func:`pyramid_value` puts a number on that.

Within a turn the greedy player looks ahead over its own steps (use the
card's action now or later, which penguin to take, where to place it,
where a strength token goes) on one deal of the hidden deck, and keeps the
line ending in the best value. The secret action card is chosen from a
small table of what each card is worth now, plus the worth of choosing
early among the penguins on offer.
"""

from __future__ import annotations

import random
from typing import Any

from boardgames_tui.engine.core import Pass
from boardgames_tui.engine.derive import evolve
from boardgames_tui.games.penguinramids import data
from boardgames_tui.games.penguinramids.data import (
    GOALS,
    GREY,
    LEVEL_OFFSET,
    LEVEL_SIZES,
    PENGUINS,
    ROUNDS,
    SLOTS,
)
from boardgames_tui.games.penguinramids.rules import (
    ChooseCard,
    Discard,
    EndTurn,
    Flip,
    PenguinramidsState,
    Place,
    PlaceToken,
    Take,
)

from ..determinize import determinize
from .common import share_from_values, terminal_shares

# For each flat slot above the base: its two supporters; for each slot, the slots above it.
_SUPPORTERS = tuple(
    None if k == 0 else (data.flat(k - 1, i), data.flat(k - 1, i + 1))
    for k in range(4)
    for i in range(LEVEL_SIZES[k])
)
_LEVEL_OF = tuple(k for k in range(4) for _ in range(LEVEL_SIZES[k]))
#: Value of an unplaced strength token, of holding the Chief Penguin, of a card in hand.
_TOKEN = 0.6
_CHIEF = 0.3
_CARD_IN_HAND = 0.25
#: Share of the rollout policy's secret card choices made as the Greedy level makes them.
_GREEDY_CARD = 0.7


def _arm(pid: int, grey: bool, tok: tuple[int, ...], slot: int, right: bool) -> int:
    p = PENGUINS[pid]
    _w, left, r = p.side(grey)
    return (r if right else left) + tok[2 * slot + (1 if right else 0)]


def pyramid_value(st: PenguinramidsState, seat: int) -> float:
    """Points ``seat``'s pyramid scores now plus what it can still expect, in points.

    Expectation: an empty level is worth about 2 more points if it can still
    be filled; an empty upper slot whose supporters are placed is worth a
    little per point of strength under it (it can hold a heavier penguin),
    and costs the levels above it when nothing could ever stand there; goals
    in play not met yet count in proportion to how close the pyramid is.
    """
    pyr, grey, tok = st.pyramids[seat], st.greys[seat], st.tokens[seat]
    held = st.held_tokens[seat]
    levels = [0, 0, 0, 0]
    for s in range(SLOTS):
        if pyr[s] >= 0:
            w = PENGUINS[pyr[s]].side(grey[s])[0]
            k = _LEVEL_OF[s]
            if w > levels[k]:
                levels[k] = w
    value = float(sum(levels))
    built = st.built(seat)
    met = set(g for g in st.goals if GOALS[g].test(built))
    value += sum(GOALS[g].points for g in met)
    left = ROUNDS - st.round + (0 if st.phase == "choose" else 1)
    placed = sum(1 for p in pyr if p >= 0)
    room = max(0, min(left, SLOTS - placed))
    dead_levels = set()
    for s in range(4, SLOTS):
        if pyr[s] >= 0:
            continue
        sup = _SUPPORTERS[s]
        a, b = sup  # type: ignore[misc]  # slots above the base have two supporters
        cap: float
        if pyr[a] >= 0 and pyr[b] >= 0:
            cap = _arm(pyr[a], grey[a], tok, a, True) + _arm(pyr[b], grey[b], tok, b, False) + held
        elif pyr[a] >= 0:
            cap = _arm(pyr[a], grey[a], tok, a, True) + 1.5 + held
        elif pyr[b] >= 0:
            cap = _arm(pyr[b], grey[b], tok, b, False) + 1.5 + held
        else:
            cap = 3.0
        if cap < 1:
            dead_levels.add(_LEVEL_OF[s])
            value -= 1.5
        else:
            value += 0.12 * min(cap, 5)
    for k in range(4):
        if levels[k] == 0 and room > 0 and k not in dead_levels:
            value += 2.0 if k < 3 else 1.5
    if room:
        value += _goal_hopes(st, seat, built, met, room)
    value += _TOKEN * held
    if st.chief == seat:
        value += _CHIEF
    value += _CARD_IN_HAND * len(st.hands[seat])
    return value


def _goal_hopes(st: PenguinramidsState, seat: int, built: data.Built, met: set[int], room: int) -> float:
    """Points of the goals in play not met yet, times a rough chance of meeting them."""
    colours = [c for c in built.colours if c is not None and c != GREY]
    out = 0.0
    for g in st.goals:
        if g in met:
            continue
        name = GOALS[g].name
        if name == "Rainbow":
            chance = len(set(colours)) / 4
        elif name == "Royal Colour":
            chance = (max((colours.count(c) for c in set(colours)), default=0) / 5) ** 2
        elif name == "Solid Base":
            open_base = sum(1 for w in built.weights[:4] if w is None)
            chance = min(1.0, sum(w or 0 for w in built.weights[:4]) / 14) if open_base else 0.0
        elif name == "Heavy Crown":
            chance = 0.5 if built.weights[9] is None else 0.0
        elif name == "Strongman":
            chance = min(1.0, (built.tokens + built.held_tokens) / 2) * 0.8
        elif name in ("Grey Guard", "Grey Heights"):
            chance = 0.15 + 0.3 * sum(1 for c in built.colours if c == GREY)
        else:  # shapes
            chance = 0.25
        out += GOALS[g].points * min(1.0, chance) * 0.5
    return out


def _card_values(st: PenguinramidsState, seat: int) -> dict[int, float]:
    """What each action card in hand is worth this round (before the order it gives)."""
    hand = st.hands[seat]
    flips = st.flippable(seat)
    values = {
        1: 0.3 if st.chief != seat else -0.5,
        2: 0.6 if flips else 0.25,
        3: 0.4,
        4: 1.6 if len(hand) <= 2 else (0.5 if len(hand) == 3 else -0.5),
        5: 1.0 if st.supply > 0 else -0.5,
    }
    if flips:
        base = pyramid_value(st, seat)
        grey = st.greys[seat]
        best = 0.0
        for s in flips:
            g2 = grey[:s] + (True,) + grey[s + 1 :]
            greys = st.greys[:seat] + (g2,) + st.greys[seat + 1 :]
            best = max(best, pyramid_value(_evolve(st, greys=greys), seat) - base)
        values[2] = max(values[2], best)
    return values


def _evolve(st: PenguinramidsState, **changes: Any) -> PenguinramidsState:
    return evolve(st, **changes)


def _card_scores(st: PenguinramidsState, seat: int, legal: list[Any]) -> list[float]:
    """Worth of each ``ChooseCard`` in ``legal``: the card's worth now plus the worth of choosing
    early among the penguins on offer (a low card chooses first)."""
    values = _card_values(st, seat)
    offer = sorted((_best_take_value(st, seat, p) for p in st.revealed), reverse=True)
    spread = (offer[0] - offer[-1]) if len(offer) > 1 else 0.0
    return [values.get(a.number, 0.0) + spread * 0.6 * (5 - a.number) / 4 for a in legal]


def _choose_card(st: PenguinramidsState, seat: int, legal: list[Any]) -> Any:
    return _best_of(legal, _card_scores(st, seat, legal))


def _best_of(legal: list[Any], scores: list[float]) -> Any:
    """The first action of ``legal`` with the highest score."""
    best, best_value = legal[0], float("-inf")
    for a, v in zip(legal, scores, strict=True):
        if v > best_value:
            best, best_value = a, v
    return best


def _best_take_value(st: PenguinramidsState, seat: int, pid: int) -> float:
    """Value of ``seat``'s pyramid with ``pid`` in its best legal slot (a discard if none)."""
    pyr = st.pyramids[seat]
    slots = st.legal_slots(seat, pid)
    if not slots:
        return pyramid_value(st, seat) - 2.0
    best = float("-inf")
    for s in slots:
        new = pyr[:s] + (pid,) + pyr[s + 1 :]
        v = pyramid_value(_evolve(st, pyramids=st.pyramids[:seat] + (new,) + st.pyramids[seat + 1 :]), seat)
        best = max(best, v)
    return best


def _turn_value(st: PenguinramidsState, seat: int, depth: int) -> float:
    """Best value reachable by ``seat``'s own further steps this turn (``depth`` steps at most).

    Deeper steps leave strength tokens aside (they can go on arms later and
    would multiply the lines to look at).
    """
    if depth <= 0 or st.to_move != (seat,) or st.phase != "turn":
        return pyramid_value(st, seat)
    best = float("-inf")
    legal = st.legal_actions(seat)
    steps = [a for a in legal if not isinstance(a, PlaceToken)] or legal
    for a in steps:
        v = _turn_value(st.apply(seat, a), seat, depth - 1)
        if v > best:
            best = v
    return best


def _plan_scores(st: PenguinramidsState, seat: int, legal: list[Any], depth: int) -> list[float]:
    """Per action of ``legal``: the best value ``seat`` reaches with ``depth`` steps of its own."""
    scores = []
    for a in legal:
        v = _turn_value(st.apply(seat, a), seat, depth - 1)
        if isinstance(a, (EndTurn, Pass)):
            v -= 1e-6  # among equals, keep doing something useful
        scores.append(v)
    return scores


def _plan(st: PenguinramidsState, seat: int, legal: list[Any], depth: int) -> Any:
    return _best_of(legal, _plan_scores(st, seat, legal, depth))


def greedy(view: PenguinramidsState, seat: int, rnd: random.Random, legal: list[Any]) -> Any:
    """The card with the best worth now; in a turn, the best line of own steps (3 ahead) on one deal."""
    if len(legal) == 1:
        return legal[0]
    if isinstance(legal[0], ChooseCard):
        return _choose_card(view, seat, legal)
    return _plan(determinize(view, seat, rnd), seat, legal, depth=3)


def _quick_slot(st: PenguinramidsState, seat: int, pid: int, slot: int) -> float:
    """A cheap worth of ``pid`` on ``slot``: weight it adds to its level, the arms it offers, height."""
    pyr, grey = st.pyramids[seat], st.greys[seat]
    k = _LEVEL_OF[slot]
    top = max(
        (
            PENGUINS[pyr[i]].side(grey[i])[0]
            for i in range(LEVEL_OFFSET[k], LEVEL_OFFSET[k] + LEVEL_SIZES[k])
            if pyr[i] >= 0
        ),
        default=0,
    )
    p = PENGUINS[pid]
    return max(0, p.weight - top) + (0.35 * (p.left + p.right) if k < 3 else 0.0) + 0.4 * k


def _best_quick(st: PenguinramidsState, seat: int, pid: int) -> tuple[float, int]:
    best = (float("-inf"), -1)
    for slot in st.legal_slots(seat, pid):
        v = _quick_slot(st, seat, pid, slot)
        if v > best[0]:
            best = (v, slot)
    return best


def policy(state: PenguinramidsState, seat: int, rnd: random.Random) -> Any:
    """A quick rollout policy on a full state (no lookahead): a sensible card, the penguin and slot
    adding most weight and arm strength, free actions taken, tokens rarely placed."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    first = legal[0]
    if isinstance(first, ChooseCard):
        # mostly the card the Greedy level would choose (hands are public, so each seat's
        # choice is a fair guess at what it will play), sometimes any card
        if rnd.random() < _GREEDY_CARD:
            return _choose_card(state, seat, legal)
        return rnd.choice(legal)
    kinds = {type(a).__name__: a for a in reversed(legal)}
    for name in ("TakeToken", "Recover", "TakeChief"):
        if name in kinds:
            return kinds[name]
    if "Take" in kinds:
        takes = [a for a in legal if isinstance(a, Take)]
        return max(takes, key=lambda a: _best_quick(state, seat, a.penguin)[0])
    if "Place" in kinds:
        places = [a for a in legal if isinstance(a, Place)]
        return max(places, key=lambda a: _quick_slot(state, seat, state.taken, a.slot))
    if "Flip" in kinds:
        flips = [a for a in legal if isinstance(a, Flip)]
        return max(flips, key=lambda a: a.slot)
    if "PlaceToken" in kinds and rnd.random() < 0.3:
        return rnd.choice([a for a in legal if isinstance(a, PlaceToken)])
    for a in legal:
        if isinstance(a, (Pass, EndTurn, Discard)):
            return a
    return rnd.choice(legal)


def value(state: PenguinramidsState) -> tuple[float, ...]:
    """Each seat's chance of winning, estimated from :func:`pyramid_value` (exact once over)."""
    if state.is_terminal:
        return terminal_shares(state)
    return share_from_values([pyramid_value(state, s) for s in range(state.n)], spread=3.0)


def rank(view: PenguinramidsState, seat: int, legal: list[Any]) -> list[Any]:
    """``legal`` best first, for the Strong level's prior at the root.

    Like the Greedy level, but minding the rivals, whose hands are public:
    a card is worth choosing early among the penguins on offer only if it
    beats the card each rival would choose (as Greedy would). (Weighing
    what a take denies the rivals was tried and lost games against Greedy.)
    Turn steps are weighed by the best line of own steps (3 ahead) on one
    deal drawn from the view with a fixed seed, so the same view gets the
    same ranking.
    """
    if len(legal) == 1:
        return list(legal)
    if isinstance(legal[0], ChooseCard):
        scores = _card_scores_against_rivals(view, seat, legal)
    else:
        scores = _plan_scores(determinize(view, seat, random.Random(0)), seat, legal, depth=3)
    order = sorted(range(len(legal)), key=lambda i: (-scores[i], i))
    return [legal[i] for i in order]


#: Worth of choosing first among the penguins on offer, per point of spread in their worth to the seat.
_FIRST = 0.8


def _card_scores_against_rivals(st: PenguinramidsState, seat: int, legal: list[Any]) -> list[float]:
    """Each card's worth now, plus the worth of choosing first among the penguins on offer when it
    comes before every rival's likely card (each rival's Greedy choice from its public hand)."""
    values = _card_values(st, seat)
    offer = sorted((_best_take_value(st, seat, p) for p in st.revealed), reverse=True)
    spread = (offer[0] - offer[-1]) if len(offer) > 1 else 0.0
    rivals = []
    for o in range(st.n):
        if o != seat and st.hands[o]:
            theirs = [ChooseCard(c) for c in st.hands[o]]
            rivals.append(_choose_card(st, o, theirs).number)
    scores = []
    for a in legal:
        c = a.number
        first = all(c < r or (c == r and st.chief == seat) for r in rivals)
        scores.append(values.get(c, 0.0) + (spread * _FIRST if first else 0.0) - 0.05 * c)
    return scores
