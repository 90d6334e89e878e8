"""What the Misión Chungungo widgets draw, read from a seat's view only.

:func:`table_of` is the one place that reads the engine's state fields; the
widgets draw a :class:`Table`. Nothing here touches the full state: the
board gets ``ctx.view`` (``state.view(seat)``), where another player's hand
and every face-down card are already placeholders.

Cells are named on screen by the engine's own coordinates ("row 1 col -2"),
the same words the log uses, and the field's edges carry those numbers.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import Any

import attrs
from rich.console import RenderableType
from rich.markup import escape
from rich.table import Table as RichTable
from rich.text import Text
from textual.strip import Strip

from boardgames_tui import i18n
from boardgames_tui.engine import Pass, seat_letter
from boardgames_tui.i18n import N_, _, ngettext
from boardgames_tui.ui.board import BoardContext
from boardgames_tui.ui.fit import fit_name

from .. import data
from ..data import CARDS, Step, alternatives
from ..preview import preview
from ..rules import (
    ChungungoState,
    Excavate,
    GiveChungungo,
    Leap,
    Phase,
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
from .pieces import Pieces, join

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
    phase: Phase
    #: The seat's own hand (card ids), or None for a public screen.
    hand: tuple[int, ...] | None
    #: The card being resolved this turn (public), or -1.
    card_in_play: int = -1
    #: The pending step of the card being resolved (a tuple of steps for a choice; "" when none).
    step: data.CardStep | str = ""
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


#: Short names of field cards turned face up at game end (the copper follows).
FACE_NAMES = {data.KIND_MINE: "Mine", data.KIND_FURY: "Fury", data.KIND_EEL: "Eel", data.KIND_KIT: "Kit"}


def field_faces(table: Table) -> dict[Cell, tuple[str, int]]:
    """(short name, copper) of every field card the view shows face up (the field turned
    over at game end; eels excepted, drawn as eels): {} while the cards lie face down."""
    view = table.view
    if view is None:
        return {}
    out = {}
    for c in view.field:
        if c.face_up or c.card < 0 or c.card >= len(CARDS):
            continue
        card = CARDS[c.card]
        out[c.pos] = (FACE_NAMES.get(card.kind, card.name), card.copper)
    return out


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
    cells = {cell for a in legal if (cell := action_cell(a)) is not None}
    every = set(table.field) | cells
    if not every:
        every = {(0, 0)}
    rows = [r for r, _ in every]
    cols = [c for _, c in every]
    origin = (min(rows), min(cols))
    size = (max(rows) - origin[0] + 1, max(cols) - origin[1] + 1)
    return FieldLayout(origin, size, frozenset(cells))


def cell_words(cell: Cell) -> str:
    """'row 1 col -2': a cell in the engine's coordinates, as on the field's edges and in the log."""
    return _("row {row} col {col}").format(row=cell[0], col=cell[1])


def direction_from(here: Cell | None, cell: Cell) -> str:
    """'above you', 'left of you'... for a cell next to ``here`` ('' otherwise)."""
    if here is None:
        return ""
    dr, dc = cell[0] - here[0], cell[1] - here[1]
    words = {
        (-1, 0): N_("above you"),
        (1, 0): N_("below you"),
        (0, -1): N_("left of you"),
        (0, 1): N_("right of you"),
    }
    return _(words[(dr, dc)]) if (dr, dc) in words else ""


def card_of_action(action: Any, table: Table) -> int | None:
    """The card id a PlayCard action plays, else None."""
    if type(action) is PlayCard:
        return action.card
    return None


def card_short(card_id: int) -> str:
    """'Picadora 2cu': a card's name and copper."""
    c = CARDS[card_id]
    return f"{card_title(card_id)} {c.copper}cu"


_SHORT_STEP = {
    Step.EXCAVATE: N_("Excavate"),
    Step.ATTRACT: N_("Attract"),
    Step.LEAP: N_("Leap"),
    Step.STRIKE: N_("Strike a player"),
    Step.REGROUP: N_("Regroup"),
}
_WAYS = {
    frozenset(data.DIRECTIONS): N_("all 8 ways"),
    frozenset(("N", "E", "S", "W")): N_("4 straight ways"),
    frozenset(("NE", "SE", "SW", "NW")): N_("4 diagonals"),
}


