"""The decision clock of a table with a clock (the Duel table, seed 002: 15 seconds for
each decision: a draw choice, a bid, a card).

Pure bookkeeping: every time is in milliseconds and passed in by the caller (the page
passes ``performance.now()``); nothing here reads a real clock, so it is tested under
CPython. A ``Clock`` is an immutable value: each change returns a new one.

A clock belongs to one decision, named by a plain key the caller gives
(``decision_key(game)`` makes one): a clock restored from a save applies only while the
game still waits for that same decision (``clock_for``), else the decision gets a fresh
limit.

The page holds the clock while Options, Help or a dialog is open, while the tab is
hidden, and between a friend's turns until they tap ready. Each of these is a *reason*
(any string): ``pause(now, reason)`` adds one, ``resume(now, reason)`` removes it, and the
time runs only while no reason holds it, so closing Help does not restart a clock that
a hidden tab still holds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from spades import Game

SECOND_MS = 1000
WARNING_MS = 5 * SECOND_MS
"""The last five seconds: the countdown turns to a warning and "5 seconds" is said once."""
MAX_SECONDS = 3600
"""The longest limit we accept (from a table, a ``?clock=`` override or a save): an hour
is already far beyond any real table; a bigger number in a save is not ours."""
MAX_DECISION_CHARS = 200
"""A decision key longer than this is not one we wrote."""
PAUSED = "paused"
"""The reason of a plain ``pause(now)``/``resume(now)``, and the one a restored clock
starts held by."""


@dataclass(frozen=True, slots=True)
class Clock:
    """The time of one decision."""

    decision: str
    """The caller's key of the decision this clock belongs to."""
    limit_ms: int
    """The time the decision had when it began."""
    left_ms: float
    """Time left when the clock last started running (at ``running_since``) or stopped."""
    running_since: float | None = None
    """The caller's time when it last started running; None while held."""
    holds: frozenset[str] = frozenset()
    """Why it is not running (see the module's notes); empty exactly while it runs."""
    warned: bool = False
    """The "5 seconds" warning has been given (``announce_five``)."""

    def __post_init__(self) -> None:
        if not SECOND_MS <= self.limit_ms <= MAX_SECONDS * SECOND_MS:
            raise ValueError("the limit is out of range")
        if not 0 <= self.left_ms <= self.limit_ms:  # False for NaN too
            raise ValueError("the time left is out of range")
        if (self.running_since is None) != bool(self.holds):
            raise ValueError("a clock runs exactly when nothing holds it")

    # ---------------------------------------------------------------- making one

    @classmethod
    def start(cls, decision: str, seconds: int, now: float,
              holds: frozenset[str] = frozenset()) -> Clock:
        """A fresh clock of ``seconds`` for a new decision, running from ``now`` unless
        some reason already holds it (``holds``: e.g. the tab is hidden)."""
        if type(seconds) is not int or not 1 <= seconds <= MAX_SECONDS:
            raise ValueError("the seconds of a clock are a whole number from 1 to 3600")
        limit = seconds * SECOND_MS
        return cls(decision, limit, float(limit), None if holds else now, frozenset(holds))

    # ---------------------------------------------------------------- holding it

    @property
    def running(self) -> bool:
        return self.running_since is not None

    def pause(self, now: float, reason: str = PAUSED) -> Clock:
        """Held by ``reason`` too; the time left is kept (nothing is lost or gained)."""
        return replace(self, left_ms=self.left(now), running_since=None,
                       holds=self.holds | {reason})

    def resume(self, now: float, reason: str = PAUSED) -> Clock:
        """``reason`` no longer holds it; it runs from ``now`` if nothing else does."""
        if reason not in self.holds:
            return self
        holds = self.holds - {reason}
        return replace(self, holds=holds, running_since=None if holds else now)

    # ---------------------------------------------------------------- reading it

    def left(self, now: float) -> float:
        """Milliseconds left at ``now`` (never below 0; a time before the clock last
        started running counts as that start)."""
        if self.running_since is None:
            return self.left_ms
        return max(0.0, self.left_ms - max(0.0, now - self.running_since))

    def expired(self, now: float) -> bool:
        """The time is up: exactly at the limit, not a millisecond before."""
        return self.left(now) <= 0

    def warning(self, now: float) -> bool:
        """In the last five seconds (the countdown's warning colour; still at 0)."""
        return self.left(now) <= WARNING_MS

    def seconds_shown(self, now: float) -> int:
        """The countdown: whole seconds, rounded up (15 at the start, 1 in the last
        second, 0 only when the time is up)."""
        return math.ceil(self.left(now) / SECOND_MS)

    def announce_five(self, now: float) -> tuple[Clock, bool]:
        """(the clock, whether to say "5 seconds" now): True once per decision, the first
        time it is asked within the last five seconds, and only for a decision that had
        more than five seconds (a three-second clock never says "5 seconds"). The clock
        returned remembers it was said, across pauses and a save, so it is never said
        twice. Past the end nothing is said (the page acts on the expiry instead)."""
        if self.warned or self.limit_ms <= WARNING_MS:
            return self, False
        left = self.left(now)
        if left > WARNING_MS:
            return self, False
        return replace(self, warned=True), left > 0

    # ---------------------------------------------------------------- saving it

    def to_dict(self, now: float) -> dict[str, Any]:
        """What a save keeps: the time LEFT at ``now`` (whole milliseconds, rounded up),
        not when it started: ``performance.now()`` starts again at 0 after a reload."""
        return {"decision": self.decision, "limit_ms": self.limit_ms,
                "left_ms": math.ceil(self.left(now)), "warned": self.warned}


