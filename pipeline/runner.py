"""Run the pipeline over a folder: discover, identify, prepare (in processes), extract (batched), finalize, write.

The runner only sequences the stages of :mod:`pipeline.stages` and the outputs of :mod:`pipeline.outputs`; it
holds no stage logic. Guarantees:

- every file found gets exactly one record, whatever happens to it (a worker process that dies takes only its
  own document down: the suspects are retried one per process);
- an input whose cache key is unchanged since the last run into the same folder is not processed again;
- byte-identical copies are processed once (the first by name is the original) and flagged;
- problems with the run itself (input folder missing, unknown engine or document type, bad options) raise
  :class:`~pipeline.errors.ConfigError` before any document is touched.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import time
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from pydantic import BaseModel, Field

from engine.errors import EngineError
from pipeline import stages
from pipeline.config import Settings
from pipeline.errors import ConfigError, InputError
from pipeline.models import ErrorItem, Record, SourceFile, Status
from pipeline.outputs import RunOutputs
from pipeline.stages import Prepared
from schemas import SchemaRegistryError, get_schema, load_modules

__all__ = ["RunObserver", "RunSummary", "check_settings", "discover_inputs", "run", "summarise_run"]

logger = logging.getLogger(__name__)

#: reasons from discovery that are not inputs (no record): hidden files, the output folder, folders
_NOT_INPUTS = ("hidden", "excluded")
_SKIP_CODES = {"broken symlink": "input.broken_link", "not a regular file": "input.not_a_file"}


class RunSummary(BaseModel):
    """What a run did; printed as a table, or as JSON with ``--json``."""

    input_dir: str
    out_dir: str
    results: str
    review_db: str
    engine: str
    total: int = 0
    accepted: int = 0
    review: int = 0
    failed: int = 0
    processed: int = 0
    reused: int = 0
    duplicates: int = 0
    ignored: int = 0
    skipped: int = 0
    pages: int = 0
    seconds: float = 0.0
    docs_per_second: float = 0.0
    stage_seconds: dict[str, float] = Field(default_factory=dict)
    errors: dict[str, int] = Field(default_factory=dict)
    #: counters the engine reports for the run (for a vLLM server: denoising steps, committed tokens)
    engine_metrics: dict[str, float] = Field(default_factory=dict)


class RunObserver:
    """Progress hooks; the CLI draws its progress bar from these. All methods are no-ops here."""

    def started(self, total: int, reused: int) -> None:
        """``total`` inputs found, of which ``reused`` are unchanged since the last run."""

    def finished_document(self, record: Record, *, reused: bool) -> None:
        """One input has its record."""


def check_settings(settings: Settings) -> None:
    """Fail early, as a usage error, on settings that cannot work: schema modules, forced type, engine name
    and options (validated, not loaded)."""
    try:
        load_modules(settings.schemas.modules)
        if settings.schemas.doc_type:
            get_schema(settings.schemas.doc_type)
        stages.engine_options(settings)
    except (SchemaRegistryError, EngineError) as exc:
        raise ConfigError(str(exc)) from exc
    except ImportError as exc:
        raise ConfigError(f"engine {settings.engine.name!r} cannot be imported: {exc}") from exc
    if settings.workers < 1:
        raise ConfigError("workers must be at least 1")
    if settings.engine.batch_size < 1:
        raise ConfigError("engine.batch_size must be at least 1")


# ------------------------------------------------------------------------------------------ preparation


def _init_worker(modules: list[str], level: int) -> None:
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s")
    load_modules(modules)


def _crashed(source: SourceFile, key: str) -> Record:
    return stages.failed_record(source, [ErrorItem(
        stage="prepare", code="prepare.worker_died",
        message="the worker process died while reading this file (a crash in a decoder or out of memory)",
    )], key=key)


def _prepare_serial(todo: list[tuple[SourceFile, str]], settings: Settings,
                    outputs: RunOutputs) -> Iterator[Prepared | Record]:
    for source, key in todo:
        yield stages.prepare(source, settings, outputs.pages_dir(source.source), key)


def _prepare_parallel(todo: list[tuple[SourceFile, str]], settings: Settings,
                      outputs: RunOutputs) -> Iterator[Prepared | Record]:
    """Prepare in worker processes, at most ``2 × workers + batch size`` in flight (results hold page images).

    When a worker dies the pool breaks and every unfinished document is a suspect: each is retried alone in its
    own process, so only the culprit fails. When no document finishes for ``limits.document_timeout_s`` the
    workers are killed and the suspects retried alone under the same timeout.
    """
    ctx = multiprocessing.get_context("forkserver")
    # workers fork from a server that has the readers imported once (no effect once the server runs)
    ctx.set_forkserver_preload(["pipeline.stages", "pipeline.ocr"])
    workers = min(settings.workers, len(todo))
    limit = 2 * workers + settings.engine.batch_size
    init = (settings.schemas.modules, logging.getLogger().getEffectiveLevel())
    timeout = settings.limits.document_timeout_s
    queue = list(reversed(todo))
    suspects: list[tuple[SourceFile, str]] = []

    def new_pool(n: int) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=n, mp_context=ctx, initializer=_init_worker, initargs=init,
                                   max_tasks_per_child=50)

    pool = new_pool(workers)
    pending: dict[Future[Prepared | Record], tuple[SourceFile, str]] = {}
    try:
        while queue or pending:
            while queue and len(pending) < limit:
                source, key = queue.pop()
                try:
                    fut = pool.submit(stages.prepare, source, settings, outputs.pages_dir(source.source), key)
                except BrokenProcessPool:
                    queue.append((source, key))
                    break
                pending[fut] = (source, key)
            if not pending:  # the pool broke before anything could be submitted
                suspects.extend(reversed(queue))
                queue.clear()
                break
            done, _ = wait(pending, timeout=timeout, return_when=FIRST_COMPLETED)
            if not done:  # nothing finished for a whole timeout: some worker hangs; the suspects go one by one
                logger.error("no document finished in %.0f s; stopping the workers", timeout)
                _kill_workers(pool)
                done, _ = wait(pending, timeout=30, return_when=FIRST_COMPLETED)
            broken = False
            for fut in done:
                source, key = pending.pop(fut)
                try:
                    yield fut.result()
                except BrokenProcessPool:
                    suspects.append((source, key))
                    broken = True
                except ConfigError:
                    raise
                except Exception as exc:  # noqa: BLE001 - e.g. a result that does not pickle
                    logger.exception("%s: preparing failed in the worker", source.source)
                    yield stages.failed_record(source, [stages.error_item(exc, "prepare")], key=key)
            if broken:
                suspects.extend(pending.values())
                pending.clear()
                pool.shutdown(wait=False, cancel_futures=True)
                logger.warning("a worker process died; retrying %d document(s) one at a time", len(suspects))
                for source, key in suspects:
                    yield _prepare_isolated(ctx, init, source, key, settings, outputs)
                suspects.clear()
                pool = new_pool(workers)
        for source, key in suspects:
            yield _prepare_isolated(ctx, init, source, key, settings, outputs)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _kill_workers(pool: ProcessPoolExecutor) -> None:
    """Kill a pool's worker processes (the pool then reports itself broken)."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        try:
            process.kill()
        except (OSError, AttributeError):
            pass


