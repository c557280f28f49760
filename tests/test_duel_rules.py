"""Two rule details of the Duel (002), from fixed deals.

- Spades broken: "no se puede salir con ellas hasta que alguien haya jugado una pica sobre
  otro palo, salvo que solo te queden picas": at the Duel only a spade played on another
  suit breaks spades; a spade led from a hand of spades alone does not (nor the spades
  that follow it).  Every other table (000, 001, 003, 004) breaks spades on any spade,
  the forced lead included.  The setting is ``Rules.lead_breaks_spades``.
- "En el duelo no hay nil a ciegas": a blind bid is refused as Blind Nil, not as the
  Double Nil of two-handed classic (001).

The computer players' simulators (playout, the endgame solver, what a seat infers) are
checked against the engine on the same positions.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from spades import PRESETS, Bid, Card, Draw, Game, IllegalAction, Phase, Play, Rules
from spades.ai import knowledge
from spades.ai.endgame import Solver, move_groups, solve
from spades.ai.playout import legal_mask, play_card, playout
from spades.scoring import score_sides
from spades.tricks import breaks_spades
from tests.helpers import ALL_CARDS, bid_all, cards

DUEL = PRESETS["duel"]
TWO_HANDED = PRESETS["two-handed"]
CLASSIC = PRESETS["classic"]

# Two hands of 13 for two players.  Nine tricks of filler first: seat 0 leads its clubs and
# diamonds from the top, seat 1 follows low and never wins one; then seat 0 holds only
# spades and leads the tenth trick with spades unbroken.  ``END_1`` is seat 1's last four.
FILLER = ["AC", "2C", "KC", "3C", "QC", "4C", "JC", "5C", "10C", "6C",
          "AD", "2D", "KD", "3D", "QD", "4D", "JD", "5D"]
HAND_0 = cards("AC KC QC JC 10C AD KD QD JD 2S 3S 4S 5S")
FILLER_1 = cards("2C 3C 4C 5C 6C 2D 3D 4D 5D")
END_1 = cards("QS KS 2H 3H")  # two spades above seat 0's, and hearts to lead


def two_player_game(rules: Rules, end_1: list[Card] = END_1) -> Game:
    """The two-hand deal above, bid 3 and 3, played to the tenth trick: seat 0 (holding
    2S 3S 4S 5S only) to lead, spades unbroken."""
    # Seat 0 bids and leads first: the non-dealer at the Duel (002), the dealer at
    # two-handed classic (001).
    dealer = 0 if rules.dealer_leads else 1
    game = Game.new(rules, seed=1, deal=[HAND_0, FILLER_1 + end_1], dealer=dealer)
    return play(bid_all(game, (3, 3)), *FILLER)


def play(game: Game, *texts: str) -> Game:
    for text in texts:
        game = game.apply(Play(Card.parse(text)))
    return game


def legal_cards(game: Game) -> set[Card]:
    return {action.card for action in game.legal_actions() if isinstance(action, Play)}


def _mask(hand: tuple[Card, ...] | list[Card]) -> int:
    return sum(1 << card.index for card in hand)


# ------------------------------------------------------------------ the setting

def test_the_duel_alone_keeps_spades_unbroken_by_a_spade_lead() -> None:
    assert not DUEL.lead_breaks_spades
    assert Rules().lead_breaks_spades  # the default: Classic (000)
    for name in ("classic", "blind-nil", "quick", "two-handed"):
        assert PRESETS[name].lead_breaks_spades, name
    spade, heart = Card.parse("2S").index, Card.parse("2H").index
    # tricks.breaks_spades: a spade on another suit always; a spade led or on spades only
    # where a spade lead breaks them.
    assert breaks_spades(spade, 2, False) and breaks_spades(spade, 2, True)
    assert not breaks_spades(spade, 3, False) and breaks_spades(spade, 3, True)
    assert not breaks_spades(heart, 2, True) and not breaks_spades(heart, 3, True)


# ------------------------------------------------------------------ the engine

def test_duel_spade_lead_from_an_all_spade_hand_does_not_break_spades_002() -> None:
    game = two_player_game(DUEL)
    assert (game.turn, game.spades_broken) == (0, False)
    assert game.hands[0] == tuple(cards("2S 3S 4S 5S"))
    assert legal_cards(game) == set(game.hands[0])  # only spades: one may be led
    game = play(game, "2S")
    assert not game.spades_broken  # a spade led does not break spades (002)
    assert legal_cards(game) == set(cards("QS KS"))  # follow the spade lead
    game = play(game, "QS")
    assert not game.spades_broken  # nor a spade played on a spade
    assert game.tricks[-1].winner == 1 and game.turn == 1
    # Seat 1 holds hearts too: it may not lead a spade yet.
    assert legal_cards(game) == set(cards("2H 3H"))
    why = game.explain(Play(Card.parse("KS")))
    assert why is not None and why.code == "spades_not_broken"
    assert why.message == (
        "Spades aren't broken yet: lead another suit until a spade has been played.")
    with pytest.raises(IllegalAction):
        game.apply(Play(Card.parse("KS")))
    # A spade played on another suit breaks spades.
    game = play(game, "2H")
    assert not game.spades_broken
    game = play(game, "3S")
    assert game.spades_broken
    assert game.tricks[-1].winner == 0 and game.turn == 0
    game = play(game, "4S", "KS")
    assert game.turn == 1 and legal_cards(game) == set(cards("3H"))


def test_duel_spades_on_spades_and_discards_on_spades_break_nothing_002() -> None:
    # Seat 1 void in spades: its hearts and diamonds fall on seat 0's spade leads, seat 0
    # keeps the lead, and spades stay unbroken the whole hand.
    game = play(two_player_game(DUEL, cards("6D 7D 2H 3H")), "2S")
    assert legal_cards(game) == set(cards("6D 7D 2H 3H"))
    game = play(game, "2H")
    assert game.tricks[-1].winner == 0 and game.turn == 0 and not game.spades_broken
    game = play(game, "3S", "3H", "4S", "6D")
    assert not game.spades_broken
    # Both hold only spades: spades led and followed, still unbroken.
    game = play(two_player_game(DUEL, cards("6S 7S 8S 9S")), "2S", "6S")
    assert game.turn == 1 and not game.spades_broken
    assert legal_cards(game) == set(cards("7S 8S 9S"))  # only spades: one may be led
    game = play(game, "7S", "3S")
    assert not game.spades_broken


def test_duel_reached_through_the_draw_plays_the_same_002() -> None:
    """The same hands drawn from a 52-card stock (top first): the non-dealer keeps the
    1st, 5th, 9th... card, the dealer the 3rd, 7th...; every second card is discarded."""
    hand_1 = FILLER_1 + END_1
    rest = [card for card in ALL_CARDS if card not in HAND_0 and card not in hand_1]
    stock: list[Card] = []
    for k in range(13):
        stock += [HAND_0[k], rest[2 * k], hand_1[k], rest[2 * k + 1]]
    game = Game.new(DUEL, seed=1, deal=[stock], dealer=1)
    while game.phase is Phase.DRAW:
        game = game.apply(Draw(True))
    assert set(game.hands[0]) == set(HAND_0) and set(game.hands[1]) == set(hand_1)
    game = play(bid_all(game, (3, 3)), *FILLER, "2S", "QS")
    assert not game.spades_broken and legal_cards(game) == set(cards("2H 3H"))
    assert game.actions[-1] == Play(Card.parse("QS"))


def test_two_handed_spade_lead_from_an_all_spade_hand_breaks_spades_001() -> None:
    game = two_player_game(TWO_HANDED)
    assert (game.turn, game.spades_broken) == (0, False)
    game = play(game, "2S")
    assert game.spades_broken  # "também são quebradas se ... começa com espadas" (001)
    game = play(game, "QS")
    assert game.turn == 1
    assert legal_cards(game) == set(cards("KS 2H 3H"))
    assert game.explain(Play(Card.parse("KS"))) is None


# Four players: seat 0 wins three club tricks and then holds only spades; seat 3 wins the
# forced spade lead and holds every other suit besides its spades.
DEAL_4 = [
    cards("AC KC QC 2S 3S 4S 5S 6S 7S 8S 9S 10S JS"),
    cards("2C 3C 4C 2D 3D 4D 5D 6D 7D 8D 9D 10D JD"),
    cards("5C 6C 7C 2H 3H 4H 5H 6H 7H 8H 9H 10H JH"),
    cards("8C 9C 10C JC QS KS AS QD KD AD QH KH AH"),
]


@pytest.mark.parametrize("lead_breaks", [True, False],
                         ids=["classic (000)", "classic set as the duel"])
def test_classic_spade_lead_from_an_all_spade_hand_breaks_spades_000(lead_breaks: bool) -> None:
    rules = dataclasses.replace(CLASSIC, lead_breaks_spades=lead_breaks)
    game = bid_all(Game.new(rules, seed=1, deal=DEAL_4, dealer=3), (3, 3, 3, 3))
    game = play(game, "AC", "2C", "5C", "8C", "KC", "3C", "6C", "9C", "QC", "4C", "7C", "10C")
    assert game.turn == 0 and not game.spades_broken
    assert legal_cards(game) == set(game.hands[0])
    game = play(game, "2S")
    assert game.spades_broken == lead_breaks  # a forced spade lead breaks spades (000)
    game = play(game, "2D", "2H", "QS")
    assert game.spades_broken == lead_breaks
    assert game.tricks[-1].winner == 3 and game.turn == 3
    assert (game.explain(Play(Card.parse("KS"))) is None) == lead_breaks
    game = play(game, "AD", "3S")  # a spade on another suit breaks them at every table
    assert game.spades_broken


# ------------------------------------------------------------------ no blind bid at the Duel

def test_duel_refuses_a_blind_bid_as_blind_nil_002() -> None:
    game = Game.new(DUEL, seed=3)
    assert game.phase is Phase.DRAW
    for position in (game, _drawn(game)):
        why = position.explain(Bid(0, blind=True))
        assert why is not None and (why.code, why.reason) == ("bad_bid", "blind_nil_not_played")
        assert why.message == "Blind Nil isn't played at this table."
        with pytest.raises(IllegalAction) as caught:
            position.apply(Bid(0, blind=True))
        assert caught.value.explanation == why
        assert Bid(0, blind=True) not in position.legal_actions()
    why = game.explain(Bid(3, blind=True))
    assert why is not None and why.reason == "blind_nil_not_zero"


def _drawn(game: Game) -> Game:
    while game.phase is Phase.DRAW:
        game = game.apply(Draw(True))
    return game


def test_two_handed_still_says_double_nil_001() -> None:
    game = Game.new(TWO_HANDED, seed=3)
    assert game.explain(Bid(0, blind=True)) is None  # before the first draw
    why = game.explain(Bid(3, blind=True))
    assert why is not None and why.reason == "double_nil_not_zero"
    why = _drawn(game).explain(Bid(0, blind=True))
    assert why is not None and why.reason == "double_nil_too_late"
    why = Game.new(CLASSIC, seed=3).explain(Bid(0, blind=True))
    assert why is not None and why.reason == "blind_nil_not_played"


# ------------------------------------------------------------------ the simulators

@pytest.mark.parametrize("rules", [DUEL, TWO_HANDED], ids=["duel", "two-handed"])
def test_play_card_and_legal_mask_follow_the_engine(rules: Rules) -> None:
    """playout.play_card's "this card broke spades" and legal_mask, card by card."""
    game = two_player_game(rules)
    hands = [_mask(hand) for hand in game.hands]
    trick: list[tuple[int, int]] = []
    won = list(game.tricks_won)
    broken = game.spades_broken
    lead_breaks = rules.lead_breaks_spades
    for text in ("2S", "QS", "2H", "3S", "4S", "KS", "3H", "5S"):
        assert game.turn is not None
        assert legal_mask(hands[game.turn], trick, broken) == _mask(list(legal_cards(game)))
        card = Card.parse(text).index
        turn, spade = play_card(hands, trick, game.turn, card, won, lead_breaks=lead_breaks)
        broken = broken or spade
        game = play(game, text)
        if game.hand_number == 0:
            assert (game.turn, game.spades_broken, list(game.tricks_won)) == (
                turn, broken, won)
    assert game.hand_number == 1


