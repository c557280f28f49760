"""``score_hand`` and ``game_winner``, table-driven.  Each row names the rule it checks
and the seed that states it (see RULES.md)."""

from __future__ import annotations

import pytest

from spades import PRESETS, score_hand
from spades.scoring import game_winner, score_sides

CLASSIC, BLIND, QUICK = PRESETS["classic"], PRESETS["blind-nil"], PRESETS["quick"]
DUEL, TWO = PRESETS["duel"], PRESETS["two-handed"]
F, T = False, True

# (rule and seed, rules, bids, tricks, bags before, blind, points, bags after)
ROWS = [
    ("made contract, the 003 example: Beth and David bid 5 and win 7 -> 52",
     CLASSIC, (3, 2, 3, 3), (3, 3, 3, 4), (0, 0), None, (60, 52), (0, 2)),
    ("made contract and overtricks as bags (000)",
     CLASSIC, (3, 4, 2, 1), (4, 3, 3, 3), (0, 0), None, (52, 51), (2, 1)),
    ("set: -10 a trick of the contract, no bags (000)",
     CLASSIC, (4, 3, 5, 1), (3, 3, 1, 6), (0, 0), None, (-90, 45), (0, 5)),
    ("set by one trick still loses the whole contract (000)",
     CLASSIC, (4, 3, 4, 3), (3, 3, 4, 3), (5, 5), None, (-80, 60), (5, 5)),
    ("003 sandbagging, hand 1: bid 4 won 7 -> 3 bags",
     CLASSIC, (2, 3, 2, 3), (4, 3, 3, 3), (0, 0), None, (43, 60), (3, 0)),
    ("003 sandbagging, hand 2: bid 3 won 6 -> 6 bags",
     CLASSIC, (1, 3, 2, 4), (3, 3, 3, 4), (3, 0), None, (33, 70), (6, 0)),
    ("003 sandbagging, hand 3: bid 4 won 9 -> 11 bags -> -100, 1 carried over",
     CLASSIC, (2, 2, 2, 2), (5, 2, 4, 2), (6, 0), None, (45 - 100, 40), (1, 0)),
    ("003 sandbagging, 'another 9 bags' -> another penalty",
     CLASSIC, (1, 1, 1, 1), (6, 1, 5, 1), (1, 0), None, (29 - 100, 20), (0, 0)),
    ("bag penalty exactly at the limit (000: each time the count reaches 10)",
     CLASSIC, (3, 3, 3, 3), (4, 3, 3, 3), (9, 0), None, (61 - 100, 60), (0, 0)),
    ("two penalties in one hand when the count passes 20: 9 + 13 bags (000)",
     CLASSIC, (0, 1, 0, 1), (6, 0, 7, 0), (9, 0), None, (13 - 200 - 200, -20), (2, 0)),
    ("bags before at or above the limit (never in a game) are penalised too: 19 + 13 = 32",
     CLASSIC, (0, 1, 0, 1), (6, 0, 7, 0), (19, 0), None, (13 - 300 - 200, -20), (2, 0)),
    ("Nil made: +100, the partner's contract scored apart (000)",
     CLASSIC, (0, 3, 4, 3), (0, 4, 5, 4), (0, 0), None, (141, 62), (1, 2)),
    ("Nil failed: -100, the nil tricks are bags, partner made (000)",
     CLASSIC, (0, 3, 4, 3), (2, 3, 4, 4), (0, 0), None, (-58, 61), (2, 1)),
    ("Nil failed, nil tricks do not help the partner, who is set; still bags (000, 003)",
     CLASSIC, (0, 3, 5, 3), (2, 4, 3, 4), (0, 0), None, (-148, 62), (2, 2)),
    ("the same hand in 004: the nil tricks make the partner's contract, no bags",
     QUICK, (0, 3, 5, 3), (2, 4, 3, 4), (0, 0), None, (-50, 62), (0, 2)),
    ("004: a side set even with the nil tricks gets no bags",
     QUICK, (0, 3, 6, 3), (2, 4, 3, 4), (0, 0), None, (-160, 62), (0, 2)),
    ("004: the side's tricks beyond the contract are bags",
     QUICK, (0, 3, 3, 3), (2, 4, 3, 4), (0, 0), None, (-68, 62), (2, 2)),
    ("004: the nil tricks push the side over the bag limit",
     QUICK, (0, 3, 3, 3), (2, 4, 3, 4), (8, 0), None, (-168, 62), (0, 2)),
    ("003: both partners Nil and both make it: +200",
     BLIND, (0, 3, 0, 3), (0, 6, 0, 7), (0, 0), None, (200, 67), (0, 7)),
    ("003: both partners Nil and both fail: -200 (their tricks are bags)",
     BLIND, (0, 3, 0, 3), (1, 5, 2, 5), (0, 0), None, (-197, 64), (3, 4)),
    ("003: both partners Nil, one fails: net 0 (plus the bag)",
     BLIND, (0, 3, 0, 3), (0, 6, 1, 6), (0, 0), None, (1, 66), (1, 6)),
    ("003: Blind Nil made: +200",
     BLIND, (0, 3, 4, 3), (0, 4, 5, 4), (0, 0), (T, F, F, F), (241, 62), (1, 2)),
    ("003: Blind Nil failed: -200, its trick a bag",
     BLIND, (0, 3, 4, 3), (1, 3, 5, 4), (0, 0), (T, F, F, F), (-158, 61), (2, 1)),
    ("003: both partners Blind Nil, both make it: +400",
     BLIND, (0, 3, 0, 3), (0, 6, 0, 7), (0, 0), (T, F, T, F), (400, 67), (0, 7)),
    ("003: both partners Blind Nil, both fail: -400",
     BLIND, (0, 3, 0, 3), (1, 5, 2, 5), (0, 0), (T, F, T, F), (-397, 64), (3, 4)),
    ("003: both partners Blind Nil, one fails: net 0",
     BLIND, (0, 3, 0, 3), (0, 6, 1, 6), (0, 0), (T, F, T, F), (1, 66), (1, 6)),
    ("003: Blind Nil beside a plain Nil: +200 - 100",
     BLIND, (0, 3, 0, 3), (0, 6, 1, 6), (0, 0), (T, F, F, F), (101, 66), (1, 6)),
    ("an opponent's Nil is scored on their side (000)",
     CLASSIC, (4, 0, 4, 3), (6, 0, 3, 4), (0, 0), None, (81, 131), (1, 1)),
    ("002: two players, each seat its own side",
     DUEL, (3, 4), (5, 8), (0, 0), None, (32, 44), (2, 4)),
    ("002: two players, Nil failed, its tricks are bags",
     DUEL, (0, 5), (1, 12), (0, 0), None, (-99, 57), (1, 7)),
    ("002: two players, set",
     DUEL, (6, 4), (3, 10), (0, 0), None, (-60, 46), (0, 6)),
    ("001: two players, bag penalty per player",
     TWO, (3, 4), (6, 7), (8, 0), None, (-67, 43), (1, 3)),
    ("001: Double Nil made: +200",
     TWO, (0, 5), (0, 13), (0, 0), (T, F), (200, 58), (0, 8)),
    ("001: Double Nil failed: -200",
     TWO, (0, 5), (2, 11), (0, 0), (T, F), (-198, 56), (2, 6)),
]


