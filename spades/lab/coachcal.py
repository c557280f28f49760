"""Calibrate the coach's labels: how often each falls on each level's decisions.

    python -m spades.lab.coachcal [--hands 50] [--levels easy,medium,hard,expert]
                                  [--table classic] [--simulations 3000] [--jobs 2]

For each level, ``--hands`` hands (each the first hand of a game dealt from seed
``--seed + i``, the same deals for every level) are played with that level in South's
seat and Medium in the three others; each of South's bids and cards with a choice is
judged by the coach (``spades.ai.coach.judge``) from South's view.  Printed per level:
the decisions judged, the mean cost a decision and a hand, the share of decisions at
or above each label's threshold (``THRESHOLDS``), and the costs' quantiles, from which
the thresholds are chosen: the Expert, judged by its own search, should draw almost none.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..ai import LEVELS, make_bot
from ..ai.coach import COACH_SIMULATIONS, LABELS, THRESHOLDS, judge
from ..game import Game
from ..rules import PRESETS

OTHERS = "medium"
"""The level of the three other seats."""
YOU = 0


@dataclass(frozen=True, slots=True)
class HandCosts:
    """One hand of one level: the cost of each of South's judged decisions."""

    level: str
    seed: int
    costs: tuple[float, ...]
    seconds: float


def play_hand(level: str, seed: int, table: str, simulations: int) -> HandCosts:
    """The first hand of the game dealt from ``seed``, South at ``level``; South's judged
    decisions' costs, in order."""
    game = Game.new(PRESETS[table], seed=seed)
    bots = [make_bot(level if seat == YOU else OTHERS, seed * 8 + seat)
            for seat in range(game.rules.players)]
    costs: list[float] = []
    spent = 0.0
    while not game.history:
        seat = game.turn
        assert seat is not None  # a hand in progress has a seat on turn
        view = game.view(seat)
        action = bots[seat].choose(view)
        if seat == YOU:
            start = time.perf_counter()
            verdict = judge(view, action, game.seed, simulations)
            spent += time.perf_counter() - start
            if verdict is not None:
                costs.append(verdict.cost)
        game = game.apply(action)
    return HandCosts(level, seed, tuple(costs), spent)


def _play_hand_args(args: tuple[str, int, str, int]) -> HandCosts:
    return play_hand(*args)


def run(levels: Sequence[str], seeds: Sequence[int], table: str, simulations: int,
        jobs: int) -> Iterator[HandCosts]:
    tasks = [(level, seed, table, simulations) for level in levels for seed in seeds]
    if jobs <= 1:
        yield from map(_play_hand_args, tasks)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap_unordered(_play_hand_args, tasks)


def quantiles(costs: Sequence[float]) -> str:
    if len(costs) < 2:
        return "-"
    cuts = statistics.quantiles(costs, n=100, method="inclusive")
    return " ".join(f"p{p}={cuts[p - 1]:.1f}" for p in (50, 75, 90, 95, 99))


def report(level: str, hands: Sequence[HandCosts]) -> str:
    costs = [cost for hand in hands for cost in hand.costs]
    if not costs:
        return f"{level}: no decision judged"
    shares = "  ".join(
        f"{name} {sum(cost >= THRESHOLDS[name] for cost in costs) / len(costs):6.1%}"
        for name in LABELS)
    per_hand = statistics.fmean(sum(hand.costs) for hand in hands)
    seconds = statistics.fmean(hand.seconds / max(1, len(hand.costs)) for hand in hands)
    return (f"{level:>7}: {len(hands)} hands, {len(costs)} decisions judged, "
            f"{statistics.fmean(costs):5.2f} points a decision, {per_hand:6.1f} a hand\n"
            f"         at or above: {shares}\n"
            f"         costs: {quantiles(costs)}; {seconds * 1000:.0f} ms a judgement")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50)
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--table", default="classic", choices=sorted(PRESETS))
    parser.add_argument("--simulations", type=int, default=COACH_SIMULATIONS)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    levels = [level.strip() for level in args.levels.split(",") if level.strip()]
    for level in levels:
        if level not in LEVELS:
            parser.error(f"unknown level {level!r}: choose from {', '.join(LEVELS)}")
    seeds = range(args.seed, args.seed + args.hands)
    print("thresholds: " + ", ".join(f"{n} >= {THRESHOLDS[n]:g}" for n in LABELS)
          + f"; {args.simulations} simulations a judgement; {args.table}")
    start = time.perf_counter()
    by_level: dict[str, list[HandCosts]] = {level: [] for level in levels}
    for hand in run(levels, seeds, args.table, args.simulations, args.jobs):
        by_level[hand.level].append(hand)
    for level in levels:
        print(report(level, by_level[level]))
    print(f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
