"""BoardGamesApp: the launcher, setup, and routing between a game's screens.

Tests build the app with a fixed game, players and seed instead of patching
internals::

    app = BoardGamesApp(game="mountain_goats", names=["Ana", "Beto"], seed=7)
    async with app.run_test(size=(80, 24)) as pilot: ...

``game`` with ``names`` (or ``players``) starts that game at once; ``game``
alone opens its setup screen; ``load`` opens a save file; nothing opens the
launcher.
"""

from __future__ import annotations

import asyncio
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from textual import constants, events
from textual._context import active_message_pump
from textual.app import App
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.driver import Driver
from textual.screen import Screen
from textual.widgets import Input, TextArea

from boardgames_tui import i18n
from boardgames_tui.engine import Match, SaveError
from boardgames_tui.engine.match import autosave_path, new_autosave_path, printable, prune_autosaves
from boardgames_tui.engine.names import marked_names
from boardgames_tui.games import GAMES
from boardgames_tui.i18n import _
from boardgames_tui.ui.keygate import KeyGate
from boardgames_tui.ui.launcher import LauncherScreen
from boardgames_tui.ui.styles import tcss
from boardgames_tui.ui.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen

DEFAULT_NAMES = ("Ana", "Beto", "Carla", "Diego", "Elena")


