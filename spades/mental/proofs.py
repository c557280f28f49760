"""The proofs that make every value a page sends checkable at once, by the page that
receives it, without showing a secret: non-interactive zero-knowledge proofs (Fiat-Shamir:
the challenge is a hash of the statement, the context and the prover's commitments).

- ``prove_powers`` / ``check_powers`` (Chaum-Pedersen): each pair ``(x, y)`` has
  ``y = x^key``, for the ``key`` whose public commitment is ``g^key``.  A card unlocked for
  the drawer (``c = d^key``: ``d`` is ``c`` with the lock off), a card played (its partial
  is the card's encoding under the player's lock), a pile's cards locked again: each is
  shown with such a proof.  Several pairs take one proof: they are folded into one pair
  by powers drawn from the hash of them all (a batch: a single false pair gets through
  with probability 2⁻¹²⁸).
- ``prove_shuffle`` / ``check_shuffle``: a deck of ``N`` elements became another, each
  element raised to ``key`` and put in a secret order (``outputs[i] = inputs[order[i]]^key``),
  with no other change: no element planted, doubled, dropped or combined with another.
  It is Terelius and Wikström's proof of a shuffle ("Proofs of restricted shuffles",
  AFRICACRYPT 2010), in the form of Haenni, Locher, Koenig and Dubuis's pseudo-code
  ("Pseudo-code algorithms for verifiable re-encryption mix-nets", FC 2017, algorithms
  4.4 and 4.5), with its last relation made the one of a shuffle by exponentiation: a
  commitment to the order (Pedersen, to the columns of its matrix), a chain of commitments
  that proves the committed vector a permutation of the verifier's random vector ``u``,
  and ``∏ outputs[i]^u'[i] = (∏ inputs[j]^u[j])^key`` with the same permuted ``u'``, which
  holds for random ``u`` only if every output is an input raised to the key.

Challenges are 128 bits (reduced modulo the order in the tests' small groups); the
secrets' masks are uniform modulo the order, so a proof shows nothing of the key or of the
order.  Every proof binds the context the protocol gives it (the hand, the step and the
transcript's hash), so a proof cannot be replayed elsewhere.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Any

from .group import Element, Group

CHALLENGE_BITS = 128


class Transcript:
    """The hash a challenge is drawn from: a domain, then each part with its length."""

    def __init__(self, group: Group, label: bytes) -> None:
        self.group = group
        self.hash = hashlib.sha256(b"spades-mental-proof\x00" + group.name.encode() + label)

    def data(self, data: bytes) -> Transcript:
        self.hash.update(len(data).to_bytes(4, "big") + data)
        return self

    def elements(self, xs: Sequence[Element]) -> Transcript:
        self.data(len(xs).to_bytes(4, "big"))
        for x in xs:
            self.data(self.group.to_bytes(x))
        return self

    def scalar(self, value: int) -> int:
        """A 128-bit challenge from the hash so far (and ``value``: a counter)."""
        digest = self.hash.copy()
        digest.update(b"challenge" + value.to_bytes(4, "big"))
        return _below(self.group, int.from_bytes(digest.digest()[:CHALLENGE_BITS // 8], "big"))

    def scalars(self, count: int) -> list[int]:
        return [self.scalar(index + 1) for index in range(count)]


def _below(group: Group, value: int) -> int:
    """A challenge as an exponent: itself, or modulo a (test) group's small order; never 0."""
    return value % group.order or 1


def _mask(group: Group, rng: random.Random) -> int:
    return rng.randrange(1, group.order)


# ------------------------------------------------------------------ powers (Chaum-Pedersen)


def _fold(group: Group, commitment: Element, pairs: Sequence[tuple[Element, Element]],
          context: bytes) -> tuple[Element, Element, Transcript]:
    transcript = (Transcript(group, b"powers").data(context).elements([commitment])
                  .elements([x for x, _ in pairs]).elements([y for _, y in pairs]))
    if len(pairs) == 1:
        return pairs[0][0], pairs[0][1], transcript
    weights = transcript.scalars(len(pairs))
    x = group.multi_exp([x for x, _ in pairs], weights)
    y = group.multi_exp([y for _, y in pairs], weights)
    return x, y, transcript


