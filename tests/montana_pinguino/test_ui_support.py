"""Shared helpers of the Montaña Pingüino UI tests: real engine states in every phase,
and a tiny App that mounts the board and its chooser with a BoardContext."""

from __future__ import annotations

import random
from typing import Any, Iterator

from textual.binding import Binding
from textual.app import App, ComposeResult

from boardgames_tui.engine import Match
from boardgames_tui.games import GAMES
from boardgames_tui.games.montana_pinguino import rules as R
from boardgames_tui.games.montana_pinguino.ui import make_board, make_chooser
from boardgames_tui.ui.board import BoardContext

SPEC = GAMES["montana_pinguino"]
NAMES = ("Ana", "Beto", "Carla", "Diego")


def random_states(players: int, seed: int, options: dict | None = None, limit: int = 400) -> Iterator[Any]:
    """Every state of one seeded random game (the full states, not views)."""
    rnd = random.Random(seed)
    state = SPEC.new_game(players, seed, **(options or {}))
    yield state
    for _ in range(limit):
        if state.is_terminal:
            return
        seat = state.to_move[0] if len(state.to_move) == 1 else rnd.choice(state.to_move)
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
        yield state


def ctx_for(state: Any, seat: int | None) -> BoardContext:
    """The context the shared GameScreen would give the board for ``seat``."""
    legal = state.legal_actions(seat) if seat is not None and not state.is_terminal else []
    return BoardContext(view=state.view(seat), seat=seat, names=NAMES[: state.players], legal=legal)


def play_until(state: Any, pred, seed: int = 0, limit: int = 2000) -> Any:
    """Random legal play from ``state`` until ``pred(state)``; AssertionError if never."""
    rnd = random.Random(seed)
    for _ in range(limit):
        if pred(state):
            return state
        assert not state.is_terminal, "the game ended first"
        seat = state.to_move[0]
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    raise AssertionError("state not reached")


class BoardApp(App[None]):
    """Mounts the Montaña board and chooser as the GameScreen does (board above, list below)."""

    CSS = "Screen { layout: vertical; }"

    #: The game screen's board-scrolling keys (it binds them for boards that scroll).
    BINDINGS = [
        Binding("pagedown", "board_page(1)", priority=True),
        Binding("pageup", "board_page(-1)", priority=True),
    ]

    def action_board_page(self, direction: int) -> None:
        self.board.page(direction)

    def __init__(self, ctx: BoardContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.board = make_board()
        self.chooser = make_chooser()

    def compose(self) -> ComposeResult:
        yield self.board
        yield self.chooser

    def on_mount(self) -> None:
        self.show(self.ctx)

    def show(self, ctx: BoardContext) -> None:
        self.ctx = ctx
        self.board.show(ctx)
        self.chooser.set_choices(ctx, self.board)
        self.chooser.display = bool(ctx.legal)
