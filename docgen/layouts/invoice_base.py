"""Building blocks shared by the invoice layout families.

:class:`InvoiceLayout` draws an invoice in stages (header, table, totals, notes, footer); families override
the stages and pick their own style ranges. The table flows over pages: when a row does not fit, the page
may end with a "carried forward" subtotal, the next page starts with a short continuation header and the
repeated table header, and the totals come after the last row.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import Decimal
from typing import ClassVar

from docgen.canvas import BLACK, RGB, DocCanvas, Typeface
from docgen.formatting import Formatter
from docgen.identity import Party
from docgen.layouts.base import ACCENTS, LayoutFamily, pick_typeface, tint
from docgen.locales import Locale
from docgen.values import InvoiceData, InvoiceOptions, TaxMode

__all__ = ["Column", "InvoiceLayout", "InvoiceStyle", "MetaItem"]

GREY: RGB = (0.42, 0.42, 0.42)

DISTRACTOR_KEYS = ("po_number", "customer_number", "order_date", "delivery_date")
VENDOR_DETAIL_KEYS = ("phone", "email", "website", "vat_id", "reg_no")


@dataclass
class InvoiceStyle:
    """Per-document choices for an invoice layout."""

    typeface: Typeface
    size: float
    accent: RGB
    page: tuple[float, float]
    margin: tuple[float, float, float, float]
    table: str  # grid | rules | zebra | plain | header_fill
    totals: str  # stack | boxed | strip | inline
    columns: tuple[str, ...]
    table_money: bool  # amounts in the table carry the currency
    meta_keys: tuple[str, ...]
    vendor_details: tuple[str, ...]
    show_bank: bool
    ship_to: bool
    page_numbers: bool
    carry_forward: bool
    continued_note: bool
    account_summary: bool
    currency_place: str  # where a bare currency is named: column | meta | note
    terms_text: bool
    thank_you: bool
    title_size: float
    logo: bool = False
    fine_print: bool = False


@dataclass(frozen=True)
class Column:
    """A table column: key, header text, width and alignment."""

    key: str
    header: str
    width: float
    align: str  # left | right | center


@dataclass(frozen=True)
class MetaItem:
    """A label/value pair in the invoice's header block; ``field`` names the truth value it shows."""

    label: str
    value: str
    field: str | None = None


