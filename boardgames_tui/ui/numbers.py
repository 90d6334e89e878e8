"""Numbers typed by a player (a jump box, the seed), read without ever raising."""

from __future__ import annotations

#: Digits a typed number may have: a 64-bit seed has 19; ``int()`` refuses over 4300.
MAX_DIGITS = 19


def typed_whole_number(text: str, *, signed: bool = False, digits: int = MAX_DIGITS) -> int | None:
    """The whole number written in ``text``, or None when ``text`` is not one.

    Spaces around the number are ignored; with ``signed`` one leading "-" or
    "+" is allowed. Only decimal digits count (``str.isdecimal``: 0-9 and
    other scripts' digits such as "٣" or "３", all of which ``int()``
    reads). Characters that ``str.isdigit`` or ``str.isnumeric`` accept but
    ``int()`` refuses ("¹", "²", "½", "Ⅻ") give None, as do more than
    ``digits`` digits, an empty text, or a sign alone. Never raises.
    """
    text = text.strip()
    body = text[1:] if signed and text[:1] in ("-", "+") else text
    if not body or len(body) > digits or not body.isdecimal():
        return None
    return int(text)
