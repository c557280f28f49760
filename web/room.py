"""What every room of the page shares: the table's state, and the moves one room asks of
another.

``app.App`` is the page's one controller, assembled from rooms by what the player does:
the table's flow (flow.py), what the table shows (screen.py), the two-player seats and the
clock (seats.py), meeting a friend online (meeting.py), the online table (online.py), the
dialogs and options (dialogs.py), the keyboard (keyboard.py), storage and tabs (tabs.py),
the hint (coaching.py) and table talk (talk.py). Each room is a class on ``Room``; ``Room``
declares the state ``App.__init__`` sets and the moves each room calls in another, so a
room reads as what it does and type-checks alone, and no room imports another.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

import clock
import hints
import i18n
import peer
import pool
import reactions
import record
import sounds
import store
import table
from i18n import _
from prefs import Prefs
from pyscript import document, window
from store import text_or_none

from spades import PRESETS, Action, Game, Rules

T = TypeVar("T")
ROOT = document.documentElement
HOLD_MS = {"slow": 1100, "normal": 750, "fast": 320, "instant": 0}
"""How long a finished trick stays on the table before the sweep, by speed."""
REVEAL_MS = {"slow": 3000, "normal": 2200, "fast": 1200, "instant": 0}
"""Against the computer: how long the card you saw go to the discards after Keep stays
face up before the opponent draws (OK cuts it short; at instant speed the notice says it).
At pass and play it stays until OK, as the cover must not come up before you have seen it."""


def element(ident: str) -> Any:
    return document.getElementById(ident)


def deal_link(game: Game) -> str:
    """A link that deals this game again (?seed=, ?table=): relative to this page, so it
    works wherever the site is served. A custom table's settings are not in the link."""
    key = next((name for name, preset in PRESETS.items() if preset.name == game.rules.name),
               "classic")
    return f"{window.location.pathname}?seed={game.seed}&table={key}"


def drop_query_parameters(*names: str) -> None:
    """Take parameters out of the page's address (without reloading it)."""
    params = window.URLSearchParams.new(window.location.search)
    for name in names:
        params.delete(name)
    query = params.toString()
    path = window.location.pathname + (f"?{query}" if query else "") + window.location.hash
    window.history.replaceState(None, "", path)


def translate_page() -> None:
    """Write the page's own words (index.html) in the current language: the text of each
    [data-i18n] element and the attributes named by data-i18n-attrs. The English, which
    is the message id, is kept in data- attributes, so the language can change again.

    Nothing to write when the page is English and is to be: while <html lang> says "en",
    every word on it is (index.html's own, a table painted in English by web/paint.js, which
    sets the paint's language there, or this function's last English). That is most
    visits' start, which this spares some 12 ms of calls into the DOM (issue 30; about
    160 ms from main.py's first line to ready on a return visit)."""
    if i18n.language() == i18n.SOURCE_LANGUAGE == str(ROOT.lang):
        return
    for node in document.querySelectorAll("[data-i18n]"):
        message = text_or_none(node.getAttribute("data-i18n")) or i18n.message_of_text(
            str(node.textContent))
        node.setAttribute("data-i18n", message)
        node.textContent = _(message)
    for node in document.querySelectorAll("[data-i18n-attrs]"):
        for name in str(node.getAttribute("data-i18n-attrs")).split():
            kept = f"data-i18n-{name}"
            message = text_or_none(node.getAttribute(kept)) or str(node.getAttribute(name))
            node.setAttribute(kept, message)
            node.setAttribute(name, _(message))
    ROOT.lang = i18n.language()


class LocalStorage:
    """window.localStorage with Python's None for a missing key (store.Storage)."""

    def getItem(self, key: str) -> str | None:
        return text_or_none(window.localStorage.getItem(key))

    def setItem(self, key: str, value: str) -> None:
        window.localStorage.setItem(key, value)

    def removeItem(self, key: str) -> None:
        window.localStorage.removeItem(key)


storage = LocalStorage()


