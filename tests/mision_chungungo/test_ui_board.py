"""Widget tests: the Misión Chungungo board and chooser drawn from real engine states (text renders, and a tiny app); drawn like the table: the field as cards, hand and discards as rows of cards."""

from __future__ import annotations

import io
import re

import pytest
from rich.text import Text

from boardgames_tui.engine import Pass
from boardgames_tui.games import GAMES
from boardgames_tui.games.mision_chungungo import data, rules
from boardgames_tui.games.mision_chungungo.rules import (
    Excavate,
    Leap,
    PlaceAsteroid,
    PlayCard,
    Regroup,
    Shoot,
)
from boardgames_tui.games.mision_chungungo.ui import model
from boardgames_tui.games.mision_chungungo.ui.board import LEGEND
from boardgames_tui.games.mision_chungungo.ui.chooser import nearest
from boardgames_tui.games.mision_chungungo.ui.field import COMPACT, LARGE, cell_region, render_field
from boardgames_tui.games.mision_chungungo.ui.model import FieldCell
from boardgames_tui.ui.board import BoardContext
from tests.screen_text import wait_for

from .conftest import HARNESS_NAMES, KIT, Harness, cid, greedy_match, pass_all, play, scenario

NAMES = HARNESS_NAMES  # the seats' names (kept here for the tests that read it)


def part(app: Harness, name: str) -> str:
    """The plain text of one part of the board (field, players, hand, preview, table)."""
    source = app.board.part_source(name)
    if isinstance(source, (str, Text)):
        return str(source)
    from rich.console import Console

    console = Console(width=48, record=True, file=io.StringIO(), color_system=None)
    console.print(source)  # what the part was given, whether or not it is laid out yet
    return console.export_text()


def hit(text: str, letter: str) -> bool:
    """Whether the field shows ``letter``'s token struck: its card between stars ('*B░*')."""
    return re.search(rf"\*░*{letter}░*\*", text) is not None


def crossed(text: str, glyph: str) -> bool:
    """Whether a card is crossed by a shot line drawn with ``glyph`` ('-░░-')."""
    return re.search(rf"{re.escape(glyph)}░+{re.escape(glyph)}", text) is not None


def cursor(text: str) -> bool:
    """Whether a cell is highlighted: '>' and '<' inside a card ('>░░<', '>+<')."""
    return re.search(r">[░A-E+ ]*<", text) is not None


def everything(app: Harness) -> str:
    return "\n".join(part(app, n) for n in ("table", "players", "field", "preview", "hand"))


def in_shot_turn(card_name: str, pattern: str | None = None, players: int = 3, **kw):
    """Seat 0 has played the shot card ``card_name``; every other seat passed: it must aim."""
    card = cid(card_name, pattern)
    st = scenario(players=players, hands=[[KIT[0], card]] + [[KIT[s]] for s in range(1, players)], **kw)
    st = play(st, (0, PlayCard(card)))
    return pass_all(st)


# ---------------------------------------------------------------- drawing


def test_field_grid_draws_cards_as_boxes_with_tokens_eels_and_gaps():
    field = {
        (0, 0): FieldCell(token=0),
        (0, 2): FieldCell(),
        (1, 1): FieldCell(eel=True),
        (1, 2): FieldCell(token=1),
    }
    text = render_field(field, origin=(0, 0), size=(2, 3), own_seat=0).plain
    rows = text.splitlines()
    assert rows[0].split() == ["0", "1", "2"]
    assert rows[1] == "    ┌────┐      ┌────┐"
    assert rows[2] == "  0 │░A░░│      │░░░░│"
    assert rows[3] == "          ┌────┐┌────┐"
    assert rows[4] == "  1       │~~~~││░B░░│"


def test_large_cards_have_whole_boxes_and_name_the_eel():
    text = render_field(
        {(0, 0): FieldCell(eel=True), (0, 1): FieldCell(token=2)}, origin=(0, 0), size=(1, 2), cell=LARGE
    ).plain
    rows = text.splitlines()
    assert rows[1] == "    ┌───────┐┌───────┐"
    assert rows[2] == "    │  Eel  ││░░░C░░░│"
    assert rows[3] == "  0 │~~~~~~~││░░░░░░░│"
    assert rows[4] == "    └───────┘└───────┘"


