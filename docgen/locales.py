"""Locales: translated labels, date patterns, number formats, currencies and tax rates.

A :class:`Locale` bundles everything that makes a generated document read as if it came from one country:
the words on it (from a :class:`Labels` table per language, with several variants per label so two documents
of one locale need not say "Invoice No." the same way), how it writes dates and numbers, which currencies and
tax rates it uses, and its page size.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

__all__ = [
    "CURRENCY_SYMBOLS",
    "LOCALES",
    "DateStyle",
    "Labels",
    "Locale",
    "NumberFormat",
    "get_locale",
]

_CENT = Decimal("0.01")


@dataclass(frozen=True)
class NumberFormat:
    """How a number is written: group separator, decimal separator, Indian (lakh) grouping or not."""

    group: str
    decimal: str
    indian: bool = False

    def format(self, value: Decimal, places: int = 2) -> str:
        """Format ``value`` with ``places`` decimals, e.g. ``1234.5`` → ``1.234,50``."""
        q = Decimal(1).scaleb(-places) if places else Decimal(1)
        value = value.quantize(q, rounding=ROUND_HALF_UP)
        sign = "-" if value < 0 else ""
        text = f"{abs(value):.{places}f}"
        whole, _, frac = text.partition(".")
        groups: list[str] = []
        if self.group:
            if self.indian and len(whole) > 3:
                head, tail = whole[:-3], whole[-3:]
                while len(head) > 2:
                    groups.insert(0, head[-2:])
                    head = head[:-2]
                if head:
                    groups.insert(0, head)
                whole = self.group.join([*groups, tail])
            else:
                while len(whole) > 3:
                    groups.insert(0, whole[-3:])
                    whole = whole[:-3]
                whole = self.group.join([whole, *groups]) if groups else whole
        return sign + whole + (self.decimal + frac if places else "")

    def format_quantity(self, value: Decimal) -> str:
        """A quantity without trailing zeros (``3``, ``2,5``, ``0,125``); no grouping below 10 000."""
        normalized = value.normalize()
        places = max(0, -normalized.as_tuple().exponent)  # type: ignore[operator]
        text = NumberFormat(self.group if abs(value) >= 10000 else "", self.decimal, self.indian)
        return text.format(value, places)


@dataclass(frozen=True)
class DateStyle:
    """A date pattern with ``{d} {dd} {m} {mm} {yy} {yyyy} {month} {mon}`` placeholders."""

    pattern: str

    def format(self, value: date, months: tuple[str, ...], months_abbr: tuple[str, ...]) -> str:
        """Render ``value`` with this pattern and the given month names."""
        return self.pattern.format(
            d=value.day, dd=f"{value.day:02d}", m=value.month, mm=f"{value.month:02d}",
            yy=f"{value.year % 100:02d}", yyyy=value.year,
            month=months[value.month - 1], mon=months_abbr[value.month - 1],
        )


class Labels:
    """Label variants of one language; ``pick`` chooses one variant per key, once per document."""

    def __init__(self, table: dict[str, tuple[str, ...]], fallback: Labels | None = None) -> None:
        self._table = table
        self._fallback = fallback

    def variants(self, key: str) -> tuple[str, ...]:
        """All variants of ``key`` (falling back to English for keys a language lacks)."""
        if key in self._table:
            return self._table[key]
        if self._fallback is not None:
            return self._fallback.variants(key)
        raise KeyError(f"no label {key!r}")

    def keys(self) -> set[str]:
        """Every key this table (and its fallback) defines."""
        own = set(self._table)
        return own | (self._fallback.keys() if self._fallback else set())


@dataclass(frozen=True)
class Locale:
    """One country's way of writing a document."""

    code: str
    language: str
    labels: Labels
    number_formats: tuple[NumberFormat, ...]
    date_styles: tuple[DateStyle, ...]
    months: tuple[str, ...]
    months_abbr: tuple[str, ...]
    currencies: tuple[tuple[str, float], ...]
    symbol_after: bool
    tax_rates: tuple[Decimal, ...]
    page_size: tuple[float, float] = (595.28, 841.89)  # A4 in points
    country: str = ""
    percent_space: bool = False
    extra: dict[str, str] = field(default_factory=dict)

    def pick_currency(self, rng: random.Random) -> str:
        """Choose a currency code with this locale's weights."""
        codes, weights = zip(*self.currencies, strict=True)
        return rng.choices(codes, weights=weights)[0]

    def format_percent(self, rate: Decimal, nf: NumberFormat) -> str:
        """``19 %`` / ``19%`` / ``5,5 %`` for a rate given as a fraction (0.19)."""
        pct = (rate * 100).normalize()
        places = max(0, -pct.as_tuple().exponent)  # type: ignore[operator]
        text = nf.format(pct, places)
        return f"{text} %" if self.percent_space else f"{text}%"


#: Symbols for currencies; ``None`` where only the code is written.
CURRENCY_SYMBOLS: dict[str, tuple[str, ...]] = {
    "USD": ("$", "US$"), "EUR": ("€",), "GBP": ("£",), "CHF": ("CHF", "Fr."), "PLN": ("zł",),
    "CAD": ("CA$", "C$"), "AUD": ("A$", "AU$"), "INR": ("₹", "Rs."), "SEK": (), "DKK": (), "NOK": (),
    "CZK": ("Kč",),
}

_EN_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
              "November", "December")


def _abbr(months: tuple[str, ...], n: int = 3, dot: str = "") -> tuple[str, ...]:
    return tuple(m if len(m) <= n else m[:n] + dot for m in months)


