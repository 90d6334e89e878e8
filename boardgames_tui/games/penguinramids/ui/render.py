"""Text drawing for the Penguinramids board: pure functions from a view to Rich Text.

Everything here reads only the view handed to the board (never the full
state). Meaning never rests on colour alone: colours are written as letters
(R B Y P, g for a grey side), highlights also use reverse or underline.
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text

from boardgames_tui.engine import seat_letter

from ..data import ACTION_NAMES, COLOUR_LETTERS, GOALS, LEVEL_OFFSET, LEVEL_SIZES, PENGUINS, ROUNDS, SLOTS
from ..rules import (
    ChooseCard,
    Discard,
    EndTurn,
    Flip,
    Place,
    PlaceToken,
    Recover,
    Swap,
    Take,
    TakeChief,
    TakeToken,
    penguin_label,
    support_of,
)

#: Rich styles per colour index; grey (-1) is dim. Colour only doubles the letter.
COLOUR_STYLE = {0: "red", 1: "blue", 2: "yellow", 3: "magenta", -1: "dim"}
HILITE = "reverse bold"
CELL_W = 4  # "[R3]"
STRIDE = 4
MINI_OFFSETS = (0, 2, 3, 5)
CORNER_X = 13  # first free column right of the top slot


def short_slot(index: int) -> str:
    """'L2.1': level 2 (base = 1), slot 1, as printed beside the pyramid."""
    k = next(k for k in (3, 2, 1, 0) if index >= LEVEL_OFFSET[k])
    return f"L{k + 1}.{index - LEVEL_OFFSET[k] + 1}"


def cell_text(view: Any, seat: int, index: int) -> tuple[str, str]:
    """(4-char cell, style) of a pyramid slot: '[R3]', '[g5]', ' .. ' empty.

    A '+' replaces a bracket on the side of an arm carrying strength tokens.
    """
    pid = view.pyramids[seat][index]
    if pid < 0:
        return " .. ", "dim"
    grey = view.greys[seat][index]
    p = PENGUINS[pid]
    w = p.side(grey)[0]
    letter = "g" if grey else COLOUR_LETTERS[p.colour]
    tok = view.tokens[seat]
    left = "+" if tok[2 * index] else "["
    right = "+" if tok[2 * index + 1] else "]"
    return f"{left}{letter}{w}{right}", COLOUR_STYLE[-1 if grey else p.colour]


def _arm_digit(view: Any, seat: int, index: int, right: bool) -> str:
    pid = view.pyramids[seat][index]
    if pid < 0:
        return "."
    _, left, r = PENGUINS[pid].side(view.greys[seat][index])
    return str((r if right else left) + view.tokens[seat][2 * index + (1 if right else 0)])


def cards_strip(view: Any, seat: int) -> str:
    """'12-45': action cards 1-5, a dash for each played (spent) one."""
    hand = view.hands[seat]
    return "".join(str(c) if c in hand else "-" for c in range(1, 6))


def pyramid_text(
    view: Any,
    seat: int,
    *,
    highlight: dict[int, str] | None = None,
    marks: dict[int, str] | None = None,
    corner: Sequence[Text] = (),
) -> Text:
    """The full pyramid of ``seat``: 4 levels (top first, numbered at the left) with a
    support row under each upper level showing the two arm strengths ('2+1') that
    hold each slot (right arm of the penguin below-left + left arm of the one below-right).

    ``highlight`` maps a slot to a 4-char replacement drawn reversed (a preview);
    ``marks`` maps an empty slot to a 4-char marker (legal slots: ' ok ');
    ``corner`` holds up to two short lines drawn right of the top slot (from column 13).
    """
    highlight = highlight or {}
    marks = marks or {}
    out = Text()
    rows: list[Text] = []
    for k in (3, 2, 1, 0):
        line = Text(f"{k + 1} ", style="bold")
        line.append(" " * (STRIDE // 2 * k))
        for i in range(LEVEL_SIZES[k]):
            idx = LEVEL_OFFSET[k] + i
            if idx in highlight:
                line.append(highlight[idx], style=HILITE)
            elif idx in marks and view.pyramids[seat][idx] < 0:
                line.append(marks[idx], style="bold underline")
            else:
                text, style = cell_text(view, seat, idx)
                line.append(text, style=style)
        rows.append(line)
        if k > 0:
            sup = Text("  " + " " * (STRIDE // 2 * k))
            for i in range(LEVEL_SIZES[k]):
                lo = LEVEL_OFFSET[k - 1] + i
                a = _arm_digit(view, seat, lo, True)
                b = _arm_digit(view, seat, lo + 1, False)
                sup.append(f"{a}+{b} " if (a != "." or b != ".") else "    ", style="dim" if "." in (a, b) else "")
            sup.rstrip()
            rows.append(sup)
    for row, extra in zip(rows, corner):
        row.pad_right(CORNER_X - len(row))
        row.append_text(extra)
    return Text("\n").join(rows)


def seat_header(view: Any, seat: int, names: Sequence[str], width: int) -> Text:
    """Two lines: 'B Beto   C 12' (letter, name, C for the Chief Penguin, score) and
    'cards 12-45 tok 1' (action cards, a dash per played one; strength tokens held)."""
    chief = "C" if view.chief == seat else " "
    score = str(view.scores()[seat])
    name = f"{seat_letter(seat)} {names[seat]}"[: width - len(score) - 3]
    out = Text(f"{name:<{width - len(score) - 2}}", style="bold")
    out.append(chief, style="reverse bold" if chief == "C" else "")
    out.append(f" {score}\n")
    cards = cards_strip(view, seat)
    out.append(f"{cards} tok {view.held_tokens[seat]}" if width < 17 else f"cards {cards} tok {view.held_tokens[seat]}")
    return out


def own_header(view: Any, seat: int, names: Sequence[str], width: int) -> tuple[Text, list[Text]]:
    """The full pyramid's title line ('A Ana  C 7') and its corner lines ('12-45', 'tok 1')."""
    head = seat_header(view, seat, names, width).split("\n")[0]
    return head, [Text(cards_strip(view, seat)), Text(f"tok {view.held_tokens[seat]}")]


