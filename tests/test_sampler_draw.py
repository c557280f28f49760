"""At two players the sampler deals the opponent a hand like the ones players draw: each
kept top card was chosen, so the hand leans to spades and high cards (spades.ai.sampler)."""

from __future__ import annotations

import random
import statistics

from hypothesis import given
from hypothesis import strategies as st

from spades import PRESETS, Game
from spades.ai import knowledge, make_bot
from spades.ai.heuristic import keep_worthy
from spades.ai.sampler import Sampler, draw_odds, estimate_tricks
from spades.records import Phase


def bidding_game(seed: int) -> Game:
    """A Duel hand drawn by two Hard players, at its first bid."""
    game = Game.new(PRESETS["duel"], seed=seed)
    bots = [make_bot("hard", seed * 3 + seat) for seat in range(2)]
    while game.phase is not Phase.BID:
        seat = game.turn
        assert seat is not None
        game = game.apply(bots[seat].choose(game.view(seat)))
    return game


def test_keep_worthy_cards_are_spades_and_side_queens_kings_aces() -> None:
    worthy = [i for i in range(52) if keep_worthy(i)]
    assert len(worthy) == 13 + 3 * 3


def test_a_kept_top_card_makes_keep_worthy_cards_likelier_in_the_hand() -> None:
    unknown = (1 << 26) - 1 << 13  # two whole side suits: 6 of the 26 are worth keeping
    worthy, other = draw_odds(unknown, turns=13, kept=8)
    assert worthy > 1.0 > other
    # Nothing seen of the draw: even odds.
    assert draw_odds(unknown, turns=0, kept=0) == (1.0, 1.0)


@given(st.integers(0, 13), st.integers(0, (1 << 52) - 1))
def test_odds_are_positive_and_bounded(kept: int, unknown: int) -> None:
    for odds in draw_odds(unknown, 13, kept):
        assert 0.05 <= odds <= 20.0


def test_sampled_opponents_are_about_as_strong_as_drawn_hands() -> None:
    real, sampled, uniform = [], [], []
    for seed in range(60):
        game = bidding_game(9000 + seed)
        seat = game.turn
        assert seat is not None
        view = game.view(seat)
        real.append(estimate_tricks(game.view(1 - seat).hand_mask))
        rng = random.Random(seed)
        drawn = Sampler(view, use_bids=False)
        even = Sampler(view, use_bids=False)
        even.card_odds = None
        for _ in range(10):
            sampled.append(estimate_tricks(drawn.deal(rng)[1 - seat]))
            uniform.append(estimate_tricks(even.deal(rng)[1 - seat]))
    # Uniform deals: 2.5 tricks short of the real hands; these: within one trick.
    assert statistics.fmean(real) - statistics.fmean(uniform) > 1.5
    assert abs(statistics.fmean(real) - statistics.fmean(sampled)) < 1.0


def test_every_dealt_card_is_placed_and_the_hand_sizes_hold() -> None:
    for seed in range(20):
        game = bidding_game(9100 + seed)
        seat = game.turn
        assert seat is not None
        view = game.view(seat)
        sampler = Sampler(view, use_bids=False)
        rng = random.Random(seed)
        for _ in range(5):
            hands = sampler.deal(rng)
            assert hands[seat] == view.hand_mask
            assert hands[1 - seat].bit_count() == 13
            assert hands[seat] & hands[1 - seat] == 0
            assert hands[1 - seat] & sum(1 << c.index for c in view.discarded) == 0


def test_deals_during_play_keep_to_the_voids_shown() -> None:
    checked = 0
    for seed in range(12):
        game = bidding_game(9200 + seed)
        bots = [make_bot("hard", seed * 5 + seat) for seat in range(2)]
        rng = random.Random(seed)
        while game.winner is None and game.hand_number == 0:
            seat = game.turn
            assert seat is not None
            view = game.view(seat)
            if view.phase is Phase.PLAY:
                void = knowledge.voids(view)[1 - seat]
                sampler = Sampler(view)
                for _ in range(3):
                    opp = sampler.sample(rng)[1 - seat]
                    assert opp.bit_count() == view.hand_sizes[1 - seat]
                    assert not any(void >> (i // 13) & 1 for i in range(52) if opp >> i & 1)
                    checked += 1
            game = game.apply(bots[seat].choose(view))
    assert checked > 500
