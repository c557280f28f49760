"""The duplicate par (spades.ai.par): the hand's start replayed from the engine, the par is
deterministic, and when your side's seats were played by the par's own Expert (same budget,
same seeds) against the page's bots, the par is exactly the real score."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from spades import PRESETS, Action, Game
from spades.ai import Budget, make_bot
from spades.ai.par import PAR_SIMULATIONS, hand_start, par_points, play_hand, side_seats
from spades.ai.seeds import bot_seed

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

import players  # noqa: E402
import worker  # noqa: E402

SIMS = 12
"""A small Expert budget, so the tests stay fast."""

Chooser = Callable[[Game, int], Action]


def page_bot(level: str) -> Chooser:
    """A seat played as the page plays it (web/players.py)."""
    return lambda game, seat: players.choose(game, seat, level)


def expert(simulations: int) -> Chooser:
    """A seat played by an Expert with a simulations-only budget and the page's seed."""
    def choose(game: Game, seat: int) -> Action:
        bot = make_bot("expert", seed=bot_seed(game.seed, seat),
                       budget=Budget(simulations=simulations))
        action: Action = bot.choose(game.view(seat))
        return action
    return choose


def play(preset: str, seed: int, seats: list[Chooser], hands: int) -> tuple[Game, list[Game]]:
    """A game played for ``hands`` hands (or to its end), and the game at each hand's start."""
    game = Game.new(PRESETS[preset], seed=seed)
    starts = [game]
    while game.winner is None and len(game.history) < hands:
        seat = game.turn
        assert seat is not None
        game = game.apply(seats[seat](game, seat))
        if len(game.history) == len(starts) and game.winner is None:
            starts.append(game)
    return game, starts


@pytest.fixture(scope="module")
def quick_game() -> Game:
    game, _ = play("quick", 11, [page_bot("medium")] * 4, hands=3)
    return game


def test_one_definition_of_the_bot_seeds() -> None:
    assert vars(players)["bot_seed"] is bot_seed  # the page imports it from spades.ai
    assert bot_seed(5, 0) != bot_seed(5, 2) != bot_seed(6, 2)


def test_your_side() -> None:
    assert side_seats(4) == (0, 2) and side_seats(2) == (0,)
    assert isinstance(PAR_SIMULATIONS, int) and PAR_SIMULATIONS >= 1


@pytest.mark.parametrize("preset", ["quick", "duel", "two-handed"])
def test_hand_start_is_the_real_hand_start(preset: str) -> None:
    players_ = PRESETS[preset].players
    # A seed whose games last past three hands at every preset (with today's Hard).
    game, starts = play(preset, 6, [page_bot("hard")] * players_, hands=3)
    assert len(game.history) == 3 and len(starts) == 4  # and hand 3 has begun
    for number, real in enumerate(starts[:3]):
        start = hand_start(game, number)
        assert start.hand_number == number == real.hand_number
        assert start.history == real.history
        assert (start.hands, start.dealer, start.scores, start.bags, start.phase, start.turn) \
            == (real.hands, real.dealer, real.scores, real.bags, real.phase, real.turn)
        assert start.actions == real.actions
        assert start.to_json() == real.to_json()


def test_hand_start_refuses_a_hand_not_finished(quick_game: Game) -> None:
    done = len(quick_game.history)
    assert done == 3
    for number in (done, done + 1, -1):
        with pytest.raises(ValueError):
            hand_start(quick_game, number)
        with pytest.raises(ValueError):
            par_points(quick_game, number, "medium", SIMS)
    # The hand in progress has not finished either, even after some of its moves.
    game = quick_game
    for _ in range(10):
        seat = game.turn
        assert seat is not None
        game = game.apply(players.choose(game, seat, "medium"))
    assert len(game.history) == done and game.hand_number == done
    with pytest.raises(ValueError):
        hand_start(game, done)
    with pytest.raises(ValueError):
        hand_start(Game.new(PRESETS["quick"], seed=1), 0)


def test_the_experts_seats_are_one_side(quick_game: Game) -> None:
    with pytest.raises(ValueError):
        par_points(quick_game, 0, "medium", SIMS, seats=(0, 1))
    with pytest.raises(ValueError):
        par_points(quick_game, 0, "medium", SIMS, seats=())


