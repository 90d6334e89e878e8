"""The Montaña Pingüino board: track, runners, cards played, the deciding runner's hand.

Layout (top to bottom, scrolling when the terminal is small):

- ``#mp-news``: once a race is over (game over, or the public step between
  Championship races), its result with every runner's place and, in the
  Championship, the points table (the runners and track make way between races);
- ``#mp-runners``: each runner's speedometer, level and health, with '*' on
  what changed in the last step;
- ``#mp-track``: the track window (every sled, and the 4 sections ahead of the
  deciding runner);
- ``#mp-played``: the cards played this round (face down until revealed, then
  what became of each); in the Championship, the points table;
- ``#mp-hand``: the deciding runner's own action cards and items, in words;
- ``#mp-last``: the last round step by step (its public log lines, wrapped); once
  the race is over, its final round;
- ``#mp-preview`` (below the scroll, always in sight): what the highlighted
  choice would do.

Everything is drawn from ``ctx.view`` (the seat's own view) only.
When the seat on screen changes, the board scrolls back to the top.
"""

from __future__ import annotations

import io
from typing import Any

import attrs
from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from boardgames_tui.engine import Pass, seat_letter
from boardgames_tui.ui.board import BoardContext, GameBoard

from .. import data as D
from .. import rules as R
from . import render


#: Track lines drawn on a board under 24 rows high (more appear with gaps when sleds
#: are far apart); a taller board shows more.
TRACK_ROWS = 6


def _snapshot(view: Any) -> tuple:
    """The public facts whose changes the board points out: race, position, box, health."""
    return (view.race, view.position, view.box, view.health)


