"""The batch flow: one run over a folder (or one file, or a list of files), writing what ``extract run`` writes.

The sequence is the CLI runner's (:mod:`pipeline.runner`): discover, identify, skip inputs unchanged since the
last run into the same output folder, process the rest, flag byte-identical copies, write ``results.jsonl``;
the outputs go through the same :class:`~pipeline.outputs.RunOutputs` (results store, ``accepted/``, review
queue, page images). What differs is only where the per-document work runs: as Prefect tasks
(:func:`flows.tasks.process_document`) on a bounded thread pool, Dask or Ray, with retries for retryable errors,
results cached by content and settings, and run artifacts (statuses, report, progress).

:func:`plan_inputs` and :func:`execute_plan` are shared with the inbox flow (:mod:`flows.inbox`).
"""

from __future__ import annotations

import contextlib
import logging
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from queue import SimpleQueue
from typing import Any

from prefect import flow
from pydantic import BaseModel, Field

from engine.errors import EngineError
from flows.artifacts import ProgressReporter, RunReport, publish_summary
from flows.prepare_pool import prepare_pool
from flows.runners import RunnerKind, RunnerSpec, make_task_runner
from flows.tasks import (
    DocumentOutcome,
    NotFinalError,
    TaskPolicy,
    WorkItem,
    close_engines,
    engine_for,
    task_with_policy,
)
from pipeline import stages
from pipeline.config import Settings
from pipeline.errors import ConfigError
from pipeline.models import Record, SourceFile
from pipeline.outputs import RunOutputs
from pipeline.runner import RunSummary, check_settings

__all__ = [
    "RESULT_STORAGE_DIR",
    "InputPlan",
    "batch_flow",
    "execute_plan",
    "map_documents",
    "plan_inputs",
    "run_batch",
]

logger = logging.getLogger(__name__)

#: Prefect's persisted task results (the content cache), inside the output folder
RESULT_STORAGE_DIR = ".prefect-results"

RecordCallback = Callable[[Record], None]


class InputPlan(BaseModel):
    """What a run does with each identified input, decided before any document is opened."""

    #: every input's source name, sorted (the run's record order)
    names: list[str] = Field(default_factory=list)
    #: inputs that failed before processing (unreadable, empty, unsupported type)
    failed: list[Record] = Field(default_factory=list)
    #: stored records still valid for their input (same content, schema and engine settings)
    reuse: list[Record] = Field(default_factory=list)
    #: inputs to process
    todo: list[WorkItem] = Field(default_factory=list)
    #: byte-identical copies of an input processed in this run, and the sha256 → source of each original
    duplicates: list[SourceFile] = Field(default_factory=list)
    originals: dict[str, str] = Field(default_factory=dict)


def plan_inputs(identified: list[SourceFile | Record], outputs: RunOutputs, settings: Settings) -> InputPlan:
    """Sort identified inputs into failed, reusable, to-do and duplicates, as the CLI runner does.

    The first input by name of each content hash is the original; later ones are duplicates.
    """
    plan = InputPlan(names=sorted(x.source for x in identified))
    if len(set(plan.names)) != len(plan.names):
        raise RuntimeError("two inputs map to the same source name")
    originals: dict[str, SourceFile] = {}
    for entry in sorted(identified, key=lambda x: x.source):
        if isinstance(entry, Record):
            plan.failed.append(entry)
        elif entry.sha256 in originals:
            plan.duplicates.append(entry)
        else:
            originals[entry.sha256] = entry
    for source in originals.values():
        key = stages.cache_key(source, settings)
        stored = outputs.lookup(source.source, key, source.sha256)
        if stored is not None:
            plan.reuse.append(stored)
        else:
            plan.todo.append(WorkItem(source=source, cache_key=key))
    plan.originals = {sha: src.source for sha, src in originals.items()}
    return plan


def _outcome(item: WorkItem, future: object) -> DocumentOutcome:
    """The outcome of one task future; a failed record when the task raised."""
    try:
        outcome = future.result()  # type: ignore[attr-defined]
    except NotFinalError as exc:
        outcome = DocumentOutcome(record=exc.record)
    except Exception as exc:  # noqa: BLE001 - one document's crash must not stop the batch
        logger.error("%s: task failed: %s", item.source.source, exc)
        outcome = DocumentOutcome(record=stages.failed_record(
            item.source, [stages.error_item(exc, "prepare")], key=item.cache_key))
    if outcome.record.source != item.source.source:
        # a cached result of the same bytes under another name (a renamed or re-dropped file)
        outcome = outcome.model_copy(update={"record": outcome.record.model_copy(
            update={"source": item.source.source, "sha256": item.source.sha256, "cache_key": item.cache_key})})
    return outcome


def map_documents(items: list[WorkItem], outputs: RunOutputs, settings: Settings, runner: RunnerSpec,
                  policy: TaskPolicy | None = None) -> Iterator[DocumentOutcome]:
    """Run :func:`~flows.tasks.process_document` for every item on the chosen task runner; outcomes in
    completion order. Must be called inside a flow run."""
    task = task_with_policy(policy or TaskPolicy(), outputs.out_dir / RESULT_STORAGE_DIR)
    pool: contextlib.AbstractContextManager[object] = contextlib.nullcontext()
    if runner.kind is RunnerKind.THREADS and runner.max_workers > 1 and len(items) > 1:
        pool = prepare_pool(min(runner.max_workers, len(items)), settings.schemas.modules)
    with pool, make_task_runner(runner) as task_runner:
        queue = iter(items)
        pending: dict[object, WorkItem] = {}
        finished: SimpleQueue[Any] = SimpleQueue()  # futures in completion order (callbacks may run anywhere)

        def submit_next() -> bool:
            item = next(queue, None)
            if item is None:
                return False
            pages = outputs.pages_dir(item.source.source)
            future = task_runner.submit(task, parameters={
                "item": item, "settings": settings, "pages_dir": str(pages) if pages else None})
            pending[future.task_run_id] = item
            future.add_done_callback(finished.put)
            return True

        while len(pending) < runner.in_flight and submit_next():
            pass
        while pending:
            future = finished.get()
            item = pending.pop(future.task_run_id)
            submit_next()
            yield _outcome(item, future)


