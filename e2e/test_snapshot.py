"""The memory snapshot (build.py write_snapshot, web/start.mjs): a return visit starts
from it, new games still get fresh seeds, and a bad snapshot falls back to a normal start."""

from __future__ import annotations

import os
from typing import Any

import pytest

import build
from e2e.conftest import check_guard, guarded_context, watch_page
from e2e.support import READY_TIMEOUT_MS, close_door, open_game, saved_record

pytestmark = pytest.mark.skipif(not build.SNAPSHOT_ON, reason="built without SPADES_SNAPSHOT=1")


def new_game(page: Any) -> int:
    page.locator('#tools [data-action="ask-new-game"]').click()
    if page.locator("#confirm-new").is_visible():
        page.locator('#confirm-new [data-action="confirm-new-game"]').click()
    page.wait_for_selector("#confirm-new", state="hidden")
    return saved_seed(page)


def saved_seed(page: Any) -> int:
    import json

    game = saved_record(page)["game"]
    return int(json.loads(game)["seed"] if isinstance(game, str) else game["seed"])


def started_from_snapshot(page: Any) -> bool:
    return bool(page.evaluate("() => document.documentElement.dataset.snapshot !== undefined"))


def test_return_visits_start_from_the_snapshot_and_deal_new_games(
        browser: Any, site_url: str) -> None:
    context, guard = guarded_context(browser, site_url, plain=True, service_workers="allow")
    try:
        page = context.new_page()
        watch_page(page, guard)
        open_game(page)
        assert not started_from_snapshot(page)  # a first visit never waits for it
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        seeds = set()
        for _ in range(2):
            page.reload()
            page.wait_for_selector("html[data-ready]", state="attached",
                                   timeout=READY_TIMEOUT_MS)
            close_door(page)
            assert started_from_snapshot(page)
            seeds.add(new_game(page))
        assert len(seeds) == 2, seeds
        check_guard(guard, page)
    finally:
        context.close()


def test_a_damaged_snapshot_falls_back_to_a_normal_start(browser: Any, site_url: str) -> None:
    context, guard = guarded_context(browser, site_url, plain=True)
    try:
        page = context.new_page()
        watch_page(page, guard)
        name = next((build.DIST / "pyodide").glob("snapshot-*.bin.gz")).name
        page.goto("./build.json")
        page.evaluate("""async (url) => {
            const junk = new Uint8Array(1 << 16).fill(7);
            const gz = new Response(new Blob([junk]).stream()
                .pipeThrough(new CompressionStream('gzip')));
            await (await caches.open('junk')).put(url, gz);
        }""", f"./pyodide/{name}")
        open_game(page)
        assert not started_from_snapshot(page)
        check_guard(guard, page)
    finally:
        context.close()


@pytest.mark.skipif(os.environ.get("SPADES_E2E_SNAPSHOT") != "1",
                    reason="SPADES_E2E_SNAPSHOT=1 runs the suite on the snapshot")
def test_with_spades_e2e_snapshot_pages_start_from_it(page: Any) -> None:
    open_game(page)
    assert started_from_snapshot(page)
