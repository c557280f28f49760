"""A friend online by room code (issue 29, layer B): the pages meet at a relay, here a
WebTorrent tracker the test starts on loopback (e2e/tracker.mjs; the page takes such a
relay from ?relay= only on loopback, and the test lets its policy's connect-src name it).
The host's "Invite a friend" gives a short room code and a link; the friend opens the
link, or types the code, and the two play a Duel hand. Nothing is contacted before the
player starts an online game."""

from __future__ import annotations

import re
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from e2e.support import hand_cards, open_game
from e2e.test_online import (
    choose_online,
    connected,
    play_until_summaries,
    play_until_the_guest_holds,
)

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


def allow_relay(page: Any, relay: str) -> list[Any]:
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
    sockets: list[Any] = []
    page.on("websocket", lambda socket: sockets.append(socket))
    return sockets


def invite(host: Any) -> tuple[str, str]:
    """Taps Invite a friend: the room code and the link shown."""
    host.locator('#online [data-action="online-room-invite"]').click()
    host.wait_for_function("() => document.getElementById('online-room-code').value")
    code = str(host.locator("#online-room-code").input_value())
    link = str(host.locator("#online-room-link").input_value())
    return code, link


@pytest.mark.parametrize("table", ["duel", "two-handed"])
def test_a_friend_opens_the_link_and_the_two_play_a_hand(open_page: Any, relay: str,
                                                          table: str) -> None:
    """The link (and its QR code), the relay only while the pages look for each other,
    then the host's table between them: a whole Duel hand, the first draws of a
    Two-handed one (issue 28: a whole hand online takes 20-40 s, and the channel is the
    same once the pages have met; test_online.py plays a whole Two-handed hand)."""
    host, guest = open_page(), open_page()
    host_sockets, guest_sockets = allow_relay(host, relay), allow_relay(guest, relay)
    loaded: list[str] = []
    host.on("request", lambda request: loaded.append(request.url))
    open_game(host, f"table={table}&speed=instant&relay={relay}")
    choose_online(host)
    # Nothing is contacted, and the relay client not even loaded, before the player invites.
    assert host_sockets == [] and not [url for url in loaded if "/trystero/" in url]
    code, link = invite(host)
    assert re.fullmatch(CODE, code), code
    assert link.endswith(f"?online={code}")
    assert urlsplit(link).path == urlsplit(host.url).path
    # The link's QR code beside it, for a phone at hand: a square a camera can frame, and
    # named for a screen reader (tests/test_web_qr.py checks its modules). It comes once
    # the room is at the relay (web/meeting.py), the room code before the relay client.
    qr = host.locator("#online-room-qr svg[role='img']")
    qr.wait_for()
    assert [url for url in loaded if "/trystero/" in url]  # (the check above can see it)
    assert qr.get_attribute("aria-label") == "QR code of the link"
    box = qr.bounding_box()
    assert box is not None and box["width"] == box["height"] >= 100
    open_game(guest, f"{urlsplit(link).query}&speed=instant&relay={relay}")
    connected(host, guest)
    # The relay, and no other; and only while the pages looked for each other.
    assert {s.url for s in host_sockets + guest_sockets} == {relay + "/"}
    deadline = time.monotonic() + 10
    while not all(s.is_closed() for s in host_sockets + guest_sockets):
        assert time.monotonic() < deadline, "a page stays at the relay once connected"
        host.wait_for_timeout(100)
    names = [page.locator("#table-name").inner_text() for page in (host, guest)]
    assert names[0] == names[1] and ("Two-handed" in names[0]) == (table == "two-handed")
    if table == "two-handed":
        assert len(play_until_the_guest_holds(host, guest)) >= 4
        return
    play_until_summaries([host, guest])
    scores = [page.locator("#scores").inner_text() for page in (host, guest)]
    assert all(scores) and sorted(scores[0].split()) == sorted(scores[1].split())


def test_a_friend_types_the_room_code(open_page: Any, relay: str) -> None:
    """Typed in lower case, with a space for the dash, after the host tapped twice."""
    host, guest = open_page(), open_page()
    for page in (host, guest):
        allow_relay(page, relay)
        open_game(page, f"table=duel&speed=instant&relay={relay}")
        choose_online(page)
    code, _link = invite(host)
    # A second tap keeps the room the friend may have been told already.
    assert invite(host)[0] == code
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


