"""The seats dialog (menu, "Seats"): who plays each seat, a person or a computer player.

A player leaving the table hands their seat to a computer player; one
joining takes a computer player's seat back. The game itself goes on
unchanged from where it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from boardgames_tui.engine import seat_letter
from boardgames_tui.engine.match import SEAT_KINDS
from boardgames_tui.i18n import N_, _

from .bot_turns import kind_name
from .translated import translated


def next_kind(kind: str) -> str:
    """The kind after ``kind`` in the cycle Human, Random, Greedy, Strong, Human."""
    return SEAT_KINDS[(SEAT_KINDS.index(kind) + 1) % len(SEAT_KINDS)]


@translated
class SeatsScreen(ModalScreen[tuple[str, ...] | None]):
    """Lists the seats; Enter (or the seat's digit) changes who plays it.

    Dismisses with the new seat kinds on "Done" (or ``d``), None on Escape.
    """

    DEFAULT_CSS = """
    SeatsScreen { align: center middle; }
    SeatsScreen #seats-box { width: 64; height: auto; border: round $accent; background: $panel; padding: 0 1; }
    SeatsScreen OptionList { height: auto; border: none; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel")),
        Binding("d", "done", N_("Done")),
        *(Binding(str(i + 1), f"cycle({i})", show=False) for i in range(5)),
    ]

    def __init__(self, names: Sequence[str], seats: Sequence[str]) -> None:
        super().__init__()
        self.names = tuple(names)
        self.seats = list(seats)

    def compose(self) -> ComposeResult:
        with Vertical(id="seats-box"):
            yield Static(_("[b]Seats[/b]: Enter or a digit changes who plays a seat."))
            yield OptionList(*self._options(), id="seats-list")

    def _options(self) -> list[Option]:
        rows = [
            Option(Text(f"{i + 1} {seat_letter(i)} {name}: {kind_name(self.seats[i])}"), id=f"seat-{i}")
            for i, name in enumerate(self.names)
        ]
        return rows + [Option(_("Done (d)"), id="done")]

    def on_mount(self) -> None:
        self.query_one("#seats-list").focus()

    def _redraw(self) -> None:
        options = self.query_one("#seats-list", OptionList)
        highlighted = options.highlighted
        options.clear_options()
        options.add_options(self._options())
        options.highlighted = highlighted

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        key = event.option.id or "done"
        if key == "done":
            self.action_done()
        else:
            self.action_cycle(int(key.split("-")[1]))

    def action_cycle(self, seat: int) -> None:
        """Change who plays ``seat`` to the next kind."""
        if 0 <= seat < len(self.seats):
            self.seats[seat] = next_kind(self.seats[seat])
            self._redraw()

    def action_done(self) -> None:
        self.dismiss(tuple(self.seats))

    def action_cancel(self) -> None:
        self.dismiss(None)
