"""Invoices and till receipts from a second, independent generator: HTML laid out by PyMuPDF's Story (flow layout).

`docgen` places every word at coordinates of its own layout families. This script writes documents the way many
billing and till systems do, as HTML tables and paragraphs flowed onto the page by an HTML engine, with its own
label vocabulary, column orders, number and date styles: invoices on A4 in ten styles (English of the US, UK and
Australia, German, French, Dutch, Spanish, Italian, Polish), receipts on an 80 mm till roll in six (with
slogans under the shop's name, payment and change lines, loyalty points, card terminal lines), and insurance
claim forms in six (`bench/flowclaims.py`: three ways of printing check boxes, three field layouts). A share is
printed and scanned (docgen's scanner, at 150–200 DPI). The documents go through the pipeline's own text/OCR
stage, the document type is guessed as `extract run` guesses it (reported), and every engine named reads them;
the script reports the same figures as `bench/quality.py`.

    python bench/flowdocs.py --n 40 --engines baseline,embedded --json bench/results/flowdocs.json
    python bench/flowdocs.py --n 40 --doc-types receipt --json bench/results/flowdocs-receipts.json
    python bench/flowdocs.py --n 40 --doc-types claim_form --json bench/results/flowdocs-claims.json

Nothing in the engines is fitted on these documents; use them to see how the pipeline holds up on layouts it has
never seen, not to tune rules against.
"""

from __future__ import annotations

import argparse
import html
import json
import logging
import random
import sys
import tempfile
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CENT = Decimal("0.01")

VENDORS = ["Northwind Traders LLC", "Blue Harbor Analytics Inc.", "Kestrel Print & Design",
           "Oakridge Facility Services",
           "Lumen Software Ltd", "Brightwater Plumbing Co.", "Helios Solar GmbH", "Atelier Roche SARL",
           "Van Dijk Installaties B.V.", "Nordlicht Medien GmbH", "Summit Legal Partners LLP", "Granite & Co. Builders",
           "Pixelwerk Studio", "Cedar Lane Catering", "Quantum Freight Solutions", "Marlow Office Supply"]
CUSTOMERS = ["Riverbend Dental Clinic", "Acme Holdings Corp.", "Stadtwerke Kleinberg", "Maison Lefèvre",
             "Jansen Retail B.V.", "Pinecrest Academy", "Orbit Media Group", "Harper & Lowe Architects"]
STREETS = ["4410 Market Street", "12 King's Road", "Hauptstraße 18", "27 rue des Lilas", "Keizersgracht 301",
           "900 Elm Avenue, Suite 210", "Unit 5, Mill Lane"]
CITIES = ["Portland, OR 97205", "London SW3 4NB", "80331 München", "69002 Lyon", "1016 AM Amsterdam",
          "Austin, TX 78701", "Leeds LS1 4AP", "20121 Milano", "00-950 Warszawa", "28013 Madrid", "Sydney NSW 2000"]
ITEMS = ["Website maintenance (monthly)", "Consulting hours", "Printer toner cartridge", "Annual software license",
         "On-site installation", "Copper pipe 22 mm", "Design revisions", "Catering for 20 guests", "Freight charge",
         "Office chairs", "Cloud storage 1 TB", "Legal review of contract", "Solar panel 400 W", "Training session",
         "Cleaning service", "Delivery and setup", "Premium support plan", "Paper A4 (box)"]


@dataclass(frozen=True)
class Style:
    """One way of writing an invoice: language of its labels, formats and column order."""

    name: str
    lang: str
    currency: str
    symbol: str
    date_fmt: str  # strftime
    thousands: str
    decimal: str
    number_label: str
    date_label: str
    due_label: str
    columns: tuple[str, ...]  # of: desc, qty, price, amount, sku
    col_labels: dict[str, str]
    subtotal_label: str
    tax_label: str  # {rate}
    total_label: str
    title: str
    bill_to: str
    symbol_first: bool | None = None  # None: before the amount in English, after it elsewhere
    months: str = ""  # month names of %B in the style's language, January first


