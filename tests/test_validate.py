"""Validation, business rules, grounding, classification, routing and the finalize/extract stages."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import ClassVar

import pytest
from pydantic import field_serializer

from engine.base import EngineResult, FieldResult
from engine.registry import create_engine
from pipeline.classify import classify_words, keyword_scores
from pipeline.config import Settings
from pipeline.errors import ClassifyError
from pipeline.grounding import GroundingIndex, date_candidates, leaf_kinds, number_candidates
from pipeline.models import Document, ErrorItem, FileKind, PageInfo, SourceFile, Status, TextSource
from pipeline.route import route
from pipeline.stages import Prepared, extract, finalize
from pipeline.unread import check_tables
from pipeline.validate import check_fields, validate_data
from schemas import DocumentSchema, Invoice, Receipt
from tests.conftest import KeyValueEngine, words_of

GOOD_INVOICE = {
    "vendor_name": "Acme Tools Ltd", "invoice_number": "INV-1001", "invoice_date": "2024-03-05",
    "due_date": "2024-04-04", "currency": "EUR", "subtotal": "100.00", "tax": "20.00", "total": "120.00",
    "line_items": [{"description": "Hammer drill", "quantity": "2", "unit_price": "50.00", "amount": "100.00"}],
}

# the same invoice as a German page would print it
INVOICE_PAGE = words_of(
    "Acme Tools Ltd",
    "Rechnung Nr. INV-1001",
    "Datum: 05.03.2024 Fällig: 4. April 2024",
    "Pos Beschreibung Menge Preis Betrag",
    "1 Hammer drill 2 50,00 100,00",
    "Zwischensumme 100,00 €",
    "MwSt 20,00 €",
    "Gesamt 120,00 EUR",
)


def codes(errors: list[ErrorItem]) -> list[str]:
    return [e.code for e in errors]


# ------------------------------------------------------------------------------------------ normalisers


@pytest.mark.parametrize(("text", "expected"), [
    ("1,234.56", {Decimal("1234.56")}),
    ("1.234,56", {Decimal("1234.56")}),
    ("1 234,56", {Decimal("1234.56")}),
    ("€1.234,56", {Decimal("1234.56")}),
    ("(12.00)", {Decimal("-12.00")}),
    ("1,500", {Decimal("1500"), Decimal("1.500")}),  # ambiguous: both readings count
    ("Total", set()),
    ("INV-2024", set()),
])
def test_number_candidates_read_any_locale(text: str, expected: set[Decimal]) -> None:
    assert number_candidates(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("2024-03-05", {date(2024, 3, 5)}),
    ("05.03.2024", {date(2024, 3, 5)}),
    ("03/04/2024", {date(2024, 4, 3), date(2024, 3, 4)}),
    ("13/04/2024", {date(2024, 4, 13)}),
    ("5 March 2024", {date(2024, 3, 5)}),
    ("12.50", set()),
    # what a scan's OCR runs together: a label and its date, a date and its time
    ("Date:10/22/2026", {date(2026, 10, 22)}),
    ("Datum:12.03.2026", {date(2026, 3, 12)}),
    ("2026-10-20.19:00", {date(2026, 10, 20)}),
    ("20/10/2026,19:00", {date(2026, 10, 20)}),
    ("Time:14:41", set()),
    ("05 Ju1 2026", {date(2026, 7, 5)}),  # the l of "Jul" read as a 1
    ("0ct 3, 2026", {date(2026, 10, 3)}),
    ("12:30", set()),
])
def test_date_candidates_read_any_format(text: str, expected: set[date]) -> None:
    assert date_candidates(text) == expected


def test_leaf_kinds_follow_the_model() -> None:
    kinds = leaf_kinds(Invoice)
    assert kinds["invoice_date"] == "date"
    assert kinds["currency"] == "choice"
    assert kinds["line_items[].amount"] == "number"
    assert kinds["vendor_name"] == "text"


# -------------------------------------------------------------------------------------------- grounding


def test_grounding_finds_values_whatever_their_printed_form() -> None:
    index = GroundingIndex(INVOICE_PAGE)
    total = index.find_number("total", Decimal("120.00"))
    assert total is not None and INVOICE_PAGE[total.word_indices[0]].text == "120,00"
    due = index.find_date("due_date", date(2024, 4, 4))
    assert due is not None and [INVOICE_PAGE[i].text for i in due.word_indices] == ["4.", "April", "2024"]
    vendor = index.find_text("vendor_name", "ACME TOOLS LTD.")
    assert vendor is not None and vendor.method == "exact" and vendor.page == 0
    x0, y0, x1, y1 = vendor.bbox
    assert x0 < x1 and y0 < y1
    assert index.find_text("vendor_name", "Acme Tols Ltd").method == "fuzzy"  # an OCR slip
    assert index.find_text("vendor_name", "Globex Corporation") is None
    assert index.find_choice("currency", "EUR") is not None
    # a date written out over five words, as Spanish and Portuguese invoices write it
    page = words_of("Fecha de emisión 30 de junio de 2024")
    found = GroundingIndex(page).find_date("invoice_date", date(2024, 6, 30))
    assert found is not None and [page[i].text for i in found.word_indices] == ["30", "de", "junio", "de", "2024"]


def test_an_engines_pointer_to_a_date_wrapped_onto_two_lines_is_confirmed() -> None:
    from pipeline.grounding import LeafKind

    words = words_of("Fecha de vencimiento 1 de noviembre de", "2025")
    index = GroundingIndex(words)
    assert index.locate("due_date", "2025-11-01", LeafKind.DATE) is None  # no line holds it whole
    assert index.confirms([3, 4, 5, 6, 7], "2025-11-01", LeafKind.DATE)  # the five words the engine read it from
    assert not index.confirms([3, 4, 5, 6, 7], "2025-11-02", LeafKind.DATE)


def test_grounding_does_not_match_inside_a_word() -> None:
    index = GroundingIndex(words_of("Acmeville Hardware"))
    assert index.find_text("vendor_name", "Acme") is None


def test_check_fields_grounds_and_flags() -> None:
    settings = Settings()
    data = dict(GOOD_INVOICE, invoice_number="INV-9999")  # not on the page
    check = check_fields(data, Invoice, INVOICE_PAGE, {"total": FieldResult(path="total", value="120.00",
                                                                            confidence=0.3)}, settings)
    assert check.fields["total"].page == 0 and check.fields["total"].bbox is not None
    assert check.fields["total"].confidence == 0.3
    assert check.fields["invoice_number"].page is None
    flagged = {(e.code, e.field) for e in check.errors}
    assert flagged == {("ground.not_found", "invoice_number"), ("confidence.low", "total")}


def test_check_fields_uses_engine_word_indices() -> None:
    fr = FieldResult(path="vendor_name", value="Acme Tools Ltd", confidence=0.9, word_indices=[0, 1, 2])
    check = check_fields({"vendor_name": "Acme Tools Ltd"}, Invoice, INVOICE_PAGE, {"vendor_name": fr}, Settings())
    assert check.fields["vendor_name"].bbox == tuple(round(c, 4) for c in (0.0, 0.0, 0.29, 0.04))


def test_engine_pointers_are_checked_against_the_value() -> None:
    page = words_of("Facture VF3684451586", "Total 12,50")
    truncated = FieldResult(path="invoice_number", value="VF368445", confidence=0.9, word_indices=[1])
    check = check_fields({"invoice_number": "VF368445"}, Invoice, page, {"invoice_number": truncated}, Settings())
    assert [(e.code, e.field) for e in check.errors] == [("ground.not_found", "invoice_number")]
    wrong_word = FieldResult(path="total", value="12.50", confidence=0.9, word_indices=[0])
    check = check_fields({"total": "12.50"}, Invoice, page, {"total": wrong_word}, Settings())
    assert check.errors == [] and check.fields["total"].bbox == page[3].bbox  # found by search instead


@pytest.mark.parametrize(("lines", "tax"), [
    (("ALV 25,5% 11 640,01 €", "ALV 14% 2 729,57 €"), "14369.58"),  # amounts grouped by spaces, their signs between
    (("MwSt. 19% 9.494,77 €", "MwSt. 7% 850,44 €"), "10345.21"),
])
def test_a_tax_summed_over_its_rates_is_grounded_on_their_amounts(lines: tuple[str, ...], tax: str) -> None:
    page = words_of(*lines)
    amounts = [i for i, w in enumerate(page) if any(c.isdigit() for c in w.text) and "%" not in w.text
               or w.text == "€"]
    summed = FieldResult(path="tax", value=tax, confidence=0.9, word_indices=amounts)
    assert check_fields({"tax": tax}, Invoice, page, {"tax": summed}, Settings()).errors == []
    off = str(Decimal(tax) + Decimal("0.01"))
    wrong = FieldResult(path="tax", value=off, confidence=0.9, word_indices=amounts)
    check = check_fields({"tax": off}, Invoice, page, {"tax": wrong}, Settings())
    assert [(e.code, e.field) for e in check.errors] == [("ground.not_found", "tax")]


def test_values_inside_a_word_are_found_at_token_boundaries() -> None:
    index = GroundingIndex(words_of("Invoice#INV-12345 Total:99"))
    assert index.find_text("invoice_number", "INV-12345") is not None
    assert index.find_text("invoice_number", "INV-1234") is None


def test_grounding_can_be_switched_off() -> None:
    settings = Settings(validation={"require_grounding": False})
    check = check_fields({"invoice_number": "NOT-THERE"}, Invoice, INVOICE_PAGE, {}, settings)
    assert check.errors == []


def test_choices_and_booleans_are_not_required_in_the_text() -> None:
    check = check_fields({"currency": "JPY"}, Invoice, words_of("no currency here"), {}, Settings())
    assert check.errors == []


# ------------------------------------------------------------------------------------------- validation


def test_valid_invoice_passes_and_is_normalised() -> None:
    v = validate_data(dict(GOOD_INVOICE, total=120), Invoice, Settings())
    assert v.ok and v.instance is not None
    assert v.data["total"] == "120"  # JSON of a Decimal
    assert v.data["due_date"] == "2024-04-04"


def test_a_unit_price_of_four_decimals_is_valid_and_an_amount_of_three_is_not() -> None:
    """Unit prices are quoted finer than a cent (screws at 0.0450 a piece, fuel at 1.789 a litre); amounts are
    whole cents."""
    lines = [{"description": "Schrauben M8x40", "quantity": "2500", "unit_price": "0.0450", "amount": "112.50"},
             {"description": "Super 95", "quantity": "45.23", "unit_price": "1.789", "amount": "80.92"}]
    data = dict(GOOD_INVOICE, subtotal="193.42", tax="36.75", total="230.17", line_items=lines)
    v = validate_data(data, Invoice, Settings())
    assert v.ok, v.errors
    assert v.data["line_items"][0]["unit_price"] == "0.0450"
    finer = dict(data, line_items=[dict(lines[0], unit_price="0.04501")])
    assert "line_items[0].unit_price" in {e.field for e in validate_data(finer, Invoice, Settings()).errors}
    cents = dict(data, line_items=[dict(lines[0], amount="112.505")])
    assert "line_items[0].amount" in {e.field for e in validate_data(cents, Invoice, Settings()).errors}


def test_pydantic_errors_become_typed_items() -> None:
    data = dict(GOOD_INVOICE, invoice_date="2024-13-40", currency="XXX", extra_field=1)
    del data["vendor_name"]
    v = validate_data(data, Invoice, Settings())
    assert v.instance is None and v.data == data  # raw data kept for review
    found = {(e.stage, e.code, e.field) for e in v.errors}
    assert ("validate", "validate.missing", "vendor_name") in found
    assert ("validate", "validate.type", "invoice_date") in found
    assert ("validate", "validate.type", "currency") in found
    assert ("validate", "validate.extra", "extra_field") in found
    assert all(len(e.message) < 300 for e in v.errors)


def test_required_value_left_empty_is_missing() -> None:
    v = validate_data(dict(GOOD_INVOICE, currency=None), Invoice, Settings())
    assert [(e.code, e.field) for e in v.errors] == [("validate.missing", "currency")]
    assert "required" in v.errors[0].message


def test_nested_error_paths_are_dotted() -> None:
    data = dict(GOOD_INVOICE, line_items=[{"description": "x", "amount": "ten"}])
    v = validate_data(data, Invoice, Settings())
    assert ("validate.type", "line_items[0].amount") in {(e.code, e.field) for e in v.errors}


def test_business_rules_are_reported_with_fields() -> None:
    data = dict(GOOD_INVOICE, total="130.00", due_date="2024-01-01")
    v = validate_data(data, Invoice, Settings())
    assert v.instance is not None
    assert sorted(codes(v.errors)) == ["rule.due_before_issue", "rule.total_mismatch"]
    assert all(e.stage == "rules" for e in v.errors)
    mismatch = next(e for e in v.errors if e.code == "rule.total_mismatch")
    assert mismatch.field == "subtotal,tax,total"


def test_rule_tolerance_comes_from_settings() -> None:
    data = dict(GOOD_INVOICE, total="120.04")
    assert "rule.total_mismatch" in codes(validate_data(data, Invoice, Settings()).errors)
    loose = Settings(validation={"tolerance": "0.05"})
    assert validate_data(data, Invoice, loose).ok


class _Odd(DocumentSchema):
    """A user type whose serializer breaks its own JSON Schema: only the JSON Schema check can see it."""

    doc_type: ClassVar[str] = "odd_test"
    code: str

    @field_serializer("code")
    def _as_int(self, value: str) -> int:
        return len(value)


def test_json_schema_runs_beside_pydantic() -> None:
    v = validate_data({"code": "abc"}, _Odd, Settings())
    assert v.instance is not None
    assert [(e.code, e.field) for e in v.errors] == [("schema.type", "code")]


def test_invalid_data_is_kept_json_ready() -> None:
    v = validate_data({"total": Decimal("1.50"), "invoice_date": date(2024, 1, 2)}, Invoice, Settings())
    assert v.instance is None
    assert v.data == {"total": "1.50", "invoice_date": "2024-01-02"}


def test_non_object_data_is_a_type_error() -> None:
    v = validate_data(["not", "an", "object"], Invoice, Settings())
    assert codes(v.errors) == ["validate.type"] and v.data is None


# -------------------------------------------------------------------------------------------- classify


def test_classify_by_keywords() -> None:
    invoice = classify_words(words_of("INVOICE", "Invoice number 17", "Bill to ACME", "Subtotal 10 VAT 2"))
    assert invoice.doc_type == "invoice" and invoice.reason is None
    receipt = classify_words(words_of("RECEIPT", "Paid by card VISA", "Thank you"))
    assert receipt.doc_type == "receipt" and receipt.reason is None


def test_weak_classification_is_a_review_reason_not_a_failure() -> None:
    c = classify_words(words_of("hello world nothing to see"))
    assert c.doc_type in {"invoice", "receipt", "claim_form"}
    assert c.reason is not None and c.reason.code == "classify.low_confidence"


def test_forced_doc_type_wins() -> None:
    c = classify_words(words_of("RECEIPT", "Thank you"), "invoice")
    assert c.doc_type == "invoice" and c.forced and c.reason is None
    with pytest.raises(ClassifyError, match="unknown document type"):
        classify_words([], "no_such_type")


def test_field_labels_classify_other_languages() -> None:
    # no keyword of any type, but German labels of invoice-only fields (lexicon of engine.labels)
    words = words_of("Musterfirma GmbH", "Rechnungsnummer: 2024-17", "Fälligkeitsdatum: 01.02.2024",
                     "Menge Einzelpreis Betrag", "Zwischensumme 10,00", "MwSt 1,90", "Gesamtbetrag 11,90")
    c = classify_words(words)
    assert c.doc_type == "invoice" and c.reason is None, c.scores


@pytest.mark.parametrize("lines", [
    # a German till receipt that prints its subtotal and VAT (fields only the invoice type has) and a "Bon-Nr."
    ("Bäckerei Sonnenschein", "Hauptstraße 18", "04.08.2023 21:30", "Bon-Nr. 85611 Kasse 5", "Croissant 1,70",
     "Zwischensumme 1,70", "SUMME EUR 1,70", "EC-Karte 1,70", "enth. MwSt. 7% 0,11"),
    # an English one with a "Receipt No." (a number label, but no invoice's)
    ("The Hill Grocers", "Receipt No. 4411", "Sub-total 7.24", "VAT 1.21", "TOTAL 7.24", "Contactless 7.24",
     "Thank you for shopping with us"),
    # a Dutch one with a PIN payment and its transaction number
    ("Drogist Prinsen", "4 juni 2019 09:07", "TRANSACTIE 546-0009 KASSA:3", "Hagelslag 2,40", "BTW 21% 0,42",
     "Maestro 2,40", "Aut. code 616786", "Dank u wel"),
    # a diner's bill: subtotal, tax and a tip, paid by card
    ("JOE'S DINER", "221 Main St", "Server: Amy Table 12", "03/05/2024 7:42 PM", "2 Pancakes 11.98",
     "Subtotal 14.48", "Tax 1.16", "Tip 3.00", "GRAND TOTAL 18.64", "VISA ****1234 18.64"),
    # a Portuguese pastry shop's simplified invoice, paid in cash
    ("PASTELARIA BELÉM", "Rua de Belém 84", "1300-085 Lisboa", "NIF 500 745 943", "Fatura simplificada FS 1/2231",
     "05/03/2024 10:12", "2 Pastel de nata 2,60", "TOTAL 3,40 €", "Numerário 5,00", "Troco 1,60",
     "Obrigado pela visita"),
    # a café's bill: the table, the server, a card payment and the VAT included
    ("The Copper Kettle", "Café & Bakery", "12 Market Square, York YO1 8RS", "VAT No. 284 1192 06",
     "Table 4 Server: Priya", "Date: 22/11/2026 Time: 12:47", "2 x Flat White £7.00", "Total £16.75",
     "Card £16.75", "VAT @ 20% included £2.79", "Thank you for visiting!"),
    # a photographed till receipt that names itself nowhere: a card payment's authorisation code and a goodbye
    ("FARMACIA CENTRALE", "Via Garibaldi 41", "10122 Torino", "DATE 31/05/2026", "PARACETAMOL 500MG 16,60",
     "TOTAL 60,79 €", "VISA 60,79", "AUTH 209381", "PLEASE COME AGAIN"),
    ("Café du Marché", "8 place du Marché", "69002 Lyon", "DATE 11/07/2026 #70447", "COLA 330ML 2,95",
     "TOTAL 33,84 €", "CARD 33,84", "AUTH 652620", "THANK YOU"),
])
def test_receipts_that_print_invoice_words_are_receipts(lines: tuple[str, ...]) -> None:
    c = classify_words(words_of(*lines))
    assert c.doc_type == "receipt" and c.reason is None, c.scores


@pytest.mark.parametrize("lines", [
    # a till receipt with no receipt word at all: a masked card number and the time of the sale give it away
    ("Lopez-Walker", "607 Michael Haven Apt. 362", "Andersonburgh, YT X4X 1A7", "April 12, 2024 12:27",
     "Trans 16352", "Tomatoes 11.73", "Subtotal 217.24", "AMOUNT DUE 217.24", "Card 217.24",
     "**** **** **** 2051", "Tax 13% 24.99", "Thank you!"),
    # a Polish one: "Nr paragonu" and the goodbye
    ("STARZAK STORE", "ul. Dąbrowskiej 31/21", "95-619 Oświęcim", "19.03.2024 17:58", "Nr paragonu 30562",
     "3 x Pasta 14,76", "Do zapłaty 14,76", "Karta 14,76", "VAT 23% 2,76", "Dziękujemy i zapraszamy ponownie"),
    # a Dutch bakery's: its receipt's and till's numbers run into their words by a scan's OCR ("Bon7342", "Kassa4"),
    # bottle deposits, a PIN payment and the goodbye
    ("Bakkerij de Jong", "Prinsengracht 115", "5629 BV Eindhoven", "Bon7342 · 21-07-2025 11:31 · Kassa4",
     "Roomboter 250 g 3,90 A", "Statiegeld 0,15 A", "Retour statiegeld 12 × 0,15 -1,80 A", "TOTAAL 57,14",
     "PIN ( • · 1106) 57,14", "BTW Excl. BTW Incl.", "Bedankt voor uw bezoek!"),
])
def test_receipts_known_by_their_marks(lines: tuple[str, ...]) -> None:
    c = classify_words(words_of(*lines))
    assert c.doc_type == "receipt" and c.reason is None, c.scores


def test_keyword_patterns_of_a_type_count_their_points() -> None:
    scores = keyword_scores("VISA XXXXXXXXXXXX4242 12/04/2024 09:15 **** 1111", [Invoice, Receipt])
    assert scores == {"invoice": 0.0, "receipt": 2.0 * 2 + 1.0 + 1.0}  # two card numbers, a time, the VISA


def test_what_an_invoice_sold_does_not_make_it_a_receipt() -> None:
    """Item rows (a description with its price and amount) say what was sold: "Catering for 20 guests", "Server
    rack installation" and "Cash register" are no restaurant's or till's words."""
    c = classify_words(words_of("Lone Pine Outfitters LLC", "INVOICE #INV63304", "DATE Sep 10, 2026",
                                "Particulars Qty Price Amount", "Catering for 20 guests 3 306.61 919.83",
                                "Server rack installation 1 285.18 285.18", "Cash register, card reader 2 95.00 190.00",
                                "Net Total 1,395.01", "Sales Tax 8.875% 123.81", "Total 1,518.82"))
    assert c.doc_type == "invoice" and c.reason is None, c.scores


