"""Spanish and English: gettext catalogues kept complete, the language chosen, every screen string translated."""

import gettext
import io
import os
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from boardgames_tui import i18n
from boardgames_tui.app import BoardGamesApp
from boardgames_tui.cli import _choose_language
from boardgames_tui.engine import Event
from boardgames_tui.engine.history import record
from boardgames_tui.games import GAMES
from boardgames_tui.ui.game_over import GameOverScreen
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.history_screen import HistoryScreen, StatsScreen
from boardgames_tui.ui.launcher import LauncherScreen
from boardgames_tui.ui.load_screen import LoadScreen
from boardgames_tui.ui.menu import MenuScreen
from boardgames_tui.ui.replay import JumpScreen, ReplayScreen
from boardgames_tui.ui.rules_viewer import RulesScreen
from boardgames_tui.ui.settings import SettingsScreen
from boardgames_tui.ui.setup import SetupScreen
from boardgames_tui.ui.too_small import TooSmallScreen
from boardgames_tui.ui.translated import apply_language
from tests.handover import curtain_up, reaction_up
from tests.history.finished import finished
from tests.screen_text import screen_text, wait_for

PACKAGE = Path(i18n.__file__).parent
PO = PACKAGE / "locale" / "es" / "LC_MESSAGES" / "boardgames_tui.po"
MO = PO.with_suffix(".mo")
SIZE = (80, 24)


def _source_messages() -> set[str]:
    keywords = {"_": None, "N_": None, "ngettext": (1, 2)}
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(PACKAGE), method_map=[("**.py", "python")], keywords=keywords
    ):
        found.add(message if isinstance(message, str) else message[0])
    return found


def test_every_message_in_the_source_has_a_spanish_translation():
    catalogue = read_po(PO.open("rb"))
    translated = {
        m.id if isinstance(m.id, str) else m.id[0] for m in catalogue if m.id and m.string and all(m.string)
    }
    untranslated = sorted(_source_messages() - translated)
    assert untranslated == [], "run pybabel extract/update and translate these"


def test_the_shipped_mo_file_is_compiled_from_the_po_file():
    buf = io.BytesIO()
    write_mo(buf, read_po(PO.open("rb")))
    fresh = gettext.GNUTranslations(io.BytesIO(buf.getvalue()))
    shipped = gettext.GNUTranslations(MO.open("rb"))
    assert shipped._catalog == fresh._catalog, (
        "run pybabel compile -D boardgames_tui -d boardgames_tui/locale"
    )


def test_spanish_placeholders_match_the_english_ones():
    import string

    for m in read_po(PO.open("rb")):
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        wanted = {f for _, f, _, _ in string.Formatter().parse(ids[0]) if f}
        for text in strings:
            assert {f for _, f, _, _ in string.Formatter().parse(text) if f} == wanted, m.id


@pytest.mark.parametrize(
    "flag, env, saved, expected",
    [
        ("es", {"LANG": "en_GB.UTF-8"}, "en", "es"),
        (None, {"LANG": "es_CL.UTF-8"}, "en", "en"),
        (None, {"LANG": "en_GB.UTF-8"}, "es", "es"),
        (None, {"LC_ALL": "en_US.UTF-8", "LANG": "es_ES.UTF-8"}, None, "en"),
        (None, {"LANG": "es_CL.UTF-8"}, None, "es"),
        (None, {"LANG": "C.UTF-8"}, "es", "es"),
        (None, {"LANG": "fr_FR.UTF-8"}, None, "en"),
        (None, {}, None, "en"),
    ],
)
def test_the_language_comes_from_the_flag_then_the_settings_then_the_environment(flag, env, saved, expected):
    assert i18n.choose_language(flag, saved, env) == expected


def test_lang_flag_switches_the_app_to_spanish(monkeypatch):
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    try:
        _choose_language("es")
        assert i18n.language() == "es"
        assert i18n._("Quit") == "Salir"
    finally:
        apply_language("en")


