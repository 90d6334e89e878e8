"""Pick a saved game or an earlier unfinished (autosaved) game."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from boardgames_tui.engine.match import autosave_dir, save_summary, saves_dir, scan_saves
from boardgames_tui.i18n import N_, _

from .translated import translated


def kind_label(autosave: bool) -> str:
    """How the load list heads a file: "unfinished" for an autosave, "saved" for a save, translated."""
    return _("unfinished") if autosave else _("saved")


@translated
class LoadScreen(ModalScreen["tuple[Path, bool] | None"]):
    """Lists saves and autosaves, newest first, each with its game, players and size.

    Only files that may be read are listed (see ``scan_saves``); a line under
    the list names the rest of the ``*.json`` entries (links to nothing,
    FIFOs, folders, huge or unreadable files), which are never opened.
    Dismisses with (path, is_autosave) or None.
    """

    DEFAULT_CSS = """
    LoadScreen { align: center middle; }
    LoadScreen #load-box { width: 76; height: auto; max-height: 22; border: round $accent; background: $panel; }
    LoadScreen OptionList { height: auto; max-height: 18; border: none; }
    LoadScreen #load-skipped { color: $text-warning; max-height: 3; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "cancel", N_("Back"), key_display="esc")]

    def compose(self) -> ComposeResult:
        unfinished, saved = scan_saves(autosave_dir()), scan_saves(saves_dir())
        self.files: list[tuple[Path, bool]] = [(p, True) for p in unfinished.files] + [
            (p, False) for p in saved.files
        ]
        skipped = [line for line in (unfinished.skipped_line(), saved.skipped_line()) if line]
        with Vertical(id="load-box"):
            yield Static(
                _("Choose a game (Escape: back)") if self.files else _("No saved games (Escape: back)"),
                markup=False,
            )
            yield OptionList(
                *[
                    Option(f"{kind_label(auto):<10} {save_summary(p)}", id=str(i))
                    for i, (p, auto) in enumerate(self.files)
                ],
                id="load-list",
                markup=False,  # summaries hold player names
            )
            if skipped:
                yield Static(
                    _("Not listed: {files}").format(files="; ".join(skipped)), id="load-skipped", markup=False
                )

    def on_mount(self) -> None:
        self.query_one("#load-list").focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.files[int(event.option.id or 0)])

    def action_cancel(self) -> None:
        self.dismiss(None)
