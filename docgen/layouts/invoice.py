"""Invoice layout families.

Each family arranges the same blocks differently: where the vendor and the title sit, how the header
fields are labelled (label left of value, label above value, right-aligned block, boxed grid, inline), how
the table and the totals look, and what the footer carries. Within a family the style still varies (fonts,
sizes, colours, table style, columns, totals variant, distractors), so a held-out family is a genuinely new
arrangement, not a recolouring.
"""

from __future__ import annotations

import random
from typing import ClassVar

from docgen.canvas import WHITE, DocCanvas
from docgen.formatting import Formatter
from docgen.layouts.base import register_layout, tint
from docgen.layouts.invoice_base import GREY, InvoiceLayout, InvoiceStyle
from docgen.locales import Locale
from docgen.values import InvoiceOptions, TaxMode

__all__ = [
    "BandedInvoice",
    "BoxedInvoice",
    "ClassicInvoice",
    "LabelAboveInvoice",
    "LetterInvoice",
    "MinimalInvoice",
    "RightHeaderInvoice",
    "TwoColumnInvoice",
]


def _title(f: Formatter) -> str:
    return f.label("invoice_title")


def draw_logo(c: DocCanvas, x: float, y: float, name: str, color: tuple[float, float, float]) -> float:
    """A simple logo: the company's initials in a coloured rounded square. Returns its width."""
    side = 34.0
    initials = "".join(w[0] for w in name.split() if w[:1].isalpha() and w[0].isupper())[:3] or name[:2]
    c.rect(x, y, x + side, y + side, stroke=None, fill=color, radius=0.2)
    c.text(x + side / 2, y + side * 0.64, initials, bold=True, color=WHITE,
           size=c.fit(initials, side - 6, 13, True), align="center")
    return side


def company_footer(layout: InvoiceLayout, c: DocCanvas, y0: float, size: float, *, colon: bool = False) -> None:
    """Four columns of company data (address, contact, bank, registration) at ``y0``; text shrinks to fit."""
    v, f = layout.d.vendor, layout.f
    sep = ": " if colon else " "
    cols = [
        [v.name, v.address.street, v.address.city_line],
        [x for x in (f"{f.label('phone')}{sep}{v.phone}" if v.phone else "", v.email or "", v.website or "") if x],
        [x for x in (f"{f.label('bank')}{sep}{v.bank_name}" if v.bank_name else "",
                     v.iban if v.iban and v.iban.startswith(("Routing", "A/c")) else f"IBAN {v.iban}",
                     f"{f.label('bic')} {v.bic}" if v.bic else "") if x],
        [x for x in (f"{f.label('vat_id')}{sep}{v.vat_id}" if v.vat_id else "", v.reg_no or "") if x],
    ]
    w = c.content_width / len(cols)
    for k, lines in enumerate(cols):
        for j, line in enumerate(lines):
            fit = min(size, size * (w - 8) / max(1.0, c.width_of(line, size)))
            c.text(c.left + k * w, y0 + j * size * 1.3, line, size=fit, color=GREY)


@register_layout
class ClassicInvoice(InvoiceLayout):
    """Vendor top left, big title top right with label-left fields under it, bill-to on the left."""

    name: ClassVar[str] = "classic"
    description: ClassVar[str] = "vendor top-left, title and label: value block top-right, bill-to left"
    fonts: ClassVar[tuple[str, ...]] = ("helvetica", "dejavu-sans", "times")

    def header(self) -> None:
        c, s, d, f = self.c, self.s, self.d, self.f
        top = c.y
        y = top + s.size * 1.6
        x = c.left
        if s.logo:
            x += draw_logo(c, c.left, top, d.vendor.name, s.accent) + 10
        room = c.content_width - (x - c.left) - c.width_of(_title(f), s.title_size, bold=True) - 24
        c.text(x, y, d.vendor.name, bold=True, size=c.fit(d.vendor.name, room, s.size * 1.5, True),
               color=s.accent, field="vendor_name")
        for line in self.party_lines(d.vendor, details=s.vendor_details):
            y += s.size * 1.3
            c.text(x, y, line, size=s.size * 0.9, color=GREY)
        ty = top + s.title_size
        c.text(c.right, ty, _title(f), bold=True, size=s.title_size, align="right", color=s.accent)
        items = self.meta_items()
        meta_x = c.right - max(200.0, c.content_width * 0.4)
        my = self.meta_label_left(meta_x, ty + s.size * 0.5, items, right=c.right)
        y = max(y, my) + s.size * 2
        by = self.party_block(c.left, y, d.customer, title=f.label("bill_to"))
        if s.ship_to and d.ship_to:
            by = max(by, self.party_block(c.left + c.content_width * 0.45, y, d.ship_to, title=f.label("ship_to")))
        c.y = by + s.size


