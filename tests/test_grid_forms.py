"""Forms laid out as grids and invoices laid out in other ways: a date written in three boxes under small
captions (``DD  MM  YYYY``), a value cell set lower than its caption cell, radio buttons drawn as rings or
scanned, sub-captions of an address block, a table's running sums between pages, an issuer named only in the
footer, a title compounded into one word and a receipt's salesperson."""

from __future__ import annotations

import io
from pathlib import Path

import pymupdf
import pytest
from PIL import Image

from engine.base import SIGNATURE_MARK, EngineRequest, EngineResult, Word
from engine.dates import parse_date
from engine.labels import label_tokens
from engine.registry import create_engine
from pipeline.checkboxes import find_check_boxes
from pipeline.dateboxes import join_date_boxes
from pipeline.formfields import CHECKED, UNCHECKED
from pipeline.layout import RawWord
from schemas import ClaimForm, Invoice, Receipt
from tests.layout import layout, load_words
from tests.test_checkboxes import printed_claim_form


def _run(words: list[Word], target: type) -> EngineResult:
    (result,) = create_engine("baseline").extract_batch([EngineRequest(id="doc", words=words, target=target)])
    return result



def _w(text: str, x: float, y: float, h: float = 11.0) -> RawWord:
    return RawWord(text, x, y, x + 6 * len(text), y + h)


def _texts(lines: list[list[RawWord]]) -> list[list[str]]:
    return [[w.text for w in line] for line in lines]


def test_a_date_in_boxes_under_its_captions_is_one_word_in_the_captions_order() -> None:
    captions = [_w("DD", 230, 100, 5), _w("MM", 265, 100, 5), _w("YYYY", 300, 100, 5)]
    label = [_w("Date", 50, 109), _w("of", 80, 109), _w("birth", 95, 109)]
    boxes = [_w("09", 236, 114), _w("12", 270, 114), _w("1968", 310, 114)]
    assert _texts(join_date_boxes([captions, label, boxes]))[2] == ["1968-12-09"]
    us = [_w("MM", 230, 100, 5), _w("DD", 265, 100, 5), _w("YYYY", 300, 100, 5)]
    assert _texts(join_date_boxes([us, boxes]))[1] == ["1968-09-12"]
    # German two-figure year beside TT, French day beside AAAA; the label on the boxes' line stays
    de = [_w("TT", 230, 100, 5), _w("MM", 265, 100, 5), _w("JJ", 300, 100, 5)]
    row = [_w("geboren", 50, 110), _w("am", 100, 110), _w("05", 236, 110), _w("04", 270, 110), _w("73", 305, 110)]
    assert _texts(join_date_boxes([de, row]))[1] == ["geboren", "am", "1973-04-05"]
    fr = [_w("JJ", 230, 100, 5), _w("MM", 265, 100, 5), _w("AAAA", 300, 100, 5)]
    assert _texts(join_date_boxes([fr, boxes]))[1] == ["1968-12-09"]
    one = [_w("(JJ/MM/AAAA)", 230, 100, 5)]  # one caption word over the three boxes
    assert _texts(join_date_boxes([one, [_w("31", 232, 110), _w("01", 250, 110), _w("2024", 268, 110)]]))[1] == [
        "2024-01-31"]


def test_boxes_that_make_no_date_stay_as_they_were() -> None:
    captions = [_w("DD", 230, 100, 5), _w("MM", 265, 100, 5), _w("YYYY", 300, 100, 5)]
    wrong = [_w("31", 236, 114), _w("02", 270, 114), _w("2024", 310, 114)]
    assert _texts(join_date_boxes([captions, wrong]))[1] == ["31", "02", "2024"]
    far = [_w("09", 236, 200), _w("12", 270, 200), _w("1968", 310, 200)]  # lines below, not under the captions
    assert _texts(join_date_boxes([captions, far]))[1] == ["09/12/1968"]  # boxes still, read in the document's order


def test_boxes_whose_captions_were_not_read_make_a_date_for_the_documents_order() -> None:
    boxes = [_w("Birth", 50, 110), _w("05", 236, 110), _w("04", 270, 110), _w("1973", 305, 110)]
    assert _texts(join_date_boxes([boxes])) == [["Birth", "05/04/1973"]]
    spaced = [_w("05", 236, 110), _w("04", 251, 110), _w("1973", 266, 110)]  # one space apart: no boxes
    assert _texts(join_date_boxes([spaced])) == [["05", "04", "1973"]]
    table = [_w("12", 236, 110), _w("40", 270, 110), _w("2024", 305, 110)]  # no month
    assert _texts(join_date_boxes([table])) == [["12", "40", "2024"]]


def test_a_date_written_with_spaces_reads_as_a_date() -> None:
    assert str(parse_date("09 12 1968")) == "1968-12-09"
    assert str(parse_date("09 12 1968", order="MDY")) == "1968-09-12"
    assert str(parse_date("1968 12 09")) == "1968-12-09"
    assert parse_date("06 12 3456") is None and parse_date("32 01 2020") is None


def test_a_value_cell_set_lower_than_its_caption_is_read_beside_it() -> None:
    """A grid row: the caption cell's text in the row's middle, the value cell's date lower under its small
    captions, so the two fall on lines of their own."""
    def word(text: str, line: int, x: float, y: float, h: float = 0.011) -> Word:
        return Word(text=text, page=0, line=line, bbox=(x, y, x + 0.008 * len(text), y + h))

    words = [word("Claimant", 0, 0.05, 0.140), word("Lucia", 0, 0.35, 0.140), word("Romero", 0, 0.40, 0.140),
             word("DD", 1, 0.35, 0.163, 0.004), word("MM", 1, 0.40, 0.163, 0.004), word("YYYY", 1, 0.45, 0.163, 0.004),
             word("Date", 2, 0.05, 0.175), word("of", 2, 0.09, 0.175), word("birth", 2, 0.11, 0.175),
             word("1980-02-14", 3, 0.35, 0.183, 0.013),
             word("Policy", 4, 0.05, 0.207), word("number", 4, 0.11, 0.207), word("HV-9639721", 4, 0.35, 0.207)]
    assert _run(words, ClaimForm).data["date_of_birth"] == "1980-02-14"


def _ring(page: pymupdf.Page, x: float, y: float, chosen: bool) -> None:
    """A radio button where :func:`tests.test_checkboxes.printed_claim_form` draws its box, a dot in the chosen."""
    page.draw_circle((x + 4, y - 4), 4.2, color=(0, 0, 0), width=0.7)
    if chosen:
        page.draw_circle((x + 4, y - 4), 2.3, color=None, fill=(0, 0, 0))


