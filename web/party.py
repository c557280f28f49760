"""Four at the table online (issue 47): friends as partners and opponents, computers in the
empty seats, no server.

The room: the host's page ("Invite friends" at a four-player table) makes a room code of
three groups (a two-player room's has two) and waits in the room at the relay; up to
three friends' pages join by the code or its link (mesh.py: every page meets every
other). The host seats them (a menu a seat: a friend or a computer; North is the host's
partner) and taps Start. Its page then tells each page the table, the seed, the first
dealer, its seat and who sits where; each page runs a ``spades.mental.nprotocol.NSide``
for its seats (the host's for its own and every computer seat) with secrets from the
operating system's generator.

Every protocol message goes to every page, which checks that it comes from the page that
holds its seat, takes them in the transcript's order (``ahead`` keeps one that came
early), and shows the table as ``NSide.table()`` knows it. A message that breaks the
protocol ends the game, the hand unscored: the page that sent it is named when its own
message proves it, else no one.

A page gone silent while the game waits on one of its seats past ``SILENT_MS`` is
replaced: the host's page restarts the hand (unscored: the protocol cannot go on without
that page's keys) with a computer in the seat, and every page restarts at the same point
of the transcript. What a computer seat sees, and its cards, live on the host's page.

The modules: party_state.py (the ``Party`` and its limits), party_room.py (gathering and
seating, the dialog), party_game.py (the game under way), and this one: the table's
answers while a party is on (``PartyTable``, which App mixes in first).
"""

from __future__ import annotations

import table
from codes import is_table_code, room_code
from i18n import _
from party_game import PartyGame
from party_state import COMPUTER, PARTY_TABLES, Party
from room import element

from spades import Action, Bid, Game


class PartyTable(PartyGame):
    """The party's answers to the table's questions while a four-seat game is on, and the
    online dialog's ways into a four-seat room; the rooms after it in the App's order
    answer otherwise (App lists this one first)."""

    def humans(self) -> frozenset[int]:
        return self.party_humans() if self.party_active() else super().humans()

    def online_playing(self) -> bool:
        return self.party_active() or super().online_playing()

    def online_move(self, action: Action, why: str = "") -> Game | None:
        return self.party_move(action, why) if self.party_active() else \
            super().online_move(action, why)

    def online_waiting(self) -> bool:
        return self.party_waiting() if self.party_active() else super().online_waiting()

    def online_line(self) -> str:
        return self.party_line() if self.party_active() else super().online_line()

    def online_over_now(self) -> bool:
        return self.party_over() if self.party_active() else super().online_over_now()

    def online_tick(self, now: float) -> None:
        self.party_tick(now)
        super().online_tick(now)

    def online_forget(self) -> None:
        self.party_close()
        super().online_forget()

    def computers_to_move(self) -> bool:
        """The host's computers move only at their seat's turn of a dealt hand (the table
        shown between hands may be ahead of the protocol)."""
        if self.party_coming_back():
            return False
        if not self.party_active():
            return super().computers_to_move()
        party = self.party
        assert party is not None and party.side is not None
        side = party.side
        return (party.state == "playing" and super().computers_to_move() and side.dealt
                and self.game.hand_number == side.hand_number
                and side.phase in ("bid", "pass", "play") and side.sender == self.game.turn)

    def party_coming_back(self) -> bool:
        """A page reopened on its four-seat game, not yet seated again: the table it shows
        is the one it kept, for no one to play."""
        party = self.party
        return party is not None and party.side is None and self.ui.online \
            and (party.back >= 0 or party.state == "host-back")

    def seat_table(self) -> None:
        party = self.party
        if not self.party_active() or party is None:
            super().seat_table()
            return
        table.set_seating(table.Seating(party.seat, tuple(
            self.party_name(party, seat) for seat in range(4))))

    def party_name(self, party: Party, seat: int) -> str:
        """A seat's name at the four-seat table: its player's, else its place (seen from
        this page) and, for a computer, that it is one."""
        if party.player_names[seat]:
            return party.player_names[seat]
        if seat == party.seat:
            return _("You")
        place = _(table.SEAT_NAMES[(seat - party.seat) % 4])
        return _("{seat} (computer)").format(seat=place) if seat in party.computers else place

    def try_move(self, action: Action) -> None:
        if self.party_coming_back():
            return  # (the table shown is the one kept: the game goes on when seated)
        party = self.party
        if self.party_active() and party is not None and party.side is not None \
                and not party.side.dealt:
            if isinstance(action, Bid) and action.blind:
                self.party_declare(True)
            return  # (the hand is not dealt: no other move yet)
        super().try_move(action)

    def online_table_action(self, name: str) -> bool:
        if name == "party-start":
            self.party_start()
            return True
        if name == "party-back":
            self.party_come_back()
            return True
        party = self.party
        if name == "look" and self.party_active() and party is not None \
                and party.side is not None and party.side.phase == "blind":
            self.party_declare(False)
            return True
        return super().online_table_action(name)

    def online_action(self, name: str) -> bool:
        if name == "online-room-invite" and self.online_party_wanted():
            if self.party is None or not self.party.host or self.party.state != "room":
                self.spawn(self.party_invite())
            else:  # a second tap: the same room (friends may have its code already)
                self.show_party_room(self.party.code)
            return True
        if name == "online-room-join":
            code = room_code(str(element("online-room-in").value))
            if code is not None and is_table_code(code):
                element("online-room-in").value = code
                self.spawn(self.party_join(code))
                return True
        return super().online_action(name)

    def online_open_room(self, code: str) -> None:
        if not is_table_code(code):
            super().online_open_room(code)
            return
        self.online_dialog()
        element("online-room-in").value = code
        self.spawn(self.party_join(code))

    def online_party_wanted(self) -> bool:
        """The table on the table (or chosen in Options) is a four-player one: "Invite"
        makes a four-seat room."""
        return self.game.rules.players == 4

    def online_dialog(self) -> None:
        super().online_dialog()
        if self.party is not None and self.party.state == "room":
            self.fill_party_room()
        else:
            element("party-room").hidden = True

    def online_partner(self) -> tuple[str, str | None] | None:
        """This page's player's partner, for the statistics (web/stats.py's PartnerKey):
        (its name, None) for a seat the table names (a friend's, kept when a computer took
        it over), ("", the computers' level) for a computer's ("" on a friend's page: the
        host's start does not say it), ("", None) for a friend who gave no name; None
        when no four-seat game is on."""
        party = self.party
        if not self.party_active() or party is None:
            return None
        seat = (party.seat + 2) % 4
        if not party.player_names[seat] and seat in party.computers:
            return "", party.level
        return party.player_names[seat], None


__all__ = ["COMPUTER", "PARTY_TABLES", "Party", "PartyTable"]
