"""One SSH session's process: the app (lobby, waiting room, the table) for one player or watcher.

Started by the server on the session's own pseudo-terminal
(``python -m boardgames_tui.serve.session``) with a socket to the hub as file
descriptor ``$BOARDGAMES_TUI_HUB_FD``. The hub holds the authoritative
match; this process keeps a replica built from the actions the hub sends,
in order, and draws only ``view(seat)`` of its own seat (``view(None)`` for
a watcher). A choice is sent to the hub and shown once the hub has applied
it and sent it back to everyone at the table.
"""

from __future__ import annotations

import asyncio
import os
import socket
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from boardgames_tui import i18n
from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine import Match, SaveError, seat_letter
from boardgames_tui.engine.match import action_from_json, action_to_json
from boardgames_tui.engine.names import marked_names
from boardgames_tui.games import GAMES
from boardgames_tui.i18n import N_, _
from boardgames_tui.serve import protocol
from boardgames_tui.serve.hub import in_viewer_language
from boardgames_tui.ui.board import BoardContext
from boardgames_tui.ui.footer import StableFooter
from boardgames_tui.ui.game_over import GameOverScreen
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.log_panel import LogPanel
from boardgames_tui.ui.menu import MenuScreen, menu_bindings, open_menu
from boardgames_tui.ui.translated import translated


class HubLink:
    """The session's end of the socket to the hub: ``send`` a message, ``messages()`` to read them."""

    def __init__(self, fd: int) -> None:
        self.sock = socket.socket(fileno=fd)
        self.writer: asyncio.StreamWriter | None = None
        self.reader: asyncio.StreamReader | None = None

    async def open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(sock=self.sock, limit=protocol.MAX_LINE)

    def send(self, message: dict[str, Any]) -> None:
        """Send ``message`` to the hub (queued by the transport; never blocks)."""
        if self.writer is not None and not self.writer.is_closing():
            self.writer.write(protocol.encode(message))

    async def messages(self):
        """Every message from the hub, until it hangs up."""
        assert self.reader is not None
        while True:
            line = await self.reader.readline()
            if not line:
                return
            yield protocol.decode(line)


def rebuild(replica: dict[str, Any]) -> Match:
    """The table's match from the hub's ``match`` field (setup and every action). Raises SaveError."""
    match = Match.new(replica["game"], replica["names"], replica["seed"], replica["options"])
    types = match.spec.action_types
    for seat, raw in replica["actions"]:
        match.play(seat, action_from_json(raw, types))
    return match


def who(names: list[str | None], seat: int) -> str:
    """'A Ana', or 'B (free)' for a seat nobody has taken."""
    name = names[seat]
    return f"{seat_letter(seat)} {name if name is not None else _('(free)')}"


