"""A friend online, found and named (issue 44, items 6 to 8), in real Chromium:

- a first visitor reaches "Invite a friend" from the front door in one tap: the online
  dialog opens at the table on the table (Classic: a four-seat room for up to three
  friends, issue 47; friends online become Options' opponent), the game on the table
  untouched; the menu's Play online does the same, where the tools fold behind Menu too;
- Options' "A friend online" at a Classic table keeps the table and says what it invites
  to, and New game then invites friends rather than dealing against the computer;
- the joiner's "Your name" is the name the host's page shows, and a name not typed is the
  seat's default in each page's own language (a German host, a Portuguese guest); a name
  kept before (Options' Player 1 field) is your name at pass and play, beside German
  defaults;
- Copy puts a code on the clipboard (the Clipboard API, granted), or selects the field's
  text where the browser refuses; and the room's link, by room code at the test's relay.
"""

from __future__ import annotations

import json
from typing import Any

from e2e.layout_states import Viewport, measure, open_menu, prepare, set_viewport, settle
from e2e.support import (
    in_each_language,
    open_game,
    open_with_storage,
    saved_game,
    wait_your_turn,
)
from e2e.test_i18n import PHONES, english_on, overflow
from e2e.test_layout import problems_in
from e2e.test_online import by_hand, exchange_codes, make_invitation
from e2e.test_online_relay import allow_relay, invite, relay  # noqa: F401 (a fixture)

INVITE = '#online [data-action="online-room-invite"]'


def stored_prefs(page: Any) -> dict[str, Any]:
    return json.loads(page.evaluate("() => localStorage.getItem('spades.prefs')") or "{}")  # type: ignore[no-any-return]


def test_a_first_visitor_reaches_invite_a_friend_from_the_door_in_one_tap(page: Any) -> None:
    page.set_viewport_size({"width": 1366, "height": 657})
    open_game(page, door=True)  # a fresh page: its first visit, the front door open
    door = page.locator("#today")
    assert door.is_visible()
    before = saved_game(page)
    assert before.rules.players == 4
    door.locator('[data-action="play-online"]').click()  # the one tap
    page.wait_for_selector("#online[open]")
    assert not door.is_visible()
    assert page.locator(INVITE).is_visible()
    # Friends online the opponent, Options' table kept (a four-seat room: issue 47), and
    # the dialog says what it invites to.
    prefs = stored_prefs(page)
    assert (prefs.get("table", "classic"), prefs["opponent"]) == ("classic", "online")
    assert page.locator("#online-table").inner_text() == (
        "Invite up to three friends to a game of Classic, each at their own device; a "
        "computer plays each seat left empty, and the game on the table goes on until you "
        "start.")
    # Nothing was dealt: the game on the table waits, no clock runs.
    assert saved_game(page).to_json() == before.to_json()
    assert page.locator(".seat-clock:visible").count() == 0
    page.locator('#online [data-action="online-close"]').click()
    page.wait_for_selector("#online", state="hidden")
    # The header's Play online (its globe, where the one-row header has no room for its
    # word) and, on a phone, the Menu's: the same dialog.
    page.locator('#tools [data-action="play-online"]').click()
    page.wait_for_selector("#online[open]")
    page.keyboard.press("Escape")
    page.wait_for_selector("#online", state="hidden")
    page.set_viewport_size({"width": 360, "height": 640})
    assert open_menu(page)
    tool = page.locator('#tools [data-action="play-online"]')
    assert tool.inner_text().strip() == "Play online"
    tool.click()
    page.wait_for_selector("#online[open]")
    assert page.locator(INVITE).is_visible()


def test_a_friend_online_chosen_at_a_classic_table(page: Any) -> None:
    """Options' "A friend online" at a four-player table: the table stays, the offer says
    it invites up to three friends to it; New game then opens the online dialog, never a
    game against the computer."""
    open_game(page, "table=classic&seed=5&speed=instant&level=easy")
    wait_your_turn(page)
    before = saved_game(page).to_json()
    page.locator('#tools [data-action="options"]').click()
    page.wait_for_selector("#options[open]")
    page.locator('#options input[name="opponent"][value="online"]').check()
    offer = page.locator("#opponent-now")
    offer.wait_for(state="visible", timeout=5_000)
    assert page.locator('#options input[name="table"][value="classic"]').is_checked()
    assert page.locator("#opponent-now-text").inner_text().startswith(
        "Invite up to three friends to a game of Classic, each at their own device;")
    assert page.locator("#opponent-now-button").inner_text() == "Play a friend online"
    assert page.locator("#friend-name").is_hidden()  # the friend's name: pass and play only
    page.locator('#options button[value="done"]').click()
    page.wait_for_selector("#options", state="hidden")
    # New game: nothing is lost, so nothing is asked; the friend is invited.
    page.locator('#tools [data-action="ask-new-game"]').click()
    page.wait_for_selector("#online[open]")
    assert not page.locator("#confirm-new").is_visible()
    assert page.locator(INVITE).is_visible()
    page.locator('#online [data-action="online-close"]').click()
    page.wait_for_selector("#online", state="hidden")
    assert saved_game(page).to_json() == before  # the Classic game goes on
    assert page.locator(".seat-clock:visible").count() == 0
    # The offer's own button opens the dialog too.
    page.locator('#tools [data-action="options"]').click()
    page.locator("#opponent-now-button").click()
    page.wait_for_selector("#online[open]")
    assert not page.locator("#options").is_visible()


