"""The PNG icons of the site, drawn from web/icon.svg with Pillow (build.py calls it).

Pillow cannot read SVG, and cairosvg needs the system cairo library, so the few shapes
the icon is made of are drawn here: each <rect> (with its rx) and each <path> (M L H V C
A Z, absolute or relative), the curves and arcs sampled into polygon points. Drawn at 4x
and averaged down (BOX: each pixel the mean of its 4x4 block, i.e. 16-sample coverage;
LANCZOS rings, leaving stray faint pixels in the transparent corners). Editing
web/icon.svg changes the PNGs.

    icon-192.png, icon-512.png   the SVG as it is (transparent round corners)
    icon-maskable-512.png        full-bleed background, the rest within the 80% safe zone

Deterministic: the same SVG and Pillow give the same bytes (no time or text chunks),
since the build id hashes every file of dist/. Not part of the site (not in web/).
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageColor, ImageDraw

SIZES = (192, 512)
MASKABLE_SIZE = 512
SAFE_ZONE = 0.8  # a maskable icon's content: the central circle of 80% of its width
SUPERSAMPLE = 4
STEPS = 64  # points per curve or arc

Point = tuple[float, float]


def icon_names() -> list[str]:
    """The files write_icons writes (relative to its folder)."""
    return [f"icon-{size}.png" for size in SIZES] + [f"icon-maskable-{MASKABLE_SIZE}.png"]


@dataclass(frozen=True)
class Shape:
    """One filled shape of the SVG: a rounded rectangle or a polygon, in viewBox units."""

    fill: str
    points: tuple[Point, ...] = ()  # a path, flattened
    box: tuple[float, float, float, float] | None = None  # a rect: x0, y0, x1, y1
    radius: float = 0.0  # the rect's rx


@dataclass(frozen=True)
class Drawing:
    width: float
    height: float
    shapes: tuple[Shape, ...]

    def covers_all(self, shape: Shape) -> bool:
        """A rect over the whole viewBox: the icon's background."""
        return shape.box is not None and shape.box[:2] <= (0, 0) and (
            shape.box[2] >= self.width and shape.box[3] >= self.height)


# --------------------------------------------------------------------------- SVG


def read_svg(path: Path) -> Drawing:
    """The rects and paths of an SVG file (nothing else is allowed: no transforms)."""
    root = ET.parse(path).getroot()
    x0, y0, width, height = (float(v) for v in root.attrib["viewBox"].replace(",", " ").split())
    if (x0, y0) != (0, 0):
        raise ValueError(f"{path}: the viewBox must start at 0 0")
    shapes = []
    for element in root.iter():
        tag = element.tag.rsplit("}", 1)[-1]
        if tag == "svg":
            continue
        if "transform" in element.attrib:
            raise ValueError(f"{path}: transforms are not drawn")
        fill = element.get("fill", "#000")
        if tag == "rect":
            x, y = float(element.get("x", 0)), float(element.get("y", 0))
            w, h = float(element.attrib["width"]), float(element.attrib["height"])
            rx = float(element.get("rx", element.get("ry", 0)))
            shapes.append(Shape(fill, box=(x, y, x + w, y + h), radius=min(rx, w / 2, h / 2)))
        elif tag == "path":
            for contour in flatten_path(element.attrib["d"]):
                shapes.append(Shape(fill, points=tuple(contour)))
        else:
            raise ValueError(f"{path}: <{tag}> is not drawn (only rect and path)")
    return Drawing(width, height, tuple(shapes))


