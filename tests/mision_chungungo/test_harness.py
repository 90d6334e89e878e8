"""Random-play harness for Misión Chungungo: 2,000 seeded games under the invariants.

Each game is checked after every action by ``rules.check_invariants`` (cards
conserved across deck, field, hands, discard piles and bases; no two tokens
on one card; copper equal to what the owned cards say) and, at checkpoints,
by the shared harness (views, the leak test through ``redeal_hidden``,
save -> load -> replay).
"""

from __future__ import annotations

import random

import pytest

from boardgames_tui.engine.harness import play_random_game
from boardgames_tui.games import GAMES
from boardgames_tui.games.mision_chungungo import data, rules

from .conftest import cid, scenario

SPEC = GAMES["mision_chungungo"]
GAMES_PER_COUNT = 500
#: A generous bound on decisions per game; random games average about 400.
DECISION_BOUND = 4000


@pytest.mark.slow  # the long batch; tests/test_harness_small.py is the fast tier's
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_the_invariants_and_end(players):
    endings = {"copper": 0, "deck": 0}
    longest = 0
    for seed in range(GAMES_PER_COUNT):
        result = play_random_game(SPEC, players, seed, checkpoints=1, max_decisions=DECISION_BOUND)
        final = result.match.state
        assert final.is_terminal
        endings[final.ending] += 1
        longest = max(longest, result.decisions)
        if final.ending == "copper":
            assert max(final.copper) >= final.target
        assert set(final.winners()) <= set(range(players))
    print(f"{players} players: endings {endings}, longest game {longest} decisions")
    assert endings["copper"] > 0 and endings["deck"] > 0


def _midgame(players: int, seed: int, steps: int) -> rules.ChungungoState:
    rnd = random.Random(seed)
    st = rules.new_game(players, seed)
    for _ in range(steps):
        if st.is_terminal:
            break
        seat = rnd.choice(st.to_move)
        st = st.apply(seat, rnd.choice(st.legal_actions(seat)))
    return st


def test_redeal_hidden_changes_what_the_seat_cannot_know():
    changed = {"hands": False, "field": False, "deck": False}
    for seed in range(40):
        st = _midgame(3, seed, 120)
        if st.is_terminal:
            continue
        other = rules.redeal_hidden(st, 0, random.Random(seed))
        assert other.view(0) == st.view(0)
        rules.check_invariants(other)
        assert other.hands[0] == st.hands[0]
        changed["hands"] |= other.hands[1:] != st.hands[1:]
        changed["field"] |= other.field != st.field
        changed["deck"] |= other.deck != st.deck
    assert all(changed.values()), changed


def test_redeal_hidden_moves_the_card_a_thief_took():
    franco = cid("Francotiradora", "E")
    iman = cid("Iman")
    field = {(0, c): cid(name) for c, name in enumerate(["Topo", "Sonda", "Grua", "Cometa"])}
    st = scenario(
        3,
        field=field,
        tokens=[(0, 0), (0, 2), (0, 3)],
        hands=[[data.KIT_IDS[0], franco], [data.KIT_IDS[1], iman], [data.KIT_IDS[2]]],
    )
    st = st.apply(0, rules.PlayCard(franco))
    st = st.apply(1, rules.Pass()).apply(2, rules.Pass())
    st = st.apply(0, rules.Shoot(False))
    assert iman in st.hands[0] and st.copper == (data.COPPER[franco] + 3, 0, 0)
    seen = set()
    for k in range(30):
        other = rules.redeal_hidden(st, 2, random.Random(k))
        assert other.view(2) == st.view(2)
        rules.check_invariants(other)
        seen.add(other.hands[0][-1])
        # the thief's own view never changes what it took
        assert rules.redeal_hidden(st, 0, random.Random(k)).hands[0] == st.hands[0]
    assert len(seen) > 1  # C cannot know which 3-copper card A took
    assert all(data.COPPER[c] == 3 for c in seen)