def test_field_grid_numbers_negative_rows_and_columns_like_the_log():
    text = render_field({(-2, -1): FieldCell()}, origin=(-2, -1), size=(1, 2)).plain
    assert text.splitlines()[0].split() == ["-1", "0"]
    assert text.splitlines()[2].startswith(" -2 │░░░░│")


def test_legal_cells_and_cursor_are_marked_by_glyphs_not_colour():
    field = {(0, 0): FieldCell(), (0, 1): FieldCell()}
    text = render_field(field, origin=(0, 0), size=(1, 3), legal={(0, 1), (0, 2)}, cursor=(0, 2)).plain
    assert text.splitlines()[1] == "    ┌────┐┌────┐┌┄┄┄┄┐"
    assert text.splitlines()[2] == "  0 │░░░░││(░░)│┆>+< ┆"


def test_face_up_cards_show_name_and_copper():
    text = render_field({(0, 0): FieldCell()}, origin=(0, 0), size=(1, 1), faces={(0, 0): ("Mine", 3)}).plain
    assert text.splitlines()[2] == "  0 │Min3│"
    large = render_field(
        {(0, 0): FieldCell()}, origin=(0, 0), size=(1, 1), faces={(0, 0): ("Mine", 3)}, cell=LARGE
    ).plain
    assert "│ Mine  │" in large and "│  3cu  │" in large


async def test_board_shows_players_deck_field_and_own_hand():
    st = scenario(
        players=5,
        field={
            (0, 0): cid("Iman"),
            (0, 1): cid("Saltarina"),
            (1, 0): cid("Topo"),
            (1, 1): cid("Grua"),
            (2, 0): cid("Sonda"),
        },
        tokens=[(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)],
        hands=[[KIT[0], cid("Picadora")], [KIT[1]], [KIT[2]], [KIT[3]], [KIT[4]]],
        discards=[[], [cid("Fila")], [], [], []],
        bases=[[], [], [data.MINE_IDS[0]], [], []],
    )
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)):
        players = part(app, "players")
        for s, name in enumerate(NAMES):
            assert f"{'ABCDE'[s]} {name}" in players
        line_b = next(line for line in players.splitlines() if "B Beto" in line)
        assert "Fila" in line_b  # the top of B's discard pile is public
        line_c = next(line for line in players.splitlines() if "C Carla" in line)
        assert line_c.split()[2] == "3" and line_c.split()[5] == "M"  # copper 3 from a Copper Mine
        assert f"Deck {len(st.deck)} Win 10cu" in part(app, "table")
        field = part(app, "field")
        for letter in "ABCDE":
            assert f"░{letter}░" in field  # each token on its face-down card
        hand = part(app, "hand")
        assert "Picadora" in hand and data.CARDS[cid("Picadora")].text in hand.replace("\n", " ").replace(
            "  ", " "
        )


async def test_board_shows_nothing_private_of_another_player():
    secret = cid("Francotiradora", "E")
    st = scenario(players=3, hands=[[KIT[0]], [KIT[1], secret], [KIT[2]]])
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)):
        text = everything(app)
        assert "Francotiradora" not in text
        assert "Starter Kit" in part(app, "hand")
    spectator = Harness(st, seat=None)
    async with spectator.run_test(size=(80, 24)):
        text = everything(spectator)
        assert "Starter Kit" not in text and "Francotiradora" not in text
        assert "hidden" in part(spectator, "hand")


async def test_face_down_cards_never_name_their_card():
    st = scenario(players=2, field={(0, 0): cid("Iman"), (0, 1): cid("Saltarina"), (0, 2): data.MINE_IDS[0]})
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)):
        text = everything(app)
        assert "Iman" not in text and "Copper Mine" not in text


async def test_shot_preview_draws_lines_and_marks_the_struck():
    st = in_shot_turn(
        "Tridente",
        players=3,
        field={
            (0, 0): cid("Iman"),
            (0, 1): cid("Saltarina"),
            (0, 2): cid("Topo"),
            (1, 1): cid("Grua"),
            (-1, 1): cid("Sonda"),
        },
        tokens=[(0, 0), (0, 2), (-1, 1)],
    )
    assert st.steps[0] == "shot"
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.board.preview(Shoot(False))
        await pilot.pause()
        field = part(app, "field")
        # Tridente (NE, E, SE) from (0, 0): B at (0, 2) and C at (-1, 1) are hit.
        assert hit(field, "B") and crossed(field, "-")
        assert hit(field, "C")
        assert crossed(field, "\\")
        assert "strikes B Beto, C Carla" in part(app, "preview")
        app.board.preview(Shoot(True))
        await pilot.pause()
        assert "*" not in part(app, "field")
        assert part(app, "preview").strip() == "This shot hits nobody."  # no stars to point at


