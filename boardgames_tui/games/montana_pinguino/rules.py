"""The engine of Montaña Pingüino (Rulebook: the English translation; Sheet: docs/games/montana_pinguino.md).

A round (Rulebook: Round of Play) is:

1. Support Phase
   1.1 item draw, in turn order from the first runner (not in round 1, not
       in the Purist variant): ``DrawItem``; last place draws 3 and keeps 1
       (``KeepItem``); over the 2-item limit, ``DiscardItem``.
   1.2 every runner still racing plays, in secret and at the same time, a
       left card and optionally a right card (``PlayCard``, ``PlayNoMore``).
   1.3 the cards are revealed and activate in turn order, left then right;
       a card may need its runner's choices (``Reduce``, ``Recover``,
       ``Target``, ``PlaceToken``) and may open a reaction window
       (``PlayTormenta`` against an item, ``PlayIglu`` against damage,
       ``Pass``).
2. Impulse Phase: advance, speed check, track acceleration (automatic).
3. End of Round: the race ends if a sled crossed the finish line; otherwise
   discard, remove tokens, refill hands, pass the first-runner token
   (automatic).

In the Championship a finished race stops in ``Phase.RACE_OVER``, a public
step (``NextRace``, no curtain) where the table looks at its result and last
round before the next race is dealt.

The state's ``phase`` (:class:`Phase`) follows 1.1-1.3; in 1.3 its ``stage``
(:class:`Stage`) says where the activating card stands. ``apply`` hands each
kind of action to the method named after its rule (``_STEPS``), and an item
card's ability is the method named after the card (``_ITEM_ABILITIES``).

Seats are numbered 0..n-1; "to the left" is the next seat number.
Everything a view hides is replaced by :data:`~.data.HIDDEN` (-1).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sized
from enum import StrEnum
from typing import Any, ClassVar

import attrs

from boardgames_tui.engine.core import (
    HIDDEN,
    Event,
    IllegalAction,
    Outcome,
    Pass,
    State,
    mask_log,
    seat_letter,
)
from boardgames_tui.engine.derive import evolve, replace_at
from boardgames_tui.engine.rng import Rng
from boardgames_tui.engine.speed import legal_cached
from boardgames_tui.i18n import N_, shapes

from . import data as D


class Phase(StrEnum):
    """The state machine's phase (the ``phase`` field), by the Round of Play."""

    DRAW = "draw"
    """1.1: order[cursor] draws from the item deck."""
    KEEP = "keep"
    """1.1: order[cursor] keeps one of the cards in ``drawn``."""
    LIMIT = "limit"
    """1.1: order[cursor] discards down to 2 items."""
    PLAY = "play"
    """1.2: secret play of left/right cards by every seat in to_move."""
    ACTIVATE = "activate"
    """1.3: cards activate (choices and reaction windows)."""
    RACE_OVER = "race over"
    """Championship: a race has ended; the table looks at it before the next one."""
    OVER = "over"
    """The game has ended."""


class Stage(StrEnum):
    """Where the activation of one card stands (the ``stage`` field, in ``Phase.ACTIVATE``)."""

    START = "start"
    """About to check the card's speed range and whether it can be carried out."""
    TORMENTA = "tormenta"
    """Window: opponents may cancel this item card with Tormenta de Nieve."""
    PARAMS = "params"
    """The card's runner is choosing X, cards, a target or a section."""
    IGLU = "iglu"
    """Window: the runners the card would harm may block it with Iglú."""


class CardOutcome(StrEnum):
    """What became of a played card (the ``outcomes`` field); PENDING is falsy."""

    PENDING = ""
    ACTED = "acted"
    OUT_OF_RANGE = "out of range"
    NOT_POSSIBLE = "could not be carried out"
    CANCELLED = "cancelled by Tormenta de Nieve"


class Choice(StrEnum):
    """A choice a card asks of its runner before it is carried out (see ``MontanaState._plan``)."""

    REDUCE = "reduce"
    """X of a '-X acceleration, minimum 1' card."""
    RECOVER = "recover"
    """An action card from the discard pile (recover icons)."""
    TARGET = "target"
    """An opponent (hit icons, Pez Espada, Caña Mágica)."""
    SECTION = "section"
    """The section of Erizo's spike or Hielo's ice token."""
    ITEM = "item"
    """An item from the item discard pile (Ardilla)."""


#: Championship points by place, by number of runners (Rulebook: Championship Mode).
CHAMPIONSHIP_POINTS = {2: (7, 3), 3: (7, 5, 3), 4: (7, 5, 3, 1)}
CHAMPIONSHIP_RACES = 3
HAND_SIZE = 5
#: ``decided_by`` values that are no tie-break (Outcome.tiebreak is then "").
#: The shapes of the English texts these rules (and ``data``) write: log lines, prompts,
#: score rows, reaction notices, card texts. Marked for translation; the rules keep
#: writing plain English (a save keeps only actions, a state keeps English) and the app
#: translates a finished text by finding the shape it was made from
#: (boardgames_tui.i18n.translate_text). Nothing here is read by the rules themselves.
TEXTS = shapes(
    # speeds, places, card texts (data.py), inside other texts
    N_("green"),
    N_("yellow"),
    N_("orange"),
    N_("red"),
    N_("any speed"),
    N_("green-yellow"),
    N_("green-orange"),
    N_("green-red"),
    N_("yellow-orange"),
    N_("yellow-red"),
    N_("orange-red"),
    N_("{level} (box {box})"),
    N_("top half up"),
    N_("bottom half up"),
    N_("top {first} / bottom {second}"),
    N_("lose {n} health"),
    N_("+{n} acceleration"),
    N_("+{n} conduction"),
    N_("-X acceleration (min 1), shuffle discards into deck at round end"),
    N_("-X acceleration (min 1), take 1 discarded card to hand"),
    N_("-X acceleration (min 1), take 2 discarded cards to hand"),
    N_("an opponent at your position loses {n} health"),
    N_("an opponent at distance 0-1 loses {n} health"),
    N_("take 1 item of your choice from the item discard pile"),
    N_("every runner at distance 1-2 loses 1 health and 3 acceleration"),
    N_("move 1 section forward; the opponent furthest ahead moves 1 back"),
    N_("move 1 section forward; opponents in the section you stop in lose 1 health"),
    N_("put a spike token on your section or one next to it"),
    N_("put an ice token on your section or one next to it"),
    N_("immediate: block an opponent's card's effect on you"),
    N_("every runner at distance 1-5 loses 1 health"),
    N_("one opponent of your choice loses 1 health and 3 acceleration"),
    N_("recover 1 health"),
    N_("immediate: cancel an opponent's item card"),
    N_("a face-down card"),
    N_("the start"),
    N_("past the finish line"),
    N_("section {section}"),
    N_("the track"),
    N_("{a} and {b}"),
    N_("{player}'s {card}"),
    N_("their own card {card}"),
    N_("the spike token on section {section}"),
    N_("taking the {what} on section {section} at {level} (limit {limit})"),
    N_("fast curve"),
    N_("slow curve"),
    N_("iced straight"),
    N_("iced fast curve"),
    N_("iced slow curve"),
    N_("the tree on section {section} at {level}"),
    N_("standard"),
    N_("heavy"),
    N_("light"),
    # the log
    N_("Runners: {runners}. Track: {track}."),
    N_("{player} rides {runner} ({side} side)"),
    N_("The race begins; {player} is the main runner and starts."),
    N_("Race {race} of {races} begins; {player} is the main runner and starts."),
    N_("your hand: {cards}"),
    N_("Round {round} begins; {player} takes the first-runner token."),
    N_("{player} cannot draw: no item cards are left."),
    N_("The item discard pile is shuffled into a new item deck."),
    N_("{player} is in last place and draws {count} item cards to keep one."),
    N_("you drew {cards}"),
    N_("{player} draws an item card."),
    N_("{player} keeps one item and discards {cards}."),
    N_("you keep {card}"),
    N_("{player} is over the 2-item limit and discards {card}."),
    N_("{player} has no card to play this round."),
    N_("{player} places a card face down on the left."),
    N_("{player} places a card face down on the right."),
    N_("you play {card}"),
    N_("{player} reveals left {left}."),
    N_("{player} reveals left {left}; right {right}."),
    N_("{player}'s left card {card} does nothing: {reason}."),
    N_("{player}'s right card {card} does nothing: {reason}."),
    N_("speed {level} is outside its range ({levels})"),
    N_("the sled has all its health"),
    N_("the sled has already finished"),
    N_("no runner is in range"),
    N_("the marker is on the first box"),
    N_("not enough cards in the discard pile"),
    N_("the item discard pile is empty"),
    N_("no token can be placed"),
    N_("no opponent is in range"),
    N_("{player} plays Tormenta de Nieve: {owner}'s {card} is cancelled."),
    N_("{player} plays Iglú and is not affected by {card}."),
    N_("{player}'s {card} acts: {text}."),
    N_("{player} gains {n} conduction (now {total})."),
    N_("{player} takes {card} from the discard pile back to hand."),
    N_("{player} will shuffle the discard pile into the deck at the end of the round."),
    N_("{player} takes {card} from the item discard pile."),
    N_("{player} is pushed back to {place}."),
    N_("{player} puts an ice token on section {section}."),
    N_("{player} puts a spike token on section {section}."),
    N_("{player} repairs the sled: health {health}."),
    N_("{player}: {n} acceleration from {cause}: {old} -> {new}."),
    N_("{player} takes {n} damage from {cause}: health {health}."),
    N_(
        "{player}'s sled is destroyed: back to the first box, health restored; "
        "no action cards drawn this round and only one card next round."
    ),
    N_("{player} moves forward to {place} with {cause}."),
    N_("{player} crosses the finish line during the Support Phase at {speed}!"),
    N_("{player} crosses the finish line in the Impulse Phase at {speed}!"),
    N_("Impulse Phase."),
    N_("{player} advances 1 section at {level}: {start} -> {end}."),
    N_("{player} advances {n} sections at {level}: {start} -> {end}."),
    N_("{player} gets no track acceleration."),
    N_("{player} shuffles the discard pile into the action deck."),
    N_("{player}'s sled was destroyed this round: no cards drawn."),
    N_("{player} draws 1 action card."),
    N_("{player} draws {n} action cards."),
    N_("{player}'s action deck is empty: 1 card short, the hand stays at {size}."),
    N_("{player}'s action deck is empty: {n} cards short, the hand stays at {size}."),
    N_("The race is over: {player} wins ({decided})."),
    N_("The race is over: {players} win ({decided})."),
    N_("Race {race} is over. {results}"),
    N_("{player} place {place}: +{points} points"),
    N_("The championship is over: {player} wins ({decided})."),
    N_("The championship is over: {players} win ({decided})."),
    N_("Everyone looks at race {race}'s result; {player} will start race {next}."),
    N_("photo finish: shared victory"),
    N_("only runner"),
    N_("crossing the line"),
    N_("crossing the line first"),
    N_("crossing in the Support Phase with an item"),
    N_("speed"),
    N_("acceleration"),
    N_("health"),
    N_("furthest ahead"),
    N_("photo finish"),
    N_("shared victory"),
    N_("most first places"),
    N_("most points"),
    # reaction windows
    N_("Runner {seat} plays {card}: {text}. Opponents may cancel it with Tormenta de Nieve."),
    N_("Runner {seat}'s {card} would hit {targets}: {text}. A runner hit may block it with Iglú."),
    N_(
        "Runner {seat}'s {card} would hit {targets}: {text}. A runner hit may block it with Iglú. "
        "Already blocked by {blockers}."
    ),
    # the status line
    N_("Wait"),
    N_("The game is over"),
    N_("Race {race} is over: look, then start race {next}"),
    N_("Draw 3 items and keep 1"),
    N_("Draw an item card"),
    N_("Keep one of the items you drew"),
    N_("Discard an item (limit 2)"),
    N_("Play your one card face down (sled destroyed)"),
    N_("Play your left card face down"),
    N_("Play a right card, or none"),
    N_("Cancel this item with Tormenta de Nieve?"),
    N_("Block this card with Iglú?"),
    N_("Choose how much to slow down"),
    N_("Choose a card to take back"),
    N_("Choose the target"),
    N_("Choose the token's section"),
    N_("Choose an item to take"),
    N_("Choose an action"),
    # the score breakdown and how the game ended
    N_("{runner}, {side} side"),
    N_("Race {race}: place {place}, {points} points ({end})"),
    N_("Total {points} points, 1 first place"),
    N_("Total {points} points, {count} first places"),
    N_("Place {place}: {end}"),
    N_("Sled destroyed 1 time"),
    N_("Sled destroyed {count} times"),
    N_("crossed the line in round {round} at {level}, box {box}, health {health}"),
    N_(
        "crossed the line in round {round} with an item in the Support Phase at {level}, box {box}, health {health}"
    ),
    N_("destroyed crossing"),
    N_("at the start at {level}, box {box}, health {health}"),
    N_("on section {section} of {length} at {level}, box {box}, health {health}"),
    N_("Three races of the championship were run."),
    N_("A sled crossed the finish line."),
    # the decisions, as the replay and the text record name them
    N_("draw from the item deck"),
    N_("keep {card}"),
    N_("discard {card}"),
    N_("play {card}, top half up"),
    N_("play {card}, bottom half up"),
    N_("play {card}"),
    N_("play no second card"),
    N_("reduce acceleration by {n}"),
    N_("take back {card}"),
    N_("target runner {seat}"),
    N_("put the token on section {section}"),
    N_("play Iglú (block it)"),
    N_("play Tormenta de Nieve (cancel it)"),
    N_("start the next race"),
    # refusals of a setup
    N_("the track needs 1-{most} track cards, not {count}"),
    N_("pass"),
)
NO_TIEBREAK = ("crossing the line", "most points", "only runner")
ITEM_LIMIT = 2


