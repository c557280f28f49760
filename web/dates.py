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
from collections.abc import Iterable

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


DAY_FIRST_ENGLISH = frozenset({"GB", "AU", "IE", "IN", "NZ", "SG", "001", "150"})
"""The regions whose English puts the day first ("4 December 2026", en-GB)."""

REGIONS = {
    "en": frozenset({"US", "CA", "PH"}) | DAY_FIRST_ENGLISH,
    "de": frozenset({"DE", "CH", "LU"}), "es": frozenset({"ES", "MX", "AR", "US"}),
    "it": frozenset({"IT", "CH"}), "pt": frozenset({"BR", "PT"}),
}
"""The regions whose dates are written here, by language: checked against the browser
(e2e/test_i18n.py); the dates of any other region are the browser's to write (Austria's
"Jänner", Peru's "setiembre", South Africa's "04 December")."""


def date_locale(language: str, preferred: Iterable[str]) -> str:
    """The locale a date is written in: the browser's first preferred language tag of the
    page's ``language`` with its region ("en-GB"), else the language alone."""
    for tag in preferred:
        parts = tag.replace("_", "-").split("-")
        if parts[0].lower() == language:
            region = next((part.upper() for part in parts[1:]
                           if len(part) == 2 or part.isdigit()), "")
            return f"{language}-{region}" if region else language
    return language


def long_date(day: datetime.date, locale: str) -> str | None:
    """``day`` in full in ``locale`` ("en", "en-GB"), English for a language the page does
    not speak; None for a region whose dates the browser writes (``REGIONS``)."""
    return _written(day, locale, LONG_DATE, "{day} {month} {year}")


def day_and_month(day: datetime.date, locale: str) -> str | None:
    """``day``'s day and month in ``locale``, as ``long_date``."""
    return _written(day, locale, DAY_AND_MONTH, "{day} {month}")


def _written(day: datetime.date, locale: str, forms: dict[str, str],
             day_first: str) -> str | None:
    """``day`` in ``locale`` by ``forms``, or by ``day_first`` for an English region that
    puts the day first (DAY_FIRST_ENGLISH)."""
    language, _, region = locale.partition("-")
    if language not in forms:
        language, region = "en", ""
    if region and region not in REGIONS[language]:
        return None
    form = day_first if language == "en" and region in DAY_FIRST_ENGLISH else forms[language]
    month = MONTHS[language][day.month - 1]
    return form.format(day=day.day, month=month, year=day.year)
