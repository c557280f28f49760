"""How long an online page waits for the other (issue 44: every wait has an end).

Pure bookkeeping, as web/clock.py: times are milliseconds passed in by the caller (the
page's ``performance.now()``), so it is tested under CPython.

A page waits for the other whenever the next protocol message is the other's to send: its
decision (a draw, a bid, a card, a Double Nil replacement), or a step of the protocol its
page makes alone (a shuffle and its proof, a card unlocked). A decision may take the
table's clock (the other page moves for its player when the clock runs out) plus a grace
for the network and that page's own work; a step of the protocol, the grace alone; a
table without a clock gives a decision ``UNCLOCKED_MS``. Past that limit the message is
asked for again (``Wait.asked``: a message lost on the way, which the other page sends
again from what it keeps), and ``FORFEIT_MS`` later the other player loses by forfeit: a
page that pings but never moves cannot stall the game.

A wait is for one message, named by a key (the protocol's hand and sequence number): a
message taken, or one sent, makes a new key and a fresh wait.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

GRACE_MS = 15_000
"""The network, and the other page's own work (a shuffle's proof takes about a second on a
slow phone), on top of a decision's time."""
UNCLOCKED_MS = 5 * 60_000
"""A decision at a table without a clock (Two-handed classic)."""
FORFEIT_MS = 60_000
"""After the message was asked for again: how long until the other player forfeits."""
AWAY_AFTER = 3
"""Decisions in a row made by the other page's clock after which its player is away."""


@dataclass(frozen=True, slots=True)
class Wait:
    """The wait for one message of the other page."""

    key: tuple[int, int]
    """What is awaited: (the hand, the protocol's sequence number)."""
    since: float
    limit_ms: float
    """How long the message may take before it is asked for again."""
    asked: bool = False

    def due_to_ask(self, now: float) -> bool:
        return not self.asked and now - self.since >= self.limit_ms

    def forfeited(self, now: float) -> bool:
        return now - self.since >= self.limit_ms + FORFEIT_MS

    def ask(self) -> Wait:
        return replace(self, asked=True)


def decision_ms(clock_seconds: int | None) -> float:
    """How long the other player may take for a decision, the grace included."""
    return (UNCLOCKED_MS if clock_seconds is None else clock_seconds * 1000) + GRACE_MS


def wait_for(wait: Wait | None, key: tuple[int, int], now: float, limit_ms: float) -> Wait:
    """The wait for the message named ``key``: the one under way if it is for it, else a
    new one from ``now``."""
    if wait is not None and wait.key == key:
        return wait
    return Wait(key, now, limit_ms)


__all__ = ["AWAY_AFTER", "FORFEIT_MS", "GRACE_MS", "UNCLOCKED_MS", "Wait", "decision_ms",
           "wait_for"]
