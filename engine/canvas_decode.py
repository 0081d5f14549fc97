"""Read filled canvases back into a JSON-ready dict and per-slot :class:`~engine.base.FieldResult`.

Decoding replays the layout from the token ids (:func:`engine.canvas_layout.layouts_for`), reads every slot that
is live (head slots, and list rows up to the first absent one), converts its tokens by slot kind, and assembles
the nested dict. A slot that does not convert raises :class:`~engine.errors.CanvasDecodeError` naming it, or, with
``strict=False``, keeps its raw text with confidence 0 and records a :class:`DecodeIssue` (the pipeline's
validation then flags the field instead of losing the document).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from engine.base import FieldResult
from engine.canvas_layout import CanvasLayout, PlacedSlot, layouts_for, slot_is_null
from engine.canvas_plan import CanvasPlan, Slot, SlotKind
from engine.errors import CanvasDecodeError, CanvasOverflowError

__all__ = ["DecodeIssue", "PointerResolver", "decode", "decode_slot", "rescore_choice"]

#: ``resolve(slot, token_id) -> value`` or ``(value, word_indices)`` for POINTER plans.
PointerResolver = Callable[[PlacedSlot, int], Any]


@dataclasses.dataclass(frozen=True)
class DecodeIssue:
    """Something decoding tolerated in lenient mode."""

    path: str
    message: str
    code: str = "engine.canvas_decode"


class _Invalid(Exception):
    pass


def _convert(plan: CanvasPlan, slot: Slot, content: list[int]) -> Any:
    """Typed value of a slot's non-filler tokens (raises _Invalid with the raw text)."""
    if slot.kind in (SlotKind.ENUM, SlotKind.BOOL):
        key = tuple(content)
        for member, ids in zip(slot.members, slot.member_ids, strict=True):
            if ids == key:
                return member
        text = plan.tokenizer.decode(content).strip()
        for member in slot.members:
            if str(member) == text or (isinstance(member, bool) and text == str(member).lower()):
                return member
        raise _Invalid(text, f"{text!r} is not one of {list(slot.members)}")
    text = plan.tokenizer.decode(content).strip()
    if slot.kind is SlotKind.TEXT:
        return text or None
    if slot.kind is SlotKind.DECIMAL:
        try:
            number = Decimal(text)
        except InvalidOperation:
            raise _Invalid(text, f"{text!r} is not a decimal number") from None
        if not number.is_finite():
            raise _Invalid(text, f"{text!r} is not a finite number")
        return text
    if slot.kind is SlotKind.INTEGER:
        try:
            return int(text)
        except ValueError:
            raise _Invalid(text, f"{text!r} is not an integer") from None
    if slot.kind is SlotKind.DATE:
        try:
            return dt.date.fromisoformat(text).isoformat()
        except ValueError:
            raise _Invalid(text, f"{text!r} is not a date (YYYY-MM-DD)") from None
    raise AssertionError(slot.kind)


def decode_slot(plan: CanvasPlan, placed: PlacedSlot, ids: Sequence[int], *,
                resolve_pointer: PointerResolver | None = None) -> tuple[Any, list[int] | None]:
    """(value, word indices) of one slot; None for null. Raises :class:`CanvasDecodeError`."""
    ids = list(ids)
    if slot_is_null(plan, placed.slot, ids):
        return None, None
    if plan.pointer:
        if resolve_pointer is None:
            raise CanvasDecodeError("a POINTER plan needs resolve_pointer to decode", slot=placed.path)
        resolved = resolve_pointer(placed, ids[0])
        if isinstance(resolved, tuple) and len(resolved) == 2:
            return resolved[0], (list(resolved[1]) if resolved[1] is not None else None)
        return resolved, None
    content = [t for t in ids if t != plan.filler_id]
    try:
        return _convert(plan, placed.slot, content), None
    except _Invalid as exc:
        raw, message = exc.args
        raise CanvasDecodeError(message, slot=placed.path, hint=f"raw text {raw!r}") from None


def rescore_choice(plan: CanvasPlan, placed: PlacedSlot,
                   logprobs: Mapping[int, Mapping[int, float]]) -> tuple[Any, float] | None:
    """Best member of an enum/bool slot by joint log-probability over its positions (null counted when the slot
    may be null), and that choice's probability among the options; None if positions were not recorded."""
    slot = placed.slot
    if slot.kind not in (SlotKind.ENUM, SlotKind.BOOL) or plan.pointer:
        return None
    if any(pos not in logprobs for pos in placed.positions):
        return None
    options: list[tuple[Any, tuple[int, ...]]] = [(m, ids) for m, ids in zip(slot.members, slot.member_ids,
                                                                              strict=True)]
    if slot.nullable:
        options.append((None, ()))
    scored: list[tuple[float, Any]] = []
    for value, ids in options:
        total = 0.0
        for i, pos in enumerate(placed.positions):
            tok = ids[i] if i < len(ids) else plan.filler_id
            total += logprobs[pos].get(tok, -math.inf)
        scored.append((total, value))
    best_score, best = max(scored, key=lambda x: x[0])
    if best_score == -math.inf:
        return None
    norm = math.fsum(math.exp(sc - best_score) for sc, _ in scored if sc > -math.inf)
    return best, 1.0 / norm