async def test_highlighting_a_shot_card_previews_its_lines_as_printed():
    card = cid("Fila")
    st = scenario(players=2, hands=[[KIT[0], card], [KIT[1]]], tokens=[(0, 0), (0, 1)])
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.board.preview(PlayCard(card))
        await pilot.pause()
        assert hit(part(app, "field"), "B")
        preview = part(app, "preview")
        # Fila's lines are the same turned around: no 'as printed' (Table note "Shots").
        assert "The shot strikes B Beto" in preview and "An eel may cancel it" in preview
        assert "As printed" not in preview and "Turned" not in preview
        assert ">Fila" in part(app, "hand")


async def test_action_labels_name_cells_as_the_log_does():
    st = scenario(
        players=2,
        hands=[[KIT[0]], [KIT[1]]],
        tokens=[(0, 0), None],
        field={(0, 0): cid("Iman"), (0, 1): cid("Saltarina"), (-1, 0): cid("Topo")},
    )
    st = play(st, (0, PlayCard(KIT[0])))
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)):
        labels = [app.board.action_label(a) for a in st.legal_actions(0)]
        assert "Excavate row -1 col 0 (above you)" in labels
        assert "Excavate row 0 col 1 (right of you)" in labels
        assert any(label.startswith("Quantum Leap to row") for label in labels)
        assert app.board.action_label(Regroup()).startswith("Regroup")


# ---------------------------------------------------------------- choosing on the field


def test_nearest_cell_prefers_straight_ahead():
    cells = [(0, (0, 1)), (1, (1, 1)), (2, (0, 3)), (3, (-1, 0))]
    assert nearest(cells, (0, 0), 0, 1) == 0
    assert nearest(cells, (0, 0), 1, 0) == 1
    assert nearest(cells, (0, 0), -1, 0) == 3
    assert nearest(cells, (0, 0), 0, -1) is None


async def test_arrow_keys_walk_the_legal_cells_and_enter_picks_one():
    st = rules.new_game(2, 4)  # seat A places its second asteroid next to (0, 0)
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        first = st.legal_actions(0)[0]
        assert first == PlaceAsteroid(-1, 0)
        assert ">+<" in part(app, "field")
        await pilot.press("down")  # to (0, -1), then
        await pilot.press("right")  # across the card to (0, 1)
        await pilot.press("down")  # (1, 0)
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen == [PlaceAsteroid(1, 0)]


async def test_arrow_with_no_cell_that_way_keeps_the_highlight():
    st = rules.new_game(2, 4)  # the legal cells surround (0, 0): (1, 0) is the lowest
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "right", "down")  # (1, 0)
        await pilot.press("down", "down")  # nothing further down: stays, no wrap to the top
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen == [PlaceAsteroid(1, 0)]


async def test_digits_still_pick_from_the_list():
    st = rules.new_game(2, 4)
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        assert app.chosen == [st.legal_actions(0)[2]]


async def test_up_down_move_through_the_list_when_choices_are_not_cells():
    st = scenario(
        players=2, hands=[[KIT[0], cid("Picadora"), cid("Barrenero")], [KIT[1]]], discards=[[cid("Fila")], []]
    )
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.chosen == [st.legal_actions(0)[1]]


async def test_large_field_scrolls_to_the_highlighted_cell():
    field = {(0, c): data.CREW[c].id for c in range(20)}
    st = scenario(players=2, field=field, tokens=[(0, 0), (0, 1)], hands=[[KIT[0]], [KIT[1]]])
    st = play(st, (0, PlayCard(KIT[0])))
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scroll = app.board.query_one("#mc-field")
        assert scroll.scroll_x == 0
        far = Leap(0, 19)
        app.board.preview(far)
        await pilot.pause()
        assert scroll.scroll_x > 0


async def test_five_players_fit_beside_the_log():
    st = rules.new_game(5, 1)
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.board.size.width >= 48
        for line in part(app, "players").splitlines():
            assert len(line.rstrip()) <= 48
        assert len(part(app, "players").splitlines()) == 6