class MontanaBoard(GameBoard):
    """The board of the shared game screen (id ``mp-board``)."""

    DEFAULT_CSS = """
    MontanaBoard { height: 1fr; width: 1fr; layout: vertical; }
    MontanaBoard #mp-scroll { height: 1fr; scrollbar-size-vertical: 1; }
    MontanaBoard #mp-scroll > Static { width: 1fr; }
    MontanaBoard #mp-preview { height: auto; max-height: 3; background: $boost; }
    MontanaBoard #mp-preview.-empty { display: none; }
    """

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("id", "mp-board")
        super().__init__(**kwargs)
        self.ctx: BoardContext | None = None
        self._snap: tuple | None = None
        self._before: tuple | None = None
        self._preview: Any = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="mp-scroll"):
            yield Static("", id="mp-news")
            yield Static("", id="mp-runners")
            yield Static("", id="mp-track")
            yield Static("", id="mp-played")
            yield Static("", id="mp-last")
            yield Static("", id="mp-hand")
        yield Static("", id="mp-preview", classes="-empty")

    # ---- the contract -----------------------------------------------------

    def show(self, ctx: BoardContext) -> None:
        """Redraw from ``ctx`` (see the module docstring)."""
        new_seat = self.ctx is None or self.ctx.seat != ctx.seat
        self.ctx = ctx
        snap = _snapshot(ctx.view)
        if snap != self._snap:
            if self._snap is not None and self._snap[0] == snap[0]:
                self._before = self._snap
            else:
                self._before = None
            self._snap = snap
        self._preview = None
        self._draw()
        if new_seat:
            # Another pair of eyes: start at the top (runners and track), not where the last seat scrolled.
            self.query_one("#mp-scroll", VerticalScroll).scroll_home(animate=False)

    def preview(self, action: Any | None) -> None:
        """Show what the highlighted choice would do (a card's effect and the speed it
        would give, a target's sled, a token's section)."""
        self._preview = action
        if self.ctx is not None:
            self._draw()

    def action_label(self, action: Any) -> str:
        ctx = self.ctx
        if ctx is None:
            return str(action)
        level = None
        if isinstance(action, R.PlayCard) and ctx.seat is not None and ctx.view.played[ctx.seat]:
            level = D.speed_level(ctx.view.sides[ctx.seat], _box_after_play(ctx.view, ctx.seat, ()))
        return render.action_label(ctx.view, ctx.seat, action, ctx.names, level)

    def on_resize(self) -> None:
        """A taller board shows more of the track."""
        if self.ctx is not None:
            self._draw()

    def plain_text(self, width: int = 48) -> str:
        """Everything the board shows now as plain text (for tests and screen readers)."""
        from rich.console import Console

        console = Console(width=width, record=True, color_system=None, file=io.StringIO())
        for static in self.query(Static):
            if static.display:
                console.print(static.content)
        return console.export_text()

    # ---- drawing ------------------------------------------------------------

    def deltas(self) -> dict[int, dict[str, int]]:
        """Per seat, what changed in the last step: position, box and health differences."""
        if self._before is None or self._snap is None:
            return {}
        _r, pos0, box0, hp0 = self._before
        _r, pos1, box1, hp1 = self._snap
        out: dict[int, dict[str, int]] = {}
        for s in range(len(pos1)):
            d = {"position": pos1[s] - pos0[s], "box": box1[s] - box0[s], "health": hp1[s] - hp0[s]}
            out[s] = {k: v for k, v in d.items() if v}
        return out

    def _update(self, selector: str, content: Any) -> None:
        """Put ``content`` in a Static, without colours when NO_COLOR is set."""
        if getattr(self.app, "no_color", False):
            content = render.decolour(content)
        self.query_one(selector, Static).update(content)

    def _draw(self) -> None:
        ctx = self.ctx
        assert ctx is not None
        view, seat = ctx.view, ctx.seat
        marks = self._track_marks()
        height = self.size.height
        rows = TRACK_ROWS if height < 24 else max(TRACK_ROWS, height - 12 - view.players)
        target = self._preview.seat if isinstance(self._preview, R.Target) else None
        self._update("#mp-track", render.track_text(view, seat, ctx.names, rows, marks, target))
        self._update("#mp-runners", render.runners_text(view, ctx.names, seat, self.deltas()))
        # Between Championship races every sled sits past the line: the result and the last
        # round say it all, so the runners and the track make way for them.
        for selector in ("#mp-runners", "#mp-track"):
            self.query_one(selector, Static).display = view.phase != R.Phase.RACE_OVER
        parts: list[Any] = []
        over = render.race_is_over(view)
        news = self.query_one("#mp-news", Static)
        news.display = over
        if view.phase == R.Phase.RACE_OVER:
            self._update("#mp-news", Group(
                Text(f"RACE {view.race} IS OVER. Everyone may look: race {view.race + 1} starts when "
                     f"{seat_letter(view.to_move[0])} {ctx.names[view.to_move[0]]} chooses.", style="bold"),
                render.result_text(view, ctx.names)))
        elif view.phase == R.Phase.OVER:
            self._update("#mp-news", render.result_text(view, ctx.names))
        elif view.places:
            parts.append(render.result_text(view, ctx.names))
        if view.phase == R.Phase.PLAY or (not over and any(view.played)):
            parts.append(render.played_text(view, ctx.names, seat))
        self._update("#mp-played", Group(*parts))
        self.query_one("#mp-played", Static).display = bool(parts)
        last = render.last_round_text(view, ctx.names, seat)
        self._update("#mp-last", last)
        self.query_one("#mp-last", Static).display = not (isinstance(last, Text) and not last.plain)
        hand = self.query_one("#mp-hand", Static)
        if seat is not None and not over:
            highlight = self._preview.card if isinstance(self._preview, (R.PlayCard, R.KeepItem, R.DiscardItem)) else None
            self._update("#mp-hand", render.hand_text(view, seat, highlight))
            hand.display = True
        else:
            hand.display = False
        prev = self.query_one("#mp-preview", Static)
        text = self._preview_text()
        self._update("#mp-preview", text or Text())
        prev.set_class(not text, "-empty")

    def _track_marks(self) -> dict[int, str]:
        """Track tags for the highlighted choice: a token's section, a target's sled."""
        ctx, action = self.ctx, self._preview
        if ctx is None or action is None:
            return {}
        view = ctx.view
        if isinstance(action, R.PlaceToken):
            return {action.section: "<-?"}
        return {}

    def _preview_text(self) -> Text | None:
        ctx, action = self.ctx, self._preview
        if ctx is None or action is None or ctx.seat is None:
            return None
        view, seat = ctx.view, ctx.seat
        out = Text()
        if isinstance(action, R.PlayCard):
            slot = "LEFT" if not view.played[seat] else "RIGHT"
            out.append(f"{slot} {D.card_name(action.card)}: ", style="bold")
            if D.is_action(action.card):
                out.append_text(_speed_forecast(view, seat, action))
            else:
                out.append(D.ITEM_KINDS[D.item_kind(action.card)][1])
            return out
        if isinstance(action, R.Reduce):
            out.append_text(_after_box(view, seat, max(0, view.box[seat] - action.amount)))
            return out
        if isinstance(action, R.PlayNoMore):
            out.append("Your play: ", style="bold")
            out.append(" + ".join(_played_name(c, h) for c, h in view.played[seat]) + ", no right card. ")
            out.append("\n")
            out.append_text(_after_box(view, seat, *_after_play(view, seat, ())))
            return out
        if isinstance(action, (R.PlayIglu, R.PlayTormenta, Pass)) and view.reaction_window:
            out.append(view.reaction_window)
            return out
        if isinstance(action, (R.KeepItem, R.DiscardItem, R.Recover)):
            kinds = [D.item_kind(c) for c in view.drawn if c != D.HIDDEN]
            if isinstance(action, R.KeepItem) and len(set(kinds)) < len(kinds):
                # Two of a kind share one row of the list: say what was drawn.
                counted = ", ".join(f"{kinds.count(k)} {k}" for k in dict.fromkeys(kinds))
                out.append(f"You drew: {counted}\n", style="italic")
            out.append(f"{D.card_name(action.card)}: ", style="bold")
            out.append(D.card_text(action.card))
            return out
        label = self.action_label(action)
        if isinstance(action, R.Target):
            out.append(f"{label} (in [brackets] on the track)")
            return out
        if isinstance(action, R.PlaceToken):
            act = view.activating()
            kind = "spike" if act and D.is_item(act[1]) and D.item_kind(act[1]) == D.ERIZO else "ice"
            out.append(f"{kind.capitalize()} token on section {action.section}, marked <-? on the track")
            return out
        return None


