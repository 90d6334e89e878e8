"""Every game's tests have the same files by kind, and no test plays into a running screen's match.

The layout (docs/testing.md, "Where tests live"): per game folder ``conftest.py`` (its scenario
builders), ``test_data.py`` (where the game has a data.py), ``test_rules.py``,
``test_harness.py``, ``test_handover.py``, ``test_ui_board.py`` (board and
chooser drawn from a state, at most in a tiny app), ``test_pilot.py`` (the
app driven by keys) and ``test_snapshot.py`` (pictures); extra files name
their topic. Apps are built from a match (``BoardGamesApp(match=...)``) or
the app's own options, then driven by keys: a test that calls
``screen.match.play(...)`` and ``screen.advance()`` tests a path no player
can take.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from boardgames_tui.games import GAMES

TESTS = Path(__file__).parent
GAMES_DIR = TESTS.parent / "boardgames_tui" / "games"
KINDS = (
    "conftest.py",
    "test_rules.py",
    "test_harness.py",
    "test_handover.py",
    "test_ui_board.py",
    "test_pilot.py",
    "test_snapshot.py",
)
#: Calls that change a match behind a running screen's back, or make the screen catch up with one.
BEHIND_THE_SCREEN = re.compile(
    r"\.match\.(play|undo|set_seat)\(|\.advance\(\)|\.states\s*(\[[^\]]*\])?\s*=[^=]"
)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_has_the_same_test_files_by_kind(game_id):
    folder = TESTS / game_id
    names = {p.name for p in folder.glob("*.py")}
    wanted = set(KINDS) | ({"test_data.py"} if (GAMES_DIR / game_id / "data.py").exists() else set())
    assert wanted <= names, f"{game_id} lacks {sorted(wanted - names)}"
    odd = sorted(n for n in names if n == "helpers.py" or n.endswith("_support.py"))
    assert not odd, f"{game_id}: scenario builders belong in conftest.py, not {odd}"
    pictures = (
        {p.name for p in (folder / "__snapshots__").iterdir()}
        if (folder / "__snapshots__").exists()
        else set()
    )
    assert pictures <= {"test_snapshot"}, f"{game_id}: snapshot pictures of other files: {sorted(pictures)}"


def find_screen_writes(root: Path = TESTS) -> list[str]:
    """Lines of test code under ``root`` that play into a match a screen is showing, as 'path:line'."""
    found = []
    for path in sorted(root.rglob("*.py")):
        if path.name == Path(__file__).name:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            if BEHIND_THE_SCREEN.search(code):
                found.append(f"{path.relative_to(root)}:{number}")
    return found


def test_no_test_plays_into_the_match_of_a_running_screen():
    assert find_screen_writes() == []


def test_the_check_catches_plays_behind_a_screen(tmp_path):
    (tmp_path / "test_x.py").write_text(
        "game.match.play(0, pick)\n"
        "game.advance()\n"
        "screen.match.states[-1] = state\n"
        "match.play(0, pick)\n"
        "assert match.states[-1] == state\n"
    )
    assert [f.split(":")[1] for f in find_screen_writes(tmp_path)] == ["1", "2", "3"]


def test_no_test_module_imports_another_test_module():
    """Shared helpers live in ``conftest.py`` files or helper modules (``tests/screen_text.py``,
    ``tests/handover.py``, ``tests/spies.py``, a folder's ``matches.py`` or ``play.py``), never in a
    ``test_*.py`` module: importing one runs its tests' module-level code and ties two files together.
    """
    import ast

    found = []
    for path in sorted(TESTS.rglob("*.py")):
        if "__snapshots__" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                ours = node.level > 0 or (node.module or "").split(".")[0] == "tests"
                names = [node.module or ""] if ours else []
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names if alias.name.split(".")[0] == "tests"]
            else:
                continue
            found += [
                f"{path.relative_to(TESTS)}:{node.lineno} imports {name}"
                for name in names
                if any(part.startswith("test_") for part in name.split("."))
            ]
    assert not found, "\n".join(found)
