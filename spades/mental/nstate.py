"""One hand of the four-player protocol as a page knows it (``nprotocol`` keeps it,
``nshadow`` reads it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import ndeal
from .group import Element

SEATS = 4


@dataclass
class NHand:
    """One hand's protocol state, as this page knows it.  Positions are the final deck's
    (position ``i`` dealt to seat ``i mod 4``); values are card indexes."""

    secrets: dict[int, ndeal.Player] = field(default_factory=dict)
    """This page's seats' keys of the hand, made as each seat first needs one."""
    commits: list[Element | None] = field(default_factory=lambda: [None] * SEATS)
    decks: list[list[Element]] = field(default_factory=list)
    """The deck after each seat's shuffle, in seat order."""
    blind: list[bool | None] = field(default_factory=lambda: [None] * SEATS)
    """Each seat's Blind Nil declaration (None: not made yet, or a table without it)."""
    unlocked: int = 0
    """How many seats took their locks off the deal (seat order)."""
    current: list[Element] = field(default_factory=list)
    """Each position's card now: the final deck's, less each lock taken off for its holder
    so far; once dealt, under its holder's lock alone (what a card played is checked
    against)."""
    holders: list[int] = field(default_factory=list)
    known: dict[int, int] = field(default_factory=dict)
    """The value at each position this page has seen (its seats' cards, the cards passed
    to or by them, every card played)."""
    actions: list[list[Any]] = field(default_factory=list)
    """The hand's moves in order: [seat, "bid", [n, blind]], [seat, "pass", positions],
    [seat, "play", position]."""
    passing: dict[str, Any] | None = None
    """The pass in progress: "giver", "receiver", "positions", "values" (the cards as the
    unlocks leave them), "unlockers" (the seats still to take their lock off, in order)."""
    unlocks: list[ndeal.Unlock] = field(default_factory=list)
    plays: list[ndeal.Shown] = field(default_factory=list)
    keys: list[int | None] = field(default_factory=lambda: [None] * SEATS)


__all__ = ["SEATS", "NHand"]
