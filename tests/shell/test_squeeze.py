"""The output squeezer (ui/squeeze.py): fewer bytes, and exactly the same screen.

The screens are drawn by pyte (an independent terminal emulator): the
original text on one screen, the squeezed text on another, compared after
every write (every cell's character and attributes, the cursor and its
style). pyte does not keep dim, conceal, rapid blink, double underline,
frame, circle or overline; :class:`Screen` adds them, so those are compared
too.
"""

from __future__ import annotations

import gzip
import json
import time
from collections.abc import Callable
from pathlib import Path

import pyte
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardgames_tui.ui.keygate import SETTLE
from boardgames_tui.ui.squeeze import OutputSqueezer, Style, apply_sgr, cursor_move, sgr_change
from tests.shell.pty_app import PtyApp

#: What the real program wrote to an 80x24 terminal (tmux) over a few
#: Penguinramids decisions (seed 42), one string per driver write (recorded
#: by wrapping ``OutputSqueezer.feed`` to keep its argument, then playing).
REAL_WRITES = Path(__file__).parent / "data" / "penguinramids_writes.json.gz"

#: Attributes pyte does not keep, and the codes that clear them.
EXTRA = {2, 6, 8, 21, 51, 52, 53}
EXTRA_OFF = {22: {2}, 25: {6}, 28: {8}, 24: {21}, 54: {51, 52}, 55: {53}}


class Screen(pyte.Screen):
    """A pyte screen that also keeps, per cell, the attributes pyte leaves out."""

    def __init__(self, columns: int, lines: int) -> None:
        super().__init__(columns, lines)
        self.extra: frozenset[int] = frozenset()
        self.cell_extra: dict[tuple[int, int], frozenset[int]] = {}

    def select_graphic_rendition(self, *attrs: int, private: bool = False) -> None:
        if private:
            return
        super().select_graphic_rendition(*attrs)
        extra = set(self.extra)
        codes = list(attrs) or [0]
        i = 0
        while i < len(codes):
            code = codes[i]
            i += 1
            if code in (38, 48):  # a colour: skip its arguments
                i += 2 if i < len(codes) and codes[i] == 5 else 4
            elif code == 0:
                extra.clear()
            elif code in EXTRA:
                extra.add(code)
            elif code in EXTRA_OFF:
                extra -= EXTRA_OFF[code]
        self.extra = frozenset(extra)

    def draw(self, data: str) -> None:
        for ch in data:
            super().draw(ch)
            x = self.cursor.x - pyte.screens.wcwidth(ch)
            if pyte.screens.wcwidth(ch) > 0:
                self.cell_extra[self.cursor.y, min(x, self.columns - 1)] = self.extra

    def state(self) -> tuple:
        cells = [[self.buffer[y][x] for x in range(self.columns)] for y in range(self.lines)]
        extra = {k: v for k, v in self.cell_extra.items() if v}
        return cells, extra, self.cursor.x, self.cursor.y, self.cursor.attrs, self.extra


def screens(width: int, height: int) -> tuple[Screen, pyte.Stream, Screen, pyte.Stream]:
    plain, squeezed = Screen(width, height), Screen(width, height)
    return plain, pyte.Stream(plain), squeezed, pyte.Stream(squeezed)


def assert_same_screens(writes: list[str], width: int, height: int, every: int = 1) -> tuple[int, int]:
    """Draw ``writes`` as they are and squeezed; the screens agree after every ``every``-th write and the last.

    Returns the byte counts (before, after).
    """
    plain, plain_stream, squeezed, squeezed_stream = screens(width, height)
    squeezer = OutputSqueezer()
    squeezer.set_size(width, height)
    before = after = 0
    for n, write in enumerate(writes):
        out = squeezer.feed(write)
        before += len(write.encode("utf-8", "surrogatepass"))
        after += len(out.encode("utf-8", "surrogatepass"))
        plain_stream.feed(write)
        squeezed_stream.feed(out)
        if n % every == 0 or n == len(writes) - 1:
            assert squeezed.state() == plain.state(), f"screens differ after write {n}: {write!r} -> {out!r}"
    return before, after


