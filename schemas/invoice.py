"""The ``invoice`` document type."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from schemas.base import DocumentSchema, Money, Quantity, RuleViolation, UnitPrice, canvas_hint
from schemas.currency import CurrencyCode

__all__ = ["Invoice", "LineItem"]


class LineItem(BaseModel):
    """One billed line: what, how many, at what unit price, for what amount."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    description: str = Field(min_length=1, max_length=200, json_schema_extra=canvas_hint(width=24))
    quantity: Quantity | None = None
    unit_price: UnitPrice | None = None
    amount: Money


class Invoice(DocumentSchema):
    """A supplier invoice: who bills, which invoice, when, in which currency, for how much, and its lines."""

    doc_type: ClassVar[str] = "invoice"
    schema_version: ClassVar[str] = "2"  # 2: unit prices of up to four decimals
    description: ClassVar[str] = "Supplier invoice with totals and line items"
    keywords: ClassVar[tuple[str, ...]] = (
        "invoice", "rechnung", "factuur", "facture", "faktura", "fattura", "factura", "bill to", "due date",
        "invoice number", "tax invoice", "fatura", "fatura recibo", "data de vencimento",
        # Scandinavian, Finnish, Czech
        "fakturanummer", "fakturadatum", "fakturadato", "lasku", "laskun numero", "eräpäivä", "číslo faktury",
        "datum splatnosti",
        # Romanian and Hungarian
        "factură fiscală", "număr factură", "data emiterii", "data scadenței", "termen de plată", "cumpărător",
        "furnizor", "cota tva", "total fără tva", "számla", "számlaszám", "számla sorszáma", "kiállítás dátuma",
        "teljesítés dátuma", "fizetési határidő", "számla kelte", "nettó összesen", "eladó", "vevő", "adószám",
        # Turkish
        "fatura no", "fatura tarihi", "son ödeme tarihi", "e-arşiv fatura", "vergi dairesi", "ara toplam",
        "genel toplam",
        # Croatian (a Croatian till receipt is a "račun" too: its fiscal codes and cash tell it apart)
        "račun", "broj računa", "datum računa", "datum isporuke", "rok plaćanja", "datum dospijeća", "šifra kupca",
        "kupac",
        # Slovenian
        "številka računa", "datum računa", "rok plačila", "datum zapadlosti", "šifra kupca", "kupec",
        "skupaj brez ddv", "za plačilo",
        # Estonian and Latvian
        "arve", "arve nr", "arve kuupäev", "maksetähtaeg", "käibemaks", "kokku tasuda", "rēķins", "rēķina nr",
        "apmaksas termiņš", "pvn", "pircējs", "pārdevējs",
        # an invoice's number, date and due date as its captions print them
        "invoice date", "invoice no", "rechnungsnummer", "rechnungsdatum", "factuurnummer", "factuurdatum",
        "uitgiftedatum", "vervaldatum", "numéro de facture", "date de facture", "date d'échéance",
        "número de factura", "fecha de factura", "fecha de vencimiento", "numero fattura", "data fattura",
        "data scadenza", "numer faktury", "data wystawienia", "termin płatności", "número da fatura",
        "fakturanr", "forfallsdato", "förfallodatum", "forfaldsdato", "n° de facture", "nº de factura",
        # an invoice's amount, address and billing period, and the customer's number (a SaaS invoice paid by card)
        "rechnungsbetrag", "rechnungsadresse", "abrechnungszeitraum", "leistungszeitraum", "billing period",
        "période de facturation", "periodo de facturación", "periodo di fatturazione",
        "factuurperiode", "okres rozliczeniowy", "laskutuskausi", "kundennummer", "customer number",
        "numéro client", "número de cliente", "codice cliente", "klantnummer", "numer klienta", "kundenummer",
        # a hotel's folio: the stay's arrival and departure, the room
        "folio", "guest folio", "hotel invoice", "arrival", "departure", "room no", "hotelrechnung", "anreise",
        "abreise", "zimmer nr", "zimmernummer", "facture hôtel", "date d'arrivée", "date de départ", "n° chambre",
        "llegada", "salida", "habitación", "arrivo", "partenza", "camera n", "aankomst", "vertrek", "kamernummer",
        "chegada", "partida", "przyjazd", "wyjazd", "ankomst", "avresa", "příjezd", "odjezd",
    )

    vendor_name: str = Field(min_length=1, max_length=120, json_schema_extra=canvas_hint(width=20))
    invoice_number: str = Field(min_length=1, max_length=40, json_schema_extra=canvas_hint(width=12))
    invoice_date: date
    due_date: date | None = None
    currency: CurrencyCode
    subtotal: Money | None = None
    tax: Money | None = None
    total: Money
    line_items: list[LineItem] = Field(default_factory=list)

    def rule_violations(self, tolerance: Decimal = Decimal("0.01")) -> list[RuleViolation]:
        out: list[RuleViolation] = []
        # Rounding accumulates per line, so the allowed gap grows with the number of lines.
        lines_tol = tolerance * max(1, len(self.line_items))
        if self.line_items and self.subtotal is not None:
            lines_sum = sum((li.amount for li in self.line_items), Decimal(0))
            if abs(lines_sum - self.subtotal) > lines_tol:
                out.append(RuleViolation(
                    code="lines_sum_mismatch",
                    message=f"line items sum to {lines_sum} but subtotal is {self.subtotal}",
                    fields=("line_items", "subtotal"),
                ))
        elif self.line_items and self.subtotal is None and self.tax is None:
            lines_sum = sum((li.amount for li in self.line_items), Decimal(0))
            if abs(lines_sum - self.total) > lines_tol:
                out.append(RuleViolation(
                    code="lines_sum_mismatch",
                    message=f"line items sum to {lines_sum} but total is {self.total} (no subtotal or tax)",
                    fields=("line_items", "total"),
                ))
        if self.subtotal is not None and self.tax is not None:
            if abs(self.subtotal + self.tax - self.total) > tolerance:
                out.append(RuleViolation(
                    code="total_mismatch",
                    message=f"subtotal {self.subtotal} + tax {self.tax} != total {self.total}",
                    fields=("subtotal", "tax", "total"),
                ))
        for i, li in enumerate(self.line_items):
            if li.quantity is not None and li.unit_price is not None:
                expected = li.quantity * li.unit_price
                if abs(expected - li.amount) > max(tolerance, abs(li.amount) * Decimal("0.005")):
                    out.append(RuleViolation(
                        code="line_amount_mismatch",
                        message=f"line {i + 1}: {li.quantity} x {li.unit_price} = {expected:.2f}, not {li.amount}",
                        fields=(f"line_items[{i}].quantity", f"line_items[{i}].unit_price", f"line_items[{i}].amount"),
                    ))
        if self.due_date is not None and self.due_date < self.invoice_date:
            out.append(RuleViolation(
                code="due_before_issue",
                message=f"due date {self.due_date} is before invoice date {self.invoice_date}",
                fields=("due_date", "invoice_date"),
            ))
        if self.total < 0:
            out.append(RuleViolation(code="negative_total", message=f"total {self.total} is negative",
                                     fields=("total",)))
        return out
