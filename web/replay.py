"""The hand review (a finished hand replayed trick by trick, review.py draws it) and a
game's file: exported to the player's disk, and imported back for review."""

from __future__ import annotations

from typing import Any

from i18n import _
from pyodide.ffi import to_js
from pyscript import document, window
from record_room import RecordRoom, element, js_object
from store import text_or_none

from spades import Game

MAX_IMPORT_BYTES = 2_000_000
"""A game file larger than this is not one of ours (a whole game is some 10 kB)."""


class Replay(RecordRoom):
    """The hand review's dialog, stepped by buttons and keys; the game's file out and in."""

    def open_review(self, game: Game, hand: int, step: int = 0) -> None:
        """The trick-by-trick replay of ``game``'s finished hand ``hand``."""
        # The review's modules are imported when it is first opened, not while the page
        # starts (tests/test_web_start_imports.py).
        from spades.review import hand_replays

        if game is not self.review_game:
            self.review_game = game
            self.review_replays = hand_replays(game)
        if not self.review_replays:
            return
        self.review_hand = max(0, min(hand, len(self.review_replays) - 1))
        self.review_step = step
        dialog = element("review")
        if not dialog.open:
            dialog.showModal()
        self.show_review()  # said in the open dialog's own live region (App.announce)
        element("review-title").focus()

    def show_review(self, announce: bool = True) -> None:
        import review  # when first opened (open_review)

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
        found = self.review_marks()
        body.innerHTML = (review.review_choices_html(len(self.review_replays), self.review_hand)
                          + review.review_html(replay, self.review_step, players, found))
        if action and body.contains(focused) is False and element("review").open:
            again = body.querySelector(".review-choices .current" if action == "review-hand"
                                       else f'[data-action="{action}"]:not([disabled])')
            (again or element("review-title")).focus()
        if announce:
            self.app.announce(review.live_text(replay, self.review_step, players, found))

    def review_marks(self) -> list[Any] | None:
        """The coach's marks of the hand under review (None while they are worked out:
        asked for now, shown when they land; [] where nobody's decisions are judged)."""
        game, seat = self.review_game, self.marks_seat()
        if game is None or seat is None:
            return []
        found = self.marks_of(game, self.review_hand)
        if found is None:
            self.ask_marks(game, self.review_hand, seat)
        return found

    def review_move(self, action: str, hand: int | None = None) -> None:
        steps = {"review-prev": self.review_step - 1, "review-next": self.review_step + 1,
                 "review-first": 0, "review-last": 13}
        if action == "review-mark":  # the next marked decision (review.next_mark)
            from review import next_mark

            marked = next_mark(self.review_marks(), self.review_step)
            if marked is not None:
                steps[action] = marked
        if action == "review-hand" and hand is not None:
            self.review_hand, self.review_step = hand, 0
        elif action in steps:
            self.review_step = steps[action]
        self.show_review()

    def review_key(self, key: str) -> bool:
        """The arrows, Home and End step through the open review; M goes to the next
        decision the coach marked."""
        if not element("review").open:
            return False
        moves = {"ArrowLeft": "review-prev", "ArrowRight": "review-next",
                 "Home": "review-first", "End": "review-last", "m": "review-mark",
                 "M": "review-mark"}
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
