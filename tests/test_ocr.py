"""The text/OCR stage: words, boxes and reading order from every input kind, and a typed error for every
kind of bad input. Tesseract runs in a handful of tests only (about a second each)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import numpy as np
import pymupdf
import pytest
from PIL import Image, ImageDraw, ImageFont

from pipeline import errors as E
from pipeline.config import LimitSettings, OCRSettings, Settings
from pipeline.deskew import estimate_skew, otsu_threshold
from pipeline.faint import drop_faint_words
from pipeline.images import open_raster
from pipeline.ingest import identify
from pipeline.layout import (
    LineUnit,
    RawWord,
    amount_zero,
    drop_leaders,
    is_garbage,
    join_split_cents,
    legal_form_words,
    letter_zero,
    order_lines,
    repair_ocr_words,
    split_bullets,
    split_glued_labels,
    split_glued_word,
    split_number_sign,
    strip_table_bars,
    state_zero,
)
from pipeline.models import FileKind, TextSource
from pipeline.ocr import load_document, page_image_path
from tests import inputs_factory as F


def settings(**limits) -> Settings:
    # Tesseract: these tests pin its page handling (deskew, orientation, small text, timeouts); the default
    # engine (RapidOCR) has a test of its own below
    return Settings(limits=LimitSettings(**limits), ocr=OCRSettings(engine="tesseract"))


def load(path: Path, s: Settings | None = None, **kw):
    s = s or settings()
    return load_document(identify(path, path.parent, s.limits), s, **kw)


def texts(doc) -> list[str]:
    return [w.text for w in doc.words]


def lines_of(doc) -> list[str]:
    out: dict[int, list[str]] = {}
    for w in doc.words:
        out.setdefault(w.line, []).append(w.text)
    return [" ".join(v) for v in out.values()]


def recall(found: list[str], truth: list[str]) -> float:
    pool = list(found)
    hits = 0
    for word in truth:
        if word in pool:
            pool.remove(word)
            hits += 1
    return hits / len(truth)


# --- born-digital ----------------------------------------------------------------------------------------


def test_born_digital_pdf_words_boxes_and_reading_order(tmp_path: Path):
    path = F.write_invoice_pdf(tmp_path / "inv.pdf", pages=2)
    doc = load(path, pages_dir=tmp_path / "pages")
    assert [p.text_source for p in doc.pages] == [TextSource.TEXT_LAYER] * 2
    first = [w for w in doc.words if w.page == 0]
    assert [w.text for w in first][: len(F.invoice_words())] == F.invoice_words()
    # the two header columns read as one line each
    assert lines_of(doc)[0] == "ACME Supplies Ltd INVOICE"
    assert "42 Harbour Street Invoice No: INV-2024-0173" in lines_of(doc)
    invoice = next(w for w in first if w.text == "INVOICE")
    assert invoice.bbox[0] == pytest.approx(400 / 612, abs=0.002)
    assert 0 < invoice.bbox[1] < invoice.bbox[3] < 80 / 792 + 0.01
    assert all(w.confidence == 1.0 and all(0 <= v <= 1 for v in w.bbox) for w in doc.words)
    # line numbers are document-wide and never go back
    assert [w.line for w in doc.words] == sorted(w.line for w in doc.words)
    assert min(w.line for w in doc.words if w.page == 1) > max(w.line for w in first)
    # page images: PNGs at image_dpi, also written under pages_dir/<sha[:16]>/page-<n>.png
    assert len(doc.images) == 2
    image = Image.open(io.BytesIO(doc.images[0]))
    assert image.size == (round(612 / 72 * 100), round(792 / 72 * 100))
    assert doc.pages[1].image_path == page_image_path(tmp_path / "pages", doc.source.sha256, 1)
    assert doc.pages[1].image_path.read_bytes() == doc.images[1]
    assert doc.pages[1].image_path.name == "page-2.png"
    assert set(doc.seconds) == {"load", "ocr"} and doc.seconds["ocr"] == 0


def test_text_layer_ligatures_are_written_out(tmp_path: Path):
    """A PDF whose text layer holds ligature glyphs (an HTML engine shapes "Office" with "ﬃ") reads as letters."""
    import pymupdf

    path = tmp_path / "lig.pdf"
    story = pymupdf.Story(html="<p>Marlow Office Supply, fluffy waffles</p>")
    writer = pymupdf.DocumentWriter(str(path))
    device = writer.begin_page(pymupdf.paper_rect("a4"))
    story.place(pymupdf.Rect(40, 40, 500, 200))
    story.draw(device)
    writer.end_page()
    writer.close()
    with pymupdf.open(str(path)) as raw:  # the file really holds ligatures
        assert any("\ufb03" in w[4] or "\ufb04" in w[4] for w in raw[0].get_text("words"))
    assert texts(load(path)) == ["Marlow", "Office", "Supply,", "fluffy", "waffles"]


def test_a_label_that_runs_into_its_value_in_another_style_is_split(tmp_path: Path):
    """A bold label wider than its table cell runs into the value set beside it: the text layer holds one word
    ("vencimiento01/06/2025"); where the value's own span starts a digit or a sign, it is two."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for x, y, text, font in [(300, 100, "Fecha de vencimiento", "hebo"), (300 + pymupdf.get_text_length(
            "Fecha de vencimiento", "hebo", 10), 100, "01/06/2025", "helv"), (300, 130, "Total:", "hebo"),
            (300 + pymupdf.get_text_length("Total:", "hebo", 10), 130, "$12.00", "helv"),
            (300, 160, "AC", "hebo"), (300 + pymupdf.get_text_length("AC", "hebo", 10), 160, "ME Tools", "helv"),
            (300, 190, "m", "helv"), (300 + pymupdf.get_text_length("m", "helv", 10), 186, "2", "hebo")]:
        page.insert_text((x, y), text, fontname=font, fontsize=10)
    doc.save(tmp_path / "glued.pdf")
    with pymupdf.open(str(tmp_path / "glued.pdf")) as raw:  # the text layer really runs them together
        assert "vencimiento01/06/2025" in [w[4] for w in raw[0].get_text("words")]
    words = texts(load(tmp_path / "glued.pdf"))
    assert words[:6] == ["Fecha", "de", "vencimiento", "01/06/2025", "Total:", "$12.00"]
    assert "vencimiento" in words and "ACME" in words and "m2" in words  # a two-style name, a unit: whole


@pytest.mark.parametrize(("line", "fixed"), [
    ("Muurverf wit 10 I", "Muurverf wit 10 l"), ("Farba 12,5 I", "Farba 12,5 l"),
    ("Kapitel I", "Kapitel I"), ("Phase I 10", "Phase I 10"), ("10 Ix", "10 Ix"),  # no litre
    ("Vægmaling hvid 10 1", "Vægmaling hvid 10 l"), ("Farba 12,5 i", "Farba 12,5 l"),
    ("Idropittura bianca 14 1", "Idropittura bianca 14 l"),
    ("Datum 10 1 2024", "Datum 10 1 2024"), ("Zimmer 2024 1", "Zimmer 2024 1"), ("Pos 1", "Pos 1"),
    ("Kabel 3 x 1", "Kabel 3 x 1"), ("IBAN 4402 1", "IBAN 4402 1"),  # no litre either
    ("Mineraalwater plat 6 x 1,5 1", "Mineraalwater plat 6 x 1,5 l"), ("Slagroom 35 % 1 1", "Slagroom 35 % 1 l"),
    ("Detergente industrial 20I", "Detergente industrial 20 l"),
    ("Acqua naturale 6 x 1,5I", "Acqua naturale 6 x 1,5 l"),
    ("Rabatt 10 % 1", "Rabatt 10 % 1"), ("Typ X20I", "Typ X20I"), ("2024 x 1,5 1", "2024 x 1,5 1"),
    # inside the words, after a pack's count times its volume, before what it is in
    ("Apple spritzer cloudy 6 x 1.0 1 glass", "Apple spritzer cloudy 6 x 1.0 l glass"),
    ("Organic oat drink 12 x 1 I carton", "Organic oat drink 12 x 1 l carton"),
    ("Schraube 3 x 20 1 Stk", "Schraube 3 x 20 1 Stk"),  # (a count after a whole figure: no litre)
    # in a rate: litres an hour, a minute
    ("External canister filter 600 I/h incl. media", "External canister filter 600 l/h incl. media"),
    ("Pumpe 12 I/min", "Pumpe 12 l/min"), ("Klasse 2 I/O", "Klasse 2 I/O"),
])
def test_a_litres_l_read_as_a_capital_i(line: str, fixed: str):
    words = [RawWord(t, 10 * k, 0, 10 * k + 8, 10) for k, t in enumerate(line.split())]
    assert " ".join(w.text for w in repair_ocr_words(words)) == fixed


@pytest.mark.parametrize(("line", "fixed"), [
    ("u1. Lipowa 67", "ul. Lipowa 67"), ("uI. Długa 5", "ul. Długa 5"), ("U1. Kwiatowa 3", "Ul. Kwiatowa 3"),
    ("Typ u1. 5", "Typ u1. 5"), ("Anlage u1.", "Anlage u1."),  # before no name, as it is
])
def test_a_polish_streets_ul_read_with_a_one(line: str, fixed: str):
    words = [RawWord(t, 10 * k, 0, 10 * k + 8, 10) for k, t in enumerate(line.split())]
    assert " ".join(w.text for w in repair_ocr_words(words)) == fixed


