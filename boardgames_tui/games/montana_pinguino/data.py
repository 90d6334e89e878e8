"""Components of Montaña Pingüino: speedometers, action cards, items, track.

The rulebook gives the counts (44 action cards, 11 per character; 42 item
cards of 13 kinds; 24 track cards of two sections each; 6 effect tokens)
but not the card faces: the faces below are our design (Sheet: "Data to
design"), recorded in rules.md under "Table notes".

Card ids are plain ints so that actions and saves stay JSON-friendly:
action cards are 0..43 (11 per character, in CHARACTERS order), item cards
44..85. ``HIDDEN`` (-1) stands for a card a view may not show.

Nothing here imports a terminal library (import contract).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import attrs

from boardgames_tui.engine.core import HIDDEN as HIDDEN  # re-exported: the data names the hidden card too

# --------------------------------------------------------------------------
# Speed levels (Rulebook: Character, Impulse Phase 2.1)

GREEN, YELLOW, ORANGE, RED = 0, 1, 2, 3
#: Level -> its name, as shown everywhere (never colour alone).
LEVEL_NAMES = ("green", "yellow", "orange", "red")
#: Level -> the shape printed beside it on the speedometer.
LEVEL_SHAPES = ("square", "hexagon", "circle", "star")
#: Level -> one-letter tag for narrow displays.
LEVEL_LETTERS = "GYOR"


def sections_for_level(level: int) -> int:
    """How many sections a sled at ``level`` advances (Rulebook 2.1: green 1 .. red 4)."""
    return level + 1


def levels_text(levels: Sequence[int]) -> str:
    """'green-orange', 'red', 'any speed': a speed range in words."""
    levels = tuple(sorted(levels))
    if levels == (GREEN, YELLOW, ORANGE, RED):
        return "any speed"
    if len(levels) == 1:
        return LEVEL_NAMES[levels[0]]
    if levels == tuple(range(levels[0], levels[-1] + 1)):
        return f"{LEVEL_NAMES[levels[0]]}-{LEVEL_NAMES[levels[-1]]}"
    return "/".join(LEVEL_NAMES[lv] for lv in levels)


# --------------------------------------------------------------------------
# Characters and speedometer sides (Sheet: Speedometer)

CHARACTERS = ("Jimy", "Doffy", "Pudú", "Kay")
#: Character -> its weight class for the advanced side.
WEIGHT = {"Jimy": "heavy", "Doffy": "heavy", "Pudú": "light", "Kay": "light"}

STANDARD, HEAVY, LIGHT = "standard", "heavy", "light"


@attrs.frozen
class Speedometer:
    """One side of a character card.

    ``boxes[level]`` is how many acceleration boxes that speed level has;
    ``health`` is the top of the health meter.
    """

    name: str
    boxes: tuple[int, int, int, int]
    health: int

    @property
    def total(self) -> int:
        """Number of acceleration boxes (the marker goes 0..total-1)."""
        return sum(self.boxes)

    def level(self, box: int) -> int:
        """The speed level of ``box`` (0-based). Raises ValueError outside the meter."""
        if not 0 <= box < self.total:
            raise ValueError(f"box {box} is outside a {self.total}-box speedometer")
        for level, count in enumerate(self.boxes):
            if box < count:
                return level
            box -= count
        raise AssertionError("unreachable")  # pragma: no cover

    def first_box(self, level: int) -> int:
        """The first box (0-based) of ``level``."""
        return sum(self.boxes[:level])


SIDES = {
    STANDARD: Speedometer(STANDARD, (4, 4, 4, 4), 4),
    HEAVY: Speedometer(HEAVY, (5, 5, 4, 4), 5),
    LIGHT: Speedometer(LIGHT, (3, 3, 4, 4), 3),
}

#: Precomputed box -> level tables, per side name (speed matters).
_LEVEL_OF = {name: tuple(s.level(b) for b in range(s.total)) for name, s in SIDES.items()}


def speed_level(side: str, box: int) -> int:
    """The speed level (GREEN..RED) of acceleration ``box`` on ``side`` (Sheet: Speedometer)."""
    return _LEVEL_OF[side][box]


def side_for(character: str, advanced: bool) -> str:
    """The speedometer side a character uses: standard, or heavy/light when ``advanced``."""
    return WEIGHT[character] if advanced else STANDARD


# --------------------------------------------------------------------------
# Action cards (Rulebook: Card Explanations, Action Cards)

# Ability icons. White ones affect the card's own runner, red ones others.
HEART = "heart"  # lose N health
ACCEL = "accel"  # +N acceleration
CONDUCTION = "conduction"  # +N conduction until the end of the round
REDUCE_SHUFFLE = "reduce_shuffle"  # -X (min 1); shuffle discard pile into deck at end of round
REDUCE_RECOVER1 = "reduce_recover1"  # -X (min 1); 1 card of the discard pile to hand
REDUCE_RECOVER2 = "reduce_recover2"  # -X (min 1); 2 cards of the discard pile to hand
HIT_SAME = "hit_same"  # red: an opponent at your position loses 1 health
HIT_NEAR = "hit_near"  # red: an opponent at distance 0 or 1 loses 1 health

WHITE_ICONS = (HEART, ACCEL, CONDUCTION, REDUCE_SHUFFLE, REDUCE_RECOVER1, REDUCE_RECOVER2)
RED_ICONS = (HIT_SAME, HIT_NEAR)
REDUCE_ICONS = (REDUCE_SHUFFLE, REDUCE_RECOVER1, REDUCE_RECOVER2)
RECOVER_COUNT = {REDUCE_SHUFFLE: 0, REDUCE_RECOVER1: 1, REDUCE_RECOVER2: 2}


@attrs.frozen
class Half:
    """One ability box of an action card: the speed levels where it works and its icons.

    ``effects`` is a tuple of (icon, number) read left to right; white icons
    come before red ones (Rulebook: Applying Abilities).
    """

    levels: tuple[int, ...]
    effects: tuple[tuple[str, int], ...]


@attrs.frozen
class ActionCard:
    """An action card: id (0..43), owner character, number 1..11 within its deck, halves.

    A single card has one half; a double card has two (``halves[0]`` is the
    printed top). Played with half h on top, only ``halves[h]`` can act
    (Rulebook 1.2, double cards).
    """

    id: int
    character: str
    number: int
    halves: tuple[Half, ...]

    @property
    def is_double(self) -> bool:
        return len(self.halves) == 2

    @property
    def name(self) -> str:
        """'Jimy 4': the character and the card's number."""
        return f"{self.character} {self.number}"


