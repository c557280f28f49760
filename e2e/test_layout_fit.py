"""The table fits the screen in the states a new player found wanting (issue 27, items 8 to
11), in every language the page speaks, measured from computed boxes:

- a phone held sideways, the Blind Nil choice and exchange: your seat stays on the felt,
  its bid line in view (not under your hand);
- the two-player draw: no pile or its label under the draw panel, each count wholly shown,
  the decision clock not under the panel (and every check of e2e/test_layout.py);
- 1366x657: the header keeps its height when the scores reach three digits (or -280);
- 1920x1080: the table is scaled to the screen (seats, text and cards larger, West and
  East drawn in towards the trick).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest

from e2e.layout_states import (
    VIEWPORTS,
    Viewport,
    big_scores_game,
    measure,
    prepare,
    set_viewport,
    states,
)
from e2e.support import in_each_language, open_game, open_with_storage, save_text
from e2e.test_layout import clip, inside, problems_in, show

LOCALES = {"en": "en-US", "de": "de-DE", "es": "es-ES", "it": "it-IT", "pt": "pt-BR"}
SIZES = {viewport.name: viewport for viewport in VIEWPORTS}
SIDEWAYS = (SIZES["844x390"], SIZES["932x430"])


@pytest.fixture
def open_page(open_page: Callable[[str], Any]) -> Callable[[str], Any]:
    """conftest's open_page, by the language's two letters, prepared for measuring."""

    def make(lang: str) -> Any:
        page = open_page(LOCALES[lang])
        prepare(page)
        return page

    return make


def in_every_language(page: Any, viewports: Iterable[Viewport]) -> Iterator[tuple[str, Viewport]]:
    """Each language in turn (changed in the page, as Options does; English last, the
    language the states are driven in), at each of ``viewports``: a start of the page per
    state, not per state and language (issue 28)."""
    for lang in in_each_language(page):
        for viewport in viewports:
            set_viewport(page, viewport)
            yield lang, viewport


def fail_with(found: list[str]) -> None:
    if found:
        shown = "\n  ".join(found[:60])
        more = f"\n  ... and {len(found) - 60} more" if len(found) > 60 else ""
        pytest.fail(f"{len(found)} layout problems:\n  {shown}{more}", pytrace=False)


BOXES = """(selectors) => Object.fromEntries(Object.entries(selectors).map(([name, sel]) => {
  const el = document.querySelector(sel);
  if (!el || !el.checkVisibility({checkVisibilityCSS: true})) return [name, null];
  const r = el.getBoundingClientRect();
  return [name, {x: r.left, y: r.top, w: r.width, h: r.height}];
}))"""


def boxes(page: Any, **selectors: str) -> dict[str, dict[str, float] | None]:
    return page.evaluate(BOXES, selectors)  # type: ignore[no-any-return]


# ------------------------------------------------------------------ 8: Blind Nil, sideways

YOUR_BID_LINE = """() => {
  const line = document.querySelector('#seat-0 .seat-stats');
  const r = line.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return hit && line.closest('#seat-0').contains(hit) ? null
    : (hit ? (hit.id ? '#' + hit.id : `${hit.tagName.toLowerCase()}.${hit.className}`)
       : 'nothing (off screen)');
}"""


def test_your_seat_stays_on_the_felt_sideways_while_you_choose_blind_nil(
        open_page: Callable[[str], Any]) -> None:
    page = open_page("en")
    found: list[str] = []
    for state in states(page, "blind-nil"):
        for lang, viewport in in_every_language(page, SIDEWAYS):
            where = f"{lang}, {viewport.label}, {state}"
            got = boxes(page, you="#seat-0", felt=".felt")
            you, felt = got["you"], got["felt"]
            assert you is not None and felt is not None
            if not inside(you, felt):
                found.append(f"{where}: your seat {show(you)} runs out of the felt "
                             f"{show(felt)}")
            over = page.evaluate(YOUR_BID_LINE)
            if over:
                found.append(f"{where}: your seat's bid line is under {over}")
            if state == "blind nil choice":
                # (the exchange's own problems in long languages are not this issue's)
                found += problems_in(measure(page), where)
    fail_with(found)


# ------------------------------------------------------------------ 9: the draw panel

DRAW_PARTS = """() => {
  const shown = (el) => el && el.checkVisibility({checkVisibilityCSS: true})
    && el.getClientRects().length > 0;
  const box = (el) => { const r = el.getBoundingClientRect();
                        return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  const bids = document.querySelector('#bids');
  const clock = document.querySelector('#seat-0 .seat-clock');
  return {
    panel: shown(bids) ? box(bids) : null,
    felt: box(document.querySelector('.felt')),
    piles: [...document.querySelectorAll('#piles .pile')].filter(shown).map((el) => ({
      name: el.querySelector('.pile-count').textContent, box: box(el),
      label: box(el.querySelector('.pile-count')),
      clipped: el.querySelector('.pile-count').scrollWidth
        > el.querySelector('.pile-count').clientWidth})),
    clock: shown(clock) ? {box: box(clock), text: clock.textContent} : null,
  };
}"""


def draw_problems(page: Any, where: str) -> list[str]:
    """The draw panel covers no pile and not the clock; each count is wholly shown."""
    found: list[str] = []
    parts = page.evaluate(DRAW_PARTS)
    panel = parts["panel"]
    for pile in parts["piles"]:
        if pile["clipped"]:
            found.append(f"{where}: \"{pile['name']}\" is cut off (its text is wider "
                         "than its box)")
        if not inside(pile["label"], parts["felt"]):
            found.append(f"{where}: \"{pile['name']}\" {show(pile['label'])} is not "
                         f"inside the felt {show(parts['felt'])}")
        if panel is not None and clip(pile["box"], panel) is not None:
            found.append(f"{where}: the pile \"{pile['name']}\" {show(pile['box'])} shows "
                         f"under the draw panel {show(panel)}")
    clock = parts["clock"]
    if clock is not None and panel is not None and clip(clock["box"], panel) is not None:
        found.append(f"{where}: the clock \"{clock['text']}\" {show(clock['box'])} is "
                     f"under the draw panel {show(panel)}")
    return found


@pytest.mark.parametrize("phase", ["draw", "last-draw"])
def test_the_draw_panel_covers_no_pile_nor_the_clock(
        open_page: Callable[[str], Any], phase: str) -> None:
    """The first draws and the last ones, each a test (one took 50-95 s of a worker)."""
    page = open_page("en")
    found: list[str] = []
    for state in states(page, phase):
        for lang, viewport in in_every_language(page, VIEWPORTS):
            where = f"{lang}, {viewport.label}, {state}"
            found += draw_problems(page, where)
            found += problems_in(measure(page), where)
    fail_with(found)


# ------------------------------------------------------------------ 10: the header

HEADER_HEIGHT = "() => document.querySelector('header.bar').getBoundingClientRect().height"


def header_heights(page: Any) -> dict[tuple[str, str], float]:
    """The header's height at each viewport in each language: (lang, viewport) -> px."""
    return {(lang, viewport.name): page.evaluate(HEADER_HEIGHT)
            for lang, viewport in in_every_language(page, VIEWPORTS)}


def test_the_header_keeps_its_height_with_three_digit_scores(
        open_page: Callable[[str], Any]) -> None:
    page = open_page("en")
    open_game(page, "seed=2&speed=instant&level=easy")  # 0 to 0
    page.wait_for_selector("#bids [data-bid='7']")
    at_zero = header_heights(page)
    open_with_storage(page, {"spades.game": save_text(big_scores_game())},
                      "speed=instant&level=easy")
    page.wait_for_selector("#bids [data-bid='7']")
    assert page.locator("#scores .side-score").all_inner_texts() == ["124", "\u2212280"]
    at_hundreds = header_heights(page)
    found = [f"{lang}, {name}: the header is {at_hundreds[lang, name]:.0f} px high with 124 "
             f"to -280, {at_zero[lang, name]:.0f} px at 0 to 0"
             for lang, name in at_zero if abs(at_hundreds[lang, name] - at_zero[lang, name]) > 0.5]
    # The table's header is one row at 1366x657 (a short laptop needs its height).
    found += [f"{lang}, 1366x657: the header takes {height:.0f} px (two rows)"
              for (lang, name), height in at_zero.items() if name == "1366x657" and height > 60]
    fail_with(found)


# ------------------------------------------------------------------ 11: big screens

TABLE_SIZES = """() => {
  const box = (sel) => { const r = document.querySelector(sel).getBoundingClientRect();
                         return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  const px = (sel) => parseFloat(getComputedStyle(document.querySelector(sel)).fontSize);
  return {west: box('#seat-1'), east: box('#seat-3'), north: box('#seat-2'),
          trick: box('#trick'), trickCard: box('#trick [data-card]'),
          handCard: box('#hand [data-card]'), statsText: px('#seat-1 .seat-stats'),
          nameText: px('#seat-1 .seat-name'), status: px('#status')};
}"""

# What the table is at 1366x768, the screen it was drawn for, and what the tester
# measured at 1920x1080 before: seat boxes 161 px wide, seat text 13.6 px, trick cards
# 116 px high, hand cards 136 px, West and East ~600 px from the trick's centre. A screen
# 1.4 times as high should show the table about 1.25 times as large (not 1.4: the header
# and the hand keep their share), gathered round the trick.
BIG = {"seat width": 195.0, "seat text": 16.5, "seat name": 19.0, "trick card": 140.0,
       "hand card": 165.0}
MOST_FROM_CENTRE = 460.0


def test_the_table_is_scaled_to_a_big_screen(page: Any) -> None:
    prepare(page)
    trick = states(page, "trick")
    state = next(trick)
    set_viewport(page, SIZES["1920x1080"])
    got = page.evaluate(TABLE_SIZES)
    centre = got["trick"]["x"] + got["trick"]["w"] / 2
    sizes = {"seat width": min(got["west"]["w"], got["east"]["w"]),
             "seat text": got["statsText"], "seat name": got["nameText"],
             "trick card": got["trickCard"]["h"], "hand card": got["handCard"]["h"]}
    found = [f"1920x1080, {state}: {what} is {sizes[what]:.1f} px, less than {least:g}"
             for what, least in BIG.items() if sizes[what] < least]
    for seat in ("west", "east"):
        away = abs(got[seat]["x"] + got[seat]["w"] / 2 - centre)
        if away > MOST_FROM_CENTRE:
            found.append(f"1920x1080, {state}: {seat.title()} is {away:.0f} px from the "
                         f"trick's centre (at most {MOST_FROM_CENTRE:g})")
    found += problems_in(measure(page), f"1920x1080, {state}")
    fail_with(found)
