"""What the Misión Chungungo widgets draw, read from a seat's view only.

:func:`table_of` is the one place that reads the engine's state fields; the
widgets draw a :class:`Table`. Nothing here touches the full state: the
board gets ``ctx.view`` (``state.view(seat)``), where another player's hand
and every face-down card are already placeholders.

Cells are named on screen by the engine's own coordinates ("row 1 col -2"),
the same words the log uses, and the field's edges carry those numbers.
"""

from __future__ import annotations

from typing import Any, Iterable

import attrs
from rich.console import RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from boardgames_tui.engine import Pass, seat_letter
from boardgames_tui.ui.board import BoardContext

from .. import data
from ..data import CARDS
from ..rules import (
    ChungungoState,
    Excavate,
    GiveChungungo,
    Leap,
    PlaceAsteroid,
    PlaceEel,
    PlaceToken,
    PlayCard,
    PlayEel,
    Regroup,
    Shoot,
    Strike,
    shot_cells,
)

Cell = tuple[int, int]

#: Short names of the abandoned bases beside a discard pile.
BASE_MARK = {data.KIND_MINE: "Mine", data.KIND_FURY: "Fury"}


@attrs.frozen
class FieldCell:
    """One occupied cell of the asteroid field.

    ``eel``: a face-up Electric Eel (Rulebook: Electric Eel); otherwise a
    face-down card. ``token``: the seat whose token stands on it, or None.
    ``gap`` marks a hole on purpose (the engine's gaps are simply empty cells).
    """

    eel: bool = False
    token: int | None = None
    gap: bool = False


@attrs.frozen
class PlayerRow:
    """The public facts of one seat (Sheet: copper totals are public)."""

    seat: int
    copper: int
    hand: int
    pile: int
    pile_top: str | None
    bases: tuple[str, ...]


@attrs.frozen
class Table:
    """Everything the board draws for one screen, from one view."""

    field: dict[Cell, FieldCell]
    players: tuple[PlayerRow, ...]
    deck: int
    target: int
    to_move: tuple[int, ...]
    current: int
    phase: str
    #: The seat's own hand (card ids), or None for a public screen.
    hand: tuple[int, ...] | None
    #: The card being resolved this turn (public), or -1.
    card_in_play: int = -1
    #: The pending step of the card being resolved ("" when none).
    step: str = ""
    terminal: bool = False
    view: Any = attrs.field(default=None, eq=False, repr=False)


@attrs.frozen
class FieldLayout:
    """Which part of the grid is drawn: ``origin`` (top-left cell), ``size`` (rows, cols), ``legal`` cells."""

    origin: Cell
    size: tuple[int, int]
    legal: frozenset[Cell]


def table_of(view: ChungungoState, seat: int | None) -> Table:
    """Read a :class:`Table` from ``view`` (``state.view(seat)``)."""
    tokens = {t: s for s, t in enumerate(view.tokens) if t is not None}
    field = {c.pos: FieldCell(eel=c.face_up, token=tokens.get(c.pos)) for c in view.field}
    players = []
    for s in range(view.seats):
        pile = view.discards[s]
        players.append(
            PlayerRow(
                seat=s,
                copper=view.copper[s],
                hand=len(view.hands[s]),
                pile=len(pile),
                pile_top=CARDS[pile[-1]].title if pile else None,
                bases=tuple(BASE_MARK.get(CARDS[b].kind, "?") for b in view.bases[s]),
            )
        )
    hand = view.hands[seat] if seat is not None else None
    return Table(
        field=field,
        players=tuple(players),
        deck=len(view.deck),
        target=view.target,
        to_move=view.to_move,
        current=view.current,
        phase=view.phase,
        hand=hand,
        card_in_play=view.card_in_play,
        step=view.steps[0] if view.steps else "",
        terminal=view.is_terminal,
        view=view,
    )


def action_cell(action: Any) -> Cell | None:
    """The field cell an action picks (placing, token, Excavate, Quantum Leap, eel), else None."""
    if type(action) in (PlaceAsteroid, PlaceToken, Excavate, Leap, PlaceEel):
        return (action.row, action.col)
    return None


