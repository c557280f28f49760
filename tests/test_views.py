"""``game.view(seat)``: what a seat may know, and nothing more (DESIGN: computer players
get a view, never the game; 004: computer players see only what a human in their seat
would see)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from spades import PRESETS, Bid, Card, Draw, Game, Phase, Replace
from tests.helpers import ALL_CARDS, deal_from_seed, random_action

SEED = 987_654_321_987


def _fields(view):
    return {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}


@pytest.mark.parametrize("preset", list(PRESETS))
def test_view_holds_own_hand(preset):
    rng = random.Random(preset)
    game = Game.new(PRESETS[preset], seed=SEED)
    for _ in range(120):
        for seat in range(game.rules.players):
            view = game.view(seat)
            assert view.hand == game.hands[seat] and view.seat == seat
            assert view.hand_sizes == tuple(len(hand) for hand in game.hands)
            assert (view.bids, view.scores, view.tricks) == (game.bids, game.scores, game.tricks)
        game = game.apply(random_action(game, rng))


def test_view_never_shows_cards_of_others_outside_public_record():
    """Every card a view mentions is the seat's own, played, or one it saw itself."""
    rng = random.Random(1)
    for preset, rules in PRESETS.items():
        game = Game.new(rules, seed=SEED + len(preset))
        for _ in range(150):
            for seat in range(rules.players):
                view = game.view(seat)
                played = {c for t in (*view.tricks, view.trick) for _, c in t.plays}
                own_seen = (set(view.hand) | set(view.discarded) | set(view.passed)
                            | set(view.received) | {view.top_card} - {None})
                mentioned = _cards_in(_fields(view) | {"history": None})
                assert mentioned <= played | own_seen, (preset, seat)
            game = game.apply(random_action(game, rng))


def _cards_in(value) -> set[Card]:
    if isinstance(value, Card):
        return {value}
    if isinstance(value, (tuple, list)):
        return set().union(*(_cards_in(v) for v in value)) if value else set()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _cards_in(tuple(getattr(value, f.name) for f in dataclasses.fields(value)))
    return set()


@pytest.mark.parametrize("preset", list(PRESETS))
def test_view_never_holds_the_seed(preset):
    rng = random.Random(2)
    game = Game.new(PRESETS[preset], seed=SEED)
    for _ in range(100):
        for seat in range(game.rules.players):
            view = game.view(seat)
            assert str(SEED) not in repr(view)
            assert SEED not in _fields(view).values()
        game = game.apply(random_action(game, rng))


@pytest.mark.parametrize("preset", list(PRESETS))
def test_view_legal_only_on_turn(preset):
    rng = random.Random(3)
    game = Game.new(PRESETS[preset], seed=5)
    for _ in range(200):
        for seat in range(game.rules.players):
            view = game.view(seat)
            assert view.turn == game.turn and view.phase is game.phase
            if seat == game.turn:
                assert list(view.legal) == game.legal_actions()
            else:
                assert view.legal == ()
        game = game.apply(random_action(game, rng))


@pytest.mark.parametrize("preset", ["duel", "two-handed"])
def test_top_card_shown_only_to_the_seat_drawing_001_002(preset):
    """002: you look at the top card on your turn; your opponent never sees it."""
    game = Game.new(PRESETS[preset], seed=6, deal=[list(ALL_CARDS)], dealer=1)
    position = 0
    rng = random.Random(6)
    while game.phase is Phase.DRAW:
        seat = game.turn
        assert game.view(seat).top_card == ALL_CARDS[position]
        assert game.view(1 - seat).top_card is None
        assert game.view(seat).stock_left == 52 - position
        game = game.apply(Draw(rng.random() < 0.5))
        position += 2
    assert all(game.view(s).top_card is None for s in (0, 1))


# ------------------------------------------------------------------ equal views

def _swap_same_suit(hand_a, hand_b, keep, rng, n=3):
    """Swap up to ``n`` same-suit pairs between two hands, never a card in ``keep``."""
    a, b = list(hand_a), list(hand_b)
    swaps = 0
    for card in list(a):
        if swaps == n or card in keep:
            continue
        partners = [c for c in b if c.suit == card.suit and c not in keep]
        if partners:
            other = rng.choice(partners)
            a[a.index(card)], b[b.index(other)] = other, card
            swaps += 1
    return a, b, swaps


