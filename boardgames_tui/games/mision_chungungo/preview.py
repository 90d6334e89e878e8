"""What a Misión Chungungo shot will do, as facts the rules give (the board renders them).

A shot is worked out by the function the rules fire it with
(``ChungungoState.shot_targets``, which ``_shoot`` calls): the players it
strikes and the face-up eels it takes are decided by the field and the
tokens, all public, so a preview works on a seat's view. Which card a
struck player loses is chance (a random card of a hidden hand): a preview
names the players, never the cards. The property test
(``tests/test_previews.py``) checks the facts against apply.
"""

from __future__ import annotations

from typing import Any

import attrs

from .rules import ChungungoState, Shoot


@attrs.frozen
class ShotPreview:
    """The shot of the card in play: ``struck``, the seats it strikes (from the shooter's
    left); ``eels``, the (row, col) cells of the face-up eels it takes (Rulebook: Shots)."""

    struck: tuple[int, ...]
    eels: tuple[tuple[int, int], ...]


def preview(view: ChungungoState, seat: int, action: Any) -> ShotPreview | None:
    """The facts of ``action`` (a legal action of ``seat``) on ``view``; None but for a Shoot."""
    if type(action) is Shoot and view.card_in_play >= 0:
        hit, eels = view.shot_targets(seat, view.card_in_play, action.flipped)
        return ShotPreview(hit, eels)
    return None
