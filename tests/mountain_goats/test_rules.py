"""Scenario tests, one per rule of the rulebook and decision in docs/games/mountain_goats.md."""

from __future__ import annotations

import contextlib
import itertools

import attrs
import pytest

from boardgames_tui.engine import IllegalAction
from boardgames_tui.games import GAMES
from boardgames_tui.games.mountain_goats import data as D
from boardgames_tui.games.mountain_goats import rules as R
from boardgames_tui.games.mountain_goats import speed as S

from .conftest import at, move, scenario

# ---------------------------------------------------------------- setup (Sheet: Components)


def test_setup_every_goat_at_the_foot():
    s = R.new_game(3, 5)
    assert all(p == (0,) * 6 for p in s.pos)
    assert s.to_move == (0,) and s.bonus_left == (15, 12, 9, 6)


@pytest.mark.parametrize(
    "players,tokens", [(2, (10, 9, 8, 7, 6, 5)), (3, (11, 10, 9, 8, 7, 6)), (4, (12, 11, 10, 9, 8, 7))]
)
def test_setup_point_tokens_by_player_count(players, tokens):
    assert R.new_game(players, 0).supply == tokens


def test_five_players_only_with_big_mountain():
    with pytest.raises(ValueError, match="Big Mountain"):
        R.new_game(5, 0)
    with pytest.raises(ValueError, match="Big Mountain"):
        GAMES["mountain_goats"].new_game(5, 0)
    assert R.new_game(5, 0, big_mountain=True).supply == D.TOKENS_FULL


@pytest.mark.parametrize("players", [1, 6])
def test_player_count_bounds(players):
    with pytest.raises(ValueError):
        GAMES["mountain_goats"].new_game(players, 0, big_mountain=True)


# ---------------------------------------------------------------- turn (Rulebook: Turno)


def test_turn_roll_is_an_explicit_action():
    s = R.new_game(2, 3)
    assert s.legal_actions(0) == [R.Roll()]
    assert s.legal_actions(1) == []
    with pytest.raises(IllegalAction, match="roll the dice first"):
        s.apply(0, move((1, 2, 3, 4)))
    with pytest.raises(IllegalAction):
        s.apply(1, R.Roll())


def test_roll_comes_from_the_state_generator():
    s = R.new_game(2, 3)
    a, b = s.apply(0, R.Roll()), s.apply(0, R.Roll())
    assert a == b and len(a.dice) == 4 and all(1 <= d <= 6 for d in a.dice)
    assert s.dice == () and a.rng != s.rng
    with pytest.raises(IllegalAction, match="already rolled"):
        a.apply(0, R.Roll())
    assert "rolls" in a.log[-1].text


def test_roll_is_fair_enough():
    counts = [0] * 7
    s = R.new_game(2, 1)
    for _ in range(3000):
        t = s.apply(0, R.Roll())
        for d in t.dice:
            counts[d] += 1
        s = attrs.evolve(s, rng=t.rng)
    assert all(1700 < c < 2300 for c in counts[1:]), counts


def test_turn_passes_to_the_left():
    s = scenario(3, dice=(2, 3, 4, 6))
    t = s.apply(0, move(s.dice, (6, 6, 3)))
    assert t.to_move == (1,) and t.dice == () and t.turns == 1


# ---------------------------------------------------------------- extra 1s


def test_ones_extra_ones_may_become_any_value():
    s = scenario(dice=(1, 1, 3, 4))
    t = s.apply(0, move((1, 6, 3, 4), (10, 10, 1, 3)))
    assert at(t, 0, 10) == 1
    assert "turns a 1 into 6" in t.log[-2].text


def test_ones_at_least_one_must_stay():
    s = scenario(dice=(1, 1, 3, 4))
    with pytest.raises(IllegalAction, match="kept no 1"):
        s.apply(0, move((6, 6, 3, 4)))


def test_ones_a_single_one_cannot_change():
    s = scenario(dice=(1, 2, 3, 4))
    with pytest.raises(IllegalAction, match="kept no 1"):
        s.apply(0, move((6, 2, 3, 4), (6, 6, 0)))


def test_ones_only_ones_may_change():
    s = scenario(dice=(1, 1, 3, 4))
    with pytest.raises(IllegalAction, match="die 3 shows 3; only extra 1s"):
        s.apply(0, move((1, 1, 5, 4)))


