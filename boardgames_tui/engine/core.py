"""The engine contract shared by every game (docs/architecture.md, "The engine contract").

A game's rules module defines one frozen ``attrs`` class deriving from
:class:`State`, a handful of frozen ``attrs`` action classes, and a
``new_game(players, seed, **options)`` function. Nothing here imports a
terminal library: the import contract in ``pyproject.toml`` enforces it.

Seats are numbered from 0. Player names never enter a state: event texts
name a seat as ``{0}``, ``{1}`` ... (see :func:`seat_ref`) and the app fills
in the names with :meth:`Event.render`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, Self

import attrs

SEAT_LETTERS = "ABCDE"

#: The placeholder for a card id (or a choice) a view may not show: another
#: seat's hand, a face-down card, the deck order, a pending secret choice
#: (docs/architecture.md, "Views"). Every game's cards have ids 0 and up.
HIDDEN = -1


def seat_letter(seat: int) -> str:
    """The letter that marks a seat everywhere on screen (0 -> 'A')."""
    return SEAT_LETTERS[seat]


def seat_ref(seat: int) -> str:
    """The placeholder for a seat's name inside an event text: ``{seat}``."""
    return f"{{{seat:d}}}"


class IllegalAction(ValueError):
    """Raised by ``State.apply`` for an action that is not legal now.

    The message is written for the player ("that group sums to 12; groups
    must sum to 5-10").
    """


#: The ``private`` of an event with nothing private: one shared, read-only mapping.
NO_PRIVATE: Mapping[int, str] = MappingProxyType({})


@attrs.frozen(eq=True, hash=False)
class Event:
    """One line of a game's log.

    ``text`` is public; ``private`` maps a seat to extra text only that seat
    may read (a drawn card, a stolen card). Seat names appear as ``{n}``.
    Events are values: never change ``private`` after making one (events
    without a private part share one read-only empty mapping, which keeps
    the log cheap to grow).
    """

    text: str
    private: Mapping[int, str] = NO_PRIVATE

    def for_seat(self, seat: int | None) -> Event:
        """This event as ``seat`` may see it (spectator: ``None``)."""
        if not self.private:
            return self
        if seat is not None and seat in self.private:
            return Event(self.text, {seat: self.private[seat]})
        return Event(self.text)

    def render(self, names: Sequence[str], seat: int | None = None) -> str:
        """The line a player reads: names filled in, and ``seat``'s private part."""
        text = _fill(self.text, names)
        if seat is not None and seat in self.private:
            text = (
                f"{text} [{_fill(self.private[seat], names)}]" if text else _fill(self.private[seat], names)
            )
        return text


def _fill(text: str, names: Sequence[str]) -> str:
    try:
        return text.format(*names)
    except (IndexError, KeyError, ValueError):
        return text


def mask_log(log: Sequence[Event], seat: int | None) -> tuple[Event, ...]:
    """The log as ``seat`` may read it: other seats' private parts removed."""
    return tuple(e.for_seat(seat) for e in log)


@attrs.frozen
class Option:
    """A game option offered at setup.

    ``default`` is one of ``choices``; ``label`` is shown on the setup screen,
    ``help`` under it.
    """

    label: str
    default: Any
    choices: tuple[Any, ...]
    help: str = ""


@attrs.frozen
class Outcome:
    """How a finished game ended, for the game-over screen.

    ``scores``/``winners`` repeat ``state.scores()``/``state.winners()``;
    ``breakdown[seat]`` is a tuple of lines ("Mountain 10: 3 tokens = 30");
    ``tiebreak`` names the tie-break that decided ("" when none was needed);
    ``ending`` says why the game ended; ``order`` lists the seats best
    first when the game ranks them all (a race's places), else ``()`` and
    the screen sorts by winners, then score.
    """

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    breakdown: tuple[tuple[str, ...], ...]
    tiebreak: str = ""
    ending: str = ""
    order: tuple[int, ...] = ()


@attrs.frozen
class Pass:
    """Decline a reaction (Electric Eel, Iglu, Tormenta de Nieve) or an optional step."""

    def __str__(self) -> str:
        return "pass"


