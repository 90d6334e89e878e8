"""Veto: a tiny hidden-information game that exists only in the tests.

It proves the platform parts the card games stand on: a hidden hand each,
a secret simultaneous pick (with a take-back before confirming, so undo has
something to undo), a public card others can react to, and views that mask.

Rules: a deck of ten numbers (1-5 twice) and two Vetoes is shuffled and each
seat gets three cards. Each round every seat secretly picks a number card
(Pick, changeable) and confirms it (Confirm). When all have confirmed, the
picks are revealed; the highest unique pick would win a point, and every
other seat may react with a Veto from its hand to cancel it. Then everyone
draws back to three (while the deck lasts). Three rounds; most points wins.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from boardgames_tui.engine import Event, IllegalAction, Outcome, Pass, Rng, State, ranked_winners, seat_ref
from boardgames_tui.engine.core import Option
from boardgames_tui.engine.spec import GameSpec

VETO = 0
from boardgames_tui.engine.core import HIDDEN  # noqa: E402 - the one placeholder

ROUNDS = 3


@attrs.frozen
class Pick:
    card: int

    def __str__(self) -> str:
        return f"pick {self.card}"


@attrs.frozen
class Confirm:
    def __str__(self) -> str:
        return "confirm my pick"


@attrs.frozen
class Veto:
    def __str__(self) -> str:
        return "play Veto"


ACTION_TYPES = (Pick, Confirm, Veto, Pass)


@attrs.frozen
class VetoState(State):
    game_id = "veto"
    n: int
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    picks: tuple[int | None, ...]
    confirmed: tuple[bool, ...]
    points: tuple[int, ...]
    round: int
    phase: str  # "pick", "react", "over"
    leader: int | None
    to_move: tuple[int, ...]
    log: tuple[Event, ...]
    rng: Rng

    @property
    def players(self) -> int:
        return self.n

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def reaction_window(self) -> str | None:
        if self.phase != "react":
            return None
        return f"{seat_ref(self.leader)} would win the round with {self.picks[self.leader]}"

    def prompt(self, seat: int) -> str:
        return "pick a card in secret" if self.phase == "pick" else "veto or pass"

    def legal_actions(self, seat: int) -> list:
        if seat not in self.to_move:
            return []
        if self.phase == "pick":
            acts: list = [
                Pick(c) for c in sorted(set(self.hands[seat])) if c != VETO and c != self.picks[seat]
            ]
            if self.picks[seat] is not None:
                acts.append(Confirm())
            return acts
        acts = [Pass()]
        if VETO in self.hands[seat]:
            acts.append(Veto())
        return acts

    def apply(self, seat: int, action) -> VetoState:
        self.check_seat(seat)
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"{action} is not possible now")
        if isinstance(action, Pick):
            return attrs.evolve(self, picks=_put(self.picks, seat, action.card))
        if isinstance(action, Confirm):
            confirmed = _put(self.confirmed, seat, True)
            to_move = tuple(s for s in self.to_move if s != seat)
            state = attrs.evolve(
                self,
                confirmed=confirmed,
                to_move=to_move,
                log=self.log
                + (Event(f"{seat_ref(seat)} picked a card", {seat: f"you picked {self.picks[seat]}"}),),
            )
            return state._reveal() if not to_move else state
        if isinstance(action, Veto):
            hand = list(self.hands[seat])
            hand.remove(VETO)
            hands = _put(self.hands, seat, tuple(hand))
            state = attrs.evolve(self, hands=hands, log=self.log + (Event(f"{seat_ref(seat)} vetoes!"),))
            return state._next_round(winner=None)
        # Pass
        to_move = tuple(s for s in self.to_move if s != seat)
        if to_move:
            return attrs.evolve(self, to_move=to_move)
        return self._next_round(winner=self.leader)

    def _reveal(self) -> VetoState:
        picks = self.picks
        text = "revealed: " + ", ".join(f"{seat_ref(s)} {p}" for s, p in enumerate(picks))
        hands = tuple(_remove(h, p) for h, p in zip(self.hands, picks, strict=True))
        counts = {p: picks.count(p) for p in picks}
        unique = [p for p in picks if counts[p] == 1]
        state = attrs.evolve(self, hands=hands, log=self.log + (Event(text),))
        if not unique:
            return state._next_round(winner=None)
        leader = picks.index(max(unique))
        others = tuple((leader + i) % self.n for i in range(1, self.n))
        return attrs.evolve(state, phase="react", leader=leader, to_move=others)

    def _next_round(self, winner: int | None) -> VetoState:
        points = self.points
        log = self.log
        if winner is not None:
            points = _put(points, winner, points[winner] + 1)
            log += (Event(f"{seat_ref(winner)} wins the round"),)
        hands = list(self.hands)
        deck = self.deck
        private = {}
        for s in range(self.n):
            while len(hands[s]) < 3 and deck:
                hands[s] = hands[s] + (deck[0],)
                private[s] = f"you drew {deck[0]}"
                deck = deck[1:]
        if private:
            log += (Event("everyone draws back to three", private),)
        rnd = self.round + 1
        over = rnd > ROUNDS or any(not any(c != VETO for c in h) for h in hands)
        return attrs.evolve(
            self,
            hands=tuple(hands),
            deck=deck,
            points=points,
            round=rnd,
            log=log,
            phase="over" if over else "pick",
            leader=None,
            picks=(None,) * self.n,
            confirmed=(False,) * self.n,
            to_move=() if over else tuple(range(self.n)),
        )

    def private_news(self, seat: int, since: int) -> list[str]:
        """The cards a seat drew at the end of a round it ended."""
        return [e.private[seat] for e in self.log[since:] if seat in e.private and "drew" in e.private[seat]]

    @property
    def holds_secret_choices(self) -> bool:
        return self.phase == "pick" and any(p is not None for p in self.picks)

    def scores(self) -> tuple[int, ...]:
        return self.points

    def winners(self) -> tuple[int, ...]:
        return ranked_winners([(p,) for p in self.points])

    def outcome(self) -> Outcome:
        return Outcome(
            self.scores(),
            self.winners(),
            tuple((f"{p} rounds won",) for p in self.points),
            "",
            "three rounds played",
        )

    def view(self, seat: int | None) -> VetoState:
        hands = tuple(h if s == seat else (HIDDEN,) * len(h) for s, h in enumerate(self.hands))
        picks = tuple(
            p if (s == seat or self.phase != "pick") else (None if p is None else HIDDEN)
            for s, p in enumerate(self.picks)
        )
        return attrs.evolve(
            self,
            hands=hands,
            picks=picks,
            deck=(HIDDEN,) * len(self.deck),
            rng=Rng.blank(),
            log=tuple(e.for_seat(seat) for e in self.log),
        )


def _put(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1 :]


def _remove(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    h = list(hand)
    h.remove(card)
    return tuple(h)


def new_game(players: int, seed: int, **options) -> VetoState:
    if not 2 <= players <= 3:
        raise ValueError("Veto is for 2-3 players")
    deck, rng = Rng.from_seed(seed).shuffled((1, 1, 2, 2, 3, 3, 4, 4, 5, 5, VETO, VETO))
    hands = []
    for _ in range(players):
        hand = tuple(sorted(deck[:3]))
        deck = deck[3:]
        if all(c == VETO for c in hand):  # keep the game playable: swap one Veto for a number
            i = next(i for i, c in enumerate(deck) if c != VETO)
            hand, deck = (hand[0], hand[1], deck[i]), deck[:i] + (VETO,) + deck[i + 1 :]
        hands.append(hand)
    return VetoState(
        players,
        tuple(hands),
        deck,
        (None,) * players,
        (False,) * players,
        (0,) * players,
        1,
        "pick",
        None,
        tuple(range(players)),
        (Event("cards dealt"),),
        rng,
    )


def check_invariants(state: VetoState) -> None:
    cards = sorted(c for h in state.hands for c in h) + sorted(state.deck)
    assert len(cards) <= 12


def redeal_hidden(state: VetoState, seat: int, rnd) -> VetoState:
    """Shuffle every card seat cannot see among the places it cannot see."""
    pool = list(state.deck)
    for s, h in enumerate(state.hands):
        if s != seat:
            pool.extend(h)
    unseen_picks = [
        s for s, p in enumerate(state.picks) if s != seat and p is not None and state.phase == "pick"
    ]
    rnd.shuffle(pool)
    hands = list(state.hands)
    for s in range(state.n):
        if s != seat:
            hands[s] = tuple(pool[: len(state.hands[s])])
            pool = pool[len(state.hands[s]) :]
    picks = list(state.picks)
    for s in unseen_picks:
        numbers = [c for c in hands[s] if c != VETO]
        picks[s] = rnd.choice(numbers) if numbers else picks[s]
    return attrs.evolve(state, hands=tuple(hands), deck=tuple(pool), picks=tuple(picks))


SPEC = GameSpec(
    id="veto",
    title="Veto (test game)",
    pitch="A tiny hidden-information game used by the tests.",
    min_players=2,
    max_players=3,
    rules_module="tests.shell.tiny_game",
    ui_module="tests.shell.tiny_game_ui",
    rules_md=Path(__file__).with_name("tiny_game_rules.md"),
    options={"fast": Option("Unused option", False, (False, True))},
    hidden_information=True,
)
