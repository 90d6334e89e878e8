"""Footer texts that follow the language: key descriptions translated when the language changes.

Textual reads a class's ``BINDINGS`` once, when the class is created. A
screen decorated with :func:`translated` declares its descriptions in
English (marked with ``N_`` for extraction); :func:`apply_language` sets the
language and rebuilds every decorated class's bindings with the translated
descriptions, so every screen opened afterwards shows them in the new
language (a screen already open keeps the ones it was built with).
"""

from __future__ import annotations

import dataclasses
from typing import TypeVar

from textual.binding import Binding
from textual.dom import DOMNode

from boardgames_tui import i18n

T = TypeVar("T", bound=type[DOMNode])

_CLASSES: list[type[DOMNode]] = []
_ENGLISH: dict[type[DOMNode], list] = {}


def _retranslate(cls: type[DOMNode]) -> None:
    english = _ENGLISH[cls]
    cls.BINDINGS = [
        dataclasses.replace(b, description=i18n._(b.description) if b.description else "")
        if isinstance(b, Binding)
        else b
        for b in english
    ]
    cls._merged_bindings = cls._merge_bindings()


def translated(cls: T) -> T:
    """Class decorator: the class's binding descriptions follow :func:`apply_language`."""
    _ENGLISH[cls] = list(cls.__dict__.get("BINDINGS", []))
    _CLASSES.append(cls)
    _retranslate(cls)
    return cls


def apply_language(code: str) -> None:
    """Speak ``code`` (ValueError if unknown) and translate every decorated class's key descriptions."""
    i18n.set_language(code)
    for cls in _CLASSES:
        _retranslate(cls)
