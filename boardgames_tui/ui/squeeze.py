"""Fewer bytes for the same screen: a rewriter of the text Textual writes to a terminal.

Textual 8.2.8 writes every run of text as ``ESC[<whole style>m text ESC[0m``,
starts every chop of a line with an absolute cursor move (plus a ``\n``
between rows), and rewrites every cell of a region that changed, even the
cells that show the same thing as before. Over SSH this is most of what a
decision costs.

:class:`OutputSqueezer` sits on the driver's write path. It reads what
Textual writes and keeps three things: what the terminal's cursor and
graphic rendition (SGR) are, what the original text wants them to be, and a
copy of the screen (character and style of every cell it wrote). Before a
run of text it writes only what it takes to get there: the attributes that
change (or a reset and the new style, whichever is shorter) and the shortest
cursor move (none when the cursor is already there); and it leaves out the
cells that already show that character in that style (moving over them when
that is shorter than writing them again). The cells the terminal shows are
the ones the original text would draw.

What keeps it exact:

- It models only what Textual writes: SGR with the codes Rich emits,
  absolute cursor moves (``H``), ``\n``, printable text, and sequences that
  change neither cells, cursor nor style (private modes such as the
  synchronized-output markers, OSC strings, queries); those keep their place
  in the stream, everything deferred is written before them.
- Anything else passes through unchanged, after the terminal has been
  brought to the exact state the original text had there; then the squeezer
  forgets cursor, style and screen, and writes them in full until the text
  tells it afresh (a reset, an absolute move, cells written). A sequence that
  changes how later text is drawn (insert mode, scroll margins, character
  sets...) turns it off for good: from then on everything passes unchanged.
- Cursor moves are VT100 ones (every terminal has them), and never count on
  a column that text reached at the right edge.
- Text moves the cursor along its row only once automatic wrap is off
  (``ESC[?7l``, as Textual writes at start); before that, text leaves cursor
  and screen unknown. A character is taken to be as wide as Rich measures it
  (what Textual lays out by); a run holding one that is not one cell wide
  (emoji, combining marks) is written whole, and the rest of its row
  forgotten, from the cell before it.
- A ``\n`` is dropped only when the next thing is an absolute move and the
  newline would not have scrolled: the move goes to a lower row, or the
  cursor's row is known to be above the bottom one (Textual writes ``\n``
  after each span of a row, then a move). Any other ``\n`` is written, and
  the cursor is then unknown.
- Cells are copied only while the size is known (:meth:`OutputSqueezer.set_size`)
  and a move inside it; a change of size forgets them, and so does every
  resize the terminal reports (the drivers call :meth:`OutputSqueezer.forget_screen`),
  so the full repaint Textual does after a resize is written whole. Cells
  inside an OSC 8 hyperlink are not copied.
- It must be the only writer to the terminal (Textual captures ``print``
  and ``sys.stderr`` while it runs): text from elsewhere would move the
  cursor and change cells behind its back.
- At the end of every write the terminal is in the state the original write
  would have left it (cursor and style), so a frame cut over several writes,
  a write of something else between frames, or the sync markers written on
  their own all find the terminal as they would have.
- A sequence cut by the end of a write is passed through, and the start of
  the next write until the sequence ends (everything forgotten).

The only way the two outputs can differ on screen is a resize racing a frame
(the terminal changes size before the app learns of it): both then garble
the screen, perhaps differently, until the full repaint after the resize.

:meth:`OutputSqueezer.feed` is a pure function of the squeezer's state and
its argument; no terminal, no I/O. The driver (``ui/driver.py``) falls back
to the original text if it ever raises.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal, NamedTuple

from rich.cells import get_character_cell_size

#: One piece of terminal output. Groups: a CSI sequence (with its private
#: marker, parameters, intermediates and final byte), an OSC string, a newline,
#: a run of printable text, any other single character (ESC sequences other
#: than CSI/OSC and control characters land here as unknown).
_TOKEN = re.compile(
    r"(?P<csi>\x1b\[(?P<priv>[<=>?]?)(?P<params>[0-9;:]*)(?P<inter>[ -/]*)(?P<final>[@-~]))"
    r"|(?P<osc>\x1b\][^\x07\x1b]*(?:\x07|\x1b\\))"
    r"|(?P<nl>\n)"
    r"|(?P<text>[^\x00-\x1f\x7f-\x9f]+)"
    r"|(?P<esc>\x1b[ -/]*[0-~])"
    r"|(?P<other>[\x00-\x1f\x7f-\x9f])",
)

#: The start of a sequence cut off by the end of a write.
_PARTIAL = re.compile(
    r"\x1b(?:\[[<=>?]?[0-9;:]*[ -/]*|\][^\x07\x1b]*\x1b?|[ -/]*)\Z",
)

#: DEC private modes that change neither cells, cursor position nor style:
#: cursor visibility, mouse reporting, focus events, bracketed paste,
#: synchronized output, in-band resize, automatic wrap (7, tracked).
_NEUTRAL_MODES = frozenset(
    {"7", "25", "1000", "1002", "1003", "1004", "1005", "1006", "1015", "2004", "2026", "2048"}
)

#: Attributes with an "off" code of their own (ECMA-48), and that code.
#: 1 (bold) and 2 (dim) share 22; 5 and 6 (blinks) share 25.
_OFF = {1: 22, 2: 22, 3: 23, 4: 24, 5: 25, 6: 25, 7: 27, 8: 28, 9: 29}

#: The code that turns each attribute on, as Rich writes them; a style with
#: 21 (double underline) or 51-53 (framed, encircled, overlined) is always
#: written after a reset, never diffed.
_ATTRS = frozenset({1, 2, 3, 4, 5, 6, 7, 8, 9, 21, 51, 52, 53})
_NOT_DIFFED = frozenset({21, 51, 52, 53})
#: What each "off" code clears.
_CLEARS = {
    22: (1, 2),
    23: (3,),
    24: (4, 21),
    25: (5, 6),
    27: (7,),
    28: (8,),
    29: (9,),
    54: (51, 52),
    55: (53,),
}


class Style(NamedTuple):
    """A terminal's graphic rendition: attribute codes on, and the colours as SGR codes.

    ``fg``/``bg`` are the codes that set the colour (``("31",)``,
    ``("38", "5", "214")``, ``("48", "2", "1", "2", "3")``), or ``()`` for the
    terminal's default.
    """

    attrs: frozenset[int] = frozenset()
    fg: tuple[str, ...] = ()
    bg: tuple[str, ...] = ()

    def codes(self) -> list[str]:
        """The SGR codes that set this style after a reset."""
        return [str(a) for a in sorted(self.attrs)] + list(self.fg) + list(self.bg)


PLAIN = Style()


@lru_cache(maxsize=4096)  # a frame repeats the same few styles: parse each once
def apply_sgr(style: Style | None, params: str) -> Style | Literal[False] | None:
    """The style after ``ESC[<params>m`` on a terminal in ``style``.

    ``style`` None means unknown: the result is then known only from a reset
    inside ``params`` on. Returns False when ``params`` holds a code this module
    does not model (a font, a colon sub-parameter, an underline colour, a
    colour with missing parts): the caller must then pass it through and
    forget the style.
    """
    if ":" in params:
        return False
    codes = params.split(";") if params else ["0"]
    i = 0
    while i < len(codes):
        raw = codes[i]
        code = int(raw) if raw else 0
        i += 1
        if code == 0:
            style = PLAIN
            continue
        if code in (38, 48):
            if (
                i < len(codes)
                and codes[i] == "5"
                and i + 1 < len(codes)
                and codes[i + 1]
                and int(codes[i + 1]) < 256
            ):
                colour: tuple[str, ...] = (str(code), "5", str(int(codes[i + 1])))
                i += 2
            elif (
                i < len(codes)
                and codes[i] == "2"
                and i + 3 < len(codes)
                and all(c and int(c) < 256 for c in codes[i + 1 : i + 4])
            ):
                colour = (str(code), "2", *(str(int(c)) for c in codes[i + 1 : i + 4]))
                i += 4
            else:
                return False
            if style is not None:
                style = style._replace(fg=colour) if code == 38 else style._replace(bg=colour)
            continue
        if style is None:
            if code in _ATTRS or code in _CLEARS or 30 <= code <= 49 or 90 <= code <= 107:
                continue  # still unknown, but a code we know
            return False
        if code in _ATTRS:
            style = style._replace(attrs=style.attrs | {code})
        elif code in _CLEARS:
            style = style._replace(attrs=style.attrs - set(_CLEARS[code]))
        elif 30 <= code <= 37 or 90 <= code <= 97:
            style = style._replace(fg=(str(code),))
        elif code == 39:
            style = style._replace(fg=())
        elif 40 <= code <= 47 or 100 <= code <= 107:
            style = style._replace(bg=(str(code),))
        elif code == 49:
            style = style._replace(bg=())
        else:
            return False
    return style


def sgr_from_reset(style: Style) -> str:
    """``ESC[...m`` that sets ``style`` whatever the terminal's rendition was."""
    codes = style.codes()
    return "\x1b[0;" + ";".join(codes) + "m" if codes else "\x1b[m"


@lru_cache(maxsize=4096)
def sgr_change(old: Style | None, new: Style) -> str:
    """The shortest SGR sequence that takes a terminal from ``old`` to ``new`` ("" if equal).

    ``old`` None (unknown) always gets a reset and the whole new style. A
    diff turns attributes off with their own codes (22, 23, 24, 25, 27, 28,
    29), turning back on one that shares an off code and stays (bold when
    only dim goes), and sets colours that change (39/49 for the default);
    a change from or to a style with double underline, frame, circle or
    overline is never diffed. Ties go to the reset, the form Textual writes itself.
    """
    if old == new:
        return ""
    full = sgr_from_reset(new)
    if old is None or (old.attrs | new.attrs) & _NOT_DIFFED:
        return full  # 21 means "bold off" on some consoles: never diff around it
    off: list[int] = []
    on = set(new.attrs - old.attrs)
    for attr in old.attrs - new.attrs:
        code = _OFF[attr]
        if code not in off:
            off.append(code)
        on.update(a for a in _CLEARS[code] if a in new.attrs)
    if on & _NOT_DIFFED:
        return full
    codes = [str(c) for c in sorted(off)] + [str(a) for a in sorted(on)]
    if old.fg != new.fg:
        codes += new.fg or ["39"]
    if old.bg != new.bg:
        codes += new.bg or ["49"]
    diff = "\x1b[" + ";".join(codes) + "m"
    return diff if len(diff) < len(full) else full


def cursor_move(row: int | None, col: int | None, to_row: int, to_col: int) -> str:
    """The shortest sequence that moves a cursor at (row, col) to (to_row, to_col), 0-based.

    ``row``/``col`` None: not known; the move then never depends on it. Only
    VT100 moves are used (every terminal has them): the absolute move
    (``ESC[r;cH``, shortened for column 1 and home), carriage return,
    up/down (``ESC[nA``/``ESC[nB``, which keep the column and never scroll)
    and forward (``ESC[nC``) from a known column or from column 1. Never
    backward from a counted column: after text that reached the right edge
    the cursor stands on the last column, not past it. "" when the cursor
    is already there.
    """
    best = (
        "\x1b[H"
        if to_row == 0 and to_col == 0
        else (f"\x1b[{to_row + 1}H" if to_col == 0 else f"\x1b[{to_row + 1};{to_col + 1}H")
    )
    if row is None:
        return best
    n = to_row - row
    vertical = "" if n == 0 else (f"\x1b[{'' if abs(n) == 1 else abs(n)}{'B' if n > 0 else 'A'}")
    if col == to_col:
        horizontal = ""
    elif to_col == 0:
        horizontal = "\r"
    elif col is not None and to_col > col:
        horizontal = _forward(to_col - col)
    else:
        horizontal = "\r" + _forward(to_col)
    candidate = horizontal + vertical
    return candidate if len(candidate) < len(best) else best


def _forward(n: int) -> str:
    return "\x1b[C" if n == 1 else f"\x1b[{n}C"


Cell = tuple[str, Style]


class OutputSqueezer:
    """Rewrites terminal output into fewer bytes that draw exactly the same cells.

    Feed it every string written to the terminal, in order: ``feed(text)``
    returns the string to write instead. Tell it the terminal's size with
    :meth:`set_size` (before the first frame and whenever it changes): only
    then does it keep a copy of the screen and skip the cells that already
    show what they would be rewritten with. See the module docstring for
    what it rewrites and why the result is exact. Any text is accepted (what
    it does not know passes through), but the driver guards it anyway.
    """

    def __init__(self) -> None:
        # What the terminal is in (None: unknown) ...
        self._row: int | None = None
        self._col: int | None = None
        self._style: Style | None = None
        # ... and what the original text has asked for so far (written lazily).
        # Whenever a wanted value is unknown, the terminal's is the same unknown.
        self._want_row: int | None = None
        self._want_col: int | None = None
        self._want_style: Style | None = None
        self._newline = False  # a "\n" not written yet (dropped if an absolute move down follows)
        self._wrap = True  # automatic wrap: on until the text turns it off
        self._link = False  # inside an OSC 8 hyperlink: the cells written are not copied
        self._partial = ""  # the start of a sequence cut by the end of the previous write
        self._off = False  # after a sequence that changes how later text is drawn: pass all through
        self._size: tuple[int, int] | None = None
        #: The screen as the terminal shows it, by row; None for a cell not known.
        self._cells: list[list[Cell | None]] = []

    @property
    def passing_through(self) -> bool:
        """True once a sequence this class cannot follow made it write everything unchanged."""
        return self._off

    def set_size(self, width: int, height: int) -> None:
        """The terminal is ``width`` x ``height`` cells; a change forgets the copy of the screen."""
        if (width, height) != self._size:
            self._size = (width, height)
            self._cells = [[None] * width for _ in range(height)]

    def forget_screen(self) -> None:
        """Forget what the cells show (the terminal was resized, or drew something else)."""
        if self._size is not None:
            width, height = self._size
            self._cells = [[None] * width for _ in range(height)]

    def forget(self) -> None:
        """Make later writes restate cursor, style and every cell (after output this class did not model)."""
        self._row = self._col = self._want_row = self._want_col = None
        self._style = self._want_style = None
        self._newline = False
        self._partial = ""
        self.forget_screen()

    def feed(self, text: str) -> str:
        """The output to write in place of ``text`` (same cells, cursor and style at its end)."""
        if self._off:
            return text
        out: list[str] = []
        pos = 0
        if self._partial:
            # The previous write ended inside a sequence: its rest passes as it is.
            joined = self._partial + text
            if _PARTIAL.fullmatch(joined):
                self._partial = joined
                return text
            match = _TOKEN.match(joined)  # the regex matches any text: never None
            assert match is not None
            pos = max(0, match.end() - len(self._partial))
            self._partial = ""
            if not _harmless(match):
                self._off = True
                return text
            self._note_modes(match)
            out.append(text[:pos])
        cut = _PARTIAL.search(text, pos)
        end = cut.start() if cut else len(text)
        for match in _TOKEN.finditer(text, pos, end):
            kind = match.lastgroup
            token = match.group()
            if self._newline and not (kind == "csi" and self._moves_down(match)):
                self._write_newline(out)
            if kind == "text":
                self._text(out, token)
            elif kind == "csi":
                self._csi(out, match, token)
            elif kind == "nl":
                self._newline = True
            elif kind == "osc":
                self._flush(out)
                out.append(token)
                self._note_modes(match)
            else:
                self._unknown(out, match)
            if self._off:
                out.append(text[match.end() :])
                return "".join(out)
        self._flush(out)
        if cut:
            out.append(text[end:])
            self.forget()
            self._partial = text[end:]
        return "".join(out)

    # The kinds of token.

    def _note_modes(self, match: re.Match[str]) -> None:
        """Follow the two modes that change what text does: automatic wrap, an open hyperlink."""
        token = match.group()
        if match.lastgroup == "osc" and token.startswith("\x1b]8;"):
            uri = token[4:].rstrip("\x07").removesuffix("\x1b\\").partition(";")[2]
            self._link = bool(uri)
        elif (
            match.lastgroup == "csi"
            and match.group("priv") == "?"
            and match.group("final") in "hl"
            and "7" in match.group("params").split(";")
            and not match.group("inter")
        ):
            self._wrap = match.group("final") == "h"

    def _moves_down(self, match: re.Match[str]) -> bool:
        """Whether a CSI token is an absolute move that makes a pending newline needless.

        The newline would only move the cursor (the move then sets it) unless
        it scrolled, which it does only on the bottom row: the move goes to a
        row below (so one exists), or the wanted row is known to be above the
        bottom. (Textual writes a newline after every span of a row, even
        when the next span is on the same row.)
        """
        target = _cup(match)
        if target is None or self._want_row is None:
            return False
        return target[0] > self._want_row or (self._size is not None and self._want_row < self._size[1] - 1)

    def _text(self, out: list[str], token: str) -> None:
        row, col, style = self._want_row, self._want_col, self._want_style
        size = self._size
        if self._wrap or row is None:
            self._flush(out)
            out.append(token)
            self._row = self._col = self._want_row = self._want_col = None
            self.forget_screen()  # the text may have wrapped anywhere
            return
        narrow = token.isascii() or all(_cell_size(ch) == 1 for ch in token)
        if (
            col is None
            or style is None
            or size is None
            or self._link
            or not narrow
            or row >= size[1]
            or col + len(token) > size[0]
        ):
            self._flush(out)
            out.append(token)
            if size is not None and row < size[1]:
                # Not known from here on (widths, a link, the edge), nor the cell
                # before: a combining mark written first changes that one.
                line = self._cells[row]
                start = 0 if col is None else max(0, min(col, size[0] - 1) - (not narrow))
                line[start:] = [None] * (len(line) - start)
                if not narrow and not start and row:
                    self._cells[row - 1][-1] = None  # at a row's start, some terminals mark the row above
            self._col = self._want_col = col + len(token) if col is not None and narrow else None
            return
        # Each cell that already shows this character in this style is skipped.
        line = self._cells[row]
        n = len(token)
        i = 0
        while i < n:
            j = i
            while j < n and line[col + j] == (token[j], style):
                j += 1
            if j == n:
                if col + n < size[0] or (self._row == row and self._col == col + n):
                    break  # the rest is on the screen already
                # Text that reaches the right edge leaves the cursor past its last cell, where no
                # move can put it (a move stops on the last column): that cell is written again.
                j = n - 1
            k = j + 1
            while k < n and line[col + k] != (token[k], style):
                k += 1
            start = j
            if j > i and self._row is not None:
                # Writing the unchanged cells again may cost less than skipping them.
                through = len(cursor_move(self._row, self._col, row, col + i)) + len(
                    token[i:j].encode("utf-8", "replace")
                )
                if through <= len(cursor_move(self._row, self._col, row, col + j)):
                    start = i
            self._want_col = col + start
            self._flush(out)
            out.append(token[start:k])
            for x in range(start, k):
                line[col + x] = (token[x], style)
            self._col = col + k
            i = k
        self._want_col = col + n

    def _csi(self, out: list[str], match: re.Match[str], token: str) -> None:
        target = _cup(match)
        if target is not None:
            if self._size is not None and (target[0] >= self._size[1] or target[1] >= self._size[0]):
                self._unknown(out, match)  # off the screen: the terminal clamps it
                return
            self._newline = False  # dropped: it would not have scrolled (see _moves_down)
            self._want_row, self._want_col = target
            return
        priv, params, inter, final = match.group("priv", "params", "inter", "final")
        if final == "m" and not priv and not inter:
            style = apply_sgr(self._want_style, params)
            if style is not False and self._want_style is not None:
                self._want_style = style  # known: written when text needs it
                return
            self._flush(out)
            out.append(token)
            self._style = self._want_style = style if style is not False else None
            return
        modes = params.split(";")
        if priv == "?" and final in "hl" and not inter and all(m in _NEUTRAL_MODES for m in modes):
            self._flush(out)
            out.append(token)
            self._note_modes(match)
            return
        if (
            (priv == "?" and inter == "$" and final == "p")
            or (priv in ("<", ">", "=") and not inter and final == "u")
            or (not priv and not inter and final == "n" and params in ("5", "6"))
        ):
            self._flush(out)  # a query, or the keyboard protocol: no cell, cursor or style changes
            out.append(token)
            return
        self._unknown(out, match)

    def _unknown(self, out: list[str], match: re.Match[str]) -> None:
        """Pass ``match`` through with the terminal in the original's state, then forget that state."""
        self._flush(out)
        out.append(match.group())
        self._note_modes(match)
        self.forget()
        if not _harmless(match):
            self._off = True
        elif match.group() == "\x1bc":
            self._wrap = True  # a full reset turns automatic wrap back on

    # Writing what was deferred.

    def _write_newline(self, out: list[str]) -> None:
        self._newline = False
        row = self._want_row
        self._flush(out)
        out.append("\n")
        # The column depends on the tty (a pty turns \n into \r\n): unknown.
        self._row = self._col = self._want_row = self._want_col = None
        if row is None or self._size is None or row >= self._size[1] - 1:
            self.forget_screen()  # it may have scrolled

    def _flush(self, out: list[str]) -> None:
        """Write what brings the terminal to the wanted cursor and style."""
        if self._newline:
            self._write_newline(out)
            return
        if self._want_row is not None and self._want_col is not None:
            move = cursor_move(self._row, self._col, self._want_row, self._want_col)
            if move:
                out.append(move)
            self._row, self._col = self._want_row, self._want_col
        if self._want_style is not None:
            change = sgr_change(self._style, self._want_style)
            if change:
                out.append(change)
            self._style = self._want_style


#: Sequences this class does not model but after which forgetting its state
#: is enough: they change cells, the cursor or the style, not how later
#: text is drawn. Anything else (insert mode, scroll margins, origin mode,
#: character sets, line sizes...) turns the squeezing off for good.
_HARMLESS_CSI = frozenset("@ABCDEFGHIJKLMPSTXZ`abdefgmnst")
_HARMLESS_ESC = frozenset(["\x1b7", "\x1b8", "\x1bD", "\x1bE", "\x1bM", "\x1b=", "\x1b>", "\x1bc", "\x1b\\"])
_HARMLESS_CONTROLS = frozenset("\r\b\t\x07")
#: Private modes that switch screens or save the cursor: harmless once forgotten.
_HARMLESS_MODES = frozenset({"47", "1047", "1048", "1049"})


def _harmless(match: re.Match[str]) -> bool:
    """Whether forgetting the state is enough after ``match`` (see _HARMLESS_CSI)."""
    kind = match.lastgroup
    token = match.group()
    if kind == "csi":
        priv, params, inter, final = match.group("priv", "params", "inter", "final")
        if priv == "?" and not inter and final in "hl":
            return all(m in _HARMLESS_MODES or m in _NEUTRAL_MODES for m in params.split(";"))
        if (priv == "?" and inter == "$" and final == "p") or (priv in ("<", ">", "=") and final == "u"):
            return True  # a query, the keyboard protocol
        if final == "q" and inter == " " and not priv:
            return True  # the cursor's shape
        return not inter and (not priv or (priv == "?" and final in "JK")) and final in _HARMLESS_CSI
    if kind == "esc":
        return token in _HARMLESS_ESC
    if kind == "other":
        return token in _HARMLESS_CONTROLS
    return True


def _cell_size(ch: str) -> int:
    return get_character_cell_size(ch)


def _cup(match: re.Match[str]) -> tuple[int, int] | None:
    """The 0-based (row, column) of an absolute cursor move ``ESC[r;cH``, else None."""
    priv, params, inter, final = match.group("priv", "params", "inter", "final")
    if final != "H" or priv or inter or ":" in params or params.count(";") > 1:
        return None
    parts = params.split(";")
    row = int(parts[0]) if parts[0] else 1
    col = int(parts[1]) if len(parts) > 1 and parts[1] else 1
    return max(row, 1) - 1, max(col, 1) - 1
