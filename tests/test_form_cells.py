"""Claim forms laid out in cells and boxes as web apps draw them: a signature in the cell beside its caption, set
lower than the caption's line, under it past the signing date's boxes, or drawn across the caption itself; a
date written in boxes grouped as day, month and year, or read by OCR as figures in groups of its own; address
captions of more countries; a Norwegian claim form."""

from __future__ import annotations

import math
from pathlib import Path

import pymupdf
import pytest

from engine.base import SIGNATURE_MARK, EngineRequest, Word
from engine.registry import create_engine
from pipeline.config import Settings
from pipeline.ingest import identify
from pipeline.ocr import load_document
from schemas import ClaimForm
from tests.layout import layout


def _read(words: list[Word]) -> dict:
    (result,) = create_engine("baseline").extract_batch([EngineRequest(id="d", words=words, target=ClaimForm)])
    return result.data


def _form(tail: list) -> list[Word]:
    return layout([[(0.05, "Thomas Underwriters"), (0.7, "Claim Form")],
                   [(0.05, "Policyholder:"), (0.25, "Sheri Moore")],
                   [(0.05, "Policy #:"), (0.25, "562-2295-76")],
                   [(0.05, "Incident occurred on:"), (0.25, "2023-05-30")],
                   [(0.05, "I certify that the statements made in this claim are true and complete.")], *tail])


def _with_mark(words: list[Word], x0: float, x1: float, below: float, height: float = 0.026) -> list[Word]:
    """``words`` with a signature mark from ``x0`` to ``x1`` whose top is ``below`` under the last line's top."""
    last = words[-1]
    top = last.bbox[1] + below
    mark = Word(text=SIGNATURE_MARK, page=0, line=last.line + 1, bbox=(x0, top, x1, top + height))
    return [*words, mark]


def test_a_signature_in_the_cell_beside_its_caption_set_lower_signs_the_form() -> None:
    words = _form([[(0.08, "Signature of insured"), (0.5, "Date:"), (0.66, "2023-06-12")]])
    assert _read(words)["signed"] is False
    caption_end = next(w for w in words if w.text == "insured").bbox[2]
    assert _read(_with_mark(words, caption_end + 0.05, 0.45, below=0.011))["signed"] is True


def test_a_signature_in_the_next_cell_past_the_date_is_no_signature_of_this_caption() -> None:
    """Strokes right of the date's caption are not in the signature's cell."""
    words = _form([[(0.08, "Signature of insured"), (0.5, "Date:"), (0.66, "2023-06-12")]])
    assert _read(_with_mark(words, 0.55, 0.75, below=0.011))["signed"] is False


def test_a_signature_under_its_caption_past_the_signing_dates_boxes_signs_the_form() -> None:
    words = _form([[(0.08, "Claimant signature"), (0.55, "Signed on")], [(0.56, "25 08 2022")]])
    assert _read(words)["signed"] is False
    assert _read(_with_mark(words, 0.1, 0.27, below=0.007))["signed"] is True


def test_a_signature_drawn_across_its_caption_on_its_line_signs_the_form() -> None:
    words = _form([[(0.07, "Unterschrift"), (0.54, "Datum:")]])
    last = words[-2]  # the caption
    mark = Word(text=SIGNATURE_MARK, page=0, line=last.line, bbox=(0.097, last.bbox[1] - 0.003, 0.42,
                                                                      last.bbox[3] + 0.017))
    assert _read([*words[:-1], mark, words[-1]])["signed"] is True


