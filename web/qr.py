"""The QR code of the online table's link, for a phone beside the screen (issue 29).

segno's encoder (pure Python, BSD-3-Clause; the build ships it in the code archive,
build.py SEGNO_WHEEL) turns the text into modules; the SVG is drawn here, one path of
dark squares. It is imported only when a link is shown.
"""

from __future__ import annotations

import html

QUIET_ZONE = 4
"""Light modules all round, as the standard asks, so that a camera finds the code."""


def qr_modules(text: str) -> tuple[tuple[int, ...], ...]:
    """The QR code of ``text`` (error correction M at least, the smallest version that
    holds it), as rows of modules: 1 dark, 0 light."""
    from segno import encoder

    code = encoder.encode(text, error="m", micro=False)  # type: ignore[no-untyped-call]
    return tuple(tuple(1 if module else 0 for module in row) for row in code.matrix)


def qr_svg(text: str, label: str) -> str:
    """``text`` as an inline SVG QR code that scales to its box (a viewBox, no size),
    dark on a white quiet zone whatever the page's colours, named ``label`` for a
    screen reader."""
    rows = qr_modules(text)
    size = len(rows) + 2 * QUIET_ZONE
    runs = []
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                runs.append(f"M{start + QUIET_ZONE} {y + QUIET_ZONE}h{x - start}v1h{start - x}z")
            else:
                x += 1
    return (f'<svg role="img" aria-label="{html.escape(label)}" viewBox="0 0 {size} {size}" '
            f'class="qr" shape-rendering="crispEdges"><path fill="#fff" '
            f'd="M0 0h{size}v{size}h-{size}z"/><path fill="#000" d="{"".join(runs)}"/></svg>')
