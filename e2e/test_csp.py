"""The page runs under its own Content-Security-Policy (issue 12): a <meta> in the page
(a static host sets no headers), the narrowest the runtime allows. Nothing the game does
breaks it: a whole hand at Classic with the Expert in its worker, a reload that paints the
table before Python starts, the Options dialog, a hand at the Duel. Every violation fires a
`securitypolicyviolation` event, which an init script records before the page loads (a
refused action is also a console error, which the guarded page fails on).
"""

from __future__ import annotations

from typing import Any

import build
from e2e.support import (
    close_door,
    open_game,
    play_hand,
)

# The policy of web/index.html (and bare.html), directive by directive.
POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'unsafe-eval'", "'wasm-unsafe-eval'"],
    "worker-src": ["'self'", "blob:"],
    "style-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
}
# The game page also names the online table's relays, and only them (build.py writes
# them from web/relays.py); the bare page contacts nothing but its own origin.
GAME_POLICY = POLICY | {"connect-src": ["'self'", *build.relay_sources()]}

RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push(`${e.effectiveDirective} refused ${e.blockedURI} `
    + `(${e.sourceFile}:${e.lineNumber}:${e.columnNumber})`);
});
"""

# Where the policy stands in <head>: it governs only what comes after it.
PLACE = """() => {
  const children = [...document.head.children];
  const meta = children.findIndex((e) => e.matches('meta[http-equiv="Content-Security-Policy"]'));
  const first = children.findIndex((e) => e.matches('script, link, style'));
  return {meta, first, count: document.querySelectorAll('meta[http-equiv]').length};
}"""


def policy_of(page: Any) -> dict[str, list[str]]:
    """The page's policy, read from its meta: directive -> sources."""
    text = page.evaluate("() => document.querySelector("
                         "'meta[http-equiv=\"Content-Security-Policy\"]')?.content")
    assert text, "the page has no Content-Security-Policy"
    directives: dict[str, list[str]] = {}
    for part in text.split(";"):
        words = part.split()
        if words:
            directives[words[0]] = words[1:]
    return directives


def violations(page: Any) -> list[str]:
    return list(page.evaluate("() => window.__cspViolations"))


def watch_warnings(page: Any) -> list[str]:
    """The page's console warnings from now on (the Expert's fallback writes one)."""
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    return warnings


def test_the_pages_carry_the_policy_before_anything_loads(page: Any) -> None:
    page.add_init_script(RECORD_VIOLATIONS)
    for path in ("./", "./bare.html"):
        page.goto(path + "?speed=instant")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
        assert policy_of(page) == (GAME_POLICY if path == "./" else POLICY), path
        place = page.evaluate(PLACE)
        assert place["count"] == 1 and 0 <= place["meta"] < place["first"], (path, place)
        assert violations(page) == [], path


def test_a_hand_at_expert_and_a_return_visit_break_no_rule(page: Any) -> None:
    page.add_init_script(RECORD_VIOLATIONS)
    warnings = watch_warnings(page)
    open_game(page, "seed=11&table=classic&speed=instant&level=expert")
    assert policy_of(page) == GAME_POLICY
    # The dialogs close by their own forms (method="dialog"): no form action. Help's text
    # and the score sheet are written into the page as markup, as the table is.
    page.locator('#tools [data-action="options"]').click()
    page.wait_for_selector("#options[open]")
    page.locator('#options button[value="done"]').click()
    page.wait_for_selector("#options", state="hidden")
    for name, shown in (("help", "#help-body *"), ("sheet", "#sheet-body *")):
        page.locator(f'#tools [data-action="{name}"]').click()
        page.wait_for_selector(f"#{name}[open] {shown}", state="attached")
        page.locator(f"#{name} form button.primary").click()
        page.wait_for_selector(f"#{name}", state="hidden")
    assert play_hand(page, plays=4) == "play"
    assert violations(page) == []
    # A return visit paints the saved table (web/paint.js) before Python starts.
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
    close_door(page)
    assert page.evaluate("() => document.documentElement.dataset.painted") == "true"
    # Four cards more, the worker started again (the Duel's hand below plays to its
    # summary: a whole Classic hand at Expert here took 25-30 s of a worker).
    assert play_hand(page, plays=4) == "play"
    assert page.evaluate("() => document.documentElement.dataset.worker") == "ready"
    assert violations(page) == []
    assert not [w for w in warnings if "expert worker" in w], warnings


def test_a_duel_hand_at_expert_breaks_no_rule(page: Any) -> None:
    page.add_init_script(RECORD_VIOLATIONS)
    warnings = watch_warnings(page)
    open_game(page, "seed=5&table=duel&speed=instant&level=expert")
    assert policy_of(page) == GAME_POLICY
    assert play_hand(page) == "summary"
    assert page.evaluate("() => document.documentElement.dataset.worker") == "ready"
    assert violations(page) == []
    assert not [w for w in warnings if "expert worker" in w], warnings