def _pdf_form(path: Path, *, signed: bool, date_boxes: bool = False) -> None:
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((50, 60), "Auger Assurances - Déclaration de sinistre", fontsize=14)
    page.insert_text((50, 100), "Nom de l'assuré", fontsize=8)
    page.insert_text((50, 114), "Chloé Lefèvre", fontsize=11)
    page.insert_text((50, 140), "Numéro de police", fontsize=8)
    page.insert_text((50, 154), "FR-4471-0021", fontsize=11)
    page.insert_text((50, 180), "Date du sinistre", fontsize=8)
    if date_boxes:  # DD MM YYYY, a digit a box, the groups a little apart
        x = 50.0
        for group in ("25", "02", "2024"):
            for ch in group:
                page.draw_rect(pymupdf.Rect(x, 186, x + 11, 200), width=0.5)
                page.insert_text((x + 3, 197), ch, fontsize=10)
                x += 13
            x += 6
    else:
        page.insert_text((50, 194), "25/02/2024", fontsize=11)
    page.insert_text((50, 260), "Signature de l'assuré", fontsize=7)
    page.draw_line((50, 285), (280, 285), width=0.5)
    page.insert_text((330, 260), "Date", fontsize=7)
    page.insert_text((330, 275), "26/2/2024", fontsize=11)
    if signed:  # strokes across the caption, over its words
        shape = page.new_shape()
        shape.draw_bezier((58, 262), (80, 250), (100, 286), (120, 268))
        shape.draw_bezier((120, 268), (132, 255), (140, 280), (154, 262))
        shape.draw_bezier((64, 280), (72, 272), (84, 284), (94, 276))
        shape.finish(color=(0, 0, 0.4), width=1.1, closePath=False)
        shape.commit()
    page.insert_text((250, 800), "Auger Assurances — 1/1", fontsize=7)
    doc.save(path)


def _words(path: Path) -> list[Word]:
    settings = Settings()
    return load_document(identify(path, path.parent, settings.limits), settings).words


@pytest.mark.parametrize("signed", [True, False])
def test_strokes_drawn_across_the_signatures_caption_are_a_signature(tmp_path: Path, signed: bool) -> None:
    _pdf_form(tmp_path / "form.pdf", signed=signed)
    words = _words(tmp_path / "form.pdf")
    assert (SIGNATURE_MARK in [w.text for w in words]) is signed
    assert _read(words)["signed"] is signed


def test_a_date_in_boxes_grouped_as_day_month_and_year_is_read(tmp_path: Path) -> None:
    _pdf_form(tmp_path / "form.pdf", signed=True, date_boxes=True)
    words = _words(tmp_path / "form.pdf")
    assert "2024" in [w.text for w in words]  # the year's boxes stand apart from the month's
    assert _read(words)["incident_date"] == "2024-02-25"


@pytest.mark.parametrize(("city", "postcode"), [("Suburb", "PIN code"), ("Town / Suburb", "Postcode"),
                                                ("Municipio", "CEP"), ("Town", "Eircode"), ("Sted", "Postnummer")])
def test_address_captions_of_more_countries_are_read(city: str, postcode: str) -> None:
    data = _read(layout([[(0.05, "Claim Form")], [(0.05, "Policyholder:"), (0.3, "Sheri Moore")],
                         [(0.05, "Street:"), (0.3, "20329 Davis Court"), (0.6, f"{city}:"), (0.75, "Ottawa")],
                         [(0.05, f"{postcode}:"), (0.3, "K1P 5J2")]]))
    assert data["address"]["city"] == "Ottawa"
    assert data["address"]["postal_code"] == "K1P 5J2"


@pytest.mark.parametrize(("printed", "code"), [("H01T7V5", "H01 T7V5"), ("M15KJ", "M1 5KJ"), ("SW1A1AA", "SW1A 1AA"),
                                               ("K1P5J2", "K1P 5J2"), ("1071 HM", "1071 HM"), ("80181", "80181")])
def test_a_postal_code_ocr_ran_into_one_word_is_written_as_its_country_does(printed: str, code: str) -> None:
    """The space OCR lost between an Eircode's, a British or a Canadian code's halves is put back; other codes stay
    as printed, on their own line or in a one-line address."""
    alone = _read(layout([[(0.05, "Claim Form")], [(0.05, "Policyholder:"), (0.3, "Sheri Moore")],
                          [(0.05, "Street:"), (0.3, "127 Main Street")], [(0.05, "Town:"), (0.3, "Galway")],
                          [(0.05, "Postcode:"), (0.3, printed)]]))
    assert alone["address"]["postal_code"] == code
    one_line = _read(layout([[(0.05, "Claim Form")], [(0.05, "Policyholder:"), (0.3, "Sheri Moore")],
                             [(0.05, "Address:"), (0.3, f"127 Main Street, {printed} Galway")]]))
    assert one_line["address"] == {"street": "127 Main Street", "city": "Galway", "postal_code": code}


