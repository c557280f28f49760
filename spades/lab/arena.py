"""Duplicate matches between two levels: points per hand with a confidence interval.

    python -m spades.lab.arena A B --boards N --seed S [--preset P] [--hands K]
                              [--jobs 2] [--budget SIMS]

A board is one game seed.  It is played twice with the sides swapped (A as side 0, then
as side 1), so both sides meet the same deals; each time the game runs for ``--hands``
hands (default 1) from a score of 0-0, scored as the game scores it (bags, penalties and
the running score all count).  A's margin on a board is (A's points - B's points) per
hand, averaged over the two orientations.  The report gives A's mean margin with a 95%
confidence interval over the boards (mean ± 1.96·sd/√n), the share of boards A won,
each side's play per hand (its bid, tricks and bags, sets, bag penalties, Nil and Blind
Nil tries and successes, over every hand A or B played), and each level's milliseconds per
decision (median and 95th percentile) during the match.

``--record FILE`` keeps every finished board as a line of JSON and reads the file back
first: boards already there are not played again, so a long match can be stopped and
resumed, or split across machines by seed range and merged into one report;
``--record FILE --no-play`` reports the boards recorded so far (of a match still running,
say) and plays none.

Partners play at the same level (separate bots with different seeds).  Bots get only
``game.view(seat)``; an ``oracle`` bot is given the game through ``choose_with_game``.
A level may name a git revision, ``expert@f8b7d90``: that revision's Expert plays
(``spades.lab.revision``), so a new bot can be measured against the one it replaces.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import statistics
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from ..ai import ALL_LEVELS, make_bot
from ..game import Game
from ..records import HandRecord
from ..rules import PRESETS, Rules
from .revision import RevisionBot, checkout, split_level


@dataclass(frozen=True, slots=True)
class MatchConfig:
    a: str
    b: str
    rules: Rules
    hands: int = 1
    budget: int | float | None = None


@dataclass(slots=True)
class SideStats:
    """What one side did over some hands (sums; ``per_hand`` divides by ``hands``)."""

    hands: int = 0
    points: int = 0
    bid: int = 0
    """The side's contract: the sum of its non-Nil bids."""
    tricks: int = 0
    """Every trick the side took, its Nil bidders' included."""
    bags: int = 0
    """Overtricks (and, at most tables, a Nil bidder's tricks) counted as bags."""
    sets: int = 0
    """Hands where the side bid a contract and failed it."""
    penalties: int = 0
    """Bag penalties suffered (each costs ``Rules.bag_penalty``)."""
    nil_tries: int = 0
    nil_made: int = 0
    blind_tries: int = 0
    """Blind Nil (Double Nil at two players) tries."""
    blind_made: int = 0

    def add(self, other: SideStats) -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))

    def parts(self, rules: Rules) -> tuple[int, int, int]:
        """The side's points split into contracts (tricks bid and overtricks, sets), Nil and
        Blind Nil, and bag penalties: where a margin comes from.  Worked out from the counts
        (a Nil is worth the same made or failed), so older records split too."""
        nil = (rules.nil_points * (2 * self.nil_made - self.nil_tries)
               + rules.blind_nil_points * (2 * self.blind_made - self.blind_tries))
        penalties = -rules.bag_penalty * self.penalties
        return self.points - nil - penalties, nil, penalties


def side_stats(rules: Rules, history: Sequence[HandRecord], side: int) -> SideStats:
    """``side``'s figures over the finished hands ``history``."""
    stats = SideStats()
    for record in history:
        result = record.sides[side]
        seats = [s for s in range(rules.players) if s % 2 == side]
        stats.hands += 1
        stats.points += result.points
        stats.bid += result.contract
        stats.tricks += sum(record.tricks[s] for s in seats)
        stats.bags += result.new_bags
        if rules.bag_penalty:
            stats.penalties += -result.bag_penalty // rules.bag_penalty
        if result.contract > 0 and not result.made:
            stats.sets += 1
        for s in seats:
            if record.bids[s] == 0:
                made = record.tricks[s] == 0
                if record.blind[s]:
                    stats.blind_tries += 1
                    stats.blind_made += made
                else:
                    stats.nil_tries += 1
                    stats.nil_made += made
    return stats