# --- label tables -----------------------------------------------------------------------------------------
# Keys shared by every language. Templates use {rate}, {n}, {total}, {days}, {date}, {code}.
_EN: dict[str, tuple[str, ...]] = {
    "fine_print": ("Goods remain our property until paid in full. Interest on late payments is charged at 8% above "
                   "base rate. Please quote the invoice number with your payment.",
                   "All services are provided under our standard terms and conditions, available on request. "
                   "Queries must be raised within 14 days of the invoice date."),
    "invoice_title": ("INVOICE", "Invoice", "TAX INVOICE", "Sales Invoice", "INVOICE"),
    "invoice_number": ("Invoice No.", "Invoice #", "Invoice Number", "Inv. No.", "Invoice no", "Number"),
    "invoice_date": ("Invoice Date", "Date", "Date of issue", "Issue date", "Invoice date"),
    "due_date": ("Due Date", "Payment due", "Due", "Due date", "Pay by"),
    "bill_to": ("Bill To", "Billed to", "Invoice to", "Customer", "To"),
    "ship_to": ("Ship To", "Deliver to", "Delivery address"),
    "from": ("From", "Supplier", "Seller"),
    "description": ("Description", "Item", "Details", "Item description", "Service"),
    "quantity": ("Qty", "Quantity", "Units", "Hrs/Qty"),
    "unit": ("Unit", "UoM"),
    "unit_price": ("Unit Price", "Rate", "Price", "Unit cost", "Price each"),
    "amount": ("Amount", "Total", "Line total", "Net amount"),
    "position": ("#", "No.", "Pos."),
    "sku": ("Item code", "SKU", "Part no.", "Code"),
    "tax_rate_col": ("Tax", "VAT %", "Tax rate"),
    "balance_col": ("Balance", "Running total"),
    "subtotal": ("Subtotal", "Net total", "Sub-total", "Total excl. tax", "Net amount"),
    "tax": ("Tax ({rate})", "VAT {rate}", "VAT @ {rate}", "Sales tax {rate}", "Tax {rate}"),
    "tax_plain": ("Tax", "VAT", "Total tax"),
    "total": ("Total", "TOTAL", "Invoice total", "Total due", "Grand total", "Amount due", "Total (incl. tax)"),
    "incl_tax": ("Includes {rate} VAT", "incl. VAT {rate}", "Tax included ({rate})"),
    "po_number": ("PO Number", "P.O. #", "Purchase order", "Your order no.", "PO"),
    "customer_number": ("Customer No.", "Account number", "Customer ID", "Client ref.", "Account #"),
    "order_date": ("Order date", "Ordered on", "Order placed"),
    "delivery_date": ("Delivery date", "Ship date", "Date of supply", "Dispatched"),
    "phone": ("Phone", "Tel.", "Tel", "T"),
    "email": ("Email", "E-mail", "E"),
    "vat_id": ("VAT No.", "VAT Reg. No.", "Tax ID", "EIN", "VAT number"),
    "reg_no": ("Company No.", "Registered in England No.", "Reg. no."),
    "iban": ("IBAN",),
    "bic": ("BIC", "SWIFT", "BIC/SWIFT"),
    "bank": ("Bank", "Bank details", "Payment details"),
    "page": ("Page {n} of {total}", "Page {n}/{total}", "{n} / {total}", "Page {n}"),
    "previous_balance": ("Previous balance", "Balance brought forward"),
    "payments_received": ("Payments received", "Payment - thank you"),
    "this_invoice": ("This invoice", "New charges"),
    "balance_due": ("Total balance due", "Account balance", "Balance due"),
    "payment_terms": ("Payment terms: {days} days net", "Terms: Net {days}", "Payable within {days} days"),
    "pay_by": ("Please pay by {date}.", "Payment is due on {date}.", "Please remit payment by {date}."),
    "thank_you": ("Thank you for your business!", "Thank you for your order.", "We appreciate your business."),
    "continued": ("Continued on next page", "continued overleaf", "(continued)"),
    "carried_forward": ("Carried forward", "Subtotal this page"),
    "brought_forward": ("Brought forward", "Carried over"),
    "currency": ("Currency",),
    "all_amounts_in": ("All amounts in {code}", "Amounts shown in {code}", "Currency: {code}"),
    "salutation": ("Dear Sir or Madam,", "Dear customer,", "Hello,"),
    "intro": ("We hereby invoice you for the following goods and services:",
              "Thank you for your order. We are charging you as follows:",
              "As agreed, we invoice the following items:"),
    "regards": ("Kind regards", "Yours faithfully", "Best regards"),
    "subject": ("Invoice {number}", "Invoice no. {number}"),
    "website": ("Web", "www"),
    # receipts
    "receipt_title": ("RECEIPT", "Sales receipt", "Customer copy", "CASH RECEIPT"),
    "receipt_total": ("TOTAL", "Total", "BALANCE DUE", "AMOUNT", "TOTAL PAID"),
    "receipt_subtotal": ("SUBTOTAL", "Subtotal", "Sub-total"),
    "receipt_tax": ("TAX", "VAT", "Sales tax", "Tax {rate}"),
    "cash": ("CASH", "Cash", "Cash tendered"),
    "change": ("CHANGE", "Change", "Change due"),
    "card": ("CARD", "VISA", "Debit card", "Mastercard", "Contactless"),
    "items_count": ("Items: {n}", "{n} items", "No. of items: {n}"),
    "receipt_no": ("Receipt #", "Trans.", "Receipt no.", "Ticket"),
    "cashier": ("Cashier", "Served by", "Operator"),
    "terminal": ("Terminal", "TID", "Till"),
    "auth_code": ("Auth code", "AUTH", "Approval"),
    "approved": ("APPROVED", "Approved - thank you"),
    "receipt_thanks": ("Thank you for shopping with us!", "THANK YOU", "Please come again", "Have a nice day"),
    "date_label": ("Date", "Date/Time"),
    "vat_summary": ("VAT summary", "Tax breakdown"),
    "net": ("Net", "Net"),
    "gross": ("Gross", "Gross"),
    # claim forms
    "claim_title": ("Insurance Claim Form", "CLAIM FORM", "Notification of Claim", "Claim Report"),
    "sec_claimant": ("Policyholder details", "1. About you", "Claimant information", "Section A - Claimant"),
    "sec_policy": ("Policy details", "2. Your policy", "Policy information", "Section B - Policy"),
    "sec_incident": ("Details of the incident", "3. What happened", "Incident information", "Section C - Loss"),
    "sec_declaration": ("Declaration", "4. Declaration", "Signature", "Section D - Declaration"),
    "claimant_name": ("Full name", "Name of policyholder", "Claimant name", "Name"),
    "date_of_birth": ("Date of birth", "DOB", "Born on"),
    "policy_number": ("Policy number", "Policy No.", "Policy ref.", "Certificate number"),
    "claim_type": ("Type of claim", "Claim category", "Cover type"),
    "street": ("Street address", "Address", "Street and number"),
    "city": ("City", "Town/City", "Town"),
    "postal_code": ("Postcode", "ZIP code", "Postal code"),
    "incident_date": ("Date of incident", "Date of loss", "When did it happen?", "Incident date"),
    "claim_amount": ("Amount claimed", "Estimated loss", "Total claimed", "Claim amount"),
    "police_report": ("Was the incident reported to the police?", "Police report filed?", "Police notified"),
    "yes": ("Yes",),
    "no": ("No",),
    "signature": ("Signature", "Signed", "Signature of claimant"),
    "date_signed": ("Date", "Date signed"),
    "declaration_text": ("I declare that the information given on this form is true and complete to the best "
                         "of my knowledge.",
                         "I confirm that the above details are correct and that I have not withheld any "
                         "relevant information."),
    "incident_description": ("Description of incident", "Please describe what happened",
                             "Circumstances of the loss"),
    "claim_reference": ("Claim no. (office use only)", "Office use: claim ref.", "For office use"),
    "phone_day": ("Daytime phone", "Telephone", "Phone"),
    "ct_auto": ("Motor", "Auto", "Vehicle"),
    "ct_home": ("Home", "Household", "Property"),
    "ct_health": ("Health", "Medical"),
    "ct_travel": ("Travel",),
}

