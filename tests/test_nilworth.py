"""python -m spades.lab.nilworth: each Expert Nil played both ways, and its report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spades.actions import Bid
from spades.lab import nilworth
from spades.lab.nilworth import NilCase, first_nil, nil_case, report
from spades.records import HandRecord
from spades.rules import PRESETS

CLASSIC = PRESETS["classic"]
BUDGET = 300  # small, for speed: the page's 3000 is the tool's default


def first_board_with_a_nil(start: int = 700000) -> int:
    for board in range(start, start + 40):
        if first_nil(CLASSIC, board, BUDGET) is not None:
            return board
    raise AssertionError("no Expert Nil in 40 boards")


def side_value(record: HandRecord, side: int) -> int:
    """Points for the side minus the opponents', less 5 a net new bag (half the penalty's
    100 over 10 bags, as worlds.BAG_WEIGHT), worked out here from the score sheet."""
    ours, theirs = record.sides[side], record.sides[1 - side]
    return ours.points - theirs.points - 5 * (ours.new_bags - theirs.new_bags)


def test_a_nil_is_played_both_ways_from_the_expert_s_own_position() -> None:
    board = first_board_with_a_nil()
    game, seat, margin, number = first_nil(CLASSIC, board, BUDGET)  # type: ignore[misc]
    # The position is a real Expert Nil: that seat's Expert, asked afresh, bids Nil there.
    bot = nilworth.experts(4, board, BUDGET)[seat]
    assert game.turn == seat and bot.choose(game.view(seat)) == Bid(0)
    assert margin >= 0 and 1 <= number <= 13 and game.is_legal(Bid(number))

    case = nil_case(CLASSIC, board, BUDGET)
    assert case is not None and (case.board, case.seat, case.number) == (board, seat, number)
    with_nil = nilworth.finish_hand(game.apply(Bid(0)), board, BUDGET)
    with_number = nilworth.finish_hand(game.apply(Bid(number)), board, BUDGET)
    assert with_nil.bids[seat] == 0 and with_number.bids[seat] == number
    assert case.made == (with_nil.tricks[seat] == 0)
    assert case.nil_value == side_value(with_nil, seat % 2)
    assert case.number_value == side_value(with_number, seat % 2)
    assert case.worth == case.nil_value - case.number_value
    assert nil_case(CLASSIC, board, BUDGET) == case  # the same board, the same case


def case(margin: float, made: bool, worth: int) -> NilCase:
    return NilCase(1, 0, margin, 2, made, worth, 0)


def test_the_report_gives_the_made_rate_the_worth_and_the_margin_rules() -> None:
    cases = [case(2, False, -100), case(7, True, 120), case(25, True, 80), case(50, True, 60)]
    lines = report(cases, 10)
    assert lines[0].startswith("4 Nils in 10 boards") and "made 3/4 (75.0%)" in lines[0]
    assert "+40.0 points" in lines[1]
    assert "[0, 5): 1 Nil, made 0%, worth -100.0" in lines[3]
    assert "[10, 20): none" in lines[5]
    # Leaving out the Nil under 5 gains its 100 points over 4 decisions, +25.0 a decision;
    # under 10 also loses the 120 of the other: -5.0.
    assert "margin of 5+: 1 Nil left out, those kept made 100.0%, +25.0" in lines[8]
    assert "margin of 10+: 2 Nils left out, those kept made 100.0%, -5.0" in lines[9]
    assert report([], 7) == ["no Expert Nil in 7 boards"]


def test_a_record_is_read_back_and_not_played_again(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    record = tmp_path / "nil.jsonl"
    kept = [case(12.5, True, 40), None]
    calls: list[int] = []

    def fake_case(rules: object, board: int, budget: int) -> NilCase | None:
        calls.append(board)
        return kept[board - 5]

    monkeypatch.setattr(nilworth, "nil_case", fake_case)
    first = nilworth.main(["--boards", "2", "--seed", "5", "--budget", "50",
                           "--record", str(record)])
    assert calls == [5, 6] and first == [kept[0]]
    assert [json.loads(line)["board"] for line in record.read_text().splitlines()] == [5, 6]
    again = nilworth.main(["--boards", "2", "--seed", "5", "--budget", "50",
                           "--record", str(record)])
    assert calls == [5, 6] and again == first  # nothing played the second time
    with pytest.raises(SystemExit, match="another run"):
        nilworth.main(["--boards", "2", "--seed", "5", "--budget", "60",
                       "--record", str(record)])
