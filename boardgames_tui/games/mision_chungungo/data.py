"""Misión Chungungo components: crew cards, abandoned bases, eels, starter kits.

The rulebook lists the components but not the crew cards' faces; those are
ours to design (Sheet: "Data to design"). Each card is a :class:`Card` with a
numeric id. Ids are stable and are what states, actions and saves carry:

- ``0..32``  the 33 crew cards (:data:`CREW`);
- ``33..35`` the 3 Copper Mines, ``36..37`` the 2 Furious Chungungos (bases);
- ``38..42`` the 5 Electric Eels (seat count of them go into the deck);
- ``43..47`` the 5 Starter Kits (seat ``i`` holds kit ``43 + i``).

A card's ability is a tuple of *steps* resolved in order (Rulebook: "Types of
Actions"), each a :class:`Step` or a choice of one of several, written as a
tuple of them (the Starter Kit's ``(Step.EXCAVATE, Step.LEAP)``).

Nothing here imports a terminal library.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any

import attrs

from boardgames_tui.engine.core import HIDDEN as HIDDEN  # re-exported: the data names the hidden card too
from boardgames_tui.i18n import N_

#: Compass directions as (row step, column step); row grows downwards.
DIRECTIONS: dict[str, tuple[int, int]] = {
    "N": (-1, 0),
    "NE": (-1, 1),
    "E": (0, 1),
    "SE": (1, 1),
    "S": (1, 0),
    "SW": (1, -1),
    "W": (0, -1),
    "NW": (-1, -1),
}

_ARROWS = {
    "N": "up",
    "NE": "up-right",
    "E": "right",
    "SE": "down-right",
    "S": "down",
    "SW": "down-left",
    "W": "left",
    "NW": "up-left",
}

#: Copper needed to win, by seat count (Rulebook: "Game Objective").
COPPER_TARGET: dict[int, int] = {2: 20, 3: 15, 4: 12, 5: 10}


class Step(StrEnum):
    """One step of a card's ability, or of the rules resolving it (the state's ``steps``).

    Members equal their lower-case names.
    """

    EXCAVATE = "excavate"
    """Excavate: take a card adjacent to your token."""
    ATTRACT = "attract"
    """Attract Asteroid: place the top 2 deck cards face down next to the field."""
    LEAP = "leap"
    """Quantum Leap: move your token to a free face-down card."""
    SHOT = "shot"
    """A shot along the card's :attr:`Card.pattern` (rotatable 180 degrees)."""
    STRIKE = "strike"
    """Struck one other player of your choice."""
    REGROUP = "regroup"
    """Take your discard pile (this card included) into your hand."""
    # Steps the rules add while resolving (never printed on a card):
    PLACE = "place"
    """Place the deck's top card face down next to the field (setup, Attract Asteroid, a dry field)."""
    GIVE = "give"
    """Give the Furious Chungungo to one of the poorest players (Abandoned Base B)."""
    FURY = "fury"
    """The Furious Chungungo's new owner may strike one more player, or stop."""
    EEL = "eel"
    """Place the Electric Eel that cancelled the card face up next to the field."""


#: A step of a card: one :class:`Step`, or a tuple of them when the player picks one.
CardStep = Step | tuple[Step, ...]


def alternatives(step: CardStep) -> tuple[Step, ...]:
    """The steps a player may take at ``step``: the step itself, or each one of a choice."""
    return step if type(step) is tuple else (step,)  # type: ignore[return-value]  # mypy does not narrow on type() is; isinstance is 2x slower on a StrEnum


KIND_CREW = "crew"
KIND_MINE = "mine"
KIND_FURY = "fury"
KIND_EEL = "eel"
KIND_KIT = "kit"

_STEP_WORDS = {
    Step.EXCAVATE: "Excavate",
    Step.ATTRACT: "Attract Asteroid",
    Step.LEAP: "Quantum Leap",
    Step.SHOT: "Shot",
    Step.STRIKE: "Struck a player of your choice",
    Step.REGROUP: "Regroup",
}


