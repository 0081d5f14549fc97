"""The review queue: documents a person must look at, and how their corrections land.

One row per document and output folder (SQLAlchemy Core; SQLite at ``OUT/review.sqlite`` by default, any URL in
``review.database_url`` — ``postgresql+psycopg://…`` lets a team share one queue). A row holds the reasons, the
extracted data exactly as the pipeline produced it (never modified, kept for audit), the page images, and once
resolved the corrected data, who resolved it, when, and a note.

States: ``open`` (waiting), ``resolved`` (a person supplied corrected data that passed validation),
``superseded`` (a rerun with changed settings produced a new result for the document: the row is closed and the
new result is queued again if it still needs review).

:func:`resolve_item` is the whole resolution: the correction goes through the same validation stage as engine
output (Pydantic + JSON Schema + business rules), then ``accepted/<source>.json`` is written, the record in the
results store becomes ``accepted`` with an audit trail (who, when, the original status, data and errors), and
``results.jsonl`` is rewritten.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from pydantic import BaseModel

from pipeline.config import Settings
from pipeline.errors import PipelineError
from pipeline.grounding import flatten
from pipeline.models import ErrorItem, Record, ReviewAudit, Status
from pipeline.reconcile import reconcile
from pipeline.route import Severity, severity
from pipeline.store import (
    RESULTS_FILE,
    STATE_FILE,
    ResultStore,
    sync_accepted,
    write_results,
)
from pipeline.validate import validate_data, validation_tolerance
from schemas import get_schema

__all__ = [
    "DEFAULT_DB_NAME",
    "CorrectionInvalidError",
    "ExportFormat",
    "ReviewError",
    "ReviewItem",
    "ReviewQueue",
    "ReviewState",
    "database_url",
    "resolve_item",
]

logger = logging.getLogger(__name__)

DEFAULT_DB_NAME = "review.sqlite"


class ReviewError(PipelineError):
    """A review-queue operation that cannot be done (unknown id, item not open, no output folder)."""

    stage = "review"
    code = "review.error"


class CorrectionInvalidError(ReviewError):
    """The corrected data does not pass validation; ``errors`` says why, field by field."""

    code = "review.correction_invalid"

    def __init__(self, message: str, errors: list[ErrorItem]) -> None:
        super().__init__(message)
        self.errors = errors


class ReviewState(StrEnum):
    OPEN = "open"
    RESOLVED = "resolved"
    SUPERSEDED = "superseded"


class ExportFormat(StrEnum):
    CSV = "csv"
    PARQUET = "parquet"
    JSONL = "jsonl"


class ReviewItem(BaseModel):
    """One row of the queue."""

    id: int
    out_dir: str
    source: str
    sha256: str | None = None
    doc_type: str | None = None
    cache_key: str | None = None
    state: ReviewState
    reasons: list[ErrorItem]
    #: the data as extracted; never changed, kept for audit
    data: dict[str, Any] | None = None
    page_images: list[str]
    created_at: datetime
    updated_at: datetime
    resolved_at: datetime | None = None
    resolved_by: str | None = None
    resolved_data: dict[str, Any] | None = None
    note: str | None = None


_metadata = sa.MetaData()
_items = sa.Table(
    "review_items", _metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("out_dir", sa.String, nullable=False),
    sa.Column("source", sa.String, nullable=False),
    sa.Column("sha256", sa.String(64)),
    sa.Column("doc_type", sa.String(64)),
    sa.Column("cache_key", sa.String(64)),
    sa.Column("state", sa.String(16), nullable=False),
    sa.Column("reasons", sa.JSON, nullable=False),
    sa.Column("data", sa.JSON),
    sa.Column("page_images", sa.JSON, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("resolved_at", sa.DateTime(timezone=True)),
    sa.Column("resolved_by", sa.String(120)),
    sa.Column("resolved_data", sa.JSON),
    sa.Column("note", sa.Text),
    sa.Index("ix_review_items_doc", "out_dir", "source", "state"),
)


def _now() -> datetime:
    return datetime.now(UTC)


def _utc(value: datetime | None) -> datetime | None:
    """SQLite hands back naive datetimes; everything stored is UTC."""
    if value is not None and value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value


def database_url(out_dir: Path | None = None, settings: Settings | None = None, db: str | None = None) -> str:
    """The queue's URL: ``db`` if given, else ``settings.review.database_url``, else ``sqlite:///OUT/review.sqlite``."""
    if db:
        return db
    if settings is not None and settings.review.database_url:
        return settings.review.database_url
    if out_dir is None:
        raise ReviewError("no review database: pass --out OUT (the run's output folder) or --db URL")
    return f"sqlite:///{(Path(out_dir) / DEFAULT_DB_NAME).resolve()}"


