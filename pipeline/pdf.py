"""PDF input through PyMuPDF: open within limits, read the text layer, decide which pages need OCR, and get a
page's image for OCR (the embedded scan at native size when the page is one image, else a render), and the
images of a text-layer page that may hold text of their own (a letterhead, a logo, a footer set as a picture).

MuPDF's own console messages are switched off; its warnings are read per page instead, to tell a damaged
page from a blank one.
"""

from __future__ import annotations

import functools
import logging
import math
import re
import threading
import unicodedata
from dataclasses import dataclass
from statistics import median
from pathlib import Path
from typing import Any

import pymupdf
from PIL import Image

from pipeline.checkboxes import add_circled_answers, add_drawn_check_boxes
from pipeline.config import LimitSettings, OCRSettings
from pipeline.errors import (
    CorruptFileError,
    EncryptedFileError,
    TooManyPagesError,
    TruncatedFileError,
)
from pipeline.formfields import apply_form_fields
from pipeline.images import check_pixels, flatten, square_pixels
from pipeline.inkmarks import add_drawn_signatures
from pipeline.layout import LineUnit, RawWord, split_label_figure
from pipeline.outlines import stroked_outlines
from pipeline.texglyphs import (
    SOFT_HYPHEN,
    compose_accents,
    is_euro_font,
    join_accented_words,
    join_soft_hyphens,
    join_tracked_letters,
    mend_drawn_euro,
    mend_font_euro,
    mend_minus_hyphen,
    printed_soft_hyphens,
)

__all__ = [
    "PageImage",
    "PageText",
    "TextImage",
    "needs_ocr",
    "ocr_image",
    "open_pdf",
    "load_page",
    "render",
    "text_images",
]

logger = logging.getLogger(__name__)

pymupdf.TOOLS.mupdf_display_errors(False)
pymupdf.TOOLS.mupdf_display_warnings(False)

_warnings_lock = threading.Lock()
_DAMAGE = ("syntax error", "cannot load content stream", "object is not a stream", "expected 'endobj'",
           "non-page object", "corrupt", "invalid", "bad xref", "cannot find")
#: share of replacement / private-use characters above which a text layer is treated as unreadable
_GARBLED_SHARE = 0.3
#: an image this much of the page is enough for a page with almost no text to be OCR'd
_MIN_IMAGE_COVER = 0.1
#: vector path pieces on a text-less page that suggest outlined text (fonts converted to curves)
_MIN_DRAWINGS = 20
#: ZapfDingbats, the PDF standard font forms draw check marks and boxes in: its glyphs come out of the text layer
#: as the ASCII letters they are coded by ("4" for ✔, "o" for ❏); these are the marks and boxes among them. A font
#: that names its glyphs in an encoding of its own (groff's) comes out as the control character of the glyph's
#: number ("a19", ✓, as U+0013): the check marks and crosses a19 to a24 among those
_DINGBATS = re.compile(r"(?i)dingbats|zadb")
_NAMED_MARKS = dict(zip(map(chr, range(0x13, 0x19)), "✓✔✕✖✗✘", strict=True))
_ZAPF = str.maketrans({"3": "✓", "4": "✔", "5": "✕", "6": "✖", "7": "✗", "8": "✘", "n": "■", "o": "❏", "p": "❐",
                       "q": "❑", "r": "❒", **_NAMED_MARKS})
#: never render a page for OCR below this resolution, even when its scan is coarser
_MIN_RENDER_DPI = 100
#: a value set in a style of its own ("01/06/2025", "#4711", "€12,00") right after its label's letters with no
#: space between them (a label wider than its table cell runs into the value): the start of the value's span
_VALUE_START = re.compile(r"[\d#$€£¥₹]")
#: an image on a text-layer page is read for text of its own when it is at least this wide and tall (points):
#: smaller ones are icons and bullets
_MIN_TEXT_IMAGE_SIZE = (24.0, 8.0)
#: ... and covers at most this share of the page (a larger one is a background or a scan under a text layer)
_MAX_TEXT_IMAGE_COVER = 0.5


@dataclass
class PageText:
    """A page's text layer: line units in the page's displayed coordinates (points, y downwards)."""

    units: list[LineUnit]
    chars: int
    garbled: bool
    width: float
    height: float


