"""The components in data.py agree with docs/games/mountain_goats.md (Sheet: Components; Rulebook: Gran Montaña)."""

from __future__ import annotations

import pytest

from boardgames_tui.games.mountain_goats import data as D


def test_mountains_five_to_ten_with_their_steps_to_the_summit():
    assert D.MOUNTAINS == (5, 6, 7, 8, 9, 10)
    assert D.STEPS == {5: 4, 6: 4, 7: 3, 8: 3, 9: 2, 10: 2}
    assert tuple(D.STEPS[m] for m in D.MOUNTAINS) == D.STEPS_BY_INDEX


@pytest.mark.parametrize("players,removed", [(2, 2), (3, 1), (4, 0), (5, 0)])
def test_point_tokens_per_mountain_by_player_count(players, removed):
    assert D.tokens_for(players) == tuple(t - removed for t in D.TOKENS_FULL)
    assert D.TOKENS_FULL == (12, 11, 10, 9, 8, 7)


def test_bonus_tokens_highest_first():
    assert D.BONUS_TOKENS == (15, 12, 9, 6)


def test_big_mountain_spots_are_the_sums_eleven_to_twenty_four():
    assert D.BIG_SPOTS == tuple(range(D.BIG_MIN, D.BIG_MAX + 1)) == tuple(range(11, 25))
    assert D.BIG_MIN == D.GROUP_MAX + 1 and D.BIG_MAX == 6 * D.DICE


def test_big_mountain_ranking_points_fall_rank_by_rank_for_every_player_count():
    assert sorted(D.BIG_RANKING) == [2, 3, 4, 5]
    for players, table in D.BIG_RANKING.items():
        assert list(table) == sorted(table, reverse=True) and len(set(table)) == len(table), players
        assert len(table) == players + 1 or players == 5
