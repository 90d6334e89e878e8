"""The cover (ui/cover.py): the curtain and the private notice as a page of the game screen."""

from __future__ import annotations

from contextlib import asynccontextmanager

from textual.app import App

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.engine import Match
from boardgames_tui.ui.log_panel import LogPanel
from tests.handover import curtain_up, game_of


async def _to_first_curtain(app, pilot, limit: int = 20) -> None:
    await _enter_until(app, pilot, curtain_up, limit)


@asynccontextmanager
async def _at_first_curtain():
    """A three-player Misión Chungungo at 80x24, run up to its first curtain: (app, pilot)."""
    app = BoardGamesApp(match=Match.new("mision_chungungo", ["Ana", "Beto", "Carla"], 4))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _to_first_curtain(app, pilot)
        yield app, pilot


async def test_lifting_the_cover_repaints_the_whole_table_log_included(monkeypatch):
    """Textual's scrolling fast path once left the cover's cells where the log is, on a real
    terminal; every row of the log panel must be sent again when the table comes back."""
    sent: list = []
    real = App._display

    def display(self, screen, update):
        if update is not None:
            sent.append(getattr(update, "spans", None))
        return real(self, screen, update)

    monkeypatch.setattr(App, "_display", display)
    async with _at_first_curtain() as (app, pilot):
        sent.clear()
        app.key_gate.rest()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert not game_of(app).covered
        log = game_of(app).query_one(LogPanel).region
        repainted = set()
        for spans in sent:
            if spans is None:  # a full update: every row
                repainted.update(range(app.size.height))
                continue
            repainted.update(y for y, x1, x2 in spans if x1 <= log.x and x2 >= log.right - 1)
        assert set(range(log.y, log.bottom)) <= repainted


async def test_the_covered_table_takes_no_keys_but_rules_and_menu():
    async with _at_first_curtain() as (app, pilot):
        game = game_of(app)
        log = game.query_one(LogPanel)
        actions = len(game.match.actions)
        for key in ("l", "1", "u", "g", "h"):
            app.key_gate.rest()
            await pilot.press(key)
            await pilot.pause()
        assert curtain_up(app.screen) and not log.has_class("-hidden")
        assert len(game.match.actions) == actions
        footer = app.screen.query_one("StableFooter").plain()
        assert "Rules" in footer and "Menu" in footer and "Log" not in footer and "Save" not in footer
        assert game.focused is not game.cover  # the keys are the screen's: no focus moves


async def test_the_curtain_lifts_on_enter_alone_not_on_the_space_that_skips_a_reveal():
    # Space goes on through Montaña's reveal; a player hurrying through it with Space must not
    # lift the next player's curtain in front of the table. The curtain says: press Enter.
    async with _at_first_curtain() as (app, pilot):
        game = game_of(app)
        for _ in range(2):
            app.key_gate.rest()
            await pilot.press("space")
            await pilot.pause()
        assert curtain_up(app.screen) and game.shown_seat is None
        assert "⏎ I am alone" in app.screen.query_one("StableFooter").plain()  # the key the footer offers
        app.key_gate.rest()
        await pilot.press("enter")
        await pilot.pause()
        assert not curtain_up(app.screen) and game.shown_seat is not None


async def test_the_cover_names_the_player_over_the_whole_page_and_hides_the_table():
    app = BoardGamesApp(match=Match.new("penguinramids", ["Ana", "Beto", "Carla"], 1))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await _to_first_curtain(app, pilot)
        game = game_of(app)
        assert game.cover.who in game.cover.plain()
        assert game.cover.region == game.query_one("#game-pages").region  # the whole page
        table = game.query_one("#game-table")
        assert not table.region.overlaps(game.cover.region)  # scrolled out of view


