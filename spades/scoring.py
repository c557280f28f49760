"""Scoring: a pure function from one hand's bids and tricks to each side's points and bags,
and the rule that ends a game.

    >>> from spades import PRESETS
    >>> score_hand(PRESETS["classic"], bids=(3, 4, 2, 1), tricks=(4, 3, 3, 3), bags=(0, 0))
    HandScore(points=(52, 51), bags=(2, 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .rules import Rules


@dataclass(frozen=True, slots=True)
class SideResult:
    """How one side's hand scored, part by part, for the hand-over summary."""

    contract: int
    """The sum of the side's non-Nil bids."""
    taken: int
    """Tricks counted toward the contract."""
    contract_points: int
    """+10 a trick of a made contract plus the overtricks, or -10 a trick when set."""
    nil_points: int
    """The sum of every Nil and Blind Nil result of the side."""
    new_bags: int
    bag_penalty: int
    """Points lost to the bag penalty this hand (0 or a negative multiple of the penalty)."""
    bags_after: int
    nil_bags: int = 0
    """The failed Nil bidders' tricks counted as bags in ``contract_points`` (tables where
    they do not help the partner, 000 and 003): the summary names them, so that its line
    adds up (10 a trick of the contract, the overtricks, and these)."""

    @property
    def made(self) -> bool:
        return self.taken >= self.contract

    @property
    def points(self) -> int:
        return self.contract_points + self.nil_points + self.bag_penalty


@dataclass(frozen=True, slots=True)
class HandScore:
    """The points each side gains (or loses) this hand, bag penalties included, and each
    side's bag count after the hand."""

    points: tuple[int, int]
    bags: tuple[int, int]


def score_sides(
    rules: Rules,
    bids: Sequence[int],
    tricks: Sequence[int],
    bags: Sequence[int],
    blind: Sequence[bool] | None = None,
) -> tuple[SideResult, SideResult]:
    """Each side's result in detail; ``score_hand`` is the short form."""
    seats = rules.players
    if len(bids) != seats or len(tricks) != seats or len(bags) != 2:
        raise ValueError(f"need {seats} bids, {seats} trick counts and 2 bag counts")
    blind = tuple(blind) if blind is not None else (False,) * seats
    side0, side1 = _SIDE_SEATS[seats]
    return (_score_side(rules, side0, bids, tricks, bags[0], blind),
            _score_side(rules, side1, bids, tricks, bags[1], blind))


_SIDE_SEATS = {4: ((0, 2), (1, 3)), 2: ((0,), (1,))}
"""Each side's seats, by the number of players."""


def _score_side(
    rules: Rules,
    seats: tuple[int, ...],
    bids: Sequence[int],
    tricks: Sequence[int],
    bags_before: int,
    blind: Sequence[bool],
) -> SideResult:
    contract = bidder_tricks = nil_points = nil_tricks = 0
    for s in seats:
        if bids[s] > 0:
            contract += bids[s]
            bidder_tricks += tricks[s]
        elif bids[s] == 0:
            value = rules.blind_nil_points if blind[s] else rules.nil_points
            nil_points += value if tricks[s] == 0 else -value
            nil_tricks += tricks[s]
    if rules.nil_tricks_count_for_partner:
        # 004: a Nil bidder's tricks help the contract; only tricks beyond it are bags,
        # and a set side gets none.
        taken = bidder_tricks + nil_tricks
        over = taken - contract if taken >= contract else 0
    else:
        # 000, 003: a Nil bidder's tricks never help the partner, and each is a bag
        # whether or not the contract is made.
        taken = bidder_tricks
        over = (taken - contract if taken >= contract else 0) + nil_tricks
    contract_points = 10 * contract if taken >= contract else -10 * contract
    contract_points += over
    bags_after = bags_before + over
    penalty = 0
    while bags_after >= rules.bag_limit:  # 000: 11 bags -> -100 and 1 carried over
        bags_after -= rules.bag_limit
        penalty -= rules.bag_penalty
    nil_bags = 0 if rules.nil_tricks_count_for_partner else nil_tricks
    return SideResult(contract, taken, contract_points, nil_points, over, penalty, bags_after,
                      nil_bags)


def score_hand(
    rules: Rules,
    bids: Sequence[int],
    tricks: Sequence[int],
    bags: Sequence[int],
    blind: Sequence[bool] | None = None,
) -> HandScore:
    """Points and bags of one hand.

    ``bids`` and ``tricks`` are per seat (a bid of 0 is Nil), ``bags`` per side before the
    hand, ``blind`` per seat (True for a Blind or Double Nil).
    """
    side0, side1 = score_sides(rules, bids, tricks, bags, blind)
    return HandScore(points=(side0.points, side1.points), bags=(side0.bags_after, side1.bags_after))


def game_winner(rules: Rules, scores: Sequence[int], hands_played: int) -> int | None:
    """The winning side after a hand, or None while the game goes on.

    The target (000, 001, 003): the first side to reach it wins; if both reach it in the
    same hand the higher score wins, and a tie plays another hand.  The floor (004): a side
    at or below it loses at once.  The hand cap (004): after that many hands the higher
    score wins, a tie again playing another hand.
    """
    a, b = scores
    reached = a >= rules.target or b >= rules.target
    floored = rules.floor is not None and (a <= rules.floor or b <= rules.floor)
    capped = rules.hand_cap is not None and hands_played >= rules.hand_cap
    if not (reached or floored or capped) or a == b:
        return None
    return 0 if a > b else 1
