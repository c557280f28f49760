"""The coach's marks on your decisions, as the page keeps and says them (issue 46).

A mark is one judged decision of a finished hand (spades.ai.coach): which trick (0 for
the bid), what you chose, the better choice, and the cost in points. The page works them
out in the background after each hand (in the par's worker) and keeps them in
``localStorage`` (``MARKS_KEY``) by hand (``hand_keys``: the hand's deal and every move
up to its end, so a deal played again is another hand), so a review opens with them.
What is read back is checked like any save: anything that is not a list of well-formed
marks of legal-looking actions is dropped, never trusted.

Pure: no browser imports (tested under CPython).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from i18n import N_, _, decimal, ngettext, number
from table import bid_text, card_words

from spades import Action, Bid, Game, Play
from spades.actions import parse_action
from spades.ai.labels import LABELS, label_of, mean_cost

MARKS_KEY = "spades.marks"
"""localStorage: {hand key: [mark, ...]}, the last KEPT_HANDS hands only."""
KEPT_HANDS = 100
"""The hands whose marks are kept (the oldest go first): some 30 kB."""
MAX_TEXT = 200_000
"""A stored text longer than this is not ours: dropped unread."""

LABEL_NAMES = {"inaccuracy": N_("Inaccuracy"), "mistake": N_("Mistake"),
               "blunder": N_("Blunder")}
LABEL_SIGNS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""The chess notation of each label, shown beside the card."""


@dataclass(frozen=True, slots=True)
class Mark:
    """One judged decision of yours: ``trick`` 0 for the bid, else the trick (1 to 13)
    your card was played to; the action chosen, the coach's best, the cost in points."""

    trick: int
    chosen: Action
    best: Action
    cost: float

    @property
    def label(self) -> str | None:
        return label_of(self.cost)

    def to_dict(self) -> dict[str, Any]:
        return {"t": self.trick, "c": self.chosen.to_text(), "b": self.best.to_text(),
                "x": self.cost}


def mark_from_dict(item: object) -> Mark | None:
    """A mark read back, or None if it is not one (a hostile or damaged store)."""
    if not isinstance(item, dict) or set(item) != {"t", "c", "b", "x"}:
        return None
    trick, chosen, best, cost = item["t"], item["c"], item["b"], item["x"]
    if (not isinstance(trick, int) or isinstance(trick, bool) or not 0 <= trick <= 13
            or not isinstance(cost, int | float) or isinstance(cost, bool)
            or not math.isfinite(cost) or not 0 <= cost <= 10_000
            or not isinstance(chosen, str) or not isinstance(best, str)
            or len(chosen) > 20 or len(best) > 20):
        return None
    try:
        chosen_action, best_action = parse_action(chosen), parse_action(best)
    except ValueError:
        return None
    kinds = (Bid,) if trick == 0 else (Play,)
    if not isinstance(chosen_action, kinds) or not isinstance(best_action, kinds):
        return None
    return Mark(trick, chosen_action, best_action, float(cost))


def hand_keys(game: Game) -> list[str]:
    """The key of each finished hand of ``game``, in one pass over its actions: a digest of
    its table, its seed and every action up to the hand's last card (13 tricks of one card
    a seat), so a hand keeps its key whatever the game did after it."""
    per_hand = 13 * game.rules.players
    digest = hashlib.sha256(f"{game.rules.name}|{game.seed}".encode())
    keys, played = [], 0
    for action in game.actions:
        digest.update(f"|{action.to_text()}".encode())
        played += isinstance(action, Play)
        if isinstance(action, Play) and played % per_hand == 0:
            keys.append(digest.copy().hexdigest()[:24])
    return keys


Store = dict[str, list[Mark]]


def read_store(text: str | None) -> Store:
    """The kept marks, whatever the text holds (damaged or hostile: what can be read)."""
    if not text or len(text) > MAX_TEXT:
        return {}
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return {}
    if not isinstance(data, dict):
        return {}
    kept: Store = {}
    for key, items in list(data.items())[-KEPT_HANDS:]:
        if not isinstance(key, str) or len(key) > 64 or not isinstance(items, list):
            continue
        found = [mark_from_dict(item) for item in items[:40]]
        if all(mark is not None for mark in found):
            kept[key] = [mark for mark in found if mark is not None]
    return kept