def test_the_joiners_name_is_the_one_the_host_shows_each_default_in_its_language(
        open_page: Any) -> None:
    """A German host who typed no name, a Portuguese guest who types hers in the online
    dialog's "Your name" before she answers: the host's page names her as typed and
    itself "Spieler 1"; hers names the host "Jogador 1", in her own language."""
    host, guest = open_page("de-DE"), open_page("pt-BR")
    for page in (host, guest):
        open_game(page, "table=duel&speed=instant")
        page.locator('#tools [data-action="play-online"]').click()
        page.wait_for_selector("#online[open]")
    guest.locator("#online-name").fill("Bruna")
    invitation = make_invitation(host)
    by_hand(guest)
    guest.locator("#online-invitation-in").click()  # (the name's field is left: it is kept)
    exchange_codes(host, guest, invitation)
    for page in (host, guest):
        page.wait_for_selector("#online", state="hidden", timeout=60_000)
        page.wait_for_function("() => !document.getElementById('connection').hidden")
    host.wait_for_function("() => document.getElementById('connection').textContent"
                           ".includes('Bruna')", timeout=60_000)
    assert "Bruna" in host.locator("#seat-2").inner_text()
    assert "Spieler 1" in host.locator("#seat-0").inner_text()
    guest.wait_for_function("() => document.getElementById('connection').textContent"
                            ".includes('Jogador 1')", timeout=60_000)
    assert "Jogador 1" in guest.locator("#seat-2").inner_text()
    assert "Bruna" in guest.locator("#seat-0").inner_text()
    assert stored_prefs(guest)["name"] == "Bruna"
    for text in (host.locator("body").inner_text(), guest.locator("body").inner_text()):
        assert "Player" not in text and "Spieler 2" not in text and "Jogador 2" not in text


def test_a_name_kept_before_is_yours_and_the_defaults_speak_german(page: Any) -> None:
    """Pass and play with the preferences of a page before issue 44 (Options' Player 1
    and Player 2 fields): Ana is your name; a friend who typed none is "Spieler 2"."""
    prefs = {"opponent": "friend", "name1": "Ana", "name2": "", "clock": False, "lang": "de"}
    open_with_storage(page, {"spades.prefs": json.dumps(prefs)}, "table=duel&seed=4")
    page.wait_for_function("() => document.getElementById('scores').textContent"
                           ".includes('Spieler 2')")
    assert "Ana" in page.locator("#scores").text_content()
    page.locator('#tools [data-action="options"]').click()
    page.wait_for_selector("#options[open]")
    assert page.locator('#options input[name="name"]').input_value() == "Ana"
    friend = page.locator('#options input[name="friend_name"]')
    assert friend.is_visible() and friend.get_attribute("placeholder") == "Spieler 2"
    assert page.locator("#friend-name").inner_text().strip() == (
        "Name deines Freundes an diesem Gerät")


def test_copy_puts_a_code_on_the_clipboard_or_selects_it(open_page: Any) -> None:
    host, guest = open_page(), open_page()
    host.context.grant_permissions(["clipboard-read", "clipboard-write"])
    # The guest's browser refuses the clipboard.
    guest.context.add_init_script("""navigator.clipboard.writeText = () =>
        Promise.reject(new DOMException('refused', 'NotAllowedError'));""")
    for page in (host, guest):
        open_game(page, "table=duel&speed=instant")
        page.locator('#tools [data-action="play-online"]').click()
        page.wait_for_selector("#online[open]")
    invitation = make_invitation(host)
    copy = host.locator('#online [data-action="online-copy-offer"]')
    copy.click()
    host.wait_for_function("() => document.getElementById('online-copied').textContent")
    assert host.evaluate("() => navigator.clipboard.readText()") == invitation
    assert copy.inner_text() == "Copied" and len(invitation) > 500
    by_hand(guest)
    guest.locator("#online-invitation-in").fill(invitation)
    guest.locator('#online [data-action="online-join"]').click()
    guest.wait_for_function("() => document.getElementById('online-answer').value")
    guest.locator('#online [data-action="online-copy-answer"]').click()
    guest.wait_for_function("() => document.getElementById('online-copied').textContent")
    answer = guest.locator("#online-answer").input_value()
    selected = guest.evaluate("""() => { const field = document.activeElement;
        return [field.id, field.selectionStart, field.selectionEnd]; }""")
    assert selected == ["online-answer", 0, len(answer)]
    assert guest.locator("#online-copied").inner_text() == (
        "The clipboard is not available here: select the text and copy it.")
    # A tap on the code selects all of it too.
    guest.evaluate("() => document.getElementById('online-answer').setSelectionRange(0, 0)")
    guest.locator("#online-answer").click()
    assert guest.evaluate("() => document.getElementById('online-answer').selectionEnd") \
        == len(answer)


