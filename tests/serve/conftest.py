"""Real SSH clients against a real server on a free loopback port, screens read with pyte."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import asyncssh
import pyte
import pytest

from boardgames_tui.serve.hub import Hub
from boardgames_tui.serve.server import FailureCounter, ServerConfig, start_server

#: Seconds a test waits for a screen to show something before it fails.
WAIT = 20.0

KEYS = {
    "enter": b"\r",
    "escape": b"\x1b",
    "up": b"\x1b[A",
    "down": b"\x1b[B",
    "tab": b"\t",
    "end": b"\x1b[F",
}


class PyteScreen:
    """A screen drawn by pyte from the bytes a client receives, and waited on by tests.

    Subclasses feed :meth:`received_bytes` and say in :meth:`ended` whether
    their connection has ended (a wait then fails at once).
    """

    #: What the screen is called in a failed wait's message.
    WHAT = "the screen"

    def __init__(self, width: int = 80, height: int = 24) -> None:
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.received = 0
        #: time.monotonic() of the last key typed.
        self.last_key = 0.0
        self.changed = asyncio.Event()

    def received_bytes(self, data: bytes) -> None:
        """Draw ``data`` (terminal output) on the screen and wake the waits."""
        self.received += len(data)
        self.stream.feed(data)
        self.changed.set()

    def ended(self) -> bool:
        return False

    def text(self) -> str:
        """The screen as lines of text."""
        return "\n".join(line.rstrip() for line in self.screen.display)

    async def wait_for(self, check: str | Callable[[str], bool], timeout: float = WAIT) -> str:
        """Wait until the screen shows ``check`` (text, or a test of the text); returns the screen."""
        test = (lambda t: check in t) if isinstance(check, str) else check
        deadline = time.monotonic() + timeout
        while True:
            text = self.text()
            if test(text):
                return text
            left = deadline - time.monotonic()
            if left <= 0 or self.ended():
                raise AssertionError(f"waited for {check!r}; {self.WHAT} shows:\n{text}")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), min(left, 0.5))


async def wait_until(check: Callable[[], bool], what: str, timeout: float = WAIT) -> None:
    """Wait until ``check()`` is true (looked at every 50 ms); fail naming ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"never happened: {what}")
        await asyncio.sleep(0.05)


class Terminal(PyteScreen):
    """One player's terminal: an asyncssh client session with a PTY, drawn by pyte."""

    def __init__(self, width: int = 80, height: int = 24) -> None:
        super().__init__(width, height)
        self.conn: asyncssh.SSHClientConnection | None = None
        self.process: asyncssh.SSHClientProcess | None = None
        self._reader: asyncio.Task | None = None

    def ended(self) -> bool:
        return self._reader is not None and self._reader.done()

    async def open(self, port: int, username: str, **kwargs: Any) -> Terminal:
        self.conn = await asyncssh.connect(
            "127.0.0.1", port, username=username, known_hosts=None, agent_path=None, **kwargs
        )
        self.process = await self.conn.create_process(
            term_type="xterm-256color", term_size=(self.screen.columns, self.screen.lines), encoding=None
        )
        self._reader = asyncio.ensure_future(self._read())
        return self

    async def _read(self) -> None:
        assert self.process is not None
        while True:
            data = await self.process.stdout.read(65536)
            if not data:
                self.changed.set()
                return
            self.received_bytes(data)

    def press(self, *keys: str) -> None:
        """Type keys: names from KEYS, or text."""
        assert self.process is not None
        for key in keys:
            self.process.stdin.write(KEYS.get(key, key.encode()))
        self.last_key = time.monotonic()

    def resize(self, width: int, height: int) -> None:
        assert self.process is not None
        self.screen.resize(height, width)
        self.process.change_terminal_size(width, height)

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            await self.conn.wait_closed()
        if self._reader is not None:
            self._reader.cancel()


class ServerFixture:
    """The running server: its port, hub, the client keys that may log in, and terminals to open."""

    def __init__(self, port: int, hub: Hub, keys: dict[str, asyncssh.SSHKey], acceptor: Any) -> None:
        self.port, self.hub, self.keys, self.acceptor = port, hub, keys, acceptor
        #: The server's configuration (set by the fixture, or by a test that restarts the server).
        self.config: ServerConfig | None = None
        self.terminals: list[Terminal] = []

    async def terminal(self, name: str, width: int = 80, height: int = 24, **kwargs: Any) -> Terminal:
        """A terminal logged in as ``name`` with that player's key (or ``kwargs`` instead)."""
        if not kwargs:
            kwargs = {"client_keys": [self.keys[name]], "password": None}
        term = Terminal(width, height)
        self.terminals.append(term)
        return await term.open(self.port, name, **kwargs)


def make_keys(folder: Path, names: list[str]) -> tuple[dict[str, asyncssh.SSHKey], Path]:
    """An Ed25519 key per name and an authorized_keys file listing them all."""
    keys = {n: asyncssh.generate_private_key("ssh-ed25519") for n in names}
    path = folder / "authorized_keys"
    path.write_bytes(b"".join(k.export_public_key() for k in keys.values()))
    return keys, path


@pytest.fixture
async def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[ServerFixture]:
    """A server on a free loopback port with its own data folder; Ana and Beto have keys."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("BOARDGAMES_TUI_HOME", str(home))
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    keys, authorized = make_keys(tmp_path, ["ana", "beto", "carla"])
    acceptor, hub = await start_server(
        "127.0.0.1",
        0,
        ServerConfig(authorized, table_code="secret-code", idle_timeout=600, max_per_address=100),
        hub=Hub(home / "tables"),
    )
    fixture = ServerFixture(acceptor.get_port(), hub, keys, acceptor)
    try:
        yield fixture
    finally:
        for term in fixture.terminals:
            await term.close()
        # Each session process ends with its connection; its socket to the hub closes last.
        deadline = time.monotonic() + WAIT
        while fixture.hub.members and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        acceptor.close()
        await acceptor.wait_closed()


@pytest.fixture
async def web(server: ServerFixture) -> AsyncIterator[Any]:
    """The SSH test server's hub served to browsers too, on another free loopback port."""
    from boardgames_tui.serve.web import start_web

    from .webclient import WEB_CODE, WebFixture  # webclient imports this module: imported when used

    runner, port, tables = await start_web(
        "127.0.0.1", 0, server.hub, ServerConfig(idle_timeout=600), FailureCounter(), code=WEB_CODE
    )
    fixture = WebFixture(server, f"http://127.0.0.1:{port}", tables)
    try:
        yield fixture
    finally:
        for tab in fixture.tabs:
            await tab.close()
        await runner.cleanup()
