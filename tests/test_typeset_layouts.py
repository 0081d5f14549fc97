"""Layouts of typeset invoices, receipts and forms the rules read: a row of captions run together over its values,
a line's quantity and price set under its description, a letterhead's name wrapped in display type, a VAT summary
over the totals, an option wrapped after its box, a label OCR broke in two."""

from __future__ import annotations

from decimal import Decimal

from engine.base import EngineRequest, EngineResult, Word
from engine.labels import label_tokens
from engine.registry import create_engine
from engine.spandoc import SpanDoc
from schemas import ClaimForm, Invoice, Receipt
from tests.layout import CHAR_W, layout


def _run(words: list[Word], target: type) -> EngineResult:
    (result,) = create_engine("baseline").extract_batch([EngineRequest(id="doc", words=words, target=target)])
    return result


def _x_of(x: float, text: str, word: str) -> float:
    """Where ``word`` of a cell ``text`` set at ``x`` starts (tests.layout: words one 0.7-character gap apart)."""
    before = text[:text.index(word)].split()
    return x + sum((len(w) + 0.7) * CHAR_W for w in before)


CAPTIONS = "INVOICE REF. CUSTOMER ID"
CAPTION_ROW = [
    [(0.05, "Lysaght Group")],
    [(0.05, "12 Harbour Road, Dublin")],
    [(0.05, CAPTIONS), (0.5, "ISSUE DATE"), (0.7, "DUE DATE")],
    [(0.05, "2604-411"), (_x_of(0.05, CAPTIONS, "CUSTOMER"), "701549"), (0.5, "19 March 2026"),
     (0.7, "18 April 2026")],
    [(0.05, "Description"), (0.6, "Qty"), (0.7, "Price"), (0.85, "Amount")],
    [(0.05, "Training session"), (0.6, "2"), (0.7, "100.00"), (0.85, "200.00")],
    [(0.6, "Total"), (0.85, "€200.00")],
]


def test_a_row_of_captions_run_together_is_read_over_its_values() -> None:
    words = layout(CAPTION_ROW)
    doc = SpanDoc(words)
    assert [s.text for s in doc.lines[(0, 2)]] == ["INVOICE REF.", "CUSTOMER ID", "ISSUE DATE", "DUE DATE"]
    d = _run(words, Invoice).data
    assert d["invoice_number"] == "2604-411"
    assert (d["invoice_date"], d["due_date"]) == ("2026-03-19", "2026-04-18")


def test_captions_run_together_over_a_date_each_give_each_its_date() -> None:
    labels = "FAKTURADATUM FÖRFALLODATUM"
    words = layout([
        [(0.05, "Olofsson Lidén HB")],
        [(0.05, "FAKTURANUMMER"), (0.3, labels)],
        [(0.05, "1829639"), (0.3, "12 augusti 2025"), (_x_of(0.3, labels, "FÖRFALLODATUM"), "2 september 2025")],
    ])
    d = _run(words, Invoice).data
    assert (d["invoice_number"], d["invoice_date"], d["due_date"]) == ("1829639", "2025-08-12", "2025-09-02")


def test_a_caption_over_one_value_and_a_name_stay_whole() -> None:
    words = layout([
        [(0.05, "INVOICE NUMBER"), (0.5, "Bill to")],
        [(0.05, "2604-411"), (0.5, "Anna Maria Lind")],
    ])
    assert [s.text for s in SpanDoc(words).lines[(0, 0)]] == ["INVOICE NUMBER", "Bill to"]


def _two_line_items(detail: str) -> list:
    return [
        [(0.05, "Bauer AG")],
        [(0.05, "Leistung"), (0.8, "Betrag")],
        [(0.05, "Vision-oriented pricing structure"), (0.8, "35.974,00 €")],
        [(0.05, detail)],
        [(0.05, "USB-C Hub 7-in-1"), (0.8, "1.395,78 €")],
        [(0.05, "2 × 697,89 €")],
        [(0.5, "Gesamtbetrag"), (0.8, "37.369,78 €")],
    ]


