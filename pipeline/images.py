"""Raster images: open PNG/JPEG/TIFF files within limits, normalise them, encode page images.

Every image's size is checked from its header before any pixel is decoded (decompression bombs), decoding
errors become typed errors (truncated vs corrupt), EXIF orientation is applied, every frame of a multi-page
TIFF becomes a page, and odd modes (16-bit, palette, alpha, CMYK) are flattened to 8-bit grey or RGB on white.
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageOps, UnidentifiedImageError

from pipeline.config import LimitSettings
from pipeline.errors import (
    CorruptFileError,
    DecompressionBombError,
    TooManyPagesError,
    TruncatedFileError,
)
from pipeline.models import FileKind

__all__ = [
    "ASSUMED_PAGE_INCHES",
    "RasterPage",
    "check_pixels",
    "encode_png",
    "estimate_dpi",
    "flatten",
    "open_raster",
    "resize_to_dpi",
]

logger = logging.getLogger(__name__)

#: Long side of a page in inches, assumed when an image carries no usable resolution (A4 is 11.7, Letter 11).
ASSUMED_PAGE_INCHES = 11.0

_END_MARKERS: dict[FileKind, bytes] = {FileKind.PNG: b"IEND", FileKind.JPEG: b"\xff\xd9"}


@dataclass(slots=True)
class RasterPage:
    """One page of an image file: the upright image (8-bit L or RGB) and its resolution in dots per inch.

    ``dpi_known`` says whether the resolution came from the file or was estimated.
    """

    image: Image.Image
    dpi: float
    dpi_known: bool


def check_pixels(width: int, height: int, limits: LimitSettings, what: str = "the image") -> None:
    """Raise :class:`DecompressionBombError` when ``width × height`` exceeds ``limits.max_pixels``."""
    pixels = int(width) * int(height)
    if pixels > limits.max_pixels:
        raise DecompressionBombError(
            f"{what} is {width}×{height} pixels ({pixels / 1e6:.0f} MP); the limit is "
            f"{limits.max_pixels / 1e6:.0f} MP (limits.max_pixels) — refusing to decode a possible decompression bomb"
        )


def _decode_error(exc: Exception, data: bytes, kind: FileKind) -> Exception:
    text = str(exc).lower()
    marker = _END_MARKERS.get(kind)
    missing_end = marker is not None and marker not in data[-64:]
    if "truncated" in text or missing_end:
        return TruncatedFileError(f"the {kind.value.upper()} file is cut short (truncated): {exc}")
    return CorruptFileError(f"the {kind.value.upper()} file is damaged and cannot be decoded: {exc}")


def flatten(image: Image.Image) -> Image.Image:
    """An 8-bit ``L`` or ``RGB`` copy of ``image``: alpha composited on white, 16-bit and float scaled."""
    mode = image.mode
    if mode in ("L", "RGB"):
        return image
    if mode == "1":
        return image.convert("L")
    if mode in ("I;16", "I;16B", "I;16L", "I;16N", "I", "F"):
        arr = np.asarray(image, dtype=np.float64)
        lo, hi = float(arr.min()), float(arr.max())
        if hi <= lo:
            return Image.new("L", image.size, 255 if hi > 0 else 0)
        scaled = (arr - lo) * (255.0 / (hi - lo))
        return Image.fromarray(np.clip(scaled, 0, 255).astype(np.uint8), "L")
    if mode == "P" and "transparency" in image.info:
        image = image.convert("RGBA")
    if mode in ("LA", "La", "PA", "RGBA", "RGBa") or image.mode == "RGBA":
        rgba = image.convert("RGBA")
        background = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        merged = Image.alpha_composite(background, rgba)
        return merged.convert("L" if mode in ("LA", "La") else "RGB")
    if mode == "P":
        return image.convert("RGB")
    return image.convert("RGB")  # CMYK, YCbCr, LAB, HSV


def _resolutions(image: Image.Image) -> tuple[float, float] | None:
    """The file's horizontal and vertical resolution, None where it names none."""
    dpi = image.info.get("dpi")
    if not dpi:
        return None
    try:
        return float(dpi[0]), float(dpi[1])
    except (TypeError, ValueError, IndexError):
        return None