class BoardGamesApp(App[None]):
    """The whole program. See the module docstring for the test factory."""

    TITLE = "boardgames-tui"
    ENABLE_COMMAND_PALETTE = False
    CSS = tcss(__file__, "app.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
        Binding("ctrl+l", "redraw", "Redraw the screen", show=False, priority=True),
    ]

    def __init__(
        self,
        *,
        game: str | None = None,
        players: int | None = None,
        names: Sequence[str] | None = None,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        load: Path | str | None = None,
        match: Match | None = None,
        seats: Sequence[str] | None = None,
        bot_pause: float | None = None,
        bot_seconds: float | None = None,
        bot_playouts: int | None = None,
    ) -> None:
        super().__init__()
        self.start_game = game
        if not names and not players and seats:
            players = len(seats)
        self.start_names = list(names) if names else (list(DEFAULT_NAMES[:players]) if players else None)
        self.start_seed = seed
        self.start_options = dict(options or {})
        self.start_load = Path(load) if load else None
        self.start_match = match
        #: Who sits where in the game started at once ("human" or a level; None: all people).
        self.start_seats = list(seats) if seats else None
        #: Computer players: seconds their move stays in sight, the Strong level's seconds
        #: (and playouts) per decision; None: the defaults of ui/bot_turns.py.
        self.bot_pause = bot_pause
        self.bot_seconds = bot_seconds
        self.bot_playouts = bot_playouts
        self.last_seats: tuple[str, ...] | None = None
        self.last_setup: tuple[str, tuple[str, ...], dict[str, Any]] | None = None
        #: The match last opened on a game screen (the CLI names its autosave if the app dies).
        self.current_match: Match | None = None
        #: Drops keys meant for the screen before (ui/keygate.py).
        self.key_gate = KeyGate()
        #: Matches already put into the history this session.
        self._kept: list[Match] = []

    def action_redraw(self) -> None:
        """Ctrl+L: write every cell of the screen again, as terminal programs do.

        The terminal driver writes only the cells that change (``ui/squeeze.py``);
        if something else wrote over the terminal (a message from the system, a
        garbled connection), this forgets what the terminal was thought to show,
        so the full repaint that follows reaches every cell.
        """
        squeeze = getattr(self._driver, "_squeeze", None)
        if squeeze is not None:
            squeeze.resized()
        self.screen.refresh()

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver, except on Linux/macOS terminals: our tolerant one.

        Textual's ``LinuxDriver`` ends the app on input that is not UTF-8 and
        turns an ESC inside a paste into keystrokes; ``ui/driver.py`` says
        why and what :class:`~boardgames_tui.ui.driver.TolerantLinuxDriver`
        changes. ``TEXTUAL_DRIVER`` still chooses another driver.
        """
        if constants.DRIVER is not None or sys.platform == "win32":
            return super().get_driver_class()
        from boardgames_tui.ui.driver import TolerantLinuxDriver

        return TolerantLinuxDriver

    async def on_event(self, event: events.Event) -> None:
        """Input that must not act: keys the key gate holds back, pastes outside text fields,
        keys before a screen is drawn.

        Every key passes the key gate (ui/keygate.py) first, as it arrives
        and again when it comes back up to resolve bindings: on a curtain, a
        notice, a reaction window or a new list of choices, only a fresh key
        pressed after it was drawn acts.

        A paste is one piece of text for a focused text field (a setup name)
        and nothing anywhere else: on game screens, the curtain, the
        reaction window and the menus it is dropped, so pasted digits,
        Enters and q never act as moves.

        A key or click that reaches a screen still being built (pushed a
        moment ago, in a burst of keys) is dropped too (docs/architecture.md, The UI: a key
        pressed before a screen was drawn never acts on it). Acting on it
        could close that screen before it finished mounting, and its
        ``on_mount`` would then fail to find its own widgets. Ctrl+Q always
        goes through.
        """
        if isinstance(event, events.Key):
            screen = self.screen_stack[-1] if self.screen_stack else None
            if not self.key_gate.passes(event, screen):
                if not event.is_forwarded and self.key_gate.worth_telling(event):
                    self.notify(
                        _("That key came just as the screen changed, so it did nothing: press it again."),
                        timeout=3,
                    )
                return
        if isinstance(event, events.Paste) and not event.is_forwarded:
            if not isinstance(self.focused, (Input, TextArea)):
                event.stop()
                return
        elif isinstance(event, events.InputEvent) and not event.is_forwarded:
            if not self.screen.is_mounted and not (isinstance(event, events.Key) and event.key == "ctrl+q"):
                event.stop()
                return
            if isinstance(event, events.Key):
                event._meant_for = self.screen  # type: ignore[attr-defined]  # see _on_key
        await super().on_event(event)

    async def _on_key(self, event: events.Key) -> None:
        """Drop a key whose screen was replaced while it waited in a burst.

        Textual hands a key to the focused widget of the screen on top when
        it arrives; it then bubbles back here, where Textual checks it
        against the bindings of the screen on top *now*. When keys come in
        a burst (a paste, key repeat, a slow link), the first one may have
        opened or closed a screen: the others were typed for the old screen
        and must not act on the new one (its Escape would close it before
        it is drawn; a stale choice would close the screen under it).
        """
        meant_for = getattr(event, "_meant_for", None)
        if meant_for is not None and meant_for is not self.screen and event.key != "ctrl+q":
            event.prevent_default()  # Textual's own handler would run the new screen's binding

    def push_screen(self, screen: Any, callback: Any = None, wait_for_dismiss: bool = False) -> Any:  # type: ignore[override]  # one signature for Textual's overloads
        """Textual's ``push_screen``, with two guards for input that arrives in bursts.

        - Once the app is quitting, nothing more is pushed: a callback of a
          screen closed in the same burst as the quit key would otherwise
          build a screen while the app tears down, and fail.
        - The "enlarge your terminal" notice stays on top: a screen pushed
          while it shows (a curtain after a move, game over) goes under it.
        """
        if self._exit:
            done = asyncio.get_running_loop().create_future()
            done.set_result(None)
            return done
        notice = (
            self.screen
            if isinstance(self.screen, TooSmallScreen) and not isinstance(screen, TooSmallScreen)
            else None
        )
        if notice is not None:
            super().pop_screen()
        result = super().push_screen(screen, callback, wait_for_dismiss)  # type: ignore[call-overload]  # Any passes through to Textual's overloads
        if notice is not None:
            super().push_screen(TooSmallScreen())
        return result

    def pop_screen(self) -> AwaitComplete:
        """Textual's ``pop_screen``, refused to a screen that is no longer on the stack.

        Textual's ``Screen.dismiss`` pops whatever screen is on top. A screen
        already closed can still hold messages of its own (a menu asked to
        choose four times by four quick Enters): each would close another
        screen, down to "Can't pop screen". A pop asked for from inside a
        screen that is no longer on the stack is ignored.
        """
        caller = active_message_pump.get(None)
        try:
            screen = caller if isinstance(caller, Screen) else getattr(caller, "screen", None)
        except Exception:  # a widget already taken off its screen
            return AwaitComplete.nothing()
        if isinstance(screen, Screen) and screen not in self.screen_stack:
            return AwaitComplete.nothing()
        return super().pop_screen()

    def on_mount(self) -> None:
        self._use_settings()
        self.push_screen(LauncherScreen())
        if self.start_match is not None:
            self.play_match(self.start_match)
        elif self.start_load is not None:
            self.load_game(self.start_load)
        elif self.start_game is not None:
            if self.start_names:
                self.start_new_game(
                    self.start_game, self.start_names, self.start_options, self.start_seed, self.start_seats
                )
            else:
                self.open_setup(self.start_game)
        self.screen_change_signal.subscribe(self, self._screen_changed)
        self.call_after_refresh(self._check_size)

    def _use_settings(self) -> None:
        """Read the settings file: its theme is used; a broken file is reported and the defaults used."""
        from boardgames_tui import settings

        loaded = settings.load()
        settings.use(loaded.settings)
        if loaded.settings.theme in self.available_themes:
            self.theme = loaded.settings.theme
        if loaded.problem:
            self.notify(loaded.problem, severity="warning", timeout=10)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: Any = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Textual's ``notify``, always without markup.

        Notices carry names, save errors, file paths and typed keys: a name
        like ``[/]`` would end the app as markup (and ``[bold]x`` would show
        bold). Every ``notify`` in the app, a widget's included, comes
        through here, so ``markup`` is ignored and the text shown as it is.
        """
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    # ---- routing --------------------------------------------------------

    def open_setup(self, game_id: str) -> None:
        from boardgames_tui.ui.setup import SetupScreen

        self.push_screen(SetupScreen(GAMES[game_id], options=self.start_options or None))

    def start_new_game(
        self,
        game_id: str,
        names: Sequence[str],
        options: dict[str, Any],
        seed: int | None = None,
        seats: Sequence[str] | None = None,
    ) -> Match:
        """Start a new match (ValueError for a forbidden setup) and show it.

        ``seats``: "human" or a computer player's level per seat (None: all people).
        """
        if seed is None:
            seed = secrets.randbelow(10**9)
        match = Match.new(game_id, list(names), seed, options, seats)
        self.last_setup = (game_id, tuple(names), dict(match.options))
        # The autosave starts with the first action: a game left before any
        # move does not push the game in progress out of Continue.
        self.play_match(match)
        return match

    def play_match(self, match: Match) -> None:
        from boardgames_tui.ui.game_screen import GameScreen

        self.to_launcher()
        self.current_match = match
        self.last_setup = (match.game_id, match.names, dict(match.options))
        self.last_seats = match.seats
        self.push_screen(GameScreen(match))

    def to_launcher(self) -> None:
        """Pop every screen above the launcher."""
        while len(self.screen_stack) > 2 and not isinstance(self.screen, LauncherScreen):
            self.pop_screen()

    def continue_game(self) -> None:
        """Open the newest autosave (the launcher's Continue)."""
        path = autosave_path()
        if path is None:
            self.notify(_("There is no game to continue."), severity="warning")
            return
        self.load_game(path, resume=True)

    def load_game(self, path: Path, resume: bool = False) -> None:
        """Open a save file; a bad file is refused with a message and left as it is.

        ``resume``: the file is an autosave, which this match goes on writing;
        otherwise the saved file is left as it was and a new autosave starts.
        """
        try:
            match = Match.load(path)
        except SaveError as exc:
            self.notify(
                f"{i18n.translate_text(str(exc))}.",
                title=_("Cannot open {file}").format(file=printable(Path(path).name)),
                severity="error",
                timeout=8,
                markup=False,
            )
            return
        if match.state.is_terminal:
            self.open_replay(match)
            return
        match.autosave_file = Path(path) if resume else None
        self.play_match(match)

    def autosave(self, match: Match) -> None:
        """Write the match's own autosave after every action; a finished game removes it.

        Each match has its own file, so starting a game never overwrites
        another game's autosave (the older ones stay under Load).
        """
        try:
            if match.autosave_file is None:
                match.autosave_file = new_autosave_path(match.game_id)
                prune_autosaves()
            if match.state.is_terminal:
                match.autosave_file.unlink(missing_ok=True)
                self.keep_finished(match)
            else:
                match.save(match.autosave_file)
        except OSError as exc:
            self.notify(_("Autosave failed: {error}").format(error=exc), severity="error")

    def open_replay(self, match: Match) -> None:
        """Show ``match`` in the replay viewer, over the launcher (a finished save opens here)."""
        from boardgames_tui.ui.replay import ReplayScreen

        self.to_launcher()
        self.push_screen(ReplayScreen(match))

    def keep_finished(self, match: Match) -> None:
        """Put a match that has just ended into the history (once), for the launcher's list and statistics."""
        from boardgames_tui.engine.history import record

        if any(kept is match for kept in self._kept):
            return
        self._kept.append(match)
        try:
            record(match)
        except OSError as exc:
            self.notify(
                _("Could not keep the game in the history: {error}").format(error=exc), severity="error"
            )

    def game_finished(self, match: Match) -> None:
        from boardgames_tui.ui.game_over import GameOverScreen

        if isinstance(self.screen, GameOverScreen):
            return
        self.push_screen(
            GameOverScreen(match.spec.title, match.state.outcome(), marked_names(match.names, match.seats)),
            self._after_game_over,
        )

    def _after_game_over(self, choice: str | None) -> None:
        if choice == "board":
            return  # the game screen below shows the final table; g brings the scores back
        if choice == "again" and self.last_setup is not None:
            game_id, names, options = self.last_setup
            self.start_new_game(game_id, names, options, seats=self.last_seats)
        elif choice == "quit":
            self.exit()
        else:
            self.to_launcher()

    # ---- terminal size ---------------------------------------------------

    def on_resize(self) -> None:
        self.call_after_refresh(self._check_size)

    def _screen_changed(self, _screen: Any) -> None:
        self.call_after_refresh(self._check_size)

    def _check_size(self) -> None:
        """Show the "enlarge your terminal" notice below 80x24, on top of everything, once.

        Runs after every resize and every change of screen, so a notice that
        was closed along with other screens (quit to the launcher) comes
        back while the terminal is still small, and one that surfaces when
        the window is large again goes away.
        """
        if self._exit:
            return
        w, h = self.size
        small = w < MIN_WIDTH or h < MIN_HEIGHT
        if small:
            if not isinstance(self.screen, TooSmallScreen):
                self.push_screen(TooSmallScreen())
            return
        while isinstance(self.screen, TooSmallScreen) and len(self.screen_stack) > 1:
            self.pop_screen()
