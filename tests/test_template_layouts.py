"""Documents made from HTML templates the way web applications print them: a table header centred over its cells,
prices with their VAT contained, a restaurant's bill with a service charge, a shop's name in display type wrapped
across a till receipt, and claim forms as bordered tables (an address of two lines beside one caption, a policy
number with six decimals, a typed X in a drawn box, a signature pasted in as a picture)."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pymupdf
import pytest
from PIL import Image, ImageDraw

from engine.base import SIGNATURE_MARK, EngineRequest, EngineResult, Word
from engine.registry import create_engine
from pipeline.checkboxes import _peeled, find_check_boxes
from pipeline.config import Settings
from pipeline.formfields import CHECKED, UNCHECKED
from pipeline.ingest import identify
from pipeline.layout import RawWord, split_glued_codes, split_glued_labels
from pipeline.ocr import load_document
from schemas import ClaimForm, Invoice, Receipt
from tests.layout import layout


def _run(words: list[Word], target: type) -> EngineResult:
    (result,) = create_engine("baseline").extract_batch([EngineRequest(id="doc", words=words, target=target)])
    return result


def test_a_description_left_of_a_header_centred_over_its_cell_is_the_rows() -> None:
    """The position column's label is nearer to a short description than the description's own label, centred
    over a wide cell; the row's number fills the position column, or would, where OCR lost it."""
    items = _run(layout([
        [(0.05, "Invoice"), (0.6, "No. 4471")],
        [(0.09, "No."), (0.25, "Description"), (0.48, "Qty"), (0.59, "Price"), (0.77, "Amount")],
        [(0.09, "1"), (0.12, "Office chairs and desks"), (0.5, "2"), (0.59, "10.00"), (0.77, "20.00")],
        [(0.09, "2"), (0.12, "Toner"), (0.5, "3"), (0.59, "5.00"), (0.77, "15.00")],
        [(0.12, "Paper"), (0.5, "1"), (0.59, "4.00"), (0.77, "4.00")],
        [(0.6, "Total"), (0.77, "39.00")],
    ]), Invoice).data["line_items"]
    assert [i["description"] for i in items] == ["Office chairs and desks", "Toner", "Paper"]
    assert [i["amount"] for i in items] == ["20.00", "15.00", "4.00"]


def test_a_unit_right_of_the_description_stays_out_of_it() -> None:
    items = _run(layout([
        [(0.05, "Invoice"), (0.6, "No. 4471")],
        [(0.05, "Description"), (0.42, "Qty"), (0.50, "Unit"), (0.62, "Price"), (0.8, "Amount")],
        [(0.05, "Cleaning service"), (0.42, "2"), (0.49, "h"), (0.62, "10.00"), (0.8, "20.00")],
        [(0.6, "Total"), (0.8, "20.00")],
    ]), Invoice).data["line_items"]
    assert [i["description"] for i in items] == ["Cleaning service"]


def test_a_quantity_with_its_unit_under_a_unit_column_is_the_rows_quantity() -> None:
    """"2 Stück" reaches further under "Einheit" than under "Menge": its figure is the quantity all the same."""
    items = _run(layout([
        [(0.05, "Rechnung"), (0.6, "Nr. 4471")],
        [(0.05, "Beschreibung"), (0.54, "Menge"), (0.61, "Einheit"), (0.7, "Preis"), (0.82, "Betrag")],
        [(0.05, "Beratungsleistung"), (0.575, "2 Stück"), (0.7, "0,61"), (0.82, "1,22")],
        [(0.05, "Fotografie"), (0.575, "12 Tag"), (0.7, "0,59"), (0.82, "7,08")],
        [(0.6, "Gesamt"), (0.82, "8,30")],
    ]), Invoice).data["line_items"]
    assert [i["quantity"] for i in items] == ["2", "12"]


def test_a_count_before_a_description_that_starts_with_a_unit_word_is_the_quantity() -> None:
    """A line printer's table: counts set right against the description column, one of which starts with a unit
    word ("12 Heures de conseil" reads as a quantity "12 Heures"): the count is the row's, the unit word the
    description's."""
    items = _run(layout([
        [(0.05, "FACTURE"), (0.6, "N de facture K117338")],
        [(0.03, "QTE"), (0.108, "DESIGNATION"), (0.52, "PRIX UNITAIRE"), (0.74, "MONTANT")],
        [(0.092, "1"), (0.108, "Cartouche de toner noir"), (0.6, "468,19"), (0.755, "468,19")],
        [(0.084, "12"), (0.108, "Heures de conseil"), (0.608, "38,44"), (0.755, "461,28")],
        [(0.084, "10"), (0.108, "Impression cartes de visite"), (0.608, "28,46"), (0.755, "284,60")],
        [(0.52, "SOUS-TOTAL"), (0.755, "1 214,07")],
    ]), Invoice).data["line_items"]
    assert [(i["quantity"], i["description"]) for i in items] == [
        ("1", "Cartouche de toner noir"), ("12", "Heures de conseil"), ("10", "Impression cartes de visite")]


