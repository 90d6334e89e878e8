"""A Montaña Pingüino round revealed step by step, for the whole table to watch.

Before the screen passes to the next player (curtain, reaction window, game
over), the board plays what happened in public since the table last looked:
the face-down cards turn over, each card acts in turn, the sleds slide
section by section in the Impulse Phase and damage lands on them. Space or
Enter skips to the last picture (the table as it is now), and the next key,
or the normal pace, moves on from it.

A round whose cards stop for a decision (a runner choosing how much to slow
down, a reaction window) is revealed in parts (:class:`RevealPart`): each
part says which it is and, at its end, that the round goes on and who
decides first; a later part starts from the cards already turned over.

:func:`reveal_frames` reads the steps from the public log lines (the same
words the log panel shows) and the public view the table saw last; it never
needs a hidden card. The last frame is always the view as it is now.
:class:`RevealScreen` plays the frames over the board: a transparent modal,
so every key pressed meanwhile lands on it and none reaches the next
player's screen.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import attrs
from rich.console import Group
from rich.text import Text

from boardgames_tui import i18n, settings
from boardgames_tui.i18n import _

from .. import data as D

#: Seconds a step stays on screen; a section of a sled's slide takes SLIDE_SECONDS.
STEP_SECONDS = 0.9
#: The shortest a step stays in sight (seconds): at pace 0 the round still plays, step by step.
MIN_STEP = 0.02


def paced(wait: float) -> float:
    """``wait`` (seconds, drawn at the default pace) at the pace chosen in Settings.

    Settings' "pace of round reveals" is the seconds a plain step
    (``STEP_SECONDS`` here) stays in sight, default 1.0; longer steps keep
    their proportion; 0 plays the round straight through. A table choice,
    not a rule.
    """
    return wait * settings.current().reveal_pace / STEP_SECONDS


SLIDE_SECONDS = 0.2
#: Seconds the last frame stays before the screen passes on.
HOLD_SECONDS = 1.5
#: Seconds a whole reveal takes at most at the default pace (its last frame included): a
#: longer round plays each of its steps a little faster, so the table never waits for long.
REVEAL_BUDGET = 12.0
#: The shortest a step is made by :data:`REVEAL_BUDGET` (seconds at the default pace).
SHORTEST_STEP = 0.45

_SEAT = r"\{(\d+)\}"
_WHERE = r"(?:the start|section (\d+)|past the finish line)"
RE_REVEALS = re.compile(rf"^{_SEAT} reveals (.*)\.$")
RE_ACTS = re.compile(rf"^{_SEAT}'s (.+?) acts: ")
RE_NOTHING = re.compile(rf"^{_SEAT}'s (left|right) card (.+?) does nothing: (.*)\.$")
RE_CANCELLED = re.compile(rf"^{_SEAT} plays Tormenta de Nieve: {_SEAT}'s (.+?) is cancelled\.$")
RE_BOX = re.compile(rf"^{_SEAT}: [+-]\d+ acceleration from .*\(box (\d+)\)\.$")
RE_HEALTH = re.compile(rf"^{_SEAT} (?:takes \d+ damage from .*|repairs the sled): health (-?\d+)\.$")
RE_DESTROYED = re.compile(rf"^{_SEAT}'s sled is destroyed")
RE_ADVANCES = re.compile(rf"^{_SEAT} advances \d+ sections? at \w+: {_WHERE} -> {_WHERE}\.$")
RE_MOVES = re.compile(rf"^{_SEAT} (?:moves forward|is pushed back) to {_WHERE}")
RE_TOKEN = re.compile(r"puts an? (ice|spike) token on section (\d+)\.$")
RE_ROUND = re.compile(r"^(?:Round \d+|The race|Race \d+|The championship) ")

#: Lines that make a reveal worth playing (a card turned over or acting, a sled moving).
WORTH = (RE_REVEALS, RE_ACTS, RE_NOTHING, RE_ADVANCES)


@attrs.frozen
class Frame:
    """One picture of the reveal: the public facts at that moment.

    ``cards[seat]`` lists that runner's cards turned over so far as
    (slot 'L'/'R', name and effect, what became of it); ``lines`` the log
    lines shown so far (the last one is the step being played); ``wait``
    the seconds it stays on screen.
    """

    position: tuple[int, ...]
    box: tuple[int, ...]
    health: tuple[int, ...]
    tokens: tuple[tuple[int, str], ...]
    cards: tuple[tuple[tuple[str, str, str], ...], ...]
    lines: tuple[str, ...]
    wait: float = STEP_SECONDS
    last: bool = False
    #: The card this step narrates, as the cards turned over list it: (seat, slot, name and
    #: effect, what became of it); None when the step narrates no card (a sled sliding).
    focus: tuple[int, str, str, str] | None = None
    #: How many of the last ``lines`` this step plays (a card acting and what it did).
    said: int = 1

    def apply_to(self, view: Any) -> Any:
        """``view`` with this frame's sleds, speeds, health and tokens (for drawing only)."""
        return attrs.evolve(
            view, position=self.position, box=self.box, health=self.health, tokens=tuple(sorted(self.tokens))
        )


