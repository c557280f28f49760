"""The Expert (determinised search), its sampler and playout simulator, and the Oracle."""

from __future__ import annotations

import random

import pytest

from spades import PRESETS, Bid, Card, Game, Pass, Phase, Play, Replace
from spades.actions import Action
from spades.ai.base import Budget
from spades.ai.expert import ExpertBot, equivalence_groups
from spades.ai.oracle import OracleBot
from spades.ai.playout import choose_follow, choose_lead, legal_mask, play_card, playout
from spades.ai.sampler import Sampler
from spades.cards import FULL_DECK, SUIT_MASKS
from tests.helpers import filled_deal

SMALL = Budget(simulations=24)


def _masks(game: Game) -> list[int]:
    return [sum(1 << c.index for c in hand) for hand in game.hands]


def _random_play_position(seed: int, preset: str = "classic", plays: int | None = None) -> Game:
    """A game in the play phase after a random number of random plays."""
    rng = random.Random(seed)
    game = Game.new(PRESETS[preset], seed=seed)
    while game.phase is not Phase.PLAY:
        actions = game.legal_actions()
        if game.phase is Phase.BID:
            actions = [a for a in actions if isinstance(a, Bid) and not a.blind] or actions
        game = game.apply(actions[rng.randrange(len(actions))])
    target = rng.randrange(0, 13 * game.rules.players - 1) if plays is None else plays
    for _ in range(target):
        actions = game.legal_actions()
        game = game.apply(actions[rng.randrange(len(actions))])
    assert game.phase is Phase.PLAY and game.hand_number == 0
    return game


# ---------------------------------------------------------------------- the sampler

@pytest.mark.parametrize("preset", ["classic", "blind-nil", "quick", "duel", "two-handed"])
def test_sampler_deals_are_consistent_with_the_view(preset: str) -> None:
    for seed in range(12):
        game = _random_play_position(seed, preset)
        seat = game.turn
        assert seat is not None
        view = game.view(seat)
        players = game.rules.players
        # Voids from the record, computed plainly.
        void = [set() for _ in range(players)]
        for trick in (*view.tricks, view.trick):
            if trick.plays:
                lead = trick.plays[0][1].suit
                for s, c in trick.plays:
                    if c.suit != lead:
                        void[s].add(lead)
        sampler = Sampler(view)
        rng = random.Random(seed)
        own, played = view.hand_mask, view.played_mask
        discarded = sum(1 << c.index for c in view.discarded)
        for _ in range(20):
            hands = sampler.sample(rng)
            assert hands[seat] == own
            union = 0
            for s in range(players):
                assert hands[s].bit_count() == view.hand_sizes[s]
                assert hands[s] & union == 0
                union |= hands[s]
                for suit in void[s]:
                    assert hands[s] & SUIT_MASKS[suit] == 0, "dealt a suit the seat showed out of"
            assert union & played == 0
            if not any(view.replaced[s] for s in range(players) if s != seat):
                # Own discards are out of play, unless an opponent drew from the pile (001).
                assert union & discarded & ~own == 0
            if players == 4:
                assert union | played == FULL_DECK


def test_sampler_is_deterministic_and_respects_passed_cards() -> None:
    rules = PRESETS["blind-nil"]
    game = Game.new(rules, seed=5)
    while game.phase is Phase.BID:
        game = game.apply(Bid(0, blind=True) if game.turn == 0 else Bid(3))
    assert game.phase is Phase.PASS
    game = game.apply(game.legal_actions()[0])  # North passes three cards to South
    received = set(game.view(0).received)
    back = [c for c in game.hands[0] if c not in received][:3]
    game = game.apply(Pass(back))  # South returns three of its own
    view = game.view(2)  # the partner who passed three cards to seat 0
    assert len(view.passed) == 3
    sampler = Sampler(view)
    passed = sum(1 << c.index for c in view.passed)
    first = [sampler.sample(random.Random(9)) for _ in range(3)]
    assert first == [sampler.sample(random.Random(9)) for _ in range(3)]
    for hands in first:
        assert hands[0] & passed == passed


