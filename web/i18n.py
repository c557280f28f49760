"""The page's language: which one a player gets, and its gettext catalog.

Every word the page shows goes through ``_`` (or ``ngettext`` when it depends on a
number), read from the standard gettext catalog of the chosen language: build.py compiles
web/locale/<lang>/LC_MESSAGES/spades.po to .mo with Babel and ships it in the code
archive, and Python's own ``gettext`` reads it here (under Pyodide as under CPython).
English is the source language: its text is the message ids, so it needs no catalog.

Messages are whole sentences with named {placeholders}, never glued fragments, so each
language can order the words its own way; a constant that is translated later (a seat's
name, a level) is marked with ``N_`` where it is written and passed through ``_`` where
it is shown.
"""

from __future__ import annotations

import contextlib
import gettext
import io
from collections.abc import Iterable
from pathlib import Path

from packed import read_bytes

LANGUAGES = {
    "de": "Deutsch", "en": "English", "es": "Español", "it": "Italiano", "pt": "Português",
}
"""The languages of the page, each named in its own words (as a language menu does)."""
SOURCE_LANGUAGE = "en"
DOMAIN = "spades"
LOCALE_DIR = Path("locale")
"""Where the compiled catalogs are: in the code archive in the browser (packed.py)."""
HELP_DIR = Path("help")

_state: dict[str, gettext.NullTranslations | str | Path] = {
    "translations": gettext.NullTranslations(),
    "language": SOURCE_LANGUAGE,
    "locale_dir": LOCALE_DIR,
}
_catalogs: dict[tuple[str, Path], gettext.NullTranslations] = {}
"""Each language's catalog once read (a language spoken again, every language's words)."""


def N_(message: str) -> str:
    """Mark a message for extraction; it is translated where it is shown."""
    return message


def translations() -> gettext.NullTranslations:
    found = _state["translations"]
    assert isinstance(found, gettext.NullTranslations)
    return found


def language() -> str:
    return str(_state["language"])


def set_language(code: str, locale_dir: Path = LOCALE_DIR) -> None:
    """Speak ``code`` from now on (a key of LANGUAGES; anything else means English).

    A missing catalog falls back to English rather than failing: the game goes on.
    """
    if code not in LANGUAGES:
        code = SOURCE_LANGUAGE
    _state["translations"] = catalog_of(code, locale_dir)
    _state["language"] = code
    _state["locale_dir"] = locale_dir


def catalog_of(code: str, locale_dir: Path) -> gettext.NullTranslations:
    """The catalog of ``code`` (English, or a missing catalog: the message ids)."""
    key = (code, locale_dir)
    if key not in _catalogs:
        catalog = gettext.NullTranslations()
        if code != SOURCE_LANGUAGE:
            with contextlib.suppress(OSError):
                data = read_bytes(locale_dir / code / "LC_MESSAGES" / f"{DOMAIN}.mo")
                catalog = gettext.GNUTranslations(io.BytesIO(data))
        _catalogs[key] = catalog
    return _catalogs[key]


def message_said(text: str, code: str) -> str:
    """The message id that ``code``'s catalog says as ``text`` (``text`` itself if none
    does): a line written before the language changed, to say again in the new one."""
    folder = _state["locale_dir"]
    assert isinstance(folder, Path)
    catalog = catalog_of(code, folder)
    said: dict[object, str] = getattr(catalog, "_catalog", {})
    return next((key for key, value in said.items() if value == text and isinstance(key, str)
                 and key), text)


def in_every_language(message: str) -> frozenset[str]:
    """``message`` as each language of the page says it: to know a word another page (or
    this one, in the language it spoke before) wrote, such as a default player's name."""
    folder = _state["locale_dir"]
    assert isinstance(folder, Path)
    return frozenset(catalog_of(code, folder).gettext(message) for code in LANGUAGES)


def _(message: str) -> str:
    """The message in the current language."""
    return translations().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural message for ``n``, by the current language's plural rule."""
    return translations().ngettext(singular, plural, n)


def message_of_text(text: str) -> str:
    """The message id of a text of the page: its words with the HTML's line breaks and
    indentation folded into single spaces (as the extractor of index.html folds them)."""
    return " ".join(text.split())


def browser_languages() -> list[str]:
    """The browser's preferred languages, best first (navigator.languages)."""
    from pyscript import window  # (the browser's: this module also runs under CPython)

    navigator = window.navigator
    found = navigator.languages
    if found:
        return [str(tag) for tag in found]
    return [str(navigator.language)] if navigator.language else []


def choose_language(forced: str | None, stored: str, preferred: Iterable[str]) -> str:
    """The page's language: ``?lang=`` if it names one of ours, else the one chosen in
    Options, else the first of the browser's preferred languages we speak ("pt-BR"
    counts as "pt"), else English."""
    for code in (forced, stored):
        if code in LANGUAGES:
            return code
    for tag in preferred:
        code = str(tag).split("-")[0].split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return SOURCE_LANGUAGE


def help_document(code: str, folder: Path = HELP_DIR) -> str:
    """Help in ``code``: an HTML fragment written per language (web/help/<lang>.html)."""
    path = folder / f"{code if code in LANGUAGES else SOURCE_LANGUAGE}.html"
    return read_bytes(path).decode("utf-8")


MINUS = "\u2212"
"""The typographic minus sign: every negative score and point figure the page shows uses
it (never the hyphen "-"), through ``signed`` and ``number``."""


def signed(points: int) -> str:
    """Points won or lost, with their sign: "+34", "\u221269" (the typographic minus)."""
    return f"{points:+d}".replace("-", MINUS)


def number(value: int) -> str:
    """A score as shown: "120", "\u2212200" (the typographic minus)."""
    return str(value).replace("-", MINUS)


def decimal(value: float) -> str:
    """A figure to one decimal, half away from zero ("41.3", "-2.5"), with the language's
    decimal mark (the statistics, the hint's margin, the coach's figures)."""
    tenths = int(abs(value) * 10 + 0.5)
    sign = "-" if value < 0 and tenths else ""
    # TRANSLATORS: a number with one decimal, e.g. "41.3"; write your language's decimal mark.
    return sign + _("{units}.{tenths}").format(units=tenths // 10, tenths=tenths % 10)
