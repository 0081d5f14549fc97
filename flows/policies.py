"""Retry and cache policies of the per-document task.

Retries: only errors that say so. Pipeline and engine errors carry ``retryable`` (a vLLM server that is down or
timed out is retryable; a corrupt PDF is not), and :func:`retry_condition` reads it from the failed state, along
the ``raise ... from`` chain.

Caching: a document's result depends on its bytes, the document types it can be read as, and the engine and
validation settings: exactly what the pipeline's rerun key covers (:func:`pipeline.stages.cache_key`).
:func:`cache_key_fn` hashes that key (it becomes a file name in the result storage, so it is always a
fixed-length hex digest).
"""

from __future__ import annotations

import hashlib
import logging
from typing import Any

__all__ = ["cache_key_fn", "document_cache_key", "is_retryable", "retry_condition"]

logger = logging.getLogger(__name__)


def is_retryable(exc: BaseException | None) -> bool:
    """Whether ``exc`` declares itself retryable.

    An exception with a boolean ``retryable`` attribute decides for itself; one without defers to the
    exception it was raised from (``raise ... from exc``).
    """
    seen: set[int] = set()
    current = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        declared = getattr(current, "retryable", None)
        if isinstance(declared, bool):
            return declared
        current = current.__cause__
    return False


def retry_condition(task: Any, task_run: Any, state: Any) -> bool:
    """Prefect ``retry_condition_fn``: retry a failed task run only when its exception is retryable."""
    try:
        exc = state.result(raise_on_failure=False)
    except Exception as err:  # the state's data could not be read back: do not guess
        logger.debug("retry check could not read the failed state: %s", err)
        return False
    retry = isinstance(exc, BaseException) and is_retryable(exc)
    if retry:
        logger.info("retrying %s after a retryable error: %s", getattr(task_run, "name", "task"), exc)
    return retry


def document_cache_key(rerun_key: str) -> str:
    """The Prefect cache key of one document: a SHA-256 hex digest of its rerun key.

    The rerun key (:func:`pipeline.stages.cache_key`) already covers the content hash, the document types'
    schema fingerprints and the engine settings; hashing it again namespaces it and guarantees a safe file name.
    """
    return hashlib.sha256(f"docextract-flows:v1:{rerun_key}".encode()).hexdigest()


def cache_key_fn(context: Any, parameters: dict[str, Any]) -> str | None:
    """Prefect ``cache_key_fn`` for tasks whose ``item`` parameter carries ``cache_key`` (a rerun key).

    Returns ``None`` (no caching) when the item has none.
    """
    rerun_key = getattr(parameters.get("item"), "cache_key", None)
    return document_cache_key(rerun_key) if rerun_key else None
