"""Keep Python's garbage collector from pausing the screen for tens of milliseconds.

CPython's cyclic collector looks through every tracked object in its oldest
generation now and then. A running game holds some 80,000 of them (Textual's
widgets, styles and cached rows, the match), and such a pass took 55-90 ms on
this machine: a key that happened to start it waited that long
(``benchmarks/bot_responsiveness.py`` saw its worst keys there). Almost all of
those objects live as long as the game.

:func:`settle` is called once the game screen has been drawn: it collects
what is garbage already, then freezes the survivors (``gc.freeze``), so later
passes look only at objects made since. It first unfreezes what an earlier
game froze, so that game's screens, once left, are collected too (objects in
the frozen generation are still freed by reference counting; only their
cycles would wait).

In a session of the server forked from its fork server
(``boardgames_tui/serve/forkserver.py``), what the fork server froze before
the fork is shared with every other session: :data:`SHARED_FROZEN` is then
set and those objects stay frozen, since a collection that looked through
them would write to (and so copy) every page they live on.
"""

from __future__ import annotations

import gc

#: True in a process forked from a parent that froze its objects for its children to share.
SHARED_FROZEN = False


def settle() -> None:
    """Collect, then freeze the objects alive now out of the collector's later passes
    (what an earlier game froze is unfrozen first, unless :data:`SHARED_FROZEN`)."""
    if not SHARED_FROZEN:
        gc.unfreeze()
    gc.collect()
    gc.freeze()
