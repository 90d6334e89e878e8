"""The contract between the shared game screen and each game's widgets.

A game's UI module (``GameSpec.ui_module``) exports::

    def make_board() -> GameBoard            # required
    def make_chooser() -> ActionChooser | None   # optional; None = the shared list

The shared :class:`~boardgames_tui.ui.game_screen.GameScreen` lays out the
board, the chooser (by default :class:`ActionList`, the legal actions as a
numbered list), the status line and the log. After every change it calls
``board.show(ctx)`` and ``chooser.set_choices(ctx)`` with a
:class:`BoardContext` built from ``state.view(seat)`` of the seat whose eyes
are on the screen: widgets never see the full state.

Any widget may post :class:`ActionChosen`; the screen applies the action for
``ctx.seat`` and shows the player a clear message if it is illegal.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, ClassVar, Generic, TypeVar

import attrs
from rich.cells import cell_len
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive
from textual.scrollbar import ScrollBar
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from boardgames_tui.engine import State, seat_letter
from boardgames_tui.i18n import _

from .keygate import KeyGate
from .lines import set_border_label
from .scroll_lines import ScrolledIntoView

#: The game's own state class: a game's board and chooser see its views as that class.
StateT = TypeVar("StateT", bound=State)


@attrs.frozen
class BoardContext(Generic[StateT]):
    """Everything a game widget may draw.

    ``view`` is ``state.view(seat)``; ``seat`` is the seat deciding on this
    screen, or None when the screen is public (no private information
    shown); ``names`` the seat names; ``legal`` the legal actions of
    ``seat`` (``[]`` when ``seat`` is None or the game is over); ``stamp``
    numbers the redraw, so a choice made from an out-of-date list (a key
    typed before the screen caught up) can be told apart and ignored;
    ``secret`` says the choice is hidden from the other seats
    (``State.is_secret_choice``): a pick is then only marked "chosen" and
    counts once confirmed. Generic over the game's state class: a game's widgets take a
    ``BoardContext[TheirState]``.
    """

    view: StateT
    seat: int | None
    names: tuple[str, ...]
    legal: Sequence[Any] = ()
    stamp: int = 0
    secret: bool = False

    def who(self, seat: int) -> str:
        """'A Ana': the seat's letter and name, as every screen shows a seat."""
        return f"{seat_letter(seat)} {self.names[seat]}"


class ActionChosen(Message):
    """Posted by a board or chooser when the player picks ``action``.

    ``stamp`` is the :attr:`BoardContext.stamp` of the list it was picked
    from (None: do not check); the screen ignores a pick from an old list.
    """

    def __init__(self, action: Any, stamp: int | None = None) -> None:
        super().__init__()
        self.action = action
        self.stamp = stamp


def choose(widget: Widget, action: Any, stamp: int | None = None) -> None:
    """Post the player's pick of ``action`` from ``widget``; the key that made it is used up.

    Arms the app's key gate (:mod:`.keygate`) at once, before the screen
    has even applied the action, so the rest of a burst of keys cannot act
    on what the pick leads to. ``stamp`` is the list's
    :attr:`BoardContext.stamp` (None: do not check).
    """
    KeyGate.of(widget.app).arm(widget)
    tell_screen(widget, ActionChosen(action, stamp))


def tell_screen(widget: Widget, message: Message) -> None:
    """Post ``message`` from a board or chooser straight to its screen (and from there, unhandled,
    to the app): the screen is its only reader, and a message that bubbles is dispatched
    again by every container on the way up."""
    widget.screen.post_message(message)


class ActionPreview(Message):
    """Posted when the highlighted action changes (None: nothing highlighted)."""

    def __init__(self, action: Any | None) -> None:
        super().__init__()
        self.action = action


def page_scroll(widget: Widget, direction: int) -> None:
    """Scroll ``widget`` a page down (``direction`` 1) or up (-1), at once (no animation)."""
    if direction > 0:
        widget.scroll_page_down(animate=False)
    else:
        widget.scroll_page_up(animate=False)