@pytest.mark.parametrize(
    ("rules", "bids", "tricks", "bags", "blind", "points", "bags_after"),
    [row[1:] for row in ROWS],
    ids=[row[0] for row in ROWS],
)
def test_score_hand(rules, bids, tricks, bags, blind, points, bags_after):
    assert sum(tricks) == 13
    result = score_hand(rules, bids, tricks, bags, blind)
    assert result.points == points
    assert result.bags == bags_after


def test_score_hand_sandbagging_sequence_of_003():
    """003 'Sandbagging': bid 4 won 7, bid 3 won 6, bid 4 won 9: 11 bags, a 100-point
    penalty, and the extra bag carried over.  (The seed writes the bags as 3 + 3 + 4; the
    third hand's overtricks are 9 - 4 = 5, which is what makes the 11.)"""
    bags, total = (0, 0), 0
    for contract, won in ((4, 7), (3, 6), (4, 9)):
        bids = (contract - 1, 1, 1, 1)
        tricks = (won - 1, 13 - won - 1, 1, 13 - won - (13 - won - 1))
        result = score_hand(CLASSIC, bids, tricks, bags)
        total += result.points[0]
        bags = result.bags
    assert bags[0] == 1
    assert total == (43 + 33 + 45) - 100


def test_nil_results_are_scored_apart_from_the_contract():
    """003: with both partners Nil the nil part is +200, -200 or net 0, whatever the bags."""
    for tricks, nil_points in (((0, 6, 0, 7), 200), ((1, 5, 2, 5), -200), ((0, 6, 1, 6), 0)):
        side0, _ = score_sides(BLIND, (0, 3, 0, 3), tricks, (0, 0))
        assert side0.nil_points == nil_points
        assert side0.contract == 0