def test_par_is_deterministic(quick_game: Game) -> None:
    pars = [par_points(quick_game, number, "medium", SIMS) for number in range(3)]
    assert pars == [par_points(quick_game, number, "medium", SIMS) for number in range(3)]
    again = Game.from_json(quick_game.to_json())
    assert pars == [par_points(again, number, "medium", SIMS) for number in range(3)]
    # The par of a hand does not depend on what came after it.
    _, starts = play("quick", 11, [page_bot("medium")] * 4, hands=3)
    assert par_points(starts[2], 1, "medium", SIMS) == pars[1]


def test_par_is_the_same_in_another_process(quick_game: Game) -> None:
    """Every player of the day sees the same par: nothing hangs on the process (string
    hashing is salted per process unless PYTHONHASHSEED is set)."""
    expected = par_points(quick_game, 1, "medium", SIMS)
    code = ("import sys; from spades import Game; from spades.ai.par import par_points; "
            f"print(par_points(Game.from_json(sys.stdin.read()), 1, 'medium', {SIMS}))")
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
        out = subprocess.run([sys.executable, "-c", code], input=quick_game.to_json(),
                             capture_output=True, text=True, env=env, cwd=ROOT, check=True)
        assert int(out.stdout) == expected


def test_the_workers_par(quick_game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    import spades.ai.par

    monkeypatch.setattr(spades.ai.par, "PAR_SIMULATIONS", SIMS)
    result = worker.par(quick_game.to_json(), 2, "medium")
    assert type(result) is int
    assert result == par_points(quick_game, 2, "medium", SIMS)


@pytest.mark.parametrize(("preset", "seed", "opponents", "hands"), [
    ("quick", 21, "medium", 4),
    ("classic", 5, "hard", 2),
    ("blind-nil", 8, "easy", 2),
    ("duel", 3, "medium", 4),
    ("two-handed", 9, "medium", 2),
])
def test_par_equals_the_score_when_the_expert_played(preset: str, seed: int, opponents: str,
                                                      hands: int) -> None:
    """Your side's seats played by the par's Expert, the others by the page's bots: the
    par of every finished hand is the real score of that hand."""
    rules = PRESETS[preset]
    ours = side_seats(rules.players)
    seats = [expert(SIMS) if seat in ours else page_bot(opponents)
             for seat in range(rules.players)]
    game, _ = play(preset, seed, seats, hands=hands)
    assert len(game.history) >= 2
    for number, record in enumerate(game.history):
        assert par_points(game, number, opponents, SIMS) == record.points[0], number


@pytest.mark.parametrize(("preset", "seed"), [("blind-nil", 4), ("two-handed", 10)])
def test_par_with_a_blind_nil(preset: str, seed: int) -> None:
    """Your side plays at random until it is far behind, then the Expert takes its seats
    and bids Blind Nil (Double Nil, declared during the draw, at two-handed classic) and
    makes the exchange: the par of that hand is still the real score."""
    rules = PRESETS[preset]
    ours = side_seats(rules.players)
    game = Game.new(rules, seed=seed)
    behind: int | None = None  # the hand from which the Expert plays your side
    while behind is None or len(game.history) <= behind:
        if behind is None and game.scores[1] - game.scores[0] >= 200 \
                and game.scores[1] >= rules.target - 150:
            behind = game.hand_number
        seat = game.turn
        assert seat is not None and game.winner is None
        if seat not in ours:
            chooser = page_bot("hard")
        else:
            chooser = expert(SIMS) if behind is not None else page_bot("random")
        game = game.apply(chooser(game, seat))
    assert behind is not None
    record = game.history[behind]
    assert any(record.blind[seat] for seat in ours)
    assert par_points(game, behind, "hard", SIMS) == record.points[0]


def test_the_other_sides_par() -> None:
    """``seats`` puts the Expert on the other side; the par is that side's points."""
    seats = [page_bot("medium"), expert(SIMS)] * 2
    game, _ = play("quick", 13, seats, hands=2)
    for number, record in enumerate(game.history):
        assert par_points(game, number, "medium", SIMS, seats=(1, 3)) == record.points[1]


def test_par_differs_from_a_medium_side_somewhere() -> None:
    """The par is the Expert's score, not a copy of the real one."""
    game, _ = play("quick", 2, [page_bot("medium")] * 4, hands=4)
    real = [record.points[0] for record in game.history]
    pars = [par_points(game, number, "medium", 100) for number in range(len(game.history))]
    assert pars != real


def test_play_hand_plays_one_hand() -> None:
    start = Game.new(PRESETS["duel"], seed=6)
    end = play_hand(start, ["medium", "medium"], SIMS)
    assert len(end.history) == 1 and (end.hand_number == 1 or end.winner is not None)
    with pytest.raises(ValueError):
        play_hand(start, ["medium"], SIMS)
