"""Skew estimation by projection profile.

Ink pixels are projected onto the vertical axis at candidate angles; text lines give the sharpest profile
(largest sum of squared row counts) when the angle matches the page's skew. Points are rotated rather than the
image, so a coarse-to-fine search costs a few hundred milliseconds on a page.
"""

from __future__ import annotations

import logging

import numpy as np
from PIL import Image, ImageFilter

__all__ = ["deskew", "estimate_skew", "otsu_threshold", "rotate"]

logger = logging.getLogger(__name__)

_WORK_SIDE = 1600
_MAX_POINTS = 250_000
#: the best angle must sharpen the profile at least this much over 0°, else the page is left as it is
_MIN_GAIN = 1.02
#: a page's text inks a few percent of it; past this share the dark pixels are mostly a surface around the page
_MAX_INK = 0.25
#: where the lines of a page this dark (share of its pixels) give no clear angle, its strokes are told from its
#: shaded edges by their neighbourhood and the angle is sought again
_DARK_EDGES = 0.08
#: ... or where most of its dark pixels reach the picture's edge (the next sheet's edge and its shadow across the
#: bottom of a scan, square to the picture, which the text is not)
_EDGE_SHARE = 0.5


def otsu_threshold(gray: np.ndarray) -> int:
    """Otsu's threshold of an 8-bit greyscale array."""
    hist = np.bincount(gray.ravel(), minlength=256).astype(np.float64)
    total = hist.sum()
    if total == 0:
        return 128
    levels = np.arange(256, dtype=np.float64)
    weight_bg = np.cumsum(hist)
    weight_fg = total - weight_bg
    sum_bg = np.cumsum(hist * levels)
    mean_bg = np.divide(sum_bg, weight_bg, out=np.zeros(256), where=weight_bg > 0)
    mean_fg = np.divide(sum_bg[-1] - sum_bg, weight_fg, out=np.zeros(256), where=weight_fg > 0)
    between = weight_bg * weight_fg * (mean_bg - mean_fg) ** 2
    # a tie spans the empty levels between two classes (a bilevel scan's black and white tie at every level
    # between them): its middle, so that ``gray < threshold`` keeps the dark class
    best = np.flatnonzero(between >= between.max())
    return int((best[0] + best[-1] + 1) // 2)


def _local_ink(gray: Image.Image) -> np.ndarray:
    """Pixels clearly darker than their neighbourhood: the strokes on a page photographed on a darker surface,
    and its edges (straight, so they line up with the text), but not the surface itself."""
    radius = max(4, round(max(gray.size) / 80))
    arr = np.asarray(gray, dtype=np.int16)
    local = np.asarray(gray.filter(ImageFilter.BoxBlur(radius)), dtype=np.int16)
    return arr < local - np.maximum(12, local // 8)


def _profile_score(ys: np.ndarray, xs: np.ndarray, angle: float) -> float:
    t = np.deg2rad(angle)
    proj = ys * np.cos(t) - xs * np.sin(t)
    bins = np.bincount((proj - proj.min()).astype(np.int64)).astype(np.float64)
    return float(np.dot(bins, bins))


def estimate_skew(image: Image.Image, max_angle: float = 10.0) -> float:
    """The counter-clockwise rotation in degrees that straightens the text lines of ``image`` (0 if unsure)."""
    gray = image.convert("L")
    scale = min(1.0, _WORK_SIDE / max(gray.size))
    if scale < 1.0:
        gray = gray.resize((max(1, int(gray.width * scale)), max(1, int(gray.height * scale))), Image.Resampling.BOX)
    arr = np.asarray(gray, dtype=np.uint8)
    threshold = otsu_threshold(arr)
    ink = arr < threshold
    if float(ink.mean()) > _MAX_INK:  # a photo of a page on a darker table: the background is no ink
        ink = _local_ink(gray)
    angle = _skew_of(ink, max_angle)
    if angle is None:
        # unsure: a photo's shaded margins, the grey wedges round a turned sheet or the edge of a sheet under it are
        # dark enough to count, and they lie square to the picture, not to the text; they run into the picture's
        # edge, where text does not. Sought again without them where they are many (more "ink" than a page of text
        # holds, or most of it)
        inside = _inside(ink)
        if float(ink.mean()) > _DARK_EDGES or inside.sum() < _EDGE_SHARE * ink.sum():
            angle = _skew_of(inside, max_angle)
    return angle or 0.0


def _inside(ink: np.ndarray) -> np.ndarray:
    """``ink`` without the dark regions that reach the picture's edge."""
    import cv2

    count, labels = cv2.connectedComponents(ink.astype(np.uint8), connectivity=8)
    if count <= 1:
        return ink
    edge = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
    return ink & ~np.isin(labels, edge[edge > 0])


def _skew_of(ink: np.ndarray, max_angle: float) -> float | None:
    """The rotation that lines up the rows of ``ink`` (a boolean picture of the page's dark pixels) best, None
    when no angle does so clearly better than none (a straight page, or no text)."""
    ink_share = float(ink.mean())
    if ink_share < 0.0005 or ink_share > 0.5:
        return None  # blank, or so dark that the "ink" is background
    ys, xs = np.nonzero(ink)
    if ys.size < 200:
        return None
    if ys.size > _MAX_POINTS:
        pick = np.random.default_rng(0).choice(ys.size, _MAX_POINTS, replace=False)
        ys, xs = ys[pick], xs[pick]
    ys = ys.astype(np.float64)
    xs = xs.astype(np.float64)

    def best_of(angles: np.ndarray) -> tuple[float, float]:
        scores = [_profile_score(ys, xs, a) for a in angles]
        i = int(np.argmax(scores))
        return float(angles[i]), float(scores[i])

    coarse, _ = best_of(np.arange(-max_angle, max_angle + 1e-9, 0.5))
    fine, fine_score = best_of(np.arange(coarse - 0.5, coarse + 0.5 + 1e-9, 0.05))
    if fine_score < _profile_score(ys, xs, 0.0) * _MIN_GAIN:
        return None
    return round(fine, 2)


def rotate(image: Image.Image, angle: float) -> Image.Image:
    """``image`` turned ``angle`` degrees counter-clockwise on an expanded white canvas."""
    fill = 255 if image.mode == "L" else (255, 255, 255)
    return image.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True, fillcolor=fill)


def deskew(image: Image.Image, max_angle: float = 10.0) -> tuple[Image.Image, float]:
    """``image`` rotated upright (white corners, canvas expanded) and the angle applied."""
    angle = estimate_skew(image, max_angle)
    if abs(angle) < 0.1:
        return image, 0.0
    logger.debug("deskewed by %.2f°", angle)
    return rotate(image, angle), angle
