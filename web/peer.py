"""The online table's wire and its state: a WebRTC data channel between two browsers,
signalled through a relay by a room code (``RelayPeer``), or by copy and paste (``Peer``:
an invitation code one way, an answer code the other).

No third party is contacted: the connection has no STUN or TURN server (``iceServers``
is empty), so it joins two browsers that can reach each other directly (the same network,
or one machine). Each side waits for its ICE gathering to complete before it shows its
code, so one paste each way is enough (no trickle). A code is the session description,
compressed and written in URL-safe base64 behind a short tag (codes.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from codes import decode, encode
from pyodide.code import run_js
from pyodide.ffi import create_proxy, to_js
from pyscript import window
from waits import Wait

from spades import Draw, Replace

if TYPE_CHECKING:  # the mental poker loads with the first online game, not the page
    from spades.mental import Side

GATHER_SECONDS = 10.0
"""The longest wait for the browser's network candidates."""


class Peer:
    """One end of the data channel. ``on_message(text)`` gets each message received;
    ``on_state(state)`` each change: "open", "closed"."""

    def __init__(self, on_message: Callable[[str], None],
                 on_state: Callable[[str], None]) -> None:
        self.on_message = on_message
        self.on_state = on_state
        self.channel: Any = None
        self.offer: asyncio.Task[str] | None = None
        """The invitation, made or being made (once per channel: a code sent to a friend
        stays good however often the player taps Invite)."""
        self.proxies: list[Any] = []
        config = to_js({"iceServers": []}, dict_converter=window.Object.fromEntries)
        self.connection: Any = window.RTCPeerConnection.new(config)
        self.listen(self.connection, "connectionstatechange", self.connection_changed)

    def listen(self, target: Any, event: str, handler: Callable[[Any], None]) -> None:
        proxy = create_proxy(handler)
        self.proxies.append(proxy)
        target.addEventListener(event, proxy)

    def connection_changed(self, _event: Any) -> None:
        if str(self.connection.connectionState) in ("failed", "closed"):
            self.on_state("closed")

    def attach(self, channel: Any) -> None:
        self.channel = channel
        self.listen(channel, "open", lambda _event: self.on_state("open"))
        self.listen(channel, "close", lambda _event: self.on_state("closed"))
        self.listen(channel, "message", lambda event: self.on_message(str(event.data)))

    async def local_code(self) -> str:
        """This side's description once its candidates are gathered, as a code."""
        connection = self.connection
        waited = 0.0
        while str(connection.iceGatheringState) != "complete" and waited < GATHER_SECONDS:
            await asyncio.sleep(0.05)
            waited += 0.05
        description = connection.localDescription
        return encode(str(description.type), str(description.sdp))

    def describe(self, kind: str, sdp: str) -> Any:
        return to_js({"type": kind, "sdp": sdp}, dict_converter=window.Object.fromEntries)

    async def invite(self) -> str:
        """The inviting side: opens the channel and gives the invitation code (the same
        code when asked again)."""
        if self.offer is None:
            self.offer = asyncio.ensure_future(self.make_offer())
        return await self.offer

    async def make_offer(self) -> str:
        options = to_js({"ordered": True}, dict_converter=window.Object.fromEntries)
        self.attach(self.connection.createDataChannel("spades", options))
        offer = await self.connection.createOffer()
        await self.connection.setLocalDescription(offer)
        return await self.local_code()

    async def join(self, invitation: str) -> str:
        """The invited side: takes the invitation code, gives the answer code."""
        sdp = decode(invitation, "offer")
        self.listen(self.connection, "datachannel", lambda event: self.attach(event.channel))
        await self.connection.setRemoteDescription(self.describe("offer", sdp))
        answer = await self.connection.createAnswer()
        await self.connection.setLocalDescription(answer)
        return await self.local_code()

    async def accept(self, answer: str) -> None:
        """The inviting side: takes the answer code; the channel opens soon after."""
        sdp = decode(answer, "answer")
        await self.connection.setRemoteDescription(self.describe("answer", sdp))

    @property
    def is_open(self) -> bool:
        return self.channel is not None and str(self.channel.readyState) == "open"

    def send(self, text: str) -> None:
        self.channel.send(text)

    def close(self) -> None:
        if self.channel is not None:
            self.channel.close()
        self.connection.close()


RELAY_CLIENT = "./trystero/torrent/index.mjs"
"""trystero's torrent strategy (vendored by build.py), imported on the first room."""
RELAY_APP = "spades-duel-1"
"""trystero's application id: rooms of other sites (or of another protocol) never meet."""