async def test_reaction_pass_is_labelled_for_the_eel():
    card = cid("Picadora")
    st = scenario(players=2, hands=[[KIT[0], card], [KIT[1], data.EEL_IDS[0]]])
    st = play(st, (0, PlayCard(card)))
    assert st.phase == "react"
    app = Harness(st, seat=1)
    async with app.run_test(size=(80, 24)):
        labels = [app.board.action_label(a) for a in st.legal_actions(1)]
        assert labels[0].startswith("Pass") and "Electric Eel" in labels[1]
        assert app.board.action_label(Pass()).startswith("Pass")


async def test_excavate_preview_keeps_the_cell_highlighted():
    st = scenario(players=2, hands=[[KIT[0]], [KIT[1]]], tokens=[(0, 0), None])
    st = play(st, (0, PlayCard(KIT[0])))
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(st.legal_actions(0)[0], Excavate)
        field = part(app, "field")
        assert "A" in field and cursor(field)
        assert "Excavate: to your hand" in part(app, "preview")


async def test_card_being_resolved_is_named_on_the_table_line():
    st = in_shot_turn("Francotiradora", "E", players=2, tokens=[(0, 0), (0, 1)])
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)):
        assert "A plays Francotiradora (right)" in part(app, "table")
    quiet = scenario(players=2)
    app = Harness(quiet, seat=0)
    async with app.run_test(size=(80, 24)):
        assert "░ face down" in part(app, "table")


async def test_furious_chungungo_choices_are_labelled():
    from boardgames_tui.games.mision_chungungo.rules import GiveChungungo, Strike

    st = scenario(
        players=3,
        field={(0, 0): cid("Iman"), (0, 1): data.FURY_IDS[0], (1, 0): cid("Saltarina")},
        tokens=[(0, 0), (1, 0), None],
        hands=[[KIT[0]], [KIT[1], cid("Picadora")], [KIT[2]]],
    )
    st = play(st, (0, PlayCard(KIT[0])), (0, Excavate(0, 1)))
    assert st.legal_actions(0) == [GiveChungungo(0), GiveChungungo(2)]
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        labels = [app.board.action_label(a) for a in st.legal_actions(0)]
        assert labels == ["Give the Furious Chungungo to yourself", "Give the Furious Chungungo to C Carla"]
        app.board.preview(GiveChungungo(2))
        await pilot.pause()
        assert "C Carla gains 1 copper" in part(app, "preview")
    st = play(st, (0, GiveChungungo(2)))
    assert st.to_move == (2,)
    app = Harness(st, seat=2)
    async with app.run_test(size=(80, 24)):
        labels = [app.board.action_label(a) for a in st.legal_actions(2)]
        assert labels == [
            "Strike A Ana (nothing to steal)",
            "Strike B Beto (1 card to steal)",
            "Stop: strike nobody else",
        ]
        line_c = next(line for line in part(app, "players").splitlines() if "C Carla" in line)
        assert line_c.startswith(">") and line_c.split()[-2] == "F"
    assert isinstance(st.legal_actions(2)[0], Strike)


async def test_page_keys_scroll_the_board_to_the_hand():
    hand = [KIT[0]] + [cid(n) for n in ("Picadora", "Barrenero", "Topo", "Sonda", "Fila", "Cruz", "Aspa")]
    st = scenario(
        players=5, hands=[hand] + [[KIT[s]] for s in range(1, 5)], tokens=[(0, 0), (0, 1), None, None, None]
    )
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        scroll = app.board.query_one("#mc-hand")
        await wait_for(
            pilot,
            lambda: scroll.size.height > 0 and scroll.max_scroll_y > 0,
            what="the board laid out taller than its box",
        )
        assert scroll.scroll_y == 0
        await pilot.press("pagedown")
        await wait_for(pilot, lambda: scroll.scroll_y > 0, what="the board scrolled down")
        await pilot.wait_for_scheduled_animations()  # the scroll is animated: let it end first
        down = scroll.scroll_y
        await pilot.press("pageup")
        await wait_for(pilot, lambda: scroll.scroll_y < down, what="the board scrolled back up")
        await pilot.press("pageup")  # the box may have grown a row since: a second page reaches the top
        await wait_for(pilot, lambda: scroll.scroll_y == 0, what="the board back at its top")
        assert app.chosen == []


