"""Which cards may be played, who wins a trick, and how refusals are explained.

Fixed deals with ``dealer=3``, so seat 0 bids and leads first (000: the player left of
the dealer).  Each test names the rule it checks and the seed that states it.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from spades import PRESETS, Bid, Card, Draw, Game, IllegalAction, Pass, Phase, Play, Replace
from tests.helpers import (
    bid_all,
    cards,
    deal_from_seed,
    random_game,
    reference_legal,
    reference_winner,
)

CLASSIC = PRESETS["classic"]

# A deal with every situation in the first few tricks: seat 3 has one club, so it is
# void on the second club lead; seat 0 holds the ace of spades.
DEAL_A = [
    cards("AC KC QC 2H 3H 4H 5H 2D 3D 4D AS 2S 3S"),
    cards("JC 10C 9C 8C 7C 6H 7H 8H 5D 6D 7D 4S 5S"),
    cards("6C 5C 4C 3C 9H 10H JH QH 8D 9D 10D 6S 7S"),
    cards("2C KH AH JD QD KD AD 8S 9S 10S JS QS KS"),
]
# Seat 0 holds every club and leads; the others are void in clubs.
DEAL_C = [
    cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"),
    cards("2S 3S 4S 5S 6S 7S 8S 2D 3D 4D 5D 6D 7D"),
    cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"),
    cards("9S 10S JS QS KS AS 8D 9D 10D JD QD KD AD"),
]
# Seat 3 holds only spades.
DEAL_SUITS = [[Card(suit * 13 + rank) for rank in range(13)] for suit in range(4)]


def new(deal, dealer=3, bids=(3, 3, 3, 3), rules=CLASSIC):
    return bid_all(Game.new(rules, seed=1, deal=deal, dealer=dealer), bids)


def play(game, *texts):
    for text in texts:
        game = game.apply(Play(Card.parse(text)))
    return game


def legal_cards(game):
    return {action.card for action in game.legal_actions()}


def test_left_of_dealer_bids_and_leads_first_000():
    game = Game.new(CLASSIC, seed=1, deal=DEAL_A, dealer=3)
    assert (game.phase, game.turn) == (Phase.BID, 0)
    game = bid_all(game, (3, 3, 3, 3))
    assert (game.phase, game.turn) == (Phase.PLAY, 0)


def test_follow_suit_if_you_can_000():
    game = play(new(DEAL_A), "AC")
    assert legal_cards(game) == set(cards("JC 10C 9C 8C 7C"))
    game = play(game, "7C", "3C")
    assert legal_cards(game) == set(cards("2C"))  # seat 3's only club


def test_void_may_trump_or_discard_000():
    game = play(new(DEAL_A), "AC", "7C", "3C", "2C", "KC", "8C", "4C")
    assert game.turn == 3
    assert legal_cards(game) == set(game.hands[3])  # void in clubs: any card, spades too
    assert game.explain(Play(Card.parse("KS"))) is None
    assert game.explain(Play(Card.parse("AD"))) is None


def test_spades_not_broken_refuses_a_spade_lead_000():
    game = new(DEAL_A)
    assert not game.spades_broken
    assert legal_cards(game) == {c for c in game.hands[0] if c.suit != 3}
    why = game.explain(Play(Card.parse("AS")))
    assert why is not None and why.code == "spades_not_broken"
    assert why.message == (
        "Spades aren't broken yet: lead another suit until a spade has been played.")


def test_trumping_in_breaks_spades_and_wins_000():
    game = play(new(DEAL_A), "AC", "7C", "3C", "2C", "KC", "8C", "4C")
    game = play(game, "8S")
    assert game.spades_broken
    assert game.tricks[-1].winner == 3 and game.turn == 3  # the winner leads next
    assert game.tricks_won == (1, 0, 0, 2 - 1)


def test_broken_spades_may_be_led_000():
    game = play(new(DEAL_A), "AC", "7C", "3C", "2C", "KC", "8C", "4C", "8S")
    assert game.explain(Play(Card.parse("9S"))) is None
    game = play(game, "9S")
    assert legal_cards(game) == set(cards("AS 2S 3S"))  # follow the spade lead
    game = play(game, "AS", "4S", "6S")
    assert game.tricks[-1].winner == 0  # the highest spade wins


def test_all_spade_hand_may_lead_a_spade_and_breaks_spades_000():
    game = new(DEAL_SUITS, dealer=2)  # seat 3 holds only spades and leads
    assert game.turn == 3 and not game.spades_broken
    assert legal_cards(game) == set(game.hands[3])
    game = play(game, "2S")
    assert game.spades_broken  # a forced spade lead breaks spades (000)
    game = play(game, "AC", "AD", "AH")
    assert game.tricks[-1].winner == 3  # the only spade, the two, beats three aces


def test_the_higher_spade_wins_among_trumps_000():
    game = play(new(DEAL_C), "2C", "8S", "AH", "9S")
    assert game.tricks[-1].winner == 3 and game.turn == 3


def test_off_suit_high_card_does_not_win_000():
    game = play(new(DEAL_C), "2C", "2D", "AH", "AD")
    assert game.tricks[-1].winner == 0 and game.turn == 0


def test_without_spades_the_highest_of_the_led_suit_wins_000():
    game = play(new(DEAL_A), "2H", "8H", "QH", "AH")
    assert game.tricks[-1].winner == 3
    game = play(game, "KH", "3H", "7H", "JH")
    assert game.tricks[-1].winner == 3 and game.turn == 3


def test_follow_suit_explained_by_the_led_suit_000():
    game = play(new(DEAL_A), "2H")
    why = game.explain(Play(Card.parse("5D")))
    assert why is not None
    assert why.code == "follow_suit"
    assert why.message == "You still have hearts, so you must follow suit."
    assert why.values == {"suit": "H"}  # what the sentence speaks of, for any language
    game = play(new(DEAL_A), "2D")
    why = game.explain(Play(Card.parse("JC")))
    assert why is not None and why.message == "You still have diamonds, so you must follow suit."


def test_not_in_hand():
    game = new(DEAL_A)
    why = game.explain(Play(Card.parse("2C")))
    assert why is not None and why.code == "not_in_hand"
    assert why.message == "You don't hold the two of clubs."
    assert why.values == {"card": "2C"}


@pytest.mark.parametrize("thing", ["2C", None, 3])
def test_a_play_is_made_of_a_card(thing):
    """Regression: ``apply(Play("2C"))`` in the play phase reached apply's fast path and
    raised AttributeError/TypeError; a Play of anything but a Card is now refused when made,
    like Pass and Replace."""
    with pytest.raises(TypeError):
        Play(thing)


@pytest.mark.parametrize(
    ("action", "rules"),
    [(Bid(14), CLASSIC), (Bid(-1), CLASSIC), (Bid(99), CLASSIC),
     (Bid(0, blind=True), CLASSIC), (Bid(0, blind=True), PRESETS["quick"]),
     (Bid(3, blind=True), PRESETS["blind-nil"]), (Bid(True), CLASSIC),
     (Bid(3.0), CLASSIC)],  # type: ignore[arg-type]
    ids=["14", "-1", "99", "blind at classic (000: no Blind Nil)", "blind at quick",
         "blind 3", "bool", "float"],
)
def test_bad_bid(action, rules):
    """000: a bid is Nil or 1 to 13; Blind Nil only at the blind-nil table (003)."""
    game = Game.new(rules, seed=1, deal=DEAL_A, dealer=3)
    why = game.explain(action)
    assert why is not None and why.code == "bad_bid"
    with pytest.raises(IllegalAction) as caught:
        game.apply(action)
    assert caught.value.code == "bad_bid"


def test_nil_and_one_to_thirteen_are_the_bids_000():
    game = Game.new(CLASSIC, seed=1, deal=DEAL_A, dealer=3)
    assert game.legal_actions() == [Bid(n) for n in range(14)]
    assert all(game.explain(Bid(n)) is None for n in range(14))


@pytest.mark.parametrize(
    "action",
    [Play(Card.parse("AC")), Draw(True), Draw(False), Pass(cards("AC KC QC")), Replace([])],
    ids=["play during bidding", "draw keep", "draw discard", "pass", "replace"],
)
def test_wrong_phase_during_bidding(action):
    game = Game.new(CLASSIC, seed=1, deal=DEAL_A, dealer=3)
    why = game.explain(action)
    assert why is not None and why.code == "wrong_phase"


@pytest.mark.parametrize("action", [Bid(3), Draw(True), Pass(cards("AC KC QC"))])
def test_wrong_phase_during_play(action):
    game = new(DEAL_A)
    why = game.explain(action)
    assert why is not None and why.code == "wrong_phase"


def test_not_an_action_is_wrong_phase():
    game = new(DEAL_A)
    for thing in ("play:AC", None, 3, Card.parse("AC")):
        why = game.explain(thing)
        assert why is not None and why.code == "wrong_phase"
        with pytest.raises(IllegalAction):
            game.apply(thing)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("moves", "action", "code"),
    [((), Play(Card.parse("AS")), "spades_not_broken"),
     (("2H",), Play(Card.parse("5D")), "follow_suit"),
     ((), Play(Card.parse("2C")), "not_in_hand"),
     ((), Bid(4), "wrong_phase")],
)
def test_apply_raises_and_leaves_the_game_unchanged(moves, action, code):
    """000: an illegal card gets an explanation and the turn goes on."""
    game = play(new(DEAL_A), *moves)
    before = game.to_json()
    with pytest.raises(IllegalAction) as caught:
        game.apply(action)
    assert isinstance(caught.value, ValueError)
    assert caught.value.code == code
    assert caught.value.explanation == game.explain(action)
    assert str(caught.value) == caught.value.explanation.message
    assert game.to_json() == before
    assert game.legal_actions()  # the turn goes on


def test_apply_refuses_everything_once_the_game_is_over():
    rules = dataclasses.replace(CLASSIC, target=40)
    game = random_game(rules, seed=1, rng=random.Random(3), max_hands=50)
    assert game.phase is Phase.GAME_OVER and game.turn is None
    assert game.legal_actions() == []
    for action in (Bid(3), Play(Card.parse("AS"))):
        why = game.explain(action)
        assert why is not None and why.code == "wrong_phase"
        with pytest.raises(IllegalAction):
            game.apply(action)


# ------------------------------------------------------------------ perft

def perft(game: Game, depth: int) -> int:
    """Leaf positions after ``depth`` plays, through the engine."""
    if depth == 0:
        return 1
    return sum(perft(game.apply(action), depth - 1) for action in game.legal_actions())


def brute_force(hands, leader, trick, broken, depth):
    """The same count with plain lists of cards and the rules written out again."""
    if depth == 0:
        return 1
    seat = (trick[-1][0] + 1) % 4 if trick else leader
    total = 0
    for card in reference_legal(hands[seat], [c for _, c in trick], broken):
        rest = [[c for c in hand if c != card] for hand in hands]
        now = [*trick, (seat, card)]
        broken_now = broken or card.suit == 3
        if len(now) == 4:
            total += brute_force(rest, reference_winner(now), [], broken_now, depth - 1)
        else:
            total += brute_force(rest, leader, now, broken_now, depth - 1)
    return total


# Computed once with ``perft``, confirmed by ``brute_force``, then written down.
# Deal C: everyone but the leader is void, so the first trick is 13 ** 4.
PERFT = {
    "deal A": [10, 36, 135, 264, 1764, 5304],
    "deal C": [13, 169, 2197, 28561],
    "seeded deal 1": [9, 30, 96, 294, 2558, 7284],
}


def _deal(name):
    return {"deal A": DEAL_A, "deal C": DEAL_C, "seeded deal 1": deal_from_seed(1)}[name]


@pytest.mark.parametrize("name", sorted(PERFT))
def test_perft_matches_a_brute_force_count(name):
    game = new(_deal(name))
    hands = [list(h) for h in game.hands]
    for depth in range(1, min(5, len(PERFT[name])) + 1):
        assert perft(game, depth) == brute_force(hands, 0, [], False, depth)


@pytest.mark.parametrize("name", sorted(PERFT))
def test_perft_golden_counts(name):
    game = new(_deal(name))
    counts = [perft(game, depth) for depth in range(1, len(PERFT[name]) + 1)]
    assert counts == PERFT[name]
