"""The page on the main thread: a thin layer between the DOM and the engine.

It reads the state (store.py), asks table.py what the table shows, writes render.py's
HTML into stable containers, and turns clicks and keys (delegated from #app) into engine
calls. The engine is the only authority on rules: playable cards come from
``legal_actions()``, refusals from ``explain()``. Computer players move after a pause set
by the speed preference; Easy/Medium/Hard think here (milliseconds), Expert in the AI
worker, started only when Expert is chosen, so the page never freezes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections.abc import Callable, Coroutine
from dataclasses import replace
from typing import Any, TypeVar

import clock
import custom
import door
import i18n
import js
import keys
import players
import pool
import record
import render
import sounds
import stats
import store
import table
from address import read_address
from i18n import _, ngettext
from prefs import LEVEL_NAMES, LEVELS, SWITCHES, TABLES
from pyodide.ffi import create_proxy
from pyscript import document, window
from store import text_or_none

from spades import (
    PRESETS,
    Action,
    Bid,
    Card,
    Draw,
    Game,
    Pass,
    Phase,
    Play,
    Replace,
    Rules,
)

js.performance.mark("spades:imported")
T = TypeVar("T")
ROOT = document.documentElement
PAINT_KEY = "spades.paint"
PAINT_VERSION = 1
PAINTED_PARTS = (".bar", ".felt", ".hand-zone")
"""The table's parts web/paint.js paints on the next visit, in its order."""
RECORD_ACTIONS = frozenset({
    "today", "close-today", "door-daily", "daily", "daily-again", "stats", "ask-reset-stats",
    "reset-stats", "share", "export", "import", "review-hand", "review-prev", "review-next",
    "review-first", "review-last"})
"""The actions record.py carries out."""


class LocalStorage:
    """window.localStorage with Python's None for a missing key (store.Storage)."""

    def getItem(self, key: str) -> str | None:
        return text_or_none(window.localStorage.getItem(key))

    def setItem(self, key: str, value: str) -> None:
        window.localStorage.setItem(key, value)

    def removeItem(self, key: str) -> None:
        window.localStorage.removeItem(key)


storage = LocalStorage()
HOLD_MS = {"slow": 1100, "normal": 750, "fast": 320, "instant": 0}
REVEAL_MS = {"slow": 3000, "normal": 2200, "fast": 1200, "instant": 0}
"""Against the computer: how long the card you saw go to the discards after Keep stays
face up before the opponent draws (OK cuts it short; at instant speed the notice says it).
At pass and play it stays until OK, as the cover must not come up before you have seen it."""
SEAT_ELEMENTS = {"south": "seat-0", "west": "seat-1", "north": "seat-2", "east": "seat-3"}
"""The seat panels of index.html, by place at the table."""


def element(ident: str) -> Any:
    return document.getElementById(ident)


def translate_page() -> None:
    """Write the page's own words (index.html) in the current language: the text of each
    [data-i18n] element and the attributes named by data-i18n-attrs. The English, which
    is the message id, is kept in data- attributes, so the language can change again."""
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


