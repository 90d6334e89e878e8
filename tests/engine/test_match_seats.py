"""Who sits where: seat kinds in matches and save files (issue 10, computer players in the app)."""

import pytest

from boardgames_tui.bots import LEVELS
from boardgames_tui.engine import Match, SaveError
from boardgames_tui.engine.match import SEAT_KINDS
from tests.engine.save_samples import real_save, resealed


def test_seat_kinds_are_a_person_or_every_bot_level():
    assert ("human", *LEVELS) == SEAT_KINDS


def test_a_match_made_without_seats_is_all_people():
    match = Match.new("penguinramids", ["Ana", "Beto", "Carla"], 3)
    assert match.seats == ("human", "human", "human")
    assert all(match.is_human(s) for s in range(3))


def test_seats_round_trip_through_a_save_file():
    match = Match.new("montana_pinguino", ["Ana", "Beto", "Carla"], 5, seats=["human", "strong", "random"])
    data = match.to_dict()
    assert data["seats"] == ["human", "strong", "random"]
    again = Match.from_json(match.to_json())
    assert again.seats == ("human", "strong", "random")
    assert not again.is_human(1)


def test_a_save_without_seats_loads_with_every_seat_a_person():
    data = real_save("mision_chungungo")
    data.pop("seats", None)
    match = Match.from_dict(resealed(data))
    assert match.seats == ("human",) * len(data["names"])


def test_switching_a_seat_mid_game_keeps_the_actions_and_is_saved():
    match = Match.new("mountain_goats", ["Ana", "Beto"], 1)
    seat = match.state.to_move[0]
    match.play(seat, match.state.legal_actions(seat)[0])
    match.set_seat(1, "greedy")
    assert match.seats == ("human", "greedy") and len(match.actions) == 1
    assert Match.from_json(match.to_json()).seats == ("human", "greedy")


@pytest.mark.parametrize(
    "seats, words",
    [
        (["human"], "seats in this save file do not fit: 1 seat kinds for 2 players"),
        (["human", "robot"], "'robot'"),
        ("human,strong", "must be a list of texts"),
        (["human", 3], "must be a list of texts"),
    ],
)
def test_bad_seats_in_a_save_are_refused_in_one_line(seats, words):
    data = real_save("penguinramids")
    assert len(data["names"]) == 2
    data["seats"] = seats
    with pytest.raises(SaveError) as err:
        Match.from_dict(resealed(data))
    assert words in str(err.value) and "\n" not in str(err.value)


def test_unknown_seat_kinds_are_refused_when_starting_or_switching():
    with pytest.raises(ValueError, match="a seat is one of human, random, greedy, strong"):
        Match.new("mountain_goats", ["Ana", "Beto"], 1, seats=["human", "expert"])
    match = Match.new("mountain_goats", ["Ana", "Beto"], 1)
    with pytest.raises(ValueError):
        match.set_seat(0, "expert")
    with pytest.raises(IndexError):
        match.set_seat(2, "random")
    assert match.seats == ("human", "human")
