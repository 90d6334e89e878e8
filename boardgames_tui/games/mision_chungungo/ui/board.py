"""The Misión Chungungo board: players, the asteroid field, a preview line and your hand.

Laid out top to bottom in the roughly 48x15 cells left beside the log at
80x24 (with 5 players too), in three parts so that a tall or wide field
never pushes the rest out of sight:

- fixed at the top: the table line (deck count, copper target, the card
  being resolved or the field's legend) and one line per player (letter and
  name, copper, hand size, discard pile count, abandoned bases, top card of
  the pile);
- the asteroid field (:mod:`.field`) in its own scrolling box, at most as
  tall as leaves room for the part below; it follows the highlighted cell
  (or a shot's hits). Row and column numbers on its edges; legal cells
  marked while choosing one (a click on one picks it);
- a scrolling column (PgUp/PgDn in the chooser): the preview (what the
  highlighted choice would do; a shot's lines are drawn on the field too),
  then your hand, every card with its copper and ability in words (only the
  seat on screen, only from its own view).

Everything is drawn from ``ctx.view``; see :mod:`.model`.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Sequence

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import ScrollableContainer, VerticalScroll
from textual.geometry import Region
from textual.strip import Strip
from boardgames_tui.ui.lines import Lines

from boardgames_tui import i18n
from boardgames_tui.engine import seat_letter
from boardgames_tui.i18n import N_, _
from boardgames_tui.ui.board import ActionChosen, BoardContext, GameBoard, page_scroll

from . import model
from .field import COMPACT, LARGE, CellSize, cell_at, cell_region, field_size, field_strips, render_field
from .pieces import Pieces


#: The key to the field's glyphs, on the table line when no card is being resolved.
LEGEND = N_("░ face down  ~ eel  A token")


class PartView(Lines):
    """A part of the board whose rows the board builds itself from cached pieces (:meth:`show_strips`).

    The board draws it again when its width changes (Lines wraps only what
    :meth:`Lines.set` was given). :attr:`source` builds the renderable those
    rows were cut from, on demand (for tests and readers).
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._source_of: Callable[[], RenderableType] | None = None

    def show_strips(self, strips: Sequence[Strip], source: Callable[[], RenderableType]) -> None:
        """Show ready rows; ``source()`` gives the renderable they are the rows of."""
        self._source_of = source
        self.set_strips(strips)

    def set(self, text: RenderableType) -> None:
        """Show ``text`` as a Lines does (the rows built by the board are forgotten)."""
        self._source_of = None
        super().set(text)

    @property
    def source(self) -> RenderableType:
        """What the rows on screen were made from."""
        return self._source_of() if self._source_of is not None else super().source


def fitted_rows(text: Text, width: int, console: Any) -> list[Strip]:
    """The rows of a one-row-per-line ``text`` (no wrapping) cut to ``width`` by its own overflow
    (an ellipsis...), as Rich lays it out for a wrapping Lines, without laying it out."""
    rows = text.split("\n", allow_blank=True)
    for row in rows:
        if row.cell_len > width:
            row.truncate(width, overflow=text.overflow)
    return [Strip([s for s in row.render(console, end="") if s.text]) for row in rows]


def at_top_left(widget: Any) -> bool:
    """Whether a scrolling widget shows its top-left corner and is not on its way elsewhere."""
    return widget.scroll_offset == (0, 0) and widget.scroll_target_x == 0 and widget.scroll_target_y == 0


class HandView(PartView):
    """Your hand and the discard piles (drawn by :meth:`ChungungoBoard._draw_hand`)."""


class FieldView(PartView):
    """The field's text; a mouse click on a legal cell picks it (the keyboard does the same)."""

    def on_click(self, event: events.Click) -> None:
        board = next((a for a in self.ancestors if isinstance(a, ChungungoBoard)), None)
        if board is None or board.layout_ is None:
            return
        cell = cell_at(event.x, event.y, board.layout_.origin, board.cell_size)
        if cell is None:
            return
        action = board.action_at(cell)
        if action is not None:
            event.stop()
            self.post_message(ActionChosen(action))


class BoardScroll(VerticalScroll):
    """The preview and hand column; after each layout the board scrolls back to what it wants in view."""

    def on_resize(self, event: events.Resize) -> None:
        board = self.parent
        if isinstance(board, ChungungoBoard):
            board._apply_scroll()


class FieldBox(ScrollableContainer):
    """The field's scrolling box (both ways); after each layout the board scrolls it to the cell in view."""

    def on_resize(self, event: events.Resize) -> None:
        board = self.parent
        if isinstance(board, ChungungoBoard):
            board._apply_scroll()


#: Rows kept below the field for the preview and the hand.
BELOW_FIELD = 4
#: The narrowest width the rows of cards are laid out for.
CARD_MIN = 24


