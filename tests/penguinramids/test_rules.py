"""Rule tests for Penguinramids, named after the rulebook's rules and the decisions in docs/games/penguinramids.md."""

from __future__ import annotations

import random

import attrs
import pytest

from boardgames_tui.engine import IllegalAction, Match, Pass
from boardgames_tui.games import GAMES
from boardgames_tui.games.penguinramids import data, rules
from boardgames_tui.games.penguinramids.data import GOALS, GREY, PENGUINS, Built
from boardgames_tui.games.penguinramids.rules import (
    HIDDEN,
    ChooseCard,
    Discard,
    EndTurn,
    Flip,
    Place,
    PlaceToken,
    Recover,
    Swap,
    Take,
    TakeChief,
    TakeToken,
)

from .conftest import choose_all, turn_state

R2_22, R2_21, R2_12 = 3, 5, 6  # Red weight 2 with arms 2|2, 2|1, 1|2
R1_22, R3_22, R3_21, R3_12, R4_11, R5_11 = 0, 8, 9, 10, 11, 12
Y4_11, B4_11, P4_11 = 37, 24, 50
B5_11, Y1_22 = 25, 26
WEAK_BASE = {0: R4_11, 1: Y4_11, 2: B4_11, 3: P4_11}  # every support is 1+1 = 2


# ---- setup -------------------------------------------------------------------


def test_setup_youngest_holds_chief_five_cards_three_goals_one_penguin_per_player():
    for n in (2, 3, 4):
        st = rules.new_game(n, 5)
        assert st.chief == 0
        assert st.hands == ((1, 2, 3, 4, 5),) * n
        assert len(st.goals) == 3 and len(set(st.goals)) == 3
        assert len(st.revealed) == n and len(st.deck) == 52 - n
        assert st.to_move == tuple(range(n)) and st.phase == "choose"
        rules.check_invariants(st)


def test_setup_forbidden_player_count():
    with pytest.raises(ValueError, match="2-4 players"):
        rules.new_game(5, 0)
    with pytest.raises(ValueError):
        GAMES["penguinramids"].new_game(1)


# ---- secret simultaneous choice --------------------------------------------------


def test_secret_choice_hidden_until_everyone_has_chosen():
    st = rules.new_game(3, 2)
    st = st.apply(1, ChooseCard(4))
    assert st.to_move == (0, 2)
    assert st.view(0).chosen == (0, HIDDEN, 0)
    assert st.view(1).chosen == (0, 4, 0)
    assert st.view(None).chosen[1] == HIDDEN
    assert all("card 4 (Recover)" not in e.render(["a", "b", "c"], 0) for e in st.view(0).log)
    assert any("you chose card 4 (Recover)" in e.render(["a", "b", "c"], 1) for e in st.view(1).log)
    st = st.apply(0, ChooseCard(2)).apply(2, ChooseCard(4))
    assert st.phase == "turn" and st.view(0).chosen == (2, 4, 4)
    assert "Cards revealed" in st.log[-1].text


def test_played_card_cannot_be_played_again():
    st = choose_all(rules.new_game(2, 1), (3, 5))
    assert 3 not in st.hands[0] and st.spent[0] == (3,)
    with pytest.raises(IllegalAction, match="not in your hand"):
        attrs.evolve(st, phase="choose", to_move=(0, 1), chosen=(0, 0)).apply(0, ChooseCard(3))


# ---- turn order ---------------------------------------------------------------------


def test_turn_order_lowest_number_first():
    assert rules.turn_order((4, 1, 3), 0, 3) == (1, 2, 0)


def test_tie_order_starts_from_chief_holder_clockwise():
    assert rules.turn_order((2, 2, 2, 2), 2, 4) == (2, 3, 0, 1)


def test_tie_order_nearest_tied_clockwise_when_chief_not_tied():
    # Chief is seat 1 (card 1); seats 0 and 3 tie on 2: seat 3 is nearer clockwise from 1.
    assert rules.turn_order((2, 1, 5, 2), 1, 4) == (1, 3, 0, 2)


