"""Scenario tests for the heuristic levels: fixed deals played to a position, each named
by the behaviour it checks and the lowest level it applies from (RULES.md "Computer
players", seeds 000 and 004 tips).  Seats: 0 South, 1 West, 2 North, 3 East; with
``dealer=3`` South bids first and leads the first trick."""

from __future__ import annotations

import dataclasses

import pytest

from spades import PRESETS, Bid, Card, Game, Play, parse_action
from spades.ai import make_bot
from spades.cards import CARDS

from .helpers import cards

FROM_MEDIUM = ("medium", "hard")


def deal(fixed: dict[int, str]) -> list[list[Card]]:
    """Four hands: the given cards per seat, the rest dealt round-robin to the seats that
    still have room, lowest card first."""
    hands = {seat: [Card.parse(text) for text in fixed.get(seat, "").split()]
             for seat in range(4)}
    used = {card for cards in hands.values() for card in cards}
    rest = [card for card in CARDS if card not in used]
    seat = 0
    for card in rest:
        while len(hands[seat]) >= 13:
            seat = (seat + 1) % 4
        hands[seat].append(card)
        seat = (seat + 1) % 4
    assert all(len(cards) == 13 for cards in hands.values()), hands
    return [hands[seat] for seat in range(4)]


def position(fixed: dict[int, str], dealer: int, actions: str, preset: str = "classic",
             **changes: object) -> Game:
    """Play ``actions`` (text forms, ``low`` = the seat's lowest legal card) from a deal."""
    rules = dataclasses.replace(PRESETS[preset], **changes) if changes else PRESETS[preset]
    game = Game.new(rules, seed=11, deal=deal(fixed), dealer=dealer)
    for text in actions.split():
        action = game.legal_actions()[0] if text == "low" else parse_action(text)
        game = game.apply(action)
    return game


def choice(game: Game, level: str, seed: int = 5) -> object:
    seat = game.turn
    assert seat is not None
    action = make_bot(level, seed).choose(game.view(seat))
    assert action in game.legal_actions()
    return action


# A deal where North (2) has no hearts and South (0) holds the ace and king of hearts.
NO_HEARTS_NORTH = {
    0: "AH KH 2H 3C 4C 5C 6C 2D 3D 4D 2S 3S 4S",
    1: "3H 4H 5H 6H 7C 8C 9C 5D 6D 7D 5S 6S 7S",
    2: "10C JC QC KC AC 8D 9D 10D JD 8S 9S 10S JS",
    3: "7H 8H 9H 10H JH QH 2C QD KD AD QS KS AS",
}


@pytest.mark.parametrize("level", FROM_MEDIUM)
def test_never_trumps_partners_sure_winner(level: str) -> None:
    """Medium+: South leads the ace of hearts; North, out of hearts, throws a low card
    rather than trumping the partner's sure winner."""
    game = position(NO_HEARTS_NORTH, 3, "bid:2 bid:1 bid:3 bid:4 play:AH play:3H")
    action = choice(game, level)
    assert isinstance(action, Play) and action.card.suit != 3
    assert action == Play(Card.parse("8D"))


# South holds KH 4H; East leads the three of hearts; North is Nil or not.
COVER = {
    0: "KH 4H 2C 3C 4C 5C 2D 3D 4D 5D 2S 3S 4S",
    3: "3H 5H 6H 7H 6C 7C 8C 6D 7D 8D 5S 6S 7S",
    2: "2H 8H 9H 9C 10C JC QC 9D 10D JD 8S 9S 10S",
    1: "10H JH QH AH KC AC QD KD AD JS QS KS AS",
}


@pytest.mark.parametrize("level", FROM_MEDIUM)
def test_covers_partners_nil(level: str) -> None:
    """Medium+: with North on Nil and still to play, South plays high (KH) over East's
    lead so that North can stay under."""
    game = position(COVER, 2, "bid:3 bid:4 bid:3 bid:0 play:3H")
    assert choice(game, level) == Play(Card.parse("KH"))


@pytest.mark.parametrize("level", FROM_MEDIUM)
def test_second_hand_low(level: str) -> None:
    """Medium+: the same trick without a Nil: second hand low (4H, not KH)."""
    game = position(COVER, 2, "bid:3 bid:4 bid:3 bid:2 play:3H")
    assert choice(game, level) == Play(Card.parse("4H"))


@pytest.mark.parametrize("level", FROM_MEDIUM)
def test_covers_partners_nil_by_overtaking(level: str) -> None:
    """Medium+: North (Nil) is winning the trick; South, last to play, overtakes."""
    fixed = {0: "AH 2C 3C 4C 5C 2D 3D 4D 5D 2S 3S 4S 5S", 1: "3H", 2: "9H", 3: "4H"}
    game = position(fixed, 0, "bid:3 bid:0 bid:4 bid:3 play:3H play:9H play:4H")
    assert choice(game, level) == Play(Card.parse("AH"))