@translated
class LobbyScreen(Screen[None]):
    """The tables (game, options, seats, status); new table, join, watch, close."""

    DEFAULT_CSS = """
    LobbyScreen { layout: vertical; }
    LobbyScreen #lobby-title { padding: 1 2 0 2; text-style: bold; }
    LobbyScreen #lobby-help { padding: 0 2 1 2; color: $text-muted; }
    LobbyScreen #lobby-list { height: 1fr; border: round $accent; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new", N_("New table")),
        Binding("w", "watch", N_("Watch")),
        Binding("c", "close_table", N_("Close table")),
        Binding("q", "quit_app", N_("Quit")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[dict[str, Any]] = []

    def compose(self) -> ComposeResult:
        yield Static(_("boardgames-tui: the tables of this server"), id="lobby-title", markup=False)
        yield Static(
            _("Enter: join (or take your seat back)  n: new table  w: watch  c: close yours"), id="lobby-help"
        )
        yield OptionList(id="lobby-list", markup=False)
        yield StableFooter()

    def on_mount(self) -> None:
        self.show_tables(self.tables)

    def show_tables(self, tables: list[dict[str, Any]]) -> None:
        """Redraw the list from a ``lobby`` message's tables (the highlight stays on the same table)."""
        self.tables = tables
        lst = self.query_one(OptionList)
        keep = lst.highlighted_option.id if lst.highlighted_option is not None else None
        lst.clear_options()
        lst.add_option(Option(_("+ New table"), id="new"))
        for t in tables:
            seats = ", ".join(who(t["seats"], i) for i in range(len(t["seats"])))
            mine = "  " + _("[your seat]") if t["mine"] is not None else ""
            opts = f" ({t['options']})" if t["options"] else ""
            label = Text.assemble(
                (f"{t['id']:<4} {t['title']}{opts}", "bold"),
                f"  {i18n.translate_text(t['status'])}{mine}\n     {seats}",
            )
            lst.add_option(Option(label, id=f"table:{t['id']}"))
        ids = ["new"] + [f"table:{t['id']}" for t in tables]
        lst.highlighted = ids.index(keep) if keep in ids else 0
        lst.focus()

    def _chosen(self) -> str | None:
        opt = self.query_one(OptionList).highlighted_option
        if opt is None or opt.id is None or not opt.id.startswith("table:"):
            return None
        return opt.id.split(":", 1)[1]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id == "new":
            self.action_new()
        elif event.option.id and event.option.id.startswith("table:"):
            session_of(self).link.send({"op": "join", "table": event.option.id.split(":", 1)[1]})

    def action_new(self) -> None:
        self.app.push_screen(NewTableScreen(), self._create)

    def _create(self, choice: tuple[str, int, int] | None) -> None:
        if choice is None:
            return
        game, players, computers = choice

        def send(options: dict[str, Any] | None) -> None:
            if options is not None:
                session_of(self).link.send(
                    {
                        "op": "create",
                        "game": game,
                        "players": players,
                        "computers": computers,
                        "options": options,
                    }
                )

        if GAMES[game].options:
            self.app.push_screen(OptionsScreen(game), send)
        else:
            send({})

    def action_watch(self) -> None:
        table = self._chosen()
        if table is None:
            self.notify(_("Highlight a table to watch it."), severity="warning", timeout=3)
            return
        session_of(self).link.send({"op": "watch", "table": table})

    def action_close_table(self) -> None:
        """Close the highlighted table: at once while it waits for players, after a yes
        (:class:`CloseTableScreen`) once it has a game, which the server then archives."""
        table = self._chosen()
        if table is None:
            self.notify(_("Highlight the table to close."), severity="warning", timeout=3)
            return
        listed = next((t for t in self.tables if t["id"] == table), None)
        if listed is None or not listed.get("creator") or listed["status"].startswith("waiting"):
            session_of(self).link.send({"op": "close", "table": table})  # the hub refuses what it must
            return

        def answer(yes: bool | None) -> None:
            if yes:
                session_of(self).link.send({"op": "close", "table": table, "confirm": True})

        self.app.push_screen(CloseTableScreen(listed), answer)

    def action_quit_app(self) -> None:
        self.app.exit()


@translated
class CloseTableScreen(ModalScreen[bool]):
    """Asks before a table with a game is closed: dismissed with True (``y``) or False (``n``, Escape).

    ``table`` is the table's lobby line (``id``, ``title``, ``status``).
    """

    DEFAULT_CSS = """
    CloseTableScreen { align: center middle; }
    CloseTableScreen #close-box { width: 64; height: auto; border: round $warning; padding: 1 2; }
    """
    BINDINGS: ClassVar = [
        Binding("y", "answer(True)", N_("Close it")),
        Binding("n,escape", "answer(False)", N_("Keep it"), key_display="n"),
    ]

    def __init__(self, table: dict[str, Any]) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        t = self.table
        with Vertical(id="close-box"):
            yield Static(
                _(
                    "Close table {id} ({title}, {status})? Its players go back to the lobby. "
                    "The game is not deleted: the server keeps it in its archive "
                    "(ssh-tables/archive in its data folder)."
                ).format(id=t["id"], title=t["title"], status=i18n.translate_text(t["status"]))
                + "\n\n"
                + _("y: close it   n or Escape: keep playing"),
                markup=False,
            )

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


