"""The cover: the hot-seat curtain and the private notice, drawn inside the game screen.

The design (docs/architecture.md, The UI) asks for a full-screen curtain that names the next player and
shows nothing private until they press Enter. It used to be a screen of its
own; switching to a screen and back costs Textual a layout and a drawing of
every widget of both screens (a bare Textual app pays 3-4 times the CPU of a
key for it). The game screen now holds two pages, stacked in a container that
never scrolls by itself: this cover on top, and the table below it. Lifting
the cover scrolls the container one page down; covering the table scrolls it
back to the top (so a resize while covered never shows a row of the table).
Neither changes any widget's size, so nothing is laid out again, and the rows
of both pages are drawn from what Textual already holds. A key that lifts the
cover and covers the table again at once (a private notice after its curtain,
the next player's curtain after a notice) never moves the page: only the rows
of the box that differ are drawn again.

The table is out of view while the cover is up: nothing on it can be seen,
clicked or scrolled to. :class:`CoverPane` draws its box itself, as rows
(:class:`~boardgames_tui.ui.lines.Lines`), exactly as tall as its page, so a
new name or notice repaints only the rows that differ.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.cells import cell_len
from rich.console import JustifyMethod
from rich.text import Text
from textual.geometry import Size
from textual.strip import Strip

from boardgames_tui.i18n import _

from .lines import Lines, text_strips

#: What the cover shows: nothing (the table is in view), a curtain, or a private notice.
NONE, CURTAIN, NOTICE = "", "curtain", "notice"


#: A blank row of the lifted cover.
_BLANK = Strip.blank(0)


class CoverPane(Lines, can_focus=False):
    """The page that covers the table: a curtain naming the next player, or a notice for one.

    ``kind`` is :data:`CURTAIN`, :data:`NOTICE` or :data:`NONE`; ``who`` the
    player named. The function given to :meth:`show_curtain` /
    :meth:`show_notice` is called once the cover is lifted. The keys are
    the game screen's (Enter lifts it, PageUp/PageDown scroll the curtain's
    recap: :meth:`GameScreen.lift_cover`): the keyboard stays where it was,
    since moving it to the cover and back restyled the list of choices twice
    per hand-over. Only a key pressed after the cover was drawn acts (the
    key gate, :mod:`.keygate`).
    """

    DEFAULT_CSS = """
    CoverPane { height: 100%; width: 100%; background: $panel; display: none; }
    """

    #: The box's width in cells, borders included (narrower on a narrow terminal).
    CURTAIN_WIDTH = 72
    NOTICE_WIDTH = 64
    #: At most this many rows of the recap of what happened since the last hand-over.
    RECENT_ROWS = 12
    #: At most this many lines of recap are kept (older ones scroll off for good).
    RECENT_LINES = 200
    #: Rows kept laid out for the next showings (:meth:`set_strips_text`), at most.
    KEPT_ROWS = 256

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.kind = NONE
        self.who = ""
        self.reason = ""
        self.recent: list[str] = []
        self.lines: list[str] = []
        self.passes = True
        #: First recap row shown (None: the last rows).
        self._recent_top: int | None = None
        self._then: Callable[[], None] | None = None
        #: The rows last shown, by what they show (:meth:`set_strips_text`).
        self._row_strips: dict[tuple, list[Strip]] = {}

    @property
    def content_size(self) -> Size:
        """The page's size inside its gutter (none by default), taken from the size Textual
        gave the page rather than from where the page is on screen: asking where a page out
        of view is made Textual place every widget of the screen once more, at every
        hand-over (the curtain is drawn while the table is still in view)."""
        return self.outer_size - self.styles.gutter.totals

    # ---- content -------------------------------------------------------------

    def show_curtain(self, who: str, reason: str, recent: list[str], then: Callable[[], None]) -> None:
        """Name ``who`` (and why), with the public lines ``recent``; ``then()`` once Enter lifts it."""
        self.kind, self.who, self.reason = CURTAIN, who, reason
        self.recent = list(recent[-self.RECENT_LINES :])
        self._recent_top = None
        self._then = then
        self.draw()

    def show_notice(self, who: str, lines: list[str], passes: bool, then: Callable[[], None]) -> None:
        """Tell ``who`` alone ``lines``; ``passes``: the keyboard goes to another player after it."""
        self.kind, self.who, self.lines, self.passes = NOTICE, who, list(lines), passes
        self._then = then
        self.draw()

    def take(self) -> Callable[[], None] | None:
        """The cover is being lifted: returns the function waiting for its Enter (or None).

        The rows stay as they are until :meth:`clear` or a new curtain or notice: what the
        function does next may cover the table again at once, and then only the rows that
        differ are drawn again (the page never leaves the screen)."""
        then, self._then = self._then, None
        self.kind = NONE
        return then

    def clear(self) -> Callable[[], None] | None:
        """The cover is lifted; returns the function waiting for its Enter (or None).

        Its rows are made blank: a notice read by one player must not wait out of view
        where a resize could bring a row of it back for a moment (out of view, they cost
        no drawing)."""
        then = self.take()
        self.draw()
        return then

    def draw(self) -> None:
        """Draw the box for the page's size now (again after a resize)."""
        width, height = self.content_size.width, self.content_size.height
        if width <= 0 or height <= 0:
            width, height = self.app.size.width, max(1, self.app.size.height - 1)
        if self.kind == CURTAIN:
            rows = self._curtain_rows(min(self.CURTAIN_WIDTH, width) - 4, height)
            box = min(self.CURTAIN_WIDTH, width)
        elif self.kind == NOTICE:
            rows = self._notice_rows(min(self.NOTICE_WIDTH, width) - 4)
            box = min(self.NOTICE_WIDTH, width)
        else:
            self.set_strips([_BLANK] * height)  # one blank row object: nothing to render or compare
            return
        self.set_strips_text(_boxed(rows, box, width, height))

    def set_strips_text(self, rows: list[Text]) -> None:
        """Show ``rows`` (one Text per row). An empty row is the lifted cover's blank row
        itself: the rows above and below the box stay as they were (and as Textual last drew
        them) from one curtain or notice to the next, so only the box's rows are drawn again."""
        console = self.app.console
        kept = self._row_strips
        if len(kept) > self.KEPT_ROWS:
            kept.clear()
        strips = []
        for row in rows:
            if not row:
                strips.append(_BLANK)
                continue
            # The box's borders, its blank rows and lines such as "Pass the keyboard to" come
            # back at every hand-over: each row is laid out once, and the same row objects are
            # shown again (nothing to compare when a row did not change).
            key = (row.plain, row.style, tuple(row.spans))
            row_strips = kept.get(key)
            if row_strips is None:
                row_strips = kept[key] = text_strips(row, console)
            strips.extend(row_strips)
        self.set_strips(strips)

    def _curtain_rows(self, inner: int, height: int) -> list[Text]:
        rows: list[Text] = [Text(_("Pass the keyboard to"), justify="center"), Text("")]
        rows.append(Text(f" {self.who} ", style="bold reverse", justify="center"))
        rows.append(Text(""))
        if self.reason:
            rows.extend(_wrapped(_(self.reason), inner, justify="center"))
        rows.extend(
            _wrapped(
                _("Everyone else, look away.\nPress Enter when only this player is looking."), inner, "center"
            )
        )
        if self.recent:
            rows.append(Text(""))
            rows.append(
                Text(
                    _("Since the last hand-over, for everyone (PageUp/PageDown):"),
                    style="bold",
                    justify="center",
                )
            )
            recap: list[Text] = []
            starts: list[int] = []  # the rows where a line of the recap begins
            for line in self.recent:
                starts.append(len(recap))
                recap.extend(_wrapped(line, inner, "left", style="dim"))
            room = max(1, min(self.RECENT_ROWS, height - len(rows) - 4))
            last = max(0, len(recap) - room)
            if self._recent_top is None:
                # The last lines that fit whole: the recap never opens in the middle of a line
                # (unless its last line alone is longer than the room).
                top = next((row for row in starts if row >= last), last)
            else:
                top = max(0, min(self._recent_top, last))
            rows.extend(recap[top : top + room])
        return rows

    def _notice_rows(self, inner: int) -> list[Text]:
        rows = [Text(_("Only for {who}:").format(who=self.who), style="bold")]
        for line in self.lines:
            rows.extend(_wrapped(line, inner, "left"))
        rows.append(Text(""))
        then = _("Press Enter, then pass the keyboard.") if self.passes else _("Press Enter to go on.")
        rows.extend(_wrapped(then, inner, "left"))
        return rows

    def plain(self) -> str:
        """The cover's text without the box (for tests)."""
        return "\n".join(line.strip(" ║╔╗╚╝═") for line in super().plain().split("\n")).strip("\n")

    # ---- keys ----------------------------------------------------------------

    def on_resize(self) -> None:
        if self.kind != NONE:
            self.draw()

    def scroll_recent(self, direction: int) -> None:
        """PageDown (1) or PageUp (-1): another page of the curtain's recap."""
        if self.kind != CURTAIN or not self.recent:
            return
        inner = min(self.CURTAIN_WIDTH, self.content_size.width or self.app.size.width) - 4
        total = sum(len(_wrapped(line, inner, "left")) for line in self.recent)
        top = max(0, total - self.RECENT_ROWS) if self._recent_top is None else self._recent_top
        self._recent_top = max(0, top + direction * (self.RECENT_ROWS - 1))
        self.draw()


