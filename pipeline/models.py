"""Typed data passed between pipeline stages, and the result record written for every input."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from engine.adjustments import Adjustment
from engine.base import Provenance, Word

__all__ = [
    "Document",
    "ErrorItem",
    "FieldInfo",
    "FileKind",
    "PageInfo",
    "Record",
    "ReviewAudit",
    "SourceFile",
    "Status",
    "TextSource",
]


class FileKind(StrEnum):
    """The real type of an input, sniffed from its bytes."""

    PDF = "pdf"
    PNG = "png"
    JPEG = "jpeg"
    TIFF = "tiff"
    TEXT = "text"
    UNKNOWN = "unknown"


class Status(StrEnum):
    ACCEPTED = "accepted"
    REVIEW = "review"
    FAILED = "failed"


class TextSource(StrEnum):
    """Where a page's words came from."""

    TEXT_LAYER = "text_layer"
    TESSERACT = "tesseract"
    RAPIDOCR = "rapidocr"
    PLAIN_TEXT = "plain_text"


class SourceFile(BaseModel):
    """A discovered input file. ``source`` is relative to the input folder, POSIX separators, name as on disk."""

    model_config = ConfigDict(frozen=True)

    path: Path
    source: str
    size: int
    sha256: str
    kind: FileKind


class PageInfo(BaseModel):
    """One page after text extraction. ``image_path`` is the rendered page image kept for prompts and review."""

    index: int
    width: float
    height: float
    text_source: TextSource
    ocr_confidence: float | None = None
    image_path: Path | None = None
    words: int = 0
    #: of ``words``, those a text-layer page holds only in its pictures (a logo, a letterhead), read by OCR
    image_words: int = 0


class Document(BaseModel):
    """A loaded document: its pages, its words in reading order (engine coordinates) and page images."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    source: SourceFile
    pages: list[PageInfo]
    words: list[Word]
    #: page bboxes in absolute page units (same order as ``words``), for the record's ``fields[*].bbox``
    images: list[bytes] = Field(default_factory=list, repr=False)
    seconds: dict[str, float] = Field(default_factory=dict)


class ErrorItem(BaseModel):
    """Why a document is not accepted: the stage, a stable code, and a message a person understands."""

    stage: str
    code: str
    message: str
    field: str | None = None


class FieldInfo(BaseModel):
    """Where an extracted value stands: confidence 0..1, page (0-based) and bbox (normalised x0,y0,x1,y1)."""

    confidence: float
    page: int | None = None
    bbox: tuple[float, float, float, float] | None = None


class ReviewAudit(BaseModel):
    """How a person resolved a document from the review queue: who, when, and what the pipeline had said."""

    queue_id: int
    resolved_by: str
    resolved_at: datetime
    note: str | None = None
    original_status: Status
    original_data: dict[str, Any] | None = None
    original_errors: list[ErrorItem] = Field(default_factory=list)


class Record(BaseModel):
    """One line of ``results.jsonl``: exactly one per input file."""

    source: str
    sha256: str | None
    doc_type: str | None = None
    status: Status
    data: dict[str, Any] | None = None
    fields: dict[str, FieldInfo] = Field(default_factory=dict)
    errors: list[ErrorItem] = Field(default_factory=list)
    provenance: Provenance | None = None
    metrics: dict[str, Any] = Field(default_factory=dict)
    duplicate_of: str | None = None
    cache_key: str | None = None
    #: set when a person resolved the document in the review queue
    audit: ReviewAudit | None = None
    #: discounts, charges and rounding the document prints beside its totals (invoice-like types), which explain
    #: a subtotal + tax that differs from the total (note ``rule.adjusted``)
    adjustments: list[Adjustment] = Field(default_factory=list)
