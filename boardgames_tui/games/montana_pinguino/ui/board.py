"""The Montaña Pingüino board: track, runners, cards played, the deciding runner's hand.

Layout (top to bottom): one scrolling widget, ``#mp-scroll`` (a
:class:`~boardgames_tui.ui.scroll_lines.ScrollLines`), shows the rows of the
board's parts on show, one under the other (a part is a :class:`.part.Part`,
not a widget: a part that grows, shrinks, comes or goes changes rows, not the
screen's layout):

- ``news``: once a race is over (game over, or the public step between
  Championship races), its result with every runner's place and, in the
  Championship, the points table (the runners and track make way between races);
  during a reveal, the step being played;
- ``runners``: each runner's speedometer, level and health, with '*' on
  what changed in the last step;
- ``track``: the track window (every sled, and the 4 sections ahead of the
  deciding runner);
- ``played``: the cards played this round (face down until revealed, then
  what became of each); in the Championship, the points table;
- ``last``: the last round step by step (its public log lines, wrapped); once
  the race is over, its final round;
- ``hand``: the deciding runner's own action cards and items, in words;

and below it:

- ``#mp-preview`` (below the scroll, always in sight): what the highlighted
  choice would do.

Everything is drawn from ``ctx.view`` (the seat's own view) only.
When the seat on screen changes, the board scrolls back to the top.
"""

from __future__ import annotations

import io
from typing import Any

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult

from boardgames_tui import i18n
from boardgames_tui.engine import Pass, seat_letter
from boardgames_tui.i18n import N_, _, ngettext
from boardgames_tui.ui.board import BoardContext, GameBoard
from boardgames_tui.ui.lines import Lines
from boardgames_tui.ui.scroll_lines import ScrollLines

from .. import data as D
from .. import preview as P
from .. import rules as R
from . import render
from .part import Part


def _snapshot(view: Any) -> tuple:
    """The public facts whose changes the board points out: race, position, box, health."""
    return (view.race, view.position, view.box, view.health)


