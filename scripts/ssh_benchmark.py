"""Figures of the SSH table, measured with real SSH clients over loopback (docs/performance.md, "Over SSH").

    python scripts/ssh_benchmark.py            # all figures (about 3 minutes on 2 cores)
    python scripts/ssh_benchmark.py --quick    # bytes and latency only

- bytes sent to each client per decision at 80x24: a whole 2-player Penguinramids game
  (seed 7) played through the terminals; for every decision, the bytes each of the two
  clients received from the key to the next decision; median, mean and 90th percentile;
- input-to-update latency: the key l (show or hide the log) on a Mountain Goats turn, from the moment it is
  written to the first byte of the redraw, over SSH and in a local pseudo-terminal running
  the same app (``boardgames-tui --game mountain_goats``); median and 90th percentile of 30;
- memory per session: resident memory of each session process, and of the server;
- load: 20 sessions at 4 tables of Penguinramids (4 players each, plus a watcher each);
  the same key-l latency measured on every player's terminal in turn.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

HOME = Path(tempfile.mkdtemp(prefix="bgt-bench-"))
os.environ["BOARDGAMES_TUI_HOME"] = str(HOME / "home")
(HOME / "home").mkdir()

import figures  # noqa: E402
from figures import children, pct, rss_kib  # noqa: E402

from boardgames_tui.engine import seat_letter  # noqa: E402
from boardgames_tui.serve.hub import Hub  # noqa: E402
from boardgames_tui.serve.server import ServerConfig, set_size, start_server  # noqa: E402
from tests.serve.conftest import ServerFixture, Terminal, make_keys  # noqa: E402
from tests.serve.play import KEY_GAP, decide, new_table_index, open_table  # noqa: E402

NAMES = [f"p{i:02d}" for i in range(40)]
#: The load test's 20 logins (none of them has a seat yet).
LOAD = NAMES[20:]


async def key_latency(term, key: str = "down") -> float:
    """Seconds from typing ``key`` to the first byte of output after it (see figures.key_latency)."""
    return await figures.key_latency(term, key, KEY_GAP)


async def bytes_per_decision(server: ServerFixture) -> list[int]:
    terms = await open_table(server, "penguinramids", ["p00", "p01"])
    match = server.hub.tables["t1"].match
    await asyncio.sleep(1.0)
    sizes: list[int] = []
    while not match.state.is_terminal:
        seat = match.state.to_move[0]
        before = [t.received for t in terms]
        await decide(terms[seat], match, f"{seat_letter(seat)} {match.names[seat]}")
        await asyncio.sleep(0.3)  # the redraws that follow the decision
        sizes += [t.received - b for t, b in zip(terms, before, strict=True)]
    for t in terms:
        await t.close()
    return sizes


async def ssh_latency(server: ServerFixture, n: int = 30) -> list[float]:
    t1 = len(server.hub.tables) + 1
    first = await server.terminal("p10")
    other = await server.terminal("p11")
    await first.wait_for("You are p10")
    first.press("n")
    await first.wait_for("which game")
    first.press(*["down"] * new_table_index("mountain_goats", 2), "enter")
    await first.wait_for("options (Enter changes one)")
    first.press("end", "enter")  # Make the table, with the default options
    await first.wait_for(f"Table t{t1}")
    await other.wait_for(f"t{t1} ")
    other.press("end", "enter")
    await first.wait_for("Your turn")
    await asyncio.sleep(1.0)
    out = [await key_latency(first, "l") for i in range(n)]
    for t in (first, other):
        await t.close()
    return out


async def local_latency(n: int = 30) -> list[float]:
    """The same key in the same app on a local pseudo-terminal (no SSH, no hub)."""
    import pty

    import pyte

    master, slave = pty.openpty()
    set_size(master, 80, 24)
    env = {k: v for k, v in os.environ.items() if k not in ("COLORTERM",)}
    env["TERM"] = "xterm-256color"
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "boardgames_tui",
        "--game",
        "mountain_goats",
        "--names",
        "Ana,Beto",
        "--seed",
        "7",
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
    )
    os.close(slave)
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)
    received = 0
    changed = asyncio.Event()
    loop = asyncio.get_running_loop()

    def on_output() -> None:
        nonlocal received
        try:
            data = os.read(master, 65536)
        except OSError:
            loop.remove_reader(master)
            return
        received += len(data)
        stream.feed(data)
        changed.set()

    loop.add_reader(master, on_output)
    deadline = time.monotonic() + 30
    while "Your turn" not in "\n".join(screen.display):
        if time.monotonic() > deadline:
            raise RuntimeError("the local app never showed its choices:\n" + "\n".join(screen.display))
        changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(changed.wait(), 0.5)
    await asyncio.sleep(1.0)
    out = []
    for _i in range(n):
        await asyncio.sleep(KEY_GAP)
        before = received
        start = time.perf_counter()
        os.write(master, b"l")
        while received == before:
            changed.clear()
            await asyncio.wait_for(changed.wait(), 10)
        out.append(time.perf_counter() - start)
    loop.remove_reader(master)
    proc.terminate()
    await proc.wait()
    os.close(master)
    return out


async def load(server: ServerFixture) -> tuple[list[float], int]:
    """20 sessions at 4 tables: latency on every player's terminal; returns it and the session count."""
    players: list[Terminal] = []
    watchers: list[Terminal] = []
    base = len(server.hub.tables)
    for t in range(4):
        names = LOAD[4 * t : 4 * t + 4]
        terms = [await server.terminal(n) for n in names]
        for n, term in zip(names, terms, strict=True):
            await term.wait_for(f"You are {n}")
        terms[0].press("n")
        await terms[0].wait_for("which game")
        terms[0].press(*["down"] * new_table_index("penguinramids", 4), "enter")
        await terms[0].wait_for("options (Enter changes one)")
        terms[0].press("end", "enter")  # Make the table, with the default options
        table = f"t{base + t + 1}"
        await terms[0].wait_for(f"Table {table}")
        for term in terms[1:]:
            await term.wait_for(f"{table} ")
            term.press("end", "enter")
            await term.wait_for(lambda s, table=table: f"Table {table}" in s or " | " in s.splitlines()[0])
        players += terms
        watcher = await server.terminal(LOAD[16 + t])
        await watcher.wait_for(f"{table} ")
        watcher.press("end", "w")
        await watcher.wait_for("watching")
        watchers.append(watcher)
    for term in players:
        await term.wait_for("Your choices")
    await asyncio.sleep(2.0)
    out = []
    for _ in range(2):
        for term in players:
            out.append(await key_latency(term, "l"))
    return out, len(players) + len(watchers)


