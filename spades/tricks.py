"""The rules of one trick, on bitboards: which cards may be played, and who wins.

These few functions are the only place that states follow suit, spades broken (when a
spade may be led, and which spade breaks them) and the trick winner; the game, the views
and the computer players' fast simulations all call them (the game's play, its hot path,
writes out the follow-suit test of ``legal_play_mask``, as the fast simulators do that of
``breaks_spades``).
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import SPADE_MASK, SPADES, SUIT_MASKS

NO_SUIT = -1


def legal_play_mask(hand: int, lead_suit: int, spades_broken: bool) -> int:
    """The cards of ``hand`` that may be played.

    Following (``lead_suit`` >= 0): a card of the led suit if you hold one, else any card
    (000 "follow suit").  Leading (``lead_suit`` == NO_SUIT): anything but a spade until
    spades are broken, unless the hand holds only spades (000, 001, 003, 004).
    """
    if lead_suit >= 0:
        return (hand & SUIT_MASKS[lead_suit]) or hand
    if spades_broken:
        return hand
    return (hand & ~SPADE_MASK) or hand


def breaks_spades(card: int, lead_suit: int, lead_breaks_spades: bool) -> bool:
    """Whether playing card index ``card`` to a trick led in ``lead_suit`` (the card's own
    suit when it is the lead) breaks spades.

    Any spade does (000, 001, 003, 004: trumping in, or a forced spade lead); with
    ``lead_breaks_spades`` False (``Rules.lead_breaks_spades``, the Duel, 002) only a spade
    played on another suit does.  The fast simulators inline this test as
    ``card >= 39 and (lead_breaks or lead != SPADES)``.
    """
    return card >= 39 and (lead_breaks_spades or lead_suit != SPADES)


def trick_winner(plays: Sequence[tuple[int, int]]) -> int:
    """The seat that wins a finished trick of (seat, card index) plays, led by the first.

    The highest spade wins; with no spade, the highest card of the led suit.  Spades have
    the highest indexes, so the highest index among cards of the led suit or spades wins.
    """
    best_seat, best = plays[0]
    lead_suit = best // 13
    for seat, index in plays:
        if index > best and (index >= 39 or index // 13 == lead_suit):  # 39: the two of spades
            best_seat, best = seat, index
    return best_seat
