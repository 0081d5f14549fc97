"""Lone figures OCR's text detector passed over (a quantity's ``1`` alone in its cell), read again on their own."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw, ImageFont

from pipeline.config import OCRSettings
from pipeline.layout import LineUnit, RawWord
from pipeline.lonefigures import add_lone_figures, find_lone_marks
from pipeline.recognize import RapidOcrRecognizer, TesseractRecognizer

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
SIZE = 18

#: a line-item table: description, quantity, unit price, amount (the quantity set right at x=700)
ROWS = [("Description", "Qty", "Unit price", "Amount"),
        ("Consulting services", "1", "120.00", "120.00"),
        ("Printer toner cartridge", "24", "15.50", "372.00"),
        ("Delivery and handling", "0.5", "7.60", "3.80")]


def _table(rows: list[tuple[str, str, str, str]] = ROWS, *, missed: set[str] = frozenset({"1", "24", "0.5"}),
           draw_extra=None) -> tuple[Image.Image, list[LineUnit]]:
    """A 150-DPI page with the table drawn, and its OCR words as a detector that missed the cells ``missed``
    would give them: boxes a little taller than the letters, as RapidOCR's are."""
    image = Image.new("RGB", (1240, 500), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(FONT, SIZE)
    units = []
    for i, row in enumerate(rows):
        y = 100 + i * 2.2 * SIZE
        words = []
        for text, x, anchor in zip(row, (100, 700, 900, 1100), ("la", "ra", "ra", "ra"), strict=True):
            draw.text((x, y), text, font=font, fill="black", anchor=anchor)
            if text in missed and i:
                continue
            x0 = draw.textbbox((x, y), text, font=font, anchor=anchor)[0]
            for part in text.split():
                x0p, _, x1p, _ = draw.textbbox((x0, y), part, font=font)
                words.append(RawWord(part, x0p, y - 3, x1p, y + SIZE + 5, 0.99))
                x0 = x1p + draw.textlength(" ", font=font)
        units.append(LineUnit(words))
    if draw_extra:
        draw_extra(draw, font)
    return image, units


@pytest.fixture(scope="module")
def rapid() -> RapidOcrRecognizer:
    return RapidOcrRecognizer(OCRSettings())


def _texts(units: list[LineUnit]) -> list[str]:
    return [w.text for u in units for w in u.words]


def test_a_lone_quantity_the_detector_missed_is_read_on_its_own(rapid: RapidOcrRecognizer) -> None:
    image, units = _table()
    assert "1" not in _texts(units)
    found = add_lone_figures(image, units, 150, rapid.read_line)[len(units):]
    assert sorted(w.text for u in found for w in u.words) == ["0.5", "1", "24"]
    one = next(w for u in found for w in u.words if w.text == "1")
    assert 640 <= one.x0 < one.x1 <= 705 and 135 <= one.y0 < one.y1 <= 165  # where it is printed, in its row


def test_words_the_detector_read_are_not_read_twice(rapid: RapidOcrRecognizer) -> None:
    image, units = _table(missed=set())
    assert find_lone_marks(image, [w for u in units for w in u.words]) == []
    assert add_lone_figures(image, units, 150, rapid.read_line) == units


def test_marks_that_are_no_figures_stay_out(rapid: RapidOcrRecognizer) -> None:
    """A dash for no quantity, a check box, a plumb rule between cells, a bullet, a letter: none becomes a figure."""
    rows = [ROWS[0], ("Consulting services", "-", "120.00", "120.00"), ("Printer toner cartridge", "x", "15.50", "15.50")]

    def extra(draw: ImageDraw.ImageDraw, font: ImageFont.FreeTypeFont) -> None:
        y = 100 + 2.2 * SIZE
        draw.rectangle((760, y + 2, 776, y + 18), outline="black", width=2)  # a check box in the row
        draw.line((1000, y - 4, 1000, y + SIZE + 2), fill="black", width=2)  # a rule one row high
        draw.ellipse((40, y + 6, 48, y + 14), fill="black")  # a bullet

    image, units = _table(rows, missed={"-", "x"}, draw_extra=extra)
    added = add_lone_figures(image, units, 150, rapid.read_line)[len(units):]
    assert added == []


def test_a_broken_plumb_rule_beside_the_amounts_is_no_figure(rapid: RapidOcrRecognizer) -> None:
    """A fax loses a row of pixels every few dozen, and a slanted photo steps a rule a pixel at a time: the table's
    right-hand rule comes in pieces a row high, straight strokes in line with each other, which a recognizer reads
    as ``1``. Quantities of ``1`` set one over the other in their column are still read."""
    rows = [ROWS[0], *[(f"Item {k}", "1", "10.00", "10.00") for k in range(1, 5)]]

    def extra(draw: ImageDraw.ImageDraw, font: ImageFont.FreeTypeFont) -> None:
        y, x = 80, 1140
        while y < 100 + 5 * 2.2 * SIZE:
            draw.rectangle((x, y, x + 2, y + 24), fill="black")  # a piece, a gap of three pixels, a step aside
            y, x = y + 28, x + (1 if y % 56 == 24 else 0)

    image, units = _table(rows, missed={"1"}, draw_extra=extra)
    marks = find_lone_marks(image, [w for u in units for w in u.words])
    assert marks and all(x1 <= 705 for _, _, x1, _ in marks)  # the quantities only
    found = add_lone_figures(image, units, 150, rapid.read_line)[len(units):]
    assert [w.text for u in found for w in u.words] == ["1"] * 4


def test_a_mark_on_a_row_without_figures_is_left_alone(rapid: RapidOcrRecognizer) -> None:
    """A figure missed in running text (no figure on its row) is not looked for: only table rows with figures."""
    rows = [("Thank you for", "7", "your", "order")]
    image, units = _table(rows, missed=set())
    units = [LineUnit([w for w in units[0].words if w.text != "7"])]
    assert find_lone_marks(image, [w for u in units for w in u.words]) == []


def test_rapidocr_still_detects_text_after_reading_a_crop(rapid: RapidOcrRecognizer) -> None:
    """RapidOCR keeps the steps of its last call as its own: reading a crop without detection must not leave a
    page read without it."""
    image, _ = _table(missed=set())
    text, confidence = rapid.read_line(image.crop((640, 130, 720, 170)), 150)
    assert (text, confidence >= 0.9) == ("1", True)
    words = _texts(rapid.recognize(image, 150))
    assert "Consulting" in words and "372.00" in words


def test_tesseract_reads_a_crop_as_one_line() -> None:
    image, _ = _table(missed=set())
    text, confidence = TesseractRecognizer(OCRSettings()).read_line(image.crop((850, 170, 980, 215)), 150)
    assert text == "15.50" and confidence > 0.5


@pytest.mark.parametrize("on", [True, False])
def test_a_scanned_page_is_looked_over_for_lone_figures_unless_turned_off(monkeypatch: pytest.MonkeyPatch,
                                                                           on: bool) -> None:
    import pipeline.recognize as recognize

    calls = []

    def spy(image, units, dpi, read_line):
        calls.append(read_line)
        return units + [LineUnit([RawWord("1", 650, 140, 660, 160, 0.99)])]

    monkeypatch.setattr(recognize, "add_lone_figures", spy)
    image, _ = _table(missed=set())
    page = recognize.ocr_page(image, 150, OCRSettings(lone_figures=on, deskew=False, flatten=False))
    assert len(calls) == int(on)
    assert ("1" in [w.text for u in page.units[-1:] for w in u.words]) == on
