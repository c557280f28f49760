"""The page in each language, in real Chromium: loaded with ?lang=xx it shows no English
that the catalogs translate (every text node, every aria-label, title and data-label, the
tab's title, Help), explains an illegal card in that language, switches language from
Options mid-game with the game intact and remembers the choice; the browser's preferred
languages choose on a first visit; and in each language nothing overflows its box at
320x640 and 390x844 (German and Portuguese labels run long).
"""

from __future__ import annotations

import gettext
import io
import re
from functools import cache
from html.parser import HTMLParser
from typing import Any

import pytest

from e2e.layout_states import Viewport, measure, prepare, set_viewport, settle, states
from e2e.support import (
    ROOT,
    build,
    hand_cards,
    in_each_language,
    open_game,
    refuse_a_card,
    saved_game,
    start_todays_game,
)
from e2e.test_layout import open_sheet_and_check, problems_in
from spades import Card, Play

TRANSLATED = build.TRANSLATED
PHONES = (Viewport("320x640", 320, 640), Viewport("390x844", 390, 844))


@cache
def translations(lang: str) -> gettext.GNUTranslations:
    """The catalog as the page reads it (compiled by the build)."""
    return gettext.GNUTranslations(io.BytesIO(build.compiled_catalogs()[lang]))


class HelpText(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.text: set[str] = set()

    def handle_data(self, data: str) -> None:
        words = " ".join(data.split())
        if len(words) > 3:
            self.text.add(words)


def help_text(lang: str) -> set[str]:
    reader = HelpText()
    reader.feed((ROOT / "web" / "help" / f"{lang}.html").read_text(encoding="utf-8"))
    return reader.text


@cache
def english_left_behind(lang: str) -> tuple[re.Pattern[str], ...]:
    """Each English text the catalog of ``lang`` translates differently, as a pattern
    (a {placeholder} matches any words), plus Help's English sentences."""
    from babel.messages.pofile import read_po

    with build.catalog_path(lang).open("rb") as source:
        catalog = read_po(source, locale=lang)
    patterns = []
    for message in catalog:
        if not message.id:
            continue
        english = [message.id] if isinstance(message.id, str) else list(message.id)
        translated = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in english:
            if text in translated or len(re.sub(r"\{\w*\}|\W", "", text)) < 3:
                continue  # the same in this language ("Nil", "Menu"), or no words at all
            parts = re.split(r"\{\w*\}", text)
            patterns.append(re.compile(".+?".join(map(re.escape, parts))))
    for text in help_text("en") - help_text(lang):
        patterns.append(re.compile(re.escape(text)))
    return tuple(patterns)


# Every text node (not of an element marked with another language, such as the language
# menu's "English"), every element's whole text, and the attributes a person may hear or
# see: aria-label, title, data-label (the stacked score sheet shows it), the tab's title.
# ``shown``: only what is rendered (a closed dialog, a hidden panel left out), for a page
# whose language changed under it: what it hides is written anew when it shows again.
TEXTS = r"""(shown) => {
  const out = new Set();
  const norm = (t) => (t || '').replace(/\s+/g, ' ').trim();
  const foreign = (el) => el.closest('script, style, [lang]:not(html)')
    || (shown && !el.checkVisibility());
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!foreign(node.parentElement) && norm(node.textContent)) out.add(norm(node.textContent));
  }
  for (const el of document.body.querySelectorAll('*')) {
    const text = norm(el.textContent);
    if (text && text.length < 300 && !foreign(el)) out.add(text);
    for (const name of ['aria-label', 'title', 'data-label', 'placeholder', 'alt']) {
      if (el.hasAttribute(name) && !foreign(el)) out.add(norm(el.getAttribute(name)));
    }
  }
  out.add(document.title);
  out.add(document.querySelector('meta[name="description"]').content);
  return [...out];
}"""


def english_on(page: Any, lang: str, where: str, shown: bool = False) -> list[str]:
    """The page's texts that are English the catalog of ``lang`` would have translated
    (``shown``: of what is rendered; else of the whole document, hidden parts too)."""
    found = []
    for text in page.evaluate(TEXTS, shown):
        for pattern in english_left_behind(lang):
            if pattern.fullmatch(text):
                found.append(f"{where}: {text!r} (English: {pattern.pattern!r})")
                break
    return found


def choose_language(page: Any, lang: str) -> None:
    page.locator('#tools [data-action="options"]').click()
    page.wait_for_selector("#options[open]")
    page.locator('select[name="lang"]').select_option(lang)
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)
    page.locator('#options button[value="done"]').click()
    page.wait_for_selector("#options", state="hidden")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_page_speaks(lang: str, open_page: Any) -> None:
    page = open_page("en-US")
    page.set_viewport_size({"width": 1366, "height": 768})
    open_game(page, f"lang={lang}&seed=2&speed=instant&level=easy")  # seed 2: you bid first
    assert page.evaluate("() => document.documentElement.lang") == lang
    page.wait_for_selector("#bids [data-bid='3']")
    found = english_on(page, lang, "bidding")
    assert page.title() == translations(lang).gettext("Spades")

    page.locator("#bids [data-bid='3']").click()
    page.wait_for_selector("#bids", state="hidden")
    card = refuse_a_card(page)
    game = saved_game(page)
    why = game.explain(Play(Card.parse(card)))
    assert why is not None
    said = why.say(translations(lang))
    assert said != why.message
    page.wait_for_function("(said) => document.querySelector('#notice').textContent === said",
                           arg=said)
    found += english_on(page, lang, "a card refused")

    page.locator('#tools [data-action="help"]').click()
    page.wait_for_selector("#help[open] #help-table-rules li")
    found += english_on(page, lang, "Help")
    page.keyboard.press("Escape")
    page.locator('#tools [data-action="sheet"]').click()
    page.wait_for_selector("#sheet[open]")
    found += english_on(page, lang, "score sheet")
    page.keyboard.press("Escape")
    assert not found, "\n".join(found)

    # Mid-game, Options changes the language both ways; the game does not move.
    before, cards = game.to_json(), hand_cards(page)
    choose_language(page, "en")
    assert page.locator("#status").text_content() == "Your turn: play a card."
    assert page.title() == "Spades"
    choose_language(page, lang)
    assert page.locator("#status").text_content() == translations(lang).gettext(
        "Your turn: play a card.")
    assert saved_game(page).to_json() == before and hand_cards(page) == cards
    assert not english_on(page, lang, "after switching back")
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('spades.prefs')).lang")
    assert stored == lang
    assert "lang=" not in page.url  # the choice, not an old link, decides from now on

    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached")
    assert page.evaluate("() => document.documentElement.lang") == lang
    assert saved_game(page).to_json() == before