async def test_cancelled_card_and_eel_placement_are_explained():
    from boardgames_tui.games.mision_chungungo.rules import PlaceEel, PlayEel

    card = cid("Picadora")
    st = scenario(players=3, hands=[[KIT[0], card], [KIT[1], data.EEL_IDS[0]], [KIT[2]]])
    st = play(st, (0, PlayCard(card)))
    app = Harness(st, seat=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "A plays Picadora" in part(app, "table")
        assert "no Electric Eel" in part(app, "preview")
    app = Harness(st, seat=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Keep your eel" in part(app, "preview")
    st = play(st, (1, PlayEel(data.EEL_IDS[0])))
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "A's Picadora cancelled" in part(app, "table")
        assert all(isinstance(a, PlaceEel) for a in st.legal_actions(0))
        assert "face up" in part(app, "preview") and " + " in part(app, "field")


async def test_clicking_a_legal_cell_picks_it():
    st = rules.new_game(2, 4)  # legal: (-1, 0), (0, -1), (0, 1), (1, 0) around the first asteroid
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        field = app.board.query_one("#mc-field")
        # The field laid out at its drawn size (a click lands where the cells are drawn).
        await wait_for(
            pilot, lambda: field.rows > 0 and field.size.height == field.rows, what="the field laid out"
        )
        await pilot.pause(0.2)  # and its box scrolled to where the board wants it
        origin, size = app.board.layout_.origin, app.board.cell_size
        x, y, _w, _h = cell_region((0, 1), origin, size)  # drawn from (-1, -1)
        await pilot.click(field, offset=(x + 1, y + 1))
        await wait_for(
            pilot, lambda: app.chosen == [PlaceAsteroid(0, 1)], what="the pick of the clicked cell"
        )
        await pilot.pause(0.3)
        x, y, _w, _h = cell_region((0, 0), origin, size)
        await pilot.click(field, offset=(x + 1, y + 1))  # the card itself: not a legal cell
        await pilot.pause()
        assert app.chosen == [PlaceAsteroid(0, 1)]


async def test_players_columns_line_up_under_their_headers():
    st = scenario(players=2, discards=[[cid("Fila")], []], bases=[[], [data.MINE_IDS[0]]])
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)):
        lines = part(app, "players").splitlines()
        head = lines[0]
        for line in lines[1:]:
            copper_end = head.index("Cu") + 2
            assert line[copper_end - 1].isdigit() and line[copper_end] == " "
        assert lines[1][head.index("Top") :].startswith("Fila")
        assert lines[2][head.index("Bases") :].split()[0] == "M"


async def test_a_cell_with_two_choices_names_the_other_one():
    st = scenario(players=2, hands=[[KIT[0]], [KIT[1]]], tokens=[(0, 0), None])
    st = play(st, (0, PlayCard(KIT[0])))
    legal = st.legal_actions(0)
    assert Excavate(0, 1) in legal and Leap(0, 1) in legal
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.board.preview(Excavate(0, 1))
        await pilot.pause()
        assert f"Or Quantum Leap here: choice {legal.index(Leap(0, 1)) + 1}." in part(app, "preview")


@pytest.mark.slow
def test_every_label_and_preview_draws_for_random_positions():
    """Random games, 2-5 players: every part of the board draws from each deciding seat's view."""
    import random

    from rich.console import Console

    from boardgames_tui.games.mision_chungungo.ui import model
    from boardgames_tui.games.mision_chungungo.ui.field import render_field as draw

    console = Console(width=48, file=io.StringIO(), color_system=None)
    checked = 0
    for seed in range(24):
        players = 2 + seed % 4
        st = rules.new_game(players, seed)
        rnd = random.Random(seed)
        step = 0
        while not st.is_terminal:
            seat = st.to_move[0]
            legal = st.legal_actions(seat)
            if step % 7 == 0:
                view = st.view(seat)
                ctx = BoardContext(view, seat, NAMES[:players], legal)
                table = model.table_of(view, seat)
                lay = model.field_layout(table, legal)
                for action in legal:
                    assert model.label(action, table, ctx, lay)
                    model.preview_text(action, table, ctx)
                    lines, hits = model.shot_marks(action, table, ctx)
                    assert hits <= set(lines)
                    cell = model.action_cell(action)
                    assert cell is None or cell in lay.legal
                    draw(
                        table.field,
                        origin=lay.origin,
                        size=lay.size,
                        own_seat=seat,
                        legal=lay.legal,
                        cursor=cell,
                        lines=lines,
                        hits=hits,
                    )
                    checked += 1
                console.print(model.hand_table(table, ctx, legal[0]))
                assert len(model.players_text(table, ctx).plain.splitlines()) == players + 1
            st = st.apply(seat, rnd.choice(legal))
            step += 1
    assert checked > 1000