def shot_words(card_id: int) -> str:
    """A shot pattern in a few words: 'up', 'left+right', '4 diagonals', 'all 8 ways'."""
    c = CARDS[card_id]
    ways = _WAYS.get(frozenset(c.pattern))
    if ways is None:
        return "+".join(_(way) for way in c.pattern_text().split(", "))
    return _(ways)


def short_text(card_id: int) -> str:
    """A card's ability in a few words for the chooser ('Excavate, Leap'; 'Shot up (turnable)')."""
    c = CARDS[card_id]
    if c.kind == data.KIND_KIT:
        return _("Excavate or Leap")
    if c.kind == data.KIND_EEL:
        return _("only to cancel a crew card")
    parts = []
    for step in c.steps:
        words = []
        for alt in alternatives(step):
            if alt == Step.SHOT:
                # A titled card already names its shot ('Comando (right)').
                what = "Shot" if c.title != c.name else f"Shot {shot_words(card_id)}"
                words.append(what + ("" if c.symmetric else " " + _("(turnable)")))
            else:
                words.append(_(_SHORT_STEP.get(alt, alt)))
        parts.append(_(" or ").join(words))
    return ", ".join(parts)


def label(action: Any, table: Table, ctx: BoardContext[ChungungoState], layout: FieldLayout) -> str:
    """The chooser's text for ``action`` (short: the board shows the rest)."""
    view: ChungungoState = table.view
    seat = ctx.seat
    t = type(action)
    here = view.tokens[seat] if seat is not None else None
    if t is PlaceAsteroid:
        return _("Place asteroid at {cell}").format(cell=cell_words(action_cell(action)))  # type: ignore[arg-type]  # this kind of action always names a cell
    if t is PlaceToken:
        return _("Token on {cell}").format(cell=cell_words(action_cell(action)))  # type: ignore[arg-type]  # this kind of action always names a cell
    if t is Excavate:
        cell = action_cell(action)
        side = direction_from(here, cell)  # type: ignore[arg-type]  # an Excavate names a cell
        return _("Excavate {cell}").format(cell=cell_words(cell)) + (f" ({side})" if side else "")  # type: ignore[arg-type]  # an Excavate names a cell
    if t is Leap:
        return _("Quantum Leap to {cell}").format(cell=cell_words(action_cell(action)))  # type: ignore[arg-type]  # this kind of action always names a cell
    if t is PlaceEel:
        return _("Place the eel at {cell}").format(cell=cell_words(action_cell(action)))  # type: ignore[arg-type]  # this kind of action always names a cell
    if t is PlayCard:
        return f"{card_short(action.card)}: {short_text(action.card)}"
    if t is Regroup:
        n = len(view.discards[seat]) if seat is not None else 0
        return ngettext(
            "Regroup: take your {n} discarded card back", "Regroup: take your {n} discarded cards back", n
        ).format(n=n)
    if t is Shoot:
        card = view.card_in_play
        hit, eels = view.shot_targets(seat, card, action.flipped) if seat is not None else ((), ())
        way = _("Shoot turned 180") if action.flipped else _("Shoot as printed")
        ways = ", ".join(_(w) for w in CARDS[card].pattern_text(action.flipped).split(", "))
        return f"{way} ({ways}): {_hits_words(hit, eels, ctx)}"
    if t is Strike:
        n = stealable(view, action.target)
        what = (
            ngettext("{n} card to steal", "{n} cards to steal", n).format(n=n) if n else _("nothing to steal")
        )
        return _("Strike {player} ({what})").format(player=ctx.who(action.target), what=what)
    if t is GiveChungungo:
        if action.target == seat:
            return _("Give the Furious Chungungo to yourself")
        return _("Give the Furious Chungungo to {player}").format(player=ctx.who(action.target))
    if t is PlayEel:
        return _("Play your Electric Eel: cancel the card")
    if t is Pass:
        if table.phase == Phase.REACT:
            return _("Pass: let the card take effect")
        return _("Stop: strike nobody else")
    return str(action)


