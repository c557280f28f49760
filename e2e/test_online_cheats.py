"""Hostile messages online (issue 43): two real pages connect (a Duel, as in
e2e/test_online.py), then the guest's page sends what no honest page sends, over its own
data channel, behind its Python's back. The host's page must end the game at once with the
right words (an accusation only where the message proves a cheat), stay usable, keep its
saved games as they were, and report no error.

A new cheat is a new test: ``duel(open_page)`` connects the two pages and returns a
``Duel``, whose ``send_raw`` sends any text from the guest, ``send_protocol`` a protocol
message, ``alter_next`` changes the guest's next message on its way out, and ``python``
runs Python in the guest's page (a cheater's own page patched: ``spades.mental``'s ``Side``
made to forge a card, plant a value in a Double Nil pile, or reveal a key of 1)."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from e2e.support import YOUR_STATE, hand_cards, open_game, play_hand, your_move
from e2e.test_online import CHEATED, connect, connected
from e2e.test_start_imports import KEEP_INTERPRETER
from spades import Game

DISAGREE = "The two games no longer agree: this game stops."
GONE = ("() => document.getElementById('connection').textContent"
        ".endsWith(\"'s page has ended this game.\")")
"""The line of the page a cheat was caught on: the game is over, and it is not told why
(it knows what it sent)."""

CAPTURE_THE_CHANNEL = """(() => {
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    window.spadesChannel = this;  // the page's data channel, once it has sent anything
    const alter = window.spadesAlter;
    if (typeof data === 'string' && alter) {
      const altered = alter(data);
      if (altered !== data) {
        window.spadesAlter = null;  // one message altered (or withheld: null), no more
        if (altered === null) return;
        data = altered;
      }
    }
    if (typeof data === 'string' && window.spadesDrop && window.spadesDrop(data)) return;
    return send.call(this, data);
  };
  window.spadesSendRaw = (text) => send.call(window.spadesChannel, text);
})();"""
"""For the guest's page: its data channel caught as it sends (``spadesSendRaw`` sends on it
behind the page's back), its next message changed
by ``spadesAlter`` if set (a function of the text that returns it unchanged until the
message it alters comes, or null to withhold that one), and every message that
``spadesDrop`` (a function of the text) says withheld."""

HEAR = """(() => {
  const add = RTCDataChannel.prototype.addEventListener;
  RTCDataChannel.prototype.addEventListener = function (type, listener, options) {
    if (type !== 'message') return add.call(this, type, listener, options);
    const timed = (event) => {
      if (!window.spadesCaughtAt) window.spadesHeardAt = Date.now();
      return listener(event);
    };
    return add.call(this, type, timed, options);
  };
})();"""
"""For the host's page: when it last had a message on its data channel before it caught
a cheat (``spadesHeardAt``), so the time it took to catch it is its own."""

WATCH_THE_LINE = """(said) => {
  window.spadesCaughtAt = null;
  new MutationObserver(() => {
    if (!window.spadesCaughtAt && document.getElementById('connection').textContent === said)
      window.spadesCaughtAt = Date.now();
  }).observe(document.getElementById('connection'), {childList: true, characterData: true,
                                                     subtree: true});
}"""
"""For the host's page: when its connection line first says ``said``."""

KEPT = """() => ({online: localStorage.getItem('spades.online'),
                game: localStorage.getItem('spades.game')})"""
"""A page's kept games: the online game and the page's own (web/store.py)."""


def line(page: Any) -> str:
    return str(page.locator("#connection").inner_text())


