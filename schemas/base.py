"""Base class and shared field types for document-type schemas.

A document type is a Pydantic v2 model that subclasses :class:`DocumentSchema`. It declares its fields with
ordinary type hints (``str``, ``Decimal``, ``date``, ``bool``, enums or ``Literal``, nested models and lists of
them, ``X | None`` for optional values) and may override :meth:`DocumentSchema.rule_violations` with business
rules. Field hints for the JSON canvas (slot width, extractive mode) go in ``Field(json_schema_extra=...)`` under
the ``"canvas"`` key, for example ``Field(json_schema_extra={"canvas": {"width": 16}})``.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, ClassVar

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["DocumentSchema", "Money", "Quantity", "RuleViolation", "UnitPrice", "canvas_hint"]


def canvas_hint(**hint: object) -> dict[str, object]:
    """Return ``json_schema_extra`` carrying canvas hints (``width``, ``mode``) for a field."""
    return {"canvas": dict(hint)}


Money = Annotated[Decimal, Field(max_digits=14, decimal_places=2, json_schema_extra=canvas_hint(width=12))]
"""A monetary amount with at most two decimals."""

UnitPrice = Annotated[Decimal, Field(max_digits=16, decimal_places=4, json_schema_extra=canvas_hint(width=12))]
"""A price per unit, up to four decimals: prices are quoted finer than a cent (0.0450 a piece, 1.789 a litre)."""

Quantity = Annotated[Decimal, Field(max_digits=12, decimal_places=4, json_schema_extra=canvas_hint(width=10))]
"""A quantity (units, hours, kilograms, litres), up to four decimals."""


class RuleViolation(BaseModel):
    """A business rule a document breaks; ``fields`` are the dotted paths involved."""

    model_config = ConfigDict(frozen=True)

    code: str
    message: str
    fields: tuple[str, ...] = ()


class DocumentSchema(BaseModel):
    """Base of every document type.

    Subclasses set ``doc_type`` (the registry name), ``schema_version`` (bumped when fields change, it is part
    of the rerun cache key) and ``description`` (shown by ``extract schemas list`` and used in prompts).
    """

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    doc_type: ClassVar[str] = ""
    schema_version: ClassVar[str] = "1"
    description: ClassVar[str] = ""
    #: Words whose presence suggests this type; used by the keyword classifier.
    keywords: ClassVar[tuple[str, ...]] = ()
    #: Regular expressions for marks of this type that no keyword spells (a masked card number on a receipt),
    #: each with the points a match is worth; matched against the document's text, at most three matches each.
    keyword_patterns: ClassVar[tuple[tuple[str, float], ...]] = ()

    def rule_violations(self, tolerance: Decimal = Decimal("0.01")) -> list[RuleViolation]:
        """Business rules beyond field types; an empty list means the document passes."""
        return []