def test_turn_order_fixed_at_reveal():
    st = choose_all(rules.new_game(3, 4), (3, 3, 1))
    assert st.order == (2, 0, 1) and st.to_move == (2,)


# ---- placing penguins ------------------------------------------------------------------


def test_first_penguin_anywhere_on_base():
    st = turn_state(revealed=(R5_11, R1_22))
    st = st.apply(0, Take(R5_11))
    assert st.legal_actions(0)[:4] == [Place(0), Place(1), Place(2), Place(3)]
    assert not any(isinstance(a, Place) and a.slot >= 4 for a in st.legal_actions(0))


def test_adjacency_on_the_base():
    st = turn_state(built={1: R2_22}, revealed=(R1_22, R5_11)).apply(0, Take(R1_22))
    places = [a.slot for a in st.legal_actions(0) if isinstance(a, Place)]
    assert places == [0, 2]
    assert st.slot_problem(0, 3) == "not next to a base penguin"
    with pytest.raises(IllegalAction, match="not next to a base penguin"):
        st.apply(0, Place(3))


def test_support_needs_both_penguins_below():
    st = turn_state(built={0: R2_22, 1: R2_21}, revealed=(R1_22, R5_11)).apply(0, Take(R1_22))
    assert st.slot_problem(0, 5) == "needs a penguin below on each side"
    assert st.slot_problem(0, 7) == "needs both penguins below"
    assert Place(4) in st.legal_actions(0)


def test_support_with_both_arms():
    # right arm of lower-left (2) + left arm of lower-right (2) = 4
    st = turn_state(built={0: R2_22, 1: R3_22}, revealed=(R4_11, R5_11))
    assert rules.support_of(st.pyramids[0], st.greys[0], st.tokens[0], 4) == 4
    st2 = st.apply(0, Take(R4_11))
    assert Place(4) in st2.legal_actions(0)
    st3 = st.apply(0, Take(R5_11))
    assert [a.slot for a in st3.legal_actions(0) if isinstance(a, Place)] == [2]
    assert st.slot_problem(0, 4, R5_11) == "needs 5 strength, has 4"


def test_support_counts_only_the_arms_facing_the_slot():
    # lower-left R3 2|1 gives its right arm 1; lower-right R2 1|2 gives its left arm 1
    st = turn_state(built={0: R3_21, 1: R2_12})
    assert rules.support_of(st.pyramids[0], st.greys[0], st.tokens[0], 4) == 2


def test_support_with_tokens():
    st = turn_state(built={0: R3_21, 1: R2_12}, tokens={(0, 1): 1}, revealed=(R3_22, R5_11))
    assert rules.support_of(st.pyramids[0], st.greys[0], st.tokens[0], 4) == 3
    st = st.apply(0, Take(R3_22)).apply(0, Place(4))
    assert st.pyramids[0][4] == R3_22
    assert "held by strength 3 for weight 3" in st.log[-1].text


def test_illegal_slot_explained():
    st = turn_state(built={0: R3_21, 1: R2_12}, revealed=(R3_22, R1_22)).apply(0, Take(R3_22))
    assert st.slot_problem(0, 4) == "needs 3 strength, has 2"
    with pytest.raises(IllegalAction, match="level 2, slot 1: needs 3 strength, has 2"):
        st.apply(0, Place(4))


def test_held_token_makes_a_penguin_placeable_then_placed():
    st = turn_state(built=WEAK_BASE, revealed=(R3_22, B5_11), held_tokens=1, card=3)
    legal = st.legal_actions(0)
    assert Take(R3_22) in legal and Take(B5_11) not in legal
    st = st.apply(0, Take(R3_22))
    legal = st.legal_actions(0)
    assert not any(isinstance(a, Place) for a in legal) and Discard() not in legal
    assert PlaceToken(0, "right") in legal
    st = st.apply(0, PlaceToken(0, "right"))
    assert st.held_tokens[0] == 0 and Place(4) in st.legal_actions(0)


