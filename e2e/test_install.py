"""Installable (issue 11): Chromium finds the site installable, and the icons are right.

Chromium never calls a page installable in an off-the-record profile (errorId
"in-incognito"), and every browser.new_context() is one; so the installability test runs in
a persistent context (a fresh profile in a temporary folder) from the session's browser
type, guarded like e2e.conftest.guarded_context, with service workers allowed.
"""

from __future__ import annotations

import json
import math
import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageColor

import build
from e2e.conftest import guarded_persistent_page
from e2e.support import open_game
from tools import icons

MANIFEST = json.loads((build.WEB / "manifest.webmanifest").read_text(encoding="utf-8"))
PNG_ICONS = {name: (size, purpose) for name, size, purpose in (
    ("icon-192.png", 192, "any"),
    ("icon-512.png", 512, "any"),
    ("icon-maskable-512.png", 512, "maskable"),
)}


@pytest.fixture
def installable_page(browser: Any, site_url: str, tmp_path: Path) -> Iterator[Any]:
    """A page in a persistent (not off-the-record) context, service workers allowed."""
    with guarded_persistent_page(browser, site_url, tmp_path / "profile") as page:
        yield page


def test_chromium_finds_the_site_installable(installable_page: Any) -> None:
    page = installable_page
    open_game(page)
    # register-sw.js registers the worker once the page is ready; it claims the page.
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                           timeout=60_000)
    cdp = page.context.new_cdp_session(page)

    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest")
    assert manifest["errors"] == []
    served = json.loads(manifest["data"])
    assert served == MANIFEST
    listed = {icon["src"].removeprefix("./"): icon for icon in served["icons"]}
    assert listed["icon.svg"]["purpose"] == "any"
    for name, (size, purpose) in PNG_ICONS.items():
        assert listed[name]["sizes"] == f"{size}x{size}", name
        assert listed[name]["type"] == "image/png", name
        assert listed[name]["purpose"] == purpose, name

    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []


def test_manifest_matches_the_page() -> None:
    page = (build.WEB / "index.html").read_text(encoding="utf-8")
    theme = re.search(r'<meta name="theme-color" content="([^"]+)"', page)
    assert theme and theme.group(1).lower() == MANIFEST["theme_color"].lower()
    assert '<link rel="apple-touch-icon" href="./icon-192.png">' in page
    felt = re.search(r"--felt:\s*(#[0-9a-fA-F]{6})", (build.WEB / "table.css").read_text())
    assert felt and felt.group(1).lower() == MANIFEST["background_color"].lower()
    for key in ("id", "start_url", "scope"):
        assert MANIFEST[key] == "./", key
    assert MANIFEST["display"] == "standalone"
    assert MANIFEST["name"] and MANIFEST["short_name"] and MANIFEST["description"]


def test_icons_are_served_as_png_and_precached(site_url: str) -> None:
    worker = (build.DIST / "sw.js").read_text(encoding="utf-8")
    for name in PNG_ICONS:
        assert build.precached(name) and f'"./{name}"' in worker, name
        with urllib.request.urlopen(site_url + name) as response:
            assert response.headers.get_content_type() == "image/png", name


def test_icons_have_the_right_size_and_mode() -> None:
    for name, (size, purpose) in PNG_ICONS.items():
        with Image.open(build.DIST / name) as image:
            assert image.format == "PNG", name
            assert image.size == (size, size), name
            # "any" icons keep the SVG's transparent round corners; maskable is opaque.
            assert image.mode == ("RGB" if purpose == "maskable" else "RGBA"), name
        # Nothing but the image: no time or text chunks that would change every build.
        assert png_chunks(build.DIST / name) <= {"IHDR", "PLTE", "IDAT", "IEND"}, name


def png_chunks(path: Path) -> set[str]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    found, at = set(), 8
    while at < len(data):
        length = int.from_bytes(data[at : at + 4], "big")
        found.add(data[at + 4 : at + 8].decode("ascii"))
        at += 12 + length
    return found


def test_plain_icons_draw_the_svg() -> None:
    """Transparent outside the rounded square, its colour inside, the spade white."""
    svg = (build.WEB / "icon.svg").read_text(encoding="utf-8")
    tile = re.search(r'<rect [^>]*fill="(#[0-9a-fA-F]{6})"', svg)
    assert tile
    for name in ("icon-192.png", "icon-512.png"):
        with Image.open(build.DIST / name) as image:
            n = image.width
            assert image.getpixel((0, 0))[3] == 0, name
            assert image.getpixel((n - 1, n - 1))[3] == 0, name
            assert image.getpixel((n // 2, n // 12)) == (*ImageColor.getrgb(tile.group(1)), 255)
            assert image.getpixel((n // 2, n // 2)) == (255, 255, 255, 255), name


def test_maskable_icon_is_full_bleed_with_the_spade_in_the_safe_zone() -> None:
    background = ImageColor.getrgb(MANIFEST["theme_color"])
    with Image.open(build.DIST / "icon-maskable-512.png") as image:
        n = image.width
        for corner in ((0, 0), (n - 1, 0), (0, n - 1), (n - 1, n - 1)):
            assert image.getpixel(corner) == background, corner
        assert image.getpixel((n // 2, n // 2)) == (255, 255, 255)
        # Every pixel that is not background lies inside the central 80% circle.
        safe = 0.4 * n
        outside = [(x, y) for y in range(n) for x in range(n)
                   if math.hypot(x + 0.5 - n / 2, y + 0.5 - n / 2) > safe
                   and image.getpixel((x, y)) != background]
        assert outside == []


def test_icons_are_drawn_the_same_every_time(tmp_path: Path) -> None:
    """The build id hashes dist/, so the icons must not change from build to build."""
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    icons.write_icons(build.WEB / "icon.svg", first, background=MANIFEST["theme_color"])
    icons.write_icons(build.WEB / "icon.svg", second, background=MANIFEST["theme_color"])
    for name in icons.icon_names():
        assert (first / name).read_bytes() == (second / name).read_bytes(), name
        assert (first / name).read_bytes() == (build.DIST / name).read_bytes(), name