def test_every_game_shows_its_spanish_rules_in_spanish_and_its_english_rules_in_english(spanish):
    for spec in GAMES.values():
        spanish_file = spec.rules_md.with_name("rules.es.md")
        assert spec.rules_text() == spanish_file.read_text(encoding="utf-8")
    apply_language("en")
    for spec in GAMES.values():
        assert spec.rules_text() == spec.rules_md.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "game, terms",
    [
        ("mountain_goats", ["cabra", "cima", "Ficha de Punto", "Gran Montaña"]),
        ("penguinramids", ["Pingüino Jefe", "fichas de fuerza", "cartas de Acción", "cartas de Meta"]),
    ],
)
def test_spanish_rules_use_the_spanish_rulebooks_terms(game, terms):
    text = GAMES[game].rules_md.with_name("rules.es.md").read_text(encoding="utf-8")
    for term in terms:
        assert term in text


def test_spanish_rules_keep_every_section_of_the_english_rules():
    for spec in GAMES.values():
        english = [
            line for line in spec.rules_md.read_text(encoding="utf-8").splitlines() if line.startswith("#")
        ]
        spanish = [
            line
            for line in spec.rules_md.with_name("rules.es.md").read_text(encoding="utf-8").splitlines()
            if line.startswith("#")
        ]
        assert [h.split(" ")[0] for h in spanish] == [h.split(" ")[0] for h in english], spec.id


async def _visit(pilot, app, key, screen_type):
    await pilot.press(key)
    await wait_for(pilot, lambda: isinstance(app.screen, screen_type), what=screen_type.__name__)
    await pilot.pause()


async def test_the_shell_screens_in_spanish_show_no_untranslated_message(spanish, tmp_path):
    record(finished("penguinramids", ("Ana", "Beto")), finished=1_700_000_000)
    finished("mountain_goats", ("Ana", "Beto"), upto=5).save(tmp_path / "saved.json")
    app = BoardGamesApp()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        text = screen_text(app)
        assert "Salir" in text and "jugadores" in text and "Configuración" in text
        await _visit(pilot, app, "s", SettingsScreen)
        assert "Idioma" in screen_text(app)
        await _visit(pilot, app, "escape", LauncherScreen)
        await _visit(pilot, app, "h", HistoryScreen)
        assert "Partidas terminadas" in screen_text(app)
        await _visit(pilot, app, "s", StatsScreen)
        assert "todos los juegos" in screen_text(app)
        await _visit(pilot, app, "escape", HistoryScreen)
        await _visit(pilot, app, "enter", ReplayScreen)
        await wait_for(pilot, lambda: app.screen.ready, what="the replay drawn")
        assert "Repetición" in screen_text(app)
        await pilot.press("v", "home", "right", "x")
        await _visit(pilot, app, "j", JumpScreen)
        await pilot.press("z", "enter")
        await pilot.pause()
        await _visit(pilot, app, "escape", HistoryScreen)
        await _visit(pilot, app, "escape", LauncherScreen)
        await _visit(pilot, app, "1", SetupScreen)
        text = screen_text(app)
        assert "Nueva partida" in text and "Expansión Gran Montaña" in text
        await _visit(pilot, app, "f1", RulesScreen)
        await _visit(pilot, app, "escape", SetupScreen)
        await _visit(pilot, app, "escape", LauncherScreen)
        app.load_game(tmp_path / "saved.json")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen), what="the game")
        await pilot.pause()
        await _visit(pilot, app, "escape", MenuScreen)
        assert "Guardar la partida" in screen_text(app)
        await _visit(pilot, app, "4", LauncherScreen)
        app.push_screen(LoadScreen())
        await pilot.pause()
        await _visit(pilot, app, "escape", LauncherScreen)
        await pilot.resize_terminal(60, 20)
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen), what="the notice")
        assert "Agranda tu terminal" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: isinstance(app.screen, LauncherScreen), what="the launcher")
    assert spanish == set()


async def test_curtain_and_game_over_in_spanish_show_no_untranslated_message(spanish):
    whole = finished("penguinramids", ("Ana", "Beto"))
    app = BoardGamesApp(match=finished("penguinramids", ("Ana", "Beto"), upto=0))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: curtain_up(app.screen), what="the curtain")
        assert "Pasa el teclado a" in screen_text(app)
    app = BoardGamesApp(match=whole)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), what="game over")
        await pilot.pause()
        text = screen_text(app)
        assert "fin de la partida" in text and "Jugar otra vez" in text
    assert spanish == set()