@pytest.mark.parametrize(("line", "fixed"), [
    ("14 Station Road, York Y035 2EW", "14 Station Road, York YO35 2EW"), ("Oxford 0X4 1AB", "Oxford OX4 1AB"),
    ("Poole P012 3XY", "Poole PO12 3XY"), ("Leeds LS1 4AP", "Leeds LS1 4AP"),
    ("Sheffield S10 2TN", "Sheffield S10 2TN"), ("Ref Y035 2024", "Ref Y035 2024"),  # a zero that is one
])
def test_a_british_postcodes_o_read_as_a_zero(line: str, fixed: str):
    words = [RawWord(t, 10 * k, 0, 10 * k + 8, 10) for k, t in enumerate(line.split())]
    assert " ".join(w.text for w in repair_ocr_words(words)) == fixed


@pytest.mark.parametrize(("line", "fixed"), [
    ("Summa exkl. moms288 482,47 kr", "Summa exkl. moms 288 482,47 kr"), ("Total1 234.50", "Total 1 234.50"),
    ("Kabel3 482,47", "Kabel3 482,47"),  # no sum's label: a code, as it is
])
def test_a_sums_label_run_into_its_amounts_thousands(line: str, fixed: str):
    words = [RawWord(t, 10 * k, 0, 10 * k + 8, 10) for k, t in enumerate(line.split())]
    assert " ".join(w.text for w in repair_ocr_words(words)) == fixed


def test_a_count_of_one_in_a_column_of_its_own_after_a_description_ending_on_a_figure_stays():
    """"Monitor 27" with its count "1" read in the same line unit but a column away is no litre."""
    words = [RawWord("Monitor", 0, 0, 60, 10), RawWord("27", 66, 0, 80, 10), RawWord("1", 160, 0, 166, 10)]
    assert [w.text for w in repair_ocr_words(words)] == ["Monitor", "27", "1"]
    near = [RawWord("Monitor", 0, 0, 60, 10), RawWord("27", 66, 0, 80, 10), RawWord("1", 86, 0, 92, 10)]
    assert [w.text for w in repair_ocr_words(near)] == ["Monitor", "27", "l"]


def test_a_sums_label_run_into_its_amount_in_one_span_is_split(tmp_path: Path):
    """A spreadsheet's total cell set right against its amount's, written as one run of text: "Total232.357,28"
    is the label and the amount, so is a word in lower case run into an amount too long for its cell
    ("betale1.403.703,04"); a word with figures in it otherwise ("Tel12.34", "Art4711") stays whole."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for y, text in [(100, "Subtotal 185.885,82 kr."), (130, "Total232.357,28 kr."), (160, "Tel12.34 Art4711"),
                    (190, "Total at betale1.403.703,04 kr.")]:
        page.insert_text((300, y), text, fontname="helv", fontsize=10)
    doc.save(tmp_path / "sum.pdf")
    assert texts(load(tmp_path / "sum.pdf")) == ["Subtotal", "185.885,82", "kr.", "Total", "232.357,28", "kr.",
                                                "Tel12.34", "Art4711", "Total", "at", "betale", "1.403.703,04", "kr."]


def test_rotated_page_text_comes_out_in_displayed_orientation(tmp_path: Path):
    doc = pymupdf.open()
    page = doc.new_page(width=792, height=612)  # landscape media shown as portrait through /Rotate 90
    page.set_rotation(90)
    for x, y, text in F.INVOICE_LINES:
        page.insert_text(pymupdf.Point(x, y) * page.derotation_matrix, text, fontsize=11, rotate=90)
    doc.save(tmp_path / "rot.pdf")
    loaded = load(tmp_path / "rot.pdf")
    assert loaded.pages[0].width == 612 and loaded.pages[0].height == 792
    assert texts(loaded) == F.invoice_words()
    invoice = next(w for w in loaded.words if w.text == "INVOICE")
    assert invoice.bbox[0] == pytest.approx(400 / 612, abs=0.002)


def _upright_invoice(path: Path, *, rotation: int = 0, margin_note: str | None = None) -> Path:
    """The invoice's lines set upright on a portrait page, shown turned by ``rotation`` (a stray /Rotate), with a
    vertical ``margin_note`` if given."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for x, y, text in F.INVOICE_LINES:
        page.insert_text((x, y), text, fontsize=11)
    if margin_note:
        page.insert_text((20, 700), margin_note, fontsize=7, rotate=90)
    page.set_rotation(rotation)
    doc.save(path)
    return path


@pytest.mark.parametrize("rotation", [90, 180, 270])
def test_a_page_shown_sideways_or_upside_down_is_turned_to_read_across(tmp_path: Path, rotation: int):
    loaded = load(_upright_invoice(tmp_path / "turned.pdf", rotation=rotation))
    assert loaded.pages[0].width == 612 and loaded.pages[0].height == 792
    assert texts(loaded) == F.invoice_words()
    invoice = next(w for w in loaded.words if w.text == "INVOICE")
    assert invoice.bbox[0] == pytest.approx(400 / 612, abs=0.002)
    picture = Image.open(io.BytesIO(loaded.images[0]))
    assert picture.width < picture.height  # the page image is turned with its words


def test_a_vertical_margin_note_does_not_turn_the_page(tmp_path: Path):
    loaded = load(_upright_invoice(tmp_path / "note.pdf", margin_note="Registered in Hamburg HRB 12345"))
    assert texts(loaded)[:len(F.invoice_words())] == F.invoice_words()


def test_plain_text_file_gets_grid_boxes_and_a_page_image(tmp_path: Path):
    path = tmp_path / "Faktura Płock.txt"
    path.write_text("Faktura nr: F 12/2021\tData: 2021-01-01\n\nNabywca:  GŁÓWNY URZĄD\n", encoding="utf-8")
    doc = load(path)
    assert doc.source.kind is FileKind.TEXT and doc.source.source == "Faktura Płock.txt"
    assert lines_of(doc) == ["Faktura nr: F 12/2021 Data: 2021-01-01", "Nabywca: GŁÓWNY URZĄD"]
    assert doc.pages[0].text_source is TextSource.PLAIN_TEXT
    data = next(w for w in doc.words if w.text == "Data:")
    nabywca = next(w for w in doc.words if w.text == "Nabywca:")
    urzad = next(w for w in doc.words if w.text == "GŁÓWNY")
    assert data.bbox[0] > nabywca.bbox[2]  # the tab kept its column
    assert urzad.bbox[0] - nabywca.bbox[2] == pytest.approx(2 * 6 / doc.pages[0].width)  # two spaces
    assert nabywca.bbox[1] > data.bbox[3]  # the blank line left its gap
    assert Image.open(io.BytesIO(doc.images[0])).mode == "L"


def test_long_text_is_paged_and_limited(tmp_path: Path):
    path = tmp_path / "long.txt"
    path.write_text("\n".join(f"line {i}" for i in range(250)) + "\fnext sheet\n")
    doc = load(path)
    assert len(doc.pages) == 4  # 100 + 100 + 50 lines, then the form feed
    assert doc.words[-2].text == "next" and doc.words[-2].page == 3
    with pytest.raises(E.TooManyPagesError):
        load(path, settings(max_pages=3))


# --- scans (Tesseract) ------------------------------------------------------------------------------------


def test_scanned_pdf_page_is_ocred_after_deskew(tmp_path: Path):
    scan = F.scanned_invoice(dpi=150, angle=2.0)
    path = F.image_pdf([scan], tmp_path / "scan.pdf", dpi=150)
    doc = load(path)
    page = doc.pages[0]
    assert page.text_source is TextSource.TESSERACT
    assert page.ocr_confidence is not None and page.ocr_confidence > 0.8
    assert recall(texts(doc), F.invoice_words()) >= 0.9
    found = lines_of(doc)
    assert any("ACME" in line and "INVOICE" in line for line in found)  # columns merged into one line
    order = " ".join(found)
    assert order.index("Subtotal") < order.index("Total due") < order.index("Payment")
    assert all(0 <= v <= 1 for w in doc.words for v in w.bbox)
    assert 0 < doc.seconds["ocr"] and page.words == len(doc.words)


def test_multipage_tiff_with_upside_down_and_blank_pages(tmp_path: Path):
    upright = F.render_page(F.invoice_pdf_doc(), 0, dpi=150)
    upside_down = upright.rotate(180)
    path = F.multipage_tiff([upright, upside_down, F.blank_image(600, 800)], tmp_path / "scan.tiff", dpi=150)
    doc = load(path)
    assert [p.index for p in doc.pages] == [0, 1, 2]
    assert doc.pages[2].words == 0  # a blank page is recorded, not an error
    for page in (0, 1):
        words = [w.text for w in doc.words if w.page == page]
        assert recall(words, F.invoice_words()) >= 0.9, page


def test_mixed_pdf_uses_text_layer_and_ocr_per_page(tmp_path: Path):
    doc = load(F.mixed_pdf(tmp_path / "mixed.pdf", scan_dpi=150))
    assert [p.text_source for p in doc.pages] == [TextSource.TEXT_LAYER, TextSource.TESSERACT,
                                                  TextSource.TEXT_LAYER]
    assert doc.pages[2].words == 0
    scanned = [w.text for w in doc.words if w.page == 1]
    assert recall(scanned, F.invoice_words()) >= 0.85
    assert len(doc.images) == 3