def test_an_invoice_that_thanks_and_numbers_its_document_is_an_invoice() -> None:
    c = classify_words(words_of("Rechnung", "Beleg-Nr. Belegdatum", "A68-56731 09.12.2019", "Nettobetrag 100,00",
                                "MwSt 19,00", "Rechnungsbetrag 119,00", "Thank you for your business"))
    assert c.doc_type == "invoice" and c.reason is None, c.scores


def test_keyword_scores_ignore_case_and_accents() -> None:
    scores = keyword_scores("FACTURE n° 12 — Facturé", [Invoice, Receipt])
    assert scores["invoice"] >= 1 and scores["receipt"] == 0


# ----------------------------------------------------------------------------------------------- route


@pytest.mark.parametrize(("data", "errors", "status"), [
    ({"a": 1}, [], Status.ACCEPTED),
    ({"a": 1}, [ErrorItem(stage="ingest", code="input.duplicate", message="copy")], Status.ACCEPTED),
    ({"a": 1}, [ErrorItem(stage="rules", code="rule.x", message="m")], Status.REVIEW),
    ({"a": 1}, [ErrorItem(stage="ground", code="ground.not_found", message="m")], Status.REVIEW),
    ({"a": 1}, [ErrorItem(stage="classify", code="classify.low_confidence", message="m")], Status.REVIEW),
    ({"a": 1}, [ErrorItem(stage="engine", code="engine.canvas_decode", message="m")], Status.REVIEW),
    (None, [ErrorItem(stage="engine", code="engine.crash", message="m")], Status.FAILED),
    (None, [ErrorItem(stage="ocr", code="ocr.no_text", message="m")], Status.FAILED),
    (None, [], Status.FAILED),
])
def test_route(data: dict | None, errors: list[ErrorItem], status: Status) -> None:
    assert route(data, errors) is status


