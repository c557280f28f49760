"""The commutative cipher of the mental-poker deal: SRA / Pohlig-Hellman exponentiation in
the subgroup of quadratic residues modulo a safe prime ``p = 2q + 1``.

A key is an exponent ``e`` with ``0 < e < q``; locking ``x`` is ``pow(x, e, p)`` and
unlocking is ``pow(x, e⁻¹ mod q, p)``.  Locks commute (``(x^a)^b = (x^b)^a``), so two players
can each lock the whole deck, shuffle it, and later remove their locks in any order.  The
subgroup has prime order ``q``, so every key but 0 is invertible and a card value is mapped
to a residue: ``(v + 2)² mod p``.  Were a card encoded by a non-residue, the Legendre symbol
(which every lock keeps) would tell it apart from the others through any number of locks.

Keys are short (``KEY_BITS``, 224 bits): locking then costs an eighth of a full-size
exponent, and the discrete logarithm of a short exponent still takes about 2¹¹² steps
(Pollard's kangaroo), as much as the 2048-bit group itself offers (112 bits: NIST SP
800-57; exponents of twice the security level, as RFC 3526 and NIST SP 800-56A advise).
Unlocking uses the full-size inverse, and the protocol avoids it where it can
(``spades.mental.protocol``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

RFC3526_2048 = int(
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22"
    "514A08798E3404DDEF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6"
    "F44C42E9A637ED6B0BFF5CB6F406B7EDEE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3D"
    "C2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F83655D23DCA3AD961C62F356208552BB"
    "9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3BE39E772C180E8603"
    "9B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510"
    "15728E5A8AACAA68FFFFFFFFFFFFFFFF", 16)
"""RFC 3526's 2048-bit MODP group 14 prime, a safe prime (``tests/test_mental.py``)."""

KEY_BITS = 224

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
class Group:
    """The residues modulo the safe prime ``p``, and a deck of ``cards`` values in it.

    The tests use a small safe prime and a small deck through the same code; the game uses
    ``Group()``: RFC 3526's prime and 52 cards.
    """

    p: int = RFC3526_2048
    cards: int = 52

    @property
    def q(self) -> int:
        return (self.p - 1) // 2

    @property
    def key_bits(self) -> int:
        return min(KEY_BITS, self.q.bit_length() - 1)

    def encode(self, value: int) -> int:
        """Card ``value`` (0 to cards - 1) as a residue; distinct values stay distinct
        since ``cards + 1 < q``."""
        return (value + 2) ** 2 % self.p

    def plain_deck(self) -> list[int]:
        return [self.encode(value) for value in range(self.cards)]

    def new_key(self, rng: random.Random) -> int:
        """A secret exponent, 2 to 2^key_bits - 1 (below q: invertible modulo q)."""
        while True:
            key = rng.getrandbits(self.key_bits)
            if key >= 2:
                return key

    def inverse(self, key: int) -> int:
        return pow(key, -1, self.q)

    def lock(self, x: int, key: int) -> int:
        return pow(x, key, self.p)

    def is_element(self, x: object) -> bool:
        """A residue other than 1 (what every locked card is): the check a received
        ciphertext must pass before it is used, so that no card can be marked by its
        Legendre symbol."""
        return (type(x) is int and 1 < x < self.p - 1) and jacobi(x, self.p) == 1


def safe_prime_below(limit: int) -> int:
    """The largest safe prime below ``limit`` (for tests: a small group, same code)."""
    candidate = limit - 1 if limit % 2 == 0 else limit - 2
    candidate -= (candidate - 11) % 12  # a safe prime above 7 is 11 mod 12
    while candidate > 7:
        if is_probable_prime((candidate - 1) // 2) and is_probable_prime(candidate):
            return candidate
        candidate -= 12
    raise ValueError("no safe prime there")