@dataclass
class PageImage:
    """An image of a page for OCR and its resolution. ``native`` when it is the embedded scan as stored."""

    image: Image.Image
    dpi: float
    native: bool


@dataclass
class TextImage:
    """An image on a text-layer page rendered for OCR, and where it sits: ``rect`` in the page's displayed
    coordinates (points), ``image`` at ``dpi``."""

    rect: pymupdf.Rect
    image: Image.Image
    dpi: float


def open_pdf(path: Path, limits: LimitSettings) -> pymupdf.Document:
    """Open a PDF, trying the empty password, and check its page count.

    Raises :class:`TruncatedFileError` (file cut short: no ``%%EOF`` and a broken cross-reference table),
    :class:`EncryptedFileError`, :class:`CorruptFileError`, :class:`TooManyPagesError`.
    """
    data = Path(path).read_bytes()
    complete = b"%%EOF" in data[-2048:]
    try:
        doc = pymupdf.open(stream=data, filetype="pdf")
    except Exception as exc:  # noqa: BLE001 - MuPDF raises FileDataError, RuntimeError, ValueError
        if not complete:
            raise TruncatedFileError("the PDF is cut short (no end-of-file marker) and cannot be opened") from exc
        raise CorruptFileError(f"the PDF is damaged and cannot be opened: {exc}") from exc
    if doc.needs_pass and not doc.authenticate(""):
        doc.close()
        raise EncryptedFileError("the PDF is password-protected; it cannot be read without the password")
    if not complete and doc.is_repaired:
        doc.close()
        raise TruncatedFileError(
            "the PDF is cut short (no end-of-file marker, broken cross-reference table); pages may be missing"
        )
    if doc.page_count == 0:
        doc.close()
        raise CorruptFileError("the PDF has no pages")
    if doc.page_count > limits.max_pages:
        count = doc.page_count
        doc.close()
        raise TooManyPagesError(f"the PDF has {count} pages; the limit is {limits.max_pages} (limits.max_pages)")
    if doc.is_repaired:
        logger.info("PDF cross-reference table was broken and has been repaired")
    return doc


def _check_page_damage(page: pymupdf.Page, empty: bool, warnings: str) -> None:
    doc = page.parent
    for xref in page.get_contents():
        try:
            doc.xref_stream(xref)
        except Exception as exc:  # noqa: BLE001
            raise CorruptFileError(f"page {page.number + 1} of the PDF is damaged: {exc}") from exc
    lowered = warnings.lower()
    if empty and any(marker in lowered for marker in _DAMAGE):
        first = next(line for line in warnings.splitlines() if any(m in line.lower() for m in _DAMAGE))
        raise CorruptFileError(f"page {page.number + 1} of the PDF is damaged ({first.strip()})")


def _garbled(text: str) -> bool:
    visible = [ch for ch in text if not ch.isspace()]
    if not visible:
        return False
    bad = sum(1 for ch in visible if ch == "\ufffd" or unicodedata.category(ch) in ("Co", "Cc", "Cn"))
    return bad / len(visible) > _GARBLED_SHARE


