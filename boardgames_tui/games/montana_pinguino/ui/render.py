"""Pure drawing helpers of the Montaña Pingüino board: a view in, Rich Text out.

Everything here reads only the public parts of ``ctx.view`` plus the
deciding seat's own cards (``ctx.seat``); it never touches a full state.
Meaning is always carried by words or letters; colour only repeats it.
Widths are planned for the board's 48 columns beside the log at 80x24.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Span, Text

from boardgames_tui import i18n
from boardgames_tui.engine import Pass, seat_letter
from boardgames_tui.i18n import N_, _, ngettext
from boardgames_tui.ui.fit import fit_name

from .. import data as D
from .. import rules as R

#: Rich styles of the speed levels (colour repeats the level name, never replaces it).
LEVEL_STYLES = ("bold green", "bold yellow", "bold dark_orange", "bold red")
#: Styles of the seats' letters (the letter is the meaning).
SEAT_STYLES = ("bold cyan", "bold magenta", "bold blue", "bold bright_green", "bold white")


def _plain_style(style: Any) -> Any:
    if not style:
        return style
    st = Style.parse(style) if isinstance(style, str) else style
    return Style(bold=st.bold, italic=st.italic, underline=st.underline, reverse=st.reverse, dim=st.dim)


def decolour(renderable: Any) -> Any:
    """Drop every colour from a Text, Group or Table (in place), keeping bold, italic,
    reverse, underline and dim: for NO_COLOR, where red or magenta would turn into a
    grey too dark to read. Returns ``renderable``."""
    if isinstance(renderable, Text):
        renderable.style = _plain_style(renderable.style)
        renderable.spans[:] = [Span(sp.start, sp.end, _plain_style(sp.style)) for sp in renderable.spans]
    elif isinstance(renderable, Group):
        for part in renderable.renderables:
            decolour(part)
    elif isinstance(renderable, Table):
        for column in renderable.columns:
            for cell in column._cells:
                decolour(cell)
    return renderable


# ----------------------------------------------------------------------------
# Short card texts


def short_effect(icon: str, n: int) -> str:
    """One ability icon in a few words for the chooser ('+2 accel', 'rival here -1 hp')."""
    text = {
        D.HEART: N_("-{n} own hp"),
        D.ACCEL: N_("+{n} accel"),
        D.CONDUCTION: N_("+{n} conduction"),
        D.REDUCE_SHUFFLE: N_("-X accel, reshuffle discards"),
        D.REDUCE_RECOVER1: N_("-X accel, 1 discard to hand"),
        D.REDUCE_RECOVER2: N_("-X accel, 2 discards to hand"),
        D.HIT_SAME: N_("rival here -{n} hp"),
        D.HIT_NEAR: N_("rival 0-1 away -{n} hp"),
    }[icon]
    return _(text).format(n=n)


#: Item kind -> its effect in a few words (the hand shows the full text).
ITEM_SHORT = {
    D.ALETON: N_("+1 conduction"),
    D.ARDILLA: N_("take an item from the item discards"),
    D.BOMBA: N_("rivals 1-2 away -1 hp, -3 accel"),
    D.CANA: N_("you +1 section, the leader -1"),
    D.CARNERO: N_("you +1 section, rivals there -1 hp"),
    D.ERIZO: N_("spike on your section or next"),
    D.CANINO: N_("+3 accel"),
    D.HIELO: N_("ice on your section or next"),
    D.IGLU: N_("reaction: block harm to you"),
    D.MISIL: N_("rivals 1-5 away -1 hp"),
    D.PEZ: N_("one rival -1 hp, -3 accel"),
    D.REPARAR: N_("+1 hp"),
    D.TORMENTA: N_("reaction: cancel a rival's item"),
}


def half_short(half: D.Half) -> str:
    """'green-yellow: +2 accel, +1 conduction' — one ability box, compact."""
    return f"{_(D.levels_text(half.levels))}: " + ", ".join(short_effect(i, n) for i, n in half.effects)


def card_short(card: int, half: int | None = None) -> str:
    """A card's name and effect: 'Jimy 8 (top up) green: +3 accel' or 'Pez Espada: ...'."""
    if card == D.HIDDEN:
        return _("a face-down card")
    name = D.card_name(card)
    if D.is_item(card):
        return f"{name}: {_(ITEM_SHORT.get(name, D.ITEM_KINDS[name][1]))}"
    ac = D.ACTION_CARDS[card]
    if half is None:
        if ac.is_double:
            return _("{card} top {first} / bottom {second}").format(
                card=name, first=half_short(ac.halves[0]), second=half_short(ac.halves[1])
            )
        return f"{name} {half_short(ac.halves[0])}"
    if ac.is_double:
        up = _("(top up)") if half == 0 else _("(bottom up)")
        return f"{name} {up} {half_short(ac.halves[half])}"
    return f"{name} {half_short(ac.halves[0])}"