def _h(levels: str, *effects: tuple[str, int]) -> Half:
    return Half(tuple(LEVEL_LETTERS.index(c) for c in levels), tuple(effects))


# The 11 cards of each deck. Heavy runners (Jimy, Doffy) control: more
# conduction, reductions and hits; light runners (Pudú, Kay) burst: big
# acceleration at low speed, some paid for with their own health.
_DECKS: dict[str, tuple[tuple[Half, ...], ...]] = {
    "Jimy": (
        (_h("GY", (ACCEL, 1), (CONDUCTION, 1)),),
        (_h("GYO", (ACCEL, 1), (CONDUCTION, 1)),),
        (_h("YOR", (CONDUCTION, 2)),),
        (_h("OR", (CONDUCTION, 1), (HIT_NEAR, 1)),),
        (_h("GYOR", (REDUCE_RECOVER1, 0)),),
        (_h("YOR", (REDUCE_RECOVER2, 0)),),
        (_h("GY", (ACCEL, 1), (HIT_SAME, 1)),),
        (_h("G", (ACCEL, 3)), _h("OR", (REDUCE_SHUFFLE, 0))),
        (_h("GY", (ACCEL, 2)), _h("OR", (CONDUCTION, 2))),
        (_h("GY", (ACCEL, 1)),),
        (_h("G", (ACCEL, 2)),),
    ),
    "Doffy": (
        (_h("GY", (ACCEL, 2)),),
        (_h("G", (ACCEL, 1)),),
        (_h("GY", (ACCEL, 1), (CONDUCTION, 1)),),
        (_h("YOR", (CONDUCTION, 1), (HIT_NEAR, 1)),),
        (_h("OR", (CONDUCTION, 2)),),
        (_h("GYOR", (REDUCE_SHUFFLE, 0)),),
        (_h("YOR", (REDUCE_RECOVER1, 0)),),
        (_h("GY", (ACCEL, 2)), _h("O", (CONDUCTION, 1), (HIT_SAME, 1))),
        (_h("G", (ACCEL, 1)), _h("YO", (ACCEL, 1), (CONDUCTION, 1))),
        (_h("YO", (ACCEL, 1), (HIT_SAME, 1)),),
        (_h("GYO", (ACCEL, 2)),),
    ),
    "Pudú": (
        (_h("GY", (ACCEL, 3), (HEART, 1)),),
        (_h("GY", (ACCEL, 2)),),
        (_h("GYO", (ACCEL, 2)),),
        (_h("G", (ACCEL, 1)),),
        (_h("YO", (ACCEL, 1), (CONDUCTION, 1)),),
        (_h("OR", (CONDUCTION, 1)),),
        (_h("OR", (REDUCE_RECOVER1, 0)),),
        (_h("GY", (ACCEL, 3), (HEART, 1)), _h("OR", (REDUCE_RECOVER2, 0))),
        (_h("G", (ACCEL, 2)), _h("R", (CONDUCTION, 2))),
        (_h("YOR", (ACCEL, 1), (HIT_SAME, 1)),),
        (_h("GYOR", (REDUCE_SHUFFLE, 0)),),
    ),
    "Kay": (
        (_h("GY", (ACCEL, 3), (HEART, 1)),),
        (_h("GYO", (ACCEL, 2)),),
        (_h("GY", (ACCEL, 1), (CONDUCTION, 1)),),
        (_h("YO", (ACCEL, 2), (HEART, 1)),),
        (_h("OR", (CONDUCTION, 2)),),
        (_h("YOR", (HIT_NEAR, 1)),),
        (_h("GYOR", (REDUCE_SHUFFLE, 0)),),
        (_h("OR", (REDUCE_RECOVER1, 0)),),
        (_h("G", (ACCEL, 3)), _h("YO", (CONDUCTION, 1))),
        (_h("GY", (ACCEL, 2)), _h("OR", (REDUCE_RECOVER2, 0))),
        (_h("GYO", (ACCEL, 1), (CONDUCTION, 1)),),
    ),
}


