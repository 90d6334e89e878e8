"""Misión Chungungo hand-overs through the real app.

Enter bursts (one ``pilot.press`` call: see tests/conftest.py) at the end
of a turn, at a card that opens the reaction window, at the window itself
and at a private notice never act past the next hand-over; the thief reads
a stolen card before the keyboard passes and the victim is told first
thing; a notice for one seat is gone when the next one takes the keyboard.
"""

from __future__ import annotations

import random

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine import Match, Pass
from boardgames_tui.ui.board import ActionChosen
from tests.handover import BURSTS, actions, where
from tests.screen_text import notices, screen_text, wait_for

SIZE = (80, 24)
NAMES = ["Ana", "Beto"]


def scenario(pred, seeds=range(200), steps=600) -> Match:
    """The first position of seeded random play where ``pred(state)`` holds."""
    for seed in seeds:
        match = Match.new("mision_chungungo", NAMES, seed, {})
        rnd = random.Random(seed)
        for _ in range(steps):
            state = match.state
            if state.is_terminal:
                break
            if pred(state):
                return match
            seat = state.to_move[0]
            match.play(seat, rnd.choice(state.legal_actions(seat)))
    raise AssertionError("no seed reaches the position")


def first_choice_leads_to(state, check) -> bool:
    """Whether the first listed choice (what Enter picks) of the seat to move gives ``check(after)``."""
    if state.reaction_window is not None or state.phase != "turn":
        return False
    seat = state.to_move[0]
    after = state.apply(seat, state.legal_actions(seat)[0])
    return not after.is_terminal and not after.private_news(seat, len(state.log)) and check(after, seat)


def steal_after_all_pass(state) -> bool:
    """A reaction window after which, when nobody reacts, a card is stolen."""
    if state.reaction_window is None:
        return False
    start = len(state.log)
    for seat in sorted(state.to_move):
        state = state.apply(seat, Pass())
    return state.reaction_window is None and any(len(e.private) == 2 for e in state.log[start:])


async def lift(pilot) -> None:
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.parametrize("n", BURSTS)
async def test_enter_burst_that_ends_a_turn_leaves_the_next_players_curtain_down(n):
    match = scenario(
        lambda s: first_choice_leads_to(s, lambda a, seat: a.to_move[0] != seat and a.reaction_window is None)
    )
    mover = match.state.to_move[0]
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await lift(pilot)
        assert where(app) == ("seat", mover, None)
        before = len(actions(app))
        await pilot.press(*["enter"] * n)
        await pilot.pause()
        nxt = match.state.to_move[0]
        # One action of the burst; after it only what the next player had no choice about
        # (a Starter Kit as the only card, a regroup with an empty hand), played for it.
        assert actions(app)[before][0] == mover
        assert all(s == nxt for s, _a in actions(app)[before + 1 :])
        assert all(i in app.screen.forced for i in range(before + 1, len(actions(app))))
        assert where(app) == ("curtain", f"{'AB'[nxt]} {NAMES[nxt]}")


@pytest.mark.parametrize("n", BURSTS)
async def test_enter_burst_that_plays_a_card_leaves_the_reaction_window_up(n):
    match = scenario(lambda s: first_choice_leads_to(s, lambda a, seat: a.reaction_window is not None))
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await lift(pilot)
        before = len(actions(app))
        await pilot.press(*["enter"] * n)
        await pilot.pause()
        assert len(actions(app)) == before + 1 and where(app) == ("reaction",)


def stolen(match) -> tuple[str, str]:
    """After the passes: the thief's and the victim's private lines of the theft."""
    event = next(e for e in reversed(match.state.log) if len(e.private) == 2)
    return tuple(event.private[s] for s in sorted(event.private))


async def test_the_thief_reads_the_card_and_the_victim_is_told_first_thing():
    match = scenario(steal_after_all_pass)
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        assert where(app) == ("reaction",)
        await pilot.press("enter")  # nobody reacts: the shot steals
        await pilot.pause()
        took, lost = stolen(match)
        assert took.startswith("you took") and lost.startswith("you lost")
        assert where(app) == ("curtain", "A Ana")
        assert "Something only this player may read" in screen_text(app) and "took" not in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert where(app) == ("notice", "A Ana") and took in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert where(app) == ("curtain", "B Beto") and lost not in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        # Told on its own screen, with no second screen to press Enter on.
        assert where(app) == ("seat", 1, None) and lost in notices(app)


