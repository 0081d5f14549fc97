"""The inbox flow: process what is new in a watched folder, exactly once, and write the day's exports.

Each run (typically on a schedule, see :func:`inbox_deployment`):

1. takes the inbox lock (a run still going when the next one starts makes the new one skip, not interfere);
2. claims the files that arrived and have settled into ``processing/<day>/`` (:mod:`flows.claims`);
3. processes everything in ``processing/`` — today's claims and whatever an interrupted run left — with the
   batch flow's machinery (:func:`flows.batch.plan_inputs` / :func:`flows.batch.execute_plan`): a file whose
   record an earlier run already committed is reused, not processed again;
4. moves each file to ``processed/`` or ``failed/`` right after its record is committed. A record that is not
   final (the engine server was down) leaves its file in ``processing/`` for the next run, up to
   ``max_attempts`` runs, then it goes to ``failed/``;
5. writes ``OUT/results.jsonl`` (this run's records, as ``extract run``; a run with nothing to do leaves it
   alone) and the day's exports under ``OUT/exports/<day>/``: ``results.jsonl`` with every record of that day's
   documents (each exactly once, rebuilt from the store on every run) and the open review queue as
   ``review-open.<fmt>``.
"""

from __future__ import annotations

import logging
import os
import time
from collections import Counter
from collections.abc import Iterable
from datetime import timedelta
from pathlib import Path
from typing import Any

from prefect import flow
from prefect.deployments.runner import EntrypointType
from pydantic import BaseModel, Field

from flows.artifacts import ProgressReporter, RunReport, publish_summary
from flows.batch import check_run_settings, execute_plan, plan_inputs
from flows.claims import Disposition, Inbox, InboxBusyError, today
from flows.runners import RunnerKind, RunnerSpec
from flows.tasks import TaskPolicy, close_engines
from pipeline import stages
from pipeline.config import Settings
from pipeline.models import Record, SourceFile, Status
from pipeline.outputs import RunOutputs
from pipeline.review import ExportFormat, ReviewState
from pipeline.store import write_results

__all__ = [
    "InboxOptions",
    "InboxSummary",
    "deploy_inbox",
    "deployment_parameters",
    "inbox_deployment",
    "inbox_flow",
    "run_inbox",
    "write_day_exports",
]

logger = logging.getLogger(__name__)

EXPORTS_DIR = "exports"


class InboxOptions(BaseModel):
    """How the inbox is watched."""

    #: a file modified more recently than this is left for the next run (a scanner may still be writing it)
    settle_seconds: float = Field(default=30.0, ge=0)
    #: runs a document whose record is not final (engine unavailable) stays in ``processing/`` for
    max_attempts: int = Field(default=3, ge=1)
    #: formats of the day's review export
    export_formats: list[ExportFormat] = Field(default_factory=lambda: [ExportFormat.CSV, ExportFormat.JSONL])


class InboxSummary(BaseModel):
    """What one inbox run did."""

    inbox: str
    out_dir: str
    day: str
    #: another run held the inbox; this one did nothing
    busy: bool = False
    claimed: int = 0
    #: files left in ``processing/`` by an earlier run and handled now
    resumed: int = 0
    #: of those, records already committed (moved without processing again)
    recovered: int = 0
    processed: int = 0
    by_status: dict[str, int] = Field(default_factory=dict)
    moved: dict[str, int] = Field(default_factory=dict)
    #: documents left in ``processing/`` for the next run (record not final)
    waiting: int = 0
    exports: list[str] = Field(default_factory=list)
    seconds: float = 0.0


def _attempts(inbox: Inbox) -> Counter[str]:
    return Counter(str(e.get("source")) for e in inbox.read_journal() if e.get("event") == "attempt")


