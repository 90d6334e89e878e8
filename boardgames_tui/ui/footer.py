"""The key bar at the bottom of every screen, drawn as one line."""

from __future__ import annotations

from typing import ClassVar

from rich.segment import Segment
from textual import events
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget


class StableFooter(Widget, can_focus=False):
    """The keys of the screen's active bindings (those with ``show``), as " key description ".

    Textual's ``Footer`` is a row of one widget per key, removed and
    mounted again whenever the screen's bindings change. Each mount asked
    Textual to lay out and repaint the whole screen: on a game screen that
    was a tenth of the CPU of a keypress, and over SSH a screenful of bytes
    whenever Undo or Scores came and went. This footer is one widget that
    draws one line: when the bindings change it compares what it would
    show with what it shows, and repaints its own row only if they differ.

    A key whose action is disabled is shown dimmed. A click on a key
    presses it. Looks as Textual's footer does: the key in bold in the
    theme's footer key colour, then its description.
    """

    ALLOW_SELECT = False

    COMPONENT_CLASSES: ClassVar[set[str]] = {"footer--key", "footer--description", "footer--disabled"}

    DEFAULT_CSS = """
    StableFooter {
        dock: bottom;
        height: 1;
        width: 1fr;
        color: $footer-foreground;
        background: $footer-background;
    }
    StableFooter > .footer--key {
        color: $footer-key-foreground;
        background: $footer-key-background;
        text-style: bold;
    }
    StableFooter > .footer--description {
        color: $footer-description-foreground;
        background: $footer-description-background;
    }
    StableFooter > .footer--disabled {
        color: $text-disabled;
    }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        #: What is shown: (key shown, description, key pressed, enabled) per binding.
        self._shown: tuple[tuple[str, str, str, bool], ...] = ()
        #: Where each key sits on the line: (first column, last column + 1, key pressed).
        self._spans: list[tuple[int, int, str]] = []
        self._strip = Strip.blank(0)
        #: The key, description and disabled styles, looked up once per set of styles (a lookup
        #: walks the CSS, and Textual forgets its own answer at every repaint).
        self._styles: tuple | None = None

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._update()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen) -> None:
        if self.is_attached and screen is self.screen:
            self._update()

    def entries(self) -> tuple[tuple[str, str, str, bool], ...]:
        """What the footer shows now: (key shown, description, key pressed, enabled), left to right,
        one entry per action (a binding with several keys shows its first), as Textual's footer."""
        if not self.is_attached:
            return ()
        shown: dict[str, tuple[str, str, str, bool]] = {}  # one entry per action, its first key
        for _node, binding, enabled, _tooltip in self.screen.active_bindings.values():
            if binding.show and binding.action not in shown:
                display = binding.key_display or self.app.get_key_display(binding)
                shown[binding.action] = (display, binding.description, binding.key, enabled)
        return tuple(shown.values())

    def _update(self) -> None:
        shown = self.entries()
        if shown == self._shown and self._strip.cell_length:
            return
        self._shown = shown
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def notify_style_update(self) -> None:
        self._styles = None  # a new theme or stylesheet: look the styles up again
        super().notify_style_update()

    def _draw(self) -> None:
        if self._styles is None:
            self._styles = tuple(
                self.get_component_rich_style(name)
                for name in ("footer--key", "footer--description", "footer--disabled")
            )
        key_style, text_style, off_style = self._styles
        segments: list[Segment] = []
        spans: list[tuple[int, int, str]] = []
        x = 0
        for display, description, key, enabled in self._shown:
            start = x
            part_key = f" {display} "
            part_text = f"{description} " if description else ""
            segments.append(Segment(part_key, key_style if enabled else key_style + off_style))
            if part_text:
                segments.append(Segment(part_text, text_style if enabled else text_style + off_style))
            x += len(part_key) + len(part_text)
            spans.append((start, x, key))
        self._spans = spans
        self._strip = Strip(segments)
        self.refresh()

    def plain(self) -> str:
        """The line as plain text (for tests)."""
        return self._strip.text

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        base = self.visual_style.rich_style
        if y == 0:
            return self._strip.crop_extend(0, width, None).apply_style(base)
        return Strip.blank(width, base)

    async def on_click(self, event: events.Click) -> None:
        """A click on a key presses it."""
        for start, end, key in self._spans:
            if start <= event.x < end:
                event.stop()
                self.app.simulate_key(key)
                return
