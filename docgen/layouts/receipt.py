"""Receipt layout families: narrow till rolls (58–80 mm wide, as long as their content) and a card slip.

A receipt page is exactly as tall as what is printed on it: :meth:`ReceiptLayout.render_fitted` lays the
receipt out once on a long strip to measure it, then again on a page of the right height.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from docgen.canvas import RGB, DocCanvas, FieldSpan, Typeface
from docgen.formatting import Formatter
from docgen.layouts.base import LayoutFamily, pick_typeface, register_layout
from docgen.locales import Locale
from docgen.values import ReceiptData

__all__ = ["CardSlipReceipt", "MonoTillReceipt", "ReceiptLayout", "ReceiptStyle", "TillReceipt"]

MM = 72 / 25.4
INK: RGB = (0.12, 0.12, 0.14)


@dataclass
class ReceiptStyle:
    """Per-document choices for a receipt."""

    typeface: Typeface
    size: float
    width: float
    upper: bool
    separator: str  # "-", "=", "*", or "rule"
    show_vat_table: bool
    show_count: bool
    show_time: bool
    date_first: bool  # date/time block above the items rather than at the end
    address_one_line: bool


class ReceiptLayout(LayoutFamily):
    """Shared till-roll drawing: centred header, item lines, total, payment, footer."""

    doc_type: ClassVar[str] = "receipt"
    fonts: ClassVar[tuple[str, ...]] = ("courier", "dejavu-mono", "helvetica", "dejavu-condensed")
    widths_mm: ClassVar[tuple[float, ...]] = (58.0, 72.0, 80.0)

    @classmethod
    def choose_style(cls, rng: random.Random, locale: Locale) -> ReceiptStyle:
        """Draw this receipt's look."""
        width = rng.choice(cls.widths_mm) * MM
        face = pick_typeface(rng, cls.fonts)
        return ReceiptStyle(
            typeface=face, size=round(rng.uniform(6.8, 7.8) if width < 180 else rng.uniform(7.5, 8.8), 1),
            width=width, upper=rng.random() < 0.5, separator=rng.choice(("-", "=", "*", "rule")),
            show_vat_table=rng.random() < 0.5, show_count=rng.random() < 0.4, show_time=rng.random() < 0.9,
            date_first=rng.random() < 0.5, address_one_line=rng.random() < 0.25,
        )

    def __init__(self, data: ReceiptData, fmt: Formatter, style: ReceiptStyle, height: float) -> None:
        self.d = data
        self.f = fmt
        self.s = style
        margin = 5 * MM if style.width > 180 else 3.5 * MM
        self.c = DocCanvas(style.width, height, style.typeface, size=style.size,
                           margin=(margin, 4 * MM, margin, 6 * MM), color=INK)
        self.lead = style.size * 1.35

    @classmethod
    def render_fitted(cls, data: ReceiptData, fmt: Formatter, style: ReceiptStyle) -> tuple[bytes, list[FieldSpan]]:
        """Lay out on a long strip to measure, then render on a page exactly as tall as the receipt."""
        probe = cls(data, fmt, style, height=5000)
        probe.draw()
        height = probe.c.y + probe.c.bottom_margin
        probe.c.doc.close()
        real = cls(data, fmt, style, height=height)
        real.draw()
        return real.c.finish(title=data.merchant.name), real.c.fields

    def draw(self) -> None:
        """Draw the whole receipt; the cursor ends below the last line."""
        raise NotImplementedError

    # -- helpers -------------------------------------------------------------------------------------------
    def t(self, text: str) -> str:
        """Upper-case a label when the style says so."""
        return text.upper() if self.s.upper else text

    def next_line(self, factor: float = 1.0) -> float:
        self.c.y += self.lead * factor
        return self.c.y

    def center(self, text: str, *, bold: bool = False, size: float | None = None, field: str | None = None) -> None:
        self.next_line((size or self.s.size) / self.s.size)
        size = self.c.fit(text, self.c.content_width, size or self.s.size, bold)
        self.c.text(self.c.width / 2, self.c.y, text, align="center", bold=bold, size=size, field=field)

    def pair(self, left: str, right: str, *, bold: bool = False, size: float | None = None,
             field: str | None = None, left_field: str | None = None) -> None:
        """Text at the left margin and a value at the right margin on one line."""
        self.next_line((size or self.s.size) / self.s.size)
        box = self.c.text(self.c.left, self.c.y, left, bold=bold, size=size, field=left_field)
        if box.x1 + self.c.width_of(right, size, bold) + 6 > self.c.right:
            self.next_line((size or self.s.size) / self.s.size)  # no room: the value goes on its own line
        self.c.text(self.c.right, self.c.y, right, align="right", bold=bold, size=size, field=field)

    def separator(self) -> None:
        c, s = self.c, self.s
        self.next_line(0.8)
        if s.separator == "rule":
            c.line(c.left, c.y - s.size * 0.3, c.right, c.y - s.size * 0.3, width=0.4, color=INK, dashes="[1 1] 0")
        else:
            n = max(4, int(c.content_width / c.width_of(s.separator)))
            c.text(c.left, c.y, s.separator * n)

    def header(self) -> None:
        """Merchant name, address, phone and tax ID, centred."""
        d, f = self.d, self.f
        name_size = self.s.size * 1.35
        self.center(d.merchant.name, bold=True, size=name_size, field="merchant_name")
        if d.show_address:
            addr = d.merchant.address
            if self.s.address_one_line:
                self.center(", ".join(addr.lines()), field="merchant_address")
            else:
                self.center(addr.street, field="merchant_address")
                self.center(addr.city_line, field="merchant_address")
        if d.merchant.phone:
            self.center(f"{f.label('phone')} {d.merchant.phone}")
        if d.merchant.vat_id:
            self.center(f"{f.label('vat_id')} {d.merchant.vat_id}")

    def when(self) -> None:
        """Date (and time), receipt number and cashier."""
        c, d, f = self.c, self.d, self.f
        self.next_line()
        box = c.text(c.left, c.y, f.date(d.when), field="date")
        if self.s.show_time:
            clock = "%I:%M %p" if f.locale.code == "en-US" else "%H:%M"
            box = c.text(box.x1 + c.width_of("  "), c.y, d.at.strftime(clock))
        number = f"{self.t(f.label('receipt_no'))} {d.receipt_no}"
        if box.x1 + c.width_of(number) + 8 > c.right:
            self.next_line()
        c.text(c.right, c.y, number, align="right")
        self.next_line()
        c.text(c.left, c.y, f"{self.t(f.label('cashier'))}: {d.cashier}")

    def vat_table(self) -> None:
        """Net / tax / gross summary for the one rate used."""
        d, f = self.d, self.f
        c = self.c
        net = d.total - d.tax
        heads = [f.label("net"), self.t(f.label("receipt_tax", rate="")), f.label("gross")]
        xs = [c.left, c.left + c.content_width * 0.45, c.left + c.content_width * 0.72, c.right]
        self.next_line()
        for x, head in zip(xs[1:], heads, strict=True):
            c.text(x, c.y, head.strip(), align="right", size=self.s.size * 0.9)
        self.next_line()
        c.text(xs[0], c.y, f"A {f.percent(d.tax_rate)}", size=self.s.size * 0.9)
        for x, value in zip(xs[1:], (net, d.tax, d.total), strict=True):
            c.text(x, c.y, f.amount(value), align="right", size=self.s.size * 0.9)

    def payment(self) -> None:
        """Cash and change, or the card used."""
        d, f = self.d, self.f
        if d.paid_cash:
            self.pair(self.t(f.label("cash")), f.amount(d.tendered))
            self.pair(self.t(f.label("change")), f.amount(d.tendered - d.total))
        else:
            self.pair(self.t(f.label("card")), f.amount(d.total))
            self.pair(f"**** **** **** {d.card_last4}", f"{f.label('auth_code')} {d.auth_code}")


