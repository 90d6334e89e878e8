"""The launcher: every registered game, Continue, Load and Quit."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from boardgames_tui.engine.match import autosave_path, autosaves, save_summary, saves_dir
from boardgames_tui.games import GAMES

BANNER = "boardgames-tui: four tabletop games for one shared keyboard"


class LauncherScreen(Screen[None]):
    """Lists the games (title, player count, pitch); Continue when an autosave exists."""

    DEFAULT_CSS = """
    LauncherScreen { layout: vertical; }
    LauncherScreen #launcher-title { padding: 1 2 0 2; text-style: bold; }
    LauncherScreen #launcher-help { padding: 0 2 1 2; color: $text-muted; }
    LauncherScreen #launcher-list { height: 1fr; margin: 0 0; border: round $accent; padding: 0 0; }
    """

    BINDINGS = [
        Binding("q", "quit_app", "Quit"),
        Binding("c", "continue_game", "Continue"),
        Binding("f1", "help", "Rules", show=False),
        Binding("question_mark", "help", "Rules", show=False),
    ] + [Binding(str(i + 1), f"pick({i})", show=False) for i in range(9)]

    def compose(self) -> ComposeResult:
        yield Static(BANNER, id="launcher-title")
        yield Static(
            "Arrows and Enter, or a digit. Each game has its rules on F1 or ?.",
            id="launcher-help",
        )
        yield OptionList(id="launcher-list")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_entries()

    def on_screen_resume(self) -> None:
        self.refresh_entries()

    def entries(self) -> list[tuple[str, str | Text]]:
        """(id, label) of every line: games, then continue/load/quit."""
        out: list[tuple[str, str | Text]] = []
        for spec in GAMES.values():
            count = f"{spec.min_players}-{spec.max_players} {spec.seat_word}s"
            label = Text.assemble((f"{spec.title:<19}", "bold"), count, "\n  ", (spec.pitch, "italic"))
            out.append((f"game:{spec.id}", label))
        latest = autosave_path()
        if latest is not None:
            out.append(("continue", f"Continue: {save_summary(latest)}"))
        if len(autosaves()) > 1 or (saves_dir().exists() and any(saves_dir().glob("*.json"))):
            out.append(("load", "Load a saved or earlier unfinished game"))
        out.append(("quit", "Quit"))
        return out

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue_game":
            return autosave_path() is not None
        return True

    def refresh_entries(self) -> None:
        options = self.query_one("#launcher-list", OptionList)
        highlighted = options.highlighted
        options.clear_options()
        self._entries = self.entries()
        options.add_options(
            [Option(Text.assemble(f"{i + 1} " if i < 9 else "  ", label), id=key) for i, (key, label) in enumerate(self._entries)]
        )
        options.highlighted = highlighted if highlighted is not None and highlighted < len(self._entries) else 0
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
            app.open_setup(key.split(":", 1)[1])  # type: ignore[attr-defined]
        elif key == "continue":
            app.continue_game()  # type: ignore[attr-defined]
        elif key == "load":
            from .load_screen import LoadScreen

            app.push_screen(LoadScreen(), self._loaded)
        elif key == "quit":
            app.exit()

    def _loaded(self, choice: tuple[Path, bool] | None) -> None:
        if choice is not None:
            path, is_autosave = choice
            self.app.load_game(path, resume=is_autosave)  # type: ignore[attr-defined]

    def action_continue_game(self) -> None:
        self.app.continue_game()  # type: ignore[attr-defined]

    def action_quit_app(self) -> None:
        self.app.exit()

    def action_help(self) -> None:
        self.notify("Pick a game, then press F1 or ? during play for its rules.", timeout=4)
