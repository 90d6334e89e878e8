"""A new player's report on Montaña's round reveal (2 people, hot seat, 80x24): a round that
stops for a runner's choice is revealed in parts that say so, a later part starts from the
cards already turned over, the board keeps still while the steps play, the curtain in the
middle of a round says why, and a skip lands on the last picture before the screen passes on."""

from __future__ import annotations

import pytest

from boardgames_tui import settings
from boardgames_tui.app import BoardGamesApp
from boardgames_tui.games.montana_pinguino import rules as R
from boardgames_tui.games.montana_pinguino.ui import make_board
from boardgames_tui.games.montana_pinguino.ui.reveal import frame_cards_text, reveal_frames
from tests.handover import game_of, reveal_of, reveal_up, where
from tests.screen_text import screen_text, wait_for

from .conftest import last_secret_card, play_last_card_unseen, reveal_held, scene

NAMES = ("Ana", "Beto")


def _stops_for_a_choice():
    """Seed 1, 2 runners, round 3: Beto's last card is all that is missing; once the cards
    turn over, Ana's Jimy 6 asks her how much to slow down and which two cards to take back,
    in the middle of the round (then a reaction window stops it again)."""
    match = scene(2, 1, lambda s: last_secret_card(s) and s.round == 3)
    after = match.state.apply(match.state.to_move[0], R.PlayNoMore())
    assert after.phase == R.Phase.ACTIVATE and after.to_move == (0,) and after.reaction_window is None
    assert after.prompt(0) == "Choose how much to slow down"
    return match, after


def _last_card_of_round_one(s) -> bool:
    """As ``last_secret_card``, in round 1: every sled is still on the start line."""
    return s.phase == R.Phase.PLAY and s.round == 1 and len(s.to_move) == 1 and bool(s.played[s.to_move[0]])


