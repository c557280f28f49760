"""The online table: a friend's browser plays the other seat (issue 29), over a data
channel (peer.py), each page holding its side of the mental-poker deal (spades.mental).

The inviting page sits at seat 0 and says the table, the first dealer and the seed in its
hello; the invited page answers with its player's name. Then each page runs a
``spades.mental.Side`` with secrets from ``random.SystemRandom`` (the operating system's
generator), sends the messages it returns as JSON, and feeds those received to
``receive``. The table shows ``spades.mental.shadow.table_game``: the engine's game as
this side knows it, the verified game once a hand's keys are in. A message that breaks the
protocol or the rules ends the game: the hand is not scored. Each message is hostile input:
``spades.mental.wire.read_message`` refuses one too long or nested too deep before parsing
it, and no error a message raises leaves the loop that reads them. The other player is
accused only where its message proves it (``CheatDetected.proven``); when the two
transcripts merely differ (a message lost, repeated or out of order on the way, which either
page may be to blame for) the game stops without a word against anyone.
"""

from __future__ import annotations

import contextlib
import json
import random
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import store
from i18n import _
from peer import ENDED, KEEP_SENT, Channel, Link, link_from_dict
from pyscript import window
from room import Room, element, storage

from spades import PRESETS, Action, Bid, Draw, Game, Phase, Play, Replace

if TYPE_CHECKING:  # the mental poker loads with the first online game, not the page
    from spades.mental import Side

ONLINE_KEY = "spades.online"
"""Where the online game is kept (web/store.py keeps the page's own game)."""
ONLINE_TABLES = ("duel", "two-handed")
"""The tables played online: the inviting page offers the one on its table (else the
first)."""
PING_MS = 10_000
"""A live page says so this often (a message of its own, or a ping)."""
SILENCE_MS = 60_000
"""A connected page that says nothing for this long has left: its player loses by
forfeit (a closed channel waits for "Reconnect" instead)."""


def cheated_text() -> str:
    """What a page says when the other's messages broke the protocol or the rules."""
    return _("Your opponent's moves did not match the cards dealt")


def disagree_text() -> str:
    """What a page says when the two games differ and nothing proves who made them so."""
    return _("The two games no longer agree: this game stops.")