@register_layout
class TillReceipt(ReceiptLayout):
    """Proportional or mono font, centred header, items with prices at the right edge, big total."""

    name: ClassVar[str] = "till"
    description: ClassVar[str] = "till roll: centred header, item / price lines, large total, payment, thanks"

    def draw(self) -> None:
        d, f, s = self.d, self.f, self.s
        self.header()
        self.separator()
        if s.date_first:
            self.when()
            self.separator()
        for line in d.lines:
            self.pair(line.description, f.amount(line.amount) + (" A" if s.show_vat_table else ""))
            if line.quantity > 1 and line.unit_price is not None:
                self.next_line(0.9)
                self.c.text(self.c.left + 8, self.c.y, f"{line.quantity} x {f.amount(line.unit_price)}",
                            size=s.size * 0.9)
        self.separator()
        if s.show_count:
            self.next_line()
            self.c.text(self.c.left, self.c.y, f.label("items_count", n=sum(li.quantity for li in d.lines)))
        total_label = self.t(f.label("receipt_total"))
        self.pair(f"{total_label}", f.money(d.total), bold=True, size=s.size * 1.3, field="total")
        self.payment()
        if s.show_vat_table:
            self.separator()
            self.vat_table()
        if not s.date_first:
            self.separator()
            self.when()
        self.next_line(0.6)
        self.center(f.label("receipt_thanks"))


