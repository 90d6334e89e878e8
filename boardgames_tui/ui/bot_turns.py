"""Computer players at the table: their turns, their pauses, and hints (issue 10, "In the app").

The game screen owns one :class:`BotTurns` (a plain object: its workers and
timers are the screen's) and asks it, at each step of ``advance``,
whether a computer player decides now. The rules of the table:

- Whoever sits in a seat is in ``match.seats`` ("human" or a level of
  :data:`boardgames_tui.bots.LEVELS`). Every seat a computer player holds
  answers for itself whatever it must decide: its turns, its secret
  choices (face down, like anyone's) and the reaction windows it could
  react in. Computer players in ``to_move`` decide before the people
  there, one at a time, so a reaction window that only computer players
  could answer closes without any screen, and one that people may answer
  shows only them.
- A computer player thinks in a thread worker (``run_worker(thread=True)``)
  on ``state.view(seat)`` only, so the screen keeps answering keys. The
  worker hands the search to a helper process (:mod:`.bot_process`, so it
  never holds the app's interpreter lock) and waits, checking for
  cancellation every 50 ms: leaving the game or quitting never waits for
  a search to end. Its answer counts only if the state it decided on is
  still the match's state and nobody changed the seats meanwhile.
- While a computer player thinks and right after its move, the screen
  shows the table: the only person's own view in a solo game (one human),
  the public view otherwise. Its move stays in sight for ``bot_pause``
  seconds (the app's setting, ``--bot-pause``), shown on the status line by
  its public log text only (a secret choice is never named); Space goes on
  at once.
- The curtain is for hand-overs between different people: with fewer than
  two human seats it never comes up.
- ``h`` asks the Strong level what it would play, from the view of the
  player whose own screen is shown and whose decision it is, in a worker
  too; the answer is a notice naming the action, dropped if the screen has
  moved on meanwhile.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from textual.worker import Worker, WorkerState, get_current_worker

from boardgames_tui import i18n
from boardgames_tui.engine.core import seat_ref
from boardgames_tui.engine.match import HUMAN
from boardgames_tui.i18n import N_, _

from .bot_process import ThinkingProcess
from .shell import shell_of

if TYPE_CHECKING:
    from .game_screen import GameScreen

#: Seconds a computer player's move stays in sight before the game goes on (the app's default).
DEFAULT_PAUSE = 1.0
#: Seconds the Strong level thinks per decision, and for a hint (the app's default).
DEFAULT_SECONDS = 1.0
#: Where computer players' decisions are thought out, and hints (one helper process each).
DECISIONS = ThinkingProcess()
HINTS = ThinkingProcess()

LEVEL_NAMES = {"random": N_("Random"), "greedy": N_("Greedy"), "strong": N_("Strong"), HUMAN: N_("Human")}


def kind_name(kind: str) -> str:
    """How a seat's kind reads on screen: "Human", or "Computer (Strong)"."""
    return (
        _("Human") if kind == HUMAN else _("Computer ({level})").format(level=_(LEVEL_NAMES.get(kind, kind)))
    )


def own_line(events: Sequence[Any], seat: int, names: Sequence[str]) -> str | None:
    """The public log line that tells ``seat``'s own move, among the ``events`` that move added.

    ``events`` are engine ``Event`` objects, public (the table's view). A
    move may add other lines after its own (a round revealed, the next
    player's turn, a new round): the line shown for the move is the first
    that begins with the seat's name, else the first that names it, else
    the first line at all; None when the move added no public line. The
    line is translated and its names filled in from ``names``.
    """
    ref = seat_ref(seat)
    shown = [(e, i18n.render_event(e, names, None)) for e in events]
    shown = [(e, line) for e, line in shown if line]
    for wanted in (lambda t: t.startswith(ref), lambda t: ref in t, lambda t: True):
        for event, line in shown:
            if wanted(event.text):
                return line
    return None


def think(helper: ThinkingProcess, request: tuple) -> dict[str, Any] | None:
    """Ask ``helper`` for a decision (``request``: see :func:`.bot_process.answer`), in a worker.

    Returns ``{"action": ...}`` or ``{"error": text}``; None when the worker
    was cancelled first (the search is dropped with its helper process).
    """
    worker = get_current_worker()
    return helper.ask(request, lambda: worker.is_cancelled)


