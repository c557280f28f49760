"""The two-player seats and the clock: the device's holder, the cover, the reveal."""

from __future__ import annotations

import asyncio

import clock
import table
from i18n import _, ngettext
from prefs import shown_name
from pyscript import document, window
from room import (
    REVEAL_MS,
    Room,
    element,
)

from spades import (
    Action,
    Draw,
    Game,
    Phase,
    Replace,
)


class Seats(Room):
    def humans(self) -> frozenset[int]:
        """The seats people play at this device: yours, and at pass and play both."""
        return frozenset({0, 1}) if self.ui.person_opposite else frozenset({0})

    def names(self) -> tuple[str, str]:
        """The two players' names: at pass and play yours and your friend's (Options);
        online, as each page said its own. A name not typed is the seat's default in the
        page's language now (prefs.shown_name)."""
        if self.ui.online and self.link is not None:
            first, second = self.link.names
        else:
            first, second = self.prefs.name, self.prefs.friend_name
        return shown_name(first, 0), shown_name(second, 1)

    def handoff_needed(self) -> bool:
        """Pass and play: the other player is to act, and has not yet tapped Ready (the
        table then shows no one's cards)."""
        game = self.game
        return (self.ui.friend and game.turn is not None and game.turn != self.ui.viewer
                and not self.ui.summary and game.phase is not Phase.GAME_OVER
                and self.reveal is None)

    def seat_table(self) -> None:
        names = self.names() if self.ui.person_opposite else ()
        table.set_seating(table.Seating(self.ui.viewer, names))

    def clock_seconds(self) -> int | None:
        """Seconds per decision now, or None: the table's clock, unless turned off."""
        return clock.clock_seconds(self.game.rules.clock_seconds, self.prefs.clock,
                                   self.clock_override)

    def clock_applies(self) -> bool:
        """A person decides now at a table with a clock (computers need none)."""
        game = self.game
        return (self.clock_seconds() is not None and game.turn == self.ui.viewer
                and not self.handoff_needed() and not self.ui.summary
                and game.phase is not Phase.GAME_OVER and not self.online_waiting())

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
        self.online_tick(now)
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
            action = self.online_timeout_action() if self.online_playing() else None
            if action is None:
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
