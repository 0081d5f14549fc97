"""Claim-form layout families: a printed form with its fields filled in.

Labels are printed in the form's typeface; filled-in values may use another face and ink colour, as when a
form is completed on screen or on a typewriter. Checkboxes are text (``[X] Yes  [ ] No``, ``☒``/``☐``,
``(x)``) or drawn boxes with an ``X`` inside, so an extractor sees them the way real forms show them.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import ClassVar

import pymupdf

from docgen.canvas import BLACK, RGB, WHITE, DocCanvas, Typeface, fallback_typeface
from docgen.formatting import Formatter
from docgen.layouts.base import ACCENTS, LayoutFamily, pick_typeface, register_layout, tint
from docgen.locales import Locale
from docgen.values import ClaimData
from schemas import ClaimType

__all__ = ["BoxedClaimForm", "ClaimLayout", "ClaimStyle", "LinedClaimForm", "TableClaimForm"]

GREY: RGB = (0.4, 0.4, 0.4)
INKS: tuple[RGB, ...] = (BLACK, BLACK, (0.08, 0.16, 0.55), (0.15, 0.15, 0.3))
CHECKBOX_STYLES = ("brackets", "glyph", "square", "paren", "drawn")


@functools.cache
def _signature_face() -> Typeface:
    return Typeface("times-italic", pymupdf.Font("tiit"), pymupdf.Font("tibi"))


@dataclass
class ClaimStyle:
    """Per-document choices for a claim form."""

    typeface: Typeface
    value_typeface: Typeface
    size: float
    accent: RGB
    ink: RGB
    page: tuple[float, float]
    margin: float
    checkbox: str
    address_combined: bool  # street on one line, "postcode city" on the next, instead of three fields
    show_description: bool
    show_phone: bool


@dataclass(frozen=True)
class FormField:
    """One form field: label, value as filled in, the truth path it carries."""

    label: str
    value: str
    path: str | None = None


class ClaimLayout(LayoutFamily):
    """Shared parts: field values, checkbox rendering, signature."""

    doc_type: ClassVar[str] = "claim_form"
    fonts: ClassVar[tuple[str, ...]] = ("helvetica", "dejavu-sans", "times")

    @classmethod
    def choose_style(cls, rng: random.Random, locale: Locale) -> ClaimStyle:
        """Draw this form's look."""
        face = pick_typeface(rng, cls.fonts)
        value_face = face if rng.random() < 0.5 else pick_typeface(rng, ("courier", "dejavu-mono", "helvetica",
                                                                           "dejavu-sans"))
        checkbox = rng.choice(CHECKBOX_STYLES)
        if checkbox == "glyph" and fallback_typeface() is None:
            checkbox = "brackets"
        return ClaimStyle(
            typeface=face, value_typeface=value_face, size=round(rng.uniform(8.5, 10.0), 1),
            accent=rng.choice(ACCENTS), ink=rng.choice(INKS), page=locale.page_size, margin=rng.uniform(40, 60),
            checkbox=checkbox, address_combined=rng.random() < 0.4, show_description=rng.random() < 0.8,
            show_phone=rng.random() < 0.6,
        )

    def __init__(self, data: ClaimData, fmt: Formatter, style: ClaimStyle) -> None:
        self.d = data
        self.f = fmt
        self.s = style
        m = style.margin
        self.c = DocCanvas(style.page[0], style.page[1], style.typeface, size=style.size, margin=(m, m, m, m))

    def render(self) -> bytes:
        """Draw the form and return PDF bytes."""
        self.draw()
        return self.c.finish(title=self.f.label("claim_title"))

    def draw(self) -> None:
        """Draw the whole form."""
        raise NotImplementedError

    # -- values --------------------------------------------------------------------------------------------
    def claimant_fields(self) -> list[FormField]:
        d, f = self.d, self.f
        out = [FormField(f.label("claimant_name"), d.claimant, "claimant_name"),
               FormField(f.label("date_of_birth"), f.date(d.date_of_birth) if d.date_of_birth else "", "date_of_birth")]
        a = d.address
        if self.s.address_combined:
            out.append(FormField(f.label("street"), a.street, "address.street"))
            out.append(FormField(f"{f.label('postal_code')} / {f.label('city')}", "", None))
        else:
            out += [FormField(f.label("street"), a.street, "address.street"),
                    FormField(f.label("postal_code"), a.postal_code, "address.postal_code"),
                    FormField(f.label("city"), a.city, "address.city")]
        if self.s.show_phone:
            out.append(FormField(f.label("phone_day"), d.phone))
        return out

    def value(self, x: float, y: float, text: str, path: str | None, *, size: float | None = None,
              align: str = "left") -> pymupdf.Rect:
        """A filled-in value in the value face and ink."""
        return self.c.text(x, y, text, size=size, typeface=self.s.value_typeface, color=self.s.ink, field=path,
                           align=align)

    def postal_city(self, x: float, y: float) -> None:
        """``postcode city`` on one line, each part tagged with its own path."""
        a = self.d.address
        box = self.value(x, y, a.postal_code, "address.postal_code")
        self.value(box.x1 + self.c.width_of(" "), y, a.city, "address.city")

    def checkbox(self, x: float, y: float, label: str, checked: bool, path: str | None = None) -> float:
        """A checkbox and its label at baseline ``y``; returns the x after it."""
        c, s = self.c, self.s
        mark = {
            "brackets": ("[X]", "[ ]"), "glyph": ("☒", "☐"), "square": ("■", "□"), "paren": ("(x)", "( )"),
        }.get(s.checkbox)
        if mark is None:  # drawn box, an X typed into it
            side = s.size * 0.95
            c.rect(x, y - side * 0.85, x + side, y + side * 0.15, stroke=BLACK, width=0.6)
            if checked:
                c.text(x + side / 2, y - side * 0.05, "X", align="center", bold=True, color=s.ink,
                       typeface=s.value_typeface)
            x_label = x + side + 4
        else:
            box = c.text(x, y, mark[0] if checked else mark[1], color=s.ink if checked else BLACK)
            x_label = box.x1 + 4
        box = c.text(x_label, y, label, field=path if checked else None)
        return box.x1 + 14

    def claim_types(self, x: float, y: float) -> float:
        """One checkbox per claim type, the claimed one ticked."""
        f = self.f
        for ct in ClaimType:
            x = self.checkbox(x, y, f.label(f"ct_{ct.value}"), ct is self.d.claim_type, "claim_type")
        return x

    def yes_no(self, x: float, y: float, value: bool, path: str) -> float:
        x = self.checkbox(x, y, self.f.label("yes"), value, path)
        return self.checkbox(x, y, self.f.label("no"), not value, path)

    def signature(self, x: float, y: float, width: float) -> None:
        """Signature line with the claimant's name in italics (the form is signed) and the date."""
        c, d, f, s = self.c, self.d, self.f, self.s
        c.line(x, y + 3, x + width * 0.55, y + 3, width=0.6)
        c.text(x + 6, y, d.claimant, typeface=_signature_face(), size=s.size * 1.6, color=s.ink, field="signed")
        c.text(x, y + s.size * 1.4, f.label("signature"), size=s.size * 0.8, color=GREY)
        dx = x + width * 0.62
        c.line(dx, y + 3, x + width, y + 3, width=0.6)
        self.value(dx + 4, y, f.date(d.signed_on), None)
        c.text(dx, y + s.size * 1.4, f.label("date_signed"), size=s.size * 0.8, color=GREY)


