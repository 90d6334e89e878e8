"""The asteroid field drawn as a grid of card-sized cells (Sheet: "the asteroid field is a grid").

Pure drawing: :func:`render_field` turns the occupied cells plus the marks of
the moment (legal cells, the highlighted choice, a shot's lines) into a Rich
``Text``. Every card is a small box edge to edge with its neighbours, as the
cards lie on the table; an empty cell is blank. The top edge carries column
numbers and the left edge row numbers, in the engine's coordinates, the same
the log and the chooser use ("row 1 col -2"); they may be negative because
the field grows every way.

Two sizes (:data:`COMPACT` 6x2 beside the log at 80x24, :data:`LARGE` 9x4
when the whole field fits that way). Inside a card (never colour alone,
readable with NO_COLOR=1):

- ``░░░░`` a face-down card (asteroid or abandoned base: nobody knows which)
- ``░A░░`` a face-down card carrying seat A's token (in reverse video: yours)
- ``~~~~`` a face-up Electric Eel lying in the field (``Eel`` when large)
- a blank cell: empty (never filled, or a gap left by an excavation)
- `` +  `` in a dotted box: an empty cell you may choose; ``(░░)`` a card you may choose
- ``>░░<`` the highlighted choice (in reverse video)
- ``-░░-`` ``|░░|`` ``\\░░\\`` ``/░░/`` a card crossed by a shot's line; ``*A░*`` a hit
- once the game is over, every card face up: its name and copper (``Mine3``).
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from functools import partial

import attrs
from rich.console import Console
from rich.text import Text
from textual.strip import Strip

from boardgames_tui.engine import seat_letter

from .model import Cell, FieldCell
from .pieces import Pieces, join

#: Styles added to the glyphs (the glyphs alone carry the meaning).
STYLE_CARD = ""
STYLE_TOKEN = "bold"
STYLE_OWN = "bold reverse"
STYLE_LEGAL = "bold green"
STYLE_CURSOR = "bold reverse"
STYLE_LINE = "yellow"
STYLE_HIT = "bold reverse"
STYLE_EEL = "bold cyan"
STYLE_FACE = "bold"
STYLE_LABEL = "dim"

#: Characters of the row numbers on the left edge (a space included).
LABEL_WIDTH = 4
SHADE = "░"


@attrs.frozen
class CellSize:
    """A card's size on screen: ``width`` x ``height`` characters, borders included."""

    width: int
    height: int

    @property
    def inner(self) -> int:
        return self.width - 2


#: 6x2: a top edge and one line inside (the next row's edge closes it).
COMPACT = CellSize(6, 2)
#: 9x4: a whole box with two lines inside.
LARGE = CellSize(9, 4)

#: Kept for callers that only need the compact width.
CELL_WIDTH = COMPACT.width


def line_glyph(dr: int, dc: int) -> str:
    """The character drawn for a shot line running in direction (dr, dc)."""
    if dr == 0:
        return "-"
    if dc == 0:
        return "|"
    return "\\" if dr == dc else "/"


def field_size(size: tuple[int, int], cell: CellSize) -> tuple[int, int]:
    """(width, height) in characters of a field of ``size`` (rows, cols) drawn with ``cell``."""
    rows, cols = size
    return LABEL_WIDTH + cols * cell.width, 1 + rows * cell.height


@attrs.frozen
class FieldLook:
    """What a drawing of the field shows besides the cards (the keywords of :func:`render_field`
    and :func:`field_strips`).

    ``origin`` is the top-left cell drawn and ``size`` (rows, cols) the
    extent; ``legal`` are the cells the player may pick now and ``cursor``
    the highlighted one; ``lines`` maps each cell a shot's lines cross to its
    glyph (:func:`line_glyph`) and ``hits`` are the cells whose token or eel
    that shot hits; ``faces`` gives the (name, copper) of cards shown face up
    (the field turned over at game end); ``cell`` the card size; a token of
    ``own_seat`` is drawn as the viewer's own.
    """

    origin: Cell
    size: tuple[int, int]
    own_seat: int | None = None
    legal: frozenset = attrs.field(default=frozenset(), converter=frozenset)
    cursor: Cell | None = None
    lines: dict = attrs.field(factory=dict, converter=lambda v: dict(v or {}))
    hits: frozenset = attrs.field(default=frozenset(), converter=frozenset)
    faces: dict = attrs.field(factory=dict, converter=lambda v: dict(v or {}))
    cell: CellSize = COMPACT


