"""Penguinramids components: 52 penguins, 20 action cards, 10 goal cards.

The rulebook gives the counts but not the card faces, so the faces are ours
(Sheet: "Data to design"); every choice is listed in rules.md, "Table notes".

Pyramid geometry (Sheet: "Pyramid: 4 levels of 4, 3, 2, 1 slots"): slots are
numbered 0-9 flat, level 0 (the base) holding 0-3, level 1 holding 4-6,
level 2 holding 7-8 and level 3 (the top) holding 9. Slot ``i`` of level
``k`` rests on slots ``i`` (its right arm) and ``i + 1`` (its left arm) of
level ``k - 1``.

No textual or rich here (import contract).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from boardgames_tui.i18n import N_

# ---- penguins -----------------------------------------------------------

COLOURS: tuple[str, ...] = ("Red", "Blue", "Yellow", "Purple")
"""The four penguin colours; each is also shown by its initial (R B Y P)."""

COLOUR_LETTERS: tuple[str, ...] = ("R", "B", "Y", "P")
GREY = -1
"""Colour index of a penguin showing its grey side (it has no colour then)."""


@attrs.frozen
class Penguin:
    """One penguin card, both sides.

    ``colour`` indexes COLOURS; ``weight`` 1-7; ``left``/``right`` the arm
    strengths 0-2 (0: arm down, 1-2: raised with that many bracelets). The
    grey side has its own ``grey_weight`` and ``grey_left``/``grey_right``:
    heavier, weaker arms (Sheet: "grey sides trade arm strength for weight").
    """

    id: int
    colour: int
    weight: int
    left: int
    right: int
    grey_weight: int
    grey_left: int
    grey_right: int

    def side(self, grey: bool) -> tuple[int, int, int]:
        """(weight, left arm, right arm) of the side shown."""
        if grey:
            return self.grey_weight, self.grey_left, self.grey_right
        return self.weight, self.left, self.right


# One colour's 13 penguins: (weight, left, right, grey weight, grey left, grey right).
# Light penguins have strong arms, heavy ones weak arms; the grey side adds
# 2 weight and takes 1 strength from each raised arm (less on the light ones).
_TEMPLATE: tuple[tuple[int, int, int, int, int, int], ...] = (
    (1, 2, 2, 2, 2, 1),
    (1, 2, 2, 2, 1, 2),
    (1, 2, 1, 3, 1, 1),
    (2, 2, 2, 3, 2, 1),
    (2, 2, 2, 3, 1, 2),
    (2, 2, 1, 4, 1, 1),
    (2, 1, 2, 4, 1, 1),
    (2, 2, 2, 4, 1, 1),
    (3, 2, 2, 4, 2, 1),
    (3, 2, 1, 5, 1, 1),
    (3, 1, 2, 5, 1, 1),
    (4, 1, 1, 6, 1, 0),
    (5, 1, 1, 7, 0, 1),
)


def _make_penguins() -> tuple[Penguin, ...]:
    out: list[Penguin] = []
    for colour in range(len(COLOURS)):
        for w, left, r, gw, gl, gr in _TEMPLATE:
            if colour % 2:  # Blue and Purple are the mirror images of Red and Yellow
                left, r, gl, gr = r, left, gr, gl
            out.append(Penguin(len(out), colour, w, left, r, gw, gl, gr))
    return tuple(out)


PENGUINS: tuple[Penguin, ...] = _make_penguins()
"""The 52 penguin cards, ids 0-51 (Rulebook: Componentes)."""

# ---- action cards and tokens ---------------------------------------------

ACTION_NUMBERS: tuple[int, ...] = (1, 2, 3, 4, 5)
"""Each player's five action cards (Rulebook: Preparar)."""

ACTION_NAMES: dict[int, str] = {
    1: "Chief",
    2: "Flip",
    3: "Swap",
    4: "Recover",
    5: "Token",
}
"""Short name of each action card's action (Rulebook: Realizar una acción)."""

ACTION_TEXT: dict[int, str] = {
    1: "take the Chief Penguin card",
    2: "flip one of your penguins to its grey side",
    3: "before taking, swap a revealed penguin with the deck top",
    4: "take back all your played action cards",
    5: "take a strength token",
}

STRENGTH_TOKENS = 10
"""Strength tokens in the box (Sheet: the rulebook's "0 fichas" lost a digit)."""

ROUNDS = 10
"""Rounds in a game (Rulebook: Como se Juega)."""

# ---- pyramid geometry ----------------------------------------------------

LEVEL_SIZES: tuple[int, ...] = (4, 3, 2, 1)
LEVEL_OFFSET: tuple[int, ...] = (0, 4, 7, 9)
SLOTS = 10