@register_layout
class BoxedClaimForm(ClaimLayout):
    """Shaded section bars; each field a box with a small label in its top-left corner."""

    name: ClassVar[str] = "boxed_fields"
    description: ClassVar[str] = "section bars and boxed fields with labels inside the boxes"

    def boxes(self, fields: list[FormField], per_row: int) -> None:
        c, s = self.c, self.s
        w = c.content_width / per_row
        h = s.size * 3.0
        for i, fld in enumerate(fields):
            col = i % per_row
            if col == 0 and i:
                c.y += h
            x0 = c.left + col * w
            c.rect(x0, c.y, x0 + w, c.y + h, stroke=GREY, width=0.5)
            c.text(x0 + 3, c.y + s.size * 0.9, fld.label, size=s.size * 0.72, color=GREY)
            if fld.path is None and not fld.value:
                self.postal_city(x0 + 6, c.y + h - s.size * 0.7)
            else:
                self.value(x0 + 6, c.y + h - s.size * 0.7, fld.value, fld.path)
        c.y += h

    def bar(self, title: str) -> None:
        c, s = self.c, self.s
        c.y += s.size * 1.2
        h = s.size * 1.8
        c.rect(c.left, c.y, c.right, c.y + h, stroke=None, fill=s.accent)
        c.text(c.left + 6, c.y + h * 0.68, title, bold=True, color=WHITE)
        c.y += h

    def draw(self) -> None:
        c, d, f, s = self.c, self.d, self.f, self.s
        c.y += s.size * 1.5
        box = c.text(c.left, c.y, d.insurer, bold=True, size=s.size * 1.4, color=s.accent)
        title = f.label("claim_title")
        if c.right - c.width_of(title, s.size * 1.8, bold=True) < box.x1 + 20:
            c.y += s.size * 2.2  # no room beside the insurer's name: the title goes below it
        c.text(c.right, c.y + s.size * 0.5, title, bold=True, size=c.fit(title, c.content_width, s.size * 1.8, True),
               align="right")
        c.y += s.size * 2.4
        ref_w = 170.0
        c.rect(c.right - ref_w, c.y, c.right, c.y + s.size * 2.6, stroke=GREY)
        c.text(c.right - ref_w + 3, c.y + s.size * 0.9, f.label("claim_reference"), size=s.size * 0.7, color=GREY)
        if d.claim_reference:
            c.text(c.right - ref_w + 6, c.y + s.size * 2.2, d.claim_reference)
        c.y += s.size * 2.6
        self.bar(f.label("sec_claimant"))
        self.boxes(self.claimant_fields(), per_row=2)
        self.bar(f.label("sec_policy"))
        self.boxes([FormField(f.label("policy_number"), d.policy_number, "policy_number")], per_row=1)
        c.y += s.size * 1.6
        c.text(c.left, c.y, f"{f.label('claim_type')}:", bold=True)
        self.claim_types(c.left + c.width_of(f"{f.label('claim_type')}:", bold=True) + 12, c.y)
        c.y += s.size * 0.8
        self.bar(f.label("sec_incident"))
        amount = f.money(d.claim_amount) if d.claim_amount is not None else ""
        self.boxes([FormField(f.label("incident_date"), f.date(d.incident_date), "incident_date"),
                    FormField(f.label("claim_amount"), amount, "claim_amount")], per_row=2)
        c.y += s.size * 1.6
        c.text(c.left, c.y, f.label("police_report"))
        self.yes_no(c.left + c.width_of(f.label("police_report")) + 14, c.y, d.police_report_filed,
                    "police_report_filed")
        if s.show_description:
            c.y += s.size * 1.8
            c.text(c.left, c.y, f.label("incident_description"), size=s.size * 0.8, color=GREY)
            top = c.y + 3
            c.rect(c.left, top, c.right, top + s.size * 5, stroke=GREY)
            c.y = top
            for line in c.wrap(d.description, c.content_width - 12):
                c.y += s.size * 1.4
                self.value(c.left + 6, c.y, line, None)
            c.y = top + s.size * 5
        self.bar(f.label("sec_declaration"))
        c.y += s.size * 0.4
        c.paragraph(c.left, f.label("declaration_text"), c.content_width, size=s.size * 0.9)
        c.y += s.size * 3.5
        self.signature(c.left, c.y, c.content_width)


