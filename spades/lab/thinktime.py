"""Bot think time: milliseconds per decision, and the Expert's peak memory.

    python -m spades.lab.thinktime [--level expert] [--budget 3000|1.0] [--seconds 1.0]
                                  [--decisions 300] [--preset classic] [--seed 1]
                                  [--compare | --compare-early]

Every seat plays at the level being measured, game after game, until ``--decisions``
decisions have been timed (decisions with a single legal action are left out: the bots
answer them at once).  Prints the median and 95th-percentile milliseconds per decision for
each level, and for the Expert its peak traced memory (``tracemalloc``) over a shorter
second run, since tracing slows Python down.

``--budget 3000 --seconds 1.0`` is the page's budget (3000 simulations, never more than a
second).  ``--compare`` times the Expert with and without its forced-play shortcuts
(``ExpertBot.shortcuts``) side by side on the same decisions, in alternating order, and
counts the play decisions per hand each answers without search (single-card decisions
are counted too, though they are never timed).  ``--compare-early`` does the same with and
without the early stop of a search whose leader is clear (``spades.ai.worlds``).
"""

from __future__ import annotations

import argparse
import statistics
import time
import tracemalloc
from dataclasses import dataclass, field

from ..ai import LEVELS, Budget, as_budget, make_bot
from ..ai.expert import ExpertBot, forced_play, play_candidates
from ..game import Game
from ..records import Phase
from ..rules import PRESETS, Rules


def time_level(level: str, rules: Rules, decisions: int, seed: int,
               budget: Budget | int | float | None) -> tuple[list[float], dict[str, list[float]]]:
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


def peak_memory(rules: Rules, decisions: int, seed: int,
                budget: Budget | int | float | None) -> int:
    """Peak traced bytes while the Expert makes ``decisions`` decisions."""
    tracemalloc.start()
    try:
        time_level("expert", rules, decisions, seed, budget)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak


@dataclass(slots=True)
class Comparison:
    """``compare_shortcuts``: seconds per timed decision for each version (``new`` with
    the shortcuts, ``old`` without), and what the play decisions were."""

    times: dict[str, list[float]] = field(default_factory=lambda: {"new": [], "old": []})
    play_times: dict[str, list[float]] = field(default_factory=lambda: {"new": [], "old": []})
    skipped: dict[str, int] = field(default_factory=lambda: {"new": 0, "old": 0})
    """Play decisions with several legal cards answered without search."""
    plays: int = 0
    single: int = 0
    """Play decisions with a single legal card."""
    same: int = 0
    """Timed decisions where both versions chose the same action."""
    hands: int = 0
    """Hands played to their end."""


def compare_shortcuts(rules: Rules, decisions: int, seed: int,
                      budget: Budget | None, switch: str = "shortcuts") -> Comparison:
    """Expert with (``new``) and without (``old``) one of its savings (``switch``: the
    forced-play ``shortcuts``, or the ``early_stop``), timed on the same decisions in
    alternating order (the game follows the new bot's choices)."""
    report = Comparison()
    board = seed
    clock = time.perf_counter
    while len(report.times["new"]) < decisions:
        game = Game.new(rules, seed=board)
        bots = {"new": [ExpertBot(board * 31 + seat, budget) for seat in range(rules.players)],
                "old": [ExpertBot(board * 31 + seat, budget) for seat in range(rules.players)]}
        for bot in bots["old"]:
            setattr(bot, switch, False)
        while (game.winner is None and len(report.times["new"]) < decisions
               and game.hand_number < 3):
            seat = game.turn
            assert seat is not None
            view = game.view(seat)
            if len(view.legal) == 1:
                report.plays += view.phase is Phase.PLAY
                report.single += view.phase is Phase.PLAY
                game = game.apply(view.legal[0])
                if len(game.history) != len(view.history):
                    report.hands += 1
                continue
            if view.phase is Phase.PLAY:
                report.plays += 1
                report.skipped["new"] += forced_play(view) is not None
                report.skipped["old"] += len(play_candidates(view, table_separates=True)) == 1
            chosen = {}
            n = len(report.times["new"])
            for name in (("new", "old") if n % 2 == 0 else ("old", "new")):
                start = clock()
                chosen[name] = bots[name][seat].choose(view)
                elapsed = clock() - start
                report.times[name].append(elapsed)
                if view.phase is Phase.PLAY:
                    report.play_times[name].append(elapsed)
            report.same += chosen["new"] == chosen["old"]
            game = game.apply(chosen["new"])
        board += 1
    return report


def _ms(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (f"{1000 * statistics.median(ordered):9.2f} ms median {1000 * p95:9.2f} ms p95 "
            f"({len(ordered)} decisions)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m spades.lab.thinktime",
                                     description="Milliseconds per decision by level.")
    parser.add_argument("--level", choices=LEVELS, action="append",
                        help="a level to measure (repeatable; default: all)")
    parser.add_argument("--budget", default=None,
                        help="Expert's budget: simulations (int) or seconds (with a dot)")
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--memory-decisions", type=int, default=40)
    parser.add_argument("--preset", default="classic", choices=sorted(PRESETS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=None,
                        help="with an int --budget: never more than so many seconds (the page)")
    parser.add_argument("--compare", action="store_true",
                        help="the Expert with and without its forced-play shortcuts")
    parser.add_argument("--compare-early", action="store_true",
                        help="the Expert with and without its early stop")
    args = parser.parse_args(argv)
    budget: Budget | int | float | None = None
    if args.budget is not None:
        budget = float(args.budget) if "." in args.budget else int(args.budget)
    if args.seconds is not None:
        if not isinstance(budget, int):
            parser.error("--seconds goes with a number of simulations (--budget 3000)")
        budget = Budget(simulations=budget, seconds=args.seconds)
    rules = PRESETS[args.preset]
    if args.compare_early:
        print(f"Expert early stop on {rules.name}; budget: {as_budget(budget) or 'default'}")
        report = compare_shortcuts(rules, args.decisions, args.seed, as_budget(budget),
                                   "early_stop")
        for name, label in (("old", "whole budget"), ("new", "early stop")):
            print(f"{label:>22}: all {_ms(report.times[name])}")
            print(f"{'':>22} play {_ms(report.play_times[name])}")
        print(f"same choice: {report.same}/{len(report.times['new'])} timed decisions")
        return
    if args.compare:
        print(f"Expert shortcuts on {rules.name}; budget: {as_budget(budget) or 'default'}")
        report = compare_shortcuts(rules, args.decisions, args.seed, as_budget(budget))
        for name, label in (("old", "before (no shortcuts)"), ("new", "after (shortcuts)")):
            print(f"{label:>22}: all {_ms(report.times[name])}")
            print(f"{'':>22} play {_ms(report.play_times[name])}")
        hands = max(1, report.hands)
        print(f"{report.plays} play decisions over {report.hands} finished hands; per hand: "
              f"a single legal card {report.single / hands:.1f}, forced with several legal "
              f"cards {report.skipped['old'] / hands:.1f} before, "
              f"{report.skipped['new'] / hands:.1f} after")
        print(f"same choice: {report.same}/{len(report.times['new'])} timed decisions")
        return
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