def _plain(renderable) -> str:
    import io

    from rich.console import Console

    console = Console(width=100, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def test_a_later_part_of_the_round_starts_from_the_cards_already_turned_over():
    """The report: after Beto's cards had acted, a later part said 'CARDS TURNED OVER (no card
    this time)'."""
    _match, stopped = _stops_for_a_choice()
    goes_on = stopped
    while goes_on.to_move == (0,) and goes_on.reaction_window is None:  # slow down 1, take 2 cards back
        goes_on = goes_on.apply(0, goes_on.legal_actions(0)[0])
    before, now = stopped.view(None), goes_on.view(None)
    frames = reveal_frames(before, now, now.log[len(before.log) :], NAMES)
    first = frames[0]
    assert [len(row) for row in first.cards] == [len(row) for row in before.played]
    statuses = {status for row in first.cards for _slot, _text, status in row}
    assert (
        "acted" in statuses or "off speed" in statuses or "can't do" in statuses
    )  # cards acted before the stop
    text = _plain(frame_cards_text(first, ("", ""), 0))
    assert "(no card this time)" not in text
    for seat in range(2):
        for card, half in before.played[seat]:
            assert R.describe_played(card, half)[:30] in " ".join(text.split())


def test_a_curtain_in_the_middle_of_the_round_says_why():
    """The report: a bare 'Pass the keyboard to B Beto' curtain came up at the end of round 1."""
    _match, stopped = _stops_for_a_choice()
    board = make_board()
    reason = board.curtain_reason(stopped.view(None), 0)
    assert "round goes on" in reason
    assert board.curtain_reason(_match.state.view(None), 1) == ""  # an ordinary secret play: no reason


async def test_a_round_that_stops_for_a_choice_is_revealed_in_parts_that_say_so():
    match, _stopped = _stops_for_a_choice()
    app = BoardGamesApp(match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_last_card_unseen(pilot)
        assert where(app) == ("reveal",)
        reveal = reveal_of(app)
        reveal.hold(1)
        text = screen_text(app)
        assert "PART 1, STEP 2 OF" in text and "Round 3, part 1: step 2 of" in text
        reveal.hold(len(reveal.frames) - 1)
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        # Not "THE END: the table as it is now": the round is not over.
        assert "THE END" not in text and "END OF PART 1: THE ROUND GOES ON" in text
        assert "Next, A Ana: Choose how much to slow down (" in text
        await pilot.press("space")  # on the last picture: go on
        await wait_for(pilot, lambda: where(app) == ("curtain", "A Ana"), what="Ana's curtain")
        text = " ".join(screen_text(app).split())
        assert "The round goes on: a card this runner played asks for a choice." in text
        await pilot.press("enter")
        await wait_for(pilot, lambda: where(app)[:2] == ("seat", 0), what="Ana's choice")
        for _choice in range(3):  # slow down 1, then take two cards back
            await pilot.press("1")
        await wait_for(pilot, lambda: reveal_up(app.screen), what="the rest of the round")
        reveal = reveal_of(app)
        reveal.hold(0)
        text = screen_text(app)
        assert "PART 2, STEP 1 OF" in text and "Round 3, part 2: step 1 of" in text
        assert "(no card this time)" not in text
        # The round stops once more: Beto's Reparar waits for a reaction window (Ana holds items).
        assert game_of(app).match.state.reaction_window is not None
        reveal.hold(len(reveal.frames) - 1)
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "END OF PART 2: THE ROUND GOES ON" in text
        assert "Next, a reaction window: Cancel this item with Tormenta de Nieve? (Reparar)" in text


@pytest.mark.parametrize("size,first_round", [((80, 24), False), ((120, 40), False), ((80, 24), True)])
async def test_the_board_keeps_still_while_the_steps_play(size, first_round):
    """The reports: the step text is 1 to 3 lines, the runners' legend wrapped to a second row
    only when something changed (at 120 columns), and the line of sleds still at the start went
    away once they had all left, so the board moved up and down between steps. Every step takes
    the rows of the longest, and the runners and the course never give back a row during the
    reveal, so the runners, the course and the cards stay put (in the first round, the sleds
    leave the start line during the reveal)."""
    match = scene(3, 21, _last_card_of_round_one if first_round else last_secret_card)
    app = BoardGamesApp(match=match)
    async with app.run_test(size=size) as pilot:
        await play_last_card_unseen(pilot)
        reveal = reveal_of(app)
        board = game_of(app).board
        lines = [len(f.lines[-1]) for f in reveal.frames[:-1] if f.lines]
        assert max(lines) > 2 * min(lines)  # steps of very different lengths
        tops, courses, cards = set(), set(), set()
        for index in range(len(reveal.frames)):
            reveal.hold(index)
            rows = [strip.text for strip in board._scroll().strips]
            news = board.part("news").rows
            tops.add(news)
            assert rows[news].startswith("THE TABLE WATCHES THE ROUND")
            courses.add(next(i for i, row in enumerate(rows) if "┌1" in row))  # the course's first box
            cards.add(news + board.part("runners").rows + board.part("track").rows)
        assert len(tops) == 1, f"the step took {sorted(tops)} rows"
        assert len(courses) == 1, f"the course began on rows {sorted(courses)}"
        assert len(cards) == 1, f"the cards turned over began on rows {sorted(cards)}"


async def test_two_runners_cards_stay_in_sight_at_80x24_at_every_step():
    """The report: at a 3-line step, Beto's cards were pushed below the visible area. Not seen
    with two runners at 80x24 (20 scenes: a row to spare at the least); this keeps it so now
    that every step takes the rows of the longest."""
    match, _stopped = _stops_for_a_choice()
    app = BoardGamesApp(match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_last_card_unseen(pilot)
        reveal = reveal_of(app)
        board = game_of(app).board
        await pilot.pause()
        height = board._scroll().size.height
        for index in range(len(reveal.frames)):
            reveal.hold(index)
            parts = board.parts
            above = sum(parts[name].rows for name in ("news", "runners", "track") if parts[name].display)
            cards = sum(len(row) for row in reveal.frames[index].cards)
            assert above + 1 + cards <= height, f"step {index + 1}: a card below the visible rows"


async def test_after_a_skip_the_last_picture_moves_on_at_the_normal_pace(monkeypatch):
    monkeypatch.setattr(settings, "current", lambda: settings.Settings(reveal_pace=0.1))
    match = scene(3, 21, last_secret_card)
    app = BoardGamesApp(match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        reveal = await reveal_held(app, pilot, 1)
        await pilot.press("space")
        assert reveal_up(app.screen) and reveal.index == len(reveal.frames) - 1
        await wait_for(pilot, lambda: not reveal_up(app.screen), what="the reveal moving on by itself")
        assert where(app)[0] == "curtain"


async def test_on_the_last_picture_the_footer_says_go_on_not_skip_to_the_end():
    """The report: the status line said "the end - Space: go on" while the footer still offered
    "Skip to the end"."""
    match = scene(3, 21, last_secret_card)
    app = BoardGamesApp(match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        reveal = await reveal_held(app, pilot, 1)
        footer = app.screen.query_one("StableFooter")
        assert "Skip to the end" in footer.plain() and "Go on" not in footer.plain()
        reveal.hold(len(reveal.frames) - 1)
        await pilot.pause()
        assert "Go on" in footer.plain() and "Skip to the end" not in footer.plain()
        await pilot.press("space")  # the footer's word: the screen passes on
        await wait_for(pilot, lambda: not reveal_up(app.screen), what="the end of the reveal")
