"""The table painted before Python starts (issue 11): on a return visit the page shows the
table as it was left, from the paint kept beside the save (web/paint.js), busy (a picture,
whose taps are kept: e2e/test_early_taps.py) and with a "getting ready" line, and Python
then renders the same table; a missing, stale, damaged or hostile paint leaves the normal
start, with nothing lost.

The runtime's wasm is held back by the test (a route it answers later), so the painted
table can be looked at for as long as needed before Python runs.
"""

from __future__ import annotations

import json
from typing import Any

from e2e.support import (
    hold_runtime,
    open_game,
    play_first_playable,
    play_some,
    release,
    saved_game,
    saved_record,
    wait_your_turn,
)

# What the table shows that a paint must reproduce: your cards, the scores, each seat.
TABLE = """() => ({
  hand: [...document.querySelectorAll('#hand [data-card]')].map((e) => e.dataset.card),
  scores: document.getElementById('scores').textContent.replace(/\\s+/g, ' ').trim(),
  seats: [0, 1, 2, 3].map((n) => document.getElementById(`seat-${n}`).textContent
    .replace(/\\s+/g, ' ').trim()),
  trick: [...document.querySelectorAll('#trick [data-card]')].map((e) => e.dataset.card),
  phase: document.getElementById('app').dataset.phase,
})"""


def test_a_return_visit_paints_the_table_before_python_and_then_plays(page: Any) -> None:
    play_some(page)
    live = page.evaluate(TABLE)
    saved = saved_record(page)
    held = hold_runtime(page)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector("html[data-painted]", state="attached", timeout=5_000)
    # Painted at once (the page's clock), before Python: the same table, not playable.
    painted_at = page.evaluate(
        "() => performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")
    assert painted_at < 3_000
    assert page.evaluate("() => document.documentElement.dataset.ready") is None
    assert page.evaluate(TABLE) == live
    # A picture to a screen reader (busy), and the keyboard's focus stays out of it. What
    # a tap on its cards and buttons does is e2e/test_early_taps.py's.
    busy = page.evaluate("() => document.getElementById('app').getAttribute('aria-busy')")
    assert busy == "true"
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.getElementById('app').contains(document.activeElement)"
                         ) is False
    line = page.locator("#getting-ready")
    assert line.is_visible() and line.inner_text() == "Getting ready…"
    # A tap on the felt, beside every card and button, does nothing, then or later.
    felt = page.locator(".felt").bounding_box()
    assert felt
    page.mouse.click(felt["x"] + 4, felt["y"] + 4)
    while not held:
        page.wait_for_timeout(50)
    release(page, held)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
    assert page.evaluate(TABLE) == live
    assert not line.is_visible()
    assert page.evaluate("() => document.getElementById('app').inert") is False
    assert page.evaluate("() => document.getElementById('app').hasAttribute('aria-busy')") is False
    assert saved_record(page)["game"] == saved["game"]  # the early tap played nothing


# By the page's clock: when paint.js marked the table painted, the first rendering
# opportunity (the first animation frame's callback, before that frame's style and
# layout) and the first paint.
FRAMES = """
window.__frames = {};
requestAnimationFrame(() => { window.__frames.frame = performance.now(); });
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__frames[entry.name] = entry.startTime;
}).observe({type: 'paint', buffered: true});
new MutationObserver(() => {
  if (document.documentElement.dataset.painted && !window.__frames.painted) {
    window.__frames.painted = performance.now();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-painted']});
"""


def test_a_return_visits_first_frame_is_the_painted_table(page: Any) -> None:
    """Issue 30: the page lays out and shows nothing before the table is painted: no
    empty table first (at the end of <body>, paint.js let the browser lay the empty table
    out while it waited, and at times show it), no layout done twice."""
    play_some(page)
    page.add_init_script(FRAMES)
    page.goto("./")  # a return visit
    page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
    frames = page.evaluate("() => window.__frames")
    assert frames["painted"] <= frames["frame"], frames
    assert frames["painted"] <= frames["first-paint"], frames