def test_a_norwegian_claim_form_is_read() -> None:
    data = _read(layout([
        [(0.05, "Holm Forsikring"), (0.7, "Skademelding")],
        [(0.05, "Forsikringstaker:"), (0.5, "Fødselsdato:")], [(0.05, "Andreas Berge"), (0.5, "28.05.1966")],
        [(0.05, "Adresse:"), (0.4, "Postnummer:"), (0.6, "Sted:")],
        [(0.05, "Moestykket 9"), (0.4, "9317"), (0.6, "Jonasstad")],
        [(0.05, "Avtalenr.:")], [(0.05, "80JP50359")],
        [(0.05, "Forsikringstype:"), (0.25, "☐ Bil"), (0.35, "☒ Reise"), (0.45, "☐ Helse"), (0.55, "☐ Bolig")],
        [(0.05, "Skadedato:"), (0.5, "Krevd beløp:")], [(0.05, "06.01.2023"), (0.5, "9311,13 NOK")],
        [(0.05, "Politianmeldelse?"), (0.3, "☐ Ja"), (0.4, "☒ Nei")],
        [(0.05, "Jeg bekrefter at opplysningene over er riktige og fullstendige.")],
        [(0.05, "Underskrift"), (0.5, "Sted og dato:")], [(0.05, "Andreas Berge"), (0.5, "21.01.2023")]]))
    assert (data["claimant_name"], data["date_of_birth"], data["policy_number"]) == (
        "Andreas Berge", "1966-05-28", "80JP50359")
    assert data["address"] == {"street": "Moestykket 9", "city": "Jonasstad", "postal_code": "9317"}
    assert (data["claim_type"], data["incident_date"], data["claim_amount"]) == ("travel", "2023-01-06", "9311.13")
    assert data["police_report_filed"] is False
    assert data["signed"] is True


@pytest.mark.parametrize(("figures", "iso"), [("1 7 12 1947", "1947-12-17"), ("06 072023", "2023-07-06"),
                                              ("2025 0403", "2025-04-03"), ("28051966", "1966-05-28"),
                                              ("8 1 2 0 2 5", "2025-01-08")])
def test_a_date_whose_boxes_ocr_read_as_figures_is_read_under_its_label(figures: str, iso: str) -> None:
    data = _read(layout([[(0.05, "Claim Request")], [(0.05, "Claimant"), (0.5, "Birth date")],
                         [(0.05, "Thomas Morris"), (0.5, figures)], [(0.05, "Policy reference")],
                         [(0.05, "OZO-761965")], [(0.05, "Date of event"), (0.5, "Total claimed")],
                         [(0.05, "25/07/2023"), (0.5, "£512.40")]]))
    assert data["date_of_birth"] == iso


def test_eight_figures_that_make_no_date_are_no_date() -> None:
    data = _read(layout([[(0.05, "Claim Request")], [(0.05, "Claimant"), (0.5, "Birth date")],
                         [(0.05, "Thomas Morris"), (0.5, "12 3456 78")]]))
    assert data["date_of_birth"] is None


