"""Table talk that cannot cheat (issue 47): two real pages connected for a Duel (as in
e2e/test_online.py), each guarded (no request leaves loopback, no console error). A
reaction chosen from the React menu (by tap or by keyboard) shows by the sender's seat on
both tables, in each page's own words, and is said in each page's live region; the
sender's button rests for a few seconds; the bubble covers no card and no button on a
portrait phone, a phone held sideways and a desktop. A hostile page's reactions are
judged by their key alone: an unknown one is never shown nor said, a flood shows one
reaction every few seconds, and neither ends the game. A page that does not say it
understands reactions (an older one) is sent none."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from e2e.support import HEARD, hand_cards, heard, speak
from e2e.test_a11y import Scanner
from e2e.test_online import connect, connected, play_until_the_guest_holds
from e2e.test_online_cheats import CAPTURE_THE_CHANNEL, Duel, line

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

from reactions import HEAR_GAP_MS, SEND_GAP_MS, SHOWN_MS  # noqa: E402  (the page's pace)

OLD_HELLO = """window.spadesAlter = (text) => text.startsWith('{"t":"hello"')
  ? text.replace(',"talk":1', '') : text;"""
"""For the guest's page (with CAPTURE_THE_CHANNEL): its hello as a page from before table
talk sent it, without "talk"."""

SIZES = {"portrait": (360, 740), "sideways": (740, 360), "desktop": (1280, 800)}

UNCOVERED = r"""(seat) => {
  const bubble = document.querySelector(`#seat-${seat} .reaction`);
  if (!bubble) return ['no bubble'];
  const b = bubble.getBoundingClientRect();
  const found = [];
  const name = (el) => `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}`
    + `.${String(el.className).replace(/ /g, '.')} "${(el.getAttribute('aria-label')
    || el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 30)}"`;
  if (b.width === 0 || b.height === 0) found.push('an empty bubble');
  const felt = document.querySelector('.felt').getBoundingClientRect();
  if (b.left < felt.left || b.top < felt.top || b.right > felt.right || b.bottom > felt.bottom
      || b.right > innerWidth || b.bottom > innerHeight) {
    found.push(`off the felt: ${JSON.stringify(b)}`);
  }
  // Every card, button and panel shown, but the bubble's own seat, which it may cover
  // (on a portrait phone, its words); the seat's clock may stand over it.
  const things = '.card, button, .bar, .hand-zone, .seat, #bids, .pile-count, #summary-body';
  for (const el of document.querySelectorAll(things)) {
    if (!el.checkVisibility() || el.contains(bubble) || el.closest('#react-menu')) continue;
    const r = el.getBoundingClientRect();
    if (r.width && r.height && b.left < r.right && r.left < b.right && b.top < r.bottom
        && r.top < b.bottom) found.push(name(el));
  }
  const clock = bubble.parentElement.querySelector('.seat-clock:not([hidden])');
  if (clock) {
    const c = clock.getBoundingClientRect();
    const hit = document.elementFromPoint(c.left + c.width / 2, c.top + c.height / 2);
    if (hit !== clock) found.push('the clock, under the bubble');
  }
  return found;
}"""
"""What a seat's reaction bubble covers (nothing, or a list of what): it must lie on the
felt, over no card, no button and no other panel."""

TARGETS = r"""() => {
  const small = [];
  const menu = document.getElementById('react-menu');
  for (const item of menu.querySelectorAll('[role="menuitem"]')) {
    const r = item.getBoundingClientRect();
    if (r.height < 44 || r.width < 44) small.push(`${item.textContent} ${r.width}x${r.height}`);
    if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
      small.push(`${item.textContent} off screen`);
    }
  }
  return small;
}"""
"""The open menu's items that are smaller than a finger's target, or off the screen."""

BUTTON_TARGET = r"""() => {
  const button = document.getElementById('react-button');
  const r = button.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  // 44 px high (a taller target than its look where the tools are small) and wide.
  return r.width >= 44 && [y - 21, y + 21].every(
    (at) => button.contains(document.elementFromPoint(x, at)));
}"""


def talking(open_page: Any, old_guest: bool = False) -> Duel:
    """Two pages connected at a Duel with ten minutes a decision, both heard
    (e2e.support.HEARD), the guest's channel caught (it can send what no honest page
    sends: ``Duel.send_raw``); ``old_guest``: the guest's hello says nothing of talk."""
    host, guest = open_page(), open_page()
    guest.context.add_init_script(CAPTURE_THE_CHANNEL)
    if old_guest:
        guest.context.add_init_script(OLD_HELLO)
    for page in (host, guest):
        page.context.add_init_script(HEARD)
    connect(host, guest, "&clock=600")
    connected(host, guest)
    return Duel(host, guest)


