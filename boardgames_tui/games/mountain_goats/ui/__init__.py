"""Mountain Goats screens: the board (mountains, tokens, Big Mountain, dice) and the chooser."""

from __future__ import annotations

from boardgames_tui.ui.board import ActionChooser, GameBoard


def make_board() -> GameBoard:
    """The Mountain Goats board widget."""
    from .board import GoatsBoard

    return GoatsBoard()


def make_chooser() -> ActionChooser:
    """The chooser: distinct moves best first, or groups built by hand."""
    from .chooser import GoatsChooser

    return GoatsChooser()
