"""Fillable PDF forms: the values in a form's fields are read where the fields are, check boxes as boxes."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from engine.base import EngineRequest
from engine.registry import create_engine
from pipeline.config import Settings
from pipeline.formfields import CHECKED, UNCHECKED
from pipeline.ingest import identify
from pipeline.ocr import load_document
from schemas import get_schema

_TEXT_FIELDS = [("Full name of insured", "claimant", "Margaret O'Neill"),
                ("Date of birth", "dob", "14/03/1978"),
                ("Policy number", "policy", "NWM-4471920"),
                ("Street address", "street", "27 Harbour Road"),
                ("Postcode", "postcode", "BS1 4QA"),
                ("Town / City", "city", "Bristol"),
                ("Date of incident", "incident", "02/09/2026"),
                ("Amount claimed (GBP)", "amount", "1,284.50")]


def _text_field(page: pymupdf.Page, name: str, rect: pymupdf.Rect, value: str, multiline: bool = False) -> None:
    w = pymupdf.Widget()
    w.field_type, w.field_name, w.rect, w.field_value, w.text_fontsize = (
        pymupdf.PDF_WIDGET_TYPE_TEXT, name, rect, value, 10)
    if multiline:
        w.field_flags = pymupdf.PDF_TX_FIELD_IS_MULTILINE
    page.add_widget(w)


def _check_box(page: pymupdf.Page, name: str, x: float, y: float, on: bool) -> None:
    w = pymupdf.Widget()
    w.field_type, w.field_name, w.rect, w.field_value = (
        pymupdf.PDF_WIDGET_TYPE_CHECKBOX, name, pymupdf.Rect(x, y - 10, x + 11, y + 1), on)
    page.add_widget(w)


def fillable_claim_form(path: Path) -> Path:
    """A claim form whose answers are all in AcroForm fields: text fields, and check boxes beside options."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((50, 60), "Northwind Mutual Insurance", fontsize=16)
    page.insert_text((50, 85), "MOTOR AND PROPERTY CLAIM FORM", fontsize=12)
    y = 130
    for label, name, value in _TEXT_FIELDS:
        page.insert_text((50, y), label, fontsize=10)
        _text_field(page, name, pymupdf.Rect(220, y - 12, 480, y + 4), value)
        y += 28
    page.insert_text((50, y), "Type of claim", fontsize=10)
    for k, (option, on) in enumerate((("Motor", False), ("Home", True), ("Travel", False), ("Health", False))):
        _check_box(page, "type_" + option, 220 + 70 * k, y, on)
        page.insert_text((235 + 70 * k, y), option, fontsize=10)
    y += 28
    page.insert_text((50, y), "Was the incident reported to the police?", fontsize=10)
    for option, on, x in (("Yes", True, 300), ("No", False, 350)):
        _check_box(page, "police_" + option, x, y, on)
        page.insert_text((x + 15, y), option, fontsize=10)
    y += 40
    page.insert_text((50, y), "I declare that the information given is true and complete.", fontsize=10)
    y += 28
    page.insert_text((50, y), "Signature of insured", fontsize=10)
    _text_field(page, "signature", pymupdf.Rect(220, y - 12, 480, y + 4), "M. O'Neill")
    page.insert_text((50, y + 40), "Notes", fontsize=10)
    _text_field(page, "notes", pymupdf.Rect(220, y + 28, 480, y + 60), "Water damage\nkitchen ceiling", True)
    doc.save(path)
    return path


def _load(path: Path):
    settings = Settings()
    return load_document(identify(path, path.parent, settings.limits), settings)


def _lines(doc) -> list[str]:
    out: dict[int, list[str]] = {}
    for w in doc.words:
        out.setdefault(w.line, []).append(w.text)
    return [" ".join(v) for v in out.values()]


def test_check_boxes_read_as_boxes_beside_their_options(tmp_path: Path) -> None:
    doc = _load(fillable_claim_form(tmp_path / "claim.pdf"))
    lines = _lines(doc)
    # MuPDF draws a ticked box as the ZapfDingbats "3" and an empty one as nothing
    assert f"Type of claim {UNCHECKED} Motor {CHECKED} Home {UNCHECKED} Travel {UNCHECKED} Health" in lines
    assert f"Was the incident reported to the police? {CHECKED} Yes {UNCHECKED} No" in lines
    assert "3" not in [w.text for w in doc.words]
    assert "Policy number NWM-4471920" in lines
    # a multi-line field keeps its lines
    assert "Notes Water damage" in lines and "kitchen ceiling" in lines


def test_a_stale_appearance_gives_way_to_the_fields_value(tmp_path: Path) -> None:
    """A form filled by a tool that sets NeedAppearances: the field's value changed, its drawing did not."""
    path = fillable_claim_form(tmp_path / "claim.pdf")
    pdf = pymupdf.open(path)
    claimant = next(w for w in pdf[0].widgets() if w.field_name == "claimant")
    pdf.xref_set_key(claimant.xref, "V", "(Peter Smith)")
    pdf.save(tmp_path / "refilled.pdf")
    lines = _lines(_load(tmp_path / "refilled.pdf"))
    assert "Full name of insured Peter Smith" in lines
    assert not any("Margaret" in line for line in lines)


def test_a_fillable_claim_form_is_extracted_whole(tmp_path: Path) -> None:
    doc = _load(fillable_claim_form(tmp_path / "claim.pdf"))
    engine = create_engine("baseline", {})
    result = engine.extract_batch([EngineRequest(id="claim", words=doc.words, target=get_schema("claim_form"))])[0]
    assert result.data["claim_type"] == "home"
    assert result.data["police_report_filed"] is True
    assert result.data["signed"] is True
    assert result.data["policy_number"] == "NWM-4471920"
    assert result.data["claimant_name"] == "Margaret O'Neill"
    assert result.data["address"] == {"street": "27 Harbour Road", "city": "Bristol", "postal_code": "BS1 4QA"}


def test_check_marks_and_boxes_set_in_zapf_dingbats_read_as_marks(tmp_path: Path) -> None:
    """A form that draws its ticks and boxes in the ZapfDingbats font: the text layer holds the letters they are
    coded by ("4" for ✔, "o" for ❏), which are read as the marks."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 100), "Type of claim:", fontsize=11)
    x = 160
    for option, glyph in (("Motor", "o"), ("Home", "4"), ("Travel", "o")):
        page.insert_text((x, 100), glyph, fontname="zadb", fontsize=11)
        page.insert_text((x + 12, 100), option, fontsize=11)
        x += 60
    page.insert_text((72, 130), "Police report filed:", fontsize=11)
    page.insert_text((200, 130), "o", fontname="zadb", fontsize=11)
    page.insert_text((212, 130), "Yes 4 No", fontsize=11)  # a "4" in a text font stays a 4
    doc.save(tmp_path / "form.pdf")
    lines = _lines(_load(tmp_path / "form.pdf"))
    assert "Type of claim: ❏ Motor ✔ Home ❏ Travel" in lines
    assert "Police report filed: ❏ Yes 4 No" in lines