def test_a_description_touching_the_code_columns_label_is_the_rows() -> None:
    """A photographed page's columns drift: "Reiskosten" reaches a sliver under "Artikelcode", whose code the row
    prints; it is still the description."""
    items = _run(layout([
        [(0.05, "Factuur"), (0.6, "Nr. 2024-17")],
        [(0.07, "Artikelcode"), (0.28, "Omschrijving"), (0.51, "Aantal"), (0.68, "Tarief"), (0.8, "Bedrag")],
        [(0.08, "P86959"), (0.17, "Ondersteuning op locatie"), (0.53, "1,25"), (0.66, "€ 135,72"),
         (0.78, "€ 169,65")],
        [(0.08, "A-94310"), (0.155, "Reiskosten"), (0.53, "12,5"), (0.68, "€ 3,36"), (0.79, "€ 42,00")],
        [(0.6, "Totaal"), (0.78, "€ 211,65")],
    ]), Invoice).data["line_items"]
    assert [i["description"] for i in items] == ["Ondersteuning op locatie", "Reiskosten"]


def test_an_article_code_run_into_its_description_is_cut_off_it() -> None:
    """Cells set edge to edge: the text layer gives "SKU73117Portes" as one word; a code's column narrower than
    the gap between words makes "SKU84180 Onderhoud website" one span, under two columns' labels."""
    line = [RawWord("SKU73117Portes", 72.4, 100, 145.7, 110), RawWord("de", 148, 100, 158, 110),
            RawWord("4711", 300, 100, 320, 110), RawWord("Main", 330, 100, 350, 110)]
    assert [w.text for w in split_glued_codes(line)] == ["SKU73117", "Portes", "de", "4711", "Main"]
    assert [w.text for w in split_glued_codes([RawWord("MP3Player", 0, 0, 50, 10)])] == ["MP3Player"]
    header = [RawWord(t, 20 * k, 0, 20 * k + 15, 10) for k, t in enumerate(["Pos.", "Leistung", "E-PreisMwSt.", "Betrag"])]
    assert [w.text for w in split_glued_labels(header)] == ["Pos.", "Leistung", "E-Preis", "MwSt.", "Betrag"]
    items = _run(layout([
        [(0.05, "Factuur"), (0.6, "Nr. 2024-17")],
        [(0.09, "#"), (0.13, "Art.nr."), (0.34, "Artikel"), (0.54, "Aantal"), (0.69, "Prijs"), (0.85, "Bedrag")],
        [(0.09, "1"), (0.122, "SKU84180 Onderhoud website"), (0.55, "12,5"), (0.69, "373,62"), (0.85, "4.670,25")],
        [(0.09, "2"), (0.122, "A-33103"), (0.21, "Projectbegeleiding"), (0.55, "1"), (0.68, "1.252,21"),
         (0.85, "1.252,21")],
        [(0.6, "Totaal"), (0.85, "5.922,46")],
    ]), Invoice).data["line_items"]
    assert [i["description"] for i in items] == ["Onderhoud website", "Projectbegeleiding"]


def test_a_column_label_a_narrow_cell_wrapped_over_two_lines() -> None:
    """"Unit" names no field alone (a unit of measure's column?); with "Price" under it, it heads the prices."""
    items = _run(layout([
        [(0.05, "Tax Invoice"), (0.6, "No. IN-889761")],
        [(0.2, "Services"), (0.48, "Unit"), (0.56, "Qty"), (0.66, "Total")],
        [(0.47, "Price"), (0.66, "(AUD)")],
        [(0.08, "Laptop stand"), (0.46, "100.76"), (0.56, "1.5"), (0.65, "151.14")],
        [(0.08, "Copywriting"), (0.47, "62.07"), (0.56, "0.5"), (0.66, "31.04")],
        [(0.55, "Total"), (0.65, "182.18")],
    ]), Invoice).data["line_items"]
    assert [i["unit_price"] for i in items] == ["100.76", "62.07"]


