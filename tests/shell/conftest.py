"""Registers the test-only game Veto in GAMES for the platform tests."""

import pytest

from boardgames_tui.games import GAMES

from .tiny_game import SPEC


@pytest.fixture(autouse=True)
def veto_registered():
    GAMES[SPEC.id] = SPEC
    yield SPEC
    GAMES.pop(SPEC.id, None)
