"""The Greedy level plays by each game's rules of thumb (scenarios built on the engines' states)."""

import random

import attrs

from boardgames_tui.bots import make_bot
from boardgames_tui.bots.heuristics.montana_pinguino import forecast
from boardgames_tui.games import GAMES
from boardgames_tui.games.mision_chungungo import data as chungungo_data
from boardgames_tui.games.mision_chungungo.rules import PlayCard as ChungungoPlay
from boardgames_tui.games.mision_chungungo.rules import Strike
from boardgames_tui.games.montana_pinguino.rules import PlayCard as MontanaPlay
from boardgames_tui.games.montana_pinguino.rules import impulse_forecast
from boardgames_tui.games.mountain_goats.rules import ROLL
from boardgames_tui.games.penguinramids.rules import Take


def _greedy(game, state, seat):
    return make_bot("greedy", game).choose(state.view(seat), seat, random.Random(0))


def test_mountain_goats_greedy_takes_the_summit_token_within_reach():
    state = GAMES["mountain_goats"].new_game(2, 4)
    pos = ((0, 0, 0, 0, 0, 1), state.pos[1])  # goat 10 one step below its summit
    state = attrs.evolve(state, pos=pos).apply(0, ROLL)
    state = attrs.evolve(state, dice=(6, 4, 2, 3))
    after = state.apply(0, _greedy("mountain_goats", state, 0))
    assert after.tokens[0][5] == 1, "6+4 should have climbed to the summit of 10 and taken its token"


def test_montana_greedy_plays_conduction_rather_than_crash_in_the_curve():
    # Jimy at orange on section 2 with 2 health: straight on would take the fast curve
    # on section 4 and the tree on section 5 too fast (2 damage: destroyed).
    state = GAMES["montana_pinguino"].new_game(2, 0)
    jimy2, jimy3, jimy11 = 1, 2, 10  # +1 accel +1 conduction; +2 conduction; green only +2 accel
    state = attrs.evolve(
        state,
        characters=("Jimy", "Kay"),
        sides=("standard", "standard"),
        position=(2, 0),
        box=(8, 0),
        health=(2, 4),
        hand=((jimy2, jimy3, jimy11), state.hand[1]),
    )
    assert impulse_forecast(state, 0)[1] >= 2  # doing nothing wrecks the sled
    choice = _greedy("montana_pinguino", state, 0)
    assert isinstance(choice, MontanaPlay) and choice.card in (jimy2, jimy3)


def test_montana_forecast_agrees_with_the_rules():
    rnd = random.Random(4)
    state = GAMES["montana_pinguino"].new_game(3, 4)
    checked = 0
    while not state.is_terminal:
        for s in range(3):
            if not state.finished(s):
                mine = forecast(
                    state, s, state.position[s], state.box[s], state.conduction[s], state.health[s]
                )
                assert mine == impulse_forecast(state, s)
                checked += 1
        seat = rnd.choice(state.to_move)
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    assert checked > 50


def _chungungo_turn(players, seed):
    state = GAMES["mision_chungungo"].new_game(players, seed)
    bot = make_bot("greedy", "mision_chungungo")
    while state.phase != "turn":
        seat = state.to_move[0]
        state = state.apply(seat, bot.choose(state.view(seat), seat, random.Random(0)))
    return state


def test_chungungo_greedy_digs_when_its_token_stands_next_to_an_asteroid():
    state = _chungungo_turn(2, 3)
    assert state.excavate_cells(0)
    cards = chungungo_data.CARDS
    # one card that digs and one shot card, both still in the deck
    digger = next(c for c in state.deck if cards[c].steps[:1] == ("excavate",))
    gunner = next(c for c in state.deck if cards[c].steps == ("shot",))
    kit = chungungo_data.KIT_IDS[0]
    deck = tuple(c for c in state.deck if c not in (digger, gunner))
    copper = (cards[digger].copper + cards[gunner].copper,) + state.copper[1:]
    state = attrs.evolve(state, hands=((kit, gunner, digger), state.hands[1]), deck=deck, copper=copper)
    choice = _greedy("mision_chungungo", state, 0)
    assert isinstance(choice, ChungungoPlay)
    assert "excavate" in cards[choice.card].steps[0]


def test_chungungo_greedy_strikes_the_richest_rival_with_cards_to_lose():
    state = _chungungo_turn(3, 5)
    pendenciera = next(c.id for c in chungungo_data.CREW if c.name == "Pendenciera")
    kits = chungungo_data.KIT_IDS
    # seat 1 has more copper but nothing to steal; seat 2 has a card in hand
    picadora = 0
    state = attrs.evolve(
        state,
        phase="resolve",
        steps=("strike",),
        card_in_play=pendenciera,
        to_move=(0,),
        hands=((kits[0],), (kits[1],), (kits[2], picadora)),
        discards=((pendenciera,), (1, 2, 3), ()),
        copper=(2, 6, 2),
    )
    choice = _greedy("mision_chungungo", state, 0)
    assert choice == Strike(2)


def test_penguinramids_greedy_takes_the_penguin_that_raises_its_level_score():
    state = GAMES["penguinramids"].new_game(2, 8)
    bot = make_bot("greedy", "penguinramids")
    while not (state.phase == "turn" and state.to_move == (0,) and state.taken < 0 and not state.placed):
        seat = state.to_move[0]
        state = state.apply(seat, bot.choose(state.view(seat), seat, random.Random(0)))
    base = (0, 13, 26, 39)  # four light penguins with arms of 2 and 2
    heavy, light = 8, 1  # a Red 3 and a Red 1, both with arms of 2 and 2
    used = set(base) | {heavy, light} | set(state.discard)
    for seat_pyr in state.pyramids[1:]:
        used |= {p for p in seat_pyr if p >= 0}
    pyramid = base + (-1,) * 6
    deck = tuple(p for p in range(52) if p not in used)
    state = attrs.evolve(
        state,
        pyramids=(pyramid,) + state.pyramids[1:],
        greys=((False,) * 10,) + state.greys[1:],
        tokens=((0,) * 20,) + state.tokens[1:],
        revealed=(heavy, light),
        deck=deck,
        chosen=(3,) + state.chosen[1:],
    )
    assert state.legal_slots(0, heavy)  # level 2 holds a 3 on arms of 2 + 2
    assert bot.choose(state.view(0), 0, random.Random(0)) == Take(heavy)
