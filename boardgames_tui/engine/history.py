"""The history of finished games: each one kept as its match, listed, counted and exported.

A finished match is written to ``<data folder>/history/`` as one JSON file
holding a short summary (for the list and the statistics, read without
replaying anything) and the match itself in the save format of
:mod:`.match` (setup, seed, actions, checksum), from which a replay is
rebuilt. Pure Python: no terminal code here.

Shapes:

- :func:`record` (Match) -> Path of the new history file.
- :func:`list_history` () -> :class:`HistoryListing` (entries newest first,
  plus the files that could not be read and why).
- :func:`load_entry` (HistoryEntry) -> Match (raises SaveError).
- :func:`statistics` (entries) -> list of :class:`NameStats`, by name and
  by who sat there (a person, a computer player, or not known).
- :func:`export_text` (Match) -> str, one line per decision.
"""

from __future__ import annotations

import json
import os
import secrets
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs

from ..i18n import _, ngettext, render_event, translate_text
from .core import _fill, seat_letter
from .match import (
    HUMAN,
    Match,
    SaveError,
    _file_problem,
    _parse_int,
    _spec,
    atomic_write,
    check_seats,
    data_dir,
    printable,
    read_save_bytes,
)
from .names import marked_names

HISTORY_FORMAT = "boardgames-tui-history"
HISTORY_VERSION = 1


def history_dir() -> Path:
    """The folder of finished games."""
    return data_dir() / "history"


def exports_dir() -> Path:
    """The folder where text records of finished games are written."""
    return data_dir() / "exports"


@attrs.frozen
class HistoryEntry:
    """One finished game as the list shows it.

    ``finished`` is seconds since the epoch; ``winners`` and ``scores`` are
    per seat (scores in the game's own measure); ``length`` counts the
    decisions of the match. ``seats`` is who sat in each seat at the end
    ("human" or a computer player's level, as ``Match.seats``), or None
    when the file does not say (a history file written before seats were
    recorded, whose match does not record them either).
    """

    path: Path
    game_id: str
    title: str
    finished: float
    names: tuple[str, ...]
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    length: int
    seats: tuple[str, ...] | None = None

    def shown_names(self) -> tuple[str, ...]:
        """The names with each computer player's seat marked ("Beto (PC)"); as typed when not known."""
        return marked_names(self.names, self.seats)

    def date(self) -> str:
        """The day and time the game ended, local time: '2026-11-30 23:15'."""
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.finished))

    def winner_names(self) -> str:
        """'A Ana, C Carla': the winners with their seat letters."""
        names = self.shown_names()
        return ", ".join(f"{seat_letter(s)} {names[s]}" for s in self.winners if s < len(names))


@attrs.frozen
class HistoryListing:
    """What the history folder holds: readable entries newest first, and (file name, why) of the rest."""

    entries: tuple[HistoryEntry, ...] = ()
    skipped: tuple[tuple[str, str], ...] = ()


def summary_of(match: Match, finished: float | None = None) -> dict[str, Any]:
    """The summary object kept beside a finished match. ValueError if the match is not over.

    ``seats`` records who sat in each seat at the end (a person, "human", or
    a computer player's level), so the statistics never credit a computer
    player's game to a person of the same name.
    """
    state = match.state
    if not state.is_terminal:
        raise ValueError("only a finished game goes into the history")
    return {
        "game": match.game_id,
        "finished": time.time() if finished is None else finished,
        "names": list(match.names),
        "seats": list(match.seats),
        "winners": list(state.winners()),
        "scores": list(state.scores()),
        "length": len(match.actions),
    }


def record(match: Match, folder: Path | None = None, finished: float | None = None) -> Path:
    """Keep a finished ``match`` in the history; returns its new file.

    The file is written atomically. Raises ValueError when the match is not
    over, OSError when the folder cannot be written.
    """
    summary = summary_of(match, finished)
    folder = history_dir() if folder is None else folder
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(summary["finished"]))
    path = folder / f"{match.game_id}-{stamp}-{secrets.token_hex(3)}.json"
    body = {
        "format": HISTORY_FORMAT,
        "version": HISTORY_VERSION,
        "summary": summary,
        "match": match.to_dict(),
    }
    atomic_write(path, json.dumps(body, indent=1, ensure_ascii=False))
    return path


