"""Check boxes found in a scan's pixels: OCR drops small boxes beside options, or reads them as letters."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pymupdf
import pytest
from PIL import Image

from engine.base import EngineRequest
from engine.registry import create_engine
from pipeline.checkboxes import add_check_boxes, find_check_boxes
from pipeline.config import Settings
from pipeline.formfields import CHECKED, UNCHECKED
from pipeline.ingest import identify
from pipeline.layout import LineUnit, RawWord
from pipeline.ocr import load_document
from schemas import get_schema


def _box(page: pymupdf.Page, x: float, y: float, ticked: bool, size: float = 8.0) -> None:
    r = pymupdf.Rect(x, y - size, x + size, y)
    page.draw_rect(r, color=(0, 0, 0), width=0.8)
    if ticked:
        page.draw_line(r.tl, r.br, color=(0, 0, 0), width=0.8)
        page.draw_line(r.tr, r.bl, color=(0, 0, 0), width=0.8)


def _scan(page: pymupdf.Page, dpi: int = 150) -> Image.Image:
    pix = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
    return Image.open(io.BytesIO(pix.tobytes("png")))


def printed_claim_form(mark: Callable[[pymupdf.Page, float, float, bool], None] = _box) -> pymupdf.Document:
    """A claim form whose options are ticked with ``mark`` (a box by default) at each option's left."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    lines = [(60, "Harbourside Mutual", 16), (90, "Property & Casualty Claim", 12)]
    for y, text, size in lines:
        page.insert_text((50, y), text, fontsize=size)
    fields = [("Insured's full name:", "Lucia Romero"), ("Policy number:", "HV-9639721"),
              ("Street address:", "88 Lakeview Drive"), ("City:", "Austin"), ("ZIP code:", "78701"),
              ("Date of loss:", "03/03/2021")]
    y = 130
    for label, value in fields:
        page.insert_text((50, y), label, fontsize=11)
        page.insert_text((220, y), value, fontsize=11)
        y += 26
    page.insert_text((50, y), "Type of loss:", fontsize=11)
    x = 220
    for option, ticked in (("Auto", False), ("Homeowners", True), ("Medical", False), ("Travel", False)):
        mark(page, x, y, ticked)
        page.insert_text((x + 12, y), option, fontsize=11)
        x += 22 + pymupdf.get_text_length(option, fontsize=11)
    y += 26
    page.insert_text((50, y), "Police report made?", fontsize=11)
    for option, ticked, x in (("Yes", False, 220), ("No", True, 270)):
        mark(page, x, y, ticked)
        page.insert_text((x + 12, y), option, fontsize=11)
    y += 40
    page.insert_text((50, y), "I certify that the above statements are true.", fontsize=11)
    page.insert_text((50, y + 40), "Signature of insured:", fontsize=11)
    page.insert_text((220, y + 40), "Lucia Romero", fontsize=11)
    return doc


def test_boxes_are_found_and_read_as_ticked_or_empty() -> None:
    image = _scan(printed_claim_form()[0])
    boxes = find_check_boxes(image, word_height=11 / 72 * 150)
    assert "".join(b.text for b in sorted(boxes, key=lambda b: (round(b.y0 / 10), b.x0))) == (
        UNCHECKED + CHECKED + UNCHECKED + UNCHECKED + UNCHECKED + CHECKED)


def test_letters_the_size_of_a_box_are_no_boxes() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=300, height=100)
    page.insert_text((20, 50), "O D 0 Q U M I8 口 DOOR", fontsize=12)
    page.insert_text((20, 80), "■ Bullet", fontsize=12)  # a filled square is no box outline with a light side
    boxes = find_check_boxes(_scan(page), word_height=12 / 72 * 150)
    assert [b.text for b in boxes if b.y0 < 60 / 72 * 150] == []


@pytest.mark.parametrize("apart", [True, False])
def test_a_box_in_the_gap_between_two_words_overlapping_both_is_their_letters(apart: bool) -> None:
    """A blurred scan runs the last letter of one word and the first of the next into a square of ink across the
    narrow gap between them ("5637 GV|Eindhoven"): where the words' boxes cover much of it from both sides it is
    no box; a box standing between words with room each side is one."""
    from PIL import ImageDraw

    image = Image.new("L", (800, 100), 245)
    draw = ImageDraw.Draw(image)
    draw.rectangle((400, 40, 420, 60), outline=20, width=2)
    draw.line((402, 42, 418, 58), fill=20, width=2)
    draw.line((402, 58, 418, 42), fill=20, width=2)
    reach = 20 if apart else -7  # the words' boxes end this far before the box (negative: into it)
    words = [RawWord("Prinsengracht", 100, 36, 300, 64), RawWord("GV", 320, 36, 400 - reach, 64),
             RawWord("Eindhoven", 420 + reach, 36, 560, 64), RawWord("Kassabon", 100, 70, 260, 98)]
    out = add_check_boxes(image, [LineUnit(words)])
    assert [w.text for u in out for w in u.words if w.text in (CHECKED, UNCHECKED)] == ([CHECKED] if apart else [])