def test_the_pictures_of_a_text_layer_page_are_read_for_text(tmp_path: Path):
    doc = load(F.invoice_with_logo_pdf(tmp_path / "logo.pdf"))
    assert doc.pages[0].text_source is TextSource.TEXT_LAYER
    assert doc.pages[0].image_words == 2
    logo = [w for w in doc.words if w.text in ("Harbourline", "Logistics")]
    assert [w.text for w in logo] == ["Harbourline", "Logistics"]
    # placed where the picture is (x 72..315, y 34..66 of a 612 x 792 page), as the first line of the page
    for w in logo:
        assert 72 / 612 - 0.01 <= w.bbox[0] < w.bbox[2] <= 315 / 612 + 0.01
        assert 34 / 792 - 0.01 <= w.bbox[1] < w.bbox[3] <= 66 / 792 + 0.01
        assert w.line == 0 and w.confidence >= 0.6
    assert "Icon" not in texts(doc)  # too small to hold text
    assert recall(texts(doc), F.invoice_words()[3:]) == 1.0


@pytest.mark.parametrize("engine", ["tesseract", "auto"])
def test_a_logo_is_read_without_its_symbol(tmp_path: Path, engine: str):
    s = Settings(ocr=OCRSettings(engine=engine))
    doc = load(F.invoice_with_logo_pdf(tmp_path / "logo.pdf", "Bramble & Finch Ltd", disc=True), s)
    assert [w.text for w in doc.words if w.line == 0] == ["Bramble", "&", "Finch", "Ltd"]  # Tesseract: "@" first
    assert doc.pages[0].image_words == 4 and doc.pages[0].text_source is TextSource.TEXT_LAYER


def test_an_issuer_printed_only_in_a_logo_is_read_from_it(tmp_path: Path):
    from engine.base import EngineRequest
    from engine.baseline import BaselineEngine, BaselineOptions
    from schemas import Invoice

    doc = load(F.invoice_with_logo_pdf(tmp_path / "logo.pdf"))
    engine = BaselineEngine(BaselineOptions())
    (result,) = engine.extract_batch([EngineRequest(id="logo", words=doc.words, target=Invoice)])
    assert result.data["vendor_name"] == "Harbourline Logistics"
    assert result.data["invoice_number"] == "INV-2024-0173"


def test_a_picture_under_text_layer_words_and_image_text_max_zero_are_not_read(tmp_path: Path):
    doc = load(F.invoice_with_logo_pdf(tmp_path / "banner.pdf", under_text=True))
    assert "Banner" not in texts(doc)  # the text layer is printed over it: its own words are the page's
    assert "Harbourline" in texts(doc) and doc.pages[0].image_words == 2
    # a logo that repeats a printed line, with or without its legal form, adds no rival candidate for the name
    for logo in ("ACME Supplies", "ACME SUPPLIES LTD"):
        again = load(F.invoice_with_logo_pdf(tmp_path / "again.pdf", logo, printed=True))
        assert again.pages[0].image_words == 0 and texts(again).count("Supplies") == 1
    other = load(F.invoice_with_logo_pdf(tmp_path / "other.pdf", "ACME Logistics", printed=True))
    assert other.pages[0].image_words == 2
    s = settings()
    s.ocr.image_text_max = 0
    off = load(F.invoice_with_logo_pdf(tmp_path / "off.pdf"), s)
    assert "Harbourline" not in texts(off) and off.pages[0].image_words == 0


# --- documents without text -------------------------------------------------------------------------------


@pytest.mark.parametrize("make", ["blank_pdf", "blank_png", "noise_png", "blank_text_pdf"])
def test_documents_without_readable_text_fail_with_no_text(tmp_path: Path, make: str):
    if make == "blank_pdf":
        path = F.blank_pdf(tmp_path / "blank.pdf", pages=2)
    elif make == "blank_png":
        path = F.save_image(F.blank_image(), tmp_path / "blank.png")
    elif make == "noise_png":
        path = F.save_image(F.noise_image(), tmp_path / "noise.png")
    else:
        path = F.image_pdf([F.noise_image(600, 800)], tmp_path / "noise.pdf", dpi=100)
    with pytest.raises(E.OCRError) as err:
        load(path)
    assert err.value.code == "ocr.no_text"
    assert err.value.stage == "ocr"


# --- bad inputs -------------------------------------------------------------------------------------------


def _png(path: Path) -> Path:
    return F.save_image(F.render_page(F.invoice_pdf_doc(), 0, dpi=100), path)


def _jpeg(path: Path) -> Path:
    return F.save_image(F.render_page(F.invoice_pdf_doc(), 0, dpi=100), path, "JPEG")


@pytest.mark.parametrize(
    ("make", "error", "code"),
    [
        (lambda d: F.truncated_copy(F.write_invoice_pdf(d / "a.pdf", 3), d / "t.pdf", 0.5),
         E.TruncatedFileError, "input.truncated"),
        (lambda d: F.truncated_copy(_png(d / "a.png"), d / "t.png", 0.5), E.TruncatedFileError, "input.truncated"),
        (lambda d: F.truncated_copy(_jpeg(d / "a.jpg"), d / "t.jpg", 0.7), E.TruncatedFileError, "input.truncated"),
        (lambda d: F.corrupted_copy(_png(d / "a.png"), d / "c.png", 0.4), E.CorruptFileError, "input.corrupt"),
        (lambda d: F.corrupted_copy(F.write_invoice_pdf(d / "a.pdf", 3), d / "c.pdf", 0.3, 400),
         E.CorruptFileError, "input.corrupt"),
        (lambda d: (d / "j.pdf").write_bytes(b"%PDF-1.7\n" + b"garbage " * 100 + b"\n%%EOF\n") and d / "j.pdf",
         E.CorruptFileError, "input.corrupt"),
        (lambda d: F.encrypted_pdf(d / "e.pdf"), E.EncryptedFileError, "input.encrypted"),
        (lambda d: F.write_invoice_pdf(d / "p.pdf", pages=4), E.TooManyPagesError, "input.too_many_pages"),
        (lambda d: F.multipage_tiff([F.blank_image(50, 50)] * 4, d / "p.tif"), E.TooManyPagesError,
         "input.too_many_pages"),
        (lambda d: F.png_header_only(d / "bomb.png", 30_000, 30_000), E.DecompressionBombError,
         "input.decompression_bomb"),
        (lambda d: F.image_pdf([F.blank_image(3000, 3000)], d / "big.pdf"), E.DecompressionBombError,
         "input.decompression_bomb"),
    ],
    ids=["pdf-truncated", "png-truncated", "jpeg-truncated", "png-corrupt", "pdf-corrupt-page", "pdf-garbage",
         "pdf-encrypted", "pdf-too-many-pages", "tiff-too-many-pages", "png-bomb-header", "pdf-image-bomb"],
)
def test_bad_inputs_raise_typed_errors(tmp_path: Path, make, error, code):
    path = make(tmp_path)
    with pytest.raises(error) as err:
        load(path, settings(max_pages=3, max_pixels=5_000_000))
    assert err.value.code == code
    assert err.value.stage == "ingest"
    assert len(err.value.message) > 15 and not err.value.message.startswith("<")


def test_a_huge_page_is_rendered_within_the_pixel_limit(tmp_path: Path):
    doc = pymupdf.open()
    page = doc.new_page(width=5000, height=5000)  # 69 × 69 inches: 48 MP at 100 DPI
    page.insert_text((100, 100), "Poster invoice total 12.00", fontsize=40)
    doc.save(tmp_path / "poster.pdf")
    loaded = load(tmp_path / "poster.pdf", settings(max_pixels=2_000_000))
    image = Image.open(io.BytesIO(loaded.images[0]))
    assert image.width * image.height <= 2_000_000
    assert texts(loaded) == ["Poster", "invoice", "total", "12.00"]


def test_pillows_own_bomb_check_is_mapped(tmp_path: Path):
    path = F.png_header_only(tmp_path / "bomb.png", 20_000, 20_000)  # 400 MP: over twice Pillow's limit
    with pytest.raises(E.DecompressionBombError):
        load(path, settings(max_pixels=10**12))


def test_owner_password_only_pdf_opens_with_the_empty_password(tmp_path: Path):
    doc = load(F.encrypted_pdf(tmp_path / "owner.pdf", user_password=""))
    assert texts(doc)[:3] == ["ACME", "Supplies", "Ltd"]


def test_jpeg_exif_orientation_is_applied(tmp_path: Path):
    image = Image.new("L", (300, 100), 255)  # stored landscape
    exif = Image.Exif()
    exif[0x0112] = 6  # "rotate 90° clockwise to display"
    path = tmp_path / "photo.jpg"
    image.save(path, "JPEG", exif=exif.tobytes())
    (page,) = open_raster(path, FileKind.JPEG, LimitSettings())
    assert page.image.size == (100, 300)


def _fax_page() -> Image.Image:
    """A page as a fax server stores it in standard mode: 1-bit, 1728 pixels across, each line half as high as wide
    (204 x 98 DPI), so that the page looks squashed to half its height."""
    page = Image.new("L", (1728, 2200), 255)
    draw = ImageDraw.Draw(page)
    font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 34)
    for k, line in enumerate(["INVOICE", "Invoice number INV-2024-0042", "Date 12.03.2024", "Total EUR 1,234.56"]):
        draw.text((150, 200 + 80 * k), line, font=font, fill=0)
    return page.resize((1728, 1100), Image.Resampling.BILINEAR).point(lambda v: 0 if v < 160 else 255).convert("1")