class App:
    def __init__(self) -> None:
        self.prefs, self.prefs_broken = store.read_prefs(storage)
        self.speed_override: str | None = None
        self.game: Game = None  # type: ignore[assignment]  # start() deals or restores one
        self.ui = store.UiState()
        self.selected: set[str] = set()
        self.generation = 0  # bumped by a new game: stale loops and animations stop
        self.running = False  # the computer players' loop is active
        self.busy = False  # a move of yours is being applied and animated
        self.thinking: int | None = None
        # A finished trick held on the table before the sweep, and its winner.
        self.shown_trick: tuple[tuple[int, str], ...] | None = None
        self.held_winner: int | None = None
        # The hand's last trick is held: its summary waits until the trick has been seen.
        self.summary_held = False
        # Your move, tapped while the table still shows the last one: played as soon as
        # the table is ready (the hold is cut short), so no tap the rules allow is lost.
        # Kept with the game it was judged on: if that game moved on meanwhile (your
        # previous move was still being applied), the tap is dropped, never replayed later.
        self.pending: tuple[Action, Game] | None = None
        self.hurry: asyncio.Event | None = None
        self.rerun = False  # the computers' loop must look again before it stops
        self.gestured = False  # sounds wait for the player's first tap or key
        self.sounds = sounds.Sounds(window)
        self.entering: int | None = None
        self.drawn: str | None = None  # the card your last draw brought (it travels in)
        # What only the player who just moved may see before the table moves on (the card
        # that went to the discards after Keep, the cards a Double Nil received): shown in
        # the panel; at pass and play the cover waits for its OK.
        self.reveal: table.Reveal | None = None
        # Expert's workers (web/pool.py), started only when Expert is chosen.
        navigator = window.navigator
        size = players.pool_size(getattr(navigator, "hardwareConcurrency", None),
                                 memory_gb=getattr(navigator, "deviceMemory", None))
        self.pool = pool.ExpertPool(size, self.spawn, lambda: self.ui.level == "expert",
                                    self.expert_given_up)
        self.expert_seconds: float | None = None  # ?think=N: Expert's most seconds a move
        self.html_cache: dict[str, str] = {}
        self.bid_buffer = ""
        self.bid_buffer_at = 0.0
        self.picked_bid: int | None = None
        self.tasks: set[asyncio.Task[Any]] = set()
        # The decision clock (the Duel): the clock of the decision the game waits for,
        # the ?clock=N override of its seconds, its element on the seat on turn.
        self.clock: clock.Clock | None = None
        self.clock_override: int | None = None
        self.clock_shown = -1
        self.timing_out = False
        self.clock_el: Any = None
        self.painted: tuple[object, ...] = ()  # what the kept paint shows (keep_paint)
        # The player's record: today's game, par, statistics, hand review (record.py).
        self.record = record.Record(self, storage)
        # "Play it again" of a deal other than the one on the table (today's, for fun).
        self.replay_target: tuple[int, Rules, str] | None = None
        # The rules of the next new game when they are not Options' table: the game on
        # the table's, for "Start a new game with a friend now" (a new opponent).
        self.next_rules: Rules | None = None
        # A link's game (table, level, seed) waiting for the player's yes: the game in
        # progress is never replaced by a link unasked.
        self.link_asked: tuple[str | None, str | None, int | None] | None = None
        # Saving: the save counter of the last save this tab read or wrote (another tab's
        # save changes it: this tab then stops, see continue_elsewhere); False when the
        # browser refused to read the storage (nothing is written over what it holds);
        # whether the player has been told that the game cannot be kept.
        self.rev = 0
        self.saving = True
        self.told_unsaved = False
        self.elsewhere = False  # the game goes on in another tab: this one waits

    def spawn(self, coroutine: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
        """Run a coroutine in the background, keeping a reference until it ends."""
        task = asyncio.ensure_future(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    # ------------------------------------------------------------------ preferences

    @property
    def speed(self) -> str:
        return self.speed_override or self.prefs.speed

    def reduced_motion(self) -> bool:
        return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)

    def motion_ms(self) -> int:
        if self.reduced_motion():
            return 0
        return replace(self.prefs, speed=self.speed).motion_ms

    def pause_ms(self) -> int:
        return replace(self.prefs, speed=self.speed).pause_ms

    def apply_motion(self) -> None:
        ROOT.style.setProperty("--motion", f"{self.motion_ms()}ms")

    def change_language(self, code: str) -> None:
        """Speak ``code`` from now on, mid-game: the game and the open dialogs stay."""
        i18n.set_language(code)
        translate_page()
        self.fill_options()  # its fields written by Python (the custom table, the names)
        self.html_cache.clear()
        if element("help").open:
            self.fill_help()
        self.render()

    # ------------------------------------------------------------------ games

    def new_game(self, table_name: str | None = None, level: str | None = None,
                 seed: int | None = None, daily: bool = False,
                 rules: Rules | None = None, day: str = "") -> None:
        """A new game: of ``table_name`` (else the one chosen in Options), or of exactly
        ``rules`` (the same deal again keeps a custom table's settings)."""
        self.generation += 1
        table_name = table_name if table_name in TABLES else self.prefs.table
        level = level if level in LEVELS else self.prefs.level
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 48)
        self.game = Game.new(rules or self.rules_for(table_name, daily), seed=seed)
        friend = self.prefs.opponent == "friend" and self.game.rules.players == 2
        self.ui = store.UiState(level=level, daily=daily, friend=friend and not daily,
                                day=day if daily else "")
        self.selected = set()
        self.shown_trick = None
        self.held_winner = None
        self.summary_held = False
        self.pending = None
        if self.hurry is not None:
            self.hurry.set()  # an old game's held trick ends now
        self.entering = None
        self.thinking = None
        self.busy = False
        self.clock = None
        self.reveal = None
        self.save()
        if level == "expert":
            self.start_worker_soon()

    def open_link(self, table_name: str | None, level: str | None, seed: int | None) -> None:
        """A link's game (?table=, ?seed=): dealt, and its table becomes the one Options
        shows, so that New game deals that table again."""
        self.new_game(table_name, level, seed)
        if table_name is not None and table_name != self.prefs.table:
            # A new table starts from its own settings, as when chosen in Options. A
            # storage that refuses is not said here: the game's own save says it, once.
            self.prefs = replace(self.prefs, table=table_name, custom_values=())
            if self.saving:  # a storage that could not be read is never written over
                store.save_prefs(storage, self.prefs)

    def link_closed(self) -> None:
        """The link's question is answered (its game dealt, or "Keep my game"): a reload
        must not ask again, so the link's parameters leave the address."""
        self.link_asked = None
        drop_query_parameters("seed", "table", "level")

    def confirm_link(self) -> None:
        asked, self.link_asked = self.link_asked, None
        if asked is not None:
            self.open_link(*asked)
            self.notice(_("A new game has started."))
            self.after_new_game()
        element("confirm-link").close()

    def restore(self, game: Game, ui: store.UiState) -> None:
        """The saved game goes on: its screen, the clock's time left, your chosen cards."""
        self.game, self.ui = game, ui
        if ui.clock is not None:  # the time that was left, held until the table shows
            with contextlib.suppress(ValueError):
                self.clock = clock.clock_from_dict(ui.clock)
        if ui.trick_held and not game.trick.plays and ui.last_winner is not None:
            # The reload came while a finished trick was held (the hand's last one before
            # its summary): it is on the table again; resume_play holds and sweeps it.
            self.shown_trick, self.held_winner = ui.last_trick, ui.last_winner
            self.summary_held = ui.summary or game.phase is Phase.GAME_OVER
        else:
            self.ui = replace(ui, trick_held=False)
        choosing = game.phase in (Phase.PASS, Phase.REPLACE) and game.turn == ui.viewer
        hand = game.hands[ui.viewer] if choosing else ()
        if choosing and all(Card.parse(text) in hand for text in ui.selected):
            self.selected = set(ui.selected[:game.rules.blind_nil_cards])

    def rules_for(self, table_name: str, daily: bool) -> Rules:
        """The chosen table, with the player's own settings if they asked for them (a
        daily game is the same for everyone: never custom)."""
        rules = PRESETS[table_name]
        if daily or not self.prefs.custom or table_name != self.prefs.table:
            return rules
        if not self.prefs.custom_values:
            return rules
        chosen, _errors = custom.parse(dict(self.prefs.custom_values), rules)
        return chosen if chosen is not None else rules

    def save(self) -> None:
        now = window.performance.now()
        saved_clock = self.clock.to_dict(now) if self.clock is not None else None
        self.ui = replace(self.ui, clock=saved_clock, selected=tuple(sorted(self.selected)))
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

    # ------------------------------------------------------------------ other tabs

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
        language = i18n.choose_language(None, prefs.lang, browser_languages())
        if language != i18n.language():
            self.change_language(language)
        elif element("options").open:
            self.fill_options()
        self.html_cache.clear()
        self.render()

    # ------------------------------------------------------------------ rendering

    def set_html(self, ident: str, html: str) -> None:
        if self.html_cache.get(ident) != html:
            self.html_cache[ident] = html
            element(ident).innerHTML = html

    def notice(self, text: str) -> None:
        element("notice").textContent = text

    def announce(self, text: str) -> None:
        element("announce").textContent = text

    # ------------------------------------------------------------------ who plays here

    def humans(self) -> frozenset[int]:
        """The seats people play at this device: yours, and at pass and play both."""
        return frozenset({0, 1}) if self.ui.friend else frozenset({0})

    def names(self) -> tuple[str, str]:
        """The two players' names at pass and play (editable in Options)."""
        return (self.prefs.name1 or _("Player 1"), self.prefs.name2 or _("Player 2"))

    def handoff_needed(self) -> bool:
        """Pass and play: the other player is to act, and has not yet tapped Ready (the
        table then shows no one's cards)."""
        game = self.game
        return (self.ui.friend and game.turn is not None and game.turn != self.ui.viewer
                and not self.ui.summary and game.phase is not Phase.GAME_OVER
                and self.reveal is None)

    def seat_table(self) -> None:
        table.set_seating(table.Seating(self.ui.viewer, self.names() if self.ui.friend else ()))

    def ready(self) -> None:
        """The next player has the device: their cards, their turn (and their clock)."""
        if not self.handoff_needed():
            return
        turn = self.game.turn
        assert turn is not None  # handoff_needed: someone is on turn
        self.ui = replace(self.ui, viewer=turn)
        self.selected = set()
        self.save()
        self.render()
        self.focus_table()
        self.announce(_("{seat}: your turn.").format(seat=self.names()[turn]))

    def render(self) -> None:
        self.record.settle_day()  # the day may have ended while the page was open
        game, ui = self.game, self.ui
        self.seat_table()
        handoff = self.handoff_needed()
        view = table.table_view(game, self.prefs, ui, frozenset(self.selected), handoff)
        cover = element("handoff")
        covering = handoff and bool(cover.hidden)
        cover.hidden = not handoff
        if handoff:
            element("handoff-title").textContent = _("Pass the device to {name}").format(
                name=view.handoff)
            news = element("handoff-news")
            news.textContent = view.handoff_news
            news.hidden = not view.handoff_news
        focused = document.activeElement
        focus_card = text_or_none(focused.getAttribute("data-card")) if focused else None
        focus_bid = text_or_none(focused.getAttribute("data-bid")) if focused else None
        focus_index = None
        if focus_card and focused.closest("#hand"):
            siblings = list(element("hand").querySelectorAll("[data-card]"))
            focus_index = next((i for i, el in enumerate(siblings)
                                if el.getAttribute("data-card") == focus_card), None)

        app_el = element("app")
        app_el.dataset.phase = view.phase
        app_el.dataset.players = str(view.players)
        app_el.dataset.yourTurn = "true" if view.your_turn else "false"
        app_el.classList.toggle("raise-playable", view.raise_playable)
        values = {"table": view.table_name, "level": _(LEVEL_NAMES[view.level]),
                  "number": view.hand_number}
        if view.daily:
            heading = _("Daily game · {table} · {level} · Hand {number}").format(**values)
        elif ui.day:  # a daily game of an earlier day, going on as an ordinary game
            heading = _("Daily game of {date} · {table} · {level} · Hand {number}").format(
                date=self.record.short_date_words(ui.day), **values)
        else:
            heading = _("{table} · {level} · Hand {number}").format(**values)
        element("table-name").textContent = heading
        self.set_html("scores", render.scores_html(view))
        hand_html = render.hand_html(view, self.drawn)
        self.drawn = None
        self.set_html("hand", hand_html)
        element("hand").style.setProperty("--n", str(max(1, len(view.hand))))
        element("hand").classList.toggle("passing", view.passing > 0 or view.replacing > 0)
        self.render_seats(view)
        self.place_clock()
        holding = self.shown_trick is not None
        plays = self.shown_trick if self.shown_trick is not None else view.trick
        self.set_html("trick", render.trick_html(
            plays, self.entering, self.held_winner if holding else None, view.players))
        piles = view.phase in ("draw", "replace") and not holding
        self.set_html("piles", render.piles_html(view) if piles else "")
        element("piles").hidden = not piles
        element("broken").hidden = not view.spades_broken
        revealing = self.reveal is not None and not bool(element("bids").querySelector(
            "[data-reveal]"))
        if self.reveal is not None:
            self.set_html("bids", render.reveal_html(self.reveal))
        else:
            self.set_html("bids", render.bids_html(view, self.picked_bid))
        panel = (view.bidding or view.can_look or view.passing or view.drawing
                 or view.replacing or self.reveal is not None)
        element("bids").hidden = not panel
        status = "" if panel else view.status
        if self.thinking is not None:
            status = _("{seat} is thinking…").format(
                seat=table.seat_name(self.thinking, self.game.rules.players))
        if holding:
            # While the trick is held, the notice says who won it (show_finished_trick);
            # the line does not jump ahead to whose turn is next.
            status = ""
        element("status").textContent = status
        self.update_title()
        summary = element("summary")
        appearing = False
        if view.summary is not None and not self.summary_held:
            number = len(self.game.history) - 1
            self.set_html("summary-body", render.summary_html(
                view.summary, view.game_over_text, view.winner,
                self.record.par_line(number), number, self.record.can_share()))
            appearing = bool(summary.hidden)
            summary.hidden = False
        else:
            summary.hidden = True
        element("last-trick-button").disabled = not ui.last_trick

        # Keep the keyboard where it was across re-renders.
        if focus_card and focus_index is not None and not element("hand").contains(focused):
            cards = list(element("hand").querySelectorAll("[data-card]"))
            if cards:
                cards[min(focus_index, len(cards) - 1)].focus()
        elif focus_bid and not element("bids").contains(focused):
            again = element("bids").querySelector(f'[data-bid="{focus_bid}"]')
            if again:
                again.focus()
        if covering:
            element("handoff-ready").focus()
        elif revealing:
            element("bids").querySelector('[data-action="reveal-ok"]').focus()
        elif appearing:
            # The summary is a modal panel: the keyboard goes to its button.
            button = summary.querySelector("button.primary")
            if button:
                button.focus()
        elif focused and self.focus_lost(focused, summary):
            self.focus_table()
        if not holding and self.saving and not self.elsewhere:
            self.keep_paint()

    def keep_paint(self) -> None:
        """Keep this render for the next visit's first paint (web/paint.js paints it
        before Python starts, if it is of the saved game's very move): once a move."""
        game = self.game
        key = (game.seed, len(game.actions), self.ui.summary, self.ui.viewer, i18n.language())
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

    def render_seats(self, view: table.TableView) -> None:
        """Each seat's panel at its place (the opponent of a two-player game sits north;
        the places nobody sits at are hidden)."""
        used = set()
        for info in view.seats:
            ident = SEAT_ELEMENTS[info.position]
            used.add(ident)
            panel = element(ident)
            panel.hidden = False
            panel.setAttribute("aria-label", info.label)
            self.set_html(ident, render.seat_html(info, view.players))
            panel.classList.toggle("turn", info.on_turn)
            panel.classList.toggle("thinking", self.thinking == info.seat)
        for ident in SEAT_ELEMENTS.values():
            if ident not in used:
                element(ident).hidden = True

    # ------------------------------------------------------------------ the clock

    def clock_seconds(self) -> int | None:
        """Seconds per decision now, or None: the table's clock, unless turned off."""
        return clock.clock_seconds(self.game.rules.clock_seconds, self.prefs.clock,
                                   self.clock_override)

    def clock_applies(self) -> bool:
        """A person decides now at a table with a clock (computers need none)."""
        game = self.game
        return (self.clock_seconds() is not None and game.turn == self.ui.viewer
                and not self.handoff_needed() and not self.ui.summary
                and game.phase is not Phase.GAME_OVER)

    async def clock_loop(self) -> None:
        """Tick the clock a few times a second (it is pure bookkeeping: web/clock.py)."""
        while True:
            await asyncio.sleep(0.2)
            try:
                self.tick_clock()
            except Exception as error:  # the clock must never stop the game
                window.console.warn(f"clock: {error}")

    def tick_clock(self) -> None:
        now = window.performance.now()
        seconds = self.clock_seconds()
        if seconds is None or not self.clock_applies():
            if self.clock is not None:
                self.clock = None
                self.save()
            self.show_clock(now)
            return
        held = self.clock_holds()
        ticking = clock.clock_for(self.clock, clock.decision_key(self.game), seconds, now)
        for reason in (clock.PAUSED, "dialog", "hidden", "table"):
            holding = reason in held
            ticking = ticking.pause(now, reason) if holding else ticking.resume(now, reason)
        ticking, five = ticking.announce_five(now)
        self.clock = ticking
        if five:
            self.announce(_("5 seconds left."))
        self.show_clock(now)
        if ticking.expired(now):
            self.spawn(self.time_out())
        elif ticking.seconds_shown(now) != self.clock_shown:
            self.clock_shown = ticking.seconds_shown(now)
            self.save()  # a reload restores the time left, to the second

    def clock_holds(self) -> set[str]:
        """Why the clock waits now: an open dialog, a hidden tab, the table still
        showing the last move (a held trick, the computers' loop, your move in flight)."""
        held = set()
        if document.querySelector("dialog[open]"):
            held.add("dialog")
        if document.hidden:
            held.add("hidden")
        if self.shown_trick is not None or self.running or self.busy or self.pending:
            held.add("table")
        return held

    def place_clock(self) -> None:
        """The countdown sits on the panel of the seat on turn (a render may rewrite it)."""
        if self.clock_el is None:
            self.clock_el = document.createElement("span")
            self.clock_el.className = "seat-clock"
            self.clock_el.setAttribute("role", "timer")
        if self.clock_el.parentNode is not element("seat-0"):
            element("seat-0").appendChild(self.clock_el)
        self.show_clock(window.performance.now())

    def show_clock(self, now: float) -> None:
        if self.clock_el is None:
            return
        ticking = self.clock if self.clock_applies() else None
        self.clock_el.hidden = ticking is None
        if ticking is None:
            return
        left = ticking.seconds_shown(now)
        self.clock_el.textContent = _("{count} s").format(count=left)
        self.clock_el.setAttribute("aria-label", ngettext(
            "{count} second left", "{count} seconds left", left).format(count=left))
        self.clock_el.classList.toggle("warning", ticking.warning(now))
        self.clock_el.classList.toggle("paused", not ticking.running)

    async def time_out(self) -> None:
        """The time is up: the table moves for you as a computer player of this game's
        level would, and says so."""
        if self.timing_out:
            return
        self.timing_out = True
        try:
            game, generation = self.game, self.generation
            seat = game.turn
            assert seat is not None  # the clock runs only while you are on turn
            action = await self.computer_action(seat)
            if game is not self.game or generation != self.generation:
                return
            self.clock = None
            said = table.timeout_text(action, game.rules.players)
            self.busy = True
            self.notice(said)
            try:
                await self.perform(action, generation, said)
            finally:
                self.busy = False
        finally:
            self.timing_out = False
        await self.run_computers()

    def update_title(self) -> None:
        """The tab's title says "Your turn" while the page is in the background (from the
        turn the last render wrote on #app, so the two never disagree)."""
        your_turn = element("app").dataset.yourTurn == "true"
        waiting = your_turn and bool(document.hidden)
        title = _("Your turn — Spades") if waiting else _("Spades")
        if document.title != title:
            document.title = title

    def focus_lost(self, focused: Any, summary: Any) -> bool:
        """True if the keyboard was on the table and what it was on has gone away."""
        if focused == document.body:
            return False
        if not focused.isConnected:
            return True
        bids = element("bids")
        return bool((bids.contains(focused) and bids.hidden)
                    or (summary.contains(focused) and summary.hidden))

    def focus_table(self) -> None:
        """Put the keyboard back on the table after what it was on went away: the bids,
        else the summary's button, else your first playable card, else your first card."""
        for selector in ("#handoff:not([hidden]) button",
                         "#bids:not([hidden]) button:not(:disabled)",
                         "#summary:not([hidden]) button.primary",
                         '#hand [data-playable="true"]', "#hand button"):
            target = document.querySelector(selector)
            if target:
                target.focus()
                return

    # ------------------------------------------------------------------ moves

    async def sleep(self, ms: float, generation: int) -> bool:
        await asyncio.sleep(max(0, ms) / 1000)
        return generation == self.generation

    async def hold(self, ms: float, generation: int) -> bool:
        """Like sleep(), but cut short when you tap your next move meanwhile (or a new
        game starts): the table never makes you wait to act."""
        event = self.hurry = asyncio.Event()
        if self.pending is not None:
            event.set()
        try:
            await asyncio.wait_for(event.wait(), max(0, ms) / 1000)
        except TimeoutError:
            pass
        finally:
            if self.hurry is event:
                self.hurry = None
        return generation == self.generation

    async def perform(self, action: Action, generation: int, why: str = "") -> None:
        """Apply a legal action, save, and show it (the finished trick, then the sweep);
        ``why`` is said before the move (the clock ran out)."""
        before = self.game
        seat = before.turn
        after = before.apply(action)
        assert seat is not None  # apply() refuses every move once the game is over
        self.game = after
        hand_over = len(after.history) > len(before.history)
        finished = None
        players = before.rules.players
        message = table.move_text(before, after, seat, action)
        if isinstance(action, Play):
            plays = (*[(s, str(c)) for s, c in before.trick.plays], (seat, str(action.card)))
            if len(plays) == players:
                if hand_over:
                    won = after.history[-1].tricks
                    winner = next(s for s in range(players) if won[s] > before.tricks_won[s])
                else:
                    taken_by = after.tricks[-1].winner
                    assert taken_by is not None  # a finished trick has its winner
                    winner = taken_by
                finished = (plays, winner)
                # Held on the table from this save on: a reload shows it again.
                self.ui = replace(self.ui, last_trick=plays, last_winner=winner,
                                  trick_held=True)
                message += " " + table.trick_result_text(winner, players)
            self.entering = seat
            self.sound("card")
        elif isinstance(action, Pass | Replace):
            self.selected = set()
        elif isinstance(action, Draw) and seat == self.ui.viewer:
            taken = set(after.hands[seat]) - set(before.hands[seat])
            self.drawn = str(next(iter(taken))) if taken else None
        reveal = self.reveal_of(before, after, seat, action)
        self.announce(f"{why} {message}" if why else message)
        if hand_over:
            self.ui = replace(self.ui, summary=after.phase is not Phase.GAME_OVER)
        self.save()
        if hand_over:
            self.record.game_finished()
            self.record.start_par()
        if finished is not None:
            plays, winner = finished
            if not await self.show_finished_trick(plays, winner, hand_over, generation, why):
                return
        if reveal is not None:
            self.reveal = reveal
        self.render()
        self.entering = None
        if hand_over:
            self.announce(hand_result_text(after))
        if reveal is not None and not self.ui.friend:
            # Against the computer the card stays up a moment, then the opponent draws.
            await self.hold(REVEAL_MS[self.speed], generation)
            if self.reveal is reveal:
                self.reveal = None
                self.render()

    def reveal_of(self, before: Game, after: Game, seat: int,
                  action: Action) -> table.Reveal | None:
        """What the player who made ``action`` alone sees next (see ``self.reveal``): the
        card that went to the discards after Keep; at pass and play, the cards a Double
        Nil received (against the computer they stay marked in your hand)."""
        if seat != self.ui.viewer or seat not in self.humans():
            return None
        if isinstance(action, Draw) and action.keep:
            reveal = table.keep_reveal(before, after, seat)
            if reveal is not None and not self.ui.friend and not REVEAL_MS[self.speed]:
                self.notice(reveal.text)  # instant: no pause, the line says it
                return None
            return reveal
        if isinstance(action, Replace) and action.cards and self.ui.friend:
            return table.received_reveal(after, seat)
        return None

    def reveal_seen(self) -> None:
        """OK: the player has seen the card(s); at pass and play the cover comes up now."""
        if self.reveal is None:
            return
        if self.ui.friend:
            self.reveal = None
            self.render()
        elif self.hurry is not None:
            self.hurry.set()  # the computer's pause ends (perform clears the reveal)

    async def show_finished_trick(self, plays: tuple[tuple[int, str], ...], winner: int,
                                  hand_over: bool, generation: int, why: str = "") -> bool:
        """Hold the finished trick on the table, its winner marked and named (the hand's
        summary waits meanwhile), then sweep it to the winner. False if a new game began."""
        self.shown_trick, self.held_winner, self.summary_held = plays, winner, hand_over
        said = table.trick_result_text(winner, self.game.rules.players)
        if why:  # the clock ran out on the trick's last card: both are said
            said = f"{why} {said}"
        self.notice(said)
        self.sound("trick", delay=0.12)
        self.render()
        self.entering = None
        if not await self.hold(self.motion_ms() + HOLD_MS[self.speed], generation):
            return False
        if self.motion_ms() and self.pending is None:
            # The sweep is a transition from where the cards lie now: the last card's
            # travel-in animation is dropped first (an animation would override it),
            # and reading offsetWidth lays the cards out before the class is added.
            self.set_html("trick", render.trick_html(plays, None, winner,
                                                     self.game.rules.players))
            trick_el = element("trick")
            _ = trick_el.offsetWidth
            trick_el.classList.add(
                f"sweep-{table.position_of(winner, self.game.rules.players)}")
            if not await self.hold(self.motion_ms(), generation):
                return False
        element("trick").className = "trick-area"
        self.shown_trick, self.held_winner, self.summary_held = None, None, False
        self.ui = replace(self.ui, trick_held=False)
        self.save()  # swept: a reload now shows the table after it
        if element("notice").textContent == said:
            self.notice("")
        return True

    def refused(self, action: Action) -> bool:
        """True if the engine refuses ``action``: its reason is shown and said."""
        explanation = self.game.explain(action)
        if explanation is None:
            return False
        said = explanation.say(i18n.translations())
        self.notice(said)
        self.announce(said)
        return True

    async def player_move(self, action: Action) -> None:
        """Your move: refused moves get the engine's explanation and your turn goes on."""
        try:
            if self.refused(action):
                return
            generation = self.generation
            self.notice("")
            await self.perform(action, generation)
        finally:
            self.busy = False
        await self.run_computers()

    def computers_to_move(self) -> bool:
        game = self.game
        return (game.phase is not Phase.GAME_OVER and game.turn is not None
                and game.turn not in self.humans()
                and not self.ui.summary)

    async def run_computers(self) -> None:
        """Let the computer players move until it is your turn (one loop at a time: a
        call while the loop runs makes it look again before it stops, e.g. after a new
        game or "Next hand"), then play the move you tapped meanwhile, if any."""
        if self.running:
            self.rerun = True
            return
        self.running = True
        moved = False
        try:
            while True:
                self.rerun = False
                moved = await self.computers_turns(self.generation) or moved
                if not self.rerun:
                    break
        finally:
            self.running = False
            self.thinking = None
            self.render()
        if (moved and self.game.turn == self.ui.viewer and not self.ui.summary
                and self.pending is None):
            self.sound("turn")
        self.play_pending()

    async def computers_turns(self, generation: int) -> bool:
        """The computers' moves of this game (generation); True if any moved."""
        moved = False
        while generation == self.generation and self.computers_to_move():
            seat = self.game.turn
            assert seat is not None  # computers_to_move() says a computer is on turn
            self.thinking = seat
            self.render()
            if not await self.sleep(self.pause_ms(), generation):
                return moved
            action = await self.computer_action(seat)
            if generation != self.generation:
                return moved
            self.thinking = None
            await self.perform(action, generation)
            moved = True
            await asyncio.sleep(0)
        return moved

    async def resume_play(self) -> None:
        """Play on as the page starts: a finished trick restored by ``restore`` (the reload
        came while it was held) is held again and swept, and the hand's summary follows
        it as it would have; then the computers move."""
        plays, winner = self.shown_trick, self.held_winner
        if plays is not None and winner is not None:
            hand_over = self.summary_held
            if not await self.show_finished_trick(plays, winner, hand_over, self.generation):
                return  # a new game began meanwhile, and runs its own computers
            self.render()
            if hand_over:
                self.announce(hand_result_text(self.game))
        await self.run_computers()

    def play_pending(self) -> None:
        pending, self.pending = self.pending, None
        if pending is not None and pending[1] is self.game:
            self.try_move(pending[0])

    async def warm_up(self) -> None:
        """Load the computer players' modules after the page is ready, one module a task,
        so neither the start-up nor the first computer move waits for them (together
        they would be one long task on a slow phone)."""
        import importlib

        for name in ("spades.ai.knowledge", "spades.ai.heuristic", "spades.ai.playout",
                     "spades.ai.sampler", "spades.ai.endgame", "spades.ai.worlds",
                     "spades.ai.expert"):
            await asyncio.sleep(0)
            importlib.import_module(name)

    async def computer_action(self, seat: int) -> Action:
        level = self.ui.level
        if level == "expert":
            try:
                expert = players.seat_player(self.game, seat, "expert")
                seconds = self.expert_seconds or players.EXPERT_SECONDS
                action = await self.pool.choose(expert, self.game, seat, seconds)
                if self.game.explain(action) is None:
                    return action
            except pool.PoolUnavailable:  # said once already: Hard plays meanwhile
                pass
            except Exception as error:  # a broken worker must not stop the game
                window.console.warn(f"expert search failed, using Hard: {error}")
            level = "hard"
        return players.choose(self.game, seat, level)

    # ------------------------------------------------------------------ the AI workers

    def expert_given_up(self, reason: str) -> None:
        """Expert's workers cannot work here (web/pool.py): said once until they do."""
        self.notice(_("Expert is not available here just now, so the computers play "
                      "at Hard."))

    def start_worker_soon(self) -> None:
        """Start Expert's workers in the background (Expert was chosen), once the page is
        ready."""
        if ROOT.hasAttribute("data-ready"):
            self.pool.start_soon()

    # ------------------------------------------------------------------ input

    def can_act(self) -> bool:
        return not (self.busy or self.running or self.shown_trick is not None)

    def sound(self, name: str, delay: float = 0.0) -> None:
        """A card sound, if the player asked for them and has touched the page (a browser
        lets a page make sounds only after a gesture)."""
        if self.prefs.sound and self.gestured:
            try:
                self.sounds.play(name, delay)
            except Exception as error:  # no audio device: play on in silence
                window.console.warn(f"sound {name} failed: {error}")

    def on_click(self, event: Any) -> None:
        self.gestured = True
        target = event.target
        jump = target.closest(".help-contents a")
        if jump:
            # Scroll Help to the section without touching the page's address.
            event.preventDefault()
            section = element(str(jump.getAttribute("href"))[1:])
            if section:
                section.scrollIntoView()
            return
        dialog_action = target.closest("[data-action]")
        if dialog_action:
            hand = text_or_none(dialog_action.getAttribute("data-hand"))
            self.do_action(dialog_action.getAttribute("data-action"),
                           int(hand) if hand and hand.isdigit() else None)
            return
        # The second click of a double click never makes a second move.
        repeat = bool(event.detail) and event.detail > 1
        draw = target.closest("[data-draw]")
        if draw and element("bids").contains(draw):
            if not repeat:
                self.try_move(Draw(draw.getAttribute("data-draw") == "keep"))
            return
        bid = target.closest("[data-bid]")
        if bid and element("bids").contains(bid):
            if bid.disabled or repeat:
                return
            value = bid.getAttribute("data-bid")
            self.try_move(Bid(0, blind=True) if value == "blind" else Bid(int(value)))
            return
        card = target.closest("[data-card]")
        if card and element("hand").contains(card):
            self.card_clicked(card.getAttribute("data-card"), repeat)

    def card_clicked(self, text: str, repeat: bool = False) -> None:
        game = self.game
        choosing = game.phase in (Phase.PASS, Phase.REPLACE)
        if choosing and game.turn == self.ui.viewer and not self.ui.summary:
            size = game.rules.blind_nil_cards
            if text in self.selected:
                self.selected.discard(text)
            elif len(self.selected) < size:
                self.selected.add(text)
            else:
                self.notice(ngettext(
                    "You have chosen {count} card: tap it again to put it back.",
                    "You have chosen {count} cards: tap one again to put it back.",
                    size).format(count=size))
            self.save()  # a reload keeps the choice
            self.render()
            return
        if not repeat:
            self.try_move(Play(Card.parse(text)))

    def try_move(self, action: Action) -> None:
        """Your bid, card or exchange: refused with the engine's reason, played now, or,
        while the table still shows the last move, kept and played the moment it is ready
        (the held trick is cut short)."""
        if self.elsewhere:
            return
        if self.ui.summary or self.game.phase is Phase.GAME_OVER:
            return
        turn = self.game.turn
        assert turn is not None  # the game is not over, so someone is on turn
        if turn != self.ui.viewer or self.handoff_needed():
            self.notice(_("Wait for {seat}.").format(
                seat=table.seat_name(turn, self.game.rules.players)))
            return
        if self.refused(action):
            return
        if not self.can_act():
            if self.pending is None:  # a second tap (a double click) plays nothing more
                self.pending = (action, self.game)
                if self.hurry is not None:
                    self.hurry.set()
            return
        self.busy = True
        self.picked_bid = None
        self.spawn(self.player_move(action))

    def do_action(self, name: str, hand: int | None = None) -> None:
        # The compact header's menu (a disclosure button): its button and the scrim beside
        # it toggle it; any other action closes it.
        menu = element("menu-button")
        opened = name == "menu" and menu.getAttribute("aria-expanded") != "true"
        menu.setAttribute("aria-expanded", "true" if opened else "false")
        element("app").classList.toggle("menu-open", opened)
        if name == "next-hand":
            if self.ui.summary and not self.summary_held:
                self.ui = replace(self.ui, summary=False)
                self.save()
                self.render()
                self.focus_table()
                number, dealer = self.game.hand_number + 1, self.game.dealer
                self.announce(_("Hand {number}. You deal.").format(number=number)
                              if table.addressed(dealer)
                              else _("Hand {number}. {seat} deals.").format(
                                  number=number,
                                  seat=table.seat_name(dealer, self.game.rules.players)))
                self.spawn(self.run_computers())
        elif name == "new-game":
            if self.game.phase is Phase.GAME_OVER:
                self.next_rules = None
                self.start_new_game()
        elif name == "ask-new-game":
            self.next_rules = None
            element("confirm-new").showModal()
        elif name == "opponent-new-game":
            # The table on the table again, with the opponent just chosen in Options.
            self.next_rules = self.game.rules
            if door.in_progress(self.game, self.humans()):
                element("confirm-new").showModal()
            else:
                element("options").close()
                self.start_new_game()
        elif name == "confirm-link":
            self.confirm_link()
        elif name in RECORD_ACTIONS:
            self.record_action(name, hand)
        elif name == "confirm-new-game":
            element("confirm-new").close()
            element("options").close()
            self.start_new_game()
        elif name == "options":
            self.fill_options()
            element("options").showModal()
        elif name == "help":
            self.fill_help()
            help_dialog = element("help")
            help_dialog.showModal()
            # Open at the top (the dialog would scroll to its first focusable element).
            element("help-title").focus()
            help_dialog.scrollTop = 0
        elif name == "sheet":
            self.fill_sheet()
            element("sheet").showModal()
        elif name == "ask-replay":
            self.replay_target = None
            if self.game.phase is Phase.GAME_OVER:
                self.do_action("replay")
            else:
                element("confirm-replay").showModal()
        elif name == "replay":
            self.replay_deal()
        elif name == "last-trick":
            self.set_html("last-trick-body", render.last_trick_html(
                self.ui.last_trick, self.ui.last_winner, self.game.rules.players))
            element("last-trick").showModal()
        elif name == "ready":
            self.ready()
        elif name == "take-over":  # the newest save, from the other tab, goes on here
            window.location.reload()
        elif name == "reload-update":  # web/register-sw.js lets the new version take over
            window.dispatchEvent(window.CustomEvent.new("spades:reload"))
        elif name == "reveal-ok":
            self.reveal_seen()
        elif name == "look":
            self.ui = replace(self.ui, looked=table.look_mark(self.game, self.ui.viewer))
            self.save()
            self.render()
        elif name == "pass" and len(self.selected) == self.game.rules.blind_nil_cards:
            self.try_move(Pass([Card.parse(text) for text in sorted(self.selected)]))
        elif name == "replace":
            # The engine judges the count (at most three): a wrong one gets its reason.
            self.try_move(Replace([Card.parse(text) for text in sorted(self.selected)]))

    def record_action(self, name: str, hand: int | None) -> None:
        """The front door, the statistics, the share line, the review, export/import."""
        keeper = self.record
        actions: dict[str, Callable[[], object]] = {
            "today": keeper.open_door, "close-today": keeper.close_door,
            "door-daily": keeper.door_daily, "daily": keeper.start_daily,
            "daily-again": keeper.daily_again, "stats": keeper.open_stats,
            "reset-stats": keeper.reset_stats, "export": keeper.export_game,
            "ask-reset-stats": lambda: element("confirm-reset-stats").showModal(),
            "import": lambda: element("import-file").click(),
            "share": lambda: self.spawn(keeper.share()),
        }
        if name in actions:
            actions[name]()
        elif name == "review-hand" and not element("review").open:
            self.record.open_review(self.game, len(self.game.history) - 1 if hand is None
                                    else hand)
        else:
            self.record.review_move(name, hand)

    def fill_sheet(self) -> None:
        rules = self.game.rules
        heading = f"{table.table_name(rules)}: {table.rules_summary(rules)}"
        self.set_html("sheet-body", render.sheet_html(
            table.table_view(self.game, self.prefs, self.ui).sheet, rules.target,
            rules.players, heading, self.record.sheet_par())
            + render.deal_html(self.game.seed, deal_link(self.game)))

    def fill_help(self) -> None:
        """Help in the page's language, with this table's own rules."""
        element("help-body").innerHTML = i18n.help_document(i18n.language())
        element("help-table-name").textContent = table.table_name(self.game.rules)
        element("help-table-rules").innerHTML = render.rules_html(
            table.table_rules(self.game.rules))

    def replay_deal(self) -> None:
        """The same deal again: this game's seed and rules, a fresh game (the daily game's
        replay is for fun: it is not the day's game any more)."""
        for ident in ("confirm-replay", "sheet"):
            if element(ident).open:
                element(ident).close()
        seed, rules, level = self.replay_target or (self.game.seed, self.game.rules,
                                                    self.ui.level)
        self.replay_target = None
        self.new_game(level=level, seed=seed, rules=rules)
        self.notice(_("Deal {seed} again: the same cards, hand after hand.").format(seed=seed))
        self.after_new_game()

    def start_new_game(self) -> None:
        rules, self.next_rules = self.next_rules, None
        self.new_game(rules=rules)
        self.notice(_("A new game has started."))
        self.after_new_game()

    def after_new_game(self) -> None:
        self.html_cache.clear()
        self.render()
        self.spawn(self.run_computers())

    def fill_options(self) -> None:
        form = element("options-form")
        # The speed in effect (a ?speed= link overrides the stored one until changed here).
        chosen = {"speed": self.speed, "level": self.prefs.level, "table": self.prefs.table}
        for name, value in chosen.items():
            for box in form.querySelectorAll(f'input[name="{name}"]'):
                box.checked = box.value == value
        for name in SWITCHES:
            form.querySelector(f'input[name="{name}"]').checked = getattr(self.prefs, name)
        form.querySelector('select[name="lang"]').value = i18n.language()
        self.fill_custom()
        for box in form.querySelectorAll('input[name="opponent"]'):
            box.checked = box.value == self.prefs.opponent
        self.fill_opponent_offer()
        for name in ("name1", "name2"):
            form.querySelector(f'input[name="{name}"]').value = getattr(self.prefs, name)
            form.querySelector(f'input[name="{name}"]').placeholder = self.names()[
                name == "name2"]

    def fill_opponent_offer(self) -> None:
        """At a two-player table, an opponent chosen in Options other than the one at the
        table applies from the next game: said plainly, with that new game at hand."""
        game = self.game
        friend_chosen = self.prefs.opponent == "friend"
        differs = (game.rules.players == 2 and not self.ui.daily
                   and game.phase is not Phase.GAME_OVER and friend_chosen != self.ui.friend)
        element("opponent-now").hidden = not differs
        if not differs:
            return
        if friend_chosen:
            said = _("The game on the table goes on against the computer.")
            word = _("Start a new game with a friend now")
        else:
            said = _("The game on the table goes on between you and your friend.")
            word = _("Start a new game against the computer now")
        element("opponent-now-text").textContent = said
        element("opponent-now-button").textContent = word

    def custom_base(self) -> Rules:
        return PRESETS[self.prefs.table]

    def fill_custom(self, errors: dict[str, str] | None = None) -> None:
        """The custom table's fields in Options, for the chosen table."""
        base = self.custom_base()
        values = dict(self.prefs.custom_values) or custom.form_values(base)
        fields = custom.fields_for(base.players)
        container = element("custom-fields")
        container.innerHTML = render.custom_html(fields, values, errors or {})
        container.hidden = not self.prefs.custom

    def custom_changed(self) -> None:
        """A custom setting changed: the form checks it; a valid table is remembered for
        the next new game, a refused value gets its reason beside it (the form stays)."""
        base = self.custom_base()
        fields = custom.fields_for(base.players)
        form = element("options-form")
        controls = {field.name: form.querySelector(f'[name="custom-{field.name}"]')
                    for field in fields}
        values = {}
        for field in fields:
            control = controls[field.name]
            if field.kind == "switch":
                values[field.name] = custom.ON if control.checked else custom.OFF
            else:
                text = str(control.value).strip()
                empty = field.kind == "number_or_none" and not text
                values[field.name] = custom.NONE if empty else text
        chosen, errors = custom.parse(values, base)
        for field in fields:
            message = errors.get(field.name, "")
            element(f"custom-{field.name}-error").textContent = message
            control = controls[field.name]
            if message:
                control.setAttribute("aria-invalid", "true")
            else:
                control.removeAttribute("aria-invalid")
        element("custom-error-form").textContent = errors.get(custom.FORM, "")
        if chosen is not None:
            self.prefs = replace(self.prefs, custom_values=tuple(values.items()))
            if not store.save_prefs(storage, self.prefs):
                self.notice(_("Your options could not be saved; they apply until you close "
                              "the page."))

    def on_options_change(self, event: Any) -> None:
        box = event.target
        name = box.name
        if str(name).startswith("custom-"):
            self.custom_changed()
            return
        value = bool(box.checked) if name in SWITCHES else str(box.value)
        self.prefs = self.prefs.with_value(name, value)
        if name == "speed":
            self.speed_override = None
            self.apply_motion()
        if name in ("table", "custom"):
            if name == "table":  # a new table: its own settings to start from
                self.prefs = replace(self.prefs, custom_values=())
                store.save_prefs(storage, self.prefs)
            self.fill_custom()
        if name == "lang":
            drop_query_parameters("lang")  # a ?lang= link no longer outranks this choice
            self.change_language(self.prefs.lang)
        if not store.save_prefs(storage, self.prefs):
            self.notice(_("Your options could not be saved; they apply until you close the page."))
        if name == "level" and not self.ui.daily:
            self.ui = replace(self.ui, level=self.prefs.level)
            self.save()
            if self.prefs.level == "expert":
                self.start_worker_soon()
        if name == "par":
            self.html_cache.pop("summary-body", None)
            self.record.start_par()
        if name == "opponent":
            self.fill_opponent_offer()
        self.render()

    def on_import(self, event: Any) -> None:
        """A game file chosen to review (Options → Review a game file)."""
        files = event.target.files
        file = files.item(0) if files and files.length else None
        event.target.value = ""  # the same file can be chosen again
        self.spawn(self.record.import_file(file))

    def on_key(self, event: Any) -> None:
        self.gestured = True
        if self.record.review_key(event.key):
            event.preventDefault()
            return
        if document.querySelector("dialog[open]"):
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


