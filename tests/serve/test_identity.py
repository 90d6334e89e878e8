"""Who a player is, with real SSH clients: keys, accounts, guests with a code, limits, caps, revocation."""

from __future__ import annotations

import asyncio
import os
import pty
import signal
import time
from collections.abc import Sequence
from pathlib import Path

import aiohttp
import asyncssh
import pytest

from boardgames_tui.cli import main
from boardgames_tui.serve import server as server_module
from boardgames_tui.serve.hub import Hub, Member
from boardgames_tui.serve.identity import UserStore
from boardgames_tui.serve.server import FailureCounter, ServerConfig, client_address, start_server
from boardgames_tui.serve.web import start_web

from .conftest import WAIT, PyteScreen, ServerFixture, wait_until
from .play import new_table_index, press_until


class Answers(asyncssh.SSHClient):
    """A client that answers keyboard-interactive prompts from a list, as a person at ``ssh`` would."""

    def __init__(self, answers: Sequence[str]) -> None:
        self.answers = list(answers)
        self.instructions: list[str] = []

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name, instructions, lang, prompts):  # type: ignore[no-untyped-def]
        self.instructions.append(instructions)
        if len(prompts) > len(self.answers):
            return None
        return [self.answers.pop(0) for _ in prompts]


def password(word: str) -> dict:
    """Login arguments for a password (or code) and no key, plain password authentication."""
    return {"client_keys": None, "password": word, "kbdint_auth": False}


def member_named(server: ServerFixture, name: str) -> Member:
    (member,) = [m for m in server.hub.members if m.name == name]
    return member


async def make_table(term, server: ServerFixture, game_id: str = "mision_chungungo", players: int = 2) -> str:
    """``term`` makes a table of ``game_id``; returns its id."""
    before = set(server.hub.tables)
    term.press("n")
    await term.wait_for("which game")
    term.press(*["down"] * new_table_index(game_id, players), "enter")
    await term.wait_for(lambda s: "Waiting" in s or "Make the table" in s or "Table t" in s)
    if "Make the table" in term.text():
        term.press("end", "enter")
    await wait_until(lambda: set(server.hub.tables) - before, "the table is made")
    (table,) = set(server.hub.tables) - before
    return table


async def test_a_code_holder_cannot_sit_on_see_move_for_or_close_anothers_seat_whatever_name(
    server: ServerFixture,
) -> None:
    ana = await server.terminal("ana")
    await ana.wait_for("You are ana")
    t1 = await make_table(ana, server)
    code = server.hub.tables[t1].code
    beto = await server.terminal("beto", **password(code))
    await beto.wait_for("t1 ")
    beto.press("down", "enter")
    await beto.wait_for("Your hand (B beto)")
    owners = list(server.hub.tables[t1].owners)
    # Ana's name is registered (her key's): a code never lets anyone in under it.
    with pytest.raises(asyncssh.PermissionDenied):
        await server.terminal("ANA", **password(code))
    # Mallory has the same code and types Beto's name (a guest's, not registered), then another.
    for typed in ("beto", "mallory"):
        mallory = await server.terminal(typed, **password(code))
        await mallory.wait_for("t1 ")
        intruder = [m for m in server.hub.members if m.name == typed and m.identity not in owners]
        assert len(intruder) == 1 and intruder[0].identity.startswith("guest:")
        mallory.press("down")
        await press_until(mallory, "enter", "every seat at this table is taken")  # join
        await press_until(mallory, "c", "can close it")
        assert "Your hand" not in mallory.text()
        # What a changed client could send: a move, a close, a seat by number.
        member = intruder[0]
        for message in (
            {"op": "play", "n": 0, "action": {}},
            {"op": "close", "table": t1},
            {"op": "join", "table": t1, "seat": 1},
        ):
            server.hub.handle(member, message)
            assert member.seat is None
        await mallory.close()
    table = server.hub.tables[t1]
    assert table.owners == owners and table.names == ["ana", "beto"] and table.match is not None
    assert len(table.match.actions) == 0
    await beto.wait_for("Your hand (B beto)")