# ==========================================================================
# Actions


@attrs.frozen
class DrawItem:
    """Draw from the item deck: 1 card, or 3 for a runner in last place (Rulebook 1.1)."""

    def __str__(self) -> str:
        return "draw from the item deck"


@attrs.frozen
class KeepItem:
    """Keep ``card`` (an item id) of the three just drawn; the other two are discarded (Rulebook 1.1)."""

    card: int

    def __str__(self) -> str:
        return f"keep {D.card_name(self.card)}"


@attrs.frozen
class DiscardItem:
    """Discard item ``card`` to get back to the 2-item limit (Rulebook 1.1)."""

    card: int

    def __str__(self) -> str:
        return f"discard {D.card_name(self.card)}"


@attrs.frozen
class PlayCard:
    """Play ``card`` face down: the left card first, then the right one (Rulebook 1.2).

    ``half`` is the orientation of a double card: 0 puts the printed top
    half up, 1 turns the card so the other half is up. Always 0 for single
    cards and items.
    """

    card: int
    half: int = 0

    def __str__(self) -> str:
        name = D.card_name(self.card)
        if D.is_action(self.card) and D.ACTION_CARDS[self.card].is_double:
            return f"play {name}, {'top' if self.half == 0 else 'bottom'} half up"
        return f"play {name}"


@attrs.frozen
class PlayNoMore:
    """Play no right card this round (the second card is optional, Rulebook 1.2)."""

    def __str__(self) -> str:
        return "play no second card"


@attrs.frozen
class Reduce:
    """Choose X for a '-X acceleration, minimum 1' card: move the marker ``amount`` boxes down."""

    amount: int

    def __str__(self) -> str:
        return f"reduce acceleration by {self.amount}"


@attrs.frozen
class Recover:
    """Take ``card`` from a discard pile to hand: an action card (recover icons) or an item (Ardilla)."""

    card: int

    def __str__(self) -> str:
        return f"take back {D.card_name(self.card)}"


@attrs.frozen
class Target:
    """Aim the card being activated at opponent ``seat`` (hit icons, Pez Espada, Caña Mágica)."""

    seat: int

    def __str__(self) -> str:
        return f"target runner {seat_letter(self.seat)}"


@attrs.frozen
class PlaceToken:
    """Put the card's effect token (Erizo: spike, Hielo: ice) on track ``section`` (1-based)."""

    section: int

    def __str__(self) -> str:
        return f"put the token on section {self.section}"


@attrs.frozen
class PlayIglu:
    """Immediate: play an Iglú from hand to block the revealed card's effect on you."""

    def __str__(self) -> str:
        return "play Iglú (block it)"


@attrs.frozen
class PlayTormenta:
    """Immediate: play a Tormenta de Nieve from hand to cancel the revealed item card."""

    def __str__(self) -> str:
        return "play Tormenta de Nieve (cancel it)"


@attrs.frozen
class NextRace:
    """Championship: after looking at the finished race together, start the next one."""

    def __str__(self) -> str:
        return "start the next race"


ACTION_TYPES = (
    DrawItem,
    KeepItem,
    DiscardItem,
    PlayCard,
    PlayNoMore,
    Reduce,
    Recover,
    Target,
    PlaceToken,
    PlayIglu,
    PlayTormenta,
    NextRace,
    Pass,
)


# ==========================================================================
# Public helpers (also used by the UI)


def speed_level(state: MontanaState, seat: int) -> int:
    """The speed level (data.GREEN..RED) of ``seat``'s marker (Sheet: Speedometer)."""
    return D.speed_level(state.sides[seat], state.box[seat])


def section_at(state: MontanaState, position: int) -> D.Section | None:
    """The track section at ``position`` (1..length), or None for the start or past the finish."""
    if 1 <= position <= state.length:
        return state.sections[position - 1]
    return None


def section_kind(state: MontanaState, position: int) -> str:
    """'start', 'finish' (past the last section), 'straight', 'fast curve' or 'slow curve'."""
    if position <= 0:
        return "start"
    sec = section_at(state, position)
    if sec is None:
        return "finish"
    return f"{sec.curve} curve" if sec.curve else "straight"


def effective_limit(state: MontanaState, position: int) -> int | None:
    """The speed limit level of a section with its ice token, before conduction; None when none.

    Ice: a straight gets a yellow limit, a yellow limit becomes green
    (Rulebook: Effect Tokens).
    """
    sec = section_at(state, position)
    if sec is None:
        return None
    limit = D.CURVE_LIMIT[sec.curve] if sec.curve else None
    if (position, D.ICE) in state.tokens:
        limit = D.YELLOW if limit is None else D.GREEN
    return limit


def distance(state: MontanaState, a: int, b: int) -> int | None:
    """Sections between seats a and b (|pa - pb|), or None if either sled has finished (Sheet)."""
    if state.finished(a) or state.finished(b):
        return None
    return abs(state.position[a] - state.position[b])


def distances_from(state: MontanaState, seat: int) -> tuple[int | None, ...]:
    """:func:`distance` from ``seat`` to every seat (None for finished sleds and for itself)."""
    return tuple(None if o == seat else distance(state, seat, o) for o in range(state.players))


def card_effect_text(card: int, half: int | None = None) -> str:
    """A card's effect in words (see :func:`data.card_text`)."""
    return D.card_text(card, half)


@functools.cache  # static card data: the same words every time
def describe_played(card: int, half: int) -> str:
    """'Jimy 8, bottom half up (orange-red: ...)': a played card as the log names it."""
    if card == HIDDEN:
        return "a face-down card"
    name = D.card_name(card)
    if D.is_action(card):
        ac = D.ACTION_CARDS[card]
        up = ("top half up, " if half == 0 else "bottom half up, ") if ac.is_double else ""
        return f"{name} ({up}{D.half_text(ac.halves[half])})"
    return f"{name} ({D.card_text(card)})"


def in_speed_range(state: MontanaState, seat: int, card: int, half: int = 0) -> bool:
    """Whether ``card`` played with ``half`` up would be in its speed range at ``seat``'s speed now.

    Items have no speed range (always True). Rulebook 1.2: action cards only
    activate within their range.
    """
    if not D.is_action(card):
        return True
    return state.level(seat) in D.ACTION_CARDS[card].halves[half].levels


def impulse_forecast(state: MontanaState, seat: int) -> tuple[int, int, int]:
    """What the Impulse Phase would do to ``seat`` at its speed and conduction now.

    Returns (end position, damage taken, track acceleration gained). The
    damage is the true total, even beyond the health left (the sled is then
    destroyed: ``damage >= state.health[seat]``, and a destroyed sled gains
    no track acceleration, so that figure is 0). Works on views (no chance
    involved). Rulebook 2.1-2.3, Sled Destruction.
    """
    if state.finished(seat):
        return state.position[seat], 0, 0
    level = state.level(seat)
    start = state.position[seat]
    end = start + D.sections_for_level(level)
    room = 1000  # health that never runs out, so every point of damage is counted
    st = evolve(state, health=replace_at(state.health, seat, room))
    accel = 0
    for sec in range(start + 1, min(end, state.length) + 1):
        st = st._section_hits(seat, sec, level)
        accel += state.sections[sec - 1].accel
    damage = room - st.health[seat]
    if damage >= state.health[seat]:
        accel = 0
    return end, damage, accel


def _speed_text(side: str, box: int) -> str:
    return f"{D.LEVEL_NAMES[D.speed_level(side, box)]} (box {box + 1})"


def _ref(seat: int) -> str:
    return f"{{{seat:d}}}"


# ==========================================================================
# The state


