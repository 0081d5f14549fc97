"""Forms whose producer fills the outline of every stroke instead of stroking it (Java2D printing to PostScript): a
box's frame is a filled square ring, a tick a filled sliver, a ring round an answer a filled band between two
ovals, a signature one long filled band of curves. They read as the strokes they are: the empty boxes stay empty,
the ticked one is ticked, the circled answer is the answer and the scrawl is a signature. An option of several
words ringed whole (``Home / Contents``) is that option."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from engine.base import SIGNATURE_MARK, EngineRequest, Word
from engine.registry import create_engine
from pipeline.formfields import CHECKED, UNCHECKED
from pipeline.outlines import stroked_outlines
from schemas import ClaimForm
from tests.layout import load_words

_INK = (0.0, 0.0, 0.0)
_PEN = (0.06, 0.1, 0.47)



def _read(words: list[Word]) -> dict:
    (result,) = create_engine("baseline").extract_batch([EngineRequest(id="d", words=words, target=ClaimForm)])
    return result.data


def _frame(page: pymupdf.Page, r: pymupdf.Rect, pen: float = 0.6) -> None:
    """A rectangle's stroke as its outline, filled: the outer and the inner contour, even-odd."""
    inner = pymupdf.Rect(r.x0 + pen, r.y0 + pen, r.x1 - pen, r.y1 - pen)
    shape = page.new_shape()
    for q in (r, inner):
        shape.draw_polyline([q.tl, q.tr, q.br, q.bl, q.tl])
    shape.finish(color=None, fill=_INK, even_odd=True, closePath=True)
    shape.commit()


def _tick(page: pymupdf.Page, x: float, y: float, size: float) -> None:
    """A tick's stroke as its outline, filled: down to the right, then a longer stroke up."""
    a, b, c = (x + 0.2 * size, y + 0.5 * size), (x + 0.42 * size, y + 0.8 * size), (x + 0.85 * size, y + 0.15 * size)
    shape = page.new_shape()
    shape.draw_polyline([pymupdf.Point(a[0], a[1] - 0.6), pymupdf.Point(b[0], b[1] - 1.0),
                         pymupdf.Point(c[0], c[1] - 0.5), pymupdf.Point(c[0] + 0.5, c[1] + 0.5),
                         pymupdf.Point(b[0], b[1] + 0.6), pymupdf.Point(a[0] - 0.5, a[1] + 0.4)])
    shape.finish(color=None, fill=_INK, closePath=True)
    shape.commit()


def _ring(page: pymupdf.Page, r: pymupdf.Rect, pen: float = 0.8) -> None:
    """An oval's stroke as the band between two ovals, filled even-odd."""
    shape = page.new_shape()
    shape.draw_oval(r)
    shape.draw_oval(pymupdf.Rect(r.x0 + pen, r.y0 + pen, r.x1 - pen, r.y1 - pen))
    shape.finish(color=None, fill=_INK, even_odd=True)
    shape.commit()


def _scrawl(page: pymupdf.Page, x: float, y: float) -> None:
    """A signature's stroke as its outline, filled: a wavy band of curves a pen's width across, out and back."""
    top = [pymupdf.Point(x + 20 * k, y + (8 if k % 2 else -8)) for k in range(7)]
    shape = page.new_shape()
    for a, b in zip(top, top[1:], strict=False):
        shape.draw_bezier(a, (a.x + 7, a.y), (b.x - 7, b.y), b)
    bottom = [pymupdf.Point(p.x, p.y + 1.2) for p in reversed(top)]
    shape.draw_bezier(top[-1], (top[-1].x + 1, top[-1].y), (bottom[0].x + 1, bottom[0].y), bottom[0])  # a round cap
    for a, b in zip(bottom, bottom[1:], strict=False):
        shape.draw_bezier(a, (a.x - 7, a.y), (b.x + 7, b.y), b)
    shape.finish(color=None, fill=_PEN, closePath=True)
    shape.commit()


def _form(path: Path) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((50, 60), "Albion Mutual Insurance plc", fontsize=14)
    page.insert_text((50, 80), "Notification of Loss", fontsize=12)
    y = 120
    for label, value in (("Full name of claimant:", "Courtney Rutherford"), ("Policy number:", "POL02171799"),
                         ("Street:", "15 Larkspur Blvd"), ("ZIP code:", "45402"), ("City:", "Dayton"),
                         ("Date of incident:", "09/14/2024"), ("Amount claimed:", "$12,815.57")):
        page.insert_text((50, y), label, fontsize=11)
        page.insert_text((220, y), value, fontsize=11)
        y += 26
    page.insert_text((50, y), "Type of claim:", fontsize=11)
    x = 220
    for option, ticked in (("Motor", False), ("Home", True), ("Health", False), ("Travel", False)):
        box = pymupdf.Rect(x, y - 12, x + 14, y + 2)
        _frame(page, box)
        if ticked:
            _tick(page, box.x0 + 1, box.y0 + 1, 12)
        page.insert_text((x + 20, y), option, fontsize=11)
        x += 32 + pymupdf.get_text_length(option, fontsize=11)
    y += 30
    page.insert_text((50, y), "Was the incident reported to the police?", fontsize=11)
    page.insert_text((300, y), "Yes", fontsize=11)
    page.insert_text((330, y), "/", fontsize=11)
    page.insert_text((345, y), "No", fontsize=11)
    _ring(page, pymupdf.Rect(294, y - 15, 325, y + 6))
    y += 40
    page.insert_text((50, y), "I declare that the information given is true.", fontsize=11)
    _scrawl(page, 330, y + 30)
    page.insert_text((330, y + 60), "Signature of claimant", fontsize=9)
    doc.save(path)