def _tk_ring(page: pymupdf.Page, x: float, y: float, chosen: bool) -> None:
    """A radio button as Tk's canvas draws an oval through PostScript: a line of no length to the ring's start,
    then its four curves; a filled dot the same way in the chosen."""
    kappa = 0.5523  # a quarter circle's control points, as a share of the radius
    quarters = (((1, 0), (0, -1)), ((0, -1), (-1, 0)), ((-1, 0), (0, 1)), ((0, 1), (1, 0)))
    for radius, fill in ((4.2, None), *(((2.3, (0, 0, 0)),) if chosen else ())):
        cx, cy = x + 4, y - 4

        def at(dx: float, dy: float, r: float = radius, cx: float = cx, cy: float = cy) -> tuple[float, float]:
            return cx + dx * r, cy + dy * r

        shape = page.new_shape()
        shape.draw_line(at(1, 0), at(1, 0))
        for (ax, ay), (bx, by) in quarters:
            shape.draw_bezier(at(ax, ay), at(ax + bx * kappa, ay + by * kappa), at(bx + ax * kappa, by + ay * kappa),
                              at(bx, by))
        shape.finish(color=(0, 0, 0), fill=fill, width=0.7, closePath=False)
        shape.commit()


def _skia_ring(page: pymupdf.Page, x: float, y: float, chosen: bool) -> None:
    """A radio button as Skia draws a circle: sixteen curves, an arc of a sixteenth of the circle each; the chosen's
    dot filled the same way."""
    import math

    for radius, fill in ((4.2, None), *(((2.3, (0, 0, 0)),) if chosen else ())):
        cx, cy, step = x + 4, y - 4, 2 * math.pi / 16
        k = 4 / 3 * math.tan(step / 4)  # an arc's control points, as a share of the radius
        shape = page.new_shape()
        def at(t: float, lead: float, r: float = radius, cx: float = cx, cy: float = cy) -> tuple[float, float]:
            """The point at angle ``t``, moved ``lead`` radii along the tangent."""
            return cx + r * (math.cos(t) - lead * math.sin(t)), cy + r * (math.sin(t) + lead * math.cos(t))

        for i in range(16):
            a, b = i * step, (i + 1) * step
            shape.draw_bezier(at(a, 0), at(a, k), at(b, -k), at(b, 0))
        shape.finish(color=None if fill else (0, 0, 0), fill=fill, width=0.7, closePath=False)
        shape.commit()


def _groff_ring(page: pymupdf.Page, x: float, y: float, chosen: bool) -> None:
    """A radio button as groff sets ``\\[ci]`` before an option: a ring of four curves half a word high, just
    before the option's word; the chosen has a bullet glyph ("•") set in it, in the text layer."""
    shape = page.new_shape()
    shape.draw_oval(pymupdf.Rect(x + 2, y - 8.5, x + 9.5, y - 1))
    shape.finish(color=(0, 0, 0), width=0.5, closePath=False)
    shape.commit()
    if chosen:
        page.insert_text((x + 4.3, y - 1.8), "•", fontsize=11)


@pytest.mark.parametrize("ring", [_ring, _tk_ring, _skia_ring, _groff_ring])
def test_radio_buttons_drawn_in_a_born_digital_form_are_read(tmp_path: Path, ring) -> None:
    printed_claim_form(mark=ring).save(tmp_path / "claim.pdf")
    words = load_words(tmp_path / "claim.pdf")
    texts = [w.text for w in words]
    assert texts.count(CHECKED) == 2 and texts.count(UNCHECKED) == 4
    data = _run(words, ClaimForm).data
    assert data["claim_type"] == "home" and data["police_report_filed"] is False


def _answer_form(path: Path, outline: str, around: tuple[str, ...]) -> None:
    """A claim form whose police question is answered by an outline drawn round the chosen word."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    rows = [(60, "Meridian Insurance - Claim Form"), (100, "Claimant name: Jack Bennett"),
            (120, "Policy number: 998-228495-12"), (140, "Street: 68 Station Road"), (160, "Postcode: RG9 7RP"),
            (180, "City: Reading"), (200, "Date of incident: 02/04/2025"), (220, "Amount claimed: 3,009.54")]
    for y, text in rows:
        page.insert_text((50, y), text, fontsize=10)
    page.insert_text((50, 260), "Police report filed?", fontsize=10)
    page.insert_text((400, 100), "No.", fontsize=10)  # a number's label, boxed on its own
    if "No." in around:
        page.draw_rect(pymupdf.Rect(396, 89, 400 + pymupdf.get_text_length("No.", fontsize=10) + 4, 104))
    for x, word in ((250, "Yes"), (310, "No")):
        page.insert_text((x, 260), word, fontsize=10)
        if word in around:
            width = pymupdf.get_text_length(word, fontsize=10)
            box = pymupdf.Rect(x - 4, 249, x + width + 4, 264)
            if outline in ("pen", "lead-in"):  # four curves stroked as one open path, as a drawing program
                shape = page.new_shape()  # writes a ring; perhaps after a straight lead-in from past the next word
                x0, y0, x1, y1 = x - 8, 245, x + width + 8, 267  # drawn freely, a little wider
                mx, my = (x0 + x1) / 2, (y0 + y1) / 2
                if outline == "lead-in":
                    shape.draw_line((360, 259), (x0, my))
                for a, c1, c2, b in (((x0, my), (x0, y0), (mx - 6, y0), (mx, y0)),
                                     ((mx, y0), (mx + 6, y0), (x1, y0), (x1, my)),
                                     ((x1, my), (x1, y1), (mx + 6, y1), (mx, y1)),
                                     ((mx, y1), (mx - 6, y1), (x0, y1), (x0, my))):
                    shape.draw_bezier(a, c1, c2, b)
                shape.finish(color=(0, 0, 0), closePath=False)
                shape.commit()
            elif outline == "wide":  # an ellipse with room to spare, more on one side (as MetaPost drew one)
                page.draw_oval(pymupdf.Rect(x - 12, 246, x + width + 22, 266))
            elif outline == "circle":  # a circle as tall as it is wide (PostScript::Simple's circle round a word)
                page.draw_circle(pymupdf.Point(x + width / 2, 256), 22)
            elif outline == "cross":  # a pen's X over the word, two lines of their own (as Veusz draws one)
                page.draw_line(pymupdf.Point(x - 4, 249), pymupdf.Point(x + width + 4, 264), width=1.5)
                page.draw_line(pymupdf.Point(x - 4, 264), pymupdf.Point(x + width + 4, 249), width=1.5)
            else:
                page.draw_oval(box) if outline == "ring" else page.draw_rect(box)
    doc.save(path)


@pytest.mark.parametrize(("outline", "around", "answer"), [
    ("ring", ("No",), False), ("box", ("Yes",), True), ("box", ("Yes", "No"), None),  # both: no answer read
    ("pen", ("Yes",), True),  # an open path of curves: no signature either
    ("lead-in", ("Yes",), True),  # the ring's path starts with a straight stroke over "No": not round it
    ("wide", ("No",), False), ("cross", ("Yes",), True),  # an X drawn over an answer marks it as a ring does
    ("circle", ("Yes",), True),
    ("box", ("No.",), None),  # a number's label in a cell ("Policy No.") is no answer
])
def test_an_answer_circled_or_boxed_by_a_drawn_outline_is_ticked(tmp_path: Path, outline: str,
                                                                  around: tuple[str, ...], answer: bool | None) -> None:
    _answer_form(tmp_path / "form.pdf", outline, around)
    words = load_words(tmp_path / "form.pdf")
    texts = [w.text for w in words]
    assert texts.count(CHECKED) == (answer is not None) and SIGNATURE_MARK not in texts
    assert _run(words, ClaimForm).data["police_report_filed"] is answer


def test_a_ring_round_an_answer_on_a_scan_is_that_answer_not_a_signature() -> None:
    """The signature finder takes a pen's ring round "No" for a mark once the word inside is read as text."""
    from pipeline.checkboxes import add_circled_marks
    from pipeline.layout import LineUnit

    line = LineUnit([RawWord("Police", 100, 300, 150, 320), RawWord("report", 156, 300, 210, 320),
                     RawWord("Yes", 400, 300, 430, 320), RawWord("No", 460, 300, 482, 320)])
    ring = LineUnit([RawWord(SIGNATURE_MARK, 448, 292, 496, 330, 0.8)])
    signature = LineUnit([RawWord(SIGNATURE_MARK, 300, 500, 420, 540, 0.8)])
    out = add_circled_marks([line, ring, signature])
    texts = sorted(w.text for u in out for w in u.words if len(w.text) == 1)
    assert texts == sorted([CHECKED, UNCHECKED, SIGNATURE_MARK])  # the real signature elsewhere stays
    ticked = next(w for u in out for w in u.words if w.text == CHECKED)
    assert ticked.x1 <= 460 and ticked.x0 > 430  # right before "No"
    # OCR lost the other option ("Ja"): the ring tells by itself
    lost = LineUnit([w for w in line.words if w.text != "Yes"])
    assert [w.text for u in add_circled_marks([lost, ring]) for w in u.words if len(w.text) == 1] == [CHECKED]


