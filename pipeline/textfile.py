"""Plain-text inputs: pages of monospaced text with synthetic word boxes, and page images drawn to match.

A text file is laid out on a character grid (Courier 10 pt: 6 pt per character, 12 pt per line), so every
word's box is exact for the page image rendered from the same grid. Pages break at form feeds and every
:data:`LINES_PER_PAGE` lines.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

import pymupdf
from PIL import Image

from pipeline.errors import CorruptFileError, TooManyPagesError
from pipeline.ingest import decode_text
from pipeline.layout import LineUnit, RawWord

__all__ = ["LINES_PER_PAGE", "TextPage", "read_text", "text_pages"]

logger = logging.getLogger(__name__)

LINES_PER_PAGE = 100
_FONT_SIZE = 10.0
_CHAR_W = 6.0  # Courier advance: 0.6 em
_LINE_H = 12.0
_MARGIN = 36.0
_TAB = 8


@dataclass
class TextPage:
    """One page of a text file: its lines (tabs expanded) and size in points."""

    lines: list[str]

    @property
    def columns(self) -> int:
        return max((len(line) for line in self.lines), default=0)

    @property
    def width(self) -> float:
        return max(612.0, 2 * _MARGIN + self.columns * _CHAR_W)

    @property
    def height(self) -> float:
        return max(792.0, 2 * _MARGIN + len(self.lines) * _LINE_H)

    def units(self) -> list[LineUnit]:
        """One line unit per non-empty text line, words boxed on the character grid (points)."""
        units: list[LineUnit] = []
        for row, line in enumerate(self.lines):
            top = _MARGIN + row * _LINE_H
            words: list[RawWord] = []
            col = 0
            for token in line.split(" "):
                if token:
                    x0 = _MARGIN + col * _CHAR_W
                    words.append(RawWord(token, x0, top, x0 + len(token) * _CHAR_W, top + _LINE_H, 1.0))
                col += len(token) + 1
            if words:
                units.append(LineUnit(words))
        return units

    def render(self, dpi: float) -> Image.Image:
        """The page drawn in Courier on the same grid as :meth:`units`."""
        doc = pymupdf.open()
        page = doc.new_page(width=self.width, height=self.height)
        writer = pymupdf.TextWriter(page.rect)
        font = pymupdf.Font("cour")
        for row, line in enumerate(self.lines):
            if line.strip():
                baseline = _MARGIN + row * _LINE_H + _FONT_SIZE * 0.9
                writer.append((_MARGIN, baseline), line, font=font, fontsize=_FONT_SIZE)
        writer.write_text(page)
        pix = page.get_pixmap(dpi=max(1, int(dpi)), colorspace=pymupdf.csGRAY, alpha=False)
        return Image.frombytes("L", (pix.width, pix.height), pix.samples)


def read_text(path: Path) -> str:
    """The text of a file sniffed as text, newlines normalised."""
    text = decode_text(Path(path).read_bytes())
    if text is None:
        raise CorruptFileError("the text file holds binary data and cannot be read as text")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def text_pages(text: str, max_pages: int) -> list[TextPage]:
    """``text`` split into pages (form feeds, then every :data:`LINES_PER_PAGE` lines)."""
    pages: list[TextPage] = []
    for sheet in text.split("\f"):
        lines = [_clean(line) for line in sheet.split("\n")]
        while lines and not lines[-1].strip():
            lines.pop()
        for start in range(0, max(1, len(lines)), LINES_PER_PAGE):
            pages.append(TextPage(lines[start : start + LINES_PER_PAGE]))
    while len(pages) > 1 and not any(line.strip() for line in pages[-1].lines):
        pages.pop()
    if len(pages) > max_pages:
        raise TooManyPagesError(
            f"the text file makes {len(pages)} pages of {LINES_PER_PAGE} lines; the limit is {max_pages} "
            "(limits.max_pages)"
        )
    return pages


def _clean(line: str) -> str:
    line = line.expandtabs(_TAB).rstrip()
    # control characters would shift the grid; show them as spaces
    return "".join(ch if ch >= " " or ch == "\t" else " " for ch in line)
