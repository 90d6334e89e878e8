"""Rule tests for Montaña Pingüino, named after the rulebook's rules and the decisions in docs/games/montana_pinguino.md.

Scenarios are built with attrs.evolve from a new game (see ``table``).
"""

from __future__ import annotations

import attrs
import pytest

from boardgames_tui.engine import IllegalAction, Pass
from boardgames_tui.games.montana_pinguino import data as D
from boardgames_tui.games.montana_pinguino import rules as R
from boardgames_tui.games.montana_pinguino.preview import preview
from boardgames_tui.games.montana_pinguino.rules import (
    DiscardItem,
    DrawItem,
    KeepItem,
    PlaceToken,
    PlayCard,
    PlayIglu,
    PlayNoMore,
    PlayTormenta,
    Recover,
    Reduce,
    Target,
)

# The scenario helpers (table, play, card_with, ...) live in conftest.py: test_preview.py uses them too.
from .conftest import box_at, card_with, filler, item, log_text, play, table

# --------------------------------------------------------------------------
# Setup


def test_setup_runners_hands_of_five_and_start_position():
    st = R.new_game(4, seed=3)
    assert sorted(st.characters) == sorted(D.CHARACTERS)
    for s in range(4):
        assert len(st.hand[s]) == 5 and len(st.deck[s]) == 6
        assert st.position[s] == 0 and st.box[s] == 0 and st.health[s] == 4
    assert st.phase == R.Phase.PLAY and set(st.to_move) == {0, 1, 2, 3}
    assert st.order[0] == st.first


def test_setup_advanced_sides_heavy_and_light():
    st = R.new_game(4, seed=3, advanced_sides=True)
    for s, c in enumerate(st.characters):
        if c in ("Jimy", "Doffy"):
            assert st.sides[s] == D.HEAVY and st.health[s] == 5
        else:
            assert st.sides[s] == D.LIGHT and st.health[s] == 3
    assert D.SIDES[D.HEAVY].boxes == (5, 5, 4, 4) and D.SIDES[D.LIGHT].boxes == (3, 3, 4, 4)


def test_track_setup_beginner_cards_in_fixed_order():
    st = R.new_game(2, seed=5)
    assert st.track == D.BEGINNER_TRACK and len(st.track) == 7 and st.length == 14
    assert all(D.TRACK_CARDS[t].beginner for t in st.track)


def test_track_setup_random_track_and_more_cards():
    a = R.new_game(2, seed=5, random_track=True)
    b = R.new_game(2, seed=6, random_track=True)
    assert len(set(a.track)) == 7 and a.track != b.track
    long = R.new_game(2, seed=5, track_cards=9)
    assert long.track[:7] == D.BEGINNER_TRACK and long.length == 18
    with pytest.raises(ValueError):
        R.new_game(5, seed=1)


def test_main_runner_starts_and_characters_dealt_by_seed():
    firsts = {R.new_game(3, seed=s).first for s in range(20)}
    assert firsts == {0, 1, 2}
    assert R.new_game(3, seed=4) == R.new_game(3, seed=4)


# --------------------------------------------------------------------------
# Support Phase 1.1: items


def test_no_item_cards_in_the_first_round():
    st = R.new_game(3, seed=2)
    assert st.round == 1 and st.phase == R.Phase.PLAY and all(not i for i in st.items)


def _to_round_two(st):
    """Play a whole first round with everyone's first legal card and no second card."""
    start = st.round
    while st.phase == R.Phase.PLAY and st.round == start:
        seat = st.to_move[0]
        st = play(st, seat, st.hand[seat][0])
        while st.phase == R.Phase.ACTIVATE and st.to_move:
            st = st.apply(st.to_move[0], st.legal_actions(st.to_move[0])[-1])
    return st


def test_item_draw_in_turn_order_from_the_first_runner():
    st = table(("Doffy", "Jimy", "Kay"), purist=False, first=1, position=(0, 0, 0))
    st = _to_round_two(st)
    assert st.round == 2 and st.phase == R.Phase.DRAW
    assert st.first == 2 and st.to_move == (st.order[0],) == (2,)


def test_last_place_draws_three_and_keeps_one_in_secret():
    st = table(("Doffy", "Jimy"), purist=False, round=2, position=(3, 5))
    st = attrs.evolve(st, phase=R.Phase.DRAW, to_move=(0,))
    st = st.apply(0, DrawItem())
    assert st.phase == R.Phase.KEEP and len(st.drawn) == 3
    assert st.view(1).drawn == (D.HIDDEN,) * 3 and st.view(0).drawn == st.drawn
    keep = st.legal_actions(0)[-1].card
    st2 = st.apply(0, KeepItem(keep))
    assert st2.items[0] == (keep,)
    assert set(st2.item_discard) == set(st.drawn) - {keep}
    assert st2.view(1).items[0] == (D.HIDDEN,)
    # the next runner (not last) draws just one
    assert st2.to_move == (1,)
    st3 = st2.apply(1, DrawItem())
    assert len(st3.items[1]) == 1


def test_item_limit_of_two_discard_extra():
    held = (item(D.ALETON), item(D.REPARAR))
    st = table(("Doffy", "Jimy"), purist=False, round=2, position=(5, 3), items=(held, ()))
    st = attrs.evolve(st, phase=R.Phase.DRAW, to_move=(0,))
    st = st.apply(0, DrawItem())
    assert st.phase == R.Phase.LIMIT and len(st.items[0]) == 3 and st.to_move == (0,)
    with pytest.raises(IllegalAction):
        st.apply(0, DrawItem())
    st = st.apply(0, DiscardItem(item(D.ALETON)))
    assert len(st.items[0]) == 2 and item(D.ALETON) in st.item_discard
    assert st.to_move == (1,)


def test_empty_item_deck_reshuffles_discard_pile():
    st = table(("Doffy", "Jimy"), purist=False, round=2, position=(5, 3))
    st = attrs.evolve(st, phase=R.Phase.DRAW, to_move=(0,), item_discard=st.item_deck, item_deck=())
    st = st.apply(0, DrawItem())
    assert len(st.items[0]) == 1 and len(st.item_deck) == len(D.ITEM_IDS) - 1
    assert "shuffled" in log_text(st)


def test_purist_mode_has_no_item_deck():
    st = R.new_game(3, seed=1, purist=True)
    st = _to_round_two(st)
    assert st.item_deck == () and st.phase == R.Phase.PLAY and st.round == 2


# --------------------------------------------------------------------------
# Support Phase 1.2: secret play


