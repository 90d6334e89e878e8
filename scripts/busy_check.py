"""Run the fast tier several times while other processes keep every core busy.

    python scripts/busy_check.py                 # 5 runs of `pytest -q -n 2 -p no:cacheprovider`
    python scripts/busy_check.py --runs 3 --burners 2 -- -q -n 2 tests/shell

A user's laptop is a busy machine: the fast tier must pass there too. This
starts ``--burners`` processes (default 2, one per core of a two-core
machine) that spin on the CPU, runs the fast tier ``--runs`` times (default
5) one after the other, and prints for each run whether it passed, how long
it took (wall-clock seconds, and the CPU seconds the run used: its work,
whatever the load) and the load average, then a summary line. The
burners are bounded: each stops by itself after ``--burn-limit`` seconds
(default 3 hours) or as soon as this script has gone (its parent process
changed), and they are stopped when the runs are done.

Arguments after ``--`` are handed to pytest in place of the default ones
(``-q -n 2 -p no:cacheprovider``). The exit status is 0 when every run
passed, 1 otherwise.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FAST_TIER = ["-q", "-n", "2", "-p", "no:cacheprovider"]


def burn(limit: float, parent: int) -> None:
    """Spin on the CPU for at most ``limit`` seconds, or until process ``parent`` has gone."""
    deadline = time.monotonic() + limit
    n = 0
    while time.monotonic() < deadline:
        for _ in range(200_000):  # about 10 ms of work between checks
            n = (n * 31 + 7) % 1_000_003
        if os.getppid() != parent:
            return


def load() -> str:
    """The 1-, 5- and 15-minute load averages, as ``uptime`` prints them."""
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def cpu_of_children() -> float:
    """CPU seconds (user and system) used so far by this script's ended child processes."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, start the burners, run the fast tier; 0 when every run passed."""
    args = sys.argv[1:] if argv is None else argv
    extra: list[str] = []
    if "--" in args:
        cut = args.index("--")
        args, extra = args[:cut], args[cut + 1 :]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[1])
    parser.add_argument("--runs", type=int, default=5, help="how many runs of the fast tier (default 5)")
    parser.add_argument("--burners", type=int, default=2, help="busy processes beside the tests (default 2)")
    parser.add_argument(
        "--burn-limit", type=float, default=3 * 3600, help="seconds after which a burner stops by itself"
    )
    options = parser.parse_args(args)
    command = [sys.executable, "-m", "pytest", *(extra or FAST_TIER)]
    burners = [
        multiprocessing.Process(target=burn, args=(options.burn_limit, os.getpid()), daemon=True)
        for _ in range(options.burners)
    ]
    for burner in burners:
        burner.start()
    print(f"{options.burners} burners; {' '.join(command[1:])}; load {load()}", flush=True)
    results: list[tuple[bool, float]] = []
    try:
        for run in range(1, options.runs + 1):
            start, used = time.monotonic(), cpu_of_children()
            done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
            took, cpu = time.monotonic() - start, cpu_of_children() - used
            results.append((done.returncode == 0, took))
            tail = done.stdout.strip().splitlines()[-1:] or ["(no output)"]
            verdict = "pass" if done.returncode == 0 else "FAIL"
            print(
                f"run {run}: {verdict} in {took:.0f} s ({cpu:.0f} CPU s), load {load()}: {tail[0]}",
                flush=True,
            )
            if done.returncode != 0:
                failed = [line for line in done.stdout.splitlines() if line.startswith(("FAILED", "ERROR"))]
                for line in failed:
                    print(f"    {line}", flush=True)
    finally:
        for burner in burners:
            burner.terminate()
        for burner in burners:
            burner.join(timeout=5)
    passed = sum(ok for ok, _ in results)
    times = sorted(took for _, took in results)
    print(
        f"{passed}/{len(results)} passed; time min {times[0]:.0f} s, median {times[len(times) // 2]:.0f} s, "
        f"max {times[-1]:.0f} s",
        flush=True,
    )
    return 0 if passed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