class MontanaBoard(GameBoard[R.MontanaState]):
    """The board of the shared game screen (id ``mp-board``)."""

    DEFAULT_CSS = """
    MontanaBoard { height: 1fr; width: 1fr; layout: vertical; }
    MontanaBoard #mp-scroll { height: 1fr; scrollbar-size-vertical: 1; overflow-y: scroll; }
    MontanaBoard #mp-preview { height: auto; max-height: 4; background: $boost; }
    MontanaBoard #mp-preview.-empty { background: transparent; }
    """

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("id", "mp-board")
        super().__init__(**kwargs)
        self.ctx: BoardContext[R.MontanaState] | None = None
        self._snap: tuple | None = None
        self._before: tuple | None = None
        self._preview: Any = None
        #: The rules' previews of the table on show, by action (:meth:`_preview_of`).
        self._previews: dict[Any, Any] = {}
        self._previews_for: Any = None
        #: The public view the table saw at the end of the last reveal, and its log length.
        self._reveal_base: Any = None
        self._revealed_upto = 0
        #: True while a reveal plays its frames on the board.
        self.revealing = False
        #: The board size the last drawing was made for (:meth:`_drawing_size`).
        self._drawn_for: tuple[int, bool] | None = None
        self._last_frame: Any = None
        #: The reveal's step on show: (frame, index, count, frame before it), or None.
        self._showing: tuple | None = None
        self._log_held: Any = None
        #: The reveal on show: its frames, and which part of the round it plays (a RevealPart).
        self._reveal_frames: list = []
        self._reveal_part: Any = None
        #: (race, round, number) of the last part of a round revealed: the next part is numbered on.
        self._part_of: tuple[int, int, int] | None = None
        #: (width, rows): the rows the reveal's step takes at that width, the most of any of its
        #: frames, so that the board keeps still while the steps play.
        self._step_rows: tuple[int, int] | None = None
        #: The most rows each part has taken in the reveal on show (the parts keep them).
        self._reveal_rows: dict[str, int] = {}
        #: The board's parts, top to bottom: their rows on show, joined, are ``#mp-scroll``'s.
        #: The track and the hand keep their rows: a seat's "Ahead of" line and hand are
        #: blank rows in the public view, so what lies below does not move.
        self.parts: dict[str, Part] = {
            name: Part(name, wrap=True, keep_rows=name in ("track", "hand"))
            for name in ("news", "runners", "track", "played", "last", "hand")
        }

    def compose(self) -> ComposeResult:
        yield ScrollLines(id="mp-scroll")
        yield Lines(id="mp-preview", wrap=True, keep_rows=True, classes="-empty")

    def part(self, name: str) -> Part:
        """The part called ``name`` ('news', 'runners', 'track', 'played', 'last', 'hand')."""
        return self.parts[name]

    # ---- the contract -----------------------------------------------------

    def show(self, ctx: BoardContext[R.MontanaState]) -> None:
        """Redraw from ``ctx`` (see the module docstring)."""
        new_seat = self.ctx is None or self.ctx.seat != ctx.seat
        self.ctx = ctx
        if self._reveal_base is None or len(ctx.view.log) < self._revealed_upto:
            # A game opened (or taken back by undo): what is on the table now is the start.
            self._reveal_base, self._revealed_upto = ctx.view, len(ctx.view.log)
            self._part_of = None
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
            self._scroll().scroll_home(animate=False)

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
            pv = self._preview_of(action)
            if pv is not None and pv.forecasts and pv.forecasts[0].cards:
                level = pv.forecasts[0].cards[0].level  # the speed it meets, by the rules
        return render.action_label(ctx.view, ctx.seat, action, ctx.names, level)

    # ---- the round revealed step by step ---------------------------------------

    #: Terminal columns from which the log stays in place during a reveal (held before the
    #: round); below, it steps aside so that the round's cards get its columns.
    HOLD_LOG_FROM = 100
    #: The list of choices kept in its place during a reveal (see :meth:`interlude`), or None.
    _list_held: Any = None

    def interlude(self, done: Any) -> bool:
        """Before the screen passes on: replay what the table has not watched yet (cards
        turning over, cards acting, sleds sliding, damage) with :mod:`.reveal`; False
        when nothing of the kind happened since the last reveal."""
        from .reveal import RevealPlayer, reveal_frames

        ctx = self.ctx
        if ctx is None or ctx.seat is not None or self._reveal_base is None:
            return False
        view, before = ctx.view, self._reveal_base
        events = view.log[self._revealed_upto :]
        frames = reveal_frames(before, view, events, ctx.names)
        told = self._revealed_upto
        self._reveal_base, self._revealed_upto = view, len(view.log)
        if not frames or not self.is_attached:
            return False
        self.revealing = True
        part = self._next_part(before, view, self._round_of(events, view))
        self._reveal_frames, self._reveal_part, self._step_rows = frames, part, None
        self._reveal_rows = {}
        # The log would tell the round before the reveal shows it. On a wide terminal it stops
        # before the round meanwhile, in its place (hiding it widens the board, which is laid
        # out and drawn again for it, twice per reveal); on a narrow one it steps aside, and
        # the round gets its columns.
        self._log_held = None
        for log in self.screen.query("#game-log"):
            if hasattr(log, "hold") and not log.has_class("-hidden"):
                if self.app.size.width >= self.HOLD_LOG_FROM:
                    log.hold(told)
                else:
                    log.set_hidden(True)  # type: ignore[attr-defined]  # the log panel (it has hold)
                self._log_held = log
        # Nothing to choose while the table watches. When the round fits above it (every card
        # turned over), the list keeps its place and shows the round's earlier steps (a
        # repaint); else it steps aside and the round gets its rows (a layout of the screen as
        # it goes, and another as it comes back).
        self._list_held = None
        for chooser in self.screen.query("#mp-chooser"):
            if self.size.height >= self._round_rows(view, 2 * view.players) and hasattr(chooser, "show_rows"):
                self._list_held = chooser
            else:
                chooser.display = False
        if part.whole:
            title = _("Round {round} revealed").format(round=part.round)
        else:
            title = _("Round {round}, part {part}").format(round=part.round, part=part.number)
        RevealPlayer(self, frames, title, done).start()
        return True

    def _next_part(self, before: Any, now: Any, round_no: int) -> Any:
        """Which part of round ``round_no`` a reveal from ``before`` to ``now`` (public views)
        plays (a :class:`.reveal.RevealPart`): the first when the round's cards were face down
        (or not played yet) in ``before``, else the one after the last part shown (the second
        when none was shown in this program: a game opened in the middle of a round); it goes
        on when ``now`` still waits in the middle of the round's activation."""
        from .reveal import RevealPart, next_text

        key = (now.race, round_no)
        if before.phase == R.Phase.ACTIVATE:
            last = self._part_of
            number = last[2] + 1 if last is not None and last[:2] == key else 2
        else:
            number = 1
        self._part_of = (*key, number)
        goes_on = now.phase == R.Phase.ACTIVATE
        names = self.ctx.names if self.ctx is not None else ()
        return RevealPart(round_no, number, goes_on, next_text(now, names) if goes_on else "")

    def curtain_reason(self, public: Any, seat: int) -> str:
        """Said on the curtain when the keyboard passes in the middle of the round's activation
        for a choice a card asks of its runner (the reveal's last frame named the card)."""
        if (
            public.phase != R.Phase.ACTIVATE
            or public.reaction_window is not None
            or seat not in public.to_move
        ):
            return ""
        return N_("The round goes on: a card this runner played asks for a choice.")

    def _step_rows_now(self) -> int:
        """The rows the step of the reveal on show takes on this board (the most any of its
        frames takes at this width: every step gets as many, so nothing below it moves)."""
        from .part import lay_out
        from .reveal import step_text

        width = self._row_width()
        if self._step_rows is None or self._step_rows[0] != width:
            frames, part = self._reveal_frames, self._reveal_part
            console = self.app.console
            options = console.options.update(width=width, height=None, no_wrap=False, overflow="crop")
            count = len(frames)
            rows = max(
                (len(lay_out(step_text(f, i, count, part), console, options)) for i, f in enumerate(frames)),
                default=1,
            )
            self._step_rows = (width, rows)
        return self._step_rows[1]

    def interlude_due(self, public: Any) -> bool:
        """True when the public lines since the last reveal hold a round worth replaying."""
        from .reveal import reveal_frames

        if self.ctx is None or self._reveal_base is None:
            return False
        return bool(
            reveal_frames(self._reveal_base, public, public.log[self._revealed_upto :], self.ctx.names)
        )

    @staticmethod
    def _round_of(events: Any, view: Any) -> int:
        """The round the replayed lines belong to (the one before, if a new round began)."""
        begun = any(" begins; " in e.text for e in events)
        return view.round - 1 if begun and view.round > 1 else view.round

    def _round_rows(self, view: Any, cards: int) -> int:
        """Rows a frame of the reveal takes on this board without its earlier steps (the step,
        the runners, the course, ``cards`` cards turned over), as the reveal counts them."""
        width = max(20, (self.size.width or 50) - 1)
        wide = self.size.height >= 30
        course_rows = render.course_shape(view.length, width)[2]
        return self._step_rows_now() + view.players + (1 if wide else 0) + 4 * course_rows + 2 + cards + 2

    def show_frame(self, frame: Any, index: int, count: int) -> None:
        """Draw one frame of the reveal: the step being played on top, then the runners,
        the course and the cards turned over so far."""
        prev = self._last_frame if index else None
        self._last_frame = frame
        self._showing = (frame, index, count, prev)
        self._draw_frame(frame, index, count, prev)

    def _draw_frame(self, frame: Any, index: int, count: int, prev: Any) -> None:
        """Draw a frame of the reveal for the board's size now (``prev``: the frame before it)."""
        from .reveal import frame_cards_text, step_text

        ctx = self.ctx
        assert ctx is not None
        view = frame.apply_to(ctx.view)
        width = max(20, (self.size.width or 50) - 1)
        wide = self.size.height >= 30
        part = self._reveal_part
        self._part(
            "news",
            ("step", frame.last, frame.lines[-1:], index, count, part),
            lambda: step_text(frame, index, count, part),
            least_rows=self._step_rows_now(),
        )
        deltas = {}
        if prev is not None:
            for s in range(view.players):
                d = {
                    "position": frame.position[s] - prev.position[s],
                    "box": frame.box[s] - prev.box[s],
                    "health": frame.health[s] - prev.health[s],
                }
                deltas[s] = {k: v for k, v in d.items() if v}
        # The runners and the course never take fewer rows than they took earlier in this reveal
        # (a line such as the sleds still at the start goes blank rather than away): the board
        # keeps still while the steps play.
        least = self._reveal_rows
        self._part(
            "runners",
            ("table watches", *self._runners_key(view, None, deltas, wide)),
            lambda: render.runners_text(
                view, ctx.names, None, deltas, wide, title=_("THE TABLE WATCHES THE ROUND"), news=False
            ),
            least_rows=least.get("runners", 0),
        )
        # With both end lines, sleds leaving the start or crossing the line move no row.
        self._part(
            "track",
            ("reveal", *self._track_key(view, None, width, {}, None)),
            lambda: render.course_text(view, None, width, ends=True),
            least_rows=least.get("track", 0),
        )
        for name in ("runners", "track"):
            least[name] = max(least.get(name, 0), self.parts[name].rows)
        cards = sum(len(row) for row in frame.cards) or 1
        earlier = max(0, self.size.height - self._round_rows(view, cards))
        if self._list_held is not None:
            earlier = 0  # the list shows them
            self._show_earlier_steps(frame)
        self._part(
            "played",
            ("cards turned", frame.cards, frame.lines, frame.last, earlier),
            lambda: frame_cards_text(frame, render.SEAT_STYLES, earlier),
        )
        for name, on in (
            ("news", True),
            ("runners", True),
            ("track", True),
            ("played", True),
            ("last", False),
            ("hand", False),
        ):
            self.parts[name].display = on
        self._join()
        self._preview_lines().set_class(True, "-empty")
        if index == 0:
            self._scroll().scroll_home(animate=False)

    def _show_earlier_steps(self, frame: Any) -> None:
        """The steps of the round before the one being played, in the list of choices kept in
        its place (``_list_held``): the last that fit, wrapped to its width."""
        from boardgames_tui.ui.lines import render_strips

        chooser = self._list_held
        width, height = chooser.room
        if width <= 0 or height <= 0:
            width, height = max(20, self.size.width - 3), 7  # not laid out yet: drawn again on resize
        before = frame.lines[:-1] if not frame.last else frame.lines
        rows: list = []
        for line in reversed(before):
            wrapped = render_strips(Text("- " + line), self.app.console, width, True)
            if len(rows) + len(wrapped) > height:
                break
            rows[:0] = wrapped
        chooser.show_rows(_("EARLIER STEPS"), rows)

    def end_reveal(self) -> None:
        """The reveal is over: the board shows the table as it is now."""
        self.revealing = False
        self._showing = None
        self._reveal_frames, self._step_rows = [], None
        self._reveal_rows = {}
        log, self._log_held = self._log_held, None
        if log is not None:
            log.hold(None)
            if log.has_class("-hidden"):
                log.set_hidden(False)
        held, self._list_held = self._list_held, None
        for chooser in self.screen.query("#mp-chooser"):
            if chooser is held:
                chooser.show_rows("", None)
            else:
                chooser.display = True
        if self.ctx is not None:
            self._draw()

    def action_key(self, action: Any) -> str | None:
        """The card's own digit in the secret play, the same in the left and the right list
        (0: no right card); None elsewhere, or when the hand lists more than 9 choices."""
        ctx = self.ctx
        if ctx is None or ctx.seat is None or ctx.view.phase != R.Phase.PLAY:
            return None
        if isinstance(action, R.PlayNoMore):
            return "0"
        if isinstance(action, R.PlayCard):
            kept = getattr(self, "_card_keys", None)
            if kept is None or kept[0] is not ctx:  # worked out once per list, not once per card
                kept = self._card_keys = (ctx, card_keys(ctx.view, ctx.seat))
            return kept[1].get(_key_of(action.card, action.half))
        return None

    def on_resize(self) -> None:
        """A wider board draws the track wider, a tall one the runners roomier: redraw when
        either changes (a new height alone changes nothing drawn)."""
        if self.revealing:
            # The reveal's step stays on the board, drawn again for the new size (the board
            # makes room for the reveal: drawing the table here would show the round's end).
            held = self._list_held
            if (
                held is not None
                and self.ctx is not None
                and self.size.height < self._round_rows(self.ctx.view, 2 * self.ctx.view.players)
            ):
                # The terminal shrank under the round: the list steps aside after all (the
                # screen is being laid out for the new size anyway); end_reveal brings it back.
                self._list_held = None
                held.show_rows("", None)
                held.display = False
            if self._showing is not None:
                self._reveal_rows = {}  # the rows a part took were for the old size
                self._draw_frame(*self._showing)
            return
        if self.ctx is not None and self._drawn_for != self._drawing_size():
            self._draw()

    def _drawing_size(self) -> tuple[int, bool]:
        """What of the board's size the drawing depends on: (width, tall)."""
        return (self.size.width, self.size.height >= 30)

    def plain_text(self, width: int = 48) -> str:
        """Everything the board shows now as plain text (for tests and screen readers)."""
        from rich.console import Console

        console = Console(width=width, record=True, color_system=None, file=io.StringIO())
        for part in self.parts.values():
            if part.display:
                console.print(part.source)
        console.print(self._preview_lines().source)
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

    def _part(self, name: str, key: tuple, build: Any, least_rows: int = 0) -> None:
        """Show ``build()`` in one part of the board, drawn again only when ``key`` (every fact
        ``build`` reads) changed, in at least ``least_rows`` rows: see :class:`.part.Part`.
        Without colours when NO_COLOR is set. The rows reach the screen with :meth:`_join`."""
        no_color = bool(getattr(self.app, "no_color", False))

        def made() -> Any:
            content = build()
            return render.decolour(content) if no_color else content

        self.parts[name].show(
            (key, no_color, i18n.language()), made, self._row_width(), self.app.console, least_rows=least_rows
        )

    def _row_width(self) -> int:
        """The cells a part's row may take: the scroll's width inside its scrollbar's column
        (before the first layout, the terminal's, less that column)."""
        width = self._scroll().width_for_rows
        return width if width > 0 else max(1, self.app.size.width - 1)

    def _join(self) -> None:
        """Show the rows of the parts on show, top to bottom, in ``#mp-scroll``: only the rows
        that differ from those on screen are repainted, and no layout is asked for."""
        rows: list = []
        for part in self.parts.values():
            if part.display:
                rows.extend(part.strips)
        self._scroll().set_strips(rows)

    def _scroll(self) -> ScrollLines:
        """The scrolling rows of the board (``#mp-scroll``), looked up once."""
        scroll = getattr(self, "_scroll_widget", None)
        if scroll is None:
            scroll = self._scroll_widget = self.query_one("#mp-scroll", ScrollLines)
        return scroll

    def _preview_lines(self) -> Lines:
        """The preview under the scroll (``#mp-preview``), looked up once."""
        lines = getattr(self, "_preview_widget", None)
        if lines is None:
            lines = self._preview_widget = self.query_one("#mp-preview", Lines)
        return lines

    @staticmethod
    def _track_key(
        view: Any, seat: int | None, width: int, marks: dict[int, str], target: int | None
    ) -> tuple:
        """What the track part reads: the course, the sleds, the tokens, who looks, the width, the marks."""
        return (
            "track",
            view.track,
            view.position,
            view.tokens,
            seat,
            width,
            tuple(sorted(marks.items())),
            target,
        )

    def _runners_key(
        self, view: Any, seat: int | None, deltas: dict[int, dict[str, int]], wide: bool
    ) -> tuple:
        """What the runners part reads: the round, and each runner's name, speed, health and state."""
        changed = tuple(sorted((s, tuple(sorted(d.items()))) for s, d in deltas.items()))
        return (
            "runners",
            view.race,
            view.championship,
            view.phase,
            view.round,
            view.first,
            view.sides,
            view.box,
            view.health,
            view.conduction,
            view.destroyed,
            view.one_card,
            view.position,
            view.track,
            self.ctx.names if self.ctx is not None else (),
            seat,
            changed,
            wide,
        )

    scrolls = True
    scroll_id = "mp-scroll"

    def redraw(self) -> None:
        if self.ctx is not None:
            self._draw()

    def _draw(self) -> None:
        ctx = self.ctx
        assert ctx is not None
        if self.wait_to_draw():
            return
        self._drawn_for = self._drawing_size()
        view, seat, names = ctx.view, ctx.seat, ctx.names
        parts = self.parts
        marks = self._track_marks()
        width = max(20, (self.size.width or 50) - 1)
        wide = self.size.height >= 30
        target = self._preview.seat if isinstance(self._preview, R.Target) else None

        def track() -> Any:
            course = render.course_text(view, seat, width, marks, target)
            ahead = render.ahead_text(view, seat)
            # The drawn course is cut at the edge; the words ahead of the sled wrap under it.
            return Group(course, ahead) if ahead.plain else course

        self._part("track", self._track_key(view, seat, width, marks, target), track)
        deltas = self.deltas()
        self._part(
            "runners",
            self._runners_key(view, seat, deltas, wide),
            lambda: render.runners_text(view, names, seat, deltas, wide),
        )
        # Between Championship races every sled sits past the line: the result and the last
        # round say it all, so the runners and the track make way for them.
        for name in ("runners", "track"):
            parts[name].display = view.phase != R.Phase.RACE_OVER
        over = render.race_is_over(view)
        parts["news"].display = over
        # What the race result reads (places, finishes, speeds, points) and who the table waits for.
        result_key = (
            view.phase,
            view.race,
            view.round,
            view.championship,
            view.places,
            view.points,
            view.firsts,
            view.result,
            view.decided_by,
            view.finish,
            view.position,
            view.box,
            view.health,
            view.sides,
            view.track,
            view.to_move,
            names,
        )
        if view.phase == R.Phase.RACE_OVER:
            self._part(
                "news",
                ("race over", result_key, seat),
                lambda: Group(
                    Text(
                        _(
                            "RACE {race} IS OVER. Everyone may look: race {next} starts when {name} chooses."
                        ).format(
                            race=view.race,
                            next=view.race + 1,
                            name=f"{seat_letter(view.to_move[0])} {names[view.to_move[0]]}",
                        ),
                        style="bold",
                    ),
                    render.result_text(view, names),
                ),
            )
        elif view.phase == R.Phase.OVER:
            self._part("news", ("over", result_key), lambda: render.result_text(view, names))
        with_result = not over and bool(view.places)
        with_played = view.phase == R.Phase.PLAY or (not over and any(view.played))

        def played() -> Any:
            out: list[Any] = []
            if with_result:
                out.append(render.result_text(view, names))
            if with_played:
                out.append(render.played_text(view, names, seat))
            return Group(*out)

        self._part(
            "played",
            (
                "played",
                with_result and result_key,
                with_played
                and (
                    view.phase,
                    view.order,
                    view.cursor,
                    view.slot,
                    view.played,
                    view.outcomes,
                    view.to_move,
                    view.purist,
                    tuple(len(h) for h in view.hand),
                    tuple(len(i) for i in view.items),
                    seat,
                ),
            ),
            played,
        )
        parts["played"].display = with_result or with_played
        events = render.last_round_events(view)
        self._part(
            "last",
            (
                "last",
                tuple((e.text, tuple(sorted(e.private.items()))) for e in events),
                names,
                view.round,
                over,
            ),
            lambda: render.last_round_text(view, names, seat),
        )
        parts["last"].display = bool(events)
        # No seat (or the race over): the hand's rows go blank rather than away, so the board
        # keeps its layout from the public view to the next seat's.
        parts["hand"].display = True
        if seat is not None and not over:
            highlight = (
                self._preview.card
                if isinstance(self._preview, (R.PlayCard, R.KeepItem, R.DiscardItem))
                else None
            )
            self._part(
                "hand",
                (
                    "hand",
                    seat,
                    view.hand[seat],
                    view.sides[seat],
                    view.box[seat],
                    view.characters[seat],
                    len(view.deck[seat]),
                    len(view.discard[seat]),
                    view.phase,
                    view.drawn,
                    view.purist,
                    view.items[seat],
                    highlight,
                ),
                lambda: render.hand_text(view, seat, highlight),
            )
        else:
            self._part("hand", ("no hand",), Text)
        self._join()
        prev = self._preview_lines()
        text = self._preview_text() or Text()
        prev.set(render.decolour(text) if getattr(self.app, "no_color", False) else text)
        prev.set_class(not text, "-empty")

    def _track_marks(self) -> dict[int, str]:
        """Track tags for the highlighted choice: a token's section, a target's sled."""
        ctx, action = self.ctx, self._preview
        if ctx is None or action is None:
            return {}
        if isinstance(action, R.PlaceToken):
            return {action.section: "?"}
        return {}

    def _preview_text(self) -> Text | None:
        ctx, action = self.ctx, self._preview
        if ctx is None or action is None or ctx.seat is None:
            return None
        view, seat = ctx.view, ctx.seat
        out = Text()
        if isinstance(action, R.PlayCard):
            slot = _("LEFT") if not view.played[seat] else _("RIGHT")
            out.append(f"{slot} {D.card_name(action.card)}: ", style="bold")
            if D.is_item(action.card):
                out.append(_(D.ITEM_KINDS[D.item_kind(action.card)][1]) + "\n")
            pv = self._preview_of(action)
            if pv is not None and pv.forecasts:
                fact = pv.forecasts[0].cards[0] if pv.forecasts[0].cards else None
                if fact is not None:
                    out.append_text(card_verdict(fact))
                out.append_text(forecasts_text(view, seat, pv))
            return out
        if isinstance(action, (R.Reduce, R.PlaceToken)) and view.phase == R.Phase.ACTIVATE:
            # What the sled does then: the slow-down chosen, or the token where it is put.
            if isinstance(action, R.PlaceToken):
                out.append_text(self._choice_text(view, action))
            pv = self._preview_of(action)
            if pv is not None and pv.forecasts:
                if out:
                    out.append("\n")
                out.append_text(forecasts_text(view, seat, pv))
            return out
        if isinstance(action, (R.Recover, R.Target)) and view.phase == R.Phase.ACTIVATE:
            return self._choice_text(view, action)  # the seat's own sled is the same either way
        return self._other_preview_text(view, seat, action, out)

    def _preview_of(self, action: Any) -> P.Preview | None:
        """The rules' :func:`.preview.preview` of ``action`` from the seat's view, worked out
        once per table on show (the chooser's labels and the preview line ask again)."""
        ctx = self.ctx
        if ctx is None or ctx.seat is None:
            return None
        if self._previews_for is not ctx.view:
            self._previews_for, self._previews = ctx.view, {}
        if action not in self._previews:
            self._previews[action] = P.preview(ctx.view, ctx.seat, action)
        return self._previews[action]

    def _choice_text(self, view: Any, action: Any) -> Text:
        """The line naming a card's choice (the card taken, the target, the token's section)."""
        out = Text()
        if isinstance(action, R.Recover):
            out.append(f"{D.card_name(action.card)}: ", style="bold")
            out.append(i18n.translate_parts(D.card_text(action.card)))
            return out
        if isinstance(action, R.Target):
            out.append(_("{label} (marked > on the course)").format(label=self.action_label(action)))
            return out
        act = view.activating()
        spike = bool(act and D.is_item(act[1]) and D.item_kind(act[1]) == D.ERIZO)
        text = (
            _("Spike token on section {section}, marked ? on the course")
            if spike
            else _("Ice token on section {section}, marked ? on the course")
        )
        out.append(text.format(section=action.section))
        return out

    def _other_preview_text(self, view: Any, seat: int, action: Any, out: Text) -> Text | None:
        """The preview of a choice that does nothing to the sled this round (items, windows)."""
        if isinstance(action, R.PlayNoMore):
            out.append(_("Your play: "), style="bold")
            out.append(
                _("{cards}, no right card. ").format(
                    cards=" + ".join(_played_name(c, h) for c, h in view.played[seat])
                )
            )
            pv = self._preview_of(action)
            if pv is not None:
                for fact in pv.forecasts[0].cards if pv.forecasts else ():
                    if fact.reason:
                        out.append(f"{D.card_name(fact.card)}: ", style="bold")
                        out.append_text(card_verdict(fact))
                out.append("\n")
                out.append_text(forecasts_text(view, seat, pv))
            return out
        if isinstance(action, (R.PlayIglu, R.PlayTormenta, Pass)) and view.reaction_window:
            out.append(i18n.translate_text(view.reaction_window))
            return out
        if isinstance(action, (R.KeepItem, R.DiscardItem, R.Recover)):
            kinds = [D.item_kind(c) for c in view.drawn if c != D.HIDDEN]
            if isinstance(action, R.KeepItem) and len(set(kinds)) < len(kinds):
                # Two of a kind share one row of the list: say what was drawn.
                counted = ", ".join(f"{kinds.count(k)} {k}" for k in dict.fromkeys(kinds))
                out.append(_("You drew: {cards}").format(cards=counted) + "\n", style="italic")
            out.append(f"{D.card_name(action.card)}: ", style="bold")
            out.append(i18n.translate_parts(D.card_text(action.card)))
            return out
        return None


