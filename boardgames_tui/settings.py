"""The player's settings: language, theme, paces, confirmation of secret choices.

A small typed object (:class:`Settings`) kept as JSON in the config folder
(``$BOARDGAMES_TUI_HOME/config`` when that variable is set, else the
platform's user config folder from platformdirs). Pure Python: no terminal
code, so the computer players and the engine side may read it too::

    from boardgames_tui.settings import current
    current().bot_pace        # seconds a computer player's move stays on screen
    current().reveal_pace     # seconds between the steps of a round reveal

A missing file gives the defaults silently; a broken one (not JSON, a wrong
type, a value out of range) gives the defaults and a one-line
:attr:`LoadedSettings.problem` that the app shows once; it is replaced only
when the player saves new settings.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import attrs
import cattrs

#: Languages the settings may name: "auto" follows the environment.
LANGUAGE_CHOICES = ("auto", "en", "es")
#: The theme that works with 16 colours (it uses the terminal's own palette).
SIXTEEN_COLOUR_THEME = "ansi-dark"
#: Seconds a computer player's move or a reveal step may stay on screen, at most.
MAX_PACE = 10.0
SETTINGS_FILE = "settings.json"


def _pace(_instance: Any, attribute: attrs.Attribute, value: float) -> None:
    if type(value) not in (int, float) or not 0.0 <= value <= MAX_PACE:
        raise ValueError(f"{attribute.name} must be a number of seconds from 0 to {MAX_PACE:g}")


@attrs.frozen
class Settings:
    """What the player chose. Raises ValueError (from the validators) for a value out of range.

    - ``language``: "auto" (from ``--lang`` or the environment), "en" or "es".
    - ``theme``: a Textual theme name; ``ansi-dark`` works in 16 colours.
    - ``bot_pace``: seconds a computer player's move is shown before the game goes on.
    - ``reveal_pace``: seconds between the steps of a round reveal (Montaña Pingüino).
    - ``confirm_secret``: a secret choice is first marked, then confirmed with Enter.
    """

    language: str = attrs.field(default="auto", validator=attrs.validators.in_(LANGUAGE_CHOICES))
    theme: str = attrs.field(default="textual-dark", validator=attrs.validators.instance_of(str))
    bot_pace: float = attrs.field(default=0.8, converter=float, validator=_pace)
    reveal_pace: float = attrs.field(default=1.0, converter=float, validator=_pace)
    confirm_secret: bool = attrs.field(default=True, validator=attrs.validators.instance_of(bool))


@attrs.frozen
class LoadedSettings:
    """Settings read from a file, and why the defaults were used instead (None: they were not)."""

    settings: Settings
    problem: str | None = None


_converter = cattrs.Converter(forbid_extra_keys=True)


def config_dir() -> Path:
    """Where the settings file lives."""
    env = os.environ.get("BOARDGAMES_TUI_HOME")
    if env:
        return Path(env) / "config"
    import platformdirs

    return Path(platformdirs.user_config_dir("boardgames-tui", appauthor=False))


def settings_path() -> Path:
    """The settings file."""
    return config_dir() / SETTINGS_FILE


def from_json(text: str) -> Settings:
    """Settings from the text of a settings file. Raises ValueError with a one-line reason."""
    try:
        data = json.loads(text)
    except ValueError:
        raise ValueError("it is not JSON") from None
    if type(data) is not dict:
        raise ValueError("it is not a JSON object")
    kinds = {
        "language": (str,),
        "theme": (str,),
        "bot_pace": (int, float),
        "reveal_pace": (int, float),
        "confirm_secret": (bool,),
    }
    for key, value in data.items():
        if key not in kinds:
            raise ValueError(f"it has an unknown setting {key[:30]!r}")
        if type(value) not in kinds[key]:  # cattrs would turn 3 into "3" and 1 into True
            raise ValueError(f"{key} has a value of the wrong kind")
    if data.get("language", "auto") not in LANGUAGE_CHOICES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGE_CHOICES)}")
    try:
        return _converter.structure(data, Settings)
    except cattrs.BaseValidationError as exc:
        causes = [str(e) for e in getattr(exc, "exceptions", ())] or [str(exc)]
        raise ValueError(" ".join(causes[0].split())[:120]) from None
    except (TypeError, ValueError) as exc:
        raise ValueError(" ".join(str(exc).split())[:120]) from None


def to_json(settings: Settings) -> str:
    """The text of a settings file."""
    return json.dumps(_converter.unstructure(settings), indent=1) + "\n"


def load(path: Path | None = None) -> LoadedSettings:
    """The settings of ``path`` (default: :func:`settings_path`); defaults and a problem when broken."""
    path = settings_path() if path is None else path
    try:
        if not path.is_file():
            if path.exists():
                return LoadedSettings(Settings(), f"{path} is not a file; the default settings are used")
            return LoadedSettings(Settings())
        if path.stat().st_size > 64 * 1024:
            return LoadedSettings(
                Settings(), f"{path} is too big for a settings file; the default settings are used"
            )
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return LoadedSettings(Settings(), f"{path} cannot be read ({exc}); the default settings are used")
    try:
        return LoadedSettings(from_json(text))
    except ValueError as exc:
        return LoadedSettings(Settings(), f"{path} is broken ({exc}); the default settings are used")


def save(settings: Settings, path: Path | None = None) -> Path:
    """Write ``settings`` atomically; returns the file. OSError when it cannot be written."""
    from boardgames_tui.engine.match import atomic_write

    path = settings_path() if path is None else path
    atomic_write(path, to_json(settings))
    return path


_current: Settings | None = None


def current() -> Settings:
    """The settings in use (read from the file on first use; the defaults if it is broken)."""
    global _current
    if _current is None:
        _current = load().settings
    return _current


def use(settings: Settings | None) -> None:
    """Make ``settings`` the ones in use (None: read the file again on next use). Nothing is written."""
    global _current
    _current = settings
