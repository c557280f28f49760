"""Cards, suits and bitboards.

A card is a small immutable value that parses and prints as rank + suit letter
(``Card.parse("10H")``, ``str(card) == "10H"``).  Inside the engine a set of cards is
one ``int`` used as a 52-bit bitboard: bit ``index`` is set when the card is in the set.
Index = suit * 13 + rank, with rank 0 for the two and 12 for the ace, so that comparing
indexes inside one suit compares ranks, and a suit is one 13-bit block.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

SUITS = "CDHS"
"""Suit letters in index order: clubs, diamonds, hearts, spades."""
SUIT_SYMBOLS = ("♣", "♦", "♥", "♠")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUIT_MASK = 0x1FFF
"""The 13 bits of one suit, before shifting by ``suit * 13``."""
SUIT_MASKS = tuple(SUIT_MASK << (13 * s) for s in range(4))
SPADE_MASK = SUIT_MASKS[SPADES]
FULL_DECK = (1 << 52) - 1


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card; ``index`` is suit * 13 + rank (rank 0 is the two, 12 the ace)."""

    index: int

    def __post_init__(self) -> None:
        if not isinstance(self.index, int) or not 0 <= self.index < 52:
            raise ValueError(f"a card index is 0 to 51, not {self.index!r}")

    @property
    def suit(self) -> int:
        return self.index // 13

    @property
    def rank(self) -> int:
        return self.index % 13

    @property
    def bit(self) -> int:
        return 1 << self.index

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card written as rank + suit letter: ``QS``, ``10H``, ``TD``, ``2c``."""
        key = text.strip().upper() if isinstance(text, str) else None
        if key is not None and key[:1] == "T":
            key = "10" + key[1:]
        index = _INDEX_BY_TEXT.get(key) if key is not None else None
        if index is None:
            raise ValueError(f"not a card: {text!r} (write rank and suit, like QS or 10H)")
        return CARDS[index]

    def name(self) -> str:
        """The card in words, for sentences and screen readers: ``queen of spades``
        (``spades.explanations.card_name`` says it in another language)."""
        from .explanations import card_name

        return card_name(str(self))

    def __str__(self) -> str:
        return RANKS[self.rank] + SUITS[self.suit]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(52))
"""The one instance of each card, by index; the engine never makes others."""
_INDEX_BY_TEXT = {str(card): card.index for card in CARDS}


def mask_of(cards: Iterable[Card]) -> int:
    """The bitboard holding these cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def indexes(mask: int) -> Iterator[int]:
    """The card indexes in a bitboard, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards in a bitboard, in index order (by suit, then rank)."""
    return tuple(CARDS[i] for i in indexes(mask))


def count(mask: int) -> int:
    """How many cards a bitboard holds."""
    return mask.bit_count()


def suit_of_index(index: int) -> int:
    return index // 13
