"""Computer players at the table, through Pilot: solo games, reaction windows, a worker that
thinks while the screen answers, seats switched mid-game, saves, the pause and the hint key."""

from __future__ import annotations

import time

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine import Match
from boardgames_tui.engine.match import autosave_path
from boardgames_tui.ui import bot_turns
from boardgames_tui.ui.bot_process import ThinkingProcess
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.menu import MenuScreen
from boardgames_tui.ui.rules_viewer import RulesScreen
from boardgames_tui.ui.seats import SeatsScreen
from tests.handover import curtain_up, game_of, where
from tests.screen_text import notices, screen_text, wait_for

from .matches import checkpoints

SIZE = (80, 24)
GAMES = ["mountain_goats", "penguinramids", "montana_pinguino", "mision_chungungo"]


@pytest.fixture
def asked(monkeypatch):
    """Every question the app puts to a helper process: (kind of helper, request)."""
    seen: list[tuple[str, tuple]] = []
    real = ThinkingProcess.ask

    def spy(self, request, cancelled):
        seen.append(("hint" if self is bot_turns.HINTS else "decision", request))
        return real(self, request, cancelled)

    monkeypatch.setattr(ThinkingProcess, "ask", spy)
    return seen


async def play_out(pilot, app, *, limit: int = 3000) -> set:
    """Press Enter whenever a person has something to do, until the game is over; what was seen."""
    seen = set()
    for _ in range(limit):
        game = game_of(app)
        if game.match.state.is_terminal:
            break
        place = where(app)
        seen.add(place[0])
        # "reveal": Montaña's round played for the table; Enter skips to its end.
        people_act = place[0] in ("curtain", "notice", "reaction", "reveal") or (
            place[0] == "seat" and game.chooser.display
        )
        if people_act and app.key_gate._drawn_at is not None:
            await pilot.press("enter")
        else:
            await pilot.pause(0.02)
    return seen


# ---- a game alone against the computer -----------------------------------------


