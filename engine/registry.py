"""Backends by name, imported lazily so a CPU-only install never imports a GPU stack it does not use."""

from __future__ import annotations

import importlib
from typing import Any

from pydantic import ValidationError

from engine.base import Engine
from engine.errors import EngineOptionsError, UnknownEngineError

__all__ = ["create_engine", "engine_class", "known_engines", "register_engine"]

# name -> "module:Class"; backends add themselves here (or call register_engine from a plugin module).
_BACKENDS: dict[str, str] = {
    "baseline": "engine.baseline:BaselineEngine",
    "diffusiongemma": "engine.diffusion:DiffusionGemmaEngine",
    "vllm": "engine.vllm_backend:VLLMEngine",
    "embedded": "engine.embedded.backend:EmbeddedEngine",
}


def register_engine(name: str, target: str | type[Engine]) -> None:
    """Register a backend under ``name``: a class, or ``"module:Class"`` to import on first use."""
    if isinstance(target, str):
        _BACKENDS[name] = target
    else:
        _BACKENDS[name] = f"{target.__module__}:{target.__qualname__}"


def known_engines() -> list[str]:
    return sorted(_BACKENDS)


def engine_class(name: str) -> type[Engine]:
    try:
        target = _BACKENDS[name]
    except KeyError:
        raise UnknownEngineError(name, known_engines()) from None
    module_name, _, cls_name = target.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, cls_name)


def create_engine(name: str, options: dict[str, Any] | None = None) -> Engine:
    """Build backend ``name`` with ``options`` validated against its options model."""
    cls = engine_class(name)
    try:
        opts = cls.Options.model_validate(options or {})
    except ValidationError as exc:
        raise EngineOptionsError(f"invalid options for engine {name!r}: {exc}") from exc
    return cls(opts)