def _key_of(card: int, half: int) -> tuple:
    """What a digit stands for: an action card with a half up, or a kind of item."""
    return ("item", D.item_kind(card)) if D.is_item(card) else ("card", card, half)


def card_keys(view: Any, seat: int) -> dict[tuple, str]:
    """The digit of each choice of the seat's secret play, numbered over the hand as it was
    before the left card left it (action cards by number, a double card's top then bottom
    half, then each kind of item), so a card keeps its digit in the right list. Empty when
    there are more than 9 choices (the list then numbers its rows 1-9)."""
    cards = set(view.hand[seat])
    kinds = {D.item_kind(c) for c in view.items[seat] if D.item_kind(c) not in D.IMMEDIATE_KINDS}
    for card, _half in view.played[seat]:
        if card == D.HIDDEN:
            continue
        if D.is_item(card):
            kinds.add(D.item_kind(card))
        else:
            cards.add(card)
    keys: list[tuple] = []
    for c in sorted(cards):
        keys.append(("card", c, 0))
        if D.ACTION_CARDS[c].is_double:
            keys.append(("card", c, 1))
    keys.extend(("item", k) for k in sorted(kinds, key=D.ITEM_CARDS.index))
    if len(keys) > 9:
        return {}
    return {k: str(i + 1) for i, k in enumerate(keys)}


