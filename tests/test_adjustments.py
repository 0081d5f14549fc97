"""Discounts, charges and rounding printed beside an invoice's totals: read, kept out of the item table, and
explaining a subtotal + tax that differs from the total."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from engine.adjustments import AdjustmentKind, find_adjustments
from engine.spandoc import SpanDoc
from pipeline.config import Settings
from pipeline.models import ErrorItem, Status
from pipeline.reconcile import ADJUSTED_CODE, reconcile
from pipeline.review import ReviewQueue, ReviewState, database_url, resolve_item
from pipeline.route import route
from pipeline.runner import run
from tests.conftest import INVOICE_TEXT
from tests.layout import layout
from tests.test_html_layouts import _pdf, _read, _rows


def _adjustments(rows):
    return [(a.kind, a.label, a.amount) for a in find_adjustments(SpanDoc(layout(rows)))]


def test_adjustment_lines_are_read_with_the_sign_they_have_on_the_total():
    rows = [[(0.6, "Subtotal"), (0.85, "1,200.00")],
            [(0.6, "Discount (10%)"), (0.85, "-120.00")],
            [(0.6, "Less discount"), (0.85, "(60.00)")],
            [(0.6, "Rabatt 5%:"), (0.85, "30,00")],  # printed without a sign: a discount still lowers the total
            [(0.6, "Shipping & Handling"), (0.85, "25.00")],
            [(0.6, "Frais de port"), (0.85, "9,90")],
            [(0.6, "S&H"), (0.85, "9.95")], [(0.6, "Transport"), (0.85, "25.00")], [(0.6, "Frakt"), (0.85, "49,50")],
            [(0.6, "Rounding"), (0.85, "-0.02")],
            [(0.6, "Sales Tax (5.5%)"), (0.85, "59.40")],
            [(0.6, "Total"), (0.85, "$1,139.40")]]
    assert _adjustments(rows) == [
        (AdjustmentKind.DISCOUNT, "Discount (10%)", Decimal("-120.00")),
        (AdjustmentKind.DISCOUNT, "Less discount", Decimal("-60.00")),
        (AdjustmentKind.DISCOUNT, "Rabatt 5%:", Decimal("-30.00")),
        (AdjustmentKind.CHARGE, "Shipping & Handling", Decimal("25.00")),
        (AdjustmentKind.CHARGE, "Frais de port", Decimal("9.90")),
        (AdjustmentKind.CHARGE, "S&H", Decimal("9.95")),
        (AdjustmentKind.CHARGE, "Transport", Decimal("25.00")),
        (AdjustmentKind.CHARGE, "Frakt", Decimal("49.50")),
        (AdjustmentKind.ROUNDING, "Rounding", Decimal("-0.02")),
    ]


def test_lines_that_are_no_adjustment():
    rows = [[(0.05, "Freight charge"), (0.5, "2"), (0.65, "20.00"), (0.85, "40.00")],  # an item: two amounts
            [(0.05, "Delivery address:"), (0.3, "12 Mill Lane")],  # no amount
            [(0.05, "Delivery date:"), (0.3, "03.04.2024")],
            [(0.6, "Total after discount"), (0.85, "1,080.00")],  # a total
            [(0.6, "Invoice total"), (0.85, "1,080.00")]]
    assert _adjustments(rows) == []


def _error(code: str) -> ErrorItem:
    return ErrorItem(stage="rules", code=code, message="m", field="subtotal,tax,total")


def test_reconcile_turns_explained_arithmetic_into_a_note():
    adjustments = find_adjustments(SpanDoc(layout([[(0.6, "Discount"), (0.85, "-120.00")],
                                                   [(0.6, "Shipping"), (0.85, "25.00")]])))
    data = {"subtotal": "1200.00", "tax": "59.40", "total": "1164.40",
            "line_items": [{"amount": "1200.00"}]}
    [note] = reconcile([_error("rule.total_mismatch")], data, adjustments, Decimal("0.01"))
    assert note.code == ADJUSTED_CODE and "discount 120.00" in note.message and "charge 25.00" in note.message
    assert route(data, [note]) is Status.ACCEPTED
    # a difference no combination of them makes up stays a violation
    other = dict(data, total="1170.00")
    assert [e.code for e in reconcile([_error("rule.total_mismatch")], other, adjustments, Decimal("0.01"))] == [
        "rule.total_mismatch"]
    # so does every error of a document without adjustments, and errors of other rules
    assert reconcile([_error("rule.total_mismatch")], data, [], Decimal("0.01"))[0].code == "rule.total_mismatch"
    assert reconcile([_error("rule.due_before_issue")], data, adjustments, Decimal("0.01"))[0].code == \
        "rule.due_before_issue"
    # the items summed to the subtotal after a discount printed above it
    lines = {"subtotal": "1080.00", "tax": None, "total": "1080.00", "line_items": [{"amount": "1200.00"}]}
    [note] = reconcile([_error("rule.lines_sum_mismatch")], lines, adjustments, Decimal("0.01"))
    assert note.code == ADJUSTED_CODE and note.message.startswith("line items 1200.00 - discount 120.00")


TOTALS = ("""<p style="font-size:18px"><b>Harbor Lane Outfitters</b><br/>14 Wharf Street, Portland, ME 04101</p>
<p>INVOICE</p><table style="width:100%"><tr><td>Bill To:<br/>Greenfield Sports Club</td>
<td>Invoice #: HL-1000<br/>Date: 2026-10-01<br/>Due Date: 2026-11-01</td></tr></table>
<table style="width:100%" border="1">""" + _rows(("Description", "Qty", "Rate", "Amount"),
                                                 ("Hiking boots", "4", "120.00", "480.00"),
                                                 ("Rain jacket", "6", "85.00", "510.00"),
                                                 ("Trekking poles", "5", "42.00", "210.00")) + "</table>")


def test_an_adjustment_after_the_subtotal_is_no_item(tmp_path: Path):
    body = TOTALS + "<table style='width:100%'>" + _rows(("Subtotal", "1,200.00"), ("Freight", "40.00"),
                                                         ("Total", "$1,240.00")) + "</table>"
    data = _read(_pdf(body, tmp_path / "freight.pdf"))
    assert [li["description"] for li in data["line_items"]] == ["Hiking boots", "Rain jacket", "Trekking poles"]
    assert (data["subtotal"], data["tax"], data["total"]) == ("1200.00", None, "1240.00")


def test_a_discounted_invoice_is_accepted_with_its_adjustment(tmp_path: Path):
    body = TOTALS + "<table style='width:100%'>" + _rows(
        ("Subtotal", "1,200.00"), ("Discount (10%)", "-120.00"), ("Sales Tax (5.5%)", "59.40"),
        ("Total", "$1,139.40")) + "</table>"
    root = tmp_path / "in"
    root.mkdir()
    _pdf(body, root / "discounted.pdf")
    summary = run(root, tmp_path / "out", Settings(engine={"name": "baseline"}, workers=1))
    assert summary.accepted == 1
    import json

    record = json.loads((tmp_path / "out" / "results.jsonl").read_text())
    assert len(record["data"]["line_items"]) == 3 and record["data"]["total"] == "1139.40"
    assert [e["code"] for e in record["errors"]] == [ADJUSTED_CODE]
    assert record["adjustments"][0]["kind"] == "discount" and record["adjustments"][0]["amount"] == "-120.00"


def test_a_correction_is_checked_against_the_printed_adjustments(make_docs, tmp_path: Path):
    text = INVOICE_TEXT.replace("total: 120.00", "total: 130.00") + "Discount                 -5.00\n"
    out = tmp_path / "out"
    settings = Settings(engine={"name": "kv"}, workers=1)
    assert run(make_docs({"disc.txt": text}), out, settings).review == 1  # 100 + 20 - 5 is not 130
    with ReviewQueue(database_url(out)) as queue:
        (item,) = queue.items(ReviewState.OPEN)
        record = resolve_item(queue, item.id, dict(item.data, total="115.00"), settings, by="ana")
    assert record.status is Status.ACCEPTED and [e.code for e in record.errors] == [ADJUSTED_CODE]