def load_page(doc: pymupdf.Document, index: int, limits: LimitSettings) -> tuple[pymupdf.Page, PageText]:
    """Page ``index`` and its text layer: words grouped in PyMuPDF's lines, in displayed (rotated) coordinates.

    Raises :class:`CorruptFileError` when the page cannot be read, or when it comes out empty while MuPDF
    reports damage (a page lost to corruption must not pass for a blank page);
    :class:`~pipeline.errors.DecompressionBombError` when an image on the page is over ``limits.max_pixels``
    (checked from the image dictionaries, before anything on the page is rendered).
    """
    # ligatures are written out ("ﬃ" → "ffi"): a value must read as its letters to be matched and grounded
    flags = (pymupdf.TEXTFLAGS_WORDS & ~pymupdf.TEXT_PRESERVE_LIGATURES) | pymupdf.TEXT_MEDIABOX_CLIP
    with _warnings_lock:
        pymupdf.TOOLS.mupdf_warnings(reset=True)
        try:
            page = doc.load_page(index)
            textpage = page.get_textpage(flags=flags)
            layout = page.get_text("dict", textpage=textpage)
            turn_by = upright_turn(layout, page.rotation_matrix)
            if turn_by:  # the page is shown sideways or upside down: turn it (in memory) so its text reads across
                logger.info("page %d: its text runs %s as shown; the page is turned by %d degrees",
                            index + 1, _DIRECTION_NAMES[turn_by], turn_by)
                page.set_rotation((page.rotation + turn_by) % 360)
                textpage = page.get_textpage(flags=flags)
                layout = page.get_text("dict", textpage=textpage)
            raw_words = page.get_text("words", textpage=textpage)
            # letter-spaced words read whole: the words split only where a space glyph was printed
            unspaced = page.get_textpage(flags=flags | pymupdf.TEXT_INHIBIT_SPACES)
            raw_words = join_tracked_letters(raw_words, page.get_text("words", textpage=unspaced))
            raw_words = fit_tall_words(raw_words, layout)
            # hyphens some producers code as soft hyphens, drawn as wide as a hyphen inside words
            printed = any(SOFT_HYPHEN in w[4] for w in raw_words) and printed_soft_hyphens(
                page.get_text("rawdict", textpage=textpage))
        except Exception as exc:  # noqa: BLE001
            raise CorruptFileError(f"page {index + 1} of the PDF cannot be read: {exc}") from exc
        warnings = pymupdf.TOOLS.mupdf_warnings(reset=True) or ""
    matrix = page.rotation_matrix
    turn = _linear(matrix)
    horizontal: dict[tuple[int, int], bool] = {}
    dingbats: list[pymupdf.Rect] = []  # where the text is set in ZapfDingbats
    marks: list[tuple[tuple[int, int], pymupdf.Rect, str]] = []  # its marks coded as control characters
    euros: list[tuple[float, float, float, float]] = []  # where a LaTeX euro package set its sign
    span_starts: dict[tuple[int, int], list[tuple[float, str]]] = {}  # (x, text) of each span after a line's first
    for block in layout.get("blocks", []):
        for line_no, line in enumerate(block.get("lines", [])):
            dx, dy = pymupdf.Point(line["dir"]) * turn
            horizontal[(block["number"], line_no)] = dx > 0.9 and abs(dy) < 0.3
            spans = line.get("spans", [])
            dingbats += [pymupdf.Rect(span["bbox"]) for span in spans if _DINGBATS.search(span.get("font", ""))]
            # a mark coded as a control character, which the word list leaves out, is a word of its own
            marks += [((block["number"], line_no), pymupdf.Rect(span["bbox"]), mark) for span in spans
                      if _DINGBATS.search(span.get("font", "")) and (mark := span.get("text", "").strip())
                      and all(c in _NAMED_MARKS for c in mark)]
            euros += [tuple(span["bbox"]) for span in spans if is_euro_font(span.get("font", ""), span.get("text", ""))]
            span_starts[(block["number"], line_no)] = [(span["bbox"][0], span.get("text", "")) for span in spans[1:]]

    units: dict[tuple[int, int], LineUnit] = {}
    for x0, y0, x1, y1, whole, block_no, line_no, _ in join_accented_words(join_soft_hyphens(raw_words, printed)):
        if not whole.strip():
            continue
        key = (block_no, line_no)
        for wx0, wx1, word in _split_label_figure(_split_at_value_span(x0, x1, whole, span_starts.get(key, []))):
            if dingbats and any(r.contains(pymupdf.Point((wx0 + wx1) / 2, (y0 + y1) / 2)) for r in dingbats):
                word = word.translate(_ZAPF)  # a check mark or a box set in ZapfDingbats reads as "4" or "o"
            word = compose_accents(word)  # an OT1 font's accents are glyphs of their own: "Honor´e"
            word = mend_minus_hyphen(word)  # PostScript's Latin-1 hyphen is a minus: "INV−2023"
            word = mend_font_euro(word, wx0, wx1, y0, y1, euros)  # eurosym's sign reads "e": "e12.50"
            rect = pymupdf.Rect(wx0, y0, wx1, y1) * matrix
            unit = units.setdefault(key, LineUnit([], horizontal.get(key, True)))
            unit.words.append(RawWord(word, rect.x0, rect.y0, rect.x1, rect.y1, 1.0))
    for key, r, mark in marks:
        unit = units.setdefault(key, LineUnit([], horizontal.get(key, True)))
        rect = r * matrix
        if not any(w.x0 <= (rect.x0 + rect.x1) / 2 <= w.x1 and w.y0 <= (rect.y0 + rect.y1) / 2 <= w.y1
                   for w in unit.words):
            unit.words.append(RawWord(mark.translate(_ZAPF), rect.x0, rect.y0, rect.x1, rect.y1, 1.0))
    for unit in {id(units[key]): units[key] for key, _, _ in marks}.values():
        if unit.horizontal:  # the marks in reading order among the line's words
            unit.words.sort(key=lambda w: w.x0)
    try:  # a fillable form: its fields' values, not their appearance streams
        lines = apply_form_fields(page, list(units.values()), matrix)
    except Exception as exc:  # noqa: BLE001 - a damaged form dictionary leaves the text layer as drawn
        logger.warning("page %d: its form fields cannot be read (%s); the page is read as drawn", index + 1, exc)
        lines = list(units.values())
    # read once, and only where a step needs them; strokes a producer filled as outlines read as strokes
    drawings = functools.cache(lambda: stroked_outlines(page.get_drawings(), _word_size(raw_words)))
    try:  # check boxes drawn as squares rather than printed as glyphs
        lines = add_drawn_check_boxes(drawings, lines, matrix)
    except Exception as exc:  # noqa: BLE001 - odd vector paths leave the text layer as it is
        logger.warning("page %d: its drawn check boxes cannot be read (%s)", index + 1, exc)
    try:  # an answer circled or boxed by a drawn outline ("Yes / No")
        lines = add_circled_answers(drawings, lines, matrix)
    except Exception as exc:  # noqa: BLE001 - odd vector paths leave the text layer as it is
        logger.warning("page %d: its circled answers cannot be read (%s)", index + 1, exc)
    try:  # a signature drawn in pen strokes
        lines = add_drawn_signatures(drawings, lines, matrix, page.rect.width)
    except Exception as exc:  # noqa: BLE001 - odd vector paths leave the text layer as it is
        logger.warning("page %d: its drawn signatures cannot be read (%s)", index + 1, exc)
    try:  # textcomp's euro, drawn as a C crossed by two rules
        lines = mend_drawn_euro(drawings, lines, matrix)
    except Exception as exc:  # noqa: BLE001 - odd vector paths leave the text layer as it is
        logger.warning("page %d: its drawn currency signs cannot be read (%s)", index + 1, exc)
    text = [w.text for u in lines for w in u.words]
    chars = sum(len(t) for t in text)
    for info in page.get_image_info():
        check_pixels(info["width"], info["height"], limits, f"an image on page {index + 1}")
    empty = chars == 0 and not page.get_images() and not _has_drawings(page)
    _check_page_damage(page, empty, warnings)
    if warnings:
        logger.debug("MuPDF on page %d: %s", page.number + 1, warnings.replace("\n", "; ")[:300])
    return page, PageText(
        units=lines, chars=chars, garbled=_garbled("".join(text)),
        width=page.rect.width, height=page.rect.height,
    )


