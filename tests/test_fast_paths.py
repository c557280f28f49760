"""The engine's fast paths give the game the plain rules give (issue 46: random hands through
the public API at least as fast as OpenSpiel's C++, since a coach's marks are playouts).

The legal plays are listed from tables, a legal play is written out in ``apply``, a hand
dealt from the seed is dealt only when its cards are first needed, and the deal builds its
bitboards seat by seat: each is checked here against the rule it stands for.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from spades import PRESETS, Bid, Game, Phase, Play
from spades.cards import cards_of
from spades.dealing import deal_hands, shuffled_deck
from tests.helpers import reference_legal


def states(preset: str, seed: int, hands: int = 2) -> Iterator[Game]:
    """Every state of a random game, for its first ``hands`` hands."""
    rng = random.Random(seed)
    game = Game.new(PRESETS[preset], seed=seed)
    while game.winner is None and game.hand_number < hands:
        yield game
        actions = game.legal_actions()
        game = game.apply(actions[rng.randrange(len(actions))])


def table(game: Game) -> tuple[object, ...]:
    """What a player can read of a game."""
    return (game.phase, game.turn, game.hand_number, game.hands, game.bids, game.trick,
            game.tricks, game.tricks_won, game.spades_broken, game.scores, game.bags,
            game.history, game.winner, game.actions, game.legal_actions())


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_legal_plays_are_the_rules_in_card_order(preset):
    """000: follow suit if you can; no spade lead before spades are broken."""
    for game in states(preset, seed=46):
        if game.phase is Phase.PLAY:
            hand = game.hands[game.turn]
            trick = [card for _, card in game.trick.plays]
            legal = reference_legal(hand, trick, game.spades_broken)
            assert game.legal_actions() == [Play(card) for card in sorted(legal)]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_play_leaves_the_game_it_was_applied_to_as_it_was(preset):
    for game in states(preset, seed=7):
        if game.phase is Phase.PLAY:
            before = table(game)
            after = [game.apply(action) for action in game.legal_actions()]
            assert table(game) == before
            assert all(len(other.actions) == len(game.actions) + 1 for other in after)


def test_the_next_hand_is_dealt_from_the_seed_whenever_it_is_first_read():
    """Its cards wait until they are needed; a game copied before they were dealt, and read
    in any order, gets the same cards."""
    rules = PRESETS["classic"]
    game = next(g for g in states("classic", seed=46) if g.hand_number == 1)
    first = [" ".join(map(str, hand)) for hand in game.hands]
    assert first == [" ".join(map(str, cards_of(mask))) for mask in deal_hands(46, 1)]
    again = next(g for g in states("classic", seed=46) if g.hand_number == 1)
    bid = again.apply(Bid(3))  # copied before its cards were read
    assert [" ".join(map(str, hand)) for hand in bid.hands] == first
    assert [" ".join(map(str, hand)) for hand in again.hands] == first
    assert again.view(again.turn).hand == game.hands[again.turn]
    assert Game.from_json(bid.to_json()).hands == bid.hands
    assert Game.new(rules, seed=46).hands != game.hands


def test_a_seed_deals_the_same_cards_as_ever():
    """The daily game and every save rely on it: seed 46's first hand, and a two-player
    deal of its second hand."""
    game = Game.new(PRESETS["classic"], seed=46)
    assert [" ".join(map(str, hand)) for hand in game.hands] == [
        "3C KC 3D 5D 7D KD 2H 4H KH 2S 7S JS AS",
        "2C 7C 8C QC 8D 9D QD 3H 6H 8H QH 6S 9S",
        "9C 10C 4D 6D 10D AD 7H 9H 10H 3S 4S 5S QS",
        "4C 5C 6C JC AC 2D JD 5H JH AH 8S 10S KS",
    ]
    assert [" ".join(map(str, cards_of(mask))) for mask in deal_hands(46, 1, 2)] == [
        "3C 4C KC AC 3D 5D 6D 10D JD 4H 7H 10H KH",
        "7C QC 2D 4D 7D 9D KD AD QH 3S 4S 6S QS",
    ]


@pytest.mark.parametrize("players", [2, 4])
def test_each_seat_is_dealt_one_card_in_turn(players):
    for seed in range(200):
        deck = shuffled_deck(seed, 3)
        hands = [0] * players
        for position, index in enumerate(deck[:13 * players]):
            hands[position % players] |= 1 << index
        assert deal_hands(seed, 3, players) == tuple(hands)