def test_no_paint_or_a_bad_one_starts_as_usual_with_nothing_lost(page: Any) -> None:
    play_some(page)
    live = page.evaluate(TABLE)
    saved = saved_record(page)["game"]
    paint = json.loads(page.evaluate("() => localStorage.getItem('spades.paint')"))
    hostile = dict(paint, parts=[
        paint["parts"][0] + '<img src=x onerror="window.hacked=1"><div onclick="window.hacked=1">'
        '<a href="javascript:alert(1)">x</a><svg><use href="https://example.com/x.svg#a"/>'
        '</svg></div><script>window.hacked=1</script>', paint["parts"][1], paint["parts"][2]])
    cases = {
        "none": None,
        "not JSON": "{{{",
        "another move": json.dumps(dict(paint, moves=paint["moves"] - 1)),
        "another version": json.dumps(dict(paint, version=2)),
        "a part missing": json.dumps(dict(paint, parts=paint["parts"][:2])),
        "not the table's parts": json.dumps(dict(paint, parts=["<div></div>"] * 3)),
        "hostile markup": json.dumps(hostile),
    }
    for name, value in cases.items():
        page.evaluate("(v) => v === null ? localStorage.removeItem('spades.paint') "
                      ": localStorage.setItem('spades.paint', v)", value)
        held = hold_runtime(page)
        page.reload(wait_until="domcontentloaded")
        painted = page.evaluate("() => !!document.documentElement.dataset.painted")
        assert painted == (name == "hostile markup"), name
        if painted:  # only the table's own elements and attributes were kept
            assert page.evaluate("() => document.querySelectorAll("
                                 "'#app img, #app a, #app script, [onerror], [onclick]')"
                                 ".length") == 0
            assert page.evaluate("() => [...document.querySelectorAll('#app use')]"
                                 ".every((u) => (u.getAttribute('href') || '#').startsWith('#'))")
        while not held:
            page.wait_for_timeout(50)
        release(page, held)
        page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
        assert page.evaluate("() => window.hacked") is None, name
        assert saved_record(page)["game"] == saved, name
        assert page.evaluate(TABLE) == live, name


# The save holds a finished trick (its last card played, the trick not yet swept), and the
# trick area shows its cards.
TRICK_HELD = """() => {
  const ui = JSON.parse(localStorage.getItem('spades.game') || '{}').ui;
  return !!(ui && ui.trick_held)
    && document.querySelectorAll('#trick [data-card]').length === 4;
}"""


def test_a_return_visit_during_a_held_trick_paints_it(page: Any) -> None:
    """Left while a finished trick lies on the table (a second or so at each trick's end):
    the next visit paints that table, the trick on it, as Python then shows it again
    (web/app.py restore), not the empty table."""
    open_game(page, "seed=7&table=classic&speed=slow&level=easy")
    while wait_your_turn(page) == "bid":
        page.locator('#bids [data-bid="3"]').click()
        page.wait_for_selector("#bids", state="hidden")
    play_first_playable(page)  # then the computers' cards, until the trick is complete
    page.wait_for_function(TRICK_HELD, timeout=30_000, polling=20)
    held_trick = page.evaluate("() => [...document.querySelectorAll('#trick [data-card]')]"
                               ".map((e) => e.dataset.card)")
    held = hold_runtime(page)
    page.reload(wait_until="domcontentloaded")
    assert page.evaluate("() => document.documentElement.dataset.painted") == "true"
    painted = page.evaluate("() => [...document.querySelectorAll('#trick [data-card]')]"
                            ".map((e) => e.dataset.card)")
    assert sorted(painted) == sorted(held_trick)
    # A card tapped on the painted table is kept, and judged once ready as a live tap in
    # the hold is: here (seed 7) West has won the trick and leads the next, so the page
    # says whose turn it is, and the game stays where it was.
    game = saved_game(page)
    assert game.turn == 1
    page.locator("#hand [data-card]").first.click()
    while not held:
        page.wait_for_timeout(50)
    release(page, held)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
    page.wait_for_function(
        "() => document.getElementById('notice').textContent.includes('Wait for West')",
        timeout=10_000)
    assert saved_game(page).actions[:len(game.actions)] == game.actions


def test_a_first_visit_shows_the_empty_table_at_once(page: Any) -> None:
    held = hold_runtime(page)
    page.goto("./", wait_until="domcontentloaded")
    assert page.locator(".felt").is_visible()
    assert page.locator(".loading-card").is_visible()
    assert not page.locator("#tools").is_visible()  # no words before the language is known
    assert page.evaluate("() => document.documentElement.dataset.painted") is None
    while not held:
        page.wait_for_timeout(50)
    release(page, held)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)


# Each date the page has the browser format.
RECORD_DATES = """
window.__dates = 0;
const format = Date.prototype.toLocaleDateString;
Date.prototype.toLocaleDateString = function (...args) {
  window.__dates += 1;
  return format.apply(this, args);
};
"""


def test_the_start_has_the_browser_format_no_date(page: Any) -> None:
    """Issue 30: a tab's first date costs ICU's start (11-70 ms); the front door's date,
    written as the page starts, is written by web/dates.py, not the browser."""
    page.add_init_script(RECORD_DATES)
    open_game(page, door=True)
    page.wait_for_selector("#today[open]")  # the front door, its date written
    assert page.evaluate("() => window.__dates") == 0