def test_strokes_filled_as_outlines_read_as_the_strokes_they_are(tmp_path: Path) -> None:
    _form(tmp_path / "form.pdf")
    words = load_words(tmp_path / "form.pdf")
    texts = [w.text for w in words]
    assert texts.count(CHECKED) == 2 and texts.count(UNCHECKED) == 4  # Home; Yes (and No left empty)
    assert texts.count(SIGNATURE_MARK) == 1
    data = _read(words)
    assert (data["claim_type"], data["police_report_filed"], data["signed"]) == ("home", True, True)


def test_a_filled_square_a_dot_and_a_bar_stay_fills() -> None:
    """A ticked box filled dark, a dot and a table's shaded band are no strokes; a rectangle's ring is."""
    def filled(items: list, rect: pymupdf.Rect) -> dict:
        return {"type": "f", "fill": _INK, "items": items, "rect": rect}

    def square(r: pymupdf.Rect) -> list:
        return [("l", r.tl, r.tr), ("l", r.tr, r.br), ("l", r.br, r.bl), ("l", r.bl, r.tl)]

    solid = pymupdf.Rect(100, 100, 112, 112)
    band = pymupdf.Rect(50, 200, 550, 215)
    ring = square(solid) + square(pymupdf.Rect(100.6, 100.6, 111.4, 111.4))
    out = stroked_outlines([filled(square(solid), solid), filled(square(band), band), filled(ring, solid)], 11.0)
    assert [d["type"] for d in out] == ["f", "f", "s"]
    assert out[2]["fill"] is None and out[2]["color"] == _INK and out[2]["width"] == pytest.approx(0.6, abs=0.05)


def _captioned_page(insurer: str, rows: list[tuple[str, str]], kind: str) -> tuple[pymupdf.Document, pymupdf.Page]:
    """A claim form's page: the insurer, caption and value rows, and the kind of claim's caption over its options."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((50, 60), insurer, fontsize=14)
    for k, (label, value) in enumerate(rows):
        page.insert_text((50, 100 + 26 * k), label, fontsize=11)
        page.insert_text((220, 100 + 26 * k), value, fontsize=11)
    page.insert_text((50, 190), kind, fontsize=11)
    return doc, page


def test_an_option_of_several_words_ringed_whole_is_that_option(tmp_path: Path) -> None:
    doc, page = _captioned_page("Nordstern Versicherung AG", [
        ("Vor- und Nachname:", "Wiebke Tiedemann"), ("Versicherungsschein-Nr.:", "R790/39105"),
        ("Schadentag:", "12.09.2024")], "Art des Schadens:")
    x = 60
    for option in ("Kfz", "Hausrat / Wohngebäude", "Kranken", "Reise"):
        page.insert_text((x, 212), option, fontsize=11)
        width = pymupdf.get_text_length(option, fontsize=11)
        if option.startswith("Hausrat"):
            page.draw_oval(pymupdf.Rect(x - 7, 198, x + width + 7, 218))
        x += width + 40
    doc.save(tmp_path / "form.pdf")
    words = load_words(tmp_path / "form.pdf")
    assert [w.text for w in words].count(CHECKED) == 1
    assert _read(words)["claim_type"] == "home"


def test_an_option_of_a_run_set_a_slash_apart_ringed_is_that_option(tmp_path: Path) -> None:
    """``Automóvel / Habitação / Saúde / Viagem`` with a ring round ``Viagem``: a run of options set a slash apart,
    each an option of its own; the ring ticks the one it encloses and is no signature."""
    doc, page = _captioned_page("Seguradora Atlântica, S.A.", [
        ("Nome do segurado:", "Rui Ferreira"), ("N.º da apólice:", "AU676559-44"), ("Data do sinistro:", "05/08/2024")],
        "Tipo de sinistro:")
    text = "Automóvel / Habitação / Saúde / Viagem"
    page.insert_text((60, 212), text, fontsize=11)
    word = page.search_for("Viagem")[0]
    _ring(page, pymupdf.Rect(word.x0 - 6, word.y0 - 3, word.x1 + 6, word.y1 + 3))
    doc.save(tmp_path / "form.pdf")
    words = load_words(tmp_path / "form.pdf")
    texts = [w.text for w in words]
    assert texts.count(CHECKED) == 1 and SIGNATURE_MARK not in texts
    assert _read(words)["claim_type"] == "travel"


def test_a_page_whose_text_is_one_path_of_outlines_is_read_by_ocr(tmp_path: Path) -> None:
    """OpenSCAD's SVG through cairo draws a whole page's letters as one path of many curves: no text layer and only
    a few paths, each of thousands of pieces. Such a page is OCR'd as one with a path per letter is; a page of a
    few short rules is not."""
    from pipeline.config import Settings
    from pipeline.pdf import load_page, needs_ocr

    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    shape = page.new_shape()
    for k in range(60):  # the outlines of a line of letters, one path
        x = 60 + 8 * k
        shape.draw_bezier((x, 100), (x + 2, 90), (x + 5, 90), (x + 6, 100))
    shape.finish(color=None, fill=(0, 0, 0))
    shape.commit()
    rules = doc.new_page(width=595, height=842)
    for y in (100, 200, 300):
        rules.draw_line((50, y), (545, y))
    doc.save(tmp_path / "outlined.pdf")
    settings = Settings()
    with pymupdf.open(tmp_path / "outlined.pdf") as pdf:
        verdicts = [needs_ocr(page, load_page(pdf, k, settings.limits)[1], settings.ocr) for k, page in
                    enumerate(pdf)]
    assert verdicts == [True, False]
