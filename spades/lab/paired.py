"""Two recorded matches compared board by board: did a change to a bot help?

    python -m spades.lab.paired NEW.jsonl OLD.jsonl

Each file is an arena record (``python -m spades.lab.arena ... --record FILE``) of the same
kind of match on the same seeds, played by two versions of a bot (a frozen copy of the
code with the change, and one without), or by two levels as A against the same B (e.g.
``oracle-plays oracle`` against ``expert oracle``: what seeing the cards in play is worth).
Everything but A must match: B, the table, the hands and the budget.  The boards both
files hold are paired by seed: the same deals, so the difference of A's margins on a board
leaves out most of the luck of the cards, and its mean has a narrower confidence interval
than the two margins have apart.  The report gives each file's mean margin over those
boards, the paired mean difference with its 95% confidence interval (mean ± 1.96·sd/√n),
and each side's Nil record in both, since a change to the bids shows there first.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .arena import BoardResult, mean_and_half_width, record_lines


@dataclass(frozen=True, slots=True)
class Paired:
    seeds: tuple[int, ...]
    """The boards both records hold."""
    new_mean: float
    old_mean: float
    diff: float
    """The mean of (new margin - old margin) over the common boards."""
    half_width: float
    """Half the 95% confidence interval of ``diff`` (0 with fewer than two boards)."""


def read_boards(path: Path) -> tuple[dict[str, object], dict[int, BoardResult]]:
    """A record's match (levels, table, hands, budget) and its boards by seed."""
    match: dict[str, object] = {}
    boards = {}
    for number, this, result in record_lines(path):
        if match and this != match:
            raise ValueError(f"{path}:{number} is a board of another match: {this}")
        match = this
        boards[result.seed] = result
    return match, boards


def same_match_but_a(new: Mapping[str, object], old: Mapping[str, object]) -> bool:
    """Whether two records' matches differ at most in level A."""
    return {**new, "a": None} == {**old, "a": None}


def paired(new: Mapping[int, BoardResult], old: Mapping[int, BoardResult]) -> Paired:
    common = tuple(sorted(set(new) & set(old)))
    if not common:
        raise ValueError("the two records share no board")
    diff, half = mean_and_half_width([new[s].margin - old[s].margin for s in common])
    return Paired(common, mean_and_half_width([new[s].margin for s in common])[0],
                  mean_and_half_width([old[s].margin for s in common])[0], diff, half)


def _nil(boards: Mapping[int, BoardResult], seeds: tuple[int, ...], side: str) -> str:
    made = sum(getattr(boards[s], side).nil_made for s in seeds)
    tries = sum(getattr(boards[s], side).nil_tries for s in seeds)
    return f"{made}/{tries}"


def main(argv: list[str] | None = None) -> Paired:
    parser = argparse.ArgumentParser(
        prog="python -m spades.lab.paired",
        description="Two arena records of one match compared board by board.")
    parser.add_argument("new", type=Path, help="the record of the changed bot")
    parser.add_argument("old", type=Path, help="the record it is compared with")
    args = parser.parse_args(argv)
    try:
        (new_match, new), (old_match, old) = read_boards(args.new), read_boards(args.old)
        if not same_match_but_a(new_match, old_match):
            raise ValueError(f"the records are of different matches: {new_match} and "
                             f"{old_match}")
        result = paired(new, old)
    except ValueError as error:
        parser.error(str(error))
    common = result.seeds
    a_new, a_old = new_match["a"], old_match["a"]
    names = "" if a_new == a_old else f" (A: {a_new} in new, {a_old} in old)"
    print(f"{len(common)} boards in both{names}: A's margin {result.new_mean:+.1f} (new) vs "
          f"{result.old_mean:+.1f} (old) points/hand")
    print(f"paired difference {result.diff:+.1f} "
          f"(95% CI {result.diff - result.half_width:+.1f} .. "
          f"{result.diff + result.half_width:+.1f}, ±{result.half_width:.1f})")
    print(f"Nil made: A {_nil(new, common, 'a')} (new) vs {_nil(old, common, 'a')} (old); "
          f"B {_nil(new, common, 'b')} vs {_nil(old, common, 'b')}")
    return result


if __name__ == "__main__":
    main()
