"""Notes under items that are no head of the next row (set in, or in a smaller type), column captions (``Each``,
``Base``, Czech ``Celkem bez DPH``), an invoice's number under a reference caption or a title with its copy's mark, a
customer's number in more languages, fields set apart by a dot, and a caption in a smaller type after a name."""

from __future__ import annotations

import pytest

from engine.base import Word
from engine.spans import find_spans
from schemas import Invoice
from tests.layout import layout, layout_at, ocr_words, read_baseline

_HEAD = [[(0.1, "Blue Heron Sound Studios")], [(0.1, "57 Berry Street"), (0.6, "Invoice #: INV01819")],
         [(0.1, "Brooklyn, NY 11249"), (0.6, "Date: 03/14/2025")]]


def _studio(note: tuple[float, str]) -> list[Word]:
    """A studio's invoice whose first item has a note under it, set a little closer to the next row than to its
    own (the rows' cells aligned to the middle)."""
    rows = [*_HEAD, [(0.1, "Description"), (0.55, "Qty"), (0.69, "Rate"), (0.84, "Amount")],
            [(0.1, "Studio A tracking session"), (0.57, "9"), (0.69, "96.28"), (0.86, "866.52")],
            [note],
            [(0.1, "Tape transfer 2-inch to digital"), (0.57, "3"), (0.68, "143.94"), (0.86, "431.82")],
            [(0.1, "Vocal booth hire"), (0.57, "2"), (0.69, "40.06"), (0.86, "80.12")],
            [(0.6, "Total"), (0.84, "1,378.46")]]
    return layout_at(rows, [0.05, 0.08, 0.10, 0.25, 0.273, 0.290, 0.304, 0.321, 0.36], 0.0097)


def test_a_note_set_in_under_an_item_is_no_head_of_the_next_row() -> None:
    items = read_baseline(_studio((0.12, "Engineer incl.")), Invoice)["line_items"]
    assert [i["description"] for i in items] == ["Studio A tracking session", "Tape transfer 2-inch to digital",
                                                 "Vocal booth hire"]


def test_a_note_in_a_smaller_type_under_an_item_is_no_head_of_the_next_row() -> None:
    """A kennel's invoice as its text layer gives it: a note in 8 points under each of two items set in 10,
    nearer the row below than its own."""
    head = [(0, "Hundepension Waldblick", 0.1, 0.05, 0.35, 0.065), (1, "Rechnung", 0.1, 0.30, 0.17, 0.31),
            (1, "RE-2025-9204", 0.19, 0.30, 0.28, 0.31), (2, "Datum", 0.6, 0.32, 0.65, 0.33),
            (2, "08.11.2025", 0.75, 0.32, 0.82, 0.33)]
    table = [
        (0, "Pos.", 0.110, 0.3867, 0.136, 0.3963), (0, "Leistung", 0.180, 0.3867, 0.237, 0.3963),
        (0, "Anzahl", 0.586, 0.3867, 0.632, 0.3963), (0, "Einh.", 0.676, 0.3867, 0.711, 0.3963),
        (0, "E-Preis", 0.755, 0.3867, 0.803, 0.3963), (0, "Betrag", 0.847, 0.3867, 0.891, 0.3963),
        (1, "1", 0.119, 0.4058, 0.127, 0.4154), (1, "Medikamentengabe", 0.180, 0.4058, 0.300, 0.4154),
        (1, "14", 0.617, 0.4058, 0.632, 0.4154), (1, "Tage", 0.676, 0.4058, 0.707, 0.4154),
        (1, "1,60", 0.777, 0.4058, 0.803, 0.4154), (1, "22,40", 0.857, 0.4058, 0.891, 0.4154),
        (2, "Futter", 0.180, 0.4217, 0.210, 0.4291), (2, "vom", 0.213, 0.4217, 0.232, 0.4291),
        (2, "Halter", 0.235, 0.4217, 0.266, 0.4291), (2, "mitgebracht", 0.269, 0.4217, 0.326, 0.4291),
        (3, "2", 0.119, 0.4343, 0.127, 0.4439), (3, "Krallen", 0.180, 0.4343, 0.226, 0.4439),
        (3, "schneiden", 0.229, 0.4343, 0.290, 0.4439), (3, "9,86", 0.864, 0.4343, 0.891, 0.4439),
        (4, "Futter", 0.180, 0.4502, 0.210, 0.4576), (4, "vom", 0.213, 0.4502, 0.232, 0.4576),
        (4, "Halter", 0.235, 0.4502, 0.266, 0.4576), (4, "mitgebracht", 0.269, 0.4502, 0.326, 0.4576),
        (5, "3", 0.119, 0.4628, 0.127, 0.4724), (5, "Tagesbetreuung", 0.180, 0.4628, 0.277, 0.4724),
        (5, "Milo", 0.281, 0.4628, 0.310, 0.4724), (5, "7", 0.625, 0.4628, 0.632, 0.4724),
        (5, "Tage", 0.676, 0.4628, 0.707, 0.4724), (5, "18,50", 0.769, 0.4628, 0.803, 0.4724),
        (5, "129,50", 0.849, 0.4628, 0.891, 0.4724),
        (6, "Nettobetrag", 0.732, 0.4794, 0.803, 0.4891), (6, "161,76", 0.849, 0.4794, 0.891, 0.4891),
        (7, "MwSt.", 0.731, 0.4936, 0.771, 0.5033), (7, "19%", 0.775, 0.4936, 0.803, 0.5033),
        (7, "30,73", 0.857, 0.4936, 0.891, 0.5033),
        (8, "Rechnungsbetrag", 0.654, 0.5102, 0.767, 0.5198), (8, "EUR", 0.771, 0.5102, 0.803, 0.5198),
        (8, "192,49", 0.849, 0.5102, 0.891, 0.5198)]
    words = ocr_words([*head, *((n + 3, *rest) for n, *rest in table)])
    items = read_baseline(words, Invoice)["line_items"]
    assert [i["description"] for i in items] == ["Medikamentengabe", "Krallen schneiden", "Tagesbetreuung Milo"]


