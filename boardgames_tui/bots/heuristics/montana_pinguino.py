"""Montaña Pingüino: a greedy runner and its rollout policy (Sheet: docs/games/montana_pinguino.md).

The race is won by crossing first and fast, and lost in curves: a sled
above a curve's limit takes damage, and a destroyed sled drops to the
first box and plays one card next round. The greedy runner therefore plays
the pair of cards (or the single card) that gives the best Impulse Phase
it can foresee: how far it slides, the speed it keeps, the damage it
takes, with a heavy price on destruction and a small one on spending cards
(the deck is never reshuffled on its own). The foresight is :func:`forecast`, the
rules' Impulse Phase on the speed, conduction and health the cards would
give (a card outside its speed range, or one that cannot be carried
out in full, does nothing). Items are judged by what they do now; Iglú is
played whenever a card would hurt the runner, Tormenta de Nieve against
items that hurt it or help a runner ahead of it.
"""

from __future__ import annotations

import random
from typing import Any

from boardgames_tui.engine.core import Pass
from boardgames_tui.games.montana_pinguino import data as D
from boardgames_tui.games.montana_pinguino.rules import (
    DiscardItem,
    KeepItem,
    MontanaState,
    Phase,
    PlaceToken,
    PlayCard,
    PlayIglu,
    PlayNoMore,
    PlayTormenta,
    Recover,
    Reduce,
    Stage,
    Target,
)

from .common import share_from_values, terminal_shares

#: An imagined Support Phase line: box, conduction, health, sections moved, bonus, cards spent.
_Line = tuple[int, int, int, int, float, int]

ACTIVATE, PLAY = Phase.ACTIVATE, Phase.PLAY
IGLU, PARAMS, TORMENTA = Stage.IGLU, Stage.PARAMS, Stage.TORMENTA

#: What holding an item of each kind is worth, roughly in sections of progress.
ITEM_WORTH = {
    D.CANA: 1.6,
    D.PEZ: 1.3,
    D.CANINO: 1.2,
    D.CARNERO: 1.1,
    D.IGLU: 1.0,
    D.BOMBA: 0.9,
    D.MISIL: 0.9,
    D.TORMENTA: 0.8,
    D.REPARAR: 0.8,
    D.ALETON: 0.8,
    D.ERIZO: 0.5,
    D.HIELO: 0.4,
    D.ARDILLA: 0.4,
}
#: Cost of spending an action card from hand (cards come back only through recover icons).
_CARD_COST = 0.3
#: Price of a destruction on top of the health it wipes out (first box, one card next round).
_DESTROYED = 5.0


def _opponent_near(st: MontanaState, seat: int, reach: int) -> bool:
    if st.finished(seat):
        return False
    p = st.position[seat]
    return any(
        o != seat and not st.finished(o) and abs(st.position[o] - p) <= reach for o in range(st.players)
    )


def _in_range(st: MontanaState, seat: int, low: int, high: int) -> int:
    p = st.position[seat]
    return sum(
        1
        for o in range(st.players)
        if o != seat and not st.finished(o) and low <= abs(st.position[o] - p) <= high
    )


def _apply_card(
    st: MontanaState, seat: int, card: int, half: int, lines: list[_Line]
) -> list[tuple[Any, ...]]:
    """What ``card`` does to each imagined line (box, conduction, health, moved, bonus, cards spent)."""
    side = st.sides[seat]
    top = D.SIDES[side].total - 1
    out: list[_Line] = []
    for box, cond, health, moved, bonus, spent in lines:
        if D.is_action(card):
            spent += 1
            h = D.ACTION_CARDS[card].halves[half]
            if D.speed_level(side, box) not in h.levels:
                out.append((box, cond, health, moved, bonus, spent))
                continue
            branches = [(box, cond, health, moved, bonus)]
            possible = True
            for icon, n in h.effects:
                nxt = []
                for b, c, hp, mv, bo in branches:
                    if icon == D.HEART:
                        nxt.append((b, c, hp - n, mv, bo))
                    elif icon == D.ACCEL:
                        nxt.append((min(top, b + n), c, hp, mv, bo))
                    elif icon == D.CONDUCTION:
                        nxt.append((b, c + n, hp, mv, bo))
                    elif icon in D.REDUCE_ICONS:
                        need = D.RECOVER_COUNT[icon]
                        if b == 0 or len(st.discard[seat]) < need:
                            possible = False
                            break
                        for x in range(1, b + 1):
                            nxt.append((b - x, c, hp, mv, bo + 0.5 * need + (0.4 if need == 0 else 0)))
                    else:  # a red hit: someone must be in reach
                        if not _opponent_near(st, seat, 0 if icon == D.HIT_SAME else 1):
                            possible = False
                            break
                        nxt.append((b, c, hp, mv, bo + 0.7))
                if not possible:
                    break
                branches = nxt
            if not possible:
                out.append((box, cond, health, moved, bonus, spent))
            else:
                out.extend(br + (spent,) for br in branches)
            continue
        kind = D.item_kind(card)
        bonus -= ITEM_WORTH[kind] * 0.5  # the item is gone
        if kind == D.ALETON:
            cond += 1
        elif kind == D.CANINO:
            box = min(top, box + 3)
        elif kind == D.REPARAR:
            if health < st.max_health(seat):
                health += 1
        elif kind == D.PEZ:
            bonus += 1.6 if any(o != seat and not st.finished(o) for o in range(st.players)) else 0
        elif kind in (D.BOMBA, D.MISIL):
            bonus += 1.2 * _in_range(st, seat, 1, 2 if kind == D.BOMBA else 5)
        elif kind == D.CANA:
            moved += 1
            bonus += 1.0
        elif kind == D.CARNERO:
            moved += 1
        elif kind in (D.ERIZO, D.HIELO):
            bonus += 0.4
        elif kind == D.ARDILLA:
            bonus += 0.6 if st.item_discard else 0
        out.append((box, cond, health, moved, bonus, spent))
    return out


