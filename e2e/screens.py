"""Screenshots of the table for a person to look at (a command, not a test).

    python -m e2e.screens [--out DIR] [--languages] [--phases draw,scores]

Every phase of e2e.layout_states (bidding, a trick with a refusal and with four cards
held, the Blind Nil choice and exchange, the hand summary, the score sheet and the Menu
that opens it, the two-player draw and Double Nil offer, three-digit scores) at every size
of its VIEWPORTS, the same screens the layout test checks (``--phases`` takes only the
phases it names);
then, at 1280x800 and 390x844, the game-over screen and Help. Crafted saves (made with
the engine) reach the later screens at once. Then, in each language (English, German,
Spanish, Italian, Portuguese), an illegal card's explanation and Help, at both sizes;
``--languages`` takes only those. And the two-player tables' screens (the Duel's draw
and clock, Double Nil, the replacement, a trick, pass and play, the custom table), at
both sizes: ``--two-players`` takes only those. And the record's screens (today's game,
par, the review, the statistics), at both sizes: ``--record`` takes only those.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from e2e.layout_states import (
    DESKTOP,
    PHASES,
    VIEWPORTS,
    open_menu,
    prepare,
    set_viewport,
    settle,
    states,
)
from e2e.support import (
    build,
    launch_chromium,
    open_with_storage,
    play_to,
    save_text,
    serve_dist,
)
from spades import PRESETS, Game, Phase

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def slug(text: str) -> str:
    return "-".join("".join(c if c.isalnum() else " " for c in text.lower()).split())


def layout_shots(browser, base: str, out: Path, phase: str, locale: str | None = None) -> None:
    """Every viewport at every state of ``phase`` (one page, resized), in the language of
    a browser set to ``locale`` (the names of the files end in it)."""
    context = browser.new_context(base_url=base, service_workers="block",
                                  **({"locale": locale} if locale else {}))
    page = context.new_page()
    page.on("console", lambda m: print("console:", m.type, m.text) if m.type == "error" else None)
    prepare(page)
    for number, state in enumerate(states(page, phase), start=1):
        for viewport in VIEWPORTS:
            set_viewport(page, viewport)
            name = f"{phase}-{number}-{slug(state)}-{viewport.name}"
            if locale:
                name += f"-{locale}"
            if phase == "sheet":
                if open_menu(page):
                    settle(page)
                    page.screenshot(path=str(out / f"{phase}-0-menu-{viewport.name}.png"))
                page.locator('#tools [data-action="sheet"]').click()
                page.wait_for_selector("#sheet[open]")
                settle(page)
                page.screenshot(path=str(out / f"{name}.png"))
                page.keyboard.press("Escape")
                page.wait_for_selector("#sheet", state="hidden")
            else:
                page.screenshot(path=str(out / f"{name}.png"))
        set_viewport(page, DESKTOP)
    context.close()


def device_page(browser, base: str, size: tuple[int, int]):
    """A fresh context and page at ``size`` (a phone below 640 px wide: touch, mobile),
    printing the page's console errors. Returns (context, page)."""
    width, height = size
    phone = width < 640
    context = browser.new_context(base_url=base, viewport={"width": width, "height": height},
                                  is_mobile=phone, has_touch=phone, service_workers="block")
    page = context.new_page()
    page.on("console", lambda m: print("console:", m.type, m.text) if m.type == "error" else None)
    return context, page


def end_shots(browser, base: str, out: Path, name: str, size: tuple[int, int]) -> None:
    """The game-over screen, its score sheet, and Help."""
    context, page = device_page(browser, base, size)

    def snap(what: str) -> None:
        page.wait_for_timeout(400)
        page.screenshot(path=str(out / f"{name}-{what}.png"))

    over = play_to(Game.new(PRESETS["quick"], seed=12), lambda g: g.phase is Phase.GAME_OVER)
    open_with_storage(page, {"spades.game": save_text(over)})
    snap("5-game-over")
    page.locator('#summary [data-action="sheet"]').click()
    snap("5b-game-over-sheet")
    page.keyboard.press("Escape")
    open_menu(page)
    page.locator('#tools [data-action="help"]').click()
    snap("6-help")
    context.close()


