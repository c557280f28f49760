"""What one seat can infer from its view, as bitboards (bit ``index`` = card ``index``).

Every function here is pure and reads only a ``View``: nothing a human in that seat could
not work out at the table.  The heuristic levels and the Expert (its sampler) share them.

    >>> from spades import PRESETS, Game
    >>> view = Game.new(PRESETS["classic"], seed=7).view(0)
    >>> (played(view), unseen(view).bit_count(), voids(view))
    (0, 39, (0, 0, 0, 0))

The main entry points:

- ``played(view)``: every card played this hand (the current trick included).
- ``unseen(view)``: the cards this seat has never seen: not in its hand, not played, not
  discarded by it (two players), not passed by it (Blind Nil exchange).  At four players
  these are exactly the other three hands minus ``known_cards``; at two players they are
  the opponent's hand plus the 26 cards out of play it did not see.
- ``known_cards(view)``: per seat, cards this seat knows another seat holds (cards it
  passed in the Blind Nil exchange and that have not been played yet).
- ``voids(view)``: per seat, a 4-bit mask of the suits it has shown out of (failed to
  follow, or led a spade before spades were broken: it held only spades).
- ``possible_cards(view)``: per seat, the cards it may hold from this seat's point of view.
- ``is_highest_left(index, gone)`` / ``masters(view)``: a card higher than every card of
  its suit not yet played (``gone`` = played + own hand): it wins when led unless trumped.
- ``spades_left(view)``: spades not played and not in this seat's hand.
- ``side_need(view, side)`` / ``seat_need(view, seat)``: tricks still needed for a side's
  contract / a seat's own bid (0 once made).
- ``nil_alive(view)``: per seat, True while a Nil (or Blind Nil) bidder has taken no trick.
- ``trick_state(view)``: the current trick: led suit, winning seat and card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..cards import FULL_DECK, SPADE_MASK, SPADES, SUIT_MASK, SUIT_MASKS, mask_of
from ..tricks import NO_SUIT, breaks_spades, trick_winner
from ..view import View


def played(view: View) -> int:
    """Every card played to a trick this hand, the current trick included."""
    return view.played_mask


def own_hand(view: View) -> int:
    return view.hand_mask


def unseen(view: View) -> int:
    """Cards this seat has never seen this hand (see the module docstring)."""
    seen = own_hand(view) | played(view) | mask_of(view.discarded) | mask_of(view.passed)
    return FULL_DECK & ~seen


def known_cards(view: View) -> tuple[int, ...]:
    """Per seat: cards this seat knows that seat holds now (its own hand for itself; the
    cards it passed to its partner in the Blind Nil exchange, until they are played)."""
    out = [0] * view.players
    out[view.seat] = own_hand(view)
    partner = view.partner
    if partner is not None and view.passed:
        # A passed card may have come back in the return pass: then it is in our hand.
        out[partner] = mask_of(view.passed) & ~played(view) & ~out[view.seat]
    return tuple(out)


def played_by(view: View) -> tuple[int, ...]:
    """Per seat, the cards it has played this hand."""
    out = [0] * view.players
    for trick in (*view.tricks, view.trick):
        for seat, card in trick.plays:
            out[seat] |= 1 << card.index
    return tuple(out)


def voids(view: View) -> tuple[int, ...]:
    """Per seat, a 4-bit mask: bit ``s`` set when the seat has shown it holds no card of
    suit ``s`` (it failed to follow suit ``s``, or led a spade while spades were not yet
    broken, which is only allowed with a hand of spades alone).  Spades break as the
    table's ``Rules.lead_breaks_spades`` says (``tricks.breaks_spades``)."""
    out = [0] * view.players
    lead_breaks = view.rules.lead_breaks_spades
    broken = False
    for trick in (*view.tricks, view.trick):
        plays = trick.plays
        if not plays:
            continue
        lead_seat, lead_card = plays[0]
        lead_suit = lead_card.suit
        if lead_suit == SPADES and not broken:
            out[lead_seat] |= 0b0111  # only spades were left in that hand
        for seat, card in plays[1:]:
            if card.suit != lead_suit:
                out[seat] |= 1 << lead_suit
        if not broken:
            broken = any(breaks_spades(card.index, lead_suit, lead_breaks) for _, card in plays)
    return tuple(out)


def possible_cards(view: View) -> tuple[int, ...]:
    """Per seat, the cards it may hold as far as this seat knows: its own hand for
    itself; for the others the unseen cards outside their void suits, plus what this seat
    knows they hold.  A seat with no cards left may hold nothing."""
    hidden = unseen(view)
    known = known_cards(view)
    void = voids(view)
    out = []
    for seat in range(view.players):
        if seat == view.seat:
            out.append(known[seat])
            continue
        if view.hand_sizes[seat] == 0:
            out.append(0)
            continue
        mask = hidden | known[seat]
        for suit in range(4):
            if void[seat] >> suit & 1:
                mask &= ~SUIT_MASKS[suit]
        out.append(mask)
    return tuple(out)


