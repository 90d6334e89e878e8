"""Every import-linter contract in pyproject.toml is kept (docs/architecture.md, Layout).

The contracts (the engine, every game's rules and data and the computer players import neither
textual nor rich; the engine does not import the games; and whatever is added later) are read from
pyproject.toml, so a new contract is checked without this test changing.
"""

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def contracts() -> list[str]:
    """The names of the contracts configured in pyproject.toml's ``[tool.importlinter]``."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return [c["name"] for c in config["tool"]["importlinter"]["contracts"]]


def test_every_import_contract_is_kept():
    lint = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    said = result.stdout + result.stderr
    assert result.returncode == 0, said
    counted = re.search(r"(\d+) kept, (\d+) broken", said)
    assert counted, said
    assert (int(counted[1]), int(counted[2])) == (len(contracts()), 0), said
    assert contracts(), "pyproject.toml names no contract"