def _where(view: Any, section: str | None, text: str) -> int:
    if section:
        return int(section)
    return 0 if "the start" in text.split("->")[-1] else view.length + 1


def cards_on_table(view: Any) -> list[tuple[tuple[str, str, str], ...]]:
    """The cards already face up in ``view`` (a public view in the middle of the round's
    activation), each with what became of it so far, in a frame's shape; no card when the
    round's cards are not face up (secret play, item draw)."""
    from .. import rules as R
    from .render import OUTCOME_WORDS

    cards: list[tuple[tuple[str, str, str], ...]] = [()] * view.players
    if view.phase != R.Phase.ACTIVATE:
        return cards
    for s in range(view.players):
        row = []
        for i, (card, half) in enumerate(view.played[s]):
            if card == D.HIDDEN:
                continue
            outcome = view.outcomes[s][i] if i < len(view.outcomes[s]) else R.CardOutcome.PENDING
            # The words of the played cards' panel, which are a frame's: 'acted', 'off speed' ...
            row.append(
                ("L" if i == 0 else "R", R.describe_played(card, half), OUTCOME_WORDS.get(outcome, "waiting"))
            )
        cards[s] = tuple(row)
    return cards


@attrs.frozen
class RevealPart:
    """Which part of a round a reveal plays, when the round is not revealed in one go.

    ``round``: the round's number; ``number``: 1 for the part that turns the
    cards over, 2, 3 ... for the parts after a decision in the middle of the
    round; ``goes_on``: the round is not over at the end of this part (a
    runner decides first: ``next_text`` says who and what, as shown).
    """

    round: int
    number: int
    goes_on: bool
    next_text: str = ""

    @property
    def whole(self) -> bool:
        """True when this reveal plays the whole round (no part before it, none after)."""
        return self.number == 1 and not self.goes_on


def pending_text(view: Any) -> tuple[str, str]:
    """(what is asked, the card that asks) of the decision the round waits for in ``view``
    (a public view in the activation), both as shown: ('Choose how much to slow down',
    'Pudú 11'); ('', '') when the round waits for nothing."""
    from .. import rules as R

    if view.phase != R.Phase.ACTIVATE or not view.to_move:
        return "", ""
    prompt = i18n.translate_text(view.prompt(view.to_move[0]))
    act = view.activating()
    card = D.card_name(act[1]) if act is not None and act[1] != D.HIDDEN else ""
    return prompt, card


def next_text(view: Any, names: Sequence[str]) -> str:
    """'Next, A Ana: Choose how much to slow down (Pudú 11)': who decides before the round
    goes on, and what; '' when the round does not wait for a decision."""
    from boardgames_tui.engine import seat_letter

    prompt, card = pending_text(view)
    if not prompt:
        return ""
    if view.reaction_window is not None:
        text = _("Next, a reaction window: {prompt}").format(prompt=prompt)
    else:
        seat = view.to_move[0]
        text = _("Next, {who}: {prompt}").format(who=f"{seat_letter(seat)} {names[seat]}", prompt=prompt)
    return f"{text} ({card})" if card else text


def _reveal_cards(text: str) -> tuple[tuple[str, str, str], ...]:
    """'left Kay 2 (green-orange: +2 acceleration); right Kay 7 (...)' -> the cards face up."""
    out = []
    for part in text.split("; "):
        slot, _, rest = part.partition(" ")
        out.append(("L" if slot == "left" else "R", rest, "waiting"))
    return tuple(out)


