"""The command line: bad values exit 2 with one clear line; simulate prints its figures."""

import pytest

from boardgames_tui.cli import main, parse_options


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--game", "chess"], "unknown game 'chess'"),
        (["--game", "mountain_goats", "--players", "9"], "2-5 players, not 9"),
        (["--game", "penguinramids", "--players", "1"], "2-4 players, not 1"),
        (["--game", "mountain_goats", "--option", "big_mountain=maybe"], "must be one of"),
        (["--game", "mountain_goats", "--option", "dragons=yes"], "no option 'dragons'"),
        (["--players", "3"], "need --game"),
        (["--game", "mountain_goats", "--names", "Ana, Ana"], "seats A and B are both Ana"),
        (["--game", "mountain_goats", "--names", "Ana, ,Beto"], "seat B: a name cannot be empty"),
        (["--game", "mountain_goats", "--names", "\x1b]0;X\x1b\\\x1b[2JAna,Beto"], "control character ESC"),
        (["--game", "mountain_goats", "--names", "Ana,Beto\x07"], "control character BEL"),
        (["--game", "mountain_goats", "--names", "Ana," + "x" * 21], "too long"),
        (["--game", "mountain_goats", "--players", "three"], "invalid int value"),
        (["--load", "/nonexistent/save.json"], "no such file"),
        (["--frobnicate"], "unrecognized arguments"),
        (["--game", "mountain_goats", "--seats", "human,expert"], "unknown seat 'expert'"),
        (
            ["--game", "mountain_goats", "--players", "3", "--seats", "human,strong"],
            "names 2 seats but the game has 3",
        ),
        (["--game", "penguinramids", "--seats", "human"], "2-4 players, not 1"),
        (["--seats", "human,strong"], "need --game"),
        (["--game", "mountain_goats", "--seats", "human,strong", "--bot-pause", "-1"], "from 0 to 3600"),
        (["--game", "mountain_goats", "--seats", "human,strong", "--bot-seconds", "0"], "more than 0"),
        (["simulate", "--game", "chess", "--games", "3"], "unknown game"),
        (["simulate", "--game", "veto", "--games", "0"], "at least 1"),
    ],
)
def test_bad_flag_exits_2_with_one_clear_line(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("boardgames-tui: error:")
    assert "\x1b" not in err and "\x07" not in err  # a refused name never reaches the terminal raw
    assert words in lines[0]


def test_corrupt_save_on_the_command_line_exits_2(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{ truncated")
    code, _, err = run(capsys, "--load", str(bad))
    assert code == 2 and "truncated" in err
    assert bad.read_text() == "{ truncated"


def test_simulate_prints_rates_turns_and_win_shares(capsys):
    code, out, err = run(
        capsys, "simulate", "--game", "veto", "--games", "50", "--players", "3", "--seed", "1"
    )
    assert code == 0, err
    assert "games/s:" in out and "decisions/s:" in out
    assert "mean decisions per game:" in out
    assert "win share by seat: A" in out and " C " in out


def test_option_values_are_matched_to_choices():
    assert parse_options("mountain_goats", ["big_mountain=true"]) == {"big_mountain": True}
    assert parse_options("mountain_goats", ["big_mountain=no"]) == {"big_mountain": False}


def test_python_dash_m_runs_the_same_main(capsys, monkeypatch):
    import runpy
    import sys

    monkeypatch.setattr(sys, "argv", ["boardgames_tui", "--game", "nope"])
    with pytest.raises(SystemExit) as exc:
        runpy.run_module("boardgames_tui", run_name="__main__")
    assert exc.value.code == 2


def test_seats_on_the_command_line_start_a_game_alone_against_the_computer(monkeypatch):
    from boardgames_tui.app import BoardGamesApp

    made = {}

    def run(self):
        made.update(
            names=self.start_names, seats=self.start_seats, pause=self.bot_pause, seconds=self.bot_seconds
        )

    monkeypatch.setattr(BoardGamesApp, "run", run)
    code = main(["--game", "montana_pinguino", "--seats", "human, Strong,greedy", "--bot-pause", "0.5"])
    assert code == 0
    assert made == {
        "names": ["Ana", "Beto", "Carla"],
        "seats": ["human", "strong", "greedy"],
        "pause": 0.5,
        "seconds": None,
    }
