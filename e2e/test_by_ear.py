"""A whole hand of each table played by ear (issue 45): the keyboard alone, and nothing
read but the accessibility tree (Chromium's own, through the DevTools protocol) and what
the page says to a screen reader (its live regions, e2e.support.HEARD). No CSS selector
ever names a card, a bid or a button here: the test knows where the keyboard is from the
focused node of the accessibility tree, and what to do from the turn's announcement.

Each table: your turn is said once as it comes, with what it asks (a card: the suit to
follow, or that any card will do; a draw: the top card); each of your moves is said back;
T, B and S say the trick, the bids and the score; the hand's result is said; axe-core
finds no serious or critical violation in any phase (e2e.test_a11y's Scanner). At the
Classic table the front door is closed with Escape (the keyboard then goes to the table)
and the hand is reviewed trick by trick, each trick said with its cards; at the Duel the
clock's last five seconds are said.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any

import pytest

from e2e.support import HEARD, heard, open_game
from e2e.test_a11y import Scanner

RANKS = "two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace"
CARD = re.compile(rf"^({RANKS}) of (spades|hearts|diamonds|clubs)(, new)?(, selected)?$")
"""A card of your hand as the accessibility tree names it."""
PROMPT = re.compile(r"^(Your (bid|lead|card|draw)|Choose \d+ cards? to pass|Double Nil)")
"""The first words of what your turn asks."""
RESULT = re.compile(r"^Hand 1 is over\.")
TIMEOUT_S = 60.0


@dataclass(frozen=True)
class Node:
    """The focused node of the accessibility tree: its role, name and state."""

    role: str
    name: str
    disabled: bool
    description: str

    @property
    def card(self) -> str | None:
        """The card's words, if the node is a card of your hand."""
        found = CARD.match(self.name)
        return f"{found.group(1)} of {found.group(2)}" if found and self.role == "button" else None


class Ear:
    """The player: keys in, the accessibility tree and the announcements out."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Accessibility.enable")
        self.read = 0  # the announcements already taken

    def focused(self) -> Node | None:
        """The node the keyboard is on (the page's root says it has focus too: the
        deepest focused node is the one)."""
        found = None
        for node in self.cdp.send("Accessibility.getFullAXTree")["nodes"]:
            values = {item["name"]: item["value"].get("value")
                      for item in node.get("properties", [])}
            if values.get("focused") and not node.get("ignored"):
                found = Node(node.get("role", {}).get("value", ""),
                             str(node.get("name", {}).get("value", "")),
                             bool(values.get("disabled")),
                             str(node.get("description", {}).get("value", "")))
        return found

    def settled_focus(self, timeout: float = 5) -> Node | None:
        """The focused node once it is off the page's root (the page moves the keyboard
        in its own time: a dialog's close event, then Python)."""
        deadline = time.monotonic() + timeout
        node = self.focused()
        while (node is None or node.role == "RootWebArea") and time.monotonic() < deadline:
            self.page.wait_for_timeout(20)
            node = self.focused()
        return node

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)

    def new_lines(self) -> list[str]:
        lines = heard(self.page)
        fresh, self.read = lines[self.read:], len(lines)
        return fresh

    def wait_for(self, pattern: re.Pattern[str], timeout: float = TIMEOUT_S) -> list[str]:
        """The lines said until one matches ``pattern`` (that one last)."""
        said: list[str] = []
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            lines = heard(self.page)
            while self.read < len(lines):
                line = lines[self.read]
                self.read += 1
                said.append(line)
                if pattern.search(line):
                    return said
            self.page.wait_for_timeout(20)
        raise AssertionError(f"never said {pattern.pattern!r}; said: {said}")

    def tab_to(self, name: re.Pattern[str], limit: int = 40) -> Node:
        """Tab until the keyboard is on a control named ``name``."""
        for _ in range(limit):
            node = self.focused()
            if node is not None and name.search(node.name):
                return node
            self.press("Tab")
        raise AssertionError(f"Tab never reached {name.pattern!r}")

    def to_playable_card(self) -> Node:
        """Home, then the arrows along the hand to the first card not said unavailable."""
        node = self.focused()
        if node is None or node.card is None:
            self.tab_to(CARD)
        self.press("Home")
        for _ in range(14):
            node = self.focused()
            assert node is not None and node.card is not None, node
            if not node.disabled:
                return node
            assert node.description, f"{node.name}: disabled without a reason"
            self.press("ArrowRight")
        raise AssertionError("no playable card in the hand")

    def echo(self, pattern: str) -> str:
        """The line that says your move back; no turn is said again before it (a turn
        is said once)."""
        said = self.wait_for(re.compile(pattern))
        assert not any(PROMPT.search(line) for line in said), said
        return said[-1]

    def hear(self, key: str) -> str:
        self.press(key)
        return self.wait_for(re.compile("."), 5)[-1]


def play_card(ear: Ear, prompt: str) -> None:
    node = ear.to_playable_card()
    ear.press("Enter")
    said = ear.echo(r"^You play the ")
    assert said.startswith(f"You play the {node.card}."), (said, node)
    if prompt.startswith("Your card: you must follow "):
        suit = prompt.removeprefix("Your card: you must follow ").rstrip(".")
        assert str(node.card).endswith(suit), (prompt, node)


def bid(ear: Ear, number: int) -> None:
    ear.press(str(number))
    node = ear.focused()
    assert node is not None and node.name == f"Bid {number}", node
    ear.press("Enter")
    ear.echo(rf"^You bid {number}\.")


