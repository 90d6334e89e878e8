"""The hub without SSH: seats, the authoritative match, refusals, saving, failed-login counting."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from boardgames_tui.engine.match import action_to_json
from boardgames_tui.serve import protocol
from boardgames_tui.serve import server as server_module
from boardgames_tui.serve.hub import Hub
from boardgames_tui.serve.identity import UserStore, address_block, check_secret, fold
from boardgames_tui.serve.server import FailureCounter

from .play import sent, table_of_two  # in play.py (test_close_table.py uses them too)


async def test_the_match_starts_when_every_seat_is_taken_with_the_players_names(tmp_path: Path) -> None:
    hub, ana, beto = table_of_two(tmp_path)
    match = hub.tables["t1"].match
    assert match is not None and match.names == ("Ana", "Beto")
    assert (ana.seat, beto.seat) == (0, 1)


async def test_a_play_is_applied_once_and_sent_to_everyone_at_the_table(tmp_path: Path) -> None:
    hub, ana, beto = table_of_two(tmp_path)
    match = hub.tables["t1"].match
    action = match.state.legal_actions(0)[0]
    hub.handle(ana, {"op": "play", "n": 0, "action": action_to_json(action)})
    assert match.actions == [(0, action)]
    for member in (ana, beto):
        assert sent(member) == [{"op": "played", "n": 1, "seat": 0, "action": action_to_json(action)}]


async def test_a_play_from_an_old_screen_or_an_illegal_one_is_refused_to_its_sender_only(
    tmp_path: Path,
) -> None:
    hub, ana, beto = table_of_two(tmp_path, "mision_chungungo")
    match = hub.tables["t1"].match
    action = match.state.legal_actions(0)[0]
    hub.handle(ana, {"op": "play", "n": 5, "action": action_to_json(action)})
    hub.handle(beto, {"op": "play", "n": 0, "action": action_to_json(action)})  # not Beto's turn
    assert match.actions == []
    assert [m["op"] for m in sent(ana)] == ["error"] and [m["op"] for m in sent(beto)] == ["error"]


async def test_only_the_creator_closes_a_table_and_its_file_goes_to_the_archive(tmp_path: Path) -> None:
    hub, ana, beto = table_of_two(tmp_path)
    hub.handle(beto, {"op": "close", "table": "t1", "confirm": True})
    assert "t1" in hub.tables and (tmp_path / "t1.json").is_file()
    hub.handle(ana, {"op": "close", "table": "t1", "confirm": True})
    assert hub.tables == {} and not (tmp_path / "t1.json").exists()
    (closed,) = [m for m in sent(beto) if m["op"] == "closed"]
    assert closed["table"] == "t1" and (tmp_path.parent / closed["archived"]).is_file()


async def test_tables_load_back_with_seats_and_actions_and_a_returning_key_sits_again(tmp_path: Path) -> None:
    hub, ana, _beto = table_of_two(tmp_path, "mision_chungungo")
    match = hub.tables["t1"].match
    action = match.state.legal_actions(0)[0]
    hub.handle(ana, {"op": "play", "n": 0, "action": action_to_json(action)})
    again = Hub(tmp_path)
    assert again.load() == []
    assert again.tables["t1"].match.actions == match.actions
    back = again.connect("key:b", "Beto")
    assert (back.table, back.seat) == ("t1", 1)
    assert [m["op"] for m in sent(back)] == ["hello", "lobby", "table"]


async def test_a_damaged_table_file_is_named_and_left_alone(tmp_path: Path) -> None:
    (tmp_path / "t9.json").write_text(json.dumps({"id": "t9"}))
    hub = Hub(tmp_path)
    problems = hub.load()
    assert len(problems) == 1 and problems[0].startswith("t9.json")
    assert (tmp_path / "t9.json").is_file()


async def test_chat_lines_are_one_line_without_control_characters_and_short(tmp_path: Path) -> None:
    hub, ana, beto = table_of_two(tmp_path)
    hub.handle(ana, {"op": "chat", "text": "hi\x1b[2J\nthere " + "x" * 500})
    line = hub.tables["t1"].chat[-1]
    assert line.startswith("Ana: hi") and "\x1b" not in line and "\n" not in line and len(line) <= 125
    assert sent(beto) == [{"op": "chat", "line": line}]


async def test_a_stuck_session_is_dropped_instead_of_holding_the_table(tmp_path: Path) -> None:
    hub, ana, beto = table_of_two(tmp_path)
    for _ in range(beto.queue.maxsize + 1):
        beto.send({"op": "chat", "line": "x"})
    assert beto.dropped
    hub.handle(ana, {"op": "chat", "text": "still here"})
    assert sent(ana)[-1] == {"op": "chat", "line": "Ana: still here"}


def test_failures_block_a_name_and_its_address_block_with_a_doubling_back_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    now = [1000.0]
    monkeypatch.setattr(server_module.time, "monotonic", lambda: now[0])
    counter = FailureCounter(limit=3, base=10, cap=25, forget=3600)
    keys = counter.keys_for("Ana", "10.0.0.7")
    assert keys == ("who:ana", "net:10.0.0.0/24")
    for _ in range(2):
        assert not counter.blocked(*keys)
        counter.failed(*keys)
    assert not counter.blocked(*keys)  # the first two only wait
    counter.failed(*keys)
    assert counter.blocked(*keys) == 10
    # Another address of the same /24 is blocked too, another block is not; the name is blocked everywhere.
    assert counter.blocked(counter.keys_for("beto", "10.0.0.200")[1]) == 10
    assert not counter.blocked(counter.keys_for("beto", "10.0.1.1")[1])
    assert counter.blocked(counter.keys_for("ANA", "192.0.2.1")[0]) == 10
    counter.failed(*keys)
    assert counter.blocked(*keys) == 20  # doubled
    counter.failed(*keys)
    assert counter.blocked(*keys) == 25  # capped
    now[0] += 26
    assert not counter.blocked(*keys)


def test_address_blocks_are_ipv4_24_and_ipv6_64() -> None:
    assert address_block("192.0.2.99") == "192.0.2.0/24"
    assert address_block("::ffff:192.0.2.99") == "192.0.2.0/24"
    assert address_block("2001:db8:1:2:3:4:5:6") == "2001:db8:1:2::/64"
    assert address_block("not an address") == "not an address"


def test_names_are_compared_folded_and_never_cut() -> None:
    assert fold("ＡＮＡ") == fold("Ana") == fold("ana")
    assert fold("alexandra.martinez") != fold("alexandra.martinelli")
    assert fold("山田太郎花子一二三四") != fold("山田太郎花子一二三五")


def test_a_registered_name_is_one_players_and_its_password_is_stored_hashed(tmp_path: Path) -> None:
    store = UserStore(tmp_path / "users.json")
    user = store.register_account("Ana", "a long secret")
    assert user.identity == "account:ana"
    text = (tmp_path / "users.json").read_text()
    assert "a long secret" not in text
    found = store.account("ANA")
    assert found is not None and check_secret("a long secret", found[1])
    assert not check_secret("a long secreT", found[1])
    with pytest.raises(ValueError, match="belongs to another player"):
        store.register_key("SHA256:xyz", "ａｎａ")
    with pytest.raises(ValueError, match="at least 8"):
        store.register_account("Beto", "short")
    assert [u.name for u in store.revoke("ana")] == ["Ana"]
    assert store.revoked() == {"account:ana"}


def test_protocol_lines_round_trip_and_garbage_is_refused() -> None:
    line = protocol.encode({"op": "chat", "text": "ñandú"})
    assert line.endswith(b"\n") and protocol.decode(line) == {"op": "chat", "text": "ñandú"}
    for bad in (b"[1]\n", b"{}\n", b"not json\n"):
        try:
            protocol.decode(bad)
        except ValueError:
            continue
        raise AssertionError(f"{bad!r} was accepted")


async def test_a_computer_seat_decides_on_its_own_from_its_view(tmp_path: Path) -> None:
    hub = Hub(tmp_path)
    ana = hub.connect("key:a", "Ana")
    hub.handle(ana, {"op": "create", "game": "penguinramids", "players": 2, "computers": 1})
    table = hub.tables["t1"]
    assert table.names == ["Ana", "Computer B"] and table.match is not None
    for _ in range(200):  # the computer's secret card, chosen in a thread
        if any(seat == 1 for seat, _ in table.match.actions):
            break
        await asyncio.sleep(0.02)
    assert [seat for seat, _ in table.match.actions] == [1]
    assert 0 in table.match.state.to_move


async def test_a_table_of_computers_only_is_refused(tmp_path: Path) -> None:
    hub = Hub(tmp_path)
    ana = hub.connect("key:a", "Ana")
    sent(ana)
    hub.handle(ana, {"op": "create", "game": "penguinramids", "players": 2, "computers": 2})
    assert hub.tables == {} and sent(ana)[0]["op"] == "error"


def test_a_guests_seat_at_a_table_not_started_is_freed_and_its_own_empty_table_removed(
    tmp_path: Path,
) -> None:
    hub = Hub(tmp_path)
    ana = hub.connect("key:a", "Ana")
    guest = hub.connect("guest:1", "Dora", guest=True)
    hub.handle(ana, {"op": "create", "game": "penguinramids", "players": 3})
    hub.handle(guest, {"op": "join", "table": "t1"})
    assert hub.tables["t1"].names == ["Ana", "Dora", None]
    hub.handle(guest, {"op": "create", "game": "penguinramids", "players": 2})
    assert set(hub.tables) == {"t1"}  # bound to t1 now: no second table
    hub.disconnect(guest)
    assert hub.tables["t1"].names == ["Ana", None, None] and hub.tables["t1"].owners[1] is None
    other = hub.connect("guest:2", "Eva", guest=True)
    hub.handle(other, {"op": "create", "game": "penguinramids", "players": 2})
    assert "t2" in hub.tables and (tmp_path / "t2.json").exists()
    hub.disconnect(other)
    assert "t2" not in hub.tables and not (tmp_path / "t2.json").exists()