_DE: dict[str, tuple[str, ...]] = {
    "fine_print": ("Die Ware bleibt bis zur vollständigen Bezahlung unser Eigentum. Bitte geben Sie bei Zahlung die "
                   "Rechnungsnummer an. Es gelten unsere Allgemeinen Geschäftsbedingungen.",),
    "invoice_title": ("RECHNUNG", "Rechnung"),
    "invoice_number": ("Rechnungsnummer", "Rechnungs-Nr.", "Rechnung Nr.", "Beleg-Nr.", "Re.-Nr."),
    "invoice_date": ("Rechnungsdatum", "Datum", "Belegdatum"),
    "due_date": ("Fällig am", "Zahlbar bis", "Fälligkeitsdatum", "Zahlungsziel"),
    "bill_to": ("Rechnungsempfänger", "Rechnungsadresse", "Kunde", "An"),
    "ship_to": ("Lieferadresse", "Lieferanschrift"),
    "from": ("Absender", "Lieferant"),
    "description": ("Beschreibung", "Bezeichnung", "Artikel", "Leistung", "Artikelbezeichnung"),
    "quantity": ("Menge", "Anz.", "Anzahl", "Stk."),
    "unit": ("Einheit", "ME"),
    "unit_price": ("Einzelpreis", "E-Preis", "Preis", "Stückpreis"),
    "amount": ("Betrag", "Gesamt", "Gesamtpreis", "Summe"),
    "position": ("Pos.", "Nr."),
    "sku": ("Art.-Nr.", "Artikelnummer"),
    "tax_rate_col": ("MwSt.", "USt. %"),
    "balance_col": ("Saldo", "Laufende Summe"),
    "subtotal": ("Zwischensumme", "Nettobetrag", "Summe netto", "Gesamt netto"),
    "tax": ("MwSt. {rate}", "zzgl. {rate} USt.", "USt. {rate}", "Umsatzsteuer {rate}"),
    "tax_plain": ("MwSt.", "Umsatzsteuer"),
    "total": ("Gesamtbetrag", "Rechnungsbetrag", "Summe brutto", "Gesamt", "Endbetrag", "Zu zahlen"),
    "incl_tax": ("inkl. {rate} MwSt.", "Enthaltene USt. {rate}", "darin enthalten {rate} MwSt."),
    "po_number": ("Bestellnummer", "Ihre Bestellung", "Bestell-Nr."),
    "customer_number": ("Kundennummer", "Kunden-Nr.", "Kd.-Nr."),
    "order_date": ("Bestelldatum", "Auftragsdatum"),
    "delivery_date": ("Lieferdatum", "Leistungsdatum", "Liefertermin"),
    "phone": ("Telefon", "Tel.", "Fon"),
    "email": ("E-Mail", "Mail"),
    "vat_id": ("USt-IdNr.", "Steuernummer", "USt.-ID"),
    "reg_no": ("Handelsregister", "HRB", "Amtsgericht"),
    "bank": ("Bankverbindung", "Bank"),
    "page": ("Seite {n} von {total}", "Seite {n}/{total}", "- {n} -"),
    "previous_balance": ("Vorheriger Saldo", "Saldovortrag"),
    "payments_received": ("Zahlungseingang", "Erhaltene Zahlungen"),
    "this_invoice": ("Diese Rechnung", "Neue Forderungen"),
    "balance_due": ("Offener Saldo", "Kontostand"),
    "payment_terms": ("Zahlbar innerhalb von {days} Tagen ohne Abzug.", "Zahlungsziel: {days} Tage netto"),
    "pay_by": ("Bitte überweisen Sie den Betrag bis zum {date}.", "Zahlbar bis {date} ohne Abzug."),
    "thank_you": ("Vielen Dank für Ihren Auftrag!", "Wir danken für Ihren Einkauf."),
    "continued": ("Fortsetzung auf der nächsten Seite", "Übertrag siehe nächste Seite"),
    "carried_forward": ("Übertrag", "Zwischensumme Seite"),
    "brought_forward": ("Übertrag", "Vortrag"),
    "currency": ("Währung",),
    "all_amounts_in": ("Alle Beträge in {code}", "Währung: {code}"),
    "salutation": ("Sehr geehrte Damen und Herren,", "Guten Tag,"),
    "intro": ("für unsere Leistungen erlauben wir uns, Ihnen Folgendes in Rechnung zu stellen:",
              "vielen Dank für Ihren Auftrag. Wir berechnen Ihnen:"),
    "regards": ("Mit freundlichen Grüßen", "Freundliche Grüße"),
    "subject": ("Rechnung Nr. {number}", "Rechnung {number}"),
    "receipt_title": ("KASSENBON", "Beleg", "Quittung", "Kundenbeleg"),
    "receipt_total": ("SUMME", "Summe", "GESAMT", "Zu zahlen", "Total EUR"),
    "receipt_subtotal": ("Zwischensumme",),
    "receipt_tax": ("MwSt.", "USt {rate}", "enth. MwSt."),
    "cash": ("BAR", "Bar", "Gegeben"),
    "change": ("Rückgeld", "ZURÜCK", "Wechselgeld"),
    "card": ("EC-Karte", "Girocard", "Kartenzahlung", "VISA"),
    "items_count": ("Anzahl Artikel: {n}", "{n} Artikel"),
    "receipt_no": ("Bon-Nr.", "Beleg-Nr.", "Bon"),
    "cashier": ("Kasse", "Es bediente Sie", "Bediener"),
    "terminal": ("Terminal-ID", "TID"),
    "auth_code": ("Autorisierung", "Genehmigungs-Nr."),
    "approved": ("Zahlung erfolgt", "GENEHMIGT"),
    "receipt_thanks": ("Vielen Dank für Ihren Einkauf!", "Danke und auf Wiedersehen", "Bis zum nächsten Mal"),
    "date_label": ("Datum",),
    "vat_summary": ("MwSt.-Aufstellung", "Steuer"),
    "net": ("Netto",),
    "gross": ("Brutto",),
    "claim_title": ("Schadenmeldung", "SCHADENANZEIGE", "Leistungsantrag"),
    "sec_claimant": ("Angaben zum Versicherungsnehmer", "1. Persönliche Angaben"),
    "sec_policy": ("Angaben zum Vertrag", "2. Versicherungsvertrag"),
    "sec_incident": ("Angaben zum Schaden", "3. Schadenhergang"),
    "sec_declaration": ("Erklärung", "4. Unterschrift"),
    "claimant_name": ("Name, Vorname", "Versicherungsnehmer", "Name"),
    "date_of_birth": ("Geburtsdatum", "geb. am"),
    "policy_number": ("Versicherungsscheinnummer", "Vertragsnummer", "Policen-Nr."),
    "claim_type": ("Art des Schadens", "Sparte"),
    "street": ("Straße, Hausnummer", "Anschrift"),
    "city": ("Ort", "Wohnort"),
    "postal_code": ("PLZ", "Postleitzahl"),
    "incident_date": ("Schadentag", "Datum des Schadens", "Schadendatum"),
    "claim_amount": ("Geschätzte Schadenhöhe", "Forderungsbetrag", "Schadenhöhe"),
    "police_report": ("Wurde die Polizei verständigt?", "Polizeiliche Anzeige erstattet?"),
    "yes": ("Ja",),
    "no": ("Nein",),
    "signature": ("Unterschrift", "Unterschrift des Versicherungsnehmers"),
    "date_signed": ("Datum", "Ort, Datum"),
    "declaration_text": ("Ich versichere, dass ich die vorstehenden Fragen wahrheitsgemäß und vollständig "
                         "beantwortet habe.",),
    "incident_description": ("Schilderung des Schadenhergangs", "Wie kam es zum Schaden?"),
    "claim_reference": ("Schaden-Nr. (wird von uns ausgefüllt)", "Nur für interne Zwecke"),
    "phone_day": ("Telefon (tagsüber)", "Telefon"),
    "ct_auto": ("Kfz", "Kraftfahrt"),
    "ct_home": ("Hausrat", "Wohngebäude"),
    "ct_health": ("Kranken", "Gesundheit"),
    "ct_travel": ("Reise",),
}

