"""The online table's codes (web/codes.py): a session description goes through a paste
intact, and anything else pasted gets a clear refusal, never a crash."""

from __future__ import annotations

import base64
import sys
import zlib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

from codes import TAG, BadCode, decode, encode  # noqa: E402

SDP = ("v=0\r\no=- 4611 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\n"
       "m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n"
       "a=candidate:1 1 udp 2113937151 192.0.2.2 39224 typ host generation 0\r\n")


@given(st.text())
def test_any_description_goes_through_a_paste(sdp: str) -> None:
    assert decode(encode("offer", sdp), "offer") == sdp


def test_a_messenger_s_line_breaks_and_spaces_are_ignored() -> None:
    code = encode("answer", SDP)
    broken = "  " + "\n".join(code[i:i + 40] for i in range(0, len(code), 40)) + " \n"
    assert decode(broken, "answer") == SDP


@pytest.mark.parametrize("text", ["", "hello", "spades1-", TAG + "!!!!", TAG + "abc",
                                  encode("offer", SDP)[:-12]])
def test_what_is_not_a_code_is_refused(text: str) -> None:
    with pytest.raises(BadCode):
        decode(text, "offer")


def test_an_answer_is_not_taken_for_an_invitation() -> None:
    with pytest.raises(BadCode, match="not an offer"):
        decode(encode("answer", SDP), "offer")


def test_a_code_that_unpacks_to_megabytes_is_refused() -> None:
    bomb = zlib.compress(b'{"type":"offer","sdp":"' + b"a" * 5_000_000 + b'"}', 9)
    with pytest.raises(BadCode):
        decode(TAG + base64.urlsafe_b64encode(bomb).decode(), "offer")


def test_json_that_is_no_description_is_refused() -> None:
    for body in (b"[1, 2]", b'{"type": "offer"}', b'{"type": "offer", "sdp": 3}'):
        code = TAG + base64.urlsafe_b64encode(zlib.compress(body)).decode()
        with pytest.raises(BadCode):
            decode(code, "offer")
