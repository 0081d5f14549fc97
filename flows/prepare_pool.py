"""Preparation (PDF parsing, rendering, OCR) in worker processes when the tasks run on a thread pool.

PyMuPDF does not support being called from several threads at once, and OCR is CPU-bound, so a thread-pool
flow run sends :func:`pipeline.stages.prepare` to a small process pool (as the CLI runner does) and keeps
only the orchestration and the engine call in its threads. Dask and Ray workers are processes already and
prepare in place.

A worker process that dies (a decoder crash, out of memory) breaks the pool for every document in flight;
each of them is then prepared again alone in a fresh process, so only the culprit fails
(``prepare.worker_died``, retried on the next run).
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import threading
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from pipeline import stages
from pipeline.config import Settings
from pipeline.models import ErrorItem, Record, SourceFile

__all__ = ["PreparePool", "prepare", "prepare_pool"]

logger = logging.getLogger(__name__)


def _init_worker(modules: list[str], level: int) -> None:
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")  # Tesseract's OpenMP threads only slow it down here
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s")
    from schemas import load_modules

    load_modules(modules)


class PreparePool:
    """A process pool for :func:`pipeline.stages.prepare`, safe to call from many threads."""

    def __init__(self, workers: int, modules: list[str]) -> None:
        self.workers = workers
        self._ctx = multiprocessing.get_context("forkserver")
        self._init = (list(modules), logging.getLogger().getEffectiveLevel())
        self._lock = threading.Lock()
        self._pool: Executor = self._new_pool(workers)

    def _new_pool(self, workers: int) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=workers, mp_context=self._ctx, initializer=_init_worker,
                                   initargs=self._init, max_tasks_per_child=50)

    def _replace(self, broken: Executor) -> None:
        with self._lock:
            if self._pool is broken:
                broken.shutdown(wait=False, cancel_futures=True)
                self._pool = self._new_pool(self.workers)

    def prepare(self, source: SourceFile, settings: Settings, pages_dir: Path | None,
                key: str) -> stages.Prepared | Record:
        """:func:`pipeline.stages.prepare` in a worker process."""
        pool = self._pool
        try:
            return pool.submit(stages.prepare, source, settings, pages_dir, key).result()
        except BrokenProcessPool:
            logger.warning("%s: a worker process died; preparing this document again on its own", source.source)
            self._replace(pool)
            return self._isolated(source, settings, pages_dir, key)
        except Exception as exc:  # noqa: BLE001 - e.g. a result that does not pickle
            logger.exception("%s: preparing failed in the worker", source.source)
            return stages.failed_record(source, [stages.error_item(exc, "prepare")], key=key)

    def _isolated(self, source: SourceFile, settings: Settings, pages_dir: Path | None,
                  key: str) -> stages.Prepared | Record:
        with self._new_pool(1) as pool:
            try:
                return pool.submit(stages.prepare, source, settings, pages_dir, key).result()
            except BrokenProcessPool:
                logger.error("%s: the worker process died reading this file", source.source)
                return stages.failed_record(source, [ErrorItem(
                    stage="prepare", code="prepare.worker_died",
                    message="the worker process died while reading this file (a crash in a decoder or out of memory)",
                )], key=key)
            except Exception as exc:  # noqa: BLE001
                return stages.failed_record(source, [stages.error_item(exc, "prepare")], key=key)

    def close(self) -> None:
        with self._lock:
            self._pool.shutdown(wait=True, cancel_futures=True)


_active: PreparePool | None = None
_active_lock = threading.Lock()


@contextlib.contextmanager
def prepare_pool(workers: int, modules: list[str]) -> Iterator[PreparePool]:
    """Route :func:`prepare` calls of this process through a pool of ``workers`` processes while active."""
    global _active
    pool = PreparePool(workers, modules)
    with _active_lock:
        previous, _active = _active, pool
    try:
        yield pool
    finally:
        with _active_lock:
            _active = previous
        pool.close()


def prepare(source: SourceFile, settings: Settings, pages_dir: Path | None, key: str) -> stages.Prepared | Record:
    """Prepare one document: in the active pool of this process, or in place when there is none."""
    pool = _active
    if pool is not None:
        return pool.prepare(source, settings, pages_dir, key)
    return stages.prepare(source, settings, pages_dir, key)
