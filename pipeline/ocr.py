"""The text/OCR stage: one input file in, a :class:`~pipeline.models.Document` out.

For every page the words come from the best source available: the PDF text layer for born-digital pages (with
the text of their pictures, a logo or a letterhead, read by OCR), OCR (RapidOCR by default, Tesseract with
``ocr.engine = "tesseract"``) for scans and image files, a character grid for plain text. Words are in reading
order (page-wide lines top to bottom, words left to right) with boxes normalised to the page image kept in
``Document.images`` (for OCR'd pages that is the page as OCR saw it: turned upright and deskewed).

Errors are typed (:mod:`pipeline.errors`): damaged, truncated, encrypted, oversized inputs fail at "ingest";
a document with no readable word on any page fails with ``ocr.no_text``. Single blank pages are kept and
recorded (``PageInfo.words == 0``).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, replace
from difflib import SequenceMatcher
from pathlib import Path

import pymupdf
from PIL import Image

from engine.base import Word
from engine.rules import legal_form
from pipeline import pdf
from pipeline.config import Settings
from pipeline.dateboxes import join_date_boxes
from pipeline.errors import OCRError, UnsupportedTypeError
from pipeline.grounding import normalise_text
from pipeline.images import encode_png, open_raster, resize_to_dpi
from pipeline.inkmarks import add_pictured_signatures
from pipeline.layout import (
    LineUnit,
    drop_leaders,
    join_spaced_letters,
    join_split_cents,
    order_lines,
    repair_ocr_words,
    split_glued_codes,
    split_glued_labels,
    split_number_sign,
    split_two_up,
    strip_table_bars,
    to_words,
)
from pipeline.models import Document, FileKind, PageInfo, SourceFile, TextSource
from pipeline.recognize import OcrPage, ocr_page, read_image_text
from pipeline.textfile import read_text, text_pages

__all__ = ["load_document", "page_image_path"]

logger = logging.getLogger(__name__)

#: a word counts as readable text when it has a letter or digit and at least this confidence
_READABLE_CONFIDENCE = 0.4


@dataclass
class _Page:
    units: list[LineUnit]
    width: float  # page units: points for PDF and text, pixels for image files
    height: float
    coord_width: float  # size of the space the unit boxes are in
    coord_height: float
    source: TextSource
    image: Image.Image
    confidence: float | None = None
    image_words: int = 0  # words of a text-layer page read from its pictures


class _Clock:
    def __init__(self) -> None:
        self.ocr = 0.0

    def run_ocr(self, image: Image.Image, dpi: float, settings: Settings) -> OcrPage:
        started = time.perf_counter()
        try:
            return ocr_page(image, dpi, settings.ocr)
        finally:
            self.ocr += time.perf_counter() - started

    def read_images(self, page: pymupdf.Page, text: pdf.PageText, settings: Settings) -> list[LineUnit]:
        """Line units (page points) of the text in the pictures of a text-layer page (:func:`pdf.text_images`)."""
        shots = pdf.text_images(page, text, settings.ocr, settings.limits)
        units: list[LineUnit] = []
        if not shots:
            return units
        started = time.perf_counter()
        try:
            for shot in shots:
                sx, sy = shot.rect.width / shot.image.width, shot.rect.height / shot.image.height
                read = read_image_text(shot.image, shot.dpi, settings.ocr)
                if _repeats_a_line(read, text.units):
                    continue
                for unit in read:
                    words = [replace(w, x0=shot.rect.x0 + w.x0 * sx, y0=shot.rect.y0 + w.y0 * sy,
                                     x1=shot.rect.x0 + w.x1 * sx, y1=shot.rect.y0 + w.y1 * sy)
                             for w in repair_ocr_words(unit.words)]
                    units.append(LineUnit(words, horizontal=unit.horizontal))
        finally:
            self.ocr += time.perf_counter() - started
        return units


def _repeats_a_line(picture: list[LineUnit], lines: list[LineUnit]) -> bool:
    """Whether a picture's text is a line of the text layer again, or that line without its legal form: a logo
    beside the printed name ("QualityHosting" over "QualityHosting AG"). Its words would only add a second,
    larger candidate for the same name, which a model can take for a rival."""
    seen = normalise_text(" ".join(w.text for u in picture for w in u.words))
    if not seen:
        return True

    def same(words: list[str]) -> bool:  # the picture's reading may differ by a letter ("Séding" for "Söding")
        letters = normalise_text(" ".join(words))
        return letters == seen or (len(seen) >= 8 and SequenceMatcher(None, letters, seen).ratio() >= 0.9)

    for line in lines:
        words = [w.text for w in line.words]
        if same(words):
            return True
        while words and legal_form(words[-1].strip(" ,.-")):
            words.pop()
            if same(words):
                return True
    return False


def page_image_path(pages_dir: Path, sha256: str, index: int) -> Path:
    """Where page ``index`` (0-based) of a document is kept: ``<pages_dir>/<sha256[:16]>/page-<index+1>.png``."""
    return Path(pages_dir) / sha256[:16] / f"page-{index + 1}.png"


def _ocr_to_page(clock: _Clock, image: Image.Image, dpi: float, settings: Settings, width: float,
                 height: float) -> _Page:
    result = clock.run_ocr(image, dpi, settings)
    upright_w, upright_h = image.size
    if result.rotation in (90, 270):
        width, height = height, width
        upright_w, upright_h = upright_h, upright_w
    # OCR runs a label and its value, or two amounts, into one word, and reads the letter O as a zero
    units = [LineUnit(repair_ocr_words(u.words), horizontal=u.horizontal) for u in result.units]
    # deskew expands the canvas: the page's size grows with it, so page units and boxes stay in step
    return _Page(
        units=units, width=width * result.image.width / upright_w,
        height=height * result.image.height / upright_h,
        coord_width=result.image.width, coord_height=result.image.height, source=result.source,
        image=resize_to_dpi(result.image, dpi, settings.ocr.image_dpi), confidence=result.confidence,
    )


def _load_pdf(source: SourceFile, settings: Settings, clock: _Clock) -> list[_Page]:
    pages: list[_Page] = []
    doc = pdf.open_pdf(source.path, settings.limits)
    try:
        for index in range(doc.page_count):
            page, text = pdf.load_page(doc, index, settings.limits)
            ocr = None
            if pdf.needs_ocr(page, text, settings.ocr):
                shot = pdf.ocr_image(page, text, settings.ocr, settings.limits)
                ocr = _ocr_to_page(clock, shot.image, shot.dpi, settings, text.width, text.height)
                if not ocr.units and text.units and not text.garbled:
                    ocr = None  # OCR found nothing: the few words of the text layer are better than none
            if ocr is not None:
                pages.append(ocr)
            else:
                image = pdf.render(page, settings.ocr.image_dpi, settings.limits)
                pictured = clock.read_images(page, text, settings)
                units = text.units + pictured
                if settings.ocr.signatures:  # a signature pasted in as a picture (its text, if any, read above)
                    try:
                        units = add_pictured_signatures(page, units)
                    except Exception as exc:  # noqa: BLE001 - a picture MuPDF cannot draw holds no signature
                        logger.warning("page %d: its pictured signatures cannot be read (%s)", index + 1, exc)
                pages.append(_Page(
                    units=units, image_words=sum(len(u.words) for u in pictured),
                    width=text.width, height=text.height, coord_width=text.width,
                    coord_height=text.height, source=TextSource.TEXT_LAYER, image=image,
                ))
    finally:
        doc.close()
    return pages


def _load_raster(source: SourceFile, settings: Settings, clock: _Clock) -> list[_Page]:
    pages: list[_Page] = []
    for raster in open_raster(source.path, source.kind, settings.limits):
        original = raster.image
        image, dpi = original, raster.dpi
        if dpi > 1.5 * settings.ocr.dpi:
            # far finer than OCR needs: bring it down (never up) to save time
            image = resize_to_dpi(original, dpi, settings.ocr.dpi)
            dpi = dpi * image.width / original.width
        pages.append(_ocr_to_page(clock, image, dpi, settings, original.width, original.height))
    return pages


def _load_text(source: SourceFile, settings: Settings) -> list[_Page]:
    pages: list[_Page] = []
    for sheet in text_pages(read_text(source.path), settings.limits.max_pages):
        pages.append(_Page(
            units=sheet.units(), width=sheet.width, height=sheet.height, coord_width=sheet.width,
            coord_height=sheet.height, source=TextSource.PLAIN_TEXT, image=sheet.render(settings.ocr.image_dpi),
        ))
    return pages


def _readable(words: list[Word]) -> bool:
    return any(w.confidence >= _READABLE_CONFIDENCE and any(ch.isalnum() for ch in w.text) for w in words)


def load_document(source: SourceFile, settings: Settings, *, pages_dir: Path | None = None) -> Document:
    """Open ``source`` within ``settings.limits``, get every page's words and page image.

    Page images (PNG at ``settings.ocr.image_dpi``) are returned in ``Document.images`` and, when ``pages_dir``
    is given and ``settings.ocr.keep_page_images`` is on, written to :func:`page_image_path`.
    ``Document.seconds`` holds ``load`` (opening, text layer, rendering) and ``ocr`` timings.

    Raises :class:`~pipeline.errors.InputError` subclasses for unusable files, :class:`OCRError`
    (``ocr.no_text``) when no page has readable text, :class:`~pipeline.errors.ConfigError` when the OCR
    engine cannot start (missing language data).
    """
    started = time.perf_counter()
    clock = _Clock()
    if source.kind is FileKind.PDF:
        pages = _load_pdf(source, settings, clock)
    elif source.kind in (FileKind.PNG, FileKind.JPEG, FileKind.TIFF):
        pages = _load_raster(source, settings, clock)
    elif source.kind is FileKind.TEXT:
        pages = _load_text(source, settings)
    else:
        raise UnsupportedTypeError(f"no loader for files of kind {source.kind.value!r}")

    words: list[Word] = []
    infos: list[PageInfo] = []
    images: list[bytes] = []
    for index, page in enumerate(pages):
        lines = join_date_boxes(strip_table_bars([join_split_cents(split_glued_codes(split_glued_labels(
            split_number_sign(drop_leaders(join_spaced_letters(line)))))) for half in split_two_up(
                page.units, page.coord_width, page.coord_height) for line in order_lines(half)],
            read=page.source is not TextSource.TEXT_LAYER))
        first_line = words[-1].line + 1 if words else 0
        page_words = to_words(lines, page=index, width=page.coord_width, height=page.coord_height,
                              first_line=first_line)
        words.extend(page_words)
        png = encode_png(page.image)
        images.append(png)
        image_path = None
        if pages_dir is not None and settings.ocr.keep_page_images:
            image_path = page_image_path(pages_dir, source.sha256, index)
            image_path.parent.mkdir(parents=True, exist_ok=True)
            image_path.write_bytes(png)
        infos.append(PageInfo(
            index=index, width=round(page.width, 2), height=round(page.height, 2), text_source=page.source,
            ocr_confidence=None if page.confidence is None else round(page.confidence, 4),
            image_path=image_path, words=len(page_words), image_words=page.image_words,
        ))
        if not page_words:
            logger.info("%s: page %d has no text (blank or unreadable)", source.source, index + 1)

    if not _readable(words):
        raise OCRError(
            f"no readable text on any of the {len(pages)} page(s): the document is blank, pure noise or "
            "unreadable to OCR", code="ocr.no_text",
        )
    total = time.perf_counter() - started
    seconds = {"load": round(total - clock.ocr, 4), "ocr": round(clock.ocr, 4)}
    logger.debug("%s: %d page(s), %d words, %s", source.source, len(pages), len(words), seconds)
    return Document(source=source, pages=infos, words=words, images=images, seconds=seconds)