def test_an_amount_its_narrow_cell_wrapped_after_the_currency_sign() -> None:
    items = _run(layout([
        [(0.05, "Rechnung"), (0.6, "Nr. 2022/505")],
        [(0.05, "Beschreibung"), (0.47, "Menge"), (0.56, "Preis"), (0.72, "Betrag")],
        [(0.05, "Projektleitung"), (0.47, "4"), (0.52, "CHF 394.56"), (0.74, "CHF")],
        [(0.69, "1'578.24")],
        [(0.05, "Montagearbeiten"), (0.47, "1"), (0.52, "CHF 804.09"), (0.67, "CHF 804.09")],
        [(0.55, "Gesamt"), (0.67, "CHF 2'382.33")],
    ], leading=1.3), Invoice).data["line_items"]  # the cell's lines as close as a paragraph's
    assert [i["amount"] for i in items] == ["1578.24", "804.09"]


def test_prices_with_their_vat_contained_two_rates() -> None:
    """The total's label says the VAT is in it ("c/ IVA": with VAT), each rate's line says how much is."""
    result = _run(layout([
        [(0.05, "Fatura"), (0.6, "N.º G235384")],
        [(0.05, "Descrição"), (0.5, "Quant."), (0.62, "Preço"), (0.8, "Valor")],
        [(0.05, "Alojamento web"), (0.52, "1"), (0.62, "8.473,90 €"), (0.8, "8.473,90 €")],
        [(0.05, "Papel A4"), (0.52, "2"), (0.62, "254,12 €"), (0.8, "508,24 €")],
        [(0.55, "Total (c/ IVA)"), (0.8, "8.982,14 €")],
        [(0.55, "IVA 23% incluído"), (0.8, "0,60 €")],
        [(0.55, "IVA 6% incluído"), (0.8, "508,24 €")],
        [(0.55, "Base tributável"), (0.8, "8.473,30 €")],
    ]), Invoice)
    data = result.data
    assert (data["subtotal"], data["tax"], data["total"]) == ("8473.30", "508.84", "8982.14")
    assert result.fields["total"].confidence >= 0.9  # read by its label, not guessed as the largest amount


def test_a_restaurants_total_is_what_is_due_after_its_service_charge() -> None:
    """"Total articles" wrapped after its first word reads as the total; the service charge after it and the
    amount they come to say it was the food's sum."""
    data = _run(layout([
        [(0.25, "Brasserie Pruvost")],
        [(0.25, "80, rue Gérard Bertrand")],
        [(0.26, "61380 Millet-la-Forêt")],
        [(0.04, "Le:"), (0.13, "18/02/2023"), (0.37, "17:26")],
        [(0.04, "3"), (0.35, "Pâtes"), (0.85, "93,45")],
        [(0.04, "6"), (0.35, "Pommes"), (0.83, "231,29")],
        [(0.04, "Total"), (0.83, "324,74")],
        [(0.04, "articles")],
        [(0.04, "Service"), (0.22, "10%"), (0.85, "32,47")],
        [(0.35, "NET A"), (0.76, "357,21")],
        [(0.35, "PAYER")],
        [(0.04, "VISA"), (0.83, "357,21")],
    ]), Receipt).data
    assert data["total"] == "357.21"
    plain = _run(layout([
        [(0.25, "Brasserie Pruvost")],
        [(0.04, "18/02/2023")],
        [(0.04, "Total"), (0.83, "324,74")],
        [(0.04, "VISA"), (0.83, "324,74")],
        [(0.04, "Pourboire"), (0.83, "10,00")],  # a tip printed after the payment, summing to nothing
    ]), Receipt).data
    assert plain["total"] == "324.74"


