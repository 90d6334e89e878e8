"""Game-agnostic core: the engine contract, random generator, matches and saves.

Imports neither textual nor rich (checked by the import-linter contract).
"""

from .core import (
    SEAT_LETTERS,
    Event,
    IllegalAction,
    Option,
    Outcome,
    Pass,
    State,
    mask_log,
    ranked_winners,
    seat_letter,
    seat_ref,
)
from .match import FORMAT_VERSION, Match, SaveError
from .rng import Rng
from .spec import GameSpec

__all__ = [
    "FORMAT_VERSION",
    "SEAT_LETTERS",
    "Event",
    "GameSpec",
    "IllegalAction",
    "Match",
    "Option",
    "Outcome",
    "Pass",
    "Rng",
    "SaveError",
    "State",
    "mask_log",
    "ranked_winners",
    "seat_letter",
    "seat_ref",
]
