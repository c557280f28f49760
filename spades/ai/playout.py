"""A fast trick-play simulator on bitboards, for the Expert's search and the Oracle.

The public ``Game`` copies its whole state on every move; search needs millions of moves,
so this module plays the rest of a hand on plain ints: ``hands`` are bitboards by seat,
the trick is a list of ``(seat, card index)``, and the rules are those of
``spades.tricks`` (``legal_play_mask``, ``breaks_spades``, ``trick_winner``), inlined for
speed (a test checks the two agree on random positions).  Which spade breaks spades is a
table setting (``Rules.lead_breaks_spades``), so the simulator takes it as ``lead_breaks``.

The playout policy is a rule of thumb every seat follows: cash sure winners, second hand
low, third hand high, win as cheaply as possible when last, otherwise play low; a Nil
bidder ducks under the trick and unloads its high cards, its partner covers it, and the
opponents keep a Nil bidder on lead.  ``eps`` makes a seat play a random legal card now
and then (the Oracle averages several such playouts).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import SPADE_MASK, SUIT_MASKS
from ..tricks import NO_SUIT

NON_SPADES = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2]
_SUITS = SUIT_MASKS


def legal_mask(hand: int, trick: Sequence[tuple[int, int]], broken: bool) -> int:
    """The cards of ``hand`` that may be played to ``trick`` (``legal_play_mask``)."""
    if trick:
        return hand & _SUITS[trick[0][1] // 13] or hand
    if broken:
        return hand
    return hand & NON_SPADES or hand


def winner_of(trick: Sequence[tuple[int, int]]) -> int:
    """The seat winning ``trick`` so far (``trick_winner``)."""
    lead = trick[0][1] // 13
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        if (card // 13 == lead or card >= 39) and card > best:
            best_seat, best = seat, card
    return best_seat


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _lowest_rank(mask: int) -> int:
    """The card of the lowest rank in ``mask`` (non-spades first on a tie)."""
    best, best_rank = -1, 99
    for suit in range(4):
        part = mask & _SUITS[suit]
        if part:
            card = (part & -part).bit_length() - 1
            if card - 13 * suit < best_rank:
                best, best_rank = card, card - 13 * suit
    return best


def _highest_rank(mask: int, spades_last: bool = True) -> int:
    """The card of the highest rank in ``mask``, non-spades first when ``spades_last``."""
    part = mask & NON_SPADES if spades_last else mask
    if not part:
        part = mask
    best, best_rank = -1, -1
    for suit in range(4):
        piece = part & _SUITS[suit]
        if piece:
            card = piece.bit_length() - 1
            if card - 13 * suit > best_rank:
                best, best_rank = card, card - 13 * suit
    return best


def _discard(hand: int) -> int:
    """Shed the lowest non-spade (keep trumps), else the lowest spade."""
    part = hand & NON_SPADES
    return _lowest_rank(part) if part else _low(hand)


def choose_lead(hands: Sequence[int], seat: int, broken: bool, nil: Sequence[bool],
                won: Sequence[int], rest: int, players: int) -> int:
    """The policy's card for ``seat`` leading a trick."""
    hand = hands[seat]
    legal = hand if broken else (hand & NON_SPADES or hand)
    if nil[seat] and not won[seat]:
        return _lowest_rank(legal)
    others = rest & ~hand
    partner = seat ^ 2 if players == 4 else -1
    if partner >= 0 and nil[partner] and not won[partner]:
        # Protect the partner's Nil: lead high so the partner can duck.
        return _highest_rank(legal)
    any_nil = True in nil
    if any_nil:
        for opp in range(seat + 1, seat + players, 2):  # the opponents: odd distances
            opp %= players
            if nil[opp] and not won[opp]:
                attack = _nil_attack_lead(legal, hands[opp])
                if attack >= 0:
                    return attack
    # Cash sure winners in the side suits, then the top spades while others hold spades.
    for suit in range(3):
        part = legal & _SUITS[suit]
        if part:
            top = part.bit_length() - 1
            if (others & _SUITS[suit]) >> top == 0:
                return top
    spades = legal & SPADE_MASK
    if spades:
        top = spades.bit_length() - 1
        other_spades = others & SPADE_MASK
        if other_spades and other_spades >> top == 0:
            return top
    if any_nil:
        for opp in range(players):
            if (opp ^ seat) & 1 and nil[opp] and not won[opp]:
                return _lowest_rank(legal)
    # Otherwise lead low from the longest side suit.
    best, length = -1, 0
    for suit in range(3):
        part = legal & _SUITS[suit]
        if part:
            n = part.bit_count()
            if n > length:
                best, length = (part & -part).bit_length() - 1, n
    return best if best >= 0 else _low(legal)


