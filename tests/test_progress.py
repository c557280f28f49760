"""The words and files build.py writes into dist/progress.js (issue 45, item 5): a first
visit's download, shown before Python runs, in each language of the page."""

from __future__ import annotations

import json
import re

import pytest
from progress_words import LABEL, PROGRESS, words

import build

PAGE = (build.WEB / "index.html").read_text(encoding="utf-8")


def test_every_language_has_the_download_words_with_both_numbers() -> None:
    found = build.progress_words(PAGE)
    assert set(found) == {"en", *build.TRANSLATED}
    assert found["en"] == {"label": LABEL, "progress": PROGRESS, "header": {}}
    for lang in build.TRANSLATED:
        said = found[lang]
        assert said["label"] != LABEL and said["progress"] != PROGRESS, lang
        assert sorted(re.findall(r"\{\w+\}", str(said["progress"]))) == ["{done}", "{total}"]
        assert str(said["progress"]).startswith(str(said["label"])), lang


def test_the_header_words_are_the_header_messages_in_that_language() -> None:
    header = build.header_messages(PAGE)
    assert {"Today", "New game", "Options", "Menu", "Play online"} <= set(header)
    assert "Your cards" not in header  # the hand's, not the header's
    german = build.progress_words(PAGE)["de"]["header"]
    assert isinstance(german, dict)
    assert german["New game"] == "Neues Spiel"
    assert set(german) <= set(header)


def test_words_translates_both_messages() -> None:
    assert words(str.upper) == {"label": LABEL.upper(), "progress": PROGRESS.upper()}


def test_the_worker_and_the_page_name_the_same_mark() -> None:
    """sw.js marks that the browser kept no wasm; progress.js looks for that mark."""
    worker = (build.WEB / "sw.js").read_text(encoding="utf-8")
    page = (build.WEB / "progress.js").read_text(encoding="utf-8")
    assert 'const NO_WASM_KEPT = "./no-wasm-kept";' in worker
    assert 'page + "no-wasm-kept"' in page
    assert build.PROGRESS_MARK in page


@pytest.mark.skipif(not (build.DIST / "progress.js").exists(), reason="dist/ is not built")
def test_the_built_script_counts_the_first_visits_files() -> None:
    text = (build.DIST / "progress.js").read_text(encoding="utf-8")
    data = json.loads(re.search(r"const DATA = (\{.*?\});\n", text).group(1))
    files = data["files"]
    assert data["wasm"] == build.RUNTIME_WASM and build.RUNTIME_WASM in files
    for _, name in build.start_files(build.DIST):
        assert name in files, name
    assert {"table.css", "paint.js", "pyscript/core.js", "main.py"} <= set(files)
    assert "progress.js" not in files and "index.html" not in files
    assert all(files[name] == (build.DIST / name).stat().st_size for name in files)