def test_a_lines_quantity_and_price_set_under_its_description_are_its_own() -> None:
    d = _run(layout(_two_line_items("25 × 1.438,96 €")), Invoice).data
    assert [(li["description"], li["quantity"], li["unit_price"], li["amount"]) for li in d["line_items"]] == [
        ("Vision-oriented pricing structure", "25", "1438.96", "35974.00"),
        ("USB-C Hub 7-in-1", "2", "697.89", "1395.78"),
    ]


def test_a_count_and_price_that_do_not_make_the_amount_are_no_rows_figures() -> None:
    items = _run(layout(_two_line_items("24 × 1.438,96 €")), Invoice).data["line_items"]
    assert (items[0]["quantity"], items[0]["unit_price"]) == (None, None)
    assert (items[1]["quantity"], items[1]["unit_price"]) == ("2", "697.89")


def _letterhead(first: str, second: str) -> list[Word]:
    return layout([  # a letterhead's narrow column at the left, the title and the meta data beside it
        [(0.05, first), (0.4, "FACTURA")],
        [(0.05, second)],
        [(0.4, "Número de factura: F-93307")],
        [(0.05, "Cañada de Glauco Montes"), (0.4, "Fecha de factura: 12 de abril de 2025")],
        [(0.05, "74 Apt. 98"), (0.4, "Ref. pedido: 219460")],
        [(0.05, "Soria, 31716"), (0.4, "Vencimiento: 26 de abril de 2025")],
        [(0.05, "Descripción"), (0.8, "Importe")],
        [(0.05, "Consultoría"), (0.8, "120,00 €")],
        [(0.5, "Total"), (0.8, "120,00 €")],
    ], heights={0: 0.02, 1: 0.02})


def test_a_letterheads_name_wrapped_in_display_type_is_whole() -> None:
    assert _run(_letterhead("Desarrollo", "Globales S.L."), Invoice).data["vendor_name"] == \
        "Desarrollo Globales S.L."


def test_a_title_in_display_type_over_the_name_is_no_part_of_it() -> None:
    assert _run(_letterhead("INVOICE", "Globales S.L."), Invoice).data["vendor_name"] == "Globales S.L."


def test_a_vat_summarys_row_that_adds_up_is_not_the_totals() -> None:
    words = layout([
        [(0.05, "Wilms GmbH & Co. KG")],
        [(0.05, "Leistung"), (0.45, "Menge"), (0.55, "Einzelpreis"), (0.7, "Satz"), (0.8, "Betrag")],
        [(0.05, "USB-C Hub"), (0.45, "25"), (0.55, "1.093,02 €"), (0.7, "19 %"), (0.8, "27.325,50 €")],
        [(0.05, "Support"), (0.45, "4"), (0.55, "1.617,02 €"), (0.7, "7 %"), (0.8, "6.468,08 €")],
        [(0.05, "USt.-Übersicht")],
        [(0.05, "Satz"), (0.2, "Netto"), (0.35, "zzgl. MwSt."), (0.5, "Brutto")],
        [(0.05, "7 %"), (0.2, "6.468,08"), (0.35, "452,77"), (0.5, "6.920,85")],
        [(0.05, "19 %"), (0.2, "27.325,50"), (0.35, "5.191,85"), (0.5, "32.517,35")],
        [(0.55, "Summe netto"), (0.8, "33.793,58 €")],
        [(0.55, "USt. 7%"), (0.8, "452,77 €")],
        [(0.55, "MwSt. 19%"), (0.8, "5.191,85 €")],
        [(0.55, "Endbetrag"), (0.8, "39.438,20 €")],
    ])
    d = _run(words, Invoice).data
    assert (d["subtotal"], d["tax"], d["total"]) == ("33793.58", "5644.62", "39438.20")


