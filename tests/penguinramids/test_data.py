"""The components in data.py: counts and the design of the penguin cards (Sheet: Components)."""

from __future__ import annotations

from boardgames_tui.games.penguinramids import data
from boardgames_tui.games.penguinramids.data import GOALS, PENGUINS


def test_components_counts():
    assert len(PENGUINS) == 52
    for c in range(4):
        assert sum(1 for p in PENGUINS if p.colour == c) == 13
    assert len(GOALS) == 10 and len({g.kind for g in GOALS}) == 5
    assert data.STRENGTH_TOKENS == 10
    assert data.ACTION_NUMBERS == (1, 2, 3, 4, 5)


def test_penguin_card_design_heavier_weaker_and_grey_trades_arms_for_weight():
    for p in PENGUINS:
        assert 0 <= p.left <= 2 and 0 <= p.right <= 2 and p.left + p.right >= 2
        assert p.grey_weight > p.weight
        assert p.grey_left + p.grey_right < p.left + p.right
    light = [p.left + p.right for p in PENGUINS if p.weight == 1]
    heavy = [p.left + p.right for p in PENGUINS if p.weight >= 4]
    assert min(light) > max(heavy)
