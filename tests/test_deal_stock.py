"""``Game.deal_stock``: a two-player hand, any hand of a game, drawn from a given stock
(the one both players shuffled online, ``spades.mental``), with given Double Nil draws;
``Game.deal_hands``: four hands given, as four players deal them online; and the saves
that keep such games (version 3), while every other save stays version 2."""

from __future__ import annotations

import json
import random

import pytest

from spades import PRESETS, Bid, Card, Game, Phase, Replace, SaveError
from spades.actions import Draw

from .helpers import ALL_CARDS, random_action


def _stock(seed: int) -> list[Card]:
    stock = list(ALL_CARDS)
    random.Random(seed).shuffle(stock)
    return stock


def _finish_hand(game: Game, rng: random.Random) -> Game:
    number = game.hand_number
    while game.hand_number == number and game.phase is not Phase.GAME_OVER:
        game = game.apply(random_action(game, rng))
    return game


def test_the_first_hand_from_a_stock_is_the_hand_game_new_deals_from_it() -> None:
    stock = _stock(1)
    given = Game.new(PRESETS["duel"], seed=3, deal=[stock], dealer=0)
    dealt = Game.new(PRESETS["duel"], seed=3, dealer=0).deal_stock(stock)
    for keep in [True, False] * 13:
        given, dealt = given.apply(Draw(keep)), dealt.apply(Draw(keep))
    assert given.hands == dealt.hands and given.phase is dealt.phase is Phase.BID


@pytest.mark.parametrize("table", ["duel", "two-handed"])
def test_a_later_hand_from_a_stock_replays_and_saves(table: str) -> None:
    rng = random.Random(2)
    game = _finish_hand(Game.new(PRESETS[table], seed=5, dealer=1), rng)
    assert game.hand_number == 1
    stock = _stock(7)
    game = game.deal_stock(stock)
    game = game.apply(Draw(True))
    assert game.hands[1 - game.dealer] == (stock[0],)  # the non-dealer kept the top
    game = _finish_hand(game, rng)
    replay = game.restart()
    for action in game.actions:
        replay = replay.apply(action)
    assert replay.to_json() == game.to_json() and replay.history == game.history
    text = game.to_json()
    record = json.loads(text)
    assert record["version"] == 3
    assert record["dealt"] == [[1, [str(card) for card in stock], [None, None]]]
    loaded = Game.from_json(text)
    assert loaded.to_json() == text and loaded.history == game.history


def test_a_game_without_a_given_stock_saves_as_before() -> None:
    game = _finish_hand(Game.new(PRESETS["duel"], seed=5, dealer=1), random.Random(3))
    record = json.loads(game.to_json())
    assert record["version"] == 2 and "dealt" not in record


def test_a_stock_is_given_only_to_a_two_player_hand_before_its_first_move() -> None:
    with pytest.raises(ValueError, match="two-player"):
        Game.new(PRESETS["classic"], seed=1).deal_stock(_stock(1))
    game = Game.new(PRESETS["two-handed"], seed=1, dealer=0)
    with pytest.raises(ValueError, match="52"):
        game.deal_stock(_stock(1)[:51])
    with pytest.raises(ValueError, match="twice"):
        game.deal_stock([*_stock(1)[:51], _stock(1)[0]])
    for move in (Draw(True), Bid(0, blind=True)):
        with pytest.raises(ValueError, match="first move"):
            game.apply(move).deal_stock(_stock(1))


def _double_nil_after_draw(replacements: list[list[Card] | None]) -> tuple[Game, list[Card]]:
    stock = _stock(4)
    game = Game.new(PRESETS["two-handed"], seed=1, dealer=0).deal_stock(stock, replacements)
    game = game.apply(Bid(0, blind=True))  # seat 1 draws first, and declares Double Nil
    for _ in range(26):
        game = game.apply(Draw(True))
    assert game.phase is Phase.REPLACE and game.turn == 1
    return game, stock


def test_given_double_nil_draws_are_the_cards_drawn() -> None:
    # Drawing keep every turn: the odd positions of the stock are the discards.
    probe, stock = _double_nil_after_draw([None, None])
    drawn = [stock[5], stock[1], stock[51]]
    game, _ = _double_nil_after_draw([None, drawn])
    given = list(game.hands[1][:3])
    game = game.apply(Replace(given))
    assert set(game.hands[1]) == (set(probe.hands[1]) - set(given)) | set(drawn)
    assert Game.from_json(game.to_json()).hands == game.hands


def test_a_given_draw_that_is_not_a_discard_is_refused() -> None:
    kept = _stock(4)[0]  # the first drawer kept the top card: no discard
    game, _ = _double_nil_after_draw([None, [kept]])
    with pytest.raises(ValueError, match="discards"):
        game.apply(Replace([game.hands[1][0]]))


def test_a_save_whose_given_stock_was_changed_is_refused() -> None:
    game = Game.new(PRESETS["duel"], seed=5, dealer=1).deal_stock(_stock(8))
    for _ in range(6):
        game = game.apply(Draw(True))
    record = json.loads(game.to_json())
    stock = record["dealt"][0][1]
    stock[0], stock[1] = stock[1], stock[0]
    with pytest.raises(SaveError):
        Game.from_json(json.dumps(record, separators=(",", ":")))
    record["dealt"] = [[0, stock[:51], [None, None]]]
    with pytest.raises(SaveError):
        Game.from_json(json.dumps(record, separators=(",", ":")))


# ------------------------------------------------------------------ four hands given


def _hands(seed: int) -> list[list[Card]]:
    stock = _stock(seed)
    return [stock[seat::4] for seat in range(4)]


@pytest.mark.parametrize("table", ["classic", "blind-nil", "quick"])
def test_four_hands_given_at_any_hand_are_played_and_saved(table: str) -> None:
    rng = random.Random(7)
    game = Game.new(PRESETS[table], seed=11)
    for number in range(3):
        hands = _hands(number)
        game = game.deal_hands(hands)
        assert [set(hand) for hand in game.hands] == [set(hand) for hand in hands]
        game = _finish_hand(game, rng)
        if game.phase is Phase.GAME_OVER:
            break
    text = game.to_json()
    again = Game.from_json(text)
    assert again.to_json() == text and again.history == game.history
    replayed = game.restart()
    for action in game.actions:
        replayed = replayed.apply(action)
    assert replayed.history == game.history


def test_four_hands_are_given_only_at_a_hand_s_start_and_only_whole() -> None:
    game = Game.new(PRESETS["classic"], seed=2)
    with pytest.raises(ValueError, match="four-player"):
        Game.new(PRESETS["duel"], seed=2).deal_hands(_hands(1))
    with pytest.raises(ValueError):
        game.deal_hands(_hands(1)[:3])
    doubled = _hands(1)
    doubled[1] = [*doubled[1][:12], doubled[0][0]]
    with pytest.raises(ValueError, match="twice"):
        game.deal_hands(doubled)
    bid = game.apply(game.legal_actions()[0])
    with pytest.raises(ValueError, match="first bid"):
        bid.deal_hands(_hands(1))


def test_a_save_whose_given_hands_were_changed_is_refused() -> None:
    game = Game.new(PRESETS["classic"], seed=2).deal_hands(_hands(3))
    data = json.loads(game.to_json())
    dealt = data["dealt"][0][1]
    dealt[0], dealt[13] = dealt[13], dealt[0]
    with pytest.raises(SaveError):
        Game.from_json(json.dumps(data, separators=(",", ":")))
