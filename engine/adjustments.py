"""Adjustments an invoice prints between its subtotal and its total: discounts, charges, rounding.

`Discount (10%)  -120.00`, `Shipping & Handling  25.00`, `Frais de port  9,90`, `Rundung  0,01`: the built-in
invoice schema has no field for them, yet they are why its subtotal and tax do not add up to its total. Reading
them lets the baseline keep such a line out of the item table when it follows the subtotal, and lets the
pipeline accept an invoice whose arithmetic the printed adjustments explain (``pipeline.reconcile``).

An adjustment line is a label of one of the three concepts, read more as that than as a total, tax or subtotal,
followed by exactly one amount. A discount lowers the total whatever its sign is printed as (`Discount 120.00`,
`-120.00`, `(120.00)`); a charge raises it; rounding counts as printed.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from decimal import Decimal
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from engine.labels import label_score, label_tokens
from engine.spandoc import SpanDoc, concept_phrases
from engine.spans import Span, SpanKind

__all__ = ["Adjustment", "AdjustmentKind", "adjustment_of", "find_adjustments"]

#: a label must read this well as an adjustment, and better than as any of the other totals concepts (a
#: carried-forward sum is printed as "Transport" in German and Dutch)
_MIN_SCORE = 0.7
_OTHER = ("total", "tax", "subtotal", "carried")


class AdjustmentKind(StrEnum):
    DISCOUNT = "discount"
    CHARGE = "charge"
    ROUNDING = "rounding"


class Adjustment(BaseModel):
    """One printed adjustment: its kind, its label, the amount it adds to the total (negative for a discount),
    and where it is printed."""

    model_config = ConfigDict(frozen=True)

    kind: AdjustmentKind
    label: str
    amount: Decimal
    page: int
    word_indices: tuple[int, ...]


@functools.cache
def _phrases() -> dict[str, list]:
    return {c: concept_phrases(c) for c in (*AdjustmentKind, *_OTHER)}


def adjustment_of(doc: SpanDoc, line: Sequence[Span]) -> Adjustment | None:
    """The adjustment a line prints, if it is one: a label first (after at most one span: a position number),
    then exactly one amount."""
    phrases = _phrases()
    amounts = [s for s in line if s.amount is not None and s.has(SpanKind.AMOUNT)]
    if len(amounts) != 1:
        return None
    amount = amounts[0]
    for label in line[:2]:
        toks = doc.tokens.get(label.index)
        if not toks or label.bbox[0] >= amount.bbox[0]:
            continue
        plain = label_tokens(_without_code(label.text))
        scores = {c: max(label_score(toks, p, c), label_score(plain, p, c) if plain else 0.0)
                  for c, p in phrases.items()}
        kind = max(AdjustmentKind, key=lambda k: scores[k])
        if scores[kind] < _MIN_SCORE or scores[kind] <= max(scores[c] for c in _OTHER):
            continue
        value = amount.amount
        assert value is not None
        signed = -abs(value) if kind is AdjustmentKind.DISCOUNT else abs(value) if kind is AdjustmentKind.CHARGE \
            else value
        words = tuple(sorted({*label.word_indices, *amount.word_indices}))
        return Adjustment(kind=kind, label=label.text, amount=signed, page=label.page, word_indices=words)
    return None


#: a promotion's code printed after its label: "(WELCOME10)", "VIP20", "SPRING" beside "Promo"
_PARENS = re.compile(r"\([^)]*\)")


def _without_code(text: str) -> str:
    """A label without the code it names ("Discount (WELCOME10)", "Promo VIP20", "Promo SPRING" → the word
    before): bracketed words, words of letters and digits, and capitals after a word that is not all capitals."""
    words = _PARENS.sub(" ", text).split()
    lower_first = bool(words) and not words[0].isupper()
    return " ".join(w for k, w in enumerate(words)
                    if not (k and (re.search(r"\d", w) and re.search(r"[^\W\d_]", w)
                                   or (lower_first and len(w) >= 3 and w.isupper()))))


def find_adjustments(doc: SpanDoc) -> list[Adjustment]:
    """Every adjustment line of a document, in reading order."""
    found = (adjustment_of(doc, doc.lines[key]) for key in doc.line_keys)
    return [a for a in found if a is not None]
