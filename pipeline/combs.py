"""Comb fields on scans: a value written a character a cell, read without its cell borders.

A form asks for a name, a policy number, a date or a postcode in a comb: a row of cells, one character in each
(``|P|O|L|-|7|7|4|1|``). A text layer gives the characters as they are; OCR sees each one boxed in, reads the
borders as ``1``, ``I`` or ``|``, loses the character beside them and the separators (``-``, ``/``) between them
(``POL-7741093`` read as ``P0L 7741093``, ``14/02/1980`` as ``14 0 1980``), and reads letters a cell apart one at
a time. Here the cells' sides, and the rules above and below them, are painted white on the copy of the page that
OCR reads, and each comb's characters are set side by side and read together (:func:`read_combs`); the page image
kept for check boxes, signatures and review is left as scanned.

A comb is found as five or more vertical strokes of one height and band, set at a regular pitch of 0.1 to 0.45 inch
(a character cell), or in pairs (boxes set a little apart, ``[P][O][L]``), or in groups of abutting cells with a
gap between groups that may hold a separator (``[V][4][3] - [4][1][3][1][7][7]``, ``[1][4] / [0][2] / …``;
the separator is read with the characters), that each meet a horizontal rule at
their top and at their bottom, every cell closed by rules along its top and bottom. Table rules, a letter's stem
and a check box beside its option are no comb: a stem meets no rule at both ends, a table's columns are wider or
irregular, and check boxes stand apart with their options' words between them.
"""

from __future__ import annotations

import logging
import statistics
from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np
from PIL import Image

from pipeline.layout import LineUnit, RawWord

__all__ = ["Comb", "erase_comb_cells", "find_combs", "read_combs"]

logger = logging.getLogger(__name__)

#: a comb has at least this many cell sides (four cells)
_MIN_SIDES = 5
#: a cell's width, in inches
_MIN_PITCH, _MAX_PITCH = 0.1, 0.45
#: how far the pitch may vary along a comb (share of the pitch)
_PITCH_SPREAD = 0.15
#: a gap between two groups of a comb's cells, in cells
_MIN_GROUP_GAP, _MAX_GROUP_GAP = 0.3, 2.5
#: a rule is a dark run at least this long, in inches (a separate box's edge is one)
_RULE_LENGTH = 0.08


@dataclass(frozen=True)
class Comb:
    """A comb on a page image, in pixels: its box, its cell sides' ``(x0, x1)`` and its cells' insides' ``(x0, x1)``,
    left to right; ``gaps``, the spaces between groups of its cells (where a separator may be printed)."""

    x0: int
    y0: int
    x1: int
    y1: int
    sides: tuple[tuple[int, int], ...]
    cells: tuple[tuple[int, int], ...]
    gaps: tuple[tuple[int, int], ...] = ()


def _dark(gray: np.ndarray) -> np.ndarray:
    """The dark pixels (255) of a grey page image, by Otsu's threshold."""
    return cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)[1]


def _rules(dark: np.ndarray, dpi: float) -> np.ndarray:
    """The pixels of a page's horizontal rules (runs of 0.08 inch or more of its ``dark`` pixels: a box's top and
    bottom edges count too), dilated by a pixel."""
    rules = cv2.morphologyEx(dark, cv2.MORPH_OPEN,
                             cv2.getStructuringElement(cv2.MORPH_RECT, (max(6, round(dpi * _RULE_LENGTH)), 1)))
    return cv2.dilate(rules, np.ones((3, 3), np.uint8))


def find_combs(image: Image.Image, dpi: float) -> list[Comb]:
    """The combs of a page image."""
    gray = np.asarray(image.convert("L"))
    if gray.size == 0 or dpi <= 0:
        return []
    dark = _dark(gray)
    tall = max(6, round(dpi * 0.1))  # a cell's side: taller than a letter's stem at body sizes
    vertical = cv2.morphologyEx(dark, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (1, tall)))
    horizontal = _rules(dark, dpi)
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
    combs: list[Comb] = []
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
                if not 0 < pitch <= _MAX_PITCH * dpi:
                    combs += _comb(framed, run, dpi, horizontal)
                    used.update(run)
                    run = []
            run.append(k)
        combs += _comb(framed, run, dpi, horizontal)
        used.update(run)
    return combs


def _even(pitches: list[int]) -> float | None:
    """The pitch of steps that are all about one length, else None."""
    if not pitches:
        return None
    pitch = statistics.median(pitches)
    return pitch if max(abs(p - pitch) for p in pitches) <= _PITCH_SPREAD * pitch + 1 else None


