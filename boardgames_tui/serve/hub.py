"""The tables of the SSH server: one authoritative :class:`~boardgames_tui.engine.Match` each.

A :class:`Table` is made by a player (its creator) with a game, options and a
number of seats. Players join free seats; the match starts when every seat
is taken (the match's names are the seated players' names). Each seat is
owned by an *identity* (``key:<fingerprint>``, ``account:<folded name>`` or
``guest:<token>``, see :mod:`.identity`): the same identity coming back gets
the same seat, and no other identity can sit on it, see it or close its
table, whatever name it plays under. A guest is bound to one table (the one
whose code let it in, or the first it makes or joins) and sees only that
table in its lobby. A seat has one session at a time: when a second session
of the same identity sits down, it takes the seat and the older one is told
(``taken``) and sent back to the lobby.

Every change (a seat taken, an action, a chat line) is saved at once to
``<data folder>/ssh-tables/<id>.json``: the setup, the seat owners and the
match in the save format of :mod:`boardgames_tui.engine.match` (so pending
secret choices are not written: after a restart those seats choose again).
A closed table that had a game is moved to ``ssh-tables/archive/`` rather
than deleted (:meth:`Hub.archive`).

The hub never waits on a session: each :class:`Member` has an outgoing
queue drained by its own task; a member whose queue overflows (a stuck
session) is dropped, so one slow terminal never holds up the others.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from boardgames_tui.engine import IllegalAction, Match, SaveError, seat_letter
from boardgames_tui.engine.match import action_from_json, action_to_json, atomic_write, data_dir
from boardgames_tui.engine.names import without_controls
from boardgames_tui.games import GAMES
from boardgames_tui.i18n import N_, _, shapes

from . import protocol
from .identity import fold

log = logging.getLogger("boardgames_tui.serve")

#: The texts the hub sends itself (a table's status, its refusals), marked for
#: translation. The hub serves sessions in different languages, so it sends English;
#: each session translates a text by its shape when it shows it
#: (``boardgames_tui.i18n.translate_text``), as it does the rules' texts.
TEXTS = shapes(
    N_("waiting for 1 player"),
    N_("waiting for {count} players"),
    N_("playing"),
    N_("over"),
    N_("unknown request {request}"),
    N_("that request is not understood"),
    N_("there is no such table (it may have been closed)"),
    N_("unknown game {game}"),
    N_("a table needs at least one seat for a person"),
    N_("every seat at this table is taken; you can watch"),
    N_("a player named {name} already sits at this table"),
    N_("you have no seat in a game being played"),
    N_("the table moved on before your choice arrived; look again"),
    N_("chat is for the players and watchers of a table"),
    N_("only the player who made this table can close it"),
    N_("a guest plays at one table only: the one its code is for"),
    N_("Your seat was taken by a newer session of yours; this one is back in the lobby."),
    N_("this table is being played: confirm to close it (its game is kept in the archive)"),
    N_("the table could not be archived, so it stays open"),
    N_("the table's setup does not fit its game"),
)

#: The name of a seat the hub's computer player takes ("Computer B"). It is stored in the
#: table and its match in English, so a save reads the same in either language; each session
#: shows it in its own language (:func:`in_viewer_language`). A name a player typed is never
#: translated: only the seats the message lists as ``computers`` are renamed.
COMPUTER_NAME = N_("Computer {seat}")


def shown_names(names: list[str | None], computers: list[int]) -> list[str | None]:
    """``names`` with each seat of ``computers`` named in the current language ("Ordenador B").

    A translated name that another seat already has keeps its stored
    (English) form, so two seats never read the same.
    """
    out = list(names)
    for seat in computers:
        if 0 <= seat < len(out):
            name = _(COMPUTER_NAME).format(seat=seat_letter(seat))
            if name not in out:
                out[seat] = name
    return out


def in_viewer_language(message: dict[str, Any]) -> dict[str, Any]:
    """A ``lobby`` or ``table`` message from the hub with the computer seats' names in the session's language.

    The hub sends English (its sessions may speak different languages);
    the session calls this on each message before it shows it. Other
    messages, and messages without a ``computers`` list, come back as they are.
    """
    op = message.get("op")
    if op == "lobby":
        tables = [
            {**t, "seats": shown_names(t["seats"], t["computers"])} if t.get("computers") else t
            for t in message.get("tables") or []
        ]
        return {**message, "tables": tables}
    if op == "table" and message.get("computers"):
        out = {**message, "names": shown_names(message["names"], message["computers"])}
        if message.get("match"):
            out["match"] = {
                **message["match"],
                "names": shown_names(message["match"]["names"], message["computers"]),
            }
        return out
    return message


#: How many chat lines a table keeps.
CHAT_KEEP = 50
#: The longest chat line, in characters.
CHAT_MAX = 120
#: Messages waiting for one session before it is dropped as stuck.
QUEUE_MAX = 1000
#: The level of the computer players a table may seat (decides in milliseconds, in a thread).
BOT_LEVEL = "greedy"
#: The owner of a seat held by a computer player.
BOT_OWNER = "bot:" + BOT_LEVEL


def tables_dir() -> Path:
    """Where the tables are kept: ``<data folder>/ssh-tables``."""
    return data_dir() / "ssh-tables"


#: The folder, inside the tables' folder, where closed tables that had a game are kept.
ARCHIVE = "archive"


def new_code() -> str:
    """A table code: eight letters and digits a creator can read out (no 0/O, 1/l)."""
    alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
    return "".join(secrets.choice(alphabet) for _ in range(8))


@attrs.define(eq=False)
class Member:
    """One connected session as the hub sees it.

    ``identity`` says who it is (see the module docstring), ``name`` the
    name it plays under; ``table``/``seat`` where it sits (seat None: a
    spectator). ``send`` never blocks: it queues.
    """

    identity: str
    name: str
    queue: asyncio.Queue = attrs.field(factory=lambda: asyncio.Queue(QUEUE_MAX))
    table: str | None = None
    seat: int | None = None
    dropped: bool = False
    #: The client's address (for the per-address cap).
    address: str = "?"
    #: A guest: the one table it may see and sit at (None: not bound yet).
    guest: bool = False
    bound: str | None = None

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message``; a full queue marks the member dropped (its session is stuck)."""
        if self.dropped:
            return
        try:
            self.queue.put_nowait(protocol.encode(message))
        except asyncio.QueueFull:
            self.dropped = True
            self.queue = asyncio.Queue(1)
            self.queue.put_nowait(None)  # tells the writer task to hang up

    def hang_up(self) -> None:
        """End this member's session once what is queued has gone out."""
        try:
            self.queue.put_nowait(None)
        except asyncio.QueueFull:
            self.dropped = True
            self.queue = asyncio.Queue(1)
            self.queue.put_nowait(None)


