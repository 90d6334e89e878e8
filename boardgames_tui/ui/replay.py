"""The replay viewer: any finished or saved match, one decision at a time.

Each step is drawn by the game's own board widget (``ui/board.py``:
``show(BoardContext)``) from the state after that many decisions, seen from
the table (public view), from one seat's view, or, once the game is over,
with everything revealed. The log follows the step.
"""

from __future__ import annotations

import importlib
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Input, Static

from boardgames_tui import i18n
from boardgames_tui.engine import Event, Match, State, seat_letter
from boardgames_tui.engine.core import _fill
from boardgames_tui.engine.names import marked_names
from boardgames_tui.i18n import N_, _

from .board import BoardContext, GameBoard
from .footer import StableFooter
from .log_panel import LogPanel
from .numbers import typed_whole_number
from .translated import translated

#: Seconds between decisions when playing, slowest last.
PACES = (0.25, 0.5, 1.0, 2.0, 4.0)
#: The view that shows every hand and every private line (finished games only).
ALL = "all"


def round_of(state: State) -> tuple[str, int] | None:
    """('round', n) or ('turn', n) as the state counts them, or None when it keeps no count."""
    for attr, word in (("round", "round"), ("turn", "turn"), ("turns", "turn")):
        value = getattr(state, attr, None)
        if type(value) is int:
            return word, value
    return None


#: The shape of a line with its private parts written in (:func:`revealed`): translated
#: part by part like the rules' own texts (``boardgames_tui.i18n.translate_text``).
REVEALED_TEXT = i18n.shapes(N_("{text} [{parts}]"))[0]


def revealed(event: Event) -> Event:
    """``event`` with every seat's private part written into its public text."""
    if not event.private:
        return event
    parts = "; ".join(f"{seat_letter(s)}: {text}" for s, text in sorted(event.private.items()))
    return Event(f"{event.text} [{parts}]" if event.text else parts)


