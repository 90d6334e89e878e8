"""Mountain Goats rules engine (Rulebook: the Spanish edition; Sheet: docs/games/mountain_goats.md).

A turn is two decisions of the same seat: :class:`Roll` (four dice from the
state's generator), then one :class:`Move` (the changes of extra 1s and an
ordered list of group uses). Goat positions are kept compactly:
``pos[seat][m - 5]`` is 0 at the foot, 1..steps on the mountain (``steps``
is the summit), or 11..24 while that goat stands on a Big Mountain spot.

No terminal library is imported here (import contract).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, ClassVar, cast

import attrs

from boardgames_tui.engine.core import (
    Event,
    IllegalAction,
    Outcome,
    State,
    seat_letter,
    seat_ref,
)
from boardgames_tui.engine.derive import evolve, replace_at
from boardgames_tui.engine.rng import Rng
from boardgames_tui.i18n import N_, shapes

from . import speed
from .data import (
    BIG_MAX,
    BIG_MIN,
    BIG_RANKING,
    BONUS_TOKENS,
    DICE,
    EMPTY_MOUNTAINS_TO_END,
    GROUP_MAX,
    GROUP_MIN,
    MOUNTAINS,
    STEPS_BY_INDEX,
    tokens_for,
)

_BLANK = Rng.blank()
_NO_GAINS = (0, 0, 0, 0, 0, 0)
_IDX = range(6)
ENDING_BONUS = N_("the bonus tokens ran out")
ENDING_MOUNTAINS = N_("three mountains ran out of point tokens")

#: The shapes of the English texts these rules write (log lines, prompts, score rows,
#: tie-breaks), marked for translation. The rules keep writing plain English (a save
#: keeps only actions, a state keeps English); the app translates a finished text by
#: finding the shape it was made from (boardgames_tui.i18n.translate_text). Nothing
#: here is read by the rules themselves.
TEXTS = shapes(
    # the log
    N_("New game: {players} players."),
    N_("New game: {players} players, Big Mountain."),
    N_("{player} starts."),
    N_("{player} rolls {a} {b} {c} {d}."),
    N_("{player} turns a 1 into {face}."),
    N_("{player} turns {count} 1s into {faces}."),
    N_("{a} and {b}"),
    N_("{player} uses no dice."),
    N_("{player}: {dice} on {goat}: goat climbs to step {step} of {top}."),
    N_("{player}: {dice} on {goat}: goat reaches the summit, takes a {goat} token ({left} left)."),
    N_("{player}: {dice} on {goat}: goat reaches the summit, takes an {goat} token ({left} left)."),
    N_("{player}: {dice} on {goat}: goat reaches the summit; no {goat} tokens are left."),
    N_("{player}: {dice} on {goat}: goat reaches the summit, {knocks}, takes a {goat} token ({left} left)."),
    N_("{player}: {dice} on {goat}: goat reaches the summit, {knocks}, takes an {goat} token ({left} left)."),
    N_("{player}: {dice} on {goat}: goat reaches the summit, {knocks}; no {goat} tokens are left."),
    N_("knocks {owner}'s goat to the foot"),
    N_("{player}: {dice} on {goat}: goat is already on the summit, takes a {goat} token ({left} left)."),
    N_("{player}: {dice} on {goat}: goat is already on the summit, takes an {goat} token ({left} left)."),
    N_("{player}: {dice} on {goat}: goat is already on the summit; no {goat} tokens are left."),
    N_("{player}: {dice} moves goat {goat} from spot {old} to Big Mountain spot {spot}."),
    N_("{player}: {dice} moves goat {goat} from the foot of {goat} to Big Mountain spot {spot}."),
    N_("{player}: {dice} moves goat {goat} from the summit of {goat} to Big Mountain spot {spot}."),
    N_("{player}: {dice} moves goat {goat} from step {step} of {goat} to Big Mountain spot {spot}."),
    N_("{player}: {dice} brings goat {goat} down from spot {spot} to the foot of {goat}."),
    N_("{player} completes set {count} and takes the {bonus} bonus token."),
    N_("The game ends: {reason}. This round is finished first."),
    N_("The game ends: {reason}."),
    N_("The last round is complete: the game is over."),
    # the status line
    N_("The game is over"),
    N_("Wait for {seat}"),
    N_("Roll the dice"),
    N_("Group your dice and move"),
    # the score breakdown and how the game ended
    N_("Mountain {mountain}: {tokens} x {mountain} = {points}"),
    N_("No point tokens"),
    N_("Bonuses: {bonuses} = {points}"),
    N_("Bonuses: none"),
    N_("Big Mountain: {spots} = {points}"),
    N_("spot {spot} rank {rank}: {points}"),
    N_("Big Mountain: no goats = {points}"),
    N_("Goats on summits: {count}"),
    N_("Goats on summits: {count} (highest {mountain})"),
    N_("The bonus tokens ran out"),
    N_("Three mountains ran out of point tokens"),
    N_("The game is not over"),
    N_("tied on points: most goats on summits decided"),
    N_("tied on points and goats on summits: the goat on the highest summit decided"),
    N_("still tied after both tie-breaks: the win is shared"),
    # refusals a move built by hand can meet
    N_("that group ({dice}) sums to {total}; groups must sum {low}-{high}"),
    N_("that group ({dice}) sums to {total}; groups must sum {low}-{high} (11-24 needs the Big Mountain)"),
    N_("that group ({dice}) sums to {total}, not {target}"),
    N_("a group of {total} moves the goat of mountain {total}, not goat {goat}"),
    N_("say which goat (5-10) moves to spot {spot}"),
    N_("Big Mountain spot {spot} is taken by your goat {goat}"),
    N_("Big Mountain spot {spot} is taken by {seat}'s goat {goat}"),
    N_("you kept no 1: at least one 1 must stay a 1"),
    N_("die {die} is used twice"),
    # the decisions, as the replay and the text record name them
    N_("roll the dice"),
    N_("use no dice"),
    N_("use {groups}"),
    # refusals of a setup
    N_("{game} is for 2-4 players (5 with the Big Mountain), not {count}"),
    N_("5 players need the Big Mountain expansion (option big_mountain)"),
    N_("{dice}: goat {goat} to spot {spot}"),
    N_("{dice} on {mountain}"),
)


# ---------------------------------------------------------------- actions


def token_article(number: int) -> str:
    """The English article before a token's number: "an" for 8, 11 and 18 (said with a vowel), else "a"."""
    return "an" if str(number).startswith("8") or number in (11, 18) else "a"