@register_layout
class LinedClaimForm(ClaimLayout):
    """Numbered sections; each field a label followed by a dotted line the value is written on."""

    name: ClassVar[str] = "lined_form"
    description: ClassVar[str] = "numbered sections, label followed by a dotted fill-in line"
    fonts: ClassVar[tuple[str, ...]] = ("times", "dejavu-serif", "helvetica")

    def line_field(self, x0: float, x1: float, fld: FormField) -> None:
        c = self.c
        box = c.text(x0, c.y, f"{fld.label}:")
        c.line(box.x1 + 4, c.y + 2, x1, c.y + 2, width=0.5, color=GREY, dashes="[1 2] 0")
        if fld.path is None and not fld.value:
            self.postal_city(box.x1 + 10, c.y - 1)
        else:
            self.value(box.x1 + 10, c.y - 1, fld.value, fld.path)

    def section(self, title: str) -> None:
        c, s = self.c, self.s
        c.y += s.size * 2.4
        c.text(c.left, c.y, title, bold=True, size=s.size * 1.15, color=s.accent)
        c.line(c.left, c.y + 3, c.right, c.y + 3, width=0.8, color=s.accent)
        c.y += s.size * 0.6

    def draw(self) -> None:
        c, d, f, s = self.c, self.d, self.f, self.s
        c.y += s.size * 2
        c.text(c.width / 2, c.y, f.label("claim_title"), bold=True, size=s.size * 1.9, align="center")
        c.y += s.size * 1.6
        c.text(c.width / 2, c.y, d.insurer, size=s.size * 1.1, align="center", color=GREY)
        self.section(f.label("sec_claimant"))
        fields = self.claimant_fields()
        half = c.left + c.content_width / 2
        i = 0
        while i < len(fields):
            c.y += s.size * 2.1
            fld = fields[i]
            pairable = fld.path in {"date_of_birth", "address.postal_code"} and i + 1 < len(fields)
            if pairable:
                self.line_field(c.left, half - 10, fld)
                self.line_field(half + 4, c.right, fields[i + 1])
                i += 2
            else:
                self.line_field(c.left, c.right, fld)
                i += 1
        self.section(f.label("sec_policy"))
        c.y += s.size * 2.1
        self.line_field(c.left, c.right, FormField(f.label("policy_number"), d.policy_number, "policy_number"))
        c.y += s.size * 2.1
        box = c.text(c.left, c.y, f"{f.label('claim_type')}:")
        self.claim_types(box.x1 + 12, c.y)
        self.section(f.label("sec_incident"))
        c.y += s.size * 2.1
        amount = f.money(d.claim_amount) if d.claim_amount is not None else ""
        self.line_field(c.left, half - 10, FormField(f.label("incident_date"), f.date(d.incident_date),
        "incident_date"))
        self.line_field(half + 4, c.right, FormField(f.label("claim_amount"), amount, "claim_amount"))
        c.y += s.size * 2.1
        box = c.text(c.left, c.y, f.label("police_report"))
        self.yes_no(box.x1 + 14, c.y, d.police_report_filed, "police_report_filed")
        if s.show_description:
            c.y += s.size * 2.1
            c.text(c.left, c.y, f"{f.label('incident_description')}:")
            for line in c.wrap(d.description, c.content_width - 10)[:3]:
                c.y += s.size * 1.9
                c.line(c.left, c.y + 2, c.right, c.y + 2, width=0.5, color=GREY, dashes="[1 2] 0")
                self.value(c.left + 6, c.y - 1, line, None)
        self.section(f.label("sec_declaration"))
        c.paragraph(c.left, f.label("declaration_text"), c.content_width, size=s.size * 0.95)
        c.y += s.size * 4
        self.signature(c.left, c.y, c.content_width)


