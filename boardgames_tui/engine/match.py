"""Matches: a game's setup plus the list of (seat, action), saved as JSON.

A save file holds the game id, options, seat names, seed and actions, a
format version and a SHA-256 checksum of the rest. Loading replays every
action through ``apply``; a truncated, edited, foreign or other-version file
is refused with :class:`SaveError` and a one-line message for the player,
and no other file is touched. Before replaying, the loader checks the file
(a regular file within ``MAX_SAVE_BYTES``, opened without blocking), the
JSON (depth, number lengths) and every field's type and range, so no file
can crash, hang or flood the program. Writes are atomic (temporary file,
fsync, rename); :func:`clean_stale_temp_files` removes what a killed write
leaves. Listing a folder (:func:`scan_saves`) looks at metadata only.
A match keeps each action's save text once made (:meth:`Match.to_json`),
so the autosave after every decision costs about the same late in a game
as early on.

Undo replays the match minus the last action, never past a barrier
(docs/architecture.md, "Undo barriers").
"""

from __future__ import annotations

import contextlib
import errno
import functools
import hashlib
import json
import os
import secrets
import stat
import tempfile
import time
import typing
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import cattrs

from boardgames_tui.i18n import N_, _, local_time, ngettext, shapes, translate_text

from .core import IllegalAction, Pass, State
from .names import check_names
from .spec import CATALOGUE, GameSpec

FORMAT_VERSION = 1
FORMAT_NAME = "boardgames-tui-save"

#: The largest save file that is read at all, in bytes (2 MiB). The longest
#: real saves (a Misión Chungungo or Montaña Pingüino championship with
#: 500-odd actions) are about 25 KB, so this is 80 times that; anything
#: bigger is refused before it is read.
MAX_SAVE_BYTES = 2 * 1024 * 1024
#: The most actions a save may hold: random games end within 600, and the
#: random-play harness gives up at 5,000.
MAX_ACTIONS = 10_000
#: Seeds are whole numbers in this range (64-bit signed), in saves and at setup.
SEED_MIN, SEED_MAX = -(2**63), 2**63 - 1
#: Whole numbers inside an action (a card, a slot, a row) lie in this range.
ACTION_INT_MIN, ACTION_INT_MAX = -(2**31), 2**31 - 1
#: The longest text or list inside an action.
ACTION_MAX_LEN = 64
#: The most seats any game has.
MAX_SEATS = 5
#: Numbers in a save with more digits than this are refused while parsing.
_MAX_DIGITS = 40
#: Temporary files of an interrupted atomic write older than this (seconds) are removed.
STALE_TEMP_SECONDS = 60.0
#: Who may sit in a seat: a person, or a computer player of one of the bots' levels
#: (``boardgames_tui.bots.LEVELS``; a test checks the two agree). The engine does not
#: import the bots, so the names are spelled out here.
SEAT_KINDS: tuple[str, ...] = ("human", "random", "greedy", "strong")
HUMAN = "human"

_converter = cattrs.Converter()


class SaveError(Exception):
    """A save file that cannot be loaded; ``str()`` is the message for the player.

    The message is always one line (no newline), whatever the file holds. It is
    English; the screens translate it when they show it
    (``boardgames_tui.i18n.translate_text``, from the shapes in :data:`TEXTS`).
    """


#: The shapes of the refusals of a save a player meets, marked for translation (the
#: messages stay English here; a screen translates one by finding its shape).
TEXTS = shapes(
    N_("there is no such file"),
    N_("it cannot be read ({reason})"),
    N_("it is {kind}, not a save file"),
    N_("a folder"),
    N_("a FIFO"),
    N_("a device"),
    N_("a socket"),
    N_("not a regular file"),
    N_("it is larger than {size}, the most a save file may be"),
    N_("this save file is larger than {size}, the most a save may be"),
    N_("this save file is not UTF-8 text"),
    N_("this save file is nested too deeply to be a save"),
    N_("this save file is truncated or not JSON"),
    N_("this is not a boardgames-tui save file"),
    N_("this save has format version {found}; this program reads version {version}"),
    N_("this save holds values that are not JSON"),
    N_("this save file has been changed or damaged (its checksum does not match)"),
    N_("this save cannot be set up: {reason}"),
    N_("this save cannot be set up"),
    N_("this save file has no {field}"),
    N_("this save file holds a number {digits} digits long"),
    N_("this save file holds {count} actions; a game has at most {most}"),
    N_("action {number} in the file is not a pair of a seat and an action"),
    N_("action {number} in the file names seat {seat}; this game has seats 0-{last}"),
    N_("action {number} in the file is not legal in that game: {reason}"),
    N_("action {number} in the file cannot be replayed ({error})"),
    N_("action {number} in the file: {reason}"),
    N_("this save is of {game}"),
    # a save file in the Load list that cannot be opened (its short reason)
    N_("missing"),
    N_("a link to a missing file"),
    N_("it is a link to a file that does not exist"),
    N_("not readable ({reason})"),
    N_("{size}, too big"),
    N_("it is {size}; a save file is at most {most}"),
    N_("the game in this save file must be a game id, not {value}"),
)


