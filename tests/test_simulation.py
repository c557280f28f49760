"""Random games of every preset, checking the invariants at every step (DESIGN, 'Tests':
52 cards accounted for, 13 tricks, a legal action always exists until the game ends,
scores equal the sum of hand scores; and saves round-trip at every step)."""

from __future__ import annotations

import random

import pytest

from spades import PRESETS, Bid, Game, Phase, Play, score_hand
from tests.helpers import ALL_CARDS, random_action

GAMES_PER_PRESET = 4
MAX_HANDS = 4


def check_cards_accounted_for(game: Game) -> None:
    """Every one of the 52 cards is in exactly one place: a hand, a trick, out of play
    (two players: thrown away in the draw) or still in the stock."""
    players = game.rules.players
    in_hands = [c for hand in game.hands for c in hand]
    played = [c for t in (*game.tricks, game.trick) for _, c in t.plays]
    views = [game.view(seat) for seat in range(players)]
    # A Double Nil replacement (001) draws from the discards: those cards are back in play.
    out = {c for v in views for c in v.discarded} - set(in_hands) - set(played)
    stock_left = views[0].stock_left
    assert len(set(in_hands)) == len(in_hands)
    assert not set(in_hands) & set(played) and not out & set(played)
    assert len(in_hands) + len(played) + len(out) + stock_left == 52
    if players == 4:
        assert not out and stock_left == 0
        assert len(in_hands) + len(played) == 52
    else:
        draws = len(views[0].draws)
        assert len(out) == draws and stock_left == 52 - 2 * draws
        if game.phase is not Phase.DRAW:
            assert len(in_hands) + len(played) == 26
    if game.phase is Phase.PLAY:
        sizes = [len(hand) for hand in game.hands]
        trick_seats = {seat for seat, _ in game.trick.plays}
        expected = 13 - len(game.tricks)
        assert sizes == [expected - (seat in trick_seats) for seat in range(players)]


def check_legality_agrees_with_explain(game: Game) -> None:
    legal = game.legal_actions()
    if game.phase is Phase.GAME_OVER:
        assert legal == [] and game.winner is not None
        return
    assert legal, "a legal action always exists until the game ends (000: no way to be stuck)"
    assert len(set(legal)) == len(legal)
    for action in legal:
        assert game.explain(action) is None, action
    legal_plays = {a.card for a in legal if isinstance(a, Play)}
    for card in ALL_CARDS:
        why = game.explain(Play(card))
        assert (why is None) == (card in legal_plays), card
        if why is not None and game.phase is Phase.PLAY:
            expected = {"not_in_hand", "follow_suit", "spades_not_broken"}
            assert why.code in expected
            assert (why.code == "not_in_hand") == (card not in game.hands[game.turn])
    for n in range(-1, 15):
        assert (game.explain(Bid(n)) is None) == (Bid(n) in legal), n


def check_scores(game: Game) -> None:
    """Scores equal the sum of the hand scores, recomputed from each hand's bids and tricks
    with ``score_hand``."""
    scores, bags = [0, 0], (0, 0)
    for record in game.history:
        assert sum(record.tricks) == 13  # 13 tricks a hand
        result = score_hand(game.rules, record.bids, record.tricks, bags, record.blind)
        assert result.points == record.points
        assert result.bags == record.bags
        scores = [scores[0] + result.points[0], scores[1] + result.points[1]]
        bags = result.bags
        assert tuple(scores) == record.scores
    assert tuple(scores) == game.scores and bags == game.bags
    finished = game.phase is Phase.GAME_OVER
    assert len(game.tricks) == 13 if finished else len(game.tricks) <= 12


def check_save_round_trip(game: Game) -> None:
    text = game.to_json()
    loaded = Game.from_json(text)
    assert loaded.to_json() == text
    assert loaded.actions == game.actions
    assert loaded.legal_actions() == game.legal_actions()
    for seat in range(game.rules.players):
        assert loaded.view(seat) == game.view(seat)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_random_games_keep_every_invariant(preset):
    rules = PRESETS[preset]
    rng = random.Random(f"simulation {preset}")
    for number in range(GAMES_PER_PRESET):
        game = Game.new(rules, seed=rng.randrange(1 << 40))
        steps = 0
        while True:
            check_cards_accounted_for(game)
            check_legality_agrees_with_explain(game)
            check_scores(game)
            check_save_round_trip(game)
            if game.phase is Phase.GAME_OVER or game.hand_number >= MAX_HANDS:
                break
            hand = game.hand_number
            game = game.apply(random_action(game, rng))
            assert game.hand_number in (hand, hand + 1)
            steps += 1
        assert game.history, number


@pytest.mark.parametrize("preset", list(PRESETS))
def test_random_games_reach_the_end(preset):
    """Low targets, so that random games end: the end is reached by every preset."""
    import dataclasses

    rules = dataclasses.replace(PRESETS[preset], target=80, bag_limit=1000)
    rng = random.Random(f"end {preset}")
    for _ in range(3):
        game = Game.new(rules, seed=rng.randrange(1 << 40))
        while game.phase is not Phase.GAME_OVER:
            assert game.hand_number < 40
            actions = game.legal_actions()
            game = game.apply(Bid(2) if Bid(2) in actions else rng.choice(actions))
        check_legality_agrees_with_explain(game)
        check_scores(game)
        check_save_round_trip(game)
