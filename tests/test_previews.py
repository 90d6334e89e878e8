"""Previews are the rules applied: over random games of every title, each choice's preview
(worked out from the deciding seat's own view) gives the facts that applying it gives, for
every preview where neither chance nor anything hidden plays a part.

The fast tier plays 100 games of each title; the slow tier (``-m slow``) 1,000. Montaña's
previews are also checked to be the same from the seat's view as from the whole table.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from boardgames_tui.games import GAMES
from boardgames_tui.games.mision_chungungo import data as chungungo_data
from boardgames_tui.games.mision_chungungo import preview as chungungo
from boardgames_tui.games.montana_pinguino import preview as montana
from boardgames_tui.games.montana_pinguino import rules as montana_rules
from boardgames_tui.games.penguinramids import preview as penguins
from boardgames_tui.games.penguinramids import rules as penguin_rules

#: Random games per title in the fast tier (a quick sweep of every kind of decision); the slow
#: tier walks 1,000.
FAST_GAMES = 25
SLOW_GAMES = 1000


def decisions(game: str, games: int, seed: int) -> Iterator[tuple[Any, int, random.Random]]:
    """(state, deciding seat, the game's random source) at every decision of ``games`` random games."""
    spec = GAMES[game]
    rnd = random.Random(seed)
    for g in range(games):
        players = rnd.randint(spec.min_players, min(spec.max_players, 4))
        state = spec.new_game(players, seed * 10_007 + g)
        while not state.is_terminal:
            seat = rnd.choice(state.to_move)
            yield state, seat, rnd
            state = state.apply(seat, rnd.choice(state.legal_actions(seat)))


# ---- what applying gives, per title, in the preview's own terms


def montana_round(state: Any, seat: int, action: Any, rnd: random.Random) -> tuple:
    """The sled once the round ``action`` starts is over, every later choice made at random."""
    rounds = state.rounds_total
    st = state.apply(seat, action)
    while st.rounds_total == rounds and st.phase not in (
        montana_rules.Phase.RACE_OVER,
        montana_rules.Phase.OVER,
    ):
        s = rnd.choice(st.to_move)
        st = st.apply(s, rnd.choice(st.legal_actions(s)))
    return st.position[seat], st.box[seat], st.health[seat], st.destructions[seat], st.finished(seat)


def check_montana(state: Any, seat: int, rnd: random.Random) -> int:
    view, checked = state.view(seat), 0
    for action in state.legal_actions(seat):
        pv = montana.preview(view, seat, action)
        assert montana.preview(state, seat, action) == pv  # nothing hidden from the seat is read
        if pv is None or not pv.certain:
            continue
        (f,) = pv.forecasts
        said = (f.position, f.box, f.health, state.destructions[seat] + f.destroyed, f.finished)
        assert montana_round(state, seat, action, rnd) == said, (action, pv)
        checked += 1
    return checked


def check_goats(state: Any, seat: int, rnd: random.Random) -> int:
    if not state.dice:
        return 0
    view, checked = state.view(seat), 0
    for move, points in state.ranked_moves(seat):
        pv = view.move_preview(seat, move)
        after = state.apply(seat, move)
        knocked = tuple(
            (s, i)
            for s in range(state.n)
            for i in range(6)
            if s != seat and state.pos[s][i] != after.pos[s][i]
        )
        gained = (
            after.token_points(seat)
            + sum(after.bonus_won[seat])
            - state.token_points(seat)
            - sum(state.bonus_won[seat])
        )
        assert pv.pos == after.pos[seat] and sorted(pv.knocked) == sorted(knocked), move
        assert pv.tokens == after.tokens[seat] and pv.points == gained == points, move
        checked += 1
    return checked


def previewed(state: Any, seat: int, preview: Callable[[Any, int, Any], Any]) -> Iterator[tuple]:
    """(action, its preview from the seat's view, the state applying it gives) for every
    legal action of ``seat`` that ``preview`` has something to say about."""
    view = state.view(seat)
    for action in state.legal_actions(seat):
        pv = preview(view, seat, action)
        if pv is not None:
            yield action, pv, state.apply(seat, action)


def check_penguins(state: Any, seat: int, rnd: random.Random) -> int:
    checked = 0
    for action, pv, after in previewed(state, seat, penguins.preview):
        if isinstance(pv, penguins.TokenPreview):
            assert after.tokens[seat] == pv.tokens, action
        elif pv.discarded:
            assert pv.penguin in after.discard and after.taken != pv.penguin, action
        else:
            slots = {a.slot for a in after.legal_actions(seat) if isinstance(a, penguin_rules.Place)}
            assert after.taken == pv.penguin and slots == set(pv.slots), action
        checked += 1
    return checked


def check_chungungo(state: Any, seat: int, rnd: random.Random) -> int:
    checked = 0
    for action, pv, after in previewed(state, seat, chungungo.preview):
        gone = {c.pos for c in state.field} - {c.pos for c in after.field}
        assert gone == set(pv.eels), action
        for s in range(state.seats):
            if s == seat:
                continue
            stealable = any(chungungo_data.CARDS[c].kind != chungungo_data.KIND_KIT for c in state.hands[s])
            lost = len(state.hands[s]) - len(after.hands[s])
            assert lost == (1 if s in pv.struck and stealable else 0), (action, s)
        checked += 1
    return checked


CHECKS: dict[str, Callable[[Any, int, random.Random], int]] = {
    "montana_pinguino": check_montana,
    "mountain_goats": check_goats,
    "penguinramids": check_penguins,
    "mision_chungungo": check_chungungo,
}


def previews_match(game: str, games: int, seed: int) -> int:
    """Check every preview of ``games`` random games; how many previews were checked."""
    checked = 0
    for state, seat, rnd in decisions(game, games, seed):
        checked += CHECKS[game](state, seat, rnd)
    return checked


@pytest.mark.parametrize("game", sorted(CHECKS))
def test_every_preview_with_no_chance_in_it_is_what_applying_the_choice_does(game):
    assert previews_match(game, FAST_GAMES, seed=1) > 0


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(CHECKS))
def test_every_preview_over_a_thousand_random_games_is_what_applying_the_choice_does(game):
    assert previews_match(game, SLOW_GAMES, seed=2) > 0
