"""The elliptic curve of the mental poker (``spades.mental.curve``): secp256k1's known
points, every fast multiplication against a slow one written here from the textbook, the
locks, the endomorphism's constants, and the text form that refuses anything but a point.

The reference (``ref_add``, ``ref_mul``) is affine double-and-add with an inverse per step:
too slow for the game, simple enough to trust, and sharing no code with the module."""

from __future__ import annotations

import hashlib
import random
from dataclasses import FrozenInstanceError
from functools import reduce
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades.mental import curve
from spades.mental.curve import IDENTITY, Element, G, N, P, Secp256k1

C = Secp256k1()

G2 = (0xC6047F9441ED7D6D3045406E95C07CD85C778E4B8CEF3CA7ABAC09B95C709EE5,
      0x1AE168FEA63DC339A3C58419466CEAEEF7F632653266D0E1236431A950CFE52A)
G3 = (0xF9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9,
      0x388F7B0F632DE8140FE337E62A37F3566500A99934C2231B6CB9FD7584B8E672)
"""2·G and 3·G (the published test vectors of secp256k1)."""


def ref_add(a: Element | None, b: Element | None) -> Element | None:
    """a + b in affine coordinates, None the point at infinity."""
    if a is None:
        return b
    if b is None:
        return a
    if a[0] == b[0]:
        if (a[1] + b[1]) % P == 0:
            return None
        slope = 3 * a[0] * a[0] * pow(2 * a[1], -1, P) % P
    else:
        slope = (b[1] - a[1]) * pow(b[0] - a[0], -1, P) % P
    x = (slope * slope - a[0] - b[0]) % P
    return x, (slope * (a[0] - x) - a[1]) % P


def ref_mul(k: int, point: Element) -> Element:
    """k·point by double-and-add, k ≥ 0 not reduced; IDENTITY for the point at infinity."""
    result: Element | None = None
    addend: Element | None = point
    while k:
        if k & 1:
            result = ref_add(result, addend)
        addend = ref_add(addend, addend)
        k >>= 1
    return IDENTITY if result is None else result


def neg(point: Element) -> Element:
    return point[0], (P - point[1]) % P


def on_curve(point: Element) -> bool:
    x, y = point
    return 0 <= x < P and 0 <= y < P and (y * y - x**3 - 7) % P == 0


# Points to multiply: not the generator (which has its own table), of unknown logarithm.
H = C.hash_to_element(b"test:h")
POOL = [G, neg(G), G2, H, neg(H), C.encode(0), C.encode(51), ref_mul(2, H), IDENTITY]

EDGE_SCALARS = [0, 1, 2, 3, 7, 16, 31, 32, 33, N - 1, N, N + 1, N - 2, -1, -2, -N, 2 * N + 5,
                N // 2, N // 2 + 1, N // 2 - 1, 2**128 - 1, 2**128, 2**128 + 1, 2**129,
                2**255, 2**256 - 1, 2**256, curve._LAMBDA, curve._LAMBDA + 1,
                N - curve._LAMBDA, (curve._LAMBDA * 2**100) % N, 0x55555555 << 200]

scalars = st.one_of(
    st.integers(-40, 40),
    st.integers(0, 2**128 + 5),
    st.integers(0, 2**256 + 5),
    st.integers(-(2**256), 0),
    st.integers(N - 2**40, N + 2**40),
    st.sampled_from(EDGE_SCALARS),
)


# --- the curve's constants ----------------------------------------------------------------


def probable_prime(n: int) -> bool:
    return all(pow(a, n - 1, n) == 1 for a in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37))


def test_constants() -> None:
    assert probable_prime(P) and probable_prime(N)
    assert on_curve(G) and on_curve(G2) and on_curve(G3)
    assert C.order == N and C.name == "secp256k1" and C.cards == 52
    assert C.generator() == G and C.identity() == IDENTITY
    assert not on_curve(IDENTITY)  # (0, 0) is on no curve y² = x³ + 7: a safe stand-in


