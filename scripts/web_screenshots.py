"""Screenshots of the web door in headless Chromium: the lobby and a table in play.

    python scripts/web_screenshots.py [--out screenshots] [--chromium chromium]

Starts the SSH server and its web door in this process on free loopback
ports, with a temporary data folder. It sets up two tables through the hub
itself (Ana and Beto at a game of Misión Chungungo some turns in, played by the
computer player's rules, Ana to move;
Beto waiting at a Mountain Goats table), then opens two pages in headless
Chromium, driven over its DevTools protocol (a websocket; no Playwright):
Carla's page shows the lobby, Ana's page her seat at the table (a player
who comes back by name goes straight to their table). Each picture is taken
once the page has drawn the app and two shots in a row are the same.

Writes ``web_lobby.png`` and ``web_table.png`` in the output folder.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
WIDTH, HEIGHT = 1200, 800


#: Ana's password: she is a registered account, so the page can open her own seat.
ANA_PASSWORD = "ana's own password"


async def set_up_tables(hub) -> None:
    """Ana and Beto at Misión Chungungo (a few moves in), Beto also waiting at Mountain Goats.

    Ana is the registered account ``Ana`` (the page enters as her with her password)."""
    from boardgames_tui.bots.base import decide
    from boardgames_tui.bots.factory import make_bot
    from boardgames_tui.engine.match import action_to_json

    ana = hub.connect("account:ana", "Ana")
    beto = hub.connect("account:beto", "Beto")
    hub.handle(ana, {"op": "create", "game": "mision_chungungo", "players": 2, "computers": 0, "options": {}})
    table = hub.tables["t1"]
    table.seed = 11
    hub.handle(beto, {"op": "join", "table": "t1"})
    match = table.match
    assert match is not None, "the table should have started"
    members = {0: ana, 1: beto}
    bot = make_bot("greedy", "mision_chungungo")

    def ana_to_play(state) -> bool:  # some turns in, Ana to play a card from a hand of two or more
        return state.to_move == (0,) and state.phase == "turn" and len(state.hands[0]) >= 2

    while len(match.actions) < 20 or not ana_to_play(match.state):
        seat = match.state.to_move[0]
        action = decide(match.state, seat, bot, random.Random(len(match.actions)))
        hub.handle(members[seat], {"op": "play", "n": len(match.actions), "action": action_to_json(action)})
    hub.handle(beto, {"op": "leave"})
    hub.handle(beto, {"op": "create", "game": "mountain_goats", "players": 3, "computers": 0, "options": {}})
    hub.disconnect(ana)
    hub.disconnect(beto)


class Browser:
    """Headless Chromium with its DevTools protocol on a websocket."""

    def __init__(self, chromium: str, profile: Path) -> None:
        self.proc = subprocess.Popen(
            [
                chromium,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--enable-unsafe-swiftshader",
                f"--user-data-dir={profile}",
                "--remote-debugging-port=0",
                f"--window-size={WIDTH},{HEIGHT}",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.profile = profile
        self.http = aiohttp.ClientSession()
        self.n = 0

    async def devtools_port(self) -> int:
        marker = self.profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not marker.exists() or not marker.read_text().strip():
            if time.monotonic() > deadline:
                raise RuntimeError("Chromium did not start its DevTools port")
            await asyncio.sleep(0.1)
        return int(marker.read_text().splitlines()[0])

    async def page(self):
        """A websocket to the (only) page target."""
        port = await self.devtools_port()
        async with self.http.get(f"http://127.0.0.1:{port}/json/list") as r:
            targets = await r.json()
        url = next(t["webSocketDebuggerUrl"] for t in targets if t["type"] == "page")
        return await self.http.ws_connect(url, max_msg_size=64 * 1024 * 1024)

    async def call(self, ws, method: str, **params):
        self.n += 1
        n = self.n
        await ws.send_json({"id": n, "method": method, "params": params})
        async for message in ws:
            data = message.json()
            if data.get("id") == n:
                if "error" in data:
                    raise RuntimeError(f"{method}: {data['error']}")
                return data.get("result", {})
        raise RuntimeError("DevTools closed")

    async def shoot(
        self, url: str, name: str, code: str, out: Path, settle: float = 1.0, timeout: float = 30
    ) -> None:
        """Load the entry page ``url``, send its form as ``name`` with ``code``; once the app is drawn
        and still, save a PNG of the window to ``out``."""
        ws = await self.page()
        try:
            await self.call(ws, "Page.enable")
            await self.call(
                ws,
                "Emulation.setDeviceMetricsOverride",
                width=WIDTH,
                height=HEIGHT,
                deviceScaleFactor=1,
                mobile=False,
            )
            await self.call(ws, "Page.navigate", url=url)
            deadline = time.monotonic() + timeout
            fill = (
                "(() => { const f = document.forms[0]; if (!f) return false;"
                f" f.name.value = {json.dumps(name)}; f.code.value = {json.dumps(code)};"
                " f.submit(); return true; })()"
            )
            while True:  # the form posts the code (it never goes in an address)
                sent = await self.call(ws, "Runtime.evaluate", expression=fill, returnByValue=True)
                if sent.get("result", {}).get("value") is True:
                    break
                if time.monotonic() > deadline:
                    raise RuntimeError(f"the page at {url} never showed its form")
                await asyncio.sleep(0.2)
            while True:
                drawn = await self.call(
                    ws,
                    "Runtime.evaluate",
                    expression="document.body !== null && document.body.classList.contains('-first-byte')",
                    returnByValue=True,
                )
                if drawn.get("result", {}).get("value") is True:
                    break
                if time.monotonic() > deadline:
                    raise RuntimeError(f"the page at {url} never drew the app")
                await asyncio.sleep(0.2)
            last = b""
            while True:
                await asyncio.sleep(settle)
                shot = base64.b64decode((await self.call(ws, "Page.captureScreenshot", format="png"))["data"])
                if shot == last or time.monotonic() > deadline:
                    break
                last = shot
            out.write_bytes(shot)
            await self.call(ws, "Page.navigate", url="about:blank")  # closes the tab's session
        finally:
            await ws.close()

    async def close(self) -> None:
        await self.http.close()
        self.proc.terminate()
        self.proc.wait(10)


async def main(out: Path, chromium: str) -> None:
    from boardgames_tui.serve.server import FailureCounter, ServerConfig, start_server
    from boardgames_tui.serve.web import start_web

    config = ServerConfig(idle_timeout=600)
    config.users.register_account("Ana", ANA_PASSWORD)
    failures = FailureCounter()
    acceptor, hub = await start_server("127.0.0.1", 0, config, failures=failures)
    runner, port, tables = await start_web("127.0.0.1", 0, hub, config, failures)
    await set_up_tables(hub)
    base = f"http://127.0.0.1:{port}"
    profile = Path(tempfile.mkdtemp(prefix="web-shots-chromium-"))
    browser = Browser(chromium, profile)
    try:
        out.mkdir(parents=True, exist_ok=True)
        await browser.shoot(f"{base}/", "Carla", tables.code, out / "web_lobby.png")
        await browser.shoot(f"{base}/", "Ana", ANA_PASSWORD, out / "web_table.png")
    finally:
        await browser.close()
        shutil.rmtree(profile, ignore_errors=True)
        await runner.cleanup()
        acceptor.close()
        await acceptor.wait_closed()
    print(f"wrote {out / 'web_lobby.png'} and {out / 'web_table.png'}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="web-shots-home-")
    os.environ["BOARDGAMES_TUI_HOME"] = home
    os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
    try:
        asyncio.run(main(args.out, args.chromium))
    finally:
        shutil.rmtree(home, ignore_errors=True)
    sys.exit(0)
