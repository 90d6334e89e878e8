"""Drawing for the Penguinramids board: pure functions from a view to a canvas or Rich Text.

Everything here reads only the view handed to the board (never the full
state). Meaning never rests on colour alone: colours are written as letters
(R B Y P, g for a grey side), highlights also use reverse or underline.

The pieces, as at the table:

- a **tile** per penguin in your pyramid: its colour letter and weight in the
  middle, its two arm strengths on its top corners (the arms hold the
  penguins above; the two facing arms under a tile meet at the junction just
  below it); an arm with strength tokens on it is underlined;
- a **small pyramid** per other player, one line per level, each penguin as
  ``1R32`` (left arm 1, Red weight 3, right arm 2);
- the **offer** as cards: the colour side on top with its arms on the top
  corners, the grey side on the bottom edge (``1g5─2``: arms 1 and 2, weight 5);
- your **action cards** as a strip of five cards, a played one shown as ``·``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich.text import Text

from boardgames_tui import i18n
from boardgames_tui.engine import seat_letter
from boardgames_tui.i18n import N_, _
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.fit import fit_name

from ..data import (
    ACTION_NAMES,
    COLOUR_LETTERS,
    COLOURS,
    GOALS,
    LEVEL_OFFSET,
    LEVEL_SIZES,
    PENGUINS,
    ROUNDS,
    SLOTS,
)
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
    support_of,
)
from ..rules import penguin_label as english_penguin_label

#: Rich styles per colour index; grey (-1) is dim. Colour only doubles the letter.
#: Each penguin colour drawn in a colour a player calls by the same name. Named terminal
#: colours ("blue", "magenta") came out violet and pink-red through Textual's theme, too close
#: to the others; these are reduced to the nearest of 16 colours where the terminal has no more.
COLOUR_STYLE = {0: "bold #e8453c", 1: "bold #3d8bfd", 2: "bold #e8c21a", 3: "bold #b45cf0", -1: "bold"}
HILITE = "reverse bold"
TOKEN_MARK = "underline bold"  # an arm digit that includes strength tokens
MINI_STRIDE = 6  # columns from one penguin to the next in a small pyramid ("1R32" and a gap)
MINI_W = 25  # a small pyramid with its labels
CHIEF = "Chief"  # the Chief Penguin marker: a word, never a lone letter that reads as a seat


def short_slot(index: int) -> str:
    """'L2.1': level 2 (base = 1), slot 1, as the chooser and the notes name slots."""
    k = next(k for k in (3, 2, 1, 0) if index >= LEVEL_OFFSET[k])
    return f"L{k + 1}.{index - LEVEL_OFFSET[k] + 1}"


def face(view: Any, seat: int, index: int) -> tuple[int, int, int, int, bool] | None:
    """(colour or -1 for grey, weight, left arm, right arm, grey) of a pyramid slot,
    arms with their strength tokens; None for an empty slot."""
    pid = view.pyramids[seat][index]
    if pid < 0:
        return None
    grey = view.greys[seat][index]
    p = PENGUINS[pid]
    w, left, right = p.side(grey)
    tok = view.tokens[seat]
    return (-1 if grey else p.colour, w, left + tok[2 * index], right + tok[2 * index + 1], grey)


#: The colours' letters in the language shown, in the order of ``data.COLOURS`` (Red, Blue,
#: Yellow, Purple): each a letter of its colour's name, no two alike ("RZAM" in Spanish: rojo,
#: aZul, amarillo, morado).
COLOUR_LETTERS_SHOWN = N_("RBYP")


def colour_letters() -> str:
    """The four colour letters in the current language (English ones if a catalogue has not four)."""
    letters = _(COLOUR_LETTERS_SHOWN)
    ok = len(letters) == len(COLOUR_LETTERS) and len(set(letters)) == len(letters) and "g" not in letters
    return letters if ok else "".join(COLOUR_LETTERS)


def letter(colour: int) -> str:
    """'R', 'B', 'Y', 'P' (in Spanish 'R', 'Z', 'A', 'M'), or 'g' for a grey side."""
    return "g" if colour < 0 else colour_letters()[colour]


def penguin_label(pid: int, grey: bool = False) -> str:
    """A penguin's short face in the language shown: 'R5 1|2' (Spanish 'Z5 1|2' for a blue one)."""
    return shown_face(english_penguin_label(pid, grey))