# ----------------------------------------------------------------- fixes after the play test

BLOCK = {
    (0, 0): cid("Topo"),
    (0, 1): cid("Sonda"),
    (0, 2): cid("Grua"),
    (1, 0): cid("Cometa"),
    (1, 1): cid("Picadora"),
    (1, 2): cid("Exploradora"),
    (2, 0): cid("Intendente"),
    (2, 1): cid("Estrella"),
    (2, 2): cid("Atractora"),
}


async def test_comando_previews_its_shot_per_leap_target_not_from_where_it_stands():
    comando = cid("Comando", "E")
    st = scenario(
        players=2,
        field=dict(BLOCK),
        tokens=[(2, 1), (0, 2)],
        hands=[[KIT[0], comando], [KIT[1], cid("Iman")]],
    )
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.board.preview(PlayCard(comando))
        await pilot.pause()
        preview = part(app, "preview")
        # From (2, 1) the shot as printed would hit nobody; it must not say so before the leap.
        assert "depends on where you leap" in preview and "As printed" not in preview
        assert "*" not in part(app, "field")
    st = pass_all(play(st, (0, PlayCard(comando))))
    assert st.steps == ("leap", "shot")
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.board.preview(Leap(0, 0))
        await pilot.pause()
        assert "From here: strikes B Beto" in part(app, "preview")
        assert hit(part(app, "field"), "B")
        app.board.preview(Leap(1, 0))
        await pilot.pause()
        assert "From here the shot hits nobody" in part(app, "preview")
    st = play(st, (0, Leap(0, 0)))
    assert st.steps == ("shot",)
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.board.preview(Shoot(False))
        await pilot.pause()
        assert "strikes B Beto" in part(app, "preview")
        field = part(app, "field")
        assert hit(field, "B") and re.search(r"░*A░*", field)


async def test_cards_sharing_a_name_are_told_apart_in_hand_and_choices():
    hand = [
        KIT[0],
        cid("Comando", "E"),
        cid("Comando", "N S"),
        cid("Francotiradora", "E"),
        cid("Francotiradora", "N"),
    ]
    st = scenario(players=2, field=dict(BLOCK), tokens=[(1, 1), (0, 0)], hands=[hand, [KIT[1]]])
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)):
        labels = [app.board.action_label(a) for a in st.legal_actions(0)]
        for title in ("Comando (right)", "Comando (column)", "Francotiradora (right)", "Francotiradora (up)"):
            assert sum(label.startswith(title) for label in labels) == 1
            assert title in part(app, "hand")


async def test_hand_title_says_it_is_the_hands_share_of_the_copper():
    st = scenario(players=2, hands=[[KIT[0]], [KIT[1]]], discards=[[cid("Grua")], []])
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)):
        assert "1 card, 0cu of your 1cu" in part(app, "hand")


async def test_a_card_that_can_do_nothing_now_warns_like_a_shot_that_hits_nobody():
    barrenero = cid("Barrenero") + 1
    lonely = {(0, 0): cid("Iman"), (0, 1): cid("Saltarina"), (0, 2): cid("Topo")}
    st = scenario(players=2, field=lonely, tokens=[(0, 0), (0, 1)], hands=[[KIT[0], barrenero], [KIT[1]]])
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.board.preview(PlayCard(barrenero))
        await pilot.pause()
        assert "Nothing to excavate next to your token" in part(app, "preview")
    st = scenario(players=2, field=lonely, tokens=[(0, 0), None], hands=[[KIT[0], barrenero], [KIT[1]]])
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.board.preview(PlayCard(barrenero))
        await pilot.pause()
        assert "the second Excavate does nothing now" in part(app, "preview")


