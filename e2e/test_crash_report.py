"""A tab that crashes is reported as such, with Chromium's memory at that moment, in the
words that `python build.py test` runs once more (build.RERUN_A_CRASHED_TAB), and noted so
that the next test starts a new Chromium (e2e/conftest.py, SessionBrowser)."""

from __future__ import annotations

import re
from typing import Any

import pytest

import build
from e2e.conftest import CRASHED, check_guard, guarded_context, relaunch_if_crashed, watch_page


def test_a_crashed_tab_is_reported_with_chromium_memory(browser: Any, site_url: str) -> None:
    context, guard = guarded_context(browser, site_url)
    try:
        page = context.new_page()
        watch_page(page, guard)
        with (page.expect_event("crash", timeout=15000),
              pytest.raises(Exception, match=r"ERR_ABORTED|crashed")):
            page.goto("chrome://crash")  # Chromium's own way to crash a renderer
        assert re.fullmatch(r"\d+ Chromium processes, \d+ MB resident, the largest \d+ MB",
                            guard.crashed), guard.crashed
        with pytest.raises(pytest.fail.Exception) as failed:
            check_guard(guard, page)
        assert re.search(build.TAB_CRASHED, str(failed.value))
        # The next test (the rerun, when one crashes by accident) gets a new Chromium.
        assert CRASHED, "the crash was not noted for a relaunch"
    finally:
        context.close()
    crashed_in = browser.current
    relaunch_if_crashed(browser)
    assert browser.current is not crashed_in and not CRASHED
    assert not crashed_in.is_connected()
    context, guard = guarded_context(browser, site_url)
    try:
        page = context.new_page()
        watch_page(page, guard)
        page.goto("./build.json")
        check_guard(guard, page)
    finally:
        context.close()