def _wrapped(text: str, width: int, justify: JustifyMethod = "left", style: str = "") -> list[Text]:
    """``text`` (plain, shown as typed) wrapped at words to ``width`` cells, one Text per row."""
    rows: list[Text] = []
    for part in text.split("\n"):
        words = part.split(" ")
        line = ""
        for word in words:
            candidate = f"{line} {word}" if line else word
            if cell_len(candidate) <= width or not line:
                line = candidate
            else:
                rows.append(Text(line, style=style, justify=justify))
                line = word
        rows.append(Text(line, style=style, justify=justify))
    return rows


def _boxed(rows: list[Text], box: int, width: int, height: int) -> list[Text]:
    """``rows`` in a double-lined box ``box`` cells wide, centred in ``width`` x ``height``."""
    inner = max(1, box - 4)
    rows = rows[: max(0, height - 2)]
    left = " " * max(0, (width - box) // 2)
    out: list[Text] = []
    top = max(0, (height - len(rows) - 2) // 2)
    out.extend(Text("") for _ in range(top))
    out.append(Text(left + "╔" + "═" * (box - 2) + "╗"))
    for row in rows:
        cells = cell_len(row.plain)
        if cells > inner:
            row = row.copy()
            row.truncate(inner)
            cells = cell_len(row.plain)
        pad = inner - cells
        before = pad // 2 if row.justify == "center" else 0
        line = Text(left + "║ " + " " * before)
        line.append_text(row)
        line.append(" " * (pad - before) + " ║")
        out.append(line)
    out.append(Text(left + "╚" + "═" * (box - 2) + "╝"))
    out.extend(Text("") for _ in range(max(0, height - len(out))))
    return out[:height]
