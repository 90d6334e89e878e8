"""Misión Chungungo engine: the asteroid field, the crew, shots and eels.

Rule sources: the English rulebook ("Rulebook:
<section>") and the game's page ``docs/games/mision_chungungo.md`` ("Sheet:
<decision>"). Our own decisions are listed in ``rules.md`` under "Table notes".

The asteroid field is a grid of :class:`Cell` (row, column; rows grow
downwards) that can grow in every direction: coordinates may be negative.
"Adjacent" means sharing an edge. The first asteroid lies at (0, 0).

The state's ``phase`` is a :class:`Phase`; while a card resolves, its
``steps`` are :class:`~.data.Step` members (or a tuple of them, a choice).
``apply`` hands each kind of action to the method named after its rule
(``_STEPS``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from enum import StrEnum
from typing import Any, ClassVar

import attrs

from boardgames_tui.engine import Event, IllegalAction, Outcome, Pass, Rng, State, seat_letter, seat_ref
from boardgames_tui.engine.core import HIDDEN, mask_log
from boardgames_tui.engine.derive import evolve, replace_at
from boardgames_tui.engine.speed import legal_cached
from boardgames_tui.i18n import N_, shapes

from . import data
from .data import (
    CARDS,
    COPPER,
    COPPER_TARGET,
    DIRECTIONS,
    KIND_CREW,
    KIND_EEL,
    KIND_FURY,
    KIND_KIT,
    KIND_MINE,
    CardStep,
    Step,
    alternatives,
)

_ADJ = ((-1, 0), (0, 1), (1, 0), (0, -1))
#: Crew cards with an Attract Asteroid step.
_ATTRACT_IDS = frozenset(c.id for c in data.CREW if Step.ATTRACT in c.steps)
#: The default generator of a state: the blank one views carry (one shared value; Rng is frozen).
_BLANK_RNG = Rng.blank()


class Phase(StrEnum):
    """Where the game stands (``ChungungoState.phase``). Members equal their lower-case names."""

    FIELD = "field"
    """Setup: the placer (``current``) places asteroids (Rulebook: Game Setup 4-5)."""
    TOKENS = "tokens"
    """Setup: the placer puts their token on an asteroid (Game Setup 7)."""
    TURN = "turn"
    """``current`` plays a card or regroups (Turn Structure)."""
    REACT = "react"
    """Every other seat holding cards may cancel the crew card with an Electric Eel."""
    RESOLVE = "resolve"
    """The seat in ``to_move`` takes the decision ``steps[0]`` asks for."""
    OVER = "over"
    """The game has ended (``ending`` says why)."""


# --------------------------------------------------------------------------- actions


@attrs.frozen
class PlaceAsteroid:
    """Place the top card of the deck face down at (row, col), next to the field.

    Used in setup (Rulebook: Game Setup 4-5) and by Attract Asteroid.
    """

    row: int
    col: int

    def __str__(self) -> str:
        return f"place an asteroid at row {self.row}, column {self.col}"


@attrs.frozen
class PlaceToken:
    """Put your token on the face-down card at (row, col) (Rulebook: Game Setup 7)."""

    row: int
    col: int

    def __str__(self) -> str:
        return f"put your token at row {self.row}, column {self.col}"


@attrs.frozen
class PlayCard:
    """Play this card (id) from your hand to your discard pile and resolve it (Turn Structure)."""

    card: int

    def __str__(self) -> str:
        c = CARDS[self.card]
        return f"play {c.title}: {c.text}"


@attrs.frozen
class Regroup:
    """Take your whole discard pile back into your hand (Rulebook: Regroup)."""

    def __str__(self) -> str:
        return "regroup (take your discard pile into your hand)"


@attrs.frozen
class Excavate:
    """Take the card at (row, col), next to your token (Rulebook: Excavate)."""

    row: int
    col: int

    def __str__(self) -> str:
        return f"excavate the card at row {self.row}, column {self.col}"


@attrs.frozen
class Leap:
    """Quantum Leap: move your token to the free face-down card at (row, col)."""

    row: int
    col: int

    def __str__(self) -> str:
        return f"quantum leap to row {self.row}, column {self.col}"


@attrs.frozen
class Shoot:
    """Fire the shot card in play as printed, or turned 180 degrees (``flipped``)."""

    flipped: bool = False

    def __str__(self) -> str:
        return "shoot turned 180 degrees" if self.flipped else "shoot as printed"


@attrs.frozen
class Strike:
    """Struck this seat: steal a random card from their hand (Rulebook: Struck)."""

    target: int

    def __str__(self) -> str:
        return f"strike player {seat_letter(self.target)}"


@attrs.frozen
class GiveChungungo:
    """Give the Furious Chungungo to this seat, one of the poorest (Rulebook: Abandoned Base B)."""

    target: int

    def __str__(self) -> str:
        return f"give the Furious Chungungo to player {seat_letter(self.target)}"


@attrs.frozen
class PlayEel:
    """Cancel the crew card just played with this Electric Eel (card id) from your hand."""

    card: int

    def __str__(self) -> str:
        return "play an Electric Eel to cancel it"


@attrs.frozen
class PlaceEel:
    """Place the Electric Eel that cancelled your card face up at (row, col), next to the field."""

    row: int
    col: int

    def __str__(self) -> str:
        return f"place the Electric Eel at row {self.row}, column {self.col}"


ACTION_TYPES = (
    PlaceAsteroid,
    PlaceToken,
    PlayCard,
    Regroup,
    Excavate,
    Leap,
    Shoot,
    Strike,
    GiveChungungo,
    PlayEel,
    PlaceEel,
    Pass,
)


# --------------------------------------------------------------------------- the field


@attrs.frozen
class Cell:
    """One card lying in the asteroid field.

    ``row``/``col``: grid coordinates (any integers; rows grow downwards).
    ``card``: card id, or ``HIDDEN`` (-1) in a view for a face-down card.
    ``face_up``: True only for an Electric Eel placed after a cancel (such a
    card is not an asteroid: it cannot be excavated, leapt onto or carry a token).
    """

    row: int
    col: int
    card: int
    face_up: bool = False

    @property
    def pos(self) -> tuple[int, int]:
        """(row, col) of this cell."""
        return (self.row, self.col)


def field_bounds(field: tuple[Cell, ...]) -> tuple[int, int, int, int]:
    """(min row, min col, max row, max col) of the field; (0, 0, -1, -1) when empty."""
    if not field:
        return (0, 0, -1, -1)
    rows = [c.row for c in field]
    cols = [c.col for c in field]
    return (min(rows), min(cols), max(rows), max(cols))


def placement_cells(field: tuple[Cell, ...]) -> tuple[tuple[int, int], ...]:
    """Empty cells sharing an edge with a card on the table, sorted (row, col).

    Where a new asteroid (or a cancelling eel) may go (Rulebook: Attract
    Asteroid; Sheet: "adjacent means sharing an edge"). An empty field gives
    ((0, 0),).
    """
    if not field:
        return ((0, 0),)
    taken = {(c.row, c.col) for c in field}
    out = set()
    for c in field:
        for dr, dc in _ADJ:
            p = (c.row + dr, c.col + dc)
            if p not in taken:
                out.add(p)
    return tuple(sorted(out))


def shot_cells(
    field: tuple[Cell, ...], origin: tuple[int, int], pattern: tuple[str, ...], flipped: bool = False
) -> tuple[tuple[int, int], ...]:
    """The cells a shot's lines cross, nearest first along each line.

    Lines start next to ``origin`` (the shooter's card) and run in each
    compass direction of ``pattern`` (turned 180 degrees if ``flipped``) to
    the edge of the field's bounding box, across gaps (Rulebook: Shots;
    Sheet: Shots).
    """
    r0, c0, r1, c1 = field_bounds(field)
    out: list[tuple[int, int]] = []
    for d in pattern:
        dr, dc = DIRECTIONS[d]
        if flipped:
            dr, dc = -dr, -dc
        r, c = origin[0] + dr, origin[1] + dc
        while r0 <= r <= r1 and c0 <= c <= c1:
            out.append((r, c))
            r, c = r + dr, c + dc
    return tuple(out)


# --------------------------------------------------------------------------- the state


def _hidden_like(cards: tuple[int, ...]) -> tuple[int, ...]:
    return (HIDDEN,) * len(cards)


def _rm(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


@attrs.frozen(slots=False)  # copied by engine evolve as a __dict__: the fastest for its many fields
class ChungungoState(State):
    """A position of Misión Chungungo. Build it with :func:`new_game`.

    Seats are 0..players-1; seat 0 is the first player (Rulebook: Game Setup 3).
    """

    game_id: ClassVar[str] = "mision_chungungo"

    #: Number of seats (2-5).
    seats: int
    #: Copper needed to win at the end of a turn (20/15/12/10 by seat count).
    target: int
    #: Seats that must decide now; () when the game is over.
    to_move: tuple[int, ...]
    #: Where the game stands (:class:`Phase`).
    phase: Phase
    #: Whose turn (or setup placement) it is.
    current: int
    #: Turns started so far (0 during setup; the first turn is 1).
    turn: int
    #: The asteroid field: cells sorted by (row, col); face-down cards are HIDDEN in views.
    field: tuple[Cell, ...]
    #: Each seat's token position (row, col), or None before it is placed.
    tokens: tuple[tuple[int, int] | None, ...]
    #: Each seat's hand (card ids, in the order they arrived); others' hands are HIDDEN in views.
    hands: tuple[tuple[int, ...], ...]
    #: Each seat's discard pile, face up (last = top).
    discards: tuple[tuple[int, ...], ...]
    #: Each seat's Abandoned Bases, face up beside the discard pile.
    bases: tuple[tuple[int, ...], ...]
    #: The asteroid deck, top first (during setup: the crew cards only); HIDDEN in views.
    deck: tuple[int, ...]
    #: Cards set aside during setup until the deck is built: the bases and the eels in play.
    reserve: tuple[int, ...]
    #: Each seat's copper: the copper of every card it owns (public, as if announced).
    copper: tuple[int, ...]
    #: Steps of the card in play still to resolve (:class:`~.data.Step`, or a tuple
    #: of them for a choice); steps[0] is the pending decision.
    steps: tuple[CardStep, ...] = ()
    #: The card being played this turn (already on its player's discard pile), or -1.
    card_in_play: int = -1
    #: A public card on its way: the cancelling eel to place, or the Furious Chungungo to give; -1 if none.
    held: int = -1
    #: Seats that passed in the current Electric Eel reaction window.
    passed: tuple[int, ...] = ()
    #: Eels called out in the window by a seat that must wait for earlier seats
    #: to answer: (seat, eel card) pairs, the cards out of hand and face up.
    claims: tuple[tuple[int, int], ...] = ()
    #: The seat striking with a Furious Chungungo, or -1.
    fury_seat: int = -1
    #: Seats already struck by that Furious Chungungo.
    fury_struck: tuple[int, ...] = ()
    #: True once the current player regrouped because their hand was empty (they must now play).
    regrouped: bool = False
    #: Why the game ended: "" (not over), "copper" (target reached) or "deck" (deck ran out).
    ending: str = ""
    #: The game's log.
    log: tuple[Event, ...] = ()
    #: Generator for shuffles and steals (blank in views).
    rng: Rng = _BLANK_RNG
    #: Undo barriers the rules have marked (an excavation's peek, the end of a
    #: turn): an apply that raises it cannot be undone (engine ``State.is_barrier``).
    barrier_count: int = 0
    #: Caches built on first use and never copied to a derived state (engine ``evolve``):
    #: the field by cell, and the legal actions by seat. Not part of equality.
    _grid_cache: dict[tuple[int, int], Cell] | None = attrs.field(
        default=None, init=False, eq=False, repr=False
    )
    _legal_cache: dict[int, list[Any]] | None = attrs.field(default=None, init=False, eq=False, repr=False)

    # ------------------------------------------------------------------ basics

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.seats

    @property
    def is_terminal(self) -> bool:
        """True once the game has ended (copper target or empty deck)."""
        return self.phase == Phase.OVER

    def scores(self) -> tuple[int, ...]:
        """Copper per seat (Rulebook: Game Objective)."""
        return self.copper

    def crew_count(self, seat: int) -> int:
        """Crew cards ``seat`` owns (hand and discard pile): the first tie-break (Sheet: "Crew")."""
        return sum(1 for c in self.hands[seat] + self.discards[seat] if c >= 0 and CARDS[c].kind == KIND_CREW)

    def winners(self) -> tuple[int, ...]:
        """Most copper, then larger crew; still tied: shared (Rulebook: Game Objective).

        Also meaningful before the end (who leads now).
        """
        keys = [(self.copper[s], self.crew_count(s)) for s in range(self.seats)]
        best = max(keys)
        return tuple(s for s, k in enumerate(keys) if k == best)

    def tiebreak(self) -> str:
        """The tie-break that decided: '', 'larger crew' or 'shared victory'."""
        top = max(self.copper)
        tied = [s for s in range(self.seats) if self.copper[s] == top]
        if len(tied) == 1:
            return ""
        if len(self.winners()) == 1:
            return "larger crew"
        return "shared victory"

    def outcome(self) -> Outcome:
        """Copper per seat with where it comes from, the tie-break and the ending."""
        lines = []
        for s in range(self.seats):
            hand = sum(COPPER[c] for c in self.hands[s] if c >= 0)
            disc = sum(COPPER[c] for c in self.discards[s])
            base = sum(COPPER[c] for c in self.bases[s])
            names = ", ".join(CARDS[c].name for c in self.bases[s]) or "none"
            lines.append(
                (
                    f"copper: {self.copper[s]}",
                    f"hand: {_cards(len(self.hands[s]))}, {hand} copper",
                    f"discard pile: {_cards(len(self.discards[s]))}, {disc} copper",
                    f"bases: {names} ({base} copper)",
                    f"crew (tie-break): {_cards(self.crew_count(s))}",
                )
            )
        if self.ending == "copper":
            ending = f"a player reached {self.target} copper at the end of a turn"
        elif self.ending == "deck":
            ending = "a card had to join the field and the deck was empty"
        else:
            ending = ""
        return Outcome(self.copper, self.winners(), tuple(lines), self.tiebreak(), ending)

    @property
    def reaction_window(self) -> str | None:
        """The crew card that may be cancelled with an Electric Eel, while the window is open.

        For a shot fired from where the token stands, it names the players it can strike.
        """
        if self.phase != Phase.REACT:
            return None
        card = self.card_in_play
        c = CARDS[card]
        text = f"{seat_letter(self.current)} plays {c.title}: {c.text}"
        steps = c.steps
        if c.pattern and not any(Step.LEAP in alternatives(st) for st in steps[: steps.index(Step.SHOT)]):
            # Who could be hit is public (tokens are on the table): it helps decide whether to cancel.
            seats = set(self.shot_targets(self.current, card, False)[0])
            if self.shot_turns(self.current, card):
                seats |= set(self.shot_targets(self.current, card, True)[0])
            who = ", ".join(seat_letter(s) for s in sorted(seats))
            text += f" It can strike {who}." if who else " From there it strikes nobody."
        if self.claims:
            called = ", ".join(seat_letter(s) for s, _eel in self.claims)
            text += f" Eel called by {called}: seats before them answer first."
        return text

    # ------------------------------------------------------------------ geometry helpers

    def grid(self) -> dict[tuple[int, int], Cell]:
        """The field as a dict (row, col) -> Cell (computed once per state; do not modify)."""
        g = self._grid_cache
        if g is None:
            g = {(c.row, c.col): c for c in self.field}
            object.__setattr__(self, "_grid_cache", g)
        return g

    def token_at(self, pos: tuple[int, int]) -> int | None:
        """The seat whose token is at ``pos``, or None."""
        for s, t in enumerate(self.tokens):
            if t == pos:
                return s
        return None

    def excavate_cells(self, seat: int) -> tuple[tuple[int, int], ...]:
        """Cells ``seat`` may excavate: face-down cards sharing an edge with its token, without a token.

        Rulebook: Excavate; Sheet: a card with a token cannot be excavated, eels are not asteroids.
        """
        t = self.tokens[seat]
        if t is None:
            return ()
        g = self.grid()
        toks = set(self.tokens)
        out = []
        for dr, dc in _ADJ:
            p = (t[0] + dr, t[1] + dc)
            cell = g.get(p)
            if cell is not None and not cell.face_up and p not in toks:
                out.append(p)
        return tuple(sorted(out))

    def leap_cells(self, seat: int) -> tuple[tuple[int, int], ...]:
        """Cells ``seat`` may Quantum Leap to: every face-down card without a token (Rulebook: Quantum Leap)."""
        toks = set(self.tokens)
        return tuple((c.row, c.col) for c in self.field if not c.face_up and (c.row, c.col) not in toks)

    def field_is_dry(self) -> bool:
        """True when no asteroid could ever be excavated without new cards.

        That is when no free face-down card shares an edge with another
        face-down card (a token could stand there). Table note "The field runs
        dry": then cards must be added to the field.
        """
        g = self.grid()
        toks = set(self.tokens)
        for c in self.field:
            if c.face_up or (c.row, c.col) in toks:
                continue
            for dr, dc in _ADJ:
                n = g.get((c.row + dr, c.col + dc))
                if n is not None and not n.face_up:
                    return False
        return True

    def token_cells(self) -> tuple[tuple[int, int], ...]:
        """Asteroids where a token may be put during setup (no token there yet)."""
        return self.leap_cells(0)

    def shot_targets(
        self, seat: int, card: int, flipped: bool, origin: tuple[int, int] | None = None
    ) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
        """(seats struck, face-up eel cells taken) if ``seat`` fired ``card`` now.

        The lines start at ``seat``'s token, or at ``origin`` (row, col) if
        given: where the token would stand after a Quantum Leap (the Comando).
        Seats are listed from the shooter's left. Rulebook: Shots.
        """
        t = self.tokens[seat] if origin is None else origin
        if t is None:
            return ((), ())
        cells = set(shot_cells(self.field, t, CARDS[card].pattern, flipped))
        hit = tuple(
            s for s in ((seat + i) % self.seats for i in range(1, self.seats)) if self.tokens[s] in cells
        )
        eels = tuple(c.pos for c in self.field if c.face_up and c.pos in cells)
        return hit, eels

    def shot_turns(self, seat: int, card: int) -> bool:
        """True if turning ``card``'s shot 180 degrees changes what it does from ``seat``'s token.

        False for a pattern that looks the same turned around (a row, a cross...)
        and wherever both ways strike the same players and take the same eels
        (nobody at all, say): then there is nothing to aim, and the shot fires
        as printed (Table note "Shots").
        """
        c = CARDS[card]
        t = self.tokens[seat]
        if c.symmetric or t is None:
            return False
        if set(shot_cells(self.field, t, c.pattern)) == set(shot_cells(self.field, t, c.pattern, True)):
            return False
        return self.shot_targets(seat, card, False) != self.shot_targets(seat, card, True)

    def owns_attract(self) -> bool:
        """True if some seat holds an Attract Asteroid card in hand or discard pile (Table note "The field runs dry")."""
        for s in range(self.seats):
            for c in self.hands[s]:
                if c in _ATTRACT_IDS:
                    return True
            for c in self.discards[s]:
                if c in _ATTRACT_IDS:
                    return True
        return False

    def poorest(self) -> tuple[int, ...]:
        """Seats with the fewest copper (Rulebook: Abandoned Base B)."""
        low = min(self.copper)
        return tuple(s for s in range(self.seats) if self.copper[s] == low)

    def decider(self) -> int:
        """The seat deciding in ``Phase.RESOLVE``."""
        if self.steps and self.steps[0] == Step.FURY:
            return self.fury_seat
        return self.current

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self, seat: int) -> list[Any]:
        """Legal actions of ``seat``, in the order the UI lists them; [] if it is not deciding."""
        if seat not in self.to_move:
            return []
        return legal_cached(self, seat, type(self)._legal)  # remembered per state (engine/speed.py)

    def _legal(self, seat: int) -> list[Any]:
        return _LEGAL[self.phase](self, seat)

    def _legal_turn(self, seat: int) -> list[Any]:
        """Turn Structure: play a card from hand (copies listed once; eels only cancel), or
        regroup; an empty hand must regroup first, then play."""
        hand = self.hands[seat]
        if not hand and not self.regrouped:
            return [Regroup()]
        out: list[Any] = []
        seen = set()
        for c in sorted(hand):
            card = CARDS[c]
            if card.kind not in (KIND_CREW, KIND_KIT):
                continue
            key = (card.name, card.copper, card.steps, card.pattern)
            if key in seen:
                continue
            seen.add(key)
            out.append(PlayCard(c))
        if self.discards[seat] and not self.regrouped:
            out.append(Regroup())
        return out

    def _legal_react(self, seat: int) -> list[Any]:
        """Rulebook: Electric Eel - pass, or cancel the crew card with an eel from hand."""
        eels = [c for c in self.hands[seat] if c >= 0 and CARDS[c].kind == KIND_EEL]
        return [Pass(), PlayEel(min(eels))] if eels else [Pass()]

    def _step_actions(self, step: CardStep) -> list[Any]:
        """The decisions ``step`` offers now (each alternative's, for a choice); [] for none."""
        seat = self.current
        if type(step) is not tuple:
            actions = _STEP_ACTIONS.get(step)
            return actions(self, seat) if actions is not None else []
        out: list[Any] = []
        for alt in step:
            out.extend(_STEP_ACTIONS[alt](self, seat))
        return out

    def _shot_actions(self, seat: int) -> list[Any]:
        """Rulebook: Shots - as printed, or turned 180 degrees where that changes anything."""
        if self.shot_turns(seat, self.card_in_play):
            return [Shoot(False), Shoot(True)]
        return [Shoot(False)]

    def _fury_actions(self, seat: int) -> list[Any]:
        """Abandoned Base B: the Furious Chungungo's owner strikes another player not struck yet, or stops."""
        f = self.fury_seat
        return [Strike(s) for s in range(self.seats) if s != f and s not in self.fury_struck] + [Pass()]

    # ------------------------------------------------------------------ prompts

    def private_news(self, seat: int, since: int) -> list[str]:
        """What ``seat`` alone learned since log index ``since``: a card it excavated or stole.

        Sheet: excavated cards are known only to the excavator; a stolen card
        is shown only to the thief. The app shows these before the keyboard
        passes (the victim is told on its next turn).
        """
        return [e.private[seat] for e in self.log[since:] if seat in e.private]

    def needs_curtain(self, seat: int) -> bool:
        """No curtain during setup while every hand holds nothing but its own Starter Kit.

        During setup (Rulebook: Game Setup) each player holds only the
        Starter Kit, which is public: the asteroids and tokens are placed in
        front of everyone, so the keyboard passes without a hand-over.
        """
        if self.phase not in (Phase.FIELD, Phase.TOKENS):
            return True
        kits = data.KIT_IDS
        return any(c != kits[s] for s, hand in enumerate(self.hands) for c in hand)

    def prompt(self, seat: int) -> str:
        """What ``seat`` must do now, in a few words."""
        if self.phase == Phase.OVER:
            return "The game is over"
        if seat not in self.to_move:
            who = ", ".join(seat_letter(s) for s in self.to_move)
            return f"Wait for {who}"
        phase = self.phase
        if phase == Phase.FIELD:
            return "Place an asteroid next to the field"
        if phase == Phase.TOKENS:
            return "Put your token on an asteroid"
        if phase == Phase.TURN:
            if not self.hands[seat] and not self.regrouped:
                return "Your hand is empty: regroup"
            if self.regrouped or not self.discards[seat]:
                return "Play a card"
            if not any(type(a) is PlayCard for a in self.legal_actions(seat)):
                return "Only Electric Eels in hand: regroup"
            return "Play a card or regroup"
        if phase == Phase.REACT:
            return f"Cancel {CARDS[self.card_in_play].title} with an Electric Eel?"
        return _STEP_PROMPTS.get(self.steps[0], "Choose an action")

    # ------------------------------------------------------------------ apply

    def apply(self, seat: int, action: Any) -> ChungungoState:
        """The state after ``seat`` takes ``action``; raises IllegalAction with a reason."""
        self.check_seat(seat)
        legal = self.legal_actions(seat)
        if type(action) is PlayCard and action not in legal and action.card in self.hands[seat]:
            action = self._same_card(seat, action.card, legal)
        if action not in legal:
            raise IllegalAction(self._why_illegal(seat, action))
        return _STEPS[type(action)](self, seat, action)

    def _same_card(self, seat: int, card: int, legal: list[Any]) -> Any:
        """The listed PlayCard for a card identical to ``card`` (copies are listed once)."""
        c = CARDS[card]
        key = (c.name, c.copper, c.steps, c.pattern)
        for a in legal:
            if type(a) is PlayCard:
                o = CARDS[a.card]
                if (o.name, o.copper, o.steps, o.pattern) == key:
                    return a
        return PlayCard(card)

    def _why_illegal(self, seat: int, action: Any) -> str:
        t = type(action)
        if t not in ACTION_TYPES:
            return f"{action!r} is not a Misión Chungungo action"
        if self.phase == Phase.TURN:
            if t is PlayCard:
                if action.card not in self.hands[seat]:
                    return "that card is not in your hand"
                if CARDS[action.card].kind == KIND_EEL:
                    return "an Electric Eel is only played to cancel another player's crew card"
            if t is Regroup:
                if self.regrouped:
                    return "you already regrouped this turn: now play a card"
                return "your discard pile is empty: there is nothing to regroup"
            return "play a card from your hand or regroup"
        if self.phase == Phase.REACT:
            if t is PlayEel:
                return "you hold no Electric Eel"
            return "pass, or play an Electric Eel to cancel the card"
        if t is Excavate:
            return "you may only excavate a face-down card next to your token that carries no token"
        if t is Leap:
            return "you may only leap to a face-down card without a token"
        if t in (PlaceAsteroid, PlaceEel):
            return "cards join the field on an empty space sharing an edge with a card already there"
        if t is PlaceToken:
            return "put your token on an asteroid that has no token"
        if t in (Strike, GiveChungungo):
            return "you cannot choose that player"
        return f"{self.prompt(seat).lower()}; '{action}' is not possible now"

    # ------------------------------------------------------------------ setup

    def _place_asteroid(self, seat: int, action: PlaceAsteroid) -> ChungungoState:
        """The deck's top card goes face down next to the field: in setup (Rulebook: Game
        Setup 4-5), or for Attract Asteroid and a dry field."""
        if self.phase == Phase.FIELD:
            return self._setup_place(seat, action)
        return self._attract_place(seat, action)

    def _setup_place(self, seat: int, action: PlaceAsteroid) -> ChungungoState:
        """Rulebook: Game Setup 4-6 - each player in turn places two asteroids; then the
        deck is built from the rest of the crew, the bases and one eel per player."""
        card, deck = self.deck[0], self.deck[1:]
        field = tuple(
            sorted(self.field + (Cell(action.row, action.col, card),), key=lambda c: (c.row, c.col))
        )
        log = self.log + (Event(f"{seat_ref(seat)} places an asteroid at row {action.row} col {action.col}"),)
        steps = self.steps[1:]
        if steps:
            return evolve(self, field=field, deck=deck, steps=steps, log=log)
        nxt = seat + 1
        if nxt < self.seats:
            return evolve(
                self,
                field=field,
                deck=deck,
                steps=(Step.PLACE, Step.PLACE),
                current=nxt,
                to_move=(nxt,),
                log=log,
            )
        # Game Setup 6: the rest of the crew, the bases and one eel per player, shuffled.
        new_deck, rng = self.rng.shuffled(deck + self.reserve)
        log += (Event(f"The asteroid deck is built and shuffled: {len(new_deck)} cards"),)
        return evolve(
            self,
            field=field,
            deck=new_deck,
            reserve=(),
            rng=rng,
            steps=(),
            phase=Phase.TOKENS,
            current=0,
            to_move=(0,),
            log=log,
        )

    def _setup_token(self, seat: int, action: PlaceToken) -> ChungungoState:
        """Rulebook: Game Setup 7 - each player in turn puts their token on an asteroid; then turn 1."""
        tokens = replace_at(self.tokens, seat, (action.row, action.col))
        log = self.log + (Event(f"{seat_ref(seat)} puts their token at row {action.row} col {action.col}"),)
        nxt = seat + 1
        if nxt < self.seats:
            return evolve(self, tokens=tokens, current=nxt, to_move=(nxt,), log=log)
        return evolve(
            self,
            tokens=tokens,
            phase=Phase.TURN,
            current=0,
            turn=1,
            to_move=(0,),
            regrouped=False,
            log=log + (Event(f"Turn 1: {seat_ref(0)}"),),
        )

    # ------------------------------------------------------------------ the turn

    def _regroup(self, seat: int, action: Regroup) -> ChungungoState:
        """Rulebook: Regroup - the whole discard pile back to hand, ending the turn; with an
        empty hand the player regroups first and must then play a card."""
        forced = not self.hands[seat]
        hands = replace_at(self.hands, seat, self.hands[seat] + self.discards[seat])
        n = len(self.discards[seat])
        text = f"{seat_ref(seat)} regroups: {n} card{'s' if n != 1 else ''} back to hand"
        if forced:
            text += " (empty hand) and must now play"
            return evolve(
                self,
                hands=hands,
                discards=replace_at(self.discards, seat, ()),
                regrouped=True,
                log=self.log + (Event(text),),
            )
        st = evolve(
            self, hands=hands, discards=replace_at(self.discards, seat, ()), log=self.log + (Event(text),)
        )
        return st._end_turn()

    def _play(self, seat: int, action: PlayCard) -> ChungungoState:
        """Turn Structure: the card goes to the discard pile and resolves step by step; a
        crew card first opens the Electric Eel window to the other players holding cards."""
        card = action.card
        c = CARDS[card]
        hands = replace_at(self.hands, seat, _rm(self.hands[seat], card))
        discards = replace_at(self.discards, seat, self.discards[seat] + (card,))
        log = self.log + (Event(f"{seat_ref(seat)} plays {c.title}: {c.text}"),)
        st = evolve(self, hands=hands, discards=discards, card_in_play=card, log=log)
        if c.kind == KIND_CREW and self.seats > 1:
            # Sheet: Electric Eel - every other seat that could hold one is asked. Hand
            # sizes are public, so leaving out empty hands tells nobody anything.
            others = tuple(
                other for other in ((seat + i) % self.seats for i in range(1, self.seats)) if st.hands[other]
            )
            if others:
                return evolve(st, phase=Phase.REACT, passed=(), to_move=others)
        return evolve(st, phase=Phase.RESOLVE, steps=c.steps)._advance()

    def _pass(self, seat: int, action: Pass) -> ChungungoState:
        """Pass in the Electric Eel window, or strike nobody else with the Furious Chungungo."""
        if self.phase == Phase.REACT:
            st = evolve(
                self, passed=self.passed + (seat,), to_move=tuple(s for s in self.to_move if s != seat)
            )
            return st._settle_reactions()
        return self._fury_stops(seat)

    def _call_eel(self, seat: int, action: PlayEel) -> ChungungoState:
        """Rulebook: Electric Eel - call one out against the card; it cancels once every
        earlier seat has answered (:meth:`_settle_reactions`)."""
        st = evolve(
            self,
            hands=replace_at(self.hands, seat, _rm(self.hands[seat], action.card)),
            claims=self.claims + ((seat, action.card),),
            to_move=tuple(s for s in self.to_move if s != seat),
            log=self.log + (Event(f"{seat_ref(seat)} calls out an Electric Eel"),),
        )
        return st._settle_reactions()

    def reaction_order(self) -> tuple[int, ...]:
        """The other seats from the left of the card's player: the order reactions resolve in (docs/architecture.md, Reactions)."""
        return tuple((self.current + i) % self.seats for i in range(1, self.seats))

    def _settle_reactions(self) -> ChungungoState:
        """Resolve the eel window as far as the answers so far allow.

        Reactions resolve in seat order from the left of the card's player
        (docs/architecture.md, Reactions): the first seat in that order that called an
        eel cancels the card, once every seat before it has passed; an eel
        called by a later seat waits, and goes back to its hand unused when
        an earlier seat cancels. When everyone has passed, the card resolves.
        """
        claimed = dict(self.claims)
        for s in self.reaction_order():
            if s in claimed:
                hands = self.hands
                for other, eel in self.claims:
                    if other != s:
                        hands = replace_at(hands, other, tuple(sorted(hands[other] + (eel,))))
                back = [other for other, _eel in self.claims if other != s]
                st = evolve(self, hands=hands, claims=())
                if back:
                    who = ", ".join(seat_ref(o) for o in back)
                    st = evolve(
                        st,
                        log=st.log + (Event(f"{who} takes the eel back: an earlier seat cancelled first"),),
                    )
                return st._cancel(s, claimed[s])
            if s in self.to_move:
                return self  # this seat answers before any later one counts
        st = evolve(
            self,
            phase=Phase.RESOLVE,
            passed=(),
            steps=CARDS[self.card_in_play].steps,
            to_move=(self.current,),
        )
        return st._advance()

    def _cancel(self, seat: int, eel: int) -> ChungungoState:
        """``seat``'s called ``eel`` cancels the card in play; its player places the eel next (Rulebook: Electric Eel)."""
        cur = self.current
        name = CARDS[self.card_in_play].title
        log = self.log + (
            Event(f"{seat_ref(seat)} plays an Electric Eel: {seat_ref(cur)}'s {name} is cancelled"),
        )
        return evolve(
            self,
            held=eel,
            phase=Phase.RESOLVE,
            passed=(),
            steps=(Step.EEL,),
            to_move=(cur,),
            log=log,
        )._advance()

    def _advance(self) -> ChungungoState:
        """Resolve automatic steps until a decision is needed or the turn ends.

        A step with nothing to choose from is skipped; a shot with one way
        only fires at once; a card to place with an empty deck ends the game.
        """
        st = self
        while True:
            if not st.steps:
                return st._end_turn()
            step = st.steps[0]
            automatic = _AUTOMATIC.get(step)
            if automatic is not None:
                st = automatic(st)
                continue
            if step == Step.PLACE and not st.deck:
                return st._end_game("deck", "A card must join the field but the deck is empty")
            if step == Step.SHOT and not st.shot_turns(st.current, st.card_in_play):
                # One way only to shoot: nothing to aim, it fires at once (Table note "Shots").
                return st._shoot(st.current, False, st.steps[1:], aimed=False)
            decider = st.decider()
            legal = st._step_actions(step)
            if not legal:
                st = evolve(st, steps=st.steps[1:], log=st.log + (Event(_skip_text(step, st.current)),))
                continue
            return evolve(st, phase=Phase.RESOLVE, to_move=(decider,))

    def _attract(self) -> ChungungoState:
        """Rulebook: Attract Asteroid - the player places the deck's top two cards next to the field."""
        return evolve(
            self,
            steps=(Step.PLACE, Step.PLACE) + self.steps[1:],
            log=self.log + (Event(f"{seat_ref(self.current)} attracts asteroids"),),
        )

    def _regroup_step(self) -> ChungungoState:
        """Rulebook: Regroup, as a card's step - the discard pile, this card included, back to hand."""
        seat = self.current
        n = len(self.discards[seat])
        return evolve(
            self,
            hands=replace_at(self.hands, seat, self.hands[seat] + self.discards[seat]),
            discards=replace_at(self.discards, seat, ()),
            steps=self.steps[1:],
            log=self.log
            + (Event(f"{seat_ref(seat)} regroups: {n} card{'s' if n != 1 else ''} back to hand"),),
        )

    def _end_turn(self) -> ChungungoState:
        """End of turn: the copper target check (Rulebook: Game Objective), then the next seat.

        Always an undo barrier: the turn is over, and the dry-field check
        reads every hand (Table note "The field runs dry").
        """
        st = evolve(self, barrier_count=self.barrier_count + 1)
        if max(st.copper) >= st.target:
            return st._end_game("copper", f"Copper target {st.target} reached at the end of the turn")
        if st.field_is_dry() and not st.owns_attract():
            # Table note "The field runs dry": cards must be added to the field.
            if not st.deck:
                return st._end_game("deck", "The field has run dry and the deck is empty")
            return evolve(
                st,
                phase=Phase.RESOLVE,
                steps=(Step.PLACE, Step.PLACE),
                card_in_play=-1,
                to_move=(st.current,),
                log=st.log
                + (
                    Event(
                        f"The field has run dry and nobody holds an Attract card: {seat_ref(st.current)}"
                        " attracts asteroids"
                    ),
                ),
            )._advance()
        nxt = (st.current + 1) % st.seats
        return evolve(
            st,
            phase=Phase.TURN,
            current=nxt,
            turn=st.turn + 1,
            to_move=(nxt,),
            steps=(),
            card_in_play=-1,
            regrouped=False,
            passed=(),
            log=st.log + (Event(f"Turn {st.turn + 1}: {seat_ref(nxt)}"),),
        )

    def _end_game(self, ending: str, why: str) -> ChungungoState:
        st = evolve(
            self,
            phase=Phase.OVER,
            ending=ending,
            to_move=(),
            steps=(),
            card_in_play=-1,
            held=-1,
            fury_seat=-1,
            fury_struck=(),
        )
        wins = st.winners()
        names = " and ".join(seat_ref(s) for s in wins)
        tb = st.tiebreak()
        tail = f" ({tb})" if tb else ""
        copper = ", ".join(f"{seat_ref(s)} {st.copper[s]}" for s in range(st.seats))
        return evolve(st, log=st.log + (Event(f"{why}. Copper: {copper}. Winner: {names}{tail}"),))

    # ------------------------------------------------------------------ main actions

    def _attract_place(self, seat: int, action: PlaceAsteroid) -> ChungungoState:
        """Rulebook: Attract Asteroid - the deck's top card face down next to the field."""
        rest = self.steps[1:]
        card, deck = self.deck[0], self.deck[1:]
        field = tuple(
            sorted(self.field + (Cell(action.row, action.col, card),), key=lambda c: (c.row, c.col))
        )
        st = evolve(
            self,
            field=field,
            deck=deck,
            steps=rest,
            log=self.log
            + (Event(f"{seat_ref(seat)} places an asteroid at row {action.row} col {action.col}"),),
        )
        return st._advance()

    def _lay_eel(self, seat: int, action: PlaceEel) -> ChungungoState:
        """Rulebook: Electric Eel - the cancelled card's player lays the eel face up next to the field."""
        cell = Cell(action.row, action.col, self.held, True)
        st = evolve(
            self,
            field=tuple(sorted(self.field + (cell,), key=lambda c: (c.row, c.col))),
            held=-1,
            steps=self.steps[1:],
            log=self.log
            + (Event(f"{seat_ref(seat)} lays the eel face up at row {action.row} col {action.col}"),),
        )
        return st._advance()

    def _leap(self, seat: int, action: Leap) -> ChungungoState:
        """Rulebook: Quantum Leap - the token moves to a free face-down card."""
        st = evolve(
            self,
            tokens=replace_at(self.tokens, seat, (action.row, action.col)),
            steps=self.steps[1:],
            log=self.log + (Event(f"{seat_ref(seat)} leaps to row {action.row} col {action.col}"),),
        )
        return st._advance()

    def _excavate(self, seat: int, action: Excavate) -> ChungungoState:
        """Rulebook: Excavate; bases: Rulebook "Abandoned Base".

        Always an undo barrier: the face-down card is turned over for the
        excavator (a peek, even when it goes straight to a hand).
        """
        pos = (action.row, action.col)
        rest = self.steps[1:]
        marked = evolve(self, barrier_count=self.barrier_count + 1)
        card = marked.grid()[pos].card
        field = tuple(c for c in marked.field if c.pos != pos)
        kind = CARDS[card].kind
        where = f"row {pos[0]} col {pos[1]}"
        if kind == KIND_MINE:
            return evolve(
                marked,
                field=field,
                bases=replace_at(marked.bases, seat, marked.bases[seat] + (card,)),
                copper=replace_at(marked.copper, seat, marked.copper[seat] + COPPER[card]),
                steps=rest,
                log=marked.log + (Event(f"{seat_ref(seat)} excavates a Copper Mine at {where}: +3 copper"),),
            )._advance()
        if kind == KIND_FURY:
            st = evolve(
                marked,
                field=field,
                held=card,
                steps=rest,
                log=marked.log + (Event(f"{seat_ref(seat)} excavates a Furious Chungungo at {where}"),),
            )
            poor = st.poorest()
            if len(poor) == 1:
                return st._give_fury(poor[0], rest)
            return evolve(st, steps=(Step.GIVE,) + rest)._advance()
        c = CARDS[card]
        return evolve(
            marked,
            field=field,
            hands=replace_at(marked.hands, seat, marked.hands[seat] + (card,)),
            copper=replace_at(marked.copper, seat, marked.copper[seat] + c.copper),
            steps=rest,
            log=marked.log
            + (
                Event(
                    f"{seat_ref(seat)} excavates the card at {where}",
                    {seat: f"it is {c.title}, {c.copper} copper"},
                ),
            ),
        )._advance()

    def _give_chungungo(self, seat: int, action: GiveChungungo) -> ChungungoState:
        """Rulebook: Abandoned Base B - the excavator gives it to one of the tied poorest players."""
        return self._give_fury(action.target, self.steps[1:])

    def _give_fury(self, target: int, rest: tuple[CardStep, ...]) -> ChungungoState:
        """Rulebook: Abandoned Base B - the Furious Chungungo goes to ``target``, the poorest:
        1 copper, and they may strike up to 2 players (one FURY step each)."""
        card = self.held
        others = self.seats - 1
        st = evolve(
            self,
            held=-1,
            bases=replace_at(self.bases, target, self.bases[target] + (card,)),
            copper=replace_at(self.copper, target, self.copper[target] + COPPER[card]),
            fury_seat=target,
            fury_struck=(),
            steps=(Step.FURY,) * min(2, others) + rest,
            log=self.log
            + (
                Event(
                    f"The Furious Chungungo goes to {seat_ref(target)}, the poorest: +1 copper, may strike up to 2 players"
                ),
            ),
        )
        return st._advance()

    def _aim(self, seat: int, action: Shoot) -> ChungungoState:
        """Rulebook: Shots - fire the card in play as printed or turned 180 degrees, as chosen."""
        return self._shoot(seat, action.flipped, self.steps[1:])

    def _shoot(
        self, seat: int, flipped: bool, rest: tuple[CardStep, ...], aimed: bool = True
    ) -> ChungungoState:
        """Rulebook: Shots. Eels on the lines go to the shooter's discard pile first, then the Struck.

        ``aimed`` is False when the shot had only one way to go (no choice was asked).
        """
        card = self.card_in_play
        hit, eels = self.shot_targets(seat, card, flipped)
        c = CARDS[card]
        way = ("turned 180 degrees " if flipped else "as printed ") if aimed else ""
        who = ", ".join(seat_ref(s) for s in hit) or "nobody"
        st = evolve(
            self,
            log=self.log + (Event(f"{seat_ref(seat)} shoots {way}({c.pattern_text(flipped)}): hits {who}"),),
        )
        if eels:
            taken = tuple(cell.card for cell in st.field if cell.pos in eels)
            st = evolve(
                st,
                field=tuple(cell for cell in st.field if cell.pos not in eels),
                discards=replace_at(st.discards, seat, st.discards[seat] + taken),
                log=st.log
                + tuple(
                    Event(f"{seat_ref(seat)} takes the eel at row {r} col {cc} onto their discard pile")
                    for r, cc in eels
                ),
            )
        for s in hit:
            st = st._struck(seat, s, c.title)
        return evolve(st, steps=rest)._advance()

    def _strike(self, seat: int, action: Strike) -> ChungungoState:
        """Rulebook: Struck - the player chosen by the card, or by the Furious Chungungo's owner."""
        rest = self.steps[1:]
        if self.steps[0] == Step.FURY:
            st = self._struck(seat, action.target, "the Furious Chungungo")
            st = evolve(st, steps=rest, fury_struck=self.fury_struck + (action.target,))
            if not rest or rest[0] != Step.FURY:
                st = evolve(st, fury_seat=-1, fury_struck=())
            return st._advance()
        st = self._struck(seat, action.target, CARDS[self.card_in_play].title)
        return evolve(st, steps=rest)._advance()

    def _fury_stops(self, seat: int) -> ChungungoState:
        """Abandoned Base B: the Furious Chungungo's owner strikes nobody else."""
        st = evolve(
            self,
            steps=tuple(s for s in self.steps[1:] if s != Step.FURY),
            fury_seat=-1,
            fury_struck=(),
            log=self.log + (Event(f"{seat_ref(seat)} strikes no more players"),),
        )
        return st._advance()

    def _struck(self, thief: int, victim: int, cause: str) -> ChungungoState:
        """Rulebook: Struck. A random non-kit card of the victim's hand goes to the thief's hand."""
        pool = [c for c in self.hands[victim] if CARDS[c].kind != KIND_KIT]
        if not pool:
            return evolve(
                self,
                log=self.log
                + (
                    Event(
                        f"{seat_ref(victim)} is Struck by {seat_ref(thief)} ({cause}) but has no card that can be stolen"
                    ),
                ),
            )
        card, rng = self.rng.choice(pool)
        c = CARDS[card]
        cu = c.copper
        copper = replace_at(
            replace_at(self.copper, victim, self.copper[victim] - cu), thief, self.copper[thief] + cu
        )
        return evolve(
            self,
            rng=rng,
            hands=replace_at(
                replace_at(self.hands, victim, _rm(self.hands[victim], card)),
                thief,
                self.hands[thief] + (card,),
            ),
            copper=copper,
            log=self.log
            + (
                Event(
                    f"{seat_ref(victim)} is Struck by {seat_ref(thief)} ({cause}): {seat_ref(thief)} steals a random card",
                    {thief: f"you took {c.title}, {cu} copper", victim: f"you lost {c.title}, {cu} copper"},
                ),
            ),
        )

    # ------------------------------------------------------------------ views and undo

    def view(self, seat: int | None) -> ChungungoState:
        """What ``seat`` may know: others' hands, face-down cards and the deck hidden; rng blank.

        Once the game is over the field is turned over for everyone to see.
        """
        hands = tuple(h if s == seat else _hidden_like(h) for s, h in enumerate(self.hands))
        over = self.phase == Phase.OVER
        field = tuple(
            c if over or c.face_up or c.card == HIDDEN else Cell(c.row, c.col, HIDDEN) for c in self.field
        )
        return evolve(
            self,
            hands=hands,
            field=field,
            deck=_hidden_like(self.deck),
            log=mask_log(self.log, seat),
            rng=Rng.blank(),
        )


#: The method carrying out each kind of action (``apply`` has checked it is legal).
_STEPS: dict[type, Callable[[ChungungoState, int, Any], ChungungoState]] = {
    PlaceAsteroid: ChungungoState._place_asteroid,
    PlaceToken: ChungungoState._setup_token,
    PlayCard: ChungungoState._play,
    Regroup: ChungungoState._regroup,
    Pass: ChungungoState._pass,
    PlayEel: ChungungoState._call_eel,
    PlaceEel: ChungungoState._lay_eel,
    Excavate: ChungungoState._excavate,
    Leap: ChungungoState._leap,
    Shoot: ChungungoState._aim,
    Strike: ChungungoState._strike,
    GiveChungungo: ChungungoState._give_chungungo,
}

#: The legal actions of a seat in ``to_move``, by phase.
_LEGAL: dict[Phase, Callable[[ChungungoState, int], list[Any]]] = {
    Phase.FIELD: lambda st, seat: [PlaceAsteroid(r, c) for r, c in placement_cells(st.field)],
    Phase.TOKENS: lambda st, seat: [PlaceToken(r, c) for r, c in st.token_cells()],
    Phase.TURN: ChungungoState._legal_turn,
    Phase.REACT: ChungungoState._legal_react,
    Phase.RESOLVE: lambda st, seat: st._step_actions(st.steps[0]),
    Phase.OVER: lambda st, seat: [],
}

#: The decisions of each step that asks for one, given the state and the deciding seat.
_STEP_ACTIONS: dict[CardStep, Callable[[ChungungoState, int], list[Any]]] = {
    Step.PLACE: lambda st, seat: [PlaceAsteroid(r, c) for r, c in placement_cells(st.field)],
    Step.EEL: lambda st, seat: [PlaceEel(r, c) for r, c in placement_cells(st.field)],
    Step.SHOT: ChungungoState._shot_actions,
    Step.STRIKE: lambda st, seat: [Strike(s) for s in range(st.seats) if s != seat],
    Step.GIVE: lambda st, seat: [GiveChungungo(s) for s in st.poorest()],
    Step.FURY: ChungungoState._fury_actions,
    Step.EXCAVATE: lambda st, seat: [Excavate(r, c) for r, c in st.excavate_cells(seat)],
    Step.LEAP: lambda st, seat: [Leap(r, c) for r, c in st.leap_cells(seat) if (r, c) != st.tokens[seat]],
}

#: The shapes of the English texts these rules (and ``data``) write: log lines, prompts,
#: score rows, the reaction notice, card texts. Marked for translation; the rules keep
#: writing plain English (a save keeps only actions, a state keeps English) and the app
#: translates a finished text by finding the shape it was made from
#: (boardgames_tui.i18n.translate_text). Card and action names (Excavate, Quantum Leap,
#: Shot, Struck...) stay as the rulebook prints them. Nothing here is read by the rules.
TEXTS = shapes(
    # card texts (data.py) and directions, inside other texts
    N_("up"),
    N_("up-right"),
    N_("right"),
    N_("down-right"),
    N_("down"),
    N_("down-left"),
    N_("left"),
    N_("up-left"),
    N_("all 8 directions"),
    N_("Shot ({directions})"),
    N_("Shot ({directions}, may rotate 180)"),
    N_("{first}, then {second}"),
    N_("{first}, then {second}."),
    N_("{first} or {second}"),
    N_("Excavate."),
    N_("Attract Asteroid."),
    N_("Quantum Leap."),
    N_("Regroup."),
    N_("Struck a player of your choice."),
    N_("Shot ({directions})."),
    N_("Shot ({directions}, may rotate 180)."),
    N_("Abandoned Base: 3 copper."),
    N_("Abandoned Base: goes to the poorest player; 1 copper; Struck up to 2 players."),
    N_("Cancel a Crew card another player plays; it then lies face up in the field."),
    N_("Excavate or Quantum Leap. Cannot be stolen."),
    N_("the Furious Chungungo"),
    N_("{a} and {b}"),
    # the log
    N_("Each player receives a Starter Kit. {player} is the first player."),
    N_("{player} places the first asteroid at row {row} col {col}"),
    N_("{player} places an asteroid at row {row} col {col}"),
    N_("The asteroid deck is built and shuffled: {count} cards"),
    N_("{player} puts their token at row {row} col {col}"),
    N_("Turn {turn}: {player}"),
    N_("{player} regroups: 1 card back to hand"),
    N_("{player} regroups: {count} cards back to hand"),
    N_("{player} regroups: 1 card back to hand (empty hand) and must now play"),
    N_("{player} regroups: {count} cards back to hand (empty hand) and must now play"),
    N_("{player} plays {card}: {text}"),
    N_("{player} calls out an Electric Eel"),
    N_("{players} takes the eel back: an earlier seat cancelled first"),
    N_("{player} plays an Electric Eel: {owner}'s {card} is cancelled"),
    N_("{player} attracts asteroids"),
    N_("The field has run dry and nobody holds an Attract card: {player} attracts asteroids"),
    N_("Copper target {target} reached at the end of the turn. Copper: {copper}. Winner: {winners}"),
    N_(
        "Copper target {target} reached at the end of the turn. Copper: {copper}. Winner: {winners} ({tiebreak})"
    ),
    N_("A card must join the field but the deck is empty. Copper: {copper}. Winner: {winners}"),
    N_("A card must join the field but the deck is empty. Copper: {copper}. Winner: {winners} ({tiebreak})"),
    N_("{player} lays the eel face up at row {row} col {col}"),
    N_("{player} leaps to row {row} col {col}"),
    N_("{player} excavates a Copper Mine at row {row} col {col}: +3 copper"),
    N_("{player} excavates a Furious Chungungo at row {row} col {col}"),
    N_("{player} excavates the card at row {row} col {col}"),
    N_("it is {card}, {copper} copper"),
    N_("The Furious Chungungo goes to {player}, the poorest: +1 copper, may strike up to 2 players"),
    N_("{player} shoots ({directions}): hits {targets}"),
    N_("{player} shoots as printed ({directions}): hits {targets}"),
    N_("{player} shoots turned 180 degrees ({directions}): hits {targets}"),
    N_("nobody"),
    N_("{player} takes the eel at row {row} col {col} onto their discard pile"),
    N_("{player} strikes no more players"),
    N_("{victim} is Struck by {thief} ({cause}) but has no card that can be stolen"),
    N_("{victim} is Struck by {thief} ({cause}): {thief} steals a random card"),
    N_("you took {card}, {copper} copper"),
    N_("you lost {card}, {copper} copper"),
    N_("{player} has nothing to excavate"),
    N_("{player} has no free asteroid to leap to"),
    N_("{player} can neither excavate nor leap"),
    N_("{player} has nobody to strike"),
    N_("{player} has nobody left to strike"),
    N_("{player} cannot do that step"),
    # the reaction notice
    N_("{seat} plays {card}: {text}"),
    N_("{seat} plays {card}: {text} It can strike {targets}."),
    N_("{seat} plays {card}: {text} From there it strikes nobody."),
    N_("{seat} plays {card}: {text} Eel called by {seats}: seats before them answer first."),
    N_(
        "{seat} plays {card}: {text} It can strike {targets}. Eel called by {seats}: seats before them answer first."
    ),
    N_(
        "{seat} plays {card}: {text} From there it strikes nobody. Eel called by {seats}: seats before them answer first."
    ),
    # the status line
    N_("The game is over"),
    N_("Wait for {seats}"),
    N_("Place an asteroid next to the field"),
    N_("Put your token on an asteroid"),
    N_("Your hand is empty: regroup"),
    N_("Play a card"),
    N_("Only Electric Eels in hand: regroup"),
    N_("Play a card or regroup"),
    N_("Cancel {card} with an Electric Eel?"),
    N_("Choose an action"),
    N_("Attract: place the asteroid next to the field"),
    N_("Place the Electric Eel next to the field"),
    N_("Aim the shot: as printed or turned 180"),
    N_("Choose a player to strike"),
    N_("Give the Furious Chungungo to a poorest player"),
    N_("Furious Chungungo: strike a player or stop"),
    N_("Excavate a card next to your token"),
    N_("Quantum Leap: choose a free asteroid"),
    N_("Excavate or Quantum Leap"),
    # the score breakdown and how the game ended
    N_("copper: {copper}"),
    N_("hand: 1 card, {copper} copper"),
    N_("hand: {count} cards, {copper} copper"),
    N_("discard pile: 1 card, {copper} copper"),
    N_("discard pile: {count} cards, {copper} copper"),
    N_("bases: {bases} ({copper} copper)"),
    N_("none"),
    N_("crew (tie-break): 1 card"),
    N_("crew (tie-break): {count} cards"),
    N_("a player reached {target} copper at the end of a turn"),
    N_("a card had to join the field and the deck was empty"),
    N_("larger crew"),
    N_("shared victory"),
    # the decisions, as the replay and the text record name them
    N_("place an asteroid at row {row}, column {col}"),
    N_("put your token at row {row}, column {col}"),
    N_("play {card}: {text}"),
    N_("regroup (take your discard pile into your hand)"),
    N_("excavate the card at row {row}, column {col}"),
    N_("quantum leap to row {row}, column {col}"),
    N_("shoot turned 180 degrees"),
    N_("shoot as printed"),
    N_("strike player {seat}"),
    N_("give the Furious Chungungo to player {seat}"),
    N_("play an Electric Eel to cancel it"),
    # refusals of a setup
    N_("{game} has no options (got {options})"),
    N_("place the Electric Eel at row {row}, column {col}"),
    N_("pass"),
)

#: Steps resolved without a decision (``_advance``).
_AUTOMATIC: dict[CardStep, Callable[[ChungungoState], ChungungoState]] = {
    Step.ATTRACT: ChungungoState._attract,
    Step.REGROUP: ChungungoState._regroup_step,
}

_STEP_PROMPTS: dict[CardStep, str] = {
    Step.PLACE: "Attract: place the asteroid next to the field",
    Step.EEL: "Place the Electric Eel next to the field",
    Step.SHOT: "Aim the shot: as printed or turned 180",
    Step.STRIKE: "Choose a player to strike",
    Step.GIVE: "Give the Furious Chungungo to a poorest player",
    Step.FURY: "Furious Chungungo: strike a player or stop",
    Step.EXCAVATE: "Excavate a card next to your token",
    Step.LEAP: "Quantum Leap: choose a free asteroid",
    (Step.EXCAVATE, Step.LEAP): "Excavate or Quantum Leap",
}


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


_SKIP_WORDS: dict[CardStep, str] = {
    Step.EXCAVATE: "has nothing to excavate",
    Step.LEAP: "has no free asteroid to leap to",
    (Step.EXCAVATE, Step.LEAP): "can neither excavate nor leap",
    Step.STRIKE: "has nobody to strike",
    Step.FURY: "has nobody left to strike",
}


def _skip_text(step: CardStep, seat: int) -> str:
    return f"{seat_ref(seat)} {_SKIP_WORDS.get(step, 'cannot do that step')}"


# --------------------------------------------------------------------------- module API


def new_game(players: int, seed: int, **options: Any) -> ChungungoState:
    """A new game at its first decision: seat 0 places its second asteroid.

    The crew cards are shuffled into the setup pile; seat 0's first asteroid
    lies at (0, 0) (Rulebook: Game Setup 1-4). Raises ValueError for a seat
    count outside 2-5 or an unknown option.
    """
    if options:
        raise ValueError(f"Misión Chungungo has no options (got {', '.join(options)})")
    if not 2 <= players <= 5:
        raise ValueError(f"Misión Chungungo is for 2-5 players, not {players}")
    rng = Rng.from_seed(seed)
    pile, rng = rng.shuffled(tuple(c.id for c in data.CREW))
    reserve = data.MINE_IDS + data.FURY_IDS + data.EEL_IDS[:players]
    first = Cell(0, 0, pile[0])
    log = (
        Event(f"Each player receives a Starter Kit. {seat_ref(0)} is the first player."),
        Event(f"{seat_ref(0)} places the first asteroid at row 0 col 0"),
    )
    return ChungungoState(
        seats=players,
        target=COPPER_TARGET[players],
        to_move=(0,),
        phase=Phase.FIELD,
        current=0,
        turn=0,
        field=(first,),
        tokens=(None,) * players,
        hands=tuple((data.KIT_IDS[s],) for s in range(players)),
        discards=((),) * players,
        bases=((),) * players,
        deck=pile[1:],
        reserve=reserve,
        copper=(0,) * players,
        steps=(Step.PLACE,),
        log=log,
        rng=rng,
    )


def random_action(state: ChungungoState, seat: int, rnd: random.Random) -> Any:
    """A uniform pick among ``seat``'s legal actions (for ``simulate``)."""
    return rnd.choice(state.legal_actions(seat))


_DRY_TEXT = "The field has run dry"


def simulation_stats(state: ChungungoState) -> dict[str, float | str]:
    """Figures for ``boardgames-tui simulate``: the ending, turns, copper of the winner, tie-breaks."""
    return {
        "ending": state.ending,
        "turns per game": float(state.turn),
        "deck left at the end": float(len(state.deck)),
        "field ran dry (refills per game)": float(sum(1 for e in state.log if e.text.startswith(_DRY_TEXT))),
        "winner copper": float(max(state.copper)),
        "tiebreak": state.tiebreak() or "none",
    }


def all_cards(state: ChungungoState) -> list[int]:
    """Every card id in the state: deck, reserve, field, hands, discards, bases, held."""
    out = list(state.deck) + list(state.reserve) + [c.card for c in state.field]
    for s in range(state.seats):
        out += list(state.hands[s]) + list(state.discards[s]) + list(state.bases[s])
    if state.held >= 0:
        out.append(state.held)
    out += [eel for _seat, eel in state.claims]
    return out


def expected_cards(players: int) -> list[int]:
    """The cards of a game of ``players`` seats: crew, bases, one eel and one kit per seat (sorted ids)."""
    return list(_EXPECTED[players])


_EXPECTED = {
    n: tuple(
        sorted(
            [c.id for c in data.CREW]
            + list(data.MINE_IDS + data.FURY_IDS + data.EEL_IDS[:n] + data.KIT_IDS[:n])
        )
    )
    for n in range(2, 6)
}
_BASE_IDS = frozenset(data.MINE_IDS + data.FURY_IDS)


def check_invariants(state: ChungungoState) -> None:
    """Assert the game's invariants (random-play harness). Raises AssertionError.

    Cards conserved (deck, reserve, field, hands, discard piles, bases, the
    held card); no two tokens on one card and every token on an asteroid;
    copper equal to what each seat's owned cards say; kits stay with their
    owners; bases only beside discard piles; only eels face up; to_move
    consistent with the phase.
    """
    n = state.seats
    assert tuple(sorted(all_cards(state))) == _EXPECTED[n], "cards not conserved"
    toks = [t for t in state.tokens if t is not None]
    assert len(set(toks)) == len(toks), "two tokens on one card"
    g = state.grid()
    assert len(g) == len(state.field), "two cards on one cell"
    for t in toks:
        assert t in g and not g[t].face_up, "a token off an asteroid"
    hands, discards, bases = state.hands, state.discards, state.bases
    for s in range(n):
        held = hands[s] + discards[s]
        assert sum(COPPER[c] for c in held) + sum(COPPER[c] for c in bases[s]) == state.copper[s], (
            "copper total differs from owned cards"
        )
        assert data.KIT_IDS[s] in held, "a starter kit left its owner"
        assert _BASE_IDS.issuperset(bases[s]), "a non-base beside a discard pile"
        assert _BASE_IDS.isdisjoint(held), "a base in hand or discard"
    for c in state.field:
        if c.face_up:
            assert CARDS[c.card].kind == KIND_EEL, "face-up card that is not an eel"
    if state.phase == Phase.OVER:
        assert state.to_move == () and state.ending in ("copper", "deck")
    else:
        assert state.to_move
    if state.phase == Phase.TURN:
        assert state.to_move == (state.current,)


def redeal_hidden(state: ChungungoState, seat: int, rnd: random.Random) -> ChungungoState:
    """Re-deal everything ``seat`` cannot know, consistently with what it knows.

    Hidden from ``seat``: other seats' hands (their starter kits excepted: a
    kit not on a discard pile is known to be in hand), every face-down field
    card and the deck order. Cards are exchanged only between slots holding
    the same copper (totals are public), and bases never go to a hand.
    """
    n = state.seats
    # slots: ("h", seat, index) hand, ("f", index) field, ("d", index) deck
    slots: list[tuple[Any, ...]] = []
    cards: list[int] = []
    for s in range(n):
        if s == seat:
            continue
        for i, c in enumerate(state.hands[s]):
            if CARDS[c].kind != KIND_KIT:
                slots.append(("h", s, i))
                cards.append(c)
    for i, cell in enumerate(state.field):
        if not cell.face_up and state.phase != Phase.OVER:  # the field is turned over at the end
            slots.append(("f", i))
            cards.append(cell.card)
    for i, c in enumerate(state.deck):
        slots.append(("d", i))
        cards.append(c)
    hand_slots = [k for k, sl in enumerate(slots) if sl[0] == "h"]
    table_slots = [k for k, sl in enumerate(slots) if sl[0] != "h"]
    # Hand slots: per copper value, pick which non-base hidden cards fill them.
    new = [HIDDEN] * len(slots)
    by_copper: dict[int, list[int]] = {}
    for c in cards:
        if not CARDS[c].is_base:
            by_copper.setdefault(COPPER[c], []).append(c)
    used: list[int] = []
    need: dict[int, list[int]] = {}
    for k in hand_slots:
        need.setdefault(COPPER[cards[k]], []).append(k)
    for cu, ks in need.items():
        pool = by_copper[cu][:]
        rnd.shuffle(pool)
        chosen = pool[: len(ks)]
        rnd.shuffle(ks)
        for k, c in zip(ks, chosen, strict=False):
            new[k] = c
        used += chosen
    rest = list(cards)
    for c in used:
        rest.remove(c)
    rnd.shuffle(rest)
    for k, c in zip(table_slots, rest, strict=False):
        new[k] = c
    hands = [list(h) for h in state.hands]
    field = list(state.field)
    deck = list(state.deck)
    for sl, c in zip(slots, new, strict=True):
        if sl[0] == "h":
            hands[sl[1]][sl[2]] = c
        elif sl[0] == "f":
            old = field[sl[1]]
            field[sl[1]] = Cell(old.row, old.col, c, False)
        else:
            deck[sl[1]] = c
    return evolve(
        state,
        hands=tuple(tuple(h) for h in hands),
        field=tuple(field),
        deck=tuple(deck),
        rng=Rng.from_seed(rnd.getrandbits(32)),
    )
