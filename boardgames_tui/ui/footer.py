"""A Footer that rebuilds its keys only when the keys it shows change."""

from __future__ import annotations

from typing import Any

from textual.widgets import Footer


class StableFooter(Footer):
    """Textual's Footer, minus the rebuilds that change nothing.

    Textual's Footer removes and mounts all of its key widgets whenever the
    screen's bindings are refreshed, which happens after every decision
    (the game screen refreshes its bindings so Undo and Scores follow the
    state) and on every change of focus. On a game screen that was about a
    tenth of the CPU of a keypress (``benchmarks/ui_speed.py``). This one
    compares what it would show (each shown binding's key, label, display
    and whether it is enabled, plus its own display options) with what it
    shows, and rebuilds only when they differ.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._shown: tuple | None = None

    def _signature(self) -> tuple:
        """What the footer would show now, as a comparable tuple."""
        if not self._bindings_ready or not self.is_attached:
            return ()
        keys = tuple(
            (binding.key, binding.action, binding.description, binding.key_display, enabled, tooltip)
            for (_, binding, enabled, tooltip) in self.screen.active_bindings.values()
            if binding.show
        )
        return (keys, self.compact, self.show_command_palette)

    async def recompose(self) -> None:
        """Rebuild the keys only if what they show has changed."""
        signature = self._signature()
        if signature and signature == self._shown:
            return
        self._shown = signature or None
        await super().recompose()
