"""The settings screen (from the launcher): language, theme, paces, confirmation of secret choices."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.theme import BUILTIN_THEMES
from textual.widgets import Button, Checkbox, Label, Select, Static

from boardgames_tui import settings as S
from boardgames_tui.i18n import LANGUAGES, N_, _

from .footer import StableFooter
from .translated import apply_language, translated

#: The paces offered, in seconds.
PACE_CHOICES = (0.0, 0.3, 0.5, 0.8, 1.0, 1.5, 2.0, 3.0, 5.0)


def theme_choices() -> list[tuple[str, str]]:
    """(label, theme name) of every Textual theme; the 16-colour one first and marked so."""
    names = sorted(BUILTIN_THEMES)
    names.remove(S.SIXTEEN_COLOUR_THEME)
    label = _("{theme} (works with 16 colours)").format(theme=S.SIXTEEN_COLOUR_THEME)
    return [(label, S.SIXTEEN_COLOUR_THEME)] + [(n, n) for n in names]


def _pace_choices(current: float) -> list[tuple[str, float]]:
    paces = sorted(set(PACE_CHOICES) | {current})
    return [(_("{seconds:g} s").format(seconds=p) if p else _("no pause"), p) for p in paces]


@translated
class SettingsScreen(Screen[None]):
    """Edits :class:`boardgames_tui.settings.Settings`; Save writes the file and applies language and theme."""

    DEFAULT_CSS = """
    SettingsScreen { layout: vertical; }
    SettingsScreen #settings-title { padding: 0 1; text-style: bold; background: $accent; color: $text; }
    SettingsScreen:nocolor #settings-title { text-style: bold reverse; }
    SettingsScreen #settings-form { height: 1fr; padding: 0 1; }
    SettingsScreen .settings-row { height: 3; }
    SettingsScreen .settings-row Label { width: 30; padding: 1 1 0 0; }
    SettingsScreen .settings-row Select { width: 1fr; }
    SettingsScreen #settings-buttons { height: 3; }
    SettingsScreen Select:nocolor:focus > SelectCurrent { text-style: bold reverse; }
    SettingsScreen Checkbox:nocolor:focus { text-style: bold reverse; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Back")),
        Binding("ctrl+s", "save", N_("Save")),
    ]

    def compose(self) -> ComposeResult:
        now = S.current()
        yield Static(
            _("Settings (saved in {path})").format(path=S.settings_path()), id="settings-title", markup=False
        )
        with VerticalScroll(id="settings-form"):
            with Horizontal(classes="settings-row"):
                yield Label(_("Language"))
                yield Select(
                    [(_("From the system (LANG)"), "auto")]
                    + [(name, code) for code, name in LANGUAGES.items()],
                    value=now.language,
                    allow_blank=False,
                    id="settings-language",
                )
            with Horizontal(classes="settings-row"):
                yield Label(_("Theme"))
                themes = theme_choices()
                value = now.theme if now.theme in dict((v, k) for k, v in themes) else "textual-dark"
                yield Select(themes, value=value, allow_blank=False, id="settings-theme")
            with Horizontal(classes="settings-row"):
                yield Label(_("Pace of computer moves"))
                yield Select(
                    _pace_choices(now.bot_pace), value=now.bot_pace, allow_blank=False, id="settings-bot-pace"
                )
            with Horizontal(classes="settings-row"):
                yield Label(_("Pace of round reveals"))
                yield Select(
                    _pace_choices(now.reveal_pace),
                    value=now.reveal_pace,
                    allow_blank=False,
                    id="settings-reveal-pace",
                )
            yield Checkbox(
                _("Confirm secret choices with Enter"), value=now.confirm_secret, id="settings-confirm"
            )
            with Horizontal(id="settings-buttons"):
                yield Button(_("Save"), id="settings-save", variant="primary")
                yield Button(_("Cancel"), id="settings-cancel")
        yield StableFooter()

    def on_mount(self) -> None:
        self.query_one("#settings-language").focus()

    def chosen(self) -> S.Settings:
        """The settings as the form shows them now."""
        return S.Settings(
            language=str(self.query_one("#settings-language", Select).value),
            theme=str(self.query_one("#settings-theme", Select).value),
            bot_pace=float(self.query_one("#settings-bot-pace", Select).value),  # type: ignore[arg-type]  # the Select offers numbers only
            reveal_pace=float(self.query_one("#settings-reveal-pace", Select).value),  # type: ignore[arg-type]  # the Select offers numbers only
            confirm_secret=self.query_one("#settings-confirm", Checkbox).value,
        )

    @on(Button.Pressed, "#settings-save")
    def action_save(self) -> None:
        """Write the settings, use them at once (language, theme) and go back."""
        new = self.chosen()
        try:
            S.save(new)
        except OSError as exc:
            self.notify(_("Could not save the settings: {error}").format(error=exc), severity="error")
            return
        S.use(new)
        from boardgames_tui.i18n import choose_language

        # A language chosen here is used at once; "from the system" goes back to LANG/LC_ALL.
        apply_language(new.language if new.language != "auto" else choose_language(None, None))
        self.app.theme = new.theme
        self.notify(_("Settings saved."), timeout=3)
        self.dismiss(None)

    @on(Button.Pressed, "#settings-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