# ------------------------------------------------------------------------------------- finalize/extract


def _prepared(words, doc_type: str = "invoice", name: str = "a.pdf") -> Prepared:
    source = SourceFile(path=Path(name), source=name, size=10, sha256="0" * 64, kind=FileKind.PDF)
    document = Document(source=source, pages=[PageInfo(index=0, width=595, height=842,
                                                       text_source=TextSource.TEXT_LAYER)], words=words)
    return Prepared(source=source, document=document,
                    classification=classify_words(words, doc_type), cache_key="k", seconds={"load": 0.1})


def test_a_printed_table_with_no_rows_read_goes_to_review() -> None:
    """Subtotal, tax and total add up without the rows, so only the printed header tells that rows are missing."""
    no_rows = {**GOOD_INVOICE, "line_items": []}
    record = finalize(_prepared(INVOICE_PAGE), EngineResult(id="a.pdf", data=no_rows), Settings())
    assert record.status is Status.REVIEW and codes(record.errors) == ["table.not_read"], record.errors
    assert record.errors[0].field == "line_items" and "Beschreibung Menge Preis Betrag" in record.errors[0].message
    # without a header line (a totals line with amounts is none) an empty table is no reason
    page = [w for w in INVOICE_PAGE if w.line != 3]
    assert check_tables(no_rows, Invoice, page) == []
    assert check_tables(no_rows, Invoice, words_of("Summe Betrag 100,00 120,00")) == []
    # rows read: nothing to say; a type without tables: nothing to check
    assert check_tables(GOOD_INVOICE, Invoice, INVOICE_PAGE) == []
    assert check_tables({"merchant_name": "Bakery", "total": "1.50"}, Receipt, INVOICE_PAGE) == []


