"""Deterministic shuffles: every hand of a game comes from the game's seed and the hand's
number alone, so two games with the same seed get the same cards whatever is played (the
daily game depends on this), on CPython and on Pyodide alike.

``random.Random`` seeded with a string hashes it with SHA-512 (stable across versions and
platforms), and the shuffle below uses only ``random()``, the Mersenne Twister's 53-bit
output, which is the same everywhere (``shuffle`` and ``randrange`` are too, but cost
several times more, and dealing is a tenth of a random hand's time).
"""

from __future__ import annotations

import hashlib
import random


def _rng(seed: int, *labels: object) -> random.Random:
    return random.Random(":".join(["spades", str(seed), *map(str, labels)]))


def shuffled_deck(seed: int, hand_number: int) -> list[int]:
    """The 52 card indexes in the order of hand ``hand_number``'s shuffle."""
    uniform = _rng(seed, "hand", hand_number).random
    keys = [uniform() for _ in range(52)]
    return sorted(range(52), key=keys.__getitem__)  # a uniform permutation (stable sort)


_BITS = tuple(1 << index for index in range(52))
"""The bitboard of each card index alone."""


def deal_hands(seed: int, hand_number: int, players: int = 4) -> tuple[int, ...]:
    """13 cards for each seat from the shuffled deck, as bitboards by seat: one card to
    each seat in turn, so seat ``s`` gets the deck's cards ``s``, ``s + players``, ..."""
    deck = shuffled_deck(seed, hand_number)
    dealt = 13 * players
    return tuple([sum(map(_BITS.__getitem__, deck[seat:dealt:players]))
                  for seat in range(players)])


def first_dealer(seed: int, players: int) -> int:
    """The first hand's dealer, drawn from the seed (002: the first dealer is drawn)."""
    digest = hashlib.sha256(f"spades:{seed}:dealer".encode()).digest()
    return int.from_bytes(digest[:4], "big") % players


def replacement_rng(seed: int, hand_number: int, seat: int) -> random.Random:
    """The draw for a Double Nil replacement (001): random, yet fixed by the seed."""
    return _rng(seed, "replace", hand_number, seat)