async def test_choosing_spanish_in_the_settings_switches_the_launcher_at_once_and_is_remembered():
    from boardgames_tui import settings

    try:
        app = BoardGamesApp()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await _visit(pilot, app, "s", SettingsScreen)
            app.screen.query_one("#settings-language").value = "es"
            await _visit(pilot, app, "ctrl+s", LauncherScreen)
            text = screen_text(app)
            assert "cuatro juegos de mesa" in text and "Salir" in text and "q Salir" in text
        assert settings.load().settings.language == "es"
    finally:
        apply_language("en")
        settings.use(None)


async def test_game_screen_and_reaction_window_in_spanish_show_no_untranslated_message(spanish):
    from tests.shell.matches import checkpoints

    match = checkpoints("mision_chungungo", ("Ana", "Beto"))["reaction"]
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: reaction_up(app.screen), what="the reaction window")
        await pilot.pause()
        text = screen_text(app)
        assert "Pueden reaccionar: A Ana" in text and "Pulsa Enter si nadie reacciona." in text
    app = BoardGamesApp(match=finished("mountain_goats", ("Ana", "Beto"), upto=1))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen), what="the game")
        await pilot.pause()
        text = screen_text(app)
        assert "Registro" in text and "f1 Reglas" in text and "esc Menú" in text
    assert spanish == set()


GAMES_PLAYED = ["mountain_goats", "penguinramids", "montana_pinguino", "mision_chungungo"]


async def _play_a_few_turns(pilot, app, decisions: int) -> None:
    """Make ``decisions`` choices as the players would: curtains and reaction windows
    are passed with Enter, a choice is highlighted (its preview shown) and taken with Enter
    (a second Enter confirms a secret choice)."""

    game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
    target = len(game.match.actions) + decisions
    for _press in range(decisions * 6):
        if len(game.match.actions) >= target or game.match.state.is_terminal:
            break
        screen = app.screen
        if curtain_up(screen):
            await pilot.press("enter")
        elif isinstance(screen, GameScreen):
            await pilot.press("down", "up")
            await pilot.press("enter")
            await pilot.pause()
            if app.screen is screen and len(game.match.actions) < target:
                await pilot.press("enter")  # a secret choice is picked, then confirmed
        elif reaction_up(screen):
            await pilot.press("enter")
        else:  # a round's reveal, or a confirmation: let it go on
            await pilot.press("enter")
        await pilot.pause()
    assert len(game.match.actions) >= target, "the game did not move on"


@pytest.mark.parametrize("game", GAMES_PLAYED)
async def test_each_game_played_a_few_turns_in_spanish_shows_no_untranslated_message(spanish, game):
    """Board, status line, chooser, previews, log, curtain and game over of a real game, in Spanish."""
    whole = finished(game, ("Ana", "Beto"))
    app = BoardGamesApp(match=finished(game, ("Ana", "Beto"), upto=len(whole.actions) // 3))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(
            pilot, lambda: any(isinstance(s, GameScreen) for s in app.screen_stack), what="the game"
        )
        await pilot.pause()
        await _play_a_few_turns(pilot, app, 4)
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen), what="the table")
        if curtain_up(app.screen):
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, GameScreen), what="the table")
        await pilot.pause()
        state = next(s for s in app.screen_stack if isinstance(s, GameScreen)).match.state
        prompt = state.prompt(state.to_move[0])
        text = screen_text(app)
        assert "Registro" in text
        assert i18n.translate_text(prompt) != prompt and i18n.translate_text(prompt) in text
    app = BoardGamesApp(match=whole)  # a finished match opens on its game-over screen
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), what="game over")
        await pilot.pause()
        assert "fin de la partida" in screen_text(app)
    assert spanish == set()