def _build_actions() -> tuple[ActionCard, ...]:
    cards = []
    for c, character in enumerate(CHARACTERS):
        deck = _DECKS[character]
        assert len(deck) == 11, character
        for i, halves in enumerate(deck):
            cards.append(ActionCard(c * 11 + i, character, i + 1, halves))
    return tuple(cards)


#: All 44 action cards; ``ACTION_CARDS[id].id == id``.
ACTION_CARDS: tuple[ActionCard, ...] = _build_actions()
ACTION_COUNT = len(ACTION_CARDS)


def deck_of(character: str) -> tuple[int, ...]:
    """The 11 action-card ids of ``character``'s deck."""
    c = CHARACTERS.index(character)
    return tuple(range(c * 11, c * 11 + 11))


def is_action(card: int) -> bool:
    """Whether ``card`` is an action card id (0..43)."""
    return 0 <= card < ACTION_COUNT


# --------------------------------------------------------------------------
# Item cards (Rulebook: Card Explanations, Item Cards)

ALETON = "Aletón"
ARDILLA = "Ardilla"
BOMBA = "Bomba de Nieve"
CANA = "Caña Mágica"
CARNERO = "Carnero"
ERIZO = "Erizo"
CANINO = "Escuadrón Canino"
HIELO = "Hielo"
IGLU = "Iglú"
MISIL = "Misil Orca"
PEZ = "Pez Espada"
REPARAR = "Reparar"
TORMENTA = "Tormenta de Nieve"