def open_menu(page: Any) -> None:
    """The React menu open (through Menu where the tools fold behind it)."""
    if not page.locator("#react-button").is_visible():
        page.locator("#menu-button").click()
    page.locator("#react-button").click()
    page.wait_for_selector("#react-box:not([hidden]) #react-menu")


def react(page: Any, key: str) -> None:
    """``page``'s player taps React, then the reaction ``key``."""
    open_menu(page)
    page.locator(f'#react-menu [data-action="reaction:{key}"]').click()
    page.wait_for_selector("#react-box", state="hidden")


def rested(page: Any) -> None:
    """Waits until the React button may be used again (SEND_GAP_MS after a reaction)."""
    page.wait_for_function(
        "() => !document.getElementById('react-button').hasAttribute('aria-disabled')",
        timeout=SEND_GAP_MS + 5000)


def bubble(page: Any, seat: int) -> str:
    page.wait_for_selector(f"#seat-{seat} .reaction")
    return str(page.locator(f"#seat-{seat} .reaction").inner_text())


def active(page: Any) -> str:
    """What has the keyboard: its id, else its data-action."""
    return str(page.evaluate(
        "() => document.activeElement.id || document.activeElement.dataset.action || ''"))


def test_a_reaction_shows_by_its_seat_and_is_said_in_each_pages_words(open_page: Any) -> None:
    game = talking(open_page)
    host, guest = game.host, game.guest
    button = host.locator("#react-button")
    assert button.is_visible() and guest.locator("#react-button").is_visible()
    assert button.get_attribute("aria-haspopup") == "menu"
    assert button.get_attribute("aria-expanded") == "false"
    menu = host.locator("#react-menu")
    assert menu.get_attribute("role") == "menu" and menu.is_hidden()  # (#react-box hidden)
    assert menu.get_attribute("aria-labelledby") == "react-button"
    speak(host, "de")  # the host's page speaks German: its words are its own
    other = str(host.locator("#seat-2").get_attribute("aria-label"))  # ("Spieler 2")

    # A tap on the guest's page: "Well played" by the guest's seat on both tables.
    react(guest, "well-played")
    assert bubble(host, 2) == "Gut gespielt"
    assert bubble(guest, 0) == "Well played"
    host.wait_for_function("(said) => window.__said.includes(said)",
                           arg=f"{other}: Gut gespielt.")
    assert "You said: Well played." in heard(guest)
    # The guest's button rests (still focusable: aria-disabled), and opens nothing.
    resting = guest.locator("#react-button")
    assert resting.get_attribute("aria-disabled") == "true"
    resting.click(force=True)
    assert guest.locator("#react-menu").is_hidden()
    rested(guest)
    # The bubble goes after a few seconds.
    host.wait_for_selector("#seat-2 .reaction", state="detached", timeout=SHOWN_MS + 5000)

    # The keyboard on the host's page: Enter opens the menu on its first item, the arrows,
    # Home and End move, Escape closes it with the keyboard back on the button.
    button.focus()
    host.keyboard.press("Enter")
    assert menu.is_visible() and active(host) == "reaction:hello"
    assert button.get_attribute("aria-expanded") == "true"
    for key, then in (("ArrowDown", "reaction:good-luck"), ("End", "reaction:good-game"),
                      ("ArrowDown", "reaction:hello"), ("ArrowUp", "reaction:good-game"),
                      ("Home", "reaction:hello")):
        host.keyboard.press(key)
        assert active(host) == then, key
    items = menu.locator('[role="menuitem"]')
    assert items.count() == 8 and items.nth(2).inner_text() == "Gut gespielt"
    host.keyboard.press("Escape")
    assert menu.is_hidden() and active(host) == "react-button"
    assert button.get_attribute("aria-expanded") == "false"
    host.keyboard.press("Enter")
    host.keyboard.press("ArrowDown")
    host.keyboard.press("Enter")  # "Viel Glück"
    assert bubble(guest, 2) == "Good luck"
    assert bubble(host, 0) == "Viel Glück"
    name = str(guest.locator("#seat-2").get_attribute("aria-label"))
    guest.wait_for_function("(said) => window.__said.includes(said)",
                            arg=f"{name}: Good luck.")
    assert "Du hast gesagt: Viel Glück." in heard(host)
    assert menu.is_hidden() and active(host) == "react-button"  # (resting now)
    assert button.get_attribute("aria-disabled") == "true"

    # An accessibility scan with the menu open and a bubble shown.
    rested(host)
    scan = Scanner(host)
    open_menu(host)
    scan("the online table, the React menu open")
    host.keyboard.press("Escape")
    scan.check()

    # A portrait phone, a phone held sideways (the menu behind Menu) and a desktop: the
    # menu's items are a finger's size and on the screen, and each bubble covers nothing.
    for size, (width, height) in SIZES.items():
        for page in (host, guest):
            page.set_viewport_size({"width": width, "height": height})
        rested(guest)
        if guest.locator("#react-button").is_visible():
            assert guest.evaluate(BUTTON_TARGET), size
        open_menu(guest)
        assert guest.evaluate(TARGETS) == [], size
        if size == "sideways":  # (folded behind Menu: Escape gives the keyboard back there)
            guest.keyboard.press("Escape")
            assert active(guest) == "menu-button"
            open_menu(guest)
        guest.locator('#react-menu [data-action="reaction:sorry"]').click()
        assert bubble(host, 2) == "Tut mir leid" and bubble(guest, 0) == "Sorry"
        assert host.evaluate(UNCOVERED, 2) == [], size
        assert guest.evaluate(UNCOVERED, 0) == [], size
        rested(host)
        react(host, "thanks")
        assert bubble(guest, 2) == "Thanks" and bubble(host, 0) == "Danke"
        assert guest.evaluate(UNCOVERED, 2) == [], size
        assert host.evaluate(UNCOVERED, 0) == [], size
    for page in (host, guest):
        assert line(page).startswith(("Connected to", "Verbunden mit"))