def test_a_faxs_pixels_are_made_square(tmp_path: Path):
    """A fax TIFF in standard mode (204 x 98 DPI) is read at square pixels: before, its lines came out half their
    height and OCR read little of them."""
    path = tmp_path / "fax.tif"
    _fax_page().save(path, compression="group4", dpi=(204, 98))
    (page,) = open_raster(path, FileKind.TIFF, LimitSettings())
    assert page.image.size == (1728, 2290) and page.dpi == 204  # 1100 lines of 98 DPI at 204 DPI
    assert {"INV-2024-0042", "12.03.2024", "1,234.56"} <= set(texts(load(path)))
    square = tmp_path / "square.tif"
    Image.new("L", (300, 200), 255).save(square, dpi=(200, 204))  # a scanner's slightly uneven resolutions
    (page,) = open_raster(square, FileKind.TIFF, LimitSettings())
    assert page.image.size == (300, 200)
    # the same fax embedded in a PDF page, stretched over a letter page: squared too, and read
    pdf = pymupdf.open()
    sheet = pdf.new_page(width=612, height=792)
    buffer = io.BytesIO()
    _fax_page().save(buffer, "PNG")
    sheet.insert_image(sheet.rect, stream=buffer.getvalue(), keep_proportion=False)
    pdf.save(tmp_path / "fax.pdf")
    words = texts(load(tmp_path / "fax.pdf"))
    assert {"INV-2024-0042", "12.03.2024", "1,234.56"} <= set(words)


def test_odd_image_modes_are_flattened(tmp_path: Path):
    rgba = Image.new("RGBA", (40, 20), (0, 0, 0, 0))  # fully transparent: must become white, not black
    path = F.save_image(rgba, tmp_path / "a.png")
    (page,) = open_raster(path, FileKind.PNG, LimitSettings())
    assert page.image.mode == "RGB" and page.image.getpixel((5, 5)) == (255, 255, 255)
    wide = Image.new("I;16", (40, 20), 300)
    path = F.save_image(wide, tmp_path / "w.tif", "TIFF")
    (page,) = open_raster(path, FileKind.TIFF, LimitSettings())
    assert page.image.mode == "L"


def test_missing_language_data_is_a_config_error(tmp_path: Path):
    path = _png(tmp_path / "a.png")
    s = Settings(ocr=OCRSettings(engine="tesseract", languages="xx_nonexistent"))
    with pytest.raises(E.ConfigError, match="xx_nonexistent"):
        load(path, s)


def test_auto_languages_are_english_and_the_installed_others(tmp_path: Path):
    from pipeline.recognize import resolve_languages

    for lang in ("eng", "fra", "pol"):
        (tmp_path / f"{lang}.traineddata").write_bytes(b"")
    assert resolve_languages(OCRSettings(languages="auto", tessdata=str(tmp_path))) == "eng+fra+pol"
    assert resolve_languages(OCRSettings(languages="deu, eng", tessdata=str(tmp_path))) == "deu+eng"
    assert resolve_languages(OCRSettings(languages="auto", tessdata=str(tmp_path / "none"))).startswith("eng")


# --- pieces -----------------------------------------------------------------------------------------------


def test_estimate_skew_finds_the_rotation():
    page = F.render_page(F.invoice_pdf_doc(), 0, dpi=100)
    for angle in (-3.0, 1.2):
        rotated = page.rotate(angle, expand=True, fillcolor=255)
        assert estimate_skew(rotated) == pytest.approx(-angle, abs=0.15)
    assert estimate_skew(F.blank_image(200, 200)) == 0.0


def test_estimate_skew_of_a_bilevel_scan():
    """A fax-like 1-bit scan small enough to be read at its own size: its only grey levels are black and white, and
    the threshold between them keeps the black as ink."""
    page = F.render_page(F.invoice_pdf_doc(), 0, dpi=80).convert("L")
    for angle in (-3.5, 2.0):
        scan = page.rotate(angle, expand=True, fillcolor=255).point(lambda v: 255 if v > 160 else 0).convert("1")
        assert max(scan.size) < 1600
        assert estimate_skew(scan) == pytest.approx(-angle, abs=0.15)
    assert otsu_threshold(np.array([[0, 255], [255, 255]], dtype=np.uint8)) not in (0, 255)


def test_estimate_skew_of_a_page_photographed_on_a_darker_surface():
    """A phone photo: the page lies on a grey table, so half the picture is darker than the paper. The strokes and
    the page's edges still give the angle; the surface does not."""
    page = F.render_page(F.invoice_pdf_doc(), 0, dpi=60)
    for angle in (-3.0, 2.0):
        photo = Image.new("L", (page.width + 500, page.height + 500), 110)
        photo.paste(page, (250, 250))
        photo = photo.rotate(angle, resample=Image.Resampling.BICUBIC, fillcolor=110)
        assert estimate_skew(photo) == pytest.approx(-angle, abs=0.15)


def test_estimate_skew_of_a_turned_page_with_shaded_edges():
    """A photo whose top and bottom are in shadow: grey bands square to the picture, dark enough to count as ink
    beside the text and lined up at 0°. They reach the picture's edge, the text does not; the text gives the
    angle."""
    page = F.render_page(F.invoice_pdf_doc(), 0, dpi=100).convert("L")
    for angle in (-1.5, 1.5):
        photo = page.rotate(angle, resample=Image.Resampling.BICUBIC, fillcolor=255)
        draw = ImageDraw.Draw(photo)
        band = photo.height // 18
        draw.rectangle((0, 0, photo.width, band), fill=110)
        draw.rectangle((0, photo.height - band, photo.width, photo.height), fill=110)
        assert estimate_skew(photo) == pytest.approx(-angle, abs=0.15)


def test_estimate_skew_of_a_turned_page_over_the_edge_of_the_next_sheet():
    """A sheet scanned a little turned, the next sheet's edge and its shadow showing square to the picture along
    the bottom: too little of the picture to darken it past a page of text, yet most of its dark pixels, lined up at
    0°. They reach the picture's edge, the text does not; the text gives the angle."""
    page = F.render_page(F.invoice_pdf_doc(), 0, dpi=100).convert("L")
    for angle in (-1.5, 1.5):
        scan = page.rotate(angle, resample=Image.Resampling.BICUBIC, fillcolor=255)
        draw = ImageDraw.Draw(scan)
        band = scan.height // 40
        draw.rectangle((0, scan.height - band, scan.width, scan.height), fill=90)
        draw.line((0, scan.height - 2 * band, scan.width, scan.height - 2 * band), fill=60, width=3)
        assert estimate_skew(scan) == pytest.approx(-angle, abs=0.15)


def test_words_showing_through_from_the_back_of_the_sheet_are_dropped():
    """A duplex sheet's back shows through the scan faintly, and OCR reads pieces of it among the front's words:
    those far fainter than the page's print are dropped (a line left empty with them); grey print and light print
    on a dark band are kept."""
    image = Image.new("L", (900, 400), 245)
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=20)
    placed: list[tuple[str, int, int, int]] = []  # text, x, y, ink

    def put(text: str, x: int, y: int, ink: int) -> None:
        draw.text((x, y), text, fill=ink, font=font)
        placed.append((text, x, y, ink))

    draw.rectangle((0, 300, 900, 400), fill=40)  # a dark band along the foot
    for row, y in enumerate((20, 60, 100, 140, 180)):
        put(f"Invoice line {row}", 20, y, 20)
        put(f"{row + 1}.00 EUR", 400, y, 20)
    put("F2024/8833", 600, 20, 20)
    put("e.", 740, 20, 215)  # the back's print showing through beside the number
    put("snivocu", 600, 220, 215)  # a line of nothing but show-through
    put("Seite 1 von 1", 20, 220, 128)  # a footer in 50 % grey
    put("Danke", 20, 330, 250)  # light print on the dark band
    units = []
    for text, x, y, _ in placed:
        box = draw.textbbox((x, y), text, font=font)
        units.append(LineUnit([RawWord(text, box[0] - 1, box[1] - 2, box[2] + 1, box[3] + 2, 0.99)]))
    kept = [w.text for u in drop_faint_words(image, units) for w in u.words]
    assert "e." not in kept and "snivocu" not in kept
    assert {"F2024/8833", "Seite 1 von 1", "Danke", "Invoice line 0", "5.00 EUR"} <= set(kept)
    assert len(kept) == len(placed) - 2


def _unit(text: str, x: float, y: float, h: float = 10, horizontal: bool = True) -> LineUnit:
    words = []
    for token in text.split():
        words.append(RawWord(token, x, y, x + 8 * len(token), y + h))
        x += 8 * len(token) + 5
    return LineUnit(words, horizontal)


def test_order_lines_merges_columns_and_keeps_lines_apart():
    units = [
        _unit("Invoice no: 7", 300, 101),  # right column, same line as "Bill to"
        _unit("Bill to: Jane", 10, 100),
        _unit("Street 1", 10, 113),  # next line: overlaps the first by 0 px
        _unit("vertical margin", 590, 10, h=300, horizontal=False),
        _unit("Total 12.00", 10, 300, h=14),
    ]
    lines = [" ".join(w.text for w in line) for line in order_lines(units)]
    assert lines == ["Bill to: Jane Invoice no: 7", "Street 1", "Total 12.00", "vertical margin"]