def write_store(store: Store) -> str:
    """The text kept: the last KEPT_HANDS hands."""
    return json.dumps({key: [mark.to_dict() for mark in found]
                       for key, found in list(store.items())[-KEPT_HANDS:]},
                      separators=(",", ":"))


def marks_from_json(text: str) -> list[Mark] | None:
    """The worker's answer (web/worker.py ``marks``), or None if it is not a list of marks."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, list):
        return None
    found = [mark_from_dict(item) for item in data]
    return None if any(mark is None for mark in found) else [m for m in found if m]


def action_words(action: Action, players: int) -> str:
    """A bid or a card as the review says it ("3", "Nil", "the queen of spades")."""
    if isinstance(action, Bid):
        return bid_text(action.n, action.blind, players)
    assert isinstance(action, Play)
    return card_words(str(action.card))


def mark_text(mark: Mark, players: int) -> str:
    """A mark in words: its label, what it cost, and the better choice; a decision with
    no label is said to be as good as the best (within the coach's margin)."""
    label = mark.label
    if label is None:
        return _("A good choice.")
    points = number(round(mark.cost))
    if isinstance(mark.best, Bid):
        better = _("{label}: it cost {points} points; a better bid was {bid}.").format(
            label=_(LABEL_NAMES[label]), points=points,
            bid=action_words(mark.best, players))
    else:
        better = _("{label}: it cost {points} points; the {card} was better.").format(
            label=_(LABEL_NAMES[label]), points=points,
            card=action_words(mark.best, players))
    return better


def costliest(marks: list[Mark]) -> Mark | None:
    """The mark that cost the most (the first of equals), if it has a label."""
    worst = max(marks, key=lambda mark: mark.cost, default=None)
    return worst if worst is not None and worst.label is not None else None


def counts(marks: list[Mark]) -> dict[str, int]:
    """How many marks of each label."""
    return {name: sum(mark.label == name for mark in marks) for name in LABELS}


def marks_summary(hand_marks: Sequence[Mark]) -> str:
    """The hand's marks in one line: how many of each label, and the points lost a
    decision (the coach's accuracy figure)."""
    lost = mean_cost([mark.cost for mark in hand_marks])
    if lost is None:
        return _("The coach had no decision of yours to judge in this hand.")
    found = counts(list(hand_marks))
    parts = [ngettext("{count} inaccuracy", "{count} inaccuracies", found["inaccuracy"]),
             ngettext("{count} mistake", "{count} mistakes", found["mistake"]),
             ngettext("{count} blunder", "{count} blunders", found["blunder"])]
    named = ", ".join(part.format(count=found[name])
                      for part, name in zip(parts, LABELS, strict=True) if found[name])
    return _("Your decisions: {marks}; {points} points lost a decision.").format(
        marks=named or _("no mark"), points=decimal(lost))


def costliest_text(mark: Mark, hand: int, players: int) -> str:
    """The day's costliest decision, as the daily game's summary names it."""
    values = {"hand": hand + 1, "label": _(LABEL_NAMES[mark.label or "inaccuracy"]),
              "points": number(round(mark.cost)), "what": action_words(mark.chosen, players)}
    if mark.trick == 0:
        return _("Your costliest decision of the day: your bid of {what} in hand {hand} "
                 "({label}, {points} points).").format(**values)
    return _("Your costliest decision of the day: the {what} in hand {hand}, trick {trick} "
             "({label}, {points} points).").format(trick=mark.trick, **values)


__all__ = ["KEPT_HANDS", "LABEL_NAMES", "LABEL_SIGNS", "MARKS_KEY", "Mark", "Store",
           "action_words", "costliest", "costliest_text", "counts", "hand_keys",
           "mark_from_dict", "mark_text", "marks_from_json", "marks_summary",
           "read_store", "write_store"]
