"""Penguinramids UI: the board for the shared game screen (the default chooser lists actions)."""

from boardgames_tui.ui.board import GameBoard


def make_board() -> GameBoard:
    """The Penguinramids board widget."""
    from .board import PenguinBoard

    return PenguinBoard(id="penguin-board")


def make_chooser():
    """The list of choices, with PageUp/PageDown for the board."""
    from .chooser import PenguinChooser

    return PenguinChooser()
