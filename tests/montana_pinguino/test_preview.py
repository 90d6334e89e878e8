"""Previews from the rules: what a choice is said to do is what the rules then do.

Each case is one the old preview (worked out apart from the rules) got wrong;
each test checks the preview's facts against the state that applying the
choice leads to, and the line the board shows.
"""

from __future__ import annotations

from boardgames_tui.games.montana_pinguino import data as D
from boardgames_tui.games.montana_pinguino import rules as R
from boardgames_tui.games.montana_pinguino.preview import OTHERS_TO_ACT, OTHERS_TO_PLAY, RIGHT_CARD, preview
from boardgames_tui.games.montana_pinguino.ui.board import forecasts_text
from tests.montana_pinguino.conftest import box_at, card_with, filler, item, play, table


def round_played_out(st: R.MontanaState, seat: int, action) -> R.MontanaState:
    """``action`` applied, then the first legal choice of whoever must decide, until the round is over."""
    rounds = st.rounds_total
    st = st.apply(seat, action)
    while st.rounds_total == rounds and st.phase not in (R.Phase.RACE_OVER, R.Phase.OVER):
        s = st.to_move[0]
        st = st.apply(s, st.legal_actions(s)[0])
    return st


def sled(st: R.MontanaState, seat: int) -> tuple:
    return st.position[seat], st.box[seat], st.health[seat], st.destructions[seat], st.finished(seat)


def facts(st: R.MontanaState, seat: int, f) -> tuple:
    return f.position, f.box, f.health, st.destructions[seat] + f.destroyed, f.finished


def test_carnero_counts_the_acceleration_of_the_section_it_moves_onto():
    """Card Explanations, Carnero; Rulebook 2.3: the section Carnero moves the sled onto
    gives its acceleration at once (section 9: +2), so the Impulse Phase runs at orange,
    not yellow, and the tree and the fast curve each cost 1 health."""
    carnero = item(D.CARNERO)
    st = table(purist=False, items=((carnero,), ()), position=(8, 0), box=(box_at(D.YELLOW, 2), 0))
    pv = preview(st.view(0), 0, R.PlayCard(carnero, 0))
    (f,) = pv.forecasts
    assert (f.speed_box, f.damage) == (box_at(D.ORANGE), 2)
    assert "2 damage" in forecasts_text(st.view(0), 0, pv).plain
    done = round_played_out(play(st, 0, carnero), 1, R.PlayCard(filler("Jimy"), 0))
    assert sled(done, 0) == facts(st, 0, f)
    assert pv.unknown == (OTHERS_TO_PLAY, RIGHT_CARD)  # Jimy has not played; a right card may follow


def test_a_cards_own_lose_one_health_destroys_a_sled_at_one_health_before_the_finish():
    """Card Explanations (heart: lose 1 health) and Sled Destruction: a card that costs the
    last point of health destroys the sled - its marker goes back to the first box - so
    it crawls on at green instead of crossing the finish line at orange."""
    card = card_with("Pudú", (D.ACCEL, 3), (D.HEART, 1), levels="GY", double=False)
    hand = tuple(sorted((card, *[c for c in D.deck_of("Pudú") if c != card][:4])))
    st = table(
        ("Pudú", "Jimy"),
        hands=(hand, D.deck_of("Jimy")[:5]),
        position=(12, 0),
        box=(box_at(D.YELLOW, 3), 0),
        health=(1, 4),
    )
    pv = preview(st.view(0), 0, R.PlayCard(card, 0))
    f = pv.forecasts[0]
    assert f.destroyed and not f.finished and f.speed_box == 0 and f.position == 13
    assert "SLED DESTROYED" in forecasts_text(st.view(0), 0, pv).plain
    st = st.apply(0, R.PlayCard(card, 0))
    done = round_played_out(st.apply(0, R.PlayNoMore()), 1, R.PlayCard(filler("Jimy"), 0))
    assert sled(done, 0) == facts(st, 0, f)


def test_slowing_down_counts_the_conduction_of_the_runners_own_right_card_still_to_act():
    """Rulebook 1.3 (left card, then right card) and 2.2 (conduction raises every limit):
    choosing X of a left "-X" card, the right card's +2 conduction still acts before the
    Impulse Phase, so the fast curves ahead cost nothing."""
    slow = card_with("Doffy", (D.REDUCE_SHUFFLE, 0))
    cond = card_with("Doffy", (D.CONDUCTION, 2), levels="OR")
    hand = tuple(sorted((slow, cond, *[c for c in D.deck_of("Doffy") if c not in (slow, cond)][:3])))
    st = table(hands=(hand, D.deck_of("Jimy")[:5]), position=(3, 0), box=(box_at(D.RED, 3), 0))
    st = play(play(st, 0, slow, cond), 1, filler("Jimy"))
    assert st.to_move == (0,) and R.Reduce(1) in st.legal_actions(0)
    pv = preview(st.view(0), 0, R.Reduce(1))
    (f,) = pv.forecasts
    assert f.damage == 0 and f.speed_box == box_at(D.RED, 2)
    assert pv.unknown == (OTHERS_TO_ACT,)  # Jimy's card acts after Doffy's
    assert "no damage" in forecasts_text(st.view(0), 0, pv).plain
    assert sled(round_played_out(st, 0, R.Reduce(1)), 0) == facts(st, 0, f)
