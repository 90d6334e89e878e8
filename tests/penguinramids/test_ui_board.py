"""The board and the card list drawn from a state: text renders, and the widgets in a tiny app (tests/board_harness.py)."""

from __future__ import annotations

import attrs

from boardgames_tui.games.penguinramids import rules
from boardgames_tui.games.penguinramids.rules import ChooseCard, Flip, Place, PlaceToken, Take
from boardgames_tui.games.penguinramids.ui import make_board, render
from boardgames_tui.ui.board import ActionList
from boardgames_tui.ui.canvas import Canvas
from tests.board_harness import BoardHarness

from .conftest import turn_state

SIZE = (80, 24)


NAMES = ("Ana", "Beto", "Carla", "Diego")


R1_22, R2_22, R2_12, R3_21, R3_22, Y1_22 = 0, 3, 6, 9, 8, 26


class Harness(BoardHarness):
    """The board and chooser mounted the way GameScreen does (tests/board_harness.py)."""

    def __init__(self, state, seat=0):
        super().__init__(make_board(), ActionList(), state, seat, NAMES)


def part(app, name: str) -> str:
    """The board's ``table`` or ``note`` as plain text."""
    return app.board.table_text() if name == "table" else app.board.note_text()


def table(app) -> str:
    """The drawn table (status line, pyramids, goals, offer, cards) as plain text."""
    return part(app, "table")


def tile_row(text: str, level: int) -> str:
    """The content row of ``level`` (1 = base) of the large pyramid in a small table."""
    return text.splitlines()[1 + (4 - level) * 2 + 1][:25]


def arms_row(text: str, level: int) -> str:
    """The top edge of ``level``'s tiles, which carries their arm strengths."""
    return text.splitlines()[1 + (4 - level) * 2][:25]


async def test_board_draws_your_pyramid_as_tiles_the_others_small_and_offer_and_hand_as_cards():
    st = turn_state(players=3, built={0: R2_22, 1: R3_21}, revealed=(R1_22, Y1_22, 13), card=4, chief=1)
    app = Harness(st)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = table(app)
        lines = text.splitlines()
        assert lines[0].startswith("Round 1/10") and "order A4 B5 C5" in lines[0]
        assert tile_row(text, 1).split("│")[1:3] == ["  R2 ", "  R3 "]
        # Arms on the tiles' top corners: R2 2|2 and R3 2|1; R2's right arm and R3's
        # left arm meet under the slot they hold.
        assert arms_row(text, 1).startswith("┌2─┴─2┬2─┴─1┬")
        assert lines[1].startswith("A Ana") and "tok 0" in lines[2]
        # Offer cards: colour side in the middle, arms on top, grey side on the bottom edge.
        offer = next(i for i, line in enumerate(lines) if line.startswith("Offer"))
        assert lines[offer][:14] == "Offer │ R1  ││" and lines[offer - 1][6:13] == "┌2───2┐"
        assert lines[offer + 1][6:13] == "└2g2─1┘"  # Red 1's grey side: arms 2|1, weight 2
        assert "Hand │1│2│3│" in text  # card 4 chosen this round (drawn in reverse)
        # The others: letter, name, score, Chief marker, cards and tokens; penguins as 2R22.
        assert "B Beto" in text and "Chief" in text and "C Carla" in text and "tok0" in text
        assert all(rules.GOALS[g].name in text for g in st.goals)


async def test_board_preview_marks_legal_slots_and_explains_illegal_ones():
    st = turn_state(built={0: R3_21, 1: R2_12, 2: R2_22}, revealed=(R3_22, R1_22))
    app = Harness(st)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.board.preview(Take(R3_22))
        await pilot.pause()
        note = part(app, "note")
        assert "fits on L1.4 L2.2" in note
        assert "L2.1 needs 3 strength, has 2" in note
        assert tile_row(table(app), 1).split("│")[4].strip() == "ok"