@pytest.mark.parametrize(("locale", "lang"), [("pt-BR", "pt"), ("de-AT", "de"),
                                              ("fr-FR", "en")])
def test_a_first_visit_speaks_the_browsers_language(locale: str, lang: str,
                                                    open_page: Any) -> None:
    page = open_page(locale)
    open_game(page, "seed=2&speed=instant&level=easy")
    assert page.evaluate("() => document.documentElement.lang") == lang
    page.wait_for_selector("#bids [data-bid='3']")
    expected = "Your bid: how many tricks will you take?"
    if lang != "en":
        expected = translations(lang).gettext(expected)
    assert page.locator("#bids .prompt").text_content() == expected


# The page's containers (the page, the header, the table, the hand zone, the panels and
# dialogs and their rows) and the boxes whose own text must fit (buttons, labels,
# headings, the notices and lines of the table, the cells of the score sheet): none may
# be wider inside than it is (scrollWidth > clientWidth), hidden overflow included.
OVERFLOW = r"""() => {
  const shown = (el) => el.checkVisibility({checkVisibilityCSS: true})
    && el.getClientRects().length > 0;
  const out = [];
  const selector = 'html, body, #app, .bar, .brand, .scores, .tools, .felt, .seat, .center, '
    + '.hand-zone, .messages, .bids, .summary, .sum-sides, .row, form, fieldset, .help-text, '
    + 'button, label, legend, h1, h2, h3, dialog, .notice, .status, .prompt, '
    + '.table-name, .side-line, .seat-name, .seat-stats, .sum-total, th, td, .broken, select';
  for (const el of document.querySelectorAll(selector)) {
    if (!shown(el) || el.closest('.sr-only')) continue;
    const style = getComputedStyle(el);
    if (el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'auto'
        && style.overflowX !== 'scroll' && el.clientWidth > 0) {
      const cls = typeof el.className === 'string' && el.className
        ? '.' + el.className.split(' ')[0] : '';
      out.push(`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${cls}`
        + ` "${(el.textContent || '').trim().slice(0, 40)}" is ${el.scrollWidth} px wide in `
        + `${el.clientWidth} px`);
    }
  }
  return out;
}"""


def overflow(page: Any, where: str) -> list[str]:
    return [f"{where}: {problem}" for problem in page.evaluate(OVERFLOW)]