def flat(level: int, slot: int) -> int:
    """Flat index 0-9 of (level 0-3, slot 0-based). No checks."""
    return LEVEL_OFFSET[level] + slot


def level_slot(index: int) -> tuple[int, int]:
    """(level, slot) of a flat index 0-9."""
    for level in (3, 2, 1, 0):
        if index >= LEVEL_OFFSET[level]:
            return level, index - LEVEL_OFFSET[level]
    raise ValueError(index)


# ---- goal cards ------------------------------------------------------------


@attrs.frozen
class Built:
    """A finished (or partial) pyramid as the goal cards read it.

    ``colours[i]``/``weights[i]`` per flat slot (colour GREY for a grey side,
    None for an empty slot); ``tokens`` strength tokens placed on it;
    ``held_tokens`` tokens its owner still holds.
    """

    colours: tuple[int | None, ...]
    weights: tuple[int | None, ...]
    tokens: int
    held_tokens: int

    def level(self, k: int) -> range:
        return range(LEVEL_OFFSET[k], LEVEL_OFFSET[k] + LEVEL_SIZES[k])


@attrs.frozen
class Goal:
    """A goal card: ``name``, ``kind`` (colours, shapes, weights, grey sides,
    tokens), the condition ``text``, ``points`` scored by every player whose
    pyramid meets it, and the ``test`` deciding it (Rulebook: Las tarjetas de gol)."""

    id: int
    name: str
    kind: str
    text: str
    points: int
    test: Callable[[Built], bool] = attrs.field(eq=False, repr=False)


def _colour_counts(b: Built, slots: Sequence[int]) -> list[int]:
    counts = [0] * len(COLOURS)
    for i in slots:
        c = b.colours[i]
        if c is not None and c >= 0:
            counts[c] += 1
    return counts


def _coloured(c: int | None) -> bool:
    return c is not None and c >= 0


def _rainbow(b: Built) -> bool:
    return all(n >= 1 for n in _colour_counts(b, range(SLOTS)))


def _royal_colour(b: Built) -> bool:
    return max(_colour_counts(b, range(SLOTS))) >= 5


def _triangle(b: Built) -> bool:
    for k in (1, 2, 3):
        for i in range(LEVEL_SIZES[k]):
            top = b.colours[flat(k, i)]
            if not _coloured(top):
                continue
            if b.colours[flat(k - 1, i)] == top and b.colours[flat(k - 1, i + 1)] == top:
                return True
    return False


def _twin_peaks(b: Built) -> bool:
    c = b.colours
    return _coloured(c[7]) and c[7] == c[8]


def _neighbours(b: Built) -> bool:
    c = b.colours
    return any(_coloured(c[i]) and c[i] == c[i + 1] for i in range(3))


def _heavy_crown(b: Built) -> bool:
    w = b.weights[9]
    return w is not None and w >= 3


def _solid_base(b: Built) -> bool:
    return sum(w or 0 for w in b.weights[:4]) >= 14


def _grey_guard(b: Built) -> bool:
    return sum(1 for c in b.colours if c == GREY) >= 2


def _grey_heights(b: Built) -> bool:
    return any(b.colours[i] == GREY for i in range(LEVEL_OFFSET[1], SLOTS))


def _strongman(b: Built) -> bool:
    return b.tokens >= 2


GOALS: tuple[Goal, ...] = (
    Goal(0, N_("Rainbow"), "colours", N_("all four colours in the pyramid"), 2, _rainbow),
    Goal(1, N_("Royal Colour"), "colours", N_("5 or more penguins of one colour"), 5, _royal_colour),
    Goal(
        2, N_("Family Triangle"), "shapes", N_("a penguin and the two under it share a colour"), 4, _triangle
    ),
    Goal(3, N_("Twin Peaks"), "shapes", N_("the two level-3 penguins share a colour"), 4, _twin_peaks),
    Goal(4, N_("Neighbours"), "shapes", N_("two base penguins side by side share a colour"), 3, _neighbours),
    Goal(5, N_("Heavy Crown"), "weights", N_("the top penguin weighs 3 or more"), 4, _heavy_crown),
    Goal(6, N_("Solid Base"), "weights", N_("the base penguins weigh 14 or more in all"), 3, _solid_base),
    Goal(7, N_("Grey Guard"), "grey sides", N_("2 or more penguins show their grey side"), 3, _grey_guard),
    Goal(8, N_("Grey Heights"), "grey sides", N_("a grey penguin above the base"), 4, _grey_heights),
    Goal(9, N_("Strongman"), "tokens", N_("2 or more strength tokens on the pyramid"), 3, _strongman),
)
"""The 10 goal cards (Sheet: "10 goal cards of different kinds"); 3 per game.
Goal cards read colours from colour sides only: a grey penguin has no colour."""

GOALS_IN_PLAY = 3
