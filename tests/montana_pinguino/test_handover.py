"""Montaña Pingüino hand-overs through the real app.

Enter bursts (one ``pilot.press`` call: see tests/conftest.py) never
commit a card played face down without its confirming key, never answer the
next decision of the same runner (the right card after the left one, the
Tormenta window after an Iglú) and never close the notice of an item drawn;
a runner who draws one item reads it before the keyboard passes.
"""

from __future__ import annotations

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.games.montana_pinguino import rules as R
from tests.handover import BURSTS, actions, send_at_once, where
from tests.screen_text import notices, screen_text, wait_for

from .conftest import scene

SIZE = (80, 24)


def first_scene(pred):
    """The first two-runner scene (seeds from 1) where ``pred`` holds."""
    for seed in range(1, 60):
        try:
            return scene(2, seed, pred)
        except AssertionError:
            continue
    raise AssertionError("no seed reaches the scene")


def iglu_window(state) -> bool:
    return (
        state.reaction_window is not None
        and state.stage == R.Stage.IGLU
        and any(R.PlayIglu() in state.legal_actions(s) for s in state.to_move)
    )


def draws_one_then_passes(state) -> bool:
    if state.phase != R.Phase.DRAW:
        return False
    seat = state.to_move[0]
    after = state.apply(seat, R.DrawItem())
    return after.phase == R.Phase.DRAW and after.to_move[0] != seat


async def lift(pilot) -> None:
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.parametrize("n", BURSTS)
async def test_enter_burst_on_a_secret_play_only_marks_the_card(n):
    match = first_scene(lambda s: s.phase == R.Phase.PLAY and not any(s.played))
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await lift(pilot)
        seat = match.state.to_move[0]
        await pilot.press(*["enter"] * n)
        await pilot.pause()
        assert where(app) == ("seat", seat, 0) and actions(app) == []
        assert "Enter to confirm" in screen_text(app)


@pytest.mark.parametrize("n", BURSTS)
async def test_enter_burst_confirming_the_left_card_leaves_the_right_card_open(n):
    match = first_scene(lambda s: s.phase == R.Phase.PLAY and not any(s.played))
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await lift(pilot)
        seat = match.state.to_move[0]
        await pilot.press("1")
        await pilot.pause()
        await pilot.press(*["enter"] * n)
        await pilot.pause()
        assert len(actions(app)) == 1 and isinstance(actions(app)[0][1], R.PlayCard)
        assert where(app) == ("seat", seat, None)  # the right card is still to choose
        assert "RIGHT card" in screen_text(app)


@pytest.mark.parametrize("n", BURSTS)
async def test_enter_burst_after_an_iglu_does_not_answer_the_next_window(n):
    match = first_scene(iglu_window)
    state = match.state
    seat = next(s for s in state.to_move if R.PlayIglu() in state.legal_actions(s))
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert where(app) == ("reaction",)
        await pilot.press("ab"[seat])
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        before = len(actions(app))
        assert where(app) == ("seat", seat, None)
        await pilot.press(*["enter"] * n)  # the first Enter plays the Iglú (first in the list)
        await pilot.pause()
        assert actions(app)[before:] == [(seat, R.PlayIglu())]
        # The table first watches the card resolve; the rest of the burst does not skip it.
        assert where(app) == ("reveal",)
        await pilot.press("space")  # to the last picture
        await pilot.press("space")  # on
        await pilot.pause()
        assert where(app) == ("reaction",)  # the next card's window waits for a fresh key
        assert actions(app)[before:] == [(seat, R.PlayIglu())]


@pytest.mark.parametrize("n", BURSTS)
async def test_a_runner_reads_the_item_it_drew_before_the_keyboard_passes(n):
    match = first_scene(draws_one_then_passes)
    seat = match.state.to_move[0]
    who = f"{'AB'[seat]} {match.names[seat]}"
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await lift(pilot)
        await pilot.press(*["enter"] * n)  # draw, and keys that would close the notice
        await pilot.pause()
        drawn = next(e for e in reversed(match.state.log) if seat in e.private).private[seat]
        assert drawn.startswith("you drew")
        assert where(app) == ("notice", who) and drawn in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert where(app)[0] == "curtain" and where(app)[1] != who


async def test_one_key_per_screen_plays_both_cards_then_hands_over():
    match = first_scene(lambda s: s.phase == R.Phase.PLAY and not any(s.played))
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await lift(pilot)
        seat = match.state.to_move[0]
        steps = []
        for key in ("1", "enter", "0", "enter"):  # card 1 left, then 0: no right card
            await pilot.press(key)
            await pilot.pause()
            steps.append((where(app)[0], len(actions(app))))
        assert steps == [("seat", 0), ("seat", 1), ("seat", 1), ("curtain", 2)]
        assert [s for s, _a in actions(app)] == [seat, seat]


async def test_a_confirming_enter_read_together_with_the_digit_is_never_lost_silently():
    """A digit and Enter read in one chunk (a loaded machine stamps them alike): the Enter
    cannot confirm a mark the runner has not seen, but the runner is told to press it again."""
    match = first_scene(lambda s: s.phase == R.Phase.PLAY and not any(s.played))
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await lift(pilot)
        seat = match.state.to_move[0]
        await wait_for(pilot, lambda: app.key_gate.drawn)
        app.key_gate.rest()  # the runner has read the table
        await send_at_once(pilot, "1", "enter")
        assert where(app) == ("seat", seat, 0) and actions(app) == []
        assert "press it again" in notices(app)
        await wait_for(pilot, lambda: app.key_gate.drawn)
        app.key_gate.rest()
        await pilot.press("enter")  # pressed again, on the screen that shows the mark
        await pilot.pause()
        assert len(actions(app)) == 1


async def test_a_confirming_enter_overtaken_by_a_new_screen_is_told():
    """The Enter passed the key gate as it arrived; before it reached the list, something else
    showed a new screen (armed the gate): it does nothing there, and the runner is told."""
    match = first_scene(lambda s: s.phase == R.Phase.PLAY and not any(s.played))
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await lift(pilot)
        await pilot.press("1")
        await pilot.pause()
        gate = app.key_gate
        passes = gate.passes

        def overtaken(event, screen):
            ok = passes(event, screen)
            if ok and event.key == "enter" and not event.is_forwarded:
                gate.arm(app.screen)  # as a computer player's move would, between two hops
            return ok

        gate.passes = overtaken
        gate.rest()
        await pilot.press("enter")
        await pilot.pause()
        assert actions(app) == []
        assert "press it again" in notices(app)