def _set_status(cards: tuple, name: str, status: str, slot: str | None = None) -> tuple:
    """The first card named ``name`` (in ``slot`` if given) still waiting gets ``status``."""
    out = list(cards)
    for i, (sl, text, st) in enumerate(out):
        if (
            (text == name or text.startswith(name + " ("))
            and (slot is None or sl == slot)
            and st == "waiting"
        ):
            out[i] = (sl, text, status)
            return tuple(out)
    return cards


def reveal_frames(before: Any, now: Any, events: Sequence[Any], names: Sequence[str]) -> list[Frame]:
    """The frames that replay ``events`` (public log events, oldest first) from the public
    facts of ``before`` to ``now`` (both views); [] when nothing in them is worth playing
    (no card turned over or acted, no sled moved). The last frame is ``now`` itself.
    When ``before`` is in the middle of the round's activation (a later part of the round),
    the cards already turned over are on the table from the first frame."""
    texts = [e.text for e in events if e.text]
    if not any(rx.search(t) for t in texts for rx in WORTH):
        return []
    from .. import rules as R

    pos, box, hp = list(before.position), list(before.box), list(before.health)
    tokens = set(before.tokens)
    cards: list[tuple] = cards_on_table(before)
    lines: list[str] = []
    frames: list[Frame] = []
    fresh = False
    # What the table has seen already is not played again: the item draws and the cards drawn
    # before the round's cards turn over were on every screen (the curtains' recaps). A later
    # part of a round (``before`` in the middle of the activation) is new from its first line.
    started = before.phase == R.Phase.ACTIVATE
    #: The step being gathered: (its first line's index in ``lines``, its card, its wait).
    step: list[Any] = []

    def snap(wait: float = STEP_SECONDS, focus: Any = None, said: int = 1) -> None:
        frames.append(
            Frame(
                tuple(pos),
                tuple(box),
                tuple(hp),
                tuple(tokens),
                tuple(cards),
                tuple(lines),
                wait,
                False,
                focus,
                said,
            )
        )

    def close_step() -> None:
        """Show the step gathered so far: a card and what it did, as one picture."""
        if step:
            first, focus = step
            focus = _focus_now(cards, focus)
            snap(STEP_SECONDS, focus, len(lines) - first)
            step.clear()

    for event in events:
        t = event.text
        if not t or "face down" in t:
            continue
        if not started:
            if not RE_REVEALS.match(t):
                if RE_ROUND.match(t):
                    fresh = True
                    tokens = set(now.tokens)
                continue  # seen already: nothing on the course changes before the cards turn over
            started = True
        shown = i18n.render_event(event, names, None)
        focus: tuple[int, str] | None = None
        if m := RE_REVEALS.match(t):
            if fresh:  # the first card of a new round: last round's cards leave the table
                cards, fresh = [()] * now.players, False
            if not (step and step[1] is not None and step[1][1] == "reveal"):
                close_step()  # the cards of every runner turn over together: one step
                step[:] = [len(lines), (int(m[1]), "reveal")]
            lines.append(shown)
            cards[int(m[1])] = _reveal_cards(m[2])
            continue
        nothing, acts, cancelled = RE_NOTHING.match(t), RE_ACTS.match(t), RE_CANCELLED.match(t)
        if nothing or acts or cancelled:
            close_step()  # a card's turn: a step of its own, with what follows from it
            lines.append(shown)
            if nothing:
                s = int(nothing[1])
                status = "off speed" if nothing[4].startswith("speed") else "can't do"
                slot = "L" if nothing[2] == "left" else "R"
                cards[s] = _set_status(cards[s], nothing[3], status, slot)
                focus = (s, nothing[3])
            elif acts:
                s = int(acts[1])
                cards[s] = _set_status(cards[s], acts[2], "acted")
                focus = (s, acts[2])
            elif cancelled:
                s = int(cancelled[2])
                cards[s] = _set_status(cards[s], cancelled[3], "CANCELLED")
                focus = (s, cancelled[3])
            step[:] = [len(lines) - 1, focus]
            continue
        if m := RE_ADVANCES.match(t):
            close_step()
            lines.append(shown)
            s = int(m[1])
            start, end = _where(now, m[2], t.split("->")[0]), _where(now, m[3], t)
            for p in range(start + 1, end + 1):
                pos[s] = p
                snap(SLIDE_SECONDS)
            step[:] = [len(lines) - 1, None]  # what the slide did (damage, speed) follows it
            continue
        if not step:
            step[:] = [len(lines), None]
        lines.append(shown)
        if m := RE_BOX.match(t):
            box[int(m[1])] = int(m[2]) - 1
        elif m := RE_HEALTH.match(t):
            hp[int(m[1])] = max(0, int(m[2]))
        elif m := RE_DESTROYED.match(t):
            s = int(m[1])
            box[s], hp[s] = 0, now.max_health(s)
        elif m := RE_MOVES.match(t):
            pos[int(m[1])] = _where(now, m[2], t)
        elif m := RE_TOKEN.search(t):
            tokens.add((int(m[2]), D.ICE if m[1] == "ice" else D.SPIKE))
        elif RE_ROUND.match(t):
            fresh = True
            tokens = set(now.tokens)
    close_step()
    final = Frame(
        tuple(now.position),
        tuple(now.box),
        tuple(now.health),
        tuple(now.tokens),
        tuple(cards),
        tuple(lines),
        HOLD_SECONDS,
        last=True,
    )
    frames.append(final)
    return _within_budget(frames)