_FR: dict[str, tuple[str, ...]] = {
    "fine_print": ("En cas de retard de paiement, une indemnité forfaitaire de 40 € pour frais de recouvrement sera "
                   "exigée. Pas d'escompte pour paiement anticipé.",),
    "invoice_title": ("FACTURE", "Facture"),
    "invoice_number": ("Facture n°", "N° de facture", "Numéro de facture", "Réf. facture"),
    "invoice_date": ("Date de facture", "Date", "Date d'émission", "Émise le"),
    "due_date": ("Date d'échéance", "Échéance", "À payer avant le", "Date limite de paiement"),
    "bill_to": ("Facturé à", "Client", "Adresse de facturation", "Destinataire"),
    "ship_to": ("Livré à", "Adresse de livraison"),
    "from": ("Émetteur", "Fournisseur"),
    "description": ("Désignation", "Description", "Libellé", "Article"),
    "quantity": ("Qté", "Quantité"),
    "unit": ("Unité", "U."),
    "unit_price": ("Prix unitaire", "P.U. HT", "Prix unit."),
    "amount": ("Montant", "Total HT", "Montant HT"),
    "position": ("N°", "Réf."),
    "sku": ("Référence", "Code article"),
    "tax_rate_col": ("TVA", "Taux TVA"),
    "balance_col": ("Solde", "Cumul"),
    "subtotal": ("Total HT", "Sous-total", "Montant HT"),
    "tax": ("TVA {rate}", "TVA ({rate})", "Montant TVA {rate}"),
    "tax_plain": ("TVA", "Total TVA"),
    "total": ("Total TTC", "Net à payer", "Montant TTC", "Total à payer"),
    "incl_tax": ("dont TVA {rate}", "TVA incluse ({rate})"),
    "po_number": ("Bon de commande", "N° de commande", "Votre commande"),
    "customer_number": ("N° client", "Code client", "Réf. client"),
    "order_date": ("Date de commande",),
    "delivery_date": ("Date de livraison", "Livré le"),
    "phone": ("Tél.", "Téléphone", "Tel"),
    "email": ("E-mail", "Courriel"),
    "vat_id": ("N° TVA intracom.", "TVA intracommunautaire", "SIRET"),
    "reg_no": ("RCS", "SIRET", "SIREN"),
    "bank": ("Coordonnées bancaires", "Banque", "RIB"),
    "page": ("Page {n} sur {total}", "Page {n}/{total}", "{n}/{total}"),
    "previous_balance": ("Solde précédent",),
    "payments_received": ("Règlements reçus", "Paiements"),
    "this_invoice": ("Cette facture",),
    "balance_due": ("Solde dû", "Solde du compte"),
    "payment_terms": ("Paiement à {days} jours", "Conditions de paiement : {days} jours net"),
    "pay_by": ("Merci de régler cette facture avant le {date}.", "Paiement attendu au plus tard le {date}."),
    "thank_you": ("Merci de votre confiance !", "Nous vous remercions de votre commande."),
    "continued": ("Suite page suivante", "(suite)"),
    "carried_forward": ("À reporter", "Report"),
    "brought_forward": ("Report", "Reporté"),
    "currency": ("Devise",),
    "all_amounts_in": ("Montants exprimés en {code}", "Devise : {code}"),
    "salutation": ("Madame, Monsieur,",),
    "intro": ("Veuillez trouver ci-dessous le détail de notre facturation :",),
    "regards": ("Cordialement", "Salutations distinguées"),
    "subject": ("Facture n° {number}", "Objet : facture {number}"),
    "receipt_title": ("TICKET DE CAISSE", "Ticket", "Reçu", "FACTURETTE"),
    "receipt_total": ("TOTAL", "Total TTC", "A PAYER", "MONTANT"),
    "receipt_subtotal": ("SOUS-TOTAL", "Sous-total"),
    "receipt_tax": ("TVA", "dont TVA"),
    "cash": ("ESPECES", "Espèces"),
    "change": ("RENDU", "Monnaie rendue"),
    "card": ("CB", "Carte bancaire", "CB SANS CONTACT"),
    "items_count": ("Nombre d'articles : {n}", "{n} articles"),
    "receipt_no": ("Ticket n°", "N° transaction"),
    "cashier": ("Caisse", "Caissier"),
    "terminal": ("Terminal", "N° TPE"),
    "auth_code": ("N° autorisation", "AUTO"),
    "approved": ("PAIEMENT ACCEPTE", "TRANSACTION ACCEPTEE"),
    "receipt_thanks": ("Merci de votre visite", "A bientôt !", "MERCI ET A BIENTOT"),
    "date_label": ("Date",),
    "vat_summary": ("Détail TVA",),
    "net": ("HT",),
    "gross": ("TTC",),
    "claim_title": ("Déclaration de sinistre", "FORMULAIRE DE DEMANDE D'INDEMNISATION"),
    "sec_claimant": ("Informations sur l'assuré", "1. Vos coordonnées"),
    "sec_policy": ("Votre contrat", "2. Contrat"),
    "sec_incident": ("Circonstances du sinistre", "3. Le sinistre"),
    "sec_declaration": ("Déclaration", "4. Signature"),
    "claimant_name": ("Nom et prénom", "Nom de l'assuré", "Nom"),
    "date_of_birth": ("Date de naissance", "Né(e) le"),
    "policy_number": ("N° de contrat", "Numéro de police", "Contrat n°"),
    "claim_type": ("Nature du sinistre", "Type de sinistre"),
    "street": ("Adresse", "N° et rue"),
    "city": ("Ville", "Commune"),
    "postal_code": ("Code postal", "CP"),
    "incident_date": ("Date du sinistre", "Survenu le"),
    "claim_amount": ("Montant réclamé", "Estimation du dommage"),
    "police_report": ("Un dépôt de plainte a-t-il été effectué ?", "Police prévenue ?"),
    "yes": ("Oui",),
    "no": ("Non",),
    "signature": ("Signature", "Signature de l'assuré"),
    "date_signed": ("Date", "Fait le"),
    "declaration_text": ("Je certifie sur l'honneur l'exactitude des renseignements fournis.",),
    "incident_description": ("Description des circonstances", "Décrivez ce qui s'est passé"),
    "claim_reference": ("N° de dossier (réservé à l'assureur)",),
    "phone_day": ("Téléphone",),
    "ct_auto": ("Automobile", "Auto"),
    "ct_home": ("Habitation", "Multirisque habitation"),
    "ct_health": ("Santé",),
    "ct_travel": ("Voyage", "Assistance voyage"),
}

