"""Misión Chungungo's widgets for the shared game screen (boardgames_tui.ui.board)."""

from __future__ import annotations

from .board import ChungungoBoard
from .chooser import FieldChooser


def make_board() -> ChungungoBoard:
    """The board: players, the asteroid field, a preview line and the seat's hand."""
    return ChungungoBoard(id="mc-board")


def make_chooser() -> FieldChooser:
    """The numbered list of choices whose arrow keys also walk the field's cells."""
    return FieldChooser(id="action-list")


__all__ = ["ChungungoBoard", "FieldChooser", "make_board", "make_chooser"]