_FACE = re.compile(r"(?<![A-Za-z])([RBYP])(\d)(?![A-Za-z])")


def shown_face(text: str) -> str:
    """``text`` (as the rules write it) with each penguin face's English colour letter ('B5',
    '1B32') in the current language's ('Z5', '1Z32'); English: unchanged."""
    letters = colour_letters()
    if letters == "".join(COLOUR_LETTERS):
        return text
    return _FACE.sub(lambda m: letters[COLOUR_LETTERS.index(m.group(1))] + m.group(2), text)


_WHOLE_FACE = re.compile(r"[RBYP]\d(?: \d\|\d)?")


@i18n.value_form
def _face_value(value: str) -> str | None:
    """A value of an engine text that is a penguin's face alone ("B5 1|2"), in the letters shown."""
    return shown_face(value) if _WHOLE_FACE.fullmatch(value) else None


def cards_strip(view: Any, seat: int) -> str:
    """'12-45': action cards 1-5, a dash for each played (spent) one."""
    hand = view.hands[seat]
    return "".join(str(c) if c in hand else "-" for c in range(1, 6))


# ---- your pyramid: tiles ---------------------------------------------------------------


class TileSize:
    """Tile geometry: ``inner`` columns inside a tile, ``rows`` content rows.

    Small (80x24): 5 columns, one row ('R3'); large: 7 columns, two rows (the
    colour's name over the weight). A pyramid is ``4 * (inner + 1) + 1``
    columns wide and ``4 * (rows + 1) + 1`` rows tall.
    """

    def __init__(self, large: bool = False) -> None:
        self.inner = 7 if large else 5
        self.rows = 2 if large else 1
        self.large = large

    @property
    def stride(self) -> int:
        return self.inner + 1

    @property
    def width(self) -> int:
        return 4 * self.stride + 1

    @property
    def height(self) -> int:
        return 4 * (self.rows + 1) + 1


def slot_origin(size: TileSize, index: int) -> tuple[int, int]:
    """(column, row) of the top-left corner of slot ``index``'s tile, from the pyramid's corner."""
    k = next(k for k in (3, 2, 1, 0) if index >= LEVEL_OFFSET[k])
    i = index - LEVEL_OFFSET[k]
    return k * size.stride // 2 + i * size.stride, (3 - k) * (size.rows + 1)


