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
- New children are added in the order of a prior (the greedy choice
  first), and only as fast as progressive widening allows (about the
  square root of the visits), so games with dozens of legal moves (a
  Mountain Goats roll) still look at the promising ones more than once.
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
    "mountain_goats": {"horizon": None, "rollout": "policy", "exploration": 0.7},
    "penguinramids": {"horizon": None, "rollout": "policy", "exploration": 0.7},
    "montana_pinguino": {"horizon": None, "rollout": "policy", "exploration": 0.7},
    "mision_chungungo": {"horizon": None, "rollout": "policy", "exploration": 0.7},
}


#: A playout never runs longer than this many decisions (a policy may go round in circles:
#: two crews cancelling each other's Attract with eels, say); the value estimate scores it.
MAX_PLAYOUT = 1000
#: Share of playout decisions taken at random instead of by the policy (breaks such circles
#: and keeps playouts varied).
EPSILON = 0.1


class _Node:
    __slots__ = ("children", "visits", "total", "avail", "actor", "order")

    def __init__(self, actor: int = -1) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.actor = actor
        self.order: list[Any] | None = None


class StrongBot:
    """Level ``strong`` for ``game_id``.

    ``seconds``: the time bound per decision (wall clock, everything
    included); ``playouts``: an iteration bound, when given (tests use small
    ones so that results do not depend on the machine); ``rollout``
    ("policy" or "random") and ``horizon`` override the game's defaults in
    :data:`SETTINGS`. ``stats`` after a decision: ``playouts``, ``seconds``.
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
    ) -> None:
        settings = SETTINGS.get(game_id, {})
        self.game_id = game_id
        self.seconds = seconds
        self.playouts = playouts
        self.rollout = rollout or settings.get("rollout", "policy")
        self.horizon = settings.get("horizon") if horizon == -1 else horizon
        self.exploration = exploration if exploration is not None else settings.get("exploration", 0.7)
        self._h = for_game(game_id)
        self.stats: dict[str, float] = {}

    # ------------------------------------------------------------ the decision

    def choose(self, view: State, seat: int, rnd: random.Random) -> Any:
        """The most visited of ``view.legal_actions(seat)`` after the search."""
        start = time.perf_counter()
        legal = legal_from_view(view, seat)
        if len(legal) == 1:
            self.stats = {"playouts": 0, "seconds": time.perf_counter() - start}
            return legal[0]
        root = _Node()
        root.order = self._root_order(view, seat, rnd, legal)
        budget = self.seconds or 0.0
        done = 0
        slowest = 0.0
        while True:
            if self.playouts is not None and done >= self.playouts:
                break
            now = time.perf_counter()
            # stop early rather than late: leave room for one more iteration as slow as the slowest
            if self.seconds is not None and done and now - start + 1.5 * slowest > budget * 0.95:
                break
            deal = determinize(view, seat, rnd)
            self._iterate(root, deal, seat, rnd)
            slowest = max(slowest, time.perf_counter() - now)
            done += 1
        best = None
        best_key = (-1, float("-inf"))
        for action in legal:
            child = root.children.get((seat, action))
            if child is None:
                continue
            key = (child.visits, child.total / max(1, child.visits))
            if key > best_key:
                best, best_key = action, key
        self.stats = {"playouts": done, "seconds": time.perf_counter() - start}
        return best if best is not None else legal[0]

    def _root_order(self, view: State, seat: int, rnd: random.Random, legal: list) -> list:
        """Root actions best first by the game's prior (its ``rank``, else the greedy pick first)."""
        rank = getattr(self._h, "rank", None)
        if rank is not None:
            return rank(view, seat, legal)
        pick = self._h.greedy(view, seat, random.Random(rnd.random()), legal)
        return [pick] + [a for a in legal if a != pick]

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
            if node.order is None:
                # the prior, fixed when the node is first reached: the policy's pick first
                pick = policy(state, actor, rnd)
                node.order = [pick] + [a for a in legal if a != pick]
            order = node.order
            legal_set = set(legal)
            if len(order) != len(legal_set) or not legal_set.issuperset(order):
                # another deal allows other decisions here: keep the prior's order for those it knows
                known = set(order)
                order = [a for a in order if a in legal_set] + [a for a in legal if a not in known]
            children = node.children
            allowed = 1 + int(math.sqrt(node.visits + 1))
            chosen = None
            best = float("-inf")
            log_cache: dict[int, float] = {}
            seen = 0
            for a in order:
                key = (actor, a)
                child = children.get(key)
                if child is None:
                    if seen < allowed and best != float("inf"):
                        child = _Node(actor)
                        children[key] = child
                        child.avail = 1
                        chosen = (a, child)
                        best = float("inf")
                    seen += 1
                    continue
                seen += 1
                child.avail += 1
                if best == float("inf"):
                    continue
                n = child.visits
                if n == 0:
                    score = float("inf")
                else:
                    la = log_cache.get(child.avail)
                    if la is None:
                        la = log_cache[child.avail] = math.log(child.avail)
                    score = child.total / n + c * math.sqrt(la / n)
                if score > best:
                    best, chosen = score, (a, child)
            if chosen is None:  # pragma: no cover - order always holds a legal action
                chosen_action = rnd.choice(legal)
                chosen = (chosen_action, children.setdefault((actor, chosen_action), _Node(actor)))
            action, child = chosen
            node.visits += 1
            path.append(child)
            state = state.apply(actor, action)
            node = child
            if child.visits == 0:
                break
        rewards = self._playout(state, rnd)
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
        return self._h.value(state)