def test_a_tall_heading_does_not_chain_two_lines_together():
    units = [_unit("ACME", 10, 82), _unit("INVOICE", 300, 80, h=30), _unit("Street", 10, 96)]
    lines = [" ".join(w.text for w in line) for line in order_lines(units)]
    assert lines == ["ACME INVOICE", "Street"]


def test_a_sidebars_labels_between_table_rows_do_not_split_a_row():
    """A sidebar's labels set between the rows of the line items beside it: each row stays one line (ordered by
    their centres alone, a row's figures joined the label above and its description the label below)."""
    units = [
        _unit("PAYMENT DUE", 10, 429, h=25), _unit("1,09", 960, 436, h=27), _unit("13,08", 1044, 436, h=24),
        _unit("12", 843, 437, h=29), _unit("Network cabling", 473, 441, h=29),
        _unit("28 May 2024", 10, 455, h=27), _unit("10,45", 1046, 463, h=31), _unit("20,90", 953, 466, h=28),
        _unit("0,5", 838, 469, h=28), _unit("Web hosting", 473, 471, h=32),
    ]
    lines = [" ".join(w.text for w in line) for line in order_lines(units)]
    assert lines == ["PAYMENT DUE Network cabling 12 1,09 13,08", "28 May 2024 Web hosting 0,5 20,90 10,45"]



def test_a_rows_figures_set_higher_than_its_description_join_it():
    """A table that sets its figures at the top of their cells and the description lower: the figures, a line of
    their own by less than half a line, join the description beside them; not the SKU line under it, which they
    do not overlap, and not a line whose words they stand over."""
    units = [
        _unit("1", 815, 428, h=26), _unit("4 738,00", 925, 428, h=26), _unit("4 738,00", 1090, 428, h=26),
        _unit("Produktfotografering", 100, 443, h=27),
        _unit("SKU 553-5713", 100, 469, h=23),
        _unit("3", 810, 528, h=24), _unit("13 958,00", 915, 528, h=24), _unit("41 874,00", 1060, 528, h=24),
        _unit("Webbdesign startsida", 100, 541, h=27),
        _unit("47 008,54", 100, 600, h=24),  # under the words of the line below it, by a third: two lines
        _unit("Summa exkl. moms", 100, 616, h=24),
        _unit("5", 810, 700, h=24), _unit("2,00", 915, 700, h=24),  # two rows of figures stay apart
        _unit("7", 810, 714, h=24), _unit("3,00", 915, 714, h=24),
    ]
    lines = [" ".join(w.text for w in line) for line in order_lines(units)]
    assert lines == ["Produktfotografering 1 4 738,00 4 738,00", "SKU 553-5713",
                     "Webbdesign startsida 3 13 958,00 41 874,00", "47 008,54", "Summa exkl. moms", "5 2,00",
                     "7 3,00"]


def test_an_amount_split_at_its_decimal_point_or_thousands_apostrophe_is_joined():
    """A dot-matrix total OCR read in two boxes, "109" right against ".22": one amount again; a count a space
    before cents ("12 .50") and a word before them stay apart. So is a Swiss amount split at its thousands
    apostrophe ("18" | "'924.99"), but not after a number with groups of its own."""
    words = [RawWord("TOTAL", 10, 0, 60, 20), RawWord("109", 200, 0, 230, 20), RawWord(".22", 230, 0, 252, 20),
             RawWord("EUR", 262, 0, 292, 20)]
    assert [w.text for w in join_split_cents(words)] == ["TOTAL", "109.22", "EUR"]
    assert join_split_cents(words)[1].x1 == 252
    apart = [RawWord("12", 200, 0, 220, 20), RawWord(".50", 226, 0, 250, 20), RawWord("No", 260, 0, 280, 20),
             RawWord(",75", 280, 0, 300, 20)]
    assert [w.text for w in join_split_cents(apart)] == ["12", ".50", "No", ",75"]
    swiss = [RawWord("18", 200, 0, 220, 20), RawWord("'924.99", 220, 0, 280, 20), RawWord("CHF", 288, 0, 318, 20)]
    assert [w.text for w in join_split_cents(swiss)] == ["18'924.99", "CHF"]
    assert [w.text for w in join_split_cents([RawWord("Pos 2", 150, 0, 190, 20), RawWord("1.245", 200, 0, 230, 20),
                                              RawWord("'578", 230, 0, 260, 20)])] == ["Pos 2", "1.245", "'578"]


def test_a_code_line_set_close_under_an_items_name_stays_a_line_of_its_own():
    """A two-line item cell with its figures set between the name and the article's code, the code's line close
    under the name's: the figures' band overlaps both, yet the code, under the name's words by less than half a
    line, is a line of its own (before, "Art. Software 453-80 licence annual (C9)" read as one line)."""
    units = [
        _unit("1", 82, 440, h=22), _unit("LED panel 60x60 (XL6)", 120, 438, h=26), _unit("20", 520, 437, h=28),
        _unit("A$59.25", 600, 436, h=28), _unit("A$1,185.00", 730, 438, h=24),
        _unit("2", 82, 474, h=25), _unit("Software licence annual (C9)", 120, 464, h=27),
        _unit("3", 525, 473, h=24), _unit("A$230.60", 600, 474, h=23), _unit("A$691.80", 730, 474, h=23),
        _unit("Art. 453-80", 119, 484, h=24),
    ]
    lines = [" ".join(w.text for w in line) for line in order_lines(units)]
    assert lines == ["1 LED panel 60x60 (XL6) 20 A$59.25 A$1,185.00",
                     "2 Software licence annual (C9) 3 A$230.60 A$691.80", "Art. 453-80"]


@pytest.mark.parametrize(("text", "conf", "garbage"), [
    ("", 0.9, True), ("  ", 0.9, True), ("|", 0.2, True), ("—", 0.1, True), ("|", 0.9, False),
    ("a1", 0.05, False), ("Total", 0.2, False),
])
def test_is_garbage(text: str, conf: float, garbage: bool):
    assert is_garbage(text, conf) is garbage


@pytest.mark.parametrize(("text", "parts"), [
    ("Rechnungs-Nr.:RE-2026-3878", ["Rechnungs-Nr.:", "RE-2026-3878"]),  # a label and its value, the space lost
    ("Datum:09.03.2026", ["Datum:", "09.03.2026"]),
    ("E-Mail:info@example.de", ["E-Mail:", "info@example.de"]),
    ("RechnungsnummerF835/2026", ["Rechnungsnummer", "F835/2026"]),  # a word for "number" and the number
    ("InvoiceNo.4711", ["InvoiceNo.", "4711"]),
    ("1.453,1736.329,25", ["1.453,17", "36.329,25"]),  # two amounts of a row
    ("1,453.1736,329.25", ["1,453.17", "36,329.25"]),
    ("107,73107,73", ["107,73", "107,73"]),
    ("DUE$120.77", ["DUE", "$120.77"]), ("TOTAL€12,00", ["TOTAL", "€12,00"]),  # a label, an amount and its sign
    ("12$848.98", ["12", "$848.98"]), ("2.5€1.234,50", ["2.5", "€1.234,50"]),  # a quantity and an amount
    ("innen28.06.2025.", ["innen", "28.06.2025."]), ("betal4702,30", ["betal", "4702,30"]),  # a word, its figure
    ("Total232.357,28", ["Total", "232.357,28"]), ("Subtotal1,204.50", ["Subtotal", "1,204.50"]),  # a sum's label
    ("Total12.05.2025", ["Total12.05.2025"]), ("Tel12.34", ["Tel12.34"]),  # a date is no sum; no sum's label
    ("INV2025", ["INV2025"]), ("Box3693", ["Box3693"]), ("page1", ["page1"]), ("v2.10", ["v2.10"]),
    ("$9,362.06by", ["$9,362.06", "by"]), ("12,50EUR", ["12,50EUR"]),  # an amount, then a word in lower case
    ("12,50zł", ["12,50zł"]), ("99,00kr", ["99,00kr"]),  # an amount with its currency
    ("10.30am", ["10.30am"]), ("14.30uhr", ["14.30uhr"]),  # a time of day
    # one word as it is
    ("US$120.77", ["US$120.77"]), ("NZ$5.00", ["NZ$5.00"]), ("12:30", ["12:30"]),
    ("https://example.de", ["https://example.de"]), ("1:100", ["1:100"]),
    ("19%:", ["19%:"]), ("Date:", ["Date:"]), ("1.444,24", ["1.444,24"]), ("2,094.48", ["2,094.48"]),
    ("1,234.5612,00", ["1,234.5612,00"]),  # a decimal point, then a decimal comma: no pair
    ("1.245.53", ["1.245.53"]), ("12.345.678.90", ["12.345.678.90"]),  # one amount, its separators misread
    ("Casino5", ["Casino5"]), ("Rechnungsnummerabc1", ["Rechnungsnummerabc1"]),
    ("01.05.14-31.05.14", ["01.05.14-31.05.14"]),
    # a document's title and its number
    ("FactuurINV-2026-3685", ["Factuur", "INV-2026-3685"]), ("VATFV/558/02/2026", ["VAT", "FV/558/02/2026"]),
    ("Invoices", ["Invoices"]), ("VAT20", ["VAT", "20"]), ("Invoice2024", ["Invoice2024"]),
])
def test_words_ocr_ran_together_are_split(text: str, parts: list[str]):
    word = RawWord(text, 100, 10, 100 + 10 * len(text), 22, 0.9)
    out = split_glued_word(word)
    assert [w.text for w in out] == parts
    assert out[0].x0 == word.x0 and out[-1].x1 == word.x1 and all(w.confidence == 0.9 for w in out)
    assert all(a.x1 < b.x0 for a, b in zip(out, out[1:]))  # the lost space between them