def test_a_scanned_claim_form_reads_its_ticks(tmp_path: Path) -> None:
    path = tmp_path / "claim.png"
    _scan(printed_claim_form()[0], dpi=200).save(path, dpi=(200, 200))
    settings = Settings()
    doc = load_document(identify(path, path.parent, settings.limits), settings)
    texts = [w.text for w in doc.words]
    assert texts.count(CHECKED) == 2 and texts.count(UNCHECKED) >= 3  # one may come glued to its option ("□Yes")
    result = create_engine("baseline", {}).extract_batch(
        [EngineRequest(id="claim", words=doc.words, target=get_schema("claim_form"))])[0]
    assert result.data["claim_type"] == "home" and result.data["police_report_filed"] is False
    # switched off, the boxes are left to the OCR, which drops them here
    off = Settings(ocr={"check_boxes": False})
    plain = load_document(identify(path, path.parent, off.limits), off)
    assert CHECKED not in [w.text for w in plain.words]


def test_boxes_drawn_in_a_born_digital_form_are_read(tmp_path: Path) -> None:
    """A form laid out with rectangles and lines has no box in its text layer: the squares and the crosses drawn
    in them are read as boxes; a frame whose text layer holds its "X" is left to that word."""
    doc = printed_claim_form()
    page = doc[0]
    page.insert_text((50, 400), "Vehicle damaged?", fontsize=11)
    _box(page, 220, 400, ticked=False)
    page.insert_text((221.5, 399), "X", fontsize=8)  # a framed box ticked with a printed X
    page.insert_text((232, 400), "Yes", fontsize=11)
    doc.save(tmp_path / "claim.pdf")
    settings = Settings()
    words = load_document(identify(tmp_path / "claim.pdf", tmp_path, settings.limits), settings).words
    texts = [w.text for w in words]
    assert texts.count(CHECKED) == 2 and texts.count(UNCHECKED) == 4 and "X" in texts
    result = create_engine("baseline", {}).extract_batch(
        [EngineRequest(id="claim", words=words, target=get_schema("claim_form"))])[0]
    assert result.data["claim_type"] == "home" and result.data["police_report_filed"] is False


def _filled_box(page: pymupdf.Page, x: float, y: float, ticked: bool) -> None:
    """A box ticked as some report writers tick it: a dark square filled inside it (``▣``)."""
    r = pymupdf.Rect(x, y - 8, x + 8, y)
    page.draw_rect(r, color=(0, 0, 0), width=0.8)
    if ticked:
        page.draw_rect(pymupdf.Rect(x + 1.5, y - 6.5, x + 6.5, y - 1.5), color=None, fill=(0, 0, 0))


def test_a_box_ticked_by_a_square_filled_inside_it_is_read(tmp_path: Path) -> None:
    """The ticked boxes have a small dark square drawn inside the frame, a separate path too small to be a box
    itself: the option with the filled box is ticked, the empty frames are not."""
    doc = printed_claim_form(_filled_box)
    doc.save(tmp_path / "claim.pdf")
    settings = Settings()
    words = load_document(identify(tmp_path / "claim.pdf", tmp_path, settings.limits), settings).words
    texts = [w.text for w in words]
    assert texts.count(CHECKED) == 2 and texts.count(UNCHECKED) == 4
    result = create_engine("baseline", {}).extract_batch(
        [EngineRequest(id="claim", words=words, target=get_schema("claim_form"))])[0]
    assert result.data["claim_type"] == "home" and result.data["police_report_filed"] is False


