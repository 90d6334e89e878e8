"""Saves do not spell out pending secret choices (issue: the hot seat keeps every secret, part 5)."""

from __future__ import annotations

import json

from boardgames_tui.engine import Match
from boardgames_tui.games.montana_pinguino.rules import PlayCard
from boardgames_tui.games.penguinramids.rules import ChooseCard


def test_a_penguinramids_card_chosen_face_down_is_not_written_until_the_reveal():
    m = Match.new("penguinramids", ["Ana", "Beto", "Carla"], 3)
    m.play(0, ChooseCard(3))
    text = m.to_json()
    assert "ChooseCard" not in text and json.loads(text)["actions"] == []
    resumed = Match.from_json(text)
    assert 0 in resumed.state.to_move  # Ana is asked again
    m.play(1, ChooseCard(4))
    m.play(2, ChooseCard(1))  # the reveal: now every card is public
    saved = json.loads(m.to_json())["actions"]
    assert [a[1]["number"] for a in saved] == [3, 4, 1]
    assert Match.from_json(m.to_json()).state == m.state


def test_a_montana_card_played_face_down_is_not_written_until_the_reveal():
    m = Match.new("montana_pinguino", ["Ana", "Beto"], 5)
    seat = m.state.to_move[0]
    card = next(a for a in m.state.legal_actions(seat) if isinstance(a, PlayCard))
    m.play(seat, card)
    assert m.state.holds_secret_choices
    assert "PlayCard" not in m.to_json()
    assert not Match.from_json(m.to_json()).state.holds_secret_choices


def test_the_autosave_on_disk_holds_no_pending_choice(tmp_path):
    m = Match.new("penguinramids", ["Ana", "Beto"], 3)
    m.play(0, ChooseCard(2))
    path = m.save(tmp_path / "auto.json")
    assert '"number"' not in path.read_text()
