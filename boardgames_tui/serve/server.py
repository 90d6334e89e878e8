"""The SSH server of ``boardgames-tui serve`` (asyncssh).

Who may enter: a public key listed in the authorized-keys file, or a
password that is the server's table code (``--table-code``) or the code of
an open table (its creator reads it out). Failed logins from one address
are counted: after :data:`MAX_FAILURES` within :data:`FAILURE_WINDOW`
seconds that address is turned away until the window has passed, and every
failed password costs a short delay.

What a login may do: open one interactive session with a pseudo-terminal.
A shell without one (``ssh -T``) gets one line and is closed; a command
(``ssh host cmd``), a subsystem (SFTP), port forwarding either way, agent
and X11 forwarding are refused. A session with no input for
``idle_timeout`` seconds is closed with a line saying so.

Each session runs the app in its own process on its own pseudo-terminal
(:func:`start_session_process`), forked from a preloaded parent (the fork
server, :mod:`.forkserver`) so that sessions share the pages of the modules
they all run: the terminal type and size come from the client, a resize is passed on as the terminal's new size (the kernel tells
the app with SIGWINCH), and the process talks to the :class:`~.hub.Hub` over
a socket pair. A session whose client reads slowly only stops reading its
own process's output (flow control), and a crash ends only that process.

However a session ends (quit, idle timeout, :func:`end_sessions` at
shutdown, the hub dropping it, its process dying), the client's terminal is
left as quitting leaves it: the server follows the modes the process
switched on (:class:`~.terminal.TerminalModes`) and switches off what is
still on before it closes the channel.

The version line names the program only (:data:`SERVER_VERSION`), and only
the modern algorithms of :data:`ALGORITHMS` are offered (no SHA-1).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import pty
import signal
import socket
import struct
import sys
import termios
import time
import weakref
from collections import defaultdict, deque
from pathlib import Path
from typing import Any

import asyncssh

from boardgames_tui import i18n
from boardgames_tui.engine.match import data_dir
from boardgames_tui.i18n import N_, _

from .forkserver import FORKS, SessionProcess, base_environment
from .hub import Hub, player_name, serve_member
from .terminal import TerminalModes

log = logging.getLogger("boardgames_tui.serve")

#: Failed logins from one address within FAILURE_WINDOW seconds before it is turned away.
MAX_FAILURES = 5
FAILURE_WINDOW = 60.0
#: Seconds a failed password login waits before it is answered.
FAILURE_DELAY = 1.0
#: Default seconds without a key before a session is closed.
IDLE_TIMEOUT = 30 * 60.0
#: Seconds a session's process has to end after a hang-up before it is killed.
HANGUP_GRACE = 3.0

#: The sessions running now (tests and the benchmark find their processes here).
LIVE: weakref.WeakSet[TableSession] = weakref.WeakSet()

#: What an SSH client without a terminal is told (in the server's language, like the other lines
#: the server writes to a client itself before or after its session).
NO_TERMINAL = N_(
    "boardgames-tui: this server needs a terminal; connect with plain ssh (no -T and no command)."
)


#: What the server's SSH version line says after ``SSH-2.0-``: the program, no library and no version.
SERVER_VERSION = "boardgames-tui"

#: The algorithms the server offers, best first, by kind (asyncssh's option names). Only modern ones:
#: no SHA-1 in key exchange, MAC or signatures (so no ``ssh-rsa``; RSA keys sign with SHA-2), no CBC.
#: Those this asyncssh cannot do are left out at start (:func:`algorithms`).
ALGORITHMS: dict[str, tuple[str, ...]] = {
    "kex_algs": (
        "mlkem768x25519-sha256",
        "curve25519-sha256",
        "curve25519-sha256@libssh.org",
        "ecdh-sha2-nistp521",
        "ecdh-sha2-nistp384",
        "ecdh-sha2-nistp256",
        "diffie-hellman-group18-sha512",
        "diffie-hellman-group16-sha512",
        "diffie-hellman-group14-sha256",
    ),
    "encryption_algs": (
        "chacha20-poly1305@openssh.com",
        "aes256-gcm@openssh.com",
        "aes128-gcm@openssh.com",
        "aes256-ctr",
        "aes192-ctr",
        "aes128-ctr",
    ),
    "mac_algs": (
        "hmac-sha2-256-etm@openssh.com",
        "hmac-sha2-512-etm@openssh.com",
        "umac-128-etm@openssh.com",
        "hmac-sha2-256",
        "hmac-sha2-512",
        "umac-128@openssh.com",
    ),
    "signature_algs": (
        "ssh-ed25519",
        "sk-ssh-ed25519@openssh.com",
        "ecdsa-sha2-nistp256",
        "ecdsa-sha2-nistp384",
        "ecdsa-sha2-nistp521",
        "sk-ecdsa-sha2-nistp256@openssh.com",
        "rsa-sha2-512",
        "rsa-sha2-256",
    ),
}


def algorithms() -> dict[str, list[str]]:
    """:data:`ALGORITHMS` less any this asyncssh (or its crypto libraries) cannot do, as create_server options."""
    from asyncssh.encryption import get_encryption_algs
    from asyncssh.kex import get_kex_algs
    from asyncssh.mac import get_mac_algs
    from asyncssh.public_key import get_public_key_algs

    known = {
        "kex_algs": get_kex_algs(),
        "encryption_algs": get_encryption_algs(),
        "mac_algs": get_mac_algs(),
        "signature_algs": get_public_key_algs(),
    }
    return {
        kind: [name for name in names if name.encode() in known[kind]] for kind, names in ALGORITHMS.items()
    }


def host_key_path() -> Path:
    """Where the server's host key is kept: ``<data folder>/ssh_host_ed25519_key``."""
    return data_dir() / "ssh_host_ed25519_key"


