"""Whatever the data folder holds, the launcher, Continue and Load list what they can read and name the rest.

Links to nothing, FIFOs and folders named *.json, devices, huge files: none
of them is opened, none crashes or blocks the start (issue 14, "Save files").
"""

from __future__ import annotations

import os
import time

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine import Match
from boardgames_tui.engine.match import MAX_SAVE_BYTES, autosave_dir, saves_dir
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.launcher import LauncherScreen
from boardgames_tui.ui.load_screen import LoadScreen
from tests.engine.save_samples import real_save
from tests.screen_text import notices, screen_text

SIZE = (80, 24)
AN_HOUR_AGO = time.time() - 3600


def hostile_entries(folder):
    """Every kind of *.json entry that is not a save, in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "gone.json").symlink_to(folder / "nowhere.json")
    os.mkfifo(folder / "pipe.json")
    (folder / "dir.json").mkdir()
    (folder / "zero.json").symlink_to("/dev/zero")
    with open(folder / "huge.json", "wb") as fh:
        fh.truncate(MAX_SAVE_BYTES + 1)


def good_save(folder, name="good.json", game="mountain_goats"):
    path = Match.from_dict(real_save(game)).save(folder / name)
    return path


def old(path):
    os.utime(path, (AN_HOUR_AGO, AN_HOUR_AGO))
    return path


def entry_key(app, key):
    """The digit that picks the launcher entry ``key``."""
    keys = [k for k, _ in app.screen._entries]
    return str(keys.index(key) + 1)


async def test_a_dangling_link_in_the_autosaves_does_not_stop_the_start():
    autosave_dir().mkdir(parents=True)
    (autosave_dir() / "gone.json").symlink_to(autosave_dir() / "nowhere.json")
    app = BoardGamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        text = screen_text(app)
        assert "Continue" not in text
        assert "Skipped: gone.json (a link to a missing file)" in text


async def test_launcher_offers_the_readable_autosave_and_names_what_it_skips():
    hostile_entries(autosave_dir())
    good = good_save(autosave_dir())
    old(good)  # the hostile entries are newer: Continue must still find the save
    app = BoardGamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Continue: Mountain Goats with Ana, Beto, 9 actions" in text
        assert "Skipped 5 files: dir.json (a folder); gone.json (a link to a missing file" in text
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.current_match is not None and app.current_match.autosave_file == good
        assert len(app.current_match.actions) == 9


async def test_load_screen_lists_readable_saves_and_names_the_rest():
    hostile_entries(saves_dir())
    good = good_save(saves_dir(), "mine.json", "penguinramids")
    (saves_dir() / "broken.json").write_text("{ not json")
    old(saves_dir() / "broken.json")
    app = BoardGamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(entry_key(app, "load"))
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        assert [p for p, _ in app.screen.files] == [good, saves_dir() / "broken.json"]
        text = screen_text(app)
        assert "saved      Penguinramids with Ana, Beto, 25 actions" in text
        assert "broken.json (not a readable save)" in text
        assert "Not listed: dir.json (a folder); gone.json (a link to a missing file);" in text
        assert "huge.json (2 MB, too big); pipe.json (a FIFO); zero.json (a" in text
        await pilot.press("down", "enter")  # the broken one: refused with a notice
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        assert "Cannot open broken.json this save file is truncated or not JSON." in notices(app)
        await pilot.press(entry_key(app, "load"))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.current_match is not None and len(app.current_match.actions) == 25


async def test_stale_temporary_files_are_removed_at_start():
    autosave_dir().mkdir(parents=True)
    saves_dir().mkdir(parents=True)
    stale = autosave_dir() / ".veto-1.json.a1b2c3.tmp"
    stale_saved = saves_dir() / ".mine.json.d4e5f6.tmp"
    for path in (stale, stale_saved):
        path.write_text('{"format": "boardgames-tui-save", "vers')
        old(path)
    in_progress = autosave_dir() / ".veto-2.json.g7h8i9.tmp"
    in_progress.write_text("{")
    app = BoardGamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
    assert not stale.exists() and not stale_saved.exists()
    assert in_progress.exists()  # young: may belong to a write still going on
