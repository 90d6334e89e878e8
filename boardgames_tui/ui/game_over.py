"""The game-over screen: scores with their breakdown, the deciding tie-break, play again."""

from __future__ import annotations

from typing import Sequence

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from boardgames_tui.engine import Outcome, seat_letter

from .keygate import GatedScreen
from .styles import tcss

CHOICES = (
    ("launcher", "Back to the launcher"),
    ("board", "Look at the final table (g brings the scores back)"),
    ("again", "Play again (same players and options)"),
    ("quit", "Quit"),
)


def outcome_table(outcome: Outcome, names: Sequence[str], measure: str = "score") -> Table:
    """A Rich table: one row per seat, best first, with breakdown lines."""
    table = Table(expand=True, box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("", width=3)
    table.add_column("Player", ratio=1)
    table.add_column(measure.capitalize(), justify="right", width=7)
    table.add_column("Breakdown", ratio=3)
    order = list(outcome.order) or sorted(
        range(len(names)), key=lambda s: (s not in outcome.winners, -outcome.scores[s], s)
    )
    for seat in order:
        mark = Text("WIN", style="bold reverse") if seat in outcome.winners else Text("")
        who = Text(f"{seat_letter(seat)} {names[seat]}", style="bold" if seat in outcome.winners else "")
        lines = outcome.breakdown[seat] if seat < len(outcome.breakdown) else ()
        table.add_row(mark, who, str(outcome.scores[seat]), Text("\n".join(lines)))  # Text: no markup
        table.add_section()
    return table


class GameOverScreen(GatedScreen, Screen[str]):
    """Dismisses with 'launcher', 'board', 'again' or 'quit'.

    Keys go through the key gate (:mod:`.keygate`): keys typed for the last
    move do not skip past the results.
    """

    DEFAULT_CSS = tcss(__file__, "game_over.tcss")

    BINDINGS = [
        Binding("p", "choose('again')", "Play again"),
        Binding("l", "choose('launcher')", "Launcher"),
        Binding("q", "choose('quit')", "Quit"),
        Binding("g", "choose('board')", "Final table"),
        Binding("pagedown", "scroll_table(1)", "Scroll", show=False, priority=True),
        Binding("pageup", "scroll_table(-1)", "Scroll", show=False, priority=True),
    ] + [Binding(str(i + 1), f"choose('{key}')", show=False) for i, (key, _) in enumerate(CHOICES)]

    def __init__(self, title: str, outcome: Outcome, names: Sequence[str]) -> None:
        super().__init__()
        self.game_title = title
        self.outcome = outcome
        self.names = tuple(names)

    def compose(self) -> ComposeResult:
        winners = " and ".join(f"{seat_letter(s)} {self.names[s]}" for s in self.outcome.winners)
        verb = "win" if len(self.outcome.winners) > 1 else "wins"
        yield Static(f"{self.game_title}: game over. {winners} {verb}!", id="over-title", markup=False)
        with VerticalScroll(id="over-scroll"):
            notes = []
            if self.outcome.ending:
                notes.append(f"Why it ended: {self.outcome.ending}")
            notes.append(f"Tie-break: {self.outcome.tiebreak}" if self.outcome.tiebreak else "No tie-break was needed.")
            yield Static("\n".join(notes), id="over-notes", markup=False)
            yield Static(outcome_table(self.outcome, self.names), id="over-table")
        with Vertical(id="over-box"):
            yield OptionList(
                *[Option(f"{i + 1} {label}", id=key) for i, (key, label) in enumerate(CHOICES)],
                id="over-choices",
            )
        yield Static("PageUp / PageDown scroll the scores.", id="over-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#over-choices").focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id or "launcher")

    def action_scroll_table(self, direction: int) -> None:
        scroll = self.query_one("#over-scroll", VerticalScroll)
        scroll.scroll_page_down() if direction > 0 else scroll.scroll_page_up()

    def action_choose(self, key: str) -> None:
        self.dismiss(key)