STYLES = [
    Style("modern-us", "en", "USD", "$", "%m/%d/%Y", ",", ".", "Invoice #", "Date of Issue", "Payment Due",
          ("sku", "desc", "qty", "price", "amount"),
          {"sku": "Item", "desc": "Description", "qty": "Qty", "price": "Unit Cost", "amount": "Line Total"},
          "Subtotal", "Sales Tax ({rate}%)", "Balance Due", "INVOICE", "Billed To"),
    Style("statement-gb", "en", "GBP", "£", "%d %B %Y", ",", ".", "Invoice No.", "Invoice Date", "Due By",
          ("desc", "qty", "price", "amount"),
          {"desc": "Service", "qty": "Hours", "price": "Rate", "amount": "Amount"},
          "Net Amount", "VAT @ {rate}%", "Amount Payable", "Tax Invoice", "Invoice To"),
    Style("plain-de", "de", "EUR", "€", "%d.%m.%Y", ".", ",", "Rechnungsnummer", "Rechnungsdatum", "Zahlbar bis",
          ("desc", "qty", "price", "amount"),
          {"desc": "Artikel", "qty": "Menge", "price": "Einzelpreis", "amount": "Gesamt"},
          "Nettobetrag", "zzgl. MwSt. {rate} %", "Rechnungsbetrag", "Rechnung", "Rechnungsempfänger"),
    Style("fr", "fr", "EUR", "€", "%d/%m/%Y", " ", ",", "Facture n°", "Date", "Échéance",
          ("desc", "price", "qty", "amount"),
          {"desc": "Désignation", "qty": "Qté", "price": "Prix unitaire HT", "amount": "Montant HT"},
          "Total HT", "TVA {rate} %", "Total TTC", "FACTURE", "Client"),
    Style("nl", "nl", "EUR", "€", "%d-%m-%Y", ".", ",", "Factuurnummer", "Factuurdatum", "Vervaldatum",
          ("desc", "qty", "price", "amount"),
          {"desc": "Omschrijving", "qty": "Aantal", "price": "Prijs", "amount": "Bedrag"},
          "Subtotaal", "BTW {rate}%", "Totaal", "Factuur", "Factuur aan"),
    Style("compact-us", "en", "USD", "$", "%b %d, %Y", ",", ".", "Invoice Number:", "Invoice Date:", "Due Date:",
          ("desc", "qty", "price", "amount"),
          {"desc": "Item & Description", "qty": "Quantity", "price": "Price", "amount": "Total"},
          "Sub Total", "Tax {rate}%", "Total Amount Due", "Invoice", "Bill To:"),
    Style("es", "es", "EUR", "€", "%d de %B de %Y", ".", ",", "Nº Factura", "Fecha de emisión", "Vencimiento",
          ("desc", "qty", "price", "amount"),
          {"desc": "Concepto", "qty": "Cantidad", "price": "Precio", "amount": "Importe"},
          "Base imponible", "IVA ({rate}%)", "Total factura", "FACTURA", "Datos del cliente",
          months="enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre"),
    Style("it", "it", "EUR", "€", "%d/%m/%Y", ".", ",", "Fattura n.", "Data documento", "Scadenza pagamento",
          ("sku", "desc", "qty", "price", "amount"),
          {"sku": "Cod.", "desc": "Descrizione", "qty": "Q.tà", "price": "Prezzo unitario", "amount": "Importo"},
          "Imponibile", "IVA {rate}%", "Totale documento", "Fattura", "Spett.le", symbol_first=True),
    Style("pl", "pl", "PLN", "zł", "%d.%m.%Y", " ", ",", "Faktura VAT nr", "Data wystawienia", "Termin płatności",
          ("desc", "qty", "price", "amount"),
          {"desc": "Nazwa towaru lub usługi", "qty": "Ilość", "price": "Cena netto", "amount": "Wartość netto"},
          "Razem netto", "VAT {rate}%", "Do zapłaty", "FAKTURA", "Nabywca"),
    Style("au", "en", "AUD", "$", "%d/%m/%Y", ",", ".", "Invoice Number", "Invoice Date", "Due Date",
          ("desc", "qty", "price", "amount"),
          {"desc": "Description", "qty": "Qty", "price": "Unit Price", "amount": "Amount AUD"},
          "Subtotal", "GST {rate}%", "Total AUD", "TAX INVOICE", "Bill To"),
]