def test_a_line_where_the_descriptions_start_in_their_type_still_heads_the_next_row() -> None:
    """The control: the same line flush with the descriptions and in their type is the next row's first line."""
    items = read_baseline(_studio((0.1, "Engineer incl.")), Invoice)["line_items"]
    assert items[1]["description"] == "Engineer incl. Tape transfer 2-inch to digital"


@pytest.mark.parametrize(("header", "column"), [
    ([(0.1, "Service"), (0.55, "Qty"), (0.69, "Each"), (0.84, "Net")], "unit_price"),
    ([(0.1, "Artículo"), (0.55, "Cant."), (0.69, "Precio/ud"), (0.84, "Base")], "amount"),
    ([(0.1, "Označení dodávky"), (0.55, "Množství"), (0.69, "Cena za MJ"), (0.80, "Celkem bez DPH")], "amount"),
])
def test_column_captions(header: list[tuple[float, str]], column: str) -> None:
    rows = [*_HEAD, header, [(0.1, "Courier delivery"), (0.57, "2"), (0.69, "15.95"), (0.86, "31.90")],
            [(0.1, "Foil blocking"), (0.57, "1"), (0.69, "35.00"), (0.86, "35.00")],
            [(0.6, "Total"), (0.84, "66.90")]]
    items = read_baseline(layout(rows), Invoice)["line_items"]
    assert [str(i[column]) for i in items] == (["15.95", "35.00"] if column == "unit_price" else ["31.90", "35.00"])


def _ref_row(first: str) -> list[Word]:
    """A surveyor's invoice whose title stands over a row of captions over their values."""
    return layout([[(0.37, "Arden Geomatics Ltd")], [(0.43, "Sales Invoice")],
                   [(0.34, first), (0.42, "Tax point"), (0.51, "Customer ID"), (0.61, "Order ref.")],
                   [(0.33, "SI49370"), (0.42, "05 Apr 2024"), (0.51, "K16185"), (0.61, "PO-446434")],
                   [(0.1, "Service"), (0.84, "Net")], [(0.1, "Topographical survey"), (0.84, "1,466.82")],
                   [(0.6, "Total"), (0.84, "1,466.82")]])


@pytest.mark.parametrize("first", ["Our ref.", "Ref."])
def test_the_number_under_the_issuers_reference_not_the_customers_under_the_title(first: str) -> None:
    assert read_baseline(_ref_row(first), Invoice)["invoice_number"] == "SI49370"


@pytest.mark.parametrize(("title", "number", "customer"), [
    ("FATURA Original", "FT A2024/5302", "N.º cliente: 137962"),
    ("FAKTURA VAT Oryginał", "FV/479/02/2025", "Nr klienta: K24574"),
])
def test_the_number_under_a_title_with_its_copys_mark(title: str, number: str, customer: str) -> None:
    words = layout([[(0.65, title)], [(0.64, number)], [(0.6, "Data 05/11/2024")],
                    [(0.1, "Sinalética Douro, Lda."), (0.6, "Cliente")], [(0.1, "Rua de Santa Catarina 112"),
                                                                          (0.6, "Farmácia Central")],
                    [(0.6, customer)],
                    [(0.1, "Designação"), (0.84, "Valor")], [(0.1, "Projeto gráfico"), (0.84, "120,74")],
                    [(0.6, "Total"), (0.84, "120,74")]], heights={1: 0.0139})
    assert read_baseline(words, Invoice)["invoice_number"] == number


