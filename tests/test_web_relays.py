"""The online table's room codes and relays (issue 29, layer B): a room code survives
being read aloud, typed or pasted as a link; the relays are one value, which the page's
Content-Security-Policy names exactly; a test relay is taken only on loopback."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

from codes import ROOM_ALPHABET, is_table_code, new_room_code, new_table_code, room_code  # noqa: E402
from relays import RELAYS, loopback_relay  # noqa: E402

import build  # noqa: E402


def test_a_room_code_is_short_and_unambiguous() -> None:
    code = new_room_code(random.Random(7))
    assert re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}", code)
    assert not set(code) & set("01IO")
    assert len(ROOM_ALPHABET) == 32  # 8 symbols: 40 bits, not guessed by a stranger


@given(st.integers(0, 2**32), st.booleans())
def test_a_room_code_is_read_back_however_it_is_typed(seed: int, four: bool) -> None:
    code = (new_table_code if four else new_room_code)(random.Random(seed))
    assert room_code(code) == code and is_table_code(code) == four
    assert room_code(code.lower()) == code
    assert room_code(" " + code.replace("-", " ") + "\n") == code
    assert room_code(code.replace("-", "")) == code
    assert room_code(f"https://example.org/spades/?online={code}") == code


def test_a_four_seat_rooms_code_has_three_groups() -> None:
    code = new_table_code(random.Random(7))
    assert re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}", code)
    assert room_code(code) == code and is_table_code(code)
    assert not is_table_code(new_room_code(random.Random(7)))


@pytest.mark.parametrize("text", ["", "ABCD", "ABCD-EFGH-JKL", "ABCD-EFGH-JKLM-NPQR",
                                  "ABCD-EFG0", "ABCD-EFGI", "ÄBCD-EFGH", "spades1-eJxLz",
                                  "?online=", "A" * 10_000])
def test_anything_else_is_no_room_code(text: str) -> None:
    assert room_code(text) is None


@given(st.text(max_size=60))
def test_no_text_breaks_the_reading(text: str) -> None:
    code = room_code(text)
    assert code is None or re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}(-[A-Z2-9]{4})?", code)


def test_the_relays_are_secure_websockets() -> None:
    assert RELAYS and all(url.startswith("wss://") for url in RELAYS)


def test_the_page_may_contact_exactly_the_relays() -> None:
    """The built page's connect-src lists its own origin and the relays' hosts, nothing
    else: written by build.py from web/relays.py, so the two cannot drift."""
    html = (WEB / "index.html").read_text(encoding="utf-8")
    policy = build.with_relays(html)
    directives = {part.split()[0]: part.split()[1:]
                  for part in re.search(r'Content-Security-Policy" content="([^"]+)"',
                                        policy).group(1).split(";") if part.split()}
    hosts = [re.match(r"wss://[^/]+", url).group(0) for url in RELAYS]
    assert directives["connect-src"] == ["'self'", *hosts]
    assert directives["default-src"] == ["'self'"]


@pytest.mark.parametrize("url", ["ws://127.0.0.1:8123", "ws://localhost:9000",
                                 "ws://[::1]:80", "ws://127.0.0.1:8123/announce"])
def test_a_test_relay_on_loopback_is_taken(url: str) -> None:
    assert loopback_relay(url) == url


@pytest.mark.parametrize("url", ["wss://tracker.example.org", "ws://127.0.0.1.evil.org:80",
                                 "ws://10.0.0.1:80", "ws://127.0.0.1", "http://127.0.0.1:80",
                                 "ws://user@127.0.0.1:80", "ws://127.0.0.1:99999",
                                 "ws://localhost:80@evil.org", "", "ws://127.0.0.1:80 x"])
def test_any_other_relay_is_refused(url: str) -> None:
    assert loopback_relay(url) is None