def test_secret_play_hidden_until_all_have_played():
    st = table()
    c = st.hand[0][0]
    st = play(st, 0, c)
    assert st.phase == R.Phase.PLAY and st.to_move == (1,)
    assert st.view(1).played[0] == ((D.HIDDEN, 0),)
    assert st.view(0).played[0] == ((c, 0),)
    st = play(st, 1, st.hand[1][0])
    assert st.phase != R.Phase.PLAY or st.round == 2
    assert "reveals" in log_text(st)


def test_left_card_is_mandatory_right_card_optional():
    st = table()
    assert PlayNoMore() not in st.legal_actions(0)
    st = st.apply(0, PlayCard(st.hand[0][0]))
    assert PlayNoMore() in st.legal_actions(0)
    with pytest.raises(IllegalAction, match="not in your hand"):
        st.apply(0, PlayCard(D.deck_of("Kay")[0]))


def test_immediate_items_are_not_played_face_down():
    st = table(purist=False, items=((item(D.IGLU), item(D.ALETON)), ()))
    acts = st.legal_actions(0)
    assert PlayCard(item(D.ALETON)) in acts and PlayCard(item(D.IGLU)) not in acts
    with pytest.raises(IllegalAction, match="immediate"):
        st.apply(0, PlayCard(item(D.IGLU)))


def test_double_card_offers_both_orientations():
    dbl = next(c for c in D.deck_of("Doffy") if D.ACTION_CARDS[c].is_double)
    st = table(hands=((dbl,), D.deck_of("Jimy")[:5]))
    assert PlayCard(dbl, 0) in st.legal_actions(0) and PlayCard(dbl, 1) in st.legal_actions(0)


def test_double_card_played_upside_down_does_nothing():
    # Rulebook 1.2 example: Doffy at orange; the card's upper half is green-yellow.
    dbl = card_with("Doffy", (D.ACCEL, 2), levels="GY", double=True)
    assert D.LEVEL_LETTERS.index("O") in D.ACTION_CARDS[dbl].halves[1].levels
    st = table(hands=((dbl,), D.deck_of("Jimy")[:5]), box=(box_at(D.ORANGE), 0), position=(3, 3))
    wrong = play(play(st, 0, dbl, half=0), 1, filler("Jimy"))
    assert "speed orange is outside its range" in log_text(wrong)
    assert wrong.box[0] >= box_at(D.ORANGE)  # no +2 but track may add
    assert "P0's left card Doffy" in log_text(wrong) and "does nothing" in log_text(wrong)
    right = play(play(st, 0, dbl, half=1), 1, filler("Jimy"))
    assert f"P0's {D.card_name(dbl)} acts: orange: +1 conduction" in log_text(right)
    assert "P1 takes 1 damage from P0's" in log_text(right)


def test_action_card_only_activates_within_its_speed_range():
    plus2 = card_with("Doffy", (D.ACCEL, 2), levels="GY", double=False)
    st = table(hands=((plus2,), D.deck_of("Jimy")[:5]), box=(box_at(D.ORANGE), 0), position=(0, 9))
    st = play(play(st, 0, plus2), 1, filler("Jimy"))
    assert "outside its range" in log_text(st)


# --------------------------------------------------------------------------
# Support Phase 1.3 and Impulse Phase


def test_doffy_plus_three_at_green_moves_one_section():
    # Rulebook 2.1 example: +3 (1 + 2) from the first box, still green: one section.
    one = card_with("Doffy", (D.ACCEL, 1), levels="G", double=False)
    two = card_with("Doffy", (D.ACCEL, 2), levels="GY", double=False)
    for advanced in (False, True):
        st = table(hands=((one, two), D.deck_of("Jimy")[:5]), advanced=advanced, position=(0, 9))
        st = play(play(st, 0, one, two), 1, filler("Jimy"))
        assert "P0 advances 1 section at green" in log_text(st)
        assert st.position[0] == 1


def test_activation_turn_order_from_the_main_runner_left_then_right():
    one = card_with("Doffy", (D.ACCEL, 1), levels="G", double=False)
    two = card_with("Doffy", (D.ACCEL, 2), levels="GY", double=False)
    j = card_with("Jimy", (D.ACCEL, 1), levels="GY")
    st = table(hands=((one, two), (j,)), first=1)
    st = play(play(st, 0, two, one), 1, j)
    text = log_text(st)
    assert text.index("P1's Jimy") < text.index("P0's Doffy 1") < text.index("P0's Doffy 2")


def test_speed_range_checked_after_the_left_card_acted():
    # Left +2 lifts Doffy from the top green box to yellow: a green-only right card then fails.
    one = card_with("Doffy", (D.ACCEL, 1), levels="G", double=False)
    two = card_with("Doffy", (D.ACCEL, 2), levels="GY", double=False)
    st = table(hands=((one, two), D.deck_of("Jimy")[:5]), box=(box_at(D.GREEN, 3), 0), position=(0, 9))
    st = play(play(st, 0, two, one), 1, filler("Jimy"))
    assert "Doffy 2 does nothing: speed yellow" in log_text(st)


def test_speed_check_conduction_lets_orange_through_a_yellow_curve():
    # Rulebook 2.2 example. Section 4 of the beginner track is a fast (yellow) curve.
    assert D.track_sections(D.BEGINNER_TRACK)[3].curve == D.FAST
    st = table(box=(box_at(D.ORANGE), 0), position=(1, 9), conduction=(1, 0))
    st = attrs.evolve(st, phase=R.Phase.ACTIVATE, order=(0, 1), cursor=2, to_move=())
    after = st._impulse_phase()
    assert after.position[0] == 4 and "P0 takes" not in log_text(after)
    no_cond = attrs.evolve(st, conduction=(0, 0))._impulse_phase()
    assert "P0 takes 1 damage from taking the fast curve on section 4 at orange" in log_text(no_cond)


def test_curve_damage_orange_one_red_two():
    # Rulebook: Damage in the Impulse Phase, example with a yellow-limit curve.
    base = table(position=(2, 12))
    for level, dmg in ((D.YELLOW, 0), (D.ORANGE, 1), (D.RED, 2)):
        st = attrs.evolve(base, box=(box_at(level), 0))
        hurt = st._section_hits(0, 4, level)
        assert hurt.health[0] == 4 - dmg


def test_slow_curve_limit_is_green():
    st = table()
    slow = next(i + 1 for i, sec in enumerate(st.sections) if sec.curve == D.SLOW)
    assert st._section_hits(0, slow, D.YELLOW).health[0] == 3  # slow curve, yellow: 1 over
    assert st._section_hits(0, slow, D.ORANGE).health[0] == 2
    assert st._section_hits(0, slow, D.GREEN).health[0] == 4


