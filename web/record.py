"""The player's record at the page: today's game as the front door, duplicate par, the
statistics, the share line, the hand review, and a game's export and import.

The table (app.py, through the ``Table`` it hands over) tells this module when a hand
or a game has finished; everything here is read from the engine's record of the game
(``Game.history``, ``Game.actions``) and from the statistics in localStorage, never from
a second copy of the rules.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
from collections.abc import Coroutine
from dataclasses import replace
from typing import Any, Protocol, TypeVar

import charts
import door
import review
import share
import stats
import stats_view
import store
import table
from i18n import _, language, signed
from prefs import Prefs
from pyodide.ffi import to_js
from pyscript import document, window
from store import text_or_none

from spades import PRESETS, Game, Phase, Rules
from spades.daily import DAILY_LEVEL, DAILY_PRESET, seed_for
from spades.review import hand_replays


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

    def spawn(self, coroutine: Coroutine[Any, Any, T]) -> asyncio.Task[T]: ...


T = TypeVar("T")

VISIT_KEY = "spades.visit"
"""sessionStorage: set once the front door has been offered in this tab (a reload is not
a new visit)."""
EXPERT_OPPONENTS_PAR = 1500
"""The par's simulations a decision when the opponents are Expert too (see par_budget)."""
MAX_IMPORT_BYTES = 2_000_000
"""A game file larger than this is not one of ours (a whole game is some 10 kB)."""


def element(ident: str) -> Any:
    return document.getElementById(ident)


def js_object(values: dict[str, Any]) -> Any:
    return to_js(values, dict_converter=window.Object.fromEntries)