#: a span's box taller than this many times its font size is drawn from a font's outsized box, not its letters
_TALL_SPAN = 1.6


def fit_tall_words(raw_words: list[tuple], layout: dict[str, Any]) -> list[tuple]:
    """``raw_words`` (PyMuPDF's word tuples) with the words of a span whose box is far taller than its font size
    (a handwriting font's outsized bounding box reaching over the caption above its value) boxed from the span's
    baseline and font size instead, as the font's ascender and descender place its letters."""
    tall: dict[tuple[int, int], list[tuple[float, float, float, float]]] = {}
    for block in layout.get("blocks", []):
        for line_no, line in enumerate(block.get("lines", [])):
            if line.get("dir", (1.0, 0.0))[0] < 0.99:
                continue  # only text across the page: a turned line's box is measured along x
            for span in line.get("spans", []):
                size = float(span.get("size") or 0.0)
                x0, y0, x1, y1 = span["bbox"]
                if size <= 0 or y1 - y0 <= _TALL_SPAN * size:
                    continue
                base = span["origin"][1]
                ascender = min(max(float(span.get("ascender", 0.8)), 0.5), 1.1)
                descender = min(max(float(span.get("descender", -0.2)), -0.4), 0.0)
                tall.setdefault((block["number"], line_no), []).append(
                    (x0, x1, max(y0, base - ascender * size), min(y1, base - descender * size)))
    if not tall:
        return raw_words
    out = []
    for word in raw_words:
        x0, _, x1, _, *rest = word
        mid = (x0 + x1) / 2
        fit = next(((a, b) for sx0, sx1, a, b in tall.get((word[5], word[6]), ()) if sx0 <= mid <= sx1), None)
        out.append((x0, fit[0], x1, fit[1], *rest) if fit else word)
    return out