async def _solo_game(game_id: str, match: Match | None = None) -> tuple[BoardGamesApp, set]:
    seats = ["greedy", "human", "random"] if game_id != "montana_pinguino" else ["greedy", "human"]
    if match is None:
        app = BoardGamesApp(game=game_id, seats=seats, seed=4, bot_pause=0)
    else:
        app = BoardGamesApp(match=match, bot_pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seen = await play_out(pilot, app)
        match = game_of(app).match
        assert match.state.is_terminal
        assert any(match.is_human(s) for s, _ in match.actions), "the person played too"
        assert any(not match.is_human(s) for s, _ in match.actions), "the computer players played"
    return app, seen


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
async def test_a_person_alone_finishes_a_whole_game_against_computer_players(game_id):
    _, seen = await _solo_game(game_id)
    assert "curtain" not in seen  # one person at the table: nobody to hide from


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_solo_game_taken_up_near_its_end_finishes_without_a_curtain(game_id):
    over = checkpoints(game_id, ("Ana", "Beto", "Carla"))["over"]
    from .matches import replay

    match = replay(over, max(0, len(over.actions) - 12))
    match.set_seat(0, "greedy")
    match.set_seat(2, "random")
    _, seen = await _solo_game(game_id, match)
    assert "curtain" not in seen
    if game_id == "montana_pinguino":
        assert "reveal" in seen  # no curtain, yet the table still watches each round turn over


async def test_a_solo_game_starts_from_the_launcher_setup():
    from textual.widgets import Select

    app = BoardGamesApp(bot_pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("2")  # Penguinramids
        await pilot.pause()
        app.screen.query_one("#setup-seat-1", Select).value = "greedy"
        await pilot.pause()
        assert "Computer (Greedy)" in screen_text(app)
        await pilot.press("ctrl+n")
        await pilot.pause()
        game = game_of(app)
        assert game.match.seats == ("human", "greedy")
        await wait_for(pilot, lambda: where(app)[0] == "seat" and game.chooser.display, what="Ana's choices")
        assert game.shown_seat == 0  # no curtain for the only person at the table


# ---- reaction windows ---------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["mision_chungungo", "montana_pinguino"])
async def test_a_reaction_window_only_computer_players_can_answer_shows_no_screen(game_id, monkeypatch):
    match = checkpoints(game_id, ("Ana", "Beto", "Carla"))["reaction"]
    reacting = set(match.state.to_move)
    for seat in range(3):
        match.set_seat(seat, "random" if seat in reacting else "human")
    opened = []
    original = GameScreen._open_reaction

    def spy(self, *args, **kwargs):
        opened.append(len(match.actions))
        return original(self, *args, **kwargs)

    monkeypatch.setattr(GameScreen, "_open_reaction", spy)
    app = BoardGamesApp(match=match, bot_pause=0)
    async with app.run_test(size=SIZE) as pilot:
        closed = lambda: next((i for i, st in enumerate(match.states) if st.reaction_window is None), None)  # noqa: E731
        await wait_for(pilot, lambda: closed() is not None, what="the window closed")
        assert all(seat in reacting for seat, _ in match.actions[: closed()])
    assert not [n for n in opened if n < closed()]


# ---- thinking in a worker --------------------------------------------------------------


async def _strong_thinking(pilot, app, game) -> None:
    """Wait until the Strong level is thinking about its first real decision."""
    await wait_for(
        pilot,
        lambda: game.bots.thinking is not None and game.bots.thinking[1] is game.match.state,
        timeout=10,
        what="the computer player thinking",
    )


async def test_the_screen_answers_keys_while_a_computer_player_thinks(asked):
    """Menu, rules and log open and close while a 30-second search runs: the event loop is never blocked."""
    app = BoardGamesApp(game="penguinramids", seats=["strong", "human"], seed=2, bot_pause=0, bot_seconds=30)
    async with app.run_test(size=SIZE) as pilot:
        game = game_of(app)
        await _strong_thinking(pilot, app, game)
        started = time.perf_counter()
        for key, screen in (
            ("m", MenuScreen),
            ("escape", None),
            ("f1", RulesScreen),
            ("escape", None),
            ("l", None),
        ):
            await pilot.press(key)
            await wait_for(
                pilot,
                lambda screen=screen: isinstance(app.screen, screen or type(game)),
                timeout=3,
                what=f"the screen after {key}",
            )
        assert game.query_one("#game-log").has_class("-hidden")
        assert time.perf_counter() - started < 25
        assert game.bots.thinking is not None and not game.match.actions  # still thinking meanwhile
        kind, request = asked[-1]
        level, _game_id, _seconds, _playouts, view, seat, _seed = request
        assert (kind, level, seat) == ("decision", "strong", 0)
        assert view == game.match.state.view(0)  # the seat's own view, never the state


async def test_quitting_while_a_computer_player_thinks_does_not_wait_for_it():
    from textual import events

    app = BoardGamesApp(game="penguinramids", seats=["strong", "human"], seed=2, bot_pause=0, bot_seconds=60)
    async with app.run_test(size=SIZE) as pilot:
        game = game_of(app)
        await _strong_thinking(pilot, app, game)
        start = time.perf_counter()
        app.post_message(events.Key("ctrl+q", None))
    assert time.perf_counter() - start < 5  # not the 60 s the search was given
    assert not game.match.actions


# ---- seats mid-game -----------------------------------------------------------------------


async def test_a_seat_switched_while_the_computer_thought_drops_its_answer():
    app = BoardGamesApp(game="penguinramids", seats=["strong", "human"], seed=2, bot_pause=0, bot_seconds=30)
    async with app.run_test(size=SIZE) as pilot:
        game = game_of(app)
        await _strong_thinking(pilot, app, game)
        token = game.bots.thinking
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("6")  # Seats
        await pilot.pause()
        assert isinstance(app.screen, SeatsScreen)
        await pilot.press("1")  # Ana: Computer (Strong) -> Human
        await pilot.pause()
        assert "A Ana: Human" in screen_text(app)
        await pilot.press("d")
        await pilot.pause()
        assert game.match.seats == ("human", "human")
        # An answer to the old question, arriving now, is dropped.
        game.bots._decided(token, {"action": game.match.state.legal_actions(0)[0]})
        await pilot.pause()
        assert game.match.actions == []
        # Two people now: Beto, whose own screen was up, plays his card first (no curtain);
        # Ana comes after, behind the curtain.
        assert where(app) == ("seat", 1, None)
        path = autosave_path()
        assert path is None or Match.load(path).seats == ("human", "human")


async def test_a_player_leaves_mid_game_and_a_computer_player_takes_the_seat():
    app = BoardGamesApp(game="mountain_goats", names=["Ana", "Beto"], seed=5, bot_pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = game_of(app)
        while game.match.state.to_move != (1,):
            await pilot.press("enter")
        taken = len(game.match.actions)
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("6")
        await pilot.pause()
        await pilot.press("2")  # Beto: Human -> Computer (Random)
        await pilot.press("d")
        await pilot.pause()
        assert game.match.seats == ("human", "random")
        await wait_for(
            pilot, lambda: game.match.state.to_move == (0,), what="Beto's turn played by the computer"
        )
        assert all(seat == 1 for seat, _ in game.match.actions[taken:])
        assert Match.load(game.match.autosave_file).seats == ("human", "random")


async def test_continue_resumes_a_game_with_its_computer_players():
    app = BoardGamesApp(game="mountain_goats", seats=["human", "greedy"], seed=6, bot_pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = game_of(app)
        for _ in range(3):
            await wait_for(pilot, lambda: game.chooser.display and game.shown_seat == 0, what="Ana's turn")
            await pilot.press("enter")
        await wait_for(
            pilot, lambda: game.match.state.to_move == (0,) and game.bots.thinking is None, what="the bot"
        )
        actions = list(game.match.actions)
    again = BoardGamesApp(bot_pause=0)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        game = game_of(again)
        assert game.match.seats == ("human", "greedy") and game.match.actions[: len(actions)] == actions


# ---- the pause after a computer player's move ----------------------------------------------


async def test_a_computer_players_move_stays_in_sight_until_space():
    app = BoardGamesApp(game="mountain_goats", seats=["random", "human"], seed=2, bot_pause=60)
    async with app.run_test(size=SIZE) as pilot:
        game = game_of(app)
        await wait_for(pilot, lambda: game.bots.pausing, what="the pause after the roll")
        assert len(game.match.actions) == 1
        text = screen_text(app)
        assert "A Ana (Random): Ana rolls" in text and "space Go on" in text
        await wait_for(pilot, lambda: app.key_gate._drawn_at is not None, what="the screen drawn")
        await pilot.press("space")
        await wait_for(pilot, lambda: len(game.match.actions) == 2, what="the move after the roll")


# ---- the hint key --------------------------------------------------------------------------


async def test_hint_names_the_strong_levels_action_from_the_players_own_view(asked):
    app = BoardGamesApp(game="penguinramids", seats=["human", "random"], seed=3, bot_pause=0, bot_playouts=20)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        game = game_of(app)
        await wait_for(pilot, lambda: game.chooser.display and game.shown_seat == 0, what="Ana's choices")
        await wait_for(pilot, lambda: "h Hint" in screen_text(app), what="the hint key in the footer")
        await wait_for(pilot, lambda: app.key_gate._drawn_at is not None, what="Ana's screen drawn")
        await pilot.press("h")
        await wait_for(pilot, lambda: "Hint for A Ana:" in notices(app), timeout=10, what="the hint")
        kind, (level, _game, _seconds, playouts, view, seat, _seed) = asked[-1]
        assert (kind, level, seat, playouts) == ("hint", "strong", 0, 20)
        assert view == game.match.state.view(0)  # Ana's own view
        hinted = notices(app).split("Hint for A Ana: ")[1].splitlines()[0]
        assert hinted in [str(a) for a in game.match.state.legal_actions(0)]
        assert game.match.actions == [] or all(s == 1 for s, _ in game.match.actions)  # a hint plays nothing


async def test_no_hint_on_a_curtain_or_from_another_seats_view():
    app = BoardGamesApp(game="penguinramids", names=["Ana", "Beto"], seed=3, bot_pause=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        assert curtain_up(app.screen)
        await pilot.press("h")
        await pilot.pause()
        assert "Hint" not in notices(app) and curtain_up(app.screen)
        game = game_of(app)
        assert game.shown_seat is None and not game.bots.can_hint()
        await wait_for(pilot, lambda: app.key_gate._drawn_at is not None, what="the curtain drawn")
        await pilot.press("enter")
        await wait_for(pilot, lambda: game.shown_seat == 0, what="Ana's screen")
        assert game.bots.can_hint()


async def test_hint_works_at_a_table_of_people_too_without_a_footer_entry():
    app = BoardGamesApp(game="mountain_goats", names=["Ana", "Beto"], seed=3, bot_playouts=10)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        game = game_of(app)
        await wait_for(
            pilot, lambda: game.chooser.display and app.key_gate._drawn_at is not None, what="Ana's turn"
        )
        assert "h Hint" not in screen_text(app)  # the footer of a table of people is as it was
        await pilot.press("h")
        await wait_for(pilot, lambda: "Hint for A Ana: roll" in notices(app), timeout=10, what="the hint")


async def test_a_hint_goes_away_once_its_decision_is_made():
    app = BoardGamesApp(game="mountain_goats", names=["Ana", "Beto"], seed=3, bot_playouts=10)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        game = game_of(app)
        await wait_for(
            pilot, lambda: game.chooser.display and app.key_gate._drawn_at is not None, what="Ana's turn"
        )
        await pilot.press("h")
        await wait_for(pilot, lambda: "Hint for A Ana: roll" in notices(app), timeout=10, what="the hint")
        app.key_gate.rest()
        await pilot.press("enter")  # roll: the hint was about that decision
        await wait_for(pilot, lambda: len(game.match.actions) == 1, what="the roll")
        await pilot.pause()
        assert "Hint for" not in notices(app)


# ---- one person against computer players ---------------------------------------------


@pytest.mark.parametrize("game_id", ["mision_chungungo", "montana_pinguino"])
async def test_alone_the_reaction_window_leaves_your_own_hand_in_sight(game_id):
    match = checkpoints(game_id, ("Ana", "Beto", "Carla"))["reaction"]
    person = min(match.state.to_move)
    for seat in range(3):
        match.set_seat(seat, "human" if seat == person else "random")
    app = BoardGamesApp(match=match, bot_pause=0)
    async with app.run_test(size=SIZE) as pilot:
        game = game_of(app)
        await wait_for(pilot, lambda: game.reaction_open, what="the window open")
        assert game.shown_seat == person and game.shown_private  # the table under it is the person's own
        assert "look away" not in screen_text(app)  # nobody to look away


async def test_alone_the_person_chooses_face_down_while_the_computer_players_decide():
    """Penguinramids' action card is chosen by everyone at once: the person's list is up at
    once, and not after "is thinking..." for each computer player in turn."""
    app = BoardGamesApp(
        game="penguinramids", seats=["strong", "human", "strong"], seed=2, bot_pause=0, bot_seconds=30
    )
    async with app.run_test(size=SIZE) as pilot:
        game = game_of(app)
        await _strong_thinking(pilot, app, game)
        assert where(app) == ("seat", 1, None)
        assert "is thinking" not in screen_text(app)
        assert game.match.state.legal_actions(1) and "confirm" in screen_text(app)


async def test_a_computer_players_face_down_play_leaves_the_persons_chosen_card_marked():
    app = BoardGamesApp(game="penguinramids", seats=["greedy", "human"], seed=2, bot_pause=0)
    async with app.run_test(size=SIZE) as pilot:
        game = game_of(app)
        await wait_for(pilot, lambda: game.shown_seat == 1 and app.key_gate.drawn, what="the person's list")
        app.key_gate.rest()
        await pilot.press("1")  # marked, not yet confirmed
        await wait_for(pilot, lambda: any(s == 0 for s, _a in game.match.actions), what="the computer's play")
        assert where(app) == ("seat", 1, 0)  # the mark stays: the screen was not drawn again
        await wait_for(pilot, lambda: app.key_gate.drawn)
        app.key_gate.rest()
        await pilot.press("enter")
        await wait_for(pilot, lambda: any(s == 1 for s, _a in game.match.actions), what="the person's play")
