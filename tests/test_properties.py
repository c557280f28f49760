"""Property tests (hypothesis): scoring invariants, the trick rules against a plain-Python
reference, and the text forms of cards and actions."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from spades import PRESETS, Bid, Card, Draw, Pass, Play, Replace, parse_action
from spades.cards import cards_of, mask_of
from spades.scoring import score_hand, score_sides
from spades.tricks import NO_SUIT, legal_play_mask, trick_winner
from tests.helpers import ALL_CARDS, reference_legal, reference_winner

cards_st = st.sampled_from(ALL_CARDS)


@st.composite
def hands_st(draw):
    """A preset (with possibly a different bag limit) and one hand's bids and tricks."""
    rules = draw(st.sampled_from(list(PRESETS.values())))
    if draw(st.booleans()):
        rules = dataclasses.replace(rules, bag_limit=draw(st.integers(1, 15)),
                                    bag_penalty=draw(st.integers(0, 200)))
    players = rules.players
    bids = draw(st.lists(st.integers(0, 13), min_size=players, max_size=players))
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=players - 1,
                                max_size=players - 1)))
    tricks = [b - a for a, b in zip([0, *cuts], [*cuts, 13], strict=True)]
    bags = draw(st.lists(st.integers(0, rules.bag_limit - 1), min_size=2, max_size=2))
    blind = [bid == 0 and rules.blind_nil and draw(st.booleans()) for bid in bids]
    return rules, bids, tricks, bags, blind


def side_seats(rules, side):
    return [s for s in range(rules.players) if rules.side_of(s) == side]


@given(hands_st())
def test_bags_after_stay_below_the_limit_000(hand):
    """000: each time the count reaches 10, -100 and 10 removed: what remains is < 10."""
    rules, bids, tricks, bags, blind = hand
    result = score_hand(rules, bids, tricks, bags, blind)
    assert all(0 <= b < rules.bag_limit for b in result.bags)