def test_sampler_uses_the_bids_as_evidence() -> None:
    # A Nil bidder rarely holds the ace of spades.
    hits, total = 0, 0
    for seed in range(30):
        game = Game.new(PRESETS["classic"], seed=seed)
        bids = {0: 3, 1: 0, 2: 3, 3: 4}
        while game.phase is Phase.BID:
            assert game.turn is not None
            game = game.apply(Bid(bids[game.turn]))
        view = game.view(0)
        if Card.parse("AS") in view.hand:
            continue
        sampler = Sampler(view)
        rng = random.Random(seed)
        for _ in range(10):
            hands = sampler.sample(rng)
            hits += hands[1] >> Card.parse("AS").index & 1
            total += 1
    assert total > 0 and hits / total < 0.15  # a third without the evidence


# ---------------------------------------------------------------------- the simulator

@pytest.mark.parametrize("preset", ["classic", "duel"])
def test_playout_simulator_agrees_with_the_engine(preset: str) -> None:
    for seed in range(40):
        game = _random_play_position(seed, preset)
        hands = _masks(game)
        trick = [(s, c.index) for s, c in game.trick.plays]
        won = list(game.tricks_won)
        broken = game.spades_broken
        lead_breaks = game.rules.lead_breaks_spades
        nil = [b == 0 for b in game.bids]
        turn = game.turn
        rng = random.Random(seed)
        while game.phase is Phase.PLAY and game.hand_number == 0:
            assert turn == game.turn
            legal = legal_mask(hands[turn], trick, broken)
            assert legal == sum(1 << a.card.index for a in game.legal_actions()
                                if isinstance(a, Play))
            if rng.random() < 0.5:
                card = (choose_follow(hands, turn, trick, nil, won, sum(hands), len(hands))
                        if trick else choose_lead(hands, turn, broken, nil, won, sum(hands),
                                                  len(hands)))
                assert legal >> card & 1, "the policy played an illegal card"
            else:
                options = [i for i in range(52) if legal >> i & 1]
                card = rng.choice(options)
            turn, spade = play_card(hands, trick, turn, card, won, lead_breaks=lead_breaks)
            broken = broken or spade
            before = game.hand_number
            game = game.apply(Play(Card(card)))
            if game.hand_number == before:
                assert list(game.tricks_won) == won
                assert game.spades_broken == broken


@pytest.mark.parametrize("preset", ["classic", "quick", "duel"])
def test_playouts_replay_exactly_in_the_engine(preset: str) -> None:
    for seed in range(30):
        game = _random_play_position(seed, preset)
        rng = random.Random(seed)
        record: list[int] = []
        nil = [b == 0 for b in game.bids]
        assert game.turn is not None
        result = playout(_masks(game), [(s, c.index) for s, c in game.trick.plays], game.turn,
                         game.spades_broken, list(game.tricks_won), nil, rng,
                         0.3 if seed % 2 else 0.0, record,
                         lead_breaks=game.rules.lead_breaks_spades)
        for card in record:
            game = game.apply(Play(Card(card)))  # raises if the playout played illegally
        assert len(game.history) == 1  # the hand is over (the game may be too)
        assert list(game.history[0].tricks) == result


def test_playout_plays_every_card_and_thirteen_tricks() -> None:
    for seed in range(20):
        game = _random_play_position(seed, plays=0)
        result = playout(_masks(game), [], game.turn or 0, False, [0, 0, 0, 0],
                         [b == 0 for b in game.bids], lead_breaks=True)
        assert sum(result) == 13


def test_equivalent_cards_are_searched_once() -> None:
    hand = sum(1 << Card.parse(c).index for c in ("9H", "10H", "QH", "2C"))
    played = 1 << Card.parse("JH").index
    groups = equivalence_groups(hand, hand, played)
    assert sorted(groups) == sorted(Card.parse(c).index for c in ("9H", "2C"))