@pytest.mark.parametrize("customer", ["N.º cliente: 137962", "Nr klienta: K24574", "Kunde Nr. 55328"])
def test_a_customers_number_is_no_invoice_number(customer: str) -> None:
    words = layout([[(0.1, "Sinalética Douro, Lda."), (0.6, "FATURA")], [(0.6, customer)],
                    [(0.6, "Data 05/11/2024")], [(0.1, "Designação"), (0.84, "Valor")],
                    [(0.1, "Projeto gráfico"), (0.84, "120,74")], [(0.6, "Total"), (0.84, "120,74")]])
    assert read_baseline(words, Invoice)["invoice_number"] != customer.split()[-1]


def test_a_dot_between_two_fields_sets_the_next_caption_apart_from_the_value_before_it() -> None:
    words = layout([[(0.1, "Sposób płatności: przelew • Termin płatności: 2025-11-03")]])
    texts = [s.text for s in find_spans(words)]
    assert texts == ["Sposób płatności:", "przelew", "• Termin płatności:", "2025-11-03"]
    rows = [[(0.4, "FAKTURA VAT")], [(0.4, "Faktura nr 571/09/2025")], [(0.4, "Data wystawienia: 2025-09-19")],
            [(0.1, "Zakład Szklarski Wiśniewski Sp. z o.o.")], [(0.1, "Nazwa"), (0.82, "Wartość")],
            [(0.1, "Montaż szyby"), (0.85, "252,00")], [(0.5, "Do zapłaty:"), (0.8, "252,00 zł")],
            [(0.1, "Sposób płatności: przelew • Termin płatności: 2025-11-03")]]
    assert read_baseline(layout(rows), Invoice)["due_date"] == "2025-11-03"


def test_a_caption_in_a_smaller_type_after_a_name_is_no_part_of_it() -> None:
    name = [Word(text=t, page=0, line=0, bbox=(x0, 0.0997, x1, 0.1148)) for t, x0, x1 in [
        ("Usługi", 0.0953, 0.1621), ("Geodezyjne", 0.1681, 0.2908), ("GEO-PLAN", 0.2968, 0.4122),
        ("Tomasz", 0.4182, 0.4996), ("Zieliński", 0.5056, 0.5931)]]
    caption = [Word(text=t, page=0, line=0, bbox=(x0, 0.1029, x1, 0.1137)) for t, x0, x1 in [
        ("Zlecenie", 0.607, 0.6578), ("654539", 0.7542, 0.7991)]]
    assert [s.text for s in find_spans(name + caption)][:2] == ["Usługi Geodezyjne GEO-PLAN Tomasz Zieliński",
                                                                "Zlecenie"]


def test_a_name_in_one_type_stays_whole() -> None:
    name = [Word(text=t, page=0, line=0, bbox=(x0, 0.0997, x1, 0.1148)) for t, x0, x1 in [
        ("Usługi", 0.0953, 0.1621), ("Geodezyjne", 0.1681, 0.2908), ("Tomasz", 0.3068, 0.3882)]]
    assert [s.text for s in find_spans(name)] == ["Usługi Geodezyjne Tomasz"]


@pytest.mark.parametrize("due", [[[(0.6, "vóór 20 december 2023")]], [[(0.6, "Te betalen vóór: 20 december 2023")]]])
def test_a_dutch_date_after_voor_with_its_accents_is_the_due_date(due: list) -> None:
    """ "Te betalen" over the amount and "vóór 20 december 2023" under it: the accents make "vóór" before (unaccented,
    "voor" is for)."""
    rows = [[(0.18, "Pianostemmerij Van der Laan"), (0.6, "Te betalen")],
            [(0.18, "Prinsengracht 263, 1016 GV Amsterdam"), (0.6, "€ 653,29")], *due,
            [(0.11, "Factuur")], [(0.11, "Factuurnummer"), (0.28, "Factuurdatum")],
            [(0.11, "20237152"), (0.28, "5 november 2023")], [(0.11, "Omschrijving"), (0.84, "Bedrag")],
            [(0.11, "Stemmen piano"), (0.84, "539,91")], [(0.6, "Totaal"), (0.84, "653,29")]]
    assert read_baseline(layout(rows), Invoice)["due_date"] == "2023-12-20"
