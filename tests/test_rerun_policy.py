"""`python build.py test` runs a browser test once more when its tab crashed, and only then.

Each case runs a small pytest session in a subprocess with build.RERUN_A_CRASHED_TAB, on a
test that fails its first time with Playwright's own words for a crashed tab (or with
another failure) and passes after.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import build

FLAKY_ONCE = '''
import pathlib
import pytest

SEEN = pathlib.Path(__file__).with_suffix(".seen")


class Error(Exception):
    """Stands for playwright._impl._errors.Error."""


@pytest.fixture
def page():
    first = not SEEN.exists()
    SEEN.write_text("x")
    yield first
    if first and {teardown!r}:
        raise Error({teardown!r})


def test_flaky(page):
    if page:
        raise Error({message!r})
'''


def run_once_flaky(tmp_path: Path, message: str,
                   teardown: str = "") -> subprocess.CompletedProcess[str]:
    (tmp_path / "test_flaky.py").write_text(FLAKY_ONCE.format(message=message, teardown=teardown))
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         *build.RERUN_A_CRASHED_TAB, str(tmp_path / "test_flaky.py")],
        cwd=tmp_path, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("message, teardown", [
    ("Locator.all_inner_texts: Target crashed", ""),
    # What CI met at stop 22: the wait saw "Page crashed", the fixture's check "Target crashed".
    ("Page.wait_for_selector: Page crashed\nCall log:\n"
     "  - waiting for locator(\"html[data-ready]\")",
     "Locator.all_inner_texts: Target crashed"),
])
def test_a_crashed_tab_runs_once_more(tmp_path: Path, message: str, teardown: str) -> None:
    result = run_once_flaky(tmp_path, message, teardown)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed" in result.stdout and "rerun" in result.stdout


@pytest.mark.parametrize("message", [
    "AssertionError: West never thought",
    "Page.wait_for_selector: Timeout 30000ms exceeded",
])
def test_any_other_failure_fails_at_once(tmp_path: Path, message: str) -> None:
    result = run_once_flaky(tmp_path, message)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "1 failed" in result.stdout and "rerun" not in result.stdout
