"""The two SVG charts (web/charts.py): well-formed XML that scales, names itself for screen
readers, takes its colours from classes, and draws 0, 1 or many points, below zero too."""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

from charts import game_chart, points_chart  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"
LABELS = ("You & North", "West & East")


def parse(svg: str, title: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img" and root.get("aria-label") == title
    assert root.get("width") == "100%"
    view = root.get("viewBox")
    assert view is not None and re.fullmatch(r"0 0 \d+ \d+", view)
    assert root.find(f"{SVG}title") is not None
    assert root.find(f"{SVG}title").text == title  # type: ignore[union-attr]
    desc = root.find(f"{SVG}desc")
    assert desc is not None and desc.text
    assert "fill:" not in svg and "stroke=" not in svg and "#" not in svg  # colours: CSS
    return root


def box(root: ET.Element) -> tuple[float, float]:
    _, _, width, height = (float(v) for v in root.get("viewBox", "").split())
    return width, height


def inside(root: ET.Element) -> None:
    """Every coordinate drawn is inside the picture."""
    width, height = box(root)
    for element in root.iter():
        for name in ("x", "x1", "x2"):
            if element.get(name) is not None:
                assert 0 <= float(element.get(name, "")) <= width
        for name in ("y", "y1", "y2"):
            if element.get(name) is not None:
                assert 0 <= float(element.get(name, "")) <= height
        if element.tag == f"{SVG}rect":
            assert float(element.get("y", "")) + float(element.get("height", "")) <= height
        for pair in element.get("points", "").split():
            x, y = (float(v) for v in pair.split(","))
            assert 0 <= x <= width and 0 <= y <= height


def bars(root: ET.Element) -> list[ET.Element]:
    return [r for r in root.iter(f"{SVG}rect") if "chart-us" in r.get("class", "")]


# ---------------------------------------------------------------- points per hand


def test_no_games_yet() -> None:
    root = parse(points_chart([], "Points per hand"), "Points per hand")
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert texts == ["No games yet"]
    assert not bars(root)


@pytest.mark.parametrize("values", [[0], [25], [-40], [0, 0, 0], [12, -30, 55, 0, 41],
                                    list(range(-100, 100, 10)), [10**6, -10**6]])
def test_one_bar_a_game(values: list[int]) -> None:
    root = parse(points_chart(values, "Points"), "Points")
    inside(root)
    drawn = bars(root)
    assert len(drawn) == len(values)
    axis = [line for line in root.iter(f"{SVG}line") if line.get("class") == "chart-axis"]
    assert len(axis) == 1
    zero = float(axis[0].get("y1", ""))
    for value, bar in zip(values, drawn, strict=True):
        top, size = float(bar.get("y", "")), float(bar.get("height", ""))
        assert size >= 1
        if value > 0:
            assert top + size == pytest.approx(zero, abs=0.11)  # rises from the zero line
        if value < 0:
            assert top == pytest.approx(zero, abs=0.11)          # hangs below it
    desc = root.find(f"{SVG}desc")
    assert desc is not None and desc.text is not None and str(values[-1]) in desc.text


def test_titles_are_escaped() -> None:
    title = 'Points <per> "hand" & more'
    parse(points_chart([1, 2], title), title)
    parse(game_chart([(10, 20)], ("<us>", "&them"), 500, title), title)


# ---------------------------------------------------------------- the game so far


def polylines(root: ET.Element) -> dict[str, list[tuple[float, float]]]:
    found = {}
    for line in root.iter(f"{SVG}polyline"):
        found[line.get("class", "")] = [tuple(float(v) for v in pair.split(","))
                                        for pair in line.get("points", "").split()]
    return found  # type: ignore[return-value]


def test_no_hands_yet() -> None:
    root = parse(game_chart([], LABELS, 500, "This game"), "This game")
    assert [t.text for t in root.iter(f"{SVG}text")] == ["No hands finished yet."]
    assert not polylines(root)


@pytest.mark.parametrize("rows", [
    [(52, 51)],
    [(52, 51), (193, 113), (45, 184), (-7, 74), (234, 136), (86, 196), (147, 256)],
    [(-120, 80), (-250, 130)],
    [(0, 0)],
    [(600, 120), (900, -300)],
])
def test_two_lines_from_zero(rows: list[tuple[int, int]]) -> None:
    root = parse(game_chart(rows, LABELS, 250, "This game"), "This game")
    inside(root)
    lines = polylines(root)
    assert set(lines) == {"chart-us", "chart-them"}
    for side, cls in enumerate(("chart-us", "chart-them")):
        points = lines[cls]
        assert len(points) == len(rows) + 1
        xs = [x for x, _ in points]
        assert xs == sorted(xs) and len(set(xs)) == len(xs)
        # a higher score is drawn higher (a smaller y)
        for (_, y1), (_, y2), a, b in zip(points[1:], points[2:], rows, rows[1:],
                                          strict=False):
            if b[side] > a[side]:
                assert y2 < y1
    target = [line for line in root.iter(f"{SVG}line") if line.get("class") == "chart-target"]
    zero = [line for line in root.iter(f"{SVG}line") if line.get("class") == "chart-axis"]
    assert len(target) == 1 and target[0].get("stroke-dasharray")
    assert len(zero) == 1
    assert float(target[0].get("y1", "")) < float(zero[0].get("y1", ""))
    start_y = lines["chart-us"][0][1]
    assert start_y == pytest.approx(float(zero[0].get("y1", "")), abs=0.11)
    labels = [t.text for t in root.iter(f"{SVG}text")]
    assert LABELS[0] in labels and LABELS[1] in labels and "250" in labels
    lowest = min(min(row) for row in rows)
    if lowest <= -100:  # the lowest score is written (unless it would touch the 0)
        assert str(lowest) in labels
    desc = root.find(f"{SVG}desc")
    assert desc is not None and desc.text is not None
    assert str(rows[-1][0]) in desc.text and str(rows[-1][1]) in desc.text
