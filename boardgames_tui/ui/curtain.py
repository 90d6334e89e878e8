"""The hot-seat curtain: covers the screen until the named player alone is looking."""

from __future__ import annotations

from textual.app import ComposeResult

from boardgames_tui.i18n import N_, _
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from .footer import StableFooter
from .keygate import GatedScreen, KeyGate
from .translated import translated
from .styles import tcss


@translated
class CurtainScreen(GatedScreen, Screen[bool]):
    """A full-screen cover naming the next player; shows nothing private.

    Dismisses with True on Enter (the player is looking) and False on
    Escape/m (open the menu instead). Its keys go through the key gate
    (:mod:`.keygate`): only a key pressed after the curtain was drawn, and
    not in a burst with the key that ended the last decision, lifts it.
    """

    DEFAULT_CSS = tcss(__file__, "curtain.tcss")

    BINDINGS = [
        Binding("enter,space", "reveal", N_("I am alone: show my seat"), key_display="⏎"),
        Binding("escape,m", "menu", N_("Menu"), key_display="esc"),
        Binding("f1,question_mark", "rules", N_("Rules"), key_display="f1"),
        Binding("pageup", "scroll_recent(-1)", show=False),
        Binding("pagedown", "scroll_recent(1)", show=False),
    ]

    #: At most this many lines of what happened since the last hand-over.
    RECENT_LINES = 200

    def __init__(
        self, who: str, reason: str = "", rules: tuple[str, str] | None = None, recent: list[str] | None = None
    ) -> None:
        super().__init__()
        self.who = who
        self.reason = reason
        self.rules = rules
        self.recent = list(recent or [])

    def compose(self) -> ComposeResult:
        with Vertical(id="curtain-box"):
            yield Static(_("Pass the keyboard to"))
            yield Static(id="curtain-name", markup=False)
            yield Static(id="curtain-reason", markup=False)
            yield Static(_("Everyone else, look away.\nPress Enter when only this player is looking."))
            # Public facts only (the log's public text): what the whole table saw happen.
            yield Static(_("Since the last hand-over, for everyone (PageUp/PageDown):"), id="curtain-recent-title")
            with VerticalScroll(id="curtain-recent-scroll", can_focus=False):
                yield Static(id="curtain-recent", markup=False)
        yield StableFooter()

    def on_mount(self) -> None:
        self._fill()

    def show_for(self, who: str, reason: str = "", recent: list[str] | None = None) -> None:
        """Name another player (and why, and what the table saw since): the same screen, kept
        by the game screen, serves every hand-over (building one each time, and removing it
        after, cost two whole-screen layouts per lifted curtain)."""
        self.who, self.reason, self.recent = who, reason, list(recent or [])
        if self.is_mounted:
            self._fill()

    def _fill(self) -> None:
        self.query_one("#curtain-name", Static).update(f" {self.who} ")
        reason = self.query_one("#curtain-reason", Static)
        reason.update(self.reason)
        reason.display = bool(self.reason)
        self.query_one("#curtain-recent", Static).update("\n".join(self.recent[-self.RECENT_LINES :]))
        for selector in ("#curtain-recent-title", "#curtain-recent-scroll"):
            self.query_one(selector).display = bool(self.recent)
        scroll = self.query_one("#curtain-recent-scroll", VerticalScroll)
        scroll.call_after_refresh(scroll.scroll_end, animate=False)

    def action_scroll_recent(self, direction: int) -> None:
        for scroll in self.query("#curtain-recent-scroll").results(VerticalScroll):
            scroll.scroll_page_down() if direction > 0 else scroll.scroll_page_up()

    def action_reveal(self) -> None:
        KeyGate.of(self.app).arm(self)  # this key is used up: the rest of a burst stays here
        self.dismiss(True)

    def action_menu(self) -> None:
        KeyGate.of(self.app).arm(self)
        self.dismiss(False)

    def action_rules(self) -> None:
        """The game's rules over the curtain (they hold nothing private)."""
        if self.rules is not None:
            from .rules_viewer import show_rules

            show_rules(self.app, *self.rules)


@translated
class PrivateNoticeScreen(GatedScreen, ModalScreen[None]):
    """Tells the seat still at the keyboard what it alone just learned.

    Shown after an action of that seat whose private result (a card
    excavated, a card stolen, an item drawn) it would otherwise only see on
    its next turn, before the keyboard passes on; and to a seat that lost
    a card, right after the curtain lifts for it. Enter closes it (a fresh
    key: see :mod:`.keygate`).
    """

    DEFAULT_CSS = """
    PrivateNoticeScreen { align: center middle; }
    PrivateNoticeScreen #notice-box { width: 64; height: auto; border: double $accent; background: $panel; padding: 0 1; }
    PrivateNoticeScreen #notice-title { text-style: bold; }
    """

    BINDINGS = [Binding("enter,space", "close", N_("Done"), key_display="⏎")]

    def __init__(self, who: str, lines: list[str], passes: bool = True) -> None:
        """``passes``: the keyboard goes to another player after this notice (else the same one plays on)."""
        super().__init__()
        self.who = who
        self.lines = lines
        self.passes = passes

    def compose(self) -> ComposeResult:
        with Vertical(id="notice-box"):
            yield Static(id="notice-title", markup=False)
            yield Static(id="notice-lines", markup=False)
            yield Static(id="notice-then", markup=False)

    def on_mount(self) -> None:
        self._fill()

    def show_for(self, who: str, lines: list[str], passes: bool = True) -> None:
        """The same screen, kept by the game screen, for another notice."""
        self.who, self.lines, self.passes = who, lines, passes
        if self.is_mounted:
            self._fill()

    def _fill(self) -> None:
        self.query_one("#notice-title", Static).update(_("Only for {who}:").format(who=self.who))
        self.query_one("#notice-lines", Static).update("\n".join(self.lines))
        self.query_one("#notice-then", Static).update(
            _("Press Enter, then pass the keyboard.") if self.passes else _("Press Enter to go on.")
        )

    def action_close(self) -> None:
        KeyGate.of(self.app).arm(self)
        self.dismiss(None)
