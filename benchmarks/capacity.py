"""Capacity of ``boardgames-tui serve``: many sessions at a person's pace, this code against another in one run.

    python benchmarks/capacity.py                      # this worktree against /tmp/base-capacity (main)
    python benchmarks/capacity.py --base PATH --sessions 100 --connect-load 50 --seconds 60

The base is a second worktree of the code to compare with (made with
``git worktree add --detach /tmp/base-capacity main`` when it is missing).
Each side runs in turn, in its own processes: the real server
(``python -m boardgames_tui serve`` with ``--web``, on loopback, free ports)
from that side's code, and a client process of real SSH clients (asyncssh)
and browser tabs (aiohttp, textual-serve's websocket), screens read with
pyte until they are ready. The tables are written to the server's data
folder before it starts (two seats each, Mountain Goats, the match begun),
so each player's key login goes straight to its seat.

The four targets, measured on each side:

1. ``tabs``: 10 browser tabs opened together (the entry form posted and the
   websocket opened at once); the seconds until each shows its lobby. Target:
   all within 2 s.
2. ``connect``: with ``--connect-load`` sessions playing, 20 SSH logins one after
   another (about one a second), each from connecting to its lobby drawn. Target:
   p95 under 300 ms.
3. ``play``: ``--sessions`` sessions seated and playing: each presses ``l``
   (the log shown or hidden, a redraw) every 2-3 s, at random, for
   ``--seconds`` seconds; the time from the key to the first byte of the redraw.
   Target: p95 under 100 ms.
4. ``memory``: during ``play``, each session process's own memory (USS:
   Private_Clean + Private_Dirty of ``/proc/<pid>/smaps_rollup``). Target: under
   15 MiB.

Prints one table of both sides, and the load of the machine (``uptime``)
before and after.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from figures import uss_kib  # noqa: E402  (the benchmarks' helpers, from this worktree)

CODE = "capacity-bench"
KEY_GAP = (2.0, 3.0)
#: SSH logins measured while the connect load plays.
CALLERS = int(os.environ.get("CAPACITY_CALLERS", "20"))


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile (0-1) of ``values``, the nearest rank below (nan when empty)."""
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def descendants(pid: int) -> dict[int, tuple[int, str]]:
    """Every process below ``pid``: pid -> (parent pid, command line)."""
    table: dict[int, tuple[int, str]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            table[int(entry.name)] = (int(stat.rsplit(")", 1)[1].split()[1]), cmd)
    out: dict[int, tuple[int, str]] = {}
    frontier = [pid]
    while frontier:
        parent = frontier.pop()
        for child, (ppid, cmd) in table.items():
            if ppid == parent and child not in out:
                out[child] = (ppid, cmd)
                frontier.append(child)
    return out


def session_pids(server: int) -> list[int]:
    """The session processes of the server ``server`` (its descendants but a fork server)."""
    return [p for p, (ppid, cmd) in descendants(server).items() if "forkserver" not in cmd or ppid != server]


# ---- the clients (this process runs one side) --------------------------------------------------


class Client:
    """One SSH session: asyncssh with a pty; a pyte screen until :attr:`drawing` is switched off."""

    def __init__(self, name: str) -> None:
        import pyte

        self.name = name
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.drawing = True
        self.received = 0
        self.changed = asyncio.Event()
        self.conn: Any = None
        self.process: Any = None
        self.reader: asyncio.Task | None = None

    async def open(self, port: int, key: Any) -> None:
        import asyncssh

        self.conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username=self.name,
            client_keys=[key],
            known_hosts=None,
            agent_path=None,
            password=None,
        )
        self.process = await self.conn.create_process(
            term_type="xterm-256color", term_size=(80, 24), encoding=None
        )
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        while True:
            data = await self.process.stdout.read(65536)
            if not data:
                self.changed.set()
                return
            self.received += len(data)
            if self.drawing:
                self.stream.feed(data)
            self.changed.set()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(self, test: Any, timeout: float = 120.0) -> None:
        deadline = time.monotonic() + timeout
        while not test(self.text()):
            if time.monotonic() > deadline or (self.reader is not None and self.reader.done()):
                raise RuntimeError(f"{self.name} waited in vain; the screen shows:\n{self.text()}")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), 0.5)

    async def key_latency(self, key: bytes) -> float | None:
        """Seconds from ``key`` to the first byte after it (None: nothing within 10 s)."""
        before = self.received
        start = time.perf_counter()
        self.process.stdin.write(key)
        while self.received == before:
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), 10 - (time.perf_counter() - start))
            except (TimeoutError, ValueError):
                return None
        return time.perf_counter() - start

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.conn.wait_closed(), 10)
        if self.reader is not None:
            self.reader.cancel()


