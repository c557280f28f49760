"""When the page cannot start: "Something went wrong", with a way on, never a page that
waits forever."""

from __future__ import annotations

import contextlib
from typing import Any

import store
from pyodide.ffi import create_proxy
from pyscript import window
from room import ROOT, element, translate_page
from store import text_or_none
from tabs import PAINT_KEY


def show_failure(error: BaseException) -> None:
    """Start-up failed: say so, with two ways out, rather than a page never ready."""
    import traceback

    window.console.error("Spades could not start:\n" + "".join(
        traceback.format_exception(error)))
    with contextlib.suppress(Exception):
        translate_page()  # the panel in the player's words, if the catalogs are up
    element("loading").hidden = True
    element("app").setAttribute("inert", "")
    element("failed").hidden = False
    element("failed").addEventListener("click", create_proxy(on_failure_click))
    element("failed-new").focus()
    ROOT.dataset.ready = "failed"


def on_failure_click(event: Any) -> None:
    """"Start a new game" sets the saved game aside; "Reset saved data" sets it aside and
    forgets everything else the page keeps (options, statistics); then the page starts
    again."""
    button = event.target.closest("[data-action]")
    action = text_or_none(button.getAttribute("data-action")) if button else None
    if action not in ("fresh-start", "reset-data"):
        return
    with contextlib.suppress(Exception):
        kept = window.localStorage.getItem(store.GAME_KEY)
        if isinstance(kept, str):
            window.localStorage.setItem(store.BROKEN_KEY, kept)
        window.localStorage.removeItem(store.GAME_KEY)
        window.localStorage.removeItem(PAINT_KEY)
        if action == "reset-data":
            names = [str(window.localStorage.key(i)) for i in range(window.localStorage.length)]
            for name in names:
                if name.startswith("spades.") and not name.endswith(".broken"):
                    window.localStorage.removeItem(name)
    window.location.reload()
