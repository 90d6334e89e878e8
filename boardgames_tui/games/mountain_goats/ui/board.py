"""The Mountain Goats table: six mountains, tokens, players, Big Mountain, dice.

Drawn as plain text from ``ctx.view`` only. Every goat is its seat's letter
(colour is a bonus); the goats a previewed move would move are shown in
reverse video and named on the preview line.
"""

from __future__ import annotations

import functools
from typing import Any

import attrs
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip

from boardgames_tui import i18n
from boardgames_tui.engine import IllegalAction, seat_letter
from boardgames_tui.i18n import _
from boardgames_tui.ui.board import BoardContext, GameBoard
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.fit import fit_name
from boardgames_tui.ui.lines import Lines

from ..data import BIG_SPOTS, GROUP_MAX, MOUNTAINS, STEPS
from ..rules import GoatsState, Move

SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold magenta", "bold cyan")
CELL = 6
LABEL = 8


def seat_style(seat: int) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def move_label(view: GoatsState, seat: int, move: Move) -> str:
    """A move as a player reads it: '6+4 on 10, goat 8 down from 15 (1 as 6)'.

    Uses the roll in ``view`` to name the 1s that change and to tell a
    climb from a goat brought back from the Big Mountain.
    """
    dice = view.dice
    changed = [f for d, f in zip(dice, move.faces, strict=False) if d == 1 and f != 1]
    parts = []
    mypos = list(view.pos[seat]) if seat is not None else [0] * 6
    for g in move.groups:
        target, goat, idx = g[0], g[1], g[2:]
        expr = "+".join(str(move.faces[i]) for i in idx if 0 <= i < len(move.faces))
        if target > GROUP_MAX:
            parts.append(_("{dice}: goat {goat} to spot {spot}").format(dice=expr, goat=goat, spot=target))
            mypos[goat - 5] = target
        elif mypos[target - 5] > GROUP_MAX:
            parts.append(
                _("{dice}: goat {goat} down from {spot}").format(
                    dice=expr, goat=target, spot=mypos[target - 5]
                )
            )
            mypos[target - 5] = 0
        else:
            parts.append(_("{dice} on {mountain}").format(dice=expr, mountain=target))
    text = ", ".join(parts) if parts else _("use no dice")
    if changed:
        ones = _("1 as {faces}") if len(changed) == 1 else _("1s as {faces}")
        text = f"{text} ({ones.format(faces=','.join(map(str, changed)))})"
    return text


def preview_summary(before: GoatsState, after: GoatsState, seat: int) -> str:
    """One line saying what a move would do: points (Big Mountain ranks apart), goats
    moved, goats knocked off, and whether it ends the game (at once, or after
    the round it starts the end of)."""
    big_before, big_after = before.big_mountain_points()[seat], after.big_mountain_points()[seat]
    gained = after.scores()[seat] - before.scores()[seat] - (big_after - big_before)
    moved = [m for i, m in enumerate(MOUNTAINS) if before.pos[seat][i] != after.pos[seat][i]]
    knocked = [
        _("{seat} off {mountain}").format(seat=seat_letter(s), mountain=m)
        for s in range(before.n)
        if s != seat
        for i, m in enumerate(MOUNTAINS)
        if before.pos[s][i] != after.pos[s][i]
    ]
    bits = [_("+{points} pts").format(points=gained)]
    if big_after != big_before:
        bits[0] += _(", Big Mtn {before}->{after}").format(before=big_before, after=big_after)
    if not moved:
        bits.append(_("no goat moves"))
    else:
        bits.append(
            _("goat {goat} moves").format(goat=moved[0])
            if len(moved) == 1
            else _("goats {goats} move").format(goats=",".join(map(str, moved)))
        )
    if knocked:
        bits.append(_("knocks {seats}").format(seats=", ".join(knocked)))
    if after.is_terminal:
        bits.append(_("ENDS THE GAME"))
    elif after.ending and not before.ending:
        bits.append(_("the game ends after this round ({reason})").format(reason=_(after.ending)))
    return _("If chosen: {summary}").format(summary="; ".join(bits))


