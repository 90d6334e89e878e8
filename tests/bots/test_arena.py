"""The arena: Wilson intervals, levels rotating seats, the figures it prints, the command line."""

import pytest

from boardgames_tui.bots.arena import format_arena, percentile, run_arena, wilson
from boardgames_tui.cli import main
from boardgames_tui.games import GAMES


def test_wilson_interval_matches_known_values():
    low, high = wilson(90, 100)
    assert round(low, 3) == 0.826 and round(high, 3) == 0.945
    assert wilson(0, 10)[0] == 0.0 and round(wilson(0, 10)[1], 3) == 0.278
    assert wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_percentile_is_nearest_rank():
    values = [0.1 * i for i in range(1, 21)]
    assert percentile(values, 95) == pytest.approx(1.9)
    assert percentile(values, 50) == pytest.approx(1.0)
    assert percentile([], 95) == 0.0


def test_levels_swap_seats_and_every_game_is_counted(monkeypatch):
    seats_seen = []

    import boardgames_tui.bots.arena as arena

    real = arena.play_one

    def spy(spec, bots, seed, options=None, **kw):
        seats_seen.append(tuple(b.level for b in bots))
        return real(spec, bots, seed, options, **kw)

    monkeypatch.setattr(arena, "play_one", spy)
    result = run_arena(GAMES["mision_chungungo"], ["greedy", "random"], games=4, seed=2)
    assert seats_seen == [("greedy", "random"), ("random", "greedy")] * 2
    figures = result.by_level
    assert figures["greedy"].games == 4 and figures["random"].games == 4
    assert figures["greedy"].wins + figures["random"].wins == pytest.approx(4 - result.unfinished)
    assert figures["greedy"].times and all(t >= 0 for t in figures["greedy"].times)


def test_arena_report_names_shares_intervals_and_decision_times():
    result = run_arena(GAMES["mountain_goats"], ["strong", "random"], games=2, seconds=0.05, seed=1)
    text = format_arena(result)
    assert "Mountain Goats: 2 games, 2 seats (strong, random" in text
    assert "strong thinks 0.05 wall-clock s per decision" in text
    assert "95% interval" in text and "p95" in text and "playouts/s" in text
    strong_line = next(line for line in text.splitlines() if line.startswith("strong") and "%" not in line)
    assert strong_line.split()[-1].isdigit()  # playouts per second were counted
    assert "shared wins (ties):" in text


def test_arena_in_two_processes_plays_the_same_games_as_in_one():
    one = run_arena(GAMES["mision_chungungo"], ["greedy", "random"], games=6, seed=4)
    two = run_arena(GAMES["mision_chungungo"], ["greedy", "random"], games=6, seed=4, jobs=2)
    assert two.jobs == 2
    for level in ("greedy", "random"):
        assert two.by_level[level].wins == one.by_level[level].wins
        assert len(two.by_level[level].times) == len(one.by_level[level].times)
    assert (two.shared, two.unfinished) == (one.shared, one.unfinished)


def test_a_cpu_clock_bounds_the_strong_search_by_cpu_time():
    result = run_arena(
        GAMES["mountain_goats"], ["strong", "random"], games=2, seconds=0.03, seed=1, clock="cpu"
    )
    text = format_arena(result)
    assert "strong thinks 0.03 CPU s per decision" in text
    cpu = sorted(result.by_level["strong"].cpu)
    # the search stops on its own thread's CPU time: a typical decision spends most of the
    # budget and not much more (a rare one can overrun by a slow last playout)
    median = cpu[len(cpu) // 2]
    assert 0.03 * 0.5 < median < 0.03 * 1.2


def test_arena_refuses_an_unknown_level_and_a_bad_count():
    with pytest.raises(ValueError, match="unknown level"):
        run_arena(GAMES["mountain_goats"], ["random", "wizard"], games=1)
    with pytest.raises(ValueError, match="2-4 players"):
        run_arena(GAMES["penguinramids"], ["random"], games=1)


def test_arena_command_prints_the_table(capsys):
    code = main(
        ["arena", "--game", "mision_chungungo", "--seats", "greedy,random", "--games", "2", "--seed", "3"]
    )
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "Misión Chungungo: 2 games" in out and "greedy" in out and "random" in out


@pytest.mark.parametrize(
    "argv, words",
    [
        (["arena", "--game", "chess", "--seats", "random,random", "--games", "1"], "unknown game"),
        (
            ["arena", "--game", "penguinramids", "--seats", "random,wizard", "--games", "1"],
            "unknown level 'wizard'",
        ),
        (["arena", "--game", "penguinramids", "--seats", "random", "--games", "1"], "2-4 players"),
        (["arena", "--game", "penguinramids", "--seats", "random,random", "--games", "0"], "at least 1"),
        (
            [
                "arena",
                "--game",
                "penguinramids",
                "--seats",
                "random,random",
                "--games",
                "1",
                "--seconds",
                "0",
            ],
            "more than 0",
        ),
        (
            ["arena", "--game", "penguinramids", "--seats", "random,random", "--games", "1", "--jobs", "0"],
            "--jobs must be at least 1",
        ),
        (
            [
                "arena",
                "--game",
                "penguinramids",
                "--seats",
                "random,random",
                "--games",
                "1",
                "--clock",
                "sun",
            ],
            "invalid choice: 'sun'",
        ),
    ],
)
def test_arena_command_refuses_bad_values_with_status_2(capsys, argv, words):
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert words in err.strip().splitlines()[-1]
