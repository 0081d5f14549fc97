"""The baseline engine: labels and patterns over candidate spans, no model.

It is the floor every model must beat and the fallback when none is available. For each field of the target
schema it looks for printed labels (multilingual lexicons in :mod:`engine.labels`, or the field's own name) and
takes the value of the right kind to the right of the label or below it. A few fields get dedicated rules:

* totals: subtotal, tax and total are chosen together, preferring a combination where subtotal + tax = total;
  the largest amount next to a total label wins;
* the issuing party (``vendor_name``, ``merchant_name``): a labelled seller, else the most prominent text line
  near the top of page 1 that is not a title, a label or an address; its address: the lines below it;
* currency: the most frequent currency marker of the document;
* lists of models (line items): the table under a header of matching column labels (:mod:`engine.tables`);
* booleans and enums: check boxes (``[X]``, ``☒``, ``✓``) next to the label or next to an option, or a printed
  yes/no or option word.

Every value comes with the words it was read from (grounding by construction) and a confidence that reflects
how it was found (label adjacency, agreement with the arithmetic rules).
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
import logging
import re
import time
import types
import typing
from collections.abc import Callable
from datetime import date
from decimal import Decimal
from typing import Any

from pydantic import BaseModel, Field
from pydantic.fields import FieldInfo

from engine import rules
from engine.adjustments import adjustment_of
from engine.base import (SIGNATURE_MARK, Engine, EngineOptions, EngineRequest, EngineResult, EngineStats,
                         FieldResult)
from engine.dates import DateOrder, parse_boxed_figures, parse_date
from engine.labels import (TERM_CODE, Phrase, concept_of, known_label_words, label_phrases, label_score,
                           label_tokens, normalise)
from engine.numbers import is_product, parse_amount
from engine.spandoc import Found, SpanDoc, concept_phrases, merge_spans
from engine.spans import Span, SpanKind, identifier_field, join_lines, reads_as_identifier, value_of
from engine.tables import OPEN_WORDS, Column, TableRow, find_table

__all__ = ["BaselineEngine", "BaselineOptions"]

logger = logging.getLogger(__name__)

_COMMON_CAPTIONS = ("contact", "birth_date", "signature", "invoice_date", "place_date", "region")
#: common captions taken only as spelt, never as a near word (a place such as "Provence" is no "Province")
_SPELT_CAPTIONS = frozenset({"region"})


#: the first words of a payment booked against a folio's or a statement's charges
_PAYMENT_ROW = re.compile(r"(?i)^(?:payment|paid|card payment|zahlung|bezahlt|anzahlung|paiement|r[èe]glement|acompte|"
                          r"pago|pagado|pagamento|betaling|betalning|betalt|p[łl]atno[śs][ćc]|wp[łl]ata|platba|maksu|"
                          r"deposit|prepayment|vorauszahlung)\b")
#: a card named or masked in a payment's row ("Visa ****2918", "Mastercard", "**** 4821")
_CARD = re.compile(r"(?i)\b(?:visa|mastercard|master card|amex|american express|maestro|girocard|ec karte|carte bancaire|"
                   r"cb|card|karte|carte|tarjeta|carta|kaart|kort|karta|cash|bar|esp[èe]ces|efectivo|contanti)\b|\*{3,}")
#: a label that names a date ("Ausstellungsdatum", "Notadatum", "Fecha", "Päiväys", "Pvm")
_DATE_WORD = re.compile(r"dat|fecha|pvm|paiv")
#: what a page's running sum says besides its carried-forward phrase ("Transporte da página anterior", "Übertrag von
#: Seite 1", "Riporto da pagina precedente")
_PAGE_WORDS = frozenset("page pages seite blatt pagina strona stron str sivu side sida stranka strana hoja foglio "
                        "folio blad oldal previous prev preceding next following anterior precedente vorige vorigen "
                        "volgende vorherige vorhergehende nachste nachsten suivante seguinte siguiente "
                        "successiva poprzedniej nastepnej from to van naar von auf zur de da a al do z na sur".split())
#: what stands between a quantity written in a description and its price
_INLINE_TIMES = frozenset({"@", "x", "×", "à", "a", "*"})
#: a quantity and the unit it is counted in, written in a description before its price
_INLINE_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
#: a group of figures a number printed in groups ends on ("HW-307 792")
_DIGIT_GROUP = re.compile(r"\d{2,6}")
_INLINE_UNIT = re.compile(r"h|hrs?|hours?|std\.?|stunden|heures?|horas?|ore|uur|timer|tim|kwh|mwh|m3|m³|l|litres?|"
                          r"liters?|km|kg|pcs|stk\.?|st\.?|nights?|n[äa]chte|nuits?|noches|notti|days?|tage?|jours?")
# The words before a tax base in a tax line: a rate, or "on" in the languages read ("20% on", "19 % auf", "sur",
# "25% av", "10% S/").
_BASE_OF = re.compile(r"(?i)(?:\d\s?%|\b(?:on|of|auf|sur|su|van|op|od|from|über|sobre|av|af|på|s/))\s*:?$")


class BaselineOptions(EngineOptions):
    """Knobs of the baseline engine."""

    gap_factor: float = Field(2.0, gt=0, description="cell break: gap wider than this many characters")
    date_order: DateOrder | None = Field(None, description="DMY, MDY or YMD; None infers it per document")
    min_label_score: float = Field(0.35, ge=0, le=1, description="weakest label match that counts")
    max_lines_below: int = Field(3, ge=0, le=10, description="how far below a label a value may sit")
    max_right_distance: float = Field(0.85, gt=0, le=1, description="how far right of a label (page widths)")


# --------------------------------------------------------------------------- field types


def _unwrap(annotation: Any) -> tuple[Any, bool]:
    """(inner type, optional) without ``Optional``/``Annotated``."""
    optional = False
    while True:
        origin = typing.get_origin(annotation)
        if origin is typing.Annotated:
            annotation = typing.get_args(annotation)[0]
        elif origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(annotation) if a is not type(None)]
            optional = optional or len(args) < len(typing.get_args(annotation))
            annotation = args[0]
        else:
            return annotation, optional


def _field_phrases(name: str, info: FieldInfo, parent: str | None = None) -> tuple[str | None, list[Phrase]]:
    """A field's concept and label phrases, with the labels its schema names."""
    extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
    return label_phrases(name, title=info.title, extra=list(extra.get("labels", []) or []), parent=parent)


def _kind(tp: Any) -> str:
    if typing.get_origin(tp) is list:
        inner = typing.get_args(tp)[0] if typing.get_args(tp) else Any
        return "table" if isinstance(inner, type) and issubclass(inner, BaseModel) else "list"
    if typing.get_origin(tp) is typing.Literal:
        return "enum"
    if not isinstance(tp, type):
        return "str"
    for base, name in ((bool, "bool"), (BaseModel, "model"), (enum.Enum, "enum"), (date, "date"),
                       (Decimal, "amount"), (float, "amount"), (int, "int")):
        if issubclass(tp, base):
            return name
    return "str"


def _json(value: Any) -> Any:
    if isinstance(value, Decimal):
        return format(value, "f")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, enum.Enum):
        return value.value
    return value


# --------------------------------------------------------------------------- the extractor