def mini_pyramid(view: Any, seat: int, names: Sequence[str], width: int = 13, supports: bool = False) -> Text:
    """A compact pyramid: the seat header, then 4 rows of 2-char cells ('R3', 'g5', '..').

    With ``supports``, a row under each upper level gives, under each slot whose two
    supporters are placed, the arm strength holding it (tokens included)."""
    out = seat_header(view, seat, names, width)
    out.append("\n")
    for k in (3, 2, 1, 0):
        if supports and k < 3:
            sup = Text(" " * MINI_OFFSETS[k + 1])
            for i in range(LEVEL_SIZES[k + 1]):
                have = support_of(view.pyramids[seat], view.greys[seat], view.tokens[seat], LEVEL_OFFSET[k + 1] + i)
                sup.append(f"{'' if have is None else have:>2}" + (" " if i < LEVEL_SIZES[k + 1] - 1 else ""))
            sup.rstrip()
            out.append(sup)
            out.append("\n")
        line = Text(" " * MINI_OFFSETS[k])
        for i in range(LEVEL_SIZES[k]):
            idx = LEVEL_OFFSET[k] + i
            pid = view.pyramids[seat][idx]
            if pid < 0:
                line.append("..", style="dim")
            else:
                grey = view.greys[seat][idx]
                p = PENGUINS[pid]
                letter = "g" if grey else COLOUR_LETTERS[p.colour]
                line.append(f"{letter}{p.side(grey)[0]}", style=COLOUR_STYLE[-1 if grey else p.colour])
            if i < LEVEL_SIZES[k] - 1:
                line.append(" ")
        out.append(line)
        out.append("\n")
    out.rstrip()
    return out


def offer_text(view: Any, highlight: int | None = None) -> Text:
    """The revealed penguins still on offer: 'Offer: R3 2|1  B1 2|2' (weight, left|right arm)."""
    out = Text("Offer: ", style="bold")
    if not view.revealed:
        out.append("none", style="dim")
    for n, pid in enumerate(view.revealed):
        if n:
            out.append("  ")
        label = penguin_label(pid)
        style = COLOUR_STYLE[PENGUINS[pid].colour]
        out.append(label, style=HILITE if pid == highlight else style)
    out.append(f"   deck {len(view.deck)}", style="dim")
    return out


