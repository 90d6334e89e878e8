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

Texts the engine writes (each game's log, prompts and scores, refused saves,
the SSH hub's refusals) stay English in every state and save; the screens
translate them when they show them (:func:`translate_text`,
:func:`render_event`), from the shapes the writing modules register with
:func:`shapes`.
"""

from __future__ import annotations

import functools
import gettext as _gettext
import os
import re
import string
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

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
    _templates.cache_clear()
    _translate_cached.cache_clear()


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


def choose_language(
    cli: str | None, settings_language: str | None, environ: Mapping[str, str] | None = None
) -> str:
    """The language to start in: ``--lang``, else the settings, else the environment, else English.

    ``settings_language`` is what the player chose in the settings screen
    (None when the settings say "automatic"): a choice made in the app
    outranks the locale the terminal happens to have.
    """
    for code in (cli, settings_language, language_from_environment(environ)):
        if code in LANGUAGES:
            return code
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


def local_time(seconds: float, pattern: str = "d MMM y HH:mm") -> str:
    """``seconds`` since the epoch as local time, in the current language's words ("1 dic 14:05").

    ``pattern`` is a CLDR date pattern (Babel's ``format_datetime``: ``d``
    day, ``MMM`` the month's short name in the language, ``y`` year,
    ``HH:mm`` the time), so a Spanish screen never shows an English month.
    """
    import datetime

    from babel.dates import format_datetime

    when = datetime.datetime.fromtimestamp(seconds)
    return format_datetime(when, pattern, locale=_language)


def N_(message: str) -> str:
    """Marks ``message`` for extraction without translating it now (it is translated where shown)."""
    return message


# ---------------------------------------------------------------- texts written in English by the engine
#
# The rules write their log, prompts and score rows in English, already
# formatted (``"{0}: 6+3 on 9: goat climbs to step 2 of 3."``, with ``{0}``
# standing for a seat's name), and a save keeps only actions, so the English
# text is what every state holds. Each game's rules mark the *templates* of
# those texts with ``N_`` (``"{player}: {dice} on {goat}: goat climbs to step
# {step} of {top}."``); they are in the catalogue like any other message.
# :func:`translate_text` finds the template a finished English text was made
# from, reads the values back out of it, and fills the translated template
# with them; a value that is itself a marked text (a colour, a nested
# phrase, or a comma-separated list of them) is translated the same way.
# Numbers, seat references and card names pass through unchanged.

#: The shapes of English texts written outside the screens (each game's rules, the save
#: checks, the SSH hub), registered by :func:`shapes` when their module is imported.
_SHAPES: set[str] = set()


def shapes(*texts: str) -> tuple[str, ...]:
    """Register the shapes of the English texts a module writes; returns them.

    Each is also marked with ``N_`` for extraction (``TEXTS = shapes(N_("..."),
    ...)``). Only registered shapes are used to read a finished text back, so a
    screen's own short messages ("{seat} plays {card}") never take the place of
    the shape a rule wrote a line with.
    """
    _SHAPES.update(texts)
    _templates.cache_clear()
    _translate_cached.cache_clear()
    return texts


_FIELD = re.compile(r"\{[A-Za-z_]\w*\}")
_WORD = re.compile(r"[A-Za-z]{3}")


@functools.lru_cache(maxsize=1)
def _templates() -> tuple[tuple[re.Pattern[str], str, str], ...]:
    """The registered shapes with named fields, as (pattern, English, longest literal), most specific first.

    A template whose literal text is shorter than two letters (``"{a} {b}"``)
    would match nearly anything and is left out.
    """
    found = []
    for key in sorted(_SHAPES):
        if not _FIELD.search(key):
            continue
        try:
            parts = list(string.Formatter().parse(key))
        except ValueError:
            continue
        literal = "".join(lit for lit, _f, _s, _c in parts)
        if len(literal.strip(" .,:;()")) < 2:
            continue
        pattern, seen = [], set()
        for lit, field, _spec, _conv in parts:
            pattern.append(re.escape(lit))
            if field is None:
                continue
            if not field.isidentifier():
                break
            pattern.append(f"(?P={field})" if field in seen else f"(?P<{field}>.*?)")
            seen.add(field)
        else:
            longest = max((lit for lit, _f, _s, _c in parts), key=len)
            found.append((re.compile("".join(pattern) + r"\Z", re.DOTALL), key, longest, len(literal)))
    found.sort(key=lambda t: -t[3])
    return tuple((p, k, lit) for p, k, lit, _n in found)


def _lookup(text: str) -> str | None:
    """``text`` translated as a whole (a message) or through a template, or None when neither fits."""
    translated = _translations.gettext(text)
    if translated is not text:
        return translated
    for pattern, key, literal in _templates():
        if literal not in text:
            continue
        match = pattern.match(text)
        if match is None:
            continue
        found = match.groupdict()
        if any(
            value.count("(") != value.count(")") or value.count("[") != value.count("]")
            for value in found.values()
        ):
            continue  # a value cutting through brackets: the text has another shape
        values = {name: _value(value) for name, value in found.items()}
        try:
            return _translations.gettext(key).format(**values)
        except (IndexError, KeyError, ValueError):
            return None
    return None


def _split(text: str, sep: str) -> list[str]:
    """``text`` split at ``sep`` outside parentheses ("a (b, c), d" -> ["a (b, c)", "d"])."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        ch = text[i]
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif depth == 0 and text.startswith(sep, i):
            parts.append(text[start:i])
            i += len(sep)
            start = i
            continue
        i += 1
    parts.append(text[start:])
    return parts


def _value(value: str) -> str:
    """A value read out of a template, translated when it is made of marked texts.

    Tried in turn: a list whose every item is a marked text ("knocks A's
    goat to the foot, knocks B's goat to the foot"); the value as one marked
    text; then its structure, each part translated the same way: a list
    ("x; y", "x, y"), a name with its description ("Jimy 4 (green: +2
    acceleration)": the name is kept), a heading and its text ("green: +2
    acceleration"); separators inside parentheses do not count. What
    matches nothing is kept as it is (a card's name).
    """
    if not value or value.isdigit() or (value[0] == "{" and value[-1] == "}" and value[1:-1].isdigit()):
        return value
    for sep in ("; ", ", "):
        pieces = _split(value, sep)
        if len(pieces) > 1:
            done = [_lookup(piece) for piece in pieces]
            if all(piece is not None for piece in done):
                return sep.join(done)  # type: ignore[arg-type]  # no None: checked just above
    whole = _lookup(value)
    if whole is not None:
        return whole
    pieces = _split(value, "; ")
    if len(pieces) > 1:
        return "; ".join(_value(piece) for piece in pieces)
    pieces = _split(value, ": ")
    if len(pieces) > 1:
        return f"{_value(pieces[0])}: {_value(': '.join(pieces[1:]))}"
    pieces = _split(value, ", ")
    if len(pieces) > 1:
        return ", ".join(_value(piece) for piece in pieces)
    if value.endswith(")") and " (" in value:
        head, inner = value[:-1].split(" (", 1)
        if inner.count("(") == inner.count(")"):
            return f"{_value(head)} ({_value(inner)})"
    for form in _VALUE_FORMS:
        shown = form(value)
        if shown is not None:
            return shown
    return value


#: Functions that show a value of no marked shape in the current language, or give None:
#: a game's own short notation (Penguinramids' "B5 1|2" for a blue penguin), registered by
#: the screens that draw it (:func:`value_form`).
_VALUE_FORMS: list[Callable[[str], str | None]] = []


def value_form(form: Callable[[str], str | None]) -> Callable[[str], str | None]:
    """Register ``form``: it turns a whole value read out of an engine text (a penguin's face
    "B5 1|2") into the current language's notation, or returns None. Returns ``form``."""
    if form not in _VALUE_FORMS:
        _VALUE_FORMS.append(form)
        _translate_cached.cache_clear()
    return form


@functools.lru_cache(maxsize=20000)
def _translate_cached(text: str) -> str | None:
    return _lookup(text)


def translate_text(text: str) -> str:
    """An English text the engine wrote (log line, prompt, score row, refusal), in the current language.

    ``text`` may hold seat references (``{0}``), numbers and card names:
    they are kept. A text made from no marked template is returned as it
    is (and noted in :data:`missing` while the tests watch).
    """
    if _language == DEFAULT_LANGUAGE or not _WORD.search(text):
        return text  # English, or nothing but numbers, letters and marks ("R5+B4", "12 8 4")
    translated = _translate_cached(text)
    if translated is None:
        if missing is not None:
            missing.add(text)
        return text
    return translated


def translate_parts(text: str) -> str:
    """An English text made of marked pieces, translated piece by piece (English: as it is).

    For texts put together by the rules rather than made from one template:
    a list ("a, b"), a heading and its text ("green-yellow: +2 acceleration,
    +1 conduction"), a name and its description. A piece of no marked shape
    is kept as it is (a card's name) and nothing is reported missing.
    """
    if _language == DEFAULT_LANGUAGE or not _WORD.search(text):
        return text
    return _value(text)


def render_event(event: Any, names: Sequence[str], seat: int | None = None) -> str:
    """``event.render(names, seat)`` in the current language: the engine's English line, translated.

    ``event`` is an engine ``Event`` (text, private); its text and the
    private part ``seat`` may read are translated before the names are
    filled in, so a name never takes part in the matching.
    """
    if _language == DEFAULT_LANGUAGE:
        return event.render(names, seat)
    private = event.private
    private = {seat: translate_text(private[seat])} if seat is not None and seat in private else {}
    return type(event)(translate_text(event.text), private).render(names, seat)