#: Kind -> (copies in the 42-card deck, what it does in words).
ITEM_KINDS: dict[str, tuple[int, str]] = {
    ALETON: (4, "+1 conduction"),
    ARDILLA: (2, "take 1 item of your choice from the item discard pile"),
    BOMBA: (3, "every runner at distance 1-2 loses 1 health and 3 acceleration"),
    CANA: (3, "move 1 section forward; the opponent furthest ahead moves 1 back"),
    CARNERO: (3, "move 1 section forward; opponents in the section you stop in lose 1 health"),
    ERIZO: (3, "put a spike token on your section or one next to it"),
    CANINO: (4, "+3 acceleration"),
    HIELO: (3, "put an ice token on your section or one next to it"),
    IGLU: (4, "immediate: block an opponent's card's effect on you"),
    MISIL: (2, "every runner at distance 1-5 loses 1 health"),
    PEZ: (4, "one opponent of your choice loses 1 health and 3 acceleration"),
    REPARAR: (4, "recover 1 health"),
    TORMENTA: (3, "immediate: cancel an opponent's item card"),
}
#: Items played at any time as reactions, outside the two played cards (Rulebook 1.2 note).
IMMEDIATE_KINDS = (IGLU, TORMENTA)
ITEM_BASE = ACTION_COUNT


def _build_items() -> tuple[str, ...]:
    kinds = []
    for kind, (count, _text) in ITEM_KINDS.items():
        kinds.extend([kind] * count)
    return tuple(kinds)


#: Item kind of each item card; item id = ITEM_BASE + index.
ITEM_CARDS: tuple[str, ...] = _build_items()
ITEM_IDS: tuple[int, ...] = tuple(ITEM_BASE + i for i in range(len(ITEM_CARDS)))


def is_item(card: int) -> bool:
    """Whether ``card`` is an item card id (44..85)."""
    return ITEM_BASE <= card < ITEM_BASE + len(ITEM_CARDS)


def item_kind(card: int) -> str:
    """The kind ('Pez Espada') of item card ``card``. Raises IndexError for a non-item."""
    if not is_item(card):
        raise IndexError(f"{card} is not an item card")
    return ITEM_CARDS[card - ITEM_BASE]


#: Effect tokens: 3 ice and 3 spike (6 in the box; split is our design).
ICE, SPIKE = "ice", "spike"
TOKEN_SUPPLY = {ICE: 3, SPIKE: 3}


# --------------------------------------------------------------------------
# Card texts (for the log and the UI)


def _effect_text(icon: str, n: int) -> str:
    return {
        HEART: f"lose {n} health",
        ACCEL: f"+{n} acceleration",
        CONDUCTION: f"+{n} conduction",
        REDUCE_SHUFFLE: "-X acceleration (min 1), shuffle discards into deck at round end",
        REDUCE_RECOVER1: "-X acceleration (min 1), take 1 discarded card to hand",
        REDUCE_RECOVER2: "-X acceleration (min 1), take 2 discarded cards to hand",
        HIT_SAME: f"an opponent at your position loses {n} health",
        HIT_NEAR: f"an opponent at distance 0-1 loses {n} health",
    }[icon]


@cache  # static card data: the same words every time (the log asks thousands of times)
def half_text(half: Half) -> str:
    """'green-yellow: +2 acceleration, +1 conduction' — one ability box in words."""
    return f"{levels_text(half.levels)}: " + ", ".join(_effect_text(i, n) for i, n in half.effects)


@cache  # static card data: the same words every time (the log asks thousands of times)
def card_name(card: int) -> str:
    """A card's short name: 'Jimy 4' or 'Pez Espada'; '?' for a hidden card."""
    if card == HIDDEN:
        return "?"
    if is_action(card):
        return ACTION_CARDS[card].name
    return item_kind(card)


