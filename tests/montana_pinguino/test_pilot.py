"""Pilot tests of Montaña Pingüino through the real app: a whole 2-runner race played
with the keyboard, with the hot-seat curtain between runners and a reaction (Iglú or
Tormenta de Nieve) called in the public reaction window."""

from __future__ import annotations

import random

import pytest

from boardgames_tui.app import BoardGamesApp
from boardgames_tui.games import GAMES
from boardgames_tui.games.montana_pinguino import data as D
from boardgames_tui.ui.game_over import GameOverScreen
from boardgames_tui.ui.game_screen import GameScreen
from tests.handover import curtain_up, notice_up, reaction_up, reveal_up
from tests.screen_text import screen_text

from .conftest import REACTIONS, policy, reaction_seed, simulate

SPEC = GAMES["montana_pinguino"]
NAMES = ["Ana", "Beto"]
SIZE = (80, 24)


async def _choose(pilot, index: int) -> None:
    """Pick choice ``index`` by the digit the list shows for it (a card keeps its own digit
    in the secret play); a secret play is marked chosen, then confirmed with Enter."""
    chooser = pilot.app.screen.chooser
    keys = {i: k for k, i in chooser._keys.items()}
    if index in keys:
        await pilot.press(keys[index])
    else:
        await pilot.press(*(["down"] * index), "enter")
    await pilot.pause()
    screen = pilot.app.screen
    if isinstance(screen, GameScreen) and getattr(screen.chooser, "marked", None) is not None:
        await pilot.press("enter")


@pytest.mark.xfail(
    reason="broken by the hand-over change (forced options played by themselves, news as notifications); open in issue 24, to fix next",
    strict=False,
)
@pytest.mark.slow  # a whole game by keyboard: hundreds of key presses
async def test_whole_race_through_the_keyboard_with_curtains_and_a_reaction():
    seed = reaction_seed(SPEC, NAMES)
    expected, decisions = simulate(SPEC, NAMES, seed)
    app = BoardGamesApp(game="montana_pinguino", names=NAMES, seed=seed)
    rnd = random.Random(seed)
    curtains = reactions_called = step = notices = reveals = 0
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        for _ in range(decisions * 3 + 20):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                break
            state = game.match.state
            if curtain_up(screen):
                text = screen_text(app)
                assert "YOUR HAND" not in text and "Pass the keyboard to" in text
                curtains += 1
                await pilot.press("enter")
                continue
            if reveal_up(screen):
                text = screen_text(app)
                assert "YOUR HAND" not in text
                assert "Space: skip to the end" in text or "Space: go on" in text  # go on: the last picture
                reveals += 1
                await pilot.press("space")
                continue
            if notice_up(screen):
                assert "you drew" in screen_text(app)  # an item only this runner may see
                notices += 1
                await pilot.press("enter")
                continue
            if reaction_up(screen):
                text = " ".join(screen_text(app).split())
                assert "Reaction window" in text
                reacting = [
                    s for s in state.to_move if any(isinstance(a, REACTIONS) for a in state.legal_actions(s))
                ]
                if reacting:
                    reactions_called += 1
                    await pilot.press("ab"[reacting[0]])
                else:
                    await pilot.press("enter")
                continue
            assert screen is game
            seat = game.shown_seat
            assert seat is not None and seat in state.to_move
            step += 1
            if step % 2:
                await _choose(pilot, policy(state, seat, rnd))
                continue
            text = screen_text(app)
            assert f"{'AB'[seat]} {NAMES[seat]}: {state.prompt(seat)}" in text
            other = 1 - seat
            public = " ".join(e.render(NAMES, seat) for e in state.view(seat).log) + " "
            for card in state.hand[other] + state.items[other]:
                name = f"{D.card_name(card)} "
                if name not in public:  # never revealed: must not be on this seat's screen
                    assert name not in text + " ", "another runner's hand is on screen"
            await _choose(pilot, policy(state, seat, rnd))
        else:
            raise AssertionError("the race did not end")
        final = game.match.state
        assert final.is_terminal
        assert final == expected
        assert curtains >= 10 and reactions_called >= 1 and notices >= 1 and reveals >= 5
        log = " ".join(e.text for e in final.log)
        assert "plays Iglú" in log or "plays Tormenta de Nieve" in log
        text = " ".join(screen_text(app).split())
        assert "game over" in text and "wins" in text


async def test_end_of_a_championship_race_is_shown_to_the_whole_table():
    from boardgames_tui.games.montana_pinguino import rules as R

    from .conftest import scene

    match = scene(3, 26, lambda s: s.phase == R.Phase.RACE_OVER, {"championship": True}, limit=6000)
    seat = match.state.to_move[0]
    app = BoardGamesApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.shown_seat == seat  # no curtain
        text = screen_text(app)
        assert "RACE 1 IS OVER" in text and "RACE 1 RESULT" in text
        await pilot.press("enter")
        await pilot.pause()
        assert match.state.race == 2 and curtain_up(app.screen)
