"""The save text built from each action's kept text is exactly the text of ``to_dict()``.

``Match.to_json`` (and so ``Match.save``, the autosave after every decision)
encodes each action once and keeps its text; these tests hold it to the
reference, ``json.dumps(match.to_dict(), indent=1, ensure_ascii=False)``,
over random games with undos, pending secret choices and seat changes, and
check that a save after one more action encodes only that action.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine import Match
from boardgames_tui.engine import match as match_module
from boardgames_tui.engine.match import _checksum

from .save_samples import GAME_IDS, random_match

#: Names with characters the file keeps as they are and the checksum text escapes.
NAME_SETS = (
    ("Ana", "Beto", "Carla", "Diego", "Elena"),
    ("Zoë", "José", "Ñandú", "Łucja", "Ærin"),
    ("李雷", 'Ana "Q"', "back\\slash", "🦙 Llama", "Ola"),
)
PLAYERS = {
    "mountain_goats": (2, 4),
    "penguinramids": (2, 4),
    "montana_pinguino": (2, 4),
    "mision_chungungo": (2, 5),
}


def reference_text(match: Match) -> str:
    """The save text as it was written before the texts were kept: the whole dict, dumped."""
    return json.dumps(match.to_dict(), indent=1, ensure_ascii=False)


def assert_text_is_the_reference(match: Match) -> None:
    text = match.to_json()
    data = json.loads(text)
    assert data == match.to_dict()
    assert text == reference_text(match)
    body = {k: v for k, v in data.items() if k != "checksum"}
    assert data["checksum"] == _checksum(body)


@settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    game_id=st.sampled_from(GAME_IDS),
    players_pick=st.integers(0, 3),
    names_pick=st.integers(0, len(NAME_SETS) - 1),
    seed=st.integers(0, 2**32),
    length=st.integers(1, 250),
    undo_chance=st.sampled_from((0.0, 0.3, 0.7)),
    save_chance=st.sampled_from((0.05, 0.2)),
)
def test_the_kept_text_equals_the_dumped_dict_through_random_plays_and_undos(
    game_id, players_pick, names_pick, seed, length, undo_chance, save_chance
):
    low, high = PLAYERS[game_id]
    players = low + players_pick % (high - low + 1)
    match = Match.new(game_id, NAME_SETS[names_pick][:players], seed % 1000)
    rnd = random.Random(seed)
    saved_undos = undos = 0
    for _ in range(length):
        if match.state.is_terminal:
            break
        if match.can_undo() and rnd.random() < undo_chance:
            match.undo()
            undos += 1
        else:
            seat = rnd.choice(match.state.to_move)
            match.play(seat, rnd.choice(match.state.legal_actions(seat)))
        if rnd.random() < 0.02:
            match.set_seat(rnd.randrange(players), rnd.choice(match_module.SEAT_KINDS))
        if rnd.random() < save_chance:
            if match.saved_length() < len(match.actions):
                event("saved with a pending secret choice")
            saved_undos += undos
            undos = 0
            assert_text_is_the_reference(match)
    if saved_undos:
        event("saved after an undo")
    assert_text_is_the_reference(match)


def test_whole_random_games_save_the_reference_text_after_every_action():
    for game_id in GAME_IDS:
        rnd = random.Random(7)
        match = Match.new(game_id, ["Zoë", "José", "李雷"], 7)
        while not match.state.is_terminal:
            seat = rnd.choice(match.state.to_move)
            match.play(seat, rnd.choice(match.state.legal_actions(seat)))
            assert match.to_json() == reference_text(match)


def test_a_different_action_after_an_undo_is_written_not_the_one_taken_back(tmp_path):
    match = random_match("mision_chungungo", 3, {}, 8, seed=1)
    rnd = random.Random(1)
    while not (
        match.can_undo()
        and match.saved_length() == len(match.actions)
        and len(match.states[-2].legal_actions(match.actions[-1][0])) > 1
    ):
        seat = rnd.choice(match.state.to_move)
        match.play(seat, rnd.choice(match.state.legal_actions(seat)))
    taken_back = match.actions[-1]
    before = json.loads(match.save(tmp_path / "g.json").read_text(encoding="utf-8"))
    match.undo()
    other = next(a for a in match.state.legal_actions(taken_back[0]) if a != taken_back[1])
    match.play(taken_back[0], other)
    after = json.loads(match.save(tmp_path / "g.json").read_text(encoding="utf-8"))
    assert after["actions"][:-1] == before["actions"][:-1]
    assert (
        after["actions"][-1] == [taken_back[0], match_module.action_to_json(other)] != before["actions"][-1]
    )
    assert after == match.to_dict()
    assert Match.load(tmp_path / "g.json").actions == match.actions


def test_a_save_after_one_more_action_encodes_only_that_action(monkeypatch, tmp_path):
    match = random_match("mision_chungungo", 3, {}, 60, seed=3)
    match.save(tmp_path / "g.json")
    calls = []
    real = match_module.action_to_json
    monkeypatch.setattr(match_module, "action_to_json", lambda a: calls.append(a) or real(a))
    seat = match.state.to_move[0]
    action = match.state.legal_actions(seat)[0]
    match.play(seat, action)
    match.save(tmp_path / "g.json")
    assert calls == [action]
    match.save(tmp_path / "g.json")
    assert calls == [action]  # nothing new: nothing encoded


def test_a_saved_file_loads_with_the_loader_to_the_same_match(tmp_path):
    match = random_match("montana_pinguino", 3, {"championship": True}, 90, seed=11)
    match.set_seat(1, "greedy")
    assert match.saved_length() == len(match.actions)  # no card face down: the file holds every action
    path = match.save(tmp_path / "g.json")
    assert path.read_text(encoding="utf-8") == reference_text(match)
    again = Match.load(path)
    assert again.actions == match.actions and again.state == match.state
    assert again.seats == ("human", "greedy", "human")
    assert again.to_json() == path.read_text(encoding="utf-8")
