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

import reactions
import store
from i18n import _
from peer import ENDED, KEEP_SENT, Channel, Link, link_from_dict
from pyscript import window
from room import Room, element, storage
from waits import AWAY_AFTER, GRACE_MS, Wait, decision_ms, wait_for

from spades import PRESETS, Action, Bid, Draw, Game, Phase, Play, Replace

if TYPE_CHECKING:  # the mental poker loads with the first online game, not the page
    from spades.mental import Side

ONLINE_KEY = "spades.online"
"""Where the online game is kept (web/store.py keeps the page's own game)."""
OVER_KEY = "spades.online.over"
"""The online games this browser's player ended, newest last, each ``[id, why]`` ("left":
the player left it; "ended": it ended otherwise): a friend whose page still keeps one of
them is told so when the two meet again (``OVER_KEPT`` of them)."""
OVER_KEPT = 20
WINS = ("forfeit", "claimed", "they-left", "failed")
"""The ends that are a win for this page's player (``peer.ENDED``): a cheat proven against
the other is one."""
DECISIONS = ("draw", "bid", "play", "replace")
"""The protocol's messages (and phases) that are a player's decision."""
LOSSES = ("left", "lost-forfeit", "lost-away")
"""The ends that are a loss for this page's player."""
ONLINE_TABLES = ("duel", "two-handed")
"""The tables played online: the inviting page offers the one on its table (else the
first)."""
PING_MS = 10_000
"""A live page says so this often (a message of its own, or a ping)."""
SILENCE_MS = 60_000
"""A connected page that says nothing for this long has left: its player loses by
forfeit (a closed channel waits for "Reconnect" instead)."""


AHEAD_KEPT = 64
"""The most messages of the other page kept while one before them is missing (a hand has
about 60); more is no honest page's."""


def online_game_id(link: Link) -> str:
    """The online game's identity, both pages' (the inviting page draws it; a game kept
    from before it had one goes by its seed)."""
    game = link.hello.get("game")
    return game if isinstance(game, str) else f"seed:{link.hello.get('seed')}"


def games_over() -> list[list[str]]:
    """The online games this browser's player ended (OVER_KEY), if the record is sound."""
    try:
        data = json.loads(storage.getItem(OVER_KEY) or "[]")
    except ValueError:
        return []
    return [entry for entry in data if isinstance(entry, list) and len(entry) == 2
            and all(isinstance(part, str) for part in entry)] if isinstance(data, list) else []


def keep_game_over(game: str, why: str) -> None:
    over = [entry for entry in games_over() if entry[0] != game] + [[game, why]]
    with contextlib.suppress(Exception):  # a storage that refuses: the friend is not told
        storage.setItem(OVER_KEY, json.dumps(over[-OVER_KEPT:]))


def cheated_text() -> str:
    """What a page says when the other's messages broke the protocol or the rules."""
    return _("Your opponent's moves did not match the cards dealt.")


def disagree_text() -> str:
    """What a page says when the two games differ and nothing proves who made them so."""
    return _("The two games no longer agree: this game stops.")


