"""The words a first visit shows while the game downloads (issue 45), before Python runs.

web/progress.js shows them, so they cannot be read from a catalog at run time: build.py
writes each language's into dist/progress.js from the gettext catalogs (``words``), which
stay the only source of translations. Pure Python (build.py and tests/ read it under
CPython); the page itself never imports it, and it is not shipped.
"""

from __future__ import annotations

from collections.abc import Callable


def N_(message: str) -> str:
    """Mark a message for extraction (it is translated by the build, not at run time)."""
    return message


LABEL = N_("Getting the game ready")
"""The download's bar, as a screen reader names it."""
# TRANSLATORS: a first visit's download before the game can start; {done} and {total} are
# megabytes with one decimal, written in the language's own way ("4.1 of 13.9 MB").
PROGRESS = N_("Getting the game ready: {done} of {total} MB")
"""The words beside the bar."""


def words(gettext: Callable[[str], str]) -> dict[str, str]:
    """The download's words in one language (``gettext``: that language's)."""
    return {"label": gettext(LABEL), "progress": gettext(PROGRESS)}