def draw_pyramid(
    c: Canvas,
    view: Any,
    seat: int,
    x: int,
    y: int,
    size: TileSize,
    *,
    highlight: dict[int, str] | None = None,
    marks: dict[int, str] | None = None,
    colour: bool = True,
) -> None:
    """Draw ``seat``'s pyramid as tiles with its top-left corner at ``(x, y)``.

    ``highlight`` maps a slot to a penguin text ('R3') drawn in reverse video
    (what a previewed action puts there); with its arms ('R3 2|1') those go on
    the tile's top corners, plus the slot's strength tokens, as on any other
    tile (a penguin not yet placed, or the grey side a flip shows, has arms the
    view does not know yet). ``marks`` maps an empty slot to a
    short marker ('ok': the highlighted penguin fits there). Empty slots are
    dim outlines with a dot.
    """
    highlight = highlight or {}
    marks = marks or {}
    filled = [i for i in range(SLOTS) if view.pyramids[seat][i] >= 0 or i in highlight]
    for group, style in (([i for i in range(SLOTS) if i not in filled], "dim"), (filled, "")):
        for i in group:
            ox, oy = slot_origin(size, i)
            c.box(x + ox, y + oy, size.stride + 1, size.rows + 2, style)
    mid = y + size.rows // 2 + 1
    for i in range(SLOTS):
        ox, oy = slot_origin(size, i)
        cx, cy = x + ox + 1, mid + oy - size.rows // 2
        f = face(view, seat, i)
        shown, arms = split_arms(highlight[i]) if i in highlight else ("", None)
        if f is not None or arms is not None:
            tok = view.tokens[seat]
            left, right = (arms[0] + tok[2 * i], arms[1] + tok[2 * i + 1]) if arms else (f[2], f[3])  # type: ignore[index]  # f is set when arms is not
            c.put(x + ox + 1, y + oy, str(left), TOKEN_MARK if tok[2 * i] else "")
            c.put(x + ox + size.stride - 1, y + oy, str(right), TOKEN_MARK if tok[2 * i + 1] else "")
        if i in highlight:
            for n, part in enumerate(shown.split("/")[: size.rows]):
                c.put(cx, cy + n, part.center(size.inner), HILITE)
            continue
        if f is None:
            mark = marks.get(i)
            c.put(
                cx,
                cy + (size.rows - 1),
                (mark or "·").center(size.inner),
                "bold underline" if mark else "dim",
            )
            continue
        col, w, _left, _right, _grey = f
        style = COLOUR_STYLE[col] if colour else "bold"
        if size.large:
            c.put(cx, cy, _("grey" if col < 0 else COLOURS[col]).center(size.inner), style)
            c.put(cx, cy + 1, _("wt {weight}").format(weight=w).center(size.inner), "bold")
        else:
            c.put(cx, cy, f"{letter(col)}{w}".center(size.inner), style)


def split_arms(text: str) -> tuple[str, tuple[int, int] | None]:
    """'P3 2|2' -> ('P3', (2, 2)): a penguin's face and its left|right arms; a text
    without arms ('P3') comes back whole with None."""
    head, _sep, tail = text.rpartition(" ")
    left, bar, right = tail.partition("|")
    if head and bar and left.isdigit() and right.isdigit():
        return head, (int(left), int(right))
    return text, None


# ---- the other players: small pyramids ------------------------------------------------


def draw_mini(
    c: Canvas,
    view: Any,
    seat: int,
    names: Sequence[str],
    x: int,
    y: int,
    colour: bool = True,
    scores: Sequence[int] | None = None,
) -> None:
    """``seat``'s small pyramid in 4 rows at ``(x, y)``, top level first.

    Each penguin is ``1R32`` (left arm, colour letter, weight, right arm; an
    arm with strength tokens underlined), an empty slot ``··``. Around the
    top: the seat's letter and name at the left, its score ('7pt') and the
    Chief Penguin marker at the right; beside the second level its action
    cards ('12-45', '-' played) and its held strength tokens ('tok1').
    ``scores``: ``view.scores()`` when the caller has it already.
    """
    for k in (3, 2, 1, 0):
        row = y + 3 - k
        for i in range(LEVEL_SIZES[k]):
            idx = LEVEL_OFFSET[k] + i
            px = x + k * MINI_STRIDE // 2 + i * MINI_STRIDE
            f = face(view, seat, idx)
            if f is None:
                c.put(px, row, " ·· ", "dim")
                continue
            col, w, left, right, _grey = f
            tok = view.tokens[seat]
            c.put(px, row, str(left), TOKEN_MARK if tok[2 * idx] else "dim")
            c.put(px + 1, row, f"{letter(col)}{w}", COLOUR_STYLE[col] if colour else "bold")
            c.put(px + 3, row, str(right), TOKEN_MARK if tok[2 * idx + 1] else "dim")
    acting = view.phase == Phase.TURN and view.current == seat
    c.put(x, y, seat_letter(seat), "bold reverse" if acting else "bold")
    c.put(x + 2, y, fit_name(names[seat], 6), "bold")
    score = _("{points}pt").format(points=(view.scores() if scores is None else scores)[seat])
    c.put(x + 14, y, score)
    if view.chief == seat:
        c.put(x + 15 + len(score), y, _(CHIEF), "reverse bold")
    c.put(x, y + 1, cards_strip(view, seat))
    c.put(x + 17, y + 1, _("tok{count}").format(count=view.held_tokens[seat]))