@attrs.frozen(eq=True, hash=False, slots=False)
class MontanaState(State):
    """A Montaña Pingüino game at one moment.

    Per-seat tuples are indexed by seat (0..players-1). Positions count
    sections: 0 is before the start line, 1..length the track sections,
    more than length past the finish line.
    """

    game_id: ClassVar[str] = "montana_pinguino"

    characters: tuple[str, ...]
    """Character of each seat ('Jimy', 'Doffy', 'Pudú', 'Kay'), dealt at random."""
    sides: tuple[str, ...]
    """Speedometer side of each seat: 'standard', 'heavy' or 'light' (data.SIDES)."""
    track: tuple[int, ...]
    """Track card ids in race order (data.TRACK_CARDS); sections 2i+1, 2i+2 are card i's."""
    purist: bool
    """Purist variant: no item cards at all."""
    championship: bool
    """Championship variant: 3 races, each until every sled has finished."""
    race: int
    """The current race, 1-based (always 1 outside the Championship)."""
    round: int
    """The current round of the race, 1-based."""
    rounds_total: int
    """Rounds played over all races so far, the current one included."""
    phase: Phase
    """Where the round stands (:class:`Phase`)."""
    first: int
    """Seat holding the first-runner token (the main runner this round)."""
    order: tuple[int, ...]
    """Seats racing this round in turn order, from the first runner to the left."""
    cursor: int
    """DRAW/KEEP/LIMIT/ACTIVATE: index in ``order`` of the seat being dealt with."""
    slot: int
    """ACTIVATE: which played card of order[cursor] activates (0 left, 1 right)."""
    stage: Stage
    """ACTIVATE: where the activating card stands (:class:`Stage`)."""
    params: tuple[int, ...]
    """ACTIVATE: choices made so far for the activating card (X, cards, target seat, section)."""
    reacted: tuple[int, ...]
    """Seats that played Iglú/Tormenta in the open reaction window."""
    position: tuple[int, ...]
    """Sled position of each seat (0 start, 1..length sections, > length finished)."""
    box: tuple[int, ...]
    """Speedometer marker of each seat: acceleration box, 0-based (speed_level gives its level)."""
    health: tuple[int, ...]
    """Health of each sled, 1..max at rest (max = data.SIDES[side].health)."""
    conduction: tuple[int, ...]
    """Conduction gained this round by each seat (raises every limit by as many levels)."""
    hand: tuple[tuple[int, ...], ...]
    """Action cards in each seat's hand (ids, sorted); HIDDEN in views of other seats."""
    deck: tuple[tuple[int, ...], ...]
    """Each seat's action deck, top first; sorted in its own view, HIDDEN in others'."""
    discard: tuple[tuple[int, ...], ...]
    """Each seat's action discard pile (public, in the order discarded)."""
    items: tuple[tuple[int, ...], ...]
    """Item cards in each seat's hand (ids, sorted); HIDDEN in views of other seats."""
    item_deck: tuple[int, ...]
    """The item deck, top first; all HIDDEN in views."""
    item_discard: tuple[int, ...]
    """The item discard pile (public)."""
    drawn: tuple[int, ...]
    """KEEP: the cards order[cursor] drew and is choosing from; HIDDEN for others."""
    played: tuple[tuple[tuple[int, int], ...], ...]
    """Cards each seat played this round as (card, half), left first; (HIDDEN, 0) in
    other seats' views until all are revealed (phase PLAY)."""
    outcomes: tuple[tuple[CardOutcome, ...], ...]
    """Per seat and played card: what became of it (:class:`CardOutcome`)."""
    tokens: tuple[tuple[int, str], ...]
    """Effect tokens on the track: (section, 'ice' | 'spike'), sorted."""
    spiked: tuple[tuple[int, int], ...]
    """(seat, section) pairs already hurt by a spike this round (at most once each)."""
    destroyed: tuple[bool, ...]
    """Sleds destroyed this round (they draw no action cards at its end)."""
    one_card: tuple[bool, ...]
    """Seats that may play only one card this round (destroyed last round)."""
    shuffle_back: tuple[bool, ...]
    """Seats that shuffle their discard pile into their deck at the end of this round."""
    finish: tuple[tuple[int, ...], ...]
    """() while racing; else (round, phase 0 support / 1 impulse, level, box, health)
    at crossing; health 0 for a sled destroyed by the advance that crossed the line."""
    places: tuple[tuple[int, ...], ...]
    """Each finished race: the place (1-based, ties share) of every seat."""
    race_ends: tuple[tuple[str, ...], ...]
    """Each finished race: how it ended for every seat, in words (see :meth:`race_end_text`)."""
    points: tuple[int, ...]
    """Championship points of each seat so far."""
    firsts: tuple[int, ...]
    """First places of each seat so far (Championship tie-break)."""
    destructions: tuple[int, ...]
    """Sled destructions of each seat over the whole game."""
    result: tuple[int, ...]
    """Winners once the game is over (() before)."""
    decided_by: str
    """Once over: what decided the winner ('speed', 'acceleration', 'health', 'photo finish' ...)."""
    to_move: tuple[int, ...]
    """Seats that must decide now."""
    log: tuple[Event, ...]
    """The log; seat names are {0}, {1} ..."""
    rng: Rng
    """The generator (blank in views)."""
    barrier_count: int = 0
    """Undo barriers the rules have marked (an item drawn, the played cards
    revealed): an apply that raises it cannot be undone (engine ``State.is_barrier``)."""
    _legal_cache: dict[int, list[Any]] | None = attrs.field(default=None, init=False, eq=False, repr=False)
    """Legal actions by seat, remembered on first use (see ``engine.speed``); never copied to a derived state."""

    # ---- basic facts ---------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.characters)

    @property
    def sections(self) -> tuple[D.Section, ...]:
        """The track sections, index 0 = section 1."""
        return _sections_cache(self.track)

    @property
    def length(self) -> int:
        """Number of track sections (2 per track card)."""
        return 2 * len(self.track)

    def finished(self, seat: int) -> bool:
        """Whether ``seat``'s sled has crossed the finish line this race."""
        return self.position[seat] > 2 * len(self.track)

    def racing(self) -> tuple[int, ...]:
        """Seats whose sled has not finished, by seat number."""
        limit = 2 * len(self.track)
        return tuple(s for s in range(len(self.position)) if self.position[s] <= limit)

    def speedometer(self, seat: int) -> D.Speedometer:
        """The speedometer side of ``seat``."""
        return D.SIDES[self.sides[seat]]

    def max_health(self, seat: int) -> int:
        return D.SIDES[self.sides[seat]].health

    def level(self, seat: int) -> int:
        """Speed level of ``seat`` now."""
        return D.speed_level(self.sides[seat], self.box[seat])

    def last_place(self) -> tuple[int, ...]:
        """Racing seats whose sled is furthest back (Sheet: Last place)."""
        racing = self.racing()
        if not racing:
            return ()
        low = min(self.position[s] for s in racing)
        return tuple(s for s in racing if self.position[s] == low)

    def activating(self) -> tuple[int, int, int] | None:
        """ACTIVATE: (seat, card, half) of the card being activated, else None."""
        if self.phase != Phase.ACTIVATE or self.cursor >= len(self.order):
            return None
        seat = self.order[self.cursor]
        if self.slot >= len(self.played[seat]):
            return None
        card, half = self.played[seat][self.slot]
        return seat, card, half

    @property
    def is_terminal(self) -> bool:
        return self.phase == Phase.OVER

    # ---- contract: legal actions ----------------------------------------

    def legal_actions(self, seat: int) -> list[Any]:
        """Every legal action of ``seat`` now, in the order the UI lists them."""
        if seat not in self.to_move:
            return []
        return legal_cached(self, seat, _legal_now)

    def _legal_play(self, seat: int) -> list[Any]:
        """Rulebook 1.2: any card in hand (a double card either way up) or a non-immediate
        item; after the left card, also no right card at all."""
        out: list[Any] = []
        if self.played[seat]:
            out.append(PlayNoMore())
        for c in self.hand[seat]:
            out.append(PlayCard(c, 0))
            if D.ACTION_CARDS[c].is_double:
                out.append(PlayCard(c, 1))
        for c in _unique_kinds(self.items[seat]):
            if D.item_kind(c) not in D.IMMEDIATE_KINDS:
                out.append(PlayCard(c, 0))
        return out

    def _legal_activate(self, seat: int) -> list[Any]:
        """Rulebook 1.3: a reaction window's answers, or the choices the activating card asks for."""
        window = _WINDOWS.get(self.stage)
        if window is not None:
            kind, react = window
            if any(D.item_kind(c) == kind for c in self.items[seat]):
                return [react(), Pass()]
            return [Pass()]
        nxt = self._next_param() if self.stage == Stage.PARAMS else None
        if nxt is None:  # pragma: no cover - never left waiting without a choice
            return []
        kind_, options = nxt
        return [_PARAM_ACTION[kind_](o) for o in options]

    # ---- contract: apply ----------------------------------------------

    def apply(self, seat: int, action: Any) -> MontanaState:
        """The state after ``seat`` takes ``action``. Raises IllegalAction with a reason.

        Each kind of action is carried out by the method named after its rule
        (see ``_STEPS`` below the class).
        """
        self.check_seat(seat)
        legal = self.legal_actions(seat)
        if action not in legal:
            raise IllegalAction(self._why_illegal(seat, action))
        return _STEPS[type(action)](self, seat, action)

    def _why_illegal(self, seat: int, action: Any) -> str:
        phase = self.phase
        if phase == Phase.RACE_OVER:
            return "the race is over: start the next one"
        if phase == Phase.PLAY:
            if isinstance(action, PlayCard):
                if action.card not in self.hand[seat] and action.card not in self.items[seat]:
                    if not (D.is_action(action.card) or D.is_item(action.card)):
                        return f"there is no card {action.card}"  # a number from an edited save
                    return f"{D.card_name(action.card)} is not in your hand"
                if D.is_item(action.card) and D.item_kind(action.card) in D.IMMEDIATE_KINDS:
                    return f"{D.item_kind(action.card)} is an immediate card: it is played as a reaction"
                return "that card has no such half"
            if isinstance(action, PlayNoMore):
                return "you must play at least one card (the left one)"
            return "now you play a card face down"
        if phase == Phase.DRAW:
            return "now you draw from the item deck"
        if phase == Phase.KEEP:
            return "keep one of the items you drew"
        if phase == Phase.LIMIT:
            return "discard one of your items (at most 2 in hand)"
        if self.stage == Stage.TORMENTA:
            if isinstance(action, PlayTormenta):
                return "you hold no Tormenta de Nieve"
            return "you may only cancel this item with Tormenta de Nieve, or pass"
        if self.stage == Stage.IGLU:
            if isinstance(action, PlayIglu):
                return "you hold no Iglú"
            return "you may only block this card with Iglú, or pass"
        nxt = self._next_param()
        if nxt is not None:
            kind, options = nxt
            return f"choose one of: {', '.join(str(_PARAM_ACTION[kind](o)) for o in options)}"
        return "that is not possible now"

    # ---- Support Phase 1.1: items ----------------------------------------

    def _start_round(self) -> MontanaState:
        """Begin a round: item draw (from round 2, not Purist), else the secret play."""
        order = tuple(
            s for s in ((self.first + i) % self.players for i in range(self.players)) if not self.finished(s)
        )
        st = evolve(self, order=order, cursor=0, slot=0, stage=Stage.START, params=(), reacted=())
        if st.round > 1 and not st.purist:
            return st._next_drawer(0)
        return st._start_play()

    def _next_drawer(self, cursor: int) -> MontanaState:
        st = self
        while cursor < len(st.order):
            if st.item_deck or st.item_discard:
                return evolve(st, phase=Phase.DRAW, cursor=cursor, to_move=(st.order[cursor],))
            st = st._add_log(Event(f"{_ref(st.order[cursor])} cannot draw: no item cards are left."))
            cursor += 1
        return st._start_play()

    def _draw_cards(self, count: int) -> tuple[MontanaState, tuple[int, ...]]:
        """Take up to ``count`` item cards from the deck, reshuffling the discard pile when empty."""
        deck, disc, rng = self.item_deck, self.item_discard, self.rng
        got: list[int] = []
        st = self
        while len(got) < count:
            if not deck:
                if not disc:
                    break
                deck, rng = rng.shuffled(disc)
                disc = ()
                st = st._add_log(Event("The item discard pile is shuffled into a new item deck."))
            got.append(deck[0])
            deck = deck[1:]
        # The item deck's order is hidden: a draw shows the drawer new cards.
        return evolve(
            st, item_deck=deck, item_discard=disc, rng=rng, barrier_count=st.barrier_count + 1
        ), tuple(got)

    def _draw_item(self, seat: int, action: DrawItem) -> MontanaState:
        """Rulebook 1.1: draw 1 item, or 3 for last place."""
        last = seat in self.last_place()
        st, got = self._draw_cards(3 if last else 1)
        names = ", ".join(D.card_name(c) for c in got)
        if last and len(got) > 1:
            st = st._add_log(
                Event(
                    f"{_ref(seat)} is in last place and draws {len(got)} item cards to keep one.",
                    {seat: f"you drew {names}"},
                )
            )
            return evolve(st, phase=Phase.KEEP, drawn=got, to_move=(seat,))
        st = st._add_log(Event(f"{_ref(seat)} draws an item card.", {seat: f"you drew {names}"}))
        return st._gain_items(seat, got)

    def _gain_items(self, seat: int, got: tuple[int, ...]) -> MontanaState:
        """Rulebook 1.1: the drawn item goes to hand; over the 2-item limit, one must go."""
        items = replace_at(self.items, seat, tuple(sorted(self.items[seat] + got)))
        st = evolve(self, items=items, drawn=())
        if len(items[seat]) > ITEM_LIMIT:
            return evolve(st, phase=Phase.LIMIT, to_move=(seat,))
        return st._next_drawer(self.cursor + 1)

    def _keep_item(self, seat: int, action: KeepItem) -> MontanaState:
        """Rulebook 1.1: last place keeps one of the three items drawn and discards the others."""
        card = action.card
        rest = list(self.drawn)
        rest.remove(card)
        names = " and ".join(D.card_name(c) for c in rest)
        st = evolve(self, item_discard=self.item_discard + tuple(rest))
        st = st._add_log(
            Event(
                f"{_ref(seat)} keeps one item and discards {names}.", {seat: f"you keep {D.card_name(card)}"}
            )
        )
        return st._gain_items(seat, (card,))

    def _discard_item(self, seat: int, action: DiscardItem) -> MontanaState:
        """Rulebook 1.1: over the 2-item limit, discard an item."""
        card = action.card
        items = list(self.items[seat])
        items.remove(card)
        st = evolve(
            self, items=replace_at(self.items, seat, tuple(items)), item_discard=self.item_discard + (card,)
        )
        st = st._add_log(Event(f"{_ref(seat)} is over the 2-item limit and discards {D.card_name(card)}."))
        return st._next_drawer(self.cursor + 1)

    # ---- Support Phase 1.2: secret play ----------------------------------

    def _can_play_more(self, seat: int) -> bool:
        n = len(self.played[seat])
        if n >= 2 or (n >= 1 and self.one_card[seat]):
            return False
        return bool(self.hand[seat]) or any(D.item_kind(c) not in D.IMMEDIATE_KINDS for c in self.items[seat])

    def _start_play(self) -> MontanaState:
        """Rulebook 1.2: every racing runner with a card to play chooses in secret.

        Always an undo barrier: who has a card to play is read from hidden hands.
        """
        st = evolve(self, phase=Phase.PLAY, cursor=0, drawn=(), barrier_count=self.barrier_count + 1)
        movers = tuple(s for s in range(self.players) if not self.finished(s) and st._can_play_more(s))
        for s in range(self.players):
            if not self.finished(s) and s not in movers:
                st = st._add_log(Event(f"{_ref(s)} has no card to play this round."))
        st = evolve(st, to_move=movers)
        if not movers:
            return st._reveal()
        return st

    def _play_card(self, seat: int, action: PlayCard) -> MontanaState:
        """Rulebook 1.2: put a card face down, the left one first, then the right one."""
        card = action.card
        hand, items = self.hand, self.items
        if D.is_action(card):
            hand = replace_at(hand, seat, tuple(c for c in hand[seat] if c != card))
        else:
            row = list(items[seat])
            row.remove(card)
            items = replace_at(items, seat, tuple(row))
        played = replace_at(self.played, seat, self.played[seat] + ((card, action.half),))
        side = "left" if len(played[seat]) == 1 else "right"
        event = Event(
            f"{_ref(seat)} places a card face down on the {side}.",
            {seat: f"you play {describe_played(card, action.half)}"},
        )
        st = evolve(
            self,
            hand=hand,
            items=items,
            played=played,
            outcomes=replace_at(self.outcomes, seat, self.outcomes[seat] + (CardOutcome.PENDING,)),
            log=self.log + (event,),
        )
        if st._can_play_more(seat):
            return st
        return st._done_playing(seat)

    def _play_no_more(self, seat: int, action: PlayNoMore) -> MontanaState:
        """Rulebook 1.2: the right card is optional - stop after the left one."""
        return self._done_playing(seat)

    def _done_playing(self, seat: int) -> MontanaState:
        """``seat`` has played its cards; once every runner has, they are revealed."""
        to_move = tuple(s for s in self.to_move if s != seat)
        st = evolve(self, to_move=to_move)
        if not to_move:
            return st._reveal()
        return st

    def _reveal(self) -> MontanaState:
        """Rulebook 1.3: all played cards are turned face up together."""
        st = self
        for s in self.order:
            cards = self.played[s]
            if not cards:
                continue
            parts = [
                f"{'left' if i == 0 else 'right'} {describe_played(c, h)}" for i, (c, h) in enumerate(cards)
            ]
            st = st._add_log(Event(f"{_ref(s)} reveals " + "; ".join(parts) + "."))
        st = evolve(
            st,
            phase=Phase.ACTIVATE,
            cursor=0,
            slot=0,
            stage=Stage.START,
            params=(),
            reacted=(),
            to_move=(),
            barrier_count=st.barrier_count + 1,
        )
        return st._run_activation()

    # ---- Support Phase 1.3: activation -----------------------------------

    def _next_card(self) -> MontanaState:
        return evolve(self, slot=self.slot + 1, stage=Stage.START, params=(), reacted=())

    def _set_outcome(self, seat: int, value: CardOutcome) -> MontanaState:
        row = list(self.outcomes[seat])
        row[self.slot] = value
        return evolve(self, outcomes=replace_at(self.outcomes, seat, tuple(row)))

    def _run_activation(self) -> MontanaState:
        """Rulebook 1.3: cards activate in turn order, left then right, until a runner must
        decide (a choice or a reaction window sets ``to_move``); then the Impulse Phase.

        Every caller enters with ``to_move`` empty: nobody waits yet.
        """
        st = self
        while not st.to_move:
            if st.cursor >= len(st.order):
                return st._impulse_phase()
            st = st._activation_step()
        return st

    def _activation_step(self) -> MontanaState:
        """One step of Rulebook 1.3 for the runner at ``cursor``: its next card starts
        (:meth:`_activate`), makes its choices or is carried out (:meth:`_card_choices`),
        or, its cards done, the next runner's turn comes. Also the preview's step
        (``preview.py``), so that a preview resolves cards as ``apply`` does."""
        seat = self.order[self.cursor]
        if self.slot >= len(self.played[seat]):
            return evolve(self, cursor=self.cursor + 1, slot=0, stage=Stage.START, params=(), reacted=())
        if self.stage == Stage.START:
            return self._activate(seat)
        return self._card_choices(seat)

    def _activate(self, seat: int) -> MontanaState:
        """Rulebook 1.2 and Abilities: an action card acts only within its speed range, and a
        card that cannot be carried out in full does nothing. Opponents holding items may
        first cancel an item card with Tormenta de Nieve (Stage.TORMENTA)."""
        card, half = self.played[seat][self.slot]
        reason = self.cannot_activate(seat, card, half)
        if reason:
            out = CardOutcome.OUT_OF_RANGE if reason.startswith("speed") else CardOutcome.NOT_POSSIBLE
            row = list(self.outcomes[seat])
            row[self.slot] = out
            side = "left" if self.slot == 0 else "right"
            event = Event(f"{_ref(seat)}'s {side} card {D.card_name(card)} does nothing: {reason}.")
            return evolve(
                self,
                outcomes=replace_at(self.outcomes, seat, tuple(row)),
                log=self.log + (event,),
                slot=self.slot + 1,
                stage=Stage.START,
                params=(),
                reacted=(),
            )
        if D.is_item(card) and not self.purist:
            opps = tuple(o for o in self._others_from(seat) if self.items[o])
            if opps:
                return evolve(self, stage=Stage.TORMENTA, to_move=opps, reacted=())
        return evolve(self, stage=Stage.PARAMS)

    def _card_choices(self, seat: int) -> MontanaState:
        """The card's runner makes its choices (one with a single option is made for them);
        then the runners it would harm may block it with Iglú (Stage.IGLU); else it is
        carried out (Rulebook: Applying Abilities)."""
        card, half = self.played[seat][self.slot]
        nxt = self._next_param()
        if nxt is not None:
            options = nxt[1]
            if len(options) == 1:
                return evolve(self, params=self.params + (options[0],))
            return evolve(self, to_move=(seat,))
        targets = self._harmed(seat, card, half)
        order = tuple(o for o in self._others_from(seat) if o in targets and self.items[o])
        if order and not self.purist:
            return evolve(self, stage=Stage.IGLU, to_move=order, reacted=())
        return self._resolve(seat, card, half, blocked=())._next_card()

    def _choose(self, seat: int, action: Reduce | Recover | Target | PlaceToken) -> MontanaState:
        """The card's runner makes the choice its card asks for (:class:`Choice`); activation goes on."""
        return self._chosen(action)._run_activation()

    def _chosen(self, action: Reduce | Recover | Target | PlaceToken) -> MontanaState:
        """The choice noted with the activating card's others, nobody waiting (also the preview's)."""
        value = (
            action.amount
            if isinstance(action, Reduce)
            else action.card
            if isinstance(action, Recover)
            else action.seat
            if isinstance(action, Target)
            else action.section
        )
        return evolve(self, params=self.params + (value,), to_move=())

    def _others_from(self, seat: int) -> tuple[int, ...]:
        """Racing opponents of ``seat`` in seat order starting at its left."""
        n = self.players
        return tuple(o for o in ((seat + i) % n for i in range(1, n)) if not self.finished(o))

    def _cancel_with_tormenta(self, seat: int, action: PlayTormenta) -> MontanaState:
        """Card Explanations, Tormenta de Nieve: cancel the opponent's item card being activated.

        It closes its window at once: a cancelled card has no effect left to
        cancel, so nobody else is asked (Sheet decision, see Table notes).
        """
        owner, card, _half = self.activating()  # type: ignore[misc]  # asked only while a card activates
        st = self._spend_item(seat, D.TORMENTA)
        st = st._set_outcome(owner, CardOutcome.CANCELLED)._add_log(
            Event(f"{_ref(seat)} plays Tormenta de Nieve: {_ref(owner)}'s {D.card_name(card)} is cancelled.")
        )
        return evolve(st._next_card(), to_move=())._run_activation()

    def _answer_window(self, seat: int, action: Pass | PlayIglu) -> MontanaState:
        """A reaction window's answer (Pass, or Iglú called out); the window closes when the last is in.

        Windows ask every racing opponent (Tormenta) or every opponent hit
        (Iglú) who holds at least one item card: how many items a runner
        holds is public, so this leaks nothing.
        """
        reacted = self.reacted if type(action) is Pass else self.reacted + (seat,)
        to_move = tuple(s for s in self.to_move if s != seat)
        st = evolve(self, to_move=to_move, reacted=reacted)
        if to_move:
            return st
        if st.stage == Stage.TORMENTA:  # nobody cancelled the item: its runner goes on
            return evolve(st, stage=Stage.PARAMS)._run_activation()
        return st._block_with_iglu()

    def _block_with_iglu(self) -> MontanaState:
        """Card Explanations, Iglú: each runner who played one is not affected by the card;
        the card is carried out for everyone else."""
        owner, card, half = self.activating()  # type: ignore[misc]  # asked only while a card activates
        st = self
        for o in self.reacted:
            st = st._spend_item(o, D.IGLU)
            st = st._add_log(Event(f"{_ref(o)} plays Iglú and is not affected by {D.card_name(card)}."))
        st = st._resolve(owner, card, half, blocked=tuple(self.reacted))
        return evolve(st._next_card(), to_move=())._run_activation()

    def _spend_item(self, seat: int, kind: str) -> MontanaState:
        card = next(c for c in self.items[seat] if D.item_kind(c) == kind)
        items = tuple(c for c in self.items[seat] if c != card)
        return evolve(
            self, items=replace_at(self.items, seat, items), item_discard=self.item_discard + (card,)
        )

    # -- what a card needs

    def _plan(self, card: int, half: int) -> tuple[Choice, ...]:
        """The choices a card needs, in order (:class:`Choice`)."""
        if D.is_action(card):
            plan: list[Choice] = []
            for icon, _n in D.ACTION_CARDS[card].halves[half].effects:
                if icon in D.REDUCE_ICONS:
                    plan.append(Choice.REDUCE)
                    plan.extend([Choice.RECOVER] * D.RECOVER_COUNT[icon])
                elif icon in D.RED_ICONS:
                    plan.append(Choice.TARGET)
            return tuple(plan)
        kind = D.item_kind(card)
        if kind in (D.PEZ, D.CANA):
            return (Choice.TARGET,)
        if kind in (D.ERIZO, D.HIELO):
            return (Choice.SECTION,)
        if kind == D.ARDILLA:
            return (Choice.ITEM,)
        return ()

    def _options(
        self, seat: int, card: int, half: int, step: int, chosen: tuple[int, ...]
    ) -> tuple[int, ...]:
        """The choices open for step ``step`` of the card's plan."""
        kind = self._plan(card, half)[step]
        if kind == Choice.REDUCE:
            return tuple(range(1, self.box[seat] + 1))
        if kind == Choice.RECOVER:
            plan = self._plan(card, half)
            taken = [chosen[i] for i in range(step) if plan[i] == Choice.RECOVER]
            pool = list(self.discard[seat])
            for c in taken:
                pool.remove(c)
            return tuple(sorted(set(pool)))
        if kind == Choice.ITEM:
            return _unique_kinds(self.item_discard)
        if kind == Choice.SECTION:
            token = D.SPIKE if D.item_kind(card) == D.ERIZO else D.ICE
            if sum(1 for _s, k in self.tokens if k == token) >= D.TOKEN_SUPPLY[token] or self.finished(seat):
                return ()
            p = self.position[seat]
            return tuple(
                s for s in (p - 1, p, p + 1) if 1 <= s <= self.length and (s, token) not in self.tokens
            )
        # target
        opps = [o for o in range(self.players) if o != seat and not self.finished(o)]
        if D.is_action(card):
            icon = next(i for i, _n in D.ACTION_CARDS[card].halves[half].effects if i in D.RED_ICONS)
            reach = 0 if icon == D.HIT_SAME else 1
            if self.finished(seat):
                return ()
            return tuple(o for o in opps if abs(self.position[o] - self.position[seat]) <= reach)
        if D.item_kind(card) == D.CANA:
            if not opps or self.finished(seat):
                return ()
            top = max(self.position[o] for o in opps)
            return tuple(o for o in opps if self.position[o] == top and top > 0)
        return tuple(opps)  # Pez Espada: any opponent still racing

    def _next_param(self) -> tuple[Choice, tuple[int, ...]] | None:
        act = self.activating()
        if act is None:
            return None
        seat, card, half = act
        plan = self._plan(card, half)
        step = len(self.params)
        if step >= len(plan):
            return None
        return plan[step], self._options(seat, card, half, step, self.params)

    def cannot_activate(self, seat: int, card: int, half: int) -> str:
        """Why the card cannot act now ('' when it can): speed range, or it cannot be carried out in full."""
        if D.is_action(card):
            h = D.ACTION_CARDS[card].halves[half]
            level = self.level(seat)
            if level not in h.levels:
                return f"speed {D.LEVEL_NAMES[level]} is outside its range ({D.levels_text(h.levels)})"
        else:
            kind = D.item_kind(card)
            if kind == D.REPARAR and self.health[seat] >= self.max_health(seat):
                return "the sled has all its health"
            if kind in (D.CANA, D.CARNERO, D.BOMBA, D.MISIL) and self.finished(seat):
                return "the sled has already finished"
            if kind in (D.BOMBA, D.MISIL):
                reach = 2 if kind == D.BOMBA else 5
                if not self._in_range(seat, 1, reach):
                    return "no runner is in range"
        plan = self._plan(card, half)
        chosen: list[int] = []
        for step, kind_ in enumerate(plan):
            opts = self._options(seat, card, half, step, tuple(chosen))
            if not opts:
                return {
                    Choice.REDUCE: "the marker is on the first box",
                    Choice.RECOVER: "not enough cards in the discard pile",
                    Choice.ITEM: "the item discard pile is empty",
                    Choice.SECTION: "no token can be placed",
                    Choice.TARGET: "no opponent is in range",
                }[kind_]
            chosen.append(opts[0])
        return ""

    def _in_range(self, seat: int, low: int, high: int) -> tuple[int, ...]:
        p = self.position[seat]
        return tuple(
            o
            for o in range(self.players)
            if o != seat and not self.finished(o) and low <= abs(self.position[o] - p) <= high
        )

    def _harmed(self, seat: int, card: int, half: int) -> tuple[int, ...]:
        """Opponents the card would damage (health or acceleration): they may answer with Iglú."""
        if D.is_action(card):
            plan = self._plan(card, half)
            return tuple(self.params[i] for i, k in enumerate(plan) if k == Choice.TARGET)
        kind = D.item_kind(card)
        if kind == D.PEZ:
            return (self.params[0],)
        if kind == D.BOMBA:
            return self._in_range(seat, 1, 2)
        if kind == D.MISIL:
            return self._in_range(seat, 1, 5)
        if kind == D.CARNERO:
            stop = self.position[seat] + 1
            if stop > self.length:
                return ()
            return tuple(
                o
                for o in range(self.players)
                if o != seat and not self.finished(o) and self.position[o] == stop
            )
        return ()

    # -- carrying a card out

    def _resolve(self, seat: int, card: int, half: int, blocked: tuple[int, ...]) -> MontanaState:
        """Rulebook: Abilities - carry a card out in full (``blocked``: runners its Iglú spares),
        then Damage, In the Support Phase: a sled left at 0 health is destroyed."""
        st = self._set_outcome(seat, CardOutcome.ACTED)
        if D.is_action(card):
            st = st._action_abilities(seat, card, half, blocked)
        else:
            kind = D.item_kind(card)
            st = st._add_log(Event(f"{_ref(seat)}'s {kind} acts: {D.ITEM_KINDS[kind][1]}."))
            st = _ITEM_ABILITIES[kind](st, seat, card, blocked)
        return st._check_destruction()

    # -- action cards (Card Explanations: Action Cards)

    def _action_abilities(self, seat: int, card: int, half: int, blocked: tuple[int, ...]) -> MontanaState:
        """Applying Abilities: the white-background abilities (this runner) first, then the
        red ones (the runners targeted), each group left to right."""
        who = _ref(seat)
        name = D.card_name(card)
        effects = D.ACTION_CARDS[card].halves[half].effects
        st = self._add_log(Event(f"{who}'s {name} acts: {D.half_text(D.ACTION_CARDS[card].halves[half])}."))
        params = list(self.params)  # the choices, consumed in order
        for icon, n in effects:
            if icon in D.WHITE_ICONS:
                st = st._white_ability(seat, icon, n, name, params)
        for icon, n in effects:
            if icon in D.RED_ICONS:
                target = params.pop(0)
                if target not in blocked:
                    st = st._damage(target, n, f"{who}'s {name}")
        return st

    def _white_ability(self, seat: int, icon: str, n: int, name: str, params: list[int]) -> MontanaState:
        """Card Explanations, Action Cards: heart -N health, sled +N acceleration, steering
        wheel +N conduction, or sled -X with a discard-pile icon (:meth:`_slow_down`)."""
        if icon == D.HEART:
            return self._damage(seat, n, f"their own card {name}")
        if icon == D.ACCEL:
            return self._accelerate(seat, n, name)
        if icon == D.CONDUCTION:
            st = evolve(self, conduction=replace_at(self.conduction, seat, self.conduction[seat] + n))
            return st._add_log(Event(f"{_ref(seat)} gains {n} conduction (now {st.conduction[seat]})."))
        return self._slow_down(seat, icon, name, params)

    def _slow_down(self, seat: int, icon: str, name: str, params: list[int]) -> MontanaState:
        """Card Explanations: sled -X, minimum 1 - the runner's chosen X off the acceleration;
        then 1 or 2 cards of their choice from the discard pile to hand, or the discard pile
        shuffled into the deck at the end of the round. Takes its choices off ``params``."""
        who = _ref(seat)
        st = self._accelerate(seat, -params.pop(0), name)
        for _ in range(D.RECOVER_COUNT[icon]):
            c = params.pop(0)
            pile = list(st.discard[seat])
            pile.remove(c)
            st = evolve(
                st,
                discard=replace_at(st.discard, seat, tuple(pile)),
                hand=replace_at(st.hand, seat, tuple(sorted(st.hand[seat] + (c,)))),
            )
            st = st._add_log(Event(f"{who} takes {D.card_name(c)} from the discard pile back to hand."))
        if icon == D.REDUCE_SHUFFLE:
            st = evolve(st, shuffle_back=replace_at(st.shuffle_back, seat, True))
            st = st._add_log(
                Event(f"{who} will shuffle the discard pile into the deck at the end of the round.")
            )
        return st

    # -- item cards (Card Explanations: Item Cards), each (seat, card, blocked)

    def _aleton(self, seat: int, card: int, blocked: tuple[int, ...]) -> MontanaState:
        """Aletón: +1 conduction."""
        st = evolve(self, conduction=replace_at(self.conduction, seat, self.conduction[seat] + 1))
        return st._add_log(Event(f"{_ref(seat)} gains 1 conduction (now {st.conduction[seat]})."))

    def _ardilla(self, seat: int, card: int, blocked: tuple[int, ...]) -> MontanaState:
        """Ardilla: an item card of the runner's choice from the item discard pile to hand."""
        c = self.params[0]
        pile = list(self.item_discard)
        pile.remove(c)
        st = evolve(
            self,
            item_discard=tuple(pile),
            items=replace_at(self.items, seat, tuple(sorted(self.items[seat] + (c,)))),
        )
        return st._add_log(Event(f"{_ref(seat)} takes {D.card_name(c)} from the item discard pile."))

    def _bomba_de_nieve(self, seat: int, card: int, blocked: tuple[int, ...]) -> MontanaState:
        """Bomba de Nieve: every runner at distance 1-2 loses 1 health and 3 acceleration."""
        return self._hit_runners(seat, card, blocked, D.BOMBA, slow=True)

    def _misil_orca(self, seat: int, card: int, blocked: tuple[int, ...]) -> MontanaState:
        """Misil Orca: every runner at distance 1-5 loses 1 health."""
        return self._hit_runners(seat, card, blocked, D.MISIL, slow=False)

    def _pez_espada(self, seat: int, card: int, blocked: tuple[int, ...]) -> MontanaState:
        """Pez Espada: the opponent chosen loses 1 health and 3 acceleration."""
        return self._hit_runners(seat, card, blocked, D.PEZ, slow=True)

    def _hit_runners(
        self, seat: int, card: int, blocked: tuple[int, ...], kind: str, slow: bool
    ) -> MontanaState:
        """1 damage (and -3 acceleration if ``slow``) to each runner the item harms, but those ``blocked``."""
        st = self
        cause = f"{_ref(seat)}'s {kind}"
        for t in self._harmed(seat, card, 0):
            if t in blocked:
                continue
            st = st._damage(t, 1, cause)
            if slow:
                st = st._accelerate(t, -3, cause)
        return st

    def _cana_magica(self, seat: int, card: int, blocked: tuple[int, ...]) -> MontanaState:
        """Caña Mágica: one section forward, and the opponent in first place one section back."""
        target = self.params[0]
        st = self._move_forward(seat, D.CANA)
        p = st.position[target] - 1
        st = evolve(st, position=replace_at(st.position, target, p))
        st = st._add_log(Event(f"{_ref(target)} is pushed back to {_place(st, p)}."))
        return st._spike_check(target, p)

    def _carnero(self, seat: int, card: int, blocked: tuple[int, ...]) -> MontanaState:
        """Carnero: one section forward; the opponents in the section it stops in lose 1 health."""
        targets = self._harmed(seat, card, 0)
        st = self._move_forward(seat, D.CARNERO)
        for t in targets:
            if t not in blocked:
                st = st._damage(t, 1, f"{_ref(seat)}'s Carnero")
        return st

    def _erizo(self, seat: int, card: int, blocked: tuple[int, ...]) -> MontanaState:
        """Erizo: a spike token on the runner's section or one next to it (Effect Tokens)."""
        return self._put_effect_token(seat, D.SPIKE)

    def _hielo(self, seat: int, card: int, blocked: tuple[int, ...]) -> MontanaState:
        """Hielo: an ice token on the runner's section or one next to it (Effect Tokens)."""
        return self._put_effect_token(seat, D.ICE)

    def _put_effect_token(self, seat: int, token: str) -> MontanaState:
        """Effect Tokens: the token goes on the chosen section; a spike hurts whoever is there."""
        sec = self.params[0]
        st = evolve(self, tokens=tuple(sorted(self.tokens + ((sec, token),))))
        st = st._add_log(
            Event(f"{_ref(seat)} puts {'an' if token == D.ICE else 'a'} {token} token on section {sec}.")
        )
        if token == D.SPIKE:
            for o in range(st.players):
                if st.position[o] == sec:
                    st = st._spike_check(o, sec)
        return st

    def _escuadron_canino(self, seat: int, card: int, blocked: tuple[int, ...]) -> MontanaState:
        """Escuadrón Canino: +3 acceleration."""
        return self._accelerate(seat, 3, D.CANINO)

    def _reparar(self, seat: int, card: int, blocked: tuple[int, ...]) -> MontanaState:
        """Reparar: the sled recovers 1 health."""
        st = evolve(self, health=replace_at(self.health, seat, self.health[seat] + 1))
        return st._add_log(Event(f"{_ref(seat)} repairs the sled: health {st.health[seat]}."))

    def _accelerate(self, seat: int, n: int, cause: str) -> MontanaState:
        """Move the marker n boxes (capped at the last box, floored at the first)."""
        side = self.sides[seat]
        old = self.box[seat]
        new = max(0, min(D.SIDES[side].total - 1, old + n))
        return evolve(
            self,
            box=replace_at(self.box, seat, new),
            log=self.log
            + (
                Event(
                    f"{_ref(seat)}: {n:+d} acceleration from {cause}: {_speed_text(side, old)} -> {_speed_text(side, new)}."
                ),
            ),
        )

    def _damage(self, seat: int, n: int, cause: str) -> MontanaState:
        h = max(0, self.health[seat] - n)
        return evolve(
            self,
            health=replace_at(self.health, seat, h),
            log=self.log + (Event(f"{_ref(seat)} takes {n} damage from {cause}: health {h}."),),
        )

    def _destroy(self, seat: int) -> MontanaState:
        """Sled Destruction: marker to the first box, health to its top; one card next round, no draw."""
        st = evolve(
            self,
            box=replace_at(self.box, seat, 0),
            health=replace_at(self.health, seat, self.max_health(seat)),
            destroyed=replace_at(self.destroyed, seat, True),
            destructions=replace_at(self.destructions, seat, self.destructions[seat] + 1),
        )
        return st._add_log(
            Event(
                f"{_ref(seat)}'s sled is destroyed: back to the first box, health restored; "
                "no action cards drawn this round and only one card next round."
            )
        )

    def _check_destruction(self) -> MontanaState:
        st = self
        for s in range(self.players):
            if st.health[s] <= 0:
                st = st._destroy(s)
        return st

    def _spike_check(self, seat: int, sec: int) -> MontanaState:
        """Spike token: 1 damage to a runner in or entering its section, once per round."""
        if (sec, D.SPIKE) in self.tokens and (seat, sec) not in self.spiked and not self.finished(seat):
            st = evolve(self, spiked=tuple(sorted(self.spiked + ((seat, sec),))))
            return st._damage(seat, 1, f"the spike token on section {sec}")
        return self

    def _section_hits(self, seat: int, sec: int, level: int) -> MontanaState:
        """Speed check on entering section ``sec`` at ``level`` (Rulebook 2.2, Effect Tokens)."""
        st = self
        section = self.sections[sec - 1]
        cond = self.conduction[seat]
        limit = effective_limit(self, sec)
        if limit is not None:
            over = level - (limit + cond)
            if over > 0:
                what = f"{section.curve} curve" if section.curve else "iced straight"
                if section.curve and (sec, D.ICE) in self.tokens:
                    what = f"iced {section.curve} curve"
                st = st._damage(
                    seat,
                    over,
                    f"taking the {what} on section {sec} at {D.LEVEL_NAMES[level]} "
                    f"(limit {D.LEVEL_NAMES[min(limit + cond, D.RED)]})",
                )
        if section.tree and level > D.YELLOW + cond:
            st = st._damage(seat, 1, f"the tree on section {sec} at {D.LEVEL_NAMES[level]}")
        return st._spike_check(seat, sec)

    def _move_forward(self, seat: int, cause: str) -> MontanaState:
        """Caña Mágica / Carnero: one section forward with the track's limits and acceleration."""
        level = self.level(seat)
        p = self.position[seat] + 1
        st = evolve(self, position=replace_at(self.position, seat, p))
        st = st._add_log(Event(f"{_ref(seat)} moves forward to {_place(st, p)} with {cause}."))
        if p > st.length:
            st = st._cross(seat, 0, level)
            return st
        st = st._section_hits(seat, p, level)
        if st.health[seat] > 0:
            acc = st.sections[p - 1].accel
            if acc:
                st = st._accelerate(seat, acc, f"section {p}")
        return st

    def _cross(self, seat: int, phase: int, level: int) -> MontanaState:
        """Record the crossing: round, phase, speed level, box and health at that moment.

        The health is taken after the damage of the advance that crossed the
        line, before a destruction restores it: a sled wrecked while crossing
        crosses with 0 health, the least (Table notes: health tie-break).
        """
        health = max(0, self.health[seat])
        st = evolve(
            self, finish=replace_at(self.finish, seat, (self.round, phase, level, self.box[seat], health))
        )
        when = "during the Support Phase" if phase == 0 else "in the Impulse Phase"
        return st._add_log(
            Event(
                f"{_ref(seat)} crosses the finish line {when} at {_speed_text(self.sides[seat], self.box[seat])}!"
            )
        )

    # ---- Impulse Phase -----------------------------------------------------

    def _impulse_phase(self) -> MontanaState:
        """Rulebook 2: each racing runner in turn order advances, is checked, and accelerates."""
        st = evolve(self, phase=Phase.ACTIVATE, stage=Stage.START, to_move=(), params=(), reacted=())
        st = st._add_log(Event("Impulse Phase."))
        for seat in self.order:
            if not st.finished(seat):
                st = st._impulse(seat)
        return st._end_round()

    def _impulse(self, seat: int) -> MontanaState:
        """Rulebook 2.1-2.3 for one runner: advance by the speed level, the speed check of every
        section entered, then the track acceleration of those sections - none for a sled
        destroyed on the way (Sled Destruction: During the Impulse Phase)."""
        level = self.level(seat)
        steps = D.sections_for_level(level)
        start = self.position[seat]
        end = start + steps
        event = Event(
            f"{_ref(seat)} advances {steps} section{'s' if steps > 1 else ''} at "
            f"{D.LEVEL_NAMES[level]}: {_place(self, start)} -> {_place(self, end)}."
        )
        st = evolve(self, position=replace_at(self.position, seat, end), log=self.log + (event,))
        total = 0
        for sec in range(start + 1, min(end, st.length) + 1):
            st = st._section_hits(seat, sec, level)
            total += st.sections[sec - 1].accel
        if end > st.length:
            st = st._cross(seat, 1, level)
        if st.health[seat] <= 0:
            st = st._destroy(seat)
            st = st._add_log(Event(f"{_ref(seat)} gets no track acceleration."))
        elif total:
            st = st._accelerate(seat, total, "the track")
        return st

    # ---- End of Round / Race / Game -------------------------------------------

    def _end_round(self) -> MontanaState:
        """Rulebook: End of Round - the race ends if a sled crossed the finish line (in the
        Championship, once every sled has); otherwise the table is cleared, hands are
        refilled and the first-runner token passes to the left.

        Always an undo barrier: the round is over and every runner draws from
        a deck whose order is hidden.
        """
        st = evolve(self, barrier_count=self.barrier_count + 1)
        crossed = any(f and f[0] == st.round for f in st.finish)
        if crossed and (not st.championship or not st.racing()):
            return st._end_race()
        st = st._clear_table()._refill_hands()
        first = (st.first + 1) % st.players
        st = evolve(
            st,
            one_card=st.destroyed,
            destroyed=(False,) * st.players,
            shuffle_back=(False,) * st.players,
            first=first,
            round=st.round + 1,
            rounds_total=st.rounds_total + 1,
        )
        st = st._add_log(Event(f"Round {st.round} begins; {_ref(first)} takes the first-runner token."))
        return st._start_round()

    def _clear_table(self) -> MontanaState:
        """End of Round: the played cards go to their discard piles, the tokens leave the
        track, and this round's conduction is gone."""
        discard = list(self.discard)
        item_discard = self.item_discard
        for s in range(self.players):
            for c, _h in self.played[s]:
                if D.is_action(c):
                    discard[s] = discard[s] + (c,)
                else:
                    item_discard = item_discard + (c,)
        return evolve(
            self,
            discard=tuple(discard),
            item_discard=item_discard,
            played=((),) * self.players,
            outcomes=((),) * self.players,
            tokens=(),
            spiked=(),
            conduction=(0,) * self.players,
        )

    def _refill_hands(self) -> MontanaState:
        """End of Round: each runner still racing draws up to 5 action cards - none if the
        sled was destroyed this round - after shuffling the discard pile into the deck
        where a card said so."""
        deck = list(self.deck)
        hand = list(self.hand)
        discard = list(self.discard)
        rng = self.rng
        st = self
        for s in range(self.players):
            if self.finished(s):
                continue
            if self.shuffle_back[s] and discard[s]:
                deck[s], rng = rng.shuffled(deck[s] + discard[s])
                discard[s] = ()
                st = st._add_log(Event(f"{_ref(s)} shuffles the discard pile into the action deck."))
            if self.destroyed[s]:
                st = st._add_log(Event(f"{_ref(s)}'s sled was destroyed this round: no cards drawn."))
                continue
            need = max(0, HAND_SIZE - len(hand[s]))
            got = deck[s][:need]
            if got:
                deck[s] = deck[s][need:]
                hand[s] = tuple(sorted(hand[s] + got))
                st = st._add_log(
                    Event(
                        f"{_ref(s)} draws {len(got)} action card{'s' if len(got) > 1 else ''}.",
                        {s: "you drew " + ", ".join(D.card_name(c) for c in got)},
                    )
                )
            if len(got) < need:
                st = st._add_log(
                    Event(
                        f"{_ref(s)}'s action deck is empty: {need - len(got)} card{'s' if need - len(got) > 1 else ''} "
                        f"short, the hand stays at {len(hand[s])}."
                    )
                )
        return evolve(st, deck=tuple(deck), hand=tuple(hand), discard=tuple(discard), rng=rng)

    def race_keys(self) -> tuple[tuple[int, ...], ...]:
        """Ranking key of each seat in the current race, larger is better.

        Finished: (1, -round, sole Support-Phase finisher, speed level, box, health);
        unfinished: (0, position, 0, level, box, health).
        """
        keys = []
        for s in range(self.players):
            f = self.finish[s]
            if f:
                sole = int(f[1] == 0 and sum(1 for g in self.finish if g and g[0] == f[0] and g[1] == 0) == 1)
                keys.append((1, -f[0], sole, f[2], f[3], f[4]))
            else:
                keys.append((0, self.position[s], 0, self.level(s), self.box[s], self.health[s]))
        return tuple(keys)

    def race_end_text(self, seat: int) -> str:
        """How the current race ended (or stands) for ``seat``, in words.

        'crossed the line in round 7 at orange, box 9, health 3',
        '... with an item in the Support Phase ...', '... health 0 (destroyed
        crossing)', or 'on section 12 of 14 at yellow, box 6, health 2'.
        """
        f = self.finish[seat]
        if f:
            how = " with an item in the Support Phase" if f[1] == 0 else ""
            hp = f"health {f[4]}" + (" (destroyed crossing)" if f[4] == 0 else "")
            return f"crossed the line in round {f[0]}{how} at {D.LEVEL_NAMES[f[2]]}, box {f[3] + 1}, {hp}"
        where = (
            "at the start"
            if self.position[seat] <= 0
            else f"on section {self.position[seat]} of {self.length}"
        )
        return (
            f"{where} at {D.LEVEL_NAMES[self.level(seat)]}, box {self.box[seat] + 1}, "
            f"health {self.health[seat]}"
        )

    def _end_race(self) -> MontanaState:
        """Rulebook: End of the Game - places by the race key (:meth:`race_keys`); a single race
        ends the game, a Championship race scores its points (:meth:`_championship_points`)."""
        keys = self.race_keys()
        place = tuple(1 + sum(1 for k in keys if k > keys[s]) for s in range(self.players))
        top = tuple(s for s in range(self.players) if place[s] == 1)
        st = evolve(
            self,
            places=self.places + (place,),
            race_ends=self.race_ends + (tuple(self.race_end_text(s) for s in range(self.players)),),
            firsts=tuple(f + (1 if place[s] == 1 else 0) for s, f in enumerate(self.firsts)),
        )
        decided = _decider(keys, top)
        if not self.championship:
            names = " and ".join(_ref(s) for s in top)
            st = st._add_log(
                Event(f"The race is over: {names} win{'s' if len(top) == 1 else ''} ({decided}).")
            )
            return evolve(st, phase=Phase.OVER, to_move=(), result=top, decided_by=decided)
        return st._championship_points(place)

    def _championship_points(self, place: tuple[int, ...]) -> MontanaState:
        """Rulebook: Championship Mode - points by place; after the third race most points win,
        then most first places, else a shared victory. Between races the table looks at
        the result (Phase.RACE_OVER)."""
        st = self
        table = CHAMPIONSHIP_POINTS[self.players]
        gained = tuple(table[p - 1] for p in place)
        st = evolve(st, points=tuple(a + b for a, b in zip(st.points, gained, strict=True)))
        st = st._add_log(
            Event(
                f"Race {self.race} is over. "
                + "; ".join(
                    f"{_ref(s)} place {place[s]}: +{gained[s]} points"
                    for s in sorted(range(self.players), key=lambda s: place[s])
                )
            )
        )
        if self.race >= CHAMPIONSHIP_RACES:
            ck = tuple((st.points[s], st.firsts[s]) for s in range(self.players))
            best = max(ck)
            winners = tuple(s for s in range(self.players) if ck[s] == best)
            if len(winners) > 1:
                decided = "shared victory"
            elif sum(1 for k in ck if k[0] == best[0]) > 1:
                decided = "most first places"
            else:
                decided = "most points"
            names = " and ".join(_ref(s) for s in winners)
            st = st._add_log(
                Event(f"The championship is over: {names} win{'s' if len(winners) == 1 else ''} ({decided}).")
            )
            return evolve(st, phase=Phase.OVER, to_move=(), result=winners, decided_by=decided)
        nxt = (self.first + 1) % self.players
        st = st._add_log(
            Event(
                f"Everyone looks at race {self.race}'s result; {_ref(nxt)} will start race {self.race + 1}."
            )
        )
        return evolve(
            st,
            phase=Phase.RACE_OVER,
            to_move=(nxt,),
            cursor=0,
            slot=0,
            stage=Stage.START,
            params=(),
            reacted=(),
        )

    def _next_race(self, seat: int, action: NextRace) -> MontanaState:
        """Rulebook: Championship Mode - the next race; the first-runner token passes left."""
        return self._new_race(self.race + 1, (self.first + 1) % self.players)

    def _new_race(self, race: int, first: int) -> MontanaState:
        """Set up a race: sleds at the start, decks shuffled, hands of 5, items shuffled."""
        n = self.players
        rng = self.rng
        decks, hands = [], []
        for s in range(n):
            cards, rng = rng.shuffled(D.deck_of(self.characters[s]))
            hands.append(tuple(sorted(cards[:HAND_SIZE])))
            decks.append(tuple(cards[HAND_SIZE:]))
        item_deck: tuple[int, ...] = ()
        if not self.purist:
            item_deck, rng = rng.shuffled(D.ITEM_IDS)
        st = evolve(
            self,
            race=race,
            round=1,
            rounds_total=self.rounds_total + (1 if race > 1 else 0),
            first=first,
            position=(0,) * n,
            box=(0,) * n,
            health=tuple(self.max_health(s) for s in range(n)),
            conduction=(0,) * n,
            hand=tuple(hands),
            deck=tuple(decks),
            discard=((),) * n,
            items=((),) * n,
            item_deck=item_deck,
            item_discard=(),
            drawn=(),
            played=((),) * n,
            outcomes=((),) * n,
            tokens=(),
            spiked=(),
            destroyed=(False,) * n,
            one_card=(False,) * n,
            shuffle_back=(False,) * n,
            finish=((),) * n,
            rng=rng,
        )
        title = f"Race {race} of {CHAMPIONSHIP_RACES}" if self.championship else "The race"
        st = st._add_log(
            Event(
                f"{title} begins; {_ref(first)} is the main runner and starts.",
                {s: "your hand: " + ", ".join(D.card_name(c) for c in hands[s]) for s in range(n)},
            )
        )
        return st._start_round()

    # ---- contract: results ---------------------------------------------------

    def scores(self) -> tuple[int, ...]:
        """Championship points, or 1 for each winner of a single race (0 before the end)."""
        if self.championship:
            return self.points
        return tuple(1 if s in self.result else 0 for s in range(self.players))

    def winners(self) -> tuple[int, ...]:
        """Seats sharing first place after every tie-break (() before the end)."""
        return self.result

    def outcome(self) -> Outcome:
        """Per-seat breakdown and the tie-break that decided (Rulebook: End of the Game)."""
        lines = []
        for s in range(self.players):
            row = [f"{self.characters[s]}, {self.sides[s]} side"]
            if self.championship:
                for r, place in enumerate(self.places):
                    pts = CHAMPIONSHIP_POINTS[self.players][place[s] - 1]
                    end = self.race_ends[r][s] if r < len(self.race_ends) else ""
                    row.append(f"Race {r + 1}: place {place[s]}, {pts} points ({end})")
                firsts = self.firsts[s]
                row.append(f"Total {self.points[s]} points, {firsts} first place{'' if firsts == 1 else 's'}")
            elif self.places:
                row.append(f"Place {self.places[-1][s]}: {self.race_end_text(s)}")
            row.append(
                f"Sled destroyed {self.destructions[s]} time{'s' if self.destructions[s] != 1 else ''}"
            )
            lines.append(tuple(row))
        ending = (
            "Three races of the championship were run."
            if self.championship
            else "A sled crossed the finish line."
        )
        tiebreak = "" if self.decided_by in NO_TIEBREAK else self.decided_by
        order: tuple[int, ...] = ()
        if not self.championship and self.places:
            # Rulebook: End of the Game - every runner's place, for the game-over table.
            order = tuple(sorted(range(self.players), key=lambda seat: (self.places[-1][seat], seat)))
        return Outcome(self.scores(), self.winners(), tuple(lines), tiebreak, ending, order)

    # ---- contract: views, prompt, reactions -----------------------------------

    def view(self, seat: int | None) -> MontanaState:
        """What ``seat`` could know at the table (None: a spectator)."""
        n = self.players

        def hide(cards: Sized) -> tuple[int, ...]:
            return (HIDDEN,) * len(cards)

        hand = tuple(self.hand[s] if s == seat else hide(self.hand[s]) for s in range(n))
        deck = tuple(tuple(sorted(self.deck[s])) if s == seat else hide(self.deck[s]) for s in range(n))
        items = tuple(self.items[s] if s == seat else hide(self.items[s]) for s in range(n))
        drawn = self.drawn
        if drawn and (self.phase != Phase.KEEP or self.order[self.cursor] != seat):
            drawn = hide(drawn)
        played = self.played
        if self.phase == Phase.PLAY:
            played = tuple(
                self.played[s] if s == seat else ((HIDDEN, 0),) * len(self.played[s]) for s in range(n)
            )
        # Between Championship races the screen is public (no curtain): the log shows no private line.
        log = mask_log(self.log, None if self.phase == Phase.RACE_OVER else seat)
        return evolve(
            self,
            hand=hand,
            deck=deck,
            items=items,
            item_deck=hide(self.item_deck),
            drawn=drawn,
            played=played,
            log=log,
            rng=Rng.blank(),
        )

    @property
    def holds_secret_choices(self) -> bool:
        """Cards played face down while other runners still choose (Rulebook 1.2)."""
        return self.phase == Phase.PLAY and any(self.played)

    def needs_curtain(self, seat: int) -> bool:
        """No curtain between Championship races: everyone looks at the finished race together."""
        return self.phase != Phase.RACE_OVER

    def is_secret_choice(self, seat: int) -> bool:
        """Cards are played face down by every runner at once (Rulebook 1.2)."""
        return self.phase == Phase.PLAY

    def private_news(self, seat: int, since: int) -> list[str]:
        """The item cards ``seat`` drew since log index ``since`` (known to it alone).

        The runner reads them before the keyboard passes on; a pick it made
        itself (a card played, an item kept) is no news.
        """
        return [e.private[seat] for e in self.log[since:] if e.private.get(seat, "").startswith("you drew")]

    @property
    def reaction_window(self) -> str | None:
        """The public text of the card that may be answered with Iglú or Tormenta de Nieve."""
        if self.phase != Phase.ACTIVATE or self.stage not in (Stage.TORMENTA, Stage.IGLU):
            return None
        owner, card, half = self.activating()  # type: ignore[misc]  # asked only while a card activates
        who = seat_letter(owner)
        if self.stage == Stage.TORMENTA:
            return (
                f"Runner {who} plays {D.card_name(card)}: {D.card_text(card)}. "
                "Opponents may cancel it with Tormenta de Nieve."
            )
        hit = ", ".join(seat_letter(s) for s in self._harmed(owner, card, half))
        text = (
            f"Runner {who}'s {D.card_name(card)} would hit {hit}: "
            f"{D.card_text(card, half if D.is_action(card) else None)}. A runner hit may block it with Iglú."
        )
        if self.reacted:
            text += " Already blocked by " + ", ".join(seat_letter(s) for s in self.reacted) + "."
        return text

    def prompt(self, seat: int) -> str:
        """What ``seat`` must do now, in a few words."""
        if seat not in self.to_move:
            return "Wait" if self.phase != Phase.OVER else "The game is over"
        if self.phase == Phase.RACE_OVER:
            return f"Race {self.race} is over: look, then start race {self.race + 1}"
        if self.phase == Phase.DRAW:
            return "Draw 3 items and keep 1" if seat in self.last_place() else "Draw an item card"
        if self.phase == Phase.KEEP:
            return "Keep one of the items you drew"
        if self.phase == Phase.LIMIT:
            return "Discard an item (limit 2)"
        if self.phase == Phase.PLAY:
            if not self.played[seat]:
                if self.one_card[seat]:
                    return "Play your one card face down (sled destroyed)"
                return "Play your left card face down"
            return "Play a right card, or none"
        if self.stage == Stage.TORMENTA:
            return "Cancel this item with Tormenta de Nieve?"
        if self.stage == Stage.IGLU:
            return "Block this card with Iglú?"
        nxt = self._next_param()
        if nxt is not None:
            return {
                Choice.REDUCE: "Choose how much to slow down",
                Choice.RECOVER: "Choose a card to take back",
                Choice.TARGET: "Choose the target",
                Choice.SECTION: "Choose the token's section",
                Choice.ITEM: "Choose an item to take",
            }[nxt[0]]
        return "Choose an action"

    # ---- helpers -------------------------------------------------------------

    def _add_log(self, event: Event) -> MontanaState:
        return evolve(self, log=self.log + (event,))


