"""The elliptic curve secp256k1 as the prime-order group of the mental-poker deal.

Why this curve: the deal's cipher is SRA-style (a lock is ``x ↦ x^k``, unlocked by ``k⁻¹``
modulo the group order), its shuffle and decryption proofs (Chaum-Pedersen,
Terelius-Wikström) need many exponentiations, and in a 2048-bit residue group each costs
tens of milliseconds in pure Python.  secp256k1 offers 128-bit security with 256-bit
elements: an exponentiation here is well under a millisecond, and a point travels as 66
hex characters instead of 512.  Its order ``n`` is prime and its cofactor 1, so every point
but the identity generates the whole group, every key but 0 is invertible, and a point
that is on the curve is in the group (no subgroup check is needed).

The rest of the code is written in *multiplicative* notation, as for any group:
``mul`` is point addition, ``exp(x, k)`` is the scalar multiple ``k·x``, ``inv`` is
negation and the identity is the point at infinity, written ``IDENTITY = (0, 0)`` (no
point of the curve has ``x = 0``: 7 is not a square modulo ``p``).

How it is fast enough in pure Python (CPython here, Pyodide in the browser): the cost is
the count of modular multiplications, each a few hundred nanoseconds, so

* points are added in Jacobian coordinates ``(X, Y, Z)`` (``x = X/Z²``, ``y = Y/Z³``),
  where no addition needs a modular inverse, with the curve's ``a = 0`` making doubling
  cheap (7 multiplications), and every precomputed point is affine (``Z = 1``) so that
  adding it is a *mixed* addition (11 multiplications instead of 16);
* a result is brought back to affine once, with one ``pow(z, -1, p)``, and a whole table
  of points with one inverse too (Montgomery's trick: ``_batch_inverse``);
* a variable-base multiple uses the curve's endomorphism (GLV: ``λ·(x, y) = (β·x, y)``)
  to split a 256-bit scalar into two of about 128 bits sharing one table of odd multiples,
  then a width-w NAF: about 128 doublings and 43 additions for a 256-bit scalar;
* a multi-exponentiation (Straus) interleaves every term's NAF digits into one chain of
  doublings, so that 52 terms cost 52 terms' additions but one term's doublings, and
  builds all their tables at once in affine coordinates, one inverse per table column;
* for hundreds of terms, Pippenger's buckets take over (``_PIPPENGER_FROM``);
* the generator's multiples come from a table of fixed signed windows built once
  (``_base_table``): ``k·G`` is 43 mixed additions and no doubling.

Not constant time: Python integers are not, and neither are these algorithms (their
branches follow the scalar's digits).  Constant time is out of reach in pure Python; what
an opponent could time is the other player's browser, seen through a network connection
whose jitter is far larger than these differences, and a key serves one hand.

Every point received must pass ``is_element`` (or ``from_text``); ``exp``, ``lock``,
``multi_exp`` and the other operations check their points too, because the addition
formulas never use the curve's constant 7: a point off the curve would be computed on
another curve, possibly with a small subgroup, and multiplying it by a secret key would
leak that key modulo the small subgroup's order (an invalid-curve attack).
"""

from __future__ import annotations

import hashlib
import operator
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Final

Element = tuple[int, int]
"""An affine point ``(x, y)``; the identity (the point at infinity) is ``IDENTITY``."""

_Jacobian = tuple[int, int, int]

P: Final = 2**256 - 2**32 - 977
"""The field's prime: the curve is ``y² = x³ + 7`` over the integers modulo ``P``."""

N: Final = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
"""The group's prime order (the cofactor is 1)."""

G: Final[Element] = (
    0x79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798,
    0x483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8,
)
"""The standard generator (SEC 2, section 2.4.1)."""

IDENTITY: Final[Element] = (0, 0)

DOMAIN: Final = b"spades-mental/secp256k1"
"""What ``hash_to_element`` hashes before the label, so that its points are this
program's own and no other protocol's."""

