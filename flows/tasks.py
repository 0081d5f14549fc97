"""The per-document Prefect task: the pipeline's stages for one input, nothing of its own.

:func:`process_document` runs ``prepare`` → ``extract`` → ``finalize`` from :mod:`pipeline.stages` for one
identified input and returns its :class:`~pipeline.models.Record` (in a :class:`DocumentOutcome`). Every
per-document failure already comes back from the stages as a failed record; the task adds only what
orchestration needs:

* a record that is not final (an engine server that was down: :func:`pipeline.stages.is_final`) is raised as
  :class:`NotFinalError` carrying the record, so Prefect neither caches it nor reports success; it is retried
  when one of its errors is of a retryable type (``retryable = True`` on the error class), and the flow writes
  the carried record once the retries are spent;
* results are cached by :func:`flows.policies.cache_key_fn` (content hash + document types + engine settings).

Engines are built once per worker process and shared by the task's threads (:func:`engine_for`); on a thread
pool, preparation runs in worker processes (:mod:`flows.prepare_pool`: PyMuPDF is not thread-safe).
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from prefect import task
from prefect.cache_policies import NO_CACHE, CacheKeyFnPolicy
from pydantic import BaseModel, ConfigDict, Field

from engine.base import Engine
from engine.errors import EngineError
from flows import prepare_pool
from flows.policies import cache_key_fn, retry_condition
from pipeline import stages
from pipeline.config import Settings
from pipeline.errors import PipelineError
from pipeline.models import Record, SourceFile
from pipeline.stages import Prepared

__all__ = [
    "DocumentOutcome",
    "NotFinalError",
    "TaskPolicy",
    "WorkItem",
    "close_engines",
    "engine_for",
    "process_document",
    "retryable_codes",
    "run_document",
    "task_with_policy",
]

logger = logging.getLogger(__name__)


class TaskPolicy(BaseModel):
    """Retries of the per-document task (only for retryable errors) and its cache switch."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    retries: int = Field(default=2, ge=0, le=10)
    #: seconds before each retry (the last value repeats)
    retry_delay_seconds: list[float] = Field(default_factory=lambda: [10.0, 60.0])
    #: reuse a persisted result of the same bytes, document types and engine settings
    cache: bool = True


class WorkItem(BaseModel):
    """One identified input of a flow run: the file and its rerun key (also the task's cache key)."""

    source: SourceFile
    cache_key: str