def _prepare_isolated(ctx: multiprocessing.context.BaseContext, init: tuple[list[str], int], source: SourceFile,
                      key: str, settings: Settings, outputs: RunOutputs) -> Prepared | Record:
    timeout = settings.limits.document_timeout_s
    with ProcessPoolExecutor(max_workers=1, mp_context=ctx, initializer=_init_worker, initargs=init) as pool:
        future = pool.submit(stages.prepare, source, settings, outputs.pages_dir(source.source), key)
        try:
            return future.result(timeout=timeout)
        except FutureTimeout:
            logger.error("%s: still not read after %.0f s; stopped", source.source, timeout)
            _kill_workers(pool)
            return stages.failed_record(source, [ErrorItem(
                stage="prepare", code="prepare.timeout",
                message=f"reading this file took longer than {timeout:g} s (limits.document_timeout_s)",
            )], key=key)
        except BrokenProcessPool:
            logger.error("%s: the worker process died reading this file", source.source)
            return _crashed(source, key)
        except ConfigError:
            raise
        except Exception as exc:  # noqa: BLE001
            return stages.failed_record(source, [stages.error_item(exc, "prepare")], key=key)


# ------------------------------------------------------------------------------------------------- run


def discover_inputs(input_dir: Path, out_dir: Path) -> tuple[list[Path], list[Record], int, int]:
    """Files to identify, failed records for unreadable entries (broken links, special files), and the counts
    of ignored (``.extractignore``) and skipped paths. The output folder is never read as input."""
    from pipeline import ingest

    try:
        discovery = ingest.discover(input_dir, exclude=[out_dir])
    except InputError as exc:
        raise ConfigError(exc.message) from exc
    unreadable: list[Record] = []
    skipped = 0
    for rel, reason in discovery.skipped.items():
        skipped += 1
        if reason in _NOT_INPUTS or rel.endswith("/"):
            if rel.endswith("/") and reason not in _NOT_INPUTS:
                logger.warning("%s skipped: %s", rel, reason)
            continue
        code = _SKIP_CODES.get(reason, "input.unreadable")
        message = f"the file {reason}" if reason.startswith("cannot") else f"not read: {reason}"
        unreadable.append(stages.failed_record(rel, [ErrorItem(stage="ingest", code=code, message=message)]))
    return discovery.files, unreadable, len(discovery.ignored), skipped