def _linear(matrix: pymupdf.Matrix) -> pymupdf.Matrix:
    """A matrix without its shift: what it does to a direction (a line's ``dir``)."""
    return pymupdf.Matrix(matrix.a, matrix.b, matrix.c, matrix.d, 0, 0)


#: the turn that brings text running down, right to left or up, as shown, to reading across
_TURNS = {(0, 1): 270, (-1, 0): 180, (0, -1): 90}
_DIRECTION_NAMES = {270: "downwards", 180: "right to left, upside down", 90: "upwards"}
#: a page is turned when at least this share of its letters runs one way other than across, and enough of them
_TURN_SHARE = 0.6
_TURN_MIN_CHARS = 20


def upright_turn(layout: dict[str, Any], rotation_matrix: pymupdf.Matrix) -> int:
    """Degrees to add to a page's rotation so that most of its text reads left to right as shown: 0 when it
    already does (or has too little text to tell), else 90, 180 or 270 — a page whose ``/Rotate`` shows its
    text sideways or upside down. A margin note or a vertical stamp among text that reads across does not count."""
    turn = _linear(rotation_matrix)
    letters: dict[tuple[int, int], int] = {}
    for block in layout.get("blocks", []):
        for line in block.get("lines", []):
            dx, dy = pymupdf.Point(line["dir"]) * turn
            way = (round(dx), round(dy))
            if abs(abs(dx) + abs(dy) - 1) > 0.05:  # slanted text says nothing about the page
                continue
            count = sum(sum(ch.isalnum() for ch in span.get("text", "")) for span in line.get("spans", []))
            letters[way] = letters.get(way, 0) + count
    total = sum(letters.values())
    if total < _TURN_MIN_CHARS:
        return 0
    way, count = max(letters.items(), key=lambda item: item[1])
    return _TURNS.get(way, 0) if count >= _TURN_SHARE * total else 0


def _split_at_value_span(x0: float, x1: float, word: str,
                          starts: list[tuple[float, str]]) -> list[tuple[float, float, str]]:
    """A text-layer word as ``(x0, x1, text)`` parts: split where a value set in a span of its own starts right
    after a label's letters (``vencimiento01/06/2025``: the bold label ran into the date's cell), else whole.
    Only a label of two letters or more ending in a letter, a dot, a colon or a bracket and a value starting
    with a digit or a sign count, so a word in two colours or with a superscript (``m²``, ``1st``) stays whole."""
    for sx, text in starts:
        if not x0 < sx < x1 or not text or text[0].isspace():
            continue
        head = text.split()[0]
        left = word[:-len(head)] if word.endswith(head) else ""
        if (left and _VALUE_START.match(head) and (left[-1].isalpha() or left[-1] in ".:)")
                and sum(c.isalpha() for c in left) >= 2):
            return [(x0, sx, left), (sx, x1, head)]
    return [(x0, x1, word)]


def _split_label_figure(parts: list[tuple[float, float, str]]) -> list[tuple[float, float, str]]:
    """``parts`` with a label run into its amount in one span split in two, each with its share of the width by
    characters: a sum's label (``Total232.357,28``: a spreadsheet's total cell set right against its amount's) or a
    word in lower case (``betale1.403.703,04``: an amount too long for its cell, printed against its label)."""
    out = []
    for x0, x1, word in parts:
        split = split_label_figure(word)
        if split is None:
            out.append((x0, x1, word))
            continue
        cut = x0 + (x1 - x0) * len(split[0]) / len(word)
        out += [(x0, cut, split[0]), (cut, x1, split[1])]
    return out


def _word_size(raw_words: list[tuple[Any, ...]]) -> float:
    """The median height of a page's words of two characters or more (their narrower side, on a turned page)."""
    sizes = [min(w[2] - w[0], w[3] - w[1]) for w in raw_words if len(w[4]) >= 2]
    return median(sizes) if sizes else 0.0


