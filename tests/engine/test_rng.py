"""The generator kept inside states (docs/architecture.md, "Chance inside apply")."""

import pytest

from boardgames_tui.engine import Rng


def test_same_seed_gives_same_draws():
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    assert a == b
    assert a.dice(10) == b.dice(10)


def test_different_seeds_differ():
    assert Rng.from_seed(1).dice(8)[0] != Rng.from_seed(2).dice(8)[0]


def test_draw_returns_a_new_generator_and_leaves_the_old_one():
    rng = Rng.from_seed(5)
    value, nxt = rng.randint(1, 6)
    assert 1 <= value <= 6
    assert nxt != rng
    assert rng.randint(1, 6) == (value, nxt)


def test_shuffled_is_a_permutation():
    items = tuple(range(30))
    out, _ = Rng.from_seed(9).shuffled(items)
    assert sorted(out) == list(items)
    assert out != items


def test_dice_faces_are_roughly_uniform():
    faces, _ = Rng.from_seed(3).dice(6000)
    counts = [faces.count(f) for f in range(1, 7)]
    assert min(counts) > 850 and max(counts) < 1150


def test_blank_generator_of_a_view_cannot_draw():
    with pytest.raises(ValueError):
        Rng.blank().randint(1, 6)
