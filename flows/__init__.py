"""The pipeline as Prefect flows: a batch flow, an inbox flow for schedules, and their scale-out options.

A thin layer over :mod:`pipeline`: the per-document task runs the pipeline's stages
(:mod:`pipeline.stages`) and every output goes through :class:`pipeline.outputs.RunOutputs`, exactly as
``extract run`` does. Modules::

    flows.batch          batch_flow / run_batch: one run over a folder (``extract flows run``)
    flows.inbox          inbox_flow / run_inbox, serve and work-pool deployments (``extract flows inbox|serve|deploy``)
    flows.tasks          the per-document task, its retry and cache policy, engines per process
    flows.claims         inbox bookkeeping: claim, move after commit, journal, lock
    flows.prepare_pool   preparation in worker processes for thread-pool runs (PyMuPDF is not thread-safe)
    flows.runners        thread pool (default), Dask or Ray task runners
    flows.policies       retry condition (``exc.retryable``) and the hashed cache key
    flows.artifacts      run report, status table and progress as Prefect artifacts
    flows.cli            the ``extract flows`` sub-commands

Names are imported on first use, so ``import flows`` does not load Prefect.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "InboxOptions",
    "RunnerKind",
    "RunnerSpec",
    "TaskPolicy",
    "batch_flow",
    "inbox_flow",
    "run_batch",
    "run_inbox",
]

_EXPORTS = {
    "InboxOptions": "flows.inbox",
    "RunnerKind": "flows.runners",
    "RunnerSpec": "flows.runners",
    "TaskPolicy": "flows.tasks",
    "batch_flow": "flows.batch",
    "inbox_flow": "flows.inbox",
    "run_batch": "flows.batch",
    "run_inbox": "flows.inbox",
}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'flows' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


def __dir__() -> list[str]:
    return sorted(__all__)
