"""Storage and tabs: the save after every move, another tab's save, the kept paint."""

from __future__ import annotations

import contextlib
import json
from dataclasses import replace
from typing import Any

import i18n
import stats
import store
from i18n import _
from pyscript import window
from room import (
    Room,
    element,
    storage,
)
from store import text_or_none

PAINT_KEY = "spades.paint"
PAINT_VERSION = 1
PAINTED_PARTS = (".bar", ".felt", ".hand-zone")
"""The table's parts web/paint.js paints on the next visit, in its order."""


class Tabs(Room):
    def save(self) -> None:
        now = window.performance.now()
        saved_clock = self.clock.to_dict(now) if self.clock is not None else None
        self.ui = replace(self.ui, clock=saved_clock, selected=tuple(sorted(self.selected)))
        if self.ui.online:  # kept apart, with its protocol's state (online.py)
            self.online_save()
            return
        if not self.saving or self.elsewhere:
            return
        try:
            if store.stored_rev(storage) != self.rev:  # another tab has saved since
                self.continue_elsewhere()
                return
            store.save_game(storage, self.game, self.ui, self.rev + 1)
            self.rev += 1
        except Exception:  # storage full or refused: play on in memory, say so once
            self.cannot_save()

    def cannot_save(self) -> None:
        if not self.told_unsaved:
            self.told_unsaved = True
            self.notice(_(store.NO_STORAGE_MESSAGE))

    def continue_elsewhere(self) -> None:
        """Another tab has saved the game: this one stops (its computers, its saves) and
        says so; "Continue here" reloads the newest state and takes over."""
        if self.elsewhere:
            return
        self.elsewhere = True
        self.generation += 1  # the computers' loop and a held trick stop
        if self.hurry is not None:
            self.hurry.set()
        self.thinking = None
        dialog = element("elsewhere")
        if not dialog.open:
            dialog.showModal()

    def on_storage(self, event: Any) -> None:
        """Another tab wrote to the storage (a ``storage`` event never comes from this
        tab's own writes)."""
        key = text_or_none(event.key)
        if key == store.GAME_KEY:
            if store.rev_of(text_or_none(event.newValue)) != self.rev:
                self.continue_elsewhere()
        elif key == store.PREFS_KEY:
            self.prefs_changed_elsewhere()
        elif key == stats.STATS_KEY:  # a game recorded there: this tab adds to that record
            self.record.stats = stats.load_stats(storage)

    def prefs_changed_elsewhere(self) -> None:
        """Options changed in another tab apply here too."""
        prefs = store.load_prefs(storage)
        if prefs == self.prefs:
            return
        self.prefs = prefs
        self.apply_motion()
        language = i18n.choose_language(None, prefs.lang, i18n.browser_languages())
        if language != i18n.language():
            self.change_language(language)
        elif element("options").open:
            self.fill_options()
        self.html_cache.clear()
        self.render()

    def keep_paint(self) -> None:
        """Keep this render for the next visit's first paint (web/paint.js paints it
        before Python starts, if it is of the saved game's very move): once a move."""
        game = self.game
        # A finished trick held on the table, then swept, is the same move twice.
        key = (game.seed, len(game.actions), self.ui.summary, self.ui.viewer, i18n.language(),
               self.shown_trick is not None)
        if key == self.painted:
            return
        self.painted = key
        app = element("app")
        record = {
            "version": PAINT_VERSION, "seed": game.seed, "moves": key[1],
            "parts": [str(app.querySelector(part).innerHTML) for part in PAINTED_PARTS],
            "app": {"data-phase": str(app.dataset.phase), "data-players": str(app.dataset.players),
                    "data-your-turn": str(app.dataset.yourTurn),
                    "raise": bool(app.classList.contains("raise-playable"))},
            "lang": i18n.language(), "ready": _("Getting ready…"),
        }
        with contextlib.suppress(Exception):  # a full storage: the next visit paints later
            storage.setItem(PAINT_KEY, json.dumps(record, separators=(",", ":")))
