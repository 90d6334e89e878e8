"""Closing a table: a waiting one goes at once; one with a game asks first and is archived, not deleted."""

from __future__ import annotations

import json
from pathlib import Path

from boardgames_tui.engine import Match
from boardgames_tui.engine.match import action_to_json
from boardgames_tui.serve.hub import Hub

from .conftest import ServerFixture
from .play import open_table, press_until, sent, table_of_two


async def test_a_table_in_play_is_not_closed_without_confirm(tmp_path: Path) -> None:
    hub, ana, beto = table_of_two(tmp_path)
    hub.handle(ana, {"op": "close", "table": "t1"})
    assert "t1" in hub.tables and (tmp_path / "t1.json").is_file()
    assert [m["op"] for m in sent(ana)] == ["error"] and sent(beto) == []


async def test_a_closed_table_in_play_is_archived_with_its_moves_and_reads_back(tmp_path: Path) -> None:
    hub, ana, beto = table_of_two(tmp_path, "mision_chungungo")
    match = hub.tables["t1"].match
    action = match.state.legal_actions(0)[0]
    hub.handle(ana, {"op": "play", "n": 0, "action": action_to_json(action)})
    hub.handle(ana, {"op": "close", "table": "t1", "confirm": True})
    (archived,) = (tmp_path / "archive").glob("t1-*.json")
    data = json.loads(archived.read_text(encoding="utf-8"))
    back = Match.from_dict(data["match"])
    assert back.actions == [(0, action)] and data["owners"] == ["key:a", "key:b"]
    told = [m for m in sent(ana) if m["op"] == "closed"]
    assert told and told[0]["archived"] == f"{tmp_path.name}/archive/{archived.name}"
    # The archive is not loaded as open tables, and a new t1 does not overwrite it.
    again = Hub(tmp_path)
    assert again.load() == [] and again.tables == {}
    hub.handle(ana, {"op": "create", "game": "penguinramids", "players": 2})
    hub.handle(beto, {"op": "join", "table": "t1"})
    hub.handle(ana, {"op": "close", "table": "t1", "confirm": True})
    assert len(list((tmp_path / "archive").glob("t1-*.json"))) == 2


async def test_a_waiting_table_closes_at_once_and_its_file_goes(tmp_path: Path) -> None:
    hub = Hub(tmp_path)
    ana = hub.connect("key:a", "Ana")
    hub.handle(ana, {"op": "create", "game": "penguinramids", "players": 2})
    hub.handle(ana, {"op": "close", "table": "t1"})
    assert hub.tables == {} and not (tmp_path / "t1.json").exists()
    assert not (tmp_path / "archive").exists()


async def test_c_on_a_table_in_play_asks_and_n_keeps_it_y_archives_it(server: ServerFixture) -> None:
    ana, beto = await open_table(server, "penguinramids", ["ana", "beto"])
    await beto.wait_for("Your choices")
    await press_until(ana, "m", "Back to the lobby")  # the menu: Ana goes back (her seat is kept)
    assert "Save" not in ana.text() and "Seats" not in ana.text() and "launcher" not in ana.text()
    ana.press("3")
    await ana.wait_for("+ New table")
    ana.press("down")
    await ana.wait_for(lambda t: "playing" in t)
    ana.press("c")
    await ana.wait_for("Close table t1")
    assert "archive" in ana.text()
    ana.press("n")
    await ana.wait_for(lambda t: "Close table t1" not in t)
    assert "t1" in server.hub.tables
    ana.last_key = 0.0
    ana.press("c")
    await ana.wait_for("Close table t1")
    ana.press("y")
    await ana.wait_for("Table t1 is closed")
    # Beto is back in the lobby, his session goes on, and he is told where the game went.
    await beto.wait_for(lambda t: "+ New table" in t and "was closed by" in t and "kept on the" in t)
    assert server.hub.tables == {}
    assert list((server.hub.folder / "archive").glob("t1-*.json"))


async def test_the_game_over_screen_at_a_seat_offers_the_lobby_and_no_play_again(
    server: ServerFixture,
) -> None:
    hub = server.hub
    ana_id = "key:" + server.keys["ana"].get_fingerprint()
    ana, beto = hub.connect(ana_id, "ana"), hub.connect("key:beto", "beto")
    hub.handle(ana, {"op": "create", "game": "penguinramids", "players": 2})
    hub.handle(beto, {"op": "join", "table": "t1"})
    match = hub.tables["t1"].match
    while not match.state.is_terminal:  # the whole game, each seat taking its first choice
        seat = match.state.to_move[0]
        match.play(seat, match.state.legal_actions(seat)[0])
    hub.disconnect(ana), hub.disconnect(beto)
    term = await server.terminal("ana")
    await term.wait_for("t1 ")
    term.press("down", "enter")
    text = await term.wait_for("game over")
    assert "Back to the lobby" in text and "Play again" not in text and "launcher" not in text
    await press_until(term, "1", "+ New table")