def test_ones_some_changed_others_kept():
    s = scenario(dice=(1, 1, 1, 2))
    t = s.apply(0, move((1, 1, 5, 2), (7, 7, 2, 3)))
    assert at(t, 0, 7) == 1
    u = s.apply(0, move((1, 6, 5, 2), (7, 7, 0, 1), (7, 7, 2, 3)))
    assert at(u, 0, 7) == 2


def test_ones_conversions_are_listed():
    s = scenario(dice=(1, 1, 1, 1))
    results = {tuple(s.apply(0, m).pos[0]) for m in s.legal_actions(0)}
    # three 1s become 6, 4, 6: 6+4 on 10 and 6+1 on 7 (the kept 1)
    assert any(p[5] == 1 and p[2] == 1 for p in results)
    assert all(m.faces.count(1) >= 1 for m in s.legal_actions(0))


# ---------------------------------------------------------------- grouping


@pytest.mark.parametrize(
    "faces,group,total", [((6, 6, 2, 3), (12, 12, 0, 1), 12), ((2, 2, 3, 3), (4, 4, 0, 1), 4)]
)
def test_grouping_groups_sum_five_to_ten(faces, group, total):
    s = scenario(dice=faces)
    with pytest.raises(IllegalAction, match=f"sums to {total}; groups must sum 5-10"):
        s.apply(0, move(faces, group))


def test_grouping_single_die_group_climbs():
    s = scenario(dice=(6, 2, 2, 2))
    assert at(s.apply(0, move(s.dice, (6, 6, 0))), 0, 6) == 1


def test_grouping_die_used_twice():
    s = scenario(dice=(5, 5, 2, 3))
    with pytest.raises(IllegalAction, match="die 1 is used twice"):
        s.apply(0, move(s.dice, (5, 5, 0), (7, 7, 0, 2)))


def test_grouping_target_is_the_sum():
    s = scenario(dice=(5, 5, 2, 3))
    with pytest.raises(IllegalAction, match="sums to 10, not 9"):
        s.apply(0, move(s.dice, (9, 9, 0, 1)))
    with pytest.raises(IllegalAction, match="goat of mountain 10"):
        s.apply(0, move(s.dice, (10, 7, 0, 1)))
    with pytest.raises(IllegalAction, match="no die 5"):
        s.apply(0, move(s.dice, (5, 5, 4)))


def test_grouping_two_groups_of_one_mountain_climb_twice():
    s = scenario(dice=(5, 5, 2, 3))
    t = s.apply(0, move(s.dice, (5, 5, 0), (5, 5, 1), (5, 5, 2, 3)))
    assert at(t, 0, 5) == 3


def test_unused_dice_leaving_everything_unused_is_a_pass():
    s = scenario(dice=(1, 2, 1, 2))
    t = s.apply(0, move(s.dice))
    assert t.pos == s.pos and t.to_move == (1,)
    assert "uses no dice" in t.log[-1].text
    assert move(s.dice) in s.legal_actions(0)


def test_unused_dice_some_left_unused():
    s = scenario(dice=(6, 4, 3, 3))
    t = s.apply(0, move(s.dice, (10, 10, 0, 1)))
    assert at(t, 0, 10) == 1 and at(t, 0, 6) == 0


# ---------------------------------------------------------------- summits


def test_summit_reaching_it_takes_a_token():
    s = scenario(dice=(5, 5, 1, 1), pos={0: {10: 1}})
    t = s.apply(0, move(s.dice, (10, 10, 0, 1)))
    assert at(t, 0, 10) == 2 and t.tokens[0][5] == 1 and t.supply[5] == s.supply[5] - 1
    assert "reaches the summit" in t.log[-1].text and "takes a 10 token" in t.log[-1].text


def test_summit_token_while_already_on_the_summit():
    s = scenario(dice=(5, 5, 4, 6), pos={0: {10: 2}})
    t = s.apply(0, move(s.dice, (10, 10, 0, 1), (10, 10, 2, 3)))
    assert at(t, 0, 10) == 2 and t.tokens[0][5] == 2
    assert "already on the summit" in t.log[-1].text


def test_summit_knock_off_to_the_foot():
    s = scenario(dice=(4, 5, 1, 1), pos={0: {9: 1}, 1: {9: 2}})
    t = s.apply(0, move(s.dice, (9, 9, 0, 1)))
    assert at(t, 0, 9) == 2 and at(t, 1, 9) == 0
    assert "knocks {1}'s goat to the foot" in t.log[-1].text


