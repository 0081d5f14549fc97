"""Handwriting on a page: a signature signed in ink on a scan, or drawn in pen strokes on a born-digital page.

Neither is text: OCR reads a scribble as nothing or as a stray symbol, and a text layer holds no word for a curve.
Yet a claim form is signed or not by it. Each mark found becomes one word, :data:`SIGNATURE_MARK`, where the mark
is, so that the engines read it beside a signature's caption as they read a signed name.

On a scan, a mark is ink that no word covers, once the rules and frames are taken out: a cluster of strokes a few
word heights wide and one to five tall, thin lines over a sparse box (neither a speck of noise, nor a filled
block, nor a logo's solid shape). On a born-digital page it is a cluster of stroked paths, none filled, that
draw three curves or more (or a zigzag of six slanted lines or more, most of their lines), about as large; or a
picture pasted onto the page (a signature scanned once and stamped into each form), read as a scan is.
"""

from __future__ import annotations

from collections.abc import Callable
from statistics import median
from typing import Any

import numpy as np
import pymupdf
from PIL import Image

from engine.base import SIGNATURE_MARK
from engine.rules import yes_or_no
from pipeline.formfields import CHECKED, UNCHECKED
from pipeline.layout import LineUnit, RawWord
from pipeline.outlines import curve_points

__all__ = ["SIGNATURE_MARK", "add_drawn_signatures", "add_ink_signatures", "add_pictured_signatures",
           "find_ink_signatures", "page_ink", "rule_lines", "word_height"]

#: a mark's size against the page's median word height: at least this wide, and this tall at least / at most
_MIN_WIDTH, _MIN_HEIGHT, _MAX_HEIGHT = 2.0, 0.5, 5.0
#: ... a signature drawn in pen strokes (a vector path, no scan's smudge) up to this tall: a name signed 14 mm high,
#: its loops reaching over the caption, on a form whose captions and values are set in 6-point type
_MAX_DRAWN_HEIGHT = 8.0
#: at most this share of the page's width (a rule across the page, a banner)
_MAX_PAGE_SHARE = 0.6
#: share of a mark's box that is ink: strokes are sparse, a logo or a filled block is not
_MIN_FILL, _MAX_FILL = 0.02, 0.3
#: at most this many marks on a page (more is a pattern or a picture, not handwriting)
_MAX_MARKS = 6


def word_height(words: list[RawWord]) -> float | None:
    """The median height of the words of two characters or more (a page's body text), None without any."""
    heights = [w.y1 - w.y0 for w in words if len(w.text) >= 2]
    return median(heights) if heights else None


def blank_words(ink: np.ndarray, words: list[RawWord], height: float) -> None:
    """Clear, in place, the ink of each word's box (pixel coordinates) with a margin of 0.15 ``height``: what OCR
    read is text, not a mark."""
    pad = max(1, round(0.15 * height))
    for w in words:
        ink[max(0, int(w.y0) - pad):int(w.y1) + pad + 1, max(0, int(w.x0) - pad):int(w.x1) + pad + 1] = 0


def _word_height(units: list[LineUnit]) -> float | None:
    return word_height([w for u in units for w in u.words])


def page_ink(image: Image.Image) -> np.ndarray:
    """The dark pixels of ``image`` (1, else 0) by Otsu's threshold over the whole page."""
    import cv2

    _, ink = cv2.threshold(np.asarray(image.convert("L")), 0, 1, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    return ink.astype(np.uint8)


def rule_lines(ink: np.ndarray, word_height: float) -> np.ndarray:
    """The rules and frames among ``ink``, with their edges: level runs three word heights long and plumb ones
    taller than any letter."""
    import cv2

    level, plumb = max(8, round(3 * word_height)), max(6, round(1.5 * word_height))
    lines = cv2.morphologyEx(ink, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (level, 1)))
    lines |= cv2.morphologyEx(ink, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (1, plumb)))
    return cv2.dilate(lines, np.ones((3, 3), np.uint8))