def works_at(card: int, half: int, level: int) -> bool | None:
    """Whether an action card's half acts at speed ``level`` (None for items: no speed range)."""
    if not D.is_action(card):
        return None
    return level in D.ACTION_CARDS[card].halves[half].levels


# ----------------------------------------------------------------------------
# The track


def section_words(view: Any, pos: int) -> str:
    """'curve: max yellow', 'ice: max yellow', 'straight', 'start', 'FINISH' (limit with its ice token)."""
    if pos <= 0:
        return _("start")
    sec = R.section_at(view, pos)
    if sec is None:
        return _("FINISH LINE")
    iced = (pos, D.ICE) in view.tokens
    limit = R.effective_limit(view, pos)
    if sec.curve:
        word = _("curve+ice") if iced else _("curve")
        return _("{what}: max {level}").format(what=word, level=_(D.LEVEL_NAMES[limit]))  # type: ignore[index]  # a curve has a limit
    if iced:
        return _("{what}: max {level}").format(what=_("ice"), level=_(D.LEVEL_NAMES[limit]))  # type: ignore[index]  # ice sets a limit
    return _("straight")


# ----------------------------------------------------------------------------
# Runners


def where_text(view: Any, seat: int) -> str:
    pos = view.position[seat]
    if pos <= 0:
        return _("at the start")
    if view.finished(seat):
        return _("finished")
    return _("section {section}").format(section=pos)


def runner_text(
    view: Any,
    seat: int,
    names: Sequence[str],
    me: int | None,
    delta: dict[str, int] | None = None,
    meter_width: int = 0,
    wide: bool = False,
    news: bool = True,
) -> Text:
    """One line for a runner: letter, name, speedometer gauge (:func:`gauge_text`), level
    and box, and health ('hp 3/4', and as pips when ``wide``); '*' marks a value changed
    in the last step (``delta``: position, box, health). A second line appears only for
    conduction, a destroyed sled, the one-card rule or a finish."""
    delta = delta or {}
    out = Text()
    level = view.level(seat)
    out.append(">" if seat == me else " ", style="bold")
    out.append(seat_letter(seat), style=SEAT_STYLES[seat] + (" reverse" if seat == me else ""))
    out.append(f" {fit_name(names[seat], 5):<5} ", style="bold" if seat == me else "")
    meter = gauge_text(view, seat)
    out.append_text(meter)
    out.append(" " * max(0, meter_width - len(meter.plain)))
    word = f"{_(D.LEVEL_NAMES[level])} {view.box[seat] + 1}"
    out.append(f" {word}", style=LEVEL_STYLES[level])
    out.append("*" if delta.get("box") else " ", style="bold")
    out.append(" " * (10 - len(word)))
    hp, top = view.health[seat], view.max_health(seat)
    out.append(_("hp {health}/{most}").format(health=hp, most=top), style="bold reverse" if hp <= 1 else "")
    if wide:
        out.append(" ")
        out.append("█" * max(0, hp), style="bold red")
        out.append("·" * max(0, top - hp), style="dim")
    out.append("*" if delta.get("health") else "", style="bold")
    lines = []
    if view.conduction[seat]:
        lines.append(_("conduction +{n}").format(n=view.conduction[seat]))
    if view.destroyed[seat]:
        lines.append(_("sled DESTROYED this round"))
    if view.one_card[seat]:
        lines.append(_("plays 1 card only (sled was destroyed)"))
    if view.finished(seat):
        lines.append(_("FINISHED"))
    if news and lines:
        out.append("\n    " + ", ".join(lines), style="italic")
    return out


def forget_drawings() -> None:
    """Drop the section boxes and runner lines kept (a fresh start, as for a new program)."""
    _CELLS.clear()
    _RUNNER_ROWS.clear()


#: Runner lines already made: what a line shows -> its Text (never changed once made).
_RUNNER_ROWS: dict[tuple, Text] = {}


def _runner_row(
    view: Any,
    seat: int,
    names: Sequence[str],
    me: int | None,
    delta: dict[str, int] | None,
    meter_width: int,
    wide: bool,
    news: bool,
) -> Text:
    """:func:`runner_text`, made once for each thing the line can show: a new seat at the
    screen remakes only the two lines whose '>' mark moved."""
    key = (
        view.sides[seat],
        view.box[seat],
        view.health[seat],
        view.conduction[seat],
        view.destroyed[seat],
        view.one_card[seat],
        view.finished(seat),
        seat,
        names[seat],
        seat == me,
        tuple(sorted((delta or {}).items())),
        meter_width,
        wide,
        news,
        i18n.language(),
    )
    row = _RUNNER_ROWS.get(key)
    if row is None:
        if len(_RUNNER_ROWS) > 4096:
            _RUNNER_ROWS.clear()
        row = _RUNNER_ROWS[key] = runner_text(view, seat, names, me, delta, meter_width, wide, news)
    return row


