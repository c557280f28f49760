"""Immutable records of what happened: a trick, a finished hand, and why a move was refused."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .cards import Card
from .explanations import Explanation
from .scoring import SideResult


class Phase(enum.Enum):
    DRAW = "draw"
    """Two players: take turns keeping or discarding the top of the stock (001, 002)."""
    REPLACE = "replace"
    """Two players: a Double Nil bidder swaps up to three cards (001)."""
    BID = "bid"
    PASS = "pass"
    """Four players: the Blind Nil exchange, partner first (003)."""
    PLAY = "play"
    GAME_OVER = "game_over"


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick: who led, each (seat, card) in playing order, and who won it (None while
    the trick is still being played)."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int | None = None


@dataclass(frozen=True, slots=True)
class HandRecord:
    """A finished hand, as the score sheet shows it."""

    number: int
    dealer: int
    bids: tuple[int, ...]
    blind: tuple[bool, ...]
    tricks: tuple[int, ...]
    """Tricks won per seat."""
    sides: tuple[SideResult, SideResult]
    scores: tuple[int, int]
    """Each side's score after this hand."""
    bags: tuple[int, int]

    @property
    def points(self) -> tuple[int, int]:
        return (self.sides[0].points, self.sides[1].points)


class IllegalAction(ValueError):
    """Raised by ``Game.apply`` for an action that is not legal now."""

    def __init__(self, explanation: Explanation) -> None:
        super().__init__(explanation.message)
        self.explanation = explanation

    @property
    def code(self) -> str:
        return self.explanation.code
