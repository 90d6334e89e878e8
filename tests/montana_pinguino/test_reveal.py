"""A Montaña round revealed step by step before the next hand-over (issue 9): cards turn
over, sleds slide section by section, damage lands; Space skips to the end; keys pressed
meanwhile never reach the next player's screen."""

from __future__ import annotations

import itertools

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine import Match
from boardgames_tui.games.montana_pinguino import rules as R
from boardgames_tui.games.montana_pinguino.ui.reveal import reveal_frames
from tests.handover import actions, game_of, reveal_of, reveal_up, where
from tests.screen_text import screen_text, wait_for

from .conftest import last_secret_card, play_last_card_unseen, reveal_held, scene, skip_to_the_end

NAMES = ("Ana", "Beto", "Carla")


def _round_resolved():
    """(public view before, public view after) of one round's reveal and its seat."""
    match = scene(3, 21, last_secret_card)
    before = match.state
    seat = before.to_move[0]
    after = before.apply(seat, R.PlayNoMore())
    return before.view(None), after.view(None)


def test_frames_slide_sleds_section_by_section_and_end_on_the_table_as_it_is():
    before, after = _round_resolved()
    events = after.log[len(before.log) :]
    frames = reveal_frames(before, after, events, NAMES)
    assert len(frames) > 5
    for a, b in itertools.pairwise(frames[:-1]):
        moved = [b.position[s] - a.position[s] for s in range(3)]
        assert all(m in (0, 1) for m in moved), "a sled never jumps more than one section a step"
    last = frames[-1]
    assert last.last and last.position == after.position and last.health == after.health
    assert last.box == after.box
    turned = [card for row in frames[-1].cards for card in row]
    assert turned and all(status != "waiting" for _slot, _text, status in turned)
    first_cards = next(f for f in frames if any(f.cards))
    assert any(status == "waiting" for row in first_cards.cards for _s, _t, status in row)


def test_damage_lands_in_the_frame_of_its_log_line():
    before, after = _round_resolved()
    frames = reveal_frames(before, after, after.log[len(before.log) :], NAMES)
    hits = [f for f in frames if not f.last and any(" damage " in line for line in f.lines[-f.said :])]
    assert hits
    for f in hits:
        for line in f.lines[-f.said :]:  # the step's own lines: the last one per runner holds
            if " damage " in line:
                said = int(line.rsplit("health ", 1)[1].rstrip("."))
                who = next(s for s, n in enumerate(NAMES) if line.startswith(n))
                later = [x for x in f.lines[-f.said :] if x.startswith(NAMES[who]) and "health " in x]
                if later[-1] == line:
                    assert f.health[who] == max(0, said)


def test_nothing_to_reveal_after_a_card_placed_face_down():
    match = scene(3, 21, lambda s: s.phase == R.Phase.PLAY and s.round >= 3 and not any(s.played))
    before = match.state
    seat = before.to_move[0]
    action = next(a for a in before.legal_actions(seat) if isinstance(a, R.PlayCard))
    after = before.apply(seat, action)
    assert reveal_frames(before.view(None), after.view(None), after.log[len(before.log) :], NAMES) == []


