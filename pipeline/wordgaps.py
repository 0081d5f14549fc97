"""Words OCR glued across a printed space, split where the space is.

RapidOCR's recognition model writes a space where it sees one, and on a scan of a condensed or bold face it often
sees none: ``Bluefin Technik GmbH`` reads ``BluefinTechnik GmbH``, ``137 Harbor`` ``137Harbor``, ``Postitoimipaikka:
Turku`` ``Postitoimipaikka:Turku``. A name then no longer matches the words around it, a label swallows its value
and a street its house number.

The ink says where the space was. Across a word's box, the columns without ink are the gaps between its glyphs;
between the letters of one word they are narrow and alike (the font's side bearings), a word space is several
times wider. :func:`split_glued_words` looks for a gap at least :data:`_MIN_GAP` of the word's height wide and
:data:`_MIN_RATIO` times the word's median gap, and reads the pieces between such gaps again on their own
(the recognizer without detection); only where the pieces read, joined, exactly as the word did are they kept as
words of their own. A letter-spaced heading (every gap wide), a word whose pieces read otherwise, a gap in a
word too small to measure, one beside an apostrophe or a hyphen (``King's``), or one inside a number (a thousands
space, a wide decimal point: figures are put together by rules of their own) leave the word as it was.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import numpy as np
from PIL import Image

from pipeline.layout import LineUnit, RawWord

__all__ = ["split_glued_words", "space_gaps"]

logger = logging.getLogger(__name__)

#: a word space is at least this wide against the word's box height (between letters: under a tenth)
_MIN_GAP = 0.25
#: and this many times the median gap between the word's glyphs
_MIN_RATIO = 2.5
#: words shorter than this, or boxes narrower than this many pixels, are not looked into
_MIN_CHARS, _MIN_PIXELS = 4, 12
#: the marks inside a number: a decimal point or comma, an apostrophe between thousands
_NUMBER_MARKS = ".,'’"
#: marks inside a word, whose side bearings leave a gap as wide as a space beside them: an apostrophe (``King's``,
#: ``d'Arc``), a hyphen (``Meyer-Schmidt``)
_INNER_MARKS = "'’-"
#: the darkest and lightest pixels of a box must differ by this much for its ink to be told from its paper
_MIN_CONTRAST = 40


def _has_alnum(text: str) -> bool:
    return any(ch.isalnum() for ch in text)


def _in_number(left: str, right: str) -> bool:
    """Whether a gap between ``left`` and ``right`` lies inside a number: figures on both sides, a number's point
    or comma between them on either (``$884.`` ``00``, ``$884`` ``.00``, ``4`` ``683,59``). Such a gap is a
    thousands space or a wide decimal point, and the figures are put together by their own rules
    (:mod:`pipeline.layout`)."""
    left = left[:-1] if left[-1:] in _NUMBER_MARKS and right[:1] not in _NUMBER_MARKS else left
    right = right[1:] if right[:1] in _NUMBER_MARKS else right
    return left[-1:].isdigit() and right[:1].isdigit()


def space_gaps(gray: np.ndarray) -> list[tuple[int, int]]:
    """The runs of inkless columns (start, end) inside a word's crop ``gray`` (a 2-D array of grey levels) wide
    enough to be word spaces; none where the crop has too little contrast or too few gaps to compare."""
    if gray.ndim != 2 or gray.shape[1] < _MIN_PIXELS:
        return []
    dark, light = np.percentile(gray, 5), np.percentile(gray, 95)
    if light - dark < _MIN_CONTRAST:
        return []
    inked = (gray < (dark + light) / 2).any(axis=0)
    columns = np.flatnonzero(inked)
    if len(columns) < 2:
        return []
    steps = np.diff(columns)
    gaps = [(int(columns[i] + 1), int(columns[i + 1])) for i in np.flatnonzero(steps > 1)]
    if len(gaps) < 2:  # one gap alone: no glyph gap to weigh it against
        return []
    median = float(np.median([b - a for a, b in gaps]))
    height = gray.shape[0]
    return [(a, b) for a, b in gaps if b - a >= _MIN_GAP * height and b - a >= _MIN_RATIO * max(median, 1.0)]


def _split(word: RawWord, gray: np.ndarray, image: Image.Image, dpi: float,
           read_line: Callable[[Image.Image, float], tuple[str, float]]) -> list[RawWord]:
    """``word`` as the words its wide ink gaps divide it into, or alone where the pieces do not read as it did."""
    x0, y0 = max(0, int(word.x0)), max(0, int(word.y0))
    x1, y1 = min(gray.shape[1], int(np.ceil(word.x1))), min(gray.shape[0], int(np.ceil(word.y1)))
    if x1 - x0 < _MIN_PIXELS or y1 <= y0:
        return [word]
    gaps = space_gaps(gray[y0:y1, x0:x1])
    if not gaps:
        return [word]
    # each piece runs from the middle of one gap to the middle of the next: paper on both sides
    gaps = [(x0 + a, x0 + b) for a, b in gaps]
    read: dict[tuple[int, int], tuple[str, float]] = {}
    while True:
        cuts = [x0] + [(a + b) // 2 for a, b in gaps] + [x1]
        spans = list(zip(cuts, cuts[1:], strict=False))
        for span in spans:
            if span not in read:
                text, confidence = read_line(image.crop((span[0], y0, span[1], y1)), dpi)
                # a narrower space the piece shows alone is left as the word had it
                read[span] = (text.replace(" ", ""), confidence)
        # a stop or a colon alone is no word (a monospaced face sets it mid-cell, far from its letter, and alone
        # it reads as any dot): it is read again with the piece before it (after it, where it comes first)
        lone = next((i for i, span in enumerate(spans) if not _has_alnum(read[span][0])), None)
        if lone is None:
            break
        del gaps[max(lone - 1, 0)]
        if not gaps:
            return [word]
    if "".join(read[span][0] for span in spans) != word.text:
        return [word]
    # the outer edges stay the word's; the inner ones move to the ink beside each gap
    edges = [word.x0] + [float(e) for gap in gaps for e in gap] + [word.x1]
    out: list[RawWord] = []
    for i, span in enumerate(spans):
        text, confidence = read[span][0], min(word.confidence, read[span][1])
        if out and (_in_number(out[-1].text, text)
                    or out[-1].text[-1] in _INNER_MARKS or text[0] in _INNER_MARKS):
            last = out[-1]
            out[-1] = RawWord(last.text + text, last.x0, last.y0, edges[2 * i + 1], last.y1,
                              min(last.confidence, confidence))
        else:
            out.append(RawWord(text, edges[2 * i], word.y0, edges[2 * i + 1], word.y1, confidence))
    return out if len(out) > 1 else [word]


def split_glued_words(image: Image.Image, units: list[LineUnit], dpi: float,
                      read_line: Callable[[Image.Image, float], tuple[str, float]]) -> list[LineUnit]:
    """``units`` (OCR words in the pixels of ``image``) with each word that spans a printed word space split
    there, its pieces read by ``read_line`` (text and confidence of a one-line crop); other words as they were."""
    gray = np.asarray(image.convert("L"), dtype=np.int16)
    out: list[LineUnit] = []
    split: list[str] = []
    for unit in units:
        if not unit.horizontal:
            out.append(unit)
            continue
        words: list[RawWord] = []
        for word in unit.words:
            pieces = _split(word, gray, image, dpi, read_line) if len(word.text) >= _MIN_CHARS else [word]
            if len(pieces) > 1:
                split.append(" ".join(p.text for p in pieces))
            words.extend(pieces)
        out.append(unit if len(words) == len(unit.words) else LineUnit(words, unit.horizontal))
    if split:
        logger.debug("glued words split at a printed space: %s", split)
    return out
