"""A small deterministic random generator kept inside a game state.

The generator is plain immutable data (one 64-bit integer), so a state that
holds it can be compared, copied and saved without a shared ``random.Random``.
Every draw returns the value *and* the next generator; the caller stores the
new generator in the new state.

Design: docs/architecture.md, "Chance inside apply".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import attrs

T = TypeVar("T")

_MASK = (1 << 64) - 1
_new = object.__new__
_set = object.__setattr__
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    """SplitMix64 finaliser: one 64-bit integer to a well-mixed one."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@attrs.frozen
class Rng:
    """SplitMix64 generator state.

    ``state`` is a 64-bit integer; ``Rng.blank()`` (state -1) is what views
    carry so that nobody can predict future draws from a view.
    """

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator for an integer seed (any size; negative allowed)."""
        return cls(_mix((seed * _GOLDEN) & _MASK))

    @classmethod
    def blank(cls) -> Rng:
        """The placeholder generator carried by views. Drawing from it raises."""
        return cls(-1)

    @property
    def is_blank(self) -> bool:
        return self.state < 0

    def next64(self) -> tuple[int, Rng]:
        """Return a uniform 64-bit integer and the next generator.

        Raises ValueError on a blank generator (a view cannot roll dice).
        """
        if self.state < 0:
            raise ValueError("a view's blank generator cannot draw")
        s = (self.state + _GOLDEN) & _MASK
        nxt = _new(Rng)  # the attrs __init__ would only set this one slot
        _set(nxt, "state", s)
        return _mix(s), nxt

    def randint(self, low: int, high: int) -> tuple[int, Rng]:
        """Uniform integer in [low, high] (both included) and the next generator."""
        if high < low:
            raise ValueError(f"empty range {low}..{high}")
        value, nxt = self.next64()
        return low + value % (high - low + 1), nxt

    def dice(self, count: int, sides: int = 6) -> tuple[tuple[int, ...], Rng]:
        """Roll ``count`` dice of ``sides`` faces: (faces, next generator)."""
        out = []
        rng = self
        for _ in range(count):
            v, rng = rng.randint(1, sides)
            out.append(v)
        return tuple(out), rng

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A shuffled copy of ``items`` (Fisher-Yates) and the next generator."""
        seq = list(items)
        rng = self
        for i in range(len(seq) - 1, 0, -1):
            j, rng = rng.randint(0, i)
            seq[i], seq[j] = seq[j], seq[i]
        return tuple(seq), rng

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """One element of a non-empty sequence, uniformly, and the next generator."""
        if not items:
            raise ValueError("choice from an empty sequence")
        i, rng = self.randint(0, len(items) - 1)
        return items[i], rng