class ReviewQueue:
    """The review queue at a SQLAlchemy database URL."""

    def __init__(self, url: str) -> None:
        self.url = url
        if url.startswith("sqlite:///"):
            Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
        try:
            self._engine = sa.create_engine(url)
            _metadata.create_all(self._engine)
        except (sa.exc.ArgumentError, sa.exc.NoSuchModuleError, sa.exc.OperationalError) as exc:
            raise ReviewError(f"cannot open the review database {url!r}: {exc}") from exc

    def close(self) -> None:
        self._engine.dispose()

    def __enter__(self) -> ReviewQueue:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @staticmethod
    def _item(row: Any) -> ReviewItem:
        values = dict(row)
        for key in ("created_at", "updated_at", "resolved_at"):
            values[key] = _utc(values[key])
        return ReviewItem.model_validate(values)

    def sync(self, record: Record, out_dir: Path, page_images: list[str] | None = None) -> ReviewItem | None:
        """Bring the queue in line with a freshly produced record.

        A record in review gets one open row (inserted, or updated in place when its cache key changed; left
        alone when it is the same result). Any other record closes an open row of its source as superseded.
        Duplicates (``duplicate_of`` set) are never queued: their original is.
        """
        out = str(Path(out_dir).resolve())
        now = _now()
        needs_review = record.status is Status.REVIEW and record.duplicate_of is None
        with self._engine.begin() as conn:
            open_row = conn.execute(
                sa.select(_items).where(_items.c.out_dir == out, _items.c.source == record.source,
                                        _items.c.state == ReviewState.OPEN.value)
                .order_by(_items.c.id.desc())
            ).mappings().first()
            if not needs_review:
                if open_row is not None:
                    conn.execute(sa.update(_items).where(_items.c.id == open_row["id"])
                                 .values(state=ReviewState.SUPERSEDED.value, updated_at=now))
                return None
            values = dict(
                sha256=record.sha256, doc_type=record.doc_type, cache_key=record.cache_key,
                reasons=[e.model_dump(mode="json") for e in record.errors], data=record.data,
                page_images=list(page_images or []), updated_at=now,
            )
            if open_row is not None:
                if open_row["cache_key"] == record.cache_key and open_row["sha256"] == record.sha256:
                    return self._item(open_row)
                conn.execute(sa.update(_items).where(_items.c.id == open_row["id"]).values(**values))
                item_id = open_row["id"]
            else:
                item_id = conn.execute(sa.insert(_items).values(
                    out_dir=out, source=record.source, state=ReviewState.OPEN.value, created_at=now, **values,
                )).inserted_primary_key[0]
            row = conn.execute(sa.select(_items).where(_items.c.id == item_id)).mappings().one()
        return self._item(row)

    def items(self, state: ReviewState | None = None, out_dir: Path | None = None) -> list[ReviewItem]:
        """Rows by id, optionally only one state and one output folder."""
        query = sa.select(_items).order_by(_items.c.id)
        if state is not None:
            query = query.where(_items.c.state == ReviewState(state).value)
        if out_dir is not None:
            query = query.where(_items.c.out_dir == str(Path(out_dir).resolve()))
        with self._engine.connect() as conn:
            return [self._item(r) for r in conn.execute(query).mappings()]

    def get(self, item_id: int) -> ReviewItem:
        with self._engine.connect() as conn:
            row = conn.execute(sa.select(_items).where(_items.c.id == item_id)).mappings().first()
        if row is None:
            raise ReviewError(f"no review item with id {item_id}")
        return self._item(row)

    def mark_resolved(self, item_id: int, data: dict[str, Any], by: str, note: str | None = None,
                      at: datetime | None = None) -> ReviewItem:
        """Close an open row with the corrected ``data``; the extracted data stays as it was."""
        at = at or _now()
        with self._engine.begin() as conn:
            done = conn.execute(
                sa.update(_items).where(_items.c.id == item_id, _items.c.state == ReviewState.OPEN.value)
                .values(state=ReviewState.RESOLVED.value, resolved_data=data, resolved_by=by, resolved_at=at,
                        note=note, updated_at=at)
            )
            if done.rowcount != 1:
                raise ReviewError(f"review item {item_id} is not open")
        return self.get(item_id)

    def export(self, path: Path, fmt: ExportFormat | str, state: ReviewState | None = None,
               out_dir: Path | None = None) -> int:
        """Write the rows to ``path`` as CSV, Parquet or JSON Lines; returns the number of rows.

        JSON Lines keeps nested values as JSON. CSV holds them as JSON strings. Parquet has typed columns:
        ``reasons`` a list of structs, ``page_images`` a list of strings; ``data`` and ``resolved_data`` are
        JSON strings because their shape depends on the document type.
        """
        fmt = ExportFormat(fmt)
        items = self.items(state, out_dir)
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        if fmt is ExportFormat.JSONL:
            with path.open("w", encoding="utf-8") as fh:
                for item in items:
                    fh.write(item.model_dump_json() + "\n")
            return len(items)
        frame = _frame(items, nested=fmt is ExportFormat.PARQUET)
        if fmt is ExportFormat.CSV:
            frame.write_csv(path)
        else:
            frame.write_parquet(path)
        return len(items)


