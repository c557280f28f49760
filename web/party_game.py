"""The four-seat game under way (issue 47): each page's ``NSide`` for its seats, the
protocol's messages taken in the transcript's order and relayed when asked, the moves of
this page's player and of the host's computers, and the table's words and view; a page
gone or away replaced by a computer and seated again, a player leaving, the host gone."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from dataclasses import replace
from typing import Any

import table
from i18n import _
from party_room import PartyRoom
from party_state import (
    AHEAD_KEPT,
    ASK_AGAIN_MS,
    AWAY_MS,
    COMPUTER,
    HOST_BACK_MS,
    PARTY_KEY,
    PARTY_TABLES,
    RESEND_MOST,
    SENT_KEPT,
    SILENT_MS,
    WAITING,
    Party,
    hex_text,
    new_secret,
    proof_of,
    told_game,
    told_level,
    told_names,
    told_proof,
    told_rules,
    told_seats,
)
from prefs import LEVELS
from pyscript import window
from room import element, storage

from spades import Action, Bid, Game, Pass, Phase, Play


class PartyGame(PartyRoom):
    """The game of a four-seat room, on this page."""

    # ------------------------------------------------------------------ the game

    async def party_game_message(self, party: Party, peer: str, data: dict[str, Any]) -> None:
        """A message of the game under way (the room's are party_room.py's)."""
        kind = data.get("t")
        if kind == "m" and party.side is not None and party.state == "playing":
            await self.party_protocol(party, peer, data.get("m"), data.get("relayed") is True)
        elif kind == "resend" and party.state == "playing":
            self.party_resend(party, peer, data.get("seq"))
        elif kind == "rejoin" and not party.host and party.back >= 0 \
                and (party.side is None or party.state == "away"):
            self.party_rejoin(party, peer, data)
        elif kind == "restart" and peer == party.host_peer and party.state == "playing":
            await self.party_restart_here(party, data)
        elif kind == "bye" and party.state == "playing":
            self.party_bye(party, peer)
        elif kind == "resume" and not party.host and peer == party.host_peer \
                and party.state == "playing":
            self.party_resume_here(party, data)

    def party_begin(self, party: Party, seed: int, dealer: int, seats: frozenset[int]) -> None:
        from spades.mental.nprotocol import NSide

        rules = party.rules
        party.side = NSide(seats, rules, random.SystemRandom(), dealer=dealer, seed=seed)
        party.state = "playing"
        self.party = None  # (new_game forgets the online games before: not this one)
        self.new_game(party.table_name, level=party.level or self.prefs.level, rules=rules,
                      seed=seed)
        self.party = party
        self.ui = replace(self.ui, online=True, friend=False, viewer=party.seat)
        self.game = party.side.table()
        element("online").close()
        self.notice(_("The game begins: four at the table."))
        self.party_messages(party.side.start())
        self.render()
        self.spawn(self.run_computers())
        if party.early:
            self.spawn(self.party_take_early(party))

    async def party_take_early(self, party: Party) -> None:
        early, party.early = party.early, []
        for peer, message in early:
            await self.party_protocol(party, peer, message)

    def party_messages(self, messages: list[dict[str, Any]]) -> None:
        party = self.party
        for message in messages:
            self.party_send({"t": "m", "m": message})
            if party is not None:
                party.sent.append(message)
        if party is not None:
            del party.sent[:-SENT_KEPT]
            self.party_keep_host(party)
        self.party_note_wait()

    def party_resend(self, party: Party, peer: str, seq: object) -> None:
        """Another page asks for the transcript from ``seq`` on: this page's messages are
        sent to it again, and the others' it took, marked relayed (a page that has no
        channel to their sender gets them so: whoever relays them cannot change one
        unseen, since the transcript's hash chain and the proofs are checked, and a relayed
        message that fails blames no one)."""
        if not isinstance(seq, int) or isinstance(seq, bool):
            return
        again = [message for message in party.sent if message["seq"] >= seq][:RESEND_MOST]
        mine = party.side.seats if party.side is not None else frozenset()
        for message in again:
            relayed = {} if message.get("from") in mine else {"relayed": True}
            self.party_send({"t": "m", "m": message, **relayed}, peer)

    def party_ask_again(self, party: Party, now: float) -> None:
        """Waiting on another page's message for ``ASK_AGAIN_MS``: every page is asked to
        send again what it sent from this page's place in the transcript on."""
        side = party.side
        if side is None or party.state != "playing" or not party.waiting_since:
            return
        if now - max(party.waiting_since, party.asked) > ASK_AGAIN_MS:
            party.asked = now
            self.party_send({"t": "resend", "seq": side.seq})

    async def party_protocol(self, party: Party, peer: str, message: object,
                             relayed: bool = False) -> None:
        """A protocol message of another page: kept until its turn in the transcript, then
        taken (its seat must be one its page holds, unless another page relayed it)."""
        side = party.side
        assert side is not None
        if not isinstance(message, dict) or not isinstance(message.get("seq"), int):
            self.party_fail(party, peer, proven=True)
            return
        seq = message["seq"]
        if seq < side.seq:
            return  # (heard twice: a page sends each once, but a relay may repeat)
        if len(party.ahead) >= AHEAD_KEPT:
            self.party_fail(party, peer, proven=False)
            return
        if seq in party.ahead and relayed:
            return  # (its sender's own copy, if it came, is the one kept)
        party.ahead[seq] = ("" if relayed else peer, message)
        while side.seq in party.ahead and party.state == "playing":
            sender, taken = party.ahead.pop(side.seq)
            await self.party_take(party, sender, taken)

    async def party_take(self, party: Party, peer: str, message: dict[str, Any]) -> None:
        from spades.mental.state import CheatDetected

        side = party.side
        assert side is not None
        relayed = peer == ""
        if not relayed and message.get("from") not in party.seats_of.get(peer, frozenset()):
            self.party_fail(party, peer, proven=True)  # a seat its page does not hold
            return
        number, known = side.hand_number, len(side.hand.actions)
        try:
            replies = side.receive(message)
        except CheatDetected as error:
            at_fault = party.peer_of(error.seat) if error.seat is not None else None
            self.party_fail(party, at_fault,
                            proven=error.proven and at_fault is not None and not relayed)
            return
        party.sent.append(message)  # (kept to relay: see party_resend)
        self.party_messages(replies)
        self.party_after_declarations()
        await self.party_show(party, number, known)

    async def party_show(self, party: Party, number: int, known: int) -> None:
        """The table after the messages taken: each move of another page performed as
        the table shows moves; a new hand shown as dealt when it is."""
        side = party.side
        assert side is not None
        if side.hand_number != number and party.returning is not None:
            self.party_give_back(party)
        self.party_keep_host(party)
        if side.hand_number != number:  # the keys: the hand is verified
            # The engine's game from the cards the keys showed: the summary and the review
            # show every seat's true cards from now on (the table before showed the
            # others' as placeholders).
            self.game = side.table()
            self.render()
            return
        actions = side.hand.actions
        for index in range(known, len(actions)):
            if actions[index][0] in side.seats:
                continue
            after = side.table()
            shown = after.actions[len(after.actions) - len(actions) + index]
            await self.perform(shown, self.generation, after=after)
        behind = side.dealt and self.game.hand_number == side.hand_number \
            and len(self.game.actions) != len(side.table().actions)
        newly_dealt = side.dealt and party.dealt_shown != side.hand_number \
            and not self.ui.summary
        if behind or newly_dealt or (not side.dealt and not self.ui.summary):
            self.game = side.table()  # (a pass, a declaration, the deal: no move to show)
        if newly_dealt:
            party.dealt_shown = side.hand_number
        self.party_note_wait()
        self.render()
        await self.run_computers()

    def party_move(self, action: Action, why: str = "") -> Game:
        """A move of this page's seat (its player's, or a computer's on the host): sent,
        and the table after it."""
        party = self.party
        assert party is not None and party.side is not None
        side = party.side
        seat = side.sender
        assert seat is not None and seat in side.seats
        if isinstance(action, Bid):
            messages = side.bid(seat, action.n)
        elif isinstance(action, Pass):
            messages = side.pass_cards(seat, list(action.cards))
        elif isinstance(action, Play):
            messages = side.play(seat, action.card)
        else:
            raise ValueError("not a move of the four-player table")
        self.party_messages(messages)
        return side.table()

    def party_declare(self, blind: bool) -> None:
        """Your Blind Nil declaration, before your cards can be read."""
        party = self.party
        if party is None or party.side is None or party.side.phase != "blind":
            return
        side = party.side
        if side.sender != party.seat:
            return
        self.party_messages(side.declare(party.seat, blind))
        self.party_after_declarations()
        self.render()
        self.spawn(self.run_computers())

    def party_after_declarations(self) -> None:
        """This page's computers declare (never a Blind Nil: they bid from their cards)."""
        party = self.party
        if party is None or party.side is None:
            return
        side = party.side
        while side.phase == "blind" and side.sender in side.seats \
                and side.sender != party.seat:
            self.party_messages(side.declare(side.sender, False))
        self.party_declared()

    def party_declared(self) -> None:
        """Every Blind Nil is declared: your cards are yours to see once dealt (the table
        offers no Blind Nil after that)."""
        party = self.party
        if party is None or party.side is None:
            return
        side = party.side
        if side.phase not in ("shuffle", "blind") and self.ui.looked != side.hand_number:
            self.ui = replace(self.ui, looked=side.hand_number)

    def party_fail(self, party: Party, peer: str | None, proven: bool) -> None:
        """The game stops, this hand unscored; ``peer``'s player is named only when its
        own message proves it cheated."""
        party.state = "failed" if proven else "disagree"
        seats = party.seats_of.get(peer, frozenset()) if peer is not None else frozenset()
        party.blamed = party.player_names[min(seats)] if proven and seats else ""
        self.render()

    def party_note_wait(self) -> None:
        """When the game began to wait on another page: the clock of its replacement."""
        party = self.party
        if party is None or party.side is None:
            return
        sender = party.side.sender
        waiting = sender is not None and sender not in party.side.seats
        if not waiting:
            party.waiting_since = 0.0
        elif not party.waiting_since or party.waited_seq != party.side.seq:
            party.waiting_since = window.performance.now()
            party.waited_seq = party.side.seq

    # ------------------------------------------------------------------ a page gone or away

    def party_tick(self, now: float) -> None:
        """A page waiting long asks again; the host replaces a page gone silent at its
        seat's turn (``SILENT_MS``)."""
        party = self.party
        if party is None:
            return
        self.party_ask_again(party, now)
        if not party.host and party.mesh is not None and party.mesh.alone_too_long(now):
            self.spawn(party.mesh.enter_again())  # (a friend's page that met no one)
        if not party.host and party.state == "playing" and party.side is not None \
                and party.host_peer in party.gone and party.waiting_since \
                and now - party.waiting_since > SILENT_MS and party.side.sender is not None \
                and party.peer_of(party.side.sender) == party.host_peer:
            self.party_host_left(party)  # (the host's page closed, not back in time)
        if not party.host or party.state != "playing" or party.side is None:
            return
        sender = party.side.sender
        peer = party.peer_of(sender) if sender is not None else None
        if peer is None or not party.waiting_since:
            return
        limit = 0 if peer in party.bye else SILENT_MS if peer in party.gone else AWAY_MS
        if now - party.waiting_since > limit:
            self.party_replace(party, peer)

    def party_replace(self, party: Party, peer: str) -> None:
        """``peer``'s seats become computers on this page (the host's); the hand is dealt
        again, unscored, at the same point of every page's transcript."""
        side = party.side
        assert side is not None
        seats = party.seats_of.pop(peer, frozenset())
        for seat in seats:
            party.plan[seat] = COMPUTER
        party.computers |= seats
        party.left_seats |= seats
        self.party_send({"t": "restart", "seq": side.seq, "computers": sorted(party.computers),
                         "seats": {other: sorted(s) for other, s in party.seats_of.items()}})
        name = ", ".join(party.player_names[s] or table.seat_name(s) for s in sorted(seats))
        side.restart(side.seats | seats)
        self.party_restarted(party, _("{name} has left: a computer plays the seat from "
                                      "this hand, dealt again.").format(name=name))

    async def party_restart_here(self, party: Party, data: dict[str, Any]) -> None:
        side = party.side
        assert side is not None
        seats, computers = data.get("seats"), data.get("computers")
        if data.get("seq") != side.seq or not isinstance(seats, dict) \
                or not isinstance(computers, list) or not set(computers) <= {1, 2, 3}:
            return
        if party.seat in computers:
            self.party_set_aside(party)
            return
        party.computers = frozenset(computers)
        host_seats = frozenset(range(4)) - frozenset(
            s for values in seats.values() if isinstance(values, list) for s in values)
        party.seats_of = {peer: frozenset(values) for peer, values in seats.items()
                          if isinstance(values, list) and peer != "" and party.seat not in values}
        party.seats_of[party.host_peer] = host_seats
        side.restart({party.seat})
        if data.get("back"):
            self.party_restarted(party, _("A player is back at the table."), mid_hand=False)
        else:
            self.party_restarted(party, _("A player has left: a computer plays the seat "
                                          "from this hand, dealt again."))

    def party_give_back(self, party: Party) -> None:
        """The host, at a hand's start held still: the friend come back takes its seat;
        every page restarts there, and the friend's page is given the game."""
        side = party.side
        assert side is not None and party.returning is not None
        seat, peer = party.returning
        party.returning = None
        party.left_seats.discard(seat)
        party.computers -= {seat}
        party.plan[seat] = peer
        party.seats_of[peer] = frozenset({seat})
        seats = {other: sorted(s) for other, s in party.seats_of.items()}
        self.party_send({"t": "restart", "seq": side.seq, "computers": sorted(party.computers),
                         "seats": seats, "back": True})
        side.restart(side.seats - {seat})
        self.party_send({"t": "rejoin", "game": side.game.to_json(), "chain": side.chain,
                         "seq": side.seq, "seat": seat, "seats": seats,
                         "computers": sorted(party.computers), "names": party.player_names,
                         "table": party.table_name, "level": party.level,
                         "host_proof": proof_of(party.host_token),
                         "rules": party.rules.to_dict()}, peer)
        self.party_restarted(party, _("A player is back at the table."), mid_hand=False)

    def party_rejoin(self, party: Party, peer: str, data: dict[str, Any]) -> None:
        """A friend's page come back: the host gives it the game at a hand's start (its
        score is the host's page's word: the page was not there to see it)."""
        from spades.mental.nprotocol import NSide

        seat, seats, names = data.get("seat"), data.get("seats"), told_names(data)
        chain, seq, computers = data.get("chain"), data.get("seq"), data.get("computers")
        if not (seat == party.back and isinstance(seats, dict) and names is not None
                and isinstance(chain, str) and len(chain) == 64
                and isinstance(seq, int) and not isinstance(seq, bool) and seq >= 0
                and isinstance(computers, list) and set(computers) <= {1, 2, 3}
                and data.get("table") in PARTY_TABLES):
            return
        game = told_game(data.get("game"), told_rules(data))
        if game is None:
            return
        side = NSide({seat}, game.rules, random.SystemRandom(), dealer=game.dealer)
        side.game, side.chain, side.seq = game, chain, seq
        party.host_peer, party.seat, party.side = peer, seat, side
        party.table_name = str(data["table"])
        party.rules = game.rules
        party.player_names = names
        party.computers = frozenset(computers)
        party.level = told_level(data)
        party.host_token = told_proof(data)
        party.seats_of = told_seats(seats, seat, peer)
        party.state = "playing"
        party.back = -1
        self.party_keep_seat(party)  # (its way back again, should it close again)
        self.party = None  # (new_game forgets the online games before: not this one)
        self.new_game(party.table_name, rules=game.rules)
        self.party = party
        self.ui = replace(self.ui, online=True, friend=False, viewer=seat)
        self.game = side.table()
        element("online").close()
        self.notice(_("You are back at the table."))
        self.party_messages(side.start())
        self.render()

    # ------------------------------------------------------------------ the host come back

    def party_keep_host(self, party: Party) -> None:
        """The host's page keeps, at each hand's start, what it needs to come back there
        after a reload: the room, the seats, its secret, the game at that hand's start."""
        side = party.side
        if not party.host or side is None or party.state != "playing" \
                or party.kept_hand == side.hand_number:
            return
        party.kept_hand = side.hand_number
        friends = sorted(seat for seats in party.seats_of.values() for seat in seats)
        kept = {"token": party.host_token, "seat_tokens": party.seat_tokens,
                "table": party.table_name,
                "rules": party.rules.to_dict(), "level": party.level,
                "names": party.player_names, "computers": sorted(party.computers),
                "friends": friends, "game": side.game.to_json()}
        with contextlib.suppress(Exception):  # (a storage that refuses: no way back)
            storage.setItem(PARTY_KEY, json.dumps({"code": party.code, "seat": 0,
                                                   "host": kept}))

    async def party_host_return(self, code: str, kept: dict[str, Any]) -> None:
        """The host's page reloaded mid-game: back into the room; the friends' pages,
        shown its secret, take their seats again, and the game goes on from the start of
        the hand it left (that hand dealt again, unscored)."""
        token, names, friends = kept.get("token"), told_names(kept), kept.get("friends")
        computers, level = kept.get("computers"), kept.get("level")
        rules = told_rules(kept)
        game = told_game(kept.get("game"), rules)
        if not (isinstance(token, str) and len(token) == 32 and rules is not None
                and kept.get("table") in PARTY_TABLES and level in LEVELS
                and names is not None and game is not None
                and isinstance(friends, list) and set(friends) <= {1, 2, 3}
                and isinstance(computers, list) and set(computers) <= {1, 2, 3}):
            return
        self.party_close()
        party = self.party = Party(code, host=True)
        party.state, party.host_token, party.kept_game = "host-back", token, game
        tokens = kept.get("seat_tokens")
        party.seat_tokens = {int(seat): hex_text(value, 32) for seat, value in tokens.items()
                             if seat in ("1", "2", "3")} if isinstance(tokens, dict) else {}
        party.table_name, party.rules, party.level = str(kept["table"]), rules, str(level)
        party.player_names = names
        party.plan = ["", *(WAITING if seat in friends else COMPUTER for seat in (1, 2, 3))]
        self.notice(_("Back at your table: the friends' pages are taking their seats."))
        self.render()
        await self.party_enter(party)
        await asyncio.sleep(HOST_BACK_MS / 1000)
        if self.party is party:
            self.party_host_resume(party)

    def party_seat_back(self, party: Party, peer: str, seat: object, token: str) -> None:
        """The host's page come back: a friend's page takes the seat it had, shown the
        seat's secret."""
        if not (isinstance(seat, int) and 0 < seat < 4 and party.plan[seat] == WAITING) \
                or peer in party.plan or not token or token != party.seat_tokens.get(seat):
            return
        party.plan[seat] = peer
        party.seats_of[peer] = frozenset({seat})
        if WAITING not in party.plan:
            self.party_host_resume(party)

    def party_host_resume(self, party: Party) -> None:
        """The host's page come back: the game from the start of the hand it left, told to
        every friend's page; a seat whose friend did not come back is a computer's."""
        from spades.mental.nprotocol import NSide

        game = party.kept_game
        if party.state != "host-back" or game is None:
            return
        for seat, who in enumerate(party.plan):
            if who == WAITING:
                party.plan[seat] = COMPUTER
                party.left_seats.add(seat)
        party.computers = frozenset(s for s, who in enumerate(party.plan) if who == COMPUTER)
        side = NSide(party.seats_here(), game.rules, random.SystemRandom(),
                     dealer=game.dealer)
        side.game, side.chain, side.seq = game, new_secret(256), 0
        seats = {peer: sorted(s) for peer, s in party.seats_of.items()}
        for peer, (seat, *_others) in seats.items():
            self.party_send({"t": "resume", "game": game.to_json(), "chain": side.chain,
                             "seat": seat, "seats": seats, "names": party.player_names,
                             "computers": sorted(party.computers)}, peer)
        party.side, party.state, party.kept_game = side, "playing", None
        self.party_resumed(party, game, 0)

    def party_host_back(self, party: Party, peer: str, token: object) -> None:
        """A friend's page: the host's page come back shows its secret; from now on it is
        the host."""
        if not (party.host_token and isinstance(token, str)
                and proof_of(token) == party.host_token) or peer == party.host_peer:
            return
        old = party.host_peer
        party.seats_of[peer] = party.seats_of.pop(old, frozenset())
        party.host_peer = peer
        party.gone.discard(peer)
        party.waiting_since = 0.0  # (no longer waiting on a page gone)
        self.party_send(self.party_hello(party), peer)

    def party_resume_here(self, party: Party, data: dict[str, Any]) -> None:
        """A friend's page: the host's page come back deals the hand it left again."""
        from spades.mental.nprotocol import NSide

        seat, seats, names = data.get("seat"), data.get("seats"), told_names(data)
        chain, computers = data.get("chain"), data.get("computers")
        game = told_game(data.get("game"), party.rules)
        if not (seat == party.seat and isinstance(seats, dict) and names is not None
                and isinstance(chain, str) and len(chain) == 64
                and isinstance(computers, list) and set(computers) <= {1, 2, 3}
                and seat not in computers and game is not None):
            return
        mine = party.side.game if party.side is not None else None
        if mine is not None and (len(mine.history) != len(game.history)
                                 or mine.scores != game.scores):
            self.party_fail(party, None, proven=False)  # (the pages' scores differ)
            return
        side = NSide({seat}, game.rules, random.SystemRandom(), dealer=game.dealer)
        side.game, side.chain, side.seq = game, chain, 0
        party.computers = frozenset(computers)
        party.seats_of = told_seats(seats, seat, party.host_peer)
        party.player_names = names
        party.side = side
        self.party_resumed(party, game, seat)

    def party_resumed(self, party: Party, game: Game, seat: int) -> None:
        """Every page deals the hand the host's page left again, from its start."""
        party.ahead, party.sent, party.dealt_shown = {}, [], -1
        party.waiting_since = 0.0
        self.generation += 1
        self.ui = replace(self.ui, online=True, friend=False, viewer=seat, summary=False,
                          trick_held=False)
        self.shown_trick = None
        side = party.side
        assert side is not None
        self.game = side.table()
        said = _("The host is back: the hand it left is dealt again.")
        self.notice(said)
        self.announce(said)
        self.party_messages(side.start())
        self.render()
        self.spawn(self.run_computers())

    # ------------------------------------------------------------------ leaving

    def party_leave(self, party: Party) -> None:
        """This page's player leaves the game under way (a new game, another room): a loss,
        as at two players; the others are told (the host seats a computer at once; the
        host's leaving ends the game for every page)."""
        if party.state not in ("playing", "away") or party.side is None:
            return
        if party.mesh is not None:
            party.mesh.send(json.dumps({"t": "bye"}))
        if party.state == "playing":
            self.record.online_ended(self.game, party.seat, won=False)

    def party_bye(self, party: Party, peer: str) -> None:
        """Another page's player left the game."""
        if not party.host and peer == party.host_peer:
            self.party_host_left(party)
        elif party.host and peer in party.seats_of:
            party.bye.add(peer)  # (a computer at its seat's next turn: party_tick)
            party.gone.add(peer)

    def party_host_left(self, party: Party) -> None:
        """The host's page left the game: the computers' cards went with it, so the game
        cannot go on; it ends unscored, counted for no one."""
        party.state = "host-left"
        with contextlib.suppress(Exception):
            storage.removeItem(PARTY_KEY)
        said = _("The host has left the table: the game ends here, not counted.")
        self.notice(said)
        self.announce(said)
        self.render()

    def party_set_aside(self, party: Party) -> None:
        """The host gave this page's seat to a computer while its player was away: the
        player takes it back at a next hand with "Back to my seat"."""
        party.state = "away"
        party.back = party.seat
        said = _("You were away too long: a computer plays your seat. Tap “Back to my "
                 "seat” to take it back at the next hand.")
        self.notice(said)
        self.announce(said)
        self.render()

    def party_come_back(self) -> None:
        """"Back to my seat": the host is asked for the seat, given at the next hand."""
        party = self.party
        if party is None or party.state != "away" or not party.host_peer:
            return
        party.called_back = True
        self.party_send(self.party_hello(party), party.host_peer)
        self.notice(_("Your seat is yours again from the next hand."))
        self.render()

    def party_away(self) -> bool:
        """This page's seat is a computer's while its player was away."""
        party = self.party
        return self.party_active() and party is not None and party.state == "away" \
            and not party.called_back

    def party_restarted(self, party: Party, said: str, mid_hand: bool = True) -> None:
        """Every page restarted the hand: mid-hand (a player gone) the table drops what it
        showed of it; at a hand's start (a player back) the summary stays up."""
        side = party.side
        assert side is not None
        party.ahead = {seq: kept for seq, kept in party.ahead.items() if seq >= side.seq}
        party.dealt_shown = -1
        if mid_hand:
            self.generation += 1
            self.ui = replace(self.ui, summary=False, trick_held=False)
            self.shown_trick = None
        self.game = side.table()
        self.notice(said)
        self.announce(said)
        self.party_messages(side.start())
        self.render()
        self.spawn(self.run_computers())

    # ------------------------------------------------------------------ the table's words

    def party_line(self) -> str:
        party = self.party
        if party is None or party.side is None:
            return ""
        if party.state == "failed":
            return _("{name}'s page broke the rules of the game: the game stops, this hand "
                     "is not scored.").format(name=party.blamed)
        if party.state == "disagree":
            return _("The pages no longer agree on the game, and nothing shows whose "
                     "fault it is: the game stops, this hand is not scored.")
        if party.state == "host-left":
            return _("The host has left the table: the game ends here, not counted.")
        if party.state == "away" and party.called_back:
            return _("Your seat is yours again from the next hand.")
        if party.state == "away":
            return _("A computer plays your seat while you are away.")
        side = party.side
        if side.phase in ("shuffle", "unlock"):
            return _("Shuffling the deck together…")
        if side.phase == "blind" and side.sender != party.seat:
            return _("Waiting for the Blind Nil declarations…")
        return ""

    def party_view(self, view: table.TableView) -> table.TableView:
        """The table while the hand is not dealt: your cards face down; your Blind Nil
        declaration asked at your turn to declare."""
        party = self.party
        if not self.party_active() or party is None or party.side is None:
            return view
        side = party.side
        # Where the protocol stands, for a test or a bug report to read.
        peers = len(party.mesh.peers) if party.mesh is not None else 0
        element("app").dataset.protocol = (f"{side.hand_number}:{side.seq}:{side.phase}:"
                                           f"{side.sender}:{sorted(party.ahead)[:4]}:"
                                           f"{peers} peers")
        if party.state != "playing":
            return replace(view, your_turn=False, bidding=False, can_look=False, prompt="",
                           hand=view.hand if side.dealt else ())
        if side.dealt or self.ui.summary:
            return view
        declaring = side.phase == "blind" and side.sender == party.seat
        status = (_("Blind Nil is bid before you see your cards: bid it now, or look at "
                    "your cards.") if declaring else self.party_line())
        return replace(view, face_down=True, your_turn=declaring, bidding=False,
                       can_look=declaring, blind_nil=declaring, status=status,
                       prompt=status if declaring else "", trick=())

    def party_over(self) -> bool:
        return self.party_active() and self.party is not None and \
            self.party.state in ("failed", "disagree", "host-left")

    def party_waiting(self) -> bool:
        """No move of yours now: the hand is being dealt, or it waits on another page."""
        party = self.party
        if not self.party_active() or party is None or party.side is None:
            return False
        side = party.side
        return party.state != "playing" or (side.phase in ("shuffle", "unlock")
                                              and self.game.phase is not Phase.GAME_OVER)

    def party_humans(self) -> frozenset[int]:
        """The seats this page does not play for a computer: every seat but its own
        computers' (the others' moves come over the channels)."""
        party = self.party
        if party is None or party.side is None:
            return frozenset({0})
        mine = party.side.seats - {party.seat}
        return frozenset(range(4)) - mine


__all__ = ["PartyGame"]