#: pixels whose width and height differ by more than this ratio are made square before reading
_PIXEL_ASPECT_TOLERANCE = 1.1


def square_pixels(frame: Image.Image, resolutions: tuple[float, float] | None) -> Image.Image:
    """``frame`` stretched to square pixels where the file gives two resolutions that differ: a fax in standard
    mode is 204 × 98 DPI, and read as stored its lines come out half their height (OCR then reads little of
    them). The axis of the lower resolution is stretched to the higher one, smoothly (a fax's 1-bit pixels then
    read as strokes)."""
    if not resolutions or min(resolutions) <= 0:
        return frame
    x, y = resolutions
    if max(x, y) / min(x, y) <= _PIXEL_ASPECT_TOLERANCE:
        return frame
    width, height = frame.size
    size = (width, round(height * x / y)) if x > y else (round(width * y / x), height)
    logger.info("pixels of %g x %g DPI stretched to square: %dx%d -> %dx%d", x, y, width, height, *size)
    return frame.resize(size, Image.Resampling.BICUBIC)


def _file_dpi(resolutions: tuple[float, float] | None) -> float | None:
    if resolutions is None:
        return None
    value = max(resolutions)
    # 72/96 are usually defaults written by software, not a scan resolution
    if not 50 <= value <= 2400 or value in (72.0, 96.0):
        return None
    return value


def estimate_dpi(image: Image.Image) -> float:
    """A resolution for an image without one, assuming its long side is a page's long side."""
    return max(image.size) / ASSUMED_PAGE_INCHES


def open_raster(path: Path, kind: FileKind, limits: LimitSettings) -> list[RasterPage]:
    """The pages of a PNG, JPEG or TIFF file, upright (EXIF orientation applied), 8-bit L or RGB.

    Raises :class:`DecompressionBombError` (checked from headers before decoding, and Pillow's own check),
    :class:`TooManyPagesError`, :class:`TruncatedFileError` or :class:`CorruptFileError`.
    """
    data = Path(path).read_bytes()
    try:
        image = Image.open(io.BytesIO(data))
    except Image.DecompressionBombError as exc:
        raise DecompressionBombError(f"the image is too large to decode safely: {exc}") from exc
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        raise _decode_error(exc, data, kind) from exc

    frames = getattr(image, "n_frames", 1) if kind is FileKind.TIFF else 1
    if frames > limits.max_pages:
        raise TooManyPagesError(f"the image has {frames} pages; the limit is {limits.max_pages} (limits.max_pages)")
    pages: list[RasterPage] = []
    for index in range(frames):
        what = "the image" if frames == 1 else f"page {index + 1} of the image"
        try:
            if index:
                image.seek(index)
            check_pixels(*image.size, limits, what)
            image.load()
            frame = ImageOps.exif_transpose(image) or image
            frame = flatten(frame.copy() if frame is image else frame)
        except Image.DecompressionBombError as exc:
            raise DecompressionBombError(f"{what} is too large to decode safely: {exc}") from exc
        except DecompressionBombError:
            raise
        except (OSError, SyntaxError, ValueError, EOFError, MemoryError) as exc:
            raise _decode_error(exc, data, kind) from exc
        resolutions = _resolutions(image)
        dpi = _file_dpi(resolutions)
        if dpi is not None:
            frame = square_pixels(frame, resolutions)
        pages.append(RasterPage(frame, dpi or estimate_dpi(frame), dpi is not None))
    return pages


def resize_to_dpi(image: Image.Image, dpi: float, target_dpi: float) -> Image.Image:
    """``image`` scaled from ``dpi`` to ``target_dpi``; never enlarged."""
    if dpi <= 0 or target_dpi >= dpi:
        return image
    scale = target_dpi / dpi
    size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
    return image.resize(size, Image.Resampling.LANCZOS)


def encode_png(image: Image.Image) -> bytes:
    """PNG bytes of an L or RGB image (greyscale stays one channel: a third of the size)."""
    buf = io.BytesIO()
    flatten(image).save(buf, "PNG", optimize=False, compress_level=6)
    return buf.getvalue()