TOKEN = re.compile(r"[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "A": 7, "Z": 0}


def flatten_path(d: str) -> list[list[Point]]:
    """The contours of an SVG path's data as polygons (curves and arcs sampled)."""
    tokens = TOKEN.findall(d)
    contours: list[list[Point]] = []
    current: list[Point] = []
    x = y = start_x = start_y = 0.0
    i = 0
    command = ""
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
        elif not command:
            raise ValueError(f"path data starts with a number: {d!r}")
        upper = command.upper()
        if upper not in ARGS:
            raise ValueError(f"path command {command!r} is not drawn")
        count = ARGS[upper]
        args = [float(t) for t in tokens[i : i + count]]
        if len(args) < count:
            raise ValueError(f"path command {command!r} lacks numbers: {d!r}")
        i += count
        relative = command.islower()
        if upper == "Z":
            if current:
                contours.append(current)
            current = []
            x, y = start_x, start_y
            continue
        if upper == "M":
            if current:
                contours.append(current)
            x, y = (x + args[0], y + args[1]) if relative else (args[0], args[1])
            start_x, start_y = x, y
            current = [(x, y)]
            command = "l" if relative else "L"  # further pairs are lines
            continue
        if upper == "H":
            x = x + args[0] if relative else args[0]
            current.append((x, y))
        elif upper == "V":
            y = y + args[0] if relative else args[0]
            current.append((x, y))
        elif upper == "L":
            x, y = (x + args[0], y + args[1]) if relative else (args[0], args[1])
            current.append((x, y))
        elif upper == "C":
            if relative:
                args = [v + (x if k % 2 == 0 else y) for k, v in enumerate(args)]
            p0, p1, p2, p3 = (x, y), (args[0], args[1]), (args[2], args[3]), (args[4], args[5])
            current.extend(cubic_points(p0, p1, p2, p3))
            x, y = p3
        else:  # "A"
            rx, ry, rotation, large, sweep, ex, ey = args
            if relative:
                ex, ey = x + ex, y + ey
            current.extend(arc_points((x, y), rx, ry, rotation, bool(large), bool(sweep),
                                      (ex, ey)))
            x, y = ex, ey
    if current:
        contours.append(current)
    return contours


def cubic_points(p0: Point, p1: Point, p2: Point, p3: Point) -> list[Point]:
    """A cubic Bézier sampled at STEPS points (its start left out, its end included)."""
    points = []
    for step in range(1, STEPS + 1):
        t = step / STEPS
        u = 1 - t
        a, b, c, e = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
        points.append((a * p0[0] + b * p1[0] + c * p2[0] + e * p3[0],
                       a * p0[1] + b * p1[1] + c * p2[1] + e * p3[1]))
    return points


def arc_points(start: Point, rx: float, ry: float, rotation: float, large: bool,
               sweep: bool, end: Point) -> list[Point]:
    """An SVG elliptical arc sampled at STEPS points (start left out, end included):
    the endpoint-to-centre conversion of the SVG spec (implementation notes, F.6.5)."""
    (x1, y1), (x2, y2) = start, end
    if start == end:
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [end]
    phi = math.radians(rotation)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p, y1p = cos * dx + sin * dy, -sin * dx + cos * dy
    scale = x1p**2 / rx**2 + y1p**2 / ry**2
    if scale > 1:  # radii too small to reach: scaled up, as the spec says
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    numerator = rx**2 * ry**2 - rx**2 * y1p**2 - ry**2 * x1p**2
    denominator = rx**2 * y1p**2 + ry**2 * x1p**2
    coef = math.sqrt(max(0.0, numerator / denominator)) * (-1 if large == sweep else 1)
    cxp, cyp = coef * rx * y1p / ry, -coef * ry * x1p / rx
    cx = cos * cxp - sin * cyp + (x1 + x2) / 2
    cy = sin * cxp + cos * cyp + (y1 + y2) / 2

    def angle(ux: float, uy: float, vx: float, vy: float) -> float:
        return math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)

    ux, uy = (x1p - cxp) / rx, (y1p - cyp) / ry
    theta = angle(1, 0, ux, uy)
    delta = angle(ux, uy, (-x1p - cxp) / rx, (-y1p - cyp) / ry)
    if not sweep and delta > 0:
        delta -= 2 * math.pi
    elif sweep and delta < 0:
        delta += 2 * math.pi
    points = []
    for step in range(1, STEPS + 1):
        t = theta + delta * step / STEPS
        ex, ey = rx * math.cos(t), ry * math.sin(t)
        points.append((cx + cos * ex - sin * ey, cy + sin * ex + cos * ey))
    points[-1] = end
    return points


# --------------------------------------------------------------------------- drawing


def render(drawing: Drawing, size: int, background: str | None = None) -> Image.Image:
    """The drawing at size x size pixels. With a background: a maskable icon, that colour
    over the whole square instead of the drawing's background rect, and the rest scaled
    about the centre (never up) to lie within the safe zone."""
    big = size * SUPERSAMPLE
    unit = big / max(drawing.width, drawing.height)
    cx, cy = drawing.width / 2, drawing.height / 2
    shapes = list(drawing.shapes)
    scale = 1.0
    if background is None:
        image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    else:
        image = Image.new("RGB", (big, big), ImageColor.getrgb(background))
        shapes = [shape for shape in shapes if not drawing.covers_all(shape)]
        corners = [corner for shape in shapes for corner in outline(shape)]
        reach = max((math.hypot(px - cx, py - cy) for px, py in corners), default=0.0)
        safe = SAFE_ZONE / 2 * min(drawing.width, drawing.height)
        if reach > safe:
            scale = safe / reach

    def place(px: float, py: float) -> Point:
        return ((cx + (px - cx) * scale) * unit, (cy + (py - cy) * scale) * unit)

    pen = ImageDraw.Draw(image)
    for shape in shapes:
        colour = ImageColor.getrgb(shape.fill)
        if shape.box is not None:
            x0, y0 = place(shape.box[0], shape.box[1])
            x1, y1 = place(shape.box[2], shape.box[3])
            pen.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=shape.radius * scale * unit,
                                  fill=colour)
        else:
            pen.polygon([place(px, py) for px, py in shape.points], fill=colour)
    return image.resize((size, size), Image.Resampling.BOX)


def outline(shape: Shape) -> list[Point]:
    """Points bounding a shape (a rect's corners, a path's points)."""
    if shape.box is None:
        return list(shape.points)
    x0, y0, x1, y1 = shape.box
    return [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]


def write_icons(svg: Path, out: Path, background: str) -> list[Path]:
    """Draw the icons of icon_names() from ``svg`` into ``out``; the maskable one on
    ``background`` (a "#rrggbb" colour: the manifest's theme colour)."""
    drawing = read_svg(svg)
    images = [render(drawing, size) for size in SIZES]
    images.append(render(drawing, MASKABLE_SIZE, background))
    written = []
    for name, image in zip(icon_names(), images, strict=True):
        path = out / name
        # No pnginfo, so no time or text chunks: the same bytes every build.
        image.save(path, format="PNG", optimize=True)
        written.append(path)
    return written