def shown(value: Any, limit: int = 40) -> str:
    """A short, printable stand-in for a value read from a file, for messages.

    Texts and paths in quotes with only ASCII characters (controls and odd
    characters become escapes), cut to about ``limit`` characters; numbers
    as written unless very long; a list or object named as such. A file can
    never put a newline, a terminal escape or a megabyte into a message.
    """
    if isinstance(value, Path):
        value = str(value)
    if isinstance(value, str):
        text = ascii(value[:limit])  # cut first: ascii() of a megabyte would be a megabyte
        return text if len(value) <= limit and len(text) <= limit + 2 else text[:limit] + "..."
    if type(value) is int and not -(10**20) < value < 10**20:
        sign = "a negative" if value < 0 else "a"
        return f"{sign} number of about {int(value.bit_length() * 0.30103) + 1} digits"
    if value is None or isinstance(value, (bool, int, float)):
        return json.dumps(value)  # as the file spells it: true, null, Infinity
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"


def _spec(game: str | GameSpec) -> GameSpec:
    """The spec of ``game``: a GameSpec as it is, or a game id looked up in the catalogue.

    Raises ValueError naming the games for an unknown id.
    """
    if isinstance(game, GameSpec):
        return game
    try:
        return CATALOGUE[game]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {shown(game)} (games: {', '.join(CATALOGUE)})") from None


def action_to_json(action: Any) -> dict[str, Any]:
    """An action as a JSON object with a ``type`` tag (its class name)."""
    data = _converter.unstructure(action)
    if not isinstance(data, dict):  # pragma: no cover - attrs classes give dicts
        raise TypeError(f"cannot save action {action!r}")
    return {"type": type(action).__name__, **data}


@functools.cache
def _action_fields(cls: type) -> tuple[tuple[str, str, Any, bool], ...]:
    """(field name, keyword, declared type, required) of an attrs action class."""
    hints = typing.get_type_hints(cls)
    return tuple(
        (f.name, f.alias or f.name, hints[f.name], f.default is attrs.NOTHING)
        for f in attrs.fields(cls)
        if f.init
    )


def _field_value(value: Any, hint: Any, where: str) -> Any:
    """``value`` (parsed JSON) checked against the declared type ``hint``, as Python.

    Supports the types actions use: ``int`` (not bool, within the action
    range), ``bool``, ``str`` (short), ``tuple[X, ...]`` and fixed
    ``tuple[X, Y]`` (JSON lists). Raises SaveError naming ``where``;
    TypeError for a declared type this loader does not know (a programming
    error, caught by the tests over every game's action classes).
    """
    if hint is bool:
        if type(value) is not bool:
            raise SaveError(f"{where} must be true or false, not {shown(value)}")
        return value
    if hint is int:
        if type(value) is not int:
            raise SaveError(f"{where} must be a whole number, not {shown(value)}")
        if not ACTION_INT_MIN <= value <= ACTION_INT_MAX:
            raise SaveError(f"{where} is out of range ({shown(value)})")
        return value
    if hint is str:
        if type(value) is not str:
            raise SaveError(f"{where} must be text, not {shown(value)}")
        if len(value) > ACTION_MAX_LEN:
            raise SaveError(f"{where} is too long ({len(value)} characters)")
        return value
    if typing.get_origin(hint) is tuple:
        args = typing.get_args(hint)
        if type(value) is not list:
            raise SaveError(f"{where} must be a list, not {shown(value)}")
        if len(args) == 2 and args[1] is Ellipsis:
            if len(value) > ACTION_MAX_LEN:
                raise SaveError(f"{where} is too long ({len(value)} items)")
            return tuple(_field_value(v, args[0], where) for v in value)
        if len(value) != len(args):
            raise SaveError(f"{where} must have {len(args)} items, not {len(value)}")
        return tuple(_field_value(v, a, where) for v, a in zip(value, args, strict=True))
    raise TypeError(f"save files cannot hold a field of type {hint!r} ({where})")