def test_token_placement_offered_whenever_the_player_decides():
    st = turn_state(built={0: R2_22, 1: R2_22}, held_tokens=2, card=4, revealed=(R1_22, Y1_22))
    assert PlaceToken(0, "right") in st.legal_actions(0) and PlaceToken(1, "left") in st.legal_actions(0)
    assert PlaceToken(0, "left") not in st.legal_actions(0)  # an outer arm holds nothing
    st = st.apply(0, PlaceToken(0, "right"))
    assert st.to_move == (0,) and st.tokens[0][1] == 1
    st = st.apply(0, Take(R1_22))
    assert any(isinstance(a, PlaceToken) for a in st.legal_actions(0))
    st = st.apply(0, Place(2))
    assert any(isinstance(a, PlaceToken) for a in st.legal_actions(0))  # alongside the action
    st = st.apply(0, PlaceToken(1, "left"))
    assert st.tokens[0][2] == 1 and st.held_tokens[0] == 0


# ---- the five actions ---------------------------------------------------------------


def test_action_before_or_after_taking():
    st = turn_state(card=5, revealed=(R1_22, Y1_22))
    before = st.apply(0, TakeToken())
    assert before.held_tokens[0] == 1 and before.to_move == (0,)
    assert not any(isinstance(a, TakeToken) for a in before.legal_actions(0))
    done = before.apply(0, Take(R1_22)).apply(0, Place(0))
    # the held token could still go on the right arm of the new base penguin
    assert done.to_move == (0,) and done.legal_actions(0) == [PlaceToken(0, "right"), EndTurn()]
    assert done.apply(0, EndTurn()).to_move == (1,)
    after = st.apply(0, Take(R1_22)).apply(0, Place(0))
    assert after.to_move == (0,) and after.legal_actions(0)[:2] == [TakeToken(), Pass()]
    assert after.apply(0, TakeToken()).to_move == (0,)  # the new token may still go on an arm
    assert after.apply(0, Pass()).to_move == (1,)
    empty = turn_state(card=5, revealed=(R1_22, Y1_22), supply=0)
    assert empty.apply(0, Take(R1_22)).apply(0, Place(0)).to_move == (1,)  # no token: ends by itself


def test_chief_taken_counts_from_next_round():
    st = choose_all(rules.new_game(2, 3), (2, 1))  # seat 1 plays 1: first
    assert st.order == (1, 0)
    st = st.apply(1, TakeChief())
    assert st.chief == 1
    assert st.order == (1, 0)  # this round's order is unchanged
    while st.phase == "turn":
        seat = st.to_move[0]
        st = st.apply(seat, st.legal_actions(seat)[0])
    st = choose_all(st, (3, 3))
    assert st.order == (1, 0)  # tie broken from the new holder


def test_chief_taken_by_several_players_last_keeps_it():
    st = choose_all(rules.new_game(3, 3), (1, 1, 1))
    assert st.order == (0, 1, 2)
    seen = []
    while st.phase == "turn":
        seat = st.to_move[0]
        if TakeChief() in st.legal_actions(seat):
            st = st.apply(seat, TakeChief())
            seen.append(st.chief)
        else:
            st = st.apply(seat, st.legal_actions(seat)[0])
    assert seen == [1, 2] and st.chief == 2  # seat 0 already held it: nothing to do


def test_flip_to_grey_side():
    st = turn_state(card=2, built={0: R2_22, 1: R3_22}, revealed=(R1_22, Y1_22))
    assert st.flippable(0) == (0, 1)
    st = st.apply(0, Flip(1))
    assert st.greys[0][1] and st.level_scores(0)[0] == 4  # grey weight 4
    assert "now grey 4" in st.log[-1].text
    assert not any(isinstance(a, Flip) for a in st.legal_actions(0))


def test_flip_the_penguin_taken_this_turn_after_placing():
    st = turn_state(card=2, revealed=(R3_22, Y1_22))
    st = st.apply(0, Take(R3_22))
    assert not any(isinstance(a, Flip) for a in st.legal_actions(0))
    st = st.apply(0, Place(2))
    assert Flip(2) in st.legal_actions(0)
    st = st.apply(0, Flip(2))
    assert st.greys[0][2] and st.to_move == (1,)


