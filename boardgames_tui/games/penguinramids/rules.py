"""Penguinramids rules engine (Rulebook: the Spanish edition; Sheet: docs/games/penguinramids.md).

A game lasts 10 rounds. Each round reveals one penguin per player; everyone
secretly plays an action card (``Phase.CHOOSE``, every seat still choosing
is in ``to_move``); the cards are revealed together and fix the turn order
(``Phase.TURN``). On their turn a player takes a revealed penguin and
places it in their pyramid, and may use their card's action before taking
or after placing. Decisions are small steps so that a turn can be undone
step by step until something new is seen (a swap reveals the deck top).

Pyramid slots are flat indices 0-9 (see ``data``); on screen levels and
slots are counted from 1 (level 1 is the base).

No textual or rich here (import contract).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from enum import StrEnum
from typing import Any, ClassVar

import attrs

from boardgames_tui.engine import Event, IllegalAction, Outcome, Pass, State, seat_letter, seat_ref
from boardgames_tui.engine.core import HIDDEN
from boardgames_tui.engine.derive import evolve, replace_at
from boardgames_tui.engine.rng import Rng
from boardgames_tui.engine.speed import legal_cached
from boardgames_tui.i18n import N_, shapes

from . import data
from .data import (
    ACTION_NAMES,
    COLOUR_LETTERS,
    COLOURS,
    GOALS,
    GREY,
    LEVEL_OFFSET,
    LEVEL_SIZES,
    PENGUINS,
    ROUNDS,
    SLOTS,
    STRENGTH_TOKENS,
)

LEFT, RIGHT = "left", "right"


class Phase(StrEnum):
    """Where a round stands (the state's ``phase``). Members equal their lower-case names."""

    CHOOSE = "choose"
    """Every seat still choosing plays an action card face down (Rulebook: Como se Juega)."""
    TURN = "turn"
    """The cards are revealed; ``order[turn]`` takes a penguin and uses their action (Rulebook: Durante tu turno)."""
    OVER = "over"
    """Ten rounds are played (Rulebook: Fin del juego)."""


# For each flat slot: the flat slots of its two supporters (lower-left, lower-right), or None on the base.
_SUPPORTERS: tuple[tuple[int, int] | None, ...] = tuple(
    None if k == 0 else (data.flat(k - 1, i), data.flat(k - 1, i + 1))
    for k in range(4)
    for i in range(LEVEL_SIZES[k])
)
# For each flat slot: the slots above that rest on it.
_ABOVE: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for j, sup in enumerate(_SUPPORTERS) if sup is not None and i in sup) for i in range(SLOTS)
)
_BASE = tuple(range(4))


#: The shapes of the English texts these rules write (log lines, prompts, score rows,
#: refusals), marked for translation. The rules keep writing plain English (a save
#: keeps only actions, a state keeps English); the app translates a finished text by
#: finding the shape it was made from (boardgames_tui.i18n.translate_text). Nothing
#: here is read by the rules themselves.
TEXTS = shapes(
    # penguins, slots and cards, inside other texts
    N_("{colour} {weight} (arms {left}|{right})"),
    N_("Red"),
    N_("Blue"),
    N_("Yellow"),
    N_("Purple"),
    N_("grey"),
    N_("level {level}, slot {slot}"),
    N_("Chief"),
    N_("Flip"),
    N_("Swap"),
    N_("Recover"),
    N_("Token"),
    N_("{a} and {b}"),
    # what each action card does (data.ACTION_TEXT)
    N_("take the Chief Penguin card"),
    N_("flip one of your penguins to its grey side"),
    N_("before taking, swap a revealed penguin with the deck top"),
    N_("take back all your played action cards"),
    N_("take a strength token"),
    # the log
    N_("Goals: {goals}. {player} holds the Chief Penguin."),
    N_("Round {round}: revealed {penguins}."),
    N_("{player} plays an action card face down."),
    N_("you chose card {number} ({action})"),
    N_("Cards revealed: {cards}. Turn order: {order}."),
    N_(
        "Cards revealed: {cards}. Turn order: {order}. Ties broken from the Chief Penguin ({chief}) clockwise."
    ),
    N_("{player} takes {penguin}."),
    N_("{player} takes {penguin}; no penguin on offer fits, so it is discarded."),
    N_("{player} places {penguin} on {slot}."),
    N_("{player} places {penguin} on {slot} (held by strength {have} for weight {weight})."),
    N_("{player} cannot place {penguin} and discards it."),
    N_("{player} takes the Chief Penguin from {other} ({effect})."),
    N_("this is the last round: it only decides a tie at the end"),
    N_("it counts from next round"),
    N_("{player} flips {penguin} on {slot}: now {grey}."),
    N_("{player} swaps {penguin} (to the deck bottom) for the deck top: {new}."),
    N_("{player} takes back the played cards {cards}."),
    N_("{player} takes a strength token ({left} left)."),
    N_("{player} puts a strength token on the left arm at {slot}."),
    N_("{player} puts a strength token on the right arm at {slot}."),
    N_("{player} does not use card {number} and ends the turn."),
    N_("{player} ends the turn keeping 1 strength token."),
    N_("{player} ends the turn keeping {count} strength tokens."),
    N_("Game over. {scores}. {player} wins."),
    N_("{player} has no action card left and takes back all played cards."),
    # the status line
    N_("The game is over"),
    N_("Waiting for the others to choose"),
    N_("Waiting for {seat}"),
    N_("Round {round}: choose an action card in secret"),
    N_("Place {penguin} in your pyramid"),
    N_("Put strength tokens on arms or end your turn"),
    N_("Use card {number} {action} or skip it"),
    N_("Take a penguin, or first use card {number} {action}"),
    N_("Take a penguin"),
    # the score breakdown and how the game ended
    N_("Heaviest per level (base up): {weights} = {total}"),
    N_("Goal {goal}: +{points}"),
    N_("Pyramid, {placed}/10 penguins, top first:"),
    N_("Tokens: {placed} on arms (the + marks), {held} held"),
    N_("Total: {total}"),
    N_("{seats} tied on {score}: {winner} holds the Chief Penguin"),
    N_("{seats} tied on {score}: {winner} sits nearest clockwise from the Chief Penguin holder {chief}"),
    N_("{rounds} rounds played"),
    # why a penguin cannot go on a slot, or be flipped
    N_("needs {weight} strength, has {have}"),
    N_("not next to a base penguin"),
    N_("needs both penguins below"),
    N_("needs a penguin below on each side"),
    N_("no penguin there"),
    N_("already grey"),
    N_("taken"),
    N_("grey side weighs {weight}, the arms below hold {have}"),
    N_("it would drop the penguin on {slot} (weight {weight}, held {have})"),
    # the decisions, as the replay and the text record name them
    N_("play card {number} ({action})"),
    N_("take {penguin}"),
    N_("place on {slot}"),
    N_("discard it (it fits nowhere)"),
    N_("action 1: take the Chief Penguin"),
    N_("action 2: flip {slot} to grey"),
    N_("action 3: swap {penguin} for the deck top"),
    N_("action 4: take back your played cards"),
    N_("action 5: take a strength token"),
    N_("put a token on the left arm at {slot}"),
    N_("put a token on the right arm at {slot}"),
    N_("end my turn"),
    # refusals of a setup
    N_("{game} has no option {option}"),
    N_("option chief must be a seat letter A-D, not {value}"),
    N_("option chief names seat {seat}, but only seats A-{last} play"),
    N_("pass"),
)