# The endomorphism (GLV): β is a cube root of 1 modulo P and λ one modulo N, paired so that
# λ·(x, y) = (β·x, y).  (a1, b1) and (a2, b2) are short vectors of the lattice of (u, v)
# with u + v·λ ≡ 0 (mod N), which split a scalar k into k1 + k2·λ with |k1|, |k2| ≲ 2¹²⁸
# (Guide to Elliptic Curve Cryptography, algorithm 3.74; the constants of libsecp256k1).
# tests/test_mental_curve.py checks all of these relations.
_BETA: Final = 0x7AE96A2B657C07106E64479EAC3434E99CF0497512F58995C1396C28719501EE
_LAMBDA: Final = 0x5363AD4CC05C30E0A5261C028812645A122E22EA20816678DF02967C1B23BD72
_A1: Final = 0x3086D221A7D46BCDE86C90E49284EB15
_B1: Final = -0xE4437ED6010E88286F547FA90ABFE4C3
_A2: Final = 0x114CA50F7A8E2F3F657C1108D9D44CFD8
_B2: Final = 0x3086D221A7D46BCDE86C90E49284EB15

_SPLIT_ABOVE: Final = 128
"""Scalars longer than this many bits are split with the endomorphism (shorter ones gain
nothing: they are already as short as the halves would be)."""

_PIPPENGER_FROM = 320
"""From this many terms on (those not on the generator), ``multi_exp`` uses Pippenger's
buckets rather than Straus's interleaving, whose cost grows as the terms while the
buckets' grows as terms / log(terms).  Measured here (CPython 3.11): Straus 10 ms and
Pippenger 15 ms for 52 terms of 256 bits, about equal at 300 terms, Pippenger 147 ms and
Straus 184 ms at 1000.  A variable, not a constant, so that the tests can run Pippenger's
method on a few terms."""

_BASE_WINDOW: Final = 6
"""The width of the generator table's signed windows: 43 windows of 32 points (1376
points, built in about 10 ms on first use), so that ``k·G`` is 43 mixed additions."""

_HEX_DIGITS: Final = frozenset("0123456789abcdef")


# --- field and point helpers --------------------------------------------------------------


def _on_curve(x: int, y: int) -> bool:
    return 0 <= x < P and 0 <= y < P and (y * y - x * x * x - 7) % P == 0


def _check(x: object) -> Element:
    """``x`` itself if it is a point of the group or the identity; ValueError otherwise
    (the guard against invalid-curve points: see the module's docstring)."""
    if type(x) is tuple and len(x) == 2:
        a, b = x
        if type(a) is int and type(b) is int and (_on_curve(a, b) or (a, b) == IDENTITY):
            return a, b
    raise ValueError(f"not a point of secp256k1: {x!r}")


