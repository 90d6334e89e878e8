"""The history of finished games: kept, listed from summaries, counted per name, exported as text."""

import json

import pytest

from boardgames_tui.engine.history import (
    export_text,
    history_dir,
    list_history,
    load_entry,
    record,
    statistics,
)
from tests.history.finished import finished


def test_a_finished_game_is_kept_and_listed_with_game_players_winner_and_length():
    match = finished("mountain_goats", ("Ana", "Beto", "Carla"))
    path = record(match, finished=1_700_000_000)
    assert path.parent == history_dir()
    (entry,) = list_history().entries
    assert entry.title == "Mountain Goats"
    assert entry.names == ("Ana", "Beto", "Carla")
    assert entry.winners == match.state.winners()
    assert entry.length == len(match.actions)
    assert entry.date().startswith("2023-11-")


def test_the_kept_game_replays_to_the_same_final_state():
    match = finished("penguinramids")
    record(match)
    again = load_entry(list_history().entries[0])
    assert again.state == match.state
    assert again.actions == match.actions


def test_an_unfinished_game_is_not_kept():
    with pytest.raises(ValueError, match="finished"):
        record(finished("penguinramids", upto=3))


def test_unreadable_history_files_are_named_and_skipped():
    record(finished("mountain_goats"))
    folder = history_dir()
    (folder / "broken.json").write_text("{not json", encoding="utf-8")
    (folder / "other.json").write_text(json.dumps({"format": "something else"}), encoding="utf-8")
    listing = list_history()
    assert len(listing.entries) == 1
    assert {name for name, _ in listing.skipped} == {"broken.json", "other.json"}


def test_an_empty_history_lists_nothing():
    assert list_history().entries == ()


def test_statistics_count_games_wins_per_game_and_per_seat_and_best_score():
    a = finished("mountain_goats", ("Ana", "Beto"), seed=1)
    b = finished("mountain_goats", ("Beto", "Ana"), seed=2)
    c = finished("penguinramids", ("Ana", "Carla"), seed=3)
    for i, m in enumerate((a, b, c)):
        record(m, finished=1_700_000_000 + i)
    stats = {s.name: s for s in statistics(list_history().entries)}
    ana = stats["Ana"]
    ana_wins = [0 in a.state.winners(), 1 in b.state.winners(), 0 in c.state.winners()]
    assert (ana.total.games, ana.total.wins) == (3, sum(ana_wins))
    assert ana.by_game["mountain_goats"].games == 2
    assert ana.by_game["mountain_goats"].best == max(a.state.scores()[0], b.state.scores()[1])
    assert ana.by_seat[0].games == 2 and ana.by_seat[1].games == 1
    assert ana.by_seat[1].wins == int(ana_wins[1])
    assert stats["Carla"].total.games == 1
    assert next(iter(stats)) == "Ana"  # most games first


def test_export_has_one_numbered_line_per_decision_and_the_public_log():
    match = finished("mountain_goats", ("Ana", "Beto"))
    text = export_text(match)
    numbered = [line for line in text.splitlines() if line[:5].strip().rstrip(".").isdigit()]
    assert len(numbered) == len(match.actions)
    assert numbered[0].startswith("   1. A Ana: ")
    assert "     | Ana rolls" in text
    assert "Winners: " in text


def test_export_of_a_hidden_card_game_holds_no_private_line():
    match = finished("mision_chungungo", ("Ana", "Beto"))
    text = export_text(match)
    private = {line for state in match.states for event in state.log for line in event.private.values()}
    assert private, "the game should have private lines to leave out"
    rendered = {p.format("Ana", "Beto") for p in private}
    assert not any(f"[{p}]" in text for p in rendered)