ATTACK = {0: "AC 2D 3D 4D 5D 6D 8H 9H 10H 2S 3S 4S 5S"}


@pytest.mark.parametrize("level", FROM_MEDIUM)
def test_attacks_opponents_nil(level: str) -> None:
    """Medium+: West bid Nil: South leads low (2D) to make West win a trick, instead of
    cashing the ace of clubs as it does when nobody is on Nil."""
    game = position(ATTACK, 3, "bid:3 bid:0 bid:3 bid:4")
    assert choice(game, level) == Play(Card.parse("2D"))
    game = position(ATTACK, 3, "bid:3 bid:2 bid:3 bid:4")
    assert choice(game, level) == Play(Card.parse("AC"))


@pytest.mark.parametrize("level", FROM_MEDIUM)
def test_stays_under_opponents_nil(level: str) -> None:
    """Medium+: West (Nil) is winning with the nine of hearts; South, last, stays under
    it with its highest lower heart rather than taking the trick."""
    fixed = {0: "AH 8H 2H 2C 3C 4C 5C 2D 3D 4D 5D 2S 3S", 1: "9H", 2: "4H", 3: "3H"}
    game = position(fixed, 0, "bid:0 bid:3 bid:3 bid:4 play:9H play:4H play:3H")
    assert choice(game, level) == Play(Card.parse("8H"))


DUCK = {
    0: "AC 3C 4C AD 2D 3D 4D 2H 2S 3S 4S 5S 6S",
    1: "5H",
    2: "AH 9H 3H 10C JC 6C 9D 10D 6D 7S 8S 9S 10S",
}


@pytest.mark.parametrize("level", FROM_MEDIUM)
def test_ducks_overtricks_once_contract_made(level: str) -> None:
    """Medium+: North-South bid 1 + 1 and have two tricks, East-West (2 + 2) cannot be
    set cheaply; North, third to play, ducks
    with the three of hearts instead of taking a bag with the ace."""
    game = position(DUCK, 3, "bid:1 bid:2 bid:1 bid:2 play:AC low low low "
                             "play:AD low low low play:2H play:5H")
    assert game.turn == 2 and game.tricks_won[0] == 2
    assert choice(game, level) == Play(Card.parse("3H"))


def test_hard_takes_the_trick_while_the_contract_is_short() -> None:
    """Hard: the same trick while North-South still need tricks: third hand high."""
    game = position(DUCK, 3, "bid:3 bid:4 bid:3 bid:3 play:AC low low low "
                             "play:AD low low low play:2H play:5H")
    assert choice(game, "hard") == Play(Card.parse("AH"))


def test_hard_bids_fuller_near_the_bag_penalty() -> None:
    """Hard: with the side's bags near the penalty it bids at least as much (fuller)."""
    hand = {0: "AC KC 5C AD 9D 4D KH 8H 3H AS 10S 6S 2S"}
    calm = choice(position(hand, 3, ""), "hard")
    near = choice(position(hand, 3, "", bag_limit=3), "hard")
    assert isinstance(calm, Bid) and isinstance(near, Bid)
    assert near.n >= calm.n >= 3


LOW_HANDS = {
    0: "2C 3C 4C 5C 2D 3D 4D 6D 2H 3H 4H 5H 2S",
    2: "6C 7C 8C 9C 5D 7D 8D 9D 6H 7H 8H 3S 4S",
}


@pytest.mark.parametrize("level", FROM_MEDIUM)
def test_bids_nil_with_a_nil_hand_but_not_after_partners_nil(level: str) -> None:
    """Medium+: a hand of low cards and one low spade bids Nil; North's equally low hand
    bids Nil after South's 3, but not after South's Nil."""
    game = position(LOW_HANDS, 3, "")
    assert choice(game, level) == Bid(0)
    after_three = choice(position(LOW_HANDS, 3, "bid:3 bid:3"), level)
    after_nil = choice(position(LOW_HANDS, 3, "bid:0 bid:3"), level)
    assert after_three == Bid(0)
    assert isinstance(after_nil, Bid) and after_nil.n >= 1


def test_does_not_bid_nil_with_high_cards() -> None:
    """Medium+: an ace and a high spade: a number bid, never Nil."""
    game = position({0: "AC 3C 4C 5C 2D 3D 4D 6D 2H 3H 4H 5H KS"}, 3, "")
    for level in FROM_MEDIUM:
        action = choice(game, level)
        assert isinstance(action, Bid) and action.n >= 1


LONG_SUIT = {
    0: "KS QS JS 2S 3S 9D 8D 7D 6D 5D QH 4H 3H",
    3: "KC",
}


