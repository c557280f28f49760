"""The table an online page shows during a hand (``spades.mental.shadow``): at every step
of honest Duel and Two-handed classic hands (with Double Nil and its replacements), each
side's game agrees with all the side knows (its cards, the top
card it is shown, the bids, the cards played, whose turn, which cards it may play), and
the hand scores as the verified game does."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from spades import Game, Phase, Play
from spades.mental import Side
from spades.mental.shadow import pending_draw, pending_replacement, table_game
from tests.test_mental import honest_move, make_sides, run_hand


def check(side: Side) -> None:
    game = table_game(side)
    if side.phase in ("shuffle", "keys"):
        return
    view = game.view(side.seat)
    if pending_draw(side):
        assert view.phase is Phase.DRAW and view.turn == side.seat
        return
    assert view.hand == side.cards
    if pending_replacement(side):  # the cards given are shown until the drawn ones come
        assert view.phase is Phase.REPLACE and view.turn == side.seat
    # Every card the seat's view shows is one the side has seen; of the other seat's
    # (placeholder) cards it shows only how many there are.
    state = side.hand
    assert {card.index for card in view.discarded} <= set(state.known.values())
    assert view.hand_sizes[side.other] == len(state.held[side.other])
    assert view.blind == tuple(state.blind)
    assert view.replaced == tuple(None if given is None or drawn is None else len(given)
                                  for given, drawn in zip(state.replaced, state.drawn,
                                                          strict=True))
    assert view.turn == side.turn
    assert view.phase.value == side.phase
    if side.top_card is not None:
        assert view.top_card == side.top_card
    if side.phase == "play" and side.turn == side.seat:
        legal = tuple(sorted(a.card for a in view.legal if isinstance(a, Play)))
        assert legal == tuple(sorted(side.legal_cards()))
    played = [(seat, value) for seat, _, value in side.hand.plays]
    shown = [(s, c.index) for trick in view.tricks for s, c in trick.plays]
    shown += [(s, c.index) for s, c in view.trick.plays]
    assert shown == played


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([0, 1]))
def test_each_side_shows_what_it_knows(seed: int, dealer: int) -> None:
    sides = make_sides(dealer=dealer)
    rng = random.Random(seed)
    scored: list[tuple[int, int]] = []

    def watch(pair: list[Side]) -> None:
        for side in pair:
            check(side)
            if side.phase == "keys":
                scored.append(table_game(side).scores)

    run_hand(sides, honest_move(rng), watch=watch)
    assert scored and all(score == sides[0].game.scores for score in scored)
    assert sides[0].game.scores == sides[1].game.scores


def test_a_shuffle_in_progress_shows_the_hand_before_any_draw() -> None:
    side = make_sides()[0]
    game = table_game(side)
    assert game.phase is Phase.DRAW and game.view(0).hand == ()


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([0, 1]),
       st.sampled_from([(0,), (1,), (0, 1)]))
def test_a_two_handed_hand_with_double_nil_shows_what_each_side_knows(
        seed: int, dealer: int, double_nil: tuple[int, ...]) -> None:
    sides = make_sides("two-handed", dealer=dealer)
    rng = random.Random(seed)
    phases: set[str] = set()
    ends: list[Game] = []

    def watch(pair: list[Side]) -> None:
        for side in pair:
            check(side)
            phases.add("waiting" if pending_replacement(side) else side.phase)
            if side.phase == "keys":
                ends.append(table_game(side))

    run_hand(sides, honest_move(rng, double_nil=double_nil), watch=watch)
    assert {"replace", "waiting"} <= phases
    verified = sides[0].game
    assert ends
    for game in ends:  # the shown game at the hand's end scores as the verified one
        assert game.scores == verified.scores
        assert game.history[-1].tricks == verified.history[-1].tricks
        assert game.history[-1].bids == verified.history[-1].bids
        assert game.history[-1].blind == verified.history[-1].blind