@cache  # static card data: the same words every time (the log asks thousands of times)
def card_text(card: int, half: int | None = None) -> str:
    """A card's effect in words.

    For a double card, ``half`` picks one half (0: printed top, 1: the other);
    None gives both ('top ... / bottom ...'). Items ignore ``half``.
    """
    if card == HIDDEN:
        return "a face-down card"
    if is_item(card):
        return ITEM_KINDS[item_kind(card)][1]
    halves = ACTION_CARDS[card].halves
    if half is not None:
        return half_text(halves[half])
    if len(halves) == 1:
        return half_text(halves[0])
    return f"top {half_text(halves[0])} / bottom {half_text(halves[1])}"


# --------------------------------------------------------------------------
# Track cards (Rulebook: Track; Sheet: Track)

NONE, FAST, SLOW = "", "fast", "slow"
#: Curve kind -> its speed limit level (fast curve: yellow, slow curve: green).
CURVE_LIMIT = {FAST: YELLOW, SLOW: GREEN}


@attrs.frozen
class Section:
    """One half of a track card: track acceleration (-2..+2), curve ('', 'fast', 'slow'), tree."""

    accel: int
    curve: str = NONE
    tree: bool = False

    def describe(self) -> str:
        """'slow curve, tree, -1': the section in words."""
        parts = []
        if self.curve:
            parts.append(f"{self.curve} curve (limit {LEVEL_NAMES[CURVE_LIMIT[self.curve]]})")
        else:
            parts.append("straight")
        if self.tree:
            parts.append("tree")
        parts.append(f"{self.accel:+d}" if self.accel else "+0")
        return ", ".join(parts)


@attrs.frozen
class TrackCard:
    """A track card: id 0..23, its two sections in the direction of the race, beginner mark."""

    id: int
    sections: tuple[Section, Section]
    beginner: bool


S = Section
_TRACK = (
    # The 7 beginner cards, in the order of the default track.
    ((S(1), S(1)), True),
    ((S(1), S(0, FAST)), True),
    ((S(0, tree=True), S(1)), True),
    ((S(1, FAST), S(-1)), True),
    ((S(2), S(0, tree=True)), True),
    ((S(0, FAST), S(1)), True),
    ((S(1), S(-1, SLOW)), True),
    # The other 17.
    ((S(2), S(2)), False),
    ((S(-1, SLOW), S(-1, SLOW)), False),
    ((S(1, tree=True), S(0, tree=True)), False),
    ((S(0, FAST), S(0, FAST)), False),
    ((S(2), S(-2, SLOW)), False),
    ((S(-1), S(2, FAST)), False),
    ((S(1), S(1, FAST, True)), False),
    ((S(0), S(-1, SLOW, True)), False),
    ((S(2, tree=True), S(1)), False),
    ((S(1, FAST), S(1)), False),
    ((S(-2, SLOW), S(2)), False),
    ((S(0, tree=True), S(0, tree=True)), False),
    ((S(1), S(0)), False),
    ((S(2, FAST), S(-1)), False),
    ((S(1, SLOW), S(1)), False),
    ((S(0), S(2, tree=True)), False),
    ((S(-1, FAST), S(2)), False),
)
del S

#: All 24 track cards; ``TRACK_CARDS[id].id == id``.
TRACK_CARDS: tuple[TrackCard, ...] = tuple(TrackCard(i, secs, b) for i, (secs, b) in enumerate(_TRACK))
BEGINNER_TRACK: tuple[int, ...] = tuple(c.id for c in TRACK_CARDS if c.beginner)


def default_track(cards: int) -> tuple[int, ...]:
    """The fixed track of ``cards`` cards: the beginner cards in order, then the others by id."""
    order = BEGINNER_TRACK + tuple(c.id for c in TRACK_CARDS if not c.beginner)
    return order[:cards]


def track_sections(track: Sequence[int]) -> tuple[Section, ...]:
    """The sections 1..2N of a track as a tuple (index 0 is section 1)."""
    return tuple(s for card in track for s in TRACK_CARDS[card].sections)
