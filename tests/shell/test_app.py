"""Pilot tests of the shared shell on the test-only game Veto (hidden information)."""

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine import Match, Pass
from boardgames_tui.engine.match import autosave_path
from boardgames_tui.ui.game_over import GameOverScreen
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.launcher import LauncherScreen
from boardgames_tui.ui.rules_viewer import RulesScreen
from boardgames_tui.ui.too_small import TooSmallScreen
from tests.handover import curtain_up, notice_up, reaction_up
from tests.screen_text import game_screen, notices, screen_text, wait_for
from tests.shell.matches import reaction_match  # in matches.py (test_keygate.py uses it too)
from tests.shell.tiny_game import Confirm, Pick, Veto

SIZE = (80, 24)


async def lift_first_curtain(pilot):
    """Wait for the first screen and press Enter on its curtain (seat A is alone)."""
    await pilot.pause()
    assert curtain_up(pilot.app.screen)
    await pilot.press("enter")
    await pilot.pause()


async def play_veto_to_game_over(app, pilot, limit=300):
    """Enter on every curtain, window and notice; pick then confirm a card; stop at game over."""
    for _ in range(limit):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return
        if reaction_up(screen) or curtain_up(screen) or notice_up(screen):
            await pilot.press("enter")
        elif isinstance(screen, GameScreen):
            legal = screen.match.state.legal_actions(screen.shown_seat)
            await pilot.press(str(next((i + 1 for i, a in enumerate(legal) if isinstance(a, Confirm)), 1)))


async def pick_and_confirm(pilot, game) -> Pick:
    """Seat A picks its first card, then confirms it, by the digits of the listed actions."""
    done = len(game.match.actions)
    pick = game.match.state.legal_actions(0)[0]
    assert isinstance(pick, Pick)
    await pilot.press("1")
    await wait_for(pilot, lambda: len(game.match.actions) == done + 1, what="the pick")
    await pilot.press(str(game.match.state.legal_actions(0).index(Confirm()) + 1))
    await wait_for(pilot, lambda: len(game.match.actions) == done + 2, what="the confirmation")
    return pick


def hand_text(state, seat):
    return " ".join("Veto" if c == 0 else str(c) for c in state.hands[seat])


