"""Every common wording of an invoice's number, dates and totals, in English, German, French, Spanish, Italian and
Dutch, read on one invoice layout: each test changes one label and expects every field read as before."""

from __future__ import annotations

import pytest

from engine.base import EngineRequest
from engine.registry import create_engine
from schemas import Invoice
from tests.layout import layout

ENGLISH = {
    "number": ["Invoice No.", "Invoice #", "Invoice Number:", "Bill No.", "Bill Number", "Document No.", "Ref. No.",
               "Invoice ID", "No.", "Inv #", "Tax Invoice No", "Invoice Ref"],
    "date": ["Date:", "Invoice Date", "Date of Issue", "Issue Date", "Bill Date", "Dated", "Date Issued", "Issued on",
             "Billing Date", "Invoice date:"],
    "due": ["Due Date", "Payment Due", "Due by", "Pay by", "Payment Due Date", "Due on", "Please pay by",
            "Terms: Due", "Due"],
    "subtotal": ["Subtotal", "Sub-total", "Sub Total", "Net Amount", "Net Total", "Total before tax",
                 "Amount (excl. VAT)", "Total excl. tax", "Net"],
    "tax": ["VAT 20%", "Tax", "Sales Tax (8%)", "GST 10%", "Tax (20%)", "VAT @ 20%", "Total VAT", "HST 13%",
            "Tax amount", "VAT amount"],
    "total": ["Total", "Total Due", "Amount Due", "Balance Due", "Grand Total", "Total Amount", "Amount Payable",
              "Invoice Total", "Total (GBP)", "TOTAL TO PAY", "Balance"],
}
OTHERS = {
    "de": {"number": ["Rechnungs-Nr.", "Rechnungsnummer", "Beleg-Nr.", "Rechnung Nr.", "RE-Nr."],
           "date": ["Rechnungsdatum", "Datum", "Belegdatum", "Ausstellungsdatum"],
           "due": ["Fälligkeitsdatum", "Zahlbar bis", "Fällig am", "Zahlungsziel"],
           "subtotal": ["Nettobetrag", "Summe netto", "Zwischensumme", "Netto", "Gesamt netto", "Warenwert"],
           "tax": ["MwSt. 19%", "zzgl. 19% USt.", "19% MwSt.", "Umsatzsteuer 19%", "USt. (19%)"],
           "total": ["Gesamtbetrag", "Zu zahlen", "Rechnungsbetrag", "Endbetrag", "Gesamt brutto", "Summe brutto",
                     "Bruttobetrag"]},
    "fr": {"number": ["Facture N°", "N° facture", "Numéro de facture", "Réf. facture"],
           "date": ["Date", "Date de facturation", "Date d'émission", "Émise le"],
           "due": ["Date d'échéance", "À payer avant le", "Échéance", "Date limite de paiement"],
           "subtotal": ["Total HT", "Montant HT", "Sous-total", "Total hors taxes"],
           "tax": ["TVA (20%)", "TVA 20 %", "Montant TVA", "TVA à 20%"],
           "total": ["Total TTC", "Net à payer", "Montant TTC", "Total à payer", "Reste à payer"]},
    "es": {"number": ["Nº factura", "Factura nº", "Número de factura", "Nº de factura"],
           "date": ["Fecha", "Fecha de factura", "Fecha emisión", "Fecha de expedición"],
           "due": ["Fecha de vencimiento", "Vencimiento", "Fecha límite de pago"],
           "subtotal": ["Base imponible", "Subtotal", "Importe neto", "Total sin IVA"],
           "tax": ["IVA 21%", "IVA (21%)", "Cuota IVA", "I.V.A. 21%"],
           "total": ["Total", "Total a pagar", "Importe total", "TOTAL FACTURA"]},
    "it": {"number": ["Fattura n.", "Numero fattura", "N. documento"],
           "date": ["Data", "Data fattura", "Data documento", "Data emissione"],
           "due": ["Scadenza", "Data scadenza", "Scadenza pagamento"],
           "subtotal": ["Imponibile", "Totale imponibile", "Subtotale"],
           "tax": ["IVA 22%", "Imposta", "IVA (22%)"],
           "total": ["Totale", "Totale documento", "Totale fattura", "Netto a pagare", "Totale da pagare"]},
    "nl": {"number": ["Factuurnummer", "Factuurnr.", "Factuur nr."],
           "date": ["Factuurdatum", "Datum"],
           "due": ["Vervaldatum", "Te betalen voor", "Uiterste betaaldatum"],
           "subtotal": ["Subtotaal", "Totaal excl. BTW", "Netto"],
           "tax": ["BTW 21%", "BTW (21%)", "21% BTW"],
           "total": ["Totaal", "Te betalen", "Totaal incl. BTW", "Totaalbedrag"]},
}