# Random frames shaped like Textual's output, with what Textual never writes mixed in.

PALETTE_FG = ["", "31", "97", "39", "38;5;214", "38;5;2", "38;2;10;20;30"]
PALETTE_BG = ["", "44", "100", "49", "48;5;235", "48;2;1;2;3"]
ATTRS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 21, 51, 52, 53]
TEXT = st.text(alphabet="ab  -─│·ñ", min_size=1, max_size=12) | st.sampled_from(
    ["中字", "e\u0301", "\u0301", "😀x"]
)


@st.composite
def styled_run(draw, width: int) -> str:
    """A run of text the way Rich writes it: reset, whole style, text, reset."""
    attrs = draw(st.lists(st.sampled_from(ATTRS), max_size=3, unique=True)) if draw(st.booleans()) else []
    codes = [str(a) for a in sorted(attrs)] + [
        c for c in (draw(st.sampled_from(PALETTE_FG)), draw(st.sampled_from(PALETTE_BG))) if c
    ]
    text = draw(TEXT)
    return f"\x1b[{';'.join(codes)}m{text}\x1b[0m" if codes else text


def cup(width: int, height: int):
    return st.builds(
        lambda r, c: f"\x1b[{r + 1};{c + 1}H",
        st.integers(0, height - 1) | st.just(height + 2),
        st.integers(0, width - 1) | st.just(width + 3),
    )


def pieces(width: int, height: int):
    return st.one_of(
        styled_run(width),
        styled_run(width),
        cup(width, height),
        cup(width, height).map(lambda move: "\n" + move),  # Textual's row ends
        st.sampled_from(
            [
                "\n",
                "\x1b[1m",
                "\x1b[22m",
                "\x1b[7;38;5;2m",
                "\x1b[27;39;49m",
                "\x1b[2;1m",
                "\x1b[?2026h",
                "\x1b[?2026l",
                "\x1b[?25l",
                "\x1b]22;default\x07",
                "\x1b]8;;http://example.org\x1b\\",
                "\x1b]8;;\x1b\\",
                "\x1b[2K",
                "\x1b[J",
                "\x1b[3X",
                "\x1b[2P",
                "\r",
                "\x1b7",
                "\x1b8",
                "\x1b[58;5;3m",
                "\x1b[?7h",
                "\x1b[?7l",
            ]
        ),
        st.sampled_from(
            ["\x1b[4h", "\x1b[2;4r", "\x1b(0", "\x1b[10m"]
        ),  # insert mode, margins, charset, font
    )


@st.composite
def streams(draw, width: int = 20, height: int = 6) -> list[str]:
    """A stream of frames, cut into writes anywhere (inside sequences too)."""
    start = draw(st.sampled_from(["\x1b[?7l\x1b[0m", "\x1b[?7l", ""]))  # wrap off, as Textual starts; or not
    frame = draw(st.lists(pieces(width, height), min_size=1, max_size=40))
    frames = [frame]
    for _ in range(draw(st.integers(0, 2))):  # drawn again, a few pieces changed: as Textual redraws
        frame = [draw(pieces(width, height)) if draw(st.integers(0, 4)) == 0 else piece for piece in frame]
        frames.append(frame)
    body = start + "".join("".join(f) for f in frames)
    cuts = sorted(draw(st.lists(st.integers(0, len(body)), max_size=8)))
    writes, last = [], 0
    for cut_at in cuts + [len(body)]:
        writes.append(body[last:cut_at])
        last = cut_at
    return [w for w in writes if w]


@settings(max_examples=300, deadline=None)
@given(streams())
def test_random_frames_draw_the_same_screen_squeezed(writes):
    assert_same_screens(writes, 20, 6)


@pytest.mark.slow
@settings(max_examples=5000, deadline=None)
@given(streams(12, 4))
def test_many_random_frames_on_a_small_screen_draw_the_same_screen_squeezed(writes):
    assert_same_screens(writes, 12, 4)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(styled_run(20), min_size=1, max_size=8), min_size=2, max_size=6), st.data())
