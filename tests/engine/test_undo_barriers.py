"""Undo never crosses what another seat has seen or what chance decided.

Issue "the hot seat keeps every secret", part 1: the rules mark barriers as
they apply an action (engine ``State.is_barrier``), and a property test over
random games of every title checks that each step undo allows is safe.
"""

from __future__ import annotations

import random

import pytest

from boardgames_tui.engine import Match, Pass
from boardgames_tui.engine.core import barrier_reasons
from boardgames_tui.engine.harness import check_undo_step, play_random_game
from boardgames_tui.games import GAMES
from boardgames_tui.games.mision_chungungo.rules import Excavate, Leap, PlaceAsteroid, PlaceToken, PlayCard

TITLES = ["mountain_goats", "penguinramids", "montana_pinguino", "mision_chungungo"]


def _chungungo(seed: int, actions) -> Match:
    m = Match.new("mision_chungungo", ["Ana", "Beto"], seed)
    for seat, action in actions:
        m.play(seat, action)
    return m


def test_undo_stops_where_the_field_runs_dry_and_the_hands_are_read():
    """Sheet "The field runs dry": the check reads every hand, so the leap that ends the turn is a barrier."""
    m = _chungungo(
        17,
        [
            (0, PlaceAsteroid(0, -1)),
            (1, PlaceAsteroid(1, 0)),
            (1, PlaceAsteroid(2, 0)),
            (0, PlaceToken(0, 0)),
            (1, PlaceToken(2, 0)),
            (0, PlayCard(43)),
            (0, Excavate(1, 0)),
            (1, PlayCard(44)),
            (1, Leap(0, -1)),
        ],
    )
    assert any("run dry" in e.text for e in m.state.log[-3:])
    assert not m.can_undo()
    assert "marked" in barrier_reasons(m.states[-2], 1, m.state)


def test_undo_never_reaches_back_into_the_previous_players_turn_after_a_reaction_window():
    """docs/architecture.md, Undo barriers: the closing of a public reaction window is a barrier."""
    m = _chungungo(
        19,
        [
            (0, PlaceAsteroid(1, 0)),
            (1, PlaceAsteroid(1, 1)),
            (1, PlaceAsteroid(-1, 0)),
            (0, PlaceToken(1, 1)),
            (1, PlaceToken(-1, 0)),
            (0, PlayCard(43)),
            (0, Excavate(1, 0)),
            (1, PlayCard(44)),
            (1, Excavate(0, 0)),
            (0, PlayCard(7)),
        ],
    )
    assert m.state.reaction_window is not None
    # "Nobody reacts": each seat in the window passes, as the app does for Enter.
    while m.state.reaction_window is not None:
        seat = sorted(m.state.to_move)[0]
        m.play(seat, Pass())
    while m.can_undo():
        m.undo()
    # However far undo goes, it never goes back past the window's answer.
    assert len(m.actions) >= 11


def _montana_window_matches(count: int):
    """Random 4-runner Montaña matches that reach an Iglú reaction window."""
    spec = GAMES["montana_pinguino"]
    for seed in range(200):
        rnd = random.Random(seed)
        m = Match.new("montana_pinguino", ["A", "B", "C", "D"], seed)
        while not m.state.is_terminal:
            st = m.state
            if st.reaction_window is not None and "Iglú" in st.reaction_window:
                yield m
                count -= 1
                if count == 0:
                    return
                break
            seat = st.to_move[0] if len(st.to_move) == 1 else rnd.choice(st.to_move)
            m.play(seat, rnd.choice(st.legal_actions(seat)))
    assert spec  # the loop above found fewer windows than asked


def test_undo_never_takes_back_a_card_play_the_table_watched_in_an_iglu_window():
    """Montaña: once the public Iglú window has been shown and answered, undo stops there."""
    found = 0
    for m in _montana_window_matches(5):
        window_at = len(m.actions)
        # Answer the window: each runner who may block passes (or blocks, the first one).
        while m.state.reaction_window is not None:
            seat = sorted(m.state.to_move)[0]
            m.play(seat, m.state.legal_actions(seat)[0])
        while m.can_undo():
            m.undo()
        assert len(m.actions) > window_at
        # and the action that opened the window was itself a barrier
        assert m.barriers[window_at - 1]
        found += 1
    assert found == 5


def test_every_action_in_or_around_a_reaction_window_is_a_barrier():
    """Opening, answering or closing a public reaction window: never undone (docs/architecture.md, Undo barriers)."""
    seen = 0
    for gid, players in (("montana_pinguino", 4), ("mision_chungungo", 3)):
        for seed in range(6):
            m = play_random_game(GAMES[gid], players, seed, checkpoints=0).match
            for i, (before, after) in enumerate(zip(m.states, m.states[1:], strict=False)):
                if before.reaction_window is not None or after.reaction_window is not None:
                    assert m.barriers[i], f"{gid} seed {seed}: action {i} at a reaction window can be undone"
                    seen += 1
    assert seen > 20


@pytest.mark.parametrize("gid", TITLES)
def test_undoable_steps_show_nothing_new_to_anyone_else_and_read_nothing_hidden(gid):
    """The property test, bounded: random games of each title, every undoable step checked."""
    spec = GAMES[gid]
    checked = 0
    for seed in range(8):
        players = spec.min_players + seed % (min(spec.max_players, 4) - spec.min_players + 1)
        rnd = random.Random(seed)
        m = Match.new(gid, [f"P{i}" for i in range(players)], seed)
        while not m.state.is_terminal:
            st = m.state
            seat = st.to_move[0] if len(st.to_move) == 1 else rnd.choice(st.to_move)
            action = rnd.choice(st.legal_actions(seat))
            m.play(seat, action)
            if m.can_undo():
                check_undo_step(
                    st, seat, action, m.state, getattr(spec.rules, "redeal_hidden", None), rnd, gid
                )
                checked += 1
    if gid in ("mountain_goats", "penguinramids"):
        # Every roll and move, every penguin taken or placed after the reveal, is
        # watched by the whole table; a secret card ends that seat's choice.
        assert checked == 0
    else:
        assert checked > 0  # moves within a turn behind the curtain can be taken back


@pytest.mark.slow
@pytest.mark.parametrize("gid", TITLES)
def test_undo_property_over_a_thousand_games(gid):
    """The same property over 1,000 random games of each title (the harness checks every undoable step)."""
    spec = GAMES[gid]
    for seed in range(1000):
        players = spec.min_players + seed % (min(spec.max_players, 4) - spec.min_players + 1)
        play_random_game(spec, players, 10_000 + seed, checkpoints=0, max_decisions=5000)
