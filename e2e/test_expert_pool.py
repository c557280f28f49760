"""Expert's pool of workers (web/pool.py, issue 13): the page's Expert makes, move for
move, the choices the engine's Expert makes on CPython for the same seed, with one worker
or two; and a worker that dies in the middle of a hand is replaced without losing a move
or changing one.

``?think=60`` lifts the page's one-second limit, so a slow run cannot cut a search short:
only then is the choice fixed by the seed alone.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from e2e.support import open_game, play_hand, saved_game
from e2e.test_csp import watch_warnings
from spades import Game

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

import players  # noqa: E402  (the page's own module: the seeds and budget it gives Expert)

SEED = 11
EXPERT = f"seed={SEED}&table=classic&speed=instant&level=expert&think=60"

# Ends one Expert worker (as a crash would) the first time a computer seat thinks while
# the whole pool (window.__poolSize workers) is ready: the share it is searching, if any,
# never comes back.
KILL_ONE_WORKER = """
window.__killed = null;
new MutationObserver(() => {
  if (window.__killed || document.documentElement.dataset.workers !== window.__poolSize) return;
  if (!document.querySelector('.seat.thinking')) return;
  const script = document.querySelector('script[worker][name^="ai-"]');
  if (!script || !script.xworker) return;
  window.__killed = script.getAttribute('name');
  script.xworker.terminate();
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['class']});
"""


def engine_disagreements(game: Game) -> list[str]:
    """Replay ``game`` from its deal: each computer move compared with the one the engine's
    Expert chooses on CPython for the same seat and seed (web/players.py, no time limit)."""
    replay = game.restart()
    differences = []
    for number, action in enumerate(game.actions):
        seat = replay.turn
        assert seat is not None
        if seat != 0:
            expected = players.choose(replay, seat, "expert")
            if expected != action:
                differences.append(f"move {number}, seat {seat}: page {action.to_text()}, "
                                   f"engine {expected.to_text()}")
        replay = replay.apply(action)
    return differences


def play_expert_hand(page: Any, workers: int, plays: int = 99) -> Game:
    """Expert with ``workers`` workers: the whole hand, or until ``plays`` of your cards."""
    open_game(page, f"{EXPERT}&workers={workers}")
    assert play_hand(page, plays=plays, timeout=120_000) == ("play" if plays < 13 else "summary")
    return saved_game(page)


def test_one_worker_or_two_make_the_engines_choices(page: Any) -> None:
    """The whole hand with one worker, the engine's; with two, the same moves until six
    of your cards are played (every round is split between the two workers alike; the
    opening rounds, with the most unseen cards, are the heaviest searches of the hand)."""
    one = play_expert_hand(page, 1)
    assert one.history, "the hand did not finish"
    assert page.evaluate("() => document.documentElement.dataset.workers") == "1"
    assert engine_disagreements(one) == []
    page.evaluate("() => localStorage.clear()")
    two = play_expert_hand(page, 2, plays=6)
    assert page.evaluate("() => document.documentElement.dataset.workers") == "2"
    assert len(two.actions) > 20
    assert two.actions == one.actions[:len(two.actions)]


@pytest.mark.parametrize("workers", [1, 2])
def test_a_worker_that_dies_mid_hand_is_replaced_and_no_move_changes(page: Any,
                                                                      workers: int) -> None:
    """With two workers the other one finishes the round; with one, a new worker is
    started at once for it. Either way the game goes on at Expert, move for move (played
    until two of your cards after the death)."""
    warnings = watch_warnings(page)
    page.add_init_script(f"window.__poolSize = '{workers}';")
    page.add_init_script(KILL_ONE_WORKER)
    open_game(page, f"{EXPERT}&workers={workers}")
    # Your cards one at a time until a worker has died, then two more: the moves around
    # the death are the ones at stake (the whole hand's are in the test above).
    state, after_kill = "", 0
    while state != "summary" and after_kill < 2:
        state = play_hand(page, plays=1, timeout=120_000)
        after_kill += 1 if page.evaluate("() => window.__killed") else 0
    game = saved_game(page)
    killed = page.evaluate("() => window.__killed")
    assert killed, "no worker was ended"
    assert [w for w in warnings if killed in w and "did not answer" in w], warnings
    assert engine_disagreements(game) == []
    root = page.locator("html")
    assert root.get_attribute("data-worker") == "ready"  # never given up
    assert not [w for w in warnings if "given up" in w], warnings
    # The pool is whole again: a new worker took the dead one's place.
    page.wait_for_function(f"() => document.documentElement.dataset.workers === '{workers}'",
                           timeout=60_000)
    names = page.evaluate("() => [...document.querySelectorAll('script[worker][name^=\"ai-\"]')]"
                          ".map(s => s.getAttribute('name'))")
    assert killed not in names and len(names) == workers
