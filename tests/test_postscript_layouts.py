"""Layouts of documents written as PostScript programs and of forms filled one character a cell: a hyphen that
PostScript's Latin-1 encoding sets as a minus (and OCR reads as a dash), a comb field's characters and a
letter-spaced heading read as words, a signature drawn in pen strokes or signed in ink (no text at all), a
signature caption whose neighbours are a question or a footer far below, a document that prints no currency but
its addresses, and a Portuguese policyholder captioned over the name."""

from __future__ import annotations

import io
from pathlib import Path

import pymupdf
import pytest
from PIL import Image

from engine.base import SIGNATURE_MARK, EngineRequest, EngineResult, Word
from engine.registry import create_engine
from pipeline.config import Settings
from pipeline.ingest import identify
from pipeline.inkmarks import find_ink_signatures
from pipeline.layout import RawWord, join_spaced_letters, repair_ocr_words
from pipeline.ocr import load_document
from pipeline.texglyphs import mend_minus_hyphen
from schemas import ClaimForm, Invoice
from tests.layout import layout


def _run(words: list[Word], target: type) -> EngineResult:
    (result,) = create_engine("baseline").extract_batch([EngineRequest(id="doc", words=words, target=target)])
    return result


def test_a_minus_inside_a_word_is_a_hyphen() -> None:
    assert mend_minus_hyphen("INV\u22122023\u22120042") == "INV-2023-0042"
    assert mend_minus_hyphen("Hennessy\u2212O'Farrelly") == "Hennessy-O'Farrelly"
    assert mend_minus_hyphen("\u2212") == "-"  # a dash between two words
    assert mend_minus_hyphen("\u221212.50") == "\u221212.50"  # a sign before a figure stays
    assert mend_minus_hyphen("12.50") == "12.50"


def test_a_dash_ocr_read_between_two_letters_is_a_hyphen() -> None:
    words = repair_ocr_words([RawWord("Meyer-sur\u2013Pichon", 0, 0, 120, 10), RawWord("10\u201312", 130, 0, 160, 10),
                              RawWord("\u2013", 170, 0, 175, 10)])
    assert [w.text for w in words] == ["Meyer-sur-Pichon", "10\u201312", "\u2013"]  # a range of figures stays
    # a code of letters and figures (a scan of fig2dev's minus glyph for a hyphen: "TN–2420", "INV−2024−0551"), or a
    # number of three parts
    words = repair_ocr_words([RawWord("TN\u20132420", 0, 0, 60, 10), RawWord("INV\u22122024\u22120551", 70, 0, 160, 10),
                              RawWord("55\u2013821572\u201355", 170, 0, 260, 10)])
    assert [w.text for w in words] == ["TN-2420", "INV-2024-0551", "55-821572-55"]
    # a hyphen OCR read as a tilde between figures (a plotter's stroke font: "8000~132"); one before a figure stays
    words = repair_ocr_words([RawWord("8000~132", 0, 0, 60, 10), RawWord("~25", 70, 0, 90, 10)])
    assert [w.text for w in words] == ["8000-132", "~25"]


def _cells(text: str, x: float, *, pitch: float = 16, glyph: float = 6, y: float = 100) -> list[RawWord]:
    """One word a cell, each character centred in cells of ``pitch``; a space leaves its cell empty."""
    return [RawWord(ch, x + k * pitch + (pitch - glyph) / 2, y, x + k * pitch + (pitch + glyph) / 2, y + 11)
            for k, ch in enumerate(text) if ch != " "]


def test_a_comb_fields_characters_are_read_as_words() -> None:
    line = [RawWord("Name", 10, 100, 40, 111), *_cells("Alfred du Chauvin", 100)]
    assert [w.text for w in join_spaced_letters(line)] == ["Name", "Alfred", "du", "Chauvin"]
    assert [w.text for w in join_spaced_letters(_cells("16/12/1961", 100))] == ["16/12/1961"]
    assert [w.text for w in join_spaced_letters(_cells("4 472.56 EUR", 100))] == ["4", "472.56", "EUR"]
    (word,) = join_spaced_letters(_cells("KFZ-3792248", 50))
    assert (word.text, word.x0, word.x1) == ("KFZ-3792248", 55, 50 + 10 * 16 + 11)