async def test_curtain_shows_nothing_private_before_enter():
    app = BoardGamesApp(game="veto", names=["Ana", "Beto"], seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert curtain_up(app.screen)
        text = screen_text(app)
        assert "A Ana" in text
        state = game_screen(app).match.state
        assert "A Ana: hand" not in text and hand_text(state, 0) not in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert f"hand {hand_text(state, 0)}" in screen_text(app)


async def test_secret_pick_never_shown_to_the_next_seat():
    app = BoardGamesApp(game="veto", names=["Ana", "Beto"], seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await lift_first_curtain(pilot)
        game = app.screen
        pick = await pick_and_confirm(pilot, game)
        await wait_for(pilot, lambda: curtain_up(app.screen), what="B's curtain")
        assert "Beto" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert "A Ana: hand ? ? ? pick ?" in " ".join(text.split())
        assert f"you picked {pick.card}" not in text


async def test_undo_binding_shown_only_when_possible():
    app = BoardGamesApp(game="veto", names=["Ana", "Beto"], seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await lift_first_curtain(pilot)
        assert "Undo" not in screen_text(app)
        await pilot.press("1")
        await pilot.pause()
        assert app.screen.match.can_undo()
        assert "Undo" in screen_text(app)
        assert "does nothing" not in notices(app)
        await pilot.press("u")
        await pilot.pause()
        assert app.screen.match.actions == []


async def test_reaction_window_letter_hands_the_keyboard_to_that_seat():
    m = reaction_match()
    app = BoardGamesApp(match=m)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert reaction_up(app.screen)
        assert "would win the round" in screen_text(app)
        await pilot.press("c")  # no seat C in this game
        await pilot.pause()
        assert reaction_up(app.screen)
        await pilot.press("b")
        await pilot.pause()
        assert curtain_up(app.screen)
        await pilot.press("enter")
        await pilot.pause()
        assert "play Veto" in screen_text(app)
        await pilot.press("2")
        await pilot.pause()
        assert m.actions[-1] == (1, Veto())


async def test_reaction_window_enter_passes_for_everyone():
    m = reaction_match()
    points_before = m.state.points
    app = BoardGamesApp(match=m)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # nobody reacts
        await pilot.pause()
        assert m.state.reaction_window is None
        assert sum(m.state.points) == sum(points_before) + 1


async def test_too_small_notice_and_recovery():
    app = BoardGamesApp(game="veto", names=["Ana", "Beto"], seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await lift_first_curtain(pilot)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "enlarge your terminal" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_rules_viewer_shows_the_table_notes():
    app = BoardGamesApp(game="veto", names=["Ana", "Beto"], seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await lift_first_curtain(pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert "Table notes" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_quit_to_launcher_then_continue_resumes_the_game():
    app = BoardGamesApp(game="veto", names=["Ana", "Beto"], seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await lift_first_curtain(pilot)
        await pilot.press("1")
        await pilot.pause()
        # Ana's pick is a secret choice still held face down: the autosave leaves it out.
        assert app.screen.match.actions and app.screen.match.state.holds_secret_choices
        actions = list(app.screen.match.actions[: app.screen.match.saved_length()])
        assert actions == []
        assert autosave_path() is not None
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("4")  # quit to the launcher
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        assert "Continue: Veto (test game) with Ana, Beto" in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("enter")  # the curtain
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.match.actions == actions
        assert 0 in app.screen.match.state.to_move  # Ana is asked again


async def test_corrupt_autosave_is_refused_and_left_untouched():
    from boardgames_tui.engine.match import autosave_dir

    path = autosave_dir() / "veto-broken.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "boardgames-tui-save", "version": 1, "game": "veto"')
    before = path.read_bytes()
    app = BoardGamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        assert "Cannot open veto-broken.json" in notices(app)
    assert path.read_bytes() == before


async def test_illegal_key_gets_a_message_not_a_crash():
    app = BoardGamesApp(game="veto", names=["Ana", "Beto"], seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await lift_first_curtain(pilot)
        await pilot.press("9", "x", "%")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert "no choice 9" in notices(app)
        assert "'x' does nothing here" in notices(app)


async def test_launcher_lists_every_game_with_count_and_pitch():
    from boardgames_tui.games import GAMES

    app = BoardGamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        for spec in GAMES.values():
            assert spec.title in text
            assert f"{spec.min_players}-{spec.max_players}" in text


@pytest.mark.slow
async def test_whole_veto_game_through_the_keyboard_reaches_game_over():
    app = BoardGamesApp(game="veto", names=["Ana", "Beto"], seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await play_veto_to_game_over(app, pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert "game over" in screen_text(app)
        assert autosave_path() is None


async def test_a_new_game_never_overwrites_another_games_autosave():
    from boardgames_tui.engine.match import autosaves

    first = BoardGamesApp(game="veto", names=["Ana", "Beto"], seed=3)
    async with first.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
    kept = autosaves()
    assert len(kept) == 1
    before = kept[0].read_bytes()
    second = BoardGamesApp(game="veto", names=["Carla", "Diego"], seed=4)
    async with second.run_test(size=SIZE) as pilot:
        await pilot.pause()
    assert len(autosaves()) == 1  # a game left before its first action leaves no autosave
    third = BoardGamesApp(game="veto", names=["Carla", "Diego"], seed=4)
    async with third.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
    assert len(autosaves()) == 2
    assert kept[0].read_bytes() == before


async def test_rules_open_from_the_curtain_without_lifting_it():
    app = BoardGamesApp(game="veto", names=["Ana", "Beto"], seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert curtain_up(app.screen)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert curtain_up(app.screen)


async def test_board_may_give_actions_their_own_digits(monkeypatch):
    """A board's action_key (a card's own number) replaces list positions."""
    from tests.shell.tiny_game_ui import VetoBoard

    monkeypatch.setattr(
        VetoBoard, "action_key", lambda self, a: str(a.card) if isinstance(a, Pick) else None, raising=False
    )
    app = BoardGamesApp(game="veto", names=["Ana", "Beto"], seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await lift_first_curtain(pilot)
        game = app.screen
        cards = [a.card for a in game.match.state.legal_actions(0)]
        assert all(isinstance(a, Pick) for a in game.match.state.legal_actions(0))
        top = max(cards)
        await pilot.press(str(top))
        await pilot.pause()
        assert game.match.actions == [(0, Pick(top))]


def veto_near_its_end(decisions_left: int = 4) -> Match:
    """Veto (seed 3) with every decision but the last ``decisions_left`` made as play_veto_to_game_over
    makes them (Confirm when listed, else the first listed action)."""
    whole = Match.new("veto", ["Ana", "Beto"], 3)
    for _ in range(300):
        if whole.state.is_terminal:
            break
        seat = whole.state.to_move[0]
        legal = whole.state.legal_actions(seat)
        whole.play(seat, next((a for a in legal if isinstance(a, Confirm)), legal[0]))
    assert whole.state.is_terminal
    match = Match.new("veto", ["Ana", "Beto"], 3)
    for seat, action in whole.actions[: len(whole.actions) - decisions_left]:
        match.play(seat, action)
    return match


async def test_game_over_lets_players_look_at_the_final_table_and_come_back():
    app = BoardGamesApp(match=veto_near_its_end())  # the whole game by keys: the slow test above
    async with app.run_test(size=SIZE) as pilot:
        await play_veto_to_game_over(app, pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert "points" in screen_text(app)
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)


async def test_a_key_of_play_on_the_game_over_screen_says_what_the_screen_offers():
    app = BoardGamesApp(match=veto_near_its_end())
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await play_veto_to_game_over(app, pilot)
        assert isinstance(app.screen, GameOverScreen)
        for key in ("escape", "f1", "w"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, GameOverScreen)
        await wait_for(pilot, lambda: "The game is over: choose what comes next" in notices(app))


async def test_reaction_window_offers_rules_and_menu_and_comes_back():
    m = reaction_match()
    app = BoardGamesApp(match=m)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert reaction_up(app.screen)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert reaction_up(app.screen)
        await pilot.press("m")
        await pilot.pause()
        from boardgames_tui.ui.menu import MenuScreen

        assert isinstance(app.screen, MenuScreen)
        await pilot.press("1")  # resume
        await pilot.pause()
        assert reaction_up(app.screen)
        assert m.state.reaction_window is not None


async def test_ctrl_z_with_nothing_to_undo_says_so():
    app = BoardGamesApp(game="veto", names=["Ana", "Beto"], seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await lift_first_curtain(pilot)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert "Nothing to undo" in notices(app)


async def test_log_hidden_then_shown_is_redrawn_whole():
    from boardgames_tui.ui.log_panel import LogPanel

    app = BoardGamesApp(game="veto", names=["Ana", "Beto"], seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await lift_first_curtain(pilot)
        await pilot.press("l")
        await pilot.pause()
        game = app.screen
        await pick_and_confirm(pilot, game)  # logs a line while the log is hidden
        await wait_for(pilot, lambda: curtain_up(app.screen), what="B's curtain")
        await pilot.press("enter")  # B's curtain: B's screen redraws the log, hidden
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        await pilot.pause()
        log = game.query_one(LogPanel)
        assert any("picked a card" in strip.text for strip in log.lines)
        assert all(len(strip.text.strip()) != 1 for strip in log.lines)
        assert any("cards dealt" in strip.text for strip in log.lines)


async def test_a_digit_brings_the_keyboard_back_to_the_choices():
    app = BoardGamesApp(game="veto", names=["Ana", "Beto"], seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await lift_first_curtain(pilot)
        game = app.screen
        game.set_focus(None)
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        assert game.chooser.has_focus
        assert len(game.match.actions) == 1


async def test_curtain_shows_what_everyone_saw_since_the_last_hand_over():
    m = reaction_match()
    m.play(1, Pass())  # B lets the round go to A: the result is public
    app = BoardGamesApp(match=m)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert curtain_up(app.screen)
        text = " ".join(screen_text(app).split())
        assert "Since the last hand-over, for everyone" in text
        assert "wins the round" in text
        assert "you drew" not in text and "you picked" not in text
