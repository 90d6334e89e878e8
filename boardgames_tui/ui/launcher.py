"""The launcher: every registered game, Continue, Load and Quit."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from boardgames_tui.engine.match import (
    SaveListing,
    autosave_dir,
    clean_stale_temp_files,
    save_summary,
    saves_dir,
    scan_saves,
)
from boardgames_tui.engine.spec import GameSpec
from boardgames_tui.games import GAMES
from boardgames_tui.i18n import N_, _

from .footer import StableFooter
from .shell import shell_of
from .styles import tcss
from .translated import translated

BANNER = N_("boardgames-tui: four tabletop games for one shared keyboard")


def seat_count(spec: GameSpec) -> str:
    """'2-5 players' or '2-4 runners', in the current language."""
    text = _("{low}-{high} runners") if spec.seat_word == "runner" else _("{low}-{high} players")
    return text.format(low=spec.min_players, high=spec.max_players)


@translated
class LauncherScreen(Screen[None]):
    """Lists the games (title, player count, pitch); Continue when an autosave exists.

    The data folder may hold anything (links to nothing, FIFOs or folders
    named ``*.json``, huge files): only files that may be read are offered,
    and a line under the list names what was skipped. Nothing here opens a
    file that could block.
    """

    DEFAULT_CSS = tcss(__file__, "launcher.tcss")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "quit_app", N_("Quit")),
        Binding("c", "continue_game", N_("Continue")),
        Binding("h", "open('history')", N_("History")),
        Binding("s", "open('settings')", N_("Settings")),
        Binding("f1,question_mark", "help", N_("Rules"), show=False),
        *(Binding(str(i + 1), f"pick({i})", show=False) for i in range(9)),
    ]

    def compose(self) -> ComposeResult:
        yield Static(_(BANNER), id="launcher-title")
        yield Static(
            _("Arrows and Enter, or a digit. Each game has its rules on F1 or ?."),
            id="launcher-help",
        )
        yield OptionList(id="launcher-list")
        yield Static("", id="launcher-skipped", markup=False)
        yield StableFooter()

    def on_mount(self) -> None:
        clean_stale_temp_files()  # left by a write that was killed before its rename
        self.refresh_entries()

    def on_screen_resume(self) -> None:
        # The language may have changed in the settings meanwhile.
        self.query_one("#launcher-title", Static).update(_(BANNER))
        self.query_one("#launcher-help", Static).update(
            _("Arrows and Enter, or a digit. Each game has its rules on F1 or ?.")
        )
        self._bindings = type(self)._merged_bindings.copy()  # type: ignore[union-attr]  # merged when the class was made; the footer in the new language
        self.refresh_entries()

    def entries(self) -> list[tuple[str, str | Text]]:
        """(id, label) of every line: games, then continue/load/quit."""
        out: list[tuple[str, str | Text]] = []
        for spec in GAMES.values():
            count = seat_count(spec)
            label = Text.assemble((f"{spec.title:<19}", "bold"), count, "\n  ", (_(spec.pitch), "italic"))
            out.append((f"game:{spec.id}", label))
        auto, saved = self._listings = scan_saves(autosave_dir()), scan_saves(saves_dir())
        if auto.files:
            out.append(("continue", _("Continue: {game}").format(game=save_summary(auto.files[0]))))
        if len(auto.files) > 1 or saved.files:
            out.append(("load", _("Load a saved or earlier unfinished game")))
        out.append(("history", _("Finished games: replays and statistics")))
        out.append(("settings", _("Settings: language, theme, pace")))
        out.append(("quit", _("Quit")))
        return out

    def skipped_line(self) -> str:
        """One line naming what the data folder holds that is not listed ("" when nothing)."""
        auto, saved = getattr(self, "_listings", (SaveListing(), SaveListing()))
        skipped = SaveListing(skipped=auto.skipped + saved.skipped)
        prefix = (
            _("Skipped {count} files: ").format(count=len(skipped.skipped))
            if len(skipped.skipped) > 1
            else _("Skipped: ")
        )
        return prefix + skipped.skipped_line(76 - len(prefix)) if skipped.skipped else ""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue_game":
            return any(key == "continue" for key, _ in getattr(self, "_entries", ()))
        return True

    def refresh_entries(self) -> None:
        options = self.query_one("#launcher-list", OptionList)
        highlighted = options.highlighted
        options.clear_options()
        self._entries = self.entries()
        options.add_options(
            [
                Option(Text.assemble(f"{i + 1} " if i < 9 else "  ", label), id=key)
                for i, (key, label) in enumerate(self._entries)
            ]
        )
        options.highlighted = (
            highlighted if highlighted is not None and highlighted < len(self._entries) else 0
        )
        skipped = self.skipped_line()
        note = self.query_one("#launcher-skipped", Static)
        note.update(skipped)
        note.set_class(bool(skipped), "-shown")
        note.tooltip = skipped or None
        options.focus()
        self.refresh_bindings()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.activate(event.option.id or "")

    def action_pick(self, index: int) -> None:
        if index < len(self._entries):
            self.activate(self._entries[index][0])

    def activate(self, key: str) -> None:
        app = self.app
        if key.startswith("game:"):
            shell_of(self).open_setup(key.split(":", 1)[1])
        elif key == "continue":
            shell_of(self).continue_game()
        elif key == "load":
            from .load_screen import LoadScreen

            app.push_screen(LoadScreen(), self._loaded)
        elif key == "history":
            from .history_screen import HistoryScreen

            app.push_screen(HistoryScreen())
        elif key == "settings":
            from .settings import SettingsScreen

            app.push_screen(SettingsScreen())
        elif key == "quit":
            app.exit()

    def _loaded(self, choice: tuple[Path, bool] | None) -> None:
        if choice is not None:
            path, is_autosave = choice
            shell_of(self).load_game(path, resume=is_autosave)

    def action_open(self, key: str) -> None:
        self.activate(key)

    def action_continue_game(self) -> None:
        shell_of(self).continue_game()

    def action_quit_app(self) -> None:
        self.app.exit()

    def action_help(self) -> None:
        self.notify(_("Pick a game, then press F1 or ? during play for its rules."), timeout=4)