def _forecast_text(view: Any, seat: int, f: P.Forecast, lead: str) -> Text:
    """'Then orange box 9: to section 7, 1 damage, track +2': one :class:`.preview.Forecast`."""
    level = D.speed_level(view.sides[seat], f.speed_box)
    out = Text(lead)
    if f.moved:
        out.append(
            ngettext("+{n} section from items, ", "+{n} sections from items, ", f.moved).format(n=f.moved)
        )
    out.append(
        _("{level} box {box}").format(level=_(D.LEVEL_NAMES[level]), box=f.speed_box + 1),
        style=render.LEVEL_STYLES[level],
    )
    out.append(
        ": " + (_("over the finish line") if f.finished else _("to {section}").format(section=f.position))
    )
    if f.destroyed:
        out.append(
            _(", {damage} damage: SLED DESTROYED (health {health})").format(
                damage=f.damage, health=view.health[seat]
            ),
            style="bold reverse",
        )
        return out
    if f.damage:
        out.append(_(", {damage} damage").format(damage=f.damage), style="bold reverse")
    elif not f.finished:
        out.append(_(", no damage"))
    if f.track_accel:
        out.append(_(", track {accel}").format(accel=f"{f.track_accel:+d}"))
    return out


def forecasts_text(view: Any, seat: int, pv: P.Preview) -> Text:
    """The preview's forecasts, one line each (two when a slow-down's X is still to be chosen:
    X = 1 and the largest X), then what they leave out."""
    out = Text()
    many = len(pv.forecasts) > 1
    for i, f in enumerate(pv.forecasts):
        if i:
            out.append("\n")
        if many and i == len(pv.forecasts) - 1:
            lead = _("If you slow down {n} (the most): ").format(n=f.slow)
        elif many:
            lead = _("If you slow down 1: ")
        else:
            lead = _("Then (slow down 1) ") if f.slow == 1 else _("Then ")
        out.append_text(_forecast_text(view, seat, f, lead))
    said = dict.fromkeys(_UNKNOWN_WORDS[u] for u in pv.unknown if _UNKNOWN_WORDS.get(u))
    for words in said:
        out.append(" " + _(words))
    return out


