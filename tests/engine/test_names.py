"""Player names: one rule for setup, --names and saves (engine/names.py)."""

import json

import pytest

from boardgames_tui.engine import Match, SaveError
from boardgames_tui.engine.names import MAX_NAME_WIDTH, check_name, check_names, name_width, without_controls


@pytest.mark.parametrize(
    "raw, clean",
    [
        ("  Ana ", "Ana"),
        ("[/]", "[/]"),
        ("[bold]x", "[bold]x"),
        ("🐧 Pingu", "🐧 Pingu"),
        ("שלום", "שלום"),
        ("e\u0301va", "\u00e9va"),  # NFC: one é, whichever way it was typed
        ("x" * MAX_NAME_WIDTH, "x" * MAX_NAME_WIDTH),
        ("🐧" * (MAX_NAME_WIDTH // 2), "🐧" * (MAX_NAME_WIDTH // 2)),
    ],
)
def test_a_name_is_kept_as_typed_less_the_surrounding_spaces(raw, clean):
    assert check_name(raw) == clean


@pytest.mark.parametrize(
    "raw, words",
    [
        ("", "cannot be empty"),
        ("   \u3000 ", "cannot be empty"),
        ("\u200b\u0301", "at least one visible character"),
        ("\x1b]0;X\x1b\\\x1b[2JAna", "control character ESC (U+001B)"),
        ("Ana\x07", "control character BEL (U+0007)"),
        ("An\na", "a line break"),
        ("Ana\x7f", "DEL"),
        ("Ana\x9b2J", "U+009B"),  # a C1 CSI
        ("Ana\u202eoteB", "RIGHT-TO-LEFT OVERRIDE"),
        ("x" * (MAX_NAME_WIDTH + 1), "too long"),
        ("🐧" * (MAX_NAME_WIDTH // 2 + 1), "too long"),  # emoji count twice
        ("a" + "\u0301" * 60, "too long"),  # a stack of accents
        pytest.param("x" * 50_000_000, "50,000,000 characters", id="fifty-million-x"),
        (7, "must be text"),
    ],
)
def test_a_bad_name_is_refused_with_a_message_for_the_player(raw, words):
    with pytest.raises(ValueError) as caught:
        check_name(raw)
    message = str(caught.value)
    assert words in message
    assert not any(ch < " " or "\x7f" <= ch <= "\x9f" for ch in message)  # never a raw control in the message


def test_names_differing_only_in_case_are_two_players_but_a_repeat_is_refused():
    assert check_names(["Ana", "ana", " ANA "]) == ("Ana", "ana", "ANA")
    with pytest.raises(ValueError, match="seats A and C are both Ana"):
        check_names(["Ana", "Beto", " Ana"])
    with pytest.raises(ValueError, match="seat B: a name cannot be empty"):
        check_names(["Ana", " "])


def test_width_counts_wide_characters_twice_and_marks_not_at_all():
    assert name_width("Ana") == 3
    assert name_width("🐧") == 2
    assert name_width("e\u0301") == 1
    assert without_controls("A\x1b[2Jn\x07a\u202e") == "A[2Jna"


def _save_with_names(names):
    good = Match.new("veto", ["Ana", "Beto"], 3).to_dict()
    good["names"] = names
    from boardgames_tui.engine.match import _checksum

    body = {k: v for k, v in good.items() if k != "checksum"}
    good["checksum"] = _checksum(body)
    return json.dumps(good)


@pytest.mark.parametrize(
    "names, words",
    [
        (["Ana", "\x1b]0;X\x07Beto"], "control character ESC"),
        (["Ana", "B" * 1_000_000], "too long"),
        (["Ana", "  "], "cannot be empty"),
        (["Ana", "Ana"], "both Ana"),
    ],
)
def test_a_save_is_held_to_the_same_name_rule_as_setup(veto_game, names, words):
    with pytest.raises(SaveError, match=words):
        Match.from_json(_save_with_names(names))


def test_a_save_with_names_differing_in_case_loads(veto_game):
    assert Match.from_json(_save_with_names(["ana", "Ana"])).names == ("ana", "Ana")


@pytest.fixture
def veto_game():
    from boardgames_tui.games import GAMES
    from tests.shell.tiny_game import SPEC

    GAMES[SPEC.id] = SPEC
    yield SPEC
    GAMES.pop(SPEC.id, None)