def test_tree_damage_at_orange_or_red_is_one():
    st = table()
    assert D.track_sections(D.BEGINNER_TRACK)[4].tree
    for level, dmg in ((D.GREEN, 0), (D.YELLOW, 0), (D.ORANGE, 1), (D.RED, 1)):
        assert st._section_hits(0, 5, level).health[0] == 4 - dmg
    cond = attrs.evolve(st, conduction=(1, 0))
    assert cond._section_hits(0, 5, D.ORANGE).health[0] == 4


def test_track_acceleration_pudu_plus_one_plus_one():
    # Rulebook 2.3 example: two sections of +1 each: +2 in total.
    st = table(("Pudú", "Kay"), box=(box_at(D.YELLOW), 0), position=(0, 9))
    st = attrs.evolve(st, phase=R.Phase.ACTIVATE, order=(0, 1), cursor=2, to_move=())
    after = st._impulse_phase()
    assert after.position[0] == 2
    assert "P0: +2 acceleration from the track" in log_text(after)


def test_impulse_uses_speed_level_at_start_of_advance():
    # Yellow on the last yellow box, entering +1 +1: still moves 2, then reaches orange.
    st = table(box=(box_at(D.YELLOW, 3), 0), position=(0, 9))
    after = attrs.evolve(st, phase=R.Phase.ACTIVATE, cursor=2, to_move=())._impulse_phase()
    assert after.position[0] == 2 and after.level(0) == D.ORANGE


def test_acceleration_capped_at_last_box_and_floored_at_first():
    st = table(box=(15, 0))
    assert st._accelerate(0, 3, "x").box[0] == 15
    assert st._accelerate(1, -3, "x").box[1] == 0


# --------------------------------------------------------------------------
# Damage and destruction


def test_sled_destruction_in_impulse_phase_no_track_acceleration():
    # Red into the slow curve of section 8 from section 4: 3 damage, health 2.
    st = table(box=(box_at(D.RED), 0), position=(4, 12), health=(2, 4))
    after = attrs.evolve(st, phase=R.Phase.ACTIVATE, cursor=2, to_move=())._impulse_phase()
    assert after.position[0] == 8  # the advance is completed
    assert after.box[0] == 0 and after.health[0] == 4
    assert "P0 gets no track acceleration" in log_text(after)
    assert after.one_card[0] and after.destructions[0] == 1


def test_destroyed_sled_draws_no_cards_and_plays_one_card_next_round():
    st = table(box=(box_at(D.RED), 0), position=(4, 12), health=(2, 4))
    st = play(play(st, 0, st.hand[0][0], st.hand[0][1]), 1, st.hand[1][0])
    assert st.round == 2
    assert len(st.hand[0]) == 3 and len(st.hand[1]) == 5
    assert st.one_card == (True, False)
    c = st.hand[0][0]
    st2 = st.apply(0, PlayCard(c))
    assert 0 not in st2.to_move and len(st2.played[0]) == 1


def test_sled_destruction_in_support_phase_other_card_still_acts():
    burst = card_with("Pudú", (D.ACCEL, 3), (D.HEART, 1), double=False)
    plus2 = card_with("Pudú", (D.ACCEL, 2), levels="GY")
    st = table(("Pudú", "Kay"), hands=((burst, plus2), D.deck_of("Kay")[:5]), health=(1, 3), position=(0, 9))
    st = play(play(st, 0, burst, plus2), 1, filler("Kay"))
    text = log_text(st)
    assert "P0's sled is destroyed" in text
    assert text.index("P0's sled is destroyed") < text.index("P0's Pudú 2 acts")
    # After destruction box 0, then +2 -> box 2 (green): moved 1 section, +1 of the track.
    assert st.position[0] == 1 and st.destructions[0] == 1


def test_damage_in_support_phase_checked_after_the_card():
    hit = card_with("Jimy", (D.ACCEL, 1), (D.HIT_SAME, 1))
    st = table(hands=(D.deck_of("Doffy")[:5], (hit,)), health=(1, 4), position=(3, 3))
    st = play(play(st, 0, filler("Doffy")), 1, hit)
    assert "P0 takes 1 damage from P1's Jimy" in log_text(st)
    assert st.destructions[0] == 1


def test_white_abilities_before_red():
    hit = card_with("Jimy", (D.ACCEL, 1), (D.HIT_SAME, 1))
    st = table(hands=(D.deck_of("Doffy")[:5], (hit,)), position=(3, 3))
    st = play(play(st, 0, filler("Doffy")), 1, hit)
    text = log_text(st)
    assert text.index("P1: +1 acceleration from Jimy") < text.index("P0 takes 1 damage")


def test_red_strike_needs_a_target_in_range():
    near = card_with("Doffy", (D.CONDUCTION, 1), (D.HIT_NEAR, 1))
    st = table(hands=((near,), D.deck_of("Jimy")[:5]), box=(box_at(D.YELLOW), 0), position=(3, 5))
    st = play(play(st, 0, near), 1, filler("Jimy"))
    assert "no opponent is in range" in log_text(st)
    st = table(hands=((near,), D.deck_of("Jimy")[:5]), box=(box_at(D.YELLOW), 0), position=(4, 5))
    st = play(play(st, 0, near), 1, filler("Jimy"))
    assert "P1 takes 1 damage from P0's Doffy" in log_text(st)


def test_strike_target_chosen_among_several():
    hit = card_with("Jimy", (D.ACCEL, 1), (D.HIT_SAME, 1))
    st = table(
        ("Jimy", "Doffy", "Kay"),
        hands=((hit,), D.deck_of("Doffy")[:5], D.deck_of("Kay")[:5]),
        position=(2, 2, 2),
    )
    st = play(play(play(st, 0, hit), 1, filler("Doffy")), 2, filler("Kay"))
    assert st.to_move == (0,) and st.legal_actions(0) == [Target(1), Target(2)]
    assert st.prompt(0) == "Choose the target"
    st = st.apply(0, Target(2))
    assert "P2 takes 1 damage from P0's Jimy" in log_text(st)


def test_reduce_x_minimum_one_and_recover_two_cards():
    rec2 = card_with("Jimy", (D.REDUCE_RECOVER2, 0))
    hand = (rec2,)
    st = table(
        ("Jimy", "Doffy"), hands=(hand, D.deck_of("Doffy")[:5]), box=(box_at(D.ORANGE, 1), 0), position=(0, 9)
    )
    disc = tuple(c for c in D.deck_of("Jimy") if c != rec2)[:3]
    st = attrs.evolve(
        st, discard=(disc, ()), deck=(tuple(c for c in st.deck[0] if c not in disc), st.deck[1])
    )
    st = play(play(st, 0, rec2), 1, filler("Doffy"))
    assert st.legal_actions(0) == [Reduce(x) for x in range(1, box_at(D.ORANGE, 1) + 1)]
    st = st.apply(0, Reduce(2))
    assert st.legal_actions(0) == [Recover(c) for c in sorted(disc)]
    st = st.apply(0, Recover(disc[0]))
    assert st.legal_actions(0) == [Recover(c) for c in sorted(disc[1:])]
    st = st.apply(0, Recover(disc[2]))
    assert disc[0] in st.hand[0] and disc[2] in st.hand[0]
    assert "-2 acceleration from Jimy" in log_text(st)