@register_layout
class LabelAboveInvoice(InvoiceLayout):
    """Title top left, vendor right-aligned top right, a row of label-above cells, parties label-above."""

    name: ClassVar[str] = "label_above"
    description: ClassVar[str] = "title left, vendor right-aligned, header fields as small labels above values"
    fonts: ClassVar[tuple[str, ...]] = ("dejavu-sans", "helvetica", "dejavu-condensed")
    table_styles: ClassVar[tuple[str, ...]] = ("zebra", "header_fill", "rules")
    totals_styles: ClassVar[tuple[str, ...]] = ("strip", "stack", "boxed")

    def header(self) -> None:
        c, s, d, f = self.c, self.s, self.d, self.f
        top = c.y
        c.text(c.left, top + s.title_size, _title(f), bold=True, size=s.title_size)
        y = top + s.size * 1.2
        c.text(c.right, y, d.vendor.name, bold=True, align="right", size=s.size * 1.15, field="vendor_name")
        for line in self.party_lines(d.vendor, details=s.vendor_details):
            y += s.size * 1.3
            c.text(c.right, y, line, align="right", size=s.size * 0.9, color=GREY)
        y = max(y, top + s.title_size) + s.size * 2.2
        items = self.meta_items()
        per_row = min(len(items), 4 if c.content_width < 540 else 5)
        y = self.meta_label_above(c.left, y, items, c.content_width, per_row=per_row,
                                  fill=tint(s.accent, 0.92) if s.table != "rules" else None)
        y += s.size * 1.2
        small = s.size * 0.75
        c.text(c.left, y + small, f.label("bill_to").upper(), size=small, color=GREY)
        by = self.party_block(c.left, y + small, d.customer)
        if s.ship_to and d.ship_to:
            x2 = c.left + c.content_width / 2
            c.text(x2, y + small, f.label("ship_to").upper(), size=small, color=GREY)
            by = max(by, self.party_block(x2, y + small, d.ship_to))
        c.y = by + s.size


@register_layout
class RightHeaderInvoice(InvoiceLayout):
    """Vendor centred over a rule; customer left; a right-aligned block of fields under a right-aligned title."""

    name: ClassVar[str] = "right_header"
    description: ClassVar[str] = "centred letterhead, customer left, right-aligned field block"
    fonts: ClassVar[tuple[str, ...]] = ("times", "dejavu-serif", "helvetica")
    totals_styles: ClassVar[tuple[str, ...]] = ("stack", "boxed")

    def header(self) -> None:
        c, s, d, f = self.c, self.s, self.d, self.f
        mid = c.width / 2
        y = c.y + s.size * 2
        c.text(mid, y, d.vendor.name, bold=True, size=s.size * 1.8, align="center", field="vendor_name")
        contact = [d.vendor.address.street, d.vendor.address.city_line]
        if d.vendor.phone:
            contact.append(f"{f.label('phone')} {d.vendor.phone}")
        y += s.size * 1.5
        c.text(mid, y, "  ·  ".join(contact), size=s.size * 0.85, align="center", color=GREY)
        if d.vendor.vat_id and "vat_id" in s.vendor_details:
            y += s.size * 1.2
            c.text(mid, y, f"{f.label('vat_id')} {d.vendor.vat_id}", size=s.size * 0.85, align="center", color=GREY)
        y += s.size
        c.line(c.left, y, c.right, y, width=1.0, color=s.accent)
        y += s.size * 1.5
        by = self.party_block(c.left, y, d.customer, title=f.label("bill_to"))
        c.text(c.right, y + s.title_size, _title(f), bold=True, size=s.title_size * 0.85, align="right")
        items = self.meta_items()
        value_w = max(c.width_of(i.value) for i in items)
        my = y + s.title_size + s.size * 0.4
        for item in items:
            my += s.size * 1.45
            c.text(c.right - value_w - 12, my, f"{item.label}:", align="right", color=GREY)
            c.text(c.right, my, item.value, align="right", field=item.field)
        c.y = max(by, my) + s.size