@pytest.mark.parametrize(("frame", "ticked"), [("box", "Nie"), ("rules", None), ("alone", None)])
def test_an_answer_framed_on_a_scan_is_ticked_and_a_tables_rules_are_no_frame(frame: str, ticked: str | None) -> None:
    """"Tak" / "Nie" with a rectangle drawn round "Nie" (its sides are rules to the signature finder); rules above
    and below a table row running past the words frame nothing; a framed answer with no other answer beside it
    (a table cell) is left as it is."""
    from PIL import ImageDraw

    from pipeline.checkboxes import add_framed_answers
    from pipeline.layout import LineUnit

    page = Image.new("L", (1200, 600), 245)
    draw = ImageDraw.Draw(page)
    words = [RawWord("Zgłoszono", 100, 300, 190, 322, 0.9), RawWord("Tak", 520, 300, 552, 322, 0.9),
             RawWord("Nie", 650, 300, 682, 322, 0.9)]
    if frame == "alone":
        words = words[:1] + words[2:]
    if frame in ("box", "alone"):
        draw.rectangle((642, 291, 700, 332), outline=20, width=2)
    else:
        draw.line([(80, 290), (1100, 290)], fill=20, width=2)
        draw.line([(80, 333), (1100, 333)], fill=20, width=2)
    out = add_framed_answers(page, [LineUnit(words)])
    boxes = sorted((w.x0, w.text) for u in out for w in u.words if w.text in (CHECKED, UNCHECKED))
    if ticked is None:
        assert boxes == []
    else:
        assert [t for _, t in boxes] == [UNCHECKED, CHECKED]  # before "Tak", before "Nie"
        assert 552 < boxes[1][0] < 650


def _scan(page: pymupdf.Page, dpi: int = 200) -> Image.Image:
    return Image.open(io.BytesIO(page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY).tobytes("png")))


def test_scanned_radio_buttons_are_read_and_round_letters_are_not() -> None:
    image = _scan(printed_claim_form(mark=_ring)[0])
    rings = sorted(find_check_boxes(image, word_height=11 / 72 * 200), key=lambda b: (round(b.y0 / 20), b.x0))
    assert "".join(b.text for b in rings) == UNCHECKED + CHECKED + UNCHECKED + UNCHECKED + UNCHECKED + CHECKED
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=100)
    page.insert_text((20, 50), "Sí o No  O  Olivia  OO", fontsize=12)  # round letters alone, in words, paired
    assert find_check_boxes(_scan(page), word_height=12 / 72 * 200 * 1.2) == []



@pytest.mark.parametrize("dotted", [True, False])
def test_radio_buttons_at_the_words_x_height_are_read_in_a_row_with_a_dot(dotted: bool) -> None:
    """A web form's radio buttons set at the x-height of their options (``❍ Auto  ❍ Zorg  ● Reis``), smaller than
    a ring standing for a box is looked for: read where a dot is among them, since a letter "o" is never filled;
    a row of such rings alone is left (letters)."""
    from PIL import ImageDraw

    page = Image.new("L", (1400, 200), 245)
    draw = ImageDraw.Draw(page)
    word_height = 35
    for k, x in enumerate((100, 400, 700, 1000)):
        draw.ellipse((x, 80, x + 20, 100), outline=30, width=3, fill=30 if dotted and k == 3 else None)
        draw.rectangle((x + 40, 72, x + 140, 104), fill=30)  # the option's word
    found = sorted(find_check_boxes(page, word_height=word_height), key=lambda b: b.x0)
    if dotted:
        assert [b.text for b in found] == [UNCHECKED, UNCHECKED, UNCHECKED, CHECKED]
    else:
        assert found == []

@pytest.mark.parametrize(("caption", "concept"), [
    ("Straße, Hausnr.", ("street", "hausnr")), ("Cód. postal", ("cod", "postal")), ("9ty", ("qty",))])
def test_caption_wordings_read_as_their_tokens(caption: str, concept: tuple[str, ...]) -> None:
    assert label_tokens(caption) == concept


def test_an_address_block_reads_its_sub_captions_not_the_next_section() -> None:
    """The row's caption at the left, each part of the address under a small caption of its own, and the next
    section's numbered heading under the row."""
    for street_caption, code_caption in (("Straße, Hausnr.", "Postleitzahl"), ("Morada (rua e n.º)", "Cód. postal")):
        words = layout([
            [(0.05, "Name"), (0.35, "Vera Schuster")],
            [(0.35, street_caption)],
            [(0.35, "Mielcarekplatz 456")],
            [(0.05, "Anschrift")],
            [(0.35, code_caption), (0.50, "Stadt")],
            [(0.35, "11278"), (0.50, "Haldensleben")],
            [(0.05, "2 Angaben zum Schaden")],
            [(0.05, "Schadendatum"), (0.35, "24.08.2023")],
        ])
        address = _run(words, ClaimForm).data["address"]
        assert address == {"street": "Mielcarekplatz 456", "city": "Haldensleben", "postal_code": "11278"}


def _items(rows: list[list[tuple[float, str]]]) -> list[dict]:
    return _run(layout(rows), Invoice).data["line_items"]


@pytest.mark.parametrize("header", ["Net", "Imponibile", "Regeltotaal"])
def test_an_amount_column_headed_by_a_net_word(header: str) -> None:
    items = _items([
        [(0.05, "Invoice"), (0.6, "No. 8747140")],
        [(0.05, "Description"), (0.55, "Qty"), (0.7, "Price"), (0.88, header)],
        [(0.05, "Software licence"), (0.56, "3"), (0.7, "1,151.43"), (0.86, "3,454.29")],
        [(0.05, "Training session"), (0.56, "12.5"), (0.71, "4.64"), (0.87, "58.00")],
        [(0.6, "Total"), (0.86, "3,512.29")],
    ])
    assert [i["amount"] for i in items] == ["3454.29", "58.00"]


