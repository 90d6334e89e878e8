"""Scenario builders for the Misión Chungungo engine tests."""

from __future__ import annotations

import attrs

from boardgames_tui.games.mision_chungungo import data, rules
from boardgames_tui.games.mision_chungungo.rules import Cell


def cid(name: str, pattern: str | None = None) -> int:
    """The first crew card id with this name (and shot pattern, space separated)."""
    for c in data.CREW:
        if c.name == name and (pattern is None or c.pattern == tuple(pattern.split())):
            return c.id
    raise KeyError(name)


KIT = data.KIT_IDS
EEL = data.EEL_IDS
MINE = data.MINE_IDS
FURY = data.FURY_IDS


def scenario(
    players: int = 2,
    field: dict[tuple[int, int], int] | None = None,
    tokens: list[tuple[int, int] | None] | None = None,
    hands: list[list[int]] | None = None,
    discards: list[list[int]] | None = None,
    bases: list[list[int]] | None = None,
    eels_up: dict[tuple[int, int], int] | None = None,
    deck: list[int] | None = None,
    current: int = 0,
    seed: int = 5,
) -> rules.ChungungoState:
    """A state at the start of ``current``'s turn with the given table.

    ``field`` maps (row, col) to a face-down card id; ``eels_up`` to a face-up
    eel. Cards not placed anywhere form the deck (sorted ids, or ``deck`` in
    that order, top first, the rest discarded from the game is not allowed:
    leftovers are appended after ``deck``). Copper is computed from ownership.
    """
    st = rules.new_game(players, seed)
    field = field if field is not None else {(0, 0): cid("Iman"), (0, 1): cid("Saltarina")}
    tokens = tokens if tokens is not None else [(0, 0), (0, 1), None, None, None][:players]
    hands = hands if hands is not None else [[KIT[s]] for s in range(players)]
    discards = discards if discards is not None else [[] for _ in range(players)]
    bases = bases if bases is not None else [[] for _ in range(players)]
    eels_up = eels_up or {}
    cells = [Cell(r, c, card) for (r, c), card in field.items()]
    cells += [Cell(r, c, card, True) for (r, c), card in eels_up.items()]
    used = set(field.values()) | set(eels_up.values())
    for group in (hands, discards, bases):
        for cards in group:
            used |= set(cards)
    leftover = [c for c in rules.expected_cards(players) if c not in used and (deck is None or c not in deck)]
    if deck is None:
        new_deck = tuple(leftover)
    else:
        new_deck = tuple(deck) + tuple(leftover)
    copper = tuple(sum(data.COPPER[c] for c in hands[s] + discards[s] + bases[s]) for s in range(players))
    state = attrs.evolve(
        st,
        phase="turn",
        turn=1,
        current=current,
        to_move=(current,),
        field=tuple(sorted(cells, key=lambda c: (c.row, c.col))),
        tokens=tuple(tokens),
        hands=tuple(tuple(h) for h in hands),
        discards=tuple(tuple(d) for d in discards),
        bases=tuple(tuple(b) for b in bases),
        deck=new_deck,
        reserve=(),
        copper=copper,
        steps=(),
        log=(),
    )
    rules.check_invariants(state)
    return state


def only_deck(state: rules.ChungungoState, deck: list[int]) -> rules.ChungungoState:
    """``state`` with exactly ``deck`` as the deck; other deck cards go to a far corner of the field.

    Keeps the cards conserved: the removed deck cards lie face down in a row
    far from everything (row 50), so they do not touch the scenario.
    """
    rest = [c for c in state.deck if c not in deck]
    far = tuple(Cell(50, 50 + i * 2, c) for i, c in enumerate(rest))
    return attrs.evolve(state, deck=tuple(deck), field=tuple(sorted(state.field + far, key=lambda c: (c.row, c.col))))


def play(state, *moves):
    """Apply (seat, action) pairs in order; check the invariants after each."""
    for seat, action in moves:
        state = state.apply(seat, action)
        rules.check_invariants(state)
    return state


def pass_all(state):
    """Every seat in the reaction window passes."""
    from boardgames_tui.engine import Pass

    while state.phase == "react":
        state = state.apply(state.to_move[0], Pass())
    rules.check_invariants(state)
    return state


def aim(state, flipped: bool = False):
    """Fire the shot in play if the shooter is asked how to aim it; a shot with one way only has already fired."""
    from boardgames_tui.games.mision_chungungo.rules import Shoot

    if state.phase == "resolve" and state.steps and state.steps[0] == "shot":
        state = state.apply(state.current, Shoot(flipped))
        rules.check_invariants(state)
    return state
