"""What the page's address asks for (?seed=, ?table=, ?level=, ?speed=, ?lang=, ?clock=,
?par=, ?coach=, for measuring Expert ?workers= and ?think=, a friend's room ?online=, and a
test's own relay ?relay=), read before anything reaches the engine.

An address is something anyone can send: every value is bounded (its length, ASCII digits
only for numbers, a known name for a choice) before it is converted, so a 60,000-digit seed
or a right-to-left override character is simply not understood, never a crash. What is not
understood is named in ``ignored``; the page says so in one line and starts as it would
without it. Pure Python: ``get`` is anything that answers a parameter's text or None.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, replace

from clock import MAX_SECONDS
from codes import room_code
from i18n import LANGUAGES
from players import MAX_WORKERS
from prefs import LEVELS, TABLES
from relays import loopback_relay

MAX_SEED = 2**63 - 1
"""The largest deal number a save can hold (spades.saves keeps whole numbers below 2**63)."""
MAX_PAR_SIMULATIONS = 6000
MAX_THINK_SECONDS = 60
SPEEDS = ("slow", "normal", "fast", "instant")
PARAMETERS = ("seed", "table", "level", "speed", "lang", "clock", "par", "coach", "workers",
              "think", "online", "relay")


def whole_number(text: str | None, largest: int, smallest: int = 0) -> int | None:
    """``text`` as a whole number within smallest..largest, if it is one written in ASCII
    digits (no sign, no spaces, no other scripts' digits), else None. Its length is
    checked before it is converted: Python refuses to read very long numbers."""
    if text is None or not 1 <= len(text) <= len(str(largest)):
        return None
    if not all("0" <= char <= "9" for char in text):
        return None
    value = int(text)
    return value if smallest <= value <= largest else None


def known(text: str | None, names: Collection[str]) -> str | None:
    """``text`` if it is exactly one of ``names``, else None."""
    return text if text is not None and len(text) <= 20 and text in names else None


@dataclass(frozen=True, slots=True)
class Address:
    """The usable parameters of an address; None where a parameter is absent or unusable."""

    seed: int | None = None
    table: str | None = None
    level: str | None = None
    speed: str | None = None
    lang: str | None = None
    clock: int | None = None
    par: int | None = None
    coach: int | None = None
    """0: the coach's marks are not worked out after each hand (a review still asks for
    them), for tests and measurements; 1: they are (the page's own)."""
    workers: int | None = None
    """How many workers Expert searches with (1..4), instead of one per core less one."""
    think: int | None = None
    """Expert's most seconds a decision, instead of the page's one second."""
    online: str | None = None
    """A friend's room code (the link "Invite a friend" gives): the page joins it."""
    relay: str | None = None
    """A relay on loopback instead of web/relays.py's (the browser tests' own tracker)."""
    ignored: tuple[str, ...] = ()
    """The parameters present but not understood, in PARAMETERS order."""

    @property
    def linked(self) -> bool:
        """The address names a deal or a table (a link someone followed or shared)."""
        return self.seed is not None or self.table is not None


def read_address(get: Callable[[str], str | None]) -> Address:
    """The address's parameters, each checked on its own."""
    texts = {name: get(name) for name in PARAMETERS}
    address = Address(
        seed=whole_number(texts["seed"], MAX_SEED),
        table=known(texts["table"], TABLES),
        level=known(texts["level"], LEVELS),
        speed=known(texts["speed"], SPEEDS),
        lang=known(texts["lang"], LANGUAGES),
        clock=whole_number(texts["clock"], MAX_SECONDS, 1),
        par=whole_number(texts["par"], MAX_PAR_SIMULATIONS, 1),
        coach=whole_number(texts["coach"], 1),
        workers=whole_number(texts["workers"], MAX_WORKERS, 1),
        think=whole_number(texts["think"], MAX_THINK_SECONDS, 1),
        online=room_code(texts["online"]) if texts["online"] is not None else None,
        relay=loopback_relay(texts["relay"]) if texts["relay"] is not None else None,
    )
    ignored = tuple(name for name in PARAMETERS
                    if texts[name] is not None and getattr(address, name) is None)
    return replace(address, ignored=ignored)