def _read(path: Path) -> dict[str, Any]:
    """The JSON object of a history file, format and version checked. Raises SaveError."""
    try:
        data = json.loads(read_save_bytes(path).decode("utf-8"), parse_int=_parse_int)
    except UnicodeDecodeError:
        raise SaveError("this history file is not UTF-8 text") from None
    except RecursionError:
        raise SaveError("this history file is nested too deeply") from None
    except ValueError:
        raise SaveError("this history file is truncated or not JSON") from None
    if type(data) is not dict or data.get("format") != HISTORY_FORMAT:
        raise SaveError("this is not a boardgames-tui history file")
    if data.get("version") != HISTORY_VERSION:
        raise SaveError(
            f"this history file has version {data.get('version')!r}; this program reads {HISTORY_VERSION}"
        )
    return data


def _seats_of(summary: Any, match: Any, players: int) -> tuple[str, ...] | None:
    """Who sat where: the summary's ``seats``, else the match's own (older files), else None (not known).

    Raises ValueError (or TypeError) when the list given is not ``players`` seat kinds.
    """
    for holder in (summary, match):
        if type(holder) is dict and "seats" in holder:
            seats = holder["seats"]
            if type(seats) is not list or not all(type(k) is str for k in seats):
                raise ValueError("the seats must be a list of texts")
            return check_seats(seats, players)
    return None


def _entry(path: Path, data: dict[str, Any]) -> HistoryEntry:
    """The entry a history object describes; SaveError when its summary is malformed."""
    s: Any = data.get("summary")  # checked field by field below
    seats: tuple[str, ...] | None = None
    try:
        game_id = s["game"]
        spec = _spec(game_id)
        names = tuple(s["names"])
        winners = tuple(s["winners"])
        scores = tuple(s["scores"])
        finished = s["finished"]
        length = s["length"]
        ok = (
            all(type(n) is str for n in names)
            and all(type(w) is int and 0 <= w < len(names) for w in winners)
            and all(type(x) is int for x in scores)
            and len(scores) == len(names)
            and type(finished) in (int, float)
            and type(length) is int
        )
        seats = _seats_of(s, data.get("match"), len(names))
    except (KeyError, TypeError, ValueError):
        ok = False
    if not ok:
        raise SaveError("the summary in this history file is malformed")
    return HistoryEntry(path, game_id, spec.title, float(finished), names, winners, scores, length, seats)


def list_history(folder: Path | None = None) -> HistoryListing:
    """Every finished game of the history folder, newest first; unreadable files are named in ``skipped``.

    Reads only the summaries (nothing is replayed). An empty or missing
    folder gives an empty listing.
    """
    folder = history_dir() if folder is None else folder
    try:
        names = sorted(e.name for e in os.scandir(folder) if e.name.endswith(".json"))
    except OSError:
        return HistoryListing()
    entries: list[HistoryEntry] = []
    skipped: list[tuple[str, str]] = []
    for name in names:
        path = folder / name
        problem, _, _st = _file_problem(path)
        if problem is not None:
            if problem != "missing":
                skipped.append((name, problem))
            continue
        try:
            entries.append(_entry(path, _read(path)))
        except SaveError as exc:
            skipped.append((name, str(exc)))
    entries.sort(key=lambda e: (e.finished, e.path.name), reverse=True)
    return HistoryListing(tuple(entries), tuple(skipped))


def load_entry(entry: HistoryEntry | Path) -> Match:
    """The match of a history file, replayed from its actions. Raises SaveError."""
    path = entry.path if isinstance(entry, HistoryEntry) else Path(entry)
    return Match.from_dict(_read(path).get("match"))


@attrs.define
class Tally:
    """Games played and won (a shared first place counts as a win), and the best score."""

    games: int = 0
    wins: int = 0
    best: int | None = None

    @property
    def share(self) -> float:
        """Wins per game, 0.0 to 1.0 (0.0 before any game)."""
        return self.wins / self.games if self.games else 0.0

    def add(self, won: bool, score: int | None = None) -> None:
        self.games += 1
        self.wins += int(won)
        if score is not None and (self.best is None or score > self.best):
            self.best = score


#: Who played under a name in :class:`NameStats`: a person, or (history files that do not
#: say) not known; a computer player is its level ("strong").
PERSON = HUMAN
UNKNOWN = "unknown"


@attrs.define
class NameStats:
    """One player name across the history, for one kind of player.

    ``kind`` is :data:`PERSON` (the games people played under the name), a
    computer player's level ("strong": the games a computer player of that
    level played under it), or :data:`UNKNOWN` (games from history files
    that do not say who sat there). ``by_game`` maps a game id to its tally
    (with the best score in that game's own measure); ``by_seat`` maps a
    seat number (0 = A) to its tally.
    """

    name: str
    kind: str = PERSON
    total: Tally = attrs.field(factory=Tally)
    by_game: dict[str, Tally] = attrs.field(factory=dict)
    by_seat: dict[int, Tally] = attrs.field(factory=dict)