def slot_name(index: int) -> str:
    """'level 2, slot 1' for a flat index (levels and slots counted from 1)."""
    k, i = data.level_slot(index)
    return f"level {k + 1}, slot {i + 1}"


def penguin_label(pid: int, grey: bool = False) -> str:
    """Short face of a penguin: 'R5 1|2' (colour letter, weight, left|right arm); 'g7 0|1' grey."""
    p = PENGUINS[pid]
    w, left, right = p.side(grey)
    letter = "g" if grey else COLOUR_LETTERS[p.colour]
    return f"{letter}{w} {left}|{right}"


def penguin_text(pid: int, grey: bool = False) -> str:
    """Long face of a penguin for the log: 'Red 5 (arms 1|2)' or 'grey 7 (arms 0|1)'."""
    p = PENGUINS[pid]
    w, left, right = p.side(grey)
    name = "grey" if grey else COLOURS[p.colour]
    return f"{name} {w} (arms {left}|{right})"


# ---- actions ------------------------------------------------------------


@attrs.frozen
class ChooseCard:
    """Secretly play action card ``number`` (1-5) this round (Rulebook: Como se Juega)."""

    number: int

    def __str__(self) -> str:
        return f"play card {self.number} ({ACTION_NAMES.get(self.number, '?')})"


@attrs.frozen
class Take:
    """Take revealed penguin ``penguin`` (its id) (Rulebook: Durante tu turno)."""

    penguin: int

    def __str__(self) -> str:
        return f"take {penguin_label(self.penguin)}" if 0 <= self.penguin < len(PENGUINS) else "take ?"


@attrs.frozen
class Place:
    """Place the taken penguin on flat slot ``slot`` 0-9 (Rulebook: Colocando un pingüino)."""

    slot: int

    def __str__(self) -> str:
        return f"place on {slot_name(self.slot)}" if 0 <= self.slot < SLOTS else "place ?"


@attrs.frozen
class Discard:
    """Discard the taken penguin: it fits nowhere (Sheet: no legal placement)."""

    def __str__(self) -> str:
        return "discard it (it fits nowhere)"


@attrs.frozen
class TakeChief:
    """Action 1: take the Chief Penguin card (Rulebook: acción 1)."""

    def __str__(self) -> str:
        return "action 1: take the Chief Penguin"


@attrs.frozen
class Flip:
    """Action 2: flip the penguin on flat slot ``slot`` to its grey side (Rulebook: acción 2)."""

    slot: int

    def __str__(self) -> str:
        return f"action 2: flip {slot_name(self.slot)} to grey" if 0 <= self.slot < SLOTS else "flip ?"


@attrs.frozen
class Swap:
    """Action 3: swap revealed penguin ``penguin`` with the deck top (Rulebook: acción 3)."""

    penguin: int

    def __str__(self) -> str:
        if 0 <= self.penguin < len(PENGUINS):
            return f"action 3: swap {penguin_label(self.penguin)} for the deck top"
        return "swap ?"


@attrs.frozen
class Recover:
    """Action 4: take back every played action card, this one included (Rulebook: acción 4)."""

    def __str__(self) -> str:
        return "action 4: take back your played cards"


@attrs.frozen
class TakeToken:
    """Action 5: take a strength token from the supply (Rulebook: acción 5)."""

    def __str__(self) -> str:
        return "action 5: take a strength token"


@attrs.frozen
class PlaceToken:
    """Put a held strength token on the ``arm`` ('left'/'right') of the penguin on
    flat slot ``slot``: +1 strength for that arm, for good (Rulebook: acción 5)."""

    slot: int
    arm: str

    def __str__(self) -> str:
        where = slot_name(self.slot) if 0 <= self.slot < SLOTS else "?"
        return f"put a token on the {self.arm} arm at {where}"


@attrs.frozen
class EndTurn:
    """End the turn while still holding strength tokens that could go on arms (Sheet:
    strength tokens; Table notes: the turn does not end by itself while a held token
    could still be placed)."""

    def __str__(self) -> str:
        return "end my turn"


ACTION_TYPES = (
    ChooseCard,
    Take,
    Place,
    Discard,
    TakeChief,
    Flip,
    Swap,
    Recover,
    TakeToken,
    PlaceToken,
    EndTurn,
)


# ---- pyramid helpers (pure functions on tuples) ------------------------------


def _arm(pyr: tuple[int, ...], grey: tuple[bool, ...], tok: tuple[int, ...], slot: int, right: bool) -> int:
    p = PENGUINS[pyr[slot]]
    _, left, r = p.side(grey[slot])
    return (r if right else left) + tok[2 * slot + (1 if right else 0)]


def support_of(pyr: tuple[int, ...], grey: tuple[bool, ...], tok: tuple[int, ...], slot: int) -> int | None:
    """Strength holding up flat ``slot``: right arm of the lower-left penguin plus left
    arm of the lower-right one, tokens included; None if a supporter is missing or
    ``slot`` is on the base (Sheet: Support)."""
    sup = _SUPPORTERS[slot]
    if sup is None or pyr[sup[0]] < 0 or pyr[sup[1]] < 0:
        return None
    return _arm(pyr, grey, tok, sup[0], True) + _arm(pyr, grey, tok, sup[1], False)


def weight_at(pyr: tuple[int, ...], grey: tuple[bool, ...], slot: int) -> int:
    return PENGUINS[pyr[slot]].side(grey[slot])[0]


