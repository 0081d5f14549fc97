"""The ``claim_form`` document type: an insurance claim form."""

from __future__ import annotations

from datetime import date
from enum import StrEnum
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from schemas.base import DocumentSchema, Money, RuleViolation, canvas_hint

__all__ = ["Address", "ClaimForm", "ClaimType"]


class ClaimType(StrEnum):
    """What the claim is for."""

    AUTO = "auto"
    HOME = "home"
    HEALTH = "health"
    TRAVEL = "travel"


class Address(BaseModel):
    """A postal address as written on the form."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    street: str = Field(min_length=1, max_length=120, json_schema_extra=canvas_hint(width=16))
    city: str = Field(min_length=1, max_length=80, json_schema_extra=canvas_hint(width=10))
    postal_code: str = Field(min_length=2, max_length=12, json_schema_extra=canvas_hint(width=6))


class ClaimForm(DocumentSchema):
    """An insurance claim: the policy holder, the policy, the incident, and the declarations ticked."""

    doc_type: ClassVar[str] = "claim_form"
    schema_version: ClassVar[str] = "1"
    description: ClassVar[str] = "Insurance claim form"
    keywords: ClassVar[tuple[str, ...]] = (
        "claim", "policy", "policyholder", "policy holder", "incident", "insured", "claimant", "insurance",
        # the same in the other languages the pipeline reads (de, nl, fr, es, it, pl)
        "schadenmeldung", "schadenanzeige", "versicherung", "versicherungsnehmer", "vertragsnummer",
        "schadenformulier", "schadeformulier", "verzekering", "verzekeringnemer", "polisnummer",
        "déclaration de sinistre", "sinistre", "assurance", "assuré", "siniestro", "póliza", "seguro",
        "asegurado", "sinistro", "polizza", "assicurazione", "assicurato", "szkoda", "polisa", "ubezpieczenie",
        # Romanian and Hungarian
        "cerere de despăgubire", "avizare daună", "daună", "asigurat", "poliță", "asigurare", "kárbejelentő",
        "kárbejelentés", "biztosított", "kötvényszám", "káresemény", "biztosító", "biztosítás",
        # Turkish
        "hasar ihbar", "hasar", "sigorta", "sigortalı", "poliçe", "poliçe no", "hasar tarihi",
        # Croatian
        "prijava štete", "odštetni zahtjev", "odštetnog zahtjeva", "osiguranik", "osiguranika", "broj police",
        "vrsta štete", "osiguranje",
        # Slovenian
        "prijava škode", "zavarovanec", "zavarovanca", "številka police", "vrsta škode", "zahtevani znesek",
        # Estonian and Latvian
        "kahjuavaldus", "kahjuteade", "kindlustusvõtja", "kindlustus", "poliisi number", "kahju liik",
        "apdrošināšana", "apdrošinājuma ņēmējs", "polises numurs", "zaudējumu", "atlīdzības",
    )

    claimant_name: str = Field(min_length=1, max_length=120, json_schema_extra=canvas_hint(width=12))
    date_of_birth: date | None = None
    policy_number: str = Field(min_length=3, max_length=30, json_schema_extra=canvas_hint(width=10))
    claim_type: ClaimType
    address: Address
    incident_date: date
    claim_amount: Money | None = None
    police_report_filed: bool
    signed: bool

    def rule_violations(self, tolerance=None) -> list[RuleViolation]:  # noqa: ANN001 - same signature as base
        out: list[RuleViolation] = []
        if self.date_of_birth is not None and self.date_of_birth >= self.incident_date:
            out.append(RuleViolation(code="birth_after_incident",
                                     message=f"date of birth {self.date_of_birth} is not before the incident "
                                             f"date {self.incident_date}",
                                     fields=("date_of_birth", "incident_date")))
        if not self.signed:
            out.append(RuleViolation(code="unsigned", message="the form is not signed", fields=("signed",)))
        return out