def test_a_letter_spaced_heading_is_read_as_words() -> None:
    """Tracking adds the same gap after each glyph, whatever its width; a space adds its own width and tracking."""
    words, x = [], 0.0
    for ch, width in zip("TOTAL DUE", [11, 14, 11, 13, 11, 5, 13, 13, 12], strict=True):
        if ch != " ":
            words.append(RawWord(ch, x, 0, x + width, 18))
        x += width + 5
    assert [w.text for w in join_spaced_letters(words)] == ["TOTAL", "DUE"]


def test_single_characters_that_are_no_spaced_word_stay_apart() -> None:
    ampersand = [RawWord("A", 0, 0, 7, 10), RawWord("&", 10, 0, 17, 10), RawWord("B", 20, 0, 27, 10),
                 RawWord("Ltd", 30, 0, 45, 10)]
    assert [w.text for w in join_spaced_letters(ampersand)] == ["A", "&", "B", "Ltd"]  # three, one no letter
    # a description's three one-letter words ("Kobberrør 15 mm x 3 m") and the row's quantity far right of them
    row = [RawWord("Kobberrør", 47, 276, 83, 284), RawWord("15", 85, 276, 93, 284), RawWord("mm", 96, 276, 109, 284),
           RawWord("x", 111, 276, 115, 284), RawWord("3", 117, 276, 122, 284), RawWord("m", 124, 276, 131, 284),
           RawWord("2", 357, 276, 361, 284), RawWord("366,49", 420, 276, 443, 284)]
    assert [w.text for w in join_spaced_letters(row)] == [w.text for w in row]
    columns = [RawWord(c, k * 60, 0, k * 60 + 6, 10) for k, c in enumerate("1234")]
    assert [w.text for w in join_spaced_letters(columns)] == ["1", "2", "3", "4"]  # a table's figures
    leader = [RawWord("Total", 0, 0, 30, 10), *[RawWord(".", 34 + 4 * k, 0, 36 + 4 * k, 10) for k in range(8)]]
    assert [w.text for w in join_spaced_letters(leader)] == [w.text for w in leader]  # a leader's dots


