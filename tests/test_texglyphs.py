"""Characters a typesetter builds from pieces: accents set as glyphs of their own, textcomp's drawn euro, words
broken at a soft hyphen."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from pipeline.config import Settings
from pipeline.ingest import identify
from pipeline.ocr import load_document
from pipeline.texglyphs import compose_accents, join_soft_hyphens


@pytest.mark.parametrize("text, composed", [
    ("Honor\u00b4e", "Honoré"), ("d\u2019\u00b4ech\u00b4eance", "d\u2019échéance"), ("`a", "à"),
    ("\u00d8deg\u02daard-Knutsen", "Ødegård-Knutsen"), ("fran\u00b8cais", "français"),
    ("Ostro\u0142\u02dbeka", "Ostrołęka"), ("Dzier\u02d9zoni\u00b4ow", "Dzierżoniów"), ("\u02c7Cesk\u00b4y", "Český"),
    ("K\u00a8oln", "Köln"), ("Mont\u00b4\u0131", "Montí"), ("\u02c6etre", "être"), ("Gro\u00dfe", "Große"),
    # no precomposed letter, or no accent: as it is
    ("`k", "`k"), ("x^y", "x^y"), ("2^3", "2^3"), ("\u02c6k", "\u02c6k"), ("C58.663,34", "C58.663,34"),
    ("\u00b4", "\u00b4"),
])
def test_an_accent_set_beside_its_letter_is_joined_to_it(text: str, composed: str):
    assert compose_accents(text) == composed


def _load(path: Path):
    s = Settings()
    return load_document(identify(path, path.parent, s.limits), s)


def test_an_ot1_text_layers_accents_read_as_accented_letters(tmp_path: Path):
    doc = pymupdf.open()
    page = doc.new_page(width=300, height=120)
    page.insert_text((20, 40), "Date d'\u00b4ech\u00b4eance : 22/02/2026", fontsize=10)
    page.insert_text((20, 60), "Factur\u00b4e `a Timoth\u00b4ee Garnier", fontsize=10)
    path = tmp_path / "ot1.pdf"
    doc.save(path)
    assert [w.text for w in _load(path).words] == ["Date", "d'échéance", ":", "22/02/2026", "Facturé", "à",
                                                   "Timothée", "Garnier"]


def _euro_page(path: Path, *, rules: bool) -> Path:
    """Amounts set as textcomp sets them in a font with no euro: a C, and two short rules across it."""
    doc = pymupdf.open()
    page = doc.new_page(width=300, height=160)
    for y, text in [(40, "Total C58.663,34"), (70, "Netto 6.065,19 C"), (100, "Invoice C12345")]:
        page.insert_text((20, y), text, fontsize=10, fontname="tiro")
        if rules and "Invoice" not in text:
            c = text.index("C")
            x = 20 + pymupdf.get_text_length(text[:c], "tiro", 10)
            w = pymupdf.get_text_length("C", "tiro", 10)
            for dy in (-4.4, -2.6):  # the euro's two bars, across the middle of the C
                page.draw_line((x - 0.5, y + dy), (x + w - 1, y + dy), width=0.4)
    doc.save(path)
    return path


def test_a_c_crossed_by_two_rules_reads_as_the_euro_sign(tmp_path: Path):
    words = [w.text for w in _load(_euro_page(tmp_path / "euro.pdf", rules=True)).words]
    assert words == ["Total", "€58.663,34", "Netto", "6.065,19", "€", "Invoice", "C12345"]


def test_a_c_without_rules_stays_a_c(tmp_path: Path):
    words = [w.text for w in _load(_euro_page(tmp_path / "c.pdf", rules=False)).words]
    assert words == ["Total", "C58.663,34", "Netto", "6.065,19", "C", "Invoice", "C12345"]


@pytest.mark.parametrize("text, font, read", [
    ("e", "TeX-feymr10", "€"), ("\u00a4", "MarVoSym", "€"), ("e", "NimbusRomNo9L-Regu", "e"), ("C", "MarVoSym", "C"),
])
def test_a_latex_euro_packages_sign_is_read_as_the_euro(tmp_path: Path, text: str, font: str, read: str):
    """eurosym's and marvosym's euro is a glyph of their own fonts, which the text layer calls ``e`` or ``¤``."""
    from pipeline.texglyphs import is_euro_font, mend_font_euro

    euro = (100.0, 10.0, 106.0, 20.0)  # the sign's box, then "12.50" set right after it
    euros = [euro] if is_euro_font(font, text) else []
    assert mend_font_euro(text + "12.50", 100.0, 130.0, 10.0, 20.0, euros) == read + "12.50"
    assert mend_font_euro("13,00" + text, 76.0, 106.0, 10.0, 20.0, euros) == "13,00" + read
    assert mend_font_euro("Total", 40.0, 70.0, 10.0, 20.0, [euro]) == "Total"  # no sign at either end
    assert mend_font_euro(text + "12.50", 100.0, 130.0, 30.0, 40.0, euros) == text + "12.50"  # another line


def test_a_word_broken_at_an_accent_hung_under_a_letter_is_joined():
    """Kerning around an ogonek makes PyMuPDF break ``jądro`` into ``j`` and ``˛adro`` with no gap between them; a
    word after a real space (``Facturé`` ``\\`a``) stays apart."""
    from pipeline.texglyphs import join_accented_words

    words = [(10.0, 0.0, 13.0, 9.0, "j", 0, 0, 0), (13.0, 0.0, 35.0, 9.0, "\u02dbadro", 0, 0, 1),
             (38.0, 0.0, 60.0, 9.0, "Factur\u00b4e", 0, 0, 2), (63.5, 0.0, 68.0, 9.0, "`a", 0, 0, 3),
             (10.0, 20.0, 30.0, 29.0, "\u02dbx", 0, 1, 0)]
    joined = join_accented_words(words)
    assert [w[4] for w in joined] == ["j\u02dbadro", "Factur\u00b4e", "`a", "\u02dbx"]
    assert joined[0][:4] == (10.0, 0.0, 35.0, 9.0)