def _legal_now(state: MontanaState, seat: int) -> list[Any]:
    """The legal actions of ``seat`` (in ``to_move``) worked out from the rules of the phase."""
    return _LEGAL[state.phase](state, seat)


#: The method carrying out each kind of action (``apply`` has checked it is legal).
_STEPS: dict[type, Callable[[MontanaState, int, Any], MontanaState]] = {
    NextRace: MontanaState._next_race,
    DrawItem: MontanaState._draw_item,
    KeepItem: MontanaState._keep_item,
    DiscardItem: MontanaState._discard_item,
    PlayCard: MontanaState._play_card,
    PlayNoMore: MontanaState._play_no_more,
    PlayTormenta: MontanaState._cancel_with_tormenta,
    PlayIglu: MontanaState._answer_window,
    Pass: MontanaState._answer_window,
    Reduce: MontanaState._choose,
    Recover: MontanaState._choose,
    Target: MontanaState._choose,
    PlaceToken: MontanaState._choose,
}
assert set(_STEPS) == set(ACTION_TYPES)

#: Each item card's ability (Card Explanations: Item Cards); the immediate ones are reactions.
_ITEM_ABILITIES: dict[str, Callable[[MontanaState, int, int, tuple[int, ...]], MontanaState]] = {
    D.ALETON: MontanaState._aleton,
    D.ARDILLA: MontanaState._ardilla,
    D.BOMBA: MontanaState._bomba_de_nieve,
    D.CANA: MontanaState._cana_magica,
    D.CARNERO: MontanaState._carnero,
    D.ERIZO: MontanaState._erizo,
    D.CANINO: MontanaState._escuadron_canino,
    D.HIELO: MontanaState._hielo,
    D.MISIL: MontanaState._misil_orca,
    D.PEZ: MontanaState._pez_espada,
    D.REPARAR: MontanaState._reparar,
}
assert set(_ITEM_ABILITIES) == set(D.ITEM_KINDS) - set(D.IMMEDIATE_KINDS)