class Online(Room):
    """The online game over the channel the two pages met by (meeting.py)."""

    def my_name(self, seat: int) -> str:
        """Your name as this page tells the other ("Your name" in Options and in the
        online dialog), "" if you typed none, at either ``seat``: each page then names
        the seat in its own language (seats.names), never in the words of the page that
        sent it."""
        return self.prefs.name

    # ------------------------------------------------------------------ the channel

    def online_state(self, link: Link, peer: Channel, state: str) -> None:
        if link is not self.link or peer is not link.peer:
            return
        if state == "open" and link.state == "connecting":
            link.state = "open"
            link.heard = window.performance.now()
            if link.side is not None:  # connected again: say how far this side got
                self.online_send(link, {"t": "resume", "game": online_game_id(link),
                                        "seq": link.side.seq, "talk": reactions.TALK})
            elif peer.channel is not None and link.seat == 0:  # the inviting page
                self.online_invite_here(link)
        elif state == "closed" and link.state != "closed" and link.state not in ENDED:
            link.state = "closed"
            self.render()

    def online_table(self) -> str:
        """The table the inviting page offers: the one on its table, if it is played
        online, else the one chosen in Options if it is (a custom table's settings are not
        sent: then the first)."""
        for name in ONLINE_TABLES:
            if self.game.rules == PRESETS[name]:
                return name
        return self.prefs.table if self.prefs.table in ONLINE_TABLES else ONLINE_TABLES[0]

    def online_send(self, link: Link, data: dict[str, Any]) -> None:
        if link.peer is not None and link.peer.is_open:
            link.peer.send(json.dumps(data, separators=(",", ":")))
            link.said = window.performance.now()

    def online_received(self, link: Link, peer: Channel, text: str) -> None:
        if peer is link.peer:
            link.heard = window.performance.now()
            link.inbox.put_nowait(text)

    def online_tick(self, now: float) -> None:
        """The clock's tick: ping the other page; while the next message is the other's,
        time it (web/waits.py): asked for again past its limit, and a forfeit a minute
        later; a forfeit too when the other page has said nothing at all for
        SILENCE_MS while connected (a ping keeps a page heard, never its turn)."""
        link = self.link
        if link is None or link.state not in ("open", "closed") or not self.online_playing():
            return
        wait = self.online_wait(link, now)
        if link.state == "closed":  # no forfeit while the friend may be reconnecting:
            if wait is not None and wait.forfeited(now) and not link.away:
                link.away = True  # past the limit, the win may be claimed
                self.render()
            return
        if now - link.said >= PING_MS:
            self.online_send(link, {"t": "ping"})
        if wait is not None and wait.due_to_ask(now):
            link.wait = wait.ask()
            assert link.side is not None
            # Ask for the other's message again, and send again this page's own since the
            # last message taken from it: either page's message may be the one lost.
            self.online_send(link, {"t": "resend", "seq": link.side.seq})
            self.online_resend(link, link.taken + 1)
        if now - link.heard >= SILENCE_MS or (wait is not None and wait.forfeited(now)):
            self.online_end(link, "forfeit", {"t": "over", "why": "forfeit"})

    def online_wait(self, link: Link, now: float) -> Wait | None:
        """The wait for the other page's next message, if it is the other's to send."""
        side = link.side
        if side is None or side.phase == "over" or self.online_my_decision(side):
            link.wait = None
            return None
        theirs = side.turn == side.other
        limit = decision_ms(self.game.rules.clock_seconds) if theirs else GRACE_MS
        link.wait = wait_for(link.wait, (side.hand_number, side.seq), now, limit)
        return link.wait

    def online_my_decision(self, side: Side) -> bool:
        """The next move is this page's player's to make (not a card still on its way)."""
        if side.turn != side.seat or side.phase not in DECISIONS:
            return False
        return not ((side.phase == "draw" and side.top_card is None)
                    or self.online_sending(side))

    def online_end(self, link: Link, state: str, tell: dict[str, Any] | None = None,
                   close: bool = True) -> None:
        """The online game ends here as ``state`` (``peer.ENDED``); the other page is told
        ``tell`` if it is there, the channel closed (unless not ``close``), the end kept
        and said."""
        if link.state in ENDED:
            return
        if tell is not None:
            self.online_send(link, {**tell, "game": online_game_id(link)})
        link.state = state
        keep_game_over(online_game_id(link), "ended")
        if state in WINS or state in LOSSES:
            self.record.online_ended(self.game, link.seat, won=state in WINS)
        if close and link.peer is not None:
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
            await self.online_in_order(link, link.side, data)
        elif kind == "resume":
            self.online_resume(link, data)
        elif kind == "resend":
            self.online_resend(link, data.get("seq"))
        elif kind == "ping":
            pass
        elif kind == reactions.KIND:  # table talk: from the other page's seat (web/talk.py)
            self.reaction_heard(1 - link.seat, data)
        elif kind == "over":
            self.online_over(link, data)
        elif kind == "end" and data.get("why") in ("failed", "disagree") \
                and link.side is not None:
            # The other page stopped the game: it says this page cheated (which this
            # page knows it did not), or that the two games differ.
            self.online_end(link, "gone" if data.get("why") == "failed" else "disagree")
        elif kind == "end":
            link.state = "closed"
            if link.peer is not None:
                link.peer.close()
            self.render()
        else:
            raise ValueError(f"unexpected message {kind!r}")

    async def online_in_order(self, link: Link, side: Side, data: dict[str, Any]) -> None:
        """A protocol message of the other page, taken in the order of its sequence
        numbers: one already taken (sent again) is dropped, one that comes before a
        missing one is kept until it has come (and the missing one is asked for again)."""
        message = data["m"]
        seq = message.get("seq") if isinstance(message, dict) else None
        if isinstance(seq, int) and not isinstance(seq, bool):
            if seq < side.seq:
                return  # (sent again: taken already)
            if seq > side.seq:
                if len(link.ahead) >= AHEAD_KEPT:
                    raise ValueError("too many messages ahead of a missing one")
                if not link.ahead:
                    self.online_send(link, {"t": "resend", "seq": side.seq})
                link.ahead[seq] = data
                return
        await self.online_take_move(link, side, data)
        while side.seq in link.ahead and link.state not in ENDED:
            await self.online_take_move(link, side, link.ahead.pop(side.seq))

    async def online_take_move(self, link: Link, side: Side, data: dict[str, Any]) -> None:
        """One protocol message taken; a decision the other's clock made is counted (three
        in a row: its player is away)."""
        link.fresh = False
        message = data["m"]
        if isinstance(message, dict) and isinstance(message.get("seq"), int):
            link.taken = message["seq"]
        if isinstance(message, dict) and message.get("type") in DECISIONS:
            link.auto_moves = link.auto_moves + 1 if data.get("auto") is True else 0
        await self.online_protocol(link, side, message)
        self.online_save()
        if link.auto_moves >= AWAY_AFTER and not link.away and link.state == "open":
            link.away = True
            said = self.online_line()
            self.notice(said)
            self.announce(said)
            self.render()

    def online_resend(self, link: Link, seq: object) -> None:
        """The other page asks again for this page's messages from ``seq`` on (one was
        lost on the way)."""
        if not isinstance(seq, int) or isinstance(seq, bool):
            raise ValueError("a bad resend")
        for message in link.outbox:
            if message["seq"] >= seq:
                self.online_send(link, {"t": "m", "m": message})

    def online_resume(self, link: Link, data: dict[str, Any]) -> None:
        """The other page, connected again, says how far its transcript goes: what it
        has not had of ours is sent again. A game this page does not have (any more) is
        never taken for its own: the other page is told whether this page's player ended
        it ("over"), and this page's own hello, if it invites, stands."""
        side = link.side
        game = data.get("game")
        if side is None or game != online_game_id(link):
            ended = {entry[0]: entry[1] for entry in games_over()}.get(str(game))
            self.online_send(link, {"t": "over", "game": str(game)[:40],
                                    "why": ended or "unknown"})
            if side is not None:  # each page keeps another game: nothing to play here
                self.online_not_ours(link)
            return
        self.online_resend(link, data.get("seq"))
        link.talks = reactions.talks(data.get("talk"))
        element("online").close()
        self.notice(_("Connected to {name}.").format(name=self.names()[1 - link.seat]))
        self.render()

    def online_over(self, link: Link, data: dict[str, Any]) -> None:
        """The other page says a game is over for it: ours, if it is ours, ends as it
        says (its player left it: a win; this page lost it by forfeit, or away); a game
        it never knew leaves ours as it is (this is not that game's friend)."""
        if link.side is None or data.get("game") != online_game_id(link):
            return
        why = data.get("why")
        ends = {"left": "they-left", "forfeit": "lost-forfeit", "claimed": "lost-away",
                "ended": "gone"}
        # A forfeit or a claim is the other page's word: taken as this player's loss only
        # where this page agrees (its player's decision was due), else the game is simply
        # over, counted for nobody (no honest player blamed for what is not proven).
        mine = self.online_my_decision(link.side)
        if (why == "forfeit" and not mine) or (
                why == "claimed" and not mine and link.my_auto_moves < AWAY_AFTER):
            why = "ended"
        if why in ends:
            # The channel stays: the other page may have a new game to offer on it.
            self.online_end(link, ends[str(why)], close=False)
            offer = self.leave_offer
            if offer is not None and offer[0] is link:  # no question now: it is over
                self.online_leave_answer(True)
        elif self.leave_offer is None or self.leave_offer[0] is not link:
            # A page with no game (an inviting page's hello comes before its answer):
            # a new game there, this page inviting, if this one is left.
            self.online_ask_leave(link, None)

    def online_ask_leave(self, link: Link, hello: dict[str, Any] | None) -> None:
        """The page met offers a new game (its ``hello``), or has none of its own (None:
        this page would invite it to one): "Leave your game with ...?" Leaving ends the
        game kept (a loss) and plays the new one; keeping it closes this channel."""
        self.leave_offer = (link, hello)
        other = self.names()[1 - link.seat]
        element("leave-online-title").textContent = _(
            "Leave your game with {name}?").format(name=other)
        element("online").close()
        element("confirm-leave-online").showModal()

    def online_leave_answer(self, leave: bool) -> None:
        """The player's answer to ``online_ask_leave``."""
        element("confirm-leave-online").close()
        offer, self.leave_offer = self.leave_offer, None
        if offer is None:
            return
        link, hello = offer
        if link is not self.link or link.peer is None or not link.peer.is_open:
            return
        if not leave:
            self.online_not_ours(link)
            return
        self.online_left(link)
        link.restart(1 if hello is not None else 0)
        if hello is not None:
            self.online_hello(link, hello)
        else:
            self.online_invite_here(link)

    def online_invite_here(self, link: Link) -> None:
        """This page's hello: a new game offered on the channel open now."""
        system = random.SystemRandom()
        link.hello = {"t": "hello", "table": self.online_table(),
                      "dealer": system.randrange(2), "seed": system.randrange(1 << 48),
                      "game": f"{system.getrandbits(64):016x}", "name": self.my_name(0),
                      "talk": reactions.TALK}
        self.online_send(link, link.hello)

    def online_left(self, link: Link) -> None:
        """This page's player leaves the online game under way: a loss, kept as over (a
        friend who keeps it is told so when the two meet again), and told to the friend
        now if its page is there."""
        if link.side is None or link.state in ENDED:
            return
        game = online_game_id(link)
        self.online_send(link, {"t": "over", "game": game, "why": "left"})
        keep_game_over(game, "left")
        self.record.online_ended(self.game, link.seat, won=False)

    def online_not_ours(self, link: Link) -> None:
        """The page met has another game than this page's: it is not joined, and this
        page's game stays kept, to go on with its own friend."""
        self.online_send(link, {"t": "end"})
        link.state = "closed"
        if link.peer is not None:
            link.peer.close()
        other = self.names()[1 - link.seat]
        self.notice(_("That page is not playing your game with {name}: your game is kept.")
                    .format(name=other))
        self.render()

    def online_hello(self, link: Link, data: dict[str, Any]) -> None:
        from spades.mental import Side
        from spades.mental.shadow import table_game

        if link.side is not None and link.state not in ENDED:
            if link.fresh and "table" in data and data.get("game") != online_game_id(link):
                self.online_ask_leave(link, data)  # a friend's new game: leave this one?
            else:  # mid-game: a hello never starts the game again (nor a new deal)
                window.console.warn("online: a second hello, refused")
            return
        if link.side is not None:  # the game kept is over: this channel's game is new
            if "table" not in data:
                return
            link.restart(1)
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
            game = data.get("game")
            if not (isinstance(game, str) and 0 < len(game) <= 40):
                raise ValueError("a bad game")
            hello = data
            self.online_send(link, {"t": "hello", "name": self.my_name(1),
                                    "talk": reactions.TALK})
        link.talks = reactions.talks(data.get("talk"))  # (the other page's hello)
        mine = self.my_name(link.seat)
        link.names = (mine, name) if link.seat == 0 else (name, mine)
        rules = PRESETS[hello["table"]]
        link.side = Side(link.seat, rules, random.SystemRandom(), dealer=hello["dealer"],
                         seed=hello["seed"])
        link.hello = {key: hello[key] for key in ("table", "dealer", "seed", "game")}
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
        link.fresh = link.fresh and not messages
        for message in messages:
            link.outbox.append(message)
            envelope: dict[str, Any] = {"t": "m", "m": message}
            if message["type"] in DECISIONS:
                link.my_auto_moves = link.my_auto_moves + 1 if self.timing_out else 0
                if self.timing_out:
                    envelope["auto"] = True  # the clock moved for this page's player
            self.online_send(link, envelope)
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

        proven = isinstance(error, CheatDetected) and error.proven
        state = "failed" if proven else "disagree"  # (a proven cheat: a win, WINS)
        self.online_end(link, state, {"t": "end", "why": state})

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

    def online_table_action(self, name: str) -> bool:
        """The online table's own buttons; False for an action of another room."""
        link = self.link
        if name == "online-claim" and link is not None and link.away and link.state in (
                "open", "closed"):
            self.online_end(link, "claimed", {"t": "over", "why": "claimed"})
        elif name == "online-wait" and link is not None:
            link.away, link.auto_moves = False, 0
            self.render()
        elif name in ("online-leave", "online-keep"):
            self.online_leave_answer(name == "online-leave")
        else:
            return False
        return True

    def online_over_now(self) -> bool:
        """The online game on the table has ended (``peer.ENDED``)."""
        return self.online_playing() and self.link is not None and self.link.state in ENDED

    def online_ending(self) -> str:
        """Why the online game on the table ended, for its game-over panel ("" while it
        goes on, or when it ended by its score: the engine's summary says that)."""
        if not self.online_over_now() or self.game.phase is Phase.GAME_OVER:
            return ""
        return self.online_line()

    def online_line(self) -> str:
        """The connection's status line ("" when not online)."""
        link = self.link
        if not self.online_playing() or link is None:
            return ""
        other = self.names()[1 - link.seat]
        if link.state == "failed":
            return cheated_text()
        if link.state == "disagree":
            return disagree_text()
        ended = {
            "forfeit": _("{name} has not answered for a minute: you win by forfeit."),
            "claimed": _("{name} was away: you win by forfeit."),
            "they-left": _("{name} left the game: you win."),
            "left": _("You left the game with {name}."),
            "lost-forfeit": _("Your page did not answer {name}'s for too long: you lose by "
                              "forfeit."),
            "lost-away": _("{name} claimed the win: the clock moved for you three times "
                           "in a row."),
            "gone": _("{name}'s page has ended this game."),
        }
        if link.state in ended:
            return ended[link.state].format(name=other)
        if link.away and link.state == "closed":
            return _("{name} has not come back: you may claim the win.").format(name=other)
        if link.away:
            return _("{name} seems to be away: the clock moved for them three times in a "
                     "row.").format(name=other)
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
        if link.state in ("failed", "disagree"):  # kept as it was before, the end marked
            self.online_keep_end(link)
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
        gone); left by this page's player if it was under way (``online_left``)."""
        link, self.link = self.link, None
        if link is not None:
            self.online_left(link)
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
