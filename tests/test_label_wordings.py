"""Common wordings of an invoice's number, dates and totals (in English, German, French, Spanish, Italian and Dutch),
of a claim form's fields and of a till receipt's total, each read on one layout: each test changes one label and
expects every field read as before."""

from __future__ import annotations

import pytest

from engine.base import EngineRequest
from engine.registry import create_engine
from schemas import ClaimForm, Invoice, Receipt
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
              "Invoice Total", "Total (GBP)", "TOTAL TO PAY", "Balance", "Please pay"],
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


#: the invoice each wording is read on, in British and in continental print: name, address, number, dates,
#: the two items' figures, subtotal, tax and total
ENGLISH_INVOICE = ("Northwind Traders Ltd", "12 High Street, Leeds LS1 4AP", "INV-20931", "12/03/2024", "11/04/2024",
                   ("Description", "Qty", "Unit Price", "Amount"), ("Consulting services", "150.00", "300.00"),
                   ("Travel expenses", "100.00", "100.00"), "£400.00", "£80.00", "£480.00")
CONTINENTAL_INVOICE = ("Northwind Handels GmbH", "Hauptstraße 12, 10115 Berlin", "2024-0931", "12.03.2024",
                       "11.04.2024", ("Beschreibung", "Menge", "Preis", "Betrag"), ("Beratung", "150,00", "300,00"),
                       ("Reisekosten", "100,00", "100,00"), "400,00 €", "76,00 €", "476,00 €")


def _invoice(labels: dict[str, str], printed: tuple) -> list:
    name, address, number, issued, due, header, first, second, subtotal, tax, total = printed
    return [[(0.05, name)], [(0.05, address)],
            [(0.5, labels["number"]), (0.7, number)], [(0.5, labels["date"]), (0.7, issued)],
            [(0.5, labels["due"]), (0.7, due)],
            [(x, h) for x, h in zip((0.05, 0.55, 0.65, 0.85), header, strict=True)],
            [(0.05, first[0]), (0.55, "2"), (0.65, first[1]), (0.85, first[2])],
            [(0.05, second[0]), (0.55, "1"), (0.65, second[1]), (0.85, second[2])],
            [(0.6, labels["subtotal"]), (0.85, subtotal)], [(0.6, labels["tax"]), (0.85, tax)],
            [(0.6, labels["total"]), (0.85, total)]]


def _cases() -> list:
    out = []
    for lang, table, printed, want in (
            ("en", ENGLISH, ENGLISH_INVOICE, ("INV-20931", "2024-03-12", "2024-04-11", "400.00", "80.00", "480.00")),
            *((lang, table, CONTINENTAL_INVOICE, ("2024-0931", "2024-03-12", "2024-04-11", "400.00", "76.00",
                                                  "476.00"))
              for lang, table in OTHERS.items())):
        first = {field: wordings[0] for field, wordings in table.items()}
        for field, wordings in table.items():
            out += [pytest.param(_invoice({**first, field: w}, printed), want, id=f"{lang}-{field}-{w}")
                    for w in wordings]
    return out


_ENGINE = create_engine("baseline")


@pytest.mark.parametrize(("rows", "want"), _cases())
def test_a_label_wording_reads_every_field(rows: list, want: tuple[str, ...]) -> None:
    (result,) = _ENGINE.extract_batch([EngineRequest(id="doc", words=layout(rows), target=Invoice)])
    d = result.data
    assert (d["invoice_number"], d["invoice_date"], d["due_date"], d["subtotal"], d["tax"], d["total"]) == want