def statistics(entries: Iterable[HistoryEntry]) -> list[NameStats]:
    """Per-name statistics over ``entries``, most games first, then by name and kind.

    Names are matched exactly as typed ("Ana" and "ana" are two players,
    as at setup). A seat a computer player held is counted apart, under
    the name and its level, never for the person of that name; a seat of an
    entry that does not say who sat there is counted under the name as
    :data:`UNKNOWN`.
    """
    out: dict[tuple[str, str], NameStats] = {}
    for e in entries:
        for seat, name in enumerate(e.names):
            kind = UNKNOWN if e.seats is None else e.seats[seat]
            stats = out.setdefault((name, kind), NameStats(name, kind))
            won = seat in e.winners
            score = e.scores[seat] if seat < len(e.scores) else None
            stats.total.add(won)
            stats.by_game.setdefault(e.game_id, Tally()).add(won, score)
            stats.by_seat.setdefault(seat, Tally()).add(won)
    return sorted(out.values(), key=lambda s: (s.kind != PERSON, -s.total.games, s.name, s.kind))


def public_lines(match: Match, step: int) -> list[str]:
    """The public log lines decision ``step`` (1-based) added, names filled in."""
    before = len(match.states[step - 1].log)
    added = match.states[step].log[before:]
    names = marked_names(match.names, match.seats)
    return [line for line in (render_event(e, names, None) for e in added) if line]


def export_text(match: Match, finished: float | None = None) -> str:
    """A finished or saved match as a readable text record.

    A header (game, options, seed, players), then one line per decision:
    its number, the seat, and the action as the players would say it,
    followed by the public log lines it produced (indented), and at the end
    the scores and winners when the game is over. Nothing private is in it.
    """
    spec = match.spec
    names = marked_names(match.names, match.seats)
    lines = [f"{spec.title}"]
    if finished is not None:
        lines.append(
            _("Finished: {date}").format(date=time.strftime("%Y-%m-%d %H:%M", time.localtime(finished)))
        )
    if match.options:
        lines.append(
            _("Options: {options}").format(options=", ".join(f"{k}={v}" for k, v in match.options.items()))
        )
    lines.append(_("Seed: {seed}").format(seed=match.seed))
    lines.append(
        _("Players: {players}").format(
            players=", ".join(f"{seat_letter(s)} {printable(n, 45)}" for s, n in enumerate(names))
        )
    )
    lines.append("")
    first = [line for line in (render_event(e, names, None) for e in match.states[0].log) if line]
    lines.extend(f"     | {line}" for line in first)
    for i, (seat, action) in enumerate(match.actions, start=1):
        what = _fill(translate_text(str(action)), names)
        lines.append(f"{i:4}. {seat_letter(seat)} {printable(names[seat], 45)}: {what}")
        lines.extend(f"     | {line}" for line in public_lines(match, i))
    state = match.state
    lines.append("")
    if state.is_terminal:
        scores = state.scores()
        lines.append(
            _("Scores: {scores}").format(
                scores=", ".join(f"{seat_letter(s)} {scores[s]}" for s in range(len(match.names)))
            )
        )
        lines.append(
            _("Winners: {winners}").format(
                winners=", ".join(f"{seat_letter(s)} {names[s]}" for s in state.winners())
            )
        )
    else:
        lines.append(
            ngettext(
                "Not finished: {count} decision so far.",
                "Not finished: {count} decisions so far.",
                len(match.actions),
            ).format(count=len(match.actions))
        )
    return "\n".join(lines) + "\n"


def export_to_file(match: Match, folder: Path | None = None, finished: float | None = None) -> Path:
    """Write :func:`export_text` of ``match`` to a new file in the exports folder; returns it. OSError if unwritable."""
    folder = exports_dir() if folder is None else folder
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(finished if finished is not None else time.time()))
    path = folder / f"{match.game_id}-{stamp}-{secrets.token_hex(2)}.txt"
    atomic_write(path, export_text(match, finished))
    return path


def names_line(names: Sequence[str], limit: int = 40) -> str:
    """The seat names on one line, each made printable: 'A Ana, B Beto'."""
    return printable(", ".join(f"{seat_letter(s)} {n}" for s, n in enumerate(names)), limit)
