"""The online table's codes: a WebRTC session description as a text to paste, and back,
and the short room codes that meet two pages at a relay (web/peer.py uses them; pure
Python, tested under CPython)."""

from __future__ import annotations

import base64
import json
import random
import re
import zlib

TAG = "spades1-"
"""What every code begins with: a pasted text that does not is no code of ours."""
MAX_BYTES = 1 << 16
"""The most a code may unpack to (a session description is about 1 KB)."""


class BadCode(ValueError):
    """A pasted text that is not the code expected (says which, in English: the page
    shows its own words)."""


def encode(kind: str, sdp: str) -> str:
    """A session description ("offer" or "answer") as a code to paste: compressed (zlib)
    and written in URL-safe base64 behind ``TAG``."""
    packed = zlib.compress(json.dumps({"type": kind, "sdp": sdp}).encode(), 9)
    return TAG + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def decode(code: str, kind: str) -> str:
    """The session description of a pasted code, which must be of ``kind``; spaces and
    line breaks a messenger added are ignored. Raises ``BadCode``."""
    text = "".join(code.split())
    if not text.startswith(TAG):
        raise BadCode("not a code")
    body = text[len(TAG):]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        unpacker = zlib.decompressobj()
        raw = unpacker.decompress(packed, MAX_BYTES)
        if unpacker.unconsumed_tail or not unpacker.eof:
            raise BadCode("a damaged code")
        data = json.loads(raw.decode())
    except (ValueError, zlib.error) as error:  # binascii.Error is a ValueError
        raise BadCode("a damaged code") from error
    if not isinstance(data, dict) or not isinstance(data.get("sdp"), str):
        raise BadCode("a damaged code")
    if data.get("type") != kind:
        raise BadCode(f"not an {kind}")
    return str(data["sdp"])


# ---------------------------------------------------------------- room codes (a relay)

ROOM_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""A room code's symbols: no 0/O or 1/I, which a friend reading it aloud would confuse."""
ROOM_HALF = 4
"""A room code is two groups of this many symbols: 8 in all, 40 bits, so no stranger
meets the players in their room by guessing."""


def new_room_code(rng: random.Random) -> str:
    """A fresh room code, such as "K7QM-3FHX" (``rng``: the page's SystemRandom)."""
    symbols = "".join(rng.choice(ROOM_ALPHABET) for _ in range(2 * ROOM_HALF))
    return f"{symbols[:ROOM_HALF]}-{symbols[ROOM_HALF:]}"


def new_table_code(rng: random.Random) -> str:
    """A fresh four-seat room's code, such as "K7QM-3FHX-P9WC": three groups, so that
    the code itself says the room has four seats (``is_table_code``), and 60 bits."""
    symbols = "".join(rng.choice(ROOM_ALPHABET) for _ in range(3 * ROOM_HALF))
    return "-".join(symbols[i:i + ROOM_HALF] for i in range(0, 3 * ROOM_HALF, ROOM_HALF))


def is_table_code(code: str) -> bool:
    """Whether a code ``room_code`` read is a four-seat room's (three groups)."""
    return code.count("-") == 2


def room_code(text: str) -> str | None:
    """The room code in what a friend typed or pasted (lower case, spaces or no dash,
    or the whole link ``...?online=CODE``), written as ``new_room_code`` (two groups) or
    ``new_table_code`` (three) writes it; None if there is none."""
    if len(text) > 2000:  # (a link is far shorter: no need to read a pasted book)
        return None
    found = re.search(r"[?&]online=([^&#\s]*)", text)
    symbols = "".join(found.group(1) if found else text.split()).replace("-", "").upper()
    if len(symbols) not in (2 * ROOM_HALF, 3 * ROOM_HALF) \
            or any(char not in ROOM_ALPHABET for char in symbols):
        return None
    return "-".join(symbols[i:i + ROOM_HALF] for i in range(0, len(symbols), ROOM_HALF))