def status_line(view: Any, names: Sequence[str], me: int | None = None) -> Text:
    """Round, Chief Penguin holder, token supply, who is still choosing (and, for ``me``
    only, the card ``me`` chose) or, once the cards are revealed, the turn order."""
    out = Text(f"Round {min(view.round, ROUNDS)}/{ROUNDS}", style="bold")
    out.append(f" Chief {seat_letter(view.chief)} tokens {view.supply}")
    if view.phase == "choose":
        waiting = [seat_letter(s) for s in range(view.n) if view.chosen[s] == 0]
        out.append(" choosing " + " ".join(waiting) if waiting else "")
        if me is not None and view.chosen[me] > 0:
            out.append(f" (you: {view.chosen[me]})", style="bold")
    if view.phase == "turn":
        out.append(" order ")
        for n, s in enumerate(view.order):
            if n:
                out.append(" ")
            style = "bold reverse" if n == view.turn else ("dim" if n < view.turn else "")
            out.append(f"{seat_letter(s)}{view.chosen[s]}", style=style)
    return out


def goals_line(view: Any, width: int = 48) -> Text:
    """'Goals: Twin Peaks 4, Neighbours 3, Solid Base 3' (names and points); the
    label is dropped when the line would not fit ``width``."""
    names = ", ".join(f"{GOALS[g].name} {GOALS[g].points}" for g in view.goals)
    out = Text("Goals: " if len(names) + 7 <= width else "", style="bold")
    out.append(names)
    return out


def goals_text(view: Any) -> Text:
    """The three goal cards in play: name, points and condition."""
    out = Text()
    for n, g in enumerate(view.goals):
        goal = GOALS[g]
        if n:
            out.append("\n")
        out.append(f"{goal.name} {goal.points}: ", style="bold")
        out.append(goal.text)
    return out


LEGEND = (
    "[R3] Red weight 3 (R B Y P; g grey side). 2+1: right arm below-left + left arm below-right"
    " hold the slot above (a small pyramid shows their sum). + by a penguin: token on that arm."
    " 12-45: action cards in hand, - played. C: Chief Penguin."
)


def action_label(view: Any, seat: int | None, action: Any) -> str:
    """Chooser text of an action, with what it does in numbers."""
    if isinstance(action, ChooseCard):
        return f"card {action.number} {ACTION_NAMES[action.number]}: {_CARD_HINT[action.number]}"
    if isinstance(action, Take):
        return f"take {penguin_label(action.penguin)}  (grey side {penguin_label(action.penguin, True)})"
    if isinstance(action, Place) and seat is not None:
        have = support_of(view.pyramids[seat], view.greys[seat], view.tokens[seat], action.slot)
        where = short_slot(action.slot)
        if have is None:
            return f"place on {where} (base)"
        return f"place on {where} (arms hold {have})"
    if isinstance(action, Flip) and seat is not None:
        pid = view.pyramids[seat][action.slot]
        return f"flip {short_slot(action.slot)} {penguin_label(pid)} -> {penguin_label(pid, True)}"
    if isinstance(action, Swap):
        return f"swap {penguin_label(action.penguin)} for the deck top"
    if isinstance(action, PlaceToken):
        return f"token on {short_slot(action.slot)} {action.arm} arm"
    if isinstance(action, TakeChief):
        return "take the Chief Penguin (action 1)"
    if isinstance(action, Recover):
        return "take back played cards (action 4)"
    if isinstance(action, TakeToken):
        return "take a strength token (action 5)"
    if isinstance(action, Discard):
        return "discard it: it fits nowhere"
    if isinstance(action, EndTurn):
        return "end my turn (keep my tokens)"
    if type(action).__name__ == "Pass":
        return "skip the action, end the turn"
    return str(action)


_CARD_HINT = {
    1: "take the Chief Penguin",
    2: "turn a penguin grey",
    3: "an offer for the deck top",
    4: "take back played cards",
    5: "take a strength token",
}


def why_not_lines(view: Any, seat: int, pid: int) -> list[str]:
    """For penguin ``pid``: the empty slots it cannot use and why ('L2.1 needs 5 strength, has 3').
    Slots still waiting for penguins below, or off the base row, are left out."""
    lines = []
    for s in range(SLOTS):
        if view.pyramids[seat][s] >= 0:
            continue
        why = view.slot_problem(seat, s, pid)
        if why is None:
            continue
        if not why.startswith("needs ") or "strength" not in why:
            continue
        lines.append(f"{short_slot(s)} {why}")
    return lines