DIALOG_FITS = r"""() => {
  // The dialog inside the screen, and every box of it holding its text (the room code
  // whole in its field, each label, button and the fold's summary on its lines).
  const dialog = document.getElementById('online');
  const box = dialog.getBoundingClientRect();
  const out = [];
  if (box.left < 0 || box.right > innerWidth + 1) {
    out.push(`the dialog spans ${box.left}..${box.right}`);
  }
  for (const el of dialog.querySelectorAll('svg, figure')) {
    const part = el.getBoundingClientRect();
    if (el.checkVisibility() && (part.left < box.left - 1 || part.right > box.right + 1)) {
      out.push(`${el.tagName.toLowerCase()}#${el.id} spans ${part.left}..${part.right}`);
    }
  }
  for (const el of dialog.querySelectorAll(
      'button, label, span, summary, p, h2, input, .row, figcaption')) {
    if (!el.checkVisibility() || el.clientWidth === 0) continue;
    // (the link may be longer than its field, which scrolls: it is copied, not read)
    if (el.scrollWidth > el.clientWidth + 1 && el.id !== 'online-room-link') {
      const text = (el.textContent || el.value).trim().slice(0, 30);
      out.push(`${el.tagName.toLowerCase()}#${el.id} "${text}"`
               + ` is ${el.scrollWidth} px wide in ${el.clientWidth}`);
    }
  }
  return out;
}"""


def test_the_online_dialog_fits_phones_and_a_desktop_in_every_language(open_page: Any,
                                                                       relay: str) -> None:
    """The dialog with a room code shown and the fold of codes by hand open, at a phone
    held upright and sideways and at a desktop, in each of the page's languages."""
    from e2e.test_online import by_hand

    page = open_page()
    allow_relay(page, relay)
    found: list[str] = []
    for lang in ("en", "de", "es", "it", "pt"):
        page.set_viewport_size({"width": 390, "height": 844})
        open_game(page, f"table=duel&speed=instant&lang={lang}&relay={relay}")
        choose_online(page)
        invite(page)
        by_hand(page)
        for width, height in ((390, 844), (844, 390), (1280, 800)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(100)
            found += [f"{lang} {width}x{height}: {problem}"
                      for problem in page.evaluate(DIALOG_FITS)]
        page.locator('#online [data-action="online-close"]').click()
    assert not found, "\n".join(found)


def test_a_closed_tab_goes_on_after_meeting_again_by_a_new_room_code(open_page: Any,
                                                                      relay: str) -> None:
    """The pages left the relay once they met; a closed tab's game goes on when the two
    meet again in a new room (the page that stayed goes back to the relay for it): the
    draws go on from where they were (test_online.py plays such a game to the hand's
    end, met again by hand)."""
    host, guest = open_page(), open_page()
    for page in (host, guest):
        allow_relay(page, relay)
    open_game(host, f"table=duel&speed=instant&relay={relay}")
    choose_online(host)
    code, _link = invite(host)
    open_game(guest, f"online={code}&speed=instant&relay={relay}")
    connected(host, guest)
    held = play_until_the_guest_holds(host, guest)
    context = guest.context
    guest.close()
    guest = context.new_page()
    allow_relay(guest, relay)
    open_game(guest, f"speed=instant&relay={relay}")
    assert set(held) <= set(hand_cards(guest))
    host.wait_for_selector("#reconnect:not([hidden])", timeout=60_000)
    host.locator("#reconnect").click()
    host.wait_for_selector("#online[open]")
    code, _link = invite(host)
    guest.locator("#reconnect").click()
    guest.wait_for_selector("#online[open]")
    guest.locator("#online-room-in").fill(code)
    guest.locator('#online [data-action="online-room-join"]').click()
    connected(host, guest)
    after = play_until_the_guest_holds(host, guest, len(held) + 3)
    assert len(after) >= len(held) + 3 and set(held) <= set(after)
