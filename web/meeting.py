"""Meeting a friend online: the online dialog, where two pages find each other by a room
code at a relay or by codes exchanged by hand, until their channel opens (peer.py);
online.py plays the game over it (issue 29)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import store
from codes import BadCode, new_room_code, room_code
from i18n import _, message_said
from peer import ENDED, Channel, Link, Peer, RelayPeer
from pyscript import window
from relays import ICE_SERVERS, RELAYS
from room import Room, element, storage

COPIES = {"online-copy-link": "online-room-link", "online-copy-offer": "online-offer",
          "online-copy-answer": "online-answer"}
"""Each Copy button's action and the field it copies."""
COPIED_SECONDS = 4
"""How long a Copy button says "Copied"."""


class Meeting(Room):
    relay_override: str | None = None
    """A relay on loopback (?relay=, the browser tests'), instead of web/relays.py's."""

    def online_action(self, name: str) -> bool:
        """The online dialog's buttons; False for an action of another room."""
        if name == "online":
            self.online_dialog()
        elif name == "online-room-invite":
            self.spawn(self.online_room_invite())
        elif name == "online-room-join":
            self.spawn(self.online_room_join(str(element("online-room-in").value)))
        elif name == "online-invite":
            self.spawn(self.online_invite())
        elif name == "online-join":
            self.spawn(self.online_join())
        elif name == "online-connect":
            self.spawn(self.online_connect())
        elif name == "online-close":
            element("online").close()
        else:
            return False
        return True

    def online_dialog(self) -> None:
        for ident in ("online-offer", "online-answer", "online-answer-in",
                      "online-invitation-in", "online-room-code", "online-room-link",
                      "online-room-in"):
            element(ident).value = ""
        element("online-host").hidden = element("online-guest-answer").hidden = True
        element("online-room").hidden = True
        self.online_say("")
        self.fill_online_words()
        element("options").close()
        element("online").showModal()

    def fill_online_words(self) -> None:
        """The dialog's words written by Python: the game it invites to, your name, the
        Copy buttons as they were before a copy."""
        element("online-table").textContent = self.online_offer_line()
        element("online-name").value = self.prefs.name
        element("online-copied").textContent = ""
        for action in COPIES:
            button = element("online").querySelector(f'[data-action="{action}"]')
            button.classList.remove("copied")
            button.textContent = _("Copy")

    def retranslate_online(self, before: str) -> None:
        """The open dialog in the page's new language: its lines written by Python in
        ``before`` (the language it spoke) said again, each Copy button as it is."""
        element("online-table").textContent = self.online_offer_line()
        for ident in ("online-status", "online-copied"):
            line = element(ident)
            if line.textContent:
                line.textContent = _(message_said(str(line.textContent), before))
        for action in COPIES:
            button = element("online").querySelector(f'[data-action="{action}"]')
            button.textContent = _("Copied") if button.classList.contains("copied") \
                else _("Copy")

    def on_online_name(self, event: Any) -> None:
        """Your name typed in the online dialog: the same as Options' "Your name" (your
        friend's page shows it once you meet)."""
        prefs = self.prefs.with_value("name", str(event.target.value))
        event.target.value = prefs.name
        if prefs != self.prefs:
            self.prefs = prefs
            if not store.save_prefs(storage, prefs):
                self.online_say(_("Your options could not be saved; they apply until you "
                                  "close the page."))

    def online_copy(self, name: str) -> bool:
        """A Copy button beside a code to pass on; False for another action."""
        if name not in COPIES:
            return False
        self.spawn(self.copy_code(name, element(COPIES[name])))
        return True

    async def copy_code(self, action: str, field: Any) -> None:
        """The code onto the clipboard (the Clipboard API), the button saying "Copied";
        where the browser refuses, the field's text is selected to copy by hand."""
        button = element("online").querySelector(f'[data-action="{action}"]')
        text = str(field.value)
        if not text:
            return
        try:
            await window.navigator.clipboard.writeText(text)
        except Exception:  # no clipboard here, or not allowed: the text, selected
            field.focus()
            field.select()
            said = _("The clipboard is not available here: select the text and copy it.")
            button.classList.remove("copied")
            button.textContent = _("Copy")
        else:
            said = _("Copied")
            button.classList.add("copied")
            button.textContent = _("Copied")
        element("online-copied").textContent = said
        await asyncio.sleep(COPIED_SECONDS)
        if button.classList.contains("copied"):
            button.classList.remove("copied")  # ready to copy again
            button.textContent = _("Copy")

    def select_code(self, target: Any) -> None:
        """A tap on a code to pass on selects all of it (a readonly field selects
        nothing by itself on a phone)."""
        if target.id in COPIES.values():
            target.select()

    def online_say(self, text: str) -> None:
        element("online-status").textContent = text

    def new_link(self, inviting: bool, relay: bool = False) -> tuple[Link, Channel]:
        """A new channel (through a relay, or by hand): for the online game on the table
        if there is one (the two pages connect again and go on), else for a new game (the
        inviting page sits at seat 0)."""
        old = self.link
        if old is not None and old.peer is not None:
            old.peer.close()
        going_on = (old is not None and old.side is not None and self.ui.online
                    and old.state not in ENDED)
        link = old if going_on and old is not None else Link(0 if inviting else 1)
        def on_message(text: str) -> None:
            self.online_received(link, peer, text)

        def on_state(state: str) -> None:
            self.online_state(link, peer, state)

        peer: Channel
        if relay:
            relays, ice = ((self.relay_override,), ()) if self.relay_override else (
                RELAYS, ICE_SERVERS)  # (a test's relay on loopback: no STUN either)
            peer = RelayPeer(on_message, on_state, relays, ice)
        else:
            peer = Peer(on_message, on_state)
        link.peer, link.state = peer, "connecting"
        link.inbox = asyncio.Queue()
        link.fresh, link.ahead, link.wait = True, {}, None  # (a new channel: nothing crossed)
        self.link = link
        self.spawn(self.online_inbox(link, peer))
        return link, peer

    async def online_room_invite(self) -> None:
        """Invite a friend: a room code (and its link) to pass on; this page waits in the
        room at the relay until the friend's page comes."""
        waiting = self.pending_room()
        if waiting is not None:  # a second tap: the code the friend may have already
            self.show_room(waiting.code)  # (its QR code is still drawn, or on its way)
            return
        code = new_room_code(random.SystemRandom())
        _link, peer = self.new_link(True, relay=True)
        assert isinstance(peer, RelayPeer)
        peer.inviting = True
        element("online-room-qr").innerHTML = ""  # an earlier room's, until this one's
        link = self.show_room(code)
        await self.online_enter(peer, code)
        self.show_qr(link)  # once the room is being announced: the relay comes first

    def show_qr(self, link: str) -> None:
        """The link's QR code, for a phone beside the screen (web/qr.py)."""
        from qr import qr_svg  # loaded with the first invitation, not the page

        element("online-room-qr").innerHTML = qr_svg(link, _("QR code of the link"))

    def show_room(self, code: str) -> str:
        """The room code and its link on the dialog; returns the link."""
        location = window.location
        link = f"{location.origin}{location.pathname}?online={code}"
        element("online-room-code").value = code
        element("online-room-link").value = link
        element("online-room").hidden = False
        self.online_say(_("Tell your friend the room code, or send the link: the game starts "
                          "when they join."))
        return link

    def connecting_channel(self) -> Channel | None:
        """The channel being set up (not connected yet), if any."""
        link = self.link
        return link.peer if link is not None and link.state == "connecting" else None

    def pending_room(self) -> RelayPeer | None:
        """The room this page invited to and waits in, if any."""
        peer = self.connecting_channel()
        return peer if isinstance(peer, RelayPeer) and peer.inviting else None

    async def online_room_join(self, text: str) -> None:
        """Join: the room code a friend gave (typed, or the link's)."""
        code = room_code(text)
        if code is None:
            self.online_say(_("That is not a room code: it has eight letters and digits, "
                              "such as K7QM-3FHX."))
            return
        element("online-room-in").value = code
        _link, peer = self.new_link(False, relay=True)
        assert isinstance(peer, RelayPeer)
        self.online_say(_("Looking for your friend…"))
        await self.online_enter(peer, code)

    async def online_enter(self, peer: RelayPeer, code: str) -> None:
        try:
            await peer.enter(code)
        except Exception as error:  # the relay client did not load (offline, a blocker)
            window.console.warn(f"online: no relay: {error}")
            self.online_say(_("The relay cannot be reached: exchange codes by hand below."))
            element("online-by-hand").open = True

    def online_open_room(self, code: str) -> None:
        """The page was opened by a friend's link (?online=CODE): straight into joining."""
        self.online_dialog()
        element("online-room-in").value = code
        self.spawn(self.online_room_join(code))

    async def online_invite(self) -> None:
        peer = self.pending_invitation()
        if peer is None:  # a new channel: an earlier invitation is void now
            _link, new = self.new_link(True)
            assert isinstance(new, Peer)
            peer = new
            element("online-offer").value = ""
            element("online-host").hidden = element("online-guest-answer").hidden = True
            self.online_say(_("Making the invitation…"))
        code = await peer.invite()
        if self.link is None or self.link.peer is not peer:
            return  # the player joined a friend's game instead meanwhile
        element("online-offer").value = code
        element("online-host").hidden = False
        self.online_say(_("Send the invitation to your friend, then paste their answer."))

    def pending_invitation(self) -> Peer | None:
        """The channel whose invitation is made or being made and not answered yet: a
        second tap on Invite shows the same code (the friend may have it already)."""
        peer = self.connecting_channel()
        return peer if isinstance(peer, Peer) and peer.offer is not None else None

    async def online_join(self) -> None:
        _link, peer = self.new_link(False)
        assert isinstance(peer, Peer)
        element("online-answer").value = ""  # an earlier answer is void now
        element("online-host").hidden = element("online-guest-answer").hidden = True
        try:
            code = await peer.join(str(element("online-invitation-in").value))
        except BadCode:
            self.online_say(_("That is not an invitation: paste the whole code your friend "
                              "sent."))
            return
        element("online-answer").value = code
        element("online-guest-answer").hidden = False
        self.online_say(_("Send this answer back to your friend; the game starts when "
                          "they paste it."))

    async def online_connect(self) -> None:
        link = self.link
        if link is None or not isinstance(link.peer, Peer) or link.peer.channel is None:
            return  # (only the inviting page has its channel before it connects)
        try:
            await link.peer.accept(str(element("online-answer-in").value))
        except BadCode:
            self.online_say(_("That is not an answer: paste the whole code your friend "
                              "sent back."))
            return
        self.online_say(_("Connecting…"))