def _claim_form(path: Path, *, signed: bool, comb: bool = True, pen: str = "path") -> None:
    """A claim form: values in comb fields (one character a box) or set as text, and a signature line with its
    caption under it, the name drawn over it in pen strokes (one path, or one path a stroke: ``pen="strokes"``)
    or left blank (in a frame with rounded corners: ``pen="frame"``); a footer far below."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = 80.0

    def field(label: str, value: str) -> None:
        nonlocal y
        page.insert_text((50, y), label, fontsize=8)
        if comb:
            for k, ch in enumerate(value):
                page.draw_rect(pymupdf.Rect(50 + 16 * k, y + 6, 66 + 16 * k, y + 22), width=0.3)
                if ch != " ":
                    page.insert_text((54 + 16 * k, y + 19), ch, fontname="cour", fontsize=10)
        else:
            page.insert_text((50, y + 18), value, fontsize=10)
        y += 40

    page.insert_text((50, 50), "Insurance claim form", fontsize=16)
    field("Name of policyholder", "Alfred du Chauvin")
    field("Policy number", "HOM-5899473")
    field("Date of incident", "21/03/2024")
    page.insert_text((50, y), "Type of claim:  X Home", fontsize=9)
    page.insert_text((50, y + 20), "Police report filed: No", fontsize=9)
    y += 70
    page.insert_text((50, y), "Date: 23/03/2024", fontsize=9)
    page.draw_line((300, y + 3), (545, y + 3), width=0.5)
    page.insert_text((300, y + 14), "Signature of claimant", fontsize=7)
    if signed:
        shape = page.new_shape()
        x = 320.0
        shape.draw_bezier((x, y), (x + 6, y - 16), (x + 14, y + 8), (x + 20, y - 4))
        for step in (18, 15, 22, 12):
            if pen == "strokes":
                shape.finish(color=(0, 0, 0.4), width=1.1, closePath=False)
            shape.draw_bezier((x + 20, y - 4), (x + 24, y - 18), (x + 28 + step, y + 6), (x + 20 + step, y - 2))
            x += step
        shape.finish(color=(0, 0, 0.4), width=1.1, closePath=False)
        shape.commit()
    if pen == "frame":
        page.draw_rect(pymupdf.Rect(295, y - 30, 550, y + 20), width=0.6, radius=0.2)
    page.insert_text((200, 800), "Example Insurance plc · 0800 123 456", fontsize=7)
    doc.save(path)


def _words(path: Path) -> list[Word]:
    settings = Settings()
    return load_document(identify(path, path.parent, settings.limits), settings).words


def test_a_comb_filled_claim_form_signed_in_pen_strokes(tmp_path: Path) -> None:
    _claim_form(tmp_path / "signed.pdf", signed=True)
    words = _words(tmp_path / "signed.pdf")
    assert SIGNATURE_MARK in [w.text for w in words]
    data = _run(words, ClaimForm).data
    assert data["claimant_name"] == "Alfred du Chauvin"
    assert data["policy_number"] == "HOM-5899473"
    assert data["incident_date"] == "2024-03-21"
    assert data["signed"] is True


def test_a_signature_drawn_one_stroke_a_path_is_signed(tmp_path: Path) -> None:
    _claim_form(tmp_path / "signed.pdf", signed=True, comb=False, pen="strokes")
    words = _words(tmp_path / "signed.pdf")
    assert [w.text for w in words].count(SIGNATURE_MARK) == 1
    assert _run(words, ClaimForm).data["signed"] is True


def test_a_blank_signature_line_is_unsigned_whatever_stands_far_below(tmp_path: Path) -> None:
    _claim_form(tmp_path / "unsigned.pdf", signed=False, comb=False, pen="frame")
    words = _words(tmp_path / "unsigned.pdf")
    assert SIGNATURE_MARK not in [w.text for w in words]
    data = _run(words, ClaimForm).data
    assert data["claimant_name"] == "Alfred du Chauvin"
    assert data["signed"] is False  # the footer's name, far under the caption, signs nothing


def test_a_signature_caption_under_a_question_is_no_signature() -> None:
    """A section headed "3 Signature" right under the police question: the question is a caption, not a name."""
    words = layout([
        [(0.08, "Name:"), (0.3, "Jack Turner")], [(0.08, "Policy number:"), (0.3, "HOM-5899473")],
        [(0.08, "Claim type:"), (0.3, "Home")], [(0.08, "Date of incident:"), (0.3, "21/03/2024")],
        [(0.08, "Police report filed"), (0.7, "☐ Yes"), (0.8, "☒ No")],
        [(0.09, "3 Signature")],
        [(0.08, "I declare that the information given is true and complete.")],
        [(0.08, "Date: 23/03/2024")], [(0.5, "Signature")],
    ])
    assert _run(words, ClaimForm).data["signed"] is False


def _scribble(size: tuple[int, int], at: tuple[int, int]) -> Image.Image:
    """A white page with a signature line and a scribble of ink across it."""
    from PIL import ImageDraw

    image = Image.new("L", size, 255)
    draw = ImageDraw.Draw(image)
    x, y = at
    draw.line([(x - 40, y + 12), (x + 260, y + 12)], fill=0, width=2)  # the signature line
    points = [(x + 8 * k, y + (-14 if k % 3 == 0 else 10 if k % 3 == 1 else -2) + (k % 5)) for k in range(24)]
    draw.line(points, fill=20, width=3, joint="curve")
    return image


def test_ink_across_a_signature_line_is_a_mark_and_text_and_rules_are_not() -> None:
    image = _scribble((1200, 900), (600, 500))
    (mark,) = find_ink_signatures(image, [], word_height=24)
    assert mark.text == SIGNATURE_MARK
    assert 590 <= mark.x0 <= 610 and mark.x1 >= 780 and mark.y0 < 500 < mark.y1
    # the same ink under a word OCR read is that word's; a page of rules alone holds no mark
    read = RawWord("Jonathan", 590, 480, 800, 530, 0.9)
    assert find_ink_signatures(image, [read], word_height=24) == []
    from PIL import ImageDraw

    ruled = Image.new("L", (1200, 900), 255)
    ImageDraw.Draw(ruled).rectangle((100, 100, 1100, 800), outline=0, width=2)
    ImageDraw.Draw(ruled).line([(100, 400), (1100, 400)], fill=0, width=2)
    assert find_ink_signatures(ruled, [], word_height=24) == []


@pytest.mark.parametrize("signed", [True, False])
def test_a_scanned_claim_form_signed_in_ink(tmp_path: Path, signed: bool) -> None:
    _claim_form(tmp_path / "form.pdf", signed=signed, comb=False)
    pix = pymupdf.open(tmp_path / "form.pdf")[0].get_pixmap(dpi=200, colorspace=pymupdf.csGRAY)
    Image.open(io.BytesIO(pix.tobytes("png"))).save(tmp_path / "form.png")
    words = _words(tmp_path / "form.png")
    assert (SIGNATURE_MARK in [w.text for w in words]) is signed
    assert _run(words, ClaimForm).data["signed"] is signed


def test_a_document_without_a_currency_takes_its_addresses_country() -> None:
    def invoice(address: str, customer: str) -> list[Word]:
        return layout([
            [(0.08, "Bennett Consulting Inc"), (0.7, "INVOICE")], [(0.08, address)],
            [(0.6, "Invoice No.: 4471")], [(0.6, "Date: 01/06/2024")],
            [(0.08, "Bill to:")], [(0.08, "Turner Hardware")], [(0.08, customer)],
            [(0.08, "Description"), (0.55, "Qty"), (0.7, "Price"), (0.85, "Amount")],
            [(0.08, "Consulting"), (0.55, "2"), (0.7, "50.00"), (0.85, "100.00")],
            [(0.6, "Total"), (0.85, "100.00")],
        ])

    us = _run(invoice("12 Main Street, Madison, WI 53703", "9 Oak Avenue, Austin, TX 73301"), Invoice)
    assert us.data["currency"] == "USD" and us.fields["currency"].confidence < 0.6
    uk = _run(invoice("10 High Street, Norwich NR1 9DR", "4 Mill Lane, Leeds LS1 4AP"), Invoice)
    assert uk.data["currency"] == "GBP"
    both = _run(invoice("12 Main Street, Madison, WI 53703", "4 Mill Lane, Leeds LS1 4AP"), Invoice)
    assert both.data["currency"] is None  # two countries: no guess


def test_a_portuguese_policyholder_captioned_over_the_name() -> None:
    """``Tomador do seguro`` (the policyholder) over the name, as the section's heading says it too: the caption is
    no name."""
    rows = [[(0.08, "Ferreira Lda.")], [(0.08, "PARTICIPAÇÃO DE SINISTRO")], [(0.09, "1 Tomador do seguro")],
            [(0.09, "Tomador do seguro")], [(0.1, "Simão Amorim")],
            [(0.09, "Data de nascimento")], [(0.1, "09/11/1952")],
            [(0.09, "Apólice n.º")], [(0.1, "58.430.974")], [(0.09, "Morada")], [(0.1, "Rua da Rocha, 23")],
            [(0.09, "Código postal")], [(0.1, "5561-496")], [(0.09, "Localidade")], [(0.1, "Braga")],
            [(0.09, "2 Tipo de sinistro")], [(0.08, "☐ Automóvel ☒ Habitação ☐ Saúde ☐ Viagem")],
            [(0.09, "Data do sinistro")], [(0.1, "03/05/2023")],
            [(0.09, "Foi apresentada queixa à polícia?"), (0.7, "☐ Sim ☒ Não")], [(0.09, "3 Assinatura")],
            [(0.08, "Data: 05/05/2023"), (0.5, "Simão Amorim")], [(0.5, "Assinatura")]]
    data = _run(layout(rows), ClaimForm).data
    assert (data["claimant_name"], data["address"]["street"]) == ("Simão Amorim", "Rua da Rocha, 23")
    assert data["signed"] is True



def test_a_name_set_a_glyph_a_word_in_a_proportional_font_is_read_whole() -> None:
    """A legacy ERP's text layer sets each glyph on its own: "Instalaciones Duero S.L.", the glyphs touching, a space
    between the words. The wide "D" sets its centre far from its neighbours' but touches them: no word break."""
    widths = {"I": 5.8, "n": 8.4, "s": 5.8, "t": 5.0, "a": 7.5, "l": 4.2, "c": 6.6, "i": 4.2, "o": 7.5, "e": 6.6,
              "D": 10.8, "u": 8.4, "r": 6.6, "S": 8.4, ".": 3.7, "L": 10.0, " ": 3.8}
    words, x = [], 50.0
    for ch in "Instalaciones Duero S.L.":
        if ch != " ":
            words.append(RawWord(ch, x, 34.3, x + widths[ch], 55.1))
        x += widths[ch]
    assert [w.text for w in join_spaced_letters(words)] == ["Instalaciones", "Duero", "S.L."]
