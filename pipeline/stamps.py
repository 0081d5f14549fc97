"""Red ink stamped across a scanned page's print ("PAID", "RECEIVED 12 MAR", "ENTERED"), left out of its reading.

An accounts-payable clerk stamps an invoice before it is scanned, and the stamp lands where it lands: across the
line items, over the totals. OCR reads a word crossed by the stamp's frame or letters as something else (``s ation``
for ``station``), and the frame's strokes between the words look like handwriting to the signature finder. On a
colour scan the stamp's ink tells itself apart from the print: red (or violet), where the print is black or grey.

:func:`drop_stamps` gives a copy of the page with such ink painted over in the paper's colour, for reading only
(check boxes are still looked for on the page as scanned). Only red ink in strokes that cross the print is a
stamp: a red heading, a red rule or a red table grid stands apart from the black text, a red band with white
titles is filled, and they stay; blue ink (a signature in
ballpoint) is never touched. A stamp's black print stays, and so does a stamp on an empty part of the page (its
words read as words).
"""

from __future__ import annotations

import logging

import numpy as np
from PIL import Image

__all__ = ["drop_stamps", "stamp_mask"]

logger = logging.getLogger(__name__)

#: how much more red than green and blue (0-255) ink must be to be a stamp's; black print and grey have none
_REDNESS = 60
#: print: a dark pixel of no colour
_PRINT_DARK = 120
_PRINT_GREY = 45
#: a tint of red or violet that takes a dark pixel out of the print
_TINT = 20
#: strokes this close (inches) are one stamp's: its frame and the letters inside it
_JOIN_INCH = 0.05
#: a stamp is at least this long, in inches (a frame, a word in capitals a third of an inch high)
_MIN_STAMP_INCH = 0.5
#: and is drawn in strokes: at most this share of its ink is solid, a square of :data:`_SOLID_INCH` fitting in
_MAX_SOLID_SHARE = 0.2
_SOLID_INCH = 0.1
#: and crosses the print: this share of its ink touches black print (at least :data:`_MIN_CROSSING` pixels)
_CROSSING_SHARE = 0.003
_MIN_CROSSING = 25


def _stamp_ink(rgb: np.ndarray) -> np.ndarray:
    """Red or violet ink: much more red than green, and not dark print."""
    r, g, b = (rgb[..., k].astype(np.int16) for k in range(3))
    red = (r - np.maximum(g, b) >= _REDNESS) & (r >= 110) & (10 * g <= 6 * r)  # red, not orange
    violet = (np.minimum(r, b) - g >= _REDNESS) & (r >= 90)
    return red | violet


def _print(rgb: np.ndarray) -> np.ndarray:
    """Dark pixels without colour: the black and grey print (not the dark shades of red ink, nor of a red
    heading in a photograph's shadow)."""
    hi, lo = rgb.max(axis=2).astype(np.int16), rgb.min(axis=2).astype(np.int16)
    r, g, b = (rgb[..., k].astype(np.int16) for k in range(3))
    reddish = (r - np.maximum(g, b) >= _TINT) | (np.minimum(r, b) - g >= _TINT)
    return (hi < _PRINT_DARK) & (hi - lo < _PRINT_GREY) & ~reddish


def stamp_mask(image: Image.Image, dpi: float) -> np.ndarray | None:
    """The pixels of ``image`` that are stamp ink crossing the print (a boolean array), None when there are none."""
    import cv2

    if image.mode not in ("RGB", "RGBA", "P", "CMYK", "YCbCr"):
        return None  # a grey or black-and-white scan: a stamp is as grey as the print
    rgb = np.asarray(image.convert("RGB"))
    step = max(1, round(dpi / 100))
    kernel = np.ones((2 * step + 1, 2 * step + 1), np.uint8)
    # a stamp's strokes are some pixels wide; the coloured fringe a screen's subpixel rendering leaves on black
    # text (a screenshot) is one
    ink = cv2.morphologyEx(_stamp_ink(rgb).astype(np.uint8), cv2.MORPH_OPEN, np.ones((step + 1, step + 1), np.uint8))
    ink = ink.astype(bool)
    if ink.sum() < _MIN_CROSSING:
        return None
    # a stamp's strokes (its frame, its letters, broken by the print they cross and by JPEG) belong together
    reach = max(3, round(_JOIN_INCH * dpi))
    joined = cv2.dilate(ink.astype(np.uint8), np.ones((2 * reach + 1, 2 * reach + 1), np.uint8))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(joined, connectivity=8)
    printed = _print(rgb)
    fringe = cv2.dilate(ink.astype(np.uint8), kernel).astype(bool)  # the ink's paler (or darker) JPEG edge
    # print beyond the ink's own edge (a dark red heading's rim is no print), and the ink that comes close to it
    beyond = printed & ~fringe
    near_print = cv2.dilate(beyond.astype(np.uint8), np.ones((4 * step + 1, 4 * step + 1), np.uint8)).astype(bool)
    # filled red (a section's band, a table's header row, a logo): ink a square a tenth of an inch fits in, as no
    # stamp's stroke does
    side = max(3, round(_SOLID_INCH * dpi))
    solid = cv2.morphologyEx(ink.astype(np.uint8), cv2.MORPH_OPEN, np.ones((side, side), np.uint8)).astype(bool)
    stamps: list[tuple[int, int, int, int]] = []
    for k in range(1, count):
        x, y, w, h, _ = stats[k]
        if max(w, h) < _MIN_STAMP_INCH * dpi:
            continue
        own = (labels[y:y + h, x:x + w] == k) & ink[y:y + h, x:x + w]
        if (own & solid[y:y + h, x:x + w]).sum() > _MAX_SOLID_SHARE * own.sum():
            continue  # filled red, with white print on it perhaps: no stamp
        crossing = int((own & near_print[y:y + h, x:x + w]).sum())
        if crossing >= max(_MIN_CROSSING, _CROSSING_SHARE * own.sum()):
            stamps.append((x, y, x + w, y + h))
        # else red that stands apart from the print: a heading, a rule, a logo
    mask = np.zeros(ink.shape, bool)
    for k in range(1, count):  # each stamp, and the ink inside its frame (its letters, its date)
        x, y, w, h, _ = stats[k]
        cx, cy = x + w / 2, y + h / 2
        if any(x0 <= cx <= x1 and y0 <= cy <= y1 for x0, y0, x1, y1 in stamps):
            region = labels[y:y + h, x:x + w] == k
            # the stamp's ink and its fringe, never the print under it
            mask[y:y + h, x:x + w] |= region & fringe[y:y + h, x:x + w] & ~printed[y:y + h, x:x + w]
    return mask if mask.any() else None


def drop_stamps(image: Image.Image, dpi: float) -> Image.Image | None:
    """A copy of ``image`` with its stamps (:func:`stamp_mask`) painted the paper's colour; None when it has none."""
    mask = stamp_mask(image, dpi)
    if mask is None:
        return None
    rgb = np.asarray(image.convert("RGB")).copy()
    paper = np.median(rgb[::8, ::8].reshape(-1, 3), axis=0).astype(np.uint8)
    rgb[mask] = paper
    logger.debug("a stamp: %d pixels of red ink across the print left out of the reading", int(mask.sum()))
    return Image.fromarray(rgb)