def test_known_multiples_of_the_generator() -> None:
    assert ref_mul(2, G) == G2 and ref_mul(3, G) == G3  # the reference itself
    for mult in (C.exp, lambda x, k: C.exp_base(k), lambda x, k: C.multi_exp([x], [k])):
        assert mult(G, 2) == G2
        assert mult(G, 3) == G3
        assert mult(G, N - 1) == neg(G)
        assert mult(G, N) == IDENTITY
        assert mult(G, 0) == IDENTITY
        assert mult(G, -1) == neg(G)
    assert ref_mul(N, G) == IDENTITY  # the order, not reduced first
    assert C.mul(C.exp(G, N - 1), G) == IDENTITY
    assert C.mul(G, G) == G2 and C.mul(G2, G) == G3


def test_endomorphism_constants() -> None:
    beta, lam = curve._BETA, curve._LAMBDA
    assert beta != 1 and pow(beta, 3, P) == 1
    assert lam != 1 and pow(lam, 3, N) == 1
    assert (curve._A1 + curve._B1 * lam) % N == 0
    assert (curve._A2 + curve._B2 * lam) % N == 0
    assert ref_mul(lam, G) == (beta * G[0] % P, G[1])
    assert ref_mul(lam, H) == (beta * H[0] % P, H[1])


@given(st.integers(0, N - 1))
def test_split_is_exact_and_short(k: int) -> None:
    k1, k2 = curve._split(k)
    assert (k1 + k2 * curve._LAMBDA - k) % N == 0
    assert abs(k1) < 2**129 and abs(k2) < 2**129


# --- multiplication -----------------------------------------------------------------------


@pytest.mark.parametrize("k", EDGE_SCALARS)
def test_exp_at_the_edges(k: int) -> None:
    expected = ref_mul(k % N, H)
    assert C.exp(H, k) == expected
    assert C.multi_exp([H], [k]) == expected
    assert C.exp_base(k) == ref_mul(k % N, G)


@settings(max_examples=40)
@given(scalars, st.sampled_from(POOL))
def test_exp_against_the_reference(k: int, point: Element) -> None:
    expected = ref_mul(k % N, point) if point != IDENTITY else IDENTITY
    assert C.exp(point, k) == expected
    assert C.lock(point, k) == expected
    assert C.multi_exp([point], [k]) == expected


@settings(max_examples=40)
@given(scalars)
def test_exp_base_against_the_reference(k: int) -> None:
    assert C.exp_base(k) == ref_mul(k % N, G)


def test_exp_is_repeated_mul() -> None:
    total = IDENTITY
    for k in range(40):
        assert C.exp(H, k) == total
        assert C.exp_base(k) == C.exp(G, k)
        total = C.mul(total, H)


@settings(max_examples=40)
@given(scalars, scalars)
def test_exp_and_exp_base_agree(a: int, b: int) -> None:
    """The variable-base path (on a·G) against the generator's table (on a·b)."""
    assert C.exp(C.exp_base(a), b) == C.exp_base(a * b)


def sum_of_exps(bases: list[Element], exponents: list[int]) -> Element:
    return reduce(C.mul, [C.exp(x, k) for x, k in zip(bases, exponents, strict=True)], IDENTITY)


BOTH_METHODS = pytest.mark.parametrize("pippenger_from", [curve._PIPPENGER_FROM, 1],
                                       ids=["straus", "pippenger"])
"""Run a test with ``multi_exp``'s own choice (Straus, for these few terms), then with
Pippenger's buckets from the first term on."""


@BOTH_METHODS
@settings(max_examples=50)
@given(st.lists(st.tuples(st.integers(0, len(POOL) - 1), scalars), max_size=7))
def test_multi_exp_is_the_sum_of_exps(pippenger_from: int, terms: list[tuple[int, int]]) -> None:
    bases = [POOL[i] for i, _ in terms]
    exponents = [k for _, k in terms]
    expected = sum_of_exps(bases, exponents)
    with patch.object(curve, "_PIPPENGER_FROM", pippenger_from):
        assert C.multi_exp(bases, exponents) == expected


