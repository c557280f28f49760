"""Accessibility: an axe-core scan of every screen of the table, in real Chromium.

Each screen is scanned at the desktop (1280x800) and the phone (390x844) size: the
table while bidding, mid-play (cards on the trick, your playable cards, a refusal
notice), the Blind Nil choice and exchange, the hand summary, game over, and each
dialog open (Options, New game, Score sheet, Last trick, Help). A serious or critical
violation fails the test with the rule, the elements and axe's summary; moderate and
minor ones are only printed (pytest -s shows them).

axe-core is pinned and integrity-checked in build.py (build.AXE) like the runtime, and
injected by the test only: dist/ holds no test code.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pytest

import build
from e2e.support import (
    in_each_language,
    open_game,
    open_with_storage,
    play_first_playable,
    play_hand,
    play_to,
    save_text,
    tap,
    wait_your_turn,
)
from spades import PRESETS, Game, Phase

FAST = "speed=instant&level=easy"
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
FAILING = ("serious", "critical")

# Resolves once the page is still: every finite animation or transition has ended (the
# thinking dots loop forever and are left alone), then two frames for the renders.
SETTLED = """async () => {
    const finite = document.getAnimations().filter(
        (a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity);
    await Promise.allSettled(finite.map((a) => a.finished));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
}"""

# A style sheet added under the page's Content-Security-Policy (no inline <style>).
ADOPT_STYLE = """(css) => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}"""

# axe cannot measure text over a gradient (it reports "needs review", not a violation),
# and all the table's text sits on the felt's gradients. So the scan sees each gradient
# as its lightest colour, the worst case for the table's light text.
WORST_CASE_FELT = """
.felt { background: var(--felt-light) !important; }
.hand-zone { background: var(--felt-dark) !important; }
"""

SCAN = """async () => {
    const results = await axe.run(document, {resultTypes: ['violations']});
    return results.violations.map((v) => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map((n) => ({
            impact: n.impact, target: n.target.map(String), summary: n.failureSummary,
        })),
    }));
}"""


@functools.cache
def axe_source() -> str:
    return build.fetch_axe().read_text(encoding="utf-8")


class Scanner:
    """Scans the page at each size and keeps every violation, to report them all at once."""

    def __init__(self, page: Any) -> None:
        self.page = page
        page.set_viewport_size(dict(zip(("width", "height"), SIZES["desktop"], strict=True)))
        self.failures: list[str] = []
        self.minor: list[str] = []
        self.scanned: list[str] = []

    def __call__(self, screen: str) -> None:
        page = self.page
        before = page.viewport_size
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate(SETTLED)
            if not page.evaluate("() => typeof axe !== 'undefined'"):
                # The page's Content-Security-Policy refuses inline <script> and <style>
                # tags: axe runs through eval (the policy allows it, for PyScript), and
                # the worst-case felt is a constructed style sheet.
                page.evaluate("(source) => (0, eval)(source)", axe_source())
                page.evaluate(ADOPT_STYLE, WORST_CASE_FELT)
            where = f"{screen} @ {size}"
            self.scanned.append(where)
            for violation in page.evaluate(SCAN):
                # One entry per rule, impact and failure summary, with all its elements.
                groups: dict[tuple[str, str], list[str]] = {}
                for node in violation["nodes"]:
                    key = (node["impact"] or violation["impact"], node["summary"] or "")
                    groups.setdefault(key, []).append(" ".join(node["target"]))
                for (impact, summary), targets in groups.items():
                    line = (f"{where}: {violation['id']} ({impact}) {violation['help']}\n"
                            f"    at {', '.join(targets)}\n"
                            f"    {summary.replace(chr(10), chr(10) + '    ')}")
                    (self.failures if impact in FAILING else self.minor).append(line)
        page.set_viewport_size(before)  # the test goes on at the size it chose

    def dialog(self, opener: str, dialog: str, screen: str, showing: str = "") -> None:
        """Open a dialog with the button ``opener`` and scan it once it shows the
        selector ``showing``; then close it with Escape."""
        self.page.locator(opener).first.click()
        self.page.wait_for_selector(f"{dialog}[open] {showing}")
        self(screen)
        self.page.keyboard.press("Escape")
        self.page.wait_for_selector(dialog, state="hidden")

    def check(self) -> None:
        print(f"\naxe {build.AXE.version}: scanned {len(self.scanned)} screens")
        if self.minor:
            print("moderate and minor (not failing):\n" + "\n".join(self.minor))
        if self.failures:
            pytest.fail(f"{len(self.failures)} serious or critical accessibility violations:\n"
                        + "\n".join(self.failures), pytrace=False)


def test_axe_is_a_test_asset_only() -> None:
    assert build.AXE in build.TEST_ASSETS and build.AXE not in build.RUNTIMES
    assert not any(path.name.startswith("axe") for path in build.DIST.rglob("*"))


LANGUAGES = ("de", "en")
"""English, and German, whose labels run longest: each screen in both, the language changed
in the page as Options does (one game, not one per language: issue 28)."""


def test_bidding_play_and_the_dialogs(page: Any) -> None:
    scan = Scanner(page)
    open_game(page, f"seed=2&{FAST}")  # seed 2: you bid first
    assert wait_your_turn(page) == "bid"
    for lang in in_each_language(page, LANGUAGES):
        scan(f"bidding ({lang})")
        scan.dialog('header [data-action="options"]', "#options", f"options ({lang})")
        scan.dialog('header [data-action="ask-new-game"]', "#confirm-new",
                    f"new-game confirmation ({lang})")
        scan.dialog('header [data-action="help"]', "#help", f"help ({lang})")
        page.locator('header [data-action="options"]').click()
        scan.dialog('#options [data-action="today"]', "#today", f"today's game ({lang})")
        page.keyboard.press("Escape")
        page.wait_for_selector("#options", state="hidden")
    page.locator('[data-bid="3"]').click()
    page.wait_for_selector("#bids", state="hidden")
    # Play until a trick is over and you are to play to the next one, on cards.
    while True:
        assert wait_your_turn(page) == "play"
        on_trick = page.locator("#trick [data-card]").count()
        if on_trick and page.locator("#last-trick-button").is_enabled():
            break
        play_first_playable(page)
    # Tap a card you may not play, for the notice that explains why (tapped again in each
    # language: a change of language drops the notice of a moment past).
    refused = page.locator("#hand [data-card]:not([data-playable])")
    assert refused.count() > 0
    for lang in in_each_language(page, LANGUAGES):
        card = refused.first.get_attribute("data-card")
        tap(page, f'#hand [data-card="{card}"]')
        page.wait_for_selector("#notice:not(:empty)")
        # Issue 45: said disabled, its description the very reason the tap was given.
        assert refused.first.get_attribute("aria-disabled") == "true"
        described = refused.first.get_attribute("aria-description")
        assert described == page.locator("#notice").text_content(), lang
        scan(f"mid-play ({lang})")
        scan.dialog('header [data-action="last-trick"]', "#last-trick",
                    f"last trick ({lang})", "[data-card]")
        scan.dialog('header [data-action="sheet"]', "#sheet", f"score sheet, no hand yet ({lang})")
    # Home and End within the hand: its first and its last card.
    cards = page.locator("#hand [data-card]")
    cards.nth(1).focus()
    page.keyboard.press("End")
    assert page.evaluate("() => document.activeElement.dataset.card") == cards.last.get_attribute(
        "data-card")
    page.keyboard.press("Home")
    assert page.evaluate("() => document.activeElement.dataset.card") == cards.first.get_attribute(
        "data-card")
    scan.check()


def test_blind_nil_choice_and_exchange(page: Any) -> None:
    scan = Scanner(page)
    open_game(page, f"seed=1&table=blind-nil&{FAST}")
    page.wait_for_selector('[data-bid="blind"]')
    assert page.locator('#hand [data-face-down="true"]').count() == 13
    scan("blind nil choice")
    page.locator('[data-bid="blind"]').click()
    page.wait_for_selector('[data-action="pass"]')
    assert page.locator('#hand [data-new="true"]').count() == 3
    scan("blind nil exchange")
    cards = page.locator("#hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    for card in cards[:3]:
        tap(page, f'#hand [data-card="{card}"]')
    page.wait_for_selector('[data-action="pass"]:enabled')
    scan("blind nil exchange, three chosen")
    scan.check()


def crafted(page: Any, game: Game, **ui: Any) -> None:
    open_with_storage(page, {"spades.game": save_text(game, **ui)}, FAST)
    page.wait_for_selector("#summary:not([hidden])")


def until(stop: Callable[[Game], bool], table: str, seed: int) -> Game:
    return play_to(Game.new(PRESETS[table], seed=seed), stop)


def test_summary_score_sheet_and_game_over(page: Any) -> None:
    scan = Scanner(page)
    crafted(page, until(lambda g: len(g.history) == 4, "classic", 21), summary=True)
    scan("hand summary")
    scan.dialog('#summary [data-action="sheet"]', "#sheet", "score sheet", "tbody td")
    crafted(page, until(lambda g: g.phase is Phase.GAME_OVER, "quick", 12))
    assert page.locator("#summary [data-winner]").count() == 1
    scan("game over")
    scan.check()


def test_two_player_tables_pass_and_play_and_the_custom_table(page: Any) -> None:
    import json

    scan = Scanner(page)
    open_game(page, f"table=two-handed&seed=6&{FAST}")
    page.wait_for_selector('#bids [data-bid="blind"]')
    scan("two-handed, Double Nil offered before the top card is seen")
    page.locator('#bids [data-action="look"]').click()
    page.wait_for_selector("#bids [data-draw]")
    scan("two-handed draw")
    page.locator('header [data-action="options"]').click()
    page.wait_for_selector("#options[open]")
    page.locator('#options input[name="custom"]').check()
    page.locator('#options input[name="custom-target"]').fill("5")
    page.locator('#options input[name="custom-target"]').press("Tab")
    page.wait_for_function("() => document.getElementById('custom-target-error').textContent")
    scan("options, custom table with a refused value")
    page.keyboard.press("Escape")
    page.wait_for_selector("#options", state="hidden")
    prefs = {"opponent": "friend", "name1": "Ana", "name2": "Bruno", "clock": False}
    open_with_storage(page, {"spades.prefs": json.dumps(prefs)}, "table=duel&seed=4&" + FAST)
    page.wait_for_function("() => !document.getElementById('handoff').hidden || "
                           "document.querySelector('[data-draw]')")
    if page.locator("#handoff").is_hidden():
        page.locator('[data-draw="keep"]').click()
        page.wait_for_selector("#bids [data-reveal]")
        scan("pass and play, the card kept's neighbour going to the discards")
        page.locator('#bids [data-action="reveal-ok"]').click()
        page.wait_for_selector("#handoff", state="visible")
    scan("pass and play, the handoff")
    scan.check()


def test_a_links_question_the_opponent_offer_and_todays_game_over(page: Any) -> None:
    """Issue 27's screens: Options' offer of a game with the opponent just chosen, a
    link's question over a game in progress (in German), and today's game over with
    Share."""
    from e2e.support import DAY, NOON
    from e2e.test_links import last_card_of_a_daily_game

    scan = Scanner(page)
    open_game(page, f"table=duel&seed=9&lang=de&{FAST}")
    page.locator('header [data-action="options"]').click()
    page.wait_for_selector("#options[open]")
    page.locator('#options input[name="opponent"][value="friend"]').check()
    page.wait_for_selector("#opponent-now:not([hidden])")
    scan("options, the offer of a game with a friend now")
    page.keyboard.press("Escape")
    page.wait_for_selector("#options", state="hidden")
    play_hand(page, plays=0)  # your draws and bid: a game in progress
    open_game(page, "table=classic&seed=2")
    page.wait_for_selector("#confirm-link[open]")
    scan("a link's question over a game in progress")
    page.keyboard.press("Escape")
    page.wait_for_selector("#confirm-link", state="hidden")

    game = last_card_of_a_daily_game(DAY)
    page.clock.set_fixed_time(NOON)
    open_with_storage(page, {"spades.game": save_text(
        game, level="medium", daily=True, day=DAY.isoformat(),
        par=[[number, 0] for number in range(len(game.history))])}, FAST + "&par=6")
    assert wait_your_turn(page) == "play"
    page.locator('#hand [data-playable="true"]').first.click()
    page.wait_for_selector('#summary [data-action="share"]', timeout=30_000)
    scan("today's game over, with Share")
    scan.check()


def test_the_online_dialog_and_an_online_table(open_page: Any) -> None:
    """A friend online: the dialog with its codes, and the table during the draw with
    the connection's line."""
    from e2e.test_online import choose_online, exchange_codes, make_invitation

    host, guest = open_page(), open_page()
    scan = Scanner(host)
    for page in (host, guest):
        open_game(page, "table=duel&speed=instant")
        choose_online(page)
    invitation = make_invitation(host)
    scan("the online dialog, the invitation made")
    exchange_codes(host, guest, invitation)
    host.wait_for_selector("#connection:not([hidden])")
    scan("the online table")
    scan.check()