def load_or_make_host_key(path: Path | None = None) -> asyncssh.SSHKey:
    """The server's host key: read from ``path``, or made once (Ed25519) and written there with mode 600."""
    path = path or host_key_path()
    if path.exists():
        os.chmod(path, 0o600)
        return asyncssh.read_private_key(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(key.export_private_key())
    return key


def default_authorized_keys() -> Path:
    """The default authorized-keys file: ``authorized_keys`` in the config folder
    (``$BOARDGAMES_TUI_HOME`` when set, else the platform's user config folder)."""
    env = os.environ.get("BOARDGAMES_TUI_HOME")
    if env:
        return Path(env) / "authorized_keys"
    import platformdirs

    return Path(platformdirs.user_config_dir("boardgames-tui", appauthor=False)) / "authorized_keys"


class FailureCounter:
    """Failed logins per address in a sliding window (see the module docstring)."""

    def __init__(self, limit: int = MAX_FAILURES, window: float = FAILURE_WINDOW) -> None:
        self.limit, self.window = limit, window
        self._times: dict[str, deque[float]] = defaultdict(deque)

    def _recent(self, address: str) -> deque[float]:
        times = self._times[address]
        now = time.monotonic()
        while times and now - times[0] > self.window:
            times.popleft()
        return times

    def failed(self, address: str) -> None:
        """Count one failure of ``address``."""
        self._recent(address).append(time.monotonic())

    def blocked(self, address: str) -> bool:
        """Whether ``address`` has failed too often lately."""
        return len(self._recent(address)) >= self.limit


class ServerConfig:
    """What ``serve`` was started with.

    ``authorized_keys``: the file of keys that may log in (missing: no key
    logins); ``table_code``: a password every login may use (None: only the
    codes of open tables); ``idle_timeout`` in seconds.
    """

    def __init__(
        self,
        authorized_keys: Path | None = None,
        table_code: str | None = None,
        idle_timeout: float = IDLE_TIMEOUT,
    ) -> None:
        self.authorized_keys = authorized_keys
        self.table_code = table_code
        self.idle_timeout = idle_timeout

    def keys(self) -> asyncssh.SSHAuthorizedKeys | None:
        """The authorized keys, read afresh at each login (None: no usable file)."""
        path = self.authorized_keys
        if path is None or not path.is_file():
            return None
        try:
            return asyncssh.read_authorized_keys(str(path))
        except (OSError, ValueError, asyncssh.KeyImportError) as exc:
            log.error("cannot read %s: %s", path, exc)
            return None


class TableServer(asyncssh.SSHServer):
    """One SSH connection: authentication and the requests it may make."""

    def __init__(self, hub: Hub, config: ServerConfig, failures: FailureCounter) -> None:
        self.hub, self.config, self.failures = hub, config, failures
        self.address = "?"
        self.identity: str | None = None
        self.conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"

    def begin_auth(self, username: str) -> bool:
        if self.failures.blocked(self.address):
            assert self.conn is not None
            self.conn.disconnect(
                asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "too many failed logins; try later"
            )
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        keys = self.config.keys()
        if (
            self.failures.blocked(self.address)
            or keys is None
            or keys.validate(key, self.address, self.address) is None
        ):
            return False
        self.identity = "key:" + key.get_fingerprint()
        return True

    def password_auth_supported(self) -> bool:
        return True

    async def validate_password(self, username: str, password: str) -> bool:
        codes = self.hub.table_codes()
        if self.config.table_code:
            codes.add(self.config.table_code)
        if not self.failures.blocked(self.address) and password in codes:
            self.identity = "name:" + player_name(username)
            return True
        self.failures.failed(self.address)
        await asyncio.sleep(FAILURE_DELAY)
        return False

    def session_requested(self) -> TableSession:
        return TableSession(self.hub, self.config, self.identity or "?")

    # Everything else a connection may ask for is refused by asyncssh's defaults
    # (connection_requested, server_requested, unix_*: False); agent and X11
    # forwarding are switched off in create_server.


class TableSession(asyncssh.SSHServerSession):
    """One interactive session: a pseudo-terminal and the app process behind it."""

    def __init__(self, hub: Hub, config: ServerConfig, identity: str) -> None:
        self.hub, self.config, self.identity = hub, config, identity
        self.chan: asyncssh.SSHServerChannel | None = None
        self.term = "xterm-256color"
        self.size = (80, 24)
        self.has_pty = False
        self.master: int | None = None
        self.proc: SessionProcess | None = None
        self._pending_in = b""
        self._idle: asyncio.TimerHandle | None = None
        self._tasks: list[asyncio.Task] = []
        self._reading = False
        #: What the process has switched on in the client's terminal (restored when it ends).
        self.modes = TerminalModes()
        #: The line the client is told when the server ends the session (idle, shutdown).
        self.goodbye: str | None = None
        #: Set once the session has ended and the client's terminal is restored.
        self.done = asyncio.Event()

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        self.has_pty = True
        self.term = term_type or "xterm-256color"
        if term_size[0] and term_size[1]:
            self.size = (term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        assert self.chan is not None
        if not self.has_pty:
            self.chan.write((_(NO_TERMINAL) + "\r\n").encode())
            self.chan.exit(1)
            return
        self._touch()
        self._tasks.append(asyncio.ensure_future(self._run()))
        LIVE.add(self)

    async def _run(self) -> None:
        try:
            await self._run_process()
        finally:
            self.done.set()

    async def _run_process(self) -> None:
        assert self.chan is not None
        login = self.chan.get_extra_info("username") or "player"
        ours, theirs = socket.socketpair()
        member = self.hub.connect(self.identity, player_name(login))
        try:
            self.master, self.proc = await start_session_process(self.term, self.size, theirs)
        except OSError as exc:
            self.chan.write(
                (_("boardgames-tui: cannot start a session: {error}").format(error=exc) + "\r\n").encode()
            )
            self.chan.exit(1)
            ours.close()
            self.hub.disconnect(member)
            return
        finally:
            theirs.close()
        reader, writer = await asyncio.open_connection(sock=ours, limit=8 * 1024 * 1024)
        self._tasks.append(asyncio.ensure_future(serve_member(self.hub, member, reader, writer)))
        loop = asyncio.get_running_loop()
        os.set_blocking(self.master, False)
        self._resume_reading()
        if self.goodbye or self.chan.is_closing():  # ended while it was starting
            self._end()
        code = await self.proc.wait()
        self._stop_reading()
        # What the process wrote last (a goodbye, a traceback) still goes out.
        try:
            while True:
                data = os.read(self.master, 65536)
                if not data:
                    break
                self._write(data)
        except (OSError, ConnectionError):  # nothing more to read, or the client is gone
            pass
        self._close_master(loop)
        if not self.chan.is_closing():
            # The exit status: 0 when the server ended the session, else the app's (1 if killed).
            status = 0 if self.goodbye else code if code >= 0 else 1
            if code < 0 and not self.goodbye:  # killed by a signal the server did not send
                self.goodbye = _("boardgames-tui: this session stopped unexpectedly; your seat is kept.")
            # However it ended (quit, hang-up, crash), the client's terminal is left as `q` leaves it.
            self.chan.write(self.modes.restore())
            if self.goodbye:
                self.chan.write(("\r\n" + self.goodbye + "\r\n").encode())
            self.chan.exit(status)

    def _write(self, data: bytes) -> None:
        """Pass the process's output to the client, noting the terminal modes it sets."""
        assert self.chan is not None
        self.modes.feed(data)
        self.chan.write(data)

    # ---- the process's output -> the client, with flow control ------------------

    def _on_output(self) -> None:
        assert self.master is not None and self.chan is not None
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:  # EIO: the process closed the terminal
            self._stop_reading()
            return
        if not data:
            self._stop_reading()
            return
        try:
            self._write(data)
        except (BrokenPipeError, ConnectionError):  # the client is gone: so is the app
            self._stop_reading()
            self._end()

    def _resume_reading(self) -> None:
        if self.master is not None and not self._reading:
            asyncio.get_running_loop().add_reader(self.master, self._on_output)
            self._reading = True

    def _stop_reading(self) -> None:
        if self.master is not None and self._reading:
            asyncio.get_running_loop().remove_reader(self.master)
            self._reading = False

    def pause_writing(self) -> None:
        """The client is not keeping up: stop reading this session's output (only this one)."""
        self._stop_reading()

    def resume_writing(self) -> None:
        self._resume_reading()

    # ---- the client's keys -> the process ------------------------------------------

    def data_received(self, data: bytes, datatype: Any) -> None:
        self._touch()
        if self.master is None:
            return
        self._pending_in += data
        self._flush_input()

    def _flush_input(self) -> None:
        loop = asyncio.get_running_loop()
        if self.master is None:
            return
        try:
            while self._pending_in:
                n = os.write(self.master, self._pending_in[:4096])
                self._pending_in = self._pending_in[n:]
        except BlockingIOError:
            loop.add_writer(self.master, self._writable)
            return
        except OSError:
            self._pending_in = b""
            return
        if len(self._pending_in) == 0:
            loop.remove_writer(self.master)

    def _writable(self) -> None:
        self._flush_input()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = (width, height)
        if self.master is not None and width and height:
            set_size(self.master, width, height)

    # ---- idle timeout and the end ------------------------------------------------------

    def _touch(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
        if self.config.idle_timeout > 0:
            self._idle = asyncio.get_running_loop().call_later(self.config.idle_timeout, self._idle_out)

    def _idle_out(self) -> None:
        self.finish(_("boardgames-tui: closed after a long time without a key; your seat is kept."))

    def finish(self, goodbye: str) -> None:
        """End the session from the server's side: the app is hung up, then the client's terminal
        is restored, ``goodbye`` (one line) is written and the channel closed; :attr:`done` is set then.
        """
        if self.chan is None or self.chan.is_closing():
            self.done.set()
            return
        self.goodbye = self.goodbye or goodbye
        if self.proc is None:  # still starting: _run_process ends it once it has started
            return
        self._end()

    def _end(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            try:
                os.killpg(self.proc.pid, signal.SIGHUP)
            except (ProcessLookupError, PermissionError):
                return
            asyncio.get_running_loop().call_later(HANGUP_GRACE, self._kill)

    def _kill(self) -> None:
        """The process did not end on the hang-up: kill its process group."""
        if self.proc is not None and self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.proc.pid, signal.SIGKILL)

    def _close_master(self, loop: asyncio.AbstractEventLoop) -> None:
        if self.master is not None:
            loop.remove_writer(self.master)
            with contextlib.suppress(OSError):
                os.close(self.master)
            self.master = None

    def eof_received(self) -> bool:
        self._end()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        if self._idle is not None:
            self._idle.cancel()
        self._stop_reading()
        self._end()


async def end_sessions(goodbye: str, timeout: float = HANGUP_GRACE + 2.0) -> None:
    """End every running session from the server's side (see :meth:`TableSession.finish`).

    Waits up to ``timeout`` seconds for their clients' terminals to be
    restored and told ``goodbye``; the server stops after this.
    """
    sessions = list(LIVE)
    for session in sessions:
        session.finish(goodbye)
    waits = [asyncio.ensure_future(s.done.wait()) for s in sessions]
    if waits:
        _done, pending = await asyncio.wait(waits, timeout=timeout)
        for wait in pending:
            wait.cancel()


def set_size(fd: int, width: int, height: int) -> None:
    """Give the pseudo-terminal ``fd`` a new size (its process gets SIGWINCH)."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))


async def start_session_process(
    term: str, size: tuple[int, int], sock: socket.socket
) -> tuple[int, SessionProcess]:
    """Start the app of one session on a new pseudo-terminal; returns (its master fd, the process).

    The process is forked by the fork server (:mod:`.forkserver`) from its
    preloaded modules. It gets ``TERM`` from the client, the terminal's size,
    the socket to the hub (as file descriptor ``BOARDGAMES_TUI_HUB_FD``), and
    the same data folder and language. It leads its own session, with the
    terminal as its controlling terminal, so a resize reaches it as SIGWINCH
    and a hang-up ends it. Raises OSError when it cannot be started.
    """
    master, slave = pty.openpty()
    set_size(master, *size)
    env = base_environment()
    env.update(TERM=term, BOARDGAMES_TUI_LANG=i18n.language())  # the session speaks the server's language
    try:
        proc = await FORKS.spawn(env, [slave, sock.fileno()])
    except BaseException:
        os.close(master)
        raise
    finally:
        os.close(slave)
    return master, proc


async def start_server(
    host: str,
    port: int,
    config: ServerConfig,
    hub: Hub | None = None,
    host_key: asyncssh.SSHKey | None = None,
    failures: FailureCounter | None = None,
) -> tuple[asyncssh.SSHAcceptor, Hub]:
    """Start listening; returns the acceptor (``close()`` it to stop) and the hub.

    ``port`` 0 picks a free port (``acceptor.get_port()``). ``failures``
    counts failed logins (pass the web door's counter so that both doors
    share one count per address).
    """
    hub = hub or Hub()
    problems = hub.load()
    for p in problems:
        log.warning("table not loaded: %s", p)
    for table in list(hub.tables.values()):
        hub.computers_play(table)  # a computer seat that was to move when the server stopped
    failures = failures or FailureCounter()
    key = host_key or load_or_make_host_key()
    await FORKS.start()  # the sessions' preloaded parent, ready before the first login
    acceptor = await asyncssh.create_server(
        # No library name or version in the banner, and no SHA-1 anywhere (see ALGORITHMS).
        lambda: TableServer(hub, config, failures),
        host,
        port,
        server_host_keys=[key],
        encoding=None,
        line_editor=False,
        allow_pty=True,
        agent_forwarding=False,
        x11_forwarding=False,
        allow_scp=False,
        login_timeout=60,
        server_version=SERVER_VERSION,
        **algorithms(),
    )
    return acceptor, hub


def how_to_connect(host: str, port: int, key: asyncssh.SSHKey, config: ServerConfig) -> str:
    """The lines ``serve`` prints at start: fingerprint and the ssh command."""
    shown_host = "localhost" if host in ("127.0.0.1", "::1", "localhost") else host
    lines = [
        _("boardgames-tui SSH table listening on {host}:{port}").format(host=host, port=port),
        _("host key fingerprint: {fingerprint}").format(fingerprint=key.get_fingerprint()),
        _("connect with:  ssh -p {port} YOURNAME@{host}").format(port=port, host=shown_host),
        _("keys allowed: {file}").format(file=config.authorized_keys)
        + ("" if config.keys() is not None else " " + _("(no such file yet)")),
    ]
    if config.table_code:
        lines.append(_("or log in with the table code as the password"))
    lines.append(_("Ctrl+C stops the server; the tables are kept."))
    return "\n".join(lines)


def run(host: str, port: int, config: ServerConfig, web: tuple[str, int] | None = None) -> int:
    """``boardgames-tui serve``: run until Ctrl+C; returns the exit status.

    ``web`` (host, port): also serve the tables to browsers there (:mod:`.web`).
    """

    async def main() -> None:
        key = load_or_make_host_key()
        failures = FailureCounter()
        acceptor, hub = await start_server(host, port, config, host_key=key, failures=failures)
        lines = how_to_connect(host, acceptor.get_port(), key, config).splitlines()
        runner = None
        if web is not None:
            from .web import start_web, web_url

            try:
                runner, web_port, tables = await start_web(web[0], web[1], hub, config, failures)
            except OSError as exc:
                acceptor.close()
                raise OSError(
                    _("the web port {host}:{port}: {error}").format(host=web[0], port=web[1], error=exc)
                ) from None
            said = [
                _("in a browser: {url}  (the page asks for a name and the web code: {code})").format(
                    url=web_url(web[0], web_port), code=tables.code
                )
            ]
            if web[0] not in ("127.0.0.1", "::1", "localhost"):
                said.append(
                    _("the web door is plain HTTP: put it behind a trusted TLS proxy or a private network")
                )
            lines[-1:-1] = said
        print("\n".join(lines), flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()
        await end_sessions(_("boardgames-tui: the server is stopping; your seat is kept."))
        acceptor.close()
        if runner is not None:
            await runner.cleanup()
        await FORKS.stop()
        await acceptor.wait_closed()

    logging.basicConfig(level=logging.WARNING, format="%(message)s")
    try:
        asyncio.run(main())
    except OSError as exc:
        print(
            _("boardgames-tui: cannot serve on {host}:{port}: {error}").format(
                host=host, port=port, error=exc
            ),
            file=sys.stderr,
        )
        return 1
    return 0
