"""The public entry point: ``generate(doc_type, seed, ...)`` → a file plus the values printed on it.

One seed gives one document, byte for byte: the RNG is seeded from the document type and the seed, and every
random choice (layout family when not given, locale, style, values, scan degradations) is drawn from it in a
fixed order. Layout families and seeds can be chosen, so a held-out set can use seeds and layouts that a
training set never saw.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pymupdf
from pydantic import BaseModel, ConfigDict, Field

import docgen.layouts  # noqa: F401 - registers the layout families
from docgen.canvas import FieldSpan
from docgen.errors import DocGenError
from docgen.formatting import make_formatter
from docgen.layouts.base import get_layout, layout_names
from docgen.locales import LOCALES, Locale, get_locale
from docgen.scan import ScanFormat, ScanFormatError, ScanParams, draw_scan_params, scan_pdf
from docgen.values import make_claim, make_invoice, make_receipt

__all__ = ["DOC_TYPES", "DocGenError", "GeneratedDoc", "generate", "layouts", "locales"]

#: Document types the generator knows.
DOC_TYPES: tuple[str, ...] = ("invoice", "receipt", "claim_form")


class GeneratedDoc(BaseModel):
    """A generated document: the file bytes, what it is, and the truth values printed on it."""

    model_config = ConfigDict(frozen=True)

    doc_type: str
    seed: int
    layout: str
    locale: str
    scanned: bool
    fmt: str = Field(description="file format: pdf, png, jpeg or tiff")
    filename: str = Field(description="suggested file name")
    pages: int
    truth: dict[str, Any] = Field(description="JSON values, valid for the schema of doc_type")
    fields: list[FieldSpan] = Field(default_factory=list, repr=False,
                                    description="where truth values were printed (PDF points, before scanning)")
    scan: ScanParams | None = None
    data: bytes = Field(repr=False)

    def record(self) -> dict[str, Any]:
        """The JSON written beside the file: type, values, and how it was generated."""
        return {
            "file": self.filename,
            "doc_type": self.doc_type,
            "values": self.truth,
            "generator": {
                "seed": self.seed, "layout": self.layout, "locale": self.locale, "scanned": self.scanned,
                "format": self.fmt, "pages": self.pages,
                "scan": self.scan.model_dump(mode="json") if self.scan else None,
            },
        }


@dataclass
class _Rendered:
    pdf: bytes
    truth: dict[str, Any]
    fields: list[FieldSpan]


def _build_invoice(rng: random.Random, seed: int, layout: str, locale: Locale, n_items: int | None) -> _Rendered:
    from docgen.layouts.invoice_base import InvoiceLayout

    cls = get_layout("invoice", layout)
    assert issubclass(cls, InvoiceLayout)
    options = cls.options(rng)
    if n_items is not None:
        options.n_lines = n_items
    currency = locale.pick_currency(rng)
    fmt = make_formatter(rng, locale, currency, label_seed=f"{seed}:invoice")
    style = cls.choose_style(rng, locale, options)
    data = make_invoice(rng, locale, currency, options)
    layout_obj = cls(data, fmt, style)
    pdf = layout_obj.render()
    return _Rendered(pdf, data.truth(), layout_obj.c.fields)


def _build_receipt(rng: random.Random, seed: int, layout: str, locale: Locale, n_items: int | None) -> _Rendered:
    from docgen.layouts.receipt import ReceiptLayout

    cls = get_layout("receipt", layout)
    assert issubclass(cls, ReceiptLayout)
    currency = locale.pick_currency(rng)
    fmt = make_formatter(rng, locale, currency, label_seed=f"{seed}:receipt")
    style = cls.choose_style(rng, locale)
    data = make_receipt(rng, locale, currency, n_items=n_items)
    pdf, fields = cls.render_fitted(data, fmt, style)
    return _Rendered(pdf, data.truth(), fields)


def _build_claim(rng: random.Random, seed: int, layout: str, locale: Locale, n_items: int | None) -> _Rendered:
    from docgen.layouts.claim import ClaimLayout

    del n_items
    cls = get_layout("claim_form", layout)
    assert issubclass(cls, ClaimLayout)
    currency = locale.pick_currency(rng)
    fmt = make_formatter(rng, locale, currency, label_seed=f"{seed}:claim")
    style = cls.choose_style(rng, locale)
    data = make_claim(rng, locale, currency)
    layout_obj = cls(data, fmt, style)
    pdf = layout_obj.render()
    return _Rendered(pdf, data.truth(), layout_obj.c.fields)


_BUILDERS: dict[str, Callable[[random.Random, int, str, Locale, int | None], _Rendered]] = {
    "invoice": _build_invoice, "receipt": _build_receipt, "claim_form": _build_claim,
}


def layouts(doc_type: str) -> list[str]:
    """Layout family names for ``doc_type`` (``invoice``, ``receipt``, ``claim_form``)."""
    if doc_type not in _BUILDERS:
        raise DocGenError(f"unknown document type {doc_type!r}; known: {', '.join(DOC_TYPES)}")
    return layout_names(doc_type)


def locales() -> list[str]:
    """Locale codes the generator writes in."""
    return sorted(LOCALES)


def _page_count(pdf: bytes) -> int:
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        return doc.page_count


def generate(doc_type: str, seed: int, *, layout: str | None = None, scanned: bool = False,
             fmt: str | None = None, locale: str | None = None, n_items: int | None = None,
             dpi: tuple[int, int] = (150, 300)) -> GeneratedDoc:
    """Generate one document, deterministically for ``(doc_type, seed)`` and the options given.

    ``layout`` picks the family (default: drawn from the seed), ``locale`` the country (default: drawn),
    ``n_items`` the number of line items (invoices and receipts; default: drawn, skewed to few).
    ``scanned`` rasterises and degrades the page; ``fmt`` is ``pdf`` for born-digital documents and one of
    ``png``, ``jpeg``, ``tiff``, ``pdf`` (image-only) for scans (default: drawn; PNG and JPEG only for
    one-page documents). ``dpi`` bounds the scan resolution.
    """
    names = layouts(doc_type)
    rng = random.Random(f"docgen:{doc_type}:{seed}")
    name = layout if layout is not None else rng.choice(names)
    if name not in names:
        raise DocGenError(f"unknown {doc_type} layout {name!r}; known: {', '.join(names)}")
    loc_code = locale if locale is not None else rng.choice(locales())
    try:
        loc = get_locale(loc_code)
    except KeyError as exc:
        raise DocGenError(str(exc.args[0])) from None
    if fmt is not None and fmt not in {f.value for f in ScanFormat}:
        raise DocGenError(f"unknown format {fmt!r}; known: {', '.join(f.value for f in ScanFormat)}")
    if not scanned and fmt not in (None, "pdf"):
        raise DocGenError(f"a born-digital document is a PDF; pass scanned=True for {fmt!r}")

    rendered = _BUILDERS[doc_type](rng, seed, name, loc, n_items)
    pages = _page_count(rendered.pdf)
    data = rendered.pdf
    scan: ScanParams | None = None
    out_fmt = ScanFormat.PDF
    if scanned:
        if fmt is None:
            choices = [ScanFormat.PNG, ScanFormat.JPEG, ScanFormat.TIFF, ScanFormat.PDF] if pages == 1 else [
                ScanFormat.TIFF, ScanFormat.PDF]
            out_fmt = rng.choice(choices)
        else:
            out_fmt = ScanFormat(fmt)
        if pages > 1 and not out_fmt.multi_page:
            raise ScanFormatError(f"{doc_type} seed {seed} has {pages} pages; {out_fmt.value} holds one")
        scan = draw_scan_params(rng, out_fmt, dpi=dpi)
        data = scan_pdf(rendered.pdf, scan, seed=rng.randrange(2**32))
    suffix = "-scan" if scanned else ""
    filename = f"{doc_type}-{name}-{loc.code}-{seed:05d}{suffix}.{out_fmt.extension}"
    return GeneratedDoc(doc_type=doc_type, seed=seed, layout=name, locale=loc.code, scanned=scanned,
                        fmt=out_fmt.value, filename=filename, pages=pages, truth=rendered.truth,
                        fields=rendered.fields, scan=scan, data=data)