def test_finalize_accepts_a_clean_grounded_result() -> None:
    result = EngineResult(id="a.pdf", data=GOOD_INVOICE)
    record = finalize(_prepared(INVOICE_PAGE), result, Settings())
    assert record.status is Status.ACCEPTED, record.errors
    assert record.data["total"] == "120.00"
    assert record.fields["total"].page == 0
    assert record.metrics["pages"] == 1 and record.metrics["source_kind"] == "born_digital"
    assert set(record.metrics["seconds"]) >= {"load", "engine", "validate"}


def test_finalize_review_keeps_data_and_reasons() -> None:
    result = EngineResult(id="a.pdf", data=dict(GOOD_INVOICE, total="999.00"), error_code="engine.canvas_overflow",
                          error="line items did not fit")
    record = finalize(_prepared(INVOICE_PAGE), result, Settings())
    assert record.status is Status.REVIEW and record.data is not None
    assert {"engine.canvas_overflow", "rule.total_mismatch", "ground.not_found"} <= set(codes(record.errors))


def test_finalize_fails_without_data() -> None:
    record = finalize(_prepared(INVOICE_PAGE), EngineResult(id="a.pdf", error_code="engine.crash", error="boom"),
                      Settings())
    assert record.status is Status.FAILED and record.data is None
    assert codes(record.errors) == ["engine.crash"]


def test_extract_isolates_a_poisonous_document() -> None:
    engine = create_engine("kv", {"crash_on": ["b.txt"]})
    batch = [_prepared(words_of("total: 1.00"), name=n) for n in ("a.txt", "b.txt", "c.txt")]
    results = extract(batch, engine)
    assert [r.id for r in results] == ["a.txt", "b.txt", "c.txt"]
    assert results[0].data == {"total": "1.00"} and results[2].data == {"total": "1.00"}
    assert results[1].data is None and results[1].error_code == "engine.crash"


def test_extract_does_not_hammer_a_server_that_is_down() -> None:
    engine = create_engine("kv", {"down": True})
    batch = [_prepared(words_of("total: 1.00"), name=n) for n in ("a.txt", "b.txt")]
    results = extract(batch, engine)
    assert [r.error_code for r in results] == ["engine.unavailable"] * 2
    assert len(KeyValueEngine.calls) == 1