_NL: dict[str, tuple[str, ...]] = {
    "fine_print": ("Op al onze leveringen en diensten zijn onze algemene voorwaarden van toepassing. Vermeld bij "
                   "betaling altijd het factuurnummer.",),
    "invoice_title": ("FACTUUR", "Factuur"),
    "invoice_number": ("Factuurnummer", "Factuurnr.", "Factuur nr."),
    "invoice_date": ("Factuurdatum", "Datum"),
    "due_date": ("Vervaldatum", "Uiterste betaaldatum", "Te betalen voor"),
    "bill_to": ("Factuuradres", "Klant", "Aan"),
    "ship_to": ("Afleveradres", "Leveradres"),
    "from": ("Van", "Leverancier"),
    "description": ("Omschrijving", "Artikel", "Product"),
    "quantity": ("Aantal", "Aant."),
    "unit": ("Eenheid",),
    "unit_price": ("Prijs per stuk", "Stukprijs", "Prijs", "Tarief"),
    "amount": ("Bedrag", "Totaal", "Subtotaal"),
    "position": ("Nr.", "#"),
    "sku": ("Artikelnr.", "Code"),
    "tax_rate_col": ("BTW", "BTW %"),
    "balance_col": ("Saldo",),
    "subtotal": ("Subtotaal", "Totaal excl. BTW", "Exclusief BTW"),
    "tax": ("BTW {rate}", "BTW ({rate})"),
    "tax_plain": ("BTW", "Totaal BTW"),
    "total": ("Totaal", "Totaal incl. BTW", "Te betalen", "Totaalbedrag"),
    "incl_tax": ("waarvan BTW {rate}", "incl. {rate} BTW"),
    "po_number": ("Ordernummer", "Uw referentie", "Inkoopordernr."),
    "customer_number": ("Klantnummer", "Debiteurnr."),
    "order_date": ("Orderdatum", "Besteldatum"),
    "delivery_date": ("Leverdatum", "Afleverdatum"),
    "phone": ("Tel.", "Telefoon", "T"),
    "email": ("E-mail",),
    "vat_id": ("BTW-nummer", "BTW nr.", "Btw-id"),
    "reg_no": ("KvK", "KvK-nummer"),
    "bank": ("Bankgegevens", "Bank"),
    "page": ("Pagina {n} van {total}", "Blad {n}/{total}"),
    "previous_balance": ("Vorig saldo",),
    "payments_received": ("Ontvangen betalingen",),
    "this_invoice": ("Deze factuur",),
    "balance_due": ("Openstaand saldo", "Totaal openstaand"),
    "payment_terms": ("Betaling binnen {days} dagen", "Betalingstermijn: {days} dagen"),
    "pay_by": ("Gelieve het bedrag vóór {date} over te maken.", "Wij verzoeken u te betalen voor {date}."),
    "thank_you": ("Bedankt voor uw bestelling!", "Hartelijk dank voor uw vertrouwen."),
    "continued": ("Vervolg op volgende pagina", "(vervolg)"),
    "carried_forward": ("Transport", "Over te brengen"),
    "brought_forward": ("Transport", "Overgebracht"),
    "currency": ("Valuta",),
    "all_amounts_in": ("Alle bedragen in {code}", "Valuta: {code}"),
    "salutation": ("Geachte heer/mevrouw,",),
    "intro": ("Hierbij brengen wij u het volgende in rekening:",),
    "regards": ("Met vriendelijke groet",),
    "subject": ("Factuur {number}",),
    "receipt_title": ("KASSABON", "Bon", "Kwitantie"),
    "receipt_total": ("TOTAAL", "Totaal", "TE BETALEN"),
    "receipt_subtotal": ("SUBTOTAAL", "Subtotaal"),
    "receipt_tax": ("BTW", "BTW {rate}"),
    "cash": ("CONTANT", "Contant"),
    "change": ("WISSELGELD", "Terug"),
    "card": ("PIN", "Pinbetaling", "Maestro", "Contactloos"),
    "items_count": ("Aantal artikelen: {n}", "{n} artikelen"),
    "receipt_no": ("Bonnr.", "Transactie"),
    "cashier": ("Kassa", "U werd geholpen door"),
    "terminal": ("Terminal", "POI"),
    "auth_code": ("Autorisatiecode", "Aut. code"),
    "approved": ("Akkoord", "BETALING GESLAAGD"),
    "receipt_thanks": ("Bedankt en tot ziens!", "Dank u wel"),
    "date_label": ("Datum",),
    "vat_summary": ("BTW-specificatie",),
    "net": ("Excl.",),
    "gross": ("Incl.",),
    "claim_title": ("Schadeformulier", "SCHADEMELDING"),
    "sec_claimant": ("Gegevens verzekeringnemer", "1. Uw gegevens"),
    "sec_policy": ("Gegevens polis", "2. Polis"),
    "sec_incident": ("Gegevens van de schade", "3. Toedracht"),
    "sec_declaration": ("Verklaring en ondertekening", "4. Ondertekening"),
    "claimant_name": ("Naam", "Naam verzekeringnemer", "Volledige naam"),
    "date_of_birth": ("Geboortedatum",),
    "policy_number": ("Polisnummer", "Polisnr."),
    "claim_type": ("Soort schade", "Type verzekering"),
    "street": ("Adres", "Straat en huisnummer"),
    "city": ("Woonplaats", "Plaats"),
    "postal_code": ("Postcode",),
    "incident_date": ("Schadedatum", "Datum van de schade"),
    "claim_amount": ("Geschat schadebedrag", "Geclaimd bedrag"),
    "police_report": ("Is er aangifte gedaan bij de politie?", "Aangifte gedaan?"),
    "yes": ("Ja",),
    "no": ("Nee",),
    "signature": ("Handtekening",),
    "date_signed": ("Datum", "Plaats en datum"),
    "declaration_text": ("Ondergetekende verklaart dit formulier naar waarheid te hebben ingevuld.",),
    "incident_description": ("Omschrijving van de toedracht", "Wat is er gebeurd?"),
    "claim_reference": ("Schadenummer (in te vullen door maatschappij)",),
    "phone_day": ("Telefoonnummer",),
    "ct_auto": ("Auto", "Motorrijtuig"),
    "ct_home": ("Woning", "Inboedel"),
    "ct_health": ("Zorg", "Ziektekosten"),
    "ct_travel": ("Reis",),
}

_ES: dict[str, tuple[str, ...]] = {
    "fine_print": ("Sociedad inscrita en el Registro Mercantil. Conforme a la normativa vigente, sus datos serán "
                   "tratados con la finalidad de gestionar la facturación.",),
    "invoice_title": ("FACTURA", "Factura"),
    "invoice_number": ("Nº de factura", "Factura nº", "Número de factura", "Nº Factura"),
    "invoice_date": ("Fecha de factura", "Fecha", "Fecha de emisión"),
    "due_date": ("Fecha de vencimiento", "Vencimiento", "Pagar antes de"),
    "bill_to": ("Facturar a", "Cliente", "Datos del cliente"),
    "ship_to": ("Enviar a", "Dirección de entrega"),
    "from": ("Emisor", "Proveedor"),
    "description": ("Descripción", "Concepto", "Artículo"),
    "quantity": ("Cant.", "Cantidad", "Uds."),
    "unit": ("Unidad",),
    "unit_price": ("Precio unitario", "Precio", "P. unit."),
    "amount": ("Importe", "Total", "Subtotal"),
    "position": ("Nº", "Ref."),
    "sku": ("Referencia", "Código"),
    "tax_rate_col": ("IVA", "% IVA"),
    "balance_col": ("Saldo",),
    "subtotal": ("Base imponible", "Subtotal", "Importe neto"),
    "tax": ("IVA {rate}", "IVA ({rate})", "Cuota IVA {rate}"),
    "tax_plain": ("IVA", "Total IVA"),
    "total": ("Total", "TOTAL FACTURA", "Total a pagar", "Importe total"),
    "incl_tax": ("IVA incluido ({rate})", "incluye IVA {rate}"),
    "po_number": ("Nº de pedido", "Pedido", "Su referencia"),
    "customer_number": ("Nº de cliente", "Código cliente"),
    "order_date": ("Fecha de pedido",),
    "delivery_date": ("Fecha de entrega",),
    "phone": ("Tel.", "Teléfono", "Tlf."),
    "email": ("Correo", "E-mail"),
    "vat_id": ("CIF", "NIF", "NIF/CIF"),
    "reg_no": ("Registro Mercantil",),
    "bank": ("Datos bancarios", "Banco"),
    "page": ("Página {n} de {total}", "Pág. {n}/{total}"),
    "previous_balance": ("Saldo anterior",),
    "payments_received": ("Pagos recibidos",),
    "this_invoice": ("Esta factura",),
    "balance_due": ("Saldo pendiente",),
    "payment_terms": ("Forma de pago: transferencia a {days} días", "Pago a {days} días"),
    "pay_by": ("Rogamos efectúe el pago antes del {date}.", "Fecha límite de pago: {date}."),
    "thank_you": ("¡Gracias por su confianza!", "Gracias por su compra."),
    "continued": ("Continúa en la página siguiente", "(continúa)"),
    "carried_forward": ("Suma y sigue", "A trasladar"),
    "brought_forward": ("Suma anterior", "Traslado"),
    "currency": ("Moneda", "Divisa"),
    "all_amounts_in": ("Importes en {code}", "Moneda: {code}"),
    "salutation": ("Estimado cliente:",),
    "intro": ("Le facturamos los siguientes conceptos:",),
    "regards": ("Atentamente", "Un saludo"),
    "subject": ("Factura {number}",),
    "receipt_title": ("TICKET", "Factura simplificada", "Recibo"),
    "receipt_total": ("TOTAL", "Total", "TOTAL A PAGAR", "IMPORTE"),
    "receipt_subtotal": ("SUBTOTAL", "Subtotal"),
    "receipt_tax": ("IVA", "IVA incluido"),
    "cash": ("EFECTIVO", "Efectivo", "Entregado"),
    "change": ("CAMBIO", "Cambio", "Devolución"),
    "card": ("TARJETA", "Tarjeta", "VISA"),
    "items_count": ("Nº artículos: {n}", "{n} artículos"),
    "receipt_no": ("Nº ticket", "Operación"),
    "cashier": ("Cajero", "Le atendió", "Caja"),
    "terminal": ("Terminal", "TPV"),
    "auth_code": ("Autorización", "Cód. aut."),
    "approved": ("OPERACIÓN APROBADA", "Aprobada"),
    "receipt_thanks": ("Gracias por su visita", "¡Vuelva pronto!"),
    "date_label": ("Fecha",),
    "vat_summary": ("Desglose IVA",),
    "net": ("Base",),
    "gross": ("Total",),
    "claim_title": ("Parte de siniestro", "SOLICITUD DE INDEMNIZACIÓN"),
    "sec_claimant": ("Datos del asegurado", "1. Sus datos"),
    "sec_policy": ("Datos de la póliza", "2. Póliza"),
    "sec_incident": ("Datos del siniestro", "3. Siniestro"),
    "sec_declaration": ("Declaración", "4. Firma"),
    "claimant_name": ("Nombre y apellidos", "Nombre del asegurado", "Nombre"),
    "date_of_birth": ("Fecha de nacimiento",),
    "policy_number": ("Nº de póliza", "Número de póliza"),
    "claim_type": ("Tipo de siniestro", "Ramo"),
    "street": ("Dirección", "Calle y número"),
    "city": ("Localidad", "Ciudad", "Población"),
    "postal_code": ("Código postal", "C.P."),
    "incident_date": ("Fecha del siniestro", "Fecha de ocurrencia"),
    "claim_amount": ("Importe reclamado", "Valoración de daños"),
    "police_report": ("¿Se presentó denuncia ante la policía?", "Denuncia policial"),
    "yes": ("Sí",),
    "no": ("No",),
    "signature": ("Firma", "Firma del asegurado"),
    "date_signed": ("Fecha", "Lugar y fecha"),
    "declaration_text": ("Declaro que los datos facilitados son ciertos y completos.",),
    "incident_description": ("Descripción de los hechos", "¿Qué ocurrió?"),
    "claim_reference": ("Nº de expediente (a rellenar por la compañía)",),
    "phone_day": ("Teléfono de contacto", "Teléfono"),
    "ct_auto": ("Automóvil", "Auto"),
    "ct_home": ("Hogar",),
    "ct_health": ("Salud",),
    "ct_travel": ("Viaje", "Asistencia en viaje"),
}

