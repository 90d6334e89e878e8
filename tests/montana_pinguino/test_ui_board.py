"""Widget tests of the Montaña Pingüino board and chooser, mounted in a tiny App with
BoardContexts built from real engine states (views only, as the GameScreen does)."""

from __future__ import annotations

import attrs
import pytest

from boardgames_tui.engine import Pass
from boardgames_tui.games.montana_pinguino import data as D
from boardgames_tui.games.montana_pinguino import rules as R
from boardgames_tui.games.montana_pinguino.ui import render
from boardgames_tui.games.montana_pinguino.ui.chooser import chooser_title
from boardgames_tui.ui.lines import Lines
from tests.screen_text import wait_for

from .conftest import NAMES, SPEC, BoardApp, ctx_for, play_until, random_states

SIZE = (50, 22)


def new(players: int = 2, seed: int = 1, **options):
    return SPEC.new_game(players, seed, **options)


# ---- drawing every phase -----------------------------------------------------


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (2, 11, {}),
        pytest.param(3, 12, {"advanced_sides": True}, marks=pytest.mark.slow),
        pytest.param(4, 13, {"random_track": True, "track_cards": 10}, marks=pytest.mark.slow),
        pytest.param(2, 14, {"championship": True}, marks=pytest.mark.slow),
        pytest.param(3, 15, {"purist": True}, marks=pytest.mark.slow),
    ],
)
async def test_board_draws_every_state_and_labels_every_action(players, seed, options):
    """Whole random games: every state drawn for the deciding seat and for a spectator,
    every legal action labelled and previewed, every runner's letter on the board."""
    states = list(random_states(players, seed, options, limit=3000))
    assert states[-1].is_terminal
    app = BoardApp(ctx_for(states[0], states[0].to_move[0]))
    async with app.run_test(size=SIZE) as pilot:
        for i, state in enumerate(states):
            seat = state.to_move[0] if state.to_move else None
            ctx = ctx_for(state, seat)
            app.show(ctx)
            for action in ctx.legal:
                label = app.board.action_label(action)
                assert label and "\n" not in label
                app.board.preview(action)
            app.board.preview(None)
            if i % 25 == 0 or state.is_terminal:
                text = app.board.plain_text(100)
                for s in range(players):
                    assert f"{'ABCD'[s]} {NAMES[s]}"[:3] in text
                await pilot.pause()
        app.show(ctx_for(states[-1], None))
        text = app.board.plain_text(100)
        assert ("CHAMPIONSHIP" if options.get("championship") else "RACE RESULT") in text
        assert "WINNER" in text


# ---- the track ---------------------------------------------------------------


def course_cells(text: str) -> dict[int, tuple[str, str, str]]:
    """The course drawing read back: section -> (top edge label, line 1, line 2) of its box."""
    lines = text.splitlines()
    out: dict[int, tuple[str, str, str]] = {}
    for i, line in enumerate(lines):
        for j, ch in enumerate(line):
            if ch in "┌┬" and j + 1 < len(line) and line[j + 1].isdigit():
                end = next(k for k in range(j + 1, len(line)) if line[k] in "┬┐")
                num = int(line[j + 1 : end].split("─")[0].rstrip("GYOR)~"))
                out[num] = (line[j + 1 : end], lines[i + 1][j + 1 : end], lines[i + 2][j + 1 : end])
    return out


def _first(st, pred) -> int:
    return next(i + 1 for i, sec in enumerate(st.sections) if pred(sec))


def test_course_draws_every_section_as_a_box_with_its_speed_limit():
    st = new()
    cells = course_cells(render.course_text(st.view(0), 0, 48).plain)
    assert sorted(cells) == list(range(1, st.length + 1))
    for curve, letter in ((D.FAST, "Y)"), (D.SLOW, "G)")):
        pos = _first(st, lambda sec, curve=curve: sec.curve == curve)
        assert cells[pos][0].endswith(letter)
    pos = _first(st, lambda sec: not sec.curve)
    assert ")" not in cells[pos][0]