def stealable(view: ChungungoState, seat: int) -> int:
    """Cards in ``seat``'s hand that a Struck could take: all but its Starter Kit (Rulebook: Struck).

    Public: a kit not on its owner's discard pile is in that hand.
    """
    kit_in_hand = data.KIT_IDS[seat] not in view.discards[seat]
    return max(0, len(view.hands[seat]) - (1 if kit_in_hand else 0))


def _hits_words(hit: Iterable[int], eels: Iterable[Cell], ctx: BoardContext[ChungungoState]) -> str:
    hit = list(hit)
    eels = list(eels)
    parts = []
    if hit:
        parts.append(_("strikes {players}").format(players=", ".join(ctx.who(s) for s in hit)))
    if eels:
        parts.append(ngettext("takes {n} eel", "takes {n} eels", len(eels)).format(n=len(eels)))
    return "; ".join(parts) if parts else _("hits nobody")


def leap_before_shot(card_id: int) -> bool:
    """True if the card's Quantum Leap comes before its shot (the Comando): the shot's lines are not known yet."""
    steps = CARDS[card_id].steps
    return Step.SHOT in steps and any(Step.LEAP in alternatives(s) for s in steps[: steps.index(Step.SHOT)])


def shot_of(action: Any, table: Table) -> tuple[int, bool, Cell | None] | None:
    """(card id, flipped, origin) of the shot ``action`` fires or would fire, else None.

    A Shoot fires the card in play from the token's cell (origin None);
    playing a shot card previews it as printed, unless a Quantum Leap comes
    first; a Quantum Leap whose card shoots next previews the shot from the
    leap's target (origin).
    """
    if type(action) is Shoot and table.card_in_play >= 0:
        return (table.card_in_play, action.flipped, None)
    if type(action) is PlayCard and CARDS[action.card].pattern and not leap_before_shot(action.card):
        return (action.card, False, None)
    if type(action) is Leap and shot_after_leap(table):
        return (table.card_in_play, False, (action.row, action.col))
    return None


def shot_after_leap(table: Table) -> bool:
    """True while choosing the Quantum Leap of a card whose shot comes right after it."""
    view: ChungungoState = table.view
    return (
        table.step == Step.LEAP
        and len(view.steps) > 1
        and view.steps[1] == Step.SHOT
        and table.card_in_play >= 0
    )


def shot_marks(
    action: Any, table: Table, ctx: BoardContext[ChungungoState]
) -> tuple[dict[Cell, str], set[Cell]]:
    """A shot's lines ({cell: glyph}) and the cells it hits (tokens struck, eels taken)."""
    from .field import line_glyph

    shot = shot_of(action, table)
    seat = ctx.seat
    view: ChungungoState = table.view
    token = None if seat is None else view.tokens[seat]
    if shot is None or seat is None or token is None:
        return ({}, set())
    card, flipped, origin = shot
    origin = origin or token
    lines: dict[Cell, str] = {}
    for d in CARDS[card].pattern:
        dr, dc = data.DIRECTIONS[d]
        if flipped:
            dr, dc = -dr, -dc
        for cell in shot_cells(view.field, origin, (d,), flipped):
            lines[cell] = line_glyph(dr, dc)
    hit, eels = view.shot_targets(seat, card, flipped, origin)
    hits = {view.tokens[s] for s in hit} | set(eels)
    return lines, hits  # type: ignore[return-value]  # a seat struck has a token: no None among them


def preview_text(action: Any, table: Table, ctx: BoardContext[ChungungoState]) -> str:
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
            verb = (
                "Quantum Leap"
                if type(other) is Leap
                else "Excavate"
                if type(other) is Excavate
                else str(other)
            )
            text += "\n" + _("Or {verb} here: choice {number}.").format(verb=verb, number=i + 1)
    return text