@attrs.frozen
class Card:
    """One card of the game.

    ``id`` (see the module docstring), ``name`` (shown on screen), ``kind``
    (``crew``, ``mine``, ``fury``, ``eel`` or ``kit``), ``copper`` (0-3, what
    owning it is worth), ``steps`` (the ability, :data:`CardStep` items; empty
    for bases and eels) and ``pattern`` (shot directions, compass names, when
    the ability has a ``Step.SHOT``).
    """

    id: int
    name: str
    kind: str
    copper: int = 0
    steps: tuple[CardStep, ...] = ()
    pattern: tuple[str, ...] = ()

    @property
    def is_base(self) -> bool:
        """Abandoned Base (Copper Mine or Furious Chungungo)."""
        return self.kind in (KIND_MINE, KIND_FURY)

    @property
    def is_crew(self) -> bool:
        """A crew card (counts for the larger-crew tie-break)."""
        return self.kind == KIND_CREW

    @property
    def symmetric(self) -> bool:
        """A shot whose 180-degree rotation covers the same lines."""
        rotated = {rotate(d) for d in self.pattern}
        return rotated == set(self.pattern)

    def pattern_text(self, flipped: bool = False) -> str:
        """The shot's lines in words: 'right and up' (rotated 180 degrees if ``flipped``)."""
        dirs = [rotate(d) if flipped else d for d in self.pattern]
        if len(dirs) == 8:
            return "all 8 directions"
        return ", ".join(_ARROWS[d] for d in dirs)

    @property
    def text(self) -> str:
        """The card's ability in words, as printed on its face."""
        if self.kind == KIND_MINE:
            return "Abandoned Base: 3 copper."
        if self.kind == KIND_FURY:
            return "Abandoned Base: goes to the poorest player; 1 copper; Struck up to 2 players."
        if self.kind == KIND_EEL:
            return "Cancel a Crew card another player plays; it then lies face up in the field."
        if self.kind == KIND_KIT:
            return "Excavate or Quantum Leap. Cannot be stolen."
        parts = []
        for step in self.steps:
            words = []
            for alt in alternatives(step):
                if alt == Step.SHOT:
                    sym = "" if self.symmetric else ", may rotate 180"
                    words.append(f"Shot ({self.pattern_text()}{sym})")
                else:
                    words.append(_STEP_WORDS[alt])
            parts.append(" or ".join(words))
        return ", then ".join(parts) + "."

    @property
    def title(self) -> str:
        """The card's name, plus its shot in a word when another card shares the name.

        'Comando (right)' / 'Comando (column)', 'Francotiradora (up)'; 'Picadora'
        for a card whose copies are all alike. Used wherever a card is named
        (log, chooser, hand, piles), so two different cards never read the same.
        """
        return TITLES.get(self.id, self.name)

    @property
    def label(self) -> str:
        """'Title (N copper)': how a card is listed."""
        return f"{self.title} ({self.copper}cu)"


def rotate(direction: str) -> str:
    """A compass direction turned 180 degrees ('NE' -> 'SW')."""
    dr, dc = DIRECTIONS[direction]
    for name, vec in DIRECTIONS.items():
        if vec == (-dr, -dc):
            return name
    raise ValueError(direction)


def _crew(rows: Sequence[tuple[Any, ...]]) -> tuple[Card, ...]:
    out = []
    for i, row in enumerate(rows):
        name, copper, steps, *pattern = row
        out.append(
            Card(
                i,
                name,
                KIND_CREW,
                copper,
                tuple(map(Step, steps.split())),
                tuple(pattern[0].split()) if pattern else (),
            )
        )
    return tuple(out)


