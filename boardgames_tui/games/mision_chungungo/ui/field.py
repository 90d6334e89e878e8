"""The asteroid field drawn as a grid of text cells (Sheet: "the asteroid field is a grid").

Pure drawing: :func:`render_field` turns the occupied cells plus the marks of
the moment (legal cells, the highlighted choice, a shot's lines) into a Rich
``Text``. Every cell is three characters wide, so 15 columns fit beside the
log at 80x24. The top edge carries column numbers and the left edge row
numbers, in the engine's coordinates, the same the log and the chooser use
("row 1 col -2"); they may be negative because the field grows every way.

Cell glyphs (never colour alone, readable with NO_COLOR=1):

- ``[?]`` a face-down card (asteroid or abandoned base: nobody knows which)
- ``[A]`` a face-down card carrying seat A's token
- ``[~]`` a face-up Electric Eel lying in the field
- `` . `` an empty cell (never filled, or a gap left by an excavation)
- `` + `` an empty cell you may choose, ``(?)`` a card you may choose
- ``>?<`` the highlighted choice
- ``-?-`` ``|?|`` ``\\?\\`` ``/?/`` a cell crossed by a shot's line; ``*A*`` a hit
"""

from __future__ import annotations

from typing import Iterable, Mapping

from rich.text import Text

from boardgames_tui.engine import seat_letter

from .model import Cell, FieldCell

#: Styles added to the glyphs (the glyphs alone carry the meaning).
STYLE_TOKEN = "bold"
STYLE_OWN = "bold reverse"
STYLE_LEGAL = "bold green"
STYLE_CURSOR = "bold reverse"
STYLE_LINE = "yellow"
STYLE_HIT = "bold reverse"
STYLE_EEL = "bold cyan"
STYLE_EMPTY = "dim"
STYLE_LABEL = "dim"

#: Characters per cell.
CELL_WIDTH = 3
#: Characters of the row numbers on the left edge (a space included).
LABEL_WIDTH = 4


def line_glyph(dr: int, dc: int) -> str:
    """The character drawn for a shot line running in direction (dr, dc)."""
    if dr == 0:
        return "-"
    if dc == 0:
        return "|"
    return "\\" if dr == dc else "/"


def render_field(
    field: Mapping[Cell, FieldCell],
    *,
    origin: Cell,
    size: tuple[int, int],
    own_seat: int | None = None,
    legal: Iterable[Cell] = (),
    cursor: Cell | None = None,
    lines: Mapping[Cell, str] | None = None,
    hits: Iterable[Cell] = (),
) -> Text:
    """The field as text: a header line of column numbers, then one line per row.

    ``origin`` is the top-left cell drawn and ``size`` (rows, cols) the
    extent; ``legal`` are the cells the player may pick now and ``cursor``
    the highlighted one; ``lines`` maps each cell a shot's lines cross to its
    glyph (:func:`line_glyph`) and ``hits`` are the cells whose token or eel
    that shot hits.
    """
    legal = set(legal)
    hits = set(hits)
    lines = dict(lines or {})
    rows, cols = size
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append(" " * LABEL_WIDTH, STYLE_LABEL)
    for c in range(cols):
        out.append(f"{origin[1] + c:^3}", STYLE_LABEL)
    for r in range(rows):
        out.append("\n")
        out.append(f"{origin[0] + r:>{LABEL_WIDTH - 1}} ", STYLE_LABEL)
        for c in range(cols):
            cell = (origin[0] + r, origin[1] + c)
            occupant = field.get(cell)
            empty = occupant is None or occupant.gap
            glyph, style = _cell_text(occupant, own_seat)
            mid = glyph[1]
            if cell == cursor:
                glyph, style = (">+<" if empty else f">{mid}<"), STYLE_CURSOR
            elif cell in hits:
                glyph, style = f"*{mid}*", STYLE_HIT
            elif cell in legal:
                glyph, style = (" + " if empty else f"({mid})"), STYLE_LEGAL
            elif cell in lines:
                g = lines[cell]
                glyph = f" {g} " if empty else f"{g}{mid}{g}"
                style = STYLE_LINE
            out.append(glyph, style)
    return out


def _cell_text(cell: FieldCell | None, own_seat: int | None) -> tuple[str, str]:
    if cell is None or cell.gap:
        return (" . ", STYLE_EMPTY)
    if cell.eel:
        return ("[~]", STYLE_EEL)
    if cell.token is not None:
        return (f"[{seat_letter(cell.token)}]", STYLE_OWN if cell.token == own_seat else STYLE_TOKEN)
    return ("[?]", "")


def cell_region(cell: Cell, origin: Cell) -> tuple[int, int]:
    """(x, y) of ``cell`` inside the text of :func:`render_field` (for scrolling to it)."""
    return (LABEL_WIDTH + CELL_WIDTH * (cell[1] - origin[1]), 1 + cell[0] - origin[0])
