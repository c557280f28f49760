"""Duplicate matches between two levels: points per hand with a confidence interval.

    python -m spades.ai.arena A B --boards N --seed S [--preset P] [--hands K]
                              [--jobs 2] [--budget SIMS]

A board is one game seed.  It is played twice with the sides swapped (A as side 0, then
as side 1), so both sides meet the same deals; each time the game runs for ``--hands``
hands (default 1) from a score of 0-0, scored as the game scores it (bags, penalties and
the running score all count).  A's margin on a board is (A's points - B's points) per
hand, averaged over the two orientations.  The report gives A's mean margin with a 95%
confidence interval over the boards (mean ± 1.96·sd/√n), the share of boards A won, and
each level's milliseconds per decision (median and 95th percentile) during the match.

Partners play at the same level (separate bots with different seeds).  Bots get only
``game.view(seat)``; an ``oracle`` bot is given the game through ``choose_with_game``.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from ..game import Game
from ..rules import PRESETS, Rules
from . import ALL_LEVELS, make_bot


@dataclass(frozen=True, slots=True)
class MatchConfig:
    a: str
    b: str
    rules: Rules
    hands: int = 1
    budget: int | float | None = None


@dataclass(slots=True)
class BoardResult:
    seed: int
    margin: float
    """A's points minus B's points per hand, averaged over both orientations."""
    hands: int
    times: dict[str, list[float]] = field(default_factory=dict)
    """Seconds per decision, by level."""


def bot_seed(board: int, seat: int) -> int:
    """Each seat's bot seed: different for partners, the same in both orientations."""
    return board * 7919 + seat * 104729 + 1


def play_game(config: MatchConfig, board: int, a_side: int,
              times: dict[str, list[float]] | None = None) -> tuple[float, int]:
    """Play board ``board`` with level A on side ``a_side``; return A's points minus B's
    over the hands played, and the number of hands."""
    rules = config.rules
    levels = [config.a if seat % 2 == a_side else config.b for seat in range(rules.players)]
    bots = [make_bot(level, bot_seed(board, seat), config.budget)
            for seat, level in enumerate(levels)]
    game = Game.new(rules, seed=board)
    clock = time.perf_counter
    while game.winner is None and game.hand_number < config.hands:
        seat = game.turn
        assert seat is not None
        bot = bots[seat]
        if levels[seat] == "oracle":
            start = clock()
            action = bot.choose_with_game(game)
        else:
            view = game.view(seat)
            start = clock()
            action = bot.choose(view)
        elapsed = clock() - start
        if times is not None:
            times.setdefault(levels[seat], []).append(elapsed)
        game = game.apply(action)
    history = game.history
    a_points = sum(record.points[a_side] for record in history)
    b_points = sum(record.points[1 - a_side] for record in history)
    return float(a_points - b_points), len(history)


def play_board(config: MatchConfig, board: int) -> BoardResult:
    times: dict[str, list[float]] = {}
    margins = []
    hands = 0
    for a_side in (0, 1):
        diff, played = play_game(config, board, a_side, times)
        margins.append(diff / max(1, played))
        hands += played
    return BoardResult(board, sum(margins) / 2, hands, times)


def _play_board_args(args: tuple[MatchConfig, int]) -> BoardResult:
    return play_board(*args)


def run_match(config: MatchConfig, seeds: Sequence[int], jobs: int = 1) -> Iterator[BoardResult]:
    """Every board's result, in the order of ``seeds``."""
    tasks = [(config, seed) for seed in seeds]
    if jobs <= 1:
        for task in tasks:
            yield _play_board_args(task)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(_play_board_args, tasks, chunksize=max(1, len(tasks) // (jobs * 8)))


@dataclass(frozen=True, slots=True)
class Summary:
    boards: int
    mean: float
    half_width: float
    win_rate: float
    timing: dict[str, tuple[float, float, int]]
    """By level: median and 95th percentile milliseconds per decision, and decisions."""

    def lines(self, config: MatchConfig) -> list[str]:
        low, high = self.mean - self.half_width, self.mean + self.half_width
        out = [
            f"{config.a} vs {config.b} on {config.rules.name}, {self.boards} duplicate boards "
            f"of {config.hands} hand(s), both orientations",
            f"{config.a} margin: {self.mean:+.1f} points/hand "
            f"(95% CI {low:+.1f} .. {high:+.1f}, ±{self.half_width:.1f})",
            f"{config.a} board win rate: {100 * self.win_rate:.1f}% (ties count half)",
        ]
        for level, (median, p95, n) in self.timing.items():
            out.append(f"{level}: {median:.3f} ms/decision median, {p95:.3f} ms p95 "
                       f"({n} decisions)")
        return out


def summarize(results: Sequence[BoardResult]) -> Summary:
    margins = [r.margin for r in results]
    n = len(margins)
    mean = statistics.fmean(margins) if margins else 0.0
    sd = statistics.stdev(margins) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n else 0.0
    wins = sum(1.0 if m > 0 else 0.5 if m == 0 else 0.0 for m in margins)
    pooled: dict[str, list[float]] = {}
    for r in results:
        for level, values in r.times.items():
            pooled.setdefault(level, []).extend(values)
    timing = {}
    for level, values in pooled.items():
        values.sort()
        p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
        timing[level] = (1000 * statistics.median(values), 1000 * p95, len(values))
    return Summary(n, mean, half, wins / n if n else 0.0, timing)


def main(argv: list[str] | None = None) -> Summary:
    parser = argparse.ArgumentParser(
        prog="python -m spades.ai.arena",
        description="Duplicate matches between two computer levels.")
    parser.add_argument("a", choices=ALL_LEVELS)
    parser.add_argument("b", choices=ALL_LEVELS)
    parser.add_argument("--boards", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1, help="the first board's game seed")
    parser.add_argument("--preset", default="classic", choices=sorted(PRESETS))
    parser.add_argument("--hands", type=int, default=1, help="hands per board")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--budget", type=_budget, default=None,
                        help="Expert's effort: simulations (int) or seconds (with a dot)")
    args = parser.parse_args(argv)
    config = MatchConfig(args.a, args.b, PRESETS[args.preset], args.hands, args.budget)
    seeds = range(args.seed, args.seed + args.boards)
    start = time.perf_counter()
    results = list(run_match(config, seeds, args.jobs))
    summary = summarize(results)
    for line in summary.lines(config):
        print(line)
    print(f"wall time {time.perf_counter() - start:.1f} s with {args.jobs} job(s)")
    return summary


def _budget(text: str) -> int | float:
    return float(text) if "." in text else int(text)


if __name__ == "__main__":
    main()
