"""Mountain Goats components: mountains, point tokens, bonus tokens, Big Mountain.

Numbers come from the published game (the rulebook names none of them);
see docs/games/mountain_goats.md, "Components", and rules.md, "Table notes".
Everything here is plain data: no terminal library is imported.
"""

from __future__ import annotations

#: The six mountains, named by their number (a group of dice summing to it climbs it).
MOUNTAINS: tuple[int, ...] = (5, 6, 7, 8, 9, 10)

#: Steps from the foot (0) to the summit, per mountain (Sheet: Components).
STEPS: dict[int, int] = {5: 4, 6: 4, 7: 3, 8: 3, 9: 2, 10: 2}

#: Same as STEPS, indexed by ``mountain - 5`` (the engine's fast path).
STEPS_BY_INDEX: tuple[int, ...] = tuple(STEPS[m] for m in MOUNTAINS)

#: Point tokens per mountain with 4-5 players (Sheet: Components).
TOKENS_FULL: tuple[int, ...] = (12, 11, 10, 9, 8, 7)

#: Bonus tokens, highest first; the n-th set earns the highest one left.
BONUS_TOKENS: tuple[int, ...] = (15, 12, 9, 6)

#: Number of dice rolled each turn.
DICE = 4

#: A group of dice must sum to at least this...
GROUP_MIN = 5
#: ...and at most this to climb a regular mountain.
GROUP_MAX = 10

#: Big Mountain spots, numbered by the group sum that reaches them (Sheet: Big Mountain).
BIG_SPOTS: tuple[int, ...] = tuple(range(11, 25))
BIG_MIN = 11
BIG_MAX = 24

#: Big Mountain ranking points by player count, best rank first (Rulebook: Gran Montaña).
BIG_RANKING: dict[int, tuple[int, ...]] = {
    2: (12, 8, 4),
    3: (16, 12, 8, 4),
    4: (15, 12, 9, 6, 3),
    5: (15, 12, 9, 6, 3),
}

#: How many mountains must run out of point tokens to end the game (Rulebook: Final del Juego).
EMPTY_MOUNTAINS_TO_END = 3


def tokens_for(players: int) -> tuple[int, ...]:
    """Point tokens per mountain (5..10) for a player count.

    4-5 players use every token; 3 players remove one from each mountain,
    2 players two (Sheet: Components).
    """
    remove = max(0, 4 - players)
    return tuple(t - remove for t in TOKENS_FULL)
