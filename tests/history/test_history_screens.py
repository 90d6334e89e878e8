"""The history from the launcher, the replay viewer, and opening a finished save (Pilot)."""

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.history import list_history, record
from boardgames_tui.ui.game_over import GameOverScreen
from boardgames_tui.ui.history_screen import HistoryScreen, StatsScreen
from boardgames_tui.ui.launcher import LauncherScreen
from boardgames_tui.ui.replay import ALL, ReplayScreen, round_of
from tests.history.finished import finished
from tests.screen_text import screen_text, wait_for

SIZE = (80, 24)


async def open_history(app, pilot) -> None:
    """From the launcher, open Finished games with its digit, as a player does."""
    await pilot.pause()
    keys = [key for key, _ in app.screen._entries]
    await pilot.press(str(keys.index("history") + 1))
    await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen), what="the history")


async def open_replay(app, pilot, match) -> ReplayScreen:
    """Open the replay of ``match`` and wait until it is drawn; the replay screen."""
    await pilot.pause()
    app.open_replay(match)
    await wait_for(
        pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.ready, what="the replay"
    )
    return app.screen


async def test_the_last_move_of_a_game_puts_it_into_the_history():
    whole = finished("mountain_goats", ("Ana", "Beto"))
    last_seat, last_action = whole.actions[-1]
    match = finished("mountain_goats", ("Ana", "Beto"), upto=len(whole.actions) - 1)
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        index = match.state.legal_actions(last_seat).index(last_action)
        assert index < 9
        await pilot.press(str(index + 1))
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), what="game over")
    (entry,) = list_history().entries
    assert entry.length == len(whole.actions)
    assert entry.winners == whole.state.winners()


async def test_the_history_shows_all_its_columns_at_80_columns_with_four_long_names():
    record(finished("mountain_goats", ("Anastasia", "Bernardo", "Carolina", "Diego")), finished=1_700_000_000)
    app = BoardGamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_history(app, pilot)
        await pilot.pause()
        assert "Decisions" in screen_text(app)  # the last column, not cut at the screen's edge


async def test_launcher_history_lists_games_and_enter_opens_the_replay_at_the_end():
    record(finished("mountain_goats", ("Ana", "Beto")), finished=1_700_000_000)
    record(finished("penguinramids", ("Carla", "Diego")), finished=1_700_000_100)
    app = BoardGamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_history(app, pilot)
        text = screen_text(app)
        assert "Penguinramids" in text and "Mountain Goats" in text
        assert "C Carla, D Diego" in text or "A Carla, B Diego" in text
        await pilot.press("enter")  # the newest: Penguinramids
        await wait_for(
            pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.ready, what="the replay"
        )
        replay = app.screen
        assert replay.match.game_id == "penguinramids"
        assert replay.step == replay.last and replay.viewpoint == ALL
        assert f"| {replay.last}/{replay.last} |" in screen_text(app)
        await pilot.press("left", "left")
        assert replay.step == replay.last - 2
        await pilot.press("home")
        assert replay.step == 0
        assert "The start of the game" in screen_text(app)
        await pilot.press("right")
        assert replay.step == 1
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen), what="back to the history")
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen), what="the statistics")
        text = screen_text(app)
        assert "Carla" in text and "Ana" in text and "seat A" in text


async def test_replay_from_a_seat_hides_the_other_seats_secret_choices_and_the_log_follows():
    match = finished("penguinramids", ("Ana", "Beto"))
    app = BoardGamesApp()
    async with app.run_test(size=SIZE) as pilot:
        replay = await open_replay(app, pilot, match)
        first_secret = next(
            i
            for i, (seat, _a) in enumerate(match.actions)
            if seat == 0 and match.states[i].is_secret_choice(0)
        )
        replay.go_to(first_secret + 1)
        await pilot.press("v", "v")  # everything -> the table -> A Ana
        assert replay.viewpoint == 0
        assert "a secret choice" not in replay.step_text()
        await pilot.press("v")  # B Beto does not see A's card
        assert replay.viewpoint == 1
        assert "a secret choice" in replay.step_text()
        before = len(replay.query_one("#replay-log").lines)
        await pilot.press("end")
        await pilot.pause()
        assert len(replay.query_one("#replay-log").lines) > before


async def test_the_revealed_view_names_a_hand_only_in_a_game_that_has_hands():
    for game, hands in (("penguinramids", True), ("mountain_goats", False)):
        match = finished(game, ("Ana", "Beto"))
        app = BoardGamesApp()
        async with app.run_test(size=SIZE) as pilot:
            replay = await open_replay(app, pilot, match)
            replay.go_to(3)
            assert ("hand of" in replay.view_name()) is hands
            assert hands or replay.view_name() == "everything revealed"


async def test_jump_to_a_round_and_to_a_decision():
    match = finished("penguinramids", ("Ana", "Beto"))
    app = BoardGamesApp()
    async with app.run_test(size=SIZE) as pilot:
        replay = await open_replay(app, pilot, match)
        await pilot.press("j")
        await pilot.pause()
        await pilot.press("r", "2", "enter")
        await pilot.pause()
        assert round_of(match.states[replay.step]) == ("round", 2)
        assert round_of(match.states[replay.step - 1]) == ("round", 1)
        await pilot.press("j")
        await pilot.pause()
        await pilot.press("1", "2", "enter")
        await pilot.pause()
        assert replay.step == 12


async def test_play_steps_forward_by_itself_until_paused():
    match = finished("mountain_goats", ("Ana", "Beto"))
    app = BoardGamesApp()
    async with app.run_test(size=SIZE) as pilot:
        replay = await open_replay(app, pilot, match)
        await pilot.press("home", "plus", "plus")  # 0.25 s a decision
        await pilot.press("space")
        await wait_for(pilot, lambda: replay.step >= 2, what="two decisions played")
        await pilot.press("space")
        stopped = replay.step
        await pilot.pause(0.4)
        assert replay.step == stopped


async def test_loading_a_finished_save_opens_its_replay(tmp_path):
    match = finished("mountain_goats", ("Ana", "Beto"))
    path = match.save(tmp_path / "done.json")
    app = BoardGamesApp(load=path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(
            pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.ready, what="the replay"
        )
        assert app.screen.match.state == match.state
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LauncherScreen), what="the launcher")


async def test_export_from_the_history_writes_a_text_record_of_the_highlighted_game():
    from boardgames_tui.engine.history import exports_dir

    match = finished("mountain_goats", ("Ana", "Beto"))
    record(match, finished=1_700_000_000)
    app = BoardGamesApp()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen), what="the history")
        await pilot.press("x")
        await wait_for(pilot, lambda: any(exports_dir().glob("*.txt")), what="the export")
    (path,) = exports_dir().glob("mountain_goats-*.txt")
    text = path.read_text(encoding="utf-8")
    assert text.startswith("Mountain Goats\nFinished: 2023-11-")
    assert f"{len(match.actions):4}. " in text