@attrs.frozen
class Roll:
    """Roll the four dice (the first half of every turn; Rulebook: Turno)."""

    def __str__(self) -> str:
        return "roll the dice"


def _groups(value: Any) -> tuple[tuple[int, ...], ...]:
    if type(value) is tuple:
        for g in value:
            if type(g) is not tuple:
                break
        else:
            return value
    return tuple(tuple(int(x) for x in g) for g in value)


def _faces(value: Any) -> tuple[int, ...]:
    if type(value) is tuple:
        return value
    return tuple(int(x) for x in value)


@attrs.frozen
class Move:
    """The second half of a turn: how the rolled dice are used.

    ``faces``: the four dice after changing extra 1s (only dice that show a
    1 may differ from the roll, and at least one 1 must stay a 1).
    ``groups``: ordered group uses, each ``(target, goat, die, die, ...)``
    with die indices 0-3: ``target`` is the group's sum; 5-10 climbs that
    mountain with its goat (``goat`` = the same number, or 0), or brings
    that goat back from the Big Mountain to its foot; 11-24 (Big Mountain
    only) moves goat ``goat`` (5-10) onto that spot. No groups: a pass.
    Rulebook: Turno; Sheet: Decisions, Big Mountain.
    """

    faces: tuple[int, ...] = attrs.field(converter=_faces)
    groups: tuple[tuple[int, ...], ...] = attrs.field(default=(), converter=_groups)

    def __str__(self) -> str:
        if not self.groups:
            return "use no dice"
        parts = []
        for g in self.groups:
            target, goat, idx = g[0], g[1], g[2:]
            dice = "+".join(str(self.faces[i]) if 0 <= i < len(self.faces) else "?" for i in idx)
            if target > GROUP_MAX:
                parts.append(f"{dice}: goat {goat} to spot {target}")
            else:
                parts.append(f"{dice} on {target}")
        return "use " + ", ".join(parts)


@attrs.frozen
class MovePreview:
    """What a move will do, as facts (:meth:`GoatsState.move_preview`).

    ``pos``: the seat's goats after it (as ``GoatsState.pos``); ``knocked``:
    (seat, mountain index) of each rival goat knocked off a summit to the
    foot; ``tokens``: the seat's point tokens after it; ``points``: points
    gained now (tokens and bonuses, not Big Mountain ranks); ``steps``:
    steps climbed, less those come down (Big Mountain spots not counted).
    """

    pos: tuple[int, ...]
    knocked: tuple[tuple[int, int], ...]
    tokens: tuple[int, ...]
    points: int
    steps: int


ROLL = Roll()
ACTION_TYPES = (Roll, Move)
#: ``Move(faces, groups)`` for values its converters would keep as they are (speed.py).
_move_of = speed.fast_constructor(Move)