# (name, copper, step names separated by spaces, shot pattern)
#: The 33 crew cards (Sheet: "Data to design"; the design is in rules.md, Table notes).
CREW: tuple[Card, ...] = _crew(
    [
        # Diggers: the surest road to copper, so they carry little of it themselves.
        ("Picadora", 2, "excavate"),
        ("Picadora", 2, "excavate"),
        ("Picadora", 2, "excavate"),
        ("Barrenero", 1, "excavate excavate"),
        ("Barrenero", 1, "excavate excavate"),
        ("Topo", 1, "leap excavate"),
        ("Topo", 1, "leap excavate"),
        ("Sonda", 1, "excavate leap"),
        ("Grua", 1, "attract excavate"),
        ("Grua", 1, "attract excavate"),
        # Navigators: move the field and yourself.
        ("Saltarina", 3, "leap"),
        ("Saltarina", 3, "leap"),
        ("Iman", 3, "attract"),
        ("Iman", 3, "attract"),
        ("Atractora", 2, "attract"),
        ("Cometa", 2, "attract leap"),
        ("Exploradora", 1, "excavate attract"),
        # Gunners: shots of every pattern.
        ("Francotiradora", 3, "shot", "E"),
        ("Francotiradora", 3, "shot", "N"),
        ("Diagonal", 3, "shot", "NE"),
        ("Fila", 2, "shot", "W E"),
        ("Columna", 2, "shot", "N S"),
        ("Escuadra", 2, "shot", "N E"),
        ("Tridente", 1, "shot", "NE E SE"),
        ("Aspa", 1, "shot", "NE SE SW NW"),
        ("Cruz", 1, "shot", "N E S W"),
        ("Estrella", 0, "shot", "N NE E SE S SW W NW"),
        ("Comando", 1, "leap shot", "E"),
        ("Comando", 1, "leap shot", "N S"),
        ("Emboscada", 1, "excavate shot", "NE SW"),
        # Specials, in the rulebook's own terms.
        ("Pendenciera", 2, "strike"),
        ("Pendenciera", 2, "strike"),
        ("Intendente", 0, "regroup excavate"),
    ]
)

MINE_IDS = (33, 34, 35)
FURY_IDS = (36, 37)
BASES: tuple[Card, ...] = tuple(Card(i, "Copper Mine", KIND_MINE, 3) for i in MINE_IDS) + tuple(
    Card(i, "Furious Chungungo", KIND_FURY, 1) for i in FURY_IDS
)
EEL_IDS = (38, 39, 40, 41, 42)
EELS: tuple[Card, ...] = tuple(Card(i, "Electric Eel", KIND_EEL, 0) for i in EEL_IDS)
KIT_IDS = (43, 44, 45, 46, 47)
KITS: tuple[Card, ...] = tuple(
    Card(i, "Starter Kit", KIND_KIT, 0, ((Step.EXCAVATE, Step.LEAP),)) for i in KIT_IDS
)

#: Every card by id (a tuple: ``CARDS[id]``).
CARDS: tuple[Card, ...] = CREW + BASES + EELS + KITS

_NICKNAMES = {
    frozenset(("N", "S")): "column",
    frozenset(("W", "E")): "row",
}


def _nickname(c: Card) -> str:
    """A shot pattern in a word or two: 'right', 'column', 'up+right'."""
    nick = _NICKNAMES.get(frozenset(c.pattern))
    return nick or "+".join(_ARROWS[d] for d in c.pattern)


def _qualifiers() -> dict[int, str]:
    kinds: dict[str, set[tuple[tuple[CardStep, ...], tuple[str, ...]]]] = {}
    for c in CREW:
        kinds.setdefault(c.name, set()).add((c.steps, c.pattern))
    return {c.id: _nickname(c) for c in CREW if len(kinds[c.name]) > 1}


#: The words that tell apart crew cards sharing a name (id -> 'right', 'column'), in English;
#: each word between the '+' is a message the screens translate (``N_`` marks the two
#: that are not also directions of a shot).
QUALIFIERS: dict[int, str] = _qualifiers()
QUALIFIER_WORDS = (N_("column"), N_("row"))
#: Titles of the crew cards that share a name with a different card (id -> 'Comando (right)').
TITLES: dict[int, str] = {c.id: f"{c.name} ({QUALIFIERS[c.id]})" for c in CREW if c.id in QUALIFIERS}
assert all(c.id == i for i, c in enumerate(CARDS))
assert len(CREW) == 33

#: Copper by card id, for fast sums.
COPPER: tuple[int, ...] = tuple(c.copper for c in CARDS)


def card(card_id: int) -> Card:
    """The card with this id. Raises IndexError for an unknown id (HIDDEN included)."""
    if card_id < 0:
        raise IndexError("a hidden card has no face")
    return CARDS[card_id]


def card_text(card_id: int) -> str:
    """'Name: ability' for a card id; 'face-down card' for HIDDEN."""
    if card_id == HIDDEN:
        return "face-down card"
    c = CARDS[card_id]
    return f"{c.title} ({c.copper} copper): {c.text}"