CSS = """
* {font-size: 10px;}
body {font-family: sans-serif;}
h1 {font-size: 22px; margin: 0;}
.vendor {font-size: 15px; font-weight: bold;}
.muted {color: #555555;}
table {border-collapse: collapse; width: 100%;}
td, th {padding: 3px 5px; text-align: left;}
th {background-color: #dddddd;}
.num {text-align: right;}
.totals td {text-align: right;}
"""


def group_digits(value: Decimal, thousands: str, decimal: str) -> str:
    """An amount with two decimals, its thousands grouped: ``1234.5`` → ``1.234,50``."""
    whole, frac = f"{value:.2f}".split(".")
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    return thousands.join([whole, *groups]) + decimal + frac


def _money(value: Decimal, s: Style, symbol: bool = True) -> str:
    text = group_digits(value, s.thousands, s.decimal)
    if not symbol:
        return text
    first = s.lang == "en" if s.symbol_first is None else s.symbol_first
    return (f"{s.symbol}{text}" if len(s.symbol) == 1 else f"{s.symbol} {text}") if first else f"{text} {s.symbol}"


def _qty(value: Decimal, s: Style) -> str:
    return str(int(value)) if value == value.to_integral() else f"{value:.2f}".replace(".", s.decimal)


def _date(d: date, s: Style) -> str:
    months = {"de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
              "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre"}
    text = d.strftime(s.date_fmt)
    names = s.months or months.get(s.lang, "")
    if names and "%B" in s.date_fmt:
        text = text.replace(d.strftime("%B"), names.split()[d.month - 1])
    return text