# ---- cards --------------------------------------------------------------------------------


def draw_penguin_card(c: Canvas, pid: int, x: int, y: int, hilite: bool = False, colour: bool = True) -> None:
    """A revealed penguin as a 7x3 card: colour side in the middle ('R3') with its
    arms on the top corners; the grey side on the bottom edge ('1g5─2')."""
    p = PENGUINS[pid]
    c.box(x, y, 7, 3)
    c.put(x + 1, y, str(p.left))
    c.put(x + 5, y, str(p.right))
    c.put(
        x + 1,
        y + 1,
        f" {letter(p.colour)}{p.weight}  ",
        HILITE if hilite else (COLOUR_STYLE[p.colour] if colour else "bold"),
    )
    c.put(x + 1, y + 2, f"{p.grey_left}g{p.grey_weight}", "dim")
    c.put(x + 5, y + 2, str(p.grey_right), "dim")


def draw_action_cards(c: Canvas, view: Any, seat: int, x: int, y: int, large: bool = False) -> None:
    """``seat``'s five action cards as a strip of cards: the number of each card in hand,
    '·' for a played one, the card chosen this round (seen by its owner) in reverse;
    large: each card also names its action."""
    hand = view.hands[seat]
    chosen = view.chosen[seat] if seat is not None else 0
    width = 10 if large else 2
    for n in range(1, 6):
        cx = x + (n - 1) * width
        c.box(cx, y, width + 1, 3)
        text = (f"{n} {_(ACTION_NAMES[n])}" if large else str(n)) if n in hand or n == chosen else "·"
        style = HILITE if n == chosen and chosen > 0 else ("bold" if n in hand else "dim")
        c.put(cx + 1, y + 1, text[: width - 1].ljust(width - 1) if large else text, style)


# ---- the whole table --------------------------------------------------------------------


def status_line(view: Any, names: Sequence[str], me: int | None = None) -> Text:
    """Round, deck, token supply, who is still choosing (and, for ``me`` only, the
    card ``me`` chose) or, once the cards are revealed, the turn order (the seat
    playing in reverse video)."""
    out = Text(_("Round {round}/{rounds}").format(round=min(view.round, ROUNDS), rounds=ROUNDS), style="bold")
    out.append(" " + _("deck {cards} tokens {tokens}").format(cards=len(view.deck), tokens=view.supply))
    if view.phase == Phase.CHOOSE:
        waiting = [seat_letter(s) for s in range(view.n) if view.chosen[s] == 0]
        out.append(" " + _("choosing {seats}").format(seats=" ".join(waiting)) if waiting else "")
        if me is not None and view.chosen[me] > 0:
            out.append(" " + _("(you: {card})").format(card=view.chosen[me]), style="bold")
    if view.phase == Phase.TURN:
        out.append(" " + _("order") + " ")
        for n, s in enumerate(view.order):
            if n:
                out.append(" ")
            style = "bold reverse" if n == view.turn else ("dim" if n < view.turn else "")
            out.append(f"{seat_letter(s)}{view.chosen[s]}", style=style)
    return out


def draw_table(*args: Any, **options: Any) -> Text:
    """The table as Rich Text: :func:`table_canvas` (same arguments) as one Text."""
    return table_canvas(*args, **options).text()


