"""The first reading of a message from the other page: hostile input, refused before it can
cost more than a glance.

``json.loads`` recurses once per array or object it opens: a message of 20 KB nesting
10,000 deep exhausts CPython's recursion limit (a ``RecursionError``, which no handler of
``ValueError`` catches) and Pyodide's stack (a fatal error that ends the interpreter, the
page with it).  So ``read_message`` looks at the text first: its size, then how deep its
brackets nest outside the JSON strings (one linear pass, no recursion); only a text that
passes both is parsed.

>>> read_message('{"t": "m", "m": {"type": "bid", "n": [3, false]}}')
{'t': 'm', 'm': {'type': 'bid', 'n': [3, False]}}
>>> read_message('{"t": "[[[[[[[[[["}')
{'t': '[[[[[[[[[['}
>>> read_message('{"t": ' + '[' * 9 + ']' * 9 + '}')
Traceback (most recent call last):
  ...
spades.mental.state.CheatDetected: malformed: nested deeper than 8
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from spades.mental.state import CheatDetected

MAX_MESSAGE_CHARS = 131_072
"""The longest message read (characters). The largest an honest page sends, a shuffle with
its proof, is about 25 KB."""

MAX_DEPTH = 8
"""How deep a message's arrays and objects may nest (the protocol's go about 5 deep: the
envelope, the protocol message, a list of lists of numbers...)."""

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*(?:"|\Z)', re.DOTALL)
"""A JSON string literal, escapes included; an unterminated one runs to the end (so that no
quote is tried twice as a string's start: the scan stays linear)."""

_BRACKETS = re.compile(r"[\[\]{}]")


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """How deep ``text``'s arrays and objects nest outside its strings, counted up to the
    first time it passes ``limit`` (then ``limit + 1``: the rest is not looked at). The
    brackets are counted as they come, matched or not: the parser's depth is never more.

    >>> nesting_depth('[{"a": "]]]]{{"}, [1, [2]]]')
    3
    >>> nesting_depth('[' * 1000, limit=8)
    9
    """
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub("", text)):
        if bracket in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    break
        else:
            depth -= 1
    return deepest


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a message holds")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e999 reads as infinity
        raise ValueError(f"{text[:20]} is not a finite number")
    return value


def read_message(text: object) -> dict[str, Any]:
    """The JSON object ``text`` holds; ``CheatDetected("malformed", ...)`` if it is not a
    string, is longer than ``MAX_MESSAGE_CHARS``, nests deeper than ``MAX_DEPTH``, is not
    JSON, holds a number that is not finite (NaN, Infinity, 1e999) or is not an object.
    The size and the depth are checked before the text is parsed."""
    if not isinstance(text, str):
        raise CheatDetected("malformed", f"a message is text, not {type(text).__name__}")
    if len(text) > MAX_MESSAGE_CHARS:
        raise CheatDetected("malformed", f"a message of {len(text)} characters, "
                            f"more than {MAX_MESSAGE_CHARS}")
    if nesting_depth(text) > MAX_DEPTH:
        raise CheatDetected("malformed", f"nested deeper than {MAX_DEPTH}")
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except (ValueError, RecursionError) as error:  # (JSONDecodeError is a ValueError)
        raise CheatDetected("malformed", f"not JSON: {error}") from error
    if not isinstance(data, dict):
        raise CheatDetected("malformed", f"a message is a JSON object, not {type(data).__name__}")
    return data


__all__ = ["MAX_DEPTH", "MAX_MESSAGE_CHARS", "nesting_depth", "read_message"]
