"""The game-over screen: scores with their breakdown, the deciding tie-break, play again."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich import box
from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from boardgames_tui import i18n
from boardgames_tui.engine import Outcome, seat_letter
from boardgames_tui.i18n import N_, _, ngettext

from .footer import StableFooter
from .keygate import GatedScreen
from .styles import tcss
from .translated import translated

CHOICES = (
    ("launcher", N_("Back to the launcher")),
    ("board", N_("Look at the final table (g brings the scores back)")),
    ("again", N_("Play again (same players and options)")),
    ("quit", N_("Quit")),
)


def outcome_table(outcome: Outcome, names: Sequence[str], measure: str = N_("score")) -> Table:
    """A Rich table: one row per seat, best first, with breakdown lines."""
    table = Table(expand=True, box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("", width=max(3, cell_len(_("WIN"))))  # "GANA" whole in Spanish
    table.add_column(_("Player"), ratio=1)
    table.add_column(_(measure).capitalize(), justify="right", width=7)
    table.add_column(_("Breakdown"), ratio=3)
    order = list(outcome.order) or sorted(
        range(len(names)), key=lambda s: (s not in outcome.winners, -outcome.scores[s], s)
    )
    for seat in order:
        mark = Text(_("WIN"), style="bold reverse") if seat in outcome.winners else Text("")
        who = Text(f"{seat_letter(seat)} {names[seat]}", style="bold" if seat in outcome.winners else "")
        lines = outcome.breakdown[seat] if seat < len(outcome.breakdown) else ()
        table.add_row(
            mark, who, str(outcome.scores[seat]), Text("\n".join(i18n.translate_text(line) for line in lines))
        )  # Text: no markup
        table.add_section()
    return table


@translated
class GameOverScreen(GatedScreen, Screen[str]):
    """Dismisses with 'launcher', 'board', 'again' or 'quit' (the ids of :attr:`CHOICES`).

    A screen with other choices is a subclass with its own ``CHOICES`` and
    ``BINDINGS``, declared with ``inherit_bindings=False``.

    Keys go through the key gate (:mod:`.keygate`): keys typed for the last
    move do not skip past the results.
    """

    DEFAULT_CSS = tcss(__file__, "game_over.tcss")

    #: (id, label) of each choice, in order.
    CHOICES: ClassVar[tuple[tuple[str, str], ...]] = CHOICES

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "choose('again')", N_("Play again")),
        # Not "l": on the final table of this same game "l" is the log (one key, one meaning).
        Binding("b", "choose('launcher')", N_("Launcher")),
        Binding("q", "choose('quit')", N_("Quit")),
        Binding("g", "choose('board')", N_("Final table")),
        Binding("pagedown", "scroll_table(1)", N_("Scroll"), show=False, priority=True),
        Binding("pageup", "scroll_table(-1)", N_("Scroll"), show=False, priority=True),
        *(Binding(str(i + 1), f"choose('{key}')", show=False) for i, (key, _) in enumerate(CHOICES)),
    ]

    def __init__(self, title: str, outcome: Outcome, names: Sequence[str]) -> None:
        super().__init__()
        self.game_title = title
        self.outcome = outcome
        self.names = tuple(names)

    def compose(self) -> ComposeResult:
        winners = _(" and ").join(f"{seat_letter(s)} {self.names[s]}" for s in self.outcome.winners)
        title = ngettext(
            "{title}: game over. {winners} wins!",
            "{title}: game over. {winners} win!",
            len(self.outcome.winners),
        )
        yield Static(title.format(title=self.game_title, winners=winners), id="over-title", markup=False)
        with VerticalScroll(id="over-scroll"):
            notes = []
            if self.outcome.ending:
                notes.append(
                    _("Why it ended: {ending}").format(ending=i18n.translate_text(self.outcome.ending))
                )
            notes.append(
                _("Tie-break: {tiebreak}").format(tiebreak=i18n.translate_text(self.outcome.tiebreak))
                if self.outcome.tiebreak
                else _("No tie-break was needed.")
            )
            yield Static("\n".join(notes), id="over-notes", markup=False)
            yield Static(outcome_table(self.outcome, self.names), id="over-table")
        with Vertical(id="over-box"):
            yield OptionList(
                *[Option(f"{i + 1} {_(label)}", id=key) for i, (key, label) in enumerate(self.CHOICES)],
                id="over-choices",
            )
        yield Static(_("PageUp / PageDown scroll the scores."), id="over-hint")
        yield StableFooter()

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