def _preview_text(action: Any, table: Table, ctx: BoardContext[ChungungoState]) -> str:
    view: ChungungoState = table.view
    seat = ctx.seat
    t = type(action)
    if t is PlayCard:
        c = CARDS[action.card]
        text = f"{card_title(action.card)} {c.copper}cu: {i18n.translate_text(c.text)}"
        if c.pattern and leap_before_shot(action.card):
            text += "\n" + _("The shot comes after the leap: where it strikes depends on where you leap.")
        elif c.pattern and seat is not None and view.tokens[seat] is not None:
            text += "\n" + _shot_outcomes(view, seat, action.card, None, ctx, _("As printed"))
        warning = idle_warning(view, seat, action.card) if seat is not None else ""
        if warning:
            text += "\n" + warning
        if c.kind == data.KIND_CREW and view.seats > 1:
            text += " " + _("An eel may cancel it.")
        return text
    if t is Shoot:
        shot = preview(view, seat, action) if seat is not None else None
        hit, eels = (shot.struck, shot.eels) if shot is not None else ((), ())
        marks = " " + _("(* on the field)") if hit or eels else ""
        return _("This shot {outcome}{marks}.").format(outcome=_hits_words(hit, eels, ctx), marks=marks)
    if t is Excavate:
        return _("Excavate: to your hand (a base: by your pile).")
    if t is Leap:
        if shot_after_leap(table) and seat is not None:
            cell = (action.row, action.col)
            return (
                _("Leap here, then shoot.")
                + " "
                + _shot_outcomes(view, seat, table.card_in_play, cell, ctx, _("From here"))
            )
        return _("Move your token onto this face-down card.")
    if t is PlaceAsteroid:
        if table.phase == Phase.FIELD:
            return _("Setup: an asteroid goes here, face down.")
        return _("The top card of the deck goes here face down.")
    if t is PlaceToken:
        return _("Your token starts on this asteroid.")
    if t is PlaceEel:
        return _("The Electric Eel lies here face up; the first player to shoot it takes it.")
    if t is Regroup:
        if not table.hand:
            return _("Your hand is empty: take your discard pile back, then play a card.")
        return _("Take your whole discard pile back into your hand; your turn ends.")
    if t is Strike:
        return _("Steal a random card from {player}'s hand (not a Starter Kit).").format(
            player=ctx.who(action.target)
        )
    if t is PlayEel:
        return _("Cancel the card; its player places your eel face up in the field.")
    if t is GiveChungungo:
        return _("{player} gains 1 copper and may strike up to 2 players.").format(
            player=ctx.who(action.target)
        )
    if t is Pass and table.phase == Phase.REACT:
        if not any(type(a) is PlayEel for a in ctx.legal):
            return _("You hold no Electric Eel: you can only pass.")
        return _("Keep your eel: the card takes effect.")
    if t is Pass and table.phase == Phase.RESOLVE:
        return _("The Furious Chungungo strikes nobody else.")
    return ""


def _shot_outcomes(
    view: ChungungoState,
    seat: int,
    card: int,
    origin: Cell | None,
    ctx: BoardContext[ChungungoState],
    lead: str,
) -> str:
    """'As printed: strikes B Beto. Turned: hits nobody.' for a shot from ``origin`` (default: the token).

    When turning it changes nothing the shot is not aimed: 'The shot strikes B Beto.'
    """
    hit, eels = view.shot_targets(seat, card, False, origin)
    printed = _hits_words(hit, eels, ctx)
    here = origin or view.tokens[seat]
    c = CARDS[card]
    if not c.symmetric and here is not None:
        moved = attrs.evolve(view, tokens=view.tokens[:seat] + (here,) + view.tokens[seat + 1 :])
        if moved.shot_turns(seat, card):
            hit2, eels2 = view.shot_targets(seat, card, True, origin)
            return _("{lead}: {printed}. Turned: {turned}.").format(
                lead=lead, printed=printed, turned=_hits_words(hit2, eels2, ctx)
            )
    # One way only: the shot is not aimed ('From here the shot hits nobody').
    if origin is not None:
        return _("From here the shot {outcome}.").format(outcome=printed)
    return _("The shot {outcome}.").format(outcome=printed)