class DocumentOutcome(BaseModel):
    """What the task returns: the record, and the prepared document for the outputs (page image paths).

    ``prepared`` carries no image bytes and no words (they are not needed after the engine and would bloat the
    persisted result); ``None`` when the document failed before it was prepared.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    record: Record
    prepared: Prepared | None = None


class NotFinalError(Exception):
    """A document ended failed for a reason a later attempt may not have (see :func:`pipeline.stages.is_final`).

    ``record`` is the failed record to write when no attempt succeeds; ``retryable`` tells Prefect's retry
    condition whether to try again now.
    """

    def __init__(self, record: Record, *, retryable: bool) -> None:
        codes = ", ".join(e.code for e in record.errors) or "no code"
        super().__init__(f"{record.source}: not final ({codes})")
        self.record = record
        self.retryable = retryable

    def __reduce__(self) -> tuple[Any, ...]:  # crosses process boundaries on Dask and Ray
        return (_rebuild_not_final, (self.record.model_dump_json(), self.retryable))


def _rebuild_not_final(record_json: str, retryable: bool) -> NotFinalError:
    return NotFinalError(Record.model_validate_json(record_json), retryable=retryable)


def _subclasses(cls: type) -> Iterator[type]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def retryable_codes() -> frozenset[str]:
    """Codes of every engine and pipeline error class that declares ``retryable = True``.

    Computed on each call: backends imported later (the vLLM client's errors) add their classes.
    """
    codes = set()
    for base in (EngineError, PipelineError):
        for cls in (base, *_subclasses(base)):
            if getattr(cls, "retryable", False) is True and isinstance(getattr(cls, "code", None), str):
                codes.add(cls.code)
    return frozenset(codes)


# ------------------------------------------------------------------------------------------------- engines

_engines: dict[str, tuple[Engine, threading.Lock | None]] = {}
_engines_lock = threading.Lock()


def _engine_identity(settings: Settings) -> str:
    return settings.engine.model_dump_json()


def _thread_safe(engine: Engine, settings: Settings) -> bool:
    """Whether threads may call ``engine`` at once: its own ``thread_safe`` flag, else yes for remote servers."""
    declared = getattr(engine, "thread_safe", None)
    if isinstance(declared, bool):
        return declared
    return bool(settings.engine.urls)


def engine_for(settings: Settings) -> tuple[Engine, threading.Lock | None]:
    """The engine of ``settings`` in this process (built on first use), and a lock to hold while calling it
    when it is not safe to call from several threads at once (``None`` when it is)."""
    key = _engine_identity(settings)
    with _engines_lock:
        entry = _engines.get(key)
        if entry is None:
            engine = stages.make_engine(settings)
            entry = (engine, None if _thread_safe(engine, settings) else threading.Lock())
            _engines[key] = entry
            logger.info("engine %r ready in this process", settings.engine.name)
        return entry


def close_engines() -> None:
    """Close every engine this process built (models, HTTP sessions)."""
    with _engines_lock:
        entries = list(_engines.values())
        _engines.clear()
    for engine, _ in entries:
        try:
            engine.close()
        except Exception:  # closing is best effort at shutdown
            logger.warning("closing engine %r failed", getattr(engine, "name", "?"), exc_info=True)


atexit.register(close_engines)


# --------------------------------------------------------------------------------------------------- tasks


def _slim(prepared: Prepared) -> Prepared:
    document = prepared.document.model_copy(update={"images": [], "words": []})
    return prepared.model_copy(update={"document": document})


def run_document(item: WorkItem, settings: Settings, pages_dir: Path | None) -> DocumentOutcome:
    """The stages for one document, returning its record whatever happens to it (no Prefect involved)."""
    prepared = prepare_pool.prepare(item.source, settings, pages_dir, item.cache_key)
    if isinstance(prepared, Record):
        return DocumentOutcome(record=prepared)
    engine, lock = engine_for(settings)
    with lock if lock is not None else contextlib.nullcontext():
        result = stages.extract([prepared], engine)[0]
    record = stages.finalize(prepared, result, settings, engine.provenance())
    return DocumentOutcome(record=record, prepared=_slim(prepared))


@task(
    name="extract-document",
    task_run_name="extract {item.source.source}",
    retries=TaskPolicy().retries,
    retry_delay_seconds=TaskPolicy().retry_delay_seconds,
    retry_jitter_factor=0.2,
    retry_condition_fn=retry_condition,
    cache_policy=CacheKeyFnPolicy(cache_key_fn=cache_key_fn),
    persist_result=True,
)
def process_document(item: WorkItem, settings: Settings, pages_dir: str | None = None) -> DocumentOutcome:
    """Prefect task: :func:`run_document`, raising :class:`NotFinalError` for a record that is not final.

    ``process_document.fn(...)`` runs the body without Prefect.
    """
    outcome = run_document(item, settings, Path(pages_dir) if pages_dir else None)
    record = outcome.record
    if not stages.is_final(record):
        retry = bool({e.code for e in record.errors} & retryable_codes())
        raise NotFinalError(record, retryable=retry)
    return outcome


def task_with_policy(policy: TaskPolicy, result_storage: Path | None = None) -> Any:
    """:func:`process_document` with ``policy``'s retries and caching, persisting results under
    ``result_storage`` (the content cache lives there)."""
    options: dict[str, Any] = {"retries": policy.retries, "retry_delay_seconds": policy.retry_delay_seconds}
    if not policy.cache:
        options["cache_policy"] = NO_CACHE
        options["persist_result"] = False
    elif result_storage is not None:
        options["result_storage"] = result_storage
    return process_document.with_options(**options)
