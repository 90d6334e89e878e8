"""Driving tables through real terminals: make a table, fill it, make every decision with keys."""

from __future__ import annotations

import asyncio
import contextlib
import time
from pathlib import Path

from boardgames_tui.engine import Match, seat_letter
from boardgames_tui.games import GAMES
from boardgames_tui.serve import protocol
from boardgames_tui.serve.hub import Hub, Member

from .conftest import ServerFixture, Terminal


def new_table_index(game_id: str, players: int, computer: bool = False) -> int:
    """Where 'game, N players' (or 'game, you and a computer player') sits in the new-table list."""
    i = 0
    for gid, spec in GAMES.items():
        for n in range(spec.min_players, spec.max_players + 1):
            if (gid, n) == (game_id, players) and not computer:
                return i
            i += 1
        if gid == game_id and computer:
            return i
        i += 1
    raise KeyError(game_id)


async def open_table(server: ServerFixture, game_id: str, names: list[str], seed: int = 7) -> list[Terminal]:
    """Terminals for ``names``; the first makes a table of ``game_id``, the others join it in turn."""
    terms = [await server.terminal(n) for n in names]
    for n, t in zip(names, terms, strict=True):
        await t.wait_for(f"You are {n}")
    first = terms[0]
    first.press("n")
    await first.wait_for("which game")
    first.press(*["down"] * new_table_index(game_id, len(names)), "enter")
    await first.wait_for(lambda s: "Table t1" in s or "Make the table" in s)
    if "Make the table" in first.text():
        first.press("end", "enter")  # the game's options as they are: make the table
        await first.wait_for("Table t1")
    server.hub.tables["t1"].seed = seed  # the same deal every run
    for t in terms[1:]:
        await t.wait_for("t1 ")
        t.press("down", "enter")
        await t.wait_for(lambda s: "Table t1" in s or " | " in s.splitlines()[0])
    return terms


#: Seconds between two keys on one terminal: the key gate takes a key that follows
#: the one before it within 0.5 s for a burst (ui/keygate.py, SETTLE).
KEY_GAP = 0.55


def my_turn(term: Terminal, who: str) -> bool:
    """The seat's screen asks it to decide: its status line names it with its prompt."""
    first = term.text().splitlines()[0]
    return f" | {who}:" in first or "Enter to confirm" in term.text()


async def press_until(term: Terminal, key: str, check: str, timeout: float = 20.0) -> str:
    """Press ``key`` (a fresh press each time, KEY_GAP apart) until the screen shows ``check``.

    The key gate drops a key that reached a list before it was drawn; a
    player would press again, and so does this.
    """
    deadline = time.monotonic() + timeout
    while check not in term.text():
        if time.monotonic() > deadline:
            raise AssertionError(f"pressing {key!r} never showed {check!r}; the screen shows:\n{term.text()}")
        if time.monotonic() - term.last_key > KEY_GAP:
            term.press(key)
        term.changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(term.changed.wait(), 0.1)
    return term.text()


async def decide(term: Terminal, match: Match, who: str, timeout: float = 20.0) -> None:
    """Press Enter on ``term`` (the first choice; Enter again confirms a secret one) until the hub moves on."""
    n = len(match.actions)
    deadline = time.monotonic() + timeout
    while len(match.actions) == n:
        now = time.monotonic()
        if now > deadline:
            raise AssertionError(f"{who} could not decide; the screen shows:\n{term.text()}")
        if my_turn(term, who) and now - term.last_key > KEY_GAP:
            term.press("enter")
        term.changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(term.changed.wait(), 0.1)


async def play_out(server: ServerFixture, terms: list[Terminal], check=None, limit: int = 2000) -> Match:
    """Make every decision of the table's match on its seat's own terminal until the game ends."""
    match = server.hub.tables["t1"].match
    assert match is not None
    names = match.names
    for _ in range(limit):
        if match.state.is_terminal:
            return match
        seat = match.state.to_move[0]
        await decide(terms[seat], match, f"{seat_letter(seat)} {names[seat]}")
        if check is not None:
            check(match)
    raise AssertionError(f"the game did not end in {limit} decisions")


# ---- the hub without terminals ----


def sent(member: Member) -> list[dict]:
    """The messages queued for ``member`` so far, decoded (the queue is emptied)."""
    out = []
    while not member.queue.empty():
        out.append(protocol.decode(member.queue.get_nowait()))
    return out


def table_of_two(tmp_path: Path, game: str = "penguinramids") -> tuple[Hub, Member, Member]:
    """A hub saving in ``tmp_path`` with table t1 of ``game`` taken by Ana and Beto (their messages read)."""
    hub = Hub(tmp_path)
    ana, beto = hub.connect("key:a", "Ana"), hub.connect("key:b", "Beto")
    hub.handle(ana, {"op": "create", "game": game, "players": 2})
    hub.handle(beto, {"op": "join", "table": "t1"})
    sent(ana), sent(beto)
    return hub, ana, beto