def make_invoice(rng: random.Random) -> tuple[str, dict[str, Any]]:
    """(HTML, truth in the invoice schema's keys) of one invoice."""
    s = rng.choice(STYLES)
    e = html.escape
    font = rng.choice(["sans-serif", "sans-serif", "serif", "monospace"])
    vendor, customer = rng.choice(VENDORS), rng.choice(CUSTOMERS)
    number = rng.choice([f"INV-{rng.randint(1000, 99999)}", f"{rng.randint(2019, 2025)}-{rng.randint(1, 999):04d}",
                         f"{rng.choice('ABCFRS')}{rng.randint(100000, 999999)}"])
    issued = date(2019, 1, 1) + timedelta(days=rng.randint(0, 2400))
    due = issued + timedelta(days=rng.choice([7, 14, 30, 45, 60]))
    rate = Decimal(rng.choice(["5", "7", "8.25", "10", "19", "20", "21"]))
    items = []
    for _ in range(rng.randint(1, 9) if rng.random() < 0.85 else rng.randint(20, 45)):  # some run onto a 2nd page
        qty = Decimal(rng.choice([1, 1, 2, 3, 5, 10, 12])) if rng.random() < 0.85 else \
            Decimal(rng.randint(5, 80)) / 4
        price = (Decimal(rng.randint(150, 250000)) / 100).quantize(CENT)
        items.append({"description": rng.choice(ITEMS), "quantity": qty, "unit_price": price,
                      "amount": (qty * price).quantize(CENT, ROUND_HALF_UP)})
    subtotal = sum((i["amount"] for i in items), Decimal(0))
    tax = (subtotal * rate / 100).quantize(CENT, ROUND_HALF_UP)
    total = subtotal + tax
    rate_text = f"{rate.normalize():f}".replace(".", s.decimal)
    head = [f'<td width="60%"><p class="vendor">{e(vendor)}</p><p class="muted">{e(rng.choice(STREETS))}<br/>'
            f'{e(rng.choice(CITIES))}<br/>{e(rng.choice(["info", "billing", "accounts"]))}@'
            f'{e(vendor.split()[0].lower())}.example</p></td>',
            f'<td width="40%" class="num"><h1>{e(s.title)}</h1></td>']
    if rng.random() < 0.5:
        head.reverse()
    pairs = [(s.number_label, number), (s.date_label, _date(issued, s)), (s.due_label, _date(due, s))]
    if rng.random() < 0.5:
        pairs.append(("PO Number" if s.lang == "en" else "Ref.", f"PO-{rng.randint(10000, 99999)}"))
    bill = (f"<p><b>{e(s.bill_to)}</b><br/>{e(customer)}<br/>{e(rng.choice(STREETS))}<br/>"
            f"{e(rng.choice(CITIES))}</p>")
    if rng.random() < 0.5:  # label and value side by side in the cell right of the recipient
        meta = "".join(f"<p><b>{e(k)}</b>&nbsp;&nbsp;&nbsp;{e(v)}</p>" for k, v in pairs)
        parties = f'<table><tr><td width="50%">{bill}</td><td width="50%">{meta}</td></tr></table>'
    else:  # a row of labels over a row of values, under the recipient
        parties = (f"{bill}<table><tr>{''.join(f'<th>{e(k)}</th>' for k, _ in pairs)}</tr>"
                   f"<tr>{''.join(f'<td>{e(v)}</td>' for _, v in pairs)}</tr></table>")
    cells = {"sku": lambda i, k: f"<td>{k + 1:02d}</td>", "desc": lambda i, k: f"<td>{e(i['description'])}</td>",
             "qty": lambda i, k: f'<td class="num">{_qty(i["quantity"], s)}</td>',
             "price": lambda i, k: f'<td class="num">{_money(i["unit_price"], s, symbol=False)}</td>',
             "amount": lambda i, k: f'<td class="num">{_money(i["amount"], s, symbol=False)}</td>'}
    header = "".join(f'<th{" class=num" if c in ("qty", "price", "amount") else ""}>{e(s.col_labels[c])}</th>'
                     for c in s.columns)
    rows = "".join("<tr>" + "".join(cells[c](item, k) for c in s.columns) + "</tr>" for k, item in enumerate(items))
    totals = (f'<tr><td width="50%"></td><td>{e(s.subtotal_label)}</td><td>{_money(subtotal, s)}</td></tr>'
              f'<tr><td></td><td>{e(s.tax_label.format(rate=rate_text))}</td><td>{_money(tax, s)}</td></tr>'
              f'<tr><td></td><td><b>{e(s.total_label)}</b></td><td><b>{_money(total, s)}</b></td></tr>')
    notes = {"en": "Thank you for your business. Please include the invoice number with your payment.",
             "de": "Vielen Dank für Ihren Auftrag. Bitte geben Sie die Rechnungsnummer bei Zahlung an.",
             "fr": "Merci de votre confiance. Paiement par virement bancaire.",
             "nl": "Bedankt voor uw opdracht. Vermeld bij betaling het factuurnummer.",
             "es": "Gracias por su confianza. Forma de pago: transferencia bancaria.",
             "it": "Pagamento tramite bonifico bancario. Grazie per la preferenza.",
             "pl": "Sposób płatności: przelew. Dziękujemy za współpracę."}[s.lang]
    body = (f"<table><tr>{''.join(head)}</tr></table><br/>"
            f"{parties}<br/>"
            f"<table><tr>{header}</tr>{rows}</table><br/>"
            f'<table class="totals">{totals}</table>'
            f'<p class="muted">{e(notes)}</p>')
    truth = {"vendor_name": vendor, "invoice_number": number, "invoice_date": issued.isoformat(),
             "due_date": due.isoformat(), "currency": s.currency, "subtotal": f"{subtotal:.2f}", "tax": f"{tax:.2f}",
             "total": f"{total:.2f}",
             "line_items": [{"description": i["description"], "quantity": f"{i['quantity'].normalize():f}",
                             "unit_price": f"{i['unit_price']:.2f}", "amount": f"{i['amount']:.2f}"} for i in items]}
    return f'<html><body style="font-family: {font}">{body}</body></html>', truth


@dataclass(frozen=True)
class Till:
    """One way of printing a till receipt: language, formats and the words around the total."""

    name: str
    lang: str
    symbol: str
    date_fmt: str  # strftime, with the time
    thousands: str
    decimal: str
    total_label: str
    subtotal_label: str
    tax_label: str
    paid_labels: tuple[str, str, str]  # cash, change, card
    thanks: str
    number_label: str
    till_label: str


