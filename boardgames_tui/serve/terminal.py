"""What a session's app switched on in the client's terminal, and the bytes that switch it back.

A session that ends by ``q`` restores the terminal itself (Textual leaves the
alternate screen, shows the cursor, stops mouse reporting). A session the
server ends (idle timeout, shutdown) or a process that dies (a crash, a
kill) does not get to: its last bytes left the terminal in application
mode. So the server watches what each session's process writes:
:class:`TerminalModes` follows the DEC private modes (``ESC [ ? n h`` on,
``ESC [ ? n l`` off) and the keyboard-protocol stack (``ESC [ > n u`` push,
``ESC [ < u`` pop), and :meth:`TerminalModes.restore` gives the bytes that
put each one back as a plain terminal has it: cursor shown, automatic wrap
on, every other mode off, the keyboard stack empty. After a session that
quit cleanly there is nothing left to restore and it gives ``b""``, so a
client's terminal ends the same way whichever way its session ended.
"""

from __future__ import annotations

import re

#: Private modes a plain terminal has on: the cursor shown (25) and automatic wrap (7).
ON_BY_DEFAULT = frozenset({7, 25})

#: A private-mode set or reset (several modes may share one sequence), or a keyboard push or pop.
_SEQUENCE = re.compile(rb"\x1b\[\?([0-9;]+)([hl])|\x1b\[>[0-9]*u|\x1b\[<[0-9]*u")

#: The longest partial sequence kept back for the next chunk, in bytes.
_TAIL = 32

#: Modes that must be switched off before the screen they belong to is left, first in this order:
#: the keyboard and mouse reports, then the rest; the alternate screen (1049, 1047, 47) next to last,
#: the cursor and wrap last.
_SCREENS = (1049, 1047, 47)


class TerminalModes:
    """The modes a stream of terminal output has left on, followed chunk by chunk.

    ``feed(data)`` takes each chunk the process wrote (bytes, split anywhere:
    a sequence cut between two chunks is completed from the next).
    ``restore()`` returns the bytes that switch every mode back to a plain
    terminal's (see the module docstring), ``b""`` when nothing needs it.
    """

    def __init__(self) -> None:
        #: mode number -> on (True) or off (False), for the modes seen so far.
        self.modes: dict[int, bool] = {}
        #: Keyboard-protocol entries pushed and not popped.
        self.keyboard_pushes = 0
        self._tail = b""

    def feed(self, data: bytes) -> None:
        """Follow the mode changes in ``data``, the next chunk of output."""
        data = self._tail + data
        end = 0
        for found in _SEQUENCE.finditer(data):
            end = found.end()
            text = found.group(0)
            if found.group(1) is not None:
                on = found.group(2) == b"h"
                for part in found.group(1).split(b";"):
                    if part:
                        self.modes[int(part)] = on
            elif text.startswith(b"\x1b[>"):
                self.keyboard_pushes += 1
            else:
                count = int(text[3:-1] or b"1")
                self.keyboard_pushes = max(0, self.keyboard_pushes - count)
        rest = data[end:]
        start = rest.rfind(b"\x1b")
        # Keep a trailing ESC that may begin a sequence finished in the next chunk.
        self._tail = rest[start:] if start >= 0 and len(rest) - start < _TAIL else b""

    def left_on(self) -> list[int]:
        """The modes not as a plain terminal has them, in the order :meth:`restore` resets them."""
        changed = [m for m, on in self.modes.items() if on != (m in ON_BY_DEFAULT)]
        first = sorted(m for m in changed if m not in _SCREENS and m not in ON_BY_DEFAULT)
        screens = [m for m in _SCREENS if m in changed]
        last = sorted(m for m in changed if m in ON_BY_DEFAULT)
        return first + screens + last

    def restore(self) -> bytes:
        """The bytes that put the terminal back (``b""`` when it already is); the state then reads clean."""
        out = [b"\x1b[<%du" % self.keyboard_pushes] if self.keyboard_pushes else []
        for mode in self.left_on():
            out.append(b"\x1b[?%d%s" % (mode, b"h" if mode in ON_BY_DEFAULT else b"l"))
            self.modes[mode] = mode in ON_BY_DEFAULT
        self.keyboard_pushes = 0
        self._tail = b""
        return b"".join(out)