async def test_a_tables_code_admits_only_to_that_table(server: ServerFixture) -> None:
    ana = await server.terminal("ana")
    await ana.wait_for("You are ana")
    t1 = await make_table(ana, server)
    ana.press("escape")
    await ana.wait_for("+ New table")
    t2 = await make_table(ana, server)
    guest = await server.terminal("dora", **password(server.hub.tables[t2].code))
    text = await guest.wait_for(f"{t2} ")
    assert f"{t1} " not in text  # the other table is not even listed
    await guest.wait_for("(a guest at")  # the lobby's title says so
    member = member_named(server, "dora")
    server.hub.handle(member, {"op": "watch", "table": t1})
    assert member.table is None
    guest.press("n")
    await guest.wait_for("which game")
    guest.press("enter")
    await guest.wait_for("Make the table")
    guest.press("end", "enter")
    await guest.wait_for("a guest plays at one table only")
    assert set(server.hub.tables) == {t1, t2}
    # A finished or unknown table's code admits nobody.
    with pytest.raises(asyncssh.PermissionDenied):
        await server.terminal("erin", **password("not-a-code"))


async def test_alexandra_martinez_and_alexandra_martinelli_are_two_players(server: ServerFixture) -> None:
    store = UserStore()
    names = ["alexandra.martinez", "alexandra.martinelli"]
    for name in names:
        store.register_account(name, f"{name} password")
    terms = []
    for name in names:
        term = await server.terminal(name, client_keys=None, password=f"{name} password")
        await term.wait_for(f"You are {name}")
        terms.append(term)
    first, second = terms
    t1 = await make_table(first, server)
    await second.wait_for(f"{t1} ")
    second.press("down", "enter")
    await wait_until(lambda: server.hub.tables[t1].match is not None, "both sit")
    table = server.hub.tables[t1]
    assert table.names == names and table.owners == [
        "account:alexandra.martinez",
        "account:alexandra.martinelli",
    ]
    # One's password is not the other's.
    with pytest.raises(asyncssh.PermissionDenied):
        await server.terminal(names[0], client_keys=None, password=f"{names[1]} password")


async def test_two_long_cjk_names_are_two_players_not_one(server: ServerFixture) -> None:
    names = ["山田太郎花子一二三四", "山田太郎花子一二三五"]  # 20 columns each: the longest a name may be
    ana = await server.terminal("ana")
    await ana.wait_for("You are ana")
    t1 = await make_table(ana, server, "mision_chungungo", 3)
    code = server.hub.tables[t1].code
    for name in names:
        term = await server.terminal(name, **password(code))
        await term.wait_for(f"You are {name}")
        term.press("down", "enter")
        await wait_until(lambda n=name: n in server.hub.tables[t1].names, f"{name} sits")
    table = server.hub.tables[t1]
    assert table.names == ["ana", *names] and len(set(table.owners)) == 3


async def test_a_key_cannot_wear_a_registered_name_and_shows_its_own(server: ServerFixture) -> None:
    UserStore().register_account("Dora", "dora's password")
    worn = await server.terminal("DORA", client_keys=[server.keys["ana"]], password=None)
    await worn.wait_for("belongs to another")
    await asyncio.wait_for(worn.process.wait_closed(), WAIT)
    ana = await server.terminal("ana")
    await ana.wait_for("You are ana")
    await ana.close()
    again = await server.terminal("beto", client_keys=[server.keys["ana"]], password=None)
    await again.wait_for("You are ana")  # the key's registered name, not the login typed


async def test_a_new_name_registers_with_the_server_code_and_its_own_password(server: ServerFixture) -> None:
    client = Answers(["secret-code", "elena's password", "elena's password"])
    term = await server.terminal("elena", client_keys=None, password=None, client_factory=lambda: client)
    await term.wait_for("You are elena")
    assert "not registered" in client.instructions[0] and "server code" in client.instructions[0]
    assert "choose a password" in client.instructions[1]
    assert member_named(server, "elena").identity == "account:elena"
    await term.close()
    back = await server.terminal("ELENA", client_keys=None, password="elena's password")
    await back.wait_for("You are elena")
    # The name is hers now: a code does not let anyone else in under it.
    with pytest.raises(asyncssh.PermissionDenied):
        await server.terminal("elena", **password("secret-code"))


async def test_a_second_session_on_a_seat_takes_it_and_the_first_is_told(server: ServerFixture) -> None:
    first = await server.terminal("ana")
    await first.wait_for("You are ana")
    t1 = await make_table(first, server)
    await first.wait_for(f"Table {t1}")
    second = await server.terminal("ana")
    await second.wait_for(f"Table {t1}")  # straight back to its one table
    await first.wait_for("Your seat was taken")
    await first.wait_for("+ New table")
    seated = [m for m in server.hub.members if m.identity.startswith("key:") and m.seat is not None]
    assert len(seated) == 1