def language_shots(browser, base: str, out: Path, lang: str, name: str,
                   size: tuple[int, int]) -> None:
    """In ``lang``: a card refused (its explanation in the notice), then Help."""
    from e2e.layout_states import trick_game

    context, page = device_page(browser, base, size)
    open_with_storage(page, {"spades.game": save_text(trick_game())},
                      f"lang={lang}&speed=slow")
    page.wait_for_selector('#hand [data-playable="true"]')
    refused = page.locator("#hand [data-card]:not([data-playable])").first
    refused.click(position={"x": 8, "y": 14}, force=True)  # (aria-disabled: tapped all the same)
    page.wait_for_selector("#notice:not(:empty)")
    page.wait_for_timeout(400)
    page.screenshot(path=str(out / f"lang-{lang}-{name}-1-refused.png"))
    open_menu(page)
    page.locator('#tools [data-action="help"]').click()
    page.wait_for_selector("#help[open]")
    page.wait_for_timeout(400)
    page.screenshot(path=str(out / f"lang-{lang}-{name}-2-help.png"))
    context.close()


def two_player_shots(browser, base: str, out: Path, name: str, size: tuple[int, int]) -> None:
    """The two-player tables' screens: the Duel's draw with its clock (and in the last
    five seconds), Double Nil offered, the replacement, a trick, pass and play's handoff,
    and the custom table in Options."""
    import json

    def snap(page, what: str) -> None:
        page.wait_for_timeout(400)
        page.screenshot(path=str(out / f"two-{what}-{name}.png"))

    ready = ("() => document.querySelector('#bids:not([hidden]) [data-draw], "
             "#bids:not([hidden]) [data-bid=\"2\"], #bids:not([hidden]) [data-action], "
             "#hand [data-playable=\"true\"]')")
    context, page = device_page(browser, base, size)
    open_with_storage(page, {}, "table=duel&seed=4&speed=fast&level=easy&clock=9")
    page.wait_for_function(ready)
    snap(page, "1-duel-draw")
    page.wait_for_function("() => !!document.querySelector('.seat-clock.warning')")
    snap(page, "2-duel-clock-warning")
    context.close()

    context, page = device_page(browser, base, size)
    open_with_storage(page, {}, "table=two-handed&seed=6&speed=fast&level=easy")
    page.wait_for_function(ready)
    snap(page, "3-double-nil-offered")
    page.locator('#bids [data-bid="blind"]').click()
    for _ in range(13):
        page.wait_for_function(ready)
        page.locator('[data-draw="keep"]').click()
        page.wait_for_timeout(150)
    page.wait_for_selector('#bids [data-action="replace"]')
    for card in page.locator("#hand [data-card]").evaluate_all(
            "els => els.slice(0, 3).map(e => e.dataset.card)"):
        page.locator(f'#hand [data-card="{card}"]').click(position={"x": 8, "y": 14})
    snap(page, "4-replace-three")
    page.locator('#bids [data-action="replace"]').click()
    page.wait_for_function("() => !!document.querySelector('#hand [data-playable=\"true\"], "
                           "#bids:not([hidden]) [data-bid=\"2\"]')")
    for _ in range(3):
        page.wait_for_function(ready)
        playable = page.locator('#hand [data-playable="true"]')
        if playable.count():
            playable.first.click(position={"x": 8, "y": 14})
            break
        page.wait_for_timeout(200)
    page.wait_for_timeout(200)
    snap(page, "5-trick")
    context.close()

    context, page = device_page(browser, base, size)
    prefs = {"opponent": "friend", "name1": "Ana", "name2": "Bruno", "clock": False}
    open_with_storage(page, {"spades.prefs": json.dumps(prefs)}, "table=duel&seed=4&speed=fast")
    page.wait_for_function("() => !document.getElementById('handoff').hidden || "
                           "document.querySelector('[data-draw]')")
    if page.locator("#handoff").is_hidden():
        page.locator('[data-draw="keep"]').click()
        page.wait_for_selector("#bids [data-reveal]")
        snap(page, "6-pass-and-play-discard-seen")
        page.locator('#bids [data-action="reveal-ok"]').click()
        page.wait_for_selector("#handoff", state="visible")
    snap(page, "6-pass-and-play-handoff")
    context.close()

    context, page = device_page(browser, base, size)
    open_with_storage(page, {}, "seed=3&speed=fast&level=easy")
    open_menu(page)
    page.locator('#tools [data-action="options"]').click()
    page.wait_for_selector("#options[open]")
    page.locator('#options input[name="custom"]').check()
    page.locator('#options input[name="custom-target"]').fill("5000")
    page.locator('#options input[name="custom-target"]').press("Tab")
    page.locator("#custom-fields").scroll_into_view_if_needed()
    snap(page, "7-custom-table-options")
    context.close()


