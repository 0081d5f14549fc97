"""Scanned variants: render a born-digital PDF to pixels and degrade it like a scanner or a phone would.

The result has no text layer: PNG, JPEG, multi-page TIFF (greyscale, or bilevel G4 like a fax) or an
image-only PDF (one embedded JPEG per page). Degradations are drawn from a seeded RNG into a
:class:`ScanParams`, recorded with the document so a dataset can be filtered by how hard its scans are.
"""

from __future__ import annotations

import io
import random
from enum import StrEnum

import numpy as np
import pymupdf
from PIL import Image, ImageEnhance, ImageFilter
from pydantic import BaseModel, ConfigDict

from docgen.errors import DocGenError

__all__ = ["ScanFormat", "ScanFormatError", "ScanParams", "draw_scan_params", "scan_pdf"]


class ScanFormat(StrEnum):
    """File formats a scan can be saved as."""

    PNG = "png"
    JPEG = "jpeg"
    TIFF = "tiff"
    PDF = "pdf"

    @property
    def extension(self) -> str:
        """File extension without the dot."""
        return {"png": "png", "jpeg": "jpg", "tiff": "tif", "pdf": "pdf"}[self.value]

    @property
    def multi_page(self) -> bool:
        """Whether the format holds several pages."""
        return self in {ScanFormat.TIFF, ScanFormat.PDF}


class ScanFormatError(DocGenError):
    """The requested scan format cannot hold this document (several pages in a PNG or JPEG)."""


class ScanParams(BaseModel):
    """How a page was scanned and degraded."""

    model_config = ConfigDict(frozen=True)

    fmt: ScanFormat
    dpi: int
    angle: float
    blur: float
    noise: float
    contrast: float
    brightness: float
    jpeg_quality: int | None
    grayscale: bool
    bilevel: bool
    speckles: int


def draw_scan_params(rng: random.Random, fmt: ScanFormat, *, dpi: tuple[int, int] = (150, 300),
                     hard: bool | None = None) -> ScanParams:
    """Draw degradations; ``hard`` scans (low DPI, more blur and noise) come about one time in four."""
    hard = rng.random() < 0.25 if hard is None else hard
    bilevel = fmt is ScanFormat.TIFF and rng.random() < 0.4
    low, high = dpi
    chosen_dpi = rng.choice([d for d in (150, 200, 240, 300) if low <= d <= high] or [low])
    if hard:
        chosen_dpi = low
    quality = None
    if fmt in {ScanFormat.JPEG, ScanFormat.PDF}:
        quality = rng.randint(35, 60) if hard else rng.randint(60, 85)
    elif rng.random() < 0.3:
        quality = rng.randint(45, 80)  # a JPEG round trip somewhere upstream
    return ScanParams(
        fmt=fmt, dpi=chosen_dpi,
        angle=round(rng.uniform(-3.0, 3.0) if hard else rng.uniform(-1.2, 1.2), 2),
        blur=round(rng.uniform(0.6, 1.2) if hard else rng.uniform(0.0, 0.6), 2),
        noise=round(rng.uniform(8, 16) if hard else rng.uniform(2, 8), 1),
        contrast=round(rng.uniform(0.75, 1.25), 2), brightness=round(rng.uniform(0.9, 1.1), 2),
        jpeg_quality=quality, grayscale=bilevel or rng.random() < 0.75, bilevel=bilevel,
        speckles=rng.randint(20, 200) if hard else rng.randint(0, 40),
    )