def test_grey_flip_refused_when_it_would_drop_a_penguin_above():
    # R2 2|2 turns grey 3 2|1: its right arm drops to 1, 1+2 = 3 < weight 4 above.
    st = turn_state(card=2, built={0: R2_22, 1: R3_22, 4: R4_11})
    assert 0 not in st.flippable(0) and 1 in st.flippable(0)
    assert "drop the penguin on level 2, slot 1" in st.flip_problem(0, 0)
    with pytest.raises(IllegalAction, match="cannot flip level 1, slot 1"):
        st.apply(0, Flip(0))


def test_grey_flip_refused_when_grey_side_too_heavy_for_the_arms_below():
    st = turn_state(card=2, built={0: R2_22, 1: R2_12, 4: R3_21})
    assert 4 not in st.flippable(0)
    assert st.flip_problem(0, 4) == "grey side weighs 5, the arms below hold 3"


def test_swap_sends_old_card_to_the_bottom():
    st = turn_state(card=3, revealed=(R1_22, Y1_22))
    top = st.deck[0]
    after = st.apply(0, Swap(Y1_22))
    assert after.revealed == (R1_22, top)
    assert after.deck[-1] == Y1_22 and after.deck[0] == st.deck[1]
    assert len(after.deck) == len(st.deck)
    assert st.is_barrier(0, Swap(Y1_22), after)
    rules.check_invariants(after)


def test_swap_only_before_taking():
    st = turn_state(card=3, revealed=(R1_22, Y1_22)).apply(0, Take(R1_22))
    assert not any(isinstance(a, Swap) for a in st.legal_actions(0))
    st = st.apply(0, Place(0))
    assert st.to_move == (1,)  # swap can do nothing more: the turn ends


def test_recovery_takes_back_all_played_cards_including_this_one():
    st = turn_state(card=4, revealed=(R1_22, Y1_22))
    st = attrs.evolve(st, hands=((1, 5), (1, 2, 3, 4)), spent=((2, 3, 4), (5,)))
    st = st.apply(0, Recover())
    assert st.hands[0] == (1, 2, 3, 4, 5) and st.spent[0] == ()


def test_empty_hand_takes_cards_back_next_round():
    st = turn_state(card=5, revealed=(R1_22, Y1_22))
    st = attrs.evolve(st, hands=((), (1, 2, 3, 4)), spent=((1, 2, 3, 4, 5), (5,)), supply=0)
    st = st.apply(0, Take(R1_22)).apply(0, Place(0))
    st = st.apply(1, st.legal_actions(1)[0])
    while st.to_move == (1,):
        st = st.apply(1, st.legal_actions(1)[-1])
    assert st.phase == "choose" and st.hands[0] == (1, 2, 3, 4, 5) and st.spent[0] == ()
    assert "takes back all played cards" in st.log[-1].text


def test_tokens_running_out():
    st = turn_state(card=5, revealed=(R1_22, Y1_22), supply=0)
    assert not any(isinstance(a, TakeToken) for a in st.legal_actions(0))
    st = st.apply(0, Take(R1_22)).apply(0, Place(0))
    assert st.to_move == (1,)  # nothing left to take: the turn ends
    st1 = turn_state(card=5, revealed=(R1_22, Y1_22), supply=1).apply(0, TakeToken())
    assert st1.supply == 0 and st1.held_tokens[0] == 1
    assert "0 left" in st1.log[-1].text


# ---- no legal placement -----------------------------------------------------------


def test_must_take_a_penguin_that_fits_when_one_does():
    st = turn_state(built=WEAK_BASE, revealed=(R1_22, B5_11))
    assert [a for a in st.legal_actions(0) if isinstance(a, Take)] == [Take(R1_22)]
    with pytest.raises(IllegalAction, match="fits nowhere"):
        st.apply(0, Take(B5_11))


def test_no_legal_placement_take_any_and_discard():
    st = turn_state(built=WEAK_BASE, revealed=(R5_11, B5_11), card=3)
    assert st.legal_actions(0)[:2] == [Take(R5_11), Take(B5_11)]
    after = st.apply(0, Take(B5_11))
    assert B5_11 in after.discard and after.to_move == (1,)
    assert "discarded" in after.log[-1].text
    rules.check_invariants(after)