class BotTurns:
    """The computer players of one game screen (see the module docstring).

    ``thinking`` is the (generation, state, seat) a worker is deciding on,
    or None; ``pausing`` is True while a computer player's move is on show.
    ``generation`` goes up whenever the seats change, which makes every
    answer still being thought about stale.

    Not a widget: its workers (groups ``bot`` and ``hint``) and timers are
    the game screen's, which hands it their events
    (:meth:`on_worker_state_changed`). A widget more on the screen cost every
    key a visit of Textual's message pump, hidden or not.
    """

    def __init__(self, host: GameScreen) -> None:
        self.host = host
        self.generation = 0
        self.thinking: tuple[int, Any, int] | None = None
        self.pausing = False
        self._pending = False
        self._timer: Any = None
        self._hint: tuple[int, Any, int] | None = None

    # ---- settings and seats ----------------------------------------------

    @property
    def match(self) -> Any:
        return self.host.match

    @property
    def app(self) -> Any:
        return self.host.app

    def notify(self, message: str, **kwargs: Any) -> None:
        """A toast, as the screen shows them."""
        self.host.notify(message, **kwargs)

    def _setting(self, name: str, default: Any) -> Any:
        value = getattr(self.app, name, None)
        return default if value is None else value

    def _request(self, level: str, seat: int, seed: str) -> tuple:
        """What a helper needs to decide for ``seat`` at ``level``: the seat's view, never the state."""
        return (
            level,
            self.match.game_id,
            float(self._setting("bot_seconds", DEFAULT_SECONDS)),
            self._setting("bot_playouts", None),
            self.match.state.view(seat),
            seat,
            seed,
        )

    def humans(self) -> list[int]:
        """The seats people play."""
        return [s for s, kind in enumerate(self.match.seats) if kind == HUMAN]

    def is_bot(self, seat: int) -> bool:
        """Whether a computer player holds ``seat``."""
        return self.match.seats[seat] != HUMAN

    def any_bots(self) -> bool:
        """Whether a computer player holds any seat."""
        return any(kind != HUMAN for kind in self.match.seats)

    def curtains(self) -> bool:
        """Whether hand-overs need the curtain: only between two or more people."""
        return len(self.humans()) >= 2

    def table_seat(self) -> int | None:
        """Whose view the table watches while computer players act: the only person's, else nobody's."""
        humans = self.humans()
        return humans[0] if len(humans) == 1 else None

    # ---- computer players' turns -------------------------------------------

    def take_over(self) -> bool:
        """Called by ``advance``: True when a computer player decides now (or its move is on show).

        Starts its worker unless one is already deciding on this very
        state for that seat; the screen then shows the table and says who
        is thinking.
        """
        self._pending = False
        if self.pausing:
            return True
        state = self.match.state
        seats = [s for s in state.to_move if self.is_bot(s)]
        if not seats:
            return False
        seat = seats[0]
        if self.thinking is not None and self._current(self.thinking) and self.thinking[2] == seat:
            return True
        token = (self.generation, state, seat)
        self.thinking = token
        level = self.match.seats[seat]
        self._show_table(
            _("{name} ({level}) is thinking...").format(name=self.host.who(seat), level=_(LEVEL_NAMES[level]))
        )
        request = self._request(level, seat, f"{self.match.seed}:{len(self.match.actions)}:{seat}")
        worker = self.host.run_worker(
            lambda: (token, think(DECISIONS, request)),
            thread=True,
            group="bot",
            exclusive=True,
            exit_on_error=False,
        )
        worker.name = "bot"
        return True

    def _current(self, token: tuple[int, Any, int]) -> bool:
        generation, state, seat = token
        return generation == self.generation and state is self.match.state and self.is_bot(seat)

    def _show_table(self, status: str, tail: str = "") -> None:
        """Draw the table's view (no choices) with ``status`` on the status line, ending with ``tail`` whole."""
        host = self.host
        seat = self.table_seat()
        if seat is None and host.shown_seat is not None:
            host.hand_over()
        host.render_for(seat, choices=False)
        host.set_focus(None)  # keys go to the screen (Space, menu, rules), not a hidden chooser
        host.show_status(f"{host.spec.title} | {status}", tail)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A worker of the screen changed state: a computer player's answer or a hint is in."""
        worker = event.worker
        if event.state != WorkerState.SUCCESS or worker.result is None:
            return
        if worker.name == "bot":
            token, box = worker.result
            self._decided(token, box)
        elif worker.name == "hint":
            token, box = worker.result
            self._hinted(token, box)

    def _decided(self, token: tuple[int, Any, int], box: dict[str, Any] | None) -> None:
        """A computer player's answer: applied only if the state it decided on is still current."""
        if self.thinking is not token or box is None or not self.host.is_attached:
            return
        self.thinking = None
        if not self._current(token):
            return
        _generation, state, seat = token
        action = box.get("action")
        legal = state.legal_actions(seat)
        if action not in legal:
            error = box.get("error")
            self.notify(
                _("The computer player of {name} failed ({error}); it plays a random legal action.").format(
                    name=self.host.who(seat), error=error or _("no legal answer")
                ),
                severity="warning",
            )
            action = random.Random(len(self.match.actions)).choice(legal)
        public_before = len(state.view(None).log)
        self.host.play_decision(seat, action)
        said = own_line(self.match.state.view(None).log[public_before:], seat, self.match.names)
        level = _(LEVEL_NAMES[self.match.seats[seat]])
        pause = float(self._setting("bot_pause", DEFAULT_PAUSE))
        if pause > 0 and said is not None and not self.match.state.is_terminal:
            self.pausing = True
            self._show_table(
                _("{name} ({level}): {said}").format(name=self.host.who(seat), level=level, said=said),
                "  " + _("Space: go on"),
            )
            self.host.refresh_bindings()  # the footer offers Space
            self._timer = self.host.set_timer(pause, self.go_on)
        else:
            self._pending = True
            self.host.call_later(self._advance_when_on_top)

    def go_on(self) -> None:
        """End the pause after a computer player's move (Space, or the timer)."""
        if not self.pausing:
            return
        self.pausing = False
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._pending = True
        self.host.refresh_bindings()
        self._advance_when_on_top()

    def _advance_when_on_top(self) -> None:
        """Go on with the game once the game screen is on top again (a menu or the rules may be open)."""
        if not self._pending or not self.host.is_attached:
            return
        if self.app.screen is self.host and not self.host.covered and self.host.interlude_player is None:
            self._pending = False
            self.host.advance()
        else:
            self.host.set_timer(0.1, self._advance_when_on_top)

    def stop(self) -> None:
        """Forget any computer player's thinking and pause (the seats or the state changed)."""
        self.generation += 1
        self.thinking = None
        self._hint = None
        self.pausing = False
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        for group in ("bot", "hint"):
            self.host.workers.cancel_group(self.host, group)

    def may_undo(self) -> bool:
        """Whether undo may take back the last step: no computer player busy, and the step a person's."""
        actions = self.match.actions
        return (
            self.thinking is None and not self.pausing and bool(actions) and not self.is_bot(actions[-1][0])
        )

    # ---- seats mid-game ----------------------------------------------------

    def open_seats(self) -> None:
        """The seats dialog from the menu; a change takes effect at once."""
        from .seats import SeatsScreen

        match = self.match
        self.app.push_screen(SeatsScreen(match.names, match.seats), self._seats_chosen)

    def _seats_chosen(self, seats: tuple[str, ...] | None) -> None:
        match = self.match
        if seats is None or tuple(seats) == match.seats:
            self.host.resume()
            return
        for seat, kind in enumerate(seats):
            if kind != match.seats[seat]:
                match.set_seat(seat, kind)
                if kind == HUMAN:
                    # A person taking over a seat starts from what is on its screen, not the bot's news.
                    self.host.seen[seat] = len(match.state.log)
        if match.actions:  # like every autosave, only once the game has begun
            shell_of(self.host).autosave(match)
        self.stop()
        self.notify(
            _("Seats: {seats}").format(
                seats=", ".join(f"{self.host.who(s)} {kind_name(k)}" for s, k in enumerate(match.seats))
            )
        )
        self.host.advance()

    # ---- hints -------------------------------------------------------------

    def can_hint(self) -> bool:
        """Whether ``h`` may ask for a hint now: a person's own screen, at their decision."""
        host = self.host
        seat = host.shown_seat
        state = self.match.state
        if seat is None or state.is_terminal or self.pausing or self.thinking is not None:
            return False
        if self.is_bot(seat) or seat not in state.to_move or not host.chooser.display:
            return False
        return not host.spec.hidden_information or host.shown_private or not state.needs_curtain(seat)

    def hint(self) -> None:
        """Ask the Strong level, from the shown player's own view, what it would play."""
        if not self.can_hint():
            self.notify(_("A hint is for the player whose decision it is, on their own screen."), timeout=3)
            return
        seat = self.host.shown_seat
        assert seat is not None
        state = self.match.state
        token = (self.generation, state, seat)
        if self._hint is not None and self._hint[1] is state and self._hint[2] == seat:
            return  # already thinking about this one
        self._hint = token
        request = self._request("strong", seat, f"hint:{self.match.seed}:{len(self.match.actions)}:{seat}")
        self.notify(_("Thinking of a hint for {name}...").format(name=self.host.who(seat)), timeout=2)
        worker = self.host.run_worker(
            lambda: (token, think(HINTS, request)),
            thread=True,
            group="hint",
            exclusive=True,
            exit_on_error=False,
        )
        worker.name = "hint"

    def _hinted(self, token: tuple[int, Any, int], box: dict[str, Any] | None) -> None:
        if self._hint is not token or box is None:
            return
        self._hint = None
        generation, state, seat = token
        host = self.host
        if (
            generation != self.generation
            or state is not self.match.state
            or host.shown_seat != seat
            or self.app.screen is not host
            or not self.can_hint()
        ):
            return  # the screen moved on: another player's eyes may be on it now
        if "action" not in box:
            self.notify(
                _("No hint this time ({error}).").format(error=box.get("error")),
                severity="warning",
                timeout=4,
            )
            return
        self.notify(
            _("Hint for {name}: {action}").format(name=host.who(seat), action=box["action"]),
            title=_("Hint (Strong level)"),
            timeout=8,
        )