def _comb(framed: list[tuple[int, int, int, int]], run: list[int], dpi: float, horizontal: np.ndarray
          ) -> list[Comb]:
    """The run of sides as a comb, if it is one: enough of them, at an even pitch of a character cell; or boxes
    set a little apart (``[P][O][L]``), each box's width and each gap even, the two together a cell's pitch; or
    groups of abutting cells (:func:`_groups`). Each cell is closed: a rule runs from its left side to its right
    side along its top and along its bottom (a bold title's stems and arms, ``INSURANCE``, close none); between
    two groups, a step that is not."""
    if len(run) < _MIN_SIDES:
        return []
    xs = [framed[k][0] for k in run]
    pitches = [b - a for a, b in zip(xs, xs[1:], strict=False)]
    steps = list(range(len(pitches)))
    cell, boxes, grouped = _even(pitches), steps, True  # boxes: the steps that span a cell
    if cell is None:
        first, second = _even(pitches[0::2]), _even(pitches[1::2])
        if first is not None and second is not None and min(first, second) <= 0.5 * max(first, second):
            cell, boxes, grouped = first + second, steps[0::2] if first > second else steps[1::2], False
        else:  # cells of one pitch but for a few steps (gaps between groups of cells)
            cell = statistics.median(pitches)
            boxes = [k for k in steps if abs(pitches[k] - cell) <= _PITCH_SPREAD * cell + 1]
    if not _MIN_PITCH * dpi <= cell <= _MAX_PITCH * dpi:
        return []
    reach = max(2, round(dpi * 0.015))

    def closed(step: int) -> bool:
        (lx, ly, lw, lh), (rx, _, _, _) = framed[run[step]], framed[run[step + 1]]
        for row in (ly, ly + lh - 1):
            band = horizontal[max(0, row - reach):row + reach + 1, lx + lw:rx]
            if band.shape[1] == 0 or band.any(axis=0).mean() < 0.8:
                return False
        return True

    shut = [k for k in boxes if closed(k)]
    if not grouped and len(shut) < len(boxes):
        return []
    boxes, gaps = shut, [k for k in steps if k not in shut] if grouped else []
    if gaps and not _groups(pitches, gaps, cell):
        return []
    y0 = min(framed[k][1] for k in run)
    y1 = max(framed[k][1] + framed[k][3] for k in run)
    sides = tuple((framed[k][0], framed[k][0] + framed[k][2]) for k in run)
    cells = tuple((sides[step][1], sides[step + 1][0]) for step in boxes)
    between = tuple((sides[step][1], sides[step + 1][0]) for step in gaps)
    return [Comb(xs[0], y0, sides[-1][1], y1, sides, cells, between)]


def _groups(pitches: list[int], gaps: list[int], cell: float) -> bool:
    """Whether the steps ``gaps`` part groups of abutting cells (``[V][4][3] - [4][1][3]…``): none first or last,
    none two in a row, each 0.3 to 2.5 cells wide, four cells or more in all."""
    return (gaps[0] != 0 and gaps[-1] != len(pitches) - 1 and len(pitches) - len(gaps) >= _MIN_SIDES - 1
            and all(b - a >= 2 for a, b in zip(gaps, gaps[1:], strict=False))
            and all(_MIN_GROUP_GAP * cell <= pitches[k] <= _MAX_GROUP_GAP * cell for k in gaps))


def erase_comb_cells(image: Image.Image, dpi: float, combs: list[Comb] | None = None) -> Image.Image:
    """A copy of ``image`` with each comb's cell sides and its rules above and below painted white (the image
    itself when it holds no comb); ``combs`` as :func:`find_combs` gives them, found here where not given."""
    combs = find_combs(image, dpi) if combs is None else combs
    if not combs:
        return image
    out = np.array(image.convert("L") if image.mode not in ("L", "RGB") else image)
    white = 255 if out.ndim == 2 else (255, 255, 255)
    pad = max(1, round(dpi * 0.006))
    near = max(3, round(dpi * 0.03))  # how far from a side's end its rule may run (a scan's rules are not level)
    rules = _rules(_dark(np.asarray(image.convert("L"))), dpi)
    for comb in combs:
        x0, y0, x1, y1 = comb.x0, comb.y0, comb.x1, comb.y1
        for sx0, sx1 in comb.sides:
            out[max(0, y0 - pad):y1 + pad, max(0, sx0 - pad):sx1 + pad] = white
        for top, bottom in ((max(0, y0 - near), y0 + near), (max(0, y1 - near), y1 + near)):
            block = out[top:bottom, max(0, x0 - pad):x1 + pad]
            block[rules[top:bottom, max(0, x0 - pad):x1 + pad] > 0] = white
    logger.debug("erased %d comb field(s) before OCR", len(combs))
    return Image.fromarray(out)


