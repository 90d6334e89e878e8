"""The Mountain Goats table: six mountains, tokens, players, Big Mountain, dice.

Drawn as plain text from ``ctx.view`` only. Every goat is its seat's letter
(colour is a bonus); the goats a previewed move would move are shown in
reverse video and named on the preview line.
"""

from __future__ import annotations

from typing import Any

import attrs
from rich.text import Text
from textual.app import ComposeResult
from boardgames_tui.ui.lines import Lines

from boardgames_tui.i18n import _
from boardgames_tui.ui.fit import fit_name
from boardgames_tui.engine import IllegalAction, seat_letter
from boardgames_tui.ui.board import BoardContext, GameBoard
from boardgames_tui.ui.canvas import Canvas

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
    changed = [f for d, f in zip(dice, move.faces) if d == 1 and f != 1]
    parts = []
    mypos = list(view.pos[seat]) if seat is not None else [0] * 6
    for g in move.groups:
        target, goat, idx = g[0], g[1], g[2:]
        expr = "+".join(str(move.faces[i]) for i in idx if 0 <= i < len(move.faces))
        if target > GROUP_MAX:
            parts.append(_("{dice}: goat {goat} to spot {spot}").format(dice=expr, goat=goat, spot=target))
            mypos[goat - 5] = target
        elif mypos[target - 5] > GROUP_MAX:
            parts.append(_("{dice}: goat {goat} down from {spot}").format(dice=expr, goat=target, spot=mypos[target - 5]))
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
        bits.append(_("goat {goat} moves").format(goat=moved[0]) if len(moved) == 1
                    else _("goats {goats} move").format(goats=",".join(map(str, moved))))
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
    def fit(cls, width: int, height: int) -> "Layout":
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
    c = Canvas(width, rows)

    def goats(seats: list[int], i: int) -> Text:
        t = Text()
        for s in seats:
            t.append(seat_letter(s), style=seat_style(s) + (" reverse underline" if (s, i) in moved else ""))
        return t

    def centre(x: int, y: int, w: int, t: Text) -> None:
        c.put(x + max(0, (w - t.cell_len) // 2), y, t)

    # Mountains: walls and roofs first, then what stands on them.
    for i, m in enumerate(MOUNTAINS):
        x0, h = _mountain_x(layout, i), STEPS[m]
        top = base - h * rh - 1
        c.box(x0, top, cw + 2, base - top + 1)
    for i, m in enumerate(MOUNTAINS):
        x0, h = _mountain_x(layout, i), STEPS[m]
        top = base - h * rh - 1
        left = state.supply[i]
        roof = Text(f"[{left}]" if left else "[ ]", style="bold" if left else "dim")
        if shown is not None and shown.supply[i] != view.supply[i]:
            roof.stylize("reverse")
        centre(x0 + 1, top, cw, roof)
        label = Text(str(m), style="bold")
        centre(x0 + 1, base, cw, label)
        for step in range(1, h + 1):
            y = base - (step - 1) * rh - 1
            seats = [s for s in range(n) if state.pos[s][i] == step]
            centre(x0 + 1, y, cw, goats(seats, i) if seats else Text("·", style="dim"))
        seats = [s for s in range(n) if state.pos[s][i] == 0]
        centre(x0 + 1, foot, cw, goats(seats, i))
    # The gutter: round, bonus tokens left, the last round.
    if not state.is_terminal:
        c.put(0, 0, _("Round {round}").format(round=state.round), "bold")
    c.put(0, 1, _("Bonus"), "dim")
    left = [str(b) for b in state.bonus_left] or [_("none")]
    for k in range(0, len(left), 2):
        c.put(0, 2 + k // 2, " ".join(f"{b:>2}" for b in left[k : k + 2]), "bold")
    if state.ending and not state.is_terminal:
        c.put(0, base - 1, _("LAST"), "bold reverse")
        c.put(0, base, _("ROUND"), "bold reverse")
    c.put(0, foot, _("foot"), "dim")
    # The dice, with where the previewed move sends each one.
    _draw_dice(c, view, move, right, layout)
    # Players: tokens under each mountain, points and bonus tokens.
    c.put(right, foot, _("pts bonus"), "dim")
    scores = state.scores()
    for s in range(n):
        y = foot + 1 + s
        mark = ">" if (not view.is_terminal and s == view.current) else " "
        c.put(0, y, mark, "bold")
        c.put(1, y, seat_letter(s), seat_style(s) + (" reverse" if mark == ">" and not colour else ""))
        c.put(3, y, fit_name(names[s], g - 3))
        for i in range(6):
            k = state.tokens[s][i]
            t = Text(str(k) if k else "·", style="bold" if k else "dim")
            if shown is not None and shown.tokens[s][i] != view.tokens[s][i]:
                t.stylize("reverse")
            centre(_mountain_x(layout, i) + 1, y, cw, t)
        pts = Text(f"{scores[s]:>3}", style="bold")
        if shown is not None and scores[s] != view.scores()[s]:
            pts.stylize("reverse")
        c.put(right, y, pts)
        won = state.bonus_won[s]
        if won:
            c.put(right + 4, y, "+" + "+".join(map(str, won)), "bold" + (" reverse" if won != view.bonus_won[s] else ""))
    # The Big Mountain track.
    if state.big_mountain:
        y = foot + 1 + n
        sw = layout.spot
        c.put(0, y, _("Big Mtn"), "bold")
        spots = state.big_spots()
        for k, spot in enumerate(BIG_SPOTS):
            x = g + k * sw
            c.put(x, y, f"{spot:>{sw}}", "dim" if spot not in spots else "bold underline")
            if spot in spots:
                s, goat = spots[spot]
                hl = " reverse underline" if (s, goat - 5) in moved else ""
                tag = Text(" " * (sw - 1 - len(str(goat))))
                tag.append(seat_letter(s), style=seat_style(s) + hl)
                tag.append(str(goat), style="bold" + hl)
                c.put(x, y + 1, tag)
        c.put(0, y + 1, _("goats"), "dim")
    out = c.text()
    if note:
        out.append("\n")
        out.append(note, style="bold")
    return out


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
        dx, dy = (x + d * 5, 0) if layout.row else (x + (d % 2) * 5, (d // 2) * 3)
        c.box(dx, dy, 5, 3, "" if faces else "dim")
        if not faces:
            continue
        face = str(faces[d])
        if move is not None and d < len(move.faces) and move.faces[d] != faces[d]:
            face = f"{faces[d]}>{move.faces[d]}"
        used = d in where or move is None
        c.put(dx + 1, dy + 1, f"{face:^3}", "bold" if used else "dim")
        if d in where:
            c.put(dx + 1 + (1 if where[d] < 10 else 0), dy + 2, str(where[d]), "bold reverse")


class GoatsBoard(GameBoard):
    """The Mountain Goats board (id ``goats-board``): the table, then the preview note.

    As tall as its drawing (the chooser below takes the rest of the
    screen); redrawn in place (:class:`Lines`: only the rows that changed).
    """

    DEFAULT_CSS = """
    GoatsBoard { height: auto; width: 1fr; max-height: 100%; }
    GoatsBoard #goats-note { height: 1; padding: 0 0 0 1; text-style: bold; }
    """

    def __init__(self) -> None:
        super().__init__(id="goats-board")
        self.ctx: BoardContext | None = None
        self.action: Any | None = None
        self._drawn_width = -1

    def compose(self) -> ComposeResult:
        yield Lines(id="goats-table")
        yield Lines(id="goats-note")

    def show(self, ctx: BoardContext) -> None:
        self.ctx = ctx
        self.action = None
        self._draw(None)

    def preview(self, action: Any | None) -> None:
        self.action = action
        self._draw(action)

    def on_resize(self, event) -> None:
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
        view: GoatsState = ctx.view  # type: ignore[assignment]
        shown = None
        note = ""
        move = action if isinstance(action, Move) else None
        if move is not None and ctx.seat is not None and view.dice:
            try:
                shown = view.apply(ctx.seat, move)
            except (IllegalAction, ValueError):
                shown = None
                move = None
            else:
                note = preview_summary(view, shown, ctx.seat)
        colour = not getattr(self.app, "no_color", False)
        layout = self.layout_now()
        self._drawn_width = self.size.width
        self.query_one("#goats-table", Lines).set(
            render_board(view, ctx.names, ctx.seat, shown, "", colour, layout, move)
        )
        self.query_one("#goats-note", Lines).set(note)

    def action_label(self, action: Any) -> str:
        if isinstance(action, Move) and self.ctx is not None and self.ctx.seat is not None:
            return move_label(self.ctx.view, self.ctx.seat, action)  # type: ignore[arg-type]
        return str(action)
