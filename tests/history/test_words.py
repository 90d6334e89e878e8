"""Keys and words (issue 24): one key one meaning, no Save on a finished table, English plurals and
articles, and the Spanish screens that still showed English (dates, the load list, Montaña's reveal)."""

from __future__ import annotations

import os
import random

from boardgames_tui import i18n
from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine.match import save_summary
from boardgames_tui.games import GAMES
from boardgames_tui.ui.game_over import GameOverScreen
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.translated import apply_language
from tests.history.finished import finished
from tests.screen_text import screen_text, wait_for

SIZE = (80, 24)


def _keys(bindings) -> dict[str, str]:
    return {key.strip(): b.action for b in bindings for key in b.key.split(",")}


def test_one_key_one_meaning_on_the_game_over_scores_and_the_final_table():
    over, table = _keys(GameOverScreen.BINDINGS), _keys(GameScreen.BINDINGS)
    # "g" is the same switch on both (scores <-> final table); no other key means two things.
    shared = {k for k in over if k in table and not k.isdigit() and k not in ("pagedown", "pageup")}
    assert shared == {"g"}
    assert over["b"] == "choose('launcher')"


async def test_a_finished_games_table_does_not_offer_save():
    app = BoardGamesApp(match=finished("mountain_goats", ("Ana", "Beto")))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), what="game over")
        await pilot.pause()
        await pilot.press("g")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen), what="the final table")
        await pilot.pause()
        game = app.screen
        assert game.check_action("save", ()) is False
        assert "^s Save" not in screen_text(app)


def test_a_save_with_one_action_says_1_action(tmp_path):
    path = tmp_path / "one.json"
    finished("mountain_goats", ("Ana", "Beto"), upto=1).save(path)
    assert ", 1 action, " in save_summary(path)
    finished("mountain_goats", ("Ana", "Beto"), upto=2).save(path)
    assert ", 2 actions, " in save_summary(path)


def test_a_save_summary_in_spanish_names_the_month_in_spanish_and_each_kind_of_file(spanish, tmp_path):
    from boardgames_tui.ui.load_screen import kind_label

    path = tmp_path / "one.json"
    finished("mountain_goats", ("Ana", "Beto"), upto=1).save(path)
    december = 1_764_590_400  # 1 December 2025, noon UTC: the same month in every time zone's local time
    os.utime(path, (december, december))
    text = save_summary(path)
    assert "1 acción" in text and "dic" in text and "Dec" not in text
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    assert "no es una partida guardada legible" in save_summary(tmp_path / "bad.json")
    assert (kind_label(True), kind_label(False)) == ("sin terminar", "guardada")
    assert spanish == set()


def test_mountain_goats_says_an_8_token():
    from boardgames_tui.games.mountain_goats.rules import token_article

    assert [token_article(n) for n in (5, 6, 7, 8, 9, 10, 11)] == ["a", "a", "a", "an", "a", "a", "an"]


def test_every_mountain_goats_token_line_has_the_right_article_and_a_spanish_shape(spanish):
    lines = []
    for seed in range(6):
        match = finished("mountain_goats", ("Ana", "Beto", "Carla"), seed=seed)
        lines += [e.text for e in match.state.log if " token (" in e.text]
    assert any("takes an 8 token" in line for line in lines)
    assert not any("takes a 8 token" in line for line in lines)
    for line in lines:
        assert "ficha de" in i18n.translate_text(line)
    assert spanish == set()


def test_montana_a_runner_hurt_by_its_own_card_is_a_person():
    rules = GAMES["montana_pinguino"].rules
    assert "{player} takes {n} damage from {cause}: health {health}." in rules.TEXTS
    assert "their own card {card}" in rules.TEXTS and "its own card {card}" not in rules.TEXTS


def test_montana_counts_one_item_and_one_card_in_the_singular(spanish):
    from boardgames_tui.games.montana_pinguino.ui import render

    state, rnd = GAMES["montana_pinguino"].rules.new_game(players=2, seed=1), random.Random(1)
    found = None
    for _ in range(400):
        if state.is_terminal:
            break
        if any(len(i) == 1 for i in state.items) and state.phase.name == "PLAY":
            found = state
            break
        seat = state.to_move[0]
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    assert found is not None, "no state with a runner holding one item"
    apply_language("en")
    text = str(render.played_text(found.view(0), ("Ana", "Beto"), 0).renderables)
    from rich.console import Console

    console = Console(width=80, color_system=None)
    with console.capture() as out:
        console.print(render.played_text(found.view(0), ("Ana", "Beto"), 0))
    shown = out.get()
    assert "1 items" not in shown and ", 1 item" in shown, text
    apply_language("es")
    with console.capture() as out:
        console.print(render.played_text(found.view(0), ("Ana", "Beto"), 0))
    assert ", 1 objeto" in out.get() and "1 objetos" not in out.get()


async def test_the_statistics_of_one_game_say_one_game_in_spanish(spanish):
    from boardgames_tui.engine.history import list_history, record
    from boardgames_tui.ui.history_screen import StatsScreen

    record(finished("mountain_goats", ("Ana", "Beto")), finished=1_700_000_000)
    app = BoardGamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(StatsScreen(list_history().entries))
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen), what="the statistics")
        await pilot.pause()
        text = screen_text(app)
    assert "Estadísticas de 1 partida terminada" in text and "1 partidas" not in text
    assert spanish == set()


def test_an_unfinished_export_of_one_decision_says_one_decision():
    from boardgames_tui.engine.history import export_text

    assert "Not finished: 1 decision so far." in export_text(
        finished("mountain_goats", ("Ana", "Beto"), upto=1)
    )


def test_the_winners_mark_on_the_scores_is_whole_in_spanish(spanish):
    from rich.console import Console

    from boardgames_tui.ui.game_over import outcome_table

    match = finished("mountain_goats", ("Ana", "Beto"))
    console = Console(width=80, color_system=None)
    with console.capture() as out:
        console.print(outcome_table(match.state.outcome(), match.names))
    assert "GANA" in out.get() and "GA…" not in out.get()
    assert spanish == set()
