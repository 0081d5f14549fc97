"""The JSON canvas without a model: compile, layout, binding, decoding, on a small tokenizer built here."""

from __future__ import annotations

import datetime as dt
import math
import re
from decimal import Decimal
from enum import StrEnum
from typing import Literal

import pytest
from pydantic import BaseModel, Field

import schemas
from engine.canvas import (
    CanvasValueError,
    SlotKind,
    SlotStrategy,
    Strategy,
    TextMode,
    bind,
    compile_plan,
    decode,
    encode_values,
    first_layout,
    force,
    layouts_for,
    next_layout,
)
from engine.canvas_decode import DecodeIssue, rescore_choice
from engine.errors import CanvasCompileError, CanvasDecodeError, CanvasOverflowError
from engine.tiny import build_tiny_tokenizer
from schemas import Address, ClaimForm, ClaimType, Invoice, LineItem, Receipt


@pytest.fixture(scope="module")
def tok():
    return build_tiny_tokenizer()


def _invoice(n_items: int = 3) -> Invoice:
    return Invoice(
        vendor_name="ACME Corp", invoice_number="INV-2024-001", invoice_date=dt.date(2024, 1, 31),
        due_date=dt.date(2024, 3, 1), currency="EUR", subtotal=Decimal("100.00"), tax=None,
        total=Decimal("100.00"),
        line_items=[LineItem(description=f"Widget {i}", quantity=Decimal(i + 1), unit_price=Decimal("12.50"),
                             amount=Decimal("12.50") * (i + 1)) for i in range(n_items)],
    )


def _claim() -> ClaimForm:
    return ClaimForm(claimant_name="Jane Doe", date_of_birth=None, policy_number="POL-77", claim_type=ClaimType.AUTO,
                     address=Address(street="1 Main St", city="Springfield", postal_code="12345"),
                     incident_date=dt.date(2023, 5, 1), claim_amount=Decimal("-1500.25"), police_report_filed=True,
                     signed=False)


@pytest.mark.parametrize("canvas_length", [128, 256])
@pytest.mark.parametrize("model", schemas.list_schemas(), ids=lambda m: m.doc_type)
def test_every_schema_compiles_with_its_keys_pinned(tok, model, canvas_length):
    plan = compile_plan(model, tok, canvas_length=canvas_length)
    skeleton = plan.skeleton_text()
    for name in model.model_fields:
        assert f'"{name}":' in skeleton
    assert plan.slots(), "a schema with fields has slots"
    layout = first_layout(plan)
    assert len(layout.template) == canvas_length
    # every pinned position holds a skeleton token; slots are exactly the None positions
    assert sum(s.slot.width for s in layout.slots) == layout.template.count(None)


@pytest.mark.parametrize("value", [_invoice(3), _invoice(0), _claim(),
                                   Receipt(merchant_name="Café Zürich", merchant_address=None,
                                           date=dt.date(2022, 12, 24), total=Decimal("7.90"))],
                         ids=["invoice", "invoice-no-items", "claim", "receipt"])
def test_encode_then_decode_round_trips(tok, value):
    plan = compile_plan(type(value), tok, canvas_length=128)
    canvases = encode_values(plan, value)
    data, fields = decode(plan, canvases)
    assert type(value).model_validate(data) == value
    assert all(0.0 <= f.confidence <= 1.0 for f in fields.values())


def test_forty_row_list_spans_canvases_and_comes_back_whole(tok):
    value = _invoice(40)
    plan = compile_plan(Invoice, tok, canvas_length=256)
    canvases = encode_values(plan, value)
    assert len(canvases) > 5
    data, fields = decode(plan, canvases)
    assert Invoice.model_validate(data) == value
    assert "line_items[39].amount" in fields and "line_items[40].amount" not in fields
    assert fields["line_items[39].amount"].canvas == len(canvases) - 1 or \
        fields["line_items[39].amount"].canvas == len(canvases) - 2


def test_skeleton_ids_do_not_depend_on_values(tok):
    plan = compile_plan(Invoice, tok, canvas_length=256)
    a = encode_values(plan, _invoice(1))[0]
    b = encode_values(plan, _invoice(1).model_copy(update={"vendor_name": "Zeta", "total": Decimal("1")}))[0]
    layout = first_layout(plan)
    for pos, tok_id in enumerate(layout.template):
        if tok_id is not None:
            assert a[pos] == b[pos] == tok_id


def test_missing_rows_end_the_list_and_later_rows_are_ignored(tok):
    plan = compile_plan(Invoice, tok, canvas_length=256)
    canvases = encode_values(plan, _invoice(6))
    layouts, complete = layouts_for(plan, canvases)
    assert complete
    # blank out row 1 on the canvas that holds it: the list now ends after row 0
    target = next(lay for lay in layouts for r in lay.rows if r.row == 1)
    row = next(r for r in target.rows if r.row == 1)
    ids = list(canvases[target.index])
    for i in row.slots:
        s = target.slots[i]
        ids[s.start:s.end] = [plan.filler_id] * s.slot.width
    issues: list[DecodeIssue] = []
    data, _ = decode(plan, [*canvases[:target.index], ids], strict=False, issues=issues)
    assert len(data["line_items"]) == 1
    assert any(i.code == "engine.canvas_row_after_end" for i in issues)
    assert next_layout(plan, target, ids) is None