def test_copy_puts_the_rooms_link_on_the_clipboard(open_page: Any, relay: str) -> None:  # noqa: F811
    host = open_page()
    host.context.grant_permissions(["clipboard-read", "clipboard-write"])
    allow_relay(host, relay)
    open_game(host, f"table=duel&speed=instant&relay={relay}")
    host.locator('#tools [data-action="play-online"]').click()
    host.wait_for_selector("#online[open]")
    _code, link = invite(host)
    host.locator('#online [data-action="online-copy-link"]').click()
    host.wait_for_function("() => document.getElementById('online-copied').textContent")
    assert host.evaluate("() => navigator.clipboard.readText()") == link
    assert "?online=" in link


SHOW_EVERY_PART = """() => {
  for (const id of ['online-room', 'online-host', 'online-guest-answer']) {
    document.getElementById(id).hidden = false;
  }
  document.getElementById('online-by-hand').open = true;
  document.getElementById('online-room-code').value = 'K7QM-3FHX';
  document.getElementById('online-room-link').value = location.origin + location.pathname
    + '?online=K7QM-3FHX';
  document.getElementById('online-answer').value = document.getElementById('online-offer').value;
}"""
"""Every part of the online dialog shown at once (the room's code and link, the invitation
and the answer with their Copy buttons), for measuring."""


FIT_SIZES = (*PHONES, Viewport("1366x657", 1366, 657))


def fit_in_each_language(page: Any, part: str, before: str = "") -> list[str]:
    """What overflows or stays English on ``part`` of the page, in each language at each
    of FIT_SIZES (``before``: a script run after each language's change)."""
    found: list[str] = []
    for lang in in_each_language(page):
        if before:
            page.evaluate(before)
        for viewport in FIT_SIZES:
            set_viewport(page, viewport)
            settle(page)
            where = f"{lang}, {viewport.label}, {part}"
            found += overflow(page, where) + problems_in(measure(page), where)
            if lang != "en":
                found += english_on(page, lang, where, shown=True)
    return found


def test_the_door_and_the_online_dialog_fit_a_phone_in_every_language(open_page: Any) -> None:
    """The door's way to a friend online, and the online dialog with every part shown
    (its name field, each code with its Copy button, a Copy that said Copied), at the
    phone sizes and the short laptop, in each language: each box holds its text, the
    layout checks pass, and no word the catalog translates is left in English. The
    language changes in the page, as Options changes it."""
    page = open_page("en-US")
    prepare(page)
    open_game(page, "speed=instant", door=True)
    found = fit_in_each_language(page, "the door")
    page.locator('#today [data-action="play-online"]').click()
    page.wait_for_selector("#online[open]")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    make_invitation(page)
    page.evaluate(SHOW_EVERY_PART)
    page.locator('#online [data-action="online-copy-link"]').click()
    page.wait_for_selector('#online [data-action="online-copy-link"].copied')
    # (each language's change writes the dialog's words again: every part shown anew)
    found += fit_in_each_language(page, "the online dialog", SHOW_EVERY_PART)
    assert not found, "\n".join(found[:60])



RECONNECT_STYLE = """() => {
  const look = (el) => { const s = getComputedStyle(el);
    return {background: s.backgroundColor, radius: parseFloat(s.borderTopLeftRadius),
            border: s.borderTopStyle}; };
  return [look(document.getElementById('reconnect')),
          look(document.querySelector('#update button.primary'))];
}"""


def test_reconnect_is_a_button_of_the_page(page: Any) -> None:
    """Reconnect is gold and round like the page's other buttons that lead on (Reload of
    a new version here), not the browser's grey box."""
    open_game(page, "table=duel&speed=instant")
    page.evaluate("() => { document.getElementById('reconnect').hidden = false; }")
    reconnect, primary = page.evaluate(RECONNECT_STYLE)
    assert reconnect["background"] == primary["background"]
    assert reconnect["radius"] >= 16 and reconnect["border"] != "outset"
