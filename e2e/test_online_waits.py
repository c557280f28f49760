"""Every wait online has an end (issue 44): two real pages, Playwright's clock for every
minute. A message lost on the way is asked for again and the hand goes on; a page that
pings but never moves loses by forfeit at its clock + grace + a minute; a friend whose
clock moved for them three times in a row is away, and the win can be claimed; leaving
for a new game ends the old one on both pages, with no accusation; a second hello
mid-game changes nothing. Every ending shows the game-over panel, and counts."""

from __future__ import annotations

import json
import time
from typing import Any

from e2e.support import YOUR_STATE, hand_cards, open_game, your_move
from e2e.test_online import (
    CHEATED,
    connect,
    connected,
    exchange_codes,
    make_invitation,
    play_until_summaries,
)
from e2e.test_online_cheats import Duel, duel, line

ENDING = "() => !!document.querySelector('#summary:not([hidden]) [data-ending]')"
"""The game-over panel of an online game that ended before its score did."""


def guest_draws_now(game: Duel, seconds: float = 60) -> None:
    """Both pages move (the host as they come) until the guest is to draw."""
    deadline = time.monotonic() + seconds
    while not game.guest.locator("#bids [data-draw]").count():
        assert time.monotonic() < deadline, "the guest never had a draw to make"
        state = str(game.host.evaluate(YOUR_STATE))
        if state in ("bid", "play"):
            your_move(game.host, state)
        time.sleep(0.05)


def online_stats(page: Any) -> list[dict[str, Any]]:
    """The statistics' online games (web/stats.py's record)."""
    record = json.loads(page.evaluate("() => localStorage.getItem('spades.stats')") or "{}")
    return [game for game in record.get("games", []) if game.get("level") == "online"]


def test_a_withheld_message_is_asked_for_again_and_the_hand_goes_on(open_page: Any) -> None:
    game = duel(open_page, clock=15, fake_clocks=("host",))
    host, guest = game.host, game.guest
    guest_draws_now(game)
    held = len(hand_cards(guest))
    # The guest's draw is lost on the way (withheld once by its page's channel).
    game.alter_next("""(text) => text.includes('"type":"draw"') ? null : text""")
    guest.locator('#bids [data-draw="keep"]').click()
    time.sleep(1.0)
    assert len(hand_cards(guest)) == held  # its card never came: the host never had it
    # The guest's 15 s and the grace (15 s) pass on the host's clock: it asks again.
    host.clock.fast_forward("00:31")
    guest.wait_for_function("(n) => document.querySelectorAll('#hand [data-card]').length > n",
                            arg=held, timeout=10_000)
    assert line(host).startswith("Connected to") and line(guest).startswith("Connected to")
    assert "forfeit" not in host.locator("#notice").inner_text()