@BOTH_METHODS
def test_multi_exp_of_many_terms(pippenger_from: int) -> None:
    rng = random.Random(5)
    bases = [C.encode(v) for v in range(52)]
    for bits in (256, 128, 8):
        exponents = [rng.getrandbits(bits) - (rng.getrandbits(bits) if bits == 8 else 0)
                     for _ in bases]
        expected = sum_of_exps(bases, exponents)
        with patch.object(curve, "_PIPPENGER_FROM", pippenger_from):
            assert C.multi_exp(bases, exponents) == expected


def test_multi_exp_past_the_threshold() -> None:
    """Pippenger's buckets where ``multi_exp`` picks them itself, against Straus."""
    rng = random.Random(6)
    terms = curve._PIPPENGER_FROM + 3
    bases = [C.exp_base(rng.randrange(N)) for _ in range(terms - 2)] + [G, neg(H)]
    exponents = [rng.getrandbits(128) - 2**127 for _ in range(terms)]
    result = C.multi_exp(bases, exponents)
    with patch.object(curve, "_PIPPENGER_FROM", terms + 1):
        assert C.multi_exp(bases, exponents) == result
    assert C.multi_exp(bases[:-2], exponents[:-2]) == C.multi_exp(
        [result, G, neg(H)], [1, -exponents[-2], -exponents[-1]])


@BOTH_METHODS
def test_multi_exp_where_partial_sums_meet(pippenger_from: int) -> None:
    """Additions of a point to itself or to its negation inside the fast loops."""
    with patch.object(curve, "_PIPPENGER_FROM", pippenger_from):
        partial_sums_meet()


def partial_sums_meet() -> None:
    h2, g2 = ref_mul(2, H), ref_mul(2, G)
    assert C.multi_exp([H, h2], [2, 1]) == ref_mul(4, H)  # 2H + 2H: a doubling
    assert C.multi_exp([H, h2], [2, -1]) == IDENTITY  # 2H - 2H
    assert C.multi_exp([H, H], [1, 1]) == h2
    assert C.multi_exp([H, neg(H)], [5, 5]) == IDENTITY
    assert C.multi_exp([H, neg(H), H], [1, 1, 1]) == H
    assert C.multi_exp([g2, G], [1, 2]) == ref_mul(4, G)  # the generator's table meets 2G
    assert C.multi_exp([g2, G], [1, -2]) == IDENTITY
    assert C.multi_exp([G, G, IDENTITY], [3, -3, 9]) == IDENTITY
    assert C.multi_exp([], []) == IDENTITY
    assert C.multi_exp([H, G], [0, N]) == IDENTITY
    assert C.multi_exp([H, h2, neg(h2), H], [2**200 + 3, 5, 5, -(2**200)]) == ref_mul(3, H)


def test_the_loops_where_points_meet() -> None:
    h2 = ref_mul(2, H)
    assert curve._to_affine(*curve._run([[H, H]])) == h2
    assert curve._to_affine(*curve._run([[H, neg(H)]])) == IDENTITY
    assert curve._to_affine(*curve._run([[H, neg(H), H]])) == H
    assert curve._to_affine(*curve._run([[H], [H]])) == ref_mul(3, H)
    assert curve._to_affine(*curve._run([])) == IDENTITY
    assert curve._to_affine(*curve._add_mixed(*H, 1, *H)) == h2
    assert curve._add_mixed(*H, 1, *neg(H))[2] == 0
    assert curve._to_affine(*curve._add_mixed(0, 0, 0, *H)) == H
    jh = curve._double(*H, 1)  # 2H with Z ≠ 1
    assert curve._to_affine(*curve._add(jh, jh)) == ref_mul(4, H)
    assert curve._to_affine(*curve._add(jh, curve._double(*neg(H), 1))) == IDENTITY
    assert curve._add(jh, (0, 0, 0)) == jh and curve._add((0, 0, 0), jh) == jh
    assert curve._to_affine(*curve._add(jh, (*H, 1))) == ref_mul(3, H)


def test_multi_exp_refuses_mismatched_lists() -> None:
    with pytest.raises(ValueError):
        C.multi_exp([G, H], [1])


