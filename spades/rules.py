"""The settings that make one Spades table, and the five tables of the source documents.

Every table is a preset of one ``Rules`` value (a preset is data, not a subclass);
``dataclasses.replace(PRESETS["classic"], target=250)`` makes a custom table.  The seed
that states each setting is named beside it (see RULES.md).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace


@dataclass(frozen=True, slots=True)
class Rules:
    """One table's settings.  Field defaults are the Classic table (seed 000)."""

    name: str = "Classic"
    players: int = 4
    """4: two partnerships, dealt 13 each; 2: each player alone, hands drawn from the stock."""
    target: int = 500
    """The first side to reach this score wins (000, 001, 003)."""
    floor: int | None = None
    """A side at or below this score loses at once (004: -200)."""
    hand_cap: int | None = None
    """After this many hands the higher score wins (004: 24)."""
    lead_breaks_spades: bool = True
    """Whether a spade led from a hand of spades alone breaks spades, like a spade played on
    another suit (000, 001, 003, 004: any spade played breaks them).  False at the Duel
    (002): spades are broken only once someone has played a spade on another suit, so a
    spade led, and the spades played to follow it, leave them unbroken."""
    nil: bool = True
    """Whether a bid of 0 (Nil) is allowed."""
    blind_nil: bool = False
    """Four players: Blind Nil with an exchange (003).  Two players: Double Nil (001)."""
    blind_nil_cards: int = 3
    """Cards exchanged after a Blind Nil, or at most replaced after a Double Nil."""
    nil_tricks_count_for_partner: bool = False
    """Whether a failed Nil bidder's tricks help the partner's contract (004) or are only bags."""
    nil_points: int = 100
    blind_nil_points: int = 200
    bag_limit: int = 10
    """Each time a side's bags reach this count it loses ``bag_penalty`` (000, 003)."""
    bag_penalty: int = 100
    dealer_leads: bool = False
    """Two players: the dealer (who draws second) bids and leads first (001), else the
    other player does (002)."""
    clock_seconds: int | None = None
    """Seconds per decision at the table (002: 15); the page enforces it, the engine does not."""

    def __post_init__(self) -> None:
        problems = []
        if self.players not in (2, 4):
            problems.append("players must be 2 or 4")
        if self.target <= 0:
            problems.append("target must be positive")
        if self.floor is not None and self.floor >= min(0, self.target):
            problems.append("floor must be below zero")
        if self.hand_cap is not None and self.hand_cap < 1:
            problems.append("hand_cap must be at least 1")
        if not 0 <= self.blind_nil_cards <= 13:
            problems.append("blind_nil_cards must be 0 to 13")
        if self.bag_limit < 1:
            problems.append("bag_limit must be at least 1")
        if self.clock_seconds is not None and self.clock_seconds < 1:
            problems.append("clock_seconds must be at least 1")
        if problems:
            raise ValueError("bad rules: " + "; ".join(problems))

    @property
    def sides(self) -> int:
        return 2

    def side_of(self, seat: int) -> int:
        """Side 0 is seats 0 and 2; side 1 is seats 1 and 3.  With two players, side = seat."""
        return seat % 2

    def partner_of(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.players == 4 else None

    def to_dict(self) -> dict[str, object]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


PRESETS: dict[str, Rules] = {
    "classic": Rules(),
    "blind-nil": Rules(name="Blind Nil", blind_nil=True),
    "quick": Rules(name="Quick", target=300, floor=-200, hand_cap=24,
                   nil_tricks_count_for_partner=True),
    "duel": Rules(name="Duel", players=2, target=300, clock_seconds=15,
                  lead_breaks_spades=False),
    "two-handed": Rules(name="Two-handed classic", players=2, target=500, blind_nil=True,
                        dealer_leads=True),
}
"""The five tables of the source documents, by the names the page and the tests use."""

__all__ = ["PRESETS", "Rules", "replace"]