# ---------------------------------------------------------------------- the Expert

@pytest.mark.parametrize("preset", ["classic", "blind-nil", "quick", "duel", "two-handed"])
def test_expert_makes_legal_choices_at_every_decision(preset: str) -> None:
    rules = PRESETS[preset]
    for seed in (1, 2):
        game = Game.new(rules, seed=seed)
        bots = [ExpertBot(seed=s, budget=SMALL) for s in range(rules.players)]
        phases = set()
        while game.winner is None and game.hand_number < 2:
            seat = game.turn
            assert seat is not None
            view = game.view(seat)
            action = bots[seat].choose(view)
            assert game.is_legal(action), (preset, game.phase, action)
            phases.add(game.phase)
            game = game.apply(action)
        assert Phase.PLAY in phases and Phase.BID in phases


def test_expert_blind_nil_and_exchange_when_far_behind() -> None:
    # Far behind and the opponents close to the target: Blind Nil, then the exchange.
    game = Game.new(PRESETS["blind-nil"], seed=4)
    game._scores = (100, 420)  # a score situation, set directly for the test
    seat = game.turn
    assert seat is not None
    bot = ExpertBot(seed=0, budget=SMALL)
    action = bot.choose(game.view(seat))
    assert action == Bid(0, blind=True)
    game = game.apply(action)
    while game.phase is not Phase.PLAY:
        turn = game.turn
        assert turn is not None
        action = bot.choose(game.view(turn))
        assert game.is_legal(action)
        game = game.apply(action)


def test_expert_blind_nil_from_the_first_of_each_side() -> None:
    # At 0-0 on the Blind Nil table the first bidder of each side declares Blind Nil, and
    # each partner, bidding after it, bids a number; nothing here reads a hand.
    game = Game.new(PRESETS["blind-nil"], seed=6)
    bids = []
    while game.phase is Phase.BID:
        seat = game.turn
        assert seat is not None
        action = ExpertBot(seed=seat, budget=SMALL).choose(game.view(seat))
        bids.append(action)
        game = game.apply(action)
    assert bids[:2] == [Bid(0, blind=True)] * 2
    assert all(isinstance(b, Bid) and not b.blind and b.n > 0 for b in bids[2:]), bids


def test_expert_after_its_partner_bid_a_number() -> None:
    # The partner bid first, a number: Blind Nil only far behind with the opponents near
    # the target; never beside a partner's Nil; and at two players (Double Nil, 001) only
    # far behind too.
    def second_of_side(scores: tuple[int, int], partner_bid: Bid) -> Action:
        game = Game.new(PRESETS["blind-nil"], seed=4)
        game._scores = scores  # a score situation, set directly for the test
        game = game.apply(partner_bid).apply(Bid(3))
        seat = game.turn
        assert seat is not None
        return ExpertBot(seed=0, budget=SMALL).choose(game.view(seat))

    first = Game.new(PRESETS["blind-nil"], seed=4).turn
    assert first is not None
    side = first % 2  # the side of the first bidder; its partner bids third
    behind = (100, 420) if side == 0 else (420, 100)
    even = (0, 0)
    assert second_of_side(even, Bid(4)) != Bid(0, blind=True)
    assert second_of_side(behind, Bid(4)) == Bid(0, blind=True)
    assert second_of_side(behind, Bid(0)) != Bid(0, blind=True)
    two = Game.new(PRESETS["two-handed"], seed=4)
    seat = two.turn
    assert seat is not None
    assert ExpertBot(seed=0, budget=SMALL).choose(two.view(seat)) != Bid(0, blind=True)


def test_expert_is_deterministic_with_a_simulations_budget() -> None:
    for seed in range(6):
        game = _random_play_position(seed)
        seat = game.turn
        assert seat is not None
        view = game.view(seat)
        a = ExpertBot(seed=3, budget=Budget(simulations=60)).choose(view)
        b = ExpertBot(seed=3, budget=Budget(simulations=60)).choose(view)
        assert a == b
    game = Game.new(PRESETS["classic"], seed=11)
    assert game.turn is not None
    view = game.view(game.turn)
    assert (ExpertBot(seed=1, budget=Budget(simulations=60)).choose(view)
            == ExpertBot(seed=1, budget=Budget(simulations=60)).choose(view))


