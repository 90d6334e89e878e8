"""The speed-only code (speed.py: caches, fast paths, shared events) gives what the plain rules give."""

from __future__ import annotations

import random

import attrs
import pytest

from boardgames_tui.engine.core import IllegalAction
from boardgames_tui.engine.derive import evolve
from boardgames_tui.games.mountain_goats import rules as R
from boardgames_tui.games.mountain_goats import speed as S


def _states(count: int, seed: int):
    """States met in random play, both options, every player count."""
    rnd = random.Random(seed)
    for g in range(count):
        players = 2 + g % 4
        state = R.new_game(players, g, big_mountain=g % 2 == 0 or players == 5)
        while not state.is_terminal:
            seat = state.to_move[0]
            yield state, seat
            state = state.apply(seat, R.random_action(state, seat, rnd))


def _mangled(state: R.GoatsState, rnd: random.Random) -> R.Move:
    """A move near the legal ones: faces and groups changed at random, often illegal."""
    base = (
        rnd.choice(state.legal_actions(state.current))
        if rnd.random() < 0.5
        else R.random_action(state, state.current, rnd)
    )
    faces = list(base.faces)
    if rnd.random() < 0.3:
        faces[rnd.randrange(4)] = rnd.choice([0, 1, 2, 6, 7])
    if rnd.random() < 0.05:
        faces = faces[:3] if rnd.random() < 0.5 else faces + [1]
    groups = [list(g) for g in base.groups]
    for g in groups:
        r = rnd.random()
        if r < 0.1:
            g[0] = rnd.choice([g[0] - 1, g[0] + 1, 11, 24, 0])
        elif r < 0.2:
            g[1] = rnd.choice([0, 4, 5, 7, 10, 11, g[0]])
        elif r < 0.3:
            g.append(rnd.choice([-1, 0, 1, 2, 3, 4, *g[2:3]]))
        elif r < 0.35:
            del g[2:]
    if rnd.random() < 0.2:
        idx = tuple(rnd.sample(range(4), rnd.randint(1, 4)))
        total = sum(faces[i] for i in idx if i < len(faces))
        groups.append([total, rnd.choice([0, total, 5, 9]), *idx])
    return R.Move(tuple(faces), tuple(tuple(g) for g in groups))


def _verdict(state: R.GoatsState, seat: int, move: R.Move) -> bool:
    try:
        state.check_move(seat, move)
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize("seed", range(3))
def test_the_remembered_check_gives_what_the_check_gives(seed):
    """check_move remembers its answers (check_groups): a mangled move meets the same verdict,
    the same groups or the same first problem, as the check worked out afresh."""
    rnd = random.Random(seed)
    checked = accepted = 0
    for state, seat in _states(12, seed):
        if not state.dice:
            continue
        for _ in range(3):
            move = _mangled(state, rnd)
            try:
                fresh = list(
                    R.check_groups.__wrapped__(state.dice, state.big_mountain, move.faces, move.groups)
                )
            except IllegalAction as e:
                fresh = str(e)
            try:
                got = state.check_move(seat, move)
            except IllegalAction as e:
                got = str(e)
            assert got == fresh, move
            accepted += isinstance(got, list)
            checked += 1
    assert 0 < accepted < checked


def test_unusual_values_meet_the_same_check():
    s = R.new_game(2, 1)
    s = attrs.evolve(s, dice=(1, 1, 3, 4))
    # A bool face and a bool die index behave as 1 in both paths.
    assert s.apply(0, R.Move((1, True, 3, 4), ((5, 5, True, 3),))) == s.apply(
        0, R.Move((1, 1, 3, 4), ((5, 5, 1, 3),))
    )
    with pytest.raises(IllegalAction, match="die 3 shows 3; only extra 1s may be changed"):
        s.apply(0, R.Move((1, 1, 2, 4), ((5, 5, 2, 3),)))
    with pytest.raises(IllegalAction, match="you kept no 1"):
        s.apply(0, R.Move((2, 2, 3, 4), ()))
    with pytest.raises(IllegalAction, match="die 3 is used twice"):
        s.apply(0, R.Move((1, 1, 3, 4), ((6, 6, 2, 2),)))
    with pytest.raises(IllegalAction, match="there is no die 5"):
        s.apply(0, R.Move((1, 1, 3, 4), ((5, 5, 4, 3),)))
    with pytest.raises(TypeError):  # a float die index: as before, not an IllegalAction
        s.apply(0, R.Move((1, 1, 3, 4), ((7, 7, 2.0, 3),)))


