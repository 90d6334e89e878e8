"""The Mountain Goats table: six mountains, tokens, players, Big Mountain, dice.

Drawn as plain text from ``ctx.view`` only. Every goat is its seat's letter
(colour is a bonus); the goats a previewed move would move are shown in
reverse video and named on the preview line.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from boardgames_tui.engine import IllegalAction, seat_letter
from boardgames_tui.ui.board import BoardContext, GameBoard

from ..data import BIG_SPOTS, GROUP_MAX, MOUNTAINS, STEPS
from ..rules import GoatsState, Move

SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold magenta", "bold cyan")
CELL = 6
LABEL = 8


def seat_style(seat: int) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def move_label(view: GoatsState, seat: int, move: Move) -> str:
    """A move as a player reads it: '1 as 6: 6+4 on 10, goat 8 down from 15'.

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
            parts.append(f"{expr}: goat {goat} to spot {target}")
            mypos[goat - 5] = target
        elif mypos[target - 5] > GROUP_MAX:
            parts.append(f"{expr}: goat {target} down from {mypos[target - 5]}")
            mypos[target - 5] = 0
        else:
            parts.append(f"{expr} on {target}")
    text = ", ".join(parts) if parts else "use no dice"
    if changed:
        text = f"1{'s' if len(changed) > 1 else ''} as {','.join(map(str, changed))}: {text}"
    return text


def preview_summary(before: GoatsState, after: GoatsState, seat: int) -> str:
    """One line saying what a move would do: points, goats moved, goats knocked off."""
    big_before, big_after = before.big_mountain_points()[seat], after.big_mountain_points()[seat]
    gained = after.scores()[seat] - before.scores()[seat] - (big_after - big_before)
    moved = [m for i, m in enumerate(MOUNTAINS) if before.pos[seat][i] != after.pos[seat][i]]
    knocked = [
        f"{seat_letter(s)} off {m}"
        for s in range(before.n)
        if s != seat
        for i, m in enumerate(MOUNTAINS)
        if before.pos[s][i] != after.pos[s][i]
    ]
    bits = [f"+{gained} pts"]
    if big_after != big_before:
        bits[0] += f", Big Mtn {big_before}->{big_after}"
    if not moved:
        bits.append("no goat moves")
    else:
        bits.append(f"goat {moved[0]} moves" if len(moved) == 1 else "goats " + ",".join(map(str, moved)) + " move")
    if knocked:
        bits.append("knocks " + ", ".join(knocked))
    return "If chosen: " + "; ".join(bits)


