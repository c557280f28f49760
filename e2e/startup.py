"""Page start-up benchmark (a command, not a test): how long until html[data-ready], and
how many bytes a first visit transfers, for the game page against a bare PyScript page.

    python -m e2e.startup [--runs N]      (or: python e2e/startup.py [--runs N])

Builds dist/ (unless SPADES_SKIP_BUILD=1), serves it on loopback, and loads index.html
and bare.html alternately, each in a fresh browser profile (a new temporary user-data
dir: empty disk cache, no service worker), so every run is a first visit. A profile with
a disk cache, not an incognito context, because the in-memory cache of an incognito
context does not keep the 9.6 MB wasm, so the AI worker's second interpreter would
download it again and the byte count would not be what a real visitor transfers.
Time is the page's own clock: from navigation start to the moment html[data-ready] is
set. Prints medians and the ratio; a person reads them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `e2e` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from e2e.support import READY_TIMEOUT_MS, chromium_options, is_local, serve_dist

PAGES = {"index": "./index.html", "bare": "./bare.html"}

# Records, by the page's clock, when html[data-ready] first appears.
MARK_READY = """
new MutationObserver((_, observer) => {
  if (document.documentElement && document.documentElement.dataset.ready) {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
"""


def visit(playwright: Any, base_url: str, path: str) -> tuple[float, int, int, list[str]]:
    """One first visit: (ms to ready, bytes transferred, requests, off-origin URLs)."""
    with tempfile.TemporaryDirectory(prefix="spades-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, base_url=base_url, service_workers="block", **chromium_options()
        )
        try:
            return measure(context, path)
        finally:
            context.close()


def measure(context: Any, path: str) -> tuple[float, int, int, list[str]]:
    """Open path in the context and measure until html[data-ready]."""
    context.add_init_script(MARK_READY)
    sizes: list[int] = []
    off_origin: list[str] = []

    def finished(request: Any) -> None:
        size = request.sizes()
        sizes.append(size["responseBodySize"] + size["responseHeadersSize"])

    context.on("requestfinished", finished)
    context.on("request", lambda r: None if is_local(r.url) else off_origin.append(r.url))
    page = context.new_page()
    page.goto(path)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    ready_ms = float(page.evaluate("window.__readyAt"))
    return ready_ms, sum(sizes), len(sizes), off_origin


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Measure page start-up time and bytes.")
    parser.add_argument("--runs", type=int, default=5, help="runs per page (default: 5)")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    times: dict[str, list[float]] = {name: [] for name in PAGES}
    transfer: dict[str, tuple[int, int]] = {}
    off_origin: list[str] = []
    with serve_dist() as base_url, sync_playwright() as playwright:
        for run in range(args.runs):
            order = list(PAGES) if run % 2 == 0 else list(reversed(PAGES))
            for name in order:
                ms, size, count, stray = visit(playwright, base_url, PAGES[name])
                times[name].append(ms)
                transfer.setdefault(name, (size, count))
                off_origin += stray
                print(f"run {run + 1} {name:5}: {ms:7.0f} ms", flush=True)

    print()
    print(f"{'page':6} {'median ms':>10} {'min ms':>8} {'max ms':>8} {'first visit':>14}")
    for name in PAGES:
        size, count = transfer[name]
        print(
            f"{name:6} {statistics.median(times[name]):10.0f} {min(times[name]):8.0f} "
            f"{max(times[name]):8.0f} {size / 1e6:9.2f} MB in {count} requests"
        )
    index, bare = (statistics.median(times[name]) for name in ("index", "bare"))
    print(
        f"ratio index/bare: time {index / bare:.2f}x, bytes "
        f"{transfer['index'][0] / transfer['bare'][0]:.2f}x"
    )
    if off_origin:
        print(f"OFF-ORIGIN REQUESTS ({len(off_origin)}): {sorted(set(off_origin))}")


if __name__ == "__main__":
    main()
