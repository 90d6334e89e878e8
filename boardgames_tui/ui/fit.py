"""Player names cut to a width in terminal columns, with a mark that they were cut."""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size

from boardgames_tui.engine.names import computer_mark


def fit_name(name: str, width: int) -> str:
    """``name`` in at most ``width`` columns (wide letters count two); a cut name ends in ".".

    The result is never padded; ``width`` < 1 gives "". Names are shown as typed elsewhere
    (``engine/names.py`` allows 20 columns), so a table cell that has less room says so
    with the dot instead of silently dropping letters. A computer player's marked name
    ("Beto (PC)", :func:`~boardgames_tui.engine.names.marked_names`) keeps its mark.
    """
    if width < 1:
        return ""
    if cell_len(name) <= width:
        return name
    mark = computer_mark()
    if name.endswith(mark) and width >= cell_len(mark.strip()):
        # A computer player's seat keeps its mark whole: the name gives way first, and
        # with no room left the mark alone stands beside the seat letter ("B (PC)").
        room = width - cell_len(mark)
        base = name[: -len(mark)]
        return fit_name(base, room) + mark if room >= 2 else mark.strip()
    return set_cell_size(name, width - 1).rstrip() + "."