def action_from_json(data: Any, types: Sequence[type]) -> Any:
    """The action a :func:`action_to_json` object stands for.

    ``types`` are the game's action classes (``Pass`` is always allowed).
    Every field is checked against its class's declared type before the
    action is built: exact JSON types (a float or ``true`` is not a whole
    number), whole numbers within ``ACTION_INT_MIN..ACTION_INT_MAX``, short
    texts and lists, no missing or unknown fields. Raises SaveError with a
    one-line message for anything else.
    """
    if type(data) is not dict or type(data.get("type")) is not str:
        raise SaveError("the action has no type")
    by_name = {t.__name__: t for t in (*types, Pass)}
    name = data["type"]
    cls = by_name.get(name)
    if cls is None:
        raise SaveError(f"this game has no action {shown(name)}")
    fields = _action_fields(cls)
    known = {f[0] for f in fields}
    extra = [k for k in data if k != "type" and k not in known]
    if extra:
        raise SaveError(f"the {name} action has an unknown field {shown(extra[0])}")
    kwargs: dict[str, Any] = {}
    for field, keyword, hint, required in fields:
        if field not in data:
            if required:
                raise SaveError(f"the {name} action has no {field}")
            continue
        kwargs[keyword] = _field_value(data[field], hint, f"the {field} of the {name} action")
    try:
        return cls(**kwargs)
    except (TypeError, ValueError, IndexError, OverflowError) as exc:  # a converter or validator refused
        raise SaveError(f"the {name} action is malformed") from exc


def _as_tuple(items: Iterable[str]) -> tuple[str, ...]:
    """``items`` as a tuple (the converter of :attr:`Match.seats`)."""
    return tuple(items)


def check_seats(seats: Sequence[str] | None, players: int) -> tuple[str, ...]:
    """Who sits in each of ``players`` seats: ``seats`` checked, or every seat human when None.

    Each entry is one of :data:`SEAT_KINDS`. Raises ValueError for a count
    that is not ``players`` or an unknown kind, naming it.
    """
    if seats is None:
        return (HUMAN,) * players
    seats = tuple(seats)
    if len(seats) != players:
        raise ValueError(f"{len(seats)} seat kinds for {players} players")
    for i, kind in enumerate(seats):
        if kind not in SEAT_KINDS:
            raise ValueError(f"seat {i + 1} is {shown(kind)}; a seat is one of {', '.join(SEAT_KINDS)}")
    return seats


def _checksum(payload: Mapping[str, Any]) -> str:
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _parse_int(text: str) -> int:
    """JSON integers, refusing absurdly long ones before converting them."""
    digits = len(text) - text.startswith("-")
    if digits > _MAX_DIGITS:
        raise SaveError(f"this save file holds a number {digits} digits long")
    return int(text)


def _check_seats_field(data: Mapping[str, Any], players: int) -> tuple[str, ...]:
    """The ``seats`` of a save object: every seat human when the file has none (older saves).

    Raises SaveError for anything but a list of ``players`` known seat kinds.
    """
    if "seats" not in data:
        return (HUMAN,) * players
    seats = data["seats"]
    if type(seats) is not list or not all(type(k) is str for k in seats):
        raise SaveError(f"the seats in this save file must be a list of texts, not {shown(seats)}")
    try:
        return check_seats(seats, players)
    except ValueError as exc:
        raise SaveError(f"the seats in this save file do not fit: {exc}") from None