@attrs.frozen
class Layout:
    """Sizes of the drawn table: ``gutter`` columns of labels at the left,
    ``cell`` inner columns per mountain, ``step`` rows per step, and whether
    the four dice stand in one ``row`` (wide) or two by two."""

    gutter: int = 8
    cell: int = 4
    step: int = 1
    row: bool = False
    spot: int = 3

    @classmethod
    def fit(cls, width: int, height: int) -> Layout:
        """The largest layout for a board ``width`` columns wide in a terminal ``height`` rows tall.

        50 columns (80x24 beside the log) is the small table; from 64 columns
        the steps are wider, from 74 the dice stand in a row; from 34 rows
        each step is two rows tall.
        """
        wide = width >= 64
        return cls(
            gutter=10 if wide else 8,
            cell=6 if wide else 4,
            step=2 if height >= 34 else 1,
            row=width >= 74,
            spot=4 if wide else 3,
        )


def _mountain_x(layout: Layout, i: int) -> int:
    return layout.gutter + i * (layout.cell + 1)


def render_board(
    view: GoatsState,
    names: tuple[str, ...],
    seat: int | None,
    shown: GoatsState | None = None,
    note: str = "",
    colour: bool = True,
    layout: Layout | None = None,
    move: Move | None = None,
) -> Text:
    """The table as Rich Text: mountains of steps, dice, players, Big Mountain.

    Each mountain is a column of steps (5 and 6 four steps tall ... 9 and 10
    two) with its number on its foot line and the point tokens left on its
    summit's roof; goats are their seat's letter on their step, those still at
    the foot on the line under it. Right of the mountains, the four dice, each
    marked under its face with where the previewed ``move`` sends it (a
    mountain or Big Mountain spot; blank: unused). Then a row per player:
    tokens held under each mountain, points and bonus tokens; then the Big
    Mountain track 11-24 with its goats ('A7': A's goat of mountain 7).

    ``shown`` is the state to draw (a previewed result); what differs from
    ``view`` (goats moved, tokens taken) is drawn in reverse video. ``note``
    is written under the table (a preview summary). ``colour`` False (NO_COLOR)
    draws every letter in plain bold, since greyed colours can vanish.
    """
    out = draw_board(view, names, seat, shown, colour, layout, move).text()
    if note:
        out.append("\n")
        out.append(note, style="bold")
    return out