def _sqrt(a: int) -> int | None:
    """A square root of ``a`` modulo P, or None: P ≡ 3 (mod 4), so it is ``a^((P+1)/4)``."""
    root = pow(a, (P + 1) // 4, P)
    return root if root * root % P == a % P else None


def _batch_inverse(values: list[int]) -> list[int]:
    """The inverses of nonzero ``values`` modulo P with one ``pow`` and 3 multiplications
    each (Montgomery's trick): an inverse costs as much as about 35 multiplications."""
    prefix = []
    acc = 1
    for v in values:
        prefix.append(acc)
        acc = acc * v % P
    inv = pow(acc, -1, P)  # ValueError if one is 0 modulo P: not from points of the group
    out = [0] * len(values)
    for i in range(len(values) - 1, -1, -1):
        out[i] = inv * prefix[i] % P
        inv = inv * values[i] % P
    return out


def _to_affine(X: int, Y: int, Z: int) -> Element:
    if Z == 0:
        return IDENTITY
    zi = pow(Z, -1, P)
    zi2 = zi * zi % P
    return X * zi2 % P, Y * zi2 * zi % P


def _batch_to_affine(points: list[_Jacobian]) -> list[Element]:
    """Many Jacobian points, none the identity, to affine with one inverse."""
    inverses = _batch_inverse([Z for _, _, Z in points])
    out = []
    for (X, Y, _), zi in zip(points, inverses, strict=True):
        zi2 = zi * zi % P
        out.append((X * zi2 % P, Y * zi2 * zi % P))
    return out


def _double(X: int, Y: int, Z: int) -> _Jacobian:
    """2·(X, Y, Z) for a = 0 (7 multiplications).  The identity (Z = 0) stays the
    identity; there is no point with y = 0 (the order is odd)."""
    YY = Y * Y % P
    S = 4 * X * YY % P
    M = 3 * X * X % P
    X3 = (M * M - 2 * S) % P
    return X3, (M * (S - X3) - 8 * YY * YY) % P, 2 * Y * Z % P


def _add_mixed(X: int, Y: int, Z: int, x: int, y: int) -> _Jacobian:
    """(X, Y, Z) + (x, y) with (x, y) affine and not the identity, every case: the
    identity, the same point (a doubling) and its negation (the identity).  ``_run``
    inlines the common case; this is the reference and the table builders' helper."""
    if Z == 0:
        return x, y, 1
    ZZ = Z * Z % P
    H = x * ZZ % P - X
    R = y * ZZ * Z % P - Y
    if H == 0:
        return _double(X, Y, Z) if R == 0 else (0, 0, 0)
    HH = H * H % P
    HHH = H * HH % P
    V = X * HH % P
    X3 = (R * R - HHH - 2 * V) % P
    return X3, (R * (V - X3) - Y * HHH) % P, Z * H % P


def _add(a: _Jacobian, b: _Jacobian) -> _Jacobian:
    """a + b, both Jacobian, every case (16 multiplications): Pippenger's bucket sums."""
    X1, Y1, Z1 = a
    X2, Y2, Z2 = b
    if Z1 == 0:
        return b
    if Z2 == 0:
        return a
    Z1Z1 = Z1 * Z1 % P
    Z2Z2 = Z2 * Z2 % P
    U1 = X1 * Z2Z2 % P
    S1 = Y1 * Z2 * Z2Z2 % P
    H = X2 * Z1Z1 % P - U1
    R = Y2 * Z1 * Z1Z1 % P - S1
    if H == 0:
        return _double(X1, Y1, Z1) if R == 0 else (0, 0, 0)
    HH = H * H % P
    HHH = H * HH % P
    V = U1 * HH % P
    X3 = (R * R - HHH - 2 * V) % P
    return X3, (R * (V - X3) - S1 * HHH) % P, Z1 * Z2 * H % P


def _add_affine(a: Element, b: Element) -> Element:
    """a + b, both affine, with one inverse (the group operation ``mul``)."""
    if a == IDENTITY:
        return b
    if b == IDENTITY:
        return a
    (x1, y1), (x2, y2) = a, b
    if x1 == x2:
        if y1 != y2 or y1 == 0:  # b = -a
            return IDENTITY
        slope = 3 * x1 * x1 * pow(2 * y1, -1, P) % P
    else:
        slope = (y2 - y1) * pow(x2 - x1, -1, P) % P
    x3 = (slope * slope - x1 - x2) % P
    return x3, (slope * (x1 - x3) - y1) % P


def _run(schedule: list[list[Element]]) -> _Jacobian:
    """The heart of every multiplication: for each position from the last to the first,
    double the sum, then add that position's affine points (none the identity).

    A scalar multiple's digits say which points go where; Straus's multi-exponentiation
    puts every term's points in one schedule, so that all share the doublings.  The
    doubling and the mixed addition are written out here (rather than calls to
    ``_double`` and ``_add_mixed``): this loop is where the time goes.
    """
    p = P
    X = Y = Z = 0
    for adds in reversed(schedule):
        if Z:
            YY = Y * Y % p
            S = 4 * X * YY % p
            M = 3 * X * X % p
            X = (M * M - 2 * S) % p
            Z = 2 * Y * Z % p
            Y = (M * (S - X) - 8 * YY * YY) % p
        for x, y in adds:
            if not Z:
                X, Y, Z = x, y, 1
                continue
            ZZ = Z * Z % p
            H = x * ZZ % p - X
            R = y * ZZ * Z % p - Y
            if not H:  # the same x: the same point (double it) or its negation
                X, Y, Z = _double(X, Y, Z) if not R else (0, 0, 0)
                continue
            HH = H * H % p
            HHH = H * HH % p
            V = X * HH % p
            X3 = (R * R - HHH - 2 * V) % p
            Y = (R * (V - X3) - Y * HHH) % p
            X = X3
            Z = Z * H % p
    return X, Y, Z


# --- scalars ------------------------------------------------------------------------------


def _signed(k: int) -> int:
    """k modulo N as the residue of least magnitude, in (-N/2, N/2]: a small negative
    exponent stays small (its sign goes to the point, whose negation is free)."""
    k = operator.index(k) % N
    return k - N if k > N // 2 else k


def _split(k: int) -> tuple[int, int]:
    """(k1, k2) with k1 + k2·λ ≡ k (mod N) and both of about 128 bits, for 0 ≤ k < N.
    The identity holds whatever c1 and c2 are (each lattice vector adds 0 modulo N);
    rounding them to b2·k/N and -b1·k/N is what makes k1 and k2 short."""
    c1 = (_B2 * k + N // 2) // N
    c2 = (-_B1 * k + N // 2) // N
    return k - c1 * _A1 - c2 * _A2, -c1 * _B1 - c2 * _B2


def _window(bits: int, uses: int, entry_cost: int) -> int:
    """The NAF width w that makes a scalar of ``bits`` cheapest: its point's table of
    2^(w-2) odd multiples (``entry_cost`` multiplications an entry beyond the point itself,
    shared by the table's ``uses``: 2 for the halves of a split scalar) against its
    additions, one per w + 1 bits on average, 11 multiplications each."""
    best, best_cost = 2, float("inf")
    for w in range(2, 9):
        cost = (2 ** (w - 2) - 1) * entry_cost / uses + bits / (w + 1) * 11
        if cost < best_cost:
            best, best_cost = w, cost
    return best


def _place(schedule: list[list[Element]], k: int, table: list[Element], w: int) -> None:
    """Put the width-w NAF digits of ``k`` > 0 in the schedule: digit d at position i
    adds d·(the point) there, from ``table`` (its odd multiples 1, 3, … 2^(w-1) - 1),
    negated for a negative d.  The loop jumps over runs of zeros, one step per nonzero
    digit (about bits/(w+1) of them)."""
    mask, half, full = (1 << w) - 1, 1 << (w - 1), 1 << w
    pos = 0
    while k:
        zeros = (k & -k).bit_length() - 1
        k >>= zeros
        pos += zeros
        d = k & mask
        if d >= half:
            d -= full
            x, y = table[(-d) >> 1]
            schedule[pos].append((x, P - y))
        else:
            schedule[pos].append(table[d >> 1])
        k = (k - d) >> w
        pos += w


# --- tables -------------------------------------------------------------------------------


def _odd_multiples(points: list[Element], count: int) -> list[list[Element]]:
    """For each point (of the group, not the identity), its multiples 1, 3, … 2·count - 1,
    affine.

    Several points: column by column in affine coordinates, the whole column sharing one
    inverse, about 6 multiplications a point.  None of the denominators can be 0: with
    m·x = ±2·x for m ≤ 2·count - 1 the order N would divide m ∓ 2.  One point (``exp``):
    Jacobian then one conversion, as a column's inverse would cost more than its additions.
    """
    if count == 1:
        return [[pt] for pt in points]
    p = P
    if len(points) == 1:
        x, y = points[0]
        D = _to_affine(*_double(x, y, 1))
        chain: list[_Jacobian] = []
        X, Y, Z = x, y, 1
        for _ in range(count - 1):
            X, Y, Z = _add_mixed(X, Y, Z, *D)
            chain.append((X, Y, Z))
        return [[points[0], *_batch_to_affine(chain)]]
    # The doubles: slope 3x²/(2y).
    inverses = _batch_inverse([2 * y for _, y in points])
    doubles = []
    for (x, y), i in zip(points, inverses, strict=True):
        slope = 3 * x * x * i % p
        x2 = (slope * slope - 2 * x) % p
        doubles.append((x2, (slope * (x - x2) - y) % p))
    tables = [[pt] for pt in points]
    last = list(points)
    for _ in range(count - 1):
        inverses = _batch_inverse([d[0] - q[0] for d, q in zip(doubles, last, strict=True)])
        new = []
        for (x1, y1), (x2, y2), i in zip(last, doubles, inverses, strict=True):
            slope = (y2 - y1) * i % p
            x3 = (slope * slope - x1 - x2) % p
            new.append((x3, (slope * (x1 - x3) - y1) % p))
        for table, pt in zip(tables, new, strict=True):
            table.append(pt)
        last = new
    return tables


_base_table_cache: list[list[Element]] = []


def _base_table() -> list[list[Element]]:
    """Row j holds d·2^(6j)·G for d = 1 … 32, affine: 43 rows cover a 256-bit scalar in
    signed 6-bit digits (-31 … 32).  Built on first use (about 10 ms), then kept for the
    process (module state: the curve and its generator never change)."""
    if _base_table_cache:
        return _base_table_cache
    w = _BASE_WINDOW
    size = 1 << (w - 1)
    rows = 256 // w + 1  # a carry out of the top digit needs a row more when w divides 256
    chain: list[_Jacobian] = []
    base = G
    for _ in range(rows):
        X, Y, Z = base[0], base[1], 1
        chain.append((X, Y, Z))
        for _ in range(size - 1):
            X, Y, Z = _add_mixed(X, Y, Z, *base)
            chain.append((X, Y, Z))
        base = _to_affine(*_double(X, Y, Z))  # 2^w · base: the next row's base
    flat = _batch_to_affine(chain)
    table = [flat[j * size:(j + 1) * size] for j in range(rows)]
    _base_table_cache.extend(table)
    return _base_table_cache


def _place_base(adds: list[Element], k: int) -> None:
    """Append to ``adds`` the points whose sum is k·G, 0 ≤ k < 2²⁵⁶: one per nonzero
    signed digit of k in base 2^w, straight from the generator's table (no doubling)."""
    table = _base_table()
    w = _BASE_WINDOW
    mask, half, full = (1 << w) - 1, 1 << (w - 1), 1 << w
    j = 0
    while k:
        d = k & mask
        k >>= w
        if d > half:
            d -= full
            k += 1
        if d > 0:
            adds.append(table[j][d - 1])
        elif d < 0:
            x, y = table[j][-d - 1]
            adds.append((x, P - y))
        j += 1


def _bucket_width(terms: int, bits: int) -> int:
    """Pippenger's window c that makes ``terms`` scalars of ``bits`` cheapest: each of
    about bits/c windows costs a mixed addition a term (11 multiplications), the sum of
    2^(c-1) buckets (two additions each) and c doublings (7).  A bucket's two additions
    are counted as 22 multiplications, not the 32 of two full additions: so measured
    (the first ones add to the identity, which is free)."""
    best, best_cost = 2, float("inf")
    for c in range(2, 16):
        cost = (bits // c + 1) * (terms * 11 + 2 ** (c - 1) * 22 + c * 7)
        if cost < best_cost:
            best, best_cost = c, cost
    return best


def _pippenger(terms: list[tuple[Element, int]]) -> _Jacobian:
    """Σ kᵢ·xᵢ for many terms (0 < kᵢ < 2²⁵⁶) by Pippenger's buckets: the scalars in signed
    c-bit digits; window by window, from the top, each point goes to the bucket of its
    digit (negated for a negative digit), and Σ d·bucket[d] is summed as running sums
    (bucket[top], then + bucket[top - 1], …, each running sum added to the total)."""
    bits = max(k.bit_length() for _, k in terms)
    c = _bucket_width(len(terms), bits)
    mask, half, full = (1 << c) - 1, 1 << (c - 1), 1 << c
    # bits // c + 1 windows: a carry out of the top window needs a full top window (c | bits).
    windows: list[list[tuple[int, Element]]] = [[] for _ in range(bits // c + 1)]
    for (x, y), k in terms:
        j = 0
        while k:
            d = k & mask
            k >>= c
            if d > half:
                d -= full
                k += 1
            if d > 0:
                windows[j].append((d, (x, y)))
            elif d < 0:
                windows[j].append((-d, (x, P - y)))
            j += 1
    acc: _Jacobian = (0, 0, 0)
    for window in reversed(windows):
        if acc[2]:
            for _ in range(c):
                acc = _double(*acc)
        buckets: list[_Jacobian] = [(0, 0, 0)] * (half + 1)
        for d, (x, y) in window:
            buckets[d] = _add_mixed(*buckets[d], x, y)
        running: _Jacobian = (0, 0, 0)
        total: _Jacobian = (0, 0, 0)
        for d in range(half, 0, -1):
            running = _add(running, buckets[d])
            total = _add(total, running)
        acc = _add(acc, total)
    return acc


def _multi_exp(points: list[Element], exponents: list[int]) -> Element:
    """Σ kᵢ·xᵢ for checked points and exponents in (-N/2, N/2] (``Secp256k1.multi_exp``
    says how)."""
    terms: list[tuple[Element, int]] = []
    base_adds: list[Element] = []
    for (x, y), k in zip(points, exponents, strict=True):
        if k == 0 or (x, y) == IDENTITY:
            continue
        if (x, y) == G:
            _place_base(base_adds, k % N)
            continue
        if k < 0:
            k, y = -k, P - y
        terms.append(((x, y), k))
    if not terms:
        return _to_affine(*_run([base_adds]))
    if len(terms) >= _PIPPENGER_FROM:
        X, Y, Z = _pippenger(terms)
        for x, y in base_adds:
            X, Y, Z = _add_mixed(X, Y, Z, x, y)
        return _to_affine(X, Y, Z)
    split = any(k.bit_length() > _SPLIT_ABOVE for _, k in terms)
    bits = min(max(k.bit_length() for _, k in terms), _SPLIT_ABOVE + 1)
    # A table's entries cost about 17 multiplications apiece when built alone (a doubling,
    # additions, a share of the conversion), 7 when a column of many shares its inverse.
    w = _window(bits, 2 if split else 1, 17 if len(terms) == 1 else 7)
    tables = _odd_multiples([pt for pt, _ in terms], 1 << (w - 2))
    # Each scalar to place, with the table of its point: (k1, k2) for a split one.
    placements: list[tuple[int, list[Element]]] = []
    for (_, k), table in zip(terms, tables, strict=True):
        if k.bit_length() <= _SPLIT_ABOVE:
            placements.append((k, table))
            continue
        k1, k2 = _split(k)
        endo = [(_BETA * x % P, y) for x, y in table]
        for half, half_table in ((k1, table), (k2, endo)):
            if half > 0:
                placements.append((half, half_table))
            elif half < 0:
                placements.append((-half, [(x, P - y) for x, y in half_table]))
    # A NAF is at most one digit longer than its scalar.
    length = max(k.bit_length() for k, _ in placements) + 1
    schedule: list[list[Element]] = [[] for _ in range(length)]
    for k, table in placements:
        _place(schedule, k, table, w)
    schedule[0].extend(base_adds)
    return _to_affine(*_run(schedule))


_card_points: dict[int, Element] = {}


# --- the group ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Secp256k1:
    """secp256k1 as a group in multiplicative notation, and a deck of ``cards`` values
    encoded as points nobody knows the discrete logarithm of.

    Stateless: its tables are module state, built once per process on first use (the
    generator's windows, the cards' points), so that any number of instances share them.
    """

    cards: int = 52

    name = "secp256k1"  # not a field (no annotation): what ModpGroup's ``name`` is
    order: ClassVar[int] = N

    def identity(self) -> Element:
        return IDENTITY

    def generator(self) -> Element:
        return G

    def exp(self, x: Element, k: int) -> Element:
        """``k·x`` ("x to the k"); ``k`` any integer, reduced modulo the order.

        Straus's method on two half-length scalars (the endomorphism's split), width-w
        NAF digits: about 128 doublings and 43 mixed additions for a 256-bit ``k``.
        The generator goes to its table instead (``exp_base``).
        """
        return _multi_exp([_check(x)], [_signed(k)])

    def exp_base(self, k: int) -> Element:
        """``k·G`` from the generator's table of signed windows: about 43 mixed additions
        and no doubling (the table is built on the first call)."""
        adds: list[Element] = []
        _place_base(adds, operator.index(k) % N)
        return _to_affine(*_run([adds]))

    def mul(self, x: Element, y: Element) -> Element:
        """The group operation, point addition, every case (identity, x + x, x + (-x))."""
        return _add_affine(_check(x), _check(y))

    def inv(self, x: Element) -> Element:
        a, b = _check(x)
        return IDENTITY if (a, b) == IDENTITY else (a, (P - b) % P)

    def div(self, x: Element, y: Element) -> Element:
        return self.mul(x, self.inv(y))

    def multi_exp(self, bases: Sequence[Element], exponents: Sequence[int]) -> Element:
        """Σ kᵢ·xᵢ, much faster than separate ``exp``: Straus's interleaving.

        Every term's NAF digits go in one schedule, so the doublings are shared (one
        term's worth, about 128 with the endomorphism) and each term pays only its
        additions.  Exponents are reduced to (-N/2, N/2] (a negative one negates its
        base); those longer than 128 bits are split in two with the endomorphism, the
        second half on ``(β·x, y)``, whose table is the first's with each x times β.
        Terms on the generator use its table, their points added after the last
        doubling.  From ``_PIPPENGER_FROM`` terms on (several times what the deal's
        proofs ask), Pippenger's buckets, which were measured faster there.
        """
        if len(bases) != len(exponents):
            raise ValueError("as many exponents as bases")
        return _multi_exp([_check(x) for x in bases], [_signed(k) for k in exponents])

    def hash_to_element(self, label: bytes) -> Element:
        """A point nobody knows the discrete logarithm of, from a public label:
        try-and-increment, ``x = SHA-256(DOMAIN + label + counter) mod p`` with a 4-byte
        big-endian counter from 0, until ``x³ + 7`` is a square; the even ``y``.
        Deterministic, so that both players derive the same points; about two tries on
        average.  Not constant time, which does not matter: the label is public."""
        counter = 0
        while True:
            digest = hashlib.sha256(DOMAIN + label + counter.to_bytes(4, "big")).digest()
            x = int.from_bytes(digest, "big") % P
            y = _sqrt(x * x * x + 7)
            if y is not None:
                return x, (y if y % 2 == 0 else P - y)
            counter += 1

    def encode(self, value: int) -> Element:
        """Card ``value`` (0 … cards - 1) as ``hash_to_element(b"card:%d" % value)``:
        points whose logarithms to each other nobody knows, so that no lock can be undone
        by relating one card to another.  Computed once per process."""
        if type(value) is not int or not 0 <= value < self.cards:
            raise ValueError(f"no card value {value!r} in a deck of {self.cards}")
        point = _card_points.get(value)
        if point is None:
            point = _card_points[value] = self.hash_to_element(b"card:%d" % value)
        return point

    def to_text(self, x: Element) -> str:
        """The compressed SEC1 encoding as lowercase hex: ``02`` (even y) or ``03`` (odd y)
        and x in 64 digits, 66 characters in all.  The identity has none: ValueError."""
        a, b = _check(x)
        if (a, b) == IDENTITY:
            raise ValueError("the identity has no text")
        return f"{2 + (b & 1):02x}{a:064x}"

    def from_text(self, text: object) -> Element:
        """The point ``to_text`` wrote, for exactly such a string and nothing else (a
        received point is checked here): ValueError for another type, length or prefix,
        a character other than 0-9 a-f, x ≥ p, or an x that is on no point of the curve.
        One text per point, so that transcripts hash alike on both sides."""
        if type(text) is not str or len(text) != 66 or text[:2] not in ("02", "03"):
            raise ValueError("not a compressed secp256k1 point")
        if not _HEX_DIGITS.issuperset(text):
            raise ValueError("not lowercase hexadecimal")
        x = int(text[2:], 16)
        if x >= P:
            raise ValueError("x is not below p")
        y = _sqrt(x * x * x + 7)
        if y is None:
            raise ValueError("no point of secp256k1 has this x")
        if y & 1 != int(text[1]) - 2:
            y = P - y
        return x, y

    def to_bytes(self, x: Element) -> bytes:
        """Canonical bytes for hashing: the 33-byte compressed encoding, the identity
        ``b"\\x00"`` (SEC1's encoding of the point at infinity)."""
        a, b = _check(x)
        if (a, b) == IDENTITY:
            return b"\x00"
        return bytes([2 + (b & 1)]) + a.to_bytes(32, "big")

    def is_element(self, x: object) -> bool:
        """A tuple of two ints that is a point on the curve, not the identity: the check
        every received point must pass (with cofactor 1 it is then in the group)."""
        return (type(x) is tuple and len(x) == 2 and type(x[0]) is int
                and type(x[1]) is int and _on_curve(x[0], x[1]))

    def new_key(self, rng: random.Random) -> int:
        """A secret scalar uniform in [2, order - 1] (1 would be no lock at all)."""
        return rng.randrange(2, N)

    def inverse(self, key: int) -> int:
        """The unlocking key: ``key⁻¹ mod order``."""
        return pow(key, -1, N)

    def lock(self, x: Element, key: int) -> Element:
        """SRA's lock: ``x^key``.  Locks commute, and ``inverse(key)`` removes one."""
        return self.exp(x, key)


def _timings() -> None:  # pragma: no cover - run by hand: python -m spades.mental.curve
    """Print what the operations cost on this machine (best of 5 runs)."""
    import time
    from collections.abc import Callable

    group = Secp256k1()
    rng = random.Random(1)

    def per_call(fn: Callable[[], object], repeat: int) -> float:
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            for _ in range(repeat):
                fn()
            best = min(best, (time.perf_counter() - start) / repeat)
        return best * 1000

    start = time.perf_counter()
    _base_table()
    print(f"generator table: {(time.perf_counter() - start) * 1000:.1f} ms, once")
    start = time.perf_counter()
    points = [group.encode(v) for v in range(52)]
    print(f"the 52 cards' points: {(time.perf_counter() - start) * 1000:.1f} ms, once")
    point = group.exp_base(rng.randrange(N))
    k = rng.randrange(N)
    print(f"exp, 256 bits: {per_call(lambda: group.exp(point, k), 200):.3f} ms")
    print(f"exp_base: {per_call(lambda: group.exp_base(k), 500):.3f} ms")
    print(f"mul: {per_call(lambda: group.mul(point, points[0]), 2000) * 1000:.1f} µs")
    for bits in (256, 128):
        ks = [rng.getrandbits(bits) for _ in points]
        ms = per_call(lambda: group.multi_exp(points, ks), 10)  # noqa: B023 - called here
        print(f"multi_exp, 52 x {bits} bits: {ms:.2f} ms")


if __name__ == "__main__":
    _timings()
