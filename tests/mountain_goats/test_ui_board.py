"""The board and the move list drawn from a state: text renders, and the widgets in a tiny app (tests/board_harness.py)."""

from __future__ import annotations

from boardgames_tui.games import GAMES
from boardgames_tui.games.mountain_goats import rules as R
from boardgames_tui.games.mountain_goats.ui import make_board, make_chooser
from boardgames_tui.games.mountain_goats.ui.board import Layout, move_label, preview_summary, render_board
from tests.board_harness import BoardHarness
from tests.screen_text import screen_text

from .conftest import move, scenario

NAMES = ("Ana", "Beto", "Carla", "Diego", "Elena")


class Harness(BoardHarness):
    """The board and chooser mounted the way GameScreen does (tests/board_harness.py)."""

    def __init__(self, state, seat=0):
        super().__init__(make_board(), make_chooser(), state, seat, NAMES)


def board_text(app) -> str:
    return app.board.table_plain()


_LAYOUT = Layout()


def _cell(text: str, mountain: int, step: int, layout: Layout = _LAYOUT) -> str:
    """What the drawn table shows on ``step`` of ``mountain`` (0: the foot line)."""
    lines = text.splitlines()
    i = mountain - 5
    x = layout.gutter + i * (layout.cell + 1) + 1
    base = 4 * layout.step + 1
    y = base + 1 if step == 0 else base - (step - 1) * layout.step - 1
    return lines[y][x : x + layout.cell].strip()


def test_board_draws_each_mountain_as_a_column_of_its_steps_with_goats_and_tokens():
    s = scenario(3, pos={0: {10: 2, 5: 1}, 1: {5: 1}}, tokens={0: {10: 2}}, bonus_won={})
    text = render_board(s.view(0), NAMES[:3], 0).plain
    lines = text.splitlines()
    assert "└─5──┴─6──┴─7──┴─8──┴─9──┴─10─┘" in lines[5]  # every mountain stands on one line
    # Roofs at the heights of the mountains: 5 and 6 four steps, 7 and 8 three, 9 and 10 two.
    assert "┌[11]┬[10]┐" in lines[0] and "[9]" in lines[1] and "[8]" in lines[1] and "[4]" in lines[2]
    assert _cell(text, 10, 2) == "A"  # A on the summit of 10, 4 tokens left on its roof (6 - 2)
    assert _cell(text, 5, 1) == "AB" and _cell(text, 5, 2) == "·"
    assert _cell(text, 7, 0) == "ABC" and _cell(text, 10, 0) == "BC"  # the goats still at the foot
    row_a = next(line for line in lines if line.startswith(" A Ana") or line.startswith(">A Ana"))
    assert row_a.split()[-1] == "20" and row_a.split()[-2] == "2"  # two 10 tokens, 20 points
    assert (
        lines[1].startswith("Bonus")
        and lines[2][:8].split() == ["15", "12"]
        and lines[3][:8].split() == ["9", "6"]
    )


def test_board_big_mountain_track_shows_goats_by_letter_and_mountain_under_their_spot():
    s = scenario(2, big=True, pos={0: {7: 23}, 1: {10: 12}})
    text = render_board(s.view(0), NAMES[:2], 0).plain
    lines = text.splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("Big Mtn"))
    assert lines[k].split()[2:] == [str(n) for n in range(11, 25)]
    spot_end = {n: lines[k].index(f"{n}") + len(str(n)) for n in range(11, 25)}
    goats = lines[k + 1]
    assert goats[spot_end[23] - 2 : spot_end[23]] == "A7" and goats[spot_end[12] - 3 : spot_end[12]] == "B10"


def test_board_fits_beside_the_log_at_80x24_and_grows_at_120x40():
    s = scenario(5, big=True, dice=(1, 2, 3, 4), pos={k: {5: 11 + k} for k in range(5)})
    small = render_board(s.view(0), NAMES, 0, layout=Layout.fit(50, 24)).plain
    assert max(len(line) for line in small.splitlines()) <= 50
    assert len(small.splitlines()) <= 15
    big = render_board(s.view(0), NAMES, 0, layout=Layout.fit(75, 40)).plain
    assert max(len(line) for line in big.splitlines()) <= 75
    assert len(big.splitlines()) > len(small.splitlines())  # taller steps
    assert _cell(big, 5, 4, Layout.fit(75, 40)) == "·"


def test_board_dice_name_where_the_previewed_move_sends_each_die():
    s = scenario(2, big=True, dice=(1, 1, 4, 6))
    view = s.view(0)
    mv = move((1, 6, 4, 6), (10, 10, 2, 3), (7, 7, 0, 1))
    text = render_board(view, NAMES[:2], 0, view.apply(0, mv), layout=Layout(), move=mv).plain
    lines = text.splitlines()
    right = Layout().gutter + 6 * (Layout().cell + 1) + 2
    assert lines[1][right : right + 10] == "│ 1 ││1>6│"  # the second 1 counts as a 6
    assert lines[2][right : right + 10] == "└─7─┘└─7─┘" and lines[5][right : right + 10] == "└10─┘└10─┘"
    plain = render_board(view, NAMES[:2], 0, layout=Layout()).plain.splitlines()
    assert plain[2][right : right + 10] == "└───┘└───┘"  # nothing previewed: no marks