def test_a_vat_summarys_total_column_is_no_receipts_total() -> None:
    """A till receipt's VAT summary after its payment, headed "IVA | Base | Cuota | Total": the amount under
    "Total" is one rate's gross, while the receipt's total is labelled in large type its line could not hold."""
    data = _run(layout([
        [(0.3, "Bar Pepe")],
        [(0.2, "Calle Mayor 5, 28013 Madrid")],
        [(0.04, "Fecha: 03/04/2022 15:42")],
        [(0.04, "Tostada"), (0.54, "44,84"), (0.79, "A")],
        [(0.04, "Agua 6x1,5L"), (0.56, "4,68"), (0.79, "A")],
        [(0.04, "Caña"), (0.54, "14,98"), (0.79, "B")],
        [(0.04, "TOTAL A"), (0.49, "68,50")],
        [(0.04, "PAGAR EUR")],
        [(0.04, "VISA"), (0.85, "68,50")],
        [(0.04, "IVA"), (0.41, "Base"), (0.62, "Cuota"), (0.85, "Total")],
        [(0.04, "A 21%"), (0.39, "44,23"), (0.64, "9,29"), (0.85, "53,52")],
        [(0.04, "B 10%"), (0.39, "13,62"), (0.64, "1,36"), (0.85, "14,98")],
    ]), Receipt).data
    assert data["total"] == "68.50"
    assert _run(layout([[(0.3, "Bar Roma")], [(0.04, "11/03/2024")], [(0.04, "Pasta"), (0.8, "224,62")],
                        [(0.35, "TOTALE EURO"), (0.8, "224,62")],
                        [(0.04, "IVA"), (0.32, "Imponibile"), (0.59, "Imposta"), (0.85, "Totale")],
                        [(0.04, "A 22%"), (0.4, "27,08"), (0.65, "5,96"), (0.86, "33,04")]]),
                Receipt).data["total"] == "224.62"


def test_an_italian_vat_number_line_ends_a_receipts_address() -> None:
    """"Partita IVA" (VAT number) under the address, read by OCR as one span of words."""
    data = _run(layout([
        [(0.35, "Bar Bonolis")],
        [(0.12, "Contrada Sophia, 97 Appartamento 3")],
        [(0.36, "04012 Offlaga")],
        [(0.22, "Partita IVA IT-84928214174")],
        [(0.04, "Data: 11/03/2024 18:11")],
        [(0.04, "4 Espresso"), (0.85, "5,04")],
        [(0.04, "TOTALE EURO"), (0.85, "5,04")],
    ]), Receipt).data
    assert data["merchant_address"] == "Contrada Sophia, 97 Appartamento 3, 04012 Offlaga"


def test_a_shops_name_in_display_type_wrapped_across_a_till_receipt() -> None:
    data = _run(layout([
        [(0.22, "Supermercado")],
        [(0.236, "Fábregas")],  # centred under the first line
        [(0.18, "Avenida Socorro Coloma 53")],
        [(0.32, "41457 La Rioja")],
        [(0.05, "03/04/2022"), (0.64, "15:42")],
        [(0.05, "2 Chocolate"), (0.85, "3,36")],
        [(0.05, "TOTAL"), (0.85, "3,36")],
    ], heights={0: 0.03, 1: 0.03}), Receipt).data
    assert data["merchant_name"] == "Supermercado Fábregas"
    small = _run(layout([  # at the body's size, the next line is the address's, not the name's
        [(0.22, "Supermercado")],
        [(0.236, "Fábregas")],
        [(0.05, "03/04/2022")],
        [(0.05, "TOTAL"), (0.85, "3,36")],
    ]), Receipt).data
    assert small["merchant_name"] == "Supermercado"


def _claim(rows: list) -> dict:
    return _run(layout([
        [(0.05, "Claim Form")],
        [(0.05, "Full name"), (0.35, "Nicodemo Campoy Torre")],
        *rows,
        [(0.05, "Type of claim"), (0.35, "☒ Motor"), (0.5, "☐ Home")],
        [(0.05, "Date of loss"), (0.35, "13/07/2023")],
        [(0.05, "Police report filed"), (0.35, "☐ Yes"), (0.5, "☒ No")],
    ]), ClaimForm).data


def test_an_address_of_two_lines_beside_one_caption() -> None:
    data = _claim([[(0.05, "Policy No."), (0.35, "HV-3984179")],
                   [(0.05, "Address"), (0.35, "Plaza Adelina Escobar 31")],
                   [(0.35, "34506 Albacete")]])
    assert data["address"] == {"street": "Plaza Adelina Escobar 31", "city": "Albacete", "postal_code": "34506"}
    us = _claim([[(0.05, "Policy No."), (0.35, "HV-3984179")],
                 [(0.05, "Home address"), (0.35, "4410 Cedar Ridge Dr")],
                 [(0.35, "Madison, WI 53749")]])
    assert us["address"] == {"street": "4410 Cedar Ridge Dr", "city": "Madison", "postal_code": "53749"}
    au = _claim([[(0.05, "Policy No."), (0.35, "B27363292")],
                 [(0.05, "Address"), (0.35, "61/93 Rice Corso")],
                 [(0.35, "South Elizabeth, 5233")]])
    assert au["address"] == {"street": "61/93 Rice Corso", "city": "South Elizabeth", "postal_code": "5233"}


