"""What the Expert's Nil bids are worth: each one played both ways.

    python -m spades.lab.nilworth --boards N --seed S [--preset P] [--budget SIMS]
                                 [--jobs 2] [--record FILE]

On each board (a game seed, from 0-0) four Experts bid until the first of them bids Nil
at a searched bid; a board with no such Nil is passed over.  From that position the hand
is played to its end twice, by four Experts as at the table: once with the Nil, once with
the best numbered bid of the same search.  Each way, the hand is worth to the Nil bidder's
side what the search itself would score it (``worlds.Evaluator``: our points minus theirs,
less the cost to come of the side's net new bags).

The report says how often the Nils were made, what a Nil was worth over the number (mean
with a 95% CI over the Nils), and both by the search's own margin (the Nil's searched value
over the number's), with what a rule "bid Nil only when its margin is at least M" would
have kept and gained.  The defence is the Expert's own, the strongest this project has, so
the made rate is the one to set against a Nil target "against a strong defence".

``--record FILE`` keeps every board as a line of JSON and reads the file back first, like
the arena's, so a long run can be stopped and resumed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from ..actions import Bid
from ..ai.base import Budget
from ..ai.expert import DEFAULT_SIMULATIONS, ExpertBot, best_bid
from ..ai.worlds import BID, Evaluator, Search
from ..game import Game
from ..records import HandRecord, Phase
from ..rules import PRESETS, Rules
from .arena import bot_seed, mean_and_half_width

BANDS = (5, 10, 20, 40)
"""Bounds of the search-margin bands in the report (points)."""
THRESHOLDS = (5, 10, 20, 30)
"""The "Nil only with a margin of at least M" rules the report weighs."""


@dataclass(frozen=True, slots=True)
class NilCase:
    """One board's first Expert Nil, played both ways."""

    board: int
    seat: int
    margin: float
    """The Nil's searched value over the best number's (points; never negative)."""
    number: int
    """The best numbered bid of the same search."""
    made: bool
    """The Nil took no trick."""
    nil_value: int
    """The hand's value to the bidder's side with the Nil (``worlds.Evaluator``)."""
    number_value: int
    """The same with the numbered bid instead."""

    @property
    def worth(self) -> int:
        """What the Nil gained over the number, in points for the side."""
        return self.nil_value - self.number_value


def experts(players: int, board: int, simulations: int) -> list[ExpertBot]:
    """The table's four (or two) Experts, seeded as the arena seeds its bots."""
    budget = Budget(simulations=simulations)
    return [ExpertBot(bot_seed(board, seat), budget) for seat in range(players)]


def first_nil(rules: Rules, board: int,
              budget: int) -> tuple[Game, int, float, int] | None:
    """The position where the first Expert of ``board``'s first hand bids Nil at a
    searched bid: the game just before that bid, the seat, the Nil's margin over the best
    number, and that number; None when nobody does."""
    game = Game.new(rules, seed=board)
    bots = experts(rules.players, board, budget)
    while game.phase is not Phase.PLAY:
        seat = game.turn
        assert seat is not None
        bot, view = bots[seat], game.view(seat)
        decision = bot.plan(view)
        if not isinstance(decision, Search):
            game = game.apply(decision)
            continue
        tally = bot.search(view, decision)
        action = bot.conclude(view, decision, tally)
        if decision.kind == BID and isinstance(action, Bid) and action.n == 0:
            values = tally.means()
            numbers = {n: v for n, v in values.items() if n > 0}
            if numbers:
                best = best_bid(numbers)
                return game, seat, values[0] - numbers[best], best
        game = game.apply(action)
    return None


def finish_hand(game: Game, board: int, budget: int) -> HandRecord:
    """Play the hand in progress to its end with the board's Experts."""
    bots = experts(game.rules.players, board, budget)
    hand = game.hand_number
    while game.winner is None and game.hand_number == hand:
        seat = game.turn
        assert seat is not None
        game = game.apply(bots[seat].choose(game.view(seat)))
    return game.history[hand]


def nil_case(rules: Rules, board: int, budget: int) -> NilCase | None:
    """Board ``board``'s first Expert Nil played both ways (None: no Nil was bid)."""
    found = first_nil(rules, board, budget)
    if found is None:
        return None
    game, seat, margin, number = found

    def value(record: HandRecord) -> int:
        evaluate = Evaluator(rules, seat % 2, game.scores, game.bags, record.blind,
                             len(game.history))
        return evaluate(record.bids, record.tricks)

    with_nil = finish_hand(game.apply(Bid(0)), board, budget)
    with_number = finish_hand(game.apply(Bid(number)), board, budget)
    return NilCase(board, seat, round(margin, 3), number, with_nil.tricks[seat] == 0,
                   value(with_nil), value(with_number))


# --------------------------------------------------------------------------- the report