def _check_setup(data: Mapping[str, Any]) -> tuple[str, tuple[str, ...], int, dict[str, Any], list[Any]]:
    """The game id, names, seed, options and raw actions of a save object, each checked.

    Raises SaveError naming the first field that is missing, of the wrong
    JSON type or out of range (the game id a known game, 1-5 names that are
    texts, the seed a whole number in ``SEED_MIN..SEED_MAX``, options an
    object whose values have their choices' own type, at most
    ``MAX_ACTIONS`` actions).
    """
    missing = [k for k in ("game", "names", "seed", "options", "actions") if k not in data]
    if missing:
        raise SaveError(f"this save file has no {missing[0]}")
    game_id = data["game"]
    if type(game_id) is not str:
        raise SaveError(f"the game in this save file must be a game id, not {shown(game_id)}")
    try:
        spec = _spec(game_id)
    except ValueError as exc:
        raise SaveError(f"this save is of {exc}") from None
    names = data["names"]
    if type(names) is not list or not 1 <= len(names) <= MAX_SEATS:
        raise SaveError(f"the names in this save file must be a list of 1-{MAX_SEATS} names")
    for i, name in enumerate(names):
        if type(name) is not str:
            raise SaveError(f"name {i + 1} in this save file must be text, not {shown(name)}")
    seed = data["seed"]
    if type(seed) is not int:
        raise SaveError(f"the seed in this save file must be a whole number, not {shown(seed)}")
    if not SEED_MIN <= seed <= SEED_MAX:
        raise SaveError(f"the seed in this save file is out of range ({shown(seed)})")
    options = data["options"]
    if type(options) is not dict:
        raise SaveError(f"the options in this save file must be an object, not {shown(options)}")
    for key, value in options.items():
        opt = spec.options.get(key)
        if opt is None:
            raise SaveError(f"{spec.title} has no option {shown(key)}")
        if not any(type(value) is type(c) and value == c for c in opt.choices):
            allowed = ", ".join(json.dumps(c) for c in opt.choices)
            raise SaveError(f"option {key} in this save file must be one of {allowed}, not {shown(value)}")
    actions = data["actions"]
    if type(actions) is not list:
        raise SaveError(f"the actions in this save file must be a list, not {shown(actions)}")
    if len(actions) > MAX_ACTIONS:
        raise SaveError(f"this save file holds {len(actions)} actions; a game has at most {MAX_ACTIONS}")
    return game_id, tuple(names), seed, dict(options), actions


