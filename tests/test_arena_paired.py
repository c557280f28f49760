"""``python -m spades.lab.paired``: two records of one match compared board by board."""

from __future__ import annotations

import json
import math
import statistics
from pathlib import Path

import pytest

from spades import PRESETS
from spades.lab.arena import BoardResult, MatchConfig, SideStats, board_to_json
from spades.lab.paired import main, paired

CONFIG = MatchConfig("expert", "hard", PRESETS["classic"], hands=10)


def board(seed: int, margin: float, nil: tuple[int, int] = (0, 0)) -> BoardResult:
    a = SideStats(hands=20, nil_made=nil[0], nil_tries=nil[1])
    return BoardResult(seed, margin, 20, {}, a, SideStats(hands=20))


def record(path: Path, boards: list[BoardResult], config: MatchConfig = CONFIG) -> Path:
    path.write_text("".join(board_to_json(config, b) + "\n" for b in boards))
    return path


def test_boards_are_paired_by_seed() -> None:
    new = {s: board(s, m) for s, m in [(1, 10.0), (2, 4.0), (3, -2.0), (9, 50.0)]}
    old = {s: board(s, m) for s, m in [(1, 6.0), (2, 5.0), (3, -6.0), (4, 0.0)]}
    result = paired(new, old)
    diffs = [4.0, -1.0, 4.0]  # boards 1..3 only: 9 and 4 are in one record each
    assert result.seeds == (1, 2, 3)
    assert result.diff == pytest.approx(statistics.fmean(diffs))
    assert result.half_width == pytest.approx(1.96 * statistics.stdev(diffs) / math.sqrt(3))
    assert (result.new_mean, result.old_mean) == (pytest.approx(4.0), pytest.approx(5 / 3))
    with pytest.raises(ValueError, match="no board"):
        paired({9: board(9, 1.0)}, old)


def test_the_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    new = record(tmp_path / "new.jsonl", [board(1, 3.0, (2, 3)), board(2, 5.0, (1, 1))])
    old = record(tmp_path / "old.jsonl", [board(1, 1.0, (1, 3)), board(2, 1.0, (0, 2))])
    result = main([str(new), str(old)])
    out = capsys.readouterr().out
    assert result.diff == 3.0
    assert "2 boards in both" in out and "paired difference +3.0" in out
    assert "A 3/4 (new) vs 1/5 (old)" in out


def test_another_level_a_against_the_same_b(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    other = MatchConfig("oracle-plays", "hard", PRESETS["classic"], hands=10)
    new = record(tmp_path / "new.jsonl", [board(1, 3.0), board(2, 5.0)], other)
    old = record(tmp_path / "old.jsonl", [board(1, 1.0), board(2, 1.0)])
    assert main([str(new), str(old)]).diff == 3.0
    assert "(A: oracle-plays in new, expert in old)" in capsys.readouterr().out


def test_records_of_different_matches_are_refused(tmp_path: Path) -> None:
    new = record(tmp_path / "new.jsonl", [board(1, 3.0)])
    other = MatchConfig("expert", "oracle", PRESETS["classic"], hands=10)
    old = record(tmp_path / "old.jsonl", [board(1, 1.0)], other)
    with pytest.raises(SystemExit):
        main([str(new), str(old)])
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text(new.read_text() + old.read_text())
    with pytest.raises(SystemExit):
        main([str(mixed), str(new)])
    assert json.loads(new.read_text())["match"]["b"] == "hard"
    for changed in (MatchConfig("expert", "hard", PRESETS["blind-nil"], hands=10),
                    MatchConfig("expert", "hard", PRESETS["classic"], hands=1),
                    MatchConfig("expert", "hard", PRESETS["classic"], hands=10, budget=300)):
        elsewhere = record(tmp_path / "elsewhere.jsonl", [board(1, 1.0)], changed)
        with pytest.raises(SystemExit):
            main([str(new), str(elsewhere)])