async def test_a_resize_under_the_cover_never_brings_the_table_into_view(monkeypatch):
    """The table under a curtain may still be the last seat's own: the cover is the top page,
    so whatever the new size, the view stays at the top, on the cover, in every frame."""
    app = BoardGamesApp(match=Match.new("penguinramids", ["Ana", "Beto", "Carla"], 1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _to_first_curtain(app, pilot)
        app.key_gate.rest()
        await pilot.press("enter")  # A's table
        await pilot.pause()
        await _to_first_curtain(app, pilot)  # covered, A's table still under it
        game = game_of(app)
        pages = game.query_one("#game-pages")
        for size in ((100, 34), (120, 40), (80, 24)):
            await pilot.resize_terminal(*size)
            assert pages.scroll_y == 0 and game.cover.region.y == pages.region.y
            await pilot.pause()
            assert pages.scroll_y == 0 and curtain_up(app.screen)
            assert not game.query_one("#game-table").region.overlaps(pages.region)


async def test_a_lifted_notice_leaves_nothing_of_itself_on_the_cover():
    app = BoardGamesApp(match=Match.new("mision_chungungo", ["Ana", "Beto", "Carla"], 4))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = game_of(app)
        game.cover_with_notice("A Ana", ["You took a card from Beto: Aspa."], True, lambda: None)
        await pilot.pause()
        assert "Aspa" in game.cover.plain()
        game.lift_cover()
        await pilot.pause()
        assert "Aspa" not in game.cover.plain() and not game.covered


async def test_the_curtains_recap_never_opens_in_the_middle_of_a_line():
    """A new player's report: after loading a game, the curtain's recap began with "range
    (green)." (the end of a line whose start did not fit)."""
    from textual.app import App, ComposeResult

    from boardgames_tui.ui.cover import CoverPane

    class Host(App[None]):
        def compose(self) -> ComposeResult:
            yield CoverPane(id="cover")

    recent = [
        f"Line {n}: " + "a long public event that wraps over several rows of the recap " * 2
        for n in range(12)
    ]
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        cover = app.query_one(CoverPane)
        cover.show_curtain("B Beto", "", recent, lambda: None)
        await pilot.pause()
        text = cover.plain()
        recap = text.split("(PageUp/PageDown):", 1)[1].strip("\n").splitlines()
        assert recap and recap[0].strip().startswith("Line "), recap[:2]
        assert recent[-1].split(":")[0] in text  # the last line is there


async def _enter_until(app, pilot, ready, limit: int = 40) -> None:
    for _ in range(limit):
        if ready(app.screen):
            return
        app.key_gate.rest()
        await pilot.press("enter")
        await pilot.pause()
    raise AssertionError("never got there")


async def test_a_cover_that_follows_a_cover_never_brings_the_table_into_view():
    """A curtain's Enter that opens a notice (or a notice's Enter that raises the next curtain)
    keeps the page on the cover the whole time: the table under it (the last seat's own, or
    nobody's yet) is never scrolled into view, not even between the two."""
    from tests.handover import notice_up

    app = BoardGamesApp(match=Match.new("mision_chungungo", ["Ana", "Beto", "Carla"], 1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = game_of(app)
        pages = game.query_one("#game-pages")
        await _enter_until(app, pilot, notice_up)
        moves: list[float] = []
        game.watch(pages, "scroll_y", lambda y: moves.append(y), init=False)
        app.key_gate.rest()
        await pilot.press("enter")
        await pilot.pause()
        assert curtain_up(app.screen)  # the next player's curtain, straight after the notice
        assert moves == [] and pages.scroll_y == 0
        assert "Only for" not in game.cover.plain()  # nothing of the notice under the curtain
        assert not game.query_one("#game-table").region.overlaps(pages.region)


async def test_lifting_the_curtain_draws_the_table_in_one_frame(monkeypatch):
    """The table comes into view in one update of the terminal: the board's scrollbar, brought
    into view with it, is not drawn again in a second frame."""
    sent: list = []
    real = App._display

    def display(self, screen, update):
        if update is not None:
            sent.append(update)
        return real(self, screen, update)

    monkeypatch.setattr(App, "_display", display)
    app = BoardGamesApp(match=Match.new("montana_pinguino", ["Ana", "Beto", "Carla"], 1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _to_first_curtain(app, pilot)
        app.key_gate.rest()
        await pilot.press("enter")  # A's table: its first showing lays the page out once
        await pilot.pause()
        await _to_first_curtain(app, pilot)  # B's curtain
        await pilot.pause()
        sent.clear()
        app.key_gate.rest()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert not game_of(app).covered
        assert len(sent) == 1, [getattr(u, "spans", None) for u in sent]


async def test_a_new_curtain_draws_only_the_rows_of_its_box_again():
    """The rows above and below the box are blank for every curtain and notice, and for the
    lifted cover: they are not drawn again from one to the next."""
    from textual.app import App, ComposeResult

    from boardgames_tui.ui.cover import CoverPane

    class Host(App[None]):
        def compose(self) -> ComposeResult:
            yield CoverPane(id="cover")

    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        cover = app.query_one(CoverPane)
        cover.display = True
        await pilot.pause()
        cover.show_curtain("A Ana", "", [], lambda: None)
        await pilot.pause()
        cover.clear()
        await pilot.pause()
        asked: list = []
        real = cover.refresh
        cover.refresh = lambda *regions, **kw: (asked.append(regions), real(*regions, **kw))[1]
        cover.show_curtain("B Beto", "", ["Ana plays a card."], lambda: None)
        box = [y for y in range(cover.size.height) if cover.render_line(y).text.strip()]
        assert asked and all(asked)  # rows named, never the whole page
        repainted = {y for regions in asked for r in regions for y in range(r.y, r.bottom)}
        assert repainted and repainted <= set(range(box[0] - 2, box[-1] + 3))  # the old box's rows too
        assert len(repainted) < cover.size.height // 2


async def test_the_cover_is_drawn_again_for_its_new_size_after_a_resize():
    app = BoardGamesApp(match=Match.new("penguinramids", ["Ana", "Beto", "Carla"], 1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _to_first_curtain(app, pilot)
        game = game_of(app)
        for width, height in ((100, 34), (80, 24)):
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            await pilot.pause()
            cover = game.cover
            assert cover.rows == cover.size.height == game.query_one("#game-pages").size.height
            box = [cover.render_line(y).text for y in range(cover.rows) if cover.render_line(y).text.strip()]
            assert box[0].strip().startswith("╔") and box[-1].strip().endswith("╝")
            assert all(len(row.rstrip()) <= width for row in box) and game.cover.who in cover.plain()
