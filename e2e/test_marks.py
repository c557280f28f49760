"""The coach's marks on your decisions (issue 46), in real Chromium: after a hand, its
review marks each of your bids and cards with what it cost, the same marks the engine
gives under CPython for the same hand (the worker's search is seeded by the game and
the decision), said to screen readers, and "Next mark" (or M) goes from one to the next.
"""

from __future__ import annotations

import json
import re
from typing import Any

from e2e.support import HEARD, heard, open_game, play_hand, saved_game
from spades.ai.coach import hand_marks
from spades.ai.labels import label_of

BUDGET = 300
"""The coach's simulations a decision here (?par=N, the par's and the coach's budget for
tests): a hand judged in a second or two."""


def test_a_reviewed_hand_is_marked_as_the_engine_marks_it(page: Any) -> None:
    page.add_init_script(HEARD)
    open_game(page, f"seed=2&speed=instant&level=easy&par={BUDGET}&coach=1")
    assert play_hand(page) == "summary"
    # Worked out after the hand, while the summary shows: its line says how it went.
    page.wait_for_selector("#summary .sum-coach", timeout=60_000)
    page.wait_for_function("() => document.querySelector('#summary .sum-coach')"
                           ".textContent.startsWith('Your decisions: ')", timeout=60_000)
    page.locator('#summary [data-action="review-hand"]').click()
    page.wait_for_selector("#review[open] .review")
    page.wait_for_selector("#review .review-coach:not([data-judging])", timeout=60_000)
    line = page.locator("#review .review-coach").inner_text()
    assert re.match(r"^Your decisions: .+; [\d.]+ points lost a decision\.$", line), line

    # The page's marks are the engine's, computed here under CPython.
    game = saved_game(page)
    expected = [(len(d.view.tricks) + 1 if d.view.phase.value == "play" else 0,
                 d.action.to_text(), v.best.to_text(), v.cost)
                for d, v in hand_marks(game, 0, 0, BUDGET)]
    kept = json.loads(page.evaluate("() => localStorage.getItem('spades.marks')"))
    (found,) = kept.values()
    assert [(m["t"], m["c"], m["b"], m["x"]) for m in found] == expected

    labelled = [trick for trick, _, _, cost in expected if label_of(cost) is not None]
    if not labelled:  # the seed's hand had no mark: nothing more to step through
        assert page.locator('#review [data-action="review-mark"]').count() == 0
        return

    def after(step: int) -> int:  # the next marked decision, from the first again
        return next((trick for trick in labelled if trick > step), labelled[0])

    page.keyboard.press("m")
    step = after(0)
    page.wait_for_selector(f'#review .review[data-step="{step}"]')
    mark = page.locator("#review .review-mark").inner_text()
    assert re.search(r"(Inaccuracy|Mistake|Blunder): it cost \d+ points;", mark), mark
    said = heard(page)[-1]
    assert "it cost" in said and "better" in said, said
    page.locator('#review [data-action="review-mark"]').click()
    page.wait_for_selector(f'#review .review[data-step="{after(step)}"]')


def test_the_statistics_chart_the_coachs_figure_game_by_game(page: Any) -> None:
    """Two finished games with the coach's figure (as the page records them): the
    statistics draw one bar a game, an image named for screen readers, with its words."""
    import sys

    from e2e.support import ROOT, open_with_storage, play_to

    sys.path.insert(0, str(ROOT / "web"))
    import stats as page_stats

    from spades import PRESETS, Game, Phase

    record = page_stats.Stats()
    for seed, figure in ((12, 6.5), (13, 2.25)):
        game = play_to(Game.new(PRESETS["quick"], seed=seed),
                       lambda g: g.phase is Phase.GAME_OVER)
        record = page_stats.record_game(record, page_stats.result_of(game, "easy",
                                                                     coach=figure))
    kept = json.dumps(record.to_dict(), separators=(",", ":"))
    open_with_storage(page, {page_stats.STATS_KEY: kept}, "speed=instant&level=easy")
    page.locator('#tools [data-action="stats"]').click()
    page.wait_for_selector("#stats[open]")
    chart = page.get_by_role("img", name="The coach: points lost a decision, your last 2 games")
    assert chart.count() == 1
    assert chart.locator("desc").text_content() == (
        "Your last 2 games judged: from 2.3 to 6.5 points lost a decision, the latest 2.3.")
    assert chart.locator("rect.chart-bar").count() == 2


def test_todays_game_over_names_the_days_costliest_decision(page: Any) -> None:
    """The last card of today's game played: its summary gives the last hand's marks and,
    today's game being over, the day's costliest decision, the one the engine finds."""
    import sys

    from e2e.support import DAY, NOON, ROOT, open_with_storage, save_text, wait_your_turn
    from e2e.test_links import last_card_of_a_daily_game

    sys.path.insert(0, str(ROOT / "web"))
    from marks import Mark, costliest_text

    game = last_card_of_a_daily_game(DAY)
    par = [[number, 0] for number in range(len(game.history))]
    saved = save_text(game, level="medium", daily=True, day=DAY.isoformat(), par=par)
    page.clock.set_fixed_time(NOON)
    open_with_storage(page, {"spades.game": saved},
                      f"speed=instant&par={BUDGET}&coach=1")
    assert wait_your_turn(page) == "play"
    page.locator('#hand [data-playable="true"]').first.click()
    page.wait_for_function("() => /Your decisions: /.test(document.querySelector("
                           "'#summary .sum-coach')?.textContent || '')", timeout=60_000)
    line = page.locator("#summary .sum-coach").inner_text()
    over = saved_game(page)
    last = len(over.history) - 1
    # Judged: the hand that was the last finished one as the page opened, and the last.
    found = [(hand, Mark(len(d.view.tricks) + 1 if d.view.phase.value == "play" else 0,
                         d.action, v.best, v.cost))
             for hand in (last - 1, last) for d, v in hand_marks(over, hand, 0, BUDGET)]
    hand, worst = max(found, key=lambda pair: pair[1].cost)
    assert worst.label is not None  # this deal's hands have one (a Nil bid)
    assert line.endswith(" " + costliest_text(worst, hand, 4)), line
