"""Lay a plan's units out on canvases, block-autoregressively, and write known values into canvases.

Canvas 1 takes the head units (scalars, nested objects) and then as many rows of the first list as fit; a unit
never straddles two canvases. The next canvas depends on what the previous one decoded to: when a row of a list
came back absent (every slot null), the list has ended and the next canvas starts the next list (or the document
is complete); when every row was present, the next canvas continues the same list. The layout of canvas k is a
pure function of the plan and the token ids of canvases 1..k-1, so decoding replays it from the ids alone.

Unused positions at the end of a canvas hold the pad token (pinned).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from pydantic import BaseModel

from engine.canvas_plan import CanvasPlan, Slot, SlotKind, Unit
from engine.errors import EngineError

__all__ = [
    "CanvasLayout",
    "CanvasValueError",
    "Cursor",
    "PlacedRow",
    "PlacedSlot",
    "encode_values",
    "first_layout",
    "layouts_for",
    "next_layout",
    "slot_is_null",
]


class CanvasValueError(EngineError):
    """A value cannot be written into its slot (too long for the width, or tokens the slot does not allow)."""

    code = "engine.canvas_value"


@dataclasses.dataclass(frozen=True)
class Cursor:
    """Where the unit stream stands: the next head unit, or row ``row`` of list ``list``."""

    head: int = 0
    list: int = 0
    row: int = 0


@dataclasses.dataclass(frozen=True)
class PlacedSlot:
    """A slot placed on a canvas. ``path`` is dotted with list indices (``line_items[3].amount``)."""

    slot: Slot
    path: str
    key_path: tuple[str | int, ...]
    canvas: int
    start: int
    list_index: int | None = None
    row: int | None = None

    @property
    def end(self) -> int:
        return self.start + self.slot.width

    @property
    def positions(self) -> range:
        return range(self.start, self.end)


@dataclasses.dataclass(frozen=True)
class PlacedRow:
    """A list row placed on a canvas; ``slots`` index into :attr:`CanvasLayout.slots`."""

    list_index: int
    row: int
    slots: tuple[int, ...]


@dataclasses.dataclass(frozen=True)
class PlacedUnit:
    unit: Unit
    start: int
    row: PlacedRow | None


@dataclasses.dataclass(frozen=True)
class CanvasLayout:
    """One canvas: skeleton ids (``None`` at slot positions), its slots and rows, and the stream cursor before
    and after it (the latter assuming every row on it is present)."""

    index: int
    template: tuple[int | None, ...]
    slots: tuple[PlacedSlot, ...]
    rows: tuple[PlacedRow, ...]
    units: tuple[PlacedUnit, ...]
    start: Cursor
    end: Cursor

    @property
    def slot_positions(self) -> list[int]:
        return [i for i, t in enumerate(self.template) if t is None]


def _key_path(plan: CanvasPlan, cursor: Cursor, unit: Unit, slot: Slot) -> tuple[str | int, ...]:
    if cursor.head < len(plan.head):
        return slot.key
    spec = plan.lists[cursor.list]
    return (spec.key, cursor.row, *slot.key)


def _path_text(key_path: tuple[str | int, ...]) -> str:
    out = ""
    for part in key_path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + part
    return out


def _unit_at(plan: CanvasPlan, cursor: Cursor) -> Unit | None:
    if cursor.head < len(plan.head):
        return plan.head[cursor.head]
    if cursor.list < len(plan.lists):
        spec = plan.lists[cursor.list]
        return spec.first if cursor.row == 0 else spec.rest
    return None


def _advance(plan: CanvasPlan, cursor: Cursor) -> Cursor:
    if cursor.head < len(plan.head):
        return dataclasses.replace(cursor, head=cursor.head + 1)
    return dataclasses.replace(cursor, row=cursor.row + 1)


def _layout_at(plan: CanvasPlan, index: int, start: Cursor) -> CanvasLayout:
    template: list[int | None] = []
    slots: list[PlacedSlot] = []
    rows: list[PlacedRow] = []
    units: list[PlacedUnit] = []
    cursor = start
    while True:
        unit = _unit_at(plan, cursor)
        if unit is None or len(template) + unit.length > plan.canvas_length:
            break
        base = len(template)
        template.extend(unit.template)
        first_slot = len(slots)
        for slot, offset in zip(unit.slots, unit.offsets, strict=True):
            key_path = _key_path(plan, cursor, unit, slot)
            in_list = cursor.head >= len(plan.head)
            slots.append(PlacedSlot(slot=slot, path=_path_text(key_path), key_path=key_path, canvas=index,
                                    start=base + offset, list_index=cursor.list if in_list else None,
                                    row=cursor.row if in_list else None))
        row = None
        if cursor.head >= len(plan.head):
            row = PlacedRow(cursor.list, cursor.row, tuple(range(first_slot, len(slots))))
            rows.append(row)
        units.append(PlacedUnit(unit, base, row))
        cursor = _advance(plan, cursor)
    if not units:  # compile_plan guarantees every unit fits an empty canvas
        raise AssertionError("no unit fits the canvas")
    template.extend([plan.pad_id] * (plan.canvas_length - len(template)))
    return CanvasLayout(index, tuple(template), tuple(slots), tuple(rows), tuple(units), start, cursor)


def first_layout(plan: CanvasPlan) -> CanvasLayout:
    """The layout of the first canvas."""
    return _layout_at(plan, 0, Cursor())


def slot_is_null(plan: CanvasPlan, slot: Slot, ids: Sequence[int]) -> bool:
    """Whether a slot's tokens mean "no value": all filler (SPELLED) or the null id (POINTER)."""
    if plan.pointer:
        return ids[0] == plan.null_id or ids[0] == plan.filler_id
    return all(t == plan.filler_id for t in ids)


