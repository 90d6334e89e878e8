"""The history of finished games (from the launcher) and the per-name statistics."""

from __future__ import annotations

from typing import ClassVar

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Static

from boardgames_tui import i18n
from boardgames_tui.engine.history import (
    PERSON,
    UNKNOWN,
    HistoryEntry,
    NameStats,
    list_history,
    load_entry,
    names_line,
    statistics,
)
from boardgames_tui.engine.match import SaveError, printable
from boardgames_tui.games import GAMES
from boardgames_tui.i18n import N_, _, ngettext

from .footer import StableFooter
from .translated import translated


@translated
class HistoryScreen(Screen[None]):
    """Finished games, newest first: game, date, players, winner, length.

    Enter opens the replay of the highlighted game, x exports it as text,
    s shows the statistics of every name. Files of the history folder that
    cannot be read are named under the table and never opened again here.
    """

    DEFAULT_CSS = """
    HistoryScreen { layout: vertical; }
    HistoryScreen #history-title { padding: 0 1; text-style: bold; background: $accent; color: $text; }
    HistoryScreen:nocolor #history-title { text-style: bold reverse; }
    HistoryScreen #history-table { height: 1fr; }
    HistoryScreen #history-empty { padding: 1 2; }
    HistoryScreen #history-skipped { height: auto; max-height: 2; padding: 0 1; color: $text-warning; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "replay", N_("Replay"), show=True, priority=False),
        Binding("s", "stats", N_("Statistics")),
        Binding("x", "export", N_("Export")),
        Binding("escape,q", "close", N_("Back"), key_display="esc"),
    ]

    def compose(self) -> ComposeResult:
        listing = list_history()
        self.entries: tuple[HistoryEntry, ...] = listing.entries
        yield Static(
            _("Finished games: {count} (Enter: replay)").format(count=len(self.entries)),
            id="history-title",
            markup=False,
        )
        if not self.entries:
            yield Static(
                _("No finished game yet. Every game played to the end is kept here."), id="history-empty"
            )
        table: DataTable = DataTable(id="history-table", cursor_type="row", zebra_stripes=True)
        table.display = bool(self.entries)
        yield table
        if listing.skipped:
            names = "; ".join(f"{printable(n, 30)} ({why})" for n, why in listing.skipped)
            yield Static(_("Not listed: {files}").format(files=names), id="history-skipped", markup=False)
        yield StableFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(_("Game"), _("Date"), _("Players"), _("Winner"), _("Decisions"))
        for i, e in enumerate(self.entries):
            table.add_row(
                Text(e.title),
                Text(e.date()),
                Text(names_line(e.shown_names(), 22)),  # the five columns fit 80 columns
                Text(printable(e.winner_names(), 24)),
                Text(str(e.length), justify="right"),
                key=str(i),
            )
        table.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("replay", "export"):
            return bool(self.entries)
        return True

    def highlighted(self) -> HistoryEntry | None:
        """The entry under the cursor, or None when the history is empty."""
        if not self.entries:
            return None
        row = self.query_one(DataTable).cursor_row
        return self.entries[row] if 0 <= row < len(self.entries) else None

    def _match(self, entry: HistoryEntry):
        try:
            return load_entry(entry)
        except SaveError as exc:
            self.notify(
                _("Cannot open this game: {error}").format(error=i18n.translate_text(str(exc))),
                severity="error",
                timeout=8,
            )
            return None

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_replay()

    def action_replay(self) -> None:
        entry = self.highlighted()
        match = self._match(entry) if entry is not None else None
        if match is not None and entry is not None:
            from .replay import ReplayScreen

            self.app.push_screen(ReplayScreen(match, finished=entry.finished))

    def action_export(self) -> None:
        from boardgames_tui.engine.history import export_to_file

        entry = self.highlighted()
        match = self._match(entry) if entry is not None else None
        if match is None or entry is None:
            return
        try:
            path = export_to_file(match, finished=entry.finished)
        except OSError as exc:
            self.notify(_("Could not export: {error}").format(error=exc), severity="error")
            return
        self.notify(_("Exported to {path}").format(path=path), timeout=6)

    def action_stats(self) -> None:
        self.app.push_screen(StatsScreen(self.entries))

    def action_close(self) -> None:
        self.dismiss(None)


def _share(wins: int, games: int) -> str:
    return f"{wins}/{games} ({round(100 * wins / games)}%)" if games else "-"


def stats_label(stats: NameStats) -> str:
    """The name a block of the statistics is headed with: a person's as typed, else who it was.

    "Beto" (a person), "Beto (PC, Strong)" (a computer player's games under
    that name), "Beto (?)" (games whose history file does not say who sat there).
    """
    from .bot_turns import LEVEL_NAMES

    name = printable(stats.name, 24)
    if stats.kind == PERSON:
        return name
    if stats.kind == UNKNOWN:
        return _("{name} (?)").format(name=name)
    return _("{name} (PC, {level})").format(name=name, level=_(LEVEL_NAMES.get(stats.kind, stats.kind)))


def stats_table(entries: tuple[HistoryEntry, ...]) -> Table:
    """A Rich table: one block per name and kind of player (people first, most games first),
    with a row per game and per seat."""
    table = Table(expand=True, box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(_("Player"), ratio=2)
    table.add_column(_("Where"), ratio=3)
    table.add_column(_("Wins"), justify="right", width=13)
    table.add_column(_("Best"), justify="right", width=6)
    for stats in statistics(entries):
        table.add_row(
            Text(stats_label(stats), style="bold"),
            _("all games"),
            _share(stats.total.wins, stats.total.games),
            "",
        )
        for game_id, tally in sorted(stats.by_game.items()):
            title = GAMES[game_id].title if game_id in GAMES else game_id
            table.add_row(
                "", title, _share(tally.wins, tally.games), "" if tally.best is None else str(tally.best)
            )
        for seat, tally in sorted(stats.by_seat.items()):
            table.add_row(
                "",
                _("seat {letter}").format(letter=chr(ord("A") + seat)),
                _share(tally.wins, tally.games),
                "",
            )
        table.add_section()
    return table


@translated
class StatsScreen(Screen[None]):
    """Per-name statistics over the history: games, wins and win share per game and per seat, best score per game."""

    DEFAULT_CSS = """
    StatsScreen { layout: vertical; }
    StatsScreen #stats-title { padding: 0 1; text-style: bold; background: $accent; color: $text; }
    StatsScreen:nocolor #stats-title { text-style: bold reverse; }
    StatsScreen #stats-scroll { height: 1fr; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "close", N_("Back"), key_display="esc")]

    def __init__(self, entries: tuple[HistoryEntry, ...]) -> None:
        super().__init__()
        self.entries = entries

    def compose(self) -> ComposeResult:
        yield Static(
            ngettext(
                "Statistics of {count} finished game (best: in each game's own score)",
                "Statistics of {count} finished games (best: in each game's own score)",
                len(self.entries),
            ).format(count=len(self.entries)),
            id="stats-title",
            markup=False,
        )
        with VerticalScroll(id="stats-scroll"):
            if self.entries:
                yield Static(stats_table(self.entries), id="stats-table")
                yield Static(
                    _(
                        "A computer player's games are counted apart, as (PC); (?): an older "
                        "history file that does not say who played."
                    )
                    if any(e.seats is None for e in self.entries)
                    else _("A computer player's games are counted apart, as (PC)."),
                    id="stats-note",
                    markup=False,
                )
            else:
                yield Static(_("No finished game yet."), id="stats-empty")
        yield StableFooter()

    def on_mount(self) -> None:
        self.query_one("#stats-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
