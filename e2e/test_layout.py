"""The four-player table's layout on every screen: nothing the player needs is covered, cut
off or overlapping, at every size of e2e.layout_states.VIEWPORTS (portrait and landscape
phones, a tablet, short laptops, desktops, 200% zoom) and in every phase: bidding, a
trick (your turn with a refusal's notice; four cards held on the table), the Blind Nil
choice and exchange, the hand summary, the score sheet (and the Menu that opens it where
the tools fold).

Each phase is reached once (one page); the page is then resized to each viewport and its
boxes are collected in one evaluate. Checked for each box (your cards, the trick's cards,
the four seats, the status and notice, the score boxes, the title, every visible button,
the bid panel; inside a modal panel or dialog: its contents):

- it lies inside the viewport, or inside a container that scrolls to it (a dialog), and
  its text does not spill out of it; the page never scrolls sideways;
- no two overlap, and the middle of each is the element itself (nothing drawn over it);
- your cards may overlap as a fan, but each keeps a strip of at least 16 px that a tap at
  its middle hits; a "New" ribbon is wholly in view and ribbons never overlap;
- the bid panel shows all of itself: it never scrolls (a sliver of a panel that scrolls
  hid the bids 7 to 13 on a 740x360 phone, and all but the prompt at 640x360);
- a figure that must not break ("Bags 4", "Blind Nil + 4") stays on one line.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from e2e.layout_states import (
    DESKTOP,
    VIEWPORTS,
    measure,
    open_menu,
    prepare,
    set_viewport,
    settle,
    states,
)
from e2e.support import open_game, saved_game

MIN_STRIP = 16.0
SLACK = 0.5  # sub-pixel rounding


def union(a: dict[str, float], b: dict[str, float] | None) -> dict[str, float]:
    if b is None:
        return a
    x, y = min(a["x"], b["x"]), min(a["y"], b["y"])
    return {"x": x, "y": y, "w": max(a["x"] + a["w"], b["x"] + b["w"]) - x,
            "h": max(a["y"] + a["h"], b["y"] + b["h"]) - y}


def inside(a: dict[str, float], b: dict[str, float], axis: str = "xy") -> bool:
    ok = True
    if "x" in axis:
        ok = ok and a["x"] >= b["x"] - SLACK and a["x"] + a["w"] <= b["x"] + b["w"] + SLACK
    if "y" in axis:
        ok = ok and a["y"] >= b["y"] - SLACK and a["y"] + a["h"] <= b["y"] + b["h"] + SLACK
    return ok


def clip(a: dict[str, float], b: dict[str, float]) -> dict[str, float] | None:
    x0, y0 = max(a["x"], b["x"]), max(a["y"], b["y"])
    x1, y1 = min(a["x"] + a["w"], b["x"] + b["w"]), min(a["y"] + a["h"], b["y"] + b["h"])
    if x1 - x0 <= SLACK or y1 - y0 <= SLACK:
        return None
    return {"x": x0, "y": y0, "w": x1 - x0, "h": y1 - y0}


def show(b: dict[str, float]) -> str:
    return f"[x {b['x']:.0f}..{b['x'] + b['w']:.0f}, y {b['y']:.0f}..{b['y'] + b['h']:.0f}]"


def problems_in(data: dict[str, Any], where: str) -> list[str]:
    """What is wrong with the boxes ``measure`` collected, each naming ``where`` and the
    elements."""
    found: list[str] = []
    vw, vh = data["vw"], data["vh"]
    view = {"x": 0.0, "y": 0.0, "w": vw, "h": vh}
    if data["scrollWidth"] > vw + SLACK:
        found.append(f"{where}: the page scrolls sideways ({data['scrollWidth']} px wide "
                     f"in a {vw} px viewport)")
    if data["scrollHeight"] > vh + SLACK:
        found.append(f"{where}: the page scrolls ({data['scrollHeight']} px high in a "
                     f"{vh} px viewport)")
    items = data["items"]
    shown: list[dict[str, float] | None] = []
    for item in items:
        name, box = item["name"], item["box"]
        ink = item["ink"]
        if ink is not None and not inside(ink, box) and item["kind"] not in ("hand", "trick"):
            found.append(f"{where}: the text of {name} spills out of it: {show(ink)} "
                         f"outside {show(box)}")
        whole = union(box, ink)
        scroll = item["scroll"]
        if scroll is not None and not inside(whole, scroll["box"], "y"):
            # Reached by scrolling its container (a dialog): it must still fit its width.
            if not inside(whole, scroll["box"], "x"):
                found.append(f"{where}: {name} {show(whole)} is cut off at the sides of "
                             f"{scroll['name']} {show(scroll['box'])}")
            shown.append(clip(whole, scroll["box"]))
            continue
        if not inside(whole, view):
            found.append(f"{where}: {name} {show(whole)} is not inside the {vw}x{vh} viewport")
        hit = item["hit"]
        if hit is not None and not hit["ok"]:
            found.append(f"{where}: {name} {show(box)} is covered by {hit['what']}")
        shown.append(clip(whole, scroll["box"]) if scroll else whole)
    related = {tuple(pair) for pair in data["related"]}
    for i, a in enumerate(items):
        for j in range(i + 1, len(items)):
            b = items[j]
            if (i, j) in related or shown[i] is None or shown[j] is None:
                continue
            kinds = {a["kind"], b["kind"]}
            if kinds == {"hand"} or kinds == {"hand", "ribbon"}:
                continue  # the fan: checked by its strips below
            common = clip(shown[i], shown[j])  # type: ignore[arg-type]
            if common is not None:
                found.append(f"{where}: {a['name']} {show(shown[i])} overlaps "  # type: ignore[arg-type]
                             f"{b['name']} {show(shown[j])} by "  # type: ignore[arg-type]
                             f"{common['w']:.0f}x{common['h']:.0f} px")
    for card in data["fan"]:
        if card["strip"] < MIN_STRIP - SLACK:
            found.append(f"{where}: {card['name']} shows a strip of only {card['strip']:.1f} px")
        elif not card["hit"]["ok"]:
            found.append(f"{where}: a tap on the strip of {card['name']} hits "
                         f"{card['hit']['what']}")
    for ribbon in data["ribbons"]:
        if ribbon["covered"]:
            found.append(f"{where}: the {ribbon['name']} is covered by "
                         f"{', '.join(sorted(set(ribbon['covered'])))}")
    if data["bidsScroll"]:
        found.append(f"{where}: the bid panel shows only part of itself (it scrolls: "
                     f"{data['bidsScroll']})")
    for line in data["nowrap"]:
        if line["lines"] != 1:
            found.append(f"{where}: \"{line['text']}\" breaks over {line['lines']} lines")
    return found


def check_phase(page: Any, phase: str) -> None:
    started = time.monotonic()
    prepare(page)
    found: list[str] = []
    measured = 0
    for state in states(page, phase):
        for viewport in VIEWPORTS:
            set_viewport(page, viewport)
            where = f"{viewport.label}, {phase}: {state}"
            if phase == "sheet":
                found += open_sheet_and_check(page, where)
            else:
                found += problems_in(measure(page), where)
            measured += 1
        set_viewport(page, DESKTOP)
    print(f"\n{phase}: {measured} screens measured in {time.monotonic() - started:.1f} s")
    if found:
        shown = "\n  ".join(found[:80])
        more = f"\n  ... and {len(found) - 80} more" if len(found) > 80 else ""
        pytest.fail(f"{len(found)} layout problems:\n  {shown}{more}", pytrace=False)


def open_sheet_and_check(page: Any, where: str) -> list[str]:
    """Open the score sheet from the header (through the Menu where the tools fold),
    checking the open Menu and then the sheet."""
    found: list[str] = []
    if open_menu(page):
        settle(page)
        found += problems_in(measure(page, "menu"), f"{where} (the Menu open)")
        if page.locator("#menu-button").get_attribute("aria-expanded") != "true":
            found.append(f"{where}: the open Menu's button does not say it is expanded")
    page.locator('#tools [data-action="sheet"]').click()
    page.wait_for_selector("#sheet[open]")
    still_open = page.locator("#tools").is_visible() and page.locator("#menu-button").is_visible()
    if page.locator("#menu-button").get_attribute("aria-expanded") != "false" or still_open:
        found.append(f"{where}: the Menu stayed open behind the score sheet")
    settle(page)
    found += problems_in(measure(page), f"{where} (dialog open)")
    page.keyboard.press("Escape")
    page.wait_for_selector("#sheet", state="hidden")
    return found


def test_bidding(page: Any) -> None:
    check_phase(page, "bidding")


def test_trick(page: Any) -> None:
    check_phase(page, "trick")


def test_blind_nil_choice_and_exchange(page: Any) -> None:
    check_phase(page, "blind-nil")


def test_hand_summary(page: Any) -> None:
    check_phase(page, "summary")


def test_score_sheet_and_menu(page: Any) -> None:
    check_phase(page, "sheet")


def test_menu_works_with_the_keyboard_and_a_tap_beside_it(page: Any) -> None:
    """Where the tools fold (a phone held sideways), the Menu is a disclosure button: it
    says whether it is open and what it opens; Enter opens it and Tab goes into it; a tool
    closes it; a tap beside it closes it and does nothing else."""
    page.set_viewport_size({"width": 844, "height": 390})
    open_game(page, "seed=2&speed=instant&level=easy")  # seed 2: you bid first
    page.wait_for_selector("#bids [data-bid='7']")
    menu = page.get_by_role("button", name="Menu", exact=True)
    tools = page.locator("#tools")
    assert menu.is_visible() and not tools.is_visible()
    assert menu.get_attribute("aria-expanded") == "false"
    assert menu.get_attribute("aria-controls") == "tools"
    menu.focus()
    page.keyboard.press("Enter")
    tools.wait_for(state="visible")
    assert menu.get_attribute("aria-expanded") == "true"
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.dataset.action") == "today"
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.dataset.action") == "sheet"
    page.keyboard.press("Tab")  # past "Last trick" (no trick yet: disabled)
    assert page.evaluate("() => document.activeElement.dataset.action") == "stats"
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.dataset.action") == "help"
    page.keyboard.press("Enter")
    page.wait_for_selector("#help[open]")
    assert menu.get_attribute("aria-expanded") == "false" and not tools.is_visible()
    page.keyboard.press("Escape")
    page.wait_for_selector("#help", state="hidden")
    # A tap beside the open menu (here over a bid button) only closes it.
    menu.click()
    tools.wait_for(state="visible")
    box = page.locator('#bids [data-bid="3"]').bounding_box()
    assert box
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    tools.wait_for(state="hidden")
    assert menu.get_attribute("aria-expanded") == "false"
    assert page.locator("#bids").is_visible()  # no bid was made
    assert saved_game(page).bids[0] is None
    # Escape closes it too, and the keyboard goes back to its button.
    menu.click()
    tools.wait_for(state="visible")
    page.keyboard.press("Escape")
    tools.wait_for(state="hidden")
    assert page.evaluate("() => document.activeElement.id") == "menu-button"