class GameBoard(Widget, Generic[StateT]):
    """Base class of a game's board: draws the public table and the seat's own hand.

    Subclasses implement :meth:`show`; they may override :meth:`preview` (to
    highlight what the highlighted action would do) and :meth:`action_label`.
    Generic over the game's state class (``GameBoard[GoatsState]``), as :class:`BoardContext` is.
    """

    DEFAULT_CSS = """
    GameBoard { height: 1fr; width: 1fr; }
    """

    _holds = 0
    _draw_due = False

    #: Whether the board scrolls (taller than the room it gets): the game screen then binds
    #: PageUp/PageDown to :meth:`page` whatever has the keyboard, with one footer entry.
    scrolls = False
    #: The id of the container :meth:`page` scrolls (None: the board has none).
    scroll_id: str | None = None

    def page(self, direction: int) -> None:
        """Scroll the board one page down (``direction`` 1) or up (-1): its ``scroll_id`` container."""
        if self.scroll_id is not None:
            page_scroll(self.query_one(f"#{self.scroll_id}"), direction)

    @contextmanager
    def held(self) -> Iterator[None]:
        """Draw once for everything done inside: the screen shows a new state and its first
        preview in one go (``show`` then ``preview``), and a board that asks
        :meth:`wait_to_draw` draws the two as one picture when the block ends.
        """
        self._holds += 1
        try:
            yield
        finally:
            self._holds -= 1
            if not self._holds and self._draw_due:
                self._draw_due = False
                self.redraw()

    def wait_to_draw(self) -> bool:
        """For a board's drawing method: True while :meth:`held` (the drawing is then owed and
        done by :meth:`redraw` when the hold ends), False when it should draw now."""
        if self._holds:
            self._draw_due = True
            return True
        return False

    def redraw(self) -> None:
        """Draw again from what :meth:`show` and :meth:`preview` last gave (boards that use
        :meth:`wait_to_draw` implement it)."""

    def show(self, ctx: BoardContext[StateT]) -> None:
        """Redraw from ``ctx`` (called after every change of state or seat)."""
        raise NotImplementedError

    def preview(self, action: Any | None) -> None:
        """Show what ``action`` would do; None clears the preview."""

    def action_label(self, action: Any) -> str:
        """The text of ``action`` in the chooser (default: ``str(action)``)."""
        return str(action)

    def interlude(self, done: Any) -> bool:
        """Play something public before the screen passes to other eyes (Montaña's round
        revealed step by step); called right after :meth:`show` with a public context.

        Return True to play it: the screen then waits until the board calls
        ``done()``; False (the default) goes straight on.
        """
        return False

    def interlude_due(self, public: StateT) -> bool:
        """Whether :meth:`interlude` has something to play for ``public`` (the public view of
        the state now). Asked when no curtain will fall (one person at the table, the others
        computer players), so the table still watches it. False by default.
        """
        return False

    def news_waits(self, public: StateT, seat: int) -> bool:
        """Whether ``seat``'s unread private news may wait for its next screen of its own, when
        its screen is no longer up as the keyboard passes (``public``: the public view now).

        True spares a curtain just to read it: the news is shown on the seat's next screen.
        Only for news the seat cannot need before then. False (the default): a curtain asks
        for the seat at once (a stolen card, which its thief may want before anyone acts).
        """
        return False

    def curtain_reason(self, public: StateT, seat: int) -> str:
        """Why the keyboard passes to ``seat`` now, as a curtain may say it (a message id, see
        ``i18n.N_``), for a hand-over the table would not expect (Montaña's round stopping
        for a runner's choice); ``public`` is the public view of the state now. '' (the
        default): the curtain gives no reason.
        """
        return ""

    def action_key(self, action: Any) -> str | None:
        """A digit that should pick ``action`` (a card's own number), or None.

        When every listed action has a key and no two share one, the list
        shows and binds these keys instead of the positions 1-9.
        """
        return None


class ActionChooser(Widget, Generic[StateT]):
    """Base class of a custom chooser; the default is :class:`ActionList`. Generic over the
    game's state class, as :class:`GameBoard` is."""

    def set_choices(self, ctx: BoardContext[StateT], board: GameBoard[StateT]) -> None:
        raise NotImplementedError