@dataclass(slots=True)
class GameResult:
    """One orientation of a board: the hands played and A's and B's figures."""

    history: tuple[HandRecord, ...]
    a: SideStats
    b: SideStats

    @property
    def hands(self) -> int:
        return len(self.history)

    @property
    def diff(self) -> int:
        """A's points minus B's over the hands played."""
        return self.a.points - self.b.points


@dataclass(slots=True)
class BoardResult:
    seed: int
    margin: float
    """A's points minus B's points per hand, averaged over both orientations."""
    hands: int
    times: dict[str, list[float]] = field(default_factory=dict)
    """Seconds per decision, by level."""
    a: SideStats = field(default_factory=SideStats)
    """A's figures over both orientations."""
    b: SideStats = field(default_factory=SideStats)


def bot_seed(board: int, seat: int) -> int:
    """Each seat's bot seed: different for partners, the same in both orientations."""
    return board * 7919 + seat * 104729 + 1


def play_game(config: MatchConfig, board: int, a_side: int,
              times: dict[str, list[float]] | None = None) -> GameResult:
    """Play board ``board`` with level A on side ``a_side`` from 0-0 for up to
    ``config.hands`` hands (fewer if the game ends), scores and bags carried."""
    rules = config.rules
    levels = [config.a if seat % 2 == a_side else config.b for seat in range(rules.players)]
    bots = [arena_bot(level, bot_seed(board, seat), config.budget)
            for seat, level in enumerate(levels)]
    try:
        game = _play_out(config, board, levels, bots, times)
    finally:
        for bot in bots:
            if isinstance(bot, RevisionBot):
                bot.close()
    history = tuple(game.history)
    return GameResult(history, side_stats(rules, history, a_side),
                      side_stats(rules, history, 1 - a_side))


def arena_bot(level: str, seed: int, budget: int | float | None) -> Any:
    """``make_bot``'s player, or a revision's (``expert@REV``)."""
    name, revision = split_level(level)
    if revision is None:
        return make_bot(level, seed, budget)
    return RevisionBot(name, revision, seed, budget)


def _play_out(config: MatchConfig, board: int, levels: list[str], bots: list[Any],
              times: dict[str, list[float]] | None) -> Game:
    game = Game.new(config.rules, seed=board)
    clock = time.perf_counter
    while game.winner is None and game.hand_number < config.hands:
        seat = game.turn
        assert seat is not None
        bot = bots[seat]
        if hasattr(bot, "choose_with_game"):
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
    return game


def play_board(config: MatchConfig, board: int) -> BoardResult:
    times: dict[str, list[float]] = {}
    margins = []
    hands = 0
    a, b = SideStats(), SideStats()
    for a_side in (0, 1):
        result = play_game(config, board, a_side, times)
        margins.append(result.diff / max(1, result.hands))
        hands += result.hands
        a.add(result.a)
        b.add(result.b)
    return BoardResult(board, sum(margins) / 2, hands, times, a, b)


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
        # One board at a time: boards are costly, and a recorded match keeps each as it ends.
        yield from pool.imap(_play_board_args, tasks)


