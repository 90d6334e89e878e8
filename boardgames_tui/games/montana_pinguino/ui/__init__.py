"""Montaña Pingüino screens: the board (track, runners, cards, hand) and its chooser."""

from __future__ import annotations

from boardgames_tui.ui.board import ActionList, GameBoard


def make_board() -> GameBoard:
    """The Montaña Pingüino board widget (id ``mp-board``)."""
    from .board import MontanaBoard

    return MontanaBoard()


def make_chooser() -> ActionList:
    """The shared numbered list, plus page keys that scroll the board."""
    from .chooser import MontanaChooser

    return MontanaChooser()
