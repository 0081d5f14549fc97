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

import enum
import functools
import itertools
import logging
import re
import time
import types
import typing
from collections import Counter
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from pydantic import BaseModel, Field
from pydantic.fields import FieldInfo

from engine.base import Engine, EngineOptions, EngineRequest, EngineResult, EngineStats, FieldResult, Word
from engine.dates import DateOrder
from engine.labels import Phrase, label_phrases, label_score, label_tokens, normalise, value_words
from engine.numbers import detect_currency
from engine.spans import Span, SpanKind, find_spans, value_of
from engine.tables import Column, TableRow, find_table

__all__ = ["BaselineEngine", "BaselineOptions"]

logger = logging.getLogger(__name__)

# Words of document titles ("Sales Invoice", "FACTURE", "Kopie factuur"): a short line with one is no name.
_TITLE_WORDS = frozenset(
    "invoice invoices rechnung factuur facture faktura factura fattura fatura receipt quittung kassenbon bon "
    "ticket copy kopie duplicate original summary statement page seite pagina credit note gutschrift "
    "creditnota avoir proforma pro forma bill".split())
# Legal forms, compared without dots: "B.V." → "bv", "Sp. z o.o." → "sp", "z", "oo".
_LEGAL_FORMS = frozenset(
    "inc incorporated ltd limited llc llp lp plc corp corporation co company gmbh ag kg ohg ug gbr ek bv nv vof "
    "cv bvba sa sas sasu sarl eurl snc spa srl sl slu sc spj oo kft sro oy ab aps bhd pte pvt lda".split())
_ADDRESSY = re.compile(r"@|www\.|https?:|^\+?\d[\d\s\-/()]{6,}$|\b\d{4,5}\b|^\d+\s?\w*\s|\b(tel|fax|phone)\b", re.I)
# Contact and registration lines end an address block.
_CONTACT = re.compile(r"(?i)^(tel|t[ée]l[ée]?fono?|phone|telefon|tlf|t|fax|e-?mail|mail|www|https?|ust|vat|tax|nif|"
                      r"cif|siret|siren|tva|ein|gst|gstin|p\.? ?iva|btw|kvk|steuer|nip|regon|abn|uid|mwst)\b|@|www\.")
_YES = frozenset("yes y ja j oui si tak true x sim da".split())
_NO = frozenset("no n nein non nee nie false".split())
_ID_WORDS = frozenset("number no nr id code ref reference iban vat policy account".split())
_LABEL_KINDS = frozenset({SpanKind.TEXT, SpanKind.LABEL})
_CAPTIONS = ("signature", "invoice_date", "total", "party", "customer", "name")


def _legal_form(text: str) -> bool:
    """Whether a name carries a legal form (Inc., GmbH, B.V., S.A., Sp. z o.o., ...)."""
    return bool(set(re.findall(r"[a-z]+", normalise(text).replace(".", ""))) & _LEGAL_FORMS)


def _option_text(line: list[Span], i: int) -> str:
    """The option a check box stands for: the text glued to it ("☒Travel") or the span after it."""
    m = re.fullmatch(r"(\[[^\]]?\]|\([^)]?\)|[xX]$|\W)+\s*(.*)", line[i].text.strip())
    glued = m.group(2).strip() if m else line[i].text.strip()
    if glued:
        return glued
    nxt = line[i + 1] if i + 1 < len(line) else None
    return nxt.text if nxt is not None and nxt.checked is None else ""


_POSTAL_FIRST = (r"\d{2}-\d{3}", r"\d{4}\s?[A-Z]{2}", r"[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}", r"(?:[A-Z]{1,2}-)?\d{4,5}")
_POSTAL_LAST = (r"(?:[A-Z]{2}\s)?(\d{5}(?:-\d{4})?)", r"([A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})")


def split_postal_city(text: str) -> tuple[str, str] | None:
    """(postal code, city) from a combined cell: "53761 Madison", "1071 HM Amsterdam", "67-344 Poznań",
    "BS1 8NY Bristol", "Madison, WI 53749"; None when it is not one."""
    t = " ".join(text.split())
    for pat in _POSTAL_FIRST:
        if m := re.fullmatch(rf"({pat}),?\s+(\D.*)", t):
            return m.group(1), m.group(2).strip(" ,")
    for pat in _POSTAL_LAST:
        if m := re.fullmatch(rf"(\D.*?),?\s+{pat}", t):
            return m.group(2), m.group(1).strip(" ,")
    return None