@dataclass
class Duel:
    """Two pages connected, the deck shuffled: ``host`` invited, ``guest`` can cheat."""

    host: Any
    guest: Any

    def send_raw(self, text: str) -> None:
        """``text`` from the guest's page, as it is, on the data channel."""
        self.guest.evaluate("(text) => window.spadesSendRaw(text)", text)

    def send_protocol(self, message: dict[str, Any]) -> None:
        """A protocol message from the guest, in the envelope its page sends them in."""
        self.send_raw(json.dumps({"t": "m", "m": message}, separators=(",", ":")))

    def alter_next(self, alter: str) -> None:
        """The guest's next message that ``alter`` (a JavaScript function of the text)
        changes is sent changed."""
        self.guest.evaluate(f"() => {{ window.spadesAlter = {alter}; }}")

    def python(self, code: str) -> None:
        """Runs ``code`` in the guest page's Python (its main interpreter)."""
        self.guest.wait_for_function("() => !!window.spadesInterpreter")
        self.guest.evaluate("(code) => { window.spadesInterpreter.runPython(code); }", code)

    def caught_within(self, seconds: float) -> None:
        """The host's line accused the guest within ``seconds`` of the cheat's arrival on
        the host's data channel (the last message it had before it caught it)."""
        self.host.wait_for_function("() => !!window.spadesCaughtAt", timeout=30_000)
        caught, heard = (self.host.evaluate("() => window.spadesCaughtAt"),
                         self.host.evaluate("() => window.spadesHeardAt"))
        assert 0 <= caught - heard <= seconds * 1000, (caught, heard)

    def kept(self) -> dict[str, str | None]:
        """The host's kept games now (KEPT)."""
        return dict(self.host.evaluate(KEPT))

    def quiet(self, seconds: float = 60) -> dict[str, str | None]:
        """Waits for a moment when nothing is on its way to the host: the guest has a
        decision to make (the host's clock stopped, nothing to send; the host makes its
        own moves until then: keep, bid 3, the first playable card), and the host's kept
        games hold still. Returns them."""
        deadline = time.monotonic() + seconds
        while True:
            assert time.monotonic() < deadline, "the guest never had a move to make"
            states = [str(page.evaluate(YOUR_STATE)) for page in (self.host, self.guest)]
            if states[0] in ("bid", "play"):
                your_move(self.host, states[0])
            elif states[0] == "" and states[1] in ("bid", "play"):
                break
            time.sleep(0.05)
        kept = self.kept()
        for _ in range(40):
            time.sleep(0.3)
            now, kept = kept, self.kept()
            if now == kept and kept["online"]:
                return kept
        raise AssertionError("the host's kept games never held still")


def duel(open_page: Any, table: str = "duel", clock: int = 600,
         fake_clocks: tuple[str, ...] = ()) -> Duel:
    """Two pages connected at a Duel (or ``table``), the deck shuffled, each with ten
    minutes a decision (or ``clock`` seconds; by default no clock runs out during a test),
    the pages named in ``fake_clocks`` ("host", "guest") on Playwright's clock; the guest's
    channel is caught, its Python reachable, the host's line watched for the accusation."""
    host, guest = open_page(), open_page()
    for name in fake_clocks:
        (host if name == "host" else guest).clock.install()
    guest.context.add_init_script(CAPTURE_THE_CHANNEL)
    guest.context.add_init_script(KEEP_INTERPRETER)
    host.context.add_init_script(HEAR)
    connect(host, guest, f"&clock={clock}", table=table)
    connected(host, guest)
    host.evaluate(WATCH_THE_LINE, CHEATED)
    return Duel(host, guest)


def unmarked(kept: dict[str, str | None]) -> tuple[dict[str, Any], str | None, str]:
    """The kept online game without its end's mark, the page's own game, and the mark."""
    online = json.loads(kept["online"] or "null")
    return online, kept["game"], online.pop("ended")


def new_game_against_the_computer(page: Any) -> None:
    """New game (the tools'), confirmed: a game against the computer at the table; one
    card of it played."""
    if not page.locator('#tools [data-action="ask-new-game"]').is_visible():
        page.locator("#menu-button").click()  # a phone: the tools fold behind Menu
    page.locator('#tools [data-action="ask-new-game"]').click()
    page.locator('#confirm-new [data-action="confirm-new-game"]').click()
    page.wait_for_selector("#confirm-new", state="hidden")
    page.wait_for_selector("#connection", state="hidden")  # no online game any more
    assert play_hand(page, plays=1) == "play"  # and the computer played after it


