"""The page in five languages: the catalogs are complete and correct, Help has every
section in every language, and the page's words come out of the catalogs at run time.

The catalogs are the gettext .po files under web/locale/ (made with `python build.py
messages`, compiled by the build with Babel); English is the source language.
"""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

import i18n  # noqa: E402
import render  # noqa: E402
import table  # noqa: E402
from babel.messages.catalog import Catalog, Message  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402
from prefs import Prefs  # noqa: E402
from store import UiState  # noqa: E402

import build  # noqa: E402
from spades import PRESETS, Card, Game, Play  # noqa: E402
from spades.explanations import MESSAGES, Explanation, card_name  # noqa: E402
from tests.helpers import play_to  # noqa: E402

LANGUAGES = build.TRANSLATED
PLACEHOLDER = re.compile(r"\{(\w*)\}")


@pytest.fixture(scope="module")
def template() -> Catalog:
    catalog = build.extract_messages()
    assert isinstance(catalog, Catalog)
    return catalog


def catalog_of(lang: str) -> Catalog:
    with build.catalog_path(lang).open("rb") as source:
        return read_po(source, locale=lang)


def ids(catalog: Catalog) -> set[object]:
    return {message.id for message in catalog if message.id}


def forms(message: Message) -> list[str]:
    value = message.string
    return list(value) if isinstance(value, tuple | list) else [value]


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


# ---------------------------------------------------------------- the catalogs


def test_the_template_is_up_to_date_with_the_sources(template: Catalog) -> None:
    with build.TEMPLATE.open("rb") as source:
        written = read_po(source)
    assert ids(written) == ids(template), "run `python build.py messages`"


def test_every_marked_string_of_the_sources_is_extracted(template: Catalog) -> None:
    """A _() inside an f-string is invisible to the extractor: such a message would stay
    English in every language. Every literal _("...") of the sources must be extracted."""
    extracted = {m if isinstance(m, str) else m[0] for m in ids(template)}
    call = re.compile(r'\b(?:_|N_|ngettext|plural_message)\(\s*"((?:[^"\\]|\\.)*)"')
    missing = []
    for folder in build.SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for text in call.findall(path.read_text(encoding="utf-8")):
                # (a message written in two literals starts with the first)
                if not any(message.startswith(text) for message in extracted):
                    missing.append(f"{path.relative_to(ROOT)}: {text}")
    assert not missing


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated_in(lang: str, template: Catalog) -> None:
    catalog = catalog_of(lang)
    assert ids(catalog) == ids(template), "run `python build.py messages`, then translate"
    untranslated = [message.id for message in catalog
                    if message.id and (message.fuzzy or not all(forms(message)))]
    assert not untranslated


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_plural_form_is_filled_in(lang: str) -> None:
    catalog = catalog_of(lang)
    plurals = [message for message in catalog if message.id and message.pluralizable]
    assert plurals, "the catalogs have plural messages ('1 trick / 2 tricks')"
    for message in plurals:
        assert len(forms(message)) == catalog.num_plurals, message.id
        assert all(forms(message)), message.id


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_are_the_english_ones(lang: str) -> None:
    wrong = []
    for message in catalog_of(lang):
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[-1]
        for form in forms(message):
            if placeholders(form) != placeholders(english):
                wrong.append((english, form))
    assert not wrong


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_catalog_compiles_and_plurals_follow_the_language(lang: str, speak) -> None:  # type: ignore[no-untyped-def]
    speak(lang)
    one = i18n.ngettext("{count} card", "{count} cards", 1).format(count=1)
    two = i18n.ngettext("{count} card", "{count} cards", 2).format(count=2)
    assert one != two and "1" in one and "2" in two
    assert one != "1 card" and two != "2 cards"


# ---------------------------------------------------------------- Help


class Outline(HTMLParser):
    """A Help document's skeleton: each element with an id or an href, and per section
    (between two headings) how many paragraphs, items, terms and bold words it has."""

    COUNTED = ("p", "li", "dt", "dd", "b", "a", "h3")

    def __init__(self) -> None:
        super().__init__()
        self.anchors: list[str] = []
        self.counts: list[dict[str, int]] = [{}]
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "h3":
            self.counts.append({})
        if tag in self.COUNTED:
            self.counts[-1][tag] = self.counts[-1].get(tag, 0) + 1
        for name in ("id", "href", "class"):
            if values.get(name):
                self.anchors.append(f"{tag}[{name}={values[name]}]")

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.text.append(data.strip())