TILLS = [
    Till("us-grocery", "en", "$", "%m/%d/%y %I:%M %p", ",", ".", "TOTAL", "SUBTOTAL", "TAX", ("CASH TEND", "CHANGE DUE",
         "VISA"), "THANK YOU FOR SHOPPING WITH US", "TRANS #", "Lane"),
    Till("gb-cafe", "en", "£", "%d %b %Y %H:%M", ",", ".", "Amount Due", "Sub-total", "VAT included",
         ("Cash", "Change", "Contactless"), "Thanks for visiting!", "Receipt", "Till"),
    Till("de-baecker", "de", "€", "%d.%m.%Y %H:%M:%S", ".", ",", "SUMME EUR", "Zwischensumme", "enth. MwSt.",
         ("Bar", "Rückgeld", "EC-Karte"), "Vielen Dank für Ihren Einkauf", "Beleg-Nr.", "Kasse"),
    Till("fr-tabac", "fr", "€", "%d/%m/%Y %H:%M", " ", ",", "TOTAL TTC", "Sous-total", "dont TVA",
         ("Espèces", "Rendu", "CB"), "Merci de votre visite", "Ticket", "Caisse"),
    Till("nl-super", "nl", "€", "%d-%m-%Y %H:%M", ".", ",", "TE BETALEN", "Subtotaal", "BTW",
         ("Contant", "Wisselgeld", "PIN"), "Bedankt en tot ziens", "Bonnr.", "Kassa"),
    Till("it-bar", "it", "€", "%d/%m/%y %H:%M", ".", ",", "TOTALE COMPLESSIVO", "Subtotale", "di cui IVA",
         ("Contanti", "Resto", "Bancomat"), "Grazie e arrivederci", "Scontrino n.", "Cassa"),
]

MERCHANTS = ["Green Basket Market", "Corner Coffee House", "Bäckerei Sonnenschein", "Tabac de la Gare",
             "Buurtsuper De Linde", "Bar Centrale", "QuickStop Fuel", "Harbor Books & Gifts", "Apotheke am Markt",
             "Le Petit Marché"]
GOODS = ["Bananas 1kg", "Whole milk 1L", "Croissant", "Cappuccino", "Newspaper", "Sparkling water", "Sandwich",
         "Chocolate bar", "Notebook A5", "Batteries AA x4", "Olive oil 500ml", "Espresso", "Apple juice",
         "Fuel unleaded", "Greeting card", "Toothpaste", "Bread roll", "Tomatoes", "Coffee beans 250g"]
# where a till of each style stands (its street and city line)
TILL_PLACES = {"us": [("4410 Market Street", "Portland, OR 97205"), ("900 Elm Avenue, Suite 210", "Austin, TX 78701"),
                      ("17 W 44th St", "New York, NY 10036")],
               "gb": [("12 King's Road", "London SW3 4NB"), ("Unit 5, Mill Lane", "Leeds LS1 4AP")],
               "de": [("Hauptstraße 18", "80331 München"), ("Am Markt 3", "28195 Bremen")],
               "fr": [("27 rue des Lilas", "69002 Lyon"), ("4, place de la Gare", "44000 Nantes")],
               "nl": [("Keizersgracht 301", "1016 AM Amsterdam"), ("Dorpsstraat 12", "3811 BA Amersfoort")],
               "it": [("Via Roma 21", "20121 Milano"), ("Piazza Verdi, 4", "80132 Napoli")]}
TILL_CSS = """
* {font-family: monospace; font-size: 9px;}
.c {text-align: center;}
.r {text-align: right;}
.big {font-size: 13px; font-weight: bold;}
.name {font-size: 12px; font-weight: bold;}
table {border-collapse: collapse; width: 100%;}
td {padding: 1px 0;}
"""


