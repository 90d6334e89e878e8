"""The game screen host shared by all games (docs/architecture.md, The UI).

It owns the :class:`~boardgames_tui.engine.Match`, decides whose eyes are on
the screen, raises the hot-seat curtain and the public reaction window,
applies chosen actions, autosaves after each one, and hands every widget a
:class:`~boardgames_tui.ui.board.BoardContext` built from
``state.view(seat)`` only.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.cells import cell_len, set_cell_size
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.worker import Worker

from boardgames_tui import i18n, settings
from boardgames_tui.engine import IllegalAction, Match, Pass, seat_letter
from boardgames_tui.engine.core import _fill
from boardgames_tui.engine.match import saves_dir
from boardgames_tui.engine.names import marked_names
from boardgames_tui.i18n import N_, _

from . import memory
from .board import ActionChosen, ActionList, ActionPreview, BoardContext, GameBoard
from .bot_turns import BotTurns
from .cover import CURTAIN, NONE, NOTICE, CoverPane
from .footer import StableFooter
from .keygate import GatedScreen, KeyGate
from .lines import Lines
from .log_panel import LogPanel
from .reaction import RESERVED, ReactionPane
from .shell import shell_of
from .styles import tcss
from .translated import translated


class StatusLine(Lines):
    """The one-line status above the board: whose turn and what they decide (``text``).

    One row of :class:`Lines`: a new text repaints this row only, and no
    renderable is laid out for it. Shown as plain text: it carries player
    names. A text too long for the line is cut at a word (:func:`fit_line`).
    """

    DEFAULT_CSS = "StatusLine { height: 1; }"

    @property
    def text(self) -> str:
        """The whole status (the line shows what fits of it)."""
        return getattr(self, "_status", "")

    @text.setter
    def text(self, value: str) -> None:
        self.show(value)

    @property
    def tail(self) -> str:
        """What the line always ends with, whole, however much of :attr:`text` is cut ("  Space: go on")."""
        return getattr(self, "_tail", "")

    def show(self, text: str, tail: str = "") -> None:
        """Show ``text``, cut to leave room for ``tail``, then ``tail`` whole."""
        self._status, self._tail = text, tail
        self._show()

    def _show(self) -> None:
        width = self.content_size.width
        tail = self.tail
        room = max(1, width - cell_len(tail)) if width > 0 else 0
        self.set(fit_line(self.text, room) + tail)

    def on_resize(self) -> None:
        self._show()


def fit_line(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells at a word break, with "..." (ASCII: no ambiguous width)
    where it was cut; unchanged when it fits or ``width`` is unknown (0). The whole line is in
    the log."""
    if width <= 0 or cell_len(text) <= width:
        return text
    cut = set_cell_size(text, max(0, width - 3)).rstrip()
    space = cut.rfind(" ")
    if space > width // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:.") + "..."  # not "....": a sentence cut at its full stop


