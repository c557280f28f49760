"""What the other seats' plays say about the cards they still hold.

The last seat to play to a trick sees the whole trick.  When it lets an opponent's card
win, its side still needs tricks and it is not on Nil, it most likely held nothing that
beat that card: it followed low because it had to, or discarded because it had no spade
to ruff with.  When it wins, it does so with its cheapest winner, so the cards between the
beaten card and its own are most likely elsewhere.  These are tendencies, not rules (a
player may hold a card back), so the sampler weighs a world by them instead of excluding
it: each unseen card a world puts in a hand its plays make unlikely multiplies the
world's weight by ``UNLIKELY``.

A clean Nil bidder is read at every place in the trick: following suit, it plays its
highest card that cannot win (Hard's rule, and the Expert's: ``expert.nil_unload``), so it
held no card between that card and the winner; over the winner, it held none under it.
Measured over the first hands of Classic games: Hard held 1.0% of the 17359 cards so read
(300 hands), the Expert 3.1% of 1178 (60 hands, before the reading after a ruff was added;
42% before the Expert unloaded its highest card), against a base rate of 33%.

Measured over the play of Classic hands (tricks 3 to 11): as the last to play, Hard held
none of the 1194 cards so read (40 hands) and the Expert 5.5% of 402 (8 hands), against a
base rate of 33%; the sampler then puts 39.5% of the unseen cards in the right hands
instead of 38.9%, and 1.3 points more from the eighth trick on.  A seat with an opponent
still to play after it is not read: Hard, as third to play under an opponent's card, held
a card above it in 32% of such cases, since the last opponent might beat it anyway.

Against Hard on Classic (``python -m spades.lab.arena expert hard --hands 10 --budget 3000
--boards 200``), paired board by board with the Expert without the reading: seed 2000,
+3.9 points a hand (95% CI +1.7 .. +6.1); seed 9000, -1.2 (-3.6 .. +1.2); both, +1.4
(-0.3 .. +3.0), the Expert's margin over Hard +34.9 against +33.6.  It costs
15% of the median think time (86 -> 99 ms over the same 300 play decisions on CPython).

Buro et al. (2009) and Solinas et al. (2019) found inference from the play worth much in
Skat.  A full replay of each world by the playout policy (the ``inference`` branch, issue
13) cost 2.6 times the think time; these readings cost a mask test a seat a world.
"""

from __future__ import annotations

from ..cards import SPADE_MASK, SPADES, SUIT_MASKS
from ..view import View
from .knowledge import beats, side_seats, winning_play

UNLIKELY = 0.2
"""A world's weight is multiplied by this for each card it gives a seat whose plays make
that card unlikely in its hand."""


def _above(card: int) -> int:
    """The cards of ``card``'s suit that outrank it."""
    suit = card // 13
    return SUIT_MASKS[suit] & ~((2 << card) - 1)


def _below(card: int) -> int:
    """The cards of ``card``'s suit that it outranks."""
    return SUIT_MASKS[card // 13] & ((1 << card) - 1)


def _between(low: int, high: int) -> int:
    """The cards strictly between two cards of one suit."""
    return ((1 << high) - 1) & ~((2 << low) - 1)


class PlayEvidence:
    """Per seat, the unseen cards its plays make unlikely (``unlikely``)."""

    def __init__(self, view: View) -> None:
        players = view.players
        self.unlikely = [0] * players
        won = [0] * players
        for trick in (*view.tricks, view.trick):
            plays = [(seat, card.index) for seat, card in trick.plays]
            self._read(view, plays, won)
            self._read_nil(view, plays, won)
            if trick.winner is not None:
                won[trick.winner] += 1
        unseen = ~(view.hand_mask | view.played_mask)
        self.unlikely = [mask & unseen for mask in self.unlikely]
        self.any = any(self.unlikely)

    def _read_nil(self, view: View, plays: list[tuple[int, int]], won: list[int]) -> None:
        """A clean Nil bidder following suit plays its highest card that cannot win the
        trick (every level does: ``expert.nil_unload``), or, with none, its lowest.  So
        under the winning card it held none between its card and the winner (after a
        ruff, none of the led suit above its card); over it, none of the suit below."""
        for i in range(1, len(plays)):
            seat, card = plays[i]
            if seat == view.seat or view.bids[seat] != 0 or won[seat]:
                continue
            before = plays[:i]
            lead = before[0][1] // 13
            if card // 13 != lead:
                continue  # a discard: which suit to unload is a choice, not a sign
            best = winning_play(before)[1]
            if best // 13 != lead:
                self.unlikely[seat] |= _above(card)
            elif card < best:
                self.unlikely[seat] |= _between(card, best)
            else:
                self.unlikely[seat] |= _below(best)

    def _read(self, view: View, plays: list[tuple[int, int]], won: list[int]) -> None:
        if len(plays) < view.players:
            return  # the last seat has not played yet
        seat, card = plays[-1]
        if seat == view.seat or not self._wants_the_trick(view, seat, won):
            return
        before = plays[:-1]
        winner, best = winning_play(before)
        if winner == view.rules.partner_of(seat):
            return  # the partner has it: no reason to beat it
        self.unlikely[seat] |= self._unlikely(card, best, plays[0][1] // 13)

    @staticmethod
    def _wants_the_trick(view: View, seat: int, won: list[int]) -> bool:
        """Whether the seat still wanted tricks when it played: not on Nil, and its side's
        contract not yet made (a made side may duck to stay clear of bags)."""
        bid = view.bids[seat]
        if bid is None or bid == 0:
            return False
        side = side_seats(view, seat % 2)
        contract = sum(view.bids[s] or 0 for s in side)
        counts = view.rules.nil_tricks_count_for_partner
        taken = sum(won[s] for s in side if view.bids[s] != 0 or counts)
        return taken < contract

    @staticmethod
    def _unlikely(card: int, best: int, lead_suit: int) -> int:
        """The cards a last play under (or over) ``best`` says the seat did not hold."""
        suit, best_suit = card // 13, best // 13
        if beats(card, best, lead_suit):
            # It won, and would have won more cheaply: with a lower card of the suit
            # above the winning one, or, ruffing a side suit, with a lower spade.
            return _between(best, card) if suit == best_suit else _between(38, card)
        if suit == lead_suit:
            # It followed under the winning card: it held no card of the suit above it
            # (a ruff in a side suit, though, cannot be beaten by following).
            return _above(best) if best_suit == lead_suit else 0
        if suit == SPADES:
            return _above(best) if best_suit == SPADES else 0  # under-ruffed: no higher spade
        # It discarded: no spade to ruff with, or none above the ruff that won.
        return _above(best) if best_suit == SPADES else SPADE_MASK

    def weight(self, hands: list[int]) -> float:
        """How well a deal fits the plays (1.0 when no unlikely card is where it was not)."""
        held = 0
        for seat, mask in enumerate(self.unlikely):
            held += (hands[seat] & mask).bit_count()
        return UNLIKELY ** held


__all__ = ["UNLIKELY", "PlayEvidence"]