def _degrade(img: Image.Image, p: ScanParams, rng: np.random.Generator) -> Image.Image:
    white = 255 if img.mode == "L" else (255, 255, 255)
    if img.mode == "RGB":  # slightly yellowed paper
        tint = np.array([1.0, 0.985, 0.95])
        img = Image.fromarray((np.asarray(img, dtype=np.float32) * tint).clip(0, 255).astype(np.uint8))
        white = (255, 251, 242)
    if p.angle:
        img = img.rotate(p.angle, resample=Image.Resampling.BICUBIC, expand=False, fillcolor=white)
    if p.blur > 0:
        img = img.filter(ImageFilter.GaussianBlur(p.blur))
    img = ImageEnhance.Contrast(img).enhance(p.contrast)
    img = ImageEnhance.Brightness(img).enhance(p.brightness)
    arr = np.array(img, dtype=np.float32)  # a writable copy
    if p.noise > 0:
        # luminance noise: one channel, broadcast over colour (three times cheaper, looks the same)
        noise = rng.standard_normal(size=arr.shape[:2], dtype=np.float32)
        noise *= np.float32(p.noise)
        arr += noise if arr.ndim == 2 else noise[..., None]
    if p.speckles:
        h, w = arr.shape[:2]
        ys = rng.integers(0, h, size=p.speckles)
        xs = rng.integers(0, w, size=p.speckles)
        arr[ys, xs] = rng.uniform(0, 90, size=(p.speckles, *arr.shape[2:])).astype(np.float32)
    np.clip(arr, 0, 255, out=arr)
    img = Image.fromarray(arr.astype(np.uint8))
    if p.jpeg_quality is not None and p.fmt not in {ScanFormat.JPEG, ScanFormat.PDF}:
        buf = io.BytesIO()
        img.save(buf, format="JPEG", quality=p.jpeg_quality)
        img = Image.open(io.BytesIO(buf.getvalue()))
        img.load()
    if p.bilevel:
        threshold = 185 + int(rng.integers(-15, 16))  # high enough that grey print stays legible
        img = img.convert("L").point(lambda v: 255 if v > threshold else 0).convert("1")
    return img


def _render_pages(pdf: bytes, p: ScanParams) -> list[Image.Image]:
    pages: list[Image.Image] = []
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        for page in doc:
            cs = pymupdf.csGRAY if p.grayscale else pymupdf.csRGB
            pix = page.get_pixmap(dpi=p.dpi, colorspace=cs, alpha=False)
            mode = "L" if p.grayscale else "RGB"
            pages.append(Image.frombytes(mode, (pix.width, pix.height), pix.samples))
    return pages


def scan_pdf(pdf: bytes, params: ScanParams, seed: int) -> bytes:
    """Rasterise ``pdf`` and degrade it as ``params`` says; returns the file in ``params.fmt``."""
    rng = np.random.default_rng(seed)
    images = [_degrade(img, params, rng) for img in _render_pages(pdf, params)]
    if len(images) > 1 and not params.fmt.multi_page:
        raise ScanFormatError(f"a {len(images)}-page document cannot be saved as {params.fmt.value}; "
                              "use tiff or pdf")
    buf = io.BytesIO()
    dpi = (params.dpi, params.dpi)
    if params.fmt is ScanFormat.PNG:
        images[0].save(buf, format="PNG", dpi=dpi, compress_level=6)
    elif params.fmt is ScanFormat.JPEG:
        images[0].save(buf, format="JPEG", quality=params.jpeg_quality or 75, dpi=dpi)
    elif params.fmt is ScanFormat.TIFF:
        compression = "group4" if params.bilevel else "tiff_deflate"
        images[0].save(buf, format="TIFF", save_all=True, append_images=images[1:], compression=compression,
                       dpi=dpi)
    else:
        return _image_pdf(images, params)
    return buf.getvalue()


def _image_pdf(images: list[Image.Image], params: ScanParams) -> bytes:
    """A PDF whose pages are just JPEG images (what a scanner's "scan to PDF" writes)."""
    doc = pymupdf.open()
    for img in images:
        buf = io.BytesIO()
        img.convert("L" if params.grayscale else "RGB").save(buf, format="JPEG", quality=params.jpeg_quality or 75)
        width, height = img.size[0] * 72 / params.dpi, img.size[1] * 72 / params.dpi
        page = doc.new_page(width=width, height=height)
        page.insert_image(page.rect, stream=buf.getvalue())
    doc.set_metadata({"producer": "docgen scan", "creator": "docgen scan"})
    data = doc.tobytes(garbage=4, deflate=True, no_new_id=True)
    doc.close()
    return data
