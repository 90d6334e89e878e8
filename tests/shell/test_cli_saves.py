"""`boardgames-tui --load FILE` refuses hostile files with status 2 and one line; a crash exits non-zero.

The engine tests check each refusal in depth (tests/engine/test_save_files.py);
these check the same files through the command line, as the issue found them.
"""

from __future__ import annotations

import json
import os
import threading
from typing import ClassVar

import pytest
from textual.binding import Binding, BindingType

import boardgames_tui.app as app_module
from boardgames_tui.cli import main
from boardgames_tui.engine import Match
from boardgames_tui.engine.match import autosaves
from tests.engine.save_samples import real_save, resealed


def deep(path):
    text = json.dumps(real_save("mountain_goats"))
    path.write_text(text[:-1] + ', "x": ' + "[" * 1000 + "]" * 1000 + "}")


def seed_digits(path):
    data = resealed({**real_save("mountain_goats"), "seed": 424242})
    path.write_text(json.dumps(data).replace("424242", "9" * 5000))


def seed_inf(path):
    path.write_text(json.dumps(resealed({**real_save("mountain_goats"), "seed": float("inf")})))


def game_list(path):
    path.write_text(json.dumps(resealed({**real_save("penguinramids"), "game": ["penguinramids"]})))


def game_object(path):
    path.write_text(json.dumps(resealed({**real_save("penguinramids"), "game": {"id": "penguinramids"}})))


def float_field(path):
    data = real_save("penguinramids")
    data["actions"][0][1]["number"] = 3.0
    path.write_text(json.dumps(resealed(data)))


def huge_field(path):
    data = real_save("mision_chungungo")
    data["actions"][0][1]["row"] = -(10**30)
    path.write_text(json.dumps(resealed(data)))


def fifo(path):
    os.mkfifo(path)


def dev_zero(path):
    path.symlink_to("/dev/zero")


def big_name(path):
    data = real_save("mountain_goats")
    data["names"][0] = "N" * 50_000_000
    path.write_text(json.dumps(resealed(data)))


def dangling(path):
    path.symlink_to(path.with_name("nowhere.json"))


@pytest.mark.parametrize(
    "make, words",
    [
        (deep, "nested too deeply"),
        (seed_digits, "5000 digits"),
        (seed_inf, "seed in this save file must be a whole number, not Infinity"),
        (game_list, "must be a game id, not a list"),
        (game_object, "must be a game id, not an object"),
        (float_field, "the number of the ChooseCard action must be a whole number, not 3.0"),
        (huge_field, "out of range"),
        (fifo, "it is a FIFO, not a save file"),
        (dev_zero, "a device"),
        (big_name, "at most 2 MB"),
        (dangling, "link to a file that does not exist"),
    ],
)
def test_hostile_save_on_the_command_line_exits_2_with_one_line(capsys, tmp_path, make, words):
    path = tmp_path / "hostile.json"
    make(path)
    result: dict[str, int] = {}
    thread = threading.Thread(target=lambda: result.update(code=main(["--load", str(path)])), daemon=True)
    thread.start()
    thread.join(10)
    assert not thread.is_alive(), "--load blocked"
    out, err = capsys.readouterr()
    assert result["code"] == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"boardgames-tui: error: cannot load '{path}':")
    assert words in lines[0]


@pytest.mark.parametrize("seed", ["9223372036854775808", "-9223372036854775809", "9" * 5000])
def test_a_seed_no_save_could_hold_is_refused_on_the_command_line(capsys, seed):
    assert main(["--game", "veto", "--players", "2", "--seed", seed]) == 2
    err = capsys.readouterr().err
    assert "--seed: must be from -9223372036854775808 to 9223372036854775807" in err


# ---- exit status when the app dies -----------------------------------------


class CrashingApp(app_module.BoardGamesApp):
    """The real app, run headless by a script; F12 raises as an unexpected bug would."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("f12", "boom", priority=True)]
    script_keys: tuple[str, ...] = ()

    def run(self, **kwargs):
        keys = self.script_keys

        async def script(pilot):
            for key in keys:
                await pilot.pause()
                await pilot.press(key)

        return super().run(headless=True, size=(80, 24), auto_pilot=script)

    def action_boom(self) -> None:
        raise RuntimeError("an unexpected bug")


def run_app(monkeypatch, capsys, keys, argv):
    monkeypatch.setattr(CrashingApp, "script_keys", tuple(keys))
    monkeypatch.setattr(app_module, "BoardGamesApp", CrashingApp)
    code = main(argv)
    return code, capsys.readouterr().err


def test_a_crash_mid_game_exits_1_and_says_where_the_game_was_autosaved(monkeypatch, capsys):
    # 1 rolls the dice (Mountain Goats has no curtain; the roll is autosaved), F12 is the bug.
    keys = ["1", "f12"]
    code, err = run_app(
        monkeypatch, capsys, keys, ["--game", "mountain_goats", "--names", "Ana,Beto", "--seed", "3"]
    )
    assert code == 1
    assert "RuntimeError" in err  # Textual's report of the error comes first
    (saved,) = autosaves()
    last = err.strip().splitlines()[-1]
    assert last == (
        "boardgames-tui: stopped by an unexpected error; the game in progress is autosaved: "
        f"choose Continue in the launcher, or run boardgames-tui --load '{saved}'"
    )
    assert len(Match.load(saved).actions) == 1


def test_a_crash_before_any_game_exits_1_and_says_so(monkeypatch, capsys):
    code, err = run_app(monkeypatch, capsys, ["f12"], [])
    assert code == 1
    assert (
        err.strip().splitlines()[-1]
        == "boardgames-tui: stopped by an unexpected error; no game was in progress."
    )


def test_a_crash_before_the_first_action_says_nothing_was_lost(monkeypatch, capsys):
    code, err = run_app(monkeypatch, capsys, ["f12"], ["--game", "veto", "--names", "Ana,Beto"])
    assert code == 1
    assert err.strip().endswith("the game in progress had no actions yet, so nothing was lost.")


def test_quitting_normally_exits_0_without_a_message(monkeypatch, capsys):
    code, err = run_app(monkeypatch, capsys, ["q"], [])
    assert code == 0 and err == ""