def forecast(
    st: MontanaState, seat: int, start: int, box: int, cond: int, health: int
) -> tuple[int, int, int]:
    """The Impulse Phase of ``seat`` from ``start`` at ``box`` with ``cond`` conduction: (end, damage, accel).

    The same reading of Rulebook 2.1-2.3 as the rules' ``impulse_forecast``
    (speed check per curve entered, trees, ice and spike tokens, track
    acceleration lost when destroyed), computed on plain numbers: the
    greedy runner asks it hundreds of times per decision.
    """
    side = st.sides[seat]
    level = D.speed_level(side, box)
    end = start + level + 1
    sections = st.sections
    tokens = st.tokens
    damage = accel = 0
    for sec in range(start + 1, min(end, st.length) + 1):
        section = sections[sec - 1]
        limit = _CURVE_LIMIT.get(section.curve)
        if tokens and (sec, D.ICE) in tokens:
            limit = D.YELLOW if limit is None else D.GREEN
        if limit is not None and level > limit + cond:
            damage += level - limit - cond
        if section.tree and level > D.YELLOW + cond:
            damage += 1
        if tokens and (sec, D.SPIKE) in tokens and (seat, sec) not in st.spiked:
            damage += 1
        accel += section.accel
    if damage >= health:
        accel = 0
    return end, damage, accel


_CURVE_LIMIT = dict(D.CURVE_LIMIT)


def _line_value(st: MontanaState, seat: int, line: _Line) -> float:
    """How good a Support Phase ending in ``line`` is, judged by the Impulse Phase that follows."""
    box, cond, health, moved, bonus, spent = line
    if health <= 0:
        return -_DESTROYED - 3 + bonus - _CARD_COST * spent
    here = st.position[seat]
    end, damage, accel = forecast(st, seat, here + moved, box, cond, health)
    side = st.sides[seat]
    top = D.SIDES[side].total - 1
    level = D.speed_level(side, box)
    value = (end - here) + bonus - _CARD_COST * spent
    if end > st.length:
        value += 6 + 1.5 * level + 0.1 * box
    if damage >= health:
        return value - _DESTROYED - 0.8 * box
    after = max(0, min(top, box + accel))
    value += 0.35 * D.speed_level(side, after) + 0.05 * after
    value += 0.6 * (health - damage) - 0.3 * damage
    return value


def _best_play(st: MontanaState, seat: int, legal: list[Any], pairs: bool = True) -> Any:
    """Choose the left card (thinking of the best right one to go with it, when ``pairs``), or the right card."""
    base = (st.box[seat], st.conduction[seat], st.health[seat], 0, 0.0, 0)
    lines = [base]
    for card, half in st.played[seat]:
        lines = _apply_card(st, seat, card, half, lines)
    single = st.one_card[seat] or len(st.played[seat]) >= 1
    plays = [a for a in legal if isinstance(a, PlayCard)]
    best, best_value = legal[0], float("-inf")
    for a in legal:
        if isinstance(a, PlayNoMore):
            v = max(_line_value(st, seat, ln) for ln in lines)
        else:
            after = _apply_card(st, seat, a.card, a.half, lines)
            v = max(_line_value(st, seat, ln) for ln in after)
            if pairs and not single:
                for b in plays:
                    if b.card == a.card:
                        continue
                    both = _apply_card(st, seat, b.card, b.half, after)
                    v = max(v, max(_line_value(st, seat, ln) for ln in both))
        if v > best_value:
            best, best_value = a, v
    return best