@register_layout
class BoxedInvoice(InvoiceLayout):
    """Everything in boxes: letterhead box, boxed field grid, boxed addresses, grid table, boxed totals."""

    name: ClassVar[str] = "boxed"
    description: ClassVar[str] = "boxed letterhead and field grid, full-grid table, boxed totals"
    fonts: ClassVar[tuple[str, ...]] = ("helvetica", "dejavu-condensed", "dejavu-sans")
    table_styles: ClassVar[tuple[str, ...]] = ("grid",)
    totals_styles: ClassVar[tuple[str, ...]] = ("boxed", "strip")

    def header(self) -> None:
        c, s, d, f = self.c, self.s, self.d, self.f
        top = c.y
        lines = self.party_lines(d.vendor, details=s.vendor_details[:2])
        h = s.size * (2.4 + 1.3 * len(lines)) + 8
        c.rect(c.left, top, c.right, top + h, stroke=GREY, width=0.8)
        y = top + s.size * 1.8
        c.text(c.left + 8, y, d.vendor.name, bold=True, size=s.size * 1.3, field="vendor_name")
        for line in lines:
            y += s.size * 1.3
            c.text(c.left + 8, y, line, size=s.size * 0.9)
        title_y = top + h / 2 + s.title_size * 0.35
        c.text(c.right - 10, title_y, _title(f), bold=True, size=s.title_size, align="right", color=s.accent)
        y = top + h + s.size
        items = self.meta_items()
        y = self.meta_label_above(c.left, y, items, c.content_width, per_row=min(4, len(items)), boxed=True,
                                  upper=False)
        y += s.size
        box_w = c.content_width / 2 - 5
        party_h = s.size * (3.2 + 1.35 * len(self.party_lines(d.customer)))
        c.rect(c.left, y, c.left + box_w, y + party_h, stroke=GREY)
        self.party_block(c.left + 6, y - s.size * 0.2, d.customer, title=f.label("bill_to"))
        if s.ship_to and d.ship_to:
            x2 = c.right - box_w
            c.rect(x2, y, c.right, y + party_h, stroke=GREY)
            self.party_block(x2 + 6, y - s.size * 0.2, d.ship_to, title=f.label("ship_to"))
        c.y = y + party_h


@register_layout
class MinimalInvoice(InvoiceLayout):
    """Plain text, no rules or colours: lines like a typed letter or a text export."""

    name: ClassVar[str] = "minimal"
    description: ClassVar[str] = "plain text, inline fields, unruled table, inline totals"
    fonts: ClassVar[tuple[str, ...]] = ("courier", "dejavu-mono", "times")
    table_styles: ClassVar[tuple[str, ...]] = ("plain",)
    totals_styles: ClassVar[tuple[str, ...]] = ("inline", "stack")
    size_range: ClassVar[tuple[float, float]] = (8.5, 9.5)
    tax_modes: ClassVar[tuple[tuple[TaxMode, float], ...]] = (
        (TaxMode.NET, 0.55), (TaxMode.GROSS, 0.15), (TaxMode.NONE, 0.3))

    @classmethod
    def choose_style(cls, rng: random.Random, locale: Locale, options: InvoiceOptions) -> InvoiceStyle:
        style = super().choose_style(rng, locale, options)
        style.accent = (0.0, 0.0, 0.0)
        return style

    def header(self) -> None:
        c, s, d, f = self.c, self.s, self.d, self.f
        y = c.y + s.size
        c.text(c.left, y, d.vendor.name, field="vendor_name", bold=s.typeface.name != "courier")
        for line in self.party_lines(d.vendor, details=s.vendor_details[:2]):
            y += s.size * 1.3
            c.text(c.left, y, line)
        y += s.size * 2.6
        head = f"{_title(f)} "
        box = c.text(c.left, y, head, bold=True, size=s.size * 1.2)
        c.text(box.x1, y, d.number, bold=True, size=s.size * 1.2, field="invoice_number")
        items = [i for i in self.meta_items() if i.field != "invoice_number"]
        y = self.meta_label_left(c.left, y + s.size * 0.3, items, gap=6)
        y += s.size * 1.2
        y = self.party_block(c.left, y, d.customer, title=f"{f.label('bill_to')}:")
        c.y = y + s.size
        c.line(c.left, c.y + s.size * 0.6, c.right, c.y + s.size * 0.6, width=0.4, dashes="[2 2] 0")


