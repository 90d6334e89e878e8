"""The key gate (ui/keygate.py): a key meant for one screen never acts on the next.

Unit tests of the gate's rule with hand-made key times, then Pilot tests on
the test game Veto: keys queued together, keys at a player's pace (real
timing), and Enter bursts at a private notice, a reaction window and the
end of the game.
"""

import pytest
from textual import events

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine import Match, Pass
from boardgames_tui.ui.game_over import GameOverScreen
from boardgames_tui.ui.keygate import SETTLE, TOLD_GAP, KeyGate
from tests.handover import BURSTS, actions, send_at_once, where
from tests.screen_text import notices, screen_text, wait_for

from .matches import reaction_match
from .tiny_game import Confirm, Pick

SIZE = (80, 24)


class Node:
    """Stands for a mounted widget: keeps the after-refresh callback until 'drawn'."""

    def __init__(self):
        self.pending = []

    def call_after_refresh(self, callback, *args):
        self.pending.append((callback, args))
        return True

    def draw(self):
        for callback, args in self.pending:
            callback(*args)
        self.pending.clear()


class Gated:
    KEY_GATED = True


def key(name, at):
    event = events.Key(name, "\r" if name == "enter" else name)
    event.time = at
    return event


def armed_gate():
    """A gate armed on a node that has been drawn; returns (gate, time of the draw)."""
    gate, node = KeyGate(), Node()
    gate.arm(node)
    node.draw()
    return gate, gate._drawn_at


def test_a_key_pressed_before_the_new_screen_was_drawn_never_acts_on_it():
    gate, node = KeyGate(), Node()
    gate.arm(node)
    early = key("enter", gate._armed_at)
    assert not gate.passes(early, Gated())  # not drawn yet
    node.draw()
    assert not gate.admits(early)  # drawn after it was pressed
    assert not gate.is_open


def test_a_key_that_follows_the_last_one_within_the_settle_time_is_dropped():
    gate, drawn = armed_gate()
    gate.passes(key("enter", drawn + 1.0), object())  # the key before, on an ungated screen
    assert not gate.passes(key("enter", drawn + 1.0 + SETTLE / 2), Gated())
    assert not gate.is_open


def test_a_held_key_stays_dropped_until_released_and_pressed_again():
    gate, drawn = armed_gate()
    t = drawn + 1.0
    gate.note(key("enter", t))
    for i in range(1, 40):  # auto-repeat every 40 ms for 1.6 s
        assert not gate.passes(key("enter", t + 0.04 * i), Gated())
    assert gate.passes(key("enter", t + 0.04 * 39 + SETTLE + 0.1), Gated())


def test_a_key_dropped_though_pressed_on_purpose_is_told_once_per_screen_a_burst_never():
    gate, drawn = armed_gate()
    gate.passes(key("enter", drawn + 1.0), object())  # the key before, on an ungated screen
    again = key("enter", drawn + 1.0 + TOLD_GAP + 0.05)  # a quick second press, still within SETTLE
    assert not gate.passes(again, Gated())
    assert gate.worth_telling(again)
    third = key("enter", again.time + TOLD_GAP + 0.05)
    assert not gate.passes(third, Gated())
    assert not gate.worth_telling(third)  # once per screen
    gate.arm(Node())
    burst = key("enter", third.time + 0.01)
    assert not gate.passes(burst, Gated())
    assert not gate.worth_telling(burst)  # a burst or a held key: not a press to explain


async def test_the_player_hears_that_a_quick_key_was_held_back():
    app = BoardGamesApp(match=Match.new("mision_chungungo", ["Ana", "Beto", "Carla"], 4))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        gate = app.key_gate
        gate.arm(app.screen)
        await pilot.pause()
        previous = key("down", gate._drawn_at + 0.01)
        gate.note(previous)
        quick = key("down", previous.time + TOLD_GAP + 0.05)
        app.post_message(quick)
        await pilot.pause()
        assert "press it again" in notices(app)


def test_the_first_fresh_key_opens_the_gate_and_keys_flow_until_it_is_armed_again():
    gate, drawn = armed_gate()
    assert gate.passes(key("down", drawn + 1.0), Gated())
    assert gate.passes(key("down", drawn + 1.01), Gated())  # a quick second arrow on the same list
    gate.arm(Node())
    assert not gate.passes(key("enter", drawn + 1.02), Gated())


def test_screens_without_the_gate_and_ctrl_q_take_every_key():
    gate, _node = KeyGate(), Node()
    gate.arm(_node)
    assert gate.passes(key("enter", 0.0), object())
    assert gate.passes(key("ctrl+q", 0.0), Gated())


def test_a_screen_that_never_repaints_does_not_lock_the_keyboard():
    gate = KeyGate()
    gate.arm(Node())  # its refresh never comes
    gate._armed_at -= 5.0
    assert gate.passes(key("enter", gate._armed_at + 4.0), Gated())


# ---- Pilot, real timing --------------------------------------------------------------


@pytest.mark.real_key_pace
@pytest.mark.parametrize("n", BURSTS)
async def test_enters_queued_together_lift_the_first_curtain_and_do_nothing_more(n):
    app = BoardGamesApp(game="veto", names=["Ana", "Beto"], seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.key_gate.drawn, what="the curtain drawn")  # seen before the keys
        assert where(app) == ("curtain", "A Ana")
        await send_at_once(pilot, *["enter"] * n)
        assert where(app) == ("seat", 0, None) and actions(app) == []


