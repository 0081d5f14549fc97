"""Figures standing alone in a table row that OCR's text detector passed over, read again on their own.

A quantity column is mostly short figures, and a ``1`` or a ``6`` alone in its cell, far from any other text, is
the kind of mark a text detector misses: on a scan it is a few pixels wide, with nothing beside it to make it a
line. The row then reads without its quantity, and nothing else on the page says what it was.

:func:`add_lone_figures` looks on the page for ink that no word covers and that has the size and place of such a
figure: about as high as the words of the row it stands in (a row that holds figures already), one to a few
characters wide, set apart from the words beside it, not a rule, a frame or a speck. Each such mark is cropped with
a margin and given to the recognizer alone; what reads, confidently, as a figure (``1``, ``24``, ``0.5``) becomes a
word where the mark is. Anything else it reads (a tick, a dash, a letter, a stray stroke) is left out, as it was.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
import numpy as np
from PIL import Image

from pipeline.inkmarks import blank_words, page_ink, rule_lines, word_height
from pipeline.layout import LineUnit, RawWord

__all__ = ["add_lone_figures", "find_lone_marks"]

logger = logging.getLogger(__name__)

#: a lone figure's ink height against the page's median word height (a word box is taller than its letters)
_MIN_HEIGHT, _MAX_HEIGHT = 0.4, 1.2
#: and its width against its own height (a ``1`` on a fax is a stroke three pixels wide; a rule's is narrower)
_MIN_ASPECT = 0.12
#: at most this many word heights wide (one character, a short number; a word is wider)
_MAX_WIDTH = 3.0
#: ink closer than this (word heights) joins one mark: the figures of "24", a number's decimal point
_JOIN = 0.3
#: a mark at least this far (word heights) from the words of its row stands alone
_MIN_GAP = 0.4
#: the widest gap (word heights) in a broken rule's ink, in line with a mark: a fax's lost rows, a photo's steps
_RULE_GAP = 0.15
#: the share of a broken rule's rows that are as wide as its stroke
_PLUMB_ROWS = 0.85
#: at most this many marks are read again on a page (more is a pattern, a picture or noise, not missed figures)
_MAX_MARKS = 40
#: what a lone figure reads as, and how sure the recognizer must be of it
_FIGURE = re.compile(r"^\d{1,4}(?:[.,]\d{1,3})?$")
_MIN_CONFIDENCE = 0.9


def _row(words: list[RawWord], y0: float, y1: float) -> list[RawWord]:
    """The words on the row of a mark from ``y0`` to ``y1``: most of the shorter one's height shared."""
    out = []
    for w in words:
        shared = min(y1, w.y1) - max(y0, w.y0)
        if shared > 0.5 * min(y1 - y0, w.y1 - w.y0):
            out.append(w)
    return out


def find_lone_marks(image: Image.Image, words: list[RawWord], height: float | None = None
                    ) -> list[tuple[int, int, int, int]]:
    """Boxes (x0, y0, x1, y1, pixels of ``image``) of ink no word of ``words`` covers, the size of a figure or
    two, standing apart on a row of words that holds a figure; ``height``: the words' median height, where known."""
    import cv2

    height = height or word_height(words)
    if height is None or height < 6:
        return []
    ink = page_ink(image)
    rows, cols = ink.shape
    whole = ink.copy()
    blank_words(ink, words, height)
    ink &= ~rule_lines(ink, height) & 1  # rules and frames
    reach = max(2, round(_JOIN * height))
    joined = cv2.dilate(ink, cv2.getStructuringElement(cv2.MORPH_RECT, (reach, 1)))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(joined, connectivity=8)
    edge = 0.02 * max(rows, cols)
    marks: list[tuple[int, int, int, int]] = []
    for label in range(1, count):
        x, y, w, h, _ = stats[label]
        if not (_MIN_HEIGHT * height <= h <= _MAX_HEIGHT * height and w <= _MAX_WIDTH * height + reach):
            continue
        if x < edge or y < edge or x + w > cols - edge or y + h > rows - edge:
            continue  # a scanner's border or the shadow of the page's edge
        cell = ink[y:y + h, x:x + w] & (labels[y:y + h, x:x + w] == label)
        ys, xs = np.nonzero(cell)
        if len(xs) < 4:
            continue
        x0, x1, y0, y1 = x + int(xs.min()), x + int(xs.max()) + 1, y + int(ys.min()), y + int(ys.max()) + 1
        if not (max(2.0, _MIN_ASPECT * (y1 - y0)) <= x1 - x0 <= _MAX_WIDTH * height
                and _MIN_HEIGHT * height <= y1 - y0 <= _MAX_HEIGHT * height):
            continue
        fill = len(xs) / ((x1 - x0) * (y1 - y0))
        if fill > 0.75 and x1 - x0 > 0.4 * height:
            continue  # a filled block (a bullet square, a logo's part), not a figure's strokes
        if _broken_rule(whole, x0, y0, x1, y1, height):
            continue
        row = _row(words, y0, y1)
        if len(row) < 2 or not any(any(c.isdigit() for c in r.text) for r in row):
            continue
        gap = min((max(r.x0 - x1, x0 - r.x1) for r in row), default=height)
        if gap < _MIN_GAP * height:
            continue
        marks.append((x0, y0, x1, y1))
    return marks if len(marks) <= _MAX_MARKS else []


