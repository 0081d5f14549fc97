"""The results store and the files written from it: ``results.jsonl`` and ``accepted/<source>.json``.

The store (SQLite at ``OUT/.state.sqlite``, SQLAlchemy Core) holds the latest record of every source ever run
into this output folder, keyed by source, with the cache key it was produced under. It is what makes reruns
idempotent: an input whose cache key is unchanged is not processed again, one whose key changed is reprocessed
and its record replaced. Records are committed as documents finish, and ``results.jsonl`` is rewritten
atomically from the store at the end of a run, so a crashed run loses nothing: the rerun skips what was done
and writes the file.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath
from typing import Any

import sqlalchemy as sa

from pipeline.models import Record, Status

__all__ = [
    "RESULTS_FILE",
    "STATE_FILE",
    "ResultStore",
    "StoredRecord",
    "accepted_path",
    "atomic_write_text",
    "safe_relpath",
    "sync_accepted",
    "write_results",
]

logger = logging.getLogger(__name__)

RESULTS_FILE = "results.jsonl"
STATE_FILE = ".state.sqlite"

_metadata = sa.MetaData()
_records = sa.Table(
    "records", _metadata,
    sa.Column("source", sa.String, primary_key=True),
    sa.Column("sha256", sa.String(64), index=True),
    sa.Column("cache_key", sa.String(64), index=True),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("final", sa.Boolean, nullable=False, default=True),
    sa.Column("record", sa.Text, nullable=False),
    sa.Column("run_id", sa.String(32), index=True),
    sa.Column("position", sa.Integer),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
)
_meta = sa.Table(
    "meta", _metadata,
    sa.Column("key", sa.String, primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)


@dataclass(frozen=True)
class StoredRecord:
    """A record as stored, with its bookkeeping."""

    record: Record
    cache_key: str | None
    final: bool
    run_id: str | None


def _now() -> datetime:
    return datetime.now(UTC)


class ResultStore:
    """Latest record per source for one output folder (SQLite through SQLAlchemy Core)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._engine = sa.create_engine(f"sqlite:///{self.path}")
        _metadata.create_all(self._engine)

    # -- runs ----------------------------------------------------------------------------------------------

    def begin_run(self) -> str:
        """A new run id, remembered as the latest run."""
        run_id = uuid.uuid4().hex
        self._set_meta("last_run", run_id)
        return run_id

    def last_run(self) -> str | None:
        with self._engine.connect() as conn:
            return conn.execute(sa.select(_meta.c.value).where(_meta.c.key == "last_run")).scalar_one_or_none()

    def _set_meta(self, key: str, value: str) -> None:
        with self._engine.begin() as conn:
            conn.execute(sa.delete(_meta).where(_meta.c.key == key))
            conn.execute(sa.insert(_meta).values(key=key, value=value))

    # -- records -------------------------------------------------------------------------------------------

    def get(self, source: str) -> StoredRecord | None:
        """The stored record of ``source``, or None."""
        with self._engine.connect() as conn:
            row = conn.execute(sa.select(_records).where(_records.c.source == source)).mappings().first()
        return self._stored(row) if row else None

    @staticmethod
    def _stored(row: Any) -> StoredRecord:
        return StoredRecord(record=Record.model_validate_json(row["record"]), cache_key=row["cache_key"],
                            final=bool(row["final"]), run_id=row["run_id"])

    def put(self, record: Record, *, final: bool = True, run_id: str | None = None,
            position: int | None = None) -> None:
        """Insert or replace the record of ``record.source``; ``run_id``/``position`` stay as they were when
        not given."""
        values: dict[str, Any] = dict(sha256=record.sha256, cache_key=record.cache_key, status=record.status.value,
                                      final=final, record=record.model_dump_json(), updated_at=_now())
        if run_id is not None:
            values["run_id"] = run_id
        if position is not None:
            values["position"] = position
        with self._engine.begin() as conn:
            updated = conn.execute(sa.update(_records).where(_records.c.source == record.source).values(**values))
            if updated.rowcount == 0:
                conn.execute(sa.insert(_records).values(source=record.source, **values))

    def touch(self, source: str, run_id: str, position: int) -> None:
        """Mark an unchanged record as part of run ``run_id`` at ``position``."""
        with self._engine.begin() as conn:
            conn.execute(sa.update(_records).where(_records.c.source == source)
                         .values(run_id=run_id, position=position))

    def run_records(self, run_id: str | None = None) -> list[Record]:
        """The records of a run (default: the latest) in input order."""
        run_id = run_id or self.last_run()
        if run_id is None:
            return []
        with self._engine.connect() as conn:
            rows = conn.execute(sa.select(_records.c.record).where(_records.c.run_id == run_id)
                                .order_by(_records.c.position, _records.c.source)).scalars().all()
        return [Record.model_validate_json(r) for r in rows]

    def all_records(self) -> list[Record]:
        with self._engine.connect() as conn:
            rows = conn.execute(sa.select(_records.c.record).order_by(_records.c.source)).scalars().all()
        return [Record.model_validate_json(r) for r in rows]

    def close(self) -> None:
        self._engine.dispose()

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# ------------------------------------------------------------------------------------------------ files


def safe_relpath(source: str) -> PurePosixPath:
    """``source`` as a relative path that cannot leave its folder (no root, no ``..``)."""
    parts = [p for p in PurePosixPath(source).parts if p not in ("/", "..", ".", "")]
    return PurePosixPath(*parts) if parts else PurePosixPath("_")


def accepted_path(out_dir: Path, source: str) -> Path:
    """``OUT/accepted/<source>.json`` (subfolders mirrored, the original extension kept in the name)."""
    rel = safe_relpath(source)
    return Path(out_dir) / "accepted" / rel.parent / f"{rel.name}.json"


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename: readers see old or new, never half."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def sync_accepted(out_dir: Path, record: Record) -> Path | None:
    """Write ``accepted/<source>.json`` for an accepted record (not for duplicates); remove a stale one
    otherwise. Returns the path written, if any."""
    path = accepted_path(out_dir, record.source)
    if record.status is Status.ACCEPTED and record.data is not None and record.duplicate_of is None:
        atomic_write_text(path, json.dumps(record.data, ensure_ascii=False, indent=2) + "\n")
        return path
    if path.exists():
        path.unlink()
        logger.info("%s: no longer accepted; removed %s", record.source, path)
        root = Path(out_dir) / "accepted"
        parent = path.parent
        while parent != root and root in parent.parents and not any(parent.iterdir()):
            parent.rmdir()
            parent = parent.parent
    return None


def write_results(path: Path, records: Iterable[Record]) -> int:
    """Write ``results.jsonl`` atomically, one record per line; returns the number of lines."""
    lines = [r.model_dump_json() for r in records]
    atomic_write_text(path, "".join(f"{line}\n" for line in lines))
    return len(lines)
