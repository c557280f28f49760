"""The table's screens at every size: shared by the layout test (e2e/test_layout.py) and the
screenshots (python -m e2e.screens).

``VIEWPORTS`` are the screens a player may have: portrait phones, phones held sideways,
a tablet, short laptops, desktops, and a 1366x768 screen at 200% browser zoom (a 683x384
viewport at device scale 2, which is exactly what the zoom gives the page), and the same
screen with CSS ``zoom: 2`` on the html element.

``states(page, phase)`` brings a page to each state of a phase in turn (a generator: the
caller measures or photographs every viewport at each state it yields):

- ``bidding``: your bid panel (seed 2 gives you the first bid);
- ``trick``: your turn with three cards on the table and a refused card's notice, then the
  finished trick, four cards held on the table before the sweep (the page's clock is
  paused while they are held);
- ``blind-nil``: the Blind Nil choice (your cards face down), the exchange, and the
  exchange with three cards chosen;
- ``summary``: the hand summary of a hand with a Blind Nil;
- ``sheet``: a game of six finished hands (one bid "Blind Nil + 4"); the caller opens the
  score sheet with ``open_tool`` at each size (through the Menu where the tools fold);
- ``draw``: the two-player tables' first draws: the Duel's first draw with its clock, its
  next draw after a Keep, and the Two-handed table's first draw with Double Nil offered;
- ``last-draw``: the Duel's last draws: yours (24 discards: two-digit counts), the card
  that goes to the discards after your Keep, and North's draw after it (the piles alone,
  the page's clock paused);
- ``scores``: your bid with three-digit scores in the header (124 to -280).

``measure(page, scope)`` collects every box the layout test checks in one evaluate.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Error as PlaywrightError

from e2e.support import open_game, open_with_storage, play_to, save_text, tap
from spades import PRESETS, Action, Bid, Draw, Game, Phase


@dataclass(frozen=True, slots=True)
class Viewport:
    name: str
    width: int
    height: int
    scale: int = 1
    """The device scale factor (what browser zoom changes)."""
    css_zoom: float = 1
    """CSS ``zoom`` on the html element."""

    @property
    def label(self) -> str:
        if self.scale != 1:
            return f"{self.name} ({self.width}x{self.height} @{self.scale}x)"
        if self.css_zoom != 1:
            return f"{self.name} ({self.width}x{self.height}, html zoom {self.css_zoom:g})"
        return self.name


VIEWPORTS = (
    Viewport("320x568", 320, 568),
    Viewport("360x640", 360, 640),
    Viewport("390x844", 390, 844),
    Viewport("430x932", 430, 932),
    Viewport("640x360", 640, 360),
    Viewport("740x360", 740, 360),
    Viewport("844x390", 844, 390),
    Viewport("932x430", 932, 430),
    Viewport("768x1024", 768, 1024),
    Viewport("1024x600", 1024, 600),
    Viewport("1280x600", 1280, 600),
    Viewport("1366x657", 1366, 657),
    Viewport("1366x768", 1366, 768),
    Viewport("1920x1080", 1920, 1080),
    Viewport("zoom200", 683, 384, scale=2),  # 1366x768 at 200% browser zoom
    Viewport("css-zoom200", 1366, 768, css_zoom=2),  # 1366x768, CSS zoom: 2 on html
)
DESKTOP = Viewport("1366x768", 1366, 768)
PHASES = ("bidding", "trick", "blind-nil", "summary", "sheet", "draw", "last-draw",
          "scores")
# Your draw decision (Keep, Discard) or, once the hands are drawn, your bid.
DRAW_OR_BID = ("() => document.querySelector('#bids:not([hidden]) [data-draw], "
               "#bids:not([hidden]) [data-bid=\"1\"]')")

# The page's animations and transitions that end (a JavaScript expression).
FINITE_ANIMATIONS = """document.getAnimations().filter(
        (a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)"""
# Waits until every finite animation or transition has ended, then two animation frames
# (the page's own requestAnimationFrame, kept before a test installs a fake clock).
SETTLE = """async () => {
    const raf = window.__layoutRaf || window.requestAnimationFrame.bind(window);
    const finite = """ + FINITE_ANIMATIONS + """;
    await Promise.allSettled(finite.map((a) => a.finished));
    await new Promise((resolve) => raf(() => raf(resolve)));
}"""
KEEP_RAF = "window.__layoutRaf = window.requestAnimationFrame.bind(window);"
# After a resize: the CSS zoom set, then SETTLE's wait only if the new size started an
# animation or transition. The page's layout is CSS alone (no script reads the size), and
# reading a box lays the page out at once, so a resize that animates nothing needs no
# frame: two frames each time were 14 s of the draw panel's 36 (issue 28).
RESIZED = """async (zoom) => {
    document.documentElement.style.zoom = zoom;
    if (""" + FINITE_ANIMATIONS + """.length === 0) return;
    await (""" + SETTLE + """)();
}"""


def prepare(page: Any) -> None:
    """Call once on a fresh page, before it opens the table."""
    page.add_init_script(KEEP_RAF)


def settle(page: Any) -> None:
    page.evaluate(SETTLE)


def set_viewport(page: Any, viewport: Viewport) -> None:
    """Resize the page (and set its device scale through the DevTools protocol, as browser
    zoom does), then wait until it has settled."""
    session = getattr(page, "_layout_cdp", None)
    if session is not None:
        session.send("Emulation.clearDeviceMetricsOverride")
        session.detach()
        page._layout_cdp = None
    page.set_viewport_size({"width": viewport.width, "height": viewport.height})
    if viewport.scale != 1:
        session = page.context.new_cdp_session(page)
        session.send("Emulation.setDeviceMetricsOverride", {
            "width": viewport.width, "height": viewport.height,
            "deviceScaleFactor": viewport.scale, "mobile": False})
        page._layout_cdp = session
    page.mouse.move(1, 1)  # no card stays raised by the pointer hovering it
    page.evaluate(RESIZED, "" if viewport.css_zoom == 1 else f"{viewport.css_zoom:g}")


# --------------------------------------------------------------------------- crafted games


def trick_game() -> Game:
    """Classic, seed 7: the first trick, three clubs on the table, your turn, 13 cards of
    which only some may be played (so a refusal can be shown)."""
    return play_to(Game.new(PRESETS["classic"], seed=7),
                   lambda g: g.phase is Phase.PLAY and g.turn == 0 and len(g.trick.plays) == 3)


def blind_nil_game(hands: int) -> Game:
    """A Blind Nil table where you bid Blind Nil and North 4 in the first hand ("Blind Nil +
    4" on the sheet), then everyone bids 3 to 5: after ``hands`` finished hands."""
    game = Game.new(PRESETS["blind-nil"], seed=3)
    while len(game.history) < hands and game.phase is not Phase.GAME_OVER:
        legal = game.legal_actions()
        pick = None
        if game.phase is Phase.BID:
            first = game.hand_number == 0
            if first and game.turn == 0 and Bid(0, blind=True) in legal:
                pick = Bid(0, blind=True)
            elif first and game.turn == 2 and Bid(4) in legal:
                pick = Bid(4)
            else:
                assert game.turn is not None
                want = Bid(3 + (game.turn + game.hand_number) % 3)
                pick = want if want in legal else None
        if pick is None:
            pick = next((a for a in legal if a != Bid(0, blind=True)), legal[0])
        game = game.apply(pick)
    return game


def big_scores_game() -> Game:
    """Classic, seed 5, after two hands in which West and East bid 7 each and are set:
    your bid, with 124 to -280 in the header (three digits, and a minus sign)."""
    game = Game.new(PRESETS["classic"], seed=5)
    while not (game.phase is Phase.BID and game.turn == 0 and len(game.history) == 2):
        legal = game.legal_actions()
        pick: Action | None = None
        if game.phase is Phase.BID:
            want = Bid(7) if game.turn in (1, 3) else Bid(3)
            pick = want if want in legal else None
        if pick is None:
            pick = next((a for a in legal if a != Bid(0, blind=True)), legal[0])
        game = game.apply(pick)
    return game


def last_draw_game() -> Game:
    """The Duel, seed 4, at your last draw: 24 draws made, the stock down to 4 cards."""
    game = Game.new(PRESETS["duel"], seed=4)
    while not (game.phase is Phase.DRAW and game.turn == 0 and len(game.view(0).draws) >= 24):
        game = game.apply(Draw(keep=len(game.view(0).draws) % 3 == 0))
    return game


# --------------------------------------------------------------------------- phases


def states(page: Any, phase: str) -> Iterator[str]:
    """Bring ``page`` to each state of ``phase`` in turn, yielding the state's name."""
    if phase == "bidding":
        open_game(page, "seed=2&speed=instant&level=easy")  # seed 2: you bid first
        page.wait_for_selector("#bids [data-bid='7']")
        yield "bidding"
    elif phase == "trick":
        yield from trick_states(page)
    elif phase == "blind-nil":
        open_game(page, "seed=1&table=blind-nil&speed=instant&level=easy")
        page.wait_for_selector('[data-bid="blind"]')
        yield "blind nil choice"
        page.locator('[data-bid="blind"]').click()
        page.wait_for_selector('[data-action="pass"]')
        yield "exchange"
        new = page.locator('#hand [data-new="true"]').evaluate_all(
            "els => els.map(e => e.dataset.card)")
        old = page.locator("#hand [data-card]:not([data-new])").evaluate_all(
            "els => els.map(e => e.dataset.card)")
        for card in (new[0], old[0], old[5]):
            tap(page, f'#hand [data-card="{card}"]')
        page.wait_for_selector('[data-action="pass"]:enabled')
        yield "exchange, three chosen"
    elif phase == "summary":
        open_with_storage(page, {"spades.game": save_text(blind_nil_game(1), summary=True)},
                          "speed=instant")
        page.wait_for_selector("#summary:not([hidden])")
        yield "hand summary"
    elif phase == "sheet":
        open_with_storage(page, {"spades.game": save_text(blind_nil_game(6))},
                          "speed=instant")
        yield "score sheet"
    elif phase == "draw":
        # A long clock, so it never runs out while every size is measured.
        open_game(page, "table=duel&seed=4&speed=instant&level=easy&clock=900")
        page.wait_for_function(DRAW_OR_BID)
        page.wait_for_selector(".seat-clock:not([hidden])")
        yield "duel draw with the clock"
        held = page.locator("#hand [data-card]").count()
        page.locator('[data-draw="keep"]').click()
        page.wait_for_function("(n) => document.querySelectorAll('#hand [data-card]').length"
                               " > n", arg=held)
        page.wait_for_function(DRAW_OR_BID)
        yield "duel draw after keep"
        # A fresh storage: a link over the Duel in progress would ask first.
        open_with_storage(page, {}, "table=two-handed&seed=6&speed=instant&level=easy")
        page.wait_for_selector('#bids [data-bid="blind"]')
        yield "double nil offered"
    elif phase == "last-draw":
        open_with_storage(page, {"spades.game": save_text(last_draw_game())},
                          "speed=slow&level=easy&clock=900")
        page.wait_for_function(DRAW_OR_BID)
        yield "duel last draw"
        # North's draw: the piles alone, with two-digit counts. The page's clock is paused
        # before your Keep and stepped 10 ms at a time (with real time for Python between)
        # until the panel has gone, well before the slow speed's 1.1 s pause before North
        # draws, so North's move waits while every size is measured.
        # After Keep the panel shows you the next card, the one that goes to the discards,
        # face up to you alone until OK (or the slow speed's pause, which the paused clock
        # holds back): a screen of its own.
        page.clock.install()
        pause_clock_soon(page)
        page.locator('[data-draw="keep"]').click()
        step_clock_until(page, "() => !!document.querySelector('#bids:not([hidden]) "
                         "[data-reveal]')", "the card after your Keep was never shown")
        yield "duel keep: the card to the discards"
        page.locator('#bids [data-action="reveal-ok"]').click()
        step_clock_until(page, "() => document.getElementById('bids').hidden",
                         "your Keep never left the panel")
        yield "north's draw"
        page.clock.resume()
    elif phase == "scores":
        open_with_storage(page, {"spades.game": save_text(big_scores_game())},
                          "speed=instant&level=easy")
        page.wait_for_selector("#bids [data-bid='7']")
        yield "three-digit scores"
    else:
        raise ValueError(phase)


def trick_states(page: Any) -> Iterator[str]:
    open_with_storage(page, {"spades.game": save_text(trick_game())}, "speed=slow")
    page.wait_for_selector('#hand [data-playable="true"]')
    refused = page.locator("#hand [data-card]:not([data-playable])").first
    tap(page, f'#hand [data-card="{refused.get_attribute("data-card")}"]')
    page.wait_for_selector("#notice:not(:empty)")
    yield "your turn, a card refused"
    # The finished trick is held for the motion and HOLD_MS (1.6 s at slow) before the
    # sweep: the page's clock is paused while it is held, so every size can be measured.
    # The clock is paused before your card is tapped and stepped 20 ms at a time until the
    # trick is complete, so however slow the machine, the hold has barely begun.
    page.clock.install()
    pause_clock_soon(page)
    card = page.locator('#hand [data-playable="true"]').first.get_attribute("data-card")
    tap(page, f'#hand [data-card="{card}"]')
    for _ in range(100):
        if page.evaluate("() => document.querySelectorAll('#trick [data-card]').length === 4"):
            break
        page.clock.run_for(20)
    else:
        raise AssertionError("your card never reached the trick")
    assert not page.locator('#trick[class*="sweep-"]').count(), "the trick left too soon"
    yield "four cards held"
    page.clock.resume()


def step_clock_until(page: Any, condition: str, failure: str, steps: int = 60) -> None:
    """Step the page's paused clock 10 ms at a time (with real time for Python between)
    until ``condition`` (a JS function) holds."""
    for _ in range(steps):
        if page.evaluate(condition):
            return
        page.clock.run_for(10)
        page.wait_for_timeout(50)
    raise AssertionError(failure)


def pause_clock_soon(page: Any, ahead_ms: int = 20, tries: int = 10) -> None:
    """Pause the page's installed clock ``ahead_ms`` after its present time.

    Playwright refuses to pause at a time already past, and on a loaded machine the
    page's clock can pass the target between reading it and pausing (the screenshots,
    run beside two busy processes, failed so); then read the time again.
    """
    for _ in range(tries):
        target_ms = page.evaluate("() => Date.now()") + ahead_ms
        try:
            # (a number is seconds for Playwright's Python clock)
            page.clock.pause_at(target_ms / 1000)
            return
        except PlaywrightError as error:
            if "to the past" not in str(error):
                raise
    raise AssertionError(f"the page's clock ran past {tries} pause times in a row")


def open_menu(page: Any) -> bool:
    """Open the Menu if the header's tools are folded behind it; True if it was."""
    if page.locator("#tools").is_visible() or not page.locator("#menu-button").is_visible():
        return False
    page.locator("#menu-button").click()
    page.wait_for_selector("#tools", state="visible")
    return True


def open_tool(page: Any, action: str) -> bool:
    """Press a header tool (``data-action``), through the Menu where the tools are folded
    behind it; True if the Menu was used."""
    folded = open_menu(page)
    page.locator(f'#tools [data-action="{action}"]').click()
    return folded


# --------------------------------------------------------------------------- measuring

MEASURE = r"""(scope) => {
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  const shown = (el) => el && el.checkVisibility({checkVisibilityCSS: true})
    && el.getClientRects().length > 0;
  const box = (r) => ({x: r.left, y: r.top, w: r.width, h: r.height});
  const text = (el) => (el.innerText || el.textContent || '').trim().replace(/\s+/g, ' ');
  const items = [];
  const add = (el, name, kind, content = true) => {
    if (!shown(el)) return;
    const r = el.getBoundingClientRect();
    if (r.width < 0.5 || r.height < 0.5) return;
    // Its ink: the box of its visible text (not text kept for screen readers only).
    let ink = null;
    if (content) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!node.textContent.trim() || parent.closest('.sr-only') || !shown(parent)) continue;
        // The clock's badge stands out of its seat's corner on purpose: checked alone.
        if (parent.closest('.seat-clock') && !el.closest('.seat-clock')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const c of range.getClientRects()) {
          if (c.width === 0 || c.height === 0) continue;
          x0 = Math.min(x0, c.left); y0 = Math.min(y0, c.top);
          x1 = Math.max(x1, c.right); y1 = Math.max(y1, c.bottom);
        }
      }
      if (x1 > x0) ink = {x: x0, y: y0, w: x1 - x0, h: y1 - y0};
    }
    items.push({el, name, kind, box: box(r), ink});
  };
  const dialog = document.querySelector('dialog[open]');
  const summary = document.querySelector('#summary:not([hidden])');
  const header = () => {
    add(document.querySelector('.brand'), 'the title', 'header');
    document.querySelectorAll('#scores .side').forEach(
      (el, i) => add(el, `score box ${i === 0 ? 'You & North' : 'West & East'}`, 'score'));
  };
  const buttons = (root) => root.querySelectorAll('button').forEach((el) => {
    if (el.closest('#hand')) return;
    const what = el.dataset.action ? ` (${el.dataset.action})`
      : el.dataset.bid ? ` (bid ${el.dataset.bid})` : '';
    add(el, `button "${text(el)}"${what}`, 'button');
  });
  const messages = () => {
    const status = document.querySelector('#status');
    if (text(status)) add(status, `the status "${text(status)}"`, 'message');
    const notice = document.querySelector('#notice');
    if (text(notice)) add(notice, `the notice "${text(notice)}"`, 'message');
  };
  if (scope === 'menu') {
    add(document.querySelector('#menu-button'), 'the Menu button', 'button');
    document.querySelectorAll('#tools button').forEach(
      (el) => add(el, `menu item "${text(el)}"`, 'button'));
  } else if (dialog) {
    add(dialog, `dialog #${dialog.id}`, 'dialog', false);
    dialog.querySelectorAll('h2').forEach((el) => add(el, `heading "${text(el)}"`, 'text'));
    dialog.querySelectorAll('.sheet th, .sheet td').forEach((el) => {
      const row = el.parentElement.rowIndex, col = el.cellIndex;
      add(el, `sheet cell r${row}c${col} "${text(el)}"`, 'cell');
    });
    buttons(dialog);
  } else if (summary) {
    header();
    buttons(document.querySelector('header'));
    messages();
    const body = document.querySelector('#summary-body');
    add(body, 'the summary panel', 'panel', false);
    body.querySelectorAll('h2').forEach((el) => add(el, `heading "${text(el)}"`, 'text'));
    body.querySelectorAll('.sum-side').forEach(
      (el) => add(el, `summary of ${el.querySelector('h3').textContent}`, 'panel'));
    buttons(body);
  } else {
    header();
    buttons(document.querySelector('header'));
    messages();
    for (let s = 0; s < 4; s++) {
      const seat = document.querySelector(`#seat-${s}`);
      add(seat, `seat #seat-${s} (${seat.getAttribute('aria-label')})`, 'seat');
    }
    document.querySelectorAll('#trick [data-card]').forEach(
      (el) => add(el, `trick card ${el.dataset.card}`, 'trick', false));
    document.querySelectorAll('#trick [data-card] .tag').forEach((el) => add(
      el, `the "${text(el)}" tag of ${el.closest('[data-card]').dataset.card}`, 'tag'));
    // Two players: the stock's and the discards' counts, and your decision clock.
    document.querySelectorAll('#piles .pile-count').forEach(
      (el) => add(el, `the pile label "${text(el)}"`, 'label'));
    const clock = document.querySelector('#seat-0 .seat-clock');
    add(clock, `the clock "${clock && text(clock)}"`, 'clock');
    const bids = document.querySelector('#bids');
    if (!bids.hidden) {
      add(bids, 'the bid panel #bids', 'panel', false);
      buttons(bids);
    }
    document.querySelectorAll('#hand > .card').forEach((el, i) => add(
      el, `hand card ${el.dataset.card || 'face-down ' + (i + 1)}`, 'hand', false));
    document.querySelectorAll('#hand .ribbon').forEach((el) => add(
      el, `"New" ribbon of ${el.closest('[data-card]').dataset.card}`, 'ribbon', false));
  }
  // Relations: an item inside another is not "overlapping" it.
  const related = [];
  items.forEach((a, i) => items.forEach((b, j) => {
    if (i < j && (a.el.contains(b.el) || b.el.contains(a.el))) related.push([i, j]);
  }));
  // The nearest scrolling container of each item (a dialog, the summary panel).
  const scroller = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const style = getComputedStyle(p);
      if (/(auto|scroll)/.test(style.overflowY) && p.scrollHeight > p.clientHeight + 1) {
        const r = p.getBoundingClientRect();
        // clientWidth and the like are in the element's own CSS pixels; under CSS zoom
        // (html { zoom: 2 }) the rects are zoomed: scale them alike.
        const k = p.offsetWidth ? r.width / p.offsetWidth : 1;
        const view = {x: r.left + p.clientLeft * k, y: r.top + p.clientTop * k,
                      w: p.clientWidth * k, h: p.clientHeight * k};
        // What scrolls shows below a header that sticks to the container's top.
        for (const stuck of p.querySelectorAll('*')) {
          if (getComputedStyle(stuck).position !== 'sticky' || stuck.contains(el)) continue;
          const bottom = stuck.getBoundingClientRect().bottom;
          if (bottom > view.y && bottom < view.y + view.h) {
            view.h -= bottom - view.y;
            view.y = bottom;
          }
        }
        return {name: p.id ? '#' + p.id : p.className, box: view};
      }
    }
    return null;
  };
  const hits = (el, x, y) => {
    const hit = document.elementFromPoint(x, y);
    return hit ? {ok: el === hit || el.contains(hit),
                  what: hit.id ? '#' + hit.id : `${hit.tagName.toLowerCase()}.${hit.className}`}
               : {ok: false, what: 'nothing'};
  };
  // Your fanned hand: each card's strip that no later card covers.
  const hand = items.filter((it) => it.kind === 'hand');
  const fan = hand.map((it, i) => {
    const r = it.box;
    let right = r.x + r.w;
    for (const later of hand.slice(i + 1)) {
      const l = later.box;
      if (l.y < r.y + r.h && l.y + l.h > r.y && l.x < right && l.x + l.w > r.x) {
        right = Math.min(right, Math.max(l.x, r.x));
      }
    }
    const strip = right - r.x;
    const inView = r.x >= 0 && r.x + strip <= vw && r.y >= 0 && r.y + r.h <= vh;
    const hit = inView ? hits(it.el, r.x + strip / 2, r.y + r.h * 0.6)
                       : {ok: false, what: 'off screen'};
    return {name: it.name, strip, hit};
  });
  const ribbons = items.filter((it) => it.kind === 'ribbon').map((it) => {
    const r = it.box;
    const points = [[r.x + 2, r.y + r.h / 2], [r.x + r.w / 2, r.y + r.h / 2],
                    [r.x + r.w - 2, r.y + r.h / 2], [r.x + r.w / 2, r.y + 2],
                    [r.x + r.w / 2, r.y + r.h - 2]];
    const missed = points.map(([x, y]) => hits(it.el, x, y)).filter((h) => !h.ok);
    return {name: it.name, covered: missed.map((h) => h.what)};
  });
  // Everything else: the middle of the box is the element itself, not something over it.
  const out = items.map((it) => {
    const r = it.box;
    const scroll = scroller(it.el);
    let hit = null;
    const inside = (b) => r.x >= b.x - 0.5 && r.y >= b.y - 0.5
      && r.x + r.w <= b.x + b.w + 0.5 && r.y + r.h <= b.y + b.h + 0.5;
    const view = {x: 0, y: 0, w: vw, h: vh};
    if (!['hand', 'ribbon', 'dialog'].includes(it.kind) && inside(view)
        && (!scroll || inside(scroll.box))) {
      hit = hits(it.el, r.x + r.w / 2, r.y + r.h / 2);
    }
    return {name: it.name, kind: it.kind, box: it.box, ink: it.ink, scroll, hit};
  });
  const nowrap = [];
  const roots = scope === 'menu' ? [] : [dialog || document];
  roots.forEach((root) => root.querySelectorAll('.nowrap').forEach((el) => {
    if (!shown(el)) return;
    const rects = [...el.getClientRects()].filter((r) => r.width > 0);
    const tops = new Set(rects.map((r) => Math.round(r.top)));
    nowrap.push({text: text(el), lines: tops.size});
  }));
  // The bid panel shows all of itself: a panel that scrolls hides bids behind a sliver.
  const panel = document.querySelector('#bids');
  const bidsScroll = panel && !panel.hidden && scope !== 'menu' && !dialog
    && panel.scrollHeight > panel.clientHeight + 1
    ? `${panel.scrollHeight} px of content in ${panel.clientHeight} px` : '';
  return {vw, vh, bidsScroll, scrollWidth: document.documentElement.scrollWidth,
          scrollHeight: document.documentElement.scrollHeight,
          items: out, related, fan, ribbons, nowrap,
          dpr: window.devicePixelRatio};
}"""


def measure(page: Any, scope: str = "page") -> dict[str, Any]:
    """Every box the layout test checks, at the current size (``scope`` "menu": the open
    Menu's items only)."""
    return page.evaluate(MEASURE, scope)  # type: ignore[no-any-return]