def idle_warning(view: ChungungoState, seat: int, card_id: int) -> str:
    """A warning when the card's first steps can do nothing now ('' otherwise).

    Looks only at the steps before anything that changes the field or the
    token (a leap or an attract): Excavate with no card next to the token,
    a second Excavate with only one, a Quantum Leap with no free asteroid,
    a strike when nobody has a card to steal.
    """
    c = CARDS[card_id]
    digs = 0
    for step in c.steps:
        if step == Step.EXCAVATE:
            digs += 1
            continue
        if step in (Step.REGROUP, Step.SHOT):
            continue
        break
    if digs:
        n = len(view.excavate_cells(seat))
        if n == 0:
            return _("Nothing to excavate next to your token: Excavate does nothing now.")
        if n < digs:
            return ngettext(
                "Only {n} card to excavate next to your token: the second Excavate does nothing now.",
                "Only {n} cards to excavate next to your token: the second Excavate does nothing now.",
                n,
            ).format(n=n)
    leaps = [p for p in view.leap_cells(seat) if p != view.tokens[seat]]
    if c.steps and c.steps[0] == Step.LEAP and not leaps:
        return _("No free asteroid to leap to: the Quantum Leap does nothing now.")
    if c.steps and c.steps[0] == (Step.EXCAVATE, Step.LEAP) and not view.excavate_cells(seat) and not leaps:
        return _("Nothing to excavate and no free asteroid: this card does nothing now.")
    if c.steps == (Step.STRIKE,) and not any(stealable(view, s) for s in range(view.seats) if s != seat):
        return _("Nobody has a card you could steal: the strike takes nothing now.")
    return ""


def players_text(table: Table, ctx: BoardContext[ChungungoState]) -> Text:
    """The public facts of every seat: a header line, then one line per seat.

    '>' marks the seat(s) deciding now; the seat on screen is bold. Bases:
    M = Copper Mine, F = Furious Chungungo.
    """
    out = Text(no_wrap=True, overflow="ellipsis")
    width = max(6, min(max(len(ctx.names[p.seat]) for p in table.players), 8))
    out.append(f"   {_('Player'):<{width}} " + _("Cu Hand Pile Bases Top of pile"), "dim")
    room = 48 - (3 + width + 3 + 5 + 5 + 6 + 1)
    for p in table.players:
        out.append("\n")
        mark = ">" if p.seat in table.to_move and not table.terminal else " "
        name = fit_name(ctx.names[p.seat], width)
        out.append(f"{mark}{seat_letter(p.seat)} {name:<{width}}", "bold" if p.seat == ctx.seat else "")
        out.append(f" {p.copper:>2}", "bold")
        bases = "".join(b[0] for b in p.bases)
        out.append(f" {p.hand:>4} {p.pile:>4} {bases:<5} {fit_title(p.pile_top or '-', room)}")
    return out


#: The Starter Kit's name, a message of the catalogue: the rulebook gives it in Spanish too.
KIT_NAME = N_("Starter Kit")


def shown_title(title: str) -> str:
    """A card's English title with its qualifier in the current language: 'Comando (right)' -> 'Comando (derecha)'.

    The card's name stays as printed; each word of the qualifier
    ('right', 'column', 'up+right') is a message of the catalogue. A title
    without a qualifier ('Picadora', '-') comes back as it is.
    """
    if title == KIT_NAME:
        return _(KIT_NAME)  # the one card the Spanish rulebook names in Spanish: Kit Inicial
    name, sep, nick = title.partition(" (")
    if not sep or not nick.endswith(")"):
        return title
    return f"{name} ({'+'.join(_(word) for word in nick[:-1].split('+'))})"


def card_title(card_id: int) -> str:
    """The title of card ``card_id`` as the screens show it (:func:`shown_title`)."""
    return shown_title(CARDS[card_id].title)


def fit_title(title: str, width: int) -> str:
    """``title`` (English, as the rules write it) in the current language, in at most ``width`` characters,
    shortening the name, never the '(shot)' that tells copies apart.

    'Francotiradora (right)' in 17 -> 'Francoti. (right)'.
    """
    title = shown_title(title)
    if len(title) <= width:
        return title
    name, sep, nick = title.partition(" (")
    if not sep:
        return title[: width - 1] + "."
    keep = max(1, width - len(nick) - 3)
    return f"{name[:keep]}. ({nick}"[:width]


def hand_title(table: Table, ctx: BoardContext[ChungungoState]) -> Text:
    """'Your hand (A Ana): 3 cards, 4cu of your 7cu' (empty for a public screen)."""
    if table.hand is None or ctx.seat is None:
        return Text()
    total = sum(CARDS[c].copper for c in table.hand)
    owned = table.players[ctx.seat].copper
    return Text(_hand_title(ctx.who(ctx.seat), len(table.hand), total, owned), "bold")