def test_course_shows_trees_accelerations_ice_and_spikes():
    st = new()
    fast = _first(st, lambda sec: sec.curve == D.FAST)
    tree = _first(st, lambda sec: sec.tree)
    plain = _first(st, lambda sec: not sec.curve and sec.accel)
    tokens = tuple(sorted({(fast, D.ICE), (tree, D.SPIKE), (plain, D.ICE)}))
    view = attrs.evolve(st, position=(fast - 1, plain - 1), tokens=tokens).view(0)
    cells = course_cells(render.course_text(view, 0, 48).plain)
    assert cells[fast][0].endswith("G)~")  # a fast curve with ice: at most green
    assert cells[plain][0].endswith("Y~")  # ice on a straight: at most yellow
    assert cells[tree][1].endswith("^T")
    assert cells[plain][1].startswith(f"{st.sections[plain - 1].accel:+d}")


def test_course_every_sled_by_runner_letter_start_and_finish():
    st = attrs.evolve(new(4), position=(0, 5, 12, 15))
    text = render.course_text(st.view(0), 0, 48).plain
    cells = course_cells(text)
    assert cells[5][2].strip() == "B" and cells[12][2].strip() == "C"
    lines = text.splitlines()
    assert lines[0].split() == ["S", "start", "A"] and lines[-1].split() == ["F", "finish", "D"]
    assert "S─" in text and ("F«" in text or "»F" in text)


def test_course_winds_back_and_forth_and_grows_with_the_width():
    st = new()
    narrow = render.course_text(st.view(0), 0, 48).plain
    wide = render.course_text(st.view(0), 0, 76).plain
    assert max(len(line) for line in narrow.splitlines()) <= 48
    assert len(course_cells(wide)[1][1]) > len(course_cells(narrow)[1][1])  # bigger boxes
    tops = [line for line in narrow.splitlines() if "┌" in line]
    assert len(tops) == 2

    def numbers(line: str) -> list[int]:
        return [int(part.split("─")[0].rstrip("GYOR)~")) for part in line.replace("┌", "┬").split("┬")[1:]]

    assert numbers(tops[0]) == sorted(numbers(tops[0]))  # left to right ...
    assert numbers(tops[1]) == sorted(numbers(tops[1]), reverse=True)  # ... then back
    assert "─╮" in narrow and "─╯" in narrow  # the turn between them


def test_ahead_line_names_the_next_four_sections_in_words():
    st = attrs.evolve(new(), position=(0, 0))
    text = render.ahead_text(st.view(0), 0).plain
    assert text.startswith("Ahead of A: 1 ") and "; 4 " in text and "; 5 " not in text
    fast = _first(st, lambda sec: sec.curve == D.FAST)
    if fast <= 4:
        assert "curve: max yellow" in text


# ---- runners -----------------------------------------------------------------


def test_speedometer_gauge_fills_up_to_the_marker_with_level_letters():
    st = attrs.evolve(new(), box=(5, 0))
    view = st.view(0)
    assert render.gauge_text(view, 0).plain == "G████Y██··O····R····"
    line = render.runner_text(view, 0, NAMES, 0).plain
    assert line.startswith(">A Ana   G████Y██··O····R···· yellow 6   hp 4/4")
    assert "green 1" in render.runner_text(view, 1, NAMES, 0).plain


def test_heavy_side_speedometer_has_five_green_boxes():
    st = new(2, 1, advanced_sides=True)
    s = (
        next(i for i, c in enumerate(st.characters) if D.WEIGHT[c] == "heavy")
        if any(D.WEIGHT[c] == "heavy" for c in st.characters)
        else None
    )
    if s is None:
        st = attrs.evolve(st, characters=("Jimy", st.characters[1]), sides=(D.HEAVY, st.sides[1]))
        s = 0
    assert render.gauge_text(st.view(s), s).plain == "G█····Y·····O····R····"


async def test_last_effects_are_pointed_out_after_a_step():
    st = new(2, 3)
    after = attrs.evolve(st, position=(3, 1), box=(6, 1), health=(3, 4))
    app = BoardApp(ctx_for(st, 0))
    async with app.run_test(size=SIZE):
        app.show(ctx_for(after, None))
        text = app.board.plain_text(100)
        lines = text.splitlines()
        assert any(
            line.startswith(" A Ana") and line.rstrip().endswith("yellow 7*  hp 3/4*") for line in lines
        )
        assert any(
            line.startswith(" B Beto") and line.rstrip().endswith("green 2*   hp 4/4") for line in lines
        )


# ---- the hand and the secret play --------------------------------------------


