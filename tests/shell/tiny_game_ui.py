"""A plain board for the test game: the seat's own hand and everyone's public facts."""

from textual.widgets import Static

from boardgames_tui.ui.board import BoardContext, GameBoard


class VetoBoard(GameBoard):
    def compose(self):
        yield Static("", id="veto-text", markup=False)

    def show(self, ctx: BoardContext) -> None:
        v = ctx.view
        lines = [f"Round {min(v.round, 3)}"]
        for s in range(v.n):
            hand = " ".join("?" if c < 0 else ("Veto" if c == 0 else str(c)) for c in v.hands[s])
            pick = v.picks[s]
            shown = "-" if pick is None else ("?" if pick < 0 else str(pick))
            lines.append(f"{ctx.who(s)}: hand {hand}  pick {shown}  points {v.points[s]}")
        self.query_one("#veto-text", Static).update("\n".join(lines))


def make_board() -> GameBoard:
    return VetoBoard()