def slot_problem(
    pyr: tuple[int, ...], grey: tuple[bool, ...], tok: tuple[int, ...], slot: int, weight: int
) -> str | None:
    """Why a penguin of ``weight`` cannot go on flat ``slot`` now, or None if it can.

    Rulebook: Colocando un pingüino (first penguin anywhere on the base; later
    base penguins next to one; upper ones on two penguins whose arms hold the weight).
    """
    if pyr[slot] >= 0:
        return "taken"
    if slot < 4:
        if all(pyr[i] < 0 for i in _BASE):
            return None
        if (slot > 0 and pyr[slot - 1] >= 0) or (slot < 3 and pyr[slot + 1] >= 0):
            return None
        return "not next to a base penguin"
    sup = _SUPPORTERS[slot]
    assert sup is not None
    missing = sum(1 for s in sup if pyr[s] < 0)
    if missing:
        return "needs both penguins below" if missing == 2 else "needs a penguin below on each side"
    have = support_of(pyr, grey, tok, slot)
    assert have is not None
    if have < weight:
        return f"needs {weight} strength, has {have}"
    return None


def all_supported(pyr: tuple[int, ...], grey: tuple[bool, ...], tok: tuple[int, ...]) -> bool:
    """Whether every placed upper penguin rests on two penguins strong enough (Sheet: Support)."""
    for slot in range(4, SLOTS):
        if pyr[slot] < 0:
            continue
        have = support_of(pyr, grey, tok, slot)
        if have is None or have < weight_at(pyr, grey, slot):
            return False
    return True


def _token_fits(
    pyr: tuple[int, ...], grey: tuple[bool, ...], tok: tuple[int, ...], slot: int, weight: int, held: int
) -> bool:
    """Whether ``held`` tokens would make ``slot`` hold ``weight`` (supporters present)."""
    if held <= 0 or slot < 4 or pyr[slot] >= 0:
        return False
    have = support_of(pyr, grey, tok, slot)
    return have is not None and have + held >= weight


def arm_tokens_after(tok: tuple[int, ...], action: PlaceToken) -> tuple[int, ...]:
    """A pyramid's arm tokens (``tokens[seat]``: left then right arm of each flat slot) once
    ``action`` puts one more on its arm (Rulebook: acción 5)."""
    i = 2 * action.slot + (1 if action.arm == RIGHT else 0)
    return replace_at(tok, i, tok[i] + 1)


def useful_arms() -> tuple[tuple[int, str], ...]:
    """Every (flat slot, arm) that holds up a slot above: where a token can matter."""
    out = []
    for slot in range(SLOTS - 1):
        k, i = data.level_slot(slot)
        if i > 0:
            out.append((slot, LEFT))
        if i < LEVEL_SIZES[k] - 1:
            out.append((slot, RIGHT))
    return tuple(out)


_USEFUL_ARMS = useful_arms()


# ---- the state -----------------------------------------------------------------


def _empty_pyr() -> tuple[int, ...]:
    return (-1,) * SLOTS