class Room:
    """The state of the table (set by ``App.__init__``; see there what each part is for)
    and the moves one room asks of another (each defined once, in its room or in App)."""

    prefs: Prefs
    prefs_broken: bool
    speed_override: str | None
    game: Game
    ui: store.UiState
    selected: set[str]
    generation: int
    running: bool
    busy: bool
    thinking: int | None
    turn_said: tuple[object, ...]
    turn_prompt: str
    speaking: bool
    shown_trick: tuple[tuple[int, str], ...] | None
    held_winner: int | None
    summary_held: bool
    said_early: str
    pending: tuple[Action, Game] | None
    hurry: asyncio.Event | None
    rerun: bool
    gestured: bool
    sounds: sounds.Sounds
    entering: int | None
    drawn: str | None
    reveal: table.Reveal | None
    pool: pool.ExpertPool
    expert_seconds: float | None
    html_cache: dict[str, str]
    bid_buffer: str
    bid_buffer_at: float
    picked_bid: int | None
    tasks: set[asyncio.Task[Any]]
    clock: clock.Clock | None
    clock_override: int | None
    clock_shown: int
    timing_out: bool
    clock_el: Any
    painted: tuple[object, ...]
    record: record.Record
    replay_target: tuple[int, Rules, str] | None
    next_rules: Rules | None
    link_asked: tuple[str | None, str | None, int | None] | None
    rev: int
    saving: bool
    told_unsaved: bool
    elsewhere: bool
    link: peer.Link | None
    leave_offer: tuple[peer.Link, dict[str, Any] | None] | None
    hint: hints.Suggestion | None
    hint_asked: tuple[int, tuple[int, ...]] | None
    hint_wanted: bool
    talk_sent: reactions.Gate
    talk_heard: reactions.Gate
    bubbles: dict[int, tuple[str, int]]
    bubble_count: int

    # The moves of App itself that other rooms ask for.

    def announce(self, text: str) -> None:
        raise NotImplementedError

    def apply_motion(self) -> None:
        raise NotImplementedError

    def change_language(self, code: str) -> None:
        raise NotImplementedError

    def confirm_link(self) -> None:
        raise NotImplementedError

    def motion_ms(self) -> int:
        raise NotImplementedError

    def new_game(self, table_name: str | None = None, level: str | None = None,
                 seed: int | None = None, daily: bool = False,
                 rules: Rules | None = None, day: str = "") -> None:
        raise NotImplementedError

    def notice(self, text: str) -> None:
        raise NotImplementedError

    def pause_ms(self) -> int:
        raise NotImplementedError

    def ready(self) -> None:
        raise NotImplementedError

    def set_html(self, ident: str, html: str) -> None:
        raise NotImplementedError

    def spawn(self, coroutine: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
        raise NotImplementedError

    @property
    def speed(self) -> str:
        raise NotImplementedError

    # The moves of the table's flow (flow.py) that other rooms ask for.

    async def computer_action(self, seat: int) -> Action:
        raise NotImplementedError

    async def perform(self, action: Action, generation: int, why: str = "",
                      after: Game | None = None) -> None:
        raise NotImplementedError

    async def run_computers(self) -> None:
        raise NotImplementedError

    def start_worker_soon(self) -> None:
        raise NotImplementedError

    def try_move(self, action: Action) -> None:
        raise NotImplementedError

    # The moves of what the table shows (screen.py) that other rooms ask for.

    def focus_table(self) -> None:
        raise NotImplementedError

    def render(self) -> None:
        raise NotImplementedError

    # The moves of the two-player seats and the clock (seats.py) that other rooms ask for.

    def handoff_needed(self) -> bool:
        raise NotImplementedError

    def humans(self) -> frozenset[int]:
        raise NotImplementedError

    def names(self) -> tuple[str, str]:
        raise NotImplementedError

    def place_clock(self) -> None:
        raise NotImplementedError

    def reveal_of(self, before: Game, after: Game, seat: int,
                  action: Action) -> table.Reveal | None:
        raise NotImplementedError

    def reveal_seen(self) -> None:
        raise NotImplementedError

    def seat_table(self) -> None:
        raise NotImplementedError

    # The moves of the dialogs (dialogs.py) that other rooms ask for.

    def do_action(self, name: str, hand: int | None = None) -> None:
        raise NotImplementedError

    def fill_options(self) -> None:
        raise NotImplementedError

    def online_offer_line(self) -> str:
        raise NotImplementedError

    # The moves of the hint (coaching.py) that other rooms ask for.

    def ask_hint(self) -> None:
        raise NotImplementedError

    def hint_marks(self, view: table.TableView) -> table.TableView:
        raise NotImplementedError

    def render_hint_button(self, your_turn: bool) -> None:
        raise NotImplementedError

    # The moves of table talk (talk.py) that other rooms ask for.

    def reaction_bubble(self, seat: int) -> str:
        raise NotImplementedError

    def reaction_heard(self, seat: int, data: dict[str, Any]) -> None:
        raise NotImplementedError

    def render_talk(self) -> None:
        raise NotImplementedError

    def talk_action(self, name: str) -> bool:
        raise NotImplementedError

    def talk_key(self, event: Any) -> bool:
        raise NotImplementedError

    # The moves of the keyboard (keyboard.py) that other rooms ask for.

    def on_key(self, event: Any) -> None:
        raise NotImplementedError

    # The moves of meeting a friend online (meeting.py) that other rooms ask for.

    def online_action(self, name: str) -> bool:
        raise NotImplementedError

    def online_copy(self, name: str) -> bool:
        raise NotImplementedError

    def retranslate_online(self, before: str) -> None:
        raise NotImplementedError

    def select_code(self, target: Any) -> None:
        raise NotImplementedError

    # The moves of the online table (online.py) that other rooms ask for.

    def online_state(self, link: peer.Link, channel: peer.Channel, state: str) -> None:
        raise NotImplementedError

    def online_received(self, link: peer.Link, channel: peer.Channel, text: str) -> None:
        raise NotImplementedError

    async def online_inbox(self, link: peer.Link, channel: peer.Channel) -> None:
        raise NotImplementedError

    def online_line(self) -> str:
        raise NotImplementedError

    def party_view(self, view: table.TableView) -> table.TableView:
        raise NotImplementedError

    def party_away(self) -> bool:
        raise NotImplementedError

    def rules_for(self, table_name: str, daily: bool) -> Rules:
        raise NotImplementedError

    def computers_to_move(self) -> bool:
        raise NotImplementedError

    def online_open_room(self, code: str) -> None:
        raise NotImplementedError

    def online_dialog(self) -> None:
        raise NotImplementedError

    def online_party_table(self) -> str:
        raise NotImplementedError

    def show_room(self, code: str) -> str:
        raise NotImplementedError

    def show_qr(self, link: str) -> None:
        raise NotImplementedError

    def online_move(self, action: Action, why: str = "") -> Game | None:
        raise NotImplementedError

    def online_playing(self) -> bool:
        raise NotImplementedError

    def online_table(self) -> str:
        raise NotImplementedError

    def online_save(self) -> None:
        raise NotImplementedError

    def online_send(self, link: peer.Link, data: dict[str, Any]) -> None:
        raise NotImplementedError

    def online_tick(self, now: float) -> None:
        raise NotImplementedError

    def online_forget(self) -> None:
        raise NotImplementedError

    def online_timeout_action(self) -> Action | None:
        raise NotImplementedError

    def online_waiting(self) -> bool:
        raise NotImplementedError

    def online_table_action(self, name: str) -> bool:
        raise NotImplementedError

    def online_over_now(self) -> bool:
        raise NotImplementedError

    def online_ending(self) -> str:
        raise NotImplementedError

    # The moves of storage and tabs (tabs.py) that other rooms ask for.

    def cannot_save(self) -> None:
        raise NotImplementedError

    def keep_paint(self) -> None:
        raise NotImplementedError

    def save(self) -> None:
        raise NotImplementedError
