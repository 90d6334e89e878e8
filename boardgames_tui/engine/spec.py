"""GameSpec: what the registry knows about a game before it is imported.

The launcher lists every game from its spec alone; the rules module (and
its UI) are imported only when a game is started, which keeps start-up fast
(docs/architecture.md, "The rules module").

A rules module named by ``GameSpec.rules_module`` provides:

- ``new_game(players: int, seed: int, **options) -> State`` (ValueError for a
  forbidden count or combination);
- ``ACTION_TYPES``: tuple of the frozen attrs action classes (for saves);
- optionally ``simulation_stats(state) -> dict[str, float | str]`` for
  ``boardgames-tui simulate`` (numbers are averaged, strings counted as shares);
- optionally ``random_action(state, seat, rnd) -> action`` (a fast uniform-ish
  pick used by ``simulate``; defaults to a choice from ``legal_actions``);
- optionally ``check_invariants(state)`` (raises AssertionError) and
  ``redeal_hidden(state, seat, rnd) -> State`` for the random-play harness.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs

from boardgames_tui.i18n import N_, shapes

from .core import Option, State

#: The shapes of the refusals of a game's setup below, marked for translation (the
#: messages stay English; a screen translates one by its shape).
TEXTS = shapes(
    N_("{game} has no option {option} (options: {options})"),
    N_("option {option} must be one of {choices}, not {value}"),
    N_("{game} is for {low}-{high} players, not {count}"),
    N_("{game} is for {low}-{high} runners, not {count}"),
)


#: Every game a game id can name (in ``Match.new`` and in a save file), by id.
#: The engine never imports the games: ``boardgames_tui.games`` fills this
#: mapping (it *is* that package's ``GAMES``), and the top package imports
#: ``boardgames_tui.games``, so naming a game by id works wherever the engine
#: is used. Tests may add a game of their own to it.
CATALOGUE: dict[str, GameSpec] = {}


@attrs.frozen
class GameSpec:
    """A game of the collection.

    ``id`` is the registry key; ``title`` and ``pitch`` (one line) are shown in
    the launcher; ``min_players``/``max_players`` bound the seat count over all
    options; ``options`` maps an option name to its :class:`Option`;
    ``hidden_information`` makes the app show the hot-seat curtain between
    seats; ``rules_module``/``ui_module`` are dotted module paths imported
    lazily; ``rules_md`` is the in-app rules file.
    """

    id: str
    title: str
    pitch: str
    min_players: int
    max_players: int
    rules_module: str
    ui_module: str
    rules_md: Path
    options: Mapping[str, Option] = attrs.field(factory=dict)
    hidden_information: bool = False
    seat_word: str = "player"

    @property
    def rules(self) -> ModuleType:
        """The rules module (imported on first use)."""
        return importlib.import_module(self.rules_module)

    def default_options(self) -> dict[str, Any]:
        """Every option at its default value."""
        return {name: opt.default for name, opt in self.options.items()}

    def check_options(self, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """Complete ``options`` with defaults and check names, values and the count.

        Raises ValueError with a message fit for a player.
        """
        full = self.default_options()
        for name, value in options.items():
            if name not in self.options:
                known = ", ".join(self.options) or "none"
                raise ValueError(f"{self.title} has no option {name!r} (options: {known})")
            if value not in self.options[name].choices:
                allowed = ", ".join(str(c) for c in self.options[name].choices)
                raise ValueError(f"option {name} must be one of {allowed}, not {value!r}")
            full[name] = value
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} is for {self.min_players}-{self.max_players} {self.seat_word}s, not {players}"
            )
        return full

    def new_game(self, players: int, seed: int = 0, **options: Any) -> State:
        """A new game in its first state. Raises ValueError for a forbidden setup."""
        full = self.check_options(players, options)
        state: State = self.rules.new_game(players=players, seed=seed, **full)
        return state

    @property
    def action_types(self) -> tuple[type, ...]:
        """The action classes a save of this game may contain."""
        return tuple(self.rules.ACTION_TYPES)

    def rules_text(self) -> str:
        """The in-app rules (Markdown) in the current language (``rules.es.md`` beside ``rules.md``
        in Spanish, English where there is none), or a short notice if the file is missing."""
        from boardgames_tui.i18n import language

        translated = self.rules_md.with_name(f"{self.rules_md.stem}.{language()}{self.rules_md.suffix}")
        try:
            if language() != "en" and translated.is_file():
                return translated.read_text(encoding="utf-8")
            return self.rules_md.read_text(encoding="utf-8")
        except OSError:
            return f"# {self.title}\n\nThe rules file is missing from this installation."
