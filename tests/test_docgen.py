"""Tests of the synthetic document generator (docgen)."""

from __future__ import annotations

import io
import json
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pymupdf
import pytest
from PIL import Image
from typer.testing import CliRunner

from docgen import (
    SAMPLE_SET,
    DatasetSpec,
    DocGenError,
    GeneratedDoc,
    SampleSpec,
    ScanFormatError,
    generate,
    layouts,
    write_dataset,
)
from docgen.__main__ import app
from docgen.dataset import iter_dataset
from docgen.locales import DateStyle, NumberFormat, get_locale
from schemas import get_schema

SAMPLE_DIR = Path(__file__).resolve().parents[1] / "sample_data"
ALL_LAYOUTS = [(t, name) for t in ("invoice", "receipt", "claim_form") for name in layouts(t)]


def _text(doc: GeneratedDoc) -> str:
    with pymupdf.open(stream=doc.data, filetype="pdf") as pdf:
        return "".join(page.get_text() for page in pdf)


def _paths(doc: GeneratedDoc) -> set[str]:
    return {f.path for f in doc.fields}


# -- registry ----------------------------------------------------------------------------------------------

def test_layout_families_are_listed() -> None:
    assert len(layouts("invoice")) >= 6
    assert len(layouts("receipt")) >= 3
    assert len(layouts("claim_form")) >= 2
    assert len(set(layouts("invoice"))) == len(layouts("invoice"))


def test_unknown_names_fail_with_the_known_ones() -> None:
    with pytest.raises(DocGenError, match="known: invoice"):
        layouts("purchase_order")
    with pytest.raises(DocGenError, match="classic"):
        generate("invoice", 1, layout="no_such_layout")
    with pytest.raises(DocGenError, match="en-US"):
        generate("invoice", 1, locale="xx-XX")
    with pytest.raises(DocGenError, match="scanned=True"):
        generate("invoice", 1, fmt="png")


# -- determinism -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("doc_type", ["invoice", "receipt", "claim_form"])
def test_same_seed_same_document(doc_type: str) -> None:
    a, b = generate(doc_type, 42), generate(doc_type, 42)
    assert a.data == b.data
    assert a.truth == b.truth and a.layout == b.layout and a.locale == b.locale
    c = generate(doc_type, 43)
    assert c.data != a.data
    assert c.truth != a.truth


def test_same_seed_same_scan() -> None:
    a = generate("receipt", 7, layout="till", scanned=True, fmt="png", dpi=(150, 150))
    b = generate("receipt", 7, layout="till", scanned=True, fmt="png", dpi=(150, 150))
    assert a.data == b.data and a.scan == b.scan


def test_truth_does_not_depend_on_scanning() -> None:
    born = generate("invoice", 11, layout="boxed", n_items=3)
    scan = generate("invoice", 11, layout="boxed", n_items=3, scanned=True, fmt="jpeg", dpi=(150, 150))
    assert born.truth == scan.truth


# -- truth values ------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("doc_type", "layout"), ALL_LAYOUTS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_truth_validates_and_passes_rules(doc_type: str, layout: str, seed: int) -> None:
    doc = generate(doc_type, seed, layout=layout)
    model = get_schema(doc_type).model_validate(doc.truth)
    assert model.rule_violations() == []


@pytest.mark.parametrize("seed", range(12))
def test_invoice_arithmetic_is_exact(seed: int) -> None:
    truth = generate("invoice", seed).truth
    lines = truth["line_items"]
    assert 1 <= len(lines) <= 40
    for li in lines:
        if li["quantity"] is not None:
            expected = (Decimal(li["quantity"]) * Decimal(li["unit_price"])).quantize(Decimal("0.01"), ROUND_HALF_UP)
            assert Decimal(li["amount"]) == expected
    lines_sum = sum(Decimal(li["amount"]) for li in lines)
    total = Decimal(truth["total"])
    if truth["subtotal"] is not None:
        assert Decimal(truth["subtotal"]) == lines_sum
        assert Decimal(truth["subtotal"]) + Decimal(truth["tax"]) == total
    elif truth["tax"] is None:
        assert lines_sum == total
    if truth["due_date"] is not None:
        assert date.fromisoformat(truth["due_date"]) >= date.fromisoformat(truth["invoice_date"])


