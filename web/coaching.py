"""The hint on request (issue 46): the Hint button and the H key on your turn.

The Expert's choice for your seat from what you can see (web/hints.py words and marks it):
a bid's or a card's search is the coach's (``spades.ai.coach.coach_search``), its worlds
shared among Expert's workers (web/pool.py ``search``), so the page never waits on it;
the pool starts at the first hint if the game is not at Expert (the button says
"Thinking…" meanwhile). A pool that cannot start is said ("Hints are not available here
just now"), never searched on the page's own thread. The other decisions (the draw, the
exchange, the replacement, a Blind Nil offer) are the Expert's rules, decided here in a
moment. The hint is kept for its decision: asked again, it is shown again without a new
search, and counted once (``UiState.hints``).
"""

from __future__ import annotations

import asyncio
from typing import Any

import hints
import pool
from i18n import _
from pyscript import document, window
from room import Room, element

from spades import Phase


class Coaching(Room):
    def hint_turn_now(self) -> bool:
        """Your turn, and the table lets you act on it (not a summary, a cover, a reveal,
        nor an online move on its way)."""
        game, ui = self.game, self.ui
        return (game.phase is not Phase.GAME_OVER and game.turn == ui.viewer
                and not ui.summary and not self.handoff_needed()
                and self.reveal is None and not self.online_waiting())

    def say_hint_line(self, text: str) -> None:
        self.notice(text)
        self.announce(text)

    def ask_hint(self) -> None:
        """The Hint button or the H key: the hint of this decision, shown again if it was
        given already, else worked out (in the background)."""
        reason = hints.reason_not_offered(self.ui)
        if reason is not None:
            self.say_hint_line(_(reason))
            return
        if not self.hint_turn_now():
            self.say_hint_line(_(hints.NOT_YOUR_TURN))
            return
        turn = hints.turn_of(self.game, self.ui)
        if self.hint is not None and hints.answers(self.hint, self.game, self.ui):
            self.show_hint(self.hint)
            return
        if self.hint_asked == (self.game.seed, turn):
            return  # being worked out: "Thinking…" on the button says so
        self.hint_asked = (self.game.seed, turn)
        self.render()
        self.spawn(self.find_hint(turn, self.generation))

    async def find_hint(self, turn: tuple[int, ...], generation: int) -> None:
        asked = (self.game.seed, turn)
        started = window.performance.now()
        suggestion: hints.Suggestion | None = None
        try:
            suggestion = await self.work_out_hint(turn)
        except pool.PoolUnavailable:
            pass
        except Exception as error:  # a broken worker must not stop the game
            window.console.warn(f"the hint failed: {error}")
        finally:
            if self.hint_asked == asked:
                self.hint_asked = None
        if (generation != self.generation or self.game.seed != asked[0]
                or hints.turn_of(self.game, self.ui) != turn):
            self.render()  # the game moved on meanwhile: that hint is of no use now
            return
        if suggestion is None:
            self.render()
            self.say_hint_line(_(hints.UNAVAILABLE))
            return
        # For measurements (e2e/test_hint.py): how long the hint took, asked to shown.
        window.performance.measure("spades:hint", js_options(started))
        self.hint = suggestion
        self.ui = hints.count_hint(self.ui, turn)
        self.save()
        self.show_hint(suggestion)

    async def work_out_hint(self, turn: tuple[int, ...]) -> hints.Suggestion:
        game, seat = self.game, self.ui.viewer
        view = game.view(seat)
        offer = hints.blind_offer(game, self.ui)
        if offer:
            return hints.offer_hint(view, turn, game.seed)
        view = hints.offered_view(view, offer)
        await asyncio.sleep(0)  # the button's "Thinking…" is drawn first
        search = hints.hint_search(view, game.seed)
        if search is None:
            return hints.plain_hint(view, game.seed, turn)
        single = hints.single_option(view, search, turn, game.seed)
        if single is not None:
            return single
        self.hint_wanted = True  # the pool starts (and stays) for hints at any level
        tally = await self.pool.search(game, seat, search)
        return hints.from_means(view, search, tally.means(), turn, game.seed)

    def show_hint(self, suggestion: hints.Suggestion) -> None:
        """The hint on the table: its card or button marked (``hint_marks``) and focused,
        its line in the notice and said."""
        self.render()
        self.say_hint_line(hints.hint_text(suggestion))
        target = document.querySelector("#bids:not([hidden]) .suggested, #hand .suggested")
        if target:
            target.focus()

    def hint_marks(self, view: Any) -> Any:
        """The table view with the hint of this decision marked, if one was given."""
        if (self.hint is None or not view.your_turn
                or not hints.answers(self.hint, self.game, self.ui)):
            return view
        return hints.marked(view, self.hint)

    def render_hint_button(self, your_turn: bool) -> None:
        """The Hint button: on your turn against the computer; at today's game it says
        why there is none (aria-disabled, so it stays focusable and says its reason)."""
        button = element("hint-button")
        reason = hints.reason_not_offered(self.ui)
        button.hidden = not your_turn or reason == hints.PERSON_REASON
        if reason == hints.DAILY_REASON:
            button.setAttribute("aria-disabled", "true")
            button.setAttribute("aria-description", _(reason))
        elif button.hasAttribute("aria-disabled"):
            button.removeAttribute("aria-disabled")
            button.removeAttribute("aria-description")
        thinking = self.hint_asked is not None and self.hint_asked == (
            self.game.seed, hints.turn_of(self.game, self.ui))
        word = _("Thinking…") if thinking else _("Hint")
        if button.textContent != word:
            button.textContent = word
        button.toggleAttribute("aria-busy", thinking)


def js_options(start: float) -> Any:
    from pyodide.ffi import to_js

    return to_js({"start": start}, dict_converter=window.Object.fromEntries)
