"""Card data of Misión Chungungo (Sheet: Components, "Data to design")."""

from __future__ import annotations

from collections import Counter

import pytest

from boardgames_tui.games.mision_chungungo import data

STEP_WORDS = {"excavate", "attract", "leap", "shot", "strike", "regroup"}


def test_components_counts():
    assert len(data.CREW) == 33
    assert len(data.BASES) == 5 and len(data.EELS) == 5 and len(data.KITS) == 5
    kinds = Counter(c.kind for c in data.BASES)
    assert kinds == {"mine": 3, "fury": 2}  # Sheet: 3 Copper Mines and 2 Furious Chungungos
    assert len(data.CARDS) == 48
    assert [c.id for c in data.CARDS] == list(range(48))


def test_abandoned_base_copper():
    for c in data.BASES:
        assert c.copper == (3 if c.kind == "mine" else 1)
        assert c.is_base and not c.is_crew


def test_crew_copper_between_0_and_3():
    assert all(0 <= c.copper <= 3 for c in data.CREW)
    assert all(c.kind == "crew" for c in data.CREW)


def test_starter_kit_excavate_or_leap_without_copper():
    for k in data.KITS:
        assert k.steps == ((data.Step.EXCAVATE, data.Step.LEAP),) and k.copper == 0
        assert "cannot be stolen" in k.text.lower()


def test_eels_have_no_copper_and_no_steps():
    assert all(e.copper == 0 and e.steps == () and e.kind == "eel" for e in data.EELS)


@pytest.mark.parametrize("card", data.CREW, ids=lambda c: f"{c.id}-{c.name}")
def test_every_crew_card_is_well_formed(card):
    assert card.steps
    for step in card.steps:
        assert set(data.alternatives(step)) <= STEP_WORDS
    assert ("shot" in card.steps) == bool(card.pattern)
    assert set(card.pattern) <= set(data.DIRECTIONS)
    assert len(set(card.pattern)) == len(card.pattern)
    assert card.text.endswith(".") and card.name
    assert card.name in data.card_text(card.id)


def test_every_main_action_and_several_shot_patterns():
    steps = Counter(s for c in data.CREW for s in c.steps)
    for word in ("excavate", "attract", "leap", "shot"):
        assert steps[word] >= 5, word
    patterns = {c.pattern for c in data.CREW if c.pattern}
    assert len(patterns) >= 10
    assert any(len(c.steps) > 1 for c in data.CREW)  # combinations


def test_copper_in_the_game_matches_the_rules_text():
    # rules.md, "The crew cards (our design)": 55 copper on crew cards, 11 on bases
    assert sum(c.copper for c in data.CREW) == 55
    assert sum(c.copper for c in data.BASES) == 11
    # one-step, one-line cards are worth the most; two-step cards at most 2
    for c in data.CREW:
        if len(c.steps) > 1:
            assert c.copper <= 2, c
        if len(c.pattern) >= 3:
            assert c.copper <= 1, c


def test_rotation_and_symmetry():
    assert data.rotate("NE") == "SW" and data.rotate("N") == "S"
    fila = next(c for c in data.CREW if c.name == "Fila")
    franco = next(c for c in data.CREW if c.name == "Francotiradora")
    assert fila.symmetric and not franco.symmetric
    assert franco.pattern_text(True) != franco.pattern_text(False)


def test_copper_targets():
    assert data.COPPER_TARGET == {2: 20, 3: 15, 4: 12, 5: 10}


def test_hidden_card_text():
    assert data.card_text(data.HIDDEN) == "face-down card"
    with pytest.raises(IndexError):
        data.card(data.HIDDEN)