def test_no_legal_placement_after_wasting_held_tokens_discards():
    st = turn_state(built=WEAK_BASE, revealed=(R3_22, B5_11), held_tokens=1)
    st = st.apply(0, Take(R3_22))
    st = attrs.evolve(st, held_tokens=(0, 0), tokens=((1,) + st.tokens[0][1:], st.tokens[1]))
    assert st.legal_actions(0) == [Discard()]
    assert R3_22 in st.apply(0, Discard()).discard


# ---- rounds, scoring, goals, tie-break -----------------------------------------------


def _play_out(state, rnd):
    while not state.is_terminal:
        seat = state.to_move[0]
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    return state


def test_ten_rounds_then_the_game_ends():
    st = rules.new_game(3, 11)
    rounds = 1
    rnd = random.Random(3)
    while not st.is_terminal:
        seat = st.to_move[0]
        before = st.round
        st = st.apply(seat, rnd.choice(st.legal_actions(seat)))
        rounds += st.round != before
    assert rounds == 10 and st.round == 10 and st.to_move == ()
    for s in range(3):
        assert sum(1 for p in st.pyramids[s] if p >= 0) <= 10
    assert sum(1 for pyr in st.pyramids for p in pyr if p >= 0) + len(st.discard) == 30


def _full_pyramid_state(goals=(0, 1, 2)):
    # Red base 5,2,2,2 ; level 2: R3 2|2, Y2, Y1 ; level 3: Y1, Y2 ; top Y1
    st = turn_state(
        players=2,
        built={0: 12, 1: 3, 2: 4, 3: 7, 4: 8, 5: 29, 6: 26, 7: 27, 8: 33, 9: 28},
    )
    return attrs.evolve(st, goals=goals, phase="over", to_move=(), order=())


def test_scoring_heaviest_per_level_plus_goals():
    st = _full_pyramid_state(goals=(4, 5, 6))  # Neighbours, Heavy Crown, Solid Base
    assert st.level_scores(0) == (5, 3, 2, 1)
    b = st.built(0)
    assert data._neighbours(b) and not data._heavy_crown(b) and not data._solid_base(b)  # base 11
    assert st.goals_met(0) == (4,)
    assert st.scores()[0] == 5 + 3 + 2 + 1 + 3
    out = st.outcome()
    assert "Heaviest per level (base up): 5 + 3 + 2 + 1 = 11" in out.breakdown[0]
    assert "Goal Neighbours: +3" in out.breakdown[0]
    assert "Total: 14" in out.breakdown[0]


def test_scoring_grey_counts_grey_weight():
    st = _full_pyramid_state(goals=(7, 8, 9))
    st = attrs.evolve(st, greys=(tuple(i == 9 for i in range(10)), st.greys[1]))
    assert st.level_scores(0)[3] == PENGUINS[28].grey_weight
    assert 8 in st.goals_met(0)  # Grey Heights


def _built(colours, weights=None, tokens=0):
    weights = weights or [2] * 10
    return Built(tuple(colours), tuple(weights), tokens, 0)


R, B, Y, P, G = 0, 1, 2, 3, GREY
GOAL_CASES = {
    "Rainbow": ([R, B, Y, P, R, R, R, R, R, R], [R, B, Y, R, R, R, R, R, R, G]),
    "Royal Colour": ([R, R, R, R, R, B, Y, P, B, Y], [R, R, R, R, G, B, Y, P, B, Y]),
    "Family Triangle": ([B, Y, Y, P, R, Y, B, R, P, R], [B, Y, R, P, R, Y, B, R, P, R]),
    "Twin Peaks": ([R, B, Y, P, R, B, Y, P, P, R], [R, B, Y, P, R, B, Y, G, G, R]),
    "Neighbours": ([R, B, B, P, R, B, Y, P, Y, R], [R, B, R, B, R, R, R, R, R, R]),
    "Grey Guard": ([G, B, Y, G, R, B, Y, P, Y, R], [G, B, Y, P, R, B, Y, P, Y, R]),
    "Grey Heights": ([R, B, Y, P, R, B, Y, P, Y, G], [G, G, G, G, R, B, Y, P, Y, R]),
}