async def main(quick: bool) -> None:
    names = NAMES
    keys, authorized = make_keys(HOME, names)
    acceptor, hub = await start_server(
        "127.0.0.1",
        0,
        ServerConfig(authorized, idle_timeout=3600, max_sessions=1000, max_per_address=1000),
        hub=Hub(HOME / "home" / "tables"),
    )
    server = ServerFixture(acceptor.get_port(), hub, keys, acceptor)
    sizes = await bytes_per_decision(server)
    print(
        f"bytes to a client per decision at 80x24 (Penguinramids, {len(sizes) // 2} decisions x 2 clients):"
    )
    print(
        f"  median {statistics.median(sizes):.0f}, mean {statistics.mean(sizes):.0f}, p90 {pct(sizes, 0.9):.0f}"
    )
    ssh = await ssh_latency(server)
    local = await local_latency()
    print("key l (log shown/hidden) to the first byte of the redraw (Mountain Goats, 30 keys):")
    print(
        f"  over SSH (loopback): median {statistics.median(ssh) * 1000:.1f} ms, p90 {pct(ssh, 0.9) * 1000:.1f} ms"
    )
    print(
        f"  local terminal:      median {statistics.median(local) * 1000:.1f} ms, p90 {pct(local, 0.9) * 1000:.1f} ms"
    )
    if not quick:
        lat, sessions = await load(server)
        kids = children(os.getpid())
        mem = [rss_kib(p) for p in kids]
        print(f"{sessions} sessions at 4 tables: key l latency on each of 16 players' terminals, twice:")
        print(
            f"  median {statistics.median(lat) * 1000:.1f} ms, p90 {pct(lat, 0.9) * 1000:.1f} ms, max {max(lat) * 1000:.1f} ms"
        )
        print(
            f"memory: {len(mem)} session processes, resident median {statistics.median(mem) / 1024:.1f} MiB "
            f"(min {min(mem) / 1024:.1f}, max {max(mem) / 1024:.1f}); server process {rss_kib(os.getpid()) / 1024:.1f} MiB "
            "(it also runs these clients)"
        )
    for term in server.terminals:
        await term.close()
    acceptor.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    asyncio.run(main(parser.parse_args().quick))