def choose_cards(ear: Ear, count: int, button: str) -> None:
    """Select ``count`` cards of the hand with Enter, then press the panel's ``button``."""
    ear.tab_to(CARD)
    ear.press("Home")
    for _ in range(count):
        ear.press("Enter")
        node = ear.focused()
        assert node is not None and node.name.endswith(", selected"), node
        ear.press("ArrowRight")
    ear.tab_to(re.compile(rf"^{button}"))
    ear.press("Enter")


def play_the_hand(ear: Ear, scan: Scanner, table: str, blind: bool = False) -> list[str]:
    """Answer every prompt of the hand until its result is said; the prompts, in order."""
    prompts: list[str] = []
    scanned: set[str] = set()
    heard_table = False
    while True:
        said = ear.wait_for(re.compile(f"{PROMPT.pattern}|{RESULT.pattern}"))
        line = said[-1]
        if RESULT.search(line):
            scan(f"{table}: the hand's summary")
            return prompts
        prompts.append(line)
        kind = line.split(":")[0]
        if kind not in scanned:
            scanned.add(kind)
            scan(f"{table}: {kind}")
        if line.startswith(("Your lead", "Your card")):
            if not heard_table:
                heard_table = True
                check_hearing(ear, line)
            play_card(ear, line)
        elif line.startswith("Your bid: Blind Nil"):
            if blind:
                ear.tab_to(re.compile("^Blind Nil"))
                ear.press("Enter")
                ear.echo(r"^You bid Blind Nil\.")
            else:
                ear.tab_to(re.compile("^Look"))
                ear.press("Enter")
        elif line.startswith("Your bid"):
            bid(ear, 2)
        elif line.startswith("Your draw"):
            top = re.search(r"the top card is the (.+?)\. Keep", line)
            assert top is not None, line
            ear.press("k")
            kept = ear.echo(r"^You keep")
            assert top.group(1) in kept, (line, kept)
        elif line.startswith("Choose"):
            count = int(re.findall(r"\d+", line)[0])
            choose_cards(ear, count, "Pass")
            ear.echo(rf"^You pass {count} cards?\.")
        elif line.startswith("Double Nil is bid before"):
            ear.tab_to(re.compile("^Double Nil"))
            ear.press("Enter")
            ear.echo(r"^You bid Double Nil\.")
        elif line.startswith("Double Nil: choose"):
            choose_cards(ear, 1, "Replace")
            ear.echo(r"^You replace 1 card\.")
        else:
            raise AssertionError(f"a prompt the test does not know: {line}")


def check_hearing(ear: Ear, prompt: str) -> None:
    """T, B and S, mid-hand: the trick on the table, the bids, the score."""
    trick = ear.hear("t")
    if prompt.startswith("Your lead"):
        assert trick == "No card on the table. Your turn.", trick
    else:
        assert re.match(r"^(\w+) led the .+\. Your turn\.$", trick), trick
    bids = ear.hear("b")
    assert re.match(r"^You: (2|Blind Nil|Double Nil), \d+ tricks? taken\. ", bids), bids
    score = ear.hear("s")
    assert re.match(r"^You.*: 0 points, 0 bags\. .+ Hand 1; the game is played to \d+\.$",
                    score), score


TABLES = {
    "classic": "",  # no table nor seed: the page opens with its front door
    "blind-nil": "table=blind-nil&seed=1",
    "quick": "table=quick&seed=5",
    "duel": "table=duel&seed=4&clock=8",
    "two-handed": "table=two-handed&seed=6",
}


@pytest.mark.parametrize("table", list(TABLES))
def test_a_whole_hand_by_ear(page: Any, table: str) -> None:
    page.add_init_script(HEARD)
    scan = Scanner(page)
    open_game(page, f"{TABLES[table]}&speed=instant&level=easy".lstrip("&"),
              door=table == "classic")
    ear = Ear(page)
    if table == "classic":
        # The front door closed with Escape: the keyboard goes to the table, and your
        # bid is said as it comes.
        page.wait_for_selector("#today[open]")
        ear.press("Escape")
        node = ear.settled_focus()
        assert node is not None and node.role == "button", node
    if table == "duel":
        # The decision clock (8 s here): its last five seconds are said, once.
        said = ear.wait_for(re.compile(r"^Your draw"))
        said = ear.wait_for(re.compile(r"^5 seconds left\.$"), 10)
        assert not any(PROMPT.search(line) for line in said), said
        ear.read -= len(said) + 1  # the draw's prompt is answered by the hand below
    prompts = play_the_hand(ear, scan, table, blind=table == "blind-nil")
    # Each turn said once: thirteen cards, and at two players thirteen draws.
    assert sum(p.startswith(("Your lead", "Your card")) for p in prompts) == 13, prompts
    draws = sum(p.startswith("Your draw") for p in prompts)
    assert draws == (13 if table in ("duel", "two-handed") else 0), prompts
    if table == "classic":
        review_by_ear(ear, scan)
    scan.check()


def review_by_ear(ear: Ear, scan: Scanner) -> None:
    """The summary's Review: each trick said with its four cards and its winner."""
    ear.tab_to(re.compile("^Review"))
    ear.press("Enter")
    ear.wait_for(re.compile(r"^Before the first trick\."))
    scan("review")
    ear.press("ArrowRight")
    trick = ear.wait_for(re.compile(r"^Trick 1 of 13\."))[-1]
    assert len(re.findall(r" (led|played) the ", trick)) == 4, trick
    assert trick.endswith(" won the trick."), trick
    ear.press("End")
    last = ear.wait_for(re.compile(r"^Trick 13 of 13\."))[-1]
    assert last.endswith("The hand is over."), last
    ear.press("Escape")
