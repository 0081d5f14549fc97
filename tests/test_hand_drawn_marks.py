"""Forms drawn in a hand-drawn style (as rough.js draws them): boxes whose sides are curves drawn twice over, a
chosen box hatched by slanted strokes or ticked by a stroke that runs out over its top, rings of twenty curves
with a blot of ink in the chosen one, an option circled together with its box (on a scan, the box lost in the
ring); an answer struck out; and a till's heading printed white on black, whose gaps between words are no boxes."""

from __future__ import annotations

import math
from pathlib import Path

import pymupdf
import pytest
from PIL import Image, ImageDraw

from engine.base import SIGNATURE_MARK, Word
from pipeline.checkboxes import add_circled_marks, find_check_boxes
from pipeline.formfields import CHECKED, UNCHECKED
from pipeline.layout import LineUnit, RawWord
from schemas import ClaimForm
from tests.layout import load_words, read_baseline
from tests.test_checkboxes import printed_claim_form


def _claim(words: list[Word]) -> dict:
    return read_baseline(words, ClaimForm)


def _curve(shape: pymupdf.Shape, a: tuple[float, float], b: tuple[float, float], bend: float = 0.3) -> None:
    """A stroke from ``a`` to ``b`` as one Bézier curve, bowed a little to one side."""
    (ax, ay), (bx, by) = a, b
    nx, ny = -(by - ay) * bend / 10, (bx - ax) * bend / 10
    shape.draw_bezier(a, (ax + (bx - ax) / 3 + nx, ay + (by - ay) / 3 + ny),
                      (ax + 2 * (bx - ax) / 3 - nx, ay + 2 * (by - ay) / 3 - ny), b)


def _rough_square(shape: pymupdf.Shape, x: float, y: float) -> None:
    """A box's four sides, each a curve of its own, drawn twice a little apart."""
    x0, y0, x1, y1 = x, y - 9.5, x + 9.5, y
    for d in (0.0, 0.5):
        for a, b in (((x0 + d, y0), (x1, y0 + d)), ((x1 + d, y0), (x1, y1 - d)), ((x1 - d, y1), (x0, y1 + d)),
                     ((x0, y1 - d), (x0 + d, y0))):
            _curve(shape, a, b)


def _hatched_box(page: pymupdf.Page, x: float, y: float, chosen: bool) -> None:
    shape = page.new_shape()
    _rough_square(shape, x, y)
    shape.finish(color=(0, 0, 0), width=1, closePath=False)
    if chosen:  # slanted strokes across the box, each a curve of its own
        for k in range(5):
            _curve(shape, (x + 0.6, y - 1.8 - 1.8 * k), (x + 1.8 + 1.8 * k, y - 0.6), bend=0.0)
        for k in range(1, 4):  # and the strokes of the box's far corner
            _curve(shape, (x + 0.6 + 1.8 * k, y - 8.9), (x + 8.9, y - 0.6 - 1.8 * k), bend=0.0)
        shape.finish(color=(0.13, 0.13, 0.13), width=0.5, closePath=False)
    shape.commit()


def _ticked_past_box(page: pymupdf.Page, x: float, y: float, chosen: bool) -> None:
    shape = page.new_shape()
    _rough_square(shape, x, y)
    shape.finish(color=(0, 0, 0), width=1, closePath=False)
    if chosen:  # a tick whose long stroke runs out over the box's top, drawn twice
        for d in (0.0, 0.4):
            _curve(shape, (x + 1.5 + d, y - 5), (x + 3.5, y - 0.5 + d))
            _curve(shape, (x + 3.5, y - 0.5 + d), (x + 11 + d, y - 13.5))
        shape.finish(color=(0.1, 0.1, 0.4), width=1.8, closePath=False)
    shape.commit()


def _ring_points(cx: float, cy: float, r: float, n: int = 10, start: float = 0.0,
                 sweep: float = 2 * math.pi) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(start + sweep * k / n), cy + r * math.sin(start + sweep * k / n)) for k in range(n + 1)]


