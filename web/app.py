"""The page on the main thread: a thin layer between the DOM and the engine.

It reads the state (store.py), asks table.py what the table shows, writes render.py's
HTML into stable containers, and turns clicks and keys (delegated from #app) into engine
calls. The engine is the only authority on rules: playable cards come from
``legal_actions()``, refusals from ``explain()``. Computer players move after a pause set
by the speed preference; Easy/Medium/Hard think here (milliseconds), Expert in the AI
worker, started only when Expert is chosen, so the page never freezes.

``App`` is assembled from rooms, one module each, by what the player does (room.py says
how): the table's flow (flow.py), what it shows (screen.py), the two-player seats and the
clock (seats.py), meeting a friend online (meeting.py), the online table (online.py), the
dialogs and options (dialogs.py), the keyboard (keyboard.py), storage and tabs (tabs.py),
the hint (coaching.py) and table talk (talk.py);
the record and the front door are record.py's, which receives the App. This module holds
the state they share and starts the page (``start``).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Coroutine
from dataclasses import replace
from typing import Any

import clock
import custom
import door
import early
import hints
import i18n
import js
import peer
import players
import pool
import reactions
import record
import sounds
import store
import table
from address import read_address
from coaching import Coaching
from dialogs import Dialogs
from failure import show_failure
from flow import Flow
from i18n import _
from keyboard import Keyboard
from meeting import Meeting
from online import Online
from party import PartyTable
from prefs import LEVELS, TABLES
from pyodide.ffi import create_proxy
from pyscript import document, window
from room import (
    ROOT,
    T,
    drop_query_parameters,
    element,
    storage,
    translate_page,
)
from screen import Screen
from seats import Seats
from store import text_or_none
from tabs import Tabs
from talk import Talk

from spades import (
    PRESETS,
    Action,
    Card,
    Game,
    Phase,
    Rules,
)

js.performance.mark("spades:imported")

ANNOUNCED_LINES = 4
"""#announce keeps its last few lines (a screen reader reads each as it is added; the
rest are kept only so that a line is never replaced before it was read)."""

class App(PartyTable, Flow, Screen, Seats, Meeting, Online, Dialogs, Keyboard, Tabs, Coaching,
          Talk):
    """The page's controller: the rooms (room.py) and the state they share."""

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
        # The turn whose prompt was last said (Screen.render): said once as it comes.
        self.turn_said: tuple[object, ...] = ()
        self.turn_prompt = ""  # what the last render's turn asks (Screen.say_turn)
        self.speaking = False  # the turn is said from the end of start() on
        # A finished trick held on the table before the sweep, and its winner.
        self.shown_trick: tuple[tuple[int, str], ...] | None = None
        self.held_winner: int | None = None
        # The hand's last trick is held: its summary waits until the trick has been seen.
        self.summary_held = False
        # What a tap on the painted table made the page say (replay_early): resume_play
        # says it again with the winner of the trick it holds again.
        self.said_early = ""
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
        # The hint (coaching.py) starts them too, at any level, and keeps them wanted.
        self.hint_wanted = False
        self.pool = pool.ExpertPool(size, self.spawn,
                                    lambda: self.ui.level == "expert" or self.hint_wanted,
                                    self.expert_given_up)
        # The hint of the decision on the table, once given, and the decision whose hint
        # is being worked out ((seed, hints.turn_of)).
        self.hint: hints.Suggestion | None = None
        self.hint_asked: tuple[int, tuple[int, ...]] | None = None
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
        self.link: peer.Link | None = None  # the online game's channel (online.py)
        # A page met that offers another game while one is kept: "Leave your game?"
        self.leave_offer: tuple[peer.Link, dict[str, Any] | None] | None = None
        # Table talk (talk.py): the pace of your reactions and of each seat's received,
        # and the bubble by each seat now (its reaction's key, and its number: a newer one
        # replaces it, and only the newest is taken away when its time is up).
        self.talk_sent = reactions.Gate(reactions.SEND_GAP_MS)
        self.talk_heard = reactions.Gate(reactions.HEAR_GAP_MS)
        self.bubbles: dict[int, tuple[str, int]] = {}
        self.bubble_count = 0

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
        before = i18n.language()
        i18n.set_language(code)
        translate_page()
        self.fill_options()  # its fields written by Python (the custom table, the names)
        if element("online").open:  # (another tab's choice: this one's dialog may be open)
            self.retranslate_online(before)
        self.html_cache.clear()
        if element("help").open:
            self.fill_help()
        self.record.retranslate()
        # The last notice and announcement told of a moment past, in the language before.
        self.notice("")
        self.announce("")
        if element("sheet-body").innerHTML:
            self.fill_sheet()
        self.render()

    # ------------------------------------------------------------------ games

    def new_game(self, table_name: str | None = None, level: str | None = None,
                 seed: int | None = None, daily: bool = False,
                 rules: Rules | None = None, day: str = "") -> None:
        """A new game: of ``table_name`` (else the one chosen in Options), or of exactly
        ``rules`` (the same deal again keeps a custom table's settings)."""
        self.generation += 1
        self.online_forget()
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

    # ------------------------------------------------------------------ rendering

    def set_html(self, ident: str, html: str) -> None:
        if self.html_cache.get(ident) != html:
            self.html_cache[ident] = html
            element(ident).innerHTML = html

    def notice(self, text: str) -> None:
        element("notice").textContent = text

    def announce(self, text: str) -> None:
        """Say ``text`` to screen readers: a new line in #announce, a polite live region
        that reads what is added (a move and the turn it brings, said in one moment, are
        both heard; the same words twice are said twice). "" clears it. While a modal
        dialog is open the page behind it is inert, its live region silent: the dialog's
        own region ([data-announce]) says it."""
        region = (document.querySelector("dialog[open] [data-announce]")
                  or element("announce"))
        if not text:
            region.replaceChildren()
            return
        line = document.createElement("p")
        line.textContent = text
        region.append(line)
        while region.childElementCount > ANNOUNCED_LINES:
            region.firstElementChild.remove()

    # ------------------------------------------------------------------ who plays here

    def ready(self) -> None:
        """The next player has the device: their cards, their turn (and their clock)."""
        if not self.handoff_needed():
            return
        turn = self.game.turn
        assert turn is not None  # handoff_needed: someone is on turn
        self.ui = replace(self.ui, viewer=turn)
        self.selected = set()
        self.save()
        # Said before the render, which says what the turn asks (Screen.say_turn).
        self.announce(_("{seat}: your turn.").format(seat=self.names()[turn]))
        self.render()
        self.focus_table()