def _focus_now(cards: Sequence[tuple], focus: tuple[int, str] | None) -> tuple[int, str, str, str] | None:
    """The card a step narrates as the cards turned over list it now: (seat, slot, name and
    effect, what became of it); None for no card (or the cards turning over together)."""
    if focus is None or focus[1] == "reveal":
        return None
    seat, name = focus
    for slot, text, status in cards[seat]:
        if (text == name or text.startswith(name + " (")) and status != "waiting":
            return (seat, slot, text, status)
    return None


def _within_budget(frames: list[Frame]) -> list[Frame]:
    """``frames`` with their waits shortened alike so that the whole reveal takes at most
    :data:`REVEAL_BUDGET` seconds at the default pace (no step under :data:`SHORTEST_STEP`, a
    sled's section under :data:`MIN_STEP`); the last frame keeps its hold."""
    total = sum(f.wait for f in frames)
    if total <= REVEAL_BUDGET:
        return frames
    hold = frames[-1].wait
    moving = total - hold
    scale = max(0.0, REVEAL_BUDGET - hold) / moving if moving else 1.0
    out = []
    for frame in frames[:-1]:
        floor = MIN_STEP if frame.wait <= SLIDE_SECONDS else SHORTEST_STEP
        out.append(attrs.evolve(frame, wait=max(min(frame.wait, floor), frame.wait * scale)))
    out.append(frames[-1])
    return out


def step_head(frame: Frame, index: int, count: int, part: RevealPart | None = None) -> str:
    """'STEP 4 OF 38' ('THE END: the table as it is now' last); for a part of a round,
    'PART 2, STEP 1 OF 13' (the status line names the round), and last 'END OF PART 1: THE
    ROUND GOES ON' or 'END OF ROUND 3: the table as it is now'."""
    if part is None or part.whole:
        if frame.last:
            return _("THE END: the table as it is now")
        return _("STEP {step} OF {steps}").format(step=index + 1, steps=count)
    if not frame.last:
        return _("PART {part}, STEP {step} OF {steps}").format(part=part.number, step=index + 1, steps=count)
    if part.goes_on:
        return _("END OF PART {part}: THE ROUND GOES ON").format(part=part.number)
    return _("END OF ROUND {round}: the table as it is now").format(round=part.round)


def step_text(frame: Frame, index: int, count: int, part: RevealPart | None = None) -> Text:
    """The step being played after its head (:func:`step_head`, in reverse video) on the same
    row: '> ' and the step's log line; the last frame of a part after which the round goes
    on says who decides next there."""
    out = Text()
    out.append(step_head(frame, index, count, part), style="bold reverse")
    if frame.last:
        line = part.next_text if part is not None and part.goes_on else ""
    else:
        # The step's own line (a card acting, a sled sliding); what followed from it (speed,
        # damage) is starred on the runners and listed with the earlier steps next.
        said = frame.lines[-frame.said :] if frame.lines and frame.said > 0 else frame.lines[-1:]
        line = said[0] if said else ""
    if line:
        out.append(" > " + line, style="bold")
    if frame.focus is not None and not frame.last:
        # The card narrated, as the list of cards turned over shows it: in sight at the top of
        # the board, also where that list is below the fold (80x24).
        from boardgames_tui.engine import seat_letter

        seat, slot, text, status = frame.focus
        out.append(f"\n{seat_letter(seat)} {slot} {_(status)}: ", style="bold")
        out.append(i18n.translate_parts(text))
    return out