def _blotted_ring(page: pymupdf.Page, x: float, y: float, chosen: bool, sweep: float = 2 * math.pi) -> None:
    """A ring of ten curves drawn twice (twenty curves), each pass round ``sweep`` from its own start, and in the
    chosen one a blot: a dark fill nearly the ring's size with its own outline."""
    shape = page.new_shape()
    cx, cy = x + 4.75, y - 4.75
    for r, start in ((5.0, 0.8), (5.3, 2.2)):
        pts = _ring_points(cx, cy, r, start=start, sweep=sweep)
        for a, b in zip(pts, pts[1:]):
            _curve(shape, a, b, bend=0.5)
    shape.finish(color=(0, 0, 0), width=1, closePath=False)
    if chosen:
        pts = _ring_points(cx, cy, 4.4)
        for a, b in zip(pts, pts[1:]):
            _curve(shape, a, b, bend=0.5)
        shape.finish(color=None, fill=(0.13, 0.13, 0.13), closePath=True)
        pts = _ring_points(cx, cy, 4.1)
        for a, b in zip(pts, pts[1:]):
            _curve(shape, a, b, bend=0.5)
        shape.finish(color=(0.13, 0.13, 0.13), width=1, closePath=False)
    shape.commit()


def _open_blotted_ring(page: pymupdf.Page, x: float, y: float, chosen: bool) -> None:
    """A blotted ring whose passes stop short of where they began, as a hand-drawn style leaves them."""
    _blotted_ring(page, x, y, chosen, sweep=1.9 * math.pi)


@pytest.mark.parametrize("mark", [_hatched_box, _ticked_past_box, _blotted_ring, _open_blotted_ring])
def test_hand_drawn_boxes_and_rings_are_claim(tmp_path: Path, mark) -> None:
    printed_claim_form(mark=mark).save(tmp_path / "claim.pdf")
    words = load_words(tmp_path / "claim.pdf")
    texts = [w.text for w in words]
    assert texts.count(CHECKED) == 2 and texts.count(UNCHECKED) == 4
    data = _claim(words)
    assert data["claim_type"] == "home" and data["police_report_filed"] is False


def _form(police: str = "") -> tuple[pymupdf.Document, pymupdf.Page]:
    """A claim form's page with its fields filled, and its police question printed with ``police`` after it."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((50, 60), "Harbourside Mutual", fontsize=16)
    page.insert_text((50, 90), "Property & Casualty Claim", fontsize=12)
    for k, (label, value) in enumerate((("Insured's full name:", "Lucia Romero"), ("Policy number:", "HV-9639721"),
                                        ("Street address:", "88 Lakeview Drive"), ("City:", "Austin"),
                                        ("ZIP code:", "78701"), ("Date of loss:", "03/03/2021"))):
        page.insert_text((50, 130 + 26 * k), label, fontsize=11)
        page.insert_text((220, 130 + 26 * k), value, fontsize=11)
    page.insert_text((50, 370), "Signature of insured:", fontsize=11)
    page.insert_text((220, 370), "Lucia Romero", fontsize=11)
    if police:
        page.insert_text((50, 286), "Type of loss:", fontsize=11)
        page.insert_text((220, 286), "Homeowners", fontsize=11)
        page.insert_text((50, 312), "Police report made?", fontsize=11)
        page.insert_text((220, 312), police, fontsize=11)
    return doc, page


def test_an_option_circled_with_its_box_ticks_the_box(tmp_path: Path) -> None:
    """A ring drawn round an option and the empty box before it ("(☐ Auto)") ticks that box."""
    doc, page = _form()
    rows = ((286, "Type of loss:", ("Auto", "Homeowners", "Medical", "Travel"), "Auto"),
            (312, "Police report made?", ("Yes", "No"), "Yes"))
    for y, question, options, chosen in rows:
        page.insert_text((50, y), question, fontsize=11)
        x = 220
        for option in options:
            page.draw_rect(pymupdf.Rect(x, y - 9.5, x + 9.5, y))
            page.insert_text((x + 13, y), option, fontsize=11)
            width = pymupdf.get_text_length(option, fontsize=11)
            if option == chosen:  # an ellipse round the box and its option, in blue ink
                page.draw_oval(pymupdf.Rect(x - 5, y - 15, x + 13 + width + 8, y + 5), color=(0.04, 0.24, 0.57),
                               width=1.8)
            x += 40 + width
    doc.save(tmp_path / "claim.pdf")
    words = load_words(tmp_path / "claim.pdf")
    assert [w.text for w in words].count(CHECKED) == 2
    data = _claim(words)
    assert data["claim_type"] == "auto" and data["police_report_filed"] is True


def _till_heading(inverted: bool) -> Image.Image:
    """A till's heading, its words printed white on a black band (or black on the paper), over a row of boxes."""
    image = Image.new("L", (600, 300), 255)
    draw = ImageDraw.Draw(image)
    if inverted:
        draw.rectangle((40, 30, 560, 80), fill=0)
    ink = 255 if inverted else 0
    for k, word in enumerate(("STATION", "RELAIS", "DES", "ALPES")):
        # each word's letters as solid strokes, the gaps between the words as wide as a box
        x = 60 + 125 * k
        for j in range(len(word)):
            draw.rectangle((x + 14 * j, 42, x + 14 * j + 8, 68), fill=ink)
    draw.rectangle((60, 200, 84, 224), outline=0, width=3)  # a box under it, empty
    return image