async def test_a_valid_key_is_admitted_while_its_address_block_is_locked_out(
    server: ServerFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server_module, "FAILURE_DELAY", 0.01)
    for n in range(server_module.MAX_FAILURES):
        with pytest.raises(asyncssh.PermissionDenied):
            await server.terminal(f"guesser{n}", **password("wrong"))
    # The right server code is refused now, from this address and from another of its /24.
    with pytest.raises(asyncssh.PermissionDenied):
        await server.terminal("dora", **password("secret-code"))
    with pytest.raises(asyncssh.PermissionDenied):
        await server.terminal("dora", local_addr=("127.0.0.2", 0), **password("secret-code"))
    ana = await server.terminal("ana")
    await ana.wait_for("You are ana")


async def test_a_name_is_locked_out_from_every_address_after_its_failures(
    server: ServerFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server_module, "FAILURE_DELAY", 0.01)
    UserStore().register_account("Fran", "fran's password")
    for n in range(server_module.MAX_FAILURES):
        address = f"127.0.{n + 1}.1"  # a new block each time
        with pytest.raises(asyncssh.PermissionDenied):
            await server.terminal("fran", local_addr=(address, 0), **password(f"guess {n}"))
    with pytest.raises(asyncssh.PermissionDenied):
        await server.terminal("fran", local_addr=("127.0.9.1", 0), **password("fran's password"))


async def restart(server: ServerFixture, failures: FailureCounter | None = None, **caps) -> ServerConfig:
    """The fixture's server again with ``caps`` (and a failure counter to share); returns its config."""
    server.acceptor.close()
    await server.acceptor.wait_closed()
    config = ServerConfig(
        server.hub.folder.parent.parent / "authorized_keys", "secret-code", idle_timeout=600, **caps
    )
    acceptor, hub = await start_server("127.0.0.1", 0, config, hub=Hub(server.hub.folder), failures=failures)
    server.acceptor, server.hub, server.port = acceptor, hub, acceptor.get_port()
    server.config = config
    return config


async def test_wrong_codes_at_the_web_door_wait_and_lock_the_ssh_door_but_never_a_key(
    server: ServerFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server_module, "FAILURE_DELAY", 0.2)
    failures = FailureCounter()
    config = await restart(server, failures)
    runner, port, _tables = await start_web("127.0.0.1", 0, server.hub, config, failures, code="web-code-1")
    try:
        async with aiohttp.ClientSession() as http:
            for n in range(server_module.MAX_FAILURES):
                started = time.monotonic()
                params = {"name": f"guesser{n}", "code": "wrong"}
                async with http.post(f"http://127.0.0.1:{port}/play", data=params) as page:
                    assert page.status == 403
                assert time.monotonic() - started >= 0.2  # the web door waits as SSH does
        with pytest.raises(asyncssh.PermissionDenied):
            await server.terminal("dora", **password("secret-code"))
        ana = await server.terminal("ana")
        await ana.wait_for("You are ana")
    finally:
        await runner.cleanup()


async def test_caps_on_sessions_refuse_politely(server: ServerFixture) -> None:
    await restart(server, max_per_identity=1, max_sessions=2)
    ana = await server.terminal("ana")
    await ana.wait_for("You are ana")
    more = await server.terminal("ana")
    await more.wait_for("you already have 1 sessions open here")
    await asyncio.wait_for(more.process.wait_closed(), WAIT)
    assert more.process.exit_status == 1
    beto = await server.terminal("beto")
    await beto.wait_for("You are beto")
    carla = await server.terminal("carla")
    await carla.wait_for("the server is full (2 sessions)")


async def test_too_many_half_open_connections_are_turned_away_with_a_reason(server: ServerFixture) -> None:
    await restart(server, max_half_open=1)
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)  # never logs in
    try:
        await reader.readline()  # its banner: the connection is counted
        with pytest.raises(asyncssh.DisconnectError) as refused:
            await server.terminal("ana")
        assert "too many connections" in refused.value.reason
    finally:
        writer.close()
    # Logged-in connections do not count: with the silent one gone, two players log in one after the other.
    await wait_until(lambda: _half_open(server) == 0, "the silent one is forgotten")
    for name in ("ana", "beto"):
        term = await server.terminal(name)
        await term.wait_for(f"You are {name}")


def _half_open(server: ServerFixture) -> int:
    assert server.config is not None
    return server.config.half_open


