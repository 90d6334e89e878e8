"""Shared fixtures: every test gets its own empty data folder for saves."""

import pytest


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path, monkeypatch):
    """Point BOARDGAMES_TUI_HOME at a fresh folder so tests never touch real saves."""
    home = tmp_path / "bgt-home"
    monkeypatch.setenv("BOARDGAMES_TUI_HOME", str(home))
    return home