_IT: dict[str, tuple[str, ...]] = {
    "fine_print": ("Pagamento tramite bonifico bancario. In caso di ritardato pagamento saranno applicati gli "
                   "interessi di mora previsti dalla legge.",),
    "invoice_title": ("FATTURA", "Fattura"),
    "invoice_number": ("Fattura n.", "Numero fattura", "N. documento", "Nr. fattura"),
    "invoice_date": ("Data fattura", "Data", "Data documento"),
    "due_date": ("Scadenza", "Data di scadenza", "Pagamento entro"),
    "bill_to": ("Cliente", "Destinatario", "Spett.le"),
    "ship_to": ("Destinazione merce", "Luogo di consegna"),
    "from": ("Fornitore", "Mittente"),
    "description": ("Descrizione", "Articolo", "Descrizione articolo"),
    "quantity": ("Q.tà", "Quantità"),
    "unit": ("U.M.", "Unità"),
    "unit_price": ("Prezzo unitario", "Prezzo", "Prezzo unit."),
    "amount": ("Importo", "Totale"),
    "position": ("N.", "Rif."),
    "sku": ("Codice", "Cod. art."),
    "tax_rate_col": ("IVA", "% IVA"),
    "balance_col": ("Saldo",),
    "subtotal": ("Imponibile", "Totale imponibile", "Subtotale"),
    "tax": ("IVA {rate}", "Imposta {rate}", "IVA ({rate})"),
    "tax_plain": ("IVA", "Totale IVA"),
    "total": ("Totale", "Totale fattura", "Totale documento", "Netto a pagare"),
    "incl_tax": ("di cui IVA {rate}", "IVA inclusa ({rate})"),
    "po_number": ("Ordine n.", "Vs. ordine", "Rif. ordine"),
    "customer_number": ("Codice cliente", "Cod. cliente"),
    "order_date": ("Data ordine",),
    "delivery_date": ("Data consegna", "Data DDT"),
    "phone": ("Tel.", "Telefono"),
    "email": ("E-mail", "PEC"),
    "vat_id": ("P.IVA", "Partita IVA", "C.F./P.IVA"),
    "reg_no": ("REA", "Registro Imprese"),
    "bank": ("Coordinate bancarie", "Banca d'appoggio"),
    "page": ("Pagina {n} di {total}", "Pag. {n}/{total}"),
    "previous_balance": ("Saldo precedente",),
    "payments_received": ("Pagamenti ricevuti",),
    "this_invoice": ("Questa fattura",),
    "balance_due": ("Saldo da pagare",),
    "payment_terms": ("Pagamento: bonifico {days} gg d.f.", "Termini di pagamento: {days} giorni"),
    "pay_by": ("Si prega di effettuare il pagamento entro il {date}.",),
    "thank_you": ("Grazie per la preferenza!", "Grazie per il vostro ordine."),
    "continued": ("Segue alla pagina successiva", "(segue)"),
    "carried_forward": ("A riportare", "Riporto"),
    "brought_forward": ("Riporto",),
    "currency": ("Valuta",),
    "all_amounts_in": ("Importi in {code}", "Valuta: {code}"),
    "salutation": ("Gentile cliente,", "Spettabile ditta,"),
    "intro": ("Con la presente vi addebitiamo quanto segue:",),
    "regards": ("Cordiali saluti", "Distinti saluti"),
    "subject": ("Fattura n. {number}",),
    "receipt_title": ("SCONTRINO", "DOCUMENTO COMMERCIALE", "Ricevuta"),
    "receipt_total": ("TOTALE", "Totale", "TOTALE COMPLESSIVO", "IMPORTO PAGATO"),
    "receipt_subtotal": ("SUBTOTALE", "Subtotale"),
    "receipt_tax": ("di cui IVA", "IVA"),
    "cash": ("CONTANTI", "Contante"),
    "change": ("RESTO", "Resto"),
    "card": ("CARTA", "Pagamento elettronico", "BANCOMAT"),
    "items_count": ("N. articoli: {n}", "{n} pezzi"),
    "receipt_no": ("Documento n.", "Scontrino n."),
    "cashier": ("Cassa", "Operatore"),
    "terminal": ("Terminale", "ID terminale"),
    "auth_code": ("Cod. autorizzazione", "AUT."),
    "approved": ("TRANSAZIONE ESEGUITA", "Approvata"),
    "receipt_thanks": ("Grazie e arrivederci", "Grazie per la visita"),
    "date_label": ("Data",),
    "vat_summary": ("Riepilogo IVA",),
    "net": ("Imponibile",),
    "gross": ("Totale",),
    "claim_title": ("Denuncia di sinistro", "MODULO DI RICHIESTA RIMBORSO"),
    "sec_claimant": ("Dati dell'assicurato", "1. I tuoi dati"),
    "sec_policy": ("Dati della polizza", "2. Polizza"),
    "sec_incident": ("Dati del sinistro", "3. Dinamica"),
    "sec_declaration": ("Dichiarazione", "4. Firma"),
    "claimant_name": ("Nome e cognome", "Contraente", "Nome"),
    "date_of_birth": ("Data di nascita", "Nato/a il"),
    "policy_number": ("Numero di polizza", "Polizza n."),
    "claim_type": ("Tipo di sinistro", "Ramo"),
    "street": ("Indirizzo", "Via e numero civico"),
    "city": ("Città", "Comune"),
    "postal_code": ("CAP",),
    "incident_date": ("Data del sinistro", "Data dell'evento"),
    "claim_amount": ("Importo richiesto", "Stima del danno"),
    "police_report": ("È stata presentata denuncia alle autorità?", "Denuncia alle autorità"),
    "yes": ("Sì",),
    "no": ("No",),
    "signature": ("Firma", "Firma del contraente"),
    "date_signed": ("Data", "Luogo e data"),
    "declaration_text": ("Dichiaro che le informazioni fornite sono veritiere e complete.",),
    "incident_description": ("Descrizione dell'accaduto", "Come è avvenuto il sinistro?"),
    "claim_reference": ("N. sinistro (a cura della compagnia)",),
    "phone_day": ("Recapito telefonico", "Telefono"),
    "ct_auto": ("Auto", "RC Auto"),
    "ct_home": ("Casa", "Abitazione"),
    "ct_health": ("Salute", "Malattia"),
    "ct_travel": ("Viaggio",),
}