def render_field(field: Mapping[Cell, FieldCell], **look: object) -> Text:
    """The field as text: a header line of column numbers, then each row of cards.

    ``look`` holds the keywords of :class:`FieldLook` (``origin`` and ``size`` required).
    Raises TypeError on a keyword it does not name.
    """
    view = FieldLook(**look)  # type: ignore[arg-type]  # keywords checked by attrs (TypeError)
    origin, own_seat, legal, cursor = view.origin, view.own_seat, view.legal, view.cursor
    lines, hits, faces, cell = view.lines, view.hits, view.faces, view.cell
    rows, cols = view.size
    w = cell.width
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append(" " * LABEL_WIDTH, STYLE_LABEL)
    for c in range(cols):
        out.append(f"{origin[1] + c:^{w}}", STYLE_LABEL)
    for r in range(rows):
        grid = [Text() for _ in range(cell.height)]
        for k, line in enumerate(grid):
            label = f"{origin[0] + r:>{LABEL_WIDTH - 1}} " if k == cell.height // 2 else " " * LABEL_WIDTH
            line.append(label, STYLE_LABEL)
        for c in range(cols):
            here = (origin[0] + r, origin[1] + c)
            for k, part in enumerate(
                _card(field.get(here), here, own_seat, legal, cursor, lines, hits, faces, cell)
            ):
                grid[k].append_text(part)
        for line in grid:
            out.append("\n")
            out.append_text(line)
    return out


def field_strips(
    console: Console, pieces: Pieces, field: Mapping[Cell, FieldCell], **look: object
) -> list[Strip]:
    """The rows of :func:`render_field` (same keywords) as Strips, each card rendered once per look.

    Exactly what ``text_strips(render_field(...))`` gives, built from the
    cards kept in ``pieces``: a new highlight or legal mark renders the cards
    it changes, not the field.
    """
    view = FieldLook(**look)  # type: ignore[arg-type]  # keywords checked by attrs (TypeError)
    origin, own_seat, legal, cursor = view.origin, view.own_seat, view.legal, view.cursor
    lines, hits, faces, cell = view.lines, view.hits, view.faces, view.cell
    rows, cols = view.size
    w = cell.width

    def header() -> list[Text]:
        line = Text()
        line.append(" " * LABEL_WIDTH, STYLE_LABEL)
        for c in range(cols):
            line.append(f"{origin[1] + c:^{w}}", STYLE_LABEL)
        return [line]

    out = [join(pieces.block(console, ("field-header", origin[1], cols, w), header))]
    for r in range(rows):
        row = origin[0] + r
        labels = pieces.block(
            console,
            ("field-labels", row, cell),
            partial(_row_labels, row, cell),
        )
        cards = []
        for c in range(cols):
            here = (row, origin[1] + c)
            occupant = field.get(here)
            mark = _mark(here, cursor, hits, legal, lines)
            key = (
                "field-card",
                occupant,
                mark,
                lines.get(here) if mark == "line" else None,
                faces.get(here),
                occupant is not None and occupant.token is not None and occupant.token == own_seat,
                cell,
            )
            cards.append(
                pieces.block(
                    console,
                    key,
                    partial(_card, occupant, here, own_seat, legal, cursor, lines, hits, faces, cell),
                )
            )
        for k in range(cell.height):
            out.append(join([labels[k], *(card[k] for card in cards)]))
    return out


def _mark(
    here: Cell,
    cursor: Cell | None,
    hits: AbstractSet[Cell],
    legal: AbstractSet[Cell],
    lines: Mapping[Cell, str],
) -> str:
    """What marks a cell now: 'cursor', 'hit', 'legal', 'line' (a shot crosses it) or ''."""
    if here == cursor:
        return "cursor"
    if here in hits:
        return "hit"
    if here in legal:
        return "legal"
    if here in lines:
        return "line"
    return ""