def _after_play(view: Any, seat: int, extra: tuple[tuple[int, int], ...]) -> tuple[int, int]:
    """(box, conduction) after the seat's own played cards (plus ``extra``) act, counting
    only their plain effects on itself (+n acceleration, +n conduction, Escuadrón Canino,
    Aletón) within their speed ranges, left card first."""
    box = view.box[seat]
    cond = view.conduction[seat]
    total = view.speedometer(seat).total
    for card, half in tuple(view.played[seat]) + extra:
        if card == D.HIDDEN:
            continue
        if D.is_action(card):
            h = D.ACTION_CARDS[card].halves[half]
            if D.speed_level(view.sides[seat], box) not in h.levels:
                continue
            for icon, n in h.effects:
                if icon == D.ACCEL:
                    box = min(total - 1, box + n)
                elif icon == D.CONDUCTION:
                    cond += n
        elif D.item_kind(card) == D.CANINO:
            box = min(total - 1, box + 3)
        elif D.item_kind(card) == D.ALETON:
            cond += 1
    return box, cond


def _played_name(card: int, half: int) -> str:
    """'Jimy 9 (bottom half up)': a played card's name, with the half up of a double card."""
    name = D.card_name(card)
    if D.is_action(card) and D.ACTION_CARDS[card].is_double:
        return f"{name} ({'top' if half == 0 else 'bottom'} half up)"
    return name


def _box_after_play(view: Any, seat: int, extra: tuple[tuple[int, int], ...]) -> int:
    return _after_play(view, seat, extra)[0]


def _after_box(view: Any, seat: int, box: int, cond: int | None = None) -> Text:
    """'Then orange box 9: to section 7, 1 damage': the Impulse Phase at that speed."""
    level = D.speed_level(view.sides[seat], box)
    out = Text("Then ")
    out.append(f"{D.LEVEL_NAMES[level]} box {box + 1}", style=render.LEVEL_STYLES[level])
    forecast = getattr(R, "impulse_forecast", None)
    if forecast is None or view.finished(seat):
        n = D.sections_for_level(level)
        out.append(f": advance {n} section{'s' if n > 1 else ''}")
        return out
    cond = view.conduction[seat] if cond is None else cond
    end, damage, accel = forecast(attrs.evolve(view, box=_set(view.box, seat, box),
                                               conduction=_set(view.conduction, seat, cond)), seat)
    out.append(": " + ("over the finish line" if end > view.length else f"to {end}"))
    if damage >= view.health[seat]:
        out.append(f", {damage} damage: SLED DESTROYED (health {view.health[seat]})", style="bold reverse")
        return out
    if damage:
        out.append(f", {damage} damage", style="bold reverse")
    elif end <= view.length:
        out.append(", no damage")
    if accel:
        out.append(f", track {accel:+d}")
    return out


def _set(tup: tuple, i: int, value: Any) -> tuple:
    return tup[:i] + (value,) + tup[i + 1:]


def _speed_forecast(view: Any, seat: int, action: Any) -> Text:
    """Whether the card acts at the speed it will meet (after the left card) and could be
    carried out in full now (a rival in range, a box to slow down from ...), then the
    speed and the Impulse Phase after it."""
    box = _box_after_play(view, seat, ())
    level = D.speed_level(view.sides[seat], box)
    card, half = action.card, action.half
    ok = D.is_action(card) and level in D.ACTION_CARDS[card].halves[half].levels
    out = Text()
    if not ok:
        out.append(f"Does NOTHING at {D.LEVEL_NAMES[level]}.", style="bold reverse")
        out.append(" ")
    else:
        reason = _cannot_carry_out(view, seat, card, half, box)
        if reason:
            out.append(f"Does NOTHING now: {reason}.", style="bold reverse")
            out.append(" ")
        else:
            out.append(f"Acts at {D.LEVEL_NAMES[level]}. ", style="bold")
    out.append_text(_after_box(view, seat, *_after_play(view, seat, ((card, half),))))
    return out


def _cannot_carry_out(view: Any, seat: int, card: int, half: int, box: int) -> str:
    """Why the card could not be carried out in full if it acted now at ``box`` ('' if it
    could), as the engine judges it on this public view (Rulebook: Abilities)."""
    judge = getattr(view, "cannot_activate", None)
    if judge is None:
        return ""
    try:
        return judge(seat, card, half) if box == view.box[seat] else attrs.evolve(
            view, box=_set(view.box, seat, box)).cannot_activate(seat, card, half)
    except Exception:  # a preview must never break the screen
        return ""