def _nil_attack_lead(legal: int, nil_hand: int) -> int:
    """Against an opponent's clean Nil: our lowest card of the suit where the Nil bidder's
    lowest card stands highest above it; failing that, of the suit where leading our low
    cards one after another soonest leaves the bidder no card to play under (``_run_to_force``);
    -1 when no suit does either.  Leading low where the bidder holds only higher cards forces
    it to win (issue 13: the bidding playouts never attacked a Nil, so Nil looked cheap);
    running a suit catches a bidder whose high card has too few low cards under it."""
    best, gap = -1, 0
    run_best, run_leads = -1, 14
    for suit in range(4):
        ours = legal & _SUITS[suit]
        theirs = nil_hand & _SUITS[suit]
        if ours and theirs:
            low = _low(ours)
            d = _low(theirs) - low
            if d > gap:
                best, gap = low, d
            elif not gap:
                leads = _run_to_force(ours, theirs)
                if leads < run_leads:
                    run_best, run_leads = low, leads
    return best if best >= 0 else run_best


def _run_to_force(ours: int, theirs: int) -> int:
    """How many leads of our cards of a suit, lowest first, until the Nil bidder (ducking
    with its highest card under each) must go over one; 14 if it never must."""
    leads = 0
    while ours and theirs:
        card = ours & -ours
        ours ^= card
        leads += 1
        under = theirs & (card - 1)
        if not under:
            return leads
        theirs ^= 1 << (under.bit_length() - 1)
    return 14


def choose_follow(hands: Sequence[int], seat: int, trick: Sequence[tuple[int, int]],
                  nil: Sequence[bool], won: Sequence[int], rest: int, players: int) -> int:
    """The policy's card for ``seat`` following to ``trick`` (not empty)."""
    win_seat = winner_of(trick)
    win_card = 0
    partner = seat ^ 2 if players == 4 else -1
    partner_played = False
    for s, c in trick:
        if s == win_seat:
            win_card = c
        if s == partner:
            partner_played = True
    return _follow(hands[seat], seat, trick[0][1] // 13, win_seat, win_card,
                   len(trick) == players - 1, partner, partner_played, nil, won, rest,
                   _nil_after(seat, players - 1 - len(trick), players, nil, won))


def _nil_after(seat: int, left: int, players: int, nil: Sequence[bool],
               won: Sequence[int]) -> bool:
    """An opponent with a clean Nil plays after ``seat`` in this trick (``left`` seats
    still to play after it)."""
    for k in range(1, left + 1, 2):  # the opponents after us: odd distances
        opp = (seat + k) % players
        if nil[opp] and not won[opp]:
            return True
    return False


def _follow(hand: int, seat: int, lead: int, win_seat: int, win_card: int, last: bool,
            partner: int, partner_played: bool, nil: Sequence[bool], won: Sequence[int],
            rest: int, nil_after: bool = False) -> int:
    # The hottest function of the search: ``(m & -m).bit_length() - 1`` (the lowest card
    # of ``m``) is written out here rather than calling ``_low``, which costs more.
    follow = hand & _SUITS[lead]
    above = ~((2 << win_card) - 1)
    if follow:
        cands = follow
        beat = follow & above if win_card // 13 == lead else 0
    else:
        cands = hand
        spades = hand & SPADE_MASK
        beat = spades & above if win_card >= 39 else spades
    if nil[seat] and not won[seat]:
        safe = cands & ~beat
        if safe:
            return _highest_rank(safe)
        return _highest_rank(cands) if last else (beat & -beat).bit_length() - 1
    if (partner >= 0 and nil[partner] and not won[partner]
            and (not partner_played or win_seat == partner)):
        # Cover the partner's Nil: win the trick if possible.
        if beat:
            return beat.bit_length() - 1
        return (cands & -cands).bit_length() - 1 if follow else _discard(hand)
    if win_seat == partner or nil_after:
        # Partner winning; or an opposing Nil bidder still to play: stay low (and do not
        # ruff), so that it must go over the trick.
        return (cands & -cands).bit_length() - 1 if follow else _discard(hand)
    if nil[win_seat] and not won[win_seat]:
        # Keep the opposing Nil bidder on top; shed a high card under it.
        safe = cands & ~beat
        if safe:
            return _highest_rank(safe)
        return (beat & -beat).bit_length() - 1
    if beat:
        if last:
            return (beat & -beat).bit_length() - 1
        if follow:
            others = rest & ~hand & _SUITS[lead]
            high = others.bit_length() - 1
            sure = beat & ~((2 << high) - 1) if high >= 0 else beat
            if sure:
                return (sure & -sure).bit_length() - 1
            if partner >= 0 and not partner_played:
                return (cands & -cands).bit_length() - 1  # second hand low
            return beat.bit_length() - 1  # third hand high
        return (beat & -beat).bit_length() - 1  # ruff as cheaply as possible
    return (cands & -cands).bit_length() - 1 if follow else _discard(hand)


