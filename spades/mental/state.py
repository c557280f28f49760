"""What both the protocol and the hand's check speak of: a message, the error that ends
a game, and one hand's state as a side knows it."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

Message = dict[str, Any]
"""A message: ``type``, ``hand``, ``seq``, ``prev`` (the transcript's hash before it),
``from`` (the seat), and the type's own fields; JSON-able."""


PILE = 52
"""The first position of a replacement's draws (see ``HandState.drawn``)."""

SCALAR_DIGITS = 64
"""The most hex digits of a scalar received (a key, a challenge, a response)."""

_HEX = re.compile("[0-9a-f]+")


def read_hex(text: object, digits: int) -> int:
    """A non-negative integer as the protocol writes one: at most ``digits`` lowercase hex
    digits, nothing else (``int(text, 16)`` alone would also take a sign, "0x", spaces and
    underscores); ValueError otherwise."""
    if not (isinstance(text, str) and 0 < len(text) <= digits and _HEX.fullmatch(text)):
        raise ValueError(f"not at most {digits} lowercase hex digits")
    return int(text, 16)


UNPROVEN = frozenset({"chain", "sequence", "impossible"})
"""The reasons that prove nothing against the other player: the two transcripts differ
(a message lost, repeated or out of order on the way, or this page's own state behind),
which either page may be to blame for; or, at four, the plays so far cannot all be true,
though none of them alone is proven false before the keys are shown ("impossible")."""


class CheatDetected(Exception):
    """The other side broke the protocol or the rules: ``reason`` is a stable code
    ("chain", "sequence", "revoke", "not_held", "forged_reveal"...), ``detail`` says more.
    The hand is not scored.  ``proven`` says whether the other side's own message shows
    it (a proof that fails, a card it does not hold, a message no honest page sends), or
    only that the two games no longer agree (``UNPROVEN``): then nobody is accused."""

    def __init__(self, reason: str, detail: str = "", seat: int | None = None) -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail
        self.seat = seat
        """At four (``nprotocol``): the seat whose message is at fault (None: unknown)."""

    @property
    def proven(self) -> bool:
        return self.reason not in UNPROVEN


@dataclass
class HandState:
    """One hand's protocol state, as the side knows it.  Positions are the stock's, top
    first; values are card indexes (``Card.index``)."""

    key: int
    commits: list[Any] = field(default_factory=lambda: [None, None])
    """Each seat's commitment to its key of the hand (``g^key``), which every proof of its
    is checked against: this side's own at once, the other's with its shuffle."""
    order: list[int] = field(default_factory=list)
    first_deck: list[Any] = field(default_factory=list)
    stock: list[Any] = field(default_factory=list)
    known: dict[int, int] = field(default_factory=dict)
    """The value at each position this side has seen (its draws, the cards played, its
    replacement draws)."""
    received: dict[int, Any] = field(default_factory=dict)
    """The other side's partial decryptions for this side, by position (checked at the end)."""
    sent: dict[int, Any] = field(default_factory=dict)
    """This side's partial decryptions for the other, by position: a card it plays from
    there must be proven to be the one it was shown."""
    step: int = 0
    """The draw: 3 × turn, + 1 once the drawer has seen the top card, + 2 once it has drawn
    (the second card's reveal then ends the turn)."""
    held: list[list[int]] = field(default_factory=lambda: [[], []])
    discarded: list[int] = field(default_factory=list)
    blind: list[bool] = field(default_factory=lambda: [False, False])
    bid: list[bool] = field(default_factory=lambda: [False, False])
    replaced: list[list[int] | None] = field(default_factory=lambda: [None, None])
    """Each seat's replacement: the positions it gave away."""
    drawn: list[list[int] | None] = field(default_factory=lambda: [None, None])
    """Each seat's replacement draws, in order: positions ``PILE + 3 × r + j``, the j-th
    card of the r-th replacement's reshuffled pile."""
    piles: list[dict[str, Any]] = field(default_factory=list)
    """Each replacement's pile: "replacer"; "sources" (``Side._pile_sources``); for the
    second, "relocked" (the cards the first replacer gave up, locked by the replacer's
    first-pile key); "inputs" (the cards entering the pile's shuffles: for the second,
    those relocked by both first-pile keys); "first" and "second" (the pile locked and
    shuffled by the other seat, then by the replacer); "commits" (each seat's commitment
    to its key of the pile); and this side's "key" and "order" for it."""
    actions: list[list[Any]] = field(default_factory=list)
    """Every move of the hand in order, as [seat, kind, argument]: ["draw", keep],
    ["bid", [n, blind]], ["replace", positions given], ["play", position]."""
    plays: list[list[int]] = field(default_factory=list)
    """Each card played: [seat, position, the value it was said to be]."""
    keys_sent: bool = False
