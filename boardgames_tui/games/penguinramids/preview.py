"""What a Penguinramids choice will do, as facts the rules give (the board renders them).

Only the rules' own functions are asked: where a penguin fits
(``PenguinramidsState.legal_slots``, the Place choices once it is taken),
whether taking it discards it (``can_place``, as ``_take`` decides), and the
arm tokens after a token goes on (``arm_tokens_after``, as ``_put_token``
does). Everything they read is public, so a preview works on a seat's view.
The property test (``tests/test_previews.py``) checks the facts against apply.
"""

from __future__ import annotations

from typing import Any

import attrs

from .rules import PenguinramidsState, PlaceToken, Take, arm_tokens_after


@attrs.frozen
class TakePreview:
    """Taking revealed penguin ``penguin``: ``slots`` (flat slots, ascending) it fits on now,
    the Place choices once taken; ``discarded``: it fits nowhere even with the held tokens,
    so taking it discards it (Rulebook: Durante tu turno; Sheet: no legal placement)."""

    penguin: int
    slots: tuple[int, ...]
    discarded: bool


@attrs.frozen
class TokenPreview:
    """A held token on an arm: ``tokens``, the seat's arm tokens after it (Rulebook: acción 5)."""

    tokens: tuple[int, ...]


def preview(view: PenguinramidsState, seat: int, action: Any) -> TakePreview | TokenPreview | None:
    """The facts of ``action`` (a legal action of ``seat``) on ``view``; None for other actions."""
    if isinstance(action, Take):
        pid = action.penguin
        return TakePreview(pid, view.legal_slots(seat, pid), not view.can_place(seat, pid))
    if isinstance(action, PlaceToken):
        return TokenPreview(arm_tokens_after(view.tokens[seat], action))
    return None