def test_board_no_color_keeps_letters_plain_and_marks_moves_by_reverse():
    s = scenario(3, dice=(5, 5, 1, 1), pos={0: {10: 1}, 1: {5: 2}})
    view = s.view(0)
    shown = view.apply(0, move(view.dice, (10, 10, 0, 1)))
    text = render_board(view, NAMES[:3], 0, shown, "note", colour=False)
    styles = {str(span.style) for span in text.spans}
    assert not any(c in st for st in styles for c in ("red", "blue", "green", "magenta", "cyan"))
    assert any("reverse" in st for st in styles)


def test_move_label_names_changed_ones_and_returns():
    s = scenario(2, big=True, dice=(1, 1, 4, 4), pos={0: {8: 15}})
    label = move_label(s.view(0), 0, move((1, 6, 4, 4), (8, 8, 2, 3), (7, 7, 0, 1)))
    assert label == "4+4: goat 8 down from 15, 1+6 on 7 (1 as 6)"


def test_preview_says_when_a_move_ends_the_game():
    # The last seat of the round, the end already called: any move ends the game.
    s = scenario(2, seat=1, dice=(5, 5, 4, 5), ending=R.ENDING_MOUNTAINS)
    view = s.view(1)
    last = view.legal_actions(1)[0]
    assert "ENDS THE GAME" in preview_summary(view, view.apply(1, last), 1)
    # Seat A empties the third mountain: the game ends once the round is over.
    s = scenario(2, dice=(5, 5, 6, 4), pos={0: {10: 2}}, supply={5: 0, 6: 0, 10: 1})
    view = s.view(0)
    ending = next(m for m in view.legal_actions(0) if view.apply(0, m).ending)
    assert "the game ends after this round" in preview_summary(view, view.apply(0, ending), 0)
    quiet = next(m for m in view.legal_actions(0) if not view.apply(0, m).ending)
    assert "end" not in preview_summary(view, view.apply(0, quiet), 0)


def test_board_keeps_its_round_and_says_game_over_when_a_previewed_move_ends_the_game():
    s = scenario(2, seat=1, dice=(5, 5, 4, 5), ending=R.ENDING_MOUNTAINS)
    view = s.view(1)
    last = view.legal_actions(1)[0]
    plain = str(render_board(view, NAMES[:2], 1, None, "", colour=False))
    assert "Round" in plain and "LAST" in plain and "GAME" not in plain
    ended = str(render_board(view, NAMES[:2], 1, view.apply(1, last), "", colour=False))
    assert f"Round {view.round}" in ended and "GAME" in ended and "OVER" in ended and "LAST" not in ended


def test_alike_goats_read_as_ranges_so_a_move_row_keeps_its_spot():
    from boardgames_tui.games.mountain_goats.ui.chooser import goat_runs

    assert goat_runs((6, 7, 8, 9, 10)) == "6-10"
    assert goat_runs((6, 9, 10)) == "6/9/10"
    assert goat_runs((5, 6, 7, 9)) == "5-7/9"
    assert goat_runs((8,)) == "8"