def test_captions_a_narrow_cell_wrapped_after_a_little_word_are_read_whole() -> None:
    """ "Date de" over "l'événement", "Estimation du" over "dommage", "Signature de" over "l'assuré": the first line
    is the caption, and the second line, beside which the signature stands, is no claimant's label."""
    words = layout([
        [(0.05, "Wagner Assurance Générale"), (0.6, "Formulaire de réclamation")],
        [(0.05, "Nom et prénom"), (0.25, "Monique Gosselin"), (0.55, "Né(e) le"), (0.7, "07/08/1994")],
        [(0.05, "N° de contrat"), (0.25, "H190405/6")],
        [(0.05, "Date de"), (0.25, "18/09/2023"), (0.55, "Estimation du"), (0.7, "7 105,95 EUR")],
        [(0.05, "l'événement"), (0.55, "dommage")],
        [(0.05, "Plainte déposée ?"), (0.25, "☐ Oui"), (0.35, "☒ Non")],
        [(0.05, "Signature de"), (0.55, "Date"), (0.7, "23/09/2023")], [(0.05, "l'assuré")]])
    caption = words[-1]
    mark = Word(text=SIGNATURE_MARK, page=0, line=caption.line, bbox=(0.2, caption.bbox[1] - 0.004, 0.4,
                                                                      caption.bbox[3] + 0.01))
    data = _read([*words, mark])
    assert data["claimant_name"] == "Monique Gosselin"
    assert (data["incident_date"], data["claim_amount"]) == ("2023-09-18", "7105.95")
    assert data["signed"] is True


def test_a_brazilian_claim_forms_police_report_amount_and_medical_cover_are_read() -> None:
    data = _read(layout([
        [(0.05, "Sales Companhia de Seguros"), (0.6, "Aviso de sinistro")], [(0.05, "Tomador"), (0.4, "Ryan Sales")],
        [(0.05, "N.º da apólice"), (0.4, "H795573/2")],
        [(0.05, "Ramo"), (0.2, "☐ Viagem"), (0.35, "☒ Despesas médicas"), (0.6, "☐ Residencial")],
        [(0.05, "Data da ocorrência"), (0.3, "26/03/2023"), (0.5, "Prejuízo estimado"), (0.7, "BRL 6.855,47")],
        [(0.05, "Boletim de ocorrência?"), (0.3, "☐ Sim"), (0.4, "☒ Não")]]))
    assert (data["claim_type"], data["claim_amount"], data["police_report_filed"]) == ("health", "6855.47", False)


def test_a_portuguese_vehicle_claim_is_an_auto_claim() -> None:
    data = _read(layout([[(0.05, "Sales Companhia de Seguros"), (0.6, "Aviso de sinistro")],
                         [(0.05, "Tomador"), (0.4, "Ryan Sales")], [(0.05, "N.º da apólice:"), (0.4, "2023.177312")],
                         [(0.05, "Cobertura:"), (0.2, "☐ Residencial"), (0.4, "☐ Despesas médicas"),
                          (0.6, "☒ Veículo")]]))
    assert data["claim_type"] == "auto"


def test_a_city_of_several_words_over_a_phone_numbers_groups_is_read_whole() -> None:
    """A name's words are no row of captions to cut over the values under them, even where one word starts where a
    group of the phone number under it starts."""
    words = layout([[(0.05, "Formulaire de réclamation")], [(0.05, "Nom et prénom"), (0.234, "Monique Gosselin")],
                    [(0.05, "N° et rue"), (0.234, "rue Valérie Dupré"), (0.6, "CP"), (0.7, "74137")],
                    [(0.05, "Ville"), (0.234, "Sainte Michelle-les-Bains")],
                    [(0.05, "Téléphone"), (0.234, "02"), (0.26, "69"), (0.2876, "70"), (0.31, "16"), (0.335, "63")]])
    assert _read(words)["address"]["city"] == "Sainte Michelle-les-Bains"


