"""Coloured ink stamped across a scanned page's print ("PAID", "RECEIVED 12 MAR", "ENTERED"), left out of its
reading.

An accounts-payable clerk stamps an invoice before it is scanned, and the stamp lands where it lands: across the
line items, over the totals. OCR reads a word crossed by the stamp's frame or letters as something else (``s ation``
for ``station``), and the frame's strokes between the words look like handwriting to the signature finder. On a
colour scan the stamp's ink tells itself apart from the print: red, violet or green, where the print is black or
grey.

:func:`drop_stamps` gives a copy of the page with such ink painted over in the paper's colour, for reading only
(check boxes are still looked for on the page as scanned). Such ink is a stamp where its strokes cross the print or
frame a box (a stamp between the rows of a table crosses nothing, but its words join the rows and its frame reads
as pen strokes), with all the red ink inside its box. A red heading, a red rule or a logo stands apart from the
black text and stays; so does a red band with white titles on it (filled, no strokes); a red table grid is a
frame, and only its lines go. Blue ink (a signature in ballpoint) is never touched, nor is the print under a
stamp (ink over toner stays dark).
"""

from __future__ import annotations

import logging

import numpy as np
from PIL import Image

__all__ = ["drop_stamps", "stamp_mask"]

logger = logging.getLogger(__name__)

#: stamps are looked for at about this resolution
_WORK_DPI = 100
#: how much more red than green and blue (0-255) ink must be to be a stamp's; black print and grey have none
_REDNESS = 60
#: how much more green than blue makes red orange (a screen's subpixel fringe on black text, a logo), not a stamp's
_ORANGE = 40
#: print: a dark pixel of no colour
_PRINT_DARK = 120
_PRINT_GREY = 45
#: how much more green than red and blue a green stamp's ink is (a faded office stamp's green is pale)
_GREENNESS = 30
#: a tint of red, violet or green that takes a dark pixel out of the print
_TINT = 20
#: strokes this close (inches) are one stamp's: its frame and the letters inside it
_JOIN_INCH = 0.05
#: a stamp is at least this long, in inches (a frame, a word in capitals a third of an inch high)
_MIN_STAMP_INCH = 0.5
#: and is drawn in strokes: at most this share of its ink is solid, a square of :data:`_SOLID_INCH` fitting in
_MAX_SOLID_SHARE = 0.2
_SOLID_INCH = 0.1
#: or is a frame: at least this high and wide (inches), closed round at least this share of its box (a stamp's
#: frame between the rows of a table crosses no print, but its words join the rows and its strokes read as pen
#: strokes; a heading's letters enclose only their small counters)
_MIN_FRAME_INCH = 0.35
_MIN_HOLE = 0.25
#: and crosses the print: this share of its ink touches black print (at least :data:`_MIN_CROSSING` pixels)
_CROSSING_SHARE = 0.003
_MIN_CROSSING = 25


def _stamp_ink(rgb: np.ndarray) -> np.ndarray:
    """Red, violet or green ink: much more red (or green) than the other two, and not dark print."""
    r, g, b = (rgb[..., k].astype(np.int16) for k in range(3))
    red = (r - np.maximum(g, b) >= _REDNESS) & (r >= 110) & (g - b < _ORANGE)  # red or pink, not orange
    violet = (np.minimum(r, b) - g >= _REDNESS) & (r >= 90)
    green = (g - np.maximum(r, b) >= _GREENNESS) & (g >= 100)
    return red | violet | green


def _print(rgb: np.ndarray) -> np.ndarray:
    """Dark pixels without colour: the black and grey print (not the dark shades of red ink, nor of a red
    heading in a photograph's shadow)."""
    hi, lo = rgb.max(axis=2).astype(np.int16), rgb.min(axis=2).astype(np.int16)
    r, g, b = (rgb[..., k].astype(np.int16) for k in range(3))
    tinted = (r - np.maximum(g, b) >= _TINT) | (np.minimum(r, b) - g >= _TINT) | (g - np.maximum(r, b) >= _TINT)
    return (hi < _PRINT_DARK) & (hi - lo < _PRINT_GREY) & ~tinted