@register_layout
class MonoTillReceipt(ReceiptLayout):
    """Every line padded with spaces to a fixed character width, like a thermal printer's text mode."""

    name: ClassVar[str] = "till_mono"
    description: ClassVar[str] = "fixed-width thermal printer text, padded columns, VAT letters, totals in caps"
    fonts: ClassVar[tuple[str, ...]] = ("courier", "dejavu-mono")

    @classmethod
    def choose_style(cls, rng: random.Random, locale: Locale) -> ReceiptStyle:
        style = super().choose_style(rng, locale)
        style.separator = rng.choice(("-", "=", "*"))
        return style

    def _cols(self) -> int:
        return max(20, int(self.c.content_width / self.c.width_of("0")))

    def row(self, left: str, right: str = "", *, bold: bool = False, field: str | None = None) -> None:
        """``left`` and ``right`` padded to the full line width (right text tagged as ``field``)."""
        n = self._cols()
        if right:
            left = left[: max(1, n - len(right) - 1)]
        self.next_line()
        if field is None:
            self.c.text(self.c.left, self.c.y, left + " " * (n - len(left) - len(right)) + right, bold=bold)
            return
        pad = left + " " * (n - len(left) - len(right))
        box = self.c.text(self.c.left, self.c.y, pad, bold=bold)
        self.c.text(box.x1, self.c.y, right, bold=bold, field=field)

    def draw(self) -> None:
        d, f, s = self.d, self.f, self.s
        n = self._cols()
        self.header()
        self.next_line(0.5)
        self.row(s.separator * n)
        if s.date_first:
            self.when()
            self.row(s.separator * n)
        code = f.currency
        self.row(code.rjust(n))
        for line in d.lines:
            desc = line.description.upper() if s.upper else line.description
            if line.quantity > 1 and line.unit_price is not None:
                self.row(f"  {line.quantity} x {f.amount(line.unit_price)}")
            self.row(desc, f"{f.amount(line.amount)} A")
        self.row("-" * n)
        self.row(f"{self.t(f.label('receipt_total'))} {code}", f.amount(d.total), bold=True, field="total")
        self.row(s.separator * n)
        if d.paid_cash:
            self.row(self.t(f.label("cash")), f.amount(d.tendered))
            self.row(self.t(f.label("change")), f.amount(d.tendered - d.total))
        else:
            self.row(self.t(f.label("card")), f.amount(d.total))
            self.row(f"{f.label('terminal')} {d.terminal_id}")
        if s.show_vat_table:
            net = d.total - d.tax
            self.row(f"A {f.percent(d.tax_rate)}", f"{f.amount(net)} {f.amount(d.tax)}")
        if not s.date_first:
            self.row(s.separator * n)
            self.when()
        self.next_line(0.5)
        self.center(self.t(f.label("receipt_thanks")))


@register_layout
class CardSlipReceipt(ReceiptLayout):
    """A card terminal slip: merchant, terminal data, the amount, no item lines."""

    name: ClassVar[str] = "card_slip"
    description: ClassVar[str] = "payment terminal slip: merchant, terminal and card data, one amount"
    widths_mm: ClassVar[tuple[float, ...]] = (58.0, 58.0, 80.0)

    def draw(self) -> None:
        d, f, s = self.d, self.f, self.s
        self.header()
        self.next_line(0.6)
        self.center(self.t(f.label("receipt_title")), bold=True)
        self.next_line(0.4)
        self.pair(f.label("terminal"), d.terminal_id)
        self.pair(f.label("receipt_no"), d.receipt_no)
        self.next_line()
        self.c.text(self.c.left, self.c.y, f.date(d.when), field="date")
        if s.show_time:
            self.c.text(self.c.right, self.c.y, d.at.strftime("%H:%M:%S"), align="right")
        self.next_line(0.5)
        self.center(self.t(f.label("card")), bold=True)
        self.center(f"**** **** **** {d.card_last4}")
        self.next_line(0.5)
        self.pair(self.t(f.label("receipt_total")), f"{f.currency} {f.amount(d.total)}", bold=True,
                  size=s.size * 1.4, field="total")
        self.next_line(0.5)
        self.pair(f.label("auth_code"), d.auth_code)
        self.center(self.t(f.label("approved")), bold=True)
        self.next_line(0.5)
        self.center(f.label("receipt_thanks"))