def test_a_name_caption_under_the_claimants_section_heading_is_no_name() -> None:
    """"Tomador do seguro" (the policyholder) heads the section; "Nome completo" (full name) captions the name."""
    data = _run(layout([
        [(0.07, "Almeida S.A."), (0.72, "Declaração de sinistro")],
        [(0.08, "1. Tomador do seguro")],
        [(0.08, "Nome completo"), (0.35, "Iara-Lorena Pinto")],
        [(0.08, "N.º apólice"), (0.35, "HV-3984179")],
        [(0.08, "Data do sinistro"), (0.35, "09/05/2024")],
    ]), ClaimForm).data
    assert data["claimant_name"] == "Iara-Lorena Pinto"


def test_a_policy_number_with_six_decimals_and_a_short_birth_caption() -> None:
    data = _claim([[(0.05, "Policy number"), (0.35, "47.316550")], [(0.05, "Data nasc."), (0.35, "09/02/1993")],
                   [(0.05, "Street"), (0.35, "Largo de Melo, 58")], [(0.05, "Postcode"), (0.35, "5075-943")],
                   [(0.05, "City"), (0.35, "Matosinhos")]])
    assert data["policy_number"] == "47.316550" and data["date_of_birth"] == "1993-02-09"


def _scribble(width: int = 300, height: int = 80) -> bytes:
    """A signature as a picture with a transparent ground: a stroke rising and falling across it."""
    im = Image.new("RGBA", (width, height), (255, 255, 255, 0))
    points = [(10 + k * (width - 20) / 80, height / 2 + height * 0.3 * math.sin(k / 80 * 9 * math.pi) * (1 - k / 200))
              for k in range(81)]
    ImageDraw.Draw(im).line(points, fill=(19, 35, 91, 255), width=3, joint="curve")
    buf = io.BytesIO()
    im.save(buf, "PNG")
    return buf.getvalue()


def _form_with_picture(path: Path, picture: bytes | None) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    rows = [("Claim Form", ""), ("Full name", "Frank Küng"), ("Policy number", "F67928319"),
            ("Street", "Zehnderstrasse 61"), ("Postcode", "3184"), ("City", "Lugano"),
            ("Type of claim", "[X] Home"), ("Date of loss", "2023-07-08"), ("Police report filed", "[ ] Yes [X] No")]
    for k, (label, value) in enumerate(rows):
        page.insert_text((50, 80 + 20 * k), label, fontsize=10, fontname="helv")
        page.insert_text((250, 80 + 20 * k), value, fontsize=10, fontname="helv")
    page.insert_text((50, 300), "Place, date", fontsize=10, fontname="helv")
    page.insert_text((50, 314), "Lugano, 29 July 2023", fontsize=10, fontname="helv")
    if picture is not None:
        page.insert_image(pymupdf.Rect(260, 285, 365, 313), stream=picture)
    page.insert_text((260, 330), "____________________________", fontsize=10, fontname="helv")
    page.insert_text((260, 344), "Signature of claimant", fontsize=8, fontname="helv")
    doc.save(path)
    doc.close()
    return path


def test_a_signature_pasted_in_as_a_picture_signs_a_born_digital_form(tmp_path: Path) -> None:
    settings = Settings()
    signed = _form_with_picture(tmp_path / "signed.pdf", _scribble())
    words = load_document(identify(signed, tmp_path, settings.limits), settings).words
    assert [w.text for w in words].count(SIGNATURE_MARK) == 1
    assert _run(words, ClaimForm).data["signed"] is True
    unsigned = _form_with_picture(tmp_path / "unsigned.pdf", None)
    words = load_document(identify(unsigned, tmp_path, settings.limits), settings).words
    assert SIGNATURE_MARK not in [w.text for w in words]
    assert _run(words, ClaimForm).data["signed"] is False


def test_a_picture_of_printed_words_is_no_signature(tmp_path: Path) -> None:
    from tests.inputs_factory import invoice_with_logo_pdf

    settings = Settings()
    path = invoice_with_logo_pdf(tmp_path / "logo.pdf")
    words = load_document(identify(path, tmp_path, settings.limits), settings).words
    assert SIGNATURE_MARK not in [w.text for w in words]


