"""Smooth play (issue 7): no main-thread task over 100 ms from ready to the end of a hand,
at Medium (the computers think on the main thread) and at Expert (in the AI worker,
started when the game starts), the first computer move included. At instant speed: the
computers' moves come back to back with no pause between them, the main thread's hardest
hand (issue 28: 5 s and 10 s where a hand at the fast speed took 21 s and 31 s of the
serial pass; both speeds showed no task of 50 ms or more, side by side on this machine).

Long tasks come from the browser's own PerformanceObserver ("longtask": any task of 50 ms
or more). The figures are printed (pytest -s shows them) for the issue notes; the bar is
the issue's 100 ms. Set SPADES_LONGTASK_LIMIT_MS to judge a slower machine by another bar.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from e2e.support import open_game, play_hand, saved_game

# Timed on the machine: run by itself, after the parallel pass (build.py pytest_passes).
pytestmark = pytest.mark.alone

LIMIT_MS = float(os.environ.get("SPADES_LONGTASK_LIMIT_MS", "100"))

OBSERVE = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.__longtasks.push({start: Math.round(entry.startTime),
                             duration: Math.round(entry.duration)});
  }
}).observe({type: 'longtask', buffered: true});
"""


@pytest.mark.parametrize(("level", "timeout"), [("medium", 60_000), ("expert", 180_000)])
def test_no_long_task_over_a_whole_hand(page: Any, level: str, timeout: float) -> None:
    page.add_init_script(OBSERVE)
    # seed 3: West leads, so a computer moves first in the hand, right after ready.
    open_game(page, f"seed=3&level={level}&speed=instant")
    ready = page.evaluate("() => performance.now()")
    assert play_hand(page, timeout=timeout) == "summary"
    end = page.evaluate("() => performance.now()")
    tasks = [t for t in page.evaluate("() => window.__longtasks") if t["start"] >= ready]
    longest = max((t["duration"] for t in tasks), default=0)
    print(f"\n{level}: {len(tasks)} long tasks (50 ms or more) over {end - ready:.0f} ms of a "
          f"whole hand; longest {longest} ms; all: {sorted(t['duration'] for t in tasks)}")
    assert len(saved_game(page).history) == 1
    over = [t for t in tasks if t["duration"] > LIMIT_MS]
    assert not over, f"main-thread tasks over {LIMIT_MS:.0f} ms after ready at {level}: {over}"