def execute_plan(plan: InputPlan, outputs: RunOutputs, settings: Settings, runner: RunnerSpec, *,
                 policy: TaskPolicy | None = None, on_record: RecordCallback | None = None,
                 progress: ProgressReporter | None = None) -> dict[str, Record]:
    """Write a record for every input of ``plan``: failed and reused ones first, then each processed document
    as its task completes, then duplicates. ``on_record`` is called after each record is committed."""
    records: dict[str, Record] = {}

    def done(record: Record, *, reused: bool = False, prepared: stages.Prepared | None = None) -> None:
        if reused:
            outputs.reuse(record)
        else:
            outputs.publish(record, prepared)
        records[record.source] = record
        if on_record is not None:
            on_record(record)
        if progress is not None:
            progress.advance()

    for record in plan.failed:
        done(record)
    for record in plan.reuse:
        done(record, reused=True)
    if plan.todo:
        for outcome in map_documents(plan.todo, outputs, settings, runner, policy):
            done(outcome.record, prepared=outcome.prepared)
    for copy in plan.duplicates:
        original = records[plan.originals[copy.sha256]]
        done(stages.duplicate_record(original, copy, stages.cache_key(copy, settings)))
    return records


def check_run_settings(settings: Settings, runner: RunnerSpec) -> None:
    """Usage errors before anything is written: the runner's checks, plus the engine itself when it will run
    in this process (thread pool), so a missing model stops the run instead of failing every document."""
    check_settings(settings)
    if runner.kind is RunnerKind.THREADS:
        try:
            engine_for(settings)
        except EngineError as exc:
            raise ConfigError(f"engine {settings.engine.name!r} cannot start: {exc}") from exc


def summarize(summary: RunSummary, records: list[Record], reused: set[str], elapsed: float) -> RunSummary:
    """Fill the CLI's run summary from the written records (the same figures ``extract run`` prints)."""
    from pipeline.runner import summarise_run  # the runner's own arithmetic, so both front ends agree

    summarise_run(summary, records, reused, elapsed)
    return summary


@flow(name="docextract-batch", log_prints=False, validate_parameters=True)
def batch_flow(input_dir: str, out_dir: str, settings: Settings | None = None,
               runner: RunnerSpec | None = None, policy: TaskPolicy | None = None,
               files: list[str] | None = None) -> RunSummary:
    """Process every file under ``input_dir`` into ``out_dir``: one record per input, as ``extract run``.

    ``files`` limits the run to those paths (named relative to ``input_dir``, which is then only their root;
    a path that does not exist gets a failed record like any unreadable input). Raises
    :class:`~pipeline.errors.ConfigError` for usage errors before any output is written.
    """
    from pipeline.runner import discover_inputs  # discovery → records for unreadable entries, as the CLI runner

    started = time.perf_counter()
    settings = settings or Settings()
    runner = runner or RunnerSpec(max_workers=settings.workers)
    source_root, out = Path(input_dir), Path(out_dir)
    if not source_root.exists():
        raise ConfigError(f"input folder does not exist: {source_root}")
    if source_root.is_dir() and out.resolve() == source_root.resolve():
        raise ConfigError("the output folder must not be the input folder")
    check_run_settings(settings, runner)
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")

    if files is None:
        paths, early, ignored, skipped = discover_inputs(source_root, out)
    else:
        paths, early, ignored, skipped = sorted({Path(f) for f in files}), [], 0, 0
    identified: list[SourceFile | Record] = [stages.identify(p, source_root, settings) for p in paths]
    identified += early
    try:
        with RunOutputs(out, settings) as outputs:
            plan = plan_inputs(identified, outputs, settings)
            outputs.begin(plan.names)
            progress = ProgressReporter(len(plan.names), key="docextract-batch-progress")
            progress.start()
            execute_plan(plan, outputs, settings, runner, policy=policy, progress=progress)
            final = outputs.finish()
            summary = RunSummary(input_dir=str(source_root), out_dir=str(outputs.out_dir),
                                 results=str(outputs.results_path), review_db=outputs.queue.url,
                                 engine=settings.engine.name, ignored=ignored, skipped=skipped,
                                 reused=len(plan.reuse), processed=len(plan.todo),
                                 duplicates=len(plan.duplicates))
    finally:
        if runner.kind is RunnerKind.THREADS:
            close_engines()
    if {r.source for r in final} != set(plan.names):
        raise RuntimeError(f"{len(plan.names)} inputs but {len(final)} records were written")
    elapsed = time.perf_counter() - started
    summarize(summary, final, {r.source for r in plan.reuse}, elapsed)
    publish_summary(final, RunReport.from_records(final, reused=len(plan.reuse), wall_seconds=elapsed),
                    key_prefix="docextract-batch")
    return summary


def run_batch(input_dir: Path, out_dir: Path, settings: Settings, runner: RunnerSpec | None = None,
              policy: TaskPolicy | None = None, files: list[Path] | None = None) -> RunSummary:
    """Run :func:`batch_flow` once (a temporary local Prefect server starts when no API is configured)."""
    return batch_flow(str(input_dir), str(out_dir), settings, runner, policy,
                      [str(f) for f in files] if files is not None else None)