class _Extractor:
    """Walks a target model and fills it from one document, recording a FieldResult per value found."""

    def __init__(self, doc: SpanDoc) -> None:
        self.doc = doc
        self.fields: dict[str, FieldResult] = {}
        self.table_lines: set[tuple[int, int]] = set()  # rows of tables already read
        self.concepts: list[tuple[str | None, list[Phrase]]] = []  # the top model's fields' label phrases

    def record(self, path: str, found: Found | None) -> Any:
        if found is None or found.value is None:
            return None
        idx = list(found.spans[-1].word_indices) if found.spans else None  # the value's words, not its label's
        value = _json(found.value)
        name = path.rsplit(".", 1)[-1]
        if isinstance(value, str) and concept_of(name) == "postal_code":
            value = rules.spaced_postal_code(value)
        value = self._as_printed(name, value, idx or [])
        self.fields[path] = FieldResult(path=path, value=value, confidence=round(min(0.99, found.confidence), 3),
                                        word_indices=idx)
        return value

    def _as_printed(self, name: str, value: Any, indices: list[int]) -> Any:
        """A person's name or a town read by OCR with a capital I as printed (:func:`rules.capital_i`), a name OCR
        ran together from two spaced again (:func:`rules.spaced_name`)."""
        concept = concept_of(name)
        if not isinstance(value, str) or concept not in ("claimant", "city") \
                or all(self.doc.words[i].confidence >= 1.0 for i in indices):
            return value
        value = rules.capital_i(value)
        return rules.spaced_name(value) if concept == "claimant" else value

    def captions(self, model: type[BaseModel], parent: str | None = None) -> set[int]:
        """Spans that read as the label of a scalar field of ``model`` (nested models included)."""
        out: set[int] = set()
        for name, info in model.model_fields.items():
            tp = _unwrap(info.annotation)[0]
            if _kind(tp) == "model":
                out |= self.captions(tp, name)
            elif _kind(tp) not in ("table", "list"):
                concept, phrases = _field_phrases(name, info, parent)
                out |= {s.index for s, score in self.doc.labels(phrases, concept, floor=0.6)
                        if sum(c.isdigit() for c in s.text) < 2  # "124 Washington Street" is a value
                        # a weak reading needs every word to be a label's: "Jersey City", "Fergal Ville" are cities
                        and (score >= 0.8 or known_label_words(self.doc.tokens.get(s.index, ())))}
        return out

    def common_captions(self) -> set[int]:
        """Spans that read as a label any form prints (phone, e-mail, date, date of birth, signature, an address's
        state or province), so that they are never taken for the value of a neighbouring label. A state's caption
        must be spelt as one: OCR's slips are forgiven labels, and "Provence" would read as "Province"."""
        def spelt(s: Span, concept: str) -> bool:
            words = tuple(re.findall(r"[a-z]+", normalise(s.text)))
            return concept not in _SPELT_CAPTIONS or any(words == p.tokens for p in concept_phrases(concept))

        return {s.index for c in _COMMON_CAPTIONS for s, _ in self.doc.labels(concept_phrases(c), c, floor=0.7)
                if spelt(s, c)}

    def model(self, model: type[BaseModel], prefix: str = "", parent: str | None = None) -> dict[str, Any]:
        if not prefix:
            self.doc.captions = self.captions(model) | self.common_captions()
            self.concepts = [_field_phrases(n, i) for n, i in model.model_fields.items()]
        out: dict[str, Any] = {}
        names = set(model.model_fields)
        for name, info in model.model_fields.items():  # tables first: their rows are no totals
            if _kind(_unwrap(info.annotation)[0]) == "table":
                out[name] = self.field(name, info, prefix, parent)
        amounts = {n for n in ("subtotal", "tax", "total") if n in names and _kind(_unwrap(
            model.model_fields[n].annotation)[0]) == "amount"}
        if "total" in amounts:
            # what the items come to: the sum of the rows' amounts (the row field read as an amount: "amount",
            # "line_total"), where every row has one
            rows = [row for name in out for row in out[name] or [] if isinstance(row, dict)]
            line_totals = [v for row in rows for k, v in row.items() if concept_of(k) == "amount"]
            items = sum((Decimal(str(v)) for v in line_totals), Decimal(0)) \
                if rows and len(line_totals) == len(rows) and None not in line_totals else None
            labelled = {n: _field_phrases(n, model.model_fields[n], parent) for n in amounts}
            for name, found in self.totals(labelled, items).items():
                out[name] = self.record(prefix + name, found)
        for name, info in model.model_fields.items():
            if name not in out:
                out[name] = self.field(name, info, prefix, parent)
        return {name: out[name] for name in model.model_fields}  # in the schema's order

    def field(self, name: str, info: FieldInfo, prefix: str, parent: str | None) -> Any:
        tp, optional = _unwrap(info.annotation)
        kind = _kind(tp)
        concept, phrases = _field_phrases(name, info, parent)
        path = prefix + name
        if kind == "model":
            sub = self.model(tp, prefix=path + ".", parent=name)
            self._split_address(tp, sub, path + ".", name)
            self._city_beside_code(tp, sub, path + ".", name)
            self._code_before_city(tp, sub, path + ".", name)
            return sub if any(v is not None for v in sub.values()) else None
        if kind == "table":
            return self.table(path, typing.get_args(tp)[0])
        if kind == "list":
            return []
        if concept == "currency" or (isinstance(tp, type) and tp.__name__ == "CurrencyCode"):
            return self.record(path, rules.currency(self.doc, phrases))
        if concept == "party":
            return self.record(path, rules.party(self.doc, phrases, first_line=name.startswith("merchant")))
        if concept == "claimant" and (split := rules.split_name(self.doc)) is not None:
            return self.record(path, split)
        if kind == "str" and name.endswith("address") and concept is None:
            party = self.fields.get(prefix + name.replace("address", "name"))
            if party is None:
                return None
            return self.record(path, rules.address_below(self.doc, party.word_indices or [])
                               or rules.address_after_name(self.doc, str(party.value))
                               or rules.address_under_name_again(self.doc, str(party.value),
                                                                 party.word_indices or []))
        found: Found | None = None
        if kind == "date":
            found = self.first(self.doc.near(phrases, concept, lambda s: s.date is not None), "date")
            if found is None:  # a date written a figure a box, which OCR read as figures ("1 7 12 1947")
                found = self._boxed_date(phrases, concept)
            if found is None and concept == "invoice_date":  # the document's first date
                # a due date's label says the date is not the document's ("Issue date: ###  Due by: 1 March")
                due = {f.spans[-1].index for f in self.doc.near(concept_phrases("due_date"), "due_date",
                                                                lambda s: s.date is not None) if f.confidence >= 0.5}
                dated = [s for s in self.doc.spans if s.date is not None and s.index not in due]
                # ... nor is a date the label of another field gives ("Vorstellung: 22.06.2024", "Geb.: 23/11/2019");
                # a label that says date and nothing known ("Notadatum:", "Ausstellungsdatum:") may be its own
                dated = [s for s in dated if not self._other_label(s)] or dated
                # the only date a document prints is its date; the first of several is a guess
                single = len({s.date for s in dated}) == 1
                found = Found(dated[0].date, 0.7 if single else 0.3, [dated[0]]) if dated else None
        elif kind in ("amount", "int"):
            want = SpanKind.AMOUNT if kind == "amount" else SpanKind.INTEGER
            found = self.first(self.doc.near(phrases, concept, lambda s: s.has(want) and not s.has(SpanKind.DATE)),
                               "amount")
            if found is not None and found.confidence < 0.5 and self._filled_in_words(phrases, concept):
                found = None  # the field's own label holds words ("Importe reclamado: A RELLENAR POR LA COMPAÑÍA")
            if found and kind == "int":
                found.value = int(found.value)
        elif kind == "bool":
            found = rules.boolean(self.doc, phrases, concept)
            if found is None and not optional and concept != "signature" and not self._asks(phrases, concept):
                found = Found(False, 0.5, [])  # a yes/no question the form does not ask: nothing was declared
        elif kind == "enum":
            found = rules.choice(self.doc, tp, phrases, concept)
        else:
            idlike = identifier_field(name)
            accept = (reads_as_identifier if idlike
                      else (lambda s: not self.doc.is_caption(s) and not s.has(SpanKind.CHECKBOX)
                            and not self.doc.boxes_option(s)  # "☐ Travel" beside "Town/City"
                            and SIGNATURE_MARK not in s.text  # handwriting is no name
                            and not (concept == "address" and rules.HOUSE_CAPTION.fullmatch(s.text.strip()))))
            cands = self.doc.near(phrases, concept, accept)
            if concept in ("city", "claimant", "party"):  # a city or a name has letters: not the postal code
                # printed before it, not the date of birth beside it; a name does not read as its own field's
                # caption outright ("Nombre del reclamante" under the section's heading "1. Asegurado"; a city may:
                # "Jersey City"), nor does it so nearly as OCR's slip of one ("Fuil name")
                cands = [f for f in cands if sum(c.isalpha() for c in f.value.text) >= 2 and (
                    concept != "claimant" or label_score(label_tokens(f.value.text), phrases, concept) < 0.65)]
            if concept in ("city", "postal_code"):  # a street read already is no label ("… ColasVille")
                used = {i for r in self.fields.values() for i in r.word_indices or []}
                cands = [f for f in cands if not set(f.spans[0].word_indices) & used]
            found = self.first(cands, "text")
            if found is None and concept == "postal_code":
                found = self._code_after_caption(phrases, concept)
            if found is None and concept == "address":
                found = self._street_after_caption(phrases, concept)
            if found is None and idlike:
                found = self._number_after_caption(phrases, concept)
            if found is not None and concept == "claimant":
                found = _after_caption(found, phrases, concept)
            if found is not None and idlike:
                found = self._grouped_number(found)
            if found is not None and concept in ("postal_code", "city"):
                found = self._postal_city(found, concept)
            elif found is not None and not idlike:
                found = self._rest_of_cell(found, street=concept == "address")
                if concept == "address" and (number := rules.house_number_beside(self.doc, found.spans[-1])):
                    found = Found(f"{found.value} {number.text}", found.confidence, [*found.spans, number])
        return self.record(path, found)

    def _captioned(self, phrases: list[Phrase], concept: str) -> list[tuple[Span, list[str]]]:
        """Text spans that begin with the field's caption outright and go on with more words (its value set so close
        that both are one span), as (span, the words after the caption), top first."""
        out = []
        for span in self.doc.spans:
            words = span.text.split()
            if span.has(SpanKind.TEXT) and len(words) >= 2 and (k := _caption_words(words, phrases, concept)):
                out.append((span, words[k:]))
        return out

    def _street_after_caption(self, phrases: list[Phrase], concept: str) -> Found | None:
        """A street set so close after its caption that both are one span, which reads as the caption ("Straat en
        huisnummer Kerkstraat 37", "Street and number 13 Priory Lane"): the words after the caption
        (:func:`_caption_words`), where they hold a house number and a word of letters."""
        for span, rest in self._captioned(phrases, concept):
            if any(any(c.isdigit() for c in w) for w in rest) and any(sum(c.isalpha() for c in w) >= 3 for w in rest) \
                    and rules.street_line(" ".join(rest)):
                return Found(" ".join(rest), 0.6, [span])
        return None

    def _number_after_caption(self, phrases: list[Phrase], concept: str | None) -> Found | None:
        """A number set so close after its caption that both are one span of words, the caption naming no number
        ("Číslo pojistné smlouvy K20/960588"): the one word after the caption (:func:`_caption_words`), where it
        holds figures and reads as a number, not a word or a date."""
        for span, rest in self._captioned(phrases, concept or ""):
            if len(rest) == 1 and _CAPTIONED_NUMBER.fullmatch(rest[0]) and parse_date(rest[0]) is None:
                return Found(rest[0], 0.6, [span])
        return None

    def _asks(self, phrases: list[Phrase], concept: str | None) -> bool:
        """Whether the document asks a field's question: a label of it that reads no better as another field's
        label of the schema ("Numéro de police" asks for the policy, not whether the police came), and that is
        not the form's title read weakly ("Denuncia sinistro viaggio": a claim's notice, no complaint to the
        police)."""
        for label, score in self.doc.labels(phrases, concept, floor=0.4):
            if score < 0.6 and (label.page, label.line) in self.doc.title_lines:
                continue
            toks = self.doc.tokens[label.index]
            if not any(c != concept and label_score(toks, p, c) > score for c, p in self.concepts):
                return True
        return False

    def _filled_in_words(self, phrases: list[Phrase], concept: str | None) -> bool:
        """Whether a label that reads as the field outright has words and no figures beside it (an amount "to be
        filled in by the insurer", "not known"): the field is answered there, with no amount."""
        def value(label: Span) -> Span | None:  # beside the label, else under it
            after = list(self.doc.right_of(label)) or next((over for _, over in self.doc.below(label)[:1]), [])
            return after[0] if after else None

        return any(score >= 0.9 and (v := value(label)) is not None and v.has(SpanKind.TEXT)
                   and not any(c.isdigit() for c in v.text) and not self.doc.labels_any(v)
                   for label, score in self.doc.labels(phrases, concept))

    def _other_label(self, s: Span) -> bool:
        """Whether a colon label right before ``s`` gives it as a value of something other than a date."""
        label = rules.colon_label(self.doc, s)
        return label is not None and not _DATE_WORD.search(normalise(label.text))

    def _boxed_date(self, phrases: list[Phrase], concept: str | None) -> Found | None:
        """A date under or beside its label written a figure a box, which a text layer or OCR gives as figures in
        groups that need not be the boxes' ("19591028", "1 7 12 1947", "06 072023"): the figures from the label's
        value on, set close on its line, read as one date (:func:`~engine.dates.parse_boxed_figures`), day or month
        first as the form's other boxed dates show (:func:`~engine.dates.boxed_figures_order`), else as its typed
        dates do."""
        order = self.doc.boxed_date_order
        for f in self.doc.near(phrases, concept, lambda s: s.text.replace(" ", "").isdigit())[:3]:
            line = self.doc.lines[(f.value.page, f.value.line)]
            run = [f.value]
            gap = 2 * (f.value.bbox[3] - f.value.bbox[1])
            for t in line[line.index(f.value) + 1:]:
                if not t.text.replace(" ", "").isdigit() or t.bbox[0] - run[-1].bbox[2] > gap:
                    break
                run.append(t)
            if (d := parse_boxed_figures(" ".join(x.text for x in run), order=order)) is not None:
                return Found(d, f.confidence * 0.7, [*f.spans[:-1], *run])
        return None

    def _split_address(self, model: type[BaseModel], sub: dict[str, Any], prefix: str, parent: str) -> None:
        """An address printed on one line ("4410 Cedar Ridge Dr, Raleigh, NC 27612") read as the street, where the
        model also has a city and a postal code: split into the three. The street's own line names the town even
        where a postal code and a town were found apart: those of another party's block on a form of two parties
        ("Adresse: Gartenweg 105, 04610 Leipzig" over the other driver's "Postleitzahl: 04959 Ort: Leipzig")."""
        role = _address_roles(model, parent)
        street, city, code = role.get("address"), role.get("city"), role.get("postal_code")
        if not (street and city and code) or sub.get(street) is None:
            return
        read = self.fields.get(prefix + street)
        if read is None:
            return
        split = rules.split_address_line(str(sub[street]))
        if split is None:
            if not (sub.get(city) or sub.get(code)):
                self._town_under(read, sub, prefix, (code, city))
            return
        self._record_parts(read, sub, prefix, (street, code, city), split, list(read.word_indices or []))

    def _city_beside_code(self, model: type[BaseModel], sub: dict[str, Any], prefix: str, parent: str) -> None:
        """The town right of a postal code read under or beside its caption, where no caption of the town's was read
        ("PLZ" over "85938 | München": a faded copy lost the "Ort" over the town's cell): the next cell on the
        code's line, where it reads as a town (:meth:`_city_after`), at a lower confidence."""
        role = _address_roles(model, parent)
        city, code = role.get("city"), role.get("postal_code")
        read = self.fields.get(prefix + code) if city and code and sub.get(city) is None else None
        if read is None or not read.word_indices:
            return
        cell = [s for s in self.doc.spans if set(read.word_indices) & set(s.word_indices)]
        found = self._city_after(cell, read.confidence * 0.8) if cell else None
        if found is not None and not rules.names_country(found.value):  # "85938 | Deutschland" names no town
            sub[city] = self.record(prefix + city, found)

    def _code_before_city(self, model: type[BaseModel], sub: dict[str, Any], prefix: str, parent: str) -> None:
        """The postal code printed before the town the town's caption gives, where no caption of the code's was read
        ("Postcode /" wrapped over "Woonplaats: 3818 EB Amersfoort", the form's caption read as the town's alone):
        the code from the town's cell, at a lower confidence."""
        role = _address_roles(model, parent)
        city, code = role.get("city"), role.get("postal_code")
        read = self.fields.get(prefix + city) if city and code and sub.get(code) is None and sub.get(city) else None
        if read is None or not read.word_indices:
            return
        idx = set(read.word_indices)
        own = [s for s in self.doc.spans if idx & set(s.word_indices)]
        if len(own) != 1:
            return
        # the town's span and those before it in its cell, less a caption ("3818" | "EB Amersfoort")
        cell = [s for s in self.doc.cell_spans(own[0]) if s.index <= own[0].index and not self.doc.is_caption(s)]
        split = rules.split_postal_city(" ".join(s.text for s in cell)) if cell else None
        if split is None or not split[0] or normalise(rules.bare_city(split[1])) != normalise(str(sub[city])):
            return
        words = list(self._part_of(merge_spans(cell), split[0], 1.0).spans[0].word_indices)
        sub[code] = self._as_printed(code, _json(rules.spaced_postal_code(split[0])), words)
        self.fields[prefix + code] = read.model_copy(update={
            "path": prefix + code, "value": sub[code], "word_indices": words, "confidence": read.confidence * 0.8})

    def _town_under(self, read: FieldResult, sub: dict[str, Any], prefix: str, names: tuple[str, str]) -> None:
        """The postal code and town on the line under a street read beside an address's caption, in the street's
        cell ("Address | Plaza Adelina Escobar 31" over "| 34506 Albacete"): a form's address field of two
        lines, its town captioned by nothing."""
        idx = set(read.word_indices or [])
        spans = [s for s in self.doc.spans if idx & set(s.word_indices)]
        under = self._wrapped_under(spans[0], spans[-1]) if spans else None
        split = rules.split_town_line(under.text) if under is not None else None
        if under is not None and split is not None:
            self._record_parts(read, sub, prefix, names, split, list(under.word_indices), read.confidence * 0.9)

    def _record_parts(self, read: FieldResult, sub: dict[str, Any], prefix: str, names: tuple[str, ...],
                      parts: tuple[str, ...], pool: list[int], confidence: float | None = None) -> None:
        """Each part of an address read as one value recorded as its own field, from the words of ``pool`` it
        holds (all of them where it holds none), at ``read``'s confidence unless one is given."""
        for name, text in zip(names, parts, strict=True):
            tokens = text.replace(",", " ").split()
            words = [i for i in pool if self.doc.words[i].text.strip(",") in tokens]
            sub[name] = self._as_printed(name, _json(rules.spaced_postal_code(text) if concept_of(name) == "postal_code"
                                                     else text), words or pool)
            update: dict[str, Any] = {"path": prefix + name, "value": sub[name], "word_indices": words or pool}
            if confidence is not None:
                update["confidence"] = confidence
            self.fields[prefix + name] = read.model_copy(update=update)

    def _grouped_number(self, found: Found) -> Found:
        """A number printed in groups a space apart ("Invoice No.  HW-307 792"): the identifier with the groups of
        two to six figures that end its cell, each set no more than a space and a half from the one before."""
        span = found.spans[-1]
        cell = self.doc.cell_spans(span)
        tail = cell[cell.index(span) + 1:] if span in cell else []
        if not tail or not isinstance(found.value, str) or not span.text.endswith(found.value) \
                or not all(_DIGIT_GROUP.fullmatch(s.text) for s in tail):
            return found
        for a, b in itertools.pairwise([span, *tail]):
            width = (a.bbox[2] - a.bbox[0]) / max(1, len(a.text))
            if b.bbox[0] - a.bbox[2] > 1.5 * width:
                return found
        text = " ".join([found.value, *(s.text for s in tail)])
        return Found(text, found.confidence, [*found.spans[:-1], merge_spans([span, *tail])])

    def _rest_of_cell(self, found: Found, street: bool = False) -> Found:
        """A text value with the rest of its cell: "226 Oak Way" after "Street address:" is read as the number
        226 and the text "Oak Way"; the street is both. A street's name may hold a label word ("210 Maple
        Street")."""
        span = found.spans[-1]
        cell = self.doc.cell_spans(span)
        tail: list[Span] = []
        for s in cell[cell.index(span) + 1:] if span in cell else []:
            continues_street = street and not s.has(SpanKind.LABEL) and rules.street_line(
                " ".join(t.text for t in (span, *tail, s)))
            if (self.doc.is_caption(s) and not continues_street) or s.has(SpanKind.CHECKBOX):
                break
            tail.append(s)
        last = (tail or [span])[-1]
        if street and (under := self._wrapped_under(span, last)) is not None:
            # a box too narrow for the line: "Glorieta Marianela 830," over "13777 Navarra", "… 6, 15731" over
            # "Salamanca" (the line goes on after a comma, or makes a one-line address whole)
            text = " ".join(s.text for s in (span, *tail))
            # ... or a town's name wrapped after a word that cannot end it ("… 84087 San Lorenzo Della" over "Costa")
            last = text.split()[-1].casefold() if text.split() else ""
            if text.endswith(",") or (rules.split_address_line(text) is None or last in OPEN_WORDS) \
                    and rules.split_address_line(f"{text} {under.text}") is not None:
                tail.append(under)
        head = self._wrapped_over(span) if street else None
        if head is not None and head.index in {s.index for s in found.spans[:-1]}:
            head = None  # the value's own caption over it ("Strada, nr. / Cod poștal / Localitate")
        if head is not None:  # a table's cell wrapped over two lines, its label beside the second
            text = " ".join(s.text for s in (head, span, *tail))
            if rules.split_address_line(text) is not None:
                return Found(text, found.confidence, [*found.spans[:-1], merge_spans([head, span, *tail])])
        if not tail:
            return found
        text = " ".join(s.text for s in (span, *tail))
        return Found(text, found.confidence, [*found.spans[:-1], merge_spans([span, *tail])])

    def _wrapped_over(self, span: Span) -> Span | None:
        """The first line of a value its cell wrapped: the one span on the line above, starting where the value
        starts, with nothing left of it ("6, avenue Christophe Rodriguez, 52753" over "Adresse  ColasVille")."""
        pos = self.doc.line_pos[(span.page, span.line)]
        if pos == 0 or self.doc.line_keys[pos - 1][0] != span.page:
            return None
        line = self.doc.lines[self.doc.line_keys[pos - 1]]
        if len(line) != 1 or abs(line[0].bbox[0] - span.bbox[0]) > 0.01 or self.doc.is_caption(line[0]):
            return None
        return line[0] if line[0].has(SpanKind.TEXT) and not line[0].has(SpanKind.CHECKBOX) else None

    def _wrapped_under(self, first: Span, last: Span) -> Span | None:
        """The line a value wrapped onto: the one span on the next line, starting where the value starts."""
        below = self.doc.below(last)
        if not below or below[0][0] != 1:
            return None
        under = [s for s in below[0][1] if abs(s.bbox[0] - first.bbox[0]) <= 0.01]
        if len(under) != 1 or self.doc.is_caption(under[0]) or under[0].has(SpanKind.CHECKBOX):
            return None
        if any(s.bbox[2] <= under[0].bbox[0] for s in self.doc.lines[(under[0].page, under[0].line)]):
            return None  # the next row of a table of labels and values ("Postal code | 064884")
        return under[0]

    def _postal_city(self, found: Found, concept: str) -> Found | None:
        """From a "53761 Madison" / "Madison, WI 53749" cell, the postal code or the city."""
        span = found.spans[-1]
        # "OX1 6RX" read as two identifiers: the code is the whole cell, less a label before the value
        cell = " ".join(s.text for s in self.doc.cell_spans(span)
                        if s.index >= span.index or not self.doc.is_caption(s))
        split = rules.split_postal_city(cell) or rules.split_postal_city(str(found.value))
        if split is None and concept == "city" and (city := rules.bare_city(str(found.value))) != found.value:
            return self._part_of(span, city, found.confidence)
        if split is None:
            return found
        if split[0] and cell != span.text and split[0] not in str(found.value):
            span = merge_spans(self.doc.cell_spans(span))
        part = split[0] if concept == "postal_code" else rules.bare_city(split[1])
        if not part and concept == "city":  # the city in a cell of its own after the code's ("LS9 3AB | Leeds")
            return self._city_after(self.doc.cell_spans(span), found.confidence * 0.85)
        if not part:
            return None
        return self._part_of(span, part, found.confidence * 0.9)

    def _code_after_caption(self, phrases: list[Phrase], concept: str) -> Found | None:
        """A postal code set so close after its caption that both are one span ("CAP 73100", "PLZ 1010 Wien")."""
        for label, score in self.doc.labels(phrases, concept):
            words = label.text.split()
            rest = " ".join(words[_caption_words(words, phrases, concept):])
            code = rest if _BARE_CODE.fullmatch(rest) else (rules.split_postal_city(rest) or ("", ""))[0]
            if rest != label.text and code:
                return self._part_of(label, code, score * 0.8)
        return None

    def _part_of(self, span: Span, part: str, confidence: float) -> Found:
        """``part`` of the text of ``span`` as a value, grounded on the words of the span that spell it."""
        idx = [i for i in span.word_indices if self.doc.words[i].text.strip(",") in part.split()
               or part.startswith(self.doc.words[i].text)]
        return Found(part, confidence, [span.model_copy(update={"word_indices": idx or span.word_indices})])

    def _city_after(self, cell: list[Span], confidence: float) -> Found | None:
        """The next cell right of a postal code's on its line, where it reads as a city: words without figures,
        no caption."""
        right = max(s.bbox[2] for s in cell)
        after = [s for s in self.doc.lines[(cell[0].page, cell[0].line)] if s.bbox[0] >= right]
        if not after:
            return None
        city = after[0]
        if not city.has(SpanKind.TEXT) or any(c.isdigit() for c in city.text) or self.doc.is_caption(city):
            return None
        return Found(city.text, confidence, [city])

    @staticmethod
    def first(cands: list[Found], what: str) -> Found | None:
        if not cands:
            return None
        best = cands[0]
        span: Span = best.value
        value: Any
        if what == "date":
            value = span.date
        elif what == "amount":
            value = span.amount
        elif SpanKind.IDENTIFIER in span.kinds:
            value = value_of(span, SpanKind.IDENTIFIER)
        else:
            value = span.text
        return Found(value, best.confidence, best.spans)

    # ----------------------------------------------------------------- totals

    def totals(self, labelled: dict[str, tuple[str | None, list[Phrase]]],
               items: Decimal | None = None) -> dict[str, Found | None]:
        """Subtotal, tax and total chosen together: the best-scored combination, with a bonus when they add
        up and when the subtotal is what the items (``items``, the sum of the rows' amounts read) come to;
        without any labelled total, the largest amount (with a currency if any) at low confidence. ``labelled``
        holds each field's concept and label phrases, with the labels its schema adds (a receipt's `Maksettu`,
        `Amount paid`)."""
        names = set(labelled)
        bases = {s.index for s in self.doc.spans if s.amount is not None and self._tax_base(s)}

        def amount(s: Span) -> bool:
            return s.amount is not None and s.has(SpanKind.AMOUNT) and not s.has(SpanKind.DATE) \
                and not s.has(SpanKind.QUANTITY) and (s.page, s.line) not in self.table_lines \
                and s.index not in bases

        cands: dict[str, list[Found | None]] = {}
        for name in names:
            concept, phrases = labelled[name]
            found = self.doc.near(phrases, concept, amount, largest=name == "total")
            seen: set[int] = set()
            unique = [f for f in found if not (f.value.index in seen or seen.add(f.value.index))]
            cands[name] = list(unique[:6]) + ([None] if name != "total" or not unique else [])
        # a balance of nothing left to pay, after a payment ("Balance due 0.00" under "Total charges 329.60"), is
        # no invoice's total where another total is printed
        if "total" in cands and any(f is not None and f.value.amount for f in cands["total"]):
            cands["total"] = [f for f in cands["total"] if f is None or f.value.amount]
        # a label both words may mean ("incl. BTW": the total with its tax, or the tax it holds) is the tax's where
        # a rate follows it ("incl. BTW 21 % €3,46" under "TOTAAL 19,92 EUR")
        if "total" in cands and (kept := [f for f in cands["total"] if f is None or not self._rated_tax(f)]):
            cands["total"] = kept
        if {"subtotal", "tax", "total"} <= names:
            cands["total"] += self._unlabelled_totals(cands, amount)
        # a sum the document labels as a total ("Suma: 1.079,05" over "IVA (16%)" and "Importe total") is the
        # subtotal where it and the tax add up to a total printed under it
        borrowed: set[int] = set()
        if {"subtotal", "tax", "total"} <= names and not any(cands["subtotal"][:-1]):
            for f in cands["total"][:3]:
                if f is not None:
                    cands["subtotal"].insert(-1, Found(f.value, f.confidence * 0.4, f.spans))
                    borrowed.add(f.value.index)
        order = sorted(names)
        best, best_score = None, float("-inf")
        for combo in itertools.product(*(cands[n] for n in order)):
            pick = dict(zip(order, combo, strict=True))
            used = [f.value.index for f in combo if f is not None]
            if len(used) != len(set(used)):
                continue
            if (sub := pick.get("subtotal")) is not None and sub.value.index in borrowed and not (
                    pick.get("tax") and pick.get("total") and sub.value.bbox[1] < pick["total"].value.bbox[1]
                    and abs(sub.value.amount + pick["tax"].value.amount - pick["total"].value.amount)
                    <= Decimal("0.011")):
                continue
            score = sum(f.confidence for f in combo if f is not None) + self._agreement(pick, items)
            if score > best_score:
                best, best_score = pick, score
        if best and best.get("total") is not None and best.get("subtotal") is None:
            best["total"] = self._total_after_charges(best["total"])
        result: dict[str, Found | None] = {}
        bonus = 0.1 if best and self._agreement(best) > 0.3 else 0.0  # the parts add up
        for name in order:
            f = best.get(name) if best else None
            result[name] = Found(f.value.amount, min(0.99, f.confidence + bonus), f.spans) if f else None
        if best and bonus == 0.0 and "tax" in names and (split := self._split_tax(best, cands["tax"], items)):
            result["tax"] = split
            for name in ("subtotal", "total"):
                if (f := result.get(name)) is not None:
                    f.confidence = min(0.99, f.confidence + 0.1)
        if result.get("total") is None:
            # a figure with a currency, else one with decimals: an order's or a receipt's number ("Order 42958") is
            # no amount where the document prints amounts with cents
            money = [s for s in self.doc.spans if amount(s) and s.currency] or \
                [s for s in self.doc.spans if amount(s) and not s.has(SpanKind.INTEGER)] or \
                [s for s in self.doc.spans if amount(s)]
            if money:
                top = max(money, key=lambda s: s.amount)
                result["total"] = Found(top.amount, 0.25, [top])
        return result

    def _unlabelled_totals(self, cands: dict[str, list[Found | None]],
                           amount: Callable[[Span], bool]) -> list[Found]:
        """Totals whose label no reading gives ("Rechnungsbetr@": a bold label printed over its amount's first
        figures, a scan's smudge): an amount under a subtotal and a tax candidate, in their column, that they add
        up to, at half their confidence; the combination's agreement then weighs it."""
        known = {f.value.index for f in cands["total"] if f is not None}
        out: list[Found] = []
        for sub, tax in itertools.product(cands["subtotal"][:3], cands["tax"][:3]):
            if sub is None or tax is None or sub.value.page != tax.value.page:
                continue
            want, below = sub.value.amount + tax.value.amount, max(sub.value.bbox[3], tax.value.bbox[3])
            right = max(sub.value.bbox[2], tax.value.bbox[2])
            for s in self.doc.spans:
                if (s.index not in known and amount(s) and s.page == sub.value.page and s.bbox[1] >= below
                        and abs(s.bbox[2] - right) < 0.05 and abs(s.amount - want) <= Decimal("0.011")):
                    out.append(Found(s, 0.5 * min(sub.confidence, tax.confidence), [s]))
                    known.add(s.index)
        return out

    def _total_after_charges(self, total: Found) -> Found:
        """The total, where the one read is followed by charges or discounts and then, within three lines, by an
        amount that is what they all come to: a restaurant's bill prints its food's sum as a total ("Totale
        parziale", "Total articles"), then the service or cover charge, then what is due ("NET A PAYER"). Else
        ``total`` as read."""
        first = self.doc.line_pos[(total.value.page, total.value.line)]
        due, charged, since = total.value.amount, False, 0
        for key in self.doc.line_keys[first + 1:]:
            line = self.doc.lines[key]
            if (charge := adjustment_of(self.doc, line)) is not None:
                due, charged, since = due + charge.amount, True, 0
                continue
            if not charged and self._included_tax(line):
                continue  # the tax the total holds, printed before the tip ("IVA 13% incluído 3,47" then "Gorjeta")
            since += 1
            if since > 3 or (not charged and any(s.amount is not None for s in line)):
                break  # (before the first charge, only the rest of a wrapped label: "Total" over "articles")
            for s in line:
                if s.amount is not None and s.has(SpanKind.AMOUNT) and not s.has(SpanKind.PERCENT) \
                        and abs(s.amount - due) <= Decimal("0.011"):
                    return Found(s, total.confidence, [s])
        return total

    def _included_tax(self, line: list[Span]) -> bool:
        """Whether a line prints the tax a total holds: a tax label first, one amount."""
        amounts = sum(s.amount is not None and s.has(SpanKind.AMOUNT) and not s.has(SpanKind.PERCENT) for s in line)
        return bool(line) and line[0].index in self.doc.tokens and amounts == 1 \
            and label_score(self.doc.tokens[line[0].index], concept_phrases("tax"), "tax") >= 0.6

    def _rated_tax(self, found: Found) -> bool:
        """Whether an amount is on a line that prints the tax a total holds and its rate."""
        line = self.doc.lines[(found.value.page, found.value.line)]
        return self._included_tax(line) and any(s.has(SpanKind.PERCENT) for s in line)

    def _tax_base(self, span: Span) -> bool:
        """The amount a rate is charged on, printed in the tax line before the tax ("VAT 20% on £255.00  £51.00")."""
        line = self.doc.lines[(span.page, span.line)]
        i = line.index(span)
        before = line[i - 1] if i > 0 and line[i - 1].cell == span.cell else None
        after = line[i + 1] if i + 1 < len(line) else None  # the tax itself, next
        return before is not None and bool(_BASE_OF.search(before.text)) and after is not None and \
            after.amount is not None and after.has(SpanKind.AMOUNT)

    def _split_tax(self, pick: dict[str, Found | None], taxes: list[Found | None],
                   items: Decimal | None = None) -> Found | None:
        """Tax printed on several lines (one per rate): the lines whose amounts add up, with the subtotal and the
        charges and discounts printed between the subtotal and the total (shipping), to the total; their sum is
        the tax. Where no subtotal is printed, what the items (``items``) come to stands for it, the charges
        counted from the table's last row ("FRAIS DE PORT 39,00", "TVA 21% 913,96", "TVA 6% 149,21", "NET A
        PAYER 7 902,13")."""
        sub, tot = pick.get("subtotal"), pick.get("total")
        if tot is None:
            return None
        last = self.doc.line_pos[(tot.value.page, tot.value.line)]
        if sub is not None:
            first, base = self.doc.line_pos[(sub.value.page, sub.value.line)], sub.value.amount
        elif items is not None and self.table_lines:
            first, base = max(self.doc.line_pos[key] for key in self.table_lines), items
        else:
            return None
        between = [a for key in self.doc.line_keys[first + 1:last]
                   if (a := adjustment_of(self.doc, self.doc.lines[key])) is not None]
        adjusted = base + sum((a.amount for a in between), Decimal(0))
        taken = {tot.value.index} | ({sub.value.index} if sub is not None else set())
        lines: dict[tuple[int, int], Found] = {}
        for f in taxes:  # the rightmost amount of each tax line ("VAT 5% on £50.00   £2.50")
            if f is not None and f.value.index not in taken:
                key = (f.value.page, f.value.line)
                if key not in lines or f.value.bbox[0] > lines[key].value.bbox[0]:
                    lines[key] = f
        for k in (2, 3):
            for combo in itertools.combinations(lines.values(), k):
                total = sum((f.value.amount for f in combo), Decimal(0))
                if any(abs(start + total - tot.value.amount) <= Decimal("0.011")
                       for start in {base, adjusted}):
                    amounts = merge_spans(sorted((f.value for f in combo), key=lambda s: s.index))
                    return Found(total, min(0.99, min(f.confidence for f in combo) + 0.1), [amounts])
        return None

    @staticmethod
    def _agreement(pick: dict[str, Found | None], items: Decimal | None = None) -> float:
        """Bonus for subtotal + tax = total and for a subtotal that is the items' sum (``items``: a VAT summary's
        row adds up too, "7 % | 6.468,08 | 452,77 | 6.920,85"), penalty for a part larger than the total."""
        sub, tax, tot = (pick.get(n).value.amount if pick.get(n) else None for n in ("subtotal", "tax", "total"))
        score = 0.6 if items is not None and sub is not None and abs(sub - items) <= Decimal("0.011") else 0.0
        if sub is not None and tax is not None and tot is not None:
            score += 0.6 if abs(sub + tax - tot) <= Decimal("0.011") else -0.2
        too_big = (sub is not None and sub > tot + Decimal("0.01")) if tot is not None else False
        if too_big or (tot is not None and tax is not None and tax >= tot > 0):
            score -= 0.6
        return score

    # ----------------------------------------------------------------- tables

    def table(self, path: str, row_model: type[BaseModel]) -> list[dict[str, Any]]:
        columns = []
        for name, info in row_model.model_fields.items():
            concept, phrases = label_phrases(name, title=info.title)
            columns.append(Column(name, phrases, _kind(_unwrap(info.annotation)[0]) in ("amount", "int"), concept))
        stop_phr = {c: concept_phrases(c) for c in ("total", "tax", "subtotal")}
        sub_phr = concept_phrases("subtotal")
        carried = concept_phrases("carried")
        carried_words = frozenset(w for ph in carried for w in ph.tokens)

        def has_amount(line: list[Span]) -> bool:
            return any(s.has(SpanKind.AMOUNT) and not s.has(SpanKind.INTEGER) for s in line)

        def totals_labels(line: list[Span], floor: float) -> int:
            return sum(any(label_score(self.doc.tokens[s.index], p, c) >= floor for c, p in stop_phr.items())
                       for s in line if s.index in self.doc.tokens)

        after_subtotal = False

        def is_stop(line: list[Span]) -> bool:
            """A total or tax line with its amount, or a row of totals labels with the amounts below. A totals
            word after a row's description is part of the row ("Serwis roczny | usł. | 3 494,50 | 3 494,50", the
            unit OCR'd as "ust."), so past the first span it counts only on lines with fewer than two amounts."""
            if _priced(line):
                return False  # an item's quantity, price and amount ("Sovrastruttura totale | 1 | 425,48 | 425,48")
            if has_amount(line) and (m := TERM_CODE.search(line[0].text)) and m.group(0).startswith("("):
                return True  # an e-invoice viewer's sum labelled with its business term, however OCR spelt the
                # label ("Sumnme Nettobetrage Positionen (BT-106): | 2.669,06"): no item carries a term's code
            # after a subtotal, a tax or total line ends the items wherever its label stands (past a sidebar's
            # "Datos de pago: 735-027651 / 39279620" on its line)
            first = [s for s in (line if after_subtotal else line[:3]) if s.index in self.doc.tokens]
            if any(label_score(self.doc.tokens[s.index], carried) >= 0.6 for s in first[:1]):
                return False  # a page's running sum ("Suma y sigue", Spanish for "carried forward"): the table goes on
            amounts = sum(s.has(SpanKind.AMOUNT) and not s.has(SpanKind.INTEGER) for s in line)
            # (the tax's base in brackets is a second amount: "Tak for handlen. | Moms 25 % (1.842,71) | 460,68"
            # under the subtotal ends the items whatever stands before its label)
            if not after_subtotal and amounts >= 2 and line[0].has(SpanKind.TEXT) \
                    and line[0].index in self.doc.tokens and not any(
                        label_score(self.doc.tokens[line[0].index], p, c) >= 0.6 for c, p in stop_phr.items()):
                first = first[:1]
            if has_amount(line) and any(label_score(self.doc.tokens[s.index], p, c) >= 0.6 for s in first
                                        for c, p in stop_phr.items() if c != "subtotal"):
                return True
            return not has_amount(line) and totals_labels(line, 0.6) >= 2

        def is_skip(line: list[Span]) -> bool:
            """A subtotal or a carried-forward line inside the table, or an adjustment after a subtotal: a
            discount or a shipping charge the totals print is no item."""
            nonlocal after_subtotal
            if _priced(line):
                return False  # an item's quantity, price and amount ("Base USB-C | 1 | 26,96 | 26,96")
            labels = [self.doc.tokens[s.index] for s in line[:3] if s.index in self.doc.tokens]
            # a page's sum (items go on after it) prints one amount; a row of an item's figures is an item whose
            # name reads like one ("Transporte y embalaje | 2 | 1.125,05 | 2.250,10", wrapped after "y")
            figures = sum(s.has(SpanKind.AMOUNT) and not s.has(SpanKind.INTEGER) for s in line) >= 2
            if not figures and any(label_score(t, carried) >= 0.55 and _reads_carried(t, carried, carried_words)
                                   for t in labels):
                return True
            # a subtotal prints its amount: a word alone is a description's rest ("neural-" over "net")
            if has_amount(line) and any(label_score(t, sub_phr, "subtotal") >= 0.55 for t in labels):
                after_subtotal = True
                return True
            # a payment the folio or statement books against the charges ("Payment Visa ****5919  -329.60"): what
            # was paid, no item
            texts = [x.text for x in line if x.has(SpanKind.TEXT) or x.has(SpanKind.LABEL)]
            if texts and _PAYMENT_ROW.match(texts[0]) and (any(x.amount is not None and x.amount < 0 for x in line)
                                                          or _CARD.search(" ".join(texts))):
                return True
            return after_subtotal and adjustment_of(self.doc, line) is not None

        rows = self._price_is_amount(find_table(self.doc.spans, self.doc.words, columns, is_stop, is_skip), columns)
        rows = self._without_running_sums(rows, columns)
        rows = self._net_prices(rows, columns)
        rows = self._unheaded_quantities(rows, columns)
        rows = [self._inline_quantity(row, columns) for row in rows]
        self.table_lines |= {row.line for row in rows}
        out = []
        for r, row in enumerate(rows):
            item: dict[str, Any] = {}
            row = self._split_glued_quantity(row, columns)
            consistent = self._row_consistent(row, columns)
            for col in columns:  # a mark of ink OCR read no words in is no cell's text
                spans = [s for s in row.cells.get(col.name) or [] if s.text != SIGNATURE_MARK]
                if not spans:
                    item[col.name] = None
                    continue
                value: Any = join_lines(spans) if not col.numeric else spans[0].amount
                conf = 0.6 + (0.2 if consistent else 0.0)
                item[col.name] = self.record(f"{path}[{r}].{col.name}", Found(value, conf, [merge_spans(spans)]))
            out.append(item)
        return out

    @staticmethod
    def _price_is_amount(rows: list[TableRow], columns: list[Column]) -> list[TableRow]:
        """A table of items and their prices only ("Item | Price", no quantity, no amount column): each price is
        what the line costs, its amount. A unit price needs a quantity to be one of."""
        qn, pn, an, _ = _roles(columns)
        if not (pn and an) or not rows or any(r.cells.get(an) or (qn and r.cells.get(qn)) for r in rows) \
                or not all(r.cells.get(pn) for r in rows):
            return rows
        return [dataclasses.replace(r, cells={**{k: v for k, v in r.cells.items() if k != pn}, an: r.cells[pn]})
                for r in rows]

    @staticmethod
    def _without_running_sums(rows: list[TableRow], columns: list[Column]) -> list[TableRow]:
        """The rows without a page's running sum, whatever it is called ("Subtotal c/f", "Balance b/f",
        "Transport"): a row with an amount and neither quantity nor unit price whose amount is what the two or more
        items before it come to; or a section's sum captioned with a colon ("Expenses: 232.19") that is what the
        last rows before it come to, one or more."""
        qn, pn, an, dn = _roles(columns)
        if not an:
            return rows
        kept: list[TableRow] = []
        total, counted = Decimal(0), 0
        amounts: list[Decimal] = []  # of the rows kept, in order
        for row in rows:
            cell = row.cells.get(an)
            amount = Decimal(str(cell[0].amount)) if cell and cell[0].amount is not None else None
            plain = not (qn and row.cells.get(qn)) and not (pn and row.cells.get(pn))
            # a section's sum, captioned as such ("Expenses: 232.19", "Gastos suplidos: 17,63"): what the last rows
            # come to, one or more
            captioned = bool(dn and row.cells.get(dn) and row.cells[dn][-1].text.rstrip().endswith(":"))
            if amount is not None and plain and (
                    (counted >= 2 and amount == total)
                    or (captioned and any(sum(amounts[-k:], Decimal(0)) == amount
                                          for k in range(1, len(amounts) + 1)))):
                continue
            kept.append(row)
            if amount is not None:
                total += amount
                counted += 1
                amounts.append(amount)
        return kept

    def _net_prices(self, rows: list[TableRow], columns: list[Column]) -> list[TableRow]:
        """Each row's unit price where the table prints two ("Listenpreis | Rab. | Nettopreis", "Pris | Rabat |
        Nettopris") and the one read is the price before the discount: the other figure on the row's line, left of
        its amount, that its quantity times gives the amount to the cent. Only in a table with a unit price
        column; a row whose price already gives its amount, or where no figure or more than one value does, stays
        as read."""
        qn, pn, an, _ = _roles(columns)
        if not (qn and pn and an) or not any(r.cells.get(pn) for r in rows):
            return rows
        out = []
        for row in rows:
            q, p, a = row.cells.get(qn), row.cells.get(pn), row.cells.get(an)
            if not (q and a) or q[0].amount is None or a[0].amount is None or q[0].amount == 0 or (
                    p and p[0].amount is not None and is_product(q[0].amount, p[0].amount, a[0].amount)):
                out.append(row)
                continue
            fits = {s.amount: s for s in self._free_figures(row, a[0], -1.0, SpanKind.INTEGER)
                    if s.has(SpanKind.AMOUNT) and is_product(q[0].amount, s.amount, a[0].amount, Decimal(0))}
            if len(fits) == 1:
                row = dataclasses.replace(row, cells={**row.cells, pn: [next(iter(fits.values()))]})
            out.append(row)
        return out

    def _free_figures(self, row: TableRow, amount: Span, start: float, excluded: SpanKind) -> list[Span]:
        """The figures on a row's line that no cell of the row took, right of ``start`` and left of its
        ``amount``: no percentage, date, text or span of the ``excluded`` kind."""
        used = {s.index for cell in row.cells.values() for s in cell}
        return [s for s in self.doc.lines.get(row.line, [])
                if s.index not in used and s.amount and start < s.bbox[0] and s.bbox[2] <= amount.bbox[0]
                and not s.kinds & {excluded, SpanKind.PERCENT, SpanKind.DATE, SpanKind.TEXT}]

    def _unheaded_quantities(self, rows: list[TableRow], columns: list[Column]) -> list[TableRow]:
        """Quantities under a header no wording names ("H" or "T" for hours beside "Taux horaire", "Timepris"): in
        a table of unit prices and amounts without a quantity read, the figure right of each row's description
        and left of its amount that times its price gives its amount to the cent, where at least half of the
        rows priced have one (a column, not a coincidence); a row without one stays without. Page by page: a
        page's repeated header may name the column where another page's, misread ("Q17"), does not."""
        qn, pn, an, dn = _roles(columns)
        if not (qn and pn and an):
            return rows
        pages: dict[int, list[int]] = {}
        for k, row in enumerate(rows):
            pages.setdefault(row.line[0], []).append(k)
        found: dict[int, Span] = {}
        for ks in pages.values():
            if any(rows[k].cells.get(qn) for k in ks):
                continue
            priced = [k for k in ks if rows[k].cells.get(pn) and rows[k].cells.get(an)]
            fitting: dict[int, Span] = {}
            for k in priced:
                row = rows[k]
                p, a = row.cells[pn], row.cells[an]
                if p[0].amount is None or a[0].amount is None or p[0].amount == 0:
                    continue
                start = max((s.bbox[2] for s in row.cells.get(dn or "", []) if s.page == row.line[0]), default=0.0)
                fits = [s for s in self._free_figures(row, a[0], start, SpanKind.CURRENCY)
                        if is_product(s.amount, p[0].amount, a[0].amount, Decimal(0))]
                if len(fits) == 1:
                    fitting[k] = fits[0]
            if len(priced) >= 2 and 2 * len(fitting) >= len(priced):
                found.update(fitting)
        return [dataclasses.replace(row, cells={**row.cells, qn: [found[k]]}) if k in found else row
                for k, row in enumerate(rows)]

    def _inline_quantity(self, row: TableRow, columns: list[Column]) -> TableRow:
        """A row's quantity and unit price written in its description ("Code review 8.5 h @ 150.00", "Energy 412 kWh
        × 0.2831", "3 x 12,50"), where the table has no column of either for it: the figure before an "@", "x",
        "×" or "à" (a unit between them or not) and the price after it, where the one times the other gives the
        row's amount to the cent. The description stays as printed."""
        qn, pn, an, dn = _roles(columns)
        if not (qn and pn and an and dn) or row.cells.get(qn) or row.cells.get(pn) or not row.cells.get(an) \
                or not row.cells.get(dn) or row.cells[an][0].amount is None:
            return row
        amount = row.cells[an][0].amount
        spans = row.cells[dn]
        words = [(i, self.doc.words[i].text) for sp in spans for i in sp.word_indices]
        for k, (qi, qt) in enumerate(words):
            if not _INLINE_NUMBER.fullmatch(qt):
                continue
            rest = words[k + 1:k + 4]
            if rest and rest[0][1].lower() not in _INLINE_TIMES and _INLINE_UNIT.fullmatch(rest[0][1].lower()):
                rest = rest[1:]
            if len(rest) < 2 or rest[0][1].lower() not in _INLINE_TIMES:
                continue
            pi, pt = rest[1]
            for sep in (".", ","):
                q, p = parse_amount(qt, decimal_sep=sep), parse_amount(pt, decimal_sep=sep)
                if q and p and is_product(q, p, amount, Decimal(0)):
                    base = spans[0]
                    cells = {**row.cells,
                             qn: [base.model_copy(update={"word_indices": [qi], "text": qt, "amount": q,
                                                          "kinds": frozenset({SpanKind.QUANTITY})})],
                             pn: [base.model_copy(update={"word_indices": [pi], "text": pt, "amount": p,
                                                          "kinds": frozenset({SpanKind.AMOUNT})})]}
                    return dataclasses.replace(row, cells=cells)
        return row

    def _split_glued_quantity(self, row: TableRow, columns: list[Column]) -> TableRow:
        """A quantity printed close to the next column's number reads as one amount with a thousands group: "1
        473,58" in the price column, or "1 226,74" in the amount column where the quantity stands before the
        amount ("Price | Qty | Amount"), with nothing in the quantity's. Split it where quantity × price gives the
        row's amount."""
        qn, pn, an, _ = _roles(columns)
        if not (qn and pn and an) or row.cells.get(qn) or not row.cells.get(pn) or not row.cells.get(an):
            return row
        price, amount = row.cells[pn][0], row.cells[an][0]
        if price.amount is None or amount.amount is None or price.amount == amount.amount:
            return row
        for glued, other, into in ((price, amount, pn), (amount, price, an)):
            if len(glued.word_indices) < 2:
                continue
            head = self.doc.words[glued.word_indices[0]].text
            tail_idx = list(glued.word_indices[1:])
            tail = " ".join(self.doc.words[i].text for i in tail_idx)
            if not re.fullmatch(r"\d+(?:[.,]\d+)?", head):
                continue
            for sep in (",", "."):
                q, rest = parse_amount(head, decimal_sep=sep), parse_amount(tail, decimal_sep=sep)
                if not (q and rest and other.amount is not None):
                    continue
                p, a = (rest, other.amount) if into == pn else (other.amount, rest)
                if is_product(q, p, a):
                    cells = dict(row.cells)
                    cells[qn] = [glued.model_copy(update={"word_indices": [glued.word_indices[0]], "text": head,
                                                          "amount": q})]
                    cells[into] = [glued.model_copy(update={"word_indices": tail_idx, "text": tail, "amount": rest})]
                    return dataclasses.replace(row, cells=cells)
        return row

    @staticmethod
    def _row_consistent(row: TableRow, columns: list[Column]) -> bool:
        by = {c.concept: row.cells.get(c.name) for c in columns}
        q, p, a = by.get("quantity"), by.get("unit_price"), by.get("amount")
        if not (q and p and a) or None in (q[0].amount, p[0].amount, a[0].amount):
            return False
        return is_product(q[0].amount, p[0].amount, a[0].amount)


