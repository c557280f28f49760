"""What the table shows: the render, the seats, the title and the keyboard's place."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import hints
import render
import table
from i18n import _
from prefs import LEVEL_NAMES
from pyscript import document
from room import (
    Room,
    element,
)
from store import text_or_none

SEAT_ELEMENTS = {"south": "seat-0", "west": "seat-1", "north": "seat-2", "east": "seat-3"}
"""The seat panels of index.html, by place at the table."""


class Screen(Room):
    def render(self) -> None:
        self.record.settle_day()  # the day may have ended while the page was open
        game, ui = self.game, self.ui
        self.seat_table()
        handoff = self.handoff_needed()
        view = table.table_view(game, self.prefs, ui, frozenset(self.selected), handoff)
        if self.online_waiting():  # online: no move until the channel has brought it
            other = self.names()[1 - ui.viewer] if game.rules.players == 2 else ""
            link = self.link
            waiting = _("Waiting for {name}…").format(name=other)
            view = replace(view, drawing=False, top_card=None, bidding=False,
                           double_nil=False, your_turn=False, prompt="",
                           status=waiting if link is not None and link.state == "open" else "")
        view = self.party_view(view)  # four online: the hand not dealt yet (party.py)
        view = self.hint_marks(view)  # the hint you asked for, on its card or button
        connection = self.online_line()
        element("connection").textContent = connection
        element("connection").hidden = not connection
        element("reconnect").hidden = not (self.link is not None and self.link.state == "closed"
                                           and self.online_playing())
        away = (self.link is not None and self.link.away
                and self.link.state in ("open", "closed") and self.online_playing())
        element("claim-win").hidden = element("keep-waiting").hidden = not away
        element("party-back").hidden = not self.party_away()
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
        level = _("Online") if ui.online else _(LEVEL_NAMES[view.level])  # (no computer)
        values = {"table": view.table_name, "level": level, "number": view.hand_number}
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
        self.render_hint_button(view.your_turn)
        self.render_talk()
        self.update_title()
        summary = element("summary")
        appearing = False
        ending = self.online_ending()
        if ending:  # an online game that ended before its score did: its end, and why
            players = self.game.rules.players
            names = self.names() if players == 2 else (table.side_name(0, players),
                                                       table.side_name(1, players))
            self.set_html("summary-body", render.ending_html(ending, self.game, names,
                                                             ui.viewer))
            appearing = bool(summary.hidden)
            summary.hidden = False
        elif view.summary is not None and not self.summary_held:
            number = len(self.game.history) - 1
            # A Share's confirmation stays if the summary is written again meanwhile (the
            # par landing): written into the new one, not said again.
            said = None if summary.hidden else summary.querySelector(".share-said")
            self.set_html("summary-body", render.summary_html(
                view.summary, view.game_over_text, view.winner,
                self.record.par_line(number), number, self.record.can_share(),
                hints.hints_used_text(ui.hints), self.record.coach_line(number),
                str(said.textContent) if said else ""))
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
        # Where the keyboard is now: a card chosen for an exchange stays where it was, not
        # taken for lost below (which sent it to the panel's button after every choice).
        focused = document.activeElement
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
        self.say_turn(view.prompt)
        if self.saving and not self.elsewhere:
            self.keep_paint()  # a held trick too: a reload holds it again (app.py restore)

    def say_turn(self, prompt: str) -> None:
        """Your turn, said once as it comes, with what it asks (``TableView.prompt``); and
        the keyboard goes to the table if it was nowhere (the page's body: at start, or
        after Escape closed the front door while the computers bid). Not while a trick is
        still held, a reveal waits or a dialog is open: said once they are gone (the last
        render's prompt is kept for then: ``table_in_view``)."""
        self.turn_prompt = prompt
        if (not prompt or not self.speaking or self.shown_trick is not None
                or self.reveal is not None or document.querySelector("dialog[open]")):
            return
        turn = (self.game.hand_number, len(self.game.actions), self.ui.viewer, prompt)
        if turn == self.turn_said:
            return
        self.turn_said = turn
        self.announce(prompt)
        active = document.activeElement
        if active is None or active == document.body:
            self.focus_table()

    def table_in_view(self, _event: Any = None) -> None:
        """The table is in view again (the page has started, or a dialog closed, by a
        button or by Escape, which the browser handles itself): the turn that came
        meanwhile is said, and the keyboard, if the dialog left it nowhere, goes back to
        the table."""
        if document.querySelector("dialog[open]"):
            return
        self.say_turn(self.turn_prompt)  # as the last render left it: no render again
        active = document.activeElement
        # Still on the closed dialog's button when the event comes (Chrome moves it off
        # later), or on the body the dialog gave it back to (the front door at start).
        if active is None or active == document.body or active.closest("dialog:not([open])"):
            self.focus_table()

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
            # A reaction's bubble by the seat it came from (web/talk.py), for a while.
            self.set_html(ident, render.seat_html(info, view.players,
                                                  self.reaction_bubble(info.seat)))
            panel.classList.toggle("turn", info.on_turn)
            panel.classList.toggle("thinking", self.thinking == info.seat)
        for ident in SEAT_ELEMENTS.values():
            if ident not in used:
                element(ident).hidden = True

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
