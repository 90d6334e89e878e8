"""Level ``strong``: information-set Monte Carlo tree search over deals of the hidden cards.

The search follows single-observer information-set MCTS (Cowling, Powley
and Whitehouse, "Information Set Monte Carlo Tree Search", 2012): one tree
for the deciding seat, whose nodes are sequences of decisions; every
iteration draws a fresh deal of what the seat cannot see
(:func:`~.determinize.determinize` on its view), walks down the tree using
only the decisions legal in that deal, adds one node, plays the game on
with a quick policy, and credits each decision on the way with the share
of the win its player got. A child's exploration term counts the
iterations in which it was *available*, not its parent's visits, since
different deals allow different decisions.

Choices:

- Decisions with a single legal action are played through without a node.
- Another seat's secret choice made while this seat's own choice is still
  face down (Penguinramids' cards, Montaña's played cards) is taken from
  the rollout policy instead of the tree: in the tree it would be chosen
  knowing this seat's card, which no player at the table knows.
- Decisions are chosen by a prior-weighted upper bound (as in PUCT): a
  decision's mean share of the win plus an exploration bonus
  proportional to its prior probability, shrinking with its visits. The
  prior comes from the game's heuristics: at the root the Greedy level's
  ranking (or its pick), further down the rollout policy's pick. With few
  playouts the search stays close to the greedy choice and leaves it only
  for a decision that proves better; games with dozens of legal moves (a
  Mountain Goats roll) still look at the promising ones more than once.
  An untried decision counts as worth what its parent has earned so far.
- A playout follows the game's policy (one decision in ten at random), and
  stops at the end of the game or after ``horizon`` decisions, where the
  game's ``value`` estimate scores it.
- The search stops at the time bound (default 1 s for the whole decision,
  the deal and tree included) or after ``playouts`` iterations; the most
  visited decision is played.

Its input is the view alone; the deals are its own imagination.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from boardgames_tui.engine.core import State

from .base import legal_from_view
from .determinize import determinize
from .heuristics import for_game

#: Per game: how many decisions a playout runs before the value estimate scores it
#: (None: to the end of the game) and whether playouts use the game's policy or random moves.
SETTINGS: dict[str, dict[str, Any]] = {
    "mountain_goats": {"horizon": 4, "rollout": "policy", "exploration": 1.0},
    "penguinramids": {"horizon": 20, "rollout": "policy", "exploration": 1.0},
    "montana_pinguino": {"horizon": 20, "rollout": "policy", "exploration": 1.0},
    "mision_chungungo": {"horizon": 20, "rollout": "policy", "exploration": 1.0},
}


#: The clocks a search may be bounded by: wall time, or the CPU time of the deciding thread.
CLOCKS: dict[str, Any] = {"wall": time.perf_counter, "cpu": time.thread_time}

#: A playout never runs longer than this many decisions (a policy may go round in circles:
#: two crews cancelling each other's Attract with eels, say); the value estimate scores it.
MAX_PLAYOUT = 1000
#: Share of playout decisions taken at random instead of by the policy (breaks such circles
#: and keeps playouts varied).
EPSILON = 0.1


class _Node:
    """A decision sequence from the root: visits and total reward of the seat that made its last decision."""

    __slots__ = ("actor", "children", "prior", "total", "visits")

    def __init__(self, actor: int = -1) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.actor = actor
        #: action -> prior probability, fixed when the node is first reached
        self.prior: dict[Any, float] | None = None


class StrongBot:
    """Level ``strong`` for ``game_id``.

    ``seconds``: the time bound per decision, everything included, on
    ``clock``: "wall" (the default: what a player waits) or "cpu" (the
    deciding thread's CPU time, so that other work on a shared machine does
    not shorten the search: the arena's choice for repeatable strength
    figures); ``playouts``: an iteration bound, when given (tests use small
    ones so that results do not depend on the machine); ``rollout``
    ("policy" or "random") and ``horizon`` override the game's defaults in
    :data:`SETTINGS`. ``stats`` after a decision: ``playouts``, ``seconds``;
    ``ranking``: the searched decisions as (action, visits, mean share of
    the win), most visited first (what a hint would show).
    """

    level = "strong"

    def __init__(
        self,
        game_id: str,
        seconds: float = 1.0,
        playouts: int | None = None,
        rollout: str | None = None,
        horizon: int | None = -1,
        exploration: float | None = None,
        clock: str = "wall",
    ) -> None:
        settings = SETTINGS.get(game_id, {})
        self.game_id = game_id
        self.seconds = seconds
        self.playouts = playouts
        self.rollout = rollout or settings.get("rollout", "policy")
        self.horizon = settings.get("horizon") if horizon == -1 else horizon
        self.exploration = exploration if exploration is not None else settings.get("exploration", 0.7)
        if clock not in CLOCKS:
            raise ValueError(f"unknown clock {clock!r}; choose from {', '.join(CLOCKS)}")
        self.clock = clock
        self._now = CLOCKS[clock]
        self._h = for_game(game_id)
        self.stats: dict[str, float] = {}
        self.ranking: list[tuple[Any, int, float]] = []

    # ------------------------------------------------------------ the decision

    def choose(self, view: State, seat: int, rnd: random.Random) -> Any:
        """The most visited of ``view.legal_actions(seat)`` after the search."""
        clock = self._now
        start = clock()
        legal = legal_from_view(view, seat)
        if len(legal) == 1:
            self.stats = {"playouts": 0, "seconds": clock() - start}
            return legal[0]
        root = _Node()
        root.prior = self._root_prior(view, seat, rnd, legal)
        budget = self.seconds or 0.0
        done = 0
        slowest = 0.0
        while True:
            if self.playouts is not None and done >= self.playouts:
                break
            now = clock()
            # stop early rather than late: leave room for one more iteration as slow as the slowest
            if self.seconds is not None and done and now - start + 1.5 * slowest > budget * 0.95:
                break
            deal = determinize(view, seat, rnd)
            self._iterate(root, deal, seat, rnd)
            slowest = max(slowest, clock() - now)
            done += 1
        ranking = []
        for action in legal:
            child = root.children.get((seat, action))
            if child is not None and child.visits:
                ranking.append((action, child.visits, child.total / child.visits))
        ranking.sort(key=lambda r: (-r[1], -r[2]))
        self.ranking = ranking
        self.stats = {"playouts": done, "seconds": clock() - start}
        return ranking[0][0] if ranking else legal[0]

    def _root_prior(self, view: State, seat: int, rnd: random.Random, legal: list[Any]) -> dict[Any, float]:
        """Prior over the root's actions: the game's ``rank`` (best first), else the greedy pick."""
        rank = getattr(self._h, "rank", None)
        if rank is not None:
            return ranked_prior(rank(view, seat, legal))
        pick = self._h.greedy(view, seat, random.Random(rnd.random()), legal)
        return pick_prior(pick, legal)

    # ------------------------------------------------------------ one iteration

    def _iterate(self, root: _Node, state: State, me: int, rnd: random.Random) -> None:
        node = root
        path: list[_Node] = []
        c = self.exploration
        policy = self._h.policy
        while not state.is_terminal:
            to_move = state.to_move
            actor = me if me in to_move else to_move[0]
            legal = state.legal_actions(actor)
            if len(legal) == 1:
                state = state.apply(actor, legal[0])
                continue
            if actor != me and state.holds_secret_choices:
                # this seat's own secret choice is face down: the others choose without seeing it
                state = state.apply(actor, policy(state, actor, rnd))
                continue
            prior = node.prior
            if prior is None:
                prior = node.prior = pick_prior(policy(state, actor, rnd), legal)
            children = node.children
            sqrt_n = math.sqrt(node.visits + 1)
            # first-play urgency: an untried decision counts as worth what this node has earned so far
            fpu = node.total / node.visits if node.visits and node.actor == actor else 1.0 / state.players
            spread = 1.0 / len(legal)
            best_score = float("-inf")
            best = None
            for a in legal:
                child = children.get((actor, a))
                p = prior.get(a, spread)
                if child is None or not child.visits:
                    score = fpu + c * p * sqrt_n
                else:
                    n = child.visits
                    score = child.total / n + c * p * sqrt_n / (1 + n)
                if score > best_score:
                    best_score, best = score, a
            key = (actor, best)
            child = children.get(key)
            if child is None:
                child = children[key] = _Node(actor)
            path.append(child)
            state = state.apply(actor, best)
            node = child
            if child.visits == 0:
                break
        rewards = self._playout(state, rnd)
        root.visits += 1
        for child in path:
            child.visits += 1
            child.total += rewards[child.actor]

    def _playout(self, state: State, rnd: random.Random) -> tuple[float, ...]:
        horizon = MAX_PLAYOUT if self.horizon is None else min(self.horizon, MAX_PLAYOUT)
        steps = 0
        use_policy = self.rollout == "policy"
        policy = self._h.policy
        while not state.is_terminal and steps < horizon:
            to_move = state.to_move
            actor = to_move[0]
            if use_policy and rnd.random() >= EPSILON:
                action = policy(state, actor, rnd)
            else:
                action = rnd.choice(state.legal_actions(actor))
            state = state.apply(actor, action)
            steps += 1
        value: tuple[float, ...] = self._h.value(state)
        return value


def ranked_prior(order: list[Any]) -> dict[Any, float]:
    """Prior probabilities for actions listed best first: each worth 0.6 of the one before."""
    weights = [0.6**i for i in range(len(order))]
    total = sum(weights)
    return {a: w / total for a, w in zip(order, weights, strict=True)}


def pick_prior(pick: Any, legal: list[Any]) -> dict[Any, float]:
    """Prior probabilities: half on ``pick``, the other half shared by the other legal actions."""
    if len(legal) == 1:
        return {pick: 1.0}
    rest = 0.5 / (len(legal) - 1)
    prior = {a: rest for a in legal}
    prior[pick] = 0.5
    return prior
