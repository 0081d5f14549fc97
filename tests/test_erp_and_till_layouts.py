"""Layouts of ERP listings, till programs and drawing programs: a thank-you note printed on the tax's line under the
subtotal, a shop of a chain named by its number, a receipt's date set right between its name and its street, a side
label set on end along the margin."""

from __future__ import annotations

import pytest

from engine.base import Word
from engine.rules import name_like
from engine.spandoc import SpanDoc
from schemas import Invoice, Receipt
from tests.layout import layout, ocr_words, read_baseline


@pytest.mark.parametrize("note", ["Tak for handlen.", "Obrigado pela sua preferência."])
def test_a_note_printed_left_of_the_tax_line_under_the_subtotal_ends_the_items(note: str) -> None:
    """The tax's base in brackets is a second amount on the line: the note before the tax's label is no item's
    description, and the tax is read."""
    rows = [[(0.05, "Nielsen IT ApS")], [(0.6, "FAKTURA"), (0.8, "FA-397537")],
            [(0.05, "Pos."), (0.1, "Beskrivelse"), (0.6, "Antal"), (0.7, "Stykpris"), (0.85, "Beløb DKK")],
            [(0.05, "1"), (0.1, "Duct tape 50 mm x 50 m"), (0.62, "3"), (0.7, "6,43"), (0.86, "19,29")],
            [(0.05, "2"), (0.1, "Logitech MX Keys keyboard"), (0.62, "2"), (0.7, "109,35"), (0.86, "218,70")],
            [(0.55, "Subtotal"), (0.86, "237,99")],
            [(0.05, note), (0.55, "Moms 25 % (237,99)"), (0.86, "59,50")],
            [(0.55, "I alt"), (0.84, "297,49 DKK")]]
    data = read_baseline(layout(rows), Invoice)
    assert [i["description"] for i in data["line_items"]] == ["Duct tape 50 mm x 50 m", "Logitech MX Keys keyboard"]
    assert (data["subtotal"], data["tax"], data["total"]) == ("237.99", "59.50", "297.49")


def test_a_shop_named_by_its_number_is_the_merchant() -> None:
    rows = [[(0.1, "Sklep Społem nr 12"), (0.79, "Paragon")], [(0.1, "ul. Piotrkowska 130, 01-219 Warszawa")],
            [(0.12, "Zapłacona kwota"), (0.53, "Data wystawienia")], [(0.12, "59,75 zł"), (0.53, "6 listopada 2024")],
            [(0.1, "Nazwa towaru/usługi"), (0.66, "Ilość"), (0.83, "Wartość")],
            [(0.1, "Drożdżówka"), (0.69, "1"), (0.83, "43,25 zł")], [(0.1, "Mleko 2% 1L"), (0.69, "2"), (0.83, "16,50 zł")],
            [(0.6, "Do zapłaty"), (0.83, "59,75 zł")]]
    data = read_baseline(layout(rows), Receipt)
    assert data["merchant_name"] == "Sklep Społem nr 12"
    assert data["merchant_address"] == "ul. Piotrkowska 130, 01-219 Warszawa"


@pytest.mark.parametrize(("text", "name"), [
    ("Sklep Społem nr 12", True), ("Farmacia Centrale n. 3", True),
    ("Kunden-Nr. 4711", False), ("Tisch Nr. 5", False), ("Kundennummer", False),
])
def test_a_number_after_a_shops_words_names_the_shop_not_a_reference(text: str, name: bool) -> None:
    doc = SpanDoc(layout([[(0.1, text)]]))
    assert name_like(doc, doc.spans[0]) is name


