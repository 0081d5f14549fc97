"""Documents filled into absolutely positioned templates, as web apps print them: captions in small type in grey
cells with the values in boxes right beside or under them, the place and date of a declaration over its signature
line, a signature drawn as an SVG path, an issuer named only in the footer, meta data set out in a column of labels
with their values at the right edge, a project's or a pet's details on a line of colon labels, and receipts whose
till line names the cashier."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from engine.base import SIGNATURE_MARK, Word
from pipeline.config import Settings
from pipeline.ingest import identify
from pipeline.ocr import load_document
from schemas import ClaimForm, Invoice, Receipt
from tests.layout import CHAR_W, layout, read_baseline

def _read(words: list[Word], target: type = ClaimForm) -> dict:
    return read_baseline(words, target)


_HOLDER = [[(0.05, "Travel Insurance Claim Form")],
           [(0.05, "Name of policyholder"), (0.3, "Chloe Anderson")],
           [(0.05, "Policy number"), (0.3, "BB85281478")],
           [(0.05, "Address"), (0.3, "31 Oak Ridge Drive")],
           [(0.05, "Postal code"), (0.3, "27601"), (0.5, "City"), (0.65, "Raleigh")],
           [(0.05, "Date of incident"), (0.3, "03/02/2024")]]


# --- the declaration: place and date over the signature's line ---

@pytest.mark.parametrize("place_and_date", [
    [[(0.062, "Fait à"), (0.51, "Date")], [(0.068, "Lyon"), (0.515, "10/07/2024")]],  # captions over the values
    [[(0.077, "Ort"), (0.253, "Hamburg"), (0.515, "Datum"), (0.691, "17.01.2025")]],  # captions beside them
    [[(0.063, "Local"), (0.245, "Curitiba"), (0.515, "Data"), (0.697, "02/08/2024")]],
])
def test_the_place_of_the_declaration_over_the_signature_line_is_no_signature(place_and_date: list) -> None:
    rows = [*_HOLDER, [(0.06, "I declare that the information given on this form is true.")], *place_and_date,
            [(0.062, "Signature of policyholder")]]
    assert _read(layout(rows))["signed"] is False
    # a name written over the caption, under no caption of its own, signs it
    rows = [*_HOLDER, [(0.06, "I declare that the information given on this form is true.")],
            [(0.062, "Chloe Anderson")], [(0.062, "Signature of policyholder")]]
    assert _read(layout(rows))["signed"] is True


def _drawn_signature_form(path: Path) -> None:
    """A signature as a web app's SVG path draws it: Bézier curves whose control points stand far above and below
    the strokes (the path's box is several lines tall, its ink a line and a half)."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((40, 60), "Greenway Insurance - Travel Claim Form", fontsize=14)
    for y, (caption, value) in enumerate([("Name of policyholder", "Chloe Anderson"), ("Policy number", "BB85281478"),
                                          ("Address", "31 Oak Ridge Drive"), ("Date of incident", "03/02/2024")]):
        page.insert_text((40, 100 + 24 * y), caption, fontsize=8)
        page.insert_text((200, 100 + 24 * y), value, fontsize=10)
    page.insert_text((40, 260), "I declare that the information given on this form is true.", fontsize=8)
    page.insert_text((40, 300), "Signature", fontsize=8)
    shape = page.new_shape()
    x, y = 80.0, 335.0
    for k in range(8):
        up = -1 if k % 2 else 1
        shape.draw_bezier((x, y), (x + 5, y - 28 * up), (x + 12, y + 28 * up), (x + 17, y - 4 * up))
        x += 17
    shape.draw_line((75, 342), (215, 327))
    shape.finish(color=(0.1, 0.14, 0.5), width=2.2, closePath=False)
    shape.commit()
    page.draw_line((40, 350), (270, 350), width=0.7)
    doc.save(path)


def test_a_signature_drawn_as_curves_with_far_control_points_is_a_signature(tmp_path: Path) -> None:
    path = tmp_path / "form.pdf"
    _drawn_signature_form(path)
    drawn = next(d for d in pymupdf.open(path)[0].get_drawings() if len(d["items"]) > 4)
    assert drawn["rect"].height > 45  # the path's own box: too tall for a signature of 8-point captions
    settings = Settings()
    words = load_document(identify(path, path.parent, settings.limits), settings).words
    assert SIGNATURE_MARK in [w.text for w in words]
    assert _read(words)["signed"] is True


# --- which cover a claim is for ---

def test_an_illness_abroad_ticked_on_a_travel_form_is_a_travel_claim() -> None:
    rows = [*_HOLDER[1:], [(0.05, "Schadenart")], [(0.05, "☐ Flugverspätung")], [(0.05, "☐ Gepäckverlust")],
            [(0.05, "☒ Krankheit im Ausland")]]
    assert _read(layout(rows))["claim_type"] == "travel"
    rows[-1] = [(0.05, "☒ Medical expenses abroad")]
    assert _read(layout(rows))["claim_type"] == "travel"
    rows[-1] = [(0.05, "☒ Krankheit")]
    assert _read(layout(rows))["claim_type"] == "health"


def test_a_pets_vet_fees_are_a_health_claim() -> None:
    rows = [[(0.05, "Schadenmeldung Tier-OP")], *_HOLDER[1:], [(0.05, "Name des Tieres:"), (0.3, "Bello")],
            [(0.05, "Tierarztpraxis:"), (0.3, "Lakeside Vet, Hauptstraße 167, 20095 Hamburg")],
            [(0.05, "Datum der Erkrankung:"), (0.3, "11.07.2024")]]
    assert _read(layout(rows))["claim_type"] == "health"


# --- captions ---

@pytest.mark.parametrize("caption", ["Data da doença", "Date signs first noticed", "Dato for skaden"])
def test_more_captions_of_the_date_of_loss(caption: str) -> None:
    rows = [r for r in _HOLDER if r[0][1] != "Date of incident"]
    rows += [[(0.05, "Date of birth of the pet"), (0.3, "02/02/2023")], [(0.05, caption), (0.3, "20/07/2024")],
             [(0.05, "Treatment dates"), (0.3, "22/07/2024 – 26/07/2024")]]
    assert _read(layout(rows))["incident_date"] == "2024-07-20"


def test_a_membership_number_is_the_policy_number() -> None:
    rows = [[(0.05, "Feuille de soins vétérinaire")], [(0.05, "Nom et prénom")], [(0.05, "Rosalie Gagnon")],
            [(0.05, "N° d’adhésion")], [(0.05, "JZ27399953")], [(0.05, "Adresse")], [(0.05, "66, rue Sainte-Catherine")]]
    data = _read(layout(rows))
    assert data["claimant_name"] == "Rosalie Gagnon"
    assert data["policy_number"] == "JZ27399953"


def _captions_beside(rows: list[list[tuple[float, str, str]]]) -> list[Word]:
    """Rows of (x, text, "caption" | "value") cells: captions in 7-point type, values in 10-point type a little
    to their right, no wider apart than a space or two."""
    words: list[Word] = []
    for line, row in enumerate(rows):
        y = 0.05 + 0.03 * line
        for x, text, kind in row:
            h, cw = (0.009, 0.0055) if kind == "caption" else (0.0125, CHAR_W)
            for token in text.split():
                words.append(Word(text=token, page=0, line=line, bbox=(x, y, x + len(token) * cw, y + h)))
                x += (len(token) + 0.7) * cw
    return words


def test_a_caption_run_into_its_larger_value_is_cut_from_it() -> None:
    """"Postal code 27601": the caption's cell and the value's box touch, so the gap is a space's; the value's
    larger type sets it apart. "State/Province" is a caption of an address no schema asks for."""
    words = _captions_beside([[(0.05, "Travel Insurance Claim Form", "value")],
                              [(0.05, "Name of policyholder", "caption"), (0.22, "Chloe Anderson", "value")],
                              [(0.05, "Policy number", "caption"), (0.22, "BB85281478", "value")],
                              [(0.05, "Address", "caption"), (0.22, "31 Oak Ridge Drive", "value")],
                              [(0.05, "Postal code", "caption"), (0.118, "27601", "value"),
                               (0.3, "City", "caption"), (0.5, "Raleigh", "value")],
                              [(0.05, "State/Province", "caption"), (0.134, "NC", "value")]])
    assert _read(words)["address"] == {"street": "31 Oak Ridge Drive", "city": "Raleigh", "postal_code": "27601"}


def test_a_letterheads_monogram_beside_its_larger_name_stays_with_it() -> None:
    """A monogram in small type before the issuer's name in a larger one reads as no caption ("ÅN" folds to the
    addressee's label "An"): cutting there would make it a label of the customer's block."""
    words = _captions_beside([[(0.07, "ÅN", "caption"), (0.087, "Åkesson Nordström-Mattsson", "value"),
                               (0.8, "Faktura", "value")]])
    from engine.spandoc import SpanDoc
    assert [s.text for s in SpanDoc(words).spans][0] == "ÅN Åkesson Nordström-Mattsson"
    # a caption of three letters or more is still cut from its value
    words = _captions_beside([[(0.05, "City", "caption"), (0.079, "Raleigh", "value")]])
    assert [s.text for s in SpanDoc(words).spans] == ["City", "Raleigh"]


def test_a_typed_name_wrapped_over_the_signature_caption_signs_it() -> None:
    """"Sanne / de / Vries" in a script font, wrapped in a narrow cell over "Signed  Date": the particle "de" over
    "Vries" is no place's caption."""
    rows = [*_HOLDER, [(0.06, "I confirm the information given is correct.")],
            [(0.09, "Sanne"), (0.157, "03 September 2024")], [(0.09, "de")], [(0.09, "Vries")],
            [(0.09, "Signed"), (0.157, "Date")]]
    assert _read(layout(rows))["signed"] is True


# --- invoices: the date ---

@pytest.mark.parametrize("caption", ["Facture du:", "Erstelldatum:"])
def test_a_date_after_a_colon_label_that_names_the_document_or_a_date_is_its_date(caption: str) -> None:
    """No label of the invoice's date is known: of the dates after colon labels, that of a label naming the
    document ("Facture du:") or a date ("Erstelldatum:") is the document's, where "Période:" gives a period."""
    rows = [[(0.05, "Facture")], [(0.05, "Période:"), (0.25, "8 mars 2024")],
            [(0.05, caption), (0.25, "8 avril 2024")], *_TABLE]
    assert _read(layout(rows), Invoice)["invoice_date"] == "2024-04-08"


# --- invoices: the issuer ---

_TABLE = [[(0.05, "Description"), (0.6, "Qty"), (0.7, "Price"), (0.85, "Total")],
          [(0.05, "Radiator type 22"), (0.6, "2"), (0.7, "150.00"), (0.85, "300.00")],
          [(0.6, "Total"), (0.85, "300.00")]]


def test_a_projects_name_after_its_colon_label_is_no_issuer() -> None:
    rows = [[(0.05, "Invoice")], [(0.05, "Invoice number"), (0.4, "PC-9447"), (0.55, "Customer")],
            [(0.05, "Date"), (0.4, "05-08-2025"), (0.55, "Sofie Pedersen")],
            [(0.05, "Project:"), (0.14, "Lakeside 914"), (0.25, "– Site:"), (0.32, "Nørregade 64, 4000 Roskilde")],
            *_TABLE]
    for _ in range(20):
        rows.append([])
    rows += [[(0.05, "VVS-Pedersen ApS"), (0.36, "CVR-nr. 81784032"), (0.85, "Page 1 / 1")],
             [(0.05, "Nørregade 180")], [(0.05, "5000 Odense C")]]
    assert _read(layout(rows), Invoice)["vendor_name"] == "VVS-Pedersen ApS"


def test_a_footers_name_over_its_address_with_a_vat_line_beside_it() -> None:
    rows = [[(0.05, "Factuur")], [(0.05, "Klant"), (0.55, "Factuurnummer"), (0.85, "R-2024-5052")],
            [(0.05, "Lotte Maes"), (0.55, "Datum"), (0.85, "01/04/2024")], [(0.05, "Molenweg 17")],
            [(0.05, "8000 Brugge")], *_TABLE, *[[] for _ in range(26)],
            [(0.05, "Dierenartsenpraktijk Northgate"), (0.35, "Telefoon 05 376 42 37")]]
    words = layout(rows)
    last = max(w.line for w in words)
    # the VAT number beside the name, a little lower; the street and town under the name, a line apart
    words += [Word(text=t, page=0, line=last + 1, bbox=(x, words[-1].bbox[1] + 0.011, x + 0.06,
                                                        words[-1].bbox[3] + 0.011))
              for x, t in ((0.35, "Btw-nr."), (0.42, "BE0571.332.877"))]
    words += layout([[(0.05, "Meir 114")], [(0.05, "8000 Brugge")]], top=words[-1].bbox[1] + 0.006)
    for k, w in enumerate(words[-4:]):
        words[len(words) - 4 + k] = w.model_copy(update={"line": last + 2 + (k >= 2)})
    assert _read(words, Invoice)["vendor_name"] == "Dierenartsenpraktijk Northgate"


def test_a_label_in_a_column_of_labels_names_no_issuer_however_far_its_value() -> None:
    rows = [[(0.06, "Tax Invoice")], [(0.06, "Billed to"), (0.551, "Invoice No."), (0.86, "202424708")],
            [(0.06, "Central Logistics Ltd."), (0.551, "Invoice date"), (0.836, "March 7, 2024")],
            [(0.06, "125 King Street West"), (0.551, "Account ID"), (0.887, "353124")],
            [(0.06, "Toronto ON M5H 1J9"), (0.551, "Order no."), (0.863, "JF7889523")], *_TABLE]
    assert _read(layout(rows), Invoice)["vendor_name"] != "Account ID"


# --- receipts ---

def test_the_cashier_on_the_tills_line_is_no_merchant() -> None:
    rows = [[(0.3, "BauProfi Parkview")], [(0.33, "5 place du Marché")], [(0.37, "44000 Nantes")],
            [(0.05, "Ticket n°"), (0.23, "3263"), (0.58, "23 octobre 2024")],
            [(0.05, "Caisse 5"), (0.24, "Vendeur:"), (0.42, "Camille")],
            [(0.05, "Chevilles 8 mm"), (0.84, "21,40")], [(0.05, "À PAYER"), (0.74, "21,40 €")]]
    data = _read(layout(rows), Receipt)
    assert data["merchant_name"] == "BauProfi Parkview"
    assert data["merchant_address"] == "5 place du Marché, 44000 Nantes"


def test_a_shows_date_after_its_colon_label_is_not_the_receipts() -> None:
    rows = [[(0.3, "Cinéma Greenway")], [(0.3, "Seestrasse 179")], [(0.3, "8400 Winterthur")],
            [(0.05, "Eintritt Erwachsener"), (0.8, "73.16")], [(0.05, "Vorstellung:"), (0.3, "22.06.2024 15:15")],
            [(0.05, "GESAMT"), (0.8, "73.16 CHF")], [(0.05, "Beleg-Nr. 3917"), (0.5, "15.06.2024 16:18")]]
    assert _read(layout(rows), Receipt)["date"] == "2024-06-15"


def test_a_belgian_company_number_ends_the_address() -> None:
    rows = [[(0.3, "Bakkerij Janssens")], [(0.3, "Veldstraat 34")], [(0.3, "3000 Leuven")],
            [(0.2, "Ondernemingsnr. BE 0058.595.892")], [(0.05, "Croissant"), (0.8, "1,20")],
            [(0.05, "TOTAAL"), (0.8, "1,20")]]
    assert _read(layout(rows), Receipt)["merchant_address"] == "Veldstraat 34, 3000 Leuven"


# --- the dollar of the country an invoice is written in ---

def test_a_mexican_invoices_dollar_is_the_peso() -> None:
    rows = [[(0.05, "Hillcrest Wholesale S.A. de C.V.")], [(0.05, "44100 Guadalajara, Jal.")],
            [(0.05, "R.F.C. GHC308648AB9")], [(0.05, "Factura"), (0.6, "Número de factura"), (0.85, "F-1001")],
            [(0.6, "Fecha de factura"), (0.85, "12/03/2024")],
            [(0.05, "Descripción"), (0.6, "Cant."), (0.7, "Precio"), (0.85, "Importe")],
            [(0.05, "Taza de cerámica"), (0.6, "2"), (0.7, "$50.00"), (0.85, "$100.00")],
            [(0.6, "Total"), (0.85, "$100.00")]]
    assert _read(layout(rows), Invoice)["currency"] == "MXN"


def test_new_zealands_gst_rate_names_its_dollar() -> None:
    rows = [[(0.05, "Sendspark Ltd")], [(0.05, "65 George Street")], [(0.05, "Hamilton 3204")],
            [(0.05, "TAX INVOICE"), (0.6, "Invoice number"), (0.85, "CD-6371")], [(0.6, "Date"), (0.85, "16 Apr 2025")],
            *_TABLE[:2], [(0.6, "Total excl. tax"), (0.85, "$300.00")], [(0.6, "GST 15 %"), (0.85, "$45.00")],
            [(0.6, "Total due"), (0.85, "$345.00")]]
    assert _read(layout(rows), Invoice)["currency"] == "NZD"


# --- columns ---

def test_a_code_column_before_a_produto_column_is_no_part_of_the_description() -> None:
    rows = [[(0.05, "Fatura"), (0.6, "Fatura nº"), (0.85, "439636")], [(0.6, "Data"), (0.85, "28/06/2024")],
            [(0.05, "Data"), (0.21, "Cód."), (0.3, "Produto"), (0.67, "Qtd."), (0.77, "Preço"), (0.87, "Valor")],
            [(0.05, "04/06/2024"), (0.21, "TAR"), (0.3, "Limpeza de tártaro"), (0.68, "1,00"), (0.77, "253,50"),
             (0.87, "253,50")], [(0.7, "Total"), (0.87, "253,50")]]
    assert [i["description"] for i in _read(layout(rows), Invoice)["line_items"]] == ["Limpeza de tártaro"]


def test_a_czech_tax_base_column_is_the_lines_amount() -> None:
    rows = [[(0.05, "Faktura"), (0.6, "Číslo faktury"), (0.85, "2025-114")], [(0.6, "Datum"), (0.85, "12. 5. 2025")],
            [(0.05, "Datum"), (0.2, "Kód"), (0.3, "Popis"), (0.67, "Počet"), (0.77, "Cena"), (0.88, "Základ")],
            [(0.05, "16. 5. 2025"), (0.2, "DRÁP"), (0.3, "Stříhání drápů"), (0.7, "4"), (0.77, "155,75"),
             (0.88, "623,00")], [(0.7, "Celkem"), (0.88, "623,00")]]
    (item,) = _read(layout(rows), Invoice)["line_items"]
    assert (item["quantity"], item["unit_price"], item["amount"]) == ("4", "155.75", "623.00")