def test_expert_never_sees_hidden_cards() -> None:
    # Two deals that differ only in the other seats' cards give seat 0 the same choice.
    for seed in range(4):
        rng = random.Random(seed)
        deck = list(range(52))
        rng.shuffle(deck)
        mine, others = deck[:13], deck[13:]
        deals = []
        for shuffle_seed in (1, 2):
            rest = list(others)
            random.Random(shuffle_seed).shuffle(rest)
            deals.append([[Card(i) for i in mine]] + [[Card(i) for i in rest[k::3]]
                                                      for k in range(3)])
        choices = []
        for deal in deals:
            game = Game.new(PRESETS["classic"], seed=seed, deal=deal, dealer=3)
            assert game.turn == 0
            bot = ExpertBot(seed=7, budget=Budget(simulations=80))
            bid = bot.choose(game.view(0))
            game = game.apply(bid)
            while game.phase is Phase.BID:
                game = game.apply(Bid(3))
            choices.append((bid, bot.choose(game.view(0))))
        assert choices[0] == choices[1]


def test_expert_does_not_overtake_its_partners_sure_winner() -> None:
    # North leads the ace of hearts; South holds the king of hearts and a small heart,
    # and must not waste the king (it will win a trick later).
    deal = filled_deal(
        "KH 3H 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC",
        "2H 4H 5H 2D 3D 4D 5D 6D 7D 8D 9D 10D JD",
        "AH 6H 7H QD KD AD 2S 3S 4S 5S 6S 7S 8S",
        "8H 9H 10H JH QH KC AC 9S 10S JS QS KS AS",
    )
    game = Game.new(PRESETS["classic"], seed=0, deal=deal, dealer=1)
    for bid in (3, 2, 3, 5):  # north, east, south, west bid in that order
        game = game.apply(Bid(bid))
    assert game.turn == 2
    game = game.apply(Play(Card.parse("AH")))  # north
    game = game.apply(Play(Card.parse("8H")))  # east
    assert game.turn == 0
    action = ExpertBot(seed=0, budget=Budget(simulations=200)).choose(game.view(0))
    assert action == Play(Card.parse("3H"))


def _late_position() -> Game:
    """Two tricks left.  South (bid 6, partner North bid 1) has won six tricks; West led
    the 3D, North played the 4D, East the KD.  South holds AD 5D; East still holds the JH,
    the top heart left.  Ducking loses both tricks (East cashes the JH), the AD now makes
    the contract."""
    deal = [
        cards("AC KC QC JC AH KH QH 4S 5S 6S AD 5D 6D"),
        cards("2C 3C 4C 2H 3H 4H 2S AS KS QS 3D QD JD"),
        cards("5C 6C 7C 5H 6H 7H 7S 8S 9S 9D 7D 2D 4D"),
        cards("8C 9C 10C 8H 9H 10H 10S JS 3S 10D 8D KD JH"),
    ]
    game = Game.new(PRESETS["classic"], seed=0, deal=deal, dealer=3)
    for bid in (6, 4, 1, 2):
        game = game.apply(Bid(bid))
    script = ("AC 2C 5C 8C KC 3C 6C 9C QC 4C 7C 10C AH 2H 5H 8H KH 3H 6H 9H QH 4H 7H 10H "
              "JC 2S 9D 10D AS 7S 3S 4S KS 8S 10S 5S QS 9S JS 6S QD 7D 8D 6D 3D 4D KD")
    for word in script.split():
        game = game.apply(Play(Card.parse(word)))
    return game


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def test_late_position_is_as_intended() -> None:
    game = _late_position()
    assert game.turn == 0 and game.tricks_won == (6, 5, 0, 0)
    assert set(game.hands[0]) == set(cards("AD 5D"))
    assert set(game.hands[3]) == set(cards("JH"))


