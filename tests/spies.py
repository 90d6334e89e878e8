"""Spies for tests that count what the app does: calls of a method, and layouts until none is left."""

from __future__ import annotations

import pytest
from textual import _compositor


def count_calls(monkeypatch, owner, name: str) -> list[int]:
    """Count the calls of ``owner.name`` (a one-item list, so the test reads it after the fact).

    ``owner`` is a class, module or object; the spy is put in with ``monkeypatch`` and goes with it.
    """
    calls = [0]
    original = getattr(owner, name)

    def counted(*args, **kwargs):
        calls[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


async def settled(pilot, passes: int = 20) -> None:
    """Let the app run until a pass of its message loop lays nothing out (the first layouts of a new app).

    Counts ``Compositor.reflow`` calls between ``pilot.pause()`` calls; the spy is taken out on
    return. AssertionError if layouts go on for ``passes`` pauses.
    """
    with pytest.MonkeyPatch.context() as monkeypatch:
        reflows = count_calls(monkeypatch, _compositor.Compositor, "reflow")
        reflows[0] = 1
        for _ in range(passes):
            if not reflows[0]:
                return
            reflows[0] = 0
            await pilot.pause()
        raise AssertionError("the app keeps laying itself out")
