"""Player names: the one rule that setup, ``--names`` and the save loader share.

A name is shown on every screen (the curtain, the status line, the boards,
the log, game over), so it must be something a terminal can show as it is:

- surrounding spaces are dropped; an empty or all-space name is refused,
  and so is one with nothing visible (only zero-width characters or marks);
- control characters are refused: C0 (ESC, BEL, newline, tab...), DEL and
  C1, which would reach the terminal as commands (an OSC title sequence, a
  screen clear), and the Unicode line/paragraph separators and bidi
  embedding/override/isolate controls, which would move the text after the
  name around;
- at most :data:`MAX_NAME_WIDTH` columns: the status line reads
  "Misión Chungungo | A <name>: <what to do>" and still has room for the
  prompt at 80 columns, the curtain and game-over lines keep a name on one
  line, and the setup field is 30 columns wide. Emoji and CJK characters
  take two columns; combining marks none. At most
  :data:`MAX_NAME_CHARS` code points, so a stack of combining marks is
  bounded too;
- the text is NFC-normalised, so "é" typed as one character or as "e" plus
  an accent is the same name.

Two seats may not have the same name. Names that differ only in case
("Ana" and "ana") are allowed: every screen shows a name with its seat
letter ("A Ana", "B ana"), so they are never confused.

This module is pure Python (no textual, no rich), like the rest of the engine.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Any

from boardgames_tui.i18n import N_, _, shapes

from .core import SEAT_LETTERS

#: The shapes of the refusals below, marked for translation: the messages stay English
#: here, a screen translates one by its shape (``boardgames_tui.i18n.translate_text``).
TEXTS = shapes(
    N_("a name must be text, not {kind}"),
    N_("a name is too long ({length} characters; at most {most})"),
    N_("a name cannot be empty or only spaces"),
    N_("the name '{name}' holds the control character {character}"),
    N_("a name needs at least one visible character"),
    N_("the name {name}... is too long ({length} characters and marks; at most {most})"),
    N_(
        "the name {name}... is too long ({width} columns; at most {most}, where emoji and CJK characters take two)"
    ),
    N_("seat {seat}: {reason}"),
    N_("seats {first} and {second} are both {name}"),
)

#: Widest name, in terminal columns (see the module docstring for why 20).
MAX_NAME_WIDTH = 20
#: Most code points in a name (combining marks take no column).
MAX_NAME_CHARS = 2 * MAX_NAME_WIDTH

#: Format characters that reorder or break the text around them.
_LAYOUT_CONTROLS = frozenset(
    "\u2028\u2029"  # line and paragraph separators
    "\u202a\u202b\u202c\u202d\u202e"  # bidi embeddings and overrides
    "\u2066\u2067\u2068\u2069"  # bidi isolates
)


def _is_control(ch: str) -> bool:
    return unicodedata.category(ch) in ("Cc", "Cs") or ch in _LAYOUT_CONTROLS


def _describe(ch: str) -> str:
    """'ESC (U+001B)': a control character named for the message."""
    names = {
        "\x1b": "ESC",
        "\x07": "BEL",
        "\n": "a line break",
        "\r": "a carriage return",
        "\t": "a tab",
        "\x7f": "DEL",
    }
    name = names.get(ch) or unicodedata.name(ch, "a control character")
    return f"{name} (U+{ord(ch):04X})"


def name_width(name: str) -> int:
    """Columns ``name`` takes in a terminal: 2 for wide characters, 0 for combining marks."""
    width = 0
    for ch in name:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def without_controls(text: str) -> str:
    """``text`` with every character :func:`check_name` refuses as a control removed."""
    return "".join(ch for ch in text if not _is_control(ch))


def check_name(name: Any) -> str:
    """The name a player typed, cleaned: ``"  Ana "`` -> ``"Ana"``.

    Raises ValueError, with a message to show the player, for a name that is
    not a string, is empty or all spaces, holds a control character, or is
    longer than :data:`MAX_NAME_WIDTH` columns. See the module docstring.
    """
    if not isinstance(name, str):
        raise ValueError(f"a name must be text, not {type(name).__name__}")
    if len(name) > 4 * MAX_NAME_CHARS:  # do not scan a huge string further
        raise ValueError(f"a name is too long ({len(name):,} characters; at most {MAX_NAME_WIDTH})")
    text = unicodedata.normalize("NFC", name.strip())
    if not text:
        raise ValueError("a name cannot be empty or only spaces")
    bad = next((ch for ch in text if _is_control(ch)), None)
    if bad is not None:
        raise ValueError(f"the name '{_printable(text)}' holds the control character {_describe(bad)}")
    if name_width(text) == 0:
        raise ValueError("a name needs at least one visible character")
    if len(text) > MAX_NAME_CHARS:
        raise ValueError(
            f"the name {text[:8]}... is too long ({len(text)} characters and marks; at most {MAX_NAME_CHARS})"
        )
    if name_width(text) > MAX_NAME_WIDTH:
        raise ValueError(
            f"the name {text[:8]}... is too long ({name_width(text)} columns; at most {MAX_NAME_WIDTH}, "
            "where emoji and CJK characters take two)"
        )
    return text


def check_names(names: Iterable[Any]) -> tuple[str, ...]:
    """Every seat's name through :func:`check_name`, in seat order; no two alike.

    Raises ValueError naming the seat: ``"seat B: a name cannot be empty..."``,
    or ``"seats A and C are both Ana"`` for two identical names (after
    cleaning; names differing only in case are allowed).
    """
    out: list[str] = []
    for seat, raw in enumerate(names):
        try:
            name = check_name(raw)
        except ValueError as exc:
            raise ValueError(f"seat {_letter(seat)}: {exc}") from None
        if name in out:
            raise ValueError(f"seats {_letter(out.index(name))} and {_letter(seat)} are both {name}")
        out.append(name)
    return tuple(out)


def _letter(seat: int) -> str:
    return SEAT_LETTERS[seat] if seat < len(SEAT_LETTERS) else f"#{seat + 1}"


def _printable(text: str) -> str:
    """``text`` with its control characters made visible (for messages)."""
    return "".join(ch if not _is_control(ch) else f"\\u{ord(ch):04x}" for ch in text)


#: How a computer player's seat is named on the board, in the log, at game over and in replays
#: and the history, so that nobody takes it for the person whose name it carries.
COMPUTER_NAME = N_("{name} (PC)")


def computer_mark() -> str:
    """What :data:`COMPUTER_NAME` adds after a name in the current language (" (PC)")."""
    return _(COMPUTER_NAME).format(name="")


def marked_names(names: Iterable[str], seats: Iterable[str] | None, human: str = "human") -> tuple[str, ...]:
    """``names`` as the screens show them: a computer player's seat marked "Beto (PC)" (translated).

    ``seats`` holds one kind per name (``"human"`` or a computer player's
    level, as ``Match.seats``); None when it is not known (an old history
    file), and then no name is marked. A seat kind list shorter than the
    names leaves the rest unmarked.
    """
    names = tuple(names)
    kinds = tuple(seats) if seats is not None else ()
    return tuple(
        _(COMPUTER_NAME).format(name=name) if seat < len(kinds) and kinds[seat] != human else name
        for seat, name in enumerate(names)
    )
