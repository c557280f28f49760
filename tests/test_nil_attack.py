"""The playout policy attacks an opponent's Nil as real players do (issue 13): the
bidding and play searches score a Nil by playouts, and a playout whose opponents never
force the Nil bidder to win makes Nil look cheap.  Seats: 0 South, 1 West, 2 North,
3 East; North bid Nil."""

from __future__ import annotations

from spades import Card
from spades.ai.playout import choose_follow, choose_lead, playout

NIL_NORTH = [False, False, True, False]
NONE_WON = [0, 0, 0, 0]


def mask(text: str) -> int:
    return sum(1 << Card.parse(word).index for word in text.split())


def index(word: str) -> int:
    return Card.parse(word).index


def test_the_attack_leads_low_where_the_nil_bidder_holds_only_higher_cards() -> None:
    # East leads. North's lowest heart is the 9 and its lowest club the 2: a low heart
    # forces it (the 3H is far under the 9H), a club would not.
    hands = [mask("AS KS QS"), mask("4D 5D 6D"), mask("9H KH 2C 3C"), mask("3H 8C 9C 2D")]
    rest = hands[0] | hands[1] | hands[2] | hands[3]
    card = choose_lead(hands, 3, False, NIL_NORTH, NONE_WON, rest, 4)
    assert card == index("3H")


def test_without_a_nil_the_lead_is_as_before() -> None:
    hands = [mask("AS KS QS"), mask("4D 5D 6D"), mask("9H KH 2C 3C"), mask("3H 8C 9C 2D")]
    rest = hands[0] | hands[1] | hands[2] | hands[3]
    # East cashes its sure winner, the 9C.
    assert choose_lead(hands, 3, False, [False] * 4, NONE_WON, rest, 4) == index("9C")


def test_the_nil_bidders_opponent_stays_under_when_the_nil_plays_after_it() -> None:
    # South led the 5H, West is second with the AH and the 2H, North (Nil) plays next:
    # West plays the 2H and leaves North to go over the 5H, not the AH.
    hands = [mask("AS KS"), mask("AH 2H 3C"), mask("9H KH 4C"), mask("8C 9C 2D")]
    rest = hands[0] | hands[1] | hands[2] | hands[3] | mask("5H")
    trick = [(0, index("5H"))]
    assert choose_follow(hands, 1, trick, NIL_NORTH, NONE_WON, rest, 4) == index("2H")
    # Without the Nil, West takes the trick with its ace (second hand high to a sure winner).
    assert choose_follow(hands, 1, trick, [False] * 4, NONE_WON, rest, 4) == index("AH")


def test_void_the_opponent_does_not_ruff_over_the_nil_bidder() -> None:
    # East led the 4H, South played the 6H; West, void in hearts, sheds a club instead of
    # ruffing: North must still go over the 6H with its 9H.
    hands = [mask("AS"), mask("2S 7C 8C"), mask("9H KH 4C"), mask("2D 3D")]
    rest = hands[0] | hands[1] | hands[2] | hands[3] | mask("4H 6H")
    trick = [(3, index("4H")), (0, index("6H"))]
    assert choose_follow(hands, 1, trick, NIL_NORTH, NONE_WON, rest, 4) == index("7C")


def test_the_attack_runs_a_suit_where_the_bidder_has_too_few_low_cards() -> None:
    # The Duel (board 4005 of the arena): North bid Nil with 2S 4S 8S; South holds 5S 6S 7S,
    # spades broken.  Each spade lead lets North duck once, but the third forces the 8S.
    nil = [False, True]
    hands = [mask("5S 6S 7S 10S AH"), mask("2S 4S 8S 3C 4C")]
    rest = hands[0] | hands[1]
    assert choose_lead(hands, 0, True, nil, [0, 0], rest, 2) == index("5S")
    won = playout(hands, [], 0, True, [0, 0], nil, lead_breaks=False)
    assert won[1] >= 1
    # With the 3S instead of the 8S, North always has a spade to duck with: no attack in
    # spades, and the Nil survives the hand.
    safe = [hands[0], mask("2S 4S 3S 3C 4C")]
    assert choose_lead(safe, 0, True, nil, [0, 0], rest, 2) != index("5S")
    assert playout(safe, [], 0, True, [0, 0], nil, lead_breaks=False)[1] == 0


def test_a_run_needs_our_cards_under_the_bidders_high_card() -> None:
    from spades.ai.playout import _run_to_force

    assert _run_to_force(mask("5S 6S 7S"), mask("2S 4S 8S")) == 3
    assert _run_to_force(mask("5S 6S"), mask("2S 4S 8S")) == 14  # one lead short
    assert _run_to_force(mask("3H"), mask("9H KH")) == 1
