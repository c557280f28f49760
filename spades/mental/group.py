"""What the mental poker asks of a group: a cyclic group of prime order in which the
decisional Diffie-Hellman problem is hard, written multiplicatively (``exp`` is a power,
``mul`` the group's operation), with a way to hash to an element nobody knows the
discrete logarithm of.

A lock is a power by a secret key (``lock``); locks commute, and one comes off with the
key's inverse modulo the order.  The game plays on ``curve.Secp256k1``; the tests also
run the protocol on small ``cipher.ModpGroup`` groups.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

Element = Any
"""A group element: canonical (equal elements compare equal) and hashable (an int modulo
a prime, a curve point's coordinates); each group checks its own on the way in
(``from_text``)."""


class Group(Protocol):
    """A group of prime order ``order`` and a deck of ``cards`` card values in it."""

    @property
    def cards(self) -> int: ...

    @property
    def name(self) -> str: ...

    @property
    def order(self) -> int: ...

    def identity(self) -> Element: ...

    def generator(self) -> Element: ...

    def exp(self, x: Element, k: int, /) -> Element: ...

    def exp_base(self, k: int, /) -> Element: ...

    def mul(self, x: Element, y: Element, /) -> Element: ...

    def inv(self, x: Element, /) -> Element: ...

    def div(self, x: Element, y: Element, /) -> Element: ...

    def multi_exp(self, bases: Sequence[Element], exponents: Sequence[int], /) -> Element:
        ...

    def hash_to_element(self, label: bytes, /) -> Element: ...

    def encode(self, value: int, /) -> Element: ...

    def to_text(self, x: Element, /) -> str: ...

    def from_text(self, text: object, /) -> Element: ...

    def to_bytes(self, x: Element, /) -> bytes: ...

    def is_element(self, x: object, /) -> bool: ...

    def new_key(self, rng: random.Random, /) -> int: ...

    def inverse(self, key: int, /) -> int: ...

    def lock(self, x: Element, key: int, /) -> Element: ...