@attrs.define(eq=False)
class Table:
    """One table: setup, seat owners and names, the match once every seat is taken, chat."""

    id: str
    game_id: str
    players: int
    options: dict[str, Any]
    seed: int
    creator: str
    code: str
    owners: list[str | None]
    names: list[str | None]
    match: Match | None = None
    chat: list[str] = attrs.field(factory=list)
    created: float = attrs.field(factory=time.time)

    @property
    def status(self) -> str:
        """'waiting for 1 player', 'playing', or 'over'."""
        if self.match is None:
            free = self.names.count(None)
            return f"waiting for {free} player{'s' if free != 1 else ''}"
        return "over" if self.match.state.is_terminal else "playing"

    @property
    def computers(self) -> list[int]:
        """The seats the hub's computer player plays, in order."""
        return [seat for seat, owner in enumerate(self.owners) if owner == BOT_OWNER]

    def listing(self, identity: str) -> dict[str, Any]:
        """The lobby's line for this table, as seen by ``identity``."""
        spec = GAMES[self.game_id]
        shown = {
            k: v
            for k, v in self.options.items()
            if spec.options.get(k) is None or v != spec.options[k].default
        }
        return {
            "id": self.id,
            "game": self.game_id,
            "title": spec.title,
            "options": ", ".join(f"{k}={v}" for k, v in shown.items()),
            "seats": [n for n in self.names],
            "status": self.status,
            "mine": self.owners.index(identity) if identity in self.owners else None,
            "computers": self.computers,
            "creator": self.creator == identity,
        }

    def to_dict(self) -> dict[str, Any]:
        """What is written to the table's file."""
        return {
            "id": self.id,
            "game": self.game_id,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "creator": self.creator,
            "code": self.code,
            "owners": self.owners,
            "names": self.names,
            "chat": self.chat,
            "created": self.created,
            "match": self.match.to_dict() if self.match is not None else None,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Table:
        """A table back from its file. Raises SaveError, KeyError, TypeError or ValueError for a bad file."""
        match = Match.from_dict(data["match"]) if data.get("match") is not None else None
        table = cls(
            id=str(data["id"]),
            game_id=str(data["game"]),
            players=int(data["players"]),
            options=dict(data["options"]),
            seed=int(data["seed"]),
            creator=str(data["creator"]),
            code=str(data["code"]),
            owners=list(data["owners"]),
            names=list(data["names"]),
            match=match,
            chat=[str(x) for x in data.get("chat", [])][-CHAT_KEEP:],
            created=float(data.get("created", 0)),
        )
        if (
            table.game_id not in GAMES
            or len(table.owners) != table.players
            or len(table.names) != table.players
        ):
            raise ValueError("the table's setup does not fit its game")
        return table

    def replica(self) -> dict[str, Any]:
        """Everything a session needs to rebuild the match: setup and every action so far, in order."""
        m = self.match
        if m is None:
            return {}
        return {
            "game": m.game_id,
            "names": list(m.names),
            "seed": m.seed,
            "options": m.options,
            "actions": [[s, action_to_json(a)] for s, a in m.actions],
        }


class Hub:
    """All tables, all connected members, and what each message from a session does.

    ``folder`` is where tables are saved (None: :func:`tables_dir`).
    ``table_codes()`` lists the codes that admit a password login.
    """

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or tables_dir()
        self.tables: dict[str, Table] = {}
        self.members: set[Member] = set()
        #: Tables whose computer player is thinking, and the tasks thinking.
        self._thinking: set[str] = set()
        #: Tasks that run beside the hub (the server's watch for revocations).
        self.background: set[asyncio.Future] = set()
        self._thinkers: set[asyncio.Task[None]] = set()

    # ---- persistence -------------------------------------------------------

    def load(self) -> list[str]:
        """Read every saved table; returns one line per file that could not be read (left in place)."""
        problems: list[str] = []
        if not self.folder.is_dir():
            return problems
        for path in sorted(self.folder.glob("*.json")):
            try:
                table = Table.from_dict(json.loads(path.read_text(encoding="utf-8")))
            except (OSError, SaveError, KeyError, TypeError, ValueError) as exc:
                problems.append(f"{path.name}: {exc}")
                continue
            self.tables[table.id] = table
        return problems

    def save(self, table: Table) -> None:
        """Write ``table`` to its file (atomically)."""
        try:
            atomic_write(self.folder / f"{table.id}.json", json.dumps(table.to_dict(), ensure_ascii=False))
        except OSError as exc:
            log.error("could not save table %s: %s", table.id, exc)

    def table_codes(self) -> set[str]:
        """The codes of the tables not over (each admits a guest to its own table)."""
        return {t.code for t in self.tables.values() if t.status != "over"}

    def table_for_code(self, code: str) -> Table | None:
        """The table (not over) whose code is ``code``, if any (compared in constant time)."""
        found = None
        for table in self.tables.values():
            if secrets.compare_digest(table.code.encode(), code.encode()) and table.status != "over":
                found = table
        return found

    # ---- members ------------------------------------------------------------

    def connect(
        self, identity: str, name: str, address: str = "?", table: str | None = None, guest: bool = False
    ) -> Member:
        """A session joins the server; it is sent its greeting and the lobby.

        ``guest``: a guest session, bound to ``table`` if given (see the module docstring).
        """
        member = Member(identity, name, address=address, guest=guest, bound=table)
        self.members.add(member)
        member.send({"op": "hello", "name": name, "identity": identity, "guest": guest, "table": table})
        member.send(self.lobby(member))
        # Back after a lost connection: straight to the one game it has a seat in.
        mine = [t for t in self.tables.values() if identity in t.owners and t.status != "over"]
        if len(mine) == 1:
            self._sit(member, mine[0], mine[0].owners.index(identity))
        return member

    def disconnect(self, member: Member) -> None:
        """A session is gone (its seat stays its owner's; a guest's seat at a table not started is freed)."""
        if member not in self.members:
            return
        self.members.discard(member)
        member.table = None
        if member.guest:
            for table in list(self.tables.values()):
                if table.match is None and member.identity in table.owners:
                    seat = table.owners.index(member.identity)
                    table.owners[seat], table.names[seat] = None, None
                    others = [o for o in table.owners if o not in (None, BOT_OWNER)]
                    if table.creator == member.identity and not others:
                        # Nobody is left who could start or close it: it goes (no game, nothing to archive).
                        del self.tables[table.id]
                        for m in self._at(table):
                            m.table, m.seat = None, None
                            m.send({"op": "closed", "table": table.id, "archived": None})
                        try:
                            (self.folder / f"{table.id}.json").unlink(missing_ok=True)
                        except OSError as exc:
                            log.error("could not remove table %s: %s", table.id, exc)
                        self._lobby_changed()
                        continue
                    self.save(table)
                    for m in self._at(table):
                        self._send_table(m, table)
                    self._lobby_changed()

    def end(self, member: Member, text: str) -> None:
        """End ``member``'s session: it is sent ``ended`` with ``text`` (shown as it ends), then hung up."""
        member.send({"op": "ended", "text": text})
        member.hang_up()

    def lobby(self, member: Member) -> dict[str, Any]:
        """The ``lobby`` message for ``member``: every table, newest last."""
        tables = sorted(self.tables.values(), key=lambda t: t.created)
        if member.guest and member.bound is not None:
            tables = [t for t in tables if t.id == member.bound]
        return {"op": "lobby", "tables": [t.listing(member.identity) for t in tables]}

    def _lobby_changed(self) -> None:
        for m in list(self.members):
            m.send(self.lobby(m))

    def _at(self, table: Table) -> list[Member]:
        return [m for m in self.members if m.table == table.id]

    def _send_table(self, member: Member, table: Table) -> None:
        member.send(
            {
                "op": "table",
                "id": table.id,
                "title": GAMES[table.game_id].title,
                "seat": member.seat,
                "names": table.names,
                "computers": table.computers,
                "status": table.status,
                "creator": table.creator == member.identity,
                "code": table.code if table.creator == member.identity else None,
                "chat": table.chat[-5:],
                "match": table.replica(),
            }
        )

    # ---- what a session asks for ----------------------------------------------

    def handle(self, member: Member, message: dict[str, Any]) -> None:
        """Carry out one message from ``member``; problems go back to it as an ``error``."""
        op = message.get("op")
        handler: Callable[[Member, dict[str, Any]], None] | None = getattr(self, f"_op_{op}", None)
        if handler is None:
            member.send({"op": "error", "text": f"unknown request {str(op)[:20]!r}"})
            return
        try:
            handler(member, message)
        except (KeyError, TypeError, ValueError) as exc:
            member.send({"op": "error", "text": str(exc)[:200] or "that request is not understood"})

    def _table(self, message: dict[str, Any], member: Member | None = None) -> Table:
        table = self.tables.get(str(message.get("table")))
        if table is None or (member is not None and member.bound not in (None, table.id)):
            raise ValueError("there is no such table (it may have been closed)")
        return table

    def _op_create(self, member: Member, message: dict[str, Any]) -> None:
        if member.guest and (
            member.bound is not None or any(member.identity in t.owners for t in self.tables.values())
        ):
            raise ValueError("a guest plays at one table only: the one its code is for")
        game_id = str(message["game"])
        if game_id not in GAMES:
            raise ValueError(f"unknown game {game_id[:30]!r}")
        spec = GAMES[game_id]
        players = int(message["players"])
        computers = int(message.get("computers") or 0)
        if not 0 <= computers < players:
            raise ValueError("a table needs at least one seat for a person")
        options = spec.check_options(players, dict(message.get("options") or {}))
        seed = secrets.randbelow(10**9)
        spec.rules.new_game(players=players, seed=seed, **options)  # a forbidden setup fails here
        n = 1
        while f"t{n}" in self.tables:
            n += 1
        table = Table(
            id=f"t{n}",
            game_id=game_id,
            players=players,
            options=options,
            seed=seed,
            creator=member.identity,
            code=new_code(),
            owners=[None] * (players - computers) + [BOT_OWNER] * computers,
            names=[None] * (players - computers)
            + [COMPUTER_NAME.format(seat=seat_letter(s)) for s in range(players - computers, players)],
        )
        self.tables[table.id] = table
        self._sit(member, table, 0)
        self.save(table)
        self._lobby_changed()

    def _op_join(self, member: Member, message: dict[str, Any]) -> None:
        table = self._table(message, member)
        if member.identity in table.owners:
            self._sit(member, table, table.owners.index(member.identity))
            return
        if table.match is not None or None not in table.owners:
            raise ValueError("every seat at this table is taken; you can watch")
        if member.guest and any(member.identity in t.owners for t in self.tables.values()):
            raise ValueError("a guest plays at one table only: the one its code is for")
        if fold(member.name) in {fold(n) for n in table.names if n is not None}:
            raise ValueError(f"a player named {member.name} already sits at this table")
        self._sit(member, table, table.owners.index(None))
        self.save(table)
        self._lobby_changed()

    def _sit(self, member: Member, table: Table, seat: int) -> None:
        if member.guest:
            member.bound = table.id
        for other in list(self.members):
            # One session per seat: the newer one takes it, the older one goes back to the lobby.
            if other is not member and other.identity == member.identity and other.table == table.id:
                if other.seat is None:
                    continue
                other.table, other.seat = None, None
                other.send(
                    {
                        "op": "taken",
                        "text": "Your seat was taken by a newer session of yours; this one is back in the lobby.",
                    }
                )
                other.send(self.lobby(other))
        if table.owners[seat] is None:
            table.owners[seat] = member.identity
            table.names[seat] = member.name
            if None not in table.names:
                table.match = Match.new(
                    table.game_id, [str(n) for n in table.names], table.seed, table.options
                )
                member.table, member.seat = table.id, seat
                for m in self._at(table):
                    self._send_table(m, table)
                self.computers_play(table)
                return
            for m in self._at(table):
                self._send_table(m, table)
        member.table, member.seat = table.id, seat
        self._send_table(member, table)

    def _op_watch(self, member: Member, message: dict[str, Any]) -> None:
        table = self._table(message, member)
        member.table, member.seat = table.id, None
        self._send_table(member, table)

    def _op_leave(self, member: Member, message: dict[str, Any]) -> None:
        member.table, member.seat = None, None
        member.send(self.lobby(member))

    def _op_sync(self, member: Member, message: dict[str, Any]) -> None:
        if member.table in self.tables:
            self._send_table(member, self.tables[member.table])

    def _op_play(self, member: Member, message: dict[str, Any]) -> None:
        table = self.tables.get(str(member.table))
        if table is None or table.match is None or member.seat is None:
            raise ValueError("you have no seat in a game being played")
        match = table.match
        if int(message["n"]) != len(match.actions):
            raise ValueError("the table moved on before your choice arrived; look again")
        try:
            action = action_from_json(message["action"], match.spec.action_types)
            match.play(member.seat, action)
        except (IllegalAction, SaveError) as exc:
            raise ValueError(str(exc)) from None
        self._played(table, member.seat, message["action"])

    def _played(self, table: Table, seat: int, raw: Any) -> None:
        """Tell everyone at ``table`` about the action just applied; save; let computer players move."""
        match = table.match
        assert match is not None
        played = {"op": "played", "n": len(match.actions), "seat": seat, "action": raw}
        for m in self._at(table):
            m.send(played)
        self.save(table)
        if match.state.is_terminal:
            self._lobby_changed()
        self.computers_play(table)

    # ---- computer players ------------------------------------------------------

    def computers_play(self, table: Table) -> None:
        """Start the decision of a computer seat that must decide now (one at a time per table).

        The bot decides from ``view(seat)`` in a thread; its action is applied
        only if the table has not moved on meanwhile (then it thinks again).
        """
        match = table.match
        if match is None or match.state.is_terminal or table.id in self._thinking:
            return
        seats = [s for s in match.state.to_move if table.owners[s] == BOT_OWNER]
        if not seats:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a unit test driving the hub directly)
            return
        self._thinking.add(table.id)
        task = loop.create_task(self._think(table, seats[0]))
        self._thinkers.add(task)  # held until done (the loop keeps only a weak reference)
        task.add_done_callback(self._thinkers.discard)

    async def _think(self, table: Table, seat: int) -> None:
        from boardgames_tui.bots.base import decide
        from boardgames_tui.bots.factory import make_bot

        match = table.match
        assert match is not None
        try:
            n, state = len(match.actions), match.state
            rnd = random.Random(f"{table.seed}:{n}:{seat}")
            action = await asyncio.to_thread(decide, state, seat, make_bot(BOT_LEVEL, table.game_id), rnd)
            if table.id in self.tables and len(match.actions) == n:
                match.play(seat, action)
                self._played(table, seat, action_to_json(action))
        except Exception:  # a bot's mistake must not end the server
            log.exception("computer player of table %s, seat %s", table.id, seat)
        finally:
            self._thinking.discard(table.id)
        if table.id in self.tables:
            self.computers_play(table)

    def _op_chat(self, member: Member, message: dict[str, Any]) -> None:
        table = self.tables.get(str(member.table))
        if table is None:
            raise ValueError("chat is for the players and watchers of a table")
        text = " ".join(without_controls(str(message["text"])).split())[:CHAT_MAX]
        if not text:
            return
        who = f"{member.name}" if member.seat is not None else f"{member.name} (watching)"
        line = f"{who}: {text}"
        table.chat = [*table.chat, line][-CHAT_KEEP:]
        for m in self._at(table):
            m.send({"op": "chat", "line": line})
        self.save(table)

    def _op_close(self, member: Member, message: dict[str, Any]) -> None:
        """Close a table (its creator only).

        A table still waiting for players (no game yet, so no move) is closed
        at once and its file removed. A table with a game (playing or over)
        is closed only with ``confirm`` true in the message, and its file is
        moved to the archive (:meth:`archive`), never deleted; everyone at it
        and the closer are told where it went (``archived``: the file's path
        under the data folder).
        """
        table = self._table(message, member)
        if table.creator != member.identity:
            raise ValueError("only the player who made this table can close it")
        if table.match is not None and message.get("confirm") is not True:
            raise ValueError(
                "this table is being played: confirm to close it (its game is kept in the archive)"
            )
        archived = self.archive(table) if table.match is not None else None
        if table.match is not None and archived is None:
            raise ValueError("the table could not be archived, so it stays open")
        del self.tables[table.id]
        closed = {"op": "closed", "table": table.id, "archived": archived}
        told = self._at(table)
        for m in told:
            m.table, m.seat = None, None
            m.send(closed)
        if member not in told:
            member.send(closed)
        if archived is None:
            try:
                (self.folder / f"{table.id}.json").unlink(missing_ok=True)
            except OSError as exc:
                log.error("could not remove table %s: %s", table.id, exc)
        self._lobby_changed()

    def archive(self, table: Table) -> str | None:
        """Move ``table``'s file (saved afresh first) to ``<tables folder>/archive/<id>-<time>.json``.

        Returns the new file's path relative to the data folder (as a player
        is told it: ``ssh-tables/archive/t1-20261202-061500.json``), or None
        when it could not be written (the table then stays open). Archived
        files are not loaded at start; they are saves of the table's format.
        """
        folder = self.folder / ARCHIVE
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = folder / f"{table.id}-{stamp}.json"
        n = 1
        while target.exists():
            n += 1
            target = folder / f"{table.id}-{stamp}-{n}.json"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            atomic_write(target, json.dumps(table.to_dict(), ensure_ascii=False))
            (self.folder / f"{table.id}.json").unlink(missing_ok=True)
        except OSError as exc:
            log.error("could not archive table %s: %s", table.id, exc)
            return None
        return f"{self.folder.name}/{ARCHIVE}/{target.name}"


async def serve_member(
    hub: Hub, member: Member, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
) -> None:
    """Run one session's socket: its messages go to the hub, the hub's queue goes out.

    Returns when the session hangs up, sends garbage, or is dropped as stuck.
    """

    async def pump_out() -> None:
        while True:
            line = await member.queue.get()
            if line is None:
                return
            writer.write(line)
            await writer.drain()

    out = asyncio.create_task(pump_out())
    try:
        while not out.done():
            read = asyncio.ensure_future(reader.readline())
            done, _ = await asyncio.wait({read, out}, return_when=asyncio.FIRST_COMPLETED)
            if read not in done:
                read.cancel()
                break
            line = read.result()
            if not line or not line.endswith(b"\n"):
                break
            try:
                message = protocol.decode(line)
            except ValueError:
                break
            hub.handle(member, message)
    except (ConnectionError, asyncio.LimitOverrunError, ValueError):
        pass
    finally:
        out.cancel()
        hub.disconnect(member)
        writer.close()