async def test_revoking_a_key_ends_its_running_session_and_refuses_it_after(
    server: ServerFixture, capsys: pytest.CaptureFixture
) -> None:
    ana = await server.terminal("ana")
    await ana.wait_for("You are ana")
    assert main(["serve", "users", "revoke", "ana"]) == 0
    await ana.wait_for("revoked your access")
    await asyncio.wait_for(ana.process.wait_closed(), WAIT)
    with pytest.raises(asyncssh.PermissionDenied):
        await server.terminal("ana")


def test_the_proxy_header_counts_only_from_a_named_proxy(tmp_path: Path) -> None:
    config = ServerConfig(users=UserStore(tmp_path / "u.json"), trusted_proxies=("10.1.2.3", "fd00::/8"))
    assert client_address("203.0.113.9", ["198.51.100.1"], config) == "203.0.113.9"  # not a proxy: ignored
    assert client_address("10.1.2.3", ["198.51.100.1, 203.0.113.5"], config) == "203.0.113.5"
    assert client_address("fd00::1", ["198.51.100.1", "10.1.2.3"], config) == "198.51.100.1"
    assert client_address("10.1.2.3", [], config) == "10.1.2.3"


class OpenSSH(PyteScreen):
    """The OpenSSH client on its own pseudo-terminal, drawn by pyte (keys off: it logs in by password)."""

    WHAT = "ssh's terminal"

    def __init__(self, port: int, user: str) -> None:
        super().__init__()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: OpenSSH itself
            os.execvp(
                "ssh",
                [
                    "ssh",
                    "-p",
                    str(port),
                    "-o",
                    "StrictHostKeyChecking=no",
                    "-o",
                    "UserKnownHostsFile=/dev/null",
                    "-o",
                    "PubkeyAuthentication=no",
                    f"{user}@127.0.0.1",
                ],
            )
        os.set_blocking(self.fd, False)
        self.gone = False
        asyncio.get_running_loop().add_reader(self.fd, self._read)

    def _read(self) -> None:
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            data = b""
        if not data:
            self.gone = True
            asyncio.get_running_loop().remove_reader(self.fd)
            self.changed.set()
            return
        self.received_bytes(data)

    def ended(self) -> bool:
        return self.gone

    def type(self, text: str) -> None:
        os.write(self.fd, text.encode() + b"\r")

    def close(self) -> None:
        if not self.gone:
            asyncio.get_running_loop().remove_reader(self.fd)
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        os.close(self.fd)


@pytest.mark.slow  # OpenSSH itself, at its own prompts
async def test_openssh_registers_a_new_name_at_its_prompts_and_logs_it_in_again(
    server: ServerFixture,
) -> None:
    first = OpenSSH(server.port, "gabi")
    try:
        await first.wait_for("gabi is not registered on this server")
        await first.wait_for("Code (a table's, or the server's to register gabi):")
        first.type("secret-code")
        await first.wait_for("choose a password of your own")
        await first.wait_for("New password for gabi (empty: play as a guest):")
        first.type("gabi's own password")
        await first.wait_for("The same password again:")
        first.type("gabi's own password")
        await first.wait_for("You are gabi")
    finally:
        first.close()
    again = OpenSSH(server.port, "GABI")
    try:
        await again.wait_for("Password for GABI:")
        again.type("gabi's own password")
        await again.wait_for("You are gabi")
    finally:
        again.close()


@pytest.mark.parametrize("trusted", [True, False])
async def test_the_web_door_counts_failures_under_the_forwarded_address_only_behind_a_named_proxy(
    server: ServerFixture, monkeypatch: pytest.MonkeyPatch, trusted: bool
) -> None:
    monkeypatch.setattr(server_module, "FAILURE_DELAY", 0.01)
    failures = FailureCounter()
    config = ServerConfig(idle_timeout=600, trusted_proxies=("127.0.0.1",) if trusted else ())
    runner, port, _tables = await start_web("127.0.0.1", 0, server.hub, config, failures, code="web-code-1")
    try:
        async with aiohttp.ClientSession() as http:
            for n in range(server_module.MAX_FAILURES):
                params = {"name": f"guesser{n}", "code": "wrong"}
                headers = {"X-Forwarded-For": "198.51.100.7"}
                async with http.post(f"http://127.0.0.1:{port}/play", data=params, headers=headers) as page:
                    assert page.status == 403
    finally:
        await runner.cleanup()
    forwarded, proxy = "net:198.51.100.0/24", "net:127.0.0.0/24"
    assert bool(failures.blocked(forwarded)) is trusted
    assert bool(failures.blocked(proxy)) is not trusted