@pytest.mark.parametrize("rules", [DUEL, TWO_HANDED, CLASSIC],
                         ids=["duel", "two-handed", "classic"])
def test_playouts_from_an_all_spade_lead_replay_in_the_engine(rules: Rules) -> None:
    """Random playouts (eps 1: every card at random) from the position where a seat must
    lead spades unbroken; each replays legally in the engine, to the same tricks."""
    if rules.players == 2:
        start = two_player_game(rules)
    else:
        start = bid_all(Game.new(rules, seed=1, deal=DEAL_4, dealer=3), (3, 3, 3, 3))
        start = play(start, "AC", "2C", "5C", "8C", "KC", "3C", "6C", "9C", "QC", "4C",
                     "7C", "10C")
    assert start.turn is not None and not start.spades_broken
    nil = [bid == 0 for bid in start.bids]

    def replays(lead_breaks: bool, seed: int) -> bool:
        record: list[int] = []
        result = playout([_mask(hand) for hand in start.hands], [], start.turn or 0, False,
                         list(start.tricks_won), nil, random.Random(seed), 1.0, record,
                         lead_breaks=lead_breaks)
        game = start
        for card in record:
            if not game.is_legal(Play(Card(card))):
                return False
            game = game.apply(Play(Card(card)))
        assert list(game.history[0].tricks) == result
        return True

    right = rules.lead_breaks_spades
    assert all(replays(right, seed) for seed in range(40))
    if not right:
        # Told that the Duel's spade lead broke spades, the simulator leads spades the
        # engine refuses.  (The other way round it would only be stricter than the
        # engine: test_play_card_and_legal_mask_follow_the_engine catches that.)
        assert not all(replays(True, seed) for seed in range(40))


