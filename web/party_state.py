"""A four-seat room and its game as one page knows it (issue 47): the ``Party``, the
limits the room and the game keep to, and the reading of what a host's message says
of the table. Data only: the room's moves are party_room.py's, the game's
party_game.py's, and the table's answers while a party is on party.py's."""

from __future__ import annotations

import asyncio
import hashlib
import random
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mesh import MeshPeer
from prefs import LEVELS

from spades import PRESETS, Game, Phase, Rules
from spades.saves import SaveError, read_rules

if TYPE_CHECKING:  # the protocol loads with the first online game, not the page
    from spades.mental.nprotocol import NSide

PARTY_TABLES = ("classic", "blind-nil", "quick")
"""The four-player tables played online."""
COMPUTER = "computer"
"""A seat of the plan that a computer plays (on the host's page)."""
WAITING = "waiting"
"""A seat of the plan whose friend the host's page come back waits for."""
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
HOST_BACK_MS = 20_000
"""The host's page come back waits this long for the friends' pages to take their seats
again; a seat not taken by then is a computer's (its friend may take it back later)."""


def told_rules(data: dict[str, Any]) -> Rules | None:
    """The four-player table a host's message says (its preset's or custom settings), or
    None when it says none a four-player table can have."""
    try:
        rules = read_rules(data.get("rules"))
    except SaveError:
        return None
    return rules if rules.players == 4 else None


def proof_of(token: str) -> str:
    """What a friend's page keeps of the host's secret: its SHA-256 (hex)."""
    return hashlib.sha256(token.encode()).hexdigest()


def hex_text(value: object, digits: int) -> str:
    """``value`` when it is ``digits`` lower-case hex digits, else ""."""
    return value if isinstance(value, str) and re.fullmatch(f"[0-9a-f]{{{digits}}}", value) \
        else ""


def told_proof(data: dict[str, Any]) -> str:
    """The host's proof a host's message says ("" when none: no host's page come back is
    then believed)."""
    return hex_text(data.get("host_proof"), 64)


def new_secret(bits: int = 128) -> str:
    """``bits`` bits from the operating system's generator, in hex."""
    return f"{random.SystemRandom().getrandbits(bits):0{bits // 4}x}"


def told_token(data: dict[str, Any], key: str = "seat_token") -> str:
    """A seat's secret as a message says it ("" when it says none of ours)."""
    return hex_text(data.get(key), 32)


def told_names(data: dict[str, Any]) -> list[str] | None:
    """The four seats' names a host's message says (each as a name is kept: 20 characters
    at most), or None when it says no four names."""
    names = data.get("names")
    if not (isinstance(names, list) and len(names) == 4
            and all(isinstance(name, str) for name in names)):
        return None
    return [name[:20] for name in names]


def told_game(text: object, rules: Rules | None) -> Game | None:
    """The game a host's message (or the host's own keeping) says, at a hand's start and
    played at ``rules``; None for anything else (a save refused, or a text too strange to
    read)."""
    try:
        game = Game.from_json(str(text))
    except Exception:
        return None
    return game if game.rules == rules and game.phase is Phase.BID else None


def told_seats(seats: dict[str, Any], seat: int, host_peer: str) -> dict[str, frozenset[int]]:
    """A friend's page at ``seat``: the seats each other page holds, as a host's message
    lists them by page; the host's page holds the rest (its own and the computers')."""
    others = {peer: frozenset(values) for peer, values in seats.items()
              if isinstance(values, list) and seat not in values}
    others[host_peer] = frozenset(range(4)) - frozenset(
        s for values in others.values() for s in values) - {seat}
    return others


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
    host_token: str = ""
    """The host: the secret its page shows to be the host again after a reload (kept in
    ``PARTY_KEY``). A friend's page: the secret's SHA-256, as the host's start said it."""
    seat_token: str = ""
    """A friend's page: the secret the host's start gave its seat (kept in ``PARTY_KEY``):
    shown to take the seat back, after its page or the host's was reopened."""
    seat_tokens: dict[int, str] = field(default_factory=dict)
    """The host: each friend's seat's secret (``seat_token``), kept in ``PARTY_KEY``."""
    kept_hand: int = -1
    """The host: the hand whose start ``PARTY_KEY`` keeps (its page comes back there)."""
    kept_game: Game | None = None
    """The host's page come back: the game ``PARTY_KEY`` kept (the start of the hand it
    left), until the friends' pages are seated again."""
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


__all__ = [
    "AHEAD_KEPT",
    "ASK_AGAIN_MS",
    "AWAY_MS",
    "COMPUTER",
    "HOST_BACK_MS",
    "PARTY_KEY",
    "PARTY_TABLES",
    "RESEND_MOST",
    "RETURN_MS",
    "SENT_KEPT",
    "SILENT_MS",
    "WAITING",
    "Party",
    "hex_text",
    "new_secret",
    "proof_of",
    "told_game",
    "told_level",
    "told_names",
    "told_proof",
    "told_rules",
    "told_seats",
    "told_token"
]
