"""A tiny app that mounts one game's board and chooser the way GameScreen does.

Widget tests use it to draw a board from a real engine state without the
whole shell: ``BoardHarness(make_board(), ActionList(), state, seat, names)``.
"""

from textual.app import App, ComposeResult

from boardgames_tui.ui.board import ActionChosen, ActionPreview, BoardContext


class BoardHarness(App):
    """Shows ``state.view(seat)``; records chosen actions in ``chosen``."""

    def __init__(self, board, chooser, state, seat=0, names=("Ana", "Beto", "Carla", "Diego", "Elena")):
        super().__init__()
        self.board = board
        self.chooser = chooser
        self.state = state
        self.seat = seat
        self.names = tuple(names)
        self.chosen = []

    def compose(self) -> ComposeResult:
        yield self.board
        yield self.chooser

    def on_mount(self) -> None:
        self.refresh_ctx()

    def refresh_ctx(self) -> None:
        """Redraw from the current ``state`` and ``seat``."""
        ctx = BoardContext(
            self.state.view(self.seat),
            self.seat,
            self.names[: self.state.players],
            self.state.legal_actions(self.seat),
        )
        self.board.show(ctx)
        self.chooser.set_choices(ctx, self.board)
        self.chooser.focus()

    def on_action_chosen(self, message: ActionChosen) -> None:
        self.chosen.append(message.action)

    def on_action_preview(self, message: ActionPreview) -> None:
        # Previews go to the screen and on to the app: one may still arrive while the app
        # takes its widgets down at the end of a test.
        if self.board.is_attached:
            self.board.preview(message.action)