@translated
class NewTableScreen(ModalScreen["tuple[str, int, int] | None"]):
    """Pick a game and a number of seats, or a game against a computer player (the game's default
    options); dismissed with (game, seats, computer seats), or None (Escape)."""

    DEFAULT_CSS = """
    NewTableScreen { align: center middle; }
    NewTableScreen #new-box { width: 50; height: auto; max-height: 22; border: round $accent; padding: 0 1; }
    NewTableScreen OptionList { height: auto; max-height: 18; border: none; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]

    def compose(self) -> ComposeResult:
        options = []
        for gid, spec in GAMES.items():
            options += [
                Option(_("{title}, {count} players").format(title=spec.title, count=n), id=f"{gid}:{n}:0")
                for n in range(spec.min_players, spec.max_players + 1)
            ]
            options.append(
                Option(_("{title}, you and a computer player").format(title=spec.title), id=f"{gid}:2:1")
            )
        with Vertical(id="new-box"):
            yield Static(_("A new table: which game, how many seats?"), markup=False)
            yield OptionList(*options, id="new-list", markup=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        game, n, computers = str(event.option.id).split(":")
        self.dismiss((game, int(n), int(computers)))

    def action_cancel(self) -> None:
        self.dismiss(None)


@translated
class OptionsScreen(ModalScreen["dict[str, Any] | None"]):
    """A new table's options: Enter on an option steps to its next value; "Make the table" confirms.

    Dismissed with the options (every option of the game, by key), or None
    (Escape). A combination the rules forbid is refused by the server with
    its reason.
    """

    DEFAULT_CSS = """
    OptionsScreen { align: center middle; }
    OptionsScreen #options-box { width: 60; height: auto; border: round $accent; padding: 0 1; }
    OptionsScreen OptionList { height: auto; border: none; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.spec = GAMES[game_id]
        self.values: dict[str, Any] = {k: o.default for k, o in self.spec.options.items()}

    def compose(self) -> ComposeResult:
        with Vertical(id="options-box"):
            yield Static(
                _("{title}: options (Enter changes one)").format(title=self.spec.title), markup=False
            )
            yield OptionList(*self._options(), id="options-list", markup=False)

    def _options(self) -> list[Option]:
        def shown(value: Any) -> str:
            return (_("yes") if value else _("no")) if isinstance(value, bool) else str(value)

        rows = [
            Option(f"{_(o.label)}: {shown(self.values[k])}", id=f"opt:{k}")
            for k, o in self.spec.options.items()
        ]
        return [*rows, Option(_("Make the table"), id="done")]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        key = str(event.option.id)
        if key == "done":
            self.dismiss(dict(self.values))
            return
        name = key.split(":", 1)[1]
        choices = list(self.spec.options[name].choices)
        self.values[name] = choices[(choices.index(self.values[name]) + 1) % len(choices)]
        lst = self.query_one(OptionList)
        index = event.option_index
        lst.clear_options()
        lst.add_options(self._options())
        lst.highlighted = index

    def action_cancel(self) -> None:
        self.dismiss(None)


@translated
class ChatScreen(ModalScreen["str | None"]):
    """The table's recent chat and a line to type one more; Enter sends, Escape closes."""

    DEFAULT_CSS = """
    ChatScreen { align: center bottom; }
    ChatScreen #chat-box { width: 100%; height: auto; border: round $accent; padding: 0 1; }
    ChatScreen #chat-lines { height: auto; max-height: 6; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Close"))]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical(id="chat-box"):
            yield Static("\n".join(self.lines[-5:]) or _("(no chat yet)"), id="chat-lines", markup=False)
            yield Input(
                placeholder=_("say something to the table, Enter sends"), id="chat-input", max_length=120
            )

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


def session_of(node: Any) -> SessionApp:
    """The SSH session app of ``node`` (a mounted screen or widget); TypeError in any other app."""
    app = node.app
    if not isinstance(app, SessionApp):
        raise TypeError(f"{type(app).__name__} is not an SSH session app")
    return app


class TableMixin:
    """What the waiting room and the table share: the chat and the way back to the lobby."""

    chat: list[str]

    def action_chat(self) -> None:
        session_of(self).push_screen(ChatScreen(self.chat), self._said)

    def _said(self, text: str | None) -> None:
        if text and text.strip():
            session_of(self).link.send({"op": "chat", "text": text})

    def heard(self, line: str) -> None:
        """A chat line from the table: kept, and shown for a few seconds."""
        self.chat.append(line)
        self.notify(line, title=_("chat"), timeout=6)  # type: ignore[attr-defined]  # a mixin: the Screen it is put before has notify


@translated
class WaitingScreen(TableMixin, Screen[None]):
    """A table whose seats are not all taken yet: who sits where, the code to share, chat."""

    DEFAULT_CSS = """
    WaitingScreen { layout: vertical; }
    WaitingScreen #wait-text { padding: 1 2; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "chat", N_("Chat")),
        Binding("escape", "lobby", N_("Lobby")),
        Binding("b", "lobby", N_("Lobby"), show=False),
    ]

    def __init__(self, info: dict[str, Any]) -> None:
        super().__init__()
        self.info = info
        self.chat = list(info.get("chat") or [])

    def compose(self) -> ComposeResult:
        yield Static(self.text(), id="wait-text", markup=False)
        yield StableFooter()

    def text(self) -> str:
        info = self.info
        names = info["names"]
        lines = [_("Table {id}: {title}").format(id=info["id"], title=info["title"]), ""]
        lines += [
            f"  {who(names, i)}" + ("  " + _("(you)") if i == info["seat"] else "") for i in range(len(names))
        ]
        lines += [
            "",
            _("Status: {status}. The game starts when every seat is taken.").format(
                status=i18n.translate_text(info["status"])
            ),
        ]
        if info.get("code"):
            lines += [
                _("Table code (a friend without a key logs in with it as the password): {code}").format(
                    code=info["code"]
                )
            ]
        lines += ["", _("t: chat   Escape or b: back to the lobby (your seat is kept)")]
        return "\n".join(lines)

    def action_lobby(self) -> None:
        session_of(self).to_launcher()