def test_a_hostile_pages_reactions_show_only_known_words_slowly_and_end_nothing(
        open_page: Any) -> None:
    game = talking(open_page, old_guest=True)
    host, guest = game.host, game.guest
    # The guest's page did not say it understands reactions (an older page): the host's
    # sends it none. The host's said so: the guest's may react.
    assert host.locator("#react-button").is_hidden()
    assert guest.locator("#react-button").is_visible()
    other = str(host.locator("#seat-2").get_attribute("aria-label"))
    before = heard(host)

    # Keys the host does not know, or no key: dropped, never shown nor said as text.
    for key in ("<img src=x onerror=alert(1)>", "Well played", "THANKS", ["thanks"],
                None, 7, "x" * 5000):
        game.send_raw(json.dumps({"t": "r", "k": key}))
    game.send_raw('{"t":"r"}')
    host.wait_for_timeout(1000)
    assert host.locator(".reaction").count() == 0
    assert heard(host) == before

    # A flood: a known key with text of its own, then sixty more at once. The first
    # shows in the host's words alone; the rest, within HEAR_GAP_MS of it, are dropped.
    game.send_raw(json.dumps({"t": "r", "k": "thanks", "text": "<b>Hi, cheated you</b>",
                              "seat": 0}))
    guest.evaluate("""() => { for (let i = 0; i < 60; i++)
        window.spadesSendRaw('{"t":"r","k":"oops"}'); }""")
    assert bubble(host, 2) == "Thanks"
    host.wait_for_timeout(1000)
    said = [text for text in heard(host) if text not in before]
    assert said == [f"{other}: Thanks."], said
    assert host.locator(".reaction").count() == 1
    assert "cheated you" not in host.content()
    # The pace, not a silence: past the gap, the next one shows.
    host.wait_for_timeout(HEAR_GAP_MS)
    guest.evaluate("""() => { for (let i = 0; i < 5; i++)
        window.spadesSendRaw('{"t":"r","k":"oops"}'); }""")
    host.wait_for_function("(said) => window.__said.includes(said)", arg=f"{other}: Oops.")
    host.wait_for_timeout(500)
    assert [text for text in heard(host) if text not in before] == [
        f"{other}: Thanks.", f"{other}: Oops."]

    # Nothing of it ended the game: the line is as it was, and the hand goes on.
    assert line(host) == "Connected to Player 2."
    held = len(hand_cards(guest))
    assert len(play_until_the_guest_holds(host, guest, cards=held + 3)) >= held + 3
    assert line(host) == "Connected to Player 2." and line(guest) == "Connected to Player 1."