def _polyline_form(path: Path, *, frame: bool, flat_every: int = 18) -> None:
    """A form whose signature a web app's canvas drew as one polyline of many short pieces, one in ``flat_every``
    of them level (``frame``: a box of level and plumb pieces in its place)."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((50, 60), "Sagafe Versicherungen - Schadenmeldung", fontsize=14)
    page.insert_text((50, 100), "Versicherungsnehmer", fontsize=8)
    page.insert_text((50, 114), "Jonas Gruber", fontsize=11)
    page.insert_text((50, 140), "Polizzennummer", fontsize=8)
    page.insert_text((50, 154), "AT-55120-88", fontsize=11)
    page.insert_text((50, 180), "Schadendatum", fontsize=8)
    page.insert_text((50, 194), "25.02.2024", fontsize=11)
    shape = page.new_shape()
    if frame:
        shape.draw_polyline([(360, 505), (520, 505), (520, 532), (360, 532), (360, 506)])
    else:  # a wave along the line, its pieces sampled as a canvas records them (some flat at its crests)
        points = [(360 + 2.3 * i, 518 + (0 if i % flat_every in (0, 1) else 10 * math.sin(i / 2.5)))
                  for i in range(70)]
        shape.draw_polyline(points)
    shape.finish(color=(0.05, 0.1, 0.43), width=1.0, closePath=False)
    shape.commit()
    page.draw_line((345, 537), (545, 537), width=0.6)
    page.insert_text((345, 550), "Unterschrift des Versicherungsnehmers", fontsize=7)
    page.insert_text((50, 550), "Datum: 26.02.2024", fontsize=9)
    page.insert_text((250, 800), "Sagafe Versicherungen - 1/1", fontsize=7)
    doc.save(path)


@pytest.mark.parametrize(("frame", "flat_every"), [(False, 18), (False, 6), (True, 18)])
def test_a_signature_drawn_as_a_polyline_of_short_pieces_is_a_signature(tmp_path: Path, frame: bool,
                                                                         flat_every: int) -> None:
    _polyline_form(tmp_path / "form.pdf", frame=frame, flat_every=flat_every)
    words = _words(tmp_path / "form.pdf")
    assert (SIGNATURE_MARK in [w.text for w in words]) is not frame
    assert _read(words)["signed"] is not frame


def _tall_font_form(path: Path) -> None:
    """A one-page PDF: a 7 pt caption in Helvetica over its value in a Type 3 font whose FontBBox is four times
    its size tall (as a handwriting font's box is), so that the value's box reaches up over the caption."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    def stream(data: bytes) -> bytes:
        return b"<< /Length %d >>\nstream\n%s\nendstream" % (len(data), data)

    glyphs = {c: add(stream(b"500 0 0 0 400 700 d1 0 0 400 700 re f")) for c in letters}
    procs = add(b"<< " + b" ".join(b"/%s %d 0 R" % (c.encode(), n) for c, n in glyphs.items()) + b" >>")
    names = b" ".join(b"/" + c.encode() for c in letters)
    font = add(b"<< /Type /Font /Subtype /Type3 /FontBBox [0 -1500 1000 2500] /FontMatrix [0.001 0 0 0.001 0 0] "
               b"/CharProcs %d 0 R /Encoding << /Type /Encoding /Differences [65 %s] >> /FirstChar 65 /LastChar 90 "
               b"/Widths [%s] /Resources << >> >>" % (procs, names, b" ".join(b"500" for _ in letters)))
    helvetica = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    content = add(stream(b"BT /F1 7 Tf 50 700 Td (Name of claimant) Tj ET BT /F2 14 Tf 50 686 Td (JOHN SMITH) Tj ET"))
    pages = len(objects) + 2
    page = add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 595 842] /Contents %d 0 R "
               b"/Resources << /Font << /F1 %d 0 R /F2 %d 0 R >> >> >>" % (pages, content, helvetica, font))
    add(b"<< /Type /Pages /Kids [%d 0 R] /Count 1 >>" % page)
    catalog = add(b"<< /Type /Catalog /Pages %d 0 R >>" % pages)
    out, offsets = b"%PDF-1.4\n", []
    for n, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (n, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, catalog, xref)
    path.write_bytes(out)


