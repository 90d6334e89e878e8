"""Random-play harness for Montaña Pingüino: 2,000+ seeded games under the contract's invariants.

check_invariants (run after every action) asserts that each runner's 11 action
cards stay across deck, hand, played cards and discard pile, that the 42 items
stay across deck, hands, draws, played cards and discard pile, and that health
and speed stay within their meters. The harness also runs the leak test with
redeal_hidden, save/load/replay, and bounds every game's length.
"""

from __future__ import annotations

import random

import pytest

from boardgames_tui.engine.harness import play_random_game
from boardgames_tui.games import GAMES
from boardgames_tui.games.montana_pinguino import data as D
from boardgames_tui.games.montana_pinguino import rules as R

SPEC = GAMES["montana_pinguino"]

#: A single race never needs more decisions than this; a championship three times as many.
RACE_DECISION_BOUND = 1200


def _options(seed: int) -> dict:
    return {
        "advanced_sides": seed % 2 == 1,
        "purist": seed % 5 == 0,
        "random_track": seed % 3 == 0,
        "track_cards": (5, 7, 7, 7, 8, 10)[seed % 6],
        "championship": seed % 25 == 7,
    }


@pytest.mark.slow  # the long batch; tests/test_harness_small.py is the fast tier's
@pytest.mark.parametrize("block", range(8))
def test_random_play_harness_2000_games(block):
    """250 games per block, 2,000 in all, over 2-4 runners and every option."""
    finished_rounds = []
    for seed in range(block * 250, block * 250 + 250):
        players = 2 + seed % 3
        opts = _options(seed)
        bound = RACE_DECISION_BOUND * (3 if opts["championship"] else 1)
        result = play_random_game(SPEC, players, seed, opts, max_decisions=bound, checkpoints=1)
        final = result.match.state
        assert final.is_terminal and final.winners()
        assert set(final.winners()) <= set(range(players))
        if not opts["championship"]:
            assert sum(final.scores()) == len(final.winners())
            assert any(f for f in final.finish), "a race ends only when a sled crosses the line"
            finished_rounds.append(final.round)
        else:
            assert len(final.places) == R.CHAMPIONSHIP_RACES
            assert sum(final.points) >= sum(R.CHAMPIONSHIP_POINTS[players]) * R.CHAMPIONSHIP_RACES
    # every race ends within a bound: a sled moves at least one section a round
    assert max(finished_rounds) <= 2 * 10 + 1


def test_redeal_hidden_redeals_hands_decks_played_cards_and_items():
    """The leak test's re-deal really changes what a seat cannot know."""
    rnd = random.Random(4)
    st = R.new_game(3, seed=11)
    # first runner plays a card face down; the others still choose
    seat = st.to_move[0]
    st = st.apply(seat, st.legal_actions(seat)[0])
    other = (seat + 1) % 3
    changed = {"hand": False, "deck": False, "played": False, "own_deck": False}
    for _ in range(30):
        re = R.redeal_hidden(st, other, rnd)
        R.check_invariants(re)
        assert re.view(other) == st.view(other)
        changed["hand"] |= re.hand[seat] != st.hand[seat]
        changed["deck"] |= re.deck[seat] != st.deck[seat]
        changed["played"] |= re.played[seat] != st.played[seat]
        changed["own_deck"] |= re.deck[other] != st.deck[other]
        assert re.hand[other] == st.hand[other]
    assert all(changed.values()), changed


def test_redeal_hidden_redeals_items_and_the_kept_item():
    rnd = random.Random(5)
    st = R.new_game(2, seed=3)
    # play until someone keeps one item of three
    game = random.Random(1)
    while st.phase != R.Phase.KEEP and not st.is_terminal:
        seat = st.to_move[0]
        st = st.apply(seat, game.choice(st.legal_actions(seat)))
    assert st.phase == R.Phase.KEEP
    drawer = st.to_move[0]
    watcher = 1 - drawer
    seen_drawn, seen_deck = set(), set()
    for _ in range(20):
        re = R.redeal_hidden(st, watcher, rnd)
        R.check_invariants(re)
        assert re.view(watcher) == st.view(watcher)
        seen_drawn.add(re.drawn)
        seen_deck.add(re.item_deck)
        assert R.redeal_hidden(st, drawer, rnd).drawn == st.drawn
    assert len(seen_drawn) > 1 and len(seen_deck) > 1


def test_same_seed_and_actions_give_the_same_game():
    a = play_random_game(SPEC, 3, 42, {"advanced_sides": True}, checkpoints=1).match
    b = play_random_game(SPEC, 3, 42, {"advanced_sides": True}, checkpoints=1).match
    assert a.state == b.state and a.actions == b.actions


def test_simulation_stats_figures():
    st = play_random_game(SPEC, 4, 9, {}, checkpoints=1).match.state
    stats = R.simulation_stats(st)
    assert stats["rounds_per_race"] == st.rounds_total >= 1
    assert stats["race_with_destruction"] in (0.0, 1.0)
    assert sum(stats[f"win_{c}"] for c in D.CHARACTERS) == pytest.approx(1.0)
    assert stats["winner"] in D.CHARACTERS or "+" in stats["winner"]


def test_redeal_hidden_redeals_the_item_kept_from_a_draw_of_three():
    rnd = random.Random(8)
    st = R.new_game(2, seed=3)
    game = random.Random(1)
    while st.phase != R.Phase.KEEP:
        seat = st.to_move[0]
        st = st.apply(seat, game.choice(st.legal_actions(seat)))
    drawer = st.to_move[0]
    st = st.apply(drawer, st.legal_actions(drawer)[0])
    watcher = 1 - drawer
    kept = {R.redeal_hidden(st, watcher, rnd).items[drawer] for _ in range(20)}
    assert len(kept) > 1
    assert all(R.redeal_hidden(st, drawer, rnd).items[drawer] == st.items[drawer] for _ in range(5))


def test_redeal_hidden_keeps_face_down_items_playable():
    rnd = random.Random(2)
    for seed in range(40):
        st = R.new_game(3, seed=seed)
        game = random.Random(seed)
        while not st.is_terminal and not (
            st.phase == R.Phase.PLAY
            and st.round > 1
            and any(D.is_item(c) for row in st.played for c, _h in row)
        ):
            seat = st.to_move[0]
            st = st.apply(seat, game.choice(st.legal_actions(seat)))
        if st.is_terminal:
            continue
        for watcher in range(3):
            re = R.redeal_hidden(st, watcher, rnd)
            for row in re.played:
                for c, _h in row:
                    assert not (D.is_item(c) and D.item_kind(c) in D.IMMEDIATE_KINDS)