def make_receipt(rng: random.Random) -> tuple[str, dict[str, Any]]:
    """(HTML, truth in the receipt schema's keys) of one till receipt."""
    t = rng.choice(TILLS)
    e = html.escape
    style = Style(t.name, t.lang, "", t.symbol, "", t.thousands, t.decimal, "", "", "", (), {}, "", "", "", "", "")
    merchant = rng.choice(MERCHANTS)
    street, city = rng.choice(TILL_PLACES[t.name.split("-")[0]])
    when = date(2019, 1, 1) + timedelta(days=rng.randint(0, 2400))
    stamp = f"{when:%Y-%m-%d} {rng.randint(7, 21):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}"
    from datetime import datetime

    printed = datetime.fromisoformat(stamp).strftime(t.date_fmt)
    items = []
    for _ in range(rng.randint(1, 12)):
        qty = rng.choice([1, 1, 1, 2, 3])
        price = (Decimal(rng.randint(40, 4000)) / 100).quantize(CENT)
        items.append((rng.choice(GOODS), qty, price, qty * price))
    total = sum((i[3] for i in items), Decimal(0))
    rate = Decimal(rng.choice(["7", "10", "19", "20", "21", "5.5"]))
    tax = (total * rate / (100 + rate)).quantize(CENT, ROUND_HALF_UP)

    def row(left: str, right: str, cls: str = "") -> str:
        return f'<tr class="{cls}"><td>{e(left)}</td><td class="r">{e(right)}</td></tr>'

    show_address = rng.random() < 0.8
    head = [f'<p class="c name">{e(merchant.upper() if rng.random() < 0.5 else merchant)}</p>']
    if rng.random() < 0.3:
        head.append(f'<p class="c">{e(rng.choice(["Open 7 days", "Since 1987", "Fresh every day", "Store 0412"]))}</p>')
    if show_address:
        head.append(f'<p class="c">{e(street)}<br/>{e(city)}</p>')
    head.append(f'<p class="c">Tel. {rng.randint(100, 999)} {rng.randint(100000, 999999)}</p>')
    number = f"{t.number_label} {rng.randint(1000, 99999)}"
    meta = f'<table>{row(printed, number)}</table>' if rng.random() < 0.5 else \
        f'<p>{e(printed)}</p><p>{e(number)}  {e(t.till_label)} {rng.randint(1, 9)}</p>'
    lines = []
    for desc, qty, price, amount in items:
        if qty > 1 and rng.random() < 0.5:
            lines.append(row(f"{qty} x {desc}", _money(amount, style, symbol=False)))
        else:
            lines.append(row(desc, _money(amount, style, symbol=False)))
            if qty > 1:
                lines.append(row(f"  {qty} x {_money(price, style, symbol=False)}", ""))
    sums = [row(t.subtotal_label, _money(total, style, symbol=False))] if rng.random() < 0.5 else []
    sums.append(row(t.total_label, _money(total, style, symbol=rng.random() < 0.5), "big"))
    if rng.random() < 0.5:
        tendered = (total / 5).to_integral_value(rounding="ROUND_CEILING") * 5 + 5
        sums += [row(t.paid_labels[0], _money(tendered, style, symbol=False)),
                 row(t.paid_labels[1], _money(tendered - total, style, symbol=False))]
    else:
        sums += [row(t.paid_labels[2], _money(total, style, symbol=False)),
                 row(f"**** {rng.randint(1000, 9999)}", f"AID A0000000{rng.randint(10, 99)}")]
    sums.append(row(f"{t.tax_label} {f'{rate.normalize():f}'.replace('.', t.decimal)}%",
                    _money(tax, style, symbol=False)))
    if rng.random() < 0.4:
        sums.append(row("Points", str(rng.randint(10, 900))))
    body = (f"{''.join(head)}<p>{'-' * 38}</p>{meta}<p>{'-' * 38}</p><table>{''.join(lines)}</table>"
            f"<p>{'-' * 38}</p><table>{''.join(sums)}</table><p class=\"c\">{e(t.thanks)}</p>")
    truth = {"merchant_name": merchant, "merchant_address": f"{street}, {city}" if show_address else None,
             "date": when.isoformat(), "total": f"{total:.2f}"}
    return f"<html><body>{body}</body></html>", truth


