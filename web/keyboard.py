"""The keyboard at the table: bids typed as digits, arrows in the grids, the draw's keys."""

from __future__ import annotations

import time
from typing import Any

import hints
import keys
import spoken
from pyscript import document, window
from room import (
    Room,
    element,
)

from spades import (
    Draw,
    Phase,
)


class Keyboard(Room):
    def on_key(self, event: Any) -> None:
        self.gestured = True
        if self.record.review_key(event.key):
            event.preventDefault()
            return
        if document.querySelector("dialog[open]"):
            return
        if self.talk_key(event):  # the React menu, while it is open (web/talk.py)
            event.preventDefault()
            return
        if self.hear_key(event) or self.hint_key(event):
            event.preventDefault()
            return
        key = event.key
        if key == "Escape" and element("menu-button").getAttribute("aria-expanded") == "true":
            self.do_action("menu")  # the compact header's menu closes, as a menu does
            element("menu-button").focus()
            return
        active = document.activeElement
        container = None
        for ident in ("hand", "bids"):
            if active and element(ident).contains(active):
                container = element(ident)
        grid = active.closest(".bid-grid") if active and container else None
        if grid and key in keys.GRID_STEPS:
            self.move_in_grid(grid, key)
            event.preventDefault()
            return
        if container and container.id == "hand" and key in ("Home", "End"):
            cards = list(container.querySelectorAll("button"))
            if cards:  # the first or the last card of your hand
                cards[0 if key == "Home" else -1].focus()
            event.preventDefault()
            return
        if key in ("ArrowLeft", "ArrowRight") or (container and key in ("ArrowUp", "ArrowDown")
                                                  and container.id == "hand"):
            self.move_focus(container, -1 if key in ("ArrowLeft", "ArrowUp") else 1)
            event.preventDefault()
            return
        if self.draw_key(key):
            event.preventDefault()
            return
        bidding = not element("bids").hidden and element("bids").querySelector('[data-bid="1"]')
        if bidding and (key.isdigit() or key in ("+", "-", "=", "_")):
            now = time.monotonic()
            if now - self.bid_buffer_at > 1.5:
                self.bid_buffer = ""
            self.bid_buffer_at = now
            self.bid_buffer, self.picked_bid = keys.pick_bid(self.bid_buffer, key,
                                                             self.picked_bid)
            self.html_cache.pop("bids", None)
            self.render()
            chosen = element("bids").querySelector(f'[data-bid="{self.picked_bid}"]')
            if chosen:
                chosen.focus()
            event.preventDefault()

    def hear_key(self, event: Any) -> bool:
        """T, B and S say the trick on the table, the bids and the score, at any time (not
        with a modifier, nor while typing in a field). True if the key was used."""
        what = spoken.HEAR_KEYS.get(str(event.key).lower())
        if what is None or event.ctrlKey or event.altKey or event.metaKey:
            return False
        active = document.activeElement
        if active and active.closest("input, select, textarea"):
            return False
        between = self.ui.summary or self.game.phase is Phase.GAME_OVER
        self.announce(spoken.hear(what, self.game, self.shown_trick, between))
        return True

    def hint_key(self, event: Any) -> bool:
        """H asks for a hint (web/coaching.py), as the Hint button does (not with a
        modifier, nor while typing in a field). True if the key was used."""
        if (str(event.key) not in hints.HINT_KEYS or event.ctrlKey or event.altKey
                or event.metaKey):
            return False
        active = document.activeElement
        if active and active.closest("input, select, textarea"):
            return False
        self.ask_hint()
        return True

    def draw_key(self, key: str) -> bool:
        """While you draw: K or Enter keeps the top card, D or Delete discards it (Enter
        on a focused button presses that button instead). True if the key was used."""
        if element("bids").hidden or not element("bids").querySelector("[data-draw]"):
            return False
        on_button = document.activeElement and document.activeElement.tagName == "BUTTON"
        keep = key.lower() == "k" or (key == "Enter" and not on_button)
        discard = key.lower() == "d" or key == "Delete"
        if keep or discard:
            self.try_move(Draw(keep))
        return keep or discard

    def move_in_grid(self, grid: Any, key: str) -> None:
        """The arrows in the bid grid: along a row, or up and down a column."""
        buttons = list(grid.querySelectorAll("button"))
        index = next((i for i, el in enumerate(buttons) if el == document.activeElement), 0)
        columns = len(str(window.getComputedStyle(grid).gridTemplateColumns).split()) or 7
        enabled = [not el.disabled for el in buttons]
        buttons[keys.grid_move(index, key, enabled, columns)].focus()

    def move_focus(self, container: Any, step: int) -> None:
        if container is None:
            container = element("bids") if not element("bids").hidden else element("hand")
            items = [el for el in container.querySelectorAll("button") if not el.disabled]
            playable = [el for el in items if el.getAttribute("data-playable") == "true"]
            target = (playable or items or [None])[0]
            if target:
                target.focus()
            return
        items = [el for el in container.querySelectorAll("button") if not el.disabled]
        if not items:
            return
        index = next((i for i, el in enumerate(items) if el == document.activeElement), 0)
        items[(index + step) % len(items)].focus()