class ActionList(ScrolledIntoView, OptionList):
    """The legal actions as a numbered list: arrows and Enter, a digit, or the mouse.

    For a secret choice (``ctx.secret``) a pick only marks the action
    "chosen"; Enter on the marked action confirms it, and moving to or
    picking another one changes the mark. Every pick goes through
    :func:`choose`, so the key that made it is used up.
    """

    DEFAULT_CSS = """
    ActionList {
        height: 9; border: round $accent; overflow-y: scroll;
        scrollbar-background: $surface; scrollbar-background-hover: $surface;
        scrollbar-background-active: $surface;
    }
    ActionList:focus { border: round $accent; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding(str(d), f"pick({d})", show=False) for d in range(1, 10)]

    #: Marks the chosen action of a secret choice in the list.
    CHOSEN_MARK = ">> "

    #: Rows the list keeps, borders included: on a terminal under 30 rows, and from 30 rows.
    #: One height whatever the number of choices: a list that grew and shrank with them laid
    #: the board above out and drew it again at every decision (and sent it again over SSH).
    ROWS = (7, 9)

    #: The list's height is fixed (``ROWS``), so a new number of choices changes only what
    #: scrolls inside it: no layout of the screen (Textual lays the whole screen out again,
    #: and repaints it, when a widget's virtual size changes). For the same reason the
    #: scrollbar is always shown (``overflow-y: scroll``): showing and hiding it is a layout.
    #: A list sized by its choices (a subclass's auto height) asks for its layout itself
    #: (:meth:`set_choices`). This is the one mechanism for every game's list.
    virtual_size = Reactive(Size(0, 0), layout=False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(markup=False, **kwargs)  # labels name players: shown as typed
        self._actions: list[Any] = []
        self._labels: list[str] = []
        self._keys: dict[str, int] = {}
        self._stamp = 0
        self._secret = False
        #: Index of the secret pick waiting for its confirming Enter, or None.
        self.marked: int | None = None
        self._titles: tuple[str, str] = ("", "")
        #: Index the screen has already previewed on the board (:meth:`claim_preview`).
        self._previewed: int | None = None
        #: The height the list has taken (:meth:`fit_rows`); 0 before the first.
        self._rows = 0
        #: Rows of options drawn lately (:meth:`_get_option_render`).
        self._kept_renders: dict[tuple, list[Strip]] = {}
        #: The width the labels were wrapped for (:meth:`_prompt`); 0: not wrapped.
        self._wrapped_at = 0

    def _scroll_update(self, virtual_size: Size) -> None:
        """Textual's update of the scrollbar for a new set of choices, without drawing the bar
        again when it is a blank track before and after (every choice fits, as for most
        decisions): Textual redraws the whole bar for any new number of choices. (Overrides
        Textual's private ``Widget._scroll_update``; Textual is pinned.)"""
        bar = self._vertical_scrollbar
        window = self.container_size.height - self.scrollbar_size_horizontal
        if (
            bar is None
            or not self.container_size
            or not self.show_vertical_scrollbar
            or bar.window_size < bar.window_virtual_size  # a thumb is drawn now
            or window < virtual_size.height  # a thumb is to be drawn
        ):
            super()._scroll_update(virtual_size)
            return
        self._refresh_scrollbars()
        bar.set_reactive(ScrollBar.window_virtual_size, virtual_size.height)
        bar.set_reactive(ScrollBar.window_size, window)
        self.scroll_x = self.validate_scroll_x(self.scroll_x)
        self.scroll_y = self.validate_scroll_y(self.scroll_y)

    def rows(self, terminal_rows: int) -> int:
        """The list's height for a terminal of ``terminal_rows`` rows (``ROWS``)."""
        return self.ROWS[terminal_rows >= 30]

    def fit_rows(self) -> None:
        """Take the height :meth:`rows` gives for the terminal now (the game screen calls
        this when the terminal is resized; the list itself after each new set of choices)."""
        rows = self.rows(self.app.size.height)
        if rows != self._rows:
            self._rows = rows
            self.styles.height = rows

    def on_mount(self) -> None:
        self.fit_rows()

    def set_choices(self, ctx: BoardContext, board: GameBoard) -> None:
        """Fill the list with ``ctx.legal`` labelled by ``board.action_label``."""
        self._actions = list(ctx.legal)
        self._stamp = ctx.stamp
        self._secret = ctx.secret
        self.marked = None
        keys = [board.action_key(a) for a in self._actions]
        if self._actions and all(keys) and len(set(keys)) == len(keys):
            self._keys = {str(k): i for i, k in enumerate(keys)}
            tags = [str(k) for k in keys]
        else:
            self._keys = {str(i + 1): i for i in range(min(9, len(self._actions)))}
            tags = [str(i + 1) if i < 9 else " " for i in range(len(self._actions))]
        self._labels = [f"{tag} {board.action_label(a)}" for tag, a in zip(tags, self._actions, strict=True)]
        self._wrapped_at = self._label_width()
        self.set_options([Option(self._prompt(i), id=f"action-{i}") for i in range(len(self._labels))])
        if self.styles.auto_dimensions:
            self.refresh(layout=True)  # a list sized by its choices: its new height is laid out
        set_border_label(
            self, "border_title", _("Your choices") if self._actions else _("Nothing to choose now")
        )
        set_border_label(
            self,
            "border_subtitle",
            _("secret: pick, then Enter to confirm") if self._secret and self._actions else "",
        )
        self._previewed = None
        if self._actions:
            self.highlighted = 0

    def _label_width(self) -> int:
        """Cells an option's text may take on a row (0 before the first layout)."""
        padding = self.get_component_styles("option-list--option").padding
        return max(0, self.scrollable_content_region.width - padding.left - padding.right)

    def _prompt(self, index: int) -> str:
        """Option ``index``'s text, the chosen mark first when marked, wrapped to the list's
        width with its later rows indented under the text: a label's second row read as
        another choice when it started under the digits (seen by a new player at 80x24).
        Unwrapped before the first layout (the list wraps it when drawn, and again on
        :meth:`on_resize`)."""
        label = self._labels[index]
        tag, _sep, text = label.partition(" ")
        lead = (self.CHOSEN_MARK if index == self.marked else "") + tag + " "
        width = self._wrapped_at
        if width <= len(lead) + 8 or cell_len(lead + text) <= width:
            return lead + text
        rows = textwrap.wrap(text, width - len(lead), break_on_hyphens=False) or [""]
        return "\n".join([lead + rows[0], *(" " * len(lead) + row for row in rows[1:])])

    def on_resize(self, event: events.Resize) -> None:
        """A new width wraps the labels again (see :meth:`_prompt`)."""
        width = self._label_width()
        if width != self._wrapped_at and self._labels:
            self._wrapped_at = width
            for index in range(len(self._labels)):
                self.replace_option_prompt_at_index(index, self._prompt(index))

    def _get_option_render(self, option: Option, style: Any) -> list[Strip]:
        """An option's rows, kept by what they show (label, place, style, width) across new sets of
        choices. Textual keeps them by Option object, new at every decision, so each decision
        laid out and styled every label on show again, though most come back (a hand's cards,
        "Pass"). The rows carry the option's place for the mouse, so the place is in the key."""
        kept = self._kept_renders
        index = self._option_to_index.get(option)
        key = (option.prompt, index, style, self.scrollable_content_region.width)
        strips = kept.get(key)
        if strips is None:
            strips = super()._get_option_render(option, style)
            if len(kept) >= 512:
                kept.clear()
            kept[key] = strips
        return strips

    def claim_preview(self) -> tuple[bool, Any]:
        """The highlighted action, for the screen to preview at once: ``(True, action)``.

        The game screen calls this right after :meth:`set_choices` and shows
        the preview in the same redraw as the new table; the highlight's own
        preview message, which would come after the screen was drawn and
        lay it out and draw it a second time, is then skipped.
        ``(False, None)`` when nothing is highlighted.
        """
        index = self.highlighted
        if index is None or not 0 <= index < len(self._actions):
            return False, None
        self._previewed = index
        return True, self._actions[index]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """With nothing to choose (the public view, a reaction window open), Enter and the
        digits are not the list's: they go on to the screen's keys."""
        if action in ("select", "pick") and not self._actions:
            return False
        # Under the cover (ui/cover.py) the list keeps the keyboard but takes no key: they go
        # on to the game screen's (Enter lifts the cover).
        return not getattr(self.screen, "covered", False)

    def action_pick(self, number: int) -> None:
        index = self._keys.get(str(number))
        if index is not None:
            if self._secret:
                self.highlighted = index  # the mark and the highlight go together
            self._pick(index, enter=False)
        else:
            self.app.bell()
            self.notify(
                _("There is no choice {number}.").format(number=number), severity="warning", timeout=3
            )

    def action_select(self) -> None:
        """Enter (or a click): pick the highlighted action, or confirm the marked one."""
        if self.highlighted is not None and 0 <= self.highlighted < len(self._actions):
            self._pick(self.highlighted, enter=True)

    def _pick(self, index: int, enter: bool) -> None:
        if self._secret and not (enter and self.marked == index):
            self._mark(index)
            return
        choose(self, self._actions[index], self._stamp)

    def _mark(self, index: int | None) -> None:
        """Show ``index`` as the chosen secret action (None: no mark); a new mark arms the gate."""
        old, self.marked = self.marked, index
        if old is not None and old != index and old < len(self._labels):
            self.replace_option_prompt_at_index(old, self._prompt(old))
        if index is None:
            if old is not None:
                set_border_label(self, "border_title", self._titles[0] or "")
                set_border_label(self, "border_subtitle", self._titles[1] or "")
            return
        if old is None:
            self._titles = (self.border_title or "", self.border_subtitle or "")
        self.replace_option_prompt_at_index(index, self._prompt(index))
        tag = self._labels[index].split(" ", 1)[0]
        set_border_label(self, "border_title", _("chosen: {tag} - Enter to confirm").format(tag=tag))
        set_border_label(self, "border_subtitle", _("another key to change"))
        KeyGate.of(self.app).arm(self)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()  # picks go through action_select

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        idx = event.option_index
        if self.marked is not None and idx != self.marked:
            self._mark(None)  # moved away from the chosen action: a change of mind
        if idx == self._previewed:
            self._previewed = None
            return  # the screen has shown this one already (claim_preview)
        self._previewed = None
        tell_screen(self, ActionPreview(self._actions[idx] if 0 <= idx < len(self._actions) else None))
