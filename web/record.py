"""The player's record at the page: today's game as the front door, the statistics and
the share line; with the duplicate par (duplicate.py) and the hand review and a game's
file (replay.py), the parts it is assembled from (record_room.py says how).

The table (app.py, through the ``Table`` it hands over) tells this module when a hand
or a game has finished; everything here is read from the engine's record of the game
(``Game.history``, ``Game.actions``) and from the statistics in localStorage, never from
a second copy of the rules.
"""

from __future__ import annotations

import contextlib
import datetime
from dataclasses import replace

import dates
import door
import share
import stats
import table
from duplicate import Duplicate
from i18n import _, browser_languages, language
from marking import Marking
from pyscript import document, window
from record_room import element, js_object
from replay import Replay

from spades import PRESETS, Game, Phase
from spades.daily import DAILY_LEVEL, DAILY_PRESET, seed_for

VISIT_KEY = "spades.visit"
"""sessionStorage: set once the front door has been offered in this tab (a reload is not
a new visit)."""


def date_locale() -> str:
    """The locale of the player's dates: the page's language, in the region the browser
    prefers for it (web/dates.py)."""
    return dates.date_locale(language(), browser_languages())


def browser_date(day: datetime.date, locale: str, options: dict[str, str]) -> str:
    """``day`` as the browser writes it in ``locale``: for a region dates.py does not know
    (its first use starts the browser's ICU: 11-70 ms once)."""
    when = window.Date.new(day.year, day.month - 1, day.day)
    return str(when.toLocaleDateString(locale, js_object(options)))


class Record(Duplicate, Replay, Marking):
    """What the page keeps of the games played here, and the screens that show it: today's
    game (the front door), the statistics and the share line here; the duplicate par
    (duplicate.py), the hand review and a game's file (replay.py)."""

    # ------------------------------------------------------------------ today's game

    def today(self) -> datetime.date:
        """Today by the browser's clock and calendar: the day changes at the player's
        own midnight."""
        now = window.Date.new()
        return datetime.date(now.getFullYear(), now.getMonth() + 1, now.getDate())

    def date_words(self, day: datetime.date) -> str:
        """A date in the player's words ("December 4, 2026"; "4 December 2026" for a
        British English browser), as the browser writes it."""
        locale = date_locale()
        return dates.long_date(day, locale) or browser_date(day, locale,
                                                            {"dateStyle": "long"})

    def short_date_words(self, iso_day: str) -> str:
        """A day and month in the player's words ("November 29"): how the header and the
        door name a daily game of an earlier day."""
        day, locale = datetime.date.fromisoformat(iso_day), date_locale()
        return dates.day_and_month(day, locale) or browser_date(
            day, locale, {"day": "numeric", "month": "long"})

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

    # ------------------------------------------------------------------ statistics

    def game_finished(self) -> None:
        """A game is over: into the statistics, once (a reload does not count it again).
        A pass-and-play game is two people's, not this player's record: left out. An
        online game is this player's, at their own seat, filed apart from the computer's
        levels (as "online"; at four, as "party", with the partner: ``online_result``)."""
        app = self.app
        if app.ui.recorded or app.game.phase is not Phase.GAME_OVER:
            return
        app.ui = replace(app.ui, recorded=True)
        app.save()
        if app.ui.friend:
            return
        if app.ui.online:
            result = self.online_result(app.game, app.ui.viewer % 2)
        else:
            day = app.ui.day if app.ui.daily else None
            result = stats.result_of(app.game, app.ui.level, day, self.complete_par(),
                                     hints=app.ui.hints, coach=self.game_coach(app.game))
        self.stats = stats.record_game(self.stats, result)
        self.save_stats()
        self.start_par()

    def online_ended(self, game: Game, side: int, won: bool) -> None:
        """An online game that ended before its score did (a forfeit, a player who left or
        was away): into the statistics, as a win or a loss for ``side`` (this page's
        player), with the hands played so far; once. One that ended before its first hand
        was over counts for nobody (a game abandoned at the deal: no figure to keep)."""
        app = self.app
        if app.ui.recorded or not app.ui.online or not game.history:
            return
        app.ui = replace(app.ui, recorded=True)
        app.save()
        side %= 2  # (at four, a seat: its side)
        result = self.online_result(game, side, winner=side if won else 1 - side)
        self.stats = stats.record_game(self.stats, result)
        self.save_stats()

    def online_result(self, game: Game, side: int,
                      winner: int | None = None) -> stats.GameResult:
        """An online game's result for ``side``: "online" at two players; at four (the
        four-seat room, web/party.py), "party" with the partner the table showed (none
        known when the room is gone)."""
        if game.rules.players != 4:
            return stats.result_of(game, stats.ONLINE, side=side, winner=winner)
        partner = self.app.online_partner()
        name, computer = partner if partner is not None else (None, None)
        return stats.result_of(game, stats.PARTY, side=side, winner=winner, partner=name,
                               partner_computer=computer)

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
        # Imported when the statistics first open, not as the page starts (issue 30).
        import charts
        import stats_view

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
        names["party"] = _("Four at the table online")
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
            # Below the button, it may be below the panel's visible part (issue 45).
            beside.scrollIntoView(js_object({"block": "nearest"}))
        else:
            self.app.notice(said)
            self.app.announce(said)