def runners_text(
    view: Any,
    names: Sequence[str],
    me: int | None,
    deltas: dict[int, dict[str, int]] | None = None,
    wide: bool = False,
    title: str | None = None,
    news: bool = True,
) -> Text:
    """Every runner in seat order, under a header naming the round and phase (or ``title``)."""
    deltas = deltas or {}
    out = Text()
    out.append(title or _("RUNNERS  {where}").format(where=round_text(view)), style="bold reverse")
    width = max(view.speedometer(s).total + 4 for s in range(view.players))
    for s in range(view.players):
        out.append("\n")
        out.append_text(_runner_row(view, s, names, me, deltas.get(s), width, wide, news))
    if wide:
        # The reveal (``title``) always explains the mark, so its legend keeps its rows from one
        # step to the next (a legend that wrapped only when something changed moved the board).
        marked = title is not None or any(deltas.get(s) for s in range(view.players))
        changed = _("; * changed in the last step") if marked else ""
        out.append(
            "\n  "
            + _("speed: green|yellow|orange|red boxes, █ up to the marker{changed}").format(changed=changed),
            style="dim",
        )
    return out


def round_text(view: Any) -> str:
    """'Race 2/3, round 4, support phase' — where the game is."""
    race = (
        _("race {race}/{races} ").format(race=view.race, races=R.CHAMPIONSHIP_RACES)
        if view.championship
        else ""
    )
    phase = {
        R.Phase.DRAW: N_("item draw"),
        R.Phase.KEEP: N_("item draw"),
        R.Phase.LIMIT: N_("item draw"),
        R.Phase.PLAY: N_("secret play"),
        R.Phase.ACTIVATE: N_("cards act"),
        R.Phase.RACE_OVER: N_("race over"),
        R.Phase.OVER: N_("over"),
    }[view.phase]
    first = _("first") if view.championship else _("first runner")
    return _("{race}round {round}, {phase}, {first} {seat}").format(
        race=race, round=view.round, phase=_(phase), first=first, seat=seat_letter(view.first)
    )


# ----------------------------------------------------------------------------
# Played cards, hand, items


OUTCOME_WORDS = {
    R.CardOutcome.PENDING: N_("waiting"),
    R.CardOutcome.ACTED: N_("acted"),
    R.CardOutcome.OUT_OF_RANGE: N_("off speed"),
    R.CardOutcome.NOT_POSSIBLE: N_("can't do"),
    R.CardOutcome.CANCELLED: N_("CANCELLED"),
}


def played_text(view: Any, names: Sequence[str], me: int | None) -> Group:
    """The cards played this round: face down during the secret play, then face up with
    what became of each (acted, no effect, cancelled; '> NOW' marks the one acting)."""
    head = Text(_("CARDS PLAYED THIS ROUND  (L acts first, then R)"), style="bold reverse")
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(width=3, no_wrap=True)
    grid.add_column(width=9, no_wrap=True)
    grid.add_column(ratio=1)
    act = view.activating() if view.phase == R.Phase.ACTIVATE else None
    order = view.order or tuple(range(view.players))
    for s in order:
        row = view.played[s]
        who = Text(seat_letter(s), style=SEAT_STYLES[s])
        holds = ngettext("holds {cards} card", "holds {cards} cards", len(view.hand[s])).format(
            cards=len(view.hand[s])
        ) + (
            ""
            if view.purist
            else ngettext(", {items} item", ", {items} items", len(view.items[s])).format(
                items=len(view.items[s])
            )
        )
        if not row:
            waiting = view.phase == R.Phase.PLAY and s in view.to_move
            grid.add_row(
                who, Text(_("choosing") if waiting else _("no card"), style="dim"), Text(holds, style="dim")
            )
            continue
        for i, (card, half) in enumerate(row):
            slot = Text.assemble(who if i == 0 else " ", " ", ("L" if i == 0 else "R", "bold"))
            now = act is not None and act[0] == s and view.slot == i
            if card == D.HIDDEN:
                grid.add_row(
                    slot, Text(_("face down"), style="dim"), Text(holds, style="dim") if i == 0 else ""
                )
                continue
            outcome = view.outcomes[s][i] if i < len(view.outcomes[s]) else R.CardOutcome.PENDING
            if view.phase == R.Phase.PLAY:
                status = Text(_("yours"), style="bold")
            elif now:
                status = Text(_("> NOW"), style="bold reverse")
            else:
                status = Text(_(OUTCOME_WORDS.get(outcome, outcome)), style="bold" if outcome else "dim")
            grid.add_row(slot, status, Text(card_short(card, half)))
        if view.phase == R.Phase.PLAY and s in view.to_move and len(row) == 1 and s != me:
            grid.add_row("", Text(_("choosing"), style="dim"), Text(_("a right card?"), style="dim"))
    return Group(head, grid)


