"""What players asked for at the table (issue 9): the preview counts only what a card
really does, digits that follow the cards, and a log line for a refill the deck stops."""

from __future__ import annotations

import attrs

from boardgames_tui.games.montana_pinguino import data as D
from boardgames_tui.games.montana_pinguino import rules as R

from .conftest import SPEC, BoardApp, ctx_for

SIZE = (100, 30)


def _text(app) -> str:
    return " ".join(app.board.plain_text(200).split())


def _with_hand(st, seat: int, character: str, cards: tuple[int, ...], **changes):
    """``st`` with ``seat`` riding ``character`` and holding ``cards`` (the rest in its deck)."""
    rest = tuple(c for c in D.deck_of(character) if c not in cards)
    chars = list(st.characters)
    chars[seat] = character
    hands = list(st.hand)
    hands[seat] = tuple(sorted(cards))
    decks = list(st.deck)
    decks[seat] = rest
    return attrs.evolve(st, characters=tuple(chars), hand=tuple(hands), deck=tuple(decks), **changes)


JIMY_7 = 6  # green-yellow: +1 acceleration and 1 damage to a rival in your section


async def test_a_card_that_cannot_be_carried_out_is_not_counted_in_the_preview():
    st = _with_hand(SPEC.new_game(2, 3), 0, "Jimy", (JIMY_7, 0, 1, 2, 3))
    alone = attrs.evolve(st, position=(2, 5), box=(0, 0))
    app = BoardApp(ctx_for(alone, 0))
    async with app.run_test(size=SIZE):
        app.board.preview(R.PlayCard(JIMY_7, 0))
        text = _text(app)
        assert "Does NOTHING now: no opponent is in range. Not counted." in text
        assert "Then green box 1:" in text  # its +1 is not added
        app.show(ctx_for(attrs.evolve(st, position=(2, 2), box=(0, 0)), 0))
        app.board.preview(R.PlayCard(JIMY_7, 0))
        text = _text(app)
        assert "Acts at green." in text and "Then green box 2:" in text


async def test_preview_counts_the_section_an_item_gains():
    st = SPEC.new_game(2, 4)
    cana = next(i for i in D.ITEM_IDS if D.item_kind(i) == D.CANA)
    st = attrs.evolve(st, items=((cana,), ()), position=(3, 6), box=(0, 0))
    app = BoardApp(ctx_for(st, 0))
    async with app.run_test(size=SIZE):
        app.board.preview(R.PlayCard(cana, 0))
        text = _text(app)
        assert "+1 section from items" in text
        assert f"to {3 + 1 + D.sections_for_level(0)}" in text


async def test_preview_shows_the_slow_down_from_one_box_to_the_most():
    doffy_6 = 16  # every speed: -X, reshuffle the discards
    st = _with_hand(SPEC.new_game(2, 5), 0, "Doffy", (doffy_6, 12, 13, 14, 15))
    st = attrs.evolve(st, box=(5, 0), position=(1, 1))
    app = BoardApp(ctx_for(st, 0))
    async with app.run_test(size=SIZE):
        app.board.preview(R.PlayCard(doffy_6, 0))
        text = _text(app)
        assert "If you slow down 1:" in text and " box 5:" in text
        assert "If you slow down 5 (the most): green box 1:" in text  # from box 6 (0-based 5)


async def test_a_card_keeps_its_digit_from_the_left_list_to_the_right_list():
    st = SPEC.new_game(2, 6)
    seat = st.to_move[0]
    st = st if st.phase == R.Phase.PLAY else None
    assert st is not None
    app = BoardApp(ctx_for(st, seat))
    async with app.run_test(size=SIZE):
        left = {a: app.board.action_key(a) for a in st.legal_actions(seat)}
        assert all(left.values()) and len(set(left.values())) == len(left)
        first = next(iter(left))
        st2 = st.apply(seat, first)
        app.show(ctx_for(st2, seat))
        right = {a: app.board.action_key(a) for a in st2.legal_actions(seat)}
        assert right[R.PlayNoMore()] == "0"
        for action, key in right.items():
            if isinstance(action, R.PlayCard) and D.is_action(action.card):
                assert key == left[action]
        labels = [str(o.prompt) for o in app.chooser._options]
        assert any(label.startswith("0 no right card") for label in labels)
        assert first not in right and left[first] not in right.values()


def test_the_log_says_when_an_empty_deck_stops_a_refill():
    st = SPEC.new_game(2, 7)
    st = attrs.evolve(st, hand=(st.hand[0][:2], st.hand[1]), deck=(st.deck[0][:1], st.deck[1]))
    st = st._refill_hands()
    lines = [e.text for e in st.log[-3:]]
    assert any("action deck is empty: 2 cards short, the hand stays at 3" in t for t in lines)


def test_f1_rules_have_an_on_screen_section_naming_every_marker():
    text = SPEC.rules_text()
    section = text[text.index("## On screen") :]
    section = section[: section.index("\n## ", 1)]
    for word in (
        "> NOW",
        "acted",
        "off speed",
        "can't do",
        "CANCELLED",
        "`*`",
        "reverse video",
        "`Y)`",
        "`^`",
        "`T`",
        "Space or Enter",
        "own letter",
        "`0` plays no right card",
        "Does NOTHING",
        "Ahead of A",
        # the section headers and glyphs as the board draws them
        "**CARDS PLAYED THIS ROUND**",
        "`CARDS TURNED OVER`",
        "`EARLIER STEPS`",
        "`F«`",
        "(none: +0)",
        "`waiting for A Ana`",
    ):
        assert word in section, word
