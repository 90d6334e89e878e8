"""Structure-aware mutation of real save files: every mutant is refused cleanly or replays to a legal game.

Hypothesis starts from real saves of the four games (tests/engine/save_samples.py)
and mutates them as an editor, a bad disk or a hostile user would: values of
the wrong type, huge or out-of-range numbers, deep nesting, missing and unknown
keys, wrong action tags, actions removed, repeated, swapped or nudged, and the
file's bytes cut or spoiled. Most mutants get their checksum computed again,
so the mutation reaches the structure checks and the replay behind it.

Tiers: the default run tries 25 mutants per game (100 files); the slow tier
(`pytest -m slow tests/engine/test_save_mutation.py`) tries 250 per game
(1,000 files).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine import Match, SaveError
from boardgames_tui.games import GAMES

from .save_samples import GAME_IDS, PLANS, real_saves, resealed

_COMMON = dict(
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)
settings.register_profile("save-mutation", max_examples=25, derandomize=True, **_COMMON)
settings.register_profile("save-mutation-slow", max_examples=250, **_COMMON)

#: Stand-ins replaced in the JSON text after it is written (json.dumps cannot write them).
DEEP_MARK = "@@deep-5000@@"
LONG_NUMBER_MARK = "@@5000-digit-number@@"

ACTION_NAMES = sorted({cls.__name__ for spec in GAMES.values() for cls in spec.action_types} | {"", "Castle"})


def _nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


hostile_values = st.one_of(
    st.integers(),
    st.sampled_from([-(10**30), 10**30, 2**31, -(2**31) - 1, 2**63, -(2**63) - 1, -1, 0, 1, 2, 5, 9, 44, 99]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.none(),
    st.text(max_size=12),
    st.sampled_from(["x" * 100_000, "\x1b]0;owned\x07", "[bold]x[/]", "\ud800"]),
    st.sampled_from(ACTION_NAMES),
    st.sampled_from(list(GAMES)),
    st.lists(st.integers(min_value=-3, max_value=12), max_size=6),
    st.dictionaries(st.text(max_size=6), st.integers(), max_size=3),
    st.builds(_nested, st.sampled_from([50, 400])),  # built afresh: later mutations may edit inside it
    st.sampled_from([DEEP_MARK, LONG_NUMBER_MARK]),
)


def _paths(node: Any, here: tuple = ()) -> list[tuple]:
    """Every place in a save object (dict keys and list positions), the checksum aside."""
    out = [here] if here else []
    if isinstance(node, dict):
        for key, value in node.items():
            if not here and key == "checksum":
                continue
            out += _paths(value, here + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += _paths(value, here + (i,))
    return out


def _parent(data: Any, path: tuple) -> Any:
    for step in path[:-1]:
        data = data[step]
    return data


@st.composite
def mutate_once(draw, data: dict[str, Any]) -> str:
    """Apply one structure-aware mutation to ``data`` in place; return its name (for statistics)."""
    kind = draw(
        st.sampled_from(
            [
                "replace",
                "replace",
                "delete",
                "insert",
                "nudge",
                "nudge",
                "retag",
                "actions",
                "actions",
                "seat",
            ]
        )
    )
    paths = _paths(data)
    if kind == "replace":
        path = draw(st.sampled_from(paths))
        _parent(data, path)[path[-1]] = draw(hostile_values)
        return f"replace {path[0]}"
    if kind == "delete":
        path = draw(st.sampled_from(paths))
        parent = _parent(data, path)
        del parent[path[-1]]
        return f"delete in {path[0]}"
    if kind == "insert":
        containers = [p for p in [()] + paths if isinstance(_parent(data, p + ("",)), (dict, list))]
        path = draw(st.sampled_from(containers))
        target = _parent(data, path + ("",))
        if isinstance(target, dict):
            target[draw(st.sampled_from(["type", "seed", "card", "extra", "names", "x" * 50]))] = draw(
                hostile_values
            )
        else:
            target.insert(draw(st.integers(0, len(target))), draw(hostile_values))
        return "insert"
    if kind == "nudge":
        ints = [p for p in paths if type(_parent(data, p)[p[-1]]) is int]
        if not ints:
            return "nudge (none)"
        path = draw(st.sampled_from(ints))
        _parent(data, path)[path[-1]] += draw(st.sampled_from([-3, -2, -1, 1, 2, 3, 10]))
        return f"nudge {path[0]}"
    actions = data.get("actions")
    if not isinstance(actions, list) or not actions:
        return f"{kind} (no actions)"
    i = draw(st.integers(0, len(actions) - 1))
    if kind == "retag":
        if isinstance(actions[i], list) and len(actions[i]) == 2 and isinstance(actions[i][1], dict):
            actions[i][1]["type"] = draw(st.sampled_from(ACTION_NAMES))
        return "retag"
    if kind == "seat":
        if isinstance(actions[i], list) and actions[i]:
            actions[i][0] = draw(st.sampled_from([0, 1, 2, 3, 4, 5, -1, True, 0.0, "0", None]))
        return "seat"
    how = draw(st.sampled_from(["cut", "drop", "repeat", "swap"]))
    j = draw(st.integers(0, len(actions) - 1))
    if how == "cut":
        del actions[i:]
    elif how == "drop":
        del actions[i]
    elif how == "repeat":
        actions.insert(i, json.loads(json.dumps(actions[j])))
    else:
        actions[i], actions[j] = actions[j], actions[i]
    return f"actions {how}"


@st.composite
def mutated_save_text(draw, game_id: str) -> str:
    """The text of a real save of ``game_id`` after one to three mutations."""
    data = real_saves(game_id)[draw(st.integers(0, len(PLANS[game_id]) - 1))]
    for _ in range(draw(st.integers(1, 3))):
        event(draw(mutate_once(data)))
    if draw(st.integers(0, 9)) > 0:  # most mutants are re-sealed so the mutation reaches the replay
        data = resealed(data)
    text = json.dumps(data)
    text = text.replace(f'"{DEEP_MARK}"', "[" * 5000 + "]" * 5000).replace(
        f'"{LONG_NUMBER_MARK}"', "7" * 5000
    )
    spoil = draw(st.sampled_from(["none"] * 12 + ["truncate", "bad byte", "empty", "bom"]))
    if spoil == "truncate":
        text = text[: draw(st.integers(0, max(0, len(text) - 1)))]
    elif spoil == "bad byte":
        at = draw(st.integers(0, len(text)))
        text = text[:at] + "\udcff" + text[at:]  # written with surrogateescape: a lone 0xFF byte
    elif spoil == "empty":
        text = ""
    elif spoil == "bom":
        text = "\ufeff" + text
    return text


def check_mutant(tmp_path, text: str) -> None:
    """Load the file: a one-line SaveError, or a match every action of which replays legally."""
    path = tmp_path / "mutant.json"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    try:
        match = Match.load(path)
    except SaveError as exc:
        message = str(exc)
        assert message and "\n" not in message and len(message) < 300, message
        event("refused: " + re.sub(r"[0-9]+|'.*", "N", message)[:45])
        return
    event("loaded")
    fresh = Match.new(match.game_id, list(match.names), match.seed, match.options)
    for seat, action in match.actions:
        fresh.play(seat, action)  # raises IllegalAction if the loader let an illegal action through
    assert fresh.state == match.state
    check = getattr(match.spec.rules, "check_invariants", None)
    if check is not None:
        check(match.state)
    # A save keeps everything but secret choices still face down (they are asked again).
    assert Match.from_json(match.to_json()).state == match.states[match.saved_length()]


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(settings.get_profile("save-mutation"))
@given(data=st.data())
def test_mutated_saves_are_refused_or_replay_to_a_legal_game(tmp_path, game_id, data):
    check_mutant(tmp_path, data.draw(mutated_save_text(game_id)))


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(settings.get_profile("save-mutation-slow"))
@given(data=st.data())
def test_mutated_saves_slow_sweep_1000_files(tmp_path, game_id, data):
    check_mutant(tmp_path, data.draw(mutated_save_text(game_id)))