def test_a_word_broken_at_a_soft_hyphen_reads_whole_where_its_rest_stands():
    words = [(10, 10, 60, 20, "Consultoría", 0, 0, 0), (62, 10, 99, 20, "Inteligen\u00ad", 0, 0, 1),
             (10, 24, 20, 34, "tes", 0, 1, 0), (22, 24, 50, 34, "S.L.N.E", 0, 1, 1),
             (10, 38, 30, 48, "Rech\u00adnung", 0, 2, 0), (32, 38, 50, 48, "Puer\u00ad", 0, 2, 1),
             (10, 60, 30, 70, "ta", 1, 0, 0)]  # another block: no continuation of "Puer"
    joined = join_soft_hyphens(words)
    assert [w[4] for w in joined] == ["Consultoría", "Inteligentes", "S.L.N.E", "Rechnung", "Puer", "ta"]
    # where the rest stands, at the start of its line, and reaching up to the next word
    assert joined[1][:4] == (10, 24, 22, 34) and joined[1][5:] == (0, 1, 0)
    assert joined[3][:4] == (10, 38, 30, 48)


DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


def _dejavu_page(path: Path, text: str) -> Path:
    """A page with ``text`` set in DejaVu Sans, whose text layer keeps U+00AD."""
    doc = pymupdf.open()
    page = doc.new_page(width=300, height=120)
    page.insert_font(fontname="dv", fontfile=str(DEJAVU))
    page.insert_text((20, 40), text, fontsize=10, fontname="dv")
    doc.save(path)
    return path


@pytest.mark.skipif(not DEJAVU.exists(), reason="needs a TrueType font whose text layer keeps U+00AD")
def test_a_text_layers_soft_hyphen_joins_the_word_it_broke(tmp_path: Path):
    path = _dejavu_page(tmp_path / "hyphenated.pdf", "Consultoría Inteligen\u00ad\ntes S.L.N.E")
    assert [(w.text, w.line) for w in _load(path).words] == [("Consultoría", 0), ("Inteligentes", 1), ("S.L.N.E", 1)]


@pytest.mark.skipif(not DEJAVU.exists(), reason="needs a TrueType font whose text layer keeps U+00AD")
def test_soft_hyphens_drawn_inside_words_are_hyphens(tmp_path: Path):
    """A producer that codes its hyphen glyph as U+00AD (Scribus) draws it inside words as wide as a hyphen:
    those are hyphens; a line still broken at one (a hyphenating typesetter's) reads whole."""
    path = _dejavu_page(tmp_path / "scribus.pdf", "Policy KV\u00ad41.288.564 Rech\u00ad\nnung 4796\u00ad166")
    assert [w.text for w in _load(path).words] == ["Policy", "KV-41.288.564", "Rechnung", "4796-166"]
    assert join_soft_hyphens([(10, 38, 30, 48, "Rech\u00adnung", 0, 2, 0)]) == [(10, 38, 30, 48, "Rechnung", 0, 2, 0)]


def _tracked_page(path: Path, lines: list[str]) -> Path:
    """Lines written straight into a content stream (``Tc`` sets the tracking, a ``TJ`` array a gap without a space
    glyph), as typesetters write them."""
    doc = pymupdf.open()
    height = 60 + 20 * len(lines)
    page = doc.new_page(width=300, height=height)
    page.insert_text((10, 10), ".", fontname="helv")  # the page's Helvetica resource
    font = page.get_fonts()[0][4]
    stream = "".join(f"BT /{font} 8 Tf {op} 20 {height - 40 - 20 * k} Td {text} ET\n"  # top down
                     for k, (op, text) in enumerate(lines))
    doc.update_stream(page.get_contents()[0], stream.encode())
    doc.save(path)
    return path


def test_a_letter_spaced_label_in_the_text_layer_reads_as_its_words(tmp_path: Path):
    """Tracking spreads the letters wider than PyMuPDF's word gap (``P A Y B Y``); only a printed space splits."""
    path = _tracked_page(tmp_path / "tracked.pdf", [
        ("2.4 Tc", "(PAY BY) Tj"), ("2.4 Tc", "(CUSTOMER REF.) Tj"), ("1.2 Tc", "(Invoice No) Tj"),
        ("0 Tc", "[(5)-600(x)-600(2)] TJ"),  # figures set apart without a space glyph stay apart
        ("0 Tc", "[(Total)-400(of)-400(a)-400(month)] TJ"),  # a line of words without space glyphs stays words
    ])
    lines: dict[int, list[str]] = {}
    for w in _load(path).words:
        lines.setdefault(w.line, []).append(w.text)
    assert list(lines.values()) == [["PAY", "BY"], ["CUSTOMER", "REF."], ["Invoice", "No"], ["5", "x", "2"],
                                    ["Total", "of", "a", "month"]]