def _english(labels: dict[str, str]) -> list:
    return [[(0.05, "Northwind Traders Ltd")], [(0.05, "12 High Street, Leeds LS1 4AP")],
            [(0.5, labels["number"]), (0.7, "INV-20931")], [(0.5, labels["date"]), (0.7, "12/03/2024")],
            [(0.5, labels["due"]), (0.7, "11/04/2024")],
            [(0.05, "Description"), (0.55, "Qty"), (0.65, "Unit Price"), (0.85, "Amount")],
            [(0.05, "Consulting services"), (0.55, "2"), (0.65, "150.00"), (0.85, "300.00")],
            [(0.05, "Travel expenses"), (0.55, "1"), (0.65, "100.00"), (0.85, "100.00")],
            [(0.6, labels["subtotal"]), (0.85, "£400.00")], [(0.6, labels["tax"]), (0.85, "£80.00")],
            [(0.6, labels["total"]), (0.85, "£480.00")]]


def _continental(labels: dict[str, str]) -> list:
    return [[(0.05, "Northwind Handels GmbH")], [(0.05, "Hauptstraße 12, 10115 Berlin")],
            [(0.5, labels["number"]), (0.7, "2024-0931")], [(0.5, labels["date"]), (0.7, "12.03.2024")],
            [(0.5, labels["due"]), (0.7, "11.04.2024")],
            [(0.05, "Beschreibung"), (0.55, "Menge"), (0.65, "Preis"), (0.85, "Betrag")],
            [(0.05, "Beratung"), (0.55, "2"), (0.65, "150,00"), (0.85, "300,00")],
            [(0.05, "Reisekosten"), (0.55, "1"), (0.65, "100,00"), (0.85, "100,00")],
            [(0.6, labels["subtotal"]), (0.85, "400,00 €")], [(0.6, labels["tax"]), (0.85, "76,00 €")],
            [(0.6, labels["total"]), (0.85, "476,00 €")]]


def _cases() -> list:
    out = []
    for lang, table, build, want in (
            ("en", ENGLISH, _english, ("INV-20931", "2024-03-12", "2024-04-11", "400.00", "80.00", "480.00")),
            *((lang, table, _continental, ("2024-0931", "2024-03-12", "2024-04-11", "400.00", "76.00", "476.00"))
              for lang, table in OTHERS.items())):
        first = {field: wordings[0] for field, wordings in table.items()}
        for field, wordings in table.items():
            out += [pytest.param(build({**first, field: w}), want, id=f"{lang}-{field}-{w}") for w in wordings]
    return out


_ENGINE = create_engine("baseline")


@pytest.mark.parametrize(("rows", "want"), _cases())
def test_a_label_wording_reads_every_field(rows: list, want: tuple[str, ...]) -> None:
    (result,) = _ENGINE.extract_batch([EngineRequest(id="doc", words=layout(rows), target=Invoice)])
    d = result.data
    assert (d["invoice_number"], d["invoice_date"], d["due_date"], d["subtotal"], d["tax"], d["total"]) == want
