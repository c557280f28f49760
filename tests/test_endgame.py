"""The exact endgame solver (spades.ai.endgame) against a plain search over ``Game``."""

from __future__ import annotations

import random
from functools import cache

import pytest

from spades import PRESETS, Bid, Card, Game, Phase, Play
from spades.ai.endgame import Solver, move_groups, solve, tricks_left
from spades.scoring import score_sides

PRESET_NAMES = ["classic", "blind-nil", "quick", "duel", "two-handed"]


def _masks(game: Game) -> list[int]:
    return [sum(1 << c.index for c in hand) for hand in game.hands]


def _endgame(seed: int, preset: str, left: int) -> Game:
    """A game in the play phase of its first hand with ``left`` tricks (or a few cards
    fewer, mid-trick) to go, after random bids (Nil often) and random plays."""
    rng = random.Random(seed)
    game = Game.new(PRESETS[preset], seed=seed)
    while game.phase is not Phase.PLAY:
        actions = game.legal_actions()
        if game.phase is Phase.BID:
            bids = [a for a in actions if isinstance(a, Bid) and not a.blind]
            nil = [a for a in bids if a.n == 0]
            if nil and rng.random() < 0.3:
                actions = nil
            else:
                actions = [a for a in bids if 1 <= a.n <= 5] or actions
        game = game.apply(actions[rng.randrange(len(actions))])
    players = game.rules.players
    plays = 13 * players - left * players + rng.randrange(players)
    for _ in range(plays):
        actions = game.legal_actions()
        game = game.apply(actions[rng.randrange(len(actions))])
    assert game.phase is Phase.PLAY and game.hand_number == 0
    return game


def _brute(game: Game, side: int) -> int:
    """Minimax over ``Game.legal_actions`` to the end of the hand: side's points minus the
    other side's, as the game itself scores the hand."""
    if game.hand_number > 0 or game.winner is not None:
        points = game.history[0].points
        return points[side] - points[1 - side]
    assert game.turn is not None
    values = [_brute(game.apply(a), side) for a in game.legal_actions()]
    return max(values) if game.turn % 2 == side else min(values)


def _value_for(game: Game, side: int):  # type: ignore[no-untyped-def]
    rules = game.rules
    bids = tuple(b if b is not None else 0 for b in game.bids)
    bags, blind = game.bags, game.blind

    @cache
    def value(tricks: tuple[int, ...]) -> float:
        sides = score_sides(rules, bids, tricks, bags, blind)
        return float(sides[side].points - sides[1 - side].points)

    return value


def _position(game: Game) -> tuple[list[int], list[tuple[int, int]], int, bool, list[int]]:
    assert game.turn is not None
    return (_masks(game), [(s, c.index) for s, c in game.trick.plays], game.turn,
            game.spades_broken, list(game.tricks_won))


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_solver_agrees_with_brute_force(preset: str) -> None:
    left = 3 if PRESETS[preset].players == 4 else 4
    for seed in range(12):
        game = _endgame(seed, preset, left)
        hands, trick, turn, broken, won = _position(game)
        assert tricks_left(hands, trick) <= left
        for side in (0, 1):
            value = _value_for(game, side)
            expected = _brute(game, side)
            lead_breaks = game.rules.lead_breaks_spades
            assert solve(hands, trick, turn, broken, won, side, value,
                         lead_breaks=lead_breaks) == expected
            # Each candidate card's value is the brute value after playing it.
            solver = Solver(len(hands), side, value, lead_breaks=lead_breaks)
            moves = move_groups(hands, trick, turn, broken)
            values = solver.solve_moves(hands, trick, turn, broken, won, moves)
            for card, v in values.items():
                assert v == _brute(game.apply(Play(Card(card))), side)
            best = max if turn % 2 == side else min
            assert best(values.values()) == expected


def test_touching_cards_are_one_move() -> None:
    # North holds 9H 10H QH; the JH is played (gone) and the KH is East's: 9H-10H touch,
    # and QH touches them through the played JH, so one move; but the 8H in the trick
    # separates nothing it is not between.
    h = {name: 1 << Card.parse(name).index for name in ("9H", "10H", "QH", "KH", "2C", "8H")}
    hands = [h["2C"], h["KH"], h["9H"] | h["10H"] | h["QH"], 0]
    assert move_groups(hands, [(1, Card.parse("8H").index)], 2, True) == [
        Card.parse("9H").index]
    # A card of the trick in progress between two cards keeps them apart.
    hands = [h["2C"], h["9H"] | h["QH"], 0, 0]
    trick = [(0, Card.parse("10H").index)]
    assert move_groups(hands, trick, 1, True) == [Card.parse("9H").index,
                                                  Card.parse("QH").index]


def _cards(text: str) -> int:
    return sum(1 << Card.parse(w).index for w in text.split())


