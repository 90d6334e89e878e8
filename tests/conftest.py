"""Shared fixtures: every test gets its own empty data folder for saves; Pilot keys keep a player's pace.

Scenario builders: :func:`match_at` turns a position built by a game's scenario helper into a
``Match`` to hand to ``BoardGamesApp(match=...)``, so no test writes into a running screen's match.
"""

import math
from typing import Any, Mapping, Sequence

import pytest
from textual.pilot import Pilot

from boardgames_tui.engine import Match, State


def build_match_at(
    game_id: str, names: Sequence[str], state: State, *, seed: int = 0, options: Mapping[str, Any] | None = None
) -> Match:
    """A match of ``game_id`` standing at ``state`` (a scenario position), with no actions yet.

    The match starts from ``state`` as if the game had reached it; its seed only names the
    match (a save of it would not replay to ``state``, so tests that save use real play).
    """
    match = Match.new(game_id, list(names), seed, dict(options or {}))
    return Match(match.game_id, match.names, match.seed, match.options, [], [state], [])


@pytest.fixture
def match_at():
    """The scenario builder :func:`build_match_at`, as a fixture."""
    return build_match_at


def pytest_collection_modifyitems(config, items):
    """Screen pictures are compared in the slow tier.

    The default run (the fast tier) checks every screen's text through Pilot; the
    pixel-for-pixel snapshot comparisons (``snap_compare``, each a whole app run
    and an SVG diff) run with ``pytest -m slow``, which ``.ci/run`` runs too.
    """
    for item in items:
        if "snap_compare" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path, monkeypatch):
    """Point BOARDGAMES_TUI_HOME at a fresh folder so tests never touch real saves."""
    home = tmp_path / "bgt-home"
    monkeypatch.setenv("BOARDGAMES_TUI_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def _keys_at_a_players_pace(request, monkeypatch):
    """Each ``pilot.press(...)`` call is one burst of keys, pressed after a pause.

    The app's key gate (boardgames_tui/ui/keygate.py) drops a key that
    follows the one before it within half a second at a new screen. A
    test's separate press calls stand for a player's separate presses, so
    the keyboard counts as rested before each call; the keys of one call
    count as a burst whatever the machine's speed. Tests marked
    ``real_key_pace`` keep the real timing (and sleep where a player would
    pause).
    """
    if request.node.get_closest_marker("real_key_pace"):
        return
    original = Pilot.press

    async def press(self, *keys):
        gate = getattr(self.app, "key_gate", None)
        for i, key in enumerate(keys):
            if gate is not None:
                if i == 0:
                    gate.rest()
                else:
                    gate.last_key_at = math.inf  # the next key follows this one at once
            await original(self, key)

    monkeypatch.setattr(Pilot, "press", press)
