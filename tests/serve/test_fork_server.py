"""Sessions forked from the fork server (serve/forkserver.py): a crash, a resize, the fork server's own death."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path

from boardgames_tui.serve.forkserver import FORKS
from boardgames_tui.serve.server import LIVE

from .conftest import WAIT, ServerFixture


def parent_of(pid: int) -> int:
    """The parent process id of ``pid`` (from /proc)."""
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def session_of(server: ServerFixture, name: str):
    """The running session of the key login ``name``."""
    identity = "key:" + server.keys[name].get_fingerprint()
    (session,) = [
        s for s in LIVE if s.identity == identity and s.proc is not None and s.proc.returncode is None
    ]
    return session


async def until(test, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not test():
        assert time.monotonic() < deadline, f"waited in vain for {what}"
        await asyncio.sleep(0.05)


async def test_a_session_is_a_child_of_the_fork_server_with_the_terminal_as_its_own(
    server: ServerFixture,
) -> None:
    ana = await server.terminal("ana")
    await ana.wait_for("You are ana")
    pid = session_of(server, "ana").proc.pid
    assert FORKS.pid is not None
    assert parent_of(pid) == FORKS.pid
    assert os.getpgid(pid) == pid and os.getsid(pid) == pid  # leads its own session and group
    assert os.readlink(f"/proc/{pid}/fd/0").startswith("/dev/pts/")
    # None of the fork server's own descriptors (its socket to this server, its wakeup pipe) is
    # left open in the session: only its terminal, its hub socket and what the app opened itself.
    theirs = {os.readlink(f"/proc/{FORKS.pid}/fd/{fd}") for fd in os.listdir(f"/proc/{FORKS.pid}/fd")}
    theirs -= {os.readlink(f"/proc/{FORKS.pid}/fd/{fd}") for fd in ("0", "1", "2")}
    ours = {os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")}
    assert theirs and not theirs & ours
    assert os.readlink(f"/proc/{pid}/fd/3").startswith("socket:")  # the hub


async def test_a_forked_sessions_crash_leaves_the_fork_server_and_the_other_sessions_running(
    server: ServerFixture,
) -> None:
    ana = await server.terminal("ana")
    beto = await server.terminal("beto")
    await ana.wait_for("You are ana")
    await beto.wait_for("You are beto")
    forks = FORKS.pid
    assert forks is not None
    os.kill(session_of(server, "ana").proc.pid, signal.SIGKILL)
    await ana.wait_for("stopped unexpectedly")
    assert alive(forks) and FORKS.pid == forks
    beto.press("n")
    await beto.wait_for("which game")  # still answering keys
    carla = await server.terminal("carla")
    await carla.wait_for("You are carla")  # and a new session is forked
    assert parent_of(session_of(server, "carla").proc.pid) == forks


async def test_a_resize_reaches_the_forked_session(server: ServerFixture) -> None:
    ana = await server.terminal("ana")
    await ana.wait_for("You are ana")
    ana.resize(100, 30)
    # The lobby's list is drawn across the new width: its border's corner in column 100.
    await ana.wait_for(lambda s: any(len(line) == 100 and line.endswith("╮") for line in s.splitlines()))


async def test_the_fork_server_starts_again_when_it_dies_and_its_sessions_go_on(
    server: ServerFixture,
) -> None:
    ana = await server.terminal("ana")
    await ana.wait_for("You are ana")
    first = FORKS.pid
    assert first is not None
    os.kill(first, signal.SIGKILL)
    await until(lambda: FORKS.pid not in (None, first), "a new fork server")
    ana.press("n")
    await ana.wait_for("which game")  # the session forked by the old one goes on
    beto = await server.terminal("beto")
    await beto.wait_for("You are beto")
    assert parent_of(session_of(server, "beto").proc.pid) == FORKS.pid
    # The orphaned session's end is still noticed: ana quits and her client is told so.
    ana.press("escape")
    await ana.wait_for(lambda s: "which game" not in s)
    ana.press("q")
    await until(lambda: ana.ended(), "ana's session to end")


class _Node:
    """An object that can sit in a reference cycle and be watched with a weak reference."""

    def __init__(self) -> None:
        self.me = self


def test_settling_a_forked_session_keeps_what_the_fork_server_froze_frozen(monkeypatch) -> None:
    import gc
    import weakref

    from boardgames_tui.ui import memory

    def frozen_garbage() -> weakref.ref:
        node = _Node()  # a cycle: only the collector frees it
        gc.freeze()
        return weakref.ref(node)

    monkeypatch.setattr(memory, "SHARED_FROZEN", True)
    shared = frozen_garbage()
    memory.settle()
    assert shared() is not None  # not looked at: its pages stay shared with the fork server
    monkeypatch.setattr(memory, "SHARED_FROZEN", False)
    memory.settle()
    assert shared() is None  # an ordinary app collects what an earlier game froze
