"""The engine contract as types: what a game's state and its rules module provide.

:class:`~boardgames_tui.engine.core.State` is the base class every game's state
derives from; :class:`GameState` says the same structurally, so mypy can hold a
game to it without the base class, and :class:`RulesModule` describes the rules
module a :class:`~boardgames_tui.engine.spec.GameSpec` names. Each game package
checks its rules module against :class:`RulesModule` in a ``TYPE_CHECKING``
block (mypy reads it; nothing is imported at run time), so a game that drifts
from the contract fails ``mypy``, not a player's game.

The optional parts of a rules module (``random_action``, ``simulation_stats``,
``check_invariants``, ``redeal_hidden``: see :mod:`.spec`) are looked up with
``getattr`` and are not part of the protocol.
"""

from __future__ import annotations

from typing import Any, Protocol, Self

from .core import Event, Outcome


class GameState(Protocol):
    """A game's state: an immutable value; every decision makes a new one with ``apply``.

    ``to_move``: the seats that must decide now (``()`` once over); ``log``: the events so
    far; ``legal_actions(seat)``: every legal action in a stable order (``[]`` if the seat
    is not deciding); ``apply`` raises IllegalAction for an action that is not legal;
    ``view(seat)`` is what ``seat`` could know (None: a spectator), a state of the same class.
    """

    @property
    def to_move(self) -> tuple[int, ...]: ...

    @property
    def log(self) -> tuple[Event, ...]: ...

    @property
    def is_terminal(self) -> bool: ...

    @property
    def players(self) -> int: ...

    def legal_actions(self, seat: int) -> list[Any]: ...

    def apply(self, seat: int, action: Any) -> Self: ...

    def scores(self) -> tuple[int, ...]: ...

    def winners(self) -> tuple[int, ...]: ...

    def outcome(self) -> Outcome: ...

    def view(self, seat: int | None) -> Self: ...


class RulesModule(Protocol):
    """What a game's rules module provides.

    ``new_game(players, seed, **options)`` returns the first state (ValueError for a
    forbidden count or combination; each game takes its own options by keyword, the
    protocol names the two every game takes); ``ACTION_TYPES`` lists the game's frozen
    attrs action classes, which saves name.
    """

    @property
    def ACTION_TYPES(self) -> tuple[type, ...]: ...

    def new_game(self, players: int, seed: int) -> GameState: ...
