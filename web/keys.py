"""Choosing a bid with the keyboard: digits, two-digit bids, +/-, and the arrows.

Typing picks (and focuses) a bid button; Enter then confirms it, so a stray key never
bids by itself. "1" then "0" picks 10; "1" alone picks 1; "+" and "-" step the pick.
The arrow keys move in the bid grid as in any grid: left and right along a row, up and
down a column.
"""

from __future__ import annotations

HIGHEST_BID = 13


def pick_bid(buffer: str, key: str, current: int | None) -> tuple[str, int | None]:
    """(the new digit buffer, the bid now picked or None) after one key press."""
    if key in ("+", "="):
        return "", min(HIGHEST_BID, 0 if current is None else current + 1)
    if key in ("-", "_"):
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


GRID_STEPS = {"ArrowLeft": (0, -1), "ArrowRight": (0, 1), "ArrowUp": (-1, 0), "ArrowDown": (1, 0)}
"""(rows, columns) that each arrow key moves by."""


def grid_move(index: int, key: str, enabled: list[bool], columns: int) -> int:
    """The index an arrow key moves to from ``index`` in a grid of ``columns`` buttons laid
    out row by row (``enabled`` says which can take the focus).

    Left and right go along the row (to the next row at its end); up and down stay in the
    column. A disabled button is skipped over in the same direction; where there is no
    enabled button that way, the focus stays where it is.

    >>> grid_move(2, "ArrowDown", [True] * 14, 7)
    9
    >>> grid_move(6, "ArrowRight", [True] * 14, 7)
    7
    >>> grid_move(9, "ArrowDown", [True] * 14, 7)
    9
    >>> grid_move(1, "ArrowRight", [True, True, False, True], 7)
    3
    """
    rows, cols = GRID_STEPS.get(key, (0, 0))
    step = rows * columns + cols
    if step == 0:
        return index
    target = index + step
    while 0 <= target < len(enabled):  # a step of a whole row stays in the column
        if enabled[target]:
            return target
        target += step
    return index