def test_reduce_at_first_box_cannot_be_carried_out():
    rec1 = card_with("Jimy", (D.REDUCE_RECOVER1, 0))
    st = table(("Jimy", "Doffy"), hands=((rec1,), D.deck_of("Doffy")[:5]), position=(0, 9))
    st = attrs.evolve(
        st,
        discard=((D.deck_of("Jimy")[0],), ()),
        deck=(tuple(c for c in st.deck[0] if c != D.deck_of("Jimy")[0]), st.deck[1]),
    )
    st = play(play(st, 0, rec1), 1, filler("Doffy"))
    assert "the marker is on the first box" in log_text(st)


def test_recover_needs_enough_cards_in_discard_pile():
    rec1 = card_with("Jimy", (D.REDUCE_RECOVER1, 0))
    st = table(("Jimy", "Doffy"), hands=((rec1,), D.deck_of("Doffy")[:5]), box=(3, 0), position=(0, 9))
    st = play(play(st, 0, rec1), 1, filler("Doffy"))
    assert "not enough cards in the discard pile" in log_text(st)


def test_reduce_and_shuffle_discard_pile_into_deck_at_end_of_round():
    shuf = card_with("Doffy", (D.REDUCE_SHUFFLE, 0))
    other = card_with("Doffy", (D.ACCEL, 1), levels="G", double=False)
    st = table(hands=((shuf, other), D.deck_of("Jimy")[:5]), box=(box_at(D.YELLOW, 1), 0), position=(0, 9))
    gone = [c for c in st.deck[0]][:2]
    st = attrs.evolve(
        st, discard=(tuple(gone), ()), deck=(tuple(c for c in st.deck[0] if c not in gone), st.deck[1])
    )
    st = play(play(st, 0, shuf, other), 1, filler("Jimy"))
    st = st.apply(0, Reduce(1))
    assert st.round == 2
    assert st.discard[0] == ()
    assert len(st.hand[0]) == 5 and len(st.deck[0]) == 11 - 5
    assert "P0 shuffles the discard pile into the action deck" in log_text(st)


# --------------------------------------------------------------------------
# Items and reactions


def test_iglu_blocks_damage_from_an_opponents_card():
    pez = item(D.PEZ)
    iglu = item(D.IGLU)
    st = table(purist=False, items=((pez,), (iglu,)), box=(0, box_at(D.ORANGE)), position=(0, 9))
    st = play(play(st, 0, pez), 1, filler("Jimy"))
    # Tormenta window first (Jimy holds none): pass
    assert st.stage == R.Stage.TORMENTA and st.legal_actions(1) == [Pass()]
    assert "Tormenta" in st.reaction_window
    st = st.apply(1, Pass())
    assert st.stage == R.Stage.IGLU and st.legal_actions(1) == [PlayIglu(), Pass()]
    assert "Iglú" in st.reaction_window
    blocked = st.apply(1, PlayIglu())
    assert "P1 plays Iglú" in log_text(blocked) and "P1 takes 1 damage" not in log_text(blocked)
    assert iglu in blocked.item_discard
    hit = st.apply(1, Pass())
    assert "P1 takes 1 damage from P0's Pez Espada" in log_text(hit)
    assert "P1: -3 acceleration from P0's Pez Espada" in log_text(hit)


def test_tormenta_de_nieve_cancels_an_opposing_item():
    can = item(D.CANINO)
    storm = item(D.TORMENTA)
    st = table(purist=False, items=((can,), (storm,)), position=(0, 9))
    st = play(play(st, 0, can), 1, filler("Jimy"))
    assert st.to_move == (1,) and st.legal_actions(1) == [PlayTormenta(), Pass()]
    st2 = st.apply(1, PlayTormenta())
    assert "P0's Escuadrón Canino is cancelled" in log_text(st2)
    assert "P0: +3 acceleration" not in log_text(st2)
    st3 = st.apply(1, Pass())
    assert "P0: +3 acceleration from Escuadrón Canino" in log_text(st3)


def test_reaction_window_asks_every_opponent_with_an_item_holding_the_reaction_or_not():
    # Item counts are public: runners without items cannot react and are not asked.
    can = item(D.CANINO)
    st = table(
        ("Doffy", "Jimy", "Kay"), purist=False, items=((can,), (item(D.ALETON),), ()), position=(0, 9, 9)
    )
    st = play(play(play(st, 0, can), 1, filler("Jimy")), 2, filler("Kay"))
    assert st.to_move == (1,) and st.legal_actions(1) == [Pass()]
    assert st.view(2).to_move == st.to_move
    nobody = table(("Doffy", "Jimy", "Kay"), purist=False, items=((can,), (), ()), position=(0, 9, 9))
    nobody = play(play(play(nobody, 0, can), 1, filler("Jimy")), 2, filler("Kay"))
    assert nobody.stage == R.Stage.START and "P0: +3 acceleration from Escuadrón Canino" in log_text(nobody)


def test_bomba_de_nieve_hits_distance_one_and_two():
    bomb = item(D.BOMBA)
    st = table(
        ("Doffy", "Jimy", "Kay", "Pudú"),
        purist=False,
        items=((bomb,), (item(D.ALETON, 0),), (item(D.ALETON, 1),), (item(D.ALETON, 2),)),
        position=(5, 5, 6, 7),
        box=(0, box_at(D.YELLOW), box_at(D.YELLOW), box_at(D.YELLOW)),
    )
    st = play(st, 0, bomb)
    for s in (1, 2, 3):
        st = play(st, s, st.hand[s][-1])
    assert st.stage == R.Stage.TORMENTA and st.to_move == (1, 2, 3)
    for s in tuple(st.to_move):
        st = st.apply(s, Pass())
    assert st.stage == R.Stage.IGLU and st.to_move == (2, 3)
    for s in (2, 3):
        st = st.apply(s, Pass())
    text = log_text(st)
    assert (
        "P2 takes 1 damage from P0's Bomba de Nieve" in text and "P3 takes 1 damage from P0's Bomba" in text
    )
    assert "P1 takes 1 damage from P0's Bomba" not in text


