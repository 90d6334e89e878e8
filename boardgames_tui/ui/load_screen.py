"""Pick a saved game from the saves folder."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from boardgames_tui.engine.match import saves_dir


class LoadScreen(ModalScreen[Path | None]):
    """Lists saves newest first; dismisses with the chosen path or None."""

    DEFAULT_CSS = """
    LoadScreen { align: center middle; }
    LoadScreen #load-box { width: 70; height: auto; max-height: 20; border: round $accent; background: $panel; }
    LoadScreen OptionList { height: auto; max-height: 16; border: none; }
    """

    BINDINGS = [Binding("escape", "cancel", "Back"), Binding("q", "cancel", "Back", show=False)]

    def compose(self) -> ComposeResult:
        files = sorted(saves_dir().glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        self.files = files
        with Vertical(id="load-box"):
            yield Static(f"Saved games in {saves_dir()}", markup=False)
            yield OptionList(*[Option(p.name, id=str(i)) for i, p in enumerate(files)], id="load-list")

    def on_mount(self) -> None:
        self.query_one("#load-list").focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.files[int(event.option.id or 0)])

    def action_cancel(self) -> None:
        self.dismiss(None)
