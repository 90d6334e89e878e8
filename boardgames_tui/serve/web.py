"""The browser door of ``boardgames-tui serve --web``: the same lobby and tables through textual-serve.

How a browser session reaches the hub: exactly as an SSH session does. Each
browser tab gets its own session process (``python -m
boardgames_tui.serve.session``) with a private socket pair to the
:class:`~.hub.Hub` (file descriptor ``$BOARDGAMES_TUI_HUB_FD``); only the
terminal differs. Where SSH gives the process a pseudo-terminal, here the
process runs Textual's web driver, which speaks textual-serve's packet
protocol on its standard input and output, and textual-serve's page and
JavaScript (xterm.js) draw it in the browser. Of textual-serve we keep the
page, the scripts, the aiohttp plumbing and the app service that relays
packets between the websocket and the process; we replace only how the
process is started (a fixed command with the hub socket passed on, in its
own process group) and how it is stopped (a tab closed or idle: asked to
quit, then killed after :data:`QUIT_GRACE` seconds).

What that buys: the hub code, the protocol and the session app are the ones
the SSH tests exercise; a crash ends one process; a slow browser only
stops its own relay (its websocket writes wait), its process then blocks on
its own output, and the hub drops it as stuck when its queue fills, as it
does for a slow SSH client.

Who may enter: a name and a code, asked on the entry page (``/``), checked
exactly as an SSH password login (:func:`.server.admit`): a registered
account's own password; or a table's code (a guest bound to that table);
or the server's ``--table-code`` or the web code printed at start (a guest
who may make or join one table). A wrong code counts against the name and
the address block in the counters the SSH door uses, and is answered after
the same delay. The client's address is the connection's, or the
``X-Forwarded-For`` header's when the connection comes from a proxy named
in ``--trusted-proxy``. A good entry gets a ticket that opens one websocket
within :data:`TICKET_TTL` seconds.

What keeps the code and the tab to themselves: the form is sent with POST
(the code travels in the request body, never in an address that a history,
a log or a Referer would keep); ``GET /play`` only sends the browser back to
the form. The websocket is opened only from a page of this server: its
``Origin`` must name the host the browser asked for (``Host``), so another
site's page cannot open a tab's session with a ticket it got hold of. Every
response carries :func:`security_headers`: a Content-Security-Policy that
allows this server's own scripts, styles, fonts and websocket only and no
framing, and the headers that forbid framing, type sniffing and Referers.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import html
import logging
import os
import re
import secrets
import signal
import socket
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server
from yarl import URL

from boardgames_tui import i18n
from boardgames_tui.i18n import _

from .hub import Hub, new_code, serve_member
from .identity import Admission
from .server import TOO_MANY, FailureCounter, ServerConfig, admit, client_address

log = logging.getLogger("boardgames_tui.serve")

#: What the ``Server`` header of every response says: the program, no library and no version.
SERVER_NAME = "boardgames-tui"
#: Seconds a ticket from the entry page may wait for its websocket.
TICKET_TTL = 60.0
#: Seconds a session process has to quit when asked before it is killed.
QUIT_GRACE = 3.0
#: The largest message a browser may send on the websocket (keys, a paste, a resize).
MAX_WS_MESSAGE = 64 * 1024
#: The smallest and largest terminal a browser may ask for, in cells.
MIN_SIZE, MAX_SIZE = 10, 500


class HubAppService(AppService):
    """textual-serve's relay for one browser tab, starting our session process instead of a shell command.

    ``hub_socket`` is the session's end of its socket pair to the hub; it is
    handed to the process (and closed here once the process has it).
    """

    def __init__(self, hub_socket: socket.socket, **kwargs: Any) -> None:
        super().__init__("boardgames-tui web session", **kwargs)
        self.hub_socket = hub_socket

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        env = super()._build_environment(width, height)
        env["BOARDGAMES_TUI_HUB_FD"] = str(self.hub_socket.fileno())
        env["TEXTUAL_DRIVER"] = "boardgames_tui.serve.web_driver:SqueezingWebDriver"  # fewer bytes per frame
        env.setdefault("TEXTUAL_ANIMATIONS", "none")
        env.setdefault("LANG", "C.UTF-8")
        env["BOARDGAMES_TUI_LANG"] = i18n.language()  # the tab speaks as the entry page did
        return env

    async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        try:
            self._process = process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "boardgames_tui.serve.session",
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                env=self._build_environment(width, height),
                pass_fds=(self.hub_socket.fileno(),),
                start_new_session=True,
            )
        finally:
            self.hub_socket.close()
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def run(self) -> None:
        """Relay the process's output to the browser; when the process ends (quit or crash), close the tab's socket."""
        await super().run()
        with contextlib.suppress(ConnectionError, RuntimeError):
            await self.remote_close()

    async def stop(self) -> None:
        """Ask the process to quit; kill its process group if it has not within :data:`QUIT_GRACE` seconds.

        The relay then gets a moment to pass on the process's last output
        and is cancelled if the browser does not take it (a frozen tab).
        """
        task, process = self._task, self._process
        if task is None:
            return
        self._task = None
        with contextlib.suppress(TimeoutError, ConnectionError):
            await asyncio.wait_for(self.send_meta({"type": "quit"}), QUIT_GRACE)
        if process is not None:
            try:
                await asyncio.wait_for(process.wait(), QUIT_GRACE)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(process.pid, signal.SIGKILL)
                await process.wait()
        try:
            await asyncio.wait_for(asyncio.shield(task), 1.0)
        except TimeoutError:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task


def _size(value: Any, default: int) -> int:
    try:
        return max(MIN_SIZE, min(MAX_SIZE, int(value)))
    except (TypeError, ValueError):
        return default


class WebTables(Server):
    """The web server: entry page, textual-serve's page and scripts, one websocket per tab.

    ``hub`` and ``failures`` are the SSH server's; ``code`` is the web code
    (see the module docstring). Build the aiohttp application with
    :meth:`make_app`; :func:`start_web` runs it.
    """

    def __init__(self, hub: Hub, config: ServerConfig, failures: FailureCounter, code: str) -> None:
        super().__init__("boardgames-tui", title="boardgames-tui")
        self.hub, self.config, self.failures, self.code = hub, config, failures, code
        #: ticket -> (who was let in, name, expiry time)
        self.tickets: dict[str, tuple[Admission, str, float]] = {}
        #: The relays of the tabs open now.
        self.services: set[HubAppService] = set()

    def make_app(self) -> web.Application:
        """The aiohttp application: ``/`` entry, ``POST /play`` the game page, ``/ws/{ticket}``, ``/static``.

        Every response (pages, scripts, errors, the websocket's handshake)
        gets :func:`security_headers`.
        """
        app = web.Application()
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path), autoescape=True)
        app.add_routes(
            [
                web.get("/", self.handle_entry, name="entry"),
                web.post("/play", self.handle_play, name="play"),
                web.get("/play", self.handle_play_again, name="play-again"),
                web.get("/ws/{ticket}", self.handle_websocket, name="websocket"),
                web.static("/static", self.statics_path, name="static"),
            ]
        )
        scripts = page_script_hashes(self.templates_path / "app_index.html")

        async def add_headers(request: web.Request, response: web.StreamResponse) -> None:
            response.headers.update(security_headers(request.host, scripts))
            response.headers["Server"] = SERVER_NAME  # not aiohttp's name and version

        app.on_response_prepare.append(add_headers)
        app.on_shutdown.append(self._close_all)
        return app

    # ---- entry -------------------------------------------------------------------

    def _codes(self) -> set[str]:
        return {c for c in (self.code, self.config.table_code) if c}

    def entry_page(self, name: str = "", code: str = "", problem: str = "") -> str:
        """The entry form (name and code) as HTML, with ``problem`` shown above it.

        In the server's language (``--lang``, else its settings, else its
        ``LANG``), as the app inside the tab is.
        """
        e = html.escape
        intro, name_label = (
            _("The same tables as the SSH players, in your browser."),
            _("Your name at the table"),
        )
        code_label, enter = _("Code (the server's, or a table's code from its creator)"), _("Enter")
        said = f'<p class="problem">{e(problem)}</p>' if problem else ""
        return f"""<!DOCTYPE html>
