"""The lobby's screens through Pilot, with a stand-in for the hub (what is sent is what the hub gets)."""

from __future__ import annotations

import asyncio
from typing import Any

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
