"""The lobby's screens through Pilot, with a stand-in for the hub (what is sent is what the hub gets)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from textual.widgets import OptionList

from boardgames_tui.serve.session import LobbyScreen, OptionsScreen, SessionApp

from .play import new_table_index


class FakeLink:
    """Records what the session sends; says hello and shows an empty lobby."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def open(self) -> None:
        pass

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    async def messages(self):
        yield {"op": "hello", "name": "ana", "identity": "key:x"}
        yield {"op": "lobby", "tables": []}
        await asyncio.Event().wait()


async def test_a_new_table_of_a_game_with_options_asks_for_them_and_sends_the_changed_ones() -> None:
    link = FakeLink()
    app = SessionApp(link)  # type: ignore[arg-type]  # a stand-in link with the methods used
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        await pilot.press("n")
        await pilot.pause()
        await pilot.press(*["down"] * new_table_index("mountain_goats", 2), "enter")
        await pilot.pause()
        assert isinstance(app.screen, OptionsScreen)
        await pilot.press("enter")  # Big Mountain expansion: no -> yes
        await pilot.pause()
        await pilot.press("down", "enter")  # Make the table
        await pilot.pause()
    assert link.sent == [
        {
            "op": "create",
            "game": "mountain_goats",
            "players": 2,
            "computers": 0,
            "options": {"big_mountain": True},
        }
    ]


async def test_a_new_table_of_a_game_without_options_is_sent_at_once() -> None:
    link = FakeLink()
    app = SessionApp(link)  # type: ignore[arg-type]  # a stand-in link with the methods used
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await pilot.press(*["down"] * new_table_index("mision_chungungo", 3), "enter")
        await pilot.pause()
    assert link.sent == [
        {"op": "create", "game": "mision_chungungo", "players": 3, "computers": 0, "options": {}}
    ]


@contextlib.asynccontextmanager
async def lobby_app():
    """A session app on a stand-in hub, its lobby on screen: yields (app, pilot, lobby, link)."""
    link = FakeLink()
    app = SessionApp(link)  # type: ignore[arg-type]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        yield app, pilot, lobby, link


def _row(table_id: str, status: str, seats: list[str | None]) -> dict[str, Any]:
    return {
        "id": table_id,
        "game": "mountain_goats",
        "title": "Mountain Goats",
        "options": "",
        "seats": seats,
        "status": status,
        "mine": None,
        "computers": [],
        "creator": False,
    }


async def test_a_lobby_change_redraws_only_the_rows_that_changed() -> None:
    async with lobby_app() as (_app, pilot, lobby, _link):
        lobby.show_tables(
            [_row("t1", "playing", ["ana", "beto"]), _row("t2", "waiting for 1 player", ["cris", None])]
        )
        await pilot.pause()
        lst = lobby.query_one(OptionList)
        first, first_prompt = lst.get_option("table:t1"), lst.get_option("table:t1").prompt
        lobby.show_tables([_row("t1", "playing", ["ana", "beto"]), _row("t2", "playing", ["cris", "dani"])])
        await pilot.pause()
        assert lst.get_option("table:t1") is first  # unchanged: not rebuilt
        assert first.prompt is first_prompt
        assert "dani" in str(lst.get_option("table:t2").prompt)
        lobby.show_tables(
            [_row("t2", "playing", ["cris", "dani"]), _row("t3", "waiting for 1 player", ["eva", None])]
        )
        await pilot.pause()
        assert [o.id for o in lst.options] == ["new", "table:t2", "table:t3"]


async def test_the_lobby_behind_a_table_is_redrawn_when_it_is_back_on_screen() -> None:
    async with lobby_app() as (app, pilot, lobby, link):
        waiting = {"id": "t1", "title": "Mountain Goats", "seat": 0, "names": ["ana", None]}
        app.on_hub({"op": "table", **waiting, "status": "waiting for 1 player", "match": {}})
        await pilot.pause()
        assert not lobby.in_sight()  # the waiting room covers the lobby
        lobby.show_tables([_row("t1", "waiting for 1 player", ["ana", None])])
        await pilot.pause()
        lst = lobby.query_one(OptionList)
        assert [o.id for o in lst.options] == ["new"]  # not drawn while out of sight
        await pilot.press("escape")
        await pilot.pause()
        assert lobby.in_sight()
        assert [o.id for o in lst.options] == ["new", "table:t1"]
        assert {"op": "leave"} in link.sent
