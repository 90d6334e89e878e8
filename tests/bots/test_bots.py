"""Computer players decide from the view alone, answer every kind of decision, and finish games."""

import random
from collections import Counter

import pytest

from boardgames_tui.bots import LEVELS, RandomBot, decide, make_bot
from boardgames_tui.bots.mcts import StrongBot
from boardgames_tui.games import GAMES

TITLES = list(GAMES)


def _positions(game: str, players: int, seed: int, count: int):
    """``count`` positions spread over one random game (decisions with a real choice)."""
    rnd = random.Random(seed)
    state = GAMES[game].new_game(players, seed)
    states = []
    while not state.is_terminal:
        seat = rnd.choice(state.to_move)
        if len(state.legal_actions(seat)) > 1:
            states.append((state, seat))
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    step = max(1, len(states) // count)
    return states[::step][:count]


def _small_strong(game: str) -> StrongBot:
    """A Strong bot bounded by playouts (not time), with short playouts: fast and repeatable."""
    return StrongBot(game, seconds=None, playouts=12, horizon=12)


@pytest.mark.parametrize("game", TITLES)
@pytest.mark.parametrize("level", ["random", "greedy"])
def test_random_and_greedy_choose_the_same_whatever_the_seat_cannot_see(game, level):
    redeal = GAMES[game].rules.redeal_hidden
    bot = make_bot(level, game)
    shuffle = random.Random(99)
    for state, seat in _positions(game, 3, seed=6, count=8):
        mine = decide(state, seat, bot, random.Random(1))
        for _ in range(3):
            other = redeal(state, seat, shuffle)
            assert decide(other, seat, bot, random.Random(1)) == mine


@pytest.mark.parametrize("game", TITLES)
def test_strong_decides_alike_whatever_the_seat_cannot_see(game):
    redeal = GAMES[game].rules.redeal_hidden
    shuffle = random.Random(7)
    state, seat = _positions(game, 2, seed=3, count=4)[2]
    seeds = range(6)
    on_truth = Counter(repr(decide(state, seat, _small_strong(game), random.Random(k))) for k in seeds)
    on_redeals = Counter(
        repr(decide(redeal(state, seat, shuffle), seat, _small_strong(game), random.Random(k))) for k in seeds
    )
    assert on_truth == on_redeals


@pytest.mark.parametrize("game", TITLES)
def test_strong_with_one_seed_makes_the_same_choice_on_every_redeal(game):
    # Paired, per bot seed: the search draws its own deals from the view with its own generator,
    # so a re-deal of what the seat cannot see leaves each seed's choice (and the whole
    # distribution over seeds) unchanged, in two-seat positions of every kind the game offers.
    redeal = GAMES[game].rules.redeal_hidden
    shuffle = random.Random(23)
    positions = _positions(game, 2, seed=8, count=6)[1::2]
    assert len(positions) == 3
    for state, seat in positions:
        assert redeal(state, seat, shuffle) != state or not _hides_anything(state, seat)
        for k in range(3):
            mine = decide(state, seat, _small_strong(game), random.Random(k))
            for _ in range(2):
                other = redeal(state, seat, shuffle)
                assert decide(other, seat, _small_strong(game), random.Random(k)) == mine


def _hides_anything(state, seat) -> bool:
    """Whether ``seat``'s view differs from the true state at all (else a re-deal may equal it)."""
    return state.view(seat) != state.view(None)


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_refuses_the_true_state(level):
    state = GAMES["penguinramids"].new_game(2, 1)
    bot = make_bot(level, "penguinramids", playouts=2)
    with pytest.raises(ValueError, match="view"):
        bot.choose(state, 0, random.Random(0))
    assert bot.choose(state.view(0), 0, random.Random(0)) in state.legal_actions(0)


def _play(game: str, bots, seed: int, max_decisions: int = 4000):
    """Play to the end with ``bots``; every answer must be legal for its seat. Returns (state, seen kinds)."""
    state = GAMES[game].new_game(len(bots), seed)
    rnds = [random.Random(seed + s) for s in range(len(bots))]
    kinds: set[str] = set()
    n = 0
    while not state.is_terminal:
        assert n < max_decisions, f"{game} did not end"
        if len(state.to_move) > 1:
            kinds.add("reaction window" if state.reaction_window else "secret choice")
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        action = decide(state, seat, bots[seat], rnds[seat])
        assert action in legal, f"{bots[seat].level} answered {action!r}, not one of {legal}"
        kinds.add(type(action).__name__)
        state = state.apply(seat, action)
        n += 1
    return state, kinds


@pytest.mark.parametrize("game", TITLES)
def test_greedy_and_random_bots_in_every_seat_finish_a_game(game):
    spec = GAMES[game]
    players = min(3, spec.max_players)
    bots = [make_bot("greedy", game), RandomBot(), make_bot("greedy", game)][:players]
    state, _ = _play(game, bots, seed=2)
    assert state.is_terminal and state.winners()


@pytest.mark.parametrize("game", TITLES)
def test_strong_bots_in_every_seat_finish_a_game(game):
    state, _ = _play(game, [_small_strong(game), _small_strong(game)], seed=5)
    assert state.is_terminal and state.winners()


@pytest.mark.parametrize("game", TITLES)
def test_each_level_in_each_seat_of_a_three_seat_table_finishes_games(game):
    # Strong, Greedy and Random rotate round three seats: each level sits in each seat once.
    levels = ["strong", "greedy", "random"]
    for turn in range(3):
        order = levels[turn:] + levels[:turn]
        bots = [
            StrongBot(game, seconds=None, playouts=4, horizon=4) if lv == "strong" else make_bot(lv, game)
            for lv in order
        ]
        state, _ = _play(game, bots, seed=11 + turn)
        assert state.is_terminal and state.winners()
        assert [b.level for b in bots] == order


def test_bots_answer_secret_choices_and_reaction_windows():
    seen: set[str] = set()
    for game in ("penguinramids", "montana_pinguino", "mision_chungungo"):
        for seed in range(3):
            _, kinds = _play(game, [make_bot("greedy", game), make_bot("greedy", game), RandomBot()], seed)
            seen |= kinds
    assert {"secret choice", "reaction window", "Pass"} <= seen
    # an eel or an immediate item was played by a greedy or random bot at least once
    assert seen & {"PlayEel", "PlayIglu", "PlayTormenta"}


def test_a_strong_bot_bounded_by_time_stops_in_time():
    state, seat = _positions("mision_chungungo", 2, seed=1, count=3)[1]
    bot = StrongBot("mision_chungungo", seconds=0.15)
    action = decide(state, seat, bot, random.Random(0))
    assert action in state.legal_actions(seat)
    assert bot.stats["playouts"] >= 1
    assert bot.stats["seconds"] < 0.3


def test_make_bot_refuses_an_unknown_level():
    with pytest.raises(ValueError, match="unknown level 'clever'"):
        make_bot("clever", "penguinramids")