@dataclass(frozen=True, slots=True)
class Summary:
    boards: int
    mean: float
    half_width: float
    win_rate: float
    timing: dict[str, tuple[float, float, int]]
    """By level: median and 95th percentile milliseconds per decision, and decisions."""
    a: SideStats = field(default_factory=SideStats)
    b: SideStats = field(default_factory=SideStats)
    """Each side's figures over every board."""

    def lines(self, config: MatchConfig) -> list[str]:
        low, high = self.mean - self.half_width, self.mean + self.half_width
        out = [
            f"{config.a} vs {config.b} on {config.rules.name}, {self.boards} duplicate boards "
            f"of {config.hands} hand(s), both orientations",
            f"{config.a} margin: {self.mean:+.1f} points/hand "
            f"(95% CI {low:+.1f} .. {high:+.1f}, ±{self.half_width:.1f})",
            f"{config.a} board win rate: {100 * self.win_rate:.1f}% (ties count half)",
        ]
        sides = (("A " + config.a, self.a), ("B " + config.b, self.b))
        out.extend(stats_line(name, stats, config.rules.blind_nil) for name, stats in sides)
        out.extend(parts_line(name, stats, config.rules) for name, stats in sides)
        for level, (median, p95, n) in self.timing.items():
            out.append(f"{level}: {median:.3f} ms/decision median, {p95:.3f} ms p95 "
                       f"({n} decisions)")
        return out


def stats_line(name: str, stats: SideStats, blind: bool) -> str:
    """One side's figures per hand played."""
    n = max(1, stats.hands)
    line = (f"{name}: per hand bid {stats.bid / n:.2f}, tricks {stats.tricks / n:.2f}, "
            f"bags {stats.bags / n:.2f}, sets {stats.sets / n:.3f}, "
            f"bag penalties {stats.penalties / n:.3f}; "
            f"Nil {stats.nil_made}/{stats.nil_tries} made")
    if blind:
        line += f", Blind Nil {stats.blind_made}/{stats.blind_tries} made"
    return line + f" ({stats.hands} hands)"


def parts_line(name: str, stats: SideStats, rules: Rules) -> str:
    """One side's points per hand played, split by where they came from."""
    n = max(1, stats.hands)
    contracts, nil, penalties = stats.parts(rules)
    return (f"{name}: points per hand {stats.points / n:+.1f} = contracts {contracts / n:+.1f}"
            f", Nil {nil / n:+.1f}, bag penalties {penalties / n:+.1f}")