def test_values_vary_across_seeds() -> None:
    docs = [generate("invoice", s) for s in range(40)]
    truths = [d.truth for d in docs]
    assert len({t["currency"] for t in truths}) >= 4
    assert len({t["invoice_number"][:2] for t in truths}) >= 8  # many number shapes
    assert any(t["due_date"] is None for t in truths) and any(t["due_date"] for t in truths)
    assert any(t["tax"] is None for t in truths) and any(t["subtotal"] for t in truths)
    assert any(li["quantity"] is None for t in truths for li in t["line_items"])
    assert len({d.locale for d in docs}) >= 6


# -- what is printed ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("layout", layouts("invoice"))
def test_invoice_text_layer_shows_the_values(layout: str) -> None:
    doc = generate("invoice", 5, layout=layout)
    text = _text(doc)
    truth = doc.truth
    assert truth["invoice_number"] in text
    assert truth["vendor_name"] in text
    paths = _paths(doc)
    for key in ("vendor_name", "invoice_number", "invoice_date", "total"):
        assert key in paths, f"{key} not printed"
    for key in ("due_date", "subtotal", "tax"):
        assert (truth[key] is not None) == (key in paths), key
    for i, li in enumerate(truth["line_items"]):
        assert f"line_items[{i}].amount" in paths
        assert (li["quantity"] is not None) == (f"line_items[{i}].quantity" in paths)
    for span in doc.fields:
        assert span.text in text
    total_span = next(f for f in doc.fields if f.path == "total")
    digits = "".join(ch for ch in total_span.text if ch.isdigit())
    assert digits == truth["total"].replace(".", "")


@pytest.mark.parametrize(("doc_type", "layout"), [x for x in ALL_LAYOUTS if x[0] != "invoice"])
def test_receipt_and_form_values_are_printed(doc_type: str, layout: str) -> None:
    doc = generate(doc_type, 3, layout=layout)
    text = _text(doc)
    paths = _paths(doc)
    for span in doc.fields:
        assert span.text in text
    flat: dict[str, object] = {}
    for key, value in doc.truth.items():
        if isinstance(value, dict):
            flat.update({f"{key}.{k}": v for k, v in value.items()})
        else:
            flat[key] = value
    for key, value in flat.items():
        if value is None or (key == "police_report_filed" and value is False):
            continue
        assert key in paths, f"{key} not printed"
    if doc_type == "receipt":
        with pymupdf.open(stream=doc.data, filetype="pdf") as pdf:
            assert pdf[0].rect.width < 250  # a till roll, not a page


def test_forty_item_invoice_spans_pages() -> None:
    for layout in ("classic", "letter"):
        doc = generate("invoice", 21, layout=layout, n_items=40)
        assert doc.pages >= 2
        assert len(doc.truth["line_items"]) == 40
        amount_spans = {f.path for f in doc.fields if f.path.endswith(".amount")}
        assert len(amount_spans) == 40
        last_row = max(f.page for f in doc.fields if f.path == "line_items[39].amount")
        total_page = max(f.page for f in doc.fields if f.path == "total")
        assert total_page == doc.pages - 1 and last_row <= total_page
        assert min(f.page for f in doc.fields if f.path == "line_items[0].amount") == 0


# -- scans -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("fmt", ["png", "jpeg", "tiff", "pdf"])
def test_scans_have_no_text_layer(fmt: str) -> None:
    doc = generate("claim_form", 4, scanned=True, fmt=fmt, dpi=(150, 150))
    assert doc.scanned and doc.fmt == fmt and doc.scan is not None
    if fmt == "pdf":
        with pymupdf.open(stream=doc.data, filetype="pdf") as pdf:
            assert all(page.get_text().strip() == "" for page in pdf)
            assert all(page.get_images() for page in pdf)
    else:
        img = Image.open(io.BytesIO(doc.data))
        assert img.format == {"png": "PNG", "jpeg": "JPEG", "tiff": "TIFF"}[fmt]
        assert 1100 < img.size[0] < 1400  # A4 or Letter at 150 DPI
    assert doc.filename.endswith({"png": ".png", "jpeg": ".jpg", "tiff": ".tif", "pdf": ".pdf"}[fmt])


def test_multi_page_scan_needs_a_multi_page_format() -> None:
    with pytest.raises(ScanFormatError):
        generate("invoice", 21, layout="classic", n_items=40, scanned=True, fmt="png", dpi=(150, 150))


# -- locale formatting -------------------------------------------------------------------------------------