def test_expert_takes_the_trick_it_needs_at_the_end() -> None:
    view = _late_position().view(0)
    for seed in range(3):
        action = ExpertBot(seed=seed, budget=Budget(simulations=100)).choose(view)
        assert action == Play(Card.parse("AD"))


# ---------------------------------------------------------------------- the Oracle

def test_oracle_plays_legal_moves() -> None:
    for preset in ("classic", "duel"):
        game = Game.new(PRESETS[preset], seed=3)
        bot = OracleBot(seed=0, simulations=20)
        while game.winner is None and game.hand_number < 1:
            action = bot.choose_with_game(game)
            assert game.is_legal(action)
            game = game.apply(action)


def test_expert_with_a_seconds_budget_still_decides() -> None:
    game = _random_play_position(3, plays=0)
    assert game.turn is not None
    bot = ExpertBot(seed=0, budget=Budget(seconds=0.01))
    assert game.is_legal(bot.choose(game.view(game.turn)))
    game = Game.new(PRESETS["classic"], seed=3)
    assert game.turn is not None
    assert game.is_legal(bot.choose(game.view(game.turn)))


def test_oracle_through_attach() -> None:
    game = _random_play_position(5)
    bot = OracleBot(seed=0, simulations=20)
    assert game.turn is not None
    view = game.view(game.turn)
    with pytest.raises(ValueError):
        bot.choose(view)
    bot.attach(game)
    assert bot.choose(view) == bot.choose_with_game(game)


def test_half_oracles_see_every_card_in_one_phase_only() -> None:
    from spades.ai import make_bot
    from spades.records import Phase

    budget = Budget(simulations=30)
    game = Game.new(PRESETS["classic"], seed=11)
    checked = {Phase.BID: 0, Phase.PLAY: 0}
    differ = 0  # decisions where seeing the cards changes the choice: the test has teeth
    while game.winner is None and game.hand_number < 1:
        seat = game.turn
        assert seat is not None
        view = game.view(seat)
        if view.phase in checked and len(view.legal) > 1:
            oracle = OracleBot(seed=seat, simulations=1000).choose_with_game(game)
            expert = ExpertBot(seed=seat, budget=budget).choose(view)
            for level, sees in (("oracle-bids", Phase.BID), ("oracle-plays", Phase.PLAY)):
                half = make_bot(level, seat, budget).choose_with_game(game)
                assert half == (oracle if view.phase is sees else expert), (level, view.phase)
            checked[view.phase] += 1
            differ += oracle != expert
        game = game.apply(ExpertBot(seed=seat, budget=budget).choose(view))
    assert checked[Phase.BID] == 4 and checked[Phase.PLAY] > 20
    assert differ >= 3


def test_sampler_after_the_opponents_double_nil_replacement() -> None:
    # Two-handed classic (001): the opponent's replacement may draw this seat's discards.
    for seed in range(6):
        game = Game.new(PRESETS["two-handed"], seed=seed)
        first = game.turn
        assert first is not None
        game = game.apply(Bid(0, blind=True))
        rng = random.Random(seed)
        while game.phase is Phase.DRAW:
            game = game.apply(game.legal_actions()[rng.randrange(2)])
        assert game.phase is Phase.REPLACE
        game = game.apply(Replace(game.hands[first][-3:]))
        while game.phase is not Phase.PLAY:
            game = game.apply(game.legal_actions()[-1])
        other = 1 - first
        view = game.view(other) if game.turn == other else None
        if view is None:
            game = game.apply(game.legal_actions()[0])
            view = game.view(other)
        sampler = Sampler(view)
        own, played = view.hand_mask, view.played_mask
        for _ in range(30):
            hands = sampler.sample(rng)
            assert hands[other] == own
            assert hands[first].bit_count() == view.hand_sizes[first]
            assert hands[first] & (own | played) == 0