def table_canvas(
    view: Any,
    names: Sequence[str],
    focus: int,
    me: int | None,
    width: int,
    *,
    large: bool = False,
    highlight: dict[int, str] | None = None,
    marks: dict[int, str] | None = None,
    offer_hi: int | None = None,
    colour: bool = True,
) -> Canvas:
    """The table drawn on a :class:`Canvas` ``width`` columns wide (the board hands its rows
    to the screen as strips: :meth:`Canvas.strips`).

    Top line: round, deck, tokens left, turn order. Left: ``focus``'s pyramid
    as tiles (its name and score, the Chief Penguin and the held tokens in
    its top corners), the goal cards under it. Right: every other player's
    small pyramid. Bottom: the offer as cards, ``focus``'s action cards
    (only when ``focus`` is ``me``: the card chosen in secret is theirs alone).
    """
    size = TileSize(large)
    others = [s for s in range(view.n) if s != focus]
    right_x = size.width + 1
    mini_h = 5 if large else 4
    minis_end = 1 + len(others) * mini_h - (1 if large else 0)
    show_cards = me is not None and me == focus
    # Where the goals, the offer and the action cards go: under the pyramid on a
    # crowded small table; beside it, under the small pyramids, when 2-3 play.
    goals_x, cards_x = 0, 6 + 4 * 7
    if large:  # the goals' conditions need the full width: under both columns
        goals_y = max(1 + size.height, minis_end) + 1
        offer_y = goals_y + 3
        cards_y, cards_x = offer_y + 3 if view.revealed else offer_y, 0
    elif len(others) <= 2:
        goals_x, goals_y = right_x + 2, minis_end
        offer_y = 1 + size.height
        cards_x, cards_y = right_x + 1, goals_y + 3
    else:
        goals_y = 1 + size.height
        offer_y = cards_y = max(goals_y + 3, minis_end)
    height = max(offer_y + (3 if view.revealed else 0), cards_y + (3 if show_cards else 0))
    c = Canvas(width, height)
    c.put(0, 0, status_line(view, names, me))
    if large:
        highlight = {slot: _large_face(text) for slot, text in (highlight or {}).items()}
    draw_pyramid(c, view, focus, 0, 1, size, highlight=highlight, marks=marks, colour=colour)
    # Top corners of the pyramid: who it is, points, the Chief Penguin, tokens held.
    c.put(
        0,
        1,
        seat_letter(focus),
        "bold reverse" if view.phase == Phase.TURN and view.current == focus else "bold",
    )
    c.put(2, 1, fit_name(names[focus], size.width // 2 - 6), "bold")
    scores = view.scores()  # once for every pyramid drawn (it scores the goals of each)
    c.put(0, 2, _("{points} pts").format(points=scores[focus]))
    corner = size.width // 2 + size.stride // 2 + 2
    if view.chief == focus:
        c.put(corner, 1, _(CHIEF), "reverse bold")
    c.put(corner, 2, _("tok {count}").format(count=view.held_tokens[focus]))
    placed = sum(view.tokens[focus])
    if placed:
        c.put(
            0, 4, _("+{count}tok").format(count=placed), "bold"
        )  # strength tokens on the arms (underlined digits)
    # The goal cards (a goal the pyramid meets now is marked 'met').
    met = set(view.goals_met(focus)) if hasattr(view, "goals_met") else set()
    for n, g in enumerate(view.goals):
        goal = GOALS[g]
        line = Text(f"{_(goal.name)} {goal.points}", style="bold")
        if large:
            line.append(f": {_(goal.text)}", style="")
        if g in met:
            line.append(" met", style="reverse")
        c.put(goals_x, goals_y + n, line)
    # The other players.
    for n, s in enumerate(others):
        draw_mini(c, view, s, names, right_x, 1 + n * mini_h, colour, scores)
    # The offer and the action cards.
    if view.revealed:
        c.put(0, offer_y + 1, _("Offer"), "bold")
        for n, pid in enumerate(view.revealed):
            draw_penguin_card(c, pid, 6 + n * 7, offer_y, pid == offer_hi, colour)
    if show_cards:
        c.put(cards_x, cards_y + 1, _("Hand"), "bold")
        draw_action_cards(c, view, me, cards_x + 5, cards_y, large)  # type: ignore[arg-type]  # show_cards: me is a seat
    return c


def _large_face(text: str) -> str:
    """'R3' -> 'Red/wt 3' ('R3 2|1' -> 'Red/wt 3 2|1'): a highlighted penguin written
    the way large tiles write it, its arms kept."""
    text, arms = split_arms(text)
    if arms is not None:
        return f"{_large_face(text)} {arms[0]}|{arms[1]}"
    if len(text) >= 2 and text[1:].isdigit():
        if text[0] != "g" and text[0] not in colour_letters():
            return text
        name = "grey" if text[0] == "g" else COLOURS[colour_letters().index(text[0])]
        return _("{colour}/wt {weight}").format(colour=_(name), weight=text[1:])
    return text


def goals_line(view: Any, width: int = 48) -> Text:
    """'Goals: Twin Peaks 4, Neighbours 3, Solid Base 3' (names and points of the
    three goal cards), wrapped between goals onto a second line when wider than ``width``."""
    return wrapped_list(_("Goals:"), [f"{_(GOALS[g].name)} {GOALS[g].points}" for g in view.goals], width)


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


def action_label(view: Any, seat: int | None, action: Any) -> str:
    """Chooser text of an action, with what it does in numbers."""
    if isinstance(action, ChooseCard):
        return _("card {number} {action}: {hint}").format(
            number=action.number, action=_(ACTION_NAMES[action.number]), hint=_(_CARD_HINT[action.number])
        )
    if isinstance(action, Take):
        text = _("take {penguin}  (grey side {grey})").format(
            penguin=penguin_label(action.penguin), grey=penguin_label(action.penguin, True)
        )
        if seat is not None and not view.can_place(seat, action.penguin):
            text = _("take {penguin}: fits nowhere, it will be DISCARDED").format(
                penguin=penguin_label(action.penguin)
            )
        return text
    if isinstance(action, Place) and seat is not None:
        have = support_of(view.pyramids[seat], view.greys[seat], view.tokens[seat], action.slot)
        where = short_slot(action.slot)
        if have is None:
            return _("place on {slot} (base)").format(slot=where)
        return _("place on {slot} (arms hold {have})").format(slot=where, have=have)
    if isinstance(action, Flip) and seat is not None:
        pid = view.pyramids[seat][action.slot]
        return _("flip {slot} {penguin} -> {grey}").format(
            slot=short_slot(action.slot), penguin=penguin_label(pid), grey=penguin_label(pid, True)
        )
    if isinstance(action, Swap):
        return _("swap {penguin} for the deck top").format(penguin=penguin_label(action.penguin))
    if isinstance(action, PlaceToken):
        return (
            _("token on {slot} left arm") if action.arm == "left" else _("token on {slot} right arm")
        ).format(slot=short_slot(action.slot))
    if isinstance(action, TakeChief):
        return _("take the Chief Penguin (action 1)")
    if isinstance(action, Recover):
        return _("take back played cards (action 4)")
    if isinstance(action, TakeToken):
        return _("take a strength token (action 5)")
    if isinstance(action, Discard):
        return _("discard it: it fits nowhere")
    if isinstance(action, EndTurn):
        return _("end my turn (keep my tokens)")
    if type(action).__name__ == "Pass":
        return _("skip the action, end the turn")
    return str(action)


_CARD_HINT = {
    1: N_("take the Chief Penguin"),
    2: N_("turn a penguin grey"),
    3: N_("an offer for the deck top"),
    4: N_("take back played cards"),
    5: N_("take a strength token"),
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
        lines.append(f"{short_slot(s)} {i18n.translate_text(why)}")
    return lines