def test_an_option_the_row_wrapped_after_its_box_is_the_boxes() -> None:
    options = "☐ Véhicule ☐ Habitation ☐ Santé ☒"
    words = layout([
        [(0.05, "Nom de l'assuré"), (0.3, "Noémi Ferrand")],
        [(0.05, "Type de sinistre"), (0.3, options)],
        [(0.3, "Voyage")],
        [(0.05, "Date du sinistre"), (0.3, "14/04/2026")],
    ])
    assert _run(words, ClaimForm).data["claim_type"] == "travel"


def test_a_label_word_ocr_broke_in_two_reads_whole() -> None:
    assert label_tokens("AM OUNT DUE") == ("amount", "due")
    assert label_tokens("TOT AL") == ("total",)
    assert label_tokens("Fällig am") == ("fallig", "am")  # a word of its own stays one
    assert label_tokens("Sub total") == ("sub", "total")


def test_two_label_words_ocr_ran_together_read_apart() -> None:
    assert label_tokens("TOTALTTC") == ("total", "ttc")
    assert label_tokens("TOTALHT") == ("total", "ht")  # not the Nordic "totalt" one letter off
    assert label_tokens("Totalt") == ("totalt",)
    rows = [[(0.05, "LIBELLÉ"), (0.5, "QTE"), (0.65, "PRIX UNIT."), (0.85, "MONTANT")],
            [(0.05, "CARTOUCHE TONER NOIR"), (0.5, "12,900"), (0.65, "747,23"), (0.85, "9 639,27")],
            [(0.5, "TOTAL HT"), (0.85, "9 639,27")], [(0.5, "TVA 21%"), (0.85, "2 024,25")],
            [(0.5, "TOTALTTC EUR"), (0.85, "11 663,52")]]
    data = _run(layout(rows), Invoice).data
    assert (data["subtotal"], data["total"]) == ("9639.27", "11663.52")


def test_a_receipts_order_number_is_no_total() -> None:
    rows = [
        [(0.1, "Williams PLC")],
        [(0.1, "78 Dineen Street")],
        [(0.1, "30 March 2026 20:10")],
        [(0.1, "Order 42958")],
        [(0.1, "2 Espresso"), (0.7, "31.90")],
        [(0.1, "1 Olive oil"), (0.7, "4.69")],
        [(0.1, "SUBTOTAL"), (0.7, "36.59")],
        [(0.1, "AM OUNT DUE"), (0.7, "36.59")],
    ]
    assert _run(layout(rows), Receipt).data["total"] == "36.59"
    # with no total's label at all, the largest amount with cents, not the order's number
    assert _run(layout(rows[:6]), Receipt).data["total"] == "31.90"


def test_a_count_before_a_price_whose_code_comes_first_is_a_count() -> None:
    words = layout([[(0.05, "Streamlined synergy"), (0.482, "12 CHF 1'664.09"), (0.8, "CHF 19'969.08")]])
    spans = SpanDoc(words).spans
    assert [(s.text, s.amount, s.currency) for s in spans[1:]] == [
        ("12", Decimal(12), None), ("CHF 1'664.09", Decimal("1664.09"), "CHF"), ("CHF 19'969.08", Decimal("19969.08"), "CHF")]


def test_a_receipts_name_that_starts_on_a_label_word_is_its_name() -> None:
    rows = [
        [(0.3, "Neto Café")],  # a Portuguese surname, not the net amount
        [(0.3, "Rua do Arrabalde, 1")],
        [(0.3, "4659-499 Lagos")],
        [(0.1, "Apples"), (0.7, "4,75")],
        [(0.1, "TOTAL"), (0.7, "338, 68 €")],  # OCR's space after the decimal comma
    ]
    d = _run(layout(rows), Receipt).data
    assert (d["merchant_name"], d["total"]) == ("Neto Café", "338.68")
    # a label with more words than the phrase is still a label where all of them are labels' words
    assert _run(layout([[(0.3, "Zwischensumme netto")], *rows[1:]]), Receipt).data["merchant_name"] != \
        "Zwischensumme netto"
