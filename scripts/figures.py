"""Small helpers the benchmark scripts share: percentiles and the memory of processes."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile (0-1) of ``values``, the nearest rank below."""
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def rss_kib(pid: int) -> int:
    """Resident memory of ``pid`` in KiB (from /proc); 0 if it says none."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def uss_kib(pid: int) -> int:
    """A process's own memory in KiB (Private_Clean + Private_Dirty of /proc/<pid>/smaps_rollup; 0 if gone)."""
    total = 0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith(("Private_Clean:", "Private_Dirty:")):
                total += int(line.split()[1])
    except OSError:
        return 0
    return total


def children(pid: int) -> list[int]:
    """Processes whose parent is ``pid``."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry.name))
    return out


async def key_latency(term: Any, key: str, gap: float) -> float:
    """Seconds from typing ``key`` on ``term`` (an SSH terminal or a browser tab of the tests)
    to the first byte of output after it, ``gap`` seconds after the key before (the key gate)."""
    await asyncio.sleep(gap)
    before = term.received
    term.changed.clear()
    start = time.perf_counter()
    term.press(key)
    while term.received == before:
        term.changed.clear()
        await asyncio.wait_for(term.changed.wait(), 10)
    return time.perf_counter() - start
