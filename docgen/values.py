"""The content of a generated document: truth values plus the distractors printed around them.

Builders draw consistent values from a seeded RNG: line amounts are quantity × unit price rounded to cents,
the subtotal is the sum of the lines, the total is subtotal plus tax, and the due date is never before the
invoice date. ``truth()`` returns the JSON-ready values (validated against the project's schema) that a
perfect extractor would read off the printed page: a field the page does not show is ``None``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, time, timedelta
from decimal import ROUND_CEILING, ROUND_HALF_UP, Decimal
from enum import StrEnum
from typing import Any

from docgen.identity import (
    Party,
    PostalAddress,
    customer_number,
    invoice_number,
    make_address,
    make_party,
    make_person,
    po_number,
)
from docgen.locales import Locale
from docgen.words import GOODS, INCIDENTS, INSURERS, RECEIPT_ITEMS, fill_pattern, lookup
from schemas import ClaimForm, ClaimType, DocumentSchema, Invoice, Receipt

__all__ = [
    "ClaimData",
    "InvoiceData",
    "InvoiceOptions",
    "LineData",
    "ReceiptData",
    "ReceiptLine",
    "TaxMode",
    "make_claim",
    "make_invoice",
    "make_receipt",
    "validated_truth",
]

CENT = Decimal("0.01")


def cents(value: Decimal) -> Decimal:
    """Round half-up to cents."""
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def _price(rng: random.Random, low: float, high: float) -> Decimal:
    value = Decimal(str(round(rng.uniform(low, high), 2)))
    if value >= 20 and rng.random() < 0.5:  # round-ish list prices are common
        value = Decimal(int(value)) + rng.choice((Decimal("0"), Decimal("0.50"), Decimal("0.95"), Decimal("0.99")))
    return max(cents(value), CENT)


def _random_date(rng: random.Random) -> date:
    start = date(2019, 1, 1)
    return start + timedelta(days=rng.randint(0, 7 * 365 - 1))


def _line_count(rng: random.Random) -> int:
    """1–40 lines, most invoices short."""
    n = 1 + int(rng.expovariate(1 / 3.5))
    if rng.random() < 0.06:
        n = rng.randint(15, 40)
    return min(n, 40)


class TaxMode(StrEnum):
    """How tax appears on an invoice."""

    NET = "net"  # net lines; subtotal, tax, total printed
    GROSS = "gross"  # prices include tax; total printed with "incl. x% VAT: y"
    NONE = "none"  # no tax at all (small business, export); only a total


@dataclass
class LineData:
    """One invoice line as printed."""

    description: str
    amount: Decimal
    quantity: Decimal | None = None
    unit_price: Decimal | None = None
    unit: str = ""
    sku: str = ""
    tax_rate: Decimal | None = None


@dataclass
class InvoiceOptions:
    """Choices that decide which values the printed invoice shows (and therefore the truth)."""

    n_lines: int | None = None
    show_quantity: bool = True
    show_due_date: bool = True
    tax_mode: TaxMode = TaxMode.NET


@dataclass
class InvoiceData:
    """Everything printed on an invoice."""

    vendor: Party
    customer: Party
    ship_to: Party | None
    number: str
    invoice_date: date
    due_date: date | None
    payment_days: int
    currency: str
    tax_rate: Decimal
    tax_mode: TaxMode
    lines: list[LineData]
    subtotal: Decimal | None
    tax: Decimal | None
    total: Decimal
    po_number: str
    customer_number: str
    order_date: date
    delivery_date: date
    previous_balance: Decimal
    payments_received: Decimal
    #: (rate, net base, tax) per rate when lines carry two rates; empty with one rate.
    tax_breakdown: list[tuple[Decimal, Decimal, Decimal]] = field(default_factory=list)

    @property
    def lines_sum(self) -> Decimal:
        """Sum of line amounts (the subtotal under net pricing)."""
        return sum((li.amount for li in self.lines), Decimal(0))

    def truth(self) -> dict[str, Any]:
        """The values an extractor should return, as JSON (validated against :class:`schemas.Invoice`)."""
        return validated_truth(Invoice, {
            "vendor_name": self.vendor.name,
            "invoice_number": self.number,
            "invoice_date": self.invoice_date,
            "due_date": self.due_date,
            "currency": self.currency,
            "subtotal": self.subtotal,
            "tax": self.tax,
            "total": self.total,
            "line_items": [
                {"description": li.description, "quantity": li.quantity, "unit_price": li.unit_price,
                 "amount": li.amount}
                for li in self.lines
            ],
        })


def validated_truth(model: type[DocumentSchema], values: dict[str, Any]) -> dict[str, Any]:
    """Validate ``values`` with ``model``, insist on no rule violations, return the JSON form."""
    doc = model.model_validate(values)
    violations = doc.rule_violations()
    if violations:
        raise ValueError(f"generated {model.doc_type} breaks its rules: {[v.message for v in violations]}")
    return doc.model_dump(mode="json")


def _quantity(rng: random.Random, unit: str, fractional: bool, price: Decimal) -> Decimal:
    if fractional and rng.random() < 0.6:
        if unit in {"h", "Std.", "uur", "ore", "godz.", "hrs"}:
            return Decimal(rng.randint(1, 24 * 4)) / 4 if rng.random() < 0.5 else Decimal(rng.randint(1, 40)) / 2
        return Decimal(rng.randint(5, 5000)) / 100
    weights = (50, 18, 10, 6, 5, 4, 3, 2, 2)
    qty = rng.choices((1, 2, 3, 4, 5, 6, 10, 12, 20), weights=weights)[0]
    if price < 30 and rng.random() < 0.08:  # bulk lines: many cheap units
        qty = rng.randint(25, 500)
    return Decimal(qty)


def _make_lines(rng: random.Random, locale: Locale, n: int, show_quantity: bool, tax_rate: Decimal,
                gross: bool) -> list[LineData]:
    goods = list(lookup(GOODS, locale.language))
    if locale.language != "en" and rng.random() < 0.25:
        goods += list(GOODS["en"])  # mixed-language catalogues are common
    lines: list[LineData] = []
    for _ in range(n):
        desc, unit, low, high, fractional = rng.choice(goods)
        if rng.random() < 0.25:
            desc = f"{desc} - {rng.choice(('ref.', 'lot', 'job', '#'))} {rng.randint(100, 9999)}"
        if n > 8 and rng.random() < 0.3:
            desc = f"{desc} ({rng.choice(('week', 'wk', 'KW', 'sem.', 'batch'))} {rng.randint(1, 52)})"
        sku = fill_pattern(rng, rng.choice(("AA-9999", "99999", "AAA999", "9999-99")))
        price = _price(rng, low, high)
        if gross:
            price = cents(price * (1 + tax_rate))
        no_qty_line = not unit and rng.random() < 0.7  # freight, travel expenses: amount only
        if show_quantity and not no_qty_line:
            qty = _quantity(rng, unit, fractional, price)
            amount = cents(qty * price)
            lines.append(LineData(desc, amount, qty, price, unit, sku, tax_rate))
        else:
            amount = price if rng.random() < 0.6 else cents(price * rng.randint(1, 6))
            lines.append(LineData(desc, amount, None, None, unit, sku, tax_rate))
    if n >= 2 and rng.random() < 0.07:  # a discount line: negative, no quantity
        pct = rng.choice((3, 5, 10))
        base = sum((li.amount for li in lines), Decimal(0))
        word = _DISCOUNT.get(locale.language, "Discount")
        lines.append(LineData(f"{word} {pct}%", -cents(base * pct / 100), tax_rate=tax_rate))
    return lines


_DISCOUNT = {"en": "Discount", "de": "Rabatt", "fr": "Remise", "nl": "Korting", "es": "Descuento", "it": "Sconto",
             "pl": "Rabat"}


def _split_rates(rng: random.Random, lines: list[LineData], rates: list[Decimal]) -> None:
    """Give lines one of two tax rates (both used)."""
    for i, li in enumerate(lines):
        li.tax_rate = rates[i % 2] if i < 2 else rng.choice(rates)


def make_invoice(rng: random.Random, locale: Locale, currency: str, options: InvoiceOptions) -> InvoiceData:
    """Draw a consistent invoice."""
    vendor = make_party(rng, locale, company=True)
    customer = make_party(rng, locale, company=rng.random() < 0.8, details=False)
    ship_to = None
    if rng.random() < 0.2:
        ship_to = Party(name=customer.name if rng.random() < 0.5 else make_person(rng, locale),
                        address=make_address(rng, locale))
    issued = _random_date(rng)
    days = rng.choice((7, 10, 14, 14, 21, 30, 30, 30, 45, 60))
    due = issued + timedelta(days=days if rng.random() < 0.9 else 0)
    tax_mode = options.tax_mode
    rate = rng.choice(locale.tax_rates)
    if tax_mode is TaxMode.NONE:
        rate = Decimal(0)
    elif tax_mode is TaxMode.NET and rng.random() < 0.05:
        rate = Decimal(0)  # reverse charge / zero-rated, printed as 0.00 tax
    n = options.n_lines or _line_count(rng)
    lines = _make_lines(rng, locale, n, options.show_quantity, rate, gross=tax_mode is TaxMode.GROSS)
    lines_sum = sum((li.amount for li in lines), Decimal(0))
    breakdown: list[tuple[Decimal, Decimal, Decimal]] = []
    other_rates = sorted({r for r in locale.tax_rates if r != rate})
    if tax_mode is TaxMode.NET and rate and other_rates and n >= 2 and rng.random() < 0.2:
        rates = [rate, rng.choice(other_rates)]
        _split_rates(rng, lines, rates)
        for r in sorted(rates, reverse=True):
            base = sum((li.amount for li in lines if li.tax_rate == r), Decimal(0))
            breakdown.append((r, base, cents(base * r)))
    if tax_mode is TaxMode.NET:
        subtotal: Decimal | None = lines_sum
        tax: Decimal | None = sum((b[2] for b in breakdown), Decimal(0)) if breakdown else cents(lines_sum * rate)
        total = lines_sum + tax
    elif tax_mode is TaxMode.GROSS:
        subtotal = None
        tax = cents(lines_sum * rate / (1 + rate))
        total = lines_sum
    else:
        subtotal, tax, total = None, None, lines_sum
    order_date = issued - timedelta(days=rng.randint(0, 25))
    delivery = order_date + timedelta(days=rng.randint(0, (issued - order_date).days))
    previous = Decimal(0)
    payments = Decimal(0)
    if rng.random() < 0.5:
        previous = _price(rng, 20, 3000)
        payments = previous if rng.random() < 0.6 else cents(previous * Decimal(rng.choice(("0.5", "0.25", "0"))))
    return InvoiceData(
        vendor=vendor, customer=customer, ship_to=ship_to, number=invoice_number(rng, issued),
        invoice_date=issued, due_date=due if options.show_due_date else None, payment_days=days, currency=currency,
        tax_rate=rate, tax_mode=tax_mode, lines=lines, subtotal=subtotal, tax=tax, total=total,
        tax_breakdown=breakdown,
        po_number=po_number(rng), customer_number=customer_number(rng), order_date=order_date,
        delivery_date=delivery, previous_balance=previous, payments_received=payments,
    )


# --- receipts ----------------------------------------------------------------------------------------------

@dataclass
class ReceiptLine:
    """One till line."""

    description: str
    amount: Decimal
    quantity: int = 1
    unit_price: Decimal | None = None


@dataclass
class ReceiptData:
    """Everything printed on a till receipt."""

    merchant: Party
    show_address: bool
    when: date
    at: time
    currency: str
    lines: list[ReceiptLine]
    total: Decimal
    tax_rate: Decimal
    tax: Decimal
    paid_cash: bool
    tendered: Decimal
    receipt_no: str
    cashier: str
    terminal_id: str
    auth_code: str
    card_last4: str

    def address_text(self) -> str | None:
        """The merchant address as one string, in the order printed."""
        if not self.show_address:
            return None
        return ", ".join(self.merchant.address.lines())

    def truth(self) -> dict[str, Any]:
        """JSON values validated against :class:`schemas.Receipt`."""
        return validated_truth(Receipt, {
            "merchant_name": self.merchant.name, "merchant_address": self.address_text(), "date": self.when,
            "total": self.total,
        })


def _merchant_name(rng: random.Random, locale: Locale) -> str:
    lang = locale.language
    kinds = {
        "en": ("Market", "Grocers", "Café", "Coffee House", "Bakery", "Deli", "Pharmacy", "Hardware", "Food Hall"),
        "de": ("Markt", "Bäckerei", "Café", "Drogerie", "Getränkemarkt", "Feinkost", "Apotheke"),
        "fr": ("Boulangerie", "Café", "Épicerie", "Supérette", "Pharmacie", "Tabac-Presse"),
        "nl": ("Supermarkt", "Bakkerij", "Koffiebar", "Drogist", "Versmarkt"),
        "es": ("Supermercado", "Panadería", "Cafetería", "Farmacia", "Frutería"),
        "it": ("Supermercato", "Panificio", "Bar", "Farmacia", "Alimentari"),
        "pl": ("Sklep", "Piekarnia", "Kawiarnia", "Apteka", "Delikatesy"),
    }[lang]
    from docgen.words import LAST_NAMES, STREET_NAMES

    kind = rng.choice(kinds)
    other = rng.choice(lookup(LAST_NAMES, locale.code)) if rng.random() < 0.5 else rng.choice(
        lookup(STREET_NAMES, locale.code))
    if lang in {"en"}:
        return f"{other} {kind}" if rng.random() < 0.6 else f"The {other} {kind}"
    if lang in {"de", "nl", "pl"} and rng.random() < 0.5:
        return f"{kind} {other}"
    return f"{kind} {other}" if rng.random() < 0.7 else f"{other} {kind}"


def make_receipt(rng: random.Random, locale: Locale, currency: str, *, n_items: int | None = None) -> ReceiptData:
    """Draw a consistent till receipt (prices include tax; the total is what was paid)."""
    merchant = make_party(rng, locale, company=True)
    merchant.name = _merchant_name(rng, locale)
    items = lookup(RECEIPT_ITEMS, locale.language)
    n = n_items or min(25, 1 + int(rng.expovariate(1 / 4)))
    lines: list[ReceiptLine] = []
    for _ in range(n):
        desc, low, high = rng.choice(items)
        price = cents(Decimal(str(rng.uniform(low, high))))
        qty = 1 if rng.random() < 0.8 else rng.randint(2, 6)
        lines.append(ReceiptLine(desc, cents(price * qty), qty, price))
    total = sum((li.amount for li in lines), Decimal(0))
    rate = rng.choice(locale.tax_rates)
    tax = cents(total * rate / (1 + rate))
    paid_cash = rng.random() < 0.4
    tendered = total
    if paid_cash:
        step = Decimal(rng.choice((1, 5, 10, 20, 50)))
        tendered = ((total / step).to_integral_value(rounding=ROUND_CEILING)) * step
        if tendered == total and rng.random() < 0.5:
            tendered += step
    return ReceiptData(
        merchant=merchant, show_address=rng.random() < 0.85, when=_random_date(rng),
        at=time(rng.randint(7, 21), rng.randint(0, 59), rng.randint(0, 59)), currency=currency, lines=lines,
        total=total, tax_rate=rate, tax=tax, paid_cash=paid_cash, tendered=tendered,
        receipt_no=fill_pattern(rng, rng.choice(("9999", "99999", "999-9999", "9999/99"))),
        cashier=rng.choice(("01", "02", "3", "Kim", "Alex", "Sam", "12")),
        terminal_id=fill_pattern(rng, "99999999"), auth_code=fill_pattern(rng, rng.choice(("999999", "A9999A"))),
        card_last4=fill_pattern(rng, "9999"),
    )


# --- claim forms -------------------------------------------------------------------------------------------

@dataclass
class ClaimData:
    """Everything printed on an insurance claim form."""

    insurer: str
    claimant: str
    date_of_birth: date | None
    policy_number: str
    claim_type: ClaimType
    address: PostalAddress
    phone: str
    incident_date: date
    claim_amount: Decimal | None
    currency: str
    police_report_filed: bool
    signed: bool
    signed_on: date
    description: str
    claim_reference: str | None
    extra: dict[str, str] = field(default_factory=dict)

    def truth(self) -> dict[str, Any]:
        """JSON values validated against :class:`schemas.ClaimForm`."""
        return validated_truth(ClaimForm, {
            "claimant_name": self.claimant, "date_of_birth": self.date_of_birth,
            "policy_number": self.policy_number, "claim_type": self.claim_type.value,
            "address": {"street": self.address.street, "city": self.address.city,
                        "postal_code": self.address.postal_code},
            "incident_date": self.incident_date, "claim_amount": self.claim_amount,
            "police_report_filed": self.police_report_filed, "signed": self.signed,
        })


def make_claim(rng: random.Random, locale: Locale, currency: str) -> ClaimData:
    """Draw a consistent claim form (always signed: unsigned forms break the schema's rules)."""
    claim_type = rng.choice(list(ClaimType))
    incident = _random_date(rng)
    dob = None
    if rng.random() < 0.85:
        dob = incident - timedelta(days=rng.randint(18 * 365, 85 * 365))
    amount = None
    if rng.random() < 0.8:
        amount = _price(rng, 80, 15000)
    prefix = {"auto": ("MTR", "KFZ", "AU"), "home": ("HH", "HOM", "WG"), "health": ("MED", "HLT", "KV"),
              "travel": ("TRV", "RS", "TR")}[claim_type.value]
    policy = rng.choice((
        lambda: f"{rng.choice(prefix)}-{fill_pattern(rng, '9999999')}",
        lambda: fill_pattern(rng, "99 999 999 9"), lambda: fill_pattern(rng, "AA9999999999"),
        lambda: f"{rng.choice(prefix)}/{incident.year - rng.randint(0, 6)}/{fill_pattern(rng, '999999')}",
    ))()
    texts = lookup(INCIDENTS, locale.language)[claim_type.value]
    police = (claim_type.value in {"auto", "home"} and rng.random() < 0.55) or rng.random() < 0.1
    return ClaimData(
        insurer=rng.choice(INSURERS), claimant=make_person(rng, locale), date_of_birth=dob, policy_number=policy,
        claim_type=claim_type, address=make_address(rng, locale), phone=make_party(rng, locale).phone or "",
        incident_date=incident, claim_amount=amount, currency=currency, police_report_filed=police, signed=True,
        signed_on=incident + timedelta(days=rng.randint(1, 40)), description=rng.choice(texts),
        claim_reference=fill_pattern(rng, "CL-9999999") if rng.random() < 0.3 else None,
    )
