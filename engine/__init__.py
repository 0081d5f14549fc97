"""The extraction engine: schema-compiled JSON canvases filled by DiffusionGemma, and simpler backends."""

from engine.base import (
    Engine,
    EngineOptions,
    EngineRequest,
    EngineResult,
    EngineStats,
    FieldResult,
    Provenance,
    Word,
)
from engine.errors import EngineError, UnknownEngineError
from engine.registry import create_engine, known_engines, register_engine

__all__ = [
    "Engine",
    "EngineError",
    "EngineOptions",
    "EngineRequest",
    "EngineResult",
    "EngineStats",
    "FieldResult",
    "Provenance",
    "UnknownEngineError",
    "Word",
    "create_engine",
    "known_engines",
    "register_engine",
]
