"""Typed engine errors.

    EngineError                      base; carries ``code``, ``retryable`` and ``hint``
    ├── UnknownEngineError           a backend name nobody registered (lists the known ones)
    ├── EngineOptionsError           options that do not validate against the backend's options model
    ├── ModelLoadError               weights, tokenizer or processor cannot be loaded
    ├── CanvasCompileError           a schema the canvas compiler cannot express (raised at compile time)
    ├── CanvasDecodeError            a filled canvas does not decode; names the slot that failed
    ├── CanvasOverflowError          a list still had rows when the canvas budget ran out
    └── BackendUnavailableError      a remote server is down or timed out (retryable)
"""

from __future__ import annotations

__all__ = [
    "BackendUnavailableError",
    "CanvasCompileError",
    "CanvasDecodeError",
    "CanvasOverflowError",
    "EngineError",
    "EngineOptionsError",
    "ModelLoadError",
    "UnknownEngineError",
]


class EngineError(Exception):
    """Base of all engine errors."""

    code: str = "engine.error"
    retryable: bool = False

    def __init__(self, message: str, *, hint: str | None = None, retryable: bool | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
        if retryable is not None:
            self.retryable = retryable

    def __str__(self) -> str:
        return f"{self.message} ({self.hint})" if self.hint else self.message


class UnknownEngineError(EngineError):
    code = "engine.unknown"

    def __init__(self, name: str, known: list[str]) -> None:
        super().__init__(f"unknown engine {name!r}; known: {', '.join(known)}")
        self.name = name
        self.known = known


class EngineOptionsError(EngineError):
    code = "engine.options"


class ModelLoadError(EngineError):
    code = "engine.model_load"


class CanvasCompileError(EngineError):
    code = "engine.canvas_compile"


class CanvasDecodeError(EngineError):
    code = "engine.canvas_decode"

    def __init__(self, message: str, *, slot: str | None = None, hint: str | None = None) -> None:
        super().__init__(message if slot is None else f"slot {slot}: {message}", hint=hint)
        self.slot = slot


class CanvasOverflowError(EngineError):
    code = "engine.canvas_overflow"


class BackendUnavailableError(EngineError):
    code = "engine.unavailable"
    retryable = True