def check_dialog(page: Any, action: str, dialog: str, where: str) -> list[str]:
    found: list[str] = []
    if not page.locator("#tools").is_visible():
        page.locator("#menu-button").click()
        page.wait_for_selector("#tools", state="visible")
    page.locator(f'#tools [data-action="{action}"]').click()
    page.wait_for_selector(f"#{dialog}[open]")
    settle(page)
    found += overflow(page, f"{where}, {dialog}")
    found += problems_in(measure(page), f"{where}, {dialog}")
    page.keyboard.press("Escape")
    page.wait_for_selector(f"#{dialog}", state="hidden")
    return found


LAYOUT_PHASES = ("bidding", "trick", "blind-nil", "summary", "sheet")


@pytest.mark.parametrize("phase", LAYOUT_PHASES)
def test_nothing_overflows_in_any_language(open_page: Any, phase: str) -> None:
    """Every phase of the table, the Options, Help and New game dialogs, at 320x640 and
    390x844, in each language: each box holds its text and the layout checks of
    e2e/test_layout.py pass; and no phase shows English the catalog translates (the Blind
    Nil choice and exchange, the hand summary and the score sheet, beyond
    test_the_page_speaks). The language changes in the page at each state, as Options
    changes it (English last, the language the states are driven in): a page per phase,
    not per phase and language (issue 28), and a test per phase, so that the xdist workers
    share them (one test of the five phases took 50-65 s)."""
    found: list[str] = []
    page = open_page("en-US")  # a page per phase, as the layout test has (its clock)
    prepare(page)
    for state in states(page, phase):
        for lang in in_each_language(page):
            found += state_problems(page, lang, phase, state)
    if found:
        shown = "\n  ".join(found[:60])
        pytest.fail(f"{len(found)} layout problems:\n  {shown}", pytrace=False)


def state_problems(page: Any, lang: str, phase: str, state: str) -> list[str]:
    """What is wrong with one state of ``phase`` in ``lang`` at the phone sizes."""
    found: list[str] = []
    if lang != "en":  # every phase also speaks the language (the summary too)
        found += english_on(page, lang, f"{lang}, {phase}: {state}", shown=True)
    for viewport in PHONES:
        set_viewport(page, viewport)
        where = f"{lang}, {viewport.label}, {phase}: {state}"
        if phase == "sheet":
            found += open_sheet_and_check(page, where)
            continue
        found += overflow(page, where)
        found += problems_in(measure(page), where)
        if phase == "bidding":
            found += check_dialog(page, "options", "options", where)
            found += check_dialog(page, "help", "help", where)
            found += check_dialog(page, "ask-new-game", "confirm-new", where)
    return found


BROWSER_DATES = """([locales, days]) => locales.map((locale) => days.map(([y, m, d]) => {
  const when = new Date(y, m - 1, d);
  return [when.toLocaleDateString(locale, {dateStyle: 'long'}),
          when.toLocaleDateString(locale, {day: 'numeric', month: 'long'})];
}))"""

DATE_LOCALES = ("en", "de", "es", "it", "pt", "en-GB", "en-US", "de-DE", "es-ES", "pt-BR",
                "pt-PT", "it-IT", "en-AU", "en-CA", "en-IE", "en-IN", "de-CH", "es-MX",
                "it-CH")
"""The page's languages, and the regions dates.py writes (issue 45: en-GB to it-IT)."""


def test_the_pages_dates_are_the_browsers_own(page: Any) -> None:
    """web/dates.py writes a date as the browser's calendar does for each of the page's
    languages and the regions it knows (it spares the start ICU's first use): every
    month, one- and two-digit days."""
    import datetime

    import dates

    days = [datetime.date(2026, month, 1 + (month * 3) % 28) for month in range(1, 13)]
    browser = page.evaluate(BROWSER_DATES, [list(DATE_LOCALES),
                                            [[d.year, d.month, d.day] for d in days]])
    for locale, written in zip(DATE_LOCALES, browser, strict=True):
        ours = [[dates.long_date(day, locale), dates.day_and_month(day, locale)]
                for day in days]
        assert ours == written, locale


def test_a_british_browser_reads_the_day_first(open_page: Any) -> None:
    """Issue 45: en-GB says "4 December 2026", as the browser would (not the American
    order); a region dates.py does not know (de-AT's "Jänner") is the browser's own."""
    for locale in ("en-GB", "de-AT"):
        page = open_page(locale)
        open_game(page, "seed=5&speed=instant&level=easy")
        start_todays_game(page)
        date = page.evaluate(f"() => new Date().toLocaleDateString('{locale}', "
                             "{dateStyle: 'long'})")
        said = "The daily game of {date}: Quick rules, Medium players."
        if locale[:2] != "en":
            said = translations(locale[:2]).gettext(said)
        assert page.locator("#notice").text_content() == said.format(date=date), locale


