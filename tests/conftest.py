"""Shared fixtures: every test gets its own empty data folder for saves; Pilot keys keep a player's pace.

Scenario builders: :func:`match_at` turns a position built by a game's scenario helper into a
``Match`` to hand to ``BoardGamesApp(match=...)``, so no test writes into a running screen's match.
"""

import asyncio
import math
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
import textual._wait
from textual.pilot import Pilot

from boardgames_tui.engine import Match, State


def build_match_at(
    game_id: str,
    names: Sequence[str],
    state: State,
    *,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
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


#: Seconds between Pilot's checks that the app is idle (Textual's own: 1/50).
PILOT_IDLE_POLL = 0.005


@pytest.fixture(autouse=True)
def _pilot_checks_idle_often(monkeypatch):
    """Pilot's ``press`` and ``pause`` wait until the app is idle, checking every 5 ms instead of 20.

    ``textual._wait.wait_for_idle`` sleeps in steps of ``SLEEP_GRANULARITY``
    and stops at the first step in which the process used almost no CPU
    (``SLEEP_IDLE``, a twentieth of a step). Every key a test presses costs
    at least two such steps and every ``pause()`` one; at 20 ms a step that
    was about half of the fast tier's time. The ratio is kept, so "idle"
    means the same thing; what a test reads right after an action it waits
    for with ``tests/screen_text.wait_for`` (a condition), never on the
    length of Pilot's own pauses.
    """
    monkeypatch.setattr(textual._wait, "SLEEP_GRANULARITY", PILOT_IDLE_POLL)
    monkeypatch.setattr(textual._wait, "SLEEP_IDLE", PILOT_IDLE_POLL / 20)


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path, monkeypatch):
    """Point BOARDGAMES_TUI_HOME at a fresh folder so tests never touch real saves."""
    home = tmp_path / "bgt-home"
    monkeypatch.setenv("BOARDGAMES_TUI_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def _keys_at_a_players_pace(request, monkeypatch):
    """Each ``pilot.press(...)`` call is one burst of keys, pressed after a pause, once the screen is drawn.

    The app's key gate (boardgames_tui/ui/keygate.py) drops a key that
    follows the one before it within half a second at a new screen, and a
    key pressed before the new screen was drawn. A test's separate press
    calls stand for a player's separate presses: the keyboard counts as
    rested before each call, and the call waits (up to the gate's own
    ``DRAW_WAIT``) until what armed the gate has been drawn, as a player
    looks before pressing. The keys of one call count as a burst whatever
    the machine's speed. Tests marked ``real_key_pace`` keep the real
    timing (and sleep where a player would pause).
    """
    if request.node.get_closest_marker("real_key_pace"):
        return
    original = Pilot.press

    async def press(self, *keys):
        gate = getattr(self.app, "key_gate", None)
        for i, key in enumerate(keys):
            if gate is not None:
                if i == 0:
                    await _until_drawn(gate)
                    gate.rest()
                else:
                    gate.last_key_at = math.inf  # the next key follows this one at once
            await original(self, key)

    monkeypatch.setattr(Pilot, "press", press)


async def _until_drawn(gate) -> None:
    """Let the app run until the gate counts its screen as drawn (it does by itself after DRAW_WAIT)."""
    while not gate.drawn:
        await asyncio.sleep(PILOT_IDLE_POLL)