def early_taps_text() -> str | None:
    """What web/paint.js kept of the taps on the painted table, as JSON (None: no paint)."""
    try:
        return text_or_none(window.JSON.stringify(window.spadesEarly))
    except AttributeError:  # nothing painted: nothing kept
        return None


def start() -> App:
    app = App()
    params = window.URLSearchParams.new(window.location.search)
    address = read_address(lambda name: text_or_none(params.get(name)))
    i18n.set_language(i18n.choose_language(address.lang, app.prefs.lang,
                                          i18n.browser_languages()))
    translate_page()
    app.clock_override = address.clock
    if address.par is not None:
        app.record.par_simulations = address.par
    app.record.marks_after_hands = address.coach != 0
    app.speed_override = address.speed
    app.expert_seconds = address.think
    app.relay_override = address.relay
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
    if not link_deals:
        app.online_restore()  # an online game this browser was playing goes on
        app.party_restore()  # a four-seat game this page left: back to its seat
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
    # Taps on the painted table (web/paint.js) count only on the game and move painted.
    kept = None if app.link_asked else early.read_early(early_taps_text())
    if kept is not None and kept.taps and not kept.made_on(app.game):
        notices.append(_(early.STALE_MESSAGE))
        kept = None
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
    root.removeAttribute("aria-busy")  # the painted picture is live from here on
    for marked in root.querySelectorAll(".early-tap"):  # and its taps' marks go
        marked.classList.remove("early-tap")
    app.render()
    window.performance.mark("spades:rendered")
    root.addEventListener("click", create_proxy(app.on_click))
    document.addEventListener("keydown", create_proxy(app.on_key))
    document.addEventListener("visibilitychange", create_proxy(lambda _: app.update_title()))
    element("options-form").addEventListener("change", create_proxy(app.on_options_change))
    element("import-file").addEventListener("change", create_proxy(app.on_import))
    element("online-name").addEventListener("change", create_proxy(app.on_online_name))
    element("party-seats").addEventListener("change", create_proxy(app.on_party_seat))
    window.addEventListener("storage", create_proxy(app.on_storage))
    # "Continue here" is the only way on: Escape does not close the notice.
    element("elsewhere").addEventListener("cancel",
                                          create_proxy(lambda event: event.preventDefault()))
    # A new version of the site is waiting (web/register-sw.js): offer the reload.
    window.addEventListener("spades:update-ready",
                            create_proxy(lambda _: setattr(element("update"), "hidden", False)))
    element("confirm-link").addEventListener("close", create_proxy(lambda _: app.link_closed()))
    element("loading").hidden = True
    # The player went on with the game on the painted table: it needs no front door.
    tapped = app.replay_early(kept) if kept is not None and kept.taps else 0
    if address.online is not None:  # a friend's room link: straight into joining it
        drop_query_parameters("online")  # (a reload does not join again)
        app.online_open_room(address.online)
    elif app.record.first_visit_in_tab() and not address.linked and not tapped:
        app.record.open_door()
    if app.link_asked is not None:
        element("confirm-link").showModal()
    # From here the turn is said as it comes: the first render was before any dialog
    # opened, and its turn is said now, or when the front door closes (table_in_view).
    app.speaking = True
    app.table_in_view()
    for dialog in document.querySelectorAll("dialog"):
        dialog.addEventListener("close", create_proxy(app.table_in_view))
    ROOT.dataset.ready = "true"
    app.record.game_finished()  # a game that ended as the page closed
    app.record.start_par()
    app.record.start_marks()  # a hand that ended as the page closed
    app.spawn(app.warm_up())
    if app.ui.level == "expert":
        app.start_worker_soon()
    if not app.busy:  # else the early tap's move runs the computers after it
        app.spawn(app.resume_play())
    app.spawn(app.clock_loop())
    return app


try:
    APP = start()
except Exception as failure:  # any failure: the page must offer a way on
    show_failure(failure)