@pytest.mark.real_key_pace
async def test_a_player_pressing_enter_after_each_new_screen_moves_one_step_each_time():
    app = BoardGamesApp(game="veto", names=["Ana", "Beto"], seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        steps = []
        for _ in range(3):
            await wait_for(pilot, lambda: app.key_gate.drawn, what="the new screen drawn")  # the player looks
            await pilot.press("enter")
            await pilot.pause(SETTLE + 0.1)  # the player looks at the new screen
            steps.append((where(app), len(actions(app))))
        first_pick = Pick(min(c for c in app.screen.match.state.hands[0] if c))
        assert steps == [(("seat", 0, None), 0), (("seat", 0, None), 1), (("seat", 0, None), 2)]
        assert actions(app)[0] == (0, first_pick)


# ---- Pilot, each press call one burst (tests/conftest.py) ------------------------------


@pytest.mark.parametrize("n", BURSTS)
async def test_enter_burst_in_the_reaction_window_closes_it_and_stops(n):
    m = reaction_match()
    app = BoardGamesApp(match=m)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert where(app) == ("reaction",)
        await pilot.press(*["enter"] * n)
        await pilot.pause()
        # Everyone passed; the round ended and the last to confirm reads the card it drew.
        assert m.actions[-1] == (1, Pass())
        assert where(app) == ("curtain", "B Beto")
        assert "Something only this player may read" in screen_text(app)


@pytest.mark.parametrize("n", BURSTS)
async def test_enter_burst_on_a_private_notice_closes_it_and_leaves_the_next_curtain_down(n):
    m = reaction_match()
    app = BoardGamesApp(match=m)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # nobody reacts
        await pilot.pause()
        await pilot.press("enter")  # B alone looks
        await pilot.pause()
        assert where(app) == ("notice", "B Beto")
        drawn = m.state.hands[1][-1]
        assert f"you drew {drawn}" in screen_text(app)
        await pilot.press(*["enter"] * n)
        await pilot.pause()
        assert where(app) == ("curtain", "A Ana")


async def test_the_player_who_draws_at_a_round_end_reads_it_when_next_at_the_keyboard():
    m = reaction_match()
    app = BoardGamesApp(match=m)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        for _ in range(3):  # nobody reacts; B reads its card; on to A's curtain
            await pilot.press("enter")
            await pilot.pause()
        assert where(app) == ("curtain", "A Ana")
        await pilot.press("enter")
        await pilot.pause()
        # Read on its own screen, which needs no second Enter.
        assert where(app) == ("seat", 0, None)
        assert f"you drew {m.state.hands[0][-1]}" in notices(app)


def veto_one_step_from_the_end():
    """A Veto match whose next action ends the game (a seat's confirm or the last pass)."""
    m = Match.new("veto", ["Ana", "Beto"], 3)
    while True:
        st = m.state
        seat = st.to_move[0]
        legal = st.legal_actions(seat)
        action = next((a for a in legal if isinstance(a, (Confirm, Pass))), legal[0])
        if st.apply(seat, action).is_terminal:
            return m, seat, action
        m.play(seat, action)


@pytest.mark.parametrize("n", BURSTS)
async def test_the_burst_that_ends_the_game_does_not_skip_the_results(n):
    m, seat, last = veto_one_step_from_the_end()
    app = BoardGamesApp(match=m)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if where(app)[0] == "curtain":
            await pilot.press("enter")
            await pilot.pause()
        if where(app) == ("reaction",):
            await pilot.press(*["enter"] * n)
        else:
            digit = str(m.state.legal_actions(seat).index(last) + 1)
            await pilot.press(digit, *["enter"] * (n - 1))
        await pilot.pause()
        await pilot.pause()
        assert m.state.is_terminal
        assert isinstance(app.screen, GameOverScreen) and "game over" in screen_text(app)


def test_a_different_key_read_together_with_the_one_before_is_told_a_repeat_of_the_same_key_never():
    gate, drawn = armed_gate()
    digit = key("1", drawn + 1.0)
    assert gate.passes(digit, Gated())
    gate.arm(Node())  # the digit marked a secret card: a new screen
    confirm = key("enter", digit.time + 0.01)  # read in the same chunk on a loaded machine
    assert not gate.passes(confirm, Gated())
    assert gate.worth_telling(confirm)
    gate.arm(Node())
    again = key("enter", confirm.time + 0.01)
    assert not gate.passes(again, Gated())
    assert not gate.worth_telling(again)  # Enter after Enter that quickly: a double press


def test_a_key_admitted_then_overtaken_by_a_new_screen_is_dropped_and_told():
    gate, drawn = armed_gate()
    assert gate.passes(key("down", drawn + 1.0), Gated())  # opens the gate: keys flow
    enter = key("enter", drawn + 1.05)  # quickly after it, yet admitted: the gate is open
    assert gate.passes(enter, Gated())  # as it arrives
    assert gate.admits(enter)  # on its way through the widgets, nothing changed
    gate.arm(Node())  # a computer player's move changes the screen meanwhile
    enter._set_forwarded()
    assert not gate.passes(enter, Gated())  # back at the app: meant for the screen that is gone
    assert gate.worth_telling(enter)