def test_number_formats() -> None:
    v = Decimal("1234567.5")
    assert NumberFormat(",", ".").format(v) == "1,234,567.50"
    assert NumberFormat(".", ",").format(v) == "1.234.567,50"
    assert NumberFormat(" ", ",").format(v) == "1 234 567,50"
    assert NumberFormat("'", ".").format(v) == "1'234'567.50"
    assert NumberFormat(",", ".", indian=True).format(v) == "12,34,567.50"
    assert NumberFormat(".", ",").format(Decimal("-5")) == "-5,00"
    assert NumberFormat(".", ",").format_quantity(Decimal("2.50")) == "2,5"


def test_date_styles() -> None:
    de = get_locale("de-DE")
    d = date(2024, 4, 3)
    assert DateStyle("{d}. {month} {yyyy}").format(d, de.months, de.months_abbr) == "3. April 2024"
    us = get_locale("en-US")
    assert DateStyle("{mm}/{dd}/{yyyy}").format(d, us.months, us.months_abbr) == "04/03/2024"
    assert DateStyle("{d} {mon} {yyyy}").format(d, us.months, us.months_abbr) == "3 Apr 2024"


# -- datasets and the sample set ---------------------------------------------------------------------------

def test_dataset_files_and_truth(tmp_path: Path) -> None:
    spec = DatasetSpec(n=6, seed=500, scanned_fraction=0.0)
    assert write_dataset(tmp_path, spec) == 6
    records = [json.loads(p.read_text()) for p in sorted(tmp_path.glob("*.json"))]
    assert len(records) == 6
    for rec in records:
        assert (tmp_path / rec["file"]).is_file()
        get_schema(rec["doc_type"]).model_validate(rec["values"])
        assert rec["fields"] and rec["generator"]["seed"] >= 500


def test_dataset_layout_and_type_selection(tmp_path: Path) -> None:
    held_out = DatasetSpec(n=5, seed=10_000, doc_type="invoice", layouts=("letter", "banded"), scanned_fraction=0)
    docs = list(iter_dataset(held_out))
    assert {d.layout for d in docs} <= {"letter", "banded"} and {d.doc_type for d in docs} == {"invoice"}
    assert [d.seed for d in docs] == list(range(10_000, 10_005))
    write_dataset(tmp_path, held_out, manifest=True)
    lines = (tmp_path / "manifest.jsonl").read_text().splitlines()
    assert len(lines) == 5 and json.loads(lines[0])["file"] == docs[0].filename
    with pytest.raises(DocGenError, match="unknown layout"):
        list(iter_dataset(DatasetSpec(n=1, layouts=("nope",))))


def test_cli_layouts_and_one(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["layouts", "--json"])
    assert result.exit_code == 0
    assert "classic" in json.loads(result.stdout)["layouts"]["invoice"]
    result = runner.invoke(app, ["one", "receipt", "3", "--out", str(tmp_path), "--layout", "till"])
    assert result.exit_code == 0, result.output
    assert len(list(tmp_path.glob("receipt-till-*.pdf"))) == 1
    result = runner.invoke(app, ["one", "invoice", "3", "--layout", "nope"])
    assert result.exit_code == 2


@pytest.mark.parametrize("spec", SAMPLE_SET, ids=lambda s: f"{s.doc_type}-{s.seed}")
def test_committed_sample_truth_matches_generator(spec: SampleSpec) -> None:
    # the truth is drawn before any scanning, so the born-digital twin has the same values
    twin = generate(spec.doc_type, spec.seed, layout=spec.layout, locale=spec.locale, n_items=spec.n_items)
    name = twin.filename.removesuffix(".pdf") + ("-scan" if spec.scanned else "")
    expected = [p for p in (SAMPLE_DIR / "expected").glob(f"{name}.*.json")]
    assert len(expected) == 1, f"no expected file for {name}"
    record = json.loads(expected[0].read_text())
    assert record["values"] == twin.truth
    assert (SAMPLE_DIR / record["file"]).is_file()


@pytest.mark.slow
def test_sample_set_regenerates_byte_for_byte(tmp_path: Path) -> None:
    from docgen import write_sample

    for doc in write_sample(tmp_path):
        assert (SAMPLE_DIR / doc.filename).read_bytes() == doc.data, doc.filename
        assert (SAMPLE_DIR / "expected" / f"{doc.filename}.json").read_text() == \
            (tmp_path / "expected" / f"{doc.filename}.json").read_text()