@register_layout
class TwoColumnInvoice(InvoiceLayout):
    """Title, then From and Bill-to side by side, then a coloured band of fields, a footer of company data."""

    name: ClassVar[str] = "two_column"
    description: ClassVar[str] = "from / bill-to columns, coloured band of fields, company-data footer"
    fonts: ClassVar[tuple[str, ...]] = ("dejavu-sans", "helvetica", "dejavu-serif")
    totals_styles: ClassVar[tuple[str, ...]] = ("stack", "boxed", "strip")

    @classmethod
    def choose_style(cls, rng: random.Random, locale: Locale, options: InvoiceOptions) -> InvoiceStyle:
        style = super().choose_style(rng, locale, options)
        left, top, right, _bottom = style.margin
        style.margin = (left, top, right, 96.0)
        style.show_bank = False  # the footer carries the bank details
        return style

    def header(self) -> None:
        c, s, d, f = self.c, self.s, self.d, self.f
        y = c.y + s.title_size
        c.text(c.left, y, _title(f), bold=True, size=s.title_size, color=s.accent)
        y += s.size
        col2 = c.left + c.content_width / 2 + 10
        ay = self.party_block(c.left, y, d.vendor, title=f.label("from"), details=s.vendor_details[:2],
                              name_field="vendor_name")
        by = self.party_block(col2, y, d.customer, title=f.label("bill_to"))
        y = max(ay, by) + s.size * 1.5
        items = self.meta_items()
        band_h = s.size * 3.3
        c.rect(c.left, y, c.right, y + band_h, stroke=None, fill=s.accent)
        cell_w = c.content_width / max(1, len(items))
        for k, item in enumerate(items):
            x = c.left + k * cell_w + 6
            c.text(x, y + s.size * 1.25, item.label, size=c.fit(item.label, cell_w - 10, s.size * 0.75),
                   color=tint(s.accent, 0.7))
            c.text(x, y + s.size * 2.6, item.value, bold=True, color=WHITE, field=item.field,
                   size=c.fit(item.value, cell_w - 10, bold=True))
        c.y = y + band_h

    def footer(self, c: DocCanvas, page_no: int, pages: int) -> None:
        super().footer(c, page_no, pages)
        s = self.s
        small = s.size * 0.72
        y0 = c.bottom + s.size * 1.6
        c.line(c.left, y0 - small * 1.4, c.right, y0 - small * 1.4, width=0.4, color=GREY)
        company_footer(self, c, y0, small)