@translated
class JumpScreen(ModalScreen["str | None"]):
    """Asks where to jump: a decision number, or r and a round (turn) number. Dismisses with the text or None."""

    DEFAULT_CSS = """
    JumpScreen { align: center middle; }
    JumpScreen #jump-box { width: 60; height: auto; border: round $accent; background: $panel; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Back"))]

    def compose(self) -> ComposeResult:
        with Vertical(id="jump-box"):
            yield Static(
                _("Go to decision number (e.g. 12), or r and a round or turn (e.g. r3):"), markup=False
            )
            yield Input(id="jump-input", max_length=12)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


@translated
class ReplayScreen(Screen[None]):
    """Steps through ``match`` (its ``states`` hold every step). ``step`` is the number of decisions shown.

    Keys: right/left (or n/p) one decision, Home/End the first and last,
    j jump to a decision or round, space play or pause, + and - the pace,
    v the next point of view, x export (finished games), Escape back.
    """

    DEFAULT_CSS = """
    ReplayScreen { layout: vertical; }
    ReplayScreen #replay-status { height: 1; padding: 0 1; background: $accent; color: $text; text-style: bold; }
    ReplayScreen:nocolor #replay-status { text-style: bold reverse; }
    ReplayScreen #replay-body { height: 1fr; }
    ReplayScreen #replay-main { width: 1fr; height: 1fr; }
    ReplayScreen #replay-step { height: 2; padding: 0 1; border-top: solid $secondary; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "step(1)", N_("Next"), priority=True),
        Binding("left", "step(-1)", N_("Back one"), priority=True),
        Binding("n", "step(1)", N_("Next"), show=False),
        Binding("p", "step(-1)", N_("Back one"), show=False),
        Binding("home", "go(0)", N_("Start"), show=False, priority=True),
        Binding("end", "go(-1)", N_("End"), show=False, priority=True),
        Binding("space", "play", N_("Play/pause"), priority=True),
        Binding("plus", "pace(-1)", N_("Faster"), show=False),
        Binding("minus", "pace(1)", N_("Slower"), show=False),
        Binding("j", "jump", N_("Go to")),
        Binding("v", "view", N_("View")),
        Binding("x", "export", N_("Export")),
        Binding("escape", "close", N_("Back")),
        Binding("q", "close", N_("Back"), show=False),
    ]

    def __init__(self, match: Match, finished: float | None = None, start: int | None = None) -> None:
        super().__init__()
        self.match = match
        self.finished = finished
        ui = importlib.import_module(match.spec.ui_module)
        self.board: GameBoard = ui.make_board()
        self.views: list[Any] = [None, *range(match.players)] + ([ALL] if match.state.is_terminal else [])
        self.view_at = len(self.views) - 1 if match.state.is_terminal else 0
        self.step = len(match.actions) if start is None else max(0, min(start, len(match.actions)))
        self.pace_at = PACES.index(1.0)
        self._timer: Timer | None = None
        #: True once the board is composed and the first step drawn.
        self.ready = False

    @property
    def last(self) -> int:
        """The number of decisions in the match."""
        return len(self.match.actions)

    @property
    def viewpoint(self) -> Any:
        """None (the table), a seat number, or ALL."""
        return self.views[self.view_at]

    def compose(self) -> ComposeResult:
        yield Static("", id="replay-status", markup=False)
        with Horizontal(id="replay-body"):
            with Vertical(id="replay-main"):
                yield self.board
                yield Static("", id="replay-step", markup=False)
            yield LogPanel(id="replay-log")
        yield StableFooter()

    def on_mount(self) -> None:
        self.call_after_refresh(self._first_draw)  # the game's board composes its own parts first

    def _first_draw(self) -> None:
        self.ready = True
        self.draw()

    def on_unmount(self) -> None:
        self._stop()

    # ---- drawing ----------------------------------------------------------

    def view_name(self) -> str:
        """The point of view in words."""
        view = self.viewpoint
        if view is None:
            return _("the table")
        if view == ALL:
            seat = self.revealed_seat()
            if seat is None or not self.match.spec.hidden_information:
                return _("everything revealed")  # (a game without hands: no hand to name)
            return _("all, hand of {seat}").format(seat=seat_letter(seat))
        return f"{seat_letter(view)} {self.names[view]}"

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names as shown: a computer player's marked "Beto (PC)"."""
        return marked_names(self.match.names, self.match.seats)

    def revealed_seat(self) -> int | None:
        """The seat whose hand the revealed view shows: the one that made the decision shown (first to move at the start)."""
        if self.step > 0:
            return self.match.actions[self.step - 1][0]
        to_move = self.match.states[0].to_move
        return to_move[0] if to_move else None

    def draw(self) -> None:
        """Show the state after ``step`` decisions from the chosen point of view, and its log."""
        if not self.ready:
            return
        state = self.match.states[self.step]
        view = self.viewpoint
        names = self.names
        if view == ALL:
            # The full state, every private line, and the hand of the seat that just decided.
            shown, seat, log = state, self.revealed_seat(), tuple(revealed(e) for e in state.log)
        else:
            shown = state.view(view)
            seat, log = view, shown.log
        self.board.show(BoardContext(view=shown, seat=seat, names=names))
        self.query_one(LogPanel).show(log, names, seat)
        counted = round_of(state)
        where = ""
        if counted is not None:
            where = " | " + (_("round {n}") if counted[0] == "round" else _("turn {n}")).format(n=counted[1])
        playing = " | " + _("playing") if self._timer is not None else ""
        status = _("Replay: {title} | {step}/{last}{where} | view: {view}{playing}").format(
            title=self.match.spec.title,
            step=self.step,
            last=self.last,
            where=where,
            view=self.view_name(),
            playing=playing,
        )
        self.query_one("#replay-status", Static).update(status)
        self.query_one("#replay-step", Static).update(self.step_text())

    def step_text(self) -> str:
        """What the decision just shown was, or where the game stands at the start."""
        if self.step == 0:
            return _("The start of the game. Right arrow: the first decision.")
        seat, action = self.match.actions[self.step - 1]
        before = self.match.states[self.step - 1]
        secret = before.is_secret_choice(seat) if self.match.spec.hidden_information else False
        view = self.viewpoint
        if secret and view != ALL and view != seat:
            what = _("a secret choice")
        else:
            what = _fill(i18n.translate_text(str(action)), self.names)
        return f"{self.step}. {seat_letter(seat)} {self.names[seat]}: {what}"

    # ---- moving -------------------------------------------------------------

    def go_to(self, step: int) -> None:
        """Show the state after ``step`` decisions (clamped to the match)."""
        self.step = max(0, min(step, self.last))
        self.draw()

    def action_step(self, delta: int) -> None:
        self.go_to(self.step + delta)

    def action_go(self, where: int) -> None:
        self.go_to(self.last if where < 0 else where)

    def action_play(self) -> None:
        """Start or stop playing the decisions one by one at the chosen pace."""
        if self._timer is not None:
            self._stop()
        else:
            if self.step >= self.last:
                self.step = 0
            self._timer = self.set_interval(PACES[self.pace_at], self._tick)
        self.draw()

    def _tick(self) -> None:
        if self.step >= self.last:
            self._stop()
            self.draw()
            return
        self.go_to(self.step + 1)

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def action_pace(self, delta: int) -> None:
        """A faster (-1) or slower (+1) pace; a running play picks it up at once."""
        self.pace_at = max(0, min(len(PACES) - 1, self.pace_at + delta))
        if self._timer is not None:
            self._stop()
            self._timer = self.set_interval(PACES[self.pace_at], self._tick)
        self.notify(_("One decision every {seconds} s.").format(seconds=PACES[self.pace_at]), timeout=2)

    def action_view(self) -> None:
        """The next point of view: the table, each seat, then everything (finished games)."""
        self.view_at = (self.view_at + 1) % len(self.views)
        self.draw()

    def action_jump(self) -> None:
        self._stop()
        self.app.push_screen(JumpScreen(), self._jumped)

    def _jumped(self, text: str | None) -> None:
        if not text:
            return
        target = self.target_of(text)
        if target is None:
            self.notify(_("Type a decision number, or r and a round number."), severity="warning", timeout=4)
            return
        self.go_to(target)

    def target_of(self, text: str) -> int | None:
        """The step a jump text asks for: '12' decision 12, 'r3' the first decision of round (turn) 3; None if none."""
        text = text.strip().lower()
        if text[:1] in ("r", "t"):
            wanted = typed_whole_number(text[1:])
            if wanted is None:
                return None
            for i, state in enumerate(self.match.states):
                counted = round_of(state)
                if counted is not None and counted[1] >= wanted:
                    return i
            return None
        return typed_whole_number(text)

    def action_export(self) -> None:
        """Write the text record of a finished game to the exports folder."""
        from boardgames_tui.engine.history import export_to_file

        if not self.match.state.is_terminal:
            self.notify(_("Only a finished game can be exported."), severity="warning", timeout=4)
            return
        try:
            path = export_to_file(self.match, finished=self.finished)
        except OSError as exc:
            self.notify(_("Could not export: {error}").format(error=exc), severity="error")
            return
        self.notify(_("Exported to {path}").format(path=path), timeout=6)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "export":
            return self.match.state.is_terminal
        return True

    def action_close(self) -> None:
        self._stop()
        self.dismiss(None)