def add_ink_signatures(image: Image.Image, units: list[LineUnit]) -> list[LineUnit]:
    """``units`` (OCR words in the pixels of ``image``) with a :data:`SIGNATURE_MARK` word for each mark found."""
    height = _word_height(units)
    if height is None:
        return units
    marks = find_ink_signatures(image, [w for u in units for w in u.words], height)
    return units + [LineUnit([m]) for m in marks]


def find_ink_signatures(image: Image.Image, words: list[RawWord], word_height: float,
                        page_width: float | None = None) -> list[RawWord]:
    """Clusters of handwritten strokes in ``image`` that no word in ``words`` covers (pixel coordinates);
    ``page_width`` in pixels where ``image`` is a part of its page."""
    import cv2

    ink = page_ink(image)
    rows, cols = ink.shape
    # filled shapes (a logo's disc with its initials in white, a dark band): ink a square of two thirds of a word's
    # height fits in, as no pen stroke does; their rims, left once the rules are taken out, are no strokes either
    side = max(3, round(0.66 * word_height))
    solid = cv2.dilate(cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((side, side), np.uint8)),
                       np.ones((side, side), np.uint8))
    # rules and frames found before the words are taken out, which would cut a rule running under them short
    rules = rule_lines(ink, word_height)
    pad = max(1, round(0.15 * word_height))
    for w in words:  # what OCR read is text, not a mark; a stray symbol it read on a scribble stays
        if sum(c.isalnum() for c in w.text) >= 2:
            ink[max(0, int(w.y0) - pad):int(w.y1) + pad, max(0, int(w.x0) - pad):int(w.x1) + pad] = 0
    strokes = ink & ~rules & ~solid & 1
    strokes = cv2.morphologyEx(strokes, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))  # specks of noise
    reach = max(3, round(0.5 * word_height))
    joined = cv2.dilate(strokes, cv2.getStructuringElement(cv2.MORPH_RECT, (reach, max(2, reach // 2))))
    count, _, stats, _ = cv2.connectedComponentsWithStats(joined, connectivity=8)
    edge = 0.02 * max(rows, cols)
    found: list[RawWord] = []
    for x, y, w, h, _area in stats[1:count]:
        if not (_MIN_WIDTH * word_height <= w <= _MAX_PAGE_SHARE * (page_width or cols)
                and _MIN_HEIGHT * word_height <= h <= _MAX_HEIGHT * word_height):
            continue
        if x < edge or y < edge or x + w > cols - edge or y + h > rows - edge:
            continue  # a scanner's border or the shadow of the page's edge
        fill = float(strokes[y:y + h, x:x + w].mean())
        if _MIN_FILL <= fill <= _MAX_FILL and _stroked(strokes[y:y + h, x:x + w]):
            found.append(RawWord(SIGNATURE_MARK, float(x), float(y), float(x + w), float(y + h), 0.8))
    return found if len(found) <= _MAX_MARKS else []


def _stroked(cell: np.ndarray) -> bool:
    """Whether the ink of ``cell`` runs across it in strokes: it rises and falls over most of the columns (a
    scribble), rather than standing in a few upright bars (figures or letters OCR missed) or one thick blob, and
    it crosses the middle of the box, not only its edges (what is left of a frame's corners)."""
    columns = cell.any(axis=0)
    if columns.mean() < 0.6:
        return False
    tops = np.argmax(cell, axis=0)[columns]
    h, w = cell.shape
    middle = cell[h // 4: h - h // 4, w // 10: w - w // 10]
    return (len(tops) >= 4 and float(np.std(tops)) >= 0.08 * h
            and middle.size > 0 and float(middle.mean()) >= 0.5 * float(cell.mean()))


def add_drawn_signatures(drawings: Callable[[], list[dict[str, Any]]], units: list[LineUnit],
                         matrix: pymupdf.Matrix, page_width: float) -> list[LineUnit]:
    """A born-digital page with a signature drawn as pen strokes, in one path or one path a stroke: a
    :data:`SIGNATURE_MARK` word for each cluster of stroked curves (or slanted zigzags) about the size of a signed
    name. ``drawings`` gives the page's drawings
    (``Page.get_drawings``), read only when the page has words."""
    height = _word_height(units)
    if height is None:
        return units
    paths = drawings()
    if not paths or len(paths) > 20_000:
        return units
    strokes: list[tuple[pymupdf.Rect, int, int, int]] = []  # where, curves, lines, slanted lines
    for d in paths:
        if d.get("type") != "s" or d.get("closePath"):
            continue  # a filled shape or a closed one (a circle, a frame) is no pen stroke
        curves, lines, slanted = _pen_items(d["items"])
        if curves or slanted:
            strokes.append((_inked_rect(d["items"], d["rect"]) * matrix, curves, lines, slanted))
    marks = [r for r, curves, lines, slanted in _clusters(strokes, height)
             if curves >= 3 or (slanted >= 6 and slanted >= 0.6 * lines)]
    words = [w for u in units for w in u.words]
    out = list(units)
    found = 0
    for r in marks:
        if not (_MIN_WIDTH * height <= r.width <= _MAX_PAGE_SHARE * page_width
                and _MIN_HEIGHT * height <= r.height <= _MAX_DRAWN_HEIGHT * height):
            continue
        # curves drawn around text (a frame, an ornament) hold words whole, a ring round one answer ("Yes" circled,
        # which add_circled_answers reads) its word; a name signed across its caption ("Signature de l'assuré"
        # under the strokes) only crosses them
        # (the box ticked before a circled answer is no word of the page's: it stands inside a wide ring)
        inside = [w for w in words if r.contains(pymupdf.Rect(w.x0, w.y0, w.x1, w.y1))
                  and w.text not in (CHECKED, UNCHECKED) and any(c.isalnum() for c in w.text)]
        answers = bool(inside) and all(yes_or_no(w.text) is not None for w in inside)
        if len(inside) > 2 or len(inside) == 1 and (answers or _ticked_before(inside[0], words)):
            continue  # (an option circled, its box ticked by add_circled_answers: "Vozidlo ☒ (Zdraví)")
        if len(inside) == 2 and answers and any(_ticked_before(w, words) for w in inside):
            continue  # a ring round one answer whose pen stroke runs in over the other ("☒ Ja ☐ Nej")
        if len(inside) == 2 and _ticked_before(min(inside, key=lambda w: w.x0), words):
            continue  # an option of two words circled, its box ticked ("☒ (Hausrat / Wohngebäude)")
        out.append(LineUnit([RawWord(SIGNATURE_MARK, r.x0, r.y0, r.x1, r.y1, 1.0)]))
        found += 1
    return out if found <= _MAX_MARKS else units


def _ticked_before(word: RawWord, words: list[RawWord]) -> bool:
    """Whether a ticked box stands right before ``word``, on its line, within a word height."""
    h = word.y1 - word.y0
    return any(w.text == CHECKED and 0 <= word.x0 - w.x1 <= h and abs(w.y0 - word.y0) <= 0.5 * h for w in words)


#: a picture taller than this many word heights is a photograph or a page, not a signature
_MAX_PICTURE_HEIGHT = 10.0
#: the scale a picture is rendered at: about this many pixels to a word's height, as on a scan at 300 dpi
_PICTURE_WORD_PIXELS = 40.0


def add_pictured_signatures(page: pymupdf.Page, units: list[LineUnit]) -> list[LineUnit]:
    """A born-digital page with a signature pasted in as a picture: each picture about the size of a signed name
    is rendered with a margin of the page around it, and a :data:`SIGNATURE_MARK` word added for the handwriting
    :func:`find_ink_signatures` finds in it (a logo's solid shapes and a picture of text are none). Pages turned by
    their /Rotate entry are left as they are."""
    height = _word_height(units)
    if height is None or page.rotation:
        return units
    words = [w for u in units for w in u.words]
    out = list(units)
    found = 0
    for info in page.get_image_info():
        box = pymupdf.Rect(info["bbox"]) & page.rect
        if box.is_empty or not (_MIN_WIDTH * height <= box.width <= _MAX_PAGE_SHARE * page.rect.width
                                and box.height <= _MAX_PICTURE_HEIGHT * height):
            continue
        clip = pymupdf.Rect(box.x0 - height, box.y0 - height, box.x1 + height, box.y1 + height) & page.rect
        zoom = _PICTURE_WORD_PIXELS / height
        pix = page.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom), clip=clip, colorspace=pymupdf.csGRAY, alpha=False)
        image = Image.frombytes("L", (pix.width, pix.height), pix.samples)
        near = [RawWord(w.text, (w.x0 - clip.x0) * zoom, (w.y0 - clip.y0) * zoom, (w.x1 - clip.x0) * zoom,
                        (w.y1 - clip.y0) * zoom, w.confidence) for w in words if pymupdf.Rect(w.x0, w.y0, w.x1, w.y1)
                .intersects(clip)]
        for m in find_ink_signatures(image, near, _PICTURE_WORD_PIXELS, page.rect.width * zoom):
            out.append(LineUnit([RawWord(SIGNATURE_MARK, clip.x0 + m.x0 / zoom, clip.y0 + m.y0 / zoom,
                                         clip.x0 + m.x1 / zoom, clip.y0 + m.y1 / zoom, 1.0)]))
            found += 1
    return out if found <= _MAX_MARKS else units


def _pen_items(items: list[tuple]) -> tuple[int, int, int]:
    """How many curves, lines and slanted lines a path draws; none for a frame with rounded corners (level and
    plumb sides joined by curves). A pen stroke drawn as a polyline of many short pieces (a web app's canvas
    signature) has level or plumb pieces among them, short ones: a path counts as a frame only where its level and
    plumb pieces make up more than half of its length. A piece is level or plumb where it strays across its run by a
    fifth of a point at most and by a tenth of its length at most: a spline flattened into pieces of half a point (as
    pic2plot draws one) is no frame, and a long, nearly level flourish of a signature is no frame's side either."""
    curves = sum(1 for it in items if it[0] == "c")
    segments = [it for it in items if it[0] == "l"]
    square = [it for it in segments if min(abs(it[1].x - it[2].x), abs(it[1].y - it[2].y))
              <= min(0.2, 0.1 * max(abs(it[1].x - it[2].x), abs(it[1].y - it[2].y)))]
    slanted = len(segments) - len(square)
    length = sum(abs(it[1] - it[2]) for it in segments)
    if (len(square) >= 2 and sum(abs(it[1] - it[2]) for it in square) * 2 > length) \
            or any(it[0] in ("re", "qu") for it in items):
        return 0, 0, 0
    return curves, len(segments), slanted


def _inked_rect(items: list[tuple], rect: Any) -> pymupdf.Rect:
    """Where a path's ink lies: the box of the points its lines and Bézier curves pass through. A path's own box
    (``rect``) holds the curves' control points, which stand well above and below a signature's strokes."""
    points: list[pymupdf.Point] = []
    for it in items:
        if it[0] == "l":
            points += [it[1], it[2]]
        elif it[0] == "c":
            points += curve_points(it)
    if not points:
        return pymupdf.Rect(rect)
    return pymupdf.Rect(min(p.x for p in points), min(p.y for p in points),
                        max(p.x for p in points), max(p.y for p in points))


def _clusters(strokes: list[tuple[pymupdf.Rect, int, int, int]], reach: float
              ) -> list[tuple[pymupdf.Rect, int, int, int]]:
    """``strokes`` merged where they touch or stand within ``reach`` of each other (a signature drawn one stroke a
    path), their counts of curves, lines and slanted lines added up."""
    out: list[tuple[pymupdf.Rect, int, int, int]] = []
    for r, curves, lines, slanted in strokes:
        merged = pymupdf.Rect(r)
        changed = True
        while changed:
            changed = False
            for other in list(out):
                o = other[0]
                if pymupdf.Rect(o.x0 - reach, o.y0 - reach, o.x1 + reach, o.y1 + reach).intersects(merged):
                    merged |= o
                    curves, lines, slanted = curves + other[1], lines + other[2], slanted + other[3]
                    out.remove(other)
                    changed = True
        out.append((merged, curves, lines, slanted))
    return out
