"""The list of moves and what applying a move gives stay exactly as recorded.

Mountain Goats lists a roll's moves by resolving every candidate dice
sequence with the rules' own steps (``GoatsState._resolve``); work that only
makes that cheaper must not change the list (its moves, their points, their
order) nor any state ``apply`` returns (positions, tokens, bonuses, the next
seat, the generator and every log line).

How the reference was made: the digests in ``RECORDED`` were computed by
this very test from the rules as they stood on 2 December 2026, when
``ranked_moves`` had just started resolving each sequence with
``_resolve`` (before any work on its speed), and pasted here. They were
recorded once more, the same day, from that code with only the log's
"an 8 token" wording added (the code just before the speed work was merged
with it); the faster rules gave the same digests both times. A digest is
SHA-256 over, for every decision of fixed seeded random games:

- the ranked list (each move's faces, groups and points), and the
  ``legal_actions`` list;
- for a move decision, the result of ``apply`` for every candidate
  sequence of the roll (``speed.dice_sequences``, the refused ones too: their
  refusal's text), for one ``random_action`` move, and for the move chosen
  to go on with (a seeded random pick from the list);
- for a roll, the state ``apply`` gives.

A state is summed up by every field (the log by the lines the decision
added). Games are grouped by option set (2-5 players, with and without the
Big Mountain), one digest each, so a failure names the options that
changed. A digest that differs means the rules now give something else: if
that is intended (a rule fixed), the change is not a speed change and the
digests are recorded anew in the same commit, saying why.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from boardgames_tui.engine.core import IllegalAction
from boardgames_tui.games.mountain_goats import rules as R
from boardgames_tui.games.mountain_goats import speed as S

GAMES_PER_OPTIONS = 6

#: (players, big_mountain) -> SHA-256 of the games of those options (see the module docstring).
RECORDED = {
    (2, False): "4c3920489c31a6455808f50ca42241c2cb3cc405ccdef9c8f2dcbe208f6adc86",
    (3, False): "073e0a8c62134fa2158d05e6109444fd7fa3add43c66b3af31a04784c5b89ecd",
    (4, False): "4d0c6b995a73d85a0decab26e96957aced70ba2bc4a46fe1ab0a4795bfa147aa",
    (2, True): "60f08587c883e1b2428a232fd22c9364cbaf8de7b59bf8d8e92a8f8008711b98",
    (3, True): "63b78c4c598b6e36274dd7d834883d1b09f2fb5c81484f73012280da254de84e",
    (4, True): "43e98fdcceb86a21eb2796a660c4f3af042cb5b8cf13be394bbd8283774a6675",
    (5, True): "845a9ea9225c9db8db12e16e6f93a3f889f470a3a6770e7317d6e1cc53b50b64",
}


def _summary(before: R.GoatsState, after: R.GoatsState) -> tuple[object, ...]:
    """Every field of ``after``; of the log, the lines added since ``before``."""
    added = after.log[len(before.log) :]
    return (
        after.n,
        after.big_mountain,
        after.pos,
        after.supply,
        after.tokens,
        after.bonus_left,
        after.bonus_won,
        after.current,
        after.dice,
        after.turns,
        after.ending,
        after.to_move,
        after.rng.state,
        len(after.log),
        tuple((e.text, tuple(sorted(e.private.items()))) for e in added),
    )


def _applied(state: R.GoatsState, seat: int, action: object) -> tuple[object, ...]:
    try:
        return ("ok", _summary(state, state.apply(seat, action)))
    except IllegalAction as exc:
        return ("refused", str(exc))


def _digest(players: int, big: bool) -> str:
    h = hashlib.sha256()
    for g in range(GAMES_PER_OPTIONS):
        seed = players * 1000 + big * 100 + g
        rnd = random.Random(seed)
        state = R.new_game(players, seed, big_mountain=big)
        while not state.is_terminal:
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            if state.dice:
                ranked = state.ranked_moves(seat)
                h.update(repr([(m.faces, m.groups, pts) for m, pts in ranked]).encode())
                h.update(repr([(m.faces, m.groups) for m in legal]).encode())
                for _seq, move in S.dice_sequences(state.dice, state.big_mountain, R._move_of):
                    h.update(repr(_applied(state, seat, move)).encode())
                h.update(repr(_applied(state, seat, R.random_action(state, seat, rnd))).encode())
            else:
                h.update(repr(legal).encode())
            action = rnd.choice(legal)
            after = state.apply(seat, action)
            h.update(repr(_summary(state, after)).encode())
            state = after
    return h.hexdigest()


@pytest.mark.parametrize(("players", "big"), sorted(RECORDED))
def test_listed_moves_and_applied_states_are_as_recorded(players: int, big: bool) -> None:
    """Rulebook: Turno - the same roll lists the same moves, best first, and each move does the same."""
    assert _digest(players, big) == RECORDED[players, big]
