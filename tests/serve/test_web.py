"""``serve --web``: the same hub in a browser tab (textual-serve's page and websocket), beside SSH players."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from boardgames_tui.serve import server as server_module
from boardgames_tui.serve.identity import UserStore
from boardgames_tui.serve.server import FailureCounter, ServerConfig
from boardgames_tui.serve.web import start_web

from .conftest import WAIT, ServerFixture, wait_until
from .play import decide, new_table_index, play_out
from .webclient import WEB_CODE, PageRefused, WebFixture, WebTerminal  # the ``web`` fixture: conftest.py


async def test_the_page_loads_a_session_reaches_the_lobby_and_typed_keys_reach_it(web: WebFixture) -> None:
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{web.base}/?code=abc") as entry:
            page = await entry.text()
            assert entry.status == 200 and 'name="name"' in page and 'method="post"' in page
            assert "abc" not in page  # a code in an address is never taken up
        async with http.get(f"{web.base}/static/js/textual.js") as script:
            assert script.status == 200 and len(await script.read()) > 100_000
    ana = await web.tab("Ana")
    await ana.wait_for("You are Ana")
    assert [m.name for m in web.server.hub.members] == ["Ana"]
    ana.press("n")
    await ana.wait_for("which game")
    ana.press("escape")
    await ana.wait_for(lambda t: "which game" not in t and "+ New table" in t)


async def test_a_wrong_code_or_name_gets_the_form_again_and_no_session(web: WebFixture) -> None:
    with pytest.raises(PageRefused) as refused:
        await web.tab("Ana", code="not-the-code")
    assert refused.value.status == 403 and "that password or code is not right" in refused.value.text
    with pytest.raises(PageRefused) as refused:
        await web.tab("\x1b]0;evil\x07")
    assert refused.value.status == 403 and "control character" in refused.value.text
    assert web.server.hub.members == set()


async def test_five_wrong_codes_turn_the_address_away_even_with_the_right_one(
    web: WebFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server_module, "FAILURE_DELAY", 0.05)
    for _ in range(5):
        with pytest.raises(PageRefused):
            await web.tab("Ana", code="guess")
    with pytest.raises(PageRefused) as refused:
        await web.tab("Ana")
    assert refused.value.status == 429


async def test_the_game_page_shows_a_name_as_text_not_markup(web: WebFixture) -> None:
    async with (
        aiohttp.ClientSession() as http,
        http.post(f"{web.base}/play", data={"name": "<b>Al", "code": WEB_CODE}) as page,
    ):
        text = await page.text()
    assert page.status == 200 and "&lt;b&gt;Al" in text and "<b>Al" not in text


async def test_a_ticket_opens_one_websocket_only(web: WebFixture) -> None:
    async with aiohttp.ClientSession() as http:
        async with http.post(f"{web.base}/play", data={"name": "Ana", "code": WEB_CODE}) as page:
            url = re.search(r'data-session-websocket-url="([^"]+)"', await page.text()).group(1)
        ws = await http.ws_connect(url, origin=web.base)
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await http.ws_connect(url, origin=web.base)
        await ws.close()


async def test_a_closed_tab_frees_its_session_and_its_process(web: WebFixture) -> None:
    ana = await web.tab("Ana")
    await ana.wait_for("You are Ana")
    (service,) = web.tables.services
    pid = service._process.pid
    await ana.close()
    await wait_until(lambda: not web.server.hub.members, "the hub lets the member go")
    await wait_until(lambda: not web.tables.services, "the relay ends")
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


async def test_quitting_the_app_closes_the_tab(web: WebFixture) -> None:
    ana = await web.tab("Ana")
    await ana.wait_for("You are Ana")
    ana.press("q")
    await wait_until(lambda: ana.closed, "the server closes the websocket")
    await wait_until(lambda: not web.server.hub.members, "the hub lets the member go")


#: Beto's password when the test registers him as an account.
BETO_PASSWORD = "beto's own password"


async def open_mixed_table(web: WebFixture, game_id: str, account: bool = False) -> tuple:
    """Ana over SSH makes a two-seat table; Beto enters in a browser with the table's code (a guest)
    or, with ``account``, as a registered account with his own password, and joins it."""
    ana = await web.server.terminal("ana")
    await ana.wait_for("You are ana")
    ana.press("n")
    await ana.wait_for("which game")
    ana.press(*["down"] * new_table_index(game_id, 2), "enter")
    await ana.wait_for(lambda s: "Table t1" in s or "Make the table" in s)
    if "Make the table" in ana.text():
        ana.press("end", "enter")
        await ana.wait_for("Table t1")
    table = web.server.hub.tables["t1"]
    table.seed = 7
    if account:
        UserStore().register_account("Beto", BETO_PASSWORD)  # the data folder the server uses
    beto = await web.tab("Beto", code=BETO_PASSWORD if account else table.code)
    await beto.wait_for("t1 ")
    beto.press("down", "enter")
    return ana, beto


async def test_a_web_seat_and_an_ssh_seat_play_at_one_table_each_seeing_only_their_hand(
    web: WebFixture,
) -> None:
    ana, beto = await open_mixed_table(web, "mision_chungungo")
    await ana.wait_for("Your hand (A ana)")
    await beto.wait_for("Your hand (B Beto)")
    assert "Your hand (B Beto)" not in ana.text() and "Your hand (A ana)" not in beto.text()
    match = web.server.hub.tables["t1"].match
    assert match is not None and match.names == ("ana", "Beto")
    for _ in range(3):  # a few decisions each way; every screen follows
        seat = match.state.to_move[0]
        term, who = (ana, "A ana") if seat == 0 else (beto, "B Beto")
        await decide(term, match, who)
    for term in (ana, beto):
        await term.wait_for("ana places the first")
    assert "Your hand (B Beto)" not in ana.text() and "Your hand (A ana)" not in beto.text()


async def test_a_web_player_who_comes_back_with_name_and_password_gets_the_seat_back(web: WebFixture) -> None:
    _ana, beto = await open_mixed_table(web, "mision_chungungo", account=True)
    await beto.wait_for("Your hand (B Beto)")
    await beto.close()
    again = await web.tab("beto", code=BETO_PASSWORD)  # the name folded: the registered one is shown
    await again.wait_for("Your hand (B Beto)")


async def test_a_web_session_that_crashes_closes_its_tab_alone_and_the_table_plays_on(
    web: WebFixture,
) -> None:
    ana, beto = await open_mixed_table(web, "penguinramids", account=True)
    await beto.wait_for("Your choices")
    (service,) = web.tables.services
    os.kill(service._process.pid, signal.SIGKILL)
    await wait_until(lambda: beto.closed, "the crashed session's tab is closed")
    await wait_until(lambda: [m.name for m in web.server.hub.members] == ["ana"], "only Ana is left")
    match = web.server.hub.tables["t1"].match
    await decide(ana, match, "A ana")
    await ana.wait_for("waiting for B Beto")
    again = await web.tab("Beto", code=BETO_PASSWORD)
    await again.wait_for(" | B Beto: Round 1: choose an action card in secret")


async def test_a_tab_that_stops_reading_holds_up_no_one_else_and_closing_it_frees_it(web: WebFixture) -> None:
    ana, beto = await open_mixed_table(web, "mision_chungungo")
    await beto.wait_for("Your hand (B Beto)")
    (frozen,) = web.tables.services
    pid = frozen._process.pid
    stuck = asyncio.Event()

    async def never(data: bytes) -> None:  # Beto's browser no longer takes what is sent to it
        await stuck.wait()

    frozen.remote_write_bytes = never
    carla = await web.tab("Carla")
    await carla.wait_for("You are Carla")
    match = web.server.hub.tables["t1"].match
    assert match.state.to_move == (0,)
    await decide(ana, match, "A ana")  # Beto's session now has output it cannot deliver
    await ana.wait_for("waiting for B Beto")
    carla.press("down", "w")
    await carla.wait_for("watching")
    await beto.close()
    await wait_until(lambda: frozen not in web.tables.services, "the frozen tab's relay ends", timeout=WAIT)
    assert [m.name for m in web.server.hub.members if m.name == "Beto"] == []
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


@pytest.mark.slow
async def test_a_web_seat_and_an_ssh_seat_play_a_whole_game_of_penguinramids(web: WebFixture) -> None:
    ana, beto = await open_mixed_table(web, "penguinramids")
    await beto.wait_for("Your choices")
    match = await play_out(web.server, [ana, beto])
    assert match.state.is_terminal
    for term in (ana, beto):
        await term.wait_for("game over")


def test_serve_web_starts_both_doors_and_serves_the_page(tmp_path: Path) -> None:
    """The command itself: ``serve --web`` on free ports prints the browser address, which serves the entry page."""
    env = dict(os.environ, BOARDGAMES_TUI_HOME=str(tmp_path))
    proc = subprocess.Popen(
        [sys.executable, "-m", "boardgames_tui", "serve", "--port", "0", "--web", "--web-port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout is not None
        lines = []
        for line in proc.stdout:
            lines.append(line)
            if "in a browser:" in line:
                break
        said = "".join(lines)
        url = re.search(r"in a browser: (http://localhost:\d+/) .*web code: (\w+)", said)
        assert url, said
        assert "?code=" not in said  # the code is printed beside the address, not in it
        import urllib.request

        with urllib.request.urlopen(url.group(1).replace("localhost", "127.0.0.1"), timeout=10) as page:
            assert 'name="code"' in page.read().decode()
    finally:
        proc.terminate()
        proc.wait(10)


async def test_a_tab_without_keys_for_the_idle_timeout_is_closed(server: ServerFixture) -> None:
    # Long enough for a session to start and draw its lobby on a busy machine (a session costs about
    # a CPU-second to start; with 1 s the tab was often closed before its lobby showed).
    IDLE = 5.0
    runner, port, _tables = await start_web(
        "127.0.0.1", 0, server.hub, ServerConfig(idle_timeout=IDLE), FailureCounter(), code=WEB_CODE
    )
    tab = WebTerminal()
    try:
        await tab.open(f"http://127.0.0.1:{port}", "Ana", WEB_CODE)
        await tab.wait_for("You are Ana")
        await wait_until(lambda: tab.closed, "the idle tab is closed", timeout=IDLE + 15)
        await wait_until(lambda: not server.hub.members, "its member goes")
    finally:
        await tab.close()
        await runner.cleanup()
