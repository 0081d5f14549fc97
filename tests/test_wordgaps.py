"""Words OCR glued across a printed space (``BluefinTechnik``), split where the ink shows the space."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from pipeline.config import OCRSettings
from pipeline.layout import LineUnit, RawWord
from pipeline.recognize import RapidOcrRecognizer
from pipeline.wordgaps import space_gaps, split_glued_words

BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf"
MONO = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"


def _line(text: str, font_file: str = BOLD, size: int = 34, spacing: int = 0, cell: int = 0
          ) -> tuple[Image.Image, tuple]:
    """A 170-DPI strip with ``text`` on it (each letter ``spacing`` pixels further apart, or each centred in a
    cell ``cell`` pixels wide, as a monospaced face sets it), and the box OCR gives the whole of it: a few pixels
    of paper above and below the letters."""
    image = Image.new("RGB", (900, 120), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(font_file, size)
    x = 60
    for ch in text:
        width = draw.textlength(ch, font=font)
        draw.text((x + max(0.0, (cell - width) / 2), 40), ch, font=font, fill="black")
        x += max(cell, width + spacing)
    top, bottom = 40 + font.getbbox("Hg")[1] - 6, 40 + font.getbbox("Hg")[3] + 6
    return image, (58.0, float(top), x + 2.0, float(bottom))


def _gaps(image: Image.Image, box: tuple) -> list[tuple[int, int]]:
    x0, y0, x1, y1 = (int(v) for v in box)
    return space_gaps(np.asarray(image.convert("L"), dtype=np.int16)[y0:y1, x0:x1])


@pytest.fixture(scope="module")
def rapid() -> RapidOcrRecognizer:
    return RapidOcrRecognizer(OCRSettings())


def test_a_word_space_is_a_wide_gap_and_letter_gaps_are_not() -> None:
    image, box = _line("Bluefin Technik")
    (gap,) = _gaps(image, box)
    # the space lies after "Bluefin", measured in the word's crop
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(BOLD, 34)
    bluefin = draw.textlength("Bluefin", font=font)
    assert gap[0] <= 62 + bluefin - box[0] <= gap[1] + 4
    assert _gaps(*_line("Versicherungsnummer")) == []


def test_letter_spaced_and_monospaced_words_have_no_space_in_them() -> None:
    # every gap of a spaced-out heading is wide: none stands out against the others
    assert _gaps(*_line("RECHNUNG", spacing=9)) == []
    assert _gaps(*_line("Storgatan", MONO)) == []
    # a monospaced space is a whole cell
    assert len(_gaps(*_line("Storgatan 57", MONO))) == 1


def test_a_glued_word_is_split_where_its_pieces_read_as_it_did(rapid: RapidOcrRecognizer) -> None:
    image, box = _line("Bluefin Technik")
    glued = RawWord("BluefinTechnik", *box, 0.98)
    (unit,) = split_glued_words(image, [LineUnit([glued])], 170, rapid.read_line)
    assert [w.text for w in unit.words] == ["Bluefin", "Technik"]
    left, right = unit.words
    assert left.x0 == glued.x0 and right.x1 == glued.x1 and left.x1 < right.x0
    assert all(w.confidence <= 0.98 for w in unit.words)


def test_two_spaces_give_three_words(rapid: RapidOcrRecognizer) -> None:
    image, box = _line("Saffron Beratung GmbH")
    (unit,) = split_glued_words(image, [LineUnit([RawWord("SaffronBeratungGmbH", *box, 0.97)])], 170,
                                rapid.read_line)
    assert [w.text for w in unit.words] == ["Saffron", "Beratung", "GmbH"]


def test_a_word_whose_pieces_read_otherwise_stays_as_it_was(rapid: RapidOcrRecognizer) -> None:
    image, box = _line("Bluefin Technik")
    # the word OCR gave does not spell what the pieces read: nothing is known about where its space falls
    units = [LineUnit([RawWord("BluefinTechnic", *box, 0.9)])]
    assert split_glued_words(image, units, 170, rapid.read_line) == units
    # one word without a space, and a vertical line, are left alone
    image, box = _line("Versicherungsnummer")
    units = [LineUnit([RawWord("Versicherungsnummer", *box, 0.99)]),
             LineUnit([RawWord("BluefinTechnik", *box, 0.99)], horizontal=False)]
    assert split_glued_words(image, units, 170, rapid.read_line) == units


def test_a_stop_set_apart_in_a_monospaced_cell_stays_with_its_word(rapid: RapidOcrRecognizer) -> None:
    image, box = _line("Tel. 0123", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 20, cell=13)
    assert len(_gaps(image, box)) == 2  # the stop's cell leaves a gap as wide as the space after it
    (unit,) = split_glued_words(image, [LineUnit([RawWord("Tel.0123", *box, 0.95)])], 170, rapid.read_line)
    assert [w.text for w in unit.words] == ["Tel.", "0123"]


def test_a_gap_inside_a_number_is_no_word_space(rapid: RapidOcrRecognizer) -> None:
    # a thousands space and a wide decimal point leave the figures as OCR read them
    for printed, read in (("4 683,59", "4683,59"), ("$884 .00", "$884.00")):
        image, box = _line(printed, size=30)
        assert _gaps(image, box)
        units = [LineUnit([RawWord(read, *box, 0.95)])]
        assert split_glued_words(image, units, 170, rapid.read_line) == units
    # a label's colon and the figures after it are two words
    image, box = _line("Artikelen: 12", size=30)
    (unit,) = split_glued_words(image, [LineUnit([RawWord("Artikelen:12", *box, 0.95)])], 170, rapid.read_line)
    assert [w.text for w in unit.words] == ["Artikelen:", "12"]


def test_a_gap_beside_an_apostrophe_or_a_hyphen_is_no_word_space(rapid: RapidOcrRecognizer) -> None:
    for printed, read in (("King' s Road", "King's"), ("Meyer -Schmidt", "Meyer-Schmidt")):
        image, box = _line(printed.split()[0] + " " + printed.split()[1], size=30)
        assert _gaps(image, box)  # the mark's side bearings leave a gap as wide as a space
        units = [LineUnit([RawWord(read, *box, 0.95)])]
        assert split_glued_words(image, units, 170, rapid.read_line) == units
