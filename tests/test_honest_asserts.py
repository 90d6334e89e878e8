"""A check that no test asserts something that cannot fail.

It reads every test module's syntax tree and reports assertions of these
shapes: ``assert x or True`` (anything or-ed with a true constant),
``assert <true constant>``, ``assert x == x`` (the same expression on both
sides, with no call in it: two calls may well differ), and ``assert len(...) >= 0`` (a length is never negative).
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).parent


def _always_true(test: ast.expr) -> str | None:
    """Why ``test`` can never be false, or None."""
    if isinstance(test, ast.Constant) and test.value:
        return "asserts a true constant"
    if (
        isinstance(test, ast.BoolOp)
        and isinstance(test.op, ast.Or)
        and any(isinstance(v, ast.Constant) and v.value for v in test.values)
    ):
        return "or-ed with a true constant"
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        left, right, op = test.left, test.comparators[0], test.ops[0]
        pure = not any(isinstance(n, ast.Call) for n in ast.walk(left))  # two calls may differ
        if isinstance(op, (ast.Eq, ast.GtE, ast.LtE, ast.Is)) and pure and ast.dump(left) == ast.dump(right):
            return "compares an expression with itself"
        if (
            isinstance(op, ast.GtE)
            and isinstance(left, ast.Call)
            and isinstance(left.func, ast.Name)
            and left.func.id == "len"
            and isinstance(right, ast.Constant)
            and right.value == 0
        ):
            return "a length is never negative"
    return None


def find_hollow_asserts(root: Path = TESTS) -> list[str]:
    """Every assertion under ``root`` that cannot fail, as 'path:line: why'."""
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Assert):
                why = _always_true(node.test)
                if why:
                    found.append(f"{path.relative_to(root)}:{node.lineno}: {why}")
    return found


def test_no_test_asserts_something_that_cannot_fail():
    assert find_hollow_asserts() == []


def test_the_check_catches_each_hollow_shape(tmp_path):
    (tmp_path / "test_x.py").write_text(
        "def test_a(x):\n"
        "    assert x == () or True\n"
        "    assert True\n"
        "    assert x.y == x.y\n"
        "    assert len(x) >= 0\n"
        "    assert x >= 0\n"
        "    assert f(1) == f(1)\n"
    )
    found = find_hollow_asserts(tmp_path)
    assert [f.split(":")[1] for f in found] == ["2", "3", "4", "5"]
