"""A terminal driver that survives any bytes on its input (issue: hostile input).

Textual 8.2.8's ``LinuxDriver.run_input_thread`` decodes stdin with a strict
incremental UTF-8 decoder and feeds the text to its ``XTermParser``. Three
kinds of input end the app there, because an exception in that thread makes
the app panic:

- bytes that are not UTF-8: a Latin-1 terminal typing ``é`` (0xE9) or ``ñ``
  (0xF1), or the old X10 mouse report ``ESC [ M`` whose coordinate bytes are
  above 0x7F (``UnicodeDecodeError``);
- escape sequences the parser chokes on, such as a keyboard-protocol key
  ``ESC [ 99999999 u`` (``chr()`` out of range: ``ValueError``);
- an ESC inside a bracketed paste: the parser then gives up on the paste and
  re-sends up to 32 pasted characters as keystrokes (digits, Enter, ``q``),
  so a paste acts as a stream of commands.

:class:`TolerantLinuxDriver` changes only that thread. Its loop is Textual's
own (same selector, same reads, same parser) with three differences:

1. invalid UTF-8 is decoded by :func:`_latin1_fallback`: a byte from 0xA0 up
   is read as Latin-1 (so a Latin-1 terminal's ``é`` arrives as ``é``), any
   other stray byte becomes U+FFFD. A lone lead byte still waiting for the
   rest of its character is flushed the same way once no input arrives for
   a tenth of a second, so an ``é`` typed last is not held back;
2. :class:`PasteFilter` removes ESC characters inside a bracketed paste
   (except the one that closes it), so the parser sees a plain paste;
3. text is fed to the parser one character at a time; if the parser still
   raises, the sequence that made it raise is dropped and a fresh parser
   takes over with the next character; the app goes on.

Its output differs in one way: everything written goes through an
:class:`~boardgames_tui.ui.squeeze.OutputSqueezer` (:class:`SqueezedWrites`),
which draws the same cells with fewer bytes (``ui/squeeze.py``); every resize
the terminal reports makes it forget the screen. If the squeezer ever
raises, that write goes out as Textual wrote it and the squeezer starts
afresh, knowing nothing of the terminal's state.

The rest of the driver (resizes, mouse, suspend) is Textual's. The
app selects this class in :meth:`BoardGamesApp.get_driver_class` only where
Textual would use ``LinuxDriver``.
"""

from __future__ import annotations

import codecs
import os
import selectors
import threading

from textual import events
from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver
from textual.message import Message

from boardgames_tui.ui.squeeze import OutputSqueezer

PASTE_START = "\x1b[200~"
PASTE_END = "\x1b[201~"

_ERRORS = "boardgames-tui-latin1"


def _latin1_fallback(error: UnicodeError) -> tuple[str, int]:
    """Codec error handler: bytes 0xA0-0xFF as Latin-1, anything else as U+FFFD."""
    if not isinstance(error, UnicodeDecodeError):
        raise error
    bad = error.object[error.start : error.end]
    return "".join(chr(b) if b >= 0xA0 else "\ufffd" for b in bad), error.end


codecs.register_error(_ERRORS, _latin1_fallback)


def make_decoder() -> codecs.IncrementalDecoder:
    """An incremental UTF-8 decoder that never raises (see :func:`_latin1_fallback`)."""
    return codecs.getincrementaldecoder("utf-8")(errors=_ERRORS)


class PasteFilter:
    """Removes ESC from the inside of bracketed pastes in a stream of decoded text.

    ``feed(text)`` returns the text to hand to the parser. Outside a paste
    everything passes at once (an Escape key is never held back). Inside one,
    an ESC that does not start the closing ``ESC [ 201 ~`` is dropped; an
    ESC at the very end of a chunk is kept back until the next chunk shows
    whether it closes the paste.
    """

    def __init__(self) -> None:
        self.in_paste = False
        self._tail = ""  # the last few characters outside a paste, to find a split PASTE_START
        self._held = ""  # inside a paste: a possible start of PASTE_END cut by the chunk's end

    def feed(self, text: str) -> str:
        out: list[str] = []
        while text:
            if not self.in_paste:
                seen = self._tail + text
                at = seen.find(PASTE_START)
                if at < 0:
                    out.append(text)
                    self._tail = seen[-(len(PASTE_START) - 1) :]
                    return "".join(out)
                cut = at + len(PASTE_START) - len(self._tail)  # end of the marker inside text
                out.append(text[:cut])
                text = text[cut:]
                self._tail = ""
                self.in_paste = True
            else:
                text = self._held + text
                self._held = ""
                esc = text.find("\x1b")
                if esc < 0:
                    out.append(text)
                    return "".join(out)
                out.append(text[:esc])
                rest = text[esc:]
                if rest.startswith(PASTE_END):
                    out.append(PASTE_END)
                    text = rest[len(PASTE_END) :]
                    self.in_paste = False
                elif PASTE_END.startswith(rest):
                    self._held = rest  # wait for the rest of the closing marker
                    return "".join(out)
                else:
                    text = rest[1:]  # an ESC inside the paste: dropped
        return "".join(out)


