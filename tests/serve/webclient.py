"""A browser tab as the test sees it: textual-serve's page and websocket, driven with aiohttp's client.

It does what the entry form and the page's script do: POST a name and a code
to ``/play``, read the websocket address out of the page, open it (with the
page's own address as its Origin) with the terminal size in the query, send keys as ``["stdin", text]`` and draw the binary frames
(the app's terminal output) with pyte. It has the same reading and typing
methods as the SSH :class:`~.conftest.Terminal`, so :mod:`.play`'s helpers
drive both.
"""

from __future__ import annotations

import asyncio
import re
import time

import aiohttp

from .conftest import KEYS, WAIT, PyteScreen, ServerFixture


class PageRefused(Exception):
    """``/play`` did not give a game page; ``status`` and ``text`` say what it gave instead."""

    def __init__(self, status: int, text: str) -> None:
        super().__init__(f"{status}: {text[:200]}")
        self.status, self.text = status, text


class WebTerminal(PyteScreen):
    """One browser tab: the game page's websocket, its screen drawn by pyte."""

    WHAT = "the tab"

    def __init__(self, width: int = 80, height: int = 24) -> None:
        super().__init__(width, height)
        self.http: aiohttp.ClientSession | None = None
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self._outgoing: asyncio.Queue = asyncio.Queue()
        self._tasks: list[asyncio.Task] = []

    def ended(self) -> bool:
        return bool(self._tasks) and self._tasks[0].done()

    async def open(self, base: str, name: str, code: str) -> WebTerminal:
        """Send the entry form as ``name`` with ``code`` and open the game page's websocket. Raises PageRefused."""
        self.http = aiohttp.ClientSession()
        async with self.http.post(f"{base}/play", data={"name": name, "code": code}) as page:
            text = await page.text()
            if page.status != 200:
                raise PageRefused(page.status, text)
        found = re.search(r'data-session-websocket-url="([^"]+)"', text)
        assert found, "the game page names no websocket"
        url = f"{found.group(1)}?width={self.screen.columns}&height={self.screen.lines}"
        self.ws = await self.http.ws_connect(url, origin=base)
        self._tasks = [asyncio.ensure_future(self._read()), asyncio.ensure_future(self._write())]
        return self

    async def _read(self) -> None:
        assert self.ws is not None
        async for message in self.ws:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.received_bytes(message.data)
        self.changed.set()

    async def _write(self) -> None:
        assert self.ws is not None
        while True:
            await self.ws.send_json(await self._outgoing.get())

    @property
    def closed(self) -> bool:
        """Whether the server has closed this tab's websocket."""
        return self.ws is None or self.ws.closed

    def press(self, *keys: str) -> None:
        """Type keys (names from KEYS, or text), in order, as the page sends them."""
        for key in keys:
            self._outgoing.put_nowait(["stdin", KEYS.get(key, key.encode()).decode()])
        self.last_key = time.monotonic()

    def resize(self, width: int, height: int) -> None:
        self.screen.resize(height, width)
        self._outgoing.put_nowait(["resize", {"width": width, "height": height}])

    async def close(self) -> None:
        """Close the tab (the websocket), as a browser does."""
        for task in self._tasks[1:]:
            task.cancel()
        if self.ws is not None:
            await self.ws.close()
        if self._tasks:
            try:
                await asyncio.wait_for(self._tasks[0], WAIT)
            except TimeoutError:
                self._tasks[0].cancel()
        if self.http is not None:
            await self.http.close()


#: The browser door's code in the tests' web door (the ``web`` fixture, conftest.py).
WEB_CODE = "web-code-123"


class WebFixture:
    """The web door of the test server: its address, and tabs to open (closed at the end)."""

    def __init__(self, server: ServerFixture, base: str, tables) -> None:
        self.server, self.base, self.tables = server, base, tables
        self.tabs: list[WebTerminal] = []

    async def tab(self, name: str, code: str = WEB_CODE, width: int = 80, height: int = 24) -> WebTerminal:
        """A browser tab entered as ``name`` with ``code``."""
        tab = WebTerminal(width, height)
        self.tabs.append(tab)
        return await tab.open(self.base, name, code)