def _first_word(text: str) -> str:
    words = normalise(text).strip(" .:!?").split()
    return words[0] if words else ""


class BaselineOptions(EngineOptions):
    """Knobs of the baseline engine."""

    gap_factor: float = Field(2.0, gt=0, description="cell break: gap wider than this many characters")
    date_order: DateOrder | None = Field(None, description="DMY or MDY; None infers it per document")
    min_label_score: float = Field(0.35, ge=0, le=1, description="weakest label match that counts")
    max_lines_below: int = Field(3, ge=0, le=10, description="how far below a label a value may sit")
    max_right_distance: float = Field(0.85, gt=0, le=1, description="how far right of a label (page widths)")


@dataclass
class _Found:
    value: Any
    confidence: float
    spans: list[Span]


class _Doc:
    """The spans of one document with the lookups the rules need."""

    def __init__(self, words: list[Word], opts: BaselineOptions) -> None:
        self.words, self.opts = words, opts
        self.spans = find_spans(words, date_order=opts.date_order, gap_factor=opts.gap_factor)
        self.lines: dict[tuple[int, int], list[Span]] = {}
        for s in self.spans:
            self.lines.setdefault((s.page, s.line), []).append(s)
        self.line_keys = sorted(self.lines)
        self.line_pos = {k: i for i, k in enumerate(self.line_keys)}
        self.tokens = {s.index: label_tokens(s.text) for s in self.spans if s.kinds & _LABEL_KINDS}
        self.captions: set[int] = set()  # spans that label a field of the target (set by the extractor)

    def labels(self, phrases: list[Phrase], concept: str | None, floor: float | None = None) -> list[tuple[Span, float]]:
        floor = self.opts.min_label_score if floor is None else floor
        out = [(s, label_score(self.tokens[s.index], phrases, concept)) for s in self.spans if s.index in self.tokens]
        return sorted([(s, sc) for s, sc in out if sc >= floor], key=lambda t: -t[1])

    def labels_any(self, span: Span) -> bool:
        """Whether a span reads as the label of some common field (a signature or date caption, a total)."""
        toks = self.tokens.get(span.index, ())
        return span.has(SpanKind.LABEL) or any(label_score(toks, _phrases(c), c) >= 0.6 for c in _CAPTIONS)

    def is_caption(self, s: Span) -> bool:
        """A label: a colon label, or a text that reads as the label of one of the target's fields."""
        return s.has(SpanKind.LABEL) or s.index in self.captions

    def right_of(self, label: Span) -> list[Span]:
        out = []
        for s in self.lines[(label.page, label.line)]:
            if s.index > label.index and s.bbox[0] - label.bbox[2] <= self.opts.max_right_distance:
                if self.is_caption(s):
                    break
                out.append(s)
        return out

    def below(self, label: Span) -> list[tuple[int, list[Span]]]:
        """(distance in lines, spans overlapping the label horizontally) for the next lines of its page."""
        out = []
        pos = self.line_pos[(label.page, label.line)]
        for k, key in enumerate(self.line_keys[pos + 1: pos + 1 + self.opts.max_lines_below], start=1):
            if key[0] != label.page:
                break
            lo, hi = label.bbox[0] - 0.02, label.bbox[2] + 0.02
            over = [s for s in self.lines[key] if min(s.bbox[2], hi) > max(s.bbox[0], lo)]
            if over:
                out.append((k, over))
        return out

    def near(self, phrases: list[Phrase], concept: str | None, accept: typing.Callable[[Span], bool],
             largest: bool = False) -> list[_Found]:
        """Spans accepted by ``accept`` right of or below a matching label, scored by label and position
        (with ``largest``, the larger of several amounts right of one label ranks first)."""
        found: list[_Found] = []
        for label, ls in self.labels(phrases, concept):
            if accept(label) and not label.kinds <= _LABEL_KINDS:  # value glued to its label
                found.append(_Found(label, ls * 0.85, [label]))
            rights = self.right_of(label)
            ok = [x for x in rights if accept(x)]
            if largest:
                ok.sort(key=lambda x: -(x.amount or 0))
            for rank, s in enumerate(ok):
                found.append(_Found(s, ls * max(0.5, (0.9 if s is rights[0] or largest else 0.8) - 0.05 * rank),
                                    [label, s]))
            for dist, over in self.below(label):
                if any(self.is_caption(s) for s in over):
                    break  # the next label of a stack
                hits = [x for x in over if accept(x)]
                for s in hits:
                    found.append(_Found(s, ls * (0.85 - 0.1 * dist), [label, s]))
                if hits:
                    break
        return sorted(found, key=lambda f: -f.confidence)


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
    def __init__(self, doc: _Doc) -> None:
        self.doc = doc
        self.fields: dict[str, FieldResult] = {}
        self.table_lines: set[tuple[int, int]] = set()  # rows of tables already read

    def record(self, path: str, found: _Found | None) -> Any:
        if found is None or found.value is None:
            return None
        idx = list(found.spans[-1].word_indices) if found.spans else None  # the value's words, not its label's
        value = _json(found.value)
        self.fields[path] = FieldResult(path=path, value=value, confidence=round(min(0.99, found.confidence), 3),
                                        word_indices=idx)
        return value

    def captions(self, model: type[BaseModel], parent: str | None = None) -> set[int]:
        """Spans that read as the label of a scalar field of ``model`` (nested models included)."""
        out: set[int] = set()
        for name, info in model.model_fields.items():
            tp = _unwrap(info.annotation)[0]
            if _kind(tp) == "model":
                out |= self.captions(tp, name)
            elif _kind(tp) not in ("table", "list"):
                concept, phrases = label_phrases(name, title=info.title, parent=parent)
                out |= {s.index for s, _ in self.doc.labels(phrases, concept, floor=0.6)}
        return out

    def model(self, model: type[BaseModel], prefix: str = "", parent: str | None = None) -> dict[str, Any]:
        if not prefix:
            self.doc.captions = self.captions(model)
        out: dict[str, Any] = {}
        names = set(model.model_fields)
        for name, info in model.model_fields.items():  # tables first: their rows are no totals
            if _kind(_unwrap(info.annotation)[0]) == "table":
                out[name] = self.field(name, info, prefix, parent)
        amounts = {n for n in ("subtotal", "tax", "total") if n in names and _kind(_unwrap(
            model.model_fields[n].annotation)[0]) == "amount"}
        if "total" in amounts:
            for name, found in self.totals(amounts).items():
                out[name] = self.record(prefix + name, found)
        for name, info in model.model_fields.items():
            if name in out:
                continue
            out[name] = self.field(name, info, prefix, parent)
        return out

    def field(self, name: str, info: FieldInfo, prefix: str, parent: str | None) -> Any:
        tp, _ = _unwrap(info.annotation)
        kind = _kind(tp)
        extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
        concept, phrases = label_phrases(name, title=info.title, extra=list(extra.get("labels", []) or []),
                                         parent=parent)
        path = prefix + name
        if kind == "model":
            sub = self.model(tp, prefix=path + ".", parent=name)
            return sub if any(v is not None for v in sub.values()) else None
        if kind == "table":
            return self.table(path, typing.get_args(tp)[0])
        if kind == "list":
            return []
        if concept == "currency" or (isinstance(tp, type) and tp.__name__ == "CurrencyCode"):
            return self.record(path, self.currency(phrases))
        if concept == "party":
            return self.record(path, self.party(phrases, first_line=name.startswith("merchant")))
        if kind == "str" and name.endswith("address") and concept is None:
            party = self.fields.get(prefix + name.replace("address", "name"))
            return self.record(path, self.address_below(party) if party else None)
        found: _Found | None = None
        if kind == "date":
            found = self.first(self.doc.near(phrases, concept, lambda s: s.date is not None), "date")
            if found is None and concept == "invoice_date":  # the document's first date
                first = next((s for s in self.doc.spans if s.date is not None), None)
                found = _Found(first.date, 0.3, [first]) if first else None
        elif kind in ("amount", "int"):
            want = SpanKind.AMOUNT if kind == "amount" else SpanKind.INTEGER
            found = self.first(self.doc.near(phrases, concept, lambda s: s.has(want) and not s.has(SpanKind.DATE)),
                               "amount")
            if found and kind == "int":
                found.value = int(found.value)
        elif kind == "bool":
            found = self.boolean(phrases, concept)
        elif kind == "enum":
            found = self.choice(tp, phrases, concept)
        else:
            idlike = bool(set(name.split("_")) & _ID_WORDS) and concept not in ("postal_code", "city")
            accept = ((lambda s: bool(s.kinds & {SpanKind.IDENTIFIER, SpanKind.INTEGER})) if idlike
                      else (lambda s: not self.doc.is_caption(s) and not s.has(SpanKind.CHECKBOX)))
            found = self.first(self.doc.near(phrases, concept, accept), "text")
            if found is not None and concept in ("postal_code", "city"):
                found = self._postal_city(found, concept)
        return self.record(path, found)

    def _postal_city(self, found: _Found, concept: str) -> _Found:
        """From a "53761 Madison" / "Madison, WI 53749" cell, the postal code or the city."""
        split = split_postal_city(str(found.value))
        if split is None:
            return found
        part = split[0] if concept == "postal_code" else split[1]
        span = found.spans[-1]
        idx = [i for i in span.word_indices if self.doc.words[i].text.strip(",") in part.split()
               or part.startswith(self.doc.words[i].text)]
        return _Found(part, found.confidence * 0.9, [span.model_copy(update={"word_indices": idx or
                                                                              span.word_indices})])

    @staticmethod
    def first(cands: list[_Found], what: str) -> _Found | None:
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
        return _Found(value, best.confidence, best.spans)

    # ----------------------------------------------------------------- totals

    def totals(self, names: set[str]) -> dict[str, _Found | None]:
        def amount(s: Span) -> bool:
            return s.amount is not None and s.has(SpanKind.AMOUNT) and not s.has(SpanKind.DATE) \
                and not s.has(SpanKind.QUANTITY) and (s.page, s.line) not in self.table_lines

        cands: dict[str, list[_Found | None]] = {}
        for name in names:
            concept, phrases = label_phrases(name)
            found = self.doc.near(phrases, concept, amount, largest=name == "total")
            seen: set[int] = set()
            unique = [f for f in found if not (f.value.index in seen or seen.add(f.value.index))]
            cands[name] = list(unique[:6]) + ([None] if name != "total" or not unique else [])
        order = sorted(names)
        best, best_score = None, float("-inf")
        for combo in itertools.product(*(cands[n] for n in order)):
            pick = dict(zip(order, combo, strict=True))
            used = [f.value.index for f in combo if f is not None]
            if len(used) != len(set(used)):
                continue
            score = sum(f.confidence for f in combo if f is not None) + self._agreement(pick)
            if score > best_score:
                best, best_score = pick, score
        result: dict[str, _Found | None] = {}
        bonus = 0.1 if best and self._agreement(best) > 0.3 else 0.0
        for name in order:
            f = best.get(name) if best else None
            result[name] = _Found(f.value.amount, min(0.99, f.confidence + bonus), f.spans) if f else None
        if result.get("total") is None:
            money = [s for s in self.doc.spans if amount(s) and s.currency] or [s for s in self.doc.spans if amount(s)]
            if money:
                top = max(money, key=lambda s: s.amount)
                result["total"] = _Found(top.amount, 0.25, [top])
        return result

    @staticmethod
    def _agreement(pick: dict[str, _Found | None]) -> float:
        sub, tax, tot = (pick.get(n).value.amount if pick.get(n) else None for n in ("subtotal", "tax", "total"))
        score = 0.0
        if sub is not None and tax is not None and tot is not None:
            score += 0.6 if abs(sub + tax - tot) <= Decimal("0.011") else -0.2
        if tot is not None and ((sub is not None and sub > tot + Decimal("0.01")) or (tax is not None and tax >= tot > 0)):
            score -= 0.6
        return score

    # ----------------------------------------------------------------- party, address, currency

    def party(self, phrases: list[Phrase], first_line: bool) -> _Found | None:
        def text(s: Span) -> bool:
            return s.has(SpanKind.TEXT) and sum(c.isalpha() for c in s.text) >= 3 and self._name_like(s)

        labelled = self.doc.near(phrases, "party", text)
        if labelled and labelled[0].confidence >= 0.5:
            f = labelled[0]
            return _Found(f.value.text.strip(" ,;"), min(0.8, f.confidence), f.spans)
        customer = self._customer_block()
        domains = " ".join(m.group(1).lower() for w in self.doc.words
                           if (m := re.search(r"(?:@|www\.|https?://)([\w.-]+)", w.text)))
        heights = sorted(self.doc.words[i].bbox[3] - self.doc.words[i].bbox[1] for s in self.doc.spans
                         for i in s.word_indices) or [0.0]
        median = heights[len(heights) // 2] or 1.0
        counts = Counter(s.text.strip(" ,;").lower() for s in self.doc.spans)
        # the issuer sits above the first table row (a line with two amounts)
        table_top = next((s.bbox[1] for key in self.doc.line_keys if key[0] == 0
                          for s in self.doc.lines[key][:1]
                          if sum(x.has(SpanKind.AMOUNT) and x.kinds.isdisjoint({SpanKind.INTEGER, SpanKind.QUANTITY})
                                 for x in self.doc.lines[key]) >= 2), 0.4)
        best, best_score = None, float("-inf")
        for s in self.doc.spans:
            if s.page != 0 or s.bbox[1] >= min(0.4, table_top) or not text(s) or s.index in customer:
                continue
            h = max(self.doc.words[i].bbox[3] - self.doc.words[i].bbox[1] for i in s.word_indices) / median
            if first_line:
                score = -s.bbox[1] * 10 + 0.3 * h
            else:
                first_word = normalise(s.text.split()[0]).strip(",.;:")
                score = h + 0.6 * (1 - s.bbox[1]) + (0.5 if _legal_form(s.text) else 0.0) \
                    + (0.3 if counts[s.text.strip(" ,;").lower()] > 1 else 0.0) \
                    + (0.6 if len(first_word) >= 3 and first_word in domains else 0.0)
            if score > best_score:
                best, best_score = s, score
        return _Found(best.text.strip(" ,;"), 0.45, [best]) if best else None

    def _customer_block(self) -> set[int]:
        """Spans of the addressee block: under a "Bill to"/"Kunde"/"Nabywca" label, up to five lines down."""
        out: set[int] = set()
        for label, _ in self.doc.labels(_phrases("customer"), "customer", floor=0.6):
            pos = self.doc.line_pos[(label.page, label.line)]
            out |= {s.index for s in self.doc.lines[(label.page, label.line)] if s.index > label.index}
            for key in self.doc.line_keys[pos + 1: pos + 6]:
                out |= {s.index for s in self.doc.lines[key]
                        if min(s.bbox[2], label.bbox[2] + 0.15) > max(s.bbox[0], label.bbox[0] - 0.02)}
        return out

    def _name_like(self, s: Span) -> bool:
        toks = self.doc.tokens.get(s.index, ())
        if (not toks or (len(toks) <= 3 and set(toks) & _TITLE_WORDS) or _ADDRESSY.search(s.text) or len(s.text) > 60
                or s.text.lstrip()[:1] in "(*[" or not any(c.isupper() for c in s.text)):
            return False
        if s.text.rstrip()[-1:] in ".!?" and len(s.text.split()) >= 3 and not _legal_form(s.text):
            return False  # a sentence or a slogan
        for concept in ("invoice_number", "invoice_date", "due_date", "total", "subtotal", "tax", "customer",
                        "party"):
            if label_score(toks, _phrases(concept), concept) >= 0.6:
                return False
        return True

    def address_below(self, party: FieldResult) -> _Found | None:
        spans = [self.doc.spans[i] for i in range(len(self.doc.spans))
                 if party.word_indices and set(self.doc.spans[i].word_indices) & set(party.word_indices)]
        if not spans:
            return None
        anchor, parts = spans[0], []
        pos = self.doc.line_pos[(anchor.page, anchor.line)]
        for key in self.doc.line_keys[pos + 1: pos + 4]:
            over = [s for s in self.doc.lines[key] if min(s.bbox[2], anchor.bbox[2] + 0.1) > max(s.bbox[0], anchor.bbox[0] - 0.1)]
            if (not over or not all(s.has(SpanKind.TEXT) for s in over) or key[0] != anchor.page
                    or any(_CONTACT.search(s.text) for s in over)):
                break
            parts += over
        if not parts:
            return None
        return _Found(", ".join(s.text.strip(" ,") for s in parts), 0.4, parts)

    def currency(self, phrases: list[Phrase]) -> _Found | None:
        labelled = self.doc.near(phrases, "currency", lambda s: s.currency is not None)
        if labelled and labelled[0].confidence >= 0.6:
            return _Found(labelled[0].value.currency, 0.9, labelled[0].spans)
        with_code = [s for s in self.doc.spans if s.currency]
        if with_code:
            counts = Counter(s.currency for s in with_code)
            code, n = counts.most_common(1)[0]
            first = next(s for s in with_code if s.currency == code)
            return _Found(code, 0.9 if n >= 2 and len(counts) == 1 else 0.7, [first])
        for i, w in enumerate(self.doc.words):
            code = detect_currency(w.text)
            if code:
                span = next(s for s in self.doc.spans if i in s.word_indices)
                return _Found(code, 0.5, [span])
        return None

    # ----------------------------------------------------------------- booleans, enums

    def _boxes_near(self, label: Span) -> list[tuple[Span, str]]:
        """Check boxes on the label's line and the next, each with the option text beside it."""
        pos = self.doc.line_pos[(label.page, label.line)]
        out = []
        for key in self.doc.line_keys[pos: pos + 2]:
            line = self.doc.lines[key]
            out += [(s, _option_text(line, i)) for i, s in enumerate(line) if s.checked is not None]
        return out

    def boolean(self, phrases: list[Phrase], concept: str | None) -> _Found | None:
        labels = self.doc.labels(phrases, concept, floor=0.4)
        if concept == "signature":
            return self.signature(labels)
        for label, ls in labels:
            boxes = self._boxes_near(label)
            for box, option in boxes:
                word = _first_word(option)
                if box.checked and word in _YES:
                    return _Found(True, ls * 0.9, [box])
                if box.checked and word in _NO:
                    return _Found(False, ls * 0.9, [box])
            if len(boxes) == 1 and not label_tokens(boxes[0][1]):
                return _Found(bool(boxes[0][0].checked), ls * 0.8, [boxes[0][0]])
            if boxes and all(not b.checked for b, _ in boxes):
                return _Found(False, ls * 0.6, [boxes[0][0]])
            rights = [s for s in self.doc.right_of(label) if s.checked is None]
            if rights and (word := _first_word(rights[0].text)) in _YES | _NO:
                return _Found(word in _YES, ls * 0.8, [rights[0]])
        return None

    def signature(self, labels: list[tuple[Span, float]]) -> _Found | None:
        """Signed when a name or mark sits beside, above or below a signature label; not signed when the
        signature labels have nothing near them."""
        if not labels:
            return None
        for label, ls in labels:
            boxes = self._boxes_near(label)
            if len(boxes) == 1:
                return _Found(bool(boxes[0][0].checked), ls * 0.8, [boxes[0][0]])
            pos = self.doc.line_pos[(label.page, label.line)]
            near = list(self.doc.right_of(label))
            for key in self.doc.line_keys[max(0, pos - 1): pos] + self.doc.line_keys[pos + 1: pos + 2]:
                if key[0] == label.page:
                    near += [s for s in self.doc.lines[key]
                             if min(s.bbox[2], label.bbox[2] + 0.02) > max(s.bbox[0], label.bbox[0] - 0.02)]
            for s in near:
                text = s.text.strip(" _.")
                if (s.has(SpanKind.TEXT) and sum(c.isalpha() for c in text) >= 2 and len(text.split()) <= 5
                        and not text.endswith((".", "?", "!")) and not self.doc.labels_any(s)):
                    return _Found(True, ls * 0.6, [s])
        return _Found(False, 0.4, [labels[0][0]])

    def choice(self, tp: Any, phrases: list[Phrase], concept: str | None) -> _Found | None:
        values = list(typing.get_args(tp)) if typing.get_origin(tp) is typing.Literal else [m.value for m in tp]
        words = {v: value_words(str(v)) for v in values}
        if typing.get_origin(tp) is not typing.Literal:
            for m in tp:
                words[m.value] |= value_words(m.name)

        def match(text: str) -> Any:
            toks = label_tokens(text)
            return next((v for v, ws in words.items() if toks and toks[0] in ws), None)

        labels = self.doc.labels(phrases, concept, floor=0.4)
        for label, ls in labels:
            for box, option in self._boxes_near(label):
                if box.checked and (v := match(option)) is not None:
                    return _Found(v, ls * 0.9, [box])
        for s in self.doc.spans:  # a ticked option anywhere
            if s.checked:
                line = self.doc.lines[(s.page, s.line)]
                if (v := match(_option_text(line, line.index(s)))) is not None:
                    return _Found(v, 0.5, [s])
        for label, ls in labels:
            for s in self.doc.right_of(label)[:1]:
                if (v := match(s.text)) is not None:
                    return _Found(v, ls * 0.8, [s])
        return None

    # ----------------------------------------------------------------- tables

    def table(self, path: str, row_model: type[BaseModel]) -> list[dict[str, Any]]:
        columns = []
        for name, info in row_model.model_fields.items():
            concept, phrases = label_phrases(name, title=info.title)
            columns.append(Column(name, phrases, _kind(_unwrap(info.annotation)[0]) in ("amount", "int"), concept))
        stop_phr = {c: _phrases(c) for c in ("total", "tax", "subtotal")}
        sub_phr = _phrases("subtotal")

        def has_amount(line: list[Span]) -> bool:
            return any(s.has(SpanKind.AMOUNT) and not s.has(SpanKind.INTEGER) for s in line)

        def totals_labels(line: list[Span], floor: float) -> int:
            return sum(any(label_score(self.doc.tokens[s.index], p, c) >= floor for c, p in stop_phr.items())
                       for s in line if s.index in self.doc.tokens)

        def is_stop(line: list[Span]) -> bool:
            """A total or tax line with its amount, or a row of totals labels with the amounts below."""
            first = [s for s in line[:3] if s.index in self.doc.tokens]
            if has_amount(line) and any(label_score(self.doc.tokens[s.index], p, c) >= 0.6 for s in first
                                        for c, p in stop_phr.items() if c != "subtotal"):
                return True
            return not has_amount(line) and totals_labels(line, 0.6) >= 2

        carried = _phrases("carried")

        def is_skip(line: list[Span]) -> bool:
            """A subtotal or a carried-forward line inside the table."""
            return any(label_score(self.doc.tokens[s.index], sub_phr, "subtotal") >= 0.55
                       or label_score(self.doc.tokens[s.index], carried) >= 0.55
                       for s in line[:3] if s.index in self.doc.tokens)

        rows: list[TableRow] = find_table(self.doc.spans, self.doc.words, columns, is_stop, is_skip)
        self.table_lines |= {row.line for row in rows}
        out = []
        for r, row in enumerate(rows):
            item: dict[str, Any] = {}
            consistent = self._row_consistent(row, columns)
            for col in columns:
                spans = row.cells.get(col.name)
                if not spans:
                    item[col.name] = None
                    continue
                value: Any = (" ".join(s.text for s in spans) if not col.numeric else spans[0].amount)
                conf = 0.6 + (0.2 if consistent else 0.0)
                item[col.name] = self.record(f"{path}[{r}].{col.name}", _Found(value, conf, [_merge(spans)]))
            out.append(item)
        return out

    @staticmethod
    def _row_consistent(row: TableRow, columns: list[Column]) -> bool:
        by = {c.concept: row.cells.get(c.name) for c in columns}
        q, p, a = by.get("quantity"), by.get("unit_price"), by.get("amount")
        if not (q and p and a) or None in (q[0].amount, p[0].amount, a[0].amount):
            return False
        return abs(q[0].amount * p[0].amount - a[0].amount) <= max(Decimal("0.01"), abs(a[0].amount) / 200)


@functools.lru_cache(maxsize=64)
def _phrases(name: str) -> list[Phrase]:
    return label_phrases(name)[1]


def _merge(spans: list[Span]) -> Span:
    """One span standing for several (their words), to record a multi-span value."""
    if len(spans) == 1:
        return spans[0]
    return spans[0].model_copy(update={"word_indices": [i for s in spans for i in s.word_indices]})


class BaselineEngine(Engine):
    """Labels-and-patterns extraction over candidate spans (see the module docstring)."""

    name = "baseline"
    Options = BaselineOptions

    def extract_batch(self, requests: list[EngineRequest]) -> list[EngineResult]:
        return [self._extract(r) for r in requests]

    def _extract(self, request: EngineRequest) -> EngineResult:
        start = time.perf_counter()
        opts = typing.cast(BaselineOptions, self.options)
        try:
            ex = _Extractor(_Doc(request.words, opts))
            data = ex.model(request.target)
            return EngineResult(id=request.id, data=data, fields=ex.fields,
                                stats=EngineStats(seconds=time.perf_counter() - start))
        except Exception as exc:  # one bad document must not stop the batch
            logger.exception("baseline failed on %s", request.id)
            return EngineResult(id=request.id, error_code="baseline.failed", error=f"{type(exc).__name__}: {exc}",
                                stats=EngineStats(seconds=time.perf_counter() - start))
