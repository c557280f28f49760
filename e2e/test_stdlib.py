"""The trimmed standard library (issue 11) in Chromium: the page is served the
python_stdlib.zip that build.py cut down to ``build.STDLIB_KEEP``, and whole games at two
tables (four players in German, and the Duel), each hand's par (the par worker) and Expert
(the AI worker) run on it with no module missing.

A missing module shows as a ModuleNotFoundError: on the page, an uncaught error, which the
guard of e2e/conftest.py fails on (page errors, console errors, tracebacks, .py-error);
in a worker, the page falls back (Hard instead of Expert, no par) and says so with a
console warning, which this test fails on. tests/test_stdlib.py holds the page's own
imports to STDLIB_KEEP without a browser.
"""

from __future__ import annotations

import io
import json
import os
import re
import tarfile
import urllib.request
import zipfile
from dataclasses import replace
from typing import Any

import pytest

import build
from e2e.support import (
    open_with_storage,
    play_to_game_over,
    save_text,
    saved_game,
    wait_all_par,
    wait_your_turn,
)
from spades import PRESETS, Game, Phase

MISSING = re.compile(r"ModuleNotFoundError|No module named|ImportError|worker failed|"
                     r"par failed")
"""What a console line says when an import failed, on the page or in a worker."""


def original_stdlib() -> bytes:
    """python_stdlib.zip as the pinned Pyodide tarball has it (the cached, checked one)."""
    runtime = next(r for r in build.RUNTIMES if r.name == "pyodide")
    with tarfile.open(build.fetch_runtime(runtime), "r:gz") as tar:
        member = tar.extractfile("package/python_stdlib.zip")
        assert member is not None
        return member.read()


def test_the_page_is_served_the_trimmed_standard_library(site_url: str) -> None:
    if os.environ.get("SPADES_FULL_STDLIB") == "1":
        pytest.skip("SPADES_FULL_STDLIB=1 ships the whole standard library")
    with urllib.request.urlopen(site_url + build.STDLIB_ZIP) as response:
        served = response.read()
    original = original_stdlib()
    with zipfile.ZipFile(io.BytesIO(served)) as trimmed, \
            zipfile.ZipFile(io.BytesIO(original)) as whole:
        # Compiled (build.PYC_ON): each x.py is shipped as x.pyc, in the same order.
        c = "c" if build.PYC_ON else ""
        assert trimmed.namelist() == [
            name + c if name.endswith(".py") else name
            for name in sorted(name for name in whole.namelist() if build.stdlib_kept(name))]
        assert trimmed.testzip() is None
        assert f"encodings/utf_8.py{c}" in trimmed.namelist()
        assert f"_pyodide/__init__.py{c}" in trimmed.namelist()
        assert f"pyodide/webloop.py{c}" in trimmed.namelist()
    # Bytecode zips to about twice its source's bytes.
    share = 0.65 if build.PYC_ON else 0.4
    assert len(served) < len(original) * share, (len(served), len(original))


def watch_console(page: Any) -> list[str]:
    """Every console line of the page and its workers, whatever its type."""
    lines: list[str] = []
    page.on("console", lambda message: lines.append(f"[{message.type}] {message.text}"))
    return lines


def short_game(table: str, seed: int) -> str:
    """A new game of ``table`` played to 100 points (a custom table): a whole game in a
    few hands."""
    return save_text(Game.new(replace(PRESETS[table], target=100), seed=seed))


def test_whole_games_at_two_tables_and_expert_find_every_module(page: Any) -> None:
    console = watch_console(page)
    # Four players, in German (gettext and its catalog), the par after every hand.
    prefs = json.dumps({"version": 1, "par": True, "lang": "de", "clock": False})
    open_with_storage(page, {"spades.prefs": prefs, "spades.game": short_game("classic", 5)},
                      "speed=instant&level=easy&par=4")
    assert page.evaluate("() => document.documentElement.lang") == "de"
    play_to_game_over(page)
    over = saved_game(page)
    assert over.phase is Phase.GAME_OVER and over.rules.players == 4
    print(f"\nfour players: game over after {len(over.history)} hands, {over.scores}")
    wait_all_par(page)
    assert page.evaluate("() => document.documentElement.dataset.parWorker") == "ready"
    page.locator('#summary [data-action="sheet"]').click()
    page.wait_for_selector("#sheet[open]")
    page.keyboard.press("Escape")

    # The Duel (two players, the draw from the stock), with its par too.
    prefs = json.dumps({"version": 1, "par": True, "clock": False})
    stats = page.evaluate("() => localStorage.getItem('spades.stats')")
    open_with_storage(page, {"spades.prefs": prefs, "spades.stats": stats,
                             "spades.game": short_game("duel", 4)},
                      "speed=instant&level=easy&par=4")
    play_to_game_over(page)
    over = saved_game(page)
    assert over.phase is Phase.GAME_OVER and over.rules.players == 2
    print(f"the Duel: game over after {len(over.history)} hands, {over.scores}")
    wait_all_par(page)
    stats = json.loads(page.evaluate("() => localStorage.getItem('spades.stats')"))
    assert len(stats["games"]) == 2

    # Expert, in the AI worker: West bids first in seed 3, so Expert moves before you.
    open_with_storage(page, {}, "seed=3&level=expert&speed=instant")
    assert wait_your_turn(page, timeout=120_000) in ("bid", "play")
    assert page.evaluate("() => document.documentElement.dataset.worker") == "ready"
    assert saved_game(page).actions, "Expert made no move"

    failed = [line for line in console if MISSING.search(line)]
    assert not failed, failed
