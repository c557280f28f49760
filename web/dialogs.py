"""The dialogs and options: the buttons' actions, Options, the custom table, Help."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import custom
import door
import i18n
import render
import store
import table
from i18n import _
from prefs import DEFAULT_NAMES, NAMES, SWITCHES
from pyscript import window
from room import (
    Room,
    deal_link,
    drop_query_parameters,
    element,
    storage,
)

from spades import (
    PRESETS,
    Card,
    Pass,
    Phase,
    Replace,
    Rules,
)

RECORD_ACTIONS = frozenset({
    "today", "close-today", "door-daily", "daily", "daily-again", "stats", "ask-reset-stats",
    "reset-stats", "share", "export", "import", "review-hand", "review-prev", "review-next",
    "review-first", "review-last", "review-mark"})
"""The actions record.py carries out."""


class Dialogs(Room):
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
            if self.game.phase is Phase.GAME_OVER or self.online_over_now():
                self.next_rules = None
                self.start_new_game()
        elif name == "ask-new-game":
            self.next_rules = None
            if self.online_next():  # nothing is lost: the game goes on till the friend joins
                self.play_online()
            else:
                element("confirm-new").showModal()
        elif name == "play-online":
            self.play_online()
        elif name == "hint":
            self.ask_hint()
        elif (self.online_copy(name) or self.online_action(name)
              or self.online_table_action(name) or self.talk_action(name)):
            pass
        elif name == "opponent-new-game":
            # The table on the table again, with the opponent just chosen in Options.
            if self.prefs.opponent == "online":
                self.play_online()
                return
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
        if self.online_next():  # a friend online is dealt only once the friend joins
            self.next_rules = None
            self.play_online()
            return
        rules, self.next_rules = self.next_rules, None
        self.new_game(rules=rules)
        self.notice(_("A new game has started."))
        self.after_new_game()

    def after_new_game(self) -> None:
        self.html_cache.clear()
        self.render()
        self.spawn(self.run_computers())

    def online_next(self) -> bool:
        """The next game is with friends online (chosen in Options), and none is on the
        table: New game invites them rather than dealing a game against the computer."""
        return self.prefs.opponent == "online" and not self.ui.online

    def play_online(self) -> None:
        """Friends online, from the front door, the menu, Options or New game: friends
        online become the opponents and the online dialog opens (at a four-player table
        a four-seat room, at a two-player one a duel); the game on the table goes on until
        the online game starts."""
        for ident in ("today", "options", "confirm-new"):
            if element(ident).open:
                element(ident).close()
        self.choose_online()
        self.online_action("online")

    def choose_online(self) -> None:
        """Friends online as the opponents (Options' table stays: a four-player one is
        played in a four-seat room, party.py)."""
        prefs = replace(self.prefs, opponent="online")
        if prefs == self.prefs:
            return
        self.prefs = prefs
        if not store.save_prefs(storage, self.prefs):
            self.notice(_("Your options could not be saved; they apply until you close the page."))

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
        # The defaults in the page's language now (a language changed refills them).
        for name, default in zip(NAMES, DEFAULT_NAMES, strict=True):
            field = form.querySelector(f'input[name="{name}"]')
            field.value = getattr(self.prefs, name)
            field.placeholder = _(default)

    def fill_opponent_offer(self) -> None:
        """At a two-player table, an opponent chosen in Options other than the one at the
        table applies from the next game: said plainly, with that new game at hand."""
        game = self.game
        chosen = self.prefs.opponent
        friend_chosen = chosen == "friend"
        at_table = "online" if self.ui.online else "friend" if self.ui.friend else "computer"
        differs = (game.rules.players == 2 and not self.ui.daily and chosen != at_table
                   and (game.phase is not Phase.GAME_OVER or chosen == "online"))
        # A friend online is offered whatever the game on the table (but an online game).
        differs = differs or (chosen == "online" and at_table != "online")
        element("friend-name").hidden = not friend_chosen
        element("opponent-now").hidden = not differs
        if not differs:
            return
        if chosen == "online":
            said = online_offer(game.rules.players, self.invited_table())
            word = _("Play a friend online")
        elif friend_chosen:
            said = _("The game on the table goes on against the computer.")
            word = _("Start a new game with a friend now")
        else:
            said = _("The game on the table goes on between you and your friend.")
            word = _("Start a new game against the computer now")
        element("opponent-now-text").textContent = said
        element("opponent-now-button").textContent = word

    def online_offer_line(self) -> str:
        """What the online dialog says of the game it invites to ("" with an online game
        on the table: the dialog connects it again)."""
        return "" if self.ui.online else online_offer(self.game.rules.players,
                                                      self.invited_table())

    def invited_table(self) -> str:
        """The table an invitation deals: a four-seat room's at a four-player table, else
        a duel's."""
        return self.online_party_table() if self.game.rules.players == 4 \
            else self.online_table()

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
            if value == "online":  # played at a two-player table only: it is one now
                self.choose_online()
                self.fill_options()
            self.fill_opponent_offer()
        self.render()

    def on_import(self, event: Any) -> None:
        """A game file chosen to review (Options → Review a game file)."""
        files = event.target.files
        file = files.item(0) if files and files.length else None
        event.target.value = ""  # the same file can be chosen again
        self.spawn(self.record.import_file(file))


def online_offer(players: int, invited: str) -> str:
    """What is said of friends online before the game starts: the table the invitation
    deals (``invited``, a key of PRESETS): at four players, up to three friends and a
    computer in each seat left empty."""
    name = table.table_name(PRESETS[invited])
    if players != 2:
        return _("Invite up to three friends to a game of {table}, each at their own "
                 "device; a computer plays each seat left empty, and the game on the table "
                 "goes on until you start.").format(table=name)
    return _("Invite a friend to a game of {table}, each at their own device; the game on "
             "the table goes on until your friend joins.").format(table=name)
