"""Small charts drawn as inline SVG strings, by hand (no library).

- ``points_chart``: points per hand over the last games, one bar a game, above or below a
  zero line.
- ``lost_chart``: the coach's figure over the last games (points lost a decision), one
  bar a game up from zero.
- ``game_chart``: the game in progress, both sides' scores hand by hand (two lines), the
  target as a dotted line and a zero line.

Each chart scales to its container (``viewBox`` with ``width="100%"``), is one image for
screen readers (``role="img"``, named by its title: ``aria-label`` and ``<title>``) and
carries a short summary in words (``<desc>``; ``points_summary`` and ``game_summary`` give
the same words to show beside it). Colours come from the page's stylesheet through the
classes ``chart``, ``chart-us``, ``chart-them``, ``chart-target``, ``chart-axis``,
``chart-label`` and ``chart-empty`` (the page has light and dark themes); the two sides'
lines also differ in their dashes, so colour is never the only difference.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from i18n import _, decimal, ngettext

WIDTH = 320
LEFT, RIGHT, TOP = 34, 8, 8
"""Margins inside the drawing (the left one holds the value labels)."""
FONT = 10
THEM_DASH = "7 3"
TARGET_DASH = "2 3"


def _number(value: float) -> str:
    """A coordinate, short: "12" or "12.5"."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _svg(height: int, title: str, summary: str, body: str) -> str:
    label = escape(title)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" '
            f'viewBox="0 0 {WIDTH} {height}" width="100%" '
            f'preserveAspectRatio="xMidYMid meet" aria-label="{label}">'
            f'<title>{label}</title><desc>{escape(summary)}</desc>{body}</svg>')


def _empty(title: str, words: str) -> str:
    height = 40
    body = (f'<text class="chart-empty" x="{WIDTH // 2}" y="{height // 2 + FONT // 3}" '
            f'font-size="{FONT + 2}" text-anchor="middle">{escape(words)}</text>')
    return _svg(height, title, words, body)


class _Scale:
    """Values lo..hi onto the plot's height (hi at the top); never divides by zero."""

    def __init__(self, lo: int, hi: int, top: float, bottom: float) -> None:
        if hi <= lo:
            hi = lo + 1
        self.lo, self.hi, self.top, self.bottom = lo, hi, top, bottom

    def y(self, value: float) -> float:
        return self.bottom - (value - self.lo) / (self.hi - self.lo) * (self.bottom - self.top)


def _value_labels(marks: Sequence[tuple[int, float]]) -> str:
    """Values written at their height on the left, in order of importance: one that would
    touch a label already written is left out."""
    written: list[float] = []
    parts = []
    for value, y in marks:
        if any(abs(y - other) < FONT for other in written):
            continue
        written.append(y)
        parts.append(f'<text class="chart-label" x="{LEFT - 4}" y="{_number(y + FONT / 3)}" '
                     f'font-size="{FONT}" text-anchor="end">{value}</text>')
    return "".join(parts)


def _hline(cls: str, y: float, dash: str = "") -> str:
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<line class="{cls}" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{_number(y)}" '
            f'y2="{_number(y)}"{dashes}/>')


def points_summary(values: Sequence[int]) -> str:
    """The points chart in words."""
    if not values:
        return _("No games yet")
    if len(values) == 1:
        return _("Your last game: {points} points per hand.").format(points=values[0])
    return ngettext(
        "Your last {count} game: from {low} to {high} points per hand, the latest {last}.",
        "Your last {count} games: from {low} to {high} points per hand, the latest {last}.",
        len(values)).format(count=len(values), low=min(values), high=max(values),
                            last=values[-1])


def points_chart(values: Sequence[int], title: str) -> str:
    """Points per hand of each of the last games (oldest first): one bar a game, from a
    zero line, up for a gain and down for a loss."""
    if not values:
        return _empty(title, _("No games yet"))
    height, bottom = 120, 112
    lo, hi = min(0, *values), max(0, *values)
    scale = _Scale(lo, hi, TOP, bottom)
    step = (WIDTH - LEFT - RIGHT) / len(values)
    bar = max(1.0, step * 0.7)
    zero = scale.y(0)
    parts = [_value_labels([(0, zero), (hi, scale.y(hi)), (lo, scale.y(lo))])]
    for index, value in enumerate(values):
        x = LEFT + step * index + (step - bar) / 2
        top = min(scale.y(value), zero)
        size = max(1.0, abs(scale.y(value) - zero))
        parts.append(f'<rect class="chart-us chart-bar" x="{_number(x)}" y="{_number(top)}" '
                     f'width="{_number(bar)}" height="{_number(size)}"/>')
    parts.append(_hline("chart-axis", zero))
    return _svg(height, title, points_summary(values), "".join(parts))


