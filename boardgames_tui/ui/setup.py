"""The setup screen: number of players, names and who plays each seat, the game's options, optional seed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static

from boardgames_tui import i18n
from boardgames_tui.engine import GameSpec, seat_letter
from boardgames_tui.engine.match import HUMAN, SEAT_KINDS, SEED_MAX, SEED_MIN
from boardgames_tui.engine.names import MAX_NAME_CHARS, check_names, without_controls
from boardgames_tui.i18n import N_, _

from .bot_turns import kind_name
from .footer import StableFooter
from .launcher import seat_count
from .numbers import typed_whole_number
from .shell import shell_of
from .styles import tcss
from .translated import translated

DEFAULT_NAMES = ("Ana", "Beto", "Carla", "Diego", "Elena")


def _choice_text(choice: Any) -> str:
    """'yes'/'no' for booleans (the state in words, not only a coloured box)."""
    if choice is True:
        return _("yes")
    if choice is False:
        return _("no")
    return str(choice)


#: Characters a name field takes from the keyboard: anything but controls
#: (C0, DEL, C1), which check_name refuses anyway.
NAME_CHARACTERS = r"[^\x00-\x1f\x7f-\x9f]*"


class NameInput(Input):
    """A seat's name field: control characters never get in, a paste is one line.

    A paste keeps its first line with control characters (an escape
    sequence, a bell) removed, cut to the room left in the field, so it is
    one piece of text typed at once, never commands.
    """

    def _on_paste(self, event: events.Paste) -> None:
        event.stop()
        lines = event.text.splitlines()
        text = without_controls(lines[0] if lines else "")
        start, end = sorted(self.selection)
        room = max(0, (self.max_length or MAX_NAME_CHARS) - (len(self.value) - (end - start)))
        if text[:room]:
            self.replace(text[:room], start, end)


@translated
class SetupScreen(Screen[None]):
    """Collects a game's setup and asks the app to start it.

    Errors (a count the options forbid, a bad seed) are shown in the
    message line; nothing is started until the setup is valid.
    """

    DEFAULT_CSS = tcss(__file__, "setup.tcss")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Back")),
        Binding("ctrl+n", "start", N_("Start")),
        Binding("f5", "start", N_("Start"), show=False),
        Binding("f1", "rules", N_("Rules")),
    ]

    def __init__(
        self,
        spec: GameSpec,
        names: Sequence[str] | None = None,
        options: dict[str, Any] | None = None,
        seats: Sequence[str] | None = None,
    ) -> None:
        """``seats``: who plays each seat at first ("human" or a computer player's level)."""
        super().__init__()
        self.spec = spec
        self.initial_names = list(names or DEFAULT_NAMES[: spec.min_players])
        self.initial_options = dict(options or {})
        self.initial_seats = list(seats or ())

    def compose(self) -> ComposeResult:
        spec = self.spec
        yield Static(
            _("New game: {title}  ({count})").format(title=spec.title, count=seat_count(spec)),
            id="setup-title",
        )
        yield Static(
            _(
                "Tab / Shift+Tab: next / previous field. Enter opens a list or presses a button. "
                "Ctrl+N starts from anywhere."
            ),
            id="setup-help",
        )
        with VerticalScroll(id="setup-form"):
            count = min(max(len(self.initial_names), spec.min_players), spec.max_players)
            with Horizontal(classes="setup-row"):
                yield Label(_("Runners") if spec.seat_word == "runner" else _("Players"))
                yield Select(
                    [(str(n), n) for n in range(spec.min_players, spec.max_players + 1)],
                    value=count if len(self.initial_names) <= spec.max_players else spec.min_players,
                    allow_blank=False,
                    compact=True,
                    id="setup-players",
                )
            for seat in range(spec.max_players):
                name = self.initial_names[seat] if seat < len(self.initial_names) else DEFAULT_NAMES[seat]
                kind = self.initial_seats[seat] if seat < len(self.initial_seats) else HUMAN
                with Horizontal(classes="setup-row seat-row", id=f"name-row-{seat}"):
                    yield Label(_("Seat {letter} name").format(letter=seat_letter(seat)))
                    yield NameInput(
                        value=name,
                        max_length=MAX_NAME_CHARS,
                        restrict=NAME_CHARACTERS,
                        compact=True,
                        id=f"setup-name-{seat}",
                    )
                    yield Select(
                        [(kind_name(k), k) for k in SEAT_KINDS],
                        value=kind,
                        allow_blank=False,
                        compact=True,
                        id=f"setup-seat-{seat}",
                    )
            for key, opt in spec.options.items():
                value = self.initial_options.get(key, opt.default)
                with Horizontal(classes="setup-row"):
                    yield Label(_(opt.label))
                    yield Select(
                        [(_choice_text(c), c) for c in opt.choices],
                        value=value,
                        allow_blank=False,
                        compact=True,
                        id=f"setup-opt-{key}",
                    )
                if opt.help:
                    yield Static(_(opt.help), classes="option-help", markup=False)
            with Horizontal(classes="setup-row"):
                yield Label(_("Seed (optional)"))
                yield Input(
                    placeholder=_("random"),
                    restrict=r"-?[0-9]*",
                    max_length=20,
                    compact=True,
                    id="setup-seed",
                )
            with Horizontal(id="setup-buttons"):
                yield Button(_("Start game"), id="setup-start", variant="primary", compact=True)
                yield Button(_("Back"), id="setup-back", compact=True)
        yield Static("", id="setup-message", markup=False)  # names appear as typed
        yield StableFooter()

    def on_mount(self) -> None:
        self._show_name_rows()
        self.query_one("#setup-players").focus()

    @on(Select.Changed, "#setup-players")
    def _players_changed(self) -> None:
        self._show_name_rows()

    def _players(self) -> int:
        value = self.query_one("#setup-players", Select).value
        return int(value) if isinstance(value, int) else self.spec.min_players

    def _show_name_rows(self) -> None:
        n = self._players()
        for seat in range(self.spec.max_players):
            self.query_one(f"#name-row-{seat}").display = seat < n

    @on(Input.Submitted)
    def _next_field(self) -> None:
        self.focus_next()

    @on(Button.Pressed, "#setup-start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#setup-back")
    def _back_pressed(self) -> None:
        self.action_back()

    def seats(self) -> list[str]:
        """Who plays each shown seat: "human" or a computer player's level."""
        return [str(self.query_one(f"#setup-seat-{seat}", Select).value) for seat in range(self._players())]

    def collect(self) -> tuple[list[str], dict[str, Any], int | None]:
        """The names, options and seed on the form. Raises ValueError for bad input."""
        n = self._players()
        names = list(check_names(self.query_one(f"#setup-name-{seat}", Input).value for seat in range(n)))
        options: dict[str, Any] = {}
        for key in self.spec.options:
            options[key] = self.query_one(f"#setup-opt-{key}", Select).value
        seed_text = self.query_one("#setup-seed", Input).value.strip()
        seed = None
        if seed_text and seed_text != "-":
            seed = typed_whole_number(seed_text, signed=True)
            if seed is None or not SEED_MIN <= seed <= SEED_MAX:
                raise ValueError(f"the seed must be a whole number from {SEED_MIN} to {SEED_MAX}")
        return names, options, seed

    def action_start(self) -> None:
        message = self.query_one("#setup-message", Static)
        try:
            names, options, seed = self.collect()
            shell_of(self).start_new_game(self.spec.id, names, options, seed, self.seats())
        except ValueError as exc:
            text = i18n.translate_text(str(exc))
            for key, opt in self.spec.options.items():  # the option's name on screen, not its id
                text = text.replace(f"(option {key})", f'("{_(opt.label)}")').replace(
                    f"option {key}", f'"{_(opt.label)}"'
                )
            message.update(_("Cannot start: {reason}").format(reason=text))
            self.app.bell()

    @on(Select.Changed)
    @on(Input.Changed)
    def _clear_message(self) -> None:
        """An old refusal goes away as soon as the form changes."""
        self.query_one("#setup-message", Static).update("")

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_rules(self) -> None:
        from .rules_viewer import show_rules

        show_rules(self.app, self.spec.title, self.spec.rules_text())