async def test_board_preview_of_a_placement_draws_the_penguin_there():
    st = turn_state(built={0: R2_22, 1: R2_22}, revealed=(R3_22, R1_22)).apply(0, Take(R3_22))
    app = Harness(st)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        labels = [app.board.action_label(a) for a in st.legal_actions(0)]
        assert "place on L2.1 (arms hold 4)" in labels
        app.board.preview(Place(4))
        await pilot.pause()
        assert "R3 2|2 on L2.1: arms hold 4, weight 3" in part(app, "note")
        assert tile_row(table(app), 2).split("│")[1].strip() == "R3"


async def test_board_previewed_placement_shows_the_penguins_arms_on_its_tile():
    st = turn_state(built={0: R2_22, 1: R2_22}, revealed=(R3_21, R1_22)).apply(0, Take(R3_21))
    app = Harness(st)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert arms_row(table(app), 2)[3:10] == "┌──┴──┬"  # L2.1 empty: no arms yet
        app.board.preview(Place(4))
        await pilot.pause()
        assert arms_row(table(app), 2)[3:10] == "┌2─┴─1┬"  # R3 2|1, drawn in reverse, arms as any tile


async def test_board_previewed_flip_shows_the_grey_sides_arms_with_their_tokens():
    st = turn_state(card=2, built={0: R3_22}, tokens={(0, 0): 1})
    app = Harness(st)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert arms_row(table(app), 1).startswith("┌3─┴─2┬")  # colour side 2|2, a token on the left arm
        app.board.preview(Flip(0))
        await pilot.pause()
        assert tile_row(table(app), 1).split("│")[1].strip() == "g4"
        assert arms_row(table(app), 1).startswith("┌3─┴─1┬")  # grey side 2|1, the token stays


def test_large_tiles_show_a_previewed_penguins_arms():
    st = turn_state(built={0: R2_22, 1: R2_22}, revealed=(R3_21, R1_22)).apply(0, Take(R3_21))
    lines = render.draw_table(st, NAMES[:2], 0, 0, 76, large=True, highlight={4: "R3 2|1"}).plain.splitlines()
    assert lines[1 + 2 * 3][4:13] == "┌2──┴──1┬"  # L2.1's top edge
    assert lines[2 + 2 * 3][4:13] == "│  Red  │" and lines[3 + 2 * 3][4:13] == "│  wt 3 │"


async def test_board_token_on_an_arm_counts_in_its_digit_and_is_underlined():
    st = turn_state(built={0: R2_22, 1: R2_22}, held_tokens=1, tokens={(1, 0): 1}, revealed=(R3_22, R1_22))
    app = Harness(st)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert arms_row(table(app), 1).startswith("┌2─┴─2┬3─┴─2┬")  # 2 + a token on L1.2's left arm
        app.board.preview(PlaceToken(0, "right"))
        await pilot.pause()
        assert "token adds 1 to the right arm at L1.1" in part(app, "note")
        assert arms_row(table(app), 1).startswith("┌2─┴─3┬3─┴─2┬")  # the preview puts it on
        app.board.preview(None)
        await pilot.pause()
        assert arms_row(table(app), 1).startswith("┌2─┴─2┬3─┴─2┬")


def test_token_arms_are_underlined_in_both_pyramid_sizes():
    st = turn_state(players=2, seat=1, built={0: R2_22, 1: R3_22}, tokens={(0, 1): 1})
    text = render.draw_table(st, NAMES[:2], 0, 0, 50)
    underlined = {text.plain[sp.start : sp.end] for sp in text.spans if "underline" in str(sp.style)}
    assert underlined == {"3"}  # B's R2 right arm: 2 + 1 token, in B's small pyramid
    assert "2R23" in text.plain
    own = render.draw_table(st, NAMES[:2], 1, 1, 50)
    marked = [own.plain[sp.start : sp.end] for sp in own.spans if "underline" in str(sp.style)]
    assert marked == ["3"]
    assert own.plain.splitlines()[4].startswith("+1tok")  # and counted beside the pyramid
    assert "tok" not in render.draw_table(st, NAMES[:2], 0, 0, 50).plain.splitlines()[4][:8]