#: The menu at a seat of the server: only what works there (the server saves every move; the seats
#: are the players who sat down; "the launcher" of a session is the lobby).
SEAT_MENU_ITEMS = (
    ("resume", N_("Resume")),
    ("rules", N_("Rules")),
    ("lobby", N_("Back to the lobby (your seat is kept)")),
    ("quit", N_("Quit: end this session (your seat is kept; connect again to come back)")),
)


@translated
class SeatMenuScreen(MenuScreen, inherit_bindings=False):
    """The Escape menu at a seat of the server: dismisses with an id of :data:`SEAT_MENU_ITEMS`."""

    ITEMS = SEAT_MENU_ITEMS
    BINDINGS: ClassVar[list[BindingType]] = menu_bindings(SEAT_MENU_ITEMS)


#: The game-over choices at a seat of the server: no "play again" (a new table is made in the lobby).
SEAT_GAME_OVER_CHOICES = (
    ("launcher", N_("Back to the lobby")),
    ("board", N_("Look at the final table (g brings the scores back)")),
    ("quit", N_("Quit")),
)


@translated
class SeatGameOverScreen(GameOverScreen, inherit_bindings=False):
    """The game-over screen at a seat of the server: dismisses with 'launcher' (the lobby), 'board' or 'quit'."""

    CHOICES = SEAT_GAME_OVER_CHOICES
    BINDINGS: ClassVar = [
        Binding("b", "choose('launcher')", N_("Lobby")),
        Binding("q", "choose('quit')", N_("Quit")),
        Binding("g", "choose('board')", N_("Final table")),
        Binding("pagedown", "scroll_table(1)", N_("Scroll"), show=False, priority=True),
        Binding("pageup", "scroll_table(-1)", N_("Scroll"), show=False, priority=True),
        *[
            Binding(str(i + 1), f"choose('{key}')", show=False)
            for i, (key, _) in enumerate(SEAT_GAME_OVER_CHOICES)
        ],
    ]


