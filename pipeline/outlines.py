"""Pen strokes a PDF producer wrote as filled outlines.

Some producers never stroke a path: Java2D printing to PostScript, for one, turns every stroke into the outline of
its ink and fills that (a check box's frame becomes a filled square ring, a tick a filled sliver, a signature's
scrawl one long filled band). The steps that read drawn check boxes, circled answers and signatures look for
stroked paths and take a filled square for a ticked box. :func:`stroked_outlines` gives them such outlines back
as strokes: a filled path of lines and curves, about a word's size or larger, whose ink is a thin band (its area
twice over its perimeter, the band's width, at most a fifth of a word's height and a quarter of the shape's own
size) is a stroke of the fill's colour. A filled square, a dot, a logo or a shaded cell stays a fill.
"""

from __future__ import annotations

from typing import Any

import pymupdf

__all__ = ["curve_points", "stroked_outlines"]

#: the widest band (in word heights) that is a pen's stroke, and the smallest shape (in word heights) looked at:
#: a letter's outline, where text is set as curves, is smaller than a word's height
_MAX_WIDTH, _MIN_SIZE = 0.2, 0.8


def stroked_outlines(paths: list[dict[str, Any]], word_height: float) -> list[dict[str, Any]]:
    """``paths`` (``Page.get_drawings``) with each filled outline of a stroke given as that stroke."""
    out = []
    for d in paths:
        width = _band_width(d, word_height)
        if width is None:
            out.append(d)
        else:
            out.append({**d, "type": "s", "color": d["fill"], "fill": None, "closePath": False, "width": width})
    return out


def _band_width(d: dict[str, Any], word_height: float) -> float | None:
    """The width of the band a filled path's ink is, where it is a stroke's outline; else None."""
    if d.get("type") != "f" or d.get("fill") is None or word_height <= 0:
        return None
    items = d.get("items", [])
    if not items or any(item[0] not in ("l", "c") for item in items):
        return None  # (rectangles and quads: bars, cells, a QR code's modules)
    r = pymupdf.Rect(d["rect"])
    if max(r.width, r.height) < _MIN_SIZE * word_height:
        return None
    area = perimeter = 0.0
    rings = _subpaths(items)
    boxes = [_box(ring) for ring in rings]
    for k, ring in enumerate(rings):
        signed = sum(a.x * b.y - b.x * a.y for a, b in zip(ring, [*ring[1:], ring[0]], strict=True)) / 2
        depth = sum(1 for j, other in enumerate(boxes) if j != k and other.contains(boxes[k]) and other != boxes[k])
        area += abs(signed) if depth % 2 == 0 else -abs(signed)  # a hole inside an outer contour
        perimeter += sum(abs(b - a) for a, b in zip(ring, [*ring[1:], ring[0]], strict=True))
    if perimeter <= 0 or area <= 0:
        return None
    width = 2 * area / perimeter
    return width if width <= _MAX_WIDTH * word_height and width <= 0.25 * min(r.width, r.height) + 1e-6 else None


def _subpaths(items: list[tuple[Any, ...]]) -> list[list[pymupdf.Point]]:
    """The path's contours as polygons, curves flattened: a contour ends where the next item starts elsewhere."""
    rings: list[list[pymupdf.Point]] = []
    last: pymupdf.Point | None = None
    for item in items:
        start = item[1]
        if last is None or abs(start - last) > 1e-3:
            rings.append([start])
        if item[0] == "l":
            rings[-1].append(item[2])
            last = item[2]
        else:
            rings[-1] += curve_points(item)[1:]
            last = item[4]
    return [ring for ring in rings if len(ring) >= 3]


def curve_points(item: tuple[Any, ...]) -> list[pymupdf.Point]:
    """Nine points along a path's Bézier curve (``("c", p0, p1, p2, p3)``), from its start to its end."""
    p0, p1, p2, p3 = item[1:5]
    out = []
    for k in range(9):
        t = k / 8
        a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t ** 2, t ** 3
        out.append(pymupdf.Point(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y))
    return out


def _box(ring: list[pymupdf.Point]) -> pymupdf.Rect:
    return pymupdf.Rect(min(p.x for p in ring), min(p.y for p in ring), max(p.x for p in ring),
                        max(p.y for p in ring))