def hand_text(view: Any, seat: int, highlight: int | None = None) -> Group:
    """The seat's own action cards (both halves of double cards, each with its speed
    range) and items, in words; ``highlight`` marks the card the chooser points at."""
    level = view.level(seat)
    head = Text()
    head.append(
        _("YOUR HAND  {runner}, at {level}").format(
            runner=view.characters[seat], level=_(D.LEVEL_NAMES[level])
        ),
        style="bold reverse",
    )
    head.append(
        "  "
        + _("deck {deck}, discard {discard}").format(
            deck=len(view.deck[seat]), discard=len(view.discard[seat])
        ),
        style="dim",
    )
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(width=8, no_wrap=True)
    grid.add_column(ratio=1)
    if not view.hand[seat]:
        grid.add_row("", Text(_("no action cards"), style="dim"))
    for card in view.hand[seat]:
        ac = D.ACTION_CARDS[card]
        mark = "*" if card == highlight else " "
        body = Text()
        for h, half in enumerate(ac.halves):
            if h:
                body.append("\n")
            if ac.is_double:
                body.append(_("top: ") if h == 0 else _("bottom: "), style="bold")
            ok = level in half.levels
            body.append(i18n.translate_parts(D.half_text(half)), style="" if ok else "dim")
            if not ok:
                body.append(" " + _("(not now)"), style="dim")
        grid.add_row(Text(f"{mark}{ac.name}", style="bold"), body)
    parts: list[Any] = [head, grid]
    if view.phase == R.Phase.KEEP and view.drawn and D.HIDDEN not in view.drawn:
        drew = Text(_("YOU DREW  "), style="bold reverse")
        rest = len(view.drawn) - 1
        drew.append(
            ", ".join(D.card_name(c) for c in view.drawn)
            + " "
            + _("(keep 1; the other {rest} go face up to the item discards)").format(rest=rest),
            style="bold",
        )
        parts = [drew, *parts]
    if not view.purist:
        items = Text()
        items.append(_("YOUR ITEMS  (at most 2)"), style="bold reverse")
        parts.append(items)
        igrid = Table.grid(padding=(0, 1), expand=True)
        igrid.add_column(width=12, no_wrap=True)
        igrid.add_column(ratio=1)
        if not view.items[seat]:
            igrid.add_row("", Text(_("none"), style="dim"))
        for card in view.items[seat]:
            kind = D.item_kind(card)
            mark = "*" if card == highlight else " "
            igrid.add_row(Text(f"{mark}{kind}", style="bold"), Text(_(D.ITEM_KINDS[kind][1])))
        parts.append(igrid)
    return Group(*parts)


def _starts_round(text: str) -> bool:
    """Whether a log line opens a round: 'Round 3 begins; ...' or 'The race begins; ...'."""
    return " begins; " in text


def race_is_over(view: Any) -> bool:
    """Whether the race on the board has ended (between Championship races, or game over)."""
    return view.phase in (R.Phase.RACE_OVER, R.Phase.OVER)


def last_round_events(view: Any) -> list[Any]:
    """The public log events of the round before the current one (the last round of the
    previous race when a new race has just begun), without the face-down placements.
    Once the race is over (game over, or between Championship races): its final round,
    up to the result."""
    log = view.log
    starts: list[int] = []  # the last two round openings, oldest first (read from the end: a long log)
    for i in range(len(log) - 1, -1, -1):
        if _starts_round(log[i].text):
            starts.insert(0, i)
            if len(starts) == 2:
                break
    if race_is_over(view):
        if not starts:
            return []
        begin, end = starts[-1] + 1, len(log)
    elif len(starts) < 2:
        return []
    else:
        begin, end = starts[-2] + 1, starts[-1]
    return [e for e in log[begin:end] if e.text and "face down" not in e.text]


