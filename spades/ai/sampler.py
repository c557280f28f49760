"""Deal the cards a seat cannot see, consistently with what it knows (its view).

Like OpenSpiel's bridge resampler: the seat's own hand and every played card are fixed,
each other seat gets exactly as many cards as it holds, never a card of a suit it has shown
out of, and the cards known to be with a seat (the Blind Nil exchange: the cards this seat
passed are in its partner's hand unless played) go there.  At two players the unseen cards
are split between the opponent's hand and the cards out of play (this seat's own discards
are known to be out of play), and not evenly: each time the opponent kept the top card it
chose it, so its hand leans to the cards players keep (see ``draw_odds``).

The bids are evidence too: a world is accepted with a probability that falls as the trick
estimate of a seat's original hand (held cards plus the cards it has played) strays from
its bid, and a Nil bidder rarely holds a high spade.  So are the plays: a world that puts
a card with a seat whose last play to a trick says it did not hold it weighs less
(``play_evidence``).  Rejection is capped, so a sample always comes back, and everything
is drawn from the ``random.Random`` passed in.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from ..cards import FULL_DECK, SPADE_MASK, SUIT_MASKS
from ..view import View
from . import knowledge
from .heuristic import keep_worthy
from .play_evidence import PlayEvidence

OUT = -1
"""The pseudo-seat of the cards out of play at two players."""

_REJECTION_CAP = 8
_SIGMA2 = 2 * 1.6 ** 2


def draw_odds(unknown: int, turns: int, kept: int) -> tuple[float, float]:
    """The odds that an unknown card is in the opponent's hand rather than out of play,
    for a card worth keeping and for one not, at two players.

    ``unknown`` is the cards this seat never saw (the opponent's 13 and its 13 discards),
    ``turns`` the opponent's draws and ``kept`` how many times it kept the top card.  A kept
    top card was worth keeping and the card after it went out unseen; a discarded one was
    not worth keeping and the card after it, whatever it was, went to the hand.  So the hand
    holds about ``kept`` chosen cards plus a random share of what was left, and the cards
    out of play the mirror image.  Uniform deals made the opponent's hand about 2.5 tricks
    weaker than the hands Hard draws (150 Duel hands: 2.6 against 5.1 by
    ``estimate_tricks``), and Expert overbid against that imagined weakness.
    """
    size = unknown.bit_count()
    worthy = sum(1 for i in range(52) if unknown >> i & 1 and keep_worthy(i))
    if turns <= 0 or size <= turns:
        return 1.0, 1.0
    kept = min(kept, turns, worthy)
    discarded = turns - kept
    # The cards after each top card are random draws from what the top cards left.
    share = min(0.98, max(0.02, (worthy - kept) / (size - turns)))
    hand_worthy, out_worthy = kept + discarded * share, kept * share
    hand_other, out_other = discarded * (1 - share), discarded + kept * (1 - share)
    return _odds(hand_worthy, out_worthy), _odds(hand_other, out_other)


def _odds(in_hand: float, out: float) -> float:
    return min(20.0, max(0.05, (in_hand + 0.25) / (out + 0.25)))


def estimate_tricks(hand: int) -> float:
    """A quick count of the tricks a 13-card ``hand`` (a bitboard) should take."""
    total = 0.0
    spades = hand >> 39 & 0x1FFF
    n_spades = spades.bit_count()
    for suit in range(3):
        part = hand >> (13 * suit) & 0x1FFF
        n = part.bit_count()
        if part >> 12 & 1:
            total += 1.0 if n <= 5 else 0.7
        if part >> 11 & 1:
            total += (0.8 if n <= 5 else 0.5) if n >= 2 else 0.2
        if part >> 10 & 1 and 3 <= n <= 5:
            total += 0.4
        if n_spades >= 3:
            total += (0.8, 0.5, 0.2)[n] if n < 3 else 0.0
    for rank, need, value in ((12, 1, 1.0), (11, 2, 0.9), (10, 3, 0.8), (9, 4, 0.5)):
        if spades >> rank & 1:
            total += value if n_spades >= need else value * 0.4
    total += max(0, n_spades - 4) * 0.8
    return total


def estimate_bid(hand: int, nil_allowed: bool = True) -> int:
    """A plain bid for a 13-card hand: Nil for a hand with nothing, else its trick count."""
    est = estimate_tricks(hand)
    spades = hand >> 39 & 0x1FFF
    if (nil_allowed and est < 1.2 and not spades >> 11 and spades.bit_count() <= 3):
        return 0
    return max(1, min(13, round(est)))


def bid_likelihood(hand: int, bid: int) -> float:
    """How plausible ``bid`` is for a 13-card ``hand`` (1.0 at best)."""
    est = estimate_tricks(hand)
    if bid == 0:
        spades = hand >> 39 & 0x1FFF
        weight = math.exp(-max(0.0, est - 1.0) ** 2 / 1.0)
        if spades >> 12 & 1:
            weight *= 0.05
        elif spades >> 11 & 1:
            weight *= 0.3
        if spades.bit_count() >= 5:
            weight *= 0.3
        return weight
    return math.exp(-((est - bid) ** 2) / _SIGMA2)


class Sampler:
    """Draws full deals consistent with ``view``; ``sample(rng)`` returns one bitboard per
    seat (the seat's own hand included).  ``use_bids`` and ``use_plays`` weigh the deals by
    the bids and by the plays (both on in play; off to measure what each is worth)."""

    def __init__(self, view: View, *, use_bids: bool = True, use_plays: bool = True,
                 bids: tuple[int | None, ...] | None = None) -> None:
        players = view.players
        me = view.seat
        self.players = players
        self.me = me
        own = view.hand_mask
        played = view.played_mask
        fixed = list(knowledge.known_cards(view))
        void = knowledge.voids(view)
        self.played_by = knowledge.played_by(view)
        known_out = 0
        # Two players: this seat's discards are out of play, except that an opponent who
        # replaced cards after a Double Nil drew them from the pile of both seats' discards.
        self.drawn_back = 0
        self.my_discards: list[int] = []
        if players == 2:
            known_out = sum(1 << c.index for c in view.discarded) & ~own & ~played
            opp = 1 - me
            drawn_back = view.replaced[opp] or 0
            if drawn_back:
                suits_ok = [suit for suit in range(4) if not void[opp] >> suit & 1]
                self.my_discards = [i for i in range(52) if known_out >> i & 1
                                    and i // 13 in suits_ok]
                self.drawn_back = min(drawn_back, len(self.my_discards),
                                      view.hand_sizes[opp])
        pool = FULL_DECK & ~played & ~known_out
        for mask in fixed:
            pool &= ~mask
        self.pool = pool
        self.card_odds = self._draw_odds(view, known_out) if players == 2 else None
        self.fixed = fixed
        self.known_out = known_out
        # The slots to fill: every other seat, and at two players the cards out of play.
        slots: list[int] = [s for s in range(players) if s != me]
        need = [view.hand_sizes[s] - fixed[s].bit_count() for s in slots]
        if players == 2:
            slots.append(OUT)
            need.append(pool.bit_count() - sum(need))
        if any(n < 0 for n in need) or sum(need) != pool.bit_count():
            raise ValueError("the view's hand sizes do not match the unseen cards")
        self.slots = slots
        self.need = need
        self.void = [void[s] if s != OUT else 0 for s in slots]
        # Cards by suit, the most constrained suits first.
        suit_cards = []
        for suit in range(4):
            cards = [i for i in range(13 * suit, 13 * suit + 13) if pool >> i & 1]
            if cards:
                eligible = [k for k, s in enumerate(slots) if not self.void[k] >> suit & 1]
                suit_cards.append((len(eligible), suit, cards, eligible))
        suit_cards.sort()
        self.suit_cards = [(suit, cards, eligible) for _, suit, cards, eligible in suit_cards]
        self.free = not any(self.void)
        self.pool_cards = [i for i in range(52) if pool >> i & 1]
        all_bids = bids if bids is not None else view.bids
        self.evidence: list[tuple[int, int]] = []
        if use_bids:
            for s in range(players):
                bid = all_bids[s]
                if s != me and bid is not None and not view.blind[s]:
                    self.evidence.append((s, bid))
        plays = PlayEvidence(view) if use_plays else None
        self.plays = plays if plays is not None and plays.any else None

    def _draw_odds(self, view: View, known_out: int) -> list[float] | None:
        """Each card's odds of being in the opponent's hand rather than out of play (two
        players), or None for even odds: after a Nil, whose draw keeps low cards, or when
        this seat did not see the draw."""
        opp = 1 - self.me
        if view.bids[opp] == 0 or view.replaced[opp] or not view.draws:
            return None
        mine = view.hand_mask | self.played_by[self.me]
        unknown = FULL_DECK & ~mine & ~known_out
        turns = sum(1 for seat, _ in view.draws if seat == opp)
        kept = sum(1 for seat, keep in view.draws if seat == opp and keep)
        worthy, other = draw_odds(unknown, turns, kept)
        return [worthy if keep_worthy(i) else other for i in range(52)]

    def _deal(self, rng: random.Random) -> list[int] | None:
        if self.card_odds is not None:
            return self._deal_by_odds(rng, self.card_odds)
        uniform = rng.random
        if self.free:
            # No seat has shown out of a suit: one shuffle, cut in hand-sized pieces.
            cards = _shuffled(self.pool_cards, uniform)
            got = []
            pos = 0
            for size in self.need:
                mask = 0
                for card in cards[pos:pos + size]:
                    mask |= 1 << card
                got.append(mask)
                pos += size
            return got
        need = list(self.need)
        got = [0] * len(self.slots)
        for _, cards, eligible in self.suit_cards:
            for card in _shuffled(cards, uniform):
                total = 0
                for k in eligible:
                    total += need[k]
                if total == 0:
                    return None
                pick = uniform() * total
                chosen = -1
                for k in eligible:
                    if need[k]:
                        chosen = k
                        pick -= need[k]
                        if pick < 0:
                            break
                need[chosen] -= 1
                got[chosen] |= 1 << card
        return got

    def _deal_by_odds(self, rng: random.Random, odds: list[float]) -> list[int] | None:
        """Two players: each unseen card, in a random order, goes to the opponent (slot 0)
        or out of play (slot 1) with chances in proportion to the room left in each times
        the card's odds of being in the hand, never to a hand void in its suit."""
        uniform = rng.random
        room_hand, room_out = self.need
        void = self.void[0]
        hand = out = 0
        for card in _shuffled(self.pool_cards, uniform):
            if void >> (card // 13) & 1:
                to_hand = False
            else:
                weight = room_hand * odds[card]
                to_hand = uniform() * (weight + room_out) < weight
            if to_hand:
                room_hand -= 1
                hand |= 1 << card
            else:
                room_out -= 1
                out |= 1 << card
            if room_hand < 0 or room_out < 0:
                return None
        return [hand, out]

    def _deal_by_flow(self, rng: random.Random) -> list[int]:
        """A deal found by augmenting paths (suits to slots), for the rare constrained case
        where the greedy deal keeps failing."""
        n_slots = len(self.slots)
        flow = [[0] * n_slots for _ in range(4)]
        supply = {suit: len(cards) for suit, cards, _ in self.suit_cards}
        eligible_of = {suit: eligible for suit, _, eligible in self.suit_cards}
        room = list(self.need)

        def augment(suit: int, seen: set[int]) -> bool:
            for k in eligible_of[suit]:
                if k in seen:
                    continue
                seen.add(k)
                if room[k] > 0:
                    room[k] -= 1
                    flow[suit][k] += 1
                    return True
                for other in eligible_of:
                    if flow[other][k] > 0 and augment(other, seen):
                        flow[other][k] -= 1
                        flow[suit][k] += 1
                        return True
            return False

        for suit, count in supply.items():
            for _ in range(count):
                if not augment(suit, set()):
                    raise ValueError("no deal is consistent with the view")
        got = [0] * n_slots
        for suit, cards, _ in self.suit_cards:
            order = list(cards)
            rng.shuffle(order)
            pos = 0
            for k in range(n_slots):
                for card in order[pos:pos + flow[suit][k]]:
                    got[k] |= 1 << card
                pos += flow[suit][k]
        return got

    def _hands(self, got: list[int]) -> list[int]:
        hands = list(self.fixed)
        for k, s in enumerate(self.slots):
            if s != OUT:
                hands[s] |= got[k]
        return hands

    def deal(self, rng: random.Random) -> list[int]:
        """One consistent deal, ignoring the bids."""
        if self.drawn_back:
            return self._deal_with_drawn_back(rng)
        for _ in range(20):
            got = self._deal(rng)
            if got is not None:
                return self._hands(got)
        return self._hands(self._deal_by_flow(rng))

    def _deal_with_drawn_back(self, rng: random.Random) -> list[int]:
        """Two players after the opponent's Double Nil replacement: each card it drew came
        from this seat's discards with a chance of about one half (the pile is both seats'
        discards); those go to its hand, one of its unseen cards goes out of play instead."""
        taken = sum(1 for _ in range(self.drawn_back) if rng.random() < 0.5)
        for _ in range(20):
            got = self._deal(rng)
            if got is not None:
                break
        else:
            got = self._deal_by_flow(rng)
        if taken:
            opp_slot = 0  # the opponent is the first slot, the cards out of play the second
            mine = rng.sample(self.my_discards, taken)
            held = [i for i in range(52) if got[opp_slot] >> i & 1]
            for card, back in zip(mine, rng.sample(held, taken), strict=True):
                got[opp_slot] ^= (1 << card) | (1 << back)
                got[1] |= 1 << back
        return self._hands(got)

    def weight(self, hands: list[int]) -> float:
        """How well a deal fits the bids and the plays (1.0 at best)."""
        weight = 1.0
        for seat, bid in self.evidence:
            weight *= bid_likelihood(hands[seat] | self.played_by[seat], bid)
        if self.plays is not None:
            weight *= self.plays.weight(hands)
        return weight

    def sample(self, rng: random.Random) -> list[int]:
        """One deal, drawn so that the seats' hands roughly match their bids and plays."""
        if not self.evidence and self.plays is None:
            return self.deal(rng)
        best, best_weight = None, -1.0
        for _ in range(_REJECTION_CAP):
            hands = self.deal(rng)
            weight = self.weight(hands)
            if rng.random() < weight:
                return hands
            if weight > best_weight:
                best, best_weight = hands, weight
        assert best is not None
        return best


def _shuffled(cards: list[int], uniform: Callable[[], float]) -> list[int]:
    """A shuffled copy of ``cards`` (Fisher-Yates on ``rng.random``, not ``rng.shuffle``,
    whose draws differ: the worlds, and so Expert's choices, stay as they were)."""
    order = list(cards)
    for i in range(len(order) - 1, 0, -1):
        j = int(uniform() * (i + 1))
        order[i], order[j] = order[j], order[i]
    return order


def spade_count(hand: int) -> int:
    return (hand & SPADE_MASK).bit_count()


def suit_count(hand: int, suit: int) -> int:
    return (hand & SUIT_MASKS[suit]).bit_count()


__all__ = ["OUT", "Sampler", "bid_likelihood", "estimate_bid", "estimate_tricks"]
