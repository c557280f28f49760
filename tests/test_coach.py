"""The coach (spades/ai/coach.py): the marks that must appear on plain mistakes, none on
the best choice, the same marks on every run, and the hint that is the best choice."""

from __future__ import annotations

import pytest

from spades import PRESETS, Bid, Card, Game, Phase, Play
from spades.ai.coach import (
    BLUNDER,
    LABELS,
    MISTAKE,
    THRESHOLDS,
    hint,
    judge,
    judged,
    label_of,
    tricks_needed,
)
from tests.helpers import bid_all, cards, filled_deal, play_to


def play(text: str) -> Play:
    return Play(Card.parse(text))


def dealt(south: str, west: str, north: str, east: str, dealer: int) -> Game:
    """A Classic game of exactly these four hands (seats 0 to 3: South, West, North, East)."""
    return Game.new(PRESETS["classic"], deal=[cards(h) for h in (south, west, north, east)],
                    dealer=dealer)


def played(game: Game, *texts: str) -> Game:
    for text in texts:
        game = game.apply(play(text))
    return game


# South is void in hearts; North (the partner) holds the top hearts.
SOUTH = "AS KS QS AC QC JC 3C 2C AD KD 4D 3D 2D"
WEST = "3H 4H 6H 7H 5S 6S 4C 5C 6C 5D 6D 7D 8D"
NORTH = "AH KH QH JH TH 7S 8S 7C 8C 9C 9D TD JD"
EAST = "2H 5H 8H 9H 9S TS JS 2S 3S 4S TC KC QD"


@pytest.fixture(scope="module")
def partner_wins() -> Game:
    """West leads a heart, North wins it with the ♥10, East follows: South, last to play
    and void, discards (dealer North: West leads; bids South 6, West 2, North 4, East 3)."""
    game = bid_all(dealt(SOUTH, WEST, NORTH, EAST, dealer=0), [6, 2, 4, 3])
    game = played(game, "3H", "TH", "2H")
    assert game.turn == 0
    return game


def test_trumping_the_partners_sure_winner_for_nothing(partner_wins: Game) -> None:
    verdict = judge(partner_wins.view(0), play("QS"), partner_wins.seed)
    assert verdict is not None and verdict.label in (MISTAKE, BLUNDER), verdict
    assert verdict.best == play("2C")


def test_throwing_a_winner_that_sets_your_own_contract(partner_wins: Game) -> None:
    verdict = judge(partner_wins.view(0), play("AC"), partner_wins.seed)
    assert verdict is not None and verdict.cost >= THRESHOLDS[MISTAKE], verdict


def test_the_best_decision_costs_nothing(partner_wins: Game) -> None:
    view = partner_wins.view(0)
    verdict = judge(view, play("2C"), partner_wins.seed)
    assert verdict is not None and verdict.cost == 0 and verdict.label is None
    assert verdict.best == play("2C") and verdict.values[0][0] == play("2C")
    # Equivalent cards are worth the same: the ♣Q and the ♣J, touching, are one choice.
    queen, jack = (judge(view, play(text), partner_wins.seed) for text in ("QC", "JC"))
    assert queen is not None and jack is not None and queen.cost == jack.cost
    # The hint is the best choice, and says by how much it beats the next best.
    advice = hint(view, partner_wins.seed)
    assert advice.action == play("2C") and advice.margin is not None and advice.margin >= 0
    assert advice.needed == 10


def test_leading_a_spade_through_the_partners_nil() -> None:
    south = "AS 7S 2S AH KH QH JH AC KC QC AD KD QD"
    west = "3S 4S 5S 6S 2C 3C 4C 5C 6C 2D 3D 4D 5D"
    north = "KS QS JS TS 2H 3H 4H 5H 7C 8C 9C 6D 7D"
    east = "9S 8S 6H 7H 8H 9H TH TC JC 8D 9D TD JD"
    game = bid_all(dealt(south, west, north, east, dealer=3), [6, 3, 0, 3])
    # West ruffs South's ♥A (spades broken), then South wins the clubs: South on lead.
    game = played(game, "AH", "3S", "2H", "6H", "2C", "7C", "TC", "AC")
    assert game.turn == 0 and game.spades_broken
    verdict = judge(game.view(0), play("2S"), game.seed)
    assert verdict is not None and verdict.label in (MISTAKE, BLUNDER), verdict
    assert verdict.best != play("2S")


