"""Check boxes on a scanned page, found in the pixels: OCR reads text, and often drops a box drawn beside an
option (``☐ Auto ☒ Homeowners``) or reads it as a stray letter (``O``, ``D``, ``M``).

A box is a dark square outline about the height of the page's words: each of its four sides dark along most of
its length and its four corners dark (a letter ``O`` or ``D`` has light corners). Its inside tells whether it is
ticked: mostly light is empty, a cross, tick or fill is ticked; anything in between is left unread. A box drawn
in a hairline comes out of a scan grey and broken under Otsu's threshold, so the page is also read with a threshold
halfway between Otsu's and the paper, a box found only there added, and once more without the rules (a box
touching a frame's edge is one shape with it). Each box found becomes one word, ``☒`` or ``☐``, where the box is,
so that the engines read it as they read a box in a text layer. A short OCR word on the box (its guess at the
glyph) gives way to it; a box inside a longer word is left to that word, unless the word starts with OCR's reading
of the box before its option's letters (``XJa``), which is cut off.

Born-digital forms may draw their boxes as vector squares and their ticks as lines, or radio buttons as rings
with a dot for the chosen one, with nothing of either in the text layer: :func:`add_drawn_check_boxes` reads those
from the page's drawings in the same way. Forms that ask for an answer to be circled ("Yes / No", the chosen word
ringed or boxed by a drawn outline) are read by :func:`add_circled_answers`.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable
from dataclasses import replace
from statistics import median
from typing import Any

import numpy as np
import pymupdf
from PIL import Image

from engine.base import SIGNATURE_MARK
from engine.rules import legal_form, yes_or_no
from pipeline.formfields import CHECKED, UNCHECKED
from pipeline.inkmarks import blank_words, page_ink, rule_lines, word_height
from pipeline.layout import LineUnit, RawWord

__all__ = ["add_check_boxes", "add_circled_answers", "add_circled_marks", "add_drawn_check_boxes",
           "add_framed_answers", "add_grid_ticks", "find_check_boxes", "mark_bracketed_boxes"]

#: a box's height against the median word height on the page
_MIN_HEIGHT, _MAX_HEIGHT = 0.45, 1.4
#: ... and a box drawn as a path on a born-digital page, whose square no scan's noise imitates (LibreOffice Draw's
#: 4.5 mm boxes beside 9-point words stand 1.42 word heights high)
_MAX_DRAWN_HEIGHT = 1.6
#: ... and up to this where it is an empty frame and an option's word starts right beside it (gnuplot's 4 mm boxes
#: beside 6.7-point words; a dark square beside a letterhead is a logo)
_MAX_LABELLED_HEIGHT = 2.0
#: share of a side's pixels that must be dark, and of the inside for a tick / at most for an empty box
_SIDE, _TICKED, _EMPTY = 0.8, 0.12, 0.05
#: at most this many boxes on a page (a page of squares is a grid or a pattern, not a form)
_MAX_BOXES = 60
#: a radio button's least height against the median word height (a lower-case "o" is less) ...
_MIN_RING = 0.65
#: ... and of one down to this height in a row of them that holds a dot (``❍ Auto  ❍ Zorg  ● Reis`` set at
#: the words' x-height: a letter "o" is never filled)
_MIN_DOTTED_RING = 0.5


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
        kept = [part for w in u.words if not any(_covers(b, w) and len(w.text.strip()) <= 2 for b in boxes)
                for part in _split_at_boxes(_peeled(w, boxes), boxes)]
        if kept:
            out.append(LineUnit(kept, u.horizontal))
    words = [w for u in out for w in u.words]
    for b in boxes:
        if any(_inside(b, w) for w in words):  # a box inside a longer word is that word's ("[Dom", "OAuto")
            continue
        if _between_words(b, words):
            continue  # the strokes of two words' letters run together across the gap between them ("GV|Eindhoven")
        out.append(LineUnit([b]))
    return out


#: a box or radio button typed in brackets, as OCR reads it with its mark left out ("(●)" read "()", "[X]" "[]")
_BRACKETS = frozenset({"()", "[]"})


def mark_bracketed_boxes(image: Image.Image, units: list[LineUnit]) -> list[LineUnit]:
    """``units`` (OCR words in the pixels of ``image``) with each box or radio button typed in brackets whose mark
    OCR left out read as marked: ``()`` or ``[]`` whose middle (a third in from each side) is mostly ink, the dot of
    a ``(●)`` or the cross of an ``[X]``, becomes ``(X)`` / ``[X]``; an empty one, paper between its brackets, stays
    as read."""
    if not any(w.text.replace(" ", "") in _BRACKETS for u in units for w in u.words):
        return units
    ink = page_ink(image)

    def marked(w: RawWord) -> bool:
        width, height = w.x1 - w.x0, w.y1 - w.y0
        middle = ink[int(w.y0 + height / 3):int(w.y1 - height / 3) + 1,
                     int(w.x0 + width / 3):int(w.x1 - width / 3) + 1]
        return middle.size > 0 and float(middle.mean()) >= 0.5

    return [replace(u, words=[replace(w, text=f"{t[0]}X{t[1]}") if (t := w.text.replace(" ", "")) in _BRACKETS
                              and marked(w) else w for w in u.words]) for u in units]


def find_check_boxes(image: Image.Image, word_height: float) -> list[RawWord]:
    """Square outlines about ``word_height`` tall, as box words ``☒`` / ``☐`` (pixel coordinates)."""
    import cv2

    gray = np.asarray(image.convert("L"))
    otsu, ink = cv2.threshold(gray, 0, 1, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    # a thin outline scanned grey breaks up under Otsu's threshold: look again with one halfway to the paper
    paper = float(np.median(gray))
    inks = [ink, (gray < (otsu + paper) / 2).astype(np.uint8)] if paper > otsu + 20 else [ink]
    # a box that touches a rule (a frame's edge right over a row of options) is one shape with it: look again
    # without the rules, level runs of ink three word heights long
    level = max(8, round(3 * word_height))
    rules = cv2.morphologyEx(ink, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (level, 1)))
    if rules.any():
        inks.append(ink & ~rules & 1)
    lo, hi = max(6.0, _MIN_HEIGHT * word_height), _MAX_HEIGHT * word_height
    found: list[RawWord] = []
    rings: list[RawWord] = []
    small: list[RawWord] = []  # rings under _MIN_RING
    for ink in inks:
        count, _, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
        for x, y, w, h, _area in stats[1:count]:
            if not (lo <= h <= hi * 1.4 and 0.6 <= w / h <= 1.25):
                continue
            state = _box_state(ink[y:y + h, x:x + w]) if h <= hi and w >= 0.8 * h else None
            if state is None and (overshot := _ticked_past(ink, x, y, w, h, lo, hi)) is not None:
                x, y, w, h = overshot  # a box whose tick runs out over its top ("☑")
                state = True
            ring = False
            if state is None and h >= _MIN_DOTTED_RING * word_height and not _beside_ink(ink, x, y, w, h):
                state = _ring_state(ink[y:y + h, x:x + w])
                ring = state is not None
            if state is not None and _in_dark_band(inks[0], x, y, w, h):
                continue
            box = RawWord(CHECKED if state else UNCHECKED, float(x), float(y), float(x + w), float(y + h), 0.9)
            if state is not None and not any(_overlap(box, b) for b in found):
                found.append(box)
                if ring:
                    rings.append(box)
                if ring and h < _MIN_RING * word_height:
                    small.append(box)
    # radio buttons come in rows of options: a lone ring is a letter standing alone ("O", "o" between words), and
    # small rings make a row only with a dot among them
    found = [b for b in found if b not in small or any(o.text == CHECKED for o in found if _same_row(b, o))]
    found = [b for b in found if b not in rings or sum(_same_row(b, o) for o in found) >= 2]
    return found if len(found) <= _MAX_BOXES else []


def _ticked_past(ink: np.ndarray, x: int, y: int, w: int, h: int, lo: float,
                 hi: float) -> tuple[int, int, int, int] | None:
    """The box inside a shape whose tick runs out of it over its top ("☑", a pen's tick over a printed box): the
    box's top is the first row of ink across most of the shape, its right side the last column of ink down most of
    what is under it; framed on all four sides, as (x, y, w, h), with the ink over it over its right half only (a
    letter's bar over its whole width is none). None for any other shape."""
    shape = ink[y:y + h, x:x + w]
    rows = shape.sum(axis=1)
    top = next((k for k in range(h) if rows[k] >= 0.6 * w), None)
    if top is None or not 2 <= top <= 0.4 * h:
        return None
    cols = shape[top:].sum(axis=0)
    right = max((k for k in range(w) if cols[k] >= 0.6 * (h - top)), default=None)
    if right is None:
        return None
    side_w, side_h = right + 1, h - top
    if not lo <= side_h <= hi or not 0.8 <= side_w / side_h <= 1.25 or shape[:top, :round(0.5 * side_w)].any():
        return None
    return (x, y + top, side_w, side_h) if _box_state(shape[top:, :side_w]) is not None else None


def _same_row(a: RawWord, b: RawWord) -> bool:
    """Two marks of one row of options: level with each other and of about one size."""
    ha, hb = a.y1 - a.y0, b.y1 - b.y0
    return abs((a.y0 + a.y1) - (b.y0 + b.y1)) / 2 <= 0.5 * max(ha, hb) and 0.75 <= ha / hb <= 1.33


#: what OCR reads a box as, at the start of its option's word ("XJa", "OAuto", "X]Kranken")
_BOX_READINGS = "XxOoD0[]|☐☒□■"
#: what OCR leaves of a box's side before its option's word, where the box itself is found apart ("]Kfz")
_SIDE_READINGS = "[]|"


def _peeled(word: RawWord, boxes: list[RawWord]) -> RawWord:
    """``word`` without what OCR read of a box at its left end: one or two characters read from a box found
    inside the word's left end, its option's letters after them ("XJa", "X]Kranken", "čAuto" over a ticked box), or a
    bracket or bar left of a box found just before the word ("]Kfz"): the box word stands for them."""
    text = word.text
    lead = 0 if text[:1] not in _BOX_READINGS else 2 if text[1:2] and text[1] in _SIDE_READINGS else 1
    if not lead and len(text) >= 3 and not text[0].isascii() and text[0].islower() and text[1].isupper():
        lead = 1  # a crossed box read as an accented letter, glued to its option ("čAuto"): no word's start
    rest = text[lead:]
    if lead == 0 or len(rest) < 2 or not rest.isalpha() or legal_form(text):
        return word  # (a legal form's bold "D" is no box: "Harbour Digital DAC")
    side = 1 if text[0] in _SIDE_READINGS else 0
    for b in boxes:
        size = b.x1 - b.x0
        if _inside(b, word) and b.x0 - word.x0 <= 0.5 * size and b.x1 < word.x1:
            return RawWord(rest, b.x1, word.y0, word.x1, word.y1, word.confidence)
        if side and abs(word.x0 - b.x1) <= 0.5 * size and _same_row(b, RawWord("", 0, word.y0, 0, word.y1)):
            return RawWord(text[side:], word.x0, word.y0, word.x1, word.y1, word.confidence)
    return word


def _split_at_boxes(word: RawWord, boxes: list[RawWord]) -> list[RawWord]:
    """``word`` cut where boxes found inside it stand, as OCR reads a row of small boxes and their options as one
    word without them ("claimMotorHomeHealthTravel" over "claim ☐ Motor ☐ Home ☑ Health ☐ Travel", "policeYesNo"):
    one box at each place where a small letter meets a capital, each box near its place by the characters before
    it. Each part spans the word's pixels between two boxes; a word any other way stays whole."""
    inside = sorted((b for b in boxes if _inside(b, word)), key=lambda b: b.x0)
    text = word.text
    if not inside or len(text) < 4:
        return [word]
    cuts = [k for k in range(2, len(text) - 1) if text[k].isupper() and text[k - 1].islower()]
    if len(cuts) != len(inside):
        return [word]
    step = (word.x1 - word.x0) / len(text)
    if any(not b.x0 - 3 * step <= word.x0 + step * cut <= b.x1 + 3 * step for cut, b in zip(cuts, inside,
                                                                                              strict=True)):
        return [word]
    edges = [word.x0, *(x for b in inside for x in (b.x0, b.x1)), word.x1]
    parts = [text[a:b] for a, b in itertools.pairwise([0, *cuts, len(text)])]
    return [replace(word, text=part, x0=edges[2 * k], x1=max(edges[2 * k] + step, edges[2 * k + 1]))
            for k, part in enumerate(parts)]


def _overlap(a: RawWord, b: RawWord) -> bool:
    return min(a.x1, b.x1) > max(a.x0, b.x0) and min(a.y1, b.y1) > max(a.y0, b.y0)


def _corners(cell: np.ndarray, c: int) -> list[np.ndarray]:
    """The four ``c`` × ``c`` corners of ``cell``."""
    h, w = cell.shape
    return [cell[:c, :c], cell[:c, w - c:], cell[h - c:, :c], cell[h - c:, w - c:]]


#: how much of the strips right over and right under a shape must be ink for it to lie in a dark band
_DARK_BAND = 0.8


def _in_dark_band(ink: np.ndarray, x: int, y: int, w: int, h: int) -> bool:
    """Whether the shape lies inside a dark band, ink over and under it (a third of its height each): the gap
    between two words printed white on black ("STATION RELAIS" on a till's inverted heading), not a box."""
    gap = max(2, round(0.3 * h))
    above, below = ink[max(0, y - gap):y, x:x + w], ink[y + h:y + h + gap, x:x + w]
    return above.size > 0 and below.size > 0 and min(float(above.mean()), float(below.mean())) >= _DARK_BAND


def _beside_ink(ink: np.ndarray, x: int, y: int, w: int, h: int) -> bool:
    """Whether ink comes within a fifth of ``h`` left or right of the shape: a letter of a word (an ``O``), not a
    radio button standing apart before its option."""
    gap = max(1, round(0.2 * h))
    rows = ink[y:y + h]
    return bool(rows[:, max(0, x - gap):x].any() or rows[:, x + w:x + w + gap].any())


def _ring_state(cell: np.ndarray) -> bool | None:
    """A radio button: a round outline (ink all round a circle, none in the corners of its square), ticked when
    a dot fills its middle, empty when the middle is clear; None for anything else."""
    h, w = cell.shape
    if not 0.85 <= w / h <= 1.18 or min(h, w) < 7:
        return None
    if any(corner.any() for corner in _corners(cell, max(1, round(0.12 * min(h, w))))):
        return None
    ys, xs = np.mgrid[0:h, 0:w]
    r = np.hypot((ys - (h - 1) / 2) / (h / 2), (xs - (w - 1) / 2) / (w / 2))  # 1 on the outline's outer edge
    angle = np.arctan2(ys - (h - 1) / 2, xs - (w - 1) / 2)
    band = (r >= 0.6) & (r <= 1.05)
    sectors = [bool(cell[band & (angle >= a) & (angle < a + np.pi / 8)].any())
               for a in np.linspace(-np.pi, np.pi, 16, endpoint=False)]
    if sum(sectors) < 15:
        return None  # not round all the way: a C, a G, a broken shape
    middle = float(cell[r <= 0.3].mean())
    if middle >= 0.5:
        return True
    if middle <= 0.05:
        return False
    return None


def _box_state(cell: np.ndarray) -> bool | None:
    """True for a ticked box, False for an empty one, None for no box (or one too unclear to read)."""
    h, w = cell.shape
    t = max(1, round(min(h, w) * 0.12))  # the outline's thickness, measured generously
    sides = (cell[:t, :].max(axis=0), cell[-t:, :].max(axis=0), cell[:, :t].max(axis=1), cell[:, -t:].max(axis=1))
    if min(float(s.mean()) for s in sides) < _SIDE:
        return None
    if not all(corner.any() for corner in _corners(cell, max(1, t))):
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
    return True if _marked(inside) else None


def _marked(inside: np.ndarray) -> bool:
    """Whether the ink inside a box is one mark across it, a typed ``X`` or a thin tick (sparser than a drawn
    cross): a connected stroke spanning a third of the inside both ways, not a few specks of a scan's noise."""
    import cv2

    count, _, stats, _ = cv2.connectedComponentsWithStats(inside.astype(np.uint8), connectivity=8)
    h, w = inside.shape
    return any(bw >= 0.33 * w and bh >= 0.33 * h for _x, _y, bw, bh, _area in stats[1:count])


def add_drawn_check_boxes(drawings: Callable[[], list[dict[str, Any]]], units: list[LineUnit],
                          matrix: pymupdf.Matrix) -> list[LineUnit]:
    """A born-digital page whose boxes are drawn, not printed as glyphs (a form laid out with rectangles and
    lines): a square path about the height of the page's words is a box, ticked when a cross or tick is drawn
    inside it (or it is filled dark), and becomes a box word where it is. A box whose text layer already holds
    its mark or glyph (a framed ``X``, ``☐``) is left to that word. ``drawings`` gives the page's drawings
    (``Page.get_drawings``), read only when the page has words."""
    heights = [w.y1 - w.y0 for u in units for w in u.words if len(w.text) >= 2]
    if not heights:
        return units
    paths = drawings()
    if not paths or len(paths) > 20_000:
        return units
    height = median(heights)
    lo, hi, square_hi = _MIN_HEIGHT * height, _MAX_HEIGHT * height, _MAX_DRAWN_HEIGHT * height
    words = [w for u in units for w in u.words]

    def labelled(r: pymupdf.Rect) -> bool:  # a word starts within a box's width right of it, on its row
        return any(0 <= w.x0 - r.x1 <= r.width and r.y0 <= (w.y0 + w.y1) / 2 <= r.y1 for w in words)
    squares: list[tuple[pymupdf.Rect, bool]] = []
    strokes: list[pymupdf.Rect] = []
    marks: list[pymupdf.Rect] = []  # ticks and crosses drawn as paths of their own
    fills: list[pymupdf.Rect] = []  # dark shapes too small for a box: a box ticked by a square or dot inside it
    for d in paths:
        r = pymupdf.Rect(d["rect"]) * matrix
        if _filled_dark(d) and 0 < r.height < lo and 0 < r.width < lo:
            fills.append(r)
        if _drawn_mark(d) and lo <= r.height <= square_hi and 0.5 * r.height <= r.width <= 2 * r.height:
            marks.append(r)
        kinds = [item[0] for item in d["items"]]
        if _pen_strokes(d["items"]):  # a tick, a cross or a hatching drawn by hand: it ticks the box it is in
            strokes.append(r)
            continue
        square = lo <= r.height <= _MAX_LABELLED_HEIGHT * height and r.height > 0 \
            and 0.8 <= r.width / r.height <= 1.25 and (r.height <= square_hi or d.get("type") == "s" and labelled(r))
        # (a quad only where it is a rectangle: gnuplot outlines an arrow's head, a dart, as a quad too)
        quads = [item[1] for item in d["items"] if item[0] == "qu"]
        if (square and ("re" in kinds or quads and all(_rectangle(q) for q in quads)
                        or (set(kinds) == {"l"} and len(kinds) >= 3 and _upright(d["items"])))) \
                or _radio(d, r, lo, hi, labelled(r)):
            if not any(abs(r.x0 - q.x0) < 1 and abs(r.y0 - q.y0) < 1 for q, _ in squares):  # drawn twice
                squares.append((r, _filled_dark(d) or _crossed(d, r)))
        elif "l" in kinds or "c" in kinds:
            strokes.append(r)
    for r in _squares_of_sides(strokes, lo, hi):
        if not any(abs(r.x0 - q.x0) < 1 and abs(r.y0 - q.y0) < 1 for q, _ in squares):
            squares.append((r, False))
    # a smaller shape inside a box (a hatching, a ring round a blot of ink, the blot) is its mark, no box of its own
    nested = {n for n, (r, _) in enumerate(squares) if any(_holds(q, r) for q, _ in squares if q is not r)}
    squares = [(q, ticked or any(_holds(q, squares[n][0]) for n in nested))
               for k, (q, ticked) in enumerate(squares) if k not in nested]
    # a tick or a cross drawn alone, in no box (an answer grid's cell under its "Yes"): a ticked box where it is
    squares += [(r, True) for r in marks if not any(q.intersects(r) for q, _ in squares)]
    out = list(units)
    found = 0
    dots: set[int] = set()
    combed = _comb_cells([r for r, _ in squares])
    for n, (r, ticked) in enumerate(squares):
        if n in combed:
            continue  # a comb field's cell holds one character of a value, empty or not: no box to tick
        box = RawWord(UNCHECKED, r.x0, r.y0, r.x1, r.y1, 1.0)
        inside = [w for w in words if _inside(w, box) or _inside(box, w)]
        if len(inside) == 1 and inside[0].text in _DOTS:
            dots.add(id(inside[0]))  # a ring with a dot set in it as a glyph ("•"): the option chosen
            out.append(LineUnit([RawWord(CHECKED, r.x0, r.y0, r.x1, r.y1, 1.0)]))
            found += 1
            continue
        if inside:
            continue
        inner = pymupdf.Rect(r.x0 + 0.2 * r.width, r.y0 + 0.2 * r.height, r.x1 - 0.2 * r.width, r.y1 - 0.2 * r.height)
        ticked = ticked or any(s.intersects(inner) and s.width <= 1.5 * r.width and s.height <= 1.5 * r.height
                               for s in strokes) or any(_fills_box(f, r) for f in fills)
        out.append(LineUnit([box if not ticked else RawWord(CHECKED, r.x0, r.y0, r.x1, r.y1, 1.0)]))
        found += 1
    if found > _MAX_BOXES:
        return units
    return [kept for u in out if (kept := _without(u, dots)).words] if dots else out


#: a dot set as a glyph in a drawn ring: the radio button chosen
_DOTS = frozenset("• ● ∙ ◉ ⦿ ·".split())


def _without(unit: LineUnit, gone: set[int]) -> LineUnit:
    """``unit`` less its words whose ids are in ``gone``."""
    return unit if not any(id(w) in gone for w in unit.words) else replace(
        unit, words=[w for w in unit.words if id(w) not in gone])


#: a tick under a grid's yes or no: its height against the page's word height, and where it may stand (word heights
#: below the word's foot)
_TICK_HEIGHT = (0.5, 2.0)
_TICK_REACH = 2.5
#: what OCR reads a tick as, alone
_TICK_READINGS = frozenset("V v X x ✓ ✔ √ / \\ J".split())


def add_grid_ticks(image: Image.Image, units: list[LineUnit]) -> list[LineUnit]:
    """A scanned answer grid, ``Yes | No`` over a row of cells with a tick in one (the cells no boxes of their
    own): under a yes word and the no word next to it on its row, the ink no word covers and no rule makes
    (within :data:`_TICK_REACH` word heights below each word, no wider than halfway to the other) is looked at; a
    mark the size of a tick under one of them and none under the other becomes a ticked box word where it is."""
    words = [w for u in units for w in u.words]
    height = word_height(words)
    if height is None or not any(yes_or_no(w.text) is not None for w in words):
        return units
    ink: np.ndarray | None = None
    added: list[LineUnit] = []
    for a in words:
        if yes_or_no(a.text) is not True:
            continue
        row = sorted((w for w in words if w is not a and _same_row(a, w)), key=lambda w: abs(w.x0 - a.x0))
        b = row[0] if row else None
        if b is None or yes_or_no(b.text) is not False or abs(b.x0 - a.x0) > 8 * height:
            continue
        if ink is None:
            ink = page_ink(image)
            ink &= ~rule_lines(ink, height) & 1
            # (OCR's reading of a tick as a letter, "V", leaves the tick's ink to be looked at)
            blank_words(ink, [w for w in words if w.text.strip() not in _TICK_READINGS], height)
        half = abs((b.x0 + b.x1) - (a.x0 + a.x1)) / 4
        found = [m for w in (a, b) if (m := _tick_under(ink, w, half, height)) is not None]
        if len(found) == 1:
            x0, y0, x1, y1 = found[0]
            added.append(LineUnit([RawWord(CHECKED, x0, y0, x1, y1, 0.9)]))
    if not added:
        return units
    marks = [u.words[0] for u in added]

    def read_as_tick(w: RawWord) -> bool:
        return w.text.strip() in _TICK_READINGS and any(_overlap(w, m) for m in marks)

    kept = [LineUnit(ws, u.horizontal, u.text if len(ws) == len(u.words) else None) for u in units
            if (ws := [w for w in u.words if not read_as_tick(w)])]
    return kept + added


def _tick_under(ink: np.ndarray, word: RawWord, half: float, height: float) -> tuple[int, int, int, int] | None:
    """The box of the one mark the size of a tick under ``word``, centred within ``half`` of its middle."""
    import cv2

    centre = (word.x0 + word.x1) / 2
    x0, x1 = max(0, round(centre - half)), round(centre + half)
    y0, y1 = round(word.y1), round(word.y1 + _TICK_REACH * height)
    cell = ink[y0:y1, x0:x1]
    if cell.size == 0 or not cell.any():
        return None
    count, _, stats, _ = cv2.connectedComponentsWithStats(cell.astype(np.uint8), connectivity=8)
    lo, hi = _TICK_HEIGHT[0] * height, _TICK_HEIGHT[1] * height
    ticks = [(x, y, w, h) for x, y, w, h, _ in stats[1:count] if lo <= h <= hi and 0.5 * h <= w <= 2.5 * h]
    if len(ticks) != 1:
        return None
    x, y, w, h = ticks[0]
    return x0 + x, y0 + y, x0 + x + w, y0 + y + h


#: an outline round a circled answer: at most this many word heights taller, and wider, than the word
_RING_MARGIN = 2.0

Box = tuple[float, float, float, float]
#: a yes or no word as a form prints its options: letters only, two at least
_ANSWER = re.compile(r"[^\W\d_]{2,}")


def add_circled_answers(drawings: Callable[[], list[dict[str, Any]]], units: list[LineUnit],
                        matrix: pymupdf.Matrix) -> list[LineUnit]:
    """A born-digital form whose answer is circled: a yes or no word (``Yes``, ``Nein``, ``Oui``) that a stroked
    outline (a ring of curves, a rectangle or a pen's loop of short lines, not filled) encloses alone, the outline
    at most :data:`_RING_MARGIN` word heights larger than the word each way, gets a ticked box word just before
    it, and every other yes or no word on its line an empty one, so that the engines read the answer as a ticked
    box. Where two answers of one line are enclosed (a table's header cells ``Yes | No``), neither is. An option
    of a row of them circled so (``Vozidlo  (Zdraví)  Cestování``) gets a ticked box alone."""
    # a rectangle marks only a yes or no: on a page without one, only rings are looked at (not a table's cells)
    answers = any(yes_or_no(w.text) is not None for u in units for w in u.words)
    rings, curved = [], set()
    strokes: list[tuple[pymupdf.Point, pymupdf.Point]] = []  # slanted straight lines, of which a cross is made
    level: list[tuple[pymupdf.Point, pymupdf.Point]] = []  # level lines alone, which may strike an answer out
    for d in drawings():
        kinds = {item[0] for item in d["items"]}
        if d.get("fill") is not None or not kinds <= {"c", "re", "qu", "l"}:
            continue
        if answers and kinds == {"l"} and len(d["items"]) == 1:
            _, a, b = d["items"][0]
            if abs(b.y - a.y) <= 0.15 * abs(b.x - a.x):
                level.append((a * matrix, b * matrix))
        if kinds == {"l"} and len(d["items"]) <= 2 and all(_slanted(a, b) for _, a, b in d["items"]):
            strokes += [(a * matrix, b * matrix) for _, a, b in d["items"]]
            continue
        ring = "c" in kinds or kinds == {"l"} and _pen_loop(d["items"])
        if ring or answers and kinds & {"re", "qu"}:
            r = _ring_rect(d) * matrix
            rings.append((r.x0, r.y0, r.x1, r.y1))
            if ring:
                curved.add(rings[-1])
    heights = [w.y1 - w.y0 for u in units for w in u.words]
    tall = (1 + _RING_MARGIN) * median(heights) if heights else 0.0  # (no taller cross marks a word)
    for cross in _crosses([(a, b) for a, b in strokes if abs(b.y - a.y) <= tall]):  # a cross over an option
        rings.append(cross)
        curved.add(cross)
    units = _struck_out(units, level) if level else units
    return _tick_circled(units, rings, wide=frozenset(curved))[0] if rings else units


def _struck_out(units: list[LineUnit], lines: list[tuple[pymupdf.Point, pymupdf.Point]]) -> list[LineUnit]:
    """A question answered by striking out the answer that does not apply (``Sì / No`` with ``Sì`` struck through,
    "delete as appropriate"): where a level line runs through the middle of one of a line's two answers, across
    most of it, the other answer gets a ticked box before it and the struck one an empty one. A line with boxes of
    its own is left as it is."""
    words = [w for u in units for w in u.words]
    answers = _answer_words(words)

    def struck(w: RawWord) -> bool:
        h, width = w.y1 - w.y0, w.x1 - w.x0
        return any(min(a.x, b.x) <= w.x0 + 0.15 * width and max(a.x, b.x) >= w.x1 - 0.15 * width
                   and w.y0 + 0.25 * h <= (a.y + b.y) / 2 <= w.y1 - 0.25 * h
                   and max(a.x, b.x) - min(a.x, b.x) <= width + 2 * h for a, b in lines)

    out = list(units)
    for w in [a for a in answers if struck(a)]:
        row = [a for a in answers if _same_row(a, w)]
        other = [a for a in row if a is not w]
        if len(row) != 2 or struck(other[0]) or any(b.text in (CHECKED, UNCHECKED) for b in words
                                                     if _same_row(b, w)):
            continue
        out += [LineUnit([_box_before(other[0], words, CHECKED)]), LineUnit([_box_before(w, words, UNCHECKED)])]
        words = [x for u in out for x in u.words]
    return out


def _slanted(a: pymupdf.Point, b: pymupdf.Point) -> bool:
    """Whether a straight line runs slantwise, neither near level nor near plumb."""
    dx, dy = abs(b.x - a.x), abs(b.y - a.y)
    return min(dx, dy) >= 0.3 * max(dx, dy) > 0


def _crosses(strokes: list[tuple[pymupdf.Point, pymupdf.Point]]) -> list[Box]:
    """The boxes of the crosses among slanted straight lines: two that slope opposite ways over much the same box
    (each spans at least two thirds of the pair's width and height), as a pen's X over a word is drawn."""
    out: list[Box] = []
    strokes = sorted(strokes, key=lambda s: min(s[0].x, s[1].x))
    for i, (a, b) in enumerate(strokes):
        for c, d in strokes[i + 1:]:
            if min(c.x, d.x) > max(a.x, b.x):
                break  # (sorted by their left ends: no later stroke reaches back over this one)
            if ((b.x - a.x) * (b.y - a.y) > 0) != ((d.x - c.x) * (d.y - c.y) > 0) and (box := _cross(a, b, c, d)):
                out.append(box)
    return out


def _cross(a: pymupdf.Point, b: pymupdf.Point, c: pymupdf.Point, d: pymupdf.Point) -> Box | None:
    """The box of two strokes sloping opposite ways where each spans two thirds of the pair's width and height."""
    box = (min(a.x, b.x, c.x, d.x), min(a.y, b.y, c.y, d.y), max(a.x, b.x, c.x, d.x), max(a.y, b.y, c.y, d.y))
    w, h = box[2] - box[0], box[3] - box[1]
    if all(abs(q.x - p.x) >= 2 / 3 * w and abs(q.y - p.y) >= 2 / 3 * h for p, q in ((a, b), (c, d))):
        return box
    return None


def _ring_rect(drawing: dict[str, Any]) -> pymupdf.Rect:
    """The box of an outline; of a ring drawn with curves, the box of its curves alone: a straight stroke the path
    starts or ends with is the pen's way in or out (a ring round ``Ja`` whose lead-in runs over ``Nej``), no part of
    what it encloses."""
    curves = [pt for item in drawing["items"] if item[0] == "c" for pt in item[1:]]
    if not curves or any(item[0] not in ("c", "l") for item in drawing["items"]):
        return pymupdf.Rect(drawing["rect"])
    return pymupdf.Rect(min(pt.x for pt in curves), min(pt.y for pt in curves),
                        max(pt.x for pt in curves), max(pt.y for pt in curves))


def _rectangle(quad: pymupdf.Quad) -> bool:
    """Whether a quad's four corners make a rectangle, in whatever order the path gives them: all four as far from
    their middle (a dart, an arrow's head, is not; PyMuPDF's own test wants its corners in one order)."""
    corners = [quad.ul, quad.ur, quad.ll, quad.lr]
    middle = pymupdf.Point(sum(p.x for p in corners) / 4, sum(p.y for p in corners) / 4)
    reach = [abs(p - middle) for p in corners]
    return max(reach) - min(reach) <= 0.05 * max(max(reach), 1e-6)


def _pen_loop(items: list[tuple[Any, ...]]) -> bool:
    """Whether a path of straight lines is a loop a pen drew round a word (as Xournal++ exports its strokes): eight
    lines or more that end near where they began, within a third of the loop's size (a signature ends far off)."""
    if len(items) < 8:
        return False
    start, end = items[0][1], items[-1][2]
    xs = [pt.x for item in items for pt in item[1:3]]
    ys = [pt.y for item in items for pt in item[1:3]]
    return abs(end - start) <= max(max(xs) - min(xs), max(ys) - min(ys)) / 3


def add_circled_marks(units: list[LineUnit]) -> list[LineUnit]:
    """A scan's answer circled in pen or print: the signature finder takes the ring for a mark once the word inside
    it is taken out as text. A mark that encloses a yes or no word alone (as :func:`add_circled_answers` wants an
    outline to) is that answer ticked, and no mark."""
    marks = [w for u in units for w in u.words if w.text == SIGNATURE_MARK]
    if not marks:
        return units
    rings = {(m.x0, m.y0, m.x1, m.y1): m for m in marks}
    out, used = _tick_circled(units, list(rings), alone=True)
    gone = {id(rings[ring]) for ring in used}
    return [u for u in out if not (len(u.words) == 1 and id(u.words[0]) in gone)]


#: a frame's side: this share of its length dark at least
_FRAME_SIDE = 0.8


def add_framed_answers(image: Image.Image, units: list[LineUnit]) -> list[LineUnit]:
    """A scan's answer boxed by a drawn frame (a rectangle round ``Nie`` of ``Tak`` / ``Nie``): the frame's straight
    sides are rules to the signature finder, so its pixels are looked at here. A yes or no word on a line that
    prints another answer gets a frame where a dark row runs over its whole width within a word height above and
    below it, each no longer than the word and two word heights (no table rule), joined by dark columns at their
    ends; then it is ticked as :func:`add_circled_answers` ticks a circled one. A wide, flat ring round an answer or
    round an option of a row of them (``Komunikacyjna  (Mieszkaniowa)  Zdrowotna``), whose arcs the signature finder
    takes for rules too, is found by :func:`_ring_round`; one so tight round its answer that OCR took it into the
    word's box, by :func:`_ring_within`."""
    words = [w for u in units for w in u.words if w.text != SIGNATURE_MARK]
    answers = _answer_words(words)
    answers = [a for a in answers if any(b is not a and _same_row(a, b) for b in answers)]
    options = [w for w in words if not any(w is a for a in answers) and _option_in_row(w, words)]
    if not answers and not options:
        return units
    ink = page_ink(image).astype(bool)
    frames = {id(a): ring for a in answers if (ring := _frame_round(ink, a)) is not None}
    bare = ink.copy()  # the ink of the page less its words', in which a ring round a word is looked for
    for w in words:
        bare[max(0, int(w.y0)):int(w.y1) + 1, max(0, int(w.x0)):int(w.x1) + 1] = False

    def ring_round(w: RawWord) -> Box | None:
        ring = _ring_round(bare, w, ink)
        if ring is None and any(w is a for a in answers):
            ring = _ring_within(ink, w, [b for b in answers if b is not w and _same_row(w, b)])
        return ring

    curved = [ring for w in [*answers, *options] if id(w) not in frames and (ring := ring_round(w)) is not None]
    rings = [*frames.values(), *curved]
    return _tick_circled(units, rings, wide=frozenset(curved))[0] if rings else units


def _ring_round(ink: np.ndarray, word: RawWord, page: np.ndarray | None = None) -> Box | None:
    """The ring drawn round ``word`` in ``ink`` (pixels, the words' own taken out), None where there is none: ink
    above and below the middle third of the word within a word height and a quarter, and left and right of its
    middle third within a word height and a half, its arcs over and under the word no rule running on past the
    ring (a box's rule over a ring drawn within it is no arc). A circle narrower than a long word cuts through its
    first or last letter: on one side, ink in the outer columns of the word's box in ``page`` (the page's ink,
    the words' own in it) will do."""
    rows, cols = ink.shape
    h = word.y1 - word.y0
    x0, y0, x1, y1 = int(word.x0), int(word.y0), int(word.x1), int(word.y1)
    if h <= 0 or x1 - x0 < 2:
        return None
    reach, side = max(2, round(1.25 * h)), max(2, round(1.5 * h))
    third, rise = max(1, (x1 - x0) // 3), max(1, (y1 - y0) // 3)
    mid_cols = slice(x0 + third, x1 - third)
    mid_rows = slice(y0 + rise, y1 - rise + 1)
    top = ink[max(0, y0 - reach):y0, mid_cols]
    bottom = ink[y1 + 1:min(rows, y1 + 1 + reach), mid_cols]
    left = ink[mid_rows, max(0, x0 - side):x0]
    right = ink[mid_rows, x1 + 1:min(cols, x1 + 1 + side)]
    if min(a.size for a in (top, bottom, left, right)) == 0:
        return None
    if not (top.any(axis=0).mean() >= 0.9 and bottom.any(axis=0).mean() >= 0.9):
        return None
    sides = [left.any(axis=1).mean() >= 0.9, right.any(axis=1).mean() >= 0.9]
    if not all(sides):
        edge = max(2, round(0.15 * h))
        inner = (page[mid_rows, x0:x0 + edge], page[mid_rows, x1 + 1 - edge:x1 + 1]) if page is not None else ()
        if sum(sides) != 1 or not inner or inner[sides.index(False)].any(axis=1).mean() < 0.9:
            return None
    # no rule: along the ring's arcs over and under the word (the rows of ink nearest it, as far as they run on
    # unbroken), the ink stops within a word height and a half of its ends (a box's rule over the ring, however
    # close, is none of it where a row of paper parts them)
    top_rows, bottom_rows = top.any(axis=1), bottom.any(axis=1)
    inner_top, inner_bottom = int(np.nonzero(top_rows)[0].max()), int(np.nonzero(bottom_rows)[0].min())
    start = max(0, y0 - reach)
    band = np.r_[start + _unbroken(top_rows, inner_top, -1):start + inner_top + 1,
                 y1 + 1 + inner_bottom:y1 + 2 + _unbroken(bottom_rows, inner_bottom, 1)]
    outer = np.r_[max(0, x0 - 3 * side):max(0, x0 - side), min(cols, x1 + side):min(cols, x1 + 3 * side)]
    if outer.size and ink[np.ix_(band, outer)].any(axis=0).mean() >= 0.9:
        return None
    # the ring as far as it holds the word, which is all that reading it as a tick needs
    return (float(x0 - 0.5 * h), float(y0 - 0.5 * h), float(x1 + 0.5 * h), float(y1 + 0.5 * h))


def _ring_within(ink: np.ndarray, word: RawWord, others: list[RawWord]) -> Box | None:
    """A ring drawn tight round ``word`` that OCR took into the word's box (an ellipse a drawing program set round
    ``Yes``), None where there is none: over nine tenths of the word's middle third, ink above the top of the other
    answers' letters on its line and below their foot, each by a sixth of their height at least (the letters of one
    font stand between the same lines; a descender or an accent is no wider than a letter), thin, and no straight
    run of ink on past the box (a table's rules over and under a word are no ring)."""
    inked = [max(0, int(b.y0)) + np.nonzero(ink[max(0, int(b.y0)):int(b.y1) + 1,
                                                max(0, int(b.x0)):int(b.x1) + 1].any(axis=1))[0] for b in others]
    inked = [rows for rows in inked if rows.size]  # the rows the other answers' letters ink
    if not inked:
        return None
    top, foot = min(int(rows.min()) for rows in inked), max(int(rows.max()) for rows in inked)
    h, margin = word.y1 - word.y0, max(1, round((foot - top) / 6))
    third = max(1, int(word.x1 - word.x0) // 3)
    cols = slice(int(word.x0) + third, int(word.x1) - third)
    start, end = max(0, int(word.y0 - 0.25 * h)), int(word.y1 + 0.25 * h) + 1
    over, under = ink[start:max(start, top - margin), cols], ink[foot + margin + 1:end, cols]
    if not over.size or not under.size or min(over.any(axis=0).mean(), under.any(axis=0).mean()) < 0.9 \
            or max(over.mean(), under.mean()) >= 0.5:
        return None  # (a ring's arc is a thin line: a shadow that darkens the whole box is none)
    # ... that bends round the word's ends: no rule running on past the box (a table's cell round the word)
    reach = max(2, round(h))
    for rows in (slice(start, max(start, top - margin)), slice(foot + margin + 1, end)):
        band = np.nonzero(ink[rows, cols].any(axis=1))[0] + rows.start
        beyond = ink[np.ix_(band, np.r_[max(0, int(word.x0) - reach):max(0, int(word.x0)),
                                        int(word.x1) + 1:min(ink.shape[1], int(word.x1) + 1 + reach)])]
        if beyond.size and (beyond.mean(axis=1) >= 0.9).any():  # a straight run of ink, not a ring's curve
            return None
    return (word.x0 - 0.1 * h, word.y0 - 0.1 * h, word.x1 + 0.1 * h, word.y1 + 0.1 * h)


def _unbroken(flags: np.ndarray, start: int, step: int) -> int:
    """The last index of the run of true ``flags`` from ``start`` (true itself) on, going by ``step``."""
    k = start
    while 0 <= k + step < len(flags) and flags[k + step]:
        k += step
    return k


def _frame_round(ink: np.ndarray, word: RawWord) -> Box | None:
    """The frame drawn round ``word`` in ``ink`` (pixels), None where there is none."""
    rows, cols = ink.shape
    h = word.y1 - word.y0
    x0, x1 = int(word.x0), int(word.x1)
    if h <= 0 or x1 <= x0:
        return None

    def level(y: int) -> tuple[int, int] | None:
        """The dark run along row ``y`` over the whole word, as (start, end), if it is no longer than a frame's."""
        if not 0 <= y < rows or ink[y, x0:x1].mean() < _FRAME_SIDE:
            return None
        lo, hi = x0, x1
        while lo > 0 and ink[y, lo - 1]:
            lo -= 1
        while hi < cols and ink[y, hi]:
            hi += 1
        return (lo, hi) if hi - lo <= (x1 - x0) + 2 * h else None

    reach = int(h) + 1
    tops = [(y, run) for y in range(int(word.y0) - reach, int(word.y0) + 1) if (run := level(y))]
    bottoms = [(y, run) for y in range(int(word.y1), int(word.y1) + reach + 1) if (run := level(y))]
    for (t, (tl, tr)), (b, (bl, br)) in ((top, bottom) for top in reversed(tops) for bottom in bottoms):
        left, right = max(tl, bl), min(tr, br) - 1
        if right - left < x1 - x0 or b - t < h:
            continue
        sides = [ink[t:b + 1, max(0, c - 1):c + 2].any(axis=1).mean() for c in (left, right)]
        if min(sides) >= _FRAME_SIDE:
            return (float(left), float(t), float(right), float(b))
    return None


def _answer_words(words: list[RawWord]) -> list[RawWord]:
    """The yes and no words among ``words``: words of letters alone ("No." and "No:" label a number, "Policy
    No.", and answer nothing)."""
    return [w for w in words if _ANSWER.fullmatch(w.text.strip("/,()")) and yes_or_no(w.text) is not None]


def _tick_circled(units: list[LineUnit], rings: list[Box], alone: bool = False,
                  wide: frozenset[Box] = frozenset()) -> tuple[list[LineUnit], list[Box]]:
    """``units`` with a ticked box before each yes or no word one of ``rings`` encloses alone and an empty one
    before the other answers of its line; and the rings so read. The line must print another answer, unless
    ``alone`` (a ring a pen drew round a word tells by itself, where OCR lost the other option: a drawn outline
    round a lone ``No`` may be a table's cell). A ring of curves (in ``wide``) may reach twice as far either side
    of its word as a frame, and over and under it: an ellipse round a word needs room at its ends (as MetaPost
    draws one), and a circle round it is as tall as it is wide (PostScript::Simple's ``circle`` round ``Yes``),
    where a frame that wide is a table's cell. Such a ring, or a pen's (``alone``), round an option of a row of them
    (:func:`_option_in_row`) puts a ticked box before it, where it is the row's only one."""
    words = [w for u in units for w in u.words if w.text != SIGNATURE_MARK]
    answers = _answer_words(words)
    options: list[RawWord] = []  # circled options of a row of them, not yes or no
    circled: list[tuple[RawWord, Box]] = []
    for ring in rings:
        x0, y0, x1, y1 = ring
        inside = [w for w in words if x0 <= (w.x0 + w.x1) / 2 <= x1 and y0 <= (w.y0 + w.y1) / 2 <= y1
                  and any(c.isalnum() for c in w.text)]  # (a pen's loop may take in the "/" of "Tak / Nie")
        # (an option of several words, "Hausrat / Wohngebäude", in a ring a pen or an ellipse drew: its first)
        first = _circled_cell(inside, words) if len(inside) > 1 and (alone or ring in wide) else None
        if len(inside) != 1 and first is None:
            continue
        if first is None and not any(inside[0] is a for a in answers):
            # an option other than yes or no only in a ring a pen or an ellipse drew (a table's cell drawn as a
            # rectangle round its one word is none)
            if not (alone or ring in wide) or not _option_in_row(inside[0], words):
                continue
        if first is not None or not any(inside[0] is a for a in answers):
            options.append(first or inside[0])
        # (measured from the option's box where the ring takes that in too)
        taken = [*inside, *([own] if (own := _box_ringed(first or inside[0], ring, words)) else [])]
        w = RawWord(inside[0].text, min(v.x0 for v in taken), min(v.y0 for v in inside),
                    max(v.x1 for v in taken), max(v.y1 for v in inside))
        h = w.y1 - w.y0
        loose = 2 if ring in wide or alone else 1  # (a pen's ring on a scan is drawn as loosely as an ellipse)
        if x0 <= w.x0 + 0.1 * h and x1 >= w.x1 - 0.1 * h and y0 <= w.y0 + 0.3 * h and y1 >= w.y1 - 0.3 * h \
                and y1 - y0 <= (1 + loose * _RING_MARGIN) * h \
                and x1 - x0 <= w.x1 - w.x0 + loose * _RING_MARGIN * h:
            circled.append((first or inside[0], ring))
    out, used = list(units), []
    ticked: set[int] = set()  # empty boxes a ring takes in with their option: ticked by it
    for w, ring in circled:
        own = _box_ringed(w, ring, words)
        if any(w is o for o in options):
            if sum(_same_row(c, w) for c, _ in circled) == 1 and own is not None:
                ticked.add(id(own))
                used.append(ring)
            elif sum(_same_row(c, w) for c, _ in circled) == 1 and not _boxed_row(w, words):
                out.append(LineUnit([_box_before(w, words, CHECKED)]))
                used.append(ring)
            continue
        line = [a for a in answers if _same_row(a, w)]
        if (len(line) < 2 and not alone) or sum(any(a is c for c, _ in circled) for a in line) != 1:
            continue  # no other answer on the line, or two ringed (a table's header cells)
        if own is not None:
            ticked.add(id(own))
            used.append(ring)
            continue
        if _boxed_row(w, words):
            continue  # boxes of its own
        if any(b.text in (CHECKED, UNCHECKED) for b in words if _same_row(b, w)):
            out.append(LineUnit([_box_before(w, words, CHECKED)]))  # its box lost in its ring, the others' empty
            used.append(ring)
            continue
        for a in line:
            box = _box_before(a, words, CHECKED if a is w else UNCHECKED)
            out.append(LineUnit([box]))
        used.append(ring)
    if ticked:
        out = [replace(u, words=[replace(b, text=CHECKED) if id(b) in ticked else b for b in u.words]) for u in out]
    return out, used


def _level_boxes(word: RawWord, words: list[RawWord]) -> list[RawWord]:
    """The box words level with ``word``: their middles within half the word's height of its middle."""
    return [b for b in words if b.text in (CHECKED, UNCHECKED)
            and abs((b.y0 + b.y1) - (word.y0 + word.y1)) / 2 <= 0.5 * (word.y1 - word.y0)]


def _boxed_row(word: RawWord, words: list[RawWord]) -> bool:
    """Whether ``word``'s row has a ticked box, or a box of the word's own right before it: a row of options whose
    other boxes are empty, the circled one's box lost in its ring on a scan, gets one ticked before the word."""
    h = word.y1 - word.y0
    return any(b.text == CHECKED or b.x1 <= word.x0 + 0.1 * h and word.x0 - b.x1 <= 2 * h
               for b in _level_boxes(word, words))


def _box_ringed(word: RawWord, ring: Box, words: list[RawWord]) -> RawWord | None:
    """The empty box right before ``word`` that the ring round the word takes in too (``(☐ Auto)``, the option
    circled with its box), where no box of the word's row is ticked."""
    x0, y0, x1, y1 = ring
    row = _level_boxes(word, words)
    if any(b.text == CHECKED for b in row):
        return None
    ringed = [b for b in row if x0 <= (b.x0 + b.x1) / 2 <= x1 and y0 <= (b.y0 + b.y1) / 2 <= y1
              and b.x1 <= word.x0 + 0.1 * (word.y1 - word.y0)]
    return ringed[0] if len(ringed) == 1 else None


def _box_before(word: RawWord, words: list[RawWord], mark: str) -> RawWord:
    """A box word ``mark`` just before ``word``, after the "/" that separates it from the option before it."""
    h = word.y1 - word.y0
    x0 = max([word.x0 - 0.9 * h] + [w.x1 for w in words if word.x0 - 0.9 * h < w.x1 <= word.x0 - 0.2 * h
                                     and not any(c.isalnum() for c in w.text) and _same_row(w, word)])
    return RawWord(mark, x0, word.y0, max(x0 + 0.05 * h, word.x0 - 0.15 * h), word.y1, 1.0)


def _upright(items: list[tuple[Any, ...]]) -> bool:
    """Whether straight lines run across or down only, as a square's sides do (a pen's tick, drawn in short lines
    as Xournal++ exports it, slants)."""
    return all(min(abs(b.x - a.x), abs(b.y - a.y)) <= 0.1 * max(abs(b.x - a.x), abs(b.y - a.y))
               for _, a, b in items)


def _option_in_row(word: RawWord, words: list[RawWord]) -> bool:
    """Whether ``word`` is one option of a row of them: a word of letters set apart (a word height at least, where a
    phrase's words stand a space apart) from the words either side of it, with two more such options on its row.
    The row's boxes count for nothing (``☐ Auto  ☐ Casa  ☐ Salute``)."""
    if not _ANSWER.fullmatch(word.text) or len(word.text) < 3:
        return False
    cells = _row_cells(word, [w for w in words if w.text not in (CHECKED, UNCHECKED)])
    own = next(c for c in cells if any(w is word for w in c))
    return len(own) == 1 and sum(1 for c in cells if c is not own and _ANSWER.fullmatch(c[0].text)) >= 2


def _circled_cell(inside: list[RawWord], words: list[RawWord]) -> RawWord | None:
    """The first word of ``inside`` where those words are the whole of one option of a row of them, an option of
    several words (``Kfz  (Hausrat / Wohngebäude)  Kranken  Reise``), with two more options on its row."""
    first = min(inside, key=lambda w: w.x0)
    if not _ANSWER.fullmatch(first.text) or len(first.text) < 3:
        return None
    cells = _row_cells(first, words)
    own = next(c for c in cells if any(w is first for w in c))
    if {id(w) for w in own if any(c.isalnum() for c in w.text)} != {id(w) for w in inside}:
        return None
    return first if sum(1 for c in cells if c is not own and _ANSWER.fullmatch(c[0].text)) >= 2 else None


def _row_cells(word: RawWord, words: list[RawWord]) -> list[list[RawWord]]:
    """The words of ``word``'s row in cells: words less than a word height apart are one cell's, but for a run of
    three options or more set a slash apart (``Automóvel / Habitação / Saúde / Viagem``), each a cell of its own
    (one slash may join two words of one option: ``Hausrat / Wohngebäude``)."""
    row = sorted((w for w in words if _same_row(w, word)), key=lambda w: w.x0)
    h = word.y1 - word.y0
    cells: list[list[RawWord]] = []
    for w in row:
        if cells and w.x0 - cells[-1][-1].x1 < h:
            cells[-1].append(w)
        else:
            cells.append([w])
    out: list[list[RawWord]] = []
    for cell in cells:
        parts: list[list[RawWord]] = [[]]
        for w in cell:
            if w.text == "/" and sum(v.text == "/" for v in cell) >= 2:
                parts.append([])
            else:
                parts[-1].append(w)
        out += [part for part in parts if part]
    return out


def _comb_cells(squares: list[pymupdf.Rect]) -> set[int]:
    """The squares that are cells of a comb field (``|P|O|L|-|7|…``, a character a cell): squares set side by side
    on one row, each touching the next or less than a fifth of its width from it. Check boxes stand apart, with
    their options' words between them."""
    combed: set[int] = set()
    order = sorted(range(len(squares)), key=lambda k: squares[k].x0)
    for n, i in enumerate(order):
        left = squares[i]
        for j in order[n + 1:]:
            right = squares[j]
            if right.x0 - left.x1 > 0.2 * left.width:
                break  # sorted by their left edges: every square after this one starts further right
            height = min(left.height, right.height)
            same_row = min(left.y1, right.y1) - max(left.y0, right.y0) >= 0.8 * height
            if same_row and right.x0 - left.x1 >= -0.2 * height and right.x0 > left.x0 + 0.5 * left.width:
                combed.update((i, j))
    return combed


def _radio(drawing: dict[str, Any], r: pymupdf.Rect, lo: float, hi: float, labelled: bool = False) -> bool:
    """A radio button: a stroked ring of two to 24 curves (Skia draws a circle in sixteen, a hand-drawn style twice
    over in ten each) about the height of the page's words, perhaps after one line to its start (Tk's canvas, through
    PostScript, draws an oval so). Its bounding box is the curves' control points', up to a third taller or wider
    than the ring itself. A smaller ring, down to the smallest box, is one where a word starts right after it
    (``labelled``: groff's ``\\[ci]`` before ``Ja``, half a word's height)."""
    kinds = [item[0] for item in drawing["items"]]
    curves = kinds.count("c")
    least = lo if labelled else max(lo, 0.6 * (lo + hi) / 2)
    return (drawing.get("type") == "s" and set(kinds) <= {"c", "l"} and 2 <= curves <= 24
            and len(kinds) - curves <= 1
            and least <= max(r.width, r.height) <= 1.35 * hi and r.width > 0 and r.height > 0
            and 0.7 <= r.width / r.height <= 1.43)


def _squares_of_sides(strokes: list[pymupdf.Rect], lo: float, hi: float) -> list[pymupdf.Rect]:
    """Squares drawn as four lines of their own (groff draws its ``\\[sq]`` so), a side each: a level line and a
    plumb one of a length between ``lo`` and ``hi`` meeting at each corner. The sides are kept among the strokes,
    where they tick no box: a stroke ticks a box only across its inside."""
    tol = 0.15 * lo
    level = [r for r in strokes if r.height <= tol and lo <= r.width <= hi]
    plumb = [r for r in strokes if r.width <= tol and lo <= r.height <= hi]

    def near(a: float, b: float) -> bool:
        return abs(a - b) <= tol

    out: list[pymupdf.Rect] = []
    for top in level:
        for bottom in level:
            if bottom is top or not (near(top.x0, bottom.x0) and near(top.x1, bottom.x1)):
                continue
            # (measured between the sides' middles, a level side reaching half a line past its corners: a square
            # of thick sides drawn so, as FOP draws a block's border, reads a little wider than high, and FOP draws
            # a box round a space a third wider still)
            side = bottom.y0 - top.y0
            if not 0.6 <= side / top.width <= 1.3:
                continue
            ends = [any(near(v.x0, x) and near(v.y0, top.y0) and near(v.y1, bottom.y1) for v in plumb)
                    for x in (top.x0, top.x1)]
            if all(ends):
                out.append(pymupdf.Rect(top.x0, top.y0, top.x1, bottom.y1))
    return out


def _pen_strokes(items: list[tuple[Any, ...]]) -> bool:
    """Whether a path is strokes of a pen across a box, as a hand-drawn style draws a tick, a cross or a hatching
    (each stroke once or twice over, curves or lines): pieces that each run slantwise from one end to another, none
    back to where it began (a ring's pass) nor level or plumb (a box's side)."""
    pieces: list[list[tuple[Any, ...]]] = []
    for item in items:
        if item[0] not in ("l", "c"):
            return False
        if pieces and abs(item[1] - pieces[-1][-1][-1]) <= 0.5:
            pieces[-1].append(item)
        else:
            pieces.append([item])
    if len(pieces) < 2:
        return False
    for piece in pieces:
        start, end = piece[0][1], piece[-1][-1]
        dx, dy = abs(end.x - start.x), abs(end.y - start.y)
        if min(dx, dy) < 0.2 * max(dx, dy) or max(dx, dy) < 1 or _turning(piece) > _PEN_TURN:
            return False
    return True


#: how far a pen's stroke may turn along its way, in radians: a tick's bend, not a ring's pass round (about 2π)
_PEN_TURN = 3.5


def _turning(piece: list[tuple[Any, ...]]) -> float:
    """How far a run of lines and curves turns along its way: the angles between the successive legs of its
    control polygon, added up."""
    points = [piece[0][1]] + [p for item in piece for p in item[2:]]
    angles = [math.atan2(b.y - a.y, b.x - a.x) for a, b in zip(points, points[1:], strict=False) if abs(b - a) > 1e-6]
    return sum(abs((b - a + math.pi) % (2 * math.pi) - math.pi) for a, b in zip(angles, angles[1:], strict=False))


#: how much smaller than a box, each way, a shape inside it must be to be its mark
_NESTED = 0.9


def _holds(box: pymupdf.Rect, inner: pymupdf.Rect) -> bool:
    """Whether ``inner`` lies inside ``box`` (within a tenth of its size) and is smaller each way: a mark drawn in
    it, as a hand-drawn style hatches a chosen box or blots a chosen ring, not a box of its own."""
    pad = 0.1 * max(box.width, box.height)
    return (pymupdf.Rect(box.x0 - pad, box.y0 - pad, box.x1 + pad, box.y1 + pad).contains(inner)
            and inner.width <= _NESTED * box.width and inner.height <= _NESTED * box.height)


def _drawn_mark(drawing: dict[str, Any]) -> bool:
    """A tick or a cross drawn in dark ink as a path of its own: two strokes, a tick's short one down to the
    right and its long one up to the right from where the first ends, or a cross's two, corner to corner each
    way, of about one size."""
    items = drawing["items"]
    colour = drawing.get("color")
    if drawing.get("type") != "s" or colour is None or sum(colour) / len(colour) >= 0.5 or len(items) != 2 \
            or any(item[0] != "l" for item in items):
        return False
    (_, a, b), (_, c, d) = items
    if abs(b.x - c.x) < 0.5 and abs(b.y - c.y) < 0.5:  # one stroke on from the other: a tick (y runs down)
        return b.x > a.x and b.y > a.y and d.x > c.x and d.y < c.y and abs(d - c) > abs(b - a)
    (x0, y0), (x1, y1) = sorted((p.x, p.y) for p in (a, b))  # each stroke left to right
    (u0, v0), (u1, v1) = sorted((p.x, p.y) for p in (c, d))
    wide, other = x1 - x0, u1 - u0
    return ((y1 - y0) * (v1 - v0) < 0 and 0.7 <= wide / max(other, 1e-6) <= 1.4 and abs(x0 - u0) <= 0.3 * wide)


def _filled_dark(drawing: dict[str, Any]) -> bool:
    fill = drawing.get("fill")
    return drawing.get("type") in ("f", "fs") and fill is not None and sum(fill) / len(fill) < 0.5


def _fills_box(fill: pymupdf.Rect, box: pymupdf.Rect) -> bool:
    """A dark square or dot inside a box, over its middle and a good part of it: the box's mark (``▣``)."""
    middle = pymupdf.Point((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)
    return box.contains(fill) and fill.contains(middle) and fill.width * fill.height >= 0.15 * box.width * box.height


def _crossed(drawing: dict[str, Any], rect: pymupdf.Rect) -> bool:
    """A cross drawn in the box's own path: a line across it, corner to corner."""
    return any(item[0] == "l" and abs(item[1].x - item[2].x) > 0.5 * rect.width
               and abs(item[1].y - item[2].y) > 0.5 * rect.height for item in drawing["items"])


def _covers(box: RawWord, word: RawWord) -> bool:
    """The word's box lies mostly on the check box (OCR's reading of the box itself)."""
    ix = min(box.x1, word.x1) - max(box.x0, word.x0)
    iy = min(box.y1, word.y1) - max(box.y0, word.y0)
    if ix <= 0 or iy <= 0:
        return False
    return ix * iy >= 0.5 * (word.x1 - word.x0) * (word.y1 - word.y0)


def _between_words(box: RawWord, words: list[RawWord]) -> bool:
    """Whether ``box`` overlaps two words, one each side, that cover two fifths of its width or more: the ends of
    their letters, with the narrow gap between them, read as a ticked box."""
    over = [w for w in words if _overlap(box, w)]
    left = [w for w in over if w.x0 < box.x0 < w.x1]
    right = [w for w in over if w.x0 < box.x1 < w.x1]
    if not left or not right:
        return False
    covered = (max(w.x1 for w in left) - box.x0) + (box.x1 - min(w.x0 for w in right))
    return covered >= 0.4 * (box.x1 - box.x0)


def _inside(a: RawWord, b: RawWord) -> bool:
    """Whether the centre of ``a`` lies in ``b``."""
    cx, cy = (a.x0 + a.x1) / 2, (a.y0 + a.y1) / 2
    return b.x0 <= cx <= b.x1 and b.y0 <= cy <= b.y1
