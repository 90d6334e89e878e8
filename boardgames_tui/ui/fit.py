"""Player names cut to a width in terminal columns, with a mark that they were cut."""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size


def fit_name(name: str, width: int) -> str:
    """``name`` in at most ``width`` columns (wide letters count two); a cut name ends in ".".

    The result is never padded; ``width`` < 1 gives "". Names are shown as typed elsewhere
    (``engine/names.py`` allows 20 columns), so a table cell that has less room says so
    with the dot instead of silently dropping letters.
    """
    if width < 1:
        return ""
    if cell_len(name) <= width:
        return name
    return set_cell_size(name, width - 1).rstrip() + "."
