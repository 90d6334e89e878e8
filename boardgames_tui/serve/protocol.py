"""The messages between the hub (server process) and a session process.

One JSON object per line, UTF-8, with an ``op`` field. A line longer than
:data:`MAX_LINE` is a broken peer: the reader gives up on it.

Session -> hub: ``create`` (game, players, options), ``join`` (table, seat
or None), ``watch`` (table), ``leave``, ``play`` (n: the number of actions
the session has seen, action: its JSON), ``chat`` (text), ``close``
(table; ``confirm`` true for a table with a game), ``sync``.

Hub -> session: ``hello`` (name, identity, guest, table: the table a guest is bound to), ``lobby`` (tables), ``table``
(the table the session sits at or watches, with the actions so far),
``played`` (n, seat, action), ``chat`` (line), ``closed`` (table; ``archived``: where its file went, or None), ``error``
(text), ``taken`` (text: a newer session of the same player took this
session's seat; it is back in the lobby), ``ended`` (text: the session ends,
e.g. its identity was revoked).
"""

from __future__ import annotations

import json
from typing import Any

#: The longest line either side accepts (a whole table with its actions fits easily).
MAX_LINE = 4 * 1024 * 1024


def encode(message: dict[str, Any]) -> bytes:
    """One message as a line of JSON bytes (ending in a newline)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"


def decode(line: bytes) -> dict[str, Any]:
    """A line back into a message. Raises ValueError for anything that is not a JSON object with an ``op``."""
    data = json.loads(line.decode("utf-8"))
    if type(data) is not dict or not isinstance(data.get("op"), str):
        raise ValueError("not a message")
    return data