def test_misil_orca_range_one_to_five():
    st = table(("Doffy", "Jimy", "Kay"), purist=False, position=(2, 7, 8))
    assert st._in_range(0, 1, 5) == (1,)


def test_cana_magica_moves_forward_and_pushes_the_leader_back():
    cana = item(D.CANA)
    st = table(
        ("Doffy", "Jimy", "Kay"), purist=False, items=((cana,), (), ()), position=(2, 6, 6), box=(0, 0, 0)
    )
    st = play(play(play(st, 0, cana), 1, filler("Jimy")), 2, filler("Kay"))
    assert st.legal_actions(0) == [Target(1), Target(2)]
    st = st.apply(0, Target(2))
    text = log_text(st)
    assert "P0 moves forward to section 3 with Caña Mágica" in text
    assert "P2 is pushed back to section 5" in text


def test_carnero_hits_opponents_in_the_section_where_it_stops():
    ram = item(D.CARNERO)
    st = table(("Doffy", "Jimy"), purist=False, items=((ram,), (item(D.ALETON),)), position=(2, 3))
    st = play(play(st, 0, ram), 1, filler("Jimy"))
    st = st.apply(1, Pass())  # Tormenta window
    assert st.stage == R.Stage.IGLU
    st = st.apply(1, Pass())
    assert "P1 takes 1 damage from P0's Carnero" in log_text(st)


def test_erizo_spike_token_hits_placer_and_later_entrants_once():
    hog = item(D.ERIZO)
    st = table(
        ("Doffy", "Jimy"), purist=False, items=((hog,), ()), position=(2, 1), box=(0, box_at(D.YELLOW))
    )
    st = play(play(st, 0, hog), 1, filler("Jimy"))
    assert st.legal_actions(0) == [PlaceToken(1), PlaceToken(2), PlaceToken(3)]
    st = st.apply(0, PlaceToken(2))
    text = log_text(st)
    assert "P0 takes 1 damage from the spike token on section 2" in text
    assert "P1 takes 1 damage from the spike token on section 2" in text  # Jimy enters it at yellow
    assert text.count("spike token on section 2:") == 2
    assert st.tokens == () and st.round == 2  # removed at the end of the round


def test_hielo_ice_token_straight_gets_yellow_limit_yellow_becomes_green():
    st = table(tokens=((1, D.ICE), (4, D.ICE), (14, D.ICE)))
    assert st.sections[13].curve == D.SLOW
    assert R.effective_limit(st, 1) == D.YELLOW
    assert R.effective_limit(st, 4) == D.GREEN
    assert R.effective_limit(st, 14) == D.GREEN
    assert R.effective_limit(st, 2) is None
    assert st._section_hits(0, 1, D.ORANGE).health[0] == 3


def test_reparar_needs_missing_health_and_heals_one():
    rep = item(D.REPARAR)
    st = table(purist=False, items=((rep,), ()), health=(2, 4), position=(0, 9))
    st = play(play(st, 0, rep), 1, filler("Jimy"))
    assert "P0 repairs the sled: health 3" in log_text(st)


def test_ardilla_takes_an_item_from_the_discard_pile():
    squirrel = item(D.ARDILLA)
    st = table(purist=False, items=((squirrel,), ()), position=(0, 9))
    st = attrs.evolve(
        st,
        item_discard=(item(D.REPARAR), item(D.ALETON)),
        item_deck=tuple(i for i in st.item_deck if i not in (item(D.REPARAR), item(D.ALETON))),
    )
    st = play(play(st, 0, squirrel), 1, filler("Jimy"))
    assert st.legal_actions(0) == [Recover(item(D.ALETON)), Recover(item(D.REPARAR))]
    st = st.apply(0, Recover(item(D.REPARAR)))
    assert item(D.REPARAR) in st.items[0]


# --------------------------------------------------------------------------
# End of round


def test_end_of_round_discard_refill_to_five_and_pass_first_runner_token():
    st = table(first=1, position=(0, 0))
    a, b = st.hand[0][:2]
    st = play(play(st, 0, a, b), 1, st.hand[1][0])
    assert st.round == 2 and st.first == 0
    assert set(st.discard[0]) == {a, b} and len(st.hand[0]) == 5 and len(st.deck[0]) == 4
    assert st.played == ((), ()) and st.conduction == (0, 0)


def test_refill_draws_only_what_is_left_in_the_deck():
    st = table(hands=(D.deck_of("Doffy")[:2], D.deck_of("Jimy")[:5]))
    st = attrs.evolve(st, deck=((D.deck_of("Doffy")[2],), st.deck[1]), discard=(D.deck_of("Doffy")[3:], ()))
    st = play(play(st, 0, st.hand[0][0], st.hand[0][1]), 1, st.hand[1][0])
    assert len(st.hand[0]) == 1 and st.deck[0] == ()


def test_runner_with_no_card_plays_none():
    st = table(hands=((), D.deck_of("Jimy")[:5]))
    st = attrs.evolve(st, discard=(D.deck_of("Doffy")[: 11 - len(st.deck[0])] if False else (), ()))
    st = R.MontanaState._start_play(attrs.evolve(st, to_move=()))
    assert st.to_move == (1,)
    assert "P0 has no card to play" in log_text(st)


# --------------------------------------------------------------------------
# End of the game


def _finish_state(finish, health=(4, 4), chars=("Doffy", "Jimy")):
    st = table(chars, position=tuple(20 if f else 3 for f in finish), health=health)
    return attrs.evolve(st, finish=tuple(finish))


def test_end_of_game_most_speed_wins():
    st = _finish_state(((1, 1, D.RED, 12, 4), (1, 1, D.ORANGE, 11, 4)))
    over = st._end_race()
    assert over.is_terminal and over.winners() == (0,) and over.decided_by == "speed"


def test_end_of_game_tie_broken_by_acceleration():
    st = _finish_state(((1, 1, D.RED, 12, 4), (1, 1, D.RED, 14, 4)))
    assert st._end_race().winners() == (1,) and st._end_race().decided_by == "acceleration"


def test_end_of_game_tie_broken_by_health():
    st = _finish_state(((1, 1, D.RED, 12, 2), (1, 1, D.RED, 12, 3)))
    over = st._end_race()
    assert over.winners() == (1,) and over.decided_by == "health"


def test_end_of_game_health_tie_break_uses_the_health_when_crossing():
    # Table note: a sled wrecked by the advance that crosses the line crosses with 0 health.
    # Red (box 12) from section 12 with health 1: the slow curve of section 14 destroys it.
    st = table(box=(box_at(D.RED), box_at(D.RED)), position=(12, 12), health=(1, 4), conduction=(0, 3))
    st = attrs.evolve(st, phase=R.Phase.ACTIVATE, cursor=2, to_move=())._impulse_phase()
    assert st.is_terminal and st.finish[0][4] == 0 and st.finish[1][4] == 4
    assert st.winners() == (1,) and st.decided_by == "health"
    assert "health 0 (destroyed crossing)" in st.outcome().breakdown[0][1]