#: What a preview leaves out (:attr:`.preview.Preview.unknown`), in words; a right card not
#: chosen yet goes unsaid (the player knows that one).
_UNKNOWN_WORDS = {
    P.FACE_DOWN: N_("Others' cards not counted."),
    P.OTHERS_TO_PLAY: N_("Others' cards not counted."),
    P.OTHERS_TO_ACT: N_("Others' cards not counted."),
    P.TORMENTA: N_("A Tormenta de Nieve may cancel it."),
    P.TOKEN_SECTION: N_("Counted with the first section you may choose for the token."),
    P.RIGHT_CARD: "",
}


def card_verdict(fact: P.CardFact) -> Text:
    """'Acts at yellow. ' or 'Does NOTHING at green. Not counted. ': a card as the rules carry it out."""
    out = Text()
    if not fact.reason:
        if D.is_action(fact.card):
            out.append(_("Acts at {level}. ").format(level=_(D.LEVEL_NAMES[fact.level])), style="bold")
        return out
    if fact.reason.startswith("speed"):
        out.append(
            _("Does NOTHING at {level}.").format(level=_(D.LEVEL_NAMES[fact.level])), style="bold reverse"
        )
    else:
        out.append(
            _("Does NOTHING now: {reason}.").format(reason=i18n.translate_text(fact.reason)),
            style="bold reverse",
        )
    out.append(" " + _("Not counted. "))
    return out


def _played_name(card: int, half: int) -> str:
    """'Jimy 9 (bottom half up)': a played card's name, with the half up of a double card."""
    name = D.card_name(card)
    if D.is_action(card) and D.ACTION_CARDS[card].is_double:
        return f"{name} ({_('top half up') if half == 0 else _('bottom half up')})"
    return name
