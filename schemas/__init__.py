"""Document-type schemas: one Pydantic model per type, and the registry that names them."""

from schemas.base import DocumentSchema, Money, Quantity, RuleViolation, UnitPrice, canvas_hint
from schemas.claim_form import Address, ClaimForm, ClaimType
from schemas.currency import CurrencyCode
from schemas.invoice import Invoice, LineItem
from schemas.receipt import Receipt
from schemas.registry import (
    SchemaRegistryError,
    UnknownDocTypeError,
    get_schema,
    json_schema,
    list_schemas,
    load_modules,
    register,
    schema_fingerprint,
)

for _model in (Invoice, Receipt, ClaimForm):
    register(_model)

__all__ = [
    "Address",
    "ClaimForm",
    "ClaimType",
    "CurrencyCode",
    "DocumentSchema",
    "Invoice",
    "LineItem",
    "Money",
    "Quantity",
    "Receipt",
    "RuleViolation",
    "SchemaRegistryError",
    "UnitPrice",
    "UnknownDocTypeError",
    "canvas_hint",
    "get_schema",
    "json_schema",
    "list_schemas",
    "load_modules",
    "register",
    "schema_fingerprint",
]