@pytest.mark.parametrize("n", BURSTS)
async def test_enter_burst_in_the_reaction_window_stops_at_the_thiefs_curtain(n):
    match = scenario(steal_after_all_pass)
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*["enter"] * n)
        await pilot.pause()
        assert where(app) == ("curtain", "A Ana")


@pytest.mark.parametrize("n", BURSTS)
async def test_enter_burst_on_the_thiefs_notice_leaves_the_victims_curtain_down(n):
    match = scenario(steal_after_all_pass)
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(2):
            await pilot.press("enter")
            await pilot.pause()
        assert where(app) == ("notice", "A Ana")
        await pilot.press(*["enter"] * n)
        await pilot.pause()
        assert where(app) == ("curtain", "B Beto")


def only_pass_then_hand_over(state) -> bool:
    """A reaction window for one seat that holds no eel, after which another seat decides."""
    if state.reaction_window is None or len(state.to_move) != 1:
        return False
    seat = state.to_move[0]
    if state.legal_actions(seat) != [Pass()]:
        return False
    after = state.apply(seat, Pass())
    return not after.is_terminal and after.to_move[0] != seat


async def test_a_notice_for_one_seat_is_gone_when_the_keyboard_passes():
    match = scenario(only_pass_then_hand_over)
    seat = match.state.to_move[0]
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("ab"[seat])  # calls out, then finds no eel in hand
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert where(app) == ("seat", seat, None)
        assert "nothing to react with" in screen_text(app)
        await pilot.press("enter")  # pass
        await pilot.pause()
        assert where(app)[0] in ("curtain", "reaction", "notice")
        assert "nothing to react with" not in screen_text(app)
        assert "nothing to react with" not in notices(app)


async def test_one_enter_per_screen_ends_the_turn_then_lifts_the_next_curtain():
    match = scenario(
        lambda s: first_choice_leads_to(s, lambda a, seat: a.to_move[0] != seat and a.reaction_window is None)
    )
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await lift(pilot)
        await pilot.press("enter")
        await pilot.pause()
        nxt = match.state.to_move[0]
        assert where(app) == ("curtain", f"{'AB'[nxt]} {NAMES[nxt]}")
        await pilot.press("enter")
        await pilot.pause()
        assert where(app) == ("seat", nxt, None)


def window_then_same_player(state) -> bool:
    """The first choice plays a crew card that opens the reaction window, and once everyone
    passes, the same player decides next (the card goes on: where to excavate, whom to shoot)."""

    def check(after, seat):
        if after.reaction_window is None:
            return False
        for s in sorted(after.to_move):
            after = after.apply(s, Pass())
        return after.reaction_window is None and not after.is_terminal and after.to_move[0] == seat

    return first_choice_leads_to(state, check)


async def test_after_a_reaction_window_nobody_answered_the_same_player_goes_on_without_a_curtain():
    match = scenario(window_then_same_player)
    mover = match.state.to_move[0]
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await lift(pilot)
        assert where(app) == ("seat", mover, None)
        await pilot.press("enter")  # plays the crew card
        await pilot.pause()
        assert where(app) == ("reaction",)
        assert "goes on" in screen_text(app)  # the window says who has the keyboard after it
        await pilot.press("enter")  # nobody reacts
        await pilot.pause()
        assert where(app) == ("seat", mover, None)


def only_choice_shows_nothing(state) -> bool:
    """The player to move has one legal action, and it draws nothing and tells nobody anything."""
    if state.reaction_window is not None or state.phase != "turn":
        return False
    seat = state.to_move[0]
    legal = state.legal_actions(seat)
    if len(legal) != 1:
        return False
    after = state.apply(seat, legal[0])
    return after.rng == state.rng and not any(e.private for e in after.log[len(state.log) :])


