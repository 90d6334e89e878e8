"""Montaña Pingüino scenario builders: real engine states and matches in every phase
(seeded random play, a scripted player's policy, the seed of a race with a reaction), and
a tiny App that mounts the board and its chooser with a BoardContext."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar

import attrs
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType

from boardgames_tui.engine import Match
from boardgames_tui.engine.rng import Rng
from boardgames_tui.games import GAMES
from boardgames_tui.games.montana_pinguino import data as D
from boardgames_tui.games.montana_pinguino import rules as R
from boardgames_tui.games.montana_pinguino.rules import PlayCard, PlayNoMore
from boardgames_tui.games.montana_pinguino.ui import make_board, make_chooser
from boardgames_tui.ui.board import BoardContext

SPEC = GAMES["montana_pinguino"]


NAMES = ("Ana", "Beto", "Carla", "Diego")


def random_states(players: int, seed: int, options: dict | None = None, limit: int = 400) -> Iterator[Any]:
    """Every state of one seeded random game (the full states, not views)."""
    rnd = random.Random(seed)
    state = SPEC.new_game(players, seed, **(options or {}))
    yield state
    for _ in range(limit):
        if state.is_terminal:
            return
        seat = state.to_move[0] if len(state.to_move) == 1 else rnd.choice(state.to_move)
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
        yield state


def ctx_for(state: Any, seat: int | None) -> BoardContext:
    """The context the shared GameScreen would give the board for ``seat``."""
    legal = state.legal_actions(seat) if seat is not None and not state.is_terminal else []
    return BoardContext(view=state.view(seat), seat=seat, names=NAMES[: state.players], legal=legal)


def play_until(state: Any, pred, seed: int = 0, limit: int = 2000) -> Any:
    """Random legal play from ``state`` until ``pred(state)``; AssertionError if never."""
    rnd = random.Random(seed)
    for _ in range(limit):
        if pred(state):
            return state
        assert not state.is_terminal, "the game ended first"
        seat = state.to_move[0]
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    raise AssertionError("state not reached")


class BoardApp(App[None]):
    """Mounts the Montaña board and chooser as the GameScreen does (board above, list below)."""

    CSS = "Screen { layout: vertical; }"

    #: The game screen's board-scrolling keys (it binds them for boards that scroll).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("pagedown", "board_page(1)", priority=True),
        Binding("pageup", "board_page(-1)", priority=True),
    ]

    def action_board_page(self, direction: int) -> None:
        self.board.page(direction)

    def __init__(self, ctx: BoardContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.board = make_board()
        self.chooser = make_chooser()

    def compose(self) -> ComposeResult:
        yield self.board
        yield self.chooser

    def on_mount(self) -> None:
        self.show(self.ctx)

    def show(self, ctx: BoardContext) -> None:
        self.ctx = ctx
        self.board.show(ctx)
        self.chooser.set_choices(ctx, self.board)
        self.chooser.display = bool(ctx.legal)


REACTIONS = (R.PlayIglu, R.PlayTormenta)


def policy(state: Any, seat: int, rnd: random.Random) -> int:
    """Index of the action a scripted player picks: a reaction whenever it can react,
    otherwise the first card that acts at its speed (so races end), else a random one."""
    legal = state.legal_actions(seat)
    for i, a in enumerate(legal):
        if isinstance(a, REACTIONS):
            return i
    if state.phase == R.Phase.PLAY:
        good = [
            i
            for i, a in enumerate(legal)
            if isinstance(a, R.PlayCard) and R.in_speed_range(state, seat, a.card, a.half)
        ]
        if good:
            return rnd.choice(good)
    return rnd.randrange(len(legal))


def simulate(spec, names: list[str], seed: int, limit: int = 400) -> tuple[Any, int]:
    """Play the race with :func:`policy` as the app would (first seat of to_move);
    returns the final state and the number of decisions."""
    rnd = random.Random(seed)
    state = spec.new_game(len(names), seed)
    n = 0
    while not state.is_terminal and n < limit:
        window = state.reaction_window
        if window is not None:
            reacting = [
                s for s in state.to_move if any(isinstance(a, REACTIONS) for a in state.legal_actions(s))
            ]
            if reacting:
                seat = reacting[0]
                state = state.apply(seat, state.legal_actions(seat)[policy(state, seat, rnd)])
            else:
                for s in sorted(state.to_move):
                    state = state.apply(
                        s, next(a for a in state.legal_actions(s) if not isinstance(a, REACTIONS))
                    )
            n += 1
            continue
        seat = state.to_move[0]
        state = state.apply(seat, state.legal_actions(seat)[policy(state, seat, rnd)])
        n += 1
    return state, n


def reaction_seed(spec, names: list[str]) -> int:
    """The first seed whose scripted race ends within 150 decisions with a reaction played."""
    for seed in range(500):
        state, _n = simulate(spec, names, seed, 150)
        text = " ".join(e.text for e in state.log)
        if state.is_terminal and ("plays Iglú" in text or "plays Tormenta" in text):
            return seed
    raise AssertionError("no seed with a reaction")


def scene(players: int, seed: int, pred, options: dict | None = None, limit: int = 3000) -> Match:
    """A match played by the scripted policy until ``pred(state)`` holds."""
    match = Match.new("montana_pinguino", list(NAMES[:players]), seed, dict(options or {}))
    rnd = random.Random(seed)
    for _ in range(limit):
        state = match.state
        if pred(state):
            return match
        assert not state.is_terminal, "the race ended before the scene"
        seat = state.to_move[0]
        match.play(seat, state.legal_actions(seat)[policy(state, seat, rnd)])
    raise AssertionError("scene not reached")


async def play_last_card_unseen(pilot) -> None:
    """From the start of a scene whose last runner plays its last card: lift the curtain, play
    no right card (0) and confirm it with Enter, so that the round's cards turn over."""
    await pilot.pause()
    await pilot.press("enter")  # lift the curtain
    await pilot.pause()
    await pilot.press("0")  # no right card ...
    await pilot.pause()
    await pilot.press("enter")  # ... confirmed: the cards turn over
    await pilot.pause()