def hand_result_text(game: Game) -> str:
    record = game.history[-1]
    ours, theirs = record.points
    values = {"number": record.number + 1, "ours": i18n.signed(ours),
              "theirs": i18n.signed(theirs), "score": i18n.number(record.scores[0]),
              "other": i18n.number(record.scores[1])}
    if game.rules.players == 2:
        text = _("Hand {number} is over. You {ours}, {seat} {theirs}. Score {score} to "
                 "{other}.").format(seat=table.seat_name(1, 2), **values)
    else:
        text = _("Hand {number} is over. You and North {ours}, West and East {theirs}. "
                 "Score {score} to {other}.").format(**values)
    if game.winner is not None:
        text += " " + table.game_over_text(game)
    return text


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


def browser_languages() -> list[str]:
    """The browser's preferred languages, best first (navigator.languages)."""
    navigator = window.navigator
    found = navigator.languages
    if found:
        return [str(tag) for tag in found]
    return [str(navigator.language)] if navigator.language else []


def start() -> App:
    app = App()
    params = window.URLSearchParams.new(window.location.search)
    address = read_address(lambda name: text_or_none(params.get(name)))
    i18n.set_language(i18n.choose_language(address.lang, app.prefs.lang, browser_languages()))
    translate_page()
    app.clock_override = address.clock
    if address.par is not None:
        app.record.par_simulations = address.par
    app.speed_override = address.speed
    app.expert_seconds = address.think
    if address.workers is not None:
        app.pool.size = players.pool_size(None, address.workers)
    notices = [_(store.BROKEN_PREFS_MESSAGE)] if app.prefs_broken else []
    try:
        game, ui, problem = store.load_game(storage, app.prefs.level)
        app.rev = store.stored_rev(storage)
    except Exception:  # storage refused: play in memory, write nothing over what it holds
        game, ui, problem = None, None, ""
        app.saving = False
        notices.append(_(store.NO_STORAGE_MESSAGE))
        app.told_unsaved = True
    # A link deals a game: a given deal (?seed=), or another table than the saved game's
    # (?table=duel); a link to the table already there goes on with the saved game.
    link_deals = address.seed is not None or (
        address.table is not None
        and (game is None or game.rules.name != PRESETS[address.table].name))
    if game is not None:
        assert ui is not None  # load_game returns a game with its UI state
        app.restore(game, ui)
        app.record.settle_day()
    if link_deals and game is not None and door.in_progress(app.game, app.humans()):
        # A game in progress is never lost to a link unasked: the page asks once it is
        # ready ("Keep my game" is the default); the address keeps the link till then.
        app.link_asked = (address.table, address.level, address.seed)
    else:
        if link_deals:
            app.open_link(address.table, address.level, address.seed)
        elif game is None:
            app.new_game(None, address.level)
        if game is None and problem and address.seed is None:
            notices.append(_(problem))
        # A reload must restore this game, not deal it again: drop the one-time parameters.
        drop_query_parameters("seed", "table", "level")
    if address.ignored:
        drop_query_parameters(*address.ignored)
        notices.append(_("Part of this link was not understood, so it was left out."))
    if notices:
        app.notice(" ".join(notices))
    app.apply_motion()
    root = element("app")
    # Playable from here on, and focusable before the first render, which may put the
    # keyboard on the pass-and-play cover.
    root.removeAttribute("inert")
    app.render()
    window.performance.mark("spades:rendered")
    root.addEventListener("click", create_proxy(app.on_click))
    document.addEventListener("keydown", create_proxy(app.on_key))
    document.addEventListener("visibilitychange", create_proxy(lambda _: app.update_title()))
    element("options-form").addEventListener("change", create_proxy(app.on_options_change))
    element("import-file").addEventListener("change", create_proxy(app.on_import))
    window.addEventListener("storage", create_proxy(app.on_storage))
    # "Continue here" is the only way on: Escape does not close the notice.
    element("elsewhere").addEventListener("cancel",
                                          create_proxy(lambda event: event.preventDefault()))
    # A new version of the site is waiting (web/register-sw.js): offer the reload.
    window.addEventListener("spades:update-ready",
                            create_proxy(lambda _: setattr(element("update"), "hidden", False)))
    element("confirm-link").addEventListener("close", create_proxy(lambda _: app.link_closed()))
    element("loading").hidden = True
    if app.record.first_visit_in_tab() and not address.linked:
        app.record.open_door()
    if app.link_asked is not None:
        element("confirm-link").showModal()
    ROOT.dataset.ready = "true"
    app.record.game_finished()  # a game that ended as the page closed
    app.record.start_par()
    app.spawn(app.warm_up())
    if app.ui.level == "expert":
        app.start_worker_soon()
    app.spawn(app.resume_play())
    app.spawn(app.clock_loop())
    return app


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


try:
    APP = start()
except Exception as failure:  # any failure: the page must offer a way on
    show_failure(failure)