def test_end_of_game_outcome_gives_every_place_and_how_the_race_ended():
    st = table(("Doffy", "Jimy", "Kay"), position=(20, 20, 7), box=(box_at(D.RED), box_at(D.ORANGE), 2))
    st = attrs.evolve(st, finish=((3, 1, D.ORANGE, 9, 2), (3, 1, D.RED, 12, 3), ()))
    out = st._end_race().outcome()
    assert out.breakdown[1][1] == "Place 1: crossed the line in round 3 at red, box 13, health 3"
    assert out.breakdown[0][1] == "Place 2: crossed the line in round 3 at orange, box 10, health 2"
    assert out.breakdown[2][1] == "Place 3: on section 7 of 14 at green, box 3, health 4"


def test_championship_a_finished_race_is_a_public_step_before_the_next():
    st = table(("Doffy", "Jimy"), championship=True, position=(20, 20), first=0)
    st = attrs.evolve(st, finish=((2, 1, D.RED, 12, 4), (2, 1, D.ORANGE, 8, 4)))
    ended = st._end_race()
    assert ended.phase == R.Phase.RACE_OVER and ended.to_move == (1,) and ended.reaction_window is None
    assert not ended.needs_curtain(1) and ended.legal_actions(1) == [R.NextRace()]
    assert ended.prompt(1).startswith("Race 1 is over")
    assert ended.finish == st.finish and ended.position == (20, 20)  # the race stays on the board
    assert all(not e.private for e in ended.view(1).log)
    assert ended.race_ends == (
        (
            "crossed the line in round 2 at red, box 13, health 4",
            "crossed the line in round 2 at orange, box 9, health 4",
        ),
    )
    nxt = ended.apply(1, R.NextRace())
    assert nxt.race == 2 and nxt.phase == R.Phase.PLAY and nxt.first == 1 and nxt.needs_curtain(0)


def test_end_of_game_photo_finish_shares_the_victory():
    st = _finish_state(((1, 1, D.RED, 12, 3), (1, 1, D.RED, 12, 3)))
    over = st._end_race()
    assert over.winners() == (0, 1) and "photo finish" in over.decided_by
    assert over.scores() == (1, 1)
    out = over.outcome()
    assert out.winners == (0, 1) and len(out.breakdown) == 2


def test_only_finishers_can_win():
    st = _finish_state(((1, 1, D.GREEN, 0, 1), ()))
    st = attrs.evolve(st, box=(0, 15))
    assert st._end_race().winners() == (0,)


def test_race_ends_at_end_of_the_round_in_which_a_sled_crosses():
    st = table(box=(box_at(D.RED), 0), position=(12, 0))
    st = play(play(st, 0, st.hand[0][0]), 1, st.hand[1][0])
    assert st.is_terminal and st.winners() == (0,) and st.to_move == ()
    assert st.finish[0][:2] == (1, 1)
    assert st.legal_actions(0) == []
    with pytest.raises(IllegalAction):
        st.apply(0, PlayNoMore())


def test_item_finish_in_support_phase_wins_even_if_slower():
    ram = item(D.CARNERO)
    st = table(
        ("Doffy", "Jimy"), purist=False, items=((ram,), ()), position=(14, 12), box=(0, box_at(D.RED, 3))
    )
    st = play(play(st, 0, ram), 1, filler("Jimy"))
    assert st.is_terminal
    assert st.finish[0][1] == 0 and st.finish[1][1] == 1  # Jimy crossed too, faster, in the Impulse Phase
    assert st.winners() == (0,) and st.decided_by == "crossing in the Support Phase with an item"


def test_item_finish_wins_even_when_destroyed_later():
    st = _finish_state(((1, 0, D.GREEN, 0, 4), (1, 1, D.RED, 15, 4)))
    st = attrs.evolve(st, destructions=(1, 0))
    assert st._end_race().winners() == (0,)


def test_two_support_phase_finishers_decided_at_end_of_round():
    st = _finish_state(((1, 0, D.GREEN, 2, 4), (1, 0, D.YELLOW, 4, 4)))
    assert st._end_race().winners() == (1,)


# --------------------------------------------------------------------------
# Variants


def test_championship_scoring_points_by_place():
    st = table(("Doffy", "Jimy", "Kay"), championship=True, position=(20, 20, 20))
    st = attrs.evolve(st, finish=((2, 1, D.RED, 12, 4), (2, 1, D.ORANGE, 8, 4), (1, 1, D.GREEN, 0, 4)))
    ended = st._end_race()
    assert ended.places == ((2, 3, 1),) and ended.points == (5, 3, 7)
    after = ended.apply(ended.to_move[0], R.NextRace())
    assert not after.is_terminal and after.race == 2 and after.round == 1
    assert after.position == (0, 0, 0) and all(len(h) == 5 for h in after.hand)


def test_championship_race_continues_until_every_sled_finished():
    st = table(box=(box_at(D.RED), 0), position=(12, 0), championship=True)
    st = play(play(st, 0, st.hand[0][0]), 1, st.hand[1][0])
    assert not st.is_terminal and st.finished(0) and not st.finished(1)
    assert st.to_move == (1,)


def test_championship_winner_most_points_then_most_first_places():
    st = table(("Doffy", "Jimy"), championship=True, race=3, position=(20, 20))
    st = attrs.evolve(
        st,
        points=(7, 13),
        firsts=(1, 2),
        places=((1, 2), (2, 1)),
        finish=((1, 1, D.RED, 12, 4), (2, 1, D.RED, 12, 4)),
    )
    over = st._end_race()
    # Seat 0 wins race 3 (7 points): 14 against 16.
    assert over.is_terminal and over.points == (14, 16) and over.winners() == (1,)
    tie = attrs.evolve(st, points=(9, 7), firsts=(0, 2))
    over = tie._end_race()
    assert over.points == (16, 10) and over.winners() == (0,)
    tie = attrs.evolve(st, points=(3, 10), firsts=(1, 2))
    over = tie._end_race()
    assert over.points == (10, 13)
    even = attrs.evolve(st, points=(9, 13), firsts=(1, 2))
    over = even._end_race()
    assert over.points == (16, 16) and over.firsts == (2, 2) and over.winners() == (0, 1)
    assert over.decided_by == "shared victory"
    one = attrs.evolve(st, points=(9, 13), firsts=(2, 2))
    over = one._end_race()
    assert over.winners() == (0,) and over.decided_by == "most first places"
    assert over.scores() == over.points