def test_a_message_nested_10000_deep_is_refused_and_the_page_goes_on(open_page: Any) -> None:
    """20 KB of arrays nested 10,000 deep once made Pyodide report a fatal error: the page
    lost the game by forfeit and its next game hung until a reload."""
    game = duel(open_page)
    host = game.host
    before = game.quiet()
    deep = 10_000
    game.send_raw('{"t":"m","m":' + "[" * deep + "]" * deep + "}")
    # At once: no honest page sends it, so the line accuses.
    game.caught_within(1.0)
    assert line(host) == CHEATED
    assert CHEATED in host.locator("#notice").inner_text()
    assert host.locator("#bids").is_hidden()  # no move is offered any more
    # The kept games are as they were before the message, the end marked.
    online, own, ended = unmarked(game.kept())
    assert (online, own) == unmarked(before)[:2] and ended == "failed"
    # The game ends on the guest's page too (the host said so): it accuses nobody.
    game.guest.wait_for_function(GONE, timeout=10_000)
    # The page is usable: a game against the computer deals, and a card is played.
    new_game_against_the_computer(host)


def test_a_message_whose_chain_differs_stops_the_game_without_accusing(
        open_page: Any) -> None:
    """A protocol message of the guest whose "prev" (the transcript's hash before it) is
    not the host's: either page may be behind, or the message altered on the way, so the
    host stops the game and blames nobody; a reload says the same."""
    game = duel(open_page)
    host, guest = game.host, game.guest
    before = game.quiet()
    game.alter_next("""(text) => text.replace(/"prev":"([0-9a-f])/,
        (m, d) => '"prev":"' + (d === '0' ? '1' : '0'))""")
    # The guest's draw (the first decisions of a Duel are draws) goes with the wrong hash.
    guest.locator('#bids [data-draw="keep"]').click()
    host.wait_for_function("(said) => document.getElementById('connection').textContent"
                           " === said", arg=DISAGREE, timeout=10_000)
    assert DISAGREE in host.locator("#notice").inner_text()
    guest.wait_for_function("(said) => document.getElementById('connection').textContent"
                            " === said", arg=DISAGREE, timeout=10_000)
    for page in (host, guest):
        assert CHEATED not in page.locator("#connection").inner_text()
        assert CHEATED not in page.locator("#notice").inner_text()
    assert host.locator("#bids").is_hidden()
    # Refused before it was taken: the kept games are as they were, the end marked.
    online, own, ended = unmarked(game.kept())
    assert (online, own) == unmarked(before)[:2] and ended == "disagree"
    # A reload shows the same line, and no way to go on with this game.
    open_game(host, "speed=instant")
    assert line(host) == DISAGREE
    assert host.locator("#reconnect").is_hidden()


def drive(game: Duel, done: Any, double_nil: bool = False, seconds: float = 240) -> None:
    """Both pages make their moves as they come (your_move; the guest declares Double Nil
    and gives up its first three cards if ``double_nil``) until ``done()``."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the pages never got there"
        for page in (game.host, game.guest):
            state = str(page.evaluate(YOUR_STATE))
            if double_nil and page is game.guest and page.locator(
                    '#bids [data-bid="blind"]').count():
                page.locator('#bids [data-bid="blind"]').click()
            elif page is game.guest and page.locator(
                    '#bids [data-action="replace"]').count():
                return  # the replacement is the test's to make
            elif state in ("bid", "play"):
                your_move(page, state)
        time.sleep(0.05)


def guest_plays_a_card(game: Duel) -> bool:
    """The guest is to play a card (its hand playable, no draw panel)."""
    return bool(str(game.guest.evaluate(YOUR_STATE)) == "play"
                and not game.guest.locator("#bids [data-draw]").count())


def assert_refused_and_usable(game: Duel, before: dict[str, str | None]) -> None:
    """The host accused the guest at once, the game ended on both pages, the host's kept
    games are as they were before the cheat (the end marked), and the host plays on."""
    game.caught_within(1.0)
    assert CHEATED in game.host.locator("#notice").inner_text()
    assert game.host.locator("#bids").is_hidden()
    online, own, ended = unmarked(game.kept())
    assert (online, own) == unmarked(before)[:2] and ended == "failed"
    game.guest.wait_for_function(GONE, timeout=10_000)
    new_game_against_the_computer(game.host)


FORGE_A_CARD = """
from spades import Card
from spades.mental.codec import scalar_texts as _scalar_texts, texts as _texts
from spades.mental.protocol import Side

