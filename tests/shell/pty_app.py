"""Run the real program in a pseudo-terminal and read its screen through pyte.

Pilot tests skip the terminal driver: the bytes a terminal sends are never
decoded. These helpers start ``python -m boardgames_tui`` on the slave side
of a pty (``os.openpty``), write raw bytes to it as a terminal would, and feed
everything it draws to a pyte screen, so a test can wait for text to appear.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import pyte

#: Ctrl+Q, the app's quit key on every screen.
CTRL_Q = b"\x11"


class PtyApp:
    """``boardgames-tui ARGS`` (or ``command ARGS``) running in a pty of ``size`` (columns, rows).

    Use as a context manager; on leaving, a process still running is killed.
    ``home`` is the data folder (BOARDGAMES_TUI_HOME) the program saves to.
    """

    def __init__(
        self,
        args: Sequence[str],
        home: Path,
        size: tuple[int, int] = (80, 24),
        env: dict[str, str] | None = None,
        command: Sequence[str] | None = None,
    ) -> None:
        #: The program run (default ``python -m boardgames_tui``), followed by ``args``.
        self.command = list(command) if command is not None else [sys.executable, "-m", "boardgames_tui"]
        self.args = list(args)
        self.extra_env = dict(env or {})
        self.home = home
        self.size = size
        self.raw = bytearray()
        self._lock = threading.Lock()
        #: Notified each time output has been read and drawn on the pyte screen.
        self._fed = threading.Condition(self._lock)
        #: How many reads have been drawn so far, and when (perf_counter) the last one arrived.
        self.reads = 0
        self.read_at = 0.0
        self._screen = pyte.Screen(*size)
        self._stream = pyte.ByteStream(self._screen)
        self.proc: subprocess.Popen | None = None
        self._master = -1

    def __enter__(self) -> PtyApp:
        master, slave = os.openpty()
        self._master = master
        self._set_winsize(slave, self.size)
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "TEXTUAL_DRIVER")}
        env.update(BOARDGAMES_TUI_HOME=str(self.home), TERM="xterm-256color", **self.extra_env)
        self.proc = subprocess.Popen(
            [*self.command, *self.args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            close_fds=True,
        )
        os.close(slave)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.proc is not None:
            # The whole process group: a computer player's thinking process too (it would
            # otherwise think on, alone, for the rest of its time budget).
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)
        self._reader.join(timeout=5)
        with contextlib.suppress(OSError):
            os.close(self._master)

    @staticmethod
    def _set_winsize(fd: int, size: tuple[int, int]) -> None:
        cols, rows = size
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self._master, 65536)
            except OSError:  # the slave side closed: the program ended
                return
            if not data:
                return
            arrived = time.perf_counter()
            with self._lock:
                self.raw.extend(data)
                self._stream.feed(data)
                self.reads += 1
                self.read_at = arrived
                self._fed.notify_all()

    # ---- talking to it ---------------------------------------------------

    def write(self, data: bytes) -> None:
        """Send ``data`` as if typed (or sent by the terminal)."""
        view = memoryview(data)
        while view:
            written = os.write(self._master, view)
            view = view[written:]

    def resize(self, cols: int, rows: int) -> None:
        """Change the pty's size and tell the program, as a terminal window would."""
        with self._lock:
            self._screen.resize(rows, cols)
        self._set_winsize(self._master, (cols, rows))
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGWINCH)

    def text(self) -> str:
        """What the terminal screen shows now, one line per row."""
        with self._lock:
            return "\n".join(self._screen.display)

    def next_screen(self, reads: int, timeout: float) -> tuple[int, float, str]:
        """Wait (at most ``timeout`` s) for output read after the first ``reads`` reads.

        Returns ``(reads so far, perf_counter when the last read arrived, screen text)``;
        the text is built once per call, not while waiting (building it is costly and
        would take the CPU from the program being watched).
        """
        with self._fed:
            self._fed.wait_for(lambda: self.reads != reads, timeout)
            return self.reads, self.read_at, "\n".join(self._screen.display)

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def wait_for(self, words: str, timeout: float = 15.0) -> str:
        """Wait until ``words`` are on screen; returns the screen. AssertionError on timeout or exit."""
        return self.wait_until(lambda screen: words in screen, repr(words), timeout)

    def wait_until(
        self, condition: Callable[[str], bool], what: str = "the condition", timeout: float = 15.0
    ) -> str:
        """Wait until ``condition(screen text)`` holds; returns the screen. AssertionError on timeout or exit."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.text()
            if condition(screen):
                return screen
            if not self.alive():
                break
            time.sleep(0.05)
        raise AssertionError(
            f"{what} never held (alive: {self.alive()}).\nScreen:\n{self.text()}\nOutput tail:\n{self.output_tail()}"
        )

    def wait_exit(self, timeout: float = 15.0) -> int:
        assert self.proc is not None
        code = self.proc.wait(timeout=timeout)
        self._reader.join(timeout=5)
        return code

    def output_tail(self, n: int = 3000) -> str:
        with self._lock:
            return bytes(self.raw[-n:]).decode("utf-8", "replace")

    def crashed(self) -> bool:
        """Whether the program printed a traceback (Textual prints one when the app dies)."""
        with self._lock:
            return b"Traceback" in self.raw or (b"Error" in self.raw[-20000:] and not self.alive())

    def quit_cleanly(self) -> None:
        """Ctrl+Q: the program must answer it, exit 0 and print no traceback."""
        assert self.alive(), f"the program had already ended:\n{self.output_tail()}"
        self.write(CTRL_Q)
        code = self.wait_exit()
        assert code == 0 and not self.crashed(), f"exit {code}:\n{self.output_tail()}"