def report(cases: Sequence[NilCase], boards: int) -> list[str]:
    """The report's lines over ``cases`` (from ``boards`` boards)."""
    if not cases:
        return [f"no Expert Nil in {boards} boards"]
    mean, half = mean_and_half_width([c.worth for c in cases])
    made = sum(c.made for c in cases)
    lines = [f"{_nils(len(cases))} in {boards} boards (the first of each board's first hand), "
             f"made {made}/{len(cases)} ({100 * made / len(cases):.1f}%)",
             f"a Nil's worth over the best number: {mean:+.1f} points "
             f"(95% CI {mean - half:+.1f} .. {mean + half:+.1f})",
             "by the search's margin (the Nil's value over the number's):"]
    for i, low in enumerate((0, *BANDS)):
        high = BANDS[i] if i < len(BANDS) else None
        band = [c for c in cases if c.margin >= low and (high is None or c.margin < high)]
        name = f"[{low}, {high})" if high is not None else f"[{low}, ...)"
        lines.append("  " + _band_line(name, band))
    for m in THRESHOLDS:
        kept = [c for c in cases if c.margin >= m]
        dropped = len(cases) - len(kept)
        gain = -sum(c.worth for c in cases if c.margin < m) / len(cases)
        rate = f"{100 * sum(c.made for c in kept) / len(kept):.1f}%" if kept else "-"
        lines.append(f"Nil only at a margin of {m}+: {_nils(dropped)} left out, those kept "
                     f"made {rate}, {gain:+.1f} points a Nil decision")
    return lines


def _nils(count: int) -> str:
    return f"{count} Nil" if count == 1 else f"{count} Nils"


def _band_line(name: str, band: Sequence[NilCase]) -> str:
    if not band:
        return f"{name}: none"
    mean, half = mean_and_half_width([c.worth for c in band])
    made = sum(c.made for c in band)
    return (f"{name}: {_nils(len(band))}, made {100 * made / len(band):.0f}%, "
            f"worth {mean:+.1f} ±{half:.1f}")


# --------------------------------------------------------------------------- running


def _case_args(args: tuple[str, int, int]) -> tuple[int, NilCase | None]:
    preset, board, budget = args
    return board, nil_case(PRESETS[preset], board, budget)


def run(preset: str, boards: Sequence[int], budget: int,
        jobs: int) -> Iterator[tuple[int, NilCase | None]]:
    """Each board's case, as the boards end (in any order with ``jobs`` > 1)."""
    tasks = [(preset, board, budget) for board in boards]
    if jobs <= 1:
        yield from map(_case_args, tasks)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap_unordered(_case_args, tasks)


def read_record(path: Path, match: dict[str, object]) -> dict[int, NilCase | None]:
    """The boards of this run already in ``path``; a board of another run is an error."""
    done: dict[int, NilCase | None] = {}
    if not path.exists():
        return done
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        data = json.loads(line)
        if data["match"] != match:
            raise SystemExit(f"{path}:{number} is a board of another run: {data['match']}")
        case = data["case"]
        done[int(data["board"])] = NilCase(**case) if case is not None else None
    return done


def cases_of(preset: str, boards: Sequence[int], budget: int, jobs: int,
             path: Path | None) -> list[NilCase]:
    """Every board's case, those in ``path`` read back and the others played (and kept)."""
    match: dict[str, object] = {"rules": PRESETS[preset].name, "budget": budget}
    done = read_record(path, match) if path else {}
    todo = [b for b in boards if b not in done]
    if done:
        print(f"{len(boards) - len(todo)} of {len(boards)} boards read from {path}",
              file=sys.stderr)
    for board, case in _kept(run(preset, todo, budget, jobs), path, match):
        done[board] = case
        print(f"board {board}: " + ("no Nil" if case is None else
                                   f"margin {case.margin:+.1f}, made {case.made}, "
                                   f"worth {case.worth:+d}"), file=sys.stderr, flush=True)
    return [case for b in boards if (case := done.get(b)) is not None]


def _kept(results: Iterable[tuple[int, NilCase | None]], path: Path | None,
          match: dict[str, object]) -> Iterator[tuple[int, NilCase | None]]:
    if path is None:
        yield from results
        return
    with path.open("a") as record:
        for board, case in results:
            line = {"match": match, "board": board,
                    "case": asdict(case) if case is not None else None}
            record.write(json.dumps(line) + "\n")
            record.flush()
            yield board, case


def main(argv: list[str] | None = None) -> list[NilCase]:
    parser = argparse.ArgumentParser(prog="python -m spades.lab.nilworth",
                                     description="What the Expert's Nil bids are worth.")
    parser.add_argument("--boards", type=int, default=200)
    parser.add_argument("--seed", type=int, default=700000, help="the first board's seed")
    parser.add_argument("--preset", default="classic", choices=sorted(PRESETS))
    parser.add_argument("--budget", type=int, default=DEFAULT_SIMULATIONS,
                        help="the Experts' simulations a decision (the page's by default)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--record", type=Path, default=None, metavar="FILE",
                        help="keep each board here (JSON lines) and skip boards already kept")
    args = parser.parse_args(argv)
    boards = range(args.seed, args.seed + args.boards)
    cases = cases_of(args.preset, boards, args.budget, args.jobs, args.record)
    for line in report(cases, len(boards)):
        print(line)
    return cases


if __name__ == "__main__":
    main()