def next_layout(plan: CanvasPlan, layout: CanvasLayout, canvas_ids: Sequence[int]) -> CanvasLayout | None:
    """The layout of the canvas after ``layout``, given what it decoded to; None when the document is complete."""
    cursor = layout.end
    for row in layout.rows:
        if all(slot_is_null(plan, (ps := layout.slots[i]).slot, canvas_ids[ps.start:ps.end]) for i in row.slots):
            cursor = Cursor(head=len(plan.head), list=row.list_index + 1, row=0)
            break
    if _unit_at(plan, cursor) is None:
        return None
    return _layout_at(plan, layout.index + 1, cursor)


def layouts_for(plan: CanvasPlan, canvases: Sequence[Sequence[int]]) -> tuple[list[CanvasLayout], bool]:
    """Replay the layouts of ``canvases``; also whether the document is complete after the last one."""
    layouts: list[CanvasLayout] = []
    layout: CanvasLayout | None = first_layout(plan)
    for ids in canvases:
        if layout is None:
            raise ValueError(f"{len(canvases)} canvases given but the document was complete after {len(layouts)}")
        if len(ids) != plan.canvas_length:
            raise ValueError(f"canvas {len(layouts)} has {len(ids)} tokens, expected {plan.canvas_length}")
        layouts.append(layout)
        layout = next_layout(plan, layout, ids)
    return layouts, layout is None


# ---------------------------------------------------------------------------------------------------------------
# Writing values


def format_value(slot: Slot, value: Any) -> str:
    """The text a value is spelled as in its slot (inside the quotes for quoted kinds)."""
    if slot.kind is SlotKind.BOOL:
        return "true" if value else "false"
    if slot.kind is SlotKind.DATE:
        return value.isoformat() if isinstance(value, dt.date) else str(value)
    if slot.kind is SlotKind.DECIMAL:
        return format(Decimal(str(value)), "f")
    if isinstance(value, enum.Enum):
        return str(value.value)
    return str(value)


