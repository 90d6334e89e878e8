"""The round reveal hands the keyboard on in a real terminal: what comes next is drawn on top."""

import json
import time

import pytest

from tests.shell.pty_app import PtyApp

#: A fresh key: the key gate takes a key half a second after the one before it (ui/keygate.py).
GAP = 0.7


@pytest.mark.xfail(
    reason="broken by the hand-over change (forced options played by themselves, news as notifications); open in issue 24, to fix next",
    strict=False,
)
@pytest.mark.slow
def test_after_a_round_is_revealed_the_next_seat_reads_its_news_and_then_decides(tmp_path):
    """The round shown to the table, then C's curtain and C's new card, B's curtain, B's own
    news on top, then B's decision. (A player saw B's curtain lift onto a board with no choices: the notice was
    pushed while the game screen was still coming back from the curtain, and the game was drawn
    over it. That timing did not come back in this test; the order of screens is what it checks.)"""
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(json.dumps({"reveal_pace": 0.1}))  # a quick reveal
    with PtyApp(
        ["--game", "montana_pinguino", "--players", "3", "--seed", "7"], tmp_path, size=(100, 30)
    ) as app:
        for card in (b"2", b"1", b"1"):  # each runner: a left card, no right card
            app.wait_for("Pass the keyboard to")
            for key in (b"\r", card, b"\r", b"0", b"\r"):
                time.sleep(GAP)
                app.write(key)
        # The table watches the round first (its quick reveal plays out), then the last runner
        # reads the card it drew, behind a curtain of its own.
        app.wait_until(lambda screen: "Pass the keyboard to" in screen and "C Carla" in screen, "C's curtain")
        time.sleep(GAP)
        app.write(b"\r")
        app.wait_for("Only for C Carla")
        time.sleep(GAP)
        app.write(b"\r")
        app.wait_until(lambda screen: "Pass the keyboard to" in screen and "B Beto" in screen, "B's curtain")
        time.sleep(GAP)
        app.write(b"\r")
        app.wait_for("Only for B Beto")  # drawn on top, not hidden under the board
        time.sleep(GAP)
        app.write(b"\r")
        app.wait_for("Item draw")  # and B decides
        app.quit_cleanly()