@pytest.mark.parametrize("text, parts", [
    ("S.L.·", ["S.L.", "·"]), ("·Ronda", ["·", "Ronda"]), ("Ltd•Cork", ["Ltd", "•", "Cork"]),
    ("37536·", ["37536", "·"]), ("·", ["·"]), ("Harbour", ["Harbour"]), ("12.50", ["12.50"]),
])
def test_a_bullet_ocr_ran_into_a_word_is_a_word_of_its_own(text: str, parts: list[str]):
    word = RawWord(text, 100, 10, 100 + 10 * len(text), 22, 0.9)
    out = split_bullets(word)
    assert [w.text for w in out] == parts
    assert out[0].x0 == word.x0 and out[-1].x1 == word.x1 and all(w.confidence == 0.9 for w in out)
    assert all(a.x1 <= b.x0 for a, b in zip(out, out[1:]))


def test_a_scan_whose_ocr_glues_a_label_to_its_value_reads_both(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The OCR stage splits what the recogniser ran together, before reading order and the engine."""
    from pipeline import ocr
    from pipeline.recognize import OcrPage

    def fake(image: Image.Image, dpi: float, settings: OCRSettings) -> OcrPage:
        return OcrPage(units=[LineUnit([RawWord("Rechnungs-Nr.:RE-2026-3878", 10, 10, 300, 30)])], rotation=0,
                       image=image, source=TextSource.TESSERACT, confidence=0.9)

    monkeypatch.setattr(ocr, "ocr_page", fake)
    path = tmp_path / "scan.png"
    Image.new("RGB", (600, 400), "white").save(path)
    doc = load(path)
    assert [w.text for w in doc.words] == ["Rechnungs-Nr.:", "RE-2026-3878"]


@pytest.mark.parametrize(("text", "fixed"), [
    ("0rchard", "Orchard"), ("ESPRESS0", "ESPRESSO"), ("C0LA", "COLA"), ("H0TEL,", "HOTEL,"),
    ("R0AD-SIDE", "ROAD-SIDE"), ("0ak", "Oak"), ("0ld", "Old"), ("V.0.F.", "V.O.F."), ("N.V.0.", "N.V.O."),
    # codes, amounts and numbers keep their zeros
    ("A0B1", "A0B1"), ("INV0042", "INV0042"), ("10.00", "10.00"), ("0.0.", "0.0."), ("Ab0Cd", "Ab0Cd"),
    ("B0X", "B0X"), ("0kg", "0kg"), ("0.0.", "0.0."), ("A.0.", "A.0."),  # too short to tell, a unit, no initials
    ("SDTBGC0O", "SDTBGC0O"),  # five consonants in a row: a code
])
def test_a_zero_ocr_read_for_the_letter_o_in_a_word_of_letters_is_the_letter(text: str, fixed: str):
    assert letter_zero(text) == fixed


@pytest.mark.parametrize(("text", "fixed"), [
    ("EURO.00", "EUR0.00"), ("1O5.50", "105.50"), ("£O.99", "£0.99"), ("1,O00.00", "1,000.00"),
    # a decimal comma read as a semicolon on a fax
    ("194;97", "194,97"), ("1.245;50", "1.245,50"), ("12;5", "12;5"), ("a;12", "a;12"), ("1;234", "1;234"),
    # ... and an open zero read as a C, in an amount or a date
    ("4.586,CC", "4.586,00"), ("5.422,0C", "5.422,00"), ("C5/28/2025", "05/28/2025"), ("C8.09.2025", "08.09.2025"),
    ("CC.CC.2C25", "CC.CC.2C25"), ("C5/28", "C5/28"), ("ABC.12", "ABC.12"),
    # no amount's shape, or no digit at all: as read
    ("CO2", "CO2"), ("O.K.", "O.K."), ("NO.12", "NO.12"), ("OO.OO", "OO.OO"), ("EURO", "EURO"),
])
def test_an_o_ocr_read_for_a_zero_in_an_amount_is_the_zero_and_a_semicolon_the_decimal_comma(text: str, fixed: str):
    assert amount_zero(text) == fixed


@pytest.mark.parametrize(("texts", "fixed"), [
    (["Portland,", "0R", "97205"], ["Portland,", "OR", "97205"]), (["Toronto,", "0N", "M5V", "2T6"],
                                                                  ["Toronto,", "ON", "M5V", "2T6"]),
    (["Denver,", "C0", "80202-1234"], ["Denver,", "CO", "80202-1234"]),
    (["Unit", "0B", "97205"], ["Unit", "0B", "97205"]),  # no city before it: a code
])
def test_a_state_code_read_with_a_zero_between_city_and_zip_is_the_letters(texts: list[str], fixed: list[str]):
    words = [RawWord(t, 10 + 60 * i, 10, 60 + 60 * i, 22) for i, t in enumerate(texts)]
    assert [w.text for w in state_zero(words)] == fixed


@pytest.mark.parametrize(("texts", "fixed"), [
    (["Rossi", "&", "Costa", "S.r.I."], ["Rossi", "&", "Costa", "S.r.l."]),
    (["Bianchi", "s.r.1"], ["Bianchi", "s.r.l"]),
    (["Verdi", "S.R.I.,"], ["Verdi", "S.R.L.,"]),
    (["Adriatica", "Impianti", "S.r.I.s."], ["Adriatica", "Impianti", "S.r.l.s."]),  # the simplified S.r.l.s.
    (["Harz", "Feinkost", "Gm", "bH", "&", "Co."], ["Harz", "Feinkost", "GmbH", "&", "Co."]),
    (["Elbe", "G", "mbH"], ["Elbe", "GmbH"]),
    (["Gągała", "Sp.", "z", "0.0."], ["Gągała", "Sp.", "z", "o.o."]), (["Sp.", "z", "o.0.,"], ["Sp.", "z", "o.o.,"]),
    (["z", "0.0."], ["z", "0.0."]),  # no "Sp." before it
    (["Gm", "bH"][::-1], ["bH", "Gm"]), (["S.r.", "I."], ["S.r.", "I."]),  # not in that order, not one word
])
def test_a_legal_form_ocr_misread_in_a_name_is_read_as_printed(texts: list[str], fixed: list[str]):
    words = [RawWord(t, 10 + 60 * i, 10, 62 + 60 * i, 22) for i, t in enumerate(texts)]
    assert [w.text for w in legal_form_words(words)] == fixed


def test_a_legal_form_is_only_joined_from_words_close_together():
    words = [RawWord("Gm", 10, 10, 40, 22), RawWord("bH", 200, 10, 230, 22)]  # two cells of a table
    assert [w.text for w in legal_form_words(words)] == ["Gm", "bH"]


def test_the_ocr_stage_reads_a_zero_among_letters_as_the_letter_o(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    from pipeline import ocr
    from pipeline.recognize import OcrPage

    def fake(image: Image.Image, dpi: float, settings: OCRSettings) -> OcrPage:
        return OcrPage(units=[LineUnit([RawWord("5", 10, 10, 30, 30), RawWord("0rchard", 40, 10, 150, 30),
                                        RawWord("Road", 160, 10, 230, 30), RawWord("10.00", 300, 10, 380, 30)])],
                       rotation=0, image=image, source=TextSource.TESSERACT, confidence=0.9)

    monkeypatch.setattr(ocr, "ocr_page", fake)
    path = tmp_path / "scan.png"
    Image.new("RGB", (600, 400), "white").save(path)
    assert [w.text for w in load(path).words] == ["5", "Orchard", "Road", "10.00"]


@pytest.mark.parametrize(("texts", "parts"), [
    (["Invoice", "#1001"], ["Invoice", "#", "1001"]), (["INVOICE", "#INV63304"], ["INVOICE", "#", "INV63304"]),
    (["PO", "#TI/562/26-27"], ["PO", "#", "TI/562/26-27"]),
    (["Invoice", "Number", "#BLR_WFLD2015"], ["Invoice", "Number", "#BLR_WFLD2015"]),  # the label says number
    (["N°", "DE", "FACTURE:", "#MUM_WF2022"], ["N°", "DE", "FACTURE:", "#MUM_WF2022"]),  # colon, and "N°"
    (["Invoice:", "#1001"], ["Invoice:", "#1001"]),
    (["Invoice", "#"], ["Invoice", "#"]), (["Room", "#12"], ["Room", "#12"]),
    (["Invoice", "#ABC"], ["Invoice", "#ABC"]),  # no digit: no number
])
def test_the_number_sign_after_the_word_naming_a_document_is_the_labels(texts: list[str], parts: list[str]):
    line = [RawWord(t, 10 + 60 * i, 10, 60 + 60 * i, 22, 0.9) for i, t in enumerate(texts)]
    out = split_number_sign(line)
    assert [w.text for w in out] == parts
    assert all(a.x1 <= b.x0 for a, b in zip(out, out[1:]))


def test_default_engine_reads_scans_with_rapidocr(tmp_path: Path):
    """ocr.engine = auto reads an image page with RapidOCR, turned upright and deskewed first."""
    path = F.save_image(F.scanned_invoice(dpi=200, angle=1.5).rotate(90, expand=True), tmp_path / "scan.png",
                        dpi=200)
    doc = load(path, Settings())
    assert doc.pages[0].text_source is TextSource.RAPIDOCR
    assert recall(texts(doc), F.invoice_words()) >= 0.85
    assert re.search(r"Total due\s+201\.00", " ".join(lines_of(doc)))


def test_a_wrong_orientation_guess_does_not_turn_an_upright_page(monkeypatch: pytest.MonkeyPatch):
    """OSD is unsure on sparse pages: where it says "turned", both readings are made and the better one kept."""
    from pipeline import recognize

    image = F.scanned_invoice(dpi=200, angle=0.0)
    settings = OCRSettings(engine="tesseract")
    monkeypatch.setattr(recognize, "detect_orientation", lambda *a, **k: 180)
    page = recognize.ocr_page(image, 200, settings)
    words = [w.text for u in page.units for w in u.words]
    assert page.rotation == 0 and recall(words, F.invoice_words()) >= 0.85
    # and where the page is turned, the turned reading wins
    page = recognize.ocr_page(image.rotate(180, expand=True), 200, settings)
    words = [w.text for u in page.units for w in u.words]
    assert page.rotation == 180 and recall(words, F.invoice_words()) >= 0.85


def test_a_missed_quarter_turn_is_found_from_the_garbled_reading(monkeypatch: pytest.MonkeyPatch):
    """OSD misses a sideways page (it is unsure on sparse pages): RapidOCR then reads scattered, unsure letters,
    and the other turns are read until one reads as words."""
    from pipeline import recognize

    monkeypatch.setattr(recognize, "detect_orientation", lambda *a, **k: 0)
    image = F.scanned_invoice(dpi=200, angle=0.0).rotate(90, expand=True)
    page = recognize.ocr_page(image, 200, OCRSettings(engine="rapidocr"))
    words = [w.text for u in page.units for w in u.words]
    assert page.rotation == 270 and recall(words, F.invoice_words()) >= 0.85


def test_a_sideways_page_the_recognizer_reads_as_well_as_upright_is_turned(monkeypatch: pytest.MonkeyPatch):
    """RapidOCR turns a crop that stands on end before it reads it, so a page fed sideways can read as well as
    upright: the same words, as sure. Text running down the page counts for nothing when the turns are compared,
    and the turn OSD gave wins."""
    from pipeline import recognize

    class Turning(recognize.Recognizer):
        source = TextSource.RAPIDOCR

        def recognize(self, image: Image.Image, dpi: float) -> list[LineUnit]:  # the same words at any turn
            words = [RawWord(t, 10 + 60 * i, 10, 60 + 60 * i, 30, 0.95) for i, t in enumerate(
                ["Invoice", "INV-2024-6967", "Total", "1 579,85"])]
            return [LineUnit(words, horizontal=image.width > image.height)]  # lines stand on end on a turned page

    monkeypatch.setattr(recognize, "get_recognizer", lambda *a, **k: Turning())
    monkeypatch.setattr(recognize, "detect_orientation", lambda *a, **k: 90)
    sideways = Image.new("L", (300, 400), 255)  # a landscape page fed sideways: portrait as scanned
    page = recognize.ocr_page(sideways, 200, OCRSettings(engine="rapidocr", check_boxes=False, signatures=False))
    assert page.rotation == 90 and (page.image.width, page.image.height) == (400, 300)


def test_rapidocr_marks_lines_read_in_boxes_on_end_as_not_across() -> None:
    from pipeline.recognize import RapidOcrRecognizer

    font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 28)
    page = Image.new("L", (900, 300), 255)
    draw = ImageDraw.Draw(page)
    for row, text in enumerate(["Fjallmark Design AB", "Kungsgatan 154 Stockholm", "Att betala SEK 1 579,85"]):
        draw.text((40, 40 + 80 * row), text, fill=0, font=font)
    recognizer = RapidOcrRecognizer(OCRSettings(engine="rapidocr"))
    across = recognizer.recognize(page, 200)
    down = recognizer.recognize(page.rotate(90, expand=True), 200)
    assert across and all(u.horizontal for u in across)
    assert down and not any(u.horizontal for u in down if len(" ".join(w.text for w in u.words)) >= 4)


def test_a_page_under_a_halftone_screen_is_read_through_a_median_filter() -> None:
    """A receipt copied through a halftone screen: a grid of grey dots over the paper, which hides the print from
    OCR (nothing was read); read again through a 3×3 median filter, its words are read."""
    from pipeline import recognize

    font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", 20)
    page = Image.new("L", (600, 420), 232)
    draw = ImageDraw.Draw(page)
    lines = ["Hemsedal Skiutleie AS", "Strandgata 21 B", "3015 Drammen", "Kvittering nr. 5-58768",
             "14.09.2024  15:38", "Staver            69,00", "Skadeforsikring  480,95", "TOTALT NOK       549,95"]
    for k, text in enumerate(lines):
        draw.text((30, 20 + 48 * k), text, fill=90, font=font)
    pixels = np.array(page)
    for y in range(0, pixels.shape[0] - 1, 4):  # 2×2 dots, every fourth row, staggered
        for x in range((y // 4) % 2 * 4, pixels.shape[1] - 1, 8):
            pixels[y:y + 2, x:x + 2] = np.minimum(pixels[y:y + 2, x:x + 2], 140)
    read = recognize.ocr_page(Image.fromarray(pixels), 150,
                              OCRSettings(engine="rapidocr", check_boxes=False, signatures=False))
    text = " ".join(w.text for u in read.units for w in u.words)
    assert "Skiutleie" in text and "5-58768" in text and "549,95" in text


def test_garbled_readings() -> None:
    from pipeline.recognize import _garbled

    def unit(*words: tuple[str, float], horizontal: bool = True) -> LineUnit:
        return LineUnit([RawWord(t, 0, 0, 10, 10, c) for t, c in words], horizontal)

    assert _garbled([unit(("T", 0.6), ("c", 0.7), ("15", 0.8)), unit(("3", 0.7))])  # scattered, unsure letters
    assert not _garbled([unit(("Total", 0.6), ("due", 0.7), ("15,00", 0.8))])  # a poor scan still reads words
    assert not _garbled([unit(("1", 0.99), ("x", 0.99), ("A", 0.99))])  # short but sure: a table of codes
    assert _garbled([unit(("Invoice", 0.9), ("Total", 0.9), horizontal=False), unit(("12", 0.9))])  # vertical
    assert not _garbled([])


@pytest.mark.slow
def test_rapidocr_engine_reads_a_scan(tmp_path: Path):
    path = F.save_image(F.scanned_invoice(dpi=200, angle=1.5), tmp_path / "scan.png", dpi=200)
    s = Settings(ocr=OCRSettings(engine="rapidocr"))
    doc = load(path, s)
    assert doc.pages[0].text_source is TextSource.RAPIDOCR
    assert recall(texts(doc), F.invoice_words()) >= 0.85
    assert re.search(r"Total due\s+201\.00", " ".join(lines_of(doc)))


@pytest.mark.parametrize(("line", "parts"), [
    ("DESCRIPCIÓN UNIDADESPRECIO UNITARIO TOTAL", "DESCRIPCIÓN UNIDADES PRECIO UNITARIO TOTAL"),
    ("DESCRIPTION QUANTITYUNIT PRICE AMOUNT", "DESCRIPTION QUANTITY UNIT PRICE AMOUNT"),
    ("BESCHREIBUNG MENGEEINZELPREIS GESAMT", "BESCHREIBUNG MENGE EINZELPREIS GESAMT"),
    # one label, a word of a description, a line that is no table header: as they are
    ("UNITPRICE AMOUNT", "UNITPRICE AMOUNT"), ("DESCRIPTION AMOUNT", "DESCRIPTION AMOUNT"),
    ("PRINTER TONERPRICELESS 12.00", "PRINTER TONERPRICELESS 12.00"),
    ("SPECIAL QUANTITYPRICE OFFER", "SPECIAL QUANTITYPRICE OFFER"),
    # a text layer's grid cells set too close: two labels in one word, cut where the capital follows
    ("Popis PočetCena za jednotku Celkem", "Popis Počet Cena za jednotku Celkem"),
    ("Description QtyPrice Amount", "Description Qty Price Amount"),
    ("McDonald Amount", "McDonald Amount"),  # a name's capital, no label before it
    # a label's qualifier in brackets run into the next label
    ("Désignation Qté unitaire HT (EUR)Montant HT (EUR)", "Désignation Qté unitaire HT (EUR) Montant HT (EUR)"),
    ("Ref (A)Name", "Ref (A)Name"),  # no label after the bracket
])
def test_column_labels_ocr_ran_together_are_split(line: str, parts: str):
    words = [RawWord(t, 200 * i, 10, 200 * i + 8 * len(t), 22, 0.9) for i, t in enumerate(line.split())]
    out = split_glued_labels(words)
    assert " ".join(w.text for w in out) == parts
    assert out[0].x0 == words[0].x0 and out[-1].x1 == words[-1].x1
    assert all(a.x1 <= b.x0 for a, b in zip(out, out[1:]))


@pytest.mark.parametrize("line, kept", [
    # a run of dots inside a word (a text layer's \\dotfill, OCR's reading of a leader)
    ("TOTALE........................84,94", "TOTALE 84,94"),
    ("Bread ..................................... 15,58", "Bread 15,58"),
    ("AMOUNT DUE. . . . . . . . . .$197.91", "AMOUNT DUE. $197.91"),
    ("Invoice date.....10 March 2025", "Invoice date 10 March 2025"),
    ("Subtotal\u2026\u2026\u2026 70,86", "Subtotal 70,86"),
    # words of dots: two or more of them, a run of them, a lone "." between two words
    ("Datum . . 22.03.2026", "Datum 22.03.2026"),
    ("Číslo faktury . 2024-0148", "Číslo faktury 2024-0148"),
    ("Tax 5% \u00b7 \u00b7 \u00b7 \u00b7 9.42", "Tax 5% 9.42"),
    # no leader: amounts, dates, abbreviations, an ellipsis-free sentence end, a lone bullet between parts
    ("Total 1.234.567,00 12.03.2025 S.A.R.L. etc.", "Total 1.234.567,00 12.03.2025 S.A.R.L. etc."),
    ("Harbour Ltd · 4 Quay St · Cork", "Harbour Ltd · 4 Quay St · Cork"),
    ("Account no. 18277", "Account no. 18277"), ("Account no.. 18277", "Account no 18277"),
    # what OCR leaves of a leader at a word's ends
    ("Espresso.. ..3,41", "Espresso 3,41"), ("Cappuccino. .23,85", "Cappuccino. 23,85"),
    ("A PAYER. ..241,13 €", "A PAYER. 241,13 €"), ("Bread .10,22", "Bread 10,22"), ("Tip .50", "Tip .50"),
    # ... before an identifier, and before an amount's first group whose thousands OCR set apart
    ("N° client. ..CU-17801", "N° client. CU-17801"), ("Total HT .2 593,44", "Total HT 2 593,44"),
    ("Total TTC .3 112,13 €", "Total TTC 3 112,13 €"), ("Votre commande .4500650435", "Votre commande 4500650435"),
])
def test_dot_leaders_between_a_label_and_its_value_are_dropped(line: str, kept: str):
    words, x = [], 10.0
    for t in line.split():
        words.append(RawWord(t, x, 10, x + 6 * len(t), 22, 0.9))
        x += 6 * len(t) + 4
    out = drop_leaders(words)
    assert " ".join(w.text for w in out) == kept
    assert all(a.x1 <= b.x0 for a, b in zip(out, out[1:]))  # the leader's width stays a gap
    assert all(w.confidence == 0.9 for w in out)


def test_a_dot_leader_leaves_label_and_value_in_cells_of_their_own(tmp_path: Path):
    """A text layer's dot leaders (TeX's \\dotfill, a word processor's tab leader) go in the OCR stage: the label
    and the value are words of their own, apart."""
    doc = pymupdf.open()
    page = doc.new_page(width=300, height=200)
    page.insert_text((20, 40), "TOTAL" + "." * 30 + "84,94", fontsize=9)
    page.insert_text((20, 60), "Datum " + ". " * 12 + "22.03.2026", fontsize=9)
    path = tmp_path / "leaders.pdf"
    doc.save(path)
    out = load(path)
    assert lines_of(out) == ["TOTAL 84,94", "Datum 22.03.2026"]
    total, amount = out.words[:2]
    assert amount.bbox[0] - total.bbox[2] > 0.3  # the leader's width


def test_figures_of_two_rows_boxed_together_go_to_their_rows():
    """A monospaced table's quantity column: the detector boxed row 10's ``1`` and row 11's ``5`` together (the
    box is taller than wide, so it was read turned, though its top edge runs level). Each figure goes to its own
    row; text set vertically stays a vertical line."""
    units = [_unit("10 Viti M8x40", 10, 100, h=20), _unit("9,62", 400, 100, h=20),
             _unit("11 Carta A4", 10, 120, h=20), _unit("28,80", 400, 120, h=20),
             LineUnit([RawWord("1", 300, 101, 318, 119), RawWord("5", 300, 120, 318, 138)]),
             LineUnit([RawWord("VERTICAL", 590, 10, 600, 90), RawWord("TEXT", 590, 95, 600, 135)], horizontal=False)]
    lines = [" ".join(w.text for w in line) for line in order_lines(units)]
    assert lines == ["10 Viti M8x40 1 9,62", "11 Carta A4 5 28,80", "VERTICAL TEXT"]


def test_a_landscape_invoice_whose_table_header_crosses_the_middle_is_one_page(tmp_path: Path) -> None:
    """A landscape invoice whose descriptions end short of the sheet's middle and whose figures start past it: a
    gutter no word crosses runs down the middle, as on a sheet printed two pages up, but the table's header row
    runs across it (the description's label on the left, the figures' labels on the right): one page, each row's
    description on the line of its figures."""
    doc = pymupdf.open()
    page = doc.new_page(width=842, height=595)
    page.insert_text((30, 40), "Hollands Glorie Catering V.O.F.", fontname="helv", fontsize=9)
    page.insert_text((620, 40), "Factuurnummer   202509-7359", fontname="helv", fontsize=9)
    page.insert_text((30, 120), "Nr.   Art.nr.   Omschrijving", fontname="helv", fontsize=9)
    page.insert_text((450, 120), "Aantal     Prijs     Korting %     Bedrag", fontname="helv", fontsize=9)
    for k in range(22):
        page.insert_text((30, 140 + 18 * k), f"{k + 1}   SW-{1530 + k}   Windows Server 2022", fontname="helv",
                         fontsize=9)
        page.insert_text((460, 140 + 18 * k), f"{k + 1}     1.090,00     15 %     {926 + k},50", fontname="helv",
                         fontsize=9)
    doc.save(tmp_path / "landscape.pdf")
    words = load(tmp_path / "landscape.pdf").words
    for k in range(22):
        line = next(w.line for w in words if w.text == f"SW-{1530 + k}")
        assert any(w.text == f"{926 + k},50" for w in words if w.line == line)


def test_bars_of_a_typed_table_that_ocr_ran_into_its_values_are_dropped() -> None:
    """A fax of a table typed with ``|`` between its columns: OCR reads most bars glued to the value beside them, as
    a figure or a letter (``118,90 |`` as ``118,901``, ``| Arbeidsloon`` as ``jArbeidsloon``), a few alone. Where
    bars alone and such end characters line up down the page, the characters are the bars and go; a value's own last
    figure, off the bars' line, stays."""
    def word(text: str, x0: float, line: int) -> RawWord:
        return RawWord(text, x0, 100 + 20 * line, x0 + 9 * len(text), 116 + 20 * line, 0.9)

    lines = [
        [word("1", 40, 0), word("jArbeidsloon", 80, 0), word("3", 560, 0), word("57,631", 640, 0),
         word("172,89", 760, 0)],
        [word("2", 40, 1), word("|", 80, 1), word("Kabel", 98, 1), word("121", 560, 1), word("14,901", 640, 1),
         word("178,80", 760, 1)],
        [word("3", 40, 2), word("iMonitor", 80, 2), word("25", 560, 2), word("|", 578, 2), word("328,94", 640, 2),
         word("|", 685, 2), word("8.223,50", 742, 2)],
        [word("4", 40, 3), word("|", 80, 3), word("Kupfer", 98, 3), word("41", 569, 3), word("24,901", 640, 3),
         word("99,60", 751, 3)],
        [word("Summe", 600, 5), word("8.674,79", 742, 5)],
        [word("Tel.", 40, 7), word("0301", 80, 7)],
    ]
    out = [[w.text for w in line] for line in strip_table_bars(lines)]
    assert out[0] == ["1", "Arbeidsloon", "3", "57,63", "172,89"]
    assert out[1] == ["2", "|", "Kabel", "12", "14,90", "178,80"]
    assert out[2] == ["3", "Monitor", "25", "|", "328,94", "|", "8.223,50"]
    assert out[3] == ["4", "|", "Kupfer", "4", "24,90", "99,60"]
    assert out[4:] == [["Summe", "8.674,79"], ["Tel.", "0301"]]  # below the table, off its bars' lines
    assert strip_table_bars(lines[:1]) == lines[:1]  # no bar alone: nothing to line up with


