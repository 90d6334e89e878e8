"""Any bytes on the terminal's input, and any paste, leave the real program running (ui/driver.py).

These run ``python -m boardgames_tui`` in a pseudo-terminal and write raw
bytes to it, as a terminal would: Pilot never decodes input, so only a real
terminal shows these faults. A run ends with Ctrl+Q, which must be answered
with a clean exit (status 0, no traceback).
"""

from __future__ import annotations

import random
import time

import pytest

from boardgames_tui.ui.keygate import SETTLE
from tests.shell.pty_app import PtyApp

GAME = ["--game", "penguinramids", "--names", "Ana,Beto", "--seed", "3"]
CURTAIN = "Pass the keyboard to"
RULES = "Build the most impressive"  # the first lines of Penguinramids' rules (F1 or ?)


def answers_keys(app: PtyApp) -> None:
    """From the curtain: ? opens the rules, q closes them again."""
    app.write(b"?")
    app.wait_for(RULES)
    app.write(b"q")
    app.wait_for(CURTAIN)


def test_latin1_letters_and_an_x10_mouse_report_do_not_end_the_app(tmp_path):
    with PtyApp(GAME, tmp_path) as app:
        app.wait_for(CURTAIN)
        for chunk in (
            b"\xe9",
            b"\xf1",
            b"\xe9a\xf1o",
            b"\x1b[M \xa00",
            b"\x1b[M\xff\xff\xff",
            b"\xc3",
            b"\xff\xfe",
        ):
            app.write(chunk)
        app.write(b"\x1b[99999999u")  # a keyboard-protocol key Textual's parser cannot name
        time.sleep(SETTLE + 0.2)  # then a fresh key (not part of that burst: ui/keygate.py)
        answers_keys(app)
        app.quit_cleanly()


def test_a_latin1_terminal_types_accented_names(tmp_path):
    with PtyApp(["--game", "penguinramids"], tmp_path) as app:
        app.wait_for("Seat A name")
        app.write(b"\t")  # from the player count to seat A's name
        app.write(b"\x7f\x7f\x7f")
        # The whole row drawn with an empty field (a frame half drawn also lacks "Ana").
        app.wait_until(
            lambda screen: any(
                "Seat A name" in row and "Human" in row and "Ana" not in row for row in screen.splitlines()
            ),
            "an empty name field",
        )
        app.write(b"Jos\xe9 Mu\xf1oz")  # Latin-1 bytes
        app.wait_for("José Muñoz")
        app.write(b"\x7f\x7f\x7f\xf1")  # ... and one as the very last key
        app.wait_for("José Muñ ")  # (not "José Muñoz")
        app.quit_cleanly()


def test_a_paste_full_of_commands_does_nothing_on_the_curtain_or_the_board(tmp_path):
    paste = b"\x1b[200~12\r\n\r\nq\x1b\x1b[A3\n\x1bq1m5\r\r\x1b]0;title\x07\x1b[2J\x1b[201~"
    with PtyApp(GAME, tmp_path) as app:
        app.wait_for(CURTAIN)
        app.write(paste)
        time.sleep(SETTLE + 0.2)  # the next key is a fresh one, as in the rest of this test
        answers_keys(app)  # the curtain is still up: nothing in the paste lifted it
        time.sleep(SETTLE + 0.2)  # a fresh key, not part of a burst (ui/keygate.py)
        app.write(b"\r")
        app.wait_for("choose an action card in secret")
        app.write(paste)
        time.sleep(SETTLE + 0.2)  # the new list of choices takes only a fresh key
        app.write(b"?")
        app.wait_for(RULES)
        app.write(b"q")
        # The whole board comes back (not only its first rows): no card was played, no menu opened.
        app.wait_until(
            lambda screen: all(
                t in screen for t in ("choose an action card in secret", "Round 1/10", "Your choices")
            ),
            "the same secret choice, in full",
        )
        app.quit_cleanly()


def hostile_chunk(rng: random.Random) -> bytes:
    """Random input as a broken or foreign terminal might send it (never Ctrl+Q, the quit key)."""
    kind = rng.random()
    if kind < 0.35:
        data = bytes(rng.randrange(0x80, 0x100) for _ in range(rng.randint(1, 8)))
    elif kind < 0.5:
        data = bytes(
            rng.choice([*range(0x00, 0x11), *range(0x12, 0x20), 0x7F]) for _ in range(rng.randint(1, 4))
        )
    elif kind < 0.6:
        data = b"\x1b[M" + bytes(rng.randrange(0x20, 0x100) for _ in range(3))
    elif kind < 0.7:
        digits = ";".join(
            str(rng.choice([0, 1, 65, 10 ** rng.randint(1, 25)])) for _ in range(rng.randint(1, 4))
        )
        data = b"\x1b[" + digits.encode() + rng.choice([b"u", b"~", b"R", b"t", b"M", b"m", b"A", b""])
    elif kind < 0.8:
        data = (
            b"\x1b[200~"
            + bytes(rng.randrange(0x00, 0x100) for _ in range(rng.randint(0, 20))).replace(b"\x11", b"")
            + b"\x1b[201~"
        )
    elif kind < 0.9:
        data = (
            b"\x1b]"
            + bytes(rng.randrange(0x20, 0x100) for _ in range(rng.randint(0, 10)))
            + rng.choice([b"\x07", b"\x1b\\", b""])
        )
    else:
        data = bytes(rng.randrange(0x00, 0x100) for _ in range(rng.randint(1, 16)))
    return data.replace(b"\x11", b"")


def sweep(tmp_path, chunks: int, seed: int) -> int:
    """Write ``chunks`` hostile chunks; returns how many times the app quit on its own (cleanly).

    Random bytes may spell a real way out (the menu's 5, the launcher's q):
    that must be a clean exit, and a fresh app takes the remaining chunks.
    """
    rng = random.Random(seed)
    quits = 0
    left = chunks
    while left:
        with PtyApp(GAME, tmp_path / f"run{quits}") as app:
            app.wait_for(CURTAIN)
            while left and app.alive():
                app.write(hostile_chunk(rng))
                left -= 1
            if app.alive():
                app.write(b"\x1b[201~\x1b\x1b")  # close any paste left open
                app.quit_cleanly()
                return quits
            code = app.wait_exit()
            assert code == 0 and not app.crashed(), f"exit {code}:\n{app.output_tail()}"
            quits += 1
    return quits


def test_two_hundred_chunks_of_hostile_bytes_never_end_the_app(tmp_path):
    assert sweep(tmp_path, 200, seed=14) <= 3


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(5))
def test_thousands_of_chunks_of_hostile_bytes_never_end_the_app(tmp_path, seed):
    sweep(tmp_path, 2000, seed=seed)