def _frame(items: list[ReviewItem], *, nested: bool) -> Any:
    import polars as pl

    def js(value: Any) -> str | None:
        return None if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)

    reason_type = pl.List(pl.Struct({"stage": pl.String, "code": pl.String, "message": pl.String,
                                     "field": pl.String}))
    columns: dict[str, Any] = {
        "id": pl.Series([i.id for i in items], dtype=pl.Int64),
        "source": pl.Series([i.source for i in items], dtype=pl.String),
        "doc_type": pl.Series([i.doc_type for i in items], dtype=pl.String),
        "state": pl.Series([i.state.value for i in items], dtype=pl.String),
        "reason_codes": pl.Series([";".join(r.code for r in i.reasons) for i in items], dtype=pl.String),
    }
    reasons = [[r.model_dump() for r in i.reasons] for i in items]
    columns["reasons"] = (pl.Series(reasons, dtype=reason_type) if nested
                          else pl.Series([js(r) for r in reasons], dtype=pl.String))
    columns["data"] = pl.Series([js(i.data) for i in items], dtype=pl.String)
    columns["resolved_data"] = pl.Series([js(i.resolved_data) for i in items], dtype=pl.String)
    columns["page_images"] = (pl.Series([i.page_images for i in items], dtype=pl.List(pl.String)) if nested
                              else pl.Series([js(i.page_images) for i in items], dtype=pl.String))
    for key in ("created_at", "updated_at", "resolved_at"):
        columns[key] = pl.Series([getattr(i, key) for i in items], dtype=pl.Datetime("us", "UTC"))
    for key in ("resolved_by", "note", "sha256", "cache_key", "out_dir"):
        columns[key] = pl.Series([getattr(i, key) for i in items], dtype=pl.String)
    return pl.DataFrame(columns)


def resolve_item(queue: ReviewQueue, item_id: int, data: Any, settings: Settings, *, by: str,
                 note: str | None = None, out_dir: Path | None = None, doc_type: str | None = None,
                 at: datetime | None = None) -> Record:
    """Accept a person's correction of review item ``item_id``.

    ``data`` is validated exactly like engine output (against ``doc_type`` when the person changes the type);
    on failure :class:`CorrectionInvalidError` lists the problems and nothing changes. On success the document's
    record becomes accepted with an audit trail, ``accepted/<source>.json`` is written, the queue row is
    resolved (its extracted data kept) and ``results.jsonl`` is rewritten. Returns the new record.
    """
    item = queue.get(item_id)
    if item.state is not ReviewState.OPEN:
        raise ReviewError(f"review item {item_id} ({item.source}) is {item.state.value}, not open")
    type_name = doc_type or item.doc_type
    if not type_name:
        raise ReviewError(f"review item {item_id} has no document type: pass --doc-type")
    model = get_schema(type_name)
    out = Path(out_dir) if out_dir is not None else Path(item.out_dir)
    at = at or _now()
    store = ResultStore(out / STATE_FILE)
    try:
        stored = store.get(item.source)
        original = stored.record if stored is not None else Record(
            source=item.source, sha256=item.sha256, doc_type=item.doc_type, status=Status.REVIEW, data=item.data,
            errors=item.reasons, cache_key=item.cache_key)
        validation = validate_data(data, model, settings)
        # the document's printed discounts and charges explain a correction's totals as they did the engine's
        checked = reconcile(validation.errors, validation.data, original.adjustments, validation_tolerance(settings))
        problems = [e for e in checked if severity(e) is not Severity.NOTE]
        if problems:
            shown = "; ".join(e.message for e in problems[:5])
            raise CorrectionInvalidError(f"the correction does not validate as {type_name}: {shown}", problems)
        assert validation.data is not None
        old_values = flatten(original.data or {})
        new_values = flatten(validation.data)
        fields = {p: f for p, f in original.fields.items() if p in new_values and old_values.get(p) == new_values[p]}
        audit = ReviewAudit(queue_id=item.id, resolved_by=by, resolved_at=at, note=note,
                            original_status=original.status, original_data=original.data,
                            original_errors=original.errors)
        provenance = original.provenance
        if provenance is not None:
            provenance = provenance.model_copy(update={"schema_version": model.schema_version})
        record = original.model_copy(update={
            "doc_type": type_name, "status": Status.ACCEPTED, "data": validation.data, "fields": fields,
            "errors": checked, "audit": audit, "provenance": provenance,
        })
        store.put(record, final=True)
        sync_accepted(out, record)
        queue.mark_resolved(item.id, validation.data, by, note, at)
        _refresh_duplicates(store, record)
        if store.last_run() is not None:
            write_results(out / RESULTS_FILE, store.run_records())
    finally:
        store.close()
    logger.info("review item %d (%s) resolved by %s", item.id, item.source, by)
    return record


def _refresh_duplicates(store: ResultStore, original: Record) -> None:
    from pipeline.stages import DUPLICATE_CODE

    for rec in store.all_records():
        if rec.duplicate_of == original.source:
            copy = original.model_copy(update={
                "source": rec.source, "sha256": rec.sha256, "duplicate_of": original.source, "audit": None,
                "errors": [*original.errors, *(e for e in rec.errors if e.code == DUPLICATE_CODE)],
            }, deep=True)
            store.put(copy, final=True)
