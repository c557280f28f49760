"""Choosing a bid with the keyboard: digits, two-digit bids, and +/-.

Typing picks (and focuses) a bid button; Enter then confirms it, so a stray key never
bids by itself. "1" then "0" picks 10; "1" alone picks 1; "+" and "-" step the pick.
"""

from __future__ import annotations

HIGHEST_BID = 13


def pick_bid(buffer: str, key: str, current: int | None) -> tuple[str, int | None]:
    """(the new digit buffer, the bid now picked or None) after one key press."""
    if key in ("+", "=", "ArrowUp"):
        return "", min(HIGHEST_BID, 0 if current is None else current + 1)
    if key in ("-", "_", "ArrowDown"):
        return "", max(0, 0 if current is None else current - 1)
    if len(key) != 1 or not key.isdigit():
        return buffer, current
    if buffer:
        both = int(buffer + key)
        if both <= HIGHEST_BID:
            return "", both
    digit = int(key)
    # A "1" may start 10 to 13, so it waits for a second digit (it is picked meanwhile).
    return ("1" if key == "1" else ""), digit
