"""determinize(view, seat, rnd): a full deal the seat cannot tell from the truth."""

import random

import pytest

from boardgames_tui.bots.determinize import determinize
from boardgames_tui.games import GAMES

GAME_PLAYERS = [(g, p) for g in GAMES for p in (2, 3)]


def _random_states(game: str, players: int, seed: int, every: int):
    """States of one random game, every ``every``-th decision, and the last one."""
    rnd = random.Random(seed)
    state = GAMES[game].new_game(players, seed)
    n = 0
    while not state.is_terminal:
        if n % every == 0:
            yield state
        seat = rnd.choice(state.to_move)
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
        n += 1


@pytest.mark.parametrize("game,players", GAME_PLAYERS)
def test_a_deal_from_a_view_shows_that_seat_the_same_view_and_keeps_the_components(game, players):
    rules = GAMES[game].rules
    rnd = random.Random(5)
    checked = 0
    for state in _random_states(game, players, seed=11, every=7):
        for seat in range(players):
            view = state.view(seat)
            deal = determinize(view, seat, rnd)
            assert type(deal) is type(state)
            assert deal.view(seat) == view
            assert not deal.rng.is_blank
            rules.check_invariants(deal)
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("game", list(GAMES))
def test_a_deal_can_be_played_on_to_the_end_by_every_seat(game):
    rnd = random.Random(3)
    for state in list(_random_states(game, 2, seed=4, every=25))[:6]:
        seat = state.to_move[0]
        deal = determinize(state.view(seat), seat, rnd)
        steps = 0
        while not deal.is_terminal and steps < 3000:
            s = rnd.choice(deal.to_move)
            deal = deal.apply(s, rnd.choice(deal.legal_actions(s)))
            steps += 1
        assert deal.is_terminal


@pytest.mark.parametrize("game", ["penguinramids", "montana_pinguino", "mision_chungungo"])
def test_deals_differ_in_what_the_seat_cannot_see(game):
    rnd = random.Random(8)
    states = list(_random_states(game, 3, seed=2, every=9))
    state = states[len(states) // 2]
    seat = state.to_move[0]
    view = state.view(seat)
    deals = [determinize(view, seat, rnd) for _ in range(5)]
    assert len({repr(d) for d in deals}) > 1


def test_a_true_state_is_dealt_from_its_view():
    state = GAMES["mision_chungungo"].new_game(3, 1)
    while state.phase != "turn":
        seat = state.to_move[0]
        state = state.apply(seat, state.legal_actions(seat)[0])
    assert determinize(state, 0, random.Random(1)) == determinize(state.view(0), 0, random.Random(1))