async def reveal_held(app, pilot, step: int) -> Any:
    """Play the scene's last card unseen (:func:`play_last_card_unseen`) and hold the round's
    reveal at ``step`` (0-based); returns the reveal player."""
    from tests.handover import reveal_of

    await play_last_card_unseen(pilot)
    reveal = reveal_of(app)
    reveal.hold(step)
    await pilot.pause()
    return reveal


async def skip_to_the_end(app, pilot, reveal) -> None:
    """Space twice, as a player would: to the reveal's last picture, then on; waits until the
    reveal is over."""
    from tests.handover import reveal_up
    from tests.screen_text import wait_for

    reveal.skip()  # to the last picture ...
    reveal.skip()  # ... and on
    await wait_for(pilot, lambda: not reveal_up(app.screen), what="the end of the reveal")


def last_secret_card(s) -> bool:
    """The last runner's right card is all that is missing before the reveal."""
    return s.phase == R.Phase.PLAY and s.round >= 3 and len(s.to_move) == 1 and bool(s.played[s.to_move[0]])


# --------------------------------------------------------------------------
# Scenario helpers


def card_with(
    character: str,
    *effects: tuple[str, int],
    levels: str | None = None,
    double: bool | None = None,
    half: int = 0,
) -> int:
    """The id of ``character``'s card whose half ``half`` has exactly ``effects`` (and ``levels``)."""
    for cid in D.deck_of(character):
        card = D.ACTION_CARDS[cid]
        if double is not None and card.is_double != double:
            continue
        if half >= len(card.halves):
            continue
        h = card.halves[half]
        if h.effects != tuple(effects):
            continue
        if levels is not None and h.levels != tuple(D.LEVEL_LETTERS.index(c) for c in levels):
            continue
        return cid
    raise LookupError(f"{character} has no card {effects} {levels}")


def item(kind: str, nth: int = 0) -> int:
    """The id of the ``nth`` item card of ``kind``."""
    return [i for i in D.ITEM_IDS if D.item_kind(i) == kind][nth]


def box_at(level: int, offset: int = 0, side: str = D.STANDARD) -> int:
    """The box ``offset`` boxes into ``level`` on the health track of ``side``."""
    return D.SIDES[side].first_box(level) + offset


def table(
    chars=("Doffy", "Jimy"),
    *,
    hands=None,
    items=None,
    position=None,
    box=None,
    health=None,
    first=0,
    advanced=False,
    purist=True,
    round=1,
    track=None,
    conduction=None,
    **fields,
) -> R.MontanaState:
    """A state at the start of the secret play (phase PLAY) with the given table."""
    n = len(chars)
    st = R.new_game(n, seed=1, advanced_sides=advanced, purist=purist)
    sides = tuple(D.side_for(c, advanced) for c in chars)
    if hands is None:
        hands = tuple(D.deck_of(c)[:5] for c in chars)
    hands = tuple(tuple(sorted(h)) for h in hands)
    decks = tuple(tuple(x for x in D.deck_of(c) if x not in hands[i]) for i, c in enumerate(chars))
    items = tuple(tuple(sorted(x)) for x in (items or ((),) * n))
    held = {c for row in items for c in row}
    item_deck = () if purist else tuple(i for i in D.ITEM_IDS if i not in held)
    item_deck, _ = Rng.from_seed(7).shuffled(item_deck)
    order = tuple((first + i) % n for i in range(n))
    st = attrs.evolve(
        st,
        characters=tuple(chars),
        sides=sides,
        hand=hands,
        deck=decks,
        discard=((),) * n,
        items=items,
        item_deck=item_deck,
        item_discard=(),
        position=position or (0,) * n,
        box=box or (0,) * n,
        health=health or tuple(D.SIDES[s].health for s in sides),
        first=first,
        round=round,
        phase=R.Phase.PLAY,
        order=order,
        cursor=0,
        to_move=tuple(range(n)),
        played=((),) * n,
        outcomes=((),) * n,
        conduction=conduction or (0,) * n,
        track=track or D.BEGINNER_TRACK,
        log=(),
        **fields,
    )
    R.check_invariants(st)
    return st


def play(st, seat, left, right=None, half=0, rhalf=0):
    """Seat plays ``left`` (and ``right``, or no second card)."""
    st = st.apply(seat, PlayCard(left, half))
    if seat in st.to_move and st.phase == R.Phase.PLAY and st.played[seat]:
        st = st.apply(seat, PlayCard(right, rhalf) if right is not None else PlayNoMore())
    return st


def log_text(st) -> str:
    """The log of ``st`` as text, seats named P0, P1, ..."""
    return "\n".join(e.render([f"P{i}" for i in range(st.players)]) for e in st.log)


def filler(character: str) -> int:
    """A harmless card of the character: a single card giving only conduction (it never moves the marker)."""
    for cid in D.deck_of(character):
        card = D.ACTION_CARDS[cid]
        if not card.is_double and all(icon == D.CONDUCTION for icon, _n in card.halves[0].effects):
            return cid
    raise LookupError(character)