def test_summit_holds_one_goat_others_share_steps():
    s = scenario(dice=(5, 2, 2, 2), pos={0: {5: 1}, 1: {5: 2}})
    t = s.apply(0, move(s.dice, (5, 5, 0)))
    assert at(t, 0, 5) == 2 and at(t, 1, 5) == 2


def test_empty_stacks_give_no_token():
    s = scenario(dice=(5, 5, 1, 1), pos={0: {10: 1}}, supply={10: 0})
    t = s.apply(0, move(s.dice, (10, 10, 0, 1)))
    assert at(t, 0, 10) == 2 and t.tokens[0][5] == 0 and t.supply[5] == 0
    assert "no 10 tokens are left" in t.log[-1].text


def test_empty_stacks_last_token_goes_to_the_first_group():
    s = scenario(dice=(5, 5, 4, 6), pos={0: {10: 2}}, supply={10: 1})
    t = s.apply(0, move(s.dice, (10, 10, 0, 1), (10, 10, 2, 3)))
    assert t.tokens[0][5] == 1 and t.supply[5] == 0


# ---------------------------------------------------------------- sets and bonuses


def test_sets_complete_set_takes_the_highest_bonus():
    s = scenario(dice=(5, 5, 1, 1), pos={0: {10: 1}}, tokens={0: {5: 1, 6: 1, 7: 1, 8: 1, 9: 1}})
    t = s.apply(0, move(s.dice, (10, 10, 0, 1)))
    assert t.bonus_won[0] == (15,) and t.bonus_left == (12, 9, 6)
    assert "completes set 1 and takes the 15 bonus" in t.log[-1].text


def test_sets_nth_bonus_needs_n_tokens_of_every_mountain():
    base = dict(pos={0: {10: 1}}, bonus_won={0: (15,)})
    s = scenario(dice=(5, 5, 1, 1), tokens={0: {5: 2, 6: 2, 7: 2, 8: 2, 9: 1, 10: 1}}, **base)
    assert s.apply(0, move(s.dice, (10, 10, 0, 1))).bonus_won[0] == (15,)
    s = scenario(dice=(5, 5, 1, 1), tokens={0: {5: 2, 6: 2, 7: 2, 8: 2, 9: 2, 10: 1}}, **base)
    assert s.apply(0, move(s.dice, (10, 10, 0, 1))).bonus_won[0] == (15, 12)


def test_sets_several_bonuses_in_one_turn():
    s = scenario(dice=(5, 5, 4, 6), pos={0: {10: 2}}, tokens={0: {5: 2, 6: 2, 7: 2, 8: 2, 9: 2}})
    t = s.apply(0, move(s.dice, (10, 10, 0, 1), (10, 10, 2, 3)))
    assert t.bonus_won[0] == (15, 12) and t.bonus_left == (9, 6)


def test_sets_bonus_is_the_highest_left():
    s = scenario(
        dice=(5, 5, 1, 1),
        pos={0: {10: 1}},
        tokens={0: {5: 1, 6: 1, 7: 1, 8: 1, 9: 1}, 1: {5: 1, 10: 1}},
        bonus_won={1: (15,)},
    )
    t = s.apply(0, move(s.dice, (10, 10, 0, 1)))
    assert t.bonus_won[0] == (12,)


# ---------------------------------------------------------------- end of the game (Rulebook: Final del Juego)


def _pass(state):
    seat = state.to_move[0]
    state = state.apply(seat, R.Roll())
    return state.apply(seat, move(state.dice))


def test_end_bonus_tokens_run_out_then_the_round_is_finished():
    s = scenario(
        3,
        dice=(5, 5, 1, 1),
        pos={0: {10: 1}},
        tokens={0: {5: 1, 6: 1, 7: 1, 8: 1, 9: 1}},
        bonus_left=(6,),
        bonus_won={1: (15, 12), 2: (9,)},
    )
    s = attrs.evolve(
        s, tokens=(s.tokens[0], (2,) * 6, (1,) * 6), supply=tuple(t - 1 - 2 - 1 for t in D.tokens_for(3))
    )
    t = s.apply(0, move(s.dice, (10, 10, 0, 1)))
    assert t.bonus_left == () and t.ending == R.ENDING_BONUS
    assert t.to_move == (1,) and not t.is_terminal
    t = _pass(t)
    assert t.to_move == (2,)
    t = _pass(t)
    assert t.is_terminal and t.to_move == () and t.legal_actions(0) == []
    assert t.outcome().ending == "The bonus tokens ran out"