def draw_board(
    view: GoatsState,
    names: tuple[str, ...],
    seat: int | None,
    shown: GoatsState | None = None,
    colour: bool = True,
    layout: Layout | None = None,
    move: Move | None = None,
) -> Canvas:
    """The table of :func:`render_board` (without its note) drawn on a :class:`Canvas`:
    the board widget hands its rows to the screen as strips (:meth:`Canvas.strips`)."""
    layout = layout or Layout()

    def seat_style(s: int) -> str:
        return SEAT_STYLES[s % len(SEAT_STYLES)] if colour else "bold"

    state = shown or view
    moved: set[tuple[int, int]] = set()
    if shown is not None:
        for s in range(view.n):
            for i in range(6):
                if view.pos[s][i] != shown.pos[s][i]:
                    moved.add((s, i))
    g, cw, rh = layout.gutter, layout.cell, layout.step
    base = max(STEPS.values()) * rh + 1  # the row of the mountains' foot line
    foot = base + 1
    right = _mountain_x(layout, 6) + 2  # first column right of the mountains and a space
    n = state.n
    rows = foot + 1 + n + (2 if state.big_mountain else 0)
    width = max(right + 10, g + len(BIG_SPOTS) * layout.spot) if not layout.row else right + 20
    # What never changes (walls, dice boxes, labels, the dots of empty steps and tokens) is
    # drawn once per shape of the table; each state is drawn on a copy of it.
    c = _table_base(layout, width, rows, bool(view.dice), n, state.big_mountain, i18n.language()).copy()
    put = c.put

    def goats(x: int, y: int, seats: list[int], i: int) -> None:
        """The seats' goats, a letter each, centred in the ``cw`` columns from ``x``."""
        x += max(0, (cw - len(seats)) // 2)
        for k, s in enumerate(seats):
            put(x + k, y, seat_letter(s), seat_style(s) + (" reverse underline" if (s, i) in moved else ""))

    def centre(x: int, y: int, text: str, style: str) -> None:
        put(x + max(0, (cw - len(text)) // 2), y, text, style)

    # Mountains: what stands on their walls and roofs.
    pos = [state.pos[s] for s in range(n)]
    for i, m in enumerate(MOUNTAINS):
        x0, h = _mountain_x(layout, i) + 1, STEPS[m]
        top = base - h * rh - 1
        left = state.supply[i]
        changed = " reverse" if shown is not None and shown.supply[i] != view.supply[i] else ""
        centre(x0, top, f"[{left}]" if left else "[ ]", ("bold" if left else "dim") + changed)
        for step in range(1, h + 1):
            seats = [s for s in range(n) if pos[s][i] == step]
            if seats:  # they cover the step's dot, whatever their number
                goats(x0, base - (step - 1) * rh - 1, seats, i)
        goats(x0, foot, [s for s in range(n) if pos[s][i] == 0], i)
    # The gutter: round, bonus tokens left, the last round.
    c.put(0, 0, _("Round {round}").format(round=state.round), "bold")
    bonus = [str(b) for b in state.bonus_left] or [_("none")]
    for k in range(0, len(bonus), 2):
        c.put(0, 2 + k // 2, " ".join(f"{b:>2}" for b in bonus[k : k + 2]), "bold")
    if state.is_terminal:  # the game over (or, in a preview, the move that ends it)
        c.put(0, base - 1, _("GAME"), "bold reverse")
        c.put(0, base, _("OVER"), "bold reverse")
    elif state.ending:
        c.put(0, base - 1, _("LAST"), "bold reverse")
        c.put(0, base, _("ROUND"), "bold reverse")
    # The dice, with where the previewed move sends each one.
    _draw_dice(c, view, move, right, layout)
    # Players: tokens under each mountain, points and bonus tokens.
    scores = state.scores()
    before = view.scores() if shown is not None else scores
    for s in range(n):
        y = foot + 1 + s
        mark = ">" if (not view.is_terminal and s == view.current) else " "
        c.put(0, y, mark, "bold")
        c.put(1, y, seat_letter(s), seat_style(s) + (" reverse" if mark == ">" and not colour else ""))
        c.put(3, y, fit_name(names[s], g - 3))
        for i in range(6):
            k = state.tokens[s][i]
            changed = " reverse" if shown is not None and shown.tokens[s][i] != view.tokens[s][i] else ""
            if k or changed:  # a count covers the dot of no tokens
                centre(
                    _mountain_x(layout, i) + 1, y, str(k) if k else "·", ("bold" if k else "dim") + changed
                )
        changed = " reverse" if shown is not None and scores[s] != before[s] else ""
        c.put(right, y, f"{scores[s]:>3}", "bold" + changed)
        won = state.bonus_won[s]
        if won:
            c.put(
                right + 4,
                y,
                "+" + "+".join(map(str, won)),
                "bold" + (" reverse" if won != view.bonus_won[s] else ""),
            )
    # The Big Mountain track.
    if state.big_mountain:
        y = foot + 1 + n
        sw = layout.spot
        spots = state.big_spots()
        for k, spot in enumerate(BIG_SPOTS):
            x = g + k * sw
            if spot in spots:
                c.put(x, y, f"{spot:>{sw}}", "bold underline")
                s, goat = spots[spot]
                hl = " reverse underline" if (s, goat - 5) in moved else ""
                tag = Text(" " * (sw - 1 - len(str(goat))))
                tag.append(seat_letter(s), style=seat_style(s) + hl)
                tag.append(str(goat), style="bold" + hl)
                c.put(x, y + 1, tag)
    return c


def _die_at(layout: Layout, x: int, d: int) -> tuple[int, int]:
    """The top-left corner of die ``d``'s box, the dice starting at column ``x``."""
    return (x + d * 5, 0) if layout.row else (x + (d % 2) * 5, (d // 2) * 3)


@functools.lru_cache(maxsize=32)
def _table_base(
    layout: Layout, width: int, rows: int, rolled: bool, n: int, big: bool, language: str
) -> Canvas:
    """What every table of this shape shows, to copy and draw a state on (:func:`draw_board`).

    The lines: the mountains (walls, roof, foot line) and the four dice
    boxes (dim before the roll); text written later hides the lines under
    it whatever the order. The labels (mountain numbers, Bonus, foot, pts
    bonus, the Big Mountain spots, dim), and a dim dot on every step and
    under every mountain in the players' rows: a goat or a token count
    drawn there covers the dot. ``language`` is the one the labels are in.
    """
    c = Canvas(width, rows)
    g, cw, rh = layout.gutter, layout.cell, layout.step
    base = max(STEPS.values()) * rh + 1
    foot = base + 1
    right = _mountain_x(layout, 6) + 2
    for i, m in enumerate(MOUNTAINS):
        x0 = _mountain_x(layout, i)
        top = base - STEPS[m] * rh - 1
        c.box(x0, top, cw + 2, base - top + 1)
    for d in range(4):
        dx, dy = _die_at(layout, right, d)
        c.box(dx, dy, 5, 3, "" if rolled else "dim")
    dot = (cw - 1) // 2
    for i, m in enumerate(MOUNTAINS):
        x0 = _mountain_x(layout, i) + 1
        c.put(x0 + max(0, (cw - len(str(m))) // 2), base, str(m), "bold")
        for step in range(1, STEPS[m] + 1):
            c.put(x0 + dot, base - (step - 1) * rh - 1, "·", "dim")
        for s in range(n):
            c.put(x0 + dot, foot + 1 + s, "·", "dim")
    c.put(0, 1, _("Bonus"), "dim")
    c.put(0, foot, _("foot"), "dim")
    c.put(right, foot, _("pts bonus"), "dim")
    if big:
        y = foot + 1 + n
        c.put(0, y, _("Big Mtn"), "bold")
        for k, spot in enumerate(BIG_SPOTS):
            c.put(g + k * layout.spot, y, f"{spot:>{layout.spot}}", "dim")
        c.put(0, y + 1, _("goats"), "dim")
    return c


def _draw_dice(c: Canvas, view: GoatsState, move: Move | None, x: int, layout: Layout) -> None:
    """The four dice as boxes at column ``x``: in a row, or two by two on a narrow table.

    A die's bottom edge names where ``move`` sends it (a mountain 5-10 or a
    Big Mountain spot 11-24); a die left blank there is unused. A rolled 1
    that the move changes shows '1>6'. Before the roll the boxes are empty.
    """
    where: dict[int, int] = {}
    faces = view.dice
    if move is not None and faces:
        for grp in move.groups:
            for d in grp[2:]:
                where[d] = grp[0]
    for d in range(4):
        dx, dy = _die_at(layout, x, d)
        if not faces:
            continue
        face = str(faces[d])
        if move is not None and d < len(move.faces) and move.faces[d] != faces[d]:
            face = f"{faces[d]}>{move.faces[d]}"
        used = d in where or move is None
        c.put(dx + 1, dy + 1, f"{face:^3}", "bold" if used else "dim")
        if d in where:
            c.put(dx + 1 + (1 if where[d] < 10 else 0), dy + 2, str(where[d]), "bold reverse")


class GoatsBoard(GameBoard[GoatsState], Lines):
    """The Mountain Goats board (id ``goats-board``): the table's rows, then one row for the
    preview note (bold, one cell in).

    As tall as its drawing (the chooser below takes the rest of the
    screen); redrawn in place (:class:`Lines`: only the rows that changed).
    One widget draws both (two widgets in a container cost every key
    Textual's visit of three).
    A drawing is made only when what it shows changed (the view, the
    previewed move, the width, colour), and its rows go to the screen as
    ready strips, the unchanged ones as the very strips shown before.
    """

    DEFAULT_CSS = """
    GoatsBoard { height: auto; width: 1fr; max-height: 100%; }
    """

    def __init__(self) -> None:
        super().__init__(id="goats-board")
        self.ctx: BoardContext[GoatsState] | None = None
        self.action: Any | None = None
        self._drawn_width = -1
        #: What the table on screen was drawn from (:meth:`_draw` skips a drawing of the same).
        self._drawn_key: tuple | None = None
        self._drawn_view: GoatsState | None = None
        #: The table's rows on screen and their strips (:meth:`Canvas.strips`).
        self._rows: dict = {}
        self._note = ""
        self._note_row = Strip.blank(0)
        #: How many of the rows are the table's (the note's row follows them).
        self._table_rows = 0

    def table_plain(self) -> str:
        """The table as plain text, without the note (for tests and screen readers)."""
        return "\n".join(strip.text for strip in self._strips[: self._table_rows])

    def note_plain(self) -> str:
        """The preview note as plain text ('' when there is none)."""
        return self._note

    def show(self, ctx: BoardContext[GoatsState]) -> None:
        self.ctx = ctx
        self.action = None
        self._draw(None)

    def preview(self, action: Any | None) -> None:
        self.action = action
        self._draw(action)

    def on_resize(self, event: Any) -> None:  # type: ignore[override]  # Textual passes the Resize event to a handler that takes it
        # Only a new width changes the drawing (its height follows the drawing).
        if self.ctx is not None and event.size.width != self._drawn_width:
            self._draw(self.action)

    def layout_now(self) -> Layout:
        """The layout for the board's width now (80x24 before the first layout)."""
        width = self.size.width or 50
        return Layout.fit(width, self.app.size.height)

    def redraw(self) -> None:
        self._draw(self.action)

    def _draw(self, action: Any | None) -> None:
        ctx = self.ctx
        if ctx is None or self.wait_to_draw():
            return
        view: GoatsState = ctx.view
        move = action if isinstance(action, Move) else None
        colour = not getattr(self.app, "no_color", False)
        layout = self.layout_now()
        self._drawn_width = self.size.width
        key = (ctx.names, ctx.seat, move, colour, layout, i18n.language())
        if key == self._drawn_key and view is self._drawn_view:
            return  # the same table as on screen (a preview of the move already shown)
        shown = None
        note = ""
        if move is not None and ctx.seat is not None and view.dice:
            try:
                shown = view.apply(ctx.seat, move)
            except (IllegalAction, ValueError):
                shown = None
                move = None
            else:
                note = preview_summary(view, shown, ctx.seat)
        self._drawn_key, self._drawn_view = key, view
        canvas = draw_board(view, ctx.names, ctx.seat, shown, colour, layout, move)
        table = canvas.strips(self.app.console, self._rows)
        if note != self._note:
            self._note = note
            self._note_row = Strip([Segment(" " + note, Style(bold=True))]) if note else Strip.blank(0)
        self._table_rows = len(table)
        self.set_strips([*table, self._note_row])

    def action_label(self, action: Any) -> str:
        if isinstance(action, Move) and self.ctx is not None and self.ctx.seat is not None:
            return move_label(self.ctx.view, self.ctx.seat, action)
        return str(action)