def test_frames_drawn_again_over_the_same_rows_stay_exact(rows, data):
    """Textual-shaped frames (a move per row, a newline between rows) redrawn over each other."""
    writes = ["\x1b[?7l"]
    for _ in range(3):
        frame = []
        for y, runs in enumerate(rows):
            frame.append(f"\x1b[{y + 1};1H" + "".join(runs))
        writes.append("\n".join(frame) + "\x1b[1;1H")
        rows = [data.draw(st.permutations(runs)) for runs in rows]
    assert_same_screens(writes, 20, 6)


def real_writes() -> list[str]:
    return json.loads(gzip.decompress(REAL_WRITES.read_bytes()))


def test_a_real_game_draws_the_same_screen_in_under_a_third_of_the_bytes():
    before, after = assert_same_screens(real_writes(), 80, 24)
    assert after < before / 3, (before, after)


@pytest.mark.parametrize("size", [5, 64])
def test_a_real_game_cut_into_small_writes_draws_the_same_screen(size):
    text = "".join(real_writes())
    assert_same_screens([text[i : i + size] for i in range(0, len(text), size)], 80, 24, every=997)


# The pieces.


STYLES = st.builds(
    Style,
    st.frozensets(st.sampled_from(ATTRS), max_size=4),
    st.sampled_from([(), ("31",), ("38", "5", "214"), ("38", "2", "1", "2", "3")]),
    st.sampled_from([(), ("44",), ("48", "5", "235")]),
)


@given(STYLES, STYLES)
def test_a_style_change_takes_any_style_to_any_other(old, new):
    change = sgr_change(old, new)
    if old == new:
        assert change == ""
    else:
        assert change.startswith("\x1b[") and change.endswith("m")
        assert apply_sgr(old, change[2:-1]) == new
        assert len(change) <= len(sgr_change(None, new))


def test_a_style_change_names_only_what_changes():
    base = Style(frozenset({1}), ("38", "5", "253"), ("48", "5", "233"))
    assert sgr_change(base, base._replace(fg=("38", "5", "246"))) == "\x1b[38;5;246m"
    assert sgr_change(base, base._replace(attrs=frozenset())) == "\x1b[22m"
    bold_dim = Style(frozenset({1, 2}), ("38", "5", "253"))
    assert sgr_change(bold_dim, bold_dim._replace(attrs=frozenset({2}))) == "\x1b[22;2m"  # 22 clears both
    assert sgr_change(base, Style()) == "\x1b[m"  # a reset is shorter
    assert sgr_change(None, base) == "\x1b[0;1;38;5;253;48;5;233m"


def test_cursor_moves_are_the_shortest_vt100_ones():
    assert cursor_move(4, 10, 4, 10) == ""
    assert cursor_move(14, 10, 15, 0) == "\r\x1b[B"
    assert cursor_move(4, 10, 5, 0) == "\x1b[6H"  # a tie goes to the absolute move
    assert cursor_move(4, 10, 4, 12) == "\x1b[2C"
    assert cursor_move(4, None, 4, 12) == "\r\x1b[12C"
    assert cursor_move(None, None, 4, 12) == "\x1b[5;13H"
    assert cursor_move(4, 10, 4, 3) == "\r\x1b[3C"  # never backward from a counted column
    assert cursor_move(4, 10, 0, 0) == "\x1b[H"


def test_a_repeated_reset_and_restate_and_a_move_to_the_cursor_are_dropped():
    squeezer = OutputSqueezer()
    squeezer.feed("\x1b[?7l\x1b[0m")  # from here on the style is known
    style = "\x1b[38;5;214;48;5;235m"
    out = squeezer.feed(f"\x1b[3;1H{style}ab\x1b[0m\x1b[3;3H{style}cd\x1b[0m")
    assert out == f"\x1b[3H{style}abcd\x1b[m"


