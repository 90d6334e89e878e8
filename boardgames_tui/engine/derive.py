"""The one way the rules derive a new frozen state from an old one.

Every game's state is a frozen ``attrs`` class, and ``apply`` makes a new
one at every decision (thousands per second in ``simulate`` and in a
computer player's search). :func:`evolve` is ``attrs.evolve`` without the
generated ``__init__``: a state with a ``__dict__`` is copied with two
dictionary updates; a slotted one through a function built once per class,
with one keyword per field, that sets the values straight into the slots.
The classes have no converters or validators, so the result is the same
object ``attrs.evolve`` would give.

Fields declared with ``init=False`` are caches (a lookup table built from
other fields on first use): they are never copied, a derived state starts
with their default, and they take no part in equality.

:func:`replace_at` is the one tuple helper: a tuple with one item replaced.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

_MISSING = object()

S = TypeVar("S")
T = TypeVar("T")


def evolve(state: S, **changes: Any) -> S:
    """A copy of the frozen attrs ``state`` with ``changes`` applied.

    ``changes`` maps field names to new values; any other field keeps its
    value, and caches (``init=False`` fields) are reset to their default.
    Raises TypeError for a name that is not a field of the class. The values
    are not converted or validated (the state classes declare neither).
    """
    cls = type(state)
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _PLANS[cls] = _plan(cls)
    names, caches, derive = plan
    if derive is not None:
        derived: S = derive(state, **changes)
        return derived
    if not names.issuperset(changes):
        raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(set(changes) - names))}")
    new: S = _new_object(cls)
    d = new.__dict__
    d.update(state.__dict__)
    d.update(changes)
    if caches:
        d.update(caches)
    return new


_new_object = object.__new__
#: What :func:`_plan` worked out for each class: its field names, caches' defaults and copier.
_Plan = tuple[frozenset[str], dict[str, Any], Callable[..., Any] | None]
_PLANS: dict[type, _Plan] = {}


def _plan(cls: type) -> _Plan:
    """How to copy ``cls``: its field names, its caches' defaults, and for a slotted
    class a function generated with one keyword per field (as attrs generates
    ``__init__``); None there for a class with a ``__dict__``."""
    fields = attrs.fields(cls)
    copied = [f.name for f in fields if f.init]
    caches = {f.name: f.default for f in fields if not f.init}
    if "__slots__" not in cls.__dict__:
        return frozenset(copied), caches, None
    scope: dict[str, Any] = {"_MISSING": _MISSING, "_new": object.__new__, "_cls": cls}
    lines = ["    new = _new(_cls)"]
    for name in copied:
        scope[f"_set_{name}"] = cls.__dict__[name].__set__
        lines.append(f"    _set_{name}(new, st.{name} if {name} is _MISSING else {name})")
    for name, default in caches.items():
        scope[f"_set_{name}"] = cls.__dict__[name].__set__
        scope[f"_default_{name}"] = default
        lines.append(f"    _set_{name}(new, _default_{name})")
    params = ", ".join(f"{name}=_MISSING" for name in copied)
    source = f"def derive(st, *, {params}):\n" + "\n".join(lines) + "\n    return new\n"
    exec(compile(source, f"<derive {cls.__name__}>", "exec"), scope)
    return frozenset(copied), caches, scope["derive"]


def replace_at(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with the item at ``index`` replaced by ``value`` (a new tuple).

    ``index`` must be in range (0 <= index < len(items)); a per-seat tuple is
    the usual case: ``replace_at(state.copper, seat, 5)``.
    """
    return items[:index] + (value,) + items[index + 1 :]
