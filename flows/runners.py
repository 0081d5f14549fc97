"""Where the per-document tasks run: a bounded thread pool (default), a Dask cluster or a Ray cluster.

Dask and Ray come from optional extras (``pip install 'docextract[dask]'`` / ``'docextract[ray]'``) and are
imported only when asked for, so the default install never pays for them. An address points at a running
cluster (``tcp://scheduler:8786`` for Dask, ``ray://head:10001`` or ``auto`` for Ray); without one a temporary
local cluster lives for the duration of the flow run.
"""

from __future__ import annotations

import importlib
import logging
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from pipeline.errors import ConfigError

__all__ = ["RunnerKind", "RunnerSpec", "make_task_runner"]

logger = logging.getLogger(__name__)


class RunnerKind(StrEnum):
    """The Prefect task runner that executes the per-document tasks."""

    THREADS = "threads"
    DASK = "dask"
    RAY = "ray"


#: kind -> (module, class, pip extra)
_OPTIONAL: dict[RunnerKind, tuple[str, str, str]] = {
    RunnerKind.DASK: ("prefect_dask", "DaskTaskRunner", "dask"),
    RunnerKind.RAY: ("prefect_ray", "RayTaskRunner", "ray"),
}


class RunnerSpec(BaseModel):
    """A task runner choice, as plain data (it travels as a flow parameter).

    ``max_workers`` bounds the thread pool, or sets the worker count of a temporary local Dask cluster
    (one thread per worker process); it is ignored when ``address`` names a running cluster, which has its own
    size.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: RunnerKind = RunnerKind.THREADS
    address: str | None = None
    max_workers: int = Field(default=2, ge=1, le=256)

    @property
    def in_flight(self) -> int:
        """Task runs submitted at a time: a few per worker, so results do not pile up in memory and a big
        batch does not flood the scheduler; a running cluster of unknown size gets a generous window."""
        if self.address:
            return 4096
        return max(8, 4 * self.max_workers)

    @model_validator(mode="after")
    def _address_needs_cluster(self) -> RunnerSpec:
        if self.address and self.kind is RunnerKind.THREADS:
            raise ValueError("an address needs a cluster runner: use runner 'dask' or 'ray'")
        return self


def _import_runner_class(kind: RunnerKind) -> type[Any]:
    module_name, class_name, extra = _OPTIONAL[kind]
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ConfigError(
            f"runner {kind.value!r} needs the {module_name.replace('_', '-')} package, which is not installed: "
            f"pip install 'docextract[{extra}]' ({exc})"
        ) from exc
    return getattr(module, class_name)


def make_task_runner(spec: RunnerSpec) -> Any:
    """A fresh Prefect task runner for ``spec``.

    Raises :class:`~pipeline.errors.ConfigError` naming the extra to install when Dask or Ray is asked for and
    its integration package is missing.
    """
    if spec.kind is RunnerKind.THREADS:
        from prefect.task_runners import ThreadPoolTaskRunner

        return ThreadPoolTaskRunner(max_workers=spec.max_workers)
    cls = _import_runner_class(spec.kind)
    if spec.kind is RunnerKind.DASK:
        if spec.address:
            logger.info("tasks go to the Dask scheduler at %s", spec.address)
            return cls(address=spec.address)
        # one thread per process: OCR and the engine are CPU-bound and hold the GIL in places
        return cls(cluster_kwargs={"n_workers": spec.max_workers, "threads_per_worker": 1, "processes": True})
    if spec.address:
        logger.info("tasks go to the Ray cluster at %s", spec.address)
        return cls(address=spec.address)
    return cls(init_kwargs={"num_cpus": spec.max_workers})
