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
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from dataclasses import dataclass, field, replace
from html import escape
from typing import TYPE_CHECKING, Any

import table
from codes import is_table_code, room_code
from i18n import _
from mesh import MeshPeer
from prefs import LEVEL_NAMES, LEVELS
from pyscript import window
from relays import ICE_SERVERS, RELAYS
from room import Room, element, storage

from spades import PRESETS, Action, Bid, Game, Pass, Phase, Play, Rules
from spades.saves import SaveError, read_rules

if TYPE_CHECKING:  # the protocol loads with the first online game, not the page
    from spades.mental.nprotocol import NSide

PARTY_TABLES = ("classic", "blind-nil", "quick")
"""The four-player tables played online."""
COMPUTER = "computer"
"""A seat of the plan that a computer plays (on the host's page)."""
SILENT_MS = 45_000
"""A page whose channel has closed and that has not sent the message the game waits on for
this long is replaced by a computer (the hand dealt again)."""
AWAY_MS = 120_000
"""A page still there that has not sent the message the game waits on for this long (its
player away) is replaced too: two minutes, as Beloter waits for a player dropped. Its
player takes the seat back at a next hand with "Back to my seat"."""
PARTY_KEY = "spades.party"
"""A friend's page keeps its four-seat game's room and seat here: reopened, it goes back to
the room, and the host gives it its seat back at the next hand."""
RETURN_MS = 180_000
"""How long a reopened friend's page waits in the room for its seat back."""
AHEAD_KEPT = 300
"""The most protocol messages kept while one before them is missing (a hand has about 80)."""
SENT_KEPT = 300
"""How many of the transcript's last messages a page keeps to send again (its own, and the
others' it took, to relay)."""
ASK_AGAIN_MS = 3_000
"""A page that has waited this long on another's message asks every page to send again
what it sent from there (a channel that formed after the message went, or a message
lost on the way: the mesh's six channels do not all open at once)."""
RESEND_MOST = 120
"""The most messages sent again for one request."""


def told_rules(data: dict[str, Any]) -> Rules | None:
    """The four-player table a host's message says (its preset's or custom settings), or
    None when it says none a four-player table can have."""
    try:
        rules = read_rules(data.get("rules"))
    except SaveError:
        return None
    return rules if rules.players == 4 else None


def told_level(data: dict[str, Any]) -> str:
    """The computers' level a host's message says ("" when it says none we know)."""
    level = data.get("level")
    return level if isinstance(level, str) and level in LEVELS else ""


@dataclass
class Party:
    """A four-seat room and its game, as this page knows it."""

    code: str
    host: bool
    mesh: MeshPeer | None = None
    names: dict[str, str] = field(default_factory=dict)
    """The other pages in the room (their peer ids) and their players' names."""
    host_peer: str = ""
    """A friend's page: the host's page (the page whose room and start it takes)."""
    plan: list[str] = field(default_factory=lambda: ["", COMPUTER, COMPUTER, COMPUTER])
    """The host's seating: by seat, "" (the host), a friend's peer id or ``COMPUTER``."""
    seat: int = 0
    computers: frozenset[int] = frozenset()
    """Once started: the seats a computer plays (on the host's page)."""
    seats_of: dict[str, frozenset[int]] = field(default_factory=dict)
    """Once started: the seats each other page holds."""
    player_names: list[str] = field(default_factory=lambda: ["", "", "", ""])
    table_name: str = "classic"
    """The preset the table is, or is a custom table of (its name's)."""
    rules: Rules = field(default_factory=lambda: PRESETS["classic"])
    """The table's settings: a preset's, or a custom four-player table's (the host's)."""
    level: str = "medium"
    side: NSide | None = None
    state: str = "room"
    """"room" (gathering), "playing", "failed" (a page proved to cheat), "disagree",
    "host-left" (the host's page left: its computers' cards with it), "away" (this page's
    seat given to a computer while its player was away)."""
    blamed: str = ""
    """The name of the player whose message proved a cheat ("" when none is proven)."""
    ahead: dict[int, tuple[str, dict[str, Any]]] = field(default_factory=dict)
    sent: list[dict[str, Any]] = field(default_factory=list)
    """The transcript's last messages (``SENT_KEPT``): this page's and the others' it
    took, to send again when asked."""
    asked: float = 0.0
    """When this page last asked the others to send again (the performance clock, ms)."""
    back: int = -1
    """A friend's page come back to its game (its kept seat), until the host seats it."""
    left_seats: set[int] = field(default_factory=set)
    """The host: seats a friend left, now a computer's, that the friend may take back."""
    returning: tuple[int, str] | None = None
    """The host: a friend come back (its seat, its page), seated at the next hand."""
    early: list[tuple[str, Any]] = field(default_factory=list)
    """Protocol messages heard before the host's start (taken once it comes)."""
    inbox: asyncio.Queue[tuple[str, str]] = field(default_factory=asyncio.Queue)
    waiting_since: float = 0.0
    """When the game began to wait on another page's seat (the performance clock, ms)."""
    dealt_shown: int = -1
    """The hand whose deal the table shows (the table shows a hand's cards from the
    moment they are read, never the cards the seed would have dealt before)."""
    waited_seq: int = -1
    """The transcript's length then: the wait is measured from the last message taken."""
    gone: set[str] = field(default_factory=set)
    """Pages whose channel closed."""
    called_back: bool = False
    """Away: this page's player tapped "Back to my seat" (the host has been asked)."""
    bye: set[str] = field(default_factory=set)
    """The host: pages whose player left the game (replaced at their seat's next turn)."""

    def seats_here(self) -> frozenset[int]:
        """The seats this page plays: its player's, and on the host's every computer's."""
        if not self.host:
            return frozenset({self.seat})
        return frozenset(s for s, who in enumerate(self.plan) if who in ("", COMPUTER))

    def peer_of(self, seat: int) -> str | None:
        """The page that holds ``seat`` (None: this one)."""
        return next((peer for peer, seats in self.seats_of.items() if seat in seats), None)


