"""Figures of the web door (``serve --web``), measured with a websocket client over loopback (docs/performance.md, "In a browser").

    python scripts/web_benchmark.py

The client does what textual-serve's page does (load ``/play``, open the
websocket, send keys, draw the binary frames with pyte); no browser, so the
figures are the server's side only (no JavaScript, no drawing).

- page to lobby: from asking for ``/play`` to the lobby drawn in the tab ("You are ..."),
  10 tabs opened one after another;
- input-to-update latency: the key l (show or hide the log) on a Mountain Goats turn, from
  the moment it is sent to the first byte of the redraw, in a browser tab and, in the same
  run, over SSH; median and 90th percentile of 30 each;
- bytes to the browser per decision at 80x24: a whole 2-player Penguinramids game (seed 7),
  one seat over SSH, the other in a tab; per decision, the bytes each received;
- memory: resident memory of each tab's session process (10 open).
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

HOME = Path(tempfile.mkdtemp(prefix="bgt-web-bench-"))
os.environ["BOARDGAMES_TUI_HOME"] = str(HOME / "home")
os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
(HOME / "home").mkdir()

import figures  # noqa: E402
from figures import pct, rss_kib  # noqa: E402

from boardgames_tui.engine import seat_letter  # noqa: E402
from boardgames_tui.serve.hub import Hub  # noqa: E402
from boardgames_tui.serve.server import FailureCounter, ServerConfig, start_server  # noqa: E402
from boardgames_tui.serve.web import start_web  # noqa: E402
from tests.serve.conftest import ServerFixture, make_keys  # noqa: E402
from tests.serve.play import KEY_GAP, decide, new_table_index  # noqa: E402
from tests.serve.webclient import WebTerminal  # noqa: E402

CODE = "bench-code"


async def key_latency(term, key: str = "l") -> float:
    """Seconds from typing ``key`` to the first byte of output after it (see figures.key_latency)."""
    return await figures.key_latency(term, key, KEY_GAP)


async def make_table(maker, joiner, game_id: str, table: str) -> None:
    """``maker`` makes a two-seat table of ``game_id`` (default options); ``joiner`` takes the other seat."""
    maker.press("n")
    await maker.wait_for("which game")
    maker.press(*["down"] * new_table_index(game_id, 2), "enter")
    await maker.wait_for(lambda s: f"Table {table}" in s or "Make the table" in s)
    if "Make the table" in maker.text():
        maker.press("end", "enter")
        await maker.wait_for(f"Table {table}")
    await joiner.wait_for(f"{table} ")
    joiner.press("end", "enter")


async def main() -> None:
    keys, authorized = make_keys(HOME, ["ana", "beto", "carla"])
    config = ServerConfig(authorized, idle_timeout=3600, max_sessions=1000, max_per_address=1000)
    failures = FailureCounter()
    acceptor, hub = await start_server(
        "127.0.0.1", 0, config, hub=Hub(HOME / "home" / "tables"), failures=failures
    )
    runner, port, tables = await start_web("127.0.0.1", 0, hub, config, failures, code=CODE)
    server = ServerFixture(acceptor.get_port(), hub, keys, acceptor)
    base = f"http://127.0.0.1:{port}"

    # Page to lobby, and memory of the tabs' processes.
    opened, tabs = [], []
    for i in range(10):
        start = time.perf_counter()
        tab = await WebTerminal().open(base, f"Tab{i}", CODE)
        await tab.wait_for(f"You are Tab{i}")
        opened.append(time.perf_counter() - start)
        tabs.append(tab)
    await asyncio.sleep(1.0)
    mem = [rss_kib(s._process.pid) for s in tables.services]
    for tab in tabs:
        await tab.close()
    print(f"page to lobby drawn ({len(opened)} tabs, one after another):")
    print(f"  median {statistics.median(opened) * 1000:.0f} ms, max {max(opened) * 1000:.0f} ms")
    print(
        f"memory: {len(mem)} tab session processes, resident median {statistics.median(mem) / 1024:.1f} MiB "
        f"(min {min(mem) / 1024:.1f}, max {max(mem) / 1024:.1f})"
    )

    # Key latency: the same key on a Mountain Goats turn, in a tab and over SSH.
    web_first = await WebTerminal().open(base, "Web1", CODE)
    web_other = await WebTerminal().open(base, "Web2", CODE)
    await web_first.wait_for("You are Web1")
    await web_other.wait_for("You are Web2")
    await make_table(web_first, web_other, "mountain_goats", "t1")
    await web_first.wait_for("Your turn")
    await asyncio.sleep(1.0)
    web = [await key_latency(web_first) for _ in range(30)]
    ana = await server.terminal("ana")
    beto = await server.terminal("beto")
    await ana.wait_for("You are ana")
    await beto.wait_for("You are beto")
    await make_table(ana, beto, "mountain_goats", "t2")
    await ana.wait_for("Your turn")
    await asyncio.sleep(1.0)
    ssh = [await key_latency(ana) for _ in range(30)]
    print("key l (log shown/hidden) to the first byte of the redraw (Mountain Goats, 30 keys):")
    print(
        f"  in a browser tab (websocket, loopback): median {statistics.median(web) * 1000:.1f} ms, p90 {pct(web, 0.9) * 1000:.1f} ms"
    )
    print(
        f"  over SSH (loopback):                    median {statistics.median(ssh) * 1000:.1f} ms, p90 {pct(ssh, 0.9) * 1000:.1f} ms"
    )
    for term in (web_first, web_other, ana, beto):
        await term.close()

    # Bytes per decision: one seat over SSH, one in a tab, a whole Penguinramids game.
    ana = await server.terminal("carla")  # ana and beto would be taken back to their table
    await ana.wait_for("You are carla")
    tab = await WebTerminal().open(base, "Beto", CODE)
    await tab.wait_for("You are Beto")
    await make_table(ana, tab, "penguinramids", "t3")
    hub.tables["t3"].seed = 7
    await tab.wait_for("Your choices")
    match = hub.tables["t3"].match
    terms = [ana, tab]
    await asyncio.sleep(1.0)
    sizes: dict[str, list[int]] = {"ssh": [], "web": []}
    while not match.state.is_terminal:
        seat = match.state.to_move[0]
        before = [t.received for t in terms]
        await decide(terms[seat], match, f"{seat_letter(seat)} {match.names[seat]}")
        await asyncio.sleep(0.3)
        sizes["ssh"].append(ana.received - before[0])
        sizes["web"].append(tab.received - before[1])
    print(f"bytes per decision at 80x24 (Penguinramids, {len(sizes['web'])} decisions):")
    for door, values in sizes.items():
        print(
            f"  {door}: median {statistics.median(values):.0f}, mean {statistics.mean(values):.0f}, p90 {pct(values, 0.9):.0f}"
        )
    for term in (ana, tab):
        await term.close()
    await runner.cleanup()
    acceptor.close()
    await acceptor.wait_closed()


if __name__ == "__main__":
    asyncio.run(main())