@pytest.mark.parametrize("seed", range(6))
def test_equal_views_when_west_and_east_cards_differ(seed):
    """A seat's view is the same in two games that differ only in how the cards it cannot
    see lie between West and East (the others' hidden cards)."""
    rules = PRESETS["blind-nil" if seed % 2 else "classic"]
    rng = random.Random(seed)
    deal = deal_from_seed(seed)
    a = Game.new(rules, seed=seed, deal=deal, dealer=3)
    steps = 20 + 4 * seed
    games = [a]
    for _ in range(steps):
        games.append(games[-1].apply(random_action(games[-1], rng)))
    played = {c for g in games for t in (*g.tricks, g.trick) for _, c in t.plays}
    passed = {c for seat in range(4) for c in games[-1].view(seat).passed}
    west, east, swaps = _swap_same_suit(deal[1], deal[3], played | passed, rng)
    assert swaps > 0
    b = Game.new(rules, seed=seed, deal=[deal[0], west, deal[2], east], dealer=3)
    for step, game in enumerate(games):
        assert b.view(0) == game.view(0), step
        assert b.view(2) == game.view(2), step
        assert b.view(1) != game.view(1)
        if step < len(games) - 1:
            b = b.apply(games[step + 1].actions[-1])


def _stock_with_hidden_swap(stock, drawn_by, keep_decisions):
    """Swap one card the opponent (seat 1) discarded with one it kept, same suit."""
    stock = list(stock)
    kept, thrown = [], []
    for turn, keep in enumerate(keep_decisions):
        top, below = 2 * turn, 2 * turn + 1
        if drawn_by[turn] == 1:
            kept.append(top if keep else below)
            thrown.append(below if keep else top)
    for k in kept:
        for t in thrown:
            if stock[k].suit == stock[t].suit:
                stock[k], stock[t] = stock[t], stock[k]
                return stock, stock[t]  # the card seat 1 holds in the first game
    raise AssertionError("no same-suit pair")


@pytest.mark.parametrize(("preset", "seed"), [(p, s) for p in ("duel", "two-handed")
                                              for s in range(4)])
def test_equal_views_when_the_opponents_discards_differ_001_002(preset, seed):
    """002: 'Tu rival ve qué elegiste, pero nunca qué cartas eran.'  Seat 0's view is the
    same in two games where seat 1 kept and discarded different cards, after the same
    decisions."""
    rules = PRESETS[preset]
    rng = random.Random(seed)
    stock = list(ALL_CARDS)
    rng.shuffle(stock)
    a = Game.new(rules, seed=seed, deal=[stock], dealer=1)
    games = [a]
    while games[-1].phase is Phase.DRAW:
        games.append(games[-1].apply(Draw(rng.random() < 0.5)))
    drawers = [g.turn for g in games[:-1]]
    decisions = [g.actions[-1].keep for g in games[1:]]
    other_stock, secret = _stock_with_hidden_swap(stock, drawers, decisions)
    while games[-1].hand_number == 0 and len(games) < 26 + 2 + 30:
        game = games[-1]
        options = [x for x in game.legal_actions() if getattr(x, "card", None) != secret]
        if not options:
            break
        games.append(game.apply(rng.choice(options)))
    b = Game.new(rules, seed=seed, deal=[other_stock], dealer=1)
    for step, game in enumerate(games):
        assert b.view(0) == game.view(0), step
        if step < len(games) - 1:
            b = b.apply(games[step + 1].actions[-1])
    assert b.hands[1] != games[-1].hands[1]


def test_opponents_double_nil_replacement_stays_secret_001():
    """001: the Double Nil bidder draws replacements at random from the face-down discards;
    the opponent must not learn which of its own discards went to the bidder.
    (Regression: the opponent's ``view.discarded`` used to lose the cards drawn.)"""
    rules = PRESETS["two-handed"]
    stock = list(ALL_CARDS)
    views, hands = set(), set()
    for seed in range(6):
        game = Game.new(rules, seed=seed, deal=[stock], dealer=1).apply(Bid(0, blind=True))
        while game.phase is Phase.DRAW:
            game = game.apply(Draw(True))
        game = game.apply(Replace(game.hands[0][:3]))
        hands.add(game.hands[0])
        views.add(game.view(1))
        assert len(game.view(1).discarded) == 13
    assert len(hands) > 1 and len(views) == 1