class InvoiceLayout(LayoutFamily):
    """Shared drawing code; families override the stages and the class-level style ranges."""

    doc_type: ClassVar[str] = "invoice"
    fonts: ClassVar[tuple[str, ...]] = ()
    table_styles: ClassVar[tuple[str, ...]] = ("rules", "grid", "zebra", "plain", "header_fill")
    totals_styles: ClassVar[tuple[str, ...]] = ("stack", "boxed", "strip")
    size_range: ClassVar[tuple[float, float]] = (8.5, 10.0)
    tax_modes: ClassVar[tuple[tuple[TaxMode, float], ...]] = (
        (TaxMode.NET, 0.75), (TaxMode.GROSS, 0.12), (TaxMode.NONE, 0.13))

    # -- style ---------------------------------------------------------------------------------------------
    @classmethod
    def options(cls, rng: random.Random) -> InvoiceOptions:
        """Draw what the invoice shows (quantity columns, due date, tax mode)."""
        modes, weights = zip(*cls.tax_modes, strict=True)
        return InvoiceOptions(show_quantity=rng.random() < 0.78, show_due_date=rng.random() < 0.75,
                              tax_mode=rng.choices(modes, weights=weights)[0])

    @classmethod
    def choose_style(cls, rng: random.Random, locale: Locale, options: InvoiceOptions) -> InvoiceStyle:
        """Draw this document's look within the family's ranges."""
        columns: list[str] = []
        if rng.random() < 0.35:
            columns.append("pos")
        if rng.random() < 0.2:
            columns.append("sku")
        columns.append("description")
        if options.show_quantity:
            columns.append("qty")
            if rng.random() < 0.35:
                columns.append("unit")
            columns.append("unit_price")
        if rng.random() < 0.15 and options.tax_mode is not TaxMode.NONE:
            columns.append("tax_rate")
        columns.append("amount")
        if rng.random() < 0.08:
            columns.append("balance")
        if options.show_quantity and rng.random() < 0.15:  # "Qty | Description" ordering
            columns.remove("qty")
            columns.insert(columns.index("description"), "qty")
        meta = ["invoice_number", "invoice_date"]
        if rng.random() < 0.3:
            meta.reverse()
        if options.show_due_date:
            meta.append("due_date")
        extra = [k for k in DISTRACTOR_KEYS if rng.random() < 0.35]
        for key in extra:
            meta.insert(rng.randint(1, len(meta)), key)
        w, h = locale.page_size
        if rng.random() < 0.1:
            w, h = (612.0, 792.0) if w < 600 else (595.28, 841.89)
        margin = rng.uniform(36, 62)
        return InvoiceStyle(
            typeface=pick_typeface(rng, cls.fonts), size=round(rng.uniform(*cls.size_range), 1),
            accent=rng.choice(ACCENTS), page=(w, h),
            margin=(margin, rng.uniform(36, 60), margin, rng.uniform(48, 64)),
            table=rng.choice(cls.table_styles), totals=rng.choice(cls.totals_styles), columns=tuple(columns),
            table_money=rng.random() < 0.3, meta_keys=tuple(meta),
            vendor_details=tuple(k for k in VENDOR_DETAIL_KEYS if rng.random() < 0.55),
            show_bank=rng.random() < 0.6, ship_to=rng.random() < 0.5, page_numbers=rng.random() < 0.45,
            carry_forward=rng.random() < 0.4, continued_note=rng.random() < 0.5,
            account_summary=rng.random() < 0.15, currency_place=rng.choice(("column", "meta", "note")),
            terms_text=rng.random() < 0.5, thank_you=rng.random() < 0.4, title_size=rng.uniform(16, 26),
            logo=rng.random() < 0.4, fine_print=rng.random() < 0.3,
        )

    def __init__(self, data: InvoiceData, fmt: Formatter, style: InvoiceStyle) -> None:
        self.d = data
        self.f = fmt
        self.s = style
        self.c = DocCanvas(style.page[0], style.page[1], style.typeface, size=style.size, margin=style.margin)
        self.columns: list[Column] = []
        self._multi_page = False

    # -- the whole document --------------------------------------------------------------------------------
    def render(self) -> bytes:
        """Draw the invoice and return PDF bytes."""
        self.header()
        self.before_table()
        self.table()
        self.after_table()
        return self.c.finish(self.footer, title=f"{self.f.label('invoice_title')} {self.d.number}")

    # stages families override
    def header(self) -> None:
        """Everything above the table on the first page."""
        raise NotImplementedError

    def before_table(self) -> None:
        """Anything between the header and the table (a salutation, a currency note)."""
        self.c.y += self.s.size * 1.5

    def after_table(self) -> None:
        """Totals and notes after the last row."""
        self.ensure_space(self.totals_height() + 20)
        self.c.y += self.s.size
        self.totals()
        self.notes()

    def continuation_header(self) -> None:
        """Top of pages 2 and after: who and which invoice, small."""
        c, f = self.c, self.f
        c.y = c.top + self.s.size
        c.text(c.left, c.y, self.d.vendor.name, bold=True, field="vendor_name")
        label = f"{f.label('invoice_number')}: "
        c.text(c.right - c.width_of(self.d.number), c.y, self.d.number, field="invoice_number")
        c.text(c.right - c.width_of(self.d.number), c.y, label, align="right", color=GREY)
        c.y += self.s.size * 0.8
        c.line(c.left, c.y, c.right, c.y, width=0.4, color=GREY)
        c.y += self.s.size * 1.6

    def footer(self, c: DocCanvas, page_no: int, pages: int) -> None:
        """Page numbers."""
        size = self.s.size * 0.8
        if self.s.page_numbers or pages > 1:
            c.text(c.right, c.height - c.bottom_margin / 2, self.f.label("page", n=page_no, total=pages), size=size,
                   align="right", color=GREY)

    # -- helpers -------------------------------------------------------------------------------------------
    def ensure_space(self, needed: float) -> None:
        """Start a new page (with the continuation header) unless ``needed`` points fit."""
        if self.c.y + needed > self.c.bottom:
            self.c.new_page()
            self._multi_page = True
            self.continuation_header()

    def meta_items(self) -> list[MetaItem]:
        """The header block's label/value pairs in this document's order."""
        d, f = self.d, self.f
        values: dict[str, MetaItem] = {
            "invoice_number": MetaItem(f.label("invoice_number"), d.number, "invoice_number"),
            "invoice_date": MetaItem(f.label("invoice_date"), f.date(d.invoice_date), "invoice_date"),
            "po_number": MetaItem(f.label("po_number"), d.po_number),
            "customer_number": MetaItem(f.label("customer_number"), d.customer_number),
            "order_date": MetaItem(f.label("order_date"), f.date(d.order_date)),
            "delivery_date": MetaItem(f.label("delivery_date"), f.date(d.delivery_date)),
        }
        if d.due_date is not None:
            values["due_date"] = MetaItem(f.label("due_date"), f.date(d.due_date), "due_date")
        items = [values[k] for k in self.s.meta_keys if k in values]
        if f.currency_stated_once and self.s.currency_place == "meta":
            items.append(MetaItem(f.label("currency"), f.currency, "currency"))
        return items

    def meta_label_left(self, x: float, y: float, items: list[MetaItem], *, right: float | None = None,
                        gap: float = 10, bold_labels: bool = False, colon: bool = True) -> float:
        """Labels in one column, values in the next (right-aligned at ``right`` if given). Returns the new y."""
        c = self.c
        suffix = ":" if colon else ""
        label_w = max((c.width_of(i.label + suffix, bold=bold_labels) for i in items), default=0)
        lead = self.s.size * 1.45
        for item in items:
            y += lead
            c.text(x, y, item.label + suffix, bold=bold_labels, color=GREY if not bold_labels else BLACK)
            if right is not None:
                c.text(right, y, item.value, align="right", field=item.field)
            else:
                c.text(x + label_w + gap, y, item.value, field=item.field)
        return y

    def meta_label_above(self, x: float, y: float, items: list[MetaItem], width: float, *, per_row: int = 4,
                         boxed: bool = False, fill: RGB | None = None, upper: bool = True) -> float:
        """A grid of cells, small label above value. Returns the y below the grid."""
        c = self.c
        small = self.s.size * 0.75
        cell_w = width / per_row
        row_h = small + self.s.size * 1.9
        for i, item in enumerate(items):
            col, row = i % per_row, i // per_row
            x0, y0 = x + col * cell_w, y + row * row_h
            if boxed or fill:
                c.rect(x0, y0, x0 + cell_w, y0 + row_h, stroke=GREY if boxed else None, fill=fill, width=0.5)
            label = item.label.upper() if upper else item.label
            c.text(x0 + 4, y0 + small + 3, label, size=c.fit(label, cell_w - 8, small), color=GREY)
            c.text(x0 + 4, y0 + small + 4 + self.s.size * 1.15, item.value, bold=True, field=item.field,
                   size=c.fit(item.value, cell_w - 10, bold=True))
        rows = (len(items) + per_row - 1) // per_row
        return y + rows * row_h

    def party_lines(self, party: Party, *, details: tuple[str, ...] = (), country: bool = False) -> list[str]:
        """Address (and chosen contact/tax details) of a party, one string per printed line."""
        lines = []
        if party.contact:
            lines.append(f"Attn: {party.contact}" if self.f.locale.language == "en" else party.contact)
        lines += party.address.lines(with_country=country)
        labels = {"phone": "phone", "email": "email", "vat_id": "vat_id", "reg_no": "reg_no"}
        for key in details:
            value = getattr(party, key, None)
            if not value:
                continue
            if key == "website":
                lines.append(value)
            else:
                lines.append(f"{self.f.label(labels[key])}: {value}" if key != "reg_no" or not value[0].isdigit()
                             else f"{self.f.label('reg_no')} {value}")
        return lines

    def party_block(self, x: float, y: float, party: Party, *, title: str | None = None, align: str = "left",
                    details: tuple[str, ...] = (), name_field: str | None = None, name_size: float | None = None,
                    country: bool = False) -> float:
        """Optional title, bold name, address lines. Returns the y of the last line."""
        c = self.c
        lead = self.s.size * 1.35
        if title:
            y += lead
            c.text(x, y, title, size=self.s.size * 0.85, bold=True, color=GREY, align=align)
        y += (name_size or self.s.size) * 1.35
        c.text(x, y, party.name, bold=True, size=name_size, align=align, field=name_field)
        for line in self.party_lines(party, details=details, country=country):
            y += lead
            c.text(x, y, line, align=align)
        return y

    # -- table ---------------------------------------------------------------------------------------------
    def _header_text(self, key: str) -> str:
        f = self.f
        if key == "amount" and f.currency_stated_once and self.s.currency_place == "column":
            return f"{f.label('amount')} ({f.currency})"
        return {"pos": f.label("position"), "sku": f.label("sku"), "description": f.label("description"),
                "qty": f.label("quantity"), "unit": f.label("unit"), "unit_price": f.label("unit_price"),
                "tax_rate": f.label("tax_rate_col"), "amount": f.label("amount"),
                "balance": f.label("balance_col")}[key]

    def _money_cell(self, value: Decimal) -> str:
        return self.f.money(value) if self.s.table_money else self.f.amount(value)

    def _cells(self, i: int) -> dict[str, tuple[str, str | None]]:
        li = self.d.lines[i]
        f = self.f
        running = sum((x.amount for x in self.d.lines[: i + 1]), Decimal(0))
        return {
            "pos": (str(i + 1), None),
            "sku": (li.sku, None),
            "description": (li.description, f"line_items[{i}].description"),
            "qty": (f.quantity(li.quantity) if li.quantity is not None else "", f"line_items[{i}].quantity"),
            "unit": (li.unit, None),
            "unit_price": (self._money_cell(li.unit_price) if li.unit_price is not None else "",
                           f"line_items[{i}].unit_price"),
            "tax_rate": (f.percent(li.tax_rate) if li.tax_rate is not None else "", None),
            "amount": (self._money_cell(li.amount), f"line_items[{i}].amount"),
            "balance": (self._money_cell(running), None),
        }

    def layout_columns(self, x0: float | None = None, x1: float | None = None) -> list[Column]:
        """Fit column widths to their content; the description takes the rest (optional columns drop)."""
        c = self.c
        x0 = c.left if x0 is None else x0
        x1 = c.right if x1 is None else x1
        keys = list(self.s.columns)
        pad = 10.0
        while True:
            widths: dict[str, float] = {}
            for key in keys:
                if key == "description":
                    continue
                texts = [self._header_text(key)] + [self._cells(i)[key][0] for i in range(len(self.d.lines))]
                widths[key] = max(c.width_of(t, bold=(t == texts[0])) for t in texts) + pad
            rest = (x1 - x0) - sum(widths.values())
            optional = [k for k in ("balance", "sku", "tax_rate", "unit", "pos") if k in keys]
            if rest >= (x1 - x0) * 0.34 or not optional:
                break
            keys.remove(optional[0])
        aligns = {"pos": "left", "sku": "left", "description": "left", "unit": "left", "qty": "right",
                  "unit_price": "right", "tax_rate": "right", "amount": "right", "balance": "right"}
        return [Column(k, self._header_text(k), widths.get(k, max(rest, 60.0)), aligns[k]) for k in keys]

    def table_header(self) -> None:
        """The column headings at the cursor."""
        c, s = self.c, self.s
        h = s.size * 2.0
        x = self.table_x0
        fill = {"header_fill": s.accent, "zebra": tint(s.accent, 0.82), "grid": tint(s.accent, 0.88)}.get(s.table)
        text_color = BLACK if s.table != "header_fill" else (1.0, 1.0, 1.0)
        if fill:
            c.rect(self.table_x0, c.y, self.table_x1, c.y + h, stroke=GREY if s.table == "grid" else None, fill=fill)
        for col in self.columns:
            tx = x + 4 if col.align == "left" else x + col.width - 4
            c.text(tx, c.y + h * 0.65, col.header, bold=True, align=col.align, color=text_color,
                   size=s.size * 0.95)
            if s.table == "grid":
                c.rect(x, c.y, x + col.width, c.y + h, stroke=GREY, width=0.5)
            x += col.width
        if s.table in {"rules", "plain"}:
            c.line(self.table_x0, c.y + h, self.table_x1, c.y + h, width=0.9 if s.table == "rules" else 0.5)
        c.y += h

    def table(self) -> None:
        """All line rows, breaking pages as needed."""
        c, s = self.c, self.s
        self.table_x0, self.table_x1 = c.left, c.right
        self.columns = self.layout_columns(self.table_x0, self.table_x1)
        self.table_header()
        lead = s.size * 1.3
        running = Decimal(0)
        desc_w = next(col.width for col in self.columns if col.key == "description") - 8
        for i, _line in enumerate(self.d.lines):
            cells = self._cells(i)
            desc_lines = c.wrap(cells["description"][0], desc_w)
            row_h = len(desc_lines) * lead + s.size * 0.8
            reserve = s.size * (1.5 * s.carry_forward + 1.5 * s.continued_note) + s.size * 0.5
            if c.y + row_h + reserve > c.bottom:
                self.page_break_in_table(running)
            self.draw_row(i, cells, desc_lines, row_h, lead)
            running += self.d.lines[i].amount
        if s.table == "grid" or s.table == "rules":
            c.line(self.table_x0, c.y, self.table_x1, c.y, width=0.8)

    def draw_row(self, i: int, cells: dict[str, tuple[str, str | None]], desc_lines: list[str], row_h: float,
                 lead: float) -> None:
        """One table row at the cursor."""
        c, s = self.c, self.s
        if s.table == "zebra" and i % 2 == 1:
            c.rect(self.table_x0, c.y, self.table_x1, c.y + row_h, stroke=None, fill=tint(s.accent, 0.92))
        x = self.table_x0
        base = c.y + s.size * 0.4 + lead * 0.85
        for col in self.columns:
            text, field = cells[col.key]
            if col.key == "description":
                for k, part in enumerate(desc_lines):
                    # the truth is the whole description; a wrapped one is recorded once per printed part
                    c.text(x + 4, base + k * lead, part, field=field)
            else:
                tx = x + 4 if col.align == "left" else x + col.width - 4
                c.text(tx, base, text, align=col.align, field=field)
            if s.table == "grid":
                c.rect(x, c.y, x + col.width, c.y + row_h, stroke=GREY, width=0.5)
            x += col.width
        if s.table == "rules":
            c.line(self.table_x0, c.y + row_h, self.table_x1, c.y + row_h, width=0.3, color=GREY)
        c.y += row_h

    def page_break_in_table(self, running: Decimal) -> None:
        """End the page inside the table, start the next one with the table header again."""
        c, s, f = self.c, self.s, self.f
        if s.carry_forward:
            c.y += s.size * 1.4
            box = c.text(self.table_x1 - 4, c.y, self._money_cell(running), align="right", bold=True)
            c.text(box.x0 - 16, c.y, f.label("carried_forward"), align="right")
        if s.continued_note:
            c.y += s.size * 1.5
            c.text(self.table_x1, c.y, f.label("continued"), size=s.size * 0.8, color=GREY, align="right")
        c.new_page()
        self._multi_page = True
        self.continuation_header()
        self.table_header()
        if s.carry_forward:
            c.y += s.size * 1.4
            c.text(self.table_x1 - 4, c.y, self._money_cell(running), align="right")
            c.text(self.table_x0 + 4, c.y, f.label("brought_forward"), color=GREY)
            c.y += s.size * 0.6

    # -- totals --------------------------------------------------------------------------------------------
    def total_rows(self) -> list[tuple[str, str, str | None, bool]]:
        """(label, value, field, strong) rows of the totals block."""
        d, f = self.d, self.f
        rows: list[tuple[str, str, str | None, bool]] = []
        rate = f.percent(d.tax_rate)
        if d.tax_mode is TaxMode.NET and d.tax_breakdown:
            assert d.subtotal is not None and d.tax is not None
            rows.append((f.label("subtotal"), f.money(d.subtotal), "subtotal", False))
            for r, _base, amount in d.tax_breakdown:
                rows.append((f.label("tax", rate=f.percent(r)), f.money(amount), None, False))
            rows.append((f.label("tax_plain"), f.money(d.tax), "tax", False))
            rows.append((f.label("total"), f.money(d.total), "total", True))
        elif d.tax_mode is TaxMode.NET:
            assert d.subtotal is not None and d.tax is not None
            rows.append((f.label("subtotal"), f.money(d.subtotal), "subtotal", False))
            rows.append((f.label("tax", rate=rate), f.money(d.tax), "tax", False))
            rows.append((f.label("total"), f.money(d.total), "total", True))
        elif d.tax_mode is TaxMode.GROSS:
            assert d.tax is not None
            rows.append((f.label("total"), f.money(d.total), "total", True))
            rows.append((f.label("incl_tax", rate=rate), f.money(d.tax), "tax", False))
        else:
            rows.append((f.label("total"), f.money(d.total), "total", True))
        return rows

    def totals_height(self) -> float:
        """Room the totals block and the notes under it need."""
        n = len(self.total_rows()) + (4 if self.s.account_summary else 0)
        return n * self.s.size * 1.9 + self.s.size * 8

    def totals(self) -> None:
        """The totals block in this document's style."""
        style = self.s.totals
        if style == "boxed":
            self.totals_boxed()
        elif style == "strip":
            self.totals_strip()
        elif style == "inline":
            self.totals_inline()
        else:
            self.totals_stack()
        if self.s.account_summary and self.d.previous_balance > 0:
            self.account_summary()

    def totals_stack(self, value_x: float | None = None, label_x: float | None = None) -> None:
        """Right-aligned label/value rows, the total bold with a rule above."""
        c, s = self.c, self.s
        value_x = value_x or c.right - 4
        label_x = label_x or value_x - max(110.0, max(c.width_of(r[1], bold=True) for r in self.total_rows()) + 24)
        for label, value, field, strong in self.total_rows():
            c.y += s.size * (1.8 if strong else 1.5)
            if strong and s.table != "plain":
                c.line(label_x - c.width_of(label, bold=True) - 4, c.y - s.size * 1.2, value_x, c.y - s.size * 1.2,
                       width=0.8)
            size = s.size * (1.1 if strong else 1.0)
            c.text(label_x, c.y, label, align="right", bold=strong, size=size)
            c.text(value_x, c.y, value, align="right", bold=strong, size=size, field=field)

    def totals_boxed(self) -> None:
        """Rows in a bordered box under the last columns; the total row shaded."""
        c, s = self.c, self.s
        rows = self.total_rows()
        value_w = max(c.width_of(r[1], bold=True) for r in rows) + 16
        label_w = max(c.width_of(r[0], bold=True) for r in rows) + 16
        x1 = c.right
        x0 = x1 - value_w - label_w
        h = s.size * 1.9
        c.y += s.size * 0.6
        for label, value, field, strong in rows:
            c.rect(x0, c.y, x1, c.y + h, stroke=GREY, fill=tint(s.accent, 0.85) if strong else None)
            c.line(x1 - value_w, c.y, x1 - value_w, c.y + h, color=GREY)
            c.text(x0 + 6, c.y + h * 0.66, label, bold=strong)
            c.text(x1 - 6, c.y + h * 0.66, value, align="right", bold=strong, field=field)
            c.y += h

    def totals_strip(self) -> None:
        """Totals side by side across the page, label above value."""
        c, s = self.c, self.s
        rows = self.total_rows()
        c.y += s.size * 0.8
        cell_w = min(150.0, c.content_width / len(rows))
        x = c.right - cell_w * len(rows)
        h = s.size * 3.2
        for label, value, field, strong in rows:
            c.rect(x, c.y, x + cell_w, c.y + h, stroke=GREY, fill=tint(s.accent, 0.85) if strong else None)
            c.text(x + cell_w - 6, c.y + s.size * 1.2, label, size=s.size * 0.8, color=GREY, align="right")
            c.text(x + cell_w - 6, c.y + s.size * 2.6, value, bold=True, align="right", field=field,
                   size=s.size * (1.1 if strong else 1.0))
            x += cell_w
        c.y += h

    def totals_inline(self) -> None:
        """Plain lines: ``Label: value`` from the left, the total larger."""
        c, s = self.c, self.s
        for label, value, field, strong in self.total_rows():
            c.y += s.size * (2.0 if strong else 1.5)
            size = s.size * (1.25 if strong else 1.0)
            box = c.text(c.left, c.y, f"{label}: ", bold=strong, size=size)
            c.text(box.x1, c.y, value, bold=strong, size=size, field=field)

    def account_summary(self) -> None:
        """Previous balance, payments, this invoice, balance due: totals that are not this invoice's total."""
        c, s, d, f = self.c, self.s, self.d, self.f
        due = d.previous_balance - d.payments_received + d.total
        rows = [(f.label("previous_balance"), f.money(d.previous_balance)),
                (f.label("payments_received"), f.money(-d.payments_received)),
                (f.label("this_invoice"), f.money(d.total)), (f.label("balance_due"), f.money(due))]
        c.y += s.size * 1.5
        for k, (label, value) in enumerate(rows):
            c.y += s.size * 1.4
            c.text(c.left, c.y, label, bold=k == 3, size=s.size * 0.9)
            c.text(c.left + 190, c.y, value, align="right", bold=k == 3, size=s.size * 0.9)

    # -- notes ---------------------------------------------------------------------------------------------
    def notes(self) -> None:
        """Payment terms, the currency note, bank details and a thank-you line (as the style chose)."""
        c, s, d, f = self.c, self.s, self.d, self.f
        c.y += s.size * 1.5
        small = s.size * 0.9
        if f.currency_stated_once and s.currency_place == "note":
            c.y += small * 1.4
            note = f.currency_note()
            head, _, _ = note.partition(f.currency)
            box = c.text(c.left, c.y, head, size=small)
            c.text(box.x1, c.y, f.currency, size=small, field="currency")
        if d.tax_mode is TaxMode.NONE and f.locale.language in {"de", "en"} and s.terms_text:
            c.y += small * 1.4
            c.text(c.left, c.y, "Gemäß § 19 UStG wird keine Umsatzsteuer berechnet." if f.locale.language == "de"
                   else "No VAT charged: supplier not VAT registered.", size=small, color=GREY)
        if s.terms_text:
            c.y += small * 1.4
            c.text(c.left, c.y, f.label("payment_terms", days=d.payment_days), size=small)
        if s.show_bank and d.vendor.iban:
            c.y += small * 1.4
            bank = f"{f.label('bank')}: {d.vendor.bank_name}  ·  {self._iban_text()}"
            for part in c.wrap(bank, c.content_width, small):
                c.text(c.left, c.y, part, size=small)
                c.y += small * 1.3
        if s.thank_you:
            c.y += small * 1.6
            c.text(c.left, c.y, f.label("thank_you"), size=small, bold=True, color=s.accent)
        if s.fine_print:
            c.y += small * 0.8
            c.paragraph(c.left, f.label("fine_print"), c.content_width, size=small * 0.85, color=GREY)

    def _iban_text(self) -> str:
        v = self.d.vendor
        if v.iban and v.iban.startswith(("Routing", "A/c")):
            return v.iban
        text = f"IBAN {v.iban}"
        return f"{text}  {self.f.label('bic')} {v.bic}" if v.bic else text
