"""Compile a Pydantic model into a canvas plan: the static JSON skeleton and the value slots, as token ids.

A plan is a stream of *units*. Each unit is a piece of the JSON document with its skeleton tokens fixed and its
value slots open: one unit per top-level scalar field (``,"total":`` + slot), one per nested object (all its
slots together), and one per list row (``,"line_items":[`` + row skeleton for row 0, ``,`` + row skeleton after).
Units are never split across canvases; :mod:`engine.canvas_layout` lays them out canvas by canvas.

Skeleton text and slot contents are tokenized separately and their ids concatenated, so the skeleton's ids never
depend on the values around them. Every slot has a fixed width in tokens; shorter values end with a *filler*
token (SPELLED strategy) and an all-filler slot means null. In the POINTER strategy every slot is one token whose
allowed ids a backend gives per request (pointers to candidate spans of the document), with a dedicated null id.

What cannot be expressed fails here, with :class:`~engine.errors.CanvasCompileError`: ``dict`` fields, unions of
several types, recursive models, lists inside list rows or nested objects, unsupported scalar types, and units
larger than one canvas.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import json
import logging
import types
import typing
from collections.abc import Mapping
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel

from engine.canvas_vocab import CanvasTokenizer, VocabIndex, as_canvas_tokenizer, vocab_index
from engine.errors import CanvasCompileError

__all__ = [
    "CanvasPlan",
    "ListSpec",
    "Slot",
    "SlotKind",
    "SlotStrategy",
    "Strategy",
    "TextMode",
    "Unit",
    "compile_plan",
]

logger = logging.getLogger(__name__)


class SlotKind(enum.StrEnum):
    """What a value slot holds; decides its allowed tokens and how it decodes."""

    TEXT = "text"
    DECIMAL = "decimal"
    INTEGER = "integer"
    DATE = "date"
    ENUM = "enum"
    BOOL = "bool"


class SlotStrategy(enum.StrEnum):
    """How values are written on the canvas."""

    #: Values spelled out in tokens, a fixed width per slot, a filler token after the value (real checkpoints).
    SPELLED = "spelled"
    #: One token per value, chosen among ids the backend gives per request (pointers to document spans).
    POINTER = "pointer"


class TextMode(enum.StrEnum):
    """What a text slot may contain (SPELLED strategy)."""

    FREE = "free"  #: any token that does not break the JSON string
    EXTRACTIVE = "extractive"  #: only tokens that occur in the request's document text


@dataclasses.dataclass(frozen=True)
class Strategy:
    """How a plan writes values. ``filler_id`` defaults to the tokenizer's pad token; ``null_id`` (POINTER only)
    is the token meaning "no value"; ``text_mode`` applies to text slots without a field hint."""

    kind: SlotStrategy = SlotStrategy.SPELLED
    filler_id: int | None = None
    null_id: int | None = None
    text_mode: TextMode = TextMode.FREE


@dataclasses.dataclass(frozen=True)
class Slot:
    """One value slot of a unit.

    ``key`` is the path from the unit's root object (``("address", "city")``, ``("amount",)`` in a row, ``()`` for a
    list of scalars). ``allowed`` names, per position, a set in :attr:`CanvasPlan.sets`; ``"*text"`` and
    ``"*pointer"`` are resolved per request by the binding (free/extractive text, pointer candidates).
    ``optional`` means null is a legal value (``X | None``); ``has_default`` that a null may be left out.
    ``text_mode`` is the field's explicit hint (None: the request's or the plan's default applies).
    """

    key: tuple[str, ...]
    kind: SlotKind
    width: int
    optional: bool
    has_default: bool
    in_row: bool
    quoted: bool
    allowed: tuple[str, ...]
    text_mode: TextMode | None = None
    members: tuple[Any, ...] = ()
    member_ids: tuple[tuple[int, ...], ...] = ()
    hint: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    @property
    def nullable(self) -> bool:
        """Whether an all-null slot is acceptable (null value, a default, or the absence of a list row)."""
        return self.optional or self.has_default or self.in_row

    @property
    def name(self) -> str:
        return ".".join(self.key)


@dataclasses.dataclass(frozen=True)
class Unit:
    """A piece of the document: ``template`` holds skeleton ids, and ``None`` where a slot position is."""

    template: tuple[int | None, ...]
    slots: tuple[Slot, ...]
    offsets: tuple[int, ...]
    #: the field this unit belongs to (top-level name), for messages
    field: str
    #: for a nested object that may be null as a whole: its key
    nullable_object: tuple[str, ...] | None = None

    @property
    def length(self) -> int:
        return len(self.template)


@dataclasses.dataclass(frozen=True)
class ListSpec:
    """A top-level list field: its first-row unit (with the opening ``"key":[``) and the unit of later rows."""

    key: str
    first: Unit
    rest: Unit
    scalar_items: bool


@dataclasses.dataclass(frozen=True)
class CanvasPlan:
    """A compiled schema for one tokenizer, canvas length and strategy. Immutable and reusable across requests."""

    target: type[BaseModel]
    strategy: Strategy
    canvas_length: int
    filler_id: int
    pad_id: int
    head: tuple[Unit, ...]
    lists: tuple[ListSpec, ...]
    sets: Mapping[str, frozenset[int]]
    tokenizer: CanvasTokenizer = dataclasses.field(repr=False, compare=False)
    vocab: VocabIndex = dataclasses.field(repr=False, compare=False)

    @property
    def pointer(self) -> bool:
        return self.strategy.kind is SlotStrategy.POINTER

    @property
    def null_id(self) -> int | None:
        return self.strategy.null_id

    def slots(self) -> list[Slot]:
        """Every slot of the plan (head first, then one row of each list)."""
        out = [s for u in self.head for s in u.slots]
        for spec in self.lists:
            out.extend(spec.first.slots)
        return out

    def field_names(self) -> list[str]:
        """Dotted names of the fields, list items as ``key[].field``; for prompts."""
        names = [s.name for u in self.head for s in u.slots]
        for spec in self.lists:
            names.extend(f"{spec.key}[]" + (f".{s.name}" if s.name else "") for s in spec.first.slots)
        return names

    def skeleton_text(self) -> str:
        """The skeleton of the first row of everything with ``…`` for slots; for logs and prompts."""
        parts: list[str] = []
        for unit in (*self.head, *(spec.first for spec in self.lists)):
            run: list[int] = []
            for tok in unit.template:
                if tok is None:
                    if run:
                        parts.append(self.tokenizer.decode(run))
                        run = []
                    if not parts or parts[-1] != "…":
                        parts.append("…")
                else:
                    run.append(tok)
            if run:
                parts.append(self.tokenizer.decode(run))
        return "".join(parts)


# ---------------------------------------------------------------------------------------------------------------
# Type analysis


@dataclasses.dataclass
class _FieldType:
    base: Any
    optional: bool
    metadata: list[Any]


def _unwrap(annotation: Any) -> _FieldType:
    """Strip ``Annotated`` and ``| None``, collecting metadata; raise on unions of several types."""
    optional = False
    metadata: list[Any] = []
    tp = annotation
    while True:
        origin = typing.get_origin(tp)
        if origin is typing.Annotated:
            args = typing.get_args(tp)
            tp = args[0]
            metadata.extend(args[1:])
            continue
        if origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(tp) if a is not type(None)]
            if len(args) != len(typing.get_args(tp)):
                optional = True
            if len(args) != 1:
                raise _Unsupported(f"a union of several types ({annotation!r}) has no fixed skeleton")
            tp = args[0]
            continue
        break
    return _FieldType(tp, optional, metadata)


class _Unsupported(Exception):
    pass


def _hints(field_info: Any, metadata: list[Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(canvas hint, constraints) merged from the field and from Annotated metadata."""
    hint: dict[str, Any] = {}
    constraints: dict[str, Any] = {}
    sources = [field_info, *metadata]
    for src in sources:
        extra = getattr(src, "json_schema_extra", None)
        if isinstance(extra, Mapping) and isinstance(extra.get("canvas"), Mapping):
            hint.update(extra["canvas"])
        for item in [src, *getattr(src, "metadata", [])]:
            for attr in ("max_length", "max_digits", "decimal_places"):
                value = getattr(item, attr, None)
                if isinstance(value, int):
                    constraints[attr] = value
    return hint, constraints


def _scalar_kind(tp: Any) -> tuple[SlotKind, tuple[Any, ...]] | None:
    """The slot kind of a scalar type (and its members for enums/literals), or None if not a scalar."""
    if tp is bool:
        return SlotKind.BOOL, (True, False)
    if tp is str:
        return SlotKind.TEXT, ()
    if tp is int:
        return SlotKind.INTEGER, ()
    if tp in (Decimal, float):
        return SlotKind.DECIMAL, ()
    if tp is dt.date:
        return SlotKind.DATE, ()
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return SlotKind.ENUM, tuple(m.value for m in tp)
    if typing.get_origin(tp) is Literal:
        return SlotKind.ENUM, tuple(typing.get_args(tp))
    return None


def _is_model(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, BaseModel)


# ---------------------------------------------------------------------------------------------------------------
# Compiler


_DEFAULT_WIDTH = {SlotKind.TEXT: 16, SlotKind.DECIMAL: 12, SlotKind.INTEGER: 10, SlotKind.DATE: 10}


class _Compiler:
    def __init__(self, tokenizer: CanvasTokenizer, vocab: VocabIndex, strategy: Strategy, canvas_length: int,
                 filler_id: int) -> None:
        self.tok = tokenizer
        self.vocab = vocab
        self.strategy = strategy
        self.canvas_length = canvas_length
        self.filler = filler_id
        self.sets: dict[str, frozenset[int]] = {}
        self._enum_count = 0

    @property
    def pointer(self) -> bool:
        return self.strategy.kind is SlotStrategy.POINTER

    # -- sets ------------------------------------------------------------------------------------------------
    def _set(self, name: str, ids: frozenset[int] | set[int], *, filler: bool) -> str:
        key = name + ("+f" if filler else "")
        if key not in self.sets:
            ids = frozenset(ids)
            self.sets[key] = ids | {self.filler} if filler else ids
        return key

    # -- slots ------------------------------------------------------------------------------------------------
    def slot(self, key: tuple[str, ...], annotation: Any, field_info: Any, *, in_row: bool,
             has_default: bool) -> Slot:
        ftype = _unwrap(annotation)
        where = ".".join(key) or "list item"
        found = _scalar_kind(ftype.base)
        if found is None:
            raise CanvasCompileError(f"field {where}: type {ftype.base!r} cannot be a canvas slot",
                                     hint="use str, int, Decimal, float, bool, date, an Enum or Literal")
        kind, members = found
        hint, constraints = _hints(field_info, ftype.metadata)
        optional = ftype.optional
        nullable = optional or has_default or in_row
        text_mode = None
        if kind is SlotKind.TEXT:
            mode = hint.get("mode")
            try:
                text_mode = TextMode(mode) if mode else None
            except ValueError:
                raise CanvasCompileError(f"field {where}: unknown canvas mode {mode!r}",
                                         hint=f"one of {[m.value for m in TextMode]}") from None
        if self.pointer:
            return Slot(key=key, kind=kind, width=1, optional=optional, has_default=has_default, in_row=in_row,
                        quoted=False, allowed=("*pointer",), text_mode=text_mode, members=members, hint=hint)
        quoted = kind in (SlotKind.TEXT, SlotKind.DATE) or (
            kind is SlotKind.ENUM and all(isinstance(m, str) for m in members))
        if kind in (SlotKind.ENUM, SlotKind.BOOL):
            return self._choice_slot(key, kind, members, optional, has_default, in_row, quoted, hint, where)
        width = hint.get("width")
        if width is None:
            width = _DEFAULT_WIDTH[kind]
            if kind is SlotKind.DECIMAL and "max_digits" in constraints:
                width = constraints["max_digits"] + 2  # sign and decimal point
        if not isinstance(width, int) or width < 1:
            raise CanvasCompileError(f"field {where}: canvas width must be a positive integer, got {width!r}")
        if kind is SlotKind.TEXT:
            allowed = ("*text",) * width
            if not nullable:
                allowed = ("*text-first",) + allowed[1:]
        elif kind is SlotKind.DATE and self.vocab.splits_dates and width == 10:
            allowed = self._date_positions(nullable)
        elif kind is SlotKind.DATE:
            allowed = (self._set("date", self.vocab.date_chars, filler=nullable),) + (
                self._set("date", self.vocab.date_chars, filler=True),) * (width - 1)
        elif kind is SlotKind.DECIMAL:
            allowed = (self._set("num0", self.vocab.number_first, filler=nullable),) + (
                self._set("num", self.vocab.number_rest, filler=True),) * (width - 1)
        else:
            allowed = (self._set("int0", self.vocab.integer_first, filler=nullable),) + (
                self._set("int", self.vocab.integer_rest, filler=True),) * (width - 1)
        for name in allowed:
            if not name.startswith("*") and not (self.sets[name] - {self.filler}):
                raise CanvasCompileError(f"field {where}: the tokenizer has no token a {kind.value} can be written "
                                         f"with")
        return Slot(key=key, kind=kind, width=width, optional=optional, has_default=has_default, in_row=in_row,
                    quoted=quoted, allowed=allowed, text_mode=text_mode, hint=hint)

    def _date_positions(self, nullable: bool) -> tuple[str, ...]:
        """YYYY-MM-DD position by position (the tokenizer splits digits)."""
        dash = self.vocab.single("-")
        assert dash is not None
        pattern = ["12", "0123456789", "0123456789", "0123456789", "-", "01", "0123456789", "-", "0123",
                   "0123456789"]
        out = []
        for chars in pattern:
            ids = frozenset({dash}) if chars == "-" else self.vocab.digit_ids(chars)
            assert ids is not None
            out.append(self._set(f"date[{chars}]", ids, filler=nullable))
        return tuple(out)

    def _choice_slot(self, key: tuple[str, ...], kind: SlotKind, members: tuple[Any, ...], optional: bool,
                     has_default: bool, in_row: bool, quoted: bool, hint: Mapping[str, Any], where: str) -> Slot:
        if not members:
            raise CanvasCompileError(f"field {where}: an enum without members")
        texts = [_member_text(m) for m in members]
        member_ids = tuple(tuple(self.tok.encode(t)) for t in texts)
        for text, ids in zip(texts, member_ids, strict=True):
            if not ids:
                raise CanvasCompileError(f"field {where}: member {text!r} tokenizes to nothing")
            if self.filler in ids:
                raise CanvasCompileError(f"field {where}: member {text!r} contains the filler token")
        seen: dict[tuple[int, ...], Any] = {}
        for m, ids in zip(members, member_ids, strict=True):
            if ids in seen:
                raise CanvasCompileError(f"field {where}: members {seen[ids]!r} and {m!r} tokenize the same")
            seen[ids] = m
        width = max(len(ids) for ids in member_ids)
        nullable = optional or has_default or in_row
        self._enum_count += 1
        allowed = []
        for i in range(width):
            ids = {m[i] for m in member_ids if len(m) > i}
            # filler where a member has ended (or the slot may be null)
            filler = nullable if i == 0 else any(len(m) <= i for m in member_ids) or nullable
            allowed.append(self._set(f"choice{self._enum_count}[{i}]", ids, filler=filler))
        return Slot(key=key, kind=kind, width=width, optional=optional, has_default=has_default, in_row=in_row,
                    quoted=quoted, allowed=tuple(allowed), members=members, member_ids=member_ids, hint=hint)

    # -- units -------------------------------------------------------------------------------------------------
    def unit(self, field: str, parts: list[str | Slot], *, nullable_object: tuple[str, ...] | None = None) -> Unit:
        template: list[int | None] = []
        slots: list[Slot] = []
        offsets: list[int] = []
        for part in parts:
            if isinstance(part, str):
                template.extend(self.tok.encode(part))
            else:
                offsets.append(len(template))
                slots.append(part)
                template.extend([None] * part.width)
        unit = Unit(tuple(template), tuple(slots), tuple(offsets), field, nullable_object)
        if unit.length > self.canvas_length:
            raise CanvasCompileError(
                f"field {field}: its skeleton and slots take {unit.length} tokens, more than one canvas of "
                f"{self.canvas_length}", hint="narrow the slot widths (canvas_hint(width=...)) or use a longer canvas")
        return unit

    def object_parts(self, model: type[BaseModel], prefix: tuple[str, ...], stack: tuple[type, ...], *,
                     in_row: bool, force_nullable: bool) -> list[str | Slot]:
        """Skeleton parts of a nested object ``{"a":…,"b":…}`` (quotes around slot values are static text)."""
        if model in stack:
            raise CanvasCompileError(f"field {'.'.join(prefix)}: {model.__name__} contains itself (recursive models "
                                     "have no fixed skeleton)")
        parts: list[str | Slot] = ["{"]
        first = True
        for name, info in model.model_fields.items():
            key = (*prefix, name)
            ftype = _unwrap(info.annotation)
            parts.append(("" if first else ",") + json.dumps(name) + ":")
            first = False
            if _is_model(ftype.base):
                parts.extend(self.object_parts(ftype.base, key, (*stack, model), in_row=in_row,
                                               force_nullable=force_nullable or ftype.optional))
            elif typing.get_origin(ftype.base) in (list, tuple, set, frozenset) or ftype.base in (list, dict):
                raise CanvasCompileError(f"field {'.'.join(key)}: a list inside a nested object or list row cannot "
                                         "be laid out", hint="lists are supported as top-level fields only")
            else:
                slot = self.slot(key, info.annotation, info, in_row=in_row,
                                 has_default=not info.is_required() or force_nullable)
                parts.extend(self._quoted(slot))
        parts.append("}")
        return parts

    def _quoted(self, slot: Slot) -> list[str | Slot]:
        return ['"', slot, '"'] if slot.quoted else [slot]


def _member_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _merge(parts: list[str | Slot]) -> list[str | Slot]:
    """Join adjacent static strings so each skeleton run is tokenized as one piece."""
    out: list[str | Slot] = []
    for p in parts:
        if isinstance(p, str) and out and isinstance(out[-1], str):
            out[-1] += p
        else:
            out.append(p)
    return [p for p in out if p != ""]


def compile_plan(target: type[BaseModel], tokenizer: Any, *, canvas_length: int,
                 strategy: Strategy | SlotStrategy | str = SlotStrategy.SPELLED) -> CanvasPlan:
    """Compile ``target`` into a :class:`CanvasPlan` for ``tokenizer`` (a Hugging Face tokenizer or a
    :class:`~engine.canvas_vocab.CanvasTokenizer`).

    Raises :class:`~engine.errors.CanvasCompileError` for what a fixed skeleton cannot express.
    """
    if not _is_model(target):
        raise CanvasCompileError(f"{target!r} is not a Pydantic model")
    if not isinstance(strategy, Strategy):
        strategy = Strategy(kind=SlotStrategy(strategy))
    if canvas_length < 8:
        raise CanvasCompileError(f"canvas length {canvas_length} is too short")
    tok = as_canvas_tokenizer(tokenizer)
    vocab = vocab_index(tok)
    pad = tok.pad_id
    filler = strategy.filler_id if strategy.filler_id is not None else pad
    if filler is None:
        raise CanvasCompileError("the tokenizer has no pad token to use as filler", hint="set Strategy.filler_id")
    if pad is None:
        pad = filler
    if strategy.kind is SlotStrategy.POINTER and strategy.null_id is None:
        raise CanvasCompileError("the POINTER strategy needs a null token id", hint="set Strategy.null_id")
    comp = _Compiler(tok, vocab, strategy, canvas_length, filler)

    head: list[Unit] = []
    lists: list[ListSpec] = []
    scalar_fields: list[tuple[str, Any]] = []
    list_fields: list[tuple[str, Any, Any]] = []
    for name, info in target.model_fields.items():
        try:
            ftype = _unwrap(info.annotation)
        except _Unsupported as exc:
            raise CanvasCompileError(f"field {name}: {exc}") from None
        origin = typing.get_origin(ftype.base)
        if ftype.base is dict or origin in (dict, Mapping) or origin is typing.Mapping:
            raise CanvasCompileError(f"field {name}: a dict has no fixed keys to pin",
                                     hint="model it as a nested model or a list of key/value rows")
        if origin in (list, tuple, set, frozenset) or ftype.base in (list, tuple, set):
            args = typing.get_args(ftype.base)
            if origin is not list or len(args) != 1:
                raise CanvasCompileError(f"field {name}: only list[X] is supported for repeated values")
            list_fields.append((name, info, args[0]))
        else:
            scalar_fields.append((name, info))

    try:
        first = True
        for name, info in scalar_fields:
            ftype = _unwrap(info.annotation)
            lead = ("{" if first else ",") + json.dumps(name) + ":"
            first = False
            if _is_model(ftype.base):
                parts = [lead, *comp.object_parts(ftype.base, (name,), (target,), in_row=False,
                                                  force_nullable=ftype.optional)]
                head.append(comp.unit(name, _merge(parts), nullable_object=(name,) if ftype.optional else None))
            else:
                slot = comp.slot((name,), info.annotation, info, in_row=False, has_default=not info.is_required())
                head.append(comp.unit(name, _merge([lead, *comp._quoted(slot)])))
        for name, _info, item in list_fields:
            itype = _unwrap(item)
            if itype.optional:
                raise CanvasCompileError(f"field {name}: list items that may be null cannot be told from the end "
                                         "of the list")
            if typing.get_origin(itype.base) in (list, tuple, set) or itype.base is dict:
                raise CanvasCompileError(f"field {name}: nested lists cannot be laid out")
            opener = ("{" if first else ",") + json.dumps(name) + ":["
            first = False
            if _is_model(itype.base):
                row = comp.object_parts(itype.base, (), (target,), in_row=True, force_nullable=False)
                scalar = False
            else:
                slot = comp.slot((), item, None, in_row=True, has_default=False)
                row = comp._quoted(slot)
                scalar = True
            first_unit = comp.unit(name, _merge([opener, *row]))
            rest_unit = comp.unit(name, _merge([",", *row]))
            lists.append(ListSpec(name, first_unit, rest_unit, scalar))
    except _Unsupported as exc:
        raise CanvasCompileError(str(exc)) from None

    if not head and not lists:
        raise CanvasCompileError(f"{target.__name__} has no fields")
    if not lists:
        # Close the document in the last head unit, so a one-canvas document reads as whole JSON.
        last = head[-1]
        closing = tuple(tok.encode("}"))
        if last.length + len(closing) <= canvas_length:
            head[-1] = dataclasses.replace(last, template=last.template + closing)
    plan = CanvasPlan(target=target, strategy=strategy, canvas_length=canvas_length, filler_id=filler, pad_id=pad,
                      head=tuple(head), lists=tuple(lists), sets=dict(comp.sets), tokenizer=tok, vocab=vocab)
    logger.debug("compiled %s: %d head units, %d lists, skeleton %s", target.__name__, len(head), len(lists),
                 plan.skeleton_text())
    return plan