@translated
class SeatScreen(TableMixin, GameScreen):
    """The game screen bound to one seat (or to none: a watcher) at a table of the hub.

    No curtain and no hand-over: this terminal belongs to one player. What
    that seat alone learns appears as a notice on its own screen; a reaction
    window is the ordinary list of choices (pass or react) on every
    reacting seat's screen; a secret choice is made on each chooser's own
    screen at the same time. Undo and saving are the server's business.
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("t", "chat", N_("Chat"))]

    def __init__(self, match: Match, info: dict[str, Any]) -> None:
        super().__init__(match)
        self.table_id = info["id"]
        self.bound_seat: int | None = info["seat"]
        self.chat = list(info.get("chat") or [])
        #: A choice is on its way to the hub: no list until it comes back.
        self.pending = False
        self._legal_shown: list[Any] = []
        self._over_shown = False
        #: Mounted: moves can be drawn (a move that arrives before only updates the match).
        self._ready = False

    def on_mount(self) -> None:
        """Moves may be drawn from now on (GameScreen.on_mount, which runs next, draws the first)."""
        self._ready = True

    def advance(self) -> None:
        """Show the table as it is now, from this seat's eyes only."""
        state = self.match.state
        seat = self.bound_seat
        self.refresh_bindings()
        if seat is not None and not state.is_terminal:
            news = self._unread_news(seat)
            if news:
                self.seen[seat] = len(state.log)
                for line in news:
                    self.notify(line, title=_("only you see this"), timeout=10)
        self.render_for(seat)
        if state.is_terminal and not self._over_shown:
            self._over_shown = True
            self.app.call_later(session_of(self).game_finished, self.match)

    def render_for(self, seat: int | None) -> None:  # type: ignore[override]  # no choices=False: the hub, not this screen, plays the computer players
        seat = self.bound_seat
        state = self.match.state
        legal = (
            state.legal_actions(seat)
            if seat is not None and not state.is_terminal and not self.pending
            else []
        )
        if legal and legal == self._legal_shown and self.chooser.display:
            # Someone else moved and this seat's choices are the same: keep the list (and a secret mark).
            view = state.view(seat)
            self.board.show(
                BoardContext(
                    view=view,
                    seat=seat,
                    names=self.match.names,
                    legal=legal,
                    stamp=self.stamp,
                    secret=bool(self.spec.hidden_information and state.is_secret_choice(seat)),  # type: ignore[arg-type]  # legal actions listed: seat is set
                )
            )
            self.query_one(LogPanel).show(view.log, self.match.names, seat)
            self.show_status(self.status_text(seat))
            return
        super().render_for(seat)
        self._legal_shown = legal
        if self.pending:
            self.chooser.display = False

    def status_text(self, seat: int | None) -> str:
        state = self.match.state
        if state.is_terminal or (seat is not None and seat in state.to_move and not self.pending):
            return super().status_text(seat)
        waiting = ", ".join(self.who(s) for s in state.to_move if s != seat)
        you = " | " + (_("you are {name}").format(name=self.who(seat)) if seat is not None else _("watching"))
        if self.pending:
            return (
                self.spec.title
                + you
                + ": "
                + _("sent; waiting for {names}").format(names=waiting or _("the table"))
            )
        return self.spec.title + you + ": " + _("waiting for {names}").format(names=waiting)

    def apply_choice(self, seat: int, action: Any) -> None:
        """Send the choice to the hub; the replica changes when the hub sends it back."""
        self.pending = True
        session_of(self).link.send(
            {"op": "play", "n": len(self.match.actions), "action": action_to_json(action)}
        )

    def played(self, n: int, seat: int, raw: Any) -> bool:
        """The hub applied action number ``n`` (``raw``) of ``seat``; False when this replica missed one."""
        if n != len(self.match.actions) + 1:
            return False
        self.match.play(seat, action_from_json(raw, self.spec.action_types))
        if seat == self.bound_seat:
            self.pending = False
        if self._ready:
            self.advance()
        return True

    def refused(self, text: str) -> None:
        """The hub refused this seat's choice: say why and offer the choices again."""
        if self.pending:
            self.pending = False
            self._legal_shown = []
            if self._ready:
                self.advance()
        self.notify(text, title=_("Not allowed"), severity="warning", timeout=5)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("undo", "save"):
            return False
        return super().check_action(action, parameters)

    def action_undo(self) -> None:
        self.notify(_("There is no undo at a shared table."), severity="warning", timeout=3)

    def action_save(self) -> None:
        self.notify(_("The server keeps this table after every move."), timeout=3)

    def action_menu(self) -> None:
        """The menu of a seat of the server (:class:`SeatMenuScreen`), not the program's own."""
        open_menu(self.app, self._after_menu, SeatMenuScreen)

    def _after_menu(self, choice: str | None) -> None:
        if choice == "lobby":
            session_of(self).to_launcher()
        elif choice in ("rules", "quit"):
            super()._after_menu(choice)
        else:
            self.resume()

    def _resume(self) -> None:
        self.advance()