def playout(
    hands: Sequence[int],
    trick: Sequence[tuple[int, int]],
    turn: int,
    broken: bool,
    won: Sequence[int],
    nil: Sequence[bool],
    rng: random.Random | None = None,
    eps: float = 0.0,
    record: list[int] | None = None,
    *,
    lead_breaks: bool,
) -> list[int]:
    """Play the hand to its end with the policy; return the tricks won by each seat.

    ``hands`` are the cards still held, ``trick`` the trick in progress (``turn`` plays
    next), ``won`` the tricks taken so far; ``lead_breaks`` is the table's
    ``Rules.lead_breaks_spades``.  The inputs are not changed.
    """
    players = len(hands)
    hands = list(hands)
    won = list(won)
    rest = 0
    for hand in hands:
        rest |= hand
    lead = win_seat = win_card = -1
    partner_mask = 0
    if trick:
        lead = trick[0][1] // 13
        win_seat = winner_of(trick)
        for s, c in trick:
            partner_mask |= 1 << s
            if s == win_seat:
                win_card = c
    # The trick in progress is kept as its count, lead suit, winner and the seats that
    # have played (a bitmask): no list of plays is built in the loop.
    count = len(trick)
    four = players == 4
    any_nil = any(nil)
    chance = rng.random if rng is not None and eps > 0.0 else None
    while rest:
        seat = turn
        hand = hands[seat]
        if chance is not None and chance() < eps:
            if count:
                legal = hand & _SUITS[lead] or hand
            else:
                legal = hand if broken else (hand & NON_SPADES or hand)
            options = [i for i in range(52) if legal >> i & 1]
            card = options[int(chance() * len(options))]
        elif count:
            partner = seat ^ 2 if four else -1
            card = _follow(hand, seat, lead, win_seat, win_card, count == players - 1,
                           partner, four and bool(partner_mask >> partner & 1), nil, won, rest,
                           any_nil and _nil_after(seat, players - 1 - count, players, nil, won))
        else:
            card = choose_lead(hands, seat, broken, nil, won, rest, players)
        bit = 1 << card
        hands[seat] = hand ^ bit
        rest ^= bit
        if record is not None:
            record.append(card)
        # tricks.breaks_spades, inlined: any spade, or (the Duel) a spade on another suit
        if card >= 39 and (lead_breaks or (count and lead != 3)):
            broken = True
        if count:
            if (card // 13 == lead or card >= 39) and card > win_card:
                win_seat, win_card = seat, card
        else:
            lead, win_seat, win_card = card // 13, seat, card
        partner_mask |= 1 << seat
        count += 1
        if count == players:
            turn = win_seat
            won[turn] += 1
            count = 0
            partner_mask = 0
        else:
            turn = (seat + 1) % players
    return won


def play_card(
    hands: list[int], trick: list[tuple[int, int]], seat: int, card: int, won: list[int],
    *, lead_breaks: bool,
) -> tuple[int, bool]:
    """Play ``card`` for ``seat`` in place (``hands``, ``trick`` and ``won`` change);
    return the next seat to play and whether this card broke spades (``lead_breaks`` is
    the table's ``Rules.lead_breaks_spades``)."""
    hands[seat] &= ~(1 << card)
    breaks = card >= 39 and (lead_breaks or (bool(trick) and trick[0][1] < 39))
    trick.append((seat, card))
    players = len(hands)
    if len(trick) == players:
        nxt = winner_of(trick)
        won[nxt] += 1
        trick.clear()
    else:
        nxt = (seat + 1) % players
    return nxt, breaks


__all__ = ["NO_SUIT", "choose_follow", "choose_lead", "legal_mask", "play_card", "playout",
           "winner_of"]