def test_end_three_mountains_without_tokens():
    s = scenario(2, dice=(4, 4, 1, 1), seat=1, pos={1: {8: 2}}, supply={10: 0, 9: 0, 8: 1})
    t = s.apply(1, move(s.dice, (8, 8, 0, 1)))
    assert t.is_terminal and t.ending == R.ENDING_MOUNTAINS
    assert "Three mountains ran out" in t.outcome().ending


def test_end_two_empty_mountains_do_not_end():
    s = scenario(2, dice=(4, 4, 1, 1), seat=1, pos={1: {8: 2}}, supply={10: 0, 9: 0, 8: 2})
    t = s.apply(1, move(s.dice, (8, 8, 0, 1)))
    assert not t.is_terminal and t.ending == "" and t.to_move == (0,)


def test_end_finished_round_every_player_same_turns():
    s = scenario(4, dice=(4, 4, 1, 1), seat=0, pos={0: {8: 2}}, supply={10: 0, 9: 0, 8: 1})
    t = s.apply(0, move(s.dice, (8, 8, 0, 1)))
    assert t.ending and t.to_move == (1,)
    for seat in (1, 2, 3):
        assert t.to_move == (seat,)
        t = _pass(t)
    assert t.is_terminal and t.turns % 4 == 0


# ---------------------------------------------------------------- winner and tie-breaks


def _final(players=2, **kw):
    s = scenario(players, **kw)
    return attrs.evolve(s, to_move=(), ending=R.ENDING_MOUNTAINS, turns=players * 5)


def test_winner_most_points():
    s = _final(tokens={0: {10: 2}, 1: {9: 2}})
    assert s.scores() == (20, 18) and s.winners() == (0,) and s.outcome().tiebreak == ""


def test_tiebreak_most_goats_on_summits():
    s = _final(tokens={0: {10: 1}, 1: {5: 2}}, pos={0: {10: 2}, 1: {5: 4, 9: 2}})
    assert s.scores() == (10, 10) and s.winners() == (1,)
    assert "most goats on summits" in s.outcome().tiebreak


def test_tiebreak_goat_on_the_highest_summit():
    s = _final(tokens={0: {10: 1}, 1: {5: 2}}, pos={0: {9: 2}, 1: {10: 2}})
    assert s.winners() == (1,)
    assert "highest summit" in s.outcome().tiebreak


def test_tiebreak_shared_win():
    s = _final(3, tokens={0: {10: 1}, 1: {5: 2}, 2: {5: 1}})
    assert s.winners() == (0, 1)
    assert "shared" in s.outcome().tiebreak


def test_outcome_breakdown_lines():
    s = _final(tokens={0: {10: 2, 5: 1}}, bonus_won={0: (15,)}, pos={0: {10: 2}})
    out = s.outcome()
    lines = out.breakdown[0]
    assert "Mountain 10: 2 x 10 = 20" in lines and "Bonuses: 15 = 15" in lines
    assert "Goats on summits: 1 (highest 10)" in lines and out.scores[0] == 40
    assert out.ending.startswith("Three mountains")


# ---------------------------------------------------------------- Big Mountain (Sheet: Big Mountain)


def test_big_mountain_placement_on_the_spot_of_the_sum():
    s = scenario(big=True, dice=(6, 6, 5, 2), pos={0: {7: 2}})
    t = s.apply(0, move(s.dice, (17, 7, 0, 1, 2)))
    assert at(t, 0, 7) == 17 and t.big_spots() == {17: (0, 7)}
    assert "moves goat 7 from step 2 of 7 to Big Mountain spot 17" in t.log[-1].text


def test_big_mountain_sums_above_ten_need_the_option():
    s = scenario(dice=(6, 6, 5, 2))
    with pytest.raises(IllegalAction, match="11-24 needs the Big Mountain"):
        s.apply(0, move(s.dice, (17, 7, 0, 1, 2)))


def test_big_mountain_spot_holds_one_goat():
    s = scenario(big=True, dice=(6, 6, 5, 2), pos={1: {5: 17}})
    with pytest.raises(IllegalAction, match="spot 17 is taken by B's goat 5"):
        s.apply(0, move(s.dice, (17, 7, 0, 1, 2)))
    assert all(g[0] != 17 for m in s.legal_actions(0) for g in m.groups)


def test_big_mountain_needs_a_goat():
    s = scenario(big=True, dice=(6, 6, 5, 2))
    with pytest.raises(IllegalAction, match="which goat"):
        s.apply(0, move(s.dice, (17, 0, 0, 1, 2)))