async def test_hand_shows_each_cards_levels_and_effect_in_words():
    st = new(2, 5)
    app = BoardApp(ctx_for(st, 0))
    async with app.run_test(size=SIZE):
        text = " ".join(app.board.plain_text(160).split())
        for card in st.hand[0]:
            for half in D.ACTION_CARDS[card].halves:
                assert D.half_text(half) in text
        assert "YOUR HAND" in text and "YOUR ITEMS" in text


async def test_nothing_private_of_another_runner_on_screen():
    st = new(2, 6)
    st = st.apply(0, R.PlayCard(st.hand[0][0], 0))
    st = st.apply(0, R.PlayNoMore())
    secret = {D.card_name(c) for c in st.hand[0] + st.deck[0]} | {D.card_name(st.played[0][0][0])}
    app = BoardApp(ctx_for(st, 1))
    async with app.run_test(size=SIZE):
        text = app.board.plain_text(160)
        for name in secret:
            assert name not in text, name
        assert "face down" in text
        app.show(ctx_for(st, None))
        text = app.board.plain_text(160)
        assert not any(name in text for name in secret)


async def test_secret_play_left_right_slots_and_double_card_orientation():
    st = new(2, 7)
    double = next(c for c in D.deck_of(st.characters[0]) if D.ACTION_CARDS[c].is_double)
    st = attrs.evolve(
        st,
        hand=((double,) + tuple(c for c in st.hand[0] if c != double)[:4], st.hand[1]),
        deck=(
            tuple(c for c in D.deck_of(st.characters[0]) if c != double and c not in st.hand[0])[:6],
            st.deck[1],
        ),
    )
    ctx = ctx_for(st, 0)
    app = BoardApp(ctx)
    async with app.run_test(size=SIZE):
        labels = [
            app.board.action_label(a) for a in ctx.legal if isinstance(a, R.PlayCard) and a.card == double
        ]
        assert len(labels) == 2
        assert "(top up)" in labels[0] and "(bottom up)" in labels[1]
        assert chooser_title(ctx).startswith("Secret play: LEFT card")
        app.board.preview(R.PlayCard(double, 1))
        text = app.board.plain_text(100)
        assert f"LEFT {D.card_name(double)}: " in text
        st2 = st.apply(0, R.PlayCard(double, 1))
        ctx2 = ctx_for(st2, 0)
        app.show(ctx2)
        assert chooser_title(ctx2).startswith("RIGHT card")
        assert app.board.action_label(R.PlayNoMore()) == "no right card: done"
        text = app.board.plain_text(100)
        assert "L yours" in " ".join(text.split()) and "(bottom up)" in text


async def test_preview_says_whether_a_card_acts_and_the_speed_it_gives():
    st = attrs.evolve(new(2, 8), position=(0, 0))
    ctx = ctx_for(st, 0)
    app = BoardApp(ctx)
    async with app.run_test(size=SIZE):
        for action in ctx.legal:
            app.board.preview(action)
            text = app.board.plain_text(120)
            card = D.ACTION_CARDS[action.card]
            icons = {icon for icon, _n in card.halves[action.half].effects}
            if 0 in card.halves[action.half].levels and icons & set(D.REDUCE_ICONS):
                assert "Does NOTHING now: the marker is on the first box." in text  # nothing to slow down
            elif 0 in card.halves[action.half].levels:
                assert "Acts at green." in text
            else:
                assert "Does NOTHING at green." in text
            assert "Then " in text and " box " in text


async def test_preview_warns_when_a_hit_has_no_rival_in_range():
    st = new(2, 8)
    hit = next(
        c.id
        for c in D.ACTION_CARDS
        if any(icon in D.RED_ICONS for icon, _n in c.halves[0].effects) and 0 in c.halves[0].levels
    )
    me = D.ACTION_CARDS[hit].character
    other = next(c for c in D.CHARACTERS if c != me)
    rest = tuple(c for c in D.deck_of(me) if c != hit)
    st = attrs.evolve(
        st,
        characters=(me, other),
        hand=(tuple(sorted((hit,) + rest[:4])), D.deck_of(other)[:5]),
        deck=(rest[4:], D.deck_of(other)[5:]),
        discard=((), ()),
        position=(0, 0),
    )
    app = BoardApp(ctx_for(st, 0))
    async with app.run_test(size=SIZE):
        app.board.preview(R.PlayCard(hit, 0))
        assert "Acts at green." in app.board.plain_text(120)
        app.show(ctx_for(attrs.evolve(st, position=(0, 5)), 0))
        app.board.preview(R.PlayCard(hit, 0))
        assert "Does NOTHING now: no opponent is in range." in app.board.plain_text(120)