def test_a_list_cut_short_is_an_overflow_not_a_silent_cut(tok):
    plan = compile_plan(Invoice, tok, canvas_length=256)
    canvases = encode_values(plan, _invoice(12))
    with pytest.raises(CanvasOverflowError):
        decode(plan, canvases[:2])
    issues: list[DecodeIssue] = []
    data, _ = decode(plan, canvases[:2], strict=False, issues=issues)
    assert 0 < len(data["line_items"]) < 12
    assert [i.code for i in issues] == [CanvasOverflowError.code]


def test_bad_slot_content_names_the_slot(tok):
    plan = compile_plan(Invoice, tok, canvas_length=256)
    ids = encode_values(plan, _invoice(0))
    layout = first_layout(plan)
    total = next(s for s in layout.slots if s.path == "total")
    dot = tok.encode(".")[0]
    bad = tok.encode("1") + [dot, dot] + tok.encode("5")
    ids[0][total.start:total.end] = bad + [plan.filler_id] * (total.slot.width - len(bad))
    with pytest.raises(CanvasDecodeError) as err:
        decode(plan, ids)
    assert err.value.slot == "total"
    issues: list[DecodeIssue] = []
    data, fields = decode(plan, ids, strict=False, issues=issues)
    assert fields["total"].confidence == 0.0 and data["total"] == "1..5"
    assert issues[0].path == "total"


def _texts(tok, ids):
    return {tok.decode([i]) for i in ids}


def test_slot_sets_hold_only_what_the_kind_allows(tok):
    plan = compile_plan(Invoice, tok, canvas_length=256)
    layout = first_layout(plan)
    constraint = bind(plan, layout, text="")
    by_path = {s.path: s for s in layout.slots}
    filler = tok.decode([plan.filler_id])
    for pos in by_path["total"].positions:
        texts = _texts(tok, constraint.allowed[pos]) - {filler}
        assert texts and all(re.fullmatch(r"-?[0-9.]*", t) for t in texts)
    date = [(_texts(tok, constraint.allowed[p]) - {filler}) for p in by_path["invoice_date"].positions]
    assert date[4] == {"-"} and date[7] == {"-"} and date[5] == {"0", "1"} and date[0] == {"1", "2"}
    assert all(t.isdigit() for p in (1, 2, 3, 6, 8, 9) for t in date[p])
    # required date: position 0 cannot be empty; optional due date can
    assert plan.filler_id not in constraint.allowed[by_path["invoice_date"].start]
    assert plan.filler_id in constraint.allowed[by_path["due_date"].start]
    for pos in by_path["vendor_name"].positions:
        assert not any('"' in t or "\\" in t for t in _texts(tok, constraint.allowed[pos]))
        assert tok.eos_token_id not in constraint.allowed[pos]
    currency = by_path["currency"]
    assert currency.slot.kind is SlotKind.ENUM
    assert constraint.allowed[currency.start] == {ids[0] for ids in currency.slot.member_ids}  # required: no filler
    members = {tok.decode(list(ids)) for ids in currency.slot.member_ids}
    assert "EUR" in members and len(members) == len(list(schemas.CurrencyCode))
    for pos, pinned in enumerate(constraint.pinned):
        if pinned:
            assert constraint.allowed[pos] == {layout.template[pos]}


def test_extractive_text_slots_allow_only_document_tokens(tok):
    plan = compile_plan(Receipt, tok, canvas_length=128, strategy=Strategy(text_mode=TextMode.EXTRACTIVE))
    layout = first_layout(plan)
    text = "Bakery Müller Hauptstraße 5 Total 4.20"
    constraint = bind(plan, layout, text=text)
    name = next(s for s in layout.slots if s.path == "merchant_name")
    allowed = constraint.allowed[name.start + 1] - {plan.filler_id}
    doc_tokens = set(tok.encode(text)) | {i for w in text.split() for i in tok.encode(w)}
    assert allowed and allowed <= doc_tokens
    assert not set(tok.encode("Invoice")) <= allowed
    # the request's mode applies when the plan default is free
    free_plan = compile_plan(Receipt, tok, canvas_length=128)
    c2 = bind(free_plan, first_layout(free_plan), text=text, text_mode=TextMode.EXTRACTIVE)
    assert c2.allowed[name.start + 1] == constraint.allowed[name.start + 1]


def test_forced_constraint_allows_only_the_answer(tok):
    plan = compile_plan(Receipt, tok, canvas_length=128)
    gold = encode_values(plan, Receipt(merchant_name="Shop", date=dt.date(2020, 1, 2), total=Decimal("3")))[0]
    c = force(bind(plan, first_layout(plan)), gold)
    assert all(len(a) == 1 and gold[i] in a for i, a in enumerate(c.allowed))


class _Color(StrEnum):
    RED = "red"
    GREEN = "green"


class _Row(BaseModel):
    label: str = Field(json_schema_extra={"canvas": {"width": 4}})
    qty: int | None = None