def _hand_title(who: str, cards: int, total: int, owned: int) -> str:
    """'Your hand (A Ana): 3 cards, 4cu of your 7cu'."""
    return ngettext(
        "Your hand ({name}): {n} card, {total}cu of your {owned}cu",
        "Your hand ({name}): {n} cards, {total}cu of your {owned}cu",
        cards,
    ).format(name=who, n=cards, total=total, owned=owned)


def hand_table(
    table: Table, ctx: BoardContext[ChungungoState], action: Any | None, titled: bool = True
) -> RenderableType:
    """The seat's own hand: one row per card with its copper and ability; '>' marks the highlighted
    card. ``titled``: with :func:`hand_title` above (False when the board draws it itself)."""
    if table.hand is None or ctx.seat is None:
        return Text(_("Hands are hidden: nobody is looking."), "dim")
    chosen = card_of_action(action, table) if action is not None else None
    chosen_key = _card_key(chosen) if chosen is not None else None
    hand = sorted(table.hand)
    total = sum(CARDS[c].copper for c in hand)
    owned = table.players[ctx.seat].copper
    grid = RichTable.grid(padding=(0, 1), expand=True)
    # A str title is read as markup: the name is escaped so it shows as typed.
    if titled:
        grid.title = escape(_hand_title(ctx.who(ctx.seat), len(hand), total, owned))
        grid.title_justify = "left"
        grid.title_style = "bold"
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    if not hand:
        grid.add_row(" ", Text(_("(empty)"), "dim"))
    for c in hand:
        grid.add_row(*hand_row_cells(c, chosen_key is not None and _card_key(c) == chosen_key))
    return grid


def hand_rows(table: Table, ctx: BoardContext[ChungungoState], action: Any | None) -> list[tuple[int, bool]]:
    """The rows of :func:`hand_table`: (card id, highlighted) in the order shown ([] for a public screen)."""
    if table.hand is None or ctx.seat is None:
        return []
    chosen = card_of_action(action, table) if action is not None else None
    chosen_key = _card_key(chosen) if chosen is not None else None
    return [(c, chosen_key is not None and _card_key(c) == chosen_key) for c in sorted(table.hand)]


def hand_row_cells(card_id: int, on: bool) -> tuple[Text, str]:
    """The two cells of a row of :func:`hand_table`: the card's name and copper ('>' and reverse
    video when highlighted), and its ability in words (a str: Rich reads it as markup, as ever)."""
    card = CARDS[card_id]
    name = Text(
        f"{'>' if on else ' '}{card_title(card_id)} {card.copper}cu", "bold reverse" if on else "bold"
    )
    return name, i18n.translate_text(card.text)


def hand_row_table(card_id: int, on: bool, name_width: int) -> RichTable:
    """One row of :func:`hand_table` (``titled=False``) alone, its name column ``name_width`` wide (the
    widest name of the hand): laid out at the same width it gives the same lines as in the whole table."""
    grid = RichTable.grid(padding=(0, 1), expand=True)
    grid.add_column(no_wrap=True, width=name_width)
    grid.add_column(ratio=1)
    grid.add_row(*hand_row_cells(card_id, on))
    return grid


def chosen_card_key(action: Any | None, table: Table) -> tuple | None:
    """What tells the card ``action`` plays from other cards (copies of one card share it), or None."""
    chosen = card_of_action(action, table) if action is not None else None
    return _card_key(chosen) if chosen is not None else None


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
    "label",
    "players_text",
    "preview_text",
    "shot_marks",
    "table_of",
]


#: Narrowest and widest card in the rows of cards (hand and piles), borders included.
CARD_WIDTHS = (9, 14)


def card_row(cards: list[tuple[list[str], str]], width: int) -> Text:
    """Cards side by side as boxes, all in one row when ``width`` allows cards of at least
    9 columns (up to 14 where there is room), else on as many rows as needed: each card
    is (its lines of text, a Rich style); a style with 'reverse' marks the highlighted one."""
    out = Text(no_wrap=True, overflow="crop")
    for chunk, inner, height in _card_rows(cards, width):
        rows = [Text() for _ in range(height + 2)]
        for lines, style in chunk:
            for row, part in zip(rows, card_box(tuple(lines), style, inner, height), strict=True):
                row.append_text(part)
        for row in rows:
            if out.plain:
                out.append("\n")
            out.append_text(row)
    return out