class Record:
    """What the page keeps of the games played here, and the screens that show it."""

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

    # ------------------------------------------------------------------ today's game

    def today(self) -> datetime.date:
        """Today by the browser's clock and calendar: the day changes at the player's
        own midnight."""
        now = window.Date.new()
        return datetime.date(now.getFullYear(), now.getMonth() + 1, now.getDate())

    def date_words(self, day: datetime.date) -> str:
        """A date in the player's words, by the browser's own calendar for the language."""
        when = window.Date.new(day.year, day.month - 1, day.day)
        return str(when.toLocaleDateString(language(), js_object({"dateStyle": "long"})))

    def short_date_words(self, iso_day: str) -> str:
        """A day and month in the player's words ("29 November"): how the header and the
        door name a daily game of an earlier day."""
        day = datetime.date.fromisoformat(iso_day)
        when = window.Date.new(day.year, day.month - 1, day.day)
        return str(when.toLocaleDateString(language(), js_object(
            {"day": "numeric", "month": "long"})))

    def daily_result(self, day: datetime.date) -> door.DailyResult | None:
        found = self.stats.daily.get(day.isoformat())
        if found is None:
            return None
        game = self.daily_game(day)
        return door.DailyResult(found.won, found.scores, game.hands if game else None,
                                found.par)

    def daily_game(self, day: datetime.date) -> stats.GameResult | None:
        """The day's first finished daily game, as the statistics keep it (the recent
        games: a day long past may have only its line in the calendar)."""
        found = self.stats.daily.get(day.isoformat())
        return next((game for game in self.stats.games
                     if game.daily == day.isoformat() and found is not None
                     and game.scores == found.scores), None)

    def settle_day(self) -> bool:
        """At start-up, and whenever the page shows a daily game (the day may end while
        the page is open): a daily game of an earlier day goes on as an ordinary game.
        True if it just did."""
        if not self.app.ui.daily:
            return False
        ui, changed = door.settle_day(self.app.ui, self.today())
        if changed:
            self.app.ui = ui
            self.app.save()
            self.app.notice(_("Yesterday's daily game goes on as an ordinary game."))
        return changed

    def first_visit_in_tab(self) -> bool:
        """True once per tab: the start of a visit (a reload is not one)."""
        try:
            if window.sessionStorage.getItem(VISIT_KEY):
                return False
            window.sessionStorage.setItem(VISIT_KEY, "1")
        except Exception:  # storage disabled: offer the front door every time
            return True
        return True

    def open_door(self) -> None:
        """The front door: today's game and its status, then the game on the table."""
        app = self.app
        if self.settle_day():  # the header says what the door says of a game past midnight
            app.render()
        self.fill_door()
        dialog = element("today")
        if not dialog.open:
            dialog.showModal()
        button = dialog.querySelector("button.primary")
        if button:
            button.focus()

    def fill_door(self) -> None:
        """The front door's words: today's game's status and the game on the table."""
        app = self.app
        day = self.today()
        status = door.daily_status(day, app.game, app.ui, self.daily_result(day))
        element("today-title").textContent = _("Today's game — {date}").format(
            date=self.date_words(day))
        # The game on the table, unless it is today's, or a deal nobody here has touched
        # yet (only the computers have moved: there is nothing to continue or to lose).
        todays = door.is_todays(app.game, app.ui, day)
        untouched = (app.game.phase is not Phase.GAME_OVER
                     and not door.has_your_moves(app.game, app.humans()))
        line = "" if todays or untouched else self.game_line(app.game)
        element("today-body").innerHTML = door.door_html(status, line)

    def retranslate(self) -> None:
        """Write the record's dialogs again in the page's language, which changed under
        them (Options, or another tab's Options through a storage event): an open one
        shows it at once, a closed one holds no words of the language before."""
        if element("today-body").innerHTML:
            self.fill_door()
        if element("stats-body").innerHTML:
            element("stats-body").innerHTML = self.stats_body()
        if self.review_game is not None and self.review_replays:
            self.show_review(announce=False)

    def game_line(self, game: Game) -> str:
        if game.phase is Phase.GAME_OVER:
            return _("Your last game is over.")
        if self.app.ui.day and not self.app.ui.daily:  # a daily game of an earlier day
            return _("Your game: the daily game of {date}, hand {number}, {ours} to "
                     "{theirs}.").format(date=self.short_date_words(self.app.ui.day),
                                          number=game.hand_number + 1,
                                          ours=game.scores[0], theirs=game.scores[1])
        return _("Your game: {table}, hand {number}, {ours} to {theirs}.").format(
            table=table.table_name(game.rules), number=game.hand_number + 1,
            ours=game.scores[0], theirs=game.scores[1])

    def close_door(self) -> None:
        if element("today").open:
            element("today").close()
        self.app.focus_table()

    def door_daily(self) -> None:
        """Today's game from the front door: a game in progress is never lost unasked."""
        if not door.in_progress(self.app.game, self.app.humans()):
            self.start_daily()
        else:
            element("confirm-daily").showModal()

    def start_daily(self) -> None:
        for ident in ("confirm-daily", "options", "today"):
            if element(ident).open:
                element(ident).close()
        day = self.today()
        self.app.new_game(DAILY_PRESET, DAILY_LEVEL, seed_for(day), daily=True,
                          day=day.isoformat())
        self.app.notice(_("The daily game of {date}: Quick rules, Medium players.").format(
            date=self.date_words(day)))
        self.app.after_new_game()

    def daily_again(self) -> None:
        """Today's deal again, for fun: an ordinary game (the day's result stays)."""
        if element("today").open:
            element("today").close()
        day = self.today()
        if door.in_progress(self.app.game, self.app.humans()):
            element("confirm-replay").showModal()
            self.app.replay_target = (seed_for(day), PRESETS[DAILY_PRESET], DAILY_LEVEL)
            return
        self.app.new_game(DAILY_PRESET, DAILY_LEVEL, seed_for(day))
        self.app.notice(_("Today's deal again, for fun: the result that counts is "
                          "your first one."))
        self.app.after_new_game()

    # ------------------------------------------------------------------ duplicate par

    def par_wanted(self) -> bool:
        """Par after each hand: always in the daily game, in others if asked for (never
        at pass and play, where the other seat is a person)."""
        ui = self.app.ui
        return not ui.person_opposite and (ui.daily or self.app.prefs.par)

    def par_line(self, number: int) -> str:
        """The summary's comparison for hand ``number`` (0-based), or "" without par."""
        if not self.par_wanted():
            return ""
        game = self.app.game
        if number >= len(game.history):
            return ""
        ours = game.history[number].points[0]
        par = self.app.ui.par_points.get(number)
        if game.rules.players == 2:
            you = _("You {points}").format(points=signed(ours))
        else:
            you = _("You and North {points}").format(points=signed(ours))
        if par is None and self.par_unavailable:
            return _("{you} · par: not available in this browser").format(you=you)
        if par is None:
            return _("{you} · par: thinking…").format(you=you)
        return _("{you} · Expert in your seats {points}").format(you=you,
                                                                points=signed(par))

    def sheet_par(self) -> dict[int, int | None] | None:
        """Par by hand for the score sheet (None: this game has no par column)."""
        if not self.par_wanted():
            return None
        points = self.app.ui.par_points
        return {number: points.get(number) for number in range(len(self.app.game.history))}

    def missing_par(self) -> list[int]:
        done = self.app.ui.par_points
        return [number for number in range(len(self.app.game.history)) if number not in done]

    def start_par(self) -> None:
        """Work out the par of every finished hand that has none yet, in the background
        (one task: a second call while it runs is picked up by its loop)."""
        if not self.par_wanted() or not self.missing_par() or self.par_unavailable:
            return
        if self.par_task is None or self.par_task.done():
            self.par_task = self.app.spawn(self.par_loop())

    async def par_loop(self) -> None:
        while self.par_wanted():
            missing = self.missing_par()
            if not missing:
                return
            game, number, generation = self.app.game, missing[0], self.app.generation
            try:
                worker = await self.get_par_worker()
            except Exception as error:  # refused, or not started in a minute: no par
                window.console.warn(f"par worker given up: {error}")
                self.par_unavailable = True
                self.par_arrived()  # "thinking…" becomes "not available"
                return
            try:
                points = int(await worker.par(game.to_json(), number, self.app.ui.level,
                                              self.par_budget()))
            except Exception as error:  # no par is better than a stuck game
                window.console.warn(f"par failed: {error}")
                return
            if self.app.generation != generation:
                continue  # a new game began meanwhile (even of the same deal): not its par
            self.app.ui = replace(self.app.ui, par=tuple(sorted(
                {**self.app.ui.par_points, number: points}.items())))
            self.app.save()
            self.par_arrived()

    def par_arrived(self) -> None:
        """A par landed: in the open summary, the open score sheet, and the statistics
        of a game that is over."""
        app = self.app
        app.html_cache.pop("summary-body", None)
        app.render()
        if element("sheet").open:
            app.fill_sheet()
        if app.game.phase is Phase.GAME_OVER and not self.missing_par():
            self.add_par_to_record()

    async def get_par_worker(self) -> Any:
        if self.par_worker is None:
            import workers

            self.par_worker = await workers.start_worker("par")
            document.documentElement.dataset.parWorker = "ready"
        return self.par_worker

    def par_budget(self) -> int:
        """The Expert's simulations for the par (0: the worker's PAR_SIMULATIONS). Against
        Expert opponents four seats search, so each thinks half as long; the par is then
        an estimate (the opponents of the game were capped at a second a move)."""
        if self.par_simulations:
            return self.par_simulations
        return EXPERT_OPPONENTS_PAR if self.app.ui.level == "expert" else 0

    def par_difference(self) -> int | None:
        game = self.app.game
        return stats.par_difference([record.points[0] for record in game.history],
                                    self.app.ui.par_points)

    # ------------------------------------------------------------------ statistics

    def game_finished(self) -> None:
        """A game is over: into the statistics, once (a reload does not count it again).
        A pass-and-play game is two people's, not this player's record: left out. An
        online game is this player's, at their own seat, filed apart from the computer's
        levels (as "online")."""
        app = self.app
        if app.ui.recorded or app.game.phase is not Phase.GAME_OVER:
            return
        app.ui = replace(app.ui, recorded=True)
        app.save()
        if app.ui.friend:
            return
        if app.ui.online:
            result = stats.result_of(app.game, stats.ONLINE, side=app.ui.viewer)
        else:
            day = app.ui.day if app.ui.daily else None
            result = stats.result_of(app.game, app.ui.level, day, self.complete_par())
        self.stats = stats.record_game(self.stats, result)
        self.save_stats()
        self.start_par()

    def complete_par(self) -> int | None:
        """The game's par difference once every hand has its par, else None."""
        if not self.par_wanted() or self.missing_par():
            return None
        return self.par_difference()

    def add_par_to_record(self) -> None:
        """The last par of a finished game arrived after the game was recorded."""
        app = self.app
        par = self.complete_par()
        if par is None or app.ui.friend or not app.ui.recorded:
            return
        day = app.ui.day if app.ui.daily else None
        self.stats = stats.with_par(self.stats, day, par)
        self.save_stats()

    def save_stats(self) -> None:
        if not stats.save_stats(self.storage, self.stats):
            self.app.notice(_("Your statistics could not be saved."))

    def open_stats(self) -> None:
        element("stats-body").innerHTML = self.stats_body()
        dialog = element("stats")
        if not dialog.open:
            dialog.showModal()
        element("stats-title").focus()
        dialog.scrollTop = 0

    def stats_body(self) -> str:
        game = self.app.game
        players = game.rules.players
        rows = [record.scores for record in game.history]
        current = charts.game_chart(
            rows, (table.side_name(0, players), table.side_name(1, players)),
            game.rules.target, _("This game's scores, hand by hand"))
        day = self.today()
        # The calendar's words from the browser's own calendar for the language.
        first = window.Date.new(day.year, day.month - 1, 1)
        month = str(first.toLocaleDateString(language(), js_object(
            {"month": "long", "year": "numeric"})))
        # Its weeks start on Monday: 1 January 2024 was one.
        weekdays = [str(window.Date.new(2024, 0, 1 + offset).toLocaleDateString(
            language(), js_object({"weekday": "short"}))) for offset in range(7)]
        chart = stats_view.section(_("This game"), current) if game.history else ""
        return chart + stats_view.stats_html(self.stats, day, self.table_names(),
                                             self.level_names(), month, weekdays)

    def table_names(self) -> dict[str, str]:
        from prefs import TABLES

        from spades import PRESETS as presets

        names = {key: table.table_name(presets[key]) for key in TABLES}
        names["custom"] = _("Custom table")
        return names

    def level_names(self) -> dict[str, str]:
        from prefs import LEVEL_NAMES

        names = {key: _(word) for key, word in LEVEL_NAMES.items()}
        names["friend"] = _("A friend on this device")
        names["online"] = _("A friend online")
        return names

    def reset_stats(self) -> None:
        element("confirm-reset-stats").close()
        self.stats = stats.Stats()
        self.save_stats()
        self.open_stats()
        self.app.notice(_("Your statistics have been reset."))

    # ------------------------------------------------------------------ the share line

    def can_share(self) -> bool:
        """Today's game is over and in the statistics: its game over offers Share."""
        ui = self.app.ui
        if not ui.daily or self.app.game.phase is not Phase.GAME_OVER:
            return False
        day = self.today()
        return ui.day == day.isoformat() and self.daily_game(day) is not None

    def share_line(self) -> str | None:
        day = self.today()
        result = self.daily_game(day)
        if result is None:
            return None
        address = str(window.location.origin) + str(window.location.pathname)
        return share.share_text(day, result, self.date_words(day), address)

    async def share(self) -> None:
        """The day's result: the phone's share sheet where there is one, else the
        clipboard; if both are refused, the text is shown to copy by hand."""
        text = self.share_line()
        if text is None:
            return
        navigator = window.navigator
        coarse = bool(window.matchMedia("(pointer: coarse)").matches)
        if coarse and hasattr(navigator, "share"):
            with contextlib.suppress(Exception):  # cancelled, or not allowed: the clipboard
                await navigator.share(js_object({"text": text}))
                return
        try:
            await navigator.clipboard.writeText(text)
        except Exception:
            element("share-text").value = text
            element("share-fallback").showModal()
            element("share-text").select()
            return
        said = _("Your result is on the clipboard.")
        # Said beside the Share button that was pressed (the door's, or the game over's):
        # the notice under the table is out of sight behind an open dialog.
        beside = (document.querySelector("#today[open] .share-said")
                  or document.querySelector("#summary:not([hidden]) .share-said"))
        if beside:
            beside.textContent = said  # a live region: read out as it is written
        else:
            self.app.notice(said)
            self.app.announce(said)

    # ------------------------------------------------------------------ hand review

    def open_review(self, game: Game, hand: int, step: int = 0) -> None:
        """The trick-by-trick replay of ``game``'s finished hand ``hand``."""
        if game is not self.review_game:
            self.review_game = game
            self.review_replays = hand_replays(game)
        if not self.review_replays:
            return
        self.review_hand = max(0, min(hand, len(self.review_replays) - 1))
        self.review_step = step
        self.show_review()
        dialog = element("review")
        if not dialog.open:
            dialog.showModal()
        element("review-title").focus()

    def show_review(self, announce: bool = True) -> None:
        game = self.review_game
        assert game is not None  # open_review set it
        replay = self.review_replays[self.review_hand]
        self.review_step = max(0, min(self.review_step, 13))
        players = game.rules.players
        # The step's buttons are written anew: the keyboard goes back to the one it was on
        # (or to the title, where that one is now disabled at an end).
        focused = document.activeElement
        action = text_or_none(focused.getAttribute("data-action")) if focused else None
        # The dialog's title names the hand (the body no longer repeats it).
        element("review-title").textContent = review.review_heading(replay)
        body = element("review-body")
        body.innerHTML = (review.review_choices_html(len(self.review_replays), self.review_hand)
                          + review.review_html(replay, self.review_step, players))
        if action and body.contains(focused) is False and element("review").open:
            again = body.querySelector(".review-choices .current" if action == "review-hand"
                                       else f'[data-action="{action}"]:not([disabled])')
            (again or element("review-title")).focus()
        if announce:
            self.app.announce(review.live_text(replay, self.review_step, players))

    def review_move(self, action: str, hand: int | None = None) -> None:
        steps = {"review-prev": self.review_step - 1, "review-next": self.review_step + 1,
                 "review-first": 0, "review-last": 13}
        if action == "review-hand" and hand is not None:
            self.review_hand, self.review_step = hand, 0
        elif action in steps:
            self.review_step = steps[action]
        self.show_review()

    def review_key(self, key: str) -> bool:
        """The arrows, Home and End step through the open review."""
        if not element("review").open:
            return False
        moves = {"ArrowLeft": "review-prev", "ArrowRight": "review-next",
                 "Home": "review-first", "End": "review-last"}
        if key not in moves:
            return False
        self.review_move(moves[key])
        return True

    # ------------------------------------------------------------------ export and import

    def export_game(self) -> None:
        """The game as a file: the engine's own save, which import reads back exactly."""
        game = self.app.game
        blob = window.Blob.new(to_js([game.to_json()]),
                               js_object({"type": "application/json"}))
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = f"spades-{game.seed}.json"
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(lambda: window.URL.revokeObjectURL(url), 1000)

    async def import_file(self, file: Any) -> None:
        """A game file chosen by the player, opened for review; it never replaces the
        game on the table. A file that is not a whole, unchanged game is refused."""
        if file is None:
            return
        if int(file.size) > MAX_IMPORT_BYTES:
            self.import_refused()
            return
        try:
            text = str(await file.text())
            game = Game.from_json(text)
        except Exception:  # SaveError, or a file that is not text at all
            self.import_refused()
            return
        if not game.history:
            self.app.notice(_("This game has no finished hand to review yet."))
            return
        for ident in ("options", "sheet"):
            if element(ident).open:
                element(ident).close()
        self.open_review(game, 0)

    def import_refused(self) -> None:
        said = _("This file is not a Spades game that can be read: nothing was changed.")
        self.app.notice(said)
        self.app.announce(said)

