"""Bot think time: milliseconds per decision, and the Expert's peak memory.

    python -m spades.ai.thinktime [--level expert] [--budget 3000|1.0] [--decisions 300]
                                  [--preset classic] [--seed 1]

Every seat plays at the level being measured, game after game, until ``--decisions``
decisions have been timed (decisions with a single legal action are left out: the bots
answer them at once).  Prints the median and 95th-percentile milliseconds per decision for
each level, and for the Expert its peak traced memory (``tracemalloc``) over a shorter
second run, since tracing slows Python down.
"""

from __future__ import annotations

import argparse
import statistics
import time
import tracemalloc

from ..game import Game
from ..rules import PRESETS, Rules
from . import LEVELS, as_budget, make_bot


def time_level(level: str, rules: Rules, decisions: int, seed: int,
               budget: int | float | None) -> tuple[list[float], dict[str, list[float]]]:
    """Seconds per decision, overall and by phase."""
    times: list[float] = []
    by_phase: dict[str, list[float]] = {}
    board = seed
    clock = time.perf_counter
    while len(times) < decisions:
        game = Game.new(rules, seed=board)
        bots = [make_bot(level, board * 31 + seat, budget) for seat in range(rules.players)]
        while game.winner is None and len(times) < decisions and game.hand_number < 3:
            seat = game.turn
            assert seat is not None
            view = game.view(seat)
            start = clock()
            action = bots[seat].choose(view)
            elapsed = clock() - start
            if len(view.legal) > 1:
                times.append(elapsed)
                by_phase.setdefault(view.phase.value, []).append(elapsed)
            game = game.apply(action)
        board += 1
    return times, by_phase


def peak_memory(rules: Rules, decisions: int, seed: int, budget: int | float | None) -> int:
    """Peak traced bytes while the Expert makes ``decisions`` decisions."""
    tracemalloc.start()
    try:
        time_level("expert", rules, decisions, seed, budget)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak


def _ms(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (f"{1000 * statistics.median(ordered):9.2f} ms median {1000 * p95:9.2f} ms p95 "
            f"({len(ordered)} decisions)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m spades.ai.thinktime",
                                     description="Milliseconds per decision by level.")
    parser.add_argument("--level", choices=LEVELS, action="append",
                        help="a level to measure (repeatable; default: all)")
    parser.add_argument("--budget", default=None,
                        help="Expert's budget: simulations (int) or seconds (with a dot)")
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--memory-decisions", type=int, default=40)
    parser.add_argument("--preset", default="classic", choices=sorted(PRESETS))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    budget: int | float | None = None
    if args.budget is not None:
        budget = float(args.budget) if "." in args.budget else int(args.budget)
    rules = PRESETS[args.preset]
    levels = args.level or list(LEVELS)
    print(f"think time on {rules.name}; Expert budget: {as_budget(budget) or 'default'}")
    for level in levels:
        times, by_phase = time_level(level, rules, args.decisions, args.seed, budget)
        print(f"{level:>7}: {_ms(times)}")
        for phase, values in sorted(by_phase.items()):
            print(f"{'':>7}  {phase:>5}: {_ms(values)}")
    if "expert" in levels and args.memory_decisions > 0:
        peak = peak_memory(rules, args.memory_decisions, args.seed, budget)
        print(f" expert: peak traced memory {peak / 2**20:.1f} MB "
              f"over {args.memory_decisions} decisions")


if __name__ == "__main__":
    main()