CLAIM = {
    "name": ["Name of insured", "Policyholder name", "Full name", "Insured", "Claimant", "Claimant name", "Name",
             "Insured person", "Policy holder", "Your name", "Name of claimant"],
    "dob": ["Date of birth", "DOB", "Birth date", "Born", "D.O.B."],
    "policy": ["Policy No.", "Policy #", "Policy number", "Certificate No.", "Policy ID", "Policy ref.",
               "Contract number", "Member ID"],
    "street": ["Address", "Street", "Street address", "Home address", "Mailing address"],
    "city": ["City", "Town", "City/Town"],
    "postcode": ["Postcode", "ZIP", "Postal code", "ZIP code", "Post code"],
    "date": ["Date of loss", "Date of accident", "Incident date", "Date of incident", "Loss date",
             "When did it happen?", "Date of event", "Accident date"],
    "amount": ["Amount claimed", "Estimated loss", "Claim amount", "Total claimed", "Amount of claim",
               "Estimated cost", "Claimed amount"],
    "type": ["Type of claim", "Claim type", "Cover", "Type of loss", "Nature of claim"],
    "police": ["Police report filed?", "Reported to police?", "Police report", "Was a police report made?"],
    "signature": ["Signature", "Signed", "Signature of claimant", "Claimant's signature"],
}
CLAIM_WANT = {"claimant_name": "Olivia Bennett", "date_of_birth": "1980-02-14", "policy_number": "PC-2291834",
              "claim_type": "home", "address": {"street": "14 Station Road", "city": "Leeds", "postal_code": "LS1 4AP"},
              "incident_date": "2023-05-03", "claim_amount": "1250.00", "police_report_filed": False, "signed": True}


def _claim(labels: dict[str, str]) -> list:
    return [[(0.05, "Northgate Insurance plc")], [(0.05, "Insurance Claim Form")],
            [(0.05, labels["name"]), (0.4, "Olivia Bennett")], [(0.05, labels["dob"]), (0.4, "14/02/1980")],
            [(0.05, labels["policy"]), (0.4, "PC-2291834")], [(0.05, labels["street"]), (0.4, "14 Station Road")],
            [(0.05, labels["city"]), (0.4, "Leeds")], [(0.05, labels["postcode"]), (0.4, "LS1 4AP")],
            [(0.05, labels["date"]), (0.4, "03/05/2023")], [(0.05, labels["amount"]), (0.4, "£1,250.00")],
            [(0.05, labels["type"]), (0.4, "[ ] Motor [X] Home [ ] Health [ ] Travel")],
            [(0.05, labels["police"]), (0.4, "[ ] Yes [X] No")],
            [(0.05, "I declare that the information given is true.")],
            [(0.05, labels["signature"]), (0.4, "Olivia Bennett"), (0.7, "Date"), (0.8, "05/05/2023")]]


@pytest.mark.parametrize("rows", [pytest.param(_claim({**{f: w[0] for f, w in CLAIM.items()}, field: wording}),
                                               id=f"{field}-{wording}")
                                  for field, wordings in CLAIM.items() for wording in wordings])
def test_a_claim_form_label_wording_reads_every_field(rows: list) -> None:
    (result,) = _ENGINE.extract_batch([EngineRequest(id="doc", words=layout(rows), target=ClaimForm)])
    assert result.data == CLAIM_WANT


@pytest.mark.parametrize("wording", ["TOTAL", "Total", "Amount", "TOTAL EUR", "Grand Total", "BALANCE DUE",
                                     "AMOUNT DUE", "Total to pay", "TOTAL DUE", "Sale total", "Total paid",
                                     "TOTAL GBP", "Amount paid", "To pay", "Net to pay"])
def test_a_receipts_total_wording_is_read_beside_the_cash_and_change(wording: str) -> None:
    rows = [[(0.3, "CORNER CAFE")], [(0.3, "12 High Street")], [(0.3, "Leeds LS1 4AP")],
            [(0.08, "12/03/2024 10:22"), (0.6, "Till 2")], [(0.08, "Coffee"), (0.8, "2.50")],
            [(0.08, "Muffin"), (0.8, "3.10")], [(0.08, "Subtotal"), (0.8, "5.60")], [(0.08, wording), (0.8, "5.60")],
            [(0.08, "Cash"), (0.8, "10.00")], [(0.08, "Change"), (0.8, "4.40")],
            [(0.08, "VAT 20%"), (0.6, "4.67"), (0.8, "0.93")]]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="doc", words=layout(rows), target=Receipt)])
    assert (result.data["merchant_name"], result.data["date"], result.data["total"]) == \
        ("CORNER CAFE", "2024-03-12", "5.60")
