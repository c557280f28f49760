"""Every phase of every preset: the deal or the draw, the bidding, the Blind Nil exchange,
the Double Nil replacement, the tricks, scoring at hand end and the end of the game.
Each test names the rule it checks and the seed that states it."""

from __future__ import annotations

import dataclasses
import datetime
import random
from math import comb

import pytest

from spades import PRESETS, Bid, Card, Draw, Game, IllegalAction, Pass, Phase, Play, Replace
from spades.daily import seed_for
from spades.dealing import first_dealer
from tests.helpers import ALL_CARDS, bid_all, cards, random_action

FOUR = ["classic", "blind-nil", "quick"]
TWO = ["duel", "two-handed"]
STOCK = list(ALL_CARDS)  # a fixed two-player stock, top first: 2C 3C 4C ...

DEAL_A = [
    cards("AC KC QC 2H 3H 4H 5H 2D 3D 4D AS 2S 3S"),
    cards("JC 10C 9C 8C 7C 6H 7H 8H 5D 6D 7D 4S 5S"),
    cards("6C 5C 4C 3C 9H 10H JH QH 8D 9D 10D 6S 7S"),
    cards("2C KH AH JD QD KD AD 8S 9S 10S JS QS KS"),
]


def finish_hand(game: Game, rng: random.Random) -> Game:
    """Random legal play until the current hand is over."""
    number = game.hand_number
    while game.hand_number == number and game.winner is None:
        game = game.apply(random_action(game, rng))
    return game


def play_out(game: Game, rng: random.Random, phase: Phase = Phase.PLAY) -> Game:
    """Random legal play until the current hand leaves ``phase``... or ends."""
    number = game.hand_number
    while game.phase is not phase and game.hand_number == number:
        game = game.apply(random_action(game, rng))
    return game


def draw_all(game: Game, keep: bool = True) -> Game:
    while game.phase is Phase.DRAW:
        game = game.apply(Draw(keep))
    return game


# ------------------------------------------------------------------ four players

@pytest.mark.parametrize("preset", FOUR)
def test_four_player_deal_is_13_each_000(preset):
    """000 'El reparto': 52 cards, 13 to each of the four players."""
    for seed in range(5):
        game = Game.new(PRESETS[preset], seed=seed)
        assert game.phase is Phase.BID
        assert [len(hand) for hand in game.hands] == [13] * 4
        assert sorted(c for hand in game.hands for c in hand) == list(ALL_CARDS)


@pytest.mark.parametrize("preset", FOUR)
def test_dealer_rotates_left_and_left_of_dealer_bids_and_leads_000_003(preset):
    """000: the deal passes one seat to the left after every hand; 003: the player left of
    the dealer bids first and leads the first trick."""
    rng = random.Random(preset)
    game = Game.new(PRESETS[preset], seed=11, dealer=2)
    for number in range(4):
        assert game.hand_number == number
        assert game.dealer == (2 + number) % 4
        assert game.phase is Phase.BID and game.turn == (game.dealer + 1) % 4
        bidders = []
        while game.phase is Phase.BID:
            bidders.append(game.turn)
            game = game.apply(Bid(3))
        assert bidders == [(game.dealer + 1 + i) % 4 for i in range(4)]
        assert game.phase is Phase.PLAY and game.turn == (game.dealer + 1) % 4
        game = finish_hand(game, rng)
        assert game.history[-1].dealer == (2 + number) % 4
        if game.winner is not None:
            break


