"""The Mountain Goats chooser: the distinct moves, best first, or groups built by hand.

List mode: the roll's distinct outcomes (one move each, best first by the
points they gain now, Big Mountain ranks included), as many rows as the
panel has, picked with the arrows (Home/End, PageUp/PageDown) and Enter or a
digit. Moves that differ only in which goat leaves the foot for the same Big
Mountain spot reach the same table and are listed once, naming the others. Build mode (key ``b``): select
dice (1-4, or the arrows and space), change a rolled 1 (``f`` cycles its
face), Enter makes the selected dice a group (a Big Mountain spot then asks
for the goat: 5-9, 0 for 10), Backspace takes back the last group, ``c``
confirms the move. Impossible choices get a one-line reason in the panel.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.geometry import Region
from textual.strip import Strip

from boardgames_tui import i18n
from boardgames_tui.engine import IllegalAction, seat_letter
from boardgames_tui.i18n import N_, _
from boardgames_tui.ui.board import ActionChooser, ActionPreview, BoardContext, GameBoard, choose, tell_screen
from boardgames_tui.ui.lines import changed_runs, render_strips, set_border_label
from boardgames_tui.ui.translated import translated

from ..data import DICE, GROUP_MAX, MOUNTAINS
from ..rules import GoatsState, Move, Roll

MIN_ROWS = 3  # list rows the panel keeps even on a crowded screen


def goat_runs(goats: Sequence[int]) -> str:
    """Goat numbers as a short list: runs of three or more as a range ('6-10'), the rest
    one by one ('6/9/10'). ``goats`` ascending, e.g. (6, 7, 8, 9, 10) -> '6-10'. A long
    list of alike goats cut the end of a move's row at 80 columns, where two moves
    differ (seen by a new player)."""
    parts: list[str] = []
    i = 0
    while i < len(goats):
        j = i
        while j + 1 < len(goats) and goats[j + 1] == goats[j] + 1:
            j += 1
        if j - i >= 2:
            parts.append(f"{goats[i]}-{goats[j]}")
        else:
            parts.extend(str(g) for g in goats[i : j + 1])
        i = j + 1
    return "/".join(parts)


@translated
class GoatsChooser(ActionChooser[GoatsState], can_focus=True):
    """Keyboard chooser for Mountain Goats (id ``goats-chooser``)."""

    DEFAULT_CSS = """
    GoatsChooser { height: 1fr; min-height: 5; width: 1fr; border: round $accent; padding: 0 1; }
    GoatsChooser:focus { border: round $accent; }
    GoatsChooser.-building { border: double $accent; min-height: 8; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(-1)", N_("Up"), show=False),
        Binding("down", "cursor(1)", N_("Down"), show=False),
        Binding("left", "cursor(-1)", N_("Left"), show=False),
        Binding("right", "cursor(1)", N_("Right"), show=False),
        Binding("pageup", "page(-1)", show=False),
        Binding("pagedown", "page(1)", show=False),
        Binding("home", "ends(-1)", N_("First"), show=False),
        Binding("end", "ends(1)", N_("Last"), show=False),
        Binding("enter", "enter", N_("Choose"), show=False),
        Binding("space", "toggle", N_("Select die"), show=False),
        Binding("b", "mode", N_("Build/List")),
        Binding("f", "face", N_("Change a 1"), show=False),
        Binding("c", "confirm", N_("Confirm"), show=False),
        Binding("backspace", "back", N_("Undo group"), show=False),
        *(Binding(str(d), f"digit({d})", show=False) for d in range(10)),
    ]

    def __init__(self) -> None:
        super().__init__(id="goats-chooser")
        self.ctx: BoardContext[GoatsState] | None = None
        self.board: GameBoard[GoatsState] | None = None
        self.actions: list[Any] = []
        self.points: list[int | None] = []
        #: Big Mountain ranking points each listed move gains (or loses) now.
        self.big: list[int] = []
        #: Per listed move, the other goats that would reach the same table.
        self.same: list[tuple[int, ...]] = []
        self.building = False
        self.highlight = 0
        self.top = 0
        self.message = ""
        #: The border texts on show (:meth:`_border`).
        self._borders: dict[str, str] = {}
        #: The rows on screen (:meth:`_redraw`).
        self._strips: list[Strip] = []
        self._reset_builder()

    # ------------------------------------------------------------ state

    def _border(self, name: str, text: str) -> None:
        """Set the border title or subtitle (``name``) to ``text`` if it says something new:
        each setting repaints the panel, and most decisions keep the same words."""
        if self._borders.get(name) != text:
            self._borders[name] = text
            set_border_label(self, name, text)

    def _reset_builder(self) -> None:
        view = self.view
        self.faces: list[int] = list(view.dice) if view is not None and view.dice else []
        self.selected: list[int] = []
        self.cursor = 0
        self.groups: list[tuple[int, ...]] = []
        self.pending: tuple[int, tuple[int, ...]] | None = None

    @property
    def view(self) -> GoatsState | None:
        return self.ctx.view if self.ctx is not None else None

    @property
    def seat(self) -> int | None:
        return self.ctx.seat if self.ctx is not None else None

    def _choose(self, action: Any) -> None:
        """Post ``action`` from this list; the key gate drops the rest of a burst.

        Keys typed faster than the screen applies a choice cannot pick from
        the list of the turn before: :func:`choose` uses the key up at once,
        and the stamp tells the screen which list the pick came from.
        """
        choose(self, action, self.ctx.stamp if self.ctx is not None else None)

    def set_choices(self, ctx: BoardContext[GoatsState], board: GameBoard[GoatsState]) -> None:
        """Fill the list from ``ctx.legal``; start in list mode at the best move."""
        self.ctx = ctx
        self.board = board
        self.actions = list(ctx.legal)
        view = self.view
        self.points = [None] * len(self.actions)
        self.big = [0] * len(self.actions)
        self.same = [()] * len(self.actions)
        if view is not None and view.dice and ctx.seat is not None and self.actions:
            ranked = view.ranked_moves(ctx.seat)
            if [m for m, _p in ranked] == self.actions:
                self.points = [p for _m, p in ranked]
                if view.big_mountain:
                    self._rank_with_big_mountain(view, ctx.seat)
        self.building = False
        self.set_class(False, "-building")
        self.highlight = 0
        self.top = 0
        self.message = ""
        self._reset_builder()
        self._border("border_title", self._title())
        self._preview(board)  # drawn with the new table, in the same picture
        self._redraw()

    def _rank_with_big_mountain(self, view: GoatsState, seat: int) -> None:
        """Re-rank the list by points gained now plus Big Mountain ranking points gained,
        and list once the moves that reach the same table with a different goat.

        Two moves reach the same table when the points, tokens and every other
        goat come out the same, and they differ only in which of the player's
        goats, all standing at the foot, goes to the Big Mountain: the first
        one (the engine's order) stays, naming the others.
        """
        big0 = view.big_mountain_points()[seat]
        rows: list[tuple[int, int, Move, int, int]] = []
        kept: dict[tuple, int] = {}  # a table reached -> its row
        same: dict[int, list[int]] = {}  # row -> other goats that reach the same table
        for k, (action, pts) in enumerate(zip(self.actions, self.points, strict=True)):
            after = view.apply(seat, action)
            big = after.big_mountain_points()[seat] - big0
            mine = after.pos[seat]
            from_foot = tuple(i + 5 for i, p in enumerate(mine) if p > GROUP_MAX and view.pos[seat][i] == 0)
            if from_foot:
                # Goats gone from the foot to a spot look alike: drop which goat it was.
                table = (
                    after.scores(),
                    after.tokens,
                    after.pos[:seat] + after.pos[seat + 1 :],
                    tuple(0 if p > GROUP_MAX else p for p in mine),
                    tuple(sorted(p for p in mine if p > GROUP_MAX)),
                )
                if table in kept:
                    row = kept[table]
                    first = rows[row][2]
                    moved = {g[1] for g in first.groups if g[0] > GROUP_MAX}
                    same[row].extend(g for g in from_foot if g not in moved and g not in same[row])
                    continue
                kept[table] = len(rows)
                same[len(rows)] = []
            rows.append((-((pts or 0) + big), k, action, pts or 0, big))
        order = sorted(range(len(rows)), key=lambda i: rows[i][:2])
        self.actions = [rows[i][2] for i in order]
        self.points = [rows[i][3] for i in order]
        self.big = [rows[i][4] for i in order]
        self.same = [tuple(sorted(same.get(i, ()))) for i in order]

    def rows(self) -> int:
        """How many moves the list shows: every row of the panel (at least 3)."""
        height = self.content_region.height if self.size.height else 0
        reserved = 1 if self.message else 0
        return max(MIN_ROWS, height - reserved) if height else MIN_ROWS

    def on_resize(self) -> None:
        self._redraw()

    def _title(self) -> str:
        if not self.actions:
            return ""
        if self.building:
            return _("Build your move (b: list)")
        if self.view is not None and self.view.dice:
            return _("Your move: {count} outcomes (b: build)").format(count=len(self.actions))
        return _("Your turn")

    def current_move(self) -> Move:
        """The move built so far (groups confirmed; selection not included)."""
        return Move(tuple(self.faces), tuple(self.groups))

    # ------------------------------------------------------------ keys

    def _is_rolling(self) -> bool:
        return bool(self.actions) and isinstance(self.actions[0], Roll)

    def action_cursor(self, delta: int) -> None:
        if self.building:
            if delta in (-1, 1):
                self.cursor = (self.cursor + delta) % DICE
                self._redraw()
            return
        if not self.actions:
            return
        self.highlight = max(0, min(len(self.actions) - 1, self.highlight + delta))
        self._preview()
        self._redraw()

    def action_page(self, direction: int) -> None:
        """PageUp/PageDown: a panel's worth of moves up or down (in build mode: nothing)."""
        if not self.building:
            self.action_cursor(direction * max(1, self.rows() - 1))

    def action_ends(self, direction: int) -> None:
        """Home/End: the first (best) or the last move of the list."""
        if self.building or not self.actions:
            return
        self.highlight = 0 if direction < 0 else len(self.actions) - 1
        self._preview()
        self._redraw()

    def action_enter(self) -> None:
        if not self.actions:
            return
        if not self.building:
            self._choose(self.actions[self.highlight])
            return
        if self.pending is not None:
            self._say(
                _("Which goat goes to spot {spot}? Press 5-9, or 0 for 10.").format(spot=self.pending[0])
            )
            return
        if not self.selected:
            self._say(_("Select dice first (1-4 or space), or press c to confirm."))
            return
        idx = tuple(sorted(self.selected))
        total = sum(self.faces[i] for i in idx)
        if total > GROUP_MAX and self.view is not None and self.view.big_mountain and total <= 24:
            owner = next((s for s in range(self.view.n) if total in self.view.pos[s]), None)
            if owner is not None:
                self._say(
                    _("Not possible: Big Mountain spot {spot} is taken by {seat}'s goat.").format(
                        spot=total, seat=seat_letter(owner)
                    )
                )
                return
            self.pending = (total, idx)
            self._say(_("Spot {spot}: which goat goes there? 5-9, or 0 for 10.").format(spot=total))
            return
        self._add_group((total, total, *idx))

    def _add_group(self, group: tuple[int, ...]) -> None:
        view, seat = self.view, self.seat
        trial = Move(tuple(self.faces), tuple(self.groups) + (group,))
        try:
            view.check_move(seat, trial)  # type: ignore[union-attr, arg-type]  # a move is built only with a view and a seat
            view.apply(seat, trial)  # type: ignore[union-attr, arg-type]  # a move is built only with a view and a seat
        except IllegalAction as exc:
            reason = i18n.translate_text(str(exc))
            self._say(f"{reason[:1].upper()}{reason[1:]}.")
            return
        self.groups.append(group)
        self.selected = []
        self.pending = None
        self._say(_("Group {group} added. c confirms the move.").format(group=len(self.groups)))
        self._preview()

    def action_toggle(self) -> None:  # type: ignore[override]  # the chooser's own key action, not DOMNode's
        if self.building:
            self._toggle(self.cursor)

    def _toggle(self, i: int) -> None:
        if self.pending is not None:
            self._say(_("Choose the goat first (5-9, 0 for 10) or Backspace."))
            return
        self.cursor = i
        for k, g in enumerate(self.groups):
            if i in g[2:]:
                self._say(
                    _("Die {die} is in group {group}; Backspace takes a group back.").format(
                        die=i + 1, group=k + 1
                    )
                )
                return
        if i in self.selected:
            self.selected.remove(i)
        else:
            self.selected.append(i)
        total = sum(self.faces[j] for j in self.selected)
        self._say(
            _("Selected: {dice} = {total}").format(
                dice="+".join(str(self.faces[j]) for j in sorted(self.selected)), total=total
            )
            if self.selected
            else _("Nothing selected.")
        )

    def action_digit(self, d: int) -> None:
        if not self.actions:
            return
        if not self.building:
            if d == 0:
                self.app.bell()
                self._say(_("Digits pick choices 1-9; use the arrows and Enter for the rest."))
                return
            n = d
            if n <= len(self.actions):
                self._choose(self.actions[n - 1])
            else:
                self.app.bell()
                self._say(_("There is no choice {number}.").format(number=n))
            return
        if self.pending is not None:
            goat = 10 if d == 0 else d
            if goat not in MOUNTAINS:
                self._say(_("Goats are 5-9 and 0 (for 10); Backspace cancels the spot."))
                return
            spot, idx = self.pending
            self._add_group((spot, goat, *idx))
            return
        if 1 <= d <= DICE:
            self._toggle(d - 1)
        else:
            self._say(_("Dice are 1-{count}.").format(count=DICE))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Build/List is offered only while there is a move to make (not on the final table)."""
        if action == "mode":
            return bool(self.actions)
        return True

    def action_mode(self) -> None:
        if not self.actions:
            return
        if self._is_rolling():
            self._say(_("Roll first (Enter); then b builds a move by hand."))
            return
        self.building = not self.building
        self.set_class(self.building, "-building")
        self._reset_builder()
        self._border("border_title", self._title())
        self._say(_("Select dice with 1-4, Enter makes a group.") if self.building else "")
        self._preview()

    def action_face(self) -> None:
        if not self.building:
            self._say(_("Press b to build by hand, then f changes a rolled 1."))
            return
        i = self.cursor
        if self.view is None or self.view.dice[i] != 1:
            self._say(
                _("Only a rolled 1 can change; die {die} shows {face}.").format(die=i + 1, face=self.faces[i])
            )
            return
        if any(i in g[2:] for g in self.groups):
            self._say(_("Die {die} is in a group; Backspace takes it back first.").format(die=i + 1))
            return
        if self.view.dice.count(1) < 2:
            self._say(_("Only extra 1s change: with a single 1 rolled, it stays a 1."))
            return
        others_kept = any(
            d == 1 and f == 1
            for j, (d, f) in enumerate(zip(self.view.dice, self.faces, strict=True))
            if j != i
        )
        if self.faces[i] == 1 and not others_kept:
            self._say(_("At least one 1 must stay a 1: change another 1 back first."))
            return
        self.faces[i] = self.faces[i] % 6 + 1
        self._say(
            _("Die {die} now counts as {face} (f again for the next face).").format(
                die=i + 1, face=self.faces[i]
            )
        )

    def action_back(self) -> None:
        if not self.building:
            return
        if self.pending is not None:
            self.pending = None
            self._say(_("Spot choice cancelled."))
        elif self.selected:
            self.selected = []
            self._say(_("Selection cleared."))
        elif self.groups:
            self.groups.pop()
            self._say(_("Group {group} taken back.").format(group=len(self.groups) + 1))
            self._preview()
        else:
            self._say(_("No group to take back."))

    def action_confirm(self) -> None:
        if not self.building:
            self._say(_("In the list, Enter chooses; c confirms a move built by hand (b)."))
            return
        if self.pending is not None:
            self._say(_("Choose the goat first (5-9, 0 for 10) or Backspace."))
            return
        if self.selected:
            self._say(_("Press Enter to make the selected dice a group, or Backspace."))
            return
        self._choose(self.current_move())

    def _say(self, text: str) -> None:
        self.message = text
        self._redraw()

    def _preview(self, board: GameBoard[GoatsState] | None = None) -> None:
        """Show the highlighted (or built) move on the board: at once on ``board`` when given
        (a new list, drawn together with the new table), else through an
        :class:`ActionPreview` message to the screen."""
        listing = not self.building and len(self.actions) > 1 and not self._is_rolling()
        self._border(
            "border_subtitle", f"{self.highlight + 1}/{len(self.actions)} " + _("Home/End") if listing else ""
        )
        if self.building:
            action = self.current_move() if self.groups else None
        elif self.actions and not self._is_rolling():
            action = self.actions[self.highlight]
        else:
            action = None
        if board is not None:
            board.preview(action)
        else:
            tell_screen(self, ActionPreview(action))

    # ------------------------------------------------------------ drawing

    def _dice(self) -> list[Text]:
        """Three lines of die boxes; selected dice are double-lined, changed 1s underlined."""
        lines = [Text(), Text(), Text()]
        view = self.view
        for i in range(DICE):
            face = self.faces[i] if self.building else view.dice[i]  # type: ignore[union-attr]  # drawn only with a view
            sel = self.building and i in self.selected
            changed = self.building and face != view.dice[i]  # type: ignore[union-attr]  # drawn only with a view
            tl, h, tr, v, bl, br = ("╔", "═", "╗", "║", "╚", "╝") if sel else ("┌", "─", "┐", "│", "└", "┘")
            lines[0].append(tl + h * 3 + tr)
            lines[1].append(v)
            style = "bold" + (" reverse" if sel else "") + (" underline" if changed else "")
            lines[1].append(f"{face:^3}", style=style)
            lines[1].append(v)
            lines[2].append(bl + h * 3 + br)
        return lines

    def _redraw(self) -> None:
        """Lay out :meth:`render` into rows and repaint only the rows that differ from those on
        screen (Textual's line API). Drawn as one Text, every row of the panel was laid out and
        composed again at each key, about a sixth of a decision's cost."""
        width = self.content_region.width if self.size.width else 0
        if width <= 0:
            self._strips = []
            self.refresh()  # not laid out yet: drawn whole once it is (on_resize)
            return
        old, new = self._strips, render_strips(self.render(), self.app.console, width, self.building)
        self._strips = new
        for start, count in changed_runs(old, new, tail=True):  # rows past the end are blank
            self.refresh(Region(0, start, width, count))

    def render_line(self, y: int) -> Strip:
        width = self.content_region.width
        base = self.visual_style.rich_style
        if 0 <= y < len(self._strips):
            return self._strips[y].crop_extend(0, width, None).apply_style(base)
        return Strip.blank(width, base)

    def render(self) -> Text:
        """Everything the panel shows, as one Text (its rows are drawn by :meth:`render_line`)."""
        # The list is cut to the width; the builder's messages wrap so a refusal is read whole.
        out = Text(no_wrap=not self.building, overflow="ellipsis")
        view = self.view
        if not self.actions or view is None:
            return out
        if self._is_rolling():
            out.append(_("Press Enter (or 1) to roll the four dice.") + "\n\n", style="bold")
            out.append(">1 " + _("roll the dice"), style="reverse")
            if self.message:
                out.append("\n\n" + self.message, style="bold")
            return out
        if self.building:
            dice = self._dice()
            side = [_("Building a move by hand"), _("1-4/space select, f: a 1"), _("Enter group, c confirm")]
            for k in range(3):
                out.append_text(dice[k])
                out.append("  " + side[k] + "\n", style="dim" if k else "")
            self._render_builder(out)
        else:
            self._render_list(out)
        return out

    def label(self, k: int) -> str:
        """The text of listed move ``k``: the board's label, naming the goats that would do
        the same ('goat 6 (or 9/10) to spot 17', 'goat 5 (or 6-10) to spot 13': the move
        sends goat 6, or 5)."""
        action = self.actions[k]
        label = self.board.action_label(action) if self.board else str(action)
        if k < len(self.same) and self.same[k] and isinstance(action, Move):
            goat = next((g[1] for g in action.groups if g[0] > GROUP_MAX), None)
            alike = goat_runs(self.same[k])
            label = label.replace(
                _("goat {goat} to spot").format(goat=goat),
                _("goat {goat} (or {others}) to spot").format(goat=goat, others=alike),
                1,
            )
        return label

    def tail(self, k: int) -> str:
        """Points move ``k`` gains now: '+10', '+5 Big+8' (Big Mountain ranks apart)."""
        pts = self.points[k] if k < len(self.points) else None
        big = self.big[k] if k < len(self.big) else 0
        text = f" +{pts}" if pts else ""
        if big:
            text += _(" Big{points}").format(points=f"{big:+d}")
        return text

    def _render_list(self, out: Text) -> None:
        rows_shown = self.rows()
        if self.message:
            rows_shown = max(1, rows_shown)
        if self.highlight < self.top:
            self.top = self.highlight
        if self.highlight >= self.top + rows_shown:
            self.top = self.highlight - rows_shown + 1
        width = max(20, self.content_region.width or self.size.width - 2)
        rows = []
        for k in range(self.top, min(len(self.actions), self.top + rows_shown)):
            label = self.label(k)
            tail = self.tail(k)
            num = str(k + 1) if k < 9 else " "
            mark = ">" if k == self.highlight else " "
            text = f"{mark}{num:>2} {label}"
            room = width - len(tail)
            if len(text) > room:
                text = text[: room - 1] + "~"
            line = Text(text.ljust(room) + tail, style="reverse" if k == self.highlight else "")
            rows.append(line)
        if self.message:
            rows.append(Text(self.message, style="bold"))
        out.append_text(Text("\n").join(rows))

    def _render_builder(self, out: Text) -> None:
        marks = Text()
        for i in range(DICE):
            tag = next((f"G{k + 1}" for k, g in enumerate(self.groups) if i in g[2:]), "")
            if not tag and i in self.selected:
                tag = _("sel")
            cur = "^" if i == self.cursor else " "
            marks.append(f"{cur}{tag:<4}"[:5], style="bold" if i == self.cursor else "")
        out.append_text(marks)
        out.append("\n")
        if self.groups:
            label = self.board.action_label(self.current_move()) if self.board else str(self.current_move())
            out.append(_("Groups: {groups}").format(groups=label) + "\n")
        else:
            out.append(_("Groups: none yet (c with none = use no dice)") + "\n", style="dim")
        out.append(
            self.message or _("Backspace takes back; b returns to the list."),
            style="bold" if self.message else "dim",
        )
