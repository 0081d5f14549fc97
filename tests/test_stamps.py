"""Coloured ink stamped across a scan's print (`pipeline/stamps.py`): left out of the copy OCR reads."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from pipeline.config import OCRSettings
from pipeline.stamps import drop_stamps, stamp_mask

DPI = 200
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
ROWS = [("USB-C docking station", "10", "1,427.16"), ("Consulting services", "1", "1.42"),
        ("Project management", "4", "273.45"), ("Design workshop", "24", "13.98"), ("Office chairs", "3", "359.85")]


def _rows() -> Image.Image:
    """A colour scan's table: five rows of black print."""
    image = Image.new("RGB", (1654, 900), (246, 245, 242))
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(FONT, 30)
    for k, (desc, qty, amount) in enumerate(ROWS):
        y = 150 + 70 * k
        draw.text((100, y), desc, font=font, fill=(20, 20, 20))
        draw.text((900, y), qty, font=font, fill=(20, 20, 20))
        draw.text((1200, y), amount, font=font, fill=(20, 20, 20))
    return image


def _stamp(colour: tuple[int, int, int], angle: float = 14.0) -> Image.Image:
    """A rubber stamp the size of the page (white where there is no ink): a frame and PAID, turned."""
    stamp = Image.new("RGB", (520, 200), "white")
    draw = ImageDraw.Draw(stamp)
    draw.rectangle((4, 4, 515, 195), outline=colour, width=9)
    draw.text((260, 100), "PAID", font=ImageFont.truetype(BOLD, 96), fill=colour, anchor="mm")
    stamp = stamp.rotate(angle, expand=True, fillcolor="white")
    layer = Image.new("RGB", (1654, 900), "white")
    layer.paste(stamp, (330, 140))
    return layer


def _stamped(colour: tuple[int, int, int] = (205, 35, 45)) -> Image.Image:
    """Ink over toner: the stamp multiplies the print (black stays black where they cross)."""
    return ImageChops.multiply(_rows(), _stamp(colour))


@pytest.mark.parametrize("colour", [(205, 35, 45), (106, 163, 129)])  # red; an office stamp's faded green
def test_red_ink_across_the_print_is_a_stamp_and_the_print_under_it_stays(colour: tuple[int, int, int]):
    image = _stamped(colour)
    mask = stamp_mask(image, DPI)
    assert mask is not None
    ink = np.asarray(_stamp(colour).convert("L")) < 200
    assert mask[ink].mean() > 0.95  # the frame and the letters
    dropped = np.asarray(drop_stamps(image, DPI))
    printed = np.asarray(_rows().convert("L")) < 100
    kept = np.asarray(Image.fromarray(dropped).convert("L"))[printed] < 100
    assert kept.mean() > 0.97  # the print is still there (but for a few edge pixels the red ink tinted)
    touched = np.asarray(_stamp(colour)).min(axis=2) < 250  # the stamp's ink and its antialiased edge
    assert kept[~touched[printed]].all()  # and untouched where the stamp is not
    r, g, b = (dropped[..., k].astype(int) for k in range(3))
    assert ((r - np.maximum(g, b)) > 60).sum() < 50 and ((g - np.maximum(r, b)) > 30).sum() < 50  # no ink left


@pytest.mark.parametrize("colour", [(200, 30, 40), (40, 150, 70)])
def test_red_that_stands_apart_from_the_print_is_no_stamp(colour: tuple[int, int, int]):
    """A red (or green) heading and rule beside black print; a form's red band with white titles."""
    image = _rows()
    draw = ImageDraw.Draw(image)
    draw.text((100, 40), "ACME Trading GmbH", font=ImageFont.truetype(BOLD, 56), fill=colour)
    draw.line((100, 120, 1550, 120), fill=colour, width=5)
    assert stamp_mask(image, DPI) is None
    # a form's red section band with its title in white, in a table framed in black
    form = _rows()
    draw = ImageDraw.Draw(form)
    draw.rectangle((80, 100, 1560, 140), fill=(178, 58, 72))
    draw.text((100, 104), "1  Claimant details", font=ImageFont.truetype(BOLD, 28), fill="white")
    draw.rectangle((80, 100, 1560, 520), outline=(60, 60, 60), width=3)
    assert stamp_mask(form, DPI) is None


def test_a_stamp_between_the_rows_is_dropped_by_its_frame():
    """A stamp that crosses no print: its words would join the rows beside it, its frame read as pen strokes."""
    empty = Image.new("RGB", (1654, 900), (246, 245, 242))
    stamped = ImageChops.multiply(empty, _stamp((205, 35, 45)))
    mask = stamp_mask(stamped, DPI)
    assert mask is not None and mask[np.asarray(_stamp((205, 35, 45)).convert("L")) < 200].mean() > 0.95
    # an unframed red word standing alone is a heading
    heading = empty.copy()
    ImageDraw.Draw(heading).text((300, 300), "PAID", font=ImageFont.truetype(BOLD, 96), fill=(205, 35, 45))
    assert stamp_mask(heading, DPI) is None


def test_blue_ink_and_grey_scans_are_left_as_they_are():
    """Blue is a ballpoint's colour (a signature must stay); on a grey scan a stamp is as grey as the print."""
    assert stamp_mask(_stamped((40, 60, 190)), DPI) is None
    assert stamp_mask(_stamped().convert("L"), DPI) is None
    assert drop_stamps(_rows(), DPI) is None


def test_ocr_reads_the_rows_a_stamp_crosses_and_finds_no_pen_strokes_in_it():
    """The words a stamp's frame crosses read as printed; its strokes between the words are no signature."""
    from pipeline import recognize
    from pipeline.inkmarks import SIGNATURE_MARK

    page = recognize.ocr_page(_stamped(), DPI, OCRSettings(engine="rapidocr"))
    lines = [" ".join(w.text for w in u.words) for u in page.units]
    texts = {w.text for u in page.units for w in u.words}
    assert SIGNATURE_MARK not in texts
    for desc, qty, amount in ROWS:
        assert any(desc in line for line in lines), (desc, lines)
        assert amount in texts
    assert np.asarray(page.image)[..., 0].max() > 200  # the page image keeps the stamp: only the reading drops it