_PL: dict[str, tuple[str, ...]] = {
    "fine_print": ("Faktura wystawiona elektronicznie, nie wymaga podpisu. W przypadku opóźnienia w płatności "
                   "zostaną naliczone odsetki ustawowe.",),
    "invoice_title": ("FAKTURA VAT", "Faktura", "FAKTURA"),
    "invoice_number": ("Numer faktury", "Faktura nr", "Nr faktury", "Nr dokumentu"),
    "invoice_date": ("Data wystawienia", "Data"),
    "due_date": ("Termin płatności", "Płatne do", "Termin zapłaty"),
    "bill_to": ("Nabywca", "Odbiorca", "Kupujący"),
    "ship_to": ("Adres dostawy", "Odbiorca"),
    "from": ("Sprzedawca", "Wystawca"),
    "description": ("Nazwa towaru lub usługi", "Nazwa", "Opis", "Towar/usługa"),
    "quantity": ("Ilość", "Il."),
    "unit": ("J.m.", "Jedn."),
    "unit_price": ("Cena jedn. netto", "Cena netto", "Cena jedn."),
    "amount": ("Wartość netto", "Wartość", "Kwota"),
    "position": ("Lp.", "Nr"),
    "sku": ("Kod", "Symbol"),
    "tax_rate_col": ("Stawka VAT", "VAT %"),
    "balance_col": ("Saldo",),
    "subtotal": ("Razem netto", "Wartość netto", "Suma netto"),
    "tax": ("VAT {rate}", "Kwota VAT {rate}", "Podatek VAT {rate}"),
    "tax_plain": ("VAT", "Kwota VAT"),
    "total": ("Razem brutto", "Do zapłaty", "Wartość brutto", "Razem do zapłaty"),
    "incl_tax": ("w tym VAT {rate}",),
    "po_number": ("Nr zamówienia", "Zamówienie"),
    "customer_number": ("Nr klienta", "Kod klienta"),
    "order_date": ("Data zamówienia",),
    "delivery_date": ("Data sprzedaży", "Data dostawy", "Data wykonania usługi"),
    "phone": ("Tel.", "Telefon"),
    "email": ("E-mail",),
    "vat_id": ("NIP", "NIP/VAT"),
    "reg_no": ("KRS", "REGON"),
    "bank": ("Rachunek bankowy", "Nr konta", "Bank"),
    "page": ("Strona {n} z {total}", "Str. {n}/{total}"),
    "previous_balance": ("Saldo poprzednie",),
    "payments_received": ("Wpłaty",),
    "this_invoice": ("Bieżąca faktura",),
    "balance_due": ("Saldo do zapłaty",),
    "payment_terms": ("Sposób płatności: przelew {days} dni", "Termin: {days} dni"),
    "pay_by": ("Prosimy o zapłatę do dnia {date}.",),
    "thank_you": ("Dziękujemy za zakupy!", "Dziękujemy za współpracę."),
    "continued": ("Ciąg dalszy na następnej stronie", "(c.d.)"),
    "carried_forward": ("Do przeniesienia", "Z przeniesienia"),
    "brought_forward": ("Z przeniesienia",),
    "currency": ("Waluta",),
    "all_amounts_in": ("Kwoty w {code}", "Waluta: {code}"),
    "salutation": ("Szanowni Państwo,",),
    "intro": ("W załączeniu przesyłamy fakturę za następujące usługi:",),
    "regards": ("Z poważaniem",),
    "subject": ("Faktura nr {number}",),
    "receipt_title": ("PARAGON FISKALNY", "Paragon", "PARAGON"),
    "receipt_total": ("SUMA PLN", "RAZEM", "SUMA", "DO ZAPŁATY"),
    "receipt_subtotal": ("Sprzedaż opodatkowana",),
    "receipt_tax": ("PTU", "Suma PTU", "VAT"),
    "cash": ("GOTÓWKA", "Gotówka"),
    "change": ("RESZTA", "Reszta"),
    "card": ("KARTA", "Karta płatnicza"),
    "items_count": ("Liczba pozycji: {n}",),
    "receipt_no": ("Nr paragonu", "Nr wydruku"),
    "cashier": ("Kasjer", "Kasa"),
    "terminal": ("Terminal", "TID"),
    "auth_code": ("Kod autoryzacji",),
    "approved": ("TRANSAKCJA ZAAKCEPTOWANA",),
    "receipt_thanks": ("Dziękujemy i zapraszamy ponownie", "Dziękujemy!"),
    "date_label": ("Data",),
    "vat_summary": ("Podsumowanie VAT",),
    "net": ("Netto",),
    "gross": ("Brutto",),
    "claim_title": ("Zgłoszenie szkody", "WNIOSEK O WYPŁATĘ ODSZKODOWANIA"),
    "sec_claimant": ("Dane ubezpieczonego", "1. Dane osobowe"),
    "sec_policy": ("Dane polisy", "2. Polisa"),
    "sec_incident": ("Opis zdarzenia", "3. Zdarzenie"),
    "sec_declaration": ("Oświadczenie", "4. Podpis"),
    "claimant_name": ("Imię i nazwisko", "Ubezpieczony"),
    "date_of_birth": ("Data urodzenia",),
    "policy_number": ("Numer polisy", "Nr polisy"),
    "claim_type": ("Rodzaj szkody", "Rodzaj ubezpieczenia"),
    "street": ("Ulica i numer", "Adres"),
    "city": ("Miejscowość", "Miasto"),
    "postal_code": ("Kod pocztowy",),
    "incident_date": ("Data zdarzenia", "Data szkody"),
    "claim_amount": ("Kwota roszczenia", "Szacowana wartość szkody"),
    "police_report": ("Czy zdarzenie zgłoszono na policję?", "Zgłoszenie na policję"),
    "yes": ("Tak",),
    "no": ("Nie",),
    "signature": ("Podpis", "Podpis ubezpieczonego"),
    "date_signed": ("Data", "Miejscowość i data"),
    "declaration_text": ("Oświadczam, że podane informacje są zgodne z prawdą.",),
    "incident_description": ("Opis okoliczności zdarzenia", "Co się stało?"),
    "claim_reference": ("Nr szkody (wypełnia ubezpieczyciel)",),
    "phone_day": ("Telefon kontaktowy", "Telefon"),
    "ct_auto": ("Komunikacyjne", "Auto"),
    "ct_home": ("Mieszkanie", "Dom"),
    "ct_health": ("Zdrowotne", "NNW"),
    "ct_travel": ("Podróżne", "Podróż"),
}

