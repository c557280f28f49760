"""Taps and keys made on the painted table before Python was ready (issue 30).

On a return visit web/paint.js paints the table as it was left before the runtime has
started, and keeps what the player taps on it (the element's identifying data-*
attributes, or the key, and the time) with the paint's seed and move count, in
``window.spadesEarly``. Once the page is ready it reads them here and hands them, in
order, to its own handlers (flow.py ``on_click``, keyboard.py ``on_key``), so the engine
judges them as it judges a live tap: nothing about the rules is decided here or in JS.

What JavaScript kept is read as untrusted text: only the names below, values a selector
can hold as they are, and a few taps. A tap made on the paint of another state than the
game Python loaded (another tab moved meanwhile, or the save could not be read) is never
applied: the page drops it and says so (``STALE_MESSAGE``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from i18n import N_

from spades import Game

MOST_TAPS = 12
"""At most this many taps are kept (paint.js stops recording there too)."""
NAMES = ("card", "bid", "draw", "action", "hand", "id")
"""The attributes that say which element was tapped: data-card, data-bid, data-draw,
data-action, data-hand, and the id of a button that has no data-* of these."""
VALUE = re.compile(r"[A-Za-z0-9_-]{1,24}")
KEYS = re.compile(r"[0-9+=_-]|[kKdD ]|Enter|Delete|Escape|Arrow(?:Left|Right|Up|Down)")
"""The keys the table acts on (keyboard.py), as paint.js keeps them."""
STALE_MESSAGE = N_("The game had moved on while it was getting ready, so your early move "
                   "was not played.")


@dataclass(frozen=True)
class Tap:
    """One tap (``data``: the tapped element's identifying attributes, name without
    "data-") or one key (``key``), at ``at`` ms of the page's clock; ``detail`` is the
    click's count (2 for the second click of a double click)."""

    data: tuple[tuple[str, str], ...] = ()
    key: str = ""
    at: float = 0.0
    detail: int = 1

    def selector(self) -> str:
        """The live table's element that is the one tapped on the picture."""
        return "#app " + "".join(f'[id="{value}"]' if name == "id" else f'[data-{name}="{value}"]'
                                 for name, value in self.data)


@dataclass(frozen=True)
class EarlyTaps:
    """The taps made on the paint of game ``seed`` after ``moves`` moves."""

    seed: int
    moves: int
    taps: tuple[Tap, ...]

    def made_on(self, game: Game) -> bool:
        """True if the paint tapped on was of this game, at this very move."""
        return self.seed == game.seed and self.moves == len(game.actions)


class ReplayedEvent:
    """A kept tap or key as the page's handlers read an event: its target (the live
    element for the one tapped on the picture), key and click count."""

    def __init__(self, target: Any = None, key: str = "", detail: int = 1) -> None:
        self.target = target
        self.key = key
        self.detail = detail
        self.defaultPrevented = False

    def preventDefault(self) -> None:
        self.defaultPrevented = True


def _count(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 \
        else None


def _tap(raw: object) -> Tap | None:
    if not isinstance(raw, dict):
        return None
    at = raw.get("at")
    if isinstance(at, bool) or not isinstance(at, int | float) or not 0 <= at < 1e9:
        return None
    key, data = raw.get("key"), raw.get("data")
    if key is not None and data is None:
        if isinstance(key, str) and KEYS.fullmatch(key):
            return Tap(key=key, at=float(at))
        return None
    if key is not None or not isinstance(data, dict):
        return None
    named = tuple((name, data[name]) for name in NAMES
                  if isinstance(data.get(name), str) and VALUE.fullmatch(data[name]))
    if not named or len(named) != len(data):
        return None
    detail = _count(raw.get("detail"))
    return Tap(data=named, at=float(at), detail=min(detail or 1, 3))


def read_early(text: str | None) -> EarlyTaps | None:
    """What paint.js kept (window.spadesEarly as JSON), or None if nothing was kept or it
    is not what paint.js writes. Taps that are not what it records are left out."""
    if not text:
        return None
    try:
        raw = json.loads(text)
    except ValueError:
        return None
    if not isinstance(raw, dict) or not isinstance(raw.get("taps"), list):
        return None
    seed, moves = _count(raw.get("seed")), _count(raw.get("moves"))
    if seed is None or moves is None:
        return None
    taps = [tap for tap in map(_tap, raw["taps"]) if tap is not None]
    return EarlyTaps(seed, moves, tuple(taps[:MOST_TAPS]))


def replay(taps: Iterable[Tap], hand_over: Callable[[Tap], None],
           moved: Callable[[], bool]) -> int:
    """Hand each tap in turn to the page (``hand_over``) until one has made a move
    (``moved``): a double tap, or a tap after the one that played, makes no second move.
    The number of taps handed over."""
    handed = 0
    for tap in taps:
        hand_over(tap)
        handed += 1
        if moved():
            break
    return handed