class _Doc(BaseModel):
    title: str = Field(json_schema_extra={"canvas": {"width": 6, "mode": "extractive"}})
    color: _Color | None = None
    mode: Literal["a", "b"]
    rows: list[_Row] = []
    tags: list[str] = []


def test_lists_of_scalars_literals_and_field_modes(tok):
    plan = compile_plan(_Doc, tok, canvas_length=64)
    title = plan.head[0].slots[0]
    assert title.text_mode is TextMode.EXTRACTIVE and title.width == 6
    value = _Doc(title="Hi", color=None, mode="b", rows=[_Row(label="x", qty=3), _Row(label="y")],
                 tags=["one", "two", "three"])
    canvases = encode_values(plan, value)
    data, _ = decode(plan, canvases)
    assert _Doc.model_validate(data) == value


def test_compile_errors_are_clear(tok):
    class WithDict(BaseModel):
        extra: dict[str, str]

    class A(BaseModel):
        a: int

    class B(BaseModel):
        b: int

    class WithUnion(BaseModel):
        x: A | B

    class Node(BaseModel):
        name: str
        child: Node | None = None

    class Inner(BaseModel):
        values: list[int]

    class NestedList(BaseModel):
        rows: list[Inner]

    class WithDatetime(BaseModel):
        at: dt.datetime

    class Wide(BaseModel):
        text: str = Field(json_schema_extra={"canvas": {"width": 500}})

    class OptionalItems(BaseModel):
        items: list[int | None]

    cases = {WithDict: "dict", WithUnion: "union", Node: "contains itself", NestedList: "list inside",
             WithDatetime: "cannot be a canvas slot", Wide: "more than one canvas", OptionalItems: "null"}
    for model, words in cases.items():
        with pytest.raises(CanvasCompileError) as err:
            compile_plan(model, tok, canvas_length=128)
        assert words in str(err.value), (model.__name__, str(err.value))
    with pytest.raises(CanvasCompileError, match="null token"):
        compile_plan(Receipt, tok, canvas_length=128, strategy=SlotStrategy.POINTER)


def test_value_too_long_for_its_slot(tok):
    plan = compile_plan(Receipt, tok, canvas_length=128)
    with pytest.raises(CanvasValueError, match="merchant_name"):
        encode_values(plan, Receipt(merchant_name="x y " * 25, date=dt.date(2020, 1, 1), total=Decimal("1")))


def test_pointer_strategy_with_a_fake_pointer_table(tok):
    null_id = tok.convert_tokens_to_ids("<mask>")
    pointer_base = 300  # pretend ids 300.. point at document spans
    spans = ["Bakery", "2021-06-30", "12.40", "Main Street 1"]
    plan = compile_plan(Receipt, tok, canvas_length=64, strategy=Strategy(kind=SlotStrategy.POINTER, null_id=null_id))
    assert all(s.width == 1 for s in plan.slots())
    layout = first_layout(plan)
    seen = []

    def pointer_ids(slot, request):
        seen.append(slot.path)
        return [pointer_base + i for i in range(len(spans))]

    constraint = bind(plan, layout, request=None, pointer_ids=pointer_ids)
    by_path = {s.path: s for s in layout.slots}
    assert constraint.allowed[by_path["merchant_address"].start] == {300, 301, 302, 303, null_id}
    assert null_id not in constraint.allowed[by_path["total"].start]  # required: null not offered
    assert set(seen) == set(by_path)
    value = Receipt(merchant_name="Bakery", merchant_address=None, date=dt.date(2021, 6, 30), total=Decimal("12.40"))

    def pointer_of(slot, v):
        text = v.isoformat() if isinstance(v, dt.date) else format(v, "f") if isinstance(v, Decimal) else str(v)
        return pointer_base + spans.index(text)

    canvases = encode_values(plan, value, pointer_of=pointer_of)
    data, fields = decode(plan, canvases, resolve_pointer=lambda s, t: (spans[t - pointer_base], [t - pointer_base]))
    assert Receipt.model_validate(data) == value
    assert fields["total"].word_indices == [2] and fields["merchant_address"].value is None


def test_choice_rescoring_picks_the_best_member_jointly(tok):
    plan = compile_plan(Invoice, tok, canvas_length=256)
    layout = first_layout(plan)
    currency = next(s for s in layout.slots if s.path == "currency")
    members = dict(zip(currency.slot.members, currency.slot.member_ids, strict=True))
    eur, usd = members["EUR"], members["USD"]
    logprobs = {}
    for i, pos in enumerate(currency.positions):
        row = {t: -9.0 for t in range(tok.vocab_size)}
        row[plan.filler_id] = -0.05
        if i == 0:
            row[eur[0]], row[usd[0]] = math.log(0.55), math.log(0.45)  # position by position, EUR leads...
        elif i < len(usd):
            row[usd[i]] = math.log(0.9)  # ...but only USD continues
        logprobs[pos] = row
    value, confidence = rescore_choice(plan, currency, logprobs)
    assert value == "USD"
    assert 0.5 < confidence <= 1.0