def field_layout(table: Table, legal: Iterable[Any]) -> FieldLayout:
    """The drawn extent: the field's bounding box grown to hold every legal cell.

    When the seat is placing a card, every empty cell next to the field is
    legal, so the box grows by one on each side that needs it.
    """
    cells = {action_cell(a) for a in legal} - {None}
    every = set(table.field) | cells
    if not every:
        every = {(0, 0)}
    rows = [r for r, _ in every]
    cols = [c for _, c in every]
    origin = (min(rows), min(cols))
    size = (max(rows) - origin[0] + 1, max(cols) - origin[1] + 1)
    return FieldLayout(origin, size, frozenset(cells))  # type: ignore[arg-type]


def cell_words(cell: Cell) -> str:
    """'row 1 col -2': a cell in the engine's coordinates, as on the field's edges and in the log."""
    return f"row {cell[0]} col {cell[1]}"


def direction_from(here: Cell | None, cell: Cell) -> str:
    """'above you', 'left of you'... for a cell next to ``here`` ('' otherwise)."""
    if here is None:
        return ""
    dr, dc = cell[0] - here[0], cell[1] - here[1]
    return {(-1, 0): "above you", (1, 0): "below you", (0, -1): "left of you", (0, 1): "right of you"}.get(
        (dr, dc), ""
    )


def card_of_action(action: Any, table: Table) -> int | None:
    """The card id a PlayCard action plays, else None."""
    if type(action) is PlayCard:
        return action.card
    return None


def card_short(card_id: int) -> str:
    """'Picadora 2cu': a card's name and copper."""
    c = CARDS[card_id]
    return f"{c.title} {c.copper}cu"


_SHORT_STEP = {
    "excavate": "Excavate",
    "attract": "Attract",
    "leap": "Leap",
    "strike": "Strike a player",
    "regroup": "Regroup",
}
_WAYS = {
    frozenset(data.DIRECTIONS): "all 8 ways",
    frozenset(("N", "E", "S", "W")): "4 straight ways",
    frozenset(("NE", "SE", "SW", "NW")): "4 diagonals",
}


def shot_words(card_id: int) -> str:
    """A shot pattern in a few words: 'up', 'left+right', '4 diagonals', 'all 8 ways'."""
    c = CARDS[card_id]
    ways = _WAYS.get(frozenset(c.pattern))
    if ways is None:
        ways = "+".join(c.pattern_text().split(", "))
    return ways


def short_text(card_id: int) -> str:
    """A card's ability in a few words for the chooser ('Excavate, Leap'; 'Shot up (turnable)')."""
    c = CARDS[card_id]
    if c.kind == data.KIND_KIT:
        return "Excavate or Leap"
    if c.kind == data.KIND_EEL:
        return "only to cancel a crew card"
    parts = []
    for step in c.steps:
        words = []
        for alt in step.split("|"):
            if alt == "shot":
                words.append(f"Shot {shot_words(card_id)}" + ("" if c.symmetric else " (turnable)"))
            else:
                words.append(_SHORT_STEP.get(alt, alt))
        parts.append(" or ".join(words))
    return ", ".join(parts)


def label(action: Any, table: Table, ctx: BoardContext, layout: FieldLayout) -> str:
    """The chooser's text for ``action`` (short: the board shows the rest)."""
    view: ChungungoState = table.view
    seat = ctx.seat
    t = type(action)
    here = view.tokens[seat] if seat is not None else None
    if t is PlaceAsteroid:
        return f"Place asteroid at {cell_words(action_cell(action))}"  # type: ignore[arg-type]
    if t is PlaceToken:
        return f"Token on {cell_words(action_cell(action))}"  # type: ignore[arg-type]
    if t is Excavate:
        cell = action_cell(action)
        side = direction_from(here, cell)  # type: ignore[arg-type]
        return f"Excavate {cell_words(cell)}" + (f" ({side})" if side else "")  # type: ignore[arg-type]
    if t is Leap:
        return f"Quantum Leap to {cell_words(action_cell(action))}"  # type: ignore[arg-type]
    if t is PlaceEel:
        return f"Place the eel at {cell_words(action_cell(action))}"  # type: ignore[arg-type]
    if t is PlayCard:
        return f"{card_short(action.card)}: {short_text(action.card)}"
    if t is Regroup:
        n = len(view.discards[seat]) if seat is not None else 0
        return f"Regroup: take your {n} discarded card{'s' if n != 1 else ''} back"
    if t is Shoot:
        card = view.card_in_play
        hit, eels = view.shot_targets(seat, card, action.flipped) if seat is not None else ((), ())
        way = "turned 180" if action.flipped else "as printed"
        return f"Shoot {way} ({CARDS[card].pattern_text(action.flipped)}): {_hits_words(hit, eels, ctx)}"
    if t is Strike:
        n = stealable(view, action.target)
        what = f"{_count(n, 'card')} to steal" if n else "nothing to steal"
        return f"Strike {ctx.who(action.target)} ({what})"
    if t is GiveChungungo:
        who = "yourself" if action.target == seat else ctx.who(action.target)
        return f"Give the Furious Chungungo to {who}"
    if t is PlayEel:
        return "Play your Electric Eel: cancel the card"
    if t is Pass:
        if table.phase == "react":
            return "Pass: let the card take effect"
        return "Stop: strike nobody else"
    return str(action)