def test_side_result_parts_add_up():
    """The hand-over summary's parts: contract, taken, made, penalty (000)."""
    side0, side1 = score_sides(CLASSIC, (2, 2, 2, 2), (5, 2, 4, 2), (6, 0))
    assert (side0.contract, side0.taken, side0.made) == (4, 9, True)
    assert (side0.contract_points, side0.new_bags, side0.bag_penalty) == (45, 5, -100)
    assert side0.points == -55 and side0.bags_after == 1
    assert (side1.contract, side1.taken, side1.made, side1.points) == (4, 4, True, 40)


def test_score_hand_rejects_wrong_sizes():
    with pytest.raises(ValueError):
        score_hand(CLASSIC, (3, 3), (6, 7), (0, 0))
    with pytest.raises(ValueError):
        score_hand(DUEL, (3, 3, 3, 3), (3, 3, 3, 4), (0, 0))
    with pytest.raises(ValueError):
        score_hand(CLASSIC, (3, 3, 3, 3), (3, 3, 3, 4), (0,))


# (rule and seed, rules, scores, hands played, winner)
WINNER_ROWS = [
    ("target reached (000)", CLASSIC, (500, 200), 5, 0),
    ("target reached by side 1 (000)", CLASSIC, (120, 530), 5, 1),
    ("below the target the game goes on (000)", CLASSIC, (499, 498), 30, None),
    ("both reach the target: the higher wins (000, 001, 003)", CLASSIC, (510, 520), 9, 1),
    ("both reach the target, tied: another hand (000, 001, 003)", CLASSIC, (520, 520), 9, None),
    ("classic has no floor", CLASSIC, (-1000, 0), 5, None),
    ("classic has no hand cap", CLASSIC, (100, 50), 100, None),
    ("quick target 300 (004)", QUICK, (300, 0), 3, 0),
    ("quick below target (004)", QUICK, (299, 0), 3, None),
    ("quick floor -200: that side loses at once (004)", QUICK, (0, -200), 3, 0),
    ("quick floor, side 0 (004)", QUICK, (-230, 150), 3, 1),
    ("quick just above the floor (004)", QUICK, (-199, 150), 3, None),
    ("quick, both below the floor: the higher wins", QUICK, (-250, -210), 3, 1),
    ("quick hand cap 24: the higher wins (004)", QUICK, (100, 50), 24, 0),
    ("quick before the hand cap (004)", QUICK, (100, 50), 23, None),
    ("quick tie at the cap: another hand", QUICK, (100, 100), 24, None),
    ("quick after a tie at the cap, the next hand decides", QUICK, (90, 100), 25, 1),
    ("duel target 300 (002)", DUEL, (310, 290), 4, 0),
    ("two-handed target 500 (001)", TWO, (450, 490), 4, None),
    ("two-handed, both over 500, the higher wins (001)", TWO, (505, 600), 7, 1),
]


@pytest.mark.parametrize(
    ("rules", "scores", "hands", "winner"),
    [row[1:] for row in WINNER_ROWS],
    ids=[row[0] for row in WINNER_ROWS],
)
def test_game_winner(rules, scores, hands, winner):
    assert game_winner(rules, scores, hands) == winner
