"""What a choice will do to its runner's sled, found by the rules themselves.

A preview is the rules applied to a copy of the seat's view: the seat's own
cards this round are carried out by the same steps ``apply`` takes
(``MontanaState._activation_step``, ``_chosen``), then its own Impulse Phase
(``MontanaState._impulse``). Only what the seat can know goes in: the copy
keeps the seat's own cards and drops every other runner's cards and item
hands, so nothing hidden is read, and what they could still change is said
in :attr:`Preview.unknown` instead of being guessed. A "-X" slow-down whose X
is still to be chosen gives two forecasts (X = 1 and the largest X).

The UI renders a :class:`Preview` as text (``ui/board.py``); the property
test (``tests/test_previews.py``) checks that a preview with nothing unknown
gives the facts that applying the choice gives. Like the rules, nothing here
imports a terminal library.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs

from boardgames_tui.engine.derive import evolve

from . import data as D
from .rules import (
    _PARAM_ACTION,
    CardOutcome,
    Choice,
    MontanaState,
    Phase,
    PlaceToken,
    PlayCard,
    PlayNoMore,
    Recover,
    Reduce,
    Stage,
    Target,
)

#: What a preview cannot know, as :attr:`Preview.unknown` names it (the board says it in words).
FACE_DOWN = "the other runners' face-down cards"
OTHERS_TO_ACT = "the other runners' cards still to act"
OTHERS_TO_PLAY = "the cards the other runners have still to play"
RIGHT_CARD = "your right card, if you play one"
TORMENTA = "a Tormenta de Nieve against your item"
TOKEN_SECTION = "the section you will choose for the token"


@attrs.frozen
class CardFact:
    """One of the seat's own cards as the rules carry it out in the preview.

    ``level``: the speed level (data.GREEN..RED) it meets when it activates;
    ``reason``: why it does nothing ('' when it acts), in the rules' words
    (``MontanaState.cannot_activate``; Rulebook 1.2 and Abilities).
    """

    card: int
    half: int
    level: int
    reason: str


@attrs.frozen
class Forecast:
    """The seat's sled once its own cards and its Impulse Phase this round are carried out.

    ``slow``: the X this forecast takes for a "-X" slow-down still to be
    chosen (0: none to choose). ``position``: sections (0 the start, above
    the track's length past the finish line); ``box``: the acceleration box
    (0-based) and ``level`` its speed level; ``health`` the health then and
    ``damage`` the health lost on the way (a destroyed sled loses all it
    had); ``destroyed``: the sled is destroyed on the way; ``finished``: it
    is over the finish line; ``track_accel``: boxes gained from the track in
    the Impulse Phase; ``cards``: the seat's cards from the previewed one on,
    in the order they act.
    """

    slow: int
    position: int
    box: int
    level: int
    health: int
    damage: int
    destroyed: bool
    finished: bool
    track_accel: int
    cards: tuple[CardFact, ...]
    speed_box: int
    """The box the sled advances at in the Impulse Phase (its box when the cards are done)."""
    moved: int = 0
    """Sections the cards moved the sled (Caña Mágica, Carnero), before the Impulse Phase."""


@attrs.frozen
class Preview:
    """What ``action`` of ``seat`` will do to its sled this round (:func:`preview`).

    ``forecasts``: one :class:`Forecast`, or two when a slow-down's X is
    still to be chosen (X = 1 first, then the largest X); ``unknown``: what
    the forecasts leave out because the seat cannot know it yet, or has
    yet to choose (the constants above). The seat's cards that have
    already acted this round are in the state the forecasts start from.
    """

    seat: int
    action: Any
    forecasts: tuple[Forecast, ...]
    unknown: tuple[str, ...] = ()

    @property
    def certain(self) -> bool:
        """Whether nothing unknown or still to be chosen can change the forecast."""
        return not self.unknown and len(self.forecasts) == 1


def preview(view: MontanaState, seat: int, action: Any) -> Preview | None:
    """The :class:`Preview` of ``action`` (a legal action of ``seat``) on ``view``.

    ``view`` is the seat's own view (``state.view(seat)``) or the full
    state: only the seat's own cards, public facts and the rules are used.
    None for actions that do nothing to the sled this round (items drawn,
    kept or discarded, reaction windows, the next race). Rulebook: Round of
    Play 1.3 and 2.
    """
    if seat is None or view.finished(seat):
        return None
    if view.phase == Phase.PLAY and isinstance(action, (PlayCard, PlayNoMore)):
        mine = view.played[seat]
        if isinstance(action, PlayCard):
            mine = (*mine, (action.card, action.half))
        copy = _solo(view, seat, mine, tuple(CardOutcome.PENDING for _c in mine), 0, Stage.START, ())
        unknown = _others_unknown(view, seat)
        if isinstance(action, PlayCard) and len(mine) == 1 and _may_play_right(view, seat, action):
            unknown = (*unknown, RIGHT_CARD)
        first = len(view.played[seat]) if isinstance(action, PlayCard) else 0
    elif isinstance(action, (Reduce, Recover, Target, PlaceToken)):
        act = view.activating()
        if act is None or act[0] != seat:
            return None
        copy = _solo(
            view, seat, view.played[seat], view.outcomes[seat], view.slot, view.stage, view.params
        )._chosen(action)
        unknown = _others_unknown(view, seat)
        first = view.slot
    else:
        return None
    if _tormenta_possible(view, seat, copy):
        unknown = (*unknown, TORMENTA)
    later: set[str] = set()
    forecasts = tuple(
        Forecast(
            slow=slow,
            position=st.position[seat],
            box=st.box[seat],
            level=st.level(seat),
            health=st.health[seat],
            damage=lost,
            destroyed=st.destructions[seat] > view.destructions[seat],
            finished=st.finished(seat),
            track_accel=accel,
            cards=cards,
            speed_box=speed_box,
            moved=at - view.position[seat],
        )
        for st, slow, lost, cards, accel, speed_box, at in _resolve(copy, seat, first, later)
    )
    return Preview(seat, action, forecasts, unknown + tuple(sorted(later)))


def _solo(
    view: MontanaState,
    seat: int,
    played: tuple[tuple[int, int], ...],
    outcomes: tuple[CardOutcome, ...],
    slot: int,
    stage: Stage,
    params: tuple[int, ...],
) -> MontanaState:
    """A copy where only ``seat``'s cards act: the others' played cards and items are left out
    (hidden, or theirs to decide), so no reaction window opens."""
    n = view.players
    return evolve(
        view,
        phase=Phase.ACTIVATE,
        order=(seat,),
        cursor=0,
        slot=slot,
        stage=stage,
        params=params,
        reacted=(),
        to_move=(),
        played=tuple(played if s == seat else () for s in range(n)),
        outcomes=tuple(outcomes if s == seat else () for s in range(n)),
        items=tuple(view.items[s] if s == seat else () for s in range(n)),
        log=(),
    )


def _others_unknown(view: MontanaState, seat: int) -> tuple[str, ...]:
    """What the other runners may still do this round that the seat cannot know."""
    others = [s for s in view.racing() if s != seat]
    if view.phase == Phase.PLAY:
        if any(view.played[s] for s in others):
            return (FACE_DOWN,)
        if any(s in view.to_move for s in others):
            return (OTHERS_TO_PLAY,)
        return ()
    pending = any(
        not out or (s == view.order[view.cursor] and i == view.slot)
        for s in others
        for i, out in enumerate(view.outcomes[s])
    )
    return (OTHERS_TO_ACT,) if pending else ()


def _may_play_right(view: MontanaState, seat: int, action: PlayCard) -> bool:
    """Whether the seat could still add a right card after ``action`` (Rulebook 1.2)."""
    if view.one_card[seat]:
        return False
    hand = [c for c in view.hand[seat] if c != action.card]
    items = list(view.items[seat])
    if action.card in items:
        items.remove(action.card)
    return bool(hand) or any(D.item_kind(c) not in D.IMMEDIATE_KINDS for c in items)


def _tormenta_possible(view: MontanaState, seat: int, copy: MontanaState) -> bool:
    """Whether an item card of the seat still to start could be cancelled (an opponent holds items)."""
    if view.purist or not any(view.items[o] for o in view.racing() if o != seat):
        return False
    waiting = [
        c
        for i, (c, _h) in enumerate(copy.played[seat])
        if i > copy.slot or (i == copy.slot and copy.stage == Stage.START)
    ]
    return any(D.is_item(c) for c in waiting)


def _resolve(
    st: MontanaState, seat: int, first: int, later: set[str], slow: int = 0, lost: int = 0, cards: tuple = ()
) -> Iterator[tuple[MontanaState, int, int, tuple[CardFact, ...], int, int, int]]:
    """Carry the copy's cards out step by step, then the seat's Impulse Phase.

    Yields (state after the Impulse Phase, X taken for a slow-down, health
    lost, the seat's cards from ``first`` on, track acceleration, the box
    of the Impulse Phase) per
    forecast. A "-X" slow-down still to choose branches (X = 1 and the
    largest X); a choice that cannot change the seat's own sled (a target, a
    card or an item to take) takes its first option; so does a token's
    section, noted in ``later``.
    """
    while st.cursor < len(st.order):
        if st.to_move:
            nxt = st._next_param()
            if nxt is None:  # pragma: no cover - the solo copy opens no reaction window
                return
            kind, options = nxt
            if kind == Choice.REDUCE and len(options) > 1 and not slow:
                for x in dict.fromkeys((options[0], options[-1])):
                    yield from _resolve(st._chosen(Reduce(x)), seat, first, later, x, lost, cards)
                return
            if kind == Choice.SECTION:
                later.add(TOKEN_SECTION)
            st = st._chosen(_PARAM_ACTION[kind](options[0]))
            continue
        if st.stage == Stage.START and first <= st.slot < len(st.played[seat]):
            card, half = st.played[seat][st.slot]
            cards = (*cards, CardFact(card, half, st.level(seat), st.cannot_activate(seat, card, half)))
        before, wrecks = st.health[seat], st.destructions[seat]
        st = st._activation_step()
        lost += _lost(before, st.health[seat], st.destructions[seat] > wrecks)
    accel, speed_box, at = 0, st.box[seat], st.position[seat]
    if not st.finished(seat):
        before, box, wrecks = st.health[seat], st.box[seat], st.destructions[seat]
        st = st._impulse(seat)
        wrecked = st.destructions[seat] > wrecks
        lost += _lost(before, st.health[seat], wrecked)
        accel = 0 if wrecked else st.box[seat] - box
    yield st, slow, lost, cards, accel, speed_box, at


def _lost(before: int, after: int, destroyed: bool) -> int:
    """Health lost in one step: all of it when the sled was destroyed (health restored after)."""
    return before if destroyed else max(0, before - after)
