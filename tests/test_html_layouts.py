"""Invoices laid out the way common billing tools print them (HTML flowed onto A4 by PyMuPDF's Story), read end to
end: text layer, spans, rules. Each layout once showed a gap in the reading; the comment says which."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from engine.base import EngineRequest
from engine.registry import create_engine
from pipeline.config import Settings
from pipeline.ingest import identify
from pipeline.ocr import load_document
from schemas import get_schema

_RIGHT = 'style="text-align:right"'


def _pdf(body: str, path: Path) -> Path:
    story = pymupdf.Story(html=f'<html><body style="font-family: Helvetica; font-size: 10px">{body}</body></html>')
    writer = pymupdf.DocumentWriter(str(path))
    more = 1
    while more:
        device = writer.begin_page(pymupdf.paper_rect("a4"))
        more, _ = story.place(pymupdf.paper_rect("a4") + (36, 36, -36, -36))
        story.draw(device)
        writer.end_page()
    writer.close()
    return path


def _rows(*rows: tuple[str, ...]) -> str:
    return "".join("<tr>" + "".join(f"<td{'' if k == 0 else ' ' + _RIGHT}>{c}</td>" for k, c in enumerate(r))
                   + "</tr>" for r in rows)


def _read(path: Path, doc_type: str = "invoice", engine: str = "baseline") -> dict:
    settings = Settings()
    doc = load_document(identify(path, path.parent, settings.limits), settings)
    result = create_engine(engine, {}).extract_batch(
        [EngineRequest(id=path.name, words=doc.words, target=get_schema(doc_type))])[0]
    return result.data


# "Amount Due (GBP)" beside "Invoice Number", the value stacked under its label
FRESHBOOKS = ("""<p style="font-size:18px"><b>Greenway Landscaping Ltd</b></p>
<p>14 Orchard Lane<br/>Guildford GU1 3XX</p>
<table style="width:100%"><tr><td><b>Billed To</b><br/>Fenwick &amp; Hale LLP<br/>2 Bridge Street</td>
<td><b>Date of Issue</b><br/>03/10/2026<br/><br/><b>Due Date</b><br/>02/11/2026</td>
<td><b>Invoice Number</b><br/>0000381</td>
<td style="text-align:right"><b>Amount Due (GBP)</b><br/>£1,518.00</td></tr></table>
<table style="width:100%">""" + _rows(("<b>Description</b>", "<b>Rate</b>", "<b>Qty</b>", "<b>Line Total</b>"),
                                      ("Hedge trimming", "£45.00", "8", "£360.00"),
                                      ("Patio jet wash", "£905.00", "1", "£905.00")) + """</table>
<table style="width:100%">""" + _rows(("Subtotal", "1,265.00"), ("VAT (20%)", "253.00"), ("Total", "1,518.00"),
                                      ("Amount Due (GBP)", "£1,518.00")) + "</table>")

# an item table with a price column only: the price is the line's amount
PRICE_ONLY = ("""<table style="width:100%"><tr><td style="font-size:30px">Brightline</td>
<td style="text-align:right">Invoice #: 2041<br/>Created: March 3, 2026<br/>Due: April 2, 2026</td></tr></table>
<table style="width:100%">""" + _rows(("Payment Method", "Check #"), ("Check", "1000"), ("Item", "Price"),
                                      ("Brand identity package", "$1,200.00"), ("Hosting (3 months)", "$75.00"),
                                      ("", "Total: $1,275.00")) + "</table>")

# federal and provincial sales tax on two lines
CANADA = ("""<table style="width:100%"><tr><td><b style="font-size:16px">Northern Lights Electric Inc.</b><br/>
1450 Portage Ave, Winnipeg MB R3G 0W4</td><td style="text-align:right"><b>INVOICE</b><br/>Invoice: NLE-7781<br/>
Date: 2026-10-28<br/>Due: 2026-11-27</td></tr></table><table style="width:100%">"""
          + _rows(("<b>Service</b>", "<b>Hours</b>", "<b>Rate</b>", "<b>Total</b>"),
                  ("Panel upgrade 200A", "6.0", "$115.00", "$690.00"),
                  ("Permit and inspection", "1.0", "$210.00", "$210.00")) + """</table><table style="width:100%">"""
          + _rows(("Subtotal", "$900.00"), ("GST 5%", "$45.00"), ("PST 7%", "$63.00"), ("Total (CAD)", "$1,008.00"))
          + "</table>")

# a letter that gives its due date in a sentence with a term in days
GERMAN = ("""<p style="font-size:7px">Schreinerei Holzmann GmbH · Am Mühlbach 7 · 83022 Rosenheim</p>
<table style="width:100%"><tr><td>Frau<br/>Dr. Katrin Albers<br/>Lindenstraße 21<br/>80469 München</td>
<td style="text-align:right"><b style="font-size:14px">Schreinerei Holzmann GmbH</b><br/>Am Mühlbach 7<br/>
83022 Rosenheim</td></tr></table><p style="font-size:14px"><b>Rechnung</b></p>
<table><tr><td>Rechnungsnummer:</td><td>RE-2026-1187</td></tr><tr><td>Rechnungsdatum:</td><td>01.12.2026</td></tr></table>
<table style="width:100%">""" + _rows(("<b>Bezeichnung</b>", "<b>Menge</b>", "<b>Einzelpreis</b>",
                                       "<b>Gesamtpreis</b>"),
                                      ("Einbauschrank Eiche massiv", "1", "3.480,00 €", "3.480,00 €"),
                                      ("Montage vor Ort", "6,5", "58,00 €", "377,00 €")) + """</table>
<table style="width:100%">""" + _rows(("Nettobetrag", "3.857,00 €"), ("zzgl. 19 % USt.", "732,83 €"),
                                      ("<b>Rechnungsbetrag</b>", "<b>4.589,83 €</b>")) + """</table>
<p>Bitte überweisen Sie den Rechnungsbetrag innerhalb von 14 Tagen bis zum 15.12.2026 ohne Abzug.</p>""")


@pytest.mark.parametrize(("body", "expected"), [
    (FRESHBOOKS, {"invoice_number": "0000381", "invoice_date": "2026-10-03", "due_date": "2026-11-02",
                  "currency": "GBP", "subtotal": "1265.00", "tax": "253.00", "total": "1518.00"}),
    (PRICE_ONLY, {"invoice_number": "2041", "invoice_date": "2026-03-03", "due_date": "2026-04-02",
                  "total": "1275.00"}),
    (CANADA, {"vendor_name": "Northern Lights Electric Inc.", "invoice_number": "NLE-7781", "currency": "CAD",
              "subtotal": "900.00", "tax": "108.00", "total": "1008.00"}),
    (GERMAN, {"vendor_name": "Schreinerei Holzmann GmbH", "invoice_number": "RE-2026-1187",
              "invoice_date": "2026-12-01", "due_date": "2026-12-15", "subtotal": "3857.00", "total": "4589.83"}),
], ids=["freshbooks", "price-only", "canada", "german-letter"])
def test_billing_tool_layouts(tmp_path: Path, body: str, expected: dict) -> None:
    data = _read(_pdf(body, tmp_path / "invoice.pdf"))
    assert {k: data[k] for k in expected} == expected


def test_price_only_rows_have_amounts(tmp_path: Path) -> None:
    items = _read(_pdf(PRICE_ONLY, tmp_path / "invoice.pdf"))["line_items"]
    assert [(i["description"], i["amount"]) for i in items] == [("Brand identity package", "1200.00"),
                                                                 ("Hosting (3 months)", "75.00")]
