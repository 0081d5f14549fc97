"""Check boxes on a scanned page, found in the pixels: OCR reads text, and often drops a box drawn beside an
option (``☐ Auto ☒ Homeowners``) or reads it as a stray letter (``O``, ``D``, ``M``).

A box is a dark square outline about the height of the page's words: each of its four sides dark along most of
its length and its four corners dark (a letter ``O`` or ``D`` has light corners). Its inside tells whether it is
ticked: mostly light is empty, a cross, tick or fill is ticked; anything in between is left unread. Each box
found becomes one word, ``☒`` or ``☐``, where the box is, so that the engines read it as they read a box in a
text layer. A short OCR word on the box (its guess at the glyph) gives way to it; a box inside a longer word is
left to that word.
"""

from __future__ import annotations

from statistics import median

import numpy as np
from PIL import Image

from pipeline.formfields import CHECKED, UNCHECKED
from pipeline.layout import LineUnit, RawWord

__all__ = ["add_check_boxes", "find_check_boxes"]

#: a box's height against the median word height on the page
_MIN_HEIGHT, _MAX_HEIGHT = 0.45, 1.4
#: share of a side's pixels that must be dark, and of the inside for a tick / at most for an empty box
_SIDE, _TICKED, _EMPTY = 0.8, 0.12, 0.05
#: at most this many boxes on a page (a page of squares is a grid or a pattern, not a form)
_MAX_BOXES = 60


def add_check_boxes(image: Image.Image, units: list[LineUnit]) -> list[LineUnit]:
    """``units`` (OCR words in the pixels of ``image``) with a box word for each check box found."""
    heights = [w.y1 - w.y0 for u in units for w in u.words if len(w.text) >= 2]
    if not heights:
        return units
    boxes = find_check_boxes(image, median(heights))
    if not boxes:
        return units
    out: list[LineUnit] = []
    for u in units:
        kept = [w for w in u.words if not any(_covers(b, w) and len(w.text.strip()) <= 2 for b in boxes)]
        if kept:
            out.append(LineUnit(kept, u.horizontal))
    words = [w for u in out for w in u.words]
    for b in boxes:
        if not any(_inside(b, w) for w in words):  # a box inside a longer word is that word's ("[Dom", "OAuto")
            out.append(LineUnit([b]))
    return out


def find_check_boxes(image: Image.Image, word_height: float) -> list[RawWord]:
    """Square outlines about ``word_height`` tall, as box words ``☒`` / ``☐`` (pixel coordinates)."""
    import cv2

    gray = np.asarray(image.convert("L"))
    _, ink = cv2.threshold(gray, 0, 1, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    count, _, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    lo, hi = max(6.0, _MIN_HEIGHT * word_height), _MAX_HEIGHT * word_height
    found: list[RawWord] = []
    for x, y, w, h, _area in stats[1:count]:
        if not (lo <= h <= hi and 0.8 <= w / h <= 1.25):
            continue
        state = _box_state(ink[y:y + h, x:x + w])
        if state is not None:
            found.append(RawWord(CHECKED if state else UNCHECKED, float(x), float(y), float(x + w), float(y + h),
                                 0.9))
    return found if len(found) <= _MAX_BOXES else []


def _box_state(cell: np.ndarray) -> bool | None:
    """True for a ticked box, False for an empty one, None for no box (or one too unclear to read)."""
    h, w = cell.shape
    t = max(1, round(min(h, w) * 0.12))  # the outline's thickness, measured generously
    sides = (cell[:t, :].max(axis=0), cell[-t:, :].max(axis=0), cell[:, :t].max(axis=1), cell[:, -t:].max(axis=1))
    if min(float(s.mean()) for s in sides) < _SIDE:
        return None
    c = max(1, t)
    if not all(cell[r, k].any() for r, k in ((slice(0, c), slice(0, c)), (slice(0, c), slice(w - c, w)),
                                            (slice(h - c, h), slice(0, c)), (slice(h - c, h), slice(w - c, w)))):
        return None  # rounded: a letter, not a box
    m = max(t + 1, round(min(h, w) * 0.22))
    inside = cell[m:h - m, m:w - m]
    if inside.size == 0:
        return None
    fill = float(inside.mean())
    if fill >= _TICKED:
        return True
    if fill <= _EMPTY:
        return False
    return None


def _covers(box: RawWord, word: RawWord) -> bool:
    """The word's box lies mostly on the check box (OCR's reading of the box itself)."""
    ix = min(box.x1, word.x1) - max(box.x0, word.x0)
    iy = min(box.y1, word.y1) - max(box.y0, word.y0)
    if ix <= 0 or iy <= 0:
        return False
    return ix * iy >= 0.5 * (word.x1 - word.x0) * (word.y1 - word.y0)


def _inside(box: RawWord, word: RawWord) -> bool:
    cx, cy = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
    return word.x0 <= cx <= word.x1 and word.y0 <= cy <= word.y1