async def test_tall_field_keeps_deck_players_and_hand_in_sight():
    field = {(r, 0): data.CREW[r].id for r in range(22)}
    for players in (2, 5):
        st = scenario(
            players=players,
            field=field,
            tokens=[(0, 0), (21, 0), None, None, None][:players],
            hands=[[KIT[0], cid("Estrella")]] + [[KIT[s]] for s in range(1, players)],
        )
        st = play(st, (0, PlayCard(KIT[0])))
        app = Harness(st, seat=0)
        async with app.run_test(size=(80, 24)) as pilot:
            app.board.preview(Leap(20, 0))
            box = app.board.query_one("#mc-field")
            await wait_for(pilot, lambda box=box: box.scroll_y > 0, what="the far cell brought into view")
            board = app.board.region
            for name in ("top", "hand"):  # the table line and the players, and the hand
                widget = app.board.query_one(f"#mc-{name}")
                assert widget.region.y >= board.y and widget.region.y < board.bottom, name
            assert "Deck" in part(app, "table")
            assert box.scroll_y > 0  # the far cell is brought into view inside the field's own box


# ---- drawn like the table (issue 9): the field as cards that turn over at game end, hand and discards as rows of cards


def test_the_field_turns_over_when_the_game_ends():
    match = greedy_match(2, 2420)
    end = match.state
    assert end.is_terminal
    before = match.states[-2]
    for seat in (None, 0, 1):
        assert all(c.card >= 0 for c in end.view(seat).field)  # every card face up for everyone
    assert any(c.card < 0 for c in before.view(0).field if not c.face_up)  # face down until then
    table = model.table_of(end.view(None), None)
    faces = model.field_faces(table)
    assert set(faces) == {c.pos for c in end.field if not c.face_up}
    for c in end.field:
        if not c.face_up:
            _name, copper = faces[c.pos]
            assert copper == data.CARDS[c.card].copper


async def test_hand_and_piles_are_rows_of_cards_with_the_highlighted_card_marked():
    picadora, fila = cid("Picadora"), cid("Fila")
    st = scenario(
        players=3,
        hands=[[KIT[0], picadora], [KIT[1]], [KIT[2]]],
        discards=[[], [fila], []],
        bases=[[], [], [data.MINE_IDS[0]]],
    )
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)):
        hand = part(app, "hand")
        lines = hand.splitlines()
        assert lines[0].startswith("Your hand (A Ana): 2 cards")
        assert lines[1].count("┌") == 2  # two cards side by side
        assert "Picadora" in lines[2] and "Starter" in lines[2]
        assert f"{data.CARDS[picadora].copper}cu" in lines[3]
        piles = hand[hand.index("Discard piles") :]
        assert piles.splitlines()[1].count("┌") == 3  # one card per pile
        assert "B (1)" in piles and "Fila" in piles and "C (0)" in piles and "M" in piles


async def test_a_small_field_gets_large_cards_and_a_big_one_compact_cards():
    st = scenario(players=2, hands=[[KIT[0]], [KIT[1]]], tokens=[(0, 0), (0, 1)])
    app = Harness(st, seat=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.board.cell_size is LARGE
        assert "└───────┘" in part(app, "field")
    wide = {(0, c): data.CREW[c].id for c in range(20)}
    st = scenario(players=2, field=wide, hands=[[KIT[0]], [KIT[1]]], tokens=[(0, 0), (0, 1)])
    app = Harness(st, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.board.cell_size is COMPACT
        assert "┌────┐" in part(app, "field")


async def test_players_lines_mark_who_decides_and_cut_long_names_as_f1_says():
    st = scenario(players=3, discards=[[], [cid("Francotiradora", "E")], []], current=2)
    app = Harness(st, seat=2)
    async with app.run_test(size=(80, 24)):
        lines = part(app, "players").splitlines()
        assert [line[0] for line in lines[1:]] == [" ", " ", ">"]  # C decides now
        assert lines[2].rstrip().endswith("Francotira. (right)")  # B's top card, cut short
        table = part(app, "table")
        assert table.endswith(LEGEND)  # no card in play: the field's key
    rules_text = " ".join(GAMES["mision_chungungo"].rules_text().split())
    assert "`>` marks who must decide now" in rules_text
    assert "`Francotira. (right)` is Francotiradora (right)" in rules_text
    assert f"`{LEGEND}`" in GAMES["mision_chungungo"].rules_text()