def prove_powers(group: Group, key: int, pairs: Sequence[tuple[Element, Element]],
                 context: bytes, rng: random.Random) -> list[int]:
    """A proof that ``y = x^key`` for every pair, against ``group.exp_base(key)``: the
    challenge and the response, ``[c, s]``."""
    commitment = group.exp_base(key)
    x, _, transcript = _fold(group, commitment, pairs, context)
    mask = _mask(group, rng)
    transcript.elements([group.exp_base(mask), group.exp(x, mask)])
    challenge = transcript.scalar(0)
    return [challenge, (mask - challenge * key) % group.order]


def check_powers(group: Group, commitment: Element, pairs: Sequence[tuple[Element, Element]],
                 proof: Sequence[int], context: bytes) -> bool:
    """Whether ``proof`` shows ``y = x^key`` for every pair, where ``commitment = g^key``."""
    if len(proof) != 2 or not pairs:
        return False
    challenge, response = proof
    x, y, transcript = _fold(group, commitment, pairs, context)
    first = group.mul(group.exp_base(response), group.exp(commitment, challenge))
    second = group.multi_exp([x, y], [response, challenge])
    transcript.elements([first, second])
    return transcript.scalar(0) == challenge


# ------------------------------------------------------------------ shuffles


_GENERATORS: dict[tuple[str, int, int], tuple[Element, ...]] = {}


def generators(group: Group, count: int) -> tuple[Element, ...]:
    """The shuffle proof's independent generators: ``count`` for the order's commitment,
    and one more for the chain's start (the last), hashed so that nobody knows a relation
    between them, nor with the group's generator (made once per group and size)."""
    known = (group.name, group.order, count)
    if known not in _GENERATORS:
        _GENERATORS[known] = tuple(group.hash_to_element(b"shuffle-generator:%d" % index)
                                   for index in range(count + 1))
    return _GENERATORS[known]


def _challenges(group: Group, inputs: Sequence[Element], outputs: Sequence[Element],
                commitment: Element, committed: Sequence[Element],
                context: bytes) -> tuple[list[int], Transcript]:
    transcript = (Transcript(group, b"shuffle").data(context).elements([commitment])
                  .elements(inputs).elements(outputs).elements(committed))
    return transcript.scalars(len(inputs)), transcript


