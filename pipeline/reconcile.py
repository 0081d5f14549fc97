"""Invoice arithmetic that the document's printed adjustments explain.

An invoice with `Subtotal 1,200.00 · Discount (10%) -120.00 · Sales tax 59.40 · Total 1,139.40` breaks the rule
subtotal + tax = total, though every value is read right: the schema has no field for the discount. Where a
combination of the adjustments printed on the document (discounts, charges, rounding: see
:mod:`engine.adjustments`) makes up the difference exactly, the rule's violation becomes the note
``rule.adjusted``, which names them and keeps the document out of review for that reason. The adjustments are
kept on the record, so that a reviewer's correction is checked against the same ones.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from itertools import combinations
from typing import Any, NamedTuple

from engine.adjustments import Adjustment, find_adjustments
from engine.base import Word
from engine.spandoc import SpanDoc
from pipeline.grounding import to_decimal
from pipeline.models import ErrorItem

__all__ = ["ADJUSTED_CODE", "read_adjustments", "reconcile"]

ADJUSTED_CODE = "rule.adjusted"
#: the invoice rules a printed adjustment can explain, and the fields they need
_RULES = {"rule.total_mismatch", "rule.lines_sum_mismatch"}
_AMOUNT_FIELDS = ("subtotal", "tax", "total")
_MAX_PARTS = 3


def read_adjustments(words: Sequence[Word], model: type | None) -> list[Adjustment]:
    """The adjustments printed on a document whose type has a subtotal, a tax and a total (none otherwise)."""
    fields = getattr(model, "model_fields", {})
    if not words or not all(f in fields for f in _AMOUNT_FIELDS):
        return []
    return find_adjustments(SpanDoc(words))


class _Gap(NamedTuple):
    """What the adjustments must add up to for a rule to hold."""

    difference: Decimal
    added: str  # what was added, as the note prints it ("subtotal 1200.00 + tax 59.40")
    equals: str  # what it must equal ("total 1139.40")
    lines: int  # the rounding tolerance grows with the number of lines summed


def _gap(code: str, data: Mapping[str, Any]) -> _Gap | None:
    sub, tax, total = (to_decimal(data.get(f)) for f in _AMOUNT_FIELDS)
    if code == "rule.total_mismatch":
        if sub is None or tax is None or total is None:
            return None
        return _Gap(total - sub - tax, f"subtotal {sub} + tax {tax}", f"total {total}", 1)
    lines = [to_decimal(li.get("amount")) for li in data.get("line_items") or [] if isinstance(li, Mapping)]
    if not lines or any(a is None for a in lines):
        return None
    summed = sum(lines, Decimal(0))  # type: ignore[arg-type]
    target, name = (sub, "subtotal") if sub is not None else (total, "total")
    if target is None or (sub is None and tax is not None):
        return None
    return _Gap(target - summed, f"line items {summed}", f"{name} {target}", len(lines))


def _parts(adjustments: Sequence[Adjustment], gap: Decimal, tolerance: Decimal) -> tuple[Adjustment, ...] | None:
    """The fewest adjustments whose amounts make up ``gap``."""
    for n in range(1, min(_MAX_PARTS, len(adjustments)) + 1):
        for combo in combinations(adjustments, n):
            if abs(sum((a.amount for a in combo), Decimal(0)) - gap) <= tolerance:
                return combo
    return None


def reconcile(errors: Sequence[ErrorItem], data: Mapping[str, Any] | None, adjustments: Sequence[Adjustment],
              tolerance: Decimal) -> list[ErrorItem]:
    """``errors`` with each invoice-arithmetic violation that printed adjustments explain turned into a note."""
    if not adjustments or not data:
        return list(errors)
    out: list[ErrorItem] = []
    for error in errors:
        gap = _gap(error.code, data) if error.code in _RULES else None
        parts = _parts(adjustments, gap.difference, tolerance * gap.lines) if gap and gap.difference else None
        if gap is None or parts is None:
            out.append(error)
            continue
        printed = " ".join(f"{'-' if a.amount < 0 else '+'} {a.kind.value} {abs(a.amount)} ({a.label!r}, page "
                           f"{a.page + 1})" for a in parts)
        out.append(ErrorItem(stage="rules", code=ADJUSTED_CODE, field=error.field,
                             message=f"{gap.added} {printed} = {gap.equals}: explained by adjustments printed on the "
                                     f"document (was {error.code})"))
    return out
