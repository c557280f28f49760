"""The first reading of a message from the other page (``spades.mental.wire``, issue 43):
a message nested deep enough to exhaust the parser's recursion, too long, not JSON, not an
object or holding a number that is not finite is refused with ``CheatDetected
("malformed")`` before (or instead of) being parsed, fast and without a RecursionError;
every honest message, and every JSON object no deeper than ``MAX_DEPTH``, reads back as
it was written."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spades.mental.state import CheatDetected
from spades.mental.wire import MAX_DEPTH, MAX_MESSAGE_CHARS, nesting_depth, read_message

HEX = "c0ffee" * 85  # a ciphertext of the 2048-bit group: 512 hex digits (510 here)


def refused(text: object) -> CheatDetected:
    with pytest.raises(CheatDetected) as caught:
        read_message(text)
    assert caught.value.reason == "malformed" and caught.value.proven
    return caught.value


def deep(levels: int, opening: str = "[", closing: str = "]") -> str:
    """A protocol envelope holding ``levels`` nested arrays."""
    return '{"t":"m","m":' + opening * levels + closing * levels + "}"


# ---------------------------------------------------------------- the depth


@pytest.mark.parametrize("levels", [10_000, 1_000_000])
def test_a_message_nested_deep_is_refused_fast_without_recursing(levels: int) -> None:
    """20 KB nesting 10,000 deep made Pyodide report a fatal error (CPython: a
    RecursionError); 1,000,000 deep is 2 MB, refused for its size alone."""
    for text in (deep(levels), deep(levels, '{"a":', "}"), "[" * levels):
        started = time.perf_counter()
        error = refused(text)
        assert time.perf_counter() - started < 0.1
        assert ("nested deeper" in error.detail) == (levels == 10_000)


def test_an_unclosed_nesting_is_refused_by_its_depth() -> None:
    assert "nested deeper" in refused('{"m":' + "[" * 5_000).detail


def test_the_depth_limit_is_exact() -> None:
    # The envelope is one level: MAX_DEPTH - 1 arrays inside it pass, one more is refused.
    assert read_message(deep(MAX_DEPTH - 1))["t"] == "m"
    assert "nested deeper" in refused(deep(MAX_DEPTH)).detail


def test_brackets_inside_strings_do_not_count() -> None:
    inside = '{"t":"' + "[" * 10_000 + '","u":"' + "{" * 10_000 + '"}'
    assert read_message(inside) == {"t": "[" * 10_000, "u": "{" * 10_000}
    # Escaped quotes do not end a string; an escaped backslash before a quote does.
    escaped = json.dumps({"t": '\\"[[[[[[[[[[' + '"\\' * 50 + "]]"})
    assert read_message(escaped) == json.loads(escaped)
    assert nesting_depth('["\\\\", [[]]]') == 3
    assert nesting_depth('["\\"[[[[", []]') == 2


def test_an_unterminated_string_of_escaped_quotes_is_read_in_linear_time() -> None:
    """Each quote of it could start a string: the scan tries none twice."""
    text = '{"t":"' + '\\"' * (MAX_MESSAGE_CHARS // 2 - 8)
    started = time.perf_counter()
    refused(text)
    assert time.perf_counter() - started < 0.1


# ---------------------------------------------------------------- the size and the kind


def test_the_size_limit() -> None:
    envelope = '{"t":"'
    longest = envelope + "x" * (MAX_MESSAGE_CHARS - len(envelope) - 2) + '"}'
    assert len(longest) == MAX_MESSAGE_CHARS
    assert read_message(longest)["t"].startswith("xxx")
    assert "characters" in refused(longest[:-2] + 'x"}').detail


@pytest.mark.parametrize("text", [None, b'{"t":"ping"}', 3, {"t": "ping"}, ["{}"]])
def test_only_text_is_read(text: object) -> None:
    refused(text)


@pytest.mark.parametrize("text", ["", "{", '{"t":}', "{'t': 1}", '{"t":"ping"} x', "[}",
                                  '{"t":"\x01"}', "]" * 20 + "[" * 20])
def test_what_is_not_json_is_refused(text: str) -> None:
    refused(text)


@pytest.mark.parametrize("text", ["[]", '[{"t":"ping"}]', "3", '"ping"', "null", "true"])
def test_a_message_is_an_object(text: str) -> None:
    refused(text)


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999", "-1e400"])
def test_numbers_that_are_not_finite_are_refused(number: str) -> None:
    refused('{"t":"resume","seq":' + number + "}")
    refused('{"t":"m","m":{"n":[1,2,' + number + "]}}")


def test_a_number_of_thousands_of_digits_is_refused() -> None:
    refused('{"t":"resume","seq":' + "9" * 5_000 + "}")


# ---------------------------------------------------------------- honest messages


def envelope(message: dict[str, Any]) -> dict[str, Any]:
    return {"t": "m", "m": message}


HONEST: list[dict[str, Any]] = [
    {"t": "hello", "table": "duel", "dealer": 1, "seed": 2**48 - 1, "name": "Ann [\"x\"]"},
    {"t": "hello", "name": "Bob"},
    {"t": "ping"},
    {"t": "end"},
    {"t": "resume", "seed": 12345, "seq": 17},
    envelope({"type": "shuffle", "hand": 0, "seq": 0, "prev": "ab" * 32, "from": 1,
              "deck": [HEX] * 52}),
    envelope({"type": "reveal", "hand": 0, "seq": 2, "prev": "cd" * 32, "from": 0,
              "positions": [0], "partials": [HEX]}),
    envelope({"type": "bid", "hand": 3, "seq": 40, "prev": "ef" * 32, "from": 1, "n": 0,
              "blind": True}),
    envelope({"type": "play", "hand": 3, "seq": 50, "prev": "01" * 32, "from": 0,
              "position": 17, "card": 44}),
    # The deepest the protocol goes (5: Two-handed classic's keys, with its piles).
    envelope({"type": "keys", "hand": 1, "seq": 70, "prev": "23" * 32, "from": 1,
              "key": HEX, "order": list(range(52)),
              "piles": [{"key": HEX, "order": [2, 0, 1], "relocked": [[HEX, HEX]]}]}),
]


@pytest.mark.parametrize("message", HONEST, ids=lambda m: m.get("m", m).get("type", m["t"]))
def test_honest_messages_read_back(message: dict[str, Any]) -> None:
    for text in (json.dumps(message, separators=(",", ":")), json.dumps(message, indent=2)):
        assert read_message(text) == message


# ---------------------------------------------------------------- any JSON


def depth_of(value: object) -> int:
    """How deep ``value``'s lists and dicts nest (a scalar: 0)."""
    if isinstance(value, list):
        return 1 + max(map(depth_of, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(depth_of, value.values()), default=0)
    return 0


TRICKY = st.text(alphabet=st.sampled_from('[]{}"\\/:,ab\n\t\x00 é€\U0001f0a1'), max_size=12)
"""Keys and strings full of what a scan of the text could take for JSON's structure."""
SCALARS = (st.none() | st.booleans() | st.integers()
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8) | TRICKY)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(TRICKY, inner, max_size=4), max_leaves=24)


def wrapped(value: object, shells: list[bool]) -> dict[str, Any]:
    """``value`` inside one list (False) or object (True) per shell, in an object."""
    for in_object in shells:
        value = {"k": value} if in_object else [value]
    return {"t": value}


@given(VALUES, st.lists(st.booleans(), max_size=MAX_DEPTH + 4), st.booleans(), st.booleans())
def test_json_no_deeper_than_the_limit_reads_back_and_deeper_is_refused(
        value: object, shells: list[bool], ascii_only: bool, spaced: bool) -> None:
    message = wrapped(value, shells)
    text = json.dumps(message, ensure_ascii=ascii_only, indent=1 if spaced else None)
    if depth_of(message) <= MAX_DEPTH:
        assert read_message(text) == message
    else:
        assert "nested deeper" in refused(text).detail
    assert nesting_depth(text, limit=100) == depth_of(message)