async def test_preview_marks_a_target_and_a_token_section_on_the_course():
    st = new(3, 9)
    st = play_until(
        st,
        lambda s: (
            s.phase == R.Phase.ACTIVATE
            and s.to_move
            and any(isinstance(a, (R.Target, R.PlaceToken)) for a in s.legal_actions(s.to_move[0]))
        ),
        seed=9,
        limit=20000,
    )
    seat = st.to_move[0]
    ctx = ctx_for(st, seat)
    app = BoardApp(ctx)
    async with app.run_test(size=SIZE):
        action = next(a for a in ctx.legal if isinstance(a, (R.Target, R.PlaceToken)))
        app.board.preview(action)
        text = app.board.plain_text(120)
        if isinstance(action, R.Target):
            assert f">{'ABCD'[action.seat]}" in text and "marked > on the course" in text
        else:
            cell = course_cells(text)[action.section]
            assert "?" in cell[1] and "marked ? on the course" in text


# ---- resolution, reactions, results --------------------------------------------


async def test_cards_played_are_shown_with_what_became_of_each():
    st = play_until(new(3, 10), lambda s: s.phase == R.Phase.ACTIVATE and s.to_move, seed=10, limit=20000)
    app = BoardApp(ctx_for(st, None))
    async with app.run_test(size=SIZE):
        text = app.board.plain_text(120)
        assert "CARDS PLAYED THIS ROUND" in text
        assert "> NOW" in text


async def test_last_round_step_by_step():
    st = play_until(new(2, 11), lambda s: s.round == 2, seed=11)
    app = BoardApp(ctx_for(st, st.to_move[0]))
    async with app.run_test(size=SIZE):
        text = " ".join(app.board.plain_text(160).split())
        assert "LAST ROUND (1) STEP BY STEP" in text
        assert "Round 2 begins" not in text
        assert "reveals left" in text and "advances" in text


async def test_reaction_labels_and_title():
    st = play_until(new(3, 12), lambda s: s.reaction_window is not None, seed=12, limit=20000)
    seat = st.to_move[0]
    ctx = ctx_for(st, seat)
    assert chooser_title(ctx) == "Reaction"
    labels = [render.action_label(ctx.view, seat, a, NAMES) for a in ctx.legal]
    assert labels[-1] == "pass" and isinstance(ctx.legal[-1], Pass)
    app = BoardApp(ctx)
    async with app.run_test(size=SIZE):
        app.board.preview(ctx.legal[0])
        assert " ".join(st.reaction_window.split()) in " ".join(app.board.plain_text(200).split())


async def test_race_result_lists_places_speed_and_the_deciding_tie_break():
    st = play_until(new(3, 13), lambda s: s.is_terminal, seed=13, limit=20000)
    text = render.result_text(st.view(None), NAMES).plain
    assert "RACE RESULT" in text and "1. " in text and "3. " in text
    w = st.winners()[0]
    assert f"WINNER: {'ABCD'[w]} {NAMES[w]}  decided by {st.decided_by}" in text
    assert any(line.startswith(f"1. {'ABCD'[w]} ") for line in text.splitlines())


async def test_championship_table_per_race_points():
    st = play_until(new(2, 14, championship=True), lambda s: s.is_terminal, seed=14, limit=50000)
    from rich.console import Console

    console = Console(width=60, record=True, color_system=None)
    console.print(render.result_text(st.view(None), NAMES))
    text = console.export_text()
    assert "race 1" in text and "race 3" in text and "points" in text
    for s in range(2):
        row = next(line for line in text.splitlines() if line.startswith(f"{'AB'[s]} {NAMES[s]}"))
        assert row.split()[-2] == str(st.points[s])
    w = st.result[0]
    assert f"WINNER: {'AB'[w]} {NAMES[w]}  decided by {st.decided_by}" in text


