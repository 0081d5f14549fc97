"""A small drawing surface over PyMuPDF for laying out documents with a real text layer.

:class:`DocCanvas` keeps the PDF, the current page, a typeface and the spans of text that carry truth values
(``field=`` on :meth:`DocCanvas.text`), so a training set can point at where each value was printed. Text is
written through ``pymupdf.TextWriter`` with full Unicode fonts (the base-14 fonts' own encoding lacks ``€``,
``ł`` and friends) and flushed per page after all shapes, so fills never hide text.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pymupdf
from pydantic import BaseModel, ConfigDict

__all__ = [
    "BLACK",
    "WHITE",
    "DocCanvas",
    "FieldSpan",
    "Typeface",
    "fallback_typeface",
    "typefaces",
]

logger = logging.getLogger(__name__)

RGB = tuple[float, float, float]
BLACK: RGB = (0.0, 0.0, 0.0)
WHITE: RGB = (1.0, 1.0, 1.0)

_DEJAVU_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu"),
                Path("/usr/share/fonts/TTF"))


class FieldSpan(BaseModel):
    """Where a truth value was printed: dotted field path, the exact text, page (0-based), box in points."""

    model_config = ConfigDict(frozen=True)

    path: str
    text: str
    page: int
    bbox: tuple[float, float, float, float]


@dataclass(frozen=True)
class Typeface:
    """A regular and a bold font that a document is set in."""

    name: str
    regular: pymupdf.Font
    bold: pymupdf.Font
    monospace: bool = False

    def font(self, bold: bool = False) -> pymupdf.Font:
        """The bold or regular face."""
        return self.bold if bold else self.regular

    def covers(self, text: str, bold: bool = False) -> bool:
        """True when every character of ``text`` has a glyph in this face."""
        return _covers(self.font(bold), text)


@functools.lru_cache(maxsize=4096)
def _glyph(font_key: int, font: pymupdf.Font, ch: str) -> bool:
    return ch.isspace() or bool(font.has_glyph(ord(ch)))


def _covers(font: pymupdf.Font, text: str) -> bool:
    return all(_glyph(id(font), font, ch) for ch in text)


def _find_dejavu(name: str) -> Path | None:
    for folder in _DEJAVU_DIRS:
        path = folder / name
        if path.is_file():
            return path
    return None


@functools.cache
def typefaces() -> dict[str, Typeface]:
    """Typefaces available here: PyMuPDF's base-14 families always, DejaVu when installed."""
    faces = {
        "helvetica": Typeface("helvetica", pymupdf.Font("helv"), pymupdf.Font("hebo")),
        "times": Typeface("times", pymupdf.Font("tiro"), pymupdf.Font("tibo")),
        "courier": Typeface("courier", pymupdf.Font("cour"), pymupdf.Font("cobo"), monospace=True),
    }
    for name, regular, bold, mono in (
        ("dejavu-sans", "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", False),
        ("dejavu-serif", "DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf", False),
        ("dejavu-mono", "DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf", True),
        ("dejavu-condensed", "DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf", False),
    ):
        reg_path, bold_path = _find_dejavu(regular), _find_dejavu(bold)
        if reg_path and bold_path:
            faces[name] = Typeface(name, pymupdf.Font(fontfile=str(reg_path)), pymupdf.Font(fontfile=str(bold_path)),
                                   monospace=mono)
    return faces


def fallback_typeface() -> Typeface | None:
    """DejaVu Sans (wide Unicode coverage: ☒, ₹) when installed."""
    return typefaces().get("dejavu-sans")


class _Page:
    """Text waiting to be written on one page, grouped by colour.

    Page objects are not kept: PyMuPDF invalidates them when pages are added, so pages are loaded by index.
    """

    def __init__(self, rect: pymupdf.Rect) -> None:
        self.rect = rect
        self.writers: dict[RGB, pymupdf.TextWriter] = {}

    def writer(self, color: RGB) -> pymupdf.TextWriter:
        if color not in self.writers:
            self.writers[color] = pymupdf.TextWriter(self.rect)
        return self.writers[color]

    def flush(self, page: pymupdf.Page) -> None:
        for color, writer in self.writers.items():
            writer.write_text(page, color=color)
        self.writers.clear()


