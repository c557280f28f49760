"""The hand review (spades/review.py): each finished hand replayed from the game's actions
must agree with the engine as the hand was played: the cards, the tricks, the bids and the
score sheet; the two-player draw and the Blind Nil exchange account for every card."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades import PRESETS, Bid, Card, Draw, Game, Phase, Rules, Trick
from spades.actions import Action
from spades.review import (
    DrawDecision,
    HandReplay,
    hand_replay,
    hand_replays,
    review_step,
)
from tests.helpers import ALL_CARDS, bid_all, cards, random_action, reference_winner, suit_deal

PRESET_NAMES = list(PRESETS)
HANDS = 4


def adventurous_action(game: Game, rng: random.Random) -> Action:
    """A random legal action that bids Blind (Double) Nil often, so that reviews show
    exchanges and replacements."""
    legal = game.legal_actions()
    blind = [a for a in legal if isinstance(a, Bid) and a.blind]
    if blind and rng.random() < 0.3:
        return blind[0]
    return random_action(game, rng)


class Witness:
    """What the engine showed while the game was played: each hand's cards as play began
    and its first 12 tricks (the 13th leaves no trace once the next hand is dealt)."""

    def __init__(self) -> None:
        self.at_play: dict[int, tuple[tuple[Card, ...], ...]] = {}
        self.tricks: dict[int, tuple[Trick, ...]] = {}

    def see(self, game: Game) -> None:
        if game.phase is not Phase.PLAY or game.trick.plays:
            return
        number = game.hand_number
        if not game.tricks:
            self.at_play.setdefault(number, game.hands)
        if len(game.tricks) == 12:
            self.tricks.setdefault(number, game.tricks)


def play_game(rules: Rules, seed: int, hands: int = HANDS) -> tuple[Game, Witness]:
    """A game of ``rules`` played by random players, to its end or into hand ``hands``."""
    rng = random.Random(seed)
    game = Game.new(rules, seed=seed)
    witness = Witness()
    while game.winner is None and game.hand_number < hands:
        witness.see(game)
        game = game.apply(adventurous_action(game, rng))
    return game, witness


def check_replay(replay: HandReplay, number: int, game: Game, witness: Witness) -> None:
    record = game.history[number]
    players = game.rules.players
    assert replay.number == number and replay.record == record
    assert replay.dealer == record.dealer and replay.players == players
    assert replay.bids == record.bids and replay.blind == record.blind
    # The engine's tricks, as it showed them while the hand was played.
    assert replay.hands_at_play == witness.at_play[number]
    assert replay.tricks[:12] == witness.tricks[number]
    assert len(replay.tricks) == 13
    won = Counter(trick.winner for trick in replay.tricks)
    assert tuple(won[seat] for seat in range(players)) == record.tricks
    for index, trick in enumerate(replay.tricks):
        assert len(trick.plays) == players
        assert trick.leader == trick.plays[0][0]
        assert trick.winner == reference_winner(trick.plays)
        if index:
            assert trick.leader == replay.tricks[index - 1].winner
    # Each seat played exactly the cards it held when play began.
    for seat in range(players):
        played = sorted(card for trick in replay.tricks
                        for who, card in trick.plays if who == seat)
        assert tuple(played) == replay.hands_at_play[seat]
    held = [card for hand in replay.hands_at_play for card in hand]
    assert len(held) == len(set(held)) == 13 * players
    if players == 4:
        check_exchange(replay)
    else:
        check_draw(replay, game.rules.dealer_leads)


def check_exchange(replay: HandReplay) -> None:
    """Four players: dealt 13 each (52 in all); the passes turn the dealt hands into the
    hands at play, two after each Blind Nil, between partners."""
    dealt = [set(hand) for hand in replay.dealt]
    assert sorted(c for hand in dealt for c in hand) == list(ALL_CARDS)
    assert replay.draws == ((), (), (), ()) and replay.replaced == ()
    assert replay.first_leader == (replay.dealer + 1) % 4
    # (partners who both bid Blind Nil exchange nothing)
    lonely = [s for s in range(4) if replay.blind[s] and not replay.blind[(s + 2) % 4]]
    assert len(replay.passes) == 2 * len(lonely)
    for move in replay.passes:
        assert move.receiver == (move.giver + 2) % 4
        assert len(move.cards) == 3 and set(move.cards) <= dealt[move.giver]
        dealt[move.giver] -= set(move.cards)
        dealt[move.receiver] |= set(move.cards)
    assert [tuple(sorted(hand)) for hand in dealt] == list(replay.hands_at_play)


def check_draw(replay: HandReplay, dealer_leads: bool) -> None:
    """Two players: 13 draw decisions each, 52 different cards seen; the cards kept (with
    any Double Nil replacement) are the hand the bidding began with, and play begins with
    it (no exchange at two players)."""
    assert replay.passes == ()
    assert [len(draws) for draws in replay.draws] == [13, 13]
    seen = [c for draws in replay.draws for d in draws for c in (d.top, d.second)]
    assert sorted(seen) == list(ALL_CARDS)
    non_dealer = 1 - replay.dealer
    assert replay.first_leader == (replay.dealer if dealer_leads else non_dealer)
    for seat in (0, 1):
        kept = {d.taken for d in replay.draws[seat]}
        thrown = {d.discarded for d in replay.draws[seat]}
        assert len(kept) == 13 and not kept & thrown
        for swap in replay.replaced:
            if swap.seat == seat:
                assert replay.blind[seat] and set(swap.given) <= kept
                assert len(swap.received) == len(swap.given)
                kept = kept - set(swap.given) | set(swap.received)
        assert tuple(sorted(kept)) == replay.dealt[seat] == replay.hands_at_play[seat]
    assert {swap.seat for swap in replay.replaced} == {s for s in (0, 1) if replay.blind[s]}


def check_steps(replay: HandReplay) -> None:
    players = replay.players
    start = review_step(replay, 0)
    assert start.trick is None and start.won == (0,) * players
    assert start.hands == replay.hands_at_play
    assert start.next_leader == replay.first_leader and not start.last
    for k in range(1, 14):
        step = review_step(replay, k)
        previous = review_step(replay, k - 1)
        assert step.step == k and step.trick == replay.tricks[k - 1]
        assert [len(hand) for hand in step.hands] == [13 - k] * players
        for seat in range(players):
            gone = set(previous.hands[seat]) - set(step.hands[seat])
            assert gone == {card for who, card in step.trick.plays if who == seat}
        assert sum(step.won) == k
        assert step.next_leader == (replay.tricks[k].leader if k < 13 else None)
    assert review_step(replay, 13).won == replay.record.tricks
    assert review_step(replay, 13).last and review_step(replay, 13).hands == ((),) * players
    assert review_step(replay, -3) == start
    assert review_step(replay, 99) == review_step(replay, 13)


@pytest.mark.parametrize("name", PRESET_NAMES)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**20))
def test_every_finished_hand_replays_as_the_engine_played_it(name: str, seed: int) -> None:
    # A hand cap ends the game within a few hands (unless the scores are level): the last
    # hand is the one that ends it.
    rules = replace(PRESETS[name], hand_cap=HANDS)
    game, witness = play_game(rules, seed, hands=HANDS + 3)
    assert game.winner is not None or game.scores[0] == game.scores[1]
    replays = hand_replays(game)
    assert len(replays) == len(game.history)
    for number, replay in enumerate(replays):
        check_replay(replay, number, game, witness)
    check_steps(replays[-1])


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_a_game_in_progress_reviews_its_finished_hands(name: str) -> None:
    game, witness = play_game(PRESETS[name], seed=11, hands=3)
    rng = random.Random(5)
    for _ in range(30):  # into the next hand: a bid, a draw or a card or two
        if game.winner is None:
            game = game.apply(adventurous_action(game, rng))
    replays = hand_replays(game)
    assert len(replays) == len(game.history) >= 1
    for number, replay in enumerate(replays):
        check_replay(replay, number, game, witness)
        check_steps(replay)
        assert hand_replay(game, number) == replay
    with pytest.raises(IndexError):
        hand_replay(game, len(game.history))
    with pytest.raises(IndexError):
        hand_replay(game, -1)


def test_a_new_game_has_nothing_to_review() -> None:
    assert hand_replays(Game.new(PRESETS["classic"], seed=1)) == ()


def finish_hand(game: Game) -> Game:
    """Play the first legal action until the hand is over."""
    count = len(game.history)
    while len(game.history) == count:
        game = game.apply(game.legal_actions()[0])
    return game


def test_a_hand_checked_four_player_hand() -> None:
    # South all clubs, West diamonds, North hearts, East spades; East deals, so South,
    # left of the dealer, leads the 2 of clubs and East trumps every trick.
    game = bid_all(Game.new(PRESETS["classic"], deal=suit_deal(), dealer=3), [1, 1, 1, 1])
    replay = hand_replay(finish_hand(game), 0)
    assert replay.dealer == 3 and replay.first_leader == 0
    first = Trick(0, tuple(zip(range(4), cards("2C 2D 2H 2S"), strict=True)), 3)
    assert replay.tricks[0] == first
    assert all(trick.leader == trick.winner == 3 for trick in replay.tricks[1:])
    assert replay.record.tricks == (0, 0, 0, 13)
    assert replay.dealt == replay.hands_at_play == tuple(tuple(hand) for hand in suit_deal())
    step = review_step(replay, 1)
    assert step.trick == first and step.won == (0, 0, 0, 1) and step.next_leader == 3
    assert step.hands[0] == tuple(cards("3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"))


def test_a_hand_checked_draw() -> None:
    # The stock in deck order, top first: 2C 3C 4C 5C...  South deals, so West draws first.
    game = Game.new(PRESETS["duel"], deal=[ALL_CARDS], dealer=0)
    game = game.apply(Draw(True))    # West keeps the 2C; the 3C goes to the discards
    game = game.apply(Draw(False))   # South discards the 4C and takes the 5C
    while game.phase is Phase.DRAW:
        game = game.apply(Draw(True))
    replay = hand_replay(finish_hand(game), 0)
    assert replay.draws[1][0] == DrawDecision(Card.parse("2C"), True, Card.parse("3C"))
    south = replay.draws[0][0]
    assert south == DrawDecision(Card.parse("4C"), False, Card.parse("5C"))
    assert south.taken == Card.parse("5C") and south.discarded == Card.parse("4C")
    assert replay.dealt[1][:2] == tuple(cards("2C 6C"))
    assert replay.dealt[0][:2] == tuple(cards("5C 8C"))


def test_restart_is_the_game_before_its_first_action() -> None:
    rng = random.Random(3)
    for rules, deal in ((PRESETS["classic"], suit_deal()), (PRESETS["duel"], [ALL_CARDS])):
        game = Game.new(rules, seed=9, deal=deal, dealer=1)
        for _ in range(60):
            game = game.apply(random_action(game, rng))
        again = game.restart()
        assert again.actions == () and again.dealer == 1 and again.seed == 9
        assert again.to_json() == Game.new(rules, seed=9, deal=deal, dealer=1).to_json()
        for action in game.actions:
            again = again.apply(action)
        assert again.to_json() == game.to_json()
    game = Game.new(PRESETS["quick"], seed=4)
    assert game.restart().to_json() == game.to_json()