def test_operations_refuse_points_off_the_curve() -> None:
    """An invalid-curve point must not be multiplied by a secret key."""
    off = (G[0], G[1] + 1)
    for bad in [off, (1, 1), (G[0], G[1] + P), (G[0] - P, G[1]), [G[0], G[1]], (G[0],),
                (*G, 1), (float(G[0]), G[1]), None]:
        with pytest.raises(ValueError):
            C.exp(bad, 5)  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            C.lock(bad, 5)  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            C.multi_exp([H, bad], [1, 5])  # type: ignore[list-item]
        with pytest.raises(ValueError):
            C.mul(H, bad)  # type: ignore[arg-type]


# --- the group operation ------------------------------------------------------------------


def test_mul_every_case() -> None:
    assert C.mul(H, H) == ref_mul(2, H)
    assert C.mul(H, neg(H)) == IDENTITY
    assert C.mul(H, IDENTITY) == H and C.mul(IDENTITY, H) == H
    assert C.mul(IDENTITY, IDENTITY) == IDENTITY
    assert C.mul(H, G) == ref_add(H, G) == C.mul(G, H)
    assert C.inv(H) == neg(H) and C.inv(IDENTITY) == IDENTITY
    assert C.div(H, H) == IDENTITY
    assert C.div(C.mul(H, G), G) == H
    assert C.div(IDENTITY, H) == neg(H)


@settings(max_examples=30)
@given(scalars, scalars)
def test_exponents_add(a: int, b: int) -> None:
    assert C.mul(C.exp(H, a), C.exp(H, b)) == C.exp(H, a + b)
    assert C.div(C.exp(H, a), C.exp(H, b)) == C.exp(H, a - b)


# --- locks --------------------------------------------------------------------------------


@settings(max_examples=20)
@given(st.integers(0, 2**32), st.integers(0, 51))
def test_locks_commute_and_unlock(seed: int, value: int) -> None:
    rng = random.Random(seed)
    a, b = C.new_key(rng), C.new_key(rng)
    card = C.encode(value)
    both = C.lock(C.lock(card, a), b)
    assert both == C.lock(C.lock(card, b), a)
    assert C.lock(C.lock(both, C.inverse(a)), C.inverse(b)) == card
    assert C.lock(C.lock(both, C.inverse(b)), C.inverse(a)) == card
    assert C.lock(card, a) != card


def test_keys() -> None:
    rng = random.Random(3)
    keys = [C.new_key(rng) for _ in range(500)]
    assert all(2 <= k < N for k in keys) and len(set(keys)) == len(keys)
    assert min(keys).bit_length() > 240  # uniform over [2, N - 1]: none is short
    for k in [*keys[:20], 2, N - 1]:
        assert k * C.inverse(k) % N == 1
    with pytest.raises(ValueError):
        C.inverse(0)
    with pytest.raises(ValueError):
        C.inverse(N)


# --- hashing to the curve, the cards ------------------------------------------------------