def at_table(text: str) -> bool:
    return "Mountain Goats" in text and "tables of this server" not in text


async def open_tab(base: str, name: str) -> float:
    """A browser tab (the entry form, then the websocket); seconds until its lobby is drawn."""
    import aiohttp
    import pyte

    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)
    start = time.perf_counter()
    async with aiohttp.ClientSession() as http:
        async with http.post(f"{base}/play", data={"name": name, "code": CODE}) as page:
            text = await page.text()
        found = re.search(r'data-session-websocket-url="([^"]+)"', text)
        if found is None:
            raise RuntimeError(f"no game page for {name}: {text[:200]}")
        async with http.ws_connect(f"{found.group(1)}?width=80&height=24", origin=base) as ws:
            async for message in ws:
                if message.type == aiohttp.WSMsgType.BINARY:
                    stream.feed(message.data)
                    if f"You are {name}" in "\n".join(screen.display):
                        took = time.perf_counter() - start
                        await ws.close()
                        return took
    raise RuntimeError(f"tab {name} closed before its lobby")


def write_tables(home: Path, keys: dict[str, Any], players: list[str]) -> None:
    """Two-seat Mountain Goats tables, begun, for ``players`` in pairs (the side's own save format)."""
    from boardgames_tui.engine import Match
    from boardgames_tui.serve.hub import Table

    folder = home / "ssh-tables"
    folder.mkdir(parents=True, exist_ok=True)
    for n in range(len(players) // 2):
        pair = players[2 * n : 2 * n + 2]
        owners = ["key:" + keys[p].get_fingerprint() for p in pair]
        table = Table(
            id=f"t{n + 1}",
            game_id="mountain_goats",
            players=2,
            options={},
            seed=n,
            creator=owners[0],
            code=f"code{n:04d}",
            owners=list(owners),
            names=list(pair),
            match=Match.new("mountain_goats", list(pair), n, {}),
            created=1000.0 + n,
        )
        (folder / f"{table.id}.json").write_text(json.dumps(table.to_dict()))


async def seat(clients: list[Client], port: int, keys: dict[str, Any], names: list[str]) -> None:
    """Log ``names`` in (a few at a time) and wait until each is at its table."""
    gate = asyncio.Semaphore(4)

    async def one(name: str) -> None:
        async with gate:
            c = Client(name)
            await c.open(port, keys[name])
            await c.wait_for(at_table)
            c.drawing = False
            clients.append(c)

    await asyncio.gather(*(one(n) for n in names))


async def play(client: Client, stop: asyncio.Event, samples: list[float], missed: list[str]) -> None:
    """A person's pace: ``l`` every 2-3 s until ``stop``; latencies into ``samples``."""
    rnd = random.Random(client.name)
    while not stop.is_set():
        try:
            await asyncio.wait_for(stop.wait(), rnd.uniform(*KEY_GAP))
            return
        except TimeoutError:
            pass
        took = await client.key_latency(b"l")
        if took is None:
            missed.append(client.name)
        else:
            samples.append(took)


async def run_side(sessions: int, connect_load: int, seconds: float, tabs: int) -> dict[str, Any]:
    """Run the server of the code on ``sys.path`` and measure it; returns the figures."""
    import asyncssh

    home = Path(tempfile.mkdtemp(prefix="bgt-capacity-"))
    players = [f"p{i:03d}" for i in range(sessions)]
    callers = [f"c{i:02d}" for i in range(CALLERS)]
    keys = {n: asyncssh.generate_private_key("ssh-ed25519") for n in players + callers}
    authorized = home / "authorized_keys"
    authorized.write_text("".join(k.export_public_key().decode() for k in keys.values()))
    write_tables(home, keys, players)
    env = {**os.environ, "BOARDGAMES_TUI_HOME": str(home)}
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "boardgames_tui",
        "serve",
        "--port",
        "0",
        "--web",
        "--web-port",
        "0",
        "--authorized-keys",
        str(authorized),
        "--table-code",
        CODE,
        "--idle-timeout",
        "3600",
        "--max-sessions",
        "1000",
        "--max-per-ip",
        "1000",
        env=env,
        stdout=asyncio.subprocess.PIPE,
        start_new_session=True,
    )
    assert server.stdout is not None
    out: dict[str, Any] = {}
    clients: list[Client] = []
    try:
        port = web = None
        while port is None or web is None:
            line = (await asyncio.wait_for(server.stdout.readline(), 120)).decode()
            if not line:
                raise RuntimeError("the server stopped at start")
            if m := re.search(r"listening on 127\.0\.0\.1:(\d+)", line):
                port = int(m.group(1))
            if m := re.search(r"http://(?:127\.0\.0\.1|localhost):(\d+)", line):
                web = f"http://127.0.0.1:{m.group(1)}"
        drain = asyncio.ensure_future(server.stdout.read())  # whatever else it prints (not kept)
        drain.add_done_callback(lambda t: t.cancelled() or t.exception())
        # 1. Ten tabs together, the server idle.
        took = await asyncio.gather(*(open_tab(web, f"w{i}") for i in range(tabs)))
        out["tabs"] = sorted(took)
        await asyncio.sleep(3.0)  # their sessions end
        # 2. Logins while connect_load sessions play.
        await seat(clients, port, keys, players[:connect_load])
        stop = asyncio.Event()
        samples: list[float] = []
        missed: list[str] = []
        bots = [asyncio.ensure_future(play(c, stop, samples, missed)) for c in clients]
        await asyncio.sleep(3.0)
        connects: list[float] = []
        lobby_memory: list[float] = []
        for name in callers:
            c = Client(name)
            before = set(session_pids(server.pid))
            start = time.perf_counter()
            await c.open(port, keys[name])
            await c.wait_for(lambda s, n=name: f"You are {n}" in s)
            connects.append(time.perf_counter() - start)
            await asyncio.sleep(0.5)  # its lobby settled
            lobby_memory += [uss_kib(p) / 1024 for p in set(session_pids(server.pid)) - before]
            await c.close()
            await asyncio.sleep(1.0)
        out["connect"] = connects
        out["lobby_memory"] = sorted(lobby_memory)
        out["connect_play"] = list(samples)
        # 3. Everyone seated and playing.
        await seat(clients, port, keys, players[connect_load:])
        bots += [asyncio.ensure_future(play(c, stop, samples, missed)) for c in clients[connect_load:]]
        await asyncio.sleep(5.0)
        samples.clear()
        missed.clear()
        await asyncio.sleep(seconds / 2)
        pids = session_pids(server.pid)
        out["memory"] = sorted(uss_kib(p) / 1024 for p in pids)
        out["memory_sessions"] = len(pids)
        out["forkserver"] = [
            uss_kib(p) / 1024
            for p, (ppid, cmd) in descendants(server.pid).items()
            if ppid == server.pid and "forkserver" in cmd
        ]
        await asyncio.sleep(seconds / 2)
        stop.set()
        await asyncio.gather(*bots)
        out["play"] = list(samples)
        out["missed"] = len(missed)
        out["sessions"] = len(clients)
    finally:
        for c in clients:
            await c.close()
        server.send_signal(signal.SIGINT)
        try:
            await asyncio.wait_for(server.wait(), 30)
        except TimeoutError:
            os.killpg(server.pid, signal.SIGKILL)
            await server.wait()
    return out