def outline(lang: str) -> Outline:
    reader = Outline()
    reader.feed(i18n.help_document(lang, WEB / "help"))
    return reader


def test_help_has_a_document_per_language() -> None:
    assert sorted(p.stem for p in (WEB / "help").glob("*.html")) == sorted(i18n.LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_has_every_section_of_the_english_in(lang: str) -> None:
    english, other = outline("en"), outline(lang)
    assert other.anchors == english.anchors
    assert other.counts == english.counts
    ids = [a for a in english.anchors if "[id=" in a]
    assert "span[id=help-table-name]" in ids and "ul[id=help-table-rules]" in ids
    links = [a.split("=#")[1][:-1] for a in english.anchors if "[href=#" in a]
    assert all(f"[id={target}]" in " ".join(ids) for target in links)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_is_written_in_its_language(lang: str) -> None:
    english = set(outline("en").text) - {"·", "Nil", "Blind Nil"}
    same = [text for text in outline(lang).text if text in english]
    assert not same


# ---------------------------------------------------------------- at run time


def test_the_language_comes_from_the_link_the_choice_or_the_browser() -> None:
    choose = i18n.choose_language
    assert choose("de", "es", ["it"]) == "de"
    assert choose("xx", "es", ["it"]) == "es"
    assert choose(None, "", ["pt-BR", "en-US"]) == "pt"
    assert choose(None, "", ["fr-FR", "it-IT"]) == "it"
    assert choose(None, "", ["fr", "ja"]) == "en"
    assert choose(None, "", []) == "en"


def test_english_needs_no_catalog() -> None:
    i18n.set_language("en")
    assert i18n._("Last trick") == "Last trick"
    assert i18n.ngettext("{count} card", "{count} cards", 2) == "{count} cards"


def follow_suit_explanation() -> Explanation:
    game = Game.new(PRESETS["classic"], seed=3)
    game = play_to(game, lambda g: g.phase.value == "play" and len(g.trick.plays) == 1)
    led = game.trick.plays[0][1].suit
    hand = game.hands[game.turn]
    assert any(card.suit == led for card in hand)
    wrong = next(card for card in hand if card.suit != led)
    why = game.explain(Play(wrong))
    assert why is not None and why.code == "follow_suit"
    return why


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_illegal_card_is_explained_in(lang: str, speak) -> None:  # type: ignore[no-untyped-def]
    why = follow_suit_explanation()
    speak(lang)
    said = why.say(i18n.translations())
    assert said != why.message
    # The suit travels as plain data and is named in the language of the sentence.
    suit = str(why.values["suit"])
    assert suit in "CDHS"
    assert i18n._(("clubs", "diamonds", "hearts", "spades")["CDHS".index(suit)]) in said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_explanation_is_said_in(lang: str, speak) -> None:  # type: ignore[no-untyped-def]
    speak(lang)
    for reason, message in MESSAGES.items():
        values: dict[str, str | int] = {"count": 2, "card": "QS", "suit": "H"}
        said = Explanation("any", reason, values).say(i18n.translations())
        assert "{" not in said
        assert said != Explanation("any", reason, values).message, reason
        assert message.singular not in said


def test_card_names_in_every_language(speak) -> None:  # type: ignore[no-untyped-def]
    assert card_name("QS") == "queen of spades" == Card.parse("QS").name()
    names = {}
    for lang in LANGUAGES:
        speak(lang)
        names[lang] = card_name("QS", i18n.translations())
    assert len(set(names.values())) == len(names)
    assert all("queen" not in name for name in names.values())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_table_speaks(lang: str, speak) -> None:  # type: ignore[no-untyped-def]
    game = Game.new(PRESETS["quick"], seed=5)
    english = table.table_view(game, Prefs(), UiState())
    speak(lang)
    view = table.table_view(game, Prefs(), UiState())
    assert view.status != english.status
    assert view.sides[0].name != english.sides[0].name
    assert view.table_name != english.table_name
    html = render.bids_html(view) + render.sheet_html((), 300)
    for word in ("Your bid", "No hands finished yet"):
        assert word not in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_rules_of_each_table_in(lang: str, speak) -> None:  # type: ignore[no-untyped-def]
    english = {name: table.table_rules(rules) for name, rules in PRESETS.items()}
    speak(lang)
    for name, rules in PRESETS.items():
        lines = table.table_rules(rules)
        assert len(lines) == len(english[name])
        assert not set(lines) & set(english[name])
