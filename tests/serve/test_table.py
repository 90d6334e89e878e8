"""Players at their own terminals over SSH: own views, live updates, resize, reconnect, restart, chat."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

from boardgames_tui.serve.hub import Hub
from boardgames_tui.serve.server import LIVE, ServerConfig, start_server

from .conftest import ServerFixture
from .play import decide, new_table_index, open_table, play_out, press_until


def status(term) -> str:
    return term.text().splitlines()[0]


async def test_a_secret_choice_is_made_on_each_screen_at_once_and_stays_hidden(server: ServerFixture) -> None:
    ana, beto = await open_table(server, "penguinramids", ["ana", "beto"])
    match = server.hub.tables["t1"].match
    assert match is not None and set(match.state.to_move) == {0, 1}
    await ana.wait_for(lambda t: " | A ana: Round 1: choose an action card in secret" in t.splitlines()[0])
    await beto.wait_for(lambda t: " | B beto: Round 1: choose an action card in secret" in t.splitlines()[0])
    await press_until(ana, "2", "chosen: 2")  # card 2 Flip, marked
    await decide(ana, match, "A ana")
    text = await ana.wait_for("choosing B (you: 2)")
    assert "you are A ana: waiting for B beto" in text.splitlines()[0]
    # Beto still has his own list, and nothing on his screen says which card Ana chose.
    text = await beto.wait_for("ana plays an action card")
    assert " | B beto: Round 1: choose an action card in secret" in text.splitlines()[0]
    assert "Cards revealed" not in text and "card 2" not in text.replace("│ 2 card 2 Flip", "")
    await decide(beto, match, "B beto")
    # Both choices are revealed to both screens together.
    for term in (ana, beto):
        await term.wait_for("Cards revealed: ana 2")


async def test_each_screen_shows_its_own_hand_and_a_watcher_none(server: ServerFixture) -> None:
    ana, beto = await open_table(server, "mision_chungungo", ["ana", "beto"])
    await ana.wait_for("Your hand (A ana)")
    await beto.wait_for("Your hand (B beto)")
    carla = await server.terminal("carla")
    await carla.wait_for("t1 ")
    carla.press("down")
    await carla.wait_for(lambda t: True)
    carla.press("w")
    text = await carla.wait_for("watching")
    assert "Your hand" not in text and "Your choices" not in text
    assert "Your hand (B beto)" not in ana.text() and "Your hand (A ana)" not in beto.text()
    # A move shows on every screen, the watcher's too.
    match = server.hub.tables["t1"].match
    await decide(ana, match, "A ana")
    for term in (ana, beto, carla):
        await term.wait_for("ana places the first")
        await term.wait_for(lambda t: "asteroid at row" in t)


@pytest.mark.slow  # each SSH session is a new process: the fast tier keeps four tables
async def test_a_resize_redraws_at_the_new_size_and_a_small_one_asks_for_more(server: ServerFixture) -> None:
    ana, beto = await open_table(server, "penguinramids", ["ana", "beto"])
    await ana.wait_for("Your choices")
    ana.resize(100, 30)
    text = await ana.wait_for(
        lambda t: len(t.splitlines()) == 30 and any(len(line) > 90 for line in t.splitlines())
    )
    assert "Your choices" in text
    ana.resize(60, 20)
    await ana.wait_for("Please enlarge your terminal")
    ana.resize(80, 24)
    await ana.wait_for("Your choices")
    assert "enlarge" not in beto.text()


@pytest.mark.slow  # each SSH session is a new process: the fast tier keeps four tables
async def test_a_player_who_reconnects_with_the_same_key_gets_the_seat_back(server: ServerFixture) -> None:
    ana, beto = await open_table(server, "mision_chungungo", ["ana", "beto"])
    match = server.hub.tables["t1"].match
    await decide(ana, match, "A ana")
    await ana.close()
    again = await server.terminal("ana")
    text = await again.wait_for("Your hand (A ana)")
    assert "Your hand (B beto)" not in text
    assert match.state.to_move == (1,)
    await decide(beto, match, "B beto")
    await again.wait_for("beto places")


@pytest.mark.slow  # each SSH session is a new process: the fast tier keeps four tables
async def test_tables_survive_a_server_restart(server: ServerFixture, tmp_path) -> None:
    ana, beto = await open_table(server, "mision_chungungo", ["ana", "beto"])
    match = server.hub.tables["t1"].match
    await decide(ana, match, "A ana")
    played = list(match.actions)
    for term in (ana, beto):
        await term.close()
    server.acceptor.close()
    await server.acceptor.wait_closed()
    acceptor, hub = await start_server(
        "127.0.0.1",
        0,
        ServerConfig(tmp_path / "authorized_keys", idle_timeout=600),
        hub=Hub(server.hub.folder),
    )
    server.acceptor, server.hub, server.port = acceptor, hub, acceptor.get_port()
    assert hub.tables["t1"].match is not None and hub.tables["t1"].match.actions == played
    beto = await server.terminal("beto")
    await beto.wait_for("Your hand (B beto)")


async def test_a_chat_line_reaches_everyone_at_the_table(server: ServerFixture) -> None:
    ana, beto = await open_table(server, "penguinramids", ["ana", "beto"])
    await ana.wait_for("Your choices")
    await beto.wait_for("Your choices")
    await press_until(ana, "t", "say something")
    ana.press("good luck", "enter")
    await beto.wait_for("ana: good luck")
    assert server.hub.tables["t1"].chat == ["ana: good luck"]


@pytest.mark.slow  # each SSH session is a new process: the fast tier keeps four tables
async def test_only_the_creator_closes_a_table_and_its_players_go_back_to_the_lobby(
    server: ServerFixture,
) -> None:
    ana, beto = await open_table(server, "penguinramids", ["ana", "beto"])
    await beto.wait_for("Your choices")
    await press_until(beto, "m", "Back to the lobby")  # the menu of an SSH seat
    beto.press("3")
    await beto.wait_for("+ New table")
    beto.press("end", "c")
    await beto.wait_for("only the player")
    assert "t1" in server.hub.tables
    await press_until(ana, "m", "Back to the lobby")
    ana.press("3")
    await ana.wait_for("+ New table")
    ana.press("end", "c")
    await ana.wait_for("Close table t1")  # a table in play: asked first
    ana.press("y")
    await ana.wait_for(lambda t: "t1 " not in t and "+ New table" in t)
    await beto.wait_for(lambda t: "t1 " not in t)
    assert server.hub.tables == {}


@pytest.mark.slow
async def test_two_players_play_a_whole_game_of_penguinramids_over_ssh(server: ServerFixture) -> None:
    terms = await open_table(server, "penguinramids", ["ana", "beto"])
    match = await play_out(server, terms)
    assert match.state.is_terminal
    for term in terms:
        await term.wait_for("game over")


@pytest.mark.slow
async def test_two_players_play_a_whole_game_of_mision_chungungo_over_ssh_each_seeing_only_their_hand(
    server: ServerFixture,
) -> None:
    ana, beto = terms = await open_table(server, "mision_chungungo", ["ana", "beto"])

    def own_hands_only(match) -> None:
        assert "Your hand (B beto)" not in ana.text()
        assert "Your hand (A ana)" not in beto.text()

    match = await play_out(server, terms, check=own_hands_only)
    assert match.state.is_terminal
    for term in terms:
        await term.wait_for("game over")


async def test_a_player_alone_plays_against_a_computer_seat(server: ServerFixture) -> None:
    ana = await server.terminal("ana")
    await ana.wait_for("You are ana")
    ana.press("n")
    await ana.wait_for("which game")
    ana.press(*["down"] * new_table_index("penguinramids", 2, computer=True), "enter")
    await ana.wait_for("Make the table")
    ana.press("end", "enter")  # Penguinramids' options as they are
    await ana.wait_for(" | A ana: Round 1: choose an action card in secret")
    match = server.hub.tables["t1"].match
    assert match.names == ("ana", "Computer B")
    await decide(ana, match, "A ana")
    await ana.wait_for("Cards revealed")


@pytest.mark.slow  # each SSH session is a new process: the fast tier keeps four tables
async def test_a_session_that_crashes_ends_alone_and_the_table_plays_on(server: ServerFixture) -> None:
    ana, beto = await open_table(server, "penguinramids", ["ana", "beto"])
    await ana.wait_for("Your choices")
    await beto.wait_for("Your choices")
    (crashed,) = [s for s in LIVE if s.identity == "key:" + server.keys["ana"].get_fingerprint()]
    os.kill(crashed.proc.pid, signal.SIGKILL)
    await asyncio.wait_for(ana.process.wait_closed(), 10)
    match = server.hub.tables["t1"].match
    await decide(beto, match, "B beto")
    await beto.wait_for("waiting for A ana")
    again = await server.terminal("ana")
    await again.wait_for(" | A ana: Round 1: choose an action card in secret")
