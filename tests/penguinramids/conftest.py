"""Penguinramids scenario builders: penguin ids by their colour side, and states at a turn (made with attrs.evolve)."""

from __future__ import annotations

import attrs

from boardgames_tui.games.penguinramids import rules
from boardgames_tui.games.penguinramids.data import COLOURS, PENGUINS, SLOTS


def pid(colour: str, weight: int, left: int, right: int, start: int = 0) -> int:
    """The id of a penguin with this colour side (the first at or after ``start``)."""
    c = COLOURS.index(colour)
    for p in PENGUINS[start:]:
        if (p.colour, p.weight, p.left, p.right) == (c, weight, left, right):
            return p.id
    raise LookupError((colour, weight, left, right))


def pids(colour: str, weight: int, left: int, right: int) -> list[int]:
    """Every penguin id with this colour side."""
    c = COLOURS.index(colour)
    return [p.id for p in PENGUINS if (p.colour, p.weight, p.left, p.right) == (c, weight, left, right)]


def pyramid(slots: dict[int, int]) -> tuple[int, ...]:
    return tuple(slots.get(i, -1) for i in range(SLOTS))


def turn_state(
    players: int = 2,
    seat: int = 0,
    card: int = 3,
    built: dict[int, int] | None = None,
    greys: dict[int, bool] | None = None,
    tokens: dict[tuple[int, int], int] | None = None,
    revealed: tuple[int, ...] | None = None,
    held_tokens: int = 0,
    supply: int = 10,
    chief: int = 0,
    seed: int = 1,
    round: int = 1,
) -> rules.PenguinramidsState:
    """A state where ``seat`` starts its turn having played ``card``, with ``built``
    (flat slot -> penguin id) as its pyramid. Other seats play higher cards after it."""
    st = rules.new_game(players, seed)
    built = built or {}
    used = set(built.values())
    if revealed is None:
        revealed = tuple(p for p in st.deck + st.revealed if p not in used)[:players]
    used |= set(revealed)
    deck = tuple(p for p in range(len(PENGUINS)) if p not in used)
    pyrs = list(st.pyramids)
    pyrs[seat] = pyramid(built)
    gr = list(st.greys)
    gr[seat] = tuple(bool((greys or {}).get(i, False)) for i in range(SLOTS))
    tk = list(st.tokens)
    t = [0] * (2 * SLOTS)
    for (slot, arm), n in (tokens or {}).items():
        t[2 * slot + arm] = n
    tk[seat] = tuple(t)
    chosen = tuple(card if s == seat else 5 for s in range(players))
    order = (seat,) + tuple(s for s in range(players) if s != seat)
    hands = tuple(tuple(c for c in (1, 2, 3, 4, 5) if c != chosen[s]) for s in range(players))
    spent = tuple((chosen[s],) for s in range(players))
    held = [0] * players
    held[seat] = held_tokens
    return attrs.evolve(
        st,
        phase="turn",
        round=round,
        chief=chief,
        chosen=chosen,
        order=order,
        turn=0,
        hands=hands,
        spent=spent,
        revealed=tuple(revealed),
        deck=deck,
        pyramids=tuple(pyrs),
        greys=tuple(gr),
        tokens=tuple(tk),
        held_tokens=tuple(held),
        supply=supply - held_tokens,
        to_move=(seat,),
    )


def choose_all(state, cards):
    """Every seat plays ``cards[seat]`` (in seat order)."""
    for seat, card in enumerate(cards):
        state = state.apply(seat, rules.ChooseCard(card))
    return state