def test_first_dealer_is_drawn_from_the_seed():
    dealers = {Game.new(PRESETS["classic"], seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    for seed in range(10):
        assert Game.new(PRESETS["duel"], seed=seed).dealer == first_dealer(seed, 2)


# ------------------------------------------------------------------ the two-player draw

@pytest.mark.parametrize("preset", TWO)
def test_draw_keep_and_discard_001_002(preset):
    """001/002: keep the top card and discard the next, or discard the top and take the
    next, whatever it is."""
    game = Game.new(PRESETS[preset], seed=1, deal=[STOCK], dealer=1)
    assert game.phase is Phase.DRAW and game.turn == 0  # the non-dealer draws first
    assert game.view(0).top_card == Card.parse("2C")
    assert Draw(True) in game.legal_actions() and Draw(False) in game.legal_actions()
    game = game.apply(Draw(True))  # keeps 2C, discards 3C
    assert game.hands == (tuple(cards("2C")), ())
    assert game.view(0).discarded == tuple(cards("3C"))
    assert game.turn == 1 and game.view(1).top_card == Card.parse("4C")
    game = game.apply(Draw(False))  # discards 4C, takes 5C
    assert game.hands == (tuple(cards("2C")), tuple(cards("5C")))
    assert game.view(1).discarded == tuple(cards("4C"))
    assert game.view(0).draws == ((0, True), (1, False))


@pytest.mark.parametrize("preset", TWO)
def test_draw_13_turns_each_26_out_of_play_001_002(preset):
    """001/002: the players alternate until the stock is empty: 13 turns each, 13 cards
    each, 26 cards out of play."""
    rng = random.Random(5)
    game = Game.new(PRESETS[preset], seed=3, deal=[STOCK], dealer=0)
    drawers = []
    while game.phase is Phase.DRAW:
        drawers.append(game.turn)
        game = game.apply(Draw(rng.random() < 0.5))
    assert drawers == [1, 0] * 13
    assert [len(hand) for hand in game.hands] == [13, 13]
    out = set(ALL_CARDS) - set(game.hands[0]) - set(game.hands[1])
    assert len(out) == 26
    assert set(game.view(0).discarded) | set(game.view(1).discarded) == out
    assert game.phase is Phase.BID


@pytest.mark.parametrize(
    ("preset", "first_bidder"),
    [("duel", "non-dealer"), ("two-handed", "dealer")],
    ids=["duel: the non-dealer bids and leads first (002)",
         "two-handed: the second player (the dealer) bids and leads first (001)"],
)
def test_two_player_bidding_and_lead_order(preset, first_bidder):
    rules = PRESETS[preset]
    for dealer in (0, 1):
        game = Game.new(rules, seed=4, deal=[STOCK], dealer=dealer)
        assert game.turn == 1 - dealer  # the non-dealer draws first (001, 002)
        game = draw_all(game)
        expected = dealer if first_bidder == "dealer" else 1 - dealer
        assert game.phase is Phase.BID and game.turn == expected
        game = game.apply(Bid(3))
        assert game.turn == 1 - expected
        game = game.apply(Bid(3))
        assert game.phase is Phase.PLAY and game.turn == expected


@pytest.mark.parametrize("preset", TWO)
def test_two_player_dealers_alternate_001_002(preset):
    rng = random.Random(9)
    game = Game.new(PRESETS[preset], seed=8)
    first = game.dealer
    for number in range(4):
        assert game.dealer == (first + number) % 2
        assert game.phase is Phase.DRAW and game.turn == 1 - game.dealer
        game = finish_hand(game, rng)
        if game.winner is not None:
            break


def test_two_player_deal_of_two_hands_skips_the_draw():
    """``Game.new`` may fix the two hands directly: no draw, the rest out of play."""
    game = Game.new(PRESETS["duel"], seed=1, deal=DEAL_A[:2], dealer=1)
    assert game.phase is Phase.BID and game.turn == 0
    assert game.hands == (tuple(sorted(DEAL_A[0])), tuple(sorted(DEAL_A[1])))


# ------------------------------------------------------------------ Blind Nil (003)

BLIND = PRESETS["blind-nil"]


def test_blind_nil_is_a_legal_bid_only_at_the_blind_table_003():
    game = Game.new(BLIND, seed=1, deal=DEAL_A, dealer=3)
    assert Bid(0, blind=True) in game.legal_actions()
    assert game.explain(Bid(0, blind=True)) is None
    for preset in ("classic", "quick"):
        assert Bid(0, blind=True) not in Game.new(PRESETS[preset], seed=1).legal_actions()


def test_blind_nil_exchange_partner_passes_first_003():
    """003: after all bids the partner passes three cards first, then the Blind Nil bidder
    returns three."""
    game = Game.new(BLIND, seed=1, deal=DEAL_A, dealer=3)
    game = game.apply(Bid(0, blind=True))
    game = bid_all(game, (0, 3, 4, 3))
    assert game.bids == (0, 3, 4, 3) and game.blind == (True, False, False, False)
    assert game.phase is Phase.PASS and game.turn == 2
    assert len(game.legal_actions()) == comb(13, 3)
    given = cards("6C 5C 4C")
    game = game.apply(Pass(given))
    assert set(given) <= set(game.hands[0]) and len(game.hands[0]) == 16
    assert len(game.hands[2]) == 10
    assert game.phase is Phase.PASS and game.turn == 0
    assert len(game.legal_actions()) == comb(16, 3)
    back = cards("AS AC KC")
    game = game.apply(Pass(back))
    assert [len(hand) for hand in game.hands] == [13] * 4
    assert set(back) <= set(game.hands[2]) and not set(back) & set(game.hands[0])
    assert game.view(2).passed == tuple(sorted(given))
    assert game.view(2).received == tuple(sorted(back))
    assert game.view(0).received == tuple(sorted(given))
    assert game.phase is Phase.PLAY and game.turn == 0


def test_blind_nil_exchange_refusals_003():
    game = Game.new(BLIND, seed=1, deal=DEAL_A, dealer=3)
    game = bid_all(game.apply(Bid(0, blind=True)), (0, 3, 4, 3))
    for action, code in ((Pass(cards("6C 5C")), "bad_exchange"),
                         (Pass(cards("6C 5C 4C 3C")), "bad_exchange"),
                         (Pass(cards("AC KC QC")), "not_in_hand"),
                         (Play(Card.parse("6C")), "wrong_phase"),
                         (Bid(3), "wrong_phase")):
        why = game.explain(action)
        assert why is not None and why.code == code
        with pytest.raises(IllegalAction):
            game.apply(action)


def test_both_partners_blind_no_exchange_003():
    """003: if both partners bid Blind Nil, no cards are exchanged."""
    game = Game.new(BLIND, seed=1, deal=DEAL_A, dealer=3)
    game = game.apply(Bid(0, blind=True)).apply(Bid(3)).apply(Bid(0, blind=True))
    game = game.apply(Bid(3))
    assert game.phase is Phase.PLAY and game.turn == 0
    assert game.hands == tuple(tuple(sorted(hand)) for hand in DEAL_A)


def test_one_blind_nil_on_each_side_two_exchanges_003():
    game = Game.new(BLIND, seed=1, deal=DEAL_A, dealer=3)
    game = game.apply(Bid(0, blind=True)).apply(Bid(0, blind=True)).apply(Bid(4))
    game = game.apply(Bid(4))
    givers = []
    while game.phase is Phase.PASS:
        givers.append(game.turn)
        game = game.apply(game.legal_actions()[0])
    assert givers == [2, 0, 3, 1]
    assert game.phase is Phase.PLAY and [len(h) for h in game.hands] == [13] * 4


@pytest.mark.parametrize("seed", range(4))
def test_blind_nil_scored_200_003(seed):
    rng = random.Random(seed)
    game = Game.new(BLIND, seed=seed, dealer=3)
    game = game.apply(Bid(0, blind=True))
    game = bid_all(game, (0, 3, 3, 3))
    game = finish_hand(game, rng)
    record = game.history[0]
    expected = 200 if record.tricks[0] == 0 else -200
    assert record.blind == (True, False, False, False)
    assert record.sides[0].nil_points == expected


# ------------------------------------------------------------------ Double Nil (001)

TWO_HANDED = PRESETS["two-handed"]


def test_double_nil_only_before_the_first_draw_001():
    """001: 'Before choosing their first card, a player may declare Double Nil.'"""
    game = Game.new(TWO_HANDED, seed=1, deal=[STOCK], dealer=1)
    assert Bid(0, blind=True) in game.legal_actions()
    game = game.apply(Draw(True))
    assert Bid(0, blind=True) in game.legal_actions()  # seat 1 has not drawn yet
    game = game.apply(Draw(True))
    assert game.turn == 0 and Bid(0, blind=True) not in game.legal_actions()
    why = game.explain(Bid(0, blind=True))
    assert why is not None and why.code == "bad_bid"
    assert Bid(0, blind=True) not in Game.new(PRESETS["duel"], seed=1).legal_actions()


def test_double_nil_declared_then_the_same_player_draws_001():
    game = Game.new(TWO_HANDED, seed=1, deal=[STOCK], dealer=1)
    game = game.apply(Bid(0, blind=True))
    assert game.phase is Phase.DRAW and game.turn == 0
    assert game.bids == (0, None) and game.blind == (True, False)
    assert Bid(0, blind=True) not in game.legal_actions()
    assert set(game.legal_actions()) == {Draw(True), Draw(False)}


def _double_nil_after_draw(seed: int) -> Game:
    game = Game.new(TWO_HANDED, seed=seed, deal=[STOCK], dealer=1)
    return draw_all(game.apply(Bid(0, blind=True)))


def test_double_nil_replace_phase_001():
    """001: after the draw the Double Nil bidder may discard up to three cards, each
    replaced by a random card from the discards; the bidder is skipped in the bidding."""
    game = _double_nil_after_draw(seed=1)
    assert game.phase is Phase.REPLACE and game.turn == 0
    assert len(game.legal_actions()) == sum(comb(13, k) for k in range(4))
    discards_before = set(game.view(0).discarded) | set(game.view(1).discarded)
    out = game.hands[0][:3]
    after = game.apply(Replace(out))
    assert not set(out) & set(after.hands[0]) and len(after.hands[0]) == 13
    drawn = set(after.hands[0]) - set(game.hands[0])
    assert len(drawn) == 3 and drawn <= discards_before
    assert after.view(0).received == tuple(sorted(drawn))
    assert after.view(1).replaced == (3, None)
    assert after.hands[1] == game.hands[1]
    assert after.phase is Phase.BID and after.turn == 1  # the bidder is skipped
    after = after.apply(Bid(4))
    assert after.phase is Phase.PLAY and after.bids == (0, 4)


def test_double_nil_replacement_is_fixed_by_the_seed_001():
    out = _double_nil_after_draw(seed=1).hands[0][:3]
    a = _double_nil_after_draw(seed=1).apply(Replace(out)).hands[0]
    b = _double_nil_after_draw(seed=1).apply(Replace(out)).hands[0]
    assert a == b
    others = {_double_nil_after_draw(seed=s).apply(Replace(out)).hands[0] for s in range(2, 8)}
    assert len(others | {a}) > 1  # the seed, not the position, decides


def test_double_nil_replace_nothing_and_refusals_001():
    game = _double_nil_after_draw(seed=2)
    hand = game.hands[0]
    why = game.explain(Replace(hand[:4]))
    assert why is not None and why.code == "bad_exchange"
    why = game.explain(Replace(game.hands[1][:1]))
    assert why is not None and why.code == "not_in_hand"
    assert game.apply(Replace([])).hands[0] == hand


def test_both_double_nil_both_replace_001():
    game = Game.new(TWO_HANDED, seed=3, deal=[STOCK], dealer=1)
    game = game.apply(Bid(0, blind=True)).apply(Draw(True)).apply(Bid(0, blind=True))
    game = draw_all(game)
    order = []
    while game.phase is Phase.REPLACE:
        order.append(game.turn)
        game = game.apply(Replace(game.hands[game.turn][-2:]))
    assert order == [0, 1]  # the first drawer first
    assert game.phase is Phase.PLAY and game.turn == 1  # the dealer leads (001)
    assert game.bids == (0, 0) and game.blind == (True, True)
    assert sorted(c for h in game.hands for c in h) == sorted(set(game.hands[0] + game.hands[1]))


@pytest.mark.parametrize("seed", range(3))
def test_double_nil_scored_200_001(seed):
    rng = random.Random(seed)
    game = _double_nil_after_draw(seed).apply(Replace([])).apply(Bid(5))
    game = finish_hand(game, rng)
    record = game.history[0]
    assert record.sides[0].nil_points == (200 if record.tricks[0] == 0 else -200)


# ------------------------------------------------------------------ scoring and the end

@pytest.mark.parametrize("preset", list(PRESETS))
def test_scoring_applied_at_hand_end(preset):
    rng = random.Random(preset)
    game = Game.new(PRESETS[preset], seed=21)
    for number in range(3):
        before = game
        game = finish_hand(game, rng)
        record = game.history[-1]
        assert record.number == number and record.dealer == before.dealer
        assert sum(record.tricks) == 13
        assert record.scores == game.scores
        assert record.bags == game.bags
        assert game.scores == tuple(sum(r.points[side] for r in game.history) for side in (0, 1))
        assert all(0 <= bags < 10 for bags in game.bags)
        if game.winner is not None:
            break
        assert game.hand_number == number + 1
        assert game.bids == (None,) * PRESETS[preset].players
        assert game.tricks_won == (0,) * PRESETS[preset].players


@pytest.mark.parametrize("preset", list(PRESETS))
def test_game_over_sets_winner_and_no_legal_actions(preset):
    """000: the first side to reach the target wins.  (A low target and no bag penalty, and
    every bid 1, so that random play ends the game in a few hands.)"""
    rules = dataclasses.replace(PRESETS[preset], target=60, bag_limit=1000)
    rng = random.Random(2)
    game = Game.new(rules, seed=2)
    while game.phase is not Phase.GAME_OVER:
        assert game.hand_number < 30
        actions = game.legal_actions()
        game = game.apply(Bid(1) if Bid(1) in actions else rng.choice(actions))
    assert game.winner in (0, 1) and game.turn is None
    assert game.legal_actions() == []
    assert game.view(0).legal == ()
    final = game.history[-1].scores
    assert final == game.scores and final[game.winner] > final[1 - game.winner]
    assert max(final) >= 60


def test_floor_ends_the_quick_game_004():
    """004: a side that falls to -200 loses at once."""
    rules = PRESETS["quick"]
    rng = random.Random(4)
    game = Game.new(rules, seed=4)
    while game.phase is not Phase.GAME_OVER:
        assert game.hand_number < 24
        actions = game.legal_actions()
        # Seat 1 always bids 13 and is set: side 1 falls to the floor.
        bid = Bid(13) if game.turn == 1 else Bid(1)
        game = game.apply(bid if bid in actions else rng.choice(actions))
    assert game.scores[1] <= -200 and game.winner == 0


def test_hand_cap_ends_the_quick_game_004():
    """004: after 24 hands the higher score wins."""
    rules = dataclasses.replace(PRESETS["quick"], floor=None, target=10_000)
    rng = random.Random(4)
    game = Game.new(rules, seed=4)
    while game.phase is not Phase.GAME_OVER:
        game = game.apply(random_action(game, rng))
    assert len(game.history) >= 24
    assert game.scores[game.winner] > game.scores[1 - game.winner]
    assert len(game.history) == 24 or game.history[-2].scores[0] == game.history[-2].scores[1]


# ------------------------------------------------------------------ deals from the seed

def _start_of_hand(game: Game, number: int, rng: random.Random) -> Game:
    while game.hand_number < number:
        assert game.winner is None
        game = game.apply(random_action(game, rng))
    return game


@pytest.mark.parametrize("preset", FOUR)
def test_later_hands_come_from_seed_and_hand_number_004(preset):
    """004 daily game: the same hands whatever happens in play."""
    rules = PRESETS[preset]
    a = _start_of_hand(Game.new(rules, seed=77), 1, random.Random(1))
    b = _start_of_hand(Game.new(rules, seed=77), 1, random.Random(2))
    c = _start_of_hand(Game.new(rules, seed=77, deal=DEAL_A), 1, random.Random(3))
    assert a.actions != b.actions
    assert a.hands == b.hands == c.hands
    d = _start_of_hand(Game.new(rules, seed=78), 1, random.Random(1))
    assert d.hands != a.hands


@pytest.mark.parametrize("preset", TWO)
def test_later_stocks_come_from_seed_and_hand_number_004(preset):
    rules = PRESETS[preset]
    a = _start_of_hand(Game.new(rules, seed=77), 1, random.Random(1))
    b = _start_of_hand(Game.new(rules, seed=77), 1, random.Random(2))
    c = _start_of_hand(Game.new(rules, seed=77, deal=[STOCK]), 1, random.Random(3))
    assert a.actions != b.actions
    assert draw_all(a).hands == draw_all(b).hands == draw_all(c).hands
    assert draw_all(a, False).hands == draw_all(b, False).hands


def test_daily_seed_is_stable_004():
    """004: everyone playing on the same calendar day gets the same game."""
    assert seed_for(datetime.date(2026, 11, 29)) == 278004775244026
    assert seed_for(datetime.date(2025, 1, 1)) == seed_for(datetime.date(2025, 1, 1))
    days = [datetime.date(2025, 1, 1) + datetime.timedelta(days=i) for i in range(800)]
    seeds = [seed_for(day) for day in days]
    assert len(set(seeds)) == len(seeds)
    assert all(0 <= seed < 2**48 for seed in seeds)
    game = Game.new(PRESETS["quick"], seed=seeds[0])
    assert game.hands == Game.new(PRESETS["quick"], seed=seed_for(days[0])).hands
