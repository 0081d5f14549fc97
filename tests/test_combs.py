"""Comb fields on scans (`pipeline/combs.py`): found by their cell sides, erased on the copy OCR reads."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from pipeline.combs import erase_comb_cells, find_combs
from pipeline.config import OCRSettings

DPI = 200
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def _page(rows: list[tuple[str, str]], *, boxes: bool = False, table: bool = False, gap: int = 0,
          groups: bool = False) -> tuple[Image.Image, list]:
    """A 200-DPI form: each row a caption and its value written a character a cell (an empty cell for a space);
    with ``boxes``, a row of check boxes with their options between them; with ``table``, a ruled table; with
    ``groups``, a ``-`` or ``/`` is printed between two groups of cells, in no cell of its own."""
    image = Image.new("L", (1654, 1400), 255)
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(FONT, 28)
    cells = []
    y = 120
    for caption, value in rows:
        draw.text((100, y + 8), caption, font=font, fill=0)
        x = 600
        for ch in value:
            if groups and ch in "-/":
                draw.text((x + 8, y + 6), ch, font=font, fill=0)
                x += 34
                continue
            draw.rectangle((x, y, x + 39, y + 44), outline=0, width=2)
            if ch != " ":
                draw.text((x + 10, y + 6), ch, font=font, fill=0)
            cells.append((x, y, x + 39, y + 44))
            x += 39 + gap  # abutting cells share a side; with a gap, each is a box of its own
        y += 110
    if boxes:
        x = 100
        for option in ("Motor", "Home", "Health", "Travel"):
            draw.rectangle((x, y, x + 30, y + 30), outline=0, width=2)
            draw.text((x + 45, y), option, font=font, fill=0)
            x += 300
        y += 110
    if table:
        for k in range(6):
            draw.line((100, y + 50 * k, 1500, y + 50 * k), fill=0, width=2)
        for x in (100, 700, 1000, 1250, 1500):
            draw.line((x, y, x, y + 250), fill=0, width=2)
        draw.text((120, y + 60), "Consulting hours", font=font, fill=0)
    return image, cells


def test_a_comb_is_found_by_its_cell_sides():
    image, _ = _page([("Policy number", "POL-7741093"), ("Postcode", "LS1 4DT")])
    combs = find_combs(image, DPI)
    assert [len(c.sides) for c in combs] == [12, 8] and [len(c.cells) for c in combs] == [11, 7]
    assert all(c.x0 >= 595 and c.y1 - c.y0 >= 40 for c in combs)


def test_boxes_set_a_little_apart_are_a_comb():
    image, _ = _page([("Policy number", "POL-7741093")], gap=8)
    [comb] = find_combs(image, DPI)
    assert len(comb.sides) == 22 and len(comb.cells) == 11  # each box's two sides; no cell for a gap


def test_groups_of_cells_with_separators_between_them_are_one_comb():
    """``[V][4][3] - [4][1][3][1][7][7]``: the groups' cells of one pitch, the gap between them open (no rule runs
    over it) and narrower than a cell; the separator in the gap is read with the characters."""
    from pipeline import recognize

    image, _ = _page([("Policy number", "V43-413177"), ("Date of birth", "14/02/1980")], groups=True)
    combs = find_combs(image, DPI)
    assert [(len(c.cells), len(c.gaps)) for c in combs] == [(9, 1), (8, 2)]
    page = recognize.ocr_page(image.convert("RGB"), DPI, OCRSettings(engine="rapidocr"))
    texts = [w.text for u in page.units for w in u.words]
    assert "V43-413177" in texts and "14/02/1980" in texts


def test_check_boxes_with_their_options_and_a_ruled_table_are_no_combs():
    image, _ = _page([], boxes=True, table=True)
    assert find_combs(image, DPI) == []


def test_bold_capitals_are_no_comb():
    image = Image.new("L", (1400, 300), 255)
    draw = ImageDraw.Draw(image)
    for k, text in enumerate(("INSURANCE CLAIM FORM", "HHHHHHH EEEEEEE")):
        font = ImageFont.truetype(FONT.replace("DejaVuSans", "DejaVuSerif-Bold" if k else "DejaVuSans-Bold"), 60)
        draw.text((50, 40 + 120 * k), text, font=font, fill=0)
    assert find_combs(image, 150) == []


def test_erasing_a_comb_leaves_its_characters():
    image, cells = _page([("Date of birth", "14/02/1980")], boxes=True)
    erased = np.asarray(erase_comb_cells(image, DPI))
    before = np.asarray(image)
    x0, y0, _, y1 = cells[0]
    assert (erased[y0 + 5:y1 - 5, x0 - 1:x0 + 3] > 128).all()  # the first cell's side is gone
    for cx0, cy0, cx1, cy1 in cells:  # every character is left as it was
        inner = (slice(cy0 + 5, cy1 - 5), slice(cx0 + 5, cx1 - 5))
        assert ((erased[inner] < 128) == (before[inner] < 128)).all()
    assert (before[600:, :] == erased[600:, :]).all()  # the check boxes below are left alone
    assert erase_comb_cells(Image.new("L", (400, 300), 255), DPI).size == (400, 300)


def test_ocr_reads_a_comb_fields_characters_with_their_separators():
    """The characters of each comb set side by side and read together: widely spaced letters read one at a time
    lose narrow ones and a date's dots; the words are laid back over their cells, an empty cell a space."""
    from pipeline import recognize

    image, cells = _page([("Policy number", "POL-7741093"), ("Date of birth", "16.05.1980"),
                          ("Street", "Imhofstrasse 722")])
    page = recognize.ocr_page(image.convert("RGB"), DPI, OCRSettings(engine="rapidocr"))
    words = [w for u in page.units for w in u.words]
    texts = [w.text for w in words]
    assert {"POL-7741093", "16.05.1980", "Imhofstrasse", "722"} <= set(texts)
    street = next(w for w in words if w.text == "Imhofstrasse")
    assert street.x0 == pytest.approx(cells[21][0], abs=20)  # over its own cells
    assert next(w for w in words if w.text == "722").x0 > street.x1  # the empty cell between: a space
    assert page.image.size == image.size and np.asarray(page.image.convert("L"))[120:165, 598:602].min() < 128


def test_a_text_layers_comb_cells_are_no_check_boxes(tmp_path):
    import pymupdf

    from pipeline.config import Settings
    from pipeline.ingest import identify
    from pipeline.ocr import load_document

    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((50, 100), "Postcode", fontsize=10)
    for k, ch in enumerate("LS1 4DT"):
        x = 220 + 14 * k
        page.draw_rect(pymupdf.Rect(x, 88, x + 14, 104), color=(0, 0, 0), width=0.6)
        if ch != " ":
            page.insert_text((x + 3.5, 100), ch, fontsize=10)
    for k, option in enumerate(("Motor", "Home")):  # check boxes beside their options stay boxes
        x = 50 + 120 * k
        page.draw_rect(pymupdf.Rect(x, 131, x + 9, 140), color=(0, 0, 0), width=0.6)
        page.insert_text((x + 13, 140), option, fontsize=10)
    page.insert_text((50, 170), "Policy number POL-7741093", fontsize=10)
    doc.save(tmp_path / "comb.pdf")
    settings = Settings()
    loaded = load_document(identify(tmp_path / "comb.pdf", tmp_path, settings.limits), settings)
    texts = [w.text for w in loaded.words]
    assert texts[texts.index("Postcode") + 1: texts.index("Postcode") + 3] == ["LS1", "4DT"]
    assert texts.count("☐") == 2
