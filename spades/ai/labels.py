"""The coach's labels of a decision by its cost in points (spades.ai.coach judges it):
a module of its own, light, for the page to word marks without loading the search.

The thresholds are calibrated with ``python -m spades.lab.coachcal`` (how often each
label falls on each level's decisions; the Expert, judged by its own search, should
draw almost none).
"""

from __future__ import annotations

from collections.abc import Sequence

INACCURACY, MISTAKE, BLUNDER = "inaccuracy", "mistake", "blunder"
LABELS = (INACCURACY, MISTAKE, BLUNDER)
THRESHOLDS = {INACCURACY: 5.0, MISTAKE: 15.0, BLUNDER: 40.0}
"""The least cost, in points, of each label.  Measured with ``python -m spades.lab.coachcal
--hands 200 --jobs 2`` (Classic, the first hand of 200 deals, each level in South's seat
against Medium, 3000 simulations a judgement): the share of decisions at or above each
threshold was Easy 21.1% / 9.2% / 2.5%, Medium 17.0 / 7.4 / 1.8, Hard 14.5 / 5.4 / 1.4, and
the Expert 0.7 / 0.0 / 0.0 (its 99th percentile cost 4.1 points, under the first
threshold: the coach's own search, with other worlds, rarely faults the Expert); points
lost a decision 4.87, 3.82, 2.85 and 0.20."""


def label_of(cost: float) -> str | None:
    """The worst of LABELS whose threshold ``cost`` (points) reaches, or None."""
    reached = [name for name in LABELS if cost >= THRESHOLDS[name]]
    return reached[-1] if reached else None


def mean_cost(costs: Sequence[float]) -> float | None:
    """The points lost a judged decision (None with none judged): the coach's figure for a
    hand or a game (0 is every decision the Expert's)."""
    return round(sum(costs) / len(costs), 2) if costs else None


__all__ = ["BLUNDER", "INACCURACY", "LABELS", "MISTAKE", "THRESHOLDS", "label_of", "mean_cost"]