_EN_LABELS = Labels(_EN)
_LANG_LABELS = {
    "en": _EN_LABELS, "de": Labels(_DE, _EN_LABELS), "fr": Labels(_FR, _EN_LABELS), "nl": Labels(_NL, _EN_LABELS),
    "es": Labels(_ES, _EN_LABELS), "it": Labels(_IT, _EN_LABELS), "pl": Labels(_PL, _EN_LABELS),
}

_MONTHS = {
    "en": _EN_MONTHS,
    "de": ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",
           "November", "Dezember"),
    "fr": ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
           "novembre", "décembre"),
    "nl": ("januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober",
           "november", "december"),
    "es": ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
           "noviembre", "diciembre"),
    "it": ("gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre",
           "ottobre", "novembre", "dicembre"),
    # Polish dates use the genitive month name ("3 kwietnia 2024").
    "pl": ("stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia", "września",
           "października", "listopada", "grudnia"),
}

_ISO = DateStyle("{yyyy}-{mm}-{dd}")
_COMMA_DOT = NumberFormat(",", ".")
_DOT_COMMA = NumberFormat(".", ",")
_SPACE_COMMA = NumberFormat(" ", ",")
_NBSP_COMMA = NumberFormat("\u00a0", ",")
_PLAIN_DOT = NumberFormat("", ".")
_PLAIN_COMMA = NumberFormat("", ",")
_D = Decimal


def _make(code: str, lang: str, *, nfs: tuple[NumberFormat, ...], dates: tuple[str, ...],
          currencies: tuple[tuple[str, float], ...], symbol_after: bool, rates: tuple[str, ...],
          letter: bool = False, country: str = "", percent_space: bool = False,
          abbr_dot: str = "") -> Locale:
    months = _MONTHS[lang]
    return Locale(
        code=code, language=lang, labels=_LANG_LABELS[lang], number_formats=nfs,
        date_styles=(*(DateStyle(p) for p in dates), _ISO),
        months=months, months_abbr=_abbr(months, 3, abbr_dot), currencies=currencies,
        symbol_after=symbol_after, tax_rates=tuple(_D(r) for r in rates),
        page_size=(612.0, 792.0) if letter else (595.28, 841.89), country=country, percent_space=percent_space,
    )


LOCALES: dict[str, Locale] = {
    loc.code: loc
    for loc in (
        _make("en-US", "en", nfs=(_COMMA_DOT, _PLAIN_DOT),
              dates=("{mm}/{dd}/{yyyy}", "{month} {d}, {yyyy}", "{mon} {d}, {yyyy}", "{m}/{d}/{yy}"),
              currencies=(("USD", 0.88), ("CAD", 0.06), ("EUR", 0.06)), symbol_after=False,
              rates=("0.0625", "0.07", "0.08875", "0.0825", "0.06"), letter=True, country="United States"),
        _make("en-GB", "en", nfs=(_COMMA_DOT, _PLAIN_DOT),
              dates=("{dd}/{mm}/{yyyy}", "{d} {mon} {yyyy}", "{d} {month} {yyyy}", "{dd}-{mon}-{yyyy}",
                     "{dd}.{mm}.{yy}"),
              currencies=(("GBP", 0.8), ("EUR", 0.12), ("USD", 0.08)), symbol_after=False,
              rates=("0.20", "0.20", "0.05"), country="United Kingdom"),
        _make("en-IN", "en", nfs=(NumberFormat(",", ".", indian=True), _COMMA_DOT),
              dates=("{dd}/{mm}/{yyyy}", "{dd}-{mm}-{yyyy}", "{d} {mon} {yyyy}", "{dd}-{mon}-{yy}"),
              currencies=(("INR", 0.9), ("USD", 0.1)), symbol_after=False, rates=("0.18", "0.12", "0.05"),
              country="India"),
        _make("de-DE", "de", nfs=(_DOT_COMMA, _PLAIN_COMMA),
              dates=("{dd}.{mm}.{yyyy}", "{d}. {month} {yyyy}", "{dd}.{mm}.{yy}"),
              currencies=(("EUR", 0.94), ("CHF", 0.03), ("USD", 0.03)), symbol_after=True,
              rates=("0.19", "0.19", "0.07"), country="Deutschland", percent_space=True),
        _make("de-CH", "de", nfs=(NumberFormat("'", "."), NumberFormat("\u2019", "."), _PLAIN_DOT),
              dates=("{dd}.{mm}.{yyyy}", "{d}. {month} {yyyy}"),
              currencies=(("CHF", 0.85), ("EUR", 0.15)), symbol_after=False,
              rates=("0.081", "0.081", "0.026"), country="Schweiz", percent_space=True),
        _make("fr-FR", "fr", nfs=(_SPACE_COMMA, _NBSP_COMMA, _PLAIN_COMMA),
              dates=("{dd}/{mm}/{yyyy}", "{d} {month} {yyyy}", "{dd}/{mm}/{yy}"),
              currencies=(("EUR", 0.95), ("CHF", 0.05)), symbol_after=True,
              rates=("0.20", "0.20", "0.10", "0.055"), country="France", percent_space=True),
        _make("nl-NL", "nl", nfs=(_DOT_COMMA, _PLAIN_COMMA),
              dates=("{dd}-{mm}-{yyyy}", "{d} {month} {yyyy}", "{d}-{m}-{yyyy}"),
              currencies=(("EUR", 1.0),), symbol_after=False, rates=("0.21", "0.21", "0.09"),
              country="Nederland"),
        _make("es-ES", "es", nfs=(_DOT_COMMA, _PLAIN_COMMA),
              dates=("{dd}/{mm}/{yyyy}", "{d} de {month} de {yyyy}", "{dd}-{mm}-{yyyy}"),
              currencies=(("EUR", 1.0),), symbol_after=True, rates=("0.21", "0.21", "0.10"), country="España",
              percent_space=False),
        _make("it-IT", "it", nfs=(_DOT_COMMA, _PLAIN_COMMA),
              dates=("{dd}/{mm}/{yyyy}", "{d} {month} {yyyy}", "{dd}.{mm}.{yyyy}", "{dd}-{mm}-{yyyy}"),
              currencies=(("EUR", 1.0),), symbol_after=True, rates=("0.22", "0.22", "0.10"), country="Italia"),
        _make("pl-PL", "pl", nfs=(_SPACE_COMMA, _NBSP_COMMA, _PLAIN_COMMA),
              dates=("{dd}.{mm}.{yyyy}", "{d} {month} {yyyy}", "{yyyy}.{mm}.{dd}", "{dd}-{mm}-{yyyy}"),
              currencies=(("PLN", 0.85), ("EUR", 0.15)), symbol_after=True, rates=("0.23", "0.23", "0.08"),
              country="Polska"),
    )
}


def get_locale(code: str) -> Locale:
    """The locale registered as ``code`` (e.g. ``de-DE``); raises ``KeyError`` naming the known codes."""
    try:
        return LOCALES[code]
    except KeyError:
        raise KeyError(f"unknown locale {code!r}; known: {', '.join(sorted(LOCALES))}") from None
