"""Routing: accepted, review or failed, decided from a record's data and error items alone.

- **failed** — no usable data: the file could not be read (stage ``ingest``), no text came out (``ocr``), the
  engine crashed or decoded nothing (``engine`` without data).
- **review** — data exists but something needs a person: validation, business rules, grounding, low
  confidence, a weak classification, an engine decode problem that still left data.
- **accepted** — data and no reason against it.

Notes (see :data:`NOTE_CODES`) are kept in ``errors`` for the reader but never change the status.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pipeline.models import ErrorItem, Status

__all__ = ["FATAL_STAGES", "NOTE_CODES", "Severity", "route", "severity"]

#: codes that inform without affecting the status
#: (``rule.adjusted``: a total that printed discounts or charges explain, see :mod:`pipeline.reconcile`)
NOTE_CODES = frozenset({"input.duplicate", "rule.adjusted"})
#: stages whose errors leave no usable data
FATAL_STAGES = frozenset({"ingest", "ocr", "prepare"})


class Severity(StrEnum):
    FATAL = "fatal"
    REVIEW = "review"
    NOTE = "note"


def severity(item: ErrorItem) -> Severity:
    """How much one error item weighs."""
    if item.code in NOTE_CODES:
        return Severity.NOTE
    if item.stage in FATAL_STAGES:
        return Severity.FATAL
    return Severity.REVIEW


def route(data: dict[str, Any] | None, errors: list[ErrorItem]) -> Status:
    """The status of a document with ``data`` (None when nothing usable came out) and ``errors``."""
    levels = {severity(e) for e in errors}
    if data is None or Severity.FATAL in levels:
        return Status.FAILED
    if Severity.REVIEW in levels:
        return Status.REVIEW
    return Status.ACCEPTED
