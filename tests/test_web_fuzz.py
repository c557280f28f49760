"""Five hundred mutations of a real save and of real preferences (tests/mutations.py), read
by the page's own modules as main.py reads them at start-up (web/store.py), then drawn
(web/table.py, web/render.py): nothing raises; what is kept is a game the engine accepts
and saves again unchanged; what is refused is set aside, never lost, with the notice.

The same mutations are loaded in Chromium twenty times (e2e/test_fuzz.py), for what only
the page shows: the notice, a page never stuck, Pyodide's own limits.
"""

from __future__ import annotations

import random
from collections import Counter

import render
import store
import table
from prefs import Prefs

from tests.mutations import MUTATORS, REAL_PREFS, real_save
from tests.test_web_table import MemoryStorage

MUTATIONS = 500


def drawn(view: table.TableView) -> str:
    """The table's HTML, as the page draws it for this view."""
    parts = [render.hand_html(view), render.scores_html(view), render.bids_html(view),
             render.trick_html(view.trick), render.piles_html(view)]
    parts += [render.seat_html(seat, view.players) for seat in view.seats]
    return "".join(parts)


def read_as_the_page(storage: MemoryStorage, save_text: str) -> str:
    """Reads the storage at start-up; returns what became of the save and the
    preferences."""
    prefs, prefs_broken = store.read_prefs(storage)
    assert isinstance(prefs, Prefs)
    if prefs_broken:
        assert storage.getItem(store.BROKEN_PREFS_KEY) is not None
    return read_save_as_the_page(storage, save_text, prefs) + (
        ", settings set aside" if prefs_broken else "")


def read_save_as_the_page(storage: MemoryStorage, save_text: str, prefs: Prefs) -> str:
    game, ui, problem = store.load_game(storage, prefs.level)
    if game is None:
        assert problem in (store.BROKEN_MESSAGE, store.OTHER_VERSION_MESSAGE)
        assert storage.getItem(store.BROKEN_KEY) == save_text  # set aside, not lost
        assert storage.getItem(store.GAME_KEY) is None
        return "set aside"
    assert ui is not None and problem == ""
    assert drawn(table.table_view(game, prefs, ui))
    again = MemoryStorage()
    store.save_game(again, game, ui)
    game_again, ui_again, _problem = store.load_game(again, prefs.level)
    assert game_again is not None and game_again.to_json() == game.to_json()
    assert ui_again == ui
    return "kept"


def test_any_mutation_is_read_kept_whole_or_set_aside() -> None:
    rng = random.Random(2026)
    save = real_save()
    outcomes: Counter[tuple[str, str, str]] = Counter()
    for trial in range(MUTATIONS):
        mutate = MUTATORS[trial % len(MUTATORS)]
        key = store.GAME_KEY if trial % 2 == 0 else store.PREFS_KEY
        storage = MemoryStorage()
        storage.setItem(store.GAME_KEY, save)
        storage.setItem(store.PREFS_KEY, REAL_PREFS)
        mutated = mutate(save if key == store.GAME_KEY else REAL_PREFS, rng)
        storage.setItem(key, mutated)
        outcome = read_as_the_page(storage, storage.getItem(store.GAME_KEY) or "")
        outcomes[key, mutate.__name__, outcome] += 1
    # Both ends were reached: mutations the save survives (its UI state damaged, or
    # the preferences') and mutations that set it aside.
    assert outcomes[store.GAME_KEY, "huge_string", "kept"], outcomes
    assert outcomes[store.GAME_KEY, "wrong_type", "set aside"], outcomes
    assert outcomes[store.PREFS_KEY, "nesting", "kept, settings set aside"], outcomes
    assert outcomes[store.PREFS_KEY, "wrong_type", "kept"], outcomes