@pytest.mark.parametrize(
    "english, spanish_text",
    [
        # a template with a repeated field; the seat reference is kept for the names
        (
            "{0}: 6+3 on 9: goat climbs to step 2 of 2.",
            "{0}: 6+3 en la 9: la cabra sube a la casilla 2 de 2.",
        ),
        # a list of marked phrases inside a template
        (
            "{0}: 6 on 6: goat reaches the summit, knocks {1}'s goat to the foot, knocks {2}'s goat to the foot; "
            "no 6 tokens are left.",
            "{0}: 6 en la 6: la cabra llega a la cima, devuelve al pie la cabra de {1}, devuelve al pie la cabra "
            "de {2}; no quedan fichas de 6.",
        ),
        # card names are kept, their descriptions translated part by part
        (
            "you play Pudú 9 (top half up, green: +2 acceleration)",
            "juegas Pudú 9 (mitad de arriba, verde: +2 aceleración)",
        ),
        ("{1} takes Red 4 (arms 1|1).", "{1} toma Rojo 4 (brazos 1|1)."),
        # nothing to translate: letters and numbers only
        ("R5+B4 g7", "R5+B4 g7"),
    ],
)
def test_engine_texts_are_translated_by_the_marked_shape_they_were_made_from(spanish, english, spanish_text):
    for spec in GAMES.values():
        assert spec.rules.TEXTS  # importing the rules registers the shapes of their texts
    assert i18n.translate_text(english) == spanish_text
    assert spanish == set()


def test_an_engine_text_of_no_marked_shape_stays_english_and_is_reported(spanish):
    assert i18n.translate_text("{0} juggles three penguins.") == "{0} juggles three penguins."
    assert spanish == {"{0} juggles three penguins."}


def test_engine_texts_stay_english_in_english():
    assert i18n.translate_text("{0} rolls 1 2 3 4.") == "{0} rolls 1 2 3 4."


def test_the_command_line_refuses_a_bad_save_in_spanish(tmp_path, capsys):
    from boardgames_tui.cli import main

    (tmp_path / "bad.json").write_text('{"x": 1}', encoding="utf-8")
    try:
        assert main(["--lang", "es", "--load", str(tmp_path / "bad.json")]) == 2
        assert main(["--lang", "es", "--game", "chess"]) == 2
    finally:
        apply_language("en")
    err = capsys.readouterr().err
    assert "no se puede cargar" in err and "no es una partida guardada de boardgames-tui" in err
    assert "juego desconocido 'chess'" in err


def test_the_ssh_hubs_own_texts_are_shown_in_spanish(spanish):
    from boardgames_tui.serve.hub import Table

    table = Table("t1", "penguinramids", 3, {}, 1, "ana", "code", ["ana", None, None], ["Ana", None, None])
    assert i18n.translate_text(table.status) == "faltan 2 jugadores"
    table.names = ["Ana", "Beto", None]
    assert i18n.translate_text(table.status) == "falta 1 jugador"
    assert i18n.translate_text("every seat at this table is taken; you can watch") == (
        "todos los puestos de esta mesa están ocupados; puedes mirar"
    )
    assert spanish == set()


@pytest.mark.parametrize("game", GAMES_PLAYED)
def test_a_whole_game_in_spanish_has_every_decision_log_line_private_line_and_score_translated(spanish, game):
    from boardgames_tui.engine.history import export_text

    match = finished(game, ("Ana", "Beto", "Carla"), seed=3)
    text = export_text(match, finished=1_700_000_000)
    assert "Semilla: 3" in text and "Jugadores: A Ana, B Beto, C Carla" in text
    outcome = match.state.outcome()
    for row in (*outcome.breakdown[0], outcome.tiebreak, outcome.ending):
        i18n.translate_text(row)
    for event in match.state.log:  # what only one seat reads: a card drawn, stolen, chosen
        for line in event.private.values():
            i18n.translate_text(line)
    assert spanish == set()


def test_a_replayed_line_with_its_private_parts_revealed_is_translated_part_by_part(spanish):
    from boardgames_tui.ui.replay import revealed

    GAMES["penguinramids"].rules  # noqa: B018 - registers the shapes of its texts
    event = revealed(Event("{0} plays an action card face down.", {0: "you chose card 1 (Chief)"}))
    assert i18n.render_event(event, ["Ana", "Beto"]) == (
        "Ana juega una carta de Acción boca abajo. [A: elegiste la carta 1 (Jefe)]"
    )
    assert spanish == set()


# ---------------------------------------------------------------- the last gaps: hub names, web page, qualifiers, command line