def test_the_daily_game_says_its_date_in_the_players_words(open_page: Any) -> None:
    page = open_page("de-DE")
    open_game(page, "seed=5&speed=instant&level=easy")
    start_todays_game(page)
    date = page.evaluate("() => new Date().toLocaleDateString('de', {dateStyle: 'long'})")
    assert re.fullmatch(r"\d+\. \w+ \d{4}", date)  # "30. November 2026"
    expected = translations("de").gettext(
        "The daily game of {date}: Quick rules, Medium players.").format(date=date)
    assert page.locator("#notice").text_content() == expected


# The page's own words ([data-i18n] elements, data-i18n-attrs attributes) that are not
# English: each keeps its English (the message id) in data-i18n / data-i18n-<name> once it
# has been translated.
NOT_ENGLISH = r"""() => {
  const norm = (t) => (t || '').replace(/\s+/g, ' ').trim();
  const out = [];
  for (const el of document.querySelectorAll('[data-i18n]')) {
    const english = el.getAttribute('data-i18n');
    const text = norm(el.textContent);
    if (english && text !== english) out.push(`${english} -> ${text}`);
  }
  for (const el of document.querySelectorAll('[data-i18n-attrs]')) {
    for (const name of el.getAttribute('data-i18n-attrs').split(/\s+/)) {
      const english = el.getAttribute(`data-i18n-${name}`);
      if (english && el.getAttribute(name) !== english) out.push(`${name}: ${english}`);
    }
  }
  return out;
}"""


def test_a_table_painted_in_another_language_starts_in_english(open_page: Any) -> None:
    """Issue 30: the page's own words are written only when they are not already the
    language's (English, as index.html has them, is left as it is at start); a table
    painted in Spanish (web/paint.js, the last render's words) that starts in English is
    English once ready, header included."""
    page = open_page("es-ES")
    open_game(page, "seed=2&speed=instant&level=easy")
    assert page.evaluate("() => document.documentElement.lang") == "es"
    page.wait_for_selector("#bids [data-bid='3']")
    page.goto("./?lang=en")
    page.wait_for_selector("html[data-ready]", state="attached")
    assert page.evaluate("() => document.documentElement.dataset.painted") == "true"
    assert page.evaluate("() => document.documentElement.lang") == "en"
    assert page.evaluate(NOT_ENGLISH) == []
    assert english_on(page, "es", "started in English") != []  # the check sees English


# From the end of parsing until the page is ready: each change the page makes to its own
# words, [data-i18n] elements' text and the attributes they translate (not what render()
# writes around them). The start is one task, so its records come together after it: they
# are read in order, up to html[data-ready]'s.
RECORD_WORD_WRITES = r"""
window.__wordWrites = [];
let ready = false;
document.addEventListener('DOMContentLoaded', () => new MutationObserver((records) => {
  for (const record of records) {
    if (record.target === document.documentElement && record.attributeName === 'data-ready') {
      ready = true;
    }
    if (ready) return;
    const el = record.target.nodeType === 1 ? record.target : record.target.parentElement;
    if (!el) continue;
    const words = record.type === 'attributes'
      ? record.attributeName.startsWith('data-i18n')
        || (el.getAttribute('data-i18n-attrs') || '').split(/\s+/).includes(record.attributeName)
      : el.matches('[data-i18n]');  // its text
    if (!words) continue;
    const what = `${record.type} ${record.attributeName || ''}`;
    window.__wordWrites.push(`${what} ${el.outerHTML.slice(0, 60)}`);
  }
}).observe(document, {subtree: true, childList: true, characterData: true,
                      attributes: true}));
"""


def test_an_english_start_leaves_the_pages_words_as_they_are(open_page: Any) -> None:
    """Issue 30: a start in English writes none of index.html's own words (they are
    English already: translate_page skips them, about 12 ms of DOM calls), and a start in
    another language writes them (the observer sees the writes)."""
    page = open_page("en-US")
    page.add_init_script(RECORD_WORD_WRITES)
    open_game(page, "seed=2&speed=instant&level=easy")
    assert page.evaluate("() => window.__wordWrites") == []
    page.goto("./?lang=de")
    page.wait_for_selector("html[data-ready]", state="attached")
    assert page.evaluate("() => window.__wordWrites.length") > 0
