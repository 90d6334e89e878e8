"""Fixtures of the history and language tests."""

import pytest

from boardgames_tui import i18n
from boardgames_tui.ui.translated import apply_language


@pytest.fixture
def spanish():
    """Speak Spanish for one test, note every message looked up without a translation, then English again."""
    i18n.missing = set()
    apply_language("es")
    yield i18n.missing
    apply_language("en")
    i18n.missing = None
