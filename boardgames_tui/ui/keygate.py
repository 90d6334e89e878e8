"""The key gate: a key meant for one screen never acts on the next (docs/architecture.md, "Curtain, private notices, key gate").

A doubled Enter, a held key's auto-repeat or a burst of keys arriving
together over SSH must not lift the next player's curtain, commit a secret
choice or answer the next decision of the same player. One gate for the
whole app enforces it:

- Whatever shows something new that asks for a decision (a curtain, a
  private notice, a reaction window, a new list of choices, a secret choice
  marked "chosen", the game-over screen) **arms** the gate. So does whatever
  acts on a key (lifting a curtain, committing a choice): the key that acts
  uses the gate up.
- An armed gate **opens** for the first key that was pressed after the new
  screen was drawn (``event.time`` is later than the first refresh after
  arming) and that does not follow the key before it within
  :data:`SETTLE` seconds (a burst, a double press, a key held down: the
  player cannot have read the new screen). Every other key is dropped.
- Once open, keys flow freely (arrows, digits, build-mode keys) until the
  next arming.
- A key is judged once, as it arrives. Textual then hands it to the focused
  widget and lets it bubble back up to the screen and the app, through
  message queues: meanwhile something else (a computer player's move, a
  reveal, a timer) may arm the gate for a new screen. Such a key was
  pressed on purpose but is now dropped, since it was meant for the screen
  that is gone, and the player is told to press it again
  (:meth:`KeyGate.worth_telling`). A key that acts arms the gate itself:
  once it has acted, nothing else it would reach acts on it.

The app feeds every key through :meth:`KeyGate.passes` (``BoardGamesApp``
does it in ``on_event``, before any widget or binding sees the key, and
again when the key comes back up to the app to resolve bindings); widgets
that act on keys in their own ``on_key`` ask :meth:`KeyGate.admits`. Only
screens with ``KEY_GATED = True`` (see :class:`GatedScreen`) are guarded:
the launcher, setup, menu and rules take every key.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from textual import events
from textual._time import get_time

#: Seconds a key must follow the one before it to count as a fresh press at
#: a new screen. A burst over SSH arrives all at once; a held key repeats
#: every 30-50 ms after a first delay of about 0.25-0.66 s (so a held key
#: acts once, and at most once more where that first delay is longer than
#: this); nobody reads a new screen and answers it faster.
SETTLE = 0.5

#: Seconds after arming when the gate stops waiting for the first refresh
#: (a screen that never repaints must not lock the keyboard for good).
DRAW_WAIT = 1.0

#: Seconds after the key before it from which a dropped key counts as pressed on purpose
#: (a held key repeats every 30-50 ms, a burst over SSH arrives at once): the player is
#: told it was held back, once per new screen, and presses it again.
TOLD_GAP = 0.2

#: Keys that always pass: quitting must work whatever is on screen.
ALWAYS = frozenset({"ctrl+q"})


class KeyGate:
    """The app's one gate between keys and the screens that act on them.

    ``last_key_at`` is the ``event.time`` of the last key the app received
    (None: the keyboard has rested; the next key is fresh).
    """

    def __init__(self) -> None:
        self.last_key_at: float | None = None
        #: (event, time of the key before it) for the most recent keys.
        self._recent: deque[tuple[events.Key, float | None]] = deque(maxlen=64)
        self._token = 0
        self._armed_at = 0.0
        self._drawn_at: float | None = 0.0
        self._open = True
        #: The arming whose dropped key the player was told about (:meth:`worth_telling`).
        self._told = 0
        #: (event, arming it was admitted under) for the most recent keys admitted.
        self._admitted: deque[tuple[events.Key, int]] = deque(maxlen=64)

    @staticmethod
    def of(app: Any) -> KeyGate:
        """The gate of ``app`` (made on first use)."""
        gate = getattr(app, "key_gate", None)
        if gate is None:
            gate = KeyGate()
            app.key_gate = gate
        return gate

    # ---- keys ------------------------------------------------------------

    def note(self, event: events.Key) -> None:
        """Record a key as the app receives it (in the order keys were pressed)."""
        self._recent.append((event, self.last_key_at))
        self.last_key_at = event.time

    def gap_before(self, event: events.Key) -> float:
        """Seconds between ``event`` and the key pressed before it (inf: none, or not noted)."""
        for noted, before in reversed(self._recent):
            if noted is event:
                return float("inf") if before is None else event.time - before
        return float("inf")

    def rest(self) -> None:
        """Treat the keyboard as rested: the next key does not continue a burst."""
        self.last_key_at = None

    # ---- arming ------------------------------------------------------------

    @property
    def is_open(self) -> bool:
        """Whether keys pass freely until the next arming."""
        return self._open

    def arm(self, node: Any) -> None:
        """Close the gate until something new is drawn and a fresh key comes.

        ``node`` is any mounted widget or screen: the gate counts as drawn
        after the screen's next refresh following this call.
        """
        self._token += 1
        token = self._token
        self._armed_at = get_time()
        self._drawn_at = None
        self._open = False
        try:
            scheduled = node.call_after_refresh(self._drawn, token)
        except Exception:  # not attached (yet): no refresh to wait for
            scheduled = False
        if not scheduled:
            self._drawn_at = self._armed_at

    @property
    def drawn(self) -> bool:
        """Whether what last armed the gate counts as drawn: a fresh key pressed now may open it.

        Tests wait for it before each press, as a player waits to see the screen.
        """
        return self._drawn_at is not None or get_time() - self._armed_at > DRAW_WAIT

    def _drawn(self, token: int) -> None:
        if token == self._token and self._drawn_at is None:
            self._drawn_at = get_time()

    def _admitted_under(self, event: events.Key) -> int | None:
        """The arming ``event`` was admitted under (None: it was not admitted)."""
        for admitted, token in reversed(self._admitted):
            if admitted is event:
                return token
        return None

    def admits(self, event: events.Key) -> bool:
        """Whether ``event`` may act now; the first fresh key after arming opens the gate.

        A key already admitted (as it arrived) is admitted again on its way
        through the widgets as long as nothing armed the gate since; once
        something did, it is dropped (and :meth:`worth_telling` says so).
        """
        if event.key in ALWAYS:
            return True
        token = self._admitted_under(event)
        if token is not None:
            return token == self._token
        if self._open:
            self._admitted.append((event, self._token))
            return True
        drawn = self._drawn_at
        if drawn is None and get_time() - self._armed_at > DRAW_WAIT:
            drawn = self._drawn_at = self._armed_at + DRAW_WAIT
        if drawn is None or event.time < drawn:
            return False  # pressed before the player could see what it would act on
        if self.gap_before(event) < SETTLE:
            return False  # part of a burst, a double press or a held key
        self._open = True
        self._admitted.append((event, self._token))
        return True

    def worth_telling(self, event: events.Key) -> bool:
        """Whether the player should hear that ``event``, just dropped, was held back.

        True for a key pressed on purpose (at least :data:`TOLD_GAP` seconds
        after the key before it: not a burst, not a held key), once per new
        screen. A quick second Enter after a curtain, say, is dropped as a
        double press would be; without a word the player took it for a key
        the program missed.

        Also True (once per new screen) for a key that follows a *different*
        key however closely (a digit that marks a secret card, then Enter to
        confirm it: on a loaded machine both are read at once and stamped
        alike, yet no held key or double press makes two different keys),
        and for a key that was admitted as it arrived and dropped on its way
        because something else armed the gate meanwhile.
        """
        if self._told == self._token:
            return False
        if (
            self._admitted_under(event) is None
            and self.gap_before(event) < TOLD_GAP
            and self._key_before(event) in (None, event.key)
        ):
            return False  # a burst of one key or a held key: not a press to explain
        self._told = self._token
        return True

    def _key_before(self, event: events.Key) -> str | None:
        """The key pressed just before ``event`` (None: none noted)."""
        keys = [noted for noted, _before in self._recent]
        for i in range(len(keys) - 1, 0, -1):
            if keys[i] is event:
                return keys[i - 1].key
        return None

    def passes(self, event: events.Key, screen: Any) -> bool:
        """The app's check of every key: noted when it arrives, then admitted or dropped.

        Called with the key as it first reaches the app and again when it
        bubbles back up to resolve bindings (``event.is_forwarded``); keys
        for screens that are not gated always pass.
        """
        if not event.is_forwarded:
            self.note(event)
        if not getattr(screen, "KEY_GATED", False):
            return True
        return self.admits(event)


class GatedScreen:
    """Mixin for a Screen whose keys go through the gate; it arms on every appearance.

    Put it before ``Screen``/``ModalScreen`` in the bases. Coming back to
    the screen (after a dialog, a curtain above it) counts as a new
    appearance.
    """

    KEY_GATED = True

    def on_screen_resume(self) -> None:
        KeyGate.of(self.app).arm(self)  # type: ignore[attr-defined]  # a mixin: the Screen it is put before has app