def test_a_newline_before_a_move_down_is_dropped_and_kept_otherwise():
    squeezer = OutputSqueezer()
    squeezer.feed("\x1b[?7l")
    assert squeezer.feed("\x1b[12;1Hab\n\x1b[13;1Hcd") == "\x1b[12Hab\r\x1b[Bcd"
    assert squeezer.feed("\x1b[12;1Hab\ncd") == "\r\x1b[Aab\ncd"  # back up from row 13 to row 12


def test_cells_that_already_show_the_same_are_not_written_again():
    squeezer = OutputSqueezer()
    squeezer.set_size(40, 5)
    squeezer.feed("\x1b[?7l\x1b[0m")
    squeezer.feed("\x1b[1;1H\x1b[1mHello, world\x1b[0m")
    # Over "Hello, " to the W, then to where the original text leaves the cursor.
    assert squeezer.feed("\x1b[1;1H\x1b[1mHello, World\x1b[0m") == "\r\x1b[7C\x1b[1mW\x1b[4C\x1b[m"
    squeezer.forget_screen()  # as after a resize: everything again
    assert "Hello" in squeezer.feed("\x1b[1;1H\x1b[1mHello, World\x1b[0m")


def test_text_redrawn_up_to_the_right_edge_leaves_the_cursor_where_the_original_does():
    # The same row drawn twice with wrap off: the last cell of text that reaches the edge is
    # written again (a move cannot put the cursor past the last column, as the text does).
    writes = ["\x1b[?7l\x1b[1;1H\x1b[1ma\x1b[0m\x1b[1;10Haaa\x1b[1;1H\x1b[1ma\x1b[0m\x1b[1;10Haaa"]
    assert_same_screens(writes, 12, 4)
    squeezer = OutputSqueezer()
    squeezer.set_size(12, 4)
    out = squeezer.feed(writes[0])
    assert out.endswith("a") and out.count("a") == 6  # a, aaa, then a and the edge's a again


def test_a_sequence_it_does_not_know_passes_through_and_the_style_is_restated_after_it():
    squeezer = OutputSqueezer()
    squeezer.set_size(40, 5)
    squeezer.feed("\x1b[?7l\x1b[0m\x1b[1;1H\x1b[1mab\x1b[0m")
    out = squeezer.feed("\x1b[2J\x1b[1;1H\x1b[0m\x1b[1mab\x1b[0m")
    assert out == "\x1b[2J\x1b[H\x1b[0m\x1b[1mab\x1b[m"  # the style is known again from the reset on
    assert not squeezer.passing_through


@pytest.mark.parametrize("sequence", ["\x1b[4h", "\x1b[2;10r", "\x1b(0", "\x0e"])
def test_a_sequence_that_changes_how_text_is_drawn_turns_squeezing_off(sequence):
    squeezer = OutputSqueezer()
    squeezer.feed("\x1b[?7l\x1b[1;1Hab")
    later = f"x{sequence}\x1b[0m\x1b[1;1H\x1b[0m\x1b[1mab\x1b[0m"
    assert squeezer.feed(later).endswith(later[1:])
    assert squeezer.passing_through
    assert squeezer.feed("\x1b[1;1H\x1b[0m") == "\x1b[1;1H\x1b[0m"


async def test_after_a_resize_the_driver_writes_the_whole_frame_even_at_the_same_size(monkeypatch):
    from boardgames_tui.ui import driver as driver_module

    written: list[str] = []

    class Writer:
        def write(self, text: str) -> None:
            written.append(text)

    drv = driver_module.TolerantLinuxDriver(app=None)  # type: ignore[arg-type]  # no app: only the driver's writing is tested
    drv._writer_thread = Writer()
    monkeypatch.setattr(drv, "_output_size", lambda: (20, 6))
    frame = "\x1b[1;1H\x1b[1mHello\x1b[0m"
    drv.write("\x1b[?7l\x1b[0m")
    drv.write(frame)
    drv.write(frame)
    assert "Hello" in written[1] and "Hello" not in written[2]
    monkeypatch.setattr(driver_module.LinuxDriver, "_get_terminal_size", lambda self: (20, 6))
    drv._get_terminal_size()  # what Textual asks on SIGWINCH: the window may have lost cells
    drv.write(frame)
    assert "Hello" in written[3]