def _card_rows(cards: list[tuple[list[str], str]], width: int):
    """The rows of :func:`card_row`: (the cards of the row, inside width of a card, lines inside)."""
    card_width = max(CARD_WIDTHS[0], min(CARD_WIDTHS[1], width // max(1, len(cards))))
    per_row = max(1, width // card_width)
    height = max((len(lines) for lines, _ in cards), default=0)
    for start in range(0, len(cards), per_row):
        yield cards[start : start + per_row], card_width - 2, height


def card_box(lines: tuple[str, ...], style: str, inner: int, height: int) -> list[Text]:
    """One card of :func:`card_row`, line by line: its top edge, ``height`` lines of text
    (cut or padded to ``inner`` columns) and its bottom edge."""
    edge = "bold" if "reverse" in style else "dim"
    out = [Text("┌" + "─" * inner + "┐", edge)]
    for k in range(height):
        text = lines[k] if k < len(lines) else ""
        row = Text()
        row.append("│", edge)
        row.append(f"{text[:inner]:<{inner}}", style if k == 0 else ("reverse" if "reverse" in style else ""))
        row.append("│", edge)
        out.append(row)
    out.append(Text("└" + "─" * inner + "┘", edge))
    return out


def card_row_strips(
    console: Any, pieces: Pieces, cards: list[tuple[list[str], str]], width: int
) -> list[Strip]:
    """The rows of :func:`card_row` as Strips, each card rendered once per look (kept in ``pieces``)."""
    out: list[Strip] = []
    for chunk, inner, height in _card_rows(cards, width):
        boxes = [
            pieces.block(
                console,
                ("card-box", tuple(lines), style, inner, height),
                partial(card_box, tuple(lines), style, inner, height),
            )
            for lines, style in chunk
        ]
        out.extend(join(box[k] for box in boxes) for k in range(height + 2))
    return out or [Strip([])]  # no card: one empty row, as the empty Text gives


def _card_lines(card_id: int) -> list[str]:
    """A card's face in a few lines: name (and its shot in brackets), copper, ability."""
    c = CARDS[card_id]
    name, _sep, nick = card_title(card_id).partition(" (")
    lines = [name]
    lines.append(f"{c.copper}cu" + (f" ({nick}" if nick else ""))
    lines.append(short_text(card_id))
    return lines


def hand_cards(table: Table, ctx: BoardContext[ChungungoState], action: Any | None, width: int) -> Text:
    """The seat's own hand as a row of cards (name, copper, ability in a few words); the
    highlighted card in reverse video. Empty for a public screen."""
    return card_row(hand_faces(table, ctx, action), width)


def hand_faces(
    table: Table, ctx: BoardContext[ChungungoState], action: Any | None
) -> list[tuple[list[str], str]]:
    """The cards of :func:`hand_cards` for :func:`card_row` ([] for a public screen)."""
    if table.hand is None or ctx.seat is None:
        return []
    chosen = card_of_action(action, table) if action is not None else None
    key = _card_key(chosen) if chosen is not None else None
    return [
        (_card_lines(c), "bold reverse" if key is not None and _card_key(c) == key else "bold")
        for c in sorted(table.hand)
    ]


def piles_cards(table: Table, ctx: BoardContext[ChungungoState], width: int) -> Text:
    """Every discard pile as a card: whose it is and (how many cards), the top card's
    name, and the abandoned bases beside it (M Copper Mine, F Furious Chungungo)."""
    return card_row(pile_faces(table, ctx), width)


def pile_faces(table: Table, ctx: BoardContext[ChungungoState]) -> list[tuple[list[str], str]]:
    """The cards of :func:`piles_cards` for :func:`card_row`."""
    cards = []
    for p in table.players:
        top = p.pile_top or _("(empty)")
        name = top.partition(" (")[0]
        bases = " ".join(b[0] for b in p.bases)
        lines = [f"{seat_letter(p.seat)} ({p.pile})", name, bases]
        cards.append((lines, "bold reverse" if p.seat == ctx.seat else "bold"))
    return cards
