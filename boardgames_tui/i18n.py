"""Translations: gettext catalogues (managed with Babel), English in the source, Spanish in ``locale/``.

Every string the app shows is written in English inside ``_()`` (or
``ngettext``), extracted with ``pybabel extract`` and translated in
``boardgames_tui/locale/es/LC_MESSAGES/boardgames_tui.po``. The package
ships the compiled ``.mo`` beside it (``pybabel compile``), so an install
(``pip install -e .`` or a wheel) needs nothing but the standard library's
``gettext`` at run time; a test checks that the ``.mo`` matches the ``.po``.

The language is chosen once at start (:func:`choose_language`: ``--lang``,
else the language the player chose in the settings, else
``LC_ALL``/``LC_MESSAGES``/``LANG`` when they name a language we have, else
English) and may be changed from the settings screen
(:func:`set_language`); ``_()`` looks the current catalogue up at each call,
so a screen built after the change speaks the new language.

Game titles and card names are not translated: they stay as the rulebooks
print them.
"""

from __future__ import annotations

import gettext as _gettext
import os
from pathlib import Path
from typing import Mapping

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "boardgames_tui"
#: The languages the app speaks, by code; the first is the source language.
LANGUAGES: dict[str, str] = {"en": "English", "es": "Español"}
DEFAULT_LANGUAGE = "en"

_translations: _gettext.NullTranslations = _gettext.NullTranslations()
_language = DEFAULT_LANGUAGE
#: When a set, every message looked up without a translation (in a language
#: other than English) is added to it: the tests' check that nothing shown is
#: left untranslated.
missing: set[str] | None = None


def language() -> str:
    """The code of the language in use ('en' or 'es')."""
    return _language


def set_language(code: str) -> None:
    """Speak ``code`` from now on. Raises ValueError for a language we do not have.

    English needs no catalogue; Spanish reads the shipped ``.mo`` file (a
    missing file raises OSError: the installation is broken).
    """
    global _translations, _language
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; choose one of {', '.join(LANGUAGES)}")
    if code == DEFAULT_LANGUAGE:
        _translations = _gettext.NullTranslations()
    else:
        _translations = _gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
    _language = code


def language_from_environment(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the locale variables ask for, if it is one we have (else None).

    Reads ``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``, as the C library
    does: the first one set decides. ``es_CL.UTF-8`` gives 'es'; ``C``,
    ``POSIX`` or a language we do not have give None.
    """
    env = os.environ if environ is None else environ
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key)
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].lower()
            return code if code in LANGUAGES else None
    return None


def choose_language(cli: str | None, settings_language: str | None, environ: Mapping[str, str] | None = None) -> str:
    """The language to start in: ``--lang``, else the settings, else the environment, else English.

    ``settings_language`` is what the player chose in the settings screen
    (None when the settings say "automatic"): a choice made in the app
    outranks the locale the terminal happens to have.
    """
    for code in (cli, settings_language, language_from_environment(environ)):
        if code in LANGUAGES:
            return code  # type: ignore[return-value]
    return DEFAULT_LANGUAGE


def _(message: str) -> str:
    """``message`` in the current language (English: as written)."""
    if _language == DEFAULT_LANGUAGE:
        return message
    text = _translations.gettext(message)
    if text is message and missing is not None and message:
        missing.add(message)
    return text


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form of a message for ``n``, in the current language."""
    if _language == DEFAULT_LANGUAGE:
        return singular if n == 1 else plural
    text = _translations.ngettext(singular, plural, n)
    if text in (singular, plural) and missing is not None:
        missing.add(singular)
    return text


def N_(message: str) -> str:
    """Marks ``message`` for extraction without translating it now (it is translated where shown)."""
    return message