def _address_roles(model: type[BaseModel], parent: str) -> dict[str | None, str]:
    """An address model's field names by the concept each names (street's ``address``, ``city``, ``postal_code``)."""
    return {label_phrases(n, title=i.title, parent=parent)[0]: n for n, i in model.model_fields.items()}


def _roles(columns: list[Column]) -> tuple[str | None, str | None, str | None, str | None]:
    """The names of a row model's quantity, unit price, amount and description columns (None where it has none)."""
    name = {c.concept: c.name for c in columns}
    return name.get("quantity"), name.get("unit_price"), name.get("amount"), name.get("description")


def _priced(line: list[Span]) -> bool:
    """Whether a line holds a quantity, then a price, then an amount that is the quantity times the price."""
    figures = [s for s in line if s.amount is not None and not s.has(SpanKind.TEXT) and not s.has(SpanKind.DATE)
               and not s.has(SpanKind.PERCENT)]
    return any(p.amount != 0 and not p.has(SpanKind.INTEGER) and is_product(q.amount, p.amount, a.amount, Decimal(0))
               for i, q in enumerate(figures)
               for j, p in enumerate(figures[i + 1:], i + 1) for a in figures[j + 1:])


#: a postal code of figures alone, as a caption gives it ("CAP 73100", "PLZ 1010")
_BARE_CODE = re.compile(r"\d{4,6}")