class Online(Room):
    """The online game over the channel the two pages met by (meeting.py)."""

    def my_name(self, seat: int) -> str:
        return self.prefs.name1 or (_("Player 1") if seat == 0 else _("Player 2"))

    # ------------------------------------------------------------------ the channel

    def online_state(self, link: Link, peer: Channel, state: str) -> None:
        if link is not self.link or peer is not link.peer:
            return
        if state == "open" and link.state == "connecting":
            link.state = "open"
            link.heard = window.performance.now()
            if link.side is not None:  # connected again: say how far this side got
                self.online_send(link, {"t": "resume", "seed": link.hello.get("seed"),
                                        "seq": link.side.seq})
            elif peer.channel is not None and link.seat == 0:  # the inviting page
                dealer = random.SystemRandom().randrange(2)
                seed = random.SystemRandom().randrange(1 << 48)
                link.hello = {"t": "hello", "table": self.online_table(), "dealer": dealer,
                              "seed": seed, "name": self.my_name(0)}
                self.online_send(link, link.hello)
        elif state == "closed" and link.state != "closed" and link.state not in ENDED:
            link.state = "closed"
            self.render()

    def online_table(self) -> str:
        """The table the inviting page offers: the one on its table, if it is played
        online (a custom table's settings are not sent: then the first)."""
        for name in ONLINE_TABLES:
            if self.game.rules == PRESETS[name]:
                return name
        return ONLINE_TABLES[0]

    def online_send(self, link: Link, data: dict[str, Any]) -> None:
        if link.peer is not None and link.peer.is_open:
            link.peer.send(json.dumps(data, separators=(",", ":")))
            link.said = window.performance.now()

    def online_received(self, link: Link, peer: Channel, text: str) -> None:
        if peer is link.peer:
            link.heard = window.performance.now()
            link.inbox.put_nowait(text)

    def online_tick(self, now: float) -> None:
        """The clock's tick: ping the other page, and end the game by forfeit when it
        has said nothing for SILENCE_MS while connected."""
        link = self.link
        if link is None or link.state != "open" or not self.online_playing():
            return
        if now - link.said >= PING_MS:
            self.online_send(link, {"t": "ping"})
        if now - link.heard >= SILENCE_MS:
            link.state = "forfeit"
            if link.peer is not None:
                link.peer.close()
            said = self.online_line()
            self.notice(said)
            self.announce(said)
            self.online_save()
            self.render()

    async def online_inbox(self, link: Link, peer: Channel) -> None:
        """The messages of the link, one at a time, in order. No error a message raises
        ends this loop (it would leave the page deaf while its channel stays open)."""
        inbox = link.inbox
        while link is self.link and peer is link.peer:
            text = await inbox.get()
            if link.state in ENDED:  # the game is over: what comes after is not read
                continue
            try:
                await self.online_read(link, text)
            except Exception as error:  # the failure's own handling failed: read on
                window.console.warn(f"online: {type(error).__name__}: {error}")

    async def online_read(self, link: Link, text: str) -> None:
        """One message of the other page: read (``read_message`` refuses, unparsed, one
        too long or too deep), then taken; whatever it raises ends the game."""
        from spades.mental.state import CheatDetected
        from spades.mental.wire import read_message

        try:
            await self.online_take(link, read_message(text))
        except Exception as error:
            if not isinstance(error, CheatDetected):  # (not proven: the page's own error?)
                window.console.warn(f"online: {type(error).__name__}: {error}")
            self.online_fail(link, error)

    async def online_take(self, link: Link, data: dict[str, Any]) -> None:
        kind = data.get("t")
        if kind == "hello":
            self.online_hello(link, data)
        elif kind == "m" and link.side is not None:
            await self.online_protocol(link, link.side, data["m"])
            self.online_save()
        elif kind == "resume":
            self.online_resume(link, data)
        elif kind == "ping":
            pass
        elif kind == "end":
            link.state = "closed"
            if link.peer is not None:
                link.peer.close()
            self.render()
        else:
            raise ValueError(f"unexpected message {kind!r}")

    def online_resume(self, link: Link, data: dict[str, Any]) -> None:
        """The other page, connected again, says how far its transcript goes: what it
        has not had of ours is sent again."""
        side = link.side
        if side is None or data.get("seed") != link.hello.get("seed"):
            link.state = "closed"  # another game: nothing to go on with
            if link.peer is not None:
                link.peer.close()
            self.render()
            return
        seq = data.get("seq")
        if not isinstance(seq, int):
            raise ValueError("a bad resume")
        for message in link.outbox:
            if message["seq"] >= seq:
                self.online_send(link, {"t": "m", "m": message})
        element("online").close()
        self.notice(_("Connected to {name}.").format(name=link.names[1 - link.seat]))
        self.render()

    def online_hello(self, link: Link, data: dict[str, Any]) -> None:
        from spades.mental import Side
        from spades.mental.shadow import table_game

        name = str(data.get("name", ""))[:20] or (_("Player 2") if link.seat == 0
                                                  else _("Player 1"))
        if link.seat == 0:
            hello = link.hello
        else:
            if data.get("table") not in ONLINE_TABLES or data.get("dealer") not in (0, 1):
                raise ValueError("an unknown table")
            seed = data.get("seed")
            if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 48:
                raise ValueError("a bad seed")
            hello = data
            self.online_send(link, {"t": "hello", "name": self.my_name(1)})
        mine = self.my_name(link.seat)
        link.names = (mine, name) if link.seat == 0 else (name, mine)
        rules = PRESETS[hello["table"]]
        link.side = Side(link.seat, rules, random.SystemRandom(), dealer=hello["dealer"],
                         seed=hello["seed"])
        link.hello = {key: hello[key] for key in ("table", "dealer", "seed")}
        self.link = None  # (a new game forgets the online game before: not this one)
        self.new_game(hello["table"], rules=rules, seed=hello["seed"])
        self.link = link
        self.ui = replace(self.ui, online=True, friend=False, viewer=link.seat)
        self.game = table_game(link.side)
        element("online").close()
        self.notice(_("Connected: you play {name}.").format(name=name))
        self.online_messages(link, link.side.start())
        self.render()

    def online_messages(self, link: Link, messages: list[dict[str, Any]]) -> None:
        for message in messages:
            link.outbox.append(message)
            self.online_send(link, {"t": "m", "m": message})
        del link.outbox[:-KEEP_SENT]

    async def online_protocol(self, link: Link, side: Side, message: object) -> None:
        from spades.mental.shadow import table_game

        number, known = side.hand_number, len(side.hand.actions)
        self.online_messages(link, side.receive(message))
        if side.hand_number != number:  # the keys: the hand is verified
            self.online_messages(link, side.start())
            self.game = table_game(side)
            self.render()
            return
        for index in range(known, len(side.hand.actions)):
            if side.hand.actions[index][0] == side.seat:
                continue
            after = table_game(side)
            await self.perform(shown_action(side, after, index), self.generation, after=after)
        if link.drawing is not None and not self.online_sending(side):
            made, link.drawing = link.drawing, None
            await self.perform(made, self.generation, link.drawing_why, after=table_game(side))
        elif not self.online_sending(side):
            self.game = table_game(side)
            self.render()

    @staticmethod
    def online_sending(side: Side) -> bool:
        """Your draw or Double Nil replacement is sent and its cards are not shown yet."""
        from spades.mental.shadow import pending_draw, pending_replacement

        return pending_draw(side) or pending_replacement(side)

    def online_move(self, action: Action, why: str = "") -> Game | None:
        """Your move at the online table: sent; the game after it, or None while the card
        your draw brings is not shown yet (the move is made once it is)."""
        from spades.mental.shadow import table_game

        link = self.link
        assert link is not None and link.side is not None
        side = link.side
        if isinstance(action, Draw):
            messages = side.draw(action.keep)
        elif isinstance(action, Bid):
            messages = side.bid(action.n, blind=action.blind)
        elif isinstance(action, Play):
            messages = side.play(action.card)
        elif isinstance(action, Replace):
            messages = side.replace(list(action.cards))
        else:
            raise ValueError("not a move of the online table")
        self.online_messages(link, messages)
        self.online_save()
        if self.online_sending(side):
            link.drawing = action if isinstance(action, Draw | Replace) else None
            link.drawing_why = why
            return None
        return table_game(side)

    def online_fail(self, link: Link, error: Exception) -> None:
        """A message of the other page failed: the game ends here, on both pages, this
        hand unscored. The page says the other player cheated only when ``error`` proves
        it (a ``CheatDetected`` that is ``proven``: state "failed"); else the two games no
        longer agree and nobody is blamed ("disagree"). The kept online game stays as the
        last message taken in good order left it, with the end marked (``online_keep_end``)."""
        from spades.mental.state import CheatDetected

        if link.state in ENDED:
            return
        proven = isinstance(error, CheatDetected) and error.proven
        link.state = "failed" if proven else "disagree"
        self.online_send(link, {"t": "end"})
        if link.peer is not None:
            link.peer.close()
        self.online_keep_end(link)
        said = cheated_text() if proven else disagree_text()
        self.notice(said)
        self.announce(said)
        self.render()

    # ------------------------------------------------------------------ the table

    def online_playing(self) -> bool:
        return self.link is not None and self.link.side is not None and self.ui.online

    def online_waiting(self) -> bool:
        """The table waits on the channel: no move of yours now (the deck is being
        shuffled, a card shown to you is on its way, or the game ended)."""
        link = self.link
        if not self.online_playing() or link is None or link.side is None:
            return False
        # Past the guard: every render asks, and only an online game needs the module.
        from spades.mental.shadow import pending_replacement

        side = link.side
        if link.state != "open":
            return True
        if side.turn != side.seat or self.game.phase is Phase.GAME_OVER:
            return False
        return (side.phase == "draw" and side.top_card is None) or pending_replacement(side)

    def online_line(self) -> str:
        """The connection's status line ("" when not online)."""
        link = self.link
        if not self.online_playing() or link is None:
            return ""
        other = link.names[1 - link.seat]
        if link.state == "failed":
            return cheated_text()
        if link.state == "disagree":
            return disagree_text()
        if link.state == "forfeit":
            return _("{name} has not answered for a minute: you win by forfeit.").format(
                name=other)
        if link.state == "closed":
            return _("The connection to {name} is closed.").format(name=other)
        side = link.side
        if side is not None and side.phase == "shuffle":
            return _("Shuffling the deck with {name}…").format(name=other)
        return _("Connected to {name}.").format(name=other)

    # ------------------------------------------------------------------ kept

    def online_save(self) -> None:
        """Keep the online game (its protocol state) apart from the page's saved game,
        so a closed tab goes on where it stopped once the two pages connect again."""
        link = self.link
        if not self.saving or link is None or link.side is None or not self.ui.online:
            return
        if link.state in ("failed", "disagree"):  # kept as it was before (online_keep_end)
            return
        record = {**link.to_dict(), "ui": self.ui.to_dict()}
        try:
            storage.setItem(ONLINE_KEY, json.dumps(record, separators=(",", ":")))
        except Exception:  # storage full or refused: the game goes on in memory
            self.cannot_save()

    def online_keep_end(self, link: Link) -> None:
        """A failed game's end, marked on the online game kept (so that a reload says the
        same line), which otherwise stays as the last message taken in good order left it:
        the message that failed, and what it did to this side's state, are not kept."""
        if not self.saving:
            return
        try:
            text = storage.getItem(ONLINE_KEY)
            record = json.loads(text) if text is not None else None
            if isinstance(record, dict) and record.get("hello") == link.hello:
                record["ended"] = link.state
                storage.setItem(ONLINE_KEY, json.dumps(record, separators=(",", ":")))
        except Exception:  # storage full or refused: the end is said, not kept
            self.cannot_save()

    def online_restore(self) -> None:
        """The online game kept by this browser, if any, on the table (not connected:
        "Reconnect" asks both players for codes again)."""
        try:
            text = storage.getItem(ONLINE_KEY)
            if text is None:
                return
            data = json.loads(text)
            link = link_from_dict(data, random.SystemRandom())
            ui = store.ui_from_dict(data["ui"])
        except Exception as error:  # a damaged record: the page's own game goes on
            window.console.warn(f"online: the kept online game is unreadable: {error}")
            self.online_forget()
            return
        from spades.mental.shadow import table_game  # loaded by link_from_dict

        assert link.side is not None
        self.link = link
        self.ui = replace(ui, online=True, viewer=link.seat)
        self.game = table_game(link.side)

    def online_forget(self) -> None:
        """A new game: the online game before it is over (its channel closed, its record
        gone)."""
        link, self.link = self.link, None
        if link is not None and link.peer is not None:
            link.peer.close()
        with contextlib.suppress(Exception):  # a storage that refuses keeps nothing new
            storage.removeItem(ONLINE_KEY)

    def online_timeout_action(self) -> Action | None:
        """The table's move when your time runs out online: discard the top card, or play
        your lowest legal card; None for a bid (the computer bids for you, from your own
        cards)."""
        game = self.game
        if game.phase is Phase.DRAW:
            return Draw(False)
        plays = [a for a in game.legal_actions() if isinstance(a, Play)]
        if plays:
            return min(plays, key=lambda a: (a.card.rank, a.card.suit))
        return None


def shown_action(side: Side, shown: Game, index: int) -> Action:
    """The engine's action for the hand's move ``index`` in ``shown`` (its
    ``table_game``): the other's Double Nil replacement gives cards this side never sees,
    so the shown game's placeholders stand for them."""
    from spades.mental.shadow import pending_draw

    replayed = len(side.hand.actions) - (1 if pending_draw(side) else 0)
    return shown.actions[len(shown.actions) - replayed + index]


__all__ = ["ONLINE_TABLES", "Online", "cheated_text", "disagree_text", "shown_action"]