#: The legal actions of a seat in ``to_move``, by phase.
_LEGAL: dict[Phase, Callable[[MontanaState, int], list[Any]]] = {
    Phase.RACE_OVER: lambda st, seat: [NextRace()],
    Phase.DRAW: lambda st, seat: [DrawItem()],
    Phase.KEEP: lambda st, seat: [KeepItem(c) for c in _unique_kinds(st.drawn)],
    Phase.LIMIT: lambda st, seat: [DiscardItem(c) for c in _unique_kinds(st.items[seat])],
    Phase.PLAY: MontanaState._legal_play,
    Phase.ACTIVATE: MontanaState._legal_activate,
    Phase.OVER: lambda st, seat: [],
}

#: The reaction windows: the item kind that answers and its action.
_WINDOWS = {Stage.TORMENTA: (D.TORMENTA, PlayTormenta), Stage.IGLU: (D.IGLU, PlayIglu)}

#: The action that makes each kind of choice.
#: The action a player answers each kind of :class:`Choice` with.
_PARAM_ACTION: dict[Choice, type[Reduce] | type[Recover] | type[Target] | type[PlaceToken]] = {
    Choice.REDUCE: Reduce,
    Choice.RECOVER: Recover,
    Choice.TARGET: Target,
    Choice.SECTION: PlaceToken,
    Choice.ITEM: Recover,
}

