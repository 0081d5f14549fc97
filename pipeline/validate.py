"""Validation: the engine's data checked against the document type, four ways.

1. **Pydantic** — ``model.model_validate(data)``; each error becomes an :class:`~pipeline.models.ErrorItem`
   (stage ``validate``, code ``validate.missing`` / ``validate.type`` / ``validate.constraint`` /
   ``validate.extra``, the dotted field path).
2. **JSON Schema** — :func:`schemas.json_schema` checked with ``jsonschema`` beside Pydantic, on the normalised
   data when Pydantic accepts it (the JSON that downstream systems will read) and on the raw data otherwise;
   errors on fields Pydantic already reported are not repeated (stage ``validate``, code ``schema.<keyword>``).
3. **Business rules** — ``instance.rule_violations(tolerance)`` (stage ``rules``, code ``rule.<code>``).
4. **Grounding and confidence** — :func:`check_fields`: every copied value located in the document's words
   (stage ``ground``, code ``ground.not_found``) and every engine confidence at or above the threshold
   (stage ``validate``, code ``confidence.low``); and :func:`pipeline.unread.check_tables`: a table the
   document prints but no rows were read from (stage ``validate``, code ``table.not_read``).

:func:`validate_data` (1–3) is the same check a human correction goes through in ``extract review resolve``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Any

import jsonschema
from pydantic import ValidationError
from pydantic_core import to_jsonable_python

from engine.base import FieldResult, Word
from pipeline.config import Settings, ValidationSettings
from pipeline.grounding import REQUIRED_KINDS, GroundingIndex, flatten, ground_fields
from pipeline.models import ErrorItem, FieldInfo
from schemas import DocumentSchema, json_schema

__all__ = ["FieldCheck", "Validation", "check_fields", "validate_data", "validation_tolerance"]

logger = logging.getLogger(__name__)

_MISSING = {"missing"}
_EXTRA = {"extra_forbidden"}
_CONSTRAINT_HINTS = ("too_long", "too_short", "greater", "less", "max_digits", "decimal_places",
                     "decimal_whole_digits", "multiple_of", "pattern", "finite", "value_error", "assertion")


def _pydantic_code(error_type: str) -> str:
    if error_type in _MISSING:
        return "validate.missing"
    if error_type in _EXTRA:
        return "validate.extra"
    if any(h in error_type for h in _CONSTRAINT_HINTS):
        return "validate.constraint"
    return "validate.type"


def _dotted(loc: tuple[Any, ...] | list[Any]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def _related(a: str | None, b: str | None) -> bool:
    """True when one dotted path is the other or contains it (the document root contains every path)."""
    a, b = a or "", b or ""
    if not a or not b or a == b:
        return True
    return a.startswith((f"{b}.", f"{b}[")) or b.startswith((f"{a}.", f"{a}["))


@dataclass
class Validation:
    """The outcome of :func:`validate_data`.

    ``instance`` is the validated model (None when Pydantic rejects the data); ``data`` is what the record
    keeps: the normalised JSON of ``instance`` when valid, else the engine's data as it came.
    """

    instance: DocumentSchema | None
    data: dict[str, Any] | None
    errors: list[ErrorItem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


@lru_cache(maxsize=64)
def _validator(model: type[DocumentSchema]) -> jsonschema.protocols.Validator:
    schema = json_schema(model)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def validation_tolerance(settings: Settings) -> Decimal:
    """The tolerance of the business rules' arithmetic (``validation.tolerance``)."""
    return _tolerance(settings.validation)


def _tolerance(settings: ValidationSettings) -> Decimal:
    try:
        return Decimal(settings.tolerance)
    except InvalidOperation:
        logger.warning("validation.tolerance %r is not a number; using 0.01", settings.tolerance)
        return Decimal("0.01")


