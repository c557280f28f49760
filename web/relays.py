"""The relays of the online table (issue 29): where two pages meet by room code.

The relays are public WebTorrent trackers, reached by WebSocket through trystero (its
torrent strategy), and only while two pages look for each other: no server of ours. They
are this one value: build.py writes their hosts into the page's Content-Security-Policy
(connect-src), so the page can contact no other, and the README names them.

Pure Python (build.py and tests/ read it under CPython).
"""

from __future__ import annotations

import re

RELAYS = (
    "wss://tracker.webtorrent.dev",
    "wss://tracker.openwebtorrent.com",
    "wss://tracker.files.fm:7073/announce",
)
"""The trackers a room is announced on (any one that answers is enough)."""

ICE_SERVERS = ("stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478")
"""The STUN servers a page met through a relay asks for its public address, so that two
friends behind home routers can reach each other (the copy-and-paste codes use none: they
connect pages on one network). A CSP does not govern them."""

LOOPBACK = re.compile(r"ws://(127\.0\.0\.1|localhost|\[::1\]):(\d{1,5})(/[A-Za-z0-9/_-]*)?")


def loopback_relay(url: str) -> str | None:
    """``url`` if it is a relay on this machine (ws://127.0.0.1:PORT, a test's own
    tracker: ``?relay=``), else None: an address someone sent may not point the page at
    another relay (and the page's policy would refuse it anyway)."""
    found = LOOPBACK.fullmatch(url)
    if found is None or not 0 < int(found.group(2)) < 65536:
        return None
    return url


def relay_hosts() -> list[str]:
    """Each relay as a CSP source (scheme, host and port, no path)."""
    return [re.match(r"wss://[^/]+", url).group(0) for url in RELAYS]  # type: ignore[union-attr]