@given(hands_st())
def test_bag_penalty_is_one_per_limit_reached_000(hand):
    rules, bids, tricks, bags, blind = hand
    for side, detail in enumerate(score_sides(rules, bids, tricks, bags, blind)):
        total = bags[side] + detail.new_bags
        assert detail.bags_after == total % rules.bag_limit
        assert detail.bag_penalty == -rules.bag_penalty * (total // rules.bag_limit)
        assert detail.new_bags >= 0


@given(hands_st())
def test_made_contract_scores_at_least_ten_a_trick_000(hand):
    rules, bids, tricks, bags, blind = hand
    for detail in score_sides(rules, bids, tricks, bags, blind):
        if detail.made:
            assert detail.contract_points >= 10 * detail.contract
        else:
            assert detail.contract_points <= -10 * detail.contract + (
                0 if rules.nil_tricks_count_for_partner else 13)


@given(hands_st())
def test_side_without_nil_scores_contract_plus_overtricks_minus_penalties_000(hand):
    """000: made: 10 a trick of the contract + 1 an overtrick, less the bag penalties;
    set: -10 a trick of the contract, and no bags."""
    rules, bids, tricks, bags, blind = hand
    result = score_hand(rules, bids, tricks, bags, blind)
    for side in (0, 1):
        seats = side_seats(rules, side)
        if any(bids[s] == 0 for s in seats):
            continue
        contract = sum(bids[s] for s in seats)
        taken = sum(tricks[s] for s in seats)
        if taken >= contract:
            over = taken - contract
            penalties = (bags[side] + over) // rules.bag_limit
            assert result.points[side] == 10 * contract + over - rules.bag_penalty * penalties
            assert result.bags[side] == (bags[side] + over) % rules.bag_limit
        else:
            assert result.points[side] == -10 * contract
            assert result.bags[side] == bags[side]


@given(hands_st())
def test_nil_part_is_plus_or_minus_the_nil_value_000_003(hand):
    """000: Nil +-100; 003: Blind Nil +-200, each Nil scored on its own."""
    rules, bids, tricks, bags, blind = hand
    for side, detail in enumerate(score_sides(rules, bids, tricks, bags, blind)):
        expected = 0
        for s in side_seats(rules, side):
            if bids[s] == 0:
                value = rules.blind_nil_points if blind[s] else rules.nil_points
                expected += value if tricks[s] == 0 else -value
        assert detail.nil_points == expected
        assert detail.points == detail.contract_points + detail.nil_points + detail.bag_penalty


@given(hands_st())
def test_a_side_is_scored_from_its_own_seats_only(hand):
    """Each side's score depends on its own bids and tricks only (and for two players
    each seat is its own side, 001/002)."""
    rules, bids, tricks, bags, blind = hand
    result = score_hand(rules, bids, tricks, bags, blind)
    others = [s for s in range(rules.players) if rules.side_of(s) == 1]
    moved_bids = list(bids)
    for s in others:
        moved_bids[s] = (bids[s] % 13) + 1  # never Nil
    moved_blind = [b and rules.side_of(s) == 0 for s, b in enumerate(blind)]
    changed = score_hand(rules, moved_bids, tricks, [bags[0], 0], moved_blind)
    assert changed.points[0] == result.points[0] and changed.bags[0] == result.bags[0]


@given(hands_st())
def test_rotating_the_seats_swaps_the_sides(hand):
    rules, bids, tricks, bags, blind = hand
    result = score_hand(rules, bids, tricks, bags, blind)
    n = rules.players
    turn = [bids[(s + 1) % n] for s in range(n)], [tricks[(s + 1) % n] for s in range(n)]
    rotated = score_hand(rules, *turn, bags[::-1], [blind[(s + 1) % n] for s in range(n)])
    assert rotated.points == result.points[::-1] and rotated.bags == result.bags[::-1]


@given(hands_st())
def test_failed_nil_tricks_either_help_the_partner_or_are_bags_000_004(hand):
    """000/003: a failed Nil's tricks are bags and never help the contract; 004: they
    count toward it."""
    rules, bids, tricks, bags, blind = hand
    for side, detail in enumerate(score_sides(rules, bids, tricks, bags, blind)):
        seats = side_seats(rules, side)
        bidder = sum(tricks[s] for s in seats if bids[s] > 0)
        nil = sum(tricks[s] for s in seats if bids[s] == 0)
        if rules.nil_tricks_count_for_partner:
            assert detail.taken == bidder + nil
            assert detail.new_bags == (detail.taken - detail.contract if detail.made else 0)
        else:
            assert detail.taken == bidder
            over = bidder - detail.contract if detail.made else 0
            assert detail.new_bags == over + nil


# ------------------------------------------------------------------ the trick rules

@given(st.sets(cards_st, min_size=1, max_size=13), st.integers(-1, 3), st.booleans())
def test_legal_play_mask_matches_the_reference_000(hand, lead_suit, broken):
    """000: follow suit if you can; no spade lead before spades are broken unless the hand
    holds only spades."""
    led = [Card(lead_suit * 13)] if lead_suit != NO_SUIT else []
    expected = reference_legal(hand, led, broken)
    assert set(cards_of(legal_play_mask(mask_of(hand), lead_suit, broken))) == expected


@given(st.lists(cards_st, min_size=2, max_size=4, unique=True), st.integers(0, 3))
def test_trick_winner_matches_the_reference_000(played, first_seat):
    """000: the highest spade wins; with no spade, the highest card of the led suit."""
    plays = [((first_seat + i) % 4, card) for i, card in enumerate(played)]
    assert trick_winner([(seat, card.index) for seat, card in plays]) == reference_winner(plays)


@given(st.lists(cards_st, min_size=4, max_size=4, unique=True))
def test_the_winning_card_beats_every_other_card_of_the_trick(played):
    plays = [(seat, card) for seat, card in enumerate(played)]
    winner = played[trick_winner([(seat, card.index) for seat, card in plays])]
    for card in played:
        if card.suit == 3:
            assert winner.suit == 3 and winner.rank >= card.rank
        elif card.suit == played[0].suit and winner.suit == card.suit:
            assert winner.rank >= card.rank


# ------------------------------------------------------------------ text forms

@given(cards_st)
def test_card_text_round_trip(card):
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).lower()) == card
    assert eval(repr(card)) == card  # repr reads back as code (STYLE)
    assert str(card).endswith("CDHS"[card.suit])


def test_card_parse_accepts_ten_as_t_and_refuses_junk():
    assert Card.parse("TD") == Card.parse("10D")
    for junk in ("", "1S", "11H", "QX", "Q", "S", "10", "AS ", "QS,", "♠A"):
        if junk == "AS ":
            assert Card.parse(junk) == Card.parse("AS")
            continue
        try:
            Card.parse(junk)
        except ValueError:
            continue
        raise AssertionError(f"{junk!r} parsed")


actions_st = st.one_of(
    st.builds(Bid, st.integers(0, 13)),
    st.just(Bid(0, blind=True)),
    st.builds(Play, cards_st),
    st.builds(Draw, st.booleans()),
    st.builds(Pass, st.lists(cards_st, max_size=3, unique=True)),
    st.builds(Replace, st.lists(cards_st, max_size=3, unique=True)),
)


@given(actions_st)
def test_action_text_round_trip(action):
    text = action.to_text()
    assert parse_action(text) == action
    assert parse_action(text).to_text() == text


@settings(max_examples=300)
@given(st.text(max_size=12))
def test_parse_action_raises_only_value_error(text):
    try:
        action = parse_action(text)
    except ValueError:
        return
    assert parse_action(action.to_text()) == action