def test_fast_constructors_build_equal_objects():
    for state, _seat in _states(4, 9):
        built = evolve(state, turns=state.turns + 1)
        assert type(built) is R.GoatsState
        assert built == attrs.evolve(state, turns=state.turns + 1) and built != state
        assert repr(evolve(built, turns=state.turns)) == repr(state)
    move = R._move_of((1, 2, 3, 4), ((5, 5, 0, 3),))
    assert move == R.Move((1, 2, 3, 4), ((5, 5, 0, 3),))
    assert hash(move) == hash(R.Move((1, 2, 3, 4), ((5, 5, 0, 3),)))
    assert repr(move) == "Move(faces=(1, 2, 3, 4), groups=((5, 5, 0, 3),))"


def test_roll_table_matches_the_dice_formula():
    for r in range(6**4):
        for value in (r, r + 1296 * 12345678901):
            dice, event = S.roll(2, value)
            assert dice == (value % 6 + 1, value // 6 % 6 + 1, value // 36 % 6 + 1, value // 216 % 6 + 1)
            assert event.text == "{{2}} rolls {} {} {} {}.".format(*dice)


def test_roll_events_are_shared_values_equal_to_fresh_ones():
    from boardgames_tui.engine.core import Event

    a = R.new_game(3, 5).apply(0, R.ROLL)
    b = R.new_game(4, 5).apply(0, R.ROLL)
    assert a.dice == b.dice
    assert a.log[-1] is b.log[-1]
    assert a.log[-1] == Event("{{0}} rolls {} {} {} {}.".format(*a.dice))
    assert a.log[-1].private == {}
    # A seat given as a bool reads as its number, as seat_ref writes it.
    odd = attrs.evolve(R.new_game(2, 5), to_move=(True,), current=1)
    assert odd.apply(True, R.ROLL).log[-1] == Event("{{1}} rolls {} {} {} {}.".format(*a.dice))


def test_shared_move_events_equal_fresh_ones():
    from boardgames_tui.engine.core import Event

    from .conftest import move, scenario

    s = scenario(2, dice=(3, 4, 2, 6), pos={1: {7: 1}})
    a = s.apply(0, move((3, 4, 2, 6), (7, 7, 0, 1), (8, 8, 2, 3)))
    b = s.apply(0, move((3, 4, 2, 6), (7, 7, 0, 1), (8, 8, 2, 3)))
    assert [e.text for e in a.log[-2:]] == [
        "{0}: 3+4 on 7: goat climbs to step 1 of 3.",
        "{0}: 2+6 on 8: goat climbs to step 1 of 3.",
    ]
    assert a.log[-2] is b.log[-2] and a.log[-2] == Event("{0}: 3+4 on 7: goat climbs to step 1 of 3.")
    none = s.apply(0, move((3, 4, 2, 6)))
    assert none.log[-1] == Event("{0} uses no dice.") and none.log[-1].private == {}
    # Steps no table holds (a state built by hand) are written out as before.
    odd = attrs.evolve(s, pos=((0, 0, 1.0, 0, 0, 0), s.pos[1]))
    assert (
        odd.apply(0, move((3, 4, 2, 6), (7, 7, 0, 1))).log[-1].text
        == "{0}: 3+4 on 7: goat climbs to step 2.0 of 3."
    )


def _reference_random_action(state, seat, rnd):
    """random_action as first written (one loop, no tables): the draws and moves to match."""
    dice = state.dice
    if not dice:
        return R.ROLL
    faces = list(dice)
    if dice.count(1) >= 2:
        ones = [i for i in range(4) if dice[i] == 1]
        keep = rnd.choice(ones)
        for i in ones:
            if i != keep and rnd.random() < 0.5:
                faces[i] = rnd.randint(2, 6)
    bins = [[], [], []]
    bits = rnd.getrandbits(8)
    for i in range(4):
        b = (bits >> (2 * i)) & 3
        if b:
            bins[b - 1].append(i)
    hi = 24 if state.big_mountain else 10
    groups = []
    occ = None
    mypos = None
    for g in bins:
        if not g:
            continue
        s = sum(faces[i] for i in g)
        if s < 5 or s > hi:
            continue
        if s > 10:
            if occ is None:
                occ = set(state.big_spots())
                mypos = list(state.pos[seat])
            if s in occ:
                continue
            goat = rnd.choice(R.MOUNTAINS)
            old = mypos[goat - 5]
            if old > 10:
                occ.discard(old)
            occ.add(s)
            mypos[goat - 5] = s
            groups.append((s, goat, *g))
        else:
            if mypos is not None and mypos[s - 5] > 10:
                occ.discard(mypos[s - 5])
                mypos[s - 5] = 0
            groups.append((s, s, *g))
    return R.Move(tuple(faces), tuple(groups))


def test_random_action_draws_and_picks_as_the_plain_loop():
    for state, seat in _states(16, 4):
        a, b = random.Random(state.turns), random.Random(state.turns)
        for _ in range(3):
            picked = R.random_action(state, seat, a)
            assert picked == _reference_random_action(state, seat, b)
            if state.dice:
                assert type(picked.faces) is tuple and all(type(g) is tuple for g in picked.groups)
        assert a.random() == b.random()
