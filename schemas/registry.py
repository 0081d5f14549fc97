"""The document-type registry: name → Pydantic model.

Built-in types register on import of :mod:`schemas`. Users add a type by writing a module with a
:class:`~schemas.base.DocumentSchema` subclass and naming the module in settings (``schemas.modules``); every
subclass found there is registered under its ``doc_type``.
"""

from __future__ import annotations

import importlib
import inspect
import json
from typing import Any

from schemas.base import DocumentSchema

__all__ = [
    "SchemaRegistryError",
    "UnknownDocTypeError",
    "get_schema",
    "json_schema",
    "list_schemas",
    "load_modules",
    "register",
    "schema_fingerprint",
]

_REGISTRY: dict[str, type[DocumentSchema]] = {}


class SchemaRegistryError(Exception):
    """A document type cannot be registered or a schema module cannot be loaded."""


class UnknownDocTypeError(SchemaRegistryError, KeyError):
    """No document type of that name is registered."""

    def __init__(self, name: str, known: list[str]) -> None:
        super().__init__(f"unknown document type {name!r}; known: {', '.join(known) or '(none)'}")
        self.name = name
        self.known = known

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


def register(model: type[DocumentSchema]) -> type[DocumentSchema]:
    """Register a document type (usable as a class decorator)."""
    if not (inspect.isclass(model) and issubclass(model, DocumentSchema)):
        raise SchemaRegistryError(f"{model!r} is not a DocumentSchema subclass")
    if not model.doc_type:
        raise SchemaRegistryError(f"{model.__name__} has no doc_type")
    existing = _REGISTRY.get(model.doc_type)
    if existing is not None and existing is not model and existing.__qualname__ != model.__qualname__:
        raise SchemaRegistryError(
            f"doc_type {model.doc_type!r} is taken by {existing.__module__}.{existing.__qualname__}"
        )
    _REGISTRY[model.doc_type] = model
    return model


def get_schema(name: str) -> type[DocumentSchema]:
    """The model registered as ``name``; raises :class:`UnknownDocTypeError` listing the known names."""
    try:
        return _REGISTRY[name]
    except KeyError:
        raise UnknownDocTypeError(name, sorted(_REGISTRY)) from None


def list_schemas() -> list[type[DocumentSchema]]:
    """All registered types, sorted by name."""
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]


def load_modules(modules: list[str]) -> list[type[DocumentSchema]]:
    """Import user modules and register every DocumentSchema subclass defined in them."""
    found: list[type[DocumentSchema]] = []
    for name in modules:
        try:
            module = importlib.import_module(name)
        except Exception as exc:  # an import error in user code must name the module
            raise SchemaRegistryError(f"cannot import schema module {name!r}: {exc}") from exc
        for _, obj in inspect.getmembers(module, inspect.isclass):
            if issubclass(obj, DocumentSchema) and obj is not DocumentSchema and obj.__module__ == module.__name__:
                found.append(register(obj))
    return found


def json_schema(model: type[DocumentSchema]) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a document type, with its name and version."""
    schema = model.model_json_schema(mode="validation")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["x-doc-type"] = model.doc_type
    schema["x-schema-version"] = model.schema_version
    return schema


def schema_fingerprint(model: type[DocumentSchema]) -> str:
    """A short stable hash of the JSON Schema; part of the rerun cache key."""
    import hashlib

    blob = json.dumps(json_schema(model), sort_keys=True).encode()
    return hashlib.sha256(blob).hexdigest()[:16]