def test_overtaking_the_partners_cover_of_your_nil() -> None:
    south = "AD 2D 2S 3S 2H 3H 4H 2C 3C 4C 5C 3D 4D"
    game = bid_all(Game.new(PRESETS["classic"], deal=filled_deal(south, "5D", "KD", "6D"),
                            dealer=0), [0, 3, 5, 3])
    game = played(game, "5D", "KD", "6D")  # North covers South's Nil with the ♦K
    verdict = judge(game.view(0), play("AD"), game.seed)
    assert verdict is not None and verdict.label == BLUNDER, verdict


def test_a_nil_bid_with_the_ace_and_king_of_spades() -> None:
    game = Game.new(PRESETS["classic"], deal=filled_deal("AS KS", "", "", ""), dealer=3)
    verdict = judge(game.view(0), Bid(0), game.seed)
    assert verdict is not None and verdict.label == BLUNDER, verdict
    assert isinstance(verdict.best, Bid) and verdict.best.n > 0


def test_the_same_marks_on_every_run(partner_wins: Game) -> None:
    view = partner_wins.view(0)
    first = judge(view, play("QS"), partner_wins.seed)
    again = judge(view, play("QS"), partner_wins.seed)
    assert first == again


def test_what_is_judged() -> None:
    game = Game.new(PRESETS["duel"], seed=3)
    game = play_to(game, lambda g: g.phase is Phase.DRAW)
    view = game.view(game.turn or 0)
    assert not judged(view) and judge(view, view.legal[0], game.seed) is None
    with pytest.raises(ValueError):
        judge(view, Bid(14), game.seed)
    # A single legal card costs nothing and is not searched.
    game = play_to(Game.new(PRESETS["classic"], seed=4),
                   lambda g: g.phase is Phase.PLAY and len(g.legal_actions()) == 1)
    view = game.view(game.turn or 0)
    assert judge(view, view.legal[0], game.seed) is None


def test_labels_grow_with_the_cost() -> None:
    assert label_of(0) is None
    costs = [THRESHOLDS[name] for name in LABELS]
    assert costs == sorted(costs)
    assert [label_of(cost) for cost in costs] == list(LABELS)
    assert label_of(costs[0] - 0.1) is None


def test_tricks_needed_leaves_a_nil_bidders_tricks_out() -> None:
    game = bid_all(dealt(SOUTH, WEST, NORTH, EAST, dealer=0), [0, 2, 4, 3])
    view = game.view(0)
    assert tricks_needed(view) == 4
    assert tricks_needed(Game.new(PRESETS["classic"], seed=1).view(0)) is None


def test_a_finished_hands_decisions_and_marks() -> None:
    from spades.ai.coach import decisions, hand_marks, mean_cost

    game = play_to(Game.new(PRESETS["classic"], seed=9), lambda g: len(g.history) == 2)
    mine = decisions(game, 1, 0)
    assert [type(d.action).__name__ for d in mine] == ["Bid"] + ["Play"] * 13
    assert all(game.actions[d.index] == d.action for d in mine)
    assert all(d.view.seat == 0 and d.view.hand_number == 1 for d in mine)
    marks = hand_marks(game, 1, 0, simulations=300)
    assert marks and {d.index for d, _ in marks} <= {d.index for d in mine}
    assert len(marks) == sum(judged(d.view) for d in mine)
    again = hand_marks(game, 1, 0, simulations=300)  # the same on every run
    assert [(d.index, v) for d, v in again] == [(d.index, v) for d, v in marks]
    cost = mean_cost([verdict.cost for _, verdict in marks])
    assert cost is not None and cost >= 0
    assert mean_cost([]) is None
