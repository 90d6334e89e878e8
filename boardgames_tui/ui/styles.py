"""Stylesheets kept in ``.tcss`` files beside the widgets they style."""

from __future__ import annotations

from pathlib import Path


def tcss(module_file: str, name: str) -> str:
    """The text of the stylesheet ``name`` in the folder of ``module_file`` (a module's ``__file__``).

    Used as a widget's ``DEFAULT_CSS``, so the rules keep the low priority of
    default styles (the app's CSS and a user's still win). The files ship as
    package data (``*.tcss`` in pyproject). Raises OSError if the file is
    missing, at import: a broken install shows at once, not as an unstyled
    screen.
    """
    return (Path(module_file).parent / name).read_text(encoding="utf-8")