@register_layout
class LetterInvoice(InvoiceLayout):
    """A business letter: return line over the address window, info block right, subject, prose, footer."""

    name: ClassVar[str] = "letter"
    description: ClassVar[str] = "DIN-style business letter with subject line, prose and due date in a sentence"
    fonts: ClassVar[tuple[str, ...]] = ("helvetica", "times", "dejavu-serif", "dejavu-sans")
    totals_styles: ClassVar[tuple[str, ...]] = ("stack", "boxed")
    table_styles: ClassVar[tuple[str, ...]] = ("rules", "plain", "zebra")

    @classmethod
    def choose_style(cls, rng: random.Random, locale: Locale, options: InvoiceOptions) -> InvoiceStyle:
        style = super().choose_style(rng, locale, options)
        left, top, right, _bottom = style.margin
        style.margin = (max(left, 56.0), top, right, 92.0)
        # the due date goes into a sentence instead of the info block
        style.meta_keys = tuple(k for k in style.meta_keys if k != "due_date")
        style.terms_text = False
        style.show_bank = False
        return style

    def header(self) -> None:
        c, s, d, f = self.c, self.s, self.d, self.f
        c.text(c.right, c.y + s.size * 1.8, d.vendor.name, bold=True, size=s.size * 1.6, align="right",
               color=s.accent, field="vendor_name")
        window_y = max(c.y + 80, 125.0)
        ret = f"{d.vendor.name} · {d.vendor.address.street} · {d.vendor.address.city_line}"
        c.text(c.left, window_y, ret, size=s.size * 0.65, color=GREY)
        c.line(c.left, window_y + 2, c.left + c.width_of(ret, s.size * 0.65), window_y + 2, width=0.3, color=GREY)
        y = window_y + s.size * 0.5
        y += s.size * 1.35
        c.text(c.left, y, d.customer.name)
        for line in self.party_lines(d.customer):
            y += s.size * 1.35
            c.text(c.left, y, line)
        info_x = c.left + c.content_width * 0.6
        iy = self.meta_label_left(info_x, window_y - s.size, self.meta_items(), right=c.right)
        c.y = max(y, iy) + s.size * 3
        before, after = f.label_around("subject", "number")
        box = c.text(c.left, c.y, before, bold=True, size=s.size * 1.2)
        box = c.text(box.x1, c.y, d.number, bold=True, size=s.size * 1.2, field="invoice_number")
        c.text(box.x1, c.y, after, bold=True, size=s.size * 1.2)
        c.y += s.size * 1.5
        c.paragraph(c.left, f.label("salutation"), c.content_width)
        c.y += s.size * 0.6
        c.paragraph(c.left, f.label("intro"), c.content_width)

    def notes(self) -> None:
        super().notes()
        c, s, d, f = self.c, self.s, self.d, self.f
        c.y += s.size * 1.2
        if d.due_date is not None:
            before, after = f.label_around("pay_by", "date")
            box = c.text(c.left, c.y, before)
            box = c.text(box.x1, c.y, f.date(d.due_date), field="due_date")
            c.text(box.x1, c.y, after)
        else:
            c.text(c.left, c.y, f.label("payment_terms", days=d.payment_days))
        c.y += s.size * 2.4
        c.text(c.left, c.y, f.label("regards"))
        c.y += s.size * 1.4
        c.text(c.left, c.y, d.vendor.contact or d.vendor.name)

    def footer(self, c: DocCanvas, page_no: int, pages: int) -> None:
        s, f = self.s, self.f
        small = s.size * 0.7
        company_footer(self, c, c.bottom + s.size * 1.5, small, colon=True)
        if pages > 1 or s.page_numbers:
            c.text(c.right, c.top - 12, f.label("page", n=page_no, total=pages), size=small, align="right",
                   color=GREY)


@register_layout
class BandedInvoice(InvoiceLayout):
    """A full-width coloured band with the vendor and title in white, fields right, a coloured table head."""

    name: ClassVar[str] = "banded"
    description: ClassVar[str] = "coloured top band with white vendor name and title, filled table header"
    fonts: ClassVar[tuple[str, ...]] = ("helvetica", "dejavu-sans", "dejavu-condensed")
    table_styles: ClassVar[tuple[str, ...]] = ("header_fill", "zebra")
    totals_styles: ClassVar[tuple[str, ...]] = ("boxed", "stack", "strip")

    def header(self) -> None:
        c, s, d, f = self.c, self.s, self.d, self.f
        band_h = s.title_size * 2.6
        c.rect(0, 0, c.width, band_h, stroke=None, fill=s.accent)
        room = c.content_width - c.width_of(_title(f), s.title_size, bold=True) - 24
        c.text(c.left, band_h * 0.55, d.vendor.name, bold=True, size=c.fit(d.vendor.name, room, s.size * 1.6, True),
               color=WHITE, field="vendor_name")
        c.text(c.left, band_h * 0.55 + s.size * 1.4, d.vendor.address.city_line, size=s.size * 0.85,
               color=tint(s.accent, 0.75))
        c.text(c.right, band_h * 0.62, _title(f), bold=True, size=s.title_size, color=WHITE, align="right")
        y = band_h + s.size
        items = self.meta_items()
        my = self.meta_label_left(c.left + c.content_width * 0.55, y, items, right=c.right, bold_labels=True)
        by = self.party_block(c.left, y, d.customer, title=f.label("bill_to"))
        c.y = max(my, by) + s.size

    def footer(self, c: DocCanvas, page_no: int, pages: int) -> None:
        s, d, f = self.s, self.d, self.f
        h = s.size * 2.4
        c.rect(0, c.height - h, c.width, c.height, stroke=None, fill=tint(s.accent, 0.85))
        v = d.vendor
        bits = [x for x in (v.phone, v.email, v.website) if x]
        c.text(c.left, c.height - h * 0.4, "  |  ".join(bits), size=s.size * 0.75)
        if pages > 1 or s.page_numbers:
            c.text(c.right, c.height - h * 0.4, f.label("page", n=page_no, total=pages), size=s.size * 0.75,
                   align="right")
