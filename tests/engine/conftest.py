"""The engine tests use the test-only game Veto too."""

import pytest

from boardgames_tui.games import GAMES
from tests.shell.tiny_game import SPEC


@pytest.fixture(autouse=True)
def veto_registered():
    GAMES[SPEC.id] = SPEC
    yield SPEC
    GAMES.pop(SPEC.id, None)
