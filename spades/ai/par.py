"""Duplicate par: how the Expert would have scored a finished hand with your side's cards.

After a hand, the page shows your side's points beside the par: the same hand (the same
cards, dealer, scores and bags before it) replayed with an Expert in each of your side's
seats (seats 0 and 2; seat 0 alone at two players, where the Expert also makes seat 0's
draw decisions from the same stock) against the very opponents of the real game: the same
level, built per decision with the same seeds as the page builds them
(``spades.ai.seeds.bot_seed``).

    >>> from spades import PRESETS, Game
    >>> game = play_hand(Game.new(PRESETS["quick"], seed=3), ["medium"] * 4, simulations=8)
    >>> par = par_points(game, 0, "medium", simulations=8)
    >>> par == par_points(game, 0, "medium", simulations=8)
    True

The par is the same for everyone who played the same deal: the Expert's budget is a number
of simulations (``PAR_SIMULATIONS``), never seconds, and every bot's randomness comes from
its seed and its view (``spades.ai.base.decision_rng``).  So if your side's seats were
themselves played by that Expert, with that budget and those seeds, the par is exactly your
score.

    python -m spades.lab.partime     # seconds per par at several budgets (spades.lab.partime)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import Action
from ..game import Game
from . import Budget, make_bot
from .seeds import bot_seed

PAR_SIMULATIONS = 3000
"""The Expert's simulations per decision for the par (``Budget(simulations=...)``, no
seconds, so every browser computes the same par).  Chosen with ``python -m spades.ai.par
--bench --budgets 100,200,400,800,1600,3000,6000`` on the daily table (Quick rules, Medium
opponents): the par must be ready within about 15 s of the hand's end in the browser, where
Pyodide runs this code about 1.5-3 times slower than CPython, so a hand may take about 5 s
at worst on CPython.  Over 40 daily hands, 3000 took 2.8-2.9 s median and 3.6 s at worst
(CPython 3.11); 6000 took 6.2 s at worst.  3000 is also the page's Expert's own budget
(``web/players.py``, there capped at a second a decision), so "Expert in your seats" is the
page's Expert given its full search."""


def side_seats(players: int) -> tuple[int, ...]:
    """Your side's seats: 0 and 2 at four players, 0 alone at two."""
    return (0, 2) if players == 4 else (0,)


def hand_start(game: Game, number: int) -> Game:
    """``game`` replayed up to the first action of hand ``number`` (the same cards, dealer,
    scores and bags before the hand).  Raises ValueError unless that hand has finished in
    ``game``."""
    if isinstance(number, bool) or not isinstance(number, int):
        raise TypeError("a hand number is an int")
    if not 0 <= number < len(game.history):
        raise ValueError(f"hand {number} has not finished in this game "
                         f"({len(game.history)} finished)")
    start = game.restart()
    for action in game.actions:
        if start.hand_number == number:
            break
        start = start.apply(action)
    if start.hand_number != number or len(start.history) != number:
        raise AssertionError("the replay did not reach the hand")  # the engine changed
    return start


def seat_bot(level: str, game_seed: int, seat: int, simulations: int | None = None) -> Any:
    """The computer player of ``seat`` as the page builds it for one decision (the page's
    ``make_player(level, bot_seed(game.seed, seat))``), except that an Expert thinks with
    ``simulations`` alone, never a number of seconds."""
    if level == "expert":
        if simulations is None:
            raise ValueError("the par's Expert needs a number of simulations")
        return make_bot(level, seed=bot_seed(game_seed, seat),
                        budget=Budget(simulations=simulations))
    return make_bot(level, seed=bot_seed(game_seed, seat))


def play_hand(start: Game, levels: Sequence[str], simulations: int) -> Game:
    """Play the hand of ``start`` to its end (the next hand's start, or the game's end), each
    seat's decisions taken by a bot of ``levels[seat]`` built per decision (``seat_bot``)."""
    if len(levels) != start.rules.players:
        raise ValueError("one level per seat")
    number = len(start.history)
    game = start
    while len(game.history) == number:
        seat = game.turn
        assert seat is not None  # the game is not over while the hand goes on
        bot = seat_bot(levels[seat], game.seed, seat, simulations)
        action: Action = bot.choose(game.view(seat))
        game = game.apply(action)
    return game


def par_points(game: Game, number: int, opponents: str,
               simulations: int = PAR_SIMULATIONS,
               seats: Sequence[int] | None = None) -> int:
    """Your side's points in hand ``number`` had the Expert (``simulations`` a decision)
    held your side's cards, against ``opponents``-level bots with the page's seeds.

    ``seats`` are the Expert's seats, one side's (default: your side, ``side_seats``); the
    points are that side's.  Raises ValueError unless hand ``number`` has finished.
    """
    players = game.rules.players
    ours = tuple(side_seats(players) if seats is None else seats)
    sides = {seat % 2 if players == 4 else seat for seat in ours}
    if not ours or len(sides) != 1 or not all(0 <= seat < players for seat in ours):
        raise ValueError("the Expert's seats are the seats of one side")
    levels = ["expert" if seat in ours else opponents for seat in range(players)]
    start = hand_start(game, number)
    end = play_hand(start, levels, simulations)
    return end.history[number].points[sides.pop()]


__all__ = ["PAR_SIMULATIONS", "hand_start", "par_points", "play_hand", "seat_bot",
           "side_seats"]