def _lookup(data: Mapping[str, Any], key_path: tuple[str | int, ...]) -> tuple[bool, Any]:
    cur: Any = data
    for part in key_path:
        if isinstance(part, int):
            if not isinstance(cur, Sequence) or part >= len(cur):
                return False, None
            cur = cur[part]
        else:
            if cur is None:
                return True, None
            if not isinstance(cur, Mapping) or part not in cur:
                return True, None
            cur = cur[part]
    return True, cur


def slot_ids_for(plan: CanvasPlan, placed: PlacedSlot, value: Any,
                 pointer_of: Callable[[PlacedSlot, Any], int] | None = None) -> list[int]:
    """Token ids that write ``value`` (None = null) into a slot; raises :class:`CanvasValueError`."""
    slot = placed.slot
    if plan.pointer:
        if value is None:
            assert plan.null_id is not None
            return [plan.null_id]
        if pointer_of is None:
            raise CanvasValueError(f"slot {placed.path}: the POINTER strategy needs pointer_of to write values")
        return [pointer_of(placed, value)]
    if value is None:
        return [plan.filler_id] * slot.width
    if slot.kind in (SlotKind.ENUM, SlotKind.BOOL):
        raw = value.value if isinstance(value, enum.Enum) else value
        for member, ids in zip(slot.members, slot.member_ids, strict=True):
            if member == raw or (isinstance(raw, str) and str(member) == raw):
                out = list(ids)
                break
        else:
            raise CanvasValueError(f"slot {placed.path}: {value!r} is not one of {list(slot.members)}")
    else:
        out = plan.tokenizer.encode(format_value(slot, value))
    if len(out) > slot.width:
        raise CanvasValueError(f"slot {placed.path}: {value!r} takes {len(out)} tokens, the slot holds {slot.width}")
    out = out + [plan.filler_id] * (slot.width - len(out))
    for i, (tok, set_name) in enumerate(zip(out, slot.allowed, strict=True)):
        allowed = _static_set(plan, set_name)
        if allowed is not None and tok not in allowed:
            raise CanvasValueError(f"slot {placed.path}: token {tok} ({plan.tokenizer.decode([tok])!r}) at position "
                                   f"{i} of {value!r} is not allowed there")
    return out


def _static_set(plan: CanvasPlan, name: str) -> frozenset[int] | None:
    if name == "*text":
        return plan.vocab.text | {plan.filler_id}
    if name == "*text-first":
        return plan.vocab.text
    return plan.sets.get(name)


def encode_values(plan: CanvasPlan, data: BaseModel | Mapping[str, Any], *,
                  pointer_of: Callable[[PlacedSlot, Any], int] | None = None,
                  max_canvases: int = 1000) -> list[list[int]]:
    """The canvases that spell ``data`` (a model instance or its dict), lists ended by an absent row.

    The inverse of :func:`engine.canvas_decode.decode`: training targets, oracle runs, tests.
    """
    if isinstance(data, BaseModel):
        data = data.model_dump(mode="python")
    canvases: list[list[int]] = []
    layout: CanvasLayout | None = first_layout(plan)
    while layout is not None:
        if len(canvases) >= max_canvases:
            raise CanvasValueError(f"the values need more than {max_canvases} canvases")
        ids = [t if t is not None else plan.filler_id for t in layout.template]
        for placed in layout.slots:
            present, value = _lookup(data, placed.key_path)
            ids[placed.start:placed.end] = slot_ids_for(plan, placed, value if present else None, pointer_of)
        # A present row whose slots are all null would read as the end of the list.
        for row in layout.rows:
            spec = plan.lists[row.list_index]
            items = data.get(spec.key) or []
            if row.row < len(items) and all(
                    slot_is_null(plan, layout.slots[i].slot, ids[layout.slots[i].start:layout.slots[i].end])
                    for i in row.slots):
                raise CanvasValueError(f"{spec.key}[{row.row}] has no value in any slot and would end the list")
        canvases.append(ids)
        layout = next_layout(plan, layout, ids)
    return canvases
