"""Matches: a game's setup plus the list of (seat, action), saved as JSON.

A save file holds the game id, options, seat names, seed and actions, a
format version and a SHA-256 checksum of the rest. Loading replays every
action through ``apply``; a truncated, edited, foreign or other-version file
is refused with :class:`SaveError` and a message for the player, and no
other file is touched. Writes are atomic (temporary file, fsync, rename).

Undo replays the match minus the last action, never past a barrier
(DESIGN.md, "Matches: saving, replay, undo").
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import tempfile
import time
from pathlib import Path
from typing import Any, Mapping, Sequence

import attrs
import cattrs

from .core import IllegalAction, Pass, State
from .names import check_names
from .spec import GameSpec

FORMAT_VERSION = 1
FORMAT_NAME = "boardgames-tui-save"

_converter = cattrs.Converter()


class SaveError(Exception):
    """A save file that cannot be loaded; ``str()`` is the message for the player."""


def _spec(game_id: str) -> GameSpec:
    from boardgames_tui.games import GAMES

    try:
        return GAMES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r} (games: {', '.join(GAMES)})") from None


def action_to_json(action: Any) -> dict[str, Any]:
    """An action as a JSON object with a ``type`` tag (its class name)."""
    data = _converter.unstructure(action)
    if not isinstance(data, dict):  # pragma: no cover - attrs classes give dicts
        raise TypeError(f"cannot save action {action!r}")
    return {"type": type(action).__name__, **data}


def action_from_json(data: Any, types: Sequence[type]) -> Any:
    """The action a :func:`action_to_json` object stands for.

    Raises SaveError for an unknown type or fields that do not fit it.
    """
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise SaveError("an action in the file has no type")
    by_name = {t.__name__: t for t in (*types, Pass)}
    cls = by_name.get(data["type"])
    if cls is None:
        raise SaveError(f"the file names an action this game does not have: {data['type']}")
    fields = {k: v for k, v in data.items() if k != "type"}
    try:
        return _converter.structure(fields, cls)
    except Exception as exc:  # cattrs raises several exception classes
        raise SaveError(f"an action of type {data['type']} in the file is malformed") from exc


def _checksum(payload: Mapping[str, Any]) -> str:
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


@attrs.define
class Match:
    """A game being played: setup, the actions so far, and every state.

    ``states[i]`` is the state after ``i`` actions; ``barriers[i]`` says
    whether action ``i`` is a barrier for undo.
    """

    game_id: str
    names: tuple[str, ...]
    seed: int
    options: dict[str, Any]
    actions: list[tuple[int, Any]] = attrs.field(factory=list)
    states: list[State] = attrs.field(factory=list, repr=False)
    barriers: list[bool] = attrs.field(factory=list, repr=False)
    #: The autosave file of this match (each match has its own, so a new
    #: game never overwrites another's autosave); None until first saved.
    autosave_file: Path | None = attrs.field(default=None, eq=False, repr=False)

    @classmethod
    def new(
        cls,
        game_id: str,
        names: Sequence[str],
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
    ) -> "Match":
        """Start a match. Raises ValueError for an unknown game, count or option, or a bad name
        (:func:`~boardgames_tui.engine.names.check_names`)."""
        spec = _spec(game_id)
        names = check_names(names)  # setup, --names and saves are held to the same rule
        full = spec.check_options(len(names), dict(options or {}))
        state = spec.rules.new_game(players=len(names), seed=seed, **full)
        return cls(game_id, names, seed, full, [], [state], [])

    @property
    def spec(self) -> GameSpec:
        return _spec(self.game_id)

    @property
    def state(self) -> State:
        """The current state."""
        return self.states[-1]

    @property
    def players(self) -> int:
        return len(self.names)

    def play(self, seat: int, action: Any) -> State:
        """Apply ``action`` for ``seat``, record it, return the new state.

        Raises IllegalAction (and records nothing) when it is not legal.
        """
        before = self.state
        after = before.apply(seat, action)
        self.barriers.append(before.is_barrier(seat, action, after))
        self.actions.append((seat, action))
        self.states.append(after)
        return after

    def can_undo(self) -> bool:
        """Whether the last action may be taken back (it is not a barrier)."""
        return bool(self.actions) and not self.barriers[-1]

    def undo(self) -> State:
        """Take back the last action. Raises IllegalAction when :meth:`can_undo` is false."""
        if not self.can_undo():
            raise IllegalAction("nothing to undo: the last action showed something new or passed the turn")
        self.actions.pop()
        self.barriers.pop()
        self.states.pop()
        return self.state

    # ---- saving -------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The save-file object, checksum included."""
        payload = {
            "format": FORMAT_NAME,
            "version": FORMAT_VERSION,
            "game": self.game_id,
            "names": list(self.names),
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [[seat, action_to_json(a)] for seat, a in self.actions],
        }
        payload["checksum"] = _checksum(payload)
        return payload

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Any) -> "Match":
        """Rebuild a match by replaying a save object. Raises SaveError."""
        if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
            raise SaveError("this is not a boardgames-tui save file")
        if data.get("version") != FORMAT_VERSION:
            raise SaveError(
                f"this save has format version {data.get('version')!r}; this program reads version {FORMAT_VERSION}"
            )
        body = {k: v for k, v in data.items() if k != "checksum"}
        if data.get("checksum") != _checksum(body):
            raise SaveError("this save file has been changed or damaged (its checksum does not match)")
        try:
            game_id = data["game"]
            names = tuple(str(n) for n in data["names"])
            seed = int(data["seed"])
            options = dict(data["options"])
            raw_actions = list(data["actions"])
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveError("the setup in this save file (game, names, seed, options or actions) is missing or malformed") from exc
        try:
            match = cls.new(game_id, names, seed, options)
        except ValueError as exc:
            raise SaveError(f"this save cannot be set up: {exc}") from exc
        types = match.spec.action_types
        for i, item in enumerate(raw_actions):
            if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], int)):
                raise SaveError(f"action {i + 1} in the file is malformed")
            action = action_from_json(item[1], types)
            try:
                match.play(item[0], action)
            except IllegalAction as exc:
                raise SaveError(f"action {i + 1} in the file is not legal in that game: {exc}") from exc
        return match

    @classmethod
    def from_json(cls, text: str) -> "Match":
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise SaveError("this save file is truncated or not JSON") from exc
        return cls.from_dict(data)

    def save(self, path: Path | str) -> Path:
        """Write the match atomically to ``path``; returns the path."""
        path = Path(path)
        atomic_write(path, self.to_json())
        return path

    @classmethod
    def load(cls, path: Path | str) -> "Match":
        """Load a match from a file. Raises SaveError (missing, unreadable, bad)."""
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise SaveError(f"no save file at {path}") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise SaveError(f"cannot read {path}: {exc}") from exc
        return cls.from_json(text)


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves the old file or the new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def data_dir() -> Path:
    """Where saves live: ``$BOARDGAMES_TUI_HOME`` or the platform's user data folder."""
    env = os.environ.get("BOARDGAMES_TUI_HOME")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("boardgames-tui", appauthor=False))