@pytest.mark.parametrize("goal", GOALS, ids=lambda g: g.name)
def test_every_goal_card(goal):
    if goal.name in GOAL_CASES:
        yes, no = GOAL_CASES[goal.name]
        assert goal.test(_built(yes)) and not goal.test(_built(no))
    elif goal.name == "Heavy Crown":
        assert goal.test(_built([R] * 10, [1] * 9 + [3]))
        assert not goal.test(_built([R] * 10, [5] * 9 + [2]))
        assert not goal.test(Built((R,) * 9 + (None,), (5,) * 9 + (None,), 0, 0))
    elif goal.name == "Solid Base":
        assert goal.test(_built([R] * 10, [5, 3, 3, 3] + [1] * 6))
        assert not goal.test(_built([R] * 10, [5, 3, 3, 2] + [5] * 6))
    elif goal.name == "Strongman":
        assert goal.test(_built([R] * 10, tokens=2)) and not goal.test(_built([R] * 10, tokens=1))
    else:  # pragma: no cover - every goal has a case
        pytest.fail(f"no test for goal {goal.name}")
    assert 2 <= goal.points <= 5


def test_goal_scored_by_several_players():
    st = _full_pyramid_state(goals=(4, 5, 6))
    st = attrs.evolve(st, pyramids=(st.pyramids[0], st.pyramids[0]))
    assert st.goals_met(0) == st.goals_met(1) == (4,)
    assert st.scores()[0] == st.scores()[1]


def test_final_tie_break_chief_holder_wins():
    st = _full_pyramid_state()
    st = attrs.evolve(st, pyramids=(st.pyramids[0], st.pyramids[0]), chief=1)
    assert st.scores()[0] == st.scores()[1] and st.winners() == (1,)
    assert "B holds the Chief Penguin" in st.outcome().tiebreak


def test_final_tie_break_nearest_clockwise_from_chief():
    st = turn_state(players=3, built={0: 12, 1: 3, 2: 4, 3: 7})
    pyr = st.pyramids[0]
    st = attrs.evolve(st, pyramids=(pyr, pyr, rules._empty_pyr()), chief=2, phase="over", to_move=())
    assert st.scores()[0] == st.scores()[1] > st.scores()[2]
    assert st.winners() == (0,)
    assert "nearest clockwise" in st.outcome().tiebreak


def test_no_tie_no_tie_break():
    st = _full_pyramid_state()
    assert st.winners() == (0,) and st.outcome().tiebreak == ""


# ---- views, undo, messages, harness hooks -----------------------------------------


def test_view_hides_deck_order_and_blanks_the_generator():
    st = rules.new_game(2, 9)
    v = st.view(0)
    assert set(v.deck) == {HIDDEN} and len(v.deck) == len(st.deck)
    assert v.rng.is_blank and v.legal_actions(0) == st.legal_actions(0)


def test_undo_never_takes_back_a_move_the_table_watched():
    """docs/architecture.md, Undo barriers: after the reveal every turn is played in front of everyone
    (no curtain), so neither the reveal nor a penguin taken can be taken back."""
    match = Match.new("penguinramids", ["A", "B"], 5)
    match.play(0, ChooseCard(3))
    assert not match.can_undo()  # A's card is in: the keyboard passes to B
    match.play(1, ChooseCard(4))
    assert not match.can_undo()  # the reveal
    match.play(0, Take(match.state.revealed[0]))
    assert not match.can_undo()  # the whole table saw the penguin taken


def test_a_swap_is_marked_as_a_barrier_by_the_rules():
    """Rulebook acción 3: the swap shows the deck top; the rules mark it (barrier_count)."""
    match = Match.new("penguinramids", ["A", "B"], 5)
    match.play(0, ChooseCard(3))
    match.play(1, ChooseCard(4))
    before = match.state
    match.play(0, Swap(before.revealed[1]))
    assert match.state.barrier_count == before.barrier_count + 1
    assert not match.can_undo()


