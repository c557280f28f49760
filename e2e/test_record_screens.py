"""The record's screens (issue 10) in every language, at the phone sizes, and under axe:
the summary with its par line, the hand review at its first and last step, the score
sheet with its par column, the front door with a finished day, and the Statistics panel
filled from a stored record. Each box holds its text (e2e/test_i18n.py's overflow check),
the layout checks of e2e/test_layout.py pass, and nothing the catalog translates is left
in English."""

from __future__ import annotations

from typing import Any

import pytest

from e2e.layout_states import prepare, set_viewport, settle
from e2e.record_states import LOCALES, open_record_screens
from e2e.support import in_each_language
from e2e.test_a11y import Scanner
from e2e.test_i18n import PHONES, english_on, overflow
from e2e.test_layout import measure, problems_in


def test_the_record_screens_fit_and_speak(open_page: Any) -> None:
    """Each screen in each language, changed in the page as Options does (English last):
    a hand played once, not once per language (issue 28)."""
    page = open_page(LOCALES["en"])
    prepare(page)
    found: list[str] = []
    for screen in open_record_screens(page, "en"):
        for lang in in_each_language(page):
            if lang != "en":
                found += english_on(page, lang, f"{lang}, {screen}", shown=True)
            for viewport in PHONES:
                set_viewport(page, viewport)
                settle(page)
                where = f"{lang}, {viewport.label}, {screen}"
                found += overflow(page, where)
                found += problems_in(measure(page), where)
    if found:
        shown = "\n  ".join(found[:60])
        pytest.fail(f"{len(found)} problems:\n  {shown}", pytrace=False)


def test_the_record_screens_pass_axe(open_page: Any) -> None:
    """In English and in German, whose labels run longest: each screen scanned in both,
    the language changed in the page (one hand played, not one per language)."""
    page = open_page(LOCALES["en"])
    scan = Scanner(page)
    for screen in open_record_screens(page, "en"):
        for lang in in_each_language(page, ("de", "en")):
            scan(f"{screen} ({lang})")
    scan.check()