def record_shots(browser, base: str, out: Path, name: str, size: tuple[int, int]) -> None:
    """The record's screens: the front door on a first visit, the summary with its par,
    the hand review, the sheet's par column, a finished day's door, the Statistics panel,
    and a Duel hand's review with its draw."""
    from e2e.record_states import TODAY, open_record_screens, open_tool, two_player_review

    context, page = device_page(browser, base, size)

    def snap(what: str) -> None:
        page.wait_for_timeout(300)
        page.screenshot(path=str(out / f"record-{name}-{what}.png"))

    page.clock.set_fixed_time(f"{TODAY.isoformat()}T12:00:00")
    open_with_storage(page, {}, "speed=instant")
    open_tool(page, "today", "today")
    snap("1-door-not-started")
    page.keyboard.press("Escape")
    for number, screen in enumerate(open_record_screens(page, "en"), start=2):
        snap(f"{number}-{slug(screen)}")
    two_player_review(page)
    snap("9-duel-review-with-the-draw")
    context.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "artifacts")
    parser.add_argument("--languages", action="store_true",
                        help="only the screens of each language")
    parser.add_argument("--two-players", action="store_true",
                        help="only the screens of the two-player tables")
    parser.add_argument("--record", action="store_true",
                        help="only the record's screens (today's game, par, statistics, "
                             "review)")
    parser.add_argument("--phases", type=lambda text: text.split(","),
                        help=f"only these phases' screens at every size "
                             f"(comma-separated: {','.join(PHASES)})")
    parser.add_argument("--locale", help="with --phases: the browser's language (de-DE)")
    args = parser.parse_args(argv)
    unknown = set(args.phases or ()) - set(PHASES)
    if unknown:
        parser.error(f"unknown phases: {', '.join(sorted(unknown))}")
    args.out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with serve_dist() as base, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        everything = not (args.languages or args.two_players or args.record or args.phases)
        for phase in args.phases or ():
            layout_shots(browser, base, args.out, phase, args.locale)
        if everything:
            for phase in PHASES:
                layout_shots(browser, base, args.out, phase)
            for name, size in SIZES.items():
                end_shots(browser, base, args.out, name, size)
        if everything or args.two_players:
            for name, size in SIZES.items():
                two_player_shots(browser, base, args.out, name, size)
        if everything or args.record:
            for name, size in SIZES.items():
                record_shots(browser, base, args.out, name, size)
        if everything or args.languages:
            for lang in ("en", *build.TRANSLATED):
                for name, size in SIZES.items():
                    language_shots(browser, base, args.out, lang, name, size)
        browser.close()
    print(f"screenshots in {args.out}")


if __name__ == "__main__":
    main()
