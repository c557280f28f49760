"""A day in the player's words, as the browser's own calendar writes it, without asking it.

The front door names today's date as the page starts, and the header an earlier day's
daily game. Asked of the browser (``toLocaleDateString``), the first date of a tab cost
11-70 ms (ICU's start) on the page's start, whenever the tab had not been idle before
Python came to run (issue 30). The page speaks five languages, so their two forms are
written here, word for word as Chromium's Intl writes them for the page's language
(CLDR: ``dateStyle: "long"`` and ``{day: "numeric", month: "long"}``); e2e/test_i18n.py
checks every month of every language against the browser. The record's calendar (month
and weekday names, opened on demand) still asks the browser.
"""

from __future__ import annotations

import datetime

MONTHS = {
    "en": ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"),
    "de": ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August",
           "September", "Oktober", "November", "Dezember"),
    "es": ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
           "septiembre", "octubre", "noviembre", "diciembre"),
    "it": ("gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto",
           "settembre", "ottobre", "novembre", "dicembre"),
    "pt": ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto",
           "setembro", "outubro", "novembro", "dezembro"),
}
"""The months' names, January first, by the page's languages (i18n.LANGUAGES)."""

LONG_DATE = {"en": "{month} {day}, {year}", "de": "{day}. {month} {year}",
             "es": "{day} de {month} de {year}", "it": "{day} {month} {year}",
             "pt": "{day} de {month} de {year}"}
"""A whole date ("December 4, 2026"): the door's title, the share line."""

DAY_AND_MONTH = {"en": "{month} {day}", "de": "{day}. {month}", "es": "{day} de {month}",
                 "it": "{day} {month}", "pt": "{day} de {month}"}
"""A day of this year or the last ("December 4"): an earlier day's daily game."""


def long_date(day: datetime.date, language: str) -> str:
    """``day`` in full in ``language`` (English for a language the page does not speak)."""
    return _written(day, language, LONG_DATE)


def day_and_month(day: datetime.date, language: str) -> str:
    """``day``'s day and month in ``language`` (English for one the page does not speak)."""
    return _written(day, language, DAY_AND_MONTH)


def _written(day: datetime.date, language: str, forms: dict[str, str]) -> str:
    if language not in forms:
        language = "en"
    month = MONTHS[language][day.month - 1]
    return forms[language].format(day=day.day, month=month, year=day.year)