def is_highest_left(index: int, gone: int) -> bool:
    """Whether card ``index`` outranks every card of its suit not in ``gone`` (pass the
    played cards and the seat's own hand): the top card left in its suit."""
    suit = index // 13
    rank = index % 13
    above = (SUIT_MASK >> (rank + 1)) << (suit * 13 + rank + 1)
    return above & ~gone == 0


def masters(view: View) -> int:
    """The cards of this seat's hand that are the highest left in their suit."""
    hand = own_hand(view)
    gone = hand | played(view)
    out = 0
    for suit in range(4):
        suit_cards = hand & SUIT_MASKS[suit]
        while suit_cards:
            top = suit_cards.bit_length() - 1
            if not is_highest_left(top, gone):
                break
            out |= 1 << top
            suit_cards &= ~(1 << top)
    return out


def spades_left(view: View) -> int:
    """Spades neither played nor in this seat's hand (held by others or out of play)."""
    return SPADE_MASK & ~played(view) & ~own_hand(view)


def side_seats(view: View, side: int) -> tuple[int, ...]:
    return tuple(seat for seat in range(view.players) if seat % 2 == side)


def side_contract(view: View, side: int) -> int:
    """The sum of the side's non-Nil bids (bids not yet made count as 0)."""
    return sum(bid for seat in side_seats(view, side)
               if (bid := view.bids[seat]) is not None and bid > 0)


def side_taken(view: View, side: int) -> int:
    """Tricks that count toward the side's contract (a Nil bidder's only when the table
    says so: ``nil_tricks_count_for_partner``)."""
    counts = view.rules.nil_tricks_count_for_partner
    return sum(view.tricks_won[seat] for seat in side_seats(view, side)
               if view.bids[seat] != 0 or counts)


def side_need(view: View, side: int) -> int:
    """Tricks the side still needs for its contract (0 once it is made)."""
    return max(0, side_contract(view, side) - side_taken(view, side))


def seat_need(view: View, seat: int) -> int:
    """Tricks the seat still needs for its own bid (0 for Nil, or once made)."""
    bid = view.bids[seat]
    return max(0, (bid or 0) - view.tricks_won[seat])


def nil_bidders(view: View) -> tuple[bool, ...]:
    """Per seat: whether it bid Nil or Blind (Double) Nil this hand."""
    return tuple(bid == 0 for bid in view.bids)


def nil_alive(view: View) -> tuple[bool, ...]:
    """Per seat: a Nil bidder that has not yet taken a trick."""
    return tuple(bid == 0 and won == 0 for bid, won in zip(view.bids, view.tricks_won,
                                                            strict=True))


def tricks_left(view: View) -> int:
    """Tricks not yet finished this hand (the current one included)."""
    return 13 - len(view.tricks)


class TrickState(NamedTuple):
    """The trick being played: led suit (NO_SUIT when leading), winning seat and card
    index so far (-1 when empty), and how many seats still play after this one."""

    lead_suit: int
    winner: int
    best: int
    to_play: int


def winning_play(plays: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """The (seat, card index) winning a trick's (seat, card index) plays so far."""
    winner = trick_winner(plays)
    return next(play for play in plays if play[0] == winner)


def trick_state(view: View) -> TrickState:
    plays = view.trick.plays
    if not plays:
        return TrickState(NO_SUIT, -1, -1, view.players - 1)
    winner, best = winning_play([(seat, card.index) for seat, card in plays])
    return TrickState(plays[0][1].suit, winner, best, view.players - 1 - len(plays))


def beats(index: int, best: int, lead_suit: int) -> bool:
    """Whether card ``index`` would beat the current best card ``best`` of a trick led in
    ``lead_suit``."""
    suit = index // 13
    if suit != lead_suit and suit != SPADES:
        return False
    best_suit = best // 13
    if best_suit == SPADES and suit != SPADES:
        return False
    return index > best or (suit == SPADES and best_suit != SPADES)


__all__ = [
    "NO_SUIT", "TrickState", "beats", "is_highest_left", "known_cards", "masters",
    "nil_alive", "nil_bidders", "own_hand", "played", "possible_cards", "seat_need",
    "side_contract", "side_need", "side_seats", "side_taken", "spades_left", "trick_state",
    "tricks_left", "unseen", "voids", "winning_play",
]