def _has_drawings(page: pymupdf.Page, minimum: int = 1) -> bool:
    """Whether the page draws ``minimum`` path pieces or more: lines and curves, counted inside each path, as a
    producer may set a whole page's text as one path of outlines (OpenSCAD's SVG through cairo)."""
    try:
        return sum(max(1, len(d.get("items", ()))) for d in page.get_cdrawings()) >= minimum
    except Exception:  # noqa: BLE001
        return False


def _unrotated(page: pymupdf.Page) -> pymupdf.Rect:
    """The page rectangle in the unrotated space that image and text positions use."""
    return pymupdf.Rect(page.rect * page.derotation_matrix).normalize()


def _cover(page: pymupdf.Page, bbox: tuple[float, float, float, float]) -> float:
    """Share of the page covered by ``bbox`` (unrotated coordinates)."""
    rect = _unrotated(page)
    return abs(pymupdf.Rect(bbox) & rect) / (abs(rect) or 1.0)


def _image_cover(page: pymupdf.Page) -> float:
    return min(1.0, sum(_cover(page, info["bbox"]) for info in page.get_image_info()))


def needs_ocr(page: pymupdf.Page, text: PageText, settings: OCRSettings) -> bool:
    """Whether the page's words must come from OCR: an unreadable text layer, or almost no text on a page
    that shows images (a scan) or many vector paths (text converted to outlines)."""
    if text.garbled:
        return True
    if text.chars >= settings.min_text_chars:
        return False
    return _image_cover(page) >= _MIN_IMAGE_COVER or _has_drawings(page, _MIN_DRAWINGS)


def _pixmap_to_pil(pix: pymupdf.Pixmap) -> Image.Image:
    if pix.colorspace is None:
        raise ValueError("image mask without colour space")
    if pix.alpha:
        pix = pymupdf.Pixmap(pix, 0)
    if pix.n not in (1, 3):
        pix = pymupdf.Pixmap(pymupdf.csRGB, pix)
    mode = "L" if pix.n == 1 else "RGB"
    return Image.frombytes(mode, (pix.width, pix.height), pix.samples)


def _native_image(page: pymupdf.Page, limits: LimitSettings) -> PageImage | None:
    """The page's single scan image as stored, when the page is exactly that (upright, no mask, no text)."""
    if page.rotation % 360:
        return None
    infos = [i for i in page.get_image_info(xrefs=True) if _cover(page, i["bbox"]) > 0]
    big = [i for i in infos if _cover(page, i["bbox"]) >= 0.5]
    rest = sum(_cover(page, i["bbox"]) for i in infos if i not in big)
    if len(big) != 1 or rest > 0.02:
        return None
    info = big[0]
    a, b, c, d, _, _ = info["transform"]
    if info.get("xref", 0) <= 0 or info.get("has-mask") or abs(b) > 1e-3 or abs(c) > 1e-3 or a <= 0 or d <= 0:
        return None
    check_pixels(info["width"], info["height"], limits, f"the image on page {page.number + 1}")
    try:
        image = _pixmap_to_pil(pymupdf.Pixmap(page.parent, info["xref"]))
    except Exception as exc:  # noqa: BLE001 - unusual encodings are rendered instead
        logger.debug("page %d: embedded image not usable as is (%s); rendering", page.number + 1, exc)
        return None
    bbox = pymupdf.Rect(info["bbox"])
    dpi = image.width / (bbox.width / 72.0) if bbox.width else 0.0
    if image.size != (info["width"], info["height"]) or dpi <= 0 or bbox.height <= 0:
        return None
    # a fax's pixels, stored twice as wide as high and drawn over the page, made square
    resolutions = (dpi, image.height / (bbox.height / 72.0))
    square = square_pixels(image, resolutions)
    return PageImage(image=square, dpi=dpi if square is image else max(resolutions), native=True)


