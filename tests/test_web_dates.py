"""web/dates.py: a day in the player's words for each of the page's languages (the
browser's own forms: e2e/test_i18n.py compares every month with Chromium's Intl)."""

from __future__ import annotations

import datetime

import dates
import i18n

DAY = datetime.date(2026, 12, 4)


def test_a_whole_date_in_each_language() -> None:
    assert [dates.long_date(DAY, lang) for lang in ("en", "de", "es", "it", "pt")] == [
        "December 4, 2026", "4. Dezember 2026", "4 de diciembre de 2026", "4 dicembre 2026",
        "4 de dezembro de 2026"]


def test_a_day_and_month_in_each_language() -> None:
    day = datetime.date(2026, 3, 29)
    assert [dates.day_and_month(day, lang) for lang in ("en", "de", "es", "it", "pt")] == [
        "March 29", "29. März", "29 de marzo", "29 marzo", "29 de março"]


def test_every_language_of_the_page_has_its_words() -> None:
    assert set(dates.MONTHS) == set(dates.LONG_DATE) == set(dates.DAY_AND_MONTH) == set(
        i18n.LANGUAGES)
    assert all(len(months) == 12 for months in dates.MONTHS.values())


def test_another_language_gets_english() -> None:
    assert dates.long_date(DAY, "fr") == "December 4, 2026"


def test_the_region_the_browser_prefers_orders_the_date() -> None:
    """Issue 45: a British English browser reads "4 December 2026", an American one
    "December 4, 2026" (e2e/test_i18n.py checks each against Chromium's own)."""
    assert dates.long_date(DAY, "en-GB") == "4 December 2026"
    assert dates.day_and_month(DAY, "en-GB") == "4 December"
    assert dates.long_date(DAY, "en-US") == dates.long_date(DAY, "en") == "December 4, 2026"
    assert dates.long_date(DAY, "pt-PT") == dates.long_date(DAY, "pt-BR") == (
        "4 de dezembro de 2026")


def test_a_region_not_written_here_is_left_to_the_browser() -> None:
    assert dates.long_date(DAY, "de-AT") is None  # ("Jänner"): the browser writes it
    assert dates.day_and_month(DAY, "en-ZA") is None  # ("04 December 2026")


def test_the_date_locale_is_the_browsers_first_tag_of_the_pages_language() -> None:
    assert dates.date_locale("en", ["de-DE", "en-GB", "en-US"]) == "en-GB"
    assert dates.date_locale("en", ["en"]) == "en"
    assert dates.date_locale("pt", ["pt_br"]) == "pt-BR"
    assert dates.date_locale("es", ["es-419"]) == "es-419"
    assert dates.date_locale("de", ["zh-Hant-TW", "de-Latn-AT"]) == "de-AT"
    assert dates.date_locale("it", ["en-GB"]) == "it"