def test_a_sheet_printed_two_pages_up_reads_one_page_after_the_other(tmp_path: Path) -> None:
    """``enscript -2r``: two pages side by side on a landscape sheet. Each line of the left page is read whole and
    before every line of the right page, never run on into the line beside it; a page of two columns that share
    its lines (words across the middle) stays one page."""
    doc = pymupdf.open()
    page = doc.new_page(width=842, height=595)
    for k in range(30):
        page.insert_text((30, 40 + 17 * k), f"{k:03d} Hosting jaarpakket   25   909,32", fontname="cour", fontsize=8)
        page.insert_text((450, 40 + 17 * k), f"{30 + k:03d} Projectmanagement   2,5   55,00", fontname="cour",
                         fontsize=8)
    doc.save(tmp_path / "twoup.pdf")
    words = load(tmp_path / "twoup.pdf").words
    numbers = [w.text for w in sorted(words, key=lambda w: w.line) if re.fullmatch(r"\d{3}", w.text)]
    assert numbers == [f"{k:03d}" for k in range(60)]
    assert all(len({w.text[:1] for w in words if w.line == line and w.text[:1] in "HP"}) == 1
               for line in {w.line for w in words})
    page.insert_text((200, 580), "a line that runs across the middle of the sheet, from the left page on into the "
                                 "right page", fontsize=8)
    doc.save(tmp_path / "columns.pdf")
    words = load(tmp_path / "columns.pdf").words
    first = min(w.line for w in words if w.text == "030")
    assert any(w.text == "000" for w in words if w.line == first)
