"""The SSH server of ``boardgames-tui serve`` (asyncssh).

Who may enter (see :mod:`.identity` for what each identity is): a public key
listed in the authorized-keys file; a registered account with its own
password; or a guest with a code: a table's code (a guest bound to that
table) or the server code (``--table-code``: a guest who may make or join
one table, or, at the keyboard-interactive prompt, a newcomer registering
the login name with a password of its own). Failed logins are counted per
name tried and per address block (:class:`FailureCounter`, shared with the
web door), with exponential back-off; a block never refuses a valid key.
Caps (:class:`ServerConfig`) limit the sessions in all, per player and per
address, and the connections still logging in; each refusal says why.

What a login may do: open one interactive session with a pseudo-terminal.
A shell without one (``ssh -T``) gets one line and is closed; a command
(``ssh host cmd``), a subsystem (SFTP), port forwarding either way, agent
and X11 forwarding are refused. A session with no input for
``idle_timeout`` seconds is closed with a line saying so.

Each session runs the app in its own process on its own pseudo-terminal
(:func:`start_session_process`): the terminal type and size come from the
client, a resize is passed on as the terminal's new size (the kernel tells
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
import ipaddress
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
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import asyncssh

from boardgames_tui import i18n
from boardgames_tui.engine.match import data_dir
from boardgames_tui.engine.names import check_name
from boardgames_tui.i18n import N_, _, shapes

from .hub import Hub, serve_member
from .identity import MIN_SECRET, Admission, UserStore, address_block, check_secret, fold, new_guest
from .terminal import TerminalModes

log = logging.getLogger("boardgames_tui.serve")

#: Failures of one name, or from one address block, before each further one blocks it (back-off).
MAX_FAILURES = 5
#: Seconds of the first block; each further failure doubles it, up to BACKOFF_MAX.
BACKOFF_BASE = 30.0
BACKOFF_MAX = 3600.0
#: Seconds without a failure after which a name's or block's count is forgotten.
FAILURE_FORGET = 3600.0
#: Seconds a failed password login waits before it is answered.
FAILURE_DELAY = 1.0
#: Default caps: sessions in all, per player, per client address; connections still logging in.
MAX_SESSIONS = 100
MAX_PER_IDENTITY = 3
MAX_PER_ADDRESS = 20
MAX_HALF_OPEN = 30
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
    """Failed logins, counted per name tried and per address block, with exponential back-off.

    A key is ``who:<folded name>`` or ``net:<address block>`` (:meth:`keys_for`).
    Each failure costs :data:`FAILURE_DELAY`; the :data:`MAX_FAILURES`-th failure of a
    key (counted until :data:`FAILURE_FORGET` seconds pass without one) blocks it for
    :data:`BACKOFF_BASE` seconds, and each further one doubles the block, up to
    :data:`BACKOFF_MAX`.
    A block refuses passwords and codes only: a valid key is never refused by it.
    The SSH and web doors share one counter.
    """

    def __init__(
        self,
        limit: int = MAX_FAILURES,
        base: float = BACKOFF_BASE,
        cap: float = BACKOFF_MAX,
        forget: float = FAILURE_FORGET,
    ) -> None:
        self.limit, self.base, self.cap, self.forget = limit, base, cap, forget
        #: key -> (failures, time of the last one, blocked until)
        self._records: dict[str, tuple[int, float, float]] = {}

    @staticmethod
    def keys_for(name: str, address: str) -> tuple[str, str]:
        """The two keys a login by ``name`` from ``address`` is counted under."""
        return "who:" + fold(name), "net:" + address_block(address)

    def _record(self, key: str, now: float) -> tuple[int, float, float]:
        record = self._records.get(key, (0, 0.0, 0.0))
        if now - record[1] > self.forget and now >= record[2]:
            self._records.pop(key, None)
            return (0, 0.0, 0.0)
        return record

    def failed(self, *keys: str) -> None:
        """Count one failure under each of ``keys``."""
        now = time.monotonic()
        for key in keys:
            count, _last, until = self._record(key, now)
            count += 1
            if count >= self.limit:
                until = now + min(self.cap, self.base * 2 ** (count - self.limit))
            self._records[key] = (count, now, until)

    def blocked(self, *keys: str) -> float:
        """Seconds until every one of ``keys`` may try again (0: none is blocked)."""
        now = time.monotonic()
        return max([self._record(key, now)[2] - now for key in keys] + [0.0])

    def succeeded(self, key: str) -> None:
        """A right password for ``key`` (a ``who:`` key): its count starts again."""
        self._records.pop(key, None)


#: The refusals :func:`admit` gives (English; each door shows them in its language).
#: The refusal of a blocked name or address block.
TOO_MANY = N_("too many failed logins; try again later")
TEXTS = shapes(
    TOO_MANY,
    N_("that password or code is not right"),
)

#: Seconds between two looks at the users file for revocations.
REVOKE_POLL = 1.0
#: What a session's own process shows when its identity is revoked (then it ends).
REVOKED = N_("The operator of this server revoked your access; this session ends.")
#: The server's refusals when it is full (each written to the client, then the session ends).
FULL = N_("boardgames-tui: the server is full ({count} sessions); try again later.")
FULL_IDENTITY = N_(
    "boardgames-tui: you already have {count} sessions open here; close one before opening another."
)
FULL_ADDRESS = N_("boardgames-tui: {count} sessions are already open from your address; try again later.")
BUSY = "boardgames-tui: too many connections are logging in at once; try again in a minute."


class ServerConfig:
    """What ``serve`` was started with.

    ``authorized_keys``: the file of keys that may log in (missing: no key
    logins); ``table_code``: the server code (registers a new account, or
    lets a guest make or join one table; None: only tables' codes admit
    guests); ``idle_timeout`` in seconds; ``users``: the store of keys' names
    and accounts (None: ``<data folder>/users.json``). Caps:
    ``max_sessions`` in all, ``max_per_identity`` per player,
    ``max_per_address`` per client address, ``max_half_open`` connections
    still logging in. ``trusted_proxies``: the addresses or networks of
    reverse proxies whose ``X-Forwarded-For`` header the web door believes.
    """

    def __init__(
        self,
        authorized_keys: Path | None = None,
        table_code: str | None = None,
        idle_timeout: float = IDLE_TIMEOUT,
        users: UserStore | None = None,
        max_sessions: int = MAX_SESSIONS,
        max_per_identity: int = MAX_PER_IDENTITY,
        max_per_address: int = MAX_PER_ADDRESS,
        max_half_open: int = MAX_HALF_OPEN,
        trusted_proxies: tuple[str, ...] = (),
    ) -> None:
        self.authorized_keys = authorized_keys
        self.table_code = table_code
        self.idle_timeout = idle_timeout
        self._users = users
        self.max_sessions, self.max_per_identity = max_sessions, max_per_identity
        self.max_per_address, self.max_half_open = max_per_address, max_half_open
        self.trusted_proxies = tuple(ipaddress.ip_network(p, strict=False) for p in trusted_proxies)
        #: Connections that have not finished logging in, now.
        self.half_open = 0

    @property
    def users(self) -> UserStore:
        """The store of registered keys and accounts."""
        if self._users is None:
            self._users = UserStore()
        return self._users

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

    def full(self, hub: Hub, identity: str, address: str) -> str | None:
        """Why one more session of ``identity`` from ``address`` would be refused (in the server's
        language), or None if it fits under every cap."""
        members = list(hub.members)
        if len(members) >= self.max_sessions:
            return _(FULL).format(count=self.max_sessions)
        if sum(m.identity == identity for m in members) >= self.max_per_identity:
            return _(FULL_IDENTITY).format(count=self.max_per_identity)
        if sum(m.address == address for m in members) >= self.max_per_address:
            return _(FULL_ADDRESS).format(count=self.max_per_address)
        return None


def client_address(peer: str, forwarded: list[str], config: ServerConfig) -> str:
    """The client's address: ``peer``, or, when ``peer`` is a proxy named in
    ``config.trusted_proxies``, the last address of the ``X-Forwarded-For``
    headers (``forwarded``) that is not itself a trusted proxy.

    A header from anyone else is ignored, so a client cannot choose the
    address it is counted under.
    """

    def trusted(address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address.strip().split("%", 1)[0])
        except ValueError:
            return False
        return any(ip in net for net in config.trusted_proxies)

    if not trusted(peer):
        return peer
    hops = [h.strip() for line in forwarded for h in line.split(",") if h.strip()]
    for hop in reversed(hops):
        if not trusted(hop):
            return hop
    return peer


async def admit(
    hub: Hub,
    config: ServerConfig,
    failures: FailureCounter,
    login: str,
    password: str,
    address: str,
    server_codes: set[str],
) -> Admission | str:
    """Who a login name and password (or code) let in, shared by the SSH and web doors.

    Returns an :class:`~.identity.Admission`, or the reason it was refused
    (English, for the player). In order: a name that is not a good seat name
    is refused (not counted); a blocked name or address block is refused
    (waits :data:`FAILURE_DELAY`); a registered account needs its own
    password; a name registered by a key cannot be used with a code; a
    table's code (of a table not over) admits a guest bound to that table;
    a server code admits a guest who may make or join one table. Anything
    else is a failure, counted under the name and the address block, and
    answered after :data:`FAILURE_DELAY`.
    """
    try:
        name = check_name(login)
    except ValueError as exc:
        return str(exc)
    keys = failures.keys_for(name, address)
    if failures.blocked(*keys):
        await asyncio.sleep(FAILURE_DELAY)
        return TOO_MANY
    found = config.users.account(name)
    if found is not None:
        user, stored = found
        if not user.revoked and await asyncio.to_thread(check_secret, password, stored):
            failures.succeeded(keys[0])
            return Admission(user.identity, user.name)
    elif config.users.owner_of(name) is None:
        table = hub.table_for_code(password)
        if table is not None:
            return new_guest(name, table.id)
        if password in server_codes:
            return new_guest(name, None)
    failures.failed(*keys)
    await asyncio.sleep(FAILURE_DELAY)
    return "that password or code is not right"


class TableServer(asyncssh.SSHServer):
    """One SSH connection: authentication and the requests it may make.

    Keyboard-interactive login (what ``ssh`` asks by default) says on screen
    what to type: an account's password; or, for a name not registered, a
    table's code (a guest at that table) or the server code, after which it
    asks for a new password twice to register the name (both empty: a guest
    this time). Plain password login takes the same answers except the
    registration.
    """

    def __init__(self, hub: Hub, config: ServerConfig, failures: FailureCounter) -> None:
        self.hub, self.config, self.failures = hub, config, failures
        self.address = "?"
        self.admission: Admission | None = None
        self.key_fingerprint: str | None = None
        self.conn: asyncssh.SSHServerConnection | None = None
        self._half_open = False
        self._registering: str | None = None
        self._tries = 0

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        self.config.half_open += 1
        self._half_open = True
        #: Over the cap of connections still logging in: turned away at its first login request,
        #: the first moment the client can be told why.
        self._over = self.config.half_open > self.config.max_half_open

    def _logged_in(self) -> None:
        if self._half_open:
            self._half_open = False
            self.config.half_open -= 1

    def auth_completed(self) -> None:
        self._logged_in()

    def connection_lost(self, exc: Exception | None) -> None:
        self._logged_in()

    def begin_auth(self, username: str) -> bool:
        if self._over:
            assert self.conn is not None
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, BUSY)
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # A listed key is let in whatever the failure counters say: a lockout never refuses a valid key.
        keys = self.config.keys()
        if keys is None or keys.validate(key, self.address, self.address) is None:
            return False
        fingerprint = key.get_fingerprint()
        user = self.config.users.key(fingerprint)
        if user is not None and user.revoked:
            return False
        self.key_fingerprint = fingerprint
        return True

    def password_auth_supported(self) -> bool:
        return True

    async def validate_password(self, username: str, password: str) -> bool:
        result = await admit(
            self.hub, self.config, self.failures, username, password, self.address, self._server_codes()
        )
        if isinstance(result, Admission):
            self.admission = result
            return True
        return False

    def _server_codes(self) -> set[str]:
        return {self.config.table_code} if self.config.table_code else set()

    def kbdint_auth_supported(self) -> bool:
        return True

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> Any:
        # The instructions say it all, and each prompt alone says enough too: ``ssh -q`` hides instructions.
        try:
            name = check_name(username)
        except ValueError as exc:
            said = _("The login name cannot be a player's name: {reason}").format(
                reason=i18n.translate_text(str(exc))
            )
            return (
                "boardgames-tui",
                said + "\n" + _("Connect with another login name: ssh OTHERNAME@host"),
                "",
                [],
            )
        if self.config.users.account(name) is not None:
            said = _("Log in as {name} with your password.").format(name=name)
            prompt = _("Password for {name}: ").format(name=name)
        elif self.config.users.owner_of(name) is not None:
            said = _("The name {name} belongs to a player with a key; connect with another name.").format(
                name=name
            )
            prompt = _("Password for {name}: ").format(name=name)
        else:
            said = _(
                "{name} is not registered on this server. Type a table's code (its creator reads it out) "
                "to sit at that table as a guest, or the server code to register the name {name}."
            ).format(name=name)
            prompt = _("Code (a table's, or the server's to register {name}): ").format(name=name)
        return ("boardgames-tui", said, "", [(prompt, False)])

    def _register_challenge(self, problem: str = "") -> Any:
        assert self._registering is not None
        said = _(
            "Registering {name} on this server: choose a password of your own (at least {count} "
            "characters); you will log in with it from now on. Leave both empty to play as a guest this time."
        ).format(name=self._registering, count=MIN_SECRET)
        return (
            "boardgames-tui",
            (problem + "\n" if problem else "") + said,
            "",
            [
                (
                    _("New password for {name} (empty: play as a guest): ").format(name=self._registering),
                    False,
                ),
                (_("The same password again: "), False),
            ],
        )

    async def validate_kbdint_response(self, username: str, responses: Sequence[str]) -> Any:
        if self._registering is not None:
            if len(responses) != 2:
                return False
            new, again = responses
            if not new and not again:
                self.admission = new_guest(self._registering, None)
                return True
            self._tries += 1
            if new != again:
                return self._tries < 3 and self._register_challenge(_("The two passwords differ."))
            try:
                user = self.config.users.register_account(self._registering, new)
            except (ValueError, OSError) as exc:
                return self._tries < 3 and self._register_challenge(i18n.translate_text(str(exc)))
            log.warning("account registered: %s", user.name)
            self.admission = Admission(user.identity, user.name)
            return True
        if len(responses) != 1:
            return False
        answer = responses[0]
        codes = self._server_codes()
        try:
            name = check_name(username)
        except ValueError:
            return False
        keys = self.failures.keys_for(name, self.address)
        if answer in codes and not self.failures.blocked(*keys) and self.config.users.owner_of(name) is None:
            self._registering = name
            return self._register_challenge()
        return await self.validate_password(username, answer)

    def session_requested(self) -> TableSession:
        admission, problem = self.admission, None
        if self.key_fingerprint is not None and admission is None:
            assert self.conn is not None
            login = self.conn.get_extra_info("username") or ""
            try:
                user = self.config.users.key(self.key_fingerprint) or self.config.users.register_key(
                    self.key_fingerprint, login
                )
                admission = Admission(user.identity, user.name)
            except (ValueError, OSError) as exc:
                problem = (
                    _("boardgames-tui: this key cannot be named {name}: {reason}").format(
                        name=login[:40], reason=i18n.translate_text(str(exc))
                    )
                    + "\r\n"
                    + _("Connect with another login name: ssh OTHERNAME@host")
                )
        return TableSession(self.hub, self.config, admission, self.address, problem)

    # Everything else a connection may ask for is refused by asyncssh's defaults
    # (connection_requested, server_requested, unix_*: False); agent and X11
    # forwarding are switched off in create_server.


class TableSession(asyncssh.SSHServerSession):
    """One interactive session: a pseudo-terminal and the app process behind it."""

    def __init__(
        self,
        hub: Hub,
        config: ServerConfig,
        admission: Admission | None,
        address: str = "?",
        problem: str | None = None,
    ) -> None:
        self.hub, self.config, self.admission, self.address = hub, config, admission, address
        #: Why this session cannot start (written to the client, then it ends), if it cannot.
        self.problem = problem if admission is not None or problem else "boardgames-tui: not logged in"
        self.chan: asyncssh.SSHServerChannel | None = None
        self.term = "xterm-256color"
        self.size = (80, 24)
        self.has_pty = False
        self.master: int | None = None
        self.proc: asyncio.subprocess.Process | None = None
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

    @property
    def identity(self) -> str | None:
        """Who this session is (``key:...``, ``account:...``, ``guest:...``; None: it was refused)."""
        return self.admission.identity if self.admission is not None else None

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
        problem = self.problem
        if self.admission is not None and not problem:
            problem = self.config.full(self.hub, self.admission.identity, self.address)
        if problem:
            self.chan.write((problem + "\r\n").encode())
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
        admission = self.admission
        assert admission is not None
        ours, theirs = socket.socketpair()
        member = self.hub.connect(
            admission.identity,
            admission.name,
            address=self.address,
            table=admission.table,
            guest=admission.guest,
        )
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
) -> tuple[int, asyncio.subprocess.Process]:
    """Start the app of one session on a new pseudo-terminal; returns (its master fd, the process).

    The process gets ``TERM`` from the client, the terminal's size, the
    socket to the hub (as file descriptor ``BOARDGAMES_TUI_HUB_FD``), and
    the same data folder and language. It leads its own session, with the terminal as its
    controlling terminal, so a resize reaches it as SIGWINCH and a hang-up
    ends it.
    """
    master, slave = pty.openpty()
    set_size(master, *size)
    env = {
        k: v for k, v in os.environ.items() if k not in ("COLORTERM", "TEXTUAL_DRIVER", "COLUMNS", "LINES")
    }
    env.update(TERM=term, BOARDGAMES_TUI_HUB_FD=str(sock.fileno()), LANG=env.get("LANG", "C.UTF-8"))
    env.setdefault("LC_ALL", "C.UTF-8")
    env["BOARDGAMES_TUI_LANG"] = i18n.language()  # the session speaks the server's language
    # No animations over the wire: every frame of a smooth scroll is bytes to a remote terminal.
    env.setdefault("TEXTUAL_ANIMATIONS", "none")

    def controlling_terminal() -> None:
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    try:
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "boardgames_tui.serve.session",
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            pass_fds=(sock.fileno(),),
            preexec_fn=controlling_terminal,
        )
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
    hub.background.add(asyncio.ensure_future(watch_revocations(acceptor, hub, config)))
    return acceptor, hub


async def watch_revocations(acceptor: asyncssh.SSHAcceptor, hub: Hub, config: ServerConfig) -> None:
    """While ``acceptor`` serves: each time the users file changes, end the sessions of revoked identities.

    ``boardgames-tui serve users revoke`` (another process) writes that file;
    a session ended so is told why (:data:`REVOKED`) by its own process.
    """
    seen = config.users.mtime()
    while acceptor.is_serving():
        await asyncio.sleep(REVOKE_POLL)
        now = config.users.mtime()
        if now == seen:
            continue
        seen = now
        revoked = config.users.revoked()
        for member in list(hub.members):
            if member.identity in revoked:
                hub.end(member, REVOKED)


def how_to_connect(host: str, port: int, key: asyncssh.SSHKey, config: ServerConfig) -> str:
    """The lines ``serve`` prints at start: fingerprint and the ssh command."""
    shown_host = "localhost" if host in ("127.0.0.1", "::1", "localhost") else host
    lines = [
        _("boardgames-tui SSH table listening on {host}:{port}").format(host=host, port=port),
        _("host key fingerprint: {fingerprint}").format(fingerprint=key.get_fingerprint()),
        _("connect with:  ssh -p {port} YOURNAME@{host}").format(port=port, host=shown_host),
        _("keys allowed: {file}").format(file=config.authorized_keys)
        + ("" if config.keys() is not None else " " + _("(no such file yet)")),
        _("players and accounts: {file} (boardgames-tui serve users list)").format(file=config.users.path),
    ]
    if config.table_code:
        lines.append(_("a new player registers a name with the server code at the first login"))
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