@attrs.frozen
class PenguinramidsState(State):
    """A Penguinramids position.

    Fields: ``n`` seats; ``round`` 1-10; ``phase`` a :class:`Phase`;
    ``chief`` the Chief Penguin holder; ``hands``/``spent`` each seat's action
    card numbers in hand / played; ``chosen`` per seat this round's card (0 not
    chosen yet, HIDDEN in a view for another seat's secret choice); ``order``
    the turn order once revealed and ``turn`` the index in it; ``revealed``
    penguin ids on offer; ``deck`` ids top first (HIDDEN in views);
    ``discard`` discarded ids; ``pyramids`` per seat 10 flat slots (-1 empty);
    ``greys`` per seat 10 flags; ``tokens`` per seat 20 counts (slot*2 + arm,
    arm 0 left 1 right); ``held_tokens`` per seat; ``supply`` tokens left;
    ``goals`` the 3 goal ids; ``taken`` the penguin taken this turn (-1 none
    yet or already placed); ``placed`` whether this turn's penguin is dealt
    with; ``used`` whether this turn's action is done.
    """

    game_id: ClassVar[str] = "penguinramids"

    n: int
    round: int
    phase: Phase
    chief: int
    hands: tuple[tuple[int, ...], ...]
    spent: tuple[tuple[int, ...], ...]
    chosen: tuple[int, ...]
    order: tuple[int, ...]
    turn: int
    revealed: tuple[int, ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    pyramids: tuple[tuple[int, ...], ...]
    greys: tuple[tuple[bool, ...], ...]
    tokens: tuple[tuple[int, ...], ...]
    held_tokens: tuple[int, ...]
    supply: int
    goals: tuple[int, ...]
    taken: int
    placed: bool
    used: bool
    to_move: tuple[int, ...]
    log: tuple[Event, ...]
    rng: Rng
    #: Undo barriers the rules have marked (the action cards revealed, the deck
    #: top seen by a swap): an apply that raises it cannot be undone
    #: (engine ``State.is_barrier``).
    barrier_count: int = 0
    #: Legal actions by seat, remembered on first use (``engine.speed``); never copied to a derived state.
    _legal_cache: dict[int, list[Any]] | None = attrs.field(default=None, init=False, eq=False, repr=False)

    # ---- basic properties ----

    @property
    def players(self) -> int:
        return self.n

    @property
    def is_terminal(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def holds_secret_choices(self) -> bool:
        """Cards chosen face down while others still choose (Rulebook: Como se Juega)."""
        return self.phase == Phase.CHOOSE and any(self.chosen)

    def needs_curtain(self, seat: int) -> bool:
        """Only the secret choice of action cards is private; turns are public.

        Sheet: played cards are shown to everyone once revealed, so after the
        reveal the keyboard passes without a curtain.
        """
        return self.phase == Phase.CHOOSE

    def is_secret_choice(self, seat: int) -> bool:
        """The action card is chosen face down by every seat at once."""
        return self.phase == Phase.CHOOSE

    @property
    def current(self) -> int | None:
        """The seat whose turn it is in ``Phase.TURN``, else None."""
        if self.phase != Phase.TURN:
            return None
        return self.order[self.turn]

    @property
    def card(self) -> int:
        """The action card the current seat played this round (0 outside turns)."""
        cur = self.current
        return self.chosen[cur] if cur is not None else 0

    # ---- placement queries (used by the UI too) ----

    def slot_problem(self, seat: int, slot: int, pid: int | None = None) -> str | None:
        """Why ``seat``'s taken penguin (or penguin ``pid``) cannot go on flat ``slot``;
        None if it can (Rulebook: Colocando un pingüino). Without a penguin: None/'taken'."""
        if pid is None:
            pid = self.taken if seat == self.current else -1
        pyr = self.pyramids[seat]
        if pid < 0:
            return "taken" if pyr[slot] >= 0 else None
        return slot_problem(pyr, self.greys[seat], self.tokens[seat], slot, PENGUINS[pid].weight)

    def legal_slots(self, seat: int, pid: int) -> tuple[int, ...]:
        """Flat slots where penguin ``pid`` (colour side) may go in ``seat``'s pyramid now."""
        pyr, grey, tok = self.pyramids[seat], self.greys[seat], self.tokens[seat]
        w = PENGUINS[pid].weight
        return tuple(s for s in range(SLOTS) if slot_problem(pyr, grey, tok, s, w) is None)

    def can_place(self, seat: int, pid: int) -> bool:
        """Whether ``pid`` fits somewhere now or once ``seat``'s held tokens go on arms."""
        pyr, grey, tok = self.pyramids[seat], self.greys[seat], self.tokens[seat]
        w = PENGUINS[pid].weight
        held = self.held_tokens[seat]
        for s in range(SLOTS):
            if slot_problem(pyr, grey, tok, s, w) is None or _token_fits(pyr, grey, tok, s, w, held):
                return True
        return False

    def flippable(self, seat: int) -> tuple[int, ...]:
        """Flat slots of ``seat``'s colour-side penguins that can turn grey with the whole
        pyramid still supported (Rulebook: acción 2; Sheet: kept supported from below too)."""
        pyr, grey, tok = self.pyramids[seat], self.greys[seat], self.tokens[seat]
        out = []
        for s in range(SLOTS):
            if pyr[s] < 0 or grey[s]:
                continue
            g2 = grey[:s] + (True,) + grey[s + 1 :]
            if _supported_around(pyr, g2, tok, s):
                out.append(s)
        return tuple(out)

    def flip_problem(self, seat: int, slot: int) -> str | None:
        """Why the penguin on ``slot`` cannot be flipped, or None."""
        pyr, grey, tok = self.pyramids[seat], self.greys[seat], self.tokens[seat]
        if pyr[slot] < 0:
            return "no penguin there"
        if grey[slot]:
            return "already grey"
        g2 = grey[:slot] + (True,) + grey[slot + 1 :]
        sup = support_of(pyr, g2, tok, slot)
        if sup is not None and sup < weight_at(pyr, g2, slot):
            return f"grey side weighs {weight_at(pyr, g2, slot)}, the arms below hold {sup}"
        for a in _ABOVE[slot]:
            if pyr[a] >= 0:
                have = support_of(pyr, g2, tok, a)
                if have is not None and have < weight_at(pyr, g2, a):
                    return f"it would drop the penguin on {slot_name(a)} (weight {weight_at(pyr, g2, a)}, held {have})"
        return None

    def _action_usable(self, seat: int) -> bool:
        """Whether the current card's action can still do something now."""
        card = self.card
        if self.used:
            return False
        if card == 1:
            return self.chief != seat
        if card == 2:
            return bool(self.flippable(seat))
        if card == 3:
            return self.taken < 0 and not self.placed
        if card == 4:
            return True
        if card == 5:
            return self.supply > 0
        return False

    def _action_options(self, seat: int) -> list[Any]:
        card = self.card
        if not self._action_usable(seat):
            return []
        if card == 1:
            return [TakeChief()]
        if card == 2:
            return [Flip(s) for s in self.flippable(seat)]
        if card == 3:
            return [Swap(p) for p in self.revealed]
        if card == 4:
            return [Recover()]
        if card == 5:
            return [TakeToken()]
        return []

    def _token_options(self, seat: int) -> list[PlaceToken]:
        if self.held_tokens[seat] <= 0:
            return []
        pyr = self.pyramids[seat]
        return [PlaceToken(s, arm) for s, arm in _USEFUL_ARMS if pyr[s] >= 0]

    def takeable(self, seat: int) -> tuple[int, ...]:
        """Revealed penguins ``seat`` may take: those that fit (tokens counted), or all
        of them when none fits (Sheet: no legal placement)."""
        fit = tuple(p for p in self.revealed if self.can_place(seat, p))
        return fit or self.revealed

    # ---- contract ----

    def legal_actions(self, seat: int) -> list[Any]:
        """Every legal action of ``seat``, in the order the chooser lists them."""
        if seat not in self.to_move:
            return []
        return legal_cached(self, seat, PenguinramidsState._legal_now)

    def _legal_now(self, seat: int) -> list[Any]:
        """The legal actions of ``seat`` (in ``to_move``), worked out from the rules."""
        if self.phase == Phase.CHOOSE:
            return [ChooseCard(c) for c in self.hands[seat]]
        # phase turn, seat is current
        if self.taken < 0 and not self.placed:
            acts: list[Any] = [Take(p) for p in self.takeable(seat)]
            acts += self._action_options(seat)
            acts += self._token_options(seat)
            return acts
        if self.taken >= 0:
            slots = self.legal_slots(seat, self.taken)
            acts = [Place(s) for s in slots]
            toks = self._token_options(seat)
            if not slots and not self.can_place(seat, self.taken):
                acts.append(Discard())
            return acts + toks
        # placed; the action is still open or a held token could still go on an arm
        # (otherwise the turn would have ended)
        if self._action_usable(seat):
            return self._action_options(seat) + [Pass()] + self._token_options(seat)
        return self._token_options(seat) + [EndTurn()]

    def apply(self, seat: int, action: Any) -> PenguinramidsState:
        """The state after ``seat`` takes ``action``; raises IllegalAction with a reason.

        Each kind of action is carried out by the method named after its rule
        (see ``_STEPS`` below the class).
        """
        self.check_seat(seat)
        legal = self.legal_actions(seat)
        if action not in legal:
            raise IllegalAction(self._why_illegal(seat, action))
        return _STEPS[type(action)](self, seat, action)

    def _why_illegal(self, seat: int, action: Any) -> str:
        if self.phase == Phase.CHOOSE:
            if isinstance(action, ChooseCard):
                return f"card {action.number} is not in your hand (you hold {', '.join(map(str, self.hands[seat]))})"
            return "first choose an action card"
        if isinstance(action, Place):
            if self.taken < 0:
                return "take a penguin first"
            if not 0 <= action.slot < SLOTS:
                return "there is no such slot"
            why = self.slot_problem(seat, action.slot)
            return f"{slot_name(action.slot)}: {why}" if why else "you cannot place there now"
        if isinstance(action, Take):
            if self.taken >= 0 or self.placed:
                return "you already took a penguin this turn"
            if action.penguin not in self.revealed:
                return "that penguin is not on offer"
            return "that penguin fits nowhere in your pyramid while another one does"
        if isinstance(action, Flip) and 0 <= action.slot < SLOTS and self.card == 2:
            why = self.flip_problem(seat, action.slot)
            return f"cannot flip {slot_name(action.slot)}: {why}" if why else "that flip is not possible now"
        if isinstance(action, Swap) and self.card == 3 and (self.taken >= 0 or self.placed):
            return "swap only before taking a penguin"
        if isinstance(action, (TakeChief, Flip, Swap, Recover, TakeToken)):
            if self.used:
                return "you already used your action this turn"
            return f"your card this round is {self.card} ({ACTION_NAMES.get(self.card, '?')})"
        if isinstance(action, PlaceToken):
            return "you hold no strength token" if self.held_tokens[seat] <= 0 else "no penguin arm there"
        if isinstance(action, Pass):
            return "nothing to skip now"
        if isinstance(action, EndTurn):
            if self.placed and self.taken < 0:
                return f"use card {self.card} or skip it first"
            return "finish your turn first (take and place a penguin)"
        return "that is not possible now"

    # ---- steps: one method per rule, each taking (seat, action) ----

    def _choose(self, seat: int, action: ChooseCard) -> PenguinramidsState:
        """Rulebook: Como se Juega - play an action card face down; the last one in reveals all."""
        chosen = replace_at(self.chosen, seat, action.number)
        to_move = tuple(s for s in self.to_move if s != seat)
        log = self.log + (
            Event(f"{seat_ref(seat)} plays an action card face down.", {seat: _choice_text(action.number)}),
        )
        st = evolve(self, chosen=chosen, to_move=to_move, log=log)
        if to_move:
            return st
        return st._reveal()

    def _reveal(self) -> PenguinramidsState:
        """All cards are in: reveal them and fix the turn order (Rulebook: Como se Juega).
        Lowest number first; ties from the Chief Penguin holder (or the nearest tied
        seat clockwise) going clockwise."""
        order = turn_order(self.chosen, self.chief, self.n)
        hands = tuple(tuple(c for c in h if c != self.chosen[s]) for s, h in enumerate(self.hands))
        spent = tuple(tuple(sorted(sp + (self.chosen[s],))) for s, sp in enumerate(self.spent))
        cards = ", ".join(f"{seat_ref(s)} {self.chosen[s]}" for s in range(self.n))
        text = f"Cards revealed: {cards}. Turn order: {', '.join(seat_ref(s) for s in order)}."
        ties = [c for c in set(self.chosen) if self.chosen.count(c) > 1]
        if ties:
            text += f" Ties broken from the Chief Penguin ({seat_ref(self.chief)}) clockwise."
        st = evolve(
            self,
            barrier_count=self.barrier_count + 1,  # everyone's card is seen
            phase=Phase.TURN,
            hands=hands,
            spent=spent,
            order=order,
            turn=0,
            taken=-1,
            placed=False,
            used=False,
            to_move=(order[0],),
            log=self.log + (Event(text),),
        )
        return st

    def _take(self, seat: int, action: Take) -> PenguinramidsState:
        """Rulebook: Durante tu turno - take a revealed penguin. One that fits nowhere
        while none on offer fits is discarded at once (Sheet: no legal placement)."""
        pid = action.penguin
        revealed = tuple(p for p in self.revealed if p != pid)
        if not self.can_place(seat, pid):
            st = evolve(
                self,
                revealed=revealed,
                discard=self.discard + (pid,),
                placed=True,
                log=self.log
                + (
                    Event(
                        f"{seat_ref(seat)} takes {penguin_text(pid)}; no penguin on offer fits, so it is discarded."
                    ),
                ),
            )
            return st._after_step(seat)
        return evolve(
            self,
            revealed=revealed,
            taken=pid,
            log=self.log + (Event(f"{seat_ref(seat)} takes {penguin_text(pid)}."),),
        )

    def _place(self, seat: int, action: Place) -> PenguinramidsState:
        """Rulebook: Colocando un pingüino - the taken penguin goes on a free slot that holds it."""
        slot = action.slot
        pid = self.taken
        pyr = replace_at(self.pyramids[seat], slot, pid)
        text = f"{seat_ref(seat)} places {penguin_text(pid)} on {slot_name(slot)}"
        have = support_of(self.pyramids[seat], self.greys[seat], self.tokens[seat], slot)
        if have is not None:
            text += f" (held by strength {have} for weight {PENGUINS[pid].weight})"
        st = evolve(
            self,
            pyramids=replace_at(self.pyramids, seat, pyr),
            taken=-1,
            placed=True,
            log=self.log + (Event(text + "."),),
        )
        return st._after_step(seat)

    def _discard(self, seat: int, action: Discard) -> PenguinramidsState:
        """Sheet: no legal placement - the taken penguin fits nowhere and is discarded."""
        pid = self.taken
        st = evolve(
            self,
            discard=self.discard + (pid,),
            taken=-1,
            placed=True,
            log=self.log + (Event(f"{seat_ref(seat)} cannot place {penguin_text(pid)} and discards it."),),
        )
        return st._after_step(seat)

    def _take_chief(self, seat: int, action: TakeChief) -> PenguinramidsState:
        """Rulebook: acción 1 - take the Chief Penguin card."""
        st = evolve(
            self,
            chief=seat,
            used=True,
            log=self.log
            + (
                Event(
                    f"{seat_ref(seat)} takes the Chief Penguin from {seat_ref(self.chief)} ({self.chief_effect()})."
                ),
            ),
        )
        return st._after_step(seat)

    def _flip(self, seat: int, action: Flip) -> PenguinramidsState:
        """Rulebook: acción 2 - turn one of your penguins to its grey side."""
        pid = self.pyramids[seat][action.slot]
        st = evolve(
            self,
            greys=replace_at(self.greys, seat, replace_at(self.greys[seat], action.slot, True)),
            used=True,
            log=self.log
            + (
                Event(
                    f"{seat_ref(seat)} flips {penguin_text(pid)} on {slot_name(action.slot)}: "
                    f"now {penguin_text(pid, True)}."
                ),
            ),
        )
        return st._after_step(seat)

    def _swap(self, seat: int, action: Swap) -> PenguinramidsState:
        """Rulebook: acción 3 - before taking, swap a revealed penguin with the deck top
        (the swapped one goes to the deck bottom)."""
        i = self.revealed.index(action.penguin)
        new = self.deck[0]
        revealed = self.revealed[:i] + (new,) + self.revealed[i + 1 :]
        st = evolve(
            self,
            barrier_count=self.barrier_count + 1,  # the deck top is seen
            revealed=revealed,
            deck=self.deck[1:] + (action.penguin,),
            used=True,
            log=self.log
            + (
                Event(
                    f"{seat_ref(seat)} swaps {penguin_text(action.penguin)} (to the deck bottom) "
                    f"for the deck top: {penguin_text(new)}."
                ),
            ),
        )
        return st._after_step(seat)

    def _recover(self, seat: int, action: Recover) -> PenguinramidsState:
        """Rulebook: acción 4 - take back every played action card, this one included."""
        st = evolve(
            self,
            hands=replace_at(self.hands, seat, tuple(sorted(self.hands[seat] + self.spent[seat]))),
            spent=replace_at(self.spent, seat, ()),
            used=True,
            log=self.log
            + (
                Event(
                    f"{seat_ref(seat)} takes back the played cards {', '.join(map(str, self.spent[seat]))}."
                ),
            ),
        )
        return st._after_step(seat)

    def _take_token(self, seat: int, action: TakeToken) -> PenguinramidsState:
        """Rulebook: acción 5 - take a strength token from the supply."""
        st = evolve(
            self,
            held_tokens=replace_at(self.held_tokens, seat, self.held_tokens[seat] + 1),
            supply=self.supply - 1,
            used=True,
            log=self.log + (Event(f"{seat_ref(seat)} takes a strength token ({self.supply - 1} left)."),),
        )
        return st._after_step(seat)

    def _put_token(self, seat: int, action: PlaceToken) -> PenguinramidsState:
        """Rulebook: acción 5 - a held strength token goes on a penguin's arm, +1 for good.

        The same decision stays open, unless the penguin is placed, the action is
        done and this was the last held token that could go anywhere.
        """
        st = evolve(
            self,
            tokens=replace_at(self.tokens, seat, arm_tokens_after(self.tokens[seat], action)),
            held_tokens=replace_at(self.held_tokens, seat, self.held_tokens[seat] - 1),
            log=self.log
            + (
                Event(
                    f"{seat_ref(seat)} puts a strength token on the {action.arm} arm at {slot_name(action.slot)}."
                ),
            ),
        )
        return st._after_step(seat)

    def _skip_action(self, seat: int, action: Pass) -> PenguinramidsState:
        """Rulebook: Realizar una acción - the action is optional: skip it, ending the turn.

        It ends the turn even with tokens held (they could have gone on arms
        first: the choices were listed together).
        """
        st = evolve(
            self,
            used=True,
            log=self.log + (Event(f"{seat_ref(seat)} does not use card {self.card} and ends the turn."),),
        )
        return st._next_turn()

    def _end_turn(self, seat: int, action: EndTurn) -> PenguinramidsState:
        """Table notes: end the turn keeping strength tokens that could still go on arms."""
        held = self.held_tokens[seat]
        kept = f"{held} strength token{'s' if held != 1 else ''}"
        st = evolve(self, log=self.log + (Event(f"{seat_ref(seat)} ends the turn keeping {kept}."),))
        return st._next_turn()

    def chief_effect(self) -> str:
        """When a Chief Penguin taken now matters (Sheet: it counts from next round;
        Rulebook: Fin del juego, it wins a final tie)."""
        if self.round >= ROUNDS:
            return "this is the last round: it only decides a tie at the end"
        return "it counts from next round"

    def _after_step(self, seat: int) -> PenguinramidsState:
        """End the turn once the penguin is dealt with, the action is used or useless,
        and no held strength token could still go on an arm (Table notes: then the
        player ends the turn explicitly with EndTurn)."""
        if not self.placed or self.taken >= 0:
            return self
        if self._action_usable(seat) or self._token_options(seat):
            return self
        return self._next_turn()

    def _next_turn(self) -> PenguinramidsState:
        turn = self.turn + 1
        if turn < self.n:
            return evolve(self, turn=turn, taken=-1, placed=False, used=False, to_move=(self.order[turn],))
        return self._end_round()

    def _end_round(self) -> PenguinramidsState:
        """Round over: next round reveals one penguin per player (Rulebook: Como se Juega)."""
        discard = self.discard + self.revealed  # none left in a normal round
        if self.round >= ROUNDS:
            st = evolve(
                self,
                phase=Phase.OVER,
                discard=discard,
                revealed=(),
                chosen=(0,) * self.n,
                order=(),
                turn=0,
                taken=-1,
                placed=False,
                used=False,
                to_move=(),
            )
            sc = st.scores()
            line = "Game over. " + ", ".join(f"{seat_ref(s)} {sc[s]}" for s in range(self.n))
            win = st.winners()
            line += f". {seat_ref(win[0])} wins."
            return evolve(st, log=st.log + (Event(line),))
        revealed = self.deck[: self.n]
        deck = self.deck[self.n :]
        text = f"Round {self.round + 1}: revealed {', '.join(penguin_text(p) for p in revealed)}."
        events = [Event(text)]
        hands, spent = self.hands, self.spent
        for s in range(self.n):
            if not hands[s]:  # Table notes: an empty hand takes its played cards back
                hands = replace_at(hands, s, tuple(sorted(spent[s])))
                spent = replace_at(spent, s, ())
                events.append(
                    Event(f"{seat_ref(s)} has no action card left and takes back all played cards.")
                )
        return evolve(
            self,
            round=self.round + 1,
            phase=Phase.CHOOSE,
            revealed=revealed,
            deck=deck,
            discard=discard,
            chosen=(0,) * self.n,
            order=(),
            turn=0,
            taken=-1,
            placed=False,
            used=False,
            hands=hands,
            spent=spent,
            to_move=tuple(range(self.n)),
            log=self.log + tuple(events),
        )

    # ---- undo barrier ----

    # ---- scoring ----

    def built(self, seat: int) -> data.Built:
        """``seat``'s pyramid as the goal cards read it."""
        pyr, grey = self.pyramids[seat], self.greys[seat]
        colours = tuple(
            None if p < 0 else (GREY if grey[i] else PENGUINS[p].colour) for i, p in enumerate(pyr)
        )
        weights = tuple(None if p < 0 else PENGUINS[p].side(grey[i])[0] for i, p in enumerate(pyr))
        return data.Built(colours, weights, sum(self.tokens[seat]), self.held_tokens[seat])

    def level_scores(self, seat: int) -> tuple[int, ...]:
        """Heaviest weight on each level 1-4 (0 for an empty level) (Rulebook: Fin del juego)."""
        pyr, grey = self.pyramids[seat], self.greys[seat]
        out = []
        for k in range(4):
            ws = [
                weight_at(pyr, grey, s)
                for s in range(LEVEL_OFFSET[k], LEVEL_OFFSET[k] + LEVEL_SIZES[k])
                if pyr[s] >= 0
            ]
            out.append(max(ws) if ws else 0)
        return tuple(out)

    def goals_met(self, seat: int) -> tuple[int, ...]:
        """Ids of the goals in play that ``seat``'s pyramid fulfils (Rulebook: Las tarjetas de gol)."""
        b = self.built(seat)
        return tuple(g for g in self.goals if GOALS[g].test(b))

    def scores(self) -> tuple[int, ...]:
        """Per seat: heaviest penguin per level plus fulfilled goals' points (Rulebook: Fin del juego)."""
        return tuple(
            sum(self.level_scores(s)) + sum(GOALS[g].points for g in self.goals_met(s)) for s in range(self.n)
        )

    def winners(self) -> tuple[int, ...]:
        """The single winner: highest score; ties go to the Chief Penguin holder or the
        tied seat nearest clockwise from them (Rulebook: Fin del juego)."""
        sc = self.scores()
        best = max(sc)
        tied = [s for s in range(self.n) if sc[s] == best]
        return (min(tied, key=lambda s: (s - self.chief) % self.n),)

    def pyramid_rows(self, seat: int) -> tuple[str, ...]:
        """``seat``'s pyramid as 4 short lines, top level first: 2-char cells ('R3' Red
        weight 3, 'g5' a grey side, '..' empty), a '+' between two penguins whose
        facing arms carry strength tokens. Example: ('   g6', '  R1 B2', ' ..')."""
        pyr, grey, tok = self.pyramids[seat], self.greys[seat], self.tokens[seat]
        rows = []
        for k in (3, 2, 1, 0):
            cells = []
            for i in range(LEVEL_SIZES[k]):
                idx = LEVEL_OFFSET[k] + i
                p = pyr[idx]
                if p < 0:
                    cells.append("..")
                else:
                    letter = "g" if grey[idx] else COLOUR_LETTERS[PENGUINS[p].colour]
                    cells.append(f"{letter}{PENGUINS[p].side(grey[idx])[0]}")
                if i < LEVEL_SIZES[k] - 1:
                    cells.append("+" if tok[2 * idx + 1] or tok[2 * (idx + 1)] else " ")
            rows.append(" " * (0, 2, 3, 5)[k] + "".join(cells))
        return tuple(rows)

    def outcome(self) -> Outcome:
        sc = self.scores()
        lines = []
        for s in range(self.n):
            ls = self.level_scores(s)
            placed = sum(1 for p in self.pyramids[s] if p >= 0)
            seat_lines = [f"Heaviest per level (base up): {' + '.join(map(str, ls))} = {sum(ls)}"]
            for g in self.goals_met(s):
                seat_lines.append(f"Goal {GOALS[g].name}: +{GOALS[g].points}")
            seat_lines.append(f"Pyramid, {placed}/10 penguins, top first:")
            seat_lines += list(self.pyramid_rows(s))
            if sum(self.tokens[s]) or self.held_tokens[s]:
                seat_lines.append(
                    f"Tokens: {sum(self.tokens[s])} on arms (the + marks), {self.held_tokens[s]} held"
                )
            seat_lines.append(f"Total: {sc[s]}")
            lines.append(tuple(seat_lines))
        best = max(sc)
        tied = [s for s in range(self.n) if sc[s] == best]
        win = self.winners()
        tiebreak = ""
        if len(tied) > 1:
            names = " and ".join(seat_letter(s) for s in tied)
            if win[0] == self.chief:
                tiebreak = f"{names} tied on {best}: {seat_letter(win[0])} holds the Chief Penguin"
            else:
                tiebreak = (
                    f"{names} tied on {best}: {seat_letter(win[0])} sits nearest clockwise "
                    f"from the Chief Penguin holder {seat_letter(self.chief)}"
                )
        return Outcome(sc, win, tuple(lines), tiebreak, f"{ROUNDS} rounds played")

    # ---- views and prompts ----

    def view(self, seat: int | None) -> PenguinramidsState:
        """What ``seat`` knows: other seats' secret choices and the deck order are hidden."""
        chosen = self.chosen
        if self.phase == Phase.CHOOSE:
            chosen = tuple(c if (s == seat or c == 0) else HIDDEN for s, c in enumerate(chosen))
        from boardgames_tui.engine import mask_log

        return evolve(
            self,
            chosen=chosen,
            deck=(HIDDEN,) * len(self.deck),
            log=mask_log(self.log, seat),
            rng=Rng.blank(),
        )

    def prompt(self, seat: int) -> str:
        if self.phase == Phase.OVER:
            return "The game is over"
        if seat not in self.to_move:
            if self.phase == Phase.CHOOSE:
                return "Waiting for the others to choose"
            return f"Waiting for {seat_letter(self.current)}"  # type: ignore[arg-type]  # someone plays: current is set
        if self.phase == Phase.CHOOSE:
            return f"Round {self.round}: choose an action card in secret"
        card = f"card {self.card} {ACTION_NAMES[self.card]}"
        if self.taken >= 0:
            return f"Place {penguin_label(self.taken)} in your pyramid"
        if self.placed and not self._action_usable(seat):
            return "Put strength tokens on arms or end your turn"
        if self.placed:
            return f"Use {card} or skip it"
        if self._action_usable(seat):
            return f"Take a penguin, or first use {card}"
        return "Take a penguin"


#: The method carrying out each kind of action (``apply`` has checked it is legal).
_STEPS: dict[type, Callable[[PenguinramidsState, int, Any], PenguinramidsState]] = {
    ChooseCard: PenguinramidsState._choose,
    Take: PenguinramidsState._take,
    Place: PenguinramidsState._place,
    Discard: PenguinramidsState._discard,
    TakeChief: PenguinramidsState._take_chief,
    Flip: PenguinramidsState._flip,
    Swap: PenguinramidsState._swap,
    Recover: PenguinramidsState._recover,
    TakeToken: PenguinramidsState._take_token,
    PlaceToken: PenguinramidsState._put_token,
    Pass: PenguinramidsState._skip_action,
    EndTurn: PenguinramidsState._end_turn,
}


def _supported_around(pyr: tuple[int, ...], grey: tuple[bool, ...], tok: tuple[int, ...], slot: int) -> bool:
    """Support holds for ``slot`` and every slot resting on it (after a change there)."""
    for s in (slot,) + _ABOVE[slot]:
        if pyr[s] < 0 or s < 4:
            continue
        have = support_of(pyr, grey, tok, s)
        if have is None or have < weight_at(pyr, grey, s):
            return False
    return True


def turn_order(chosen: tuple[int, ...], chief: int, n: int) -> tuple[int, ...]:
    """Seats by card number, lowest first; ties in clockwise order starting from the Chief
    Penguin holder, or the nearest tied seat clockwise from them (Rulebook: Como se Juega)."""
    return tuple(sorted(range(n), key=lambda s: (chosen[s], (s - chief) % n)))


# ---- setup ---------------------------------------------------------------------------


def new_game(players: int, seed: int, chief: int | str = 0, **options: Any) -> PenguinramidsState:
    """A new game: seat ``chief`` holds the Chief Penguin, 5 action cards each, 3 goals
    drawn, the deck shuffled and one penguin per player revealed (Rulebook: Preparar).

    ``chief`` is a seat number or its letter ('A'-'D', the setup option ``chief``):
    the rulebook gives the Chief Penguin to the youngest player, whom the table
    names at setup (default seat A). Raises ValueError outside 2-4 players or for
    a Chief Penguin seat that does not play."""
    if not 2 <= players <= 4:
        raise ValueError(f"Penguinramids is for 2-4 players, not {players}")
    if options:
        raise ValueError(f"Penguinramids has no option {next(iter(options))!r}")
    if isinstance(chief, str):
        if len(chief) != 1 or not "A" <= chief <= "D":
            raise ValueError(f"option chief must be a seat letter A-D, not {chief!r}")
        chief = ord(chief) - ord("A")
    if not 0 <= chief < players:
        raise ValueError(
            f"option chief names seat {seat_letter(chief) if 0 <= chief < 5 else chief}, "
            f"but only seats A-{seat_letter(players - 1)} play"
        )
    rng = Rng.from_seed(seed)
    goal_ids, rng = rng.shuffled(range(len(GOALS)))
    goals = tuple(sorted(goal_ids[: data.GOALS_IN_PLAY]))
    deck, rng = rng.shuffled(range(len(PENGUINS)))
    revealed, deck = deck[:players], deck[players:]
    log = (
        Event(
            f"Goals: {', '.join(f'{GOALS[g].name} ({GOALS[g].points})' for g in goals)}. "
            f"{seat_ref(chief)} holds the Chief Penguin."
        ),
        Event(f"Round 1: revealed {', '.join(penguin_text(p) for p in revealed)}."),
    )
    return PenguinramidsState(
        n=players,
        round=1,
        phase=Phase.CHOOSE,
        chief=chief,
        hands=tuple(data.ACTION_NUMBERS for _ in range(players)),
        spent=tuple(() for _ in range(players)),
        chosen=(0,) * players,
        order=(),
        turn=0,
        revealed=tuple(revealed),
        deck=tuple(deck),
        discard=(),
        pyramids=tuple(_empty_pyr() for _ in range(players)),
        greys=tuple((False,) * SLOTS for _ in range(players)),
        tokens=tuple((0,) * (2 * SLOTS) for _ in range(players)),
        held_tokens=(0,) * players,
        supply=STRENGTH_TOKENS,
        goals=goals,
        taken=-1,
        placed=False,
        used=False,
        to_move=tuple(range(players)),
        log=log,
        rng=rng,
    )


# ---- harness and simulation hooks ---------------------------------------------------


def check_invariants(state: PenguinramidsState) -> None:
    """Components conserved and every placed penguin supported; raises AssertionError."""
    n = state.n
    cards = list(state.deck) + list(state.revealed) + list(state.discard)
    if state.taken >= 0:
        cards.append(state.taken)
    for pyr in state.pyramids:
        cards += [p for p in pyr if p >= 0]
    assert sorted(cards) == list(range(len(PENGUINS))), "penguin cards not conserved"
    placed_tokens = sum(sum(t) for t in state.tokens)
    assert state.supply + sum(state.held_tokens) + placed_tokens == STRENGTH_TOKENS, "tokens not conserved"
    assert state.supply >= 0 and min(state.held_tokens) >= 0
    for s in range(n):
        hand = list(state.hands[s]) + list(state.spent[s])
        assert sorted(hand) == list(data.ACTION_NUMBERS), f"seat {s}'s action cards not conserved"
        assert all_supported(state.pyramids[s], state.greys[s], state.tokens[s]), (
            f"seat {s} has an unsupported penguin"
        )
        pyr = state.pyramids[s]
        for i, g in enumerate(state.greys[s]):
            assert not g or pyr[i] >= 0
        for i in range(SLOTS):
            if pyr[i] < 0:
                assert state.tokens[s][2 * i] == 0 and state.tokens[s][2 * i + 1] == 0
    placed = sum(1 for pyr in state.pyramids for p in pyr if p >= 0)
    assert placed + sum(1 for p in state.discard) <= ROUNDS * n
    assert 1 <= state.round <= ROUNDS
    if state.phase == Phase.CHOOSE:
        assert len(state.revealed) == n
        assert all(state.hands[s] for s in range(n)), "a seat has no action card to play"
    if state.phase == Phase.OVER:
        assert placed + len(state.discard) == ROUNDS * n, "not exactly 10 penguins per player"


def redeal_hidden(state: PenguinramidsState, seat: int, rnd: random.Random) -> PenguinramidsState:
    """Re-deal what ``seat`` cannot know: the deck order and the other seats' pending choices."""
    deck = list(state.deck)
    rnd.shuffle(deck)
    chosen = state.chosen
    if state.phase == Phase.CHOOSE:
        chosen = tuple(
            c if (s == seat or c == 0) else rnd.choice(state.hands[s]) for s, c in enumerate(state.chosen)
        )
    log = state.log
    if chosen != state.chosen:
        # keep the re-dealt seats' private log lines consistent with their new choice
        events = list(log)
        for s in range(state.n):
            if chosen[s] == state.chosen[s]:
                continue
            for i in range(len(events) - 1, -1, -1):
                if s in events[i].private:
                    private = dict(events[i].private)
                    private[s] = _choice_text(chosen[s])
                    events[i] = Event(events[i].text, private)
                    break
        log = tuple(events)
    return evolve(state, deck=tuple(deck), chosen=chosen, log=log)


def _choice_text(number: int) -> str:
    return f"you chose card {number} ({ACTION_NAMES[number]})"


def simulation_stats(state: PenguinramidsState) -> dict[str, float | str]:
    """Figures for docs/games/penguinramids.md: share of complete pyramids, each goal's hit rate over all
    finished pyramids (all 10 goals tested, drawn or not), mean and winning score."""
    n = state.n
    sc = state.scores()
    out: dict[str, float | str] = {}
    out["pyramid complete (share)"] = sum(1 for s in range(n) if min(state.pyramids[s]) >= 0) / n
    out["final score (mean)"] = sum(sc) / n
    out["winning score"] = float(max(sc))
    out["tokens taken (per player)"] = (STRENGTH_TOKENS - state.supply) / n
    out["grey penguins (per player)"] = sum(sum(g) for g in state.greys) / n
    builts = [state.built(s) for s in range(n)]
    for g in GOALS:
        out[f"goal hit: {g.name}"] = sum(1 for b in builts if g.test(b)) / n
    return out
