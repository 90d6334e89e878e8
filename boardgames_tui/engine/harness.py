"""The random-play harness every game plugs into (docs/testing.md).

:func:`play_random_game` plays one seeded game with uniformly random legal
actions and checks the contract's invariants on the way:

- exactly the seats in ``to_move`` have legal actions, without duplicates;
- a seat's view gives that seat the same legal actions (at checkpoints);
- the leak test: re-dealing what a seat cannot know leaves its view equal
  (when the rules module has ``redeal_hidden``);
- the game's own ``check_invariants(state)`` after every action;
- save -> load -> replay gives an equal state (at checkpoints);
- the game ends within ``max_decisions``;
- every step undo allows is safe to take back (:func:`check_undo_step`).

Failures raise AssertionError with the seed, so a failing game can be
replayed by hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from .core import State
from .match import Match
from .spec import GameSpec


@attrs.frozen
class HarnessResult:
    """One finished random game: final state, number of decisions, the match."""

    match: Match
    decisions: int


def play_random_game(
    spec: GameSpec,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    max_decisions: int = 5000,
    checkpoints: int = 3,
    choose: Callable[[random.Random, list[Any]], Any] | None = None,
) -> HarnessResult:
    """Play one random game under the invariants above; return it.

    ``checkpoints`` is how many evenly spread moments get the expensive checks
    (views, leak test, save/load/replay); the final state always gets them.
    Raises AssertionError naming the seed on any broken invariant.
    """
    rules = spec.rules
    check = getattr(rules, "check_invariants", None)
    redeal = getattr(rules, "redeal_hidden", None)
    rnd = random.Random(seed)
    names = [f"P{i + 1}" for i in range(players)]
    match = Match.new(spec.id, names, seed, dict(options or {}))
    where = f"{spec.id} players={players} seed={seed} options={dict(options or {})}"
    expensive_every = max(1, max_decisions // (8 * max(1, checkpoints)))
    decisions = 0
    while not match.state.is_terminal:
        state = match.state
        assert state.to_move, f"{where}: not terminal but nobody to move"
        assert decisions < max_decisions, f"{where}: no end after {max_decisions} decisions"
        seat = state.to_move[0] if len(state.to_move) == 1 else rnd.choice(state.to_move)
        legal = state.legal_actions(seat)
        assert legal, f"{where}: seat {seat} to move with no legal action"
        if decisions % expensive_every == 0:
            _expensive_checks(match, spec, rnd, redeal, where)
            assert len(set(map(repr, legal))) == len(legal), f"{where}: duplicate legal actions"
            for other in range(players):
                if other not in state.to_move:
                    assert state.legal_actions(other) == [], f"{where}: seat {other} has actions out of turn"
        action = choose(rnd, legal) if choose else rnd.choice(legal)
        match.play(seat, action)
        decisions += 1
        if match.can_undo():
            check_undo_step(state, seat, action, match.state, redeal, rnd, where)
        if check is not None:
            check(match.state)
    assert match.state.to_move == (), f"{where}: terminal state with seats to move"
    _expensive_checks(match, spec, rnd, redeal, where)
    return HarnessResult(match, decisions)


def check_undo_step(
    before: State,
    seat: int,
    action: Any,
    after: State,
    redeal: Callable[..., State] | None,
    rnd: random.Random,
    where: str = "",
) -> None:
    """Check that undoing ``seat``'s ``action`` (``before`` -> ``after``) hides nothing from anyone.

    Issue "the hot seat keeps every secret", part 1: for a step undo allows,
    (a) no other seat has been shown anything new: no new log line is
    addressed to another seat; new public lines only while ``seat`` is alone
    behind the curtain (``before.needs_curtain(seat)``), so the others read
    them in the next curtain's recap, which an undo removes them from; and
    no hand-over (the same seats decide, ``seat`` among them, no reaction
    window opened or closed); (b) the step taught ``seat`` nothing hidden:
    re-dealing what ``seat`` cannot know (``redeal``, the rules'
    ``redeal_hidden``) and applying the same action gives ``seat`` the same
    view. Raises AssertionError naming ``where``.
    """
    new = after.log[len(before.log) :]
    assert after.log[: len(before.log)] == before.log, f"{where}: {action} rewrote the log"
    for other in range(before.players):
        if other != seat:
            assert all(other not in e.private for e in new), (
                f"{where}: undoable {action} by seat {seat} told seat {other} something"
            )
    assert not new or before.needs_curtain(seat), (
        f"{where}: undoable {action} by seat {seat} added public lines while the table watches"
    )
    assert seat in after.to_move and set(after.to_move) == set(before.to_move), (
        f"{where}: undoable {action} by seat {seat} passed the keyboard"
    )
    assert (before.reaction_window is None) == (after.reaction_window is None), (
        f"{where}: undoable {action} by seat {seat} opened or closed a reaction window"
    )
    if redeal is None:
        return
    seen = after.view(seat)
    for _ in range(2):
        again = redeal(before, seat, rnd).apply(seat, action)
        assert again.view(seat) == seen, (
            f"{where}: undoable {action} by seat {seat} depends on hidden information"
        )


def _expensive_checks(
    match: Match, spec: GameSpec, rnd: random.Random, redeal: Callable[..., State] | None, where: str
) -> None:
    state = match.state
    for seat in range(match.players):
        view = state.view(seat)
        assert type(view) is type(state), f"{where}: view of another class"
        assert view.legal_actions(seat) == state.legal_actions(seat), (
            f"{where}: view changes seat {seat}'s actions"
        )
        assert view.view(seat) == view, f"{where}: view of a view differs"
        if redeal is not None:
            other = redeal(state, seat, rnd)
            assert other.view(seat) == view, f"{where}: seat {seat}'s view leaks hidden information"
    loaded = type(match).from_json(match.to_json())
    kept = match.saved_length()
    assert loaded.state == match.states[kept], f"{where}: save -> load -> replay differs"
    assert not loaded.state.holds_secret_choices, f"{where}: a save spells out a secret choice"
