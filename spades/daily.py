"""The daily game: everyone who plays on the same calendar day gets the same hands.

The seed is derived from the ISO date with SHA-256, not Python's ``hash()`` (which is
salted per process), so it is the same on every browser, platform and Python version.
The daily table is Quick rules at Medium level (004).
"""

from __future__ import annotations

import datetime
import hashlib

DAILY_PRESET = "quick"
DAILY_LEVEL = "medium"


def seed_for(date: datetime.date) -> int:
    """The day's seed: a 48-bit number (exact in JavaScript too) fixed by the date alone.

    >>> seed_for(datetime.date(2026, 11, 29))
    278004775244026
    """
    digest = hashlib.sha256(f"spades-daily:{date.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:6], "big")