_SECTIONS: dict[tuple[int, ...], tuple[D.Section, ...]] = {}


def _sections_cache(track: tuple[int, ...]) -> tuple[D.Section, ...]:
    secs = _SECTIONS.get(track)
    if secs is None:
        secs = _SECTIONS[track] = D.track_sections(track)
    return secs


def _unique_kinds(cards: tuple[int, ...]) -> tuple[int, ...]:
    """Item cards with one card per kind (the lowest id), others unchanged; sorted."""
    seen: dict[str, int] = {}
    out = []
    for c in sorted(cards):
        if D.is_item(c):
            k = D.item_kind(c)
            if k in seen:
                continue
            seen[k] = c
        out.append(c)
    return tuple(out)


def _place(state: MontanaState, p: int) -> str:
    if p <= 0:
        return "the start"
    if p > state.length:
        return "past the finish line"
    return f"section {p}"


def _decider(keys: tuple[tuple[int, ...], ...], top: tuple[int, ...]) -> str:
    """Which part of the race key separated the winner(s) from the next runner."""
    if len(top) > 1:
        return "photo finish: shared victory"
    best = keys[top[0]]
    others = [k for i, k in enumerate(keys) if i != top[0]]
    if not others:
        return "only runner"
    runner_up = max(others)
    names = (
        "crossing the line",
        "crossing the line first",
        "crossing in the Support Phase with an item",
        "speed",
        "acceleration",
        "health",
    )
    for i, (a, b) in enumerate(zip(best, runner_up, strict=True)):
        if a != b:
            if i == 3 and best[0] == 0:
                return "furthest ahead"
            return names[i]
    return "photo finish"  # pragma: no cover