async def test_computer_seats_at_a_shared_table_are_named_in_spanish_but_a_typed_name_never_is(
    spanish, tmp_path
):
    from boardgames_tui.serve import protocol
    from boardgames_tui.serve.hub import Hub, in_viewer_language
    from boardgames_tui.serve.session import rebuild

    hub = Hub(tmp_path)
    ana, beto = hub.connect("key:a", "Computer A"), hub.connect("key:b", "Beto")  # Ana typed "Computer A"
    hub.handle(ana, {"op": "create", "game": "penguinramids", "players": 3, "computers": 1})
    hub.handle(beto, {"op": "join", "table": "t1"})
    messages = []
    while not beto.queue.empty():
        messages.append(protocol.decode(beto.queue.get_nowait()))
    table = in_viewer_language([m for m in messages if m["op"] == "table"][-1])
    lobby = in_viewer_language([m for m in messages if m["op"] == "lobby"][-1])
    assert table["names"] == ["Computer A", "Beto", "Ordenador C"]
    assert rebuild(table["match"]).names == ("Computer A", "Beto", "Ordenador C")
    assert lobby["tables"][0]["seats"] == ["Computer A", "Beto", "Ordenador C"]
    # The hub keeps the English name: a saved table reads the same in either language.
    assert hub.tables["t1"].match.names == ("Computer A", "Beto", "Computer C")
    assert spanish == set()


def posted_form(body: str):
    """A mocked ``POST /play`` request whose body is the form ``body`` (urlencoded), as the entry page sends it."""
    import asyncio
    from unittest import mock

    from aiohttp import streams
    from aiohttp.test_utils import make_mocked_request

    payload = streams.StreamReader(mock.Mock(_reading_paused=False), 2**16, loop=asyncio.get_running_loop())
    payload.feed_data(body.encode())
    payload.feed_eof()
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Content-Length": str(len(body))}
    return make_mocked_request("POST", "/play", headers=headers, payload=payload)


async def test_the_web_entry_page_and_its_refusals_speak_the_servers_language(spanish, tmp_path, monkeypatch):

    from boardgames_tui.serve import server as server_module
    from boardgames_tui.serve.hub import Hub
    from boardgames_tui.serve.identity import UserStore
    from boardgames_tui.serve.server import FailureCounter, ServerConfig
    from boardgames_tui.serve.web import WebTables

    monkeypatch.setattr(server_module, "FAILURE_DELAY", 0.01)
    failures = FailureCounter()
    config = ServerConfig(tmp_path / "keys", None, 60.0, users=UserStore(tmp_path / "users.json"))
    tables = WebTables(Hub(tmp_path), config, failures, "goodcode")
    page = tables.entry_page()
    for spanish_text in ("Las mismas mesas", "Tu nombre en la mesa", "Código (", "Entrar"):
        assert spanish_text in page
    for english in ("The same tables", "Your name at the table", "Code (the server", ">Enter<"):
        assert english not in page
    wrong = await tables.handle_play(posted_form("name=Ana&code=wrong"))
    assert wrong.status == 403 and "esa contraseña o código no es correcto" in wrong.text
    while not failures.blocked(*failures.keys_for("Ana", "127.0.0.1"), *failures.keys_for("Ana", "?")):
        await tables.handle_play(posted_form("name=Ana&code=wrong"))
    blocked = await tables.handle_play(posted_form("name=Ana&code=goodcode"))
    assert blocked.status == 429 and "demasiados intentos fallidos" in blocked.text
    assert spanish == set()


def test_a_browser_tab_is_started_in_the_web_servers_language(spanish):
    import socket

    from boardgames_tui.serve.web import HubAppService

    mine, theirs = socket.socketpair()
    with mine, theirs:
        service = HubAppService(
            theirs,
            write_bytes=None,
            write_str=None,
            close=None,
            download_manager=None,  # type: ignore[arg-type]  # the service never downloads here
        )
        assert service._build_environment()["BOARDGAMES_TUI_LANG"] == "es"