def test_illegal_action_messages_are_for_players():
    st = turn_state(card=3, revealed=(R1_22, Y1_22))
    with pytest.raises(IllegalAction, match="take a penguin first"):
        st.apply(0, Place(0))
    with pytest.raises(IllegalAction, match="your card this round is 3"):
        st.apply(0, TakeChief())
    with pytest.raises(IllegalAction, match="not seat B's decision"):
        st.apply(1, Take(R1_22))


def test_redeal_hidden_changes_another_seats_pending_choice_and_the_deck():
    st = rules.new_game(3, 6).apply(1, ChooseCard(5))
    changed_choice = changed_deck = False
    for k in range(20):
        other = rules.redeal_hidden(st, 0, random.Random(k))
        assert other.view(0) == st.view(0)
        changed_choice |= other.chosen[1] != 5
        changed_deck |= other.deck != st.deck
        assert other.chosen[0] == 0 and other.chosen[1] in st.hands[1]
        assert f"you chose card {other.chosen[1]} " in other.log[-1].private[1]
    assert changed_choice and changed_deck


def test_simulation_stats_keys():
    st = _play_out(rules.new_game(2, 4), random.Random(1))
    stats = rules.simulation_stats(st)
    assert 0 <= stats["pyramid complete (share)"] <= 1
    assert all(f"goal hit: {g.name}" in stats for g in GOALS)
    assert stats["final score (mean)"] == sum(st.scores()) / 2


def test_apply_accepts_exactly_the_legal_actions():
    universe = (
        [ChooseCard(c) for c in range(0, 7)]
        + [Take(p) for p in range(0, 52, 3)]
        + [Place(s) for s in range(-1, 11)]
        + [Flip(s) for s in range(10)]
        + [Swap(p) for p in range(0, 52, 5)]
        + [PlaceToken(s, arm) for s in range(10) for arm in ("left", "right")]
        + [Discard(), TakeChief(), Recover(), TakeToken(), Pass()]
    )
    rnd = random.Random(8)
    for game in range(6):
        st = rules.new_game(2 + game % 3, 100 + game)
        steps = 0
        while not st.is_terminal and steps < 120:
            seat = st.to_move[0]
            legal = st.legal_actions(seat)
            for a in universe + legal:
                if a in legal:
                    continue
                with pytest.raises(IllegalAction) as info:
                    st.apply(seat, a)
                assert str(info.value)
            st = st.apply(seat, rnd.choice(legal))
            steps += 1


# ---- fixes after the first table test ----------------------------------------------


def test_reveal_is_an_undo_barrier_when_the_last_to_choose_moves_first():
    """Rulebook: the cards are revealed together; nobody takes a choice back after seeing them."""
    st = rules.new_game(3, 5)
    st = st.apply(1, ChooseCard(4)).apply(2, ChooseCard(5))
    after = st.apply(0, ChooseCard(1))  # seat A chooses last and plays first
    assert after.phase == "turn" and after.to_move == st.to_move == (0,)
    assert st.is_barrier(0, ChooseCard(1), after)
    match = Match.new("penguinramids", ["A", "B", "C"], 5)
    match.play(1, ChooseCard(4))
    match.play(2, ChooseCard(5))
    match.play(0, ChooseCard(1))
    assert not match.can_undo()


def test_held_token_is_offered_after_the_action_is_used():
    """Table notes: the turn does not end by itself while a held token could go on an arm."""
    st = turn_state(card=4, built={0: R2_22, 1: R2_22 + 1}, revealed=(R1_22, Y1_22), held_tokens=2)
    st = st.apply(0, Recover()).apply(0, Take(R1_22)).apply(0, Place(2))
    acts = st.legal_actions(0)
    assert acts[-1] == EndTurn() and all(isinstance(a, PlaceToken) for a in acts[:-1]) and acts[:-1]
    assert st.prompt(0) == "Put strength tokens on arms or end your turn"
    one = st.apply(0, acts[0])
    assert one.to_move == (0,) and one.held_tokens[0] == 1
    two = one.apply(0, one.legal_actions(0)[0])
    assert two.held_tokens[0] == 0 and two.to_move == (1,)  # last token placed: the turn ends
    ended = st.apply(0, EndTurn())
    assert ended.to_move == (1,) and ended.held_tokens[0] == 2
    assert "ends the turn keeping 2 strength tokens" in ended.log[-1].text
    with pytest.raises(IllegalAction):
        turn_state(card=4).apply(0, EndTurn())