@attrs.frozen(slots=True, hash=False)
class GoatsState(State):
    """A game of Mountain Goats.

    ``pos[seat][m-5]``: 0 foot, 1..steps on mountain m (steps = summit),
    11..24 on that Big Mountain spot. ``supply[m-5]``: point tokens left.
    ``tokens[seat][m-5]``: tokens held. ``bonus_left``: bonus tokens left,
    highest first; ``bonus_won[seat]``: bonus values taken. ``dice``: the
    roll of the seat ``current`` (``()`` before it rolls). ``turns``: moves
    made so far. ``ending``: why the game is ending ("" while not).
    """

    game_id: ClassVar[str] = "mountain_goats"

    n: int
    big_mountain: bool
    pos: tuple[tuple[int, ...], ...]
    supply: tuple[int, ...]
    tokens: tuple[tuple[int, ...], ...]
    bonus_left: tuple[int, ...]
    bonus_won: tuple[tuple[int, ...], ...]
    current: int
    dice: tuple[int, ...]
    turns: int
    ending: str
    to_move: tuple[int, ...]
    log: tuple[Event, ...]
    rng: Rng

    # ------------------------------------------------------------ contract

    @property
    def players(self) -> int:
        return self.n

    @property
    def is_terminal(self) -> bool:
        return not self.to_move

    @property
    def round(self) -> int:
        """The round being played (1-based): every seat has one turn per round."""
        done = self.turns - 1 if self.is_terminal else self.turns
        return max(0, done) // self.n + 1

    def prompt(self, seat: int) -> str:
        if self.is_terminal:
            return "The game is over"
        if seat != self.current:
            return f"Wait for {seat_letter(self.current)}"
        if not self.dice:
            return "Roll the dice"
        return "Group your dice and move"

    def needs_curtain(self, seat: int) -> bool:
        """Never: Mountain Goats has nothing hidden, the whole table watches every turn."""
        return False

    def view(self, seat: int | None) -> GoatsState:
        """Everything is public except the future dice: the generator is blanked."""
        if self.rng is _BLANK or self.rng.state < 0:
            return self
        return evolve(self, rng=_BLANK)

    def summit_owner(self, mountain: int) -> int | None:
        """The seat whose goat stands on the summit of ``mountain``, or None."""
        i = mountain - 5
        top = STEPS_BY_INDEX[i]
        for s in range(self.n):
            if self.pos[s][i] == top:
                return s
        return None

    def big_spots(self) -> dict[int, tuple[int, int]]:
        """Occupied Big Mountain spots: spot -> (seat, goat's mountain)."""
        out = {}
        for s in range(self.n):
            for i, p in enumerate(self.pos[s]):
                if p > GROUP_MAX:
                    out[p] = (s, i + 5)
        return out

    def legal_actions(self, seat: int) -> list[Any]:
        """Roll before rolling; then the distinct outcomes of the roll, best first.

        Each outcome is offered once, as one Move that reaches it; ordered by
        points gained now (tokens and bonuses), then steps climbed.
        """
        if seat not in self.to_move:
            return []
        if not self.dice:
            return [ROLL]
        return [m for m, _pts in self.ranked_moves(seat)]

    def ranked_moves(self, seat: int) -> list[tuple[Move, int]]:
        """The distinct outcomes of the roll as (representative move, points gained).

        Every group sequence worth trying (``speed.dice_sequences``) is
        resolved by the rules' own steps (:meth:`_resolve`, as ``apply``
        does); sequences the rules refuse (a taken Big Mountain spot) are
        left out, and sequences with the same outcome (positions, goats
        knocked off, tokens and bonuses) are offered once. Ordered by points
        gained now, then steps climbed, then the order of the sequences.
        """
        supply = self.supply
        old_steps = _steps(self.pos[seat])
        seen: set[tuple[object, ...]] = set()
        ranked: list[tuple[int, int, int, Move]] = []
        for _seq, move in speed.dice_sequences(self.dice, self.big_mountain, _move_of):
            try:
                turn = self._resolve(seat, move)
            except IllegalAction:  # a Big Mountain spot taken on the way
                continue
            mypos = tuple(turn.mypos)
            gained = turn.supply is not supply  # a token taken (the turn copies the supply then)
            key = (mypos, tuple(turn.knocked), tuple(turn.mine) if gained else ())
            if key in seen:
                continue
            seen.add(key)
            pts = turn.points_gained() if gained else 0
            ranked.append((-pts, old_steps - _steps(mypos), len(ranked), move))
        ranked.sort(key=lambda r: r[:3])
        return [(r[3], -r[0]) for r in ranked]

    # ------------------------------------------------------------ apply

    def apply(self, seat: int, action: Any) -> GoatsState:
        """Apply a Roll or a Move of ``seat``; raises IllegalAction with the reason."""
        if seat not in self.to_move:
            self.check_seat(seat)
        if type(action) is Roll:
            return self._roll(seat)
        if type(action) is Move:
            return self._move(seat, action)
        raise IllegalAction(f"{action!r} is not a Mountain Goats action")

    def _roll(self, seat: int) -> GoatsState:
        """Rulebook: Turno - roll the four dice."""
        if self.dice:
            raise IllegalAction("you have already rolled: group your dice and move")
        # One 64-bit draw gives all four dice (6**4 = 1296 divides 2**64 up to a bias below 1e-16):
        # die k is value // 6**k % 6 + 1 (speed.roll reads them from a table, with their log line).
        value, rng = self.rng.next64()
        dice, ev = speed.roll(seat, value)
        return evolve(self, dice=dice, log=self.log + (ev,), rng=rng)

    def check_move(self, seat: int, move: Move) -> list[tuple[int, int, tuple[int, ...]]]:
        """Validate a hand-built or listed move; return its groups as (target, goat, dice).

        Raises IllegalAction naming the first problem (Rulebook: Turno; Sheet:
        Decisions and Big Mountain). Does not check Big Mountain spots, which
        depend on the order of resolution (see :meth:`_move`). The check
        depends on the roll and the move alone, so :func:`check_groups`
        remembers its answers.
        """
        if not self.dice:
            raise IllegalAction("roll the dice first")
        try:
            return list(check_groups(self.dice, self.big_mountain, move.faces, move.groups))
        except TypeError:  # values that cannot be remembered (unhashable): the same check, uncached
            return list(check_groups.__wrapped__(self.dice, self.big_mountain, move.faces, move.groups))

    def _move(self, seat: int, move: Move) -> GoatsState:
        """Resolve a move: 1s, groups in order, bonuses, end of game (Rulebook: Turno, Final).

        Each step is a method of :class:`_Turn`, named after its rule.
        Raises IllegalAction for a move the rules do not allow.
        """
        self.check_move(seat, move)  # names the first problem
        turn = self._resolve(seat, move)
        turn.check_game_end()
        return turn.finish()

    def _resolve(self, seat: int, move: Move) -> _Turn:
        """The move's 1s, groups in order and completed sets, on a :class:`_Turn` (a checked move;
        also how :meth:`ranked_moves` finds each outcome). Raises IllegalAction for a Big
        Mountain spot already taken when its group comes."""
        faces, groups = move.faces, move.groups
        turn = _Turn(self, seat)
        turn.change_ones(faces)
        if not groups:
            turn.use_no_dice()
        for g in groups:
            total, expr = speed.group_sum(faces, g)
            target = g[0]
            goat = total if total <= GROUP_MAX else g[1]
            if target > GROUP_MAX:
                turn.go_to_big_mountain_spot(goat, target, expr)
            elif turn.mypos[goat - 5] > GROUP_MAX:
                turn.come_down_from_big_mountain(goat, expr)
            else:
                turn.climb(goat, expr)
        turn.complete_sets()
        return turn

    def move_preview(self, seat: int, move: Move) -> MovePreview:
        """What ``move`` of ``seat`` will do, worked out by the rules' own steps (:meth:`_resolve`).

        Works on views (a move involves no chance). Raises IllegalAction as
        :meth:`apply` does. The points are those of :meth:`ranked_moves`.
        """
        self.check_move(seat, move)
        turn = self._resolve(seat, move)
        return MovePreview(
            pos=tuple(turn.mypos),
            knocked=tuple(turn.knocked),
            tokens=tuple(turn.mine),
            points=turn.points_gained(),
            steps=_steps(turn.mypos) - _steps(self.pos[seat]),
        )

    # ------------------------------------------------------------ scoring

    def token_points(self, seat: int) -> int:
        """Points of the point tokens a seat holds."""
        return sum(t * (i + 5) for i, t in enumerate(self.tokens[seat]))

    def big_mountain_points(self) -> tuple[int, ...]:
        """Big Mountain ranking points per seat (Rulebook: Gran Montaña; 0 without it).

        Goats on the Big Mountain are ranked by spot, highest first; rank k
        scores the k-th entry of the table for the player count.
        """
        pts = [0] * self.n
        if not self.big_mountain:
            return tuple(pts)
        table = BIG_RANKING[self.n]
        ranked = sorted(self.big_spots().items(), reverse=True)
        for k, (_spot, (s, _goat)) in enumerate(ranked[: len(table)]):
            pts[s] += table[k]
        return tuple(pts)

    def scores(self) -> tuple[int, ...]:
        """Points per seat: tokens + bonus tokens + Big Mountain ranks (as if the game ended now).

        Rulebook: Final del Juego ("most points wins") and Gran Montaña.
        """
        big = self.big_mountain_points()
        return tuple(self.token_points(s) + sum(self.bonus_won[s]) + big[s] for s in range(self.n))

    def summits(self, seat: int) -> tuple[int, ...]:
        """The mountains whose summit holds this seat's goat, ascending."""
        p = self.pos[seat]
        return tuple(i + 5 for i in _IDX if p[i] == STEPS_BY_INDEX[i])

    def _tiebreak_keys(self) -> list[tuple[int, int, int]]:
        keys = []
        for s, sc in enumerate(self.scores()):
            tops = self.summits(s)
            keys.append((sc, len(tops), max(tops) if tops else 0))
        return keys

    def winners(self) -> tuple[int, ...]:
        """Seats sharing first place (Rulebook: Final del Juego).

        Most points; ties: most goats on summits, then the goat on the
        highest-numbered summit; still tied: a shared win.
        """
        keys = self._tiebreak_keys()
        best = max(keys)
        return tuple(s for s, k in enumerate(keys) if k == best)

    def tiebreak(self) -> str:
        """Which tie-break decided the winner ("" when the points alone did; Rulebook: Final del Juego)."""
        keys = self._tiebreak_keys()
        top = max(k[0] for k in keys)
        tied = [k for k in keys if k[0] == top]
        if len(tied) == 1:
            return ""
        most = max(k[1] for k in tied)
        tied2 = [k for k in tied if k[1] == most]
        if len(tied2) == 1:
            return "tied on points: most goats on summits decided"
        high = max(k[2] for k in tied2)
        if sum(1 for k in tied2 if k[2] == high) == 1:
            return "tied on points and goats on summits: the goat on the highest summit decided"
        return "still tied after both tie-breaks: the win is shared"

    def outcome(self) -> Outcome:
        """Scores, winners, per-seat breakdown, the deciding tie-break and why the game ended."""
        big = self.big_mountain_points()
        spots = sorted(self.big_spots().items(), reverse=True)
        table = BIG_RANKING[self.n] if self.big_mountain else ()
        lines = []
        for s in range(self.n):
            rows = []
            for i, t in enumerate(self.tokens[s]):
                if t:
                    rows.append(f"Mountain {i + 5}: {t} x {i + 5} = {t * (i + 5)}")
            if not rows:
                rows.append("No point tokens")
            won = self.bonus_won[s]
            rows.append(f"Bonuses: {' + '.join(map(str, won))} = {sum(won)}" if won else "Bonuses: none")
            if self.big_mountain:
                mine = [
                    f"spot {sp} rank {k + 1}: {table[k] if k < len(table) else 0}"
                    for k, (sp, (who, _g)) in enumerate(spots)
                    if who == s
                ]
                rows.append("Big Mountain: " + (", ".join(mine) if mine else "no goats") + f" = {big[s]}")
            tops = self.summits(s)
            rows.append(f"Goats on summits: {len(tops)}" + (f" (highest {max(tops)})" if tops else ""))
            lines.append(tuple(rows))
        ending = self.ending
        ending = ending[0].upper() + ending[1:] if ending else "The game is not over"
        return Outcome(self.scores(), self.winners(), tuple(lines), self.tiebreak(), ending)