class PartyRoom(Room):
    """The four-seat room's moves (App mixes it in before Online: while a party is on,
    its answers to the online table's questions are the party's)."""

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

    async def party_join(self, code: str, back: int = -1) -> None:
        """A friend: into the room ``code``, to be seated by its host (``back``: the seat
        this page had in the game there, to take back)."""
        self.party_close()
        party = self.party = Party(code, host=False, back=back)
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
            hello: dict[str, Any] = {"t": "hi", "name": self.prefs.name}
            if party.back >= 0:
                hello["back"] = party.back
            self.party_send(hello, peer)
            return
        party.gone.add(peer)
        if party.state == "room" and party.host:
            party.names.pop(peer, None)
            party.plan = [COMPUTER if who == peer else who for who in party.plan]
            self.party_room_changed()
        elif party.state == "room" and peer == party.host_peer:
            self.party_say(_("The host has left the table."))
        self.render()

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
        elif kind == "m" and party.side is not None and party.state == "playing":
            await self.party_protocol(party, peer, data.get("m"), data.get("relayed") is True)
        elif kind == "m" and party.side is None and not party.host \
                and len(party.early) < AHEAD_KEPT:
            # Another friend's page started before this one heard the host's start (the
            # channels are not one): kept for the game to come.
            party.early.append((peer, data.get("m")))
        elif kind == "resend" and party.state == "playing":
            self.party_resend(party, peer, data.get("seq"))
        elif kind == "rejoin" and not party.host and party.back >= 0 \
                and (party.side is None or party.state == "away"):
            self.party_rejoin(party, peer, data)
        elif kind == "restart" and peer == party.host_peer and party.state == "playing":
            await self.party_restart_here(party, data)
        elif kind == "bye" and party.state == "playing":
            self.party_bye(party, peer)

    def party_hi(self, party: Party, peer: str, data: dict[str, Any]) -> None:
        name = data.get("name")
        name = name[:20] if isinstance(name, str) else ""
        party.names[peer] = name
        back = data.get("back")
        if party.host and party.state == "playing" and back in party.left_seats \
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
        names = data.get("names")
        seat = data.get("seat")
        if not (isinstance(names, list) and len(names) == 4
                and all(isinstance(n, str) for n in names) and isinstance(seat, int)):
            return
        rules = told_rules(data)
        if rules is None:
            return
        party.host_peer = peer
        party.table_name = str(data["table"])
        party.rules = rules
        party.player_names = [n[:20] for n in names]
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
        for peer in party.names:
            self.party_send({"t": "start", "table": party.table_name, "seed": seed,
                             "dealer": dealer, "guests": guests, "names": names,
                             "computers": sorted(party.computers), "level": party.level,
                             "rules": party.rules.to_dict(),
                             "seat": guests.get(peer, -1)}, peer)
        party.seats_of = {peer: frozenset({seat}) for peer, seat in guests.items()}
        host_seats = frozenset(range(4)) - frozenset(guests.values())
        party.player_names = names
        self.party_begin(party, seed, dealer, host_seats)

    def party_start_here(self, party: Party, peer: str, data: dict[str, Any]) -> None:
        """A friend's page: the host started the game."""
        guests, seat = data.get("guests"), data.get("seat")
        seed, dealer, names = data.get("seed"), data.get("dealer"), data.get("names")
        if not (data.get("table") in PARTY_TABLES and isinstance(guests, dict)
                and isinstance(seat, int) and 0 < seat < 4
                and isinstance(seed, int) and not isinstance(seed, bool)
                and 0 <= seed < 1 << 48 and dealer in (0, 1, 2, 3)
                and isinstance(names, list) and len(names) == 4
                and all(isinstance(n, str) for n in names)
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
        party.table_name = str(data["table"])
        party.rules = rules
        party.seat = seat
        party.player_names = [n[:20] for n in names]
        party.seats_of = {other: frozenset({s}) for other, s in guests.items()
                          if s != seat}
        party.seats_of[peer] = frozenset(range(4)) - frozenset(guests.values())
        self.party_begin(party, seed, dealer, frozenset({seat}))
        with contextlib.suppress(Exception):  # (a storage that refuses: no way back)
            storage.setItem(PARTY_KEY, json.dumps({"code": party.code, "seat": seat}))

    def party_restore(self) -> None:
        """A friend's page reopened while its four-seat game went on: back into the room,
        where the host gives it its seat at the next hand."""
        try:
            text = storage.getItem(PARTY_KEY)
            if text is None:
                return
            kept = json.loads(text)
            code, seat = kept["code"], kept["seat"]
        except Exception:
            return
        if isinstance(code, str) and room_code(code) == code and is_table_code(code) \
                and seat in (1, 2, 3):
            self.spawn(self.party_join(code, back=seat))
            self.spawn(self.party_give_up_return())

    async def party_give_up_return(self) -> None:
        """A game gone meanwhile (no host gives the seat back within ``RETURN_MS``): the
        page leaves the room, and forgets it."""
        await asyncio.sleep(RETURN_MS / 1000)
        party = self.party
        if party is not None and party.back >= 0 and party.side is None:
            self.party_close()

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

    # ------------------------------------------------------------------ the game

    def party_messages(self, messages: list[dict[str, Any]]) -> None:
        party = self.party
        for message in messages:
            self.party_send({"t": "m", "m": message})
            if party is not None:
                party.sent.append(message)
        if party is not None:
            del party.sent[:-SENT_KEPT]
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

    # ------------------------------------------------------------------ a page gone

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
                         "rules": party.rules.to_dict()}, peer)
        self.party_restarted(party, _("A player is back at the table."), mid_hand=False)

    def party_rejoin(self, party: Party, peer: str, data: dict[str, Any]) -> None:
        """A friend's page come back: the host gives it the game at a hand's start (its
        score is the host's page's word: the page was not there to see it)."""
        from spades.mental.nprotocol import NSide

        seat, seats, names = data.get("seat"), data.get("seats"), data.get("names")
        chain, seq, computers = data.get("chain"), data.get("seq"), data.get("computers")
        if not (seat == party.back and isinstance(seats, dict) and isinstance(names, list)
                and len(names) == 4 and all(isinstance(n, str) for n in names)
                and isinstance(chain, str) and len(chain) == 64
                and isinstance(seq, int) and not isinstance(seq, bool) and seq >= 0
                and isinstance(computers, list) and set(computers) <= {1, 2, 3}
                and data.get("table") in PARTY_TABLES):
            return
        try:
            game = Game.from_json(str(data.get("game")))
        except Exception:  # (a save refused: SaveError, or a text too strange to read)
            return
        if game.rules != told_rules(data) or game.phase is not Phase.BID:
            return
        side = NSide({seat}, game.rules, random.SystemRandom(), dealer=game.dealer)
        side.game, side.chain, side.seq = game, chain, seq
        party.host_peer, party.seat, party.side = peer, seat, side
        party.table_name = str(data["table"])
        party.rules = game.rules
        party.player_names = [n[:20] for n in names]
        party.computers = frozenset(computers)
        party.level = told_level(data)
        party.seats_of = {other: frozenset(values) for other, values in seats.items()
                          if isinstance(values, list) and seat not in values}
        party.seats_of[peer] = frozenset(range(4)) - frozenset(
            s for values in party.seats_of.values() for s in values) - {seat}
        party.state = "playing"
        party.back = -1
        self.party = None  # (new_game forgets the online games before: not this one)
        self.new_game(party.table_name, rules=game.rules)
        self.party = party
        self.ui = replace(self.ui, online=True, friend=False, viewer=seat)
        self.game = side.table()
        element("online").close()
        self.notice(_("You are back at the table."))
        self.party_messages(side.start())
        self.render()

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
        self.party_send({"t": "hi", "name": self.prefs.name, "back": party.seat},
                        party.host_peer)
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


class PartyTable(PartyRoom):
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
        if not self.party_active():
            return super().computers_to_move()
        party = self.party
        assert party is not None and party.side is not None
        side = party.side
        return (party.state == "playing" and super().computers_to_move() and side.dealt
                and self.game.hand_number == side.hand_number
                and side.phase in ("bid", "pass", "play") and side.sender == self.game.turn)

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


__all__ = ["COMPUTER", "PARTY_TABLES", "Party", "PartyRoom", "PartyTable"]
