"""The words of each language, one thing one name (issue 44): a panel that says "Nil
Duplo" beside "Nil duplo", or "Doppel-Null" beside "Doppel-Nil", names one bid two ways.
For each language, a term's own translation is the spelling (case included) of every
message whose English names it, of every other way of writing it in the catalog (another
case, a hyphen or a space), and of Help. And a card's name comes with its own gender, so
no sentence puts an article of its own before one ("o dama de paus")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

import build

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = build.TRANSLATED
TERMS = ("Double Nil", "Blind Nil")
"""The names of things that the page says in many panels, each one way per language."""


def catalog_of(lang: str) -> Catalog:
    with build.catalog_path(lang).open("rb") as source:
        return read_po(source, locale=lang)


def pairs(catalog: Catalog) -> list[tuple[str, str]]:
    """(English, translation) of every message, each plural form with its English."""
    found = []
    for message in catalog:
        if not message.id:
            continue
        english = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = ([message.string] if isinstance(message.string, str)
                   else list(message.string))
        for index, text in enumerate(strings):
            found.append((english[min(index, len(english) - 1)], text))
    return found


def any_spelling(term: str) -> re.Pattern[str]:
    """``term`` written any other way: any case, its words joined by a space, a hyphen or
    nothing, each word by its first three letters and any ending ("Nil Duplo", "nil-duplo",
    "Doppelnil" for "Doppel-Nil")."""
    words = re.split(r"[\s\-]+", term)
    return re.compile(r"\b" + r"[\s\-]*".join(re.escape(word[:3]) + r"\w*" for word in words)
                      + r"\b", re.IGNORECASE)


def misspelt(text: str, term: str) -> list[str]:
    return [found.group() for found in any_spelling(term).finditer(text)
            if found.group() != term]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("english", TERMS)
def test_a_term_has_one_spelling_in_the_catalog(lang: str, english: str) -> None:
    catalog = catalog_of(lang)
    term = catalog[english].string
    assert isinstance(term, str) and term
    wrong = []
    for source, text in pairs(catalog):
        if english.lower() in source.lower() and term not in text:
            wrong.append(f"{source!r} is {text!r}, without {term!r}")
        wrong += [f"{text!r} says {other!r}, not {term!r}" for other in misspelt(text, term)]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("english", TERMS)
def test_a_term_has_the_catalogs_spelling_in_help(lang: str, english: str) -> None:
    term = catalog_of(lang)[english].string
    assert isinstance(term, str)
    text = (ROOT / "web" / "help" / f"{lang}.html").read_text(encoding="utf-8")
    english_help = (ROOT / "web" / "help" / "en.html").read_text(encoding="utf-8")
    assert text.count(term) >= english_help.count(english)
    assert not misspelt(text, term)


def test_the_check_sees_a_second_spelling() -> None:
    assert misspelt("O Nil Duplo é declarado antes; Nil duplo, Nil-duplo", "Nil duplo") == [
        "Nil Duplo", "Nil-duplo"]
    assert misspelt("Doppelnil und Doppel-Nil", "Doppel-Nil") == ["Doppelnil"]
    assert misspelt("Nil a ciegas y nil a ciegas", "Nil a ciegas") == ["nil a ciegas"]


ARTICLE = re.compile(
    r"\b(?:o|a|os|as|um|uma|do|da|no|na|ao|à|el|la|los|las|un|una|del|al|il|lo|le|"
    r"gli|i|un'|uno|del|della|dello|al|alla|nel|nella|der|die|das|den|dem|des)\s+"
    r"\{(?:card|next)\}|\bl'\{(?:card|next)\}", re.IGNORECASE)
"""An article of the sentence's own before a card's name: Portuguese, Spanish, Italian
and German card names differ in gender ("a dama", "o rei"; "la reina", "el rey"; "la
donna", "il re", "l'asso"; "die Dame", "der König"), so none fits them all."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_article_of_the_sentence_before_a_card(lang: str) -> None:
    wrong = [text for _source, text in pairs(catalog_of(lang)) if ARTICLE.search(text)]
    assert not wrong, "\n".join(wrong)


def test_the_article_check_sees_one() -> None:
    assert ARTICLE.search("Você fica com o {card}.")
    assert ARTICLE.search("Tieni l'{card}.")
    assert not ARTICLE.search("Você fica com a carta: {card}.")


@pytest.mark.parametrize("lang", ["pt"])
def test_no_preposition_glued_to_a_players_name(lang: str) -> None:
    """"Lance de Jogador 2" is "Lance do Jogador 2", but "de Ana" is right: no sentence
    puts "de" before a seat's or a player's name, whatever it is."""
    glued = re.compile(r"\bde \{(?:seat|name)\}")
    wrong = [text for _source, text in pairs(catalog_of(lang)) if glued.search(text)]
    assert not wrong, "\n".join(wrong)