def test_large_boxes_drawn_as_closed_lines_are_read(tmp_path: Path) -> None:
    """LibreOffice Draw's boxes: a closed path of line segments, one and a half word heights high beside small
    print, ticked with two separate strokes."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((50, 60), "Insurance Claim Form", fontsize=14)
    page.insert_text((50, 100), "Claimant name", fontsize=9)
    page.insert_text((50, 116), "Megan Okafor", fontsize=9)
    page.insert_text((50, 150), "Type of claim", fontsize=9)

    def box(x: float, y: float, ticked: bool, size: float = 18.5) -> None:  # 1.5 word boxes (12.4) high
        corners = [pymupdf.Point(x, y - size), pymupdf.Point(x + size, y - size), pymupdf.Point(x + size, y),
                   pymupdf.Point(x, y), pymupdf.Point(x, y - size)]
        page.draw_polyline(corners, color=(0, 0, 0), width=0.6)
        if ticked:
            page.draw_line((x + 2, y - size + 2), (x + size - 2, y - 2), color=(0, 0, 0), width=1.1)
            page.draw_line((x + size - 2, y - size + 2), (x + 2, y - 2), color=(0, 0, 0), width=1.1)

    for x, option, ticked in ((160, "Motor", False), (260, "Home", True), (360, "Health", False)):
        box(x, 153, ticked)
        page.insert_text((x + 24, 150), option, fontsize=9)
    doc.save(tmp_path / "claim.pdf")
    settings = Settings()
    words = load_document(identify(tmp_path / "claim.pdf", tmp_path, settings.limits), settings).words
    assert [w.text for w in sorted(words, key=lambda w: w.bbox[0]) if w.text in (CHECKED, UNCHECKED)] == [
        UNCHECKED, CHECKED, UNCHECKED]


def test_a_box_touching_a_rule_is_found_and_its_reading_cut_off_its_option() -> None:
    """A row of options right under a frame's edge: the boxes touch the rule, and OCR reads the ticked one with its
    option as one word ``XJa``."""
    from pipeline.checkboxes import add_check_boxes
    from pipeline.layout import LineUnit, RawWord

    doc = pymupdf.open()
    page = doc.new_page(width=400, height=120)
    page.draw_line((20, 52), (380, 52), color=(0, 0, 0), width=1.0)  # the frame's lower edge
    _box(page, 200, 61, True)
    page.insert_text((212, 61), "Ja", fontsize=11)
    _box(page, 260, 61, False)
    page.insert_text((272, 61), "Nein", fontsize=11)
    image = _scan(page)
    height = 11 / 72 * 150
    boxes = sorted(find_check_boxes(image, word_height=height), key=lambda b: b.x0)
    assert [b.text for b in boxes] == [CHECKED, UNCHECKED]
    scale = 150 / 72
    read = RawWord("XJa", 199 * scale, 50 * scale, 226 * scale, 63 * scale, 0.8)
    nein = RawWord("Nein", 271 * scale, 50 * scale, 300 * scale, 63 * scale, 0.9)
    words = [w for u in add_check_boxes(image, [LineUnit([read, nein])]) for w in u.words]
    assert sorted(w.text for w in words) == sorted(["Ja", "Nein", CHECKED, UNCHECKED])


def test_a_crossed_box_read_as_an_accented_letter_is_cut_off_its_option() -> None:
    """OCR reads a crossed box and its option as one word ``čAuto`` (a hooked letter for the box): no word starts
    with a small accented letter before a capital, so the box found under it is the box, and the option is
    ``Auto``; a word that only starts with an accented letter (``élan``) keeps it."""
    from pipeline.checkboxes import add_check_boxes
    from pipeline.layout import LineUnit, RawWord

    doc = pymupdf.open()
    page = doc.new_page(width=400, height=120)
    _box(page, 200, 61, True)
    page.insert_text((212, 61), "Auto", fontsize=11)
    _box(page, 260, 61, False)
    page.insert_text((272, 61), "Woning", fontsize=11)
    image = _scan(page)
    scale = 150 / 72
    read = RawWord("čAuto", 199 * scale, 50 * scale, 236 * scale, 63 * scale, 0.8)
    woning = RawWord("Woning", 271 * scale, 50 * scale, 310 * scale, 63 * scale, 0.9)
    words = [w for u in add_check_boxes(image, [LineUnit([read, woning])]) for w in u.words]
    assert sorted(w.text for w in words) == sorted(["Auto", "Woning", CHECKED, UNCHECKED])
    read = RawWord("élan", 199 * scale, 50 * scale, 236 * scale, 63 * scale, 0.8)
    words = [w for u in add_check_boxes(image, [LineUnit([read, woning])]) for w in u.words]
    assert "élan" in [w.text for w in words]


def test_a_box_whose_tick_runs_out_over_its_top_is_ticked_and_splits_the_word_ocr_ran_over_it() -> None:
    """A wireframe's boxes set close after the caption and each option ("Type of claim ☐ Motor ☐ Home ☑ Health"):
    OCR reads the row as one word, "claimMotorHomeHealth", and the ticked box's tick runs out over its top, so the
    shape is no square. The box is found inside the shape, ticked, and the word is cut at the boxes into the
    caption's last word and the options; a letter ("D") is no box."""
    from pipeline.checkboxes import add_check_boxes
    from pipeline.layout import LineUnit, RawWord

    doc = pymupdf.open()
    page = doc.new_page(width=400, height=120)
    page.insert_text((20, 61), "claim", fontsize=11)
    for x, option, ticked in ((50, "Motor", False), (100, "Home", False), (148, "Health", True)):
        _box(page, x, 61, False, size=9.0)
        page.insert_text((x + 12, 61), option, fontsize=11)
        if ticked:  # a tick from the box's left middle down to its bottom and up past its top
            page.draw_polyline([(x + 1.5, 56), (x + 4, 60), (x + 8, 48)], color=(0, 0, 0), width=1.6)
    page.insert_text((20, 95), "Date", fontsize=14)
    image = _scan(page)
    scale = 150 / 72
    boxes = sorted(find_check_boxes(image, word_height=11 / 72 * 150), key=lambda b: b.x0)
    assert [b.text for b in boxes] == [UNCHECKED, UNCHECKED, CHECKED]
    read = RawWord("claimMotorHomeHealth", 19 * scale, 50 * scale, 190 * scale, 63 * scale, 0.8)
    words = sorted((w for u in add_check_boxes(image, [LineUnit([read])]) for w in u.words), key=lambda w: w.x0)
    assert [w.text for w in words] == ["claim", UNCHECKED, "Motor", UNCHECKED, "Home", CHECKED, "Health"]