@attrs.define
class _SaveTexts:
    """The save texts of a match's first actions, computed once each (see ``Match._action_texts``).

    Three lists of the same length: the (seat, action) tuples of
    ``Match.actions`` the texts were made from, each one's compact text (as
    :func:`_checksum` writes it) and its indented text (as the file holds it).
    """

    items: list[tuple[int, Any]] = attrs.field(factory=list)
    compact: list[str] = attrs.field(factory=list)
    pretty: list[str] = attrs.field(factory=list)

    def drop_last(self) -> None:
        """Forget the texts of the last action."""
        self.items.pop()
        self.compact.pop()
        self.pretty.pop()


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
    #: Who sits in each seat: "human" or a computer player's level (:data:`SEAT_KINDS`).
    #: Empty when made without it: every seat human.
    seats: tuple[str, ...] = attrs.field(default=(), converter=_as_tuple)
    #: The save texts of the first actions, computed once each (see :meth:`_action_texts`).
    _save_texts: _SaveTexts = attrs.field(factory=_SaveTexts, init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if not self.seats:
            self.seats = (HUMAN,) * len(self.names)

    @classmethod
    def new(
        cls,
        game_id: str,
        names: Sequence[str],
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        seats: Sequence[str] | None = None,
    ) -> Match:
        """Start a match of ``game_id`` (a game id of the catalogue, or the GameSpec itself).

        ``seats`` says who sits where, one of :data:`SEAT_KINDS` per name
        (None: every seat human). Raises ValueError for an unknown game,
        count, option or seat kind, a bad name
        (:func:`~boardgames_tui.engine.names.check_names`), or a seed that is
        not a whole number in ``SEED_MIN..SEED_MAX`` (a save must be able to
        hold it).
        """
        if type(seed) is not int or not SEED_MIN <= seed <= SEED_MAX:
            raise ValueError(f"the seed must be a whole number from {SEED_MIN} to {SEED_MAX}")
        spec = _spec(game_id)
        names = check_names(names)  # setup, --names and saves are held to the same rule
        full = spec.check_options(len(names), dict(options or {}))
        kinds = check_seats(seats, len(names))
        state = spec.rules.new_game(players=len(names), seed=seed, **full)
        return cls(spec.id, names, seed, full, [], [state], [], seats=kinds)

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

    def set_seat(self, seat: int, kind: str) -> None:
        """Seat a person (``"human"``) or a computer player of level ``kind`` at ``seat``.

        A player leaving the table mid-game: the actions so far stay as
        they are, and saves record the new seating. Raises ValueError for
        an unknown kind, IndexError for a seat the game does not have.
        """
        if not 0 <= seat < len(self.names):
            raise IndexError(f"this game has seats 0-{len(self.names) - 1}, not {seat}")
        seats = list(self.seats)
        seats[seat] = kind
        self.seats = check_seats(seats, len(self.names))

    def is_human(self, seat: int) -> bool:
        """Whether a person decides for ``seat`` (else a computer player)."""
        return self.seats[seat] == HUMAN

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

    def saved_length(self) -> int:
        """How many of the actions a save holds: all of them but the secret choices
        still held face down (``State.holds_secret_choices``), which are written only
        once revealed. A game resumed from the save asks those seats again.
        """
        k = len(self.actions)
        while k > 0 and self.states[k].holds_secret_choices:
            k -= 1
        return k

    def to_dict(self) -> dict[str, Any]:
        """The save-file object, checksum included (without pending secret choices)."""
        payload = self._head()
        payload["actions"] = [[seat, action_to_json(a)] for seat, a in self.actions[: self.saved_length()]]
        payload["checksum"] = _checksum(payload)
        return payload

    def _head(self) -> dict[str, Any]:
        """The save object's fields before the actions: format, version and setup."""
        return {
            "format": FORMAT_NAME,
            "version": FORMAT_VERSION,
            "game": self.game_id,
            "names": list(self.names),
            "seed": self.seed,
            "options": dict(self.options),
            "seats": list(self.seats),
        }

    def to_json(self) -> str:
        """The text of the save file: exactly ``json.dumps(self.to_dict(), indent=1, ensure_ascii=False)``.

        It is built from each action's text, computed once per action and
        kept (:meth:`_action_texts`), so its cost hardly grows with the
        length of the game: only the setup fields are encoded again, and
        the checksum is the SHA-256 of the joined compact texts (the text
        :func:`_checksum` hashes, piece by piece).
        """
        k = self.saved_length()
        compact, pretty = self._action_texts(k)
        head = self._head()
        # _checksum's text sorts the keys, and "actions" sorts before every key of head.
        rest = json.dumps(head, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        checksum_text = '{"actions":[' + ",".join(compact) + "]," + rest[1:]
        checksum = hashlib.sha256(checksum_text.encode("ascii")).hexdigest()
        # to_dict's key order: head, then actions, then checksum; head's text ends with "\n}".
        actions = "[\n  " + ",\n  ".join(pretty) + "\n ]" if pretty else "[]"
        text = json.dumps(head, indent=1, ensure_ascii=False)
        return f'{text[:-2]},\n "actions": {actions},\n "checksum": "{checksum}"\n}}'

    def _action_texts(self, k: int) -> tuple[list[str], list[str]]:
        """The texts of the first ``k`` actions in a save: (compact, indented).

        The compact text of an action is its ``[seat, {...}]`` pair as
        :func:`_checksum` writes it (sorted keys, no spaces, ASCII); the
        indented one is as :meth:`to_json` writes it in the file's actions
        list (indent 1, two levels deep). Each is computed once and kept
        with the very (seat, action) tuple it was made from, so undo and a
        different action afterwards are noticed: entries are dropped from
        the end while their tuple is not the one at their place in
        ``actions``. This relies on ``actions`` changing only at its end,
        as :meth:`play` and :meth:`undo` change it (``states`` and
        ``barriers`` rely on that too). Raises TypeError for an action that
        cannot be saved (as :func:`action_to_json` does).
        """
        kept = self._save_texts
        items, actions = kept.items, self.actions
        while items and (len(items) > len(actions) or items[-1] is not actions[len(items) - 1]):
            kept.drop_last()
        for item in actions[len(items) : k]:
            pair = [item[0], action_to_json(item[1])]
            compact = json.dumps(pair, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
            pretty = json.dumps(pair, indent=1, ensure_ascii=False).replace("\n", "\n  ")
            items.append(item)
            kept.compact.append(compact)
            kept.pretty.append(pretty)
        return kept.compact[:k], kept.pretty[:k]

    @classmethod
    def from_dict(cls, data: Any) -> Match:
        """Rebuild a match by replaying a save object. Raises SaveError.

        The format, version and checksum are checked first, then every setup
        field and every action's seat and fields (see :func:`_check_setup`
        and :func:`action_from_json`); only then is the game replayed. An
        action the rules refuse, and as a last line of defence any
        IndexError, OverflowError, TypeError, ValueError or KeyError while
        replaying, is a refusal naming the action's number.
        """
        try:
            return cls._from_dict(data)
        except RecursionError:
            raise SaveError("this save file is nested too deeply to be a save") from None

    @classmethod
    def _from_dict(cls, data: Any) -> Match:
        if type(data) is not dict or data.get("format") != FORMAT_NAME:
            raise SaveError("this is not a boardgames-tui save file")
        version = data.get("version")
        if type(version) is not int or version != FORMAT_VERSION:
            raise SaveError(
                f"this save has format version {shown(version)}; this program reads version {FORMAT_VERSION}"
            )
        body = {k: v for k, v in data.items() if k != "checksum"}
        try:
            expected = _checksum(body)
        except (TypeError, ValueError) as exc:  # not JSON data at all (from_dict called from code)
            raise SaveError("this save holds values that are not JSON") from exc
        if data.get("checksum") != expected:
            raise SaveError("this save file has been changed or damaged (its checksum does not match)")
        game_id, names, seed, options, raw_actions = _check_setup(data)
        seats = _check_seats_field(data, len(names))
        try:
            match = cls.new(game_id, names, seed, options, seats)
        except ValueError as exc:
            raise SaveError(f"this save cannot be set up: {exc}") from exc
        except (IndexError, KeyError, OverflowError, TypeError) as exc:
            raise SaveError("this save cannot be set up") from exc
        types = match.spec.action_types
        for i, item in enumerate(raw_actions):
            where = f"action {i + 1} in the file"
            if type(item) is not list or len(item) != 2:
                raise SaveError(f"{where} is not a pair of a seat and an action")
            seat = item[0]
            if type(seat) is not int or not 0 <= seat < len(names):
                raise SaveError(f"{where} names seat {shown(seat)}; this game has seats 0-{len(names) - 1}")
            try:
                action = action_from_json(item[1], types)
            except SaveError as exc:
                raise SaveError(f"{where}: {exc}") from None
            try:
                match.play(seat, action)
            except IllegalAction as exc:
                raise SaveError(f"{where} is not legal in that game: {_one_line(str(exc))}") from exc
            except (IndexError, KeyError, OverflowError, TypeError, ValueError) as exc:
                raise SaveError(f"{where} cannot be replayed ({type(exc).__name__})") from exc
        return match

    @classmethod
    def from_json(cls, text: str | bytes) -> Match:
        """Rebuild a match from the text (or UTF-8 bytes) of a save file. Raises SaveError.

        Text longer than ``MAX_SAVE_BYTES``, text that is not UTF-8, JSON
        that is truncated or nested too deeply, and numbers more than 40
        digits long are refused before the structure is looked at.
        """
        if len(text) > MAX_SAVE_BYTES:
            raise SaveError(f"this save file is larger than {_size(MAX_SAVE_BYTES)}, the most a save may be")
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError:
                raise SaveError("this save file is not UTF-8 text") from None
        try:
            data = json.loads(text, parse_int=_parse_int)
        except RecursionError:
            raise SaveError("this save file is nested too deeply to be a save") from None
        except ValueError as exc:  # JSONDecodeError is a ValueError
            raise SaveError("this save file is truncated or not JSON") from exc
        return cls.from_dict(data)

    def save(self, path: Path | str) -> Path:
        """Write the match atomically to ``path``; returns the path."""
        path = Path(path)
        atomic_write(path, self.to_json())
        return path

    @classmethod
    def load(cls, path: Path | str) -> Match:
        """Load a match from a file. Raises SaveError (missing, not a file, too big, bad).

        See :func:`read_save_bytes` for what is checked before reading and
        :meth:`from_json` for the rest.
        """
        return cls.from_json(read_save_bytes(Path(path)))


def _one_line(text: str, limit: int = 200) -> str:
    """``text`` on one line, at most ``limit`` characters."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def _size(n: int) -> str:
    """A byte count as players read it: '2 MB', '512 KB', '80 bytes'."""
    if n >= 1024 * 1024:
        return f"{n / (1024 * 1024):.3g} MB"
    if n >= 1024:
        return f"{n / 1024:.3g} KB"
    return f"{n} bytes"


def _kind(mode: int) -> str:
    """What a non-regular file is, in a few words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _file_problem(path: Path) -> tuple[str | None, str | None, os.stat_result | None]:
    """Why ``path`` cannot be a save, judged from its metadata alone.

    Returns (short reason for a listing, one-line message for a refusal,
    stat); the reasons are None when it is a regular, readable file within
    ``MAX_SAVE_BYTES``. A missing file gives the reason "missing". Follows
    symbolic links; never opens the file, so it cannot block.
    """
    try:
        st = os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            return "a link to a missing file", "it is a link to a file that does not exist", None
        return "missing", "there is no such file", None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        why = getattr(exc, "strerror", None) or "bad file name"
        return f"not readable ({why})", f"it cannot be read ({why})", None
    if not stat.S_ISREG(st.st_mode):
        kind = _kind(st.st_mode)
        return kind, f"it is {kind}, not a save file", st
    if st.st_size > MAX_SAVE_BYTES:
        return (
            f"{_size(st.st_size)}, too big",
            f"it is {_size(st.st_size)}; a save file is at most {_size(MAX_SAVE_BYTES)}",
            st,
        )
    if not os.access(path, os.R_OK):
        return "not readable (Permission denied)", "it cannot be read (Permission denied)", st
    return None, None, st


def check_save_file(path: Path) -> os.stat_result:
    """``path``'s stat if it could be a save file, judged from its metadata alone.

    Raises SaveError when nothing is there (or a link points nowhere), when
    it is not a regular file (a folder, a FIFO, a device such as
    ``/dev/zero``), larger than ``MAX_SAVE_BYTES`` or not readable. Never
    opens the file, so it cannot block. The messages say "it" for the file:
    the caller names it.
    """
    _, message, st = _file_problem(path)
    if message is not None or st is None:
        raise SaveError(message or "there is no such file")
    return st


def read_save_bytes(path: Path) -> bytes:
    """The bytes of a save file, read without ever blocking. Raises SaveError.

    The path is checked with :func:`check_save_file` before it is opened,
    then opened non-blocking (a FIFO swapped in meanwhile cannot hang the
    open), checked again on the open file (``fstat``), and read up to one
    byte past the cap, so a file that grows meanwhile is refused too.
    """
    check_save_file(path)
    flags = (
        os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    )
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if exc.errno == errno.ENOENT:
            raise SaveError("there is no such file") from None
        raise SaveError(f"it cannot be read ({exc.strerror or type(exc).__name__})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise SaveError(f"it is {_kind(st.st_mode)}, not a save file")
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_SAVE_BYTES:
            chunk = os.read(fd, min(1 << 16, MAX_SAVE_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise SaveError(f"it cannot be read ({exc.strerror or type(exc).__name__})") from None
    finally:
        os.close(fd)
    if size > MAX_SAVE_BYTES:
        raise SaveError(f"it is larger than {_size(MAX_SAVE_BYTES)}, the most a save file may be")
    return b"".join(chunks)


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
        with contextlib.suppress(OSError):
            os.unlink(tmp)
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


@attrs.frozen
class SaveListing:
    """What a saves folder holds.

    ``files``: the ``*.json`` files that may be read as saves (regular,
    readable, within the size cap), newest first. ``skipped``: (file name,
    why) of every other ``*.json`` entry (a link to nothing, a FIFO, a
    folder, a device, a huge or unreadable file), which is never opened.
    """

    files: tuple[Path, ...] = ()
    skipped: tuple[tuple[str, str], ...] = ()

    def skipped_line(self, limit: int = 200) -> str:
        """The skipped entries on one line ("" when none), names made printable."""
        if not self.skipped:
            return ""
        parts = [f"{printable(name, 30)} ({why})" for name, why in self.skipped]
        return _one_line("; ".join(parts), limit)


def scan_saves(folder: Path) -> SaveListing:
    """The :class:`SaveListing` of ``folder``; empty when there is no such folder.

    Looks at metadata only (never opens a file), so a FIFO or a device
    named ``*.json`` cannot block it, and a dangling link cannot crash it.
    """
    try:
        entries = sorted(e.name for e in os.scandir(folder) if e.name.endswith(".json"))
    except FileNotFoundError:
        return SaveListing()
    except OSError as exc:
        if not os.path.isdir(folder):
            return SaveListing()
        return SaveListing(skipped=((folder.name + "/", f"not readable ({exc.strerror or exc})"),))
    found: list[tuple[float, Path]] = []
    skipped: list[tuple[str, str]] = []
    for name in entries:
        path = folder / name
        problem, _, st = _file_problem(path)
        if problem is None and st is not None:
            found.append((st.st_mtime, path))
        elif problem != "missing":  # a file removed meanwhile is simply gone
            skipped.append((name, problem or "not a save file"))
    found.sort(key=lambda f: f[0], reverse=True)
    return SaveListing(tuple(p for _, p in found), tuple(skipped))


def autosaves() -> list[Path]:
    """Every autosave that may be read, newest first (see :func:`scan_saves`)."""
    return list(scan_saves(autosave_dir()).files)


def autosave_path() -> Path | None:
    """The newest autosave (what the launcher's Continue opens), or None."""
    found = autosaves()
    return found[0] if found else None


def prune_autosaves(keep: int = 30) -> None:
    """Delete the oldest autosaves beyond ``keep`` (abandoned games).

    Only regular files are counted and deleted: whatever else the folder
    holds is left alone.
    """
    for old in autosaves()[keep:]:
        with contextlib.suppress(OSError):
            old.unlink()


def clean_stale_temp_files(max_age: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Remove temporary files left by interrupted atomic writes; return them.

    :func:`atomic_write` names its temporary file ``.<name>.<random>.tmp``
    beside the target; a kill between creating and renaming it leaves it
    behind. Such regular files (never links or anything else) in the
    autosaves and saves folders whose last change is older than
    ``max_age`` seconds are deleted; younger ones may belong to a write
    still in progress (another copy of the program) and are kept.
    """
    removed: list[Path] = []
    now = time.time()
    for folder in (autosave_dir(), saves_dir()):
        try:
            names = [e.name for e in os.scandir(folder) if e.name.startswith(".") and e.name.endswith(".tmp")]
        except OSError:
            continue
        for name in names:
            path = folder / name
            try:
                st = os.lstat(path)
                if stat.S_ISREG(st.st_mode) and now - st.st_mtime > max_age:
                    path.unlink()
                    removed.append(path)
            except OSError:
                continue
    return removed


def printable(text: str, limit: int = 40) -> str:
    """``text`` cut to ``limit`` characters, with every unprintable character as '?'.

    For showing a file name or a name read from a file in a list or a notice:
    no control character (ESC, BEL, a newline) reaches the terminal, and no
    name can flood a line.
    """
    cut = text[:limit]
    out = "".join(ch if ch.isprintable() else "?" for ch in cut)
    return out if len(text) <= limit else out[: limit - 1] + "…"


def save_summary(path: Path) -> str:
    """One line about a save file without replaying it: game, players, actions, time.

    Never raises and never blocks: the file is read as :meth:`Match.load`
    reads it (regular files within the size cap only); anything that is not
    a save says so after the file's name. Names are cut short and made
    printable, since the file could hold anything.
    """
    name = printable(path.name, 40)
    problem, _why, st = _file_problem(path)
    if problem is not None or st is None:
        return f"{name} ({translate_text(problem) if problem else _('missing')})"  # the file's name as it is
    try:
        data = json.loads(read_save_bytes(path).decode("utf-8"), parse_int=_parse_int)
        game = _spec(data["game"]).title
        names = data["names"]
        actions = data["actions"]
        if type(names) is not list or not all(type(n) is str for n in names) or type(actions) is not list:
            raise ValueError("not a save")
    except (SaveError, ValueError, KeyError, TypeError, RecursionError, AttributeError):
        return _("{file} (not a readable save)").format(file=name)
    shown_names = ", ".join(printable(n, 24) for n in names[:MAX_SEATS])
    when = local_time(st.st_mtime, "d MMM HH:mm")  # fits a launcher line at 80 columns
    return ngettext(
        "{game} with {names}, {count} action, {when}",
        "{game} with {names}, {count} actions, {when}",
        len(actions),
    ).format(game=game, names=shown_names, count=len(actions), when=when)


def saves_dir() -> Path:
    """The folder for games saved by hand."""
    return data_dir() / "saves"
