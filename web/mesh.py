"""The wire of the four-seat online table (issue 47): the pages of a room meet at a relay
by room code, as two do (peer.RelayPeer), and each connects to each other one (trystero's
rooms are a mesh of WebRTC data channels): up to four pages, six channels. A message goes
to every page of the room, or to one.

Why a mesh and not a star through the host: every protocol message is for every page
(each checks every proof), so through a host each would cross two channels instead of
one, the host's uplink would carry three copies of each, and the host's page could hold
back or reorder anyone's messages unseen. In a mesh each page hears each message from
its sender, whose identity the channel gives (trystero's peer id): a page can only speak
for its own seats (party.py checks it).

The room stays announced at the relay for the game's length, so that a page closed
mid-game finds the others again by the same code; the relay sees who is in the room,
never a message.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from peer import Proxied, join_room, relay_client
from pyodide.ffi import to_js
from pyscript import window

MESH_APP = "spades-table-1"
"""trystero's application id of the four-seat rooms (the two-player rooms' is another:
a two-player room and a four-seat one never meet, whatever their codes)."""

MAX_PEERS = 6
"""The most other pages a page hears in its room: the three others, and as many again for
pages closed whose channel this page has not yet seen close (it can take seconds: the page
reopened in their place must be heard meanwhile). Who sits where is the party's to say
(party.py: a page not seated is never taken for a seat); this only bounds the noise."""

ALONE_MS = 20_000
"""A page that expects others in its room (a friend's) and has met none for this long
enters the room again: a fresh announce with fresh offers at the relay (a first one can
be lost: the relay may not yet have dropped the page closed before it, or the others'
pages may still hold its offer's stale state)."""


class MeshPeer(Proxied):
    """This page's place in a four-seat room: ``on_message(peer, text)`` for each message
    of another page (``peer``: its trystero id), ``on_peer(peer, present)`` as pages come
    and go."""

    def __init__(self, on_message: Callable[[str, str], None],
                 on_peer: Callable[[str, bool], None], relays: tuple[str, ...],
                 ice_servers: tuple[str, ...]) -> None:
        self.on_message = on_message
        self.on_peer = on_peer
        self.relays = relays
        self.ice_servers = ice_servers
        self.code = ""
        self.peers: list[str] = []
        """The other pages in the room now, in the order they came."""
        self.room: Any = None
        self.action: Any = None
        self.closed = False
        self.proxies: list[Any] = []
        self.alone_since = 0.0
        """Since when (the performance clock, ms) this page has met no other page: 0
        while it has one, or before it enters."""

    async def enter(self, code: str) -> None:
        """Into the room ``code``: every page in it is met."""
        self.code = code
        client = await relay_client()
        if self.closed:
            return
        self.alone_since = float(window.performance.now()) if not self.peers else 0.0
        self.room, self.action = join_room(client, MESH_APP, code, "table", self.relays,
                                           self.ice_servers)
        self.action.onMessage = self.proxy(self.received)
        self.room.onPeerJoin = self.proxy(self.joined)
        self.room.onPeerLeave = self.proxy(self.left)

    def joined(self, peer_id: Any) -> None:
        peer = str(peer_id)
        if self.closed or peer in self.peers or len(self.peers) >= MAX_PEERS:
            return  # a fifth page (a stale tab, a stranger) is not heard
        self.peers.append(peer)
        self.alone_since = 0.0
        self.on_peer(peer, True)

    def left(self, peer_id: Any) -> None:
        peer = str(peer_id)
        if peer in self.peers:
            self.peers.remove(peer)
            if not self.peers:
                self.alone_since = float(window.performance.now())
            self.on_peer(peer, False)

    def alone_too_long(self, now: float) -> bool:
        """In the room and alone there for ``ALONE_MS``."""
        return not self.closed and self.room is not None and not self.peers \
            and bool(self.alone_since) and now - self.alone_since >= ALONE_MS

    async def enter_again(self) -> None:
        """Into the room again (alone there too long)."""
        if self.room is None:
            return
        self.alone_since = 0.0  # (while entering: not twice)
        room, self.room, self.action = self.room, None, None
        await room.leave()  # (trystero's leave ends a moment later: then the same room)
        if not self.closed:
            await self.enter(self.code)

    def received(self, data: Any, context: Any) -> None:
        peer = str(context.peerId)
        if peer in self.peers and not self.closed:
            self.on_message(peer, str(data))

    def send(self, text: str, to: str | None = None) -> None:
        """``text`` to one page of the room, or to every one."""
        if self.closed or self.action is None or not self.peers:
            return
        targets = [to] if to is not None else list(self.peers)
        target = to_js({"target": targets}, dict_converter=window.Object.fromEntries)
        self.action.send(text, target)

    def close(self) -> None:
        self.closed = True
        self.peers = []
        if self.room is not None:
            self.room.leave()
            self.room = None


__all__ = ["ALONE_MS", "MAX_PEERS", "MESH_APP", "MeshPeer"]
