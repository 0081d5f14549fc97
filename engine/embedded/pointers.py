"""Between canvas slots and document spans: which pointers a slot may take, what a pointer means, and (for
training) which pointer writes a known value.

A POINTER slot is one token. For text, number and date fields it is a pointer ``<pK>`` to a span of a compatible
kind; for enum and bool fields whose members are single tokens of the vocabulary, it is the member's token.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections.abc import Iterable, Sequence
from decimal import Decimal, InvalidOperation
from enum import Enum
from typing import Any

from engine.base import SIGNATURE_MARK
from engine.canvas_layout import PlacedSlot
from engine.canvas_plan import CanvasPlan, Slot, SlotKind
from engine.embedded.prompt import PointerPrompt
from engine.embedded.tokenizer import pointer_token
from engine.spans import Span, SpanKind, identifier_field, reads_as_identifier, value_of

__all__ = ["SlotPointers", "fold_text", "span_kinds_for"]

_TEXT_KINDS = frozenset(SpanKind) - {SpanKind.CHECKBOX}
_KINDS: dict[SlotKind, frozenset[SpanKind]] = {
    SlotKind.DATE: frozenset({SpanKind.DATE}),
    SlotKind.DECIMAL: frozenset({SpanKind.AMOUNT, SpanKind.QUANTITY, SpanKind.INTEGER}),
    SlotKind.INTEGER: frozenset({SpanKind.INTEGER}),
    SlotKind.TEXT: _TEXT_KINDS,
    SlotKind.ENUM: _TEXT_KINDS,
    SlotKind.BOOL: frozenset({SpanKind.CHECKBOX}),
}
_SPACES = re.compile(r"\s+")


def span_kinds_for(kind: SlotKind) -> frozenset[SpanKind]:
    return _KINDS[kind]


def fold_text(text: str) -> str:
    """Text as values are compared: NFKC, single spaces, case-folded."""
    return _SPACES.sub(" ", unicodedata.normalize("NFKC", text)).strip().casefold()


def _no_text(span: Span, captions: frozenset[frozenset[int]]) -> bool:
    """A span that is never a text field's value: a field's label, a currency and nothing else ("(GBP)",
    "EUR", "$"), which names the unit of an amount, not a name, a number or a description, or a mark of ink OCR
    read no words in (handwriting, or a line of print a scan lost)."""
    return span.kinds == {SpanKind.CURRENCY} or frozenset(span.word_indices) in captions \
        or span.text == SIGNATURE_MARK


def _member_text(m: Any) -> str:
    if isinstance(m, bool):
        return "true" if m else "false"
    return str(m.value if isinstance(m, Enum) else m)


class SlotPointers:
    """Pointer bookkeeping for one request: built from its prompt, used to bind, decode and (training) encode."""

    def __init__(self, plan: CanvasPlan, prompt: PointerPrompt, vocab: dict[str, int], *,
                 captions: Iterable[frozenset[int]] = ()) -> None:
        self.plan = plan
        self.prompt = prompt
        self.vocab = vocab
        #: word sets of spans that read as a field's label ("Invoice No.", "From"): never a text field's value
        self.captions = frozenset(captions)
        self._pointer_ids = {p: vocab[pointer_token(p)] for p in prompt.spans}
        self._by_id = {tid: p for p, tid in self._pointer_ids.items()}
        self._cache: dict[tuple[str, ...], list[int]] = {}
        #: (canvas, position) of slots whose known value no span holds (training: no loss there)
        self.unreachable: set[tuple[int, int]] = set()
        self._row_lines: dict[tuple[Any, ...], tuple[int, int]] = {}

    # -- members -----------------------------------------------------------------------------------------------
    def member_ids(self, slot: Slot) -> dict[int, Any] | None:
        """Token id → member for enum/bool slots whose members are all single vocabulary tokens."""
        if slot.kind not in (SlotKind.ENUM, SlotKind.BOOL):
            return None
        out: dict[int, Any] = {}
        for m in slot.members:
            pieces = self.plan.tokenizer.encode(_member_text(m))
            if len(pieces) != 1 or pieces[0] == self.vocab.get("<unk>"):
                return None
            out[pieces[0]] = m
        return out

    # -- binding -----------------------------------------------------------------------------------------------
    def ids_for(self, placed: PlacedSlot, request: Any = None) -> list[int]:
        """Allowed ids of a slot (the ``pointer_ids`` callable of :func:`engine.canvas.bind`)."""
        slot = placed.slot
        text = slot.kind is SlotKind.TEXT
        # an identifier's slot (invoice_number, policy_number) points only at spans that can be one, as the rules
        # read them: never an address line, a name or an amount
        ident = text and bool(slot.key) and identifier_field(slot.key[-1])
        key = (slot.kind.value, str(ident), *map(str, slot.members))
        if key not in self._cache:
            members = self.member_ids(slot)
            if members is not None:
                self._cache[key] = sorted(members)
            else:
                kinds = _KINDS[slot.kind]
                self._cache[key] = [self._pointer_ids[p] for p, span in self.prompt.spans.items()
                                    if span.kinds & kinds and not (text and _no_text(span, self.captions))
                                    and (not ident or reads_as_identifier(span))]
        return self._cache[key]

    def pointer_for_words(self, placed: PlacedSlot, words: set[int]) -> int | None:
        """The allowed pointer whose span shares most words with ``words`` (the span a value was read from)."""
        best, overlap = None, 0
        for tid in self.ids_for(placed):
            p = self._by_id.get(tid)
            n = len(words & set(self.prompt.spans[p].word_indices)) if p is not None else 0
            if n > overlap:
                best, overlap = tid, n
        return best

    # -- decoding ----------------------------------------------------------------------------------------------
    def resolve(self, placed: PlacedSlot, token_id: int) -> tuple[Any, list[int] | None]:
        """The value a chosen token stands for, with the words it came from."""
        slot = placed.slot
        members = self.member_ids(slot)
        if members is not None and token_id in members:
            m = members[token_id]
            return (m.value if isinstance(m, Enum) else m), None
        p = self._by_id.get(token_id)
        if p is None:
            return None, None
        span = self.prompt.spans[p]
        return self._span_value(slot, span), list(span.word_indices)

    @staticmethod
    def _span_value(slot: Slot, span: Span) -> Any:
        if slot.kind is SlotKind.DATE:
            return value_of(span, SpanKind.DATE)
        if slot.kind in (SlotKind.DECIMAL, SlotKind.INTEGER):
            for kind in (SpanKind.AMOUNT, SpanKind.QUANTITY, SpanKind.INTEGER):
                v = value_of(span, kind)
                if v is not None:
                    return int(Decimal(v)) if slot.kind is SlotKind.INTEGER else v
            return None
        if slot.kind is SlotKind.BOOL:
            v = value_of(span, SpanKind.CHECKBOX)
            return None if v is None else v == "true"
        if slot.kind is SlotKind.ENUM:
            text = fold_text(span.text)
            for m in slot.members:
                if fold_text(_member_text(m)) == text:
                    return m.value if isinstance(m, Enum) else m
            return span.text
        if SpanKind.LABEL in span.kinds:
            return value_of(span, SpanKind.LABEL)
        return span.text

    # -- training targets --------------------------------------------------------------------------------------
    def pointer_of(self, placed: PlacedSlot, value: Any) -> int:
        """The token that writes ``value`` into ``placed`` (for :func:`engine.canvas.encode_values`).

        When no span holds the value the slot's null token is written and the position is recorded in
        :attr:`unreachable`, so a training loss can leave it out.
        """
        slot = placed.slot
        members = self.member_ids(slot)
        if members is not None:
            raw = value.value if isinstance(value, Enum) else value
            for tid, m in members.items():
                if m == raw or _member_text(m) == _member_text(raw):
                    return tid
        candidates = [p for p in self.ids_for(placed) if p in self._by_id]
        matches = [self._by_id[t] for t in candidates if self._matches(slot, self.prompt.spans[self._by_id[t]], value)]
        if not matches:
            self.unreachable.add((placed.canvas, placed.start))
            assert self.plan.null_id is not None
            return self.plan.null_id
        return self._pointer_ids[self._choose(placed, matches)]

    def _matches(self, slot: Slot, span: Span, value: Any) -> bool:
        if value is None:
            return False
        if slot.kind is SlotKind.DATE:
            want = value.isoformat() if isinstance(value, dt.date) else str(value)
            return value_of(span, SpanKind.DATE) == want
        if slot.kind in (SlotKind.DECIMAL, SlotKind.INTEGER):
            try:
                want = Decimal(str(value))
            except InvalidOperation:
                return False
            return span.amount is not None and span.amount == want
        if slot.kind is SlotKind.BOOL:
            return span.checked is not None and span.checked == bool(value)
        want = fold_text(_member_text(value))
        if not want:
            return False
        texts = {fold_text(span.text)}
        if span.identifier:
            texts.add(fold_text(span.identifier))
        if SpanKind.LABEL in span.kinds:
            texts.add(fold_text(span.text.rstrip(" :")))
        return want in texts

    def _choose(self, placed: PlacedSlot, matches: Sequence[int]) -> int:
        """One span among several holding the same value: deterministic, so the targets are consistent."""
        spans = {p: self.prompt.spans[p] for p in matches}
        key_path = placed.key_path
        if any(isinstance(k, int) for k in key_path):
            # a list row: prefer the row's own line (anchored by spans already chosen for this row)
            row_key = key_path[:2]
            line = self._row_lines.get(row_key)
            if line is not None:
                same = [p for p in matches if (spans[p].page, spans[p].line) == line]
                if same:
                    matches = same
            name = str(key_path[-1])
            chosen = max(matches, key=lambda p: spans[p].bbox[0]) if "amount" in name or "total" in name \
                else min(matches, key=lambda p: (spans[p].page, spans[p].line, spans[p].bbox[0]))
            self._row_lines.setdefault(row_key, (spans[chosen].page, spans[chosen].line))
            return chosen
        name = str(key_path[-1])
        if "total" in name or name.endswith("amount"):
            return max(matches, key=lambda p: (spans[p].page, spans[p].line, spans[p].bbox[0]))
        return min(matches, key=lambda p: (spans[p].page, spans[p].line, spans[p].bbox[0]))