def run(input_dir: Path, out_dir: Path, settings: Settings, observer: RunObserver | None = None) -> RunSummary:
    """Process every file under ``input_dir`` into ``out_dir``; returns the summary.

    Raises :class:`ConfigError` for usage errors (before any output is written); anything else that escapes is
    a broken run (records done so far are kept in the store; a rerun completes the run).
    """
    observer = observer or RunObserver()
    started = time.perf_counter()
    input_dir, out_dir = Path(input_dir), Path(out_dir)
    if not input_dir.exists():
        raise ConfigError(f"input folder does not exist: {input_dir}")
    if input_dir.is_dir() and out_dir.resolve() == input_dir.resolve():
        raise ConfigError("the output folder must not be the input folder")
    if out_dir.exists() and not out_dir.is_dir():
        raise ConfigError(f"the output path exists and is not a folder: {out_dir}")
    check_settings(settings)
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")

    files, early, ignored, skipped = discover_inputs(input_dir, out_dir)
    identified: list[SourceFile | Record] = []
    ingest_seconds: dict[str, float] = {}
    for path in files:
        t0 = time.perf_counter()
        item = stages.identify(path, input_dir, settings)
        ingest_seconds[item.source] = round(time.perf_counter() - t0, 4)
        identified.append(item)
    identified += early
    names = sorted(x.source for x in identified)
    if len(set(names)) != len(names):  # cannot happen with one root; guard the one-record-per-input promise
        raise RuntimeError("two inputs map to the same source name")

    outputs = RunOutputs(out_dir, settings)
    try:
        outputs.begin(names)
        summary = RunSummary(input_dir=str(input_dir), out_dir=str(outputs.out_dir),
                             results=str(outputs.results_path), review_db=outputs.queue.url,
                             engine=settings.engine.name, ignored=ignored, skipped=skipped)
        records: dict[str, Record] = {}

        def done(record: Record, reused: bool = False, prepared: Prepared | None = None) -> None:
            if not reused and record.source in ingest_seconds:
                record.metrics.setdefault("seconds", {})["ingest"] = ingest_seconds[record.source]
            if reused:
                outputs.reuse(record)
            else:
                outputs.publish(record, prepared)
            records[record.source] = record
            observer.finished_document(record, reused=reused)

        originals: dict[str, SourceFile] = {}
        duplicates: list[SourceFile] = []
        failed_early: list[Record] = []
        for item in sorted(identified, key=lambda x: x.source):
            if isinstance(item, Record):
                failed_early.append(item)
            elif item.sha256 in originals:
                duplicates.append(item)
            else:
                originals[item.sha256] = item
        todo: list[tuple[SourceFile, str]] = []
        reuse: list[Record] = []
        for source in originals.values():
            key = stages.cache_key(source, settings)
            stored = outputs.lookup(source.source, key, source.sha256)
            if stored is not None:
                reuse.append(stored)
            else:
                todo.append((source, key))
        observer.started(len(names), len(reuse))
        for record in failed_early:
            done(record)
        for record in reuse:
            done(record, reused=True)
        summary.reused = len(reuse)

        if todo:
            summary.engine_metrics = _process(todo, settings, outputs, done)
        summary.processed = len(todo)

        for copy in duplicates:
            original = records[originals[copy.sha256].source]
            done(stages.duplicate_record(original, copy, stages.cache_key(copy, settings)))
        summary.duplicates = len(duplicates)

        final = outputs.finish()
    finally:
        outputs.close()
    if len(final) != len(names) or {r.source for r in final} != set(names):
        raise RuntimeError(f"{len(names)} inputs but {len(final)} records were written")
    summarise_run(summary, final, {r.source for r in reuse}, time.perf_counter() - started)
    return summary


