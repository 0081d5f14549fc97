"""Type printed in dots (a dot-matrix printer, a worn thermal head): on a page large enough that OCR's text
detection scales it down, the dots' mesh reads as scattered marks; the page is read again with its dots joined."""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from pipeline.config import Settings
from pipeline.recognize import ocr_page

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"


def _dot_matrix_receipt() -> Image.Image:
    """A till receipt of 80 mm at 300 DPI whose glyphs are made of 2×2-pixel dots three pixels apart."""
    lines = ["FRESHWAY FOODS", "33 HARBOR BLVD", "TAMPA, FL 33602", "RICE 1KG            1.89",
             "MILK 2L             3.30", "TOTAL TO PAY       47.93", "VISA               47.93"] * 3
    page = Image.new("L", (946, 1650), 255)
    draw = ImageDraw.Draw(page)
    font = ImageFont.truetype(FONT, 30)
    for k, text in enumerate(lines):
        draw.text((40, 40 + 44 * k), text, font=font, fill=0)
    ink = np.asarray(page.filter(ImageFilter.MinFilter(3))) < 128
    ys, xs = np.mgrid[0:ink.shape[0], 0:ink.shape[1]]
    dots = ink & (ys % 3 < 2) & (xs % 3 < 2)
    return Image.fromarray(np.where(dots, 0, 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(0.6))


def test_a_dot_matrix_page_is_read_with_its_dots_joined() -> None:
    page = ocr_page(_dot_matrix_receipt(), 300, Settings().ocr)
    words = [w.text for u in page.units for w in u.words]
    assert words[:5] == ["FRESHWAY", "FOODS", "33", "HARBOR", "BLVD"]
    assert words.count("47.93") == 6
    assert page.confidence is not None and page.confidence > 0.9
