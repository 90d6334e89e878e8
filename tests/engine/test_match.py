"""Matches: save and load as seed plus actions, refusals, atomic writes, undo barriers."""

import json
import os

import pytest

from boardgames_tui.engine import FORMAT_VERSION, IllegalAction, Match, Pass, SaveError
from boardgames_tui.engine import match as match_module
from tests.shell.tiny_game import Confirm, Pick, Veto


def played_match(seed=4):
    m = Match.new("veto", ["Ana", "Beto"], seed)
    for seat in (0, 1):
        card = next(a for a in m.state.legal_actions(seat) if isinstance(a, Pick))
        m.play(seat, card)
        m.play(seat, Confirm())
    return m


def test_save_then_load_replays_to_an_equal_state(tmp_path):
    m = played_match()
    path = m.save(tmp_path / "g.json")
    loaded = Match.load(path)
    assert loaded.state == m.state
    assert loaded.actions == m.actions
    assert json.loads(path.read_text())["version"] == FORMAT_VERSION


def test_same_seed_and_actions_give_equal_states():
    assert played_match(11).state == played_match(11).state


def test_truncated_save_is_refused(tmp_path):
    path = played_match().save(tmp_path / "g.json")
    path.write_text(path.read_text()[:-40])
    with pytest.raises(SaveError, match="truncated"):
        Match.load(path)


def test_edited_save_is_refused(tmp_path):
    path = played_match().save(tmp_path / "g.json")
    data = json.loads(path.read_text())
    data["seed"] += 1
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="changed or damaged"):
        Match.load(path)


def test_foreign_json_is_refused(tmp_path):
    path = tmp_path / "other.json"
    path.write_text(json.dumps({"hello": "world"}))
    with pytest.raises(SaveError, match="not a boardgames-tui save"):
        Match.load(path)


def test_other_format_version_is_refused(tmp_path):
    m = played_match()
    data = m.to_dict()
    data["version"] = FORMAT_VERSION + 1
    with pytest.raises(SaveError, match="format version"):
        Match.from_dict(data)


def test_illegal_action_in_a_save_is_refused_with_its_number():
    m = played_match()
    data = m.to_dict()
    data["actions"][0][1] = {"type": "Pick", "card": 99}
    data.pop("checksum")
    data["checksum"] = match_module._checksum(data)
    with pytest.raises(SaveError, match="action 1"):
        Match.from_dict(data)


def test_refusing_one_save_leaves_other_files_untouched(tmp_path):
    good = played_match().save(tmp_path / "good.json")
    before = good.read_bytes()
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    with pytest.raises(SaveError):
        Match.load(bad)
    assert good.read_bytes() == before
    assert bad.read_text() == "{ not json"


def test_autosave_write_is_atomic_when_killed_mid_write(tmp_path, monkeypatch):
    path = played_match().save(tmp_path / "auto.json")
    before = path.read_bytes()

    def crash(*args, **kwargs):
        raise KeyboardInterrupt("killed")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        played_match(seed=99).save(path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["auto.json"]


def test_undo_takes_back_a_change_of_mind_within_a_secret_pick():
    m = Match.new("veto", ["Ana", "Beto"], 4)
    first = m.state
    pick = next(a for a in m.state.legal_actions(0) if isinstance(a, Pick))
    m.play(0, pick)
    assert m.can_undo()
    assert m.undo() == first
    assert not m.can_undo()


def test_undo_is_refused_across_a_barrier():
    m = Match.new("veto", ["Ana", "Beto"], 4)
    pick = next(a for a in m.state.legal_actions(0) if isinstance(a, Pick))
    m.play(0, pick)
    m.play(0, Confirm())  # seat B decides next: a barrier
    assert not m.can_undo()
    with pytest.raises(IllegalAction):
        m.undo()


def test_illegal_action_is_refused_and_not_recorded():
    m = Match.new("veto", ["Ana", "Beto"], 4)
    with pytest.raises(IllegalAction):
        m.play(0, Veto())
    with pytest.raises(IllegalAction):
        m.play(0, Pick(42))
    assert m.actions == []


def test_unknown_game_or_count_is_a_value_error():
    with pytest.raises(ValueError, match="unknown game"):
        Match.new("chess", ["a", "b"])
    with pytest.raises(ValueError, match="2-3"):
        Match.new("veto", ["a", "b", "c", "d"])


def test_pass_round_trips_through_json():
    from boardgames_tui.engine.match import action_from_json, action_to_json

    assert action_from_json(action_to_json(Pass()), ()) == Pass()