# ---- the orchestra: both sides, one table ------------------------------------------------------


def ms(x: float) -> str:
    return f"{x * 1000:.0f} ms"


def table(results: list[tuple[str, dict[str, Any]]], args: argparse.Namespace) -> str:
    """The figures of both sides, one row per figure (``args``: the run's counts, for the labels)."""
    tabs, load, n = args.tabs, args.connect_load, args.sessions
    median_mib = lambda v: f"{statistics.median(v):.1f} MiB" if v else "none"  # noqa: E731
    rows = [("", *[label for label, _ in results])]
    for label, key, shown in (
        (f"{tabs} tabs together: slowest to lobby (target < 2 s)", "tabs", lambda v: f"{max(v):.2f} s"),
        (f"{tabs} tabs together: median", "tabs", lambda v: f"{statistics.median(v):.2f} s"),
        (
            f"SSH connect to lobby, {load} playing: p95 (target < 300 ms)",
            "connect",
            lambda v: ms(pct(v, 0.95)),
        ),
        (f"SSH connect to lobby, {load} playing: median", "connect", lambda v: ms(statistics.median(v))),
        (f"{n} playing: key p95 (target < 100 ms)", "play", lambda v: ms(pct(v, 0.95))),
        (f"{n} playing: key median", "play", lambda v: ms(statistics.median(v))),
        (f"{n} playing: key max", "play", lambda v: ms(max(v))),
        (f"{n} playing: keys measured / no redraw in 10 s", "play", None),
        ("a session's own memory (USS) at a table, median (target < 15 MiB)", "memory", median_mib),
        ("a session's own memory (USS) at a table, max", "memory", lambda v: f"{max(v):.1f} MiB"),
        ("a session's own memory (USS) in the lobby, median", "lobby_memory", median_mib),
        ("the fork server's own memory (USS)", "forkserver", lambda v: f"{v[0]:.1f} MiB" if v else "none"),
    ):
        cells = []
        for _side, r in results:
            if shown is None:
                cells.append(f"{len(r['play'])} / {r['missed']}")
            else:
                cells.append(shown(r[key]))
        rows.append((label, *cells))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) for row in rows)


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="/tmp/base-capacity", help="worktree of the code to compare with")
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--connect-load", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--tabs", type=int, default=10)
    parser.add_argument("--side", help=argparse.SUPPRESS)  # internal: measure the code on sys.path
    args = parser.parse_args()
    if args.side:
        figures = asyncio.run(run_side(args.sessions, args.connect_load, args.seconds, args.tabs))
        Path(args.side).write_text(json.dumps(figures))
        return
    base = Path(args.base)
    if not base.exists():
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base), "main"], check=True)
    print("load before:", uptime(), flush=True)
    results = []
    for label, code in (("main (base)", base), ("this branch", ROOT)):
        out = Path(tempfile.mktemp(suffix=".json"))
        env = {**os.environ, "PYTHONPATH": str(code), "TEXTUAL_ANIMATIONS": "none"}
        started = time.monotonic()
        subprocess.run(
            [
                sys.executable,
                __file__,
                "--side",
                str(out),
                "--sessions",
                str(args.sessions),
                "--connect-load",
                str(args.connect_load),
                "--seconds",
                str(args.seconds),
                "--tabs",
                str(args.tabs),
            ],
            env=env,
            cwd=code,
            check=True,
        )
        results.append((label, json.loads(out.read_text())))
        print(f"{label}: measured in {time.monotonic() - started:.0f} s; load: {uptime()}", flush=True)
    print(table(results, args))


if __name__ == "__main__":
    main()