def render_pdf(markup: str, path: Path, *, css: str = CSS, till: bool = False) -> None:
    import pymupdf

    story = pymupdf.Story(html=markup, user_css=css)
    writer = pymupdf.DocumentWriter(str(path))
    page = pymupdf.Rect(0, 0, 226, 900) if till else pymupdf.paper_rect("a4")  # an 80 mm till roll, or A4
    margin = 12 if till else 40
    more = 1
    while more:
        device = writer.begin_page(page)
        more, _ = story.place(page + (margin, margin, -margin, -margin))
        story.draw(device)
        writer.end_page()
    writer.close()


def build(folder: Path, n: int, seed: int, scanned_fraction: float,
          doc_type: str = "invoice") -> list[tuple[Path, dict[str, Any]]]:
    from bench.flowclaims import CLAIM_CSS, make_claim

    rng = random.Random(seed)
    out = []
    for k in range(n):
        till = doc_type == "receipt"
        make, css = {"receipt": (make_receipt, TILL_CSS), "claim_form": (make_claim, CLAIM_CSS)}.get(
            doc_type, (make_invoice, CSS))
        markup, truth = make(rng)
        pdf = folder / f"flow-{doc_type}-{seed + k}.pdf"
        render_pdf(markup, pdf, css=css, till=till)
        if rng.random() < scanned_fraction:  # printed and scanned as docgen's scans are
            from docgen.scan import ScanFormat, ScanFormatError, draw_scan_params, scan_pdf

            params = draw_scan_params(rng, rng.choice([ScanFormat.PNG, ScanFormat.PDF]), dpi=(150, 200))
            scanned = pdf.with_name(f"{pdf.stem}-scan.{params.fmt.extension}")
            try:
                scanned.write_bytes(scan_pdf(pdf.read_bytes(), params, seed + k))
            except ScanFormatError:  # several pages: an image-only PDF holds them all
                params = params.model_copy(update={"fmt": ScanFormat.PDF})
                scanned = pdf.with_name(f"{pdf.stem}-scan.pdf")
                scanned.write_bytes(scan_pdf(pdf.read_bytes(), params, seed + k))
            pdf.unlink()
            pdf = scanned
        out.append((pdf, truth))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=40, help="documents per document type")
    ap.add_argument("--seed", type=int, default=5_000_000)
    ap.add_argument("--scanned-fraction", type=float, default=0.25)
    ap.add_argument("--doc-types", default="invoice", help="comma-separated: invoice, receipt, claim_form")
    ap.add_argument("--engines", default="embedded,baseline")
    ap.add_argument("--keep", type=Path, default=None, help="folder to keep the generated documents in")
    from bench.quality import add_engine_arguments, engine_options, print_table, run_engine, save_report

    add_engine_arguments(ap)
    args = ap.parse_args()
    options = engine_options(args)
    logging.basicConfig(level=logging.WARNING)

    from pipeline.classify import classify_words
    from pipeline.config import Settings
    from pipeline.ingest import identify
    from pipeline.ocr import load_document

    settings = Settings()
    doc_types = args.doc_types.split(",")
    misread: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        docs = []
        for k, doc_type in enumerate(doc_types):
            for path, truth in build(folder, args.n, args.seed + k * 100_000, args.scanned_fraction, doc_type):
                words = load_document(identify(path, folder, settings.limits), settings).words
                (folder / f"{path.name}.json").write_text(json.dumps(truth, indent=1, ensure_ascii=False))
                guessed = classify_words(words)
                if guessed.doc_type != doc_type or guessed.reason is not None:
                    misread.append(f"{path.name}: classified {guessed.doc_type} ({guessed.confidence:.2f})")
                docs.append((path.name, doc_type, words, truth, None))
    report = {name: run_engine(name, docs, 4, options.get(name)) for name in args.engines.split(",")}
    print_table(f"flow-layout documents ({len(docs)}: {', '.join(doc_types)}; {args.scanned_fraction:.0%} scanned; "
                "a generator independent of docgen)", report)
    print(f"document type guessed right and sure: {len(docs) - len(misread)}/{len(docs)}")
    for line in misread:
        print("  " + line)
    report["classification"] = {"documents": len(docs), "wrong_or_unsure": misread}
    save_report(args.json, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