def test_the_gaps_between_words_printed_white_on_black_are_no_boxes() -> None:
    boxes = find_check_boxes(_till_heading(inverted=True), word_height=26)
    assert [b.text for b in boxes] == [UNCHECKED]


@pytest.mark.parametrize(("struck", "filed"), [("Yes", False), ("No", True), (None, None)])
def test_an_answer_struck_out_leaves_the_other(tmp_path: Path, struck: str | None, filed: bool | None) -> None:
    """"Yes / No" with the answer that does not apply struck through ("delete as appropriate")."""
    doc, page = _form("Yes / No")
    if struck is not None:
        x = 220 if struck == "Yes" else 220 + pymupdf.get_text_length("Yes / ", fontsize=11)
        width = pymupdf.get_text_length(struck, fontsize=11)
        page.draw_line((x - 2, 308.5), (x + width + 2, 308.5), width=1.2)
    doc.save(tmp_path / "claim.pdf")
    assert _claim(load_words(tmp_path / "claim.pdf"))["police_report_filed"] is filed


def _scan_row(words: list[tuple[str, float]], ring: tuple[float, float]) -> list[LineUnit]:
    """A scan's row of options as the input stage has it before rings are read: box words and option words 40
    pixels high, and the signature finder's mark for a pen's ring drawn from ``ring[0]`` to ``ring[1]``."""
    row = [RawWord(text, x, 866.0, x + (36 if text in (CHECKED, UNCHECKED) else 20 * len(text)), 906.0, 0.9)
           for text, x in words]
    return [LineUnit(row), LineUnit([RawWord(SIGNATURE_MARK, ring[0], 848.0, ring[1], 926.0, 1.0)])]


def _texts(units: list[LineUnit]) -> list[str]:
    return [w.text for w in sorted((w for u in units for w in u.words), key=lambda w: w.x0)]


def test_a_pens_ring_round_an_option_whose_box_it_swallowed_ticks_the_option() -> None:
    """On a scan, a ring drawn loosely round "☐ Hogar" runs into the box, which the box finder then misses: the
    option gets a ticked box, the others keep their empty ones, and the ring is no signature."""
    units = _scan_row([(UNCHECKED, 189), ("Automóvil", 266), ("Hogar", 587), (UNCHECKED, 856), ("Salud", 909),
                       (UNCHECKED, 1187), ("Viaje", 1240)], ring=(523, 741))
    assert _texts(add_circled_marks(units)) == [UNCHECKED, "Automóvil", CHECKED, "Hogar", UNCHECKED, "Salud",
                                                UNCHECKED, "Viaje"]


def test_a_pens_ring_round_a_yes_whose_box_it_swallowed_answers_yes() -> None:
    units = _scan_row([("Sí", 1096), (UNCHECKED, 1284), ("No", 1330)], ring=(1034, 1194))
    assert _texts(add_circled_marks(units)) == [CHECKED, "Sí", UNCHECKED, "No"]


def test_a_ring_beside_a_ticked_row_changes_nothing() -> None:
    units = _scan_row([(CHECKED, 189), ("Automóvil", 266), ("Hogar", 587), (UNCHECKED, 856), ("Salud", 909)],
                      ring=(523, 741))
    assert CHECKED + "Hogar" not in "".join(_texts(add_circled_marks(units)))