def _grid_form(tick_under: str) -> pymupdf.Document:
    """A claim form whose police question is answered in a drawn grid, ``Yes | No`` over a row of cells, a tick
    drawn as a path of two strokes in one cell; the logo's tick is drawn in white."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    logo = page.new_shape()
    logo.draw_rect(pymupdf.Rect(40, 30, 70, 60))
    logo.finish(color=(0.5, 0.1, 0.1), fill=(0.5, 0.1, 0.1))
    logo.draw_polyline([(46, 45), (53, 52), (64, 38)])
    logo.finish(color=(1, 1, 1), width=3)
    logo.commit()
    page.insert_text((80, 50), "Harbour Life & General", fontsize=14)
    for y, label, value in ((100, "Claimant name", "Sophie Smith"), (140, "Policy number", "H-2015-521421"),
                            (180, "Street address", "88 Victoria Road")):
        page.insert_text((50, y), label, fontsize=8)
        page.insert_text((50, y + 16), value, fontsize=11)
    page.insert_text((50, 240), "Police report filed?", fontsize=11)
    for k, word in enumerate(("Yes", "No")):
        x = 330 + 55 * k
        page.draw_rect(pymupdf.Rect(x, 218, x + 55, 232), color=(0, 0, 0), width=0.8)
        page.draw_rect(pymupdf.Rect(x, 232, x + 55, 252), color=(0, 0, 0), width=0.8)
        page.insert_text((x + 20, 229), word, fontsize=8)
        if word == tick_under:
            page.draw_polyline([(x + 20, 243), (x + 25, 249), (x + 35, 236)], color=(0, 0, 0), width=2)
    return doc


@pytest.mark.parametrize(("tick_under", "want"), [("No", False), ("Yes", True)])
def test_a_tick_drawn_in_a_grid_cell_answers_its_column(tmp_path: Path, tick_under: str, want: bool) -> None:
    """A drawn grid's cells are no boxes: the tick alone in one, born digital (a path of two strokes) or scanned
    (ink under the column's word that no word covers and no rule makes), is a ticked box under that answer."""
    doc = _grid_form(tick_under)
    doc.save(tmp_path / "claim.pdf")
    _scan(doc[0], dpi=200).save(tmp_path / "claim.png", dpi=(200, 200))
    settings = Settings()
    for name in ("claim.pdf", "claim.png"):
        words = load_document(identify(tmp_path / name, tmp_path, settings.limits), settings).words
        assert [w.text for w in words].count(CHECKED) == 1, name
        result = create_engine("baseline", {}).extract_batch(
            [EngineRequest(id="claim", words=words, target=get_schema("claim_form"))])[0]
        assert result.data["police_report_filed"] is want, name


def test_a_grid_tick_ocr_read_as_a_letter_is_the_ticked_box() -> None:
    """OCR reads a tick alone in a cell as ``V``: the tick's ink is still looked at, and the letter gives way to
    the ticked box."""
    from pipeline.checkboxes import add_grid_ticks

    page = _grid_form("No")[0]
    image = _scan(page, dpi=200)
    scale = 200 / 72
    units = [LineUnit([RawWord(t, x0 * scale, y0 * scale, x1 * scale, y1 * scale, 0.99)])
             for x0, y0, x1, y1, t, *_ in page.get_text("words")]
    units.append(LineUnit([RawWord("V", 405 * scale, 236 * scale, 420 * scale, 249 * scale, 0.9)]))
    texts = [w.text for u in add_grid_ticks(image, units) for w in u.words]
    assert texts.count(CHECKED) == 1 and "V" not in texts