async def test_page_keys_scroll_the_board():
    st = attrs.evolve(new(4, 15), position=(0, 3, 7, 11))
    app = BoardApp(ctx_for(st, 0))
    async with app.run_test(size=SIZE) as pilot:
        app.chooser.focus()
        scroll = app.board.query_one("#mp-scroll")
        assert scroll.scroll_y == 0
        await wait_for(
            pilot, lambda: scroll.max_scroll_y > 0, what="the board laid out taller than its panel"
        )
        await pilot.press("pagedown")
        await wait_for(pilot, lambda: scroll.scroll_y > 0, what="the board scrolled down")
        await pilot.wait_for_scheduled_animations()  # the scroll is animated: let it end first
        await pilot.press("pageup")
        await wait_for(pilot, lambda: scroll.scroll_y == 0, what="the board back at its top")


def test_last_round_of_the_previous_race_when_a_championship_race_begins():
    st = play_until(
        new(2, 16, championship=True), lambda s: s.race == 2 and s.phase == R.Phase.PLAY, seed=16, limit=50000
    )
    view = st.view(st.to_move[0])
    events = render.last_round_events(view)
    assert events and any("crosses the finish line" in e.text for e in events)
    assert not any(" begins; " in e.text for e in events)


def _styles(renderable):
    from rich.console import Group
    from rich.style import Style
    from rich.table import Table
    from rich.text import Text

    if isinstance(renderable, Text):
        for style in [renderable.style] + [sp.style for sp in renderable.spans]:
            if style:
                yield Style.parse(style) if isinstance(style, str) else style
    elif isinstance(renderable, Group):
        for part in renderable.renderables:
            yield from _styles(part)
    elif isinstance(renderable, Table):
        for column in renderable.columns:
            for cell in column._cells:
                yield from _styles(cell)


