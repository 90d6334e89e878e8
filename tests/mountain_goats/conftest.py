"""Mountain Goats scenario builders: states made with the engine's evolve, for rules, board and app tests."""

from __future__ import annotations

import attrs

from boardgames_tui.games.mountain_goats import rules as R


def scenario(
    players: int = 2,
    *,
    big: bool = False,
    dice: tuple[int, ...] = (),
    seat: int = 0,
    pos: dict[int, dict[int, int]] | None = None,
    tokens: dict[int, dict[int, int]] | None = None,
    supply: dict[int, int] | None = None,
    bonus_left: tuple[int, ...] | None = None,
    bonus_won: dict[int, tuple[int, ...]] | None = None,
    ending: str = "",
    seed: int = 1,
) -> R.GoatsState:
    """A state with seat ``seat`` to move, goats/tokens placed as given.

    ``pos[seat][mountain] = step or spot``; ``tokens[seat][mountain] = count``
    (taken out of the supply so tokens stay conserved unless ``supply`` is
    given); ``supply[mountain] = count``.
    """
    s = R.new_game(players, seed, big_mountain=big)
    positions = [list(p) for p in s.pos]
    held = [list(t) for t in s.tokens]
    left = list(s.supply)
    for who, goats in (pos or {}).items():
        for m, p in goats.items():
            positions[who][m - 5] = p
    for who, toks in (tokens or {}).items():
        for m, c in toks.items():
            held[who][m - 5] = c
            left[m - 5] -= c
    for m, c in (supply or {}).items():
        left[m - 5] = c
    won = list(s.bonus_won)
    for who, b in (bonus_won or {}).items():
        won[who] = tuple(b)
    bl = s.bonus_left if bonus_left is None else tuple(bonus_left)
    if bonus_left is None and bonus_won:
        taken = sorted(sum(won, ()), reverse=True)
        rest = list(s.bonus_left)
        for b in taken:
            rest.remove(b)
        bl = tuple(rest)
    return attrs.evolve(
        s,
        pos=tuple(map(tuple, positions)),
        tokens=tuple(map(tuple, held)),
        supply=tuple(left),
        bonus_left=bl,
        bonus_won=tuple(won),
        dice=tuple(dice),
        current=seat,
        to_move=(seat,),
        turns=seat,
        ending=ending,
    )


def move(faces, *groups) -> R.Move:
    """Move(faces, groups) where each group is (target, goat, *dice indices)."""
    return R.Move(tuple(faces), tuple(tuple(g) for g in groups))


def at(state: R.GoatsState, seat: int, mountain: int) -> int:
    return state.pos[seat][mountain - 5]