def validate_data(data: Any, model: type[DocumentSchema], settings: Settings | ValidationSettings) -> Validation:
    """Check ``data`` against ``model``: Pydantic, JSON Schema, then business rules (only on valid data)."""
    vs = settings.validation if isinstance(settings, Settings) else settings
    if not isinstance(data, dict):
        return Validation(None, None, [ErrorItem(
            stage="validate", code="validate.type",
            message=f"expected a JSON object for {model.doc_type}, got {type(data).__name__}")])
    errors: list[ErrorItem] = []
    instance: DocumentSchema | None = None
    try:
        instance = model.model_validate(data)
    except ValidationError as exc:
        for err in exc.errors(include_url=False):
            path = _dotted(err.get("loc", ()))
            got = err.get("input")
            if err["type"] == "missing" or (got is None and "input" in err):
                # a required value the engine left empty reads better as missing than as a type error
                code, text = "validate.missing", "a value is required but none was extracted"
            else:
                code = _pydantic_code(err["type"])
                msg = err["msg"] if len(err["msg"]) <= 160 else err["msg"][:157] + "..."
                text = f"{msg} (got {got!r:.60})"
            errors.append(ErrorItem(stage="validate", code=code, message=f"{path or 'document'}: {text}",
                                    field=path or None))
    # the raw data may hold Decimals or dates from the engine: keep it JSON-ready for the store and the queue
    out_data = instance.model_dump(mode="json") if instance is not None else to_jsonable_python(data)
    reported = {e.field for e in errors}
    try:
        validator = _validator(model)
        for err in sorted(validator.iter_errors(out_data), key=lambda e: list(map(str, e.absolute_path))):
            path = _dotted(list(err.absolute_path))
            if any(_related(path, r) for r in reported):
                continue
            reported.add(path)
            errors.append(ErrorItem(stage="validate", code=f"schema.{err.validator}",
                                    message=f"{path or 'document'}: {err.message:.200}", field=path or None))
    except jsonschema.SchemaError as exc:  # a user type whose schema is not valid JSON Schema
        errors.append(ErrorItem(stage="validate", code="schema.invalid",
                                message=f"the JSON Schema of {model.doc_type} is invalid: {exc.message}"))
    if instance is not None:
        for v in instance.rule_violations(_tolerance(vs)):
            errors.append(ErrorItem(stage="rules", code=f"rule.{v.code}", message=v.message,
                                    field=",".join(v.fields) or None))
    return Validation(instance, out_data, errors)


@dataclass
class FieldCheck:
    """Per-field positions and confidences for the record, and the review reasons they raise."""

    fields: dict[str, FieldInfo]
    errors: list[ErrorItem]


def _word_confidence(words: list[Word], indices: tuple[int, ...]) -> float | None:
    values = [words[i].confidence for i in indices if 0 <= i < len(words)]
    return round(sum(values) / len(values), 4) if values else None


def check_fields(
    data: dict[str, Any] | None,
    model: type[DocumentSchema] | None,
    words: list[Word],
    engine_fields: dict[str, FieldResult] | None,
    settings: Settings,
    index: GroundingIndex | None = None,
) -> FieldCheck:
    """Ground every non-null scalar of ``data`` and check engine confidences.

    A field's confidence is the engine's when it gives one, else the mean OCR confidence of the words it was
    found in, else 0 (unknown). Values of kinds that are copied from the page (text, numbers, dates) and cannot
    be found give ``ground.not_found`` when ``validation.require_grounding`` is on; choices and booleans are
    located when possible but never required.
    """
    if not data:
        return FieldCheck({}, [])
    engine_fields = engine_fields or {}
    groundings, kinds = ground_fields(data, model, words, engine_fields, index)
    values = flatten(data)
    fields: dict[str, FieldInfo] = {}
    errors: list[ErrorItem] = []
    threshold = settings.validation.min_confidence
    for path, grounding in groundings.items():
        fr = engine_fields.get(path)
        if fr is not None:
            confidence = fr.confidence
        elif grounding is not None:
            confidence = _word_confidence(words, grounding.word_indices) or 0.0
        else:
            confidence = 0.0
        fields[path] = FieldInfo(
            confidence=round(min(1.0, max(0.0, confidence)), 4),
            page=grounding.page if grounding else None,
            bbox=tuple(round(c, 4) for c in grounding.bbox) if grounding else None,  # type: ignore[arg-type]
        )
        kind = kinds.get(path)
        if grounding is None and settings.validation.require_grounding and (kind is None or kind in REQUIRED_KINDS):
            value = values.get(path)
            errors.append(ErrorItem(stage="ground", code="ground.not_found", field=path,
                                    message=f"{path}: the value {value!r:.60} was not found in the document"))
        if fr is not None and fr.confidence < threshold:
            errors.append(ErrorItem(stage="validate", code="confidence.low", field=path,
                                    message=f"{path}: engine confidence {fr.confidence:.2f} is below "
                                            f"{threshold:.2f}"))
    return FieldCheck(fields, errors)