def test_a_typed_x_in_a_drawn_box_of_a_scan_is_a_tick() -> None:
    """A form's box drawn as a bordered cell, its X typed at the top of it (sparser than a drawn cross), and the
    option's word OCR ran into what it read of the box."""
    image = Image.new("L", (600, 120), 255)
    draw = ImageDraw.Draw(image)
    for x in (40, 300):
        draw.rectangle((x, 40, x + 32, 72), outline=0, width=2)
    draw.line((307, 45, 318, 57), fill=0, width=2)  # a small X in the top part of the second box
    draw.line((318, 45, 307, 57), fill=0, width=2)
    boxes = sorted(find_check_boxes(image, word_height=25), key=lambda b: b.x0)
    assert [b.text for b in boxes] == [UNCHECKED, CHECKED]
    glued = RawWord("X]Kranken", 300, 40, 470, 78)
    assert _peeled(glued, boxes).text == "Kranken"
    side = RawWord("]Kfz", 80, 45, 130, 75)  # the box found apart, a bracket of its side left before the word
    assert _peeled(side, boxes).text == "Kfz"
    assert _peeled(RawWord("Olivia", 80, 45, 130, 75), boxes).text == "Olivia"
    assert _peeled(RawWord("ODom", 300, 40, 400, 78), boxes).text == "Dom"  # one letter read for the box
    # a bold capital taken for a box at a legal form's start is that form's letter ("Harbour Digital DAC")
    assert _peeled(RawWord("DAC", 300, 40, 400, 78), boxes).text == "DAC"


@pytest.mark.parametrize("title", ["KASSABON", "PARAGON FISKALNY", "TICKET DE CAISSE"])
def test_a_tills_title_under_the_address_ends_it(title: str) -> None:
    receipt = _run(layout([
        [(0.3, "Bakkerij de Molen")], [(0.3, "Dorpsstraat 172")], [(0.3, "3011 AD Rotterdam")], [(0.35, title)],
        [(0.1, "Brood"), (0.7, "3,20")], [(0.1, "TOTAAL"), (0.7, "3,20")], [(0.1, "12-03-2024 10:14")],
    ]), Receipt).data
    assert receipt["merchant_address"] == "Dorpsstraat 172, 3011 AD Rotterdam"


def _listing(text: str) -> list[Word]:
    """A line printer's page: each character a cell 1/90 of the page wide, a line 1/72 of its height."""
    import re

    return [Word(text=m.group(), page=0, line=n, bbox=(m.start() / 90, n / 72, m.end() / 90, (n + 0.8) / 72))
            for n, line in enumerate(text.splitlines()) for m in re.finditer(r"\S+", line)]


def test_detail_lines_under_items_are_no_part_of_their_descriptions() -> None:
    """A line printer's items with lines of detail under most of them (a model, what a service took, the month):
    most would have fitted on the item's line with room to spare, so none is a wrapped description, not even one
    whose first word just reaches the column's end; a month alone under an item is none either."""
    items = _run(_listing("""SOLVENT GRAFICA S.N.C.                     FATTURA N...: RE-2024-0293
POS CODICE     DESCRIZIONE                       Q.TA PREZZO UNIT.       IMPORTO EUR
001 D8940-95   Hosting annuale                      3         14,60            43,80
               Server gestito 4 GB
               10/2024
002 T6046-98   Carta A4 80 g                        2         52,28           104,56
003 F6002-84   Guanti protettivi tg. 9             50      1.442,78        72.139,00
               SN 652574
004 B1324-12   Sedia ergonomica ufficio             1         65,86            65,86
               Modello Comfort, nero
007 R6288-38   Sviluppo backend                   7,5         72,50           543,75
008 D7206-67   Testi schede prodotto               50      1.269,26        63.463,00
               12 schede
010 A5138-26   Progettazione sito web             7,5         45,00           337,50
               Layout responsive, 3 revisioni
               02/2024
                                        TOTALE                           137.356,46"""), Invoice).data["line_items"]
    assert [i["description"] for i in items] == [
        "Hosting annuale", "Carta A4 80 g", "Guanti protettivi tg. 9", "Sedia ergonomica ufficio", "Sviluppo backend",
        "Testi schede prodotto", "Progettazione sito web"]


def test_a_telephone_number_without_its_label_under_the_name_is_no_address() -> None:
    receipt = _run(layout([
        [(0.3, "Matbutiken AB")], [(0.32, "570 2244 45")], [(0.28, "Momsreg.nr SE502296991401")],
        [(0.1, "Kassa 5"), (0.6, "No. 5846")], [(0.1, "Pasta 500g"), (0.7, "15,48 kr")],
        [(0.1, "TOTALT"), (0.7, "15,48 kr")], [(0.1, "2025-03-12 10:14")],
    ]), Receipt).data
    assert receipt["merchant_address"] is None
