"""Filling a view's placeholders with one full deal the seat cannot tell apart.

A computer player sees ``state.view(seat)``: other seats' hands, the decks
and every pending secret choice are placeholders there, and the random
generator is blanked. To look ahead it needs a full state, so
:func:`determinize` deals the unknown cards again, at random, in a way
consistent with everything the view shows: the cards still unaccounted for
(the game's components minus every card the view shows), the sizes of the
hidden hands and decks, the copper totals everyone announces, which cards
cannot be where (a base is never in a hand, an immediate item is never
played face down). A fresh generator replaces the blank one, so dice,
shuffles and steals in the imagined future differ from one deal to the
next.

The games' own ``redeal_hidden(state, seat, rnd)`` re-deals a *true* state
and reads the hidden cards it is given (it keeps each hand's copper card by
card, or the number of action cards a face-down play holds); on a view those
are placeholders, so here every game but Mountain Goats (whose only secret
is the future dice) gets its own dealer working from public facts alone.

A view is a snapshot: it does not remember, say, which card a seat took
back into its hand last turn. Deals here use what the snapshot shows, so a
bot with a perfect memory would know a little more than this.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import product
from math import comb
from typing import Any, TypeVar

from boardgames_tui.engine.core import HIDDEN, State
from boardgames_tui.engine.derive import evolve
from boardgames_tui.engine.rng import Rng

#: A game's state class: a dealt state has the class of its view.
S = TypeVar("S", bound=State)

Determinizer = Callable[[Any, int, random.Random], Any]


def _fresh_rng(rnd: random.Random) -> Rng:
    return Rng(rnd.getrandbits(63))


# ------------------------------------------------------------------ Mountain Goats


def _goats(view: Any, seat: int, rnd: random.Random) -> Any:
    """Only the future dice are unknown: a fresh generator (the rules' own re-deal works on views)."""
    from boardgames_tui.games.mountain_goats import rules

    return rules.redeal_hidden(view, seat, rnd)


# ------------------------------------------------------------------ Penguinramids


def _penguinramids(view: Any, seat: int, rnd: random.Random) -> Any:
    """Deck: every penguin not on show, shuffled. Others' pending cards: one from each hand.

    A seat's hand of action cards is public (played cards stay face up in
    front of their owner), so a hidden choice is one of its cards in hand.
    """
    from boardgames_tui.games.penguinramids import data

    seen = set(view.revealed) | set(view.discard)
    for pyr in view.pyramids:
        seen.update(p for p in pyr if p >= 0)
    if view.taken >= 0:
        seen.add(view.taken)
    deck = [p for p in range(len(data.PENGUINS)) if p not in seen]
    if len(deck) != len(view.deck):
        raise ValueError(f"penguinramids: {len(deck)} unseen penguins for a deck of {len(view.deck)}")
    rnd.shuffle(deck)
    chosen = tuple(rnd.choice(view.hands[s]) if c == HIDDEN else c for s, c in enumerate(view.chosen))
    return evolve(view, deck=tuple(deck), chosen=chosen, rng=_fresh_rng(rnd))


# ------------------------------------------------------------------ Montaña Pingüino


def _montana(view: Any, seat: int, rnd: random.Random) -> Any:
    """Others' hands, decks and face-down cards from their unseen action cards; items from the unseen ones.

    For another seat, its unseen action cards are its deck minus its
    discard pile and its face-up played cards; the hand and deck sizes are
    public, so how many of its face-down cards are action cards follows
    (the rest are items, never an immediate one). Unseen items (the item
    deck, others' items, another runner's three drawn, others' face-down
    items) are every item minus those on show. ``seat``'s own deck is
    shuffled (it knows its cards, not their order).
    """
    from boardgames_tui.games.montana_pinguino import data as D

    hidden = HIDDEN
    n = view.players
    hand, deck, items, played = list(view.hand), list(view.deck), list(view.items), list(view.played)
    seen_items = set(view.item_discard) | set(view.items[seat])
    for row in view.played:
        seen_items.update(c for c, _h in row if c != hidden and D.is_item(c))
    seen_items.update(c for c in view.drawn if c != hidden)
    item_pool = [] if view.purist else [c for c in D.ITEM_IDS if c not in seen_items]
    rnd.shuffle(item_pool)
    item_slots: list[tuple[int, int]] = []  # (seat, index in played) of face-down items
    for s in range(n):
        if s == seat:
            own = list(deck[s])
            rnd.shuffle(own)
            deck[s] = tuple(own)
            continue
        known = set(view.discard[s])
        known.update(c for c, _h in view.played[s] if c != hidden and D.is_action(c))
        pool = [c for c in D.deck_of(view.characters[s]) if c not in known]
        rnd.shuffle(pool)
        slots = [i for i, (c, _h) in enumerate(view.played[s]) if c == hidden]
        actions = len(pool) - len(hand[s]) - len(deck[s])
        if not 0 <= actions <= len(slots):
            raise ValueError(f"montana_pinguino: seat {s} cannot hold {actions} face-down action cards")
        rnd.shuffle(slots)
        row = list(played[s])
        hand[s] = tuple(sorted(pool[: len(hand[s])]))
        rest = pool[len(hand[s]) :]
        for i in slots[:actions]:
            c = rest.pop()
            row[i] = (c, rnd.randrange(len(D.ACTION_CARDS[c].halves)))
        deck[s] = tuple(rest)
        item_slots.extend((s, i) for i in slots[actions:])
        played[s] = tuple(row)
    for s, i in item_slots:
        j = next(j for j, c in enumerate(item_pool) if D.item_kind(c) not in D.IMMEDIATE_KINDS)
        row = list(played[s])
        row[i] = (item_pool.pop(j), 0)
        played[s] = tuple(row)
    for s in range(n):
        if s != seat:
            k = len(items[s])
            items[s] = tuple(sorted(item_pool[:k]))
            item_pool = item_pool[k:]
    drawn = view.drawn
    if drawn and drawn[0] == hidden:
        drawn = tuple(item_pool[: len(drawn)])
        item_pool = item_pool[len(drawn) :]
    if len(item_pool) != len(view.item_deck):
        raise ValueError(
            f"montana_pinguino: {len(item_pool)} unseen items for an item deck of {len(view.item_deck)}"
        )
    return evolve(
        view,
        hand=tuple(hand),
        deck=tuple(deck),
        items=tuple(items),
        played=tuple(played),
        item_deck=tuple(item_pool),
        drawn=drawn,
        rng=_fresh_rng(rnd),
    )


# ------------------------------------------------------------------ Misión Chungungo


def _pick_with_sum(
    pool: list[int], value: Callable[[int], int], k: int, total: int, rnd: random.Random
) -> list[int] | None:
    """``k`` cards of ``pool`` whose values add up to ``total``, uniformly among such sets; None if none.

    Values are small (copper 0-3): the cards are grouped by value, a count
    per value is drawn with weight "number of ways to pick those counts",
    then the cards of each value are drawn at random.
    """
    groups: dict[int, list[int]] = {}
    for c in pool:
        groups.setdefault(value(c), []).append(c)
    values = sorted(groups)
    options: list[tuple[tuple[int, ...], int]] = []
    for counts in product(*(range(min(k, len(groups[v])) + 1) for v in values)):
        if sum(counts) == k and sum(v * c for v, c in zip(values, counts, strict=True)) == total:
            options.append((counts, _ways(groups, values, counts)))
    if not options:
        return None
    counts = rnd.choices([o[0] for o in options], weights=[o[1] for o in options])[0]
    out: list[int] = []
    for v, c in zip(values, counts, strict=True):
        out.extend(rnd.sample(groups[v], c))
    return out


def _ways(groups: dict[int, list[int]], values: list[int], counts: tuple[int, ...]) -> int:
    ways = 1
    for v, c in zip(values, counts, strict=True):
        ways *= comb(len(groups[v]), c)
    return ways


def _chungungo(view: Any, seat: int, rnd: random.Random) -> Any:
    """Others' hands, face-down field cards and the deck from the cards nobody has shown.

    Each other seat's hand keeps its size and its copper (a seat's copper
    is public, and so are its discard pile and bases, so the copper in its
    hand follows); its Starter Kit is in hand unless it lies on its discard
    pile; bases never go to a hand. The other unseen cards fill the
    face-down field cells and the deck at random.
    """
    from boardgames_tui.games.mision_chungungo import data, rules

    hidden = HIDDEN
    copper = data.COPPER
    n = view.seats
    seen = set(view.hands[seat]) | set(view.reserve)
    for s in range(n):
        seen.update(view.discards[s])
        seen.update(view.bases[s])
    seen.update(c.card for c in view.field if c.card != hidden)
    if view.held >= 0:
        seen.add(view.held)
    seen.update(eel for _s, eel in view.claims)
    kits = set(data.KIT_IDS[:n])
    unseen = [c for c in rules.expected_cards(n) if c not in seen and c not in kits]
    others = [s for s in range(n) if s != seat]
    for _attempt in range(50):
        pool = list(unseen)
        hands = list(view.hands)
        ok = True
        for s in rnd.sample(others, len(others)):
            size = len(view.hands[s])
            if not size:
                continue
            kit = data.KIT_IDS[s]
            has_kit = kit not in view.discards[s]
            in_hand = (
                view.copper[s]
                - sum(copper[c] for c in view.discards[s])
                - sum(copper[c] for c in view.bases[s])
            )
            crew_pool = [c for c in pool if not data.CARDS[c].is_base]
            picked = _pick_with_sum(crew_pool, copper.__getitem__, size - has_kit, in_hand, rnd)
            if picked is None:
                ok = False
                break
            for c in picked:
                pool.remove(c)
            cards = picked + ([kit] if has_kit else [])
            rnd.shuffle(cards)
            hands[s] = tuple(cards)
        if ok:
            break
    else:
        raise ValueError("mision_chungungo: no deal of the unseen cards matches the copper totals")
    rnd.shuffle(pool)
    field = []
    for c in view.field:
        if c.card == hidden:
            field.append(rules.Cell(c.row, c.col, pool.pop(), False))
        else:
            field.append(c)
    if len(pool) != len(view.deck):
        raise ValueError(f"mision_chungungo: {len(pool)} unseen cards for a deck of {len(view.deck)}")
    return evolve(view, hands=tuple(hands), field=tuple(field), deck=tuple(pool), rng=_fresh_rng(rnd))


_DEALERS: dict[str, Determinizer] = {
    "mountain_goats": _goats,
    "penguinramids": _penguinramids,
    "montana_pinguino": _montana,
    "mision_chungungo": _chungungo,
}


def determinize(view: S, seat: int, rnd: random.Random) -> S:
    """A full state ``seat`` cannot tell from the truth, drawn at random from ``view``.

    ``view`` is ``state.view(seat)`` (a true state works too: its view is
    taken first, so what it hides is dealt again). The result has the same class, the same
    ``view(seat)`` as ``view`` and a usable generator, so ``apply`` can be
    called on it for any seat. Raises KeyError for a game without a dealer
    and ValueError if the view's counts cannot be matched (a broken view).
    """
    dealer = _DEALERS[view.game_id]
    if not _is_view(view, seat):
        view = view.view(seat)
    dealt: S = dealer(view, seat, rnd)
    return dealt


def _is_view(state: State, seat: int) -> bool:
    """Cheap test: views carry the blank generator (the contract blanks it in every view)."""
    rng = getattr(state, "rng", None)
    return rng is not None and rng.state < 0
