"""The review queue: one row per document, exports, and resolution with an audit trail."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import polars as pl
import pytest

from pipeline.config import Settings
from pipeline.models import ErrorItem, Record, Status
from pipeline.review import (
    CorrectionInvalidError,
    ReviewError,
    ReviewQueue,
    ReviewState,
    database_url,
    resolve_item,
)
from pipeline.runner import run
from pipeline.store import ResultStore, accepted_path
from tests.conftest import INVOICE_TEXT, RECEIPT_TEXT

BAD_TOTAL = INVOICE_TEXT.replace("total: 120.00", "total: 130.00")


def _record(source: str = "a.pdf", status: Status = Status.REVIEW, key: str = "k1", **kw) -> Record:
    kw.setdefault("data", {"total": "1.00"})
    return Record(source=source, sha256="a" * 64, doc_type="invoice", status=status,
                  errors=[ErrorItem(stage="rules", code="rule.total_mismatch", message="m", field="total")],
                  cache_key=key, **kw)


@pytest.fixture
def queue(tmp_path: Path) -> ReviewQueue:
    q = ReviewQueue(database_url(tmp_path))
    yield q
    q.close()


def test_default_url_is_in_the_output_folder(tmp_path: Path) -> None:
    assert database_url(tmp_path) == f"sqlite:///{(tmp_path / 'review.sqlite').resolve()}"
    assert database_url(tmp_path, Settings(review={"database_url": "sqlite:///x.db"})) == "sqlite:///x.db"
    assert database_url(tmp_path, None, "postgresql+psycopg://h/db") == "postgresql+psycopg://h/db"
    with pytest.raises(ReviewError):
        database_url(None)


def test_sync_keeps_one_row_per_document(queue: ReviewQueue, tmp_path: Path) -> None:
    first = queue.sync(_record(), tmp_path, ["pages/x/page-1.png"])
    again = queue.sync(_record(), tmp_path, ["pages/x/page-1.png"])
    assert first is not None and again is not None and again.id == first.id
    assert again.updated_at == first.updated_at  # same result: untouched
    changed = queue.sync(_record(key="k2", data={"total": "2.00"}), tmp_path)
    assert changed.id == first.id and changed.data == {"total": "2.00"}
    assert len(queue.items()) == 1
    queue.sync(_record(status=Status.ACCEPTED, key="k3"), tmp_path)  # now fine: the row is closed
    (row,) = queue.items()
    assert row.state is ReviewState.SUPERSEDED
    assert queue.items(ReviewState.OPEN) == []


def test_duplicates_are_not_queued(queue: ReviewQueue, tmp_path: Path) -> None:
    assert queue.sync(_record("copy.pdf", duplicate_of="a.pdf"), tmp_path) is None
    assert queue.items() == []


def test_same_source_in_two_output_folders_is_two_rows(queue: ReviewQueue, tmp_path: Path) -> None:
    queue.sync(_record(), tmp_path / "run1")
    queue.sync(_record(), tmp_path / "run2")
    assert len(queue.items()) == 2
    assert len(queue.items(out_dir=tmp_path / "run1")) == 1


def test_export_formats(queue: ReviewQueue, tmp_path: Path) -> None:
    queue.sync(_record("a.pdf"), tmp_path, ["pages/a/page-1.png", "pages/a/page-2.png"])
    queue.sync(_record("b.pdf", data={"vendor_name": "Café, \"quoted\"\nnewline"}), tmp_path)
    queue.mark_resolved(1, {"total": "1.00"}, by="ana")

    csv_path = tmp_path / "q.csv"
    assert queue.export(csv_path, "csv") == 2
    frame = pl.read_csv(csv_path)
    assert frame["source"].to_list() == ["a.pdf", "b.pdf"]
    assert frame.schema["reasons"] == pl.String and frame.schema["data"] == pl.String
    assert json.loads(frame["data"][1])["vendor_name"] == "Café, \"quoted\"\nnewline"
    assert json.loads(frame["reasons"][0])[0]["code"] == "rule.total_mismatch"
    assert frame["reason_codes"][0] == "rule.total_mismatch"
    assert frame["state"].to_list() == ["resolved", "open"]

    pq = tmp_path / "q.parquet"
    assert queue.export(pq, "parquet") == 2
    frame = pl.read_parquet(pq)
    assert frame["page_images"][0].to_list() == ["pages/a/page-1.png", "pages/a/page-2.png"]
    assert frame["reasons"][0][0]["field"] == "total"
    assert frame["resolved_by"].to_list() == ["ana", None]

    jl = tmp_path / "q.jsonl"
    assert queue.export(jl, "jsonl", ReviewState.OPEN) == 1
    (line,) = jl.read_text(encoding="utf-8").splitlines()
    row = json.loads(line)
    assert row["source"] == "b.pdf" and row["reasons"][0]["code"] == "rule.total_mismatch"
    assert isinstance(row["data"], dict)


def _review_run(make_docs, tmp_path: Path) -> tuple[Path, Settings]:
    root = make_docs({"bad.txt": BAD_TOTAL, "ok.txt": RECEIPT_TEXT, "bad copy.txt": BAD_TOTAL})
    out = tmp_path / "out"
    settings = Settings(engine={"name": "kv"}, workers=1)
    summary = run(root, out, settings)
    assert (summary.review, summary.accepted) == (2, 1)  # the copy mirrors its original
    return out, settings


def test_resolve_accepts_with_audit_trail(make_docs, tmp_path: Path) -> None:
    out, settings = _review_run(make_docs, tmp_path)
    with ReviewQueue(database_url(out)) as queue:
        (item,) = queue.items(ReviewState.OPEN)
        assert item.source == "bad copy.txt"  # first by name is the original; its copy is not queued
        assert [r.code for r in item.reasons] == ["rule.total_mismatch"]
        fixed = dict(item.data, total="120.00")
        when = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)
        record = resolve_item(queue, item.id, fixed, settings, by="ana", note="total misread", at=when)

        assert record.status is Status.ACCEPTED and record.errors == []
        assert record.audit.resolved_by == "ana" and record.audit.resolved_at == when
        assert record.audit.original_status is Status.REVIEW
        assert record.audit.original_data["total"] == "130.00"
        assert [e.code for e in record.audit.original_errors] == ["rule.total_mismatch"]
        assert json.loads(accepted_path(out, "bad copy.txt").read_text())["total"] == "120.00"

        row = queue.get(item.id)
        assert row.state is ReviewState.RESOLVED and row.resolved_by == "ana" and row.note == "total misread"
        assert row.data["total"] == "130.00"  # the original extraction is kept
        assert row.resolved_data["total"] == "120.00"

        with pytest.raises(ReviewError, match="not open"):
            resolve_item(queue, item.id, fixed, settings, by="bob")

    lines = [json.loads(x) for x in (out / "results.jsonl").read_text(encoding="utf-8").splitlines()]
    by_source = {r["source"]: r for r in lines}
    assert len(lines) == 3
    assert by_source["bad copy.txt"]["status"] == "accepted"
    assert by_source["bad copy.txt"]["audit"]["resolved_by"] == "ana"
    assert by_source["bad.txt"]["status"] == "accepted" and by_source["bad.txt"]["duplicate_of"] == "bad copy.txt"
    assert not accepted_path(out, "bad.txt").exists()

    # a rerun keeps the human resolution even though nothing changed for the engine
    summary = run(out.parent / "in", out, settings)
    assert summary.processed == 0 and summary.accepted == 3
    with ResultStore(out / ".state.sqlite") as store:
        assert store.get("bad copy.txt").record.audit is not None


def test_invalid_correction_changes_nothing(make_docs, tmp_path: Path) -> None:
    out, settings = _review_run(make_docs, tmp_path)
    before = (out / "results.jsonl").read_text(encoding="utf-8")
    with ReviewQueue(database_url(out)) as queue:
        (item,) = queue.items(ReviewState.OPEN)
        bad = dict(item.data, total="125.00", invoice_date="not a date")
        with pytest.raises(CorrectionInvalidError) as info:
            resolve_item(queue, item.id, bad, settings, by="ana")
        assert {e.code for e in info.value.errors} == {"validate.type"}
        with pytest.raises(CorrectionInvalidError) as info:  # rules are checked too
            resolve_item(queue, item.id, dict(item.data, total="125.00"), settings, by="ana")
        assert {e.code for e in info.value.errors} == {"rule.total_mismatch"}
        assert queue.get(item.id).state is ReviewState.OPEN
    assert (out / "results.jsonl").read_text(encoding="utf-8") == before
    assert not accepted_path(out, "bad copy.txt").exists()


def test_resolve_unknown_id(queue: ReviewQueue) -> None:
    with pytest.raises(ReviewError, match="no review item"):
        resolve_item(queue, 42, {}, Settings(), by="ana")