# ---------------------------------------------------------------- a move, step by step


class _Turn:
    """One seat's move being resolved: a working copy of what it changes, and the log lines.

    Made by :meth:`GoatsState._move` for a move already checked; each method
    is one rule of the rulebook, applied in the order of the move.
    :meth:`finish` gives the new state.
    """

    __slots__ = (
        "bonus_left",
        "ending",
        "events",
        "knocked",
        "me",
        "mine",
        "mypos",
        "seat",
        "state",
        "supply",
        "to_move",
        "won",
    )

    def __init__(self, state: GoatsState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.me = speed.REF.get(seat) or seat_ref(seat)
        self.mypos = list(state.pos[seat])
        self.supply: Sequence[int] = state.supply  # a list once a token is taken
        self.mine: Sequence[int] = state.tokens[seat]
        self.knocked: list[tuple[int, int]] = []
        self.events: list[Event] = []
        self.bonus_left = state.bonus_left
        self.won = state.bonus_won[seat]
        self.ending = state.ending
        self.to_move: tuple[int, ...] = ()

    def change_ones(self, faces: tuple[int, ...]) -> None:
        """Rulebook: Turno - each 1 rolled may count as any number from 1 to 6."""
        dice = self.state.dice
        if faces != dice:
            changed = [f for d, f in zip(dice, faces, strict=False) if d == 1 and f != 1]
            if changed:
                self.events.append(
                    Event(
                        f"{self.me} turns {'a 1' if len(changed) == 1 else f'{len(changed)} 1s'} "
                        f"into {' and '.join(map(str, changed))}."
                    )
                )

    def use_no_dice(self) -> None:
        """Sheet: Decisions - a move may use no group at all (nothing fits, or the player declines)."""
        self.events.append(speed.no_dice_event(self.seat) or Event(f"{self.me} uses no dice."))

    def go_to_big_mountain_spot(self, goat: int, target: int, expr: str) -> None:
        """Sheet: Big Mountain - a group of 11-24 moves one goat onto that empty spot.

        Raises IllegalAction when a goat already stands there.
        """
        for s in range(self.state.n):
            row = self.mypos if s == self.seat else self.state.pos[s]
            if target in row:
                who = "your" if s == self.seat else f"{seat_letter(s)}'s"
                raise IllegalAction(
                    f"Big Mountain spot {target} is taken by {who} goat {row.index(target) + 5}"
                )
        gi = goat - 5
        old = self.mypos[gi]
        self.mypos[gi] = target
        frm = (
            f"spot {old}"
            if old > GROUP_MAX
            else "the foot of"
            if old == 0
            else "the summit of"
            if old == STEPS_BY_INDEX[gi]
            else f"step {old} of"
        )
        frm = frm if old > GROUP_MAX else f"{frm} {goat}"
        self.events.append(
            Event(f"{self.me}: {expr} moves goat {goat} from {frm} to Big Mountain spot {target}.")
        )

    def come_down_from_big_mountain(self, goat: int, expr: str) -> None:
        """Sheet: Big Mountain - the mountain's own value brings its goat back to the foot."""
        gi = goat - 5
        spot = self.mypos[gi]
        self.mypos[gi] = 0
        self.events.append(
            Event(f"{self.me}: {expr} brings goat {goat} down from spot {spot} to the foot of {goat}.")
        )

    def climb(self, goat: int, expr: str) -> None:
        """Rulebook: Turno - the goat climbs one step; on the summit it knocks rivals off
        and takes a point token of that mountain while any are left."""
        gi = goat - 5
        p = self.mypos[gi]
        top = STEPS_BY_INDEX[gi]
        if p < top:
            p += 1
            self.mypos[gi] = p
            if p < top:
                ev = speed.climb_event(self.seat, gi, p, expr)  # shared by every game (speed.py)
                self.events.append(
                    ev or Event(f"{self.me}: {expr} on {goat}: goat climbs to step {p} of {top}.")
                )
                return
            text = f"{self.me}: {expr}{speed.ON[gi]}goat reaches the summit" + self._knock_rivals(gi, top)
        else:
            text = f"{self.me}: {expr}{speed.ON[gi]}goat is already on the summit"
        self.events.append(Event(text + self._take_token(goat)))

    def _knock_rivals(self, gi: int, top: int) -> str:
        """Rulebook: Turno - a goat reaching a summit knocks every other goat there to the foot."""
        text = ""
        pos = self.state.pos
        for s in range(self.state.n):
            if s != self.seat and pos[s][gi] == top and (s, gi) not in self.knocked:
                self.knocked.append((s, gi))
                text += f", knocks {seat_ref(s)}'s goat to the foot"
        return text

    def _take_token(self, goat: int) -> str:
        """Rulebook: Turno - a goat on its summit takes the top point token of that mountain, if any."""
        gi = goat - 5
        left = self.supply[gi]
        if left <= 0:
            return f"; no {goat} tokens are left."
        if self.supply is self.state.supply:
            self.supply = list(self.supply)
            self.mine = list(self.mine)
        supply, mine = cast(list[int], self.supply), cast(list[int], self.mine)  # copied just above
        supply[gi] = left = left - 1
        mine[gi] += 1
        return f", takes {token_article(goat)} {goat} token ({left} left)."

    def points_gained(self) -> int:
        """Points the move gains now: its point tokens and bonus tokens (Rulebook: Final del Juego)."""
        tokens = self.state.tokens[self.seat]
        pts = sum(self.won) - sum(self.state.bonus_won[self.seat])
        for i in _IDX:
            pts += (self.mine[i] - tokens[i]) * (i + 5)
        return pts

    def complete_sets(self) -> None:
        """Rulebook: a complete set (the n-th set: n tokens of every mountain) takes the highest bonus left."""
        sets = min(self.mine)
        while len(self.won) < sets and self.bonus_left:
            self.won = self.won + (self.bonus_left[0],)
            self.bonus_left = self.bonus_left[1:]
            self.events.append(
                Event(f"{self.me} completes set {len(self.won)} and takes the {self.won[-1]} bonus token.")
            )

    def check_game_end(self) -> None:
        """Rulebook: Final - the bonus tokens run out or three mountains run out of point
        tokens: the round is played to its end, then the game is over."""
        n, seat = self.state.n, self.seat
        if not self.ending:
            if not self.bonus_left:
                self.ending = ENDING_BONUS
            elif self.supply.count(0) >= EMPTY_MOUNTAINS_TO_END:
                self.ending = ENDING_MOUNTAINS
            if self.ending:
                self.events.append(
                    Event(
                        f"The game ends: {self.ending}. This round is finished first."
                        if seat != n - 1
                        else f"The game ends: {self.ending}."
                    )
                )
        if self.ending and seat == n - 1:
            self.to_move = ()
            self.events.append(Event("The last round is complete: the game is over."))
        else:
            self.to_move = ((seat + 1) % n,)

    def finish(self) -> GoatsState:
        """The state after the move: positions, tokens, bonuses, the next seat.

        Goats knocked off a summit go to the foot here, once every group is
        resolved (Rulebook: Turno).
        """
        st, seat = self.state, self.seat
        new_pos = list(st.pos)
        new_pos[seat] = tuple(self.mypos)
        for s, gi in self.knocked:
            row = list(new_pos[s])
            row[gi] = 0
            new_pos[s] = tuple(row)
        tokens, supply = st.tokens, self.supply
        if supply is not st.supply:
            tokens = replace_at(tokens, seat, tuple(self.mine))
            supply = tuple(supply)
        bonus_won = st.bonus_won
        if self.won is not bonus_won[seat]:
            bonus_won = replace_at(bonus_won, seat, self.won)
        to_move = self.to_move
        return evolve(
            st,
            pos=tuple(new_pos),
            supply=supply,
            tokens=tokens,
            bonus_left=self.bonus_left,
            bonus_won=bonus_won,
            current=to_move[0] if to_move else seat,
            dice=(),
            turns=st.turns + 1,
            ending=self.ending,
            to_move=to_move,
            log=st.log + tuple(self.events),
        )


@lru_cache(maxsize=1 << 16)
def check_groups(
    dice: tuple[int, ...], big: bool, move_faces: tuple[int, ...], move_groups: tuple[tuple[int, ...], ...]
) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """:meth:`GoatsState.check_move` for a roll ``dice`` (rolled), ``big`` the Big Mountain in play.

    Returns the groups as (target, goat, dice); raises IllegalAction naming
    the first problem. Cached: it depends on its arguments alone (an answer
    that raises is not remembered). Rulebook: Turno; Sheet: Decisions, Big Mountain.
    """
    faces = move_faces
    if len(faces) != DICE:
        raise IllegalAction(f"a move names all {DICE} dice faces, not {len(faces)}")
    had_one = kept_one = False
    for i in range(DICE):
        f, d = faces[i], dice[i]
        if not 1 <= f <= 6:
            raise IllegalAction(f"die {i + 1} cannot show {f}: faces are 1-6")
        if d == 1:
            had_one = True
            if f == 1:
                kept_one = True
        elif f != d:
            raise IllegalAction(f"die {i + 1} shows {d}; only extra 1s may be changed")
    if had_one and not kept_one:
        raise IllegalAction("you kept no 1: at least one 1 must stay a 1")
    hi = BIG_MAX if big else GROUP_MAX
    used: set[int] = set()
    out = []
    for g in move_groups:
        if len(g) < 3:
            raise IllegalAction("each group names its target, its goat and at least one die")
        target, goat, idx = g[0], g[1], g[2:]
        total = 0
        for i in idx:
            if not 0 <= i < DICE:
                raise IllegalAction(f"there is no die {i + 1}: dice are 1-{DICE}")
            if i in used:
                raise IllegalAction(f"die {i + 1} is used twice")
            used.add(i)
            total += faces[i]
        expr = "+".join(str(faces[i]) for i in idx)
        if total < GROUP_MIN or total > hi:
            raise IllegalAction(
                f"that group ({expr}) sums to {total}; groups must sum {GROUP_MIN}-{hi}"
                + ("" if big else " (11-24 needs the Big Mountain)" if total > GROUP_MAX else "")
            )
        if target != total:
            raise IllegalAction(f"that group ({expr}) sums to {total}, not {target}")
        if total <= GROUP_MAX:
            if goat not in (0, total):
                raise IllegalAction(f"a group of {total} moves the goat of mountain {total}, not goat {goat}")
            goat = total
        elif goat not in MOUNTAINS:
            raise IllegalAction(f"say which goat (5-10) moves to spot {total}")
        out.append((target, goat, idx))
    return tuple(out)


def _steps(pos: Sequence[int]) -> int:
    """Steps climbed by a seat's goats (Big Mountain spots not counted)."""
    total = 0
    for p in pos:
        if p <= GROUP_MAX:
            total += p
    return total


# ---------------------------------------------------------------- module functions


def new_game(players: int, seed: int = 0, big_mountain: bool = False) -> GoatsState:
    """A new game: every goat at its foot, full supplies, seat A (0) to roll.

    Raises ValueError for fewer than 2 or more than 5 players, or 5 players
    without the Big Mountain (Sheet: Components).
    """
    if not isinstance(players, int) or players < 2 or players > 5:
        raise ValueError(f"Mountain Goats is for 2-4 players (5 with the Big Mountain), not {players}")
    if players == 5 and not big_mountain:
        raise ValueError("5 players need the Big Mountain expansion (option big_mountain)")
    zero = (0,) * 6
    setup = f"{players} players" + (", Big Mountain." if big_mountain else ".")
    return GoatsState(
        n=players,
        big_mountain=bool(big_mountain),
        pos=(zero,) * players,
        supply=tokens_for(players),
        tokens=(zero,) * players,
        bonus_left=BONUS_TOKENS,
        bonus_won=((),) * players,
        current=0,
        dice=(),
        turns=0,
        ending="",
        to_move=(0,),
        log=(Event("New game: " + setup), Event(f"{seat_ref(0)} starts.")),
        rng=Rng.from_seed(seed),
    )


def random_action(state: GoatsState, seat: int, rnd: random.Random) -> Roll | Move:
    """A random legal action without listing every outcome (for ``simulate``).

    Extra 1s change at random (one 1 kept), dice fall into up to three random
    groups (or stay unused); groups outside the allowed sums, or aimed at a
    taken Big Mountain spot, are left unused.
    """
    dice = state.dice
    if not dice:
        return ROLL
    faces = dice
    if dice.count(1) >= 2:
        ones = [i for i in range(DICE) if dice[i] == 1]
        keep = rnd.choice(ones)
        changed = list(dice)
        for i in ones:
            if i != keep and rnd.random() < 0.5:
                changed[i] = rnd.randint(2, 6)
        faces = tuple(changed)
    if not state.big_mountain:
        return _move_of(faces, speed.plain_picks(faces)[rnd.getrandbits(8)])
    groups: list[tuple[int, ...]] = []
    bins = speed.BINS[rnd.getrandbits(8)]
    occ: set[int] | None = None
    mypos: list[int] = []  # filled with occ, once a Big Mountain group comes
    for g in bins:
        s = 0
        for i in g:
            s += faces[i]
        if s < GROUP_MIN or s > BIG_MAX:
            continue
        if s > GROUP_MAX:
            if occ is None:
                occ = {p for row in state.pos for p in row if p > GROUP_MAX}
                mypos = list(state.pos[seat])
            if s in occ:
                continue
            goat = rnd.choice(MOUNTAINS)
            old = mypos[goat - 5]
            if old > GROUP_MAX:
                occ.discard(old)
            occ.add(s)
            mypos[goat - 5] = s
            groups.append((s, goat) + g)
        else:
            if occ is not None and mypos[s - 5] > GROUP_MAX:
                occ.discard(mypos[s - 5])
                mypos[s - 5] = 0
            groups.append((s, s) + g)
    return _move_of(faces, tuple(groups))


def check_invariants(state: GoatsState) -> None:
    """Assert conservation and the table's physical rules (random-play harness)."""
    n = state.n
    start = tokens_for(n)
    for i in _IDX:
        held = sum(state.tokens[s][i] for s in range(n))
        assert state.supply[i] >= 0 and held + state.supply[i] == start[i], f"tokens of {i + 5} not conserved"
    assert sorted(state.bonus_left + sum(state.bonus_won, ()), reverse=True) == list(BONUS_TOKENS), (
        "bonus lost"
    )
    assert tuple(state.bonus_left) == tuple(sorted(state.bonus_left, reverse=True)), (
        "bonus stack out of order"
    )
    for s in range(n):
        sets = min(state.tokens[s])
        won = len(state.bonus_won[s])
        assert won <= sets, f"seat {s} holds more bonuses than sets"
        if state.bonus_left:
            assert won == sets, f"seat {s} has a set without its bonus"
    spots: list[int] = []
    for i in _IDX:
        top = STEPS_BY_INDEX[i]
        on_top = 0
        for s in range(n):
            p = state.pos[s][i]
            assert 0 <= p <= top or (state.big_mountain and BIG_MIN <= p <= BIG_MAX), f"bad position {p}"
            on_top += p == top
            if p > GROUP_MAX:
                spots.append(p)
        assert on_top <= 1, f"summit of {i + 5} holds {on_top} goats"
    assert len(spots) == len(set(spots)), "two goats on one Big Mountain spot"
    expect = []
    big = state.big_mountain_points()
    for s in range(n):
        pts = sum(state.tokens[s][i] * MOUNTAINS[i] for i in _IDX) + sum(state.bonus_won[s]) + big[s]
        expect.append(pts)
    assert state.scores() == tuple(expect), "scores differ from the pieces"
    assert sum(big) == (sum(BIG_RANKING[n][: len(spots)]) if state.big_mountain else 0), "Big Mountain points"
    if state.is_terminal:
        assert state.ending and state.turns % n == 0, "game ended mid-round or without a reason"
    else:
        assert state.to_move == (state.current,) and state.current == state.turns % n, "turn order broken"
    assert state.turns < 3000, "the game does not end"


def redeal_hidden(state: GoatsState, seat: int, rnd: random.Random) -> GoatsState:
    """Only the future dice are unknown: replace the generator (leak test)."""
    return evolve(state, rng=Rng(rnd.getrandbits(63)))


def simulation_stats(state: GoatsState) -> dict[str, float | str]:
    """Figures for ``simulate``: how it ended, scores, rounds, Big Mountain points."""
    sc = state.scores()
    out: dict[str, float | str] = {
        "ending": "bonus tokens" if state.ending == ENDING_BONUS else "three empty mountains",
        "winning score": float(max(sc)),
        "mean score": sum(sc) / len(sc),
        "rounds": state.turns / state.n,
        "tie-break needed": "yes" if state.tiebreak() else "no",
    }
    if state.big_mountain:
        out["big mountain points per player"] = sum(state.big_mountain_points()) / state.n
    return out