def _brute(game: Game, side: int) -> int:
    """Minimax over the engine's legal actions to the end of the hand."""
    if game.hand_number > 0 or game.winner is not None:
        points = game.history[0].points
        return points[side] - points[1 - side]
    assert game.turn is not None
    values = [_brute(game.apply(a), side) for a in game.legal_actions()]
    return max(values) if game.turn % 2 == side else min(values)


@pytest.mark.parametrize("end_1", ["QS KS 2H 3H", "AS 6D 2H 3H", "6D 7D 2H 3H", "6S 7S 8S 9S"])
@pytest.mark.parametrize("rules", [DUEL, TWO_HANDED], ids=["duel", "two-handed"])
def test_endgame_solver_agrees_with_the_engine(rules: Rules, end_1: str) -> None:
    start = two_player_game(rules, cards(end_1))
    bids = tuple(b or 0 for b in start.bids)
    lead_breaks = rules.lead_breaks_spades
    for side in (0, 1):
        def value(tricks: tuple[int, ...], side: int = side) -> float:
            sides = score_sides(rules, bids, tricks, start.bags, start.blind)
            return float(sides[side].points - sides[1 - side].points)

        positions = [start, play(start, "2S")]
        for game in positions:
            assert game.turn is not None
            hands = [_mask(hand) for hand in game.hands]
            trick = [(s, c.index) for s, c in game.trick.plays]
            won = list(game.tricks_won)
            expected = _brute(game, side)
            assert solve(hands, trick, game.turn, game.spades_broken, won, side, value,
                         lead_breaks=lead_breaks) == expected
            moves = move_groups(hands, trick, game.turn, game.spades_broken)
            solver = Solver(2, side, value, lead_breaks=lead_breaks)
            values = solver.solve_moves(hands, trick, game.turn, game.spades_broken, won,
                                        moves)
            for card, v in values.items():
                assert v == _brute(game.apply(Play(Card(card))), side)