<html lang="{e(i18n.language())}"><head><meta charset="utf-8"><title>boardgames-tui</title>
<style>
body {{ background: #0c181f; color: #eee; font-family: monospace; display: flex; justify-content: center; }}
form {{ margin-top: 10vh; background: #12232d; padding: 2em 3em; }}
label {{ display: block; margin: 1em 0 0.3em; }}
input {{ font: inherit; padding: 0.3em; width: 20em; }}
button {{ font: inherit; margin-top: 1.5em; padding: 0.5em 2em; }}
.problem {{ color: #ff8080; }}
</style></head>
<body><form action="play" method="post">
<h1>boardgames-tui</h1>
<p>{e(intro)}</p>
{said}
<label for="name">{e(name_label)}</label>
<input id="name" name="name" maxlength="40" required autofocus value="{e(name)}">
<label for="code">{e(code_label)}</label>
<input id="code" name="code" required value="{e(code)}">
<br><button type="submit">{e(enter)}</button>
</form></body></html>"""

    def _address(self, request: web.Request) -> str:
        return client_address(
            request.remote or "?", request.headers.getall("X-Forwarded-For", []), self.config
        )

    async def handle_entry(self, request: web.Request) -> web.Response:
        """The entry form, empty (a code is typed, never carried in the address)."""
        return web.Response(text=self.entry_page(), content_type="text/html")

    async def handle_play_again(self, request: web.Request) -> web.Response:
        """``GET /play`` (a reload, the page's Restart button): back to the entry form; nothing in the query is read."""
        raise web.HTTPSeeOther("/")

    async def handle_play(self, request: web.Request) -> web.Response:
        """Check name and code (the POSTed form); the game page with a fresh ticket, or the form again with the reason."""
        address = self._address(request)
        form = await request.post()
        name, code = str(form.get("name", "")), str(form.get("code", ""))
        who = await admit(self.hub, self.config, self.failures, name, code, address, self._codes())
        if isinstance(who, str):
            return web.Response(
                status=429 if who == TOO_MANY else 403,
                text=self.entry_page(name, "", i18n.translate_text(who)),
                content_type="text/html",
            )
        name = who.name
        full = self.config.full(self.hub, who.identity, address)
        if full:
            return web.Response(status=503, text=self.entry_page(name, "", full), content_type="text/html")
        now = time.monotonic()
        self.tickets = {t: v for t, v in self.tickets.items() if v[2] > now}
        ticket = secrets.token_urlsafe(24)
        self.tickets[ticket] = (who, name, now + TICKET_TTL)
        scheme = "wss" if request.secure or request.headers.get("X-Forwarded-Proto") == "https" else "ws"
        context = {
            "font_size": _size(form.get("fontsize"), 16),
            "app_websocket_url": f"{scheme}://{request.host}/ws/{ticket}",
            "config": {"static": {"url": "/static/"}},
            "application": {"name": f"boardgames-tui: {name}"},
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        response.headers["Cache-Control"] = "no-store"  # each load needs its own ticket
        return response

    # ---- one tab -------------------------------------------------------------------

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One browser tab: its session process, the hub's member, the relay both ways, the idle timeout.

        Refused (403) unless its ``Origin`` is this server (:func:`same_origin`) and its ticket is fresh.
        """
        if not same_origin(request.headers.get("Origin"), request.host):
            raise web.HTTPForbidden(text="this page may only be opened from the server's own address")
        entry = self.tickets.pop(request.match_info["ticket"], None)
        if entry is None or entry[2] < time.monotonic():
            raise web.HTTPForbidden(text="this page has expired; load it again")
        who, name, _expiry = entry
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_WS_MESSAGE)
        await websocket.prepare(request)
        width = _size(request.query.get("width"), 80)
        height = _size(request.query.get("height"), 24)
        ours, theirs = socket.socketpair()
        member = self.hub.connect(
            who.identity, name, address=self._address(request), table=who.table, guest=who.guest
        )
        service = HubAppService(
            theirs,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager,
        )
        loop = asyncio.get_running_loop()
        idle: list[asyncio.TimerHandle] = []

        def touch() -> None:
            for handle in idle:
                handle.cancel()
            idle.clear()
            if self.config.idle_timeout > 0:
                idle.append(
                    loop.call_later(
                        self.config.idle_timeout, lambda: asyncio.ensure_future(websocket.close())
                    )
                )

        relay: asyncio.Task | None = None
        try:
            try:
                await service.start(width, height)
            except OSError as exc:
                log.error("cannot start a web session: %s", exc)
                return websocket
            self.services.add(service)
            reader, writer = await asyncio.open_connection(sock=ours, limit=8 * 1024 * 1024)
            relay = asyncio.ensure_future(serve_member(self.hub, member, reader, writer))
            touch()
            await self._messages(websocket, service, touch)
        finally:
            for handle in idle:
                handle.cancel()
            await service.stop()
            self.services.discard(service)
            if relay is not None:
                try:
                    await asyncio.wait_for(relay, QUIT_GRACE)
                except TimeoutError:
                    relay.cancel()
            else:
                ours.close()
            self.hub.disconnect(member)
            if not websocket.closed:
                await websocket.close()
        return websocket

    async def _messages(self, websocket: web.WebSocketResponse, service: HubAppService, touch: Any) -> None:
        """What the page sends: keys (``stdin``), ``resize``, ``ping``, ``focus``/``blur``; anything else is ignored."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = message.json()
                kind, data = envelope[0], envelope[1]
            except (ValueError, TypeError, IndexError, KeyError):
                continue
            if kind == "stdin" and isinstance(data, str):
                touch()
                if not await service.send_bytes(data.encode("utf-8", "replace")):
                    return
            elif kind == "resize" and isinstance(data, dict):
                await service.set_terminal_size(_size(data.get("width"), 80), _size(data.get("height"), 24))
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "focus":
                await service.focus()
            elif kind == "blur":
                await service.blur()

    async def _close_all(self, app: web.Application) -> None:
        for service in list(self.services):
            await service.stop()


async def start_web(
    host: str, port: int, hub: Hub, config: ServerConfig, failures: FailureCounter, code: str | None = None
) -> tuple[web.AppRunner, int, WebTables]:
    """Start the web server on ``host``:``port`` (0: a free port) beside the SSH server.

    Returns the runner (``await runner.cleanup()`` stops it), the port, and
    the :class:`WebTables` (its ``code`` is the web code: ``code``, else the
    server's table code, else a new one). Raises OSError if the port is taken.
    """
    tables = WebTables(hub, config, failures, code or config.table_code or new_code())
    runner = web.AppRunner(tables.make_app(), handle_signals=False, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    try:
        await site.start()
    except BaseException:
        await runner.cleanup()
        raise
    server = site._server
    sockets = getattr(server, "sockets", None) or []
    actual = sockets[0].getsockname()[1] if sockets else port
    return runner, actual, tables


def web_url(host: str, port: int) -> str:
    """The address printed at start: the entry page (the web code is printed beside it, not in it)."""
    shown = "localhost" if host in ("127.0.0.1", "::1", "localhost") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def same_origin(origin: str | None, host: str) -> bool:
    """Whether a websocket's ``Origin`` header names ``host`` (the request's ``Host``: name and port).

    A missing or malformed Origin is refused: every browser sends one with a
    websocket handshake. Behind a reverse proxy, the proxy must pass the
    browser's ``Host`` on.
    """
    if not origin or not host:
        return False
    try:
        seen = URL(origin)
        asked = URL(f"{seen.scheme}://{host}")
    except ValueError:
        return False
    return (
        seen.scheme in ("http", "https")
        and seen.host is not None
        and seen.host == asked.host
        and seen.port == asked.port
    )


def _csp_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def page_script_hashes(template: Path) -> list[str]:
    """The CSP hashes of textual-serve's game page's own script: its inline ``<script>`` blocks
    and its ``onClick`` handlers (read from the template file ``template``; none if it cannot be read)."""
    try:
        text = template.read_text(encoding="utf-8")
    except OSError:
        return []
    blocks = re.findall(r"<script>(.*?)</script>", text, re.DOTALL)
    handlers = re.findall(r'onClick="([^"]*)"', text, re.IGNORECASE)
    sources = [_csp_hash(b) for b in blocks]
    if handlers:  # the page's buttons call its script from an attribute: allowed by the handler's hash
        sources += ["'unsafe-hashes'", *sorted({_csp_hash(h) for h in handlers})]
    return sources


def security_headers(host: str, scripts: list[str]) -> dict[str, str]:
    """The headers every response of the web door carries.

    ``host`` is the request's ``Host`` (the websocket is allowed to it only);
    ``scripts`` the CSP sources of the page's inline scripts
    (:func:`page_script_hashes`). Nothing is loaded from another site (the
    page's Google Fonts link is refused; the browser's monospace font is
    used), and no page may be framed.
    """
    sockets = f" ws://{host} wss://{host}" if host and re.fullmatch(r"[A-Za-z0-9.:\[\]-]+", host) else ""
    policy = "; ".join(
        [
            "default-src 'none'",
            "script-src 'self' " + " ".join(scripts),
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data:",
            "font-src 'self' data:",
            "connect-src 'self'" + sockets,
            "form-action 'self'",
            "base-uri 'none'",
            "frame-ancestors 'none'",
        ]
    )
    return {
        "Content-Security-Policy": policy,
        "X-Frame-Options": "DENY",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
    }
