"""Computers are not people: a computer player's seat is marked on every screen, recorded in the
history, and its games never counted for the person whose name it carries (issue 24)."""

from __future__ import annotations

import json

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine import Event
from boardgames_tui.engine.history import (
    PERSON,
    UNKNOWN,
    export_text,
    history_dir,
    list_history,
    record,
    statistics,
)
from boardgames_tui.engine.names import marked_names
from boardgames_tui.ui.bot_turns import own_line
from boardgames_tui.ui.game_over import GameOverScreen
from boardgames_tui.ui.game_screen import GameScreen, StatusLine
from boardgames_tui.ui.history_screen import stats_table
from tests.history.finished import finished
from tests.screen_text import screen_text, wait_for

SIZE = (80, 24)


def _with_seats(game_id, names, seats, seed=1):
    match = finished(game_id, names, seed=seed)
    for seat, kind in enumerate(seats):
        match.set_seat(seat, kind)
    return match


def test_the_history_summary_records_who_was_a_computer():
    record(_with_seats("mountain_goats", ("Ana", "Beto"), ("human", "strong")), finished=1_700_000_000)
    (path,) = history_dir().glob("*.json")
    assert json.loads(path.read_text(encoding="utf-8"))["summary"]["seats"] == ["human", "strong"]
    (entry,) = list_history().entries
    assert entry.seats == ("human", "strong")
    assert entry.shown_names() == ("Ana", "Beto (PC)")


def test_a_computer_playing_as_beto_is_never_credited_to_the_person_beto():
    person = finished("mountain_goats", ("Ana", "Beto"), seed=1)
    computer = _with_seats("mountain_goats", ("Ana", "Beto"), ("human", "strong"), seed=2)
    record(person, finished=1_700_000_000)
    record(computer, finished=1_700_000_001)
    stats = {(s.name, s.kind): s for s in statistics(list_history().entries)}
    assert stats[("Beto", PERSON)].total.games == 1
    assert stats[("Beto", PERSON)].total.wins == int(1 in person.state.winners())
    assert stats[("Beto", "strong")].total.games == 1
    assert stats[("Ana", PERSON)].total.games == 2


def _old_file(match, keep_match_seats: bool):
    """A history file as an older program wrote it: no seats in the summary (nor in the match, maybe)."""
    path = record(match, finished=1_700_000_000)
    body = json.loads(path.read_text(encoding="utf-8"))
    del body["summary"]["seats"]
    if not keep_match_seats:
        del body["match"]["seats"]
    path.write_text(json.dumps(body), encoding="utf-8")


def test_an_old_history_file_without_seats_in_its_summary_takes_them_from_its_match():
    _old_file(_with_seats("penguinramids", ("Ana", "Beto"), ("greedy", "human")), keep_match_seats=True)
    (entry,) = list_history().entries
    assert entry.seats == ("greedy", "human")


def test_an_old_history_file_that_records_no_seats_is_read_and_counted_as_not_known():
    _old_file(finished("penguinramids", ("Ana", "Beto")), keep_match_seats=False)
    listing = list_history()
    assert listing.skipped == ()
    (entry,) = listing.entries
    assert entry.seats is None and entry.shown_names() == ("Ana", "Beto")
    kinds = {s.kind for s in statistics(listing.entries)}
    assert kinds == {UNKNOWN}
    from rich.console import Console

    console = Console(width=80, color_system=None)
    with console.capture() as out:
        console.print(stats_table(listing.entries))
    assert "Beto (?)" in out.get()


def test_the_statistics_screen_names_a_computers_block_as_a_computer():
    record(_with_seats("mountain_goats", ("Ana", "Beto"), ("human", "greedy")), finished=1_700_000_000)
    from rich.console import Console

    console = Console(width=80, color_system=None)
    with console.capture() as out:
        console.print(stats_table(list_history().entries))
    text = out.get()
    blocks = [line.split()[0:4] for line in text.splitlines() if "all games" in line]
    assert ["Beto", "(PC,", "Greedy)", "all"] in blocks
    assert ["Beto", "all", "games"] not in [b[:3] for b in blocks]