def test_big_mountain_leaving_a_summit_empties_it():
    s = scenario(big=True, dice=(6, 6, 1, 2), pos={0: {10: 2}})
    t = s.apply(0, move(s.dice, (12, 10, 0, 1)))
    assert t.summit_owner(10) is None and at(t, 0, 10) == 12


def test_big_mountain_spot_to_spot():
    s = scenario(big=True, dice=(6, 6, 6, 2), pos={0: {5: 12}})
    t = s.apply(0, move(s.dice, (18, 5, 0, 1, 2)))
    assert at(t, 0, 5) == 18 and t.big_spots() == {18: (0, 5)}


def test_big_mountain_return_to_the_foot():
    s = scenario(big=True, dice=(4, 4, 1, 1), pos={0: {8: 15}})
    t = s.apply(0, move(s.dice, (8, 8, 0, 1)))
    assert at(t, 0, 8) == 0 and t.big_spots() == {}
    assert "brings goat 8 down from spot 15" in t.log[-1].text


def test_big_mountain_goat_cannot_climb_its_mountain_meanwhile():
    s = scenario(big=True, dice=(4, 4, 4, 4), pos={0: {8: 15}})
    t = s.apply(0, move(s.dice, (8, 8, 0, 1), (8, 8, 2, 3)))
    assert at(t, 0, 8) == 1  # back to the foot, then one step
    assert all(s.apply(0, m).pos[0][3] in (0, 1, 12, 15, 16) for m in s.legal_actions(0))


def test_big_mountain_order_of_groups_matters():
    s = scenario(big=True, dice=(3, 4, 6, 6), pos={0: {7: 2}})
    climb_first = s.apply(0, move(s.dice, (7, 7, 0, 1), (12, 7, 2, 3)))
    assert at(climb_first, 0, 7) == 12 and climb_first.tokens[0][2] == 1
    spot_first = s.apply(0, move(s.dice, (12, 7, 2, 3), (7, 7, 0, 1)))
    assert at(spot_first, 0, 7) == 0 and spot_first.tokens[0][2] == 0
    results = [s.apply(0, m) for m in s.legal_actions(0)]
    assert climb_first in results and spot_first in results


def test_big_mountain_rulebook_scoring_example():
    s = _final(big=True, pos={0: {5: 23, 6: 16}, 1: {7: 21}})
    assert s.big_mountain_points() == (16, 8)
    assert s.scores() == (16, 8)
    assert "spot 23 rank 1: 12, spot 16 rank 3: 4 = 16" in " ".join(s.outcome().breakdown[0])


@pytest.mark.parametrize(
    "players,table", [(3, (16, 12, 8, 4)), (4, (15, 12, 9, 6, 3)), (5, (15, 12, 9, 6, 3))]
)
def test_big_mountain_ranking_tables(players, table):
    goats = {}
    spots = iter(range(24, 10, -1))
    for seat in range(players):
        goats[seat] = {5: next(spots), 6: next(spots)}
    s = _final(players, big=True, pos=goats)
    pts = s.big_mountain_points()
    expect = [0] * players
    order = sorted(((p, seat) for seat, g in goats.items() for p in g.values()), reverse=True)
    for k, (_p, seat) in enumerate(order[: len(table)]):
        expect[seat] += table[k]
    assert pts == tuple(expect) and sum(pts) == sum(table)


def test_big_mountain_goats_are_not_on_summits():
    s = _final(big=True, tokens={0: {10: 1}, 1: {10: 1}}, pos={0: {9: 2}, 1: {9: 0, 10: 24}}, supply={10: 3})
    assert s.summits(1) == () and s.summits(0) == (9,)


def test_big_mountain_points_do_not_make_sets():
    s = scenario(big=True, dice=(6, 6, 1, 1), pos={0: {5: 24}})
    t = s.apply(0, move(s.dice, (12, 6, 0, 1)))
    assert t.bonus_won[0] == () and t.ending == ""


# ---------------------------------------------------------------- distinct outcomes (Sheet: Decisions)


