"""A friend online by room code (issue 29, layer B): the pages meet at a relay, here a
WebTorrent tracker the test starts on loopback (e2e/tracker.mjs; the page takes such a
relay from ?relay= only on loopback, and the test lets its policy's connect-src name it).
The host's "Invite a friend" gives a short room code and a link; the friend opens the
link, or types the code, and the two play a Duel hand. Nothing is contacted before the
player starts an online game."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from e2e.support import open_game
from e2e.test_online import choose_online, play_until_summaries

ROOT = Path(__file__).resolve().parents[1]
CODE = r"^[A-Z2-9]{4}-[A-Z2-9]{4}$"


@pytest.fixture(scope="module")
def relay() -> Iterator[str]:
    """A WebTorrent tracker on 127.0.0.1 (its ws:// address), for this module's tests."""
    import build

    folder = build.fetch_tracker()
    process = subprocess.Popen(["node", str(ROOT / "e2e" / "tracker.mjs"), str(folder)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        url = process.stdout.readline().strip()
        assert url.startswith("ws://127.0.0.1:"), url
        yield url
    finally:
        assert process.stdin is not None
        process.stdin.close()
        process.wait(timeout=10)


def allow_relay(page: Any, relay: str) -> list[str]:
    """The page's policy also lets it reach the test's relay (the built page names only
    web/relays.py's); returns the list the page's WebSockets are added to as they open."""
    def rewrite(route: Any) -> None:
        response = route.fetch()
        body = response.text().replace("connect-src 'self'", f"connect-src 'self' {relay}", 1)
        route.fulfill(response=response, body=body)

    page.route(lambda url: urlsplit(url).path.endswith(("/", "/index.html")), rewrite)
    # A page the test fulfilled has no address of its own, so Chromium would take it for
    # a public site reaching into loopback (Local Network Access): it is the site's own.
    page.context.grant_permissions(["local-network-access"])
    sockets: list[str] = []
    page.on("websocket", lambda socket: sockets.append(socket.url))
    return sockets


def invite(host: Any) -> tuple[str, str]:
    """Taps Invite a friend: the room code and the link shown."""
    host.locator('#online [data-action="online-room-invite"]').click()
    host.wait_for_function("() => document.getElementById('online-room-code').value")
    code = str(host.locator("#online-room-code").input_value())
    link = str(host.locator("#online-room-link").input_value())
    return code, link


def connected(*pages: Any) -> None:
    for page in pages:
        page.wait_for_selector("#online", state="hidden", timeout=60_000)
        page.wait_for_selector("#connection:not([hidden])")
        page.wait_for_function("() => document.getElementById('connection').textContent"
                               ".startsWith('Connected to')", timeout=60_000)


def test_a_friend_opens_the_link_and_the_two_play_a_duel_hand(open_page: Any,
                                                               relay: str) -> None:
    host, guest = open_page(), open_page()
    host_sockets, guest_sockets = allow_relay(host, relay), allow_relay(guest, relay)
    open_game(host, f"table=duel&speed=instant&relay={relay}")
    choose_online(host)
    assert host_sockets == []  # nothing is contacted before the player invites
    code, link = invite(host)
    assert re.fullmatch(CODE, code), code
    assert link.endswith(f"?online={code}")
    assert urlsplit(link).path == urlsplit(host.url).path
    open_game(guest, f"{urlsplit(link).query}&speed=instant&relay={relay}")
    connected(host, guest)
    assert set(host_sockets) == set(guest_sockets) == {relay + "/"}  # the relay, no other
    play_until_summaries([host, guest])
    scores = [page.locator("#scores").inner_text() for page in (host, guest)]
    assert all(scores) and sorted(scores[0].split()) == sorted(scores[1].split())


def test_a_friend_types_the_room_code(open_page: Any, relay: str) -> None:
    host, guest = open_page(), open_page()
    for page in (host, guest):
        allow_relay(page, relay)
        open_game(page, f"table=duel&speed=instant&relay={relay}")
        choose_online(page)
    code, _link = invite(host)
    guest.locator("#online-room-in").fill(code.lower().replace("-", " "))
    guest.locator('#online [data-action="online-room-join"]').click()
    connected(host, guest)


def test_a_mistyped_room_code_is_refused_without_contacting_anyone(open_page: Any,
                                                                    relay: str) -> None:
    guest = open_page()
    sockets = allow_relay(guest, relay)
    open_game(guest, f"table=duel&speed=instant&relay={relay}")
    choose_online(guest)
    guest.locator("#online-room-in").fill("ABCD-EFG")
    guest.locator('#online [data-action="online-room-join"]').click()
    guest.wait_for_function("() => document.getElementById('online-status').textContent")
    assert "room code" in guest.locator("#online-status").inner_text()
    assert sockets == []