def test_the_export_of_a_finished_game_marks_the_computer_seat():
    text = export_text(_with_seats("mountain_goats", ("Ana", "Beto"), ("human", "random")))
    assert "Players: A Ana, B Beto (PC)" in text
    assert ": B Beto (PC): " in text or "B Beto (PC):" in text


def test_marked_names_marks_only_computer_seats_and_nothing_when_not_known():
    assert marked_names(("Ana", "Beto"), ("human", "strong")) == ("Ana", "Beto (PC)")
    assert marked_names(("Ana", "Beto"), None) == ("Ana", "Beto")


async def test_the_board_log_and_game_over_mark_a_computer_seat():
    match = _with_seats("mountain_goats", ("Ana", "Beto"), ("human", "random"))
    app = BoardGamesApp(match=match, bot_pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), what="game over")
        await pilot.pause()
        assert "B Beto (PC)" in screen_text(app)
    ongoing = finished("mountain_goats", ("Ana", "Beto"), upto=6)
    ongoing.set_seat(1, "random")
    app = BoardGamesApp(match=ongoing, bot_pause=60)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen), what="the game")
        await pilot.pause()
        game = app.screen
        assert game.shown_names == ("Ana", "Beto (PC)")
        assert "Beto (PC)" in screen_text(app)  # the board and the log


def test_a_computers_move_line_names_its_own_move_not_the_lines_that_follow_it():
    # A face-down play that ends a round: the round's other lines come after the computer's own.
    events = [
        Event("{1} puts a card face down."),
        Event("{0} reveals Pudú 2."),
        Event("Turn 3: {0}"),
    ]
    assert own_line(events, 1, ("Ana", "Beto")) == "Beto puts a card face down."
    assert own_line([Event("Round 2 begins."), Event("{0} draws a card.")], 1, ("Ana", "Beto")) == (
        "Round 2 begins."
    )
    assert own_line([], 1, ("Ana", "Beto")) is None


async def test_space_go_on_stays_whole_at_80_columns_however_long_the_move():
    app = BoardGamesApp(match=finished("mountain_goats", ("Ana", "Beto"), upto=2))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen), what="the game")
        app.screen.show_status(
            "Montaña Pingüino | C Carla (Greedy): Carla keeps an item and discards Carnero and Reparar.",
            "  Space: go on",
        )
        await pilot.pause()
        import re

        (line,) = re.findall(r"Montaña Pingüino \|.*?Space: go on", screen_text(app))
        assert "..." in line and len(line) <= 80
        assert app.screen.query_one(StatusLine).tail == "  Space: go on"


def test_a_computer_seats_name_cut_to_a_narrow_column_keeps_its_mark():
    from boardgames_tui.ui.fit import fit_name

    assert fit_name("Beto (PC)", 9) == "Beto (PC)"
    assert fit_name("Carla (PC)", 8) == "Ca. (PC)"
    assert fit_name("Beto (PC)", 5) == "(PC)"  # the seat letter beside it says which seat
    assert fit_name("Bernardino", 5) == "Bern."


async def test_a_replay_marks_the_computer_seat_in_its_step_line_and_log():
    from boardgames_tui.ui.replay import ReplayScreen

    match = _with_seats("mountain_goats", ("Ana", "Beto"), ("human", "greedy"))
    app = BoardGamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        replay = ReplayScreen(match, finished=1_700_000_000)
        app.push_screen(replay)
        await wait_for(pilot, lambda: replay.ready, what="the replay drawn")
        replay.go_to(next(i for i, (seat, _a) in enumerate(match.actions, 1) if seat == 1))
        await pilot.pause()
        assert replay.step_text().split(": ")[0].endswith("B Beto (PC)")
        assert "Beto (PC)" in screen_text(app)