def write_day_exports(outputs: RunOutputs, day: str, formats: list[ExportFormat],
                      other_days: Iterable[str] = ()) -> list[Path]:
    """The day's exports under ``OUT/exports/<day>/``: ``results.jsonl`` (every document claimed that day, one
    record each, from the store) and the open review queue as ``review-open.<fmt>``. ``other_days`` (days of
    documents an interrupted run left behind and this run finished) get their ``results.jsonl`` refreshed too.
    Rewritten whole on every run."""
    written: list[Path] = []
    records = outputs.store.all_records()
    for each in sorted({day, *other_days}):
        path = outputs.out_dir / EXPORTS_DIR / each / "results.jsonl"
        write_results(path, [r for r in records if r.source.startswith(f"{each}/")])
        written.append(path)
    for fmt in formats:
        fmt = ExportFormat(fmt)
        path = outputs.out_dir / EXPORTS_DIR / day / f"review-open.{fmt.value}"
        outputs.queue.export(path, fmt, state=ReviewState.OPEN)
        written.append(path)
    return written


def _disposition(record: Record) -> Disposition:
    return Disposition.FAILED if record.status is Status.FAILED else Disposition.PROCESSED


@flow(name="docextract-inbox", validate_parameters=True)
def inbox_flow(inbox_dir: str, out_dir: str, settings: Settings | None = None, runner: RunnerSpec | None = None,
               options: InboxOptions | None = None, policy: TaskPolicy | None = None) -> InboxSummary:
    """Process the new files of ``inbox_dir`` into ``out_dir`` and move each out once its record is committed."""
    started = time.perf_counter()
    settings = settings or Settings()
    runner = runner or RunnerSpec(max_workers=settings.workers)
    options = options or InboxOptions()
    inbox, out = Inbox(Path(inbox_dir)), Path(out_dir)
    day = today()
    summary = InboxSummary(inbox=str(inbox.root), out_dir=str(out), day=day)
    inbox.ensure()
    check_run_settings(settings, runner)
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
    try:
        with inbox.lock(), RunOutputs(out, settings) as outputs:
            _run_locked(inbox, outputs, settings, runner, options, policy, day, summary)
    except InboxBusyError as exc:
        logger.warning("%s; skipping this run", exc.message)
        summary.busy = True
    finally:
        if runner.kind is RunnerKind.THREADS:
            close_engines()
    summary.seconds = round(time.perf_counter() - started, 3)
    return summary


def _run_locked(inbox: Inbox, outputs: RunOutputs, settings: Settings, runner: RunnerSpec,
                options: InboxOptions, policy: TaskPolicy | None, day: str, summary: InboxSummary) -> None:
    leftovers = {c.source for c in inbox.pending()}
    summary.resumed = len(leftovers)
    for path in inbox.new_files(settle_seconds=options.settle_seconds, exclude=[outputs.out_dir]):
        if inbox.claim(path, day=day, taken=lambda source: outputs.store.get(source) is not None):
            summary.claimed += 1
    claims = inbox.pending()
    if not claims:  # an idle run leaves results.jsonl (the last run's records) as it is
        summary.exports = [str(p) for p in write_day_exports(outputs, day, options.export_formats)]
        return
    identified: list[SourceFile | Record] = [stages.identify(c.path, inbox.processing, settings) for c in claims]
    plan = plan_inputs(identified, outputs, settings)
    summary.recovered = sum(r.source in leftovers for r in plan.reuse)
    summary.processed = len(plan.todo)
    outputs.begin(plan.names)
    attempts = _attempts(inbox)
    for item in plan.todo:
        inbox.journal("attempt", source=item.source.source)
        attempts[item.source.source] += 1
    moved: Counter[str] = Counter()

    def on_record(record: Record) -> None:
        # the record is committed (store, accepted/, queue): only now may the file leave processing/
        if not stages.is_final(record) and attempts[record.source] < options.max_attempts:
            summary.waiting += 1
            return
        disposition = _disposition(record)
        if inbox.complete(record.source, disposition, recovered=record.source in leftovers) is not None:
            moved[disposition.value] += 1

    progress = ProgressReporter(len(plan.names), key="docextract-inbox-progress")
    progress.start()
    execute_plan(plan, outputs, settings, runner, policy=policy, on_record=on_record, progress=progress)
    final = outputs.finish()
    summary.moved = dict(moved)
    summary.by_status = {s.value: sum(r.status is s for r in final) for s in Status}
    days = {name.split("/", 1)[0] for name in plan.names}
    summary.exports = [str(p) for p in write_day_exports(outputs, day, options.export_formats, days)]
    publish_summary(final, RunReport.from_records(final, reused=len(plan.reuse)), key_prefix="docextract-inbox")


