"""Hostile save files are refused with one line, never a traceback or a hang (issue 14, "Save files").

Each example of the issue has its own test here; tests/engine/test_save_mutation.py
sweeps the save format with Hypothesis.
"""

from __future__ import annotations

import json
import os
import threading
import time

import attrs
import pytest

from boardgames_tui.engine import Match, SaveError
from boardgames_tui.engine import match as match_module
from boardgames_tui.engine.match import (
    MAX_SAVE_BYTES,
    SEED_MAX,
    SEED_MIN,
    _field_value,
    action_from_json,
    action_to_json,
    autosave_dir,
    autosaves,
    clean_stale_temp_files,
    save_summary,
    saves_dir,
    scan_saves,
)
from boardgames_tui.games import GAMES

from .save_samples import GAME_IDS, real_save, real_saves, resealed


def write(path, data):
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def refusal(path) -> str:
    """The one-line message with which loading ``path`` is refused."""
    with pytest.raises(SaveError) as info:
        Match.load(path)
    message = str(info.value)
    assert message and "\n" not in message and len(message) < 300, message
    return message


def finishes(call, timeout=10.0):
    """Run ``call`` in a thread; the result or exception, or fail if it is still running after ``timeout``."""
    box: dict[str, object] = {}

    def run():
        try:
            box["result"] = call()
        except BaseException as exc:
            box["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout)
    assert not thread.is_alive(), f"still blocked after {timeout} s"
    return box


def int_path(data):
    """(action index, field, position or None) of the first whole number inside an action of a save."""
    for i, (_, action) in enumerate(data["actions"]):
        for key, value in action.items():
            if key != "type" and type(value) is int:
                return i, key, None
            if type(value) is list and value and type(value[0]) is int:
                return i, key, 0
    raise AssertionError("no action with a whole-number field")


def set_int(data, value):
    """Put ``value`` where :func:`int_path` points; return the action's index."""
    i, key, pos = int_path(data)
    if pos is None:
        data["actions"][i][1][key] = value
    else:
        data["actions"][i][1][key][pos] = value
    return i


# ---- the examples ------------------------------------------------


@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_json_nested_deeply_is_refused(tmp_path, depth):
    text = json.dumps(real_save("mountain_goats"))
    path = tmp_path / "deep.json"
    path.write_text(text[:-1] + ', "extra": ' + "[" * depth + "]" * depth + "}")
    assert "nested too deeply" in refusal(path)


def test_nesting_that_parses_but_is_deep_where_a_value_belongs_is_refused(tmp_path):
    data = real_save("penguinramids")
    nested: list = []
    for _ in range(300):
        nested = [nested]
    data["actions"][0][1]["number"] = nested
    message = refusal(write(tmp_path / "deep.json", resealed(data)))
    assert "action 1" in message and "must be a whole number, not a list" in message


def test_a_5000_digit_seed_is_refused(tmp_path):
    data = real_save("mountain_goats")
    data["seed"] = 424242
    path = tmp_path / "seed.json"
    path.write_text(json.dumps(data).replace("424242", "9" * 5000))
    assert "5000 digits" in refusal(path)


@pytest.mark.parametrize("spelling", ["Infinity", "-Infinity", "NaN", "1e999", "7.0", "true"])
def test_a_seed_that_is_not_a_whole_number_is_refused(tmp_path, spelling):
    data = resealed({**real_save("mountain_goats"), "seed": 424242})
    path = tmp_path / "seed.json"
    path.write_text(json.dumps(data).replace("424242", spelling))
    # The checksum was made with the old seed, so re-seal the parsed file the way an editor would.
    reparsed = resealed(json.loads(path.read_text()))
    assert "seed" in refusal(write(path, reparsed))


@pytest.mark.parametrize("seed", [SEED_MAX + 1, SEED_MIN - 1, 10**30])
def test_a_seed_out_of_range_is_refused(tmp_path, seed):
    data = resealed({**real_save("penguinramids"), "seed": seed})
    assert "seed" in refusal(write(tmp_path / "s.json", data))


def test_the_widest_seeds_load_and_new_refuses_wider_ones():
    for seed in (SEED_MIN, SEED_MAX):
        assert Match.from_dict(Match.new("mountain_goats", ["A", "B"], seed).to_dict()).seed == seed
    with pytest.raises(ValueError, match="seed"):
        Match.new("mountain_goats", ["A", "B"], SEED_MAX + 1)


@pytest.mark.parametrize("game", [["mountain_goats"], {"id": "mountain_goats"}, 7, None, True, "chess"])
def test_a_game_id_that_is_not_a_known_game_is_refused(tmp_path, game):
    data = resealed({**real_save("mountain_goats"), "game": game})
    assert "game" in refusal(write(tmp_path / "g.json", data))


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("bad", [1.0, 2.5, True, "1", None, [1]])
def test_a_non_integer_where_an_integer_belongs_is_refused(tmp_path, game_id, bad):
    data = real_save(game_id)
    i = set_int(data, bad)
    message = refusal(write(tmp_path / "f.json", resealed(data)))
    assert f"action {i + 1}" in message and "whole number" in message


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("big", [-(10**30), 10**30, 2**31, -(2**31) - 1])
def test_an_action_field_far_out_of_range_is_refused(tmp_path, game_id, big):
    data = real_save(game_id)
    i = set_int(data, big)
    message = refusal(write(tmp_path / "f.json", resealed(data)))
    assert f"action {i + 1}" in message and "out of range" in message


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("value", [-1, -7, 99, 12345])
def test_an_action_field_the_rules_reject_is_refused_as_not_legal(tmp_path, game_id, value):
    data = real_save(game_id)
    i = set_int(data, value)
    assert f"action {i + 1} in the file is not legal" in refusal(write(tmp_path / "f.json", resealed(data)))


def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    box = finishes(lambda: Match.load(fifo))
    assert isinstance(box.get("error"), SaveError)
    assert "a FIFO" in str(box["error"])


def test_a_link_to_dev_zero_is_refused_without_reading_it(tmp_path):
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    box = finishes(lambda: Match.load(link))
    assert isinstance(box.get("error"), SaveError)
    assert "a device" in str(box["error"])


def test_a_folder_and_a_dangling_link_are_refused(tmp_path):
    (tmp_path / "dir.json").mkdir()
    (tmp_path / "gone.json").symlink_to(tmp_path / "nowhere.json")
    assert "a folder" in refusal(tmp_path / "dir.json")
    assert "link to a file that does not exist" in refusal(tmp_path / "gone.json")
    assert "no such file" in refusal(tmp_path / "nowhere.json")


def test_a_50_mb_name_is_refused_by_the_size_cap(tmp_path):
    data = real_save("mountain_goats")
    data["names"][0] = "A" * 50_000_000
    path = write(tmp_path / "big.json", resealed(data))
    started = time.perf_counter()
    message = refusal(path)
    assert "47.7 MB" in message and "at most 2 MB" in message
    assert time.perf_counter() - started < 1.0  # refused from its size, not read


def test_a_file_just_over_the_cap_is_refused_and_one_within_it_is_read(tmp_path):
    data = real_save("mountain_goats")
    text = json.dumps(resealed(data))
    path = tmp_path / "padded.json"
    path.write_text(text + " " * (MAX_SAVE_BYTES - len(text)))
    assert Match.load(path).actions  # exactly at the cap: read
    path.write_text(text + " " * (MAX_SAVE_BYTES + 1 - len(text)))
    assert "at most 2 MB" in refusal(path)


def test_text_that_is_not_utf8_is_refused(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes(
        json.dumps(resealed(real_save("mountain_goats"))).replace("Ana", "Ana\u00e9").encode("latin-1")
    )
    assert "not UTF-8" in refusal(path)


# ---- structure and types -------------------------------------------------


@pytest.mark.parametrize("key", ["game", "names", "seed", "options", "actions"])
def test_a_missing_setup_field_is_refused(tmp_path, key):
    data = real_save("mision_chungungo")
    del data[key]
    assert f"has no {key}" in refusal(write(tmp_path / "m.json", resealed(data)))


@pytest.mark.parametrize(
    "names, words",
    [
        ([], "1-5 names"),
        (["A"] * 6, "1-5 names"),
        ("Ana,Beto", "1-5 names"),
        (["Ana", 3], "name 2"),
        (["Ana", None], "name 2"),
    ],
)
def test_names_must_be_a_list_of_one_to_five_texts(tmp_path, names, words):
    data = resealed({**real_save("penguinramids"), "names": names})
    assert words in refusal(write(tmp_path / "n.json", data))


@pytest.mark.parametrize(
    "game_id, options, words",
    [
        ("mountain_goats", {"big_mountain": 1}, "big_mountain"),
        ("mountain_goats", {"big_mountain": "yes"}, "big_mountain"),
        ("montana_pinguino", {"track_cards": 7.0}, "track_cards"),
        ("montana_pinguino", {"track_cards": True}, "track_cards"),
        ("montana_pinguino", {"track_cards": 99}, "track_cards"),
        ("penguinramids", {"dragons": True}, "no option 'dragons'"),
        ("penguinramids", [], "options"),
    ],
)
def test_an_option_must_have_its_choices_own_type(tmp_path, game_id, options, words):
    data = resealed({**real_save(game_id), "options": options})
    assert words in refusal(write(tmp_path / "o.json", data))


@pytest.mark.parametrize(
    "item, words",
    [
        ([True, {"type": "Roll"}], "names seat true"),
        ([7, {"type": "Roll"}], "names seat 7"),
        ([-1, {"type": "Roll"}], "names seat -1"),
        ([0.0, {"type": "Roll"}], "names seat 0.0"),
        ([0, {"type": "Roll"}, 1], "not a pair"),
        ({"seat": 0}, "not a pair"),
        ([0, {"type": "Castle"}], "has no action 'Castle'"),
        ([0, {"type": ["Roll"]}], "has no type"),
        ([0, "Roll"], "has no type"),
        ([0, {"type": "Roll", "dice": 4}], "unknown field 'dice'"),
        ([0, {"type": "Move"}], "the Move action has no faces"),
        ([0, {"type": "Move", "faces": [1, 2, 3], "groups": [[5, 5, 0]] * 100}], "too long (100 items)"),
        ([0, {"type": "Move", "faces": "1234"}], "must be a list"),
    ],
)
def test_a_malformed_action_is_refused_with_its_number(tmp_path, item, words):
    data = real_save("mountain_goats")
    data["actions"][0] = item
    message = refusal(write(tmp_path / "a.json", resealed(data)))
    assert message.startswith("action 1 in the file") and words in message


def test_a_refusal_never_echoes_a_newline_an_escape_or_a_long_text(tmp_path):
    data = real_save("mountain_goats")
    data["actions"][0][1]["type"] = "Roll\n\x1b]0;owned\x07" + "x" * 10_000
    message = refusal(write(tmp_path / "a.json", resealed(data)))
    assert "\x1b" not in message and "\x07" not in message and len(message) < 150


def test_more_actions_than_any_game_has_are_refused_before_replay(tmp_path):
    data = real_save("mountain_goats")
    data["actions"] = [[0, {"type": "Roll"}]] * (match_module.MAX_ACTIONS + 1)
    assert "10001 actions" in refusal(write(tmp_path / "a.json", resealed(data)))


def test_an_unexpected_error_inside_the_rules_is_a_refusal(monkeypatch):
    data = real_save("mountain_goats")
    rules = GAMES["mountain_goats"].rules

    def broken(self, seat, action):
        raise IndexError("tuple index out of range")

    monkeypatch.setattr(rules.GoatsState, "apply", broken)
    with pytest.raises(SaveError, match=r"action 1 in the file cannot be replayed \(IndexError\)"):
        Match.from_dict(data)


@pytest.mark.parametrize("game_id", (*GAME_IDS, "veto"))
def test_every_action_field_of_every_game_has_a_type_the_loader_checks(game_id):
    for cls in GAMES[game_id].action_types:
        for name, _, hint, _ in match_module._action_fields(cls):
            with pytest.raises(SaveError):  # a TypeError here: the loader cannot check this field's type
                _field_value(object(), hint, f"{cls.__name__}.{name}")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_action_of_the_sample_games_round_trips_through_json(game_id):
    for data in real_saves(game_id):
        match = Match.from_dict(data)
        types = match.spec.action_types
        for _, action in match.actions:
            assert action_from_json(json.loads(json.dumps(action_to_json(action))), types) == action
        assert attrs.asdict(Match.from_json(match.to_json()).state) == attrs.asdict(match.state)


# ---- the data folder -----------------------------------------------------


def hostile_folder(folder):
    """Fill ``folder`` with one real save and every kind of entry that is not one."""
    folder.mkdir(parents=True, exist_ok=True)
    good = Match.from_dict(real_save("mountain_goats")).save(folder / "good.json")
    (folder / "gone.json").symlink_to(folder / "nowhere.json")
    os.mkfifo(folder / "pipe.json")
    (folder / "dir.json").mkdir()
    (folder / "zero.json").symlink_to("/dev/zero")
    with open(folder / "huge.json", "wb") as fh:
        fh.truncate(MAX_SAVE_BYTES + 1)
    (folder / "broken.json").write_text("{ not json")
    return good


def test_listing_a_hostile_folder_keeps_what_can_be_read_and_names_the_rest(tmp_path):
    good = hostile_folder(tmp_path)
    listing = finishes(lambda: scan_saves(tmp_path))["result"]
    assert set(listing.files) == {good, tmp_path / "broken.json"}
    assert dict(listing.skipped) == {
        "dir.json": "a folder",
        "gone.json": "a link to a missing file",
        "huge.json": "2 MB, too big",
        "pipe.json": "a FIFO",
        "zero.json": "a device",
    }
    line = listing.skipped_line()
    assert "pipe.json (a FIFO)" in line and "\n" not in line


def test_autosaves_of_a_hostile_folder_are_the_readable_files_newest_first():
    good = hostile_folder(autosave_dir())
    newer = Match.from_dict(real_save("penguinramids")).save(autosave_dir() / "newer.json")
    os.utime(good, (time.time() - 100, time.time() - 100))
    assert finishes(autosaves)["result"] == [newer, autosave_dir() / "broken.json", good]


def test_an_unreadable_file_is_skipped(tmp_path, monkeypatch):
    Match.from_dict(real_save("mountain_goats")).save(tmp_path / "locked.json")
    monkeypatch.setattr(match_module.os, "access", lambda path, mode: False)  # the tests run as root
    assert scan_saves(tmp_path).skipped == (("locked.json", "not readable (Permission denied)"),)


def test_save_summary_never_blocks_and_says_what_a_file_is(tmp_path):
    hostile_folder(tmp_path)
    summaries = {
        name: finishes(lambda name=name: save_summary(tmp_path / name))["result"]
        for name in ("good.json", "pipe.json", "zero.json", "gone.json", "broken.json", "huge.json")
    }
    assert summaries["good.json"].startswith("Mountain Goats with Ana, Beto, 9 actions")
    assert summaries["pipe.json"] == "pipe.json (a FIFO)"
    assert summaries["zero.json"] == "zero.json (a device)"
    assert summaries["gone.json"] == "gone.json (a link to a missing file)"
    assert summaries["broken.json"] == "broken.json (not a readable save)"
    assert summaries["huge.json"] == "huge.json (2 MB, too big)"


def test_save_summary_makes_names_printable_and_short(tmp_path):
    data = real_save("mountain_goats")
    data["names"] = ["\x1b]0;X\x07Ana", "B" * 1000]
    summary = save_summary(write(tmp_path / "s.json", data))
    assert "\x1b" not in summary and "\x07" not in summary
    assert "?]0;X?Ana" in summary and len(summary) < 120


def test_stale_temporary_files_of_an_interrupted_write_are_removed():
    old_auto = autosave_dir() / ".g.json.abc123.tmp"
    old_saved = saves_dir() / ".mine.json.def456.tmp"
    fresh = autosave_dir() / ".h.json.ghi789.tmp"
    unrelated = autosave_dir() / "notes.tmp"
    for path in (old_auto, old_saved, fresh, unrelated):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("half a save")
    an_hour_ago = time.time() - 3600
    for path in (old_auto, old_saved, unrelated):
        os.utime(path, (an_hour_ago, an_hour_ago))
    link = autosave_dir() / ".link.json.jkl.tmp"
    link.symlink_to(unrelated)
    os.utime(link, (an_hour_ago, an_hour_ago), follow_symlinks=False)
    assert sorted(clean_stale_temp_files()) == sorted([old_auto, old_saved])
    assert fresh.exists() and unrelated.exists() and link.is_symlink()


def test_cleaning_a_missing_data_folder_does_nothing():
    assert not autosave_dir().exists()
    assert clean_stale_temp_files() == []
    assert scan_saves(autosave_dir()).files == ()