def test_token_taken_after_the_last_penguin_of_the_game_can_be_placed():
    """Rulebook: acción 5; a token taken after the last penguin still counts on the pyramid."""
    built = {
        i: p
        for i, p in enumerate((R2_22, R2_22 + 1, R2_22 + 2, R2_22 + 3, R1_22, R1_22 + 1, R1_22 + 2, 13, 14))
    }
    st = turn_state(players=2, card=5, built=built, revealed=(26, 27), round=data.ROUNDS)
    st = attrs.evolve(st, order=(0, 1), turn=1, to_move=(0,), chosen=(5, 5))  # A is the last to play
    st = st.apply(0, Take(26))
    slot = st.legal_actions(0)[0]
    assert isinstance(slot, Place)
    st = st.apply(0, slot).apply(0, TakeToken())
    assert not st.is_terminal and st.legal_actions(0)[-1] == EndTurn()
    final = st.apply(0, st.legal_actions(0)[0])
    assert final.is_terminal and sum(final.tokens[0]) == 1


def test_chief_taken_in_the_last_round_only_decides_ties():
    st = turn_state(card=1, chief=1, round=data.ROUNDS)
    text = st.apply(0, TakeChief()).log[-1].text
    assert "last round" in text and "next round" not in text
    early = turn_state(card=1, chief=1, round=3).apply(0, TakeChief()).log[-1].text
    assert "counts from next round" in early


def test_legal_actions_have_no_duplicates_with_tokens_held_after_placing():
    st = turn_state(card=2, built={0: R2_22, 1: R2_22 + 1}, revealed=(R1_22, Y1_22), held_tokens=1)
    st = st.apply(0, Take(R1_22)).apply(0, Place(2))
    acts = st.legal_actions(0)
    assert len(acts) == len(set(acts)) and Pass() in acts and any(isinstance(a, Flip) for a in acts)


def test_outcome_breakdown_draws_each_final_pyramid():
    st = turn_state(
        players=2,
        built={0: R2_22, 1: R2_22 + 1, 2: R3_22, 4: R1_22, 7: R1_22 + 2},
        tokens={(0, 1): 1},
        greys={7: True},
    )
    lines = st.outcome().breakdown[0]
    i = lines.index("Pyramid, 5/10 penguins, top first:")
    assert lines[i + 1 : i + 5] == ("     ..", "   g3 ..", "  R1 .. ..", "R2+R2 R3 ..")
    assert "Tokens: 1 on arms (the + marks), 0 held" in lines
    assert lines[-1] == f"Total: {st.scores()[0]}"
    assert "Pyramid, 0/10 penguins, top first:" in st.outcome().breakdown[1]


def test_skipping_the_action_ends_the_turn_even_with_tokens_held():
    """Pass is listed as 'skip the action, end the turn' beside the token placements."""
    st = turn_state(card=2, built={0: R2_22, 1: R2_22 + 1}, revealed=(R1_22, Y1_22), held_tokens=1)
    st = st.apply(0, Take(R1_22)).apply(0, Place(2))
    assert Pass() in st.legal_actions(0) and any(isinstance(a, PlaceToken) for a in st.legal_actions(0))
    after = st.apply(0, Pass())
    assert after.to_move == (1,) and after.held_tokens[0] == 1
    assert "does not use card 2 and ends the turn" in after.log[-1].text


def test_every_state_of_a_played_game_carries_a_phase_member():
    """Phases are typed: every state the rules derive holds a Phase, and a game goes through all three."""
    rnd = random.Random(3)
    st = rules.new_game(3, seed=3)
    seen = set()
    while True:
        assert type(st.phase) is rules.Phase, st.phase
        seen.add(st.phase)
        if st.is_terminal:
            break
        seat = st.to_move[0]
        st = st.apply(seat, rnd.choice(st.legal_actions(seat)))
    assert seen == set(rules.Phase)
