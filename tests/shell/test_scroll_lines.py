"""ScrollLines: rows that scroll inside a fixed box, repainted row by row, never laid out."""

from __future__ import annotations

from rich.segment import Segment
from textual.app import App, ComposeResult
from textual.strip import Strip

from boardgames_tui.ui.scroll_lines import ScrollLines


def rows(*texts: str) -> list[Strip]:
    return [Strip([Segment(t)]) for t in texts]


class Box(App[None]):
    CSS = "ScrollLines { height: 5; overflow-y: scroll; }"

    def compose(self) -> ComposeResult:
        yield ScrollLines(id="box")


def screen_rows(app: App, n: int) -> list[str]:
    box = app.query_one(ScrollLines)
    return [box.render_line(y).text.rstrip() for y in range(n)]


async def test_new_rows_show_without_a_layout_of_the_screen() -> None:
    app = Box()
    async with app.run_test(size=(30, 10)) as pilot:
        box = app.query_one(ScrollLines)
        box.set_strips(rows("a", "b"))
        await pilot.pause()
        layouts = []
        original = box.refresh

        def spy(*regions, **kwargs):
            if kwargs.get("layout"):
                layouts.append(kwargs)
            return original(*regions, **kwargs)

        box.refresh = spy
        box.set_strips(rows("a", "B", "c", "d", "e", "f", "g"))
        await pilot.pause()
        assert layouts == []
        assert box.virtual_size.height == 7
        assert screen_rows(app, 5) == ["a", "B", "c", "d", "e"]


async def test_rows_beyond_the_box_are_reached_by_scrolling() -> None:
    app = Box()
    async with app.run_test(size=(30, 10)) as pilot:
        box = app.query_one(ScrollLines)
        box.set_strips(rows(*"abcdefgh"))
        await pilot.pause()
        box.scroll_end(animate=False, immediate=True)
        await pilot.pause()
        assert screen_rows(app, 5) == ["d", "e", "f", "g", "h"]


async def test_fewer_rows_leave_blank_rows_not_old_ones() -> None:
    app = Box()
    async with app.run_test(size=(30, 10)) as pilot:
        box = app.query_one(ScrollLines)
        box.set_strips(rows("a", "b", "c", "d"))
        await pilot.pause()
        asked = []
        original = box.refresh
        box.refresh = lambda *regions, **kw: (asked.extend(regions), original(*regions, **kw))[1]
        box.set_strips(rows("a"))
        await pilot.pause()
        assert screen_rows(app, 4) == ["a", "", "", ""]
        # The rows that emptied are repainted (else the terminal would keep "b", "c", "d").
        assert any(r.y <= 1 and r.bottom >= 4 for r in asked)


async def test_more_rows_repaint_the_new_and_changed_rows_not_the_whole_box() -> None:
    """A board that grows by a row at a hand-over (another hand) repainted every row of itself
    and its scrollbar: only the rows that differ, and those added, are drawn again."""
    app = Box()
    async with app.run_test(size=(30, 10)) as pilot:
        box = app.query_one(ScrollLines)
        box.set_strips(rows("a", "b", "c"))
        await pilot.pause()
        asked: list = []
        original = box.refresh
        box.refresh = lambda *regions, **kw: (asked.append(regions), original(*regions, **kw))[1]
        box.set_strips(rows("a", "B", "c", "d"))
        assert asked and all(asked), "every repaint names its rows"
        repainted = {y for regions in asked for r in regions for y in range(r.y, r.bottom)}
        assert repainted == {1, 3}
        await pilot.pause()
        assert screen_rows(app, 4) == ["a", "B", "c", "d"]
