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

import secrets
from pathlib import Path
from typing import Any, Sequence

from textual import events
from textual.app import App
from textual.binding import Binding

from boardgames_tui.engine import Match, SaveError
from boardgames_tui.engine.match import autosave_path, new_autosave_path, printable, prune_autosaves
from boardgames_tui.games import GAMES
from boardgames_tui.ui.keygate import KeyGate
from boardgames_tui.ui.launcher import LauncherScreen
from boardgames_tui.ui.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen

DEFAULT_NAMES = ("Ana", "Beto", "Carla", "Diego", "Elena")


class BoardGamesApp(App[None]):
    """The whole program. See the module docstring for the test factory."""

    TITLE = "boardgames-tui"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    OptionList:nocolor > .option-list--option-highlighted { text-style: bold reverse; }
    Button:nocolor:focus { text-style: bold reverse; }
    Select:nocolor:focus > SelectCurrent { text-style: bold reverse; }
    Input:nocolor:focus { text-style: underline; }
    ToastRack { align: right top; }
    """
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True)]

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
    ) -> None:
        super().__init__()
        self.start_game = game
        self.start_names = list(names) if names else (list(DEFAULT_NAMES[:players]) if players else None)
        self.start_seed = seed
        self.start_options = dict(options or {})
        self.start_load = Path(load) if load else None
        self.start_match = match
        self.last_setup: tuple[str, tuple[str, ...], dict[str, Any]] | None = None
        #: The match last opened on a game screen (the CLI names its autosave if the app dies).
        self.current_match: Match | None = None
        #: Drops keys meant for the screen before (ui/keygate.py).
        self.key_gate = KeyGate()

    async def on_event(self, event: events.Event) -> None:
        """Every key passes the key gate first, and again before bindings act on it."""
        if isinstance(event, events.Key):
            screen = self.screen_stack[-1] if self.screen_stack else None
            if not self.key_gate.passes(event, screen):
                return
        await super().on_event(event)

    def on_mount(self) -> None:
        self.push_screen(LauncherScreen())
        if self.start_match is not None:
            self.play_match(self.start_match)
        elif self.start_load is not None:
            self.load_game(self.start_load)
        elif self.start_game is not None:
            if self.start_names:
                self.start_new_game(self.start_game, self.start_names, self.start_options, self.start_seed)
            else:
                self.open_setup(self.start_game)
        self.call_after_refresh(self._check_size)

    # ---- routing --------------------------------------------------------

    def open_setup(self, game_id: str) -> None:
        from boardgames_tui.ui.setup import SetupScreen

        self.push_screen(SetupScreen(GAMES[game_id], options=self.start_options or None))

    def start_new_game(
        self, game_id: str, names: Sequence[str], options: dict[str, Any], seed: int | None = None
    ) -> Match:
        """Start a new match (ValueError for a forbidden setup) and show it."""
        if seed is None:
            seed = secrets.randbelow(10**9)
        match = Match.new(game_id, list(names), seed, options)
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
        self.push_screen(GameScreen(match))

    def to_launcher(self) -> None:
        """Pop every screen above the launcher."""
        while len(self.screen_stack) > 2 and not isinstance(self.screen, LauncherScreen):
            self.pop_screen()

    def continue_game(self) -> None:
        """Open the newest autosave (the launcher's Continue)."""
        path = autosave_path()
        if path is None:
            self.notify("There is no game to continue.", severity="warning")
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
                f"{exc}.", title=f"Cannot open {printable(Path(path).name)}", severity="error", timeout=8, markup=False
            )
            return
        if match.state.is_terminal:
            self.notify("That game is already over.", severity="warning")
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
            else:
                match.save(match.autosave_file)
        except OSError as exc:
            self.notify(f"Autosave failed: {exc}", severity="error")

    def game_finished(self, match: Match) -> None:
        from boardgames_tui.ui.game_over import GameOverScreen

        if isinstance(self.screen, GameOverScreen):
            return
        self.push_screen(GameOverScreen(match.spec.title, match.state.outcome(), match.names), self._after_game_over)

    def _after_game_over(self, choice: str | None) -> None:
        if choice == "board":
            return  # the game screen below shows the final table; g brings the scores back
        if choice == "again" and self.last_setup is not None:
            game_id, names, options = self.last_setup
            self.start_new_game(game_id, names, options)
        elif choice == "quit":
            self.exit()
        else:
            self.to_launcher()

    # ---- terminal size ---------------------------------------------------

    def on_resize(self) -> None:
        self.call_after_refresh(self._check_size)

    def _check_size(self) -> None:
        w, h = self.size
        small = w < MIN_WIDTH or h < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen())
        elif not small and showing:
            self.pop_screen()
