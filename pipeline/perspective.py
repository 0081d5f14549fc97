"""A photographed page flattened: the sheet found against the surface it lies on and its perspective undone.

A phone photo shows the page as a four-sided shape on a darker desk, its far edge shorter than its near one: the
text lines converge, and a table's right-hand amounts sit lower than their descriptions, so rows fall apart in the
reading order, which deskewing (one angle for the whole page) cannot mend. The sheet is the largest bright region
whose outline comes out as four corners, two of them at least inside the picture (a photo may cut off the
others); it is mapped onto an upright rectangle as long as its own sides. A page that fills its picture (a scan,
also one with a dark band across it, whose paper has its corners on the picture's edges), a region with no four
corners, or a sheet already square to the picture is left as it is.
"""

from __future__ import annotations

import logging

import numpy as np
from PIL import Image

__all__ = ["find_sheet", "flatten_page"]

logger = logging.getLogger(__name__)

#: the side the sheet is looked for at, in pixels
_WORK_SIDE = 1000
#: the sheet's least and most share of the picture: less is a detail, more is a page that fills its scan
_MIN_AREA, _MAX_AREA = 0.2, 0.95
#: a corner this share of the picture's side from its edge is on the edge: a photographed sheet has two corners
#: inside the picture at least (a photo may cut off the others), a scan's paper around a dark band has none
_EDGE = 0.01
#: corners within this share of the picture's side of their bounding box's: a sheet square to the picture
_SQUARE = 0.01


def _ordered(corners: np.ndarray) -> np.ndarray:
    """Four points as top-left, top-right, bottom-right, bottom-left."""
    s, d = corners.sum(axis=1), np.diff(corners, axis=1).ravel()
    return np.array([corners[np.argmin(s)], corners[np.argmin(d)], corners[np.argmax(s)], corners[np.argmax(d)]],
                    dtype=np.float32)


def find_sheet(image: Image.Image) -> np.ndarray | None:
    """The corners of the sheet photographed in ``image`` (top-left, top-right, bottom-right, bottom-left, in its
    pixels), or None where there is no sheet to flatten."""
    import cv2

    gray = np.asarray(image.convert("L"))
    scale = min(1.0, _WORK_SIDE / max(gray.shape))
    small = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else gray
    small = cv2.GaussianBlur(small, (5, 5), 0)
    _, paper = cv2.threshold(small, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    side = max(3, round(0.02 * max(small.shape)))  # close the text's holes in the paper
    paper = cv2.morphologyEx(paper, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (side, side)))
    contours, _ = cv2.findContours(paper, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return None
    outline = max(contours, key=cv2.contourArea)
    share = cv2.contourArea(outline) / (small.shape[0] * small.shape[1])
    if not _MIN_AREA <= share <= _MAX_AREA:
        return None
    corners = cv2.approxPolyDP(outline, 0.02 * cv2.arcLength(outline, True), True)
    if len(corners) != 4 or not cv2.isContourConvex(corners):
        return None
    quad = _ordered(corners.reshape(4, 2).astype(np.float32)) / scale
    x0, y0 = quad.min(axis=0)
    x1, y1 = quad.max(axis=0)
    rows, cols = gray.shape
    edge = _EDGE * max(rows, cols)
    on_edge = sum(x <= edge or y <= edge or x >= cols - 1 - edge or y >= rows - 1 - edge for x, y in quad.tolist())
    if on_edge >= 3:
        return None  # a dark band across a scanned page (a letterhead's, a table's): the paper's corners on its edges
    box = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float32)
    if float(np.abs(quad - box).max()) <= _SQUARE * max(gray.shape):
        return None
    return quad


def flatten_page(image: Image.Image) -> tuple[Image.Image, bool]:
    """``image`` with the sheet photographed in it mapped onto an upright rectangle, and whether it was."""
    import cv2

    quad = find_sheet(image)
    if quad is None:
        return image, False
    tl, tr, br, bl = quad
    width = round(max(np.linalg.norm(tr - tl), np.linalg.norm(br - bl)))
    height = round(max(np.linalg.norm(bl - tl), np.linalg.norm(br - tr)))
    target = np.array([[0, 0], [width - 1, 0], [width - 1, height - 1], [0, height - 1]], dtype=np.float32)
    matrix = cv2.getPerspectiveTransform(quad, target)
    pixels = np.asarray(image if image.mode in ("L", "RGB") else image.convert("RGB"))
    flat = cv2.warpPerspective(pixels, matrix, (width, height), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)
    logger.debug("photographed sheet flattened: corners %s", quad.round(1).tolist())
    return Image.fromarray(flat), True