def test_endgame_solver_keeps_spades_unbroken_after_a_spade_lead_at_the_duel() -> None:
    """White box: after seat 0's forced spade lead won by seat 1, the solver's table holds
    seat 1's lead with spades unbroken (its best lead a heart) at the Duel, and only with
    spades broken elsewhere."""
    for rules in (DUEL, TWO_HANDED):
        game = two_player_game(rules)
        hands = [_mask(hand) for hand in game.hands]
        solver = Solver(2, 0, lambda tricks: float(tricks[0]),
                        lead_breaks=rules.lead_breaks_spades)
        solver.solve(hands, [], 0, False, list(game.tricks_won))
        seat_1_leads = [(key, entry) for key, entry in solver.table.items() if key[2] == 1]
        assert seat_1_leads
        unbroken = [entry for key, entry in seat_1_leads if key[3] is False]
        if rules.lead_breaks_spades:
            assert not unbroken
        else:
            assert unbroken and all(best < 39 for _, _, best in unbroken)


def test_a_seat_infers_an_all_spade_lead_while_spades_stay_unbroken_002() -> None:
    # Both hold only spades after the filler: seat 0 leads 2S, seat 1 wins with the 6S and
    # leads the 7S with spades still unbroken (002), so seat 1 held only spades.
    for rules, inferred in ((DUEL, 0b0111), (TWO_HANDED, 0)):
        game = play(two_player_game(rules, cards("6S 7S 8S 9S")), "2S", "6S", "7S")
        assert game.spades_broken == rules.lead_breaks_spades
        view = game.view(0)
        assert knowledge.voids(view)[1] == inferred
        assert knowledge.voids(game.view(1))[0] == 0b0111  # seat 0's forced lead