def _react(st: MontanaState, seat: int, legal: list[Any]) -> Any:
    """Iglú whenever asked (only a runner the card hurts is asked); Tormenta against a harmful or helpful item."""
    act = st.activating()
    if act is None:
        return Pass()
    owner, card, _half = act
    if st.stage == IGLU:
        return PlayIglu() if PlayIglu() in legal else Pass()
    if PlayTormenta() not in legal:
        return Pass()
    kind = D.item_kind(card)
    me, them = st.position[seat], st.position[owner]
    harmful = (
        kind == D.PEZ
        or (kind == D.BOMBA and 1 <= abs(me - them) <= 2)
        or (kind == D.MISIL and 1 <= abs(me - them) <= 5)
        or (kind == D.CARNERO and me == them + 1)
        or (kind == D.CANA and me >= max(st.position[o] for o in st.racing() if o != owner))
    )
    helps_leader = them >= me and kind in (D.CANINO, D.CANA, D.CARNERO, D.ALETON, D.REPARAR)
    return PlayTormenta() if harmful or helps_leader else Pass()


def _param(st: MontanaState, seat: int, legal: list[Any]) -> Any:
    first = legal[0]
    if isinstance(first, Reduce):
        best, best_value = first, float("-inf")
        for a in legal:
            box = st.box[seat] - a.amount
            line = (box, st.conduction[seat], st.health[seat], 0, 0.0, 0)
            v = _line_value(st, seat, line)
            if v > best_value:
                best, best_value = a, v
        return best
    if isinstance(first, Recover):
        return max(legal, key=lambda a: _card_worth(a.card))
    if isinstance(first, Target):
        # the runner furthest ahead, then the one closest to destruction
        return max(legal, key=lambda a: (st.position[a.seat], -st.health[a.seat]))
    if isinstance(first, PlaceToken):
        me = st.position[seat]
        behind = [st.position[o] for o in st.racing() if o != seat and st.position[o] < me]

        def score(a: PlaceToken) -> float:
            sec = a.section
            here = sum(1 for o in st.racing() if o != seat and st.position[o] == sec)
            v = 2.0 * here - (3.0 if sec == me else 0.0)
            if behind and sec < me:
                v += 1.0
            return v

        return max(legal, key=score)
    return first


def _card_worth(card: int) -> float:
    if D.is_item(card):
        return ITEM_WORTH[D.item_kind(card)]
    worth = 0.0
    for h in D.ACTION_CARDS[card].halves:
        worth = max(
            worth, sum(n for icon, n in h.effects if icon in (D.ACCEL, D.CONDUCTION)) + 0.1 * len(h.levels)
        )
    return worth


def greedy(view: MontanaState, seat: int, rnd: random.Random, legal: list[Any]) -> Any:
    """The runner's best move as the module docstring describes; the only move when there is one."""
    if len(legal) == 1:
        return legal[0]
    first = legal[0]
    if view.phase == PLAY:
        return _best_play(view, seat, legal)
    if isinstance(first, KeepItem):
        return max(legal, key=lambda a: ITEM_WORTH[D.item_kind(a.card)])
    if isinstance(first, DiscardItem):
        return min(legal, key=lambda a: ITEM_WORTH[D.item_kind(a.card)])
    if view.phase == ACTIVATE and view.stage in (TORMENTA, IGLU):
        return _react(view, seat, legal)
    if view.phase == ACTIVATE and view.stage == PARAMS:
        return _param(view, seat, legal)
    return first


def policy(state: MontanaState, seat: int, rnd: random.Random) -> Any:
    """Rollout policy on a full state: the greedy runner, choosing each played card on its own
    (not in pairs), which is several times quicker. It reads nothing hidden beyond its own seat."""
    legal = state.legal_actions(seat)
    if len(legal) > 1 and state.phase == PLAY:
        return _best_play(state, seat, legal, pairs=False)
    return greedy(state, seat, rnd, legal)


def race_value(st: MontanaState, seat: int) -> float:
    """How well ``seat`` stands in the race, in sections (speed and health count a little)."""
    if st.finish[seat]:
        f = st.finish[seat]
        return st.length + 20 - 4 * (f[0] - 1) + f[2] + 0.1 * f[3]
    side = st.sides[seat]
    return st.position[seat] + 1.2 * D.speed_level(side, st.box[seat]) + 0.3 * st.health[seat]


def value(state: MontanaState) -> tuple[float, ...]:
    """Each seat's chance of winning, from :func:`race_value` (and championship points); exact once over."""
    if state.is_terminal:
        return terminal_shares(state)
    vals = [race_value(state, s) + 4.0 * state.points[s] for s in range(state.players)]
    return share_from_values(vals, spread=3.0)