async def test_the_lobby_in_spanish_names_no_door_and_shows_a_computer_seat_in_spanish(spanish):
    import asyncio

    from boardgames_tui.serve.hub import BOT_OWNER, Table
    from boardgames_tui.serve.session import SessionApp
    from tests.screen_text import wait_for_text

    table = Table(
        "t1", "penguinramids", 2, {}, 1, "key:a", "code", ["key:a", BOT_OWNER], ["Computer A", "Computer B"]
    )

    class Link:
        """A stand-in for the hub: hello, then a lobby with one table (a typed name and a computer seat)."""

        async def open(self):
            pass

        def send(self, message):
            pass

        async def messages(self):
            yield {"op": "hello", "name": "Computer A", "identity": "key:a"}
            yield {"op": "lobby", "tables": [table.listing("key:a")]}
            await asyncio.Event().wait()

    app = SessionApp(Link())  # type: ignore[arg-type]  # a stand-in link with the methods used
    async with app.run_test(size=SIZE) as pilot:
        text = await wait_for_text(pilot, app, "Ordenador B")
    assert "boardgames-tui: las mesas de este servidor. Eres Computer A." in text
    assert "A Computer A, B Ordenador B" in text
    assert "SSH" not in text and "Computer B" not in text
    assert spanish == set()


def test_chungungo_card_qualifiers_show_in_spanish_on_the_board_chooser_and_previews(spanish):
    import random

    from rich.console import Console

    from boardgames_tui.games.mision_chungungo import rules
    from boardgames_tui.games.mision_chungungo.rules import PlayCard
    from boardgames_tui.games.mision_chungungo.ui import model
    from boardgames_tui.ui.board import BoardContext

    comando_right, comando_column = 27, 28
    assert model.fit_title("Comando (right)", 40) == "Comando (derecha)"
    assert model.fit_title("Francotiradora (up)", 15) == "Franc. (arriba)"
    assert (
        model.card_short(comando_column) == "Comando (columna) " + f"{model.CARDS[comando_column].copper}cu"
    )

    # A game where a seat may play the Comando that shoots right: its chooser label and preview.
    def first_play(seed):
        """The first state of a seeded random game where a seat may play the Comando (right)."""
        rnd, state = random.Random(seed), rules.new_game(2, seed)
        while not state.is_terminal:
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            plays = [a for a in legal if isinstance(a, PlayCard) and a.card == comando_right]
            if plays:
                return state, seat, plays
            state = state.apply(seat, rnd.choice(legal))
        return None

    for seed in range(50):
        found = first_play(seed)
        if found:
            state, seat, plays = found
            break
    else:
        pytest.fail("no seed deals the Comando (right) to the first seat")
    view = state.view(seat)
    ctx = BoardContext(view, seat, ["Ana", "Beto"], state.legal_actions(seat))
    table = model.table_of(view, seat)
    layout = model.field_layout(table, ctx.legal)
    assert "Comando (derecha)" in model.label(plays[0], table, ctx, layout)
    assert "Comando (derecha)" in model.preview_text(plays[0], table, ctx)
    console = Console(width=80, color_system=None)
    shown = "".join(seg.text for seg in console.render(model.hand_table(table, ctx, plays[0])))
    assert "Comando (derecha)" in shown and "(right)" not in shown
    assert spanish == set()


def test_the_sub_commands_help_and_argparse_messages_are_in_spanish(spanish, capsys):
    import argparse
    import gettext as stdlib_gettext

    from boardgames_tui.cli import main

    for command in ("simulate", "arena", "serve"):
        with pytest.raises(SystemExit) as done:
            main(["--lang", "es", command, "--help"])
        assert done.value.code == 0
        out = capsys.readouterr().out
        assert out.startswith("uso: boardgames-tui " + command) and "\nopciones:\n" in out
        assert "muestra esta ayuda y termina" in out
        assert (
            "usage:" not in out
            and "show this help" not in out
            and "how many" not in out
            and "address" not in out
        )
    assert (
        main(["--lang", "es", "simulate", "--game", "mountain_goats", "--games", "1", "--players", "x"]) == 2
    )
    assert main(["--lang", "es", "arena", "--game", "mountain_goats"]) == 2
    err = capsys.readouterr().err
    assert "argumento --players: valor no válido para int: 'x'" in err
    assert "faltan estos argumentos obligatorios: --seats, --games" in err
    assert "invalid" not in err and "required" not in err
    assert argparse._ is stdlib_gettext.gettext  # argparse's own lookup is put back
    assert spanish == set()