async def test_the_round_plays_before_the_curtain_and_space_skips_to_its_end_then_goes_on():
    match = scene(3, 21, last_secret_card)
    seat = match.state.to_move[0]
    app = BoardGamesApp(match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_last_card_unseen(pilot)
        assert where(app) == ("reveal",)
        reveal = reveal_of(app)
        assert reveal is not None
        reveal.hold(2)
        await wait_for(pilot, lambda: "STEP 3 OF" in screen_text(app), what="step 3 on the board")
        text = screen_text(app)
        assert "STEP 3 OF" in text and "Space: skip to the end" in text
        focus = reveal_of(app).frames[reveal_of(app).index].focus
        if focus is not None:  # the card narrated is in sight at 80x24, under the step
            assert f"{'ABC'[focus[0]]} {focus[1]} {focus[3]}:" in text
        assert "YOUR HAND" not in text  # the whole table watches: nothing private
        log = game_of(app).query_one("#game-log")
        assert log.has_class("-hidden")  # at 80x24 the round gets the log's columns
        done = len(actions(app))
        await pilot.press("space")
        await pilot.pause()
        # The player's report: Space went straight to the next curtain, and the table never saw
        # how the round ended. It lands on the last picture, the table as it is now ...
        assert where(app) == ("reveal",) and reveal.index == len(reveal.frames) - 1
        text = screen_text(app)
        assert "THE END: the table as it is now" in text and "Space: go on" in text
        board = game_of(app).board
        assert [board.ctx.view.position[s] for s in range(3)] == list(reveal.frames[-1].position)
        # ... and the next key moves on.
        await pilot.press("space")
        await pilot.pause()
        assert not log.has_class("-hidden")
        assert where(app)[0] == "curtain" and where(app)[1] != f"{'ABC'[seat]} {NAMES[seat]}"
        assert len(actions(app)) == done
        assert game_of(app).board.revealing is False


async def test_on_a_wide_terminal_the_log_stops_before_the_round_in_its_place():
    app = BoardGamesApp(match=scene(3, 21, last_secret_card))
    async with app.run_test(size=(120, 40)) as pilot:
        board = game_of(app).board
        await play_last_card_unseen(pilot)
        assert where(app) == ("reveal",)
        log = game_of(app).query_one("#game-log")
        logged = "\n".join(strip.text for strip in log.lines)
        assert log.held is not None and not log.has_class("-hidden")  # in place: the board keeps its width
        assert "Pudú 10" not in logged  # the log does not tell the round before the table watches it
        width = board.size.width
        await pilot.press("space")  # to the last picture
        await pilot.press("space")  # on
        await pilot.pause()
        assert log.held is None and "Pudú 10" in "\n".join(strip.text for strip in log.lines)
        assert board.size.width == width


async def test_keys_pressed_during_the_reveal_never_act_on_the_next_screen():
    match = scene(3, 21, last_secret_card)
    app = BoardGamesApp(match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("0")
        await pilot.pause()
        await pilot.press("enter", "enter", "1", "enter", "enter")  # a burst: confirm, then stray keys
        await pilot.pause()
        assert where(app) == ("reveal",)  # the burst skipped nothing
        done = len(actions(app))
        reveal = reveal_of(app)
        reveal.hold(len(reveal.frames) - 1)  # the last frame ...
        reveal.step()  # ... runs out on its own
        await pilot.pause()
        assert where(app)[0] == "curtain"
        assert len(actions(app)) == done


async def test_the_reveal_runs_on_by_itself():
    match = scene(3, 21, last_secret_card)
    app = BoardGamesApp(match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_last_card_unseen(pilot)
        reveal = reveal_of(app)
        assert reveal is not None
        start = reveal.index
        await wait_for(
            pilot,
            lambda: reveal.index > start,
            timeout=reveal.frames[start].wait + 2,
            what="the next step of the reveal",
        )


def test_frames_hold_no_private_line():
    match = scene(3, 21, last_secret_card)
    before = match.state
    after = before.apply(before.to_move[0], R.PlayNoMore())
    events = after.view(None).log[len(before.log) :]
    frames = reveal_frames(before.view(None), after.view(None), events, NAMES)
    private = [text for e in after.log[len(before.log) :] for text in e.private.values()]
    assert private, "the round drew cards in private"
    shown = " ".join(line for f in frames for line in f.lines)
    for text in private:
        assert text not in shown
    assert "[you" not in shown


async def test_no_reveal_on_a_seat_s_own_screen():
    from .conftest import BoardApp, ctx_for

    match = scene(3, 21, last_secret_card)
    before = match.state
    seat = before.to_move[0]
    after = before.apply(seat, R.PlayNoMore())
    app = BoardApp(ctx_for(before, seat))
    async with app.run_test(size=(80, 24)):
        app.show(ctx_for(after, after.to_move[0]))
        assert app.board.interlude(lambda: None) is False  # only a public screen plays it


def test_the_reveal_steps_at_the_pace_chosen_in_settings(monkeypatch):
    from boardgames_tui import settings
    from boardgames_tui.games.montana_pinguino.ui import reveal

    monkeypatch.setattr(settings, "current", lambda: settings.Settings(reveal_pace=2.0))
    assert reveal.paced(reveal.STEP_SECONDS) == 2.0
    assert reveal.paced(2 * reveal.STEP_SECONDS) == 4.0  # a longer step keeps its proportion
    monkeypatch.setattr(settings, "current", lambda: settings.Settings(reveal_pace=0))
    assert reveal.paced(reveal.STEP_SECONDS) == 0


async def test_the_first_step_of_the_reveal_stays_on_the_board_until_the_second():
    """The board makes room for the reveal (no log, no list of choices): that new size must not
    draw the table as it is after the round over the reveal's first step."""
    match = scene(3, 21, last_secret_card)
    app = BoardGamesApp(match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # lift the curtain
        await pilot.pause()
        await pilot.press("0")
        await pilot.pause()
        await pilot.press("enter")  # the cards turn over
        await wait_for(pilot, lambda: reveal_up(app.screen), what="the reveal")
        reveal = reveal_of(app)
        for _ in range(10):  # the first step is on show for a good while: look at it a few times
            await pilot.pause(0.03)
            if reveal.index != 0:
                break
            runners = game_of(app).board.part("runners").plain()
            assert "THE TABLE WATCHES THE ROUND" in runners, runners


async def test_a_held_step_stars_only_what_that_step_changed():
    # The screenshot in docs/playing.md holds the reveal at one step: '*' there must mean what it means
    # while the round plays through (this step's change), not all since the frame on show before.
    match = scene(3, 21, last_secret_card)
    app = BoardGamesApp(match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_last_card_unseen(pilot)
        assert where(app) == ("reveal",)
        reveal = reveal_of(app)
        frames = reveal.frames

        def changed(i, s):
            a, b = frames[i - 1], frames[i]
            return (a.position[s] != b.position[s], a.box[s] != b.box[s], a.health[s] != b.health[s])

        # A step after others that changed something, where a runner's health changes and
        # another runner's nothing.
        k = next(
            i
            for i in range(2, len(frames) - 1)
            if any(changed(i, s)[2] for s in range(3)) and any(not any(changed(i, s)) for s in range(3))
        )
        reveal.hold(k)
        await pilot.pause()
        rows = {line.split()[1]: line for line in reveal.board.plain_text(78).splitlines() if "hp " in line}
        for s in range(3):
            row = rows[NAMES[s]]
            if changed(k, s)[2]:
                assert row.rstrip().endswith("*")  # the health it lost in this step
            elif not any(changed(k, s)):
                assert "*" not in row  # nothing of this runner changed in this step


def _last_runner_decides_next() -> Match:
    """A 2-player hot-seat match whose last runner's right card is all that is missing, and who
    decides next as well (an item draw, or first in the next round)."""
    for seed in range(1, 80):
        try:
            match = scene(2, seed, last_secret_card)
        except AssertionError:
            continue
        seat = match.state.to_move[0]
        after = match.state.apply(seat, R.PlayNoMore())
        if after.to_move == (seat,) and after.reaction_window is None:
            return match
    raise AssertionError("no such scene in 80 seeds")


async def test_the_table_watches_the_round_even_when_the_last_runner_decides_next():
    """Known limit of earlier versions: the last runner went on to their own next decision (and
    saw the new positions) before the table watched the round."""
    match = _last_runner_decides_next()
    seat = match.state.to_move[0]
    app = BoardGamesApp(match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_last_card_unseen(pilot)
        assert where(app) == ("reveal",)  # the table watches first
        game = game_of(app)
        assert game.shown_seat is None  # nobody's private view meanwhile
        await pilot.press("space")  # to the last picture
        await pilot.press("space")  # on
        await pilot.pause()
        assert where(app) == ("curtain", game.who(seat))  # everyone looked: the keyboard passes again


async def test_where_the_round_fits_above_it_the_list_keeps_its_place_and_shows_the_earlier_steps():
    """At 120x40 the round fits above the list of choices: the list does not step aside for the
    reveal (that laid the screen out as it went and as it came back), it shows the round's
    earlier steps, then its choices again."""
    match = scene(3, 21, last_secret_card)
    app = BoardGamesApp(match=match)
    async with app.run_test(size=(120, 40)) as pilot:
        reveal = await reveal_held(app, pilot, 13)
        chooser = game_of(app).chooser
        assert chooser.display and chooser.border_title == "EARLIER STEPS"
        listed = " ".join(" ".join(chooser.render_line(y).text for y in range(chooser.room[1])).split())
        step_before = reveal.frames[13].lines[-2]
        assert " ".join(("- " + step_before).split()) in listed
        assert "EARLIER STEPS" not in reveal.board.plain_text(118)  # not twice
        await skip_to_the_end(app, pilot, reveal)
        assert chooser.display and chooser.border_title != "EARLIER STEPS"


async def test_where_the_round_does_not_fit_above_it_the_list_steps_aside_for_the_reveal():
    match = scene(3, 21, last_secret_card)
    app = BoardGamesApp(match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        reveal = await reveal_held(app, pilot, 13)
        chooser = game_of(app).chooser
        assert not chooser.display
        await skip_to_the_end(app, pilot, reveal)
        assert chooser.display


async def test_a_terminal_shrinking_under_the_round_sends_the_list_aside_until_the_reveal_ends():
    match = scene(3, 21, last_secret_card)
    app = BoardGamesApp(match=match)
    async with app.run_test(size=(120, 40)) as pilot:
        reveal = await reveal_held(app, pilot, 13)
        chooser = game_of(app).chooser
        assert chooser.display
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: not chooser.display, what="the list stepping aside")
        assert "CARDS TURNED OVER" in reveal.board.plain_text(78)
        await pilot.resize_terminal(120, 40)
        await skip_to_the_end(app, pilot, reveal)
        assert chooser.display and chooser.border_title != "EARLIER STEPS"


def _whole_rounds(players: int, seed: int):
    """(public view at a round's start, public view at the next round's start, the events between)
    for each round of a seeded random race."""
    from .conftest import random_states

    start = None
    for state in random_states(players, seed):
        if start is None or state.rounds_total != start.rounds_total or state.is_terminal:
            if start is not None:
                yield start.view(None), state.view(None), state.view(None).log[len(start.log) :]
            start = state
        if state.is_terminal:
            return


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_round_revealed_takes_under_15_seconds_at_the_default_pace(players):
    from boardgames_tui.games.montana_pinguino.ui import reveal

    rounds = [r for seed in (1, 2) for r in _whole_rounds(players, seed)]
    assert len(rounds) > 4
    for before, now, events in rounds:
        frames = reveal_frames(before, now, events, NAMES)
        # paced() at the default pace of Settings (a step of STEP_SECONDS shows for 1 second)
        total = sum(max(reveal.MIN_STEP, f.wait / reveal.STEP_SECONDS) for f in frames)
        assert total < 15


@pytest.mark.parametrize("players", [2, 4])
def test_a_reveal_opens_with_the_cards_turning_over_not_the_item_draws_everyone_saw(players):
    rounds = [r for r in _whole_rounds(players, 1) if r[0].round >= 2]
    assert rounds
    for before, now, events in rounds:
        frames = reveal_frames(before, now, events, NAMES)
        if frames:
            # The first line played is a card turning over: nothing of the item draw before it.
            assert " reveals " in frames[0].lines[0]
            assert all(" reveals " in line for line in frames[0].lines[-frames[0].said :])


def test_each_card_acting_is_narrated_with_the_card_itself():
    before, after = _round_resolved()
    frames = reveal_frames(before, after, after.log[len(before.log) :], NAMES)
    acting = [f for f in frames if not f.last and " acts: " in f.lines[-f.said]]
    assert acting
    for f in acting:
        assert f.focus is not None and f.focus[3] == "acted"
        assert f.lines[-f.said].split("'s ", 1)[1].startswith(f.focus[2].split(" (")[0])


def _bot_choice_ends_the_round(state) -> bool:
    """A runner's choice in the middle of the activation, after which the round is over
    whatever it chooses."""
    if state.phase != R.Phase.ACTIVATE or state.reaction_window is not None or len(state.to_move) != 1:
        return False
    seat = state.to_move[0]
    return all(
        (after := state.apply(seat, a)).rounds_total > state.rounds_total and not after.is_terminal
        for a in state.legal_actions(seat)
    )


async def test_nothing_before_a_reveal_tells_its_outcome_after_a_computer_players_move():
    """A computer player's choice ends the round: no pause shows the end-of-round table and the
    next round's first line on the status line before the reveal plays the round."""
    match = None
    for seed in range(1, 40):
        try:
            match = scene(2, seed, _bot_choice_ends_the_round)
            break
        except AssertionError:
            continue
    assert match is not None
    bot = match.state.to_move[0]
    match.set_seat(bot, "random")
    moves = len(match.actions)  # before the app starts: a quick computer moves at once
    app = BoardGamesApp(match=match, bot_pause=30)
    async with app.run_test(size=(80, 24)) as pilot:
        game = game_of(app)
        for _ in range(300):  # what the table had not watched yet plays first: skipped
            if len(match.actions) > moves:
                break
            if game.interlude_player is not None:
                await wait_for(pilot, lambda: app.key_gate.drawn)
                app.key_gate.rest()
                await pilot.press("space")
            await pilot.pause(0.05)
        await wait_for(pilot, lambda: len(match.actions) > moves, timeout=30, what="the computer's move")
        await wait_for(pilot, lambda: game.bots.pausing or where(app) == ("reveal",), what="what follows")
        assert not game.bots.pausing
        assert where(app) == ("reveal",)
        assert "begins" not in game.query_one("#game-status").text