# ==========================================================================
# Module functions of the contract


def new_game(
    players: int,
    seed: int,
    advanced_sides: bool = False,
    random_track: bool = False,
    track_cards: int = 7,
    purist: bool = False,
    championship: bool = False,
) -> MontanaState:
    """A new race (Rulebook: Setup). Raises ValueError for 1 or more than 4 runners.

    Characters are dealt at random; the main runner is drawn at random (the
    summary card with the flag).
    """
    if not 2 <= players <= 4:
        raise ValueError(f"Montaña Pingüino is for 2-4 runners, not {players}")
    if not 1 <= track_cards <= len(D.TRACK_CARDS):
        raise ValueError(f"the track needs 1-{len(D.TRACK_CARDS)} track cards, not {track_cards}")
    rng = Rng.from_seed(seed)
    chars, rng = rng.shuffled(D.CHARACTERS)
    chars = chars[:players]
    if random_track:
        ids, rng = rng.shuffled(tuple(range(len(D.TRACK_CARDS))))
        track = ids[:track_cards]
    else:
        track = D.default_track(track_cards)
    first, rng = rng.randint(0, players - 1)
    n = players
    sides = tuple(D.side_for(c, advanced_sides) for c in chars)
    st = MontanaState(
        characters=chars,
        sides=sides,
        track=tuple(track),
        purist=purist,
        championship=championship,
        race=1,
        round=1,
        rounds_total=1,
        phase=Phase.PLAY,
        first=first,
        order=(),
        cursor=0,
        slot=0,
        stage=Stage.START,
        params=(),
        reacted=(),
        position=(0,) * n,
        box=(0,) * n,
        health=tuple(D.SIDES[s].health for s in sides),
        conduction=(0,) * n,
        hand=((),) * n,
        deck=((),) * n,
        discard=((),) * n,
        items=((),) * n,
        item_deck=(),
        item_discard=(),
        drawn=(),
        played=((),) * n,
        outcomes=((),) * n,
        tokens=(),
        spiked=(),
        destroyed=(False,) * n,
        one_card=(False,) * n,
        shuffle_back=(False,) * n,
        finish=((),) * n,
        places=(),
        race_ends=(),
        points=(0,) * n,
        firsts=(0,) * n,
        destructions=(0,) * n,
        result=(),
        decided_by="",
        to_move=(),
        log=(
            Event(
                "Runners: "
                + ", ".join(f"{_ref(s)} rides {chars[s]} ({sides[s]} side)" for s in range(n))
                + ". Track: "
                + ", ".join(str(t + 1) for t in track)
                + "."
            ),
        ),
        rng=rng,
    )
    return st._new_race(1, first)


