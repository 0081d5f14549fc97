"""Words of the real development invoices (/work/shared/real-invoices) as the engine sees them.

A small stand-in for the OCR stage: PyMuPDF words with bboxes normalised to 0..1, grouped into visual lines by
their vertical centres; the text-only invoice is laid out on a monospace grid.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from engine.base import Word

REAL_DIR = Path(os.environ.get("DOCEXTRACT_REAL_INVOICES", "/work/shared/real-invoices"))

# invoice2data key → our Invoice field
KEY_MAP = {
    "issuer": "vendor_name",
    "invoice_number": "invoice_number",
    "date": "invoice_date",
    "date_due": "due_date",
    "amount": "total",
    "amount_untaxed": "subtotal",
    "amount_tax": "tax",
    "currency": "currency",
}


def _group_lines(raw: list[tuple[float, float, float, float, str]], page: int, first_line: int) -> list[Word]:
    """Cluster words into lines by vertical centre, left to right inside a line."""
    raw = sorted(raw, key=lambda r: ((r[1] + r[3]) / 2, r[0]))
    lines: list[list[tuple[float, float, float, float, str]]] = []
    centre = height = 0.0
    for r in raw:
        yc, h = (r[1] + r[3]) / 2, r[3] - r[1]
        if lines and abs(yc - centre) <= 0.4 * max(h, height):
            lines[-1].append(r)
        else:
            lines.append([r])
            centre, height = yc, h
    out: list[Word] = []
    for n, line in enumerate(lines):
        for x0, y0, x1, y1, text in sorted(line, key=lambda r: r[0]):
            out.append(Word(text=text, page=page, line=first_line + n, bbox=(x0, y0, x1, y1)))
    return out


def pdf_words(source: Path | bytes) -> list[Word]:
    """Words of a PDF (a path or its bytes), page by page."""
    import pymupdf

    words: list[Word] = []
    opened = pymupdf.open(stream=source, filetype="pdf") if isinstance(source, bytes) else pymupdf.open(source)
    with opened as doc:
        for pno, page in enumerate(doc):
            w, h = page.rect.width, page.rect.height
            raw = [(x0 / w, y0 / h, x1 / w, y1 / h, t) for x0, y0, x1, y1, t, *_ in page.get_text("words")
                   if t.strip()]
            words += _group_lines(raw, pno, (words[-1].line + 1) if words else 0)
    return words


def txt_words(path: Path) -> list[Word]:
    """A plain-text invoice on a monospace grid: one character = one column."""
    import re

    lines = path.read_text(encoding="utf-8").splitlines()
    cols = max((len(x) for x in lines), default=1) or 1
    rows = max(len(lines), 1)
    words: list[Word] = []
    for n, line in enumerate(lines):
        for m in re.finditer(r"\S+", line):
            words.append(Word(text=m.group(), page=0, line=n,
                              bbox=(m.start() / cols, n / rows, m.end() / cols, (n + 0.8) / rows)))
    return words


def real_documents() -> list[tuple[str, list[Word], dict]]:
    """(name, words, invoice2data truth) for every PDF/TXT invoice with a JSON next to it."""
    out = []
    for js in sorted(REAL_DIR.glob("*.json")):
        truth = json.loads(js.read_text(encoding="utf-8"))[0]
        pdf, txt = js.with_suffix(".pdf"), js.with_suffix(".txt")
        if pdf.exists():
            out.append((js.stem, pdf_words(pdf), truth))
        elif txt.exists():
            out.append((js.stem, txt_words(txt), truth))
    return out