class SessionApp(BoardGamesApp):
    """The app of one SSH session: the lobby first, then a table; everything through the hub."""

    def __init__(self, link: HubLink) -> None:
        super().__init__()
        self.link = link
        self.lobby = LobbyScreen()
        self.player = ""

    def on_mount(self, event: events.Mount) -> None:  # type: ignore[override]  # Textual passes the Mount event to a handler that takes it
        event.prevent_default()  # not the launcher of BoardGamesApp.on_mount
        self.push_screen(self.lobby)
        self.screen_change_signal.subscribe(self, self._screen_changed)
        self.call_after_refresh(self._check_size)
        self.run_worker(self._listen(), exclusive=True, group="hub")

    async def _listen(self) -> None:
        await self.link.open()
        try:
            async for message in self.link.messages():
                self.on_hub(message)
        except (ConnectionError, ValueError):
            pass
        self.exit(message=_("The server hung up."))

    def table_screen(self) -> Screen | None:
        """The waiting room or table screen on the stack, if any."""
        for screen in self.screen_stack:
            if isinstance(screen, (WaitingScreen, SeatScreen)):
                return screen
        return None

    def on_hub(self, message: dict[str, Any]) -> None:
        """Carry out one message from the hub (see :mod:`.protocol`)."""
        message = in_viewer_language(message)
        op = message["op"]
        table = self.table_screen()
        if op == "hello":
            self.player = message["name"]
            title = _("boardgames-tui: the tables of this server. You are {name}.").format(name=self.player)
            if message.get("guest"):  # a guest for this session only, at one table
                title += " " + (
                    _("(a guest at table {table})").format(table=message["table"])
                    if message.get("table")
                    else _("(a guest: one table, this session only)")
                )
            self.lobby.query_one("#lobby-title", Static).update(title)
        elif op == "lobby":
            self.lobby.show_tables(message["tables"])
        elif op == "table":
            self.to_launcher(leave=False)
            if message["match"]:
                try:
                    match = rebuild(message["match"])
                except (SaveError, KeyError, ValueError) as exc:
                    self.notify(_("Cannot show this table: {reason}").format(reason=exc), severity="error")
                    return
                self.push_screen(SeatScreen(match, message))
            else:
                self.push_screen(WaitingScreen(message))
        elif op == "played":
            if isinstance(table, SeatScreen) and not table.played(
                message["n"], message["seat"], message["action"]
            ):
                self.link.send({"op": "sync"})
        elif op == "chat":
            if isinstance(table, TableMixin):
                table.heard(message["line"])
        elif op == "closed":
            kept = (
                " " + _("Its game is kept on the server: {file}.").format(file=message["archived"])
                if message.get("archived")
                else ""
            )
            if table is not None:
                self.to_launcher(leave=False)
                self.notify(
                    _("The table was closed by the player who made it.") + kept,
                    severity="warning",
                    timeout=10,
                )
            else:
                self.notify(_("Table {id} is closed.").format(id=message["table"]) + kept, timeout=10)
        elif op == "taken":
            self.to_launcher(leave=False)
            self.notify(i18n.translate_text(message["text"]), severity="warning", timeout=8)
        elif op == "ended":
            self.exit(message=i18n.translate_text(message["text"]))
        elif op == "error":
            if isinstance(table, SeatScreen) and table.pending:
                table.refused(i18n.translate_text(message["text"]))
            else:
                self.notify(
                    i18n.translate_text(message["text"]),
                    title=_("Not possible"),
                    severity="warning",
                    timeout=5,
                )

    def to_launcher(self, leave: bool = True) -> None:
        """Back to the lobby (the seat stays this player's); ``leave`` tells the hub so."""
        left = False
        while len(self.screen_stack) > 2 and self.screen is not self.lobby:
            left = left or isinstance(self.screen, (WaitingScreen, SeatScreen))
            self.pop_screen()
        if left and leave:
            self.link.send({"op": "leave"})

    def autosave(self, match: Match) -> None:
        """Nothing: the hub saves the table after every action."""

    def game_finished(self, match: Match) -> None:
        """The scores, with the choices of a seat of the server (:class:`SeatGameOverScreen`)."""
        if isinstance(self.screen, GameOverScreen):
            return
        self.push_screen(
            SeatGameOverScreen(
                match.spec.title, match.state.outcome(), marked_names(match.names, match.seats)
            ),
            self._after_game_over,
        )

    def _after_game_over(self, choice: str | None) -> None:
        if choice == "board":
            return
        if choice == "quit":
            self.exit()
        else:
            self.to_launcher()


def main() -> None:
    """Run the session app on this process's terminal, talking to the hub on ``$BOARDGAMES_TUI_HUB_FD``."""
    from boardgames_tui.cli import _choose_language

    fd = int(os.environ["BOARDGAMES_TUI_HUB_FD"])
    # The server's language (its --lang, else its settings, else its LANG), passed on by the server;
    # without it (a session started by hand), this process's own choice.
    _choose_language(os.environ.get("BOARDGAMES_TUI_LANG"))
    app = SessionApp(HubLink(fd))
    app.run()


if __name__ == "__main__":
    main()