def play(self, card):
    # One of this page's own discards, which the other page never saw, played as held,
    # with true proofs of that card under this page's key.
    state = self.hand
    value = state.known[[pos for pos in state.discarded if pos in state.known][0]]
    steps, proofs = self._lock_steps(value, self._locks(self.seat, None))
    position = state.held[self.seat][0]
    message = self._send("play", position=position, card=str(Card(value)),
                         steps=_texts(self.group, steps),
                         proofs=[_scalar_texts(proof) for proof in proofs])
    self._record_play(self.seat, position, card.index)
    return [message]

Side.play = play
"""
"""The issue's attack 4: once shown as played on the other page, then blamed on it."""


def test_a_forged_card_is_refused_at_once_and_never_shown(open_page: Any) -> None:
    game = duel(open_page)
    drive(game, lambda: guest_plays_a_card(game))
    before = game.quiet()
    shown = game.host.locator("#trick [data-card]").count()
    game.python(FORGE_A_CARD)
    game.guest.locator('#hand [data-playable="true"]').first.click()
    game.caught_within(1.0)
    assert game.host.locator("#trick [data-card]").count() == shown  # never shown played
    assert_refused_and_usable(game, before)


PLANT_IN_THE_PILE = """
from spades.mental import deck
from spades.mental.protocol import Side

lock_pile = Side._lock_pile

def planted(self, pile, cards, kind, **body):
    # The replacer locks the pile last, before the other page unlocks its first cards
    # for it: the first is made the product of two cards of the pile.
    if pile["replacer"] != self.seat or not pile["first"]:
        return lock_pile(self, pile, cards, kind, **body)
    group = self.group
    pile["key"] = key = group.new_key(self.rng)
    pile["commits"][self.seat] = group.exp_base(key)
    shuffled, pile["order"] = deck.second_shuffle(group, cards, key, self.rng)
    shuffled[0] = group.mul(shuffled[1], shuffled[2])
    pile["second"] = shuffled
    return self._send_shuffle(kind, cards, shuffled, pile["order"], key, **body)

Side._lock_pile = planted
"""
"""The issue's attack 3: a Double Nil pile with a planted value, which the other page
would unlock into one of its own cards for the cheater to read."""


def test_a_planted_double_nil_pile_is_refused_before_anything_is_unlocked(
        open_page: Any) -> None:
    game = duel(open_page, "two-handed")
    guest = game.guest
    drive(game, lambda: bool(guest.locator('#bids [data-action="replace"]').count()),
          double_nil=True)
    own = game.kept()["game"]
    game.python(PLANT_IN_THE_PILE)
    for card in hand_cards(guest)[:3]:
        guest.locator(f'#hand [data-card="{card}"]').click()
    guest.locator('#bids [data-action="replace"]').click()
    game.caught_within(1.0)
    assert CHEATED in game.host.locator("#notice").inner_text()
    online, kept_own, ended = unmarked(game.kept())
    assert ended == "failed" and kept_own == own
    side = online["side"]
    hand = side["hand"]
    # The host's last good state: it had locked the pile and unlocked none of it.
    assert hand["piles"] and hand["piles"][-1]["second"] == []
    assert not [pos for pos, _ in hand["sent"] if pos >= 52]
    assert side["failed"] is None
    new_game_against_the_computer(game.host)


REVEAL_A_KEY_OF_ONE = """
from spades.mental.protocol import Side

send = Side._send

def lying_send(self, kind, **body):
    if kind == "keys":
        body["key"] = "1"  # every lock of this page's would be no lock at all
    return send(self, kind, **body)

Side._send = lying_send
"""
"""The issue's attack 6: a revealed key the protocol never makes."""


def test_a_key_of_one_at_the_hands_end_is_refused(open_page: Any) -> None:
    game = duel(open_page)
    game.python(REVEAL_A_KEY_OF_ONE)
    drive(game, lambda: bool(game.host.evaluate("() => !!window.spadesCaughtAt")))
    game.caught_within(1.0)
    assert CHEATED in game.host.locator("#notice").inner_text()
    # The hand is not scored: the kept game (the verified one) is still at its start.
    online, _, ended = unmarked(game.kept())
    assert ended == "failed" and online["side"]["failed"] is None
    assert Game.from_json(online["side"]["game"]).hand_number == 0
    game.guest.wait_for_function(GONE, timeout=10_000)
    new_game_against_the_computer(game.host)
