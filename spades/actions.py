"""The actions a player takes.  A game advances only by these.

``Bid(0)`` is Nil and ``Bid(0, blind=True)`` is Blind Nil (Double Nil at two players);
``Play(card)`` plays a card; ``Draw(keep)`` keeps or discards the top of the stock at two
players; ``Pass(cards)`` is one half of the Blind Nil exchange; ``Replace(cards)`` swaps up
to three cards after a Double Nil.  Each action has a short text form used in saves.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar, TypeAlias

from .cards import CARDS, Card


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid of ``n`` tricks; 0 is Nil, and ``blind=True`` makes it Blind (Double) Nil."""

    n: int
    blind: bool = False

    def __repr__(self) -> str:
        return "Bid(0, blind=True)" if self.blind else f"Bid({self.n})"

    def to_text(self) -> str:
        return "bid:blind" if self.blind else f"bid:{self.n}"


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` to the trick."""

    card: Card

    def __post_init__(self) -> None:
        # Like Pass and Replace: a Play of anything but a Card would reach apply's fast
        # path and fail there with an AttributeError instead of IllegalAction.
        if not isinstance(self.card, Card):
            raise TypeError(f"Play needs a Card, not {self.card!r}")

    def __repr__(self) -> str:
        return f"Play({self.card!r})"

    def to_text(self) -> str:
        return f"play:{self.card}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Two players: keep the top card of the stock (and discard the next), or discard it
    (and take the next)."""

    keep: bool

    def __repr__(self) -> str:
        return f"Draw(keep={self.keep})"

    def to_text(self) -> str:
        return "draw:keep" if self.keep else "draw:discard"


def _sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    items = tuple(cards)
    if not all(isinstance(card, Card) for card in items):
        raise TypeError("cards must be Card values")
    return tuple(sorted(items))


@dataclass(frozen=True, slots=True, init=False, repr=False)
class _CardsAction:
    """An action on a set of cards, kept sorted so that equal sets make equal actions."""

    cards: tuple[Card, ...]
    kind: ClassVar[str]

    def __init__(self, cards: Iterable[Card]) -> None:
        object.__setattr__(self, "cards", _sorted_cards(cards))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({[str(c) for c in self.cards]!r})"

    def to_text(self) -> str:
        return f"{self.kind}:" + ",".join(map(str, self.cards))


@dataclass(frozen=True, slots=True, init=False, repr=False)
class Pass(_CardsAction):
    """Blind Nil exchange: the cards this seat gives its partner."""

    kind = "pass"


@dataclass(frozen=True, slots=True, init=False, repr=False)
class Replace(_CardsAction):
    """Double Nil: the cards (at most three) swapped for random cards from the discards."""

    kind = "replace"


Action: TypeAlias = Bid | Play | Draw | Pass | Replace


def parse_action(text: str) -> Action:
    """Read an action's text form (``bid:3``, ``play:QS``, ``pass:2C,3C,4C``...).

    Raises ValueError on anything else; saves rely on this to reject edited files.
    """
    if not isinstance(text, str) or ":" not in text:
        raise ValueError(f"not an action: {text!r}")
    kind, _, arg = text.partition(":")
    if kind == "bid":
        if arg == "blind":
            return Bid(0, blind=True)
        if arg.isdigit() and len(arg) <= 2:
            return Bid(int(arg))
    elif kind == "play":
        return Play(Card.parse(arg))
    elif kind == "draw" and arg in ("keep", "discard"):
        return Draw(arg == "keep")
    elif kind in ("pass", "replace"):
        cards = [Card.parse(part) for part in arg.split(",")] if arg else []
        return Pass(cards) if kind == "pass" else Replace(cards)
    raise ValueError(f"not an action: {text!r}")


PLAYS: tuple[Play, ...] = tuple(Play(card) for card in CARDS)
"""One shared ``Play`` per card index, so listing legal plays allocates nothing."""
BIDS: tuple[Bid, ...] = tuple(Bid(n) for n in range(14))
BLIND_NIL = Bid(0, blind=True)
KEEP, DISCARD = Draw(True), Draw(False)