def read_combs(erased: Image.Image, combs: list[Comb], dpi: float,
               recognize: Callable[[Image.Image, float], list[LineUnit]]) -> list[LineUnit]:
    """Each comb's value read on its own: its characters, cut out of their cells (of ``erased``, the page with the
    combs erased) and set side by side at a body text's spacing, an empty cell as a space, are read by
    ``recognize``; the words read are laid back over the cells they came from. Set a cell or more apart, one
    letter at a time, characters read poorly: OCR drops a narrow ``i`` or ``l`` and the dots between a date's
    figures. A comb with nothing in it gives no words."""
    gray = np.asarray(erased.convert("L"))
    dark = _dark(gray)
    inset = max(1, round(dpi * 0.01))  # inside a cell, clear of where its borders were
    units: list[LineUnit] = []
    for comb in combs:
        height = comb.y1 - comb.y0
        pieces: list[tuple[int, int] | None] = []  # each cell's ink columns (page x), None for an empty cell
        for cx0, cx1 in sorted(comb.cells + comb.gaps):  # a gap between groups: its separator, else a space
            ink = dark[comb.y0 + inset:comb.y1 - inset, cx0 + inset:cx1 - inset]
            if ink.size == 0 or int((ink > 0).sum()) < max(4, 0.003 * ink.size):
                pieces.append(None)
                continue
            cols = np.flatnonzero(ink.any(axis=0))
            pieces.append((cx0 + inset + int(cols[0]), cx0 + inset + int(cols[-1]) + 1))
        while pieces and pieces[-1] is None:
            pieces.pop()
        if not pieces:
            continue
        spacing, space = max(2, round(0.12 * height)), max(6, round(0.5 * height))
        width = 2 * height + sum(space if piece is None else piece[1] - piece[0] + spacing for piece in pieces)
        strip = Image.new("L", (width, 2 * height), 255)
        x = height
        for piece in pieces:
            if piece is None:
                x += space
                continue
            a, b = piece
            strip.paste(Image.fromarray(gray[comb.y0 + inset:comb.y1 - inset, a:b]), (x, height // 2 + inset))
            x += (b - a) + spacing
        read = sorted((w for u in recognize(strip, dpi) for w in u.words), key=lambda w: w.x0)
        confidence = float(np.mean([w.confidence for w in read])) if read else 0.0
        words = _laid_over(" ".join(w.text for w in read), pieces, comb, confidence)
        if words:
            units.append(LineUnit(words, horizontal=True, text=" ".join(w.text for w in words)))
    return units


def _laid_over(text: str, pieces: list[tuple[int, int] | None], comb: Comb, confidence: float) -> list[RawWord]:
    """The words of ``text`` over the cells whose characters they are: a word a run of filled cells where the text
    splits as the empty cells do, else the characters dealt out over the filled cells in order."""
    runs: list[list[tuple[int, int]]] = [[]]
    for piece in pieces:
        if piece is None:
            runs.append([])
        else:
            runs[-1].append(piece)
    runs = [r for r in runs if r]
    tokens = text.split()
    if not tokens:
        return []
    if len(tokens) != len(runs):  # the characters in order over the filled cells, the text's own spaces kept
        filled = [p for r in runs for p in r]
        runs, k = [], 0
        for token in tokens:
            take = max(1, min(len(token), len(filled) - k - (len(tokens) - len(runs) - 1)))
            runs.append(filled[k:k + take] or filled[-1:])
            k = min(k + take, len(filled) - 1)
    # a word's box reaches over the empty cell after it, up to a space before the next word: the empty cell reads
    # as the space it stands for, not as the gap between two columns (as join_spaced_letters lays a text layer's)
    height = comb.y1 - comb.y0
    words = []
    for k, (token, run) in enumerate(zip(tokens, runs, strict=False)):
        x1 = run[-1][1]
        if k + 1 < len(runs):
            x1 = max(x1, runs[k + 1][0][0] - round(0.3 * height))
        words.append(RawWord(token, run[0][0], comb.y0, x1, comb.y1, confidence))
    return words
