"""What the record's parts share (record.py assembles them): the table whose record they
keep, the record's state, and the moves one part asks of another."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, Protocol, TypeVar

import marks
import stats
import store
from prefs import Prefs
from pyodide.ffi import to_js
from pyscript import document, window

from spades import Game, Rules

T = TypeVar("T")


class Table(Protocol):
    """What the record needs of the table it keeps (app.App is one): the game on it, its
    state and a few of its moves. The table hands itself over; the record never imports
    the table's module, so the arrows point one way (app -> record)."""

    game: Game
    ui: store.UiState
    prefs: Prefs
    generation: int
    html_cache: dict[str, str]
    replay_target: tuple[int, Rules, str] | None

    def new_game(self, table_name: str | None = None, level: str | None = None,
                 seed: int | None = None, daily: bool = False,
                 rules: Rules | None = None, day: str = "") -> None: ...

    def after_new_game(self) -> None: ...

    def render(self) -> None: ...

    def save(self) -> None: ...

    def notice(self, text: str) -> None: ...

    def announce(self, text: str) -> None: ...

    def fill_sheet(self) -> None: ...

    def focus_table(self) -> None: ...

    def humans(self) -> frozenset[int]: ...

    def online_partner(self) -> tuple[str, str | None] | None: ...

    def spawn(self, coroutine: Coroutine[Any, Any, T]) -> asyncio.Task[T]: ...


def element(ident: str) -> Any:
    return document.getElementById(ident)


def js_object(values: dict[str, Any]) -> Any:
    return to_js(values, dict_converter=window.Object.fromEntries)


class RecordRoom:
    """The record's state, set once, and the moves one of its parts asks of another."""

    def __init__(self, app: Table, storage: store.Storage) -> None:
        self.app = app
        self.storage = storage
        self.stats = stats.load_stats(storage)
        self.par_worker: Any = None
        self.par_unavailable = False  # its worker could not start: no par in this visit
        self.par_simulations = 0  # ?par=N: a smaller budget for tests
        self.par_task: asyncio.Task[None] | None = None
        self.review_game: Game | None = None
        self.review_replays: tuple[Any, ...] = ()
        self.review_hand = 0
        self.review_step = 0
        # The coach's marks (marking.py): those kept, the hands waiting for theirs.
        self.marks_store: marks.Store | None = None
        self.marks_queue: list[tuple[Game, int, int]] = []
        self.marks_task: asyncio.Task[None] | None = None
        self.marks_after_hands = True  # ?coach=0: only when a review asks (tests)
        self.marks_keys: tuple[Game | None, list[str]] = (None, [])  # (game, its hand keys)

    # The moves of the statistics (record.py) that the duplicate par asks for.

    def add_par_to_record(self) -> None:
        raise NotImplementedError

    # The moves of the par (duplicate.py), the review (replay.py) and the coach's marks
    # (marking.py) that the others ask for.

    async def get_par_worker(self) -> Any:
        raise NotImplementedError

    def save_stats(self) -> None:
        raise NotImplementedError

    def show_review(self, announce: bool = True) -> None:
        raise NotImplementedError

    def marks_seat(self) -> int | None:
        raise NotImplementedError

    def marks_of(self, game: Game, hand: int) -> list[Any] | None:
        raise NotImplementedError

    def ask_marks(self, game: Game, hand: int, seat: int) -> None:
        raise NotImplementedError