def _row_labels(row: int, cell: CellSize) -> list[Text]:
    """The label column beside one row of cells: the row's number on its middle line."""
    return [
        Text(f"{row:>{LABEL_WIDTH - 1}} " if k == cell.height // 2 else " " * LABEL_WIDTH, STYLE_LABEL)
        for k in range(cell.height)
    ]


def _card(
    occupant: FieldCell | None,
    here: Cell,
    own_seat: int | None,
    legal: AbstractSet[Cell],
    cursor: Cell | None,
    lines: Mapping[Cell, str],
    hits: AbstractSet[Cell],
    faces: Mapping[Cell, tuple[str, int]],
    cell: CellSize,
) -> list[Text]:
    """The lines of one cell: a card box (or blank) with its marks."""
    w, inner = cell.width, cell.inner
    mark = _mark(here, cursor, hits, legal, lines)
    if occupant is None or occupant.gap:
        if mark in ("", "hit"):
            return [Text(" " * w) for _ in range(cell.height)]
        if mark == "line":
            g = lines[here]
            glyph = Text(f"{g * 2:^{w}}", STYLE_LINE)
            return [Text(" " * w) if k != cell.height // 2 else glyph for k in range(cell.height)]
        style = STYLE_CURSOR if mark == "cursor" else STYLE_LEGAL
        core = ">+<" if mark == "cursor" else "+"
        box = _box(cell, [f"{core:^{inner}}"] + [" " * inner] * (cell.height - 2), style, dotted=True)
        return box
    # an occupied cell: its face (or back) and marks
    token = occupant.token
    if here in faces:
        name, copper = faces[here]
        if cell is LARGE:
            body = [f"{name[:inner]:^{inner}}", f"{str(copper) + 'cu':^{inner}}"]
        else:
            body = [f"{name[: inner - 1]}{copper}"[:inner].ljust(inner)]
        style = STYLE_FACE
    elif occupant.eel:
        body = [f"{'Eel':^{inner}}", "~" * inner] if cell is LARGE else ["~" * inner]
        style = STYLE_EEL
    else:
        letter = seat_letter(token) if token is not None else SHADE
        if cell is LARGE:
            half = (inner - 1) // 2
            body = [SHADE * half + letter + SHADE * (inner - half - 1), SHADE * inner]
        else:
            body = [SHADE + letter + SHADE * (inner - 2)]
        style = STYLE_CARD if token is None else (STYLE_OWN if token == own_seat else STYLE_TOKEN)
    ends: tuple[str, str] | None = None  # the marks at either end of the first line
    edge_style = style
    if mark == "cursor":
        ends, edge_style = (">", "<"), STYLE_CURSOR
    elif mark == "hit":
        ends, edge_style = ("*", "*"), STYLE_HIT
    elif mark == "legal":
        ends, edge_style = ("(", ")"), STYLE_LEGAL
    elif mark == "line":
        g = lines[here]
        ends, edge_style = (g, g), STYLE_LINE
    if ends is not None:
        body[0] = ends[0] + body[0][1:-1] + ends[1]
    return _box(cell, body, edge_style if mark else style, token_style=style if mark else None)


def _box(
    cell: CellSize, body: list[str], style: str, dotted: bool = False, token_style: str | None = None
) -> list[Text]:
    """A card box of ``cell`` size around ``body`` (one string per inside line)."""
    inner = cell.inner
    h, v = ("┄", "┆") if dotted else ("─", "│")
    out = [Text("┌" + h * inner + "┐", style if style else "dim")]
    for line in body[: cell.height - 1 - (1 if cell is LARGE else 0)]:
        t = Text(v, style or "")
        t.append(line, token_style or style)
        t.append(v, style or "")
        out.append(t)
    if cell is LARGE:
        out.append(Text("└" + h * inner + "┘", style if style else "dim"))
    return out


def cell_region(cell: Cell, origin: Cell, size: CellSize = COMPACT) -> tuple[int, int, int, int]:
    """(x, y, width, height) of ``cell`` inside the text of :func:`render_field` (for scrolling to it)."""
    return (
        LABEL_WIDTH + size.width * (cell[1] - origin[1]),
        1 + size.height * (cell[0] - origin[0]),
        size.width,
        size.height,
    )


def cell_at(x: int, y: int, origin: Cell, size: CellSize = COMPACT) -> Cell | None:
    """The field cell under the point (x, y) of the field's text (a click), or None on an edge label."""
    if x < LABEL_WIDTH or y < 1:
        return None
    return (origin[0] + (y - 1) // size.height, origin[1] + (x - LABEL_WIDTH) // size.width)
