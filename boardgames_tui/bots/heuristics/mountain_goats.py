"""Mountain Goats: a greedy player and a rollout policy (Sheet: docs/games/mountain_goats.md).

Everything but the future dice is public, so the greedy player looks one
move ahead on the view itself: every distinct outcome of the roll is
applied and the position scored for points now, points likely soon (a goat
near or on a summit whose stack still has tokens, worth that mountain's
number), progress towards the next set bonus, and what the move does to
the best opponent (knocking a goat off a summit).
"""

from __future__ import annotations

import random
from typing import Any

from boardgames_tui.games.mountain_goats.data import STEPS_BY_INDEX
from boardgames_tui.games.mountain_goats.rules import ROLL, GoatsState

from .common import share_from_values, terminal_shares

#: How much a point likely soon is worth against a point in hand.
_ON_SUMMIT = 0.8
_CLIMBING = 0.55
#: Weight of the best opponent's position in a move's value (knocking goats off summits).
_OPPONENT = 0.5


def position_value(st: GoatsState, seat: int) -> float:
    """Points ``seat`` holds plus points it is likely to score soon, in points."""
    value = float(st.scores()[seat])
    pos, supply = st.pos[seat], st.supply
    for i in range(6):
        p = pos[i]
        if p > 10 or not supply[i]:
            continue
        top = STEPS_BY_INDEX[i]
        if p == top:
            value += (i + 5) * _ON_SUMMIT
        elif p:
            value += (i + 5) * _CLIMBING * (p / top) ** 1.5
    if st.bonus_left:
        need = len(st.bonus_won[seat]) + 1
        have = sum(1 for t in st.tokens[seat] if t >= need)
        value += st.bonus_left[0] * 0.8 * (have / 6) ** 2
    return value


def move_value(st: GoatsState, seat: int) -> float:
    """``seat``'s position value minus a share of its best opponent's."""
    mine = position_value(st, seat)
    best = max(position_value(st, s) for s in range(st.n) if s != seat)
    return mine - _OPPONENT * best


def greedy(view: GoatsState, seat: int, rnd: random.Random, legal: list[Any]) -> Any:
    """Roll when it is time to roll; else the outcome of the roll with the best :func:`move_value`."""
    if len(legal) == 1:
        return legal[0]
    best, best_value = legal[0], float("-inf")
    for move in legal:
        v = move_value(view.apply(seat, move), seat)
        if v > best_value:
            best, best_value = move, v
    return best


def policy(state: GoatsState, seat: int, rnd: random.Random) -> Any:
    """A fast rollout move: the engine lists outcomes best first (points, then climbing); mostly take the first."""
    if not state.dice:
        return ROLL
    legal = state.legal_actions(seat)
    if rnd.random() < 0.75 or len(legal) == 1:
        return legal[0]
    return legal[rnd.randrange(min(3, len(legal)))]


def value(state: GoatsState) -> tuple[float, ...]:
    """Each seat's chance of winning, estimated from position values (1/0 once the game is over)."""
    if state.is_terminal:
        return terminal_shares(state)
    return share_from_values([position_value(state, s) for s in range(state.n)], spread=8.0)


def rank(view: GoatsState, seat: int, legal: list[Any]) -> list[Any]:
    """``legal`` best first by :func:`move_value` (the Strong level's prior at the root)."""
    if len(legal) == 1 or not view.dice:
        return list(legal)
    scored = [(move_value(view.apply(seat, m), seat), i, m) for i, m in enumerate(legal)]
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [m for _v, _i, m in scored]