def test_a_pages_running_sum_is_no_item_whatever_it_is_called() -> None:
    rows = [[(0.05, "Rechnung"), (0.6, "Nr. 4711")],
            [(0.05, "Description"), (0.55, "Qty"), (0.7, "Price"), (0.88, "Amount")]]
    for k in range(3):
        rows.append([(0.05, f"Item {k + 1}"), (0.56, "2"), (0.7, "10.00"), (0.87, "20.00")])
    rows += [[(0.1, "Zwischenstand"), (0.87, "60.00")], "<page>",
             [(0.05, "Description"), (0.55, "Qty"), (0.7, "Price"), (0.88, "Amount")],
             [(0.1, "Balance b/f"), (0.87, "60.00")],
             [(0.05, "Item 4"), (0.56, "1"), (0.7, "60.00"), (0.87, "60.00")],  # an item as much as the rows above
             [(0.05, "Freight"), (0.87, "5.00")],
             [(0.6, "Total"), (0.87, "125.00")]]
    items = _items(rows)
    assert [i["description"] for i in items] == ["Item 1", "Item 2", "Item 3", "Item 4", "Freight"]


def _with_footer(rows: list, footer: list) -> list[Word]:
    """Words for ``rows`` at the page's top and ``footer`` at its foot."""
    top = layout(rows)
    foot = layout(footer, top=0.9)
    return top + [w.model_copy(update={"line": w.line + top[-1].line + 1}) for w in foot]


def test_an_issuer_named_only_in_the_footer_over_its_address() -> None:
    words = _with_footer([
        [(0.05, "Sales Invoice")],
        [(0.05, "Invoice to"), (0.58, "Invoice #:"), (0.8, "INV-2023-6203")],
        [(0.05, "Johnston, Brown and Barnett"), (0.58, "Issued:"), (0.8, "2023-10-19")],
        [(0.05, "Studio 10 Louise Club")],
        [(0.05, "BN2 7EN Abigailfort")],
        [(0.05, "Item"), (0.58, "Units"), (0.75, "Rate"), (0.88, "Amount")],
        [(0.05, "Website maintenance"), (0.6, "6"), (0.75, "3.90"), (0.88, "23.40")],
        [(0.58, "Total"), (0.88, "23.40")],
    ], [
        [(0.05, "Hall and Sons"), (0.36, "Tel. (028) 9018 0866"), (0.64, "Bank")],
        [(0.05, "Studio 29 Holly Courts"), (0.36, "max43@hughes.info"), (0.64, "Sort code 90-53-90")],
        [(0.05, "East Alextown"), (0.36, "VAT Reg. No. GB561337863")],
        [(0.05, "DH67 8WT")],
    ])
    assert _run(words, Invoice).data["vendor_name"] == "Hall and Sons"


def test_a_title_compounded_into_one_word_is_no_issuer() -> None:
    rows = [
        [(0.05, "Verkoopfactuur")],
        [(0.6, "Metro B.V.")],
        [(0.6, "Karlijnweg 38")],
        [(0.6, "7724 UI Vorstenbosch")],
        [(0.05, "Factuurnummer:"), (0.3, "2024.04.890")],
        [(0.05, "Omschrijving"), (0.58, "Aantal"), (0.75, "Prijs"), (0.88, "Bedrag")],
        [(0.05, "Papier A4"), (0.6, "2"), (0.75, "5,00"), (0.88, "10,00")],
        [(0.58, "Totaal"), (0.88, "10,00")],
    ]
    assert _run(layout(rows, heights={0: 0.03}), Invoice).data["vendor_name"] == "Metro B.V."


def test_a_receipts_salesperson_is_not_its_merchant() -> None:
    words = layout([
        [(0.06, "Eloísa"), (0.30, "Avilés"), (0.55, "Crespi"), (0.80, "S.L.")],
        [(0.25, "Cañada Inés Quiroga 29")],
        [(0.36, "05124 Burgos")],
        [(0.05, "01.04.2024"), (0.77, "21:22")],
        [(0.05, "4x Tostada"), (0.79, "31,08")],
        [(0.05, "TOTAL"), (0.79, "31,08")],
        *[[(0.05, "Gracias por su visita")] for _ in range(14)],
        [(0.05, "Vendedor:"), (0.27, "Gema")],
    ], heights={0: 0.02})
    assert _run(words, Receipt).data["merchant_name"] != "Gema"