def _set(root: dict[str, Any], key_path: tuple[str | int, ...], value: Any, *, omit: bool) -> None:
    cur: Any = root
    for part, nxt in zip(key_path[:-1], key_path[1:], strict=True):
        if isinstance(part, int):
            while len(cur) <= part:
                cur.append({})
            cur = cur[part]
        else:
            if part not in cur or cur[part] is None:
                cur[part] = [] if isinstance(nxt, int) else {}
            cur = cur[part]
    last = key_path[-1] if key_path else None
    if isinstance(last, int):  # list of scalars
        while len(cur) <= last:
            cur.append(None)
        cur[last] = value
    elif last is not None and not omit:
        cur[last] = value


def _live_slots(plan: CanvasPlan, layouts: list[CanvasLayout], canvases: Sequence[Sequence[int]],
                issues: list[DecodeIssue]) -> list[tuple[PlacedSlot, Sequence[int]]]:
    ended: set[int] = set()
    live: list[tuple[PlacedSlot, Sequence[int]]] = []
    for layout, ids in zip(layouts, canvases, strict=True):
        in_rows = {i for row in layout.rows for i in row.slots}
        live.extend((layout.slots[i], ids) for i in range(len(layout.slots)) if i not in in_rows)
        for row in layout.rows:
            spec = plan.lists[row.list_index]
            slots = [layout.slots[i] for i in row.slots]
            absent = all(slot_is_null(plan, p.slot, ids[p.start:p.end]) for p in slots)
            if row.list_index in ended:
                if not absent:
                    issues.append(DecodeIssue(f"{spec.key}[{row.row}]", "a row after the end of the list was "
                                              "ignored", code="engine.canvas_row_after_end"))
                continue
            if absent:
                ended.add(row.list_index)
                continue
            live.extend((p, ids) for p in slots)
    return live


def decode(plan: CanvasPlan, canvases: Sequence[Sequence[int]], *,
           scores: Sequence[Sequence[float]] | None = None,
           resolve_pointer: PointerResolver | None = None,
           choice_logprobs: Sequence[Mapping[int, Mapping[int, float]]] | None = None,
           strict: bool = True,
           issues: list[DecodeIssue] | None = None) -> tuple[dict[str, Any], dict[str, FieldResult]]:
    """Decode filled canvases into ``(data, fields)``.

    ``scores[k][i]`` is the probability of the token at position ``i`` of canvas ``k`` (a slot's confidence is the
    lowest over its positions; 1.0 without scores). Lists that still wanted rows after the last canvas raise
    :class:`CanvasOverflowError` (strict) or are recorded as an issue. Pass ``issues`` to collect what lenient
    decoding tolerated. ``choice_logprobs[k][i]`` (token id -> log-probability at position ``i`` of canvas ``k``)
    makes enum and bool slots take the member with the best joint log-probability, and its share of the
    probability among the members as confidence.
    """
    collected: list[DecodeIssue] = issues if issues is not None else []
    layouts, complete = layouts_for(plan, canvases)
    if not complete:
        message = (f"the document still had list rows after {len(canvases)} canvases; the lists are incomplete")
        if strict:
            raise CanvasOverflowError(message, hint="raise max_canvases")
        collected.append(DecodeIssue("", message, code=CanvasOverflowError.code))
    data: dict[str, Any] = {spec.key: [] for spec in plan.lists}
    fields: dict[str, FieldResult] = {}
    objects: dict[tuple[str, ...], list[bool]] = {}
    for placed, ids in _live_slots(plan, layouts, canvases, collected):
        slot = placed.slot
        confidence = 1.0
        if scores is not None:
            probs = [float(scores[placed.canvas][i]) for i in placed.positions]
            confidence = min(probs) if probs else 1.0
        words = None
        rescored = None
        if choice_logprobs is not None and placed.canvas < len(choice_logprobs):
            rescored = rescore_choice(plan, placed, choice_logprobs[placed.canvas])
        try:
            if rescored is not None:
                value, confidence = rescored
            else:
                value, words = decode_slot(plan, placed, ids[placed.start:placed.end],
                                           resolve_pointer=resolve_pointer)
        except CanvasDecodeError as exc:
            if strict:
                raise
            content = [t for t in ids[placed.start:placed.end] if t != plan.filler_id]
            value = plan.tokenizer.decode(content).strip()
            confidence = 0.0
            collected.append(DecodeIssue(placed.path, exc.message))
        omit = value is None and not slot.optional
        _set(data, placed.key_path, value, omit=omit)
        fields[placed.path] = FieldResult(path=placed.path, value=value, confidence=max(0.0, min(1.0, confidence)),
                                          canvas=placed.canvas, positions=(placed.start, placed.end),
                                          word_indices=words)
        for unit in plan.head:
            if unit.nullable_object and placed.key_path[:len(unit.nullable_object)] == unit.nullable_object \
                    and placed.list_index is None:
                objects.setdefault(unit.nullable_object, []).append(value is None)
    for key, nulls in objects.items():
        if all(nulls):  # a nullable nested object with no value at all is null, not an empty object
            _set(data, key, None, omit=False)
    return data, fields
