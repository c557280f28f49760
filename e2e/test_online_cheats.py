"""Hostile messages online (issue 43): two real pages connect (a Duel, as in
e2e/test_online.py), then the guest's page sends what no honest page sends, over its own
data channel, behind its Python's back. The host's page must end the game at once with the
right words (an accusation only where the message proves a cheat), stay usable, keep its
saved games as they were, and report no error.

A new cheat is a new test: ``duel(open_page)`` connects the two pages and returns a
``Duel``, whose ``send_raw`` sends any text from the guest, ``send_protocol`` a protocol
message, and ``alter_next`` changes the guest's next message on its way out."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from e2e.support import YOUR_STATE, open_game, play_hand, your_move
from e2e.test_online import CHEATED, connect, connected

DISAGREE = "The two games no longer agree: this game stops."

CAPTURE_THE_CHANNEL = """(() => {
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    window.spadesChannel = this;  // the page's data channel, once it has sent anything
    const alter = window.spadesAlter;
    if (typeof data === 'string' && alter) {
      const altered = alter(data);
      if (altered !== data) {
        window.spadesAlter = null;  // one message altered, no more
        data = altered;
      }
    }
    return send.call(this, data);
  };
  window.spadesSendRaw = (text) => send.call(window.spadesChannel, text);
})();"""
"""For the guest's page: its data channel caught as it sends (``spadesSendRaw`` sends on it
behind the page's back), and its next message changed by ``spadesAlter`` if set (a
function of the text that returns it unchanged until the message it alters comes)."""

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


def duel(open_page: Any) -> Duel:
    """Two pages connected at a Duel, the deck shuffled, each with ten minutes a decision
    (no clock runs out during a test); the guest's channel is caught."""
    host, guest = open_page(), open_page()
    guest.context.add_init_script(CAPTURE_THE_CHANNEL)
    connect(host, guest, "&clock=600")
    connected(host, guest)
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
    host.wait_for_function("(said) => document.getElementById('connection').textContent"
                           " === said", arg=CHEATED, timeout=1_000)
    assert CHEATED in host.locator("#notice").inner_text()
    assert host.locator("#bids").is_hidden()  # no move is offered any more
    # The kept games are as they were before the message, the end marked.
    online, own, ended = unmarked(game.kept())
    assert (online, own) == unmarked(before)[:2] and ended == "failed"
    # The game ends on the guest's page too (the host said so).
    game.guest.wait_for_function("() => document.getElementById('connection').textContent"
                                 ".includes('closed')", timeout=10_000)
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
    guest.wait_for_function("() => document.getElementById('connection').textContent"
                            ".includes('closed')", timeout=10_000)
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