def test_a_page_that_pings_but_never_moves_loses_by_forfeit(open_page: Any) -> None:
    """The sore loser: a hand over, its player leaves the summary up and never moves (no
    clock runs for a player reading a summary) while its page goes on pinging. The host
    forfeits it at its clock + grace + a minute; both pages show the end, and both
    statistics count it (a win, a loss)."""
    game = duel(open_page, clock=15, fake_clocks=("host", "guest"))
    host, guest = game.host, game.guest
    play_until_summaries([host, guest])
    host.locator('#summary [data-action="next-hand"]').click()

    def advance(seconds: int) -> None:
        for _ in range(seconds // 5):  # both clocks, five seconds at a time: pings cross
            state = str(host.evaluate(YOUR_STATE))
            if state in ("bid", "play"):  # (the host may draw first in the new hand)
                your_move(host, state)
            for page in (guest, host):
                page.clock.run_for(5_000)
            time.sleep(0.05)

    while not guest.evaluate("() => !!document.querySelector('#hand [data-card]') || "
                             "document.getElementById('connection').textContent"
                             ".includes('Connected')"):
        time.sleep(0.05)
    advance(80)  # the clock (15 s), the grace (15 s) and most of the minute after
    assert "forfeit" not in line(host)
    advance(20)
    host.wait_for_function("() => document.getElementById('connection').textContent"
                           ".includes('forfeit')", timeout=10_000)
    assert line(host) == "Player 2 has not answered for a minute: you win by forfeit."
    host.wait_for_function(ENDING, timeout=10_000)
    guest.wait_for_function(ENDING, timeout=10_000)
    assert "you lose by forfeit" in line(guest)
    assert [g["won"] for g in online_stats(host)] == [True]
    assert [g["won"] for g in online_stats(guest)] == [False]


def test_a_friend_away_for_three_time_outs_can_be_claimed_against(open_page: Any) -> None:
    game = duel(open_page, clock=1, fake_clocks=("guest",))
    host, guest = game.host, game.guest
    deadline = time.monotonic() + 120
    claim = host.locator("#claim-win")
    while not claim.is_visible():
        assert time.monotonic() < deadline, "the guest was never seen as away"
        state = str(host.evaluate(YOUR_STATE))
        if state in ("bid", "play"):
            your_move(host, state)
        guest.clock.fast_forward(1100)  # the guest's clock runs out: its page moves
        time.sleep(0.1)
    assert "seems to be away" in line(host)
    assert host.locator("#keep-waiting").is_visible()
    claim.click()
    host.wait_for_function(ENDING, timeout=10_000)
    assert line(host) == "Player 2 was away: you win by forfeit."
    guest.wait_for_function(ENDING, timeout=10_000)
    assert "claimed the win" in line(guest)
    # Ended in its first hand: no hand to count (a game abandoned at the deal).
    assert online_stats(host) == [] == online_stats(guest)


def test_leaving_for_a_new_game_ends_the_old_on_both_pages_without_accusing(
        open_page: Any) -> None:
    game = duel(open_page)
    host, guest = game.host, game.guest
    # The host starts a new game (the tools' New game, confirmed) during the online game.
    if not host.locator('#tools [data-action="ask-new-game"]').is_visible():
        host.locator("#menu-button").click()
    host.locator('#tools [data-action="ask-new-game"]').click()
    host.locator('#confirm-new [data-action="confirm-new-game"]').click()
    guest.wait_for_function(ENDING, timeout=10_000)
    assert line(guest) == "Player 1 left the game: you win."
    # A new invitation; the friend joins it: a new game, the old one stays over.
    for page in (host, guest):  # the online dialog again (its "online" action)
        page.evaluate("() => document.getElementById('reconnect').click()")
        page.wait_for_selector("#online[open]")
    exchange_codes(host, guest, make_invitation(host))
    connected(host, guest)
    for page in (host, guest):
        assert CHEATED not in page.locator("#connection").inner_text()
        assert CHEATED not in page.locator("#notice").inner_text()
        assert page.locator("#summary").is_hidden()
    guest_draws_now(game)  # the new game plays


def test_a_second_hello_mid_game_changes_nothing(open_page: Any) -> None:
    game = duel(open_page)
    host = game.host
    before = game.quiet()
    scores = host.locator("#scores").inner_text()
    game.send_raw(json.dumps({"t": "hello", "table": "duel", "dealer": 0, "seed": 7,
                              "game": "0123456789abcdef", "name": "Mallory"}))
    time.sleep(1.0)
    assert line(host).startswith("Connected to Player 2")
    assert host.locator("#scores").inner_text() == scores
    assert game.kept() == before  # the same game, the same deal


def test_a_friend_back_to_a_game_that_was_left_takes_the_new_one(open_page: Any) -> None:
    """The guest's tab is closed; meanwhile the host leaves for a new game and invites
    again. The guest comes back to its kept game, taps Reconnect and takes the new
    invitation: the host's page tells it the old game was left (a win for it), and the new
    game plays; nobody is accused."""
    host, guest = open_page(), open_page()
    connect(host, guest)
    connected(host, guest)
    context = guest.context
    guest.close()
    host.wait_for_selector("#reconnect:not([hidden])", timeout=60_000)
    if not host.locator('#tools [data-action="ask-new-game"]').is_visible():
        host.locator("#menu-button").click()
    host.locator('#tools [data-action="ask-new-game"]').click()
    host.locator('#confirm-new [data-action="confirm-new-game"]').click()
    host.evaluate("() => document.getElementById('reconnect').click()")  # the online dialog
    guest = context.new_page()
    open_game(guest, "speed=instant")
    assert guest.locator("#reconnect").is_visible()  # the old game, kept
    guest.locator("#reconnect").click()
    for page in (host, guest):
        page.wait_for_selector("#online[open]")
    exchange_codes(host, guest)
    connected(host, guest)
    for page in (host, guest):
        assert CHEATED not in page.locator("#connection").inner_text()
        assert CHEATED not in page.locator("#notice").inner_text()
    assert guest.locator("#confirm-leave-online").evaluate("(d) => !d.open")
    game = Duel(host, guest)
    guest_draws_now(game)  # the new game plays


def test_a_page_with_a_kept_game_can_join_another_friend(open_page: Any) -> None:
    """The guest keeps a game with the host (its channel closed) and joins a third page's
    invitation: asked "Leave your game with Player 1?", it leaves it (a loss) and plays
    the new game."""
    host, guest, third = open_page(), open_page(), open_page()
    connect(host, guest)
    connected(host, guest)
    host.close()
    guest.wait_for_selector("#reconnect:not([hidden])", timeout=60_000)
    open_game(third, "table=duel&speed=instant")
    third.evaluate("() => document.getElementById('reconnect').click()")
    third.wait_for_selector("#online[open]")
    guest.locator("#reconnect").click()
    guest.wait_for_selector("#online[open]")
    exchange_codes(third, guest, make_invitation(third), wait=False)  # a question first
    guest.wait_for_selector("#confirm-leave-online[open]", timeout=30_000)
    assert "Leave your game with Player 1?" in guest.locator("#leave-online-title").inner_text()
    guest.locator('#confirm-leave-online [data-action="online-leave"]').click()
    connected(third, guest)
    game = Duel(third, guest)
    guest_draws_now(game)
