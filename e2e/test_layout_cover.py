"""Nothing a player needs lies under something else (issue 45, item 6), at every size of
e2e.layout_states.VIEWPORTS and the tablet the issue names (820x1180):

- the hand review, at several tricks (before the first, the first, the seventh, the last,
  the choice of hands and the Blind Nil exchange on it; the last in every language): each
  of its controls, Close included, brought into view as the keyboard brings it
  (``focus()``), is wholly shown: the middle and the four edges of its box are itself
  (``document.elementFromPoint``), never the row of trick buttons that sticks to the
  dialog's foot;
- today's game over (more to show than any other: the par, Share), as it first shows on a
  phone held sideways (its New game focused) and, at every size, whichever of its
  buttons has the keyboard: the headline is in view below the header, nothing over it,
  and the button is wholly shown;
- Share on a browser without ``navigator.share`` (the clipboard then): "Your result is on
  the clipboard." is in view right after the tap, inside the panel's visible part, and
  is a live region that is in the accessibility tree before its words are written (so
  they are read out).

One page per screen, resized to each size (as e2e/test_layout.py does).
"""

from __future__ import annotations

from typing import Any

import pytest

from e2e.layout_states import (
    DESKTOP,
    VIEWPORTS,
    Viewport,
    blind_nil_game,
    prepare,
    set_viewport,
    settle,
)
from e2e.support import (
    DAY,
    NOON,
    in_each_language,
    open_with_storage,
    save_text,
    wait_your_turn,
)

SIZES = (*VIEWPORTS, Viewport("820x1180", 820, 1180))
SIDEWAYS = next(viewport for viewport in VIEWPORTS if viewport.name == "844x390")

# Each control of ``root`` brought into view as the keyboard does (focus(); a disabled
# one, which the keyboard skips, scrolled to the nearest edge), then hit at its middle and
# just inside its four edges: what is there instead, for each control that is covered.
# ``keep`` (a selector, or ''): an element that must stay wholly in view meanwhile, below
# the header. ``move`` false: no control is moved to, ``keep`` is checked as it is.
UNCOVERED = r"""([selector, keep, move]) => {
  const root = document.querySelector(selector);
  const shown = (el) => el.checkVisibility({checkVisibilityCSS: true})
    && el.getClientRects().length > 0;
  const words = (el) => (el.getAttribute('aria-label') || el.textContent || '')
    .trim().replace(/\s+/g, ' ').slice(0, 40);
  const what = (hit) => !hit ? 'nothing (off screen)'
    : hit.id ? '#' + hit.id
    : `${hit.tagName.toLowerCase()}${[...hit.classList].map((c) => '.' + c).join('')}`
      + (words(hit) ? ` "${words(hit)}"` : '');
  const missed = (el) => {
    const r = el.getBoundingClientRect();
    const inset = Math.min(3, r.width / 4, r.height / 4);
    const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
    const points = [['middle', cx, cy], ['top', cx, r.top + inset],
                    ['bottom', cx, r.bottom - inset], ['left', r.left + inset, cy],
                    ['right', r.right - inset, cy]];
    const out = [];
    for (const [edge, x, y] of points) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(hit === el || el.contains(hit))) out.push(`its ${edge} by ${what(hit)}`);
    }
    return out.length ? `[y ${Math.round(r.top)}..${Math.round(r.bottom)}] covered: `
      + out.join(', ') : '';
  };
  const header = document.querySelector('header').getBoundingClientRect();
  const found = [];
  const controls = move ? [...root.querySelectorAll(
    'button, summary, a[href], input, select, textarea, [tabindex="0"]')].filter(shown) : [null];
  for (const el of controls) {
    let name = '';
    if (el) {
      if (el.matches(':disabled')) el.scrollIntoView({block: 'nearest'});
      else el.focus();
      name = `${el.tagName.toLowerCase()} "${words(el)}"`;
      const wrong = missed(el);
      if (wrong) found.push(`${name} ${wrong}`);
    }
    const kept = keep && root.querySelector(keep);
    if (kept) {
      const k = kept.getBoundingClientRect();
      const under = k.top < header.bottom - 0.5
        ? ` (its top ${Math.round(k.top)} above the header's foot ${Math.round(header.bottom)})`
        : '';
      const covered = missed(kept);
      if (under || covered) {
        found.push(`${name ? `with ${name} focused, ` : ''}the headline `
                   + `"${words(kept)}" is not in view${under} ${covered}`);
      }
    }
  }
  return found;
}"""


def uncovered(page: Any, selector: str, keep: str = "", move: bool = True) -> list[str]:
    return page.evaluate(UNCOVERED, [selector, keep, move])  # type: ignore[no-any-return]


def fail_with(found: list[str]) -> None:
    if found:
        shown = "\n  ".join(found[:60])
        more = f"\n  ... and {len(found) - 60} more" if len(found) > 60 else ""
        pytest.fail(f"{len(found)} covered:\n  {shown}{more}", pytrace=False)


# ------------------------------------------------------------------------ the hand review


def go_to_step(page: Any, step: int) -> None:
    """Step the open review to after ``step`` tricks with its own buttons."""
    at = int(page.locator("#review .review").get_attribute("data-step"))
    while at != step:
        action = ("review-first" if step == 0 else "review-last" if step == 13
                  else "review-next" if step > at else "review-prev")
        page.locator(f'#review [data-action="{action}"]').evaluate("(b) => b.click()")
        at = {"review-first": 0, "review-last": 13, "review-next": at + 1,
              "review-prev": at - 1}[action]
        page.wait_for_selector(f'#review .review[data-step="{at}"]')