def _broken_rule(ink: np.ndarray, x0: int, y0: int, x1: int, y1: int, height: float) -> bool:
    """Whether the mark from ``(x0, y0)`` to ``(x1, y1)`` is a piece of a plumb rule a fax or a slanted photo broke
    up (a stroke the rules' finder passes over, read as ``1``): one straight stroke, as wide and in the same place
    at nearly every row (a ``1``'s flag and foot widen it; a rule it meets adds a row or two), with ink going on in
    line with it past a gap or two of a few pixels, nothing beside it, above it and below it, or on one side for
    longer than the mark itself (figures set one over the other leave wider gaps)."""
    rows = [np.flatnonzero(r) for r in ink[y0:y1, x0:x1]]
    rows = [r for r in rows if r.size]
    if len(rows) < 4:
        return False
    spans = np.array([r[-1] - r[0] + 1 for r in rows])
    centres = np.array([(r[-1] + r[0]) / 2 for r in rows])
    stroke, centre = float(np.median(spans)), float(np.median(centres))
    straight = (spans <= stroke + 1) & (np.abs(centres - centre) <= 2)
    if straight.mean() < _PLUMB_ROWS:
        return False
    cx, half = x0 + round(centre), max(2, round(stroke / 2) + 2)
    near = ink[:, max(0, cx - half):cx + half + 1].any(axis=1)
    left = ink[:, max(0, cx - 3 * half):max(0, cx - half)].any(axis=1)
    flanks = left | ink[:, cx + half + 1:cx + 3 * half + 1].any(axis=1)
    in_line = near & ~flanks
    gap = max(3, round(_RULE_GAP * height))
    above, below = _reach(in_line[:y0][::-1], gap), _reach(in_line[y1:], gap)
    return bool((above and below) or max(above, below) >= 1.5 * (y1 - y0))


def _reach(inked: np.ndarray, gap: int) -> int:
    """How far ink runs on from the start of ``inked`` (a row's ink or none, in order away from a mark), through
    gaps of at most ``gap`` rows; 0 where the first ``gap`` rows hold none."""
    reach, empty = 0, 0
    for k, ink in enumerate(inked):
        if ink:
            reach, empty = k + 1, 0
        else:
            empty += 1
            if empty > gap:
                break
    return reach


def _widened(crop: Image.Image) -> Image.Image:
    """``crop`` set on paper of its own colour at least twice as wide as high: a recognizer reads a line scaled to
    its height, and a lone ``1`` in a sliver of a crop reads as ``!`` or ``l``."""
    width = max(crop.width, 2 * crop.height)
    if width == crop.width:
        return crop
    paper = tuple(int(v) for v in np.median(np.asarray(crop.convert("RGB")).reshape(-1, 3), axis=0))
    out = Image.new("RGB", (width, crop.height), paper)
    out.paste(crop.convert("RGB"), ((width - crop.width) // 2, 0))
    return out


def _read_figure(crop: Image.Image, dpi: float, read_line: Callable[[Image.Image, float], tuple[str, float]]
                 ) -> tuple[str, float]:
    """The figure ``crop`` reads as, and how sure the recognizer is ((``""``, 0) for anything but a figure): read as
    it is, then, where that is no sure figure, set on wider paper."""
    best = ("", 0.0)
    widened = _widened(crop)
    for image in (crop,) if widened is crop else (crop, widened):
        text, confidence = read_line(image, dpi)
        text = text.replace(" ", "")
        if _FIGURE.match(text) and confidence > best[1]:
            best = (text, confidence)
        if best[1] >= _MIN_CONFIDENCE:
            break
    return best


def add_lone_figures(image: Image.Image, units: list[LineUnit], dpi: float,
                     read_line: Callable[[Image.Image, float], tuple[str, float]]) -> list[LineUnit]:
    """``units`` (OCR words in the pixels of ``image``) with a word for each lone figure the detector missed, read
    by ``read_line`` (text and confidence of a one-line crop) on a crop of the mark alone."""
    words = [w for u in units for w in u.words]
    height = word_height(words)
    marks = find_lone_marks(image, words, height) if height is not None else []
    if not marks or height is None:
        return units
    found: list[LineUnit] = []
    # a margin of paper round the mark, short of the words beside it (at least _MIN_GAP away)
    margin = max(2, round(0.3 * height))
    for x0, y0, x1, y1 in marks:
        crop = image.crop((max(0, x0 - margin), max(0, y0 - margin),
                           min(image.width, x1 + margin), min(image.height, y1 + margin)))
        text, confidence = _read_figure(crop, dpi, read_line)
        if confidence >= _MIN_CONFIDENCE:
            found.append(LineUnit([RawWord(text, float(x0), float(y0), float(x1), float(y1), confidence)]))
    logger.debug("lone figures: %d marks read again, %s kept", len(marks), [u.words[0].text for u in found])
    return units + found