async def relay_client() -> Any:
    """The relay client's module, imported now: a page contacts nothing, and loads none
    of it, until its player starts a game by room code. (Pyodide has no import of an ES
    module: a dynamic import() does it, resolved against the page's address.)"""
    url = window.URL.new(RELAY_CLIENT, window.document.baseURI).href
    return await run_js("(url) => import(url)")(url)


def join_room(client: Any, app: str, code: str, action: str, relays: tuple[str, ...],
              ice_servers: tuple[str, ...]) -> tuple[Any, Any]:
    """trystero's room ``code`` of the application ``app`` at ``relays`` (the session
    descriptions encrypted with the code), and its message action ``action``."""
    client.resumeRelayReconnection()  # (after an earlier game left the relays)
    config = to_js({"appId": app, "password": code,
                    "relayConfig": {"urls": list(relays), "redundancy": len(relays)},
                    "rtcConfig": {"iceServers": [{"urls": url} for url in ice_servers]}},
                   dict_converter=window.Object.fromEntries)
    room = client.joinRoom(config, code)
    return room, room.makeAction(action)


class Proxied:
    """Keeps alive the Python handlers a relay's JavaScript calls (``proxy``), while the
    room is: RelayPeer's and mesh.MeshPeer's."""

    proxies: list[Any]

    def proxy(self, handler: Callable[..., None]) -> Any:
        made = create_proxy(handler)
        self.proxies.append(made)
        return made


class RelayPeer(Proxied):
    """One end of a data channel whose two pages met at a relay by room code (trystero's
    torrent strategy: the room is announced on WebTorrent trackers, and the pages' session
    descriptions go through them encrypted with the code). Speaks as ``Peer`` does:
    ``on_message(text)``, ``on_state("open" | "closed")``, ``send``, ``close``."""

    def __init__(self, on_message: Callable[[str], None], on_state: Callable[[str], None],
                 relays: tuple[str, ...], ice_servers: tuple[str, ...]) -> None:
        self.on_message = on_message
        self.on_state = on_state
        self.relays = relays
        self.ice_servers = ice_servers
        self.code = ""
        self.inviting = False
        """This page made the room (its code is shown again on a second tap)."""
        self.client: Any = None
        self.room: Any = None
        self.action: Any = None
        self.channel: Any = None
        """The message action once the friend's page is there (None before, and after)."""
        self.other = ""
        """The friend's page (trystero's peer id): the first page in the room."""
        self.closed = False
        self.proxies: list[Any] = []

    async def enter(self, code: str) -> None:
        """Into the room ``code`` (its page then waits there for the friend's)."""
        self.code = code
        client = self.client = await relay_client()
        if self.closed:
            return
        self.room, self.action = join_room(client, RELAY_APP, code, "spades", self.relays,
                                           self.ice_servers)
        self.action.onMessage = self.proxy(self.received)
        self.room.onPeerJoin = self.proxy(self.joined)
        self.room.onPeerLeave = self.proxy(self.left)

    def joined(self, peer_id: Any) -> None:
        if self.other or self.closed:
            return  # a third page in the room (a stale tab, a stranger) is not heard
        self.other = str(peer_id)
        self.channel = self.action
        self.leave_relays()
        self.on_state("open")

    def leave_relays(self) -> None:
        """The two pages have met: the relays are told nothing more (their sockets are
        closed, and trystero's reconnection held until the next room; its announces go
        nowhere while they are closed). The game goes over the data channel alone."""
        self.client.pauseRelayReconnection()
        for socket in window.Object.values(self.client.getRelaySockets()):
            socket.close()

    def received(self, data: Any, context: Any) -> None:
        if self.other and str(context.peerId) == self.other:
            self.on_message(str(data))

    def left(self, peer_id: Any) -> None:
        if str(peer_id) == self.other:
            self.channel = None
            self.on_state("closed")

    @property
    def is_open(self) -> bool:
        return self.channel is not None and not self.closed

    def send(self, text: str) -> None:
        target = to_js({"target": self.other}, dict_converter=window.Object.fromEntries)
        self.channel.send(text, target)

    def close(self) -> None:
        self.closed = True
        self.channel = None
        if self.room is not None:
            self.room.leave()


Channel = Peer | RelayPeer
"""Either end: what ``Link.peer`` holds."""