def clock_from_dict(data: object) -> Clock:
    """A clock from a save, held by ``PAUSED`` (``resume(now)`` once the table shows);
    raises ValueError if the data is not one ``to_dict`` wrote."""
    if not isinstance(data, dict):
        raise ValueError("a clock is an object")
    decision, limit, left, warned = (data.get("decision"), data.get("limit_ms"),
                                     data.get("left_ms"), data.get("warned"))
    if not isinstance(decision, str) or len(decision) > MAX_DECISION_CHARS:
        raise ValueError("bad decision")
    if type(limit) is not int or limit % SECOND_MS:
        raise ValueError("bad limit")
    if not SECOND_MS <= limit <= MAX_SECONDS * SECOND_MS:
        raise ValueError("bad limit")
    # (compared before float(): a huge int would overflow, and NaN fails every comparison)
    if isinstance(left, bool) or not isinstance(left, int | float) or not 0 <= left <= limit:
        raise ValueError("bad time left")
    if type(warned) is not bool:
        raise ValueError("bad warning flag")
    return Clock(decision, limit, float(left), None, frozenset({PAUSED}), warned)


def clock_for(previous: Clock | None, decision: str, seconds: int, now: float) -> Clock:
    """The clock of ``decision``: ``previous`` if it is that decision's (same key, same
    limit), so a reload or a redraw keeps the time left; else a fresh clock of
    ``seconds``, held by whatever held ``previous`` (a hidden tab, an open dialog: those
    are the page's, not the decision's)."""
    if (previous is not None and previous.decision == decision
            and previous.limit_ms == seconds * SECOND_MS):
        return previous
    holds = previous.holds if previous is not None else frozenset()
    return Clock.start(decision, seconds, now, holds)


def decision_key(game: Game) -> str:
    """A key naming the decision ``game`` waits for: its deal, its hand, how many moves
    have been made, and the phase (each move makes a new decision)."""
    return f"{game.seed}/{game.hand_number}/{len(game.actions)}/{game.phase.value}"


def clock_seconds(rules_clock: int | None, pref_on: bool, override: int | None) -> int | None:
    """The seconds per decision at this table, or None for no clock.

    ``rules_clock`` is the table's ``Rules.clock_seconds`` (None: the table has no clock);
    ``pref_on`` the player's Options "Clock" switch (off: no clock); ``override`` the
    ``?clock=N`` test override, which changes the length of a table's clock but never
    gives a clock to a table without one (a value out of 1..MAX_SECONDS is ignored).
    """
    if rules_clock is None or not pref_on:
        return None
    if type(override) is int and 1 <= override <= MAX_SECONDS:
        return override
    return rules_clock


def override_from_query(text: str | None) -> int | None:
    """The ``?clock=N`` override: N seconds if N is written in ASCII digits and within
    1..MAX_SECONDS, else None (anything else in the address is ignored)."""
    if not isinstance(text, str) or not 1 <= len(text) <= 4:
        return None
    if not all("0" <= char <= "9" for char in text):
        return None
    seconds = int(text)
    return seconds if 1 <= seconds <= MAX_SECONDS else None