def prove_shuffle(group: Group, inputs: Sequence[Element], outputs: Sequence[Element],
                  order: Sequence[int], key: int, context: bytes,
                  rng: random.Random) -> dict[str, list[int] | list[Element]]:
    """The proof that ``outputs[i] = inputs[order[i]]^key`` for a secret ``order`` and the
    key committed as ``g^key``: the order's commitment "c", the chain "chain", the
    challenge and responses "s" (``[c, s1, s2, s3, s4]``), "hats" and "primes"."""
    n, q = len(inputs), group.order
    hs = generators(group, n)
    h_start = hs[n]
    # The commitment to the order: input j's column holds generator i where it went.
    rs = [_mask(group, rng) for _ in range(n)]
    committed: list[Element] = [None] * n
    for i, j in enumerate(order):
        committed[j] = group.mul(hs[i], group.exp_base(rs[j]))
    us, transcript = _challenges(group, inputs, outputs, group.exp_base(key), committed,
                                 context)
    permuted = [us[j] for j in order]
    # The chain: chain[i] = g^r̂ᵢ · chain[i-1]^u'ᵢ, from h_start.
    r_hats = [_mask(group, rng) for _ in range(n)]
    chain: list[Element] = []
    previous = h_start
    for i in range(n):
        previous = group.mul(group.exp_base(r_hats[i]), group.exp(previous, permuted[i]))
        chain.append(previous)
    vs = [1] * n
    for i in range(n - 2, -1, -1):
        vs[i] = permuted[i + 1] * vs[i + 1] % q
    r_bar = sum(rs) % q
    r_hat = sum(r * v for r, v in zip(r_hats, vs, strict=True)) % q
    r_tilde = sum(r * u for r, u in zip(rs, us, strict=True)) % q
    omegas = [_mask(group, rng) for _ in range(4)]
    omega_hats = [_mask(group, rng) for _ in range(n)]
    omega_primes = [_mask(group, rng) for _ in range(n)]
    combined_input = group.multi_exp(inputs, us)
    t = [group.exp_base(omegas[0]), group.exp_base(omegas[1]),
         group.mul(group.exp_base(omegas[2]), group.multi_exp(hs[:n], omega_primes)),
         group.multi_exp([*outputs, combined_input], [*omega_primes, -omegas[3]]),
         group.exp_base(omegas[3])]
    t_hats = [group.mul(group.exp_base(omega_hats[i]),
                        group.exp(h_start if i == 0 else chain[i - 1], omega_primes[i]))
              for i in range(n)]
    challenge = transcript.elements(chain).elements(t).elements(t_hats).scalar(0)
    s = [challenge,
         (omegas[0] + challenge * r_bar) % q, (omegas[1] + challenge * r_hat) % q,
         (omegas[2] + challenge * r_tilde) % q, (omegas[3] + challenge * key) % q]
    return {"c": committed, "chain": chain, "s": s,
            "hats": [(w + challenge * r) % q for w, r in zip(omega_hats, r_hats, strict=True)],
            "primes": [(w + challenge * u) % q
                       for w, u in zip(omega_primes, permuted, strict=True)]}


def check_shuffle(group: Group, inputs: Sequence[Element], outputs: Sequence[Element],
                  commitment: Element, proof: dict[str, Any], context: bytes) -> bool:
    """Whether ``proof`` shows ``outputs`` to be ``inputs`` raised to the key committed as
    ``commitment`` and put in some order (``prove_shuffle``).  ``proof`` holds elements and
    integers already read and checked as such (``protocol`` reads them)."""
    n, q = len(inputs), group.order
    committed, chain, s = proof["c"], proof["chain"], proof["s"]
    hats, primes = proof["hats"], proof["primes"]
    if not (n == len(outputs) == len(committed) == len(chain) == len(hats) == len(primes)
            and len(s) == 5 and n > 0):
        return False
    challenge, s1, s2, s3, s4 = s
    hs = generators(group, n)
    h_start = hs[n]
    us, transcript = _challenges(group, inputs, outputs, commitment, committed, context)
    product = 1
    for u in us:
        product = product * u % q
    c_bar = group.div(_product(group, committed), _product(group, hs[:n]))
    c_hat = group.div(chain[-1], group.exp(h_start, product))
    c_tilde = group.multi_exp(committed, us)
    combined_input = group.multi_exp(inputs, us)
    minus = -challenge
    t = [group.mul(group.exp(c_bar, minus), group.exp_base(s1)),
         group.mul(group.exp(c_hat, minus), group.exp_base(s2)),
         group.mul(group.exp_base(s3), group.multi_exp([c_tilde, *hs[:n]], [minus, *primes])),
         group.multi_exp([*outputs, combined_input], [*primes, -s4]),
         group.mul(group.exp_base(s4), group.exp(commitment, minus))]
    t_hats = [group.mul(group.exp_base(hats[i]),
                        group.multi_exp([chain[i], h_start if i == 0 else chain[i - 1]],
                                        [minus, primes[i]]))
              for i in range(n)]
    return bool(transcript.elements(chain).elements(t).elements(t_hats).scalar(0) == challenge)


def _product(group: Group, xs: Sequence[Element]) -> Element:
    out = group.identity()
    for x in xs:
        out = group.mul(out, x)
    return out


__all__ = ["CHALLENGE_BITS", "Transcript", "check_powers", "check_shuffle", "generators",
           "prove_powers", "prove_shuffle"]