def random_action(state: MontanaState, seat: int, rnd: random.Random) -> Any:
    """A uniform pick among the legal actions (for simulate)."""
    return rnd.choice(state.legal_actions(seat))


def simulation_stats(state: MontanaState) -> dict[str, float | str]:
    """Figures for ``simulate``: rounds per race, destruction share, each character's win share."""
    races = max(1, len(state.places))
    out: dict[str, float | str] = {
        "rounds_per_race": state.rounds_total / races,
        "race_with_destruction": 1.0 if sum(state.destructions) else 0.0,
        "destructions_per_race": sum(state.destructions) / races,
    }
    winners = state.winners()
    for c in D.CHARACTERS:
        if c in state.characters:
            s = state.characters.index(c)
            out[f"win_{c}"] = (1 / len(winners)) if s in winners else 0.0
    out["winner"] = (
        "+".join(sorted(state.characters[s] for s in winners))
        if len(winners) > 1
        else (state.characters[winners[0]] if winners else "none")
    )
    return out


def check_invariants(state: MontanaState) -> None:
    """Conservation of cards and the meters' bounds (AssertionError when broken)."""
    n = state.players
    all_items: list[int] = list(state.item_deck) + list(state.item_discard) + list(state.drawn)
    for s in range(n):
        own = list(state.hand[s]) + list(state.deck[s]) + list(state.discard[s])
        for c, h in state.played[s]:
            if D.is_action(c):
                own.append(c)
                assert 0 <= h < len(D.ACTION_CARDS[c].halves), f"bad half {h} of {c}"
            else:
                all_items.append(c)
                assert h == 0
        assert sorted(own) == list(D.deck_of(state.characters[s])), f"seat {s} action cards not conserved"
        all_items.extend(state.items[s])
        assert 1 <= state.health[s] <= state.max_health(s), f"seat {s} health {state.health[s]}"
        assert 0 <= state.box[s] < state.speedometer(s).total, f"seat {s} box {state.box[s]}"
        assert state.position[s] >= 0
        assert len(state.items[s]) <= (ITEM_LIMIT + 1 if state.phase == Phase.LIMIT else ITEM_LIMIT), (
            "item limit"
        )
        assert len(state.played[s]) <= (1 if state.one_card[s] else 2)
    expected = [] if state.purist else list(D.ITEM_IDS)
    assert sorted(all_items) == expected, "item cards not conserved"
    for token, supply in D.TOKEN_SUPPLY.items():
        assert sum(1 for _s, k in state.tokens if k == token) <= supply
    assert len(set(state.tokens)) == len(state.tokens)
    if state.is_terminal:
        assert state.result and not state.to_move


def redeal_hidden(state: MontanaState, seat: int, rnd: random.Random) -> MontanaState:
    """Re-deal everything ``seat`` cannot know, keeping what it knows (the leak test).

    Other seats' hands and decks are re-dealt from their pooled unseen
    action cards (with their face-down played action cards while cards are
    still hidden); every unseen item (others' hands, the item deck, others'
    face-down items, another runner's drawn three) is re-dealt among those
    places; ``seat``'s own deck is reshuffled.
    """
    n = state.players
    hidden_play = state.phase == Phase.PLAY
    hand, deck, items, played = list(state.hand), list(state.deck), list(state.items), list(state.played)
    item_pool = list(state.item_deck)
    drawn_hidden = bool(state.drawn) and not (state.phase == Phase.KEEP and state.order[state.cursor] == seat)
    if drawn_hidden:
        item_pool += list(state.drawn)
    for s in range(n):
        if s == seat:
            d = list(deck[s])
            rnd.shuffle(d)
            deck[s] = tuple(d)
            continue
        pool = list(hand[s]) + list(deck[s])
        slots = []
        if hidden_play:
            for i, (c, _h) in enumerate(played[s]):
                if D.is_action(c):
                    pool.append(c)
                    slots.append(("a", i))
                else:
                    item_pool.append(c)
                    slots.append(("i", i))
        item_pool += list(items[s])
        rnd.shuffle(pool)
        hand[s] = tuple(sorted(pool[: len(hand[s])]))
        rest = pool[len(hand[s]) :]
        newplayed = list(played[s])
        for kind, i in slots:
            if kind == "a":
                c = rest.pop()
                newplayed[i] = (c, rnd.randrange(len(D.ACTION_CARDS[c].halves)))
        deck[s] = tuple(rest)
        played[s] = tuple(newplayed)
    rnd.shuffle(item_pool)
    # deal items back: others' face-down items first (never an immediate one), then hands
    if hidden_play:
        for s in range(n):
            if s == seat:
                continue
            row = list(played[s])
            for i, (c, _h) in enumerate(row):
                if D.is_item(c):
                    j = next(j for j, x in enumerate(item_pool) if D.item_kind(x) not in D.IMMEDIATE_KINDS)
                    row[i] = (item_pool.pop(j), 0)
            played[s] = tuple(row)
    for s in range(n):
        if s == seat:
            continue
        k = len(items[s])
        items[s] = tuple(sorted(item_pool[:k]))
        item_pool = item_pool[k:]
    drawn = state.drawn
    if drawn_hidden:
        drawn = tuple(item_pool[: len(drawn)])
        item_pool = item_pool[len(drawn) :]
    return evolve(
        state,
        hand=tuple(hand),
        deck=tuple(deck),
        items=tuple(items),
        played=tuple(played),
        item_deck=tuple(item_pool),
        drawn=drawn,
        rng=Rng.from_seed(rnd.getrandbits(32)),
    )
