"""Session processes forked from a preloaded parent: the fork server.

Starting a session as a fresh interpreter (``python -m boardgames_tui.serve.session``)
costs about a CPU-second of imports and some 40 MiB of memory that every session
holds a copy of. Instead, the server starts one *fork server* (``python -m
boardgames_tui.serve.forkserver``, a fresh interpreter in a session of its own):
it imports the session app's modules once (Textual, Rich, the games, the rules),
freezes what it holds out of the garbage collector's way, and then waits. For
each session the server sends it, over a ``SOCK_SEQPACKET`` socket pair, one
request (the session's environment, and whether it runs on a terminal or on
pipes) with the file descriptors it needs passed along (``SCM_RIGHTS``, see
:func:`socket.send_fds`): the pseudo-terminal's slave end, or the three pipe
ends of a browser tab, and the session's socket to the hub.

The fork server forks one child per request; the child shares the parent's
pages until it writes to them. Before it runs the app, the child leads a
session of its own with the terminal as its controlling terminal (so a
resize reaches it as SIGWINCH and a hang-up ends it), puts the passed
descriptors on 0, 1, 2 (the terminal or the pipes) and 3 (the hub socket),
closes every other descriptor it inherited, takes the session's environment
(re-reading Textual's settings from it), puts back the signal handlers the
interpreter started with and seeds :mod:`random` afresh. The fork server
itself never starts an event loop or a thread, so a fork never copies one.

The fork server reports each child's process id and, once it has reaped it,
its exit status (a negative number for a signal, as :mod:`asyncio` does). If
the fork server dies, the sessions it started go on (they hold their own
terminal and hub socket; their end is then noticed with a pidfd), and the
server starts a new fork server at once (:class:`ForkServer`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import io
import json
import os
import random
import select
import signal
import socket
import sys
import termios
import traceback
from typing import Any

#: The largest request or reply, in bytes (an environment of a few KiB).
MAX_MESSAGE = 256 * 1024
#: Descriptors one request may carry (three pipe ends and the hub socket).
MAX_FDS = 4
#: Where the child finds its socket to the hub.
HUB_FD = 3


# ---- the server's side ------------------------------------------------------------------


class SessionProcess:
    """A session forked by the fork server, as the server sees it (what it needs of asyncio's Process).

    ``pid`` is the child's process id (it leads its own process group);
    ``returncode`` is None while it runs, then its exit status (negative: the
    signal that ended it; 1 when the fork server died before it could say).
    ``stdin``/``stdout``/``stderr`` are the streams of a session on pipes
    (None on a terminal).
    """

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self.stdin: asyncio.StreamWriter | None = None
        self.stdout: asyncio.StreamReader | None = None
        self.stderr: asyncio.StreamReader | None = None
        self._ended = asyncio.get_running_loop().create_future()
        self._pidfd: int | None = None
        with contextlib.suppress(OSError):  # already gone: its status is on its way
            self._pidfd = os.pidfd_open(pid)

    async def wait(self) -> int:
        """Wait for the session to end; returns :attr:`returncode`."""
        return await asyncio.shield(self._ended)

    def _exited(self, code: int) -> None:
        if self.returncode is None:
            self.returncode = code
            self._ended.set_result(code)
        self._close_pidfd()

    def _orphaned(self) -> None:
        """The fork server is gone: learn of this session's end from its pidfd (status unknown: 1)."""
        if self.returncode is not None:
            return
        if self._pidfd is None:
            self._exited(1)
            return
        loop = self._ended.get_loop()
        fd = self._pidfd

        def gone() -> None:
            loop.remove_reader(fd)
            self._exited(1)

        loop.add_reader(fd, gone)

    def _close_pidfd(self) -> None:
        if self._pidfd is not None:
            with contextlib.suppress(OSError, RuntimeError):
                self._ended.get_loop().remove_reader(self._pidfd)
            os.close(self._pidfd)
            self._pidfd = None


class ForkServer:
    """The server's handle on its fork server process: :meth:`spawn` a session, :meth:`stop` at the end.

    Started on first use (or by :meth:`start`) in the running event loop;
    started again when it has died (at once) or when a new event loop uses
    it. Raises OSError from :meth:`spawn` when no fork server can be started.
    """

    def __init__(self) -> None:
        self.proc: asyncio.subprocess.Process | None = None
        self._sock: socket.socket | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ready: asyncio.Future[None] | None = None
        self._next = 0
        self._asked: dict[int, asyncio.Future[int]] = {}
        self._children: dict[int, SessionProcess] = {}
        #: The exit statuses that came before the pid was known here (a child that ended at once).
        self._early: dict[int, int] = {}
        self._stopping = False
        self._restart: asyncio.Task | None = None
        #: The event loop the fork server process was started in (it alone can wait for it).
        self._started_in: asyncio.AbstractEventLoop | None = None

    @property
    def pid(self) -> int | None:
        """The fork server's process id (None before it is started)."""
        return self.proc.pid if self.proc is not None else None

    async def start(self) -> None:
        """Start the fork server (if it is not running in this loop) and wait until it has its modules."""
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self._move_to(loop)
        self._loop, self._stopping = loop, False
        if self._ready is None:
            self._ready = loop.create_future()
            ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
            try:
                self.proc = await asyncio.create_subprocess_exec(
                    sys.executable,
                    "-m",
                    "boardgames_tui.serve.forkserver",
                    str(theirs.fileno()),
                    stdin=asyncio.subprocess.DEVNULL,
                    pass_fds=(theirs.fileno(),),
                    env=base_environment(),
                    start_new_session=True,  # the server's Ctrl+C is not its
                )
            except BaseException:
                ours.close()
                ready, self._ready = self._ready, None
                ready.cancel()
                raise
            finally:
                theirs.close()
            ours.setblocking(False)
            self._sock, self._started_in = ours, loop
            loop.add_reader(ours.fileno(), self._on_reply)
        await asyncio.shield(self._ready)

    def _move_to(self, loop: asyncio.AbstractEventLoop) -> None:
        """Serve from ``loop`` from now on (the server restarted in a new event loop, as tests do).

        A fork server that was ready is kept (its socket is now read by
        ``loop``); the sessions of the old loop are forgotten here (they
        ended with it). One still starting is let go.
        """
        ready, old = self._ready, self._loop
        if self._sock is None or ready is None or not ready.done() or ready.cancelled() or ready.exception():
            self._drop()
            return
        if old is not None and not old.is_closed():
            with contextlib.suppress(RuntimeError, ValueError):
                old.remove_reader(self._sock.fileno())
        self._asked.clear()
        self._children.clear()
        self._early.clear()
        self._ready = loop.create_future()
        self._ready.set_result(None)
        loop.add_reader(self._sock.fileno(), self._on_reply)

    async def spawn(self, env: dict[str, str], fds: list[int], mode: str = "pty") -> SessionProcess:
        """Fork one session with ``env`` on ``fds``; returns it once the fork server has forked it.

        ``mode`` "pty": ``fds`` is [the terminal's slave end, the hub socket];
        "pipes": [stdin's read end, stdout's write end, stderr's write end, the
        hub socket]. The caller keeps (and closes) its ``fds``. Raises OSError
        when the fork server cannot be reached or cannot fork.
        """
        for attempt in range(2):
            await self.start()
            sock = self._sock
            assert sock is not None and self._loop is not None
            self._next += 1
            ask = self._next
            answer: asyncio.Future[int] = self._loop.create_future()
            self._asked[ask] = answer
            request = json.dumps({"id": ask, "mode": mode, "env": env}).encode()
            try:
                await self._send(sock, request, fds)
                pid = await answer
            except ConnectionError:
                if attempt:
                    raise
                continue  # it died just now: once more with a new one
            finally:
                self._asked.pop(ask, None)
            child = SessionProcess(pid)
            if pid in self._early:
                child._exited(self._early.pop(pid))
            else:
                self._children[pid] = child
            return child
        raise OSError("the fork server is not running")  # not reached

    async def _send(self, sock: socket.socket, data: bytes, fds: list[int]) -> None:
        assert self._loop is not None
        while True:
            try:
                socket.send_fds(sock, [data], fds)
                return
            except BlockingIOError:
                writable: asyncio.Future[None] = self._loop.create_future()
                self._loop.add_writer(sock.fileno(), _resolve, writable)
                try:
                    await writable
                finally:
                    self._loop.remove_writer(sock.fileno())
            except OSError as exc:
                raise ConnectionError(str(exc)) from exc

    def _on_reply(self) -> None:
        sock = self._sock
        assert sock is not None
        while True:
            try:
                data = sock.recv(MAX_MESSAGE)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not data:
                self._lost()
                return
            try:
                reply = json.loads(data)
            except ValueError:
                continue
            if "ready" in reply and self._ready is not None and not self._ready.done():
                self._ready.set_result(None)
            elif "exit" in reply:
                pid, code = int(reply["exit"]), int(reply["code"])
                child = self._children.pop(pid, None)
                if child is not None:
                    child._exited(code)
                else:
                    self._early[pid] = code
            elif "id" in reply:
                answer = self._asked.get(int(reply["id"]))
                if answer is not None and not answer.done():
                    if "pid" in reply:
                        answer.set_result(int(reply["pid"]))
                    else:
                        answer.set_exception(OSError(str(reply.get("error"))))

    def _lost(self) -> None:
        """The fork server hung up: its sessions go on alone; a new fork server is started at once
        if this one had been working (one that died starting is tried again at the next session)."""
        ready = self._ready
        was_working = (
            ready is not None and ready.done() and not ready.cancelled() and ready.exception() is None
        )
        self._drop()
        if was_working and not self._stopping and self._loop is not None and not self._loop.is_closed():
            self._restart = self._loop.create_task(self._start_again())

    async def _start_again(self) -> None:
        with contextlib.suppress(OSError):
            await self.start()

    def _drop(self) -> None:
        """Forget the current fork server (the running sessions are watched through their pidfds)."""
        if self._sock is not None:
            with contextlib.suppress(RuntimeError, ValueError):
                if self._loop is not None and not self._loop.is_closed():
                    self._loop.remove_reader(self._sock.fileno())
            self._sock.close()
            self._sock = None
        for answer in self._asked.values():
            if not answer.done():
                answer.set_exception(ConnectionError("the fork server is gone"))
        if self._ready is not None and not self._ready.done():
            self._ready.set_exception(OSError("the fork server ended before it was ready"))
            self._ready.exception()  # looked at: no "never retrieved" warning
        self._ready = None
        for child in self._children.values():
            if self._loop is not None and not self._loop.is_closed():
                child._orphaned()
        self._children.clear()
        self._early.clear()
        self.proc = None

    async def stop(self) -> None:
        """Stop the fork server (the sessions it started are not touched: the server ends those)."""
        self._stopping = True
        proc, started_in = self.proc, self._started_in
        self._drop()  # its control socket closes: it exits
        if proc is not None and started_in is asyncio.get_running_loop():
            try:
                await asyncio.wait_for(proc.wait(), 5)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    proc.kill()
                await proc.wait()


#: The server's fork server (both doors use it).
FORKS = ForkServer()


def base_environment() -> dict[str, str]:
    """The environment every session starts from: the server's, without what a terminal of its own
    sets, with a UTF-8 locale and no animations (every frame of a smooth scroll is bytes to a remote
    terminal). The fork server imports Textual with it."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("COLORTERM", "TEXTUAL_DRIVER", "COLUMNS", "LINES", "ROWS")
    }
    env.setdefault("LANG", "C.UTF-8")
    env.setdefault("LC_ALL", "C.UTF-8")
    env.setdefault("TEXTUAL_ANIMATIONS", "none")
    return env


async def spawn_on_pipes(env: dict[str, str], hub_fd: int) -> SessionProcess:
    """Fork a session whose terminal is three pipes (a browser tab's, see :mod:`.web`).

    Returns it with ``stdin`` (a StreamWriter) and ``stdout``/``stderr``
    (StreamReaders) set. Raises OSError as :meth:`ForkServer.spawn` does.
    """
    loop = asyncio.get_running_loop()
    pipes = [os.pipe() for _ in range(3)]
    child_ends = [pipes[0][0], pipes[1][1], pipes[2][1]]
    our_ends = [pipes[0][1], pipes[1][0], pipes[2][0]]
    try:
        proc = await FORKS.spawn(env, [*child_ends, hub_fd], mode="pipes")
    except BaseException:
        for fd in our_ends:
            os.close(fd)
        raise
    finally:
        for fd in child_ends:
            os.close(fd)
    readers = []
    for fd in our_ends[1:]:
        reader = asyncio.StreamReader(limit=2**16, loop=loop)
        await loop.connect_read_pipe(
            functools.partial(asyncio.StreamReaderProtocol, reader, loop=loop), os.fdopen(fd, "rb", 0)
        )
        readers.append(reader)
    transport, protocol = await loop.connect_write_pipe(
        lambda: asyncio.streams.FlowControlMixin(loop=loop), os.fdopen(our_ends[0], "wb", 0)
    )
    proc.stdin = asyncio.StreamWriter(transport, protocol, None, loop)
    proc.stdout, proc.stderr = readers
    return proc


def _resolve(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


# ---- the fork server's side (a process of its own) ---------------------------------------------


def preload() -> None:
    """Import what every session runs (the session app, Textual's widgets and drivers, the games)."""
    import rich.cells
    import textual.drivers.linux_driver
    import textual.drivers.web_driver  # noqa: F401

    import boardgames_tui.bots.factory
    import boardgames_tui.cli
    import boardgames_tui.serve.session
    import boardgames_tui.serve.web_driver  # noqa: F401
    from boardgames_tui.games import GAMES

    rich.cells.cell_len("╭─ é 中 🐐")  # loads Rich's table of character widths (wide and combining)
    for spec in GAMES.values():  # each game's board and rules modules
        with contextlib.suppress(Exception):
            spec.rules.new_game(players=spec.min_players, seed=0)


class RehearsalLink:
    """A stand-in for the hub in :func:`rehearse`: a greeting, a lobby, then a table of each game."""

    def __init__(self) -> None:
        self.done = False

    async def open(self) -> None:
        pass

    def send(self, message: dict[str, Any]) -> None:
        pass

    async def messages(self) -> Any:
        from boardgames_tui.engine import Match
        from boardgames_tui.games import GAMES

        yield {"op": "hello", "name": "ana", "identity": "rehearsal"}
        tables = [
            {
                "id": f"t{n}",
                "game": gid,
                "title": spec.title,
                "options": "",
                "seats": ["ana", None],
                "status": "waiting for 1 player",
                "mine": 0,
                "computers": [],
                "creator": True,
            }
            for n, (gid, spec) in enumerate(GAMES.items(), 1)
        ]
        yield {"op": "lobby", "tables": tables}
        await asyncio.sleep(0.2)
        for n, gid in enumerate(GAMES, 1):
            names = ["ana", "beto"]
            try:
                match = Match.new(gid, names, 7, {})
            except Exception:  # a game that needs options: no rehearsal of its board
                continue
            replica = {"game": gid, "names": names, "seed": 7, "options": match.options, "actions": []}
            yield {
                "op": "table",
                "id": f"t{n}",
                "title": GAMES[gid].title,
                "seat": 0,
                "names": names,
                "computers": [],
                "status": "playing",
                "creator": True,
                "code": None,
                "chat": [],
                "match": replica,
            }
            await asyncio.sleep(0.2)
        self.done = True
        await asyncio.Event().wait()


def warm_up() -> None:
    """Rehearse a session (:func:`rehearse`) so that what every session builds alike is built once,
    here, and shared: the modules a session imports only once it runs (lazily imported widgets,
    the games' boards), Textual's and Rich's caches, and the interpreter's specialised bytecode.

    The rehearsal's event loop is closed and no thread is left when this returns, before the
    first fork. A failed rehearsal only means that each session builds those itself.
    """
    try:
        rehearse()
    except Exception:
        traceback.print_exc()
    asyncio.set_event_loop(None)
    try:
        asyncio.get_running_loop()
    except RuntimeError:  # none: good
        return
    raise SystemExit("boardgames-tui fork server: an event loop outlived the rehearsal")


def rehearse() -> None:
    """Run the session app once, headless, over a lobby and a table of each game, and throw it away.

    What every session builds the same way (parsed styles, Textual's and
    Rich's caches, lazily imported modules) is then in the fork server's
    pages, shared by every child. Runs its own event loop to the end and
    closes it; raises SystemExit if a thread outlives it (a fork must not
    copy one: the fork server then ends instead of forking).
    """
    import threading

    from boardgames_tui.serve.session import SessionApp

    async def run() -> None:
        link = RehearsalLink()
        app = SessionApp(link)  # type: ignore[arg-type]
        async with app.run_test(size=(80, 24)) as pilot:
            while not link.done:
                await pilot.pause(0.05)
            await pilot.pause()

    asyncio.run(run())
    if threading.active_count() != 1:  # a fork must not copy a thread
        raise SystemExit("boardgames-tui fork server: a thread outlived the rehearsal")


def serve(control_fd: int) -> None:
    """The fork server's loop: fork a session per request on ``control_fd`` until it hangs up."""
    started_with = {s: signal.getsignal(s) for s in signal.valid_signals()}
    preload()
    warm_up()
    control = socket.socket(fileno=control_fd)
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_r, False)
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)  # wakes the select through the wakeup pipe
    gc.collect()
    gc.freeze()  # what is loaded now is never scanned (or written) by a child's collector
    control.send(json.dumps({"ready": os.getpid()}).encode())
    while True:
        readable, _w, _x = select.select([control.fileno(), wake_r], [], [])
        if wake_r in readable:
            with contextlib.suppress(BlockingIOError):
                while os.read(wake_r, 512):
                    pass
        reap(control)
        if control.fileno() not in readable:
            continue
        try:
            data, fds, _flags, _addr = socket.recv_fds(control, MAX_MESSAGE, MAX_FDS)
        except OSError:
            return
        if not data:
            return  # the server hung up
        try:
            request = json.loads(data)
            pid = fork_session(request, fds, started_with, [control.fileno(), wake_r, wake_w])
            reply: dict[str, Any] = {"id": request["id"], "pid": pid}
        except (OSError, ValueError, KeyError, TypeError) as exc:
            reply = {"id": request.get("id") if isinstance(request, dict) else None, "error": str(exc)}
        finally:
            for fd in fds:
                os.close(fd)
        try:
            control.send(json.dumps(reply).encode())
        except OSError:
            return


def reap(control: socket.socket) -> None:
    """Tell the server of every child that has ended (its status as asyncio gives it)."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.waitstatus_to_exitcode(status)
        with contextlib.suppress(OSError):
            control.send(json.dumps({"exit": pid, "code": code}).encode())


def fork_session(
    request: dict[str, Any], fds: list[int], started_with: dict[Any, Any], ours: list[int]
) -> int:
    """Fork one session for ``request`` on ``fds``; returns the child's pid (in the fork server only)."""
    mode = request["mode"]
    env = {str(k): str(v) for k, v in dict(request["env"]).items()}
    if mode not in ("pty", "pipes") or len(fds) != (2 if mode == "pty" else 4):
        raise ValueError("a request needs a terminal or three pipes, and the hub socket")
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid:
        return pid
    code = 1
    try:
        become_session(mode, env, fds, started_with)
        code = run_session()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:
        with contextlib.suppress(Exception):
            traceback.print_exc()
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def become_session(mode: str, env: dict[str, str], fds: list[int], started_with: dict[Any, Any]) -> None:
    """In a new child: its own session and terminal, its descriptors, environment, signals and seed."""
    signal.set_wakeup_fd(-1)
    for sig, handler in started_with.items():
        if handler is not None:
            with contextlib.suppress(OSError, ValueError):
                signal.signal(sig, handler)
    os.setsid()
    if mode == "pty":
        slave, hub = fds
        fcntl_ioctl(slave, termios.TIOCSCTTY)
        for target in (0, 1, 2):
            os.dup2(slave, target)
    else:
        stdin, stdout, stderr, hub = fds
        for fd, target in ((stdin, 0), (stdout, 1), (stderr, 2)):
            os.dup2(fd, target)
    os.dup2(hub, HUB_FD)
    close_inherited(keep=HUB_FD)
    os.environ.clear()
    os.environ.update(env)
    os.environ["BOARDGAMES_TUI_HUB_FD"] = str(HUB_FD)
    random.seed()  # not the fork server's sequence, nor a sibling's
    from boardgames_tui.ui import memory

    memory.SHARED_FROZEN = True  # what the fork server froze stays shared (never unfrozen here)
    import importlib

    import textual.constants

    importlib.reload(textual.constants)  # TERM, TEXTUAL_DRIVER... as this session has them
    # Standard streams of this session's descriptors (the fork server's were of other files).
    sys.stdin = sys.__stdin__ = text_stream(0, "r", "surrogateescape", line_buffered=False)  # type: ignore[misc]
    sys.stdout = sys.__stdout__ = text_stream(1, "w", "surrogateescape", line_buffered=os.isatty(1))  # type: ignore[misc]
    sys.stderr = sys.__stderr__ = text_stream(2, "w", "backslashreplace", line_buffered=True)  # type: ignore[misc]


def text_stream(fd: int, mode: str, errors: str, line_buffered: bool) -> io.TextIOWrapper:
    """A UTF-8 text stream on ``fd`` (not closing it), as the interpreter makes its standard streams."""
    raw = io.FileIO(fd, mode, closefd=False)
    buffered = io.BufferedReader(raw) if mode == "r" else io.BufferedWriter(raw)
    return io.TextIOWrapper(buffered, encoding="utf-8", errors=errors, line_buffering=line_buffered)


def fcntl_ioctl(fd: int, request: int) -> None:
    """``ioctl(fd, request, 0)`` (here: take ``fd`` as the controlling terminal)."""
    import fcntl

    fcntl.ioctl(fd, request, 0)


def close_inherited(keep: int) -> None:
    """Close every descriptor above 2 but ``keep`` (the fork server's socket, pipes and others)."""
    for name in os.listdir("/proc/self/fd"):
        fd = int(name)
        if fd > 2 and fd != keep:
            with contextlib.suppress(OSError):
                os.close(fd)


def run_session() -> int:
    """Run the session app (:func:`boardgames_tui.serve.session.main`); returns the exit status."""
    from boardgames_tui.serve.session import main

    main()
    return 0


if __name__ == "__main__":
    serve(int(sys.argv[1]))