class SqueezedWrites:
    """A driver's :class:`~boardgames_tui.ui.squeeze.OutputSqueezer`, safe to call from any thread.

    ``squeeze(data, size)`` returns what to write instead of ``data`` on a
    terminal of ``size`` (columns, rows; None if not known, which forgets
    the copy of the screen). If the squeezer raises, ``data`` itself is
    returned and a fresh squeezer (knowing nothing) takes over.
    """

    def __init__(self) -> None:
        self.squeezer = OutputSqueezer()
        self._lock = threading.Lock()
        self._resized = False

    def __call__(self, data: str, size: tuple[int, int] | None) -> str:
        with self._lock:
            try:
                if self._resized:
                    self._resized = False
                    self.squeezer.forget_screen()
                if size is None:
                    self.squeezer.forget_screen()
                else:
                    self.squeezer.set_size(*size)
                return self.squeezer.feed(data)
            except Exception:
                self.squeezer = OutputSqueezer()
                return data

    def resized(self) -> None:
        """The terminal says it was resized: the next write forgets the cells, whatever the size then.

        A window made smaller and larger again may have lost cells though the
        size reads the same. Only sets a flag (no lock): safe in a signal handler.
        """
        self._resized = True


class TolerantLinuxDriver(LinuxDriver):
    """Textual's Linux driver with an input thread that survives any bytes.

    See the module docstring for what differs from ``LinuxDriver`` and why.
    """

    #: Seconds without input after which a half-received character is flushed.
    FLUSH_AFTER = 0.1

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._squeeze = SqueezedWrites()

    def write(self, data: str) -> None:
        """Write ``data`` as fewer bytes drawing the same cells (see ui/squeeze.py)."""
        super().write(self._squeeze(data, self._output_size()))

    def _output_size(self) -> tuple[int, int] | None:
        """The output terminal's (width, height) as the kernel has it now, None if not a terminal.

        Read at every write, and every SIGWINCH or resize report marks the
        squeezer resized: the repaint Textual does for a resize is always
        written whole, never skipping a cell on the strength of the old screen.
        """
        try:
            size = os.get_terminal_size(self._file.fileno())  # type: ignore[union-attr]  # None: AttributeError, caught
        except (AttributeError, ValueError, OSError):
            return None
        return (size.columns, size.lines) if size.columns and size.lines else None

    def process_message(self, message: Message) -> None:
        """Textual's, and a resize reported by the terminal itself forgets the squeezer's screen."""
        if isinstance(message, events.Resize):
            self._squeeze.resized()
        super().process_message(message)

    def _get_terminal_size(self) -> tuple[int, int]:
        """Textual's; it is asked on every SIGWINCH, before the app hears of the resize."""
        self._squeeze.resized()
        return super()._get_terminal_size()

    def run_input_thread(self) -> None:
        """Wait for input and dispatch events (Textual's loop, made tolerant)."""
        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)
        fileno = self.fileno
        decoder = make_decoder()
        paste = PasteFilter()
        parser = XTermParser(self._debug)

        def dispatch(text: str) -> None:
            nonlocal parser
            # One character at a time, so that when the parser fails on a
            # sequence only that sequence is lost, not the keys after it.
            for ch in text:
                try:
                    for event in parser.feed(ch):
                        self.process_message(event)
                except Exception:
                    parser = XTermParser(self._debug)  # drop what it choked on, go on afresh
            try:
                for event in parser.tick():
                    self.process_message(event)
            except Exception:
                parser = XTermParser(self._debug)

        def read_ready(ready: list) -> None:
            for _key, mask in ready:
                if mask & selectors.EVENT_READ:
                    data = os.read(fileno, 1024 * 4)
                    if not data:  # stdin closed (a pipe): nothing more will come
                        return
                    dispatch(paste.feed(decoder.decode(data)))
            if not ready and decoder.getstate()[0]:
                # A lead byte with nothing after it (a Latin-1 é typed last).
                dispatch(paste.feed(decoder.decode(b"", final=True)))
                decoder.reset()
            dispatch("")

        try:
            while not self.exit_event.is_set():
                read_ready(selector.select(self.FLUSH_AFTER))
            selector.unregister(self.fileno)
            read_ready(selector.select(self.FLUSH_AFTER))
        finally:
            selector.close()
