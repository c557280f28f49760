"""The deck's steps of the protocol, as pure functions of the cipher (``cipher.Group``): the
two shuffles, the decryption table, a partial decryption and the checks made once the keys
are revealed.  ``protocol.Side`` calls them; the uniformity test calls them directly, with
a small group and a small deck, so what it measures is the code the game runs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .group import Element, Group


def plain_deck(group: Group) -> list[Element]:
    """Every card value's encoding, in order (the first shuffle's input)."""
    return [group.encode(value) for value in range(group.cards)]


def first_shuffle(group: Group, key: int, rng: random.Random) -> tuple[list[Element], list[int]]:
    """The first shuffler locks every card value with ``key`` and shuffles them: the deck
    it sends, and ``order`` (``order[j]`` is the value at position j), kept secret until
    the hand's end."""
    order = list(range(group.cards))
    rng.shuffle(order)
    return [group.lock(group.encode(value), key) for value in order], order


def second_shuffle(group: Group, deck: Sequence[Element], key: int,
                   rng: random.Random) -> tuple[list[Element], list[int]]:
    """The second shuffler adds its lock to every card of the first's deck and shuffles
    it: the stock (top first), and ``order`` (``order[k]`` is the first deck's position
    that became position k)."""
    order = list(range(len(deck)))
    rng.shuffle(order)
    return [group.lock(deck[j], key) for j in order], order


def decryption_table(group: Group, key: int) -> dict[Element, int]:
    """Every card value locked by ``key`` alone, to the value: a card the other player has
    unlocked for me is read by looking it up, instead of a full-size ``pow`` to unlock it."""
    return {group.lock(group.encode(value), key): value for value in range(group.cards)}


def partial(group: Group, locked: Element, inverse_key: int) -> Element:
    """``locked`` with this player's lock removed (what it sends to reveal a card)."""
    return group.exp(locked, inverse_key)


def stock_values(first_order: Sequence[int], second_order: Sequence[int]) -> list[int]:
    """The card value at each position of the stock, once both orders are revealed."""
    return [first_order[j] for j in second_order]


def is_permutation(order: object, size: int) -> bool:
    return (isinstance(order, list) and len(order) == size
            and all(type(item) is int for item in order) and sorted(order) == list(range(size)))


def first_deck_matches(group: Group, deck: Sequence[Element], key: int,
                       order: Sequence[int]) -> bool:
    """The first shuffler's deck is the card values it says, locked by the key it says."""
    return list(deck) == [group.lock(group.encode(value), key) for value in order]


def stock_matches(group: Group, deck: Sequence[Element], stock: Sequence[int], key: int,
                  order: Sequence[int]) -> bool:
    """The second shuffler's stock is the first deck in the order it says, locked by the
    key it says."""
    return list(stock) == [group.lock(deck[j], key) for j in order]
