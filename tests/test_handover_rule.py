"""The hand-over rule, every game hot-seat through the real app (docs/playing.md, Hot-seat).

A curtain only when the next screen shows something private to a seat other
than the one that saw the last screen: a seat's news waits for its own
screen, the seat whose screen is up plays first among simultaneous secret
plays, a reaction window nobody answered gives the keyboard back to the
same player, and a forced single option that shows nothing is played for the
seat with a line in the log.
"""

from __future__ import annotations

import random

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine import Match, seat_letter
from tests.handover import drive, needless_curtains

SIZE = (80, 24)
NAMES = ["Ana", "Beto", "Carla"]


def rounds_of(game: str, rounds: int):
    """``until`` for :func:`drive`: stop when ``rounds`` rounds are over."""
    if game in ("montana_pinguino",):
        return lambda s: s.rounds_total > rounds
    if game == "penguinramids":
        return lambda s: s.round > rounds
    return lambda s: s.turn > rounds * s.seats


@pytest.mark.parametrize(
    ("game", "seed"), [("montana_pinguino", 7), ("mision_chungungo", 7), ("penguinramids", 7)]
)
async def test_no_curtain_for_the_seat_whose_screen_was_the_last_one_shown(game, seed):
    match = Match.new(game, NAMES, seed)
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        seen = await drive(pilot, random.Random(seed), rounds_of(game, 3))
    names = match.names
    assert any(item[0] == "curtain" for item in seen)
    assert needless_curtains(seen, lambda s: f"{seat_letter(s)} {names[s]}") == []


async def test_montana_no_curtain_only_to_read_the_cards_drawn_at_the_end_of_a_round():
    """Sheet: the refill and the items are a runner's alone; it reads them on its next screen."""
    match = Match.new("montana_pinguino", NAMES, 7)
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        seen = await drive(pilot, random.Random(7), lambda s: s.rounds_total > 2)
    assert [item for item in seen if item[0] == "curtain" and "only this player may read" in item[2]] == []
    assert match.state.rounds_total > 2  # the race got that far
