"""The duplicate-match arena (``python -m spades.lab.arena``): boards of several hands,
scores and bags carried, and each side's figures per hand (DESIGN.md "Computer players")."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from spades import PRESETS, Rules
from spades.lab.arena import (
    MatchConfig,
    SideStats,
    main,
    play_board,
    play_game,
    side_stats,
    summarize,
)
from spades.records import HandRecord
from spades.scoring import score_sides

Hand = tuple[tuple[int, ...], tuple[int, ...], tuple[bool, ...]]


def records(rules: Rules, hands: list[Hand]) -> list[HandRecord]:
    """Finished hands (bids, tricks, blind) scored in order, bags and scores carried."""
    out: list[HandRecord] = []
    scores, bags = (0, 0), (0, 0)
    for number, (bids, tricks, blind) in enumerate(hands):
        sides = score_sides(rules, bids, tricks, bags, blind)
        scores = (scores[0] + sides[0].points, scores[1] + sides[1].points)
        bags = (sides[0].bags_after, sides[1].bags_after)
        out.append(HandRecord(number, number % 4, bids, blind, tricks, sides, scores, bags))
    return out


def test_side_stats_on_a_crafted_game() -> None:
    rules = PRESETS["blind-nil"]
    no = (False,) * 4
    history = records(rules, [
        # side 0 bids 4+3 and takes 9 (2 bags); side 1: a Nil made, a 5 set with 4.
        ((4, 0, 3, 5), (5, 0, 4, 4), no),
        # side 0: a Nil broken (1 trick, a bag) and a 6 made with 6; side 1: 4+2 with 6.
        ((0, 4, 6, 2), (1, 4, 6, 2), no),
        # side 1: a Blind Nil made, partner 5 makes with 9 (4 bags: 10 + 1 = 11 > limit).
        ((3, 0, 1, 5), (2, 0, 2, 9), (False, True, False, False)),
    ])
    zero, one = side_stats(rules, history, 0), side_stats(rules, history, 1)
    assert zero.hands == one.hands == 3
    assert (zero.bid, one.bid) == (7 + 6 + 4, 5 + 6 + 5)
    assert (zero.tricks, one.tricks) == (9 + 7 + 4, 4 + 6 + 9)
    assert (zero.bags, one.bags) == (2 + 1 + 0, 0 + 0 + 4)
    assert (zero.sets, one.sets) == (0, 1)
    assert (zero.nil_tries, zero.nil_made, one.nil_tries, one.nil_made) == (1, 0, 1, 1)
    assert (zero.blind_tries, one.blind_tries, one.blind_made) == (0, 1, 1)
    assert zero.points == history[-1].scores[0] == sum(r.points[0] for r in history)
    assert one.points == history[-1].scores[1] == sum(r.points[1] for r in history)
    assert zero.penalties == 0 and one.penalties == 0  # 4 bags: under the limit of 10
    # The points split by part: the scorer's own parts, summed over the hands.
    for side, stats in ((0, zero), (1, one)):
        contracts = sum(r.sides[side].contract_points for r in history)
        nil = sum(r.sides[side].nil_points for r in history)
        assert stats.parts(rules) == (contracts, nil, 0)
    assert one.parts(rules)[1] == 100 + 200


def test_bag_penalty_is_counted_and_bags_carry() -> None:
    rules = dataclasses.replace(PRESETS["classic"], bag_limit=3)
    no = (False,) * 4
    history = records(rules, [((2, 3, 2, 3), (3, 3, 4, 3), no),   # side 0: 3 bags -> penalty
                              ((2, 3, 2, 3), (3, 3, 3, 4), no)])  # 2 bags, 1 bag
    zero = side_stats(rules, history, 0)
    assert zero.bags == 5 and zero.penalties == 1
    assert zero.parts(rules) == (40 + 3 + 40 + 2, 0, -rules.bag_penalty)
    assert history[0].bags == (0, 0) and history[1].bags == (2, 1)
    assert zero.points == 40 + 3 - rules.bag_penalty + 40 + 2


def test_a_board_of_several_hands_carries_scores_and_bags() -> None:
    config = MatchConfig("hard", "medium", PRESETS["classic"], hands=3)
    for a_side in (0, 1):
        result = play_game(config, 5, a_side)
        assert result.hands == 3
        history = result.history
        # The game's running score is the sum of its hands' points, from 0-0.
        assert result.a.points == history[-1].scores[a_side]
        assert result.b.points == history[-1].scores[1 - a_side]
        assert result.diff == sum(r.points[a_side] - r.points[1 - a_side] for r in history)
        # Bags are carried from hand to hand.
        bags = [0, 0]
        for record in history:
            for side in (0, 1):
                bags[side] += record.sides[side].new_bags
                bags[side] %= config.rules.bag_limit
            assert tuple(bags) == record.bags
    board = play_board(config, 5)
    assert board.hands == 6 and board.a.hands == board.b.hands == 6
    per_side = [play_game(config, 5, s) for s in (0, 1)]
    assert board.margin == sum(r.diff / r.hands for r in per_side) / 2


def test_a_board_stops_when_the_game_ends() -> None:
    rules = dataclasses.replace(PRESETS["classic"], target=60)
    result = play_game(MatchConfig("hard", "random", rules, hands=20), 3, 0)
    assert result.hands < 20
    assert max(result.history[-1].scores) >= 60


def test_one_hand_boards_are_scored_as_before() -> None:
    config = MatchConfig("medium", "random", PRESETS["classic"])
    results = [play_board(config, s) for s in range(4)]
    for r in results:
        games = [play_game(config, r.seed, s) for s in (0, 1)]
        assert r.hands == 2
        assert r.margin == (games[0].diff + games[1].diff) / 2
    summary = summarize(results)
    assert summary.a.hands == summary.b.hands == 8
    assert summary.a.tricks + summary.b.tricks == 13 * 8


def test_the_report_names_each_sides_figures(capsys: pytest.CaptureFixture[str]) -> None:
    summary = main(["hard", "medium", "--boards", "2", "--hands", "2",
                    "--preset", "blind-nil"])
    out = capsys.readouterr().out
    assert "2 duplicate boards of 2 hand(s)" in out
    assert "A hard: per hand bid" in out and "Blind Nil" in out
    assert "B medium: points per hand" in out and "bag penalties" in out
    assert isinstance(summary.a, SideStats) and summary.a.hands >= 4


def test_a_recorded_match_resumes_and_reports_as_one_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "match.jsonl"
    args = ["medium", "random", "--seed", "40", "--hands", "2", "--record", str(record)]
    main([*args, "--boards", "2"])
    assert len(record.read_text().splitlines()) == 2
    resumed = main([*args, "--boards", "3"])
    assert len(record.read_text().splitlines()) == 3
    assert "2 of 3 boards read from" in capsys.readouterr().err
    fresh = main(["medium", "random", "--seed", "40", "--hands", "2", "--boards", "3"])
    assert (resumed.mean, resumed.a, resumed.b) == (fresh.mean, fresh.a, fresh.b)


def test_a_record_of_another_match_is_refused(tmp_path: Path) -> None:
    record = tmp_path / "match.jsonl"
    main(["medium", "random", "--boards", "1", "--record", str(record)])
    with pytest.raises(SystemExit, match="another match"):
        main(["medium", "random", "--boards", "1", "--hands", "2", "--record", str(record)])


def test_no_play_reports_only_the_recorded_boards(tmp_path: Path) -> None:
    record = tmp_path / "match.jsonl"
    args = ["medium", "random", "--seed", "40", "--record", str(record)]
    main([*args, "--boards", "2"])
    summary = main([*args, "--boards", "5", "--no-play"])
    assert summary.boards == 2 and len(record.read_text().splitlines()) == 2
    with pytest.raises(SystemExit):
        main(["medium", "random", "--no-play"])