def test_the_reviews_controls_are_never_under_its_row_of_trick_buttons(page: Any) -> None:
    prepare(page)
    open_with_storage(page, {"spades.game": save_text(blind_nil_game(2), summary=True)},
                      "speed=instant")
    page.wait_for_selector("#summary:not([hidden])")
    page.locator('#summary [data-action="review-hand"]').click()
    page.wait_for_selector("#review[open]")
    # The first hand: your Blind Nil and its exchange; the choice of the two hands above.
    page.locator('#review .review-choices [data-hand="0"]').click()
    page.wait_for_selector('#review .review[data-hand="0"]')
    assert page.locator("#review .review-exchange").count() == 1
    found: list[str] = []
    # In every language (its longest words wrap the row of trick buttons in two on a
    # phone), at the last trick (the hand's result too); in English at four tricks.
    for lang in in_each_language(page):
        for step in (0, 1, 7, 13) if lang == "en" else (13,):
            go_to_step(page, step)
            for viewport in SIZES:
                set_viewport(page, viewport)
                found += [f"{viewport.label}, {lang}, the review after {step} tricks: {problem}"
                          for problem in uncovered(page, "#review")]
    set_viewport(page, DESKTOP)
    fail_with(found)


# ------------------------------------------------------------- today's game over and Share


# No share sheet (a desktop browser, Firefox): Share writes to the clipboard, stubbed here
# (what it was given is kept to check).
NO_SHARE_SHEET = """
delete Navigator.prototype.share;
if (navigator.clipboard) {
  navigator.clipboard.writeText = async (text) => { window.__shared = text; };
}
"""

SAID_IN_VIEW = r"""() => {
  const said = document.querySelector('#summary .share-said');
  const body = document.querySelector('#summary-body');
  const r = said.getBoundingClientRect(), b = body.getBoundingClientRect();
  // clientHeight is in the element's own CSS pixels, the rects zoomed (html { zoom: 2 })
  const k = body.offsetWidth ? b.width / body.offsetWidth : 1;
  const top = b.top + body.clientTop * k, bottom = top + body.clientHeight * k;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const problems = [];
  if (r.height < 1) problems.push('it is not shown');
  if (r.top < top - 0.5 || r.bottom > bottom + 0.5) {
    problems.push(`it is outside the panel's visible part: y ${Math.round(r.top)}..`
      + `${Math.round(r.bottom)} in ${Math.round(top)}..${Math.round(bottom)}`);
  }
  if (r.top < 0 || r.bottom > innerHeight) problems.push('it is outside the viewport');
  if (!hit || !(hit === said || said.contains(hit))) {
    problems.push(`its middle is ${hit ? hit.tagName.toLowerCase() + '.' + hit.className
                                       : 'off screen'}`);
  }
  return problems;
}"""


def test_todays_game_over_shows_its_headline_and_shares_in_view(page: Any) -> None:
    from e2e.test_links import last_card_of_a_daily_game

    game = last_card_of_a_daily_game(DAY)
    par = [[number, 0] for number in range(len(game.history))]
    saved = save_text(game, level="medium", daily=True, day=DAY.isoformat(), par=par)
    prepare(page)
    page.add_init_script(NO_SHARE_SHEET)
    page.clock.set_fixed_time(NOON)
    # The game ends on a phone held sideways: its last card played there.
    set_viewport(page, SIDEWAYS)
    open_with_storage(page, {"spades.game": saved}, "speed=instant&par=6")
    assert wait_your_turn(page) == "play"
    page.locator('#hand [data-playable="true"]').first.click()
    share = page.locator('#summary [data-action="share"]')
    share.wait_for(state="visible", timeout=30_000)
    settle(page)
    found = [f"{SIDEWAYS.label}, as the game over first shows: {problem}"
             for problem in uncovered(page, "#summary-body", "#summary-body > h2", move=False)]
    # Its live region is in the accessibility tree before its words are written.
    status = page.locator("#summary").get_by_role("status")
    if status.count() != 1:
        found.append("the game over's Share has no live region in the accessibility tree "
                     "before it is pressed")
    for viewport in SIZES:
        set_viewport(page, viewport)
        where = f"{viewport.label}, today's game over"
        found += [f"{where}: {problem}"
                  for problem in uncovered(page, "#summary-body", "#summary-body > h2")]
        # As the game over shows: the keyboard on New game; then Share is tapped.
        page.evaluate("() => { document.querySelector('#summary .share-said').textContent = '';"
                      " document.querySelector('#summary [data-action=\"new-game\"]').focus(); }")
        share.click(timeout=5_000)
        page.wait_for_function("() => /clipboard/.test(document.querySelector("
                               "'#summary .share-said').textContent)", timeout=15_000)
        settle(page)  # the scroll to it, and any layout the click set off, has ended
        found += [f"{where}, Share pressed: \"Your result is on the clipboard.\": {problem}"
                  for problem in page.evaluate(SAID_IN_VIEW)]
    assert "Spades daily" in page.evaluate("() => window.__shared")
    set_viewport(page, DESKTOP)
    fail_with(found)
