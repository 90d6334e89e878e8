"""The rules viewer (F1 or ?): a game's rules.md, Table notes included."""

from __future__ import annotations

from textual.app import ComposeResult

from boardgames_tui.i18n import N_, _
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

from .translated import translated


@translated
class RulesScreen(ModalScreen[None]):
    """Scrollable Markdown rules; Escape, q or F1 closes it."""

    DEFAULT_CSS = """
    RulesScreen { background: $background; }
    RulesScreen #rules-scroll { height: 1fr; padding: 0 1; }
    """

    BINDINGS = [
        Binding("escape", "close", N_("Close")),
        Binding("q", "close", N_("Close"), show=False),
        Binding("f1", "close", N_("Close"), show=False),
        Binding("question_mark", "close", N_("Close"), show=False),
        Binding("pagedown", "page(1)", N_("Page down"), show=False),
        Binding("pageup", "page(-1)", N_("Page up"), show=False),
    ]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.rules_title = title
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules-scroll"):
            yield Markdown(self.text, id="rules-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_page(self, direction: int) -> None:
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        if direction > 0:
            scroll.scroll_page_down()
        else:
            scroll.scroll_page_up()