def test_championship_points_table():
    assert R.CHAMPIONSHIP_POINTS == {2: (7, 3), 3: (7, 5, 3), 4: (7, 5, 3, 1)}


# --------------------------------------------------------------------------
# Contract details


def test_view_hides_hands_decks_items_and_rng():
    st = R.new_game(3, seed=9)
    v = st.view(1)
    assert v.hand[1] == st.hand[1] and v.hand[0] == (D.HIDDEN,) * 5
    assert v.deck[1] == tuple(sorted(st.deck[1])) and v.deck[0] == (D.HIDDEN,) * 6
    assert v.rng.is_blank and v.legal_actions(1) == st.legal_actions(1)
    spectator = st.view(None)
    assert all(h == (D.HIDDEN,) * 5 for h in spectator.hand)


def test_private_log_of_a_draw_only_for_its_runner():
    st = R.new_game(2, seed=9)
    first = st.log[-1]
    assert first.private and st.view(0).log[-1].private.keys() == {0}


def test_prompt_and_action_labels_readable():
    st = table()
    assert st.prompt(0) == "Play your left card face down"
    assert str(PlayNoMore()) == "play no second card"
    dbl = next(c for c in D.deck_of("Doffy") if D.ACTION_CARDS[c].is_double)
    assert "bottom half up" in str(PlayCard(dbl, 1))
    assert R.describe_played(dbl, 1).startswith(D.card_name(dbl))


def test_distance_helpers():
    st = table(("Doffy", "Jimy", "Kay"), position=(3, 5, 20))
    assert R.distance(st, 0, 1) == 2 and R.distance(st, 0, 2) is None
    assert R.distances_from(st, 0) == (None, 2, None)
    assert R.section_kind(st, 0) == "start" and R.section_kind(st, 4) == "fast curve"
    assert R.section_kind(st, 15) == "finish"
    assert R.speed_level(st, 0) == D.GREEN


def test_ui_helpers_speed_range_forecast_and_preview():
    dbl = card_with("Doffy", (D.ACCEL, 2), levels="GY", double=True)
    st = table(box=(box_at(D.ORANGE), 0), position=(1, 3))
    assert not R.in_speed_range(st, 0, dbl, 0) and R.in_speed_range(st, 0, dbl, 1)
    # orange from section 1: sections 2, 3, 4 (fast curve at orange: 1 damage), +1 +1 +0
    assert R.impulse_forecast(st, 0) == (4, 1, 2)
    assert preview(st, 0, PlayCard(dbl, 0)).forecasts[0].cards[0].reason.startswith("speed orange")
    assert not preview(st, 0, PlayCard(dbl, 1)).forecasts[0].cards[0].reason.startswith("speed")
    v = st.view(1)
    assert R.impulse_forecast(v, 0) == R.impulse_forecast(st, 0)


def test_undo_left_card_while_choosing_the_right_one_but_not_after_the_reveal():
    st = table()
    c = st.hand[0][0]
    after = st.apply(0, PlayCard(c))
    assert not st.is_barrier(0, PlayCard(c), after)
    done = after.apply(0, PlayNoMore())
    assert after.is_barrier(0, PlayNoMore(), done)  # the turn passes to runner B
    b_left = done.apply(1, PlayCard(done.hand[1][0]))
    assert not done.is_barrier(1, PlayCard(done.hand[1][0]), b_left)
    revealed = b_left.apply(1, PlayNoMore())
    assert b_left.is_barrier(1, PlayNoMore(), revealed)  # all cards are revealed


def test_outcome_names_the_tiebreak_only_when_one_was_needed():
    alone = _finish_state(((1, 1, D.GREEN, 0, 4), ()))._end_race()
    assert alone.decided_by == "crossing the line" and alone.outcome().tiebreak == ""
    assert alone.outcome().breakdown[0][1].startswith("Place 1: crossed the line in round 1 at green")
    assert alone.outcome().breakdown[1][1] == "Place 2: on section 3 of 14 at green, box 1, health 4"
    speed = _finish_state(((1, 1, D.RED, 12, 4), (1, 1, D.ORANGE, 11, 4)))._end_race()
    assert speed.outcome().tiebreak == "speed"


def test_applying_abilities_kay_action_card_then_bomba_de_nieve():
    # Rulebook, Applying Abilities example: Kay's -X card with the discard-pile shuffle, then Bomba de Nieve.
    shuf = card_with("Kay", (D.REDUCE_SHUFFLE, 0))
    bomb = item(D.BOMBA)
    st = table(
        ("Kay", "Jimy", "Doffy"),
        purist=False,
        hands=((shuf,), D.deck_of("Jimy")[:5], D.deck_of("Doffy")[:5]),
        items=((bomb,), (item(D.ALETON, 0),), (item(D.ALETON, 1),)),
        position=(3, 4, 5),
        box=(box_at(D.YELLOW), box_at(D.YELLOW, 2), 5),
    )
    st = play(st, 0, shuf, bomb)
    st = play(st, 1, filler("Jimy"))
    st = play(st, 2, filler("Doffy"))
    st = st.apply(0, Reduce(1))
    assert st.stage == R.Stage.TORMENTA and st.to_move == (1, 2)
    st = st.apply(1, Pass()).apply(2, Pass())
    assert st.stage == R.Stage.IGLU and st.to_move == (1, 2)
    st = st.apply(1, Pass()).apply(2, Pass())
    text = log_text(st)
    assert text.index("P0: -1 acceleration from Kay") < text.index("P0's Bomba de Nieve acts")
    assert "P1 takes 1 damage from P0's Bomba de Nieve" in text
    assert "P2: -3 acceleration from P0's Bomba de Nieve: yellow (box 6) -> green (box 3)" in text
    assert "P0 will shuffle the discard pile" in text


def test_immediate_cards_allowed_to_a_runner_limited_to_one_card():
    pez = item(D.PEZ)
    st = table(purist=False, items=((pez,), (item(D.IGLU),)), one_card=(False, True), position=(0, 9))
    st = play(play(st, 0, pez), 1, filler("Jimy"))
    assert len(st.played[1]) == 1
    st = st.apply(1, Pass())
    assert st.legal_actions(1) == [PlayIglu(), Pass()]


def test_spike_tokens_not_cumulative_in_one_section():
    hog = item(D.ERIZO)
    st = table(("Doffy", "Jimy"), purist=False, items=((hog,), ()), position=(2, 9), tokens=((2, D.SPIKE),))
    st = play(play(st, 0, hog), 1, filler("Jimy"))
    assert st.legal_actions(0) == [PlaceToken(1), PlaceToken(3)]