def _photographed(page_image: Image.Image, moves: tuple[float, ...] = (0.04, 0.0, -0.04, 0.0, 0.0, 0.0, 0.0, 0.0)
                  ) -> tuple[Image.Image, list[tuple[float, float]]]:
    """``page_image`` lying on a darker desk, each corner moved by ``moves`` (x, y shares of the page's sides, top
    left first, clockwise); and its corners."""
    w, h = page_image.size
    margin = round(0.06 * max(w, h))
    canvas = Image.new("L", (w + 2 * margin, h + 2 * margin), 70)
    base = [(0, 0), (w, 0), (w, h), (0, h)]
    corners = [(margin + x + moves[2 * k] * w, margin + y + moves[2 * k + 1] * h) for k, (x, y) in enumerate(base)]
    # PIL's perspective maps output pixels to input pixels: solve for the quad → page transform
    import numpy as np

    src = np.array(corners, dtype=float)
    dst = np.array([(0, 0), (w, 0), (w, h), (0, h)], dtype=float)
    rows = []
    for (x, y), (u, v) in zip(src, dst, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    coeffs = np.linalg.solve(np.array(rows), dst.reshape(8))
    mask = Image.new("L", page_image.size, 255)
    warped = page_image.convert("L").transform(canvas.size, Image.Transform.PERSPECTIVE, tuple(coeffs),
                                               Image.Resampling.BICUBIC)
    inside = mask.transform(canvas.size, Image.Transform.PERSPECTIVE, tuple(coeffs), Image.Resampling.NEAREST)
    canvas.paste(warped, (0, 0), inside)
    return canvas, corners


def _invoice_page() -> pymupdf.Page:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((50, 80), "Invoice INV-2041", fontsize=18)
    y = 140
    for k, (item, amount) in enumerate([("Cleaning service", "2,536.56"), ("Data migration", "2,940.40"),
                                         ("Laptop stand", "170.79"), ("Project management", "1,839.00")]):
        page.insert_text((50, y + 22 * k), item, fontsize=11)
        page.insert_text((480, y + 22 * k), amount, fontsize=11)
    return page


def test_a_photographed_sheet_is_found_and_flattened() -> None:
    from pipeline.perspective import find_sheet, flatten_page

    scan = _scan(_invoice_page(), dpi=100)
    photo, corners = _photographed(scan)
    quad = find_sheet(photo)
    assert quad is not None
    assert max(abs(a - b) for p, q in zip(quad.tolist(), corners, strict=True) for a, b in zip(p, q, strict=True)) \
        <= 0.02 * max(photo.size)
    flat, done = flatten_page(photo)
    assert done and abs(flat.width / flat.height - scan.width / scan.height) < 0.03
    assert flatten_page(scan) == (scan, False)  # a page that fills its picture is left as it is
    # a letterhead's dark band across the top of a scan turned a little on a grey bed: the paper's corners on its edges
    banded = scan.rotate(1.0, expand=True, fillcolor=120)
    banded.paste(40, (0, 0, banded.width, banded.height // 8))
    assert find_sheet(banded) is None


def test_a_photographed_invoices_rows_read_as_rows(tmp_path: Path) -> None:
    # taken from one side: the rows slope one way on the left of the page and less on its right
    photo, _ = _photographed(_scan(_invoice_page(), dpi=200), moves=(0.04, 0.04, 0.0, 0.0, -0.03, 0.0, 0.0, -0.05))
    path = tmp_path / "photo.png"
    photo.save(path)
    words = load_words(path)
    lines: dict[int, list[str]] = {}
    for w in words:
        lines.setdefault(w.line, []).append(w.text)
    assert ["Data", "migration", "2,940.40"] in lines.values()
    assert ["Project", "management", "1,839.00"] in lines.values()


def test_a_title_printed_after_the_issuers_name_with_its_qualifier_is_cut_off() -> None:
    rows = [
        [(0.05, "Inversiones UTDS S.Coop. Factura simplificada")],
        [(0.05, "Calle Mayor 5, 28013 Madrid")],
        [(0.05, "Nº factura:"), (0.3, "FS-2024-118")],
        [(0.05, "Descripción"), (0.58, "Cantidad"), (0.75, "Precio"), (0.88, "Importe")],
        [(0.05, "Papel A4"), (0.6, "2"), (0.75, "5,00"), (0.88, "10,00")],
        [(0.58, "Total"), (0.88, "10,00")],
    ]
    assert _run(layout(rows, heights={0: 0.02}), Invoice).data["vendor_name"] == "Inversiones UTDS S.Coop."


def test_a_logos_filled_disc_is_no_signature() -> None:
    """A dark disc with the issuer's initials in white, two and a half word heights across: once OCR's word and
    the plumb runs are taken out of it, its two sides are left, which must not read as a scribble."""
    from PIL import ImageDraw, ImageFont

    from pipeline.inkmarks import find_ink_signatures

    page = Image.new("L", (1600, 1200), 235)
    draw = ImageDraw.Draw(page)
    draw.ellipse((300, 300, 450, 450), fill=60)
    font = ImageFont.load_default(size=60)
    left, top, right, bottom = draw.textbbox((0, 0), "GS", font=font)
    x, y = 375 - (right - left) / 2 - left, 375 - (bottom - top) / 2 - top
    draw.text((x, y), "GS", fill=235, font=font)
    initials = RawWord("GS", x + left - 5, y + top - 8, x + right + 5, y + bottom + 8, 0.9)
    assert find_ink_signatures(page, [initials], word_height=60) == []


def test_a_rule_running_under_words_and_a_lone_figure_over_it_are_no_signature() -> None:
    """A table's row rule (or a fold's crease) runs under its row's words, with a position number OCR read as one
    figure over it: once the words are taken out, what is left of the rule between them is shorter than a rule,
    so the rules are found on the whole page first; the figure and the stubs of the cell borders are no scribble."""
    from PIL import ImageDraw

    from pipeline.inkmarks import find_ink_signatures

    page = Image.new("L", (1600, 1200), 240)
    draw = ImageDraw.Draw(page)
    draw.line([(100, 420), (1500, 420)], fill=40, width=2)  # the row's rule, under its words
    for x in (100, 170, 700, 1000, 1500):  # the cells' borders
        draw.line([(x, 360), (x, 440)], fill=40, width=2)
    draw.line([(150, 385), (150, 416)], fill=40, width=3)  # the position number "1", down to the rule
    draw.line([(143, 390), (150, 385)], fill=40, width=3)
    words = [RawWord("Vizitky", 180, 385, 300, 418, 0.9), RawWord("500", 310, 385, 360, 418, 0.9),
             RawWord("ks", 370, 385, 400, 418, 0.9), RawWord("860,59", 880, 385, 990, 418, 0.9),
             RawWord("1", 140, 383, 156, 414, 0.9)]
    assert find_ink_signatures(page, words, word_height=30) == []


def test_a_numbered_sections_heading_is_not_the_signatures_caption() -> None:
    words = layout([
        [(0.05, "Claimant"), (0.35, "Lucia Romero")],
        [(0.05, "Policy number"), (0.35, "HV-9639721")],
        [(0.05, "Date of loss"), (0.35, "03/03/2021")],
        [(0.35, "Burst pipe in the kitchen.")],
        [(0.05, "Description of the loss")],
        [(0.05, "3 Signature")],
        [(0.05, "I declare that the information given is true.")],
        [(0.05, "Place, date")],
        [(0.05, "Austin, 05/03/2021")],
        [(0.5, "Signature of the claimant")],
    ])
    assert _run(words, ClaimForm).data["signed"] is False


def test_a_running_sum_called_a_total_does_not_end_the_table() -> None:
    rows = [[(0.05, "Factura"), (0.6, "Nº FA24/1174")],
            [(0.05, "Artículo"), (0.55, "Cant."), (0.7, "Precio"), (0.88, "Total")]]
    rows += [[(0.05, f"Artículo {k + 1}"), (0.56, "2"), (0.7, "10,00"), (0.87, "20,00")] for k in range(3)]
    rows += [[(0.1, "A la vuelta"), (0.87, "60,00 €")], "<page>",
             [(0.05, "Artículo"), (0.55, "Cant."), (0.7, "Precio"), (0.88, "Total")],
             [(0.1, "Suma y sigue"), (0.87, "60,00 €")],
             [(0.05, "Artículo 4"), (0.56, "1"), (0.7, "5,00"), (0.87, "5,00")],
             [(0.6, "Total"), (0.87, "65,00 €")]]
    assert len(_items(rows)) == 4


def test_a_sum_carried_from_a_page_named_by_its_abbreviation_is_no_row() -> None:
    """ "Z przeniesienia (str. 1)": Polish "carried from (p. 1)", the page abbreviated, is a running sum."""
    rows = [[(0.05, "Faktura"), (0.6, "Nr FV/2025/118")],
            [(0.05, "Nazwa"), (0.55, "Ilość"), (0.7, "Cena"), (0.88, "Wartość")]]
    rows += [[(0.05, f"Papier A4 {k + 1}"), (0.56, "2"), (0.7, "2 000,00"), (0.85, "4 000,00")] for k in range(3)]
    rows += [[(0.1, "Do przeniesienia"), (0.85, "11 962,79")], "<page>",
             [(0.05, "Nazwa"), (0.55, "Ilość"), (0.7, "Cena"), (0.88, "Wartość")],
             [(0.1, "Z przeniesienia (str. 1)"), (0.85, "11 962,79")],
             [(0.05, "Papier A4 4"), (0.56, "1"), (0.7, "5,00"), (0.87, "5,00")],
             [(0.6, "Razem"), (0.85, "12 005,00")]]
    assert [i["description"] for i in _items(rows)] == [f"Papier A4 {k}" for k in range(1, 5)]


def test_a_sum_carried_from_the_page_before_sets_no_width_for_the_descriptions() -> None:
    """ "Transport van pagina 1" (Dutch: carried from page 1) over page 2's header, right of the descriptions: a
    running sum, not a row, so the wrapped descriptions are measured against the rows alone ("… op het oude adres"
    over "de dag ervoor")."""
    header = [(0.07, "Nr."), (0.11, "Omschrijving"), (0.74, "Uren"), (0.8, "Prijs"), (0.88, "Bedrag")]
    rows = [[(0.07, "Verhuisbedrijf Kuipers B.V.")], [(0.6, "Factuurnummer"), (0.8, "F89652")], header,
            [(0.07, "1"), (0.11, "Verhuisploeg, 3 personen incl. 7,5 t vrachtwagen, geleverd in"), (0.74, "1"),
             (0.8, "51,85"), (0.88, "51,85")],
            [(0.11, "twee delen op pallet verpakt")],
            [(0.07, "2"), (0.11, "Hulp bij in- en uitpakken van de dozen in de kamer, de gang, de zolders"),
             (0.74, "1"), (0.8, "410,55"), (0.88, "410,55")],
            [(0.8, "Transport"), (0.88, "462,40")], "<page>",
            [(0.07, "Verhuisbedrijf Kuipers B.V.")], [(0.55, "Transport van pagina 1"), (0.88, "462,40")], header,
            [(0.07, "3"), (0.11, "Opslag in verwarmde loods, per week, incl. ophalen op het oude adres"),
             (0.74, "68"), (0.8, "1,53"), (0.88, "104,04")],
            [(0.11, "de dag ervoor")],
            [(0.07, "4"), (0.11, "Noppenfolie en inpakpapier"), (0.74, "35"), (0.8, "3,55"), (0.88, "124,25")],
            [(0.6, "Totaal excl. BTW"), (0.88, "690,69")]]
    assert [i["description"] for i in _items(rows)] == [
        "Verhuisploeg, 3 personen incl. 7,5 t vrachtwagen, geleverd in twee delen op pallet verpakt",
        "Hulp bij in- en uitpakken van de dozen in de kamer, de gang, de zolders",
        "Opslag in verwarmde loods, per week, incl. ophalen op het oude adres de "
        "dag ervoor", "Noppenfolie en inpakpapier"]


def test_a_till_and_transaction_line_ends_a_receipts_address() -> None:
    words = layout([
        [(0.2, "Morgan Bakery")],
        [(0.2, "Flat 54 Lindsey Pines")],
        [(0.2, "Katyborough E3 6AH")],
        [(0.05, "Trans. 1205"), (0.77, "Till 11")],
        [(0.05, "2023-11-04 07:57:05")],
        [(0.05, "2x Crisps"), (0.85, "1.04")],
        [(0.05, "TOTAL"), (0.85, "1.04")],
    ])
    assert _run(words, Receipt).data["merchant_address"] == "Flat 54 Lindsey Pines, Katyborough E3 6AH"


def test_a_number_sign_ocr_ran_into_its_number_is_cut_off() -> None:
    from pipeline.layout import split_glued_word

    for glued, parts in (("n.ºRE2024921", ["n.º", "RE2024921"]), ("Nr.12345", ["Nr.", "12345"]),
                         ("N°FA-12", ["N°", "FA-12"]), ("no.name", ["no.name"]), ("Nordic", ["Nordic"])):
        assert [w.text for w in split_glued_word(RawWord(glued, 0, 0, 100, 10))] == parts


def test_an_invoices_payment_date_is_its_due_date() -> None:
    words = layout([
        [(0.05, "Factura")],
        [(0.05, "Despacho Avanzadas S.L."), (0.58, "Número de factura:"), (0.85, "2024-4728")],
        [(0.05, "Paseo de Haydée 56"), (0.58, "Fecha de factura:"), (0.76, "4 de diciembre de 2024")],
        [(0.05, "35239 Toledo"), (0.58, "Fecha de pago:"), (0.8, "3 de enero de 2025")],
        [(0.05, "Artículo"), (0.56, "Cantidad"), (0.73, "Precio"), (0.88, "Importe")],
        [(0.05, "Cableado de red"), (0.6, "1,5"), (0.75, "3,72"), (0.91, "5,58")],
        [(0.56, "Total"), (0.9, "5,58")],
    ])
    data = _run(words, Invoice).data
    assert (data["invoice_date"], data["due_date"]) == ("2024-12-04", "2025-01-03")


def test_a_portuguese_forms_bare_street_caption_and_damages_value() -> None:
    words = layout([
        [(0.05, "Nome do segurado"), (0.35, "Ana Sousa")],
        [(0.05, "Apólice n.º"), (0.35, "303/24680/2")],
        [(0.35, "Rua")],
        [(0.35, "Avenida de Pinho, 241")],
        [(0.05, "Morada")],
        [(0.35, "Cód. postal"), (0.50, "Localidade")],
        [(0.35, "5117-936"), (0.50, "Mangualde")],
        [(0.05, "2 Dados do sinistro")],
        [(0.05, "Data da ocorrência"), (0.35, "19/03/2024")],
        [(0.05, "Valor do dano"), (0.35, "10.467,34 EUR")],
    ])
    data = _run(words, ClaimForm).data
    assert data["address"]["street"] == "Avenida de Pinho, 241" and data["claim_amount"] == "10467.34"


def _pen_loop(page: pymupdf.Page, x0: float, y0: float, x1: float, y1: float) -> None:
    """A loop a pen drew round a word, as Xournal++ exports a stroke: short straight lines, its end a little past
    and off its start."""
    import math

    cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
    points = [pymupdf.Point(cx + rx * math.cos(t / 12 * math.pi - 2.2), cy + ry * math.sin(t / 12 * math.pi - 2.2))
              for t in range(26)]
    page.draw_polyline([*points, points[-1] + (4, 2)], color=(0, 0, 0.5), width=1.3)


def test_answers_circled_by_a_pens_loop_of_lines_are_ticked_and_no_signature(tmp_path: Path) -> None:
    """A tablet's form (Xournal++): its kind of claim and its police answer circled in pen, each loop short
    straight lines round the word; the police answer's loop takes in the "/" of "Ano / Ne". The circled option of
    the row of kinds and the circled answer are ticked; neither loop signs the form, the scrawl over the caption
    does."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    rows = [(60, "Albatros Assurance - Oznámení pojistné události"), (100, "Jméno pojištěného: Radek Procházka"),
            (120, "Číslo pojistné smlouvy: 845.831.2441"), (140, "Ulice a číslo: Školní 45"),
            (160, "PSČ: 779 00"), (180, "Obec: Olomouc"), (200, "Datum události: 30. 10. 2025")]
    for y, text in rows:
        page.insert_text((50, y), text, fontsize=10)
    page.insert_text((50, 240), "Druh události", fontsize=10)
    for x, word in ((200, "Vozidlo"), (290, "Domácnost"), (390, "Zdraví"), (480, "Cestování")):
        page.insert_text((x, 240), word, fontsize=10)
    width = pymupdf.get_text_length("Zdraví", fontsize=10)
    _pen_loop(page, 384, 228, 390 + width + 8, 246)
    page.insert_text((50, 280), "Byla událost oznámena policii?", fontsize=10)
    for x, word in ((400, "Ano"), (421, "/"), (429, "Ne")):
        page.insert_text((x, 280), word, fontsize=10)
    _pen_loop(page, 418, 268, 446, 287)  # round "Ne", over the "/" before it
    page.insert_text((50, 360), "Podpis pojištěného", fontsize=10)
    page.draw_polyline([pymupdf.Point(60 + 6 * k, 340 + (5 if k % 2 else -4)) for k in range(20)], width=1.3)
    page.insert_text((300, 360), "Datum: 8. 11. 2025", fontsize=10)
    doc.save(tmp_path / "claim.pdf")
    words = load_words(tmp_path / "claim.pdf")
    assert [w.text for w in words].count(SIGNATURE_MARK) == 1
    data = _run(words, ClaimForm).data
    assert (data["claim_type"], data["police_report_filed"], data["signed"]) == ("health", False, True)


def test_a_drawn_box_ticked_by_a_pens_stroke_past_its_corner_is_ticked(tmp_path: Path) -> None:
    """A square box ticked by a pen's stroke of five short lines that runs out past its top corner: the stroke
    ticks the box and is no box of its own."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    rows = [(60, "Helvetia Mutual - Kárbejelentő"), (100, "Biztosított neve: Kovács Bence"),
            (120, "Kötvényszám: 449.959.5230"), (140, "Település: Pécs"), (160, "Káresemény dátuma: 2023.08.02.")]
    for y, text in rows:
        page.insert_text((50, y), text, fontsize=10)
    page.insert_text((50, 200), "Kár típusa", fontsize=10)
    for x, word in ((205, "Gépkocsi"), (305, "Lakás"), (405, "Egészség"), (505, "Utazás")):
        page.draw_rect(pymupdf.Rect(x - 15, 191, x - 5, 201), width=0.7)
        page.insert_text((x, 200), word, fontsize=10)
    tick = [(191.3, 196.7), (193.2, 198.6), (195.0, 200.7), (196.2, 196.4), (199.4, 192.3), (201.8, 189.0)]
    page.draw_polyline([pymupdf.Point(x, y) for x, y in tick], color=(0, 0, 0.5), width=1.6)
    doc.save(tmp_path / "claim.pdf")
    words = load_words(tmp_path / "claim.pdf")
    texts = [w.text for w in words]
    assert texts.count(CHECKED) == 1 and texts.count(UNCHECKED) == 3
    assert _run(words, ClaimForm).data["claim_type"] == "auto"


@pytest.mark.parametrize(("drawn", "ticked"), [("ring", "Mieszkaniowa"), ("ring_answer", "Nie"), ("cells", None),
                                               ("ring_under_rule", "Nie"), ("ring_close_under_rule", "Nie")])
def test_a_flat_ring_round_an_option_on_a_scan_is_ticked_and_a_tables_cells_are_none(drawn: str,
                                                                                      ticked: str | None) -> None:
    """A wide, flat ellipse drawn round one option of a row of them ("Komunikacyjna (Mieszkaniowa) Zdrowotna
    Podróżna") or round an answer: its long arcs are rules to the signature finder, so no mark tells of it; the
    pixels round the word do, also under the rule of a box above. A table's cells, ruled round every word of a
    row, tick nothing."""
    from PIL import ImageDraw

    from pipeline.checkboxes import add_framed_answers
    from pipeline.layout import LineUnit

    page = Image.new("L", (1400, 700), 245)
    draw = ImageDraw.Draw(page)
    row = [RawWord("Rodzaj", 100, 300, 190, 335, 0.9), RawWord("szkody", 198, 300, 290, 335, 0.9),
           RawWord("Komunikacyjna", 578, 300, 771, 335, 0.9), RawWord("Mieszkaniowa", 828, 300, 1010, 335, 0.9),
           RawWord("Zdrowotna", 1060, 300, 1200, 335, 0.9), RawWord("Podróżna", 1250, 300, 1370, 335, 0.9)]
    answers = [RawWord("Zgłoszono?", 100, 500, 250, 535, 0.9), RawWord("Tak", 900, 500, 950, 535, 0.9),
               RawWord("Nie", 1050, 500, 1095, 535, 0.9)]
    if drawn == "ring":
        draw.ellipse((805, 285, 1035, 352), outline=30, width=3)
    elif drawn == "ring_answer":
        draw.ellipse((1028, 486, 1118, 550), outline=30, width=3)
    elif drawn == "ring_under_rule":  # the ring tight under the bottom rule of the field's box above the line
        draw.line([(80, 474), (1390, 474)], fill=20, width=2)
        draw.ellipse((1028, 486, 1118, 550), outline=30, width=3)
    elif drawn == "ring_close_under_rule":  # a row of paper between them only
        draw.line([(80, 483), (1390, 483)], fill=20, width=2)
        draw.ellipse((1028, 486, 1118, 550), outline=30, width=3)
    else:  # a table row: rules above and below running on, cell borders between the words
        draw.line([(80, 290), (1390, 290)], fill=20, width=2)
        draw.line([(80, 345), (1390, 345)], fill=20, width=2)
        for x in (560, 800, 1035, 1225, 1385):
            draw.line([(x, 290), (x, 345)], fill=20, width=2)
    out = add_framed_answers(page, [LineUnit(row), LineUnit(answers)])
    words = [w for u in out for w in u.words]
    boxes = [w for w in words if w.text == CHECKED]
    if ticked is None:
        assert boxes == []
    else:
        word = next(w for w in words if w.text == ticked)
        assert len(boxes) == 1 and word.x0 - 40 < boxes[0].x0 < word.x0


@pytest.mark.parametrize("ringed", ["Yes", "No", None])
def test_a_ring_tight_round_an_answer_that_ocr_boxed_with_it_is_ticked(ringed: str | None) -> None:
    """An ellipse drawn tight round "Yes" (a page of outlines, OCR'd): OCR's box of the word takes the ring in, so
    no ink is left round the box; inside it, the ring runs over and under the letters of the line's other answer.
    With no ring, loose boxes tick nothing."""
    from pipeline.checkboxes import add_framed_answers
    from pipeline.layout import LineUnit

    doc = pymupdf.open()
    page = doc.new_page(width=400, height=120)
    page.insert_text((20, 60), "Reported to the police?", fontsize=11)
    spots = {"Yes": 180.0, "No": 260.0}
    for text, x in spots.items():
        page.insert_text((x, 60), text, fontsize=11)
    if ringed:
        width = pymupdf.get_text_length(ringed, fontsize=11)
        page.draw_oval(pymupdf.Rect(spots[ringed] - 4, 48, spots[ringed] + width + 4, 66), color=(0.1, 0.1, 0.4),
                       width=0.8)
    image = _scan(page, dpi=300)
    k = 300 / 72
    words = [RawWord("police?", 100 * k, 49 * k, 135 * k, 65 * k, 0.9)]
    for text, x in spots.items():  # OCR's boxes: round the ring where there is one, a little loose elsewhere
        width = pymupdf.get_text_length(text, fontsize=11)
        pad = 4.5 if text == ringed else 1.5
        words.append(RawWord(text, (x - pad) * k, (50 - min(pad, 3)) * k, (x + width + pad) * k,
                             (63 + min(pad, 3.5)) * k, 0.9))
    out = add_framed_answers(image, [LineUnit(words)])
    boxes = sorted((w.x0, w.text) for u in out for w in u.words if w.text in (CHECKED, UNCHECKED))
    if ringed is None:
        assert boxes == []
    else:
        assert [t for _, t in boxes] == ([CHECKED, UNCHECKED] if ringed == "Yes" else [UNCHECKED, CHECKED])


@pytest.mark.parametrize("drawn", ["circle", "none"])
def test_a_circle_narrower_than_its_answer_cutting_its_last_letter_is_ticked(drawn: str) -> None:
    """A circle drawn round "Nein" of "Ja  Nein", a little narrower than the word: its right side runs through the
    last letter, inside OCR's box of the word, and the answer is circled all the same. Without it nothing is ticked."""
    from pipeline.checkboxes import add_framed_answers
    from pipeline.layout import LineUnit

    doc = pymupdf.open()
    page = doc.new_page(width=400, height=120)
    page.insert_text((20, 60), "Wurde die Polizei benachrichtigt?", fontsize=11)
    spots = {"Ja": 220.0, "Nein": 290.0}
    for text, x in spots.items():
        page.insert_text((x, 60), text, fontsize=11, fontname="hebo")
    width = pymupdf.get_text_length("Nein", fontsize=11, fontname="hebo")
    if drawn == "circle":
        page.draw_oval(pymupdf.Rect(287, 42, 290 + width - 0.6, 72), color=(0.1, 0.1, 0.5), width=0.8)
    image = _scan(page, dpi=300)
    k = 300 / 72
    words = [RawWord("benachrichtigt?", 120 * k, 50 * k, 190 * k, 63 * k, 0.9)]
    for text, x in spots.items():
        w = pymupdf.get_text_length(text, fontsize=11, fontname="hebo")
        words.append(RawWord(text, (x - 0.5) * k, 50.5 * k, (x + w) * k, 63.5 * k, 0.9))
    out = add_framed_answers(image, [LineUnit(words)])
    boxes = sorted((w.x0, w.text) for u in out for w in u.words if w.text in (CHECKED, UNCHECKED))
    assert [t for _, t in boxes] == ([UNCHECKED, CHECKED] if drawn == "circle" else [])


def test_a_typed_radio_buttons_dot_that_ocr_left_out_is_read_from_the_pixels() -> None:
    """ "( ) Motor  (●) Home  ( ) Health" on a scan: OCR reads each radio button as "()" and leaves the dot out; the
    pixels between the brackets tell the chosen one, "(X)", from the empty ones, which stay "()"."""
    from pipeline.checkboxes import mark_bracketed_boxes
    from pipeline.layout import LineUnit

    doc = pymupdf.open()
    page = doc.new_page(width=400, height=80)
    x, words = 20.0, []
    k = 200 / 72
    for option, chosen in (("Motor", False), ("Home", True), ("Health", False)):
        page.insert_text((x, 40), "( )", fontsize=11, fontname="cour")
        width = pymupdf.get_text_length("( )", fontsize=11, fontname="cour")
        if chosen:  # the dot as a typewriter font's "●" prints it
            page.draw_circle((x + width / 2, 36.5), 2.6, color=None, fill=(0, 0, 0))
        words.append(RawWord("()", x * k, 31 * k, (x + width) * k, 42 * k, 0.8))
        page.insert_text((x + width + 4, 40), option, fontsize=11)
        x += width + 4 + pymupdf.get_text_length(option, fontsize=11) + 14
    out = mark_bracketed_boxes(_scan(page, dpi=200), [LineUnit(words)])
    assert [w.text for u in out for w in u.words] == ["()", "(X)", "()"]


@pytest.mark.parametrize("stroke", ["spline", "flourish"])
def test_a_spline_signature_flattened_into_half_point_lines_signs_the_form(tmp_path: Path, stroke: str) -> None:
    """pic2plot draws a signature's spline as some 250 lines of half a point; many are near level at the wave's
    crests, and by a fixed tolerance of a fifth of a point they had made the path a frame. By their slopes too the
    path is a pen's stroke, and the form is signed (the witness named under the caption signs nothing). A signature
    of a few long strokes, one a nearly level flourish, signs it as well: it strays by more than a fifth of a point."""
    import math

    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    rows = [(60, "Aurora Vakuutus - Skadeanmeldelse"), (100, "Forsikringstager: Mads Nørgaard"),
            (120, "Policenummer: 2020/19112/2"), (140, "Skadedato: 03.10.2025")]
    for y, text in rows:
        page.insert_text((50, y), text, fontsize=9)
    points = [pymupdf.Point(65 + 0.42 * k, 490 + 8 * math.sin(k / 30) + 2 * math.sin(k / 10)) for k in range(160)]
    if stroke == "flourish":
        zigzag = [(60 + 2.5 * k, 484 if k % 2 else 492) for k in range(9)]
        points = [pymupdf.Point(x, y) for x, y in (*zigzag, (125, 490), (170, 488.5))]
    page.draw_polyline(points, width=0.6)
    page.draw_line(pymupdf.Point(51, 502), pymupdf.Point(266, 502), width=0.6)
    page.insert_text((52, 512), "Forsikringstagers underskrift", fontsize=9)
    page.insert_text((52, 540), "Vidne: Rasmus Kjærgaard", fontsize=9)
    doc.save(tmp_path / "claim.pdf")
    words = load_words(tmp_path / "claim.pdf")
    assert SIGNATURE_MARK in [w.text for w in words]
    assert _run(words, ClaimForm).data["signed"] is True


def test_a_tables_header_cell_drawn_round_its_one_word_ticks_nothing(tmp_path: Path) -> None:
    """An invoice's header row drawn as cells, the count's cell a rectangle close round `Qty`: no option circled,
    only a ring (an ellipse, a pen's loop) marks one; a rectangle marks a yes or no alone."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((50, 60), "Harbour Supplies Ltd", fontsize=10)
    page.insert_text((50, 80), "Invoice No. INV-2048   Date 02/06/2024", fontsize=10)
    for x, word, x1 in ((50, "Description", 300), (330, "Qty", 352), (420, "Amount", 540)):
        page.insert_text((x, 120), word, fontsize=10)
        page.draw_rect(pymupdf.Rect(x - 4, 109, x1, 124), width=0.5)
    page.insert_text((50, 140), "Website maintenance", fontsize=10)
    page.insert_text((330, 140), "6", fontsize=10)
    page.insert_text((420, 140), "506.46", fontsize=10)
    doc.save(tmp_path / "invoice.pdf")
    words = load_words(tmp_path / "invoice.pdf")
    assert CHECKED not in [w.text for w in words]
