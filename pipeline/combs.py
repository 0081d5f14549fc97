"""Comb fields on scans: the cell borders of a value written a character a cell, erased before OCR.

A form asks for a policy number, a date or a postcode in a comb: a row of abutting cells, one character in each
(``|P|O|L|-|7|7|4|1|``). A text layer gives the characters as they are; OCR sees each one boxed in, and reads the
borders as ``1``, ``I`` or ``|``, or loses the character beside them and the separators (``-``, ``/``) between them
(``POL-7741093`` read as ``P0L 7741093``, ``14/02/1980`` as ``14 0 1980``). Here the cells' sides, and the rules
above and below them, are painted white on the copy of the page that OCR reads; the page image kept for check boxes,
signatures and review is left as scanned.

A comb is found as five or more vertical strokes of one height and band, set at a regular pitch of 0.1 to 0.45 inch
(a character cell), that each meet a horizontal rule at their top and at their bottom. Table rules, a letter's stem
and a check box beside its option are no comb: a stem meets no rule at both ends, a table's columns are wider or
irregular, and check boxes stand apart with their options' words between them.
"""

from __future__ import annotations

import logging
import statistics

import cv2
import numpy as np
from PIL import Image

__all__ = ["erase_comb_cells", "find_combs"]

logger = logging.getLogger(__name__)

#: a comb has at least this many cell sides (four cells)
_MIN_SIDES = 5
#: a cell's width, in inches
_MIN_PITCH, _MAX_PITCH = 0.1, 0.45
#: how far the pitch may vary along a comb (share of the pitch)
_PITCH_SPREAD = 0.15


def _rules(image: Image.Image, dpi: float) -> np.ndarray:
    """The dark pixels of a page image's horizontal rules (runs of 0.2 inch or more), dilated by a pixel."""
    gray = np.asarray(image.convert("L"))
    _, dark = cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    rules = cv2.morphologyEx(dark, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (max(10, round(dpi * 0.2)), 1)))
    return cv2.dilate(rules, np.ones((3, 3), np.uint8))


def find_combs(image: Image.Image, dpi: float) -> list[tuple[int, int, int, int, list[tuple[int, int]]]]:
    """The combs of a page image: ``(x0, y0, x1, y1, sides)`` in pixels, ``sides`` the ``(x0, x1)`` of each cell
    side, left to right."""
    gray = np.asarray(image.convert("L"))
    if gray.size == 0 or dpi <= 0:
        return []
    _, dark = cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    tall = max(6, round(dpi * 0.1))  # a cell's side: taller than a letter's stem at body sizes
    vertical = cv2.morphologyEx(dark, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (1, tall)))
    horizontal = _rules(image, dpi)
    count, _, stats, _ = cv2.connectedComponentsWithStats(vertical)
    thin = max(2, round(dpi * 0.03))
    sides = [(int(x), int(y), int(w), int(h)) for x, y, w, h, _ in stats[1:count]
             if w <= thin and h <= dpi * 0.6]
    reach = max(2, round(dpi * 0.015))

    def meets_rule(x: int, w: int, row: int) -> bool:
        """A horizontal rule runs through the side's end (at ``row``), on at least one side of it."""
        lo, hi = max(0, row - reach), min(horizontal.shape[0], row + reach + 1)
        band = horizontal[lo:hi]
        left = band[:, max(0, x - 3 * reach):x].any()
        right = band[:, x + w:min(horizontal.shape[1], x + w + 3 * reach)].any()
        return bool(left or right)

    framed = [s for s in sides if meets_rule(s[0], s[2], s[1]) and meets_rule(s[0], s[2], s[1] + s[3] - 1)]
    combs: list[tuple[int, int, int, int, list[tuple[int, int]]]] = []
    used: set[int] = set()
    order = sorted(range(len(framed)), key=lambda k: (framed[k][1], framed[k][0]))
    for i in order:
        if i in used:
            continue
        x, y, w, h = framed[i]
        band = sorted((k for k in order if k not in used and abs(framed[k][1] - y) <= reach
                       and abs(framed[k][3] - h) <= 2 * reach), key=lambda k: framed[k][0])
        run: list[int] = []
        for k in band:
            if run:
                pitch = framed[k][0] - framed[run[-1]][0]
                if not _MIN_PITCH * dpi <= pitch <= _MAX_PITCH * dpi:
                    combs += _comb(framed, run)
                    used.update(run)
                    run = []
            run.append(k)
        combs += _comb(framed, run)
        used.update(run)
    return combs


def _comb(framed: list[tuple[int, int, int, int]], run: list[int]
          ) -> list[tuple[int, int, int, int, list[tuple[int, int]]]]:
    """The run of sides as a comb, if it is one: enough of them, at an even pitch."""
    if len(run) < _MIN_SIDES:
        return []
    xs = [framed[k][0] for k in run]
    pitches = [b - a for a, b in zip(xs, xs[1:], strict=False)]
    pitch = statistics.median(pitches)
    if max(abs(p - pitch) for p in pitches) > _PITCH_SPREAD * pitch:
        return []
    y0 = min(framed[k][1] for k in run)
    y1 = max(framed[k][1] + framed[k][3] for k in run)
    return [(xs[0], y0, framed[run[-1]][0] + framed[run[-1]][2], y1,
             [(framed[k][0], framed[k][0] + framed[k][2]) for k in run])]


def erase_comb_cells(image: Image.Image, dpi: float) -> Image.Image:
    """A copy of ``image`` with each comb's cell sides and its rules above and below painted white (the image
    itself when it holds no comb)."""
    combs = find_combs(image, dpi)
    if not combs:
        return image
    out = np.array(image.convert("L") if image.mode not in ("L", "RGB") else image)
    white = 255 if out.ndim == 2 else (255, 255, 255)
    pad = max(1, round(dpi * 0.006))
    near = max(3, round(dpi * 0.03))  # how far from a side's end its rule may run (a scan's rules are not level)
    rules = _rules(image, dpi)
    for x0, y0, x1, y1, sides in combs:
        for sx0, sx1 in sides:
            out[max(0, y0 - pad):y1 + pad, max(0, sx0 - pad):sx1 + pad] = white
        for top, bottom in ((max(0, y0 - near), y0 + near), (max(0, y1 - near), y1 + near)):
            block = out[top:bottom, max(0, x0 - pad):x1 + pad]
            block[rules[top:bottom, max(0, x0 - pad):x1 + pad] > 0] = white
    logger.debug("erased %d comb field(s) before OCR", len(combs))
    return Image.fromarray(out)