def test_tormenta_cancels_at_once_and_nobody_else_is_asked():
    # Table note: a cancelled card has no effect left to cancel, so its window closes.
    can = item(D.CANINO)
    st = table(
        ("Doffy", "Jimy", "Kay"),
        purist=False,
        first=0,
        items=((item(D.TORMENTA, 0),), (item(D.TORMENTA, 1),), (can,)),
        position=(9, 0, 0),
    )
    st = play(st, 0, filler("Doffy"))
    st = play(st, 1, filler("Jimy"))
    st = play(st, 2, can)
    assert st.to_move == (0, 1)  # Kay's item: the seats to its left are A, then B
    after = st.apply(1, PlayTormenta())
    assert "P1 plays Tormenta de Nieve: P2's Escuadrón Canino is cancelled" in log_text(after)
    assert after.reaction_window is None and 0 not in after.to_move
    assert after.items[0] == (item(D.TORMENTA, 0),) and after.items[1] == ()
    assert "P2: +3 acceleration from Escuadrón Canino" not in log_text(after)
    R.check_invariants(after)


def test_iglu_window_says_who_already_blocked():
    bomb = item(D.BOMBA)
    st = table(
        ("Doffy", "Jimy", "Kay"),
        purist=False,
        first=0,
        items=((bomb,), (item(D.IGLU, 0),), (item(D.IGLU, 1),)),
        position=(3, 4, 5),
    )
    st = play(play(play(st, 0, bomb), 1, filler("Jimy")), 2, filler("Kay"))
    st = st.apply(1, Pass()).apply(2, Pass())  # the Tormenta window
    assert st.stage == R.Stage.IGLU and "Already" not in st.reaction_window
    st = st.apply(1, PlayIglu())
    assert st.to_move == (2,) and st.reaction_window.endswith("Already blocked by B.")


def test_cana_magica_pushes_the_leading_opponent_even_when_the_player_leads():
    cana = item(D.CANA)
    st = table(("Doffy", "Jimy"), purist=False, items=((cana,), ()), position=(8, 5))
    st = play(play(st, 0, cana), 1, filler("Jimy"))
    text = log_text(st)
    assert (
        "P0 moves forward to section 9 with Caña Mágica" in text and "P1 is pushed back to section 4" in text
    )


def test_carnero_moves_even_when_nobody_is_in_the_section():
    ram = item(D.CARNERO)
    st = table(("Doffy", "Jimy"), purist=False, items=((ram,), ()), position=(2, 9))
    st = play(play(st, 0, ram), 1, filler("Jimy"))
    assert "P0 moves forward to section 3 with Carnero" in log_text(st)


def test_finished_sleds_are_out_of_every_range():
    st = table(("Doffy", "Jimy", "Kay"), position=(14, 15, 13), championship=True)
    assert st.finished(1)
    assert st._in_range(0, 1, 5) == (2,)
    pez = item(D.PEZ)
    assert st._options(0, pez, 0, 0, ()) == (2,)


def test_last_place_is_every_sled_furthest_back():
    st = table(("Doffy", "Jimy", "Kay"), position=(3, 3, 6))
    assert st.last_place() == (0, 1)
    st = table(("Doffy", "Jimy", "Kay"), position=(3, 20, 6), championship=True)
    assert st.last_place() == (0,)


def test_winning_speed_is_the_one_used_to_cross_the_line():
    # Red (box 12) from section 12: sections 13 (+1) and 14 (-1, slow curve) entered, then the line.
    st = table(box=(box_at(D.RED), 0), position=(12, 0), conduction=(3, 0))
    st = attrs.evolve(st, phase=R.Phase.ACTIVATE, cursor=2, to_move=())._impulse_phase()
    assert st.finish[0][:4] == (1, 1, D.RED, box_at(D.RED))


def test_sections_past_the_finish_line_give_no_checks():
    st = table(box=(box_at(D.RED), 0), position=(13, 0), health=(1, 4))
    st = attrs.evolve(st, phase=R.Phase.ACTIVATE, cursor=2, to_move=())._impulse_phase()
    # only section 14 (slow curve at red: 3 over) is entered on the track
    assert "P0 takes 3 damage from taking the slow curve on section 14" in log_text(st)
    assert st.finished(0)


def test_prompt_names_the_single_card_after_a_destruction():
    st = table(one_card=(True, False))
    assert st.prompt(0) == "Play your one card face down (sled destroyed)"
    assert st.prompt(1) == "Play your left card face down"


def test_impulse_forecast_counts_all_the_damage_of_a_wrecking_advance():
    # Red from section 10 with 1 health: the fast curve of 11 (2 over) and the slow one of 14 (3 over).
    st = table(box=(box_at(D.RED), 0), position=(10, 0), health=(1, 4))
    _end, damage, accel = R.impulse_forecast(st, 0)
    real = attrs.evolve(st, phase=R.Phase.ACTIVATE, cursor=2, to_move=())._impulse_phase()
    taken = sum(
        int(line.split(" takes ")[1].split()[0])
        for line in log_text(real).splitlines()
        if line.startswith("P0 takes ")
    )
    assert damage == taken and damage > 1  # more than the 1 health left
    assert accel == 0 and "P0's sled is destroyed" in log_text(real)


def test_outcome_lists_every_runner_by_place_after_a_single_race():
    """Rulebook: End of the Game - the game-over table shows runners by place, not by seat."""
    import random

    from boardgames_tui.games import GAMES

    for seed in range(30):
        state = GAMES["montana_pinguino"].new_game(players=4, seed=seed)
        rnd = random.Random(seed)
        while not state.is_terminal:
            seat = state.to_move[0]
            state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
        out = state.outcome()
        assert sorted(out.order) == [0, 1, 2, 3]
        places = state.places[-1]
        assert [places[s] for s in out.order] == sorted(places)
        assert out.order[0] in out.winners


def test_states_carry_phase_stage_and_outcome_members():
    """Phases, stages and card outcomes are typed members in every state the rules derive; a
    Championship game goes through every phase and stage."""
    import random

    rnd = random.Random(0)
    st = R.new_game(3, 0, championship=True)
    phases, stages = set(), set()
    while True:
        assert type(st.phase) is R.Phase and type(st.stage) is R.Stage
        assert all(type(o) is R.CardOutcome for row in st.outcomes for o in row)
        phases.add(st.phase)
        stages.add(st.stage)
        if st.is_terminal:
            break
        seat = rnd.choice(st.to_move)
        st = st.apply(seat, rnd.choice(st.legal_actions(seat)))
    assert phases == set(R.Phase)
    assert stages == set(R.Stage)
