"""A helper process where computer players think, so their search never holds the app's GIL.

A search is pure Python: run in a thread of the app's process, it shares
the interpreter lock with the event loop, and every screen a player opens
meanwhile waits its turn for the lock (measured here: opening the rules
took about twice as long while a search ran in a thread). So the app's
worker thread (``run_worker(thread=True)`` in :mod:`.bot_turns`) only
waits: it sends the question, ``state.view(seat)`` included, to one
long-lived helper process (``python -m boardgames_tui.ui.bot_process``,
started on first use; no terminal library is imported there), and polls
for the answer, checking every :data:`POLL` seconds whether it was
cancelled. A cancelled question (the seats changed, the game was left, the
app quits) kills the helper at once; the next question starts a fresh one.
Questions and answers are pickles, length-prefixed, over the helper's
stdin and stdout.

Where no helper can be started, questions are answered in the calling
thread instead (slower screens meanwhile, same answers).
"""

from __future__ import annotations

import copyreg
import io
import os
import pickle
import random
import select
import struct
import subprocess
import sys
import threading
from collections.abc import Callable
from types import MappingProxyType
from typing import IO, Any

#: The environment variable that tells the helper the app's process id (see :func:`_end_with_parent`).
PARENT_ENV = "BOARDGAMES_TUI_BOT_PARENT"

#: How often a waiting worker looks whether it was cancelled (seconds).
POLL = 0.05
_HEADER = struct.Struct("!I")


def _proxy(items: dict) -> MappingProxyType:
    """Rebuild a read-only mapping (a log event's private parts) on the other side of the pipe."""
    return MappingProxyType(items)


class _Pickler(pickle.Pickler):
    """Pickle that also sends read-only mappings (as dicts), which views hold and plain pickle refuses."""

    dispatch_table = copyreg.dispatch_table.copy()
    dispatch_table[MappingProxyType] = lambda proxy: (_proxy, (dict(proxy),))


def _dumps(obj: Any) -> bytes:
    buf = io.BytesIO()
    _Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL).dump(obj)
    data = buf.getvalue()
    return _HEADER.pack(len(data)) + data


def _read_exactly(stream: IO[bytes], n: int) -> bytes:
    chunks = []
    while n:
        chunk = stream.read(n)
        if not chunk:
            raise EOFError("the pipe closed")
        chunks.append(chunk)
        n -= len(chunk)
    return b"".join(chunks)


def _load(stream: IO[bytes]) -> Any:
    (size,) = _HEADER.unpack(_read_exactly(stream, _HEADER.size))
    return pickle.loads(_read_exactly(stream, size))


def answer(
    level: str, game_id: str, seconds: float, playouts: int | None, view: Any, seat: int, seed: str
) -> dict[str, Any]:
    """One decision: ``{"action": ...}`` from a fresh bot of ``level``, or ``{"error": "text"}``.

    The bot comes from :func:`boardgames_tui.bots.make_bot` and sees only
    ``view``; ``seed`` seeds its own ``random.Random``.
    """
    from boardgames_tui.bots import make_bot

    try:
        bot = make_bot(level, game_id, seconds=seconds, playouts=playouts)
        return {"action": bot.choose(view, seat, random.Random(seed))}
    except Exception as exc:  # shown to the player; the seat then plays a random legal action
        return {"error": f"{type(exc).__name__}: {exc}"}


def serve(stdin: IO[bytes], stdout: IO[bytes]) -> None:
    """The helper's loop: answer each question (the arguments of :func:`answer`) until stdin closes."""
    while True:
        try:
            request = _load(stdin)
        except EOFError:
            return
        stdout.write(_dumps(answer(*request)))
        stdout.flush()


class ThinkingProcess:
    """One helper process answering one question at a time (see the module docstring)."""

    def __init__(self) -> None:
        self._proc: subprocess.Popen | None = None
        self._lock = threading.Lock()
        #: False once a helper could not be started: answer in the calling thread from then on.
        self.usable = True

    def _start(self) -> subprocess.Popen:
        env = dict(os.environ)
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)
        env[PARENT_ENV] = str(os.getpid())
        return subprocess.Popen(
            [sys.executable, "-m", "boardgames_tui.ui.bot_process"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            close_fds=True,
        )

    def ask(self, request: tuple, cancelled: Callable[[], bool]) -> dict[str, Any] | None:
        """The answer to ``request`` (the arguments of :func:`answer`); None once ``cancelled()``.

        Blocks the calling thread (a worker's), never the event loop.
        """
        with self._lock:
            if not self.usable:
                return answer(*request)
            try:
                if self._proc is None or self._proc.poll() is not None:
                    self._proc = self._start()
                proc = self._proc
                assert proc.stdin is not None and proc.stdout is not None
                proc.stdin.write(_dumps(request))
                proc.stdin.flush()
            except Exception:  # no helper here (or it cannot take this view): think in this thread
                self.usable = False
                self.stop()
                return answer(*request)
            while True:
                if cancelled():
                    self.stop()
                    return None
                try:
                    ready, _, _ = select.select([proc.stdout], [], [], POLL)
                    if ready:
                        return _load(proc.stdout)
                except (EOFError, OSError, ValueError, pickle.UnpicklingError):  # the helper died
                    self.stop()
                    return answer(*request)

    def stop(self) -> None:
        """End the helper now (its search is dropped); the next question starts a new one."""
        proc, self._proc = self._proc, None
        if proc is not None:
            try:
                proc.kill()
                proc.wait(timeout=1)
            except (OSError, subprocess.TimeoutExpired):
                pass
            for stream in (proc.stdin, proc.stdout):
                try:
                    if stream is not None:
                        stream.close()
                except OSError:
                    pass


def _end_with_parent() -> None:
    """On Linux, ask the kernel to end this helper when the app's process ends, however it
    ends (killed, its terminal or SSH connection gone): a search would otherwise run on
    alone for the rest of its time budget. Elsewhere (or without libc) nothing is done."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes
        import signal

        PR_SET_PDEATHSIG = 1
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        return
    # The app may have ended before the request above was made: then nobody is waiting.
    from boardgames_tui.ui.numbers import typed_whole_number

    parent = os.environ.get(PARENT_ENV, "")
    expected = typed_whole_number(parent)
    if expected is not None and os.getppid() != expected:
        sys.exit(0)


if __name__ == "__main__":  # the helper process
    _end_with_parent()
    serve(sys.stdin.buffer, sys.stdout.buffer)
