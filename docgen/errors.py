"""Errors of the document generator."""

from __future__ import annotations

__all__ = ["DocGenError"]


class DocGenError(ValueError):
    """A generation request that cannot be served (unknown type, layout, locale or format)."""
