"""The pieces of the tolerant terminal driver (ui/driver.py), without a terminal."""

from __future__ import annotations

import pytest

from boardgames_tui.ui.driver import PASTE_END, PASTE_START, PasteFilter, make_decoder


def test_bytes_that_are_not_utf8_decode_as_latin1_or_a_replacement_character():
    decode = make_decoder().decode
    assert decode(b"Jos\xe9 Mu\xf1oz") == "José Muñoz"
    assert decode(b"\x1b[M \xa00") == "\x1b[M \xa00"  # an X10 mouse report: still three characters
    assert decode(b"caf\xc3\xa9 \x85") == "café \ufffd"  # real UTF-8 kept; a C1 byte is no Latin-1 letter


def test_a_lead_byte_typed_last_waits_for_more_then_flushes():
    decoder = make_decoder()
    assert decoder.decode(b"\xe9") == ""
    assert decoder.getstate()[0] == b"\xe9"
    assert decoder.decode(b"", final=True) == "é"


def feed_all(chunks: list[str]) -> str:
    paste = PasteFilter()
    return "".join(paste.feed(chunk) for chunk in chunks)


@pytest.mark.parametrize("cut", range(1, 40))
def test_escapes_inside_a_paste_are_dropped_wherever_the_chunks_are_cut(cut):
    text = f"a\x1b{PASTE_START}1\x1b[A2\x1bq\r{PASTE_END}\x1b[B"
    expected = f"a\x1b{PASTE_START}1[A2q\r{PASTE_END}\x1b[B"
    assert feed_all([text[:cut], text[cut:]]) == expected
    assert feed_all(list(text)) == expected  # one character at a time


def test_an_escape_outside_a_paste_is_never_held_back():
    paste = PasteFilter()
    assert paste.feed("\x1b") == "\x1b"
    assert paste.feed("\x1b[") == "\x1b["
    assert not paste.in_paste