async def test_the_driver_writes_the_original_text_when_the_squeezer_fails():
    from boardgames_tui.ui import driver as driver_module

    written: list[str] = []

    class Writer:
        def write(self, text: str) -> None:
            written.append(text)

    class Broken(OutputSqueezer):
        def feed(self, text: str) -> str:
            raise RuntimeError("boom")

    drv = driver_module.TolerantLinuxDriver(app=None)  # type: ignore[arg-type]  # no app: only the driver's writing is tested
    drv._writer_thread = Writer()
    drv._squeeze.squeezer = Broken()
    drv.write("\x1b[1;1H\x1b[1mab\x1b[0m")
    assert written == ["\x1b[1;1H\x1b[1mab\x1b[0m"]
    assert type(drv._squeeze.squeezer) is OutputSqueezer  # a fresh one for the next write
    drv.write("\x1b[?7l")
    assert written[-1] == "\x1b[?7l"


def test_a_newline_on_the_bottom_row_scrolls_and_the_rows_are_written_again():
    rows = [f"\x1b[{y + 1};1H\x1b[1mrow {y}\x1b[0m" for y in range(6)]
    # A newline then a move up: the newline is written (it scrolls), the copy of the screen forgotten.
    writes = ["\x1b[?7l\x1b[0m", "".join(rows), "\x1b[6;1H\n" + "".join(rows)]
    assert_same_screens(writes, 20, 6)


def test_a_newline_above_the_bottom_row_before_a_move_is_dropped():
    squeezer = OutputSqueezer()
    squeezer.set_size(20, 6)
    squeezer.feed("\x1b[?7l\x1b[0m")
    assert squeezer.feed("\x1b[3;1Hab\n\x1b[3;5Hcd") == "\x1b[3Hab\x1b[2Ccd"  # same row: no scroll possible
    assert squeezer.feed("\x1b[6;1Hab\n\x1b[6;5Hcd") == "\x1b[6Hab\n\x1b[6;5Hcd"  # bottom row: it scrolls


def test_cells_drawn_inside_a_hyperlink_are_drawn_again_outside_it():
    squeezer = OutputSqueezer()
    squeezer.set_size(20, 6)
    squeezer.feed("\x1b[?7l\x1b[0m")
    squeezer.feed("\x1b[1;1H\x1b]8;;http://example.org\x1b\\ab\x1b]8;;\x1b\\")
    assert "ab" in squeezer.feed("\x1b[1;1Hab")  # the terminal still shows them as a link
    assert "ab" not in squeezer.feed("\x1b[1;1Hab")


def test_a_combining_mark_written_on_its_own_makes_the_cell_before_it_be_written_again():
    writes = ["\x1b[?7l\x1b[0m", "\x1b[1;1Hab", "\x1b[1;3H\u0301", "\x1b[1;1Hab"]
    assert_same_screens(writes, 20, 6)


def test_a_hyperlink_or_wrap_mode_cut_between_two_writes_is_still_followed():
    squeezer = OutputSqueezer()
    squeezer.set_size(20, 6)
    squeezer.feed("\x1b[?7l\x1b[0m\x1b[1;1H\x1b]8;;http://exa")
    squeezer.feed("mple.org\x1b\\ab\x1b]8;;\x1b\\")
    assert "ab" in squeezer.feed("\x1b[1;1Hab")  # the cells were drawn inside the link
    squeezer.feed("\x1b[?")
    squeezer.feed("7h\x1b[1;1Hab")  # automatic wrap back on: text no longer counts columns
    assert squeezer.feed("\x1b[1;3Hcd").startswith("\x1b[1;3H")


# The real program in a pseudo-terminal, with and without the squeezer.


def settled(app, quiet: float = 0.3, timeout: float = 15.0) -> None:
    """Wait until the program has written nothing for ``quiet`` seconds."""
    deadline = time.monotonic() + timeout
    last, since = len(app.raw), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.05)
        if len(app.raw) != last:
            last, since = len(app.raw), time.monotonic()
        elif time.monotonic() - since >= quiet:
            return
    raise AssertionError("the program never stopped drawing")


