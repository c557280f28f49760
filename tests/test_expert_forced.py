"""Expert plays forced choices at once, without search (issue 13): a single legal card,
legal cards that are all equivalent, and a claim; and merging equivalent cards never
changes the search's choice."""

from __future__ import annotations

import random

import pytest

from spades import PRESETS, Bid, Card, Game, Phase, Play
from spades.ai import expert
from spades.ai.base import Budget
from spades.ai.expert import ExpertBot, forced_play, is_claim, play_candidates
from spades.view import View
from tests.helpers import filled_deal


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def idx(text: str) -> list[int]:
    return sorted(card.index for card in cards(text))


def trick_view(west: str, north: str, east: str,
               south: str = "QH 10H 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC") -> View:
    """West leads ``west``, North plays ``north``, East ``east``: South's view, last to
    play (every seat bid 3)."""
    hands = filled_deal(south, west, north, east)
    game = Game.new(PRESETS["classic"], seed=0, deal=hands, dealer=0)
    for _ in range(4):
        game = game.apply(Bid(3))
    for word in (west, north, east):
        game = game.apply(Play(Card.parse(word)))
    assert game.turn == 0
    return game.view(0)


def heart_trick(north: str, south: str = "QH 10H 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC") -> View:
    """West leads the JH, North plays ``north``, East the 2H."""
    return trick_view("JH", north, "2H", south)


class NoSearch(ExpertBot):
    """An Expert whose search fails the test if it is called."""

    def play_values(self, view: View, *, merge: bool = True) -> dict[int, float]:
        raise AssertionError("searched a forced choice")


def test_a_single_legal_card_is_played_without_search() -> None:
    view = heart_trick("AH", south="QH 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC")
    assert view.legal == (Play(Card.parse("QH")),)
    assert NoSearch(seed=1).choose(view) == Play(Card.parse("QH"))


def test_a_beaten_card_on_the_table_does_not_separate_two_cards() -> None:
    # North's AH beats West's JH: the QH and the 10H both lose, and the JH leaves with
    # the trick, so they are equivalent.
    beaten = heart_trick("AH")
    assert play_candidates(beaten) == idx("10H")
    assert play_candidates(beaten, table_separates=True) == idx("10H QH")
    assert forced_play(beaten) == idx("10H")[0]
    assert NoSearch(seed=1).choose(beaten) == Play(Card.parse("10H"))
    # West's JH is winning: the QH wins the trick and the 10H does not.
    winning = heart_trick("3H")
    assert play_candidates(winning) == idx("10H QH")
    assert forced_play(winning) is None


def test_equivalent_cards_collapse_to_the_lowest() -> None:
    south = "QH JH 9H 8H 2C 4C 5C 6C 7C 8C 9C 10C JC"
    # The 10H unseen (East holds it): QH JH and 9H 8H are two groups; the 2C and 4C
    # (the 3C unseen) are two more, but only hearts may be played.
    hands = filled_deal(south, "3C", "", "10H")
    game = Game.new(PRESETS["classic"], seed=0, deal=hands, dealer=3)
    for _ in range(4):
        game = game.apply(Bid(3))
    assert play_candidates(game.view(0)) == idx("2C 4C 8H JH")
    # West leads the 10H and North's KH beats it: all four hearts lose, one group.
    view = trick_view("10H", "KH", "2H", south)
    assert play_candidates(view) == idx("8H")
    assert NoSearch(seed=1).choose(view) == Play(Card.parse("8H"))
    # The 10H still winning separates 9H 8H from QH JH.
    view = trick_view("10H", "3H", "2H", south)
    assert play_candidates(view) == idx("8H JH")
    assert forced_play(view) is None


def test_a_claim_is_played_without_search() -> None:
    # South holds every spade: each card wins its trick whatever the order.
    hands = filled_deal("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "", "", "")
    game = Game.new(PRESETS["classic"], seed=0, deal=hands, dealer=3)
    for _ in range(4):
        game = game.apply(Bid(3))
    view = game.view(0)
    assert is_claim(view) and len(view.legal) == 13
    assert NoSearch(seed=1).choose(view) == Play(Card.parse("2S"))
    # With a side-suit card and spades still out, it is no claim.
    hands = filled_deal("AH AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S", "", "", "")
    game = Game.new(PRESETS["classic"], seed=0, deal=hands, dealer=3)
    for _ in range(4):
        game = game.apply(Bid(3))
    assert not is_claim(game.view(0))


def _positions(count: int) -> list[View]:
    """Views of the seat to play with several groups of legal cards, from random games."""
    out: list[View] = []
    seed = 0
    while len(out) < count:
        seed += 1
        rng = random.Random(seed)
        game = Game.new(PRESETS["classic"], seed=seed)
        while game.phase is Phase.BID:
            game = game.apply(Bid(rng.randint(1, 4)))
        for _ in range(rng.randrange(0, 48)):
            actions = game.legal_actions()
            game = game.apply(actions[rng.randrange(len(actions))])
        seat = game.turn
        assert seat is not None
        view = game.view(seat)
        if len(play_candidates(view)) > 1:
            out.append(view)
    return out


def test_a_beaten_card_merges_and_the_winning_card_separates() -> None:
    assert play_candidates(BEATEN) == idx("9H AH")
    assert play_candidates(BEATEN, table_separates=True) == idx("9H JH AH")


BEATEN = trick_view("10H", "KH", "2H", "AH QH JH 9H 2C 3C 4C 5C 6C 7C 8C 9C 10C")
"""West's 10H, beaten by North's KH: the QH JH 9H are one group, the AH another."""


@pytest.mark.parametrize("view", [BEATEN, *_positions(20)], ids=lambda v: f"h{len(v.hand)}")
def test_merging_equivalent_cards_never_changes_the_choice(
        view: View, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(expert, "ENDGAME_NODES", 10**9)  # endgames: stop on worlds only
    legal = [a.card.index for a in view.legal if isinstance(a, Play)]
    candidates = play_candidates(view)
    worlds = 4
    per_world = (expert.ENDGAME_WORLD_COST if len(view.hand) <= 4 else len(legal))
    full = ExpertBot(seed=3, budget=Budget(simulations=worlds * per_world))
    values = full.play_values(view, merge=False)
    assert sorted(values) == sorted(legal)
    # Every card of a group has exactly its representative's value in every world.
    reps = sorted(candidates)
    for card in legal:
        rep = max(r for r in reps if r <= card)
        assert values[card] == values[rep], (str(Card(card)), str(Card(rep)))
    # With the same worlds, the merged search chooses the full search's card.
    per_world = (expert.ENDGAME_WORLD_COST if len(view.hand) <= 4 else len(candidates))
    merged = ExpertBot(seed=3, budget=Budget(simulations=worlds * per_world))
    best_full = max(values, key=lambda c: (values[c], -c))
    assert merged.choose(view) == Play(Card(best_full))