def ref_hash_to_element(label: bytes) -> Element:
    """The definition of ``hash_to_element`` as the other player's program must implement
    it: try-and-increment on SHA-256 with a 4-byte big-endian counter, the even y."""
    for counter in range(1000):
        data = b"spades-mental/secp256k1" + label + counter.to_bytes(4, "big")
        x = int.from_bytes(hashlib.sha256(data).digest(), "big") % P
        y = pow(x**3 + 7, (P + 1) // 4, P)
        if y * y % P == (x**3 + 7) % P:
            return x, (y if y % 2 == 0 else P - y)
    raise AssertionError("no point in 1000 tries")


def test_hash_to_element() -> None:
    labels = [b"", b"a", b"card:0", b"shuffle-generator:0", bytes(range(256))]
    points = [C.hash_to_element(label) for label in labels]
    for label, point in zip(labels, points, strict=True):
        assert point == C.hash_to_element(label) == ref_hash_to_element(label)
        assert C.is_element(point) and point[1] % 2 == 0
    assert len(set(points)) == len(points)


def test_cards() -> None:
    deck = [C.encode(v) for v in range(52)]
    assert len(set(deck)) == 52
    assert all(C.is_element(x) for x in deck)
    assert deck[7] == ref_hash_to_element(b"card:7") == C.hash_to_element(b"card:7")
    assert C.encode(7) is deck[7]  # computed once per process
    assert Secp256k1(cards=12).encode(7) == deck[7]
    # Pinned: the other player's program must deal the very same cards.
    assert C.to_text(deck[0]) == (
        "0293056634b56581b8463b847fb94397f67c175eab8e2e8e1d8760c50eec4a3de8")
    assert C.to_text(deck[51]) == (
        "029aaca1cbdf1fe0da253989dad7a8ccb6b2824757e050eeeec1c7038ae0c8c6b7")
    for bad in (-1, 52, 1000, "1", 1.0, True):
        with pytest.raises(ValueError):
            C.encode(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Secp256k1(cards=12).encode(12)


def test_the_group_is_immutable() -> None:
    with pytest.raises(FrozenInstanceError):
        C.cards = 10  # type: ignore[misc]
    assert Secp256k1() == C and hash(Secp256k1()) == hash(C)


# --- text and bytes -----------------------------------------------------------------------


def test_text_of_the_generator() -> None:
    text = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
    assert C.to_text(G) == text and C.from_text(text) == G
    assert C.to_text(neg(G)) == "03" + text[2:] and C.from_text("03" + text[2:]) == neg(G)
    assert C.to_bytes(G) == bytes.fromhex(text)
    assert C.to_bytes(IDENTITY) == b"\x00"
    with pytest.raises(ValueError):
        C.to_text(IDENTITY)


@settings(max_examples=50)
@given(st.integers(1, N - 1))
def test_text_round_trip(k: int) -> None:
    point = C.exp_base(k)
    text = C.to_text(point)
    assert len(text) == 66 and text[:2] in ("02", "03") and text == text.lower()
    assert C.from_text(text) == point
    assert C.to_bytes(point) == bytes.fromhex(text)
    assert C.from_text(C.to_text(neg(point))) == neg(point)


def test_from_text_refuses_garbage() -> None:
    good = C.to_text(H)
    no_point = "02" + "00" * 32  # x = 0: 7 is not a square modulo p
    assert curve._sqrt(7) is None
    bad_x = next(f"02{x:064x}" for x in range(1, 100) if curve._sqrt(x**3 + 7) is None)
    # x + p for a good x: the same x modulo p, but not the one way to write it.
    unreduced = next(f"02{x + P:064x}" for x in range(1, 100) if curve._sqrt(x**3 + 7))

    class Text(str):
        pass

    garbage: list[object] = [
        None, 0, 2, b"", good.encode(), bytearray(good.encode()), [good], (good,), H,
        Text(good), "", "02", good[:-1], good + "0", good + " ", " " + good[1:],
        good[:-1] + " ", "04" + good[2:], "00" + good[2:], "01" + good[2:], "05" + good[2:],
        "2" + good[1:], good.upper(), good[:2] + good[2:].upper(), "0X" + good[2:],
        good[:10] + "_" + good[11:], good[:2] + "+" + good[3:], good[:2] + "-" + good[3:],
        good[:2] + "g" + good[3:], good[:2] + "\u0660" + good[3:],  # an Arabic-Indic zero
        "02" + "ff" * 32, f"02{P:064x}", f"03{P + 1:064x}", no_point, bad_x, unreduced,
        "0" * 66, "00", "04" + "00" * 64,
    ]
    for text in garbage:
        with pytest.raises(ValueError):
            C.from_text(text)
    assert C.from_text(good) == H  # the good one was good


def test_is_element() -> None:
    assert C.is_element(G) and C.is_element(H) and C.is_element(neg(H))
    for bad in [IDENTITY, (G[0], G[1] + 1), (G[0], G[1] + P), (G[0] + P, G[1]), [*G], G[:1],
                (*G, 1), (float(G[0]), G[1]), (True, G[1]), (G[0], -G[1]), None, "02",
                C.to_text(G), (0, 0), (1, 1)]:
        assert not C.is_element(bad)
