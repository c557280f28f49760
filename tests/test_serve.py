"""`python build.py serve` (build.make_server) answers any address a browser may send
(issue 27, item 17): a first visit with a 100 KB query got HTTP 414 from Python's
http.server (it refuses a request line over 64 KiB) before the page could say anything;
the page itself drops the parameters it does not understand (web/address.py)."""

from __future__ import annotations

import http.client
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import build

PAGE = "<!doctype html><title>Spades</title>"


@contextmanager
def serving(site: Path) -> Iterator[int]:
    """Serve ``site`` on a free loopback port; yield the port."""
    (site / "index.html").write_text(PAGE, encoding="utf-8")
    server = build.make_server(site, "127.0.0.1", 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_port
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def get(connection: http.client.HTTPConnection, path: str) -> tuple[int, bytes]:
    connection.request("GET", path)
    response = connection.getresponse()
    return response.status, response.read()


def test_a_first_visit_with_a_100_kb_query_gets_the_page(tmp_path: Path) -> None:
    with serving(tmp_path) as port:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            assert get(connection, "/?utm_source=" + "x" * 100_000) == (200, PAGE.encode())
            # The same connection goes on (the page's other files come over it).
            assert get(connection, "/index.html") == (200, PAGE.encode())
        finally:
            connection.close()


def test_an_address_longer_than_a_browser_sends_is_still_refused(tmp_path: Path) -> None:
    """The request line is read up to a bound (Chromium's longest URL), never without one."""
    with serving(tmp_path) as port:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            status, _body = get(connection, "/?q=" + "x" * (build.MAX_REQUEST_LINE + 10))
            assert status == 414
        finally:
            connection.close()
