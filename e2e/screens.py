"""Screenshots of the table for a person to look at (a command, not a test).

    python -m e2e.screens [--out DIR]

At 1280x800 and 390x844: bidding, mid-trick, the hand summary, the score sheet, the
game-over screen and Help. Crafted saves (made here with the engine) reach the later
screens at once.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from e2e.support import (
    launch_chromium,
    open_game,
    open_with_storage,
    play_first_playable,
    play_to,
    save_text,
    serve_dist,
    wait_your_turn,
)
from spades import PRESETS, Game, Phase

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def shots(browser, base: str, out: Path, name: str, size: tuple[int, int]) -> None:
    width, height = size
    phone = width < 640
    context = browser.new_context(base_url=base, viewport={"width": width, "height": height},
                                  is_mobile=phone, has_touch=phone, service_workers="block")
    page = context.new_page()
    page.on("console", lambda m: print("console:", m.type, m.text) if m.type == "error" else None)

    def snap(what: str) -> None:
        page.wait_for_timeout(400)
        page.screenshot(path=str(out / f"{name}-{what}.png"))

    open_game(page, "seed=2&speed=instant&level=easy")
    wait_your_turn(page)
    snap("1-bidding")
    page.locator('[data-bid="3"]').click()
    wait_your_turn(page)
    play_first_playable(page)
    while wait_your_turn(page) == "play":
        if page.locator("#trick [data-card]").count() >= 2:
            break
        play_first_playable(page)
    snap("2-mid-trick")

    game = play_to(Game.new(PRESETS["classic"], seed=21), lambda g: len(g.history) == 4)
    record = game.history[-1]
    open_with_storage(page, {"spades.game": save_text(game, summary=True,
                                                      last_trick=[], last_winner=None)})
    snap("3-summary")
    page.locator('#summary [data-action="sheet"]').click()
    snap("4-sheet")
    del record

    over = play_to(Game.new(PRESETS["quick"], seed=12), lambda g: g.phase is Phase.GAME_OVER)
    open_with_storage(page, {"spades.game": save_text(over)})
    snap("5-game-over")
    page.locator('#summary [data-action="sheet"]').click()
    snap("5b-game-over-sheet")
    page.keyboard.press("Escape")
    page.locator('[data-action="help"]').click()
    snap("6-help")
    context.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "artifacts")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with serve_dist() as base, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        for name, size in SIZES.items():
            shots(browser, base, args.out, name, size)
        browser.close()
    print(f"screenshots in {args.out}")


if __name__ == "__main__":
    main()