def last_round_text(view: Any, names: Sequence[str], seat: int | None) -> Group | Text:
    """The last round's public log, step by step, under a header (empty Text in round 1)."""
    events = last_round_events(view)
    if not events:
        return Text()
    if race_is_over(view):
        title = _("HOW THE RACE ENDED: ROUND {round}").format(round=view.round)
    else:
        title = (
            _("LAST ROUND ({round})").format(round=view.round - 1)
            if view.round > 1
            else _("LAST ROUND OF THE PREVIOUS RACE")
        )
    head = Text(_("{title} STEP BY STEP").format(title=title), style="bold reverse")
    grid = Table.grid(expand=True)
    grid.add_column(width=2, no_wrap=True)
    grid.add_column(ratio=1)
    for e in events:
        grid.add_row("-", Text(i18n.render_event(e, names, seat)))
    return Group(head, grid)


# ----------------------------------------------------------------------------
# Results


def race_places_text(view: Any, names: Sequence[str], title: str = "") -> Text:
    """Every runner's place in the race on the board, best first (the end-of-race
    tie-breaks: crossing round, item crossing, speed, box, health) and how the race
    ended for it: 'crossed round 7 at orange box 9, health 3' or where it stands."""
    out = Text()
    out.append(title or _("RACE RESULT"), style="bold reverse")
    out.append(" " + _("(crossing round, speed, health)"), style="dim")
    keys = view.race_keys()
    if race_is_over(view) and view.places:
        place = view.places[-1]
    else:
        place = tuple(1 + sum(1 for k in keys if k > keys[s]) for s in range(view.players))
    for s in sorted(range(view.players), key=lambda s: (place[s], s)):
        out.append("\n")
        f = view.finish[s]
        out.append(f"{place[s]}. ", style="bold")
        out.append(f"{seat_letter(s)} {fit_name(names[s], 6):<6}", style=SEAT_STYLES[s])
        if f:
            how = _(" with an item") if f[1] == 0 else ""
            out.append(
                " "
                + _("round {round}{how}, {level} box {box}, ").format(
                    round=f[0], how=how, level=_(D.LEVEL_NAMES[f[2]]), box=f[3] + 1
                )
            )
            # Wrecked by the advance that crossed: health 0, the least on the health tie-break.
            out.append(
                _("health {health}").format(health=f[4]) if f[4] else _("wrecked"),
                style="" if f[4] else "bold",
            )
        else:
            out.append(
                " "
                + _("{where}, {level} box {box}").format(
                    where=where_text(view, s), level=_(D.LEVEL_NAMES[view.level(s)]), box=view.box[s] + 1
                )
            )
    return out


def result_text(view: Any, names: Sequence[str]) -> Text | Group:
    """The race result (places, crossing round, speed, box, health) and, in the
    Championship, the points of each race so far (with the finished race's places
    above them once it is over)."""
    out = Text()
    title = _("RACE RESULT") if not view.championship else _("CHAMPIONSHIP")
    out.append(title, style="bold reverse")
    if view.championship:
        pts = R.CHAMPIONSHIP_POINTS[view.players]
        grid = Table.grid(padding=(0, 1))
        # Explicit widths: the padding alone is lost in some renderings (names ran into places).
        grid.add_column(no_wrap=True, min_width=10)
        for _r in range(len(view.places)):
            grid.add_column(justify="right", no_wrap=True, min_width=7)
        grid.add_column(justify="right", no_wrap=True, min_width=7)
        grid.add_column(justify="right", no_wrap=True, min_width=4)
        grid.add_row(
            _("runner"),
            *[_("race {race}").format(race=r + 1) for r in range(len(view.places))],
            _("points"),
            _("1st"),
            style="bold",
        )
        for s in sorted(range(view.players), key=lambda s: (-view.points[s], -view.firsts[s], s)):
            cells = [f"{place[s]}. +{pts[place[s] - 1]}" for place in view.places]
            grid.add_row(
                Text(f"{seat_letter(s)} {fit_name(names[s], 8)}", style=SEAT_STYLES[s]),
                *cells,
                str(view.points[s]),
                str(view.firsts[s]),
            )
        note = Text(_("(place. +points in each race)"), style="dim")
        if view.phase == R.Phase.OVER and view.result:
            won = _(" and ").join(f"{seat_letter(s)} {names[s]}" for s in view.result)
            note = Text()
            note.append(_("WINNER: {names}").format(names=won), style="bold reverse")
            note.append("  " + _("decided by {what}").format(what=_(view.decided_by)), style="bold")
        if race_is_over(view):
            return Group(
                race_places_text(view, names, _("RACE {race} RESULT").format(race=view.race)), out, grid, note
            )
        return Group(out, grid, note)
    out = race_places_text(view, names)
    if view.result:
        won = _(" and ").join(f"{seat_letter(s)} {names[s]}" for s in view.result)
        out.append("\n" + _("WINNER: {names}").format(names=won), style="bold reverse")
    if view.decided_by:
        out.append("  " + _("decided by {what}").format(what=_(view.decided_by)), style="bold")
    return out