async def test_a_forced_single_option_is_played_for_the_player_with_a_line_in_the_log():
    match = scenario(only_choice_shows_nothing)
    seat = match.state.to_move[0]
    forced = match.state.legal_actions(seat)[0]
    before = len(match.actions)
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert match.actions[before] == (seat, forced)  # nobody was asked
        assert match.state.log[-1].text or match.state.log[-2].text
        await lift(pilot)
        assert where(app) == ("seat", seat, None)
        assert len(match.state.legal_actions(seat)) > 1 or match.state.to_move[0] != seat


async def test_alone_a_private_notice_never_says_pass_the_keyboard():
    """One person against a computer player: the excavator reads its card, then the computer
    plays; there is nobody to pass the keyboard to."""
    match = scenario(lambda s: news_then_turn_passes(s) is not None)
    mover = match.state.to_move[0]
    action = news_then_turn_passes(match.state)
    for seat in range(len(NAMES)):
        if seat != mover:
            match.set_seat(seat, "random")
    app = BoardGamesApp(match=match, bot_pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = app.screen
        assert where(app) == ("seat", mover, None)
        game.post_message(ActionChosen(action, game.stamp))
        await pilot.pause()
        await pilot.pause()
        assert where(app)[0] == "notice"
        assert "pass the keyboard" not in screen_text(app) and "Enter to go on" in screen_text(app)


def news_then_turn_passes(state):
    """An action of the seat to move that teaches it something in private and ends its turn
    (no reaction window), or None."""
    if state.reaction_window is not None or state.phase != "resolve":
        return None
    seat = state.to_move[0]
    for action in state.legal_actions(seat):
        after = state.apply(seat, action)
        if (
            not after.is_terminal
            and after.private_news(seat, len(state.log))
            and after.to_move[0] != seat
            and after.reaction_window is None
        ):
            return action
    return None


def ends_turn_with_a_line_of_its_own(state) -> bool:
    """The seat to move's every choice writes a line of its own, then the next turn's line."""
    if state.reaction_window is not None or state.phase != "resolve":
        return False
    seat = state.to_move[0]
    for action in state.legal_actions(seat):
        after = state.apply(seat, action)
        new = [e.text for e in after.log[len(state.log) :] if e.text]
        if after.is_terminal or len(new) < 2 or not new[-1].startswith("Turn ") or new[0].startswith("Turn "):
            return False
    return True


async def test_a_computer_players_move_line_names_its_own_move_not_the_next_turn():
    match = scenario(ends_turn_with_a_line_of_its_own)
    match.set_seat(match.state.to_move[0], "random")
    app = BoardGamesApp(match=match, bot_pause=30)
    async with app.run_test(size=SIZE) as pilot:
        game = app.screen
        await wait_for(pilot, lambda: game.bots.pausing, what="the computer's move on show")
        status = game.query_one("#game-status").text
        assert "Turn " not in status.split("):", 1)[1]


def choice_then_forced(state):
    """A choice of the seat to move that may be undone and leaves that seat a single option
    that shows nothing and may be undone too, or None."""
    if state.reaction_window is not None or state.phase not in ("turn", "resolve"):
        return None
    seat = state.to_move[0]
    if len(state.legal_actions(seat)) < 2:
        return None
    for action in state.legal_actions(seat):
        after = state.apply(seat, action)
        if state.is_barrier(seat, action, after) or after.is_terminal or after.to_move != (seat,):
            continue
        legal = after.legal_actions(seat)
        if len(legal) == 1:
            last = after.apply(seat, legal[0])
            if not after.is_barrier(seat, legal[0], last):
                return action
    return None


async def test_undo_takes_back_the_only_choice_played_for_the_player_with_the_choice_before():
    match = scenario(lambda s: choice_then_forced(s) is not None)
    seat = match.state.to_move[0]
    action = choice_then_forced(match.state)
    before = len(match.actions)
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await lift(pilot)
        game = app.screen
        game.post_message(ActionChosen(action, game.stamp))
        await wait_for(pilot, lambda: len(match.actions) == before + 2, what="the choice and the forced one")
        assert before + 1 in game.forced
        await wait_for(pilot, lambda: app.key_gate.drawn)
        app.key_gate.rest()
        await pilot.press("u")
        await pilot.pause()
        assert len(match.actions) == before  # not just the forced step, played again at once
        assert where(app) == ("seat", seat, None)
