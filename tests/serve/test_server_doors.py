"""Who gets in and what a login may ask for, with real SSH clients."""

from __future__ import annotations

import asyncio
import stat
import time

import asyncssh
import pytest

from boardgames_tui.serve import server as server_module
from boardgames_tui.serve.hub import Hub
from boardgames_tui.serve.server import ServerConfig, host_key_path, start_server

from .conftest import ServerFixture


async def test_a_listed_key_reaches_the_lobby_with_its_login_as_name(server: ServerFixture) -> None:
    term = await server.terminal("ana")
    text = await term.wait_for("You are ana")
    assert "+ New table" in text


async def test_a_key_not_in_the_authorized_keys_file_is_refused(server: ServerFixture) -> None:
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect(
            "127.0.0.1",
            server.port,
            username="ana",
            client_keys=[stranger],
            password=None,
            known_hosts=None,
            agent_path=None,
        )


async def test_a_wrong_code_is_refused_after_a_pause_and_the_server_code_admits_a_guest(
    server: ServerFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server_module, "FAILURE_DELAY", 0.2)  # the real second, shortened
    started = time.monotonic()
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect(
            "127.0.0.1",
            server.port,
            username="dora",
            client_keys=None,
            password="wrong-code",
            known_hosts=None,
            agent_path=None,
        )
    assert time.monotonic() - started >= 0.2  # each failed password waits before the answer
    # Plain password login (no keyboard-interactive): the server code lets dora in as a guest.
    term = await server.terminal("dora", client_keys=None, password="secret-code", kbdint_auth=False)
    await term.wait_for("You are dora")
    (member,) = [m for m in server.hub.members if m.name == "dora"]
    assert member.guest and member.identity.startswith("guest:")


async def test_a_command_is_refused(server: ServerFixture) -> None:
    async with asyncssh.connect(
        "127.0.0.1",
        server.port,
        username="ana",
        client_keys=[server.keys["ana"]],
        password=None,
        known_hosts=None,
        agent_path=None,
    ) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.run("cat /etc/passwd", check=False)


async def test_sftp_and_port_forwarding_are_refused(server: ServerFixture) -> None:
    async with asyncssh.connect(
        "127.0.0.1",
        server.port,
        username="ana",
        client_keys=[server.keys["ana"]],
        password=None,
        known_hosts=None,
        agent_path=None,
    ) as conn:
        with pytest.raises(asyncssh.Error):  # the subsystem request is refused
            await conn.start_sftp_client()
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_connection("127.0.0.1", server.port)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)


async def test_a_shell_without_a_terminal_gets_one_line_and_ends(server: ServerFixture) -> None:
    async with asyncssh.connect(
        "127.0.0.1",
        server.port,
        username="ana",
        client_keys=[server.keys["ana"]],
        password=None,
        known_hosts=None,
        agent_path=None,
    ) as conn:
        result = await conn.run(term_type=None, check=False)
    out = result.stdout.decode() if isinstance(result.stdout, bytes) else result.stdout
    assert out.count("\n") == 1 and "needs a terminal" in out
    assert result.exit_status == 1


async def test_the_host_key_is_made_once_with_mode_600(server: ServerFixture) -> None:
    path = host_key_path()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


async def test_a_session_without_keys_for_the_idle_timeout_is_closed(server: ServerFixture) -> None:
    server.acceptor.close()
    await server.acceptor.wait_closed()
    config = ServerConfig(server.hub.folder.parent.parent / "authorized_keys", idle_timeout=1.5)
    acceptor, hub = await start_server("127.0.0.1", 0, config, hub=Hub(server.hub.folder))
    server.acceptor, server.hub, server.port = acceptor, hub, acceptor.get_port()
    term = await server.terminal("ana")
    await term.wait_for("closed after a long time without a key")
    await asyncio.wait_for(term.process.wait_closed(), 10)