async def test_board_never_shows_another_seats_pending_choice():
    st = rules.new_game(2, 3).apply(0, ChooseCard(3))
    app = Harness(st, seat=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        status = table(app).splitlines()[0]
        assert "choosing B" in status and "you:" not in status
        assert "12345" in table(app)  # A's hand unchanged until the reveal
    app = Harness(st.apply(1, ChooseCard(1)), seat=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "order B1 A3" in table(app).splitlines()[0]


def test_take_of_a_penguin_that_fits_nowhere_says_it_will_be_discarded():
    # A's base is full and too weak for a weight-5 penguin; nothing on offer fits.
    heavy = next(p.id for p in rules.PENGUINS if p.weight == 5)
    st = turn_state(built={0: R3_21, 1: R3_21, 2: R3_21, 3: R3_21}, revealed=(heavy, heavy + 13))
    view = st.view(0)
    takes = [a for a in st.legal_actions(0) if isinstance(a, Take)]
    assert takes and not any(view.can_place(0, a.penguin) for a in takes)
    for take in takes:
        assert "it will be DISCARDED" in render.action_label(view, 0, take)
    fits = turn_state(built={0: R2_22}, revealed=(R1_22, Y1_22))
    assert "DISCARDED" not in render.action_label(fits.view(0), 0, Take(R1_22))


async def test_board_note_says_a_penguin_that_fits_nowhere_is_discarded():
    heavy = next(p.id for p in rules.PENGUINS if p.weight == 5)
    st = turn_state(built={0: R3_21, 1: R3_21, 2: R3_21, 3: R3_21}, revealed=(heavy, heavy + 13))
    app = Harness(st)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.board.preview(Take(heavy))
        await pilot.pause()
        assert "taking it DISCARDS it" in part(app, "note")


async def test_chooser_digit_picks_a_card():
    app = Harness(rules.new_game(2, 3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        assert app.chosen == [ChooseCard(2)]


async def test_chooser_digit_is_the_card_number_when_a_card_is_spent():
    """Pressing 5 plays card 5 even when card 3 is spent (no shift to positions)."""
    st = rules.new_game(2, 3)
    st = attrs.evolve(st, hands=((1, 2, 4, 5), (1, 2, 3, 4, 5)), spent=((3,), ()))
    app = Harness(st)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        texts = [str(app.chooser.get_option_at_index(i).prompt) for i in range(app.chooser.option_count)]
        assert [t.split()[0] for t in texts] == ["1", "2", "4", "5"]
        await pilot.press("5")
        await pilot.pause()
        assert app.chosen == [ChooseCard(5)]
        await pilot.press("3")  # spent: nothing
        await pilot.pause()
        assert app.chosen == [ChooseCard(5)]
    assert app.board.action_key(Take(0)) is None


def test_small_pyramid_shows_every_penguin_with_both_arms():
    st = turn_state(players=3, seat=1, built={0: R2_22, 1: R3_22, 2: R2_12, 4: R1_22})
    c = Canvas(25, 4)
    render.draw_mini(c, st, 1, NAMES[:3], 0, 0)
    lines = c.text().plain.splitlines()
    assert lines[0].startswith("B Beto") and lines[0].endswith(f"{st.scores()[1]}pt")
    assert lines[1].startswith("12-45") and lines[1].endswith("tok0")
    assert lines[3].split() == ["2R22", "2R32", "1R22", "··"]  # left arm, colour, weight, right arm
    assert lines[2].split() == ["2R12", "··", "··"]
    assert all(len(line) <= render.MINI_W for line in lines)


def test_f1_writes_the_offer_cards_grey_edge_as_the_card_draws_it():
    c = Canvas(7, 3)
    render.draw_penguin_card(c, R2_22, 0, 0)
    edge = c.text().plain.splitlines()[2]
    assert edge == "└2g3─1┘"  # Red 2's grey side: left arm 2, grey weight 3, right arm 1
    on_screen = rules_text_section("On screen")
    assert f"`{edge[1:-1]}` is left arm 2, grey weight 3, right arm 1" in on_screen


def test_f1_says_the_small_pyramids_top_slot_sits_on_the_name_line():
    st = turn_state(players=2, seat=1, built={0: R2_22})
    c = Canvas(25, 4)
    render.draw_mini(c, st, 1, NAMES[:2], 0, 0)
    first = c.text().plain.splitlines()[0]
    assert first.split()[:3] == ["B", "Beto", "··"]  # level 4, still empty, between name and points
    assert "`··` an empty slot, so `A Ana ·· 15pt` is a pyramid whose top" in rules_text_section("On screen")


def rules_text_section(title: str) -> str:
    """One section of the in-app rules (F1), by its heading."""
    from boardgames_tui.games import GAMES

    text = GAMES["penguinramids"].rules_text()
    start = text.index(f"## {title}")
    return " ".join(text[start : text.index("\n## ", start + 1)].split())


def test_chief_marker_cannot_be_read_as_a_seat_letter():
    """Carla (seat C) next to a lone 'C' read as two seat letters: the marker is a word."""
    st = turn_state(players=3, chief=2)
    names = ("Ana", "Beto", "Carla")
    c = Canvas(25, 4)
    render.draw_mini(c, st, 2, names, 0, 0)
    top = c.text()
    assert top.plain.splitlines()[0].split() == ["C", "Carla", "··", "0pt", "Chief"]
    styled = {top.plain[sp.start : sp.end] for sp in top.spans if "reverse" in str(sp.style)}
    assert "Chief" in styled
    own = render.draw_table(st, names, 2, 2, 50).plain.splitlines()
    assert own[1].split()[:2] == ["C", "Carla"] and "Chief" in own[1]
    assert all(w != "C" for w in render.draw_table(st, names, 0, 0, 50).plain.split()[1:] if w != "C")


def test_goals_line_always_names_the_three_goals_with_points():
    st = turn_state(players=4)
    text = render.goals_line(st, 48).plain
    for g in st.goals:
        assert f"{rules.GOALS[g].name} {rules.GOALS[g].points}" in text
    assert all(len(line) <= 48 for line in text.splitlines()) and len(text.splitlines()) <= 2


async def test_whole_table_fits_80x24_with_four_players_goals_included():
    """Four pyramids (arms included), the goals, the offer and the hand, without scrolling."""
    st = turn_state(players=4, built={0: R2_22, 1: R3_21}, revealed=(R1_22, Y1_22, 13, 14))
    app = Harness(st)
    async with app.run_test(size=(50, 22)) as pilot:
        await pilot.pause()
        text = table(app)
        lines = text.splitlines()
        assert max(len(line) for line in lines) <= 50 and len(lines) <= 16
        assert all(name in text for name in ("A Ana", "B Beto", "C Carla", "D Diego"))
        for g in st.goals:
            assert rules.GOALS[g].name in text
        assert "Offer" in text and "Hand" in text
        # the table and the note under it, one row here, are the rows of one widget
        assert (
            app.board.query_one("#pr-scroll").rows
            == len(lines) + 1
            == len(lines) + len(part(app, "note").splitlines())
        )


async def test_large_terminal_draws_large_tiles_and_goal_conditions():
    st = turn_state(players=4, built={0: R2_22, 1: R3_21}, revealed=(R1_22, Y1_22, 13, 14))
    app = Harness(st)
    async with app.run_test(size=(76, 40)) as pilot:
        await pilot.pause()
        text = table(app)
        assert "Red" in text and "wt 2" in text and "wt 3" in text
        for g in st.goals:
            assert rules.GOALS[g].text in text
        assert "4 Recover" in text