def test_the_sub_commands_output_is_in_spanish(spanish, capsys):
    from boardgames_tui.cli import main

    assert main(["--lang", "es", "simulate", "--game", "mountain_goats", "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Mountain Goats: 1 partida al azar\npartidas: 1  jugadores: 2")
    assert "proporción de victorias por asiento: A " in out and "win share" not in out
    assert (
        main(
            ["--lang", "es", "arena", "--game", "mountain_goats", "--seats", "random,random", "--games", "1"]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert (
        "1 partidas, 2 asientos" in out
        and "victorias compartidas (empates)" in out
        and "wall time" not in out
    )
    assert spanish == set()


def test_the_serve_start_lines_are_in_spanish(spanish, tmp_path):
    import asyncssh

    from boardgames_tui.serve.server import ServerConfig, how_to_connect

    key = asyncssh.generate_private_key("ssh-ed25519")
    text = how_to_connect("127.0.0.1", 2222, key, ServerConfig(tmp_path / "keys", "abcdefgh", 60.0))
    assert "conéctate con:  ssh -p 2222 TUNOMBRE@localhost" in text
    assert "(ese archivo aún no existe)" in text and "Ctrl+C detiene el servidor" in text
    assert "connect with" not in text and "listening" not in text
    assert spanish == set()


def test_every_game_options_label_and_help_have_a_spanish_translation(spanish):
    for spec in GAMES.values():
        for option in spec.options.values():
            i18n._(option.label), i18n._(option.help)
    assert spanish == set()


# ---------------------------------------------------------------- issue 24: English words left in Spanish screens

#: English words a Spanish screen showed in issue 24, each with where it was seen.
ENGLISH_LEFT = ("THE TABLE WATCHES", "F finish", "unfinished", "not a readable save", "Starter Kit")


async def test_montanas_reveal_in_spanish_shows_no_english_title_finish_or_speed_letters(spanish):
    from tests.handover import reveal_up

    whole = finished("montana_pinguino", ("Ana", "Beto"))
    app = BoardGamesApp(match=finished("montana_pinguino", ("Ana", "Beto"), upto=len(whole.actions) // 3))
    seen: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(
            pilot, lambda: any(isinstance(s, GameScreen) for s in app.screen_stack), what="the game"
        )
        for _press in range(200):
            if reveal_up(app.screen):
                seen.append(screen_text(app))
                break
            await pilot.press("enter")
            await pilot.pause()
        assert seen, "no round was revealed"
    text = seen[0]
    assert "LA MESA MIRA LA RONDA" in text
    assert not [word for word in ENGLISH_LEFT if word in text]
    assert spanish == set()


def test_montanas_speed_letters_and_finish_line_are_spanish(spanish):
    from boardgames_tui.games.montana_pinguino.ui import render

    match = finished("montana_pinguino", ("Ana", "Beto"))
    view = match.state.view(0)
    gauge = render.gauge_text(view, 0).plain
    assert gauge[0] == "V" and "A" in gauge and "N" in gauge and "G" not in gauge and "Y" not in gauge
    assert render.level_letter(2) == "N"
    apply_language("en")
    assert render.level_letter(2) == "O" and render.gauge_text(view, 0).plain[0] == "G"
    apply_language("es")
    assert "F meta" in i18n._("F finish")
    assert spanish == set()


def test_penguinramids_goal_names_and_conditions_are_spanish(spanish):
    from boardgames_tui.games.penguinramids.data import GOALS
    from boardgames_tui.games.penguinramids.ui import render

    state = GAMES["penguinramids"].rules.new_game(players=2, seed=1)
    line = render.goals_line(state.view(0), 200).plain
    for g in state.goals:
        assert i18n._(GOALS[g].name) in line and GOALS[g].name not in line
    assert i18n._("Rainbow") == "Arcoíris" and i18n._(GOALS[0].text) == "los cuatro colores en la pirámide"
    assert i18n.translate_text("Goal Rainbow: +2") == "Meta Arcoíris: +2"
    assert spanish == set()


def test_misión_chungungos_rulebook_terms_are_the_spanish_rulebooks(spanish):
    from boardgames_tui.games.mision_chungungo.ui import model

    GAMES["mision_chungungo"].rules  # noqa: B018 - registers the shapes of its texts
    assert model.shown_title("Starter Kit") == "Kit Inicial"
    assert "Kit Inicial" in i18n.translate_text(
        "Each player receives a Starter Kit. {0} is the first player."
    )
    assert i18n._("Excavate or Quantum Leap") == "Excavar o Salto Cuántico"
    assert i18n._("Excavate") == "Excavar"
    rules = GAMES["mision_chungungo"].rules_md.with_name("rules.es.md").read_text(encoding="utf-8")
    assert "**Excavar**" in rules and "**Salto Cuántico**" in rules and "**Kit Inicial**" in rules
    assert spanish == set()


async def test_the_load_list_in_spanish_names_each_kind_of_file_and_the_month_in_spanish(spanish):
    from boardgames_tui.engine.match import autosave_dir, saves_dir

    december = 1_764_590_400  # 1 December 2025, noon UTC
    for folder, name in ((autosave_dir(), "auto.json"), (saves_dir(), "kept.json")):
        folder.mkdir(parents=True, exist_ok=True)
        finished("mountain_goats", ("Ana", "Beto"), upto=1).save(folder / name)
        os.utime(folder / name, (december, december))
    (saves_dir() / "broken.json").write_text("{", encoding="utf-8")
    app = BoardGamesApp()
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        app.push_screen(LoadScreen())
        await wait_for(pilot, lambda: isinstance(app.screen, LoadScreen), what="the load list")
        await pilot.pause()
        text = screen_text(app)
    assert "sin terminar" in text and "guardada" in text and " dic " in text
    assert "1 acción" in text
    assert not [word for word in (*ENGLISH_LEFT, "Dec ", "saved ", "1 actions") if word in text]
    assert spanish == set()


@pytest.mark.parametrize("game", GAMES_PLAYED)
async def test_every_setup_label_in_spanish_fits_its_place_at_80x24(spanish, game):
    from rich.cells import cell_len
    from textual.widgets import Label

    app = BoardGamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen(GAMES[game]))
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), what="setup")
        await pilot.pause()
        labels = [
            label
            for label in app.screen.query(Label)
            if label.parent.has_class("setup-row") and label.parent.display
        ]
        assert labels
        cut = [
            str(label.content) for label in labels if cell_len(str(label.content)) > label.content_size.width
        ]
    assert cut == []
    assert spanish == set()


def test_penguinramids_colour_letters_are_spanish_on_the_board_and_in_the_rules_texts(spanish):
    from boardgames_tui.games.penguinramids.data import COLOURS
    from boardgames_tui.games.penguinramids.ui import render

    GAMES["penguinramids"].rules  # noqa: B018 - registers the shapes of its texts
    assert [render.letter(c) for c in range(len(COLOURS))] == [
        "R",
        "Z",
        "A",
        "M",
    ]  # rojo, aZul, amarillo, morado
    blue = next(pid for pid, p in enumerate(render.PENGUINS) if p.colour == 1)
    assert render.penguin_label(blue).startswith("Z")
    shown = i18n.translate_text(f"Place {GAMES['penguinramids'].rules.penguin_label(blue)} in your pyramid")
    assert " Z" in shown and " B" not in shown
    apply_language("en")
    assert render.letter(1) == "B" and render.penguin_label(blue).startswith("B")
    assert spanish == set()


def test_montanas_section_boxes_drawn_in_spanish_are_not_shown_again_in_english(spanish):
    from boardgames_tui.games.montana_pinguino.ui import render

    view = finished("montana_pinguino", ("Ana", "Beto"), upto=3).state.view(None)
    curves = [pos for pos in range(1, view.length + 1) if render.R.section_at(view, pos).curve]
    assert curves
    spanish_tops = [render._cells_of(view, pos, 5, None, None, {})[0].plain for pos in curves]
    apply_language("en")
    english_tops = [render._cells_of(view, pos, 5, None, None, {})[0].plain for pos in curves]
    assert all(top[-2] in "VANR" for top in spanish_tops)
    assert all(top[-2] in "GYOR" for top in english_tops)
