"""How long the duplicate par (``spades.ai.par``) takes, and what it gives, by budget.

    python -m spades.lab.partime [--budgets 100,200,400,800] [--dates 5] [--hands 2]
                                    [--first 2026-01-01] [--compare 3000]

The hands are the daily table's (``spades.daily``: Quick rules, Medium opponents), for
``--dates`` consecutive days from ``--first``: each day's game is played for ``--hands``
hands with a Medium player in seat 0 too (standing in for the person), and the par of each
finished hand is computed at every budget.  Prints, per budget, the seconds per hand's par
(median and worst) and the par values; ``--compare N`` adds, per budget, the mean
difference from the par at N simulations on the same hands (the page's Expert searches up
to 3000 simulations a decision) with a 95% interval.  CPython only measures; the browser
(Pyodide) runs the same code about 1.5-3 times slower.
"""

from __future__ import annotations

import argparse
import datetime
import math
import statistics
import time

from ..ai.par import par_points, play_hand
from ..daily import DAILY_LEVEL, DAILY_PRESET, seed_for
from ..game import Game
from ..rules import PRESETS


def daily_games(first: datetime.date, dates: int, hands: int) -> list[Game]:
    """Each day's daily game after ``hands`` hands (fewer if it ended), all seats Medium."""
    rules = PRESETS[DAILY_PRESET]
    games = []
    for day in range(dates):
        game = Game.new(rules, seed=seed_for(first + datetime.timedelta(days=day)))
        while game.winner is None and len(game.history) < hands:
            game = play_hand(game, [DAILY_LEVEL] * rules.players, simulations=1)
        games.append(game)
    return games


def time_pars(games: list[Game], simulations: int) -> tuple[list[float], list[int]]:
    """Seconds and par of every finished hand of ``games``."""
    seconds, pars = [], []
    for game in games:
        for number in range(len(game.history)):
            start = time.perf_counter()
            pars.append(par_points(game, number, DAILY_LEVEL, simulations))
            seconds.append(time.perf_counter() - start)
    return seconds, pars


def _interval(values: list[int]) -> str:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0
    return f"{mean:+.1f} ± {half:.1f}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m spades.lab.partime",
                                     description="Seconds per hand's duplicate par, by budget.")
    parser.add_argument("--budgets", default="100,200,400,800",
                        help="simulations per decision, comma-separated")
    parser.add_argument("--dates", type=int, default=5)
    parser.add_argument("--hands", type=int, default=2, help="hands per daily game")
    parser.add_argument("--first", type=datetime.date.fromisoformat,
                        default=datetime.date(2026, 1, 1))
    parser.add_argument("--compare", type=int, default=None,
                        help="a reference budget to compare each budget's par with")
    args = parser.parse_args(argv)
    budgets = [int(text) for text in args.budgets.split(",")]
    games = daily_games(args.first, args.dates, args.hands)
    real = [record.points[0] for game in games for record in game.history]
    print(f"par on the daily table ({DAILY_PRESET}, {DAILY_LEVEL} opponents): {len(real)} "
          f"hands of {len(games)} days from {args.first}")
    print(f"  medium in your seats (the real game): mean {_interval(real)}  {real}")
    reference: list[int] | None = None
    if args.compare is not None:
        ref_seconds, reference = time_pars(games, args.compare)
        print(f"  {args.compare:>5} sims: {statistics.median(ref_seconds):6.2f} s median "
              f"{max(ref_seconds):6.2f} s worst; par mean {_interval(reference)}  {reference}")
    for simulations in budgets:
        seconds, pars = time_pars(games, simulations)
        line = (f"  {simulations:>5} sims: {statistics.median(seconds):6.2f} s median "
                f"{max(seconds):6.2f} s worst; par mean {_interval(pars)}  {pars}")
        if reference is not None:
            diffs = [p - r for p, r in zip(pars, reference, strict=True)]
            line += f"\n{'':>14}minus the {args.compare}-sims par: {_interval(diffs)}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