async def test_board_preview_marks_moving_goats():
    s = scenario(2, dice=(5, 5, 4, 5), pos={0: {10: 1}, 1: {10: 2}})
    app = Harness(s)
    async with app.run_test(size=(50, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "If chosen: +10 pts" in text and "knocks B off" in text
        await pilot.press("down")
        await pilot.pause()
        assert screen_text(app) != text


async def test_chooser_lists_distinct_moves_best_first_and_picks_by_digit():
    s = scenario(2, dice=(5, 5, 4, 5), pos={0: {10: 1}})
    app = Harness(s)
    async with app.run_test(size=(50, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "outcomes" in text and "+10" in text
        await pilot.press("2")
        await pilot.pause()
        assert app.chosen == [s.legal_actions(0)[1]]


async def test_chooser_ranks_big_mountain_moves_by_their_ranking_points_and_lists_alike_goats_once():
    s = scenario(2, big=True, dice=(6, 6, 6, 5), pos={1: {9: 20}})
    engine = s.legal_actions(0)
    to_23 = [m for m in engine if [g[:2] for g in m.groups] in ([(23, g)] for g in range(5, 11))]
    assert len(to_23) == 6  # the engine offers each goat: six moves, all from the foot
    app = Harness(s)
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        chooser = app.chooser
        listed = [m for m in chooser.actions if m.groups and m.groups[0][0] == 23 and len(m.groups) == 1]
        assert len(listed) == 1
        best = chooser.actions[0]
        assert best.groups[0][0] == 23  # first place on the Big Mountain: +12 beats any climb
        assert chooser.big[0] == 12 and "Big+12" in chooser.tail(0)
        assert chooser.same[0] == tuple(g for g in range(5, 11) if g != best.groups[0][1])
        assert best.groups[0][1] == 5 and chooser.same[0] == (6, 7, 8, 9, 10)
        assert "goat 5 (or 6-10) to spot 23" in chooser.label(0)  # alike goats as a range
        assert "Big+12" in screen_text(app)
        # Ranked by points gained now plus Big Mountain points, best first.
        totals = [(p or 0) + b for p, b in zip(chooser.points, chooser.big, strict=True)]
        assert totals == sorted(totals, reverse=True)
        assert engine[0].groups[0][0] <= 10  # the engine alone put a climb first


async def test_chooser_home_and_end_jump_to_the_first_and_last_move():
    s = scenario(2, dice=(5, 5, 4, 5), pos={0: {10: 1}})
    app = Harness(s)
    async with app.run_test(size=(50, 24)) as pilot:
        await pilot.pause()
        chooser = app.chooser
        await pilot.press("end")
        assert chooser.highlight == len(chooser.actions) - 1
        assert "use no dice" in screen_text(app)
        await pilot.press("home")
        assert chooser.highlight == 0
        await pilot.press("end", "enter")
        assert app.chosen == [chooser.actions[-1]]


async def test_chooser_shows_as_many_moves_as_its_panel_has_rows():
    s = scenario(2, dice=(1, 1, 4, 5), pos={0: {10: 1}})
    app = Harness(s)
    async with app.run_test(size=(50, 24)) as pilot:
        await pilot.pause()
        chooser = app.chooser
        short = chooser.rows()
        assert short == chooser.content_region.height
        shown = [line for line in str(chooser.render()).splitlines() if line.strip()]
        assert len(shown) == short < len(chooser.actions) == 21
        await pilot.resize_terminal(50, 30)
        await pilot.pause()
        assert chooser.rows() == chooser.content_region.height == short + 6
        shown = [line for line in str(chooser.render()).splitlines() if line.strip()]
        assert len(shown) == short + 6


async def test_chooser_roll_with_enter():
    s = R.new_game(2, 4)
    app = Harness(s)
    async with app.run_test(size=(50, 24)) as pilot:
        await pilot.pause()
        assert "roll the dice" in screen_text(app)
        await pilot.press("enter")
        assert app.chosen == [R.Roll()]


async def test_chooser_build_groups_by_hand():
    s = scenario(2, dice=(1, 1, 3, 4))
    app = Harness(s)
    async with app.run_test(size=(50, 24)) as pilot:
        await pilot.pause()
        await pilot.press("b", "right")  # cursor on die 2 (a rolled 1)
        for _ in range(5):
            await pilot.press("f")  # 1 -> 6
        await pilot.press("2", "4", "enter")  # 6+4 on 10
        await pilot.press("1", "3", "enter")  # 1+3 is 4: refused
        await pilot.pause()
        assert "(1+3) sums to 4;" in screen_text(app)
        await pilot.press("backspace", "c")
        await pilot.pause()
        assert app.chosen == [R.Move((1, 6, 3, 4), ((10, 10, 1, 3),))]
        assert s.apply(0, app.chosen[0]).pos[0][5] == 1


async def test_chooser_big_mountain_asks_for_the_goat():
    s = scenario(2, big=True, dice=(6, 6, 5, 2), pos={0: {7: 2}})
    app = Harness(s)
    async with app.run_test(size=(50, 24)) as pilot:
        await pilot.pause()
        await pilot.press("b", "1", "2", "3", "enter")
        await pilot.pause()
        assert "which goat" in screen_text(app)
        await pilot.press("7", "c")
        await pilot.pause()
        assert app.chosen == [R.Move((6, 6, 5, 2), ((17, 7, 0, 1, 2),))]


async def test_chooser_refuses_changing_a_die_that_is_not_a_one():
    s = scenario(2, dice=(2, 1, 3, 4))
    app = Harness(s)
    async with app.run_test(size=(50, 24)) as pilot:
        await pilot.pause()
        await pilot.press("b", "f")
        await pilot.pause()
        assert "Only a rolled 1 can change" in screen_text(app)


def test_previewed_move_shows_every_changed_total_after_it_in_reverse_even_when_it_drops():
    # F1, "If chosen": the pts column shows totals after the move, not points gained.
    s = scenario(2, big=True, dice=(6, 6, 6, 5), pos={1: {10: 20}})
    after = s.apply(0, move((6, 6, 6, 5), (23, 5, 0, 1, 2, 3)))  # A's goat 5 to spot 23, above B's 20
    assert (s.scores()[1], after.scores()[1]) == (12, 8)  # B drops to second rank
    text = render_board(s.view(0), NAMES[:2], 0, shown=after.view(0))
    lines = text.plain.splitlines()
    for seat, total in ((0, after.scores()[0]), (1, 8)):
        k = next(i for i, line in enumerate(lines) if line[1:].startswith(f"{'AB'[seat]} {NAMES[seat]}"))
        assert lines[k].split()[-1] == str(total)
        at = sum(len(line) + 1 for line in lines[:k]) + lines[k].rindex(str(total))
        assert any(sp.start <= at < sp.end and "reverse" in str(sp.style) for sp in text.spans), seat
    assert "player's total **after** the move" in " ".join(GAMES["mountain_goats"].rules_text().split())