def test_solver_finds_the_winning_line() -> None:
    # South to lead, spades broken, two tricks to go.  South holds AH AS, West KS 5D,
    # North 3C 4C, East 2H 3H.  Cashing the AH first lets West (void in hearts) ruff with
    # the KS and South takes one trick; the AS first draws West's only spade, and the AH
    # then wins too: two tricks.
    hands = [_cards("AH AS"), _cards("KS 5D"), _cards("3C 4C"), _cards("2H 3H")]

    def tricks_of_side0(tricks: tuple[int, ...]) -> float:
        return float(tricks[0] + tricks[2])

    solver = Solver(4, 0, tricks_of_side0, lead_breaks=True)
    values = solver.solve_moves(hands, [], 0, True, [0, 0, 0, 0],
                                move_groups(hands, [], 0, True))
    ah, as_ = Card.parse("AH").index, Card.parse("AS").index
    assert values == {ah: 1.0, as_: 2.0}
    assert solve(hands, [], 0, True, [0, 0, 0, 0], 0, tricks_of_side0, lead_breaks=True) == 2.0


def test_solver_respects_nil() -> None:
    # Classic; bids South 2, West 4, North Nil, East 5; eleven tricks played (2, 4, 0, 5).
    # West led the 3D; North holds AD 2D, East KD 5C, South 4D 7C, West 6C.
    # Ducking with the 2D: East's KD wins, East leads the 5C, South's 7C wins and North
    # sheds the AD: the Nil holds, side 0 scores 21 + 100 against 91.
    # Winning with the AD takes a trick for the side and the 2D wins the last one too
    # (nobody else holds a diamond): two more tricks for side 0, but the Nil is set.
    rules = PRESETS["classic"]
    bids = (2, 4, 0, 5)
    won = [2, 4, 0, 5]
    hands = [_cards("4D 7C"), _cards("6C"), _cards("AD 2D"), _cards("KD 5C")]
    trick = [(1, Card.parse("3D").index)]

    def points(tricks: tuple[int, ...]) -> float:
        sides = score_sides(rules, bids, tricks, (0, 0))
        return float(sides[0].points - sides[1].points)

    def tricks_only(tricks: tuple[int, ...]) -> float:
        return float(tricks[0] + tricks[2])

    d2, ad = Card.parse("2D").index, Card.parse("AD").index
    moves = move_groups(hands, trick, 2, True)
    assert sorted(moves) == [d2, ad]
    values = Solver(4, 0, points, lead_breaks=True).solve_moves(hands, trick, 2, True, won,
                                                                 moves)
    assert values == {d2: (21 + 100) - 91, ad: (22 - 100) - 90}
    # Counting tricks alone, the AD would be the better card.
    counts = Solver(4, 0, tricks_only, lead_breaks=True).solve_moves(hands, trick, 2, True,
                                                                      won, moves)
    assert counts[ad] > counts[d2]
    # The opponents, minimising, see the same values.
    assert Solver(4, 1, lambda t: -points(t), lead_breaks=True).solve_moves(
        hands, trick, 2, True, won, moves) == {d2: -30.0, ad: 168.0}


def test_solver_is_deterministic() -> None:
    for seed in range(6):
        game = _endgame(seed, "classic", 4)
        hands, trick, turn, broken, won = _position(game)
        value = _value_for(game, 0)
        moves = move_groups(hands, trick, turn, broken)
        first = Solver(4, 0, value, lead_breaks=True).solve_moves(hands, trick, turn, broken,
                                                                  won, moves)
        again = Solver(4, 0, value, lead_breaks=True).solve_moves(hands, trick, turn, broken,
                                                                  won, moves)
        assert first == again
        assert list(first) == moves


def test_expert_and_oracle_solve_the_end_exactly() -> None:
    from spades.ai.base import Budget
    from spades.ai.expert import ExpertBot
    from spades.ai.oracle import OracleBot
    from tests.test_expert import _late_position

    game = _late_position()  # South must take the trick with the AD now
    assert OracleBot(seed=0).choose_with_game(game) == Play(Card.parse("AD"))
    view = game.view(0)
    bot = ExpertBot(seed=0, budget=Budget(simulations=200))
    assert bot.choose(view) == Play(Card.parse("AD"))
    for seed in range(6):  # deterministic in the endgame too
        late = _endgame(seed, "classic", 4)
        assert late.turn is not None
        v = late.view(late.turn)
        assert (ExpertBot(seed=2, budget=Budget(simulations=300)).choose(v)
                == ExpertBot(seed=2, budget=Budget(simulations=300)).choose(v))
        assert late.is_legal(OracleBot(seed=1).choose_with_game(late))


def test_expert_keeps_the_trick_cards_apart() -> None:
    # West led the 10H; South holds 9H and JH: the two are not one move, since the 10H
    # lies between them (it is not yet out of play for this trick).
    from spades.ai.base import Budget
    from spades.ai.expert import ExpertBot, nil_unload

    rng = random.Random(0)
    for seed in range(40):
        game = _endgame(seed, "classic", 6)
        while game.trick.plays == () or game.phase is not Phase.PLAY:
            actions = game.legal_actions()
            game = game.apply(actions[rng.randrange(len(actions))])
            if game.hand_number:
                break
        if game.hand_number or game.turn is None:
            continue
        view = game.view(game.turn)
        values = ExpertBot(seed=0, budget=Budget(simulations=40)).play_values(view)
        hands, trick, turn, broken, _ = _position(game)
        # A clean Nil's follows under the winner are searched as its highest (nil_unload).
        groups = nil_unload(view, sorted(move_groups(hands, trick, turn, broken)))
        assert sorted(values) == groups
