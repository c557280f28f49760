"""Fixtures shared by the page's tests under CPython: the catalogs as the build compiles
them, and a switch of the page's language for one test."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import settings

# Hypothesis fails an example that takes over 200 ms by default.  These tests check rules,
# not speed (the benchmarks measure that), and on a loaded machine even a trivial example
# can pass 200 ms: test_worlds' split failed so beside two arena processes.
settings.register_profile("no-deadline", deadline=None)
settings.load_profile("no-deadline")

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "web") not in sys.path:
    sys.path.insert(0, str(ROOT / "web"))

import i18n  # noqa: E402

import build  # noqa: E402


@pytest.fixture(scope="session")
def locale_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The catalogs compiled as the build compiles them, laid out as the page has them."""
    folder = tmp_path_factory.mktemp("locale")
    for lang, data in build.compiled_catalogs().items():
        target = folder / lang / "LC_MESSAGES" / f"{build.DOMAIN}.mo"
        target.parent.mkdir(parents=True)
        target.write_bytes(data)
    return folder


@pytest.fixture
def speak(locale_dir: Path) -> Iterator[Callable[[str], None]]:
    """Switch the page's language for one test, back to English after it."""
    def use(lang: str) -> None:
        i18n.set_language(lang, locale_dir)

    yield use
    i18n.set_language("en")
