"""Build good and bad input files in a temporary folder: born-digital and scanned PDFs, images, text, and
damaged, encrypted, oversized or misnamed variants. Everything is generated with PyMuPDF and Pillow."""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pymupdf
from PIL import Image, ImageFilter

#: A small invoice laid out in two columns: (x, y, text) in PDF points on a Letter page.
INVOICE_LINES: list[tuple[float, float, str]] = [
    (72, 80, "ACME Supplies Ltd"),
    (400, 80, "INVOICE"),
    (72, 110, "42 Harbour Street"),
    (400, 110, "Invoice No: INV-2024-0173"),
    (72, 130, "Bristol BS1 4DJ"),
    (400, 130, "Date: 14 March 2024"),
    (72, 180, "Bill to: Northwind Traders"),
    (72, 240, "Description"),
    (330, 240, "Qty"),
    (400, 240, "Unit price"),
    (490, 240, "Amount"),
    (72, 265, "Printer paper A4"),
    (330, 265, "10"),
    (400, 265, "4.50"),
    (490, 265, "45.00"),
    (72, 285, "Toner cartridge black"),
    (330, 285, "2"),
    (400, 285, "61.25"),
    (490, 285, "122.50"),
    (400, 330, "Subtotal"),
    (490, 330, "167.50"),
    (400, 350, "VAT 20%"),
    (490, 350, "33.50"),
    (400, 370, "Total due"),
    (490, 370, "201.00"),
    (72, 420, "Payment within 30 days to account GB29 NWBK 6016 1331 9268 19"),
]


def invoice_words() -> list[str]:
    """The words of :data:`INVOICE_LINES` in reading order (top to bottom, left to right)."""
    rows = sorted(INVOICE_LINES, key=lambda item: (item[1], item[0]))
    return [word for _, _, text in rows for word in text.split()]


def invoice_pdf_doc(pages: int = 1, fontsize: float = 11) -> pymupdf.Document:
    """A born-digital invoice (Helvetica text layer), repeated on ``pages`` pages."""
    doc = pymupdf.open()
    for n in range(pages):
        page = doc.new_page(width=612, height=792)
        for x, y, text in INVOICE_LINES:
            page.insert_text((x, y), text, fontsize=fontsize, fontname="helv")
        if pages > 1:
            page.insert_text((280, 760), f"Page {n + 1} of {pages}", fontsize=9, fontname="helv")
    return doc


def write_invoice_pdf(path: Path, pages: int = 1) -> Path:
    doc = invoice_pdf_doc(pages)
    doc.save(path)
    return path


def text_picture(text: str, fontsize: float = 22, dpi: int = 150, *, disc: bool = False) -> bytes:
    """``text`` set in bold Helvetica and rendered as a PNG: a logo or letterhead that is only a picture (with
    ``disc``, a filled circle before the text, as logos have)."""
    lead = fontsize * 1.6 if disc else 0.0
    width = fontsize * 0.62 * len(text) + 16 + lead
    doc = pymupdf.open()
    page = doc.new_page(width=width, height=fontsize * 1.8)
    if disc:
        page.draw_circle((8 + fontsize * 0.6, fontsize * 0.9), fontsize * 0.6, color=None, fill=(0.1, 0.2, 0.5))
    page.insert_text((8 + lead, fontsize * 1.25), text, fontsize=fontsize, fontname="hebo", color=(0.1, 0.2, 0.5))
    png = page.get_pixmap(dpi=dpi).tobytes("png")
    doc.close()
    return png


def invoice_with_logo_pdf(path: Path, logo: str = "Harbourline Logistics", *, under_text: bool = False,
                          printed: bool = False, disc: bool = False) -> Path:
    """The invoice without its issuer's line, the issuer's name only in a picture at the top left (with
    ``printed``, the issuer's line "ACME Supplies Ltd" printed too; with ``under_text``, also a picture behind
    that line)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for x, y, text in INVOICE_LINES[0 if printed else 1:]:
        page.insert_text((x, y + (10 if printed else 0)), text, fontsize=11, fontname="helv")
    picture = text_picture(logo, disc=disc)
    with Image.open(io.BytesIO(picture)) as shape:
        width = 32 * shape.width / shape.height
    page.insert_image(pymupdf.Rect(72, 34, 72 + width, 66), stream=picture)
    if under_text:
        page.insert_image(pymupdf.Rect(66, 66, 300, 86), stream=text_picture("Shadow Banner Text"), overlay=False)
        page.insert_text((72, 80), INVOICE_LINES[0][2], fontsize=11, fontname="helv")
    page.insert_image(pymupdf.Rect(560, 40, 572, 48), stream=text_picture("Icon"))  # an icon: too small to read
    doc.save(path)
    doc.close()
    return path


def render_page(doc: pymupdf.Document, index: int = 0, dpi: int = 200) -> Image.Image:
    """Page ``index`` of ``doc`` as a greyscale Pillow image."""
    pix = doc[index].get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
    return Image.frombytes("L", (pix.width, pix.height), pix.samples)


def degrade(image: Image.Image, angle: float = 2.0, noise: float = 12.0, seed: int = 0) -> Image.Image:
    """A scanner's version of ``image``: rotated by ``angle`` degrees, slightly blurred, with grey noise."""
    out = image.convert("L").rotate(angle, resample=Image.Resampling.BILINEAR, expand=True, fillcolor=255)
    out = out.filter(ImageFilter.GaussianBlur(0.6))
    rng = np.random.default_rng(seed)
    arr = np.asarray(out, dtype=np.float64) + rng.normal(0.0, noise, (out.height, out.width))
    return Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8), "L")


