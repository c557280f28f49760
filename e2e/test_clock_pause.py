"""The layout states pause the page's clock a moment ahead; on a loaded machine that moment
can pass before the pause reaches the page (no browser needed: a page that lags)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Error as PlaywrightError

from e2e.layout_states import pause_clock_soon


class LaggingPage:
    """A page whose clock moves ``lag_ms`` between a read of it and the pause that follows,
    for its first ``lagging`` pauses, like the page beside two busy processes."""

    def __init__(self, lag_ms: int, lagging: int) -> None:
        self.now_ms = 1_000_000
        self.lag_ms = lag_ms
        self.lagging = lagging
        self.paused_at_ms: float | None = None
        self.clock = self

    def evaluate(self, script: str) -> int:
        assert script == "() => Date.now()"
        return self.now_ms

    def pause_at(self, seconds: float) -> None:
        if self.lagging:
            self.lagging -= 1
            self.now_ms += self.lag_ms
        if seconds * 1000 < self.now_ms:
            raise PlaywrightError("Clock.pause_at: Error: Cannot fast-forward to the past")
        self.paused_at_ms = seconds * 1000


def test_a_pause_whose_moment_passed_is_taken_again_ahead() -> None:
    page = LaggingPage(lag_ms=60, lagging=2)
    pause_clock_soon(page)
    assert page.paused_at_ms is not None
    assert page.now_ms <= page.paused_at_ms <= page.now_ms + 20


def test_a_clock_that_always_runs_ahead_fails_with_a_reason() -> None:
    page = LaggingPage(lag_ms=60, lagging=100)
    with pytest.raises(AssertionError, match="ran past 10 pause times"):
        pause_clock_soon(page)


def test_other_clock_errors_are_not_swallowed() -> None:
    class BrokenPage(LaggingPage):
        def pause_at(self, seconds: float) -> None:
            raise PlaywrightError("Clock.pause_at: Error: clock is not installed")

    with pytest.raises(PlaywrightError, match="not installed"):
        pause_clock_soon(BrokenPage(lag_ms=0, lagging=0))