class DocCanvas:
    """A multi-page PDF being laid out: current page, text cursor ``y``, margins, typeface, field spans."""

    def __init__(self, width: float, height: float, typeface: Typeface, *, size: float = 9.5,
                 margin: tuple[float, float, float, float] = (48, 48, 48, 56), color: RGB = BLACK) -> None:
        self.doc = pymupdf.open()
        self.width = width
        self.height = height
        self.typeface = typeface
        self.size = size
        self.color = color
        self.left, self.top, self.right_margin, self.bottom_margin = margin
        self.fields: list[FieldSpan] = []
        self._pages: list[_Page] = []
        self._current = 0
        self.y = self.top
        self.new_page()

    # -- geometry ------------------------------------------------------------------------------------------
    @property
    def right(self) -> float:
        """X of the right margin."""
        return self.width - self.right_margin

    @property
    def bottom(self) -> float:
        """Y of the bottom margin."""
        return self.height - self.bottom_margin

    @property
    def content_width(self) -> float:
        """Width between the margins."""
        return self.right - self.left

    @property
    def page_index(self) -> int:
        """0-based index of the current page."""
        return self._current

    @property
    def page_count(self) -> int:
        """Pages so far."""
        return len(self._pages)

    def new_page(self) -> None:
        """Start a page; the cursor goes to the top margin."""
        page = self.doc.new_page(width=self.width, height=self.height)
        self._pages.append(_Page(page.rect))
        self._current = len(self._pages) - 1
        self._page = page
        self.y = self.top

    def goto_page(self, index: int) -> None:
        """Make page ``index`` (0-based) current, e.g. to draw footers once the page count is known."""
        self._current = index
        self._page = self.doc.load_page(index)

    # -- text ----------------------------------------------------------------------------------------------
    def _font_for(self, text: str, bold: bool, typeface: Typeface | None) -> pymupdf.Font:
        face = typeface or self.typeface
        if face.covers(text, bold):
            return face.font(bold)
        fallback = fallback_typeface()
        if fallback is not None and fallback.covers(text, bold):
            return fallback.font(bold)
        logger.debug("no font covers %r; glyphs will be missing", text)
        return face.font(bold)

    def width_of(self, text: str, size: float | None = None, bold: bool = False,
                 typeface: Typeface | None = None) -> float:
        """Advance width of ``text`` in points."""
        return self._font_for(text, bold, typeface).text_length(text, fontsize=size or self.size)

    def text(self, x: float, y: float, text: str, *, size: float | None = None, bold: bool = False,
             align: str = "left", color: RGB | None = None, field: str | None = None,
             typeface: Typeface | None = None) -> pymupdf.Rect:
        """Write ``text`` with its baseline at ``y``; ``align`` is where ``x`` is (left, right, center)."""
        size = size or self.size
        font = self._font_for(text, bold, typeface)
        w = font.text_length(text, fontsize=size)
        x0 = x - w if align == "right" else x - w / 2 if align == "center" else x
        if text:
            self._pages[self._current].writer(color or self.color).append((x0, y), text, font=font, fontsize=size)
        box = pymupdf.Rect(x0, y - font.ascender * size, x0 + w, y - font.descender * size)
        if field is not None and text:
            self.fields.append(FieldSpan(path=field, text=text, page=self.page_index,
                                         bbox=(round(box.x0, 2), round(box.y0, 2), round(box.x1, 2), round(box.y1, 2))))
        return box

    def fit(self, text: str, width: float, size: float | None = None, bold: bool = False,
            typeface: Typeface | None = None) -> float:
        """The font size (at most ``size``) at which ``text`` fits in ``width`` points."""
        size = size or self.size
        natural = self.width_of(text, size, bold, typeface)
        return size if natural <= width else max(size * 0.5, size * width / natural)

    def wrap(self, text: str, width: float, size: float | None = None, bold: bool = False) -> list[str]:
        """Greedy word wrap to ``width`` points (words longer than a line are cut)."""
        lines: list[str] = []
        current = ""
        for word in text.split():
            trial = f"{current} {word}" if current else word
            if self.width_of(trial, size, bold) <= width:
                current = trial
                continue
            if current:
                lines.append(current)
            while self.width_of(word, size, bold) > width and len(word) > 1:
                cut = len(word) - 1
                while cut > 1 and self.width_of(word[:cut], size, bold) > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            current = word
        if current or not lines:
            lines.append(current)
        return lines

    def paragraph(self, x: float, text: str, width: float, *, size: float | None = None, leading: float = 1.3,
                  color: RGB | None = None, bold: bool = False) -> None:
        """Wrapped text from the cursor down; moves the cursor below it."""
        size = size or self.size
        for line in self.wrap(text, width, size, bold):
            self.y += size * leading
            self.text(x, self.y, line, size=size, color=color, bold=bold)

    # -- shapes --------------------------------------------------------------------------------------------
    def line(self, x0: float, y0: float, x1: float, y1: float, *, width: float = 0.5,
             color: RGB = BLACK, dashes: str | None = None) -> None:
        """A straight line."""
        self._page.draw_line((x0, y0), (x1, y1), color=color, width=width, dashes=dashes)

    def rect(self, x0: float, y0: float, x1: float, y1: float, *, stroke: RGB | None = BLACK,
             fill: RGB | None = None, width: float = 0.5, radius: float | None = None) -> None:
        """A rectangle, stroked and/or filled."""
        self._page.draw_rect(pymupdf.Rect(x0, y0, x1, y1), color=stroke, fill=fill,
                                       width=width if stroke else 0, radius=radius)

    # -- output --------------------------------------------------------------------------------------------
    def finish(self, footer: Callable[[DocCanvas, int, int], None] | None = None, *, title: str = "") -> bytes:
        """Draw footers (``footer(canvas, page_no, page_count)``), write all text, return the PDF bytes."""
        total = len(self._pages)
        for i, page in enumerate(self._pages):
            self.goto_page(i)
            if footer is not None:
                footer(self, i + 1, total)
            page.flush(self._page)
        self.doc.set_metadata({"title": title, "producer": "docgen", "creator": "docgen"})
        self.doc.subset_fonts()
        data = self.doc.tobytes(garbage=4, deflate=True, no_new_id=True)
        self.doc.close()
        return data