def autosave_dir() -> Path:
    """The folder of autosaves: one file per unfinished match."""
    return data_dir() / "autosaves"


def new_autosave_path(game_id: str) -> Path:
    """A fresh autosave file name for a new match of ``game_id``."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return autosave_dir() / f"{game_id}-{stamp}-{secrets.token_hex(3)}.json"


def autosaves() -> list[Path]:
    """Every autosave, newest first."""
    folder = autosave_dir()
    if not folder.is_dir():
        return []
    return sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)


def autosave_path() -> Path | None:
    """The newest autosave (what the launcher's Continue opens), or None."""
    found = autosaves()
    return found[0] if found else None


def prune_autosaves(keep: int = 30) -> None:
    """Delete the oldest autosaves beyond ``keep`` (abandoned games)."""
    for old in autosaves()[keep:]:
        try:
            old.unlink()
        except OSError:
            pass


def save_summary(path: Path) -> str:
    """One line about a save file without replaying it: game, players, moves.

    Never raises; an unreadable file says so.
    """
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        game = _spec(str(data["game"])).title
        names = ", ".join(str(n) for n in data["names"])
        moves = len(data["actions"])
    except Exception:
        return f"{path.name} (unreadable)"
    when = time.strftime("%d %b %H:%M:%S", time.localtime(path.stat().st_mtime))
    return f"{game} with {names}, {moves} actions, {when}"


def saves_dir() -> Path:
    """The folder for games saved by hand."""
    return data_dir() / "saves"