def _all_moves(state):
    """Every hand-built move: each faces variant, partition, target, goat, order."""
    dice = state.dice
    ones = [i for i, d in enumerate(dice) if d == 1]
    variants = {dice}
    if len(ones) >= 2:
        for vals in itertools.product(range(1, 7), repeat=len(ones)):
            if 1 in vals:
                f = list(dice)
                for i, v in zip(ones, vals, strict=True):
                    f[i] = v
                variants.add(tuple(f))
    for faces in variants:
        for part in S.PARTITIONS:
            sums = [sum(faces[i] for i in g) for g in part]
            options = []
            for s_, g in zip(sums, part, strict=True):
                if 5 <= s_ <= 10:
                    options.append([(s_, s_, *g)])
                elif state.big_mountain and 11 <= s_ <= 24:
                    options.append([(s_, goat, *g) for goat in D.MOUNTAINS])
                else:
                    break
            else:
                for choice in itertools.product(*options):
                    for perm in itertools.permutations(choice):
                        yield R.Move(faces, perm)


@pytest.mark.parametrize(
    "dice,big", [((5, 5, 3, 2), False), ((1, 1, 4, 6), False), ((6, 6, 5, 3), True), ((1, 1, 6, 6), True)]
)
def test_legal_actions_list_every_distinct_outcome_once(dice, big):
    s = scenario(3, big=big, dice=dice, pos={0: {5: 3, 7: 13, 9: 2}, 1: {10: 2, 6: 12}}, supply={9: 1})
    listed = s.legal_actions(0)
    listed_results = [s.apply(0, m) for m in listed]
    assert len(set(map(_key, listed_results))) == len(listed)
    reachable = set()
    for m in _all_moves(s):
        with contextlib.suppress(IllegalAction):
            reachable.add(_key(s.apply(0, m)))
    assert reachable == set(map(_key, listed_results))


def _key(state):
    return (state.pos, state.tokens, state.supply, state.bonus_won)


def test_legal_actions_best_first_by_points():
    s = scenario(2, dice=(5, 5, 4, 5), pos={0: {10: 1, 9: 1, 5: 3}})
    ranked = s.ranked_moves(0)
    pts = [p for _m, p in ranked]
    assert pts == sorted(pts, reverse=True) and pts[0] == 10 + 9
    assert str(ranked[0][0]) in ("use 5+5 on 10, 4+5 on 9", "use 4+5 on 9, 5+5 on 10")


def test_apply_accepts_an_unlisted_move_with_the_same_outcome():
    s = scenario(2, dice=(5, 5, 5, 2))
    listed = s.legal_actions(0)
    hand = move(s.dice, (5, 5, 2), (5, 5, 0))  # dice in another order than any listed move
    assert hand not in listed
    t = s.apply(0, hand)
    assert any(s.apply(0, m).pos == t.pos for m in listed)


def test_move_str_is_readable():
    assert str(move((5, 5, 3, 4), (10, 10, 0, 1), (7, 7, 2, 3))) == "use 5+5 on 10, 3+4 on 7"
    assert str(move((6, 6, 5, 1), (17, 7, 0, 1, 2))) == "use 6+6+5: goat 7 to spot 17"
    assert str(move((1, 2, 1, 2))) == "use no dice"


# ---------------------------------------------------------------- views


def test_view_hides_only_the_future_dice():
    s = R.new_game(3, 9).apply(0, R.Roll())
    v = s.view(1)
    assert v.rng.is_blank and v.pos == s.pos and v.dice == s.dice and v.log == s.log
    assert v.legal_actions(0) == s.legal_actions(0) and v.view(2) == v
    with pytest.raises(ValueError):
        v.apply(0, move(v.dice)).apply(1, R.Roll())


def test_prompt_says_what_to_do():
    s = R.new_game(2, 1)
    assert s.prompt(0) == "Roll the dice" and s.prompt(1).startswith("Wait")
    assert s.apply(0, R.Roll()).prompt(0) == "Group your dice and move"


def test_big_mountain_always_allowed_even_with_tokens_left():
    s = scenario(4, big=True, dice=(6, 5, 1, 1))
    assert all(t > 0 for t in s.supply)
    t = s.apply(0, move(s.dice, (11, 10, 0, 1)))
    assert at(t, 0, 10) == 11


# ---------------------------------------------------------------- invariants can fail


@pytest.mark.parametrize(
    "broken",
    [
        dict(pos={0: {9: 2}, 1: {9: 2}}),  # two goats on one summit
        dict(big=True, pos={0: {9: 15}, 1: {5: 15}}),  # two goats on one spot
        dict(supply={10: 0}),  # tokens vanished
        dict(tokens={0: {m: 1 for m in D.MOUNTAINS}}),  # a set without its bonus
    ],
)
def test_check_invariants_catches_broken_tables(broken):
    with pytest.raises(AssertionError):
        R.check_invariants(scenario(2, **broken))
    R.check_invariants(scenario(2, big=broken.get("big", False)))
