"""Run summaries as Prefect artifacts: a table of statuses, a markdown report, and progress during the run.

:class:`RunReport` is plain data computed from the records of a run (no Prefect needed, so it is tested
directly); :func:`publish_summary` turns it into a table artifact and a markdown artifact, and
:class:`ProgressReporter` keeps one progress artifact current while documents complete.
"""

from __future__ import annotations

import logging
import re
import threading
from collections import Counter
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, Field

from pipeline.models import Record, Status

__all__ = ["ProgressReporter", "RunReport", "artifact_key", "publish_summary", "render_markdown", "status_table"]

logger = logging.getLogger(__name__)

#: table artifacts are stored in the Prefect database; a huge batch lists its non-accepted rows first
MAX_TABLE_ROWS = 2000


def artifact_key(*parts: str) -> str:
    """An artifact key from free text: lowercase letters, digits and dashes only (Prefect's rule)."""
    key = re.sub(r"[^a-z0-9]+", "-", "-".join(parts).lower()).strip("-")
    return key[:100] or "docextract"


def _stage_seconds(record: Record) -> dict[str, float]:
    """Seconds per stage a record carries in ``metrics["seconds"]`` (a mapping stage -> seconds)."""
    raw = record.metrics.get("seconds")
    if not isinstance(raw, dict):
        return {}
    out: dict[str, float] = {}
    for stage, value in raw.items():
        if isinstance(value, int | float) and not isinstance(value, bool):
            out[str(stage)] = float(value)
    return out


class RunReport(BaseModel):
    """What a run produced, for people: counts per status, why documents went to review or failed, timing."""

    total: int = 0
    by_status: dict[str, int] = Field(default_factory=dict)
    by_doc_type: dict[str, int] = Field(default_factory=dict)
    #: error code -> number of review documents that carry it
    review_reasons: dict[str, int] = Field(default_factory=dict)
    #: error code -> number of failed documents that carry it
    failure_reasons: dict[str, int] = Field(default_factory=dict)
    #: stage -> total seconds over all documents
    stage_seconds: dict[str, float] = Field(default_factory=dict)
    #: documents taken from an earlier run's results (same content, schema and engine settings)
    reused: int = 0
    wall_seconds: float | None = None

    @classmethod
    def from_records(
        cls, records: Iterable[Record], *, reused: int = 0, wall_seconds: float | None = None
    ) -> RunReport:
        by_status: Counter[str] = Counter()
        by_type: Counter[str] = Counter()
        review: Counter[str] = Counter()
        failed: Counter[str] = Counter()
        seconds: Counter[str] = Counter()
        total = 0
        for record in records:
            total += 1
            by_status[record.status.value] += 1
            by_type[record.doc_type or "(unknown)"] += 1
            codes = {e.code for e in record.errors}
            if record.status is Status.REVIEW:
                review.update(codes)
            elif record.status is Status.FAILED:
                failed.update(codes or {"(no code)"})
            for stage, value in _stage_seconds(record).items():
                seconds[stage] += value
        return cls(
            total=total,
            by_status={s.value: by_status.get(s.value, 0) for s in Status},
            by_doc_type=dict(by_type.most_common()),
            review_reasons=dict(review.most_common()),
            failure_reasons=dict(failed.most_common()),
            stage_seconds={k: round(v, 3) for k, v in seconds.items()},
            reused=reused,
            wall_seconds=wall_seconds,
        )

    @property
    def accepted_rate(self) -> float:
        """Accepted documents over all documents (0 for an empty run)."""
        return self.by_status.get(Status.ACCEPTED.value, 0) / self.total if self.total else 0.0


def status_table(records: Iterable[Record], *, max_rows: int = MAX_TABLE_ROWS) -> list[dict[str, Any]]:
    """One row per document (source, status, type, error codes), non-accepted first when rows must be cut."""
    rows = [
        {
            "source": r.source,
            "status": r.status.value,
            "doc_type": r.doc_type or "",
            "errors": ", ".join(sorted({e.code for e in r.errors})),
        }
        for r in records
    ]
    if len(rows) > max_rows:
        order = {Status.FAILED.value: 0, Status.REVIEW.value: 1, Status.ACCEPTED.value: 2}
        rows.sort(key=lambda row: order.get(row["status"], 3))
        rows = rows[:max_rows]
    return rows