class State:
    """Base class of every game's state (subclasses are frozen ``attrs`` classes).

    A subclass must provide the attributes ``to_move`` (tuple of seats that
    must decide now, ``()`` when over), ``log`` (tuple of :class:`Event`) and
    ``rng`` (:class:`~boardgames_tui.engine.rng.Rng`), and implement
    :meth:`legal_actions`, :meth:`apply`, :attr:`is_terminal`,
    :meth:`scores`, :meth:`winners`, :meth:`outcome` and :meth:`view`.
    """

    #: The game id of the registry; set by each subclass.
    game_id: ClassVar[str] = ""

    to_move: tuple[int, ...]
    log: tuple[Event, ...]

    def legal_actions(self, seat: int) -> list[Any]:
        """Every legal action of ``seat`` in a stable order; ``[]`` if not deciding."""
        raise NotImplementedError

    def apply(self, seat: int, action: Any) -> State:
        """A new state after ``seat`` takes ``action``; raises IllegalAction."""
        raise NotImplementedError

    @property
    def is_terminal(self) -> bool:
        raise NotImplementedError

    def scores(self) -> tuple[int, ...]:
        raise NotImplementedError

    def winners(self) -> tuple[int, ...]:
        raise NotImplementedError

    def outcome(self) -> Outcome:
        raise NotImplementedError

    def view(self, seat: int | None) -> Self:
        """What ``seat`` could know at the table (``None``: a spectator)."""
        raise NotImplementedError

    @property
    def players(self) -> int:
        """Number of seats."""
        raise NotImplementedError

    @property
    def reaction_window(self) -> str | None:
        """Public text of the card the seats in ``to_move`` may react to, or None.

        When not None, the app shows the public reaction window instead of
        handing the keyboard to each seat in turn (docs/architecture.md, "Reactions").
        """
        return None

    def needs_curtain(self, seat: int) -> bool:
        """Whether handing the screen to ``seat`` must go behind the curtain.

        Default: True (the seat may see something private). A game whose
        seat has nothing private at some moment (every card face up) returns
        False there, sparing a needless hand-over. Only asked when the game's
        spec has hidden information.
        """
        return True

    @property
    def holds_secret_choices(self) -> bool:
        """True while secret choices already made are held face down, waiting for the rest.

        Penguinramids' action cards and Montaña Pingüino's played cards are
        chosen one seat after another behind the curtain and revealed
        together (docs/architecture.md, "Simultaneous secret choices"). A save never
        spells such choices out: :meth:`Match.to_dict` writes the actions only
        up to the last state where this is False, so a game resumed from it
        asks those seats again. Default: False (no secret choices).
        """
        return False

    def is_secret_choice(self, seat: int) -> bool:
        """Whether ``seat``'s decision now is hidden from the other seats until a reveal.

        The app then shows a pick as "chosen" and counts it only once the
        player confirms it, since nobody at the table could notice a slip.
        Default: False. Games with simultaneous secret choices (an action
        card, cards played face down) return True in that phase.
        """
        return False

    def private_news(self, seat: int, since: int) -> list[str]:
        """Private lines of the log from index ``since`` that ``seat`` should read now.

        The app shows them to ``seat`` before the keyboard passes on, when
        its action taught it something it did not choose (a card excavated
        or stolen). Default: none (a seat knows what it picked itself).
        Texts may name seats as ``{n}``.
        """
        return []

    def prompt(self, seat: int) -> str:
        """What ``seat`` must do now, in a few words, for the UI."""
        return "Choose an action"

    def is_barrier(self, seat: int, action: Any, after: State) -> bool:
        """Whether undo may never go back past ``seat``'s ``action`` (docs/architecture.md, "Undo barriers").

        ``self`` is the state before the action and ``after`` the state
        ``apply`` returned. The action is a barrier when any of these holds
        (:func:`barrier_reasons` names them one by one):

        - chance was used: the generator kept in the state moved;
        - the rules read hidden information or marked the end of a turn: the
          apply raised ``barrier_count`` (each game raises it where its
          rulebook reads a hidden card, shows a card to one seat, or ends a
          turn that the same seat goes on from);
        - another seat was told something: a new log line has a private part
          for another seat, or a new public line appeared while the whole
          table watches the screen (``needs_curtain(seat)`` is False);
        - a reaction window opened, closed or changed (it is shown to all);
        - the game ended, or the seats deciding changed (the turn or the
          hand-over passed, or ``seat`` is done).

        Games do not override this: they raise ``barrier_count`` in
        ``apply``, so the rules mark barriers as they happen.
        """
        return bool(barrier_reasons(self, seat, after))

    def check_seat(self, seat: int) -> None:
        """Raise IllegalAction unless ``seat`` is one of ``to_move``."""
        if seat not in self.to_move:
            if not self.to_move:
                raise IllegalAction("the game is over")
            raise IllegalAction(
                f"it is not seat {seat_letter(seat) if 0 <= seat < 5 else seat}'s decision now"
            )


def barrier_reasons(before: State, seat: int, after: State) -> tuple[str, ...]:
    """Why ``seat``'s action from ``before`` to ``after`` may not be undone; ``()`` if it may.

    The reasons, in the words of :meth:`State.is_barrier`: ``"chance"``,
    ``"marked"`` (the rules raised ``barrier_count``), ``"told another seat"``,
    ``"seen by the table"``, ``"reaction window"``, ``"game over"``,
    ``"hand-over"``. docs/architecture.md, "Undo barriers".
    """
    reasons: list[str] = []
    if getattr(after, "rng", None) != getattr(before, "rng", None):
        reasons.append("chance")
    if getattr(after, "barrier_count", 0) != getattr(before, "barrier_count", 0):
        reasons.append("marked")
    new = after.log[len(before.log) :]
    if any(s != seat for e in new for s in e.private):
        reasons.append("told another seat")
    if any(e.text for e in new) and not before.needs_curtain(seat):
        reasons.append("seen by the table")
    if before.reaction_window != after.reaction_window:
        reasons.append("reaction window")
    if after.is_terminal:
        reasons.append("game over")
    elif seat not in after.to_move or set(after.to_move) != set(before.to_move):
        reasons.append("hand-over")
    return tuple(reasons)


def ranked_winners(keys: Sequence[tuple[Any, ...]]) -> tuple[int, ...]:
    """Seats whose key tuple is the largest (ties share the win)."""
    best = max(keys)
    return tuple(i for i, k in enumerate(keys) if k == best)