def lost_summary(values: Sequence[float]) -> str:
    """The coach's chart in words."""
    if not values:
        return _("No game judged yet")
    return ngettext(
        "Your last {count} game judged: from {low} to {high} points lost a decision, the "
        "latest {last}.",
        "Your last {count} games judged: from {low} to {high} points lost a decision, the "
        "latest {last}.", len(values)).format(
        count=len(values), low=decimal(min(values)), high=decimal(max(values)),
        last=decimal(values[-1]))


def lost_chart(values: Sequence[float], title: str) -> str:
    """The coach's figure of each of the last games judged (oldest first): points lost a
    decision, one bar a game up from the zero line (lower is better)."""
    if not values:
        return _empty(title, _("No game judged yet"))
    height, bottom = 120, 112
    hi = max(1.0, *values)
    scale = _Scale(0, math.ceil(hi), TOP, bottom)
    step = (WIDTH - LEFT - RIGHT) / len(values)
    bar = max(1.0, step * 0.7)
    zero = scale.y(0)
    parts = [_value_labels([(0, zero), (math.ceil(hi), scale.y(math.ceil(hi)))])]
    for index, value in enumerate(values):
        x = LEFT + step * index + (step - bar) / 2
        size = max(1.0, zero - scale.y(value))
        parts.append(f'<rect class="chart-them chart-bar" x="{_number(x)}" '
                     f'y="{_number(zero - size)}" width="{_number(bar)}" '
                     f'height="{_number(size)}"/>')
    parts.append(_hline("chart-axis", zero))
    return _svg(height, title, lost_summary(values), "".join(parts))


def game_summary(score_rows: Sequence[tuple[int, int]], labels: tuple[str, str],
                 target: int) -> str:
    """The game chart in words."""
    if not score_rows:
        return _("No hands finished yet.")
    ours, theirs = score_rows[-1]
    return ngettext(
        "After {hands} hand: {us} {ours}, {them} {theirs}. Target {target}.",
        "After {hands} hands: {us} {ours}, {them} {theirs}. Target {target}.",
        len(score_rows)).format(hands=len(score_rows), us=labels[0], ours=ours,
                                them=labels[1], theirs=theirs, target=target)


def game_chart(score_rows: Sequence[tuple[int, int]], labels: tuple[str, str], target: int,
               title: str) -> str:
    """The game so far: each side's score after each hand (``score_rows``, side 0 first),
    from 0 before the first hand; the target dotted, the zero line solid."""
    if not score_rows:
        return _empty(title, _("No hands finished yet."))
    height, legend, bottom = 170, 14, 160
    everything = [score for row in score_rows for score in row]
    lo, hi = min(0, *everything), max(target, *everything)
    scale = _Scale(lo, hi, TOP + legend + 4, bottom)
    step = (WIDTH - LEFT - RIGHT) / len(score_rows)
    parts = []
    for swatch, (cls, dash, label) in enumerate((("chart-us", "", labels[0]),
                                                 ("chart-them", THEM_DASH, labels[1]))):
        x = LEFT + swatch * (WIDTH - LEFT - RIGHT) / 2
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<line class="{cls}" x1="{_number(x)}" x2="{_number(x + 16)}" '
                     f'y1="{TOP + 4}" y2="{TOP + 4}"{dashes}/>'
                     f'<text class="chart-label" x="{_number(x + 20)}" '
                     f'y="{_number(TOP + 4 + FONT / 3)}" font-size="{FONT}">{escape(label)}'
                     f'</text>')
    parts.append(_value_labels([(target, scale.y(target)), (0, scale.y(0)),
                                (lo, scale.y(lo)), (hi, scale.y(hi))]))
    parts.append(_hline("chart-target", scale.y(target), TARGET_DASH))
    parts.append(_hline("chart-axis", scale.y(0)))
    for side, (cls, dash) in enumerate((("chart-us", ""), ("chart-them", THEM_DASH))):
        points: list[tuple[float, float]] = [(LEFT, scale.y(0))]
        points += [(LEFT + step * (index + 1), scale.y(row[side]))
                   for index, row in enumerate(score_rows)]
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        line = " ".join(f"{_number(x)},{_number(y)}" for x, y in points)
        parts.append(f'<polyline class="{cls}" fill="none" points="{line}"{dashes}/>')
    return _svg(height, title, game_summary(score_rows, labels, target), "".join(parts))