def test_a_receipts_address_is_read_past_the_date_set_right_between_the_name_and_the_street() -> None:
    """The name in large type; the receipt's number and date in a column of their own right of it, the date's line
    between the name's and the street's."""
    words = ocr_words([
        (0, "Mercearia", 0.107, 0.032, 0.24, 0.051), (0, "Rodrigues", 0.25, 0.032, 0.372, 0.051),
        (0, "RECIBO", 0.836, 0.031, 0.89, 0.042), (0, "94303", 0.895, 0.031, 0.941, 0.042),
        (1, "15", 0.81, 0.043, 0.825, 0.054), (1, "de", 0.83, 0.043, 0.845, 0.054), (1, "abril", 0.85, 0.043, 0.88, 0.054),
        (1, "de", 0.885, 0.043, 0.9, 0.054), (1, "2025", 0.905, 0.043, 0.941, 0.054),
        (2, "Avenida", 0.107, 0.06, 0.16, 0.071), (2, "da", 0.165, 0.06, 0.18, 0.071),
        (2, "Liberdade,", 0.185, 0.06, 0.26, 0.071), (2, "92", 0.265, 0.06, 0.281, 0.071),
        (2, "Hora", 0.865, 0.055, 0.9, 0.066), (2, "21:38", 0.905, 0.055, 0.941, 0.066),
        (3, "9721-579", 0.107, 0.072, 0.17, 0.083), (3, "Porto", 0.175, 0.072, 0.212, 0.083),
        (4, "Descrição", 0.112, 0.12, 0.18, 0.13), (4, "Qtd.", 0.593, 0.12, 0.621, 0.13),
        (4, "Valor", 0.901, 0.12, 0.936, 0.13),
        (5, "Galão", 0.112, 0.141, 0.152, 0.152), (5, "3", 0.613, 0.141, 0.621, 0.152),
        (5, "8,64", 0.906, 0.141, 0.936, 0.152),
        (6, "Total", 0.7, 0.18, 0.74, 0.19), (6, "(EUR)", 0.745, 0.18, 0.78, 0.19), (6, "8,64", 0.906, 0.18, 0.936, 0.19)])
    data = read_baseline(words, Receipt)
    assert data["merchant_name"] == "Mercearia Rodrigues"
    assert data["merchant_address"] == "Avenida da Liberdade, 92, 9721-579 Porto"


def test_a_side_label_set_on_end_is_no_issuer() -> None:
    """OCR reads a label along the margin ("FACTUUR · S511563", turned a quarter) in boxes that stand on end: tall
    as the words are long, they would outweigh the issuer's name in type size."""
    rows = [[(0.23, "Jansen Bouw B.V.")], [(0.23, "Stationsweg 9a")], [(0.23, "7968 VM Den Haag")],
            [(0.6, "Factuurnummer"), (0.8, "S511563")],
            [(0.1, "Omschrijving"), (0.6, "Aantal"), (0.7, "Prijs"), (0.86, "Bedrag")],
            [(0.1, "Onderhoud website"), (0.61, "2"), (0.7, "95,00"), (0.86, "190,00")], [(0.6, "Totaal"), (0.86, "190,00")]]
    margin = [Word(text=t, page=0, line=7, bbox=(0.9, y0, 0.92, y1))
              for t, y0, y1 in (("FACR", 0.119, 0.161), ("S", 0.166, 0.171), ("563", 0.2, 0.215))]
    data = read_baseline(layout(rows) + margin, Invoice)
    assert data["vendor_name"] == "Jansen Bouw B.V."


@pytest.mark.parametrize("header", ["FROM +35 98 8224811   03/05/2025 13:35   P.001/001",
                                    "03/05/2025 13:35 FAX +49 30 1234567 S. 1/1",
                                    "MAY-03-2025 13:35 FROM: BAECKEREI  TO: 0891234  P.1/1"])
def test_a_fax_transmission_header_dates_no_receipt(header: str) -> None:
    """The line a fax machine prints across a page's top (the sender's number, when it was sent, the page count)
    holds the day it was faxed: the receipt's own date is the one under its name."""
    rows = [[(0.05, header)], [(0.2, "Panadería La Espiga S.L.")], [(0.2, "Calle del Sol 140")],
            [(0.2, "50873 Zaragoza")], [(0.2, "NIF B19521179")], [(0.1, "19/04/2025 18:14"), (0.45, "#3374 / 5")],
            [(0.1, "Pan de barra"), (0.5, "5,43 A")], [(0.1, "Queso manchego"), (0.5, "3,74 A")],
            [(0.1, "TOTAL"), (0.5, "9,17 €")], [(0.1, "Entregado"), (0.5, "10,00")], [(0.1, "Cambio"), (0.5, "0,83")]]
    data = read_baseline(layout(rows), Receipt)
    assert data["date"] == "2025-04-19"
    assert data["merchant_name"] == "Panadería La Espiga S.L."