# ----------------------------------------------------------------------------
# Action labels


def action_label(
    view: Any | None, seat: int | None, action: Any, names: Sequence[str] = (), level: int | None = None
) -> str:
    """The chooser text of ``action``: the card's effect in words, a target's place, a section.

    ``level`` is the speed a played card will meet (after the left card for a right
    card); default: the seat's speed now. '(not now)' marks a card outside its range there.
    """

    def who(s: int) -> str:
        return f"{seat_letter(s)} {names[s]}" if s < len(names) else seat_letter(s)

    if isinstance(action, R.PlayCard):
        text = card_short(action.card, action.half)
        if (
            view is not None
            and seat is not None
            and D.is_action(action.card)
            and not works_at(action.card, action.half, view.level(seat) if level is None else level)
        ):
            text += " " + _("(not now)")
        return text
    if isinstance(action, R.PlayNoMore):
        return _("no right card: done")
    if isinstance(action, R.DrawItem):
        if view is not None and seat is not None and seat in view.last_place():
            return _("draw 3 item cards (last place), keep 1")
        return _("draw 1 item card")
    if isinstance(action, R.KeepItem):
        text = _("keep {card}").format(card=card_short(action.card))
        if view is not None:
            kind = D.item_kind(action.card)
            same = sum(1 for c in view.drawn if c != D.HIDDEN and D.item_kind(c) == kind)
            if same > 1:
                text = _("keep {card} (you drew {count}): {text}").format(
                    card=kind, count=same, text=_(ITEM_SHORT.get(kind, ""))
                )
        return text
    if isinstance(action, R.NextRace):
        if view is not None:
            return _("start race {next} (everyone has seen race {race})").format(
                next=view.race + 1, race=view.race
            )
        return str(action)
    if isinstance(action, R.DiscardItem):
        return _("discard {card}").format(card=card_short(action.card))
    if isinstance(action, R.Reduce):
        if view is not None and seat is not None:
            side = view.sides[seat]
            new = max(0, view.box[seat] - action.amount)
            lv = D.LEVEL_NAMES[D.speed_level(side, new)]
            return _("slow down {amount}: to {level}, box {box}").format(
                amount=action.amount, level=_(lv), box=new + 1
            )
        return str(action)
    if isinstance(action, R.Recover):
        if D.is_item(action.card):
            return _("take {card}").format(card=card_short(action.card))
        return _("take back {card}").format(card=card_short(action.card))
    if isinstance(action, R.Target):
        if view is not None:
            s = action.seat
            return _("target {runner}: {where}, health {health}/{most}, {level}").format(
                runner=who(s),
                where=where_text(view, s),
                health=view.health[s],
                most=view.max_health(s),
                level=_(D.LEVEL_NAMES[view.level(s)]),
            )
        return str(action)
    if isinstance(action, R.PlaceToken):
        if view is not None:
            here = [
                seat_letter(s)
                for s in range(view.players)
                if view.position[s] == action.section and not view.finished(s)
            ]
            extra = _(", sleds there: {sleds}").format(sleds=" ".join(here)) if here else ""
            return _("token on section {section} ({what}{extra})").format(
                section=action.section, what=section_words(view, action.section), extra=extra
            )
        return str(action)
    if isinstance(action, R.PlayIglu):
        return _("play Iglú: block this card's effect on you")
    if isinstance(action, R.PlayTormenta):
        return _("play Tormenta de Nieve: cancel this item")
    if isinstance(action, Pass):
        return _("pass")
    return str(action)


# ----------------------------------------------------------------------------
# The course, drawn like the table: sections as boxes winding down the page


#: Glyphs of the course (box drawing and Latin-1 only; F1 "On screen" names each).
TREE_GLYPH = "T"
SPIKE_GLYPH = "^"
ICE_GLYPH = "~"
CURVE_GLYPH = ")"
TARGET_GLYPH = ">"