@pytest.mark.parametrize("level", FROM_MEDIUM)
def test_leads_long_side_suit_rather_than_high_spades(level: str) -> None:
    """Medium+: spades broken, no sure winner: South leads from its five diamonds rather
    than throwing away a high spade."""
    game = position(LONG_SUIT, 2, "bid:3 bid:4 bid:3 bid:3 play:KC play:2S low low")
    assert game.turn == 0 and game.spades_broken
    action = choice(game, level)
    assert action == Play(Card.parse("5D"))


WIN_CHEAP = {0: "AH QH 10H 3H", 1: "5H", 2: "2H", 3: "9H"}


@pytest.mark.parametrize("level", FROM_MEDIUM)
def test_wins_cheaply(level: str) -> None:
    """Medium+: last to play against East's nine of hearts, South wins with the ten."""
    game = position(WIN_CHEAP, 0, "bid:3 bid:3 bid:3 bid:3 play:5H play:2H play:9H")
    assert choice(game, level) == Play(Card.parse("10H"))


COUNTING = {
    0: "9H 5H 2H AC 3D 4D 5D 6D 7D 3S 4S 5S 6S",
    1: "AH JH 2C", 2: "KH 10H 3C", 3: "QH 4H 4C",
}


def test_hard_counts_every_card_to_find_its_sure_winner() -> None:
    """Hard: after the A K Q J 10 of hearts have fallen, South's nine is the highest heart
    left, so Hard cashes it; Medium, which remembers only jacks and up, leads its long
    diamonds instead."""
    game = position(COUNTING, 0, "bid:3 bid:3 bid:3 bid:3 "
                                 "play:AH play:KH play:QH play:2H "
                                 "play:JH play:10H play:4H play:5H "
                                 "play:2C play:3C play:4C play:AC")
    assert game.turn == 0 and not game.trick.plays
    assert choice(game, "hard") == Play(Card.parse("9H"))
    assert choice(game, "medium") == Play(Card.parse("3D"))


def test_hard_bids_nil_on_a_slightly_weaker_hand_than_medium() -> None:
    """Hard: it covers a partner's Nil with care and counts the cards while it ducks, so it
    bids Nil with the jack and eight of spades where Medium bids 1."""
    game = position({0: "2C 3C 4C 5C 2D 3D 4D 6D 2H 3H 4H 8S JS"}, 3, "")
    assert choice(game, "hard") == Bid(0)
    assert choice(game, "medium") == Bid(1)


FOUR_TRICKS = {0: "AC KC 5C 4D 3D 9D QH 8H 3H KS 10S 6S 2S"}


def test_hard_bids_lower_against_an_opponents_nil() -> None:
    """Hard: with dealer South, West bids Nil first; attacking the Nil costs tricks of its
    own, so South bids 3 rather than the 4 it bids after West's 1 (Medium bids 4)."""
    against_nil = position(FOUR_TRICKS, 0, "bid:0 bid:3 bid:2")
    assert choice(against_nil, "hard") == Bid(3)
    assert choice(position(FOUR_TRICKS, 0, "bid:1 bid:3 bid:2"), "hard") == Bid(4)
    assert choice(against_nil, "medium") == Bid(4)


def test_hard_shades_its_bid_when_the_table_is_crowded() -> None:
    """Hard: North and East have bid 4 each; with about three tricks for West still to
    come, the table adds up to more than thirteen, so South bids 3; after 2 and 2 it bids
    4.  Medium bids 4 both times."""
    crowded = position(FOUR_TRICKS, 1, "bid:4 bid:4")
    calm = position(FOUR_TRICKS, 1, "bid:2 bid:2")
    assert choice(crowded, "hard") == Bid(3)
    assert choice(calm, "hard") == Bid(4)
    assert choice(crowded, "medium") == choice(calm, "medium") == Bid(4)


SHORT_SUIT = {0: "5C 2D 3D 4D 6D 7D 8D 9D 2S 3S 4S 5S 6S", 1: "2H", 2: "AH", 3: "3H"}


def test_hard_discards_from_its_short_suit_to_ruff_later() -> None:
    """Hard: out of hearts under North's winning ace, South throws its lone club (to ruff
    clubs later with its spades) rather than its lowest card, the two of diamonds, which
    Medium throws."""
    game = position(SHORT_SUIT, 0, "bid:3 bid:3 bid:3 bid:3 play:2H play:AH play:3H")
    assert game.turn == 0
    assert choice(game, "hard") == Play(Card.parse("5C"))
    assert choice(game, "medium") == Play(Card.parse("2D"))


def test_hard_shades_the_bid_of_a_strong_hand() -> None:
    """Hard: the count of a strong hand runs a little high (its honours fall on each
    other), so with about seven tricks counted South bids 6 where Medium bids 7."""
    game = position({0: "AC KC QC 4D 3D AD KH 8H 3H KS QS 6S 2S"}, 3, "")
    assert choice(game, "hard") == Bid(6)
    assert choice(game, "medium") == Bid(7)