@translated
class GameScreen(GatedScreen, Screen[None]):
    """Plays one match: status line, the game's board, the chooser and the log.

    ``shown_seat`` is the seat whose private view is on screen (None: only
    public information is shown). ``seen[seat]`` is the log length up to
    which that seat has read its private lines (on its own screen or in a
    notice).
    """

    DEFAULT_CSS = tcss(__file__, "game_screen.tcss")

    #: Textual repaints a whole screen when its focus moves; the widgets that gain and lose
    #: focus repaint themselves anyway (their ``:focus`` styles), so the game screen does not
    #: (a move of focus came with most decisions, and over SSH cost a screenful of bytes).
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    #: Each action is one binding; the footer shows its first key.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1,question_mark", "rules", N_("Rules"), key_display="f1"),
        Binding("ctrl+z,u", "undo", N_("Undo"), key_display="^z"),
        Binding("ctrl+s,w", "save", N_("Save"), key_display="^s"),
        Binding("escape,m", "menu", N_("Menu"), key_display="esc"),
        Binding("l", "toggle_log", N_("Log")),
        Binding("g", "scores", N_("Scores")),
        Binding("h", "hint", N_("Hint")),
        Binding("h", "hint_unlisted", N_("Hint"), show=False),
        Binding("space", "go_on", N_("Go on")),
        Binding("enter", "all_pass", N_("Nobody reacts")),
        Binding("space,enter", "skip_interlude", N_("Skip to the end"), key_display="space"),
        Binding("space,enter", "interlude_go_on", N_("Go on"), key_display="space"),
        Binding("enter", "lift_cover", N_("I am alone: show my seat"), key_display="⏎"),
        Binding("enter,space", "close_notice", N_("Done"), key_display="⏎"),
        # Priority: on a board that scrolls (``GameBoard.scrolls``) these keys scroll it even
        # while the list of choices has the keyboard, and the footer keeps the same entry
        # through every decision (a footer whose keys come and go is drawn again each time).
        Binding("pagedown", "board_page(1)", N_("Scroll board"), key_display="pgup/pgdn", priority=True),
        Binding("pageup", "board_page(-1)", show=False, priority=True),
        Binding("pageup", "cover_page(-1)", show=False),
        Binding("pagedown", "cover_page(1)", show=False),
    ]

    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match = match
        self.spec = match.spec
        ui = importlib.import_module(self.spec.ui_module)
        self.board: GameBoard = ui.make_board()
        make_chooser = getattr(ui, "make_chooser", None)
        chooser = make_chooser() if make_chooser else None
        self.chooser = chooser if chooser is not None else ActionList(id="action-list")
        self.shown_seat: int | None = None
        self.shown_private = False
        self.seen: dict[int, int] = {}
        #: Private lines older than this (a game loaded from a save) count as read.
        self.news_from = len(match.state.log)
        self.stamp = 0
        #: Log length at the last curtain: the curtain shows public lines after it
        #: (from the start for a game just opened: a recap of its last lines).
        self.public_seen = 0
        self._busy = False
        #: Computer players' turns, pauses and hints (ui/bot_turns.py).
        self.bots = BotTurns(self)
        #: What the board plays for the whole table now (Montaña's round revealed), or None:
        #: it has the keys meanwhile (:meth:`begin_interlude`).
        self.interlude_player: Any = None
        #: The public reaction window, over the bottom of the table (ui/reaction.py).
        self.reaction = ReactionPane(id="game-reaction")
        #: The curtain and the private notice, a page above the table (ui/cover.py).
        self.cover = CoverPane(id="game-cover")
        #: The container of the two pages, cover and table (:meth:`compose`), scrolled by
        #: :meth:`_show_page` (kept: a query for it at every hand-over cost more than the scroll).
        self._pages: Vertical | None = None

    def compose(self) -> ComposeResult:
        # Two pages, one above the other, in a container that never scrolls by itself: the
        # cover (curtain, private notice) on top, and the table below it, scrolled into view
        # while nothing covers it. The cover comes first so that covered means scrolled to the
        # top: a resize while it is up can never bring a row of the table under it into view
        # (that table may still be the last seat's own), not even for one frame.
        with Vertical(id="game-pages") as self._pages:
            yield self.cover
            # The status line and the log are split off the table's top and right edge (CSS
            # ``split``); the board and the list take the rest, one above the other. No row or
            # column containers: every key and message the list sends passes through each
            # container around it.
            with Vertical(id="game-table"):
                yield StatusLine(id="game-status")
                yield LogPanel(id="game-log")
                yield self.board
                yield self.chooser
                yield self.reaction
        yield StableFooter()

    def on_mount(self) -> None:
        self._fit_log()
        self.advance()
        # Once the table is on screen: the objects of the game so far leave the collector's
        # later passes (ui/memory.py), which otherwise paused a key now and then for 50-90 ms.
        self.call_after_refresh(memory.settle)
        from .rules_viewer import prepare_rules

        self.set_timer(1.0, lambda: prepare_rules(self.app, self.spec.rules_text()))

    def action_board_page(self, direction: int) -> None:
        """PageDown/PageUp: scroll the board a page (boards whose ``scrolls`` is True)."""
        self.board.page(direction)

    def on_resize(self) -> None:
        self._fit_log()
        if isinstance(self.chooser, ActionList):
            self.chooser.fit_rows()
        self.call_after_refresh(self._show_page)

    def _fit_log(self) -> None:
        """A wider log on wide terminals; the board keeps the rest."""
        log = self.query_one(LogPanel)
        log.set_class(self.app.size.width >= 120, "-wide")
        log.scroll_end(animate=False)

    # ---- whose eyes are on the screen ----------------------------------

    def who(self, seat: int) -> str:
        return f"{seat_letter(seat)} {self.match.names[seat]}"

    @property
    def shown_names(self) -> tuple[str, ...]:
        """The seats' names as the board and the log show them: a computer player's marked "Beto (PC)"."""
        return marked_names(self.match.names, self.match.seats)

    def advance(self) -> None:
        """Show the next decision: news for the last actor, game over, reaction window, curtain, or the seat."""
        state = self.match.state
        self.refresh_bindings()
        if not state.is_terminal and self.board.interlude_due(state.view(None)):
            # The table watches what the board plays for it (Montaña's round turning over) first,
            # before anyone's private news and before the next decision, also when the runner who
            # played last decides next: with a curtain after it, since everyone has just looked.
            self.hand_over()
            self.render_for(None)
            self._after_interlude(self.advance)
            return
        if self._news_for_actor():
            return
        if state.is_terminal:
            self.hand_over()
            self.render_for(None)
            self._after_interlude(lambda: self.app.call_later(shell_of(self).game_finished, self.match))
            return
        if self.bots.take_over():
            return  # a computer player decides (or its move is on show)
        window = state.reaction_window
        if window is not None and self.spec.hidden_information:
            self.hand_over()
            self.render_for(None)
            card, seats = i18n.translate_text(window), state.to_move
            self._after_interlude(lambda: self._open_reaction(card, seats))
            return
        seat = state.to_move[0]
        if (
            self.spec.hidden_information
            and state.needs_curtain(seat)
            and not (seat == self.shown_seat and self.shown_private)
        ):
            self._raise_curtain(seat, lambda ok: self._after_curtain(seat, ok))
            return
        if seat != self.shown_seat:
            self.hand_over()
        self.render_for(seat)

    def hand_over(self) -> None:
        """The screen is about to be seen by other eyes: no notice of the last seat stays up."""
        self.app.clear_notifications()

    def _raise_curtain(self, seat: int, then: Any, reason: str = "") -> None:
        """Cover the table (no notices) and ask for ``seat``; ``then(looking)`` follows.

        When the board has something to play for the whole table first (Montaña's round),
        the public view is drawn for it; otherwise the cover comes up in the same frame and
        nothing of the table is drawn under it (the seat's own view is drawn when it lifts:
        drawing the public view between the two cost a whole redraw nobody saw).
        """
        if not self.bots.curtains():
            then(True)  # one person at the table (or none): nobody to hide from
            return
        self.hand_over()
        public = self.match.state.view(None)
        reason = reason or self.board.curtain_reason(public, seat)
        if self.board.interlude_due(public):
            self.render_for(None)
        else:
            self.shown_seat, self.shown_private = None, False  # nobody's eyes until it lifts
            self.stamp += 1  # a pick from the list under the cover counts for nothing
        self._after_interlude(lambda: self._cover_with_curtain(seat, reason, then))

    def begin_interlude(self, player: Any) -> None:
        """The board plays something for the whole table (``player``: it has ``skip()``):
        until :meth:`end_interlude`, Space or Enter skips to its end and no other key of the
        table acts."""
        self.interlude_player = player
        self.refresh_bindings()
        KeyGate.of(self.app).arm(self)  # the key that made the last decision cannot skip it

    def end_interlude(self, player: Any) -> None:
        """``player`` has played to its end: the table's keys are back."""
        if self.interlude_player is player:
            self.interlude_player = None
            self.refresh_bindings()

    def action_skip_interlude(self) -> None:
        if self.interlude_player is not None:
            KeyGate.of(self.app).arm(self)  # this key is used up
            self.interlude_player.skip()

    def action_interlude_go_on(self) -> None:
        """On the interlude's last picture, Space or Enter moves on (the footer says "Go on")."""
        self.action_skip_interlude()

    def _interlude_at_end(self) -> bool:
        """Whether the interlude playing shows its last picture (a player without ``at_end``:
        never)."""
        return bool(getattr(self.interlude_player, "at_end", False))

    def _after_interlude(self, then: Any) -> None:
        """The public screen is up: the board may first play something for the whole table
        (:meth:`GameBoard.interlude`), then ``then()`` hands the screen over."""
        if self.board.interlude(then):
            # The table has just watched it: the curtain needs no recap of the same lines.
            self.public_seen = len(self.match.state.view(None).log)
        else:
            then()

    def _cover_with_curtain(self, seat: int, reason: str, then: Callable[[bool], None]) -> None:
        """Cover the table with the curtain for ``seat``, with the public lines of the log since
        the last one; ``then(True)`` once ``seat`` says it is looking."""
        public = self.match.state.view(None).log
        recent = [
            r for e in public[self.public_seen :] if (r := i18n.render_event(e, self.shown_names, None))
        ]
        self.public_seen = len(public)
        self.cover.show_curtain(self.who(seat), reason, recent, lambda: then(True))
        self._cover_shown()

    @property
    def covered(self) -> bool:
        """Whether the cover (a curtain or a private notice) hides the table now."""
        return self.cover.kind != NONE

    def _cover_shown(self) -> None:
        """The cover has its content: bring it into view; its keys are this screen's."""
        if not self.cover.display:
            # Its first showing in this game: until now the table was the only page, so that
            # the first frame of a game shows the table at once (one layout, once per game).
            self.cover.display = True
        self._show_page()
        self.refresh_bindings()
        KeyGate.of(self.app).arm(self)  # only a key pressed after it is drawn lifts it

    def action_lift_cover(self) -> None:
        """Enter on the curtain: the named player is looking."""
        self.lift_cover()

    def action_close_notice(self) -> None:
        """Enter on a private notice: its player has read it."""
        self.lift_cover()

    def action_cover_page(self, direction: int) -> None:
        self.cover.scroll_recent(direction)

    def lift_cover(self) -> None:
        """Enter on the cover: go on with what waited for the key, then bring the table back.

        What waited runs first, in the same key and before anything is drawn: when it covers
        the table again (a private notice after a curtain, the next player's curtain after a
        notice), the page never moves and only the rows of the cover that differ are drawn
        again; otherwise the table comes into view once, already drawn for the eyes on it.
        """
        if not self.covered:
            return
        KeyGate.of(self.app).arm(self)  # this key is used up: the rest of a burst stays here
        then = self.cover.take()
        if then is not None:
            then()
        if not self.covered:
            self.cover.clear()  # nothing of it waits out of view
            self._show_page()
            self.refresh_bindings()

    def _show_page(self) -> None:
        """Scroll the pages so that the cover (the top page) or the table fills the screen
        (again after a resize)."""
        pages = self._pages
        if pages is None or not pages.is_attached:
            return  # not composed yet, or being taken down
        height = self.cover.outer_size.height
        if not self.cover.display:
            height = 0  # the cover has not been needed yet: the table is the only page
        elif not self.covered and height <= 0:
            self.call_after_refresh(self._show_page)  # not laid out yet
            return
        y = 0 if self.covered else height
        if pages.scroll_y != y:
            pages.scroll_to(y=y, animate=False, immediate=True, force=True)
            # Textual's scrolling fast path repaints only the widgets whose place on screen it
            # sees change, and missed some of the page coming into view (the log kept the
            # cover's cells on a real terminal): the whole page is sent again, composed from
            # the rows the widgets already hold. (``pages.refresh()`` did it by drawing every
            # row of the container itself again as well: 40 rows of nothing, a third of a
            # curtain's cost.) Textual has no public call for "compose this region again".
            self._compositor._dirty_regions.add(pages.region)
            self.check_idle()

    def _after_curtain(self, seat: int, looking: bool | None) -> None:
        """``seat`` alone is looking: first its private news (a card it lost), then its seat."""
        news = self._unread_news(seat)
        if news:
            self._show_news(seat, news, lambda: self.render_for(seat))
            return
        self.render_for(seat)

    @property
    def reaction_open(self) -> bool:
        """Whether the public reaction window is open over the table."""
        return self.reaction.is_open

    def _open_reaction(self, card: str, seats: Sequence[int]) -> None:
        """Open the reaction window for ``card`` (plain text) and the seats that may react."""
        self.reaction.open(card, seats, self.match.names)
        self.refresh_bindings()
        KeyGate.of(self.app).arm(self.reaction)  # the key that played the card cannot close it

    def _close_reaction(self, seat: int | None) -> None:
        """A seat reacts (its letter), or nobody does (Enter, ``seat`` None)."""
        KeyGate.of(self.app).arm(self)  # this key is used up
        self.reaction.close()
        self.refresh_bindings()
        self._after_reaction(seat)

    def action_all_pass(self) -> None:
        """Enter in the reaction window: everyone who has not reacted passes."""
        if self.reaction_open:
            self._close_reaction(None)

    def _after_reaction(self, seat: int | None) -> None:
        state = self.match.state
        if seat is None:
            # Everyone who has not reacted passes, in seat order.
            for s in sorted(state.to_move):
                current = self.match.state
                if current.reaction_window is None or s not in current.to_move:
                    break
                passes = [a for a in current.legal_actions(s) if isinstance(a, Pass)]
                if not passes:
                    break
                self.play_decision(s, passes[0])
            self.shown_seat = None
            self.advance()
            return
        self.shown_seat = None
        self._raise_curtain(seat, lambda ok: self._after_curtain(seat, ok))

    # ---- private news -----------------------------------------------------

    def _unread_news(self, seat: int) -> list[str]:
        """Private lines for ``seat`` it has not read yet (``State.private_news``), names filled in."""
        state = self.match.state
        if not self.spec.hidden_information or self.bots.is_bot(seat):
            return []
        lines = state.private_news(seat, self.seen.get(seat, self.news_from))
        return [_fill(i18n.translate_text(line), self.shown_names) for line in lines]

    def _show_news(self, seat: int, news: list[str], then: Any) -> None:
        """The notice for ``seat`` alone; ``then()`` once it is closed."""
        state = self.match.state
        self.seen[seat] = len(state.log)
        keeps = bool(state.to_move) and state.to_move[0] == seat and state.reaction_window is None
        self.cover_with_notice(self.who(seat), news, not keeps, then)

    def cover_with_notice(self, who: str, lines: list[str], passes: bool, then: Callable[[], None]) -> None:
        """Cover the table with a notice for ``who`` alone (``lines``, plain text); ``passes``:
        the keyboard goes to another player after it; ``then()`` once Enter closes it."""
        self.cover.show_notice(who, lines, passes, then)
        self._cover_shown()

    def last_actor(self) -> int | None:
        """The seat of the last action taken outside a reaction window (None: no action yet).

        That seat's decision caused what just happened, also when the
        others then passed in a reaction window (a shot that steals once
        nobody cancels it).
        """
        match = self.match
        for i in range(len(match.actions) - 1, -1, -1):
            if match.states[i].reaction_window is None:
                return match.actions[i][0]
        return None

    def _news_for_actor(self) -> bool:
        """Before the keyboard leaves the last actor, show it what it alone learned.

        The excavator reads the card it dug up, the thief the card it took
        (also when the theft came out of a reaction window everyone
        watched: then a curtain asks for the thief first), a runner the item
        it drew. Nothing to do when the actor decides next: it reads its
        news on its own screen. True when a notice or curtain was raised
        (``advance`` runs again once it is closed).
        """
        actor = self.last_actor()
        state = self.match.state
        if actor is None or not self.spec.hidden_information or state.is_terminal:
            return False  # at the end every hand is scored in public anyway
        if state.reaction_window is None and state.to_move[0] == actor:
            return False
        news = self._unread_news(actor)
        if not news:
            return False
        if self.shown_seat == actor and self.shown_private:
            self._show_news(actor, news, self.advance)
            return True
        self._raise_curtain(
            actor,
            lambda ok: self._after_news_curtain(actor, ok),
            reason=N_("Something only this player may read."),
        )
        return True

    def _after_news_curtain(self, seat: int, looking: bool | None) -> None:
        news = self._unread_news(seat)
        if news:
            self._show_news(seat, news, self.advance)
        else:
            self.advance()

    # ---- drawing --------------------------------------------------------

    def render_for(self, seat: int | None, choices: bool = True) -> None:
        """Redraw every widget from ``state.view(seat)`` (``choices``: with ``seat``'s legal actions)."""
        state = self.match.state
        self.shown_seat = seat
        # Whether the screen now shows something only this seat may see: a
        # later private decision of the same seat then needs no new curtain.
        self.shown_private = seat is not None and not state.is_terminal and state.needs_curtain(seat)
        view = state.view(seat)
        legal = state.legal_actions(seat) if seat is not None and choices and not state.is_terminal else []
        self.stamp += 1
        secret = (
            seat is not None and bool(legal) and self.spec.hidden_information and state.is_secret_choice(seat)
        )
        secret = secret and settings.current().confirm_secret  # the player may turn confirmation off
        ctx = BoardContext(
            view=view, seat=seat, names=self.shown_names, legal=legal, stamp=self.stamp, secret=secret
        )
        with self.board.held():  # the new table and its first preview drawn as one picture
            self.board.show(ctx)
            self.chooser.set_choices(ctx, self.board)
            if isinstance(self.chooser, ActionList):
                # The first choice's preview in this same redraw, not one frame later.
                claimed, first = self.chooser.claim_preview()
                if claimed:
                    self.board.preview(first)
        # The shared list stays in place, empty, when there is nothing to choose for now (the
        # public view, a computer player's turn): the board above keeps its size (no new
        # layout). Once the game is over, the final table gets its rows.
        self.chooser.display = bool(legal) or (isinstance(self.chooser, ActionList) and not state.is_terminal)
        self.query_one(LogPanel).show(view.log, self.shown_names, seat)
        self.show_status(self.status_text(seat))
        # A new list (or none) asks for a key pressed after it is drawn.
        KeyGate.of(self.app).arm(self)
        if seat is not None:
            if self.shown_private:
                self.seen[seat] = len(view.log)
            if legal:
                # Queued as Widget.focus queues it, so it also comes after a blur still on its
                # way (a list hidden while its choice went to the hub, over SSH, lost the
                # keyboard after it was shown again); without Widget.focus's repaint of the
                # whole list, which has the keyboard already at most decisions.
                self.app.call_later(self.set_focus, self.chooser)
            if state.reaction_window is not None and legal and all(isinstance(a, Pass) for a in legal):
                self.notify(_("You have nothing to react with now: choose pass."), timeout=5)

    def show_status(self, text: str, tail: str = "") -> None:
        """Put ``text`` (plain, names shown as typed) on the one-line status above the board.

        ``tail`` ends the line whole ("  Space: go on"): ``text`` is cut to leave it room.
        """
        self.query_one(StatusLine).show(text, tail)

    def status_text(self, seat: int | None) -> str:
        state = self.match.state
        title = self.spec.title
        if state.is_terminal:
            return _("{title}: the game is over (g: the scores)").format(title=title)
        if seat is None:
            waiting = ", ".join(self.who(s) for s in state.to_move)
            return _("{title}: waiting for {waiting}").format(title=title, waiting=waiting)
        return f"{title} | {self.who(seat)}: {i18n.translate_text(state.view(seat).prompt(seat))}"

    # ---- decisions ------------------------------------------------------

    def on_action_preview(self, message: ActionPreview) -> None:
        message.stop()
        self.board.preview(message.action)

    def on_action_chosen(self, message: ActionChosen) -> None:
        message.stop()
        seat = self.shown_seat
        if seat is None or self._busy:
            return
        if message.stamp is not None and message.stamp != self.stamp:
            return  # picked from a list that was already replaced
        self._busy = True
        # The notices about this decision (a hint, "nothing to react with") are stale once it is
        # made; what playing it says (an autosave that failed) comes after.
        self.app.clear_notifications()
        try:
            self.apply_choice(seat, message.action)
        except IllegalAction as exc:
            self.app.bell()
            self.notify(i18n.translate_text(str(exc)), title=_("Not allowed"), severity="warning", timeout=5)
            return
        finally:
            self._busy = False
        self.advance()

    def apply_choice(self, seat: int, action: Any) -> None:
        """Hook: what a player's pick on this screen does. Here, play it on the match and autosave.

        Raises IllegalAction. The SSH table's seat-bound screen
        (``serve/session.py``, ``SeatScreen``) sends it to the server instead.
        """
        self.play_decision(seat, action)

    def play_decision(self, seat: int, action: Any) -> None:
        """Play ``action`` for ``seat`` on the match and autosave; raises IllegalAction.

        The screen's own picks come here (through :meth:`apply_choice`), and
        so do the computer players' (``ui/bot_turns.py``).
        """
        self.match.play(seat, action)
        shell_of(self).autosave(self.match)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """The screen's workers are the computer players' (ui/bot_turns.py): their answers go there."""
        event.stop()
        self.bots.on_worker_state_changed(event)

    # ---- bindings -------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """A printable key that nothing on screen uses gets a short hint."""
        if not KeyGate.of(self.app).admits(event):
            event.stop()
            event.prevent_default()
            return
        if self.covered or self.interlude_player is not None:
            return  # the cover's keys (Enter, F1, Escape), or the interlude's, are in the footer
        letter = (event.character or "").upper()
        if self.reaction_open and len(letter) == 1 and "A" <= letter <= "Z" and letter not in RESERVED:
            # A seat calls out: its own letter, as at the table.
            event.stop()
            seat = self.reaction.seat_for(letter)
            if seat is None:
                self.notify(self.reaction.refusal(letter), severity="warning", timeout=3)
            else:
                self._close_reaction(seat)
            return
        if event.key in ("ctrl+z", "u") and not self._can_undo():
            self.notify(_("Nothing to undo here."), severity="warning", timeout=3)
            return
        if (
            event.character
            and event.character.isdecimal()  # not isdigit: "¹" is a digit int() refuses
            and self.chooser.display
            and self.chooser.focusable
            and not self.chooser.has_focus
            and event.key not in self.active_bindings
        ):
            # The keyboard wandered off the choices (Tab onto a scrolling board): bring it back.
            event.stop()
            self.chooser.focus()
            if isinstance(self.chooser, ActionList):
                self.chooser.action_pick(int(event.character))
            else:
                self.notify(_("The choices have the keyboard again; press the digit once more."), timeout=3)
            return
        if event.is_printable and event.key not in self.active_bindings:
            self.notify(
                _(
                    "The key {key} does nothing here. Digits or arrows and Enter choose; F1 or ? rules, m menu."
                ).format(key=repr(event.character)),
                severity="warning",
                timeout=3,
            )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.covered:  # nothing of the table while it is covered
            kind = self.cover.kind
            return action in ("rules", "menu", "cover_page") or (action, kind) in (
                ("lift_cover", CURTAIN),
                ("close_notice", NOTICE),
            )
        if action in ("lift_cover", "close_notice", "cover_page"):
            return False
        if action == "board_page":
            return self.board.scrolls
        if action in ("skip_interlude", "interlude_go_on") or self.interlude_player is not None:
            if self.interlude_player is None:
                return False
            return action == ("interlude_go_on" if self._interlude_at_end() else "skip_interlude")
        if action == "all_pass" or self.reaction_open:
            return action in ("all_pass", "rules", "menu", "save") and self.reaction_open
        if action == "undo":
            return self._can_undo()
        if action == "scores":
            return self.match.state.is_terminal
        if action == "save":
            # A finished game is already kept in the history (and its replay there): nothing to save.
            return not self.match.state.is_terminal
        if action in ("hint", "hint_unlisted"):
            # Listed in the footer at a table with computer players; a key of its own otherwise.
            return self.bots.can_hint() and self.bots.any_bots() == (action == "hint")
        if action == "go_on":
            return self.bots.pausing
        return True

    def action_hint(self) -> None:
        self.bots.hint()

    def action_hint_unlisted(self) -> None:
        self.bots.hint()

    def action_go_on(self) -> None:
        self.bots.go_on()

    def action_scores(self) -> None:
        """Back to the game-over screen from a look at the final table."""
        if self.match.state.is_terminal:
            shell_of(self).game_finished(self.match)

    def _can_undo(self) -> bool:
        """Undo is possible: the match allows it and the step was a person's, not a computer player's."""
        return self.match.can_undo() and self.bots.may_undo()

    def action_undo(self) -> None:
        if not self._can_undo():
            self.notify(_("Nothing to undo here."), severity="warning", timeout=3)
            return
        self.match.undo()
        shell_of(self).autosave(self.match)
        self.notify(_("Took back the last action."), timeout=2)
        self.advance()

    def action_rules(self) -> None:
        from .rules_viewer import show_rules

        show_rules(self.app, self.spec.title, self.spec.rules_text())

    def action_save(self) -> None:
        if self.match.state.is_terminal:
            self.notify(_("This game is over: it is kept in Finished games, with its replay."), timeout=5)
            return
        name = f"{self.spec.id}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        try:
            path = self.match.save(saves_dir() / name)
        except OSError as exc:
            self.notify(_("Could not save: {error}").format(error=exc), severity="error")
            return
        self.notify(_("Saved to {path}").format(path=path), timeout=5)

    def action_toggle_log(self) -> None:
        log = self.query_one(LogPanel)
        log.set_hidden(not log.has_class("-hidden"))

    def action_menu(self) -> None:
        from .menu import open_menu

        open_menu(self.app, self._after_menu)

    def _after_menu(self, choice: str | None) -> None:
        if choice == "save":
            self.action_save()
        elif choice == "rules":
            from .rules_viewer import show_rules

            show_rules(self.app, self.spec.title, self.spec.rules_text(), lambda _: self.resume())
            return
        elif choice == "seats":
            self.bots.open_seats()
            return
        elif choice == "launcher":
            shell_of(self).to_launcher()
            return
        elif choice == "quit":
            self.app.exit()
            return
        self.resume()

    def resume(self) -> None:
        """Back from a dialog: raise the curtain again if nobody's seat is shown."""
        if self.spec.hidden_information and self.shown_seat is None and not self.match.state.is_terminal:
            self.advance()