def frame_cards_text(frame: Frame, seat_styles: Sequence[str], earlier: int) -> Group:
    """The cards turned over so far, one line each (slot, what became of it, the card),
    then up to ``earlier`` of the steps before the one being played."""
    from boardgames_tui.engine import seat_letter

    parts: list[Text] = [Text(_("CARDS TURNED OVER"), style="bold reverse")]
    for s, row in enumerate(frame.cards):
        for i, (slot, text, status) in enumerate(row):
            line = Text(no_wrap=True, overflow="ellipsis")
            line.append(seat_letter(s) if i == 0 else " ", style=seat_styles[s])
            line.append(f" {slot} ", style="bold")
            line.append(f"{_(status):<9} ", style="dim" if status == "waiting" else "bold")
            line.append(i18n.translate_parts(text))
            parts.append(line)
    if len(parts) == 1:
        parts.append(Text("  " + _("(no card this time)"), style="dim"))
    before = frame.lines[:-1] if not frame.last else frame.lines
    shown = before[-earlier:] if earlier > 0 else ()
    if shown:
        parts.append(Text(_("EARLIER STEPS"), style="bold reverse"))
        parts.extend(Text("- " + line) for line in shown)
    return Group(*parts)


class RevealPlayer:
    """Plays ``frames`` on ``board`` (``board.show_frame(frame, index, count)``), one after
    another at their own pace, on the game screen that holds the board; Space or Enter
    skips to the last frame (the game screen's "Skip to the end" key, live while this
    plays), and on the last frame moves on. The status line says which step is on show.
    When done it calls ``board.end_reveal()``, hands the keys back to the game screen and
    calls ``done()``.

    It used to be a transparent screen over the game: pushing it and taking it away cost
    Textual a layout and a drawing of the whole game screen each time.
    """

    def __init__(self, board: Any, frames: list[Frame], title: str, done: Callable[[], None]) -> None:
        self.board = board
        self.host = board.screen
        self.frames = frames
        self.title_text = title
        self.done = done
        self.index = -1
        self._finished = False
        self._timer: Any = None
        self.held = False

    def start(self) -> None:
        """Take the game screen's keys and show the first frame."""
        self.host.begin_interlude(self)
        self.step()

    def step(self) -> None:
        """Show the next frame (or finish after the last one)."""
        self._timer = None
        if self._finished:
            return
        if self.index + 1 >= len(self.frames):
            self.finish()
            return
        self.index += 1
        frame = self.frames[self.index]
        self.board.show_frame(frame, self.index, len(self.frames))
        if self.at_end:
            self.host.refresh_bindings()  # the footer's Space: "Go on" now, not "Skip to the end"
        if frame.last:
            self.host.show_status(_("{title}: the end  -  Space: go on").format(title=self.title_text))
        else:
            self.host.show_status(
                _("{title}: step {step} of {steps}  -  Space: skip to the end").format(
                    title=self.title_text, step=self.index + 1, steps=len(self.frames)
                )
            )
        if not self.held:
            # At pace 0 each step is still drawn once (a timer of 0 s would never fire).
            self._timer = self.host.set_timer(max(MIN_STEP, paced(frame.wait)), self.step)

    @property
    def at_end(self) -> bool:
        """Whether the last frame is on show (the next Space or Enter moves on)."""
        return self.index >= len(self.frames) - 1

    def hold(self, index: int) -> None:
        """Stop at frame ``index`` (for tests and screenshots): no timer runs on. The frame
        before it is drawn first, so that '*' marks what this step changed, as it does when
        the reveal plays through (not all that changed since the frame last on show)."""
        self.held = True
        self._stop_timer()
        if index > 0:
            self.board.show_frame(self.frames[index - 1], index - 1, len(self.frames))
        self.index = index - 1
        self.step()

    def skip(self) -> None:
        """Skip to the end: the table sees the last frame (the table as it is now) at once,
        for as long as a last frame stays; on the last frame already, the screen passes on.
        A frame held (:meth:`hold`) is let go: the last one runs out at the normal pace."""
        if self._finished:
            return
        if self.index >= len(self.frames) - 1:
            self.finish()
            return
        self._stop_timer()
        self.held = False
        self.index = len(self.frames) - 2
        self.step()

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def finish(self) -> None:
        if self._finished:
            return
        self._finished = True
        self._stop_timer()
        self.board.end_reveal()
        self.host.end_interlude(self)
        self.done()