def _process(todo: list[tuple[SourceFile, str]], settings: Settings, outputs: RunOutputs,  # noqa: ANN001
             done) -> dict[str, float]:
    """Prepare, extract and finalize ``todo``; returns the engine's run metrics."""
    try:
        engine = stages.make_engine(settings)
    except EngineError as exc:
        raise ConfigError(f"engine {settings.engine.name!r} cannot start: {exc}") from exc
    try:
        provenance = engine.provenance()
        pool: list[Prepared] = []
        # a server-backed engine keeps all its slots busy with bigger batches
        batch_size = max(settings.engine.batch_size, int(getattr(engine, "preferred_batch_size", 0) or 0))
        window = batch_size * settings.engine.length_window

        def flush() -> None:
            # documents of similar length share a batch: a batch is padded to its longest prompt
            pool.sort(key=lambda p: len(p.document.words))
            for start in range(0, len(pool), batch_size):
                batch = pool[start:start + batch_size]
                results = stages.extract(batch, engine)
                for prepared, result in zip(batch, results, strict=True):
                    done(stages.finalize(prepared, result, settings, provenance), prepared=prepared)
            pool.clear()

        parallel = settings.workers > 1 and len(todo) > 1
        prepare = _prepare_parallel if parallel else _prepare_serial
        for item in prepare(todo, settings, outputs):
            if isinstance(item, Record):
                done(item)
                continue
            pool.append(item)
            if len(pool) >= window:
                flush()
        if pool:
            flush()
        return dict(engine.run_metrics())
    finally:
        engine.close()


_STAGE_ORDER = ("ingest", "load", "ocr", "classify", "engine", "validate")


def summarise_run(summary: RunSummary, records: list[Record], reused: set[str], elapsed: float) -> None:
    """Fill ``summary``'s counts, pages, seconds per stage and error codes from a run's ``records``; records of
    ``reused`` sources (unchanged since the last run) and duplicates do not count towards pages and timings."""
    summary.total = len(records)
    summary.accepted = sum(r.status is Status.ACCEPTED for r in records)
    summary.review = sum(r.status is Status.REVIEW for r in records)
    summary.failed = sum(r.status is Status.FAILED for r in records)
    fresh = [r for r in records if r.duplicate_of is None and r.source not in reused]
    summary.pages = sum(int(r.metrics.get("pages", 0) or 0) for r in fresh)
    stage_seconds: dict[str, float] = {}
    for r in fresh:
        for stage, secs in (r.metrics.get("seconds") or {}).items():
            stage_seconds[stage] = stage_seconds.get(stage, 0.0) + float(secs or 0.0)
    order = {name: i for i, name in enumerate(_STAGE_ORDER)}
    summary.stage_seconds = {k: round(v, 3) for k, v in sorted(stage_seconds.items(),
                                                                 key=lambda kv: (order.get(kv[0], 99), kv[0]))}
    codes: dict[str, int] = {}
    for r in records:
        for e in r.errors:
            codes[e.code] = codes.get(e.code, 0) + 1
    summary.errors = dict(sorted(codes.items(), key=lambda kv: (-kv[1], kv[0])))
    summary.seconds = round(elapsed, 3)
    # throughput of the documents this run actually worked on (reused records cost nothing)
    summary.docs_per_second = round(len(fresh) / elapsed, 3) if elapsed > 0 else 0.0

