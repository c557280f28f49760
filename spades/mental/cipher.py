"""A small group for the tests: the quadratic residues modulo a safe prime ``p = 2q + 1``,
and the primality checks that find one (``safe_prime_below``).

The protocol is written for any group of prime order with the interface of
``group.Group``; the game's is an elliptic curve (``curve.Secp256k1``).  This one, with a
64-bit prime, runs the same code for the tests a thousand times faster; with RFC 3526's
2048-bit prime it is what the game used before the curve (kept for the benchmark's
comparison).  Every element is a residue: a non-residue would be told apart from the
others by its Legendre symbol, which every lock keeps, so every element received is checked.
"""
from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass

from .state import read_hex

RFC3526_2048 = int(
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22"
    "514A08798E3404DDEF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6"
    "F44C42E9A637ED6B0BFF5CB6F406B7EDEE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3D"
    "C2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F83655D23DCA3AD961C62F356208552BB"
    "9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3BE39E772C180E8603"
    "9B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510"
    "15728E5A8AACAA68FFFFFFFFFFFFFFFF", 16)
"""RFC 3526's 2048-bit MODP group 14 prime, a safe prime (``tests/test_mental.py``)."""


_SMALL_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71,
                 73, 79, 83, 89, 97, 101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151)


def is_probable_prime(n: int, rounds: int = 32) -> bool:
    """Miller-Rabin with the first ``rounds`` primes as bases (at most 36); a composite
    passes with probability below 4⁻ʳᵒᵘⁿᵈˢ, and none below 3.3·10²⁴ passes at all."""
    if n < 2:
        return False
    for small in _SMALL_PRIMES:
        if n % small == 0:
            return n == small
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for base in _SMALL_PRIMES[:rounds]:
        x = pow(base, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def jacobi(a: int, n: int) -> int:
    """The Jacobi symbol (a/n) for odd n > 0; for a prime n, the Legendre symbol.  The
    binary algorithm: a few hundred cheap steps instead of a full-size ``pow``."""
    a %= n
    result = 1
    while a:
        zeros = (a & -a).bit_length() - 1  # strip the factors 2 at once: (2/n) each
        a >>= zeros
        if zeros & 1 and n & 7 in (3, 5):
            result = -result
        a, n = n, a
        if a % 4 == 3 and n % 4 == 3:
            result = -result
        a %= n
    return result if n == 1 else 0


@dataclass(frozen=True)
class ModpGroup:
    """The quadratic residues modulo the safe prime ``p``: a group of prime order ``q``,
    written multiplicatively, with the interface of ``group.Group``.

    The game plays on an elliptic curve (``curve.Secp256k1``: the same security for a
    fraction of the work); this group serves the tests, whose small safe primes run the
    protocol's very code at a thousandth of the cost.
    """

    p: int = RFC3526_2048
    cards: int = 52
    name = "modp"

    @property
    def q(self) -> int:
        return (self.p - 1) // 2

    @property
    def order(self) -> int:
        return self.q

    def identity(self) -> int:
        return 1

    def generator(self) -> int:
        return 4  # 2², a residue other than 1: it generates the whole subgroup (q is prime)

    def exp(self, x: int, k: int) -> int:
        return pow(x, k % self.q, self.p)

    def exp_base(self, k: int) -> int:
        return pow(4, k % self.q, self.p)

    def mul(self, x: int, y: int) -> int:
        return x * y % self.p

    def inv(self, x: int) -> int:
        return pow(x, -1, self.p)

    def div(self, x: int, y: int) -> int:
        return x * pow(y, -1, self.p) % self.p

    def multi_exp(self, bases: Sequence[int], exponents: Sequence[int]) -> int:
        out = 1
        for base, k in zip(bases, exponents, strict=True):
            out = out * pow(base, k % self.q, self.p) % self.p
        return out

    def hash_to_element(self, label: bytes) -> int:
        """A residue whose discrete logarithm nobody knows: a hash, squared."""
        counter = 0
        while True:
            digest = hashlib.sha512(b"spades-mental/modp" + label + counter.to_bytes(4, "big"))
            x = pow(int.from_bytes(digest.digest(), "big") % self.p, 2, self.p)
            if 1 < x < self.p - 1:
                return x
            counter += 1

    def encode(self, value: int) -> int:
        """Card ``value`` (0 to cards - 1) as a residue with no known relation to the
        others (``hash_to_element``)."""
        return self.hash_to_element(b"card:%d" % value)

    def to_text(self, x: int) -> str:
        return f"{x:x}"

    def from_text(self, text: object) -> int:
        x = read_hex(text, len(f"{self.p:x}"))
        if not self.is_element(x):
            raise ValueError("not an element of the group")
        return x

    def to_bytes(self, x: int) -> bytes:
        return x.to_bytes((self.p.bit_length() + 7) // 8, "big")

    def is_element(self, x: object) -> bool:
        """A residue other than 1 (what every locked card is): the check a received
        element must pass before it is used, so that no card can be marked by its
        Legendre symbol."""
        return (type(x) is int and 1 < x < self.p - 1) and jacobi(x, self.p) == 1

    def new_key(self, rng: random.Random) -> int:
        """A secret exponent, 2 to q - 1 (invertible modulo q)."""
        return rng.randrange(2, self.q)

    def inverse(self, key: int) -> int:
        return pow(key, -1, self.q)

    def lock(self, x: int, key: int) -> int:
        return pow(x, key, self.p)


def safe_prime_below(limit: int) -> int:
    """The largest safe prime below ``limit`` (for tests: a small group, same code)."""
    candidate = limit - 1 if limit % 2 == 0 else limit - 2
    candidate -= (candidate - 11) % 12  # a safe prime above 7 is 11 mod 12
    while candidate > 7:
        if is_probable_prime((candidate - 1) // 2) and is_probable_prime(candidate):
            return candidate
        candidate -= 12
    raise ValueError("no safe prime there")
