"""Rows of the board built from small pieces, each piece rendered once (a cache by key).

The field and the rows of cards (hand, discard piles) are rows of boxes set
side by side. Building a whole Rich ``Text`` for them and rendering it again
at every decision cost most of the board's time, though a decision changes a
few boxes: the highlighted cell, the legal marks, one card of a hand. Here
each box is rendered to segments once per look (its key), and a row is the
join of its boxes' segments.

The rows come out exactly as :func:`boardgames_tui.ui.lines.text_strips`
would cut the whole ``Text``: Rich starts a new segment at every styled
span, and joins unstyled neighbours into one, and so does :func:`join`
(``tests/mision_chungungo/test_pieces.py`` holds the two side by side).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip

#: The style Rich gives a run of a line that no span covers, when the line has spans elsewhere.
PLAIN = Style.null()

Segments = tuple[Segment, ...]


def piece_segments(piece: Text, console: Console) -> Segments:
    """``piece`` (one line, no newline) as the segments it gives inside a longer line.

    Its own style counts as a span, as when it is appended to a line
    (``Text.append_text``); a run without style gets :data:`PLAIN`.
    """
    line = Text()
    line.append_text(piece)
    if not line.spans:
        return (Segment(line.plain, PLAIN),) if line.plain else ()
    return tuple(s for s in line.render(console) if s.text)


def join(parts: Iterable[Sequence[Segment]]) -> Strip:
    """One row from the segments of its pieces, left to right (see the module docstring).

    Unstyled neighbours become one segment, as Rich renders them; a row
    with no style at all is one segment without a style, as Rich renders a
    line without spans.
    """
    out: list[Segment] = []
    for part in parts:
        for seg in part:
            if out and seg.style == PLAIN and out[-1].style == PLAIN:
                out[-1] = Segment(out[-1].text + seg.text, PLAIN)
            else:
                out.append(seg)
    if out and all(seg.style == PLAIN for seg in out):
        return Strip([Segment("".join(seg.text for seg in out))])
    return Strip(out)


class Pieces:
    """A cache of rendered pieces: ``block(key, make)`` renders the lines ``make()`` returns once per key.

    ``limit`` caps how many keys are kept (the oldest go first); a game
    shows a few hundred different boxes at most.
    """

    def __init__(self, limit: int = 2048) -> None:
        self._blocks: dict[Hashable, tuple[Segments, ...]] = {}
        self.limit = limit

    def block(
        self, console: Console, key: Hashable, make: Callable[[], Sequence[Text]]
    ) -> tuple[Segments, ...]:
        """The segments of each line of ``make()`` (a list of one-line Texts), kept under ``key``."""
        found = self._blocks.get(key)
        if found is None:
            found = tuple(piece_segments(line, console) for line in make())
            if len(self._blocks) >= self.limit:
                del self._blocks[next(iter(self._blocks))]
            self._blocks[key] = found
        return found

    def clear(self) -> None:
        """Forget every piece (a new theme or language renders them differently)."""
        self._blocks.clear()