def scanned_invoice(dpi: int = 200, angle: float = 2.0, seed: int = 0) -> Image.Image:
    """The invoice rendered at ``dpi``, then rotated and noised like a scan."""
    return degrade(render_page(invoice_pdf_doc(), 0, dpi), angle=angle, seed=seed)


def save_image(image: Image.Image, path: Path, fmt: str | None = None, dpi: int | None = None, **kw) -> Path:
    if dpi:
        kw["dpi"] = (dpi, dpi)
    image.save(path, fmt, **kw)
    return path


def image_pdf(images: Sequence[Image.Image], path: Path, dpi: int = 200) -> Path:
    """An image-only PDF: each image placed full-page at ``dpi`` (like a scanner's PDF)."""
    doc = pymupdf.open()
    for image in images:
        w, h = image.width * 72 / dpi, image.height * 72 / dpi
        page = doc.new_page(width=w, height=h)
        buf = io.BytesIO()
        image.save(buf, "PNG")
        page.insert_image(page.rect, stream=buf.getvalue())
    doc.save(path)
    return path


def multipage_tiff(images: Sequence[Image.Image], path: Path, dpi: int = 200) -> Path:
    first, *rest = [im.convert("L") for im in images]
    first.save(path, "TIFF", save_all=True, append_images=rest, dpi=(dpi, dpi), compression="tiff_lzw")
    return path


def encrypted_pdf(path: Path, user_password: str = "secret", owner_password: str = "owner") -> Path:
    """An AES-256 encrypted invoice. With ``user_password=""`` it opens without a password (owner-only)."""
    invoice_pdf_doc().save(
        path, encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw=user_password, owner_pw=owner_password,
        permissions=pymupdf.PDF_PERM_PRINT,
    )
    return path


def truncated_copy(src: Path, dst: Path, fraction: float = 0.6) -> Path:
    data = src.read_bytes()
    dst.write_bytes(data[: int(len(data) * fraction)])
    return dst


def corrupted_copy(src: Path, dst: Path, start: float = 0.3, length: int = 200) -> Path:
    """``src`` with ``length`` bytes from ``start`` (a fraction of the size) overwritten with garbage."""
    data = bytearray(src.read_bytes())
    at = int(len(data) * start)
    rng = np.random.default_rng(1)
    data[at : at + length] = rng.integers(0, 256, min(length, len(data) - at), dtype=np.uint8).tobytes()
    dst.write_bytes(bytes(data))
    return dst


def png_header_only(path: Path, width: int, height: int) -> Path:
    """A tiny PNG that claims ``width × height`` pixels: a decompression bomb's header (never decode it)."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    idat = zlib.compress(b"\x00" * 1024)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b""))
    return path


def blank_image(width: int = 1275, height: int = 1650) -> Image.Image:
    return Image.new("L", (width, height), 255)


def noise_image(width: int = 1275, height: int = 1650, seed: int = 0) -> Image.Image:
    """Speckle noise on white, like an empty page scanned on a dirty glass."""
    rng = np.random.default_rng(seed)
    arr = np.full((height, width), 255, dtype=np.uint8)
    dots = rng.random((height, width)) < 0.01
    arr[dots] = rng.integers(0, 120, int(dots.sum()), dtype=np.uint8)
    return Image.fromarray(arr, "L")


def blank_pdf(path: Path, pages: int = 1) -> Path:
    doc = pymupdf.open()
    for _ in range(pages):
        doc.new_page(width=612, height=792)
    doc.save(path)
    return path


def mixed_pdf(path: Path, scan_dpi: int = 200) -> Path:
    """Page 1 born-digital, page 2 a scan of the same invoice (image only), page 3 blank."""
    doc = invoice_pdf_doc()
    scan = scanned_invoice(dpi=scan_dpi, angle=1.0)
    page = doc.new_page(width=scan.width * 72 / scan_dpi, height=scan.height * 72 / scan_dpi)
    buf = io.BytesIO()
    scan.save(buf, "PNG")
    page.insert_image(page.rect, stream=buf.getvalue())
    doc.new_page(width=612, height=792)
    doc.save(path)
    return path
