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
    Phase,
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
MINI_OFFSETS = (1, 3, 4, 6)  # one column left of the base for readability of the corners
MINI_W = 14  # a small pyramid's width in cells
CORNER_X = 13  # first free column right of the top slot
CHIEF = "*Chief"  # the Chief Penguin marker: never a lone letter, which reads as a seat


def short_slot(index: int) -> str:
    """'L2.1': level 2 (base = 1), slot 1, as printed beside the pyramid."""
    k = next(k for k in (3, 2, 1, 0) if index >= LEVEL_OFFSET[k])
    return f"L{k + 1}.{index - LEVEL_OFFSET[k] + 1}"


def cell_text(view: Any, seat: int, index: int) -> tuple[str, str]:
    """(4-char cell, style) of a pyramid slot: '[R3]', '[g5]', ' .. ' empty.

    Strength tokens are listed under the pyramid (``tokens_line``) and counted
    in the support rows; the cell itself stays plain to keep it readable.
    """
    pid = view.pyramids[seat][index]
    if pid < 0:
        return " .. ", "dim"
    grey = view.greys[seat][index]
    p = PENGUINS[pid]
    w = p.side(grey)[0]
    letter = "g" if grey else COLOUR_LETTERS[p.colour]
    return f"[{letter}{w}]", COLOUR_STYLE[-1 if grey else p.colour]


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
        line = Text()
        line.append(f"{k + 1} ", style="bold")
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


def name_line(view: Any, seat: int, names: Sequence[str], width: int, chief: bool = True) -> Text:
    """One line: 'C Carla *Chief 12' (letter, name, the Chief Penguin marker when
    ``chief`` and the seat holds it, score at the right), cut to ``width``."""
    score = str(view.scores()[seat])
    mark = f" {CHIEF}" if chief and view.chief == seat else ""
    room = width - len(score) - 1 - len(mark)
    name = f"{seat_letter(seat)} {names[seat]}"[:room]
    out = Text()
    out.append(name, style="bold")
    if mark:
        out.append(" ")
        out.append(CHIEF, style="reverse bold")
    out.append(" " * (width - len(name) - len(mark) - len(score)))
    out.append(score)
    return out


def own_header(view: Any, seat: int, names: Sequence[str], width: int) -> tuple[Text, list[Text]]:
    """The full pyramid's title line ('A Ana *Chief  7') and its corner lines ('12-45', 'tok 1')."""
    return name_line(view, seat, names, width), [Text(cards_strip(view, seat)), Text(f"tok {view.held_tokens[seat]}")]


def token_spots(view: Any, seat: int) -> list[str]:
    """Where ``seat``'s strength tokens sit: ['L1.1 right', 'L1.2 left x2']."""
    tok = view.tokens[seat]
    out = []
    for slot in range(SLOTS):
        for arm, name in ((0, "left"), (1, "right")):
            n = tok[2 * slot + arm]
            if n:
                out.append(f"{short_slot(slot)} {name}" + (f" x{n}" if n > 1 else ""))
    return out


def tokens_line(view: Any, seat: int, width: int = 18) -> Text:
    """'Tokens: L1.1 right,' / 'L1.2 left x2' (strength tokens on arms), broken
    between spots to fit ``width``; empty without tokens."""
    spots = token_spots(view, seat)
    if not spots:
        return Text()
    return wrapped_list("Tokens:", spots, width)


def wrapped_list(title: str, items: Sequence[str], width: int) -> Text:
    """``title`` in bold, then ``items`` separated by commas, breaking lines between items at ``width``."""
    out = Text(title, style="bold")
    used = len(title)
    for n, item in enumerate(items):
        piece = item + ("," if n < len(items) - 1 else "")
        if used + 1 + len(piece) > width:
            out.append("\n")
            used = 0
        else:
            out.append(" ")
            used += 1
        out.append(piece)
        used += len(piece)
    return out