def stamp_mask(image: Image.Image, dpi: float) -> np.ndarray | None:
    """The pixels of ``image`` that are a stamp's ink (a boolean array), None when it has no stamp. Stamps are
    looked for on a copy at about :data:`_WORK_DPI` (a page's look costs a few hundredths of a second), and painted
    out at full resolution."""
    import cv2

    if image.mode not in ("RGB", "RGBA", "P", "CMYK", "YCbCr"):
        return None  # a grey or black-and-white scan: a stamp is as grey as the print
    full = image.convert("RGB")
    rgb = np.asarray(full)
    ink = _stamp_ink(rgb)
    if ink.sum() < _MIN_CROSSING:
        return None
    factor = max(1, int(dpi // _WORK_DPI))
    if factor > 1:  # the print averaged; the ink kept where it covers a quarter of a pixel (a thin frame stays)
        size = (rgb.shape[1] // factor, rgb.shape[0] // factor)
        small_ink = cv2.resize(ink.astype(np.uint8) * 255, size, interpolation=cv2.INTER_AREA) >= 64
        boxes = _stamp_boxes(np.asarray(full.reduce(factor))[:size[1], :size[0]], small_ink, dpi / factor)
    else:
        boxes = _stamp_boxes(rgb, ink, dpi)
    if not boxes:
        return None
    step = max(1, round(dpi / 100))
    kernel = np.ones((2 * step + 1, 2 * step + 1), np.uint8)
    mask = np.zeros(rgb.shape[:2], bool)
    for x0, y0, x1, y1 in boxes:
        x0, y0 = max(0, (x0 - 1) * factor), max(0, (y0 - 1) * factor)
        x1, y1 = (x1 + 1) * factor, (y1 + 1) * factor
        # all the red ink over the stamp's box (its frame, its letters, its small date in thin strokes), with its
        # fringe, never the print under it, tinted by the ink over it or not
        inked = cv2.dilate(ink[y0:y1, x0:x1].astype(np.uint8), kernel).astype(bool)
        mask[y0:y1, x0:x1] |= inked & ~(rgb[y0:y1, x0:x1].max(axis=2) < _PRINT_DARK)
    return mask if mask.any() else None


def _stamp_boxes(rgb: np.ndarray, raw: np.ndarray, dpi: float) -> list[tuple[int, int, int, int]]:
    """The boxes (pixels of ``rgb``) of the stamps on a page, given its red ink ``raw``: ink in strokes, long
    enough, that crosses the print or closes round a frame."""
    import cv2

    step = max(1, round(dpi / 100))
    kernel = np.ones((2 * step + 1, 2 * step + 1), np.uint8)
    # a stamp's strokes are some pixels wide; the coloured fringe a screen's subpixel rendering leaves on black
    # text (a screenshot) is one
    ink = cv2.morphologyEx(raw.astype(np.uint8), cv2.MORPH_OPEN, np.ones((step + 1, step + 1), np.uint8)).astype(bool)
    if ink.sum() < _MIN_CROSSING:
        return []
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
    boxes: list[tuple[int, int, int, int]] = []
    for k in range(1, count):
        x, y, w, h, _ = stats[k]
        if max(w, h) < _MIN_STAMP_INCH * dpi:
            continue
        own = (labels[y:y + h, x:x + w] == k) & ink[y:y + h, x:x + w]
        if (own & solid[y:y + h, x:x + w]).sum() > _MAX_SOLID_SHARE * own.sum():
            continue  # filled red, with white print on it perhaps: no stamp
        crossing = int((own & near_print[y:y + h, x:x + w]).sum())
        framed = min(w, h) >= _MIN_FRAME_INCH * dpi and _enclosed(labels[y:y + h, x:x + w] == k) >= _MIN_HOLE * w * h
        if framed or crossing >= max(_MIN_CROSSING, _CROSSING_SHARE * own.sum()):
            boxes.append((x, y, x + w, y + h))
        # else red that stands apart from the print: a heading, a rule, a logo
    return boxes


def _enclosed(region: np.ndarray) -> float:
    """The area (pixels) that the ink of ``region`` (a boolean array) closes round: its holes."""
    import cv2

    contours, hierarchy = cv2.findContours(region.astype(np.uint8), cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return 0.0
    return float(sum(cv2.contourArea(c) for c, h in zip(contours, hierarchy[0], strict=True) if h[3] != -1))


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