ENDED = ("failed", "disagree", "forfeit", "claimed", "they-left", "left", "lost-forfeit",
         "lost-away", "gone")
"""The states of a link whose game is over (kept with it: a reload says the same): the
other's message proved it cheated ("failed"); the two games differ and nothing proves
whose fault it is ("disagree"); the other player forfeited (silent or stalling:
"forfeit"), was away and the win claimed ("claimed"), left ("they-left"); this page's
player left ("left"), forfeited ("lost-forfeit"), was away ("lost-away"); the other page
ended the game otherwise ("gone")."""


class Link:
    """An online game's connection and protocol state."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.peer: Channel | None = None
        """The channel now (a new one each time the players connect again)."""
        self.side: Side | None = None
        self.names = ("", "")
        self.inbox: asyncio.Queue[str] = asyncio.Queue()
        self.hello: dict[str, Any] = {}
        """The game the inviting side offered (its table, first dealer and seed)."""
        self.drawing: Draw | Replace | None = None
        """This side's draw (or Double Nil replacement), sent, whose card is not shown
        yet."""
        self.drawing_why = ""
        """What is said before that draw (the clock ran out)."""
        self.state = "connecting"
        """"connecting", "open", "closed", or the game's end (``ENDED``)."""
        self.heard = 0.0
        self.said = 0.0
        """When the other page was last heard from, and this one last sent (ms, the
        page's performance clock)."""
        self.outbox: list[dict[str, Any]] = []
        """This side's last protocol messages, sent or not: those the other page has not
        had are sent again when the two connect again, or when it asks (a message lost)."""
        self.wait: Wait | None = None
        """The wait for the other page's next message, while it is the other's to send
        (web/waits.py)."""
        self.ahead: dict[int, dict[str, Any]] = {}
        """Protocol messages of the other page that came before one still missing, by
        sequence number: taken once the missing one has come."""
        self.auto_moves = 0
        """The other player's decisions in a row that its page's clock made."""
        self.taken = -1
        """The sequence number of the last protocol message taken from the other page."""
        self.my_auto_moves = 0
        """This page's player's decisions in a row that its clock made."""
        self.fresh = True
        """No protocol message has crossed this channel yet (a hello for another game is
        a question then; mid-game it is refused)."""
        self.away = False
        """The other player is away (``auto_moves`` reached waits.AWAY_AFTER): the page
        offers to claim the win."""
        self.talks = False
        """The other page understands table talk (its hello, or its resume after a
        reconnection, said so: web/reactions.py TALK): reactions may be sent to it."""

    def restart(self, seat: int) -> None:
        """The same channel, open, for a new game at ``seat`` (the game before it was
        left, or is over)."""
        self.state = "open"
        self.seat = seat
        self.side = None
        self.names = ("", "")
        self.hello = {}
        self.drawing = None
        self.outbox, self.ahead, self.wait = [], {}, None
        self.auto_moves, self.away, self.fresh, self.taken = 0, False, True, -1
        self.my_auto_moves = 0
        self.talks = False

    def to_dict(self) -> dict[str, Any]:
        """What a closed tab needs to go on (the side's secrets included: it stays in
        this browser's storage)."""
        assert self.side is not None
        return {"format": "spades-online", "version": 1, "seat": self.seat,
                "names": list(self.names), "hello": self.hello, "outbox": self.outbox,
                "ended": self.state if self.state in ENDED else "",
                "side": self.side.to_dict()}


KEEP_SENT = 200
"""How many of its own protocol messages a side keeps to send again (a hand has about 60)."""


def link_from_dict(data: Any, rng: Any) -> Link:
    """A link saved by ``Link.to_dict``, closed (raises ValueError if it is not one)."""
    if not isinstance(data, dict) or data.get("format") != "spades-online":
        raise ValueError("not a saved online game")
    if data.get("version") != 1 or data.get("seat") not in (0, 1):
        raise ValueError("not a saved online game")
    link = Link(data["seat"])
    names = data["names"]
    if not (isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) for n in names)):
        raise ValueError("bad names")
    link.names = (names[0], names[1])
    link.hello = dict(data["hello"])
    link.outbox = [m for m in data["outbox"] if isinstance(m, dict)][-KEEP_SENT:]
    from spades.mental import Side

    link.side = Side.from_dict(data["side"], rng)
    link.state = data.get("ended") or "closed"
    if link.state != "closed" and link.state not in ENDED:
        raise ValueError("bad state")
    return link