def mini_pyramid(view: Any, seat: int, names: Sequence[str], width: int = MINI_W, supports: bool = False) -> Text:
    """A compact pyramid: the name line ('C Carla     5'), then 4 rows of 2-char cells
    ('R3', 'g5', '..'), top first. Left of the top slot '*Chief' when the seat holds
    the Chief Penguin; right of it the action cards ('12-45') and, right of the next
    row, the tokens held ('tok1'). A '+' between two penguins of a level: strength
    token(s) on their facing arms, which hold the slot above.

    With ``supports``, a row under each upper level gives, under each slot whose two
    supporters are placed, the arm strength holding it (tokens included)."""
    out = name_line(view, seat, names, width, chief=False)
    out.append("\n")
    pyr, tok = view.pyramids[seat], view.tokens[seat]
    rows: list[Text] = []
    for k in (3, 2, 1, 0):
        if supports and k < 3:
            sup = Text(" " * MINI_OFFSETS[k + 1])
            for i in range(LEVEL_SIZES[k + 1]):
                have = support_of(pyr, view.greys[seat], tok, LEVEL_OFFSET[k + 1] + i)
                sup.append(f"{'' if have is None else have:>2}" + (" " if i < LEVEL_SIZES[k + 1] - 1 else ""))
            sup.rstrip()
            rows.append(sup)
        line = Text(" " * MINI_OFFSETS[k])
        for i in range(LEVEL_SIZES[k]):
            idx = LEVEL_OFFSET[k] + i
            pid = pyr[idx]
            if pid < 0:
                line.append("..", style="dim")
            else:
                grey = view.greys[seat][idx]
                p = PENGUINS[pid]
                letter = "g" if grey else COLOUR_LETTERS[p.colour]
                line.append(f"{letter}{p.side(grey)[0]}", style=COLOUR_STYLE[-1 if grey else p.colour])
            if i < LEVEL_SIZES[k] - 1:
                line.append("+" if tok[2 * idx + 1] or tok[2 * (idx + 1)] else " ", style="bold")
        rows.append(line)
    top, second = rows[0], rows[1]
    if view.chief == seat:
        marked = Text()
        marked.append(CHIEF[1:], style="reverse bold")
        marked.append_text(top[len(CHIEF) - 1 :])
        top = marked
    top.pad_right(width - 5 - len(top))
    top.append(cards_strip(view, seat))
    held = f"tok{view.held_tokens[seat]}"
    second.pad_right(width - len(held) - len(second))
    second.append(held)
    rows[0], rows[1] = top, second
    out.append_text(Text("\n").join(rows))
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
    if view.phase == Phase.CHOOSE:
        waiting = [seat_letter(s) for s in range(view.n) if view.chosen[s] == 0]
        out.append(" choosing " + " ".join(waiting) if waiting else "")
        if me is not None and view.chosen[me] > 0:
            out.append(f" (you: {view.chosen[me]})", style="bold")
    if view.phase == Phase.TURN:
        out.append(" order ")
        for n, s in enumerate(view.order):
            if n:
                out.append(" ")
            style = "bold reverse" if n == view.turn else ("dim" if n < view.turn else "")
            out.append(f"{seat_letter(s)}{view.chosen[s]}", style=style)
    return out


def goals_line(view: Any, width: int = 48) -> Text:
    """'Goals: Twin Peaks 4, Neighbours 3, Solid Base 3' (names and points of the
    three goal cards), wrapped between goals onto a second line when wider than ``width``."""
    return wrapped_list("Goals:", [f"{GOALS[g].name} {GOALS[g].points}" for g in view.goals], width)


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
    " hold the slot above, tokens included (a small pyramid shows their sum). R2+R3 in a small"
    " pyramid: strength tokens on those facing arms. 12-45: action cards in hand, - played;"
    " tok: tokens held. *Chief: holds the Chief Penguin."
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