def render_board(
    view: GoatsState,
    names: tuple[str, ...],
    seat: int | None,
    shown: GoatsState | None = None,
    note: str = "",
    colour: bool = True,
) -> Text:
    """The whole table as Rich Text, about 46 cells wide.

    ``shown`` is the state to draw (a previewed result); goats of ``seat``
    that differ from ``view`` are drawn in reverse video. ``note`` replaces
    the dice line (a preview summary). ``colour`` False (NO_COLOR) draws
    every letter in plain bold, since greyed colours can vanish.
    """
    def seat_style(seat: int) -> str:
        return SEAT_STYLES[seat % len(SEAT_STYLES)] if colour else "bold"

    state = shown or view
    moved: set[tuple[int, int]] = set()
    if shown is not None and seat is not None:
        for s in range(view.n):
            for i in range(6):
                if view.pos[s][i] != shown.pos[s][i]:
                    moved.add((s, i))
    out = Text(no_wrap=True, overflow="crop")

    def goats_text(seats: list[int], i: int) -> Text:
        t = Text()
        for s in seats:
            style = seat_style(s) + (" reverse underline" if (s, i) in moved else "")
            t.append(seat_letter(s), style=style)
        return t

    def cell(content: Text | str, width: int = CELL) -> Text:
        t = content if isinstance(content, Text) else Text(content)
        pad = max(0, width - 1 - t.cell_len)
        left = pad // 2
        return Text(" " * left) + t + Text(" " * (pad - left + 1))

    out.append(f"{'Mountain':<{LABEL}}", style="bold")
    for m in MOUNTAINS:
        out.append_text(cell(Text(str(m), style="bold")))
    out.append(" pts", style="bold")
    out.append("\n")
    top = max(STEPS.values())
    for step in range(top, 0, -1):
        out.append(f"{'step ' + str(step):<{LABEL}}", style="dim")
        for i, m in enumerate(MOUNTAINS):
            h = STEPS[m]
            if step > h:
                out.append(" " * CELL)
                continue
            seats = [s for s in range(state.n) if state.pos[s][i] == step]
            if step == h:
                # The summit, with the point tokens left beside it (as on the table).
                t = Text(" [") + (goats_text(seats, i) if seats else Text(" ")) + Text("]")
                left = state.supply[i]
                t.append(f"{left:<2}" if left else "- ", style="" if left else "dim")
                out.append_text(t)
            else:
                out.append_text(cell(goats_text(seats, i) if seats else Text(".", style="dim")))
        out.append("\n")
    out.append(f"{'foot':<{LABEL}}", style="dim")
    for i, _m in enumerate(MOUNTAINS):
        seats = [s for s in range(state.n) if state.pos[s][i] == 0]
        out.append_text(cell(goats_text(seats, i) if seats else Text("-", style="dim")))
    out.append("\n")
    scores = state.scores()
    for s in range(state.n):
        mark = ">" if (not view.is_terminal and s == view.current) else " "
        label = Text(mark)
        label.append(seat_letter(s), style=seat_style(s))
        label.append(f" {names[s][:5]:<5}"[: LABEL - 2])
        out.append_text(label)
        for i, _m in enumerate(MOUNTAINS):
            n = state.tokens[s][i]
            out.append_text(cell(str(n) if n else "."))
        out.append(f"{scores[s]:>4}", style="bold")
        out.append("\n")
    if state.big_mountain:
        spots = state.big_spots()
        out.append("Big ", style="bold")
        for spot in BIG_SPOTS:
            out.append(f"{spot:>3}", style="dim" if spot not in spots else "bold")
        out.append("\n    ")
        for spot in BIG_SPOTS:
            if spot in spots:
                s, g = spots[spot]
                tag = f"{seat_letter(s)}{g}"
                out.append(" " * (3 - len(tag)))
                hl = " reverse underline" if (s, g - 5) in moved else ""
                out.append(seat_letter(s), style=seat_style(s) + hl)
                out.append(str(g), style=hl.strip())
            else:
                out.append("  .", style="dim")
        out.append("\n")
    if note:
        out.append(note, style="bold")
    else:
        if state.dice:
            out.append("Roll ", style="bold")
            out.append(" ".join(map(str, state.dice)), style="bold reverse")
            out.append("  ")
        elif not state.is_terminal:
            out.append(f"Round {state.round}  ")
        bonus = " ".join(map(str, state.bonus_left)) if state.bonus_left else "none"
        out.append(f"Bonus left: {bonus}")
        if state.ending and not state.is_terminal:
            out.append("  LAST ROUND", style="bold reverse")
    return out


class GoatsBoard(GameBoard):
    """The Mountain Goats board (id ``goats-board``); scrolls when the space is short."""

    DEFAULT_CSS = """
    GoatsBoard { height: 1fr; width: 1fr; }
    GoatsBoard #goats-scroll { height: 1fr; scrollbar-size-vertical: 1; }
    GoatsBoard #goats-table { width: auto; padding: 0 0 0 1; }
    """

    def __init__(self) -> None:
        super().__init__(id="goats-board")
        self.ctx: BoardContext | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="goats-scroll", can_focus=False):
            yield Static("", id="goats-table")

    def show(self, ctx: BoardContext) -> None:
        self.ctx = ctx
        self._draw(None)

    def preview(self, action: Any | None) -> None:
        self._draw(action)

    def _draw(self, action: Any | None) -> None:
        ctx = self.ctx
        if ctx is None:
            return
        view: GoatsState = ctx.view  # type: ignore[assignment]
        shown = None
        note = ""
        if isinstance(action, Move) and ctx.seat is not None and view.dice:
            try:
                shown = view.apply(ctx.seat, action)
            except (IllegalAction, ValueError):
                shown = None
            else:
                note = preview_summary(view, shown, ctx.seat)
        colour = not getattr(self.app, "no_color", False)
        self.query_one("#goats-table", Static).update(render_board(view, ctx.names, ctx.seat, shown, note, colour))

    def action_label(self, action: Any) -> str:
        if isinstance(action, Move) and self.ctx is not None and self.ctx.seat is not None:
            return move_label(self.ctx.view, self.ctx.seat, action)  # type: ignore[arg-type]
        return str(action)