def _md_counts(title: str, counts: dict[str, int], total: int) -> list[str]:
    if not counts:
        return []
    lines = [f"### {title}", "", "| | documents | share |", "|---|---:|---:|"]
    for name, n in counts.items():
        share = f"{n / total:.1%}" if total else "-"
        lines.append(f"| `{name}` | {n} | {share} |")
    return [*lines, ""]


def render_markdown(summary: RunReport, *, title: str = "Extraction run") -> str:
    """The run report: accepted rate, counts per status and type, review and failure reasons, seconds per stage."""
    lines = [f"## {title}", ""]
    lines.append(
        f"**{summary.total}** documents, **{summary.accepted_rate:.1%}** accepted"
        + (f", {summary.reused} reused from earlier runs" if summary.reused else "")
        + (f", {summary.wall_seconds:.1f} s wall time" if summary.wall_seconds is not None else "")
        + "."
    )
    lines.append("")
    lines += ["| status | documents |", "|---|---:|"]
    lines += [f"| {status} | {n} |" for status, n in summary.by_status.items()]
    lines.append("")
    lines += _md_counts("Document types", summary.by_doc_type, summary.total)
    lines += _md_counts("Review reasons", summary.review_reasons, summary.total)
    lines += _md_counts("Failure reasons", summary.failure_reasons, summary.total)
    if summary.stage_seconds:
        done = max(summary.total - summary.reused, 1)
        lines += ["### Seconds per stage", "", "| stage | total s | s per document |", "|---|---:|---:|"]
        for stage, seconds in summary.stage_seconds.items():
            lines.append(f"| {stage} | {seconds:.2f} | {seconds / done:.3f} |")
        lines.append("")
    return "\n".join(lines)


def publish_summary(records: list[Record], summary: RunReport, *, key_prefix: str = "docextract") -> None:
    """Create the status table and markdown report artifacts for the current flow run.

    Artifacts are a report, not an output: a failure to create them is logged and does not fail the run.
    """
    from prefect.artifacts import create_markdown_artifact, create_table_artifact

    try:
        create_table_artifact(
            status_table(records),
            key=artifact_key(key_prefix, "statuses"),
            description=f"{summary.total} documents; {summary.accepted_rate:.1%} accepted",
        )
        create_markdown_artifact(
            render_markdown(summary), key=artifact_key(key_prefix, "report"), description="run report"
        )
    except Exception:  # the orchestration API being down must not lose a finished run
        logger.warning("could not publish run artifacts", exc_info=True)


class ProgressReporter:
    """One Prefect progress artifact, updated as documents complete (thread-safe, rate-limited by steps).

    Failures to talk to the API are logged once and then ignored.
    """

    def __init__(self, total: int, *, key: str = "docextract-progress", every: int | None = None) -> None:
        self.total = max(total, 0)
        self.done = 0
        self._every = every or max(1, self.total // 50)
        self._lock = threading.Lock()
        self._artifact_id: Any = None
        self._broken = False
        self._key = artifact_key(key)

    def start(self) -> None:
        from prefect.artifacts import create_progress_artifact

        try:
            self._artifact_id = create_progress_artifact(
                0.0 if self.total else 100.0, key=self._key, description=f"0 of {self.total} documents"
            )
        except Exception:
            self._broken = True
            logger.warning("could not create the progress artifact", exc_info=True)

    @property
    def percent(self) -> float:
        return 100.0 * self.done / self.total if self.total else 100.0

    def advance(self, n: int = 1) -> None:
        """Count ``n`` more documents as done; pushes an update every few documents and at the end."""
        with self._lock:
            self.done = min(self.done + n, self.total)
            push = self.done == self.total or self.done % self._every == 0
            percent, done = self.percent, self.done
        if push and self._artifact_id is not None and not self._broken:
            from prefect.artifacts import update_progress_artifact

            try:
                update_progress_artifact(
                    self._artifact_id, percent, description=f"{done} of {self.total} documents"
                )
            except Exception:
                self._broken = True
                logger.warning("could not update the progress artifact", exc_info=True)
