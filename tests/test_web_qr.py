"""The QR code of the online table's link (web/qr.py): the link's modules, whole, with
their quiet zone, scaled by its box, named for a screen reader; segno pinned once."""

from __future__ import annotations

import re

import qr
import segno

import build

LONG_LINK = "https://someone-with-a-long-name.github.io/spades-the-card-game/?online=K7QM-3FHX"


def dark_modules(svg: str) -> set[tuple[int, int]]:
    """The modules the SVG's dark path covers (each run "M x y h n v1 h -n z")."""
    path = re.search(r'<path fill="#000" d="([^"]+)"', svg)
    assert path is not None
    drawn: set[tuple[int, int]] = set()
    for x, y, run in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\d+z", path.group(1)):
        drawn |= {(int(x) + i, int(y)) for i in range(int(run))}
    assert "".join(re.findall(r"M\d+ \d+h\d+v1h-\d+z", path.group(1))) == path.group(1)
    return drawn


def test_the_svg_draws_exactly_the_links_modules_inside_a_quiet_zone() -> None:
    svg = qr.qr_svg(LONG_LINK, "QR code of the link")
    code = segno.make(LONG_LINK, error="m", micro=False)  # the whole library, here
    width, height = code.symbol_size(scale=1, border=4)
    assert f'viewBox="0 0 {width} {height}"' in svg and width == height
    assert " width=" not in svg and " height=" not in svg  # its box sizes it
    expected = {(column + 4, row + 4) for row, line in enumerate(code.matrix)
                for column, module in enumerate(line) if module}
    assert dark_modules(svg) == expected
    assert min(x for x, _ in expected) == 4  # the quiet zone: four modules all round
    assert code.version <= 10  # a phone reads it from across a table


def test_the_svg_is_named_for_a_screen_reader() -> None:
    svg = qr.qr_svg("https://example.org/?online=K7QM-3FHX", 'Le "lien" <QR>')
    assert svg.startswith('<svg role="img" aria-label="Le &quot;lien&quot; &lt;QR&gt;" ')


def test_segno_is_pinned_once() -> None:
    name, version, _sha256 = build.SEGNO_WHEEL
    assert f"{name}=={version}" in build.test_requirements()
    assert segno.__version__ == version