def course_shape(length: int, width: int) -> tuple[int, int, int]:
    """(cell interior width, cells per row, rows) for a course of ``length`` sections drawn
    in ``width`` columns: 7-wide cells when there is room, else 5, else 4; rows balanced."""
    for inner in (7, 5, 4):
        per_row = max(1, (width - 5) // (inner + 1))
        rows = -(-length // per_row)
        if inner == 4 or rows <= 2 or (inner == 5 and rows <= 3):
            per_row = -(-length // rows)
            return inner, per_row, rows
    raise AssertionError("unreachable")


def _section_cells(
    view: Any,
    pos: int,
    inner: int,
    seat: int | None,
    target: int | None,
    marks: dict[int, str],
    level_of: Any,
) -> tuple[Text, Text, Text]:
    """(top border label, line 1, line 2) of section ``pos``: its number and speed limit,
    its track acceleration, spike, tree, and the sleds on it."""
    sec = R.section_at(view, pos)
    iced = (pos, D.ICE) in view.tokens
    label = Text(str(pos), style="bold")
    limit = R.effective_limit(view, pos) if sec is not None else None
    tag = ""
    if sec is not None and (sec.curve or iced) and limit is not None:
        tag = level_letter(limit) + (CURVE_GLYPH if sec.curve else "") + (ICE_GLYPH if iced else "")
    top = Text()
    top.append_text(label)
    fill = inner - len(label.plain) - len(tag)
    top.append("─" * max(0, fill))
    if tag:
        top.append(tag, style=LEVEL_STYLES[limit] + " reverse")  # type: ignore[index]  # a tag is made only with a limit
    line1 = Text()
    acc = f"{sec.accel:+d}" if sec is not None and sec.accel else ""
    line1.append(f"{acc:<2}", style="green" if acc.startswith("+") else "red")
    middle = inner - 4
    spike = (pos, D.SPIKE) in view.tokens
    mark = marks.get(pos)
    if mark:
        line1.append(f"{'?':^{middle + 1}}", style="bold reverse")
    else:
        line1.append(" " * middle)
        line1.append(SPIKE_GLYPH if spike else " ", style="bold red")
    line1.append(TREE_GLYPH if sec is not None and sec.tree else " ", style="bold green")
    line2 = Text()
    finish = view.length + 1
    here = [s for s in range(view.players) if min(view.position[s], finish) == pos]
    for s in here:
        if s == target:
            line2.append(TARGET_GLYPH, style="bold reverse")
        line2.append(seat_letter(s), style=SEAT_STYLES[s] + (" reverse" if s == seat else ""))
    line2.append(" " * max(0, inner - len(line2.plain)))
    line2.truncate(inner)
    return top, line1, line2


#: Section boxes already drawn: what a box shows -> its three Texts (never changed once made).
_CELLS: dict[tuple, tuple[Text, Text, Text]] = {}


def _cells_of(
    view: Any, pos: int, inner: int, seat: int | None, target: int | None, marks: dict[int, str]
) -> tuple[Text, Text, Text]:
    """:func:`_section_cells` of section ``pos``, drawn once for each thing the box can show
    (its section, ice and spike, its '?' mark, the sleds on it, which of them is the deciding
    runner's or the target): a new step redraws only the boxes a sled left or reached."""
    finish = view.length + 1
    here = tuple(s for s in range(view.players) if min(view.position[s], finish) == pos)
    key = (
        view.track,
        pos,
        inner,
        (pos, D.ICE) in view.tokens,
        (pos, D.SPIKE) in view.tokens,
        marks.get(pos),
        here,
        seat if seat in here else None,
        target if target in here else None,
        i18n.language(),  # the speed limit's letter is the language's
    )
    cells = _CELLS.get(key)
    if cells is None:
        if len(_CELLS) > 4096:
            _CELLS.clear()
        cells = _CELLS[key] = _section_cells(view, pos, inner, seat, target, marks, None)
    return cells


def course_text(
    view: Any,
    seat: int | None,
    width: int,
    marks: dict[int, str] | None = None,
    target: int | None = None,
    ends: bool = False,
) -> Text:
    """The whole course as boxes, one per section, winding left to right then right to
    left: each box's top edge carries its number and a speed limit ('Y)' a curve taken at
    most at yellow, '~' ice), its inside the track acceleration ('+1'), a spike '^', a
    tree 'T' and the sleds by letter (the deciding runner's in reverse video, a target
    after '>'). 'S' marks where the course starts and 'F' where it finishes; sleds still
    at the start or past the finish line are listed on lines of their own above and below
    (with ``ends``, both lines are there even with no sled on them: the course then keeps its
    rows while sleds leave the start and cross the line, as in a reveal). ``marks`` flags
    sections ('?': where a token would go)."""
    marks = dict(marks or {})
    length = view.length
    inner, per_row, rows = course_shape(length, width)
    finish = length + 1
    out = Text(no_wrap=True, overflow="crop")

    def sleds_at(p: int) -> Text:
        t = Text()
        for s in range(view.players):
            if min(view.position[s], finish) == p:
                if s == target:
                    t.append(TARGET_GLYPH, style="bold reverse")
                t.append(seat_letter(s), style=SEAT_STYLES[s] + (" reverse" if s == seat else ""))
                t.append(" ")
        return t

    start = sleds_at(0)
    if start.plain or ends:
        out.append("S " + _("start") + "  ", style="bold")
        out.append_text(start)
        out.append("\n")
    cells = [_cells_of(view, p, inner, seat, target, marks) for p in range(1, length + 1)]
    for r in range(rows):
        chunk = list(range(r * per_row, min(length, (r + 1) * per_row)))
        rtl = r % 2 == 1
        order = list(reversed(chunk)) if rtl else chunk
        pad = per_row - len(order)
        more = r < rows - 1
        # left and right margins: where the course comes in and goes on (a turn between rows)
        if rtl:
            left = ["  ", "╭─" if more else "F«", "│ " if more else "  ", "│ " if more else "  "]
            right = [" │", "─╯", "  ", "  "]
        else:
            left = ["│ " if r else "  ", "╰─" if r else "S─", "  ", "  "]
            right = ["  ", "─╮" if more else "»F", " │" if more else "  ", " │" if more else "  "]
        if rtl:
            left = [m + " " * ((inner + 1) * pad) for m in left]
        lines = [Text(left[i], style="bold") for i in range(4)]
        for j, idx in enumerate(order):
            top, l1, l2 = cells[idx]
            first = j == 0
            lines[0].append("┌" if first else "┬")
            lines[0].append_text(top)
            for k, body in ((1, l1), (2, l2)):
                lines[k].append("│")
                lines[k].append_text(body)
            lines[3].append(("└" if first else "┴") + "─" * inner)
        lines[0].append("┐")
        lines[1].append("│")
        lines[2].append("│")
        lines[3].append("┘")
        if not rtl:
            right = [" " * ((inner + 1) * pad) + m if m.strip() else m for m in right]
        for i in range(4):
            lines[i].append(right[i], style="bold")
            out.append_text(lines[i])
            out.append("\n")
    end = sleds_at(finish)
    if end.plain or ends:
        out.append(_("F finish") + " ", style="bold")  # F: the finish's letter on the track
        out.append_text(end)
    out.rstrip()
    return out


#: The speed levels' letters in the language shown, one per level from green to red (the
#: initials of the colours' names: "GYOR" in English, "VANR" in Spanish).
LEVEL_LETTERS_SHOWN = N_("GYOR")


def level_letter(level: int) -> str:
    """The letter a speed level (0 green .. 3 red) is shown with, in the current language.

    The rules name the levels by ``data.LEVEL_LETTERS`` (English) whatever
    the language; only the screens use these. A catalogue whose letters are
    not four falls back to the English ones.
    """
    letters = _(LEVEL_LETTERS_SHOWN)
    return (letters if len(letters) == len(D.LEVEL_LETTERS) else D.LEVEL_LETTERS)[level]


def gauge_text(view: Any, seat: int) -> Text:
    """The speedometer as a gauge: each level's boxes after its letter (G Y O R), filled
    with '█' up to the marker box, '·' beyond; the level the marker is in stands in
    reverse video, so the gauge reads without colour."""
    meter = view.speedometer(seat)
    box = view.box[seat]
    level = view.level(seat)
    out = Text()
    i = 0
    for lv, count in enumerate(meter.boxes):
        out.append(
            level_letter(lv), style=("bold reverse " if lv == level else "") + LEVEL_STYLES[lv].split()[-1]
        )
        for _n in range(count):
            out.append("█" if i <= box else "·", style=LEVEL_STYLES[lv] if i <= box else "dim")
            i += 1
    return out


def ahead_text(view: Any, seat: int | None) -> Text:
    """'Ahead of A: 4 curve: max yellow, 5 tree ...': the 4 sections after the deciding
    runner's sled in words (the furthest one advance can take it), for a new player."""
    out = Text()  # wrapped at word breaks: it is read, not laid out
    if seat is None or view.finished(seat):
        return out
    pos = view.position[seat]
    parts = []
    for p in range(pos + 1, min(view.length, pos + 4) + 1):
        sec = R.section_at(view, p)
        words = [section_words(view, p)]
        if sec is not None and sec.tree:
            words.append(_("tree"))
        if (p, D.SPIKE) in view.tokens:
            words.append(_("spike"))
        if sec is not None and sec.accel:
            words.append(f"{sec.accel:+d}")
        parts.append(f"{p} " + " ".join(words))
    if pos + 4 > view.length:
        parts.append(_("finish"))
    out.append(_("Ahead of {seat}: ").format(seat=seat_letter(seat)), style="bold")
    out.append("; ".join(parts))
    return out
