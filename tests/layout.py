"""Build engine words from a sketch of a page: rows of (x, text) cells, laid out like a PDF text layer; and read
them with the baseline engine."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path

from engine.base import Engine, EngineRequest, Word

CHAR_W = 0.008  # normalised width of one character
LINE_H = 0.022
FONT_H = 0.012


def layout(rows: Sequence[Sequence[tuple[float, str]] | str], *, top: float = 0.05,
           heights: dict[int, float] | None = None, leading: float | None = None) -> list[Word]:
    """Words for ``rows``: each row is a list of ``(x, text)`` cells (words one space apart) or ``"<page>"``
    to start a new page. ``heights`` gives a font height per row index (default 12 pt-ish); ``leading``, the
    distance from one row to the next in font heights (default: at least ``LINE_H``, 1.6 heights)."""
    words: list[Word] = []
    page, line, y = 0, 0, top
    for r, row in enumerate(rows):
        if row == "<page>":
            page, y = page + 1, top
            continue
        h = (heights or {}).get(r, FONT_H)
        for x, text in sorted(row):
            cx = x
            for token in text.split():
                w = len(token) * CHAR_W
                words.append(Word(text=token, page=page, line=line, bbox=(cx, y, cx + w, y + h)))
                cx += w + 0.7 * CHAR_W
        line += 1
        y += leading * h if leading else max(LINE_H, h * 1.6)
    return words


def layout_at(rows: Sequence[Sequence[tuple[float, str]] | str], tops: Sequence[float], height: float,
              heights: dict[int, float] | None = None) -> list[Word]:
    """Words for ``rows`` as :func:`layout` lays them out, each row's top at ``tops[row]`` and its words ``height``
    high (``heights`` gives some rows another): a page whose lines are set as a scan or a producer sets them."""
    return [w.model_copy(update={"bbox": (w.bbox[0], tops[w.line], w.bbox[2],
                                          tops[w.line] + (heights or {}).get(w.line, height))})
            for w in layout(rows)]


def ocr_words(rows: Sequence[tuple[int, str, float, float, float, float]]) -> list[Word]:
    """Engine words from a scan's OCR written down as (line, text, x0, y0, x1, y1)."""
    return [Word(text=t, page=0, line=n, bbox=(x0, y0, x1, y1)) for n, t, x0, y0, x1, y1 in rows]


def load_words(path: Path) -> list[Word]:
    """The words the pipeline's input stage reads from the file at ``path``."""
    from pipeline.config import Settings
    from pipeline.ingest import identify
    from pipeline.ocr import load_document

    settings = Settings()
    return load_document(identify(path, path.parent, settings.limits), settings).words


@functools.cache
def _baseline() -> Engine:
    from engine.registry import create_engine

    return create_engine("baseline")


def read_baseline(words: list[Word], target: type) -> dict:
    """What the baseline engine reads from ``words`` into the schema ``target``, checked to have read without
    an error."""
    (result,) = _baseline().extract_batch([EngineRequest(id="d", words=words, target=target)])
    assert result.error is None, result.error
    return result.data