def mean_and_half_width(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and half its 95% confidence interval (1.96·sd/√n; 0 for
    fewer than two values)."""
    n = len(values)
    if not n:
        return 0.0, 0.0
    sd = statistics.stdev(values) if n > 1 else 0.0
    return statistics.fmean(values), 1.96 * sd / math.sqrt(n)


def summarize(results: Sequence[BoardResult]) -> Summary:
    margins = [r.margin for r in results]
    n = len(margins)
    mean, half = mean_and_half_width(margins)
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
    a, b = SideStats(), SideStats()
    for r in results:
        a.add(r.a)
        b.add(r.b)
    return Summary(n, mean, half, wins / n if n else 0.0, timing, a, b)


def config_key(config: MatchConfig) -> dict[str, object]:
    """What a recorded board must share with the match that reads it back."""
    return {"a": config.a, "b": config.b, "rules": config.rules.name, "hands": config.hands,
            "budget": config.budget}


def board_to_json(config: MatchConfig, result: BoardResult) -> str:
    times = {level: [round(t, 5) for t in values] for level, values in result.times.items()}
    return json.dumps({"match": config_key(config), "seed": result.seed,
                       "margin": result.margin, "hands": result.hands, "times": times,
                       "a": dataclasses.asdict(result.a), "b": dataclasses.asdict(result.b)})


def board_from_json(line: str) -> tuple[dict[str, object], BoardResult]:
    data = json.loads(line)
    result = BoardResult(int(data["seed"]), float(data["margin"]), int(data["hands"]),
                         {level: [float(t) for t in values]
                          for level, values in data["times"].items()},
                         SideStats(**data["a"]), SideStats(**data["b"]))
    return data["match"], result


def read_record(path: Path, config: MatchConfig) -> dict[int, BoardResult]:
    """The boards of this match already in ``path``, by seed.  A board of another match
    (other levels, table, hands or budget) is an error: its figures would not belong."""
    boards: dict[int, BoardResult] = {}
    if not path.exists():
        return boards
    want = config_key(config)
    for number, match, result in record_lines(path):
        if match != want:
            raise SystemExit(f"{path}:{number} is a board of another match: {match}, "
                             f"not {want}")
        boards[result.seed] = result
    return boards


def record_lines(path: Path) -> Iterator[tuple[int, dict[str, object], BoardResult]]:
    """Each board of a record file: its line number, its match and its result."""
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if line.strip():
            match, result = board_from_json(line)
            yield number, match, result


def run_recorded(config: MatchConfig, seeds: Sequence[int], jobs: int,
                 path: Path | None, play: bool = True) -> list[BoardResult]:
    """Every board's result in the order of ``seeds``: those already recorded in ``path``
    are read back, the others are played and appended there as they finish (unless not
    ``play``: then only the recorded ones)."""
    done = read_record(path, config) if path else {}
    todo = [seed for seed in seeds if seed not in done] if play else []
    if path and done:
        print(f"{sum(1 for s in seeds if s in done)} of {len(seeds)} boards read from {path}",
              file=sys.stderr)
    for result in _played(config, todo, jobs, path):
        done[result.seed] = result
        if path:
            margins = [done[s].margin for s in seeds if s in done]
            print(f"board {result.seed}: {result.margin:+.1f} "
                  f"({len(margins)}/{len(seeds)}, mean {statistics.fmean(margins):+.1f})",
                  file=sys.stderr, flush=True)
    return [done[seed] for seed in seeds if seed in done]


def _played(config: MatchConfig, seeds: Sequence[int], jobs: int,
            path: Path | None) -> Iterable[BoardResult]:
    if not path:
        yield from run_match(config, seeds, jobs)
        return
    with path.open("a") as record:
        for result in run_match(config, seeds, jobs):
            record.write(board_to_json(config, result) + "\n")
            record.flush()
            yield result


def main(argv: list[str] | None = None) -> Summary:
    parser = argparse.ArgumentParser(
        prog="python -m spades.lab.arena",
        description="Duplicate matches between two computer levels.")
    parser.add_argument("a", type=_level, help=f"{', '.join(ALL_LEVELS)}, or expert@REV")
    parser.add_argument("b", type=_level, help="the same")
    parser.add_argument("--boards", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1, help="the first board's game seed")
    parser.add_argument("--preset", default="classic", choices=sorted(PRESETS))
    parser.add_argument("--hands", type=int, default=1, help="hands per board")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--budget", type=_budget, default=None,
                        help="Expert's effort: simulations (int) or seconds (with a dot)")
    parser.add_argument("--record", type=Path, default=None, metavar="FILE",
                        help="keep each board here (JSON lines) and skip boards already kept")
    parser.add_argument("--no-play", action="store_true",
                        help="with --record: report the boards recorded so far, play none")
    args = parser.parse_args(argv)
    config = MatchConfig(args.a, args.b, PRESETS[args.preset], args.hands, args.budget)
    seeds = range(args.seed, args.seed + args.boards)
    start = time.perf_counter()
    if args.no_play and not args.record:
        parser.error("--no-play reports a --record file")
    results = run_recorded(config, seeds, args.jobs, args.record, play=not args.no_play)
    summary = summarize(results)
    for line in summary.lines(config):
        print(line)
    print(f"wall time {time.perf_counter() - start:.1f} s with {args.jobs} job(s)")
    return summary


def _level(text: str) -> str:
    name, revision = split_level(text)
    if name not in ALL_LEVELS:
        raise argparse.ArgumentTypeError(f"{text!r}: choose from {', '.join(ALL_LEVELS)}, "
                                         "or a level at a git revision (expert@REV)")
    if revision is not None:
        try:
            checkout(revision)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from error
    return text


def _budget(text: str) -> int | float:
    return float(text) if "." in text else int(text)


if __name__ == "__main__":
    main()