#: a number's word after its caption: four characters or more, figures among them ("K20/960588", "PL-2024-77")
_CAPTIONED_NUMBER = re.compile(r"(?=[\w/.\-]*\d)[A-Za-z0-9][\w/.\-]{3,}")


def _caption_words(words: list[str], phrases: list[Phrase], concept: str) -> int:
    """How many of the first words (up to three, one word at least left after them) read as the field's caption
    outright; 0 where none do."""
    return next((k for k in range(min(3, len(words) - 1), 0, -1)
                 if label_score(label_tokens(" ".join(words[:k])), phrases, concept) >= 0.9), 0)


def _after_caption(found: Found, phrases: list[Phrase], concept: str) -> Found:
    """A name set so close after its caption that both are one span ("Naam Marieke Verhoeven", "Nome e cognome
    Serena Pellegrini"): the words after the caption (:func:`_caption_words`), where a name is left (two words
    or more in capitals, perhaps a short particle: "van der Veen"); else the value as found."""
    words = str(found.value).split()
    rest = words[_caption_words(words, phrases, concept):]
    if len(rest) < len(words) and rest[0][:1].isupper() and sum(w[:1].isupper() for w in rest) >= 2 \
            and all(w[:1].isupper() or len(w) <= 3 for w in rest):
        return Found(" ".join(rest), found.confidence, found.spans)
    return found