def cells(app) -> list:
    with app._lock:
        screen = app._screen
        return [[screen.buffer[y][x] for x in range(screen.columns)] for y in range(screen.lines)]


def same_when_both_settle(squeezed, plain, step, timeout: float = 30.0) -> None:
    """Both programs stop drawing with the same cells (a busy machine may pause one mid-frame: look again)."""
    deadline = time.monotonic() + timeout
    while True:
        for app in (squeezed, plain):
            settled(app)
        if cells(squeezed) == cells(plain) or time.monotonic() > deadline:
            break
    assert cells(squeezed) == cells(plain), f"after {step!r}:\n{squeezed.text()}\n---\n{plain.text()}"


def press_as_a_player(app, key: bytes, acted: Callable[[str], bool], tries: int = 3) -> None:
    """Press ``key`` once the screen has settled, until ``acted(screen text)`` holds.

    A player presses again when the key gate (ui/keygate.py) held the key back: on a busy
    machine a screen can still be drawing when the key comes, and the gate then drops it, on
    purpose, and says so in a notice. That notice changes the screen too, so the wait is on
    what the key itself brings about, not on any change.
    """
    for _ in range(tries):
        settled(app)
        time.sleep(SETTLE)  # a key, not part of a burst with the one before
        app.write(key)
        screen = app.wait_until(
            lambda screen: acted(screen) or HELD_BACK in screen, "the key to act or be held back"
        )
        if acted(screen):
            return
        app.wait_until(lambda screen: HELD_BACK not in screen, "the held-back notice to go")
    raise AssertionError(f"{key!r} never acted:\n{app.text()}")


#: The start of the notice the app shows when the key gate held a key back (app.py).
HELD_BACK = "That key came just as the screen changed"


def test_the_program_draws_the_same_cells_as_with_textuals_own_driver_in_fewer_bytes(tmp_path):
    game = ["--game", "penguinramids", "--names", "Ana,Beto", "--seed", "3"]
    plain_env = {"TEXTUAL_DRIVER": "textual.drivers.linux_driver:LinuxDriver"}
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    with PtyApp(game, tmp_path / "a") as squeezed, PtyApp(game, tmp_path / "b", env=plain_env) as plain:
        # The curtain, the seat, card 2 chosen, a bigger window, smaller and back at once;
        # each key waits for what it brings about (the seat's choices, card 2's line).
        keys = {
            b"\r": lambda screen: "choose an action card" in screen,
            b"2": lambda screen: "Card 2:" in screen,
        }
        squeezed.wait_for("I am alone")
        plain.wait_for("I am alone")
        for step in [None, b"\r", b"2", "resize", "bounce"]:
            for app in (squeezed, plain):
                if step == "resize":
                    app.resize(100, 30)
                elif step == "bounce":
                    app.resize(60, 20)  # pyte drops the cells outside, as a terminal would
                    app.resize(100, 30)
                elif isinstance(step, bytes):
                    press_as_a_player(app, step, keys[step])
            same_when_both_settle(squeezed, plain, step)
        assert "choose an action card" in squeezed.text()
        assert len(squeezed.raw) < len(plain.raw) / 2, (len(squeezed.raw), len(plain.raw))
        squeezed.quit_cleanly()


async def test_ctrl_l_forgets_what_the_terminal_shows_and_repaints_every_cell():
    from boardgames_tui.app import BoardGamesApp
    from boardgames_tui.engine import Match
    from boardgames_tui.ui.driver import SqueezedWrites

    app = BoardGamesApp(match=Match.new("mountain_goats", ["Ana", "Beto"], 1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        squeeze = SqueezedWrites()
        app._driver._squeeze = squeeze  # the headless driver has none: stand one in
        full: list[bool] = []
        real = app.screen._compositor.render_full_update
        app.screen._compositor.render_full_update = lambda *a, **k: (full.append(True), real(*a, **k))[1]
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert squeeze._resized  # the next write forgets the squeezer's copy of the screen
        assert full  # ... and it is a repaint of the whole screen
