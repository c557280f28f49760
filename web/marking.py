"""The coach's marks in the page (issue 46): after each hand, each of your bids and cards
judged from what you knew (spades.ai.coach, in the par's worker while you play on),
kept in localStorage by hand (web/marks.py), shown and said in the hand's review and
counted in its summary.

Only where one person plays the table against the computer, or online (the seat at this
device); at pass and play two people share the screen, and the review speaks to neither.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

import marks
import stats
from i18n import _
from pyscript import window
from record_room import RecordRoom, element

from spades.ai.labels import mean_cost

if TYPE_CHECKING:
    from spades import Game


class Marking(RecordRoom):
    """The marks of finished hands: asked of the worker, kept, and shown when they land."""

    def marks_seat(self) -> int | None:
        """The seat the coach judges: the one person at this device (online, this page's
        seat; None at pass and play, where two people share it)."""
        ui = self.app.ui
        if ui.online:
            return ui.viewer
        humans = self.app.humans()
        return next(iter(humans)) if len(humans) == 1 else None

    def kept_marks(self) -> marks.Store:
        if self.marks_store is None:
            try:
                text = self.storage.getItem(marks.MARKS_KEY)
            except Exception:  # storage refused: marks live in this visit only
                text = None
            self.marks_store = marks.read_store(None if text is None else str(text))
        return self.marks_store

    def hand_key(self, game: Game, hand: int) -> str:
        """Finished hand ``hand``'s key (marks.hand_keys), the game's keys worked out once:
        a summary's render asks for every hand's at the end of today's game."""
        kept, keys = self.marks_keys
        if kept is not game:
            keys = marks.hand_keys(game)
            self.marks_keys = (game, keys)
        return keys[hand]

    def marks_of(self, game: Game, hand: int) -> list[marks.Mark] | None:
        """The marks of finished hand ``hand`` of ``game``, if they are known."""
        return self.kept_marks().get(self.hand_key(game, hand))

    def ask_marks(self, game: Game, hand: int, seat: int) -> None:
        """Judge hand ``hand`` of ``game`` for ``seat`` in the background (once)."""
        if self.marks_of(game, hand) is not None or self.par_unavailable:
            return
        queue = self.marks_queue
        if any(g is game and h == hand for g, h, _ in queue):
            return
        queue.append((game, hand, seat))
        if self.marks_task is None or self.marks_task.done():
            self.marks_task = self.app.spawn(self.marks_loop())

    def start_marks(self) -> None:
        """The last finished hand of the game on the table, if it has no marks yet (an
        earlier hand's are worked out when its review asks: a page that starts does not
        start a worker for hands nobody looks at)."""
        seat, game = self.marks_seat(), self.app.game
        if seat is not None and game.history and self.marks_after_hands:
            self.ask_marks(game, len(game.history) - 1, seat)

    async def marks_loop(self) -> None:
        queue = self.marks_queue
        while queue:
            game, hand, seat = queue[0]
            try:
                worker = await self.get_par_worker()
                answer = str(await worker.marks(game.to_json(), hand, seat,
                                                self.par_simulations))
            except Exception as error:  # no marks is better than a stuck page
                window.console.warn(f"the coach's marks failed: {error}")
                queue.clear()
                return
            queue.pop(0)
            found = marks.marks_from_json(answer)
            if found is None:
                continue
            store = self.kept_marks()
            key = self.hand_key(game, hand)
            store.pop(key, None)  # the newest last: kept longest
            store[key] = found
            with contextlib.suppress(Exception):  # storage refused or full: this visit's
                self.storage.setItem(marks.MARKS_KEY, marks.write_store(store))
            self.marks_arrived(game, hand)

    def marks_arrived(self, game: Game, hand: int) -> None:
        """A hand's marks landed: in its open review, in the summary on the table, and in
        the statistics of a game already recorded."""
        if (element("review").open and self.review_game is game
                and self.review_hand == hand):
            self.show_review(announce=False)
        if game is self.app.game:
            self.app.html_cache.pop("summary-body", None)
            self.app.render()
            figure = self.game_coach(game)
            if self.app.ui.recorded and not self.app.ui.friend and figure is not None:
                self.stats = stats.with_coach(self.stats, figure)
                self.save_stats()

    def game_marks(self, game: Game) -> list[tuple[int, marks.Mark]]:
        """Every mark known of ``game``'s finished hands, with its hand (0-based)."""
        return [(hand, mark) for hand in range(len(game.history))
                for mark in self.marks_of(game, hand) or ()]

    def game_coach(self, game: Game) -> float | None:
        """The coach's figure for ``game``: points lost a decision over the hands judged."""
        return mean_cost([mark.cost for _, mark in self.game_marks(game)])

    def coach_line(self, hand: int) -> str:
        """The summary's line of the coach for hand ``hand`` of the game on the table: its
        marks in a word (or that they are being worked out), and at the end of today's
        game, the day's costliest decision."""
        game = self.app.game
        if self.marks_seat() is None or hand >= len(game.history) or self.par_unavailable:
            return ""
        if not self.marks_after_hands and self.marks_of(game, hand) is None:
            return ""  # ?coach=0: none worked out unless a review asks
        found = self.marks_of(game, hand)
        if found is None:
            return _("The coach is judging your decisions…")
        line = marks.marks_summary(found)
        if self.app.ui.daily and game.winner is not None:
            pairs = self.game_marks(game)
            worst = marks.costliest([mark for _, mark in pairs])
            if worst is not None:
                day_hand = next(number for number, mark in pairs if mark is worst)
                line += " " + marks.costliest_text(worst, day_hand, game.rules.players)
        return line