@register_layout
class TableClaimForm(ClaimLayout):
    """A ruled two-column table: shaded label cells on the left, values on the right."""

    name: ClassVar[str] = "table_form"
    description: ClassVar[str] = "two-column ruled table of label and value cells"
    fonts: ClassVar[tuple[str, ...]] = ("helvetica", "dejavu-condensed", "dejavu-sans")

    def row(self, label: str, draw_value: object, h_factor: float = 2.0) -> None:
        c, s = self.c, self.s
        h = s.size * h_factor
        split = c.left + c.content_width * 0.38
        c.rect(c.left, c.y, split, c.y + h, stroke=GREY, fill=tint(s.accent, 0.88))
        c.rect(split, c.y, c.right, c.y + h, stroke=GREY)
        c.text(c.left + 5, c.y + h * 0.64, label, size=s.size * 0.92)
        assert callable(draw_value)
        draw_value(split + 6, c.y + h * 0.64)
        c.y += h

    def heading(self, title: str) -> None:
        c, s = self.c, self.s
        c.y += s.size * 1.4
        h = s.size * 1.9
        c.rect(c.left, c.y, c.right, c.y + h, stroke=GREY, fill=tint(s.accent, 0.6))
        c.text(c.left + 5, c.y + h * 0.66, title, bold=True)
        c.y += h

    def draw(self) -> None:
        c, d, f, s = self.c, self.d, self.f, self.s
        c.y += s.size * 1.6
        c.text(c.left, c.y, d.insurer, bold=True, size=s.size * 1.2)
        c.y += s.size * 2.2
        c.text(c.left, c.y, f.label("claim_title"), bold=True, size=s.size * 1.7, color=s.accent)
        if d.claim_reference:
            c.text(c.right, c.y, f"{f.label('claim_reference')}: {d.claim_reference}", size=s.size * 0.8,
                   align="right", color=GREY)
        self.heading(f.label("sec_claimant"))
        for fld in self.claimant_fields():
            if fld.path is None and not fld.value:
                self.row(fld.label, self.postal_city)
            else:
                self.row(fld.label, functools.partial(self._value_at, fld))
        self.heading(f.label("sec_policy"))
        self.row(f.label("policy_number"),
                 functools.partial(self._value_at, FormField("", d.policy_number, "policy_number")))
        self.row(f.label("claim_type"), self.claim_types)
        self.heading(f.label("sec_incident"))
        self.row(f.label("incident_date"),
                 functools.partial(self._value_at, FormField("", f.date(d.incident_date), "incident_date")))
        amount = f.money(d.claim_amount) if d.claim_amount is not None else ""
        self.row(f.label("claim_amount"), functools.partial(self._value_at, FormField("", amount, "claim_amount")))
        self.row(f.label("police_report"),
                 lambda x, y: self.yes_no(x, y, d.police_report_filed, "police_report_filed"))
        if s.show_description:
            lines = c.wrap(d.description, c.content_width * 0.6)[:3]
            self.row(f.label("incident_description"),
                     lambda x, y: [self.value(x, y + k * s.size * 1.3 - (len(lines) - 1) * s.size * 0.65, ln, None)
                                   for k, ln in enumerate(lines)],
                     h_factor=1.4 * len(lines) + 0.8)
        self.heading(f.label("sec_declaration"))
        c.paragraph(c.left, f.label("declaration_text"), c.content_width, size=s.size * 0.9)
        c.y += s.size * 4
        self.signature(c.left, c.y, c.content_width)

    def _value_at(self, fld: FormField, x: float, y: float) -> None:
        self.value(x, y, fld.value, fld.path)
