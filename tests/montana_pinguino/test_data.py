"""The card data of Montaña Pingüino against the rulebook's counts and the design rules in docs/games/montana_pinguino.md."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from boardgames_tui.games.montana_pinguino import data as D


def test_components_44_action_cards_11_per_character():
    assert len(D.ACTION_CARDS) == 44
    assert Counter(c.character for c in D.ACTION_CARDS) == {c: 11 for c in D.CHARACTERS}
    assert all(D.ACTION_CARDS[i].id == i for i in range(44))
    assert all(len(D.deck_of(c)) == 11 for c in D.CHARACTERS)


def test_action_cards_use_only_the_icons_of_the_card_explanations():
    allowed = set(D.WHITE_ICONS) | set(D.RED_ICONS)
    for card in D.ACTION_CARDS:
        for half in card.halves:
            assert half.effects, card
            icons = [i for i, _n in half.effects]
            assert set(icons) <= allowed, card
            # white abilities are read before red ones
            whites = [i in D.WHITE_ICONS for i in icons]
            assert whites == sorted(whites, reverse=True), card
            assert sum(i in D.REDUCE_ICONS for i in icons) <= 1
            assert sum(i in D.RED_ICONS for i in icons) <= 1
            for icon, n in half.effects:
                if icon in (D.ACCEL, D.CONDUCTION):
                    assert 1 <= n <= 3
                if icon in (D.HEART, D.HIT_SAME, D.HIT_NEAR):
                    assert n == 1  # the icons are printed with -1


def test_action_cards_have_speed_levels_each():
    for card in D.ACTION_CARDS:
        for half in card.halves:
            assert half.levels and set(half.levels) <= {D.GREEN, D.YELLOW, D.ORANGE, D.RED}
            assert list(half.levels) == list(range(half.levels[0], half.levels[-1] + 1)), card


def test_some_double_cards_in_every_deck():
    for c in D.CHARACTERS:
        doubles = [x for x in D.deck_of(c) if D.ACTION_CARDS[x].is_double]
        assert 1 <= len(doubles) <= 3
        for x in doubles:
            a, b = D.ACTION_CARDS[x].halves
            assert a != b


def test_every_deck_has_the_rulebook_example_cards():
    """Doffy's +1 and +2 at green (example 2.1); a double card with an orange lower half (example 1.2);
    Kay's -X with discard-pile shuffle (Abilities example)."""
    doffy = [D.ACTION_CARDS[i] for i in D.deck_of("Doffy")]
    assert any(c.halves[0].effects == ((D.ACCEL, 1),) and D.GREEN in c.halves[0].levels for c in doffy)
    assert any(c.halves[0].effects == ((D.ACCEL, 2),) and D.GREEN in c.halves[0].levels for c in doffy)
    assert any(c.is_double and c.halves[1].levels == (D.ORANGE,) for c in doffy)
    kay = [D.ACTION_CARDS[i] for i in D.deck_of("Kay")]
    assert any(h.effects[0][0] == D.REDUCE_SHUFFLE for c in kay for h in c.halves)


def test_heavy_characters_control_light_ones_burst():
    def totals(c):
        cards = [D.ACTION_CARDS[i] for i in D.deck_of(c)]
        eff = Counter()
        for card in cards:
            for icon, n in card.halves[0].effects:
                eff[icon] += n
        return eff

    heavy = [totals(c) for c in ("Jimy", "Doffy")]
    light = [totals(c) for c in ("Pudú", "Kay")]
    assert min(h[D.HEART] for h in light) >= 1 and max(h[D.HEART] for h in heavy) == 0
    assert max(h[D.ACCEL] for h in heavy) < min(h[D.ACCEL] for h in light)


def test_42_items_over_13_kinds():
    assert len(D.ITEM_CARDS) == 42 and len(D.ITEM_KINDS) == 13
    assert Counter(D.ITEM_CARDS) == {k: n for k, (n, _t) in D.ITEM_KINDS.items()}
    assert set(D.IMMEDIATE_KINDS) == {D.IGLU, D.TORMENTA}
    assert tuple(range(44, 86)) == D.ITEM_IDS
    assert D.item_kind(44) == D.ITEM_CARDS[0]


def test_24_track_cards_7_beginner():
    assert len(D.TRACK_CARDS) == 24
    assert len(D.BEGINNER_TRACK) == 7
    kinds = Counter()
    for card in D.TRACK_CARDS:
        assert len(card.sections) == 2
        for s in card.sections:
            assert -2 <= s.accel <= 2 and s.curve in (D.NONE, D.FAST, D.SLOW)
            kinds[s.curve or "straight"] += 1
            kinds["tree"] += s.tree
    assert kinds["straight"] > kinds["fast"] > 0 and kinds["slow"] > 0 and kinds["tree"] > 0


def test_effect_tokens_six():
    assert sum(D.TOKEN_SUPPLY.values()) == 6


def test_speedometer_sides():
    std = D.SIDES[D.STANDARD]
    assert std.total == 16 and std.health == 4
    assert [std.level(b) for b in (0, 3, 4, 8, 12, 15)] == [0, 0, 1, 2, 3, 3]
    assert D.SIDES[D.HEAVY].level(5) == D.YELLOW and D.SIDES[D.LIGHT].level(3) == D.YELLOW
    assert D.sections_for_level(D.GREEN) == 1 and D.sections_for_level(D.RED) == 4


def test_card_texts_in_words():
    assert D.card_name(D.HIDDEN) == "?"
    assert "acceleration" in D.card_text(D.deck_of("Doffy")[0])
    dbl = next(i for i in D.deck_of("Jimy") if D.ACTION_CARDS[i].is_double)
    assert D.card_text(dbl).startswith("top ") and " / bottom " in D.card_text(dbl)
    assert D.levels_text((0, 1, 2, 3)) == "any speed" and D.levels_text((1, 2)) == "yellow-orange"
    assert "curve" in D.TRACK_CARDS[1].sections[1].describe()


def test_in_app_rules_list_every_card_as_in_the_data():
    text = (Path(D.__file__).with_name("rules.md")).read_text(encoding="utf-8")
    for cid in range(D.ACTION_COUNT):
        assert f"* {D.card_name(cid)}: {D.card_text(cid)}\n" in text
    for t in D.TRACK_CARDS:
        a, b = t.sections
        assert f"{a.describe()} | {b.describe()}" in text
    for kind, (count, _t) in D.ITEM_KINDS.items():
        assert f"| {kind} | {count} |" in text
    assert "## Table notes" in text