def render(page: pymupdf.Page, dpi: float, limits: LimitSettings, *, gray: bool = False,
           clip: pymupdf.Rect | None = None) -> Image.Image:
    """The page (or its ``clip`` part) rendered at ``dpi`` (lowered to fit ``limits.max_pixels``), as an L or RGB
    image."""
    rect = clip if clip is not None else page.rect
    pixels = (rect.width / 72.0 * dpi) * (rect.height / 72.0 * dpi)
    if pixels > limits.max_pixels:
        dpi = dpi * math.sqrt(limits.max_pixels / pixels) * 0.99
        logger.info("page %d is very large; rendering at %.0f DPI to stay within limits.max_pixels",
                    page.number + 1, dpi)
    try:
        pix = page.get_pixmap(dpi=max(1, int(dpi)), colorspace=pymupdf.csGRAY if gray else pymupdf.csRGB,
                              alpha=False, clip=clip)
    except Exception as exc:  # noqa: BLE001
        raise CorruptFileError(f"page {page.number + 1} of the PDF cannot be rendered: {exc}") from exc
    return flatten(_pixmap_to_pil(pix))


def ocr_image(page: pymupdf.Page, text: PageText, settings: OCRSettings, limits: LimitSettings) -> PageImage:
    """The image to OCR for a page: the embedded scan at native size when the page is one image (downscaled
    only when far above ``settings.dpi``), else a render at ``settings.dpi`` — capped at the resolution of the
    page's scan, since upscaling a coarse scan does not help OCR."""
    if text.chars == 0:
        native = _native_image(page, limits)
        if native is not None:
            if native.dpi > 1.5 * settings.dpi:
                scale = settings.dpi / native.dpi
                size = (max(1, round(native.image.width * scale)), max(1, round(native.image.height * scale)))
                native = PageImage(native.image.resize(size, Image.Resampling.LANCZOS), settings.dpi, True)
            return native
    dpi = float(settings.dpi)
    scan_dpis = []
    for info in page.get_image_info():
        bbox = pymupdf.Rect(info["bbox"])
        if bbox.width > 0 and _cover(page, info["bbox"]) >= 0.25:
            scan_dpis.append(info["width"] / (bbox.width / 72.0))
    if scan_dpis:
        dpi = max(_MIN_RENDER_DPI, min(dpi, max(scan_dpis)))
    return PageImage(image=render(page, dpi, limits), dpi=dpi, native=False)


def text_images(page: pymupdf.Page, text: PageText, settings: OCRSettings,
                limits: LimitSettings) -> list[TextImage]:
    """The images of a text-layer page that may hold text the text layer lacks — a letterhead or logo with the
    issuer's name, a footer with the company's address and registration set as a picture — rendered at
    ``settings.dpi``, the largest ``settings.image_text_max`` first.

    An image counts when it is upright, at least :data:`_MIN_TEXT_IMAGE_SIZE` points, at most
    :data:`_MAX_TEXT_IMAGE_COVER` of the page, and no word of the text layer sits on it (text printed over a
    banner or a stamp is in the text layer already). Pages turned by ``/Rotate`` are left as they are."""
    if settings.image_text_max <= 0 or page.rotation % 360:
        return []
    centres = [((w.x0 + w.x1) / 2, (w.y0 + w.y1) / 2) for u in text.units for w in u.words]
    rects: list[pymupdf.Rect] = []
    for info in page.get_image_info():
        a, b, c, d, _, _ = info["transform"]
        rect = pymupdf.Rect(info["bbox"]) & page.rect
        if abs(b) > 1e-3 or abs(c) > 1e-3 or a <= 0 or d <= 0 or rect.is_empty:
            continue  # turned, mirrored or off the page
        if rect.width < _MIN_TEXT_IMAGE_SIZE[0] or rect.height < _MIN_TEXT_IMAGE_SIZE[1]:
            continue
        if _cover(page, tuple(rect)) > _MAX_TEXT_IMAGE_COVER or any(rect.contains(pymupdf.Point(c)) for c in centres):
            continue
        # the same image placed twice over itself is read once
        if not any(max(abs(x - y) for x, y in zip(rect, r, strict=True)) < 1.0 for r in rects):
            rects.append(rect)
    out: list[TextImage] = []
    for rect in sorted(rects, key=lambda r: -abs(r))[:settings.image_text_max]:
        try:
            image = render(page, settings.dpi, limits, clip=rect)
            out.append(TextImage(rect=rect, image=image, dpi=image.width * 72.0 / rect.width))
        except Exception as exc:  # noqa: BLE001 - an image MuPDF cannot draw holds no text we can read
            logger.debug("page %d: an image at %s cannot be rendered (%s)", page.number + 1, rect, exc)
    return out