async def test_no_color_draws_without_colours_but_keeps_bold_and_reverse(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    st = play_until(new(4, 17), lambda s: s.phase == R.Phase.ACTIVATE and s.to_move, seed=17, limit=20000)
    st = attrs.evolve(st, tokens=((st.position[0] + 1, D.SPIKE),))
    app = BoardApp(ctx_for(st, st.to_move[0]))
    async with app.run_test(size=SIZE):
        assert app.no_color
        parts = [*app.board.parts.values(), app.board.query_one("#mp-preview", Lines)]
        styles = [s for part in parts for s in _styles(part.source)]
        assert styles and not any(s.color or s.bgcolor for s in styles)
        assert any(s.reverse for s in styles) and any(s.bold for s in styles)


def test_speedometers_of_both_sides_line_up():
    st = new(4, 21, advanced_sides=True)
    assert {D.SIDES[s].total for s in st.sides} == {14, 18}
    lines = render.runners_text(st.view(0), NAMES, 0).plain.splitlines()[1:-1]
    assert len({line.index(" green") for line in lines}) == 1


async def test_a_new_race_opens_on_the_runners_and_track_with_the_points_below():
    # The finished race was shown to everyone in the public step before: the next
    # runner's private screen starts with its own race, not a banner about the last one.
    st = play_until(
        new(2, 16, championship=True), lambda s: s.race == 2 and s.phase == R.Phase.PLAY, seed=16, limit=50000
    )
    app = BoardApp(ctx_for(st, st.to_move[0]))
    async with app.run_test(size=SIZE):
        text = app.board.plain_text(100)
        assert text.startswith("RUNNERS") and "CHAMPIONSHIP" in text


async def test_a_wider_board_draws_bigger_boxes():
    st = new(2, 18)
    app = BoardApp(ctx_for(st, 0))
    async with app.run_test(size=SIZE) as pilot:
        small = len(course_cells(app.board.plain_text(100))[1][1])
        await pilot.resize_terminal(90, 44)
        await pilot.pause()
        assert len(course_cells(app.board.plain_text(100))[1][1]) > small


async def test_right_card_labels_judge_the_speed_after_the_left_card():
    st = new(2, 19)
    me = st.characters[0]
    boost = next(
        c
        for c in D.deck_of(me)
        if D.ACTION_CARDS[c].halves[0].effects[0] == (D.ACCEL, 2)
        and 0 in D.ACTION_CARDS[c].halves[0].levels
        and not D.ACTION_CARDS[c].is_double
    )
    yellow_only = next(
        (
            c
            for c in D.deck_of(me)
            if c != boost
            and 0 not in D.ACTION_CARDS[c].halves[0].levels
            and 1 in D.ACTION_CARDS[c].halves[0].levels
        ),
        None,
    )
    rest = tuple(c for c in D.deck_of(me) if c not in (boost, yellow_only))
    hand = tuple(sorted((boost, yellow_only) + rest[:3]))
    st = attrs.evolve(st, hand=(hand, st.hand[1]), deck=(rest[3:], st.deck[1]), box=(3, 0))  # green, last box
    app = BoardApp(ctx_for(st, 0))
    async with app.run_test(size=SIZE):
        assert app.board.action_label(R.PlayCard(yellow_only, 0)).endswith("(not now)")
        st2 = st.apply(0, R.PlayCard(boost, 0))  # +2 from the last green box: yellow
        app.show(ctx_for(st2, 0))
        assert not app.board.action_label(R.PlayCard(yellow_only, 0)).endswith("(not now)")


def test_secret_play_shows_how_many_cards_and_items_each_runner_holds():
    st = new(3, 20)
    st = attrs.evolve(st, items=((), (D.ITEM_BASE, D.ITEM_BASE + 5), ()))
    text = render.played_text(st.view(0), NAMES, 0)
    from rich.console import Console

    console = Console(width=80, record=True, color_system=None)
    console.print(text)
    lines = console.export_text().splitlines()
    assert any(
        line.startswith("B") and "choosing" in line and "holds 5 cards, 2 items" in line for line in lines
    )
    assert any(line.startswith("A") and "holds 5 cards, 0 items" in line for line in lines)


# ---- the end of a race, previews, the keep list --------------------------------


def _text(app, width: int = 120) -> str:
    return " ".join(app.board.plain_text(width).split())


async def test_final_board_shows_every_place_and_how_the_race_ended_step_by_step():
    st = play_until(new(4, 13), lambda s: s.is_terminal, seed=13, limit=20000)
    app = BoardApp(ctx_for(st, None))
    async with app.run_test(size=SIZE):
        text = _text(app)
        assert text.startswith("RACE RESULT (crossing round, speed, health) 1. ")
        for p in range(1, 5):
            assert f"{p}. " in text
        assert f"HOW THE RACE ENDED: ROUND {st.round} STEP BY STEP" in text
        assert "crosses the finish line" in text and "The race is over" in text


async def test_between_championship_races_the_table_sees_the_result_and_last_round():
    st = play_until(
        new(2, 16, championship=True), lambda s: s.phase == R.Phase.RACE_OVER, seed=16, limit=50000
    )
    seat = st.to_move[0]
    ctx = ctx_for(st, seat)
    assert chooser_title(ctx) == "Race 1 is over"
    app = BoardApp(ctx)
    async with app.run_test(size=SIZE):
        text = _text(app)
        assert (
            text.startswith("RACE 1 IS OVER.")
            and "RACE 1 RESULT (crossing round, speed, health) 1. " in text
            and "2. " in text
        )
        assert "CHAMPIONSHIP" in text and "HOW THE RACE ENDED: ROUND" in text
        assert "crosses the finish line" in text and "YOUR HAND" not in text
        assert app.board.action_label(R.NextRace()) == "start race 2 (everyone has seen race 1)"


async def test_damage_preview_says_when_the_sled_is_destroyed():
    st = attrs.evolve(new(2, 1), box=(12, 0), position=(10, 0), health=(1, 4))
    st = st.apply(0, R.PlayCard(st.hand[0][0], 0))
    app = BoardApp(ctx_for(st, 0))
    async with app.run_test(size=SIZE):
        app.board.preview(R.PlayNoMore())
        await app.workers.wait_for_complete()
        preview = " ".join(str(app.board.query_one("#mp-preview", Lines).source).split())
    _end, damage, _acc = R.impulse_forecast(st.view(0), 0)
    assert damage > 1  # the Impulse Phase wrecks the sled
    assert "1 damage: SLED DESTROYED (health 1)" in preview  # the health it had, all lost


async def test_no_right_card_preview_says_which_half_is_up():
    st = new(2, 1)
    me = st.characters[0]
    double = next(c for c in D.deck_of(me) if D.ACTION_CARDS[c].is_double)
    hand = tuple(sorted({double, *st.hand[0][:4]}))[:5]
    st = attrs.evolve(
        st, hand=(hand, st.hand[1]), deck=(tuple(c for c in D.deck_of(me) if c not in hand), st.deck[1])
    )
    st = st.apply(0, R.PlayCard(double, 1))
    app = BoardApp(ctx_for(st, 0))
    async with app.run_test(size=SIZE):
        app.board.preview(R.PlayNoMore())
        preview = str(app.board.query_one("#mp-preview", Lines).source)
    assert f"Your play: {D.card_name(double)} (bottom half up), no right card." in preview


async def test_board_scrolls_to_the_top_when_the_seat_changes():
    st = attrs.evolve(new(4, 15), position=(0, 3, 7, 11))
    app = BoardApp(ctx_for(st, 0))
    async with app.run_test(size=SIZE) as pilot:
        scroll = app.board.query_one("#mp-scroll")
        await wait_for(
            pilot, lambda: scroll.max_scroll_y > 0, what="the board laid out taller than its panel"
        )
        app.chooser.focus()
        await pilot.press("pagedown")
        await wait_for(pilot, lambda: scroll.scroll_y > 0, what="the board scrolled down")
        await pilot.wait_for_scheduled_animations()  # the scroll is animated: let it end first
        app.show(ctx_for(st, 0))  # the same seat again: its place is kept
        await pilot.pause()
        assert scroll.scroll_y > 0
        app.show(ctx_for(st, 1))
        await wait_for(pilot, lambda: scroll.scroll_y == 0, what="the board back at its top for another seat")


async def test_keep_preview_names_all_three_items_drawn():
    ice = [i for i in D.ITEM_IDS if D.item_kind(i) == D.HIELO]
    pez = next(i for i in D.ITEM_IDS if D.item_kind(i) == D.PEZ)
    st = attrs.evolve(
        new(2, 1, purist=False),
        phase=R.Phase.KEEP,
        order=(0, 1),
        cursor=0,
        to_move=(0,),
        drawn=(ice[0], ice[1], pez),
    )
    app = BoardApp(ctx_for(st, 0))
    async with app.run_test(size=SIZE):
        app.board.preview(R.KeepItem(ice[0]))
        preview = str(app.board.query_one("#mp-preview", Lines).source)
    assert preview.startswith("You drew: 2 Hielo, 1 Pez Espada\nHielo: ")


def test_keep_list_shows_every_item_drawn_with_duplicates_collapsed():
    ice = [i for i in D.ITEM_IDS if D.item_kind(i) == D.HIELO]
    pez = next(i for i in D.ITEM_IDS if D.item_kind(i) == D.PEZ)
    st = attrs.evolve(
        new(2, 1, purist=False),
        phase=R.Phase.KEEP,
        order=(0, 1),
        cursor=0,
        to_move=(0,),
        drawn=(ice[0], ice[1], pez),
    )
    ctx = ctx_for(st, 0)
    labels = [render.action_label(ctx.view, 0, a, NAMES) for a in ctx.legal]
    assert labels == [
        "keep Hielo (you drew 2): ice on your section or next",
        "keep Pez Espada: one rival -1 hp, -3 accel",
    ]
    from rich.console import Console

    console = Console(width=120, record=True, color_system=None)
    console.print(render.hand_text(ctx.view, 0))
    assert "YOU DREW  Hielo, Hielo, Pez Espada (keep 1; the other 2 go face up" in console.export_text()


def test_championship_outcome_says_one_first_place():
    st = play_until(new(2, 14, championship=True), lambda s: s.is_terminal, seed=14, limit=50000)
    lines = [line for row in st.outcome().breakdown for line in row]
    assert not any("1 first places" in line for line in lines)
    for s in range(2):
        assert (
            st.outcome()
            .breakdown[s][-2]
            .endswith(f"{st.firsts[s]} first place{'' if st.firsts[s] == 1 else 's'}")
        )
        assert all("(crossed the line in round" in line for line in st.outcome().breakdown[s][1:4])


def test_race_result_marks_a_sled_wrecked_while_crossing():
    st = attrs.evolve(
        new(2, 1),
        position=(20, 20),
        box=(0, 0),
        phase=R.Phase.OVER,
        to_move=(),
        result=(1,),
        finish=((3, 1, D.RED, 12, 0), (3, 1, D.RED, 12, 2)),
        places=((2, 1),),
        decided_by="health",
    )
    lines = render.result_text(st.view(None), NAMES).plain.splitlines()
    assert lines[1] == "1. B Beto   round 3, red box 13, health 2"
    assert lines[2] == "2. A Ana    round 3, red box 13, wrecked"