def stealable(view: ChungungoState, seat: int) -> int:
    """Cards in ``seat``'s hand that a Struck could take: all but its Starter Kit (Rulebook: Struck).

    Public: a kit not on its owner's discard pile is in that hand.
    """
    kit_in_hand = data.KIT_IDS[seat] not in view.discards[seat]
    return max(0, len(view.hands[seat]) - (1 if kit_in_hand else 0))


def _hits_words(hit: Iterable[int], eels: Iterable[Cell], ctx: BoardContext) -> str:
    hit = list(hit)
    eels = list(eels)
    parts = []
    if hit:
        parts.append("strikes " + ", ".join(ctx.who(s) for s in hit))
    if eels:
        parts.append(f"takes {len(eels)} eel{'s' if len(eels) != 1 else ''}")
    return "; ".join(parts) if parts else "hits nobody"


def shot_of(action: Any, table: Table) -> tuple[int, bool] | None:
    """(card id, flipped) of the shot ``action`` fires or would fire, else None.

    A Shoot fires the card in play; playing a shot card previews it as printed.
    """
    if type(action) is Shoot and table.card_in_play >= 0:
        return (table.card_in_play, action.flipped)
    if type(action) is PlayCard and CARDS[action.card].pattern:
        return (action.card, False)
    return None


def shot_marks(action: Any, table: Table, ctx: BoardContext) -> tuple[dict[Cell, str], set[Cell]]:
    """A shot's lines ({cell: glyph}) and the cells it hits (tokens struck, eels taken)."""
    from .field import line_glyph

    shot = shot_of(action, table)
    seat = ctx.seat
    view: ChungungoState = table.view
    if shot is None or seat is None or view.tokens[seat] is None:
        return ({}, set())
    card, flipped = shot
    origin = view.tokens[seat]
    lines: dict[Cell, str] = {}
    for d in CARDS[card].pattern:
        dr, dc = data.DIRECTIONS[d]
        if flipped:
            dr, dc = -dr, -dc
        for cell in shot_cells(view.field, origin, (d,), flipped):
            lines[cell] = line_glyph(dr, dc)
    hit, eels = view.shot_targets(seat, card, flipped)
    hits = {view.tokens[s] for s in hit} | set(eels)
    return lines, hits  # type: ignore[return-value]


def preview_text(action: Any, table: Table, ctx: BoardContext) -> str:
    """One or two lines on what the highlighted choice would do.

    For a cell that another choice also picks (Excavate or Quantum Leap onto
    the same card), it names that choice and its number.
    """
    text = _preview_text(action, table, ctx)
    cell = action_cell(action)
    if cell is not None:
        legal = list(ctx.legal)
        others = [(i, a) for i, a in enumerate(legal) if a != action and action_cell(a) == cell]
        for i, other in others:
            verb = "Quantum Leap" if type(other) is Leap else "Excavate" if type(other) is Excavate else str(other)
            text += f"\nOr {verb} here: choice {i + 1}."
    return text