def run_inbox(inbox_dir: Path, out_dir: Path, settings: Settings, runner: RunnerSpec | None = None,
              options: InboxOptions | None = None, policy: TaskPolicy | None = None) -> InboxSummary:
    """Run :func:`inbox_flow` once."""
    return inbox_flow(str(inbox_dir), str(out_dir), settings, runner, options, policy)


def deployment_parameters(inbox_dir: Path, out_dir: Path, settings: Settings, runner: RunnerSpec | None = None,
                          options: InboxOptions | None = None, policy: TaskPolicy | None = None) -> dict[str, Any]:
    """The inbox flow's parameters as JSON (absolute paths, the full settings): what a deployment stores, so
    each scheduled run sees exactly the configuration it was deployed with."""
    return {
        "inbox_dir": str(Path(inbox_dir).resolve()),
        "out_dir": str(Path(out_dir).resolve()),
        "settings": settings.model_dump(mode="json"),
        "runner": (runner or RunnerSpec(max_workers=settings.workers)).model_dump(mode="json"),
        "options": (options or InboxOptions()).model_dump(mode="json"),
        "policy": (policy or TaskPolicy()).model_dump(mode="json"),
    }


def inbox_deployment(inbox_dir: Path, out_dir: Path, settings: Settings, *, cron: str | None = None,
                     interval: timedelta | None = None, name: str = "docextract-inbox",
                     runner: RunnerSpec | None = None, options: InboxOptions | None = None,
                     policy: TaskPolicy | None = None) -> Any:
    """A deployment of :func:`inbox_flow` on a schedule, for :func:`prefect.serve` (``extract flows serve``)."""
    parameters = deployment_parameters(inbox_dir, out_dir, settings, runner, options, policy)
    return inbox_flow.to_deployment(
        name=name, cron=cron, interval=interval, parameters=parameters,
        description=f"Extract new documents from {parameters['inbox_dir']} into {parameters['out_dir']}",
        tags=["docextract"],
        # the installed module, not a file path: serving works from any working directory
        entrypoint_type=EntrypointType.MODULE_PATH,
    )


def deploy_inbox(inbox_dir: Path, out_dir: Path, settings: Settings, *, work_pool: str, cron: str | None = None,
                 interval: timedelta | None = None, name: str = "docextract-inbox", source: Path | None = None,
                 runner: RunnerSpec | None = None, options: InboxOptions | None = None,
                 policy: TaskPolicy | None = None) -> Any:
    """Register :func:`inbox_flow` with a work pool (the alternative to serving): a ``process`` pool's workers
    (``prefect worker start --pool NAME``) run it from ``source``, the project folder (default: this checkout).
    Returns the deployment id."""
    parameters = deployment_parameters(inbox_dir, out_dir, settings, runner, options, policy)
    project = Path(source) if source is not None else Path(__file__).resolve().parent.parent
    remote = inbox_flow.from_source(source=str(project), entrypoint="flows/inbox.py:inbox_flow")
    return remote.deploy(
        name=name, work_pool_name=work_pool, cron=cron, interval=interval, parameters=parameters,
        description=f"Extract new documents from {parameters['inbox_dir']} into {parameters['out_dir']}",
        tags=["docextract"], print_next_steps=False,
    )
