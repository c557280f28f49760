"""How `python build.py test` runs pytest: two xdist workers, then the timed tests alone."""

from __future__ import annotations

import pytest

import build


def test_two_workers_run_the_suite_then_the_timed_tests_by_themselves() -> None:
    parallel, serial = build.pytest_passes(["-q"], workers=2)
    assert parallel[parallel.index("-n") + 1] == "2"
    assert parallel[parallel.index("--dist") + 1] == "worksteal"  # no worker idles at the end
    assert parallel[parallel.index("-m") + 1] == "not alone"
    assert serial[serial.index("-m") + 1] == "alone"
    assert "-n" not in serial
    assert parallel[-1] == serial[-1] == "-q"
    assert all(pass_[0] == "pytest" and "--reruns" in pass_ for pass_ in (parallel, serial))


@pytest.mark.parametrize("args", [["-n", "4"], ["-n4"], ["-m", "alone"], ["-p", "no:xdist"]])
def test_arguments_that_choose_workers_or_markers_get_one_pass(args: list[str]) -> None:
    (only,) = build.pytest_passes(args, workers=2)
    assert only[-len(args):] == args
    assert only.count("-m") == args.count("-m")


def test_one_worker_is_one_serial_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(build.TEST_WORKERS, "1")
    assert build.worker_count() == 1
    (only,) = build.pytest_passes(["tests"])
    assert "-n" not in only and "-m" not in only


def test_workers_default_to_one_more_than_the_cores_at_most_three(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(build.TEST_WORKERS, raising=False)
    for cores, workers in [(8, 3), (2, 3), (1, 1), (None, 1)]:
        monkeypatch.setattr(build.os, "cpu_count", lambda cores=cores: cores)
        assert build.worker_count() == workers, cores


def checks_with_exit_codes(monkeypatch: pytest.MonkeyPatch, codes: list[int]) -> None:
    """run_checks with nothing installed or built, each step exiting with the next code."""
    exits = iter(codes)
    monkeypatch.setattr(build, "ensure_test_packages", lambda: None)
    monkeypatch.setattr(build, "ensure_browser", lambda: None)
    monkeypatch.setattr(build, "build", lambda: "")
    monkeypatch.setattr(build, "worker_count", lambda: 2)
    monkeypatch.setattr(build.subprocess, "run",
                        lambda *a, **k: type("Done", (), {"returncode": next(exits)})())


def test_a_run_where_neither_pass_collects_a_test_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """Exit 5 (no tests) of one pass is allowed; of both, it is a failure, never green."""
    # ruff, mypy, mypy web, actionlint, then the two pytest passes
    checks_with_exit_codes(monkeypatch, [0, 0, 0, 0, 5, 5])
    assert build.run_checks(["-k", "nothing"]) == 5


def test_one_pass_with_no_tests_beside_one_that_ran_is_green(
        monkeypatch: pytest.MonkeyPatch) -> None:
    checks_with_exit_codes(monkeypatch, [0, 0, 0, 0, 0, 5])
    assert build.run_checks(["tests"]) == 0


def test_a_failing_pass_fails_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    checks_with_exit_codes(monkeypatch, [0, 0, 0, 0, 1, 0])
    assert build.run_checks([]) == 1