def _preview_text(action: Any, table: Table, ctx: BoardContext) -> str:
    view: ChungungoState = table.view
    seat = ctx.seat
    t = type(action)
    if t is PlayCard:
        c = CARDS[action.card]
        text = f"{c.title} {c.copper}cu: {c.text}"
        if c.pattern and seat is not None and view.tokens[seat] is not None:
            hit, eels = view.shot_targets(seat, action.card, False)
            text += f"\nAs printed: {_hits_words(hit, eels, ctx)}."
            if not c.symmetric:
                hit2, eels2 = view.shot_targets(seat, action.card, True)
                text += f" Turned: {_hits_words(hit2, eels2, ctx)}."
        if c.kind == data.KIND_CREW and view.seats > 1:
            text += " An eel may cancel it."
        return text
    if t is Shoot:
        hit, eels = view.shot_targets(seat, view.card_in_play, action.flipped)
        return f"This shot {_hits_words(hit, eels, ctx)} (* on the field)."
    if t is Excavate:
        return "Excavate: to your hand (a base: by your pile)."
    if t is Leap:
        return "Move your token onto this face-down card."
    if t is PlaceAsteroid:
        if table.phase == "field":
            return "Setup: an asteroid goes here, face down."
        return "The top card of the deck goes here face down."
    if t is PlaceToken:
        return "Your token starts on this asteroid."
    if t is PlaceEel:
        return "The Electric Eel lies here face up; the first player to shoot it takes it."
    if t is Regroup:
        if not table.hand:
            return "Your hand is empty: take your discard pile back, then play a card."
        return "Take your whole discard pile back into your hand; your turn ends."
    if t is Strike:
        return f"Steal a random card from {ctx.who(action.target)}'s hand (not a Starter Kit)."
    if t is PlayEel:
        return "Cancel the card; its player places your eel face up in the field."
    if t is GiveChungungo:
        return f"{ctx.who(action.target)} gains 1 copper and may strike up to 2 players."
    if t is Pass and table.phase == "react":
        if not any(type(a) is PlayEel for a in ctx.legal):
            return "You hold no Electric Eel: you can only pass."
        return "Keep your eel: the card takes effect."
    if t is Pass and table.phase == "resolve":
        return "The Furious Chungungo strikes nobody else."
    return ""


def players_text(table: Table, ctx: BoardContext) -> Text:
    """The public facts of every seat: a header line, then one line per seat.

    '>' marks the seat(s) deciding now; the seat on screen is bold. Bases:
    M = Copper Mine, F = Furious Chungungo.
    """
    out = Text(no_wrap=True, overflow="ellipsis")
    width = max(6, min(max(len(ctx.names[p.seat]) for p in table.players), 8))
    out.append(f"   {'Player':<{width}} Cu Hand Pile Top          Bases", "dim")
    for p in table.players:
        out.append("\n")
        mark = ">" if p.seat in table.to_move and not table.terminal else " "
        name = ctx.names[p.seat][:width]
        out.append(f"{mark}{seat_letter(p.seat)} {name:<{width}}", "bold" if p.seat == ctx.seat else "")
        out.append(f" {p.copper:>2}", "bold")
        top = (p.pile_top or '-')[:12]
        out.append(f" {p.hand:>4} {p.pile:>4} {top:<12}")
        bases = " ".join(b[0] for b in p.bases)
        out.append(f" {bases}")
    return out


def hand_table(table: Table, ctx: BoardContext, action: Any | None) -> RenderableType:
    """The seat's own hand: one row per card with its copper and ability; '>' marks the highlighted card."""
    if table.hand is None or ctx.seat is None:
        return Text("Hands are hidden: nobody is looking.", "dim")
    chosen = card_of_action(action, table) if action is not None else None
    chosen_key = _card_key(chosen) if chosen is not None else None
    hand = sorted(table.hand)
    total = sum(CARDS[c].copper for c in hand)
    grid = RichTable.grid(padding=(0, 1), expand=True)
    grid.title = f"Your hand ({ctx.who(ctx.seat)}): {_count(len(hand), 'card')}, {total} copper"
    grid.title_justify = "left"
    grid.title_style = "bold"
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    if not hand:
        grid.add_row(" ", Text("(empty)", "dim"))
    for c in hand:
        card = CARDS[c]
        on = chosen_key is not None and _card_key(c) == chosen_key
        name = Text(f"{'>' if on else ' '}{card.title} {card.copper}cu", "bold reverse" if on else "bold")
        grid.add_row(name, card.text)
    return grid


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _card_key(card_id: int) -> tuple:
    c = CARDS[card_id]
    return (c.name, c.copper, c.steps, c.pattern)


__all__ = [
    "Cell",
    "FieldCell",
    "FieldLayout",
    "PlayerRow",
    "Table",
    "action_cell",
    "card_of_action",
    "field_layout",
    "hand_table",
    "players_text",
    "label",
    "preview_text",
    "shot_marks",
    "table_of",
]
