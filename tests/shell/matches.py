"""Matches at the moments the shell tests need, from seeded random play of a real game."""

from __future__ import annotations

import functools
import random

from boardgames_tui.engine import Match

from .tiny_game import Confirm, Pick

#: Games whose rules never open a reaction window.
NO_REACTIONS = ("mountain_goats", "penguinramids")


def checkpoints(game_id: str, names: tuple[str, ...]) -> dict[str, Match]:
    """Fresh matches of ``game_id`` with ``names``: ``"start"`` (the first moment a
    player takes the seat: no action yet, or the first hand-over behind a curtain
    once Misión Chungungo's open setup is done),
    ``"reaction"`` (a reaction window is open; games that have one) and
    ``"over"`` (finished), from seeded random play. Each call gives new Match
    objects, since the app plays on the match it is given.
    """
    return {key: replay(match, n) for key, (match, n) in _found(game_id, tuple(names)).items()}


@functools.cache
def _found(game_id: str, names: tuple[str, ...]) -> dict[str, tuple[Match, int]]:
    found: dict[str, tuple[Match, int]] = {}
    for seed in range(1, 40):
        rng = random.Random(seed)
        match = Match.new(game_id, names, seed)
        hidden = match.spec.hidden_information
        for _ in range(5000):
            state = match.state
            if state.is_terminal:
                break
            if "start" not in found and (not hidden or state.needs_curtain(state.to_move[0])):
                found["start"] = (match, len(match.actions))
            if state.reaction_window is not None and "reaction" not in found:
                found["reaction"] = (match, len(match.actions))
            seat = state.to_move[0]
            match.play(seat, rng.choice(state.legal_actions(seat)))
        if match.state.is_terminal and "over" not in found:
            found["over"] = (match, len(match.actions))
        if "over" in found and ("reaction" in found or game_id in NO_REACTIONS):
            return found
    raise AssertionError(f"random play of {game_id} met no reaction window or never ended")


def replay(match: Match, n: int) -> Match:
    """A new match: ``match``'s setup and its first ``n`` actions."""
    copy = Match.new(match.game_id, match.names, match.seed, match.options)
    for seat, action in match.actions[:n]:
        copy.play(seat, action)
    return copy


def reaction_match():
    """A Veto match where, after both picks, seat B holds a Veto and can react."""
    for seed in range(200):
        m = Match.new("veto", ["Ana", "Beto"], seed)
        s = m.state
        if 0 not in s.hands[1] or 0 in s.hands[0]:
            continue
        a = max(c for c in s.hands[0] if c)
        b = min(c for c in s.hands[1] if c)
        if a <= b:
            continue
        m.play(0, Pick(a))
        m.play(0, Confirm())
        m.play(1, Pick(b))
        m.play(1, Confirm())
        assert m.state.reaction_window is not None
        return m
    raise AssertionError("no seed gives a reaction")
