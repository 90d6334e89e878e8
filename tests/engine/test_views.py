"""Views that mask, the secret pick, events with visibility, and the harness on Veto."""

import random

import attrs

from boardgames_tui.engine import Event, Match, Rng
from boardgames_tui.engine.harness import play_random_game
from tests.shell.tiny_game import HIDDEN, SPEC, Confirm, Pick, redeal_hidden


def test_view_hides_other_hands_and_the_deck():
    state = SPEC.new_game(2, seed=1)
    view = state.view(0)
    assert view.hands[0] == state.hands[0]
    assert set(view.hands[1]) == {HIDDEN}
    assert set(view.deck) == {HIDDEN}
    assert view.rng == Rng.blank()


def test_secret_pick_is_invisible_to_the_other_seat_until_all_are_in():
    m = Match.new("veto", ["Ana", "Beto"], 2)
    card = next(a for a in m.state.legal_actions(0) if isinstance(a, Pick))
    m.play(0, card)
    m.play(0, Confirm())
    assert m.state.view(1).picks[0] == HIDDEN
    assert m.state.view(0).picks[0] == card.card
    assert str(card.card) not in "".join(e.render(m.names, 1) for e in m.state.view(1).log)


def test_leak_test_redealing_hidden_cards_keeps_the_view():
    state = SPEC.new_game(3, seed=8)
    rnd = random.Random(0)
    for seat in range(3):
        for _ in range(5):
            assert redeal_hidden(state, seat, rnd).view(seat) == state.view(seat)


def test_event_private_part_only_for_its_seat():
    event = Event("{0} draws a card", {0: "you drew 5"})
    assert event.render(["Ana", "Beto"], 0) == "Ana draws a card [you drew 5]"
    assert event.render(["Ana", "Beto"], 1) == "Ana draws a card"
    assert event.for_seat(1).private == {}


def test_view_keeps_the_seats_legal_actions():
    state = SPEC.new_game(2, seed=5)
    for seat in state.to_move:
        assert state.view(seat).legal_actions(seat) == state.legal_actions(seat)


def test_random_play_harness_on_the_test_game():
    for seed in range(300):
        result = play_random_game(SPEC, 2 + seed % 2, seed, checkpoints=4)
        assert result.match.state.is_terminal


def test_harness_catches_a_leaking_view():
    class Leaky(type(SPEC.new_game(2, 0))):
        def view(self, seat):
            return attrs.evolve(super().view(seat), hands=self.hands)

    state = SPEC.new_game(2, 0)
    leaky = Leaky(**attrs.asdict(state, recurse=False))
    rnd = random.Random(1)
    other = redeal_hidden(leaky, 0, rnd)
    assert other.view(0) != leaky.view(0)
