"""The table's flow: your taps and moves, the computers' turns and the pauses."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

import early
import hints
import i18n
import players
import pool
import render
import table
from i18n import _, ngettext
from pyscript import document, window
from room import (
    HOLD_MS,
    REVEAL_MS,
    ROOT,
    Room,
    element,
)
from store import text_or_none

from spades import (
    Action,
    Bid,
    Card,
    Draw,
    Game,
    Pass,
    Phase,
    Play,
    Replace,
)


class Flow(Room):
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

    async def perform(self, action: Action, generation: int, why: str = "",
                      after: Game | None = None) -> None:
        """Apply a legal action, save, and show it (the finished trick, then the sweep);
        ``why`` is said before the move (the clock ran out). Online, ``after`` is the game
        after the other player's move, and yours goes over the channel first."""
        before = self.game
        seat = before.turn
        if after is None and self.online_playing():
            after = self.online_move(action, why)
            if after is None:  # your draw: made once its card is shown (online.py)
                self.render()
                return
        after = before.apply(action) if after is None else after
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
            self.record.start_marks()
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

    async def show_finished_trick(self, plays: tuple[tuple[int, str], ...], winner: int,
                                  hand_over: bool, generation: int, why: str = "") -> bool:
        """Hold the finished trick on the table, its winner marked and named (the hand's
        summary waits meanwhile), then sweep it to the winner. False if a new game began."""
        self.shown_trick, self.held_winner, self.summary_held = plays, winner, hand_over
        said = table.trick_result_text(winner, self.game.rules.players)
        if why:  # the clock ran out on its last card, or the page had said more: both said
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
            # The explanation of a tap on the painted table (replay_early) stays said
            # before the trick's winner. (Not the notice as painted: that names the
            # winner already.)
            said, self.said_early = self.said_early, ""
            if not await self.show_finished_trick(plays, winner, hand_over, self.generation,
                                                  said):
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

    def expert_given_up(self, reason: str) -> None:
        """Expert's workers cannot work here (web/pool.py): said once until they do (at
        another level they had started for a hint)."""
        if self.ui.level != "expert":
            self.notice(_(hints.UNAVAILABLE))
            return
        self.notice(_("Expert is not available here just now, so the computers play "
                      "at Hard."))

    def start_worker_soon(self) -> None:
        """Start Expert's workers in the background (Expert was chosen), once the page is
        ready."""
        if ROOT.hasAttribute("data-ready"):
            self.pool.start_soon()

    def can_act(self) -> bool:
        return not (self.busy or self.running or self.shown_trick is not None
                    or self.online_waiting())

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
        self.select_code(target)
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

    def replay_early(self, kept: early.EarlyTaps) -> int:
        """The taps and keys made on the painted table before the page was ready (web/paint.js,
        of this very game and move: early.EarlyTaps.made_on), handed in order to on_click
        and on_key as live ones, so the engine judges them: a card played or explained, a
        bid bid. Only the first that makes a move counts. The number handed over."""
        app, notice = element("app"), element("notice")
        before, painted_notice = len(self.game.actions), str(notice.textContent)

        def hand_over(tap: early.Tap) -> None:
            if not tap.key:
                target = app.querySelector(tap.selector())
                if target:  # not there: a tap on nothing (a panel that has closed)
                    self.on_click(early.ReplayedEvent(target=target, detail=tap.detail))
                return
            event = early.ReplayedEvent(key=tap.key)
            self.on_key(event)
            active = document.activeElement
            if (tap.key in ("Enter", " ") and not event.defaultPrevented and active
                    and active.tagName == "BUTTON" and app.contains(active)
                    and not active.disabled):
                # The key's own default: Enter or Space presses the focused button (the
                # bid that digits picked).
                self.on_click(early.ReplayedEvent(target=active))

        def moved() -> bool:
            return self.busy or self.pending is not None or len(self.game.actions) != before

        handed = early.replay(kept.taps, hand_over, moved)
        if str(notice.textContent) != painted_notice:
            self.said_early = str(notice.textContent)
        return handed

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