def test_a_value_in_a_font_with_an_outsized_box_stays_under_its_caption(tmp_path: Path) -> None:
    """A handwriting font's bounding box can be several times its size: the value's words, boxed by it, reached over
    the caption above and were read on the caption's line ("Nome Inês do tomador Brandão do seguro"). They are
    boxed from the baseline and the font size, a line of their own under the caption."""
    _tall_font_form(tmp_path / "form.pdf")
    words = _words(tmp_path / "form.pdf")
    lines = {w.text: w.line for w in words}
    assert [w.text for w in sorted(words, key=lambda w: (w.line, w.bbox[0]))] == \
        ["Name", "of", "claimant", "JOHN", "SMITH"]
    assert lines["JOHN"] == lines["SMITH"] != lines["Name"]
    caption = next(w for w in words if w.text == "Name")
    assert all(w.bbox[1] >= caption.bbox[1] for w in words if w.text in ("JOHN", "SMITH"))


def _small_type_form(path: Path, signed: bool) -> None:
    """A form drawn as gnuplot draws one: 6-point captions and values, boxes 15 points square (1.8 word
    heights) with an X of two separate lines in the ticked one, and a signature of some hundred separate line
    segments 45 points high (five and a half word heights)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((50, 60), "Insurance Claim Form", fontsize=11)
    for y, caption, value in ((100, "Full name", "Dwayne Kaminski"), (130, "Policy number", "KV-943469"),
                              (160, "Street address", "36 W Harrison St"), (190, "ZIP code", "60614"),
                              (220, "City", "Chicago"), (250, "Date of incident", "05/16/2024")):
        page.insert_text((50, y), caption, fontsize=6)
        page.insert_text((50, y + 10), value, fontsize=6)
    page.insert_text((50, 290), "Type of claim", fontsize=6)
    for x, option, ticked in ((58, "Auto", False), (180, "Home", False), (302, "Health", False), (424, "Travel", True)):
        page.draw_rect(pymupdf.Rect(x, 298, x + 15, 313), color=(0, 0, 0), width=0.5)
        if ticked:
            page.draw_line((x + 2, 300), (x + 13, 311), color=(0.1, 0.2, 0.5), width=1.1)
            page.draw_line((x + 13, 300), (x + 2, 311), color=(0.1, 0.2, 0.5), width=1.1)
        page.insert_text((x + 20, 308), option, fontsize=6)
    page.insert_text((50, 340), "Was a police report filed?", fontsize=6)
    for x, option, ticked in ((200, "Yes", False), (260, "No", True)):
        page.draw_rect(pymupdf.Rect(x, 329, x + 15, 344), color=(0, 0, 0), width=0.5)
        if ticked:
            page.draw_line((x + 2, 331), (x + 13, 342), color=(0.1, 0.2, 0.5), width=1.1)
            page.draw_line((x + 13, 331), (x + 2, 342), color=(0.1, 0.2, 0.5), width=1.1)
        page.insert_text((x + 19, 340), option, fontsize=6)
    page.draw_rect(pymupdf.Rect(262, 380, 544, 450), color=(0, 0, 0), width=0.4)
    page.insert_text((267, 388), "Signature of claimant", fontsize=5)
    if signed:  # loops left to right, each piece a path of its own
        points = [(280 + 2.4 * k + 9 * math.sin(k / 2.2), 422 - 22.5 * math.cos(k / 2.2)) for k in range(100)]
        for a, b in zip(points, points[1:], strict=False):
            page.draw_line(a, b, color=(0.13, 0.13, 0.13), width=0.7)
    page.insert_text((460, 800), "Form CF-859", fontsize=6)
    doc.save(path)


@pytest.mark.parametrize("signed", [True, False])
def test_a_form_drawn_in_small_type_has_its_boxes_and_signature_read(tmp_path: Path, signed: bool) -> None:
    """Boxes 1.8 word heights high with the option's word right beside them are boxes; a signature drawn in
    separate line segments five and a half word heights high signs the form."""
    _small_type_form(tmp_path / "form.pdf", signed)
    words = _words(tmp_path / "form.pdf")
    data = _read(words)
    assert (data["claim_type"], data["police_report_filed"]) == ("travel", False)
    assert (SIGNATURE_MARK in [w.text for w in words], data["signed"]) == (signed, signed)
