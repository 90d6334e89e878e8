"""The GAMES registry: game id -> GameSpec (docs/architecture.md, "The engine contract").

Each game package's ``__init__`` defines ``SPEC`` without importing its rules
or UI, so listing the games costs next to nothing.
"""

from __future__ import annotations

from boardgames_tui.engine.spec import CATALOGUE, GameSpec

from .mision_chungungo import SPEC as _CHUNGUNGO
from .montana_pinguino import SPEC as _MONTANA
from .mountain_goats import SPEC as _GOATS
from .penguinramids import SPEC as _PENGUINS

#: The engine's catalogue itself, so that a game id in a save or in ``Match.new``
#: names these games, while the engine never imports this package.
GAMES: dict[str, GameSpec] = CATALOGUE
GAMES.update({spec.id: spec for spec in (_GOATS, _PENGUINS, _MONTANA, _CHUNGUNGO)})

__all__ = ["GAMES", "GameSpec"]
