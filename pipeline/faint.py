"""Words far fainter than a page's print: text showing through from the sheet's other side.

A scan of a sheet printed on both sides (or laid on another) shows the back's print faintly and mirrored, and OCR
reads pieces of it as words ("snivocu", "e.", a figure) among the front's: beside an invoice's number they run into
it, in an address they add a line. The front's print stands out from the paper around it; the show-through barely
does. Each word's contrast is its darkest ink against the paper round it (light print on a dark band measured the
other way round); a word with less than :data:`_FAINT` of the page's usual contrast is dropped. Grey print (a
label in 50 % grey, a faded thermal line) keeps well over that share.
"""

from __future__ import annotations

import logging

import numpy as np
from PIL import Image

from pipeline.layout import LineUnit, RawWord

__all__ = ["drop_faint_words", "word_contrast"]

logger = logging.getLogger(__name__)

#: a word this much fainter than the page's usual word (share of the median contrast) is show-through; grey print
#: measures a third of black's and more (AWS's grey footer 0.33), show-through a tenth
_FAINT = 0.2
#: a box this close to the background all over holds no ink at all: OCR placed the word beside its print (a line's
#: box cut into words by their letters), which says nothing about how dark it is
_BLANK = 8.0
#: the page's usual contrast is judged on this many words of three characters or more at least
_MIN_WORDS = 8
#: below this contrast (grey levels) the page itself is too faint for the usual word to tell anything apart
_MIN_REFERENCE = 60.0


def word_contrast(gray: np.ndarray, word: RawWord) -> float | None:
    """The grey-level distance between a word's ink and the background round it, None for a box off the image.
    The background is the median of a margin round the box (half the word's height); the ink the darkest or the
    lightest few pixels in the box, whichever lies further from it."""
    height, width = gray.shape
    x0, y0 = max(0, int(word.x0)), max(0, int(word.y0))
    x1, y1 = min(width, int(np.ceil(word.x1))), min(height, int(np.ceil(word.y1)))
    if x1 - x0 < 2 or y1 - y0 < 2:
        return None
    pad = max(2, (y1 - y0) // 2)
    ring = gray[max(0, y0 - pad):min(height, y1 + pad), max(0, x0 - pad):min(width, x1 + pad)]
    box = gray[y0:y1, x0:x1]
    background = float(np.median(ring))
    dark, light = np.percentile(box, (3, 97))
    return max(background - float(dark), float(light) - background)


def drop_faint_words(image: Image.Image, units: list[LineUnit]) -> list[LineUnit]:
    """``units`` (OCR words in the pixels of ``image``) without the words far fainter than the page's print
    (:data:`_FAINT`); a line left with no word is dropped. Pages with too few words to judge, or too faint as a
    whole, are left as they are."""
    gray = np.asarray(image.convert("L"), dtype=np.float32)
    contrast = {id(w): c for u in units for w in u.words if (c := word_contrast(gray, w)) is not None}
    usual = [contrast[id(w)] for u in units for w in u.words if id(w) in contrast and len(w.text) >= 3]
    if len(usual) < _MIN_WORDS:
        return units
    reference = float(np.median(usual))
    if reference < _MIN_REFERENCE:
        return units
    out: list[LineUnit] = []
    for unit in units:
        faint = [_faint(w, contrast.get(id(w)), reference) for w in unit.words]
        if not any(faint):
            out.append(unit)
            continue
        logger.debug("faint words dropped: %s", [w.text for w, f in zip(unit.words, faint, strict=True) if f])
        if words := [w for w, f in zip(unit.words, faint, strict=True) if not f]:
            out.append(LineUnit(words, unit.horizontal))
    return out


def _faint(word: RawWord, contrast: float | None, reference: float) -> bool:
    """Whether a word with a letter or digit stands out from the paper far less than the page's print, yet shows
    some ink (a thin sign, ``-`` or ``/``, blurs paler than letters and is kept)."""
    return (contrast is not None and _BLANK <= contrast < _FAINT * reference
            and any(ch.isalnum() for ch in word.text))