NIL_SPADES = [
    "2C 3C 4C 5C 2D 3D 4D 2H 3H 4H 9S 4S 2S",  # South
    "6C 7C 8C 9C 5D 6D 7D 5H 6H 5S QS AS KS",  # West
    "10C JC QC KC 8D 9D 10D 7H 8H 9H 3S 10S JS",  # North
    "AC JD QD KD AD 10H JH QH KH AH 8S 6S 7S",  # East
]


def nil_spades(south_bid: int) -> Game:
    """South bids ``south_bid`` (West 4, North 3, East 5) and, ducking throughout, keeps
    ♠9 4 2 with no trick taken; West leads the ♠5, North plays the ♠3, East the ♠8:
    South, last, can duck with the ♠4 or ♠2 (every later trick can be ducked too: West
    holds ♠Q K, East ♠6 7, North ♠10 J) or overtake with the ♠9 (issue 13)."""
    game = Game.new(PRESETS["classic"], seed=0,
                    deal=[[Card.parse(w) for w in hand.split()] for hand in NIL_SPADES],
                    dealer=0)
    bids = {0: south_bid, 1: 4, 2: 3, 3: 5}
    while game.phase.value == "bid":
        assert game.turn is not None
        game = game.apply(Bid(bids[game.turn]))
    while len(game.hands[0]) > 3:
        legal = game.legal_actions()
        if game.turn == 0:
            legal = [a for a in legal if isinstance(a, Play) and a.card.suit != 3] or legal
        game = game.apply(legal[0])
    for word in ["AS", "KC", "5S", "3S", "8S"]:
        game = game.apply(Play(Card.parse(word)))
    return game


@pytest.mark.parametrize("level", ("easy", "medium", "hard", "expert"))
def test_a_clean_nil_does_not_overtake_when_it_can_duck(level: str) -> None:
    """Every level: a clean Nil bidder with ♠9 4 2 under an opponent's ♠8 ducks."""
    game = nil_spades(0)
    assert game.turn == 0 and game.tricks_won[0] == 0
    assert set(game.hands[0]) == {Card.parse(w) for w in ("9S", "4S", "2S")}
    for seed in range(3):
        assert choice(game, level, seed) in (Play(Card.parse("4S")), Play(Card.parse("2S")))


def test_expert_keeps_only_the_ducks_of_a_clean_nil() -> None:
    """Expert: the cards that overtake are not even searched for a clean Nil bidder with
    no partner to play after it; a contract bidder searches them all."""
    from spades.ai.expert import nil_ducks, play_candidates

    view = nil_spades(0).view(0)
    candidates = play_candidates(view)
    assert sorted(candidates) == sorted(Card.parse(w).index for w in ("2S", "9S"))
    assert nil_ducks(view, candidates) == [Card.parse("2S").index]
    contract = nil_spades(1).view(0)
    assert nil_ducks(contract, play_candidates(contract)) == play_candidates(contract)


def test_expert_s_clean_nil_unloads_its_highest_card_under_the_winner() -> None:
    """Under the opponent's ♠8, the clean Nil with ♠9 4 2 ducks with the ♠4, not the ♠2:
    a lower card kept never makes a later duck harder.  The search's tie went to the
    lowest card, so the Expert kept its high cards (``nil_unload``)."""
    from spades.ai.expert import forced_play, nil_unload, play_candidates

    view = nil_spades(0).view(0)
    four, nine = Card.parse("4S").index, Card.parse("9S").index
    assert nil_unload(view, play_candidates(view)) == [four, nine]
    for seed in range(3):
        assert choice(nil_spades(0), "expert", seed) == Play(Card.parse("4S"))
    # A contract bidder is left to the search.
    contract = nil_spades(1).view(0)
    assert nil_unload(contract, play_candidates(contract)) == play_candidates(contract)
    # Clubs 4 to 7 under a queen are one group of equal cards: played at once, the 7.
    game = Game.new(PRESETS["classic"], seed=11, dealer=3, deal=[
        cards("QC 2C 3C 2D 3D 4D 5D 3H 4H 5H 2S 3S 4S"),
        cards("4C 5C 6C 7C 6D 7D 2H 6H 7H 8H 5S 6S 7S"),
        cards("8C 9C AC 8D 9D 10D 9H 10H JH QH KH AH 10S"),
        cards("10C JC KC JD QD KD AD 8S 9S JS QS KS AS")])
    for text in ["bid:3", "bid:0", "bid:3", "bid:3", "play:QC"]:
        game = game.apply(parse_action(text))
    assert forced_play(game.view(1)) == Card.parse("7C").index
