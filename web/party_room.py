"""The four-seat room (issue 47): the host's page invites and seats, friends' pages
join by the code or its link and are shown where they sit; the host taps Start and every
page is told the game. Also the room's part of the online dialog, and leaving the room.
The game under way is party_game.py's (``PartyGame`` extends ``PartyRoom``)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from html import escape
from typing import Any

import table
from codes import is_table_code, room_code
from i18n import _
from mesh import MeshPeer
from party_state import (
    AHEAD_KEPT,
    COMPUTER,
    PARTY_KEY,
    PARTY_TABLES,
    RETURN_MS,
    Party,
    new_secret,
    proof_of,
    told_level,
    told_names,
    told_proof,
    told_rules,
    told_token,
)
from prefs import LEVEL_NAMES, LEVELS
from pyscript import window
from relays import ICE_SERVERS, RELAYS
from room import Room, element, storage

from spades import PRESETS, Rules


class PartyRoom(Room):
    """The four-seat room's moves (App mixes the party in before Online: while a party is
    on, its answers to the online table's questions are the party's)."""

    party: Party | None = None
    relay_override: str | None = None  # (Meeting's: a test's relay on loopback)

    # ------------------------------------------------------------------ the room

    def party_active(self) -> bool:
        return self.party is not None and self.party.side is not None and self.ui.online

    async def party_invite(self) -> None:
        """The host: a four-seat room, its code and link shown; friends join it."""
        from codes import new_table_code

        self.party_close()
        code = new_table_code(random.SystemRandom())
        party = self.party = Party(code, host=True)
        party.table_name = self.online_party_table()
        party.rules = self.party_rules(party.table_name)
        party.level = self.prefs.level
        party.player_names[0] = self.prefs.name
        element("online-room-qr").innerHTML = ""  # an earlier room's, until this one's
        link = self.show_party_room(code)
        await self.party_enter(party)
        self.show_qr(link)  # once the room is being announced, as at two

    async def party_join(self, code: str, back: int = -1, token: str = "") -> None:
        """A friend: into the room ``code``, to be seated by its host (``back``: the seat
        this page had in the game there, to take back)."""
        self.party_close()
        party = self.party = Party(code, host=False, back=back, seat_token=token)
        self.party_say(_("Looking for the table…"))
        await self.party_enter(party)

    async def party_enter(self, party: Party) -> None:
        relays, ice = ((self.relay_override,), ()) if self.relay_override else (
            RELAYS, ICE_SERVERS)

        def on_message(peer: str, text: str) -> None:
            if self.party is party:
                party.inbox.put_nowait((peer, text))

        def on_peer(peer: str, present: bool) -> None:
            if self.party is party:
                self.party_peer(party, peer, present)

        party.mesh = MeshPeer(on_message, on_peer, relays, ice)
        self.spawn(self.party_inbox(party))
        try:
            await party.mesh.enter(party.code)
        except Exception as error:  # the relay client did not load (offline, a blocker)
            window.console.warn(f"party: no relay: {error}")
            self.party_say(_("The relay cannot be reached."))

    def party_send(self, data: dict[str, Any], to: str | None = None) -> None:
        party = self.party
        if party is not None and party.mesh is not None:
            party.mesh.send(json.dumps(data, separators=(",", ":")), to)

    def party_peer(self, party: Party, peer: str, present: bool) -> None:
        # How many pages this one hears, for a test or a bug report to read.
        element("app").dataset.peers = str(len(party.mesh.peers) if party.mesh else 0)
        if present:
            party.gone.discard(peer)
            self.party_send(self.party_hello(party), peer)
            return
        party.gone.add(peer)
        if party.state == "room" and party.host:
            party.names.pop(peer, None)
            party.plan = [COMPUTER if who == peer else who for who in party.plan]
            self.party_room_changed()
        elif party.state == "room" and peer == party.host_peer:
            self.party_say(_("The host has left the table."))
        self.render()

    def party_hello(self, party: Party) -> dict[str, Any]:
        """This page's "hi" to a page met: its player's name, and what it claims: the seat
        it had (``back``) or holds (a friend's page in the game, for a host's page come
        back), with the seat's secret; the host's page come back, the host's secret."""
        hello: dict[str, Any] = {"t": "hi", "name": self.prefs.name}
        seated = party.state == "playing" and not party.host
        if party.back >= 0:
            hello["back"] = party.back
        if seated:
            hello["seat"] = party.seat
        if party.back >= 0 or seated:
            hello["seat_token"] = party.seat_token
        if party.state == "host-back":
            hello["token"] = party.host_token
        return hello

    def party_keep_seat(self, party: Party) -> None:
        """A friend's page keeps its room, seat and seat's secret: its way back, should it
        be closed."""
        with contextlib.suppress(Exception):  # (a storage that refuses: no way back)
            storage.setItem(PARTY_KEY, json.dumps({"code": party.code, "seat": party.seat,
                                                   "token": party.seat_token}))

    async def party_inbox(self, party: Party) -> None:
        """The room's messages, one at a time, in order of arrival; no error one raises
        stops the loop."""
        while self.party is party:
            peer, text = await party.inbox.get()
            try:
                await self.party_read(party, peer, text)
            except Exception as error:  # (said with where it came from: a bug of ours)
                import traceback

                where = traceback.format_exc(limit=-3)
                window.console.warn(f"party: {type(error).__name__}: {error}\n{where}")

    async def party_read(self, party: Party, peer: str, text: str) -> None:
        from spades.mental.state import CheatDetected
        from spades.mental.wire import read_message

        try:
            data = read_message(text)
        except CheatDetected:
            return  # (before the game: a stranger's noise is not an accusation)
        kind = data.get("t")
        if kind == "hi":
            self.party_hi(party, peer, data)
        elif kind == "room" and not party.host and party.state == "room":
            self.party_room(party, peer, data)
        elif kind == "start" and not party.host and party.state == "room" \
                and peer == party.host_peer:
            self.party_start_here(party, peer, data)
        elif kind == "m" and party.side is None and not party.host \
                and len(party.early) < AHEAD_KEPT:
            # Another friend's page started before this one heard the host's start (the
            # channels are not one): kept for the game to come.
            party.early.append((peer, data.get("m")))
        else:
            await self.party_game_message(party, peer, data)

    def party_hi(self, party: Party, peer: str, data: dict[str, Any]) -> None:
        name = data.get("name")
        name = name[:20] if isinstance(name, str) else ""
        party.names[peer] = name
        back = data.get("back")
        if party.host and party.state == "host-back":
            self.party_seat_back(party, peer, data.get("seat"), told_token(data))
            return
        if not party.host and party.state == "playing" and "token" in data:
            self.party_host_back(party, peer, data.get("token"))
            return
        if party.host and party.state == "playing" and back in party.left_seats \
                and isinstance(back, int) and told_token(data) == party.seat_tokens.get(back) \
                and party.side is not None and party.returning is None:
            party.returning = (back, peer)  # seated at the next hand's start
            party.side.hold = True
            return
        if party.host and party.state == "room":
            if peer not in party.plan and COMPUTER in party.plan[1:]:
                # Seated at once in the first free seat, the partner's last.
                for seat in (1, 3, 2):
                    if party.plan[seat] == COMPUTER:
                        party.plan[seat] = peer
                        break
            self.party_room_changed()

    # ------------------------------------------------------------------ the host seats

    def party_room_changed(self) -> None:
        """The host's seating changed: shown here, and told to every page."""
        party = self.party
        if party is None or not party.host:
            return
        names = self.party_seat_names(party)
        for peer in party.names:
            seat = party.plan.index(peer) if peer in party.plan else -1
            self.party_send({"t": "room", "table": party.table_name, "names": names,
                             "seat": seat, "level": party.level,
                             "rules": party.rules.to_dict()}, peer)
        self.fill_party_room()

    def party_seat_names(self, party: Party) -> list[str]:
        return [self.prefs.name if who == "" else "" if who == COMPUTER
                else party.names.get(who, "") for who in party.plan]

    def party_room(self, party: Party, peer: str, data: dict[str, Any]) -> None:
        """A friend's page: the host's seating, shown as it is."""
        if party.host_peer and peer != party.host_peer:
            return
        if data.get("table") not in PARTY_TABLES:
            return
        names, seat, rules = told_names(data), data.get("seat"), told_rules(data)
        if names is None or not isinstance(seat, int) or rules is None:
            return
        party.host_peer = peer
        party.table_name = str(data["table"])
        party.rules = rules
        party.player_names = names
        party.seat = seat if 0 < seat < 4 else 0
        party.level = told_level(data)
        self.fill_party_room()

    def party_seat_choice(self, seat: int, who: str) -> None:
        """The host seats ``who`` (a friend's page, or ``COMPUTER``) at ``seat``; a friend
        seated elsewhere moves here, and a computer takes the seat left."""
        party = self.party
        if party is None or not party.host or party.state != "room" or not 0 < seat < 4:
            return
        if who != COMPUTER and who not in party.names:
            return
        plan = [COMPUTER if other == who and who != COMPUTER else other
                for other in party.plan]
        plan[seat] = who
        party.plan = plan
        self.party_room_changed()

    def party_can_start(self) -> bool:
        party = self.party
        return (party is not None and party.host and party.state == "room"
                and any(who not in ("", COMPUTER) for who in party.plan))

    def party_start(self) -> None:
        """The host taps Start: every page is told the game, then it begins here."""
        party = self.party
        if party is None or not self.party_can_start():
            return
        rng = random.SystemRandom()
        seed, dealer = rng.randrange(1 << 48), rng.randrange(4)
        guests = {who: seat for seat, who in enumerate(party.plan) if who not in ("", COMPUTER)}
        names = self.party_seat_names(party)
        party.computers = frozenset(s for s, who in enumerate(party.plan) if who == COMPUTER)
        party.host_token = new_secret()
        party.seat_tokens = {seat: new_secret() for seat in guests.values()}
        for peer in party.names:
            self.party_send({"t": "start", "table": party.table_name, "seed": seed,
                             "dealer": dealer, "guests": guests, "names": names,
                             "computers": sorted(party.computers), "level": party.level,
                             "rules": party.rules.to_dict(),
                             "host_proof": proof_of(party.host_token),
                             "seat_token": party.seat_tokens.get(guests.get(peer, -1), ""),
                             "seat": guests.get(peer, -1)}, peer)
        party.seats_of = {peer: frozenset({seat}) for peer, seat in guests.items()}
        host_seats = frozenset(range(4)) - frozenset(guests.values())
        party.player_names = names
        self.party_begin(party, seed, dealer, host_seats)

    def party_start_here(self, party: Party, peer: str, data: dict[str, Any]) -> None:
        """A friend's page: the host started the game."""
        guests, seat = data.get("guests"), data.get("seat")
        seed, dealer, names = data.get("seed"), data.get("dealer"), told_names(data)
        if not (data.get("table") in PARTY_TABLES and isinstance(guests, dict)
                and isinstance(seat, int) and 0 < seat < 4
                and isinstance(seed, int) and not isinstance(seed, bool)
                and 0 <= seed < 1 << 48 and dealer in (0, 1, 2, 3) and names is not None
                and all(isinstance(s, int) and 0 < s < 4 for s in guests.values())
                and len(set(guests.values())) == len(guests) <= 3):
            return
        computers = data.get("computers")
        if seat not in guests.values() or not isinstance(computers, list) \
                or not set(computers) <= set(range(1, 4)) - set(guests.values()):
            return
        rules = told_rules(data)
        if rules is None:
            return
        party.computers = frozenset(computers)
        party.level = told_level(data)
        party.host_token = told_proof(data)
        party.seat_token = told_token(data)
        party.table_name = str(data["table"])
        party.rules = rules
        party.seat = seat
        party.player_names = names
        party.seats_of = {other: frozenset({s}) for other, s in guests.items()
                          if s != seat}
        party.seats_of[peer] = frozenset(range(4)) - frozenset(guests.values())
        self.party_begin(party, seed, dealer, frozenset({seat}))
        self.party_keep_seat(party)

    # ------------------------------------------------------------------ a page come back

    def party_restore(self) -> None:
        """A page reopened while its four-seat game went on: a friend's back into the
        room, where the host gives it its seat at the next hand; the host's back to its
        table (``party_host_return``)."""
        try:
            text = storage.getItem(PARTY_KEY)
            if text is None:
                return
            kept = json.loads(text)
            code, seat = kept["code"], kept["seat"]
        except Exception:
            return
        if not (isinstance(code, str) and room_code(code) == code and is_table_code(code)):
            return
        if seat == 0 and isinstance(kept.get("host"), dict):
            self.spawn(self.party_host_return(code, kept["host"]))
        elif seat in (1, 2, 3):
            self.spawn(self.party_join(code, back=seat, token=told_token(kept, "token")))
            self.spawn(self.party_give_up_return())

    async def party_give_up_return(self) -> None:
        """A game gone meanwhile (no host gives the seat back within ``RETURN_MS``): the
        page leaves the room, and forgets it."""
        await asyncio.sleep(RETURN_MS / 1000)
        party = self.party
        if party is not None and party.back >= 0 and party.side is None:
            self.party_close()

    # ------------------------------------------------------------------ the dialog

    def show_party_room(self, code: str) -> str:
        link = self.show_room(code)  # (the code, its link and their Copy buttons)
        self.party_say(_("Tell your friends the table code, or send the link; seat them "
                         "below, then tap Start."))
        self.fill_party_room()
        return link

    def party_say(self, text: str) -> None:
        element("online-status").textContent = text

    def fill_party_room(self) -> None:
        """The seats of the room, in the online dialog: the host's menus, or what a
        friend's page is told."""
        party = self.party
        box = element("party-room")
        if party is None:
            box.hidden = True
            return
        box.hidden = False
        rows = []
        names = (self.party_seat_names(party) if party.host else party.player_names)
        for seat in range(4):
            place = _(table.SEAT_NAMES[(seat - (0 if party.host else party.seat)) % 4])
            role = _("partner") if seat == (party.seat + 2) % 4 else (
                _("you") if seat == party.seat else _("opponent"))
            label = f"{place} ({role})"
            if party.host and seat > 0:
                options = [(COMPUTER, _("A computer"))] + [
                    (peer, name or _("Friend {number}").format(number=i + 1))
                    for i, (peer, name) in enumerate(party.names.items())]
                choices = "".join(
                    f'<option value="{escape(value)}"'
                    f'{" selected" if party.plan[seat] == value else ""}>{escape(text)}</option>'
                    for value, text in options)
                rows.append(f'<li><label>{escape(label)} <select data-party-seat="{seat}">'
                            f'{choices}</select></label></li>')
            else:
                shown = names[seat] or (_("You") if seat == party.seat else _("A computer"))
                rows.append(f"<li>{escape(label)}: {escape(shown)}</li>")
        rows.append(self.party_level_row(party))
        # The table played: its name, and what a custom one changes (rules_summary).
        element("party-table").textContent = (f"{table.table_name(party.rules)}. "
                                              f"{table.rules_summary(party.rules)}")
        element("party-seats").innerHTML = "".join(rows)
        start = element("party-start")
        start.hidden = not party.host
        start.disabled = not self.party_can_start()
        if not party.host:
            self.party_say(_("You are at the table: the host starts the game."))

    def party_level_row(self, party: Party) -> str:
        """The computers' level: the host's menu; what a friend's page is told."""
        if party.host:
            choices = "".join(
                f'<option value="{key}"{" selected" if key == party.level else ""}>'
                f'{escape(_(word))}</option>' for key, word in LEVEL_NAMES.items())
            label = escape(_("Computers play at"))
            return (f'<li><label>{label} <select data-party-level="">{choices}</select>'
                    '</label></li>')
        if party.level not in LEVEL_NAMES:
            return ""
        return "<li>{}</li>".format(escape(_("Computers play at: {level}").format(
            level=_(LEVEL_NAMES[party.level]))))

    def on_party_seat(self, event: Any) -> None:
        target = event.target
        seat = target.getAttribute("data-party-seat")
        if seat and seat.isdigit():
            self.party_seat_choice(int(seat), str(target.value))
        elif target.hasAttribute("data-party-level"):
            self.party_level_choice(str(target.value))

    def party_level_choice(self, level: str) -> None:
        """The host chooses the computers' level (before the start)."""
        party = self.party
        if party is None or not party.host or party.state != "room" or level not in LEVELS:
            return
        party.level = level
        self.party_room_changed()

    # ------------------------------------------------------------------ leaving the room

    def party_close(self) -> None:
        """The room or game left (a new game, another room)."""
        party, self.party = self.party, None
        if party is not None:
            self.party_leave(party)
            with contextlib.suppress(Exception):
                storage.removeItem(PARTY_KEY)
        if party is not None and party.mesh is not None:
            party.mesh.close()
        with contextlib.suppress(Exception):
            element("party-room").hidden = True

    def party_rules(self, table_name: str) -> Rules:
        """The table the room plays: a custom one chosen in Options (the player's latest
        word), else the one on the table if it is that table, custom or not."""
        chosen = self.rules_for(table_name, False)
        if chosen == PRESETS[table_name] and self.game.rules.players == 4 \
                and self.game.rules.name == chosen.name:
            return self.game.rules
        return chosen

    def online_party_table(self) -> str:
        """The preset the table on the table is, or is a custom table of; else the one
        chosen in Options, if it is played at four online."""
        for name in PARTY_TABLES:
            if self.game.rules.name == PRESETS[name].name and self.game.rules.players == 4:
                return name
        return self.prefs.table if self.prefs.table in PARTY_TABLES else PARTY_TABLES[0]

    # ------------------------------------------------------------------ the game's (party_game.py)

    def party_begin(self, party: Party, seed: int, dealer: int, seats: frozenset[int]) -> None:
        raise NotImplementedError

    async def party_game_message(self, party: Party, peer: str, data: dict[str, Any]) -> None:
        raise NotImplementedError

    def party_leave(self, party: Party) -> None:
        raise NotImplementedError

    async def party_host_return(self, code: str, kept: dict[str, Any]) -> None:
        raise NotImplementedError

    def party_seat_back(self, party: Party, peer: str, seat: object, token: str) -> None:
        raise NotImplementedError

    def party_host_back(self, party: Party, peer: str, token: object) -> None:
        raise NotImplementedError


__all__ = ["PartyRoom"]
