"""Every way a session ends leaves the client's terminal as quitting with `q` does (real SSH clients).

The terminal's modes are read by pyte from the bytes the client received:
the alternate screen (1049), mouse reports (1000, 1003, 1006, 1015), focus
reports (1004), bracketed paste (2004) are off again, the cursor (25) and
automatic wrap (7) on again.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time

import pytest

from boardgames_tui.serve import server as ssh_server
from boardgames_tui.serve.hub import QUEUE_MAX, Hub
from boardgames_tui.serve.server import ServerConfig, end_sessions, start_server
from boardgames_tui.serve.terminal import TerminalModes

from .conftest import WAIT, ServerFixture, Terminal

#: Modes the app switches on while it runs (some of them); none may be left on.
APP_MODES = {1049, 1000, 1003, 1006, 1004, 2004}


def private_modes(term: Terminal) -> set[int]:
    """The DEC private modes pyte has on for ``term`` (pyte keeps them shifted left by 5 bits)."""
    return {m >> 5 for m in term.screen.mode if m >= 32}


async def ended(term: Terminal) -> None:
    """Wait until the server has closed ``term``'s session."""
    deadline = time.monotonic() + WAIT
    while not term.ended():
        assert time.monotonic() < deadline, f"the session did not end; the screen shows:\n{term.text()}"
        term.changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(term.changed.wait(), 0.5)


async def in_lobby(server: ServerFixture, name: str) -> Terminal:
    term = await server.terminal(name)
    await term.wait_for(f"You are {name}")
    assert private_modes(term) >= APP_MODES, "the app did not switch its modes on"
    assert 25 not in private_modes(term)  # the cursor is hidden while the app runs
    return term


async def quit_modes(server: ServerFixture) -> set[int]:
    """The modes left after the reference way out: `q` in the lobby."""
    term = await in_lobby(server, "carla")
    term.press("q")
    await ended(term)
    return private_modes(term)


@pytest.fixture
async def quick_idle(server: ServerFixture) -> ServerFixture:
    """The test server restarted on its own hub and keys, closing sessions after 3 seconds without a key."""
    server.acceptor.close()
    await server.acceptor.wait_closed()
    config = ServerConfig(server.hub.folder.parent.parent / "authorized_keys", idle_timeout=3.0)
    acceptor, hub = await start_server("127.0.0.1", 0, config, hub=Hub(server.hub.folder))
    server.acceptor, server.hub, server.port = acceptor, hub, acceptor.get_port()
    return server


async def test_quit_leaves_a_plain_terminal(server: ServerFixture) -> None:
    modes = await quit_modes(server)
    assert not modes & APP_MODES
    assert {7, 25} <= modes


async def test_idle_timeout_restores_the_terminal_as_quit_does(quick_idle: ServerFixture) -> None:
    term = await in_lobby(quick_idle, "ana")
    await ended(term)
    assert "without a key" in term.text()
    assert term.process is not None and term.process.exit_status == 0
    assert private_modes(term) == await quit_modes(quick_idle)


async def test_server_shutdown_restores_the_terminal_as_quit_does(server: ServerFixture) -> None:
    reference = await quit_modes(server)
    term = await in_lobby(server, "ana")
    await end_sessions("boardgames-tui: the server is stopping; your seat is kept.")
    await ended(term)
    assert "the server is stopping" in term.text()
    assert private_modes(term) == reference


async def test_hub_dropping_a_session_restores_the_terminal_as_quit_does(server: ServerFixture) -> None:
    reference = await quit_modes(server)
    term = await in_lobby(server, "ana")
    (member,) = [m for m in server.hub.members if m.name == "ana"]
    for _ in range(QUEUE_MAX + 1):  # faster than its session reads: the hub drops it as stuck
        member.send({"op": "lobby", "tables": []})
    assert member.dropped
    await ended(term)
    assert private_modes(term) == reference


async def test_a_crashed_session_process_restores_the_terminal_as_quit_does(server: ServerFixture) -> None:
    reference = await quit_modes(server)
    term = await in_lobby(server, "ana")
    (session,) = [s for s in ssh_server.LIVE if s.proc is not None and s.proc.returncode is None]
    assert session.proc is not None
    os.kill(session.proc.pid, signal.SIGKILL)
    await ended(term)
    assert "stopped unexpectedly" in term.text()
    assert term.process is not None and term.process.exit_status == 1
    assert private_modes(term) == reference


def test_terminal_modes_follow_sequences_split_between_chunks() -> None:
    modes = TerminalModes()
    modes.feed(b"\x1b[?1049h\x1b[?25l\x1b[>1u\x1b[?10")
    modes.feed(b"00h\x1b[?1006;1015h text \x1b[?1006l")
    assert modes.left_on() == [1000, 1015, 1049, 25]
    assert modes.restore() == b"\x1b[<1u\x1b[?1000l\x1b[?1015l\x1b[?1049l\x1b[?25h"
    assert modes.restore() == b""


def test_terminal_modes_after_a_clean_quit_restore_nothing() -> None:
    modes = TerminalModes()
    modes.feed(b"\x1b[?1049h\x1b[?25l\x1b[?7l\x1b[>1u\x1b[?2004h")
    modes.feed(b"\x1b[?2004l\x1b[?7h\x1b[<u\x1b[?1049l\x1b[?25h")
    assert modes.restore() == b""