def _reads_carried(toks: tuple[str, ...], carried: list[Phrase], words: frozenset[str]) -> bool:
    """Whether a label a carried-forward phrase starts says nothing but that, and which page: "Transporte e
    montagem" and "Transporte de mercancía" (transport and assembly, carriage of goods) name an item. ``words``: the
    words of the phrases ``carried``."""
    if label_score(toks, carried) >= 0.8:
        return True
    return all(t in words or t in _PAGE_WORDS or t.isdigit() for t in toks)


class BaselineEngine(Engine):
    """Labels-and-patterns extraction over candidate spans (see the module docstring)."""

    name = "baseline"
    Options = BaselineOptions

    def extract_batch(self, requests: list[EngineRequest]) -> list[EngineResult]:
        return [self.read(r)[0] for r in requests]

    def _doc(self, request: EngineRequest) -> SpanDoc:
        opts = typing.cast(BaselineOptions, self.options)
        return SpanDoc(request.words, date_order=opts.date_order, gap_factor=opts.gap_factor,
                       min_label_score=opts.min_label_score, max_lines_below=opts.max_lines_below,
                       max_right_distance=opts.max_right_distance)

    def read(self, request: EngineRequest, *, captions: bool = False) -> tuple[EngineResult, set[frozenset[int]]]:
        """One reading of a document: the answer and, with ``captions``, the word sets of the spans that read as
        the label of one of the target's fields, as a caption any form prints (phone, date, signature) or as a
        recipient's caption ("Bill to", "Factuuradres"): text that names a field is never a field's value."""
        start = time.perf_counter()
        try:
            ex = _Extractor(self._doc(request))
            data = ex.model(request.target)  # sets the document's captions
            found: set[frozenset[int]] = set()
            if captions:
                by_index = {s.index: s for s in ex.doc.spans}
                recipient = {s.index for s, _ in ex.doc.labels(concept_phrases("customer"), "customer", floor=0.7)}
                found = {frozenset(by_index[i].word_indices) for i in ex.doc.captions | recipient}
            return EngineResult(id=request.id, data=data, fields=ex.fields,
                                stats=EngineStats(seconds=time.perf_counter() - start)), found
        except Exception as exc:  # one bad document must not stop the batch
            logger.exception("baseline failed on %s", request.id)
            return EngineResult(id=request.id, error_code="baseline.failed", error=f"{type(exc).__name__}: {exc}",
                                stats=EngineStats(seconds=time.perf_counter() - start)), set()