class ChungungoBoard(GameBoard):
    """The board of Misión Chungungo (see the module docstring for its parts)."""

    DEFAULT_CSS = """
    ChungungoBoard { height: 1fr; width: 1fr; layout: vertical; }
    ChungungoBoard #mc-table { height: 1; width: 100%; }
    ChungungoBoard #mc-players { height: auto; width: 100%; }
    ChungungoBoard #mc-fieldbox { height: auto; max-height: 8; width: 1fr; overflow-x: auto; overflow-y: auto; scrollbar-size: 1 1; }
    ChungungoBoard #mc-scroll { height: 1fr; min-height: 2; width: 1fr; overflow-x: hidden; overflow-y: auto; scrollbar-size: 1 1; scrollbar-gutter: stable; }
    ChungungoBoard #mc-field { height: auto; width: auto; padding: 0 0; }
    ChungungoBoard #mc-preview { height: auto; width: 100%; background: $boost; text-style: italic; }
    ChungungoBoard #mc-preview.-empty { background: transparent; }
    ChungungoBoard #mc-hand { height: auto; width: 100%; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ctx: BoardContext | None = None
        self.table: model.Table | None = None
        self.layout_: model.FieldLayout | None = None
        self.previewing: Any | None = None
        #: Regions of the scrolling column to keep in view (see _regions_for).
        self._wants: list[Region] = []
        #: The size the field's cards are drawn at (see _fit_field).
        self.cell_size: CellSize = COMPACT
        #: What each part was last drawn from (see _put): the same again draws nothing.
        self._drawn: dict[str, Hashable] = {}
        #: The field's cards and the rows of cards, rendered once per look.
        self._pieces = Pieces()
        #: Wrapped parts of the hand rendered once per content and width (see _rendered).
        self._renders: dict[Hashable, list[list[Segment]]] = {}

    def compose(self) -> ComposeResult:
        yield Lines(id="mc-table")
        yield PartView(id="mc-players")
        with FieldBox(id="mc-fieldbox", can_focus=False):
            yield FieldView(id="mc-field")
        with BoardScroll(id="mc-scroll", can_focus=False):
            yield Lines(id="mc-preview", wrap=True, keep_rows=True, classes="-empty")
            yield HandView(id="mc-hand", wrap=True, keep_rows=True)

    # ---- the contract ------------------------------------------------------

    def show(self, ctx: BoardContext) -> None:
        """Redraw everything from ``ctx`` (its view and legal actions)."""
        self.ctx = ctx
        self.table = model.table_of(ctx.view, ctx.seat)
        self.layout_ = model.field_layout(self.table, ctx.legal)
        self.previewing = None
        self._wants = []  # a new decision starts from the top
        if not self.is_mounted or self.wait_to_draw():
            return
        self.redraw()

    def redraw(self) -> None:
        """Draw every part from the last context and preview (one picture for both)."""
        if self.ctx is None or self.table is None or not self.is_mounted:
            return
        action = self.previewing
        self._fit_field()
        self._draw_static_parts()
        self._draw_field(action)
        self._set_preview(model.preview_text(action, self.table, self.ctx) if action is not None else "")
        self._wants = self._regions_for(action) if action is not None else []
        self._apply_scroll()

    def on_resize(self, event: events.Resize) -> None:
        self._fit_field()
        if self.ctx is not None and self.table is not None:
            self._draw_static_parts()  # the players' rows and the rows of cards are laid out for the width

    def _fit_field(self) -> None:
        """Cap the field box so the preview and the hand keep :data:`BELOW_FIELD` rows below it."""
        if self.table is None or not self.is_mounted or not self.size.height:
            return
        top = 1 + len(self.table.players) + 1
        box = self.query_one("#mc-fieldbox", FieldBox)
        room = max(3, self.size.height - top - BELOW_FIELD)
        if box.styles.max_height is None or box.styles.max_height.value != room:
            box.styles.max_height = room  # set again only when it changes: each set lays the board out
        size = self.layout_.size if self.layout_ is not None else (1, 1)
        wide, tall = field_size(size, LARGE)
        fits = LARGE if wide <= self.size.width - 1 and tall <= room else COMPACT
        if fits is not self.cell_size:
            self.cell_size = fits
            if self.ctx is not None:
                self._draw_field(self.previewing)

    def on_mount(self) -> None:
        if self.ctx is not None:
            self._fit_field()
            self._draw_static_parts()
            self._draw_field(self.previewing)

    def preview(self, action: Any | None) -> None:
        """Show what ``action`` would do: its cell under the cursor, a shot's lines, a card's text."""
        self.previewing = action
        if self.ctx is None or self.table is None or not self.is_mounted or self.wait_to_draw():
            return
        self._draw_field(action)
        self._set_preview(model.preview_text(action, self.table, self.ctx) if action is not None else "")
        self._draw_hand(action)
        self._wants = self._regions_for(action) if action is not None else []
        self._apply_scroll()

    def _regions_for(self, action: Any) -> list[Region]:
        """The field cells to keep in view, in the field's text: the highlighted cell, else a shot's hits."""
        assert self.table is not None and self.layout_ is not None and self.ctx is not None
        cell = model.action_cell(action)
        cells = [cell] if cell is not None else sorted(model.shot_marks(action, self.table, self.ctx)[1])
        regions = []
        for c in cells:
            regions.append(Region(*cell_region(c, self.layout_.origin, self.cell_size)))
        return regions

    def _apply_scroll(self) -> None:
        """Field box: from the top-left, then to the wanted cells (the last wins); preview column: to its top.

        From the top-left each time, so the result depends on the layout only, not on history.
        """
        if not self.is_mounted:
            return
        box = self.query_one("#mc-fieldbox", FieldBox)
        if not (at_top_left(box) and box.max_scroll_x == 0 and box.max_scroll_y == 0):  # else: nowhere to go
            box.scroll_to(0, 0, animate=False, immediate=True)
            for region in self._wants:
                box.scroll_to_region(region, animate=False, immediate=True)
        column = self.query_one("#mc-scroll", VerticalScroll)
        if not at_top_left(column):
            column.scroll_to(0, 0, animate=False, immediate=True)

    def action_at(self, cell: model.Cell) -> Any | None:
        """The first legal action that picks ``cell`` (the highlighted one if it does), else None."""
        if self.ctx is None:
            return None
        if self.previewing is not None and model.action_cell(self.previewing) == cell:
            return self.previewing
        return next((a for a in self.ctx.legal if model.action_cell(a) == cell), None)

    def page(self, direction: int) -> None:
        """Scroll the preview and hand one page down (1) or up (-1), for the chooser's PgDn/PgUp."""
        page_scroll(self.query_one("#mc-scroll", VerticalScroll), direction)

    def action_label(self, action: Any) -> str:
        """The chooser's text for ``action``: cells named as on the field's edges ('row 1 col -2')."""
        if self.table is None or self.layout_ is None or self.ctx is None:
            return str(action)
        return model.label(action, self.table, self.ctx, self.layout_)

    # ---- drawing -------------------------------------------------------------

    def _draw_static_parts(self) -> None:
        assert self.ctx is not None and self.table is not None
        t, ctx = self.table, self.ctx
        lang = i18n.language()
        self._put(
            "table",
            (t.deck, t.target, t.terminal, t.phase, t.card_in_play, t.step, t.current, lang),
            lambda: self.query_one("#mc-table", Lines).set(self._table_line()),
        )
        view = self.query_one("#mc-players", PartView)
        width = view.content_size.width or self.app.size.width
        self._put(
            "players",
            (t.players, t.to_move, t.terminal, ctx.seat, ctx.names, lang, width),
            lambda: view.show_strips(fitted_rows(model.players_text(t, ctx), width, self.app.console),
                                     lambda: model.players_text(t, ctx)),
        )
        self._draw_hand(self.previewing)

    def _put(self, part: str, key: Hashable, draw: Callable[[], None]) -> None:
        """Run ``draw`` unless ``part`` was last drawn from the same ``key`` (what it shows depends on)."""
        if self._drawn.get(part) != key:
            self._drawn[part] = key
            draw()

    def _table_line(self) -> Text:
        """Deck count and copper target, then the card being resolved (or the field's legend)."""
        t = self.table
        assert t is not None
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append(_("Deck {deck} Win {target}cu").format(deck=t.deck, target=t.target) + "  ", "bold")
        if t.terminal:
            line.append(_("Game over"), "bold")
        elif t.phase in (model.Phase.REACT, model.Phase.RESOLVE) and t.card_in_play >= 0:
            who = seat_letter(t.current)
            title = model.CARDS[t.card_in_play].title
            if t.step == model.Step.EEL:
                name = model.fit_title(title, 48 - len(line.plain) - len(_("{seat}'s {card} cancelled").format(seat=who, card="")))
                line.append(_("{seat}'s {card} cancelled").format(seat=who, card=name), "bold")
            else:
                name = model.fit_title(title, 48 - len(line.plain) - len(_("{seat} plays {card}").format(seat=who, card="")))
                line.append(_("{seat} plays {card}").format(seat=who, card=name), "bold")
        else:
            line.append(_(LEGEND), "dim")
        return line

    def _draw_field(self, action: Any | None) -> None:
        assert self.ctx is not None and self.table is not None and self.layout_ is not None
        lay = self.layout_
        cursor = model.action_cell(action) if action is not None else None
        lines, hits = model.shot_marks(action, self.table, self.ctx) if action is not None else ({}, set())
        args = dict(
            origin=lay.origin,
            size=lay.size,
            own_seat=self.ctx.seat,
            legal=lay.legal,
            cursor=cursor if cursor in lay.legal else None,
            lines=lines,
            hits=hits,
            faces=model.field_faces(self.table),
            cell=self.cell_size,
        )
        field = self.table.field
        key = (frozenset(field.items()), lay.origin, lay.size, self.ctx.seat, lay.legal, args["cursor"],
               frozenset(lines.items()), frozenset(hits), frozenset(args["faces"].items()), self.cell_size)

        def draw() -> None:
            strips = field_strips(self.app.console, self._pieces, field, **args)  # type: ignore[arg-type]
            self.query_one("#mc-field", FieldView).show_strips(strips, lambda: render_field(field, **args))  # type: ignore[arg-type]

        self._put("field", key, draw)

    def _set_preview(self, text: str) -> None:
        def draw() -> None:
            widget = self.query_one("#mc-preview", Lines)
            widget.set(text)
            widget.set_class(not text, "-empty")

        self._put("preview", text, draw)  # a new width: the Lines wraps the same text again itself

    def _draw_hand(self, action: Any | None) -> None:
        """Your hand as a row of cards, then each card's ability in words, then the piles.

        Each part is rendered once for what it shows (and the rows of cards
        card by card): a decision that leaves the hand alone draws nothing here.
        """
        assert self.ctx is not None and self.table is not None
        t, ctx = self.table, self.ctx
        view = self.query_one("#mc-hand", HandView)
        width = max(CARD_MIN, (self.size.width or 48) - 2)
        wrap_at = view.content_size.width or self.app.size.width  # as Lines.set lays a renderable out
        chosen_key = model.chosen_card_key(action, t)
        lang = i18n.language()
        hand = tuple(sorted(t.hand)) if t.hand is not None and ctx.seat is not None else None
        who = ctx.who(ctx.seat) if ctx.seat is not None else ""
        owned = t.players[ctx.seat].copper if ctx.seat is not None else 0
        piles = tuple((p.seat, p.pile, p.pile_top, p.bases) for p in t.players)
        key = (hand, chosen_key, who, owned, piles, ctx.seat, width, wrap_at, lang)

        def draw() -> None:
            console = self.app.console
            faces = model.hand_faces(t, ctx, action)
            strips: list[Strip] = []
            if faces:
                strips += self._rendered(("hand-title", hand, who, owned, lang, wrap_at), wrap_at,
                                         lambda: model.hand_title(t, ctx))
                strips += model.card_row_strips(console, self._pieces, faces, width)
                rows = model.hand_rows(t, ctx, action)
                names = max(cell_len(model.hand_row_cells(c, on)[0].plain) for c, on in rows)
                for c, on in rows:  # row by row, at the width of the widest name: as the whole table
                    strips += self._rendered(("hand-row", c, on, names, lang, wrap_at), wrap_at,
                                             lambda: model.hand_row_table(c, on, names))
            else:
                strips += self._rendered(("hand-table-titled", hand, who, owned, lang, wrap_at), wrap_at,
                                         lambda: model.hand_table(t, ctx, action))
            strips += self._rendered(("piles-title", lang, wrap_at), wrap_at,
                                     lambda: Text(_("Discard piles"), style="bold"))
            strips += model.card_row_strips(console, self._pieces, model.pile_faces(t, ctx), width)
            view.show_strips(strips, lambda: self._hand_group(t, ctx, action, width))

        self._put("hand", key, draw)

    def _hand_group(self, t: model.Table, ctx: BoardContext, action: Any | None, width: int) -> RenderableType:
        """The hand part as one renderable (what :meth:`_draw_hand` draws piece by piece)."""
        parts: list[Any] = []
        cards = model.hand_cards(t, ctx, action, width)
        if cards.plain:
            parts += [model.hand_title(t, ctx), cards, model.hand_table(t, ctx, action, False)]
        else:
            parts.append(model.hand_table(t, ctx, action))
        parts.append(Text(_("Discard piles"), style="bold"))
        parts.append(model.piles_cards(t, ctx, width))
        return Group(*parts)

    def _rendered(self, key: Hashable, width: int, make: Callable[[], RenderableType]) -> list[Strip]:
        """``make()`` laid out at ``width`` as Lines lays out a wrapped part, kept under ``key``."""
        found = self._renders.get(key)
        if found is None:
            console = self.app.console
            options = console.options.update(width=width, height=None, no_wrap=False, overflow="crop")
            found = console.render_lines(make(), options, pad=False)
            if len(self._renders) >= 256:
                del self._renders[next(iter(self._renders))]
            self._renders[key] = found
        # New Strips each time: a Strip drawn before carries Textual's caches of its earlier
        # drawings, and one kept for later screens made the compositor slower, not faster.
        return [Strip(row) for row in found]
